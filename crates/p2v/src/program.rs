//! What a feature does, as data the game runs.
//!
//! A card's feature keeps its printed text for people; its `effect` table
//! says the same for the engine. The vocabulary covers what most cards do:
//!
//! - **extra damage** on strikes against an off-guard or grabbed target
//!   (`Sneak Attack`, `Mauler`, "or 15 against an off-guard target");
//! - **powers**: damage and conditions for every creature in the feature's
//!   range or area, with the save that negates or halves them
//!   (`Splinter Spray`: `damage = "15 piercing"`, `save = "reflex half"`);
//! - **strike riders**: what a hit does besides its damage — more damage,
//!   persistent damage and conditions, with their own save
//!   (`[creature.feature.effect.hit]`), the save that halves a strike's own
//!   damage (`Stinger`), and "on a hit it may spend 1 AP to grab" (`grab`).
//!
//! ```toml
//! [[creature.feature]]
//! name = "Jaws"
//! action = "one"
//! area = "Melee"
//! strike = true
//! text = "5 piercing damage. On a hit the target also takes 5 persistent poison damage and is rattled (Fortitude negates both)."
//! [creature.feature.effect.hit]
//! save = "fortitude negates"
//! persistent = "5 poison"
//! apply = ["rattled"]
//! ```
//!
//! A feature without an effect that the engine does not know by name is
//! reported as not yet executable (`arbiter build --game p2v`), never
//! silently ignored.

use crate::play::damage::Damage;
use crate::source::clip;
use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;

/// A saving throw.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum SaveKind {
    /// Fortitude.
    #[serde(alias = "fortitude")]
    Fortitude,
    /// Reflex.
    #[serde(alias = "reflex")]
    Reflex,
    /// Will.
    #[serde(alias = "will")]
    Will,
}

impl SaveKind {
    /// Its name as the rules write it (`Fortitude`).
    pub fn name(self) -> &'static str {
        match self {
            SaveKind::Fortitude => "Fortitude",
            SaveKind::Reflex => "Reflex",
            SaveKind::Will => "Will",
        }
    }
}

/// What a successful save does: "[Saving throw] negates" or "[Saving throw] half".
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Outcome {
    /// "the attack has no effect on that target if the target makes a
    /// successful saving throw, including doing no damage".
    Negates,
    /// "on a successful saving throw the power does half damage, and on a
    /// critical success … it does no damage".
    Half,
}

/// A save against an effect: `fortitude negates`, `reflex half`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub struct Save {
    /// Which save.
    pub kind: SaveKind,
    /// What success does.
    pub outcome: Outcome,
}

impl fmt::Display for Save {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let o = match self.outcome {
            Outcome::Negates => "negates",
            Outcome::Half => "half",
        };
        write!(f, "{} {o}", self.kind.name())
    }
}

impl FromStr for Save {
    type Err = String;

    /// Parses `fortitude negates`, `Reflex half`, `will negates` (also `fort`).
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let bad = || format!("'{}' is not a save; use e.g. 'fortitude negates' or 'reflex half'", clip(s.trim(), 30));
        let words: Vec<String> = s.split_whitespace().map(|w| w.to_ascii_lowercase()).collect();
        let [kind, outcome] = words.as_slice() else { return Err(bad()) };
        let kind = match kind.as_str() {
            "fortitude" | "fort" => SaveKind::Fortitude,
            "reflex" => SaveKind::Reflex,
            "will" => SaveKind::Will,
            _ => return Err(bad()),
        };
        let outcome = match outcome.as_str() {
            "negates" => Outcome::Negates,
            "half" => Outcome::Half,
            _ => return Err(bad()),
        };
        Ok(Save { kind, outcome })
    }
}

impl TryFrom<String> for Save {
    type Error = String;
    fn try_from(s: String) -> Result<Self, Self::Error> {
        s.parse()
    }
}

impl From<Save> for String {
    fn from(s: Save) -> String {
        s.to_string().to_ascii_lowercase()
    }
}

/// A condition or status an effect gives.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub enum Give {
    /// Off-guard.
    OffGuard,
    /// Rattled (also written `dazzled`: "Dazzled: Use rattled instead", ruling P2V-R16).
    Rattled,
    /// Sickened.
    Sickened,
    /// Slowed.
    Slowed,
    /// Stunned.
    Stunned,
    /// Immobilized.
    Immobilized,
    /// Grabbed.
    Grabbed,
    /// Encumbered.
    Encumbered,
    /// Prone (a status: it lasts until the creature stands).
    Prone,
    /// Slowed, or stunned if it was slowed already (`slowed or stunned`).
    SlowedOrStunned,
    /// Invisible (a status: it lasts until the creature attacks; ruling P2V-R63).
    Invisible,
    /// Controlled: the opponent spends its action points on its next turn
    /// (also written `charmed`; ruling P2V-R66).
    Controlled,
    /// Quickened (a status): +1 AP at the start of its next turn, lost at
    /// that turn's end (ruling P2V-R151).
    Quickened,
}

impl Give {
    /// Every kind, in the order of [`Give::key`].
    pub const ALL: [Give; 13] = [
        Give::OffGuard,
        Give::Rattled,
        Give::Sickened,
        Give::Slowed,
        Give::Stunned,
        Give::Immobilized,
        Give::Grabbed,
        Give::Encumbered,
        Give::Prone,
        Give::SlowedOrStunned,
        Give::Invisible,
        Give::Controlled,
        Give::Quickened,
    ];

    /// Its name in files.
    pub fn key(self) -> &'static str {
        match self {
            Give::OffGuard => "off-guard",
            Give::Rattled => "rattled",
            Give::Sickened => "sickened",
            Give::Slowed => "slowed",
            Give::Stunned => "stunned",
            Give::Immobilized => "immobilized",
            Give::Grabbed => "grabbed",
            Give::Encumbered => "encumbered",
            Give::Prone => "prone",
            Give::SlowedOrStunned => "slowed or stunned",
            Give::Invisible => "invisible",
            Give::Controlled => "controlled",
            Give::Quickened => "quickened",
        }
    }
}

impl FromStr for Give {
    type Err = String;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let t = s.trim().to_ascii_lowercase();
        if t == "dazzled" {
            return Ok(Give::Rattled);
        }
        if t == "charmed" {
            return Ok(Give::Controlled);
        }
        Give::ALL.into_iter().find(|g| g.key() == t).ok_or_else(|| {
            let all: Vec<&str> = Give::ALL.iter().map(|g| g.key()).collect();
            format!("'{}' is not a condition the game runs; use {} (or dazzled)", clip(s.trim(), 30), all.join(", "))
        })
    }
}

impl TryFrom<String> for Give {
    type Error = String;
    fn try_from(s: String) -> Result<Self, Self::Error> {
        s.parse()
    }
}

impl From<Give> for String {
    fn from(g: Give) -> String {
        g.key().to_string()
    }
}

impl fmt::Display for Give {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.key())
    }
}

/// Damage written as a card prints it (`15 piercing`, `20 bludgeoning and acid`, `35`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub struct Amount(pub Damage);

impl TryFrom<String> for Amount {
    type Error = String;
    fn try_from(s: String) -> Result<Self, Self::Error> {
        match Damage::parse(&s.to_ascii_lowercase()) {
            Some(d) if d.amount > 0 && d.amount <= 999 => Ok(Amount(d)),
            Some(_) => Err(format!("'{}': damage is 1 to 999", clip(s.trim(), 30))),
            None => Err(format!(
                "'{}' is not damage; write an amount and its types, e.g. '15 piercing' or '20 bludgeoning and acid'",
                clip(s.trim(), 30)
            )),
        }
    }
}

impl From<Amount> for String {
    fn from(a: Amount) -> String {
        a.0.to_string()
    }
}

/// What a target must be for extra damage to apply.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Against {
    /// Off-guard (from the condition, prone, grabbed, flanked or dying).
    OffGuard,
    /// Grabbed.
    Grabbed,
}

/// Extra damage on strikes against a target in some state ("+5 damage
/// against grabbed creatures").
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Extra {
    /// How much.
    pub damage: u16,
    /// Against whom.
    pub against: Against,
}

/// One step of a compound action ("Two Strides, then a melee strike").
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub enum Step {
    /// A Stride, with a bonus to Speed (`stride`, `stride +2`).
    Stride {
        /// Extra squares of Speed for this Stride.
        bonus: u8,
    },
    /// A melee strike with any of the creature's melee weapons (`strike`),
    /// with a bonus to hit once the compound action has moved the creature
    /// far enough (`strike +2 after 4`: "+2 to hit if it moved 4 squares or
    /// more").
    Strike {
        /// The bonus to the Fight roll (0: none).
        bonus: i8,
        /// The squares the compound action must have moved the creature for
        /// the bonus.
        after: u8,
        /// Squares a hit pushes the target straight away (`strike push 2`:
        /// "On a hit, the target is pushed 2 squares"; ruling P2V-R39).
        push: u8,
    },
}

impl FromStr for Step {
    type Err = String;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let words: Vec<String> = s.split_whitespace().map(|w| w.to_ascii_lowercase()).collect();
        match words.iter().map(String::as_str).collect::<Vec<_>>().as_slice() {
            ["stride"] => Ok(Step::Stride { bonus: 0 }),
            ["stride", b] => match b.strip_prefix('+').and_then(|n| n.parse::<u8>().ok()) {
                Some(bonus) if bonus <= 30 => Ok(Step::Stride { bonus }),
                _ => Err(format!("'{}': a Stride's bonus is written +1 to +30", clip(s.trim(), 30))),
            },
            ["strike"] => Ok(Step::Strike { bonus: 0, after: 0, push: 0 }),
            ["strike", "push", n] => match n.parse::<u8>() {
                Ok(push) if (1..=10).contains(&push) => Ok(Step::Strike { bonus: 0, after: 0, push }),
                _ => Err(format!("'{}': a push is written 'strike push 2' (1 to 10 squares)", clip(s.trim(), 30))),
            },
            ["strike", b, "after", n] => {
                let bonus = b.strip_prefix('+').and_then(|x| x.parse::<i8>().ok()).filter(|x| (1..=10).contains(x));
                let after = n.parse::<u8>().ok().filter(|x| (1..=60).contains(x));
                match (bonus, after) {
                    (Some(bonus), Some(after)) => Ok(Step::Strike { bonus, after, push: 0 }),
                    _ => Err(format!(
                        "'{}': a strike's bonus is written 'strike +2 after 4' (+1 to +10, after 1 to 60 squares)",
                        clip(s.trim(), 30)
                    )),
                }
            }
            _ => Err(format!(
                "'{}' is not a step; use 'stride', 'stride +2', 'strike', 'strike +2 after 4' or 'strike push 2'",
                clip(s.trim(), 30)
            )),
        }
    }
}

