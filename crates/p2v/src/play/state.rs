//! The state of a game: the phase of the set-up or of the round, every
//! creature's condition and place, the objectives, the victory points and
//! the pending work of the turn (strikes, damage, checks, reactions).
//!
//! Everything here is plain data that serialises; the battlefield the
//! geometry answers questions on is derived from it and rebuilt on demand
//! ([`FieldCache`]), so a state read from a file or a record continues
//! exactly.

use super::damage::Damage;
use super::objective::Objective;
use arbiter_core::resolve::{Effects, Pending, Window};
use arbiter_geometry::battle::{Battlefield, Cover, FigureId, Reach, Square, Traits};
use serde::{Deserialize, Serialize};
use std::hash::{Hash, Hasher};
use std::sync::{Arc, Mutex, OnceLock, PoisonError};

/// Where a creature stands in the story of the battle.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Life {
    /// Not yet deployed.
    Waiting,
    /// On the board, above 0 HP.
    Up,
    /// At 0 HP or lower: helpless and prone, making recovery checks.
    Dying,
    /// Removed from play.
    Eliminated,
}

/// Conditions, one bit each ("by default creatures lose every condition at
/// the end of their turn").
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Conditions(pub u16);

impl Conditions {
    /// Off-guard: −2 Armor.
    pub const OFF_GUARD: Conditions = Conditions(1);
    /// Rattled: −2 Fight and Power.
    pub const RATTLED: Conditions = Conditions(1 << 1);
    /// Sickened: −2 saving throws.
    pub const SICKENED: Conditions = Conditions(1 << 2);
    /// Slowed: no reactions, one fewer AP next turn.
    pub const SLOWED: Conditions = Conditions(1 << 3);
    /// Stunned: no reactions, no AP next turn.
    pub const STUNNED: Conditions = Conditions(1 << 4);
    /// Immobilized: cannot move willingly.
    pub const IMMOBILIZED: Conditions = Conditions(1 << 5);
    /// Grabbed: immobilized and off-guard.
    pub const GRABBED: Conditions = Conditions(1 << 6);
    /// Encumbered: −2 Speed, no Flight, Burrowing or Wall Climb.
    pub const ENCUMBERED: Conditions = Conditions(1 << 7);

    /// The names of the conditions, by bit.
    pub const NAMES: [&'static str; 8] =
        ["off-guard", "rattled", "sickened", "slowed", "stunned", "immobilized", "grabbed", "encumbered"];

    /// Without `c`.
    pub fn without(self, c: Conditions) -> Conditions {
        Conditions(self.0 & !c.0)
    }

    /// The condition with a name.
    pub fn named(name: &str) -> Option<(u8, Conditions)> {
        let n = name.trim().to_ascii_lowercase().replace(' ', "-");
        Conditions::NAMES.iter().position(|x| *x == n).map(|i| (i as u8, Conditions(1 << i)))
    }

    /// Whether every condition of `c` is here.
    pub fn has(self, c: Conditions) -> bool {
        self.0 & c.0 == c.0
    }
    /// With `c` added.
    pub fn with(self, c: Conditions) -> Conditions {
        Conditions(self.0 | c.0)
    }
    /// True when none.
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }
}

/// One creature in play.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Creature {
    /// Its space's lower-left square, while on the board.
    pub at: Option<Square>,
    /// Its life.
    pub life: Life,
    /// Current HP (0 or lower while dying).
    pub hp: i32,
    /// Temporary HP.
    pub temp_hp: i32,
    /// Prone (a combat status: it stays until the creature stands).
    pub prone: bool,
    /// Conditions, lost at the end of its turn.
    pub conditions: Conditions,
    /// Persistent damage by type, in points.
    pub persistent: Vec<(u8, u16)>,
    /// True once it has taken its turn this round.
    pub done: bool,
    /// True once it has taken a reaction since its last turn began.
    pub reacted: bool,
    /// Hero points left.
    pub hero_points: u8,
    /// True once a hero point has been spent before a recovery check: it
    /// passes every recovery check of this battle.
    pub sure_recovery: bool,
    /// Uses left of each weapon with limited uses (by weapon index).
    pub uses: Vec<u8>,
    /// Uses left of each power with limited uses (by power index).
    #[serde(default)]
    pub power_uses: Vec<u8>,
    /// How many times it has used its Shield Block.
    #[serde(default)]
    pub blocks: u8,
    /// True once its Construct Armor has broken (its resistance lost, its
    /// Armor reduced).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub armor_broken: bool,
    /// True while it has pulled into its shell (Take Cover).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub sheltered: bool,
    /// True from its Ready until it takes the readied action or its next turn.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub readied: bool,
    /// Who grabbed it last (by Grapple or a hit's grab); it holds while it
    /// is grabbed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub grabbed_by: Option<u8>,
    /// White hairs pulled out of it (White Hairs).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub hairs_lost: u8,
    /// Where it was eliminated, for looting.
    pub fell_at: Option<Square>,
    /// Its commander while it is a minion (a commander's minion from the
    /// start, or a mount under its rider): it acts in that creature's turn
    /// ([`super::party`]).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub commander: Option<u8>,
    /// The creature it rides, while mounted ([`super::party`]).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub riding: Option<u8>,
    /// The creature whose haven holds it, out of play (Healing Haven; ruling P2V-R147).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub haven: Option<u8>,
    /// The objective it is, in disguise (Tempting Disguise): a secret of its
    /// owner's, stripped from the other seat's observation ([`super::disguise`]).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub disguise: Option<u8>,
    /// The creature that swallowed it (Swallow Whole): it shares that
    /// creature's space, off the board, and nothing targets it
    /// ([`super::swallow`]; ruling P2V-R163).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub swallowed_by: Option<u8>,
    /// The obstacle it is, in disguise (False Object), by the lower-left
    /// square of the obstacle's block: a secret of its owner's, stripped
    /// from the other seat's observation ([`super::object`]).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub hidden: Option<Square>,
}

