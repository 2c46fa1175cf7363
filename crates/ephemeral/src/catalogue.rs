//! The ability catalogue: every ability a figure may take, as typed data.
//!
//! The rulebooks refer to an ability guide they do not print. Arbiter keeps
//! the catalogue as a data file, `data/abilities.toml`, embedded in the
//! program and checked when it is loaded; every error names its line. Each
//! entry says which class may take the ability, what it costs, which foraged
//! die it needs and how that die is used, the parameters a rules engine needs
//! (targets, reach, damage, spray, mine placement, push and pull) and its
//! keywords. `docs/figure-sets.md` documents the format.
//!
//! Die requirements use the game's notation: `[D6]` a foraged die at face
//! value, `[(D6)]` a foraged die rolled when used, `[D6] or [(D6)]` either
//! (defence), `Remove[D6]` a foraged die discarded, `[5/6/7]` any foraged die
//! showing one of the values.

use serde::{Deserialize, Serialize};
use std::fmt;
use std::ops::RangeInclusive;
use std::str::FromStr;
use std::sync::OnceLock;
use toml::Spanned;

/// The standard catalogue's data file, embedded at build time.
const STANDARD: &str = include_str!("../data/abilities.toml");

/// The largest catalogue file accepted, in bytes.
const MAX_CATALOGUE_BYTES: usize = 1 << 20;

/// The die sizes the game uses: D4, D6, D8, D10 and D12.
pub const DIE_SIZES: [u8; 5] = [4, 6, 8, 10, 12];

/// The largest cost of one ability, in spec points.
pub const MAX_ABILITY_POINTS: u8 = 20;

/// A figure's class: it sets the base spec range, the actions and which
/// abilities the figure may take.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize, ts_rs::TS)]
#[serde(try_from = "String", into = "String")]
#[ts(type = "string")]
pub enum Class {
    /// Disruptors: attackers (ability ids D…).
    Disruptor,
    /// Runners: fast movers and melee (ability ids R…).
    Runner,
    /// Tacticians: mines, defence and shoving (ability ids T…).
    Tactician,
    /// Leaders: two actions, two prep tokens, powerful abilities (ability ids L…).
    Leader,
}

impl Class {
    /// Every class, in the rulebook's order.
    pub const ALL: [Class; 4] = [Class::Disruptor, Class::Runner, Class::Tactician, Class::Leader];

    /// The class's name, capitalised (`Disruptor`).
    pub fn name(self) -> &'static str {
        match self {
            Class::Disruptor => "Disruptor",
            Class::Runner => "Runner",
            Class::Tactician => "Tactician",
            Class::Leader => "Leader",
        }
    }

    /// The letter that starts the ids of the class's abilities (`D`).
    pub fn prefix(self) -> char {
        match self {
            Class::Disruptor => 'D',
            Class::Runner => 'R',
            Class::Tactician => 'T',
            Class::Leader => 'L',
        }
    }

    /// The class whose abilities' ids start with this letter.
    pub fn from_prefix(c: char) -> Option<Class> {
        Class::ALL.into_iter().find(|k| k.prefix() == c.to_ascii_uppercase())
    }

    /// The allowed base spec points (HP + Movement + Force + Range).
    pub fn base_spec_range(self) -> RangeInclusive<u32> {
        match self {
            Class::Disruptor | Class::Runner => 10..=25,
            Class::Tactician => 15..=30,
            Class::Leader => 20..=35,
        }
    }

    /// Actions the figure has for the whole game (Leaders 2, others 3).
    pub fn actions(self) -> u8 {
        match self {
            Class::Leader => 2,
            _ => 3,
        }
    }

    /// Prep tokens the figure starts the game with, before abilities (Leaders 2).
    pub fn starting_prep_tokens(self) -> u8 {
        match self {
            Class::Leader => 2,
            _ => 0,
        }
    }
}

impl fmt::Display for Class {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Class {
    type Err = String;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Class::ALL
            .into_iter()
            .find(|c| c.name().eq_ignore_ascii_case(s.trim()))
            .ok_or_else(|| format!("unknown class '{}'; use disruptor, runner, tactician or leader", clip(s, 30)))
    }
}

impl TryFrom<String> for Class {
    type Error = String;

    fn try_from(s: String) -> Result<Self, Self::Error> {
        s.parse()
    }
}

impl From<Class> for String {
    fn from(c: Class) -> String {
        c.name().to_ascii_lowercase()
    }
}

/// What kind of ability it is (the word on the ability card).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum AbilityType {
    /// Damages a target within reach.
    Attack,
    /// An attack at range zero: the target must be in base contact.
    Melee,
    /// Reduces the damage of an attack on this figure.
    Defend,
    /// Restores hit points.
    Heal,
    /// Places a die on the table as a mine that damages figures within 5 cm.
    Mine,
    /// Adds the die to the figure's Movement for one move.
    Move,
    /// Works with prep tokens and costs no action.
    Prep,
    /// Moves another figure (or the gate) along the line through both centres.
    PushPull,
    /// Anything else.
    Misc,
}

impl AbilityType {
    /// Every type, in the order of the catalogue's documentation.
    pub const ALL: [AbilityType; 9] = [
        AbilityType::Attack,
        AbilityType::Melee,
        AbilityType::Defend,
        AbilityType::Heal,
        AbilityType::Mine,
        AbilityType::Move,
        AbilityType::Prep,
        AbilityType::PushPull,
        AbilityType::Misc,
    ];

