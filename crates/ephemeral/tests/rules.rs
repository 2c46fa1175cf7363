//! The rules of the Ephemeral Path base game, one test per rule. Each test
//! quotes the rulebook sentence it pins (Ephemeral Path v0.26 unless the
//! edition matters; Ephemeral Gate v0.20 is quoted where it differs) and
//! asserts the rule id of every refusal. The rulings these tests pin are in
//! `docs/rulings/ephemeral.md`.
//!
//! States are built by hand: `initial_state()` and then the phase, the
//! figures, the terrain and the gate are set directly. After terrain is
//! edited the scene cache is left empty; the game rebuilds it.
#![allow(clippy::unwrap_used, clippy::panic)]

use arbiter_core::{Decision, Game, OutcomeKind, Roll, RollPart, Seat, ToMove};
use arbiter_ephemeral::catalogue::Catalogue;
use arbiter_ephemeral::figure::{FigureSet, Format};
use arbiter_ephemeral::kit::Kit;
use arbiter_ephemeral::{
    Action, Aim, Die, Edition, Ephemeral, Event, Frame, Fx, Phase, Placed, Pos, PrepUse, Side, State, Use, Variant,
};

// ------------------------------------------------------------------ fixtures

/// P1's set. Mira is the rulebook's elf: Movement 8 ("can thus move 16
/// cm"), here with Force 7 and Range 3 (15 cm) for the rulebook's attack
/// examples. She forages D6s (D4, Long Bow) and D4s (D2, Flaming Arrow).
/// Bram is a Leader without abilities on a 50 mm base. 31 + 23 = 54 points.
const ELVES: &str = r#"
name = "Elves"

[[figure]]
name = "Mira"
class = "disruptor"
base_mm = 25
hp = 6
movement = 8
force = 7
range = 3
abilities = [{ id = "D4", name = "Long Bow" }, { id = "D2", name = "Flaming Arrow" }]

[[figure]]
name = "Bram"
class = "leader"
base_mm = 50
hp = 10
movement = 5
force = 5
range = 3
"#;

/// P2's set: Grak forages D10s (D9), Skit D4s (R1). 29 + 17 = 46 points.
const RAIDERS: &str = r#"
name = "Raiders"

[[figure]]
name = "Grak"
class = "disruptor"
base_mm = 32
hp = 8
movement = 6
force = 6
range = 4
abilities = ["D9"]

[[figure]]
name = "Skit"
class = "runner"
base_mm = 25
hp = 4
movement = 6
force = 3
range = 2
abilities = ["R1"]
"#;

const MIRA: u8 = 0; // r 1.25 cm, 16 cm of movement, Force 7, range 15 cm
const BRAM: u8 = 1; // r 2.5 cm, Leader
const GRAK: u8 = 2; // r 1.6 cm, HP 8
const SKIT: u8 = 3; // r 1.25 cm, HP 4
const P1: Seat = Seat(0);
const P2: Seat = Seat(1);

// Kit pieces (data/terrain-kit.toml).
const BOULDER: u8 = 0; // circle r 3, height 3
const WALL: u8 = 1; // 10 × 1.5, height 6
const CRATE: u8 = 2; // 5 × 5, height 4
const PILLAR: u8 = 4; // 8 × 2.5, height 2

fn set(text: &str, edition: Edition) -> FigureSet {
    FigureSet::parse(text, Format::Toml, edition, &Catalogue::standard().unwrap()).unwrap()
}

fn game_with(edition: Edition, a: &str, b: &str) -> Ephemeral {
    Ephemeral::new(Variant { edition, sets: vec![set(a, edition), set(b, edition)], kit: Kit::standard() }, 2).unwrap()
}

fn game(edition: Edition) -> Ephemeral {
    game_with(edition, ELVES, RAIDERS)
}

fn v26() -> Ephemeral {
    game(Edition::V026)
}

fn shipped(edition: Edition, a: &str, b: &str) -> Ephemeral {
    Ephemeral::new(Variant::shipped(edition, a, b).unwrap(), 2).unwrap()
}

fn p(x: f32, y: f32) -> Pos {
    Pos::new(x, y)
}

/// Puts a figure on the ground at (x, y).
fn put(s: &mut State, figure: u8, x: f32, y: f32) {
    let f = &mut s.figures[figure as usize];
    f.at = Some(p(x, y));
    f.on = None;
}

/// Puts a figure at (x, y) standing on placed piece `on`.
fn stand(s: &mut State, figure: u8, x: f32, y: f32, on: u8) {
    put(s, figure, x, y);
    s.figures[figure as usize].on = Some(on);
}

/// Places a kit piece by hand; returns its index among the placed pieces.
fn piece(s: &mut State, piece: u8, x: f32, y: f32, turn: u16) -> u8 {
    s.terrain.push(Placed { piece, at: p(x, y), turn });
    s.scene = Default::default();
    (s.terrain.len() - 1) as u8
}

/// The activation phase with X = P1, every figure in a corner, no prep
/// tokens and the gate at (30.5, 30.5); P1 is to activate.
fn table(g: &Ephemeral) -> State {
    let mut s = g.initial_state();
    s.x = Some(P1);
    s.gate = Some(p(30.5, 30.5));
    put(&mut s, MIRA, 2.0, 2.0);
    put(&mut s, BRAM, 37.5, 37.5);
    put(&mut s, GRAK, 37.5, 2.5);
    put(&mut s, SKIT, 2.0, 38.0);
    s.prep = [0, 0];
    s.started = true;
    s.phase = Phase::Activate { next: P1 };
    s
}

/// `figure` is active with all its actions.
fn acting(g: &Ephemeral, figure: u8) -> State {
    let mut s = table(g);
    s.phase = Phase::Acting { figure, used: 0, limit: u8::MAX };
    s
}

/// Applies an action that must be accepted; returns its events.
fn ok(g: &Ephemeral, s: &mut State, a: Action) -> Vec<Event> {
    let mut events = Vec::new();
    if let Err(r) = g.apply(s, &Decision::Act(a.clone()), &mut events) {
        panic!("{a:?} refused: {} — {}", r.rule, r.reason);
    }
    events
}

/// Applies a roll that must be accepted; returns its events.
fn roll(g: &Ephemeral, s: &mut State, values: &[u8]) -> Vec<Event> {
    let mut events = Vec::new();
    if let Err(r) = g.apply(s, &Decision::Roll(Roll::from_values(values).unwrap()), &mut events) {
        panic!("roll {values:?} refused: {} — {}", r.rule, r.reason);
    }
    events
}

/// The rule id an action is refused with; the state must be left as it was,
/// and `check` must agree with `apply`.
fn refused(g: &Ephemeral, s: &State, a: Action) -> String {
    let mut t = s.clone();
    let r = match g.apply(&mut t, &Decision::Act(a.clone()), &mut Vec::new()) {
        Ok(()) => panic!("{a:?} was accepted"),
        Err(r) => r,
    };
    assert_eq!(&t, s, "a refused action changed the state");
    assert_eq!(g.check(s, &a).unwrap_err().rule, r.rule);
    assert!(!r.reason.is_empty() && !r.section.is_empty());
    r.rule.to_string()
}

fn mv(points: &[(f32, f32)]) -> Action {
    Action::Move { path: points.iter().map(|&(x, y)| p(x, y)).collect() }
}

/// The cost of the move in the events.
fn cost(events: &[Event]) -> f32 {
    events
        .iter()
        .find_map(|e| match e {
            Event::Moved { cost, .. } => Some(*cost),
            _ => None,
        })
        .unwrap()
}

fn attack(target: u8, d4: u8) -> Action {
    Action::Attack { target, dice: [d4, 0, 0, 0, 0] }
}

fn close(a: f32, b: f32) -> bool {
    (a - b).abs() < 1e-3
}

// ------------------------------------------------------------------- set up

#[test]
fn the_player_with_the_lower_spec_total_chooses_a_side() {
    // "If one player has a lower number of total spec points (the sum of all
    // of their figures) than another player, then that player may choose to
    // be either Player X or Player Y."
    let g = v26();
    let mut s = g.initial_state();
    assert_eq!(s.phase, Phase::ChooseSide { chooser: P2 }, "Raiders have 46 points, Elves 54");
    assert_eq!(g.to_move(&s), ToMove::Seat(P2));
    let events = ok(&g, &mut s, Action::Choose(Side::Y));
    assert!(events.contains(&Event::Chose { seat: P2, side: Side::Y }));
    assert_eq!((s.x, s.y()), (Some(P1), Some(P2)));
    // "Beginning with Player X, players take turns placing a piece of terrain"
    assert_eq!(s.phase, Phase::Terrain { next: P1 });
    assert_eq!(refused(&g, &s, Action::Choose(Side::X)), "ep.turn.phase");
}

#[test]
fn equal_spec_totals_roll_a_d6_and_ties_roll_again() {
    // "If both players have the same number of total spec points then each
    // player roles a D6. The player that rolls the highest value may choose
    // to be either Player X or Player Y."
    let g = shipped(Edition::V026, "lantern-pact", "lantern-pact");
    let mut s = g.initial_state();
    assert_eq!(s.phase, Phase::SideRoll);
    assert_eq!(g.to_move(&s), ToMove::Chance);
    assert_eq!(g.dice(&s).len(), 2);
    // At a real table each player rolls and enters their own D6 (ruling P47).
    assert_eq!(g.roll_parts(&s), RollPart::one_die_each([P1, P2]));
    // Ruling P15: a tie rolls again.
    let events = roll(&g, &mut s, &[4, 4]);
    assert!(events.contains(&Event::SideRoll { rolls: [4, 4] }));
    assert_eq!(s.phase, Phase::SideRoll);
    roll(&g, &mut s, &[2, 5]);
    assert_eq!(s.phase, Phase::ChooseSide { chooser: P2 });
    ok(&g, &mut s, Action::Choose(Side::X));
    assert_eq!(s.x, Some(P2));
    assert_eq!(s.phase, Phase::Terrain { next: P2 });
}

