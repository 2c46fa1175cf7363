//! The game server's load test: at least 500 concurrent human-vs-human
//! Essence matches over WebSockets on loopback, both seats of each driven
//! by this program, for a fixed time; reports actions per second and the
//! p50/p99 latency from sending an action to its `accepted` answer (sent
//! once the action is committed). Bounded: it stops by itself.
//!
//! ```text
//! cargo run --release -p arbiter-server --example load -- \
//!     [--database FILE|postgres://…] [--matches 500] [--seconds 20] [--think-ms 0]
//!     [--durability full|normal] [--no-group-commit] [--nagle] [--seed N]
//! ```
//!
//! The server runs in this process, on the same Tokio runtime as the
//! clients (so they share the machine's cores). Without `--database` it
//! uses a new SQLite file in the temporary directory, removed afterwards;
//! with a PostgreSQL URL it works in a new schema of that database, dropped
//! afterwards. `--think-ms` pauses before each action (50–150 % of it, at
//! random); 0 acts as soon as a seat's turn comes, which saturates the
//! server. `--no-group-commit` commits every action by itself, and
//! `--nagle` leaves Nagle's algorithm on for the server's sockets
//! (`serve_on` sets TCP_NODELAY; the clients always do), for comparison. The per-connection WebSocket limit (20 messages a second) is
//! raised for the test; everything else is the default configuration.
//! Results and how to read them: `docs/performance.md`, "Game server".

mod driver;

use arbiter_server::store::{MatchRow, RollParts, Store, StoreError, StoredMatch};
use arbiter_server::{AppState, Durability, Registry, ServerConfig};
use std::process::ExitCode;
use std::time::Duration;

/// A store that commits every call by itself: group commit off.
struct Ungrouped(Box<dyn Store>);

impl Store for Ungrouped {
    fn migrate(&mut self) -> Result<u32, StoreError> {
        self.0.migrate()
    }
    fn insert_match(&mut self, row: &MatchRow, tokens: &[(u8, String)], d: &[String]) -> Result<(), StoreError> {
        self.0.insert_match(row, tokens, d)
    }
    fn append(&mut self, id: &str, first: usize, d: &[String], outcome: Option<&str>) -> Result<(), StoreError> {
        self.0.append(id, first, d, outcome)
    }
    fn undo_last(&mut self, id: &str, len: usize) -> Result<(), StoreError> {
        self.0.undo_last(id, len)
    }
    fn put_roll_parts(&mut self, id: &str, parts: Option<&RollParts>) -> Result<(), StoreError> {
        self.0.put_roll_parts(id, parts)
    }
    fn roll_parts(&mut self, id: &str) -> Result<Option<RollParts>, StoreError> {
        self.0.roll_parts(id)
    }
    fn claim_seat(&mut self, id: &str, seat: u8, hash: &str, name: Option<&str>) -> Result<bool, StoreError> {
        self.0.claim_seat(id, seat, hash, name)
    }
    fn unfinished(&mut self) -> Result<Vec<StoredMatch>, StoreError> {
        self.0.unfinished()
    }
    fn load(&mut self, id: &str) -> Result<Option<StoredMatch>, StoreError> {
        self.0.load(id)
    }
    fn matches_for_tokens(&mut self, hashes: &[String]) -> Result<Vec<(MatchRow, u8)>, StoreError> {
        self.0.matches_for_tokens(hashes)
    }
}

struct Args {
    database: Option<String>,
    options: driver::Options,
    durability: Durability,
    group: bool,
}

fn parse() -> Result<Args, String> {
    let mut a = Args {
        database: None,
        options: driver::Options {
            matches: 500,
            duration: Duration::from_secs(20),
            think: Duration::ZERO,
            seed: 1,
            server_nagle: false,
        },
        durability: Durability::Full,
        group: true,
    };
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        let mut value = || args.next().ok_or_else(|| format!("{arg} needs a value"));
        let number = |v: String| v.parse::<f64>().map_err(|_| format!("'{v}' is not a number"));
        match arg.as_str() {
            "--database" => a.database = Some(value()?),
            "--matches" => a.options.matches = value()?.parse().map_err(|_| "--matches needs a count")?,
            "--seconds" => a.options.duration = Duration::from_secs_f64(number(value()?)?.clamp(0.1, 3600.0)),
            "--think-ms" => a.options.think = Duration::from_secs_f64(number(value()?)?.clamp(0.0, 60_000.0) / 1000.0),
            "--seed" => a.options.seed = value()?.parse().map_err(|_| "--seed needs a number")?,
            "--durability" => {
                a.durability = match value()?.as_str() {
                    "full" => Durability::Full,
                    "normal" => Durability::Normal,
                    other => return Err(format!("--durability is full or normal, not '{other}'")),
                }
            }
            "--no-group-commit" => a.group = false,
            "--nagle" => a.options.server_nagle = true,
            other => return Err(format!("unknown argument '{other}'")),
        }
    }
    Ok(a)
}

