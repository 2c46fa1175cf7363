//! The bots' fairness load test: one client floods the server with matches
//! of strong bots, and another person plays a weak bot meanwhile; reports
//! how many of the flood's matches the server took, and how long the
//! person's bot took to answer each move (from the move's `accepted`
//! answer to the view where it is the person's turn again).
//!
//! ```text
//! cargo run --release -p arbiter-server --example bots -- \
//!     [--flood 100] [--flood-bot alphabeta:time=5] [--bot greedy] [--moves 10]
//!     [--allow-bot-matches] [--flood-vs-person] [--per-client N] [--total N] [--threads N]
//! ```
//!
//! The issue's attack: 100 matches of `alphabeta:time=5` against itself,
//! created as fast as one address can, then a person's `greedy` bot. With
//! `--allow-bot-matches` the server hosts matches of bots only (off by
//! default, as on a public server) and its limits on matches with bots
//! apply; without it the flood is refused. `--flood-vs-person` floods
//! matches of the bot (first to move, so it thinks at once) against a
//! human seat instead, which any server hosts: the limits and the pool's
//! rotation of clients are what protect the person then. The person plays
//! legal moves picked by a fixed rule. The server runs in this
//! process on loopback with a new SQLite file in the temporary directory
//! (removed afterwards) and the default configuration otherwise (the
//! per-address request rate limit is off, so that only the bot limits
//! refuse anything). The flood comes from 127.0.0.1 and the person from
//! 127.0.0.2. Results: `docs/performance.md`, "Bots under a flood".

use arbiter_server::{AppState, BotLimits, ServerConfig};
use serde_json::{Value, json};
use std::net::{IpAddr, SocketAddr};
use std::process::ExitCode;
use std::time::{Duration, Instant};
use tokio::io::{AsyncReadExt, AsyncWriteExt};

struct Args {
    flood: usize,
    flood_bot: String,
    bot: String,
    moves: usize,
    vs_person: bool,
    bots: BotLimits,
}

fn parse() -> Result<Args, String> {
    let mut a = Args {
        flood: 100,
        flood_bot: "alphabeta:time=5".into(),
        bot: "greedy".into(),
        moves: 10,
        vs_person: false,
        bots: BotLimits::default(),
    };
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        let mut value = |name: &str| args.next().ok_or_else(|| format!("{name} needs a value"));
        let number = |v: String| v.parse::<usize>().map_err(|_| format!("'{v}' is not a whole number"));
        match arg.as_str() {
            "--flood" => a.flood = number(value("--flood")?)?,
            "--flood-bot" => a.flood_bot = value("--flood-bot")?,
            "--bot" => a.bot = value("--bot")?,
            "--moves" => a.moves = number(value("--moves")?)?.max(1),
            "--allow-bot-matches" => a.bots.bot_matches = true,
            "--flood-vs-person" => a.vs_person = true,
            "--per-client" => a.bots.per_client = number(value("--per-client")?)?,
            "--total" => a.bots.total = number(value("--total")?)?,
            "--threads" => a.bots.concurrent = number(value("--threads")?)?.max(1),
            other => return Err(format!("unknown argument '{other}'")),
        }
    }
    Ok(a)
}

/// One HTTP/1.1 request from a chosen loopback address; the status and
/// the JSON body.
async fn http(from: [u8; 4], addr: SocketAddr, method: &str, path: &str, body: Option<&Value>) -> (u16, Value) {
    let attempt = async {
        let socket = tokio::net::TcpSocket::new_v4()?;
        socket.bind(SocketAddr::new(IpAddr::from(from), 0))?;
        let mut s = socket.connect(addr).await?;
        let body = body.map(Value::to_string).unwrap_or_default();
        let head = format!(
            "{method} {path} HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n",
            body.len()
        );
        s.write_all(head.as_bytes()).await?;
        s.write_all(body.as_bytes()).await?;
        let mut answer = String::new();
        s.read_to_string(&mut answer).await?;
        Ok::<_, std::io::Error>(answer)
    };
    match attempt.await {
        Ok(answer) => {
            let status = answer.split(' ').nth(1).and_then(|s| s.parse().ok()).unwrap_or(0);
            let text = answer.split_once("\r\n\r\n").map_or("", |(_, t)| t);
            (status, serde_json::from_str(text).unwrap_or(Value::Null))
        }
        Err(e) => (0, json!({ "error": e.to_string() })),
    }
}

fn percentile(sorted: &[Duration], p: f64) -> Duration {
    if sorted.is_empty() {
        return Duration::ZERO;
    }
    sorted[((sorted.len() - 1) as f64 * p).round() as usize]
}

