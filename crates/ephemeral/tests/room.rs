//! Room on the table: wherever a legal placement exists — the gate among
//! the terrain, a terrain piece, a figure's base along the edge — the
//! random draw and the candidate list find one; and where none exists, the
//! setup rulings (P45, P46 in `docs/rulings/ephemeral.md`) keep the game
//! going. Each place is checked against a dense scan of the table.
#![allow(clippy::unwrap_used, clippy::panic)]

use arbiter_core::{Decision, Game, Seat, ToMove};
use arbiter_ephemeral::kit::Kit;
use arbiter_ephemeral::{Action, Edition, Ephemeral, Event, Phase, Placed, Pos, State, Variant};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

fn shipped(edition: Edition) -> Ephemeral {
    Ephemeral::new(Variant::shipped(edition, "ember-court", "tide-wardens").unwrap(), 2).unwrap()
}

fn p(x: f32, y: f32) -> Pos {
    Pos::new(x, y)
}

/// The terrain phase with these pieces down (kit number, centre, turn) and
/// the gate still to place; P1 to place next.
fn terrain(g: &Ephemeral, pieces: &[(u8, f32, f32, u16)]) -> State {
    let mut s = g.initial_state();
    s.x = Some(Seat(1));
    for &(piece, x, y, turn) in pieces {
        s.terrain.push(Placed { piece, at: p(x, y), turn });
    }
    s.scene = Default::default();
    s.phase = Phase::Terrain { next: Seat(0) };
    g.validate_state(&s).unwrap();
    s
}

/// Legal gate centres on a 0.05 cm grid, by brute force.
fn gate_spots(g: &Ephemeral, s: &State) -> usize {
    let mut n = 0;
    for i in 0..=440 {
        for j in 0..=440 {
            let at = p(9.0 + i as f32 * 0.05, 9.0 + j as f32 * 0.05);
            n += usize::from(g.check(s, &Action::Gate { at }).is_ok());
        }
    }
    n
}

/// A state from random play (`random found no action`, issue 18): all five
/// pieces down round the middle, the gate still to place. The gate fits
/// only in a few square centimetres that the candidate scan's 2 cm grid
/// and the draw's 64 random tries both missed.
const CROWDED: [(u8, f32, f32, u16); 5] = [
    (4, 25.870249, 11.845831, 104),
    (0, 23.041922, 36.50939, 134),
    (3, 25.796833, 22.543486, 51),
    (2, 12.987303, 10.690285, 170),
    (1, 14.363224, 23.608343, 102),
];

/// The other such state, pieces in kit order.
const CROWDED_TOO: [(u8, f32, f32, u16); 5] = [
    (0, 24.088387, 28.8621, 160),
    (1, 29.579933, 9.4596615, 21),
    (2, 25.181427, 21.175146, 33),
    (3, 14.152187, 15.530123, 100),
    (4, 13.999247, 29.774235, 99),
];

#[test]
fn the_gate_is_found_where_a_coarse_scan_finds_no_room() {
    let g = shipped(Edition::V026);
    let s = terrain(&g, &CROWDED);
    assert!(gate_spots(&g, &s) > 0, "the gate fits somewhere");
    let mut listed = Vec::new();
    g.legal_actions(&s, &mut listed);
    assert!(listed.iter().any(|a| matches!(a, Action::Gate { .. })), "the candidates offer the gate");
    for seed in 0..200 {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let a = g.random_action(&s, &mut rng, &mut Vec::new()).unwrap_or_else(|| panic!("seed {seed}: no action"));
        g.check(&s, &a).unwrap_or_else(|r| panic!("seed {seed}: {a:?} is refused: {r}"));
    }
    assert_eq!(g.to_move(&s), ToMove::Seat(Seat(0)));
}

/// A kit of five big discs 30 cm across: one fits on the table, and then
/// nothing else does.
const BIG_DISCS: &str = r#"
[[piece]]
name = "Hill A"
shape = "circle"
radius = 15.0
height = 1.0

[[piece]]
name = "Hill B"
shape = "circle"
radius = 15.0
height = 1.0

[[piece]]
name = "Hill C"
shape = "circle"
radius = 15.0
height = 1.0