    /// The type's key in the data file (`push-pull`).
    pub fn key(self) -> &'static str {
        match self {
            AbilityType::Attack => "attack",
            AbilityType::Melee => "melee",
            AbilityType::Defend => "defend",
            AbilityType::Heal => "heal",
            AbilityType::Mine => "mine",
            AbilityType::Move => "move",
            AbilityType::Prep => "prep",
            AbilityType::PushPull => "push-pull",
            AbilityType::Misc => "misc",
        }
    }

    /// The type as printed on a card (`Push/Pull`).
    pub fn label(self) -> &'static str {
        match self {
            AbilityType::Attack => "Attack",
            AbilityType::Melee => "Melee",
            AbilityType::Defend => "Defend",
            AbilityType::Heal => "Heal",
            AbilityType::Mine => "Mine",
            AbilityType::Move => "Move",
            AbilityType::Prep => "Prep",
            AbilityType::PushPull => "Push/Pull",
            AbilityType::Misc => "Misc",
        }
    }
}

impl fmt::Display for AbilityType {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.label())
    }
}

impl FromStr for AbilityType {
    type Err = String;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let t = s.trim().to_ascii_lowercase().replace(['/', ' ', '_'], "-");
        AbilityType::ALL.into_iter().find(|k| k.key() == t).ok_or_else(|| {
            format!(
                "unknown ability type '{}'; use attack, melee, defend, heal, mine, move, prep, push-pull or misc",
                clip(s, 30)
            )
        })
    }
}

/// Which foraged die an ability needs and how it is used. In the data file
/// and in serde it is written in the game's notation (see [`DieUse::from_str`]).
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub enum DieUse {
    /// No die: the ability is always available (`none`).
    None,
    /// A foraged die of this size, used at the value it shows (`[D6]`).
    Face(u8),
    /// A foraged die of this size, rolled when the ability is used (`[(D6)]`).
    Rolled(u8),
    /// A foraged die of this size, at face value or rerolled, the user's
    /// choice, as defence abilities allow (`[D6] or [(D6)]`).
    FaceOrRolled(u8),
    /// A foraged die of this size, discarded whatever it shows (`Remove[D6]`).
    Remove(u8),
    /// Any foraged die showing one of these values, ascending (`[5/6/7]`).
    Values(Vec<u8>),
    /// Any foraged dice at all, gathered into pools (`any foraged dice`).
    AnyForaged,
}

impl DieUse {
    /// Whether a foraged die with `sides` sides showing `value` can serve
    /// this requirement. A value set takes any die whose face shows one of
    /// its values; `any foraged dice` takes every die; `none` takes none.
    /// Dice that do not exist (a D7, a D6 showing 9) are never accepted.
    pub fn accepts(&self, sides: u8, value: u8) -> bool {
        if !DIE_SIZES.contains(&sides) || !(1..=sides).contains(&value) {
            return false;
        }
        match self {
            DieUse::None => false,
            DieUse::Face(s) | DieUse::Rolled(s) | DieUse::FaceOrRolled(s) | DieUse::Remove(s) => *s == sides,
            DieUse::Values(values) => values.contains(&value),
            DieUse::AnyForaged => true,
        }
    }

    /// The die size the requirement names, if it names one.
    pub fn sides(&self) -> Option<u8> {
        match self {
            DieUse::Face(s) | DieUse::Rolled(s) | DieUse::FaceOrRolled(s) | DieUse::Remove(s) => Some(*s),
            _ => None,
        }
    }

    /// Whether the ability needs a foraged die at all.
    pub fn needs_die(&self) -> bool {
        !matches!(self, DieUse::None)
    }

    /// A few words on how the die is used, for sheets (`rolled when used`).
    pub fn how(&self) -> &'static str {
        match self {
            DieUse::None => "no die needed",
            DieUse::Face(_) => "foraged die at face value",
            DieUse::Rolled(_) => "foraged die, rolled when used",
            DieUse::FaceOrRolled(_) => "foraged die, as shown or rerolled",
            DieUse::Remove(_) => "foraged die, discarded",
            DieUse::Values(_) => "any foraged die showing one of these",
            DieUse::AnyForaged => "any foraged dice, rolled in pools",
        }
    }
}

impl fmt::Display for DieUse {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DieUse::None => f.write_str("none"),
            DieUse::Face(s) => write!(f, "[D{s}]"),
            DieUse::Rolled(s) => write!(f, "[(D{s})]"),
            DieUse::FaceOrRolled(s) => write!(f, "[D{s}] or [(D{s})]"),
            DieUse::Remove(s) => write!(f, "Remove[D{s}]"),
            DieUse::Values(v) => {
                let parts: Vec<String> = v.iter().map(u8::to_string).collect();
                write!(f, "[{}]", parts.join("/"))
            }
            DieUse::AnyForaged => f.write_str("any foraged dice"),
        }
    }
}

/// Parses `D6` (the letter case does not matter) into a die size.
fn parse_die(s: &str) -> Result<u8, String> {
    let t = s.trim();
    let digits = t.strip_prefix(['D', 'd']).ok_or_else(|| format!("'{}' is not a die (D4 … D12)", clip(t, 20)))?;
    let sides: u8 = digits.parse().map_err(|_| format!("'{}' is not a die (D4 … D12)", clip(t, 20)))?;
    if DIE_SIZES.contains(&sides) {
        Ok(sides)
    } else {
        Err(format!("a D{sides} is not one of the game's dice (D4, D6, D8, D10, D12)"))
    }
}

impl FromStr for DieUse {
    type Err = String;