#[test]
fn terrain_placement_alternates_starting_with_x() {
    // "Beginning with Player X, players take turns placing a piece of
    // terrain of their choice onto the play area. The gate is treated as a
    // piece of terrain for purposes of placement."
    let g = v26();
    let mut s = g.initial_state();
    ok(&g, &mut s, Action::Choose(Side::X)); // P2 is X
    let order = [
        (Action::Terrain { piece: BOULDER, at: p(8.0, 8.0), turn: 0 }, P2),
        (Action::Gate { at: p(20.0, 20.0) }, P1),
        (Action::Terrain { piece: WALL, at: p(20.0, 36.0), turn: 0 }, P2),
        (Action::Terrain { piece: CRATE, at: p(32.0, 10.0), turn: 0 }, P1),
        (Action::Terrain { piece: 3, at: p(9.0, 30.0), turn: 30 }, P2),
        (Action::Terrain { piece: PILLAR, at: p(30.0, 27.0), turn: 90 }, P1),
    ];
    for (i, (a, seat)) in order.into_iter().enumerate() {
        assert_eq!(g.to_move(&s), ToMove::Seat(seat), "placement {i}");
        ok(&g, &mut s, a);
    }
    assert_eq!(s.terrain.len(), 5);
    assert_eq!(s.gate, Some(p(20.0, 20.0)));
    // All six down: the foraging dice are rolled.
    assert_eq!(s.phase, Phase::PoolRoll);
    assert_eq!(g.dice(&s).len(), 10);
    // "Players each simultaneously rolls the following types of dice: D4,
    // D6, D8, D10, D12": each their own five at a real table (ruling P47).
    assert_eq!(g.roll_parts(&s), [RollPart { seat: Some(P1), dice: 0..5 }, RollPart { seat: Some(P2), dice: 5..10 }]);
}

#[test]
fn terrain_may_not_fall_outside_the_play_area() {
    // "No part of the terrain may fall outside of the play area"
    let g = v26();
    let mut s = g.initial_state();
    ok(&g, &mut s, Action::Choose(Side::Y));
    let boulder = |x: f32| Action::Terrain { piece: BOULDER, at: p(x, 20.0), turn: 0 };
    assert_eq!(refused(&g, &s, boulder(2.9)), "ep.terrain.outside");
    g.check(&s, &boulder(3.0)).unwrap();
    // A piece is placed once; the gate once.
    ok(&g, &mut s, boulder(3.0));
    ok(&g, &mut s, Action::Gate { at: p(20.0, 20.0) });
    assert_eq!(refused(&g, &s, Action::Terrain { piece: BOULDER, at: p(30.0, 30.0), turn: 0 }), "ep.terrain.placed");
    assert_eq!(refused(&g, &s, Action::Gate { at: p(30.0, 30.0) }), "ep.terrain.placed");
    assert_eq!(refused(&g, &s, Action::Terrain { piece: 5, at: p(30.0, 30.0), turn: 0 }), "ep.terrain.piece");
}

#[test]
fn terrain_is_data_turned_in_whole_degrees() {
    // Ruling P20: the kit is data (data/terrain-kit.toml); a piece is turned
    // by whole degrees, 0–359.
    let g = v26();
    let mut s = g.initial_state();
    ok(&g, &mut s, Action::Choose(Side::Y));
    let wall = |turn: u16| Action::Terrain { piece: WALL, at: p(20.0, 3.0), turn };
    g.check(&s, &wall(0)).unwrap(); // 10 cm along the edge
    assert_eq!(refused(&g, &s, wall(90)), "ep.terrain.outside"); // 10 cm across it
    g.check(&s, &wall(180)).unwrap();
    assert_eq!(refused(&g, &s, wall(360)), "ep.terrain.number");
    assert_eq!(refused(&g, &s, Action::Terrain { piece: WALL, at: p(f32::NAN, 3.0), turn: 0 }), "ep.terrain.number");
    assert_eq!(Kit::standard().pieces.len(), 5);
}

#[test]
fn v026_terrain_may_not_touch_other_terrain_or_the_gate() {
    // v0.26: "no two pieces of terrain may be in contact with each other."
    // v0.20: "There are no restrictions on the placement of terrain within
    // the play area but no part of the terrain may fall outside of the play
    // area." Ruling P14: in v0.20 pieces may touch but not overlap.
    for edition in Edition::ALL {
        let g = game(edition);
        let mut s = g.initial_state();
        ok(&g, &mut s, Action::Choose(Side::Y));
        ok(&g, &mut s, Action::Terrain { piece: BOULDER, at: p(10.0, 10.0), turn: 0 }); // edge at x = 13
        let crate_at = |x: f32| Action::Terrain { piece: CRATE, at: p(x, 10.0), turn: 0 }; // edge at x − 2.5
        let touching = crate_at(15.5);
        let overlapping = crate_at(15.4);
        let apart = crate_at(15.6);
        g.check(&s, &apart).unwrap();
        match edition {
            Edition::V026 => {
                assert_eq!(refused(&g, &s, touching), "ep.terrain.contact");
                assert_eq!(refused(&g, &s, overlapping), "ep.terrain.contact");
            }
            Edition::V020 => {
                g.check(&s, &touching).unwrap();
                assert_eq!(refused(&g, &s, overlapping), "ep.terrain.overlap");
            }
        }
        // The gate counts as terrain: it may not touch the boulder either
        // (v0.26), nor overlap it (v0.20).
        let gate_touching = Action::Gate { at: p(17.5, 10.0) }; // 4.5 + 3 from the boulder's centre
        let gate_overlapping = Action::Gate { at: p(17.3, 10.0) };
        match edition {
            Edition::V026 => assert_eq!(refused(&g, &s, gate_touching), "ep.terrain.contact"),
            Edition::V020 => g.check(&s, &gate_touching).unwrap(),
        }
        assert_ne!(refused(&g, &s, gate_overlapping), "");
    }
}

#[test]
fn the_gate_is_placed_at_least_5_cm_from_the_edge() {
    // "The gate must be placed at least 5 cm from the edge of the play area."
    let g = v26();
    let mut s = g.initial_state();
    ok(&g, &mut s, Action::Choose(Side::Y));
    // The gate is a 9 cm circle: its centre at least 9.5 cm in.
    g.check(&s, &Action::Gate { at: p(9.5, 20.0) }).unwrap();
    g.check(&s, &Action::Gate { at: p(30.5, 30.5) }).unwrap();
    assert_eq!(refused(&g, &s, Action::Gate { at: p(9.4, 20.0) }), "ep.terrain.gate-edge");
    assert_eq!(refused(&g, &s, Action::Gate { at: p(20.0, 30.6) }), "ep.terrain.gate-edge");
}

// ------------------------------------------------------------------ foraging

/// Terrain and gate down, the foraging dice about to be rolled.
fn before_pool(g: &Ephemeral) -> State {
    let mut s = g.initial_state();
    s.x = Some(P1);
    s.gate = Some(p(20.0, 20.0));
    s.phase = Phase::PoolRoll;
    s
}

const POOL: [u8; 10] = [1, 2, 3, 4, 5, 4, 6, 8, 10, 12];

#[test]
fn foraging_starts_with_player_y_in_v026() {
    // v0.26: "Beginning with player Y, one die is chosen from the rolled
    // dice and placed on a figure's spec sheet."
    let g = v26();
    let mut s = before_pool(&g);
    let events = roll(&g, &mut s, &POOL);
    assert!(matches!(&events[0], Event::Pool { dice } if dice.len() == 10));
    assert_eq!(s.pool.len(), 10);
    assert_eq!(s.pool.get(1), Some(&Die { sides: 6, value: 2 }));
    assert_eq!(s.phase, Phase::Forage { next: P2, passes: 0 });
}

#[test]
fn player_y_chooses_who_forages_first_in_v020() {
    // v0.20: "Beginning with the player of player Y's choice, one die is
    // chosen from the rolled dice and placed on a figure's spec sheet."
    let g = game(Edition::V020);
    let mut s = before_pool(&g);
    roll(&g, &mut s, &POOL);
    assert_eq!(s.phase, Phase::ChooseForager);
    assert_eq!(g.to_move(&s), ToMove::Seat(P2), "Y chooses");
    let mut t = s.clone();
    let r = g.apply_as(&mut t, P1, &Action::Forager(P1), &mut Vec::new()).unwrap_err();
    assert_eq!(r.rule, "core.turn.not-yours");
    let events = ok(&g, &mut s, Action::Forager(P1));
    assert!(events.contains(&Event::Forager { seat: P1 }));
    assert_eq!(s.phase, Phase::Forage { next: P1, passes: 0 });
}

/// Foraging under way, P1 to choose, with a D6, a D8 and a D4 in the pool.
fn foraging(g: &Ephemeral) -> State {
    let mut s = before_pool(g);
    s.pool = [Die { sides: 6, value: 3 }, Die { sides: 8, value: 5 }, Die { sides: 4, value: 2 }].into_iter().collect();
    s.phase = Phase::Forage { next: P1, passes: 0 };
    s
}

#[test]
fn a_die_goes_only_to_a_figure_with_an_ability_that_needs_it() {
    // "Note: a figure must have an ability that requires a certain die to
    // forage it."
    let g = v26();
    let mut s = foraging(&g);
    let edge = Some(p(30.0, 1.25));
    assert_eq!(refused(&g, &s, Action::Forage { die: 0, figure: BRAM, at: edge }), "ep.forage.ability");
    assert_eq!(refused(&g, &s, Action::Forage { die: 1, figure: MIRA, at: edge }), "ep.forage.ability");
    assert_eq!(refused(&g, &s, Action::Forage { die: 0, figure: GRAK, at: edge }), "ep.figure.enemy");
    assert_eq!(refused(&g, &s, Action::Forage { die: 9, figure: MIRA, at: edge }), "ep.forage.die");
    // "The die may be chosen from dice rolled by either player."
    let events = ok(&g, &mut s, Action::Forage { die: 0, figure: MIRA, at: edge });
    assert!(events.contains(&Event::Foraged { figure: MIRA, die: Die { sides: 6, value: 3 }, slot: 0 }));
    assert_eq!(s.figures[MIRA as usize].dice.as_slice(), &[Die { sides: 6, value: 3 }]);
    assert_eq!(s.pool.len(), 2);
    assert_eq!(s.phase, Phase::Forage { next: P2, passes: 0 });
}