impl TryFrom<String> for Step {
    type Error = String;
    fn try_from(s: String) -> Result<Self, Self::Error> {
        s.parse()
    }
}

impl From<Step> for String {
    fn from(s: Step) -> String {
        match s {
            Step::Stride { bonus: 0 } => "stride".into(),
            Step::Stride { bonus } => format!("stride +{bonus}"),
            Step::Strike { bonus: 0, push: 0, .. } => "strike".into(),
            Step::Strike { bonus: 0, push, .. } => format!("strike push {push}"),
            Step::Strike { bonus, after, .. } => format!("strike +{bonus} after {after}"),
        }
    }
}

/// When a passive feature or a reaction takes effect by itself.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum When {
    /// "When it is eliminated, creatures in emanation 3 take …": its effect
    /// over its area, from the space where it fell.
    Eliminated,
    /// "When a creature it can see starts its turn in range": a reaction
    /// against an enemy that starts its turn in range and in sight.
    EnemyTurnStart,
    /// "When it falls prone it crashes down": a reaction over a line its
    /// player points (Timber; ruling P2V-R160).
    Prone,
}

/// What a failed Ferocity roll (1 to 3) does.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Ferocity {
    /// The creature drops to 0 HP or lower as it would have: dying (the rulebook's reaction).
    Dying,
    /// "on 1 to 3 it is eliminated at once" (the later cards).
    Eliminated,
}

/// What a Shield Block reduces.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum BlockAgainst {
    /// "If you take slashing, piercing or bludgeoning damage" (the rulebook's reaction).
    #[default]
    Physical,
    /// "When a hit damages it" (the later cards): any strike's damage.
    Hits,
}

/// Shield Block: a reaction that takes some of the damage.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Block {
    /// How much damage the shield takes.
    pub amount: u16,
    /// Which damage it blocks.
    #[serde(default)]
    pub against: BlockAgainst,
}

/// A teleport: up to `range` squares, from and into terrain with a trait if
/// one is named.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Teleport {
    /// The farthest it goes, in squares (counted as movement: diagonals 1-2).
    pub range: u8,
    /// The terrain it leaves from and lands in (`"difficult"`), if any.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub terrain: Option<String>,
    /// A spell the creature then casts on itself, at a rank ("Ash Form:
    /// Teleports up to 8 squares, then casts enlarge (rank 4) on itself").
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub then_cast: Option<ThenCast>,
}

/// A reaction shielding an ally within reach from damage (Defend the
/// Friends: "If an ally within reach takes damage: Ally does not apply
/// weaknesses to that damage, and further reduces it by 5. Shepherd takes 5
/// damage."; ruling P2V-R148).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Defend {
    /// Damage the ally takes less (after resistance, with no weakness).
    pub less: u16,
    /// Untyped damage the defender takes.
    pub takes: u16,
}

/// A free action taken when a creature it holds takes damage of some
/// types (Parasitic Rejuvenation: "When a creature it holds grabbed within
/// reach takes poison damage, it heals 15 HP and becomes slowed"; ruling
/// P2V-R149).
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Rejuvenate {
    /// HP it heals.
    pub heal: u16,
    /// The damage types that trigger it.
    pub types: Vec<crate::play::damage::DamageType>,
    /// Conditions it then gives itself.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub apply: Vec<Give>,
}

/// Damage of some types that does not harm the creature but heals it
/// (Absorb Shock: "Electricity damage does not harm it: instead it heals 10
/// HP and becomes quickened"; ruling P2V-R151).
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Absorb {
    /// The damage types it absorbs.
    pub types: Vec<crate::play::damage::DamageType>,
    /// HP it heals instead.
    pub heal: u16,
    /// Conditions and statuses it then gets.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub apply: Vec<Give>,
}

/// Conditions one attack's damage of some types gives the creature when it
/// is large enough (Brazier: "Taking 15 or more cold damage from one attack
/// makes it rattled"; ruling P2V-R152).
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Doused {
    /// The damage types that count.
    pub types: Vec<crate::play::damage::DamageType>,
    /// The least damage taken from one attack that counts.
    pub at_least: u16,
    /// The conditions it gets.
    pub apply: Vec<Give>,
}

/// Features the creature cannot use while it has a condition (Brazier:
/// "While rattled it cannot use Flaming Coal or Burn Alive"; ruling P2V-R152).
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Stops {
    /// The condition or status.
    #[serde(rename = "while")]
    pub while_: Give,
    /// The features, by name.
    pub features: Vec<String>,
}

/// What starting its turn on terrain with a trait does to the creature
/// (Smoke Susceptibility: "Starting its turn in heavy smoke leaves it
/// slowed": `turn_start = { on = "concealing", apply = ["slowed"] }`;
/// ruling P2V-R153).
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TurnStart {
    /// The terrain trait.
    pub on: String,
    /// The conditions it gets, before its action points are set.
    pub apply: Vec<Give>,
}

/// A stance taken and left with an action (Reassemble: "Its reach grows by
/// 2 and its Speed shrinks by 2. Spending 1 AP undoes this"; ruling P2V-R154).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Stance {
    /// Squares added to its melee reach (−10 to +10).
    #[serde(default)]
    pub reach: i8,
    /// Squares added to its Speed (−10 to +10).
    #[serde(default)]
    pub speed: i8,
}

/// Which strikes a creature's own concealment answers.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Concealed {
    /// Ranged strikes only ("concealment against ranged attacks").
    Ranged,
    /// Every strike.
    All,
}

/// A straight, fast swim (Jet: "Shoots up to 12 squares in a straight line,
/// through deep or shallow water only; the move triggers no reactions";
/// ruling P2V-R157).
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Jet {
    /// The farthest it goes, in squares along the line.
    pub range: u8,
    /// Terrain traits one of which every square it passes through has
    /// (`["water", "deep water"]`).
    pub through: Vec<String>,
}

impl Jet {
    /// The traits it moves through, checked.
    pub fn traits(&self) -> Option<arbiter_geometry::battle::Traits> {
        let mut t = arbiter_geometry::battle::Traits::NONE;
        for n in &self.through {
            t = t.with(arbiter_geometry::battle::Traits::parse(n)?);
        }
        Some(t)
    }
}

/// A free action taken on a successful save against a spell of a
/// tradition (Primal Sink: "When it succeeds at a save against a primal
/// spell, it gets +2 to Fight, Power, Fortitude, Reflex and Will until the
/// end of its next turn"; ruling P2V-R159).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Sink {
    /// The tradition of the spells it answers.
    pub tradition: crate::spell::Tradition,
    /// What it gives the creature until the end of its next turn.
    pub bonus: Bonus,
}

/// A haven an ally is taken out of play into (Healing Haven: "Remove an
/// adjacent Medium or smaller allied animal from play. At the start of each
/// of its turns, animal heals 5 then can choose to end this effect,
/// returning to an unoccupied space adjacent to the shepherd"; ruling
/// P2V-R147).
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Shelter {
    /// HP the sheltered creature heals at the start of each of its turns.
    pub heal: u16,
    /// The largest size it shelters.
    pub largest: arbiter_geometry::battle::Size,
    /// Card traits, in lower case, of which the ally has one (`["animal"]`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub only: Vec<String>,
}

/// A spell cast on the creature itself after another action, at a rank.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ThenCast {
    /// The spell's name in the catalogue.
    pub spell: String,
    /// The rank it is cast at.
    pub rank: u8,
}

impl Teleport {
    /// The trait it needs, if any (checked on load).
    pub fn trait_needed(&self) -> Option<arbiter_geometry::battle::Traits> {
        self.terrain.as_deref().and_then(arbiter_geometry::battle::Traits::parse)
    }
}

/// A shell: while in it, a bonus to Armor and resistance dice against
/// physical damage; the creature neither moves nor attacks.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Shell {
    /// The bonus to Armor.
    pub armor: u8,
    /// The resistance dice against bludgeoning, piercing and slashing damage.
    pub resist: u8,
}

/// An aura's bonus to its holder's allies within it: "Allies in the aura
/// get +1 Will" (`aura = { save = "will", bonus = 1 }`, on a passive
/// feature whose area is `Emanation N aura`; ruling P2V-R37).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Aura {
    /// The save it helps.
    pub save: SaveKind,
    /// The bonus, +1 to +5.
    pub bonus: i8,
}

/// A reaction that has an ally roll a failed save again: "When an ally
/// within 2 squares fails a Will save, that ally rolls it again and keeps
/// the better result" (`retry = { save = "will", within = 2 }`; ruling
/// P2V-R38); Counter Performance answers any save against a mental or
/// auditory effect (`retry = { within = 8, against = ["mental", "auditory"] }`;
/// ruling P2V-R76).
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Retry {
    /// The save whose failure triggers it (any save when absent).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub save: Option<SaveKind>,
    /// How near the ally must be, in squares.
    pub within: u8,
    /// Only a save against an effect with one of these traits triggers it
    /// (any effect when empty).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub against: Vec<EffectTrait>,
}

