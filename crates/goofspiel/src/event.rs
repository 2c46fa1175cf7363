//! What happens in Goofspiel, for logs and clients, in plain words.

use arbiter_core::Seat;
use serde::Serialize;
use std::fmt;
use ts_rs::TS;

/// Something that happened.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, TS)]
#[serde(tag = "event", rename_all = "snake_case")]
pub enum Event {
    /// A prize card is turned up.
    PrizeTurned {
        /// The prize.
        prize: u8,
    },
    /// A seat bids, face down: the card is seen by that seat only; the
    /// others see this event without it.
    Bid {
        /// Who bid.
        seat: Seat,
        /// The card, for the bidder's eyes (`None` in what the others see).
        card: Option<u8>,
    },
    /// Both bids are revealed and the prize goes to the higher.
    Revealed {
        /// The prize.
        prize: u8,
        /// P1's and P2's bids.
        bids: [u8; 2],
        /// Who won it (`None`: a tie, the prize is discarded).
        winner: Option<Seat>,
        /// Points after the round.
        points: [u32; 2],
    },
}

impl fmt::Display for Event {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Event::PrizeTurned { prize } => write!(f, "the prize is {prize}"),
            Event::Bid { seat, card: Some(c) } => write!(f, "{seat} bids {c}, face down"),
            Event::Bid { seat, card: None } => write!(f, "{seat} bids a card, face down"),
            Event::Revealed { prize, bids, winner, points } => {
                write!(f, "bids revealed: P1 {}, P2 {}; ", bids[0], bids[1])?;
                match winner {
                    Some(w) => write!(f, "{w} wins the {prize}")?,
                    None => write!(f, "a tie: the {prize} is discarded")?,
                }
                write!(f, " ({}–{})", points[0], points[1])
            }
        }
    }
}