    /// Parses the game's notation: `none`, `[D6]`, `[(D6)]`,
    /// `[D6] or [(D6)]`, `Remove[D6]`, `[5/6/7]` or `any foraged dice`.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let t = s.trim();
        let lower = t.to_ascii_lowercase();
        if lower.is_empty() || lower == "none" || t == "—" || t == "-" {
            return Ok(DieUse::None);
        }
        if lower == "any foraged dice" || lower == "any" {
            return Ok(DieUse::AnyForaged);
        }
        if let Some((a, b)) = lower.split_once(" or ") {
            let face = DieUse::from_str(a)?;
            let rolled = DieUse::from_str(b)?;
            return match (face, rolled) {
                (DieUse::Face(x), DieUse::Rolled(y)) if x == y => Ok(DieUse::FaceOrRolled(x)),
                _ => Err(format!("'{}': write the choice as [D6] or [(D6)], the same die twice", clip(t, 30))),
            };
        }
        if let Some(rest) = lower.strip_prefix("remove") {
            let inner = bracketed(rest.trim(), t)?;
            return Ok(DieUse::Remove(parse_die(inner)?));
        }
        let inner = bracketed(&lower, t)?.trim();
        if let Some(die) = inner.strip_prefix('(').and_then(|r| r.strip_suffix(')')) {
            return Ok(DieUse::Rolled(parse_die(die)?));
        }
        if inner.starts_with('d') {
            return Ok(DieUse::Face(parse_die(inner)?));
        }
        let mut values = Vec::new();
        for part in inner.split('/') {
            let v: u8 = part
                .trim()
                .parse()
                .map_err(|_| format!("'{}' in '{}' is not a die value", clip(part.trim(), 10), clip(t, 30)))?;
            if !(1..=12).contains(&v) {
                return Err(format!("the value {v} in '{}' is not on any die (1–12)", clip(t, 30)));
            }
            if values.contains(&v) {
                return Err(format!("the value {v} is listed twice in '{}'", clip(t, 30)));
            }
            values.push(v);
        }
        values.sort_unstable();
        Ok(DieUse::Values(values))
    }
}

/// The text between `[` and `]`, or an error naming the whole notation.
fn bracketed<'a>(s: &'a str, whole: &str) -> Result<&'a str, String> {
    let inner = s.strip_prefix('[').and_then(|r| r.strip_suffix(']'));
    if inner.is_some_and(|r| r.trim().is_empty()) {
        return Err(format!("'{}' is empty: name a die ([D6]) or the values a die must show ([5/6])", clip(whole, 30)));
    }
    inner.ok_or_else(|| {
        format!("'{}' is not a die requirement (none, [D6], [(D6)], Remove[D6], [5/6/7])", clip(whole, 30))
    })
}

impl TryFrom<String> for DieUse {
    type Error = String;

    fn try_from(s: String) -> Result<Self, Self::Error> {
        s.parse()
    }
}

impl From<DieUse> for String {
    fn from(d: DieUse) -> String {
        d.to_string()
    }
}

/// A keyword on an ability card.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub enum Keyword {
    /// May be used at the end of a move action without spending another action.
    Rush,
    /// May be used part-way through a move, once against each enemy figure.
    ChainRush,
    /// The target may resist with a roll against its Force, changed by this modifier.
    Resistible(i8),
    /// Once per game.
    Limit1,
    /// After using it, the figure may never take the move action again.
    Immobile,
    /// The target cannot move on its next activation (the target may resist).
    Immobilize,
    /// May be repeated as often as possible within the same action.
    Recurring,
    /// The figure may pass through enemy bases (but not stop on one).
    Sneak,
    /// Affects every figure, whoever owns it.
    All,
    /// Deals spray damage around the damaged figure.
    Spray,
    /// A counter attack, used after surviving an opponent's attack.
    Counter,
}

impl Keyword {
    /// The keyword as printed on a card (`Resistible +2`).
    pub fn label(self) -> String {
        match self {
            Keyword::Rush => "Rush".into(),
            Keyword::ChainRush => "Chain Rush".into(),
            Keyword::Resistible(0) => "Resistible".into(),
            Keyword::Resistible(m) => format!("Resistible {m:+}"),
            Keyword::Limit1 => "Limit 1".into(),
            Keyword::Immobile => "Immobile".into(),
            Keyword::Immobilize => "Immobilize".into(),
            Keyword::Recurring => "Recurring".into(),
            Keyword::Sneak => "Sneak".into(),
            Keyword::All => "All".into(),
            Keyword::Spray => "Spray".into(),
            Keyword::Counter => "Counter".into(),
        }
    }

    /// The keyword's key in the data file (`resistible+2`, `chain-rush`).
    pub fn key(self) -> String {
        match self {
            Keyword::Resistible(0) => "resistible".into(),
            Keyword::Resistible(m) => format!("resistible{m:+}"),
            other => other.label().to_ascii_lowercase().replace(' ', "-"),
        }
    }

    /// Whether two keywords are the same keyword, whatever their modifiers.
    fn same_kind(self, other: Keyword) -> bool {
        std::mem::discriminant(&self) == std::mem::discriminant(&other)
    }
}

impl fmt::Display for Keyword {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.label())
    }
}

impl FromStr for Keyword {
    type Err = String;

    /// Parses a keyword: `rush`, `chain-rush`, `resistible`, `resistible+2`,
    /// `limit-1`, `immobile`, `immobilize`, `recurring`, `sneak`, `all`,
    /// `spray` or `counter` (spaces may stand for hyphens).
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let t = s.trim().to_ascii_lowercase();
        if let Some(rest) = t.strip_prefix("resistible") {
            let m = rest.trim().replace(' ', "");
            if m.is_empty() {
                return Ok(Keyword::Resistible(0));
            }
            return match m.parse::<i8>() {
                Ok(v) if (m.starts_with('+') || m.starts_with('-')) && (-12..=12).contains(&v) => {
                    Ok(Keyword::Resistible(v))
                }
                _ => Err(format!("'{}': a resist modifier is written +N or -N (up to 12)", clip(s.trim(), 30))),
            };
        }
        let k = t.replace([' ', '_'], "-");
        let keyword = match k.as_str() {
            "rush" => Keyword::Rush,
            "chain-rush" => Keyword::ChainRush,
            "limit-1" | "limit1" => Keyword::Limit1,
            "immobile" => Keyword::Immobile,
            "immobilize" | "immobilise" => Keyword::Immobilize,
            "recurring" => Keyword::Recurring,
            "sneak" => Keyword::Sneak,
            "all" => Keyword::All,
            "spray" => Keyword::Spray,
            "counter" => Keyword::Counter,
            _ => {
                return Err(format!(
                    "unknown keyword '{}'; use rush, chain-rush, resistible[+N], limit-1, immobile, immobilize, \
                     recurring, sneak, all, spray or counter",
                    clip(s.trim(), 30)
                ));
            }
        };
        Ok(keyword)
    }
}

