//! Helpers shared by the server's integration tests: the storage backends
//! they run on, a server state over a database, requests through the
//! router in-process, a small random number generator, and play loops that
//! pick random legal actions from the views.
//!
//! **Backends.** Tests written as `async fn name(backend: Backend)` are run
//! by [`on_every_backend!`] twice: `on_sqlite::name` always, and
//! `on_postgres::name` against the PostgreSQL database named by
//! `ARBITER_TEST_POSTGRES` (a URL; `scripts/postgres` starts one) when it
//! is set — otherwise that test passes at once, saying it was skipped. Each
//! test gets a fresh database: a SQLite file or memory, or a schema of its
//! own in the PostgreSQL database (dropped afterwards), so tests run in
//! parallel without meeting.

#![allow(dead_code, unused_macros, clippy::unwrap_used, clippy::panic)]

use arbiter_server::{AppState, BotLimits, ChosenSeeds, Durability, Limits, Registry, ServerConfig};
use axum::Router;
use axum::body::Body;
use axum::http::{Request, StatusCode};
use serde_json::{Value, json};
use std::time::{Duration, Instant};
use tower::ServiceExt;

/// The variable naming the PostgreSQL database to test against.
pub const POSTGRES_VAR: &str = "ARBITER_TEST_POSTGRES";

/// Where a test stores its matches.
#[derive(Clone, Debug)]
pub enum Backend {
    /// SQLite: a file in a temporary directory, or memory.
    Sqlite,
    /// PostgreSQL: the database at this URL (each test in its own schema).
    Postgres(String),
}

impl Backend {
    /// PostgreSQL, if `ARBITER_TEST_POSTGRES` names a database.
    pub fn postgres() -> Option<Backend> {
        std::env::var(POSTGRES_VAR).ok().map(|u| u.trim().to_string()).filter(|u| !u.is_empty()).map(Backend::Postgres)
    }

    /// A fresh, empty database that lives as long as the returned value:
    /// for SQLite a file in a new temporary directory, for PostgreSQL a new
    /// schema.
    pub fn fresh(&self, name: &str) -> FreshDb {
        match self {
            Backend::Sqlite => {
                let dir = temp_dir(name);
                FreshDb { url: dir.join("arbiter.db").to_string_lossy().into_owned(), drop: Cleanup::Dir(dir) }
            }
            Backend::Postgres(base) => {
                let schema = schema_name(name);
                let sql = format!("CREATE SCHEMA {schema}");
                pg_admin(base, &sql).unwrap_or_else(|e| panic!("{POSTGRES_VAR}: could not create a schema: {e}"));
                FreshDb { url: with_schema(base, &schema), drop: Cleanup::Schema(base.clone(), schema) }
            }
        }
    }

    /// A fresh database for a server state that is not reopened: SQLite in
    /// memory, or a PostgreSQL schema.
    pub fn scratch(&self, name: &str) -> FreshDb {
        match self {
            Backend::Sqlite => FreshDb { url: ":memory:".into(), drop: Cleanup::Nothing },
            Backend::Postgres(_) => self.fresh(name),
        }
    }

    /// Whether this is SQLite.
    pub fn is_sqlite(&self) -> bool {
        matches!(self, Backend::Sqlite)
    }
}

/// A fresh database; removed when dropped.
pub struct FreshDb {
    /// The database setting that opens it (`ServerConfig::database`).
    pub url: String,
    drop: Cleanup,
}

enum Cleanup {
    Nothing,
    Dir(std::path::PathBuf),
    Schema(String, String),
}

impl Drop for FreshDb {
    fn drop(&mut self) {
        match &self.drop {
            Cleanup::Nothing => {}
            Cleanup::Dir(dir) => {
                let _ = std::fs::remove_dir_all(dir);
            }
            Cleanup::Schema(base, schema) => {
                // Best effort: a server still connected may hold it a moment.
                let _ = pg_admin(base, &format!("SET lock_timeout = '10s'; DROP SCHEMA IF EXISTS {schema} CASCADE"));
            }
        }
    }
}

/// A schema name unique to this process and call: lower case, at most 63
/// bytes.
fn schema_name(name: &str) -> String {
    use std::sync::atomic::{AtomicU32, Ordering};
    static N: AtomicU32 = AtomicU32::new(0);
    let tag: String =
        name.chars().map(|c| if c.is_ascii_alphanumeric() { c.to_ascii_lowercase() } else { '_' }).take(30).collect();
    format!("t{}_{}_{}_{tag}", std::process::id(), N.fetch_add(1, Ordering::SeqCst), nanos() % 1_000_000)
}

/// The URL with the schema as its search path.
pub fn with_schema(base: &str, schema: &str) -> String {
    let sep = if base.contains('?') { '&' } else { '?' };
    format!("{base}{sep}options=-csearch_path%3D{schema}")
}

/// Runs SQL on the PostgreSQL database at `url`, on a thread of its own
/// (the synchronous client may not run inside the tests' runtime).
pub fn pg_admin(url: &str, sql: &str) -> Result<(), String> {
    let (url, sql) = (url.to_string(), sql.to_string());
    std::thread::spawn(move || {
        let mut client = postgres::Client::connect(&url, postgres::NoTls).map_err(|e| e.to_string())?;
        client.batch_execute(&sql).map_err(|e| e.to_string())
    })
    .join()
    .map_err(|_| "the PostgreSQL thread panicked".to_string())?
}

