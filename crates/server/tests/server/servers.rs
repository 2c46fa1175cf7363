//! Several servers on one database (docs/api.md, "Several servers"): any
//! server may serve any match. A server that is behind catches up from the
//! database — when its write is out of step, when the rules refuse an action
//! on its stale copy, when it is shown a token it does not know — and on
//! PostgreSQL it hears the other servers' changes as they commit, so its
//! sockets and lobby follow at once. The database keeps each match whole
//! throughout: one history, never forked.

use arbiter_server::config::open_store;
use arbiter_server::{AppState, Durability, router};
use axum::Router;
use axum::http::StatusCode;
use futures_util::StreamExt;
use serde_json::{Value, json};
use std::time::{Duration, Instant};
use tokio_tungstenite::tungstenite::Message;

use crate::common::*;

on_every_backend!(
    two_servers_take_turns_on_one_match_and_store_one_history,
    a_seat_joined_through_one_server_acts_through_another,
);

/// The change feed is PostgreSQL's (SQLite is one server's database and has
/// none), so this one runs on PostgreSQL only.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn on_postgres_moves_and_new_matches_reach_the_other_server_as_they_commit() {
    match Backend::postgres() {
        Some(backend) => moves_and_new_matches_reach_the_other_server_as_they_commit(backend).await,
        None => eprintln!("skipped: {POSTGRES_VAR} is not set"),
    }
}

fn two_humans(seed: u64) -> Value {
    json!({ "game": "essence", "seats": [{ "controller": "human" }, { "controller": "human" }], "seed": seed })
}

/// The stored decisions of a match, read straight from the database.
async fn stored(url: &str, id: &str) -> Vec<Value> {
    let mut store = open_store(url, Durability::Normal).unwrap();
    let key = id.to_string();
    let (m, store) = tokio::task::spawn_blocking(move || (store.load(&key).unwrap().unwrap(), store)).await.unwrap();
    tokio::task::spawn_blocking(move || drop(store)).await.unwrap();
    m.decisions.iter().map(|d| serde_json::from_str(d).unwrap()).collect()
}

