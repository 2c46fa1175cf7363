//! The server's settings: where it listens, where it stores matches, its
//! limits on input, and how long bots may think.

use crate::postgres::PostgresStore;
use crate::sqlite::{Durability, SqliteStore};
use crate::store::{Store, StoreError};
use arbiter_ai::BotSpec;
use std::net::SocketAddr;
use std::path::PathBuf;
use std::time::Duration;

/// Everything `serve` needs.
#[derive(Clone, Debug)]
pub struct ServerConfig {
    /// The address to listen on.
    pub addr: SocketAddr,
    /// Where matches are stored: a SQLite file path (`arbiter.db`,
    /// `sqlite:arbiter.db`, `sqlite://arbiter.db`), `sqlite::memory:`, or a
    /// PostgreSQL URL (`postgres://user[:password]@host[:port]/db`, also
    /// `postgresql://`), which several servers may share.
    pub database: String,
    /// How hard SQLite works to keep each commit (PostgreSQL follows its
    /// own `synchronous_commit`).
    pub durability: Durability,
    /// Limits on input.
    pub limits: Limits,
    /// Limits on bots.
    pub bots: BotLimits,
    /// Which matches may be created with a seed of the creator's choosing.
    pub chosen_seeds: ChosenSeeds,
    /// Limits on connections and sockets, and how long shutting down may take.
    pub connections: ConnectionLimits,
    /// Whether a SQLite file is checked (`PRAGMA quick_check`) before the
    /// server starts on it.
    pub integrity_check: bool,
}

/// Which matches accept a chosen seed (the `seed` of `POST /api/matches`).
/// Whoever knows a match's seed knows every roll before it is made, so on a
/// server people play each other on, only a match with at most one human
/// seat may have one: that human plays the bots or watches them, and
/// cheats nobody.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum ChosenSeeds {
    /// A chosen seed only for a match with at most one human seat (open
    /// seats count as human); refused (422 `seed-not-allowed`) otherwise.
    #[default]
    Solo,
    /// A chosen seed for any match: for tests and private servers only
    /// (`arbiter serve --any-seed`), where nobody can be cheated.
    Any,
}

impl ChosenSeeds {
    /// Whether a match with `humans` human seats may have a chosen seed.
    pub fn allows(self, humans: usize) -> bool {
        match self {
            ChosenSeeds::Solo => humans <= 1,
            ChosenSeeds::Any => true,
        }
    }
}

impl Default for ServerConfig {
    fn default() -> Self {
        ServerConfig {
            addr: SocketAddr::from(([127, 0, 0, 1], 8080)),
            database: "arbiter.db".into(),
            durability: Durability::Full,
            limits: Limits::default(),
            bots: BotLimits::default(),
            chosen_seeds: ChosenSeeds::Solo,
            connections: ConnectionLimits::default(),
            integrity_check: true,
        }
    }
}

/// Limits on connections, so that no client can hold what real users
/// need: descriptors, memory, the server's attention.
#[derive(Clone, Debug)]
pub struct ConnectionLimits {
    /// Seconds a connection has to send a whole request header, from when it
    /// connects or from its previous answer: a slow header, or a keep-alive
    /// connection idle that long, is closed (WebSockets are not affected).
    pub header_seconds: f64,
    /// Seconds a request has to send its whole body once its header is in
    /// (a body sent slowly, byte by byte, is answered with a JSON 408
    /// `body-timeout` and the connection closed); 0 turns the limit off.
    pub body_seconds: f64,
    /// Seconds between the pings a WebSocket is sent: a socket that has
    /// answered nothing (no pong, no message) since the previous ping is
    /// closed, so dead peers don't hold a socket; 0 turns pings off.
    pub ping_seconds: f64,
    /// Reverse proxies whose `X-Forwarded-For` is believed: a request that
    /// comes through one counts against the per-address limits (requests
    /// per second, AI matches) of the client the proxy names (the header's
    /// last address that is not itself a trusted proxy), and the proxy's
    /// own connections count only against the overall cap.
    pub trusted_proxies: Vec<std::net::IpAddr>,
    /// Open connections (HTTP and WebSocket) at most, overall; also kept
    /// below the process's descriptor limit less
    /// [`ConnectionLimits::reserved_descriptors`].
    pub max_connections: usize,
    /// Open connections at most from one client address.
    pub per_address: usize,
    /// Open WebSockets at most, overall (each costs memory while idle).
    pub max_sockets: usize,
    /// Descriptors kept free for the database, files and the listener.
    pub reserved_descriptors: usize,
    /// Seconds a shutdown (SIGTERM, Ctrl-C) waits for actions in flight and
    /// bots thinking before the server exits anyway.
    pub shutdown_seconds: f64,
}