impl TryFrom<String> for Keyword {
    type Error = String;

    fn try_from(s: String) -> Result<Self, Self::Error> {
        s.parse()
    }
}

impl From<Keyword> for String {
    fn from(k: Keyword) -> String {
        k.key()
    }
}

/// How far an ability reaches, relative to the figure's Range or absolute.
/// Distances are measured between the edges of the bases, as for attacks.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub enum Reach {
    /// The figure's own Range (`range`; the default for attacks).
    FigureRange,
    /// The figure's Range changed by this many cm (`+10`, `-5`).
    Modified(i16),
    /// At most this many cm, whatever the figure's Range (`within 5 cm`).
    Within(u16),
    /// Bases touching (`base contact`; melee abilities).
    BaseContact,
}

impl Reach {
    /// The reach in cm for a figure whose Range is `range_cm` (never below 0).
    pub fn cm(self, range_cm: u32) -> u32 {
        match self {
            Reach::FigureRange => range_cm,
            Reach::Modified(m) => range_cm.saturating_add_signed(i32::from(m)),
            Reach::Within(cm) => u32::from(cm),
            Reach::BaseContact => 0,
        }
    }
}

impl fmt::Display for Reach {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Reach::FigureRange => f.write_str("within range"),
            Reach::Modified(m) => write!(f, "{m:+} cm"),
            Reach::Within(cm) => write!(f, "within {cm} cm"),
            Reach::BaseContact => f.write_str("base contact"),
        }
    }
}

impl FromStr for Reach {
    type Err = String;

    /// Parses `within range` (or `range`), `+10` / `-5` (cm, `cm` optional),
    /// `within 5 cm` (or `5 cm`) and `base contact`.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let t = s.trim().to_ascii_lowercase();
        let bad =
            || format!("'{}' is not a reach; use within range, +10, -5, within 5 cm or base contact", clip(s, 30));
        match t.as_str() {
            "range" | "within range" => return Ok(Reach::FigureRange),
            "base contact" | "contact" => return Ok(Reach::BaseContact),
            _ => {}
        }
        let number = |x: &str| x.trim().trim_end_matches("cm").trim().to_string();
        if t.starts_with('+') || t.starts_with('-') {
            let n: i16 = number(&t).parse().map_err(|_| bad())?;
            if !(-100..=100).contains(&n) {
                return Err(format!("'{}': a reach changes Range by at most 100 cm", clip(s, 30)));
            }
            return Ok(Reach::Modified(n));
        }
        let rest = t.strip_prefix("within").unwrap_or(&t);
        if !rest.trim_end().ends_with("cm") {
            return Err(bad());
        }
        let n: u16 = number(rest).parse().map_err(|_| bad())?;
        if n > 100 {
            return Err(format!("'{}': a reach is at most 100 cm", clip(s, 30)));
        }
        Ok(Reach::Within(n))
    }
}

impl TryFrom<String> for Reach {
    type Error = String;

    fn try_from(s: String) -> Result<Self, Self::Error> {
        s.parse()
    }
}

impl From<Reach> for String {
    fn from(r: Reach) -> String {
        r.to_string()
    }
}

/// The damage an ability deals: the sum of the figure's Force (if counted),
/// the die (if counted) and a fixed bonus. Written `force + die`, `die`,
/// `die + 2` or `0`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize, ts_rs::TS)]
#[serde(try_from = "String", into = "String")]
#[ts(type = "string")]
pub struct Damage {
    /// The figure's Force is added.
    pub force: bool,
    /// The die's value (face or rolled, as the requirement says) is added.
    pub die: bool,
    /// A fixed amount added.
    pub bonus: u8,
}

impl Damage {
    /// The damage for a figure with this Force and a die showing `die`.
    pub fn amount(self, force: u32, die: u32) -> u32 {
        u32::from(self.force) * force + u32::from(self.die) * die + u32::from(self.bonus)
    }
}

impl fmt::Display for Damage {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut parts: Vec<String> = Vec::new();
        if self.force {
            parts.push("Force".into());
        }
        if self.die {
            parts.push("die".into());
        }
        if self.bonus > 0 || parts.is_empty() {
            parts.push(self.bonus.to_string());
        }
        f.write_str(&parts.join(" + "))
    }
}

impl FromStr for Damage {
    type Err = String;

    /// Parses a sum of `force`, `die` and a number (`force + die`, `die + 2`, `0`).
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let mut d = Damage::default();
        let mut seen_number = false;
        for term in s.split('+') {
            let t = term.trim().to_ascii_lowercase();
            match t.as_str() {
                "force" if !d.force => d.force = true,
                "die" if !d.die => d.die = true,
                "zero" | "none" if !seen_number => seen_number = true,
                _ => match t.parse::<u8>() {
                    Ok(n) if !seen_number && n <= 20 => {
                        d.bonus = n;
                        seen_number = true;
                    }
                    _ => {
                        return Err(format!(
                            "'{}' is not a damage formula; add force, die and a number up to 20, each at most once",
                            clip(s, 30)
                        ));
                    }
                },
            }
        }
        Ok(d)
    }
}

impl TryFrom<String> for Damage {
    type Error = String;

    fn try_from(s: String) -> Result<Self, Self::Error> {
        s.parse()
    }
}