/// What the creature taking its turn has done so far this turn.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Turn {
    /// The creature.
    pub who: u8,
    /// Action points left.
    pub ap: u8,
    /// Actions so far that included a Fight roll (the multiple attack penalty).
    pub attacks: u8,
    /// Movement left over from the last action, if it was a Stride or Step
    /// ("If a creature Strides or Steps two or more times consecutively,
    /// they add up all the available movement").
    pub carry: u8,
    /// Whether its next diagonal counts 2 ("tracked across all of their
    /// movement during their turn").
    pub odd_diagonal: bool,
    /// Weapons used this turn that may be used once per turn (a bit each).
    pub once: u32,
    /// Powers used this turn that may be used once per turn (free actions
    /// and ●○ powers; a bit each).
    #[serde(default)]
    pub once_powers: u32,
    /// Whether it has moved at least 1 square this turn (Evasive Swarm).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub moved: bool,
}

/// Where the game stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "phase")]
pub enum Phase {
    /// A seat lays a terrain tile (the map `tiles`); `left` remain to lay,
    /// this one included.
    PlaceTile {
        /// Who lays.
        seat: u8,
        /// How many remain, this one included.
        left: u8,
    },
    /// Dice: 2d6, keep the higher — how many objectives.
    ObjectiveCount,
    /// A seat places an objective; `left` remain to place.
    PlaceObjective {
        /// Who places.
        seat: u8,
        /// How many remain, this one included.
        left: u8,
    },
    /// The owner of a creature with Tempting Disguise places one more
    /// objective ("place one additional objective"; ruling P2V-R91).
    ExtraObjective {
        /// The creature with Tempting Disguise.
        who: u8,
    },
    /// The owner of a creature with Tempting Disguise picks, in secret,
    /// which objective is the creature (ruling P2V-R91).
    Disguise {
        /// The creature with Tempting Disguise.
        who: u8,
    },
    /// The owner of a creature with False Object places one more obstacle,
    /// of the creature's size (ruling P2V-R167).
    PlaceObject {
        /// The creature with False Object.
        who: u8,
    },
    /// The owner of a creature with False Object picks, in secret, which
    /// obstacle of its size is the creature (ruling P2V-R167).
    Hide {
        /// The creature with False Object.
        who: u8,
    },
    /// Dice: the d6 of creature `who`'s Trail of Bodies (ruling P2V-R166).
    TrailRoll {
        /// The creature with Trail of Bodies.
        who: u8,
    },
    /// A seat places a body of creature `who`'s trail; `left` remain, this
    /// one included (the seats alternate, its owner first).
    PlaceBody {
        /// Who places.
        seat: u8,
        /// The creature with Trail of Bodies.
        who: u8,
        /// How many remain, this one included.
        left: u8,
    },
    /// Dice: a d20 each for the deployment roll-off.
    DeployRoll,
    /// A seat chooses its deployment zone.
    ChooseZone {
        /// Who chooses.
        seat: u8,
    },
    /// A seat places its creatures in its zone, one decision each.
    Deploy {
        /// Who places.
        seat: u8,
    },
    /// Dice: a d6 each to see who goes first in round 1.
    FirstRoll,
    /// A seat chooses which creature to activate.
    Activate {
        /// Who chooses.
        seat: u8,
    },
    /// A creature takes its turn.
    Turn(Turn),
    /// Between decisions: the pending stack is working (round end, turn end).
    Busy,
    /// The game has ended.
    Over,
}

