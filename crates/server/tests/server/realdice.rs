//! Real dice (docs/api.md, "Real dice"): a match created with `dice: real`
//! asks each roll of the seat whose roll it is, checks the values against
//! the dice asked for, takes back the last roll entered, stores all of it on
//! both backends, and keeps a record that replays and says its dice were
//! real.

use crate::common::*;
use arbiter_core::{DiceMode, Record};
use arbiter_ethia::Ethia;
use arbiter_server::{AppState, router};
use axum::Router;
use axum::http::StatusCode;
use serde_json::{Value, json};

on_every_backend!(
    a_match_with_real_dice_asks_the_right_seat_checks_the_dice_and_undoes,
    real_dice_are_refused_where_chance_deals_secrets,
);

/// Two servers on one PostgreSQL database: a roll taken back and entered
/// again through one server reaches the other as its `undone` change
/// commits, so the other never keeps the roll taken back (the match's length
/// is the same before and after, only the roll differs).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn on_postgres_an_undo_through_one_server_reaches_the_other() {
    let Some(backend) = Backend::postgres() else {
        eprintln!("skipped: {POSTGRES_VAR} is not set");
        return;
    };
    let fresh = backend.fresh("realdice-two");
    let a = router(AppState::open(config(&fresh.url)).await.unwrap());
    let b = router(AppState::open(config(&fresh.url)).await.unwrap());
    let created = create(
        &a,
        json!({ "game": "ethia", "dice": "real", "seats": [{ "controller": "human" }, { "controller": "human" }] }),
    )
    .await;
    let id = created["id"].as_str().unwrap();
    let t = token(&created, 0);
    assert_eq!(view(&b, id, Some(&t)).await["len"], 0, "B loads the match");
    let last_roll = |v: &Value| v["recent"].as_array().and_then(|r| r.last()).map(|s| s["decision"].clone());
    let (status, _) = roll(&a, id, &t, json!([2, 5])).await;
    assert_eq!(status, StatusCode::OK);
    let start = std::time::Instant::now();
    while view(&b, id, Some(&t)).await["len"] != 1 {
        assert!(start.elapsed().as_secs() < 10, "B hears the roll");
        tokio::time::sleep(std::time::Duration::from_millis(10)).await;
    }
    let (status, _) = undo(&a, id, &t, 1).await;
    assert_eq!(status, StatusCode::OK);
    let (status, _) = roll(&a, id, &t, json!([5, 2])).await;
    assert_eq!(status, StatusCode::OK);
    let start = std::time::Instant::now();
    loop {
        let v = view(&b, id, Some(&t)).await;
        if v["len"] == 1 && last_roll(&v) == Some(json!({ "roll": [5, 2] })) {
            break;
        }
        assert!(start.elapsed().as_secs() < 10, "B follows the undo and the new roll: {}", v["recent"]);
        tokio::time::sleep(std::time::Duration::from_millis(10)).await;
    }
    // A's own change, heard back, leaves A as it is.
    tokio::time::sleep(std::time::Duration::from_millis(300)).await;
    let v = view(&a, id, Some(&t)).await;
    assert_eq!((v["len"].clone(), last_roll(&v)), (json!(1), Some(json!({ "roll": [5, 2] }))));
    // Both go on from the same match: the next decision is accepted by B.
    let next = view(&b, id, Some(&t)).await;
    assert_eq!(next["problem"], Value::Null);
}

/// Enters a roll for a token.
async fn roll(app: &Router, id: &str, token: &str, values: Value) -> (StatusCode, Value) {
    call(app, "POST", &format!("/api/matches/{id}/roll"), Some(json!({ "token": token, "values": values }))).await
}

/// Takes back the last roll for a token, having seen `len` decisions.
async fn undo(app: &Router, id: &str, token: &str, len: u64) -> (StatusCode, Value) {
    call(app, "POST", &format!("/api/matches/{id}/undo"), Some(json!({ "token": token, "len": len }))).await
}

