//! Seats: the places at the table a decision can be owed by.

use serde::{Deserialize, Serialize};
use std::fmt;

/// A player's place at the table, numbered from 0 in turn order.
///
/// Displayed to people as `P1`, `P2`, … so that seat 0 reads as "player 1".
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Seat(pub u8);

impl Seat {
    /// The seat's index, for indexing per-player arrays.
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The other seat of a two-seat game (seat 0 for any seat but 0).
    pub const fn other(self) -> Seat {
        Seat(if self.0 == 0 { 1 } else { 0 })
    }
}

impl fmt::Display for Seat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "P{}", self.0 + 1)
    }
}
