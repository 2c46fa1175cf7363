//! The core conformance suite on E'thia Worlds: the Kingdom of Coyote with 1
//! to 4 leaders and players, with and without the Smokey Cauldron. Worlds is
//! built on the resolution core, so the suite also checks its pending stack at
//! every decision (`run_resolving`): nothing runnable left on top, the top
//! frame waiting for whoever the game says is to move.
#![allow(clippy::unwrap_used, clippy::panic)]

use arbiter_core::Game;
use arbiter_core::conformance::{Options, run_resolving};
use arbiter_ethia::worlds::card::LeaderCard;
use arbiter_ethia::worlds::{EthiaWorlds, WorldsVariant};

#[test]
fn the_kingdom_of_coyote_conforms() {
    let (mut pending, mut deepest) = (0, 0);
    for leaders in 1..=4u8 {
        for seats in 1..=usize::from(leaders) {
            let mut party = LeaderCard::default_party();
            for (i, c) in party.iter_mut().enumerate() {
                c.tokens = [0, 7, 45, 70][i];
            }
            let v = WorldsVariant { leaders, party, round_limit: 12, ..WorldsVariant::default() };
            let g = EthiaWorlds::new(v, seats).unwrap();
            let r = run_resolving(
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
            pending += r.pending_decisions;
            deepest = deepest.max(r.deepest);
        }
    }
    assert!(pending > 100, "decisions inside pending work: {pending}");
    assert!(deepest >= 3, "a strike above the enemy round's steps: {deepest}");
}

/// The small test quest whose boss stands two squares from the leaders, so
/// that diplomacy's gifts (each asked of its leader's player) and rebukes, the
/// boss's fall and the reward rolls come up in random play.
#[test]
fn the_dukes_den_conforms() {
    for leaders in 1..=4u8 {
        let seats = usize::from(leaders.min(3));
        let v = WorldsVariant {
            leaders,
            quest_file: Some(include_str!("data/dukes-den.toml").into()),
            round_limit: 10,
            ..WorldsVariant::default()
        };
        let g = EthiaWorlds::new(v, seats).unwrap();
        let options = Options { games: 12, seed: 70 + u64::from(leaders), actions_to_try: 16, ..Options::default() };
        let r = run_resolving(&g, &options).unwrap_or_else(|e| panic!("{leaders} leaders: {e}"));
        assert!(r.pending_decisions > 0, "{r:?}");
    }
}