#[test]
fn a_foraging_figure_is_placed_touching_an_edge_clear_of_the_gate_and_enemies() {
    // "This figure must then immediately be placed onto the play area with
    // the edge of its base touching ANY edge of the play area (no side
    // belongs to any particular player). The figure may not be placed in
    // contact with or overlapping the gate and must be at least 5 cm from an
    // opponent's figure."
    let g = v26();
    let mut s = foraging(&g);
    s.gate = Some(p(9.5, 20.0));
    put(&mut s, GRAK, 28.0, 1.6);
    let forage = |x: f32, y: f32| Action::Forage { die: 0, figure: MIRA, at: Some(p(x, y)) };
    assert_eq!(refused(&g, &s, forage(20.0, 20.0)), "ep.place.edge");
    assert_eq!(refused(&g, &s, forage(12.0, 1.4)), "ep.place.edge", "0.15 cm off the edge");
    assert_eq!(refused(&g, &s, forage(12.0, 1.0)), "ep.place.edge", "sticking out");
    g.check(&s, &forage(12.0, 1.25)).unwrap();
    g.check(&s, &forage(38.75, 12.0)).unwrap(); // any edge
    // Grak's base (1.6 cm) is 2.16 cm from Mira's at x = 23, 5.16 cm at x = 20.
    assert_eq!(refused(&g, &s, forage(23.0, 1.25)), "ep.place.enemy");
    g.check(&s, &forage(20.0, 1.25)).unwrap();
    // A figure already on the table takes the die without being placed.
    assert_eq!(refused(&g, &s, Action::Forage { die: 0, figure: MIRA, at: None }), "ep.forage.place");
    ok(&g, &mut s, forage(12.0, 1.25));
    s.phase = Phase::Forage { next: P1, passes: 0 };
    // Pool dice keep their numbers: die 1 is gone, die 3 (the D4) is still die 3.
    assert_eq!(refused(&g, &s, Action::Forage { die: 0, figure: MIRA, at: None }), "ep.forage.die");
    assert_eq!(refused(&g, &s, Action::Forage { die: 2, figure: MIRA, at: Some(p(14.0, 1.25)) }), "ep.forage.placed");
    let events = ok(&g, &mut s, Action::Forage { die: 2, figure: MIRA, at: None });
    assert!(!events.iter().any(|e| matches!(e, Event::Placed { .. })));
    assert_eq!(s.figures[MIRA as usize].dice.len(), 2);
    // The gate: Bram's 5 cm base touching the left edge reaches x = 5, just
    // where the gate (centre 9.5, radius 4.5) begins.
    let mut d = table(&g);
    d.gate = Some(p(9.5, 20.0));
    d.figures[BRAM as usize].at = None;
    d.phase = Phase::Deploy { next: P1 };
    assert_eq!(refused(&g, &d, Action::Place { figure: BRAM, at: p(2.5, 20.0) }), "ep.place.gate");
    assert_eq!(refused(&g, &d, Action::Place { figure: BRAM, at: p(2.5, 19.3) }), "ep.place.gate"); // gap 0.035
    g.check(&d, &Action::Place { figure: BRAM, at: p(2.5, 19.0) }).unwrap(); // gap 0.071
    // Nor on another base.
    put(&mut d, MIRA, 1.25, 26.0);
    assert_eq!(refused(&g, &d, Action::Place { figure: BRAM, at: p(2.5, 27.0) }), "ep.place.base");
}

#[test]
fn a_figure_may_be_placed_onto_terrain_at_the_edge() {
    // "The figure may be placed onto terrain as long as the edge of its base
    // still is aligned with the imaginary plane of the play area's edge."
    for edition in Edition::ALL {
        let g = game(edition);
        let mut s = foraging(&g);
        let boulder = piece(&mut s, BOULDER, 3.0, 30.0, 0);
        let events = ok(&g, &mut s, Action::Forage { die: 0, figure: MIRA, at: Some(p(1.25, 30.0)) });
        assert!(events.contains(&Event::Placed { figure: MIRA, at: p(1.25, 30.0), on: Some(boulder) }), "{edition}");
        assert_eq!(s.figures[MIRA as usize].on, Some(boulder));
        // Balancing (ruling P2): a base on the ground may not reach onto a piece.
        let mut s = foraging(&g);
        piece(&mut s, CRATE, 10.0, 2.5, 0); // x 7.5–12.5
        assert_eq!(
            refused(&g, &s, Action::Forage { die: 0, figure: MIRA, at: Some(p(6.8, 1.25)) }),
            "ep.terrain.balance"
        );
    }
}

#[test]
fn a_player_who_cannot_use_any_die_may_only_pass() {
    // "If a player cannot forage any die because none of their figures have
    // abilities that require any of the remaining dice then they must pass."
    let g = v26();
    let mut s = foraging(&g);
    s.pool =
        [Die { sides: 8, value: 5 }, Die { sides: 12, value: 7 }, Die { sides: 10, value: 3 }].into_iter().collect();
    let mut candidates = Vec::new();
    g.legal_actions(&s, &mut candidates);
    assert_eq!(candidates, vec![Action::Pass], "the Elves take D4s and D6s only");
    assert_eq!(refused(&g, &s, Action::Forage { die: 2, figure: MIRA, at: Some(p(20.0, 1.25)) }), "ep.forage.ability");
    ok(&g, &mut s, Action::Pass);
    // The Raiders can use the D10.
    assert_eq!(s.phase, Phase::Forage { next: P2, passes: 1 });
    candidates.clear();
    g.legal_actions(&s, &mut candidates);
    assert!(candidates.len() > 1);
}

#[test]
fn two_passes_in_a_row_end_foraging_and_figures_are_then_placed_in_turn() {
    // "If both players pass consecutively then no more dice can be foraged
    // and players continue by alternating placing figures on the play area
    // until no figures are left to be placed."
    let g = v26();
    let mut s = foraging(&g);
    // A pass, then a forage: the passes do not add up.
    ok(&g, &mut s, Action::Pass);
    ok(&g, &mut s, Action::Forage { die: 2, figure: SKIT, at: Some(p(38.75, 30.0)) });
    assert_eq!(s.phase, Phase::Forage { next: P1, passes: 0 });
    let events = ok(&g, &mut s, Action::Pass);
    assert_eq!(events, vec![Event::Passed { seat: P1 }]);
    assert_eq!(s.phase, Phase::Forage { next: P2, passes: 1 });
    let events = ok(&g, &mut s, Action::Pass);
    assert!(events.contains(&Event::ForagingOver));
    // Ruling P12: deployment starts with the player who would have foraged next.
    assert_eq!(s.phase, Phase::Deploy { next: P1 });
    assert_eq!(refused(&g, &s, Action::Forage { die: 0, figure: MIRA, at: Some(p(20.0, 1.25)) }), "ep.turn.phase");
    ok(&g, &mut s, Action::Place { figure: MIRA, at: p(1.25, 10.0) });
    assert_eq!(s.phase, Phase::Deploy { next: P2 });
    ok(&g, &mut s, Action::Place { figure: GRAK, at: p(38.4, 10.0) });
    assert_eq!(s.phase, Phase::Deploy { next: P1 });
    assert_eq!(refused(&g, &s, Action::Place { figure: MIRA, at: p(1.25, 20.0) }), "ep.forage.placed");
    ok(&g, &mut s, Action::Place { figure: BRAM, at: p(20.0, 2.5) });
    assert_eq!(s.phase, Phase::ChooseFirst, "everyone is on the table");
}

#[test]
fn deployment_skips_a_player_with_nothing_left_to_place() {
    // "players continue by alternating placing figures on the play area
    // until no figures are left to be placed." Ruling P12: a player with
    // nothing to place is skipped.
    let g = v26();
    let mut s = foraging(&g);
    put(&mut s, MIRA, 1.25, 10.0);
    put(&mut s, BRAM, 20.0, 2.5);
    s.phase = Phase::Forage { next: P2, passes: 1 };
    ok(&g, &mut s, Action::Pass);
    assert_eq!(s.phase, Phase::Deploy { next: P2 }, "P1 has nothing to place");
    ok(&g, &mut s, Action::Place { figure: GRAK, at: p(38.4, 10.0) });
    assert_eq!(s.phase, Phase::Deploy { next: P2 });
    ok(&g, &mut s, Action::Place { figure: SKIT, at: p(38.75, 30.0) });
    assert_eq!(s.phase, Phase::ChooseFirst);
}

#[test]
fn foraging_ends_when_the_pool_is_empty_or_no_die_is_usable() {
    // "players may continue choosing dice and assigning them to figure spec
    // sheets until there are no more dice remaining to be foraged, all
    // figures are on the play area, or no player has an ability that
    // matches an available die."
    let g = v26();
    let mut s = table(&g);
    s.pool =
        [Die { sides: 10, value: 4 }, Die { sides: 8, value: 2 }, Die { sides: 12, value: 9 }].into_iter().collect();
    s.phase = Phase::Forage { next: P2, passes: 0 };
    // Grak takes the D10; nobody can use a D8 or a D12.
    let events = ok(&g, &mut s, Action::Forage { die: 0, figure: GRAK, at: None });
    assert!(events.contains(&Event::ForagingOver));
    assert_eq!(s.phase, Phase::ChooseFirst);
    assert_eq!(s.pool.len(), 2);
    // The last die taken.
    let mut s = table(&g);
    s.pool = [Die { sides: 4, value: 4 }].into_iter().collect();
    s.phase = Phase::Forage { next: P1, passes: 1 };
    let events = ok(&g, &mut s, Action::Forage { die: 0, figure: MIRA, at: None });
    assert!(events.contains(&Event::ForagingOver));
    assert!(s.pool.is_empty());
}

