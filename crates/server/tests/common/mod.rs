//! Helpers shared by the server's integration tests: a server state over a
//! database, requests through the router in-process, a small random number
//! generator, and play loops that pick random legal actions from the views.

#![allow(dead_code, clippy::unwrap_used, clippy::panic)]

use arbiter_server::{AppState, BotLimits, Durability, Limits, Registry, ServerConfig};
use axum::Router;
use axum::body::Body;
use axum::http::{Request, StatusCode};
use serde_json::{Value, json};
use std::time::{Duration, Instant};
use tower::ServiceExt;

/// A config for tests: the given database, quick bots, default limits.
pub fn config(database: &str) -> ServerConfig {
    ServerConfig {
        database: database.into(),
        durability: Durability::Normal,
        limits: Limits::default(),
        bots: BotLimits { default_seconds: 0.01, max_seconds: 1.0, ..BotLimits::default() },
        ..ServerConfig::default()
    }
}

/// A server state over an in-memory database with every game on main.
pub async fn memory_state() -> AppState {
    AppState::open(config(":memory:")).await.unwrap()
}

/// A server state with the given games.
pub async fn state_with(registry: Registry) -> AppState {
    AppState::open_with(config(":memory:"), registry).await.unwrap()
}

/// A fresh temporary directory for database files.
pub fn temp_dir(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("arbiter-server-test-{name}-{}-{}", std::process::id(), nanos()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn nanos() -> u128 {
    std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap().as_nanos()
}

/// Sends a request with a raw body through the router; returns the status
/// and the body as JSON (or as a JSON string if it is not JSON).
pub async fn raw(app: &Router, method: &str, uri: &str, body: Vec<u8>) -> (StatusCode, Value) {
    let req = Request::builder()
        .method(method)
        .uri(uri)
        .header("content-type", "application/json")
        .body(Body::from(body))
        .unwrap();
    let resp = app.clone().oneshot(req).await.unwrap();
    let status = resp.status();
    let bytes = axum::body::to_bytes(resp.into_body(), usize::MAX).await.unwrap();
    let v = if bytes.is_empty() {
        Value::Null
    } else {
        serde_json::from_slice(&bytes).unwrap_or_else(|_| Value::String(String::from_utf8_lossy(&bytes).into_owned()))
    };
    (status, v)
}

/// Sends a request with an optional JSON body through the router.
pub async fn call(app: &Router, method: &str, uri: &str, body: Option<Value>) -> (StatusCode, Value) {
    raw(app, method, uri, body.map(|b| b.to_string().into_bytes()).unwrap_or_default()).await
}

/// Creates a match; panics unless it is created.
pub async fn create(app: &Router, body: Value) -> Value {
    let (status, v) = call(app, "POST", "/api/matches", Some(body)).await;
    assert_eq!(status, StatusCode::CREATED, "{v}");
    v
}

/// The token of a seat in a creation answer.
pub fn token(created: &Value, seat: usize) -> String {
    created["seats"][seat]["token"].as_str().unwrap().to_string()
}

/// A match's view for a token (or a spectator).
pub async fn view(app: &Router, id: &str, token: Option<&str>) -> Value {
    let uri = match token {
        Some(t) => format!("/api/matches/{id}?token={t}"),
        None => format!("/api/matches/{id}"),
    };
    let (status, v) = call(app, "GET", &uri, None).await;
    assert_eq!(status, StatusCode::OK, "{v}");
    v
}

/// Posts an action for a token.
pub async fn act(app: &Router, id: &str, token: &str, action: &Value) -> (StatusCode, Value) {
    call(app, "POST", &format!("/api/matches/{id}/actions"), Some(json!({ "token": token, "action": action }))).await
}

/// Waits until it is the token's decision or the game is over (bots move
/// in the background); panics on a reported problem or after 20 s.
pub async fn wait_turn(app: &Router, id: &str, token: &str) -> Value {
    let start = Instant::now();
    loop {
        let v = view(app, id, Some(token)).await;
        assert!(v["problem"].is_null(), "the server reports a problem: {}", v["problem"]);
        if v["your_turn"] == json!(true) || !v["outcome"].is_null() {
            return v;
        }
        assert!(start.elapsed() < Duration::from_secs(20), "waited too long: {}", v["awaiting"]);
        tokio::time::sleep(Duration::from_millis(1)).await;
    }
}

/// A small deterministic generator (xorshift64*), enough to pick actions.
pub struct Rng(u64);

impl Rng {
    /// A generator for a seed.
    pub fn new(seed: u64) -> Self {
        Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1)
    }

    /// A number below `n` (`n > 0`).
    pub fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        (self.0.wrapping_mul(0x2545_F491_4F6C_DD1D) >> 33) as usize % n
    }
}

/// Plays the token's seat with random actions from the views' legal lists
/// until the game ends; returns the final view and the number of actions.
pub async fn play_to_end(app: &Router, id: &str, token: &str, seed: u64, max_actions: usize) -> (Value, usize) {
    let mut rng = Rng::new(seed);
    for n in 0..max_actions {
        let v = wait_turn(app, id, token).await;
        if !v["outcome"].is_null() {
            return (v, n);
        }
        let legal = v["legal"].as_array().unwrap();
        assert!(!legal.is_empty(), "my decision, but nothing is legal: {v}");
        assert!(v["legal_total"].as_u64().unwrap() >= legal.len() as u64);
        let action = &legal[rng.below(legal.len())];
        let (status, answer) = act(app, id, token, action).await;
        assert_eq!(status, StatusCode::OK, "{action} was refused: {answer}");
        assert_eq!(answer["steps"][0]["decision"]["act"], *action);
    }
    panic!("the game did not end within {max_actions} actions");
}

/// Serves the state's routes on a free loopback port; returns the address.
pub async fn serve(state: AppState) -> std::net::SocketAddr {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    let app = arbiter_server::router(state).into_make_service_with_connect_info::<std::net::SocketAddr>();
    tokio::spawn(async move {
        let _ = axum::serve(listener, app).await;
    });
    addr
}

/// A plain HTTP/1.1 request over a fresh loopback connection (so the
/// server sees a client address); returns the status and the JSON body.
pub async fn http(addr: std::net::SocketAddr, method: &str, path: &str, body: Option<&Value>) -> (u16, Value) {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let body = body.map(Value::to_string).unwrap_or_default();
    let mut s = tokio::net::TcpStream::connect(addr).await.unwrap();
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
