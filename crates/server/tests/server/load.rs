//! A smoke run of the load test (`examples/load`): 10 human-vs-human
//! Essence matches over WebSockets for 2 s, on SQLite and (with
//! `ARBITER_TEST_POSTGRES`) PostgreSQL. It checks that the driver and the
//! server hold up — every action accepted, nothing refused, and each match
//! stored as played — not how fast they are: that is the example's job
//! (`docs/performance.md`).

#![allow(clippy::unwrap_used, clippy::panic)]

use crate::common::*;
use arbiter_server::AppState;
use std::time::Duration;

on_every_backend!(ten_matches_for_two_seconds);

async fn ten_matches_for_two_seconds(backend: Backend) {
    let db = backend.fresh("load");
    let mut config = config(&db.url);
    config.limits.ws_per_second = 1000.0;
    config.limits.ws_burst = 1000.0;
    let state = AppState::open(config).await.unwrap();
    let options = crate::driver::Options {
        matches: 10,
        duration: Duration::from_secs(2),
        think: Duration::ZERO,
        seed: 3,
        server_nagle: false,
    };
    let report = crate::driver::run(state.clone(), &options).await.unwrap();
    eprintln!("{}", report.summary());
    assert_eq!(report.errors, 0);
    assert!(report.actions >= 100, "{}", report.summary());
    assert_eq!(report.latencies_us.len(), report.actions);
    assert!(report.percentile(0.5) <= report.percentile(0.99));
    // Every match is in memory, its decisions all stored: a server opened
    // on the same database now resumes exactly the unfinished ones.
    let unfinished = state.list(&[]).await.unwrap().live.len();
    assert!(unfinished <= 10 && state.loaded_matches() >= 10 + report.games_finished);
    drop(state);
    let again = AppState::open(crate::common::config(&db.url)).await.unwrap();
    assert_eq!(again.load_report().resumed, unfinished);
    assert!(again.load_report().failed.is_empty());
}
