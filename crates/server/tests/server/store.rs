//! The `Store` contract, on SQLite and (with `ARBITER_TEST_POSTGRES`)
//! PostgreSQL, over the same migrations: round trips, appends that must
//! continue the stored match, group commits whose members stand or fall
//! alone, and several writers on one database — racing appends to one match
//! store exactly one history, and servers starting together migrate once.

#![allow(clippy::unwrap_used, clippy::panic)]

use crate::common::*;
use arbiter_server::config::open_store;
use arbiter_server::store::{MIGRATIONS, MatchRow, SeedSeal, Store, StoreError};
use arbiter_server::{Durability, PostgresStore};
use std::sync::{Arc, Barrier};

on_every_backend!(;
    sync: matches_round_trip_and_appends_must_be_in_step,
    a_group_commits_its_members_together_and_each_stands_alone,
    a_newer_schema_is_refused,
    racing_writers_store_one_history,
    servers_starting_together_migrate_once,
);

fn row(id: &str, created_at: i64) -> MatchRow {
    MatchRow {
        id: id.into(),
        game: "essence".into(),
        variant: "{\"loop\":true}".into(),
        seats: "[{\"name\":\"Ada\",\"controller\":\"human\"}]".into(),
        seed: u64::MAX - 3,
        created_at,
        finished: false,
        outcome: None,
        seal: Some(SeedSeal { salt: "5a".repeat(32), chosen: created_at % 2 == 0 }),
        dice: if created_at % 3 == 0 { arbiter_core::DiceMode::Manual } else { arbiter_core::DiceMode::Seeded },
        companion: created_at % 5 == 0,
        names: Vec::new(),
    }
}

fn open(url: &str) -> Box<dyn Store> {
    open_store(url, Durability::Normal).unwrap()
}

fn matches_round_trip_and_appends_must_be_in_step(backend: Backend) {
    let db = backend.fresh("round-trip");
    let mut s = open(&db.url);
    let latest = MIGRATIONS.last().unwrap().version;
    assert_eq!(s.migrate().unwrap(), latest);
    assert_eq!(s.migrate().unwrap(), latest, "migrating twice changes nothing");
    s.insert_match(&row("ab", 7), &[(0, "h0".into())], &["{\"roll\":[1]}".into()]).unwrap();
    s.insert_match(&row("cd", 9), &[], &[]).unwrap();
    s.append("ab", 1, &["a".into(), "b".into()], None).unwrap();
    let e = s.append("ab", 1, &["c".into()], None).unwrap_err();
    assert!(matches!(e, StoreError::OutOfStep { stored: 3, expected: 1, .. }), "{e}");
    assert!(matches!(s.append("ab", 5, &["gap".into()], None), Err(StoreError::OutOfStep { stored: 3, .. })));
    let m = s.load("ab").unwrap().unwrap();
    assert_eq!(m.row, row("ab", 7), "the seed's 64 bits, the JSON and the flags come back");
    assert_eq!(m.decisions, ["{\"roll\":[1]}", "a", "b"]);
    assert_eq!(m.tokens, [(0, "h0".to_string())]);
    let unfinished = s.unfinished().unwrap();
    assert_eq!(unfinished.iter().map(|m| m.row.id.as_str()).collect::<Vec<_>>(), ["ab", "cd"], "oldest first");
    assert_eq!(unfinished[0], m);
    assert!(unfinished[1].decisions.is_empty() && unfinished[1].tokens.is_empty());
    assert!(s.claim_seat("ab", 1, "h1", Some("Bo")).unwrap());
    assert!(!s.claim_seat("ab", 1, "h2", Some("Cy")).unwrap(), "a taken seat stays taken");
    assert!(!s.claim_seat("cd", 0, "h1", None).unwrap(), "a token hash holds one seat");
    assert_eq!(s.load("ab").unwrap().unwrap().row.names, [(1, "Bo".to_string())], "the joiner's name is kept");
    assert!(s.load("cd").unwrap().unwrap().row.names.is_empty());
    let since = s.since("ab", 3).unwrap().unwrap();
    assert_eq!(since.names, [(1, "Bo".to_string())], "another server learns the name with the seat");
    s.append("ab", 3, &["d".into()], Some("{\"draw\":true}")).unwrap();
    assert_eq!(s.unfinished().unwrap().len(), 1);
    let mine = s.matches_for_tokens(&["h1".into(), "nope".into(), "h0".into()]).unwrap();
    assert_eq!(mine.len(), 2);
    assert_eq!((mine[0].0.id.as_str(), mine[0].1), ("ab", 0));
    assert_eq!((mine[1].0.id.as_str(), mine[1].1), ("ab", 1));
    assert!(mine[0].0.finished);
    assert_eq!(mine[0].0.outcome.as_deref(), Some("{\"draw\":true}"));
    assert_eq!(mine[1].0.names, [(1, "Bo".to_string())], "the lobby's rows carry the names given on joining");
    assert!(s.matches_for_tokens(&[]).unwrap().is_empty());
    assert!(s.load("ef").unwrap().is_none());
    assert!(s.append("ef", 0, &["x".into()], None).is_err(), "no decisions for a match that is not stored");
    // Reopened, everything is there.
    drop(s);
    let mut s = open(&db.url);
    assert_eq!(s.migrate().unwrap(), latest);
    assert_eq!(s.load("ab").unwrap().unwrap().decisions.len(), 4);
}