impl Default for ConnectionLimits {
    fn default() -> Self {
        ConnectionLimits {
            header_seconds: 20.0,
            body_seconds: 20.0,
            ping_seconds: 30.0,
            trusted_proxies: Vec::new(),
            max_connections: 4096,
            per_address: 64,
            max_sockets: 2048,
            reserved_descriptors: 64,
            shutdown_seconds: 5.0,
        }
    }
}

/// A number of seconds from a setting: zero for a negative or not-a-number
/// value, and at most a day.
pub fn seconds(s: f64) -> Duration {
    Duration::from_secs_f64(if s.is_finite() {
        s.clamp(0.0, 86_400.0)
    } else if s > 0.0 {
        86_400.0
    } else {
        0.0
    })
}

/// Limits on what clients may send, and on what views carry.
#[derive(Clone, Debug)]
pub struct Limits {
    /// Largest request body, in bytes (actions, joins).
    pub body_bytes: usize,
    /// Largest body of `POST /api/matches` (variants may carry figure sets
    /// or a whole quest file).
    pub create_body_bytes: usize,
    /// Largest body of the warband builder's `POST /api/p2v/…` routes
    /// (a warband may travel with the creature cards the player imported).
    pub warband_body_bytes: usize,
    /// Largest WebSocket message answered with an error; larger ones close
    /// the connection.
    pub ws_message_bytes: usize,
    /// WebSocket messages per second allowed per connection (token bucket).
    pub ws_per_second: f64,
    /// WebSocket burst allowance (bucket size).
    pub ws_burst: f64,
    /// A WebSocket connection with more than this many messages refused as
    /// `rate-limited` within [`Limits::ws_flood_seconds`] is closed (close
    /// code 1008, policy violation, with the reason).
    pub ws_flood_refusals: u32,
    /// The window, in seconds, over which a connection's refused messages
    /// are counted.
    pub ws_flood_seconds: f64,
    /// HTTP requests per second allowed per client address (0 turns the limit off).
    pub http_per_second: f64,
    /// HTTP burst allowance per client address.
    pub http_burst: f64,
    /// Most legal actions listed in a view.
    pub legal_sample: usize,
    /// Decisions kept in a view's `recent` list.
    pub recent_steps: usize,
    /// Most seats in a match.
    pub max_seats: usize,
    /// Longest seat name, in characters.
    pub max_name_chars: usize,
    /// Most tokens in one "my games" query.
    pub max_tokens: usize,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            body_bytes: 64 * 1024,
            create_body_bytes: 1024 * 1024,
            warband_body_bytes: 1024 * 1024,
            ws_message_bytes: 64 * 1024,
            ws_per_second: 20.0,
            ws_burst: 20.0,
            ws_flood_refusals: 50,
            ws_flood_seconds: 10.0,
            http_per_second: 50.0,
            http_burst: 100.0,
            legal_sample: 200,
            recent_steps: 32,
            max_seats: 8,
            max_name_chars: 40,
            max_tokens: 32,
        }
    }
}