[[piece]]
name = "Hill D"
shape = "circle"
radius = 15.0
height = 1.0

[[piece]]
name = "Hill E"
shape = "circle"
radius = 15.0
height = 1.0
"#;

fn with_kit(edition: Edition, kit: &str) -> Ephemeral {
    let mut v = Variant::shipped(edition, "ember-court", "tide-wardens").unwrap();
    v.kit = Kit::from_toml(kit).unwrap();
    Ephemeral::new(v, 2).unwrap()
}

/// Applies an action that must be accepted; returns its events.
fn ok(g: &Ephemeral, s: &mut State, a: Action) -> Vec<Event> {
    let mut events = Vec::new();
    g.apply(s, &Decision::Act(a.clone()), &mut events).unwrap_or_else(|r| panic!("{a:?} refused: {r}"));
    events
}

fn refused(g: &Ephemeral, s: &State, a: Action) -> String {
    let mut t = s.clone();
    let r = g.apply(&mut t, &Decision::Act(a.clone()), &mut Vec::new()).expect_err("the action should be refused");
    assert_eq!(&t, s, "a refused action changed the state");
    r.rule.to_string()
}

#[test]
fn a_piece_must_leave_room_for_the_gate_and_pieces_that_fit_nowhere_stay_out() {
    // "The gate is treated as a piece of terrain for purposes of placement.
    // ... The gate must be placed at least 5 cm from the edge of the play
    // area." Ruling P45: a piece may not take the gate's last room, and
    // once the gate is down, pieces that fit nowhere stay off the table.
    for edition in Edition::ALL {
        let g = with_kit(edition, BIG_DISCS);
        let mut s = terrain(&g, &[]);
        let hill = |piece: u8, x: f32, y: f32| Action::Terrain { piece, at: p(x, y), turn: 0 };
        // In the middle, a 30 cm hill leaves the gate nowhere to go.
        assert_eq!(refused(&g, &s, hill(0, 20.0, 20.0)), "ep.terrain.gate-room");
        ok(&g, &mut s, hill(0, 15.0, 15.0));
        assert!(g.gate_room(&s).is_some_and(|at| g.check(&s, &Action::Gate { at }).is_ok()));
        // No second hill fits anywhere: the player to place has the gate.
        assert_eq!(g.piece_room(&s, 1), None);
        for seed in 0..20 {
            let a = g.random_action(&s, &mut ChaCha8Rng::seed_from_u64(seed), &mut Vec::new()).unwrap();
            assert!(matches!(a, Action::Gate { .. }), "{a:?}");
        }
        let events = ok(&g, &mut s, Action::Gate { at: p(30.5, 30.5) });
        let left: Vec<u8> = events
            .iter()
            .filter_map(|e| match e {
                Event::TerrainLeftOut { piece } => Some(*piece),
                _ => None,
            })
            .collect();
        assert_eq!(left, [1, 2, 3, 4], "{events:?}");
        assert_eq!(s.phase, Phase::PoolRoll);
        assert_eq!(s.terrain.len(), 1);
    }
}

/// Four thin walls along the edges, and a boulder in the middle.
const EDGE_WALLS: &str = r#"
[[piece]]
name = "Bottom wall"
shape = "rect"
width = 26.0
depth = 1.0
height = 1.0

[[piece]]
name = "Right wall"
shape = "rect"
width = 29.0
depth = 1.0
height = 1.0

[[piece]]
name = "Top wall"
shape = "rect"
width = 29.0
depth = 1.0
height = 1.0

[[piece]]
name = "Left wall"
shape = "rect"
width = 29.0
depth = 1.0
height = 1.0

[[piece]]
name = "Boulder"
shape = "circle"
radius = 1.0
height = 1.0
"#;

// Ember Court (P1) and Tide Wardens (P2).
const QUEEN: u8 = 0; // base 50 mm
const ASHWRIGHT: u8 = 1;
const CINDERFOOT: u8 = 2; // base 28 mm
const SAGE: u8 = 3; // base 40 mm
const REEFKEEPER: u8 = 4; // base 32 mm

