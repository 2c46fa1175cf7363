//! The REST API end to end, in-process: a match against the AI for every
//! game played to the end with random legal actions from the views; tokens,
//! spectators and turns; bad input; records, replays and the lobby.

#![allow(clippy::unwrap_used, clippy::panic)]

use crate::common::*;
use arbiter_core::{Game, Record, Viewer};
use arbiter_essence::Essence;
use arbiter_server::router;
use axum::http::StatusCode;
use serde_json::{Value, json};

on_every_backend!(
    essence_against_the_ai_to_the_end,
    ethia_against_the_ai_to_the_end,
    ethia_worlds_with_an_ai_partner_to_the_end,
    ephemeral_against_the_ai_to_the_end,
    a_token_acts_only_for_its_seat_and_spectators_never_act,
    non_active_players_owe_their_own_decisions,
    refused_actions_name_the_rule,
    malformed_oversized_and_unknown_requests_get_json_errors,
    the_lobby_lists_open_live_and_my_games_and_open_seats_can_be_joined,
    bots_never_block_other_matches,
    hostile_actions_are_refused_without_harm_in_every_game,
);

async fn play_against_the_ai(
    backend: &Backend,
    game: &str,
    seats: Value,
    human: usize,
    seed: u64,
) -> (axum::Router, Value, Value, FreshDb) {
    let (state, db) = state_on(backend, game).await;
    let app = router(state);
    let created = create(&app, json!({ "game": game, "seats": seats, "seed": seed })).await;
    let id = created["id"].as_str().unwrap().to_string();
    let token = token(&created, human);
    let (end, actions) = play_to_end(&app, &id, &token, seed, 5000).await;
    assert!(actions > 0, "{game}: the human never acted");
    eprintln!("{game}: {actions} human actions, {} decisions, {}", end["len"], end["outcome"]);
    let outcome = &end["outcome"];
    assert!(outcome["draw"].is_boolean() && outcome["reason"].is_string(), "{outcome}");
    assert_eq!(end["turn"], json!({ "kind": "over" }));
    assert!(end["legal"].as_array().unwrap().is_empty());
    // The record replays with the core and checks against the seed.
    let (status, record) = call(&app, "GET", &format!("/api/matches/{id}/record"), None).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(record["format"], "arbiter.record");
    assert_eq!(record["decisions"].as_array().unwrap().len() as u64, end["len"].as_u64().unwrap());
    (app, created, record, db)
}

async fn essence_against_the_ai_to_the_end(backend: Backend) {
    let seats = json!([{ "name": "Ada", "controller": "human" }, { "controller": "mcts:iters=30" }]);
    let (app, created, record, _db) = play_against_the_ai(&backend, "essence", seats, 0, 11).await;
    let id = created["id"].as_str().unwrap();
    let record: Record<Essence> = Record::from_json(&record.to_string()).unwrap();
    record.verify_seed().unwrap();
    let (game, state) = record.replay().unwrap();
    let spectator = view(&app, id, None).await;
    assert_eq!(spectator["observation"], serde_json::to_value(game.observe(&state, Viewer::Spectator)).unwrap());
    // Stepping through the finished game.
    let total = spectator["len"].as_u64().unwrap();
    let (status, first) = call(&app, "GET", &format!("/api/matches/{id}/replay/0"), None).await;
    assert_eq!(status, StatusCode::OK, "{first}");
    assert!(first["last"].is_null());
    assert_eq!(first["observation"], serde_json::to_value(game.initial_state()).unwrap());
    let (_, one) = call(&app, "GET", &format!("/api/matches/{id}/replay/1"), None).await;
    assert_eq!(one["last"]["index"], 0);
    assert_eq!(one["last"]["decision"], serde_json::to_value(&record.decisions[0]).unwrap());
    let (_, last) = call(&app, "GET", &format!("/api/matches/{id}/replay/{total}"), None).await;
    assert_eq!(last["observation"], spectator["observation"]);
    assert_eq!(last["outcome"], spectator["outcome"]);
    assert_eq!(last["total"], total);
    let (status, past) = call(&app, "GET", &format!("/api/matches/{id}/replay/{}", total + 1), None).await;
    assert_eq!(status, StatusCode::NOT_FOUND, "{past}");
    let (status, bad) = call(&app, "GET", &format!("/api/matches/{id}/replay/minus-one"), None).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{bad}");
    // Acting after the end.
    let token = token(&created, 0);
    let (status, e) = act(&app, id, &token, &json!("pass")).await;
    assert_eq!(status, StatusCode::CONFLICT, "{e}");
    assert_eq!(e["error"], "game-over");
    assert_eq!(e["refusal"]["rule"], "core.turn.over");
}

