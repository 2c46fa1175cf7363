//! Monte Carlo tree search: UCT over decision nodes, with explicit chance
//! nodes whose children are the sampled rolls.
//!
//! Values are kept per node from the point of view of the seat whose decision
//! led to it, so any number of seats, consecutive decisions by one seat, and
//! decisions owed by the non-active seat all work unchanged. Play-outs are
//! random, optionally cut off after a number of decisions and judged by the
//! game's heuristic. With an iteration budget the search is deterministic for
//! its seed; `threads > 1` runs independent trees (root parallelisation) and
//! sums their root visit counts, which stays deterministic.

use crate::Bot;
use crate::budget::Budget;
use arbiter_core::{Decision, Discard, Game, Perspective, Seat, ToMove, roll_with};
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::time::{Duration, Instant};

/// Most seats a game may have for MCTS rewards.
/// The seats a search keeps rewards for.
pub(crate) const MAX_SEATS: usize = 8;

/// How an MCTS bot searches.
#[derive(Clone, Debug, PartialEq)]
pub struct MctsConfig {
    /// Iterations and/or time per decision.
    pub budget: Budget,
    /// The UCT exploration constant.
    pub exploration: f64,
    /// Cut play-outs off after this many decisions and use the heuristic
    /// (only when the bot was given one).
    pub rollout_depth: Option<u32>,
    /// Independent trees searched in parallel.
    pub threads: usize,
    /// Seed of the bot's generator.
    pub seed: u64,
}

impl Default for MctsConfig {
    fn default() -> Self {
        MctsConfig { budget: Budget::seconds(1.0), exploration: 1.0, rollout_depth: None, threads: 1, seed: 0 }
    }
}

/// What the last search did.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct MctsStats {
    /// Iterations, summed over threads.
    pub iterations: u64,
    /// Tree nodes created.
    pub nodes: u64,
    /// Wall-clock time.
    pub elapsed: Duration,
}

/// Root visits, iterations and nodes of one tree.
pub(crate) type TreeResult<A> = (Vec<(A, u32)>, u64, u64);

/// A heuristic for cut-off play-outs: value of a state for a seat, in -1..=1.
pub type Heuristic<G> = fn(&G, &<G as Game>::State, Seat) -> f64;

/// The MCTS bot.
pub struct Mcts<G: Game> {
    config: MctsConfig,
    heuristic: Option<Heuristic<G>>,
    rng: ChaCha8Rng,
    stats: MctsStats,
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Kind {
    Decide(Seat),
    Chance,
    Over,
}

struct Node<A> {
    edge: Option<Decision<A>>,
    mover: Option<Seat>,
    parent: u32,
    kind: Kind,
    children: Vec<u32>,
    untried: Option<Vec<A>>,
    visits: u32,
    value: f64,
}

impl<G: Game> Mcts<G> {
    /// An MCTS bot; `heuristic` enables cut-off play-outs.
    pub fn new(config: MctsConfig, heuristic: Option<Heuristic<G>>) -> Self {
        let rng = ChaCha8Rng::seed_from_u64(config.seed);
        Mcts { config, heuristic, rng, stats: MctsStats::default() }
    }

    /// What the last search did.
    pub fn stats(&self) -> MctsStats {
        self.stats
    }

    /// Searches from `state` and returns each root action with its visits.
    pub fn search(&mut self, game: &G, state: &G::State) -> Vec<(G::Action, u32)> {
        let started = Instant::now();
        let threads = self.config.threads.max(1);
        let seeds: Vec<u64> = (0..threads).map(|_| self.rng.random()).collect();
        let mut per_thread = self.config.budget;
        if let Some(n) = per_thread.iterations {
            per_thread.iterations = Some(n.div_ceil(threads as u64));
        }
        let config = &self.config;
        let heuristic = self.heuristic;
        let results: Vec<TreeResult<G::Action>> = if threads == 1 {
            vec![Tree::run(game, state, config, heuristic, per_thread, seeds[0])]
        } else {
            std::thread::scope(|scope| {
                let handles: Vec<_> = seeds
                    .iter()
                    .map(|&seed| scope.spawn(move || Tree::run(game, state, config, heuristic, per_thread, seed)))
                    .collect();
                handles.into_iter().filter_map(|h| h.join().ok()).collect()
            })
        };
        let mut merged: Vec<(G::Action, u32)> = Vec::new();
        let (mut iterations, mut nodes) = (0, 0);
        for (visits, it, n) in results {
            iterations += it;
            nodes += n;
            for (a, v) in visits {
                match merged.iter_mut().find(|(b, _)| *b == a) {
                    Some(entry) => entry.1 += v,
                    None => merged.push((a, v)),
                }
            }
        }
        self.stats = MctsStats { iterations, nodes, elapsed: started.elapsed() };
        merged
    }
}

struct Tree<'g, G: Game> {
    game: &'g G,
    config: &'g MctsConfig,
    heuristic: Option<Heuristic<G>>,
    nodes: Vec<Node<G::Action>>,
    rng: ChaCha8Rng,
    scratch: Vec<G::Action>,
}

