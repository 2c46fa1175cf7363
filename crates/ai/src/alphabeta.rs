//! Alpha-beta search with iterative deepening and a transposition table, for
//! deterministic perfect-information games of two seats.
//!
//! Depth counts decisions. Consecutive decisions by the same seat keep the
//! same window; a change of seat negates it, so turns made of several
//! decisions (Essence's growth, two actions and spins) need no special case.

use crate::Bot;
use crate::budget::{Budget, Clock};
use arbiter_core::{Discard, Evaluate, Game, Perspective, Seat, ToMove};
use rand::SeedableRng;
use rand::seq::SliceRandom;
use rand_chacha::ChaCha8Rng;
use rustc_hash::FxHashMap;
use std::hash::{Hash, Hasher};
use std::time::{Duration, Instant};

/// A win is worth more than any heuristic value; sooner wins more.
const WIN: f64 = 100.0;

#[derive(Clone, Copy, PartialEq, Eq)]
enum Bound {
    Exact,
    Lower,
    Upper,
}

struct Entry<A> {
    depth: u32,
    value: f64,
    bound: Bound,
    best: Option<A>,
}

/// What the last search did.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct AlphaBetaStats {
    /// Deepest iteration completed.
    pub depth: u32,
    /// Nodes visited.
    pub nodes: u64,
    /// Value of the chosen action for the seat to move.
    pub value: f64,
    /// Wall-clock time.
    pub elapsed: Duration,
}

/// The alpha-beta bot.
pub struct AlphaBeta<G: Game> {
    budget: Budget,
    max_depth: u32,
    table: FxHashMap<u64, Entry<G::Action>>,
    buffers: Vec<Vec<G::Action>>,
    nodes: u64,
    clock: Option<Clock>,
    rng: ChaCha8Rng,
    stats: AlphaBetaStats,
}

struct Timeout;

