//! The nine alignments: the factions of Path 2 Victory.
//!
//! The rulebook lays them out as a 3 × 3 grid, good to evil down the rows
//! and lawful to chaotic across the columns:
//!
//! ```text
//! Lawful Good     Neutral Good   Chaotic Good
//! Lawful Neutral  True Neutral   Chaotic Neutral
//! Lawful Evil     Neutral Evil   Chaotic Evil
//! ```
//!
//! "Each player chooses an alignment for their warband, but can also recruit
//! those of 'adjacent' alignments and True Neutral creatures. For example, a
//! Lawful Evil warband can also include Lawful Neutral, Neutral Evil and True
//! Neutral creatures." Adjacent means next to it in a row or a column of the
//! grid (not diagonally): the example names Lawful Neutral and Neutral Evil
//! but needs the separate True Neutral clause for the diagonal square.
//!
//! Each alignment has a symbol on the cards. The rulebook's text extraction
//! garbled them (three pairs share a symbol), so Arbiter prints the symbols
//! of the public card files and reads both; see `docs/rulings/p2v.md`.

use crate::source::clip;
use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;

/// One of the nine alignments.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub enum Alignment {
    /// Lawful Good (LG).
    LawfulGood,
    /// Neutral Good (NG).
    NeutralGood,
    /// Chaotic Good (CG).
    ChaoticGood,
    /// Lawful Neutral (LN).
    LawfulNeutral,
    /// True Neutral (TN, or just "neutral").
    TrueNeutral,
    /// Chaotic Neutral (CN).
    ChaoticNeutral,
    /// Lawful Evil (LE).
    LawfulEvil,
    /// Neutral Evil (NE).
    NeutralEvil,
    /// Chaotic Evil (CE).
    ChaoticEvil,
}

impl Alignment {
    /// All nine, in the rulebook's grid order (row by row).
    pub const ALL: [Alignment; 9] = [
        Alignment::LawfulGood,
        Alignment::NeutralGood,
        Alignment::ChaoticGood,
        Alignment::LawfulNeutral,
        Alignment::TrueNeutral,
        Alignment::ChaoticNeutral,
        Alignment::LawfulEvil,
        Alignment::NeutralEvil,
        Alignment::ChaoticEvil,
    ];

