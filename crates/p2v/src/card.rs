//! The creature card: everything a warband builder and a referee need to
//! know about one kind of creature.
//!
//! A card has a name, a level (−1 to 14) from which its points cost follows
//! (Table 1, see [`crate::points`]), a size, tags ("traits": its body shape
//! or origin), an alignment, eight stats (Fight, Armor, Power, Fortitude,
//! Reflex, Will, HP and Speed, with an optional movement mode), the
//! rulebook's "standard features" line (skills, immunities, resistances),
//! its features, and — for a commander — which minions it starts with.
//!
//! [`CardFile`] is a card as written in a file, unchecked; it becomes a
//! [`Card`] through `Card::try_from`, which checks every value and names the
//! field at fault. A `Card` is valid by construction: its fields are private
//! and deserialising one goes through the same checks.

use crate::alignment::Alignment;
use crate::feature::Feature;
use crate::points::Level;
use crate::source::{Path, clip};
use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;

/// The longest creature name, in characters.
pub const MAX_NAME: usize = 60;

/// The most traits (tags) a card may have.
pub const MAX_TRAITS: usize = 12;

/// The most features a card may have.
pub const MAX_FEATURES: usize = 40;

/// The longest "standard features" line, in characters.
pub const MAX_STANDARD: usize = 500;

/// The most kinds of minion a commander may start with.
pub const MAX_STARTING_MINIONS: usize = 5;

/// How large a creature is, and so how many squares it occupies.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub enum Size {
    /// One square.
    Tiny,
    /// One square.
    Small,
    /// One square.
    Medium,
    /// 2 × 2 squares.
    Large,
    /// 3 × 3 squares.
    Huge,
    /// 4 × 4 squares.
    Gargantuan,
}

impl Size {
    /// Every size, smallest first.
    pub const ALL: [Size; 6] = [Size::Tiny, Size::Small, Size::Medium, Size::Large, Size::Huge, Size::Gargantuan];

    /// The name, capitalised (`Medium`).
    pub fn name(self) -> &'static str {
        match self {
            Size::Tiny => "Tiny",
            Size::Small => "Small",
            Size::Medium => "Medium",
            Size::Large => "Large",
            Size::Huge => "Huge",
            Size::Gargantuan => "Gargantuan",
        }
    }

    /// The width of its space in squares (1, 2, 3 or 4).
    pub fn width(self) -> u8 {
        match self {
            Size::Tiny | Size::Small | Size::Medium => 1,
            Size::Large => 2,
            Size::Huge => 3,
            Size::Gargantuan => 4,
        }
    }

    /// The squares it occupies (1, 4, 9 or 16).
    pub fn squares(self) -> u8 {
        self.width() * self.width()
    }
}

impl fmt::Display for Size {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Size {
    type Err = String;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Size::ALL.into_iter().find(|z| z.name().eq_ignore_ascii_case(s.trim())).ok_or_else(|| {
            format!("unknown size '{}'; use tiny, small, medium, large, huge or gargantuan", clip(s.trim(), 20))
        })
    }
}

impl TryFrom<String> for Size {
    type Error = String;

    fn try_from(s: String) -> Result<Self, Self::Error> {
        s.parse()
    }
}

impl From<Size> for String {
    fn from(z: Size) -> String {
        z.name().to_ascii_lowercase()
    }
}

/// A special movement mode ("In Path 2 Victory, creatures have at most one
/// movement mode").
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub enum Movement {
    /// Ignores the negative effects of water terrain (≋).
    Aquatic,
    /// Ignores terrain, auras and enemies while moving, resurfacing at the end.
    Burrowing,
    /// Ignores terrain except solid terrain, and passes enemy creatures (☁).
    Flight,
    /// Climbs any incline; along solid terrain, ignores terrain and enemies (🌳).
    WallClimb,
    /// Ignores terrain, auras and enemies, reappearing at the end (★).
    Teleportation,
}