impl<G: Evaluate> AlphaBeta<G>
where
    G::State: Hash,
{
    /// A searcher with a budget (the `iterations` limit counts nodes), a
    /// maximum depth in decisions, and a seed that orders the root's actions:
    /// among equally good actions the choice varies with the seed, so games
    /// between alpha-beta bots are not all the same game.
    pub fn new(budget: Budget, max_depth: u32, seed: u64) -> Self {
        AlphaBeta {
            budget,
            max_depth: max_depth.max(1),
            table: FxHashMap::default(),
            buffers: Vec::new(),
            nodes: 0,
            clock: None,
            rng: ChaCha8Rng::seed_from_u64(seed),
            stats: AlphaBetaStats::default(),
        }
    }

    /// What the last search did.
    pub fn stats(&self) -> AlphaBetaStats {
        self.stats
    }

    fn key(state: &G::State) -> u64 {
        let mut h = rustc_hash::FxHasher::default();
        state.hash(&mut h);
        h.finish()
    }

    /// Value of `state` for the seat to move, searching `depth` decisions.
    fn search(
        &mut self,
        game: &G,
        state: &G::State,
        me: Seat,
        depth: u32,
        (mut alpha, beta): (f64, f64),
        ply: usize,
    ) -> Result<f64, Timeout> {
        self.nodes += 1;
        if self.nodes % 1024 == 0
            && (self.clock.as_ref().is_some_and(Clock::out_of_time)
                || self.budget.iterations.is_some_and(|n| self.nodes >= n))
        {
            return Err(Timeout);
        }
        if depth == 0 {
            return Ok(game.evaluate(state, me));
        }
        let key = Self::key(state);
        let mut tt_move = None;
        if let Some(e) = self.table.get(&key) {
            if e.depth >= depth {
                match e.bound {
                    Bound::Exact => return Ok(e.value),
                    Bound::Lower if e.value >= beta => return Ok(e.value),
                    Bound::Upper if e.value <= alpha => return Ok(e.value),
                    _ => {}
                }
            }
            tt_move = e.best.clone();
        }
        if self.buffers.len() <= ply {
            self.buffers.push(Vec::new());
        }
        let mut actions = std::mem::take(&mut self.buffers[ply]);
        actions.clear();
        game.legal_actions(state, &mut actions);
        if ply == 0 {
            actions.shuffle(&mut self.rng);
        }
        if let Some(m) = &tt_move
            && let Some(i) = actions.iter().position(|a| a == m)
        {
            actions.swap(0, i);
        }
        let alpha0 = alpha;
        let mut best = f64::NEG_INFINITY;
        let mut best_move = None;
        let mut result = Ok(());
        for a in &actions {
            let mut child = state.clone();
            game.apply_legal(&mut child, a, &mut Discard);
            let v = match game.to_move(&child) {
                ToMove::Over => game.returns(&child, me) * (WIN - ply as f64 * 0.01),
                ToMove::Seat(s) if s == me => match self.search(game, &child, me, depth - 1, (alpha, beta), ply + 1) {
                    Ok(v) => v,
                    Err(t) => {
                        result = Err(t);
                        break;
                    }
                },
                ToMove::Seat(s) => match self.search(game, &child, s, depth - 1, (-beta, -alpha), ply + 1) {
                    Ok(v) => -v,
                    Err(t) => {
                        result = Err(t);
                        break;
                    }
                },
                // Alpha-beta is built only for games without chance or secrets.
                ToMove::Chance | ToMove::Together(_) => game.evaluate(&child, me),
            };
            if v > best {
                best = v;
                best_move = Some(a.clone());
            }
            if v > alpha {
                alpha = v;
            }
            if alpha >= beta {
                break;
            }
        }
        self.buffers[ply] = actions;
        result?;
        let bound = if best <= alpha0 {
            Bound::Upper
        } else if best >= beta {
            Bound::Lower
        } else {
            Bound::Exact
        };
        if self.table.len() > 2_000_000 {
            self.table.clear();
        }
        self.table.insert(key, Entry { depth, value: best, bound, best: best_move });
        Ok(best)
    }

    /// Chooses by iterative deepening until the budget runs out.
    fn think(&mut self, game: &G, state: &G::State, me: Seat) -> Option<G::Action> {
        let started = Instant::now();
        self.clock = Some(self.budget.start());
        self.nodes = 0;
        let mut chosen = None;
        let mut value = 0.0;
        let mut reached = 0;
        for depth in 1..=self.max_depth {
            match self.search(game, state, me, depth, (f64::NEG_INFINITY, f64::INFINITY), 0) {
                Ok(v) => {
                    value = v;
                    reached = depth;
                    chosen = self.table.get(&Self::key(state)).and_then(|e| e.best.clone());
                    if v.abs() >= WIN - 10.0 {
                        break; // a forced result is known
                    }
                }
                Err(Timeout) => break,
            }
        }
        self.stats = AlphaBetaStats { depth: reached, nodes: self.nodes, value, elapsed: started.elapsed() };
        chosen
    }
}

impl<G: Evaluate> Bot<G> for AlphaBeta<G>
where
    G::State: Hash,
{
    fn name(&self) -> String {
        let mut parts = Vec::new();
        if let Some(t) = self.budget.time {
            parts.push(format!("time={}", t.as_secs_f64()));
        }
        if let Some(n) = self.budget.iterations {
            parts.push(format!("nodes={n}"));
        }
        if self.max_depth != 64 {
            parts.push(format!("depth={}", self.max_depth));
        }
        if parts.is_empty() { "alphabeta".into() } else { format!("alphabeta:{}", parts.join(",")) }
    }

    fn choose(&mut self, game: &G, view: &Perspective<'_, G>) -> Option<G::Action> {
        // Alpha-beta searches the true state: it plays only games without secrets.
        let state = view.state()?;
        let ToMove::Seat(me) = game.to_move(state) else { return None };
        if me != view.seat() {
            return None;
        }
        let mut actions = Vec::new();
        game.legal_actions(state, &mut actions);
        if actions.len() <= 1 {
            return actions.pop();
        }
        self.think(game, state, me).or_else(|| actions.into_iter().next())
    }
}
