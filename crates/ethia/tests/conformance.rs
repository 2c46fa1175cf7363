//! The core conformance suite on Skirmish and Battle, for 2, 3 and 4 players,
//! every wall option and both deployments.
#![allow(clippy::unwrap_used, clippy::panic)]

use arbiter_core::Game;
use arbiter_core::conformance::{Options, run};
use arbiter_ethia::{Deployment, Ethia, Mode, Variant, WallOption};

#[test]
fn skirmish_and_battle_conform() {
    for mode in [Mode::Skirmish, Mode::Battle] {
        for seats in [2, 3, 4] {
            for walls in [None, Some(WallOption::Fixed), Some(WallOption::Standard), Some(WallOption::Custom)] {
                for deployment in [Deployment::Free, Deployment::Standard] {
                    let v = Variant { mode, walls, deployment, round_limit: 30, ..Variant::default() };
                    let label = format!("{} seats {seats}", v.label());
                    let g = Ethia::new(v, seats).unwrap();
                    let games = if mode == Mode::Battle { 2 } else { 4 };
                    let r = run(&g, &Options { games, seed: 3, actions_to_try: 24, ..Options::default() })
                        .unwrap_or_else(|e| panic!("{label}: {e}"));
                    assert!(r.rolls > 0, "{label}");
                }
            }
        }
    }
}
