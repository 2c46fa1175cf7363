//! The server's listener: TCP connections whose every error answer is JSON,
//! even the ones hyper writes by itself.
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
use axum::serve::Listener;
use std::io;
use std::net::SocketAddr;
use std::pin::Pin;
use std::task::{Context, Poll, ready};
use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio::net::{TcpListener, TcpStream};

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
}

impl<S> JsonErrors<S> {
    /// Wraps a connection.
    pub fn new(inner: S) -> Self {
        JsonErrors { inner, pending: Vec::new(), sent: 0 }
    }
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
}
