//! The warband builder's API end to end, through the router: the bestiary,
//! items, alignments, play modes and Table 1; the shipped warbands; live
//! checks (totals per entry and overall, every violation placed on its entry,
//! field and item, files that are not warbands, arbitrary bodies, the size
//! limits); printable sheets; and creature cards imported and sent back
//! with a warband.

#![allow(clippy::unwrap_used, clippy::panic)]

use crate::common::*;
use arbiter_server::router;
use axum::http::StatusCode;
use serde_json::{Value, json};

async fn validate(app: &axum::Router, body: Value) -> Value {
    let (status, v) = call(app, "POST", "/api/p2v/validate", Some(body)).await;
    assert_eq!(status, StatusCode::OK, "{v}");
    v
}

async fn shipped(app: &axum::Router, id: &str) -> Value {
    let (status, v) = call(app, "GET", &format!("/api/p2v/warbands/{id}"), None).await;
    assert_eq!(status, StatusCode::OK, "{v}");
    v["file"].clone()
}

/// (rule, entry, field, item) of each problem, in order.
fn placed(v: &Value) -> Vec<(String, Value, Value, Value)> {
    v["problems"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| (p["rule"].as_str().unwrap().to_string(), p["entry"].clone(), p["field"].clone(), p["item"].clone()))
        .collect()
}

fn rules(v: &Value) -> Vec<String> {
    placed(v).into_iter().map(|p| p.0).collect()
}

#[tokio::test]
async fn the_bestiary_has_the_creatures_items_alignments_modes_and_table_1() {
    let app = router(memory_state().await);
    let (status, v) = call(&app, "GET", "/api/p2v/bestiary", None).await;
    assert_eq!(status, StatusCode::OK, "{v}");
    assert_eq!(v["rules"], "Path 2 Victory v1.3");
    let creatures = v["creatures"].as_array().unwrap();
    assert_eq!(creatures.len(), 41);
    let kobold = creatures.iter().find(|c| c["name"] == "Kobold Warrior").unwrap();
    assert_eq!(
        (kobold["level"].as_i64(), kobold["points"].as_u64(), kobold["upgrade_cost"].as_u64()),
        (Some(-1), Some(9), Some(2))
    );
    assert_eq!(
        (kobold["alignment"].as_str(), kobold["alignment_symbol"].as_str(), kobold["size"].as_str()),
        (Some("lawful-evil"), Some("✊"), Some("Small"))
    );
    assert_eq!(kobold["upgrades"], json!(["Sling"]));
    assert_eq!(kobold["source"], "starter");
    assert!(kobold.get("file").is_none(), "starter cards travel by name");
    let stats = &kobold["stats"];
    assert!(
        stats["hp"].as_i64().unwrap() > 0 && stats["armor"].as_i64().unwrap() > 0 && stats["speed"].as_i64().is_some()
    );
    let sling = kobold["features"].as_array().unwrap().iter().find(|f| f["name"] == "Sling").unwrap();
    assert_eq!((sling["symbol"].as_str(), sling["upgrade"].as_bool()), (Some("●○"), Some(true)));
    assert!(sling["top"].as_str().unwrap().starts_with("●○ Ranged"), "{sling}");
    let oni = creatures.iter().find(|c| c["name"] == "Caldera Oni").unwrap();
    assert_eq!((oni["level"].as_i64(), oni["points"].as_u64()), (Some(14), Some(192)));
    assert!(oni["caster_rank"].as_u64().is_some());

    let items = v["items"].as_array().unwrap();
    let potion = items.iter().find(|i| i["name"] == "Healing Potion (minor)").unwrap();
    assert_eq!((potion["kind"].as_str(), potion["level"].as_i64()), (Some("consumable"), Some(1)));
    let false_object = items.iter().find(|i| i["name"] == "False Object").unwrap();
    assert_eq!((false_object["kind"].as_str(), false_object["level"].clone()), (Some("positioning"), Value::Null));
    assert!(items.iter().any(|i| i["choice"].is_string()), "some items take a choice");

    let alignments = v["alignments"].as_array().unwrap();
    assert_eq!(alignments.len(), 9);
    let le = alignments.iter().find(|a| a["key"] == "lawful-evil").unwrap();
    assert_eq!(le["recruits"], json!(["lawful-neutral", "true-neutral", "lawful-evil", "neutral-evil"]));
    assert_eq!(
        (le["row"].as_u64(), le["column"].as_u64(), le["abbreviation"].as_str()),
        (Some(2), Some(0), Some("LE"))
    );

    let modes = v["modes"].as_array().unwrap();
    assert_eq!(modes.len(), 5);
    let limited = modes.iter().find(|m| m["key"] == "balanced-limited").unwrap();
    assert_eq!(
        (limited["alignment_rule"].as_bool(), limited["requires_limit"].as_bool(), limited["half_rule"].as_bool()),
        (Some(true), Some(true), Some(true))
    );
    let random = modes.iter().find(|m| m["key"] == "random-box").unwrap();
    assert_eq!(random["default_limit"], 200);
    let narrative = modes.iter().find(|m| m["key"] == "narrative").unwrap();
    assert_eq!(narrative["half_rule"], false);

    let table = v["table"].as_array().unwrap();
    assert_eq!(table.len(), 16);
    assert_eq!(table[0], json!({ "level": -1, "cost": 9, "upgrade_cost": 2 }));
    assert_eq!(table[15], json!({ "level": 14, "cost": 192, "upgrade_cost": 32 }));
    assert_eq!(v["actions"].as_array().unwrap().len(), 6);
    assert_eq!((v["limits"]["max_hero_points"].as_u64(), v["limits"]["max_count"].as_u64()), (Some(3), Some(99)));
}

