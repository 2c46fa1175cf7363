//! Damage types, damage as cards print it ("15 piercing and poison"), and a
//! creature's immunities, resistances and weaknesses with the order the
//! rulebook gives them.
//!
//! "Damage can have two or more types, for example 5 fire and electricity
//! damage." "Immune: A creature takes no damage from an attack of a damage
//! type to which they are immune, even if it involves other damage types as
//! well." "Resist: … roll the specified number of d6s. For each 4+ result,
//! reduce the damage it takes by 5. If a creature takes damage of multiple
//! types, only roll the higher resistance value." "Weak: … takes that much
//! additional damage … Choose the higher value." "If a creature both resists
//! and is weak to a source of damage, roll resistance first."

use serde::{Deserialize, Serialize};
use std::fmt;
use ts_rs::TS;

/// The damage types: the rulebook's table and those the cards add.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, TS)]
#[serde(rename_all = "lowercase")]
#[allow(missing_docs)]
pub enum DamageType {
    Bludgeoning,
    Piercing,
    Slashing,
    Fire,
    Electricity,
    Mental,
    Void,
    Acid,
    Cold,
    Sonic,
    Poison,
    Vitality,
    Force,
    Spirit,
    Good,
    Evil,
}

impl DamageType {
    /// Every type, in the order of [`Types`]' bits.
    pub const ALL: [DamageType; 16] = [
        DamageType::Bludgeoning,
        DamageType::Piercing,
        DamageType::Slashing,
        DamageType::Fire,
        DamageType::Electricity,
        DamageType::Mental,
        DamageType::Void,
        DamageType::Acid,
        DamageType::Cold,
        DamageType::Sonic,
        DamageType::Poison,
        DamageType::Vitality,
        DamageType::Force,
        DamageType::Spirit,
        DamageType::Good,
        DamageType::Evil,
    ];

    /// Its name, lower case (`piercing`).
    pub fn name(self) -> &'static str {
        match self {
            DamageType::Bludgeoning => "bludgeoning",
            DamageType::Piercing => "piercing",
            DamageType::Slashing => "slashing",
            DamageType::Fire => "fire",
            DamageType::Electricity => "electricity",
            DamageType::Mental => "mental",
            DamageType::Void => "void",
            DamageType::Acid => "acid",
            DamageType::Cold => "cold",
            DamageType::Sonic => "sonic",
            DamageType::Poison => "poison",
            DamageType::Vitality => "vitality",
            DamageType::Force => "force",
            DamageType::Spirit => "spirit",
            DamageType::Good => "good",
            DamageType::Evil => "evil",
        }
    }

    /// The type a word names (`lightning` is electricity, `necrotic` void:
    /// the rulebook uses both words).
    pub fn parse(word: &str) -> Option<DamageType> {
        let w = word.trim().to_ascii_lowercase();
        match w.as_str() {
            "lightning" => return Some(DamageType::Electricity),
            "necrotic" | "negative" => return Some(DamageType::Void),
            "positive" => return Some(DamageType::Vitality),
            _ => {}
        }
        DamageType::ALL.into_iter().find(|t| t.name() == w)
    }

    fn bit(self) -> u16 {
        1 << (self as u16)
    }
}

/// A set of damage types.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize, TS)]
#[serde(transparent)]
pub struct Types(pub u16);

impl Types {
    /// No type (untyped damage).
    pub const NONE: Types = Types(0);
    /// Bludgeoning, piercing and slashing: "physical".
    pub const PHYSICAL: Types = Types(0b111);
    /// Every type.
    pub const ALL: Types = Types(u16::MAX);

    /// One type.
    pub fn of(t: DamageType) -> Types {
        Types(t.bit())
    }
    /// Whether it holds `t`.
    pub fn has(self, t: DamageType) -> bool {
        self.0 & t.bit() != 0
    }
    /// With `t` added.
    pub fn with(self, t: DamageType) -> Types {
        Types(self.0 | t.bit())
    }
    /// Whether the two sets share a type.
    pub fn meets(self, other: Types) -> bool {
        self.0 & other.0 != 0
    }
    /// True if no type is in it.
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }
    /// The types, in table order.
    pub fn iter(self) -> impl Iterator<Item = DamageType> {
        DamageType::ALL.into_iter().filter(move |t| self.has(*t))
    }
}

impl fmt::Display for Types {
    /// `fire and electricity`, `piercing, slashing and poison`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let names: Vec<&str> = self.iter().map(DamageType::name).collect();
        match names.as_slice() {
            [] => Ok(()),
            [one] => f.write_str(one),
            [rest @ .., last] => write!(f, "{} and {last}", rest.join(", ")),
        }
    }
}

/// Damage as a card prints it: an amount and its types.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, TS)]
pub struct Damage {
    /// How much.
    pub amount: u16,
    /// Of which types (none: untyped).
    pub types: Types,
}

