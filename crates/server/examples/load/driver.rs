//! The load driver: serves an [`AppState`] on a loopback port, opens many
//! human-vs-human Essence matches, connects both seats of each over its own
//! WebSocket, and plays random legal actions for a fixed time, measuring
//! each action from the moment it is sent to its `accepted` answer (which
//! the server sends only once the action is committed).
//!
//! Used by the `load` example and, briefly, by `tests/server/load.rs`.

#![allow(dead_code)]

use arbiter_server::AppState;
use arbiter_server::api::{CreateMatch, SeatRequest};
use axum::serve::ListenerExt;
use futures_util::{SinkExt, StreamExt};
use serde::Deserialize;
use serde::de::IgnoredAny;
use serde_json::{Value, json};
use std::net::SocketAddr;
use std::sync::{Arc, OnceLock};
use std::time::{Duration, Instant};
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::tungstenite::protocol::WebSocketConfig;
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream};

type Ws = WebSocketStream<MaybeTlsStream<TcpStream>>;

/// How long to wait for any one message before giving up on a match.
const PATIENCE: Duration = Duration::from_secs(30);

/// What to run.
#[derive(Clone, Debug)]
pub struct Options {
    /// Matches played at once (two WebSockets each).
    pub matches: usize,
    /// How long actions are played, after every socket is connected.
    pub duration: Duration,
    /// Pause before each action (0: act as soon as it is the seat's turn).
    pub think: Duration,
    /// Seed of the matches and of the actions chosen.
    pub seed: u64,
    /// Leave Nagle's algorithm on for the server's sockets, for comparison
    /// (`serve_on` sets TCP_NODELAY; the clients always do, as browsers do).
    pub server_nagle: bool,
}

/// What happened.
#[derive(Clone, Debug, Default)]
pub struct Report {
    /// Matches played at once.
    pub matches: usize,
    /// Actions accepted.
    pub actions: usize,
    /// From the start signal to the last match stopping.
    pub elapsed: Duration,
    /// Games played to their end (each replaced by a new match at once).
    pub games_finished: usize,
    /// Actions answered with an error.
    pub errors: usize,
    /// Every accepted action's latency in microseconds, sorted.
    pub latencies_us: Vec<u32>,
    /// Time to create the matches and connect every socket.
    pub setup: Duration,
}

impl Report {
    /// Accepted actions per second.
    pub fn per_second(&self) -> f64 {
        self.actions as f64 / self.elapsed.as_secs_f64().max(1e-9)
    }

    /// The latency below which a fraction `q` (0–1) of the actions fall.
    pub fn percentile(&self, q: f64) -> Duration {
        if self.latencies_us.is_empty() {
            return Duration::ZERO;
        }
        let i = ((self.latencies_us.len() as f64 * q).ceil() as usize).clamp(1, self.latencies_us.len()) - 1;
        Duration::from_micros(u64::from(self.latencies_us[i]))
    }

    /// The mean latency.
    pub fn mean(&self) -> Duration {
        let n = self.latencies_us.len().max(1) as u64;
        Duration::from_micros(self.latencies_us.iter().map(|&x| u64::from(x)).sum::<u64>() / n)
    }

    /// One paragraph for people.
    pub fn summary(&self) -> String {
        let ms = |d: Duration| d.as_secs_f64() * 1000.0;
        format!(
            "{} matches, {:.1} s: {} actions, {:.0} actions/s; action→accepted p50 {:.1} ms, p90 {:.1} ms, \
             p99 {:.1} ms, max {:.1} ms, mean {:.1} ms; {} games finished, {} errors (setup {:.1} s)",
            self.matches,
            self.elapsed.as_secs_f64(),
            self.actions,
            self.per_second(),
            ms(self.percentile(0.50)),
            ms(self.percentile(0.90)),
            ms(self.percentile(0.99)),
            ms(self.percentile(1.0)),
            ms(self.mean()),
            self.games_finished,
            self.errors,
            self.setup.as_secs_f64(),
        )
    }
}

/// The parts of a server message the driver reads (the rest is skipped).
#[derive(Deserialize)]
struct Incoming {
    #[serde(rename = "type")]
    kind: String,
    #[serde(default)]
    view: Option<ViewLite>,
    #[serde(default)]
    id: Option<Value>,
    #[serde(default)]
    steps: Option<Vec<StepLite>>,
    #[serde(default)]
    error: Option<Value>,
}

#[derive(Deserialize)]
struct ViewLite {
    len: u64,
    your_turn: bool,
    legal: Vec<Value>,
    outcome: Option<IgnoredAny>,
}

#[derive(Deserialize)]
struct StepLite {
    index: u64,
}

/// xorshift64*: enough to pick actions.
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        (self.0.wrapping_mul(0x2545_F491_4F6C_DD1D) >> 33) as usize % n.max(1)
    }
}

