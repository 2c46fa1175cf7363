//! Dice nobody can foresee (issue 16): a match's seed comes from the
//! system's generator and no response, record or push shows it while the
//! match is live; the commitment published at creation matches the seed and
//! salt revealed at the end, from which the record replays and verifies; a
//! chosen seed only for a match with at most one human seat; the seal
//! survives a restart and a database of the first schema version. Also the
//! server's own errors in JSON (431 and friends) and the WebSocket flood
//! that is closed.

#![allow(clippy::unwrap_used, clippy::panic)]

use crate::common::*;
use arbiter_core::Record;
use arbiter_essence::Essence;
use arbiter_server::{AppState, ChosenSeeds, ServerConfig, router};
use axum::http::StatusCode;
use futures_util::{SinkExt, StreamExt};
use serde_json::{Value, json};
use sha2::{Digest, Sha256};
use std::time::Duration;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::tungstenite::protocol::frame::coding::CloseCode;

on_every_backend!(
    a_server_seed_is_secret_until_the_end_and_matches_its_commitment,
    a_chosen_seed_only_with_at_most_one_human_seat,
    a_fold_keeps_the_seed_as_it_keeps_the_cards,
    the_seal_survives_a_restart_and_old_databases_still_work,
);

/// The server's default config (chosen seeds only for solo play) over a
/// database.
fn public(database: &str) -> ServerConfig {
    ServerConfig { chosen_seeds: ChosenSeeds::default(), ..config(database) }
}

fn sha256_hex(text: &str) -> String {
    Sha256::digest(text.as_bytes()).iter().map(|b| format!("{b:02x}")).collect()
}

fn is_hex64(v: &Value) -> bool {
    v.as_str().is_some_and(|s| s.len() == 64 && s.bytes().all(|c| c.is_ascii_hexdigit()))
}

/// Everything a client can get about a match now: the views of each seat
/// and of a spectator, the records, and a replay frame, as text.
async fn everything(app: &axum::Router, id: &str, tokens: &[String]) -> Vec<String> {
    let mut out = Vec::new();
    let mut viewers: Vec<Option<&str>> = tokens.iter().map(|t| Some(t.as_str())).collect();
    viewers.push(None);
    for t in viewers {
        let q = t.map(|t| format!("?token={t}")).unwrap_or_default();
        for path in [format!("/api/matches/{id}{q}"), format!("/api/matches/{id}/record{q}")] {
            let (status, v) = call(app, "GET", &path, None).await;
            assert_eq!(status, StatusCode::OK, "{path}: {v}");
            out.push(v.to_string());
        }
    }
    let (_, frame) = call(app, "GET", &format!("/api/matches/{id}/replay/1"), None).await;
    out.push(frame.to_string());
    let (_, list) = call(app, "GET", &format!("/api/matches?tokens={}", tokens.join(",")), None).await;
    out.push(list.to_string());
    out
}

