//! Bot descriptions: `random`, `greedy`, `heuristic[:depth=D,time=S,nodes=N]`,
//! `mcts[:key=value,…]`, `alphabeta[:key=value,…]`, parsed from text and
//! built for any game.
//!
//! Heuristic keys: `depth` (own decisions looked at past the first, at most
//! 4), `time` (seconds per decision), `nodes` (nodes per decision); with a
//! time or a node limit it deepens step by step and answers when the limit
//! is reached. MCTS keys: `iters` (iterations per decision), `time` (seconds per
//! decision), `threads`, `depth` (play-out cut-off, in decisions), `c`
//! (exploration). Alpha-beta keys: `time`, `nodes`, `depth` (maximum depth).
//! A search bot given neither `iters`/`nodes` nor `time` thinks for the
//! caller's default time. [`BotSpec::build_capped`] gives every bot, of any
//! kind, a deadline per decision that no description can exceed (the
//! server's).

use crate::budget::Budget;
use crate::mcts::MctsConfig;
use crate::{AlphaBeta, Bot, GreedyBot, HeuristicBot, IsMcts, Mcts, RandomBot};
use arbiter_core::Evaluate;
use std::fmt;
use std::hash::Hash;
use std::str::FromStr;
use std::time::Duration;

/// A parsed bot description.
#[derive(Clone, Debug, PartialEq)]
pub enum BotSpec {
    /// Uniformly random legal actions.
    Random,
    /// One ply with the heuristic.
    Greedy,
    /// Expectimax through dice and own follow-up decisions.
    Heuristic {
        /// Own decisions looked at past the first.
        depth: u32,
        /// Seconds per decision (deepening step by step until then).
        time: Option<f64>,
        /// Node limit per decision (deepening step by step; deterministic).
        nodes: Option<u64>,
    },
    /// Monte Carlo tree search.
    Mcts {
        /// Iterations per decision.
        iterations: Option<u64>,
        /// Seconds per decision.
        time: Option<f64>,
        /// Parallel trees.
        threads: usize,
        /// Play-out cut-off in decisions (`0` plays out to the end).
        depth: u32,
        /// Exploration constant.
        exploration: f64,
    },
    /// Iterative-deepening alpha-beta.
    AlphaBeta {
        /// Seconds per decision.
        time: Option<f64>,
        /// Node limit per decision.
        nodes: Option<u64>,
        /// Maximum depth in decisions.
        depth: u32,
    },
}

/// Why a bot description is not understood.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("bad bot '{spec}': {reason}")]
pub struct SpecError {
    /// The description given.
    pub spec: String,
    /// What is wrong.
    pub reason: String,
}

/// Default MCTS play-out cut-off, in decisions, for games with a heuristic.
pub const DEFAULT_ROLLOUT_DEPTH: u32 = 8;

impl FromStr for BotSpec {
    type Err = SpecError;