// ---------------------------------------------------------------- activations

#[test]
fn player_x_chooses_who_activates_first() {
    // "Player X chooses which player activates a figure first."
    let g = v26();
    let mut s = table(&g);
    s.x = Some(P2);
    s.started = false;
    s.phase = Phase::ChooseFirst;
    assert_eq!(g.to_move(&s), ToMove::Seat(P2));
    let events = ok(&g, &mut s, Action::First(P1));
    assert_eq!(events, vec![Event::First { seat: P1 }]);
    assert_eq!(s.phase, Phase::Activate { next: P1 });
}

#[test]
fn the_first_activation_of_the_game_takes_one_action() {
    // "The first unit activated in the game may only use one of it's
    // available actions." Ruling P19: it ends after that action.
    let g = v26();
    let mut s = table(&g);
    s.started = false;
    ok(&g, &mut s, Action::Activate { figure: MIRA });
    assert_eq!(s.phase, Phase::Acting { figure: MIRA, used: 0, limit: 1 });
    let events = ok(&g, &mut s, Action::Prepare);
    assert!(events.contains(&Event::Ended { figure: MIRA }));
    assert_eq!(s.figures[MIRA as usize].actions, 2);
    assert_eq!(s.phase, Phase::Activate { next: P2 });
    // "The player who is activating second then gets to activate one figure
    // using as many of that figure's actions as they wish."
    ok(&g, &mut s, Action::Activate { figure: GRAK });
    assert_eq!(s.phase, Phase::Acting { figure: GRAK, used: 0, limit: u8::MAX });
    ok(&g, &mut s, Action::Prepare);
    ok(&g, &mut s, Action::Prepare);
    assert_eq!(s.phase, Phase::Acting { figure: GRAK, used: 2, limit: u8::MAX });
    // A first activation that attacks also ends once the attack resolves.
    let mut s = table(&g);
    s.started = false;
    put(&mut s, MIRA, 10.0, 20.0);
    put(&mut s, GRAK, 15.0, 20.0);
    ok(&g, &mut s, Action::Activate { figure: MIRA });
    ok(&g, &mut s, attack(GRAK, 1));
    let events = roll(&g, &mut s, &[2]);
    assert!(events.contains(&Event::Ended { figure: MIRA }));
    assert_eq!(s.phase, Phase::Activate { next: P2 });
}

#[test]
fn players_alternate_and_a_figure_returns_later_with_its_remaining_actions() {
    // "Actions may be taken one after another or may be broken up across
    // multiple turns. ... Example: Mira has three actions available. On the
    // player's first turn, they choose to activate Mira and use one of
    // Mira's actions. Several turns later, the player activates Mira again
    // and chooses to use the last two of Mira's actions."
    let g = v26();
    let mut s = table(&g);
    ok(&g, &mut s, Action::Activate { figure: MIRA });
    ok(&g, &mut s, Action::Prepare);
    let events = ok(&g, &mut s, Action::End);
    assert_eq!(events, vec![Event::Ended { figure: MIRA }]);
    assert_eq!(s.figures[MIRA as usize].actions, 2);
    // "Play then continues with each player activating one figure"
    assert_eq!(s.phase, Phase::Activate { next: P2 });
    assert_eq!(refused(&g, &s, Action::Activate { figure: MIRA }), "ep.figure.enemy");
    ok(&g, &mut s, Action::Activate { figure: SKIT });
    ok(&g, &mut s, Action::Prepare);
    ok(&g, &mut s, Action::End);
    assert_eq!(s.phase, Phase::Activate { next: P1 });
    ok(&g, &mut s, Action::Activate { figure: MIRA });
    ok(&g, &mut s, Action::Prepare);
    let events = ok(&g, &mut s, Action::Prepare);
    assert!(events.contains(&Event::Ended { figure: MIRA }), "no actions left: the activation ends");
    assert_eq!(s.figures[MIRA as usize].actions, 0);
    ok(&g, &mut s, Action::Activate { figure: SKIT });
    ok(&g, &mut s, Action::Prepare);
    ok(&g, &mut s, Action::End);
    assert_eq!(refused(&g, &s, Action::Activate { figure: MIRA }), "ep.activate.spent");
    // Leaders get two actions.
    assert_eq!(s.figures[BRAM as usize].actions, 2);
}

#[test]
fn an_activation_uses_at_least_one_action() {
    // "Each turn, a player chooses one figure to activate." Ruling P10: an
    // activation uses at least one action.
    let g = v26();
    let mut s = table(&g);
    ok(&g, &mut s, Action::Activate { figure: BRAM });
    assert_eq!(refused(&g, &s, Action::End), "ep.activate.empty");
    let mut candidates = Vec::new();
    g.legal_actions(&s, &mut candidates);
    assert!(!candidates.contains(&Action::End));
    ok(&g, &mut s, Action::Prepare);
    ok(&g, &mut s, Action::End);
}

#[test]
fn a_player_without_actions_left_is_skipped() {
    // "Play then continues with each player activating one figure until no
    // figures have any remaining actions." Ruling P10: a player without
    // actions left is skipped.
    let g = v26();
    let mut s = table(&g);
    s.figures[GRAK as usize].actions = 0;
    s.figures[SKIT as usize].actions = 0;
    ok(&g, &mut s, Action::Activate { figure: MIRA });
    ok(&g, &mut s, Action::Prepare);
    ok(&g, &mut s, Action::End);
    assert_eq!(s.phase, Phase::Activate { next: P1 });
}

#[test]
fn the_game_ends_when_no_figure_has_an_action_left() {
    // "The game ends when each player has no more available actions on any
    // of their figures."
    let g = v26();
    let mut s = table(&g);
    s.gate = Some(p(20.0, 20.0));
    put(&mut s, MIRA, 25.75, 20.0); // touching the gate
    for f in &mut s.figures {
        f.actions = 0;
    }
    s.figures[MIRA as usize].actions = 1;
    ok(&g, &mut s, Action::Activate { figure: MIRA });
    let events = ok(&g, &mut s, Action::Prepare);
    assert_eq!(s.phase, Phase::Over);
    assert_eq!(g.to_move(&s), ToMove::Over);
    assert!(events.contains(&Event::GameOver { touching: [1, 0], points: [31, 0], winner: Some(P1) }));
    assert_eq!(g.outcome(&s).unwrap().kind, OutcomeKind::Win(vec![P1]));
    let r = g.apply(&mut s, &Decision::Act(Action::Prepare), &mut Vec::new()).unwrap_err();
    assert_eq!(r.rule, "core.turn.over");
}

// ---------------------------------------------------------------------- move

#[test]
fn a_move_is_twice_the_movement_spec_measured_at_the_centre_along_a_polyline() {
    // "The distance (in cm) the figure can be moved is equal to its movement
    // spec multiplied by two. Movement can be broken up into multiple
    // straight line distances ... Distance is measured from the center of
    // the figure's base" — "MOVEMENT EXAMPLE 1: Mira has a movement spec of
    // 8 and can thus move 16 cm"
    let g = v26();
    let mut s = acting(&g, MIRA);
    put(&mut s, MIRA, 5.0, 10.0);
    assert_eq!(g.stats()[MIRA as usize].movement_cm, 16.0);
    assert_eq!(refused(&g, &s, mv(&[(13.0, 10.0), (13.0, 18.2)])), "ep.move.too-far", "16.2 cm");
    // Lengths are judged within the one tolerance (0.05 cm, ruling P3).
    assert_eq!(refused(&g, &s, mv(&[(13.0, 10.0), (13.0, 18.07)])), "ep.move.too-far", "16.07 cm");
    assert!(g.check(&s, &mv(&[(13.0, 10.0), (13.0, 18.04)])).is_ok(), "16.04 cm");
    let events = ok(&g, &mut s, mv(&[(13.0, 10.0), (13.0, 18.0)]));
    assert!(close(cost(&events), 16.0));
    assert!(events.iter().any(|e| matches!(e, Event::Moved { path, .. } if path.len() == 3)));
    assert_eq!(s.figures[MIRA as usize].at, Some(p(13.0, 18.0)));
    assert_eq!(s.figures[MIRA as usize].actions, 2);
    assert_eq!(s.phase, Phase::Acting { figure: MIRA, used: 1, limit: u8::MAX });
    // Nowhere, or too many legs, is not a move.
    assert_eq!(refused(&g, &s, mv(&[])), "ep.move.nowhere");
    assert_eq!(refused(&g, &s, mv(&[(13.0, 18.0)])), "ep.move.nowhere");
    assert_eq!(refused(&g, &s, mv(&[(13.0, 18.5); 17])), "ep.move.waypoints");
    assert_eq!(refused(&g, &s, mv(&[(f32::INFINITY, 18.5)])), "ep.move.number");
}

