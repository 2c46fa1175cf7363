//! A game's configuration: the edition, the two figure sets and the terrain kit.

use crate::Edition;
use crate::figure::FigureSet;
use crate::kit::Kit;
use serde::{Deserialize, Serialize};

/// The two sets played when none are given.
pub const DEFAULT_SETS: [&str; 2] = ["ember-court", "tide-wardens"];

/// Everything a game of Ephemeral Path is set up from. Records carry it
/// whole, so a game replays without the files it was started from.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Variant {
    /// Which rulebook governs the game.
    #[serde(default)]
    pub edition: Edition,
    /// The figure sets of P1 and P2, in seat order.
    pub sets: Vec<FigureSet>,
    /// The five terrain pieces.
    #[serde(default)]
    pub kit: Kit,
}

impl Variant {
    /// Two shipped sets by name, for an edition, with the standard kit.
    pub fn shipped(edition: Edition, set1: &str, set2: &str) -> Result<Variant, String> {
        let load = |name: &str| FigureSet::shipped(name, edition).map_err(|e| format!("{name}: {e}"));
        Ok(Variant { edition, sets: vec![load(set1)?, load(set2)?], kit: Kit::standard() })
    }
}

impl Default for Variant {
    fn default() -> Variant {
        let edition = Edition::default();
        let sets = DEFAULT_SETS.iter().filter_map(|n| FigureSet::shipped(n, edition).ok()).collect();
        Variant { edition, sets, kit: Kit::standard() }
    }
}
