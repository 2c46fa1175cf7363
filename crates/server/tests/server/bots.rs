//! Bots share the machine fairly: every bot answers by the server's
//! deadline whatever it asks for (on "Marathon", a game defined here whose
//! search tree no bot could finish), a person's bot is served before
//! bot-only matches, matches with bots are limited per client address and
//! overall with clear errors, and matches of bots only are refused unless
//! the server allows them.

#![allow(clippy::unwrap_used, clippy::panic)]

use crate::common::*;
use arbiter_core::{
    About, ConfigError, DiceRequest, Entry, Evaluate, EventSink, Game, Outcome, OutcomeKind, Refusal, Roll, Seat,
    ToMove, Viewer,
};
use arbiter_server::{AppState, BotLimits, Registry, ServerConfig, router};
use axum::http::StatusCode;
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};
use std::net::{IpAddr, SocketAddr};

on_every_backend!(
    every_bot_answers_by_the_servers_deadline,
    a_persons_bot_is_served_before_bot_only_matches,
    matches_with_bots_are_limited_per_client_and_overall,
    bot_only_matches_are_refused_unless_allowed,
);

/// "Marathon": each seat in turn makes ten decisions, each one of 40
/// numbers followed by a roll of 3d6 (216 different states). Looking one
/// decision further multiplies the work by 8,640: a heuristic bot at depth
/// 4 would need some 10¹⁹ nodes for one decision. It ends after 4,000
/// decisions.
#[derive(Clone, Debug)]
struct Marathon;

#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
struct Lap {
    moves: u32,
    score: i64,
    rolling: bool,
    last: [u8; 3],
}

const LAPS: u32 = 4_000;

/// Marathon's only event: a lap run.
#[derive(Clone, Debug, Serialize)]
struct Ran;

impl std::fmt::Display for Ran {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("a lap is run")
    }
}

impl Game for Marathon {
    type Variant = ();
    type State = Lap;
    type Action = u8;
    type Event = Ran;
    type Observation = Lap;
    const ID: &'static str = "marathon";
    const NAME: &'static str = "Marathon";

    fn new(_: (), seats: usize) -> Result<Self, ConfigError> {
        if seats == 2 { Ok(Marathon) } else { Err(ConfigError::Seats { game: Self::NAME, allowed: "2", found: seats }) }
    }
    fn variant(&self) -> &() {
        &()
    }
    fn seats(&self) -> usize {
        2
    }
    fn has_chance(&self) -> bool {
        true
    }
    fn has_hidden_information(&self) -> bool {
        false
    }
    fn initial_state(&self) -> Lap {
        Lap { moves: 0, score: 0, rolling: false, last: [1; 3] }
    }
    fn validate_state(&self, _: &Lap) -> Result<(), String> {
        Ok(())
    }
    fn to_move(&self, s: &Lap) -> ToMove {
        if s.moves >= LAPS {
            ToMove::Over
        } else if s.rolling {
            ToMove::Chance
        } else {
            ToMove::Seat(Seat(((s.moves / 10) % 2) as u8))
        }
    }
    fn legal_actions(&self, s: &Lap, out: &mut Vec<u8>) {
        if let ToMove::Seat(_) = self.to_move(s) {
            out.extend(0..40);
        }
    }
    fn check(&self, _: &Lap, a: &u8) -> Result<(), Refusal> {
        if *a < 40 { Ok(()) } else { Err(Refusal::new("marathon.range", "0 to 39", "Marathon")) }
    }
    fn apply_action<E: EventSink<Ran>>(&self, s: &mut Lap, a: &u8, events: &mut E) -> Result<(), Refusal> {
        self.check(s, a)?;
        let ToMove::Seat(seat) = self.to_move(s) else { return Err(Refusal::new("marathon.turn", "no", "Marathon")) };
        let sign = if seat == Seat(0) { 1 } else { -1 };
        s.score += sign * (i64::from(*a) - 20);
        s.moves += 1;
        s.rolling = true;
        events.emit(Ran);
        Ok(())
    }
    fn dice(&self, s: &Lap) -> DiceRequest {
        if s.rolling { DiceRequest::new().with(6, "a").with(6, "b").with(6, "c") } else { DiceRequest::new() }
    }
    fn apply_roll<E: EventSink<Ran>>(&self, s: &mut Lap, r: &Roll, _: &mut E) -> Result<(), Refusal> {
        let v = r.values();
        s.last = [v[0], v[1], v[2]];
        s.score += i64::from(v[0]) - i64::from(v[1]);
        s.rolling = false;
        Ok(())
    }
    fn outcome(&self, s: &Lap) -> Option<Outcome> {
        (s.moves >= LAPS).then(|| Outcome {
            kind: match s.score {
                0 => OutcomeKind::Draw,
                x if x > 0 => OutcomeKind::Win(vec![Seat(0)]),
                _ => OutcomeKind::Win(vec![Seat(1)]),
            },
            reason: "the last lap".into(),
        })
    }
    fn returns(&self, s: &Lap, seat: Seat) -> f64 {
        match self.outcome(s).map(|o| o.kind) {
            Some(OutcomeKind::Win(w)) if w[0] == seat => 1.0,
            Some(OutcomeKind::Win(_)) => -1.0,
            _ => 0.0,
        }
    }
    fn observe(&self, s: &Lap, _: Viewer) -> Lap {
        s.clone()
    }
}

