//! Benchmarks: one accepted action through the whole server path — the
//! router, the match lock, the rules, the SQLite commit (a file in WAL mode,
//! `synchronous = FULL` and `NORMAL`, and a database in memory) — and one
//! seat's view. The baseline for the load test of issue 5.
//!
//! Reproduce with `cargo bench -p arbiter-server --bench actions`.
#![allow(missing_docs, clippy::unwrap_used, clippy::panic)]

use arbiter_server::{AppState, Durability, ServerConfig, router};
use axum::Router;
use axum::body::Body;
use axum::http::Request;
use criterion::{Criterion, criterion_group, criterion_main};
use serde_json::{Value, json};
use tower::ServiceExt;

async fn call(app: &Router, method: &str, uri: &str, body: Option<&Value>) -> Value {
    let body = body.map(Value::to_string).unwrap_or_default();
    let req = Request::builder().method(method).uri(uri).body(Body::from(body)).unwrap();
    let resp = app.clone().oneshot(req).await.unwrap();
    let bytes = axum::body::to_bytes(resp.into_body(), usize::MAX).await.unwrap();
    serde_json::from_slice(&bytes).unwrap()
}

/// A human-vs-human Essence match: its id and both tokens.
async fn new_match(app: &Router) -> (String, [String; 2]) {
    let body = json!({ "game": "essence", "seats": [{ "controller": "human" }, { "controller": "human" }], "seed": 1 });
    let m = call(app, "POST", "/api/matches", Some(&body)).await;
    let t = |i: usize| m["seats"][i]["token"].as_str().unwrap().to_string();
    (m["id"].as_str().unwrap().to_string(), [t(0), t(1)])
}

/// Views the match as the seat to move and plays its first legal action;
/// starts a new match when the game is over.
async fn step(app: &Router, game: &mut (String, [String; 2])) {
    let spectator = call(app, "GET", &format!("/api/matches/{}", game.0), None).await;
    let Some(seat) = spectator["turn"]["seat"].as_u64() else {
        *game = new_match(app).await;
        return;
    };
    let token = &game.1[seat as usize];
    let v = call(app, "GET", &format!("/api/matches/{}?token={token}", game.0), None).await;
    let legal = v["legal"].as_array().unwrap();
    let action = &legal[(v["len"].as_u64().unwrap() as usize * 7) % legal.len()];
    let done = call(
        app,
        "POST",
        &format!("/api/matches/{}/actions", game.0),
        Some(&json!({ "token": token, "action": action })),
    )
    .await;
    assert!(done["steps"].is_array(), "{done}");
}

fn actions(c: &mut Criterion) {
    let rt = tokio::runtime::Builder::new_multi_thread().worker_threads(2).enable_all().build().unwrap();
    let dir = std::env::temp_dir().join(format!("arbiter-server-bench-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let mut group = c.benchmark_group("server");
    group.sample_size(30);
    for (name, database, durability) in [
        ("act/sqlite_full", dir.join("full.db").to_string_lossy().into_owned(), Durability::Full),
        ("act/sqlite_normal", dir.join("normal.db").to_string_lossy().into_owned(), Durability::Normal),
        ("act/sqlite_memory", ":memory:".to_string(), Durability::Normal),
    ] {
        let config = ServerConfig { database, durability, ..ServerConfig::default() };
        let app = router(rt.block_on(AppState::open(config)).unwrap());
        let mut game = rt.block_on(new_match(&app));
        group.bench_function(name, |b| b.iter(|| rt.block_on(step(&app, &mut game))));
    }
    group.finish();
    let _ = std::fs::remove_dir_all(dir);
}

criterion_group!(benches, actions);
criterion_main!(benches);
