//! The greedy bot: looks one decision ahead and takes the action whose result
//! the game's heuristic likes best, breaking ties at random. In a game with
//! secrets it judges each action on states drawn from its observation and
//! takes the best on average. Given a time, it stops judging when the time
//! is up and takes the best of the actions judged so far (the first listed
//! if it judged none).

use crate::Bot;
use crate::budget::Budget;
use crate::util::{DETERMINIZATIONS, act_for, actions_for, worlds};
use arbiter_core::{Evaluate, Game, Perspective};
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// One ply of lookahead with the game's heuristic.
pub struct GreedyBot<G: Game> {
    rng: ChaCha8Rng,
    actions: Vec<G::Action>,
    budget: Budget,
}

impl<G: Game> GreedyBot<G> {
    /// A greedy bot; the seed breaks ties.
    pub fn new(seed: u64) -> Self {
        GreedyBot { rng: ChaCha8Rng::seed_from_u64(seed), actions: Vec::new(), budget: Budget::unlimited() }
    }

    /// The bot with a time to think per decision (only `budget.time`
    /// counts: one ply has no iterations to count).
    pub fn with_budget(mut self, budget: Budget) -> Self {
        self.budget = budget;
        self
    }
}

impl<G: Evaluate> Bot<G> for GreedyBot<G> {
    fn name(&self) -> String {
        "greedy".into()
    }

    fn choose(&mut self, game: &G, view: &Perspective<'_, G>) -> Option<G::Action> {
        let clock = self.budget.start();
        let me = view.seat();
        let states = worlds(game, view, DETERMINIZATIONS, &mut self.rng);
        self.actions.clear();
        actions_for(game, states.first()?, me, &mut self.actions);
        let mut best = f64::NEG_INFINITY;
        let mut chosen = None;
        let mut ties = 0u32;
        for (i, a) in self.actions.iter().enumerate() {
            if clock.out_of_time() {
                break;
            }
            let mut v = 0.0;
            for state in &states {
                let mut next = state.as_ref().clone();
                act_for(game, &mut next, me, a);
                v += game.evaluate(&next, me);
            }
            let v = v / states.len() as f64;
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
        chosen.or((!self.actions.is_empty()).then_some(0)).map(|i| self.actions[i].clone())
    }
}
