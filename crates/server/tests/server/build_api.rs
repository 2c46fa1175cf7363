//! The figure-set builder's API end to end, through the router: the
//! catalogue and each edition's limits, the shipped sets, live checks (totals,
//! every violation placed on its figure and key, files that are not sets,
//! arbitrary bodies, the size limit), spec sheets, and playing a match with a
//! set built in the browser, inline in the variant.

#![allow(clippy::unwrap_used, clippy::panic)]

use crate::common::*;
use arbiter_server::router;
use axum::http::StatusCode;
use serde_json::{Value, json};

/// The rulebook's Mira and a scout: 43 points, legal in both editions.
fn mira() -> Value {
    json!({
        "name": "Mira and a friend",
        "figure": [
            { "name": "Mira", "class": "disruptor", "base_mm": 25, "hp": 6, "movement": 8, "force": 6, "range": 4,
              "abilities": [{ "id": "D4", "name": "Long Bow" }, { "id": "D2", "name": "Flaming Arrow" }] },
            { "name": "Tam", "class": "runner", "base_mm": 25.5, "hp": 3, "movement": 5, "force": 1, "range": 1,
              "abilities": ["R1"] }
        ]
    })
}

async fn validate(app: &axum::Router, body: Value) -> Value {
    let (status, v) = call(app, "POST", "/api/ephemeral/validate", Some(body)).await;
    assert_eq!(status, StatusCode::OK, "{v}");
    v
}

fn rules(v: &Value) -> Vec<String> {
    v["problems"].as_array().unwrap().iter().map(|p| p["rule"].as_str().unwrap().to_string()).collect()
}

#[tokio::test]
async fn the_catalogue_lists_every_ability_and_each_editions_limits() {
    let app = router(memory_state().await);
    let (status, v) = call(&app, "GET", "/api/ephemeral/catalogue", None).await;
    assert_eq!(status, StatusCode::OK, "{v}");
    assert_eq!(v["edition"]["id"], "v0.26");
    assert_eq!(v["abilities"].as_array().unwrap().len(), 48);
    assert_eq!(v["classes"].as_array().unwrap().len(), 4);
    assert_eq!((v["limits"]["max_figures"].as_u64(), v["limits"]["max_points"].as_u64()), (Some(4), Some(100)));
    assert_eq!(v["limits"]["base_rule"], "19–67 mm");
    let d4 = v["abilities"].as_array().unwrap().iter().find(|a| a["id"] == "D4").unwrap();
    assert_eq!(
        (d4["class"].as_str(), d4["points"].as_u64(), d4["type"].as_str()),
        (Some("disruptor"), Some(4), Some("attack"))
    );
    assert_eq!(d4["die"], "[D6]");
    assert!(d4["text"].as_str().unwrap().contains("10 cm"));
    let l10 = v["abilities"].as_array().unwrap().iter().find(|a| a["id"] == "L10").unwrap();
    assert_eq!(l10["start_prep_tokens"], 2);
    let leader = v["classes"].as_array().unwrap().iter().find(|c| c["id"] == "leader").unwrap();
    assert_eq!(
        (leader["base_spec_min"].as_u64(), leader["base_spec_max"].as_u64(), leader["actions"].as_u64()),
        (Some(20), Some(35), Some(2))
    );

    let (_, old) = call(&app, "GET", "/api/ephemeral/catalogue?edition=v0.20", None).await;
    assert_eq!(
        (old["edition"]["title"].as_str(), old["limits"]["max_figures"].as_u64()),
        (Some("Ephemeral Gate v0.20"), Some(6))
    );
    assert_eq!(old["limits"]["base_rule"], "at most 67 mm");
    let (status, bad) = call(&app, "GET", "/api/ephemeral/catalogue?edition=v0.99", None).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{bad}");
    assert!(bad["message"].as_str().unwrap().contains("v0.26 or v0.20"));
}

