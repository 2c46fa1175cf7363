//! Kuhn poker's rules, one test per rule: the secret deals, the betting,
//! showdowns and folds, the chips, and who sees which card when.
#![allow(clippy::unwrap_used, clippy::panic)]

use arbiter_core::{
    Decision, Discard, Game, OutcomeKind, Roll, Seat, ToMove, Viewer, Visibility, information::shown_events,
};
use arbiter_kuhn::{Action, Card, Event, KuhnPoker, State};

fn roll(k: u8) -> Decision<Action> {
    Decision::Roll(Roll::from_values(&[k]).unwrap())
}

fn act(a: Action) -> Decision<Action> {
    Decision::Act(a)
}

/// Deals P1 the `a`-th card and P2 the `b`-th of the two left, then bets.
fn hand(a: u8, b: u8, bets: &[Action]) -> (State, Vec<Event>) {
    let g = KuhnPoker;
    let mut s = g.initial_state();
    let mut events = Vec::new();
    let mut decisions = vec![roll(a), roll(b)];
    decisions.extend(bets.iter().map(|&x| act(x)));
    for d in &decisions {
        g.apply(&mut s, d, &mut events).unwrap_or_else(|r| panic!("{d:?}: {r}"));
    }
    (s, events)
}

use Action::{Bet, Pass};

#[test]
fn the_cards_are_dealt_by_chance_one_to_each() {
    let g = KuhnPoker;
    let s = g.initial_state();
    assert_eq!(g.to_move(&s), ToMove::Chance);
    assert_eq!(g.dice(&s).to_string(), "1d3 (P1's card)");
    let (s, _) = hand(3, 1, &[]);
    assert_eq!(s.cards, [Some(Card::King), Some(Card::Jack)]);
    let (s, _) = hand(1, 2, &[]);
    assert_eq!(s.cards, [Some(Card::Jack), Some(Card::King)], "the 2nd of Queen and King");
    assert_eq!(g.to_move(&s), ToMove::Seat(Seat(0)), "P1 acts first");
}

#[test]
fn betting_goes_check_or_bet_then_call_or_fold() {
    let g = KuhnPoker;
    let (s, _) = hand(1, 1, &[Pass]);
    assert_eq!(g.to_move(&s), ToMove::Seat(Seat(1)));
    let (s, _) = hand(1, 1, &[Pass, Bet]);
    assert_eq!(g.to_move(&s), ToMove::Seat(Seat(0)), "P1 answers P2's bet");
    for bets in [&[Pass, Pass][..], &[Bet, Pass], &[Bet, Bet], &[Pass, Bet, Pass], &[Pass, Bet, Bet]] {
        let (s, _) = hand(1, 1, bets);
        assert_eq!(g.to_move(&s), ToMove::Over, "{bets:?}");
        let mut copy = s.clone();
        assert_eq!(g.apply(&mut copy, &act(Bet), &mut Discard).unwrap_err().rule, "core.turn.over");
    }
    let mut s = g.initial_state();
    assert_eq!(g.apply(&mut s, &act(Bet), &mut Discard).unwrap_err().rule, "core.turn.chance");
}

#[test]
fn a_showdown_goes_to_the_higher_card_for_the_stakes() {
    let g = KuhnPoker;
    let (s, events) = hand(3, 1, &[Pass, Pass]);
    assert_eq!((g.chips(&s, Seat(0)), g.chips(&s, Seat(1))), (1, -1));
    assert_eq!(events.last().unwrap().to_string(), "showdown: P1 shows the King, P2 shows the Jack; P1 wins 1 chip");
    let (s, _) = hand(1, 2, &[Bet, Bet]);
    assert_eq!(g.chips(&s, Seat(1)), 2, "a called bet doubles the pot");
    assert_eq!(g.outcome(&s).unwrap().kind, OutcomeKind::Win(vec![Seat(1)]));
    assert_eq!(g.outcome(&s).unwrap().reason, "showdown: P2's King beats the Jack: P2 wins 2 chips");
    assert_eq!((g.returns(&s, Seat(0)), g.returns(&s, Seat(1))), (-1.0, 1.0));
}

#[test]
fn a_fold_gives_the_pot_to_the_other_and_hides_the_cards() {
    let g = KuhnPoker;
    let (s, events) = hand(1, 2, &[Bet, Pass]);
    assert_eq!(g.chips(&s, Seat(0)), 1, "P2 folds to P1's bluff with the Jack");
    assert_eq!(events.last().unwrap(), &Event::Settled { winner: Seat(0), chips: 1, shown: None });
    assert!(!g.reveals_at_end(&s));
    assert_eq!(g.observe(&s, Viewer::Spectator).cards, [None, None]);
    let (s, _) = hand(2, 2, &[Pass, Bet, Pass]);
    assert_eq!(g.chips(&s, Seat(1)), 1);
    assert_eq!(g.outcome(&s).unwrap().reason, "P1 folds: P2 wins 1 chip");
}

#[test]
fn each_seat_sees_its_own_card_and_both_only_at_a_showdown() {
    let g = KuhnPoker;
    let s = g.initial_state();
    assert_eq!(g.decision_visibility(&s, &roll(2)), Visibility::only(Seat(0)));
    let (s, events) = hand(2, 2, &[Pass]);
    assert_eq!(g.observe(&s, Viewer::Seat(Seat(0))).cards, [Some(Card::Queen), None]);
    assert_eq!(g.observe(&s, Viewer::Seat(Seat(1))).cards, [None, Some(Card::King)]);
    assert_eq!(g.observe(&s, Viewer::Spectator).cards, [None, None]);
    assert_eq!(g.observe(&s, Viewer::Referee).cards, [Some(Card::Queen), Some(Card::King)]);
    let shown: Vec<String> = shown_events(&g, &events, Viewer::Spectator).iter().map(|e| e.to_string()).collect();
    assert_eq!(shown, ["P1 is dealt a card, face down", "P2 is dealt a card, face down", "P1 checks"]);
    let (s, _) = hand(2, 2, &[Pass, Pass]);
    assert!(g.reveals_at_end(&s));
    assert_eq!(g.observe(&s, Viewer::Spectator).cards, [Some(Card::Queen), Some(Card::King)]);
}

#[test]
fn resampling_draws_the_other_card_among_the_two_unseen() {
    use rand::SeedableRng;
    let g = KuhnPoker;
    let (s, _) = hand(2, 1, &[Bet]);
    let view = g.observe(&s, Viewer::Seat(Seat(1)));
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(1);
    let mut seen = std::collections::BTreeSet::new();
    for _ in 0..100 {
        let r = g.resample(Seat(1), &view, &mut rng).unwrap();
        assert_eq!(r.cards[1], Some(Card::Jack));
        assert_eq!(r.history, [Bet]);
        seen.insert(r.cards[0].unwrap());
    }
    assert_eq!(seen.into_iter().collect::<Vec<_>>(), [Card::Queen, Card::King]);
}

#[test]
fn the_notation_reads_poker_words() {
    for (text, a) in [("pass", Pass), ("check", Pass), ("fold", Pass), ("bet", Bet), ("call", Bet), (" B ", Bet)] {
        assert_eq!(text.parse::<Action>().unwrap(), a, "{text}");
    }
    assert!("raise".parse::<Action>().is_err());
    assert!(KuhnPoker::new((), 3).is_err());
}