impl From<Damage> for String {
    fn from(d: Damage) -> String {
        d.to_string().to_ascii_lowercase()
    }
}

/// Damage dealt around a damaged figure (the Spray keyword).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Spray {
    /// Damage to each figure within the spray range.
    pub damage: u8,
    /// How far from the damaged figure's base the spray reaches, in cm.
    pub range_cm: u16,
    /// The damage is dealt once for each prep token the user discards.
    pub per_prep_token: bool,
}

/// When a mine goes off.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum MineMode {
    /// Its owner sets it off with an action.
    Active,
    /// It goes off when a figure ends a move, or is pushed or pulled, within 5 cm of it.
    Passive,
}

/// A mine: how it goes off and where it may be placed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Mine {
    /// Active or passive.
    pub mode: MineMode,
    /// Where the die may be put down, relative to the user's base.
    pub deploy: Reach,
}

/// What a push or pull moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum PushSubject {
    /// Another figure (of either player).
    Figure,
    /// The gate itself; figures and terrain stay where they are.
    Gate,
}

/// How far a push or pull moves its subject.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum PushDistance {
    /// The die's value in cm (not doubled, unlike movement).
    Die,
}

/// A push or pull along the line through both centres.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct PushPull {
    /// What is moved.
    pub subject: PushSubject,
    /// How far.
    pub distance: PushDistance,
}

/// The event a reaction ability answers (a key of its own where the type
/// and keywords do not say it: Defend abilities answer damage to their own
/// figure and counter attacks survived attacks by their type and keyword).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum When {
    /// A friendly figure within this figure's range is about to take damage (L7).
    FriendHurt,
    /// An opponent's figure took an attack action (L11).
    EnemyAttack,
    /// This figure's standard attack dealt damage (D2's spray).
    AttackDealt,
}

impl When {
    /// The key in the data file.
    pub fn key(self) -> &'static str {
        match self {
            When::FriendHurt => "friend-hurt",
            When::EnemyAttack => "enemy-attack",
            When::AttackDealt => "attack-dealt",
        }
    }
}

/// How much a heal restores.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Heal {
    /// Back to the figure's full hit points.
    Full,
}

/// The parameters of an ability that a rules engine reads. Absent values
/// mean the rulebook's defaults: one target, the figure's own Range (base
/// contact for melee), damage as for a standard attack.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(default)]
pub struct Params {
    /// How many figures it may affect.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub targets: Option<u8>,
    /// How far it reaches.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub range: Option<Reach>,
    /// The damage it deals.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub damage: Option<Damage>,
    /// Spray damage around the damaged figure.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub spray: Option<Spray>,
    /// The mine it places.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub mine: Option<Mine>,
    /// The push or pull it makes.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub push_pull: Option<PushPull>,
    /// The healing it gives.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub heal: Option<Heal>,
    /// Force added to the figure's next attack.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub force_bonus: Option<u8>,
    /// Prep tokens spent to use it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub prep_cost: Option<u8>,
    /// Prep tokens the user gains.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub prep_gain: Option<u8>,
    /// Prep tokens taken from the opponent.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub prep_steal: Option<u8>,
    /// Extra prep tokens the figure starts the game with.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub start_prep_tokens: Option<u8>,
    /// How much one foraged die is lowered and another raised.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub die_shift: Option<u8>,
    /// Actions the target gains (positive) or loses (negative).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub actions: Option<i8>,
    /// A distance in cm this figure moves (per prep token, or in reply to an attack).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub move_cm: Option<u8>,
    /// No defence ability may be used against it.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub ignores_defence: bool,
    /// The event it answers, for reactions the type does not name.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub when: Option<When>,
}

/// One ability of the catalogue.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Ability {
    /// Its identifier: the class letter and a number (`D4`).
    pub id: String,
    /// The class that may take it.
    pub class: Class,
    /// What it costs, in spec points.
    pub points: u8,
    /// Its type.
    #[serde(rename = "type")]
    pub kind: AbilityType,
    /// The foraged die it needs and how the die is used.
    pub die: DieUse,
    /// Its parameters.
    #[serde(default)]
    pub params: Params,
    /// Its keywords, in card order.
    #[serde(default)]
    pub keywords: Vec<Keyword>,
    /// What it does, in one line.
    pub text: String,
}

impl Ability {
    /// Whether the ability carries a keyword (any modifier).
    pub fn has(&self, keyword: Keyword) -> bool {
        self.keywords.iter().any(|k| k.same_kind(keyword))
    }

    /// The resist modifier, if the target may resist.
    pub fn resistible(&self) -> Option<i8> {
        self.keywords.iter().find_map(|k| match k {
            Keyword::Resistible(m) => Some(*m),
            _ => None,
        })
    }

    /// How many figures it may affect (1 unless the catalogue says otherwise).
    pub fn targets(&self) -> u8 {
        self.params.targets.unwrap_or(1)
    }

    /// Its reach: melee is base contact; otherwise the catalogue's reach or
    /// the figure's own Range.
    pub fn reach(&self) -> Reach {
        match self.kind {
            AbilityType::Melee => Reach::BaseContact,
            _ => self.params.range.unwrap_or(Reach::FigureRange),
        }
    }

