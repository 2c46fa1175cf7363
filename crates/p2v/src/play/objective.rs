//! The eight standard objectives, their skills, and the d6 table that sets
//! which skills may claim one and at what Power ("Standard objectives").

use arbiter_geometry::battle::Square;
use serde::{Deserialize, Serialize};

/// The standard objectives.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
#[allow(missing_docs)]
pub enum Kind {
    Book,
    Device,
    ExoticFlower,
    GolemsEye,
    Notable,
    SavageBeast,
    SpectralHaunt,
    WillfulSprite,
}

impl Kind {
    /// Every standard objective, in the table's order.
    pub const ALL: [Kind; 8] = [
        Kind::Book,
        Kind::Device,
        Kind::ExoticFlower,
        Kind::GolemsEye,
        Kind::Notable,
        Kind::SavageBeast,
        Kind::SpectralHaunt,
        Kind::WillfulSprite,
    ];

    /// Its name as the table prints it.
    pub fn name(self) -> &'static str {
        match self {
            Kind::Book => "Book",
            Kind::Device => "Device",
            Kind::ExoticFlower => "Exotic Flower",
            Kind::GolemsEye => "Golem's Eye",
            Kind::Notable => "Notable",
            Kind::SavageBeast => "Savage Beast",
            Kind::SpectralHaunt => "Spectral Haunt",
            Kind::WillfulSprite => "Willful Sprite",
        }
    }

    /// Its key in the notation (`exotic-flower`).
    pub fn key(self) -> &'static str {
        match self {
            Kind::Book => "book",
            Kind::Device => "device",
            Kind::ExoticFlower => "exotic-flower",
            Kind::GolemsEye => "golems-eye",
            Kind::Notable => "notable",
            Kind::SavageBeast => "savage-beast",
            Kind::SpectralHaunt => "spectral-haunt",
            Kind::WillfulSprite => "willful-sprite",
        }
    }

    /// The objective a word names: its key, its name, any case, with or
    /// without punctuation (`golem's eye`, `golems-eye`).
    pub fn parse(text: &str) -> Option<Kind> {
        let norm = |s: &str| s.to_ascii_lowercase().chars().filter(|c| c.is_ascii_alphanumeric()).collect::<String>();
        let t = norm(text);
        Kind::ALL.into_iter().find(|k| norm(k.key()) == t || norm(k.name()) == t)
    }

    /// Skills 1 to 4 of the table, lower case.
    pub fn skills(self) -> [&'static str; 4] {
        match self {
            Kind::Book => ["arcana", "lore", "occultism", "religion"],
            Kind::Device => ["arcana", "crafting", "thievery", "medicine"],
            Kind::ExoticFlower => ["medicine", "nature", "survival", "thievery"],
            Kind::GolemsEye => ["acrobatics", "crafting", "stealth", "thievery"],
            Kind::Notable => ["deception", "diplomacy", "intimidation", "society"],
            Kind::SavageBeast => ["athletics", "intimidation", "nature", "performance"],
            Kind::SpectralHaunt => ["diplomacy", "occultism", "performance", "religion"],
            Kind::WillfulSprite => ["deception", "society", "lore", "survival"],
        }
    }
}

/// The d6 table: which of the four skills (a bit each: skill 1 is bit 0)
/// and what Power. "1 Skill 1 or 2, Power 15 · 2 Skill 2 or 3 · 3 Skill 3
/// or 4 · 4 Skill 1 or 4 · 5 Any of the 4 Skills, Power 15 · 6 Any of the
/// 4 Skills, Power 20".
pub fn table(d6: u8) -> (u8, u8) {
    match d6 {
        1 => (0b0011, 15),
        2 => (0b0110, 15),
        3 => (0b1100, 15),
        4 => (0b1001, 15),
        5 => (0b1111, 15),
        _ => (0b1111, 20),
    }
}

/// An objective on the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Objective {
    /// Which.
    pub kind: Kind,
    /// Where.
    pub square: Square,
    /// The skills that may claim it (a bit per skill of [`Kind::skills`]);
    /// 0 until its d6 is rolled.
    pub skills: u8,
    /// The Power of the check to claim it; 0 until its d6 is rolled.
    pub power: u8,
    /// The seat that holds it, if any.
    pub holder: Option<u8>,
}

impl Objective {
    /// The skills that may claim it, lower case.
    pub fn allowed(&self) -> impl Iterator<Item = &'static str> + '_ {
        let skills = self.kind.skills();
        (0..4).filter(move |i| self.skills & (1 << i) != 0).map(move |i| skills[i])
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_d6_table_gives_two_skills_or_all_four_and_power_20_on_a_six() {
        assert_eq!(table(1), (0b0011, 15));
        assert_eq!(table(4), (0b1001, 15));
        assert_eq!(table(6), (0b1111, 20));
        let o = Objective { kind: Kind::Book, square: Square(0), skills: table(2).0, power: 15, holder: None };
        assert_eq!(o.allowed().collect::<Vec<_>>(), ["lore", "occultism"]);
    }

    #[test]
    fn objectives_parse_by_name_or_key() {
        assert_eq!(Kind::parse("Golem's Eye"), Some(Kind::GolemsEye));
        assert_eq!(Kind::parse("exotic-flower"), Some(Kind::ExoticFlower));
        assert_eq!(Kind::parse("dragon"), None);
    }
}
