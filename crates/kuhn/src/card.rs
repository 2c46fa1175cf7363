//! The three cards.

use serde::{Deserialize, Serialize};
use std::fmt;
use ts_rs::TS;

/// A card: Jack, Queen or King, in that order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize, TS)]
#[serde(rename_all = "lowercase")]
pub enum Card {
    /// The lowest.
    Jack,
    /// The middle card.
    Queen,
    /// The highest.
    King,
}

impl Card {
    /// The three cards, lowest first.
    pub const ALL: [Card; 3] = [Card::Jack, Card::Queen, Card::King];

    /// The card's letter: J, Q or K.
    pub fn letter(self) -> char {
        match self {
            Card::Jack => 'J',
            Card::Queen => 'Q',
            Card::King => 'K',
        }
    }
}

impl fmt::Display for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Card::Jack => "the Jack",
            Card::Queen => "the Queen",
            Card::King => "the King",
        })
    }
}