/// A trait of an effect that a reaction may answer: "a mental or auditory effect".
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum EffectTrait {
    /// It works on the mind (sleep, fear, charm; mental damage).
    Mental,
    /// It works by sound (a song, a shout).
    Auditory,
}

/// A reaction that braces against named strikes (Catch Rock: "When a Rock
/// strike or an earth power targets it, it gets +4 Armor and +4 to its
/// saves against that attack"; ruling P2V-R44).
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Catch {
    /// The bonus to Armor (and to saves) against the attack.
    pub bonus: u8,
    /// The strikes it answers, by weapon name (`["Rock"]`).
    pub strikes: Vec<String>,
}

/// What a power does after pulling its target: `then = "strike"`, a melee
/// strike against it if it ended adjacent (Hungry Winds; ruling P2V-R40).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Then {
    /// A melee strike against the target if it ended adjacent.
    Strike,
}

/// One choice of a strike with choices: its name and what a hit does.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Choice {
    /// Its name (`sleep`), added to the feature's (`Sprinkle Pixie Dust (sleep)`).
    pub name: String,
    /// What a hit does: damage, persistent damage, conditions, with a save.
    pub hit: Program,
}

/// A lasting spell effect a dispel ends (ruling P2V-R74): control, or a
/// bonus to one of the creature's numbers.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Lasts {
    /// Controlled by the opponent (charm, suggestion).
    Controlled,
    /// A bonus to Fight rolls.
    Fight,
    /// A bonus to Power.
    Power,
    /// A bonus to saves.
    Saves,
    /// A bonus to Armor.
    Armor,
    /// A bonus to Speed.
    Speed,
    /// A bonus to skill checks.
    Skills,
    /// A bonus to melee reach.
    Reach,
    /// A bonus to melee damage.
    Damage,
    /// Resistance dice against physical damage.
    Resist,
}

/// Bonuses for a while: `bonus = { fight = 1 }` (ruling P2V-R64).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Bonus {
    /// To Fight rolls.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub fight: i8,
    /// To Power.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub power: i8,
    /// To saving throws.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub saves: i8,
    /// To Armor.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub armor: i8,
    /// To Speed, in squares.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub speed: i8,
    /// To skill checks.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub skills: i8,
    /// To melee reach, in squares.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub reach: i8,
    /// To the damage of melee strikes.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub damage: i8,
    /// To the damage of ranged strikes (with `damage`: every strike, "+5 damage").
    #[serde(default, skip_serializing_if = "is_zero")]
    pub ranged_damage: i8,
    /// Resistance dice against physical damage ("resist physical 4d6";
    /// ruling P2V-R73).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub resist: i8,
    /// Truesight for a while (1): the creature ignores the invisible and
    /// concealed statuses of creatures (See the Unseen; ruling P2V-R141).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub truesight: i8,
    /// Gentle landing for a while (1): the creature's falls deal no damage
    /// and leave it standing (Gentle Landing; ruling P2V-R142).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub gentle: i8,
    /// Whether it lasts the whole battle rather than until the user's next turn.
    #[serde(default, skip_serializing_if = "is_false")]
    pub battle: bool,
}

fn is_zero(n: &i8) -> bool {
    *n == 0
}

/// The most steps a compound action may have.
pub const MAX_STEPS: usize = 6;

/// Who an area power affects.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Affects {
    /// Every creature in the area but the user ("creatures in the area").
    #[default]
    Creatures,
    /// Only the user's enemies.
    Enemies,
    /// Only the user's allies, the user included (a healing spell).
    Allies,
}

fn is_false(b: &bool) -> bool {
    !*b
}

fn is_default<T: Default + PartialEq>(t: &T) -> bool {
    *t == T::default()
}

/// Terrain a power makes on its area's squares ([`Program::terrain`]).
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MadeTerrain {
    /// What the terrain is called ("wall of thorns").
    pub name: String,
    /// Its traits (`["difficult", "obstructing", "plant"]`).
    pub traits: Vec<String>,
    /// Rounds it lasts: until the end of the round this many rounds after
    /// the one it is made in (0: this round's end); to the end of the
    /// battle when absent.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rounds: Option<u8>,
}

impl MadeTerrain {
    /// Its traits, checked.
    pub fn traits(&self) -> Result<arbiter_geometry::battle::Traits, String> {
        let mut t = arbiter_geometry::battle::Traits::NONE;
        for n in &self.traits {
            let one = arbiter_geometry::battle::Traits::parse(n)
                .ok_or_else(|| format!("'{}' is not a terrain trait", clip(n, 30)))?;
            t = t.with(one);
        }
        Ok(t)
    }
}