impl Movement {
    /// Every movement mode, in the rulebook's order.
    pub const ALL: [Movement; 5] =
        [Movement::Aquatic, Movement::Burrowing, Movement::Flight, Movement::WallClimb, Movement::Teleportation];

    /// The key used in files (`wall-climb`).
    pub fn key(self) -> &'static str {
        match self {
            Movement::Aquatic => "aquatic",
            Movement::Burrowing => "burrowing",
            Movement::Flight => "flight",
            Movement::WallClimb => "wall-climb",
            Movement::Teleportation => "teleportation",
        }
    }

    /// The name, capitalised (`Wall Climb`).
    pub fn name(self) -> &'static str {
        match self {
            Movement::Aquatic => "Aquatic",
            Movement::Burrowing => "Burrowing",
            Movement::Flight => "Flight",
            Movement::WallClimb => "Wall Climb",
            Movement::Teleportation => "Teleportation",
        }
    }

    /// The mode a symbol after the Speed stands for on the public cards
    /// (`☁` flight, `≋` aquatic, `🌳` wall climb) or in the rulebook
    /// (`≈` aquatic, `♣` wall climb, `★` teleportation).
    pub fn from_symbol(s: &str) -> Option<Movement> {
        let t: String = s.trim().chars().filter(|c| !matches!(c, '\u{fe0e}' | '\u{fe0f}')).collect();
        match t.as_str() {
            "☁" => Some(Movement::Flight),
            "≋" | "≈" => Some(Movement::Aquatic),
            "🌳" | "♣" => Some(Movement::WallClimb),
            "★" => Some(Movement::Teleportation),
            _ => None,
        }
    }
}

impl fmt::Display for Movement {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Movement {
    type Err = String;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        if let Some(m) = Movement::from_symbol(s) {
            return Ok(m);
        }
        let t = s.trim().to_ascii_lowercase().replace([' ', '_'], "-");
        let t = match t.as_str() {
            "fly" | "flying" => "flight",
            "burrow" => "burrowing",
            "climb" => "wall-climb",
            "swim" => "aquatic",
            "teleport" => "teleportation",
            other => other,
        };
        Movement::ALL.into_iter().find(|m| m.key() == t).ok_or_else(|| {
            format!(
                "unknown movement mode '{}'; use aquatic, burrowing, flight, wall-climb or teleportation",
                clip(s.trim(), 20)
            )
        })
    }
}

impl TryFrom<String> for Movement {
    type Error = String;

    fn try_from(s: String) -> Result<Self, Self::Error> {
        s.parse()
    }
}

impl From<Movement> for String {
    fn from(m: Movement) -> String {
        m.key().to_string()
    }
}

/// A creature's eight stats. In a file, modifiers may be written with a
/// sign (`fight = +11`), as on the cards.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Stats {
    /// Added to a d20 to strike (−10 to 50).
    pub fight: i32,
    /// A strike hits when the Fight roll equals or exceeds it (1 to 60).
    pub armor: i32,
    /// A second Armor printed in brackets: what a feature of the card can
    /// reduce it to (the public cards' `15 [11]`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reduced_armor: Option<i32>,
    /// How hard its powers are to resist (1 to 60).
    pub power: i32,
    /// Fortitude save modifier (−10 to 50).
    pub fort: i32,
    /// Reflex save modifier (−10 to 50).
    pub reflex: i32,
    /// Will save modifier (−10 to 50).
    pub will: i32,
    /// Maximum hit points (1 to 9999).
    pub hp: i32,
    /// Squares per Stride (0 to 60).
    pub speed: i32,
    /// Its movement mode, if it has one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub movement: Option<Movement>,
}