/// Limits on bots' thinking, and on the matches that have bots.
#[derive(Clone, Debug)]
pub struct BotLimits {
    /// Seconds per decision for search bots whose description gives no limit.
    pub default_seconds: f64,
    /// The most seconds any bot — random, greedy, heuristic, MCTS,
    /// alpha-beta — may think per decision, whatever it asks: its deadline,
    /// at which it answers with the best decision found so far.
    pub max_seconds: f64,
    /// The most iterations (MCTS) or nodes (heuristic, alpha-beta) per decision.
    pub max_iterations: u64,
    /// Bots thinking at once, across all matches: the threads of the bots'
    /// pool (people's matches first; bot-only matches use all but one).
    pub concurrent: usize,
    /// The most live matches with a bot seat one client address may have
    /// (429 `ai-match-limit` beyond).
    pub per_client: usize,
    /// The most live matches with a bot seat on this server (503 `ai-busy`
    /// beyond).
    pub total: usize,
    /// A match with a human seat stops counting as live for these limits
    /// after this many seconds without a decision (its bots wait on the
    /// person and use nothing); a bot-only match counts until it ends.
    pub idle_seconds: f64,
    /// Whether matches of bots only (no human or open seat) may be created
    /// (`arbiter serve --allow-bot-matches`); refused with 422
    /// `bot-match-not-allowed` otherwise.
    pub bot_matches: bool,
}

impl Default for BotLimits {
    fn default() -> Self {
        BotLimits {
            default_seconds: 0.2,
            max_seconds: 5.0,
            max_iterations: 1_000_000,
            concurrent: std::thread::available_parallelism().map_or(2, |n| n.get()),
            per_client: 8,
            total: 256,
            idle_seconds: 900.0,
            bot_matches: false,
        }
    }
}

impl BotLimits {
    /// The bot as the server runs it: one thread, and at most
    /// [`BotLimits::max_seconds`] and [`BotLimits::max_iterations`] per
    /// decision, however it was described. (Every bot, whatever its kind,
    /// is also built with [`BotLimits::max_duration`] as its deadline.)
    pub fn clamp(&self, spec: BotSpec) -> BotSpec {
        let cap = self.max_seconds.max(0.0);
        let time = |t: Option<f64>, n: Option<u64>| match (t, n) {
            (Some(t), _) => Some(t.min(cap)),
            (None, Some(_)) => Some(cap),
            (None, None) => Some(self.default_seconds.clamp(0.0, cap)),
        };
        match spec {
            BotSpec::Mcts { iterations, time: t, depth, exploration, .. } => BotSpec::Mcts {
                iterations: iterations.map(|n| n.min(self.max_iterations)),
                time: time(t, iterations),
                threads: 1,
                depth,
                exploration,
            },
            BotSpec::AlphaBeta { time: t, nodes, depth } => {
                BotSpec::AlphaBeta { time: time(t, nodes), nodes: nodes.map(|n| n.min(self.max_iterations)), depth }
            }
            BotSpec::Heuristic { depth, time: t, nodes } => BotSpec::Heuristic {
                depth,
                time: Some(t.map_or(cap, |t| t.min(cap))),
                nodes: nodes.map(|n| n.min(self.max_iterations)),
            },
            other => other,
        }
    }

    /// The thinking time cap as a duration (no cap for a value too large
    /// for one).
    pub fn max_duration(&self) -> Duration {
        Duration::try_from_secs_f64(self.max_seconds.max(0.0)).unwrap_or(Duration::MAX)
    }
}

/// Opens the store a database setting names: PostgreSQL for a
/// `postgres://` or `postgresql://` URL, SQLite otherwise. May be called
/// from async code; the store is meant for [`crate::db::Db`].
pub fn open_store(database: &str, durability: Durability) -> Result<Box<dyn Store>, StoreError> {
    open_store_checked(database, durability, false)
}

