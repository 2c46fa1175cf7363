//! A friend who joins by link names themselves (issue 15, "Seats"): the
//! join request carries a name, checked (trimmed, at most 40 characters, no
//! control characters, a clear 422 otherwise), stored beside the seat's
//! token on SQLite and PostgreSQL, pushed to the other player's socket, and
//! shown everywhere the seat is named — views, "waiting for …", the lobby,
//! the exported record, after a restart and through another server.

use arbiter_server::{AppState, router};
use axum::http::StatusCode;
use futures_util::StreamExt;
use serde_json::{Value, json};
use std::time::{Duration, Instant};
use tokio_tungstenite::tungstenite::Message;

use crate::common::*;

on_every_backend!(a_friend_who_joins_by_link_gives_their_name, bad_names_are_refused_and_a_blank_one_changes_nothing);

fn host_and_open_seat() -> Value {
    json!({ "game": "essence", "seats": [{ "name": "Ada", "controller": "human" }, { "controller": "human", "open": true }], "seed": 3 })
}

async fn join(app: &axum::Router, id: &str, body: Value) -> (StatusCode, Value) {
    call(app, "POST", &format!("/api/matches/{id}/join"), Some(body)).await
}

/// Waits for the socket's next view in which `seat` is named `name`.
async fn socket_sees_name<S>(ws: &mut S, seat: usize, name: &str)
where
    S: StreamExt<Item = Result<Message, tokio_tungstenite::tungstenite::Error>> + Unpin,
{
    let deadline = Instant::now() + Duration::from_secs(10);
    loop {
        let left = deadline.saturating_duration_since(Instant::now());
        let msg =
            tokio::time::timeout(left, ws.next()).await.expect("the host's socket heard of the join").unwrap().unwrap();
        if let Message::Text(t) = msg {
            let m: Value = serde_json::from_str(t.as_str()).unwrap();
            if m["type"] == "view" && m["view"]["seats"][seat]["name"] == name {
                assert_eq!(m["view"]["seats"][seat]["open"], false);
                return;
            }
        }
    }
}

async fn a_friend_who_joins_by_link_gives_their_name(backend: Backend) {
    let fresh = backend.fresh("join-name");
    let state = AppState::open(config(&fresh.url)).await.unwrap();
    let addr = serve(state.clone()).await;
    let app = router(state);
    let created = create(&app, host_and_open_seat()).await;
    let id = created["id"].as_str().unwrap();
    let host = token(&created, 0);
    assert_eq!(created["seats"][1]["name"], "P2", "the creator left the friend's seat unnamed");
    // The host watches the table on a socket.
    let (mut ws, _) =
        tokio_tungstenite::connect_async(format!("ws://{addr}/api/matches/{id}/ws?token={host}")).await.unwrap();

    let (status, joined) = join(&app, id, json!({ "name": "  Bo Lindqvist  " })).await;
    assert_eq!(status, StatusCode::OK, "{joined}");
    assert_eq!(joined["seat"], 1);
    assert_eq!(joined["name"], "Bo Lindqvist", "trimmed");
    let guest = joined["token"].as_str().unwrap().to_string();
    // The other player sees the name at once.
    socket_sees_name(&mut ws, 1, "Bo Lindqvist").await;
    // Every view names the seat, and "waiting for …" says the name.
    let v = view(&app, id, Some(&host)).await;
    assert_eq!(v["seats"][1]["name"], "Bo Lindqvist");
    let mut v = v;
    for _ in 0..50 {
        if v["your_turn"] != true {
            break;
        }
        let (status, answer) = act(&app, id, &host, &v["legal"][0]).await;
        assert_eq!(status, StatusCode::OK, "{answer}");
        v = view(&app, id, Some(&host)).await;
    }
    assert_eq!(v["turn"]["seat"], 1, "{v}");
    assert_eq!(v["awaiting"], "waiting for Bo Lindqvist (P2)", "{v}");
    // The lobby's "my games" and the exported record say it too.
    let (_, list) = call(&app, "GET", &format!("/api/matches?tokens={guest}"), None).await;
    assert_eq!(list["mine"][0]["seats"][1]["name"], "Bo Lindqvist", "{list}");
    let (status, record) = call(&app, "GET", &format!("/api/matches/{id}/record"), None).await;
    assert_eq!(status, StatusCode::OK, "{record}");
    assert_eq!(record["config"]["players"][1]["name"], "Bo Lindqvist");
    assert_eq!(record["config"]["players"][0]["name"], "Ada");

    // Stored: a server started on the same database afterwards knows it.
    let restarted = router(AppState::open(config(&fresh.url)).await.unwrap());
    let v = view(&restarted, id, Some(&guest)).await;
    assert_eq!(v["you"], 1);
    assert_eq!(v["seats"][1]["name"], "Bo Lindqvist", "{v}");

    // A server already holding the match learns the name with the seat.
    let created = create(&app, host_and_open_seat()).await;
    let id = created["id"].as_str().unwrap();
    let other = router(AppState::open(config(&fresh.url)).await.unwrap());
    assert_eq!(view(&other, id, None).await["seats"][1]["name"], "P2");
    let (status, joined) = join(&app, id, json!({ "name": "Cy" })).await;
    assert_eq!(status, StatusCode::OK, "{joined}");
    let v = view(&other, id, Some(joined["token"].as_str().unwrap())).await;
    assert_eq!(v["seats"][1]["name"], "Cy", "{v}");
}

async fn bad_names_are_refused_and_a_blank_one_changes_nothing(backend: Backend) {
    let (state, _db) = state_on(&backend, "join-bad-name").await;
    let app = router(state);
    let created = create(&app, host_and_open_seat()).await;
    let id = created["id"].as_str().unwrap();
    for (name, says) in [
        ("Bo\nDROP", "control characters"),
        ("Bo\u{1b}[31m", "control characters"),
        ("tab\there", "control characters"),
        (&*"x".repeat(41), "at most 40 characters; this one has 41"),
    ] {
        let (status, e) = join(&app, id, json!({ "name": name })).await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{name:?}: {e}");
        assert_eq!(e["error"], "invalid");
        assert!(e["message"].as_str().unwrap().contains(says), "{name:?}: {e}");
    }
    // Refused names took no seat.
    assert_eq!(view(&app, id, None).await["seats"][1]["open"], true);
    let (status, e) = join(&app, id, json!({ "name": 7 })).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "a name is text: {e}");
    // Forty characters, letters of any script, are a name.
    let long = "é".repeat(40);
    let second = create(&app, host_and_open_seat()).await;
    let (status, joined) = join(&app, second["id"].as_str().unwrap(), json!({ "name": long })).await;
    assert_eq!(status, StatusCode::OK, "{joined}");
    assert_eq!(joined["name"], long.as_str());
    // A blank name keeps the name the creator gave the seat.
    let (status, joined) = join(&app, id, json!({ "name": "   " })).await;
    assert_eq!(status, StatusCode::OK, "{joined}");
    assert_eq!(joined["name"], "P2");
    assert_eq!(view(&app, id, None).await["seats"][1]["name"], "P2");
}