impl Stats {
    /// Checks every stat's range; the error names the stat's key.
    fn check(&self) -> Result<(), (&'static str, String)> {
        let ranges: [(&'static str, &str, i32, i32, i32); 8] = [
            ("fight", "Fight", self.fight, -10, 50),
            ("armor", "Armor", self.armor, 1, 60),
            ("power", "Power", self.power, 1, 60),
            ("fort", "Fortitude", self.fort, -10, 50),
            ("reflex", "Reflex", self.reflex, -10, 50),
            ("will", "Will", self.will, -10, 50),
            ("hp", "HP", self.hp, 1, 9999),
            ("speed", "Speed", self.speed, 0, 60),
        ];
        for (key, name, v, lo, hi) in ranges {
            if !(lo..=hi).contains(&v) {
                return Err((key, format!("{name} {v} is outside {lo} to {hi}")));
            }
        }
        if let Some(r) = self.reduced_armor {
            if !(0..self.armor).contains(&r) {
                return Err(("reduced_armor", format!("the reduced Armor {r} must be below the Armor {}", self.armor)));
            }
        }
        Ok(())
    }

    /// The Speed with its movement mode (`8 Flight`).
    pub fn speed_label(&self) -> String {
        match self.movement {
            Some(m) => format!("{} {}", self.speed, m.name()),
            None => self.speed.to_string(),
        }
    }

    /// The Armor with the reduced value in brackets (`15 [11]`).
    pub fn armor_label(&self) -> String {
        match self.reduced_armor {
            Some(r) => format!("{} [{r}]", self.armor),
            None => self.armor.to_string(),
        }
    }
}

/// A minion a commander brings ("Starts with X"): it joins the warband with
/// its commander at no points cost.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct StartsWith {
    /// The minion's card name.
    pub creature: String,
    /// How many of it (1 to 9).
    #[serde(default = "one", skip_serializing_if = "is_one")]
    pub count: i64,
}

fn one() -> i64 {
    1
}

fn is_one(n: &i64) -> bool {
    *n == 1
}

/// What a commander's card says about its minions.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Commander {
    /// Which creatures may be its minions, in the card's words.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub minions: String,
    /// The minions it starts with, free.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub starts_with: Vec<StartsWith>,
}

/// A card as written in a file, unchecked.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CardFile {
    /// The creature's name.
    pub name: String,
    /// Its level, −1 to 14.
    pub level: i64,
    /// The points the card prints, if written: it must agree with Table 1.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub points: Option<i64>,
    /// Its size.
    pub size: Size,
    /// Its tags (`Human`, `Humanoid`).
    #[serde(default)]
    pub traits: Vec<String>,
    /// Its alignment.
    pub alignment: Alignment,
    /// Its stats.
    pub stats: Stats,
    /// The standard features line: skills, immunities, resistances, weaknesses.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub standard: String,
    /// Its features, in card order.
    #[serde(default, rename = "feature", alias = "features")]
    pub features: Vec<Feature>,
    /// Its commander entry, if it leads minions.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub commander: Option<Commander>,
}

/// Why a card is not valid: the field (a path such as `feature[2].name`)
/// and the reason.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CardError {
    /// The field at fault, as a path (`stats.armor`); empty for the whole card.
    pub field: String,
    /// What is wrong.
    pub message: String,
    pub(crate) path: Path,
}

impl CardError {
    pub(crate) fn at(path: Path, message: String) -> CardError {
        CardError { field: path.to_string(), message, path }
    }
}

impl fmt::Display for CardError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.field.is_empty() { f.write_str(&self.message) } else { write!(f, "{}: {}", self.field, self.message) }
    }
}

impl std::error::Error for CardError {}

/// A checked creature card.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(try_from = "CardFile", into = "CardFile")]
pub struct Card {
    name: String,
    level: Level,
    size: Size,
    traits: Vec<String>,
    alignment: Alignment,
    stats: Stats,
    standard: String,
    features: Vec<Feature>,
    commander: Option<Commander>,
}

impl Card {
    /// Its name.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// Its level.
    pub fn level(&self) -> Level {
        self.level
    }

    /// Its points cost, from its level (Table 1).
    pub fn points(&self) -> u32 {
        self.level.cost()
    }

