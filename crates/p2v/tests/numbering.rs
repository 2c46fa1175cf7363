//! Path 2 Victory's fixed action numbers and observation tensor
//! (`src/play/numbering.rs`, `src/play/tensor.rs`): every legal action has
//! a number of its own below the count on every shipped map and with
//! warbands of every kind, a number gives back its action, and the tensor
//! shows where creatures and objectives stand.
#![allow(clippy::unwrap_used, clippy::panic)]

use arbiter_core::conformance::{Checks, Report, play_checked, random_config};
use arbiter_core::{Decision, Discard, Entry, Game, Record, SeededDice, ToMove, Viewer, check_numbering};
use arbiter_geometry::battle::Space;
use arbiter_p2v::play::action::Aim;
use arbiter_p2v::play::state::{Life, Phase};
use arbiter_p2v::play::tensor::PLANES;
use arbiter_p2v::play::{Action, P2v, State, Variant};
use std::collections::BTreeSet;

const MAPS: [&str; 3] = ["ruined-crossroads", "river-ford", "broken-hills"];

fn game(a: &str, b: &str, map: &str) -> P2v {
    let v = Variant {
        warbands: vec![Variant::warband_file(a).unwrap(), Variant::warband_file(b).unwrap()],
        map: map.to_string(),
        ..Variant::default()
    };
    P2v::new(v, 2).unwrap()
}

/// The kind of an action, with the aim of a power, for counting what random
/// games offered.
fn kind(a: &Action) -> String {
    match a {
        Action::Use { aim, .. } => match aim {
            Aim::Here => "use here",
            Aim::Creature { .. } => "use creature",
            Aim::Cone { .. } => "use cone",
            Aim::Square { .. } => "use square",
            Aim::Line { .. } => "use line",
        }
        .to_string(),
        other => serde_json::to_value(other).unwrap()["act"].as_str().unwrap().to_string(),
    }
}

/// The counts the module documentation states, and the tensor's shape.
#[test]
fn the_shipped_maps_have_their_counts_and_shapes() {
    let counts: Vec<usize> = MAPS
        .iter()
        .map(|map| {
            let g = P2v::new(Variant { map: map.to_string(), ..Variant::default() }, 2).unwrap();
            let b = g.bounds();
            eprintln!("{map}: {} numbers, {b:?}, tensor {:?}", g.action_count(), g.tensor_shape());
            assert_eq!(g.num_distinct_actions(), Some(g.action_count()));
            assert_eq!(g.observation_tensor_shape(), Some(vec![PLANES, b.height, b.width]));
            g.action_count()
        })
        .collect();
    assert_eq!(counts, [19_245, 37_823, 74_975]);
    for (a, b) in [("oni-tyrant", "beasts-of-the-vale"), ("scuttling-horde", "soothsayers-circle")] {
        for map in MAPS {
            let g = game(a, b, map);
            eprintln!("{a} v {b} on {map}: {} numbers", g.action_count());
            assert!(g.action_count() < 1_000_000, "{a} v {b} on {map}: {}", g.action_count());
        }
    }
}

/// Random games on every shipped map with warbands of every kind (large
/// creatures, cones, lines, teleports, doors): at every state each legal
/// action has a number of its own below the count and each seat's tensor
/// has its size and finite values ≥ 0 (`check_numbering`); the games
/// offered every kind of action and aim but lines (the one power aimed as
/// a line, the Stormdrinker's Lightning Blast, is in no shipped warband and
/// works only while quickened: the unit tests of `numbering.rs` number
/// every line aim).
#[test]
fn every_legal_action_has_a_number_of_its_own_in_random_games() {
    let pairs = [
        ("old-wood-brawlers", "briar-skirmishers"),
        ("scuttling-horde", "soothsayers-circle"),
        ("thornwood-raiders", "kobold-ambush"),
        ("oni-tyrant", "beasts-of-the-vale"),
    ];
    let checks = Checks { deep_one_in: 1000, seed_check_one_in: 0, ..Checks::default() };
    let mut report = Report::default();
    let mut kinds = BTreeSet::new();
    let mut list = Vec::new();
    for (k, map) in MAPS.iter().enumerate() {
        for (a, b) in pairs {
            let g = game(a, b, map);
            for seed in 0..2 {
                let mut record = Record::new(random_config(&g, seed + 10 * k as u64));
                play_checked(&g, &checks, &mut record, &mut report, &mut |s: &State, _| {
                    list.clear();
                    g.legal_actions(s, &mut list);
                    kinds.extend(list.iter().map(kind));
                    check_numbering(&g, s)
                })
                .unwrap_or_else(|e| panic!("{a} v {b} on {map}, seed {seed}: {e}"));
            }
        }
    }
    eprintln!("{} decisions; kinds offered: {kinds:?}", report.decisions);
    for k in [
        "objective",
        "zone",
        "place",
        "activate",
        "stride",
        "step",
        "leap",
        "strike",
        "shove",
        "door",
        "line",
        "end",
        "use here",
        "use creature",
        "use cone",
        "use square",
    ] {
        assert!(kinds.contains(k), "{k} never offered: {kinds:?}");
    }
    assert!(report.decisions > 5_000, "{report:?}");
}