/// The complete record (the game is live, but E'thia keeps no secrets).
async fn record(app: &Router, id: &str, token: &str) -> Value {
    let (status, v) = call(app, "GET", &format!("/api/matches/{id}/record?token={token}"), None).await;
    assert_eq!(status, StatusCode::OK, "{v}");
    v
}

/// Dice values that answer the view's `dice` ask, from `rng`, with no two
/// equal (so that a roll-off never ties).
fn values_for(ask: &Value, rng: &mut Rng) -> Value {
    let dice = ask["dice"].as_array().unwrap();
    let mut values = Vec::new();
    for (i, d) in dice.iter().enumerate() {
        let sides = d["sides"].as_u64().unwrap() as usize;
        let v = if dice.len() <= sides { (rng.below(sides) + i) % sides + 1 } else { rng.below(sides) + 1 };
        values.push(v);
    }
    if dice.len() > 1 && dice.len() <= 6 {
        // Distinct faces for roll-offs: shift duplicates.
        let sides = dice[0]["sides"].as_u64().unwrap() as usize;
        for i in 1..values.len() {
            while values[..i].contains(&values[i]) {
                values[i] = values[i] % sides + 1;
            }
        }
    }
    json!(values)
}

async fn a_match_with_real_dice_asks_the_right_seat_checks_the_dice_and_undoes(backend: Backend) {
    let db = backend.fresh("realdice");
    let state = AppState::open(config(&db.url)).await.unwrap();
    let app = router(state);
    let created = create(
        &app,
        json!({ "game": "ethia", "dice": "real",
                "seats": [{ "controller": "human", "name": "Ada" }, { "controller": "human", "name": "Bo" }] }),
    )
    .await;
    let id = created["id"].as_str().unwrap().to_string();
    let tokens = [token(&created, 0), token(&created, 1)];
    // No seed to commit to, and the server rolled nothing.
    assert_eq!(created["commitment"], Value::Null);
    let v = view(&app, &id, Some(&tokens[0])).await;
    assert_eq!(v["fairness"]["source"], "real");
    assert_eq!(v["fairness"]["commitment"], Value::Null);
    assert_eq!(v["dice_mode"], "real");
    assert_eq!(v["len"], 0);
    assert_eq!(v["turn"]["kind"], "chance");
    // The opening roll-off is no one seat's: either player may enter it.
    let ask = v["dice"].clone();
    assert_eq!(ask["seat"], Value::Null, "{ask}");
    assert_eq!(ask["entered_by"], json!([0, 1]));
    assert_eq!(ask["dice"].as_array().unwrap().len(), 2);
    assert!(ask["awaiting"].is_null() && v["awaiting"].as_str().unwrap().contains("enter"), "{}", v["awaiting"]);
    // A spectator sees the ask but may not answer it.
    let (status, _) = roll(&app, &id, "not-a-token", json!([6, 1])).await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    // Dice that do not answer the ask are refused with the rule and why.
    for bad in [json!([7, 1]), json!([0, 2]), json!([6]), json!([6, 1, 2])] {
        let (status, e) = roll(&app, &id, &tokens[0], bad.clone()).await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{bad}: {e}");
        assert_eq!(e["refusal"]["rule"], "core.chance.roll", "{bad}: {e}");
    }
    let (status, e) = roll(&app, &id, &tokens[0], json!([6, 300])).await;
    assert!(status.is_client_error(), "a value past a byte is bad input, not a panic: {e}");
    assert_eq!(view(&app, &id, None).await["len"], 0, "nothing refused was recorded");

    // Enter it, take it back, enter another.
    let (status, ok) = roll(&app, &id, &tokens[1], json!([2, 5])).await;
    assert_eq!(status, StatusCode::OK, "{ok}");
    assert_eq!(ok["steps"][0]["decision"], json!({ "roll": [2, 5] }));
    assert_eq!(ok["view"]["can_undo"], true);
    assert_eq!(view(&app, &id, Some(&tokens[0])).await["can_undo"], true, "a roll-off is anyone's to take back");
    assert_eq!(view(&app, &id, None).await["can_undo"], false, "spectators take nothing back");
    let (status, e) = undo(&app, &id, &tokens[1], 0).await;
    assert_eq!(status, StatusCode::CONFLICT, "a stale undo changes nothing: {e}");
    let (status, back) = undo(&app, &id, &tokens[1], 1).await;
    assert_eq!(status, StatusCode::OK, "{back}");
    assert_eq!(back["len"], 0);
    assert_eq!(back["can_undo"], false);
    assert_eq!(back["dice"]["entered_by"], json!([0, 1]));
    assert!(back["recent"].as_array().unwrap().is_empty(), "the step taken back is gone: {back}");
    let (status, e) = undo(&app, &id, &tokens[1], 0).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{e}");
    assert_eq!(e["refusal"]["rule"], "real-dice.undo.not-a-roll");
    assert_eq!(record(&app, &id, &tokens[0]).await["decisions"], json!([]));

    // Play on: every roll entered by the seat asked, every action the first
    // legal one, until the first roll that belongs to one seat.
    let mut rng = Rng::new(17);
    let mut checked_wrong_seat = false;
    let mut checked_undo_after_act = false;
    let mut last_was_act = false;
    let mut last_actor = None;
    let mut attacks = 0;
    for _ in 0..400 {
        let Some((seat, v)) = who_decides(&app, &id, &tokens).await else { break };
        let len = v["len"].as_u64().unwrap();
        if !v["dice"].is_null() {
            let ask = v["dice"].clone();
            if let Some(owner) = ask["seat"].as_u64() {
                assert_eq!(ask["entered_by"], json!([owner]), "a person's own roll is theirs alone: {ask}");
                if ask["purpose"].as_str().unwrap().contains(" attacks ") {
                    assert_eq!(Some(owner), last_actor, "the attacker rolls the attack: {ask}");
                    attacks += 1;
                }
                assert!(!ask["purpose"].as_str().unwrap().is_empty(), "the ask says what it is for: {ask}");
                if !checked_wrong_seat {
                    let other = &tokens[1 - owner as usize];
                    let (status, e) = roll(&app, &id, other, values_for(&ask, &mut rng)).await;
                    assert_eq!(status, StatusCode::CONFLICT, "{e}");
                    assert_eq!(e["error"], "not-your-turn");
                    assert_eq!(e["refusal"]["rule"], "core.turn.not-your-roll", "{e}");
                    checked_wrong_seat = true;
                }
            }
            if last_was_act && !checked_undo_after_act {
                // Before its dice are rolled, a seat may take back its own
                // action (with real dice), and nobody else's.
                let actor = last_actor.unwrap() as usize;
                let (status, e) = undo(&app, &id, &tokens[1 - actor], len).await;
                assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{e}");
                assert_eq!(e["refusal"]["rule"], "undo.not-yours");
                let (status, back) = undo(&app, &id, &tokens[actor], len).await;
                assert_eq!(status, StatusCode::OK, "{back}");
                assert_eq!(back["len"].as_u64().unwrap(), len - 1);
                assert!(back["dice"].is_null(), "the action taken back asks no dice: {back}");
                checked_undo_after_act = true;
                last_was_act = false;
                continue;
            }
            let (status, ok) = roll(&app, &id, &tokens[seat], values_for(&ask, &mut rng)).await;
            assert_eq!(status, StatusCode::OK, "{ask}: {ok}");
            last_was_act = false;
        } else {
            // A capture when there is one, else any action but ending the turn.
            let words: Vec<&str> = v["legal_text"].as_array().unwrap().iter().map(|w| w.as_str().unwrap()).collect();
            let captures: Vec<usize> = (0..words.len()).filter(|&i| words[i].contains('x')).collect();
            let others: Vec<usize> = (0..words.len()).filter(|&i| words[i] != "end").collect();
            let i = if !captures.is_empty() {
                captures[rng.below(captures.len())]
            } else if !others.is_empty() {
                others[rng.below(others.len())]
            } else {
                0
            };
            let action = v["legal"][i].clone();
            let (status, ok) = act(&app, &id, &tokens[seat], &action).await;
            assert_eq!(status, StatusCode::OK, "{ok}");
            last_was_act = true;
            last_actor = Some(seat as u64);
        }
        if checked_wrong_seat && checked_undo_after_act && attacks > 0 {
            break;
        }
    }
    assert!(checked_wrong_seat && checked_undo_after_act, "the game reached a seat's own roll after an action");
    assert!(attacks > 0, "an attack was rolled by its attacker");

    // Undo mid-game, then the record replays and says its dice were real.
    let (seat, v) = who_decides(&app, &id, &tokens).await.unwrap();
    if !v["dice"].is_null() {
        let (status, _) = roll(&app, &id, &tokens[seat], values_for(&v["dice"], &mut rng)).await;
        assert_eq!(status, StatusCode::OK);
        let len = view(&app, &id, None).await["len"].as_u64().unwrap();
        let (status, back) = undo(&app, &id, &tokens[seat], len).await;
        assert_eq!(status, StatusCode::OK, "{back}");
        assert_eq!(back["len"].as_u64().unwrap(), len - 1);
    }
    let rec = record(&app, &id, &tokens[0]).await;
    assert_eq!(rec["config"]["dice"], "manual");
    let len = view(&app, &id, None).await["len"].as_u64().unwrap();
    assert_eq!(rec["decisions"].as_array().unwrap().len() as u64, len);
    // The live record leaves out the seed (it rolls nothing here, but seeds
    // the bots); the core's reader wants one.
    let mut full = rec.clone();
    full["config"]["seed"] = json!(0);
    let core: Record<Ethia> = Record::from_json(&full.to_string()).unwrap();
    assert_eq!(core.config.dice, DiceMode::Manual);
    core.verify_seed().unwrap();

    // A restart on the same database: the same match, the same roll asked.
    let before = view(&app, &id, Some(&tokens[0])).await;
    drop(app);
    let app = router(AppState::open(config(&db.url)).await.unwrap());
    let after = view(&app, &id, Some(&tokens[0])).await;
    for key in ["len", "turn", "dice", "dice_mode", "fairness", "observation", "legal"] {
        assert_eq!(after[key], before[key], "{key} after a restart");
    }
    assert_eq!(record(&app, &id, &tokens[0]).await["decisions"], rec["decisions"]);
}

