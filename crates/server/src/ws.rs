//! The WebSocket: `GET /api/matches/{id}/ws[?token=…]`.
//!
//! The token (or its absence, for a spectator) is checked before the
//! upgrade. On connecting the client gets the match as its viewer sees it,
//! and again after every change to the match, whoever made it: each
//! connection computes its own view, so a seat's secrets never reach another
//! socket. A seat's socket may also send actions (`{"type": "action",
//! "action": …}`) and real dice (`{"type": "roll", "values": […]}`),
//! answered with `accepted` or `error`, and take back its last entry
//! (`{"type": "undo", "len": n}`), answered with `undone` or `error`;
//! `{"type": "refresh"}` asks for the view again. Messages are rate-limited per
//! connection with a token bucket; a message over the limit is answered
//! with a `rate-limited` error, and a client that keeps sending past the
//! limit — more than [`Limits::ws_flood_refusals`] messages refused within
//! [`Limits::ws_flood_seconds`], however many got through between them —
//! is sent a close frame (1008, policy violation) that says why, and
//! disconnected.
//!
//! Every [`ConnectionLimits::ping_seconds`] the socket is sent a ping; one
//! that has sent nothing back (a pong or any message) by the next ping is
//! closed (1001) as a dead peer, so a vanished phone doesn't hold a socket.
//!
//! At most [`ConnectionLimits::max_sockets`] WebSockets are open at once;
//! past it an upgrade is refused with a JSON 503 `too-many-sockets`. When
//! the server shuts down, each socket is sent a close frame (1001, going
//! away) that says so, after the message it is answering, if any.
//!
//! [`ConnectionLimits::max_sockets`]: crate::config::ConnectionLimits::max_sockets
//! [`ConnectionLimits::ping_seconds`]: crate::config::ConnectionLimits::ping_seconds
//!
//! [`Limits::ws_flood_refusals`]: crate::config::Limits::ws_flood_refusals
//! [`Limits::ws_flood_seconds`]: crate::config::Limits::ws_flood_seconds

use crate::api::{ClientMessage, ServerMessage};
use crate::config::seconds;
use crate::error::ApiError;
use crate::http::TokenQuery;
use crate::state::{AppState, Bucket, Match, SocketSlot};
use arbiter_core::Viewer;
use axum::extract::rejection::{PathRejection, QueryRejection};
use axum::extract::ws::rejection::WebSocketUpgradeRejection;
use axum::extract::ws::{CloseFrame, Message, WebSocket, WebSocketUpgrade, close_code};
use axum::extract::{Path, Query, State};
use axum::response::{IntoResponse, Response};
use std::sync::Arc;
use std::time::{Duration, Instant};
use tokio::sync::broadcast::error::RecvError;

/// Largest message read at all; between the configured limit and this, a
/// message gets a `too-large` error; past it the connection closes.
const HARD_MAX_MESSAGE: usize = 1024 * 1024;

/// The read buffer of a socket. Tungstenite's default, 128 KiB, is held by
/// every socket for as long as it is open, idle or not; clients send small
/// messages, and a larger one still arrives whole (the buffer is read in
/// turns). Measured: `docs/performance.md`, "Memory per WebSocket".
const READ_BUFFER: usize = 4 * 1024;

/// The size at which a socket's writes are sent rather than gathered
/// (tungstenite's default, 128 KiB, grows a buffer that large per socket);
/// a view larger than this is sent at once.
const WRITE_BUFFER: usize = 16 * 1024;

/// Upgrades to a WebSocket for the token's seat, or a spectator.
pub async fn upgrade(
    State(state): State<AppState>,
    id: Result<Path<String>, PathRejection>,
    q: Result<Query<TokenQuery>, QueryRejection>,
    ws: Result<WebSocketUpgrade, WebSocketUpgradeRejection>,
) -> Response {
    match prepare(&state, id, q).await {
        Err(e) => e.into_response(),
        Ok((m, viewer)) => match ws {
            Err(e) => ApiError::bad_request(format!("this route is a WebSocket: {}", e.body_text())).into_response(),
            Ok(ws) => match state.socket_slot() {
                Err(e) => e.into_response(),
                Ok(slot) => ws
                    .max_message_size(HARD_MAX_MESSAGE.max(state.config().limits.ws_message_bytes))
                    .read_buffer_size(READ_BUFFER)
                    .write_buffer_size(WRITE_BUFFER)
                    .on_upgrade(move |socket| connection(state, m, viewer, socket, slot)),
            },
        },
    }
}

