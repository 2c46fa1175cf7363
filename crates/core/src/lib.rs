//! The engine core of Arbiter.
//!
//! Every game is a deterministic state machine behind one trait, [`Game`]:
//! a state plus a decision gives either events or a [`Refusal`] that names the
//! rule which forbids it. Whose decision it is ([`ToMove`]) may be any seat, not
//! only the active player, or chance: every die roll is an explicit chance
//! decision described by a [`DiceRequest`] and answered with a [`Roll`], either
//! from a seeded generator ([`SeededDice`]) or typed in from real dice
//! ([`parse_roll`]).
//!
//! Games with secrets give each viewer an observation of its own, say who
//! may see each decision and event ([`Visibility`]), may ask several seats
//! to decide at once ([`ToMove::Together`], [`Decision::Commit`]) and rebuild
//! full states from a seat's observation for search ([`Game::resample`]);
//! bots decide from a [`Perspective`], never from the secrets.
//!
//! A game is offered to people through its [`Entry`]: names, options with
//! their help, seats, bots, the notation both ways and events in words, read
//! by every front end from one registration table.
//!
//! Around the trait live the pieces every game shares: match configuration
//! ([`MatchConfig`]), game records that replay bit for bit ([`Record`]), a
//! [`Session`] that drives a match and supports undo, the generic conformance
//! suite ([`conformance`]) and a little statistics ([`stats`]).
//!
//! Rules inside rules — reactions, effects that last, numbers changed by
//! several sources — share one mechanism, the resolution core ([`resolve`]).

mod codebook;
mod config;
pub mod conformance;
mod dice;
mod entry;
mod envelope;
mod game;
pub mod information;
mod record;
mod refusal;
pub mod resolve;
mod seat;
mod session;
pub mod stats;

pub use codebook::{ActionCodebook, check_numbering};
pub use config::{ConfigError, DiceMode, MatchConfig, PlayerSpec};
pub use dice::{
    ChanceSource, DiceRequest, Die, Label, MAX_DICE, ManualDice, Roll, RollError, RollPart, SeededDice, parse_roll,
    roll_with,
};
pub use entry::{About, BotChoice, Choice, Entry, FigureStat, GameOption, OptionKind, export_type};
pub use envelope::{ConfigFile, EnvelopeError, StateFile};
pub use game::{
    ActionSpace, Decision, Discard, Evaluate, EventSink, Game, Outcome, OutcomeKind, ToMove, Viewer, Visibility,
};
pub use information::Perspective;
pub use record::{Record, RecordError, RedactedRecord, ReplayError};
pub use refusal::Refusal;
pub use seat::{Seat, Seats};
pub use session::Session;
