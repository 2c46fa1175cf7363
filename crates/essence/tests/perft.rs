//! Perft: decision sequences and distinct positions, pinned. Depth-1 counts
//! are also recomputed by brute force — every expressible action filtered by
//! the validator, independently of the move generator — so the pinned numbers
//! are not merely what the generator happened to produce.

#![allow(clippy::unwrap_used, clippy::panic)]

use arbiter_core::{Discard, Game, ToMove};
use arbiter_essence::perft::{Perft, perft};
use arbiter_essence::{Action, Dir, Essence, Phase, Square, State, Variant};
use std::collections::HashSet;

fn game(v: &str) -> Essence {
    Essence::new(Variant::parse(v).unwrap(), 2).unwrap()
}

/// Every action the notation can express on a 5×5 board, except spins, which
/// are every subset of the board's motes.
fn every_action(s: &State) -> Vec<Action> {
    let sqs: Vec<Square> = (0u8..25).map(Square).collect();
    let mut v = vec![Action::Pass];
    for &a in &sqs {
        v.push(Action::Grow(a));
        v.push(Action::Shift(a));
        v.push(Action::Summon(a));
        for amount in 1..=6 {
            v.push(Action::Destabilize { at: a, amount });
        }
        for &b in &sqs {
            v.push(Action::Split { from: a, to: b });
            for amount in 1..=6 {
                v.push(Action::Heal { from: a, to: b, amount });
            }
            for d in Dir::ALL {
                v.push(Action::Move { from: a, to: b, dir: Some(d) });
            }
        }
    }
    let motes = s.all_motes();
    let mut sub = 0u32;
    loop {
        v.push(Action::Spin(sub));
        sub = sub.wrapping_sub(motes) & motes;
        if sub == 0 {
            break;
        }
    }
    v
}

fn brute(g: &Essence, s: &State, turn: u16, seen: &mut HashSet<String>) -> u64 {
    if s.turn() != turn || g.to_move(s) == ToMove::Over {
        seen.insert(s.to_string());
        return 1;
    }
    let mut total = 0;
    for a in every_action(s) {
        if g.check(s, &a).is_ok() {
            let mut next = s.clone();
            g.apply_action(&mut next, &a, &mut Discard).unwrap();
            total += brute(g, &next, turn, seen);
        }
    }
    total
}

fn brute_perft1(g: &Essence, s: &State) -> Perft {
    let mut seen = HashSet::new();
    let sequences = brute(g, s, s.turn(), &mut seen);
    Perft { sequences, positions: seen.len() as u64 }
}

#[test]
fn perft_from_the_start_of_every_variant() {
    let cases = [
        ("standard", 810, 347),
        ("fast", 540, 287),
        ("determined", 814, 351),
        ("loop", 826, 359),
        ("determined,loop,summoning", 830, 363),
    ];
    for (v, sequences, positions) in cases {
        let g = game(v);
        let s = g.initial_state();
        let p = perft(&g, &s, 1);
        assert_eq!(p, Perft { sequences, positions }, "{v}");
        assert_eq!(brute_perft1(&g, &s), p, "{v}: brute force disagrees");
    }
}

#[test]
fn perft_of_a_middle_game_position_with_every_variant() {
    let g = game("summoning,determined,loop");
    let s: State = "o1..../...../x5.*../...../x6vx1... x g 2 0".parse().unwrap();
    let p = perft(&g, &s, 1);
    assert_eq!(p, Perft { sequences: 45_861, positions: 12_756 });
    assert_eq!(brute_perft1(&g, &s), p);
}

#[test]
fn perft_two_turns_deep() {
    let g = game("fast");
    // A game that ends mid-turn ends in one canonical state, so the same
    // finished board is one position (229,547 before finished states were made canonical).
    assert_eq!(perft(&g, &g.initial_state(), 2), Perft { sequences: 2_154_826, positions: 229_508 });
}

/// A game that ends in the middle of a turn ends in one canonical state: the
/// same board is the same position, whatever step of the turn it ended on and
/// whichever spins were still owed, so perft (and a transposition table)
/// counts it once.
#[test]
fn a_finished_game_has_one_state_per_board() {
    fn finished(g: &Essence, s: &State, turn: u16, out: &mut HashSet<State>) {
        if g.to_move(s) == ToMove::Over {
            out.insert(s.clone());
            return;
        }
        if s.turn() != turn {
            return;
        }
        let mut actions = Vec::new();
        g.legal_actions(s, &mut actions);
        for a in actions {
            let mut next = s.clone();
            g.apply_action(&mut next, &a, &mut Discard).unwrap();
            finished(g, &next, turn, out);
        }
    }
    let g = game("summoning,determined,loop");
    let s: State = "o1..../...../x5.*../...../x6vx1... x g 2 0".parse().unwrap();
    let mut ends = HashSet::new();
    finished(&g, &s, s.turn(), &mut ends);
    assert!(!ends.is_empty(), "P1 can capture P2's last mote this turn");
    let mut boards = HashSet::new();
    for e in &ends {
        let text = e.to_string();
        let board = text.split(' ').next().unwrap().to_string();
        assert!(boards.insert(board), "one board, two finished states: {text}");
        assert_eq!((e.phase(), e.pending_own_spins(), e.pending_opponent_spins()), (Phase::End, 0, 0), "{text}");
        assert_eq!(g.validate_state(e), Ok(()), "{text}");
        let again: State = text.parse().unwrap();
        assert_eq!(&again, e, "the finished state round-trips through its notation");
    }
}
