//! A seat's decision — pass (check, or fold facing a bet) or bet (bet, or
//! call facing one) — and its notation.

use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;
use ts_rs::TS;

/// Pass or bet, as in OpenSpiel (actions 0 and 1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, TS)]
#[serde(rename_all = "lowercase")]
pub enum Action {
    /// Check, or fold facing a bet.
    Pass,
    /// Bet 1, or call a bet.
    Bet,
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Action::Pass => "pass",
            Action::Bet => "bet",
        })
    }
}

impl FromStr for Action {
    type Err = String;

    /// Reads `pass`, `check`, `fold` or `p`; `bet`, `call` or `b`.
    fn from_str(text: &str) -> Result<Action, String> {
        match text.trim().to_ascii_lowercase().as_str() {
            "pass" | "p" | "check" | "fold" | "0" => Ok(Action::Pass),
            "bet" | "b" | "call" | "1" => Ok(Action::Bet),
            _ => Err(format!(
                "'{}' is not a decision: type pass (check or fold) or bet (bet or call)",
                text.trim().chars().take(30).collect::<String>()
            )),
        }
    }
}
