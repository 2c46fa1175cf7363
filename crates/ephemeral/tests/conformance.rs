//! The core conformance suite on Ephemeral Path v0.26 and Ephemeral Gate
//! v0.20, with several pairs of shipped sets.
#![allow(clippy::unwrap_used, clippy::panic)]

use arbiter_core::Game;
use arbiter_core::conformance::{Options, run_resolving};
use arbiter_ephemeral::{Edition, Ephemeral, Variant};

#[test]
fn both_editions_conform() {
    for edition in Edition::ALL {
        for (a, b) in
            [("ember-court", "tide-wardens"), ("glass-orchard", "salt-and-iron"), ("lantern-pact", "lantern-pact")]
        {
            let g = Ephemeral::new(Variant::shipped(edition, a, b).unwrap(), 2).unwrap();
            let r = run_resolving(&g, &Options { games: 3, seed: 11, actions_to_try: 12, ..Options::default() })
                .unwrap_or_else(|e| panic!("{edition} {a} v {b}: {e}"));
            assert!(r.rolls > 0);
        }
    }
}