#[tokio::test]
async fn the_shipped_sets_come_as_editable_files() {
    let app = router(memory_state().await);
    let (status, v) = call(&app, "GET", "/api/ephemeral/sets", None).await;
    assert_eq!(status, StatusCode::OK, "{v}");
    let sets = v.as_array().unwrap();
    assert_eq!(sets.len(), arbiter_ephemeral::figure::shipped_sets().len(), "every shipped set");
    assert_eq!(sets.len(), 9, "the five original sets and the four ability-showcase sets");
    for s in sets {
        assert_eq!(s["points"], 100, "{}", s["id"]);
        assert_eq!(s["legal_in"], json!(["v0.26", "v0.20"]));
        // The file checks as it is.
        let checked = validate(&app, json!({ "set": s["file"] })).await;
        assert_eq!(checked["ok"], true, "{checked}");
    }
    let (status, one) = call(&app, "GET", "/api/ephemeral/sets/ember-court", None).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!((one["name"].as_str(), one["figures"].as_u64()), (Some("Ember Court"), Some(3)));
    assert_eq!(one["file"]["figure"][0]["abilities"][0], json!({ "id": "L12", "name": "Sovereign Flame" }));
    let (status, none) = call(&app, "GET", "/api/ephemeral/sets/nope", None).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    assert!(none["message"].as_str().unwrap().contains("ember-court"));
}

#[tokio::test]
async fn a_legal_set_gets_its_totals_per_figure() {
    let app = router(memory_state().await);
    let v = validate(&app, json!({ "edition": "v0.26", "set": mira() })).await;
    assert_eq!(v["ok"], true, "{v}");
    assert_eq!((v["points"].as_u64(), v["max_points"].as_u64()), (Some(43), Some(100)));
    assert_eq!(v["problems"], json!([]));
    let m = &v["figures"][0];
    assert_eq!(
        (m["base_spec_points"].as_i64(), m["ability_points"].as_u64(), m["points"].as_u64()),
        (Some(24), Some(7), Some(31))
    );
    assert_eq!(
        (m["movement_cm"].as_i64(), m["range_cm"].as_i64(), m["actions"].as_u64()),
        (Some(16), Some(20), Some(3))
    );
    assert_eq!(
        (m["base_spec_min"].as_u64(), m["base_spec_max"].as_u64(), m["ok"].as_bool()),
        (Some(10), Some(25), Some(true))
    );
    assert_eq!(v["figures"][1]["points"], 12);
    assert_eq!(v["file"]["figure"][1]["base_mm"], 25.5);
    // The edition comes from the set's file when the request names none.
    let mut old = mira();
    old["edition"] = json!("v0.20");
    assert_eq!(validate(&app, json!({ "set": old })).await["edition"]["id"], "v0.20");
}

