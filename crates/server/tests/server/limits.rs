//! Every resource bounded, over real loopback sockets: a half-sent header
//! and an idle keep-alive connection are closed after the header timeout;
//! connections are capped per client address and overall, and a refused one
//! gets a JSON 503 while other addresses are still served; WebSockets are
//! capped; `/healthz` and `/metrics` answer.
//!
//! No assertion is on a duration: a connection that should close is given
//! many times its configured timeout.

#![allow(clippy::unwrap_used, clippy::panic)]

use crate::common::*;
use arbiter_server::{AppState, ConnectionLimits, router};
use serde_json::{Value, json};
use std::net::{IpAddr, SocketAddr};
use std::time::{Duration, Instant};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpSocket, TcpStream};

on_every_backend!(
    half_sent_headers_and_idle_connections_are_closed,
    connections_are_capped_per_address_and_overall_with_json_answers,
    websockets_are_capped_with_a_json_answer,
    health_and_metrics_are_served,
    a_body_sent_too_slowly_gets_a_json_408_and_the_connection_closes,
    a_websocket_that_answers_no_ping_is_closed_and_one_that_does_stays,
    behind_a_trusted_proxy_limits_count_the_forwarded_client,
    the_games_list_says_whether_bot_matches_are_hosted,
);

/// A server over a fresh database of the backend with these connection limits.
async fn server_with(backend: &Backend, name: &str, connections: ConnectionLimits) -> (SocketAddr, AppState, FreshDb) {
    server_configured(backend, name, |c| c.connections = connections).await
}

/// A server over a fresh database of the backend, its configuration changed
/// by `change`.
async fn server_configured(
    backend: &Backend,
    name: &str,
    change: impl FnOnce(&mut arbiter_server::ServerConfig),
) -> (SocketAddr, AppState, FreshDb) {
    let db = backend.scratch(name);
    let mut c = config(&db.url);
    change(&mut c);
    let state = AppState::open(c).await.unwrap();
    let addr = serve(state.clone()).await;
    (addr, state, db)
}

/// A connection to `addr` from the loopback address `from` (127.0.0.x).
async fn connect_from(from: [u8; 4], addr: SocketAddr) -> TcpStream {
    let socket = TcpSocket::new_v4().unwrap();
    socket.bind(SocketAddr::new(IpAddr::from(from), 0)).unwrap();
    socket.connect(addr).await.unwrap()
}

/// Reads until the server closes the connection (or 15 s pass: then the
/// connection is still open, and the test fails); returns what was read.
async fn read_until_closed(s: &mut TcpStream) -> String {
    let mut all = Vec::new();
    let read = tokio::time::timeout(Duration::from_secs(15), async {
        let mut buf = [0u8; 4096];
        loop {
            match s.read(&mut buf).await {
                Ok(0) | Err(_) => return,
                Ok(n) => all.extend_from_slice(&buf[..n]),
            }
        }
    })
    .await;
    assert!(read.is_ok(), "the connection is still open 15 s later; it sent: {}", String::from_utf8_lossy(&all));
    String::from_utf8_lossy(&all).into_owned()
}

/// A GET over a new connection from `from`, closing after it: the status
/// and the JSON body.
async fn get_from(from: [u8; 4], addr: SocketAddr, path: &str) -> (u16, Value) {
    let mut s = connect_from(from, addr).await;
    s.write_all(format!("GET {path} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n").as_bytes())
        .await
        .unwrap();
    let answer = read_until_closed(&mut s).await;
    let status = answer.split(' ').nth(1).and_then(|c| c.parse().ok()).unwrap_or(0);
    let body = answer.split_once("\r\n\r\n").map_or("", |(_, b)| b);
    (status, serde_json::from_str(body).unwrap_or(Value::Null))
}