/// Deployment, P1 to place the Queen and Cinderfoot, with the gate in the
/// middle and thin walls along the edges (too thin to stand on). Where the
/// walls leave an edge free, near two corners, Tide Wardens stand: within
/// 5 cm of them no enemy may be placed. Cinderfoot fits only in a pocket
/// about 2 mm long on the bottom edge, between the Harbor Sage's reach and the
/// bottom wall, between the points the 2 cm scan tries; the Queen's bigger
/// base fits nowhere.
fn walled(g: &Ephemeral) -> State {
    let mut s = g.initial_state();
    s.x = Some(Seat(0));
    for (piece, x, y, turn) in
        [(0, 26.0, 0.5, 0), (1, 39.5, 17.0, 90), (2, 17.0, 39.5, 0), (3, 0.5, 23.0, 90), (4, 20.0, 12.0, 0)]
    {
        s.terrain.push(Placed { piece, at: p(x, y), turn });
    }
    s.gate = Some(p(20.0, 20.0));
    for (figure, x, y) in
        [(ASHWRIGHT, 28.0, 8.0), (SAGE, 3.3, 3.0), (REEFKEEPER, 37.0, 37.0), (5, 28.0, 28.0), (6, 12.0, 28.0)]
    {
        s.figures[figure as usize].at = Some(p(x, y));
    }
    s.scene = Default::default();
    s.phase = Phase::Deploy { next: Seat(0) };
    g.validate_state(&s).unwrap();
    s
}

/// Legal places for `figure` along the edges, on a 0.01 cm scan of the
/// line where its base touches an edge (`dense`: and of both sides of the
/// band the tolerance leaves).
fn edge_spots(g: &Ephemeral, s: &State, figure: u8, dense: bool) -> Vec<Pos> {
    let r = g.stats()[figure as usize].radius;
    let mut out = Vec::new();
    for k in 0..=4000 {
        let t = k as f32 * 0.01;
        for d in [r - 0.04, r, r + 0.04].into_iter().take(if dense { 3 } else { 1 }) {
            for at in [p(t, d), p(t, 40.0 - d), p(d, t), p(40.0 - d, t)] {
                if g.check_placement(s, figure, at).is_ok() {
                    out.push(at);
                }
            }
        }
    }
    out
}

#[test]
fn a_figure_that_fits_only_in_a_pocket_is_placed_there_and_one_that_fits_nowhere_stays_out() {
    // "players continue by alternating placing figures on the play area
    // until no figures are left to be placed." Ruling P46: a figure that
    // fits nowhere along the edge stays off the table.
    let g = with_kit(Edition::V026, EDGE_WALLS);
    let s = walled(&g);
    assert_eq!((g.stats()[QUEEN as usize].radius, g.stats()[CINDERFOOT as usize].radius), (2.5, 1.4));
    let scan = edge_spots(&g, &s, CINDERFOOT, true);
    assert!(!scan.is_empty(), "the scan finds room for Cinderfoot");
    assert!(scan.iter().all(|at| at.y < 1.5 && (11.45..11.75).contains(&at.x)), "only on the bottom edge: {scan:?}");
    let found = g.edge_room(&s, CINDERFOOT).expect("the search finds Cinderfoot's room");
    assert!(g.check_placement(&s, CINDERFOOT, found).is_ok());
    assert!(edge_spots(&g, &s, QUEEN, true).is_empty() && g.edge_room(&s, QUEEN).is_none(), "the Queen fits nowhere");
    for seed in 0..20 {
        let a = g.random_action(&s, &mut ChaCha8Rng::seed_from_u64(seed), &mut Vec::new()).unwrap();
        assert!(matches!(a, Action::Place { figure: CINDERFOOT, .. }) && g.check(&s, &a).is_ok(), "{a:?}");
    }
    let mut listed = Vec::new();
    g.legal_actions(&s, &mut listed);
    assert!(!listed.is_empty() && listed.iter().all(|a| matches!(a, Action::Place { figure: CINDERFOOT, .. })));
    // Once Cinderfoot is down, nobody has anything that fits: the Queen
    // stays off the table and X chooses who activates first.
    let mut after = s.clone();
    let events = ok(&g, &mut after, Action::Place { figure: CINDERFOOT, at: found });
    assert!(events.contains(&Event::LeftOut { figure: QUEEN }), "{events:?}");
    assert_eq!(after.phase, Phase::ChooseFirst);
    assert_eq!(after.figures[QUEEN as usize].at, None);
}