#[tokio::test]
async fn every_violation_is_placed_on_its_figure_and_key() {
    let app = router(memory_state().await);
    // Too many points: Mira overbuilt (base 35 > 25, and the set over 100 with two copies).
    let mut set = mira();
    set["figure"][0]["hp"] = json!(17);
    for k in 2..4 {
        let mut f = set["figure"][0].clone();
        f["name"] = json!(format!("Mira {k}"));
        f["hp"] = json!(11); // 25 + 7 = 32 points each: fine alone, too many together
        f["force"] = json!(2);
        set["figure"].as_array_mut().unwrap().push(f);
    }
    let v = validate(&app, json!({ "edition": "v0.26", "set": set })).await;
    assert_eq!(v["ok"], false);
    assert_eq!(rules(&v), ["figure.base-spec", "set.points"], "{v}");
    let base = &v["problems"][0];
    assert_eq!((base["index"].as_u64(), base["field"].as_str()), (Some(0), Some("specs")));
    assert_eq!(base["text"], "Mira: Disruptor base spec points 35 exceed 25");
    let points = &v["problems"][1];
    assert_eq!((points["index"].clone(), points["field"].as_str()), (Value::Null, Some("points")));
    assert_eq!(v["points"], 42 + 12 + 32 + 32);
    assert_eq!(v["figures"][0]["ok"], false);
    assert_eq!(v["figures"][1]["ok"], true);

    // The same set under v0.20 reports the same; five figures are fine there, not in v0.26.
    let mut five = mira();
    for k in 0..3 {
        let mut f = five["figure"][1].clone();
        f["name"] = json!(format!("Scout {k}"));
        five["figure"].as_array_mut().unwrap().push(f);
    }
    assert_eq!(validate(&app, json!({ "edition": "v0.20", "set": five })).await["ok"], true);
    let v = validate(&app, json!({ "edition": "v0.26", "set": five })).await;
    assert_eq!(rules(&v), ["set.figure-count"]);
    assert_eq!(v["problems"][0]["field"], "figure");

    // Figure-level problems, each on its key.
    let mut set = mira();
    set["name"] = json!("");
    set["figure"][1]["name"] = json!("mira");
    set["figure"][1]["abilities"] = json!(["D1", "Q7"]);
    set["figure"][1]["base_mm"] = json!(12);
    set["figure"][0]["movement"] = json!(-2);
    let v = validate(&app, json!({ "set": set })).await;
    let placed: Vec<(String, Value, Value)> = v["problems"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| (p["rule"].as_str().unwrap().to_string(), p["index"].clone(), p["field"].clone()))
        .collect();
    for expected in [
        ("set.name", Value::Null, json!("name")),
        ("figure.negative-spec", json!(0), json!("movement")),
        ("figure.duplicate-name", json!(1), json!("name")),
        ("figure.base-diameter", json!(1), json!("base_mm")),
        ("figure.ability-class", json!(1), json!("abilities")),
        ("figure.unknown-ability", json!(1), json!("abilities")),
    ] {
        let expected = (expected.0.to_string(), expected.1, expected.2);
        assert!(placed.contains(&expected), "{expected:?} not in {placed:?}");
    }
}

#[tokio::test]
async fn files_that_are_not_sets_and_arbitrary_bodies_never_break_it() {
    let app = router(memory_state().await);
    // A file's text: TOML (with its line on error) or JSON.
    let toml = "name = \"Pair\"\n\n[[figure]]\nname = \"A\"\nclass = \"runner\"\nbase_mm = 25\nhp = 4\nmovement = 6\nforce = 3\nrange = 1\n\n[[figure]]\nname = \"B\"\nclass = \"runner\"\nbase_mm = 25\nhp = 4\nmovement = 6\nforce = 3\nrange = 1\nabilities = [\"r1\"]\n";
    let v = validate(&app, json!({ "set": toml })).await;
    assert_eq!((v["ok"].as_bool(), v["points"].as_u64()), (Some(true), Some(14 + 14 + 2)), "{v}");
    assert_eq!(v["file"]["figure"][1]["abilities"], json!(["r1"]));
    let v =
        validate(&app, json!({ "set": toml.replace("class = \"runner\"\nbase_mm", "class = \"wizard\"\nbase_mm") }))
            .await;
    assert_eq!((v["ok"].as_bool(), rules(&v)), (Some(false), vec!["file.parse".to_string()]));
    assert!(v["problems"][0]["message"].as_str().unwrap().starts_with("line 5: unknown class 'wizard'"), "{v}");
    assert_eq!(v["file"], Value::Null);
    let v = validate(&app, json!({ "set": mira().to_string() })).await;
    assert_eq!(v["ok"], true);
    // JSON that is not a set: one parse problem, never an error.
    for set in [
        json!(null),
        json!(12),
        json!([mira()]),
        json!({ "name": "x", "figure": [{ "name": "y", "class": "runner", "base_mm": "big" }] }),
        json!({ "name": "x", "figure": [{ "name": "y", "class": "runner", "base_mm": 1e300, "hp": 9_223_372_036_854_775_807_i64,
                 "movement": 9_223_372_036_854_775_807_i64, "force": -9_223_372_036_854_775_807_i64, "range": 0 }] }),
        json!({ "name": "x", "colour": "red" }),
        json!({ "figure": [{ "abilities": [{ "id": 4 }] }] }),
    ] {
        let v = validate(&app, json!({ "set": set.clone() })).await;
        assert_eq!(v["ok"], false, "{set}: {v}");
        assert!(!v["problems"].as_array().unwrap().is_empty());
    }
    // Bodies of the wrong shape: 400; an unknown edition: 400; too large: 413.
    for body in [&b"not json"[..], b"{}", b"{\"set\": {}, \"edition\": 3}", b"[]"] {
        let (status, v) = raw(&app, "POST", "/api/ephemeral/validate", body.to_vec()).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{v}");
    }
    let (status, _) =
        call(&app, "POST", "/api/ephemeral/validate", Some(json!({ "edition": "v3", "set": mira() }))).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    let huge = json!({ "set": { "name": "x".repeat(200_000) } });
    let (status, v) = call(&app, "POST", "/api/ephemeral/validate", Some(huge)).await;
    assert_eq!(status, StatusCode::PAYLOAD_TOO_LARGE, "{v}");
    // A long name is a violation, not a failure.
    let mut long = mira();
    long["figure"][0]["description"] = json!("d".repeat(600));
    let v = validate(&app, json!({ "set": long })).await;
    assert_eq!(rules(&v), ["text.too-long"]);
    assert_eq!(v["problems"][0]["field"], "description");
    // Random bytes and random JSON shapes never reach a 500.
    let mut rng = Rng::new(7);
    for _ in 0..300 {
        let body = random_json(&mut rng, 3);
        let (status, v) = call(&app, "POST", "/api/ephemeral/validate", Some(json!({ "set": body }))).await;
        assert_eq!(status, StatusCode::OK, "{v}");
        let bytes: Vec<u8> = (0..rng.below(40)).map(|_| rng.below(256) as u8).collect();
        let (status, _) = raw(&app, "POST", "/api/ephemeral/validate", bytes).await;
        assert!(status == StatusCode::BAD_REQUEST || status == StatusCode::OK, "{status}");
    }
}