async fn real_dice_are_refused_where_chance_deals_secrets(backend: Backend) {
    let (state, _db) = state_on(&backend, "realdice-kuhn").await;
    let app = router(state);
    let (status, e) = call(
        &app,
        "POST",
        "/api/matches",
        Some(
            json!({ "game": "kuhn", "dice": "real", "seats": [{ "controller": "human" }, { "controller": "human" }] }),
        ),
    )
    .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{e}");
    assert_eq!(e["error"], "real-dice-not-allowed");
    let (status, e) = call(
        &app,
        "POST",
        "/api/matches",
        Some(json!({ "game": "ethia", "dice": "loaded", "seats": [{ "controller": "human" }, { "controller": "human" }] })),
    )
    .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{e}");
    // A match whose dice the server rolls takes no dice by hand, and undoes nothing.
    let created =
        create(&app, json!({ "game": "ethia", "seats": [{ "controller": "human" }, { "controller": "human" }] })).await;
    let id = created["id"].as_str().unwrap();
    let t = token(&created, 0);
    let v = view(&app, id, Some(&t)).await;
    assert_eq!(v["dice_mode"], "server");
    assert_eq!(v["dice"], Value::Null);
    let (status, e) = roll(&app, id, &t, json!([1, 2])).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{e}");
    assert_eq!(e["refusal"]["rule"], "real-dice.server-rolls");
    let (status, e) = undo(&app, id, &t, v["len"].as_u64().unwrap()).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{e}");
    assert_eq!(e["refusal"]["rule"], "real-dice.undo.server-rolls");
}
