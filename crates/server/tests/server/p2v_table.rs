//! `POST /api/p2v/table` through the router: the board and the cards of a
//! variant, a state's look at its decisions, and the answers to bodies that
//! are not a variant or a state.

#![allow(clippy::unwrap_used, clippy::panic)]

use crate::common::*;
use arbiter_core::Game;
use arbiter_p2v::play::{P2v, Variant};
use arbiter_server::router;
use axum::http::StatusCode;
use serde_json::json;

#[tokio::test]
async fn the_table_view_draws_the_board_and_looks_at_a_state() {
    let app = router(memory_state().await);
    // The lobby's variant with nothing chosen: the default warbands and map.
    let (status, v) = call(&app, "POST", "/api/p2v/table", Some(json!({ "variant": {} }))).await;
    assert_eq!(status, StatusCode::OK, "{v}");
    assert_eq!((v["width"].as_i64(), v["height"].as_i64()), (Some(24), Some(18)));
    assert_eq!(v["zones"].as_array().unwrap().len(), 4);
    assert!(v["look"].is_null(), "no state, no look");
    let g = P2v::new(Variant::default(), 2).unwrap();
    assert_eq!(v["creatures"].as_array().unwrap().len(), g.roster().len());
    assert!(v["terrain"].as_array().unwrap().iter().any(|p| p["traits"].as_array().is_some_and(|t| !t.is_empty())));

    // A state where P1 places an objective: the look lists every square, as the rules do.
    let mut s = g.initial_state();
    // The objective count: 2d6, the higher kept.
    let roll = arbiter_core::Roll::from_values(&[3, 4]).unwrap();
    g.apply_roll(&mut s, &roll, &mut Vec::new()).unwrap();
    let mut legal = Vec::new();
    g.legal_actions(&s, &mut legal);
    assert!(legal.len() > 200, "more than a view's sample: {}", legal.len());
    let body = json!({ "variant": serde_json::to_value(Variant::default()).unwrap(), "state": serde_json::to_value(&s).unwrap() });
    let (status, v) = call(&app, "POST", "/api/p2v/table", Some(body)).await;
    assert_eq!(status, StatusCode::OK, "{v}");
    let look = &v["look"];
    assert_eq!(look["legal"].as_array().unwrap().len(), legal.len());
    assert_eq!(look["legal"][0][0]["act"], "objective");
    assert!(look["legal"][0][1].as_str().unwrap().starts_with("objective "));
}

#[tokio::test]
async fn bodies_that_are_not_a_game_are_refused_with_the_reason() {
    let app = router(memory_state().await);
    let (status, v) = call(&app, "POST", "/api/p2v/table", Some(json!({ "variant": { "map": 7 } }))).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{v}");
    assert!(v["message"].as_str().unwrap().contains("the variant"), "{v}");
    let (status, v) = call(&app, "POST", "/api/p2v/table", Some(json!({ "variant": { "map": "atlantis" } }))).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{v}");
    let (status, v) =
        call(&app, "POST", "/api/p2v/table", Some(json!({ "variant": {}, "state": { "phase": "nowhere" } }))).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{v}");
    assert!(v["message"].as_str().unwrap().contains("the state"), "{v}");
}
