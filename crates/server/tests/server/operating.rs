//! Operating the server: a shutdown closes every WebSocket with a reason and
//! refuses new work; a server process sent SIGTERM while its bot thinks
//! exits soon, and the match carries on after a restart; a damaged SQLite
//! file is refused at start with the command to recover it.
//!
//! No assertion is on a tight duration: a process that should exit within
//! a few seconds is given twenty, while its bot would think for sixty.

#![allow(clippy::unwrap_used, clippy::panic)]

use crate::common::*;
use arbiter_server::{AppState, ConnectionLimits, ServerConfig, router};
use futures_util::StreamExt;
use serde_json::{Value, json};
use std::io::{BufRead, BufReader, Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::tungstenite::protocol::frame::coding::CloseCode;

on_every_backend!(
    a_shutdown_closes_sockets_with_a_reason_and_refuses_new_work;
    sync: sigterm_while_a_bot_thinks_exits_soon_and_the_match_resumes,
);

async fn a_shutdown_closes_sockets_with_a_reason_and_refuses_new_work(backend: Backend) {
    let db = backend.scratch("shutdown");
    let connections = ConnectionLimits { shutdown_seconds: 5.0, ..ConnectionLimits::default() };
    let state = AppState::open(ServerConfig { connections, ..config(&db.url) }).await.unwrap();
    let app = router(state.clone());
    let created =
        create(&app, json!({ "game": "essence", "seats": [{ "controller": "human" }, { "controller": "human" }] }))
            .await;
    let (id, t) = (created["id"].as_str().unwrap().to_string(), token(&created, 0));
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
    let server = tokio::spawn(arbiter_server::serve_until(listener, state.clone(), async move {
        let _ = stopped.await;
    }));
    let (mut ws, _) =
        tokio_tungstenite::connect_async(format!("ws://{addr}/api/matches/{id}/ws?token={t}")).await.unwrap();
    let first = ws.next().await.unwrap().unwrap();
    assert!(matches!(first, Message::Text(_)), "{first:?}");
    stop.send(()).unwrap();
    let close = tokio::time::timeout(Duration::from_secs(15), async {
        loop {
            match ws.next().await {
                Some(Ok(Message::Close(frame))) => return frame,
                Some(Ok(_)) => {}
                other => panic!("the socket ended without a close frame: {other:?}"),
            }
        }
    })
    .await
    .expect("no close frame within 15 s")
    .expect("a close frame with a reason");
    assert_eq!(close.code, CloseCode::Away);
    assert!(close.reason.contains("shutting down"), "{}", close.reason);
    tokio::time::timeout(Duration::from_secs(15), server).await.expect("the server stopped").unwrap().unwrap();
    assert!(state.is_closing());
    // Whatever still reaches the state is refused, unchanged.
    let v = view(&app, &id, Some(&t)).await;
    let (status, refused) = act(&app, &id, &t, &v["legal"][0]).await;
    assert_eq!((status.as_u16(), refused["error"].as_str()), (503, Some("shutting-down")), "{refused}");
    let (status, health) = call(&app, "GET", "/healthz", None).await;
    assert_eq!((status.as_u16(), health["error"].as_str()), (503, Some("shutting-down")));
    assert_eq!(view(&app, &id, Some(&t)).await["len"], v["len"]);
}

/// `arbiter-server-dev` as a child process.
struct Process {
    child: Child,
    addr: SocketAddr,
}

impl Process {
    fn start(db: &str, bot_max_seconds: &str) -> Process {
        let mut child = Command::new(env!("CARGO_BIN_EXE_arbiter-server-dev"))
            .args(["--db", db, "--port", "0", "--bot-max-seconds", bot_max_seconds, "--no-rate-limit"])
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        let mut line = String::new();
        BufReader::new(child.stdout.take().unwrap()).read_line(&mut line).unwrap();
        let addr = line.trim().strip_prefix("listening on http://").unwrap_or_else(|| panic!("not started: {line}"));
        Process { addr: addr.parse().unwrap(), child }
    }

    fn http(&self, method: &str, path: &str, body: Option<&Value>) -> (u16, Value) {
        let body = body.map(Value::to_string).unwrap_or_default();
        let mut s = TcpStream::connect(self.addr).unwrap();
        s.set_read_timeout(Some(Duration::from_secs(20))).unwrap();
        write!(
            s,
            "{method} {path} HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
            body.len()
        )
        .unwrap();
        let mut answer = String::new();
        s.read_to_string(&mut answer).unwrap();
        let status: u16 = answer.split(' ').nth(1).unwrap().parse().unwrap();
        let (_, text) = answer.split_once("\r\n\r\n").unwrap();
        (status, serde_json::from_str(text).unwrap_or(Value::Null))
    }
}

impl Drop for Process {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn sigterm_while_a_bot_thinks_exits_soon_and_the_match_resumes(backend: Backend) {
    let fresh = backend.fresh("sigterm");
    let server = Process::start(&fresh.url, "60");
    // The bot moves first and would think for a minute.
    let (status, created) = server.http(
        "POST",
        "/api/matches",
        Some(&json!({ "game": "essence", "seats": [{ "controller": "mcts:time=60" }, { "controller": "human" }] })),
    );
    assert_eq!(status, 201, "{created}");
    let (id, t) =
        (created["id"].as_str().unwrap().to_string(), created["seats"][1]["token"].as_str().unwrap().to_string());
    let (_, v) = server.http("GET", &format!("/api/matches/{id}?token={t}"), None);
    assert!(v["awaiting"].as_str().unwrap().contains("thinking"), "{v}");
    std::thread::sleep(Duration::from_millis(300));
    let mut server = server;
    let pid = server.child.id().to_string();
    assert!(Command::new("kill").args(["-TERM", &pid]).status().unwrap().success());
    let start = Instant::now();
    let exit = loop {
        if let Some(exit) = server.child.try_wait().unwrap() {
            break exit;
        }
        assert!(start.elapsed() < Duration::from_secs(20), "still running 20 s after SIGTERM");
        std::thread::sleep(Duration::from_millis(20));
    };
    assert!(exit.success(), "{exit:?}");
    // A restart resumes the match: its bot, now held to a short think, moves.
    let server = Process::start(&fresh.url, "0.05");
    let start = Instant::now();
    loop {
        let (status, v) = server.http("GET", &format!("/api/matches/{id}?token={t}"), None);
        assert_eq!(status, 200, "{v}");
        assert!(v["problem"].is_null(), "{v}");
        if v["your_turn"] == json!(true) {
            break;
        }
        assert!(start.elapsed() < Duration::from_secs(20), "the bot did not move after the restart: {v}");
        std::thread::sleep(Duration::from_millis(20));
    }
}

#[test]
fn a_damaged_sqlite_file_is_refused_with_the_command_to_recover() {
    let dir = temp_dir("damaged");
    let path = dir.join("arbiter.db");
    let url = path.to_string_lossy().into_owned();
    let runtime = tokio::runtime::Builder::new_multi_thread().worker_threads(2).enable_all().build().unwrap();
    runtime.block_on(async {
        let state = AppState::open(config(&url)).await.unwrap();
        let app = router(state);
        for seed in 0..12u64 {
            let created = create(
                &app,
                json!({ "game": "essence", "seats": [{ "controller": "human" }, { "controller": "human" }], "seed": seed }),
            )
            .await;
            let (id, t) = (created["id"].as_str().unwrap(), token(&created, 0));
            let v = view(&app, id, Some(&t)).await;
            let (status, _) = act(&app, id, &t, &v["legal"][0]).await;
            assert_eq!(status.as_u16(), 200);
        }
    });
    runtime.shutdown_timeout(Duration::from_secs(5));
    let page: u64 = closed(&path);
    // The file is fine so far.
    let runtime = tokio::runtime::Builder::new_multi_thread().worker_threads(2).enable_all().build().unwrap();
    assert!(runtime.block_on(AppState::open(config(&url))).is_ok());
    runtime.shutdown_timeout(Duration::from_secs(5));
    closed(&path);
    // The last page overwritten.
    let len = std::fs::metadata(&path).unwrap().len();
    assert!(len >= 4 * page, "{len}");
    let mut file = std::fs::OpenOptions::new().write(true).open(&path).unwrap();
    std::io::Seek::seek(&mut file, std::io::SeekFrom::Start(len - page)).unwrap();
    file.write_all(&vec![0x5a; page as usize]).unwrap();
    drop(file);
    let runtime = tokio::runtime::Builder::new_multi_thread().worker_threads(2).enable_all().build().unwrap();
    let refused = runtime.block_on(AppState::open(config(&url))).err().expect("a damaged file is refused");
    let message = refused.to_string();
    assert!(message.contains("is damaged"), "{message}");
    assert!(message.contains(".recover") && message.contains(&url), "{message}");
    // An operator who must may still start without the check.
    let unchecked = ServerConfig { integrity_check: false, ..config(&url) };
    let _ = runtime.block_on(AppState::open(unchecked));
    runtime.shutdown_timeout(Duration::from_secs(5));
    let _ = std::fs::remove_dir_all(&dir);
}

/// Waits until every connection to the SQLite file at `path` is closed
/// (its write-ahead log is gone) with everything in the main file; returns
/// its page size.
fn closed(path: &std::path::Path) -> u64 {
    let conn = rusqlite::Connection::open(path).unwrap();
    conn.query_row("PRAGMA wal_checkpoint(TRUNCATE)", [], |_| Ok(())).unwrap();
    let page: i64 = conn.query_row("PRAGMA page_size", [], |r| r.get(0)).unwrap();
    drop(conn);
    let wal = path.with_extension("db-wal");
    let start = Instant::now();
    while wal.exists() {
        assert!(start.elapsed() < Duration::from_secs(15), "the database is still open");
        std::thread::sleep(Duration::from_millis(10));
    }
    page as u64
}