/// A strike on its way: who strikes whom with what, and its penalties.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Strike {
    /// The attacker.
    pub attacker: u8,
    /// The target (it may change after a cover check).
    pub target: u8,
    /// The weapon, by index into the attacker's weapons.
    pub weapon: u8,
    /// The sum of the penalties fixed when it was declared (multiple
    /// attack, range, ranged in melee, prone), negative.
    pub penalty: i8,
    /// True for a reaction (Attack of Opportunity).
    pub reaction: bool,
    /// Squares a hit pushes the target away (Shield Push: "On a hit, the
    /// target is pushed 2 squares"); 0 for none.
    #[serde(default)]
    pub push: u8,
    /// The compound action it is a step of, by power index: a hit adds that
    /// action's `hit` and lets a chained action go on.
    #[serde(default)]
    pub of: Option<u8>,
    /// A Liberating Strike: a hit frees the ally its target tries to grab.
    #[serde(default)]
    pub frees: bool,
    /// True once the target braced against it as a reaction (Catch Rock:
    /// "+4 Armor … against that attack"; ruling P2V-R44).
    #[serde(default)]
    pub caught: bool,
}

/// A Trip, Shove or Grapple on its way.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Maneuver {
    /// Who makes it.
    pub attacker: u8,
    /// At whom.
    pub target: u8,
    /// 0 Trip, 1 Shove, 2 Grapple.
    pub kind: u8,
    /// The penalties to the Fight roll (multiple attack, prone).
    pub penalty: i8,
    /// For a Shove: where the target goes if it fails.
    pub to: Option<Square>,
}

impl Maneuver {
    /// The action's name.
    pub fn name(&self) -> &'static str {
        ["Trip", "Shove", "Grapple"][usize::from(self.kind.min(2))]
    }
    /// The save it calls for.
    pub fn save(&self) -> &'static str {
        if self.kind == 0 { "Reflex" } else { "Fortitude" }
    }
}

/// Damage about to be dealt.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Hit {
    /// Who takes it.
    pub target: u8,
    /// Who deals it, if a creature.
    pub source: Option<u8>,
    /// How much and of what types (doubled already for a critical hit).
    pub damage: Damage,
    /// Whether a strike dealt it (a dying creature then makes a recovery check).
    pub strike: bool,
    /// Whether an area dealt it (area weakness).
    pub area: bool,
    /// Whether a critical hit dealt it (it breaks a construct's armor).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub critical: bool,
    /// Whether an ally defended its target: no weakness applies (Defend
    /// the Friends; ruling P2V-R148).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub defended: bool,
}

