//! The two editions of the rules and the switches that tell them apart.

use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;
use ts_rs::TS;

/// Which rulebook governs a game or a figure set.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize, TS)]
pub enum Edition {
    /// Ephemeral Path, rules of play v0.26 (the current edition).
    #[default]
    #[serde(rename = "v0.26")]
    V026,
    /// Ephemeral Gate, rules of play v0.20 (the first edition).
    #[serde(rename = "v0.20")]
    V020,
}

impl Edition {
    /// Both editions, newest first.
    pub const ALL: [Edition; 2] = [Edition::V026, Edition::V020];

    /// The edition's label, as on the rulebook (`v0.26`).
    pub fn label(self) -> &'static str {
        match self {
            Edition::V026 => "v0.26",
            Edition::V020 => "v0.20",
        }
    }

    /// The game's name in this edition.
    pub fn title(self) -> &'static str {
        match self {
            Edition::V026 => "Ephemeral Path v0.26",
            Edition::V020 => "Ephemeral Gate v0.20",
        }
    }

    /// The largest number of figures in a set (v0.26: 4, v0.20: 6).
    pub fn max_figures(self) -> usize {
        match self {
            Edition::V026 => 4,
            Edition::V020 => 6,
        }
    }

    /// The smallest number of figures in a set (2 in both editions).
    pub fn min_figures(self) -> usize {
        2
    }

    /// The smallest base diameter in millimetres (v0.26: 19; v0.20 sets none).
    pub fn min_base_mm(self) -> u32 {
        match self {
            Edition::V026 => 19,
            Edition::V020 => 1,
        }
    }

    /// The largest base diameter in millimetres (67 in both editions).
    pub fn max_base_mm(self) -> u32 {
        67
    }
}

impl fmt::Display for Edition {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.label())
    }
}

impl FromStr for Edition {
    type Err = String;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s.trim().to_ascii_lowercase().trim_start_matches('v') {
            "0.26" | "026" | "path" => Ok(Edition::V026),
            "0.20" | "0.2" | "020" | "gate" => Ok(Edition::V020),
            _ => Err(format!("unknown edition '{}'; use v0.26 or v0.20", s.chars().take(20).collect::<String>())),
        }
    }
}
