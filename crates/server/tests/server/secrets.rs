//! Secrets that stay secret, on both storage backends, with the two classic
//! games: a Goofspiel bid reaches no other seat's socket or REST view before
//! both bids are in, then the reveal reaches everyone at once; a spectator
//! never sees a Kuhn poker card the game keeps hidden (a fold keeps them
//! hidden for good); records and replays show what the game says they may.

use crate::common::*;
use axum::http::StatusCode;
use futures_util::{SinkExt, StreamExt};
use serde_json::{Value, json};
use std::time::Duration;
use tokio_tungstenite::tungstenite::Message;

on_every_backend!(
    a_goofspiel_bid_reaches_no_other_seat_before_the_reveal,
    a_kuhn_spectator_never_sees_a_card_the_game_hides,
    a_finished_game_s_replay_shows_what_the_game_allows,
);

type Socket = tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>;

/// The next view pushed to a socket (skipping acceptances).
async fn next_view(ws: &mut Socket) -> Value {
    loop {
        let msg = tokio::time::timeout(Duration::from_secs(10), ws.next()).await.unwrap().unwrap().unwrap();
        if let Message::Text(t) = msg {
            let v: Value = serde_json::from_str(t.as_str()).unwrap();
            if v["type"] == "view" {
                return v["view"].clone();
            }
        }
    }
}

/// Views pushed to a socket until one has `len` decisions.
async fn view_at(ws: &mut Socket, len: u64) -> Value {
    loop {
        let v = next_view(ws).await;
        if v["len"].as_u64() == Some(len) {
            return v;
        }
    }
}

fn goofspiel(cards: u8) -> Value {
    json!({
        "game": "goofspiel",
        "variant": { "cards": cards, "order": "descending" },
        "seats": [{ "controller": "human" }, { "controller": "human" }],
        "seed": 5
    })
}

