//! Creature sizes: the space each occupies and how tall it stands.
//!
//! Heights are counted in half squares ([`Height`]) so that "less than one
//! square tall" (Small and smaller) has an exact value, half a square, that
//! compares correctly with everything measured in whole squares.

use serde::{Deserialize, Serialize};
use std::fmt;

/// A height in half squares: 2 is one square.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Height(pub u16);

impl Height {
    /// Ground level.
    pub const ZERO: Height = Height(0);
    /// Taller than anything: terrain that reaches the sky (a wall, darkness).
    pub const UNBOUNDED: Height = Height(u16::MAX);

    /// A whole number of squares.
    pub const fn squares(n: u16) -> Height {
        Height(n.saturating_mul(2))
    }
    /// One square more (the "at least one square higher" of the rules).
    pub const fn plus_one_square(self) -> Height {
        Height(self.0.saturating_add(2))
    }
    /// The sum of two heights.
    pub const fn plus(self, o: Height) -> Height {
        Height(self.0.saturating_add(o.0))
    }
}

impl fmt::Display for Height {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if *self == Height::UNBOUNDED {
            f.write_str("unbounded")
        } else if self.0 % 2 == 0 {
            write!(f, "{}", self.0 / 2)
        } else {
            write!(f, "{}.5", self.0 / 2)
        }
    }
}

/// The six sizes of the rules.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
#[allow(missing_docs)]
pub enum Size {
    Tiny,
    Small,
    Medium,
    Large,
    Huge,
    Gargantuan,
}

impl Size {
    /// Every size, smallest first.
    pub const ALL: [Size; 6] = [Size::Tiny, Size::Small, Size::Medium, Size::Large, Size::Huge, Size::Gargantuan];

    /// Squares along each side of its space: Tiny, Small and Medium 1, Large
    /// 2, Huge 3, Gargantuan 4.
    pub const fn side(self) -> u8 {
        match self {
            Size::Tiny | Size::Small | Size::Medium => 1,
            Size::Large => 2,
            Size::Huge => 3,
            Size::Gargantuan => 4,
        }
    }

    /// How tall it stands: Small and smaller half a square ("less than one
    /// square tall"), Medium 1, Large 2, Huge 3, and Gargantuan 4 (ruling:
    /// one square more per size, as its space grows).
    pub const fn height(self) -> Height {
        match self {
            Size::Tiny | Size::Small => Height(1),
            Size::Medium => Height(2),
            Size::Large => Height(4),
            Size::Huge => Height(6),
            Size::Gargantuan => Height(8),
        }
    }

    /// Its name in lower case.
    pub const fn name(self) -> &'static str {
        match self {
            Size::Tiny => "tiny",
            Size::Small => "small",
            Size::Medium => "medium",
            Size::Large => "large",
            Size::Huge => "huge",
            Size::Gargantuan => "gargantuan",
        }
    }

    /// The size with a name or its first letter (`large`, `L`), any case.
    pub fn parse(text: &str) -> Option<Size> {
        let t = text.trim().to_ascii_lowercase();
        Size::ALL
            .into_iter()
            .find(|s| s.name() == t || (t.len() == 1 && s.name().starts_with(&t) && t != "t"))
            .or_else(|| (t == "t").then_some(Size::Tiny))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn heights_by_size_follow_the_rulebook_and_gargantuan_continues_them() {
        // "Small and smaller creatures count as less than one square tall,
        // Medium creatures as exactly one square tall, Large creatures as
        // two squares tall and Huge creatures as three squares tall."
        let h: Vec<u16> = Size::ALL.iter().map(|s| s.height().0).collect();
        assert_eq!(h, [1, 1, 2, 4, 6, 8], "in half squares; Gargantuan 4 squares (ruling P2V-G2)");
        let sides: Vec<u8> = Size::ALL.iter().map(|s| s.side()).collect();
        assert_eq!(sides, [1, 1, 1, 2, 3, 4]);
    }

    #[test]
    fn sizes_parse_by_name_or_letter() {
        for s in Size::ALL {
            assert_eq!(Size::parse(s.name()), Some(s));
        }
        assert_eq!(Size::parse("L"), Some(Size::Large));
        assert_eq!(Size::parse("t"), Some(Size::Tiny));
        assert_eq!(Size::parse("enormous"), None);
        assert_eq!(Height(3).to_string(), "1.5");
        assert_eq!(Height::squares(2).to_string(), "2");
    }
}
