//! The generic conformance suite, information checks included, on
//! Goofspiel's variants.
#![allow(clippy::unwrap_used)]

use arbiter_core::Game;
use arbiter_core::conformance::{Options, run};
use arbiter_goofspiel::{Goofspiel, Order, Returns, Variant};

#[test]
fn every_variant_conforms() {
    for (cards, order, returns) in [
        (13, Order::Random, Returns::WinLoss),
        (5, Order::Descending, Returns::Points),
        (4, Order::Ascending, Returns::WinLoss),
        (1, Order::Random, Returns::Points),
        (64, Order::Random, Returns::Points),
    ] {
        let g = Goofspiel::new(Variant { cards, order, returns }, 2).unwrap();
        let games = if cards > 13 { 3 } else { 30 };
        let report = run(&g, &Options { games, seed: u64::from(cards), ..Options::default() }).unwrap();
        assert_eq!(report.commits, games * usize::from(cards) * 2, "two secret bids a round");
        assert!(report.secrets_checked > 0 || cards == 1, "{report:?}");
    }
}
