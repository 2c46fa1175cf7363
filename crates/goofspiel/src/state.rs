//! Where a game of Goofspiel stands: the hands, the prizes left, the prize on
//! the table, this round's secret bids, the points and every round so far.

use arbiter_core::Seat;
use serde::{Deserialize, Serialize};
use ts_rs::TS;

/// A set of cards 1 to 64 as bits (bit `c - 1` for card `c`).
pub type Cards = u64;

/// The bit of card `c` (1 to 64).
pub fn bit(card: u8) -> Cards {
    if (1..=64).contains(&card) { 1 << (card - 1) } else { 0 }
}

/// Cards 1 to `n`.
pub fn up_to(n: u8) -> Cards {
    if n >= 64 { u64::MAX } else { (1u64 << n) - 1 }
}

/// The cards of a set, lowest first.
pub fn cards(set: Cards) -> impl Iterator<Item = u8> {
    (1..=64u8).filter(move |&c| set & bit(c) != 0)
}

/// The sum of the cards of a set.
pub fn sum(set: Cards) -> u32 {
    cards(set).map(u32::from).sum()
}

/// One finished round: the prize, both bids, and who won the prize.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, TS)]
pub struct Round {
    /// The prize card.
    pub prize: u8,
    /// P1's and P2's bids.
    pub bids: [u8; 2],
    /// Who won the prize (`None`: tied bids, the prize is discarded).
    pub winner: Option<Seat>,
}

/// A Goofspiel position.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct State {
    /// The cards left in each hand.
    pub hands: [Cards; 2],
    /// The prize cards not yet turned up.
    pub prizes: Cards,
    /// The prize on the table, once turned up.
    pub prize: Option<u8>,
    /// This round's secret bids, as each seat commits.
    pub bids: [Option<u8>; 2],
    /// Prize points won.
    pub points: [u32; 2],
    /// Every finished round, in order.
    pub rounds: Vec<Round>,
}
