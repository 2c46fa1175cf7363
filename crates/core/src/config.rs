//! Match configuration: the game, its variant switches, its seats and its seed.

use serde::{Deserialize, Serialize};

/// Where the answers to chance decisions come from in a match.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum DiceMode {
    /// A ChaCha8 generator seeded with the match seed.
    #[default]
    Seeded,
    /// A person types in what real dice show (table-companion mode).
    Manual,
}

/// Who sits in a seat.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlayerSpec {
    /// A name for people.
    pub name: String,
    /// `human`, or a bot description such as `mcts:time=0.1`.
    pub controller: String,
}

impl PlayerSpec {
    /// A human player.
    pub fn human(name: impl Into<String>) -> Self {
        PlayerSpec { name: name.into(), controller: "human".into() }
    }

    /// A seat played by the described bot.
    pub fn bot(spec: impl Into<String>) -> Self {
        let controller = spec.into();
        PlayerSpec { name: controller.clone(), controller }
    }
}

/// Everything needed to start a match: which game, which variant, who plays,
/// and the seed for the dice.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(bound(serialize = "V: Serialize", deserialize = "V: Deserialize<'de>"))]
pub struct MatchConfig<V> {
    /// The game's stable identifier, e.g. `essence`.
    pub game: String,
    /// Variant or edition switches.
    pub variant: V,
    /// One entry per seat, in seat order.
    pub players: Vec<PlayerSpec>,
    /// Seed of the dice generator (and of any bots that need one).
    pub seed: u64,
    /// Seeded or manual dice.
    #[serde(default)]
    pub dice: DiceMode,
}

/// Why a configuration cannot start a game.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ConfigError {
    /// The config names another game.
    #[error("this is a {expected} config, not '{found}'")]
    WrongGame {
        /// The game that was asked for.
        expected: &'static str,
        /// The game the config names.
        found: String,
    },
    /// The number of seats is not allowed.
    #[error("{game} is played by {allowed} players, not {found}")]
    Seats {
        /// The game.
        game: &'static str,
        /// The allowed counts, in words.
        allowed: &'static str,
        /// The count found.
        found: usize,
    },
    /// A variant switch has a value the game does not allow.
    #[error("invalid variant: {0}")]
    Variant(String),
}
