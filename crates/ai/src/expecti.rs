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
//!
//! Given a budget (a time, a number of nodes, or both) it deepens step by
//! step: it searches its own next decisions 0 deep, then 1, … up to
//! `depth`, and when the budget runs out in the middle of a search it takes
//! the choice of the last one completed (of the first, the best of the
//! actions judged so far). A node budget keeps it deterministic for its
//! seed; without a budget it searches `depth` at once, as it always has.

use crate::Bot;
use crate::budget::{Budget, Clock};
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
    budget: Budget,
    /// Nodes visited by the decision in progress (or the last one).
    nodes: u64,
    _game: std::marker::PhantomData<fn() -> G>,
}

/// The budget ran out in the middle of a search.
struct OutOfBudget;

/// How often (in nodes) the clock is read.
const CLOCK_EVERY: u64 = 64;

impl<G: Evaluate> HeuristicBot<G>
where
    G::State: Hash + Eq,
{
    /// A bot looking `depth` of its own decisions past the first; the seed
    /// breaks ties and samples large chance nodes.
    pub fn new(depth: u32, seed: u64) -> Self {
        HeuristicBot {
            depth,
            rng: ChaCha8Rng::seed_from_u64(seed),
            budget: Budget::unlimited(),
            nodes: 0,
            _game: std::marker::PhantomData,
        }
    }

    /// The bot with a budget per decision: `iterations` counts the nodes
    /// searched, `time` is a deadline. Either makes it deepen step by step
    /// and answer with the best choice found when the budget runs out.
    pub fn with_budget(mut self, budget: Budget) -> Self {
        self.budget = budget;
        self
    }

    /// Nodes searched for the last decision.
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    /// Counts a node and says whether the budget is spent.
    fn tick(&mut self, clock: Option<&Clock>) -> Result<(), OutOfBudget> {
        self.nodes += 1;
        match clock {
            Some(c) if c.counted_out(self.nodes) || (self.nodes % CLOCK_EVERY == 0 && c.out_of_time()) => {
                Err(OutOfBudget)
            }
            _ => Ok(()),
        }
    }

    fn value(
        &mut self,
        game: &G,
        state: &G::State,
        me: Seat,
        depth: u32,
        chance: u32,
        clock: Option<&Clock>,
    ) -> Result<f64, OutOfBudget> {
        self.tick(clock)?;
        Ok(match game.to_move(state) {
            to_move if to_move.owes(me) && depth > 0 => {
                let mut actions = Vec::new();
                actions_for(game, state, me, &mut actions);
                let mut best = f64::NEG_INFINITY;
                for a in &actions {
                    let mut next = state.clone();
                    act_for(game, &mut next, me, a);
                    best = best.max(self.value(game, &next, me, depth - 1, CHANCE_LEVELS, clock)?);
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
                    v += p * self.value(game, &next, me, depth, chance - 1, clock)?;
                }
                if total > 0.0 { v / total } else { game.evaluate(state, me) }
            }
            _ => game.evaluate(state, me),
        })
    }

    /// Judges every action searching `depth` deep; returns the index of the
    /// best (ties broken at random) and, if the budget ran out, `Err` with
    /// the best of the actions judged so far.
    fn search_root(
        &mut self,
        game: &G,
        states: &[std::borrow::Cow<'_, G::State>],
        actions: &[G::Action],
        me: Seat,
        depth: u32,
        clock: Option<&Clock>,
    ) -> Result<usize, Option<usize>> {
        let mut best = f64::NEG_INFINITY;
        let mut chosen = None;
        let mut ties = 0u32;
        for (i, a) in actions.iter().enumerate() {
            let mut v = 0.0;
            for state in states {
                let mut next = state.as_ref().clone();
                act_for(game, &mut next, me, a);
                match self.value(game, &next, me, depth, CHANCE_LEVELS, clock) {
                    Ok(x) => v += x,
                    Err(OutOfBudget) => return Err(chosen),
                }
            }
            let v = v / states.len() as f64;
            if v > best + 1e-12 {
                best = v;
                chosen = Some(i);
                ties = 1;
            } else if (v - best).abs() <= 1e-12 {
                ties += 1;
                if self.rng.random_range(0..ties) == 0 {
                    chosen = Some(i);
                }
            }
        }
        Ok(chosen.unwrap_or(0))
    }
}

impl<G: Evaluate> Bot<G> for HeuristicBot<G>
where
    G::State: Hash + Eq,
{
    fn name(&self) -> String {
        let mut parts = Vec::new();
        if self.depth != 1 {
            parts.push(format!("depth={}", self.depth));
        }
        if let Some(t) = self.budget.time {
            parts.push(format!("time={}", t.as_secs_f64()));
        }
        if let Some(n) = self.budget.iterations {
            parts.push(format!("nodes={n}"));
        }
        if parts.is_empty() { "heuristic".into() } else { format!("heuristic:{}", parts.join(",")) }
    }

    fn choose(&mut self, game: &G, view: &Perspective<'_, G>) -> Option<G::Action> {
        let me = view.seat();
        self.nodes = 0;
        let clock = self.budget.start();
        let states = worlds(game, view, DETERMINIZATIONS, &mut self.rng);
        let mut actions = Vec::new();
        actions_for(game, states.first()?, me, &mut actions);
        if actions.len() <= 1 {
            return actions.pop();
        }
        let chosen = if self.budget.is_limited() {
            // Deepen step by step; keep the choice of the deepest search
            // completed (of a first search cut short, its best so far).
            let mut chosen = 0;
            for depth in 0..=self.depth {
                match self.search_root(game, &states, &actions, me, depth, Some(&clock)) {
                    Ok(i) => chosen = i,
                    Err(partial) => {
                        if depth == 0 {
                            chosen = partial.unwrap_or(0);
                        }
                        break;
                    }
                }
            }
            chosen
        } else {
            self.search_root(game, &states, &actions, me, self.depth, None).unwrap_or_else(|p| p.unwrap_or(0))
        };
        Some(actions.swap_remove(chosen))
    }
}
