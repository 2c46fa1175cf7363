//! The [`Game`] trait: one uniform API for every game Arbiter plays.
//!
//! A game value holds the rules for one configuration (variant or edition
//! switches, number of seats) and any tables derived from it; states are plain
//! data. Decisions are owed by a seat — any seat, not only the active player's,
//! so a defender's dice, a reaction or spinning a mote are decisions like any
//! other — or by chance. Discrete games enumerate their legal actions; games
//! with continuous decisions (positions in centimetres) validate any proposed
//! action with [`Game::check`] and give the AI a finite candidate sample from
//! [`Game::legal_actions`].
//!
//! Games with secrets say what each viewer may see: [`Game::observe`] gives a
//! viewer's observation (a type of its own), [`Game::decision_visibility`]
//! and [`Game::event_visibility`] who may see each decision and event, and
//! [`Game::resample`] a full state consistent with what a seat has observed,
//! for search. Several seats may owe a decision at once
//! ([`ToMove::Together`]): each commits in secret, in any order, and the game
//! reveals the choices once all have chosen.

use crate::dice::{DiceRequest, Roll, RollPart};
use crate::{ConfigError, Refusal, Seat, Seats};
use rand::{Rng, RngExt};
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use std::fmt::Debug;

/// Who owes the next decision.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum ToMove {
    /// A seat decides; it need not be the active player.
    Seat(Seat),
    /// Several seats decide at once, each in secret: these seats have yet
    /// to commit (see [`Game::apply_commit`]). Under `Together`, "the seat
    /// to move" of [`Game::legal_actions`], [`Game::apply_action`] and
    /// [`Game::random_action`] is the lowest seat of the set.
    Together(Seats),
    /// Dice decide: see [`Game::dice`].
    Chance,
    /// Nobody: the game has ended.
    Over,
}

impl ToMove {
    /// True if `seat` owes a decision now (alone or with others).
    pub fn owes(self, seat: Seat) -> bool {
        match self {
            ToMove::Seat(s) => s == seat,
            ToMove::Together(set) => set.contains(seat),
            ToMove::Chance | ToMove::Over => false,
        }
    }

    /// The seat whose decision comes first: the seat to move, or the lowest
    /// seat of a simultaneous decision; `None` for chance or the end.
    pub fn first_seat(self) -> Option<Seat> {
        match self {
            ToMove::Seat(s) => Some(s),
            ToMove::Together(set) => set.lowest(),
            ToMove::Chance | ToMove::Over => None,
        }
    }

    /// Every seat that owes a decision now.
    pub fn seats(self) -> Seats {
        match self {
            ToMove::Seat(s) => Seats::one(s),
            ToMove::Together(set) => set,
            ToMove::Chance | ToMove::Over => Seats::none(),
        }
    }
}

/// Who may see a decision or an event as it is. Whoever may not sees only
/// that it happened (a decision's seat), or the game's summary of an event
/// ([`Game::event_summary`]). The referee sees everything.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize, ts_rs::TS)]
#[serde(rename_all = "lowercase")]
pub enum Visibility {
    /// Every seat and every spectator.
    #[default]
    Public,
    /// Only these seats (and the referee).
    Seats(Seats),
}

impl Visibility {
    /// Seen only by `seat` (and the referee).
    pub fn only(seat: Seat) -> Visibility {
        Visibility::Seats(Seats::one(seat))
    }

    /// True if `viewer` may see it.
    pub fn shows(self, viewer: Viewer) -> bool {
        match (self, viewer) {
            (Visibility::Public, _) | (_, Viewer::Referee) => true,
            (Visibility::Seats(set), Viewer::Seat(s)) => set.contains(s),
            (Visibility::Seats(_), Viewer::Spectator) => false,
        }
    }
}

/// Whether a game's actions can be listed exhaustively.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum ActionSpace {
    /// [`Game::legal_actions`] lists every legal action.
    Enumerable,
    /// Actions carry continuous values; [`Game::legal_actions`] lists a finite
    /// sample of legal candidates and [`Game::check`] judges any proposal.
    Continuous,
}

