//! Seats: the places at the table a decision can be owed by.

use serde::{Deserialize, Serialize};
use std::fmt;
use ts_rs::TS;

/// A player's place at the table, numbered from 0 in turn order.
///
/// Displayed to people as `P1`, `P2`, … so that seat 0 reads as "player 1".
///
/// In JSON a seat is its number (serde writes a newtype as its content).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize, TS)]
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

/// A set of seats, such as the seats that owe a simultaneous decision
/// ([`crate::ToMove::Together`]) or those who may see a secret
/// ([`crate::Visibility::Seats`]). Holds seats 0 to 15; written in JSON as
/// a list of seat numbers (`[0, 1]`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, TS)]
#[ts(type = "Array<number>")]
pub struct Seats(u16);

impl Seats {
    /// The most seats a set holds.
    pub const CAPACITY: usize = 16;

    /// The empty set.
    pub const fn none() -> Seats {
        Seats(0)
    }

    /// The set of one seat (empty for a seat beyond [`Seats::CAPACITY`]).
    pub const fn one(seat: Seat) -> Seats {
        if seat.index() < Self::CAPACITY { Seats(1 << seat.0) } else { Seats(0) }
    }

    /// Seats `0..n`: every seat of an `n`-seat game.
    pub const fn first(n: usize) -> Seats {
        if n >= Self::CAPACITY { Seats(u16::MAX) } else { Seats(((1u32 << n) - 1) as u16) }
    }

    /// The set with `seat` added.
    pub const fn with(self, seat: Seat) -> Seats {
        Seats(self.0 | Seats::one(seat).0)
    }

    /// The set without `seat`.
    pub const fn without(self, seat: Seat) -> Seats {
        Seats(self.0 & !Seats::one(seat).0)
    }

    /// True if `seat` is in the set.
    pub const fn contains(self, seat: Seat) -> bool {
        seat.index() < Self::CAPACITY && self.0 & (1 << seat.0) != 0
    }

    /// Number of seats in the set.
    pub const fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    /// True for the empty set.
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The lowest seat of the set.
    pub const fn lowest(self) -> Option<Seat> {
        if self.0 == 0 { None } else { Some(Seat(self.0.trailing_zeros() as u8)) }
    }

    /// The seats, lowest first.
    pub fn iter(self) -> impl Iterator<Item = Seat> {
        (0..Self::CAPACITY as u8).map(Seat).filter(move |&s| self.contains(s))
    }
}

impl FromIterator<Seat> for Seats {
    fn from_iter<I: IntoIterator<Item = Seat>>(iter: I) -> Seats {
        iter.into_iter().fold(Seats::none(), Seats::with)
    }
}

impl fmt::Display for Seats {
    /// `P1 and P2`, `P1, P2 and P3`, `nobody`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let names: Vec<String> = self.iter().map(|s| s.to_string()).collect();
        match names.as_slice() {
            [] => f.write_str("nobody"),
            [one] => f.write_str(one),
            [rest @ .., last] => write!(f, "{} and {last}", rest.join(", ")),
        }
    }
}

impl Serialize for Seats {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_seq(self.iter().map(|s| s.0))
    }
}

impl<'de> Deserialize<'de> for Seats {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Seats, D::Error> {
        let seats = Vec::<u8>::deserialize(deserializer)?;
        if let Some(&s) = seats.iter().find(|&&s| usize::from(s) >= Seats::CAPACITY) {
            return Err(serde::de::Error::custom(format!("seat {s} is beyond the {} a set holds", Seats::CAPACITY)));
        }
        Ok(seats.into_iter().map(Seat).collect())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seat_sets_hold_seats_and_read_back() {
        let s = Seats::none().with(Seat(2)).with(Seat(0));
        assert_eq!(s.len(), 2);
        assert!(s.contains(Seat(0)) && s.contains(Seat(2)) && !s.contains(Seat(1)));
        assert_eq!(s.lowest(), Some(Seat(0)));
        assert_eq!(s.without(Seat(0)).lowest(), Some(Seat(2)));
        assert_eq!(s.to_string(), "P1 and P3");
        assert_eq!(Seats::first(3).to_string(), "P1, P2 and P3");
        assert_eq!(Seats::first(16).len(), 16);
        assert!(Seats::one(Seat(200)).is_empty() && !Seats::first(16).contains(Seat(200)));
        let json = serde_json::to_string(&s).unwrap_or_default();
        assert_eq!(json, "[0,2]");
        assert_eq!(serde_json::from_str::<Seats>(&json).ok(), Some(s));
        assert!(serde_json::from_str::<Seats>("[16]").is_err());
    }
}