#[tokio::test]
async fn the_shipped_warbands_come_as_editable_files() {
    let app = router(memory_state().await);
    let (status, v) = call(&app, "GET", "/api/p2v/warbands", None).await;
    assert_eq!(status, StatusCode::OK, "{v}");
    let all = v.as_array().unwrap();
    let ids: Vec<&str> = all.iter().map(|w| w["id"].as_str().unwrap()).collect();
    assert_eq!(
        ids,
        [
            "kobold-ambush",
            "thornwood-raiders",
            "beasts-of-the-vale",
            "oni-tyrant",
            "old-wood-brawlers",
            "briar-skirmishers",
            "scuttling-horde",
            "soothsayers-circle"
        ]
    );
    for w in all {
        let checked = validate(&app, json!({ "warband": w["file"] })).await;
        assert_eq!(checked["ok"], true, "{checked}");
        assert_eq!(checked["total"], w["total"]);
        assert_eq!(checked["creatures"], w["creatures"]);
    }
    let (status, one) = call(&app, "GET", "/api/p2v/warbands/Kobold-Ambush", None).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(
        (one["name"].as_str(), one["mode"].as_str(), one["alignment"].as_str()),
        (Some("Kobold Ambush"), Some("balanced-limited"), Some("lawful-evil"))
    );
    assert_eq!(
        (one["limit"].as_u64(), one["total"].as_u64(), one["creatures"].as_u64()),
        (Some(100), Some(98), Some(7))
    );
    assert_eq!(one["file"]["entry"][0], json!({ "creature": "Kobold Warrior", "count": 4, "upgrades": ["Sling"] }));
    let (status, none) = call(&app, "GET", "/api/p2v/warbands/nope", None).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    assert!(none["message"].as_str().unwrap().contains("kobold-ambush"));
}