fn a_group_commits_its_members_together_and_each_stands_alone(backend: Backend) {
    let db = backend.fresh("group");
    let mut s = open(&db.url);
    s.migrate().unwrap();
    s.insert_match(&row("g1", 1), &[], &[]).unwrap();
    s.insert_match(&row("g2", 2), &[], &[]).unwrap();
    s.begin_group().unwrap();
    s.append("g1", 0, &["a".into()], None).unwrap();
    assert!(matches!(s.append("g2", 4, &["late".into()], None), Err(StoreError::OutOfStep { .. })));
    s.append("g2", 0, &["b".into(), "c".into()], Some("{}")).unwrap();
    assert!(s.claim_seat("g1", 0, "t0", None).unwrap());
    assert!(!s.claim_seat("g1", 0, "t1", None).unwrap(), "taken within the group");
    assert_eq!(s.load("g1").unwrap().unwrap().decisions, ["a"], "the group sees its own writes");
    // Not yet visible to another connection (SQLite's readers in WAL mode
    // see the last commit, as PostgreSQL's do).
    let mut other = open(&db.url);
    assert!(other.load("g1").unwrap().unwrap().decisions.is_empty(), "nothing is visible before the commit");
    s.end_group(true).unwrap();
    let g1 = other.load("g1").unwrap().unwrap();
    assert_eq!(g1.decisions, ["a"]);
    assert_eq!(g1.tokens, [(0, "t0".to_string())]);
    let g2 = other.load("g2").unwrap().unwrap();
    assert_eq!(g2.decisions, ["b", "c"], "the append out of step left the group going");
    assert!(g2.row.finished);
    // A write failing inside the database (no such match): the group is
    // all or nothing — SQLite rolls back that write alone, PostgreSQL the
    // whole group, and says so.
    s.begin_group().unwrap();
    s.append("g1", 1, &["b".into()], None).unwrap();
    assert!(s.append("nope", 0, &["x".into()], None).is_err());
    match s.end_group(true) {
        Ok(()) => assert_eq!(other.load("g1").unwrap().unwrap().decisions, ["a", "b"]),
        Err(e) => {
            assert!(!backend.is_sqlite(), "{e}");
            assert_eq!(other.load("g1").unwrap().unwrap().decisions, ["a"]);
            s.append("g1", 1, &["b".into()], None).unwrap();
        }
    }
    assert!(other.load("nope").unwrap().is_none());
    // A group rolled back stores nothing.
    s.begin_group().unwrap();
    s.append("g1", 2, &["gone".into()], None).unwrap();
    s.end_group(false).unwrap();
    assert_eq!(other.load("g1").unwrap().unwrap().decisions, ["a", "b"]);
    // And the store works on, ungrouped.
    s.append("g1", 2, &["c".into()], None).unwrap();
    assert_eq!(other.load("g1").unwrap().unwrap().decisions, ["a", "b", "c"]);
}

