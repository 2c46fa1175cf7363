//! What happens in a hand, in plain words.

use crate::action::Action;
use crate::card::Card;
use arbiter_core::Seat;
use serde::Serialize;
use std::fmt;
use ts_rs::TS;

/// Something that happened.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, TS)]
#[serde(tag = "event", rename_all = "snake_case")]
pub enum Event {
    /// A card is dealt face down: its seat sees it, the others see the deal
    /// without the card.
    Dealt {
        /// Who receives it.
        seat: Seat,
        /// The card, for its seat's eyes (`None` in what the others see).
        card: Option<Card>,
    },
    /// A seat checks, bets, calls or folds.
    Acted {
        /// Who.
        seat: Seat,
        /// Pass or bet.
        action: Action,
        /// In words: `checks`, `bets 1`, `calls`, `folds`.
        word: String,
    },
    /// The hand is over: who takes the pot, how many chips change hands,
    /// and the cards if they were shown.
    Settled {
        /// Who takes the pot.
        winner: Seat,
        /// Chips won from the other player.
        chips: u8,
        /// Both cards at a showdown; `None` after a fold (they stay hidden).
        shown: Option<[Card; 2]>,
    },
}

impl fmt::Display for Event {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Event::Dealt { seat, card: Some(c) } => write!(f, "{seat} is dealt {c}"),
            Event::Dealt { seat, card: None } => write!(f, "{seat} is dealt a card, face down"),
            Event::Acted { seat, word, .. } => write!(f, "{seat} {word}"),
            Event::Settled { winner, chips, shown: Some([a, b]) } => {
                write!(f, "showdown: P1 shows {a}, P2 shows {b}; {winner} wins {}", crate::chips_words(*chips))
            }
            Event::Settled { winner, chips, shown: None } => {
                write!(f, "{winner} wins {} without a showdown; the cards stay hidden", crate::chips_words(*chips))
            }
        }
    }
}
