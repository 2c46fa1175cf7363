//! Goofspiel against OpenSpiel's: the exact expected point difference of
//! fixed strategies, enumerated over every prize order and bid, equals what
//! OpenSpiel 2.0.2's `goofspiel` (`imp_info=false`, `returns_type=
//! point_difference`) gives for the same strategies — the values below were
//! computed with it, exactly. OpenSpiel's `point_difference` gives each
//! player its points minus the players' mean, which with two players is
//! half the difference: the values are OpenSpiel's times 2. Same rules,
//! same numbers.
#![allow(clippy::unwrap_used, clippy::panic)]

use arbiter_core::{Decision, Discard, Game, Roll, Seat, ToMove};
use arbiter_goofspiel::{Action, Goofspiel, Order, Returns, State, Variant};

/// A strategy: the probability of each legal bid.
type Strategy = fn(&State, Seat, &[Action]) -> Vec<(Action, f64)>;

/// Bids the card equal to the prize (OpenSpiel's "match").
fn matching(s: &State, _: Seat, legal: &[Action]) -> Vec<(Action, f64)> {
    let want = Action::Bid(s.prize.unwrap());
    vec![(if legal.contains(&want) { want } else { legal[0] }, 1.0)]
}

fn uniform(_: &State, _: Seat, legal: &[Action]) -> Vec<(Action, f64)> {
    legal.iter().map(|&a| (a, 1.0 / legal.len() as f64)).collect()
}

fn highest(_: &State, _: Seat, legal: &[Action]) -> Vec<(Action, f64)> {
    vec![(*legal.iter().max_by_key(|a| a.card()).unwrap(), 1.0)]
}

/// P1's expected point difference with P1 playing `a` and P2 `b`.
fn value(g: &Goofspiel, s: &State, a: Strategy, b: Strategy) -> f64 {
    match g.to_move(s) {
        ToMove::Over => g.returns(s, Seat(0)) * f64::from(g.variant().prize_total()),
        ToMove::Chance => {
            let request = g.dice(s);
            let mut total = 0.0;
            request.for_each_outcome(|r: &Roll| {
                let mut next = s.clone();
                g.apply(&mut next, &Decision::Roll(r.clone()), &mut Discard).unwrap();
                total += request.probability(r) * value(g, &next, a, b);
            });
            total
        }
        ToMove::Together(_) => {
            let (mut l0, mut l1) = (Vec::new(), Vec::new());
            g.legal_actions_of(s, Seat(0), &mut l0);
            g.legal_actions_of(s, Seat(1), &mut l1);
            let mut total = 0.0;
            for (x, p) in a(s, Seat(0), &l0) {
                for (y, q) in b(s, Seat(1), &l1) {
                    let mut next = s.clone();
                    g.apply(&mut next, &Decision::Commit { seat: Seat(0), action: x }, &mut Discard).unwrap();
                    g.apply(&mut next, &Decision::Commit { seat: Seat(1), action: y }, &mut Discard).unwrap();
                    total += p * q * value(g, &next, a, b);
                }
            }
            total
        }
        ToMove::Seat(_) => panic!("Goofspiel's bids are simultaneous"),
    }
}

#[test]
fn fixed_strategies_are_worth_what_openspiel_says() {
    for (cards, order, a, b, openspiel) in [
        (4, Order::Random, matching as Strategy, uniform as Strategy, 2.0 * 5.0 / 4.0),
        (4, Order::Random, highest, matching, 2.0 * -5.0 / 4.0),
        (4, Order::Descending, matching, uniform, 2.0 * 5.0 / 4.0),
        (4, Order::Descending, highest, matching, 0.0),
        (5, Order::Random, matching, uniform, 2.0 * 2.0),
        (5, Order::Random, highest, matching, 2.0 * -2.0),
    ] {
        let g = Goofspiel::new(Variant { cards, order, returns: Returns::Points }, 2).unwrap();
        let v = value(&g, &g.initial_state(), a, b);
        assert!((v - openspiel).abs() < 1e-9, "{cards} cards, {order:?}: {v} against OpenSpiel's {openspiel}");
    }
}