/// Plays a game by `pick` among the legal actions until `stop` holds.
fn play_until(g: &P2v, seed: u64, stop: impl Fn(&State) -> bool, mut pick: impl FnMut(&[Action]) -> Action) -> State {
    let mut s = g.initial_state();
    let mut dice = SeededDice::new(seed);
    let mut list = Vec::new();
    for _ in 0..20_000 {
        if stop(&s) {
            return s;
        }
        let d = match g.to_move(&s) {
            ToMove::Over => break,
            ToMove::Chance => Decision::Roll(dice.roll_now(&g.dice(&s))),
            _ => {
                list.clear();
                g.legal_actions(&s, &mut list);
                Decision::Act(pick(&list))
            }
        };
        g.apply(&mut s, &d, &mut Discard).unwrap();
    }
    panic!("the game never reached the state looked for");
}

/// A number names one action: the legal action it came from, in every
/// state of a game up to its turns.
#[test]
fn a_number_gives_back_its_action() {
    let g = game("thornwood-raiders", "kobold-ambush", "ruined-crossroads");
    let mut step = 0usize;
    play_until(
        &g,
        5,
        |s| s.round >= 3,
        |list| {
            for a in list {
                let n = g.action_index(a).unwrap();
                let back: Vec<&Action> = list.iter().filter(|b| g.action_index(b) == Some(n)).collect();
                assert_eq!(back, vec![a], "{n}");
            }
            step += 1;
            list[(step * 7) % list.len()]
        },
    );
    assert!(step > 50, "{step} decisions checked");
}

/// The tensor shows each creature on every square of its space, in its
/// side's plane, with its HP, and the objectives where they stand; the
/// game keeps no secrets, so both seats see the same numbers.
#[test]
fn the_tensor_shows_creatures_and_objectives_where_they_stand() {
    let g = game("oni-tyrant", "beasts-of-the-vale", "river-ford");
    let s = play_until(&g, 3, |s| matches!(s.phase, Phase::Turn(_)), |list| list[list.len() / 2]);
    let [planes, h, w] = g.tensor_shape();
    assert_eq!(planes, PLANES);
    let area = h * w;
    let t = g.tensor(&s);
    assert_eq!(t.len(), PLANES * area);
    let at = |plane: usize, file: i32, rank: i32| t[plane * area + rank as usize * w + file as usize];
    let mut squares = [0usize; 2];
    for (i, c) in s.creatures.iter().enumerate() {
        let p = g.profile(i).unwrap();
        let side = usize::from(p.team);
        assert_eq!(c.life, Life::Up, "everyone is deployed at the first turn");
        let space = Space::new(c.at.unwrap(), p.size.side());
        for q in space.squares().iter() {
            assert_eq!(at(28 + side, q.file(), q.rank()), 1.0, "{} on its squares", p.name);
            assert_eq!(at(29 - side, q.file(), q.rank()), 0.0, "not the other side's");
            assert_eq!(at(30, q.file(), q.rank()), 1.0, "at full HP");
            squares[side] += 1;
        }
        if s.active() == Some(i as u8) {
            assert_eq!(at(48, space.anchor().file(), space.anchor().rank()), 1.0, "the active creature");
        }
    }
    let plane_sum = |p: usize| t[p * area..(p + 1) * area].iter().sum::<f32>();
    assert_eq!(plane_sum(28), squares[0] as f32, "P1's plane holds P1's spaces only");
    assert_eq!(plane_sum(29), squares[1] as f32, "P2's plane holds P2's spaces only");
    assert!(!s.objectives.is_empty());
    for o in &s.objectives {
        assert_eq!(at(24, o.square.file(), o.square.rank()), 1.0, "an objective no one holds");
        assert_eq!(at(14, o.square.file(), o.square.rank()), 1.0, "the objective trait");
    }
    assert_eq!(plane_sum(24), s.objectives.len() as f32);
    // The turn's phase plane and the seat to decide, constant.
    assert!(t[64 * area..65 * area].iter().all(|v| *v == 1.0), "a turn");
    let seat = match g.to_move(&s) {
        ToMove::Seat(seat) => seat.index(),
        other => panic!("{other:?}"),
    };
    assert!(t[(52 + seat) * area..(53 + seat) * area].iter().all(|v| *v == 1.0));
    assert!(t[(53 - seat) * area..(54 - seat) * area].iter().all(|v| *v == 0.0));
    // Both seats observe everything, so their tensors agree.
    let seats: Vec<Vec<f32>> =
        (0..2).map(|k| g.observation_tensor(&g.observe(&s, Viewer::Seat(arbiter_core::Seat(k)))).unwrap()).collect();
    assert_eq!(seats[0], t);
    assert_eq!(seats[1], t);
}