async fn a_server_seed_is_secret_until_the_end_and_matches_its_commitment(backend: Backend) {
    let db = backend.scratch("fair");
    let state = AppState::open(public(&db.url)).await.unwrap();
    let app = router(state.clone());
    let addr = serve(state).await;
    let created =
        create(&app, json!({ "game": "essence", "seats": [{ "controller": "human" }, { "controller": "human" }] }))
            .await;
    assert!(created.get("seed").is_none(), "the creator is not told the seed: {created}");
    let commitment = created["commitment"].clone();
    assert!(is_hex64(&commitment), "{created}");
    let fairness = &created["view"]["fairness"];
    assert_eq!(*fairness, json!({ "source": "server", "commitment": commitment, "seed": null, "salt": null }));
    let id = created["id"].as_str().unwrap().to_string();
    let tokens = vec![token(&created, 0), token(&created, 1)];

    // The live record has the rolls made so far, but no seed.
    let (_, record) = call(&app, "GET", &format!("/api/matches/{id}/record?token={}", tokens[0]), None).await;
    assert!(record["config"].get("seed").is_none(), "{record}");
    assert_eq!(record["fairness"], *fairness);
    assert_eq!(record["decisions"].as_array().unwrap().len() as u64, created["view"]["len"].as_u64().unwrap());

    let (mut ws, _) = tokio_tungstenite::connect_async(format!("ws://{addr}/api/matches/{id}/ws")).await.unwrap();
    let mut seen = vec![created.to_string()];
    seen.extend(everything(&app, &id, &tokens).await);

    // Both seats play random legal moves to the end; everything a client
    // can read on the way is kept.
    let mut rng = Rng::new(7);
    let mut end = Value::Null;
    for n in 0..3000 {
        let mut moved = false;
        for t in &tokens {
            let v = view(&app, &id, Some(t)).await;
            if !v["outcome"].is_null() {
                end = v;
                break;
            }
            if v["your_turn"] == json!(true) {
                let legal = v["legal"].as_array().unwrap();
                let (status, answer) = act(&app, &id, t, &legal[rng.below(legal.len())]).await;
                assert_eq!(status, StatusCode::OK, "{answer}");
                if answer["view"]["outcome"].is_null() {
                    seen.push(answer.to_string());
                }
                moved = true;
            }
        }
        if !end.is_null() {
            break;
        }
        assert!(moved, "nobody could move: {}", view(&app, &id, None).await);
        if n % 10 == 0 {
            seen.extend(everything(&app, &id, &tokens).await);
        }
    }
    assert!(!end.is_null(), "the game did not end");
    // The pushes while live (the last ones may already show the end).
    while let Ok(Some(Ok(msg))) = tokio::time::timeout(Duration::from_millis(300), ws.next()).await {
        if let Message::Text(t) = msg {
            let v: Value = serde_json::from_str(t.as_str()).unwrap();
            if v["view"]["outcome"].is_null() {
                assert!(v["view"]["fairness"]["seed"].is_null(), "{v}");
                seen.push(t.to_string());
            }
        }
    }

    // Over: the seed and salt are revealed, and match the commitment.
    let revealed = &end["fairness"];
    let (seed, salt) = (revealed["seed"].as_str().unwrap(), revealed["salt"].as_str().unwrap());
    assert!(is_hex64(&revealed["salt"]));
    assert_eq!(revealed["commitment"], commitment);
    assert_eq!(
        sha256_hex(&format!("{seed}:{salt}")),
        commitment.as_str().unwrap(),
        "the commitment is SHA-256 of seed:salt"
    );
    let seed: u64 = seed.parse().unwrap();
    for text in &seen {
        assert!(!text.contains(salt), "the salt leaked while live: {text}");
        assert!(!text.contains(&format!("\"seed\":{seed}")), "the seed leaked while live: {text}");
        assert!(!text.contains(&format!("\"{seed}\"")), "the seed leaked while live: {text}");
    }
    // The finished record carries the seed, replays and verifies bit for bit.
    let (_, record) = call(&app, "GET", &format!("/api/matches/{id}/record"), None).await;
    assert_eq!(record["config"]["seed"], json!(seed), "{record}");
    assert_eq!(record["fairness"], *revealed);
    let read: Record<Essence> = Record::from_json(&record.to_string()).unwrap();
    read.verify_seed().unwrap();
}

async fn a_chosen_seed_only_with_at_most_one_human_seat(backend: Backend) {
    let db = backend.scratch("chosen");
    // Matches of bots only are allowed here: a chosen seed is fine for them.
    let app = router(AppState::open(with_bot_matches(public(&db.url))).await.unwrap());
    let human = json!({ "controller": "human" });
    let open = json!({ "controller": "human", "open": true });
    let bot = json!({ "controller": "random" });
    for seats in [json!([human, human]), json!([human, open]), json!([open, open])] {
        let (status, e) =
            call(&app, "POST", "/api/matches", Some(json!({ "game": "ethia", "seats": seats, "seed": 3 }))).await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{seats}: {e}");
        assert_eq!(e["error"], "seed-not-allowed", "{e}");
        assert!(e["message"].as_str().unwrap().contains("at most one human seat"), "{e}");
    }
    assert_eq!(state_matches(&app).await, 0, "nothing was created");
    for seats in [json!([human, bot]), json!([bot, open]), json!([bot, bot])] {
        let created = create(&app, json!({ "game": "ethia", "seats": seats, "seed": 3 })).await;
        let fairness = &created["view"]["fairness"];
        assert_eq!(fairness["source"], "chosen", "{created}");
        assert!(is_hex64(&fairness["commitment"]) && fairness["seed"].is_null(), "{created}");
        let id = created["id"].as_str().unwrap();
        let (_, record) = call(&app, "GET", &format!("/api/matches/{id}/record"), None).await;
        assert!(record["config"].get("seed").is_none(), "hidden while live, chosen or not: {record}");
    }
    let created = create(&app, json!({ "game": "ethia", "seats": [human, human] })).await;
    assert_eq!(created["view"]["fairness"]["source"], "server");
    // A server for tests may allow any chosen seed.
    let db = backend.scratch("chosen-any");
    let app = router(AppState::open(config(&db.url)).await.unwrap());
    let created = create(&app, json!({ "game": "ethia", "seats": [human, human], "seed": 3 })).await;
    assert_eq!(created["view"]["fairness"]["source"], "chosen");
}

/// Live matches in the lobby.
async fn state_matches(app: &axum::Router) -> usize {
    let (_, list) = call(app, "GET", "/api/matches", None).await;
    list["live"].as_array().unwrap().len()
}