/// [`open_store`], and with `integrity_check` a SQLite file is first
/// checked ([`SqliteStore::quick_check`]): a damaged one is refused with
/// [`StoreError::Damaged`], which says how to recover it.
pub fn open_store_checked(
    database: &str,
    durability: Durability,
    integrity_check: bool,
) -> Result<Box<dyn Store>, StoreError> {
    let d = database.trim();
    if d.starts_with("postgres://") || d.starts_with("postgresql://") {
        return Ok(Box::new(PostgresStore::connect(d)?));
    }
    if d.contains("://") {
        return Err(StoreError::Unsupported(format!(
            "'{}' is neither a SQLite file nor a postgres:// URL",
            d.split("://").next().unwrap_or_default().chars().take(20).collect::<String>()
        )));
    }
    if d == ":memory:" || d == "sqlite::memory:" {
        return Ok(Box::new(SqliteStore::open_in_memory()?));
    }
    let path = d.strip_prefix("sqlite://").or_else(|| d.strip_prefix("sqlite:")).unwrap_or(d);
    if path.is_empty() {
        return Err(StoreError::Unsupported("the database path is empty".into()));
    }
    let path = PathBuf::from(path);
    let store = match SqliteStore::open(&path, durability) {
        Ok(store) => store,
        // Not a database at all (its header overwritten): as damaged.
        Err(StoreError::Database(m)) if integrity_check && m.contains("not a database") => {
            return Err(StoreError::Damaged { path: path.display().to_string(), problems: m });
        }
        Err(e) => return Err(e),
    };
    if integrity_check {
        store.quick_check(&path)?;
    }
    Ok(Box::new(store))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bots_are_clamped_to_one_thread_and_the_time_cap() {
        let limits = BotLimits {
            default_seconds: 0.2,
            max_seconds: 1.0,
            max_iterations: 1000,
            concurrent: 1,
            ..BotLimits::default()
        };
        let spec: BotSpec = "mcts:time=100,threads=8,iters=99999".parse().unwrap();
        assert_eq!(
            limits.clamp(spec),
            BotSpec::Mcts { iterations: Some(1000), time: Some(1.0), threads: 1, depth: 8, exploration: 1.0 }
        );
        let spec: BotSpec = "mcts".parse().unwrap();
        assert!(matches!(limits.clamp(spec), BotSpec::Mcts { time: Some(t), .. } if t == 0.2));
        let spec: BotSpec = "alphabeta:nodes=5".parse().unwrap();
        assert_eq!(limits.clamp(spec), BotSpec::AlphaBeta { time: Some(1.0), nodes: Some(5), depth: 64 });
        assert_eq!(limits.clamp(BotSpec::Greedy), BotSpec::Greedy);
        // The heuristic bot thinks at most the cap, and deepens until then.
        let spec: BotSpec = "heuristic:depth=4".parse().unwrap();
        assert_eq!(limits.clamp(spec), BotSpec::Heuristic { depth: 4, time: Some(1.0), nodes: None });
        let spec: BotSpec = "heuristic:depth=2,time=30,nodes=99999".parse().unwrap();
        assert_eq!(limits.clamp(spec), BotSpec::Heuristic { depth: 2, time: Some(1.0), nodes: Some(1000) });
    }

    #[test]
    fn database_settings_are_read() {
        assert!(open_store("sqlite::memory:", Durability::Normal).is_ok());
        // A PostgreSQL URL is taken as one: with nothing listening, the
        // error is about connecting.
        let e = open_store("postgres://arbiter@127.0.0.1:1/arbiter?connect_timeout=2", Durability::Full).err();
        assert!(
            matches!(&e, Some(StoreError::Database(m)) if m.contains("PostgreSQL")),
            "{:?}",
            e.map(|e| e.to_string())
        );
        assert!(matches!(open_store("mysql://x/y", Durability::Full), Err(StoreError::Unsupported(_))));
        assert!(matches!(open_store("sqlite:", Durability::Full), Err(StoreError::Unsupported(_))));
    }
}