async fn ethia_against_the_ai_to_the_end(backend: Backend) {
    let seats = json!([{ "controller": "greedy" }, { "name": "Bo", "controller": "human" }]);
    let (_, _, record, _db) = play_against_the_ai(&backend, "ethia", seats, 1, 5).await;
    let record: Record<arbiter_ethia::Ethia> = Record::from_json(&record.to_string()).unwrap();
    record.verify_seed().unwrap();
}

async fn ethia_worlds_with_an_ai_partner_to_the_end(backend: Backend) {
    let seats = json!([{ "controller": "human" }, { "controller": "random" }]);
    let (_, _, record, _db) = play_against_the_ai(&backend, "ethia-worlds", seats, 0, 3).await;
    let record: Record<arbiter_ethia::worlds::EthiaWorlds> = Record::from_json(&record.to_string()).unwrap();
    record.verify_seed().unwrap();
}

async fn ephemeral_against_the_ai_to_the_end(backend: Backend) {
    let seats = json!([{ "controller": "human" }, { "controller": "heuristic:depth=0" }]);
    let (_, created, record, _db) = play_against_the_ai(&backend, "ephemeral", seats, 0, 2).await;
    assert_eq!(created["view"]["action_space"], "continuous");
    let record: Record<arbiter_ephemeral::Ephemeral> = Record::from_json(&record.to_string()).unwrap();
    record.verify_seed().unwrap();
}

fn two_humans() -> Value {
    json!({ "game": "essence", "seats": [{ "name": "Ada", "controller": "human" }, { "name": "Bo", "controller": "human" }], "seed": 1 })
}

async fn a_token_acts_only_for_its_seat_and_spectators_never_act(backend: Backend) {
    let (state, _db) = state_on(&backend, "api").await;
    let app = router(state);
    let created = create(&app, two_humans()).await;
    let other = create(&app, two_humans()).await;
    let id = created["id"].as_str().unwrap();
    let (p1, p2) = (token(&created, 0), token(&created, 1));
    assert_ne!(p1, p2);
    assert_eq!(created["spectate"], format!("/api/matches/{id}"));
    assert!(created["seats"][0]["link"].as_str().unwrap().ends_with(&p1));

    let v1 = view(&app, id, Some(&p1)).await;
    assert_eq!((v1["you"].clone(), v1["your_turn"].clone()), (json!(0), json!(true)));
    let action = v1["legal"][0].clone();
    let v2 = view(&app, id, Some(&p2)).await;
    assert_eq!((v2["you"].clone(), v2["your_turn"].clone()), (json!(1), json!(false)));
    assert!(v2["legal"].as_array().unwrap().is_empty(), "only the seat to move sees its legal actions");
    let spectator = view(&app, id, None).await;
    assert!(spectator["you"].is_null());
    assert!(spectator["legal"].as_array().unwrap().is_empty());

    // P2's token cannot act on P1's decision, even with P1's legal action.
    let (status, e) = act(&app, id, &p2, &action).await;
    assert_eq!(status, StatusCode::CONFLICT, "{e}");
    assert_eq!(e["error"], "not-your-turn");
    assert_eq!(e["refusal"]["rule"], "core.turn.not-yours");
    // Spectators (no token), made-up tokens and another match's tokens cannot act.
    for bad in [String::new(), "0123456789abcdef0123456789abcdef".into(), token(&other, 0)] {
        let (status, e) = act(&app, id, &bad, &action).await;
        assert_eq!(status, StatusCode::FORBIDDEN, "{bad}: {e}");
        assert_eq!(e["error"], "forbidden");
    }
    let (status, _) = call(&app, "GET", &format!("/api/matches/{id}?token=nope"), None).await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    assert_eq!(view(&app, id, Some(&p1)).await["len"], 0, "nothing was applied");

    // The right token acts; then it is no longer its decision.
    let (status, ok) = act(&app, id, &p1, &action).await;
    assert_eq!(status, StatusCode::OK, "{ok}");
    assert_eq!(ok["steps"][0]["seat"], 0);
    assert_eq!(ok["view"]["len"], 1);
}

