//! Thinking budgets: a number of iterations, a time, or both.

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

    /// A budget of seconds only.
    pub fn seconds(s: f64) -> Budget {
        Budget { iterations: None, time: Some(Duration::from_secs_f64(s.max(0.0))) }
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
        // Reading the clock costs; look every 16 iterations.
        done % 16 == 0 && self.budget.time.is_some_and(|t| self.started.elapsed() >= t)
    }

    /// True once the time is used up (ignores iterations).
    pub(crate) fn out_of_time(&self) -> bool {
        self.budget.time.is_some_and(|t| self.started.elapsed() >= t)
    }
}
