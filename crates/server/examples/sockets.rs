//! What an idle WebSocket costs the server: opens `--sockets` spectator
//! sockets on one match, over loopback, to a server running in a child
//! process (this program, started again with `--serve`), and reports the
//! growth of the server's resident memory per socket. Bounded: at most
//! 20,000 sockets, and it gives up after `--seconds`.
//!
//! ```text
//! cargo run --release -p arbiter-server --example sockets -- [--sockets 2000] [--seconds 120]
//! ```
//!
//! The server is the default configuration but for its caps (raised to let
//! the sockets in) and its rate limit (off); its database is a new SQLite
//! file in the temporary directory, removed afterwards. Each socket gets
//! the match's view once and then stays idle, as a spectator's does. The
//! memory is the child's `VmRSS` (Linux), read after 50 sockets and after
//! all of them. Results: `docs/performance.md`, "Memory per WebSocket".

use futures_util::StreamExt;
use std::io::{BufRead, BufReader, Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::process::{Command, ExitCode, Stdio};
use std::time::{Duration, Instant};

/// Sockets opened before the baseline is read.
const WARM: usize = 50;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.first().map(String::as_str) == Some("--serve") {
        return serve(args.get(1).cloned().unwrap_or_default(), args.get(2).and_then(|n| n.parse().ok()).unwrap_or(0));
    }
    let mut sockets = 2000usize;
    let mut seconds = 120u64;
    let mut it = args.iter();
    while let Some(arg) = it.next() {
        let value = it.next().and_then(|v| v.parse::<u64>().ok());
        match (arg.as_str(), value) {
            ("--sockets", Some(n)) if (WARM as u64 + 1..=20_000).contains(&n) => sockets = n as usize,
            ("--seconds", Some(s)) if (1..=600).contains(&s) => seconds = s,
            _ => {
                eprintln!("usage: sockets [--sockets 51..20000] [--seconds 1..600]");
                return ExitCode::from(2);
            }
        }
    }
    match measure(sockets, Duration::from_secs(seconds)) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("sockets: {e}");
            ExitCode::FAILURE
        }
    }
}

/// The child: a server on a free loopback port, its address on the first line.
fn serve(db: String, sockets: usize) -> ExitCode {
    let _ = rlimit::increase_nofile_limit(u64::MAX);
    let mut config = arbiter_server::ServerConfig { database: db, ..arbiter_server::ServerConfig::default() };
    config.limits.http_per_second = 0.0;
    config.connections.max_sockets = sockets + 10;
    config.connections.max_connections = sockets + 100;
    config.connections.per_address = sockets + 100;
    let Ok(runtime) = tokio::runtime::Builder::new_multi_thread().enable_all().build() else {
        return ExitCode::FAILURE;
    };
    let served = runtime.block_on(async move {
        let state = arbiter_server::AppState::open(config).await.map_err(|e| e.to_string())?;
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.map_err(|e| e.to_string())?;
        println!("listening on {}", listener.local_addr().map_err(|e| e.to_string())?);
        let _ = std::io::stdout().flush();
        arbiter_server::serve_on(listener, state).await.map_err(|e| e.to_string())
    });
    runtime.shutdown_timeout(Duration::from_millis(100));
    match served {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("sockets (server): {e}");
            ExitCode::FAILURE
        }
    }
}

/// The child's resident memory, in kB.
fn rss_kb(pid: u32) -> Result<u64, String> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).map_err(|e| format!("no /proc: {e}"))?;
    status
        .lines()
        .find_map(|l| l.strip_prefix("VmRSS:"))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
        .ok_or_else(|| "no VmRSS".to_string())
}

fn create_match(addr: SocketAddr) -> Result<String, String> {
    let body = r#"{"game":"essence","seats":[{"controller":"human"},{"controller":"human"}]}"#;
    let mut s = TcpStream::connect(addr).map_err(|e| e.to_string())?;
    write!(
        s,
        "POST /api/matches HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    )
    .map_err(|e| e.to_string())?;
    let mut answer = String::new();
    s.read_to_string(&mut answer).map_err(|e| e.to_string())?;
    let json = answer.split_once("\r\n\r\n").map(|(_, b)| b).unwrap_or_default();
    let v: serde_json::Value = serde_json::from_str(json).map_err(|e| format!("{e}: {answer}"))?;
    v["id"].as_str().map(String::from).ok_or_else(|| format!("no match created: {answer}"))
}

fn measure(sockets: usize, limit: Duration) -> Result<(), String> {
    let _ = rlimit::increase_nofile_limit(u64::MAX);
    let db = std::env::temp_dir().join(format!("arbiter-sockets-{}.db", std::process::id()));
    let exe = std::env::current_exe().map_err(|e| e.to_string())?;
    let mut child = Command::new(exe)
        .args(["--serve", &db.to_string_lossy(), &sockets.to_string()])
        .stdout(Stdio::piped())
        .spawn()
        .map_err(|e| e.to_string())?;
    let mut line = String::new();
    if let Some(out) = child.stdout.take() {
        let _ = BufReader::new(out).read_line(&mut line);
    }
    let result = (|| {
        let addr: SocketAddr =
            line.trim().strip_prefix("listening on ").and_then(|a| a.parse().ok()).ok_or("the server did not start")?;
        let id = create_match(addr)?;
        let url = format!("ws://{addr}/api/matches/{id}/ws");
        let runtime = tokio::runtime::Builder::new_multi_thread()
            .worker_threads(1)
            .enable_all()
            .build()
            .map_err(|e| e.to_string())?;
        runtime.block_on(async {
            let start = Instant::now();
            let mut open = Vec::with_capacity(sockets);
            let mut base = 0;
            for n in 0..sockets {
                if start.elapsed() > limit {
                    return Err(format!("gave up after {} s with {n} sockets open", limit.as_secs()));
                }
                let (mut ws, _) = tokio_tungstenite::connect_async(url.as_str()).await.map_err(|e| e.to_string())?;
                // The view, as a spectator gets it on connecting.
                let _ = tokio::time::timeout(Duration::from_secs(10), ws.next()).await;
                open.push(ws);
                if n + 1 == WARM {
                    tokio::time::sleep(Duration::from_millis(500)).await;
                    base = rss_kb(child.id())?;
                }
            }
            tokio::time::sleep(Duration::from_secs(1)).await;
            let after = rss_kb(child.id())?;
            let per = (after.saturating_sub(base)) as f64 / (sockets - WARM) as f64;
            println!(
                "{sockets} idle WebSockets: server RSS {base} kB after {WARM}, {after} kB after all: {per:.1} kB per socket \
                 ({:.0} MB per 1,000); opened in {:.1} s",
                per * 1000.0 / 1024.0,
                start.elapsed().as_secs_f64()
            );
            drop(open);
            Ok::<(), String>(())
        })
    })();
    let _ = child.kill();
    let _ = child.wait();
    for suffix in ["", "-wal", "-shm"] {
        let _ = std::fs::remove_file(format!("{}{suffix}", db.to_string_lossy()));
    }
    result
}