/// What opened a reaction window.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Trigger {
    /// `mover` stepped out of the reach of `reactor`, which has Reactive Strike.
    LeftReach {
        /// Who moved.
        mover: u8,
        /// Who may strike.
        reactor: u8,
    },
    /// `attacker` is about to make a ranged strike within the reach of `reactor`.
    RangedInReach {
        /// Who shoots.
        attacker: u8,
        /// Who may strike.
        reactor: u8,
    },
    /// `caster` casts a spell within the reach of `reactor`, which has
    /// Attack of Opportunity ("If a creature within your reach casts a spell").
    Casts {
        /// Who casts.
        caster: u8,
        /// Who may strike.
        reactor: u8,
    },
    /// `who` starts its turn where `reactor` may answer with a power
    /// (Petrifying Glance).
    TurnStart {
        /// Whose turn starts.
        who: u8,
        /// Who may react.
        reactor: u8,
        /// The reactor's power, by index.
        power: u8,
    },
    /// `attacker` hit `target` with a weapon whose hit may give conditions
    /// for 1 more AP (the Grindylow's Tentacle).
    Spend {
        /// Who hit.
        attacker: u8,
        /// Who was hit.
        target: u8,
        /// The weapon, by index.
        weapon: u8,
    },
    /// `who` fell prone, and its reaction crashing down may follow (Timber).
    Fell {
        /// Who fell.
        who: u8,
        /// Its power with `when = "prone"`.
        power: u8,
    },
    /// `who` succeeded at a save against a spell of the tradition its free
    /// action answers (Primal Sink).
    Sink {
        /// Who saved.
        who: u8,
    },
    /// `who` Strode, and its reaction to its own Stride may follow
    /// (Vanishing Leap).
    Strode {
        /// Who strode.
        who: u8,
    },
    /// `attacker`'s melee weapon critically hit `who`, whose reaction gives
    /// it conditions (Amber Tomb).
    Retort {
        /// Who was hit.
        who: u8,
        /// Who struck.
        attacker: u8,
    },
    /// `held`, grabbed by `who` within its reach, took damage that lets
    /// `who` heal (Parasitic Rejuvenation).
    Rejuvenate {
        /// Who may heal.
        who: u8,
        /// The creature it holds.
        held: u8,
    },
    /// `ally` is about to take damage that `who`, within reach, may shield
    /// it from (Defend the Friends).
    Defend {
        /// Who may defend.
        who: u8,
        /// The ally about to take damage.
        ally: u8,
    },
    /// `who` is about to take damage its Shield Block may reduce.
    ShieldBlock {
        /// Who may block.
        who: u8,
    },
    /// `who` has just been reduced to 0 HP or below and may use Ferocity.
    Ferocity {
        /// Who.
        who: u8,
        /// Whether it was prone before it fell (Ferocity undoes the fall).
        was_prone: bool,
    },
    /// A d20 was rolled (held below the window) that `who` may spend a hero
    /// point to have rolled again: its own roll, or (when `who` is not the
    /// `roller`) the Fight roll of a strike against it.
    Reroll {
        /// Who may spend the hero point.
        who: u8,
        /// Who made the roll.
        roller: u8,
        /// The die rolled.
        die: u8,
    },
    /// `who` has readied and may take its readied action now.
    Readied {
        /// The readied creature.
        who: u8,
    },
    /// `by`, of another warband, is within 2 squares of an obstacle that
    /// `who`, in a False Object disguise, may be: it may leave its disguise
    /// and Strike or Stride (ruling P2V-R167).
    Ambush {
        /// The creature in disguise.
        who: u8,
        /// The creature that came near.
        by: u8,
    },
    /// `who`, dying, is about to make a recovery check and may spend a
    /// hero point to pass it and every later one.
    Recovery {
        /// The dying creature.
        who: u8,
    },
    /// `attacker` hit `target` with a strike that lets it spend 1 AP to grab
    /// ("On a hit it may spend 1 AP to grab the target"); asked of the attacker.
    Grab {
        /// Who hit.
        attacker: u8,
        /// Whom.
        target: u8,
    },
    /// A melee strike of `attacker` hit `who`, whose reaction `power` deals
    /// damage back (Thunderbird Tuft).
    Retaliate {
        /// Who was hit.
        who: u8,
        /// Who struck.
        attacker: u8,
        /// The reaction power.
        power: u8,
    },
    /// `who` took damage that lets it strike a random creature within
    /// reach (Furious Flailing).
    Flail {
        /// Who may react.
        who: u8,
    },
    /// `grabber` tries to grab `ally`, whom `reactor` may strike to free
    /// (Liberating Strike).
    Liberate {
        /// Who may strike.
        reactor: u8,
        /// Who tries to grab.
        grabber: u8,
        /// Whom it tries to grab.
        ally: u8,
    },
    /// A critical hit landed on `who`, which chooses the use it regains
    /// (Stoke the Volcano).
    Regain {
        /// Who regains.
        who: u8,
    },
    /// `who` lost a white hair to `puller` and may answer with Denuded
    /// Outrage: strike the puller, or Escape.
    Outrage {
        /// The creature that lost the hair.
        who: u8,
        /// Who pulled it.
        puller: u8,
    },
    /// `who` is the target of a strike it may brace against (Catch Rock),
    /// from `attacker`.
    Catch {
        /// The target, who may react.
        who: u8,
        /// Who strikes.
        attacker: u8,
    },
    /// `target` failed a save (held below the window) that `reactor` may
    /// have it roll again, keeping the better die (Distracting Frolic).
    Retry {
        /// Who may react.
        reactor: u8,
        /// Who failed the save.
        target: u8,
        /// The die rolled.
        die: u8,
    },
}

/// Where an effect that a target may save against comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "from")]
pub enum Source {
    /// A power of the user, by index among its powers.
    Power {
        /// The power.
        power: u8,
    },
    /// What a hit with a weapon adds to its damage, by weapon index.
    Rider {
        /// The weapon.
        weapon: u8,
    },
    /// What a hit of a compound action's strike adds (its `hit`), by power index.
    Step {
        /// The compound action.
        power: u8,
    },
    /// A strike's own damage, which a save halves or negates (`Stinger`).
    Strike {
        /// The weapon.
        weapon: u8,
        /// The damage the hit deals (doubled already for a critical hit).
        damage: Damage,
    },
}

/// An effect on one creature, waiting for its save if it allows one.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Affect {
    /// Who uses the power or made the strike.
    pub user: u8,
    /// Who it affects.
    pub target: u8,
    /// What it is.
    pub source: Source,
    /// True once its cover checks are behind it (a power that targets Reflex).
    #[serde(default)]
    pub covered: bool,
}

