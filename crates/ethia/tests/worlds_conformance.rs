//! The core conformance suite on E'thia Worlds: the Kingdom of Coyote with 1
//! to 4 leaders and players, with and without the Smokey Cauldron.
#![allow(clippy::unwrap_used, clippy::panic)]

use arbiter_core::Game;
use arbiter_core::conformance::{Options, run};
use arbiter_ethia::worlds::card::LeaderCard;
use arbiter_ethia::worlds::{EthiaWorlds, WorldsVariant};

#[test]
fn the_kingdom_of_coyote_conforms() {
    for leaders in 1..=4u8 {
        for seats in 1..=usize::from(leaders) {
            let mut party = LeaderCard::default_party();
            for (i, c) in party.iter_mut().enumerate() {
                c.tokens = [0, 7, 45, 70][i];
            }
            let v = WorldsVariant { leaders, party, round_limit: 12, ..WorldsVariant::default() };
            let g = EthiaWorlds::new(v, seats).unwrap();
            let r = run(
                &g,
                &Options {
                    games: 6,
                    seed: u64::from(leaders) * 10 + seats as u64,
                    actions_to_try: 16,
                    ..Options::default()
                },
            )
            .unwrap_or_else(|e| panic!("{leaders} leaders, {seats} seats: {e}"));
            assert!(r.rolls > 0);
        }
    }
}
