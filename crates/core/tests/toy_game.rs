//! Integration tests of the core crate through a small toy game, "Toy Duel",
//! that needs what real games need: chance decisions with labelled dice, a
//! decision owed by the seat that is not the active player, a simultaneous
//! secret decision, secrets hidden from other viewers (with resampling for
//! search), refusals with stable rule ids and a guaranteed end.
//!
//! The tests drive the toy through the conformance suite (and show that the
//! suite catches deliberately broken variants of it), the decision checks of
//! the [`Game`] trait, [`Session`], [`Record`] and [`StateFile`].

#![allow(clippy::unwrap_used, clippy::panic)]

use arbiter_core::conformance::{self, Options};
use arbiter_core::{
    ConfigError, Decision, DiceMode, DiceRequest, Discard, EnvelopeError, EventSink, Game, MatchConfig, Outcome,
    OutcomeKind, PlayerSpec, Record, RecordError, Refusal, ReplayError, Roll, Seat, Seats, SeededDice, Session,
    StateFile, ToMove, Viewer, Visibility,
};
use rand::{Rng, RngExt};
use serde::{Deserialize, Serialize};
use std::cmp::Ordering;

// ---------------------------------------------------------------------------
// The toy game
// ---------------------------------------------------------------------------

/// Points that win Toy Duel.
const TARGET: u8 = 3;
/// Rounds after which Toy Duel ends whatever the score.
const MAX_ROUNDS: u8 = 20;

/// Toy Duel's rules. Both seats secretly commit a number from 1 to 3 at
/// once (a simultaneous decision, in either order). Each round chance rolls 2d6 for the attacker (the active seat)
/// and 1d6 for the defender as one decision; the defender then accepts or,
/// once per game, rerolls their die. The attacker scores if their total beats
/// twice the defender's die, the defender if it falls short. After the first
/// round the secrets are revealed and the higher one scores a point. First to
/// 3 points wins; after 20 rounds the higher score wins, or it is a draw.
#[derive(Clone, Copy, Debug)]
struct Toy;

/// Where a game of Toy Duel stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
enum Phase {
    /// Both seats commit their secrets, in any order.
    Commit,
    /// Chance rolls 2d6 (attacker) and 1d6 (defender).
    Attack,
    /// The defender accepts the roll or rerolls their die.
    Respond,
    /// Chance rerolls the defender's die.
    Reroll,
    /// The game has ended.
    Over,
}

/// A state of Toy Duel.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
struct ToyState {
    /// Where the game stands.
    phase: Phase,
    /// The attacker this round; the other seat defends.
    active: Seat,
    /// Rounds completed.
    round: u8,
    /// Points per seat.
    scores: [u8; 2],
    /// Each seat's secret, once committed.
    secrets: [Option<u8>; 2],
    /// Whether the secrets have been revealed.
    revealed: bool,
    /// Whether each seat has used its reroll.
    rerolled: [bool; 2],
    /// The pending roll: attacker, attacker, defender (empty between rounds).
    dice: Vec<u8>,
}

/// A seat's decision in Toy Duel.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
enum ToyAction {
    /// Commit a secret number.
    Commit(u8),
    /// Accept the roll (the defender).
    Accept,
    /// Reroll the defender's die (once per game per seat).
    Reroll,
}

/// Something that happened in Toy Duel.
#[derive(Clone, Debug, PartialEq, Serialize)]
enum ToyEvent {
    /// A seat committed its secret (the value is not told).
    Committed(Seat),
    /// Dice were rolled.
    Rolled(Vec<u8>),
    /// The secrets were revealed.
    Revealed([u8; 2]),
    /// A seat scored a point.
    Scored(Seat),
}

/// What a viewer sees of one seat's secret.
#[derive(Clone, Debug, PartialEq, Serialize)]
enum SecretView {
    /// Not committed yet.
    Pending,
    /// Committed, but not for this viewer's eyes.
    Hidden,
    /// The value.
    Shown(u8),
}

/// What one viewer sees of a state: the state without its secrets, and the
/// secrets as far as the viewer may see them.
#[derive(Clone, Debug, PartialEq, Serialize)]
struct ToyView {
    /// The state, with both secrets blanked.
    public: ToyState,
    /// The secrets, as far as the viewer may see them.
    secrets: [SecretView; 2],
}

impl Toy {
    /// Scores the pending roll, reveals the secrets after the first round and
    /// starts the next round or ends the game.
    fn resolve<E: EventSink<ToyEvent>>(s: &mut ToyState, events: &mut E) {
        let attack = s.dice[0] + s.dice[1];
        let defence = 2 * s.dice[2];
        let score = |s: &mut ToyState, events: &mut E, seat: Seat| {
            s.scores[seat.index()] += 1;
            events.emit(ToyEvent::Scored(seat));
        };
        let active = s.active;
        match attack.cmp(&defence) {
            Ordering::Greater => score(s, events, active),
            Ordering::Less => score(s, events, active.other()),
            Ordering::Equal => {}
        }
        if !s.revealed {
            s.revealed = true;
            let [a, b] = s.secrets.map(|v| v.unwrap_or(0));
            events.emit(ToyEvent::Revealed([a, b]));
            if a != b {
                score(s, events, Seat(u8::from(b > a)));
            }
        }
        s.round += 1;
        s.dice.clear();
        s.active = s.active.other();
        s.phase = if Self::finished(s) { Phase::Over } else { Phase::Attack };
    }

    /// Whether the end condition holds.
    fn finished(s: &ToyState) -> bool {
        s.scores.iter().any(|&p| p >= TARGET) || s.round >= MAX_ROUNDS
    }
}

impl Game for Toy {
    type Variant = ();
    type State = ToyState;
    type Action = ToyAction;
    type Event = ToyEvent;
    type Observation = ToyView;

    const ID: &'static str = "toy";
    const NAME: &'static str = "Toy Duel";

