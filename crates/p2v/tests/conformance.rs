//! The core conformance suite on Path 2 Victory: random games of shipped
//! warbands on each shipped map play to the end, replay, serialise, and
//! every listed action applies.
#![allow(clippy::unwrap_used, clippy::panic)]

use arbiter_core::Game;
use arbiter_core::conformance::{Options, run_resolving};
use arbiter_p2v::play::{P2v, Variant};

fn variant(a: &str, b: &str, map: &str) -> Variant {
    Variant {
        warbands: vec![Variant::warband_file(a).unwrap(), Variant::warband_file(b).unwrap()],
        map: map.to_string(),
        ..Variant::default()
    }
}

#[test]
fn the_standard_game_conforms_on_every_shipped_map() {
    for (a, b, map) in [
        ("thornwood-raiders", "kobold-ambush", "ruined-crossroads"),
        ("beasts-of-the-vale", "thornwood-raiders", "river-ford"),
        ("oni-tyrant", "beasts-of-the-vale", "broken-hills"),
    ] {
        let g = P2v::new(variant(a, b, map), 2).unwrap();
        let r = run_resolving(&g, &Options { games: 2, seed: 7, actions_to_try: 6, ..Options::default() })
            .unwrap_or_else(|e| panic!("{a} v {b} on {map}: {e}"));
        assert!(r.rolls > 0);
    }
}

#[test]
fn without_the_round_limit_games_still_end() {
    let mut v = variant("kobold-ambush", "thornwood-raiders", "ruined-crossroads");
    v.no_round_limit = true;
    let g = P2v::new(v, 2).unwrap();
    run_resolving(&g, &Options { games: 2, seed: 3, actions_to_try: 4, ..Options::default() })
        .unwrap_or_else(|e| panic!("{e}"));
}
