//! The WebSocket over a real loopback socket: two seats of a human-vs-human
//! Essence match, each on its own connection, see each other's moves; turns,
//! spectators, bad messages and the per-connection rate limit are answered
//! with errors; bots' moves are pushed.

#![allow(clippy::unwrap_used, clippy::panic)]

use crate::common::*;
use arbiter_server::router;
use futures_util::{SinkExt, StreamExt};
use serde_json::{Value, json};
use std::time::Duration;
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream};

on_every_backend!(
    two_seats_play_over_websockets_and_see_each_others_moves,
    bad_messages_spectators_and_floods_get_errors,
    bots_moves_are_pushed_to_watchers,
);

type Ws = WebSocketStream<MaybeTlsStream<TcpStream>>;

async fn recv(ws: &mut Ws) -> Value {
    loop {
        let msg = tokio::time::timeout(Duration::from_secs(10), ws.next()).await.unwrap().unwrap().unwrap();
        if let Message::Text(t) = msg {
            return serde_json::from_str(t.as_str()).unwrap();
        }
    }
}

/// Receives until a message of the given type comes.
async fn recv_type(ws: &mut Ws, kind: &str) -> Value {
    loop {
        let v = recv(ws).await;
        if v["type"] == kind {
            return v;
        }
    }
}

async fn send(ws: &mut Ws, v: Value) {
    ws.send(Message::text(v.to_string())).await.unwrap();
}

async fn two_seats_play_over_websockets_and_see_each_others_moves(backend: Backend) {
    let (state, _db) = state_on(&backend, "ws").await;
    let app = router(state.clone());
    let addr = serve(state).await;
    let created = create(
        &app,
        json!({ "game": "essence", "seats": [{ "name": "Ada", "controller": "human" }, { "name": "Bo", "controller": "human" }], "seed": 3 }),
    )
    .await;
    let id = created["id"].as_str().unwrap();
    let tokens = [token(&created, 0), token(&created, 1)];
    let mut seats = Vec::new();
    for t in &tokens {
        let (ws, _) =
            tokio_tungstenite::connect_async(format!("ws://{addr}/api/matches/{id}/ws?token={t}")).await.unwrap();
        seats.push(ws);
    }
    let mut first = Vec::new();
    for ws in &mut seats {
        first.push(recv_type(ws, "view").await["view"].clone());
    }
    assert_eq!((first[0]["you"].clone(), first[0]["your_turn"].clone()), (json!(0), json!(true)));
    assert_eq!((first[1]["you"].clone(), first[1]["your_turn"].clone()), (json!(1), json!(false)));

    // Out of turn over the socket: refused with the core's rule.
    send(&mut seats[1], json!({ "type": "action", "action": first[0]["legal"][0], "id": "early" })).await;
    let e = recv_type(&mut seats[1], "error").await;
    assert_eq!(e["id"], "early");
    assert_eq!(e["error"]["error"], "not-your-turn");
    assert_eq!(e["error"]["refusal"]["rule"], "core.turn.not-yours");

    // Play 12 decisions, each by whoever owes it, over its own socket; the
    // other socket receives every change.
    let mut rng = Rng::new(7);
    let mut views = first;
    for n in 1..=12u64 {
        let mover = if views[0]["your_turn"] == json!(true) { 0 } else { 1 };
        assert_eq!(views[1 - mover]["your_turn"], json!(false));
        let legal = views[mover]["legal"].as_array().unwrap().clone();
        let action = legal[rng.below(legal.len())].clone();
        send(&mut seats[mover], json!({ "type": "action", "action": action, "id": n })).await;
        let accepted = recv_type(&mut seats[mover], "accepted").await;
        assert_eq!(accepted["id"], n);
        assert_eq!(accepted["steps"][0]["decision"]["act"], action);
        for (i, ws) in seats.iter_mut().enumerate() {
            let v = recv_type(ws, "view").await["view"].clone();
            assert_eq!(v["len"], n, "seat {i} saw the change");
            assert_eq!(v["recent"].as_array().unwrap().last().unwrap()["decision"]["act"], action);
            views[i] = v;
        }
        assert_eq!(views[0]["observation"], views[1]["observation"]);
    }
    // A REST action is pushed to both sockets too.
    let mover = if views[0]["your_turn"] == json!(true) { 0 } else { 1 };
    let (status, _) = act(&app, id, &tokens[mover], &views[mover]["legal"][0]).await;
    assert_eq!(status, axum::http::StatusCode::OK);
    for ws in &mut seats {
        assert_eq!(recv_type(ws, "view").await["view"]["len"], 13);
    }
}

