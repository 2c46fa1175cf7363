//! The Arbiter game server: every game on main, played over a REST and
//! WebSocket API, with AI seats and durable storage.
//!
//! - [`runner`]: the type-erased match runner — any `G: Game + Evaluate`
//!   behind JSON — and the [`Registry`] of games;
//! - [`state`]: matches in memory, the operations the handlers share, and
//!   the bots, which think off the request path on [`pool`], a fixed set of
//!   threads that serves people's matches first and clients in turn;
//! - [`http`] and [`ws`]: the routes ([`router`]); [`api`]: their messages,
//!   exported as TypeScript to `crates/server/bindings/`;
//! - [`store`], [`sqlite`], [`postgres`] and [`db`]: storage behind one
//!   trait, one schema with numbered migrations, SQLite (WAL) or PostgreSQL
//!   on a dedicated thread that commits in groups;
//! - [`build_api`] and [`warband_api`]: the builders' routes (Ephemeral
//!   figure sets, Path 2 Victory warbands), which hold no state, and
//!   [`p2v_table`]: what Path 2 Victory's browser table draws;
//! - [`config`]: [`ServerConfig`] and its limits; [`token`]: seat tokens,
//!   and the seeds and their commitments;
//! - [`listener`]: the connections, whose every error answer is JSON, even
//!   hyper's own.
//!
//! Every accepted decision is committed before it is acknowledged, and on
//! start every unfinished match is resumed by replaying its decisions, so
//! killing the server loses nothing. The API is documented in `docs/api.md`.
//!
//! ```no_run
//! # async fn run() -> Result<(), arbiter_server::ServerError> {
//! let config = arbiter_server::ServerConfig { database: "arbiter.db".into(), ..Default::default() };
//! arbiter_server::serve(config).await
//! # }
//! ```

pub mod api;
pub mod build_api;
pub mod config;
pub mod db;
pub mod error;
pub mod http;
pub mod listener;
pub mod metrics;
pub mod p2v_table;
mod parts;
pub mod pool;
pub mod postgres;
pub mod reports;
pub mod runner;
pub mod sqlite;
pub mod state;
pub mod store;
pub mod token;
pub mod warband_api;
pub mod ws;

pub use crate::postgres::PostgresStore;
pub use config::{BotLimits, ChosenSeeds, ConnectionLimits, Limits, ServerConfig};
pub use error::{ApiError, ServerError};
pub use http::router;
pub use runner::{GameKind, Kind, Registry, Table};
pub use sqlite::{Durability, SqliteStore};
pub use state::{AppState, LoadReport};
pub use store::{Store, StoreError};

use tokio::net::TcpListener;

/// Opens the database, resumes every unfinished match, and serves the API on
/// `config.addr` until Ctrl-C (or SIGTERM).
pub async fn serve(config: ServerConfig) -> Result<(), ServerError> {
    let addr = config.addr;
    let state = AppState::open(config).await?;
    let listener = TcpListener::bind(addr).await.map_err(|source| ServerError::Bind { addr, source })?;
    let report = state.load_report();
    eprintln!(
        "arbiter: serving on http://{} ({} unfinished matches resumed)",
        listener.local_addr().unwrap_or(addr),
        report.resumed
    );
    for (id, why) in &report.failed {
        eprintln!("arbiter: match {id} could not be resumed and is left as stored: {why}");
    }
    serve_on(listener, state).await
}

/// [`serve`] on a new multi-threaded Tokio runtime, blocking until the
/// server stops: for callers without a runtime of their own (the CLI).
/// Bots still thinking when the server has shut down are not waited for:
/// their threads are left to the process's exit.
pub fn serve_blocking(config: ServerConfig) -> Result<(), ServerError> {
    let runtime = tokio::runtime::Builder::new_multi_thread().enable_all().build()?;
    let result = runtime.block_on(serve(config));
    runtime.shutdown_timeout(std::time::Duration::from_millis(100));
    result
}

/// Serves the API for `state` on a bound listener until Ctrl-C (or SIGTERM).
pub async fn serve_on(listener: TcpListener, state: AppState) -> Result<(), ServerError> {
    serve_until(listener, state, shutdown()).await
}

/// Serves the API for `state` on a bound listener until `stop` completes,
/// then shuts down gracefully ([`listener::serve_connections`]: in-flight
/// actions commit, bots finish their decision, sockets are closed with a
/// reason, within `shutdown_seconds`). Client addresses are passed on for
/// the per-client limits. Sockets send at once (`TCP_NODELAY`): an
/// action's `accepted` and the view that follows it are two small writes,
/// and with Nagle's algorithm the second could wait for a delayed ACK
/// (40 ms on Linux). Every error answer is JSON, even those hyper writes
/// itself ([`listener`]).
pub async fn serve_until(
    listener: TcpListener,
    state: AppState,
    stop: impl Future<Output = ()> + Send + 'static,
) -> Result<(), ServerError> {
    listener::serve_connections(listener, state, stop).await.map_err(ServerError::Io)
}

async fn shutdown() {
    let ctrl_c = async {
        let _ = tokio::signal::ctrl_c().await;
    };
    #[cfg(unix)]
    let term = async {
        match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(mut s) => {
                s.recv().await;
            }
            Err(_) => std::future::pending::<()>().await,
        }
    };
    #[cfg(not(unix))]
    let term = std::future::pending::<()>();
    tokio::select! {
        () = ctrl_c => {}
        () = term => {}
    }
}
