//! Exact analysis over Kuhn poker's small tree: the expected value of any
//! pair of strategies, best responses, exploitability, and the known
//! equilibria — the yardstick for the bots (`docs/ai.md`).
//!
//! A strategy gives, at each of the twelve information sets (a seat, its
//! card, the betting it faces), the probability of betting. Values are in
//! chips for P1. Exploitability follows OpenSpiel: the mean over both seats
//! of what a best response gains against the strategy (half of NashConv);
//! it is 0 exactly at an equilibrium.

use crate::action::Action;
use crate::card::Card;
use crate::rules::KuhnPoker;
use crate::state::State;
use arbiter_core::Seat;

/// A decision point as its seat knows it: its card and the betting so far.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct InfoSet {
    /// Whose decision.
    pub seat: Seat,
    /// The seat's card.
    pub card: Card,
    /// The betting so far: P1 first (empty), P2 after a pass or a bet, or
    /// P1 after pass-bet.
    pub history: &'static [Action],
}

/// The betting a seat may face: P1 at the start or after pass-bet, P2
/// after a pass or a bet.
const HISTORIES: [(u8, &[Action]); 4] =
    [(0, &[]), (0, &[Action::Pass, Action::Bet]), (1, &[Action::Pass]), (1, &[Action::Bet])];

impl InfoSet {
    /// All twelve, in a fixed order (P1's six, then P2's).
    pub fn all() -> Vec<InfoSet> {
        HISTORIES
            .iter()
            .flat_map(|&(seat, history)| Card::ALL.map(|card| InfoSet { seat: Seat(seat), card, history }))
            .collect()
    }

    /// The position of this information set in [`InfoSet::all`].
    pub fn index(&self) -> usize {
        let h = HISTORIES.iter().position(|&(s, h)| Seat(s) == self.seat && h == self.history).unwrap_or(0);
        h * 3 + self.card as usize
    }

    /// A full state at this information set, with `other` as the other
    /// seat's card (to ask a bot, which sees only the seat's observation).
    pub fn state(&self, other: Card) -> State {
        let mut cards = [Some(other), Some(other)];
        cards[self.seat.index()] = Some(self.card);
        State { cards, history: self.history.to_vec() }
    }

    /// In words: `P1 with the King, facing pass-bet`.
    pub fn describe(&self) -> String {
        let h: Vec<String> = self.history.iter().map(|a| a.to_string()).collect();
        let facing = if h.is_empty() { "first to act".to_string() } else { format!("after {}", h.join("-")) };
        format!("{} with {}, {facing}", self.seat, self.card)
    }
}

/// A behavioural strategy for both seats: the probability of betting at
/// each information set (index [`InfoSet::index`]).
#[derive(Clone, Debug, PartialEq)]
pub struct Strategy {
    /// Probability of betting (or calling) at each information set.
    pub bet: [f64; 12],
}

impl Strategy {
    /// Betting and passing equally often everywhere.
    pub fn uniform() -> Strategy {
        Strategy { bet: [0.5; 12] }
    }

    /// The probability of betting at `info`.
    pub fn bet_at(&self, info: &InfoSet) -> f64 {
        self.bet[info.index()]
    }

    /// An equilibrium of the known family (Kuhn 1950), for `alpha` in
    /// `0..=1/3`: P1 bluffs the Jack with probability α, bets the King with
    /// 3α, calls with the Queen after pass-bet with α + 1/3; P2 bets the
    /// King, bluffs the Jack after a check with 1/3 and calls with the
    /// Queen with 1/3. Its value for P1 is −1/18.
    pub fn equilibrium(alpha: f64) -> Strategy {
        let a = alpha.clamp(0.0, 1.0 / 3.0);
        let mut s = Strategy { bet: [0.0; 12] };
        let mut set = |seat: u8, history: &'static [Action], card: Card, p: f64| {
            s.bet[InfoSet { seat: Seat(seat), card, history }.index()] = p;
        };
        use Action::{Bet, Pass};
        set(0, &[], Card::Jack, a);
        set(0, &[], Card::Queen, 0.0);
        set(0, &[], Card::King, 3.0 * a);
        set(0, &[Pass, Bet], Card::Jack, 0.0);
        set(0, &[Pass, Bet], Card::Queen, a + 1.0 / 3.0);
        set(0, &[Pass, Bet], Card::King, 1.0);
        set(1, &[Pass], Card::Jack, 1.0 / 3.0);
        set(1, &[Pass], Card::Queen, 0.0);
        set(1, &[Pass], Card::King, 1.0);
        set(1, &[Bet], Card::Jack, 0.0);
        set(1, &[Bet], Card::Queen, 1.0 / 3.0);
        set(1, &[Bet], Card::King, 1.0);
        s
    }
}

/// P1's expected chips when P1 plays `p1`'s P1 part and P2 plays `p2`'s P2
/// part, over the six deals.
pub fn value(p1: &Strategy, p2: &Strategy) -> f64 {
    let game = KuhnPoker;
    let mut total = 0.0;
    for a in Card::ALL {
        for b in Card::ALL.into_iter().filter(|&b| b != a) {
            total += walk(&game, &mut State { cards: [Some(a), Some(b)], history: Vec::new() }, p1, p2) / 6.0;
        }
    }
    total
}

fn walk(game: &KuhnPoker, s: &mut State, p1: &Strategy, p2: &Strategy) -> f64 {
    if s.betting_over() {
        return f64::from(game.chips(s, Seat(0)));
    }
    let seat = s.history.len() % 2;
    let Some(card) = s.cards[seat] else { return 0.0 };
    let history = HISTORIES.iter().find(|&&(st, h)| usize::from(st) == seat && h == s.history.as_slice());
    let Some(&(_, history)) = history else { return 0.0 };
    let info = InfoSet { seat: Seat(seat as u8), card, history };
    let p = if seat == 0 { p1.bet_at(&info) } else { p2.bet_at(&info) };
    let mut v = 0.0;
    for (action, prob) in [(Action::Bet, p), (Action::Pass, 1.0 - p)] {
        if prob > 0.0 {
            s.history.push(action);
            v += prob * walk(game, s, p1, p2);
            s.history.pop();
        }
    }
    v
}

/// The pure strategies of one seat: every choice at its six information sets.
fn pure(seat: Seat) -> impl Iterator<Item = Strategy> {
    let mine: Vec<usize> = InfoSet::all().iter().filter(|i| i.seat == seat).map(InfoSet::index).collect();
    (0u32..64).map(move |bits| {
        let mut s = Strategy { bet: [0.0; 12] };
        for (k, &i) in mine.iter().enumerate() {
            s.bet[i] = f64::from((bits >> k) & 1);
        }
        s
    })
}

/// What a best response of `seat` against `against` wins, in chips for
/// `seat`, and that response. Exact: each seat has 64 pure strategies, and
/// a best response may always be pure.
pub fn best_response(seat: Seat, against: &Strategy) -> (f64, Strategy) {
    let mut best = (f64::NEG_INFINITY, Strategy::uniform());
    for s in pure(seat) {
        let v = if seat == Seat(0) { value(&s, against) } else { -value(against, &s) };
        if v > best.0 {
            best = (v, s);
        }
    }
    best
}

/// OpenSpiel's exploitability: the mean over both seats of a best
/// response's value against the strategy (the game is zero-sum, so this is
/// half of NashConv); 0 at an equilibrium.
pub fn exploitability(strategy: &Strategy) -> f64 {
    (best_response(Seat(0), strategy).0 + best_response(Seat(1), strategy).0) / 2.0
}