impl Damage {
    /// Reads the damage a feature's text begins with: `15 piercing damage`,
    /// `30 slashing and fire damage`, `35 damage`, `Thrown: 5 piercing
    /// damage` (a label before a colon is skipped). `None` if the text does
    /// not begin with a damage clause.
    pub fn leading(text: &str) -> Option<Damage> {
        let t = text.trim();
        let t = match t.split_once(':') {
            Some((label, rest)) if label.split_whitespace().count() <= 2 && !label.contains(char::is_numeric) => {
                rest.trim()
            }
            _ => t,
        };
        let clause = t.split(['.', ';', '(']).next()?;
        let lower = clause.to_ascii_lowercase();
        let end = lower.find(" damage")?;
        Damage::parse(&lower[..end])
    }

    /// Reads `15 piercing and poison` or `35`: an amount, then types joined
    /// by commas, `and` or `or`.
    pub fn parse(text: &str) -> Option<Damage> {
        let mut words = text.split_whitespace();
        let amount: u16 = words.next()?.parse().ok()?;
        let mut types = Types::NONE;
        for w in words {
            let w = w.trim_matches(|c: char| c == ',' || c == '.');
            if w.is_empty() || w == "and" || w == "or" {
                continue;
            }
            types = types.with(DamageType::parse(w)?);
        }
        Some(Damage { amount, types })
    }
}

impl fmt::Display for Damage {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.types.is_empty() { write!(f, "{}", self.amount) } else { write!(f, "{} {}", self.amount, self.types) }
    }
}

/// What a resistance or weakness applies to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, TS)]
#[serde(rename_all = "lowercase")]
pub enum Against {
    /// Damage of any of these types.
    Types(Types),
    /// All damage.
    All,
    /// Damage from an area.
    Area,
}

impl Against {
    /// Whether damage of `types` (from an area or not) is of this kind.
    pub fn applies(self, types: Types, area: bool) -> bool {
        match self {
            Against::Types(t) => t.meets(types),
            Against::All => true,
            Against::Area => area,
        }
    }
}

/// A creature's immunities, resistances and weaknesses, and its skills and
/// common features, read from its card's standard line.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize, TS)]
pub struct Defences {
    /// Damage types it is immune to.
    pub immune: Types,
    /// Conditions and effects it is immune to, by name, lower case.
    pub immune_to: Vec<String>,
    /// Resistances: what, and how many d6.
    pub resist: Vec<(Against, u8)>,
    /// Weaknesses: what, and how much extra damage.
    pub weak: Vec<(Against, u16)>,
    /// Skills it is trained in, lower case.
    pub skills: Vec<String>,
    /// Common features named on the line (`truesight`, `scent`), lower case.
    pub common: Vec<String>,
}

/// The skills of the rulebook's table (and Perception, which cards list).
pub const SKILLS: [&str; 18] = [
    "acrobatics",
    "arcana",
    "athletics",
    "crafting",
    "deception",
    "diplomacy",
    "intimidation",
    "lore",
    "medicine",
    "nature",
    "occultism",
    "performance",
    "religion",
    "society",
    "stealth",
    "survival",
    "thievery",
    "perception",
];

/// A skill's name as the table writes it (`Intimidate` is Intimidation).
pub fn skill_name(word: &str) -> Option<&'static str> {
    let w = word.trim().to_ascii_lowercase();
    let w = match w.as_str() {
        "intimidate" => "intimidation",
        other => other,
    };
    SKILLS.into_iter().find(|s| *s == w)
}

#[derive(Clone, Copy, PartialEq)]
enum Group {
    Plain,
    Immune,
    Resist,
    Weak,
}