impl<'g, G: Game> Tree<'g, G> {
    fn run(
        game: &'g G,
        root: &G::State,
        config: &'g MctsConfig,
        heuristic: Option<Heuristic<G>>,
        budget: Budget,
        seed: u64,
    ) -> TreeResult<G::Action> {
        let mut tree = Tree {
            game,
            config,
            heuristic,
            nodes: Vec::with_capacity(1024),
            rng: ChaCha8Rng::seed_from_u64(seed),
            scratch: Vec::new(),
        };
        let kind = tree.kind_of(root);
        tree.nodes.push(Node {
            edge: None,
            mover: None,
            parent: u32::MAX,
            kind,
            children: Vec::new(),
            untried: None,
            visits: 0,
            value: 0.0,
        });
        let clock = budget.start();
        let mut done = 0u64;
        while !clock.spent(done) {
            tree.iterate(root);
            done += 1;
        }
        let visits = tree.nodes[0]
            .children
            .iter()
            .filter_map(|&c| match &tree.nodes[c as usize].edge {
                Some(Decision::Act(a)) => Some((a.clone(), tree.nodes[c as usize].visits)),
                _ => None,
            })
            .collect();
        (visits, done, tree.nodes.len() as u64)
    }

    fn kind_of(&self, state: &G::State) -> Kind {
        match self.game.to_move(state) {
            ToMove::Seat(s) => Kind::Decide(s),
            // Games with simultaneous decisions have secrets and are searched
            // by `IsMcts`; here the first seat would simply decide first.
            ToMove::Together(set) => set.lowest().map_or(Kind::Over, Kind::Decide),
            ToMove::Chance => Kind::Chance,
            ToMove::Over => Kind::Over,
        }
    }

    fn add_child(&mut self, parent: u32, edge: Decision<G::Action>, mover: Option<Seat>, state: &G::State) -> u32 {
        let id = self.nodes.len() as u32;
        let kind = self.kind_of(state);
        self.nodes.push(Node {
            edge: Some(edge),
            mover,
            parent,
            kind,
            children: Vec::new(),
            untried: None,
            visits: 0,
            value: 0.0,
        });
        self.nodes[parent as usize].children.push(id);
        id
    }

    fn iterate(&mut self, root: &G::State) {
        let mut state = root.clone();
        let mut node = 0u32;
        loop {
            match self.nodes[node as usize].kind {
                Kind::Over => break,
                Kind::Chance => {
                    let roll = roll_with(&mut self.rng, &self.game.dice(&state));
                    let found = self.nodes[node as usize]
                        .children
                        .iter()
                        .copied()
                        .find(|&c| matches!(&self.nodes[c as usize].edge, Some(Decision::Roll(r)) if *r == roll));
                    let decision = Decision::Roll(roll);
                    if self.game.apply(&mut state, &decision, &mut Discard).is_err() {
                        break;
                    }
                    match found {
                        Some(c) => node = c,
                        None => {
                            node = self.add_child(node, decision, None, &state);
                            break;
                        }
                    }
                }
                Kind::Decide(seat) => {
                    if self.nodes[node as usize].untried.is_none() {
                        let mut actions = Vec::new();
                        self.game.legal_actions(&state, &mut actions);
                        self.nodes[node as usize].untried = Some(actions);
                    }
                    let untried = self.nodes[node as usize].untried.as_ref().map_or(0, Vec::len);
                    if untried > 0 {
                        let i = self.rng.random_range(0..untried);
                        let Some(action) = self.nodes[node as usize].untried.as_mut().map(|u| u.swap_remove(i)) else {
                            break;
                        };
                        self.game.apply_legal(&mut state, &action, &mut Discard);
                        node = self.add_child(node, Decision::Act(action), Some(seat), &state);
                        break;
                    }
                    let Some(child) = self.select(node) else { break };
                    let Some(Decision::Act(action)) = &self.nodes[child as usize].edge else { break };
                    self.game.apply_legal(&mut state, action, &mut Discard);
                    node = child;
                }
            }
        }
        let rewards = self.playout(&mut state);
        let mut n = node;
        while n != u32::MAX {
            let entry = &mut self.nodes[n as usize];
            entry.visits += 1;
            if let Some(m) = entry.mover {
                entry.value += rewards[m.index().min(MAX_SEATS - 1)];
            }
            n = entry.parent;
        }
    }

