//! The server's listener: TCP connections whose every error answer is JSON,
//! even the ones hyper writes by itself, within limits that keep the server
//! for its real users, and a shutdown that closes them cleanly.
//!
//! [`serve_connections`] accepts connections and serves each with hyper's
//! HTTP/1.1 (upgrades to WebSockets included) under
//! [`ConnectionLimits`]: a connection must send a whole request header
//! within `header_seconds` of connecting or of its previous answer, or it is
//! closed (slow headers and idle keep-alive connections alike), and then its
//! body within `body_seconds` (a [`BodyDeadline`] the JSON extractor keeps,
//! answering a late body with a JSON 408 `body-timeout`); at most
//! `per_address` connections are open from one address and `max_connections`
//! overall, and never more than the process's descriptor limit (raised to
//! its hard limit at start) less `reserved_descriptors`. A connection over a
//! limit is answered at once, before its request is read, with a JSON 503
//! (`too-many-connections`, `Retry-After`) and closed, so its descriptor
//! comes back at once. Behind a reverse proxy listed in `trusted_proxies`,
//! the proxy's connections count only against the overall cap, and each
//! request's client address (the `ConnectInfo` the routes see, for the
//! per-address request rate and AI-match limits) is the one its
//! `X-Forwarded-For` names ([`forwarded_client`]).
//!
//! When a request cannot be parsed at all — its header is too large (431),
//! its target too long (414), or it is not HTTP (400) — hyper answers it
//! before any route runs, with a status line and an empty body, and closes
//! the connection. [`JsonErrorListener`] wraps each connection so that such
//! an answer goes out with the API's JSON error body instead
//! (`{"error": "header-too-large", "message": …, "refusal": null}`), as
//! `docs/api.md` promises for every error. It recognises hyper's automatic
//! answer by its shape: one of those three statuses, `content-length: 0`,
//! and nothing after the head; the routes never answer an error without a
//! body, so nothing of theirs is touched.

use crate::api::ErrorBody;
use crate::config::{ConnectionLimits, seconds};
use crate::state::AppState;
use axum::extract::ConnectInfo;
use axum::serve::Listener;
use std::collections::HashMap;
use std::io;
use std::net::{IpAddr, SocketAddr};
use std::pin::Pin;
use std::sync::{Arc, Mutex, PoisonError};
use std::task::{Context, Poll, ready};
use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio::net::{TcpListener, TcpStream};
use tokio_util::task::TaskTracker;
use tower::ServiceExt;

/// A TCP listener whose connections answer hyper's own errors with JSON
/// bodies ([`JsonErrors`]), with `TCP_NODELAY` set on each.
pub struct JsonErrorListener {
    inner: TcpListener,
}

impl JsonErrorListener {
    /// Wraps a bound listener.
    pub fn new(inner: TcpListener) -> Self {
        JsonErrorListener { inner }
    }
}

impl Listener for JsonErrorListener {
    type Io = JsonErrors<TcpStream>;
    type Addr = SocketAddr;

    async fn accept(&mut self) -> (Self::Io, Self::Addr) {
        let (tcp, addr) = Listener::accept(&mut self.inner).await;
        let _ = tcp.set_nodelay(true);
        (JsonErrors::new(tcp), addr)
    }

    fn local_addr(&self) -> io::Result<SocketAddr> {
        self.inner.local_addr()
    }
}

/// A connection whose automatic error answers from hyper are rewritten with
/// a JSON body. Reads pass through; writes pass through unless one is such
/// an answer, which is replaced (and reported to hyper as written whole).
pub struct JsonErrors<S> {
    inner: S,
    /// The rewritten answer still to send, from `sent` on.
    pending: Vec<u8>,
    sent: usize,
    /// The connection's place under the limits, given back when the
    /// connection (or the WebSocket it became) is dropped.
    _slot: Option<Slot>,
}

impl<S> JsonErrors<S> {
    /// Wraps a connection.
    pub fn new(inner: S) -> Self {
        JsonErrors { inner, pending: Vec::new(), sent: 0, _slot: None }
    }

    /// Wraps a connection that holds a place under the limits.
    pub fn with_slot(inner: S, slot: Slot) -> Self {
        JsonErrors { inner, pending: Vec::new(), sent: 0, _slot: Some(slot) }
    }
}

/// Counts the open connections, overall and per client address, against
/// their limits.
#[derive(Clone)]
pub struct Gate {
    inner: Arc<GateInner>,
}

