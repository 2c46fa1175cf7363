//! The generic conformance suite, information checks included, on Kuhn poker.
#![allow(clippy::unwrap_used)]

use arbiter_core::conformance::{Options, run};
use arbiter_kuhn::KuhnPoker;

#[test]
fn kuhn_poker_conforms() {
    let report = run(&KuhnPoker, &Options { games: 300, seed: 1, ..Options::default() }).unwrap();
    assert_eq!(report.rolls, 600, "two deals a hand");
    assert!(report.secrets_checked >= 600, "every deal is checked against the others: {report:?}");
}