    fn new(_variant: (), seats: usize) -> Result<Self, ConfigError> {
        if seats != 2 {
            return Err(ConfigError::Seats { game: Self::NAME, allowed: "2", found: seats });
        }
        Ok(Toy)
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
    fn initial_state(&self) -> ToyState {
        ToyState {
            phase: Phase::Commit,
            active: Seat(0),
            round: 0,
            scores: [0; 2],
            secrets: [None; 2],
            revealed: false,
            rerolled: [false; 2],
            dice: Vec::new(),
        }
    }
    fn validate_state(&self, s: &ToyState) -> Result<(), String> {
        let committed = s.secrets.iter().all(Option::is_some);
        let rolled = matches!(s.phase, Phase::Respond | Phase::Reroll);
        if s.active.index() > 1 {
            Err(format!("{} is not a seat of Toy Duel", s.active))
        } else if s.scores.iter().any(|&p| p > TARGET) || s.round > MAX_ROUNDS {
            Err("a score or the round count is out of range".into())
        } else if s.secrets.iter().flatten().any(|v| !(1..=3).contains(v)) {
            Err("a secret is not a number from 1 to 3".into())
        } else if committed == (s.phase == Phase::Commit) || s.revealed != (s.round > 0) {
            Err("the phase does not match the secrets".into())
        } else if rolled != (s.dice.len() == 3) || s.dice.iter().any(|d| !(1..=6).contains(d)) {
            Err("the pending roll does not match the phase".into())
        } else if Self::finished(s) != (s.phase == Phase::Over) {
            Err("the phase does not match the end condition".into())
        } else {
            Ok(())
        }
    }
    fn to_move(&self, s: &ToyState) -> ToMove {
        match s.phase {
            Phase::Commit => ToMove::Together((0..2u8).map(Seat).filter(|i| s.secrets[i.index()].is_none()).collect()),
            Phase::Attack | Phase::Reroll => ToMove::Chance,
            Phase::Respond => ToMove::Seat(s.active.other()),
            Phase::Over => ToMove::Over,
        }
    }
    fn legal_actions_of(&self, s: &ToyState, seat: Seat, out: &mut Vec<ToyAction>) {
        if self.to_move(s).owes(seat) {
            self.legal_actions(s, out);
        }
    }
    fn legal_actions(&self, s: &ToyState, out: &mut Vec<ToyAction>) {
        match s.phase {
            Phase::Commit => out.extend((1..=3).map(ToyAction::Commit)),
            Phase::Respond => {
                out.push(ToyAction::Accept);
                if !s.rerolled[s.active.other().index()] {
                    out.push(ToyAction::Reroll);
                }
            }
            _ => {}
        }
    }
    fn check(&self, s: &ToyState, action: &ToyAction) -> Result<(), Refusal> {
        match (s.phase, action) {
            (Phase::Commit, ToyAction::Commit(n)) if (1..=3).contains(n) => Ok(()),
            (Phase::Commit, ToyAction::Commit(_)) => {
                Err(Refusal::new("toy.commit.range", "a secret is a number from 1 to 3", "Toy 1"))
            }
            (Phase::Respond, ToyAction::Accept) => Ok(()),
            (Phase::Respond, ToyAction::Reroll) if s.rerolled[s.active.other().index()] => {
                Err(Refusal::new("toy.reroll.used", "each seat may reroll only once per game", "Toy 3"))
            }
            (Phase::Respond, ToyAction::Reroll) => Ok(()),
            _ => {
                Err(Refusal::because("toy.phase", format!("{action:?} does not fit the {:?} phase", s.phase), "Toy 2"))
            }
        }
    }
    fn apply_action<E: EventSink<ToyEvent>>(
        &self,
        s: &mut ToyState,
        action: &ToyAction,
        events: &mut E,
    ) -> Result<(), Refusal> {
        self.check(s, action)?;
        match *action {
            ToyAction::Commit(_) => {
                let seat = self.to_move(s).first_seat().unwrap_or(Seat(0));
                return self.apply_commit(s, seat, action, events);
            }
            ToyAction::Accept => Self::resolve(s, events),
            ToyAction::Reroll => {
                s.rerolled[s.active.other().index()] = true;
                s.phase = Phase::Reroll;
            }
        }
        Ok(())
    }
    fn apply_commit<E: EventSink<ToyEvent>>(
        &self,
        s: &mut ToyState,
        seat: Seat,
        action: &ToyAction,
        events: &mut E,
    ) -> Result<(), Refusal> {
        self.check(s, action)?;
        let (ToyAction::Commit(n), Some(slot)) = (*action, s.secrets.get_mut(seat.index())) else {
            return Err(Refusal::new("toy.phase", "only secrets are committed now", "Toy 1"));
        };
        if slot.is_some() {
            return Err(Refusal::new("toy.commit.again", "a seat commits once", "Toy 1"));
        }
        *slot = Some(n);
        events.emit(ToyEvent::Committed(seat));
        if s.secrets.iter().all(Option::is_some) {
            s.phase = Phase::Attack;
        }
        Ok(())
    }
    fn decision_visibility(&self, s: &ToyState, decision: &Decision<ToyAction>) -> Visibility {
        match (s.phase, decision.seat(self.to_move(s))) {
            (Phase::Commit, Some(seat)) => Visibility::only(seat),
            _ => Visibility::Public,
        }
    }
    fn resample<R: Rng + ?Sized>(&self, _seat: Seat, view: &ToyView, rng: &mut R) -> Option<ToyState> {
        let mut s = view.public.clone();
        for (slot, seen) in s.secrets.iter_mut().zip(&view.secrets) {
            *slot = match seen {
                SecretView::Pending => None,
                SecretView::Shown(v) => Some(*v),
                SecretView::Hidden => Some(rng.random_range(1..=3)),
            };
        }
        Some(s)
    }
    fn dice(&self, s: &ToyState) -> DiceRequest {
        match s.phase {
            Phase::Attack => DiceRequest::new().with_many(2, 6, "attacker").with(6, "defender"),
            Phase::Reroll => DiceRequest::new().with(6, "defender"),
            _ => DiceRequest::new(),
        }
    }
    fn apply_roll<E: EventSink<ToyEvent>>(&self, s: &mut ToyState, roll: &Roll, events: &mut E) -> Result<(), Refusal> {
        match s.phase {
            Phase::Attack => {
                events.emit(ToyEvent::Rolled(roll.values().to_vec()));
                s.dice = roll.values().to_vec();
                s.phase = Phase::Respond;
            }
            Phase::Reroll => {
                events.emit(ToyEvent::Rolled(roll.values().to_vec()));
                s.dice[2] = roll.values()[0];
                Self::resolve(s, events);
            }
            _ => return Err(Refusal::new("toy.phase", "no dice are rolled now", "Toy 2")),
        }
        Ok(())
    }
    fn outcome(&self, s: &ToyState) -> Option<Outcome> {
        if s.phase != Phase::Over {
            return None;
        }
        let [a, b] = s.scores;
        let (kind, why) = match a.cmp(&b) {
            Ordering::Equal => (OutcomeKind::Draw, "level"),
            Ordering::Greater => (OutcomeKind::Win(vec![Seat(0)]), "P1 leads"),
            Ordering::Less => (OutcomeKind::Win(vec![Seat(1)]), "P2 leads"),
        };
        Some(Outcome { kind, reason: format!("after {} rounds {why} {a}-{b}", s.round) })
    }
    fn returns(&self, s: &ToyState, seat: Seat) -> f64 {
        match self.outcome(s).map(|o| o.kind) {
            Some(OutcomeKind::Win(w)) if w.contains(&seat) => 1.0,
            Some(OutcomeKind::Win(_)) => -1.0,
            _ => 0.0,
        }
    }
    fn observe(&self, s: &ToyState, viewer: Viewer) -> ToyView {
        let secret = |i: usize| match s.secrets[i] {
            None => SecretView::Pending,
            Some(v) if s.revealed || viewer == Viewer::Referee || viewer == Viewer::Seat(Seat(i as u8)) => {
                SecretView::Shown(v)
            }
            Some(_) => SecretView::Hidden,
        };
        ToyView { public: ToyState { secrets: [None; 2], ..s.clone() }, secrets: [secret(0), secret(1)] }
    }
}

// ---------------------------------------------------------------------------
// Deliberately broken variants, for the conformance suite to catch
// ---------------------------------------------------------------------------

/// How [`Broken`] departs from Toy Duel; the variant, so that records rebuild it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
enum Flaw {
    /// No flaw: plays exactly like Toy Duel.
    #[default]
    None,
    /// Lists a reroll that has already been used (and then refuses it).
    ListsRefused,
    /// Starts over instead of ending.
    NeverEnds,
    /// Keeps a counter that serialisation drops.
    LossyState,
    /// Says the game is over without giving an outcome.
    OverWithoutOutcome,
    /// Refuses attack rolls whose attacker dice show doubles (legal per the trait).
    RefusesDoubles,
    /// The random draw finds nothing when the defender must answer, though
    /// accepting is listed.
    DrawsNothing,
    /// A refused action still bumps the round counter.
    DirtyRefusal,
    /// Shows P2 P1's secret while the commit says it is P1's alone.
    LeaksSecret,
    /// P2's secret grows by one when P2 commits before P1.
    OrderMatters,
    /// Resamples the viewer's own secret too, at random.
    ForgetfulResample,
}

/// Toy Duel with a [`Flaw`].
#[derive(Clone, Copy, Debug)]
struct Broken {
    /// What is broken.
    flaw: Flaw,
}

/// A Toy Duel state plus a counter that is not serialised.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
struct BrokenState {
    /// The toy state.
    toy: ToyState,
    /// Decisions applied; counted only by [`Flaw::LossyState`] and lost in JSON.
    #[serde(skip)]
    applied: u32,
}

impl Broken {
    /// What the flaw does after each applied decision.
    fn after(&self, s: &mut BrokenState) {
        match self.flaw {
            Flaw::LossyState => s.applied += 1,
            Flaw::NeverEnds if s.toy.phase == Phase::Over => s.toy = Toy.initial_state(),
            _ => {}
        }
    }
}

impl Game for Broken {
    type Variant = Flaw;
    type State = BrokenState;
    type Action = ToyAction;
    type Event = ToyEvent;
    type Observation = ToyView;