/// A feature's effect, as the engine runs it (see the module's doc).
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Program {
    /// Extra damage against off-guard or grabbed targets: on every strike of
    /// the creature (a passive feature) or on this strike.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub extra: Vec<Extra>,
    /// The damage a power deals to each creature it affects.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub damage: Option<Amount>,
    /// Persistent damage it gives.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub persistent: Option<Amount>,
    /// Conditions and statuses it gives.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub apply: Vec<Give>,
    /// The save against it. On a strike: the save that halves or negates
    /// the strike's own damage.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub save: Option<Save>,
    /// Who an area power affects.
    #[serde(default, skip_serializing_if = "is_default")]
    pub affects: Affects,
    /// On a strike: what a hit does besides the strike's damage.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub hit: Option<Box<Program>>,
    /// On a strike: "On a hit it may spend 1 AP to grab the target".
    #[serde(default, skip_serializing_if = "is_false")]
    pub grab: bool,
    /// A compound action: the universal actions it is made of, in order
    /// (`steps = ["stride", "stride", "strike"]`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub steps: Vec<Step>,
    /// The Ferocity reaction: "If you would be reduced to 0 HP or below:
    /// Roll 1d6. On 4–6, set HP to 1 instead"; what 1 to 3 does.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ferocity: Option<Ferocity>,
    /// The Shield Block reaction: "Reduce damage by the specified amount."
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub block: Option<Block>,
    /// When a passive feature or reaction with an effect takes hold by itself.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub when: Option<When>,
    /// The area of a triggered effect whose card gives it in the text
    /// ("creatures in emanation 3"), not on the feature's top line.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub area: Option<crate::Area>,
    /// Regeneration: "Heals 20 HP at the start of its turn. If it is
    /// sickened, it heals nothing and loses the sickened condition instead."
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub regenerate: Option<u16>,
    /// "Taking fire or electricity damage makes it sickened": the damage
    /// types that sicken the creature.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub sickened_by: Vec<crate::play::damage::DamageType>,
    /// A teleport ("Only from difficult terrain: teleports up to 12 squares
    /// into other difficult terrain").
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub teleport: Option<Teleport>,
    /// A shell to pull into ("Pulls into its shell: +4 Armor and resist
    /// physical 4d6, but it can neither move nor attack. Spending 1 AP ends
    /// this").
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub shell: Option<Shell>,
    /// Exhausted: "Anything that would slow it stuns it instead, and
    /// anything else that would stun it eliminates it."
    #[serde(default, skip_serializing_if = "is_false")]
    pub exhausted: bool,
    /// Construct Armor: "Resist all Nd6. Once it is at half HP or less, or a
    /// critical hit damages it, it loses this resistance and its Armor drops"
    /// to the card's reduced Armor; N, the resistance dice.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub construct_armor: Option<u8>,
    /// An aura's bonus to allies within it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub aura: Option<Aura>,
    /// A reaction that has an ally roll a failed save again.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub retry: Option<Retry>,
    /// Squares a failed save pulls the target toward the user ("The
    /// target is pulled 4 (Fortitude negates)"; ruling P2V-R40).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub pull: Option<u8>,
    /// What the user does after the pull.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub then: Option<Then>,
    /// On a triggered effect at elimination: the squares of its area become
    /// concealing terrain until the end of the next round ("Final Night";
    /// ruling P2V-R43).
    #[serde(default, skip_serializing_if = "is_false")]
    pub conceal: bool,
    /// Binds the target and the user on a failed save: both off-guard while
    /// both are up, each attacking only the other ("Vitriol"; ruling P2V-R42).
    #[serde(default, skip_serializing_if = "is_false")]
    pub bind: bool,
    /// A reaction to taking damage of these types: a melee strike against
    /// a random creature within reach ("Furious Flailing"; ruling P2V-R41).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub random_strike: Vec<crate::play::damage::DamageType>,
    /// A reaction bracing against named strikes (Catch Rock; ruling P2V-R44).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub catch: Option<Catch>,
    /// White hairs an adjacent enemy may pull out while the creature is held;
    /// the last one eliminates it (White Hairs; ruling P2V-R45).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub hairs: Option<u8>,
    /// The reaction to losing a hair: strike the puller or Escape (Denuded
    /// Outrage; ruling P2V-R45).
    #[serde(default, skip_serializing_if = "is_false")]
    pub outrage: bool,
    /// On a compound action: "after each hit" — once one of its strikes
    /// does not hit, the action ends (Dance of Burning War; ruling P2V-R46).
    #[serde(default, skip_serializing_if = "is_false")]
    pub chain: bool,
    /// On a passive feature: the powers, by name, one of whose spent uses
    /// comes back when a critical hit lands on the creature (Stoke the
    /// Volcano; ruling P2V-R47).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub regain: Vec<String>,
    /// A reaction to an enemy within reach trying to grab an ally: a melee
    /// strike at it, a hit sparing the ally (Liberating Strike; ruling P2V-R48).
    #[serde(default, skip_serializing_if = "is_false")]
    pub liberate: bool,
    /// Trample: a Stride through creatures smaller than the user and no
    /// larger than this size, each moved through taking `damage` with
    /// `save` (ruling P2V-R49).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub trample: Option<arbiter_geometry::battle::Size>,
    /// On a passive feature: difficult terrain with this trait does not
    /// slow the creature (Forest Stride: `unhindered = "plant"`; ruling P2V-R70).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub unhindered: Option<String>,
    /// On a passive feature: its Strides may drag along an adjacent creature
    /// it has grabbed, no larger than it (Haul Away; ruling P2V-R71).
    #[serde(default, skip_serializing_if = "is_false")]
    pub haul: bool,
    /// On a passive feature: it may Tumble Through an enemy's space, which
    /// leaves that enemy off-guard (Tumble Behind; ruling P2V-R56).
    #[serde(default, skip_serializing_if = "is_false")]
    pub tumble: bool,
    /// On a reaction: the damage a melee strike that hits the user deals back
    /// to its attacker (Thunderbird Tuft: `retaliate = "5 electricity"`;
    /// ruling P2V-R84).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub retaliate: Option<Amount>,
    /// On an action with no range: conditions the user's next weapon strike
    /// that hits gives its target (Basic Poison: `next_hit = ["sickened"]`;
    /// ruling P2V-R83).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub next_hit: Vec<Give>,
    /// On a power aimed at an adjacent creature: the user and the target
    /// trade places (Slippery Ribbon; ruling P2V-R82).
    #[serde(default, skip_serializing_if = "is_false")]
    pub swap: bool,
    /// A mine the user sets in an empty adjacent square: the Power of the
    /// save against it; the first creature to move into that square takes
    /// the effect's `damage`, with its `save` (Explosive Mine; ruling
    /// P2V-R92).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub mine: Option<u8>,
    /// On a power with a range: the card of the creature it brings into
    /// play on a square within range, one waiting out of play per use, as
    /// the user's minion (Awaken Tree; ruling P2V-R94).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub awaken: Option<String>,
    /// HP it heals each creature it affects (a spell: "Heal 5 damage").
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub heal: Option<u16>,
    /// Bonuses it gives each creature it affects until the start of the
    /// user's next turn (a spell: "+1 Armor until the caster's next turn").
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub bonus: Option<Bonus>,
    /// A feature that casts one of these spells over its own area, without
    /// a use of them ("Play the Pipes"; see [`crate::spell::CastsAs`]).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub casts: Option<Box<crate::spell::CastsAs>>,
    /// A strike that does no damage of its own but one of these on a hit,
    /// the attacker's choice when it strikes ("Sprinkle Pixie Dust").
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub choices: Vec<Choice>,
    /// Ends, on the creature it targets, the lasting spell effects of these
    /// kinds (one spell's effect; Dispel Magic, ruling P2V-R74).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub dispel: Vec<Lasts>,
    /// On an area power: it affects only creatures whose space is on a
    /// square with this terrain trait (Control Water: `on = "water"`;
    /// ruling P2V-R77).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub on: Option<String>,
    /// On an area power: it affects only creatures with one of these card
    /// traits, in lower case (Exalt the Little Ones: `only = ["animal"]`;
    /// ruling P2V-R143).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub only: Vec<String>,
    /// On a power with an area, alone (with `only` and `affects`): each
    /// creature it affects but the user may Step at once, in roster order,
    /// its player choosing where or passing (Encircling Command; ruling
    /// P2V-R145).
    #[serde(default, skip_serializing_if = "is_false")]
    pub allies_step: bool,
    /// On a reaction, alone: conditions the attacker gets when its melee
    /// weapon critically hits the creature (Amber Tomb: `on_critical =
    /// ["rattled"]`; ruling P2V-R150).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub on_critical: Vec<Give>,
    /// On a free action, alone: heals when a creature it holds grabbed
    /// within reach takes damage of these types (Parasitic Rejuvenation;
    /// ruling P2V-R149).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rejuvenate: Option<Rejuvenate>,
    /// On a reaction, alone: shields an ally within reach from damage
    /// about to be dealt to it (Defend the Friends; ruling P2V-R148).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub defend: Option<Defend>,
    /// On a 1-AP action aimed at an adjacent ally, alone: takes it out of
    /// play into a haven (Healing Haven; ruling P2V-R147).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub shelter: Option<Shelter>,
    /// On a compound action with two strike steps: they are at one target,
    /// and if both hit, their damage is dealt as one, with extra damage
    /// (Sneak Attack) once (Double Slice; ruling P2V-R144).
    #[serde(default, skip_serializing_if = "is_false")]
    pub together: bool,
    /// On a passive feature, alone: an effect calling for this save that
    /// has the creature as its only target does not affect it (Swarm Mind:
    /// `lone_immune = "will"`; ruling P2V-R143).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub lone_immune: Option<SaveKind>,
    /// A caster feature: its tradition, rank and spells (see [`crate::spell`]).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub spells: Option<Box<crate::spell::Caster>>,
    /// On a power with an area, alone: the area's squares become terrain
    /// with these traits for a while (Darkness, Wall of Thorns; ruling
    /// P2V-R140).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub terrain: Option<MadeTerrain>,
    /// On a power with an area, alone: the area's solid squares become open
    /// ground until the end of the battle (Magic Passage; ruling P2V-R142).
    #[serde(default, skip_serializing_if = "is_false")]
    pub open: bool,
    /// On a passive feature, alone: damage of these types heals it instead
    /// (Absorb Shock; ruling P2V-R151).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub absorb: Option<Absorb>,
    /// On a power: the condition or status the user must have to use it
    /// (Lightning Blast: `needs = "quickened"`; ruling P2V-R151).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub needs: Option<Give>,
    /// On a passive feature (with `stops` or alone): conditions that enough
    /// damage of some types from one attack gives it (Brazier; ruling P2V-R152).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub doused: Option<Doused>,
    /// On a passive feature (with `doused` or alone): features it cannot
    /// use while it has a condition (Brazier; ruling P2V-R152).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub stops: Option<Stops>,
    /// On a power aimed at one creature in reach: only at a creature the
    /// user holds grabbed (Burn Alive; ruling P2V-R152).
    #[serde(default, skip_serializing_if = "is_false")]
    pub held: bool,
    /// Swallow Whole (COMMON FEATURES): on a `held` 1-AP power aimed at one
    /// creature in reach, with its `damage` and a Reflex save that negates:
    /// a target of this size or smaller that fails is swallowed, and takes
    /// the damage then and at the start of each of its turns (ruling
    /// P2V-R163).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub swallow: Option<arbiter_geometry::battle::Size>,
    /// On a passive feature, alone: what starting its turn on terrain with
    /// a trait does to it (Smoke Susceptibility; ruling P2V-R153).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub turn_start: Option<TurnStart>,
    /// On a 1-AP action, alone: a stance it takes, and leaves with the same
    /// action (Reassemble; ruling P2V-R154).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub stance: Option<Stance>,
    /// On an action with no range or area, alone: a strike with this
    /// weapon against every enemy within its reach (Vine Lash; ruling P2V-R155).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub sweep: Option<String>,
    /// On an action with no range or area: the user has concealment against
    /// these strikes until its next turn starts (Evasive Swarm; ruling P2V-R156).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub concealed: Option<Concealed>,
    /// On a power: only once the user has moved at least 1 square this turn
    /// (Evasive Swarm; ruling P2V-R156).
    #[serde(default, skip_serializing_if = "is_false")]
    pub after_moving: bool,
    /// On a reaction, alone: statuses it gets when it Strides, until its
    /// next turn starts (Vanishing Leap: `on_stride = ["invisible"]`;
    /// ruling P2V-R156).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub on_stride: Vec<Give>,
    /// On a strike: conditions a hit may give its target for 1 more AP
    /// (Tentacle: "On a hit it may spend 1 AP to make the target
    /// encumbered": `spend = ["encumbered"]`; ruling P2V-R157).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub spend: Vec<Give>,
    /// On a passive feature, alone: when an adjacent encumbered enemy
    /// moves, the creature is dragged along behind it (Clinging Suckers;
    /// ruling P2V-R157).
    #[serde(default, skip_serializing_if = "is_false")]
    pub cling: bool,
    /// On an action with no range or area, alone: a straight move through
    /// terrain of some traits that opens no reactions (Jet; ruling P2V-R157).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub jet: Option<Jet>,
    /// On an action with no range or area, alone: terrain it puts on an
    /// empty square adjacent to the user (Feather Token (Ladder): `place =
    /// { name = "ladder", traits = ["incline"] }`; ruling P2V-R162).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub place: Option<MadeTerrain>,
    /// On a reaction with `when = "prone"`: the damage the creature takes
    /// itself ("it takes 10 bludgeoning damage itself"; ruling P2V-R160).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub itself: Option<Amount>,
    /// On a passive feature, alone: the highest d6 on which a critically
    /// failed strike's Fight roll or Reflex save leaves it prone (Shaky
    /// Footing: "roll 1d6: on 1 to 3 it falls prone": `stumble = 3`;
    /// ruling P2V-R158).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub stumble: Option<u8>,
    /// On a free action, alone: bonuses on a successful save against a
    /// spell of a tradition (Primal Sink; ruling P2V-R159).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub sink: Option<Sink>,
}

impl Program {
    /// Whether it does anything to a target (damage, persistent damage or a condition).
    pub fn touches(&self) -> bool {
        self.damage.is_some()
            || self.persistent.is_some()
            || !self.apply.is_empty()
            || self.pull.is_some()
            || self.bind
            || self.heal.is_some()
            || self.bonus.is_some()
            || !self.dispel.is_empty()
    }