/// Pending work, in the game's words.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "frame")]
pub enum Frame {
    /// Dice: the d6 that sets an objective's skills and Power.
    ObjectiveTable {
        /// The objective, by index.
        objective: u8,
    },
    /// The defender chooses which line the cover checks follow.
    Line {
        /// The strike.
        strike: Strike,
        /// The distinct lists of checks to choose from.
        options: Vec<Checks>,
    },
    /// Dice: the cover and concealment checks of a strike, in order.
    CoverDice {
        /// The strike.
        strike: Strike,
        /// The checks.
        checks: Checks,
    },
    /// A strike about to be aimed: the cover lines are worked out when it
    /// runs (after any reaction to it).
    Aim(Strike),
    /// Dice: the Fight roll of a strike.
    FightRoll(Strike),
    /// Dice: the Fight roll of a Trip, Shove or Grapple.
    Maneuver(Maneuver),
    /// Dice: the target's save against a maneuver's Fight roll.
    ManeuverSave {
        /// The maneuver.
        maneuver: Maneuver,
        /// The Fight roll's result: the Power of the save.
        power: i16,
    },
    /// Damage about to be dealt; dice for resistance if the target resists.
    Damage(Hit),
    /// Dice: a dying creature's recovery check.
    Recovery {
        /// Who checks.
        who: u8,
    },
    /// Dice: a skill check to claim an objective.
    Claim {
        /// Who tries.
        who: u8,
        /// The objective.
        objective: u8,
        /// The skill, by index into [`super::damage::SKILLS`].
        skill: u8,
    },
    /// A grab a hit let its attacker make, paid for, waiting for the
    /// reactions that may stop it; running it grabs the target.
    Seize {
        /// Who grabs.
        attacker: u8,
        /// Whom.
        target: u8,
    },
    /// A trample under way (its walk above it): the creatures it moved
    /// through so far, each to save once the walk is over.
    Trample {
        /// The trampler.
        who: u8,
        /// Its Trample power, by index.
        power: u8,
        /// Who it moved through, in order.
        under: Vec<u8>,
    },
    /// A Stride dragging a grabbed creature along (its walk above it).
    Haul {
        /// The hauler.
        who: u8,
        /// The dragged creature.
        victim: u8,
    },
    /// A Long Jump under way: its Stride to choose (`jumping` false), then
    /// its jump (ruling P2V-R80).
    LongJump {
        /// The jumper.
        who: u8,
        /// True once its Stride is done.
        jumping: bool,
    },
    /// Dice: a Long Jump's Athletics check, over `over` squares towards `dir`.
    JumpCheck {
        /// The jumper.
        who: u8,
        /// Which way.
        dir: arbiter_geometry::battle::Dir,
        /// The squares it tries to clear.
        over: u8,
    },
    /// A Tumble Through (its walk above it): the one enemy whose space it
    /// crosses, and whether its Acrobatics check against it has succeeded.
    Tumble {
        /// The tumbler.
        who: u8,
        /// The enemy it tumbles through.
        target: u8,
        /// True once the check succeeded: the walk may enter its space.
        passed: bool,
    },
    /// Dice: an Acrobatics check to tumble through `target`'s space.
    TumbleCheck {
        /// The tumbler.
        who: u8,
        /// The enemy.
        target: u8,
    },
    /// Dice: a swallowed creature's Reflex save against its swallower's
    /// Power to climb out (its Escape; ruling P2V-R163).
    Climb {
        /// The swallowed creature.
        who: u8,
        /// Its swallower.
        by: u8,
    },
    /// A swallowed creature escapes: its player places it on an unoccupied
    /// space adjacent to its swallower (`place LETTER SQUARE`; ruling P2V-R163).
    Disgorge {
        /// The creature that escapes.
        who: u8,
        /// Its swallower.
        by: u8,
    },
    /// Dice: an Athletics check to pull a white hair out of `target`.
    Pluck {
        /// Who pulls.
        who: u8,
        /// The creature with the hairs.
        target: u8,
    },
    /// The rest of a move, square by square (anchors still to enter).
    Walk {
        /// Who walks.
        who: u8,
        /// Where the move began.
        from: Square,
        /// Anchors still to enter, the next first.
        path: Vec<Square>,
        /// The action (0 Stride, 1 Step, 2 Crawl, 3 Leap).
        how: u8,
        /// True once the reactions to the next step have been asked.
        asked: bool,
        /// The last anchor of the move where the creature may end it (where
        /// it goes back to if the move stops inside an ally's space).
        back: Square,
    },
    /// A reaction window.
    Window(Window<Trigger>),
    /// The end of a creature's turn: persistent damage, then conditions lost.
    EndTurn {
        /// Whose turn ends.
        who: u8,
    },
    /// After the end-of-turn damage: conditions are lost, and a dying
    /// creature makes its recovery check.
    TurnTail {
        /// Whose turn ends.
        who: u8,
    },
    /// Dice: a creature's Perception check to spot a disguise in an
    /// objective (ruling P2V-R91).
    Spot {
        /// Who looks.
        who: u8,
        /// The objective looked at.
        objective: u8,
    },
    /// Dice: a creature's Perception check to spot a False Object disguise
    /// in an obstacle (ruling P2V-R167).
    SpotObstacle {
        /// Who looks.
        who: u8,
        /// The obstacle looked at, by its lower-left square.
        at: Square,
    },
    /// Dice: the round limit's d6.
    RoundLimit,
    /// At a round's end, the owner of a creature in disguise may reveal it
    /// (`react`) or keep it hidden (`pass`; ruling P2V-R91).
    Unmask {
        /// The creature in disguise.
        who: u8,
    },
    /// After the round's scoring and the disguises' answers: the round
    /// limit or the next round.
    RoundNext,
    /// The end of a round, after the directional terrain moved the
    /// creatures on it: scoring, then the round limit or the next round.
    RoundTail,
    /// An effect on one creature: dice for its save, if the effect allows one.
    Affect(Affect),
    /// The target of a power that targets Reflex chooses the line its
    /// cover checks follow.
    PowerLine {
        /// The effect.
        affect: Affect,
        /// The distinct lists of cover checks to choose from.
        options: Vec<Vec<Obstacle>>,
    },
    /// Dice: the cover checks of a power that targets Reflex, in order.
    PowerCover {
        /// The effect.
        affect: Affect,
        /// The checks.
        checks: Vec<Obstacle>,
    },
    /// The start of a creature's turn, after the reactions to it: its
    /// action points are set ("At the start of each of its turns, a
    /// creature's action points (AP) are set to 2").
    TurnStart {
        /// Whose turn starts.
        who: u8,
    },
    /// Dice: a Ferocity roll, "On 4–6, set HP to 1 instead".
    FerocityRoll {
        /// Who rolls.
        who: u8,
        /// Whether it was prone before it fell.
        was_prone: bool,
    },
    /// The direction a creature that fell prone crashes down in, chosen by
    /// its player as `line 1` (north) to `line 8` (north-west), clockwise
    /// (Timber).
    Crash {
        /// Who crashes.
        who: u8,
        /// Its power with `when = "prone"`.
        power: u8,
    },
    /// The d6 of a creature whose footing is shaky, after it critically
    /// failed a strike's Fight roll or a Reflex save (Shaky Footing).
    Stumble {
        /// Who rolls.
        who: u8,
    },
    /// A compound action under way ("Two Strides, then a melee strike"):
    /// the creature's seat decides each step in turn (or passes it).
    Activity {
        /// Who acts.
        who: u8,
        /// The power, by index among its powers.
        power: u8,
        /// The next step, by index.
        next: u8,
        /// Whether a step struck (the multiple attack penalty grows once the action ends).
        struck: bool,
        /// Squares its Strides have moved the creature so far.
        #[serde(default)]
        moved: u8,
        /// Whether its last strike hit (a chained action goes on only after a hit).
        #[serde(default)]
        hit: bool,
        /// The target of its first strike: the others of an action whose
        /// strikes are at one target go there too (Double Slice).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        at: Option<u8>,
        /// A hit's damage held back to be added to the next strike's if it
        /// hits too (Double Slice; ruling P2V-R144), dealt alone otherwise.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        held: Option<Hit>,
    },
    /// A d20 just rolled (a Fight roll, a save or a check), held while the
    /// hero point windows above it are open; it takes effect when they close.
    Held {
        /// The roll's frame, as it waited for the die.
        roll: Box<Frame>,
        /// The die rolled.
        die: u8,
    },
    /// A readied creature's action, taken as a reaction: it acts with 1 AP
    /// while the turn under way waits here (restored when this runs).
    Interlude {
        /// The readied creature.
        who: u8,
        /// The phase it interrupted.
        saved: Phase,
        /// Only a Step (or none): another creature's action lets it Step
        /// (Encircling Command; ruling P2V-R145).
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        step_only: bool,
        /// Only a Strike or a Stride (or none): a creature leaving its False
        /// Object disguise as a reaction (ruling P2V-R167).
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        ambush: bool,
    },
    /// Dice: which of the creatures within reach a random strike hits
    /// (one die with a face per creature).
    RandomTarget {
        /// Who strikes.
        who: u8,
        /// The creatures within its reach, in roster order.
        among: Vec<u8>,
    },
    /// A creature pushed straight away from another, one square at a time
    /// (ruling P2V-R39).
    Push {
        /// Who is pushed.
        who: u8,
        /// Who pushes it.
        from: u8,
        /// How many squares.
        squares: u8,
    },
    /// A roll made again for a hero point: "use the second result", so its
    /// die takes effect at once, with no hero point offered on it.
    Rerolled {
        /// The roll's frame.
        roll: Box<Frame>,
        /// For a retry that keeps the better result: the first die, which
        /// stands if the new one is lower.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        better_than: Option<u8>,
    },
}

