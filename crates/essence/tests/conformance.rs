//! The core conformance suite, run on every combination of variants.

#![allow(clippy::unwrap_used, clippy::panic)]

use arbiter_core::Game;
use arbiter_core::conformance::{Options, run};
use arbiter_essence::{Essence, Variant};

#[test]
fn every_variant_combination_conforms() {
    for variant in Variant::all_rulebook_combinations() {
        let label = variant.label();
        let game = Essence::new(variant, 2).unwrap();
        let report = run(&game, &Options { games: 12, seed: 1, ..Options::default() })
            .unwrap_or_else(|e| panic!("{label}: {e}"));
        assert_eq!(report.games, 12);
        eprintln!("{label}: {report:?}");
    }
}