#[tokio::test]
async fn a_legal_warband_gets_its_totals_per_entry_and_the_half_limit() {
    let app = router(memory_state().await);
    let v = validate(&app, json!({ "warband": shipped(&app, "kobold-ambush").await })).await;
    assert_eq!(v["ok"], true, "{v}");
    assert_eq!(
        (v["mode"].as_str(), v["mode_name"].as_str()),
        (Some("balanced-limited"), Some("Balanced, Limited Play"))
    );
    assert_eq!((v["limit"].as_u64(), v["half"].as_u64(), v["total"].as_u64()), (Some(100), Some(50), Some(98)));
    let totals: Vec<(u64, u64, u64, u64)> = v["entries"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| {
            (
                e["count"].as_u64().unwrap(),
                e["extras"].as_u64().unwrap(),
                e["unit_cost"].as_u64().unwrap(),
                e["total"].as_u64().unwrap(),
            )
        })
        .collect();
    assert_eq!(totals, [(4, 1, 11, 44), (2, 1, 11, 22), (1, 0, 32, 32)]);
    assert_eq!(v["entries"][2]["card"], "Basilisk");
    assert_eq!(v["problems"], json!([]));

    // Narrative play has no half rule: the oni may cost 192 of 300.
    let oni = validate(&app, json!({ "warband": shipped(&app, "oni-tyrant").await })).await;
    assert_eq!((oni["ok"].as_bool(), oni["half"].clone(), oni["total"].as_u64()), (Some(true), Value::Null, Some(258)));
    // Random Box Recruitment defaults to 200 points.
    let boxed = validate(
        &app,
        json!({ "warband": { "name": "Box", "mode": "random-box", "entries": [{ "creature": "Boar" }] } }),
    )
    .await;
    assert_eq!(
        (boxed["ok"].as_bool(), boxed["limit"].as_u64(), boxed["half"].as_u64()),
        (Some(true), Some(200), Some(100))
    );
    // The text of a file is read too, and comes back as the file's JSON.
    let toml = "name = \"Pack\"\npoints = 40\n\n[[entry]]\ncreature = \"boar\"\ncount = 2\n";
    let v = validate(&app, json!({ "warband": toml })).await;
    assert_eq!((v["ok"].as_bool(), v["total"].as_u64()), (Some(true), Some(36)), "{v}");
    assert_eq!(v["file"]["entry"][0], json!({ "creature": "boar", "count": 2 }));
    assert_eq!(v["entries"][0]["card"], "Boar");
}