struct GateInner {
    max: usize,
    per_address: usize,
    open: Mutex<(usize, HashMap<IpAddr, usize>)>,
    gauge: prometheus::IntGauge,
}

/// Which limit refused a connection.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Full {
    /// The client's address has its most connections open.
    Address,
    /// The server has its most connections open.
    Overall,
}

/// One open connection, counted until dropped.
pub struct Slot {
    gate: Arc<GateInner>,
    ip: IpAddr,
}

impl Gate {
    /// A gate for at most `max` connections, `per_address` from one address;
    /// `gauge` follows the number open.
    pub fn new(max: usize, per_address: usize, gauge: prometheus::IntGauge) -> Gate {
        Gate { inner: Arc::new(GateInner { max, per_address, open: Mutex::new((0, HashMap::new())), gauge }) }
    }

    /// The most connections open at once.
    pub fn max(&self) -> usize {
        self.inner.max
    }

    /// Counts a new connection from `ip`, or says which limit it is over.
    pub fn enter(&self, ip: IpAddr) -> Result<Slot, Full> {
        self.enter_from(ip, false)
    }

    /// Counts a new connection from `ip`, which counts against the
    /// per-address cap unless it is a trusted proxy's (`proxy`: its
    /// connections carry many clients).
    pub fn enter_from(&self, ip: IpAddr, proxy: bool) -> Result<Slot, Full> {
        let mut open = self.inner.open.lock().unwrap_or_else(PoisonError::into_inner);
        if open.0 >= self.inner.max {
            return Err(Full::Overall);
        }
        let n = open.1.entry(ip).or_insert(0);
        if *n >= self.inner.per_address && !proxy {
            return Err(Full::Address);
        }
        *n += 1;
        open.0 += 1;
        self.inner.gauge.inc();
        Ok(Slot { gate: self.inner.clone(), ip })
    }

    /// Connections open now.
    pub fn open(&self) -> usize {
        self.inner.open.lock().unwrap_or_else(PoisonError::into_inner).0
    }
}

impl Drop for Slot {
    fn drop(&mut self) {
        let mut open = self.gate.open.lock().unwrap_or_else(PoisonError::into_inner);
        open.0 = open.0.saturating_sub(1);
        if let Some(n) = open.1.get_mut(&self.ip) {
            *n = n.saturating_sub(1);
            if *n == 0 {
                open.1.remove(&self.ip);
            }
        }
        self.gate.gauge.dec();
    }
}

/// When a request's body must have arrived whole (from the connection
/// limits' `body_seconds`, counted from when its header was read); requests
/// handed to the router in-process carry none, and wait as long as it takes.
#[derive(Clone, Copy, Debug)]
pub struct BodyDeadline(pub tokio::time::Instant);

/// The client a trusted proxy forwards for: the last address of its
/// `X-Forwarded-For` headers that is not itself one of the `trusted`
/// proxies (each proxy appends the address it was reached from, so the
/// entries before the last untrusted one are the client's own word, and
/// could be forged). `None` without a usable header.
pub fn forwarded_client(headers: &hyper::HeaderMap, trusted: &[IpAddr]) -> Option<IpAddr> {
    let mut hops: Vec<IpAddr> = Vec::new();
    for value in headers.get_all("x-forwarded-for") {
        for hop in value.to_str().ok()?.split(',') {
            hops.push(parse_hop(hop.trim())?);
        }
    }
    hops.iter().rev().find(|ip| !trusted.contains(ip)).or(hops.first()).copied()
}

/// One `X-Forwarded-For` entry: an address, perhaps with a port
/// (`[::1]:80`, `10.0.0.1:80`).
fn parse_hop(hop: &str) -> Option<IpAddr> {
    hop.parse::<IpAddr>().ok().or_else(|| hop.parse::<SocketAddr>().ok().map(|a| a.ip()))
}

/// The most connections the process can hold: `wanted`, but no more than
/// the descriptor limit (raised to the hard limit first, where the system
/// allows) less `reserved`, and at least one.
pub fn connection_budget(wanted: usize, reserved: usize) -> usize {
    let limit = rlimit::increase_nofile_limit(u64::MAX)
        .ok()
        .or_else(|| rlimit::getrlimit(rlimit::Resource::NOFILE).ok().map(|(soft, _)| soft));
    match limit {
        Some(limit) => wanted.min(usize::try_from(limit).unwrap_or(usize::MAX).saturating_sub(reserved)).max(1),
        None => wanted.max(1),
    }
}