impl Entry for Marathon {
    fn about() -> About {
        About {
            aliases: &[],
            blurb: "a test game too deep to search",
            seats: &[2],
            default_seats: 2,
            options: &[],
            bots: &[],
            default_bot: "random",
        }
    }
    fn parse_variant(_: &str) -> Result<(), String> {
        Ok(())
    }
    fn variant_label(_: &()) -> String {
        "standard".into()
    }
    fn parse_action(&self, _: &Lap, text: &str) -> Result<u8, String> {
        text.parse().map_err(|_| "a number".to_string())
    }
    fn action_text(&self, a: &u8) -> String {
        a.to_string()
    }
    fn notation_help(&self) -> &'static str {
        "a number from 0 to 39"
    }
}

impl Evaluate for Marathon {
    fn evaluate(&self, s: &Lap, seat: Seat) -> f64 {
        let v = (s.score as f64 / 100.0).tanh();
        if seat == Seat(0) { v } else { -v }
    }
}

/// A server with every game and Marathon, and the given bot limits.
async fn marathon_state(backend: &Backend, name: &str, bots: BotLimits) -> (AppState, FreshDb) {
    let db = backend.scratch(name);
    let config = ServerConfig { bots, ..config(&db.url) };
    (AppState::open_with(config, Registry::standard().with::<Marathon>()).await.unwrap(), db)
}

async fn every_bot_answers_by_the_servers_deadline(backend: Backend) {
    // A deadline of 50 ms: before every bot honoured it, the heuristic bot
    // at depth 4 never answered (10¹⁹ nodes), and `wait_turn` gave up.
    let limits = BotLimits { default_seconds: 0.01, max_seconds: 0.05, ..BotLimits::default() };
    let (state, _db) = marathon_state(&backend, "deadline", limits).await;
    let app = router(state);
    for bot in ["heuristic:depth=4", "heuristic:depth=4,nodes=100000000", "greedy", "mcts:iters=1000000", "random"] {
        let created = create(
            &app,
            json!({ "game": "marathon", "seats": [{ "controller": bot }, { "controller": "human" }], "seed": 1 }),
        )
        .await;
        let id = created["id"].as_str().unwrap();
        let human = token(&created, 1);
        // The bot makes the first ten decisions; then it is the person's.
        let v = wait_turn(&app, id, &human).await;
        assert_eq!(v["your_turn"], json!(true), "{bot}: {v}");
        assert_eq!(v["len"], json!(20), "{bot}: ten decisions and their rolls");
        let (status, answer) = act(&app, id, &human, &json!(7)).await;
        assert_eq!(status, StatusCode::OK, "{answer}");
    }
}

/// The decisions taken so far in these matches, rolls included.
async fn decisions(app: &axum::Router, ids: &[String]) -> u64 {
    let mut total = 0;
    for id in ids {
        total += view(app, id, None).await["len"].as_u64().unwrap();
    }
    total
}

async fn a_persons_bot_is_served_before_bot_only_matches(backend: Backend) {
    // Two bot threads; three bot-only matches whose bots always think the
    // whole 2 s (Marathon is too deep to finish). Before the pool, the
    // person's greedy bot queued behind them (on the server, more
    // than 180 s); now bot-only matches use one thread and the person's bot
    // takes the other at once: no more than the bot-only decision already
    // in progress is taken meanwhile (counted, not timed).
    let limits =
        BotLimits { default_seconds: 0.01, max_seconds: 2.0, concurrent: 2, bot_matches: true, ..BotLimits::default() };
    let (state, _db) = marathon_state(&backend, "priority", limits).await;
    let app = router(state);
    let deep = json!({ "controller": "heuristic:depth=4" });
    let mut bot_only = Vec::new();
    for _ in 0..3 {
        let created = create(&app, json!({ "game": "marathon", "seats": [deep, deep] })).await;
        bot_only.push(created["id"].as_str().unwrap().to_string());
    }
    let created = create(
        &app,
        json!({ "game": "essence", "seats": [{ "controller": "human" }, { "controller": "greedy" }], "seed": 3 }),
    )
    .await;
    let (id, p1) = (created["id"].as_str().unwrap(), token(&created, 0));
    for _ in 0..2 {
        let mut v = wait_turn(&app, id, &p1).await;
        let before = decisions(&app, &bot_only).await;
        // The person plays their turn (Essence's turns have several decisions) …
        let mine = loop {
            let (status, answer) = act(&app, id, &p1, &v["legal"][0]).await;
            assert_eq!(status, StatusCode::OK, "{answer}");
            v = answer["view"].clone();
            if v["your_turn"] != json!(true) || !v["outcome"].is_null() {
                break v["len"].as_u64().unwrap();
            }
        };
        // … greedy answers with its own …
        let v = wait_turn(&app, id, &p1).await;
        assert!(v["len"].as_u64().unwrap() > mine, "greedy moved: {v}");
        // … while the bot-only matches took at most one decision (and its roll).
        let after = decisions(&app, &bot_only).await;
        assert!(after - before <= 2, "bot-only matches took {} decisions first", (after - before) / 2);
    }
}