/// Polls `f` until it holds; panics after 10 s.
async fn eventually<F: AsyncFnMut() -> bool>(what: &str, mut f: F) {
    let start = Instant::now();
    while !f().await {
        assert!(start.elapsed() < Duration::from_secs(10), "{what}: not within 10 s");
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
}

async fn two_servers_take_turns_on_one_match_and_store_one_history(backend: Backend) {
    let fresh = backend.fresh("two-servers");
    let a = router(AppState::open(config(&fresh.url)).await.unwrap());
    let b = router(AppState::open(config(&fresh.url)).await.unwrap());
    let created = create(&a, two_humans(6)).await;
    let id = created["id"].as_str().unwrap();
    let tokens = [token(&created, 0), token(&created, 1)];
    // B loads the match from the database (it is not in its memory).
    assert_eq!(view(&b, id, Some(&tokens[0])).await["len"], 0);

    // Each decision goes to the other server than the last one: the server
    // acting is always behind by one move (on SQLite it hears nothing, so
    // it learns of it from the refusal or the out-of-step write).
    let servers: [&Router; 2] = [&a, &b];
    let mut played = Vec::new();
    for i in 0..12 {
        let (up_to_date, acting) = (servers[(i + 1) % 2], servers[i % 2]);
        let mut mover = None;
        for t in &tokens {
            let v = view(up_to_date, id, Some(t)).await;
            if v["your_turn"] == json!(true) {
                mover = Some((t.clone(), v["legal"][0].clone()));
            }
        }
        let (t, action) = mover.expect("someone is to move");
        let (status, answer) = act(acting, id, &t, &action).await;
        assert_eq!(status, StatusCode::OK, "decision {i} through server {}: {answer}", i % 2);
        assert_eq!(answer["steps"][0]["decision"]["act"], action);
        played.push(json!({ "act": action }));
    }
    // The database holds every decision once, in the order played.
    assert_eq!(stored(&fresh.url, id).await, played);
    // A server started now, and the one that moved last, agree.
    let c = router(AppState::open(config(&fresh.url)).await.unwrap());
    let last = servers[1];
    assert_eq!(view(&c, id, None).await["observation"], view(last, id, None).await["observation"]);
}

async fn a_seat_joined_through_one_server_acts_through_another(backend: Backend) {
    let fresh = backend.fresh("join-elsewhere");
    let a = router(AppState::open(config(&fresh.url)).await.unwrap());
    let b = router(AppState::open(config(&fresh.url)).await.unwrap());
    let created = create(
        &a,
        json!({ "game": "essence", "seats": [{ "name": "Host", "controller": "human" }, { "controller": "human", "open": true }] }),
    )
    .await;
    let id = created["id"].as_str().unwrap();
    assert_eq!(view(&b, id, None).await["seats"][1]["open"], true);
    let (status, joined) = call(&a, "POST", &format!("/api/matches/{id}/join"), Some(json!({}))).await;
    assert_eq!(status, StatusCode::OK, "{joined}");
    let guest = joined["token"].as_str().unwrap();
    // B never saw the join, but takes the token once it is shown it.
    let seen = view(&b, id, Some(guest)).await;
    assert_eq!(seen["you"], 1, "{seen}");
    assert_eq!(seen["seats"][1]["open"], false);
    // Nor can the seat be handed out again through B.
    let (status, e) = call(&b, "POST", &format!("/api/matches/{id}/join"), Some(json!({ "seat": 1 }))).await;
    assert_eq!(status, StatusCode::CONFLICT, "{e}");
    // A token that holds no seat anywhere is still refused.
    let (status, e) = call(&b, "GET", &format!("/api/matches/{id}?token=not-a-seat"), None).await;
    assert_eq!(status, StatusCode::FORBIDDEN, "{e}");
}

async fn moves_and_new_matches_reach_the_other_server_as_they_commit(backend: Backend) {
    let fresh = backend.fresh("feed");
    let a_state = AppState::open(config(&fresh.url)).await.unwrap();
    let b_state = AppState::open(config(&fresh.url)).await.unwrap();
    let a = router(a_state);
    let b_addr = serve(b_state.clone()).await;
    let b = router(b_state);

    // A match made through A with an open seat shows in B's lobby.
    let created = create(
        &a,
        json!({ "game": "essence", "seats": [{ "name": "Host", "controller": "human" }, { "controller": "human", "open": true }], "seed": 4 }),
    )
    .await;
    let id = created["id"].as_str().unwrap().to_string();
    eventually("the new match in B's open list", async || {
        let (_, list) = call(&b, "GET", "/api/matches", None).await;
        list["open"].as_array().unwrap().iter().any(|m| m["id"] == id.as_str())
    })
    .await;

    // A spectator's socket on B sees a move made through A.
    let (mut ws, _) = tokio_tungstenite::connect_async(format!("ws://{b_addr}/api/matches/{id}/ws")).await.unwrap();
    let host = token(&created, 0);
    let v = view(&a, &id, Some(&host)).await;
    let (status, answer) = act(&a, &id, &host, &v["legal"][0]).await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    let deadline = Instant::now() + Duration::from_secs(10);
    loop {
        let left = deadline.saturating_duration_since(Instant::now());
        let msg = tokio::time::timeout(left, ws.next()).await.expect("B's socket heard of the move").unwrap().unwrap();
        if let Message::Text(t) = msg {
            let m: Value = serde_json::from_str(t.as_str()).unwrap();
            if m["type"] == "view" && m["view"]["len"] == 1 {
                assert_eq!(m["view"]["recent"][0]["decision"]["act"], v["legal"][0]);
                break;
            }
        }
    }

    // A seat joined through A is taken in B's memory without asking.
    let (status, joined) = call(&a, "POST", &format!("/api/matches/{id}/join"), Some(json!({}))).await;
    assert_eq!(status, StatusCode::OK, "{joined}");
    eventually("the seat taken on B", async || view(&b, &id, None).await["seats"][1]["open"] == false).await;
}