async fn run(args: Args) -> Result<(), String> {
    let dir = std::env::temp_dir().join(format!("arbiter-bots-load-{}", std::process::id()));
    std::fs::create_dir_all(&dir).map_err(|e| e.to_string())?;
    let mut config = ServerConfig {
        database: dir.join("bots.db").to_string_lossy().into_owned(),
        bots: args.bots.clone(),
        ..ServerConfig::default()
    };
    config.limits.http_per_second = 0.0;
    let state = AppState::open(config).await.map_err(|e| e.to_string())?;
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.map_err(|e| e.to_string())?;
    let addr = listener.local_addr().map_err(|e| e.to_string())?;
    tokio::spawn(async move {
        let _ = arbiter_server::serve_until(listener, state, std::future::pending()).await;
    });
    println!(
        "server: {} bot threads, bot-only matches {}, at most {} live matches with bots per client and {} in all",
        args.bots.concurrent,
        if args.bots.bot_matches { "allowed" } else { "refused" },
        args.bots.per_client,
        args.bots.total
    );

    // The flood: every creation at once, from one address.
    let flooder = [127, 0, 0, 1];
    let second = if args.vs_person { "human".to_string() } else { args.flood_bot.clone() };
    let flood = json!({ "game": "essence", "seats": [{ "controller": args.flood_bot }, { "controller": second }] });
    let started = Instant::now();
    let answers = futures_util::future::join_all(
        (0..args.flood).map(|_| http(flooder, addr, "POST", "/api/matches", Some(&flood))),
    )
    .await;
    let mut counts: std::collections::BTreeMap<String, usize> = std::collections::BTreeMap::new();
    for (status, body) in &answers {
        let code = if *status == 201 { "created".to_string() } else { format!("{status} {}", body["error"]) };
        *counts.entry(code).or_insert(0) += 1;
    }
    println!(
        "flood: {} creations of {} against {second} in {:.2} s: {counts:?}",
        args.flood,
        args.flood_bot,
        started.elapsed().as_secs_f64()
    );

    // The person: a match against a weak bot, one move at a time.
    let person = [127, 0, 0, 2];
    let game = json!({ "game": "essence", "seats": [{ "controller": "human" }, { "controller": args.bot }] });
    let (status, created) = http(person, addr, "POST", "/api/matches", Some(&game)).await;
    if status != 201 {
        return Err(format!("the person's match was refused ({status}): {created}"));
    }
    let id = created["id"].as_str().unwrap_or_default().to_string();
    let token = created["seats"][0]["token"].as_str().unwrap_or_default().to_string();
    let view_path = format!("/api/matches/{id}?token={token}");
    let mut waits = Vec::new();
    // The creation's view is a spectator's: ask for the person's own.
    let (_, mut view) = http(person, addr, "GET", &view_path, None).await;
    let limit = Duration::from_secs(600);
    let mut n = 0usize;
    'game: for _ in 0..args.moves {
        // The person plays their whole turn …
        loop {
            let legal = view["legal"].as_array().cloned().unwrap_or_default();
            if legal.is_empty() {
                break 'game;
            }
            n += 1;
            let action = legal[(n * 7 + 3) % legal.len()].clone();
            let (status, answer) = http(
                person,
                addr,
                "POST",
                &format!("/api/matches/{id}/actions"),
                Some(&json!({ "token": token, "action": action })),
            )
            .await;
            if status != 200 {
                return Err(format!("the person's move was refused ({status}): {answer}"));
            }
            view = answer["view"].clone();
            if view["your_turn"] != json!(true) || !view["outcome"].is_null() {
                break;
            }
        }
        if !view["outcome"].is_null() {
            break;
        }
        // … and waits for the bot's.
        let asked = Instant::now();
        loop {
            tokio::time::sleep(Duration::from_millis(5)).await;
            let (_, v) = http(person, addr, "GET", &view_path, None).await;
            if v["your_turn"] == json!(true) || !v["outcome"].is_null() {
                view = v;
                break;
            }
            if asked.elapsed() > limit {
                return Err(format!("the person's bot did not answer in {} s", limit.as_secs()));
            }
        }
        waits.push(asked.elapsed());
        println!("  the person's {} answered in {:.3} s", args.bot, asked.elapsed().as_secs_f64());
    }
    waits.sort();
    println!(
        "the person's bot: {} answers, median {:.3} s, p90 {:.3} s, slowest {:.3} s",
        waits.len(),
        percentile(&waits, 0.5).as_secs_f64(),
        percentile(&waits, 0.9).as_secs_f64(),
        waits.last().copied().unwrap_or_default().as_secs_f64()
    );
    let _ = std::fs::remove_dir_all(&dir);
    Ok(())
}

#[tokio::main]
async fn main() -> ExitCode {
    let args = match parse() {
        Ok(a) => a,
        Err(e) => {
            eprintln!("bots: {e}");
            return ExitCode::from(2);
        }
    };
    match run(args).await {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("bots: {e}");
            ExitCode::FAILURE
        }
    }
}