    /// Checks that the effect fits its feature: strikes carry riders, other
    /// actions with a range or area are powers, passive features only give
    /// extra damage. Returns the key at fault and why.
    pub fn check(&self, action: crate::Action, area: Option<crate::Area>, strike: bool) -> Result<(), String> {
        use crate::Action as A;
        if let Some(a) = &self.absorb {
            if action != A::Passive || strike || area.is_some() {
                return Err("`absorb` belongs to a passive feature with no range or area".into());
            }
            if a.types.is_empty() || a.types.len() > 16 || a.heal > 999 || a.apply.len() > 8 {
                return Err("`absorb` names 1 to 16 damage types and heals 0 to 999 HP".into());
            }
            if *self != (Program { absorb: self.absorb.clone(), ..Program::default() }) {
                return Err("`absorb` stands alone in an effect".into());
            }
            return Ok(());
        }
        if self.doused.is_some() || self.stops.is_some() {
            if action != A::Passive || strike || area.is_some() {
                return Err("`doused` and `stops` belong to a passive feature with no range or area".into());
            }
            if let Some(d) = &self.doused
                && (d.types.is_empty()
                    || d.types.len() > 16
                    || d.at_least == 0
                    || d.at_least > 999
                    || d.apply.is_empty())
            {
                return Err("`doused` names 1 to 16 damage types, 1 to 999 damage and the conditions it gives".into());
            }
            if let Some(st) = &self.stops
                && (st.features.is_empty()
                    || st.features.len() > 8
                    || st.features.iter().any(|n| n.trim().is_empty() || n.chars().count() > 60))
            {
                return Err("`stops` names 1 to 8 features (at most 60 characters each)".into());
            }
            if *self != (Program { doused: self.doused.clone(), stops: self.stops.clone(), ..Program::default() }) {
                return Err("`doused` and `stops` stand alone in an effect".into());
            }
            return Ok(());
        }
        if let Some(t) = &self.turn_start {
            if action != A::Passive || strike || area.is_some() {
                return Err("`turn_start` belongs to a passive feature with no range or area".into());
            }
            if arbiter_geometry::battle::Traits::parse(&t.on).is_none() {
                return Err(format!("'{}' is not a terrain trait", clip(&t.on, 30)));
            }
            if t.apply.is_empty() || t.apply.len() > 8 {
                return Err("`turn_start` gives 1 to 8 conditions".into());
            }
            if *self != (Program { turn_start: self.turn_start.clone(), ..Program::default() }) {
                return Err("`turn_start` stands alone in an effect".into());
            }
            return Ok(());
        }
        if let Some(t) = &self.place {
            if !matches!(action, A::One | A::Two) || strike || area.is_some() {
                return Err("`place` belongs to a 1- or 2-AP action with no range or area".into());
            }
            if t.name.trim().is_empty() || t.name.chars().count() > 40 {
                return Err("a placed terrain's name is 1 to 40 characters".into());
            }
            if t.traits()? == arbiter_geometry::battle::Traits::NONE || t.traits.len() > 6 {
                return Err("a placed terrain has 1 to 6 traits".into());
            }
            if t.rounds.is_some_and(|r| r > 10) {
                return Err("a placed terrain lasts 0 to 10 rounds, or the battle".into());
            }
            if *self != (Program { place: self.place.clone(), ..Program::default() }) {
                return Err("`place` stands alone in an effect".into());
            }
            return Ok(());
        }
        if self.itself.is_some() && self.when != Some(When::Prone) {
            return Err("`itself` is for `when = \"prone\"`".into());
        }
        if let Some(n) = self.stumble {
            if action != A::Passive || strike || area.is_some() {
                return Err("`stumble` belongs to a passive feature with no range or area".into());
            }
            if !(1..=5).contains(&n) {
                return Err("`stumble` is the highest d6, 1 to 5, that leaves it prone".into());
            }
            if *self != (Program { stumble: self.stumble, ..Program::default() }) {
                return Err("`stumble` stands alone in an effect".into());
            }
            return Ok(());
        }
        if let Some(k) = self.sink {
            if action != A::Free || strike || area.is_some() {
                return Err("`sink` belongs to a free action with no range or area".into());
            }
            let b = k.bonus;
            let all = [b.fight, b.power, b.saves, b.armor, b.speed, b.skills];
            if all.iter().any(|n| !(0..=5).contains(n)) || all.iter().all(|n| *n == 0) || b.battle {
                return Err("`sink` gives +1 to +5 to fight, power, saves, armor, speed or skills".into());
            }
            if b.reach != 0
                || b.damage != 0
                || b.ranged_damage != 0
                || b.resist != 0
                || b.truesight != 0
                || b.gentle != 0
            {
                return Err("`sink` gives +1 to +5 to fight, power, saves, armor, speed or skills".into());
            }
            if *self != (Program { sink: self.sink, ..Program::default() }) {
                return Err("`sink` stands alone in an effect".into());
            }
            return Ok(());
        }
        if !self.spend.is_empty() && (!strike || self.spend.len() > 4) {
            return Err("`spend` belongs to a strike and gives 1 to 4 conditions".into());
        }
        if self.cling {
            if action != A::Passive || strike || area.is_some() {
                return Err("`cling` belongs to a passive feature with no range or area".into());
            }
            if *self != (Program { cling: true, ..Program::default() }) {
                return Err("`cling` stands alone in an effect".into());
            }
            return Ok(());
        }
        if let Some(j) = &self.jet {
            if !matches!(action, A::One | A::Two) || strike || area.is_some() {
                return Err("`jet` belongs to a 1- or 2-AP action with no range or area".into());
            }
            if j.range == 0 || j.range > 60 {
                return Err("a jet goes 1 to 60 squares".into());
            }
            if j.through.is_empty() || j.through.len() > 8 || j.traits().is_none() {
                return Err("a jet names 1 to 8 terrain traits it moves through (`[\"water\", \"deep water\"]`)".into());
            }
            if *self != (Program { jet: self.jet.clone(), ..Program::default() }) {
                return Err("`jet` stands alone in an effect".into());
            }
            return Ok(());
        }
        if let Some(st) = self.stance {
            if action != A::One || strike || area.is_some() {
                return Err("`stance` belongs to a 1-AP action with no range or area".into());
            }
            if !(-10..=10).contains(&st.reach) || !(-10..=10).contains(&st.speed) || st == Stance::default() {
                return Err("a stance changes reach or Speed by −10 to +10 squares".into());
            }
            if *self != (Program { stance: self.stance, ..Program::default() }) {
                return Err("`stance` stands alone in an effect".into());
            }
            return Ok(());
        }
        if let Some(w) = &self.sweep {
            if !matches!(action, A::One | A::Two) || strike || area.is_some() {
                return Err("`sweep` belongs to a 1- or 2-AP action with no range or area".into());
            }
            if w.trim().is_empty() || w.chars().count() > 40 {
                return Err("`sweep` names one of the card's melee strikes".into());
            }
            if *self != (Program { sweep: self.sweep.clone(), ..Program::default() }) {
                return Err("`sweep` stands alone in an effect".into());
            }
            return Ok(());
        }
        if !self.on_stride.is_empty() {
            if action != A::Reaction || strike || area.is_some() {
                return Err("`on_stride` belongs to a reaction with no range or area".into());
            }
            if self.on_stride.iter().any(|g| !matches!(g, Give::Invisible | Give::Quickened)) {
                return Err("`on_stride` gives the statuses invisible or quickened".into());
            }
            if *self != (Program { on_stride: self.on_stride.clone(), ..Program::default() }) {
                return Err("`on_stride` stands alone in an effect".into());
            }
            return Ok(());
        }
        if self.concealed.is_some() {
            if !matches!(action, A::One | A::Two | A::OncePerTurn | A::Free) || strike || area.is_some() {
                return Err("`concealed` belongs to an action with no range or area (it conceals the user)".into());
            }
            let alone = Program { concealed: self.concealed, after_moving: self.after_moving, ..Program::default() };
            if *self != alone {
                return Err("`concealed` goes with `after_moving` alone".into());
            }
            return Ok(());
        }
        if self.after_moving && (strike || matches!(action, A::Passive | A::Reaction)) {
            return Err("`after_moving` belongs to an action that is not a strike".into());
        }
        if self.needs.is_some() && (strike || !matches!(action, A::One | A::Two | A::OncePerTurn | A::Free)) {
            return Err("`needs` belongs to a power (an action that is not a strike)".into());
        }
        if self.held
            && (strike
                || !matches!(action, A::One | A::Two)
                || !matches!(area.or(self.area), Some(crate::Area::Melee(_)))
                || self.affects == Affects::Allies)
        {
            return Err(
                "`held` belongs to a 1- or 2-AP power aimed at one creature in reach (`area = \"Melee\"`)".into()
            );
        }
        if let Some(c) = &self.spells {
            if action != A::Passive || strike || area.is_some() {
                return Err("`spells` belongs to a passive caster feature with no range or area".into());
            }
            if *self != (Program { spells: self.spells.clone(), ..Program::default() }) {
                return Err("`spells` stands alone in an effect".into());
            }
            return c.check();
        }
        if self.open {
            let a = area.or(self.area);
            if !matches!(action, A::One | A::Two) || strike || a.is_none_or(|a| a.single_target()) {
                return Err("`open` belongs to a 1- or 2-AP power with an area".into());
            }
            if *self != (Program { open: true, area: self.area, ..Program::default() }) {
                return Err("`open` stands alone in an effect".into());
            }
            return Ok(());
        }
        if let Some(t) = &self.terrain {
            let a = area.or(self.area);
            if !matches!(action, A::One | A::Two) || strike || a.is_none_or(|a| a.single_target()) {
                return Err(
                    "`terrain` belongs to a 1- or 2-AP power with an area (a burst, line, cone or emanation)".into()
                );
            }
            if t.name.trim().is_empty() || t.name.chars().count() > 40 {
                return Err("a made terrain's name is 1 to 40 characters".into());
            }
            if t.traits()? == arbiter_geometry::battle::Traits::NONE || t.traits.len() > 6 {
                return Err("a made terrain has 1 to 6 traits".into());
            }
            if t.rounds.is_some_and(|r| r > 10) {
                return Err("a made terrain lasts 0 to 10 rounds, or the battle".into());
            }
            if *self != (Program { terrain: self.terrain.clone(), area: self.area, ..Program::default() }) {
                return Err("`terrain` stands alone in an effect".into());
            }
            return Ok(());
        }
        if !self.choices.is_empty() {
            let range = if area.is_some() && self.area.is_some() { None } else { area.or(self.area) };
            if !matches!(action, A::One | A::Two) || !range.is_some_and(|a| a.single_target()) {
                return Err(
                    "`choices` belong to a 1- or 2-AP action with a range (on the feature or `area = \"Ranged 20\"`)"
                        .into(),
                );
            }
            if self.choices.len() < 2 || self.choices.len() > 4 {
                return Err("a strike has 2 to 4 choices".into());
            }
            if *self != (Program { choices: self.choices.clone(), area: self.area, ..Program::default() }) {
                return Err("`choices` stand alone in an effect".into());
            }
            for c in &self.choices {
                let n = c.name.trim();
                if n.is_empty() || n.chars().count() > 20 {
                    return Err("a choice's name is 1 to 20 characters".into());
                }
                let h = &c.hit;
                if !h.touches() || h.heal.is_some() || h.bonus.is_some() || h.hit.is_some() || !h.steps.is_empty() {
                    return Err(format!(
                        "choice {n}: a hit gives damage, persistent damage or conditions, with a save"
                    ));
                }
                if h.save.is_some_and(|s| s.outcome == Outcome::Half) && h.damage.is_none() {
                    return Err(format!("choice {n}: a save that halves needs damage to halve"));
                }
            }
            return Ok(());
        }
        if let Some(c) = &self.casts {
            let shape = if area.is_some() && self.area.is_some() { None } else { area.or(self.area) };
            if !matches!(action, A::One | A::Two) || strike || shape.is_none_or(|a| a.single_target()) {
                return Err(
                    "`casts` belongs to a 1- or 2-AP action with an area (on the feature or `area = \"Emanation 6\"`)"
                        .into(),
                );
            }
            if *self != (Program { casts: self.casts.clone(), area: self.area, ..Program::default() }) {
                return Err("`casts` stands alone in an effect".into());
            }
            return c.check();
        }
        if let Some(b) = self.bonus {
            let all = [b.fight, b.power, b.saves, b.armor, b.speed, b.skills, b.reach, b.resist, b.truesight, b.gentle];
            if all.iter().any(|n| !(0..=5).contains(n))
                || !(0..=20).contains(&b.damage)
                || !(0..=20).contains(&b.ranged_damage)
                || (all.iter().all(|n| *n == 0) && b.damage == 0 && b.ranged_damage == 0)
            {
                return Err(
                    "a bonus gives +1 to +5 to fight, power, saves, armor, speed, skills, reach or resist (dice), or truesight = 1"
                        .into(),
                );
            }
            if strike || self.save.is_some() || self.affects == Affects::Enemies {
                return Err("a bonus is a power's, with no save, for the user or its allies".into());
            }
        }
        if self.heal.is_some_and(|n| n == 0 || n > 999) {
            return Err("a creature heals 1 to 999 HP".into());
        }
        if self.heal.is_some()
            && (strike || self.save.is_some() || self.damage.is_some() || self.affects == Affects::Enemies)
        {
            return Err("healing is a power's, with no save or damage, for allies".into());
        }
        if let Some(h) = &self.hit {
            let steps_strike = self.steps.iter().any(|s| matches!(s, Step::Strike { .. }));
            // A power with a save: what a target that fails it also suffers
            // ("A target that fails that save also takes 10 poison damage
            // (Fortitude negates)"; ruling P2V-R143).
            let power_failed = !strike
                && self.steps.is_empty()
                && self.save.is_some()
                && matches!(action, A::One | A::Two)
                && area.or(self.area).is_some();
            if !strike && !steps_strike && !power_failed {
                return Err(
                    "only a strike, a compound action with a strike step, or a power with a save has `hit` effects"
                        .into(),
                );
            }
            if h.hit.is_some()
                || h.grab
                || !h.extra.is_empty()
                || h.affects != Affects::default()
                || !h.steps.is_empty()
            {
                return Err("`hit` may give damage, persistent damage and conditions, with a save".into());
            }
            if !h.touches() {
                return Err("`hit` gives nothing: add damage, persistent or apply".into());
            }
            if h.save.is_some_and(|s| s.outcome == Outcome::Half) && h.damage.is_none() {
                return Err("a save that halves needs damage to halve".into());
            }
        }
        if let Some(sh) = self.shell {
            if action != A::Two || strike || area.is_some() {
                return Err("a shell is an action costing 2 AP, with no range or area".into());
            }
            if sh.armor > 10 || sh.resist == 0 || usize::from(sh.resist) > arbiter_core::MAX_DICE {
                return Err(format!(
                    "a shell gives 0 to +10 Armor and 1 to {} resistance dice",
                    arbiter_core::MAX_DICE
                ));
            }
            if *self != (Program { shell: self.shell, ..Program::default() }) {
                return Err("`shell` stands alone in an effect".into());
            }
            return Ok(());
        }
        if let Some(t) = &self.teleport {
            if !matches!(action, A::One | A::Two) || strike || area.is_some() {
                return Err("a teleport is an action costing 1 or 2 AP, with no range or area of its own".into());
            }
            if t.range == 0 || t.range > 60 {
                return Err("a teleport goes 1 to 60 squares".into());
            }
            if let Some(c) = &t.then_cast {
                let book = crate::spell::SpellBook::starter_ref().map_err(|e| e.to_string())?;
                let sp = book.get(&c.spell).ok_or_else(|| format!("'{}' is not in the spell catalogue", c.spell))?;
                if c.rank < sp.rank.max(1) || c.rank > crate::spell::MAX_RANK {
                    return Err(format!(
                        "{} is cast at rank {} to {}",
                        sp.name,
                        sp.rank.max(1),
                        crate::spell::MAX_RANK
                    ));
                }
            }
            if t.terrain.is_some() && t.trait_needed().is_none() {
                return Err(format!("'{}' is not a terrain trait", t.terrain.as_deref().unwrap_or("")));
            }
            if *self != (Program { teleport: self.teleport.clone(), ..Program::default() }) {
                return Err("`teleport` stands alone in an effect".into());
            }
            return Ok(());
        }
        if !self.dispel.is_empty() {
            if !matches!(action, A::One | A::Two)
                || strike
                || !matches!(area, Some(crate::Area::Melee(_) | crate::Area::Ranged { .. }))
            {
                return Err("`dispel` belongs to a 1- or 2-AP power aimed at one creature (Melee or Ranged)".into());
            }
            if self.dispel.len() > 10 {
                return Err("`dispel` names 1 to 10 kinds of effect".into());
            }
            if *self != (Program { dispel: self.dispel.clone(), ..Program::default() }) {
                return Err("`dispel` stands alone in an effect".into());
            }
            return Ok(());
        }
        if let Some(t) = &self.on {
            if arbiter_geometry::battle::Traits::parse(t).is_none() {
                return Err(format!("'{}' is not a terrain trait", clip(t, 30)));
            }
            if strike || area.or(self.area).is_none_or(|a| a.single_target()) || !self.touches() {
                return Err("`on` belongs to a power with an area that gives something".into());
            }
        }
        if self.pull.is_some_and(|n| n == 0 || n > 10) {
            return Err("a pull moves its target 1 to 10 squares".into());
        }
        if self.then.is_some() && self.pull.is_none() {
            return Err("`then` follows a pull (`pull = 4`)".into());
        }
        if (self.pull.is_some() || self.then.is_some()) && (strike || self.hit.is_some()) {
            return Err("`pull` and `then` belong to a power, not a strike".into());
        }
        if self.bind
            && (strike
                || self.hit.is_some()
                || self.save.is_none()
                || !matches!(area, Some(crate::Area::Melee(_) | crate::Area::Ranged { .. })))
        {
            return Err("`bind` belongs to a power aimed at one creature, with a save".into());
        }
        if let Some(a) = self.aura {
            if action != A::Passive || strike || !matches!(area, Some(crate::Area::Emanation { aura: true, .. })) {
                return Err(
                    "an aura belongs to a passive feature whose area is an aura (area = \"Emanation 1 aura\")".into()
                );
            }
            if !(1..=5).contains(&a.bonus) {
                return Err("an aura gives +1 to +5".into());
            }
            if *self != (Program { aura: self.aura, ..Program::default() }) {
                return Err("`aura` stands alone in an effect".into());
            }
            return Ok(());
        }
        let sole = |key: &str, on: crate::Action, alone: Program| -> Result<(), String> {
            if action != on || strike || area.is_some() {
                let place = if on == A::Reaction { "a reaction (action = \"reaction\")" } else { "a passive feature" };
                return Err(format!("`{key}` belongs to {place} with no range or area"));
            }
            if *self != alone {
                return Err(format!("`{key}` stands alone in an effect"));
            }
            Ok(())
        };
        let only = Program::default;
        if !self.random_strike.is_empty() {
            return sole("random_strike", A::Reaction, Program { random_strike: self.random_strike.clone(), ..only() });
        }
        if !self.regain.is_empty() {
            if self.regain.len() > 8 || self.regain.iter().any(|n| n.trim().is_empty() || n.len() > 60) {
                return Err("`regain` names 1 to 8 powers (at most 60 characters each)".into());
            }
            return sole("regain", A::Passive, Program { regain: self.regain.clone(), ..only() });
        }
        if let Some(n) = self.hairs {
            if !(1..=20).contains(&n) {
                return Err("a creature has 1 to 20 hairs".into());
            }
            return sole("hairs", A::Passive, Program { hairs: self.hairs, ..only() });
        }
        if self.haul {
            return sole("haul", A::Passive, Program { haul: true, ..only() });
        }
        if self.tumble {
            return sole("tumble", A::Passive, Program { tumble: true, ..only() });
        }
        if self.retaliate.is_some() {
            return sole("retaliate", A::Reaction, Program { retaliate: self.retaliate, ..only() });
        }
        if !self.next_hit.is_empty() {
            if strike || area.is_some() || matches!(action, A::Passive | A::Reaction) {
                return Err(
                    "`next_hit` belongs to an action with no range or area (it readies the user's weapon)".into()
                );
            }
            if *self != (Program { next_hit: self.next_hit.clone(), ..only() }) {
                return Err("`next_hit` stands alone in an effect".into());
            }
            return Ok(());
        }
        if let Some(card) = &self.awaken {
            if strike || !matches!(area, Some(crate::Area::Ranged { .. })) || !matches!(action, A::One | A::Two) {
                return Err("`awaken` belongs to a 1- or 2-AP action with a range (`area = \"Ranged 24\"`)".into());
            }
            if card.trim().is_empty() || card.chars().count() > 60 {
                return Err("`awaken` names a card of the bestiary".into());
            }
            if *self != (Program { awaken: self.awaken.clone(), ..Program::default() }) {
                return Err("`awaken` stands alone in an effect".into());
            }
            return Ok(());
        }
        if let Some(power) = self.mine {
            if strike || area.is_some() || !matches!(action, A::One | A::Two) {
                return Err("a mine is an action costing 1 or 2 AP, with no range or area".into());
            }
            if power == 0 || power > 60 {
                return Err("a mine's Power is 1 to 60".into());
            }
            let (Some(_), Some(_)) = (self.damage, self.save) else {
                return Err("a mine needs `damage` and the `save` against it".into());
            };
            if *self != (Program { mine: self.mine, damage: self.damage, save: self.save, ..Program::default() }) {
                return Err("`mine` goes with `damage` and `save` only".into());
            }
            return Ok(());
        }
        if self.swap {
            if strike || !matches!(area, Some(crate::Area::Melee(_))) || action == A::Passive || action == A::Reaction {
                return Err("`swap` belongs to an action aimed at an adjacent creature (`area = \"Melee\"`)".into());
            }
            if *self != (Program { swap: true, ..only() }) {
                return Err("`swap` stands alone in an effect".into());
            }
            return Ok(());
        }
        if let Some(t) = &self.unhindered {
            if arbiter_geometry::battle::Traits::parse(t).is_none() {
                return Err(format!("'{}' is not a terrain trait", clip(t, 30)));
            }
            return sole("unhindered", A::Passive, Program { unhindered: self.unhindered.clone(), ..only() });
        }
        if self.swallow.is_some() {
            if action != A::One || strike || !matches!(area, Some(crate::Area::Melee(_))) {
                return Err(
                    "Swallow Whole is an action costing 1 AP aimed at a creature in reach (`area = \"Melee\"`)".into(),
                );
            }
            let reflex_negates = self.save.is_some_and(|v| v.kind == SaveKind::Reflex && v.outcome == Outcome::Negates);
            if self.damage.is_none() || !reflex_negates || !self.held {
                return Err("Swallow Whole needs `held = true`, its `damage` and `save = \"reflex negates\"`".into());
            }
            let allowed = Program {
                swallow: self.swallow,
                damage: self.damage,
                save: self.save,
                held: true,
                ..Program::default()
            };
            if *self != allowed {
                return Err("Swallow Whole has only `swallow`, `damage`, `save` and `held`".into());
            }
            return Ok(());
        }
        if self.trample.is_some() {
            if action != A::Two || strike || area.is_some() {
                return Err("a trample is an action costing 2 AP, with no range or area".into());
            }
            if self.damage.is_none() || self.save.is_none() {
                return Err("a trample needs the damage it deals and the save against it".into());
            }
            let allowed = Program { trample: self.trample, damage: self.damage, save: self.save, ..Program::default() };
            if *self != allowed {
                return Err("a trample has only `trample`, `damage` and `save`".into());
            }
            return Ok(());
        }
        if self.liberate {
            return sole("liberate", A::Reaction, Program { liberate: true, ..only() });
        }
        if self.outrage {
            return sole("outrage", A::Reaction, Program { outrage: true, ..only() });
        }
        if let Some(c) = &self.catch {
            if !(1..=10).contains(&c.bonus) {
                return Err("`catch` gives +1 to +10".into());
            }
            if c.strikes.is_empty()
                || c.strikes.len() > 8
                || c.strikes.iter().any(|n| n.trim().is_empty() || n.len() > 40)
            {
                return Err("`catch` names 1 to 8 strikes, by weapon name (at most 40 characters each)".into());
            }
            return sole("catch", A::Reaction, Program { catch: self.catch.clone(), ..only() });
        }
        if let Some(r) = &self.retry {
            if action != A::Reaction || strike || area.is_some() {
                return Err("`retry` belongs to a reaction (action = \"reaction\") with no range or area".into());
            }
            if r.within == 0 || r.within > 60 {
                return Err("`retry` reaches allies 1 to 60 squares away".into());
            }
            if r.save.is_none() && r.against.is_empty() {
                return Err("`retry` names the save (`save = \"will\"`) or the effects it answers (`against`)".into());
            }
            if *self != (Program { retry: self.retry.clone(), ..Program::default() }) {
                return Err("`retry` stands alone in an effect".into());
            }
            return Ok(());
        }
        if self.together && self.steps.iter().filter(|s| matches!(s, Step::Strike { .. })).count() != 2 {
            return Err("`together` belongs to a compound action with two strike steps".into());
        }
        if !self.on_critical.is_empty() {
            if action != A::Reaction || strike {
                return Err("`on_critical` belongs to a reaction".into());
            }
            if self.on_critical.len() > 8 {
                return Err("`on_critical` gives 1 to 8 conditions".into());
            }
            if *self != (Program { on_critical: self.on_critical.clone(), ..Program::default() }) {
                return Err("`on_critical` stands alone in an effect".into());
            }
            return Ok(());
        }
        if let Some(r) = &self.rejuvenate {
            if action != A::Free || strike {
                return Err("`rejuvenate` belongs to a free action".into());
            }
            if r.heal == 0 || r.heal > 999 || r.types.is_empty() || r.types.len() > 16 || r.apply.len() > 8 {
                return Err("`rejuvenate` heals 1 to 999 HP on 1 to 16 damage types".into());
            }
            if *self != (Program { rejuvenate: self.rejuvenate.clone(), ..Program::default() }) {
                return Err("`rejuvenate` stands alone in an effect".into());
            }
            return Ok(());
        }
        if let Some(d) = self.defend {
            if action != A::Reaction || strike {
                return Err("`defend` belongs to a reaction".into());
            }
            if d.less == 0 || d.less > 999 || d.takes > 999 {
                return Err("`defend` spares 1 to 999 damage and costs 0 to 999".into());
            }
            if *self != (Program { defend: self.defend, ..Program::default() }) {
                return Err("`defend` stands alone in an effect".into());
            }
            return Ok(());
        }
        if let Some(h) = &self.shelter {
            let a = area.or(self.area);
            if !matches!(action, A::One | A::Two) || strike || !matches!(a, Some(crate::Area::Melee(None | Some(1)))) {
                return Err(
                    "`shelter` belongs to a 1- or 2-AP action aimed at an adjacent creature (`area = \"Melee\"`)"
                        .into(),
                );
            }
            if h.heal > 999 || h.only.len() > 8 || h.only.iter().any(|t| t.trim().is_empty() || t.chars().count() > 30)
            {
                return Err("a shelter heals 0 to 999 HP and names 0 to 8 traits".into());
            }
            if *self != (Program { shelter: self.shelter.clone(), area: self.area, ..Program::default() }) {
                return Err("`shelter` stands alone in an effect".into());
            }
            return Ok(());
        }
        if self.allies_step {
            let a = area.or(self.area);
            if !matches!(action, A::One | A::Two | A::OncePerTurn | A::Free)
                || strike
                || a.is_none_or(|a| a.single_target())
            {
                return Err("`allies_step` belongs to an action with an area".into());
            }
            let alone = Program {
                allies_step: true,
                only: self.only.clone(),
                affects: self.affects,
                area: self.area,
                ..Program::default()
            };
            if *self != alone || self.affects != Affects::Allies {
                return Err("`allies_step` goes with `affects = \"allies\"` and `only` alone".into());
            }
            return Ok(());
        }
        if self.lone_immune.is_some() {
            if action != A::Passive || strike {
                return Err("`lone_immune` belongs to a passive feature".into());
            }
            if *self != (Program { lone_immune: self.lone_immune, ..Program::default() }) {
                return Err("`lone_immune` stands alone in an effect".into());
            }
            return Ok(());
        }
        if !self.only.is_empty() {
            let a = area.or(self.area);
            if strike || a.is_none_or(|a| a.single_target()) || !(self.touches() || self.allies_step) {
                return Err("`only` belongs to a power with an area that does something".into());
            }
            if self.only.len() > 8 || self.only.iter().any(|t| t.trim().is_empty() || t.chars().count() > 30) {
                return Err("`only` names 1 to 8 traits".into());
            }
        }
        if self.exhausted || self.construct_armor.is_some() {
            if action != A::Passive || strike {
                return Err("`exhausted` and `construct_armor` belong to a passive feature".into());
            }
            if self.construct_armor.is_some_and(|n| n == 0 || usize::from(n) > arbiter_core::MAX_DICE) {
                return Err(format!("construct armor resists with 1 to {} dice", arbiter_core::MAX_DICE));
            }
            if *self
                != (Program { exhausted: self.exhausted, construct_armor: self.construct_armor, ..Program::default() })
            {
                return Err("`exhausted` and `construct_armor` stand alone in an effect".into());
            }
            return Ok(());
        }
        if self.regenerate.is_some() || !self.sickened_by.is_empty() {
            if action != A::Passive || strike {
                return Err("`regenerate` and `sickened_by` belong to a passive feature".into());
            }
            if self.regenerate.is_some_and(|n| n == 0 || n > 999) {
                return Err("a creature regenerates 1 to 999 HP".into());
            }
            if self.touches() || self.when.is_some() || !self.steps.is_empty() || self.save.is_some() {
                return Err("`regenerate` and `sickened_by` stand alone in an effect".into());
            }
            return Ok(());
        }
        if self.area.is_some() && (self.when.is_none() || area.is_some()) {
            return Err("`area` in an effect is for a triggered effect whose feature has none".into());
        }
        let area = area.or(self.area);
        if let Some(when) = self.when {
            let (cost, shape_ok) = match when {
                When::Eliminated => (A::Passive, matches!(area, Some(crate::Area::Emanation { aura: false, .. }))),
                When::EnemyTurnStart => {
                    (A::Reaction, matches!(area, Some(crate::Area::Melee(_) | crate::Area::Ranged { .. })))
                }
                When::Prone => (A::Reaction, matches!(area, Some(crate::Area::Line(_)))),
            };
            if action != cost || strike {
                return Err(format!("`when = \"{}\"` is for a {} feature", when_key(when), cost.label()));
            }
            if !shape_ok {
                return Err(match when {
                    When::Eliminated => "`when = \"eliminated\"` needs an emanation (area = \"Emanation 3\")".into(),
                    When::EnemyTurnStart => "`when = \"enemy-turn-start\"` needs a range (area = \"Ranged 6\")".into(),
                    When::Prone => "`when = \"prone\"` needs a line (area = \"Line 2\")".into(),
                });
            }
            if self.itself.is_some() && when != When::Prone {
                return Err("`itself` is for `when = \"prone\"`".into());
            }
            if self.conceal && when != When::Eliminated {
                return Err("`conceal` is for `when = \"eliminated\"`".into());
            }
            if !(self.touches() || self.conceal) || !self.steps.is_empty() || self.hit.is_some() || self.grab {
                return Err("a triggered effect gives damage, persistent damage, conditions or `conceal`".into());
            }
            return Ok(());
        }
        if self.ferocity.is_some() || self.block.is_some() {
            if action != A::Reaction {
                return Err("Ferocity and Shield Block are reactions (action = \"reaction\")".into());
            }
            if self.touches() || self.save.is_some() || self.hit.is_some() || !self.steps.is_empty() {
                return Err("a reaction's effect has only `ferocity` or `block`".into());
            }
            if self.block.is_some_and(|b| b.amount == 0 || b.amount > 999) {
                return Err("a Shield Block takes 1 to 999 damage".into());
            }
            return Ok(());
        }
        if self.chain && !self.steps.iter().any(|s| matches!(s, Step::Strike { .. })) {
            return Err("`chain` belongs to a compound action with a strike step".into());
        }
        if !self.steps.is_empty() {
            if strike || !matches!(action, A::One | A::OncePerTurn | A::Two) {
                return Err("a compound action (`steps`) is an action costing 1 or 2 AP".into());
            }
            if self.steps.len() > MAX_STEPS {
                return Err(format!("a compound action has at most {MAX_STEPS} steps"));
            }
            if self.touches() || self.save.is_some() || self.grab || !self.extra.is_empty() {
                return Err("a compound action has only `steps`, with `hit` and `chain`".into());
            }
            return Ok(());
        }
        if strike {
            if self.damage.is_some() || self.persistent.is_some() || !self.apply.is_empty() {
                return Err("a strike's damage is its text's; what a hit adds goes under `hit`".into());
            }
            if self.affects != Affects::default() {
                return Err("`affects` is for area powers".into());
            }
            return Ok(());
        }
        if self.grab {
            return Err("only a strike may grab on a hit".into());
        }
        if action == A::Passive || action == A::Reaction {
            if self.touches() || self.save.is_some() {
                return Err("a passive feature's effect may only give extra damage (`extra`)".into());
            }
            return Ok(());
        }
        if !self.touches() {
            return Err("the power gives nothing: add damage, persistent or apply".into());
        }
        if area.is_none() {
            return Err("a power needs a range or an area (`area`) to say whom it affects".into());
        }
        if self.save.is_some_and(|s| s.outcome == Outcome::Half) && self.damage.is_none() {
            return Err("a save that halves needs damage to halve".into());
        }
        if !self.extra.is_empty() {
            return Err("extra damage is for strikes".into());
        }
        Ok(())
    }
}

