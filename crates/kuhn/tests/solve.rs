//! The exact analysis against known values (Kuhn 1950; OpenSpiel's
//! `exploitability` of the uniform policy, 0.458333).
#![allow(clippy::unwrap_used)]

use arbiter_core::Seat;
use arbiter_kuhn::solve::{InfoSet, Strategy, best_response, exploitability, value};

#[test]
fn the_equilibria_are_worth_minus_one_eighteenth_and_unexploitable() {
    for alpha in [0.0, 1.0 / 6.0, 1.0 / 3.0] {
        let s = Strategy::equilibrium(alpha);
        assert!((value(&s, &s) + 1.0 / 18.0).abs() < 1e-12, "alpha {alpha}: {}", value(&s, &s));
        assert!(exploitability(&s).abs() < 1e-12, "alpha {alpha}: {}", exploitability(&s));
    }
}

#[test]
fn the_uniform_strategy_is_exploitable_as_openspiel_says() {
    let u = Strategy::uniform();
    assert!((exploitability(&u) - 0.458_333_333_333).abs() < 1e-9, "{}", exploitability(&u));
    // Random play favours P1 by an eighth of a chip (P2's random folds and calls cost more).
    assert!((value(&u, &u) - 0.125).abs() < 1e-12, "{}", value(&u, &u));
    let (v, br) = best_response(Seat(1), &u);
    assert!(v > 0.0);
    let king_after_bet = InfoSet::all()
        .into_iter()
        .find(|i| i.seat == Seat(1) && i.describe() == "P2 with the King, after bet")
        .unwrap();
    assert_eq!(br.bet_at(&king_after_bet), 1.0, "a best response calls with the King");
}

#[test]
fn information_sets_are_twelve_and_index_themselves() {
    let all = InfoSet::all();
    assert_eq!(all.len(), 12);
    for (i, info) in all.iter().enumerate() {
        assert_eq!(info.index(), i);
        let s = info.state(arbiter_kuhn::Card::ALL.into_iter().find(|&c| c != info.card).unwrap());
        assert_eq!(s.cards[info.seat.index()], Some(info.card));
    }
}
