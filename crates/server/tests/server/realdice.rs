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
    let (t, t1) = (token(&created, 0), token(&created, 1));
    assert_eq!(view(&b, id, Some(&t)).await["len"], 0, "B loads the match");
    let last_roll = |v: &Value| v["recent"].as_array().and_then(|r| r.last()).map(|s| s["decision"].clone());
    // Each seat's die of the roll-off: P2's through B, P1's through A,
    // which finds P2's in storage.
    let (status, _) = roll(&b, id, &t1, json!([5])).await;
    assert_eq!(status, StatusCode::OK);
    let (status, ok) = roll(&a, id, &t, json!([2])).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(ok["steps"][0]["decision"], json!({ "roll": [2, 5] }), "{ok}");
    let start = std::time::Instant::now();
    while view(&b, id, Some(&t)).await["len"] != 1 {
        assert!(start.elapsed().as_secs() < 10, "B hears the roll");
        tokio::time::sleep(std::time::Duration::from_millis(10)).await;
    }
    let (status, _) = undo(&a, id, &t, 1).await;
    assert_eq!(status, StatusCode::OK);
    let (status, _) = undo(&a, id, &t1, 0).await;
    assert_eq!(status, StatusCode::OK, "P2 takes back the die kept of the roll taken back");
    let (status, _) = roll(&a, id, &t1, json!([2])).await;
    assert_eq!(status, StatusCode::OK);
    let (status, _) = roll(&a, id, &t, json!([5])).await;
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

/// Enters a roll for a token: the dice of every part still missing that
/// its seat may enter.
async fn roll(app: &Router, id: &str, token: &str, values: Value) -> (StatusCode, Value) {
    call(app, "POST", &format!("/api/matches/{id}/roll"), Some(json!({ "token": token, "values": values }))).await
}

