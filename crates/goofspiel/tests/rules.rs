//! Goofspiel's rules, one test per rule: the prizes, the simultaneous secret
//! bids, the reveal, ties, the end and its scoring, and who sees what.
#![allow(clippy::unwrap_used, clippy::panic)]

use arbiter_core::{
    Decision, Discard, Evaluate, Game, OutcomeKind, Roll, Seat, Seats, ToMove, Viewer, Visibility,
    information::shown_events,
};
use arbiter_goofspiel::{Action, Event, Goofspiel, Order, Returns, Round, Variant};

fn game(cards: u8, order: Order) -> Goofspiel {
    Goofspiel::new(Variant { cards, order, returns: Returns::WinLoss }, 2).unwrap()
}

fn bid(seat: u8, card: u8) -> Decision<Action> {
    Decision::Commit { seat: Seat(seat), action: Action::Bid(card) }
}

fn roll(k: u8) -> Decision<Action> {
    Decision::Roll(Roll::from_values(&[k]).unwrap())
}

fn play(g: &Goofspiel, decisions: &[Decision<Action>]) -> (arbiter_goofspiel::State, Vec<Event>) {
    let mut s = g.initial_state();
    let mut events = Vec::new();
    for d in decisions {
        g.apply(&mut s, d, &mut events).unwrap_or_else(|r| panic!("{d:?}: {r}"));
    }
    (s, events)
}

#[test]
fn a_random_order_turns_each_prize_up_by_chance_from_those_left() {
    let g = game(5, Order::Random);
    let s = g.initial_state();
    assert_eq!(g.to_move(&s), ToMove::Chance);
    assert_eq!(g.dice(&s).to_string(), "1d5 (prize)");
    let (s, events) = play(&g, &[roll(2)]);
    assert_eq!(s.prize, Some(2), "the 2nd lowest of 1..5");
    assert_eq!(events, [Event::PrizeTurned { prize: 2 }]);
    let (s, _) = play(&g, &[roll(2), bid(0, 1), bid(1, 1), roll(4)]);
    assert_eq!(s.prize, Some(5), "the 4th of 1, 3, 4, 5");
    assert_eq!(g.dice(&play(&g, &[roll(2), bid(0, 1), bid(1, 1)]).0).to_string(), "1d4 (prize)");
}

#[test]
fn fixed_orders_need_no_chance() {
    let down = game(4, Order::Descending);
    assert!(!down.has_chance());
    assert_eq!(down.initial_state().prize, Some(4));
    let (s, _) = play(&down, &[bid(0, 1), bid(1, 2)]);
    assert_eq!(s.prize, Some(3));
    let up = game(4, Order::Ascending);
    assert_eq!(up.initial_state().prize, Some(1));
    assert_eq!(play(&up, &[bid(0, 1), bid(1, 2)]).0.prize, Some(2));
}

#[test]
fn both_seats_bid_at_once_in_any_order() {
    let g = game(4, Order::Descending);
    let s = g.initial_state();
    assert_eq!(g.to_move(&s), ToMove::Together(Seats::first(2)));
    let (a, _) = play(&g, &[bid(1, 3), bid(0, 2)]);
    let (b, _) = play(&g, &[bid(0, 2), bid(1, 3)]);
    assert_eq!(a, b, "the order of the bids does not matter");
    let (half, _) = play(&g, &[bid(1, 3)]);
    assert_eq!(g.to_move(&half), ToMove::Together(Seats::one(Seat(0))), "P1 still owes its bid");
}

#[test]
fn a_seat_bids_once_a_round_and_only_cards_it_holds() {
    let g = game(4, Order::Descending);
    let (s, _) = play(&g, &[bid(0, 4)]);
    let mut copy = s.clone();
    let r = g.apply(&mut copy, &bid(0, 3), &mut Discard).unwrap_err();
    assert_eq!(r.rule, "core.turn.not-yours", "{r}");
    assert_eq!(copy, s);
    let r = g.apply(&mut copy, &bid(1, 9), &mut Discard).unwrap_err();
    assert_eq!(r.rule, "goofspiel.bid.card", "{r}");
    let (s, _) = play(&g, &[bid(0, 4), bid(1, 1)]);
    let mut copy = s.clone();
    let r = g.apply(&mut copy, &bid(0, 4), &mut Discard).unwrap_err();
    assert_eq!(r.rule, "goofspiel.bid.card", "a card bid is spent: {r}");
    let mut legal = Vec::new();
    g.legal_actions_of(&s, Seat(0), &mut legal);
    assert_eq!(legal, [1, 2, 3].map(Action::Bid));
}

#[test]
fn the_higher_bid_wins_the_prize_and_a_tie_discards_it() {
    let g = game(3, Order::Descending);
    let (s, events) = play(&g, &[bid(0, 1), bid(1, 2)]);
    assert_eq!(s.points, [0, 3]);
    assert_eq!(s.rounds, [Round { prize: 3, bids: [1, 2], winner: Some(Seat(1)) }]);
    assert!(events.contains(&Event::Revealed { prize: 3, bids: [1, 2], winner: Some(Seat(1)), points: [0, 3] }));
    let (s, _) = play(&g, &[bid(0, 1), bid(1, 2), bid(0, 3), bid(1, 3)]);
    assert_eq!(s.points, [0, 3], "tied bids: the 2 is discarded");
    assert_eq!(s.rounds[1].winner, None);
}