/// The answer to a connection over a limit: a JSON 503 that closes it.
pub fn refusal(full: Full, gate: &Gate, per_address: usize) -> Vec<u8> {
    let message = match full {
        Full::Address => {
            format!("too many connections from your address (at most {per_address} at once); close some and try again")
        }
        Full::Overall => format!("the server has its most connections open ({}); try again in a moment", gate.max()),
    };
    let body = serde_json::to_string(&ErrorBody { error: "too-many-connections".into(), message, refusal: None })
        .unwrap_or_default();
    format!(
        "HTTP/1.1 503 Service Unavailable\r\ncontent-type: application/json\r\ncontent-length: {}\r\n\
         retry-after: 5\r\nconnection: close\r\n\r\n{body}",
        body.len()
    )
    .into_bytes()
}

/// Connections refused and still being closed at most: past it a refused
/// connection is dropped at once, unanswered.
const MAX_CLOSING: usize = 256;

/// Answers a refused connection and closes it: the answer, then reading
/// (and dropping) what the client sent for up to a second, so that closing
/// does not reset the connection before the client reads the answer.
fn refuse(mut tcp: TcpStream, answer: Vec<u8>, closing: &Arc<tokio::sync::Semaphore>) {
    let _ = tcp.try_write(&answer);
    let Ok(permit) = closing.clone().try_acquire_owned() else { return };
    tokio::spawn(async move {
        use tokio::io::AsyncReadExt;
        let _ = tokio::io::AsyncWriteExt::shutdown(&mut tcp).await;
        let mut sink = [0u8; 1024];
        let drain = async { while matches!(tcp.read(&mut sink).await, Ok(n) if n > 0) {} };
        let _ = tokio::time::timeout(std::time::Duration::from_secs(1), drain).await;
        drop(permit);
    });
}

/// Serves the API for `state` on `listener` under the state's
/// [`ConnectionLimits`] until `stop` completes; then stops accepting, lets
/// the actions in flight commit and the bots finish their decision, closes
/// every WebSocket with a reason (1001, going away) and every HTTP
/// connection once its answer is sent, and returns when all is done or
/// after `shutdown_seconds`, whichever comes first.
pub async fn serve_connections(
    listener: TcpListener,
    state: AppState,
    stop: impl Future<Output = ()> + Send + 'static,
) -> io::Result<()> {
    let limits: ConnectionLimits = state.config().connections.clone();
    let max = connection_budget(limits.max_connections, limits.reserved_descriptors);
    let gate = Gate::new(max, limits.per_address.max(1), state.metrics().connections.clone());
    let app = crate::router(state.clone());
    let header = (limits.header_seconds > 0.0).then(|| seconds(limits.header_seconds));
    let body = (limits.body_seconds > 0.0).then(|| seconds(limits.body_seconds));
    let closing = Arc::new(tokio::sync::Semaphore::new(MAX_CLOSING));
    let connections = TaskTracker::new();
    let shutdown = state.closing();
    tokio::pin!(stop);
    loop {
        let (tcp, addr) = tokio::select! {
            accepted = listener.accept() => match accepted {
                Ok(accepted) => accepted,
                Err(e) => {
                    // Out of descriptors (or memory): wait for some to come
                    // back. A connection that failed early: go on.
                    if !matches!(
                        e.kind(),
                        io::ErrorKind::ConnectionAborted | io::ErrorKind::ConnectionReset | io::ErrorKind::ConnectionRefused
                    ) {
                        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
                    }
                    continue;
                }
            },
            () = &mut stop => break,
        };
        let proxy = limits.trusted_proxies.contains(&addr.ip());
        let slot = match gate.enter_from(addr.ip(), proxy) {
            Ok(slot) => slot,
            Err(full) => {
                let reason = if full == Full::Address { "per-address" } else { "overall" };
                state.metrics().refused.with_label_values(&[reason]).inc();
                refuse(tcp, refusal(full, &gate, limits.per_address), &closing);
                continue;
            }
        };
        let _ = tcp.set_nodelay(true);
        let io = hyper_util::rt::TokioIo::new(JsonErrors::with_slot(tcp, slot));
        let app = app.clone();
        let trusted = limits.trusted_proxies.clone();
        let service = hyper::service::service_fn(move |req: hyper::Request<hyper::body::Incoming>| {
            let mut req = req.map(axum::body::Body::new);
            let client = if proxy { forwarded_client(req.headers(), &trusted).unwrap_or(addr.ip()) } else { addr.ip() };
            req.extensions_mut().insert(ConnectInfo(SocketAddr::new(client, addr.port())));
            if let Some(d) = body {
                req.extensions_mut().insert(BodyDeadline(tokio::time::Instant::now() + d));
            }
            app.clone().oneshot(req)
        });
        let shutdown = shutdown.clone();
        connections.spawn(async move {
            let mut builder = hyper::server::conn::http1::Builder::new();
            builder.timer(hyper_util::rt::TokioTimer::new()).header_read_timeout(header);
            let conn = builder.serve_connection(io, service).with_upgrades();
            tokio::pin!(conn);
            tokio::select! {
                _ = conn.as_mut() => return,
                () = shutdown.cancelled() => conn.as_mut().graceful_shutdown(),
            }
            let _ = conn.await;
        });
    }
    drop(listener);
    let deadline = tokio::time::Instant::now() + seconds(limits.shutdown_seconds);
    state.begin_shutdown();
    connections.close();
    let _ = state.drained(deadline).await;
    let _ = tokio::time::timeout_at(deadline, connections.wait()).await;
    Ok(())
}

