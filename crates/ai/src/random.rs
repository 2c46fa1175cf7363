//! The random bot: a random legal action of its seat as the game draws one
//! ([`Game::random_action`]: uniform over the listed actions unless the game
//! draws a kind of decision first), chosen from what the seat knows (a state
//! drawn from its observation, in games with secrets: its legal actions are
//! the same in every such state).

use crate::Bot;
use crate::util::actions_for;
use arbiter_core::{Game, Perspective, ToMove};
use rand::RngExt;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

/// Plays a random legal action, drawn as the game draws one.
pub struct RandomBot<G: Game> {
    rng: ChaCha8Rng,
    scratch: Vec<G::Action>,
}

impl<G: Game> RandomBot<G> {
    /// A random bot with its own seed.
    pub fn new(seed: u64) -> Self {
        RandomBot { rng: ChaCha8Rng::seed_from_u64(seed), scratch: Vec::new() }
    }
}

impl<G: Game> Bot<G> for RandomBot<G> {
    fn name(&self) -> String {
        "random".into()
    }

    fn choose(&mut self, game: &G, view: &Perspective<'_, G>) -> Option<G::Action> {
        let sampled;
        let state = match view.state() {
            Some(s) => s,
            None => {
                sampled = view.sample(game, &mut self.rng)?;
                &sampled
            }
        };
        if game.to_move(state) == ToMove::Seat(view.seat()) {
            return game.random_action(state, &mut self.rng, &mut self.scratch);
        }
        self.scratch.clear();
        actions_for(game, state, view.seat(), &mut self.scratch);
        if self.scratch.is_empty() {
            return None;
        }
        let i = self.rng.random_range(0..self.scratch.len());
        Some(self.scratch.swap_remove(i))
    }
}