#[test]
fn the_game_ends_after_the_last_card_and_more_points_win() {
    let g = game(3, Order::Descending);
    let (s, _) = play(&g, &[bid(0, 1), bid(1, 2), bid(0, 3), bid(1, 3), bid(0, 2), bid(1, 1)]);
    assert_eq!(g.to_move(&s), ToMove::Over);
    assert_eq!(s.points, [1, 3]);
    assert_eq!(g.outcome(&s).unwrap().kind, OutcomeKind::Win(vec![Seat(1)]));
    assert_eq!((g.returns(&s, Seat(0)), g.returns(&s, Seat(1))), (-1.0, 1.0));
    let points = Goofspiel::new(Variant { cards: 3, order: Order::Descending, returns: Returns::Points }, 2).unwrap();
    assert_eq!(points.returns(&s, Seat(1)), 2.0 / 6.0, "the difference over the sum of prizes, 6");
    let (draw, _) = play(&g, &[bid(0, 3), bid(1, 1), bid(0, 1), bid(1, 3), bid(0, 2), bid(1, 2)]);
    assert_eq!((draw.points, g.outcome(&draw).unwrap().kind), ([3, 2], OutcomeKind::Win(vec![Seat(0)])));
    let (level, _) = play(&g, &[bid(0, 3), bid(1, 3), bid(0, 2), bid(1, 2), bid(0, 1), bid(1, 1)]);
    assert_eq!(g.outcome(&level).unwrap().kind, OutcomeKind::Draw);
    assert_eq!(g.evaluate(&level, Seat(0)), 0.0);
}

#[test]
fn a_bid_is_seen_by_its_seat_until_both_are_in() {
    let g = game(4, Order::Descending);
    let s = g.initial_state();
    assert_eq!(g.decision_visibility(&s, &bid(0, 3)), Visibility::only(Seat(0)));
    let (half, events) = play(&g, &[bid(0, 3)]);
    assert_eq!(g.observe(&half, Viewer::Seat(Seat(0))).bids, [Some(3), None]);
    for v in [Viewer::Seat(Seat(1)), Viewer::Spectator] {
        let o = g.observe(&half, v);
        assert_eq!((o.bids, o.committed), ([None, None], [true, false]), "{v:?}");
        assert_eq!(shown_events(&g, &events, v), [Event::Bid { seat: Seat(0), card: None }]);
        assert_eq!(shown_events(&g, &events, v)[0].to_string(), "P1 bids a card, face down");
    }
    assert_eq!(g.observe(&half, Viewer::Referee).bids, [Some(3), None]);
    // The last bid reveals both: it is public.
    assert_eq!(g.decision_visibility(&half, &bid(1, 2)), Visibility::Public);
    let (both, _) = play(&g, &[bid(0, 3), bid(1, 2)]);
    let o = g.observe(&both, Viewer::Spectator);
    assert_eq!((o.hands[0].clone(), o.hands[1].clone()), (vec![1, 2, 4], vec![1, 3, 4]));
}

#[test]
fn resampling_draws_only_the_hidden_bid() {
    use rand::SeedableRng;
    let g = game(5, Order::Descending);
    let (s, _) = play(&g, &[bid(0, 2), bid(1, 5), bid(1, 3)]);
    let view = g.observe(&s, Viewer::Seat(Seat(0)));
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(3);
    let mut seen = std::collections::BTreeSet::new();
    for _ in 0..200 {
        let r = g.resample(Seat(0), &view, &mut rng).unwrap();
        assert_eq!(g.observe(&r, Viewer::Seat(Seat(0))), view);
        assert!(g.validate_state(&r).is_ok());
        seen.insert(r.bids[1].unwrap());
    }
    assert_eq!(seen.into_iter().collect::<Vec<_>>(), [1, 2, 3, 4], "any card P2 still holds");
}

#[test]
fn bad_variants_and_seats_are_refused() {
    assert!(Goofspiel::new(Variant { cards: 0, ..Variant::default() }, 2).is_err());
    assert!(Goofspiel::new(Variant { cards: 65, ..Variant::default() }, 2).is_err());
    assert!(Goofspiel::new(Variant::default(), 3).is_err());
    assert_eq!(Variant::parse("cards=5,order=descending,returns=points").unwrap().cards, 5);
    assert!(Variant::parse("cards=0").is_err() && Variant::parse("order=sideways").is_err());
    assert!(Variant::parse("colour=red").unwrap_err().contains("unknown Goofspiel option"));
    let v = Variant::parse("cards=4,order=ascending").unwrap();
    assert_eq!(Variant::parse(&v.label()).unwrap(), v);
}

#[test]
fn the_notation_reads_bids_three_ways() {
    for text in ["bid 7", "7", "b7", " BID 7 "] {
        assert_eq!(text.parse::<Action>().unwrap(), Action::Bid(7), "{text}");
    }
    assert_eq!(Action::Bid(7).to_string(), "bid 7");
    assert!("bid".parse::<Action>().is_err() && "0".parse::<Action>().is_err() && "bid x".parse::<Action>().is_err());
}