/// Who is looking at the game, for per-player observations.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, ts_rs::TS)]
pub enum Viewer {
    /// A player: sees their own secrets and nobody else's.
    Seat(Seat),
    /// A spectator: sees only public information.
    Spectator,
    /// The referee: sees everything (replays, debugging).
    Referee,
}

/// One decision in a game's history: an action by a seat, a seat's secret
/// choice in a simultaneous decision, or a roll of dice.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Decision<A> {
    /// The action of the seat to move.
    Act(A),
    /// A seat's choice in a simultaneous decision ([`ToMove::Together`]):
    /// records keep these in the order the seats committed.
    Commit {
        /// The seat that chose.
        seat: Seat,
        /// What it chose.
        action: A,
    },
    /// The values shown by the dice of a chance decision.
    Roll(Roll),
}

impl<A> Decision<A> {
    /// The seat that took this decision when `to_move` owed it (`None` for
    /// a roll of the dice).
    pub fn seat(&self, to_move: ToMove) -> Option<Seat> {
        match self {
            Decision::Act(_) => to_move.first_seat(),
            Decision::Commit { seat, .. } => Some(*seat),
            Decision::Roll(_) => None,
        }
    }

    /// The action of a seat's decision (`None` for a roll).
    pub fn action(&self) -> Option<&A> {
        match self {
            Decision::Act(a) | Decision::Commit { action: a, .. } => Some(a),
            Decision::Roll(_) => None,
        }
    }
}

/// How a finished game ended.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum OutcomeKind {
    /// The listed seats won (one seat, or a team).
    Win(Vec<Seat>),
    /// Nobody won.
    Draw,
}

/// The result of a finished game, with the reason in plain words.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Outcome {
    /// Who won, if anyone.
    pub kind: OutcomeKind,
    /// Why the game ended, for people ("P2 has no motes left").
    pub reason: String,
}

/// Where a game sends the events an applied decision produces.
///
/// `Vec<E>` collects them; [`Discard`] drops them at no cost, for play-outs.
pub trait EventSink<E> {
    /// Receives one event.
    fn emit(&mut self, event: E);
}

impl<E> EventSink<E> for Vec<E> {
    fn emit(&mut self, event: E) {
        self.push(event);
    }
}

/// An event sink that drops everything.
#[derive(Clone, Copy, Debug, Default)]
pub struct Discard;

impl<E> EventSink<E> for Discard {
    #[inline(always)]
    fn emit(&mut self, _event: E) {}
}

