//! Goofspiel's rules as a state machine: prizes turned up (by chance, or in
//! a fixed order), a simultaneous secret bid by both seats, the reveal, and
//! the end after the last card.

use crate::action::Action;
use crate::event::Event;
use crate::observation::{Observation, observe, resample};
use crate::state::{Round, State, bit, cards, sum, up_to};
use crate::variant::{MAX_CARDS, Order, Returns, Variant};
use arbiter_core::{
    ConfigError, Decision, DiceRequest, Evaluate, EventSink, Game, Outcome, OutcomeKind, Refusal, Roll, Seat, Seats,
    ToMove, Viewer, Visibility,
};
use rand::{Rng, RngExt};

/// The rulebook reference for refusals.
const RULES: &str = "Goofspiel (docs/notation/goofspiel.md, \"The rules\")";

/// Goofspiel in one variant, for two players.
#[derive(Clone, Debug, Default)]
pub struct Goofspiel {
    variant: Variant,
}

impl Goofspiel {
    /// The next prize of a fixed order, from those left.
    fn fixed_prize(&self, prizes: u64) -> Option<u8> {
        match self.variant.order {
            Order::Random => None,
            Order::Descending => cards(prizes).last(),
            Order::Ascending => cards(prizes).next(),
        }
    }

    /// Whether every round has been played.
    fn finished(&self, s: &State) -> bool {
        s.rounds.len() >= usize::from(self.variant.cards)
    }

    /// Both bids are in: reveals them, scores the prize, turns up the next.
    fn reveal<E: EventSink<Event>>(&self, s: &mut State, events: &mut E) {
        let (Some(prize), [Some(a), Some(b)]) = (s.prize, s.bids) else { return };
        let winner = match a.cmp(&b) {
            std::cmp::Ordering::Greater => Some(Seat(0)),
            std::cmp::Ordering::Less => Some(Seat(1)),
            std::cmp::Ordering::Equal => None,
        };
        if let Some(w) = winner {
            s.points[w.index()] += u32::from(prize);
        }
        s.hands[0] &= !bit(a);
        s.hands[1] &= !bit(b);
        s.rounds.push(Round { prize, bids: [a, b], winner });
        s.bids = [None, None];
        s.prize = None;
        events.emit(Event::Revealed { prize, bids: [a, b], winner, points: s.points });
        if !self.finished(s) {
            self.turn_fixed(s, events);
        }
    }

    /// Turns up the next prize of a fixed order.
    fn turn_fixed<E: EventSink<Event>>(&self, s: &mut State, events: &mut E) {
        if let Some(prize) = self.fixed_prize(s.prizes) {
            s.prizes &= !bit(prize);
            s.prize = Some(prize);
            events.emit(Event::PrizeTurned { prize });
        }
    }

    /// Checks `seat`'s bid without applying it.
    fn check_bid(&self, s: &State, seat: Seat, action: &Action) -> Result<(), Refusal> {
        let card = action.card();
        if !self.to_move(s).owes(seat) {
            return Err(match s.bids.get(seat.index()) {
                Some(Some(_)) => Refusal::because(
                    "goofspiel.bid.once",
                    format!("{seat} has bid this round already; the bids are revealed once both are in"),
                    RULES,
                ),
                _ => Refusal::because("goofspiel.bid.turn", format!("{seat} does not bid now"), RULES),
            });
        }
        if s.hands[seat.index()] & bit(card) == 0 {
            return Err(Refusal::because(
                "goofspiel.bid.card",
                format!(
                    "{seat} does not hold the {card}: a card bid is spent, and the hand holds 1 to {}",
                    self.variant.cards
                ),
                RULES,
            ));
        }
        Ok(())
    }
}

impl Game for Goofspiel {
    type Variant = Variant;
    type State = State;
    type Action = Action;
    type Event = Event;
    type Observation = Observation;

    const ID: &'static str = "goofspiel";
    const NAME: &'static str = "Goofspiel";

    fn new(variant: Variant, seats: usize) -> Result<Self, ConfigError> {
        if seats != 2 {
            return Err(ConfigError::Seats { game: Self::NAME, allowed: "2", found: seats });
        }
        if !(1..=MAX_CARDS).contains(&variant.cards) {
            return Err(ConfigError::Variant(format!("Goofspiel is played with 1 to {MAX_CARDS} cards")));
        }
        Ok(Goofspiel { variant })
    }
    fn variant(&self) -> &Variant {
        &self.variant
    }
    fn seats(&self) -> usize {
        2
    }
    fn has_chance(&self) -> bool {
        self.variant.order == Order::Random
    }
    fn has_hidden_information(&self) -> bool {
        true
    }

