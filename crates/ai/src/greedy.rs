//! The greedy bot: looks one decision ahead and takes the action whose result
//! the game's heuristic likes best, breaking ties at random.

use crate::Bot;
use arbiter_core::{Discard, Evaluate, Game, ToMove};
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// One ply of lookahead with the game's heuristic.
pub struct GreedyBot<G: Game> {
    rng: ChaCha8Rng,
    actions: Vec<G::Action>,
}

impl<G: Game> GreedyBot<G> {
    /// A greedy bot; the seed breaks ties.
    pub fn new(seed: u64) -> Self {
        GreedyBot { rng: ChaCha8Rng::seed_from_u64(seed), actions: Vec::new() }
    }
}

impl<G: Evaluate> Bot<G> for GreedyBot<G> {
    fn name(&self) -> String {
        "greedy".into()
    }

    fn choose(&mut self, game: &G, state: &G::State) -> Option<G::Action> {
        let ToMove::Seat(me) = game.to_move(state) else { return None };
        self.actions.clear();
        game.legal_actions(state, &mut self.actions);
        let mut best = f64::NEG_INFINITY;
        let mut chosen = None;
        let mut ties = 0u32;
        for (i, a) in self.actions.iter().enumerate() {
            let mut next = state.clone();
            game.apply_legal(&mut next, a, &mut Discard);
            let v = game.evaluate(&next, me);
            if v > best + 1e-12 {
                best = v;
                chosen = Some(i);
                ties = 1;
            } else if (v - best).abs() <= 1e-12 {
                // Reservoir sampling keeps ties uniform.
                ties += 1;
                if self.rng.random_range(0..ties) == 0 {
                    chosen = Some(i);
                }
            }
        }
        chosen.map(|i| self.actions[i].clone())
    }
}