/// The rules of one game, in one configuration.
///
/// Implementations must be deterministic: the same state and decision always
/// give the same result, and a refused decision leaves the state unchanged.
pub trait Game: Clone + Debug + Send + Sync + 'static {
    /// Variant or edition switches; the default is the standard game.
    type Variant: Clone + Debug + Default + PartialEq + Serialize + DeserializeOwned + Send + Sync;
    /// Everything needed to continue the game.
    type State: Clone + Debug + PartialEq + Serialize + DeserializeOwned + Send + Sync;
    /// A seat's decision.
    type Action: Clone + Debug + PartialEq + Serialize + DeserializeOwned + Send + Sync;
    /// Something that happened, for logs and clients.
    type Event: Clone + Debug + Serialize;
    /// What one viewer may see of a state. Games without secrets use their
    /// state; games with secrets a type of their own, which for a seat is its
    /// information state: everything it has seen and done (perfect recall),
    /// so that [`Game::resample`] can rebuild a consistent full state.
    type Observation: Clone + Debug + PartialEq + Serialize + Send + Sync;

    /// Stable identifier used in configs and records (`essence`).
    const ID: &'static str;
    /// Name for people (`Essence of the Arcane`).
    const NAME: &'static str;

    /// The rules for a variant and a number of seats.
    fn new(variant: Self::Variant, seats: usize) -> Result<Self, ConfigError>;
    /// The variant these rules were built for.
    fn variant(&self) -> &Self::Variant;
    /// The number of seats.
    fn seats(&self) -> usize;
    /// Whether actions can be enumerated.
    fn action_space(&self) -> ActionSpace {
        ActionSpace::Enumerable
    }
    /// True if some decisions belong to chance.
    fn has_chance(&self) -> bool;
    /// True if some information is hidden from some seat.
    fn has_hidden_information(&self) -> bool {
        false
    }

    /// The state before the first decision.
    fn initial_state(&self) -> Self::State;
    /// Checks that a state from outside (a file, a message) is one these rules
    /// can continue from; says what is wrong otherwise.
    fn validate_state(&self, state: &Self::State) -> Result<(), String>;
    /// Who owes the next decision.
    fn to_move(&self, state: &Self::State) -> ToMove;
    /// Appends the legal actions of the seat to move (for continuous games, a
    /// finite sample of legal candidates). Appends nothing unless a seat is to move.
    fn legal_actions(&self, state: &Self::State, out: &mut Vec<Self::Action>);
    /// Appends the legal actions of `seat` when it owes a decision, alone
    /// ([`ToMove::Seat`]) or with others ([`ToMove::Together`]); appends
    /// nothing otherwise. Games with simultaneous decisions override it.
    fn legal_actions_of(&self, state: &Self::State, seat: Seat, out: &mut Vec<Self::Action>) {
        if self.to_move(state) == ToMove::Seat(seat) {
            self.legal_actions(state, out);
        }
    }
    /// Judges any proposed action for the seat to move, without applying it.
    fn check(&self, state: &Self::State, action: &Self::Action) -> Result<(), Refusal>;
    /// Applies an action of the seat to move. On refusal the state is unchanged.
    fn apply_action<E: EventSink<Self::Event>>(
        &self,
        state: &mut Self::State,
        action: &Self::Action,
        events: &mut E,
    ) -> Result<(), Refusal>;
    /// Applies `seat`'s secret choice in a simultaneous decision, when `seat`
    /// is one of [`ToMove::Together`]'s seats; the game keeps the choice
    /// hidden until every seat has chosen, then reveals them together. The
    /// result must not depend on the order in which the seats commit. On
    /// refusal the state is unchanged. Games without simultaneous decisions
    /// keep the default, which refuses.
    fn apply_commit<E: EventSink<Self::Event>>(
        &self,
        _state: &mut Self::State,
        _seat: Seat,
        _action: &Self::Action,
        _events: &mut E,
    ) -> Result<(), Refusal> {
        Err(Refusal::new("core.turn.not-together", "this game has no simultaneous decisions", "core"))
    }
    /// The dice to roll when chance is to move (empty otherwise).
    fn dice(&self, _state: &Self::State) -> DiceRequest {
        DiceRequest::new()
    }
    /// Who rolls the dice of the pending chance decision at a real table:
    /// the seat whose roll it is (the attacker's attack roll, the owner's
    /// resist roll, the active army's action roll), or `None` when the roll
    /// belongs to no one seat (a roll-off, a deal). With real dice
    /// ([`crate::DiceMode::Manual`]) the server asks this seat to enter what
    /// its dice show; `None` lets any seat at the table enter it. The default
    /// says `None`; games with seats' own rolls override it.
    fn roller(&self, _state: &Self::State) -> Option<Seat> {
        None
    }
    /// How the pending roll splits among the seats at a real table: each
    /// part is consecutive dice of [`Game::dice`] that one seat rolls (the
    /// attacker's dice and the defender's die of one attack roll; each
    /// contender's die of a roll-off). It describes who rolls, nothing
    /// more: the roll stays one chance decision, applied once every part is
    /// in, so records and bots never see the parts. The default is one part,
    /// the whole roll, rolled by [`Game::roller`]; the parts must hold every
    /// die once, in order (the conformance suite checks it).
    fn roll_parts(&self, state: &Self::State) -> Vec<RollPart> {
        vec![RollPart::whole(self.roller(state), self.dice(state).len())]
    }
    /// Applies a roll that answers [`Game::dice`]; the roll is already validated.
    fn apply_roll<E: EventSink<Self::Event>>(
        &self,
        _state: &mut Self::State,
        _roll: &Roll,
        _events: &mut E,
    ) -> Result<(), Refusal> {
        Err(Refusal::new("core.chance.none", "this game has no dice", "core"))
    }
    /// The result once the game is over, `None` before.
    fn outcome(&self, state: &Self::State) -> Option<Outcome>;
    /// What a seat scores at the end: 1 for a win, 0 for a draw, -1 for a loss
    /// (games with teams or scores may use values in between). 0 before the end.
    fn returns(&self, state: &Self::State, seat: Seat) -> f64;
    /// What `viewer` may see of `state`; secrets of other seats are stripped.
    fn observe(&self, state: &Self::State, viewer: Viewer) -> Self::Observation;

    /// Who may see `decision`, taken in `state` (the state before it). The
    /// default: everyone. A secret choice is seen by its seat only; the last
    /// choice of a simultaneous decision, which reveals them all, by everyone.
    fn decision_visibility(&self, _state: &Self::State, _decision: &Decision<Self::Action>) -> Visibility {
        Visibility::Public
    }
    /// Who may see `event`. The default: everyone.
    fn event_visibility(&self, _event: &Self::Event) -> Visibility {
        Visibility::Public
    }
    /// What those who may not see `event` see instead ("P2 bids a card"
    /// without the card), or `None` for nothing at all.
    fn event_summary(&self, _event: &Self::Event) -> Option<Self::Event> {
        None
    }
    /// Whether everything may be shown to everyone once the game has ended
    /// in `state` (replays and records of a finished game). The default: yes.
    /// A poker hand that ends in a fold keeps its cards hidden.
    fn reveals_at_end(&self, _state: &Self::State) -> bool {
        true
    }
    /// A full state consistent with what `seat` has observed: it gives `seat`
    /// the same observation, the same seat to move and the same legal
    /// actions, with everything `seat` cannot see drawn at random. Search
    /// uses it to play games with secrets without seeing them (information
    /// sets). Games with hidden information must implement it; the default,
    /// for games without, gives `None`.
    fn resample<R: Rng + ?Sized>(
        &self,
        _seat: Seat,
        _observation: &Self::Observation,
        _rng: &mut R,
    ) -> Option<Self::State> {
        None
    }

    /// A random legal action of the seat to move, or `None` if no seat is to
    /// move; by default uniform over [`Game::legal_actions`]. `scratch` is a
    /// reusable buffer. Games override this when they can draw without
    /// listing every action, uniformly or by kind of decision first (a move,
    /// a strike, the end of a turn, then its details); an override must
    /// draw only listed actions and find one whenever one is listed, which
    /// the conformance suite checks.
    fn random_action<R: Rng + ?Sized>(
        &self,
        state: &Self::State,
        rng: &mut R,
        scratch: &mut Vec<Self::Action>,
    ) -> Option<Self::Action> {
        scratch.clear();
        self.legal_actions(state, scratch);
        if scratch.is_empty() {
            return None;
        }
        let i = rng.random_range(0..scratch.len());
        Some(scratch.swap_remove(i))
    }

    /// Applies an action that this game itself listed for this very state
    /// (from [`Game::legal_actions`] or [`Game::random_action`]), skipping
    /// re-validation where the game can: the fast path of play-outs and
    /// search. Anything else must go through [`Game::apply_action`]; given an
    /// action it did not list, a game may leave an inconsistent state. The
    /// conformance suite checks both paths agree on every listed action.
    fn apply_legal<E: EventSink<Self::Event>>(&self, state: &mut Self::State, action: &Self::Action, events: &mut E) {
        let _ = self.apply_action(state, action, events);
    }

    /// Applies any decision after checking that it is owed: an action when a
    /// seat is to move, a roll answering [`Game::dice`] when chance is.
    fn apply<E: EventSink<Self::Event>>(
        &self,
        state: &mut Self::State,
        decision: &Decision<Self::Action>,
        events: &mut E,
    ) -> Result<(), Refusal> {
        // The two common cases first and small, so that play-outs keep this
        // inlined; commitments and refusals go out of line.
        match (self.to_move(state), decision) {
            (ToMove::Chance, Decision::Roll(r)) => {
                let request = self.dice(state);
                request.validate(r).map_err(|e| {
                    Refusal::because("core.chance.roll", format!("the roll does not answer {request}: {e}"), "core")
                })?;
                self.apply_roll(state, r, events)
            }
            (ToMove::Seat(_) | ToMove::Together(_), Decision::Act(a)) => self.apply_action(state, a, events),
            (to_move, decision) => apply_rare(self, state, to_move, decision, events),
        }
    }

    /// Applies an action on behalf of `seat`, refusing it if that seat does
    /// not owe the next decision (the server's authority check). Under
    /// [`ToMove::Together`] it is `seat`'s secret choice ([`Game::apply_commit`]).
    fn apply_as<E: EventSink<Self::Event>>(
        &self,
        state: &mut Self::State,
        seat: Seat,
        action: &Self::Action,
        events: &mut E,
    ) -> Result<(), Refusal> {
        match self.to_move(state) {
            ToMove::Seat(s) if s == seat => self.apply_action(state, action, events),
            ToMove::Seat(s) => {
                Err(Refusal::because("core.turn.not-yours", format!("it is {s}'s decision, not {seat}'s"), "core"))
            }
            ToMove::Together(set) if set.contains(seat) => self.apply_commit(state, seat, action, events),
            ToMove::Together(set) => Err(Refusal::because(
                "core.turn.not-yours",
                format!("{seat} owes nothing now: waiting for {set} to choose"),
                "core",
            )),
            ToMove::Chance => Err(Refusal::new("core.turn.chance", "dice must be rolled before anyone acts", "core")),
            ToMove::Over => {
                Err(Refusal::new("core.turn.over", "the game is over; no more decisions are taken", "core"))
            }
        }
    }
}