/// The cover and concealment checks along one line, in order from the
/// attacker.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Checks {
    /// Cover checks: the terrain piece (by index) or the figure in the way.
    pub cover: Vec<Obstacle>,
    /// Concealment checks: the concealing terrain pieces (and the target's
    /// own concealment, if any).
    pub concealment: Vec<u16>,
}

/// Something a cover check is rolled for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Obstacle {
    /// A piece of terrain, by index.
    Terrain(u16),
    /// A creature.
    Creature(u8),
}

/// How the game ended.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Ending {
    /// The winning seat, or `None` for a draw.
    pub winner: Option<u8>,
    /// Why, in words.
    pub reason: String,
}

/// The battlefield built from a state, kept until the state changes where
/// it stands, with what was last worked out on it: the last Stride search
/// and the last cover searches. Not serialised; equal and hashed as
/// nothing.
#[derive(Clone, Debug, Default)]
pub struct FieldCache(pub OnceLock<Battlefield>, pub(crate) ReachCache, pub(crate) Kept<CoverKey, Arc<[Cover]>, 4>);

/// What a cover search asks of a battlefield: the attacker, the square it
/// draws from and the defender.
pub(crate) type CoverKey = (FigureId, Square, FigureId);

/// The last `N` answers worked out on a battlefield, by what was asked: a
/// creature's second and third strikes at the same target from the same
/// place (and a power aimed again) meet the same cover lines. Emptied
/// whenever the battlefield changes, as [`ReachCache`].
#[derive(Debug)]
pub(crate) struct Kept<K, V, const N: usize>(Mutex<Vec<(K, V)>>);