async fn bad_messages_spectators_and_floods_get_errors(backend: Backend) {
    let (state, _db) = state_on(&backend, "ws").await;
    let app = router(state.clone());
    let addr = serve(state).await;
    let created =
        create(&app, json!({ "game": "essence", "seats": [{ "controller": "human" }, { "controller": "human" }] }))
            .await;
    let id = created["id"].as_str().unwrap();
    let p1 = token(&created, 0);

    // Upgrades with a bad token or for an unknown match are refused before the upgrade.
    for url in
        [format!("ws://{addr}/api/matches/{id}/ws?token=0000"), format!("ws://{addr}/api/matches/ffff0000ffff0000/ws")]
    {
        match tokio_tungstenite::connect_async(url).await {
            Err(tokio_tungstenite::tungstenite::Error::Http(resp)) => {
                assert!(resp.status() == 403 || resp.status() == 404, "{}", resp.status());
            }
            other => panic!("expected an HTTP refusal, got {:?}", other.map(|_| ())),
        }
    }

    let (mut spectator, _) =
        tokio_tungstenite::connect_async(format!("ws://{addr}/api/matches/{id}/ws")).await.unwrap();
    let v = recv_type(&mut spectator, "view").await;
    assert!(v["view"]["you"].is_null());
    send(&mut spectator, json!({ "type": "action", "action": "pass" })).await;
    assert_eq!(recv_type(&mut spectator, "error").await["error"]["error"], "forbidden");

    let (mut ws, _) =
        tokio_tungstenite::connect_async(format!("ws://{addr}/api/matches/{id}/ws?token={p1}")).await.unwrap();
    recv_type(&mut ws, "view").await;
    ws.send(Message::text("{not json")).await.unwrap();
    assert_eq!(recv_type(&mut ws, "error").await["error"]["error"], "bad-request");
    ws.send(Message::binary(vec![1u8, 2, 3])).await.unwrap();
    assert_eq!(recv_type(&mut ws, "error").await["error"]["error"], "bad-request");
    ws.send(Message::text(format!("{{\"type\":\"refresh\",\"pad\":\"{}\"}}", "x".repeat(70 * 1024)))).await.unwrap();
    assert_eq!(recv_type(&mut ws, "error").await["error"]["error"], "too-large");
    send(&mut ws, json!({ "type": "action", "action": "Zz9" })).await;
    assert_eq!(recv_type(&mut ws, "error").await["error"]["error"], "bad-action");
    send(&mut ws, json!({ "type": "refresh" })).await;
    assert_eq!(recv_type(&mut ws, "view").await["view"]["you"], 0);

    // A flood: 60 messages at once. Some are answered `rate-limited`; the
    // connection stays open and still works once the client slows down.
    for _ in 0..60 {
        send(&mut ws, json!({ "type": "refresh" })).await;
    }
    let (mut limited, mut views) = (0, 0);
    for _ in 0..60 {
        let v = recv(&mut ws).await;
        match v["type"].as_str().unwrap() {
            "view" => views += 1,
            "error" => {
                assert_eq!(v["error"]["error"], "rate-limited");
                limited += 1;
            }
            other => panic!("unexpected {other}"),
        }
    }
    assert!(limited >= 30 && views >= 1, "{limited} limited, {views} answered");
    tokio::time::sleep(Duration::from_millis(1100)).await;
    send(&mut ws, json!({ "type": "refresh" })).await;
    assert_eq!(recv(&mut ws).await["type"], "view");
}

async fn bots_moves_are_pushed_to_watchers(backend: Backend) {
    let (state, _db) = bot_matches_state_on(&backend, "ws").await;
    let app = router(state.clone());
    let addr = serve(state).await;
    let created = create(
        &app,
        json!({ "game": "essence", "seats": [{ "controller": "random" }, { "controller": "greedy" }], "seed": 5 }),
    )
    .await;
    let id = created["id"].as_str().unwrap();
    let (mut ws, _) = tokio_tungstenite::connect_async(format!("ws://{addr}/api/matches/{id}/ws")).await.unwrap();
    let mut last = 0;
    loop {
        let v = recv_type(&mut ws, "view").await["view"].clone();
        let len = v["len"].as_u64().unwrap();
        assert!(len >= last, "views arrive in order");
        last = len;
        assert!(v["problem"].is_null(), "{}", v["problem"]);
        if !v["outcome"].is_null() {
            break;
        }
    }
    assert!(last > 10, "the bots played a whole game ({last} decisions)");
}