#[test]
fn climbing_adds_each_height_climbed_once_and_coming_down_is_free() {
    // "A figure may move over terrain or onto terrain by adding the
    // terrain's height (in cm) to the distance of the movement. The height
    // that is added is the highest point of the terrain that the figure's
    // base must pass over to complete the movement action. The height is
    // only counted once when moving up onto the terrain. It does not count
    // as additional movement to move from the top of a piece of terrain
    // downward, closer to the play surface." Ruling P3: every climb up
    // onto a piece counts once; going down is free.
    let g = v26();
    let mut s = acting(&g, MIRA);
    let boulder = piece(&mut s, BOULDER, 14.0, 30.0, 0); // x 11–17, height 3
    let crate_ = piece(&mut s, CRATE, 22.0, 30.0, 0); // x 19.5–24.5, height 4
    put(&mut s, MIRA, 9.0, 30.0);
    // Onto the boulder: 6 cm + 3.
    let mut up = s.clone();
    let events = ok(&g, &mut up, mv(&[(15.0, 30.0)]));
    assert!(close(cost(&events), 9.0));
    assert_eq!(up.figures[MIRA as usize].on, Some(boulder));
    // Over the boulder, down, and up onto the crate: 12 cm + 3 + 4 = 19, too far.
    let r = g.check(&s, &mv(&[(21.0, 30.0)])).unwrap_err();
    assert_eq!(r.rule, "ep.move.too-far");
    assert!(r.reason.contains("7.0 cm climbing"), "{}", r.reason);
    // From the boulder, down to the floor between and up onto the crate:
    // the second climb is paid in full (7 cm + 4), not just the 1 cm rise.
    let mut from_boulder = s.clone();
    stand(&mut from_boulder, MIRA, 14.0, 30.0, boulder);
    let events = ok(&g, &mut from_boulder, mv(&[(21.0, 30.0)]));
    assert!(close(cost(&events), 11.0), "{}", cost(&events));
    assert_eq!(from_boulder.figures[MIRA as usize].on, Some(crate_));
    // Down from the crate: the path only.
    let events = ok(&g, &mut from_boulder, mv(&[(21.0, 20.0)]));
    assert!(close(cost(&events), 10.0));
    assert_eq!(from_boulder.figures[MIRA as usize].on, None);
    // A base that only touches a piece (ruling P1) does not climb it: the
    // boulder's top is at y = 33, Mira's base reaches down to 33.
    let mut along = s.clone();
    put(&mut along, MIRA, 9.0, 34.25);
    let events = ok(&g, &mut along, mv(&[(19.0, 34.25)]));
    assert!(close(cost(&events), 10.0));
}

#[test]
fn a_base_that_cannot_balance_may_not_stop_there() {
    // "Balancing on terrain - If a figure cannot balance on a piece of
    // terrain without falling off, then it cannot end its movement in that
    // location." Ruling P2: a base stands on a piece when its centre is on
    // it, and may not overhang any other piece.
    let g = v26();
    let mut s = acting(&g, MIRA);
    piece(&mut s, BOULDER, 13.5, 10.0, 0); // x 10.5–16.5
    let crate_ = piece(&mut s, CRATE, 20.0, 10.0, 0); // x 17.5–22.5
    put(&mut s, MIRA, 17.6, 18.0);
    // On the crate but hanging over the boulder.
    assert_eq!(refused(&g, &s, mv(&[(17.6, 10.0)])), "ep.terrain.balance");
    // On the ground, reaching onto the crate.
    put(&mut s, MIRA, 25.0, 18.0);
    assert_eq!(refused(&g, &s, mv(&[(23.5, 14.0), (23.5, 10.0)])), "ep.terrain.balance");
    // Overhanging the crate's outer edge into the air is fine.
    let events = ok(&g, &mut s, mv(&[(22.0, 10.0)]));
    assert!(events.iter().any(|e| matches!(e, Event::Moved { on: Some(c), .. } if *c == crate_)));
}

#[test]
fn enemy_bases_count_as_terrain_that_cannot_be_crossed() {
    // "For the purposes of movement, enemy bases are treated as terrain." —
    // "MOVEMENT EXAMPLE 2: Mira's base diameter is too large to fit between
    // a piece of terrain and an enemy figure's base thus the move cannot be
    // completed this way because enemy bases are treated as terrain."
    let g = v26();
    let mut s = acting(&g, MIRA);
    piece(&mut s, CRATE, 15.0, 24.0, 0); // y 21.5–26.5
    put(&mut s, MIRA, 10.0, 20.0);
    put(&mut s, GRAK, 15.0, 17.5); // y up to 19.1: a 2.4 cm gap for a 2.5 cm base
    assert_eq!(refused(&g, &s, mv(&[(20.0, 20.0)])), "ep.move.enemy-base");
    // Ruling P4: nor climbed over, whatever the budget.
    assert_eq!(refused(&g, &s, mv(&[(15.0, 17.5), (15.0, 12.0)])), "ep.move.enemy-base");
    // With the enemy half a centimetre further away the base fits.
    put(&mut s, GRAK, 15.0, 17.0);
    let events = ok(&g, &mut s, mv(&[(20.0, 20.0)]));
    assert!(close(cost(&events), 10.0));
}

#[test]
fn friendly_bases_may_be_passed_but_not_ended_on() {
    // "For the purposes of movement, enemy bases are treated as terrain."
    // Ruling P4: friendly bases are not; a move may pass through them but
    // not end overlapping any base.
    let g = v26();
    let mut s = acting(&g, MIRA);
    put(&mut s, MIRA, 10.0, 20.0);
    put(&mut s, BRAM, 15.0, 20.0);
    g.check(&s, &mv(&[(20.0, 20.0)])).unwrap();
    assert_eq!(refused(&g, &s, mv(&[(16.0, 20.0)])), "ep.move.end-on-base");
    // Ending in base contact is fine.
    ok(&g, &mut s, mv(&[(15.0, 23.75)]));
}

#[test]
fn a_base_stays_on_the_table_for_the_whole_move() {
    // Ruling P5: no part of the base may leave the 40 × 40 cm play area.
    let g = v26();
    let mut s = acting(&g, MIRA);
    put(&mut s, MIRA, 5.0, 10.0);
    assert_eq!(refused(&g, &s, mv(&[(1.0, 10.0)])), "ep.move.edge");
    assert_eq!(refused(&g, &s, mv(&[(5.0, 0.0), (5.0, 12.0)])), "ep.move.edge");
    ok(&g, &mut s, mv(&[(1.25, 10.0)]));
}

// -------------------------------------------------------------------- attack

#[test]
fn line_of_sight_is_blocked_by_terrain_and_enemy_bases_not_friends() {
    // "A figure is considered to be within line of sight if a straight line
    // can be drawn from any part of the attacking figure's base to any part
    // of the target figure's base without passing through terrain or enemy
    // bases."
    let g = v26();
    let mut s = acting(&g, MIRA);
    put(&mut s, MIRA, 10.0, 20.0);
    put(&mut s, SKIT, 20.0, 20.0);
    g.check(&s, &attack(SKIT, 1)).unwrap();
    // An enemy base in the way (Grak is wider than both).
    put(&mut s, GRAK, 14.0, 20.0);
    assert_eq!(refused(&g, &s, attack(SKIT, 1)), "ep.attack.sight");
    assert!(g.range_between(&s, MIRA, SKIT).is_none());
    // A friendly base does not block.
    put(&mut s, GRAK, 37.5, 2.5);
    put(&mut s, BRAM, 14.0, 20.0);
    g.check(&s, &attack(SKIT, 1)).unwrap();
    // Terrain does.
    let mut t = acting(&g, MIRA);
    put(&mut t, MIRA, 10.0, 20.0);
    put(&mut t, GRAK, 20.0, 20.0);
    piece(&mut t, WALL, 15.0, 20.0, 90);
    assert_eq!(refused(&g, &t, attack(GRAK, 1)), "ep.attack.sight");
}

#[test]
fn sight_is_judged_on_the_table_and_ignores_the_terrain_either_figure_stands_on() {
    // "The height of a figure's base should not be considered in
    // determining line of sight. Line of sight should be measured from where
    // a figure's base meets the play surface." — "Parts of terrain that
    // touch the play area are going to provide cover regardless of it's
    // height." Ruling P6: the pieces either figure stands on do not block.
    let g = v26();
    let mut s = acting(&g, MIRA);
    let crate_ = piece(&mut s, CRATE, 10.0, 20.0, 0); // x 7.5–12.5, height 4
    stand(&mut s, MIRA, 10.0, 20.0, crate_);
    put(&mut s, GRAK, 20.0, 20.0);
    // The line leaves Mira's crate: clear; range in 3D over the rise of 4.
    let range = g.range_between(&s, MIRA, GRAK).unwrap();
    assert!(close(range, (7.15f32 * 7.15 + 16.0).sqrt()), "{range}");
    // The target standing on a piece: that piece does not block either.
    let mut t = acting(&g, MIRA);
    let c2 = piece(&mut t, CRATE, 20.0, 20.0, 0);
    put(&mut t, MIRA, 10.0, 20.0);
    stand(&mut t, GRAK, 21.0, 20.0, c2);
    g.check(&t, &attack(GRAK, 1)).unwrap();
    // A 2 cm pillar between blocks Mira standing 4 cm up.
    piece(&mut s, PILLAR, 15.5, 20.0, 90);
    assert_eq!(refused(&g, &s, attack(GRAK, 1)), "ep.attack.sight");
}

#[test]
fn a_sight_line_grazing_terrain_within_the_tolerance_is_clear() {
    // Ruling P6: a line that passes within 0.05 cm inside an outline is
    // clear. Ruling P7: range is the shortest clear segment.
    let g = v26();
    let setup = |bottom: f32| {
        let mut s = acting(&g, MIRA);
        put(&mut s, MIRA, 10.0, 10.0);
        put(&mut s, SKIT, 20.0, 10.0);
        // The wall stands across the line, its lower end near y = 8.75,
        // where both bases reach down to.
        piece(&mut s, WALL, 15.0, bottom + 5.0, 90);
        s
    };
    let grazing = setup(8.72);
    let range = g.range_between(&grazing, MIRA, SKIT).unwrap();
    assert!((9.5..=10.05).contains(&range), "along the bottom tangent, not the 7.5 between centres: {range}");
    g.check(&grazing, &attack(SKIT, 1)).unwrap();
    let crossing = setup(8.65);
    assert_eq!(refused(&g, &crossing, attack(SKIT, 1)), "ep.attack.sight");
}