#[tokio::test]
async fn every_violation_is_placed_on_its_entry_field_and_item() {
    let app = router(memory_state().await);
    // The kobold ambush, broken in many ways at once. Its first two entries are
    // both unnamed Kobold Warriors: the crate names them alike, the API tells them apart.
    let mut w = shipped(&app, "kobold-ambush").await;
    w["entry"][1]["hero_points"] = json!(5);
    w["entry"][0]["upgrades"] = json!(["Sling", "False Object", "sling", "Wings"]);
    w["entry"][0]["items"] = json!(["Healing Potion (minor)", "Howdah", "Fiery Weapon (Spear)"]);
    w["entry"].as_array_mut().unwrap().push(json!({ "creature": "Harpy", "name": "Skreech" }));
    w["entry"].as_array_mut().unwrap().push(json!({ "creature": "Gryphon" }));
    w["entry"].as_array_mut().unwrap().push(json!({ "creature": "Boar", "count": 0 }));
    let v = validate(&app, json!({ "warband": w })).await;
    assert_eq!(v["ok"], false);
    let got = placed(&v);
    for expected in [
        ("p2v.warband.upgrade", json!(0), json!("upgrades"), json!(2)), // "sling" again
        ("p2v.warband.upgrade", json!(0), json!("upgrades"), json!(3)), // no such upgrade
        ("p2v.warband.item-level", json!(0), json!("items"), json!(0)), // a level 1 potion on a level −1 kobold
        ("p2v.warband.item-level", json!(0), json!("items"), json!(1)),
        ("p2v.warband.item-user", json!(0), json!("items"), json!(1)), // a howdah on a small kobold
        ("p2v.warband.item-level", json!(0), json!("items"), json!(2)),
        ("p2v.warband.hero-points", json!(1), json!("hero_points"), Value::Null),
        ("p2v.warband.alignment", json!(3), json!("creature"), Value::Null),
        ("p2v.warband.creature", json!(4), json!("creature"), Value::Null),
        ("p2v.warband.count", json!(5), json!("count"), Value::Null),
        ("p2v.warband.points", Value::Null, json!("total"), Value::Null),
    ] {
        let expected = (expected.0.to_string(), expected.1, expected.2, expected.3);
        assert!(got.contains(&expected), "{expected:?} not in {got:#?}");
    }
    assert_eq!(got.len(), 11, "{got:#?}");
    // Each problem has its section and the line the CLI prints.
    let harpy = v["problems"].as_array().unwrap().iter().find(|p| p["entry"] == 3).unwrap();
    assert_eq!(harpy["section"], "BUILDING A WARBAND: Alignments");
    assert!(
        harpy["text"].as_str().unwrap().starts_with("Skreech (Harpy): is Chaotic Evil; a Lawful Evil warband"),
        "{harpy}"
    );
    // The totals count what the rules count: the known upgrades and items,
    // hero points up to three, and the total the points problem names.
    let e0 = &v["entries"][0];
    assert_eq!((e0["extras"].as_u64(), e0["unit_cost"].as_u64(), e0["total"].as_u64()), (Some(5), Some(19), Some(76)));
    assert_eq!((v["entries"][1]["unit_cost"].as_u64(), v["entries"][1]["ok"].as_bool()), (Some(15), Some(false)));
    assert_eq!((v["entries"][4]["card"].clone(), v["entries"][4]["total"].as_u64()), (Value::Null, Some(0)));
    assert_eq!(v["entries"][2]["ok"], true);
    let total = v["total"].as_u64().unwrap();
    assert_eq!(total, 76 + 30 + 32 + 32);
    let points = v["problems"].as_array().unwrap().iter().find(|p| p["rule"] == "p2v.warband.points").unwrap();
    assert_eq!(points["message"], format!("the warband costs {total} points; the limit is 100"));

    // The same problem on both unnamed kobold entries: the same line, two places.
    let mut w = shipped(&app, "kobold-ambush").await;
    w["entry"][0]["hero_points"] = json!(5);
    w["entry"][1]["hero_points"] = json!(5);
    let v = validate(&app, json!({ "warband": w })).await;
    let heroes: Vec<&Value> =
        v["problems"].as_array().unwrap().iter().filter(|p| p["rule"] == "p2v.warband.hero-points").collect();
    assert_eq!(heroes.len(), 2, "{v}");
    assert_eq!(heroes[0]["text"], heroes[1]["text"]);
    assert_eq!((heroes[0]["entry"].as_u64(), heroes[1]["entry"].as_u64()), (Some(0), Some(1)));
    assert_eq!((v["entries"][0]["ok"].as_bool(), v["entries"][1]["ok"].as_bool()), (Some(false), Some(false)));
    assert_eq!((v["entries"][0]["unit_cost"].as_u64(), v["entries"][1]["unit_cost"].as_u64()), (Some(17), Some(15)));

    // The warband's own problems, each on its key.
    let v = validate(
        &app,
        json!({ "warband": { "name": " ", "description": "d".repeat(501), "mode": "balanced-limited", "entries": [] } }),
    )
    .await;
    assert_eq!(
        placed(&v),
        [
            ("p2v.warband.name".to_string(), Value::Null, json!("name"), Value::Null),
            ("p2v.warband.too-long".to_string(), Value::Null, json!("description"), Value::Null),
            ("p2v.warband.limit".to_string(), Value::Null, json!("points"), Value::Null),
            ("p2v.warband.alignment".to_string(), Value::Null, json!("alignment"), Value::Null),
            ("p2v.warband.empty".to_string(), Value::Null, json!("entries"), Value::Null),
        ]
    );

    // The half rule judges one copy's whole cost: the Caldera Oni in 220 points.
    let v = validate(
        &app,
        json!({ "warband": { "name": "Big", "points": 220, "entries": [{ "creature": "Boar" }, { "creature": "Caldera Oni" }] } }),
    )
    .await;
    assert_eq!(placed(&v), [("p2v.warband.half".to_string(), json!(1), json!("cost"), Value::Null)]);
    assert_eq!((v["half"].as_u64(), v["entries"][1]["unit_cost"].as_u64()), (Some(110), Some(192)));
    assert_eq!(v["problems"][0]["section"], "BUILDING A WARBAND: Single most expensive creature");
}

