//! A development server: serves the API on a port with a SQLite file, for
//! trying the API by hand and for the process tests (which kill it with
//! SIGKILL and start it again).
//!
//! ```text
//! arbiter-server-dev [--db FILE] [--port N] [--bot-seconds S] [--bot-max-seconds S] [--no-rate-limit] [--any-seed] [--allow-bot-matches]
//! ```
//!
//! `--bot-max-seconds` raises the most a bot may think per decision (the
//! shutdown test has a bot think long).
//!
//! `--any-seed` accepts a chosen seed for any match (the process tests
//! replay known games), not only for one with at most one human seat.
//! `--allow-bot-matches` hosts matches between bots only.
//!
//! `--port 0` picks a free port. The first line on standard output is
//! `listening on http://ADDR`, printed once the port is bound.

use arbiter_server::{AppState, ChosenSeeds, ServerConfig};
use std::io::Write;
use std::net::SocketAddr;
use std::process::ExitCode;

fn usage(why: &str) -> ExitCode {
    eprintln!("arbiter-server-dev: {why}");
    eprintln!(
        "usage: arbiter-server-dev [--db FILE] [--port N] [--bot-seconds S] [--bot-max-seconds S] [--no-rate-limit] \
         [--any-seed] [--allow-bot-matches]"
    );
    ExitCode::from(2)
}

fn main() -> ExitCode {
    let runtime = match tokio::runtime::Builder::new_multi_thread().enable_all().build() {
        Ok(runtime) => runtime,
        Err(e) => {
            eprintln!("arbiter-server-dev: {e}");
            return ExitCode::FAILURE;
        }
    };
    let code = runtime.block_on(run());
    // Bots still thinking are not waited for.
    runtime.shutdown_timeout(std::time::Duration::from_millis(100));
    code
}

async fn run() -> ExitCode {
    let mut config = ServerConfig { database: "arbiter-dev.db".into(), ..ServerConfig::default() };
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        let mut value = |name: &str| args.next().ok_or_else(|| format!("{name} needs a value"));
        match arg.as_str() {
            "--db" => match value("--db") {
                Ok(v) => config.database = v,
                Err(e) => return usage(&e),
            },
            "--port" => match value("--port").map(|v| v.parse::<u16>()) {
                Ok(Ok(p)) => config.addr = SocketAddr::from(([127, 0, 0, 1], p)),
                _ => return usage("--port needs a port number"),
            },
            "--bot-seconds" => match value("--bot-seconds").map(|v| v.parse::<f64>()) {
                Ok(Ok(s)) if s.is_finite() && s >= 0.0 => config.bots.default_seconds = s,
                _ => return usage("--bot-seconds needs a number of seconds"),
            },
            "--bot-max-seconds" => match value("--bot-max-seconds").map(|v| v.parse::<f64>()) {
                Ok(Ok(s)) if s.is_finite() && s >= 0.0 => config.bots.max_seconds = s,
                _ => return usage("--bot-max-seconds needs a number of seconds"),
            },
            "--no-rate-limit" => config.limits.http_per_second = 0.0,
            "--any-seed" => config.chosen_seeds = ChosenSeeds::Any,
            "--allow-bot-matches" => config.bots.bot_matches = true,
            "-h" | "--help" => return usage("a development server for the Arbiter API"),
            other => return usage(&format!("unknown argument '{other}'")),
        }
    }
    let addr = config.addr;
    let state = match AppState::open(config).await {
        Ok(s) => s,
        Err(e) => {
            eprintln!("arbiter-server-dev: {e}");
            return ExitCode::FAILURE;
        }
    };
    let listener = match tokio::net::TcpListener::bind(addr).await {
        Ok(l) => l,
        Err(e) => {
            eprintln!("arbiter-server-dev: could not listen on {addr}: {e}");
            return ExitCode::FAILURE;
        }
    };
    let bound = listener.local_addr().unwrap_or(addr);
    println!("listening on http://{bound}");
    let _ = std::io::stdout().flush();
    eprintln!("arbiter-server-dev: {} unfinished matches resumed", state.load_report().resumed);
    match arbiter_server::serve_on(listener, state).await {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("arbiter-server-dev: {e}");
            ExitCode::FAILURE
        }
    }
}