async fn non_active_players_owe_their_own_decisions(backend: Backend) {
    // Essence: after the active player's actions, the opponent spins their
    // touched motes. Play random legal actions with whichever token owes the
    // decision, and check the other token is refused each time.
    let (state, _db) = state_on(&backend, "api").await;
    let app = router(state);
    let created = create(&app, two_humans()).await;
    let id = created["id"].as_str().unwrap();
    let tokens = [token(&created, 0), token(&created, 1)];
    let mut rng = Rng::new(4);
    let mut owed_by_the_other_player = 0;
    for _ in 0..3000 {
        let spectator = view(&app, id, None).await;
        if !spectator["outcome"].is_null() {
            break;
        }
        let seat = spectator["turn"]["seat"].as_u64().unwrap() as usize;
        let v = view(&app, id, Some(&tokens[seat])).await;
        let legal = v["legal"].as_array().unwrap();
        let action = legal[rng.below(legal.len())].clone();
        let (status, e) = act(&app, id, &tokens[1 - seat], &action).await;
        assert_eq!(status, StatusCode::CONFLICT, "{e}");
        let before = v["observation"].as_str().unwrap().split(' ').nth(1).unwrap().to_string();
        let active = if before == "x" { 0 } else { 1 };
        if active != seat {
            owed_by_the_other_player += 1;
        }
        let (status, e) = act(&app, id, &tokens[seat], &action).await;
        assert_eq!(status, StatusCode::OK, "{e}");
    }
    assert!(owed_by_the_other_player > 0, "no decision was owed by the non-active player");
}

async fn refused_actions_name_the_rule(backend: Backend) {
    let (state, _db) = state_on(&backend, "api").await;
    let app = router(state);
    let created = create(&app, two_humans()).await;
    let id = created["id"].as_str().unwrap();
    let p1 = token(&created, 0);
    let legal: Vec<Value> = view(&app, id, Some(&p1)).await["legal"].as_array().unwrap().clone();
    let illegal =
        ["a1-a5", "c1-c5", "Dc3:1", "Sa1-e5", "Gc3"].iter().map(|s| json!(s)).find(|a| !legal.contains(a)).unwrap();
    let (status, e) = act(&app, id, &p1, &illegal).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{illegal}: {e}");
    assert_eq!(e["error"], "refused");
    let rule = e["refusal"]["rule"].as_str().unwrap();
    assert!(rule.starts_with("essence."), "{rule}");
    assert!(!e["refusal"]["reason"].as_str().unwrap().is_empty());
    assert!(!e["refusal"]["section"].as_str().unwrap().is_empty());
    assert_eq!(e["message"], e["refusal"]["reason"]);
    for nonsense in [json!("zz-top"), json!({ "move": [1, 2] }), json!(null), json!(12)] {
        let (status, e) = act(&app, id, &p1, &nonsense).await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{nonsense}: {e}");
        assert_eq!(e["error"], "bad-action");
    }
    assert_eq!(view(&app, id, None).await["len"], 0);
}