async fn half_sent_headers_and_idle_connections_are_closed(backend: Backend) {
    let limits = ConnectionLimits { header_seconds: 0.5, ..ConnectionLimits::default() };
    let (addr, _state, _db) = server_with(&backend, "slow", limits).await;
    // Half a header, never finished.
    let mut slow = TcpStream::connect(addr).await.unwrap();
    slow.write_all(b"GET /api/games HTTP/1.1\r\nHost: localhost\r\nX-Slow: ").await.unwrap();
    // Nothing at all.
    let mut silent = TcpStream::connect(addr).await.unwrap();
    // One request, then idle on a keep-alive connection.
    let mut idle = TcpStream::connect(addr).await.unwrap();
    idle.write_all(b"GET /api/games HTTP/1.1\r\nHost: localhost\r\n\r\n").await.unwrap();
    let answered = read_until_closed(&mut idle).await;
    assert!(answered.starts_with("HTTP/1.1 200"), "{}", answered.chars().take(200).collect::<String>());
    read_until_closed(&mut slow).await;
    read_until_closed(&mut silent).await;
    // The server still serves.
    assert_eq!(get_from([127, 0, 0, 1], addr, "/api/games").await.0, 200);
}

async fn connections_are_capped_per_address_and_overall_with_json_answers(backend: Backend) {
    let limits = ConnectionLimits { max_connections: 5, per_address: 3, ..ConnectionLimits::default() };
    let (addr, state, _db) = server_with(&backend, "caps", limits).await;
    // One address holds its most connections, idle.
    let mut held = Vec::new();
    for _ in 0..3 {
        held.push(connect_from([127, 0, 0, 1], addr).await);
    }
    wait_for(|| state.metrics().connections.get() == 3).await;
    let (status, body) = get_from([127, 0, 0, 1], addr, "/api/games").await;
    assert_eq!((status, body["error"].as_str()), (503, Some("too-many-connections")), "{body}");
    assert!(body["message"].as_str().unwrap().contains("your address"), "{body}");
    // Another address is still served.
    let (status, games) = get_from([127, 0, 0, 2], addr, "/api/games").await;
    assert_eq!(status, 200, "{games}");
    // Two more from the second address fill the server.
    wait_for(|| state.metrics().connections.get() == 3).await;
    for _ in 0..2 {
        held.push(connect_from([127, 0, 0, 2], addr).await);
    }
    wait_for(|| state.metrics().connections.get() == 5).await;
    let (status, body) = get_from([127, 0, 0, 3], addr, "/api/games").await;
    assert_eq!((status, body["error"].as_str()), (503, Some("too-many-connections")), "{body}");
    // A connection given back is a place for someone else.
    drop(held.pop());
    wait_for(|| state.metrics().connections.get() == 4).await;
    assert_eq!(get_from([127, 0, 0, 3], addr, "/api/games").await.0, 200);
    let metrics = state.metrics_text().await;
    assert!(metrics.contains("arbiter_connections_refused_total{reason=\"per-address\"} 1"), "{metrics}");
    assert!(metrics.contains("arbiter_connections_refused_total{reason=\"overall\"} 1"), "{metrics}");
}

/// Waits (at most 15 s) until `done`.
async fn wait_for(done: impl Fn() -> bool) {
    let start = Instant::now();
    while !done() {
        assert!(start.elapsed() < Duration::from_secs(15), "waited 15 s in vain");
        tokio::time::sleep(Duration::from_millis(5)).await;
    }
}

async fn websockets_are_capped_with_a_json_answer(backend: Backend) {
    let limits = ConnectionLimits { max_sockets: 2, ..ConnectionLimits::default() };
    let (addr, state, _db) = server_with(&backend, "sockets", limits).await;
    let app = router(state.clone());
    let created =
        create(&app, json!({ "game": "essence", "seats": [{ "controller": "human" }, { "controller": "human" }] }))
            .await;
    let url = format!("ws://{addr}/api/matches/{}/ws", created["id"].as_str().unwrap());
    let mut open = Vec::new();
    for _ in 0..2 {
        open.push(tokio_tungstenite::connect_async(url.as_str()).await.unwrap().0);
    }
    match tokio_tungstenite::connect_async(url.as_str()).await {
        Err(tokio_tungstenite::tungstenite::Error::Http(response)) => {
            assert_eq!(response.status().as_u16(), 503);
            let body: Value = serde_json::from_slice(response.body().as_deref().unwrap_or_default()).unwrap();
            assert_eq!(body["error"], "too-many-sockets", "{body}");
        }
        other => panic!("a third socket was not refused: {:?}", other.map(|_| ())),
    }
    assert_eq!(state.open_sockets(), 2);
    drop(open.pop());
    wait_for(|| state.open_sockets() == 1).await;
    open.push(tokio_tungstenite::connect_async(url.as_str()).await.unwrap().0);
    assert_eq!(state.open_sockets(), 2);
}

