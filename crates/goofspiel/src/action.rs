//! A seat's decision: the card it bids, and its notation (`bid 7`, or `7`).

use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;
use ts_rs::TS;

/// A bid: the card put face down.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, TS)]
#[serde(rename_all = "lowercase")]
pub enum Action {
    /// Bid this card (1 to n).
    Bid(u8),
}

impl Action {
    /// The card bid.
    pub fn card(self) -> u8 {
        match self {
            Action::Bid(c) => c,
        }
    }
}

impl fmt::Display for Action {
    /// `bid 7`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "bid {}", self.card())
    }
}

impl FromStr for Action {
    type Err = String;

    /// Reads `bid 7`, `b7` or `7`.
    fn from_str(text: &str) -> Result<Action, String> {
        let t = text.trim().to_ascii_lowercase();
        let number = t.strip_prefix("bid").or_else(|| t.strip_prefix('b')).unwrap_or(&t).trim();
        match number.parse::<u8>() {
            Ok(n) if n > 0 => Ok(Action::Bid(n)),
            _ => Err(format!(
                "'{}' is not a bid: type the card's number, e.g. 'bid 7' or '7'",
                text.trim().chars().take(30).collect::<String>()
            )),
        }
    }
}