async fn malformed_oversized_and_unknown_requests_get_json_errors(backend: Backend) {
    let (state, _db) = state_on(&backend, "api").await;
    let app = router(state);
    let created = create(&app, two_humans()).await;
    let id = created["id"].as_str().unwrap();
    let actions = format!("/api/matches/{id}/actions");
    for body in [&b"{not json"[..], b"", b"[1,2", b"{\"token\": 5}", &[0xff, 0xfe, 0x00]] {
        let (status, e) = raw(&app, "POST", &actions, body.to_vec()).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{e}");
        assert_eq!(e["error"], "bad-request");
        assert!(e["message"].is_string());
    }
    let big = format!("{{\"token\": \"{}\", \"action\": \"pass\"}}", "a".repeat(70 * 1024));
    let (status, e) = raw(&app, "POST", &actions, big.into_bytes()).await;
    assert_eq!(status, StatusCode::PAYLOAD_TOO_LARGE, "{e}");
    assert_eq!(e["error"], "too-large");
    let huge = vec![b' '; 2 * 1024 * 1024];
    let (status, e) = raw(&app, "POST", "/api/matches", huge).await;
    assert_eq!(status, StatusCode::PAYLOAD_TOO_LARGE, "{e}");
    let (status, e) = call(&app, "GET", "/api/nothing/here", None).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    assert_eq!(e["error"], "not-found");
    let (status, e) = call(&app, "DELETE", "/api/matches", None).await;
    assert_eq!(status, StatusCode::METHOD_NOT_ALLOWED);
    assert_eq!(e["error"], "method-not-allowed");
    for uri in ["/api/matches/ffffffffffffffff", "/api/matches/..%2F..%2Fetc", "/api/matches/x'%20OR%201=1"] {
        let (status, e) = call(&app, "GET", uri, None).await;
        assert_eq!(status, StatusCode::NOT_FOUND, "{uri}: {e}");
    }
    let (status, e) = call(&app, "GET", &format!("/api/matches/{id}/ws"), None).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "a plain GET on the WebSocket route: {e}");
    // Bad creations.
    for (body, why) in [
        (json!({ "game": "chess", "seats": [] }), "unknown game"),
        (json!({ "game": "essence", "seats": [] }), "seats"),
        (json!({ "game": "essence", "seats": [{ "controller": "human" }] }), "players"),
        (
            json!({ "game": "essence", "seats": [{ "controller": "human" }, { "controller": "deep-blue" }] }),
            "unknown bot",
        ),
        (json!({ "game": "ethia", "seats": [{ "controller": "human" }, { "controller": "alphabeta" }] }), "alpha-beta"),
        (
            json!({ "game": "essence", "variant": { "loop": "yes" }, "seats": [{ "controller": "human" }, { "controller": "human" }] }),
            "variant",
        ),
        (
            json!({ "game": "essence", "seats": [{ "name": "x".repeat(200), "controller": "human" }, { "controller": "human" }] }),
            "name",
        ),
    ] {
        let (status, e) = call(&app, "POST", "/api/matches", Some(body)).await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{why}: {e}");
        assert_eq!(e["error"], "invalid");
        assert!(e["message"].as_str().unwrap().contains(why), "{why}: {e}");
    }
}