async fn a_fold_keeps_the_seed_as_it_keeps_the_cards(backend: Backend) {
    let db = backend.scratch("kuhn-fair");
    let app = router(AppState::open(public(&db.url)).await.unwrap());
    for (bets, showdown) in [([json!("bet"), json!("pass")], false), ([json!("pass"), json!("pass")], true)] {
        let created =
            create(&app, json!({ "game": "kuhn", "seats": [{ "controller": "human" }, { "controller": "human" }] }))
                .await;
        let id = created["id"].as_str().unwrap();
        let (p1, p2) = (token(&created, 0), token(&created, 1));
        assert_eq!(act(&app, id, &p1, &bets[0]).await.0, StatusCode::OK);
        assert_eq!(act(&app, id, &p2, &bets[1]).await.0, StatusCode::OK);
        for t in [None, Some(p1.as_str()), Some(p2.as_str())] {
            let end = view(&app, id, t).await;
            assert!(!end["outcome"].is_null());
            let q = t.map(|t| format!("?token={t}")).unwrap_or_default();
            let (_, record) = call(&app, "GET", &format!("/api/matches/{id}/record{q}"), None).await;
            if showdown {
                assert!(end["fairness"]["seed"].is_string() && end["fairness"]["salt"].is_string(), "{end}");
                assert!(record["config"]["seed"].is_u64(), "{record}");
            } else {
                // The deal follows from the seed: revealing it would show the
                // folded card.
                assert!(end["fairness"]["seed"].is_null() && end["fairness"]["salt"].is_null(), "{end}");
                assert!(record["config"].get("seed").is_none(), "{record}");
            }
        }
    }
}

async fn the_seal_survives_a_restart_and_old_databases_still_work(backend: Backend) {
    let db = backend.fresh("seal");
    let (id, commitment, old) = {
        let state = AppState::open(public(&db.url)).await.unwrap();
        let app = router(state);
        let seats = json!([{ "controller": "human" }, { "controller": "human" }]);
        let a = create(&app, json!({ "game": "essence", "seats": seats })).await;
        let b = create(&app, json!({ "game": "essence", "seats": seats })).await;
        (a["id"].as_str().unwrap().to_string(), a["commitment"].clone(), b["id"].as_str().unwrap().to_string())
    };
    {
        let state = AppState::open(public(&db.url)).await.unwrap();
        assert_eq!(state.load_report().resumed, 2, "{:?}", state.load_report().failed);
        let v = view(&router(state), &id, None).await;
        assert_eq!(v["fairness"], json!({ "source": "server", "commitment": commitment, "seed": null, "salt": null }));
    }
    // The database is made into one of schema version 1 (the columns and
    // tables of versions 2 to 6 dropped, the versions forgotten), as a
    // server before sealed seeds left it.
    let downgrade = "DELETE FROM schema_version WHERE version >= 2; \
         ALTER TABLE matches DROP COLUMN seed_salt; ALTER TABLE matches DROP COLUMN seed_chosen; \
         ALTER TABLE matches DROP COLUMN dice; ALTER TABLE seat_tokens DROP COLUMN name; \
         ALTER TABLE matches DROP COLUMN companion; DROP TABLE roll_parts;";
    match &backend {
        Backend::Sqlite => rusqlite::Connection::open(&db.url).unwrap().execute_batch(downgrade).unwrap(),
        Backend::Postgres(_) => pg_admin(&db.url, downgrade).unwrap(),
    }
    let state = AppState::open(public(&db.url)).await.unwrap();
    assert_eq!(state.load_report().schema_version, arbiter_server::store::MIGRATIONS.last().unwrap().version);
    assert_eq!(state.load_report().resumed, 2, "{:?}", state.load_report().failed);
    let app = router(state);
    // A match from before sealed seeds has no commitment, and its seed
    // still stays hidden while it is live.
    for id in [&id, &old] {
        let v = view(&app, id, None).await;
        assert_eq!(v["fairness"], json!({ "source": "unknown", "commitment": null, "seed": null, "salt": null }));
        let (_, record) = call(&app, "GET", &format!("/api/matches/{id}/record"), None).await;
        assert!(record["config"].get("seed").is_none(), "{record}");
    }
    // New matches are sealed again.
    let seats = json!([{ "controller": "human" }, { "controller": "human" }]);
    assert!(is_hex64(&create(&app, json!({ "game": "essence", "seats": seats })).await["commitment"]));
}