async fn a_goofspiel_bid_reaches_no_other_seat_before_the_reveal(backend: Backend) {
    let (state, _db) = state_on(&backend, "goofspiel").await;
    let app = arbiter_server::router(state.clone());
    let addr = serve(state).await;
    let created = create(&app, goofspiel(3)).await;
    let id = created["id"].as_str().unwrap();
    let (p1, p2) = (token(&created, 0), token(&created, 1));
    let url = |t: Option<&str>| match t {
        Some(t) => format!("ws://{addr}/api/matches/{id}/ws?token={t}"),
        None => format!("ws://{addr}/api/matches/{id}/ws"),
    };
    let mut ws1 = tokio_tungstenite::connect_async(url(Some(&p1))).await.unwrap().0;
    let mut ws2 = tokio_tungstenite::connect_async(url(Some(&p2))).await.unwrap().0;
    let mut spec = tokio_tungstenite::connect_async(url(None)).await.unwrap().0;
    for ws in [&mut ws1, &mut ws2, &mut spec] {
        let v = next_view(ws).await;
        assert_eq!(v["turn"], json!({ "kind": "together", "seats": [0, 1] }), "both bid at once: {v}");
        assert_eq!(v["observation"]["prize"], 3);
    }

    // P2 bids first: the server takes the seats' choices in any order.
    let (status, done) = act(&app, id, &p2, &json!({ "bid": 3 })).await;
    assert_eq!(status, StatusCode::OK, "{done}");
    assert_eq!(done["steps"][0]["decision"], json!({ "commit": { "seat": 1, "action": { "bid": 3 } } }));
    assert_eq!(done["steps"][0]["text"], json!(["P2 bids 3, face down"]));
    assert_eq!(done["view"]["observation"]["bids"], json!([null, 3]), "P2 sees its own bid");
    let (status, again) = act(&app, id, &p2, &json!({ "bid": 2 })).await;
    assert_eq!(status, StatusCode::CONFLICT, "one bid a round: {again}");

    // Neither P1's socket nor a spectator's, nor their REST views, carry it.
    let rest1 = view(&app, id, Some(&p1)).await;
    let rest_spec = view(&app, id, None).await;
    let push1 = view_at(&mut ws1, 1).await;
    let push_spec = view_at(&mut spec, 1).await;
    for v in [&rest1, &rest_spec, &push1, &push_spec] {
        assert_eq!(v["observation"]["bids"], json!([null, null]), "{v}");
        assert_eq!(v["observation"]["committed"], json!([false, true]));
        let last = v["recent"].as_array().unwrap().last().unwrap().clone();
        assert_eq!(
            (last["seat"].clone(), last["decision"].clone(), last["action"].clone()),
            (json!(1), Value::Null, Value::Null)
        );
        assert_eq!(last["events"], json!([{ "event": "bid", "seat": 1, "card": null }]));
        assert_eq!(last["text"], json!(["P2 bids a card, face down"]));
        assert!(!v.to_string().contains("P2 bids 3"), "{v}");
    }
    assert_eq!(
        (push1["your_turn"].clone(), push1["legal_text"].clone()),
        (json!(true), json!(["bid 1", "bid 2", "bid 3"]))
    );
    assert!(push1["awaiting"].as_str().unwrap().contains("your secret choice"), "{}", push1["awaiting"]);
    let (_, record) = call(&app, "GET", &format!("/api/matches/{id}/record?token={p1}"), None).await;
    assert_eq!((record["decisions"].clone(), record["hidden"].clone()), (json!([null]), json!(1)));

    // P1 bids over its socket: both bids are revealed to everyone at once.
    ws1.send(Message::text(json!({ "type": "action", "action": { "bid": 1 }, "id": 7 }).to_string())).await.unwrap();
    for ws in [&mut ws1, &mut ws2, &mut spec] {
        let v = view_at(ws, 2).await;
        assert_eq!(v["observation"]["rounds"][0], json!({ "prize": 3, "bids": [1, 3], "winner": 1 }), "{v}");
        assert_eq!(v["observation"]["points"], json!([0, 3]));
        let last = v["recent"].as_array().unwrap().last().unwrap().clone();
        assert_eq!(
            last["decision"],
            json!({ "commit": { "seat": 0, "action": { "bid": 1 } } }),
            "the last bid is public"
        );
        assert!(last["text"].as_array().unwrap().iter().any(|t| t == "bids revealed: P1 1, P2 3; P2 wins the 3 (0–3)"));
    }
    // The record keeps the order of commitment (P2 first).
    let (_, record) = call(&app, "GET", &format!("/api/matches/{id}/record?token={p2}"), None).await;
    assert_eq!(record["decisions"][0]["commit"]["seat"], 1);
    assert_eq!(record["decisions"][1]["commit"]["seat"], 0);
}

fn kuhn(seed: u64) -> Value {
    json!({ "game": "kuhn", "seats": [{ "controller": "human" }, { "controller": "human" }], "seed": seed })
}