/// One match being played: both seats' sockets and their latest views.
struct Table {
    sockets: [Ws; 2],
    views: [ViewLite; 2],
}

async fn recv(ws: &mut Ws) -> Result<Incoming, String> {
    loop {
        let msg = tokio::time::timeout(PATIENCE, ws.next())
            .await
            .map_err(|_| "no message for 30 s".to_string())?
            .ok_or("the socket closed")?
            .map_err(|e| format!("socket: {e}"))?;
        if let Message::Text(t) = msg {
            return serde_json::from_str(t.as_str()).map_err(|e| format!("a message does not read: {e}"));
        }
    }
}

/// Reads until a view at least `len` long arrives.
async fn view_at_least(ws: &mut Ws, len: u64) -> Result<ViewLite, String> {
    loop {
        let m = recv(ws).await?;
        if let Some(v) = m.view
            && v.len >= len
        {
            return Ok(v);
        }
    }
}

impl Table {
    async fn open(state: &AppState, addr: SocketAddr, seed: u64) -> Result<Table, String> {
        let human = || SeatRequest { name: None, controller: "human".into(), open: None };
        let created = state
            .create(CreateMatch {
                game: "essence".into(),
                variant: None,
                seats: vec![human(), human()],
                seed: Some(seed),
                dice: None,
                companion: None,
            })
            .await
            .map_err(|e| format!("creating a match: {}", e.body.message))?;
        let mut sockets = Vec::new();
        let mut views = Vec::new();
        for seat in &created.seats {
            let token = seat.token.as_deref().ok_or("a human seat without a token")?;
            let url = format!("ws://{addr}/api/matches/{}/ws?token={token}", created.id);
            // Small messages both ways: no Nagle delays (as browsers do), and
            // a read buffer near their size (tungstenite zeroes the whole
            // buffer, 128 KiB by default, for every read).
            let config = WebSocketConfig::default().read_buffer_size(16 * 1024);
            let (mut ws, _) = tokio_tungstenite::connect_async_with_config(url, Some(config), true)
                .await
                .map_err(|e| format!("connecting: {e}"))?;
            views.push(view_at_least(&mut ws, 0).await?);
            sockets.push(ws);
        }
        let (Ok(sockets), Ok(views)) = (<[Ws; 2]>::try_from(sockets), <[ViewLite; 2]>::try_from(views)) else {
            return Err("not two seats".into());
        };
        Ok(Table { sockets, views })
    }

    async fn close(mut self) {
        for ws in &mut self.sockets {
            let _ = ws.close(None).await;
        }
    }

    fn over(&self) -> bool {
        self.views.iter().any(|v| v.outcome.is_some())
    }

    /// The seat to move, by the newest view.
    fn mover(&self) -> Option<usize> {
        let len = self.views.iter().map(|v| v.len).max()?;
        (0..2).find(|&i| self.views[i].len == len && self.views[i].your_turn)
    }