async fn health_and_metrics_are_served(backend: Backend) {
    let (addr, state, _db) = server_with(&backend, "health", ConnectionLimits::default()).await;
    let (status, health) = http(addr, "GET", "/healthz", None).await;
    assert_eq!((status, health["status"].as_str()), (200, Some("ok")), "{health}");
    let app = router(state.clone());
    let created = create(
        &app,
        json!({ "game": "essence", "seats": [{ "controller": "greedy" }, { "controller": "human" }], "seed": 5 }),
    )
    .await;
    // The bot moves first.
    let (id, t) = (created["id"].as_str().unwrap(), token(&created, 1));
    let v = wait_turn(&app, id, &t).await;
    let (status, answer) = act(&app, id, &t, &v["legal"][0]).await;
    assert_eq!(status, 200, "{answer}");
    let mut s = TcpStream::connect(addr).await.unwrap();
    s.write_all(b"GET /metrics HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n").await.unwrap();
    let text = read_until_closed(&mut s).await;
    assert!(text.starts_with("HTTP/1.1 200") && text.contains("text/plain"), "{text}");
    let value = |name: &str| -> f64 {
        let line =
            text.lines().find(|l| l.starts_with(&format!("{name} "))).unwrap_or_else(|| panic!("{name}: {text}"));
        line.rsplit(' ').next().unwrap().parse().unwrap()
    };
    assert_eq!(value("arbiter_actions_total"), 1.0);
    assert_eq!(value("arbiter_matches_live"), 1.0);
    assert!(value("arbiter_commit_seconds_count") >= 2.0, "the action and the bot's move were committed");
    assert!(value("arbiter_bot_think_seconds_count") >= 1.0);
    assert!(value("arbiter_connections") >= 1.0);
    for name in
        ["arbiter_websockets", "arbiter_bot_queue", "arbiter_bots_thinking", "arbiter_decisions_committed_total"]
    {
        value(name);
    }
}

/// A GET from the loopback address `from` with an `X-Forwarded-For` header.
async fn get_forwarded(from: [u8; 4], addr: SocketAddr, forwarded: &str) -> u16 {
    let mut s = connect_from(from, addr).await;
    let head = format!(
        "GET /api/games HTTP/1.1\r\nHost: localhost\r\nX-Forwarded-For: {forwarded}\r\nConnection: close\r\n\r\n"
    );
    s.write_all(head.as_bytes()).await.unwrap();
    let answer = read_until_closed(&mut s).await;
    answer.split(' ').nth(1).and_then(|c| c.parse().ok()).unwrap_or(0)
}

async fn a_body_sent_too_slowly_gets_a_json_408_and_the_connection_closes(backend: Backend) {
    let limits = ConnectionLimits { body_seconds: 0.5, ..ConnectionLimits::default() };
    let (addr, _state, _db) = server_with(&backend, "slowbody", limits).await;
    let mut s = TcpStream::connect(addr).await.unwrap();
    // The header promises 200 bytes; 10 come, then nothing.
    s.write_all(
        b"POST /api/matches HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 200\r\n\r\n{\"game\": ",
    )
    .await
    .unwrap();
    let answer = read_until_closed(&mut s).await;
    assert!(answer.starts_with("HTTP/1.1 408"), "{answer}");
    let body: Value = serde_json::from_str(answer.split_once("\r\n\r\n").map_or("", |(_, b)| b)).unwrap();
    assert_eq!(body["error"], "body-timeout", "{body}");
    // A body sent whole is read and judged as before.
    let (status, body) = http(addr, "POST", "/api/matches", Some(&json!({ "game": "nope" }))).await;
    assert_eq!((status, body["error"].as_str()), (400, Some("bad-request")), "{body}");
}