#[tokio::test]
async fn files_that_are_not_warbands_and_arbitrary_bodies_never_break_it() {
    let app = router(memory_state().await);
    let v = validate(&app, json!({ "warband": "name = \"X\"\npoints = [\n" })).await;
    assert_eq!((v["ok"].as_bool(), rules(&v)), (Some(false), vec!["file.parse".to_string()]));
    assert!(v["problems"][0]["message"].as_str().unwrap().starts_with("line "), "{v}");
    assert_eq!(v["file"], Value::Null);
    for warband in [
        json!(null),
        json!(12),
        json!([{ "creature": "Boar" }]),
        json!({ "name": "x", "entries": [{ "creature": "Boar", "count": "two" }] }),
        json!({ "name": "x", "colour": "red" }),
        json!({ "name": "x", "mode": "chess" }),
        json!({ "name": "x", "alignment": "lawful awesome" }),
        json!({ "name": "x", "points": 1e300 }),
    ] {
        let v = validate(&app, json!({ "warband": warband.clone() })).await;
        assert_eq!(v["ok"], false, "{warband}: {v}");
        assert_eq!(rules(&v), ["file.parse"], "{warband}");
    }
    // Extreme numbers are violations, not failures.
    let v = validate(
        &app,
        json!({ "warband": { "name": "x", "points": i64::MAX, "entries": [
            { "creature": "Boar", "count": i64::MIN, "hero_points": i64::MAX, "items": vec!["Howdah"; 30] }
        ] } }),
    )
    .await;
    assert_eq!(v["ok"], false);
    assert!(
        rules(&v).contains(&"p2v.warband.limit".to_string()) && rules(&v).contains(&"p2v.warband.count".to_string())
    );
    // Bodies of the wrong shape: 400; too large: 413.
    for body in [&b"not json"[..], b"{}", b"{\"warband\": {}, \"cards\": 3}", b"[]"] {
        let (status, v) = raw(&app, "POST", "/api/p2v/validate", body.to_vec()).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{v}");
    }
    let huge = json!({ "warband": { "name": "x".repeat(1_100_000) } });
    let (status, v) = call(&app, "POST", "/api/p2v/validate", Some(huge)).await;
    assert_eq!(status, StatusCode::PAYLOAD_TOO_LARGE, "{v}");
    // Over the API's usual 64 KiB, a warband with imported cards is still read.
    let long = json!({ "warband": { "name": "x", "description": "d".repeat(100_000), "points": 50, "entries": [{ "creature": "Boar" }] } });
    let v = validate(&app, long).await;
    assert_eq!(rules(&v), ["p2v.warband.too-long"]);
    // Random JSON shapes, as the warband and as cards, and random bytes never reach a 500.
    let mut rng = Rng::new(11);
    for _ in 0..300 {
        let warband = random_json(&mut rng, 3);
        let cards: Vec<Value> = (0..rng.below(3)).map(|_| random_json(&mut rng, 3)).collect();
        let body = json!({ "warband": warband, "cards": cards });
        let (status, v) = call(&app, "POST", "/api/p2v/validate", Some(body.clone())).await;
        assert_eq!(status, StatusCode::OK, "{body}: {v}");
        let (status, v) = call(&app, "POST", "/api/p2v/sheet", Some(body.clone())).await;
        assert!(status == StatusCode::OK || status == StatusCode::UNPROCESSABLE_ENTITY, "{body}: {v}");
        let (status, v) =
            call(&app, "POST", "/api/p2v/import", Some(json!({ "cards": random_json(&mut rng, 3) }))).await;
        assert_eq!(status, StatusCode::OK, "{v}");
        let bytes: Vec<u8> = (0..rng.below(40)).map(|_| rng.below(256) as u8).collect();
        for route in ["/api/p2v/validate", "/api/p2v/sheet", "/api/p2v/import"] {
            let (status, _) = raw(&app, "POST", route, bytes.clone()).await;
            assert!(status == StatusCode::BAD_REQUEST || status == StatusCode::OK, "{route}: {status}");
        }
    }
}

/// A random JSON value shaped a little like a warband or a card.
fn random_json(rng: &mut Rng, depth: usize) -> Value {
    let keys = [
        "name",
        "entry",
        "entries",
        "creature",
        "count",
        "upgrades",
        "items",
        "hero_points",
        "mode",
        "alignment",
        "points",
        "level",
        "size",
        "stats",
        "features",
        "hp",
        "speed",
        "creatures",
        "commander",
        "starts_with",
    ];
    let words =
        ["Boar", "Kobold Warrior", "Sling", "Howdah", "", "narrative", "lawful evil", "✊", "Caldera Oni", "Medium"];
    crate::common::random_json(rng, depth, &keys, &words)
}

