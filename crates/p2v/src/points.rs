//! Points by level: Table 1 of the rulebook.
//!
//! "The cost of a creature is calculated based on its level, plus a certain
//! amount for every upgrade it has (if any)." A creature's level runs from
//! −1 to 14; each level has a points cost and an upgrade cost, the price of
//! each upgrade, item and hero point the creature takes. The table is
//! transcribed from the v1.3 rulebook (it is printed twice, identically, in
//! "Points by level" and in the appendix on converting from PF2e); the
//! rulebook governs a creature's cost, whatever a card prints.

use crate::source::clip;
use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;

/// Table 1, from level −1 to level 14: (level, cost, upgrade cost).
const TABLE: [(i8, u32, u32); 16] = [
    (-1, 9, 2),
    (0, 12, 2),
    (1, 14, 3),
    (2, 18, 3),
    (3, 21, 4),
    (4, 26, 5),
    (5, 32, 6),
    (6, 40, 7),
    (7, 48, 8),
    (8, 60, 10),
    (9, 72, 12),
    (10, 90, 15),
    (11, 108, 18),
    (12, 135, 23),
    (13, 160, 27),
    (14, 192, 32),
];

/// The most hero points one creature may buy ("up to three hero points for
/// each of their creatures").
pub const MAX_HERO_POINTS: u8 = 3;

/// A creature's level, from −1 to 14 ("The relative power of the creature,
/// from -1 to 14").
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(try_from = "i64", into = "i64")]
pub struct Level(i8);

impl Level {
    /// The lowest level, −1.
    pub const MIN: Level = Level(-1);

    /// The highest level, 14.
    pub const MAX: Level = Level(14);

    /// The level `n`, if it is between −1 and 14.
    pub fn new(n: i64) -> Option<Level> {
        i8::try_from(n).ok().filter(|n| (-1..=14).contains(n)).map(Level)
    }

    /// Every level, from −1 to 14.
    pub fn all() -> impl Iterator<Item = Level> {
        TABLE.iter().map(|&(l, _, _)| Level(l))
    }

    /// The level as a number.
    pub fn get(self) -> i8 {
        self.0
    }

    /// The row of Table 1 for this level.
    fn row(self) -> (i8, u32, u32) {
        TABLE[usize::try_from(i16::from(self.0) + 1).unwrap_or(0).min(TABLE.len() - 1)]
    }

    /// What a creature of this level costs (Table 1, "Cost").
    pub fn cost(self) -> u32 {
        self.row().1
    }

    /// What each upgrade, item or hero point costs a creature of this level
    /// (Table 1, "Upgrade cost").
    pub fn upgrade_cost(self) -> u32 {
        self.row().2
    }
}

impl fmt::Display for Level {
    /// The level as a number; width and alignment flags apply (`{:>2}`).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&self.0, f)
    }
}

impl FromStr for Level {
    type Err = String;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let n: i64 = s.trim().parse().map_err(|_| format!("'{}' is not a level (-1 to 14)", clip(s.trim(), 20)))?;
        Level::try_from(n)
    }
}

impl TryFrom<i64> for Level {
    type Error = String;

    fn try_from(n: i64) -> Result<Self, Self::Error> {
        Level::new(n).ok_or_else(|| format!("level {n} is outside -1 to 14"))
    }
}

impl From<Level> for i64 {
    fn from(l: Level) -> i64 {
        i64::from(l.0)
    }
}

/// The points cost of a creature of level `level`, if the level exists.
pub fn cost(level: i64) -> Option<u32> {
    Level::new(level).map(Level::cost)
}

/// The upgrade cost of a creature of level `level`, if the level exists.
pub fn upgrade_cost(level: i64) -> Option<u32> {
    Level::new(level).map(Level::upgrade_cost)
}