impl<K, V, const N: usize> Default for Kept<K, V, N> {
    fn default() -> Self {
        Kept(Mutex::new(Vec::new()))
    }
}

impl<K: Clone, V: Clone, const N: usize> Clone for Kept<K, V, N> {
    fn clone(&self) -> Self {
        Kept(Mutex::new(self.0.lock().unwrap_or_else(PoisonError::into_inner).clone()))
    }
}

impl<K: PartialEq, V: Clone, const N: usize> Kept<K, V, N> {
    /// The answer for `key`, worked out by `work` unless kept.
    pub(crate) fn get_or(&self, key: K, work: impl FnOnce() -> V) -> V {
        let mut kept = self.0.lock().unwrap_or_else(PoisonError::into_inner);
        if let Some((_, v)) = kept.iter().find(|(k, _)| *k == key) {
            return v.clone();
        }
        let v = work();
        if kept.len() >= N {
            kept.remove(0);
        }
        kept.push((key, v.clone()));
        v
    }

    /// Forgets every answer (the battlefield changed).
    pub(crate) fn clear(&mut self) {
        self.0.get_mut().unwrap_or_else(PoisonError::into_inner).clear();
    }
}

/// The last Stride search on a battlefield, with what it was asked (the
/// creature, where it stands, its diagonal count and its budget): listing
/// the legal actions, judging a Stride and making it ask the same search of
/// the same state, which is made once. Emptied whenever the battlefield
/// changes ([`State::forget_field`], [`super::P2v`]'s `sync`).
#[derive(Debug, Default)]
pub(crate) struct ReachCache(Mutex<Option<(ReachKey, Arc<Reach>)>>);

/// What a Stride search depends on besides the battlefield (the creature,
/// its anchor, its diagonal count, its budget and its movement mode now).
pub(crate) type ReachKey = (u8, Square, bool, u32, arbiter_geometry::battle::Mode);

impl Clone for ReachCache {
    fn clone(&self) -> ReachCache {
        ReachCache(Mutex::new(self.0.lock().unwrap_or_else(PoisonError::into_inner).clone()))
    }
}

impl ReachCache {
    /// The search for `key`, made by `search` unless it is the last one.
    pub(crate) fn get_or(&self, key: ReachKey, search: impl FnOnce() -> Reach) -> Arc<Reach> {
        let mut last = self.0.lock().unwrap_or_else(PoisonError::into_inner);
        if let Some((k, r)) = last.as_ref()
            && *k == key
        {
            return r.clone();
        }
        let r = Arc::new(search());
        *last = Some((key, r.clone()));
        r
    }

    /// Forgets the last search (the battlefield changed).
    pub(crate) fn clear(&mut self) {
        *self.0.get_mut().unwrap_or_else(PoisonError::into_inner) = None;
    }
}

impl PartialEq for FieldCache {
    fn eq(&self, _: &FieldCache) -> bool {
        true
    }
}
impl Eq for FieldCache {}
impl Hash for FieldCache {
    fn hash<H: Hasher>(&self, _: &mut H) {}
}