    fn initial_state(&self) -> State {
        let all = up_to(self.variant.cards);
        let mut s = State {
            hands: [all, all],
            prizes: all,
            prize: None,
            bids: [None, None],
            points: [0, 0],
            rounds: Vec::new(),
        };
        self.turn_fixed(&mut s, &mut arbiter_core::Discard);
        s
    }

    fn validate_state(&self, s: &State) -> Result<(), String> {
        let all = up_to(self.variant.cards);
        let played = s.rounds.len();
        let n = usize::from(self.variant.cards);
        if s.hands.iter().any(|h| h & !all != 0) || s.prizes & !all != 0 {
            return Err(format!("a card beyond {} is in play", self.variant.cards));
        }
        if played > n {
            return Err(format!("{played} rounds in a game of {n} cards"));
        }
        for (i, hand) in s.hands.iter().enumerate() {
            if hand.count_ones() as usize != n - played {
                return Err(format!("P{} holds {} cards after {played} rounds", i + 1, hand.count_ones()));
            }
            let spent = s.rounds.iter().fold(0u64, |acc, r| acc | bit(r.bids[i]));
            if spent & hand != 0 || (spent | hand) != all {
                return Err(format!("P{}'s hand does not match its bids", i + 1));
            }
            if let Some(b) = s.bids[i]
                && hand & bit(b) == 0
            {
                return Err(format!("P{} bids {b}, which it does not hold", i + 1));
            }
        }
        let turned = s.rounds.iter().fold(0u64, |acc, r| acc | bit(r.prize)) | s.prize.map_or(0, bit);
        if turned & s.prizes != 0 || (turned | s.prizes) != all {
            return Err("the prizes do not add up".into());
        }
        if s.prize.is_none() && s.bids.iter().any(Option::is_some) {
            return Err("a bid without a prize on the table".into());
        }
        if s.prize.is_none() && played < n && self.variant.order != Order::Random {
            return Err("no prize turned up in a fixed order".into());
        }
        let mut points = [0u32; 2];
        for r in &s.rounds {
            let w = match r.bids[0].cmp(&r.bids[1]) {
                std::cmp::Ordering::Greater => Some(Seat(0)),
                std::cmp::Ordering::Less => Some(Seat(1)),
                std::cmp::Ordering::Equal => None,
            };
            if w != r.winner {
                return Err("a round's winner does not match its bids".into());
            }
            if let Some(w) = w {
                points[w.index()] += u32::from(r.prize);
            }
        }
        if points != s.points {
            return Err("the points do not match the rounds".into());
        }
        Ok(())
    }

    fn to_move(&self, s: &State) -> ToMove {
        if self.finished(s) {
            ToMove::Over
        } else if s.prize.is_none() {
            ToMove::Chance
        } else {
            ToMove::Together((0..2u8).map(Seat).filter(|seat| s.bids[seat.index()].is_none()).collect::<Seats>())
        }
    }

    fn legal_actions(&self, s: &State, out: &mut Vec<Action>) {
        if let Some(seat) = self.to_move(s).first_seat() {
            self.legal_actions_of(s, seat, out);
        }
    }

    fn legal_actions_of(&self, s: &State, seat: Seat, out: &mut Vec<Action>) {
        if self.to_move(s).owes(seat) {
            out.extend(cards(s.hands[seat.index()]).map(Action::Bid));
        }
    }

    fn random_action<R: Rng + ?Sized>(&self, s: &State, rng: &mut R, _scratch: &mut Vec<Action>) -> Option<Action> {
        let seat = self.to_move(s).first_seat()?;
        let hand = s.hands[seat.index()];
        let k = rng.random_range(0..hand.count_ones());
        cards(hand).nth(k as usize).map(Action::Bid)
    }

    fn check(&self, s: &State, action: &Action) -> Result<(), Refusal> {
        match self.to_move(s).first_seat() {
            Some(seat) => self.check_bid(s, seat, action),
            None => Err(Refusal::new("goofspiel.bid.turn", "nobody bids now", RULES)),
        }
    }

    fn apply_action<E: EventSink<Event>>(&self, s: &mut State, action: &Action, events: &mut E) -> Result<(), Refusal> {
        match self.to_move(s).first_seat() {
            Some(seat) => self.apply_commit(s, seat, action, events),
            None => Err(Refusal::new("goofspiel.bid.turn", "nobody bids now", RULES)),
        }
    }

    fn apply_commit<E: EventSink<Event>>(
        &self,
        s: &mut State,
        seat: Seat,
        action: &Action,
        events: &mut E,
    ) -> Result<(), Refusal> {
        self.check_bid(s, seat, action)?;
        s.bids[seat.index()] = Some(action.card());
        events.emit(Event::Bid { seat, card: Some(action.card()) });
        self.reveal(s, events);
        Ok(())
    }