    /// The parameters as short phrases for a card (`Targets 2`, `Range within 5 cm`).
    pub fn details(&self) -> Vec<String> {
        let p = &self.params;
        let mut out = Vec::new();
        if let Some(t) = p.targets {
            out.push(format!("Targets {t}"));
        }
        match (self.kind, p.range) {
            (AbilityType::Melee, _) | (_, Some(Reach::BaseContact)) => out.push("Base contact".into()),
            (_, Some(Reach::Modified(m))) => out.push(format!("Range {m:+} cm")),
            (_, Some(Reach::FigureRange)) => out.push("Within Range".into()),
            (_, Some(Reach::Within(cm))) => out.push(format!("Within {cm} cm")),
            (_, None) => {}
        }
        if let Some(d) = p.damage {
            out.push(format!("Damage {d}"));
        }
        if let Some(s) = p.spray {
            let each = if s.per_prep_token { " per prep token discarded" } else { "" };
            out.push(format!("Spray {}{each} within {} cm", s.damage, s.range_cm));
        }
        if let Some(m) = p.mine {
            let mode = match m.mode {
                MineMode::Active => "active",
                MineMode::Passive => "passive",
            };
            out.push(format!("Mine {mode}, deploy {}", m.deploy));
        }
        if let Some(pp) = p.push_pull {
            out.push(match pp.subject {
                PushSubject::Figure => "Push/pull die cm".into(),
                PushSubject::Gate => "Moves the gate die cm".into(),
            });
        }
        if let Some(Heal::Full) = p.heal {
            out.push("Heal to full".into());
        }
        if let Some(b) = p.force_bonus {
            out.push(format!("Force +{b} on next attack"));
        }
        if let Some(c) = p.prep_cost {
            out.push(format!("Costs {c} prep token{}", plural(c)));
        }
        if let Some(g) = p.prep_gain {
            out.push(format!("Gain {g} prep token{}", plural(g)));
        }
        if let Some(g) = p.prep_steal {
            out.push(format!("Take {g} prep token{} from the opponent", plural(g)));
        }
        if let Some(s) = p.start_prep_tokens {
            out.push(format!("+{s} starting prep tokens"));
        }
        if let Some(s) = p.die_shift {
            out.push(format!("Shift dice by {s}"));
        }
        if let Some(a) = p.actions {
            out.push(format!("Actions {a:+}"));
        }
        if let Some(m) = p.move_cm {
            out.push(format!("Move {m} cm"));
        }
        if p.ignores_defence {
            out.push("No defence".into());
        }
        match p.when {
            Some(When::FriendHurt) => out.push("When a friend takes damage".into()),
            Some(When::EnemyAttack) => out.push("After an enemy attack".into()),
            Some(When::AttackDealt) => out.push("After this figure's attack deals damage".into()),
            None => {}
        }
        out
    }
}

fn plural(n: u8) -> &'static str {
    if n == 1 { "" } else { "s" }
}

/// An error in a catalogue file: the line (when known) and the reason.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CatalogueError {
    /// The 1-based line of the offending value.
    pub line: Option<usize>,
    /// What is wrong.
    pub message: String,
}

impl fmt::Display for CatalogueError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.line {
            Some(l) => write!(f, "line {l}: {}", self.message),
            None => f.write_str(&self.message),
        }
    }
}

impl std::error::Error for CatalogueError {}

/// The ability catalogue: every ability, checked on load, in file order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Catalogue {
    abilities: Vec<Ability>,
}

impl Catalogue {
    /// The standard catalogue (rules v0.26), parsed from the embedded data file.
    pub fn standard() -> Result<Catalogue, CatalogueError> {
        Catalogue::standard_ref().cloned()
    }

    /// The standard catalogue, parsed once and kept.
    pub(crate) fn standard_ref() -> Result<&'static Catalogue, CatalogueError> {
        static CACHE: OnceLock<Result<Catalogue, CatalogueError>> = OnceLock::new();
        CACHE.get_or_init(|| Catalogue::from_toml(STANDARD)).as_ref().map_err(Clone::clone)
    }

    /// The standard catalogue's data file, as embedded.
    pub fn standard_text() -> &'static str {
        STANDARD
    }

    /// Reads and checks a catalogue file (`[[ability]]` tables); the first
    /// error found names its line.
    pub fn from_toml(text: &str) -> Result<Catalogue, CatalogueError> {
        if text.len() > MAX_CATALOGUE_BYTES {
            return Err(CatalogueError { line: None, message: "a catalogue file is at most 1 MiB".into() });
        }
        let raw: RawCatalogue = toml::from_str(text).map_err(|e| CatalogueError {
            line: e.span().map(|s| line_of(text, s.start)),
            message: e.message().trim().to_string(),
        })?;
        if raw.ability.is_empty() {
            return Err(CatalogueError { line: None, message: "the catalogue has no [[ability]] tables".into() });
        }
        let mut abilities: Vec<Ability> = Vec::with_capacity(raw.ability.len());
        for r in raw.ability {
            let a = r.check(text)?;
            if let Some(first) = abilities.iter().find(|b| b.id == a.id) {
                return Err(CatalogueError {
                    line: Some(line_of(text, r.id.span().start)),
                    message: format!("the id {} is used twice (first by \"{}\")", a.id, clip(&first.text, 40)),
                });
            }
            abilities.push(a);
        }
        Ok(Catalogue { abilities })
    }

    /// The ability with this id (`d4` finds `D4`).
    pub fn get(&self, id: &str) -> Option<&Ability> {
        let id = id.trim();
        self.abilities.iter().find(|a| a.id.eq_ignore_ascii_case(id))
    }

    /// Every ability, in file order.
    pub fn abilities(&self) -> &[Ability] {
        &self.abilities
    }

    /// The abilities a class may take, in file order.
    pub fn for_class(&self, class: Class) -> impl Iterator<Item = &Ability> + '_ {
        self.abilities.iter().filter(move |a| a.class == class)
    }

    /// The number of abilities.
    pub fn len(&self) -> usize {
        self.abilities.len()
    }

    /// Whether the catalogue has no abilities (never true once loaded).
    pub fn is_empty(&self) -> bool {
        self.abilities.is_empty()
    }
}

/// The 1-based line holding byte `offset` of `text`.
pub(crate) fn line_of(text: &str, offset: usize) -> usize {
    text.as_bytes()[..offset.min(text.len())].iter().filter(|&&b| b == b'\n').count() + 1
}