/// Enters one part of a roll for a token.
async fn roll_part(app: &Router, id: &str, token: &str, part: u64, values: Value) -> (StatusCode, Value) {
    let body = json!({ "token": token, "values": values, "part": part });
    call(app, "POST", &format!("/api/matches/{id}/roll"), Some(body)).await
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

/// Dice values, from `rng`, for the dice of the view's `dice` ask that
/// `seat` may enter now. A roll-off's dice are one a seat; each seat's
/// value is shifted by its die's index, so that ties are rare.
fn values_for(ask: &Value, seat: usize, rng: &mut Rng) -> Value {
    let dice = ask["dice"].as_array().unwrap();
    let values: Vec<usize> = dice_of_seat(ask, seat)
        .into_iter()
        .map(|i| {
            let sides = dice[i]["sides"].as_u64().unwrap() as usize;
            (rng.below(sides) + i) % sides + 1
        })
        .collect();
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
    // The opening roll-off is no one seat's as a whole: each player rolls
    // and enters their own die (ruling E17).
    let ask = v["dice"].clone();
    assert_eq!(ask["seat"], Value::Null, "{ask}");
    assert_eq!(ask["entered_by"], json!([0, 1]));
    assert_eq!(ask["dice"].as_array().unwrap().len(), 2);
    assert_eq!(
        ask["parts"],
        json!([{ "seat": 0, "entered_by": [0], "first": 0, "count": 1, "entered": null },
               { "seat": 1, "entered_by": [1], "first": 1, "count": 1, "entered": null }])
    );
    assert!(ask["awaiting"].is_null() && v["awaiting"].as_str().unwrap().contains("enter"), "{}", v["awaiting"]);
    // A spectator sees the ask but may not answer it.
    let (status, _) = roll(&app, &id, "not-a-token", json!([6, 1])).await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    // Dice that do not answer the ask are refused with the rule and why.
    for bad in [json!([7]), json!([0]), json!([]), json!([6, 1])] {
        let (status, e) = roll(&app, &id, &tokens[0], bad.clone()).await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{bad}: {e}");
        assert_eq!(e["refusal"]["rule"], "core.chance.roll", "{bad}: {e}");
    }
    let (status, e) = roll(&app, &id, &tokens[0], json!([300])).await;
    assert!(status.is_client_error(), "a value past a byte is bad input, not a panic: {e}");
    assert_eq!(view(&app, &id, None).await["len"], 0, "nothing refused was recorded");

    // Each seat enters its own die: Bo first. Bo's die is in, the roll
    // waits for Ada's; Bo may not enter Ada's die, nor his own twice.
    let (status, ok) = roll(&app, &id, &tokens[1], json!([5])).await;
    assert_eq!(status, StatusCode::OK, "{ok}");
    assert_eq!(ok["steps"], json!([]), "nothing is decided until every part is in");
    assert_eq!(ok["view"]["len"], 0);
    assert_eq!(ok["view"]["dice"]["parts"][1]["entered"], json!([5]));
    assert_eq!(ok["view"]["dice"]["entered_by"], json!([0]), "only Ada has dice to enter now");
    assert_eq!(ok["view"]["your_turn"], false);
    assert_eq!(ok["view"]["can_undo"], true, "Bo may take his die back until the roll is complete");
    let (status, e) = roll_part(&app, &id, &tokens[1], 0, json!([2])).await;
    assert_eq!(status, StatusCode::CONFLICT, "{e}");
    assert_eq!(e["refusal"]["rule"], "core.turn.not-your-roll", "{e}");
    assert!(e["refusal"]["reason"].as_str().unwrap().contains("P1's to enter, not P2's"), "{e}");
    let (status, e) = roll_part(&app, &id, &tokens[1], 1, json!([4])).await;
    assert_eq!(e["refusal"]["rule"], "real-dice.part.entered", "{status} {e}");
    let (status, e) = roll(&app, &id, &tokens[1], json!([4])).await;
    assert_eq!(e["refusal"]["rule"], "core.turn.not-your-roll", "{status} {e}");
    let (status, e) = roll_part(&app, &id, &tokens[0], 2, json!([4])).await;
    assert_eq!(e["refusal"]["rule"], "real-dice.part.unknown", "{status} {e}");
    let ada = view(&app, &id, Some(&tokens[0])).await;
    assert_eq!((ada["your_turn"].clone(), ada["can_undo"].clone()), (json!(true), json!(false)), "{ada}");
    assert!(ada["awaiting"].as_str().unwrap().contains("1d6 (P1)"), "{}", ada["awaiting"]);
    // Bo takes his die back and enters another; a restart keeps it.
    let (status, back) = undo(&app, &id, &tokens[1], 0).await;
    assert_eq!(status, StatusCode::OK, "{back}");
    assert_eq!(back["dice"]["parts"][1]["entered"], Value::Null);
    assert_eq!(back["can_undo"], false);
    let (status, _) = roll(&app, &id, &tokens[1], json!([5])).await;
    assert_eq!(status, StatusCode::OK);
    drop(app);
    let app = router(AppState::open(config(&db.url)).await.unwrap());
    let v = view(&app, &id, Some(&tokens[0])).await;
    assert_eq!(v["dice"]["parts"][1]["entered"], json!([5]), "a restart keeps the part entered");
    assert_eq!(v["len"], 0);
    // Ada's die completes the roll: one decision, in dice order.
    let (status, ok) = roll(&app, &id, &tokens[0], json!([2])).await;
    assert_eq!(status, StatusCode::OK, "{ok}");
    assert_eq!(ok["steps"][0]["decision"], json!({ "roll": [2, 5] }));
    assert_eq!(ok["view"]["can_undo"], true);
    assert_eq!(view(&app, &id, Some(&tokens[1])).await["can_undo"], true, "each roller may take the roll back");
    assert_eq!(view(&app, &id, None).await["can_undo"], false, "spectators take nothing back");
    let (status, e) = undo(&app, &id, &tokens[1], 0).await;
    assert_eq!(status, StatusCode::CONFLICT, "a stale undo changes nothing: {e}");
    let (status, back) = undo(&app, &id, &tokens[1], 1).await;
    assert_eq!(status, StatusCode::OK, "{back}");
    assert_eq!(back["len"], 0);
    assert_eq!(back["dice"]["entered_by"], json!([1]), "Bo's die is taken back, Ada's stays: {back}");
    assert_eq!(back["dice"]["parts"][0]["entered"], json!([2]));
    assert!(back["recent"].as_array().unwrap().is_empty(), "the step taken back is gone: {back}");
    let (status, back) = undo(&app, &id, &tokens[0], 0).await;
    assert_eq!(status, StatusCode::OK, "{back}");
    assert_eq!(back["dice"]["entered_by"], json!([0, 1]));
    assert_eq!(back["can_undo"], false);
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
    let mut app = app;
    for _ in 0..400 {
        let Some((seat, v)) = who_decides(&app, &id, &tokens).await else { break };
        let len = v["len"].as_u64().unwrap();
        if !v["dice"].is_null() {
            let ask = v["dice"].clone();
            let parts = ask["parts"].as_array().unwrap().clone();
            if let Some(owner) = ask["seat"].as_u64() {
                if parts.len() == 1 {
                    assert_eq!(ask["entered_by"], json!([owner]), "a person's own roll is theirs alone: {ask}");
                }
                if ask["purpose"].as_str().unwrap().contains(" attacks ")
                    && parts.iter().all(|p| p["entered"].is_null())
                {
                    assert_eq!(Some(owner), last_actor, "the attacker rolls the attack: {ask}");
                    the_defender_enters_their_own_die(&mut app, &db.url, &id, &tokens, &ask, len).await;
                    attacks += 1;
                    last_was_act = false;
                    continue;
                }
                assert!(!ask["purpose"].as_str().unwrap().is_empty(), "the ask says what it is for: {ask}");
                if !checked_wrong_seat {
                    let other = &tokens[1 - owner as usize];
                    let (status, e) = roll(&app, &id, other, json!([1])).await;
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
            let (status, ok) = roll(&app, &id, &tokens[seat], values_for(&ask, seat, &mut rng)).await;
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
    if !v["dice"].is_null() && v["dice"]["parts"].as_array().unwrap().len() == 1 {
        let (status, _) = roll(&app, &id, &tokens[seat], values_for(&v["dice"], seat, &mut rng)).await;
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

/// An E'thia attack roll at a real table (ruling E17): the attacker's dice
/// are the attacker's to enter, the defender's die the defender's; either
/// part may come first, the defender may take theirs back until the roll
/// is complete, a restart keeps it, and the roll is one decision, the
/// defender's die last, as with the server's dice.
async fn the_defender_enters_their_own_die(
    app: &mut Router,
    url: &str,
    id: &str,
    tokens: &[String; 2],
    ask: &Value,
    len: u64,
) {
    let parts = ask["parts"].as_array().unwrap();
    assert_eq!(parts.len(), 2, "{ask}");
    let attacker = parts[0]["seat"].as_u64().unwrap() as usize;
    let defender = parts[1]["seat"].as_u64().unwrap() as usize;
    assert_ne!(attacker, defender, "{ask}");
    let n = ask["dice"].as_array().unwrap().len() as u64;
    assert_eq!((parts[0]["count"].clone(), parts[1]["first"].clone()), (json!(n - 1), json!(n - 1)));
    assert_eq!(ask["dice"][n as usize - 1]["label"], "defender");
    assert_eq!(ask["entered_by"], json!([0, 1]), "both have dice to enter");
    // The attacker may not enter the defender's die, alone or with theirs.
    let (status, e) = roll_part(app, id, &tokens[attacker], 1, json!([6])).await;
    assert_eq!(status, StatusCode::CONFLICT, "{e}");
    assert_eq!(e["refusal"]["rule"], "core.turn.not-your-roll", "{e}");
    let mut all = vec![6; n as usize];
    all[0] = 5;
    let (status, e) = roll(app, id, &tokens[attacker], json!(all)).await;
    assert_eq!(e["refusal"]["rule"], "core.chance.roll", "{status} {e}");
    // The defender enters their die, takes it back, enters it again.
    let (status, ok) = roll(app, id, &tokens[defender], json!([2])).await;
    assert_eq!(status, StatusCode::OK, "{ok}");
    assert_eq!(ok["steps"], json!([]), "the attacker's dice are still to come");
    assert_eq!((ok["view"]["your_turn"].clone(), ok["view"]["can_undo"].clone()), (json!(false), json!(true)));
    let (status, e) = roll(app, id, &tokens[defender], json!([2])).await;
    assert_eq!(e["refusal"]["rule"], "core.turn.not-your-roll", "nothing left for the defender: {status} {e}");
    let (status, back) = undo(app, id, &tokens[defender], len).await;
    assert_eq!(status, StatusCode::OK, "{back}");
    assert_eq!((back["len"].as_u64(), back["dice"]["parts"][1]["entered"].clone()), (Some(len), Value::Null));
    let (status, _) = roll_part(app, id, &tokens[defender], 1, json!([3])).await;
    assert_eq!(status, StatusCode::OK);
    // A restart mid-roll keeps the defender's die.
    *app = router(AppState::open(config(url)).await.unwrap());
    let v = view(app, id, Some(&tokens[attacker])).await;
    assert_eq!(v["dice"]["parts"][1]["entered"], json!([3]), "{v}");
    assert_eq!((v["your_turn"].clone(), v["dice"]["entered_by"].clone()), (json!(true), json!([attacker])));
    assert!(v["awaiting"].as_str().unwrap().contains("(attacker)"), "{}", v["awaiting"]);
    // The attacker's dice complete it: one roll, the defender's die last.
    let mine: Vec<u64> = (0..n - 1).map(|i| 6 - i).collect();
    let (status, ok) = roll(app, id, &tokens[attacker], json!(mine)).await;
    assert_eq!(status, StatusCode::OK, "{ok}");
    let mut whole = mine.clone();
    whole.push(3);
    assert_eq!(ok["steps"][0]["decision"], json!({ "roll": whole }));
    assert_eq!(ok["view"]["len"].as_u64(), Some(len + 1));
    // The defender takes the complete roll back: the attacker's dice stay.
    let (status, back) = undo(app, id, &tokens[defender], len + 1).await;
    assert_eq!(status, StatusCode::OK, "{back}");
    assert_eq!(back["len"].as_u64(), Some(len));
    assert_eq!(back["dice"]["parts"][0]["entered"], json!(mine), "{back}");
    assert_eq!(back["dice"]["entered_by"], json!([defender]));
    let (status, ok) = roll(app, id, &tokens[defender], json!([3])).await;
    assert_eq!(status, StatusCode::OK, "{ok}");
    assert_eq!(ok["steps"][0]["decision"], json!({ "roll": whole }));
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