async fn prepare(
    state: &AppState,
    id: Result<Path<String>, PathRejection>,
    q: Result<Query<TokenQuery>, QueryRejection>,
) -> Result<(Arc<Match>, Viewer), ApiError> {
    let Path(id) = id.map_err(|e| ApiError::bad_request(e.body_text()))?;
    let Query(q) = q.map_err(|e| ApiError::bad_request(e.body_text()))?;
    let m = state.find(&id).await?;
    let viewer = {
        let mut inner = m.inner.lock().await;
        state.viewer(&m, &mut inner, q.token.as_deref()).await?
    };
    Ok((m, viewer))
}

async fn send(socket: &mut WebSocket, msg: &ServerMessage) -> bool {
    match serde_json::to_string(msg) {
        Ok(text) => socket.send(Message::Text(text.into())).await.is_ok(),
        Err(_) => true,
    }
}

fn error(id: Option<serde_json::Value>, e: ApiError) -> ServerMessage {
    ServerMessage::Error { id, error: *e.body }
}

async fn connection(state: AppState, m: Arc<Match>, viewer: Viewer, mut socket: WebSocket, slot: SocketSlot) {
    // Counted as open until this returns.
    let _slot = slot;
    let closing = state.closing();
    let mut changes = m.subscribe();
    let limits = state.config().limits.clone();
    let mut bucket = Bucket::new(limits.ws_per_second, limits.ws_burst);
    let mut flood = Flood::new(limits.ws_flood_refusals, limits.ws_flood_seconds);
    let first = ServerMessage::View { view: Box::new(state.view_for(&m, viewer).await) };
    if !send(&mut socket, &first).await {
        return;
    }
    let ping_every = state.config().connections.ping_seconds;
    let pinging = ping_every > 0.0;
    let every = if pinging { seconds(ping_every) } else { Duration::from_secs(86_400) };
    let mut ping = tokio::time::interval_at(tokio::time::Instant::now() + every, every);
    // A server late to its tick (busy) waits a whole interval after it for
    // the next one, rather than firing the missed ticks at once: a live
    // peer always has an interval to answer before it is judged dead.
    ping.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    // Whether the peer has sent anything (a pong included) since the last ping.
    let mut heard = true;
    loop {
        tokio::select! {
            _ = ping.tick(), if pinging => {
                if !heard {
                    let reason = format!("no answer to a ping within {ping_every} s; reconnect");
                    let frame = CloseFrame { code: close_code::AWAY, reason: reason.into() };
                    let _ = tokio::time::timeout(Duration::from_secs(1), socket.send(Message::Close(Some(frame)))).await;
                    return;
                }
                heard = false;
                let sent = tokio::time::timeout(every, socket.send(Message::Ping(Default::default()))).await;
                if !matches!(sent, Ok(Ok(()))) {
                    return;
                }
            }
            () = closing.cancelled() => {
                let reason = "the server is shutting down (a restart, usually); reconnect in a moment";
                let frame = CloseFrame { code: close_code::AWAY, reason: reason.into() };
                let _ = tokio::time::timeout(Duration::from_secs(1), socket.send(Message::Close(Some(frame)))).await;
                return;
            }
            change = changes.recv() => {
                match change {
                    Ok(_) | Err(RecvError::Lagged(_)) => {
                        // Several changes at once need one view.
                        while changes.try_recv().is_ok() {}
                        let view = ServerMessage::View { view: Box::new(state.view_for(&m, viewer).await) };
                        if !send(&mut socket, &view).await {
                            return;
                        }
                    }
                    Err(RecvError::Closed) => return,
                }
            }
            msg = socket.recv() => {
                heard = true;
                let text = match msg {
                    None | Some(Err(_)) | Some(Ok(Message::Close(_))) => return,
                    Some(Ok(Message::Ping(_) | Message::Pong(_))) => continue,
                    Some(Ok(Message::Text(text))) => Some(text),
                    Some(Ok(Message::Binary(_))) => None,
                };
                if !bucket.take() {
                    if flood.refuse() {
                        let reason = format!(
                            "rate limit exceeded: more than {} messages refused within {} s",
                            flood.max, limits.ws_flood_seconds
                        );
                        let frame = CloseFrame { code: close_code::POLICY, reason: reason.into() };
                        let _ = socket.send(Message::Close(Some(frame))).await;
                        return;
                    }
                    let e = ApiError::rate_limited();
                    let e = ApiError::new(e.status, "rate-limited", format!(
                        "more than {} messages a second; this message was not processed",
                        limits.ws_per_second
                    ));
                    if !send(&mut socket, &error(None, e)).await {
                        return;
                    }
                    continue;
                }
                let answer = match text {
                    None => error(None, ApiError::bad_request("send JSON text messages, not binary")),
                    Some(text) if text.len() > limits.ws_message_bytes => {
                        error(None, ApiError::too_large(limits.ws_message_bytes))
                    }
                    Some(text) => handle(&state, &m, viewer, text.as_str()).await,
                };
                if !send(&mut socket, &answer).await {
                    return;
                }
            }
        }
    }
}