/// The JSON answer for one of hyper's automatic error heads, or `None` if
/// `head` is not one.
pub fn rewrite(head: &[u8]) -> Option<Vec<u8>> {
    let text = std::str::from_utf8(head).ok()?;
    let end = text.find("\r\n\r\n")?;
    if end + 4 != text.len() {
        return None;
    }
    let (status_line, headers) = text[..end].split_once("\r\n").unwrap_or((&text[..end], ""));
    let mut parts = status_line.splitn(3, ' ');
    let (version, status) = (parts.next()?, parts.next()?);
    if version != "HTTP/1.1" && version != "HTTP/1.0" {
        return None;
    }
    let (code, message) = match status {
        "431" => ("header-too-large", "the request's header is too large (too many or too long header fields)"),
        "414" => ("uri-too-long", "the request's path and query are too long"),
        "400" => ("bad-request", "the request is not valid HTTP/1.1"),
        _ => return None,
    };
    let mut kept = Vec::new();
    let mut empty = false;
    for line in headers.split("\r\n").filter(|l| !l.is_empty()) {
        let name = line.split(':').next().unwrap_or_default().trim().to_ascii_lowercase();
        match name.as_str() {
            "content-length" => empty = line.split(':').nth(1).is_some_and(|v| v.trim() == "0"),
            "content-type" | "transfer-encoding" => return None,
            _ => kept.push(line),
        }
    }
    if !empty {
        return None;
    }
    let body = serde_json::to_string(&ErrorBody { error: code.into(), message: message.into(), refusal: None }).ok()?;
    let mut out = format!("{status_line}\r\n");
    for line in kept {
        out.push_str(line);
        out.push_str("\r\n");
    }
    out.push_str(&format!("content-type: application/json\r\ncontent-length: {}\r\n\r\n{body}", body.len()));
    Some(out.into_bytes())
}

impl<S: AsyncWrite + Unpin> JsonErrors<S> {
    /// Sends what is left of a rewritten answer.
    fn drain(&mut self, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        while self.sent < self.pending.len() {
            let n = ready!(Pin::new(&mut self.inner).poll_write(cx, &self.pending[self.sent..]))?;
            if n == 0 {
                return Poll::Ready(Err(io::ErrorKind::WriteZero.into()));
            }
            self.sent += n;
        }
        self.pending.clear();
        self.sent = 0;
        Poll::Ready(Ok(()))
    }
}

impl<S: AsyncRead + Unpin> AsyncRead for JsonErrors<S> {
    fn poll_read(mut self: Pin<&mut Self>, cx: &mut Context<'_>, buf: &mut ReadBuf<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.inner).poll_read(cx, buf)
    }
}

impl<S: AsyncWrite + Unpin> AsyncWrite for JsonErrors<S> {
    fn poll_write(mut self: Pin<&mut Self>, cx: &mut Context<'_>, buf: &[u8]) -> Poll<io::Result<usize>> {
        ready!(self.drain(cx))?;
        // Automatic answers are a few hundred bytes; anything longer is not one.
        if buf.len() < 1024
            && let Some(answer) = rewrite(buf)
        {
            self.pending = answer;
            self.sent = 0;
            // Sent now if it can be; otherwise by the flush that follows.
            if let Poll::Ready(Err(e)) = self.drain(cx) {
                return Poll::Ready(Err(e));
            }
            return Poll::Ready(Ok(buf.len()));
        }
        Pin::new(&mut self.inner).poll_write(cx, buf)
    }