#[tokio::test]
async fn a_legal_warband_prints_as_sheets() {
    let app = router(memory_state().await);
    let mut w = shipped(&app, "thornwood-raiders").await;
    let (status, html) = call(&app, "POST", "/api/p2v/sheet", Some(json!({ "warband": w.clone() }))).await;
    assert_eq!(status, StatusCode::OK);
    let html = html.as_str().unwrap();
    assert!(html.starts_with("<!DOCTYPE html>"));
    for needle in ["Thornwood Raiders", "Skreech", "Forest Troll", "Healing Potion (minor)", "@media print", "148/150"]
    {
        assert!(html.contains(needle), "{needle}");
    }
    // Names are escaped.
    w["entry"][0]["name"] = json!("<script>alert(1)</script>");
    let (_, html) = call(&app, "POST", "/api/p2v/sheet", Some(json!({ "warband": w.clone() }))).await;
    let html = html.as_str().unwrap();
    assert!(!html.contains("<script>") && html.contains("&lt;script&gt;"));
    // An illegal warband gets every problem instead.
    w["points"] = json!(100);
    let (status, v) = call(&app, "POST", "/api/p2v/sheet", Some(json!({ "warband": w }))).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{v}");
    assert_eq!(v["error"], "invalid");
    let message = v["message"].as_str().unwrap();
    assert!(message.starts_with("the warband is not legal for Balanced, Limited Play (1 problem)"), "{message}");
    assert!(message.contains("the warband costs 148 points; the limit is 100"), "{message}");
}

/// A commander and its pet in the public card JSON format, the commander
/// printing a level 2 creature's points as 20 (Table 1 says 18).
fn herders() -> Value {
    json!({ "creatures": [
        { "name": "Halfling Herder", "tagline": "Small Halfling Humanoid 2", "alignment_symbol": "✿", "points": 20,
          "stats": { "Fight": "+7", "Armor": "16", "Power": "16", "Fort": "+5", "Reflex": "+8", "Will": "+6", "HP": "30", "Speed": "5" },
          "features": [
            { "name": "Commander", "top": "", "text": "Capybaras. Starts with 2 Capybara Pets." },
            { "name": "Crook", "top": "● Melee strike", "text": "6 bludgeoning damage." },
            { "name": "Whistle [upgrade]", "top": "○", "uses": "🄴", "text": "A pet moves." }
          ] },
        { "name": "Capybara Pet", "level": 0, "size": "Small", "traits": ["Animal"], "alignment_symbol": "⚖",
          "stats": { "Fight": 4, "Armor": 14, "Power": 12, "Fort": 5, "Reflex": 4, "Will": 2, "HP": 15, "Speed": "5 ≋" },
          "features": [{ "name": "Bite", "top": "● Melee strike", "text": "4 piercing damage." }] }
    ] })
}