/// At most `n` characters of `s`, for messages about hostile input.
pub(crate) fn clip(s: &str, n: usize) -> String {
    if s.chars().count() > n { format!("{}…", s.chars().take(n).collect::<String>()) } else { s.to_string() }
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawCatalogue {
    #[serde(default)]
    ability: Vec<RawAbility>,
}

/// One `[[ability]]` table as written, with the positions of its values.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawAbility {
    id: Spanned<String>,
    class: Spanned<String>,
    points: Spanned<i64>,
    #[serde(rename = "type")]
    kind: Spanned<String>,
    #[serde(default)]
    die: Option<Spanned<String>>,
    #[serde(default)]
    keywords: Vec<Spanned<String>>,
    text: Spanned<String>,
    targets: Option<Spanned<i64>>,
    range: Option<Spanned<String>>,
    damage: Option<Spanned<String>>,
    spray_damage: Option<Spanned<i64>>,
    spray_range_cm: Option<Spanned<i64>>,
    spray_per_prep_token: Option<bool>,
    mine: Option<Spanned<String>>,
    deploy: Option<Spanned<String>>,
    moves: Option<Spanned<String>>,
    distance: Option<Spanned<String>>,
    heal: Option<Spanned<String>>,
    force_bonus: Option<Spanned<i64>>,
    prep_cost: Option<Spanned<i64>>,
    prep_gain: Option<Spanned<i64>>,
    prep_steal: Option<Spanned<i64>>,
    start_prep_tokens: Option<Spanned<i64>>,
    die_shift: Option<Spanned<i64>>,
    actions: Option<Spanned<i64>>,
    move_cm: Option<Spanned<i64>>,
    #[serde(default)]
    ignores_defence: bool,
    when: Option<Spanned<String>>,
}

/// Converts a spanned value, or gives the error at its line.
fn conv<T, U>(text: &str, v: &Spanned<T>, f: impl FnOnce(&T) -> Result<U, String>) -> Result<U, CatalogueError> {
    f(v.get_ref()).map_err(|message| CatalogueError { line: Some(line_of(text, v.span().start)), message })
}

/// A spanned integer that must lie in `range`.
fn int<U: TryFrom<i64>>(
    text: &str,
    v: &Spanned<i64>,
    what: &str,
    range: RangeInclusive<i64>,
) -> Result<U, CatalogueError> {
    conv(text, v, |n| {
        if range.contains(n) {
            U::try_from(*n).map_err(|_| format!("{what} {n} is out of range"))
        } else {
            Err(format!("{what} {n} must be within {}..={}", range.start(), range.end()))
        }
    })
}

fn opt_int<U: TryFrom<i64>>(
    text: &str,
    v: &Option<Spanned<i64>>,
    what: &str,
    range: RangeInclusive<i64>,
) -> Result<Option<U>, CatalogueError> {
    v.as_ref().map(|v| int(text, v, what, range)).transpose()
}