    fn dice(&self, s: &State) -> DiceRequest {
        if self.to_move(s) == ToMove::Chance {
            DiceRequest::new().with(s.prizes.count_ones() as u8, "prize")
        } else {
            DiceRequest::new()
        }
    }

    fn apply_roll<E: EventSink<Event>>(&self, s: &mut State, roll: &Roll, events: &mut E) -> Result<(), Refusal> {
        let k = usize::from(roll.values().first().copied().unwrap_or(1));
        let Some(prize) = cards(s.prizes).nth(k - 1) else {
            return Err(Refusal::new("goofspiel.prize.none", "no prize card is left to turn up", RULES));
        };
        s.prizes &= !bit(prize);
        s.prize = Some(prize);
        events.emit(Event::PrizeTurned { prize });
        Ok(())
    }

    fn outcome(&self, s: &State) -> Option<Outcome> {
        if !self.finished(s) {
            return None;
        }
        let [a, b] = s.points;
        let kind = match a.cmp(&b) {
            std::cmp::Ordering::Greater => OutcomeKind::Win(vec![Seat(0)]),
            std::cmp::Ordering::Less => OutcomeKind::Win(vec![Seat(1)]),
            std::cmp::Ordering::Equal => OutcomeKind::Draw,
        };
        let reason = match &kind {
            OutcomeKind::Draw => format!("level on prize points, {a}–{b}"),
            _ => format!("{} on prize points, {a}–{b}", if a > b { "P1 wins" } else { "P2 wins" }),
        };
        Some(Outcome { kind, reason })
    }

    fn returns(&self, s: &State, seat: Seat) -> f64 {
        if !self.finished(s) {
            return 0.0;
        }
        let mine = f64::from(s.points[seat.index() % 2]);
        let theirs = f64::from(s.points[(seat.index() + 1) % 2]);
        match self.variant.returns {
            // Not `signum`, which gives 1 for a draw.
            Returns::WinLoss => match mine.total_cmp(&theirs) {
                std::cmp::Ordering::Greater => 1.0,
                std::cmp::Ordering::Less => -1.0,
                std::cmp::Ordering::Equal => 0.0,
            },
            Returns::Points => (mine - theirs) / f64::from(self.variant.prize_total()),
        }
    }

    fn observe(&self, s: &State, viewer: Viewer) -> Observation {
        observe(s, viewer)
    }

    fn decision_visibility(&self, s: &State, decision: &Decision<Action>) -> Visibility {
        match (self.to_move(s), decision.seat(self.to_move(s))) {
            // The last bid of a round reveals both at once.
            (ToMove::Together(set), Some(seat)) if set.len() > 1 => Visibility::only(seat),
            _ => Visibility::Public,
        }
    }

    fn event_visibility(&self, event: &Event) -> Visibility {
        match event {
            Event::Bid { seat, .. } => Visibility::only(*seat),
            _ => Visibility::Public,
        }
    }

    fn event_summary(&self, event: &Event) -> Option<Event> {
        match event {
            Event::Bid { seat, .. } => Some(Event::Bid { seat: *seat, card: None }),
            _ => None,
        }
    }

    fn resample<R: Rng + ?Sized>(&self, seat: Seat, observation: &Observation, rng: &mut R) -> Option<State> {
        resample(seat, observation, rng)
    }
}

impl Evaluate for Goofspiel {
    /// Prize points ahead, plus this round's expected prize when one bid is
    /// in and the other would be any card of its hand, plus half the value
    /// of the cards left in hand (a card spent is a card that cannot win a
    /// later prize), over the sum of all prizes.
    fn evaluate(&self, s: &State, seat: Seat) -> f64 {
        if self.finished(s) {
            return self.returns(s, seat);
        }
        let (me, them) = (seat.index() % 2, (seat.index() + 1) % 2);
        let mut v = f64::from(s.points[me]) - f64::from(s.points[them]);
        let mut hands = [f64::from(sum(s.hands[0])), f64::from(sum(s.hands[1]))];
        if let Some(prize) = s.prize {
            for (bidder, other) in [(me, them), (them, me)] {
                let (Some(b), None) = (s.bids[bidder], s.bids[other]) else { continue };
                hands[bidder] -= f64::from(b);
                let hand = s.hands[other];
                let n = f64::from(hand.count_ones().max(1));
                let below = f64::from((hand & (bit(b) - 1)).count_ones());
                let above = f64::from((hand & !(bit(b) | (bit(b) - 1))).count_ones());
                let edge = (below - above) / n * f64::from(prize);
                v += if bidder == me { edge } else { -edge };
            }
        }
        v += 0.5 * (hands[me] - hands[them]);
        (v / f64::from(self.variant.prize_total())).clamp(-1.0, 1.0)
    }
}