/// A request from a chosen loopback address (127.0.0.0/8 all reach the
/// server), so the server sees several clients.
async fn http_from(from: [u8; 4], addr: SocketAddr, method: &str, path: &str, body: &Value) -> (u16, Value) {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let socket = tokio::net::TcpSocket::new_v4().unwrap();
    socket.bind(SocketAddr::new(IpAddr::from(from), 0)).unwrap();
    let mut s = socket.connect(addr).await.unwrap();
    let body = body.to_string();
    let head = format!(
        "{method} {path} HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n",
        body.len()
    );
    s.write_all(head.as_bytes()).await.unwrap();
    s.write_all(body.as_bytes()).await.unwrap();
    let mut answer = String::new();
    s.read_to_string(&mut answer).await.unwrap();
    let status = answer.split(' ').nth(1).unwrap().parse().unwrap();
    let text = answer.split_once("\r\n\r\n").map_or("", |(_, t)| t);
    (status, serde_json::from_str(text).unwrap_or(Value::Null))
}

async fn matches_with_bots_are_limited_per_client_and_overall(backend: Backend) {
    let limits = BotLimits { default_seconds: 0.01, per_client: 2, total: 3, ..BotLimits::default() };
    let (state, _db) = marathon_state(&backend, "limits", limits).await;
    let app = router(state.clone());
    let addr = serve(state).await;
    let vs_bot = json!({ "game": "kuhn", "seats": [{ "controller": "human" }, { "controller": "random" }] });
    let people = json!({ "game": "kuhn", "seats": [{ "controller": "human" }, { "controller": "human" }] });
    let me = [127, 0, 0, 1];
    let mut mine = Vec::new();
    for _ in 0..2 {
        let (status, created) = http_from(me, addr, "POST", "/api/matches", &vs_bot).await;
        assert_eq!(status, 201, "{created}");
        mine.push(created);
    }
    // A third match with a bot from the same address is refused …
    let (status, e) = http_from(me, addr, "POST", "/api/matches", &vs_bot).await;
    assert_eq!(status, 429, "{e}");
    assert_eq!(e["error"], "ai-match-limit", "{e}");
    assert!(e["message"].as_str().unwrap().contains("2 live matches with bots"), "{e}");
    // … not one between people.
    let (status, e) = http_from(me, addr, "POST", "/api/matches", &people).await;
    assert_eq!(status, 201, "{e}");
    // Another client takes the server's last place; a third finds it full.
    let (status, e) = http_from([127, 0, 0, 2], addr, "POST", "/api/matches", &vs_bot).await;
    assert_eq!(status, 201, "{e}");
    let (status, e) = http_from([127, 0, 0, 3], addr, "POST", "/api/matches", &vs_bot).await;
    assert_eq!(status, 503, "{e}");
    assert_eq!(e["error"], "ai-busy", "{e}");
    // A finished match gives its place back.
    let first = &mine[0];
    play_to_end(&app, first["id"].as_str().unwrap(), &token(first, 0), 5, 20).await;
    let (status, e) = http_from([127, 0, 0, 3], addr, "POST", "/api/matches", &vs_bot).await;
    assert_eq!(status, 201, "{e}");

    // A match left waiting on its person stops counting after
    // `idle_seconds` (here at once): its bot uses nothing meanwhile.
    let limits =
        BotLimits { default_seconds: 0.01, per_client: 1, total: 1, idle_seconds: 0.0, ..BotLimits::default() };
    let (state, _db2) = marathon_state(&backend, "idle", limits).await;
    let addr = serve(state).await;
    for _ in 0..3 {
        let (status, e) = http_from(me, addr, "POST", "/api/matches", &vs_bot).await;
        assert_eq!(status, 201, "{e}");
    }
}

async fn bot_only_matches_are_refused_unless_allowed(backend: Backend) {
    let bots_only = json!({ "game": "essence", "seats": [{ "controller": "random" }, { "controller": "greedy" }] });
    let db = backend.scratch("bot-only");
    let app = router(AppState::open(config(&db.url)).await.unwrap());
    let (status, e) = call(&app, "POST", "/api/matches", Some(bots_only.clone())).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{e}");
    assert_eq!(e["error"], "bot-match-not-allowed", "{e}");
    assert!(e["message"].as_str().unwrap().contains("--allow-bot-matches"), "{e}");
    let (_, lobby) = call(&app, "GET", "/api/matches", None).await;
    assert!(lobby["live"].as_array().unwrap().is_empty(), "nothing was created: {lobby}");
    // A bot against an open seat waits for a person: that is allowed.
    create(
        &app,
        json!({ "game": "essence", "seats": [{ "controller": "random" }, { "controller": "human", "open": true }] }),
    )
    .await;
    // A server that allows them hosts them.
    let db = backend.scratch("bot-only-allowed");
    let app = router(AppState::open(with_bot_matches(config(&db.url))).await.unwrap());
    create(&app, bots_only).await;
}