    /// What each of its upgrades, items and hero points costs (Table 1).
    pub fn upgrade_cost(&self) -> u32 {
        self.level.upgrade_cost()
    }

    /// Its size.
    pub fn size(&self) -> Size {
        self.size
    }

    /// Its tags.
    pub fn traits(&self) -> &[String] {
        &self.traits
    }

    /// Whether it has this tag (any letter case).
    pub fn has_trait(&self, t: &str) -> bool {
        self.traits.iter().any(|x| x.eq_ignore_ascii_case(t.trim()))
    }

    /// Its alignment.
    pub fn alignment(&self) -> Alignment {
        self.alignment
    }

    /// Its stats.
    pub fn stats(&self) -> &Stats {
        &self.stats
    }

    /// The standard features line (may be empty).
    pub fn standard(&self) -> &str {
        &self.standard
    }

    /// Every feature, upgrades included, in card order.
    pub fn features(&self) -> &[Feature] {
        &self.features
    }

    /// The features it always has (not upgrades).
    pub fn base_features(&self) -> impl Iterator<Item = &Feature> + '_ {
        self.features.iter().filter(|f| !f.upgrade)
    }

    /// The upgrades its card offers.
    pub fn upgrades(&self) -> impl Iterator<Item = &Feature> + '_ {
        self.features.iter().filter(|f| f.upgrade)
    }

    /// The upgrade of this name (any letter case).
    pub fn upgrade(&self, name: &str) -> Option<&Feature> {
        self.upgrades().find(|f| f.name.trim().eq_ignore_ascii_case(name.trim()))
    }

    /// Its commander entry, if it leads minions.
    pub fn commander(&self) -> Option<&Commander> {
        self.commander.as_ref()
    }

    /// Its caster rank, if one of its base features casts spells.
    pub fn caster_rank(&self) -> Option<u8> {
        self.base_features().filter_map(Feature::caster_rank).max()
    }

    /// The card's tagline: size, tags and level (`Medium Human Humanoid 6`).
    pub fn tagline(&self) -> String {
        let mut parts: Vec<String> = vec![self.size.name().to_string()];
        parts.extend(self.traits.iter().cloned());
        parts.push(self.level.to_string());
        parts.join(" ")
    }

    /// The card as a file entry (with its points written out).
    pub fn to_file(&self) -> CardFile {
        let mut f: CardFile = self.clone().into();
        f.points = Some(i64::from(self.points()));
        f
    }
}

impl From<Card> for CardFile {
    fn from(c: Card) -> CardFile {
        CardFile {
            name: c.name,
            level: i64::from(c.level),
            points: None,
            size: c.size,
            traits: c.traits,
            alignment: c.alignment,
            stats: c.stats,
            standard: c.standard,
            features: c.features,
            commander: c.commander,
        }
    }
}

impl TryFrom<CardFile> for Card {
    type Error = CardError;

