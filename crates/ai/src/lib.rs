//! Game-independent AI for Arbiter, written against the core [`Game`] API so
//! that every game gets every bot.
//!
//! - [`RandomBot`]: a uniformly random legal action;
//! - [`GreedyBot`]: one ply ahead, judged by the game's heuristic;
//! - [`HeuristicBot`]: expectimax through the dice and its own follow-up
//!   decisions, judged by the game's heuristic (the bot for dice games);
//! - [`Mcts`]: UCT Monte Carlo tree search with chance nodes, limited by
//!   iterations or time, deterministic for a seed, optionally parallel;
//! - [`AlphaBeta`]: iterative-deepening alpha-beta with a transposition
//!   table, for deterministic perfect-information two-player games.
//!
//! Bots are described by text such as `mcts:time=0.1,threads=2`; see
//! [`BotSpec`].

mod alphabeta;
mod budget;
mod expecti;
mod greedy;
mod mcts;
mod random;
mod spec;

pub use alphabeta::{AlphaBeta, AlphaBetaStats};
pub use budget::Budget;
pub use expecti::HeuristicBot;
pub use greedy::GreedyBot;
pub use mcts::{Mcts, MctsConfig, MctsStats};
pub use random::RandomBot;
pub use spec::{BotSpec, SpecError};

use arbiter_core::Game;

/// Something that chooses actions for the seat to move.
pub trait Bot<G: Game>: Send {
    /// The bot's description, e.g. `mcts:time=0.1`.
    fn name(&self) -> String;
    /// Chooses an action for the seat to move, or `None` if no seat is.
    fn choose(&mut self, game: &G, state: &G::State) -> Option<G::Action>;
}
