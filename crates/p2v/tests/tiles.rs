//! Laying terrain tiles in the set-up (the map `tiles`; "Appendix: Terrain
//! tiles" and ruling P2V-R90 of `docs/rulings/p2v.md`), through the `Game`
//! API as the terminal and the server play it.
#![allow(clippy::unwrap_used, clippy::panic, clippy::expect_used)]

use arbiter_core::{Game, Seat, ToMove};
use arbiter_geometry::battle::Traits;
use arbiter_p2v::play::event::Event;
use arbiter_p2v::play::state::{Phase, State};
use arbiter_p2v::play::{Action, P2v, Variant};

fn game(a: &str, b: &str) -> P2v {
    let v = Variant {
        warbands: vec![Variant::warband_file(a).unwrap(), Variant::warband_file(b).unwrap()],
        map: "tiles".into(),
        ..Variant::default()
    };
    P2v::new(v, 2).unwrap()
}

fn lay(g: &P2v, s: &mut State, text: &str) -> Vec<Event> {
    let a = g.parse(s, text).unwrap_or_else(|e| panic!("{text}: {e}"));
    let mut sink = Vec::new();
    g.apply_action(s, &a, &mut sink).unwrap_or_else(|r| panic!("{text}: {}", r.reason));
    sink
}

#[test]
fn the_players_lay_three_tiles_each_in_turn_on_a_small_board_then_place_objectives() {
    // "Each player chooses and places three tiles in a small game, four in a
    // medium game and eight in a large game. Between the tiles is open ground."
    // "Small games … (150 points or fewer per side) … 24 squares by 18 squares."
    let g = game("old-wood-brawlers", "briar-skirmishers");
    let mut s = g.initial_state();
    let b = g.base_terrain().board();
    assert_eq!((b.width(), b.height()), (24, 18));
    assert!(g.base_terrain().pieces().is_empty(), "open ground until the tiles are laid");
    assert_eq!(s.phase, Phase::PlaceTile { seat: 0, left: 6 });
    let plays = [
        "tile donjon a1",
        "tile four-pillars q1",
        "tile watchtower a13",
        "tile dragon-bones q13",
        "tile mushroom-growth j7 90",
        "tile crumbling-ruin i1",
    ];
    for (k, text) in plays.iter().enumerate() {
        let seat = (k % 2) as u8;
        assert_eq!(g.to_move(&s), ToMove::Seat(Seat(seat)), "{text}: the players alternate, P1 first");
        let events = lay(&g, &mut s, text);
        assert!(matches!(&events[0], Event::TileLaid { seat: x, .. } if *x == seat), "{events:?}");
    }
    assert_eq!(s.tiles.len(), 6);
    assert_eq!(s.phase, Phase::ObjectiveCount, "then the objectives");
    // The tiles' terrain is in force: the four pillars laid on q1 stand on r2.
    let ground = g.ground(&s);
    let r2 = b.parse("r2").unwrap();
    assert!(ground.traits(r2).contains(Traits::SOLID));
    assert!(g.field(&s).terrain().traits(r2).contains(Traits::SOLID), "the battlefield stands on the tiles");
    // The donjon's door is a door of the game.
    assert!(!s.doors.is_empty(), "the donjon's door");
    assert!(g.validate_state(&s).is_ok());
    // Round trip through JSON keeps the tiles and their ground.
    let back: State = serde_json::from_str(&serde_json::to_string(&s).unwrap()).unwrap();
    assert_eq!(back.tiles, s.tiles);
    assert!(g.ground(&back).traits(r2).contains(Traits::SOLID));
}

#[test]
fn a_medium_game_lays_four_tiles_each_on_36_by_24() {
    // "Medium games (500 points or fewer per side) should be played on a grid of
    // about 36 squares by 24 squares"; "four in a medium game".
    let mut a = Variant::warband_file("oni-tyrant").unwrap();
    a.points = Some(300);
    let v = Variant {
        warbands: vec![a, Variant::warband_file("kobold-ambush").unwrap()],
        map: "tiles".into(),
        ..Variant::default()
    };
    let g = P2v::new(v, 2).unwrap();
    let b = g.base_terrain().board();
    assert_eq!((b.width(), b.height()), (36, 24));
    assert_eq!(g.initial_state().phase, Phase::PlaceTile { seat: 0, left: 8 });
}

