//! Information-set Monte Carlo tree search, for games with secrets.
//!
//! The bot never sees the true state: each iteration draws a full state
//! consistent with its seat's observation ([`Perspective::sample`], the
//! game's `resample`) and plays it down the trees. It keeps one tree per
//! seat (multiple-observer IS-MCTS, Cowling, Powley and Whitehouse 2012):
//! a node of seat *i*'s tree stands for what *i* has observed, so a move
//! *i* cannot see — another seat's secret choice, a card dealt to someone
//! else — leads every determinization to the same child of *i*'s tree. A
//! seat chooses from its own tree, by UCB over the actions legal in the
//! current determinization (counting how often each was available). In a
//! simultaneous decision the seats commit one after the other in the search,
//! but a seat whose tree cannot see the earlier choices chooses as if
//! together, which is what makes the search sound for simultaneous moves.
//!
//! Play-outs are random, optionally cut off and judged by the game's
//! heuristic, as in [`crate::Mcts`]. With an iteration budget the search is
//! deterministic for its seed; `threads > 1` searches independent sets of
//! trees and sums the root visit counts.

use crate::Bot;
use crate::budget::Budget;
use crate::mcts::{Heuristic, MAX_SEATS, MctsConfig, MctsStats, TreeResult, most_visited, playout};
use crate::util::{act_for, actions_for};
use arbiter_core::{Decision, Discard, Game, Perspective, Seat, ToMove, Viewer, roll_with};
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::hash::{Hash, Hasher};
use std::time::Instant;

/// The IS-MCTS bot.
pub struct IsMcts<G: Game> {
    config: MctsConfig,
    heuristic: Option<Heuristic<G>>,
    rng: ChaCha8Rng,
    stats: MctsStats,
}

/// How a node is reached from its parent, as the tree's seat sees it.
#[derive(Clone, PartialEq)]
enum Label<A> {
    /// The tree's seat took this action.
    Own(A),
    /// Something else happened, after which the seat observes this (hash).
    Seen(u64),
}

struct Node<A> {
    children: Vec<(Label<A>, u32)>,
    visits: u32,
    /// How often this node's action was legal when its parent chose.
    available: u32,
    value: f64,
}

impl<A> Node<A> {
    fn new() -> Self {
        Node { children: Vec::new(), visits: 0, available: 0, value: 0.0 }
    }
}

/// One seat's tree.
struct Tree<A> {
    nodes: Vec<Node<A>>,
}

impl<A: Clone + PartialEq> Tree<A> {
    fn new() -> Self {
        Tree { nodes: vec![Node::new()] }
    }

    fn child(&self, node: u32, label: &Label<A>) -> Option<u32> {
        self.nodes[node as usize].children.iter().find(|(l, _)| l == label).map(|&(_, c)| c)
    }

    fn child_or_new(&mut self, node: u32, label: Label<A>) -> u32 {
        if let Some(c) = self.child(node, &label) {
            return c;
        }
        let id = self.nodes.len() as u32;
        self.nodes.push(Node::new());
        self.nodes[node as usize].children.push((label, id));
        id
    }
}