impl RawAbility {
    fn check(&self, text: &str) -> Result<Ability, CatalogueError> {
        let err = |span: std::ops::Range<usize>, message: String| CatalogueError {
            line: Some(line_of(text, span.start)),
            message,
        };
        let class: Class = conv(text, &self.class, |s| s.parse())?;
        let id = conv(text, &self.id, |s| {
            let t = s.trim().to_ascii_uppercase();
            let mut chars = t.chars();
            let letter = chars.next().and_then(Class::from_prefix);
            let number: Option<u8> = chars.as_str().parse().ok().filter(|n| (1..=99).contains(n));
            match (letter, number) {
                (Some(c), Some(_)) if c == class => Ok(t),
                (Some(c), Some(_)) => Err(format!(
                    "the id {t} is a {} id, but the ability's class is {}; ids of {} abilities start with {}",
                    c.name(),
                    class.name(),
                    class.name(),
                    class.prefix()
                )),
                _ => Err(format!("'{}' is not an ability id (a class letter D, R, T or L and 1–99)", clip(s, 20))),
            }
        })?;
        let points = int(text, &self.points, "points", 0..=i64::from(MAX_ABILITY_POINTS))?;
        let kind: AbilityType = conv(text, &self.kind, |s| s.parse())?;
        let die = match &self.die {
            Some(d) => conv(text, d, |s| s.parse())?,
            None => DieUse::None,
        };
        if matches!(die, DieUse::FaceOrRolled(_)) && kind != AbilityType::Defend {
            let line = self.die.as_ref().map_or(self.id.span(), Spanned::span);
            return Err(err(line, "only defend abilities may use a die as shown or rerolled".into()));
        }
        let mut keywords: Vec<Keyword> = Vec::new();
        for k in &self.keywords {
            let kw: Keyword = conv(text, k, |s| s.parse())?;
            if keywords.iter().any(|x| x.same_kind(kw)) {
                return Err(err(k.span(), format!("the keyword {} is listed twice", kw.label())));
            }
            keywords.push(kw);
        }
        let description = conv(text, &self.text, |s| {
            let t = s.trim();
            if t.is_empty() {
                Err("the text is empty; say what the ability does".to_string())
            } else if t.chars().count() > 300 {
                Err("the text is longer than 300 characters".to_string())
            } else {
                Ok(t.to_string())
            }
        })?;
        let range = self.range.as_ref().map(|r| conv(text, r, |s| s.parse::<Reach>())).transpose()?;
        if kind == AbilityType::Melee {
            if let Some((r, s)) = range.zip(self.range.as_ref()) {
                if r != Reach::BaseContact {
                    return Err(err(s.span(), "a melee ability's range is always base contact".into()));
                }
            }
        }
        let damage = self.damage.as_ref().map(|d| conv(text, d, |s| s.parse::<Damage>())).transpose()?;
        let spray = match (&self.spray_damage, keywords.contains(&Keyword::Spray)) {
            (Some(d), true) => Some(Spray {
                damage: int(text, d, "spray damage", 1..=20)?,
                range_cm: match &self.spray_range_cm {
                    Some(r) => int(text, r, "spray range", 1..=40)?,
                    None => return Err(err(d.span(), "spray needs spray_range_cm too".into())),
                },
                per_prep_token: self.spray_per_prep_token.unwrap_or(false),
            }),
            (None, true) => return Err(err(self.id.span(), "the spray keyword needs spray_damage".into())),
            (Some(d), false) => return Err(err(d.span(), "spray_damage needs the spray keyword".into())),
            (None, false) => {
                if self.spray_range_cm.is_some() || self.spray_per_prep_token.is_some() {
                    return Err(err(self.id.span(), "spray settings need the spray keyword".into()));
                }
                None
            }
        };
        let mine = match (&self.mine, kind == AbilityType::Mine) {
            (Some(m), true) => {
                let mode = conv(text, m, |s| match s.trim().to_ascii_lowercase().as_str() {
                    "active" => Ok(MineMode::Active),
                    "passive" => Ok(MineMode::Passive),
                    _ => Err(format!("'{}' is not a mine mode; use active or passive", clip(s, 20))),
                })?;
                let deploy = match &self.deploy {
                    Some(d) => conv(text, d, |s| s.parse::<Reach>())?,
                    None => return Err(err(m.span(), "a mine needs deploy (where the die may be placed)".into())),
                };
                Some(Mine { mode, deploy })
            }
            (None, true) => return Err(err(self.kind.span(), "a mine ability needs mine = active or passive".into())),
            (Some(m), false) => return Err(err(m.span(), "only mine abilities have a mine mode".into())),
            (None, false) => {
                if let Some(d) = &self.deploy {
                    return Err(err(d.span(), "only mine abilities are deployed".into()));
                }
                None
            }
        };
        let push_pull = if kind == AbilityType::PushPull {
            let subject = match &self.moves {
                Some(m) => conv(text, m, |s| match s.trim().to_ascii_lowercase().as_str() {
                    "figure" | "figures" => Ok(PushSubject::Figure),
                    "gate" => Ok(PushSubject::Gate),
                    _ => Err(format!("'{}' cannot be pushed or pulled; use figure or gate", clip(s, 20))),
                })?,
                None => PushSubject::Figure,
            };
            let distance = match &self.distance {
                Some(d) => conv(text, d, |s| match s.trim().to_ascii_lowercase().as_str() {
                    "die" => Ok(PushDistance::Die),
                    _ => Err(format!("'{}' is not a push distance; use die", clip(s, 20))),
                })?,
                None => PushDistance::Die,
            };
            Some(PushPull { subject, distance })
        } else {
            if let Some(m) = self.moves.as_ref().or(self.distance.as_ref()) {
                return Err(err(m.span(), "only push-pull abilities have moves and distance".into()));
            }
            None
        };
        let heal = match (&self.heal, kind == AbilityType::Heal) {
            (Some(h), true) => Some(conv(text, h, |s| match s.trim().to_ascii_lowercase().as_str() {
                "full" => Ok(Heal::Full),
                _ => Err(format!("'{}' is not a heal amount; use full", clip(s, 20))),
            })?),
            (None, true) => return Err(err(self.kind.span(), "a heal ability needs heal = \"full\"".into())),
            (Some(h), false) => return Err(err(h.span(), "only heal abilities heal".into())),
            (None, false) => None,
        };
        let when = match &self.when {
            Some(w) if kind == AbilityType::Misc => {
                Some(conv(text, w, |s| match s.trim().to_ascii_lowercase().as_str() {
                    "friend-hurt" => Ok(When::FriendHurt),
                    "enemy-attack" => Ok(When::EnemyAttack),
                    "attack-dealt" => Ok(When::AttackDealt),
                    _ => {
                        Err(format!("'{}' is not an event; use friend-hurt, enemy-attack or attack-dealt", clip(s, 20)))
                    }
                })?)
            }
            Some(w) => return Err(err(w.span(), "only misc abilities name the event they answer (when)".into())),
            None => None,
        };
        let params = Params {
            targets: opt_int(text, &self.targets, "targets", 1..=9)?,
            range,
            damage,
            spray,
            mine,
            push_pull,
            heal,
            force_bonus: opt_int(text, &self.force_bonus, "force_bonus", 1..=20)?,
            prep_cost: opt_int(text, &self.prep_cost, "prep_cost", 1..=9)?,
            prep_gain: opt_int(text, &self.prep_gain, "prep_gain", 1..=9)?,
            prep_steal: opt_int(text, &self.prep_steal, "prep_steal", 1..=9)?,
            start_prep_tokens: opt_int(text, &self.start_prep_tokens, "start_prep_tokens", 1..=9)?,
            die_shift: opt_int(text, &self.die_shift, "die_shift", 1..=11)?,
            actions: opt_int(text, &self.actions, "actions", -3..=3)?,
            move_cm: opt_int(text, &self.move_cm, "move_cm", 1..=40)?,
            ignores_defence: self.ignores_defence,
            when,
        };
        Ok(Ability { id, class, points, kind, die, params, keywords, text: description })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn notation_round_trips() {
        for s in ["none", "[D4]", "[(D6)]", "[D8] or [(D8)]", "Remove[D10]", "[5/6/7]", "[8]", "any foraged dice"] {
            let d: DieUse = s.parse().unwrap_or(DieUse::None);
            assert_eq!(d.to_string(), s);
        }
        for s in ["range", "+10", "-5", "within 5 cm", "base contact"] {
            let r: Reach = s.parse().unwrap_or(Reach::BaseContact);
            assert_eq!(String::from(r).parse::<Reach>(), Ok(r), "{s}");
        }
    }
}
