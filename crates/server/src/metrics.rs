//! The server's metrics, kept with the `prometheus` crate and served at
//! `GET /metrics` in Prometheus's text format (docs/deploy.md lists them).
//!
//! Counters and histograms are updated where things happen (a commit, a
//! bot's thinking, a connection opened or refused); the number of live
//! matches is counted when the metrics are read.

use prometheus::{Encoder, Histogram, HistogramOpts, IntCounter, IntCounterVec, IntGauge, Opts, Registry, TextEncoder};

/// Every metric of one server, in a registry of its own (so that several
/// servers in one process, as in the tests, do not mix theirs).
pub struct Metrics {
    registry: Registry,
    /// Unfinished matches in memory (set when read).
    pub matches_live: IntGauge,
    /// Matches in memory, finished or not.
    pub matches_loaded: IntGauge,
    /// Open connections, HTTP and WebSocket.
    pub connections: IntGauge,
    /// Connections refused, by reason (`per-address`, `overall`,
    /// `sockets`, `shutting-down`).
    pub refused: IntCounterVec,
    /// Open WebSockets.
    pub sockets: IntGauge,
    /// Actions accepted from people (REST and WebSocket).
    pub actions: IntCounter,
    /// Decisions committed: people's, bots' and dice rolls.
    pub decisions: IntCounter,
    /// Seconds from a commit's start to its answer (storage thread queue
    /// included).
    pub commit_seconds: Histogram,
    /// Bots waiting for a thinking slot.
    pub bot_queue: IntGauge,
    /// Bots thinking now.
    pub bots_thinking: IntGauge,
    /// Seconds a bot thought for one decision.
    pub bot_think_seconds: Histogram,
}

impl Metrics {
    /// New metrics, all zero.
    pub fn new() -> Metrics {
        let registry = Registry::new();
        let gauge = |name: &str, help: &str| {
            let g = IntGauge::new(name, help).unwrap_or_else(|_| unreachable_metric());
            let _ = registry.register(Box::new(g.clone()));
            g
        };
        let counter = |name: &str, help: &str| {
            let c = IntCounter::new(name, help).unwrap_or_else(|_| unreachable_metric());
            let _ = registry.register(Box::new(c.clone()));
            c
        };
        let histogram = |name: &str, help: &str, buckets: Vec<f64>| {
            let h = Histogram::with_opts(HistogramOpts::new(name, help).buckets(buckets))
                .unwrap_or_else(|_| unreachable_metric());
            let _ = registry.register(Box::new(h.clone()));
            h
        };
        let refused = IntCounterVec::new(
            Opts::new("arbiter_connections_refused_total", "Connections and sockets refused, by the limit reached."),
            &["reason"],
        )
        .unwrap_or_else(|_| unreachable_metric());
        let _ = registry.register(Box::new(refused.clone()));
        Metrics {
            matches_live: gauge("arbiter_matches_live", "Unfinished matches held by this server."),
            matches_loaded: gauge("arbiter_matches_loaded", "Matches held in memory, finished or not."),
            connections: gauge("arbiter_connections", "Open connections (HTTP and WebSocket)."),
            refused,
            sockets: gauge("arbiter_websockets", "Open WebSockets."),
            actions: counter("arbiter_actions_total", "Actions accepted from players."),
            decisions: counter("arbiter_decisions_committed_total", "Decisions committed (players', bots', dice)."),
            commit_seconds: histogram(
                "arbiter_commit_seconds",
                "Time to commit a change to storage, queue included.",
                vec![0.0005, 0.001, 0.002, 0.005, 0.01, 0.02, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5],
            ),
            bot_queue: gauge("arbiter_bot_queue", "Bots waiting for a thinking slot."),
            bots_thinking: gauge("arbiter_bots_thinking", "Bots thinking now."),
            bot_think_seconds: histogram(
                "arbiter_bot_think_seconds",
                "Time a bot thought for one decision.",
                vec![0.001, 0.01, 0.05, 0.1, 0.25, 0.5, 1.0, 2.0, 5.0, 10.0, 30.0],
            ),
            registry,
        }
    }

    /// The metrics in Prometheus's text format.
    pub fn render(&self) -> String {
        let mut out = Vec::new();
        let _ = TextEncoder::new().encode(&self.registry.gather(), &mut out);
        String::from_utf8(out).unwrap_or_default()
    }
}

impl Default for Metrics {
    fn default() -> Self {
        Metrics::new()
    }
}

/// The metrics above have valid, fixed names and options; `prometheus`
/// refuses only invalid ones.
fn unreachable_metric<T>() -> T {
    unreachable!("a metric with a fixed, valid name and options")
}

#[cfg(test)]
mod tests {
    use super::Metrics;

    #[test]
    fn every_metric_is_rendered() {
        let m = Metrics::new();
        m.actions.inc();
        m.refused.with_label_values(&["per-address"]).inc();
        m.commit_seconds.observe(0.003);
        let text = m.render();
        for name in [
            "arbiter_matches_live",
            "arbiter_connections",
            "arbiter_websockets",
            "arbiter_actions_total 1",
            "arbiter_commit_seconds_bucket",
            "arbiter_bot_queue",
            "arbiter_bot_think_seconds_count",
            "arbiter_connections_refused_total{reason=\"per-address\"} 1",
        ] {
            assert!(text.contains(name), "{name} missing from:\n{text}");
        }
    }
}