/// Random tables, crowded by hand (pieces dropped anywhere they fit,
/// whether or not they leave the gate room): the search finds the gate a
/// place whenever a 0.2 cm scan does, and a figure a place along the edge
/// whenever a 0.01 cm scan of the edge line does.
#[test]
fn the_searches_agree_with_dense_scans_on_random_crowded_tables() {
    use rand::RngExt;
    for edition in Edition::ALL {
        let g = shipped(edition);
        let mut rng = ChaCha8Rng::seed_from_u64(5);
        let mut tight = 0;
        for case in 0..60 {
            let mut s = terrain(&g, &[]);
            for piece in 0..5u8 {
                for _ in 0..200 {
                    // Half the tables shake one of the two crowded tables
                    // random play came to, where the gate barely fits.
                    let (at, turn) = if case % 2 == 0 {
                        let table = [CROWDED, CROWDED_TOO][case / 2 % 2];
                        let (_, x, y, turn) = table.iter().copied().find(|t| t.0 == piece).unwrap_or(table[0]);
                        let at = p(x + rng.random_range(-0.8f32..0.8), y + rng.random_range(-0.8f32..0.8));
                        (at, (turn + rng.random_range(0..10) + 355) % 360)
                    } else {
                        (p(rng.random_range(5.0f32..35.0), rng.random_range(5.0f32..35.0)), rng.random_range(0..360))
                    };
                    // Dropped by hand where it fits, whether or not it
                    // leaves the gate room.
                    let fits = match g.check_terrain(&s, Some(piece), at, turn) {
                        Ok(()) => true,
                        Err(r) => r.rule == "ep.terrain.gate-room",
                    };
                    if fits {
                        s.terrain.push(Placed { piece, at, turn });
                        s.scene = Default::default();
                        break;
                    }
                }
            }
            let mut scan = 0;
            for i in 0..=105 {
                for j in 0..=105 {
                    let at = p(9.5 + i as f32 * 0.2, 9.5 + j as f32 * 0.2);
                    scan += usize::from(g.check(&s, &Action::Gate { at }).is_ok());
                }
            }
            let found = g.gate_room(&s);
            if let Some(at) = found {
                g.check(&s, &Action::Gate { at }).unwrap_or_else(|r| panic!("case {case}: {r}"));
            }
            if scan > 0 {
                assert!(found.is_some(), "{edition} case {case}: the scan found room for the gate, the search none");
            }
            // Under 6 cm² of room: where fixed spots are likely to miss.
            tight += usize::from((1..150).contains(&scan));
        }
        assert!(tight >= 3, "{edition}: only {tight} tables with tight room for the gate");
        // Figures along the edges: all but the last of each side dropped
        // near the edges wherever their bases are on the table, the gate
        // in the middle.
        let (mut placeable, mut full) = (0, 0);
        for case in 0..40 {
            let mut s = terrain(&g, &[]);
            s.gate = Some(p(20.0, 20.0));
            for (i, f) in s.figures.iter_mut().enumerate() {
                if i + 1 == g.stats().len() || i == 2 {
                    continue;
                }
                let r = g.stats()[i].radius;
                let t = rng.random_range(r..40.0 - r);
                let d = r + rng.random_range(0.0f32..4.0);
                f.at = Some(match rng.random_range(0..4) {
                    0 => p(t, d),
                    1 => p(t, 40.0 - d),
                    2 => p(d, t),
                    _ => p(40.0 - d, t),
                });
            }
            s.phase = Phase::Deploy { next: g.stats()[2].owner };
            for figure in [2u8, (g.stats().len() - 1) as u8] {
                let scan = !edge_spots(&g, &s, figure, false).is_empty();
                let found = g.edge_room(&s, figure);
                if let Some(at) = found {
                    g.check_placement(&s, figure, at).unwrap_or_else(|r| panic!("case {case}: {r}"));
                }
                assert!(!scan || found.is_some(), "{edition} case {case}: figure {figure} has room the search missed");
                placeable += usize::from(found.is_some());
                full += usize::from(found.is_none());
            }
        }
        assert!(placeable > 10, "{edition}: {placeable} figures with room, {full} without");
    }
}
