//! Thinking budgets: a number of iterations, a time, or both, and the
//! running clock a search checks as it goes. A budget with a time is a
//! deadline every bot honours: it stops searching when the time is up and
//! answers with the best decision found so far. A budget of iterations (or
//! nodes) alone keeps a bot deterministic for its seed.

use std::time::{Duration, Instant};

/// How long a search may run: it stops at whichever limit comes first.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Budget {
    /// Iterations (MCTS) or nodes (alpha-beta), if limited.
    pub iterations: Option<u64>,
    /// Wall-clock time, if limited.
    pub time: Option<Duration>,
}

impl Budget {
    /// A budget of iterations only: deterministic.
    pub fn iterations(n: u64) -> Budget {
        Budget { iterations: Some(n), time: None }
    }

    /// A budget of seconds only (negative counts as none; more than a
    /// `Duration` holds, or not a number, as no end).
    pub fn seconds(s: f64) -> Budget {
        Budget { iterations: None, time: Some(Duration::try_from_secs_f64(s.max(0.0)).unwrap_or(Duration::MAX)) }
    }

    /// No limit at all: the bot searches as far as its settings say.
    pub fn unlimited() -> Budget {
        Budget { iterations: None, time: None }
    }

    /// Whether the budget limits anything.
    pub fn is_limited(&self) -> bool {
        self.iterations.is_some() || self.time.is_some()
    }

    /// The budget with its time capped at `max` (a budget with no time
    /// gets `max`): what a server gives a bot, whatever it asked for.
    pub fn capped(self, max: Duration) -> Budget {
        Budget { iterations: self.iterations, time: Some(self.time.map_or(max, |t| t.min(max))) }
    }

    /// Starts the clock.
    pub(crate) fn start(&self) -> Clock {
        Clock { budget: *self, started: Instant::now() }
    }
}

/// A running budget.
pub(crate) struct Clock {
    budget: Budget,
    started: Instant,
}

impl Clock {
    /// True once `done` iterations or the time are used up.
    pub(crate) fn spent(&self, done: u64) -> bool {
        if self.budget.iterations.is_some_and(|n| done >= n) {
            return true;
        }
        // Reading the clock costs some 25 ns, far less than an iteration
        // (a play-out), so it is read every time: a slow iteration never
        // runs on past the deadline by more than itself.
        self.out_of_time()
    }

    /// True once `done` iterations (or nodes) are used up, whatever the time.
    pub(crate) fn counted_out(&self, done: u64) -> bool {
        self.budget.iterations.is_some_and(|n| done >= n)
    }

    /// True once the time is used up (ignores iterations).
    pub(crate) fn out_of_time(&self) -> bool {
        self.budget.time.is_some_and(|t| self.started.elapsed() >= t)
    }
}