async fn the_lobby_lists_open_live_and_my_games_and_open_seats_can_be_joined(backend: Backend) {
    let (state, _db) = state_on(&backend, "api").await;
    let app = router(state);
    let (status, games) = call(&app, "GET", "/api/games", None).await;
    assert_eq!(status, StatusCode::OK);
    let ids: Vec<&str> = games.as_array().unwrap().iter().map(|g| g["id"].as_str().unwrap()).collect();
    assert_eq!(ids, arbiter_games::ids(), "every game of the registration table, in its order");
    assert_eq!(games[0]["seats"], json!([2]));
    // The lobby's form comes from the registration table.
    assert_eq!(games[0]["options"][1]["key"], "loop");
    assert_eq!(games[0]["default_bot"], "alphabeta:time=1");
    let goofspiel = games.as_array().unwrap().iter().find(|g| g["id"] == "goofspiel").unwrap();
    assert_eq!(
        goofspiel["options"][0],
        json!({ "key": "cards", "label": "Cards", "help": "cards in each hand and in the prize deck (13 in the standard game)", "kind": "number", "choices": [], "min": 1, "max": 64, "default": 13 })
    );
    assert_eq!(goofspiel["has_hidden_information"], true);
    assert_eq!(games[1]["seats"], json!([2, 3, 4]));

    let open = create(
        &app,
        json!({ "game": "essence", "seats": [{ "name": "Host", "controller": "human" }, { "controller": "human", "open": true }] }),
    )
    .await;
    let id = open["id"].as_str().unwrap();
    assert!(open["seats"][1]["token"].is_null());
    let host = token(&open, 0);
    let solo = create(&app, two_humans()).await;
    let (_, list) = call(&app, "GET", &format!("/api/matches?tokens={host}"), None).await;
    let listed = |key: &str| -> Vec<String> {
        list[key].as_array().unwrap().iter().map(|m| m["id"].as_str().unwrap().to_string()).collect()
    };
    assert_eq!(listed("open"), [id]);
    assert_eq!(listed("live").len(), 2);
    assert_eq!(listed("mine"), [id]);
    assert_eq!(list["mine"][0]["your_seat"], 0);
    assert!(listed("live").contains(&solo["id"].as_str().unwrap().to_string()));

    let (status, joined) = call(&app, "POST", &format!("/api/matches/{id}/join"), Some(json!({}))).await;
    assert_eq!(status, StatusCode::OK, "{joined}");
    assert_eq!(joined["seat"], 1);
    let guest = joined["token"].as_str().unwrap();
    assert_eq!(view(&app, id, Some(guest)).await["you"], 1);
    let (status, e) = call(&app, "POST", &format!("/api/matches/{id}/join"), Some(json!({ "seat": 1 }))).await;
    assert_eq!(status, StatusCode::CONFLICT, "{e}");
    let (status, e) = call(&app, "POST", &format!("/api/matches/{id}/join"), Some(json!({ "seat": 9 }))).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{e}");
    let (_, list) = call(&app, "GET", &format!("/api/matches?tokens={host},{guest}"), None).await;
    assert!(list["open"].as_array().unwrap().is_empty());
    assert_eq!(list["mine"].as_array().unwrap().len(), 2, "{list}");
}