#[test]
fn range_is_measured_between_bases_and_in_three_dimensions_when_elevated() {
    // "A figure is considered to be in range if the straight line of sight
    // from the active figure's base to the target figure's base is within
    // the attacking figure's range spec. If one figure is elevated due to
    // being placed onto terrain then range is measured in three dimensions.
    // Example: if the target figure is 12 cm away from the attacking figure,
    // and the range of the attacking figure has a spec value of 15 then the
    // target figure would be in range."
    let g = v26();
    assert_eq!(g.stats()[MIRA as usize].range_cm, 15.0);
    let mut s = acting(&g, MIRA);
    put(&mut s, MIRA, 10.0, 20.0);
    let gap = |s: &mut State, cm: f32| put(s, GRAK, 10.0 + 1.25 + cm + 1.6, 20.0);
    gap(&mut s, 12.0);
    assert!(close(g.range_between(&s, MIRA, GRAK).unwrap(), 12.0));
    let mut hit = s.clone();
    let events = ok(&g, &mut hit, attack(GRAK, 1));
    assert!(events.iter().any(|e| matches!(e, Event::Attack { range, .. } if close(*range, 12.0))));
    gap(&mut s, 15.0);
    g.check(&s, &attack(GRAK, 1)).unwrap();
    gap(&mut s, 15.2);
    assert_eq!(refused(&g, &s, attack(GRAK, 1)), "ep.attack.range");
    // Mira on a 4 cm crate: 14.4 cm across is 14.95 cm in 3D, 14.6 is 15.14.
    let crate_ = piece(&mut s, CRATE, 10.0, 20.0, 0);
    stand(&mut s, MIRA, 10.0, 20.0, crate_);
    gap(&mut s, 14.4);
    g.check(&s, &attack(GRAK, 1)).unwrap();
    gap(&mut s, 14.6);
    assert_eq!(refused(&g, &s, attack(GRAK, 1)), "ep.attack.range");
    // Both at the same height: flat again.
    let c2 = piece(&mut s, CRATE, 28.0, 20.0, 0);
    stand(&mut s, GRAK, 10.0 + 1.25 + 14.6 + 1.6, 20.0, c2);
    g.check(&s, &attack(GRAK, 1)).unwrap();
}

#[test]
fn damage_is_the_sum_of_the_dice_unless_it_exceeds_force() {
    // "The amount of damage dealt is equal to the sum of the value of those
    // dice as long as it does not exceed the figure's force spec. If the sum
    // of the rolled result is greater than the attacking figure's force
    // value then the attack is considered a "miss" and no damage is dealt.
    // Example: the force value of an attacking figure is 7, the attacking
    // player chooses roll 2 D4. If anything other than both dice rolling a
    // "4" occurs then the attack has a value of the sum of both dice."
    let g = v26();
    let mut s = acting(&g, MIRA);
    put(&mut s, MIRA, 10.0, 20.0);
    put(&mut s, GRAK, 15.0, 20.0);
    ok(&g, &mut s, attack(GRAK, 2));
    assert!(matches!(s.pending.top(), Some(Frame::AttackRoll(a)) if a.dice.len() == 2));
    assert_eq!(g.to_move(&s), ToMove::Chance);
    assert_eq!(g.dice(&s).len(), 2);
    let events = roll(&g, &mut s, &[4, 4]);
    assert!(events.contains(&Event::Missed { sum: 8, force: 7 }));
    assert_eq!(s.figures[GRAK as usize].damage, 0);
    ok(&g, &mut s, attack(GRAK, 2));
    let events = roll(&g, &mut s, &[3, 4]);
    assert!(events.contains(&Event::Hit { target: GRAK, damage: 7 }));
    assert_eq!(s.figures[GRAK as usize].damage, 7);
    assert!(s.figures[GRAK as usize].on_table());
    // Ruling P9: 1–12 dice, any of D4–D12.
    assert_eq!(refused(&g, &s, Action::Attack { target: GRAK, dice: [0; 5] }), "ep.attack.dice");
    assert_eq!(refused(&g, &s, Action::Attack { target: GRAK, dice: [3, 3, 3, 3, 1] }), "ep.attack.dice");
    let mut big = s.clone();
    ok(&g, &mut big, Action::Attack { target: GRAK, dice: [0, 0, 0, 0, 12] });
    assert_eq!(g.dice(&big).len(), 12);
}

#[test]
fn a_figure_is_defeated_and_removed_when_its_damage_reaches_its_hit_points() {
    // "If a figure's damage is ever greater than or equal to its hit points
    // then it is defeated and removed from the play area." Ruling P18: with
    // its actions and its dice.
    let g = v26();
    let mut s = acting(&g, MIRA);
    put(&mut s, MIRA, 10.0, 20.0);
    put(&mut s, GRAK, 15.0, 20.0);
    s.figures[GRAK as usize].damage = 7;
    s.figures[GRAK as usize].dice.push(Die { sides: 10, value: 6 });
    ok(&g, &mut s, attack(GRAK, 1));
    let events = roll(&g, &mut s, &[1]);
    assert!(events.contains(&Event::Hit { target: GRAK, damage: 1 }));
    assert!(events.contains(&Event::Defeated { figure: GRAK }));
    let grak = &s.figures[GRAK as usize];
    assert!(grak.defeated && !grak.on_table());
    assert_eq!((grak.at, grak.actions), (None, 0));
    assert!(grak.dice.is_empty(), "its foraged dice go with it");
    assert_eq!(refused(&g, &s, attack(GRAK, 1)), "ep.attack.target");
    assert!(g.disc(&s, GRAK).is_none());
}

#[test]
fn a_standard_attack_may_target_any_other_figure() {
    // "Perform a standard attack against another figure within range."
    // Ruling P8: any other figure, one's own included.
    let g = v26();
    let mut s = acting(&g, MIRA);
    put(&mut s, MIRA, 10.0, 20.0);
    put(&mut s, BRAM, 15.0, 20.0);
    g.check(&s, &attack(BRAM, 1)).unwrap();
    assert_eq!(refused(&g, &s, attack(MIRA, 1)), "ep.attack.target");
    assert_eq!(refused(&g, &s, attack(40, 1)), "ep.attack.target");
}

// ----------------------------------------------------------------- prep tokens

#[test]
fn the_prepare_action_gains_a_prep_token() {
    // "When a figure takes a prepare action then the player controlling that
    // figure gains one Prep token"
    let g = v26();
    let mut s = acting(&g, SKIT);
    s.phase = Phase::Acting { figure: SKIT, used: 0, limit: u8::MAX };
    let events = ok(&g, &mut s, Action::Prepare);
    assert!(events.contains(&Event::Prepared { seat: P2 }));
    assert_eq!(s.prep, [0, 1]);
    assert_eq!(s.figures[SKIT as usize].actions, 2);
}

#[test]
fn leaders_start_with_two_prep_tokens() {
    // "Leader figures will only get two actions each game but begin the game
    // with two preparation (prep) tokens."
    let g = v26();
    let s = g.initial_state();
    assert_eq!(s.prep, [2, 0]);
    assert_eq!(s.figures[BRAM as usize].actions, 2);
    assert_eq!(s.figures[MIRA as usize].actions, 3);
    // Ossa is a Leader with L10 (two more).
    let g = shipped(Edition::V026, "lantern-pact", "tide-wardens");
    assert_eq!(g.initial_state().prep, [4, 0]);
}

/// Mira attacking Grak with two D4, P1 holding `tokens` prep tokens.
fn attack_rolled(g: &Ephemeral, tokens: u8, values: [u8; 2]) -> State {
    let mut s = acting(g, MIRA);
    put(&mut s, MIRA, 10.0, 20.0);
    put(&mut s, GRAK, 15.0, 20.0);
    s.prep = [tokens, 0];
    ok(g, &mut s, attack(GRAK, 2));
    roll(g, &mut s, &values);
    s
}

#[test]
fn a_prep_token_raises_or_lowers_a_rolled_die_by_two_within_its_faces() {
    // v0.26: "Increase or decrease a rolled die by 2 (to the die's max or min
    // value)". v0.20: "Increase a rolled die by 2 (to the die's maximum
    // value)".
    let g = v26();
    let mut s = attack_rolled(&g, 3, [3, 2]);
    assert!(matches!(s.pending.top(), Some(Frame::AttackDice(_))), "the attacker holds tokens: they decide");
    assert_eq!(g.to_move(&s), ToMove::Seat(P1));
    let events = ok(&g, &mut s, Action::Spend(PrepUse::Raise { die: 0 }));
    assert!(events.contains(&Event::Rolled { dice: vec![Die { sides: 4, value: 4 }, Die { sides: 4, value: 2 }] }));
    assert_eq!(refused(&g, &s, Action::Spend(PrepUse::Raise { die: 0 })), "ep.prep.max");
    assert_eq!(refused(&g, &s, Action::Spend(PrepUse::Raise { die: 2 })), "ep.prep.die");
    ok(&g, &mut s, Action::Spend(PrepUse::Lower { die: 1 }));
    assert!(matches!(s.pending.top(), Some(Frame::AttackDice(a)) if a.dice[1].value == 1), "2 − 2 stops at 1");
    assert_eq!(refused(&g, &s, Action::Spend(PrepUse::Lower { die: 1 })), "ep.prep.min");
    assert_eq!(s.prep, [1, 0]);
    // While the dice are on the table, tokens only change them.
    assert_eq!(refused(&g, &s, Action::Spend(PrepUse::Mend { figure: MIRA })), "ep.prep.when");
    let events = ok(&g, &mut s, Action::Resolve);
    assert!(events.contains(&Event::Hit { target: GRAK, damage: 5 }));
    // The last token spent resolves the attack at once.
    let mut s = attack_rolled(&g, 1, [4, 3]);
    let events = ok(&g, &mut s, Action::Spend(PrepUse::Lower { die: 0 }));
    assert!(events.contains(&Event::Hit { target: GRAK, damage: 5 }));
    // v0.20 has no lowering.
    let old = game(Edition::V020);
    let s = attack_rolled(&old, 2, [4, 4]);
    assert_eq!(refused(&old, &s, Action::Spend(PrepUse::Lower { die: 0 })), "ep.prep.lower");
    // Rolled dice are changed right after their roll, not otherwise.
    let s = acting(&g, MIRA);
    let mut s2 = s.clone();
    s2.prep = [1, 0];
    assert_eq!(refused(&g, &s2, Action::Spend(PrepUse::Raise { die: 0 })), "ep.prep.when");
    assert_eq!(refused(&g, &s, Action::Spend(PrepUse::Mend { figure: MIRA })), "ep.prep.none");
}

