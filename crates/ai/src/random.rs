//! The random bot: a uniformly random legal action.

use crate::Bot;
use arbiter_core::Game;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

/// Plays a uniformly random legal action.
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

    fn choose(&mut self, game: &G, state: &G::State) -> Option<G::Action> {
        game.random_action(state, &mut self.rng, &mut self.scratch)
    }
}