    /// The name as the rulebook writes it (`Lawful Evil`).
    pub fn name(self) -> &'static str {
        match self {
            Alignment::LawfulGood => "Lawful Good",
            Alignment::NeutralGood => "Neutral Good",
            Alignment::ChaoticGood => "Chaotic Good",
            Alignment::LawfulNeutral => "Lawful Neutral",
            Alignment::TrueNeutral => "True Neutral",
            Alignment::ChaoticNeutral => "Chaotic Neutral",
            Alignment::LawfulEvil => "Lawful Evil",
            Alignment::NeutralEvil => "Neutral Evil",
            Alignment::ChaoticEvil => "Chaotic Evil",
        }
    }

    /// The key used in files (`lawful-evil`).
    pub fn key(self) -> &'static str {
        match self {
            Alignment::LawfulGood => "lawful-good",
            Alignment::NeutralGood => "neutral-good",
            Alignment::ChaoticGood => "chaotic-good",
            Alignment::LawfulNeutral => "lawful-neutral",
            Alignment::TrueNeutral => "true-neutral",
            Alignment::ChaoticNeutral => "chaotic-neutral",
            Alignment::LawfulEvil => "lawful-evil",
            Alignment::NeutralEvil => "neutral-evil",
            Alignment::ChaoticEvil => "chaotic-evil",
        }
    }

    /// The two-letter abbreviation (`LE`).
    pub fn abbreviation(self) -> &'static str {
        match self {
            Alignment::LawfulGood => "LG",
            Alignment::NeutralGood => "NG",
            Alignment::ChaoticGood => "CG",
            Alignment::LawfulNeutral => "LN",
            Alignment::TrueNeutral => "TN",
            Alignment::ChaoticNeutral => "CN",
            Alignment::LawfulEvil => "LE",
            Alignment::NeutralEvil => "NE",
            Alignment::ChaoticEvil => "CE",
        }
    }

    /// The symbol Arbiter prints on cards (the public card files' symbols;
    /// Lawful Neutral, which none of them shows, keeps the rulebook's ◎).
    pub fn symbol(self) -> &'static str {
        match self {
            Alignment::LawfulGood => "☼",
            Alignment::NeutralGood => "✿",
            Alignment::ChaoticGood => "✯",
            Alignment::LawfulNeutral => "◎",
            Alignment::TrueNeutral => "⚖",
            Alignment::ChaoticNeutral => "🌀",
            Alignment::LawfulEvil => "✊",
            Alignment::NeutralEvil => "👿",
            Alignment::ChaoticEvil => "⛈",
        }
    }

    /// The alignment a card symbol stands for: the card files' symbols, and
    /// the rulebook's where they are unambiguous (☀ ★ ❀). Variation
    /// selectors and surrounding spaces are ignored.
    pub fn from_symbol(s: &str) -> Option<Alignment> {
        let t: String = s.trim().chars().filter(|c| !matches!(c, '\u{fe0e}' | '\u{fe0f}')).collect();
        if let Some(a) = Alignment::ALL.into_iter().find(|a| a.symbol() == t) {
            return Some(a);
        }
        match t.as_str() {
            "☀" => Some(Alignment::LawfulGood),
            "★" => Some(Alignment::ChaoticGood),
            "❀" => Some(Alignment::TrueNeutral),
            _ => None,
        }
    }

    /// The row (0 good, 1 neutral, 2 evil) and column (0 lawful, 1 neutral,
    /// 2 chaotic) of the rulebook's grid.
    pub fn position(self) -> (u8, u8) {
        let i = Alignment::ALL.iter().position(|&a| a == self).unwrap_or(4);
        ((i / 3) as u8, (i % 3) as u8)
    }

    /// Whether `other` is next to this alignment in a row or a column of the grid.
    pub fn is_adjacent(self, other: Alignment) -> bool {
        let ((r1, c1), (r2, c2)) = (self.position(), other.position());
        r1.abs_diff(r2) + c1.abs_diff(c2) == 1
    }

    /// Whether a warband of this alignment may recruit a creature of
    /// `creature`'s alignment: the same, an adjacent one, or True Neutral.
    pub fn may_recruit(self, creature: Alignment) -> bool {
        creature == self || creature == Alignment::TrueNeutral || self.is_adjacent(creature)
    }

    /// Every alignment a warband of this alignment may recruit, in grid order.
    pub fn recruits(self) -> Vec<Alignment> {
        Alignment::ALL.into_iter().filter(|&a| self.may_recruit(a)).collect()
    }
}

impl fmt::Display for Alignment {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Alignment {
    type Err = String;

    /// Parses a name (`Lawful Evil`, `lawful-evil`, `lawful_evil`), an
    /// abbreviation (`LE`), `neutral` for True Neutral, or a card symbol.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        if let Some(a) = Alignment::from_symbol(s) {
            return Ok(a);
        }
        let t = s.trim().to_ascii_lowercase().replace([' ', '_'], "-");
        let found = match t.as_str() {
            "neutral" | "n" | "tn" => Some(Alignment::TrueNeutral),
            _ => Alignment::ALL.into_iter().find(|a| a.key() == t || a.abbreviation().eq_ignore_ascii_case(&t)),
        };
        found.ok_or_else(|| {
            format!(
                "unknown alignment '{}'; use lawful good, neutral good, chaotic good, lawful neutral, true neutral, \
                 chaotic neutral, lawful evil, neutral evil or chaotic evil",
                clip(s.trim(), 30)
            )
        })
    }
}

impl TryFrom<String> for Alignment {
    type Error = String;

    fn try_from(s: String) -> Result<Self, Self::Error> {
        s.parse()
    }
}

impl From<Alignment> for String {
    fn from(a: Alignment) -> String {
        a.key().to_string()
    }
}