#[test]
fn a_prep_token_raises_a_foraged_die_of_ones_own_figure() {
    // "Increase the value of a foraged die by 2 (to the die's maximum
    // value)" — FAQ 1: "a player may never manipulate a foraged die under
    // their opponent's control."
    let g = v26();
    let mut s = acting(&g, MIRA);
    s.prep = [3, 3];
    s.figures[MIRA as usize].dice.push(Die { sides: 6, value: 3 });
    s.figures[GRAK as usize].dice.push(Die { sides: 10, value: 4 });
    let events = ok(&g, &mut s, Action::Spend(PrepUse::Forage { figure: MIRA, die: 0 }));
    assert!(events.contains(&Event::Spent { seat: P1, on: PrepUse::Forage { figure: MIRA, die: 0 } }));
    assert_eq!(s.figures[MIRA as usize].dice[0].value, 5);
    ok(&g, &mut s, Action::Spend(PrepUse::Forage { figure: MIRA, die: 0 }));
    assert_eq!(s.figures[MIRA as usize].dice[0].value, 6, "5 + 2 stops at 6");
    assert_eq!(refused(&g, &s, Action::Spend(PrepUse::Forage { figure: MIRA, die: 0 })), "ep.prep.max");
    assert_eq!(refused(&g, &s, Action::Spend(PrepUse::Forage { figure: MIRA, die: 1 })), "ep.prep.foraged");
    assert_eq!(refused(&g, &s, Action::Spend(PrepUse::Forage { figure: GRAK, die: 0 })), "ep.figure.enemy");
    // "Spending a Prep token does not count as a action."
    assert_eq!(s.phase, Phase::Acting { figure: MIRA, used: 0, limit: u8::MAX });
    assert_eq!(s.figures[MIRA as usize].actions, 3);
    assert_eq!(s.prep, [1, 3]);
}

#[test]
fn a_prep_token_moves_one_of_ones_figures_up_to_2_cm_by_the_move_rules() {
    // "Move any figure the player using the prep token controls by 2 cm"
    // Ruling P11: a move of at most 2 cm, by the move rules.
    let g = v26();
    let mut s = acting(&g, MIRA);
    s.prep = [4, 0];
    put(&mut s, BRAM, 20.0, 30.0);
    put(&mut s, GRAK, 25.6, 30.0); // 1.5 cm from Bram's base
    let nudge = |figure: u8, x: f32, y: f32| Action::Spend(PrepUse::Nudge { figure, to: p(x, y) });
    assert_eq!(refused(&g, &s, nudge(BRAM, 20.0, 32.1)), "ep.move.too-far");
    assert_eq!(refused(&g, &s, nudge(BRAM, 21.9, 30.0)), "ep.move.enemy-base");
    assert_eq!(refused(&g, &s, nudge(GRAK, 25.6, 31.0)), "ep.figure.enemy");
    // Any of one's figures, not only the active one.
    let events = ok(&g, &mut s, nudge(BRAM, 20.0, 32.0));
    assert!(close(cost(&events), 2.0));
    assert_eq!(s.figures[BRAM as usize].at, Some(p(20.0, 32.0)));
    assert_eq!(s.phase, Phase::Acting { figure: MIRA, used: 0, limit: u8::MAX });
    // Climbing counts against the 2 cm.
    let mut t = s.clone();
    piece(&mut t, PILLAR, 6.0, 2.0, 0); // x 2–10, y 0.75–3.25, height 2
    put(&mut t, MIRA, 6.0, 5.0);
    assert_eq!(refused(&g, &t, nudge(MIRA, 6.0, 3.0)), "ep.move.too-far");
}

#[test]
fn a_prep_token_removes_2_damage_from_ones_own_figure() {
    // v0.26: "Remove 2 damage from any figure" — with "Prep tokens can be
    // used at any time during a player's turn, on any figure they control."
    // Ruling P11: one's own figures.
    let g = v26();
    let mut s = acting(&g, MIRA);
    s.prep = [3, 0];
    s.figures[BRAM as usize].damage = 3;
    s.figures[GRAK as usize].damage = 3;
    ok(&g, &mut s, Action::Spend(PrepUse::Mend { figure: BRAM }));
    assert_eq!(s.figures[BRAM as usize].damage, 1);
    ok(&g, &mut s, Action::Spend(PrepUse::Mend { figure: BRAM }));
    assert_eq!(s.figures[BRAM as usize].damage, 0);
    assert_eq!(refused(&g, &s, Action::Spend(PrepUse::Mend { figure: BRAM })), "ep.prep.mend");
    assert_eq!(refused(&g, &s, Action::Spend(PrepUse::Mend { figure: GRAK })), "ep.figure.enemy");
    assert_eq!(refused(&g, &s, Action::Spend(PrepUse::Mend { figure: 12 })), "ep.figure.none");
}

#[test]
fn a_prep_token_adds_5_cm_to_the_next_attack_only() {
    // v0.26: "Increase a figure's attack range by 5cm on its next attack".
    // v0.20: "Increase a figure's attack range by 1 on their next attack" —
    // one range spec point, which is 5 cm.
    for edition in Edition::ALL {
        let g = game(edition);
        let mut s = acting(&g, MIRA);
        s.prep = [2, 0];
        put(&mut s, MIRA, 10.0, 20.0);
        put(&mut s, GRAK, 10.0 + 1.25 + 17.0 + 1.6, 20.0); // 17 cm away
        assert_eq!(refused(&g, &s, attack(GRAK, 1)), "ep.attack.range");
        ok(&g, &mut s, Action::Spend(PrepUse::Reach { figure: MIRA }));
        assert_eq!(s.effects.total(MIRA, |k| *k == Fx::Reach), 5);
        assert_eq!(g.attack_range(&s, MIRA), 20.0);
        ok(&g, &mut s, attack(GRAK, 1));
        assert_eq!(s.effects.total(MIRA, |k| *k == Fx::Reach), 0, "{edition}: used up by the attack");
        let mut events = Vec::new();
        g.apply(&mut s, &Decision::Roll(Roll::from_values(&[1]).unwrap()), &mut events).unwrap();
        ok(&g, &mut s, Action::Resolve);
        assert_eq!(refused(&g, &s, attack(GRAK, 1)), "ep.attack.range");
        assert_eq!(refused(&g, &s, Action::Spend(PrepUse::Reach { figure: GRAK })), "ep.figure.enemy");
    }
}

// ------------------------------------------------------------------- scoring

/// The game over, the gate at (20, 20), every figure away from it.
fn over(g: &Ephemeral) -> State {
    let mut s = table(g);
    s.gate = Some(p(20.0, 20.0));
    for f in &mut s.figures {
        f.actions = 0;
    }
    s.phase = Phase::Over;
    s
}

// Touching the gate (radius 4.5 at (20, 20)), gap 0.
fn on_gate(s: &mut State, figure: u8) {
    match figure {
        MIRA => put(s, MIRA, 25.75, 20.0),
        BRAM => put(s, BRAM, 20.0, 27.0),
        GRAK => put(s, GRAK, 13.9, 20.0),
        _ => put(s, SKIT, 20.0, 14.25),
    }
}

#[test]
fn the_player_with_the_most_figures_touching_the_gate_wins() {
    // "the winner of the game is the player with the highest number of
    // figures whose bases are touching the gate."
    let g = v26();
    let mut s = over(&g);
    on_gate(&mut s, MIRA);
    on_gate(&mut s, GRAK);
    on_gate(&mut s, SKIT);
    assert_eq!(g.score(&s), ([1, 2], [31, 46], Some(P2)));
    assert_eq!(g.outcome(&s).unwrap().kind, OutcomeKind::Win(vec![P2]));
    // Words for people, not "figure(s)": a table names the players for "P1", "P2".
    assert_eq!(g.outcome(&s).unwrap().reason, "P2 has 2 figures touching the gate, against 1");
    assert_eq!((g.returns(&s, P1), g.returns(&s, P2)), (-1.0, 1.0));
    // Ruling P1: touching is a gap of at most 0.05 cm; overlapping counts.
    put(&mut s, MIRA, 25.79, 20.0);
    assert_eq!(g.score(&s).0, [1, 2]);
    put(&mut s, MIRA, 25.81, 20.0);
    assert_eq!(g.score(&s).0, [0, 2]);
    put(&mut s, MIRA, 20.0, 20.0);
    assert_eq!(g.score(&s).0, [1, 2]);
}

#[test]
fn equal_counts_are_decided_by_the_spec_points_of_the_figures_touching() {
    // "If players have the same number of figure's touching the gate then
    // the player whose figure's spec points added together is the highest is
    // the winner." Ruling P16: the points of the figures touching the gate.
    let g = v26();
    let mut s = over(&g);
    on_gate(&mut s, MIRA); // 31
    on_gate(&mut s, GRAK); // 29
    assert_eq!(g.score(&s), ([1, 1], [31, 29], Some(P1)));
    // Bram (23) against Grak (29): P2 wins, though the Elves' whole set is
    // worth more (54 against 46).
    let mut s = over(&g);
    on_gate(&mut s, BRAM);
    on_gate(&mut s, GRAK);
    assert_eq!(g.score(&s), ([1, 1], [23, 29], Some(P2)));
    assert!(g.outcome(&s).unwrap().reason.contains("spec points"));
    // Equal points: a draw.
    let g = shipped(Edition::V026, "lantern-pact", "lantern-pact");
    let mut s = over(&g);
    for f in &mut s.figures {
        f.at = None;
    }
    put(&mut s, 0, 20.0, 27.0); // P1's Ossa
    put(&mut s, 2, 20.0, 13.0); // P2's Ossa
    let (touching, points, winner) = g.score(&s);
    assert_eq!((touching, winner), ([1, 1], None));
    assert_eq!(points[0], points[1]);
    assert_eq!(g.outcome(&s).unwrap().kind, OutcomeKind::Draw);
    assert_eq!(g.returns(&s, P1), 0.0);
}