fn when_key(w: When) -> &'static str {
    match w {
        When::Eliminated => "eliminated",
        When::EnemyTurnStart => "enemy-turn-start",
        When::Prone => "prone",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn saves_and_conditions_read_as_cards_write_them() {
        let s: Save = "Fortitude negates".parse().unwrap();
        assert_eq!((s.kind, s.outcome), (SaveKind::Fortitude, Outcome::Negates));
        assert_eq!("reflex half".parse::<Save>().unwrap().outcome, Outcome::Half);
        assert!("reflex maybe".parse::<Save>().is_err());
        assert!("".parse::<Save>().is_err());
        // "Dazzled: Use rattled instead."
        assert_eq!("dazzled".parse::<Give>().unwrap(), Give::Rattled);
        assert_eq!("slowed or stunned".parse::<Give>().unwrap(), Give::SlowedOrStunned);
        assert!("petrified".parse::<Give>().is_err());
    }

    #[test]
    fn keys_that_stand_alone_belong_to_their_kind_of_feature() {
        use crate::{Action as A, Area};
        let toml = |t: &str| toml::from_str::<Program>(t).unwrap();
        let hairs = toml("hairs = 5");
        assert!(hairs.check(A::Passive, None, false).is_ok());
        assert_eq!(
            hairs.check(A::Reaction, None, false).unwrap_err(),
            "`hairs` belongs to a passive feature with no range or area"
        );
        assert!(toml("hairs = 0").check(A::Passive, None, false).is_err(), "1 to 20 hairs");
        let outrage = toml("outrage = true");
        assert!(outrage.check(A::Reaction, None, false).is_ok());
        assert!(outrage.check(A::Reaction, Some(Area::Melee(None)), false).is_err(), "no range");
        assert_eq!(
            toml("haul = true\ndamage = \"5\"").check(A::Passive, None, false).unwrap_err(),
            "`haul` stands alone in an effect"
        );
        assert!(toml("tumble = true").check(A::Passive, None, false).is_ok());
        assert!(toml("tumble = true").check(A::One, None, false).is_err(), "a passive feature");
        assert!(toml("unhindered = \"plant\"").check(A::Passive, None, false).is_ok());
        assert!(toml("unhindered = \"mushrooms\"").check(A::Passive, None, false).is_err(), "a trait");
        assert!(toml("catch = { bonus = 4, strikes = [] }").check(A::Reaction, None, false).is_err());
        assert!(toml("trample = \"large\"\ndamage = \"20\"").check(A::Two, None, false).is_err(), "a save");
        // Swallow Whole (ruling P2V-R163): 1 AP, in reach, held, Reflex negates.
        let melee = Some(crate::Area::Melee(None));
        let swallow = "swallow = \"medium\"\ndamage = \"10 bludgeoning\"\nsave = \"reflex negates\"\nheld = true";
        assert!(toml(swallow).check(A::One, melee, false).is_ok());
        assert!(toml(swallow).check(A::Two, melee, false).is_err(), "1 AP");
        assert!(toml(swallow).check(A::One, None, false).is_err(), "in reach");
        assert!(toml(&swallow.replace("reflex", "fortitude")).check(A::One, melee, false).is_err(), "Reflex");
        assert!(toml(&swallow.replace("held = true", "")).check(A::One, melee, false).is_err(), "grabbed");
        assert!(toml(&format!("{swallow}\npull = 2")).check(A::One, melee, false).is_err(), "alone");
    }

    #[test]
    fn an_effect_must_fit_its_feature() {
        use crate::{Action as A, Area};
        let toml = |t: &str| toml::from_str::<Program>(t).unwrap();
        let rider = toml("[hit]\nsave = \"fortitude negates\"\napply = [\"sickened\"]");
        assert!(rider.check(A::One, Some(Area::Melee(None)), true).is_ok());
        assert!(rider.check(A::One, Some(Area::Melee(None)), false).is_err());
        let power = toml("damage = \"15 piercing\"\nsave = \"reflex half\"");
        assert!(power.check(A::Two, Some(Area::Cone(3)), false).is_ok());
        assert!(power.check(A::Two, None, false).is_err(), "a power needs an area");
        assert!(power.check(A::Two, Some(Area::Cone(3)), true).is_err(), "a strike's damage is its own");
        let half_without_damage = toml("apply = [\"sickened\"]\nsave = \"will half\"");
        assert!(half_without_damage.check(A::One, Some(Area::Burst(2)), false).is_err());
        let sneak = toml("extra = [{ damage = 5, against = \"off-guard\" }]");
        assert!(sneak.check(A::Passive, None, false).is_ok());
        assert!(toml::from_str::<Program>("dammage = \"5\"").is_err(), "unknown keys are refused");
        assert!(toml::from_str::<Program>("damage = \"lots\"").is_err());
        let charge = toml("steps = [\"stride\", \"stride +2\", \"strike\"]");
        assert_eq!(charge.steps[1], Step::Stride { bonus: 2 });
        assert!(charge.check(A::Two, None, false).is_ok());
        assert!(charge.check(A::Passive, None, false).is_err());
        assert!(toml::from_str::<Program>("steps = [\"fly\"]").is_err());
        let boar = toml("steps = [\"stride\", \"stride\", \"strike +2 after 4\"]");
        assert_eq!(boar.steps[2], Step::Strike { bonus: 2, after: 4, push: 0 });
        assert_eq!(String::from(boar.steps[2]), "strike +2 after 4");
        assert!(toml::from_str::<Program>("steps = [\"strike +2 after\"]").is_err());
        assert!(toml::from_str::<Program>("steps = [\"strike -2 after 4\"]").is_err());
    }
}