fn a_newer_schema_is_refused(backend: Backend) {
    let db = backend.fresh("too-new");
    open(&db.url).migrate().unwrap();
    let sql = "INSERT INTO schema_version (version, applied_at) VALUES (99, 0)";
    match &backend {
        Backend::Sqlite => {
            rusqlite::Connection::open(&db.url).unwrap().execute(sql, []).unwrap();
        }
        Backend::Postgres(_) => pg_admin(&db.url, sql).unwrap(),
    }
    let e = open(&db.url).migrate().unwrap_err();
    assert!(matches!(e, StoreError::TooNew { found: 99, .. }), "{e}");
    // A server on it does not start, and says why.
    let runtime = tokio::runtime::Builder::new_multi_thread().worker_threads(2).enable_all().build().unwrap();
    let started = runtime.block_on(arbiter_server::AppState::open(config(&db.url)));
    let e = started.err().expect("a server on a newer schema must not start");
    assert!(e.to_string().contains("schema is version 99"), "{e}");
}

/// Several writers (as several servers would be) append the same plies of
/// one match at once: for each ply exactly one wins, the others are told
/// they are out of step, and the stored match is one contiguous history.
fn racing_writers_store_one_history(backend: Backend) {
    let db = backend.fresh("race");
    let mut s = open(&db.url);
    s.migrate().unwrap();
    s.insert_match(&row("race", 1), &[], &[]).unwrap();
    const WRITERS: usize = 4;
    const PLIES: usize = 40;
    let barrier = Arc::new(Barrier::new(WRITERS));
    let handles: Vec<_> = (0..WRITERS)
        .map(|w| {
            let (url, barrier) = (db.url.clone(), barrier.clone());
            std::thread::spawn(move || {
                let mut s = open(&url);
                let mut won = Vec::new();
                for ply in 0..PLIES {
                    barrier.wait();
                    match s.append("race", ply, &[format!("{w}:{ply}")], None) {
                        Ok(()) => won.push(ply),
                        Err(StoreError::OutOfStep { .. }) => {}
                        Err(e) => panic!("writer {w}, ply {ply}: {e}"),
                    }
                    barrier.wait();
                }
                won
            })
        })
        .collect();
    let mut winners = vec![0; PLIES];
    for h in handles {
        for ply in h.join().unwrap() {
            winners[ply] += 1;
        }
    }
    assert!(winners.iter().all(|&n| n == 1), "one winner per ply: {winners:?}");
    let stored = s.load("race").unwrap().unwrap().decisions;
    assert_eq!(stored.len(), PLIES);
    for (ply, d) in stored.iter().enumerate() {
        assert!(d.ends_with(&format!(":{ply}")), "ply {ply} holds {d}");
    }
}

fn servers_starting_together_migrate_once(backend: Backend) {
    let db = backend.fresh("migrate");
    let barrier = Arc::new(Barrier::new(4));
    let handles: Vec<_> = (0..4)
        .map(|_| {
            let (url, barrier) = (db.url.clone(), barrier.clone());
            std::thread::spawn(move || {
                // Past the barrier whatever happens, so no thread waits for
                // one that failed.
                let opened = open_store(&url, Durability::Normal);
                barrier.wait();
                opened?.migrate()
            })
        })
        .collect();
    for h in handles {
        assert_eq!(h.join().unwrap().unwrap(), MIGRATIONS.last().unwrap().version);
    }
}

#[test]
fn a_postgres_url_is_opened_as_postgres() {
    // Nothing listens on port 1: the error says it tried PostgreSQL.
    let e = PostgresStore::connect("postgres://arbiter@127.0.0.1:1/arbiter?connect_timeout=2").err().unwrap();
    assert!(e.to_string().contains("PostgreSQL"), "{e}");
}
