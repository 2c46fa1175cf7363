//! Durability, on SQLite and (with `ARBITER_TEST_POSTGRES`) PostgreSQL:
//! every accepted decision is committed before it is acknowledged, a
//! reopened database gives back the identical matches, a failed commit
//! leaves the match as it was, a server killed with SIGKILL mid-game and
//! started again on the same database loses nothing. (Several servers
//! serving one match: `servers.rs`.)

#![allow(clippy::unwrap_used, clippy::panic)]

use crate::common::*;
use arbiter_server::config::open_store;
use arbiter_server::store::{MatchRow, RollParts, Store, StoreError, StoredMatch};
use arbiter_server::{AppState, Durability, Registry, SqliteStore, router};
use axum::http::StatusCode;
use serde_json::{Value, json};
use std::io::{BufRead, BufReader, Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::process::{Child, Command, Stdio};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

on_every_backend!(
    a_reopened_database_gives_back_identical_matches,
    a_failed_commit_is_not_acknowledged_and_changes_nothing;
    sync: sigkill_mid_game_loses_nothing,
);

/// Plays `n` random decisions of a human-vs-human match, each by whichever
/// token owes it.
async fn play_some(app: &axum::Router, id: &str, tokens: &[String], n: usize, seed: u64) {
    let mut rng = Rng::new(seed);
    for _ in 0..n {
        let spectator = view(app, id, None).await;
        if !spectator["outcome"].is_null() {
            return;
        }
        let seat = spectator["turn"]["seat"].as_u64().unwrap() as usize;
        let v = view(app, id, Some(&tokens[seat])).await;
        let legal = v["legal"].as_array().unwrap();
        let (status, e) = act(app, id, &tokens[seat], &legal[rng.below(legal.len())]).await;
        assert_eq!(status, StatusCode::OK, "{e}");
    }
}

async fn a_reopened_database_gives_back_identical_matches(backend: Backend) {
    let fresh = backend.fresh("reopen");
    let database = fresh.url.clone();
    let mut matches = Vec::new();
    let before: Vec<Vec<Value>>;
    {
        let app = router(AppState::open(config(&database)).await.unwrap());
        for (game, seed) in [("essence", 1), ("ethia", 2), ("ephemeral", 3), ("ethia-worlds", 4)] {
            let seats = if game == "ethia-worlds" {
                json!([{ "controller": "human" }])
            } else {
                json!([{ "controller": "human" }, { "controller": "human" }])
            };
            let created = create(&app, json!({ "game": game, "seats": seats, "seed": seed })).await;
            let id = created["id"].as_str().unwrap().to_string();
            let tokens: Vec<String> =
                created["seats"].as_array().unwrap().iter().map(|s| s["token"].as_str().unwrap().into()).collect();
            play_some(&app, &id, &tokens, 25, seed).await;
            matches.push((id, tokens));
        }
        // And one against a bot, left at the human's turn.
        let created = create(
            &app,
            json!({ "game": "essence", "seats": [{ "controller": "human" }, { "controller": "greedy" }], "seed": 5 }),
        )
        .await;
        let id = created["id"].as_str().unwrap().to_string();
        let t = token(&created, 0);
        for _ in 0..6 {
            let v = wait_turn(&app, &id, &t).await;
            let (status, _) = act(&app, &id, &t, &v["legal"][0]).await;
            assert_eq!(status, StatusCode::OK);
        }
        wait_turn(&app, &id, &t).await;
        matches.push((id, vec![t]));
        let mut all = Vec::new();
        for (id, tokens) in &matches {
            let mut views = vec![view(&app, id, None).await];
            for t in tokens {
                views.push(view(&app, id, Some(t)).await);
            }
            all.push(views);
        }
        before = all;
    }
    // Everything from the first server is dropped; open the file again.
    let state = AppState::open(config(&database)).await.unwrap();
    assert_eq!(state.load_report().resumed, matches.len());
    assert!(state.load_report().failed.is_empty());
    let app = router(state);
    for ((id, tokens), views) in matches.iter().zip(&before) {
        assert_eq!(&view(&app, id, None).await, &views[0], "spectator view of {id}");
        for (t, v) in tokens.iter().zip(&views[1..]) {
            assert_eq!(&view(&app, id, Some(t)).await, v, "seat view of {id}");
        }
    }
    // The bot match goes on to the end after the restart.
    let (id, tokens) = matches.last().unwrap();
    let (end, _) = play_to_end(&app, id, &tokens[0], 9, 3000).await;
    assert!(!end["outcome"].is_null());
    // Finished matches are loaded on demand, still in the "my games" list.
    drop(app);
    let app = router(AppState::open(config(&database)).await.unwrap());
    let (_, list) = call(&app, "GET", &format!("/api/matches?tokens={}", tokens[0]), None).await;
    assert_eq!(list["mine"][0]["id"], json!(id));
    assert_eq!(list["mine"][0]["finished"], true);
    assert_eq!(view(&app, id, None).await["outcome"], end["outcome"]);
    if backend.is_sqlite() {
        let journal = SqliteStore::open(database.as_ref(), Durability::Full).unwrap().journal_mode().unwrap();
        assert_eq!(journal, "wal");
    }
}

/// A store that can be told to fail its writes.
struct Flaky {
    inner: Box<dyn Store>,
    fail: Arc<AtomicBool>,
}

impl Flaky {
    fn check(&self) -> Result<(), StoreError> {
        if self.fail.load(Ordering::SeqCst) { Err(StoreError::Database("disk on fire".into())) } else { Ok(()) }
    }
}

impl Store for Flaky {
    fn migrate(&mut self) -> Result<u32, StoreError> {
        self.inner.migrate()
    }
    fn insert_match(
        &mut self,
        row: &MatchRow,
        tokens: &[(u8, String)],
        decisions: &[String],
    ) -> Result<(), StoreError> {
        self.check()?;
        self.inner.insert_match(row, tokens, decisions)
    }
    fn append(
        &mut self,
        id: &str,
        first: usize,
        decisions: &[String],
        outcome: Option<&str>,
    ) -> Result<(), StoreError> {
        self.check()?;
        self.inner.append(id, first, decisions, outcome)
    }
    fn undo_last(&mut self, id: &str, len: usize) -> Result<(), StoreError> {
        self.check()?;
        self.inner.undo_last(id, len)
    }
    fn put_roll_parts(&mut self, id: &str, parts: Option<&RollParts>) -> Result<(), StoreError> {
        self.check()?;
        self.inner.put_roll_parts(id, parts)
    }
    fn roll_parts(&mut self, id: &str) -> Result<Option<RollParts>, StoreError> {
        self.check()?;
        self.inner.roll_parts(id)
    }
    fn claim_seat(&mut self, id: &str, seat: u8, hash: &str, name: Option<&str>) -> Result<bool, StoreError> {
        self.check()?;
        self.inner.claim_seat(id, seat, hash, name)
    }
    fn unfinished(&mut self) -> Result<Vec<StoredMatch>, StoreError> {
        self.inner.unfinished()
    }
    fn load(&mut self, id: &str) -> Result<Option<StoredMatch>, StoreError> {
        self.inner.load(id)
    }
    fn matches_for_tokens(&mut self, hashes: &[String]) -> Result<Vec<(MatchRow, u8)>, StoreError> {
        self.inner.matches_for_tokens(hashes)
    }
    fn begin_group(&mut self) -> Result<(), StoreError> {
        self.inner.begin_group()
    }
    fn end_group(&mut self, commit: bool) -> Result<(), StoreError> {
        self.inner.end_group(commit)
    }
}

async fn a_failed_commit_is_not_acknowledged_and_changes_nothing(backend: Backend) {
    let fail = Arc::new(AtomicBool::new(false));
    let db = backend.scratch("flaky");
    let store = Flaky { inner: open_store(&db.url, Durability::Normal).unwrap(), fail: fail.clone() };
    let state = AppState::with_store(config("unused"), Registry::standard(), Box::new(store)).await.unwrap();
    let app = router(state);
    let created = create(
        &app,
        json!({ "game": "essence", "seats": [{ "controller": "human" }, { "controller": "human" }], "seed": 2 }),
    )
    .await;
    let id = created["id"].as_str().unwrap();
    let p1 = token(&created, 0);
    let before = view(&app, id, Some(&p1)).await;
    fail.store(true, Ordering::SeqCst);
    let (status, e) = act(&app, id, &p1, &before["legal"][3]).await;
    assert_eq!(status, StatusCode::SERVICE_UNAVAILABLE, "{e}");
    assert_eq!(e["error"], "storage");
    assert_eq!(view(&app, id, Some(&p1)).await, before, "the match is as it was");
    let (status, _) = call(
        &app,
        "POST",
        "/api/matches",
        Some(json!({ "game": "essence", "seats": [{ "controller": "human" }, { "controller": "human" }] })),
    )
    .await;
    assert_eq!(status, StatusCode::SERVICE_UNAVAILABLE);
    fail.store(false, Ordering::SeqCst);
    let (status, e) = act(&app, id, &p1, &before["legal"][3]).await;
    assert_eq!(status, StatusCode::OK, "{e}");
    assert_eq!(e["view"]["len"], 1);
}

// ---------------------------------------------------------------------------
// A real process, killed with SIGKILL
// ---------------------------------------------------------------------------

struct Server {
    child: Child,
    addr: SocketAddr,
}

impl Server {
    fn start(db: &str) -> Server {
        let mut child = Command::new(env!("CARGO_BIN_EXE_arbiter-server-dev"))
            .args(["--db", db, "--port", "0", "--bot-seconds", "0.01", "--no-rate-limit", "--any-seed"])
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let mut line = String::new();
        BufReader::new(child.stdout.take().unwrap()).read_line(&mut line).unwrap();
        let Some(addr) = line.trim().strip_prefix("listening on http://") else {
            let mut err = String::new();
            child.stderr.take().unwrap().read_to_string(&mut err).unwrap();
            panic!("the server did not start: {line} {err}");
        };
        Server { addr: addr.parse().unwrap(), child }
    }

    /// SIGKILL (on Unix, `Child::kill` sends SIGKILL): no shutdown, no flush.
    fn kill(mut self) {
        self.child.kill().unwrap();
        self.child.wait().unwrap();
    }

    fn http(&self, method: &str, path: &str, body: Option<&Value>) -> (u16, Value) {
        let body = body.map(Value::to_string).unwrap_or_default();
        let mut s = TcpStream::connect(self.addr).unwrap();
        s.set_read_timeout(Some(Duration::from_secs(20))).unwrap();
        write!(
            s,
            "{method} {path} HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
            body.len()
        )
        .unwrap();
        let mut answer = String::new();
        s.read_to_string(&mut answer).unwrap();
        let status: u16 = answer.split(' ').nth(1).unwrap().parse().unwrap();
        let (_, text) = answer.split_once("\r\n\r\n").unwrap();
        (status, serde_json::from_str(text).unwrap_or(Value::Null))
    }

    fn view(&self, id: &str, token: Option<&str>) -> Value {
        let path = match token {
            Some(t) => format!("/api/matches/{id}?token={t}"),
            None => format!("/api/matches/{id}"),
        };
        let (status, v) = self.http("GET", &path, None);
        assert_eq!(status, 200, "{v}");
        v
    }

    /// Waits for the token's decision; returns the view.
    fn wait_turn(&self, id: &str, token: &str) -> Value {
        let start = Instant::now();
        loop {
            let v = self.view(id, Some(token));
            if v["your_turn"] == json!(true) || !v["outcome"].is_null() {
                return v;
            }
            assert!(start.elapsed() < Duration::from_secs(20));
            std::thread::sleep(Duration::from_millis(2));
        }
    }

    fn record(&self, id: &str) -> Vec<Value> {
        let (status, r) = self.http("GET", &format!("/api/matches/{id}/record"), None);
        assert_eq!(status, 200);
        r["decisions"].as_array().unwrap().clone()
    }
}

fn sigkill_mid_game_loses_nothing(backend: Backend) {
    let fresh = backend.fresh("sigkill");
    let db = fresh.url.clone();
    let server = Server::start(&db);
    let humans =
        json!({ "game": "essence", "seats": [{ "controller": "human" }, { "controller": "human" }], "seed": 8 });
    let (status, duel) = server.http("POST", "/api/matches", Some(&humans));
    assert_eq!(status, 201, "{duel}");
    let duel_id = duel["id"].as_str().unwrap().to_string();
    let duel_tokens = [duel["seats"][0]["token"].as_str().unwrap(), duel["seats"][1]["token"].as_str().unwrap()];
    let vs_bot =
        json!({ "game": "ethia", "seats": [{ "controller": "human" }, { "controller": "greedy" }], "seed": 4 });
    let (status, bot) = server.http("POST", "/api/matches", Some(&vs_bot));
    assert_eq!(status, 201, "{bot}");
    let bot_id = bot["id"].as_str().unwrap().to_string();
    let bot_token = bot["seats"][0]["token"].as_str().unwrap().to_string();

    let mut server = server;
    let mut rng = Rng::new(1);
    for round in 0..3 {
        // Some decisions in both matches; the last one acknowledged just
        // before the kill.
        let mut acknowledged = Vec::new();
        for _ in 0..8 {
            let turn = server.view(&duel_id, None)["turn"]["seat"].as_u64().unwrap() as usize;
            let v = server.view(&duel_id, Some(duel_tokens[turn]));
            let legal = v["legal"].as_array().unwrap();
            let action = json!({ "token": duel_tokens[turn], "action": legal[rng.below(legal.len())] });
            let (status, e) = server.http("POST", &format!("/api/matches/{duel_id}/actions"), Some(&action));
            assert_eq!(status, 200, "{e}");
            let v = server.wait_turn(&bot_id, &bot_token);
            if v["outcome"].is_null() {
                let legal = v["legal"].as_array().unwrap();
                let action = json!({ "token": bot_token, "action": legal[rng.below(legal.len())] });
                let (status, e) = server.http("POST", &format!("/api/matches/{bot_id}/actions"), Some(&action));
                assert_eq!(status, 200, "{e}");
                acknowledged = e["view"]["len"].as_u64().map(|n| n as usize).into_iter().collect();
            }
        }
        let duel_views: Vec<Value> =
            [None, Some(duel_tokens[0]), Some(duel_tokens[1])].into_iter().map(|t| server.view(&duel_id, t)).collect();
        let duel_record = server.record(&duel_id);
        let bot_record = server.record(&bot_id);
        // Kill it while the bot may be thinking, and start it again on the same file.
        server.kill();
        server = Server::start(&db);
        let after: Vec<Value> =
            [None, Some(duel_tokens[0]), Some(duel_tokens[1])].into_iter().map(|t| server.view(&duel_id, t)).collect();
        assert_eq!(after, duel_views, "round {round}: the human match is exactly as it was");
        assert_eq!(server.record(&duel_id), duel_record);
        let bot_after = server.record(&bot_id);
        assert!(bot_after.len() >= bot_record.len(), "round {round}: decisions were lost");
        assert_eq!(&bot_after[..bot_record.len()], &bot_record[..], "round {round}: history changed");
        if let Some(&n) = acknowledged.first() {
            assert!(bot_after.len() >= n);
        }
    }
    server.kill();
}
