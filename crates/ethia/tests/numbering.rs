//! Skirmish's and Battle's fixed action numbers and observation tensor
//! (`crates/ethia/src/numbering.rs`): every legal action has a number of
//! its own, on every board and player count, and the tensor shows the
//! position.
#![allow(clippy::unwrap_used, clippy::panic)]

use arbiter_core::conformance::{Checks, Report, play_checked, random_config};
use arbiter_core::{Entry, Game, Record, check_numbering};
use arbiter_ethia::{Action, Deployment, Ethia, Mode, Phase, UnitKind, Variant, WallOption};

fn game(mode: Mode, seats: usize, walls: Option<WallOption>, deployment: Deployment) -> Ethia {
    Ethia::new(Variant { mode, walls, deployment, round_limit: 30, ..Variant::default() }, seats).unwrap()
}

#[test]
fn skirmish_has_4486_numbers_and_battle_17158() {
    let skirmish = game(Mode::Skirmish, 2, None, Deployment::Free);
    let battle = game(Mode::Battle, 2, None, Deployment::Free);
    assert_eq!(skirmish.num_distinct_actions(), Some(3 + 128 + 2 + 128 + 64 + 64 + 64 * 64 + 1));
    assert_eq!(battle.num_distinct_actions(), Some(17_158));
    assert_eq!(skirmish.observation_tensor_shape(), Some(vec![39, 8, 8]));
    assert_eq!(battle.observation_tensor_shape(), Some(vec![39, 16, 8]));
    // The first and the last numbers.
    assert_eq!(skirmish.action_index(&Action::ChooseWalls(WallOption::Fixed)), Some(0));
    assert_eq!(skirmish.action_index(&Action::EndTurn), Some(4485));
    assert_eq!(battle.action_index(&Action::EndTurn), Some(17_157));
}

/// Every state of random games on both boards, with 2, 3 and 4 players,
/// every wall option and both deployments: each legal action has its own
/// number below the count, and each seat's tensor has its size.
#[test]
fn every_legal_action_has_a_number_of_its_own_in_random_games() {
    let mut report = Report::default();
    let checks = Checks { deep_one_in: 1000, seed_check_one_in: 0, ..Checks::default() };
    for mode in [Mode::Skirmish, Mode::Battle] {
        for seats in [2, 3, 4] {
            for walls in [None, Some(WallOption::Standard), Some(WallOption::Custom)] {
                for deployment in [Deployment::Free, Deployment::Standard] {
                    let g = game(mode, seats, walls, deployment);
                    let mut record = Record::new(random_config(&g, seats as u64));
                    play_checked(&g, &checks, &mut record, &mut report, &mut |s, _| check_numbering(&g, s))
                        .unwrap_or_else(|e| panic!("{mode:?} {seats} {walls:?} {deployment:?}: {e}"));
                }
            }
        }
    }
    assert!(report.decisions > 10_000, "{report:?}");
}

/// A number names one action: the legal action it came from.
#[test]
fn a_number_gives_back_its_action() {
    let g = game(Mode::Skirmish, 2, Some(WallOption::Standard), Deployment::Free);
    let mut state = g.initial_state();
    let mut list = Vec::new();
    let mut seen = 0;
    for step in 0..400u64 {
        if g.to_move(&state) == arbiter_core::ToMove::Over {
            break;
        }
        if g.to_move(&state) == arbiter_core::ToMove::Chance {
            let roll = arbiter_core::SeededDice::new(step).roll_now(&g.dice(&state));
            g.apply(&mut state, &arbiter_core::Decision::Roll(roll), &mut arbiter_core::Discard).unwrap();
            continue;
        }
        list.clear();
        g.legal_actions(&state, &mut list);
        for a in &list {
            let n = g.action_index(a).unwrap();
            let back: Vec<&Action> = list.iter().filter(|b| g.action_index(b) == Some(n)).collect();
            assert_eq!(back, vec![a], "{n}");
            seen += 1;
        }
        let pick = list[(step as usize * 7) % list.len()];
        g.apply(&mut state, &arbiter_core::Decision::Act(pick), &mut arbiter_core::Discard).unwrap();
    }
    assert!(seen > 100);
}

/// The leader plane shows the leader where it was placed, and the phase
/// plane says it is deployment.
#[test]
fn the_tensor_shows_a_placed_leader_and_the_phase() {
    let g = game(Mode::Skirmish, 2, Some(WallOption::Fixed), Deployment::Free);
    let mut state = g.initial_state();
    let mut list = Vec::new();
    let mut step = 0u64;
    while !matches!(state.phase, Phase::Deploy { .. }) {
        if g.to_move(&state) == arbiter_core::ToMove::Chance {
            let roll = arbiter_core::SeededDice::new(step).roll_now(&g.dice(&state));
            g.apply(&mut state, &arbiter_core::Decision::Roll(roll), &mut arbiter_core::Discard).unwrap();
        } else {
            list.clear();
            g.legal_actions(&state, &mut list);
            g.apply(&mut state, &arbiter_core::Decision::Act(list[0]), &mut arbiter_core::Discard).unwrap();
        }
        step += 1;
    }
    list.clear();
    g.legal_actions(&state, &mut list);
    let at = list
        .iter()
        .find_map(|a| match a {
            Action::Deploy { kind: UnitKind::Leader, at } => Some(*at),
            _ => None,
        })
        .expect("the leader is placed first");
    g.apply(
        &mut state,
        &arbiter_core::Decision::Act(Action::Deploy { kind: UnitKind::Leader, at }),
        &mut arbiter_core::Discard,
    )
    .unwrap();
    let army = state.armies.iter().position(|a| a.leader == Some(at)).unwrap();
    let t = g.observation_tensor(&state).unwrap();
    let plane = |p: usize| &t[p * 64..(p + 1) * 64];
    let leaders = plane(3 + army);
    assert_eq!(leaders[at.index()], 1.0);
    assert_eq!(leaders.iter().sum::<f32>(), 1.0, "one leader on the board");
    assert!(plane(27 + 4).iter().all(|v| *v == 1.0), "the deployment phase plane");
    assert!(plane(27 + 7).iter().all(|v| *v == 0.0), "not the act phase");
}