impl Defences {
    /// Reads a card's standard line: `Athletics; immune fire; resist 4d6
    /// slashing, piercing; weak 10 cold`. Skills and common features are
    /// listed plainly; `immune`, `resist` and `weak` start groups that run
    /// to the next group or semicolon. Words it does not know are returned
    /// as the second value, so the caller can say what it ignored.
    pub fn parse(line: &str) -> (Defences, Vec<String>) {
        let mut d = Defences::default();
        let mut unknown = Vec::new();
        for clause in line.split(';') {
            let mut group = Group::Plain;
            // Items are separated by commas; a group keyword may start an item.
            let mut items: Vec<(Group, String)> = Vec::new();
            for raw in clause.split(',') {
                let item = raw.trim();
                if item.is_empty() {
                    continue;
                }
                let lower = item.to_ascii_lowercase();
                let (g, rest) = if let Some(r) = lower.strip_prefix("immune ") {
                    (Group::Immune, r.to_string())
                } else if let Some(r) = lower.strip_prefix("resist ") {
                    (Group::Resist, r.to_string())
                } else if let Some(r) = lower.strip_prefix("weak ") {
                    (Group::Weak, r.to_string())
                } else {
                    (group, lower)
                };
                group = g;
                items.push((g, rest));
            }
            // A resistance's or weakness's number may come before or after
            // its types, and apply to every type of its run.
            let mut run: Vec<String> = Vec::new();
            let mut run_group = Group::Plain;
            let flush = |d: &mut Defences, unknown: &mut Vec<String>, g: Group, run: &mut Vec<String>| {
                if run.is_empty() {
                    return;
                }
                let words: Vec<String> =
                    run.iter().flat_map(|i| i.split_whitespace().map(str::to_string).collect::<Vec<_>>()).collect();
                let mut against = Types::NONE;
                let (mut all, mut area) = (false, false);
                let mut number: Option<u16> = None;
                let mut dice: Option<u8> = None;
                for w in &words {
                    if let Some((n, s)) = w.split_once('d')
                        && s == "6"
                        && let Ok(n) = n.parse::<u8>()
                    {
                        dice = Some(n);
                    } else if let Ok(n) = w.parse::<u16>() {
                        number = Some(n);
                    } else if let Some(t) = DamageType::parse(w) {
                        against = against.with(t);
                    } else if w == "all" {
                        all = true;
                    } else if w == "physical" {
                        against = Types(against.0 | Types::PHYSICAL.0);
                    } else if w == "area" {
                        area = true;
                    } else if w != "and" && w != "damage" {
                        unknown.push(w.clone());
                    }
                }
                let what = if all {
                    Against::All
                } else if area && against.is_empty() {
                    Against::Area
                } else {
                    Against::Types(against)
                };
                match g {
                    Group::Resist => {
                        if let Some(n) = dice.or(number.map(|n| (n / 5 * 2) as u8)) {
                            d.resist.push((what, n));
                        }
                    }
                    Group::Weak => {
                        if let Some(n) = number {
                            d.weak.push((what, n));
                        }
                    }
                    _ => {}
                }
                run.clear();
            };
            for (g, item) in items {
                match g {
                    Group::Plain => {
                        flush(&mut d, &mut unknown, run_group, &mut run);
                        if let Some(s) = skill_name(&item) {
                            d.skills.push(s.to_string());
                        } else {
                            d.common.push(item);
                        }
                    }
                    Group::Immune => {
                        flush(&mut d, &mut unknown, run_group, &mut run);
                        for w in item.split(" and ") {
                            match DamageType::parse(w) {
                                Some(t) => d.immune = d.immune.with(t),
                                None => d.immune_to.push(w.trim().to_string()),
                            }
                        }
                    }
                    Group::Resist | Group::Weak => {
                        if g != run_group {
                            flush(&mut d, &mut unknown, run_group, &mut run);
                        }
                        run_group = g;
                        let has_number = item.split_whitespace().any(|w| {
                            w.parse::<u16>().is_ok()
                                || w.split_once('d').is_some_and(|(n, s)| s == "6" && n.parse::<u8>().is_ok())
                        });
                        run.push(item);
                        // A number ends a run when it is written after the types
                        // ("resist piercing and slashing 2d6, weak …"); one
                        // written first starts it ("resist 4d6 slashing, piercing").
                        if has_number && run.len() > 1 {
                            let first_has = run[0].split_whitespace().next().is_some_and(|w| {
                                w.parse::<u16>().is_ok() || w.split_once('d').is_some_and(|(_, s)| s == "6")
                            });
                            if !first_has {
                                flush(&mut d, &mut unknown, run_group, &mut run);
                            }
                        }
                    }
                }
            }
            flush(&mut d, &mut unknown, run_group, &mut run);
        }
        (d, unknown)
    }

    /// Whether it is trained in `skill` (lower case).
    pub fn trained(&self, skill: &str) -> bool {
        self.skills.iter().any(|s| s == skill)
    }

    /// The resistance dice that apply to damage of `types`: the highest
    /// ("only roll the higher resistance value").
    pub fn resistance(&self, types: Types, area: bool) -> u8 {
        self.resist.iter().filter(|(a, _)| a.applies(types, area)).map(|(_, n)| *n).max().unwrap_or(0)
    }

    /// The weakness that applies to damage of `types`: the highest.
    pub fn weakness(&self, types: Types, area: bool) -> u16 {
        self.weak.iter().filter(|(a, _)| a.applies(types, area)).map(|(_, n)| *n).max().unwrap_or(0)
    }

    /// Whether damage of `types` does nothing at all: immune to any of its
    /// types, or only vitality against a creature that is not undead, or
    /// only void against undead and constructs.
    pub fn ignores(&self, types: Types, undead: bool, construct: bool) -> bool {
        if self.immune.meets(types) {
            return true;
        }
        // "Vitality damage only damages undead creatures and void damage
        // does not damage undead or construct creatures."
        let v = Types::of(DamageType::Vitality);
        let n = Types::of(DamageType::Void);
        (types == v && !undead) || (types == n && (undead || construct))
    }
}