/// The tracker beside a real table shows the gate score if the game ended
/// now: the same count, points, winner and words as the end of the game
/// gives, at any moment of play.
#[test]
fn the_live_gate_score_is_the_end_of_game_score_as_it_stands() {
    let g = v26();
    let mut s = over(&g);
    s.phase = Phase::ChooseFirst; // mid-game: no outcome yet, the score still reads
    let live = g.gate_score(&s);
    assert_eq!((live.touching, live.points, live.leader), ([0, 0], [0, 0], None));
    assert_eq!(live.words, "no figure touches the gate: nobody wins");
    on_gate(&mut s, MIRA);
    on_gate(&mut s, GRAK);
    on_gate(&mut s, SKIT);
    let live = g.gate_score(&s);
    assert_eq!((live.touching, live.points, live.leader), ([1, 2], [31, 46], Some(1)));
    assert_eq!(live.words, "P2 has 2 figures touching the gate, against 1");
    assert_eq!(g.outcome(&s), None, "the game is not over");
    // Ended now, the outcome says the same.
    s.phase = Phase::Over;
    assert_eq!(g.outcome(&s).unwrap().reason, live.words);
    // The tracker's JSON (Entry::tracker) carries it as `gate`.
    let json = arbiter_core::Entry::tracker(&g, &s).unwrap();
    assert_eq!(json["gate"]["touching"], serde_json::json!([1, 2]));
    assert_eq!(json["gate"]["leader"], 1);
    // Equal counts go to the spec points of the figures touching.
    let mut s = over(&g);
    on_gate(&mut s, MIRA);
    on_gate(&mut s, GRAK);
    assert_eq!(g.gate_score(&s).leader, Some(0));
    assert!(g.gate_score(&s).words.contains("31 spec points against 29"), "{}", g.gate_score(&s).words);
}

#[test]
fn nobody_wins_when_no_figure_touches_the_gate() {
    // "If neither player has any figures touching the gate at the end of the
    // game then neither player is the winner."
    let g = v26();
    let s = over(&g);
    assert_eq!(g.score(&s), ([0, 0], [0, 0], None));
    let outcome = g.outcome(&s).unwrap();
    assert_eq!(outcome.kind, OutcomeKind::Draw);
    assert!(outcome.reason.contains("nobody wins"));
}

#[test]
fn only_a_base_on_the_table_touches_the_flat_gate() {
    // "the player with the highest number of figures whose bases are
    // touching the gate" — "A Gate - 9cm flat circle." Ruling P17: the gate
    // lies flat on the table; a figure standing on terrain beside it, its
    // base reaching over the gate's edge 3 cm up, does not touch it. On the
    // table, a base touches it when it reaches the gate's circle.
    let g = v26();
    let mut s = over(&g);
    let boulder = piece(&mut s, BOULDER, 20.0, 30.0, 0); // 2.5 cm from the gate
    stand(&mut s, BRAM, 20.0, 27.0, boulder); // 3 cm up, its base over the gate's edge
    assert_eq!(g.score(&s), ([0, 0], [0, 0], None));
    put(&mut s, BRAM, 20.0, 23.0); // on the table, 0.5 cm over the gate's edge
    assert_eq!(g.score(&s), ([1, 0], [23, 0], Some(P1)));
}

#[test]
fn the_gate_is_flat_and_blocks_neither_movement_nor_sight() {
    // "A Gate - 9cm flat circle." — "The gate is treated as a piece of
    // terrain for purposes of placement." Ruling P22: only for placement.
    let g = v26();
    let mut s = acting(&g, MIRA);
    s.gate = Some(p(20.0, 20.0));
    put(&mut s, MIRA, 10.0, 20.0);
    put(&mut s, GRAK, 30.0, 20.0);
    // Sight across the gate is clear: range is the gap between the bases.
    assert!(close(g.range_between(&s, MIRA, GRAK).unwrap(), 20.0 - 1.25 - 1.6));
    // A move across it costs its length alone, and a move may end on it.
    let mut across = s.clone();
    let events = ok(&g, &mut across, mv(&[(20.0, 20.0), (20.0, 26.0)]));
    assert!(close(cost(&events), 16.0));
    let events = ok(&g, &mut s, mv(&[(20.0, 20.0)]));
    assert!(events.iter().any(|e| matches!(e, Event::Moved { on: None, .. })));
    assert_eq!(g.score(&s).0, [1, 0]);
}

// ----------------------------------------------------------------- abilities

#[test]
fn using_an_ability_is_an_action_that_needs_its_die_and_its_moment() {
    // "The following actions are available to a figure during their
    // activation: Move, Attack, Prepare, Use An Ability." — "To perform an
    // ability, remove any dice from the figure that are required by the
    // ability". Ruling P21.
    let g = v26();
    let s = acting(&g, MIRA);
    let use_ = |slot, aim| Action::Ability(Use { figure: MIRA, slot, die: None, aim, tokens: 0 });
    let at_grak = || Aim::Figures([GRAK].into_iter().collect());
    assert_eq!(refused(&g, &s, use_(0, at_grak())), "ep.ability.no-die", "Long Bow needs a foraged D6");
    assert_eq!(refused(&g, &s, use_(1, Aim::Nothing)), "ep.ability.when", "Flaming Arrow follows a standard attack");
    assert_eq!(refused(&g, &s, use_(2, Aim::Nothing)), "ep.ability.none");
    let s = acting(&g, BRAM);
    assert_eq!(
        refused(&g, &s, Action::Ability(Use { figure: BRAM, slot: 0, die: None, aim: Aim::Nothing, tokens: 0 })),
        "ep.ability.none"
    );
}

#[test]
fn the_catalogue_rulings_d7_deals_the_rolled_die_and_d10_sprays_within_5_cm() {
    // Builder rulings: D7's card image says "Force + [(D8)]" but the builder
    // text deals the rolled die; D10 gives no spray range, and D2's 5 cm is
    // used.
    let c = Catalogue::standard().unwrap();
    let d7 = c.get("D7").unwrap();
    assert_eq!(d7.params.damage.unwrap().to_string(), "die");
    assert_eq!(d7.params.damage.unwrap().amount(6, 8), 8);
    let d10 = c.get("D10").unwrap();
    let spray = d10.params.spray.unwrap();
    assert_eq!((spray.damage, spray.range_cm, spray.per_prep_token), (2, 5, true));
}

// ------------------------------------------------------------ measurements

#[test]
fn measuring_answers_with_the_rules_own_checks_and_changes_nothing() {
    // Companion mode (docs/api.md): players who move real figures ask the
    // table what the rules say; every answer is the check a decision gets
    // (and `measure` reads the state only: it takes `&State`).
    use arbiter_ephemeral::measure::Spot;
    let g = v26();
    let mut s = acting(&g, MIRA);
    put(&mut s, MIRA, 10.0, 20.0);
    put(&mut s, GRAK, 10.0 + 1.25 + 15.2 + 1.6, 20.0);
    let spot = |s: &State, t: &str| g.spot(s, t).unwrap();
    // Out of range by 0.2 cm: the attack's own refusal, cited.
    let m = g.measure(&s, spot(&s, "a"), spot(&s, "#2"));
    let sight = m.sight.as_ref().unwrap();
    assert!(sight.clear && close(sight.range_cm.unwrap(), 15.2) && close(sight.reach_cm, 15.0));
    assert!(!sight.may_attack);
    assert_eq!(sight.refusal.as_ref().unwrap().rule, refused(&g, &s, attack(GRAK, 1)));
    assert!(close(m.edge_cm, 15.2) && !m.contact, "{m:?}");
    let targets = g.targets_of(&s, MIRA);
    assert!(targets.iter().any(|t| t.figure == GRAK && t.refusal.as_ref().unwrap().rule == "ep.attack.range"));
    // In range: allowed, as the attack is.
    put(&mut s, GRAK, 10.0 + 1.25 + 12.0 + 1.6, 20.0);
    let m = g.measure(&s, spot(&s, "a"), spot(&s, "#2"));
    assert!(m.sight.as_ref().unwrap().may_attack && m.sight.as_ref().unwrap().refusal.is_none());
    g.check(&s, &attack(GRAK, 1)).unwrap();
    // A straight move: its cost as the move's, or the move's refusal.
    let m = g.measure(&s, spot(&s, "a"), Spot::Point(p(10.0, 28.0)));
    let mv_ok = m.straight_move.unwrap();
    assert!(mv_ok.allowed && close(mv_ok.budget_cm, 16.0));
    assert!(close(mv_ok.cost_cm.unwrap(), cost(&ok(&g, &mut s.clone(), mv(&[(10.0, 28.0)])))));
    let m = g.measure(&s, spot(&s, "a"), spot(&s, "(10,39)"));
    let far = m.straight_move.unwrap();
    assert!(!far.allowed && far.cost_cm.is_none());
    assert_eq!(far.refusal.unwrap().rule, refused(&g, &s, mv(&[(10.0, 39.0)])));
    // The gate: touching it or not, as the score counts.
    put(&mut s, MIRA, 30.5 + 4.5 + 1.25, 30.5);
    let m = g.measure(&s, spot(&s, "a"), spot(&s, "gate"));
    assert_eq!(m.touches_gate, Some(g.touches_gate(&s, MIRA)));
    assert_eq!(m.touches_gate, Some(true));
    put(&mut s, MIRA, 10.0, 20.0);
    assert_eq!(g.measure(&s, spot(&s, "gate"), spot(&s, "a")).touches_gate, Some(false));
    // Spots that do not read say why.
    assert!(g.spot(&s, "#9").unwrap_err().contains("no figure"));
    assert!(g.spot(&s, "zz").is_err());
    assert!(g.spot(&s, "1,2,3").is_err());
    s.gate = None;
    assert_eq!(g.spot(&s, "gate").unwrap_err(), "the gate is not placed yet");
}