/// A random JSON value shaped a little like a figure set.
fn random_json(rng: &mut Rng, depth: usize) -> Value {
    let keys = ["name", "figure", "class", "hp", "movement", "force", "range", "base_mm", "abilities", "id", "edition"];
    crate::common::random_json(rng, depth, &keys, &["runner", "leader", "D4", "", "v0.20", "wizard"])
}

#[tokio::test]
async fn a_legal_set_prints_as_spec_sheets() {
    let app = router(memory_state().await);
    let (status, html) =
        call(&app, "POST", "/api/ephemeral/sheet", Some(json!({ "edition": "v0.26", "set": mira() }))).await;
    assert_eq!(status, StatusCode::OK);
    let html = html.as_str().unwrap();
    assert!(html.starts_with("<!DOCTYPE html>"));
    for needle in ["Mira and a friend", "Long Bow", "Tam", "@media print", "43/100"] {
        assert!(html.contains(needle), "{needle}");
    }
    // Names are escaped.
    let mut set = mira();
    set["figure"][0]["name"] = json!("<script>alert(1)</script>");
    let (_, html) = call(&app, "POST", "/api/ephemeral/sheet", Some(json!({ "set": set }))).await;
    assert!(!html.as_str().unwrap().contains("<script>") && html.as_str().unwrap().contains("&lt;script&gt;"));
    // An illegal set gets every problem instead.
    let mut set = mira();
    set["figure"][0]["hp"] = json!(40);
    let (status, v) = call(&app, "POST", "/api/ephemeral/sheet", Some(json!({ "set": set }))).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{v}");
    assert_eq!(v["error"], "invalid");
    assert!(v["message"].as_str().unwrap().contains("Mira: Disruptor base spec points 58 exceed 25"), "{v}");
}