    /// Plays one random legal action of the seat to move.
    async fn step(&mut self, rng: &mut Rng, n: u64) -> Result<Stepped, String> {
        let Some(seat) = self.mover() else {
            // Views of different lengths: catch both up.
            let len = self.views.iter().map(|v| v.len).max().unwrap_or(0);
            for i in 0..2 {
                if self.views[i].len < len {
                    self.views[i] = view_at_least(&mut self.sockets[i], len).await?;
                }
            }
            if self.mover().is_none() && !self.over() {
                return Err("nobody is to move".into());
            }
            return Ok(Stepped::CaughtUp);
        };
        let legal = &self.views[seat].legal;
        if legal.is_empty() {
            return Err("my turn, but nothing is legal".into());
        }
        let action = legal[rng.below(legal.len())].clone();
        let msg = json!({ "type": "action", "action": action, "id": n }).to_string();
        let sent = Instant::now();
        self.sockets[seat].send(Message::text(msg)).await.map_err(|e| format!("sending: {e}"))?;
        let answer = loop {
            let m = recv(&mut self.sockets[seat]).await?;
            match m.kind.as_str() {
                "accepted" | "error" if m.id == Some(json!(n)) => break m,
                _ => {
                    if let Some(v) = m.view {
                        self.views[seat] = v;
                    }
                }
            }
        };
        let latency = sent.elapsed();
        if answer.kind == "error" {
            // Resynchronise from fresh views.
            eprintln!("load: an action was refused: {}", answer.error.unwrap_or_default());
            for ws in &mut self.sockets {
                ws.send(Message::text(r#"{"type":"refresh"}"#)).await.map_err(|e| format!("sending: {e}"))?;
            }
            for i in 0..2 {
                self.views[i] = view_at_least(&mut self.sockets[i], 0).await?;
            }
            return Ok(Stepped::Refused);
        }
        let len = answer.steps.as_ref().and_then(|s| s.last()).map_or(0, |s| s.index + 1);
        for i in 0..2 {
            if self.views[i].len < len {
                self.views[i] = view_at_least(&mut self.sockets[i], len).await?;
            }
        }
        Ok(Stepped::Accepted(latency))
    }
}

/// What one step did.
enum Stepped {
    /// The action was accepted, after this long.
    Accepted(Duration),
    /// The action was answered with an error.
    Refused,
    /// No action: the views were caught up first.
    CaughtUp,
}

/// What one match's driver did.
#[derive(Default)]
struct Played {
    latencies_us: Vec<u32>,
    errors: usize,
    finished: usize,
}

/// Serves `state` on a loopback port and runs the load against it. The
/// server runs on the current Tokio runtime and stops when this returns
/// (its state is dropped with the last connection).
pub async fn run(state: AppState, options: &Options) -> Result<Report, String> {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.map_err(|e| e.to_string())?;
    let addr = listener.local_addr().map_err(|e| e.to_string())?;
    let app = arbiter_server::router(state.clone()).into_make_service_with_connect_info::<SocketAddr>();
    // TCP_NODELAY as `arbiter_server::serve_on` sets it, unless asked not to.
    let nodelay = !options.server_nagle;
    let listener = listener.tap_io(move |tcp| {
        if nodelay {
            let _ = tcp.set_nodelay(true);
        }
    });
    let server = tokio::spawn(async move {
        let _ = axum::serve(listener, app).await;
    });
    let setup_start = Instant::now();
    let n = options.matches.max(1);
    let ready = Arc::new(tokio::sync::Barrier::new(n + 1));
    let go = Arc::new(tokio::sync::Barrier::new(n + 1));
    let deadline: Arc<OnceLock<Instant>> = Arc::new(OnceLock::new());
    // Connecting a thousand sockets at once overflows the listen queue:
    // at most 64 matches set up at a time.
    let setup_slots = Arc::new(tokio::sync::Semaphore::new(64));
    let mut tasks = Vec::new();
    for i in 0..n {
        let (state, ready, go, deadline, slots, think) =
            (state.clone(), ready.clone(), go.clone(), deadline.clone(), setup_slots.clone(), options.think);
        let seed = options.seed.wrapping_mul(1_000_003).wrapping_add(i as u64);
        tasks.push(tokio::spawn(async move {
            let mut rng = Rng((seed ^ 0x5DEE_CE66_D1CE_4E5B) | 1);
            let table = {
                let _slot = slots.acquire().await;
                Table::open(&state, addr, seed).await
            };
            ready.wait().await;
            go.wait().await;
            let mut table = table?;
            let deadline = *deadline.get().ok_or("no deadline")?;
            let mut played = Played::default();
            let mut games = 0u64;
            let mut n = 0u64;
            while Instant::now() < deadline {
                if table.over() {
                    played.finished += 1;
                    games += 1;
                    table.close().await;
                    table = Table::open(&state, addr, seed ^ (games << 32)).await?;
                    continue;
                }
                if !think.is_zero() {
                    // 50–150 % of the pause, so the matches do not march in step.
                    let pause = think.mul_f64(0.5 + rng.below(1001) as f64 / 1000.0);
                    tokio::time::sleep(pause).await;
                }
                n += 1;
                match table.step(&mut rng, n).await? {
                    Stepped::Accepted(latency) => {
                        played.latencies_us.push(u32::try_from(latency.as_micros()).unwrap_or(u32::MAX));
                    }
                    Stepped::Refused => played.errors += 1,
                    Stepped::CaughtUp => {}
                }
            }
            table.close().await;
            Ok::<Played, String>(played)
        }));
    }
    // Everyone is connected (or failed): start the clock.
    ready.wait().await;
    let setup = setup_start.elapsed();
    let start = Instant::now();
    let _ = deadline.set(start + options.duration);
    go.wait().await;
    let mut report = Report { matches: n, setup, ..Report::default() };
    let mut failures = Vec::new();
    for t in tasks {
        match t.await {
            Ok(Ok(p)) => {
                report.actions += p.latencies_us.len();
                report.latencies_us.extend(p.latencies_us);
                report.errors += p.errors;
                report.games_finished += p.finished;
            }
            Ok(Err(e)) => failures.push(e),
            Err(e) => failures.push(format!("a driver panicked: {e}")),
        }
    }
    report.elapsed = start.elapsed();
    server.abort();
    report.latencies_us.sort_unstable();
    if let Some(first) = failures.first() {
        return Err(format!("{} of {n} matches failed; the first: {first}", failures.len()));
    }
    Ok(report)
}