async fn a_websocket_that_answers_no_ping_is_closed_and_one_that_does_stays(backend: Backend) {
    use futures_util::StreamExt;
    let limits = ConnectionLimits { ping_seconds: 0.2, ..ConnectionLimits::default() };
    let (addr, state, _db) = server_with(&backend, "ping", limits).await;
    let app = router(state.clone());
    let created =
        create(&app, json!({ "game": "essence", "seats": [{ "controller": "human" }, { "controller": "human" }] }))
            .await;
    let url = format!("ws://{addr}/api/matches/{}/ws", created["id"].as_str().unwrap());
    // A dead peer: connected, then never reads again, so never answers a ping.
    let (dead, _) = tokio_tungstenite::connect_async(url.as_str()).await.unwrap();
    // A live peer: keeps reading, so its client answers every ping.
    let (mut live, _) = tokio_tungstenite::connect_async(url.as_str()).await.unwrap();
    let pings = tokio::spawn(async move {
        let mut pings = 0;
        while let Some(Ok(msg)) = live.next().await {
            if msg.is_ping() {
                pings += 1;
                if pings == 10 {
                    return (pings, live);
                }
            }
        }
        panic!("the live socket was closed after {pings} pings");
    });
    assert_eq!(state.open_sockets(), 2);
    // The dead one goes; the live one stays for ten pings (five intervals
    // after the dead one could have been closed).
    wait_for(|| state.open_sockets() == 1).await;
    let (pings, _live) = tokio::time::timeout(Duration::from_secs(15), pings).await.unwrap().unwrap();
    assert_eq!(pings, 10);
    assert_eq!(state.open_sockets(), 1);
    drop(dead);
}

async fn behind_a_trusted_proxy_limits_count_the_forwarded_client(backend: Backend) {
    let proxy = IpAddr::from([127, 0, 0, 9]);
    let (addr, state, _db) = server_configured(&backend, "proxy", |c| {
        c.connections =
            ConnectionLimits { per_address: 2, trusted_proxies: vec![proxy], ..ConnectionLimits::default() };
        c.limits.http_per_second = 0.01;
        c.limits.http_burst = 2.0;
    })
    .await;
    // The proxy may hold more connections than one address may.
    let mut held = Vec::new();
    for _ in 0..4 {
        held.push(connect_from([127, 0, 0, 9], addr).await);
    }
    wait_for(|| state.metrics().connections.get() == 4).await;
    drop(held);
    wait_for(|| state.metrics().connections.get() == 0).await;
    // Each forwarded client has its own request budget (a burst of 2)...
    assert_eq!(get_forwarded([127, 0, 0, 9], addr, "10.0.0.1").await, 200);
    assert_eq!(get_forwarded([127, 0, 0, 9], addr, "10.0.0.1").await, 200);
    assert_eq!(get_forwarded([127, 0, 0, 9], addr, "10.0.0.1").await, 429);
    // ... which another client behind the same proxy does not share, even
    // claiming to be 10.0.0.1 (the proxy appends the address it saw).
    assert_eq!(get_forwarded([127, 0, 0, 9], addr, "10.0.0.1, 10.0.0.2").await, 200);
    // A client that is not a trusted proxy is not believed: its own address
    // counts, however many addresses it names.
    assert_eq!(get_forwarded([127, 0, 0, 5], addr, "10.0.0.3").await, 200);
    assert_eq!(get_forwarded([127, 0, 0, 5], addr, "10.0.0.4").await, 200);
    assert_eq!(get_forwarded([127, 0, 0, 5], addr, "10.0.0.5").await, 429);
    // Nor may it hold more connections than its share.
    let _a = connect_from([127, 0, 0, 5], addr).await;
    let _b = connect_from([127, 0, 0, 5], addr).await;
    wait_for(|| state.metrics().connections.get() == 2).await;
    let (status, _) = get_from([127, 0, 0, 5], addr, "/api/games").await;
    assert_eq!(status, 503);
}

async fn the_games_list_says_whether_bot_matches_are_hosted(backend: Backend) {
    for allowed in [false, true] {
        let (addr, _state, _db) =
            server_configured(&backend, &format!("botmatches{allowed}"), |c| c.bots.bot_matches = allowed).await;
        let (status, games) = get_from([127, 0, 0, 1], addr, "/api/games").await;
        assert_eq!(status, 200);
        let games = games.as_array().unwrap();
        assert!(!games.is_empty());
        assert!(games.iter().all(|g| g["bot_matches"] == allowed), "{games:?}");
    }
}
