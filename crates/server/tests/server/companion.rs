//! Companion mode (docs/api.md, "Companion mode"): an Ephemeral Path match
//! played with real figures on a real table. The match says so after a
//! restart; `measure` answers length, sight, range and the gate with the
//! rules' own checks (and the rule that refuses), without changing the
//! match; a typed position is judged by the same rules; a seat takes back
//! its own last decision (REST or WebSocket) and nobody else's; real dice
//! are entered over the WebSocket; the record replays. On both backends.

use crate::common::*;
use arbiter_core::Record;
use arbiter_ephemeral::Ephemeral;
use arbiter_server::{AppState, router};
use axum::Router;
use axum::http::StatusCode;
use futures_util::{SinkExt, StreamExt};
use serde_json::{Value, json};
use std::time::Duration;
use tokio_tungstenite::tungstenite::Message;

on_every_backend!(
    companion_mode_measures_judges_typed_positions_and_undoes_own_entries,
    companion_mode_is_for_games_that_measure,
);

type Ws = tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>;

/// Receives until a message of the given type comes.
async fn recv_type(ws: &mut Ws, kind: &str) -> Value {
    loop {
        let msg = tokio::time::timeout(Duration::from_secs(10), ws.next()).await.unwrap().unwrap().unwrap();
        if let Message::Text(t) = msg {
            let v: Value = serde_json::from_str(t.as_str()).unwrap();
            if v["type"] == kind || v["type"] == "error" {
                return v;
            }
        }
    }
}

async fn measure(app: &Router, id: &str, a: &str, b: &str) -> (StatusCode, Value) {
    let q = |s: &str| s.replace(',', "%2C").replace('#', "%23");
    call(app, "GET", &format!("/api/matches/{id}/measure?a={}&b={}", q(a), q(b)), None).await
}

async fn undo(app: &Router, id: &str, token: &str, len: u64) -> (StatusCode, Value) {
    call(app, "POST", &format!("/api/matches/{id}/undo"), Some(json!({ "token": token, "len": len }))).await
}

/// Dice values for the dice of a view's `dice` ask that `seat` enters.
fn values_for(ask: &Value, seat: usize, rng: &mut Rng) -> Vec<u64> {
    let dice = ask["dice"].as_array().unwrap();
    let sides: Vec<u64> = dice_of_seat(ask, seat).into_iter().map(|i| dice[i]["sides"].as_u64().unwrap()).collect();
    let mut values: Vec<u64> = sides.iter().map(|s| rng.below(*s as usize) as u64 + 1).collect();
    for i in 1..values.len() {
        if sides[i] >= values.len() as u64 && sides[i] == sides[0] {
            while values[..i].contains(&values[i]) {
                values[i] = values[i] % sides[i] + 1;
            }
        }
    }
    values
}

/// The figure acting, when the observation's phase is `Acting`.
fn acting(v: &Value) -> Option<u64> {
    v["observation"]["phase"]["Acting"]["figure"].as_u64()
}

async fn companion_mode_is_for_games_that_measure(backend: Backend) {
    let (state, _db) = state_on(&backend, "companion-refused").await;
    let app = router(state);
    let seats = json!([{ "controller": "human" }, { "controller": "human" }]);
    let (status, e) =
        call(&app, "POST", "/api/matches", Some(json!({ "game": "essence", "companion": true, "seats": seats }))).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{e}");
    assert_eq!(e["error"], "companion-not-allowed");
    // An ordinary Essence match takes no measurements, and says why.
    let created = create(&app, json!({ "game": "essence", "seats": seats })).await;
    let id = created["id"].as_str().unwrap();
    assert_eq!(view(&app, id, None).await["companion"], false);
    let (status, e) = measure(&app, id, "a1", "b2").await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{e}");
    assert_eq!(e["error"], "cannot-measure");
    // Nor does an ordinary match take back a decision.
    let t = token(&created, 0);
    let v = view(&app, id, Some(&t)).await;
    let (status, _) = act(&app, id, &t, &v["legal"][0]).await;
    assert_eq!(status, StatusCode::OK);
    let (status, e) = undo(&app, id, &t, 1).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{e}");
    assert_eq!(e["refusal"]["rule"], "real-dice.undo.server-rolls");
}