/// The database to test on, and how to clean it up.
enum Scratch {
    Dir(std::path::PathBuf),
    Schema { base: String, schema: String },
}

fn pg(url: &str, sql: &str) -> Result<(), String> {
    let mut c = postgres::Client::connect(url, postgres::NoTls).map_err(|e| format!("PostgreSQL: {e}"))?;
    c.batch_execute(sql).map_err(|e| format!("PostgreSQL: {e}"))
}

fn scratch(database: Option<&str>) -> Result<(String, Scratch), String> {
    match database {
        Some(url) if url.starts_with("postgres://") || url.starts_with("postgresql://") => {
            let schema = format!("arbiter_load_{}", std::process::id());
            pg(url, &format!("DROP SCHEMA IF EXISTS {schema} CASCADE; CREATE SCHEMA {schema}"))?;
            let sep = if url.contains('?') { '&' } else { '?' };
            Ok((format!("{url}{sep}options=-csearch_path%3D{schema}"), Scratch::Schema { base: url.into(), schema }))
        }
        Some(file) => {
            if std::path::Path::new(file).exists() {
                return Err(format!("{file} exists; the load test wants a new database"));
            }
            Ok((file.into(), Scratch::Dir(std::path::PathBuf::new())))
        }
        None => {
            let dir = std::env::temp_dir().join(format!("arbiter-load-{}", std::process::id()));
            std::fs::create_dir_all(&dir).map_err(|e| e.to_string())?;
            Ok((dir.join("load.db").to_string_lossy().into_owned(), Scratch::Dir(dir)))
        }
    }
}

fn main() -> ExitCode {
    let args = match parse() {
        Ok(a) => a,
        Err(e) => {
            eprintln!("load: {e}");
            return ExitCode::from(2);
        }
    };
    let (database, cleanup) = match scratch(args.database.as_deref()) {
        Ok(s) => s,
        Err(e) => {
            eprintln!("load: {e}");
            return ExitCode::FAILURE;
        }
    };
    let backend = if matches!(cleanup, Scratch::Schema { .. }) { "PostgreSQL" } else { "SQLite" };
    let mut config =
        ServerConfig { database: database.clone(), durability: args.durability, ..ServerConfig::default() };
    config.limits.http_per_second = 0.0;
    // The load test replays known games between two seats it plays itself.
    config.chosen_seeds = arbiter_server::ChosenSeeds::Any;
    config.limits.ws_per_second = 1000.0;
    config.limits.ws_burst = 1000.0;
    let o = &args.options;
    println!(
        "load: {backend} ({}), {} matches, {} s, think {} ms, group commit {}, server TCP_NODELAY {}, {} cores",
        if backend == "SQLite" {
            format!("synchronous = {:?}", args.durability).to_uppercase()
        } else {
            "default settings".into()
        },
        o.matches,
        o.duration.as_secs_f64(),
        o.think.as_millis(),
        if args.group { "on" } else { "off" },
        if o.server_nagle { "off" } else { "on" },
        std::thread::available_parallelism().map_or(1, |n| n.get()),
    );
    let result =
        tokio::runtime::Builder::new_multi_thread().enable_all().build().map_err(|e| e.to_string()).and_then(|rt| {
            rt.block_on(async {
                let store =
                    arbiter_server::config::open_store(&database, args.durability).map_err(|e| e.to_string())?;
                let store: Box<dyn Store> = if args.group { store } else { Box::new(Ungrouped(store)) };
                let state =
                    AppState::with_store(config, Registry::standard(), store).await.map_err(|e| e.to_string())?;
                driver::run(state, &args.options).await
            })
        });
    match cleanup {
        Scratch::Dir(dir) if !dir.as_os_str().is_empty() => {
            let _ = std::fs::remove_dir_all(dir);
        }
        Scratch::Dir(_) => {}
        Scratch::Schema { base, schema } => {
            if let Err(e) = pg(&base, &format!("DROP SCHEMA IF EXISTS {schema} CASCADE")) {
                eprintln!("load: could not drop the schema {schema}: {e}");
            }
        }
    }
    match result {
        Ok(report) => {
            println!("load: {}", report.summary());
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("load: {e}");
            ExitCode::FAILURE
        }
    }
}