/// Runs each listed `async fn NAME(backend: Backend)` as two tests on a
/// two-thread runtime: `on_sqlite::NAME`, and `on_postgres::NAME` when
/// `ARBITER_TEST_POSTGRES` is set. `sync:` lists plain `fn NAME(backend)`.
macro_rules! on_every_backend {
    ($($name:ident),* $(,)? $(; sync: $($sync:ident),* $(,)?)?) => {
        mod on_sqlite {
            $(
                #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
                async fn $name() {
                    super::$name(crate::common::Backend::Sqlite).await
                }
            )*
            $($(
                #[test]
                fn $sync() {
                    super::$sync(crate::common::Backend::Sqlite)
                }
            )*)?
        }
        mod on_postgres {
            $(
                #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
                async fn $name() {
                    match crate::common::Backend::postgres() {
                        Some(b) => super::$name(b).await,
                        None => eprintln!("skipped: {} is not set", crate::common::POSTGRES_VAR),
                    }
                }
            )*
            $($(
                #[test]
                fn $sync() {
                    match crate::common::Backend::postgres() {
                        Some(b) => super::$sync(b),
                        None => eprintln!("skipped: {} is not set", crate::common::POSTGRES_VAR),
                    }
                }
            )*)?
        }
    };
}

/// A config for tests: the given database, quick bots, default limits, and
/// chosen seeds for any match (tests replay known games; the default,
/// which refuses a chosen seed with two human seats, is tested in
/// `fairness`).
pub fn config(database: &str) -> ServerConfig {
    ServerConfig {
        database: database.into(),
        durability: Durability::Normal,
        limits: Limits::default(),
        bots: BotLimits { default_seconds: 0.01, max_seconds: 1.0, ..BotLimits::default() },
        chosen_seeds: ChosenSeeds::Any,
        ..ServerConfig::default()
    }
}

/// The config with matches of bots only allowed (`arbiter serve
/// --allow-bot-matches`), for the tests that watch bots play each other.
pub fn with_bot_matches(config: ServerConfig) -> ServerConfig {
    ServerConfig { bots: BotLimits { bot_matches: true, ..config.bots }, ..config }
}

/// A server state over a fresh database of the backend that hosts matches
/// of bots only; keep the [`FreshDb`] while the state is used.
pub async fn bot_matches_state_on(backend: &Backend, name: &str) -> (AppState, FreshDb) {
    let db = backend.scratch(name);
    (AppState::open(with_bot_matches(config(&db.url))).await.unwrap(), db)
}

/// A server state over an in-memory database with every game on main.
pub async fn memory_state() -> AppState {
    AppState::open(config(":memory:")).await.unwrap()
}

/// A server state over a fresh database of the backend, with every game on
/// main; keep the [`FreshDb`] while the state is used.
pub async fn state_on(backend: &Backend, name: &str) -> (AppState, FreshDb) {
    let db = backend.scratch(name);
    (AppState::open(config(&db.url)).await.unwrap(), db)
}

/// A server state with the given games.
pub async fn state_with(registry: Registry) -> AppState {
    AppState::open_with(config(":memory:"), registry).await.unwrap()
}

/// A server state with the given games over a fresh database of the
/// backend; keep the [`FreshDb`] while the state is used.
pub async fn state_with_on(backend: &Backend, registry: Registry) -> (AppState, FreshDb) {
    let db = backend.scratch("games");
    (AppState::open_with(config(&db.url), registry).await.unwrap(), db)
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

/// Serves the state's routes on a free loopback port, as `arbiter serve`
/// does; returns the address.
pub async fn serve(state: AppState) -> std::net::SocketAddr {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    tokio::spawn(async move {
        let _ = arbiter_server::serve_until(listener, state, std::future::pending()).await;
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

/// A random JSON value shaped a little like a file: objects whose keys come
/// from `keys`, strings from `words`, numbers, booleans, nulls and arrays,
/// nested at most `depth` deep (for fuzzing the builders' endpoints).
pub fn random_json(rng: &mut Rng, depth: usize, keys: &[&str], words: &[&str]) -> Value {
    match rng.below(if depth == 0 { 5 } else { 8 }) {
        0 => Value::Null,
        1 => json!(rng.below(300) as i64 - 100),
        2 => json!(words[rng.below(words.len())]),
        3 => json!(rng.below(2) == 0),
        4 => json!(rng.below(1000) as f64 / 7.0),
        5 | 6 => {
            let mut m = serde_json::Map::new();
            for _ in 0..rng.below(6) {
                m.insert(keys[rng.below(keys.len())].into(), random_json(rng, depth - 1, keys, words));
            }
            Value::Object(m)
        }
        _ => Value::Array((0..rng.below(4)).map(|_| random_json(rng, depth - 1, keys, words)).collect()),
    }
}

/// The seat (its index in `tokens`) whose view says it may decide now (an
/// action or a roll), with that view.
pub async fn who_decides(app: &Router, id: &str, tokens: &[String]) -> Option<(usize, Value)> {
    for (i, t) in tokens.iter().enumerate() {
        let v = view(app, id, Some(t)).await;
        if v["your_turn"] == json!(true) {
            return Some((i, v));
        }
    }
    None
}

/// The dice of a view's `dice` ask that `seat` may enter now, by index:
/// those of every part still missing that `seat` may enter (docs/api.md,
/// "Real dice", parts).
pub fn dice_of_seat(ask: &Value, seat: usize) -> Vec<usize> {
    let mut dice = Vec::new();
    for p in ask["parts"].as_array().unwrap() {
        let mine = p["entered_by"].as_array().unwrap().iter().any(|s| s.as_u64() == Some(seat as u64));
        if mine && p["entered"].is_null() {
            let first = p["first"].as_u64().unwrap() as usize;
            dice.extend(first..first + p["count"].as_u64().unwrap() as usize);
        }
    }
    dice
}