impl<G: Game> IsMcts<G>
where
    G::Observation: Hash,
{
    /// An IS-MCTS bot; `heuristic` enables cut-off play-outs.
    pub fn new(config: MctsConfig, heuristic: Option<Heuristic<G>>) -> Self {
        let rng = ChaCha8Rng::seed_from_u64(config.seed);
        IsMcts { config, heuristic, rng, stats: MctsStats::default() }
    }

    /// What the last search did.
    pub fn stats(&self) -> MctsStats {
        self.stats
    }

    /// Searches from what `view`'s seat knows and returns each of its
    /// actions at the root with its visits.
    pub fn search(&mut self, game: &G, view: &Perspective<'_, G>) -> Vec<(G::Action, u32)> {
        let started = Instant::now();
        let threads = self.config.threads.max(1);
        let seeds: Vec<u64> = (0..threads).map(|_| self.rng.random()).collect();
        let mut per_thread = self.config.budget;
        if let Some(n) = per_thread.iterations {
            per_thread.iterations = Some(n.div_ceil(threads as u64));
        }
        let (config, heuristic) = (&self.config, self.heuristic);
        let results: Vec<TreeResult<G::Action>> = if threads == 1 {
            vec![Search::run(game, view, config, heuristic, per_thread, seeds[0])]
        } else {
            std::thread::scope(|scope| {
                let handles: Vec<_> = seeds
                    .iter()
                    .map(|&seed| scope.spawn(move || Search::run(game, view, config, heuristic, per_thread, seed)))
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

struct Search<'g, G: Game> {
    game: &'g G,
    config: &'g MctsConfig,
    heuristic: Option<Heuristic<G>>,
    root: Seat,
    trees: Vec<Tree<G::Action>>,
    rng: ChaCha8Rng,
    actions: Vec<G::Action>,
    scratch: Vec<G::Action>,
}

impl<'g, G: Game> Search<'g, G>
where
    G::Observation: Hash,
{
    fn run(
        game: &'g G,
        view: &Perspective<'_, G>,
        config: &'g MctsConfig,
        heuristic: Option<Heuristic<G>>,
        budget: Budget,
        seed: u64,
    ) -> TreeResult<G::Action> {
        let seats = game.seats().clamp(1, MAX_SEATS);
        let mut search = Search {
            game,
            config,
            heuristic,
            root: view.seat(),
            trees: (0..seats).map(|_| Tree::new()).collect(),
            rng: ChaCha8Rng::seed_from_u64(seed),
            actions: Vec::new(),
            scratch: Vec::new(),
        };
        let clock = budget.start();
        let mut done = 0u64;
        while !clock.spent(done) {
            let Some(state) = view.sample(game, &mut search.rng) else { break };
            search.iterate(state);
            done += 1;
        }
        let nodes = search.trees.iter().map(|t| t.nodes.len() as u64).sum();
        let root = search.root.index().min(seats - 1);
        let tree = &search.trees[root];
        let visits = tree.nodes[0]
            .children
            .iter()
            .filter_map(|(label, c)| match label {
                Label::Own(a) => Some((a.clone(), tree.nodes[*c as usize].visits)),
                Label::Seen(_) => None,
            })
            .collect();
        (visits, done, nodes)
    }

    /// What `seat` observes of `state`, as a hash.
    fn seen(&self, state: &G::State, seat: Seat) -> u64 {
        let mut h = rustc_hash::FxHasher::default();
        self.game.observe(state, Viewer::Seat(seat)).hash(&mut h);
        h.finish()
    }

    /// Moves every tree but `mover`'s along what its seat now observes.
    fn observe_all(&mut self, state: &G::State, mover: Option<usize>, at: &mut [u32], paths: &mut [Vec<u32>]) {
        for i in 0..self.trees.len() {
            if Some(i) == mover {
                continue;
            }
            let label = Label::Seen(self.seen(state, Seat(i as u8)));
            at[i] = self.trees[i].child_or_new(at[i], label);
            paths[i].push(at[i]);
        }
    }

    fn iterate(&mut self, mut state: G::State) {
        let n = self.trees.len();
        let mut at = vec![0u32; n];
        let mut paths: Vec<Vec<u32>> = (0..n).map(|_| vec![0u32]).collect();
        loop {
            let to_move = self.game.to_move(&state);
            let mover = match to_move {
                ToMove::Over => break,
                ToMove::Chance => {
                    let roll = roll_with(&mut self.rng, &self.game.dice(&state));
                    if self.game.apply(&mut state, &Decision::Roll(roll), &mut Discard).is_err() {
                        break;
                    }
                    self.observe_all(&state, None, &mut at, &mut paths);
                    continue;
                }
                ToMove::Seat(s) => s,
                // The root's seat chooses first when it is among them.
                ToMove::Together(set) if set.contains(self.root) => self.root,
                ToMove::Together(set) => match set.lowest() {
                    Some(s) => s,
                    None => break,
                },
            };
            let m = mover.index();
            if m >= n {
                break;
            }
            self.actions.clear();
            actions_for(self.game, &state, mover, &mut self.actions);
            if self.actions.is_empty() {
                break;
            }
            let (action, expanded) = self.select(m, at[m]);
            act_for(self.game, &mut state, mover, &action);
            at[m] = self.trees[m].child_or_new(at[m], Label::Own(action));
            paths[m].push(at[m]);
            self.observe_all(&state, Some(m), &mut at, &mut paths);
            if expanded {
                break;
            }
        }
        let rewards = self.playout(&mut state);
        for (i, path) in paths.iter().enumerate() {
            for &node in path {
                let entry = &mut self.trees[i].nodes[node as usize];
                entry.visits += 1;
                entry.value += rewards[i];
            }
        }
    }

    /// Picks the mover's action at `node` of its tree among `self.actions`:
    /// an untried one if any (and says so), else the best by UCB.
    fn select(&mut self, tree: usize, node: u32) -> (G::Action, bool) {
        let t = &mut self.trees[tree];
        let mut untried = Vec::new();
        for (i, a) in self.actions.iter().enumerate() {
            match t.child(node, &Label::Own(a.clone())) {
                Some(c) => t.nodes[c as usize].available += 1,
                None => untried.push(i),
            }
        }
        if !untried.is_empty() {
            let i = untried[self.rng.random_range(0..untried.len())];
            return (self.actions[i].clone(), true);
        }
        let c = self.config.exploration;
        let mut best = (f64::NEG_INFINITY, 0usize);
        for (i, a) in self.actions.iter().enumerate() {
            let Some(child) = t.child(node, &Label::Own(a.clone())) else { continue };
            let n = &t.nodes[child as usize];
            let visits = f64::from(n.visits.max(1));
            let score = n.value / visits + c * (f64::from(n.available.max(1)).ln() / visits).sqrt();
            if score > best.0 {
                best = (score, i);
            }
        }
        (self.actions[best.1].clone(), false)
    }

    fn playout(&mut self, state: &mut G::State) -> [f64; MAX_SEATS] {
        playout(self.game, self.config, self.heuristic, &mut self.rng, &mut self.scratch, state)
    }
}

impl<G: Game> Bot<G> for IsMcts<G>
where
    G::Observation: Hash,
{
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
        let seat = view.seat();
        let state = view.sample(game, &mut self.rng)?;
        if !game.to_move(&state).owes(seat) {
            return None;
        }
        let mut actions = Vec::new();
        actions_for(game, &state, seat, &mut actions);
        if actions.len() <= 1 {
            return actions.pop();
        }
        let visits = self.search(game, view);
        most_visited(&visits).or_else(|| actions.into_iter().next())
    }
}
