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

/// Squares are named on the quest's own map: on the 6 × 6 Duke's Den the
/// square in file d of rank 2 is `d2` (it was named as on an 8-file board,
/// `b2`, before), and every decision offered in random play reads back from
/// the words a player sees.
#[test]
fn squares_are_named_on_the_quest_s_own_map() {
    use arbiter_core::conformance::{Checks, Report, play_checked, random_config};
    use arbiter_core::{Entry, Record};
    use arbiter_ethia::worlds::action::{parse_square_on, square_on};
    use arbiter_geometry::Cell;
    let v = WorldsVariant {
        leaders: 2,
        quest_file: Some(include_str!("data/dukes-den.toml").into()),
        round_limit: 10,
        ..WorldsVariant::default()
    };
    let g = EthiaWorlds::new(v, 2).unwrap();
    let grid = &g.quest().grid;
    assert_eq!(grid.width(), 6);
    assert_eq!(square_on(grid, Cell(9)), "d2");
    assert_eq!(parse_square_on(grid, "d2"), Some(Cell(9)));
    assert_eq!(parse_square_on(grid, "g1"), None, "off a 6-file map");
    assert_eq!(parse_square_on(grid, "a7"), None, "off a 6-rank map");
    let mut seen = 0;
    let mut list = Vec::new();
    let checks = Checks { deep_one_in: 1000, seed_check_one_in: 0, ..Checks::default() };
    for seed in 0..6 {
        let mut record = Record::new(random_config(&g, seed));
        play_checked(&g, &checks, &mut record, &mut Report::default(), &mut |s, _| {
            list.clear();
            g.legal_actions(s, &mut list);
            for a in &list {
                let text = g.action_text(a);
                match g.parse_action(s, &text) {
                    Ok(b) if b == *a => seen += 1,
                    other => return Err(format!("{text} reads back as {other:?}")),
                }
            }
            Ok(())
        })
        .unwrap();
    }
    assert!(seen > 100, "{seen}");
}