    fn select(&self, node: u32) -> Option<u32> {
        let parent = &self.nodes[node as usize];
        let log_n = f64::from(parent.visits.max(1)).ln();
        let c = self.config.exploration;
        parent
            .children
            .iter()
            .copied()
            .map(|ch| {
                let n = &self.nodes[ch as usize];
                let visits = f64::from(n.visits.max(1));
                (ch, n.value / visits + c * (log_n / visits).sqrt())
            })
            .max_by(|a, b| a.1.total_cmp(&b.1))
            .map(|(ch, _)| ch)
    }

    fn playout(&mut self, state: &mut G::State) -> [f64; MAX_SEATS] {
        playout(self.game, self.config, self.heuristic, &mut self.rng, &mut self.scratch, state)
    }
}

/// Picks the most visited action; ties go to the first listed.
pub(crate) fn most_visited<A: Clone>(visits: &[(A, u32)]) -> Option<A> {
    let mut best: Option<&(A, u32)> = None;
    for entry in visits {
        if best.is_none_or(|b| entry.1 > b.1) {
            best = Some(entry);
        }
    }
    best.map(|(a, _)| a.clone())
}

impl<G: Game> Bot<G> for Mcts<G> {
    fn name(&self) -> String {
        let b = self.config.budget;
        let mut parts = Vec::new();
        if let Some(n) = b.iterations {
            parts.push(format!("iters={n}"));
        }
        if let Some(t) = b.time {
            parts.push(format!("time={}", t.as_secs_f64()));
        }
        if self.config.threads > 1 {
            parts.push(format!("threads={}", self.config.threads));
        }
        format!("mcts:{}", parts.join(","))
    }

    fn choose(&mut self, game: &G, view: &Perspective<'_, G>) -> Option<G::Action> {
        // Plain MCTS searches the true state: games with secrets get `IsMcts`.
        let state = view.state()?;
        if game.to_move(state) != ToMove::Seat(view.seat()) {
            return None;
        }
        let mut actions = Vec::new();
        game.legal_actions(state, &mut actions);
        if actions.len() <= 1 {
            return actions.pop();
        }
        let visits = self.search(game, state);
        most_visited(&visits).or_else(|| actions.into_iter().next())
    }
}

/// Plays `state` out at random to the end (or, with a heuristic and a
/// rollout depth, that many decisions and then judges it) and returns every
/// seat's reward: the play-out of MCTS and of IS-MCTS.
pub(crate) fn playout<G: Game>(
    game: &G,
    config: &MctsConfig,
    heuristic: Option<Heuristic<G>>,
    rng: &mut ChaCha8Rng,
    scratch: &mut Vec<G::Action>,
    state: &mut G::State,
) -> [f64; MAX_SEATS] {
    let limit = match (config.rollout_depth, heuristic) {
        (Some(d), Some(_)) => d,
        _ => u32::MAX,
    };
    let mut steps = 0u32;
    loop {
        match game.to_move(state) {
            ToMove::Over => return rewards(game, state, |g, s, seat| g.returns(s, seat)),
            _ if steps >= limit => {
                if let Some(h) = heuristic {
                    return rewards(game, state, h);
                }
            }
            ToMove::Chance => {
                let roll = roll_with(rng, &game.dice(state));
                if game.apply(state, &Decision::Roll(roll), &mut Discard).is_err() {
                    return [0.0; MAX_SEATS];
                }
            }
            ToMove::Seat(_) | ToMove::Together(_) => {
                let Some(a) = game.random_action(state, rng, scratch) else {
                    return [0.0; MAX_SEATS];
                };
                game.apply_legal(state, &a, &mut Discard);
            }
        }
        steps += 1;
    }
}

/// Every seat's value of `state`.
fn rewards<G: Game>(game: &G, state: &G::State, value: impl Fn(&G, &G::State, Seat) -> f64) -> [f64; MAX_SEATS] {
    let mut r = [0.0; MAX_SEATS];
    for (i, slot) in r.iter_mut().enumerate().take(game.seats().min(MAX_SEATS)) {
        *slot = value(game, state, Seat(i as u8));
    }
    r
}