async fn bots_never_block_other_matches(backend: Backend) {
    let (state, _db) = bot_matches_state_on(&backend, "api").await;
    let app = router(state);
    // Bots thinking for a whole second per decision (the test config's cap).
    let slow = create(
        &app,
        json!({ "game": "essence", "seats": [{ "controller": "mcts:time=1" }, { "controller": "mcts:time=1" }] }),
    )
    .await;
    let slow_id = slow["id"].as_str().unwrap();
    let created = create(&app, two_humans()).await;
    let id = created["id"].as_str().unwrap();
    let p1 = token(&created, 0);
    let start = std::time::Instant::now();
    let mut acted = 0;
    for _ in 0..5 {
        let v = view(&app, id, Some(&p1)).await;
        if v["your_turn"] != json!(true) {
            break;
        }
        let (status, _) = act(&app, id, &p1, &v["legal"][0]).await;
        assert_eq!(status, StatusCode::OK);
        acted += 1;
    }
    let slow_view = view(&app, slow_id, None).await;
    // Had the humans' requests waited for the bot, its move would be in first.
    assert_eq!(slow_view["len"], 0, "the humans' {acted} actions took {:?}", start.elapsed());
    assert!(slow_view["awaiting"].as_str().unwrap().contains("thinking"), "{}", slow_view["awaiting"]);
    assert!(acted >= 2);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn each_client_address_has_a_rate_limit() {
    let mut config = config(":memory:");
    config.limits.http_per_second = 2.0;
    config.limits.http_burst = 5.0;
    let state = arbiter_server::AppState::open(config).await.unwrap();
    let addr = serve(state).await;
    let mut statuses = Vec::new();
    for _ in 0..12 {
        let (status, body) = http(addr, "GET", "/api/games", None).await;
        if status == 429 {
            assert_eq!(body["error"], "rate-limited");
        }
        statuses.push(status);
    }
    assert_eq!(statuses.iter().filter(|&&s| s == 200).count(), 5, "{statuses:?}");
    assert!(statuses[5..].iter().all(|&s| s == 429), "{statuses:?}");
    tokio::time::sleep(std::time::Duration::from_millis(600)).await;
    assert_eq!(http(addr, "GET", "/api/games", None).await.0, 200, "the bucket refills");
}

/// Every number in a JSON value replaced by `n`, and every string by `s`.
fn mutate(v: &Value, n: &Value, s: &str, rng: &mut Rng) -> Value {
    match v {
        Value::Number(_) if rng.below(2) == 0 => n.clone(),
        Value::String(_) if rng.below(3) == 0 => json!(s),
        Value::Array(a) => Value::Array(a.iter().map(|x| mutate(x, n, s, rng)).collect()),
        Value::Object(o) => Value::Object(o.iter().map(|(k, x)| (k.clone(), mutate(x, n, s, rng))).collect()),
        other => other.clone(),
    }
}

async fn hostile_actions_are_refused_without_harm_in_every_game(backend: Backend) {
    let (state, _db) = state_on(&backend, "api").await;
    let app = router(state);
    let numbers = [
        json!(1e300),
        json!(-1e300),
        json!(0),
        json!(-1),
        json!(255),
        json!(65535),
        json!(4294967295u64),
        json!(1.5),
        json!(-0.0001),
    ];
    let strings = ["", "P9", "zz", "\u{0}", "a1-a5:ne", &"x".repeat(300)];
    let mut rng = Rng::new(99);
    for (game, seats) in [("essence", 2), ("ethia", 2), ("ethia-worlds", 1), ("ephemeral", 2)] {
        let seats: Vec<Value> = (0..seats).map(|_| json!({ "controller": "human" })).collect();
        let created = create(&app, json!({ "game": game, "seats": seats, "seed": 1 })).await;
        let id = created["id"].as_str().unwrap();
        let tokens: Vec<String> =
            created["seats"].as_array().unwrap().iter().map(|s| s["token"].as_str().unwrap().into()).collect();
        for round in 0..40 {
            let spectator = view(&app, id, None).await;
            if !spectator["outcome"].is_null() {
                break;
            }
            let seat = spectator["turn"]["seat"].as_u64().unwrap() as usize;
            let v = view(&app, id, Some(&tokens[seat])).await;
            let legal = v["legal"].as_array().unwrap().clone();
            for _ in 0..8 {
                let base = &legal[rng.below(legal.len())];
                let hostile =
                    mutate(base, &numbers[rng.below(numbers.len())], strings[rng.below(strings.len())], &mut rng);
                let len = view(&app, id, None).await["len"].clone();
                let (status, answer) = act(&app, id, &tokens[seat], &hostile).await;
                assert_ne!(status, StatusCode::INTERNAL_SERVER_ERROR, "{game}: {hostile} broke the rules: {answer}");
                if status != StatusCode::OK {
                    assert_eq!(view(&app, id, None).await["len"], len, "{game}: a refused action changed the match");
                    assert!(answer["error"].is_string());
                }
                if status == StatusCode::OK {
                    break;
                }
            }
            // Then a real move, to get somewhere.
            let v = view(&app, id, Some(&tokens[seat])).await;
            if v["your_turn"] == json!(true) {
                let legal = v["legal"].as_array().unwrap();
                let (status, e) = act(&app, id, &tokens[seat], &legal[(round * 7) % legal.len()]).await;
                assert_eq!(status, StatusCode::OK, "{e}");
            }
        }
    }
}