/// Halves damage as the rulebook rounds it: "Round damage down to the
/// nearest 1 (for damage values after halving of 9 or less) or down to the
/// nearest 5 (for damage values after halving of 10 or more)."
pub fn halve(amount: u16) -> u16 {
    let h = amount / 2;
    if h >= 10 { h / 5 * 5 } else { h }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn damage_reads_as_cards_print_it() {
        let d = Damage::leading("15 piercing and poison damage; a Fortitude save halves it.").unwrap();
        assert_eq!(d.amount, 15);
        assert!(d.types.has(DamageType::Piercing) && d.types.has(DamageType::Poison));
        assert_eq!(Damage::leading("Thrown: 5 piercing damage.").unwrap().amount, 5);
        assert_eq!(Damage::leading("35 damage (Reflex half).").unwrap().types, Types::NONE);
        assert_eq!(Damage::leading("Pulls the target 4 squares"), None);
        assert_eq!(Damage::leading("30 slashing and fire damage.").unwrap().to_string(), "30 slashing and fire");
    }

    #[test]
    fn standard_lines_give_immunities_resistances_weaknesses_and_skills() {
        let (d, unknown) = Defences::parse(
            "Athletics; immune healing, mental, poison, spirit, vitality, void; resist 4d6 slashing, piercing, acid, \
             electricity, fire, sonic; weak 10 cold",
        );
        assert!(unknown.is_empty(), "{unknown:?}");
        assert!(d.trained("athletics"));
        assert!(d.immune.has(DamageType::Poison) && d.immune_to.contains(&"healing".to_string()));
        assert_eq!(d.resistance(Types::of(DamageType::Fire), false), 4);
        assert_eq!(d.resistance(Types::of(DamageType::Cold), false), 0);
        assert_eq!(d.weakness(Types::of(DamageType::Cold), false), 10);

        let (d, _) =
            Defences::parse("Acrobatics, Stealth; immune poison, resist piercing and slashing 2d6, weak fire 5");
        assert_eq!(d.resistance(Types::of(DamageType::Slashing), false), 2);
        assert_eq!(d.weakness(Types::of(DamageType::Fire), false), 5);
        assert_eq!(d.skills, ["acrobatics", "stealth"]);

        let (d, _) = Defences::parse(
            "Acrobatics, Deception, Intimidate, Stealth; Truesight; immune poison, stunned, weak area damage 10, \
             resist bludgeoning and piercing 4d6",
        );
        assert!(d.trained("intimidation"));
        assert_eq!(d.common, ["truesight"]);
        assert!(d.immune_to.contains(&"stunned".to_string()));
        assert_eq!(d.weakness(Types::of(DamageType::Fire), true), 10);
        assert_eq!(d.weakness(Types::of(DamageType::Fire), false), 0);
        assert_eq!(d.resistance(Types::of(DamageType::Piercing), false), 4);

        let (d, _) = Defences::parse("Athletics, Intimidation; weak fire, electricity 10");
        assert_eq!(d.weakness(Types::of(DamageType::Electricity), false), 10);
        assert_eq!(d.weakness(Types::of(DamageType::Fire), false), 10);
        let (d, _) = Defences::parse("Acrobatics, Nature, Stealth; weak 5 fire");
        assert_eq!(d.weakness(Types::of(DamageType::Fire), false), 5);
    }

    #[test]
    fn resistance_rolls_only_the_higher_value_and_weakness_takes_the_higher() {
        // "If a creature takes damage of multiple types, only roll the higher resistance value."
        let (d, _) = Defences::parse("resist 2d6 cold, resist 4d6 acid; weak 5 cold, weak 10 acid");
        let both = Types::of(DamageType::Cold).with(DamageType::Acid);
        assert_eq!(d.resistance(both, false), 4);
        assert_eq!(d.weakness(both, false), 10);
    }

    #[test]
    fn halving_rounds_down_to_one_or_to_five() {
        // "Round damage down to the nearest 1 (… 9 or less) or down to the nearest 5 (… 10 or more)."
        assert_eq!(halve(15), 7);
        assert_eq!(halve(25), 10);
        assert_eq!(halve(35), 15);
        assert_eq!(halve(1), 0);
    }

    #[test]
    fn vitality_hurts_only_undead_and_void_spares_undead_and_constructs() {
        let d = Defences::default();
        assert!(d.ignores(Types::of(DamageType::Vitality), false, false));
        assert!(!d.ignores(Types::of(DamageType::Vitality), true, false));
        assert!(d.ignores(Types::of(DamageType::Void), false, true));
        assert!(!d.ignores(Types::of(DamageType::Void), false, false));
    }
}