/// The messages of one connection refused for its rate, counted over a
/// fixed window that starts at the first refusal after the last window.
struct Flood {
    max: u32,
    window: Duration,
    start: Instant,
    count: u32,
}

impl Flood {
    fn new(max: u32, seconds: f64) -> Self {
        let window = Duration::try_from_secs_f64(seconds.max(0.0)).unwrap_or(Duration::MAX);
        Flood { max, window, start: Instant::now(), count: 0 }
    }

    /// Counts one refused message; true when the connection has now been
    /// refused more than `max` times within the window.
    fn refuse(&mut self) -> bool {
        let now = Instant::now();
        if self.count == 0 || now.duration_since(self.start) > self.window {
            self.start = now;
            self.count = 0;
        }
        self.count = self.count.saturating_add(1);
        self.count > self.max
    }
}

async fn handle(state: &AppState, m: &Arc<Match>, viewer: Viewer, text: &str) -> ServerMessage {
    let msg: ClientMessage = match serde_json::from_str(text) {
        Ok(msg) => msg,
        Err(e) => {
            return error(
                None,
                ApiError::bad_request(format!(
                    "not a message: {e}; send {{\"type\": \"action\", \"action\": …}}, {{\"type\": \"roll\", \"values\": […]}}, \
                     {{\"type\": \"undo\", \"len\": n}} or {{\"type\": \"refresh\"}}"
                )),
            );
        }
    };
    match msg {
        ClientMessage::Refresh => ServerMessage::View { view: Box::new(state.view_for(m, viewer).await) },
        ClientMessage::Roll { values, part, id } => {
            let Viewer::Seat(seat) = viewer else {
                return error(id, ApiError::forbidden("spectators cannot roll; connect with a seat's token"));
            };
            match state.roll_as(m, seat, &values, part.map(|p| p as usize)).await {
                Ok(done) => ServerMessage::Accepted { id, steps: done.steps },
                Err(e) => error(id, e),
            }
        }
        ClientMessage::Undo { len, id } => {
            let Viewer::Seat(seat) = viewer else {
                return error(
                    id,
                    ApiError::forbidden("spectators cannot take anything back; connect with a seat's token"),
                );
            };
            match state.undo_as(m, seat, len as usize).await {
                Ok(view) => ServerMessage::Undone { id, len: view.len },
                Err(e) => error(id, e),
            }
        }
        ClientMessage::Action { action, id } => {
            let Viewer::Seat(seat) = viewer else {
                return error(id, ApiError::forbidden("spectators cannot act; connect with a seat's token"));
            };
            match state.act_as(m, seat, &action).await {
                Ok(done) => ServerMessage::Accepted { id, steps: done.steps },
                Err(e) => error(id, e),
            }
        }
    }
}