/// A game of Path 2 Victory in progress.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct State {
    /// Where the game stands.
    pub phase: Phase,
    /// The round (1 from the first activation; 0 during set-up).
    pub round: u8,
    /// Every creature of the roster, in roster order.
    pub creatures: Vec<Creature>,
    /// The terrain tiles laid (the map `tiles`), in order.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub tiles: Vec<super::tiles::PlacedTile>,
    /// The mines set and not yet set off, in order (ruling P2V-R92).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub mines: Vec<super::mine::Mine>,
    /// The bodies of eliminated creatures, lying where they fell or carried
    /// ([`super::load`]).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub bodies: Vec<super::load::Body>,
    /// The objectives placed.
    pub objectives: Vec<Objective>,
    /// Victory points per seat.
    pub vp: [u16; 2],
    /// The chosen deployment zones, per seat.
    pub zones: [Option<u8>; 2],
    /// Who deploys first (the roll-off's winner).
    pub deploys_first: u8,
    /// The seat that activated first this round.
    pub first: u8,
    /// The seat that activated last (it goes first next round: ruling P2V-R1).
    pub last: u8,
    /// The last roll-off's dice, for the log (0 before any).
    pub rolloff: [u8; 2],
    /// Pending work.
    pub pending: Pending<Frame>,
    /// How it ended.
    pub ending: Option<Ending>,
    /// Every door of the map, open or closed now.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub doors: Vec<Door>,
    /// Squares of solid terrain made open ground for the battle (Magic
    /// Passage; ruling P2V-R142).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub openings: Vec<Square>,
    /// Squares made concealing terrain for a while (Final Night).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub veils: Vec<Veil>,
    /// Lasting effects beyond the conditions a turn's end removes (Vitriol's
    /// bond), held by creatures by roster index.
    #[serde(default, skip_serializing_if = "Effects::is_empty")]
    pub effects: Effects<Lasting, u8>,
    /// Several creatures activated together (a group, or a commander with
    /// its minions) while they act ([`super::party`]).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub party: Option<super::party::Party>,
    /// The battlefield built from this state.
    #[serde(skip)]
    pub field: FieldCache,
}

/// Squares made terrain for a while: Final Night's concealing darkness, or
/// a spell's (Darkness, Wall of Thorns; ruling P2V-R140).
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Veil {
    /// The squares.
    pub squares: Vec<Square>,
    /// The round at whose end they clear (255: the end of the battle).
    pub until: u8,
    /// The terrain's traits (concealing when absent).
    #[serde(default = "concealing", skip_serializing_if = "is_concealing")]
    pub traits: Traits,
    /// The terrain's name ("darkness" when absent).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
}

fn concealing() -> Traits {
    Traits::CONCEALING
}

fn is_concealing(t: &Traits) -> bool {
    *t == Traits::CONCEALING
}

impl Veil {
    /// Concealing darkness over `squares` until the end of round `until`.
    pub fn darkness(squares: Vec<Square>, until: u8) -> Veil {
        Veil { squares, until, traits: Traits::CONCEALING, name: None }
    }

    /// The terrain's name.
    pub fn name(&self) -> &str {
        self.name.as_deref().unwrap_or("darkness")
    }
}

/// What a lasting effect is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Lasting {
    /// Bound to the effect's source by Vitriol: off-guard, and its attacks
    /// target only the source, while both are up (ruling P2V-R42).
    Bound,
    /// The holder cast this spell (its first cast's power index) in the
    /// round of the effect's value: it may sustain it on its next turn
    /// (ruling P2V-R59).
    Sustain {
        /// The power.
        power: u8,
    },
    /// Invisible: attackers have no line of sight to it; it ends when the
    /// holder attacks (ruling P2V-R63).
    Invisible,
    /// Its next weapon strike that hits gives what this power's `next_hit`
    /// names (Basic Poison; ruling P2V-R83).
    NextHit {
        /// The power (an item's) that readied it.
        power: u8,
    },
    /// Off-guard: the source tumbled through its space (Tumble Behind),
    /// until the end of the source's turn (ruling P2V-R56).
    Tumbled,
    /// Controlled: on its turn the opponent spends its action points, and
    /// chooses no feature with limited uses; it ends with the holder's
    /// next turn (ruling P2V-R66).
    Controlled,
    /// Quickened: +1 AP at the start of the holder's next turn; it ends
    /// with that turn (ruling P2V-R151).
    Quickened,
    /// In the stance of its power (Reassemble) until it leaves it (ruling P2V-R154).
    Stance {
        /// The power.
        power: u8,
    },
    /// Concealed against these strikes until its next turn starts (Evasive
    /// Swarm; ruling P2V-R156).
    Concealed {
        /// Which strikes.
        from: crate::program::Concealed,
    },
    /// A bonus (the value) to a number of the holder from a feature of its
    /// own (Primal Sink), not a spell: no dispel ends it, and a second
    /// replaces the first (ruling P2V-R159).
    Surge {
        /// Which number.
        stat: super::cast::Stat,
    },
    /// A bonus (the value) to a number of the holder, from a spell, until
    /// the start of its source's next turn (ruling P2V-R64).
    Bonus {
        /// Which number.
        stat: super::cast::Stat,
    },
}

/// A door of the map and whether it stands open.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Door {
    /// The door's terrain piece, by index.
    pub piece: u16,
    /// Whether it is open.
    pub open: bool,
}

impl State {
    /// The creature taking its turn, if one is.
    pub fn active(&self) -> Option<u8> {
        match self.phase {
            Phase::Turn(t) => Some(t.who),
            _ => None,
        }
    }

    /// Forgets the battlefield built from this state (terrain changed).
    pub fn forget_field(&mut self) {
        self.field = FieldCache::default();
    }
}

/// Whether a count is 0 (left out of the saved state).
fn is_zero(n: &u8) -> bool {
    *n == 0
}
