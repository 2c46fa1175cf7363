//! Goofspiel's options: how many cards, in which order the prizes come, and
//! what a player scores.

use serde::{Deserialize, Serialize};
use ts_rs::TS;

/// The most cards a hand may hold.
pub const MAX_CARDS: u8 = 64;

/// The order in which prize cards are turned up.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize, TS)]
#[serde(rename_all = "lowercase")]
pub enum Order {
    /// Shuffled: each prize is drawn by chance from those left (the standard game).
    #[default]
    Random,
    /// Highest first.
    Descending,
    /// Lowest first.
    Ascending,
}

/// What a player scores at the end.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize, TS)]
#[serde(rename_all = "kebab-case")]
pub enum Returns {
    /// 1 for a win, -1 for a loss, 0 for a draw.
    #[default]
    WinLoss,
    /// The difference of prize points, divided by the sum of all prizes
    /// (91 with 13 cards) so that it stays within -1 and 1.
    Points,
}

/// Goofspiel's variant.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, TS)]
#[serde(default, deny_unknown_fields)]
pub struct Variant {
    /// Cards in each hand and in the prize deck, 1 to 64.
    pub cards: u8,
    /// The order of the prizes.
    pub order: Order,
    /// What a player scores.
    pub returns: Returns,
}

impl Default for Variant {
    fn default() -> Self {
        Variant { cards: 13, order: Order::Random, returns: Returns::WinLoss }
    }
}

impl Variant {
    /// Reads comma-separated options: `cards=N`, `order=random|descending|ascending`,
    /// `returns=win-loss|points` (and `standard`).
    pub fn parse(text: &str) -> Result<Variant, String> {
        let mut v = Variant::default();
        for part in text.split(',').map(str::trim).filter(|p| !p.is_empty()) {
            let (key, value) = part.split_once('=').map_or((part, ""), |(k, v)| (k.trim(), v.trim()));
            match (key.to_ascii_lowercase().as_str(), value.to_ascii_lowercase().as_str()) {
                ("standard", "") => {}
                ("cards", n) => {
                    v.cards = n
                        .parse::<u8>()
                        .ok()
                        .filter(|n| (1..=MAX_CARDS).contains(n))
                        .ok_or_else(|| format!("cards is a number from 1 to {MAX_CARDS}, not '{}'", clip(n)))?;
                }
                ("order", "random") => v.order = Order::Random,
                ("order", "descending") => v.order = Order::Descending,
                ("order", "ascending") => v.order = Order::Ascending,
                ("order", other) => {
                    return Err(format!("order is random, descending or ascending, not '{}'", clip(other)));
                }
                ("returns", "win-loss" | "win_loss" | "winloss") => v.returns = Returns::WinLoss,
                ("returns", "points" | "point-difference") => v.returns = Returns::Points,
                ("returns", other) => return Err(format!("returns is win-loss or points, not '{}'", clip(other))),
                _ => {
                    return Err(format!(
                        "unknown Goofspiel option '{}'; the options are cards=N, order=random|descending|ascending, returns=win-loss|points",
                        clip(part)
                    ));
                }
            }
        }
        Ok(v)
    }

    /// The options as `--variant` text.
    pub fn label(&self) -> String {
        let order = match self.order {
            Order::Random => "random",
            Order::Descending => "descending",
            Order::Ascending => "ascending",
        };
        let returns = match self.returns {
            Returns::WinLoss => "win-loss",
            Returns::Points => "points",
        };
        format!("cards={},order={order},returns={returns}", self.cards)
    }

    /// The sum of all prizes: 1 + 2 + … + n.
    pub fn prize_total(&self) -> u32 {
        let n = u32::from(self.cards);
        n * (n + 1) / 2
    }
}

fn clip(s: &str) -> String {
    s.chars().take(30).collect()
}
