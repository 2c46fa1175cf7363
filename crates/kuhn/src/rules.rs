//! Kuhn poker's rules as a state machine: two secret deals by chance, at
//! most three betting decisions, a showdown or a fold.

use crate::action::Action;
use crate::card::Card;
use crate::event::Event;
use crate::observation::{Observation, observe, resample, shown};
use crate::state::State;
use arbiter_core::{
    ConfigError, Decision, DiceRequest, Evaluate, EventSink, Game, Outcome, OutcomeKind, Refusal, Roll, Seat, ToMove,
    Viewer, Visibility,
};
use rand::Rng;

/// The rulebook reference for refusals.
const RULES: &str = "Kuhn poker (docs/notation/kuhn.md, \"The rules\")";

/// Kuhn poker: two players, three cards, an ante of 1 and one bet of 1.
#[derive(Clone, Debug, Default)]
pub struct KuhnPoker;

impl KuhnPoker {
    /// Who takes the pot and how many chips they win, once the hand is over.
    pub fn result(&self, s: &State) -> Option<(Seat, u8)> {
        if !s.betting_over() {
            return None;
        }
        let stakes = s.stakes();
        let winner = if s.folded() {
            // The last to act passed facing a bet: the other takes the pot.
            Seat(((s.history.len() - 1) % 2) as u8).other()
        } else {
            match (s.cards[0], s.cards[1]) {
                (Some(a), Some(b)) if a > b => Seat(0),
                _ => Seat(1),
            }
        };
        Some((winner, stakes[winner.other().index()]))
    }

    /// What `seat` wins (positive) or loses, in chips, once the hand is over.
    pub fn chips(&self, s: &State, seat: Seat) -> i32 {
        match self.result(s) {
            Some((w, chips)) if w == seat => i32::from(chips),
            Some((_, chips)) => -i32::from(chips),
            None => 0,
        }
    }

    /// The card still to be dealt to P2: the `k`-th (from 1) of the two P1
    /// does not hold.
    fn second_card(first: Card, k: u8) -> Option<Card> {
        Card::ALL.into_iter().filter(|&c| c != first).nth(usize::from(k).checked_sub(1)?)
    }
}

impl Game for KuhnPoker {
    type Variant = ();
    type State = State;
    type Action = Action;
    type Event = Event;
    type Observation = Observation;

    const ID: &'static str = "kuhn";
    const NAME: &'static str = "Kuhn poker";

    fn new(_variant: (), seats: usize) -> Result<Self, ConfigError> {
        if seats == 2 {
            Ok(KuhnPoker)
        } else {
            Err(ConfigError::Seats { game: Self::NAME, allowed: "2", found: seats })
        }
    }
    fn variant(&self) -> &() {
        &()
    }
    fn seats(&self) -> usize {
        2
    }
    fn has_chance(&self) -> bool {
        true
    }
    fn has_hidden_information(&self) -> bool {
        true
    }

    fn initial_state(&self) -> State {
        State::default()
    }

    fn validate_state(&self, s: &State) -> Result<(), String> {
        match s.cards {
            [Some(a), Some(b)] if a == b => return Err("both players hold the same card".into()),
            [None, Some(_)] => return Err("P2 is dealt before P1".into()),
            [Some(_), Some(_)] => {}
            _ if !s.history.is_empty() => return Err("betting before the deal".into()),
            _ => {}
        }
        use Action::{Bet, Pass};
        let valid: [&[Action]; 9] = [
            &[],
            &[Pass],
            &[Bet],
            &[Pass, Pass],
            &[Pass, Bet],
            &[Bet, Pass],
            &[Bet, Bet],
            &[Pass, Bet, Pass],
            &[Pass, Bet, Bet],
        ];
        if !valid.contains(&s.history.as_slice()) {
            return Err("the betting goes on after the hand is over".into());
        }
        Ok(())
    }

    fn to_move(&self, s: &State) -> ToMove {
        if s.cards[0].is_none() || s.cards[1].is_none() {
            ToMove::Chance
        } else if s.betting_over() {
            ToMove::Over
        } else {
            ToMove::Seat(Seat((s.history.len() % 2) as u8))
        }
    }

    fn legal_actions(&self, s: &State, out: &mut Vec<Action>) {
        if let ToMove::Seat(_) = self.to_move(s) {
            out.extend([Action::Pass, Action::Bet]);
        }
    }

    fn check(&self, s: &State, _action: &Action) -> Result<(), Refusal> {
        match self.to_move(s) {
            ToMove::Seat(_) => Ok(()),
            ToMove::Chance => Err(Refusal::new("kuhn.deal.first", "the cards are dealt before anyone bets", RULES)),
            _ => Err(Refusal::new("kuhn.hand.over", "the hand is over", RULES)),
        }
    }