#[test]
fn tiles_are_laid_whole_on_the_board_and_never_overlap() {
    // "Terrain tiles are 8 square by 5 square tiles that can be laid on a grid."
    // "Between the tiles is open ground." (ruling P2V-R90)
    let g = game("old-wood-brawlers", "briar-skirmishers");
    let mut s = g.initial_state();
    lay(&g, &mut s, "tile donjon c3");
    let before = serde_json::to_string(&s).unwrap();
    for (text, rule) in [
        ("tile four-pillars j1", "p2v.tile.overlap"),
        ("tile four-pillars a1 90", "p2v.tile.overlap"),
        ("tile four-pillars r1", "p2v.tile.off-board"),
        ("tile four-pillars a15 90", "p2v.tile.off-board"),
    ] {
        let a = g.parse(&s, text).unwrap();
        let r = g.apply_action(&mut s, &a, &mut Vec::new()).unwrap_err();
        assert_eq!(r.rule, rule, "{text}");
        assert_eq!(serde_json::to_string(&s).unwrap(), before, "{text}: a refusal changes nothing");
    }
    // Side by side is fine, and a turned tile covers 5 files by 8 ranks.
    lay(&g, &mut s, "tile four-pillars k3");
    lay(&g, &mut s, "tile watchtower t1 90");
    // Every listed placement is legal and none overlaps.
    let mut out = Vec::new();
    g.legal_actions(&s, &mut out);
    assert!(out.iter().all(|a| matches!(a, Action::Tile { .. }) && g.check(&s, a).is_ok()));
    assert!(!out.contains(&g.parse(&s, "tile donjon c3").unwrap()));
}

#[test]
fn the_tile_notation_reads_back_what_it_writes() {
    let g = game("old-wood-brawlers", "briar-skirmishers");
    let s = g.initial_state();
    for text in ["tile donjon c3", "tile watchtower a1 90", "tile dragon-bones b2 180", "tile four-pillars h4 270"] {
        let a = g.parse(&s, text).unwrap();
        assert_eq!(g.text(&a), text);
    }
    assert!(g.parse(&s, "tile castle a1").unwrap_err().contains("not a terrain tile"));
    assert!(g.parse(&s, "tile donjon a1 45").unwrap_err().contains("not a turn"));
    let n = g.action_number(&g.parse(&s, "tile donjon c3 90").unwrap()).unwrap();
    assert!(n < g.action_count());
}

#[test]
fn when_no_tile_fits_any_more_the_laying_ends_and_no_seat_is_asked() {
    // Ruling P2V-R90: a seat is never asked to lay a tile that fits nowhere.
    let g = game("old-wood-brawlers", "briar-skirmishers");
    let mut seen = false;
    let mut x: u64 = 7;
    for _ in 0..400 {
        let mut s = g.initial_state();
        let mut events = Vec::new();
        while matches!(s.phase, Phase::PlaceTile { .. }) {
            let mut out = Vec::new();
            g.legal_actions(&s, &mut out);
            assert!(!out.is_empty(), "a seat asked to lay a tile has one to lay");
            x = x.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            let a = out[(x >> 33) as usize % out.len()];
            g.apply_action(&mut s, &a, &mut events).unwrap();
        }
        assert_eq!(s.phase, Phase::ObjectiveCount);
        if let Some(Event::NoRoomForTiles { left }) = events.iter().find(|e| matches!(e, Event::NoRoomForTiles { .. }))
        {
            assert_eq!(usize::from(*left) + s.tiles.len(), 6);
            seen = true;
            break;
        }
    }
    assert!(seen, "random laying leaves no room now and then");
}
