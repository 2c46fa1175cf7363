//! What happened, for logs and clients. Each event names creatures by
//! roster index; [`super::P2v::event_words`] says it with their names.

use super::damage::Damage;
use super::objective::Kind;
use super::state::Obstacle;
use arbiter_geometry::battle::Square;
use serde::{Deserialize, Serialize};
use std::fmt;

/// How a Fight roll or a check came out.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Degree {
    /// A critical failure (a natural 1, or 10 or more below).
    CriticalFailure,
    /// A failure, or a miss.
    Failure,
    /// A success, or a hit.
    Success,
    /// A critical success (a natural 20, or 10 or more above), or a critical hit.
    CriticalSuccess,
}

/// Something that happened.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "event")]
pub enum Event {
    /// 2d6, the higher kept: how many objectives.
    ObjectiveCount {
        /// The dice.
        dice: [u8; 2],
        /// The count.
        count: u8,
    },
    /// An objective was placed.
    ObjectivePlaced {
        /// By whom.
        seat: u8,
        /// Which.
        kind: Kind,
        /// Where.
        at: Square,
    },
    /// An objective's d6: its skills and Power.
    ObjectiveRolled {
        /// The objective.
        objective: u8,
        /// The d6.
        roll: u8,
        /// The skills that may claim it.
        skills: Vec<String>,
        /// The Power.
        power: u8,
    },
    /// A roll-off (deployment: d20s; first player: d6s).
    RollOff {
        /// What it decides.
        what: String,
        /// Each seat's die.
        dice: [u8; 2],
        /// The winner, or `None` on a tie (rolled again).
        winner: Option<u8>,
    },
    /// A seat laid a terrain tile.
    TileLaid {
        /// Who.
        seat: u8,
        /// The tile's name.
        tile: String,
        /// The square under its lower-left corner.
        at: Square,
        /// How far it is turned, in degrees clockwise.
        turn: u16,
    },
    /// No terrain tile fits on the board any more: `left` are not laid.
    NoRoomForTiles {
        /// How many tiles were still to lay.
        left: u8,
    },
    /// The owner of creature `who`, with False Object, placed one more
    /// obstacle of its size (ruling P2V-R167).
    ObjectPlaced {
        /// The creature with False Object.
        who: u8,
        /// The obstacle's lower-left square.
        at: Square,
    },
    /// A creature with False Object became an obstacle in secret: which one
    /// is seen by its owner only (`None` in what others see).
    Hidden {
        /// The creature.
        who: u8,
        /// The obstacle, by its lower-left square.
        at: Option<Square>,
    },
    /// A creature left its False Object disguise: the obstacle is gone and
    /// the creature stands in its place.
    Emerged {
        /// The creature.
        who: u8,
        /// Where it now stands.
        at: Square,
        /// The creature that came near or found it out, if one did.
        by: Option<u8>,
    },
    /// A creature with Tempting Disguise became an objective in secret:
    /// which one is seen by its owner only (`None` in what others see).
    Disguised {
        /// The creature.
        who: u8,
        /// The objective, by index.
        objective: Option<u8>,
    },
    /// A creature in disguise dropped it: the objective it was is replaced
    /// by the creature (a claim on it failed, or its owner revealed it at a
    /// round's end).
    Unmasked {
        /// The creature.
        who: u8,
        /// The kind of objective it was.
        kind: super::objective::Kind,
        /// Where it now stands.
        at: Square,
        /// The creature whose claim found it out, if one did.
        by: Option<u8>,
    },
    /// A creature's Perception check to spot a disguise in an objective:
    /// on a success (`is` given) its owner says whether it is a creature.
    Spot {
        /// Who looked.
        who: u8,
        /// The objective, by index.
        objective: u8,
        /// The d20.
        die: u8,
        /// The check's total.
        total: i32,
        /// The Power it met.
        power: i32,
        /// On a success, whether the objective is a creature in disguise.
        is: Option<bool>,
    },
    /// A creature's Perception check to spot a False Object disguise in an
    /// obstacle: on a success (`is` given) its owner says whether it is a
    /// creature.
    SpotObstacle {
        /// Who looked.
        who: u8,
        /// The obstacle, by its lower-left square.
        at: Square,
        /// The d20.
        die: u8,
        /// The check's total.
        total: i32,
        /// The Power it met.
        power: i32,
        /// On a success, whether the obstacle is a creature in disguise.
        is: Option<bool>,
    },
    /// A power made terrain on its area for a while (ruling P2V-R140).
    TerrainMade {
        /// Who used it.
        who: u8,
        /// The terrain's name.
        name: String,
        /// How many squares it covers.
        squares: u16,
        /// The round at whose end it clears (255: the battle's end).
        until: u8,
    },
    /// A seat chose its deployment zone.
    ZoneChosen {
        /// Who.
        seat: u8,
        /// The zone's name.
        zone: String,
    },
    /// A creature was deployed.
    Deployed {
        /// Who.
        who: u8,
        /// Where.
        at: Square,
    },
    /// A summonable creature came into play, placed by `by` (●●).
    Summoned {
        /// Who.
        who: u8,
        /// The caster who summoned it.
        by: u8,
        /// Where.
        at: Square,
    },
    /// A round began.
    RoundBegan {
        /// Its number.
        round: u8,
        /// Who activates first.
        first: u8,
    },
    /// A creature began its turn.
    Activated {
        /// Who.
        who: u8,
        /// Its action points.
        ap: u8,
    },
    /// A creature joined the group being formed.
    Joined {
        /// Who.
        who: u8,
    },
    /// A group was activated together.
    Grouped {
        /// Its members, in order.
        members: Vec<u8>,
    },
    /// A commander's turn went on with another of its creatures.
    Switched {
        /// Who decides now.
        who: u8,
    },
    /// A commander gave up 1 AP to give a minion +1 AP.
    Gave {
        /// The commander.
        commander: u8,
        /// The minion.
        minion: u8,
    },
    /// A rider mounted (or dismounted) its mount.
    Mounted {
        /// The rider.
        rider: u8,
        /// The mount.
        mount: u8,
        /// True on mounting, false on dismounting.
        on: bool,
    },
    /// A creature moved.
    Moved {
        /// Who.
        who: u8,
        /// From.
        from: Square,
        /// To.
        to: Square,
        /// The action (`Stride`, `Step`, `Crawl`).
        how: String,
    },
    /// A creature set a mine on a square (ruling P2V-R92).
    MineSet {
        /// Who set it.
        who: u8,
        /// Where.
        at: Square,
    },
    /// A creature moved into a mine's square and set it off (ruling P2V-R92).
    MineExploded {
        /// Who moved into it.
        who: u8,
        /// Where.
        at: Square,
    },
    /// A creature fell.
    Fell {
        /// Who.
        who: u8,
        /// How many squares.
        squares: u8,
    },
    /// A strike was declared.
    Strikes {
        /// The attacker.
        attacker: u8,
        /// The target.
        target: u8,
        /// The weapon's name.
        weapon: String,
        /// The penalties to the Fight roll (negative).
        penalty: i8,
    },
    /// Cover or concealment checks.
    CoverChecks {
        /// The dice, in order: cover checks, then concealment checks.
        dice: Vec<u8>,
        /// What the attack struck instead, if a cover check rolled a 1.
        instead: Option<Obstacle>,
        /// True if a concealment check rolled a 1: the attack misses.
        concealed: bool,
    },
    /// A Fight roll.
    FightRoll {
        /// The attacker.
        attacker: u8,
        /// The target.
        target: u8,
        /// The die.
        die: u8,
        /// The total.
        total: i32,
        /// The target's Armor.
        armor: i32,
        /// Miss, hit or critical hit.
        degree: Degree,
    },
    /// The Fight roll of a Trip, Shove or Grapple: its result is the Power
    /// of the target's save.
    ManeuverRoll {
        /// Who makes it.
        attacker: u8,
        /// At whom.
        target: u8,
        /// `Trip`, `Shove`, `Grapple`.
        name: String,
        /// The die.
        die: u8,
        /// The total.
        total: i32,
    },
    /// A saving throw.
    Save {
        /// Who saves.
        who: u8,
        /// Which save (`Reflex`).
        save: String,
        /// The die.
        die: u8,
        /// The total.
        total: i32,
        /// The Power to reach.
        power: i32,
        /// Critical failure, failure, success or critical success.
        degree: Degree,
    },
    /// A condition or status began or ended.
    Condition {
        /// Who.
        who: u8,
        /// Which (`grabbed`, `prone`).
        name: String,
        /// True when it began, false when it ended.
        on: bool,
    },
    /// Resistance dice reduced damage.
    Resisted {
        /// Who resisted.
        who: u8,
        /// The dice.
        dice: Vec<u8>,
        /// How much less damage.
        reduced: u16,
    },
    /// Damage taken.
    Damaged {
        /// Who.
        who: u8,
        /// The damage before immunity, resistance and weakness.
        damage: Damage,
        /// What it lost in all (temporary HP first).
        taken: u16,
        /// Its HP after.
        hp: i32,
    },
    /// The damage did nothing: immune.
    Immune {
        /// Who.
        who: u8,
    },
    /// An effect did nothing to a creature a feature of its shields (Swarm Mind).
    Unaffected {
        /// Who.
        who: u8,
        /// The effect, by name.
        what: String,
        /// The feature that shields it.
        by: String,
    },
    /// A creature fell to 0 HP or below: helpless and prone, dying.
    Dying {
        /// Who.
        who: u8,
    },
    /// A recovery check.
    Recovery {
        /// Who.
        who: u8,
        /// The d6 (0 when a hero point passed it).
        roll: u8,
        /// Whether it survived.
        passed: bool,
    },
    /// A hero point spent: to roll a d20 again (the second result stands),
    /// or, with no roll named, to pass every recovery check of the battle.
    HeroPoint {
        /// Who spent it.
        who: u8,
        /// Whose roll is made again (`who` itself, or an attacker made to
        /// reroll its Fight roll); `None` before a recovery check.
        reroll: Option<u8>,
        /// The die set aside.
        die: u8,
        /// Hero points it has left.
        left: u8,
    },
    /// A creature's reaction has an ally roll a failed save again, keeping
    /// the better result (Distracting Frolic).
    Retry {
        /// Who reacted.
        reactor: u8,
        /// Whose save is rolled again.
        target: u8,
        /// The die that failed.
        die: u8,
    },
    /// A creature went into a haven, out of play, or came out of it (Healing Haven).
    Sheltered {
        /// Who.
        who: u8,
        /// The creature whose haven it is.
        by: u8,
        /// True going in, false coming out.
        inside: bool,
        /// Where it came out.
        at: Option<arbiter_geometry::battle::Square>,
    },
    /// Creature `who`'s Trail of Bodies: its d6 gave this many bodies.
    TrailRoll {
        /// The creature with Trail of Bodies.
        who: u8,
        /// How many bodies go on the map.
        bodies: u8,
    },
    /// A player laid a body of a Trail of Bodies in the set-up.
    BodyLaid {
        /// Who laid it.
        seat: u8,
        /// The body, by index among the bodies.
        body: u8,
        /// Where.
        at: arbiter_geometry::battle::Square,
    },
    /// A creature took an item from a body (ruling P2V-R168).
    ItemTaken {
        /// The taker.
        who: u8,
        /// The creature whose body held it.
        from: u8,
        /// The item, by number.
        item: u8,
        /// The item's name.
        name: String,
    },
    /// A creature picked up a body, or laid its load down.
    Load {
        /// The carrier.
        who: u8,
        /// The body, by index among the bodies.
        body: u8,
        /// True picking it up, false laying it down.
        carried: bool,
        /// Where it was laid down.
        at: Option<arbiter_geometry::battle::Square>,
    },
    /// A creature was swallowed whole (Swallow Whole): it leaves the board
    /// for its swallower's gizzard.
    Swallowed {
        /// Who.
        who: u8,
        /// Its swallower.
        by: u8,
    },
    /// A swallowed creature escaped and was placed beside its swallower.
    Disgorged {
        /// Who.
        who: u8,
        /// Its swallower.
        by: u8,
        /// Where its space's lower-left square is.
        at: arbiter_geometry::battle::Square,
    },
    /// Another creature's action lets this one Step now (Encircling Command).
    MayStep {
        /// Who.
        who: u8,
    },
    /// A creature readied: its turn ends, and it may act as a reaction before its next.
    Readied {
        /// Who.
        who: u8,
    },
    /// A creature opened or closed a door.
    Door {
        /// Who.
        who: u8,
        /// The door's name.
        name: String,
        /// True if it opened it.
        open: bool,
    },
    /// A creature was eliminated and removed from play.
    Eliminated {
        /// Who.
        who: u8,
        /// Where it fell.
        at: Option<Square>,
    },
    /// `who` was spared the grab of `from` (Liberating Strike).
    Spared {
        /// Who was spared.
        who: u8,
        /// Whose grab failed.
        from: u8,
    },
    /// `who` regained a use of a power (Stoke the Volcano).
    Regains {
        /// Who.
        who: u8,
        /// The power.
        power: String,
        /// The feature that gave it back.
        feature: String,
    },
    /// An Athletics check to pull a white hair out of `target`.
    Pluck {
        /// Who pulls.
        who: u8,
        /// Whose hair.
        target: u8,
        /// The die.
        die: u8,
        /// The total.
        total: i32,
        /// The Power to reach.
        power: i32,
        /// Hairs left after a success; `None` for a failure.
        left: Option<u8>,
    },
    /// A Long Jump's Athletics check: the squares cleared (the total ÷ 4)
    /// against those it tried to jump over.
    LongJump {
        /// The jumper.
        who: u8,
        /// The die.
        die: u8,
        /// The total.
        total: i32,
        /// Squares cleared.
        cleared: u8,
        /// Squares it tried to jump over.
        over: u8,
        /// Over, or short (it falls).
        success: bool,
    },
    /// An Acrobatics check to tumble through `target`'s space (Tumble Behind).
    Tumble {
        /// The tumbler.
        who: u8,
        /// The enemy.
        target: u8,
        /// The die.
        die: u8,
        /// The total.
        total: i32,
        /// The Power to reach.
        power: i32,
        /// Through (and the enemy off-guard), or the movement ends.
        success: bool,
    },
    /// A skill check to claim an objective.
    Claim {
        /// Who.
        who: u8,
        /// The objective.
        objective: u8,
        /// The skill.
        skill: String,
        /// The die.
        die: u8,
        /// The total.
        total: i32,
        /// The Power to reach.
        power: u8,
        /// Whether it claimed the objective.
        success: bool,
    },
    /// A creature dropped prone or stood.
    Prone {
        /// Who.
        who: u8,
        /// True: now prone; false: stood up.
        down: bool,
    },
    /// A creature was healed.
    Healed {
        /// Who.
        who: u8,
        /// How many HP it gained.
        amount: u16,
        /// Its HP after.
        hp: i32,
    },
    /// A shaky footing's d6 (Shaky Footing).
    Footing {
        /// Who.
        who: u8,
        /// The d6.
        roll: u8,
        /// True when it fell prone.
        fell: bool,
    },
    /// A Ferocity roll.
    FerocityRoll {
        /// Who.
        who: u8,
        /// The d6.
        roll: u8,
        /// True on 4–6: at 1 HP instead.
        held: bool,
    },
    /// A creature used a power.
    Uses {
        /// Who.
        who: u8,
        /// The power.
        power: String,
        /// The creatures it affects.
        targets: Vec<u8>,
    },
    /// A creature took a reaction.
    Reacts {
        /// Who.
        who: u8,
        /// The reaction.
        reaction: String,
    },
    /// A creature's turn ended.
    TurnEnded {
        /// Who.
        who: u8,
    },
    /// End-of-round scoring.
    Scored {
        /// The seat.
        seat: u8,
        /// VP this round.
        vp: u16,
        /// Its total.
        total: u16,
    },
    /// The round limit's roll.
    RoundLimit {
        /// The d6.
        roll: u8,
        /// Rounds played.
        rounds: u8,
        /// Whether the game ends.
        ends: bool,
    },
    /// The victory bonus for points in play.
    Bonus {
        /// The seat.
        seat: u8,
        /// +2 or +4.
        vp: u16,
    },
    /// The game ended.
    GameOver {
        /// Final VP per seat.
        vp: [u16; 2],
        /// The winner, or `None` for a draw.
        winner: Option<u8>,
        /// Why.
        reason: String,
    },
}

fn seat(s: u8) -> String {
    format!("P{}", s + 1)
}

impl fmt::Display for Event {
    /// The event with creatures by roster index (`#3`); the game's
    /// `event_words` names them.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", super::words::plain(self, &|i| format!("#{i}"), &|s| s.0.to_string()))
    }
}

/// `P1`, `P2`.
pub fn seat_name(s: u8) -> String {
    seat(s)
}