    fn poll_flush(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        ready!(self.drain(cx))?;
        Pin::new(&mut self.inner).poll_flush(cx)
    }

    fn poll_shutdown(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        ready!(self.drain(cx))?;
        Pin::new(&mut self.inner).poll_shutdown(cx)
    }

    // Not vectored: hyper then writes each answer's head as one buffer,
    // which is what `rewrite` looks at.
}

#[cfg(test)]
mod tests {
    use super::rewrite;

    #[test]
    fn only_hypers_automatic_error_heads_are_rewritten() {
        let head = b"HTTP/1.1 431 Request Header Fields Too Large\r\ncontent-length: 0\r\ndate: Fri, 27 Nov 2026 21:00:00 GMT\r\n\r\n";
        let out = String::from_utf8(rewrite(head).expect("rewritten")).expect("text");
        let (head, body) = out.split_once("\r\n\r\n").expect("a head and a body");
        assert!(head.starts_with("HTTP/1.1 431 Request Header Fields Too Large\r\n"), "{head}");
        assert!(head.contains("date: Fri") && head.contains("content-type: application/json"), "{head}");
        assert!(head.contains(&format!("content-length: {}", body.len())), "{head}");
        let v: serde_json::Value = serde_json::from_str(body).expect("JSON");
        assert_eq!(v["error"], "header-too-large");
        assert!(rewrite(b"HTTP/1.1 400 Bad Request\r\ncontent-length: 0\r\n\r\n").is_some());
        assert!(rewrite(b"HTTP/1.1 414 URI Too Long\r\ncontent-length: 0\r\n\r\n").is_some());
        for other in [
            &b"HTTP/1.1 400 Bad Request\r\ncontent-length: 2\r\n\r\n{}"[..],
            b"HTTP/1.1 400 Bad Request\r\ncontent-length: 12\r\n\r\n",
            b"HTTP/1.1 200 OK\r\ncontent-length: 0\r\n\r\n",
            b"HTTP/1.1 404 Not Found\r\ncontent-length: 0\r\n\r\n",
            b"HTTP/1.1 431 X\r\ncontent-length: 0\r\n\r\nmore",
            b"HTTP/1.1 431 X\r\ncontent-length: 0\r\n",
            b"{\"error\": 1}",
            b"",
            &[0xff, 0xfe, 0x0d, 0x0a, 0x0d, 0x0a],
        ] {
            assert_eq!(rewrite(other), None, "{}", String::from_utf8_lossy(other));
        }
    }

    #[test]
    fn the_forwarded_client_is_the_last_address_no_trusted_proxy_added() {
        use super::forwarded_client;
        use std::net::IpAddr;
        let ip = |s: &str| s.parse::<IpAddr>().unwrap();
        let trusted = [ip("10.0.0.9"), ip("10.0.0.8")];
        let headers = |values: &[&str]| {
            let mut h = hyper::HeaderMap::new();
            for v in values {
                h.append("x-forwarded-for", v.parse().unwrap());
            }
            h
        };
        // One proxy: the client it saw.
        assert_eq!(forwarded_client(&headers(&["203.0.113.7"]), &trusted), Some(ip("203.0.113.7")));
        // A client that forged an entry: the proxy's own, last one counts.
        assert_eq!(forwarded_client(&headers(&["1.2.3.4, 203.0.113.7"]), &trusted), Some(ip("203.0.113.7")));
        // Two trusted proxies in a chain, over two headers, with a port.
        assert_eq!(
            forwarded_client(&headers(&["1.2.3.4, 203.0.113.7:5000", "10.0.0.8"]), &trusted),
            Some(ip("203.0.113.7"))
        );
        assert_eq!(forwarded_client(&headers(&["[2001:db8::1]:80"]), &trusted), Some(ip("2001:db8::1")));
        // Nothing usable: the connection's own address is used.
        assert_eq!(forwarded_client(&headers(&[]), &trusted), None);
        assert_eq!(forwarded_client(&headers(&["unknown"]), &trusted), None);
        assert_eq!(forwarded_client(&headers(&["203.0.113.7, garbage"]), &trusted), None);
        // Only trusted proxies named: the first of them.
        assert_eq!(forwarded_client(&headers(&["10.0.0.9"]), &trusted), Some(ip("10.0.0.9")));
    }
}