#[tokio::test]
async fn a_match_is_played_with_a_set_built_in_the_browser() {
    let app = router(memory_state().await);
    let (_, tide) = call(&app, "GET", "/api/ephemeral/sets/tide-wardens", None).await;
    let seats = json!([{ "controller": "human", "name": "Ada" }, { "controller": "random", "name": "AI" }]);
    let created = create(
        &app,
        json!({ "game": "ephemeral", "variant": { "edition": "v0.26", "sets": [mira(), tide["file"]] }, "seats": seats, "seed": 5 }),
    )
    .await;
    let id = created["id"].as_str().unwrap();
    let (status, record) = call(&app, "GET", &format!("/api/matches/{id}/record"), None).await;
    assert_eq!(status, StatusCode::OK, "{record}");
    let sets = &record["config"]["variant"]["sets"];
    assert_eq!((sets[0]["name"].as_str(), sets[1]["name"].as_str()), (Some("Mira and a friend"), Some("Tide Wardens")));
    assert_eq!(sets[0]["figure"][0]["abilities"][0], json!({ "id": "D4", "name": "Long Bow" }));
    let v = view(&app, id, Some(&token(&created, 0))).await;
    assert_eq!((v["game"].as_str(), v["problem"].clone()), (Some("ephemeral"), Value::Null));

    // A five-figure set is played under v0.20, whatever edition its file names.
    let mut five = mira();
    five["edition"] = json!("v0.26");
    for k in 0..3 {
        let mut f = five["figure"][1].clone();
        f["name"] = json!(format!("Scout {k}"));
        five["figure"].as_array_mut().unwrap().push(f);
    }
    create(&app, json!({ "game": "ephemeral", "variant": { "edition": "v0.20", "sets": [five.clone(), tide["file"]] }, "seats": seats })).await;
    // … and refused under v0.26, with the reason.
    let (status, v) = call(
        &app,
        "POST",
        "/api/matches",
        Some(json!({ "game": "ephemeral", "variant": { "edition": "v0.26", "sets": [five, tide["file"]] }, "seats": seats })),
    )
    .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{v}");
    let message = v["message"].as_str().unwrap();
    assert!(
        message.contains("P1's figure set \"Mira and a friend\" is not legal in Ephemeral Path v0.26")
            && message.contains("the set has 5 figures; v0.26 allows 2–4"),
        "{message}"
    );
    // An illegal P2 set is named as P2's.
    let mut over = mira();
    over["figure"][1]["hp"] = json!(50);
    let (status, v) = call(
        &app,
        "POST",
        "/api/matches",
        Some(json!({ "game": "ephemeral", "variant": { "sets": [tide["file"], over] }, "seats": seats })),
    )
    .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{v}");
    assert!(v["message"].as_str().unwrap().contains("P2's figure set"), "{v}");
    assert!(v["message"].as_str().unwrap().contains("Tam: Runner base spec points 57 exceed 25"), "{v}");
}

#[tokio::test]
async fn an_attacks_odds_and_best_dice_come_from_the_rules() {
    let app = router(memory_state().await);
    let (status, v) = call(&app, "GET", "/api/ephemeral/attack?force=6&dice=0,2,0,0,0", None).await;
    assert_eq!(status, StatusCode::OK, "{v}");
    // 2d6 at most 6: 15 of 36 sums; expected damage 2·1 + 3·2 + 4·3 + 5·4 + 6·5 = 70 over 36.
    assert!((v["hit"].as_f64().unwrap() - 15.0 / 36.0).abs() < 1e-9, "{v}");
    assert!((v["damage"].as_f64().unwrap() - 70.0 / 36.0).abs() < 1e-9, "{v}");
    let best = v["best"].as_array().unwrap();
    assert!(!best.is_empty() && best[0]["dice"].as_array().unwrap().len() == 5, "{v}");
    let d0 = best[0]["damage"].as_f64().unwrap();
    assert!(best.iter().all(|b| b["damage"].as_f64().unwrap() <= d0 + 1e-12), "best first: {v}");
    let (_, none) = call(&app, "GET", "/api/ephemeral/attack?force=6", None).await;
    assert_eq!((none["hit"].clone(), none["damage"].clone()), (json!(0.0), json!(0.0)));
    for bad in ["dice=1,2", "dice=a,0,0,0,0", "dice=13,0,0,0,0", "force=x"] {
        let (status, v) = call(&app, "GET", &format!("/api/ephemeral/attack?{bad}"), None).await;
        assert!(status.is_client_error(), "{bad}: {v}");
    }
}