    const ID: &'static str = "toy-broken";
    const NAME: &'static str = "Broken Toy Duel";

    fn new(flaw: Flaw, seats: usize) -> Result<Self, ConfigError> {
        Toy::new((), seats).map(|_| Broken { flaw })
    }
    fn variant(&self) -> &Flaw {
        &self.flaw
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
    fn initial_state(&self) -> BrokenState {
        BrokenState { toy: Toy.initial_state(), applied: 0 }
    }
    fn validate_state(&self, s: &BrokenState) -> Result<(), String> {
        Toy.validate_state(&s.toy)
    }
    fn to_move(&self, s: &BrokenState) -> ToMove {
        Toy.to_move(&s.toy)
    }
    fn legal_actions_of(&self, s: &BrokenState, seat: Seat, out: &mut Vec<ToyAction>) {
        if self.to_move(s) == ToMove::Seat(seat) {
            self.legal_actions(s, out);
        } else {
            Toy.legal_actions_of(&s.toy, seat, out);
        }
    }
    fn legal_actions(&self, s: &BrokenState, out: &mut Vec<ToyAction>) {
        Toy.legal_actions(&s.toy, out);
        if self.flaw == Flaw::ListsRefused && s.toy.phase == Phase::Respond && !out.contains(&ToyAction::Reroll) {
            out.push(ToyAction::Reroll);
        }
    }
    fn check(&self, s: &BrokenState, action: &ToyAction) -> Result<(), Refusal> {
        Toy.check(&s.toy, action)
    }
    fn apply_action<E: EventSink<ToyEvent>>(
        &self,
        s: &mut BrokenState,
        action: &ToyAction,
        events: &mut E,
    ) -> Result<(), Refusal> {
        if let Err(r) = Toy.apply_action(&mut s.toy, action, events) {
            if self.flaw == Flaw::DirtyRefusal {
                s.toy.round = s.toy.round.wrapping_add(1);
            }
            return Err(r);
        }
        self.after(s);
        Ok(())
    }
    fn random_action<R: rand::Rng + ?Sized>(
        &self,
        s: &BrokenState,
        rng: &mut R,
        scratch: &mut Vec<ToyAction>,
    ) -> Option<ToyAction> {
        if self.flaw == Flaw::DrawsNothing && s.toy.phase == Phase::Respond {
            return None;
        }
        scratch.clear();
        self.legal_actions(s, scratch);
        if scratch.is_empty() {
            return None;
        }
        let i = rand::RngExt::random_range(rng, 0..scratch.len());
        Some(scratch.swap_remove(i))
    }
    fn apply_commit<E: EventSink<ToyEvent>>(
        &self,
        s: &mut BrokenState,
        seat: Seat,
        action: &ToyAction,
        events: &mut E,
    ) -> Result<(), Refusal> {
        let first = s.toy.secrets.iter().all(Option::is_none);
        let action = match (self.flaw, seat, action) {
            (Flaw::OrderMatters, Seat(1), ToyAction::Commit(n)) if first => ToyAction::Commit((n + 1).min(3)),
            _ => *action,
        };
        Toy.apply_commit(&mut s.toy, seat, &action, events)?;
        self.after(s);
        Ok(())
    }
    fn decision_visibility(&self, s: &BrokenState, decision: &Decision<ToyAction>) -> Visibility {
        Toy.decision_visibility(&s.toy, decision)
    }
    fn resample<R: Rng + ?Sized>(&self, seat: Seat, view: &ToyView, rng: &mut R) -> Option<BrokenState> {
        let mut toy = Toy.resample(seat, view, rng)?;
        if let (Flaw::ForgetfulResample, Some(own)) = (self.flaw, toy.secrets[seat.index()].as_mut()) {
            *own = rng.random_range(1..=3);
        }
        Some(BrokenState { toy, applied: 0 })
    }
    fn dice(&self, s: &BrokenState) -> DiceRequest {
        Toy.dice(&s.toy)
    }
    fn apply_roll<E: EventSink<ToyEvent>>(
        &self,
        s: &mut BrokenState,
        roll: &Roll,
        events: &mut E,
    ) -> Result<(), Refusal> {
        let v = roll.values();
        if self.flaw == Flaw::RefusesDoubles && s.toy.phase == Phase::Attack && v[0] == v[1] {
            return Err(Refusal::new("toy.flaw.doubles", "this broken toy refuses doubles", "none"));
        }
        Toy.apply_roll(&mut s.toy, roll, events)?;
        self.after(s);
        Ok(())
    }
    fn outcome(&self, s: &BrokenState) -> Option<Outcome> {
        if self.flaw == Flaw::OverWithoutOutcome { None } else { Toy.outcome(&s.toy) }
    }
    fn returns(&self, s: &BrokenState, seat: Seat) -> f64 {
        Toy.returns(&s.toy, seat)
    }
    fn observe(&self, s: &BrokenState, viewer: Viewer) -> ToyView {
        let mut view = Toy.observe(&s.toy, viewer);
        if let (Flaw::LeaksSecret, Viewer::Seat(Seat(1)), Some(v)) = (self.flaw, viewer, s.toy.secrets[0]) {
            view.secrets[0] = SecretView::Shown(v);
        }
        view
    }
}

// ---------------------------------------------------------------------------
// Helpers
// ---------------------------------------------------------------------------

/// A two-human match config for game `G`.
fn config<G: Game>(variant: G::Variant, seed: u64, dice: DiceMode) -> MatchConfig<G::Variant> {
    MatchConfig {
        game: G::ID.into(),
        variant,
        players: vec![PlayerSpec::human("Ann"), PlayerSpec::human("Bob")],
        seed,
        dice,
    }
}

/// A seeded Toy Duel session.
fn session(seed: u64) -> Session<Toy> {
    Session::new(config::<Toy>((), seed, DiceMode::Seeded)).unwrap()
}

/// A fixed policy: P1 commits 2, P2 commits 3; a defender rerolls a 1 or 2
/// while they can and accepts otherwise.
fn policy(s: &ToyState) -> ToyAction {
    match s.phase {
        Phase::Commit => ToyAction::Commit(if s.secrets[0].is_none() { 2 } else { 3 }),
        _ if s.dice[2] <= 2 && !s.rerolled[s.active.other().index()] => ToyAction::Reroll,
        _ => ToyAction::Accept,
    }
}

/// Takes one decision in a session: seeded dice or the policy's action.
/// Returns the roll, if dice were rolled.
fn step(session: &mut Session<Toy>) -> Option<Roll> {
    match session.to_move() {
        ToMove::Chance => Some(session.roll_seeded().unwrap().0),
        ToMove::Seat(seat) => {
            let action = policy(session.state());
            session.act_as(seat, action).unwrap();
            None
        }
        ToMove::Together(set) => {
            let action = policy(session.state());
            session.act_as(set.lowest().unwrap(), action).unwrap();
            None
        }
        ToMove::Over => panic!("the game is over"),
    }
}

/// Plays a session to the end with [`step`].
fn play_out(session: &mut Session<Toy>) {
    while session.to_move() != ToMove::Over {
        step(session);
    }
}

/// Applies decisions to a fresh toy state, panicking on refusal.
fn after(decisions: &[Decision<ToyAction>]) -> ToyState {
    let mut state = Toy.initial_state();
    for d in decisions {
        Toy.apply(&mut state, d, &mut Discard).unwrap_or_else(|r| panic!("{d:?}: {r}"));
    }
    state
}

/// A roll from values.
fn roll(values: &[u8]) -> Decision<ToyAction> {
    Decision::Roll(Roll::from_values(values).unwrap())
}

/// Both seats commit: P1 `a`, then P2 `b`.
fn commits(a: u8, b: u8) -> Vec<Decision<ToyAction>> {
    vec![commit(0, a), commit(1, b)]
}

/// Seat `seat`'s secret choice of `n`.
fn commit(seat: u8, n: u8) -> Decision<ToyAction> {
    Decision::Commit { seat: Seat(seat), action: ToyAction::Commit(n) }
}

/// Applies a decision that must be refused; checks the rule and that the state
/// did not change.
fn refused<G: Game>(game: &G, state: &G::State, decision: &Decision<G::Action>, rule: &str) {
    let mut copy = state.clone();
    let refusal = game.apply(&mut copy, decision, &mut Discard).expect_err("the decision should be refused");
    assert_eq!(refusal.rule, rule, "{decision:?}: {refusal}");
    assert_eq!(&copy, state, "a refused decision changed the state");
}

// ---------------------------------------------------------------------------
// Conformance
// ---------------------------------------------------------------------------

#[test]
fn toy_game_conforms() {
    let report = conformance::run(&Toy, &Options { games: 200, seed: 7, ..Options::default() }).unwrap();
    assert_eq!(report.games, 200);
    assert!(report.rolls > 200, "{report:?}");
    assert!(report.decisions > report.rolls, "{report:?}");
    // Two commits, two decisions a round and at most two rerolls.
    assert!(report.longest <= 2 + 2 * MAX_ROUNDS as usize + 4, "{report:?}");
}

#[test]
fn broken_wrapper_without_a_flaw_conforms() {
    // The control for the tests below: the failures come from the flaws.
    let report = conformance::run(&Broken { flaw: Flaw::None }, &Options { games: 50, ..Options::default() });
    assert_eq!(report.unwrap().games, 50);
}

/// Runs the suite on a broken toy and returns its error.
fn conformance_error(flaw: Flaw, max_decisions: usize) -> String {
    let options = Options { games: 100, seed: 3, max_decisions, ..Options::default() };
    conformance::run(&Broken { flaw }, &options).expect_err("a broken game passed the conformance suite")
}

#[test]
fn conformance_catches_a_listed_action_that_is_refused() {
    // The random draw picks from the list: the used reroll is caught as
    // drawn, or as listed when the deep check reaches it first.
    let e = conformance_error(Flaw::ListsRefused, 1000);
    assert!(e.contains("Reroll") && e.contains("toy.reroll.used"), "{e}");
    assert!(e.contains("random_action drew Reroll") || e.contains("listed action Reroll"), "{e}");
}

#[test]
fn conformance_catches_a_draw_that_finds_nothing_while_actions_are_listed() {
    let e = conformance_error(Flaw::DrawsNothing, 1000);
    assert!(e.contains("random_action found nothing although 2 actions are listed"), "{e}");
}

#[test]
fn conformance_catches_a_refusal_that_changes_the_state() {
    let e = conformance_error(Flaw::DirtyRefusal, 1000);
    assert!(e.contains("changed the state"), "{e}");
}

#[test]
fn a_checked_game_keeps_its_record_up_to_the_failing_state() {
    // What `arbiter soak` writes when a game fails: the record up to the
    // state that failed, which replays (and verifies against its seed) to
    // exactly that state.
    let game = Broken { flaw: Flaw::DrawsNothing };
    let mut record = Record::new(conformance::random_config(&game, 9));
    let mut report = conformance::Report::default();
    let checks = conformance::Checks { deep_one_in: 16, ..conformance::Checks::default() };
    let v = conformance::play_checked(&game, &checks, &mut record, &mut report, &mut |_, _| Ok(()))
        .expect_err("the flaw is caught");
    assert_eq!(v.step, Some(record.decisions.len()), "{v}");
    assert!(v.to_string().starts_with(&format!("decision {}: ", record.decisions.len())), "{v}");
    let read = Record::<Broken>::from_json(&record.to_json().unwrap()).unwrap();
    read.verify_seed().unwrap();
    let (_, state) = read.replay().unwrap();
    assert_eq!(state.toy.phase, Phase::Respond, "the record stops where the defender must answer");
    assert_eq!(report.games, 0);
    // The same game without the flaw plays to the end and is counted.
    let mut record = Record::new(conformance::random_config(&Toy, 9));
    let end = conformance::play_checked(&Toy, &checks, &mut record, &mut report, &mut |_, _| Ok(())).unwrap();
    assert_eq!(Toy.to_move(&end), ToMove::Over);
    assert_eq!((report.games, report.decisions), (1, record.decisions.len()));
}

#[test]
fn conformance_catches_a_game_that_never_ends() {
    let e = conformance_error(Flaw::NeverEnds, 500);
    assert!(e.contains("did not end within 500 decisions"), "{e}");
}

#[test]
fn conformance_catches_a_state_that_does_not_serialise_back() {
    let e = conformance_error(Flaw::LossyState, 1000);
    assert!(e.contains("decision 1:") && e.contains("does not read back identically"), "{e}");
}

#[test]
fn conformance_catches_a_secret_shown_to_the_wrong_seat() {
    let e = conformance_error(Flaw::LeaksSecret, 1000);
    assert!(e.contains("is hidden from Seat(Seat(1))") && e.contains("another observation"), "{e}");
}

#[test]
fn conformance_catches_simultaneous_choices_that_depend_on_their_order() {
    let e = conformance_error(Flaw::OrderMatters, 1000);
    assert!(e.contains("another state when committed in another order"), "{e}");
}

#[test]
fn conformance_catches_a_resample_inconsistent_with_the_seat_s_own_knowledge() {
    let e = conformance_error(Flaw::ForgetfulResample, 1000);
    assert!(e.contains("resampled for") && e.contains("another observation"), "{e}");
}

#[test]
fn conformance_catches_an_end_without_an_outcome() {
    let e = conformance_error(Flaw::OverWithoutOutcome, 1000);
    assert!(e.contains("over but has no outcome"), "{e}");
}

// ---------------------------------------------------------------------------
// Decisions through the Game trait
// ---------------------------------------------------------------------------

#[test]
fn the_defender_owes_the_response_and_apply_as_checks_the_seat() {
    let mut state = after(&[commits(2, 3), vec![roll(&[5, 4, 2])]].concat());
    assert_eq!(state.active, Seat(0));
    assert_eq!(Toy.to_move(&state), ToMove::Seat(Seat(1)), "the defender, not the active seat, decides");
    let mut actions = Vec::new();
    Toy.legal_actions(&state, &mut actions);
    assert_eq!(actions, [ToyAction::Accept, ToyAction::Reroll]);

    let before = state.clone();
    let r = Toy.apply_as(&mut state, Seat(0), &ToyAction::Accept, &mut Discard).unwrap_err();
    assert_eq!(r.rule, "core.turn.not-yours");
    assert!(r.reason.contains("P2") && r.reason.contains("P1"), "{r}");
    assert_eq!(state, before);

    let mut events = Vec::new();
    Toy.apply_as(&mut state, Seat(1), &ToyAction::Accept, &mut events).unwrap();
    // 9 beats 2 × 2 for P1; P2's higher secret scores on the reveal.
    assert_eq!(events, [ToyEvent::Scored(Seat(0)), ToyEvent::Revealed([2, 3]), ToyEvent::Scored(Seat(1))]);
    assert_eq!((state.scores, state.active, state.phase), ([1, 1], Seat(1), Phase::Attack));

    let before = state.clone();
    let r = Toy.apply_as(&mut state, Seat(1), &ToyAction::Accept, &mut Discard).unwrap_err();
    assert_eq!(r.rule, "core.turn.chance");
    assert_eq!(state, before);
}

#[test]
fn decisions_of_the_wrong_kind_or_shape_are_refused() {
    let start = Toy.initial_state();
    refused(&Toy, &start, &roll(&[1, 1, 1]), "core.turn.not-chance");
    refused(&Toy, &start, &Decision::Act(ToyAction::Commit(4)), "toy.commit.range");
    refused(&Toy, &start, &Decision::Act(ToyAction::Accept), "toy.phase");

    let attack = after(&commits(1, 1));
    assert_eq!(Toy.to_move(&attack), ToMove::Chance);
    assert_eq!(Toy.dice(&attack).to_string(), "2d6 (attacker), 1d6 (defender)");
    refused(&Toy, &attack, &Decision::Act(ToyAction::Accept), "core.turn.chance");
    refused(&Toy, &attack, &roll(&[3, 4]), "core.chance.roll");
    refused(&Toy, &attack, &roll(&[3, 4, 5, 6]), "core.chance.roll");
    refused(&Toy, &attack, &roll(&[3, 7, 5]), "core.chance.roll");
    refused(&Toy, &attack, &roll(&[0, 4, 5]), "core.chance.roll");

    let reroll = after(&[commits(1, 1), vec![roll(&[3, 4, 1]), Decision::Act(ToyAction::Reroll)]].concat());
    assert_eq!(Toy.dice(&reroll).to_string(), "1d6 (defender)");
    refused(&Toy, &reroll, &roll(&[3, 4, 5]), "core.chance.roll");
    let mut state = reroll.clone();
    Toy.apply(&mut state, &roll(&[6]), &mut Discard).unwrap();
    assert_eq!(state.scores, [0, 1], "7 falls short of 2 × 6; equal secrets score nothing");
}

#[test]
fn each_seat_may_reroll_once() {
    // Rounds 1 and 2 tie (6 against 2 × 3); P2 defends again in round 3.
    let tie = [roll(&[3, 3, 1]), Decision::Act(ToyAction::Reroll), roll(&[3])];
    let state = after(&[commits(2, 2), tie.to_vec(), tie.to_vec(), vec![roll(&[1, 1, 6])]].concat());
    assert_eq!((state.round, state.scores, Toy.to_move(&state)), (2, [0, 0], ToMove::Seat(Seat(1))));
    let mut actions = Vec::new();
    Toy.legal_actions(&state, &mut actions);
    assert_eq!(actions, [ToyAction::Accept]);
    assert_eq!(Toy.check(&state, &ToyAction::Reroll).unwrap_err().rule, "toy.reroll.used");
    refused(&Toy, &state, &Decision::Act(ToyAction::Reroll), "toy.reroll.used");
}

#[test]
fn the_game_ends_with_an_outcome_and_refuses_further_decisions() {
    // P1 wins round 1 and holds the higher secret, then defends round 2 well.
    let lose = [roll(&[1, 1, 6]), Decision::Act(ToyAction::Accept)];
    let win = [roll(&[6, 6, 1]), Decision::Act(ToyAction::Accept)];
    let state = after(&[commits(3, 1), win.to_vec(), lose.to_vec()].concat());
    assert_eq!((state.scores, state.phase), ([3, 0], Phase::Over));
    assert_eq!(Toy.to_move(&state), ToMove::Over);
    assert_eq!(Toy.outcome(&state).unwrap().kind, OutcomeKind::Win(vec![Seat(0)]));
    assert_eq!((Toy.returns(&state, Seat(0)), Toy.returns(&state, Seat(1))), (1.0, -1.0));
    refused(&Toy, &state, &Decision::Act(ToyAction::Accept), "core.turn.over");
    refused(&Toy, &state, &roll(&[1, 1, 1]), "core.turn.over");
    let mut copy = state.clone();
    assert_eq!(Toy.apply_as(&mut copy, Seat(1), &ToyAction::Accept, &mut Discard).unwrap_err().rule, "core.turn.over");

    let mid = after(&commits(3, 1));
    assert_eq!((Toy.outcome(&mid), Toy.returns(&mid, Seat(0))), (None, 0.0));
}

#[test]
fn observations_hide_other_seats_secrets_until_revealed() {
    assert!(Toy.has_hidden_information());
    let json = |s: &ToyState, v: Viewer| serde_json::to_value(Toy.observe(s, v)).unwrap();
    let state = after(&commits(2, 3));
    let shown = |v: u8| serde_json::json!({ "Shown": v });
    assert_eq!(json(&state, Viewer::Seat(Seat(0)))["secrets"], serde_json::json!([shown(2), "Hidden"]));
    assert_eq!(json(&state, Viewer::Seat(Seat(1)))["secrets"], serde_json::json!(["Hidden", shown(3)]));
    assert_eq!(json(&state, Viewer::Spectator)["secrets"], serde_json::json!(["Hidden", "Hidden"]));
    assert_eq!(json(&state, Viewer::Referee)["secrets"], serde_json::json!([shown(2), shown(3)]));
    let half = after(&commits(2, 3)[..1]);
    assert_eq!(json(&half, Viewer::Seat(Seat(1)))["secrets"], serde_json::json!(["Hidden", "Pending"]));

    // What a viewer sees does not depend on secrets they may not see at all.
    for (a, b) in [(2, 1), (2, 2), (1, 3), (3, 3), (1, 1)] {
        let other = after(&commits(a, b));
        assert_eq!(json(&state, Viewer::Spectator), json(&other, Viewer::Spectator));
        if a == 2 {
            assert_eq!(json(&state, Viewer::Seat(Seat(0))), json(&other, Viewer::Seat(Seat(0))));
        }
        if b == 3 {
            assert_eq!(json(&state, Viewer::Seat(Seat(1))), json(&other, Viewer::Seat(Seat(1))));
        }
        assert_ne!(json(&state, Viewer::Referee), json(&other, Viewer::Referee));
    }
    let a = after(&[commits(2, 1), vec![roll(&[2, 2, 5])]].concat());
    let b = after(&[commits(2, 3), vec![roll(&[2, 2, 5])]].concat());
    assert_eq!(json(&a, Viewer::Seat(Seat(0))), json(&b, Viewer::Seat(Seat(0))));

    // After the first round everyone sees both.
    let revealed = after(&[commits(2, 3), vec![roll(&[2, 2, 5]), Decision::Act(ToyAction::Accept)]].concat());
    assert_eq!(json(&revealed, Viewer::Spectator)["secrets"], serde_json::json!([shown(2), shown(3)]));
}

// ---------------------------------------------------------------------------
// Session
// ---------------------------------------------------------------------------

#[test]
fn seeded_sessions_repeat_for_the_same_seed() {
    let (mut a, mut b, mut c) = (session(11), session(11), session(12));
    play_out(&mut a);
    play_out(&mut b);
    play_out(&mut c);
    assert_eq!(a.record(), b.record());
    assert_eq!(a.state(), b.state());
    let rolls = |s: &Session<Toy>| -> Vec<Roll> {
        s.record()
            .decisions
            .iter()
            .filter_map(|d| if let Decision::Roll(r) = d { Some(r.clone()) } else { None })
            .collect()
    };
    assert!(rolls(&a).len() >= 2);
    assert_ne!(rolls(&a), rolls(&c), "another seed should roll differently");
    // The rolls are the seed's, in order, for whatever request each one answered.
    a.record().verify_seed().unwrap();
}

#[test]
fn undo_then_roll_again_gives_the_same_rolls() {
    let mut s = session(5);
    step(&mut s);
    step(&mut s);
    let mark = s.len();
    let mut first = Vec::new();
    while s.to_move() != ToMove::Over {
        first.extend(step(&mut s));
    }
    assert!(first.len() >= 2, "{first:?}");
    let end = s.record().clone();

    s.undo_to(mark).unwrap();
    assert_eq!(s.len(), mark);
    assert_eq!(s.state(), &after(&commits(2, 3)));
    let mut again = Vec::new();
    while s.to_move() != ToMove::Over {
        again.extend(step(&mut s));
    }
    assert_eq!(again, first);
    assert_eq!(s.record(), &end);

    // Undoing a single roll and rolling again repeats it, however often.
    for _ in 0..3 {
        s.undo_to(mark).unwrap();
        assert_eq!(s.roll_seeded().unwrap().0, first[0]);
    }
    // Undo in the middle, then carry on: the later rolls come out as before.
    s.undo_to(mark + 3).unwrap();
    while s.to_move() != ToMove::Over {
        step(&mut s);
    }
    assert_eq!(s.record(), &end);
}

#[test]
fn a_session_resumes_from_its_record() {
    let mut s = session(21);
    for _ in 0..5 {
        step(&mut s);
    }
    let json = s.record().to_json().unwrap();
    let mut resumed = Session::<Toy>::from_record(Record::from_json(&json).unwrap()).unwrap();
    assert_eq!(resumed.state(), s.state());
    assert_eq!(resumed.record(), s.record());
    // The dice carry on where they were.
    play_out(&mut s);
    play_out(&mut resumed);
    assert_eq!(resumed.record(), s.record());
    assert_eq!(resumed.state(), s.state());
}

#[test]
fn act_as_the_wrong_seat_is_refused_and_not_recorded() {
    let mut s = session(2);
    // Both seats owe their secret at once: P2 may commit first.
    assert_eq!(s.to_move(), ToMove::Together(Seats::first(2)));
    s.act_as(Seat(1), ToyAction::Commit(1)).unwrap();
    assert_eq!(s.record().decisions, [commit(1, 1)], "the choice is recorded with its seat");
    let r = s.act_as(Seat(1), ToyAction::Commit(2)).unwrap_err();
    assert_eq!(r.rule, "core.turn.not-yours", "P2 has chosen already: {r}");
    assert!(r.reason.contains("waiting for P1"), "{r}");
    assert_eq!(s.len(), 1);
    step(&mut s);
    assert_eq!(s.state().secrets, [Some(2), Some(1)]);
    let r = s.act_as(Seat(0), ToyAction::Accept).unwrap_err();
    assert_eq!(r.rule, "core.turn.chance");
    step(&mut s);
    let (len, state, record) = (s.len(), s.state().clone(), s.record().clone());
    let r = s.act_as(Seat(0), ToyAction::Accept).unwrap_err();
    assert_eq!(r.rule, "core.turn.not-yours", "P2 defends in round 1");
    assert_eq!((s.len(), s.state(), s.record()), (len, &state, &record));
    s.act_as(Seat(1), ToyAction::Accept).unwrap();
    assert_eq!(s.record().decisions.last(), Some(&Decision::Act(ToyAction::Accept)));
}

#[test]
fn typed_rolls_and_refused_rolls_keep_the_seeded_dice_in_step() {
    let (mut seeded, mut typed) = (session(8), session(8));
    for s in [&mut seeded, &mut typed] {
        step(s);
        step(s);
    }
    // A refused roll takes nothing from the generator.
    assert_eq!(typed.apply(roll(&[1, 2])).unwrap_err().rule, "core.chance.roll");
    assert_eq!(typed.len(), 2);
    let first = seeded.roll_seeded().unwrap().0;
    let other = if first.values()[2] == 6 { [6, 6, 5] } else { [6, 6, 6] };
    typed.apply(roll(&other)).unwrap();
    // Both defenders accept; the next seeded roll is the seed's second either way.
    seeded.act_as(Seat(1), ToyAction::Accept).unwrap();
    typed.act_as(Seat(1), ToyAction::Accept).unwrap();
    assert_eq!(seeded.roll_seeded().unwrap().0, typed.roll_seeded().unwrap().0);
}

#[test]
fn a_refused_seeded_roll_leaves_the_session_unchanged() {
    // Find a seed whose first attack roll shows attacker doubles, and whose
    // second does not.
    let request = Toy.dice(&after(&commits(1, 1)));
    let doubles = |r: &Roll| r.values()[0] == r.values()[1];
    let seed = (0..1000u64)
        .find(|&seed| {
            let mut dice = SeededDice::new(seed);
            doubles(&dice.roll_now(&request)) && !doubles(&dice.roll_now(&request))
        })
        .unwrap();
    let mut s = Session::<Broken>::new(config::<Broken>(Flaw::RefusesDoubles, seed, DiceMode::Seeded)).unwrap();
    s.act_as(Seat(0), ToyAction::Commit(1)).unwrap();
    s.act_as(Seat(1), ToyAction::Commit(1)).unwrap();
    assert_eq!(s.roll_seeded().unwrap_err().rule, "toy.flaw.doubles");
    assert_eq!(s.len(), 2);
    // A refused decision should change nothing: the session must go on exactly
    // like one rebuilt from its record (Session::apply restores the dice on a
    // refusal; roll_seeded does not).
    let mut rebuilt = Session::from_record(s.record().clone()).unwrap();
    assert_eq!(s.roll_seeded(), rebuilt.roll_seeded());
    assert_eq!(s.record().verify_seed(), Ok(()));
}

// ---------------------------------------------------------------------------
// Records
// ---------------------------------------------------------------------------

#[test]
fn records_round_trip_through_json_and_replay() {
    let mut s = session(31);
    play_out(&mut s);
    let json = s.record().to_json().unwrap();
    let read = Record::<Toy>::from_json(&json).unwrap();
    assert_eq!(&read, s.record());
    assert_eq!(read.to_json().unwrap(), json);
    let (_, state) = read.replay().unwrap();
    assert_eq!(&state, s.state());
    let mut count = 0;
    read.replay_with(|i, decision, events, _| {
        assert_eq!(i, count);
        if matches!(decision, Decision::Roll(_) | Decision::Act(ToyAction::Commit(_))) {
            assert!(!events.is_empty(), "{decision:?} told nothing");
        }
        count += 1;
    })
    .unwrap();
    assert_eq!(count, read.decisions.len());
}

/// Parses JSON text to a value, for editing records and state files.
fn value(text: &str) -> serde_json::Value {
    serde_json::from_str(text).unwrap()
}

#[test]
fn bad_record_files_get_clear_errors() {
    let mut s = session(4);
    play_out(&mut s);
    let good = value(&s.record().to_json().unwrap());
    let edit = |f: &dyn Fn(&mut serde_json::Value)| {
        let mut v = good.clone();
        f(&mut v);
        Record::<Toy>::from_json(&v.to_string()).unwrap_err()
    };
    let cut = good.to_string();
    for text in ["", "not json", "[1, 2]", "null", "{\"format\": \"arbiter.record\"}", &cut[..cut.len() / 2]] {
        let e = Record::<Toy>::from_json(text).unwrap_err();
        assert!(matches!(e, RecordError::File(EnvelopeError::Json(_))), "{text:?}: {e:?}");
        assert!(e.to_string().contains("invalid JSON"), "{e}");
    }
    let e = edit(&|v| v["format"] = "arbiter.state".into());
    assert!(matches!(&e, RecordError::File(EnvelopeError::Format { found, .. }) if found == "arbiter.state"), "{e:?}");
    let e = edit(&|v| v["version"] = 2.into());
    assert!(matches!(e, RecordError::File(EnvelopeError::Version { found: 2, supported: 1, .. })), "{e:?}");
    assert!(e.to_string().contains("version 2 is not supported"), "{e}");
    let e = edit(&|v| v["game"] = "essence".into());
    assert!(matches!(&e, RecordError::File(EnvelopeError::Game { found, .. }) if found == "essence"), "{e:?}");
    let e = edit(&|v| v["config"]["game"] = "essence".into());
    assert!(matches!(e, RecordError::Replay(ReplayError::Config(ConfigError::WrongGame { .. }))), "{e:?}");
    let e = edit(&|v| v["config"]["players"].as_array_mut().unwrap().truncate(1));
    assert!(matches!(e, RecordError::Replay(ReplayError::Config(ConfigError::Seats { found: 1, .. }))), "{e:?}");
    let e = edit(&|v| v["decisions"].as_array_mut().unwrap()[1] = serde_json::json!({ "act": "Jump" }));
    assert!(matches!(e, RecordError::File(EnvelopeError::Json(_))), "{e:?}");

    // Third decision: an action while the dice are owed.
    let e = edit(&|v| v["decisions"].as_array_mut().unwrap()[2] = serde_json::json!({ "act": "Accept" }));
    let RecordError::Replay(ReplayError::Refused { index, ref refusal, .. }) = e else { panic!("{e:?}") };
    assert_eq!((index, refusal.rule.as_ref()), (2, "core.turn.chance"));
    assert!(e.to_string().starts_with("decision 3 ({\"act\":\"Accept\"}) is refused"), "{e}");
}

#[test]
fn verify_seed_checks_recorded_rolls_against_the_seed() {
    let mut s = session(13);
    play_out(&mut s);
    let record = s.record().clone();
    record.verify_seed().unwrap();

    let at = record.decisions.iter().rposition(|d| matches!(d, Decision::Roll(_))).unwrap();
    let mut tampered = record.clone();
    let Decision::Roll(r) = &record.decisions[at] else { unreachable!() };
    let mut values = r.values().to_vec();
    values[0] = values[0] % 6 + 1;
    tampered.decisions[at] = roll(&values);
    let e = tampered.verify_seed().unwrap_err();
    assert!(matches!(e, ReplayError::SeedMismatch { index, seed: 13, .. } if index == at), "{e:?}");
    assert!(e.to_string().contains(&format!("decision {} rolls", at + 1)), "{e}");

    // Dice typed in at the table match no seed, and need not.
    let typed = [commits(1, 2), vec![roll(&[6, 6, 1]), Decision::Act(ToyAction::Accept), roll(&[1, 1, 6])]].concat();
    let mut manual = Record::<Toy>::new(config::<Toy>((), 13, DiceMode::Manual));
    manual.decisions = typed;
    manual.verify_seed().unwrap();
    let mut seeded = manual.clone();
    seeded.config.dice = DiceMode::Seeded;
    assert!(matches!(seeded.verify_seed(), Err(ReplayError::SeedMismatch { index: 2, .. })));
    let read = Record::<Toy>::from_json(&manual.to_json().unwrap()).unwrap();
    assert_eq!(read.config.dice, DiceMode::Manual);
    assert!(Session::from_record(read).is_ok());
    // A manual record is still replayed: an illegal decision fails verification.
    let mut illegal = manual.clone();
    illegal.decisions.push(roll(&[7, 7, 7]));
    assert!(matches!(illegal.verify_seed(), Err(ReplayError::Refused { .. })));
}

#[test]
fn sessions_refuse_bad_configs() {
    let e = Session::<Toy>::new(config::<Toy>((), 1, DiceMode::Seeded)).map(|_| ());
    assert_eq!(e, Ok(()));
    let mut wrong = config::<Toy>((), 1, DiceMode::Seeded);
    wrong.game = "essence".into();
    assert!(matches!(Session::<Toy>::new(wrong).unwrap_err(), ConfigError::WrongGame { expected: "toy", .. }));
    let mut three = config::<Toy>((), 1, DiceMode::Seeded);
    three.players.push(PlayerSpec::bot("random"));
    assert_eq!(Session::<Toy>::new(three).unwrap_err().to_string(), "Toy Duel is played by 2 players, not 3");
}

// ---------------------------------------------------------------------------
// State files
// ---------------------------------------------------------------------------

#[test]
fn state_files_round_trip_and_reject_invalid_states() {
    let state = after(&[commits(2, 3), vec![roll(&[4, 4, 2])]].concat());
    let text = StateFile::new(&Toy, state.clone()).to_json().unwrap();
    let (_, opened) = StateFile::<Toy>::from_json(&text).unwrap().open().unwrap();
    assert_eq!(opened, state);

    let good = value(&text);
    let open = |f: &dyn Fn(&mut serde_json::Value)| {
        let mut v = good.clone();
        f(&mut v);
        StateFile::<Toy>::from_json(&v.to_string()).and_then(StateFile::open).map(|_| ())
    };
    let invalid = |e: Result<(), EnvelopeError>, what: &str| {
        let Err(EnvelopeError::InvalidState(msg)) = e else { panic!("{e:?}") };
        assert!(msg.contains(what), "{msg}");
    };
    invalid(open(&|v| v["state"]["secrets"][0] = 9.into()), "secret");
    invalid(open(&|v| v["state"]["phase"] = "Commit".into()), "phase");
    invalid(open(&|v| v["state"]["dice"][1] = 7.into()), "roll");
    invalid(open(&|v| v["state"]["scores"][0] = 4.into()), "score");
    invalid(open(&|v| v["state"]["active"] = 2.into()), "P3");
    let e = open(&|v| v["seats"] = 3.into()).unwrap_err();
    assert!(matches!(e, EnvelopeError::Config(_)) && e.to_string().starts_with("invalid config"), "{e}");
    let e = open(&|v| v["format"] = "arbiter.record".into()).unwrap_err();
    assert!(matches!(e, EnvelopeError::Format { expected: "arbiter.state", .. }), "{e:?}");
    let e = open(&|v| v["game"] = "toy-broken".into()).unwrap_err();
    assert!(matches!(e, EnvelopeError::Game { expected: "toy", .. }), "{e:?}");
    assert_eq!(open(&|_| {}), Ok(()));
}

#[test]
fn config_files_round_trip_and_reject_configs_that_cannot_start() {
    let c = config::<Toy>((), 9, DiceMode::Manual);
    let text = arbiter_core::ConfigFile::<Toy>::new(c.clone()).to_json().unwrap();
    assert_eq!(arbiter_core::ConfigFile::<Toy>::from_json(&text).unwrap(), c);
    let mut three = c.clone();
    three.players.push(PlayerSpec::human("Cy"));
    let text = arbiter_core::ConfigFile::<Toy>::new(three).to_json().unwrap();
    let e = arbiter_core::ConfigFile::<Toy>::from_json(&text).unwrap_err();
    assert!(matches!(e, EnvelopeError::Config(_)), "{e:?}");
    let e = arbiter_core::ConfigFile::<Toy>::from_json(&text.replace("arbiter.config", "arbiter.state")).unwrap_err();
    assert!(matches!(e, EnvelopeError::Format { .. }), "{e:?}");
}

// ---------------------------------------------------------------------------
// Information: records per viewer and perspectives
// ---------------------------------------------------------------------------

#[test]
fn a_record_shows_each_viewer_only_what_they_may_see_until_the_end() {
    let mut s = session(5);
    step(&mut s);
    step(&mut s);
    step(&mut s);
    let mine = s.record().for_viewer(Viewer::Seat(Seat(1))).unwrap();
    assert_eq!(mine.decisions[0], None, "P1's secret choice is hidden from P2");
    assert_eq!(mine.decisions[1], Some(commit(1, 3)), "P2 sees its own");
    assert!(mine.decisions[2].is_some(), "rolls are public");
    assert_eq!(mine.hidden, 1);
    let spectator = s.record().for_viewer(Viewer::Spectator).unwrap();
    assert_eq!(spectator.hidden, 2);
    assert_eq!(s.record().for_viewer(Viewer::Referee).unwrap().hidden, 0);

    // One replay for several viewers gives each what it gives them alone.
    let viewers = [Viewer::Spectator, Viewer::Seat(Seat(1)), Viewer::Referee, Viewer::Seat(Seat(0))];
    let together = s.record().for_viewers(&viewers).unwrap();
    for (v, r) in viewers.iter().zip(&together) {
        let alone = s.record().for_viewer(*v).unwrap();
        assert_eq!((&r.decisions, r.hidden), (&alone.decisions, alone.hidden), "{v:?}");
    }
    assert_eq!(together.iter().map(|r| r.hidden).collect::<Vec<_>>(), [2, 1, 0, 1]);

    // A record with hidden decisions says so instead of failing obscurely.
    let text = serde_json::to_string(&spectator).unwrap();
    let e = Record::<Toy>::from_json(&text).unwrap_err().to_string();
    assert!(e.contains("hides 2 decisions"), "{e}");

    // Once over, Toy Duel reveals everything to everyone.
    play_out(&mut s);
    assert_eq!(s.record().for_viewer(Viewer::Spectator).unwrap().hidden, 0);
}

#[test]
fn a_perspective_keeps_the_secrets_of_a_game_that_has_them() {
    use arbiter_core::Perspective;
    use rand::SeedableRng;
    let state = after(&[commits(2, 3), vec![roll(&[2, 2, 5])]].concat());
    let view = Perspective::new(&Toy, &state, Seat(0));
    assert!(view.state().is_none() && !view.is_complete(), "a bot never gets Toy Duel's state");
    assert_eq!(view.observation(&Toy).secrets, [SecretView::Shown(2), SecretView::Hidden]);
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(1);
    let mut seen = std::collections::BTreeSet::new();
    for _ in 0..60 {
        let sample = view.sample(&Toy, &mut rng).unwrap();
        assert_eq!(sample.secrets[0], Some(2), "P1 knows its own secret");
        assert_eq!((sample.dice.as_slice(), Toy.to_move(&sample)), (&[2, 2, 5][..], ToMove::Seat(Seat(1))));
        seen.insert(sample.secrets[1]);
    }
    assert_eq!(seen.len(), 3, "P2's secret is drawn among 1 to 3: {seen:?}");
    let owned = view.clone().into_owned();
    assert_eq!(owned.seat(), Seat(0));
}