    fn from_str(text: &str) -> Result<BotSpec, SpecError> {
        let fail = |reason: String| SpecError { spec: text.chars().take(60).collect(), reason };
        let (name, args) = text.split_once(':').unwrap_or((text, ""));
        let mut pairs = Vec::new();
        for part in args.split(',').filter(|p| !p.trim().is_empty()) {
            let (k, v) = part.split_once('=').ok_or_else(|| fail(format!("'{part}' should be key=value")))?;
            pairs.push((k.trim().to_ascii_lowercase(), v.trim().to_string()));
        }
        let num = |k: &str, v: &str| -> Result<f64, SpecError> {
            match v.parse::<f64>() {
                Ok(x) if x.is_finite() && x >= 0.0 => Ok(x),
                _ => Err(fail(format!("{k}={v} is not a non-negative number"))),
            }
        };
        let int = |k: &str, v: &str| -> Result<u64, SpecError> {
            v.parse::<u64>().map_err(|_| fail(format!("{k}={v} is not a whole number")))
        };
        let no_args = |name: &str| -> Result<(), SpecError> {
            if pairs.is_empty() { Ok(()) } else { Err(fail(format!("{name} takes no options"))) }
        };
        match name.trim().to_ascii_lowercase().as_str() {
            "random" => no_args("random").map(|_| BotSpec::Random),
            "greedy" => no_args("greedy").map(|_| BotSpec::Greedy),
            "heuristic" => {
                let (mut depth, mut time, mut nodes) = (1, None, None);
                for (k, v) in &pairs {
                    match k.as_str() {
                        "depth" => depth = int(k, v)?.min(4) as u32,
                        "time" => time = Some(num(k, v)?),
                        "nodes" => nodes = Some(int(k, v)?.max(1)),
                        _ => return Err(fail(format!("unknown heuristic option '{k}' (depth, time, nodes)"))),
                    }
                }
                Ok(BotSpec::Heuristic { depth, time, nodes })
            }
            "mcts" => {
                let (mut iterations, mut time, mut threads, mut depth, mut exploration) =
                    (None, None, 1, DEFAULT_ROLLOUT_DEPTH, 1.0);
                for (k, v) in &pairs {
                    match k.as_str() {
                        "iters" | "iterations" => iterations = Some(int(k, v)?.max(1)),
                        "time" => time = Some(num(k, v)?),
                        "threads" => threads = int(k, v)?.clamp(1, 64) as usize,
                        "depth" => depth = int(k, v)?.min(u64::from(u32::MAX)) as u32,
                        "c" => exploration = num(k, v)?,
                        _ => return Err(fail(format!("unknown mcts option '{k}' (iters, time, threads, depth, c)"))),
                    }
                }
                Ok(BotSpec::Mcts { iterations, time, threads, depth, exploration })
            }
            "alphabeta" | "ab" => {
                let (mut time, mut nodes, mut depth) = (None, None, 64);
                for (k, v) in &pairs {
                    match k.as_str() {
                        "time" => time = Some(num(k, v)?),
                        "nodes" => nodes = Some(int(k, v)?.max(1)),
                        "depth" => depth = int(k, v)?.clamp(1, 1000) as u32,
                        _ => return Err(fail(format!("unknown alphabeta option '{k}' (time, nodes, depth)"))),
                    }
                }
                Ok(BotSpec::AlphaBeta { time, nodes, depth })
            }
            other => Err(fail(format!("unknown bot '{other}'; choose random, greedy, heuristic, mcts or alphabeta"))),
        }
    }
}

impl fmt::Display for BotSpec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BotSpec::Random => f.write_str("random"),
            BotSpec::Greedy => f.write_str("greedy"),
            BotSpec::Heuristic { depth, time, nodes } => {
                let mut parts = Vec::new();
                if *depth != 1 {
                    parts.push(format!("depth={depth}"));
                }
                if let Some(t) = time {
                    parts.push(format!("time={t}"));
                }
                if let Some(n) = nodes {
                    parts.push(format!("nodes={n}"));
                }
                if parts.is_empty() { f.write_str("heuristic") } else { write!(f, "heuristic:{}", parts.join(",")) }
            }
            BotSpec::Mcts { iterations, time, threads, depth, exploration } => {
                let mut parts = Vec::new();
                if let Some(n) = iterations {
                    parts.push(format!("iters={n}"));
                }
                if let Some(t) = time {
                    parts.push(format!("time={t}"));
                }
                if *threads != 1 {
                    parts.push(format!("threads={threads}"));
                }
                if *depth != DEFAULT_ROLLOUT_DEPTH {
                    parts.push(format!("depth={depth}"));
                }
                if *exploration != 1.0 {
                    parts.push(format!("c={exploration}"));
                }
                if parts.is_empty() { f.write_str("mcts") } else { write!(f, "mcts:{}", parts.join(",")) }
            }
            BotSpec::AlphaBeta { time, nodes, depth } => {
                let mut parts = Vec::new();
                if let Some(t) = time {
                    parts.push(format!("time={t}"));
                }
                if let Some(n) = nodes {
                    parts.push(format!("nodes={n}"));
                }
                if *depth != 64 {
                    parts.push(format!("depth={depth}"));
                }
                if parts.is_empty() { f.write_str("alphabeta") } else { write!(f, "alphabeta:{}", parts.join(",")) }
            }
        }
    }
}

impl BotSpec {
    /// True for bots that search for a time (their results vary run to run).
    pub fn is_timed(&self, default_seconds: f64) -> bool {
        match self {
            BotSpec::Random | BotSpec::Greedy => false,
            BotSpec::Heuristic { time, .. } => time.is_some(),
            BotSpec::Mcts { iterations, time, .. } => time.is_some() || (iterations.is_none() && default_seconds > 0.0),
            BotSpec::AlphaBeta { time, nodes, .. } => time.is_some() || (nodes.is_none() && default_seconds > 0.0),
        }
    }