async fn companion_mode_measures_judges_typed_positions_and_undoes_own_entries(backend: Backend) {
    let db = backend.fresh("companion");
    let state = AppState::open(config(&db.url)).await.unwrap();
    let app = router(state.clone());
    let addr = serve(state).await;
    let created = create(
        &app,
        json!({ "game": "ephemeral", "dice": "real", "companion": true,
                "seats": [{ "name": "Ada", "controller": "human" }, { "name": "Bo", "controller": "human" }] }),
    )
    .await;
    let id = created["id"].as_str().unwrap().to_string();
    let id = id.as_str();
    let tokens = [token(&created, 0), token(&created, 1)];
    assert_eq!(view(&app, id, None).await["companion"], true);

    // Real dice over the WebSocket: the first roll asked (a roll-off) is
    // entered by a seat's socket.
    let (mut ws0, _) =
        tokio_tungstenite::connect_async(format!("ws://{addr}/api/matches/{id}/ws?token={}", tokens[0])).await.unwrap();
    let first = recv_type(&mut ws0, "view").await["view"].clone();
    let mut rng = Rng::new(5);
    let mut rolled_over_socket = false;
    if !first["dice"].is_null() {
        let values = values_for(&first["dice"], 0, &mut rng);
        ws0.send(Message::text(json!({ "type": "roll", "values": values, "id": 7 }).to_string())).await.unwrap();
        let a = recv_type(&mut ws0, "accepted").await;
        assert_eq!(a["id"], 7, "{a}");
        assert_eq!(a["steps"], json!([]), "P1's die of the side roll-off is in, P2's is awaited: {a}");
        rolled_over_socket = true;
    }
    assert!(rolled_over_socket, "the match opens with a roll to enter");

    // Play on (rolls entered, the first legal decision taken) until a
    // figure is acting.
    let mut mover = None;
    for _ in 0..400 {
        let Some((seat, v)) = who_decides(&app, id, &tokens).await else { break };
        if !v["dice"].is_null() {
            let values = values_for(&v["dice"], seat, &mut rng);
            let (status, ok) = call(
                &app,
                "POST",
                &format!("/api/matches/{id}/roll"),
                Some(json!({ "token": tokens[seat], "values": values })),
            )
            .await;
            assert_eq!(status, StatusCode::OK, "{ok}");
            continue;
        }
        if let Some(f) = acting(&v) {
            if v["legal"].as_array().unwrap().iter().any(|a| a.get("Move").is_some()) {
                mover = Some((seat, f, v));
                break;
            }
        }
        let (status, ok) = act(&app, id, &tokens[seat], &v["legal"][0]).await;
        assert_eq!(status, StatusCode::OK, "{ok}");
    }
    let (seat, figure, v) = mover.expect("a figure came to act with a move");
    let other = 1 - seat;
    let me = format!("#{figure}");
    let obs = &v["observation"];
    let at = &obs["figures"][figure as usize]["at"];
    let (x, y) = (at["x"].as_f64().unwrap(), at["y"].as_f64().unwrap());

    // Measurements change nothing and answer with the rules' checks.
    let len = v["len"].as_u64().unwrap();
    let enemy = (0..obs["figures"].as_array().unwrap().len())
        .find(|&i| {
            let f = &obs["figures"][i];
            f["owner"] != obs["figures"][figure as usize]["owner"] && !f["at"].is_null()
        })
        .expect("an enemy figure stands on the table");
    let (status, m) = measure(&app, id, &me, &format!("#{enemy}")).await;
    assert_eq!(status, StatusCode::OK, "{m}");
    assert_eq!(m["from"]["figure"], figure);
    assert!(m["centre_cm"].as_f64().unwrap() > 0.0, "{m}");
    let sight = &m["sight"];
    assert_eq!(sight["may_attack"], sight["refusal"].is_null(), "{m}");
    if !sight["may_attack"].as_bool().unwrap() {
        let rule = sight["refusal"]["rule"].as_str().unwrap();
        assert!(rule == "ep.attack.sight" || rule == "ep.attack.range", "{m}");
        assert!(!sight["refusal"]["section"].as_str().unwrap().is_empty());
    }
    assert!(m["targets"].as_array().unwrap().iter().any(|t| t["figure"] == json!(enemy)), "{m}");
    let (status, g) = measure(&app, id, &me, "gate").await;
    assert_eq!(status, StatusCode::OK, "{g}");
    assert!(g["touches_gate"].is_boolean(), "{g}");
    let (status, e) = measure(&app, id, &me, "elsewhere").await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{e}");
    let (status, e) = measure(&app, id, "#99", "1,1").await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{e}");

    // A typed position out of reach: measure says the rule, and the same
    // rule refuses it as a move.
    let far = (if x < 20.0 { 39.0 } else { 1.0 }, if y < 20.0 { 39.0 } else { 1.0 });
    let (status, m) = measure(&app, id, &me, &format!("{},{}", far.0, far.1)).await;
    assert_eq!(status, StatusCode::OK, "{m}");
    assert_eq!(m["straight_move"]["allowed"], false, "{m}");
    let rule = m["straight_move"]["refusal"]["rule"].as_str().unwrap().to_string();
    assert!(rule.starts_with("ep.move."), "{m}");
    let (status, e) = act(&app, id, &tokens[seat], &json!({ "Move": { "path": [{ "x": far.0, "y": far.1 }] } })).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{e}");
    assert_eq!(e["refusal"]["rule"], rule.as_str(), "the move is refused by the rule measure named: {e}");
    assert_eq!(view(&app, id, None).await["len"], len, "measuring and a refused move change nothing");

    // A typed position the rules allow (the end of a legal move): measure
    // says so, and it is accepted.
    let legal_move = v["legal"].as_array().unwrap().iter().find(|a| a.get("Move").is_some()).unwrap().clone();
    let path = legal_move["Move"]["path"].as_array().unwrap();
    let to = path.last().unwrap();
    let typed = json!({ "Move": { "path": [to] } });
    let (status, m) = measure(&app, id, &me, &format!("{},{}", to["x"], to["y"])).await;
    assert_eq!(status, StatusCode::OK, "{m}");
    let straight_ok = m["straight_move"]["allowed"] == json!(true);
    let (status, ok) = act(&app, id, &tokens[seat], &typed).await;
    assert_eq!(status == StatusCode::OK, straight_ok, "measure and the move agree: {m} / {ok}");
    if !straight_ok {
        // The straight line is blocked; the legal path with its bends is not.
        let (status, ok) = act(&app, id, &tokens[seat], &legal_move).await;
        assert_eq!(status, StatusCode::OK, "{ok}");
    }
    let after = view(&app, id, Some(&tokens[seat])).await;
    assert_eq!(after["len"], len + 1);
    assert_eq!(after["can_undo"], true, "the mover may take back its own move");
    assert_eq!(view(&app, id, Some(&tokens[other])).await["can_undo"], false, "nobody else may");

    // Somebody else's undo is refused with its rule; the mover's, over the
    // WebSocket, takes the move back.
    let (status, e) = undo(&app, id, &tokens[other], len + 1).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{e}");
    assert_eq!(e["refusal"]["rule"], "undo.not-yours");
    let (mut ws, _) =
        tokio_tungstenite::connect_async(format!("ws://{addr}/api/matches/{id}/ws?token={}", tokens[seat]))
            .await
            .unwrap();
    let _ = recv_type(&mut ws, "view").await;
    ws.send(Message::text(json!({ "type": "undo", "len": len + 1, "id": "u" }).to_string())).await.unwrap();
    let u = recv_type(&mut ws, "undone").await;
    assert_eq!((u["id"].clone(), u["len"].clone()), (json!("u"), json!(len)), "{u}");
    ws.send(Message::text(json!({ "type": "undo", "len": len + 1 }).to_string())).await.unwrap();
    let stale = recv_type(&mut ws, "error").await;
    assert_eq!(stale["error"]["error"], "conflict", "{stale}");
    let back = view(&app, id, Some(&tokens[seat])).await;
    assert_eq!(back["len"], len);
    assert_eq!(back["observation"]["figures"][figure as usize]["at"], *at, "the figure stands where it stood");

    // After a restart the match is still in companion mode, and its
    // record replays: every decision stored, none taken back.
    drop(ws);
    drop(ws0);
    let again = router(AppState::open(config(&db.url)).await.unwrap());
    let v2 = view(&again, id, Some(&tokens[seat])).await;
    assert_eq!(v2["companion"], true);
    assert_eq!(v2["len"], len);
    let (status, rec) = call(&again, "GET", &format!("/api/matches/{id}/record?token={}", tokens[0]), None).await;
    assert_eq!(status, StatusCode::OK, "{rec}");
    assert_eq!(rec["decisions"].as_array().unwrap().len() as u64, len);
    let mut full = rec.clone();
    full["config"]["seed"] = json!(0);
    let record: Record<Ephemeral> = serde_json::from_value(full).unwrap();
    let (_, replayed) = record.replay().unwrap();
    let replayed = serde_json::to_value(&replayed).unwrap();
    // Positions are f32s; serde_json may read their f64 text back one unit
    // in the last place off, so they are compared as f32s.
    let as_f32 = |figures: &Value| {
        let mut figures = figures.clone();
        for f in figures.as_array_mut().unwrap() {
            for k in ["x", "y"] {
                let v = f["at"][k].as_f64().unwrap() as f32;
                f["at"][k] = json!(v.to_string());
            }
        }
        figures
    };
    assert_eq!(
        as_f32(&replayed["figures"]),
        as_f32(&v2["observation"]["figures"]),
        "the record replays to the table shown"
    );
}