async fn a_kuhn_spectator_never_sees_a_card_the_game_hides(backend: Backend) {
    let (state, _db) = state_on(&backend, "kuhn").await;
    let app = arbiter_server::router(state);
    for (bets, showdown) in [([json!("bet"), json!("pass")], false), ([json!("pass"), json!("pass")], true)] {
        let created = create(&app, kuhn(11)).await;
        let id = created["id"].as_str().unwrap();
        let (p1, p2) = (token(&created, 0), token(&created, 1));
        let spectator = view(&app, id, None).await;
        assert_eq!(spectator["observation"]["dealt"], json!([true, true]));
        assert_eq!(spectator["observation"]["cards"], json!([null, null]));
        let texts: Vec<Value> = spectator["recent"].as_array().unwrap().iter().map(|s| s["text"][0].clone()).collect();
        assert_eq!(texts, [json!("P1 is dealt a card, face down"), json!("P2 is dealt a card, face down")]);
        assert!(spectator["recent"].as_array().unwrap().iter().all(|s| s["decision"].is_null()), "{spectator}");
        let mine = view(&app, id, Some(&p1)).await;
        assert!(mine["observation"]["cards"][0].is_string() && mine["observation"]["cards"][1].is_null(), "{mine}");
        assert!(mine["recent"][0]["decision"]["roll"].is_array(), "P1 sees its own deal");
        assert!(mine["recent"][1]["decision"].is_null(), "but not P2's");

        let (status, _) = act(&app, id, &p1, &bets[0]).await;
        assert_eq!(status, StatusCode::OK);
        let during = view(&app, id, None).await;
        assert_eq!(during["observation"]["cards"], json!([null, null]));
        let (status, _) = act(&app, id, &p2, &bets[1]).await;
        assert_eq!(status, StatusCode::OK);

        let end = view(&app, id, None).await;
        assert!(!end["outcome"].is_null());
        let (_, record) = call(&app, "GET", &format!("/api/matches/{id}/record"), None).await;
        let (_, frame) = call(&app, "GET", &format!("/api/matches/{id}/replay/2"), None).await;
        if showdown {
            assert!(end["observation"]["cards"][0].is_string() && end["observation"]["cards"][1].is_string(), "{end}");
            assert_eq!(record["hidden"], 0, "a showdown shows all: {record}");
            assert!(frame["last"]["decision"]["roll"].is_array(), "{frame}");
        } else {
            assert_eq!(end["observation"]["cards"], json!([null, null]), "a fold keeps the cards hidden: {end}");
            assert_eq!((record["hidden"].clone(), record["decisions"][0].clone()), (json!(2), Value::Null));
            assert!(
                frame["last"]["decision"].is_null() && frame["observation"]["cards"] == json!([null, null]),
                "{frame}"
            );
            assert!(end["recent"].as_array().unwrap().iter().all(|s| !s.to_string().contains("is dealt the")));
            // Each player still sees its own card, and only its own.
            let (_, theirs) = call(&app, "GET", &format!("/api/matches/{id}/replay/4?token={p2}"), None).await;
            assert!(theirs["observation"]["cards"][0].is_null() && theirs["observation"]["cards"][1].is_string());
        }
    }
}

async fn a_finished_game_s_replay_shows_what_the_game_allows(backend: Backend) {
    let (state, _db) = state_on(&backend, "replay").await;
    let app = arbiter_server::router(state);
    let created = create(&app, goofspiel(2)).await;
    let id = created["id"].as_str().unwrap();
    let (p1, p2) = (token(&created, 0), token(&created, 1));
    for (t, card) in [(&p1, 2), (&p2, 1), (&p2, 2), (&p1, 1)] {
        let (status, v) = act(&app, id, t, &json!({ "bid": card })).await;
        assert_eq!(status, StatusCode::OK, "{v}");
    }
    let end = view(&app, id, None).await;
    assert_eq!(end["outcome"]["reason"], "P1 wins on prize points, 2–1");
    // Goofspiel shows everything once over: every frame, as the referee.
    let (_, frame) = call(&app, "GET", &format!("/api/matches/{id}/replay/1"), None).await;
    assert_eq!(frame["last"]["decision"], json!({ "commit": { "seat": 0, "action": { "bid": 2 } } }), "{frame}");
    assert_eq!(frame["observation"]["bids"], json!([2, null]));
    assert_eq!((frame["game"].clone(), frame["total"].clone()), (json!("goofspiel"), json!(4)));
    let (_, record) = call(&app, "GET", &format!("/api/matches/{id}/record"), None).await;
    assert_eq!(record["hidden"], 0);
    let text = serde_json::to_string(&record).unwrap();
    assert!(arbiter_core::Record::<arbiter_goofspiel::Goofspiel>::from_json(&text).is_ok(), "the record replays");
}