/// The rare cases of [`Game::apply`]: a simultaneous decision's choice, and
/// every decision of the wrong kind (refused).
#[inline(never)]
fn apply_rare<G: Game, E: EventSink<G::Event>>(
    game: &G,
    state: &mut G::State,
    to_move: ToMove,
    decision: &Decision<G::Action>,
    events: &mut E,
) -> Result<(), Refusal> {
    match (to_move, decision) {
        (ToMove::Over, _) => {
            Err(Refusal::new("core.turn.over", "the game is over; no more decisions are taken", "core"))
        }
        (_, Decision::Commit { seat, action }) => game.apply_as(state, *seat, action, events),
        (ToMove::Seat(s), Decision::Roll(_)) => Err(Refusal::because(
            "core.turn.not-chance",
            format!("{s} owes a decision; no dice are being rolled now"),
            "core",
        )),
        (ToMove::Together(set), Decision::Roll(_)) => Err(Refusal::because(
            "core.turn.not-chance",
            format!("{set} owe a decision; no dice are being rolled now"),
            "core",
        )),
        (ToMove::Chance, Decision::Act(_)) => {
            Err(Refusal::new("core.turn.chance", "dice must be rolled before anyone acts", "core"))
        }
        // Taken by `Game::apply` before it comes here.
        (ToMove::Chance, Decision::Roll(_)) | (ToMove::Seat(_) | ToMove::Together(_), Decision::Act(_)) => {
            Err(Refusal::new("core.turn.internal", "this decision is applied by Game::apply", "core"))
        }
    }
}

/// A heuristic judgement of a state, for the greedy bot, alpha-beta leaves and
/// truncated MCTS play-outs. Games opt in by implementing it.
pub trait Evaluate: Game {
    /// How good `state` looks for `seat`, in `-1.0..=1.0`; at the end of the
    /// game it should agree with [`Game::returns`].
    fn evaluate(&self, state: &Self::State, seat: Seat) -> f64;
}