    /// Checks every value of the card; the first error names its field.
    fn try_from(f: CardFile) -> Result<Self, Self::Error> {
        let root = Path::root();
        let err = |key: &'static str, message: String| CardError::at(root.key(key), message);
        let name = f.name.trim().to_string();
        if name.is_empty() {
            return Err(err("name", "the creature has no name".into()));
        }
        if name.chars().count() > MAX_NAME {
            return Err(err("name", format!("the name is longer than {MAX_NAME} characters")));
        }
        let level =
            Level::new(f.level).ok_or_else(|| err("level", format!("level {} is outside -1 to 14", f.level)))?;
        if let Some(p) = f.points {
            if p != i64::from(level.cost()) {
                return Err(err(
                    "points",
                    format!(
                        "the card says {p} points, but Table 1 prices a level {level} creature at {}; write {} or \
                         leave points out",
                        level.cost(),
                        level.cost()
                    ),
                ));
            }
        }
        if f.traits.len() > MAX_TRAITS {
            return Err(err("traits", format!("{} traits; at most {MAX_TRAITS}", f.traits.len())));
        }
        let mut traits = Vec::with_capacity(f.traits.len());
        for (i, t) in f.traits.iter().enumerate() {
            let t = t.trim();
            if t.is_empty() || t.chars().count() > 30 {
                return Err(CardError::at(root.key("traits").index(i), "a trait is 1 to 30 characters".into()));
            }
            traits.push(t.to_string());
        }
        f.stats.check().map_err(|(key, m)| CardError::at(root.key("stats").key(key), m))?;
        if f.standard.chars().count() > MAX_STANDARD {
            return Err(err("standard", format!("the standard features are longer than {MAX_STANDARD} characters")));
        }
        if f.features.len() > MAX_FEATURES {
            return Err(err("feature", format!("{} features; at most {MAX_FEATURES}", f.features.len())));
        }
        let mut features: Vec<Feature> = Vec::with_capacity(f.features.len());
        for (i, feat) in f.features.iter().enumerate() {
            let at = |key: &'static str, m: String| CardError::at(root.key("feature").index(i).key(key), m);
            feat.check().map_err(|(key, m)| at(key, m))?;
            if feat.upgrade && features.iter().any(|g| g.upgrade && g.name.eq_ignore_ascii_case(feat.name.trim())) {
                return Err(at("name", format!("two upgrades are called {}", clip(feat.name.trim(), 40))));
            }
            let mut feat = feat.clone();
            feat.name = feat.name.trim().to_string();
            feat.text = feat.text.trim().to_string();
            features.push(feat);
        }
        // `stops` names features of this card (Brazier; ruling P2V-R152).
        for (i, feat) in features.iter().enumerate() {
            let Some(st) = feat.effect.as_ref().and_then(|e| e.stops.as_ref()) else { continue };
            if let Some(n) =
                st.features.iter().find(|n| !features.iter().any(|g| g.name.eq_ignore_ascii_case(n.trim())))
            {
                return Err(CardError::at(
                    root.key("feature").index(i).key("effect"),
                    format!("{}: `stops` names {}, which is not a feature of this card", feat.name, clip(n, 40)),
                ));
            }
        }
        let commander = match f.commander {
            None => None,
            Some(c) => Some(check_commander(c, &name, &root.key("commander"))?),
        };
        Ok(Card {
            name,
            level,
            size: f.size,
            traits,
            alignment: f.alignment,
            stats: f.stats,
            standard: f.standard.trim().to_string(),
            features,
            commander,
        })
    }
}

fn check_commander(c: Commander, name: &str, at: &Path) -> Result<Commander, CardError> {
    if c.minions.chars().count() > 200 {
        return Err(CardError::at(at.key("minions"), "the minions text is longer than 200 characters".into()));
    }
    if c.starts_with.len() > MAX_STARTING_MINIONS {
        return Err(CardError::at(
            at.key("starts_with"),
            format!("a commander starts with at most {MAX_STARTING_MINIONS} kinds of minion"),
        ));
    }
    let mut out = Vec::with_capacity(c.starts_with.len());
    for (i, s) in c.starts_with.into_iter().enumerate() {
        let here = at.key("starts_with").index(i);
        let creature = s.creature.trim().to_string();
        if creature.is_empty() || creature.chars().count() > MAX_NAME {
            return Err(CardError::at(here.key("creature"), "a minion's name is 1 to 60 characters".into()));
        }
        if creature.eq_ignore_ascii_case(name) {
            return Err(CardError::at(here.key("creature"), "a commander cannot start with itself".into()));
        }
        if !(1..=9).contains(&s.count) {
            return Err(CardError::at(
                here.key("count"),
                format!("{} minions; a commander starts with 1 to 9", s.count),
            ));
        }
        out.push(StartsWith { creature, count: s.count });
    }
    Ok(Commander { minions: c.minions.trim().to_string(), starts_with: out })
}
