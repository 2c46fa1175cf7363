//! A game's configuration: the edition, the two figure sets and the terrain kit.
//!
//! In JSON a variant is `{ "edition": "v0.26", "sets": [SET, SET], "kit": … }`,
//! where each set is a figure-set file in its JSON form (`docs/figure-sets.md`),
//! written by hand or by the browser's builder. Reading a variant checks
//! every set against the variant's edition (an edition a set file names is a
//! hint for `arbiter build` and is overridden), and a set that breaks a
//! construction rule refuses the whole variant with every violation named.

use crate::Edition;
use crate::catalogue::Catalogue;
use crate::figure::{FigureSet, FigureSetFile};
use crate::kit::Kit;
use serde::{Deserialize, Serialize};
use ts_rs::TS;

/// The two sets played when none are given.
pub const DEFAULT_SETS: [&str; 2] = ["ember-court", "tide-wardens"];

/// Everything a game of Ephemeral Path is set up from. Records carry it
/// whole, so a game replays without the files it was started from.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS)]
#[serde(try_from = "VariantFile")]
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

/// A variant as written, its figure sets not yet checked.
#[derive(Deserialize)]
struct VariantFile {
    #[serde(default)]
    edition: Edition,
    sets: Vec<FigureSetFile>,
    #[serde(default)]
    kit: Kit,
}

/// The most figure sets a variant may carry (a game takes two; more are
/// refused before any is checked).
const MAX_SETS: usize = 8;

impl TryFrom<VariantFile> for Variant {
    type Error = String;

    /// Checks each set for the variant's edition; the first illegal set
    /// refuses the variant, naming its seat, its name and every violation.
    fn try_from(v: VariantFile) -> Result<Variant, String> {
        if v.sets.len() > MAX_SETS {
            return Err(format!("two figure sets are needed, {} given", v.sets.len()));
        }
        let catalogue = Catalogue::standard_ref().map_err(|e| format!("the ability catalogue: {e}"))?;
        let mut sets = Vec::with_capacity(v.sets.len());
        for (i, file) in v.sets.iter().enumerate() {
            let set = file.validate(v.edition, catalogue).map_err(|violations| {
                let name = file.name.trim();
                let name = if name.is_empty() {
                    String::new()
                } else {
                    format!(" \"{}\"", name.chars().take(60).collect::<String>())
                };
                let why: Vec<String> = violations.iter().map(ToString::to_string).collect();
                format!("P{}'s figure set{name} is not legal in {}: {}", i + 1, v.edition.title(), why.join("; "))
            })?;
            sets.push(set);
        }
        Ok(Variant { edition: v.edition, sets, kit: v.kit })
    }
}

impl Default for Variant {
    fn default() -> Variant {
        let edition = Edition::default();
        let sets = DEFAULT_SETS.iter().filter_map(|n| FigureSet::shipped(n, edition).ok()).collect();
        Variant { edition, sets, kit: Kit::standard() }
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used, clippy::panic)]

    use super::*;
    use serde_json::{Value, json};

    fn figure(name: &str) -> Value {
        json!({ "name": name, "class": "runner", "base_mm": 25, "hp": 4, "movement": 6, "force": 3, "range": 1 })
    }

    fn variant(edition: &str, set1: Value) -> Result<Variant, serde_json::Error> {
        let shipped = FigureSet::shipped("tide-wardens", Edition::V020).unwrap().to_file();
        serde_json::from_value(json!({ "edition": edition, "sets": [set1, shipped] }))
    }

    #[test]
    fn a_set_in_the_variant_is_checked_for_the_variants_edition() {
        // Five figures (70 points): legal in v0.20, which allows six; v0.26 allows four.
        let five: Vec<Value> = ["A", "B", "C", "D", "E"].iter().map(|n| figure(n)).collect();
        let set = json!({ "name": "Five runners", "edition": "v0.26", "figure": five });
        let v = variant("v0.20", set.clone()).unwrap();
        assert_eq!(v.edition, Edition::V020);
        assert_eq!(v.sets[0].figures().len(), 5);
        assert_eq!(v.sets[0].edition(), Edition::V020);
        let refused = variant("v0.26", set).unwrap_err().to_string();
        assert!(
            refused.contains("P1's figure set \"Five runners\" is not legal in Ephemeral Path v0.26")
                && refused.contains("the set has 5 figures; v0.26 allows 2–4"),
            "{refused}"
        );
    }

    #[test]
    fn an_illegal_set_refuses_the_variant_with_every_violation() {
        let mut big = figure("Big");
        big["hp"] = json!(30);
        let set = json!({ "name": "Too big", "figure": [big, figure("Small"), { "name": "Odd", "class": "leader",
            "base_mm": 25, "hp": 5, "movement": 5, "force": 5, "range": 5, "abilities": ["D4"] }] });
        let refused = variant("v0.26", set).unwrap_err().to_string();
        assert!(refused.contains("Big: Runner base spec points 40 exceed 25"), "{refused}");
        assert!(refused.contains("Odd: ability D4 is a Disruptor ability"), "{refused}");
        // Not a set at all.
        assert!(variant("v0.26", json!({ "name": "x", "figure": [{ "name": "y" }] })).is_err());
        assert!(variant("v0.26", json!("ember-court")).is_err());
    }

    #[test]
    fn a_variant_round_trips_through_json() {
        let v = Variant::default();
        let back: Variant = serde_json::from_str(&serde_json::to_string(&v).unwrap()).unwrap();
        assert_eq!(back, v);
    }
}