#[tokio::test]
async fn imported_cards_join_the_bestiary_of_a_warband() {
    let app = router(memory_state().await);
    let (status, v) = call(&app, "POST", "/api/p2v/import", Some(json!({ "cards": herders() }))).await;
    assert_eq!(status, StatusCode::OK, "{v}");
    assert_eq!(v["ok"], true, "{v}");
    let cards = v["cards"].as_array().unwrap();
    assert_eq!(cards.len(), 2);
    let herder = &cards[0];
    assert_eq!(
        (herder["level"].as_i64(), herder["points"].as_u64(), herder["source"].as_str()),
        (Some(2), Some(18), Some("imported"))
    );
    assert_eq!(herder["commander"]["starts_with"], json!([{ "creature": "Capybara Pet", "count": 2 }]));
    assert_eq!(herder["upgrades"], json!(["Whistle"]));
    assert_eq!(cards[1]["stats"]["movement"], "Aquatic");
    assert_eq!(v["warnings"].as_array().unwrap().len(), 1, "{v}");
    assert!(v["warnings"][0]["message"].as_str().unwrap().contains("20"), "{v}");
    // The same file as text reads the same.
    let (_, again) = call(&app, "POST", "/api/p2v/import", Some(json!({ "cards": herders().to_string() }))).await;
    assert_eq!(again["cards"], v["cards"]);

    // A warband with the commander: its two pets join free, once per copy.
    let files: Vec<Value> = cards.iter().map(|c| c["file"].clone()).collect();
    let warband = json!({ "name": "Herd", "mode": "balanced-limited", "alignment": "NG", "points": 60,
        "entries": [{ "creature": "Halfling Herder", "count": 2, "upgrades": ["Whistle"] }] });
    let v = validate(&app, json!({ "warband": warband.clone(), "cards": files.clone() })).await;
    assert_eq!(v["ok"], true, "{v}");
    assert_eq!((v["total"].as_u64(), v["creatures"].as_u64()), (Some(2 * (18 + 3)), Some(6)));
    assert_eq!(v["entries"][0]["free"], json!([{ "creature": "Capybara Pet", "count": 4 }]));
    let (status, html) =
        call(&app, "POST", "/api/p2v/sheet", Some(json!({ "warband": warband.clone(), "cards": files.clone() }))).await;
    assert_eq!(status, StatusCode::OK);
    assert!(html.as_str().unwrap().contains("Capybara Pet") && html.as_str().unwrap().contains("Whistle"));
    // Without the cards, the server knows no herder.
    let v = validate(&app, json!({ "warband": warband.clone() })).await;
    assert_eq!(placed(&v), [("p2v.warband.creature".to_string(), json!(0), json!("creature"), Value::Null)]);
    // Without the pet, the commander's minion is missing.
    let v = validate(&app, json!({ "warband": warband.clone(), "cards": [files[0].clone()] })).await;
    assert_eq!(placed(&v), [("p2v.warband.minion".to_string(), json!(0), json!("creature"), Value::Null)]);
    // A card that cannot be read is a problem of its own, placed on the card.
    let mut broken = files.clone();
    broken[1]["level"] = json!(30);
    let v = validate(&app, json!({ "warband": warband.clone(), "cards": broken })).await;
    let got = placed(&v);
    assert_eq!(got[0], ("file.card".to_string(), Value::Null, json!("cards"), json!(1)), "{v}");
    assert!(v["problems"][0]["message"].as_str().unwrap().contains("level 30 is outside -1 to 14"), "{v}");
    // An imported card replaces the starter card of the same name.
    let mut boar = files[1].clone();
    boar["name"] = json!("Boar");
    let v = validate(
        &app,
        json!({ "warband": { "name": "b", "points": 24, "entries": [{ "creature": "Boar" }] }, "cards": [boar] }),
    )
    .await;
    assert_eq!(
        (v["ok"].as_bool(), v["entries"][0]["level"].as_i64(), v["total"].as_u64()),
        (Some(true), Some(0), Some(12))
    );

    // Unreadable cards: every one listed, nothing imported.
    let bad = json!([{ "name": "No Stats", "level": 1, "size": "Small", "alignment_symbol": "⚖" }, { "level": 1 }]);
    let (_, v) = call(&app, "POST", "/api/p2v/import", Some(json!({ "cards": bad }))).await;
    assert_eq!((v["ok"].as_bool(), v["cards"].as_array().unwrap().len()), (Some(false), 0));
    let texts: Vec<&str> = v["problems"].as_array().unwrap().iter().map(|p| p["text"].as_str().unwrap()).collect();
    assert_eq!(texts, ["card 1 (No Stats), stats: the card has no stats object", "card 2, name: the card has no name"]);
    let (_, v) = call(&app, "POST", "/api/p2v/import", Some(json!({ "cards": "{\n \"creatures\": [,]\n}" }))).await;
    assert!(v["problems"][0]["text"].as_str().unwrap().starts_with("line 2:"), "{v}");
    // Arbiter's TOML bestiary format is read too.
    let toml = "[[creature]]\nname = \"Mud Crab\"\nlevel = 1\nsize = \"small\"\nalignment = \"neutral\"\nstats = { fight = 5, armor = 15, power = 14, fort = 5, reflex = 3, will = 1, hp = 20, speed = 4 }\n";
    let (_, v) = call(&app, "POST", "/api/p2v/import", Some(json!({ "cards": toml }))).await;
    assert_eq!(
        (v["ok"].as_bool(), v["cards"][0]["name"].as_str(), v["cards"][0]["points"].as_u64()),
        (Some(true), Some("Mud Crab"), Some(14)),
        "{v}"
    );
    let (_, v) = call(&app, "POST", "/api/p2v/import", Some(json!({ "cards": "[[creature]]\nname = 3\n" }))).await;
    assert_eq!(v["ok"], false);
    assert!(v["problems"][0]["text"].as_str().unwrap().starts_with("line 2"), "{v}");
}