/// Sends raw bytes over a fresh connection; returns the status and the body.
async fn raw_http(addr: std::net::SocketAddr, request: &[u8]) -> (u16, String, String) {
    let mut s = tokio::net::TcpStream::connect(addr).await.unwrap();
    let _ = s.write_all(request).await;
    let mut answer = Vec::new();
    let _ = tokio::time::timeout(Duration::from_secs(10), s.read_to_end(&mut answer)).await;
    let answer = String::from_utf8_lossy(&answer).into_owned();
    let (head, body) = answer.split_once("\r\n\r\n").unwrap_or((&answer, ""));
    let status = head.split(' ').nth(1).and_then(|s| s.parse().ok()).unwrap_or(0);
    (status, head.to_string(), body.to_string())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn errors_hyper_writes_itself_are_json_too() {
    let state = memory_state().await;
    let addr = serve(state).await;
    let many: String = (0..200).map(|i| format!("X-Header-{i}: {i}\r\n")).collect();
    let long = format!("X-Long: {}\r\n", "a".repeat(600 * 1024));
    let cases: Vec<(Vec<u8>, u16, &str)> = vec![
        (format!("GET /api/games HTTP/1.1\r\nHost: x\r\n{many}\r\n").into_bytes(), 431, "header-too-large"),
        (format!("GET /api/games HTTP/1.1\r\nHost: x\r\n{long}\r\n").into_bytes(), 431, "header-too-large"),
        (b"HELLO THERE\r\n\r\n".to_vec(), 400, "bad-request"),
        (b"GET /api/games HTTP/1.1\r\nBad Header\r\n\r\n".to_vec(), 400, "bad-request"),
        (b"GET /api/nope HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n".to_vec(), 404, "not-found"),
        (b"DELETE /api/games HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n".to_vec(), 405, "method-not-allowed"),
        (
            b"POST /api/matches HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\nConnection: close\r\n\r\n{bad}".to_vec(),
            400,
            "bad-request",
        ),
        (
            format!(
                "POST /api/matches/ab/join HTTP/1.1\r\nHost: x\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{}",
                70 * 1024,
                "x".repeat(70 * 1024)
            )
            .into_bytes(),
            413,
            "too-large",
        ),
    ];
    for (request, status, code) in cases {
        let (got, head, body) = raw_http(addr, &request).await;
        let what = String::from_utf8_lossy(&request[..request.len().min(40)]).into_owned();
        assert_eq!(got, status, "{what}: {head}");
        assert!(head.to_ascii_lowercase().contains("content-type: application/json"), "{what}: {head}");
        let v: Value = serde_json::from_str(&body).unwrap_or_else(|e| panic!("{what}: not JSON ({e}): {body:?}"));
        assert_eq!(v["error"], code, "{what}: {v}");
        assert!(v["message"].is_string() && v.get("refusal").is_some(), "{v}");
    }
    // The server still answers afterwards.
    let (status, _) = http(addr, "GET", "/api/games", None).await;
    assert_eq!(status, 200);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_websocket_that_keeps_flooding_is_closed_with_a_reason() {
    let state = memory_state().await;
    let app = router(state.clone());
    let addr = serve(state).await;
    let created = create(
        &app,
        json!({ "game": "essence", "seats": [{ "controller": "human" }, { "controller": "human" }], "seed": 3 }),
    )
    .await;
    let id = created["id"].as_str().unwrap();
    let (ws, _) = tokio_tungstenite::connect_async(format!("ws://{addr}/api/matches/{id}/ws")).await.unwrap();
    let (mut tx, mut rx) = ws.split();
    // 500 messages a second: 25 times the limit, but some always get
    // through, so the connection is never refused many times in a row.
    let flood = tokio::spawn(async move {
        for _ in 0..2000 {
            if tx.send(Message::text("{\"type\":\"refresh\"}")).await.is_err() {
                return;
            }
            tokio::time::sleep(Duration::from_millis(2)).await;
        }
    });
    let (mut views, mut limited) = (0, 0);
    let close = loop {
        match tokio::time::timeout(Duration::from_secs(15), rx.next()).await {
            Ok(Some(Ok(Message::Text(t)))) => {
                let v: Value = serde_json::from_str(t.as_str()).unwrap();
                match v["type"].as_str() {
                    Some("view") => views += 1,
                    _ => {
                        assert_eq!(v["error"]["error"], "rate-limited", "{v}");
                        limited += 1;
                    }
                }
            }
            Ok(Some(Ok(Message::Close(frame)))) => break frame,
            Ok(Some(Ok(_))) => {}
            other => panic!("no close frame ({views} views, {limited} refused): {other:?}"),
        }
    };
    flood.abort();
    let frame = close.expect("a close frame with a reason");
    assert_eq!(frame.code, CloseCode::Policy);
    assert!(frame.reason.contains("rate limit exceeded"), "{}", frame.reason);
    assert_eq!(limited, 50, "closed at the 51st refusal within the window ({views} views)");
}