    fn apply_action<E: EventSink<Event>>(&self, s: &mut State, action: &Action, events: &mut E) -> Result<(), Refusal> {
        self.check(s, action)?;
        let seat = Seat((s.history.len() % 2) as u8);
        let facing = s.history.last() == Some(&Action::Bet);
        let word = match (action, facing) {
            (Action::Pass, false) => "checks",
            (Action::Bet, false) => "bets 1",
            (Action::Pass, true) => "folds",
            (Action::Bet, true) => "calls",
        };
        s.history.push(*action);
        events.emit(Event::Acted { seat, action: *action, word: word.into() });
        if let Some((winner, chips)) = self.result(s) {
            let shown = match (shown(s), s.cards) {
                (true, [Some(a), Some(b)]) => Some([a, b]),
                _ => None,
            };
            events.emit(Event::Settled { winner, chips, shown });
        }
        Ok(())
    }

    fn dice(&self, s: &State) -> DiceRequest {
        match s.cards {
            [None, _] => DiceRequest::new().with(3, "P1's card"),
            [Some(_), None] => DiceRequest::new().with(2, "P2's card"),
            _ => DiceRequest::new(),
        }
    }

    fn apply_roll<E: EventSink<Event>>(&self, s: &mut State, roll: &Roll, events: &mut E) -> Result<(), Refusal> {
        let k = roll.values().first().copied().unwrap_or(0);
        let (seat, card) = match s.cards {
            [None, _] => (Seat(0), Card::ALL.get(usize::from(k).wrapping_sub(1)).copied()),
            [Some(first), None] => (Seat(1), Self::second_card(first, k)),
            _ => return Err(Refusal::new("kuhn.deal.done", "both cards are dealt", RULES)),
        };
        let card = card.ok_or_else(|| Refusal::new("kuhn.deal.card", "no such card to deal", RULES))?;
        s.cards[seat.index()] = Some(card);
        events.emit(Event::Dealt { seat, card: Some(card) });
        Ok(())
    }

    fn outcome(&self, s: &State) -> Option<Outcome> {
        let (winner, chips) = self.result(s)?;
        let reason = match (s.folded(), s.cards) {
            (true, _) => format!("{} folds: {winner} wins {}", winner.other(), crate::chips_words(chips)),
            (false, [Some(a), Some(b)]) => {
                let (w, l) = if winner == Seat(0) { (a, b) } else { (b, a) };
                let name = |c: crate::Card| c.to_string().replacen("the ", "", 1);
                format!(
                    "showdown: {winner}'s {} beats the {}: {winner} wins {}",
                    name(w),
                    name(l),
                    crate::chips_words(chips)
                )
            }
            _ => format!("{winner} wins {}", crate::chips_words(chips)),
        };
        Some(Outcome { kind: OutcomeKind::Win(vec![winner]), reason })
    }

    /// Chips won or lost, halved to stay within −1 and 1 (a called bet is 2).
    fn returns(&self, s: &State, seat: Seat) -> f64 {
        f64::from(self.chips(s, seat)) / 2.0
    }

    fn observe(&self, s: &State, viewer: Viewer) -> Observation {
        observe(s, viewer)
    }

    fn decision_visibility(&self, s: &State, decision: &Decision<Action>) -> Visibility {
        match (decision, s.cards) {
            (Decision::Roll(_), [None, _]) => Visibility::only(Seat(0)),
            (Decision::Roll(_), [Some(_), None]) => Visibility::only(Seat(1)),
            _ => Visibility::Public,
        }
    }

    fn event_visibility(&self, event: &Event) -> Visibility {
        match event {
            Event::Dealt { seat, .. } => Visibility::only(*seat),
            _ => Visibility::Public,
        }
    }

    fn event_summary(&self, event: &Event) -> Option<Event> {
        match event {
            Event::Dealt { seat, .. } => Some(Event::Dealt { seat: *seat, card: None }),
            _ => None,
        }
    }

    fn reveals_at_end(&self, s: &State) -> bool {
        shown(s)
    }

    fn resample<R: Rng + ?Sized>(&self, seat: Seat, observation: &Observation, rng: &mut R) -> Option<State> {
        resample(seat, observation, rng)
    }
}

impl Evaluate for KuhnPoker {
    /// The result when over; before, the showdown at the highest stake so
    /// far, won by the higher card.
    fn evaluate(&self, s: &State, seat: Seat) -> f64 {
        if s.betting_over() {
            return self.returns(s, seat);
        }
        match (s.cards[seat.index() % 2], s.cards[(seat.index() + 1) % 2]) {
            (Some(mine), Some(theirs)) => {
                let stake = f64::from(s.stakes().into_iter().max().unwrap_or(1));
                if mine > theirs { stake / 2.0 } else { -stake / 2.0 }
            }
            _ => 0.0,
        }
    }
}