    /// Builds the bot for a game. `default_seconds` is the thinking time of
    /// search bots whose description gives no limit. `mcts` is plain MCTS
    /// for games without secrets and information-set MCTS ([`IsMcts`]) for
    /// games with them.
    pub fn build<G: Evaluate>(&self, game: &G, seed: u64, default_seconds: f64) -> Result<Box<dyn Bot<G>>, SpecError>
    where
        G::State: Hash + Eq,
        G::Observation: Hash,
    {
        self.build_with(game, seed, default_seconds, None)
    }

    /// Like [`BotSpec::build`], with a deadline no bot may pass: every bot
    /// — random, greedy, heuristic, MCTS, IS-MCTS, alpha-beta — stops
    /// thinking after at most `max` per decision, whatever its description
    /// asks, and answers with the best decision found by then. A bot given
    /// an iteration or node limit stays deterministic for its seed as long
    /// as it finishes within `max`.
    pub fn build_capped<G: Evaluate>(
        &self,
        game: &G,
        seed: u64,
        default_seconds: f64,
        max: Duration,
    ) -> Result<Box<dyn Bot<G>>, SpecError>
    where
        G::State: Hash + Eq,
        G::Observation: Hash,
    {
        self.build_with(game, seed, default_seconds, Some(max))
    }

    fn build_with<G: Evaluate>(
        &self,
        game: &G,
        seed: u64,
        default_seconds: f64,
        max: Option<Duration>,
    ) -> Result<Box<dyn Bot<G>>, SpecError>
    where
        G::State: Hash + Eq,
        G::Observation: Hash,
    {
        let cap = |b: Budget| match max {
            Some(m) => b.capped(m),
            None => b,
        };
        let seconds = |t: f64| Duration::try_from_secs_f64(t).unwrap_or(Duration::MAX);
        let budget = |iterations: Option<u64>, time: Option<f64>| {
            cap(Budget {
                iterations,
                time: time.or(if iterations.is_none() { Some(default_seconds) } else { None }).map(seconds),
            })
        };
        Ok(match self {
            BotSpec::Random => Box::new(RandomBot::<G>::new(seed)),
            BotSpec::Greedy => Box::new(GreedyBot::<G>::new(seed).with_budget(cap(Budget::unlimited()))),
            BotSpec::Heuristic { depth, time, nodes } => Box::new(
                HeuristicBot::<G>::new(*depth, seed)
                    .with_budget(cap(Budget { iterations: *nodes, time: time.map(seconds) })),
            ),
            BotSpec::Mcts { iterations, time, threads, depth, exploration } => {
                let config = MctsConfig {
                    budget: budget(*iterations, *time),
                    exploration: *exploration,
                    rollout_depth: (*depth > 0).then_some(*depth),
                    threads: *threads,
                    seed,
                };
                if game.has_hidden_information() {
                    Box::new(IsMcts::<G>::new(config, Some(G::evaluate)))
                } else {
                    Box::new(Mcts::<G>::new(config, Some(G::evaluate)))
                }
            }
            BotSpec::AlphaBeta { time, nodes, depth } => {
                if game.has_chance() || game.has_hidden_information() || game.seats() != 2 {
                    return Err(SpecError {
                        spec: self.to_string(),
                        reason: format!(
                            "alpha-beta needs a deterministic two-player game with no hidden information; {} is not",
                            G::NAME
                        ),
                    });
                }
                Box::new(AlphaBeta::<G>::new(budget(*nodes, *time), *depth, seed))
            }
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn descriptions_parse_and_print() {
        for text in [
            "random",
            "greedy",
            "mcts",
            "mcts:iters=500,threads=2",
            "mcts:time=0.1,depth=0,c=1.4",
            "heuristic:depth=3",
            "heuristic:depth=2,time=0.5,nodes=1000",
            "alphabeta:time=0.1",
            "alphabeta:nodes=1000,depth=5",
        ] {
            let spec: BotSpec = text.parse().unwrap();
            assert_eq!(spec.to_string(), text);
        }
        assert!("mcts:iters=x".parse::<BotSpec>().unwrap_err().reason.contains("whole number"));
        assert!("mcts:time=-1".parse::<BotSpec>().is_err());
        assert!("mcts:time=NaN".parse::<BotSpec>().is_err());
        assert!("mcts:bogus=1".parse::<BotSpec>().unwrap_err().reason.contains("unknown mcts option"));
        assert!("random:x=1".parse::<BotSpec>().is_err());
        assert!("minimax".parse::<BotSpec>().unwrap_err().reason.contains("unknown bot"));
    }
}
