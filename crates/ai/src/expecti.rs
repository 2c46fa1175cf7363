//! The heuristic bot: looks through the dice and its own follow-up decisions
//! and takes the action with the best expected heuristic value.
//!
//! Choosing to move or attack in a dice game changes nothing until the dice
//! are rolled, so one ply of greedy search is blind there. This bot averages
//! over every outcome of a chance node (rolls that lead to the same state are
//! merged, so a combat roll collapses to a handful of results), takes the best
//! of its own next `depth` decisions, and judges the position with the
//! game's heuristic as soon as another seat is to decide. In a game with
//! secrets it searches states drawn from its observation and takes the
//! action that is best on average.

use crate::Bot;
use crate::util::{DETERMINIZATIONS, act_for, actions_for, worlds};
use arbiter_core::{Decision, Evaluate, Game, Perspective, Roll, Seat, ToMove, roll_with};
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use rustc_hash::FxHashMap;
use std::hash::Hash;

/// Chance nodes with more outcomes than this are sampled.
const ENUMERATE: u64 = 216;
/// Samples taken at larger chance nodes.
const SAMPLES: usize = 64;
/// Chance nodes looked through in a row at most (roll-offs can tie forever).
const CHANCE_LEVELS: u32 = 4;

/// One-seat expectimax with the game's heuristic.
pub struct HeuristicBot<G: Game> {
    depth: u32,
    rng: ChaCha8Rng,
    _game: std::marker::PhantomData<fn() -> G>,
}

impl<G: Evaluate> HeuristicBot<G>
where
    G::State: Hash + Eq,
{
    /// A bot looking `depth` of its own decisions past the first; the seed
    /// breaks ties and samples large chance nodes.
    pub fn new(depth: u32, seed: u64) -> Self {
        HeuristicBot { depth, rng: ChaCha8Rng::seed_from_u64(seed), _game: std::marker::PhantomData }
    }

    fn value(&mut self, game: &G, state: &G::State, me: Seat, depth: u32, chance: u32) -> f64 {
        match game.to_move(state) {
            to_move if to_move.owes(me) && depth > 0 => {
                let mut actions = Vec::new();
                actions_for(game, state, me, &mut actions);
                let mut best = f64::NEG_INFINITY;
                for a in &actions {
                    let mut next = state.clone();
                    act_for(game, &mut next, me, a);
                    best = best.max(self.value(game, &next, me, depth - 1, CHANCE_LEVELS));
                }
                if best.is_finite() { best } else { game.evaluate(state, me) }
            }
            ToMove::Chance if chance > 0 => {
                let request = game.dice(state);
                let mut outcomes: FxHashMap<G::State, f64> = FxHashMap::default();
                let mut add = |roll: &Roll, p: f64| {
                    let mut next = state.clone();
                    if game.apply(&mut next, &Decision::Roll(roll.clone()), &mut arbiter_core::Discard).is_ok() {
                        *outcomes.entry(next).or_insert(0.0) += p;
                    }
                };
                match request.outcome_count() {
                    Some(n) if n <= ENUMERATE => request.for_each_outcome(|r| add(r, request.probability(r))),
                    _ => {
                        for _ in 0..SAMPLES {
                            let r = roll_with(&mut self.rng, &request);
                            add(&r, 1.0 / SAMPLES as f64);
                        }
                    }
                }
                let total: f64 = outcomes.values().sum();
                let mut v = 0.0;
                for (next, p) in outcomes {
                    v += p * self.value(game, &next, me, depth, chance - 1);
                }
                if total > 0.0 { v / total } else { game.evaluate(state, me) }
            }
            _ => game.evaluate(state, me),
        }
    }
}

impl<G: Evaluate> Bot<G> for HeuristicBot<G>
where
    G::State: Hash + Eq,
{
    fn name(&self) -> String {
        if self.depth == 1 { "heuristic".into() } else { format!("heuristic:depth={}", self.depth) }
    }

    fn choose(&mut self, game: &G, view: &Perspective<'_, G>) -> Option<G::Action> {
        let me = view.seat();
        let states = worlds(game, view, DETERMINIZATIONS, &mut self.rng);
        let mut actions = Vec::new();
        actions_for(game, states.first()?, me, &mut actions);
        if actions.len() <= 1 {
            return actions.pop();
        }
        let mut best = f64::NEG_INFINITY;
        let mut chosen = 0;
        let mut ties = 0u32;
        for (i, a) in actions.iter().enumerate() {
            let mut v = 0.0;
            for state in &states {
                let mut next = state.as_ref().clone();
                act_for(game, &mut next, me, a);
                v += self.value(game, &next, me, self.depth, CHANCE_LEVELS);
            }
            let v = v / states.len() as f64;
            if v > best + 1e-12 {
                best = v;
                chosen = i;
                ties = 1;
            } else if (v - best).abs() <= 1e-12 {
                ties += 1;
                if self.rng.random_range(0..ties) == 0 {
                    chosen = i;
                }
            }
        }
        Some(actions.swap_remove(chosen))
    }
}
