//! Game-independent AI for Arbiter, written against the core [`Game`] API so
//! that every game gets every bot.
//!
//! - [`RandomBot`]: a uniformly random legal action;
//! - [`GreedyBot`]: one ply ahead, judged by the game's heuristic;
//! - [`HeuristicBot`]: expectimax through the dice and its own follow-up
//!   decisions, judged by the game's heuristic (the bot for dice games);
//! - [`Mcts`]: UCT Monte Carlo tree search with chance nodes, limited by
//!   iterations or time, deterministic for a seed, optionally parallel;
//! - [`IsMcts`]: information-set MCTS for games with secrets (one tree per
//!   seat over what that seat observes, searched on states resampled from
//!   the bot's observation);
//! - [`AlphaBeta`]: iterative-deepening alpha-beta with a transposition
//!   table, for deterministic perfect-information two-player games.
//!
//! Bots are described by text such as `mcts:time=0.1,threads=2`; see
//! [`BotSpec`].
//!
//! Every bot decides from a [`Perspective`]: what its seat knows. For a game
//! with secrets that is the seat's observation only, never the true state,
//! so no bot can peek; search plays on states drawn from the observation
//! ([`Perspective::sample`]).

mod alphabeta;
mod budget;
mod expecti;
mod greedy;
mod ismcts;
mod mcts;
mod random;
mod spec;
mod util;

pub use alphabeta::{AlphaBeta, AlphaBetaStats};
pub use budget::Budget;
pub use expecti::HeuristicBot;
pub use greedy::GreedyBot;
pub use ismcts::IsMcts;
pub use mcts::{Mcts, MctsConfig, MctsStats};
pub use random::RandomBot;
pub use spec::{BotSpec, SpecError};

use arbiter_core::{Game, Perspective, Seat};

/// Something that chooses actions for a seat.
pub trait Bot<G: Game>: Send {
    /// The bot's description, e.g. `mcts:time=0.1`.
    fn name(&self) -> String;
    /// Chooses an action for the perspective's seat, or `None` if that seat
    /// owes no decision.
    fn choose(&mut self, game: &G, view: &Perspective<'_, G>) -> Option<G::Action>;
}

/// Asks `bot` for `seat`'s decision in `state`, showing it only what `seat`
/// may know.
pub fn decide<G: Game>(bot: &mut dyn Bot<G>, game: &G, state: &G::State, seat: Seat) -> Option<G::Action> {
    bot.choose(game, &Perspective::new(game, state, seat))
}
