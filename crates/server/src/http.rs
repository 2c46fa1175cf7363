//! The REST routes: the router, its handlers, and the extractors that turn
//! every malformed, oversized or unroutable request into a JSON error.
//!
//! | route | does |
//! |---|---|
//! | `GET /api/games` | the games this server plays |
//! | `GET /api/matches[?tokens=a,b]` | open, live and "my" matches |
//! | `POST /api/matches` | create a match |
//! | `GET /api/matches/{id}[?token=t]` | the match as a seat or spectator sees it |
//! | `POST /api/matches/{id}/actions` | act for a seat |
//! | `POST /api/matches/{id}/join` | take an open seat |
//! | `POST /api/matches/{id}/roll` | enter what real dice show (a match with real dice) |
//! | `POST /api/matches/{id}/undo` | take back the last roll of real dice entered (or, with real dice or in companion mode, the seat's own last decision) |
//! | `GET /api/matches/{id}/measure?a=…&b=…[&token=t]` | what the rules say between two spots of the table, changing nothing (companion mode) |
//! | `GET /api/matches/{id}/record[?token=t]` | the game record, as the seat (or a spectator) may see it |
//! | `GET /api/matches/{id}/replay/{n}[?token=t]` | the match after `n` decisions, as the seat may see it |
//! | `GET /api/matches/{id}/ws[?token=t]` | the WebSocket (see [`crate::ws`]) |
//! | `GET /api/ephemeral/…`, `POST /api/ephemeral/…` | the figure-set builder, and an attack's odds (see [`crate::build_api`]) |
//! | `GET /api/p2v/…`, `POST /api/p2v/…` | the warband builder (see [`crate::warband_api`]) |
//! | `POST /api/p2v/table` | what Path 2 Victory's table draws (see [`crate::p2v_table`]) |
//! | `GET /healthz` | 200 `{"status": "ok"}` while the server serves and its storage answers; 503 otherwise |
//! | `GET /reports`, `GET /reports/{name}` | the balance laboratory's HTML reports (see [`crate::reports`]) |
//! | `GET /metrics` | the server's metrics in Prometheus's text format ([`crate::metrics`]) |
//! | `GET /…` (anything else) | the web app's files, `index.html` for the app's own paths |
//!
//! The web app is the built `web/dist` directory: the one given to
//! [`set_web_dir`] (the CLI's `--web`), else `$ARBITER_WEB`, else `web/dist`
//! under the working directory. When it has no `index.html`, `/` answers a
//! page saying how to build it; unknown `/api` routes are always JSON errors.

use crate::api::{ActionRequest, CreateMatch, GameInfo, JoinMatch, RollRequest, UndoRequest};
use crate::error::ApiError;
use crate::listener::BodyDeadline;
use crate::state::AppState;
use crate::{build_api, p2v_table, warband_api, ws};
use axum::body::Bytes;
use axum::extract::rejection::{PathRejection, QueryRejection};
use axum::extract::{ConnectInfo, DefaultBodyLimit, FromRequest, FromRequestParts, Path, Query, Request, State};
use axum::http::request::Parts;
use axum::http::{Method, StatusCode, header};
use axum::middleware::{self, Next};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use serde::Deserialize;
use serde::de::DeserializeOwned;
use std::any::Any;
use std::net::{IpAddr, SocketAddr};
use std::path::{Path as FsPath, PathBuf};
use std::sync::OnceLock;
use tower_http::catch_panic::CatchPanicLayer;
use tower_http::services::{ServeDir, ServeFile};

/// A JSON request body: read whole (within the route's size limit) and
/// parsed, whatever its content type. Too large gives 413 `too-large`;
/// anything unreadable gives 400 `bad-request` with serde's line and column.
pub struct JsonBody<T>(pub T);

impl<S: Send + Sync, T: DeserializeOwned> FromRequest<S> for JsonBody<T> {
    type Rejection = ApiError;

    async fn from_request(req: Request, state: &S) -> Result<Self, ApiError> {
        let deadline = req.extensions().get::<BodyDeadline>().map(|d| d.0);
        let read = Bytes::from_request(req, state);
        let read = match deadline {
            Some(deadline) => tokio::time::timeout_at(deadline, read).await.map_err(|_| {
                ApiError::new(
                    StatusCode::REQUEST_TIMEOUT,
                    "body-timeout",
                    "the request body did not arrive in time; send it whole, at once",
                )
            })?,
            None => read.await,
        };
        let bytes = read.map_err(|r| {
            if r.status() == StatusCode::PAYLOAD_TOO_LARGE {
                ApiError::new(StatusCode::PAYLOAD_TOO_LARGE, "too-large", "the request body is too large")
            } else {
                ApiError::bad_request(format!("could not read the body: {}", r.body_text()))
            }
        })?;
        serde_json::from_slice(&bytes)
            .map(JsonBody)
            .map_err(|e| ApiError::bad_request(format!("the body is not valid JSON for this request: {e}")))
    }
}

/// The client's address, when the connection gives one (`ConnectInfo`, as
/// `serve` sets it; requests sent to the router in-process have none).
pub struct ClientAddr(pub Option<IpAddr>);

impl<S: Send + Sync> FromRequestParts<S> for ClientAddr {
    type Rejection = std::convert::Infallible;

    async fn from_request_parts(parts: &mut Parts, _: &S) -> Result<Self, Self::Rejection> {
        Ok(ClientAddr(parts.extensions.get::<ConnectInfo<SocketAddr>>().map(|c| c.0.ip())))
    }
}

/// `?token=…`: the seat's token; absent for spectators.
#[derive(Debug, Default, Deserialize)]
pub struct TokenQuery {
    /// The seat's secret token.
    pub token: Option<String>,
}

/// `?tokens=a,b`: the tokens whose matches "my games" lists.
#[derive(Debug, Default, Deserialize)]
pub struct TokensQuery {
    /// Comma-separated tokens.
    pub tokens: Option<String>,
}

fn path<T>(p: Result<Path<T>, PathRejection>) -> Result<T, ApiError> {
    p.map(|Path(t)| t).map_err(|e| ApiError::bad_request(format!("bad path: {}", e.body_text())))
}

fn query<T>(q: Result<Query<T>, QueryRejection>) -> Result<T, ApiError> {
    q.map(|Query(t)| t).map_err(|e| ApiError::bad_request(format!("bad query: {}", e.body_text())))
}

/// The REST and WebSocket routes, with body limits, the per-client rate
/// limit, JSON errors for unknown routes and methods, and a panic guard.
pub fn router(state: AppState) -> Router {
    let limits = state.config().limits.clone();
    Router::new()
        .route("/healthz", get(healthz))
        .route("/metrics", get(metrics))
        .route("/reports", get(crate::reports::index))
        .route("/reports/{name}", get(crate::reports::report))
        .route("/api/games", get(games))
        .route("/api/matches", get(list).post(create).layer(DefaultBodyLimit::max(limits.create_body_bytes)))
        .route("/api/matches/{id}", get(view))
        .route("/api/matches/{id}/actions", post(act))
        .route("/api/matches/{id}/join", post(join))
        .route("/api/matches/{id}/roll", post(roll))
        .route("/api/matches/{id}/undo", post(undo))
        .route("/api/matches/{id}/measure", get(measure))
        .route("/api/matches/{id}/record", get(record))
        .route("/api/matches/{id}/replay/{n}", get(replay))
        .route("/api/matches/{id}/ws", get(ws::upgrade))
        .route("/api/ephemeral/catalogue", get(build_api::get_catalogue))
        .route("/api/ephemeral/attack", get(build_api::get_attack))
        .route("/api/ephemeral/sets", get(build_api::get_sets))
        .route("/api/ephemeral/sets/{name}", get(build_api::get_set))
        .route("/api/ephemeral/validate", post(build_api::post_validate))
        .route("/api/ephemeral/sheet", post(build_api::post_sheet))
        .route("/api/p2v/bestiary", get(warband_api::get_bestiary))
        .route("/api/p2v/warbands", get(warband_api::get_warbands))
        .route("/api/p2v/warbands/{name}", get(warband_api::get_warband))
        .route(
            "/api/p2v/validate",
            post(warband_api::post_validate).layer(DefaultBodyLimit::max(limits.warband_body_bytes)),
        )
        .route("/api/p2v/sheet", post(warband_api::post_sheet).layer(DefaultBodyLimit::max(limits.warband_body_bytes)))
        .route(
            "/api/p2v/import",
            post(warband_api::post_import).layer(DefaultBodyLimit::max(limits.warband_body_bytes)),
        )
        .route("/api/p2v/table", post(p2v_table::post_table).layer(DefaultBodyLimit::max(limits.warband_body_bytes)))
        .fallback(unknown_route)
        .method_not_allowed_fallback(method_not_allowed)
        .layer(DefaultBodyLimit::max(limits.body_bytes))
        .layer(middleware::from_fn_with_state(state.clone(), rate_limit))
        .layer(CatchPanicLayer::custom(panic_response))
        .with_state(state)
}

async fn rate_limit(State(state): State<AppState>, req: Request, next: Next) -> Response {
    if let Some(ConnectInfo(addr)) = req.extensions().get::<ConnectInfo<SocketAddr>>()
        && !state.http_allow(addr.ip())
    {
        return ApiError::rate_limited().into_response();
    }
    next.run(req).await
}

fn panic_response(_: Box<dyn Any + Send + 'static>) -> Response {
    ApiError::internal("the server failed on this request; nothing was changed").into_response()
}

/// The web app's directory chosen by the program (the CLI's `--web`).
static WEB_DIR: OnceLock<PathBuf> = OnceLock::new();

/// Serves the web app from `dir` (a built `web/dist`) instead of
/// `$ARBITER_WEB` or `web/dist`. Only the first call counts.
pub fn set_web_dir(dir: PathBuf) {
    let _ = WEB_DIR.set(dir);
}

/// Where the web app is looked for: [`set_web_dir`], `$ARBITER_WEB`, or
/// `web/dist` under the working directory.
pub fn web_dir() -> PathBuf {
    WEB_DIR
        .get()
        .cloned()
        .or_else(|| std::env::var_os("ARBITER_WEB").filter(|v| !v.is_empty()).map(PathBuf::from))
        .unwrap_or_else(|| PathBuf::from("web/dist"))
}

/// Every request no route takes: a JSON 404 under `/api` and for methods
/// other than GET and HEAD; otherwise the web app's file, its `index.html`
/// for the app's own paths (`/m/…`), or a page saying how to build it.
async fn unknown_route(req: Request) -> Response {
    let path = req.uri().path();
    let api = path == "/api" || path.starts_with("/api/");
    if api || !matches!(*req.method(), Method::GET | Method::HEAD) {
        return ApiError::not_found(format!(
            "no route {} {}",
            req.method(),
            path.chars().take(100).collect::<String>()
        ))
        .into_response();
    }
    let dir = web_dir();
    let index = dir.join("index.html");
    if !index.is_file() {
        return missing_app(&dir);
    }
    match ServeDir::new(&dir).fallback(ServeFile::new(index)).try_call(req).await {
        Ok(response) => response.map(axum::body::Body::new),
        Err(e) => ApiError::internal(format!("could not read the web app: {e}")).into_response(),
    }
}

/// The page `/` answers when the web app has not been built.
fn missing_app(dir: &FsPath) -> Response {
    let dir = dir.display().to_string().replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;");
    let page = format!(
        "<!doctype html><meta charset=utf-8><title>Arbiter: the web app is not built</title>\
         <body style=\"font:16px/1.5 system-ui,sans-serif;max-width:40em;margin:3em auto;padding:0 1em\">\
         <h1>Arbiter is running, but the web app is not built</h1>\
         <p>The game server's API is up under <a href=\"/api/games\"><code>/api</code></a>, \
         but there is no <code>index.html</code> in <code>{dir}</code>.</p>\
         <p>Build the app and start the server with one command, from the repository:</p>\
         <pre>scripts/web</pre>\
         <p>or build it by hand (Node.js and npm are needed) and restart the server:</p>\
         <pre>cd web &amp;&amp; npm ci &amp;&amp; npm run build</pre>\
         <p>Elsewhere, point the server at a built app with <code>arbiter serve --web DIR</code> \
         or <code>ARBITER_WEB=DIR</code>.</p>"
    );
    (StatusCode::NOT_FOUND, [(header::CONTENT_TYPE, "text/html; charset=utf-8")], page).into_response()
}

async fn method_not_allowed(req: Request) -> ApiError {
    ApiError::new(
        StatusCode::METHOD_NOT_ALLOWED,
        "method-not-allowed",
        format!("{} is not allowed on {}", req.method(), req.uri().path().chars().take(100).collect::<String>()),
    )
}

/// `GET /healthz`: whether this server should be sent traffic.
async fn healthz(State(state): State<AppState>) -> Response {
    if state.is_closing() {
        return ApiError::shutting_down().into_response();
    }
    match state.storage_answers(std::time::Duration::from_secs(2)).await {
        Ok(()) => Json(serde_json::json!({ "status": "ok", "matches": state.loaded_matches() })).into_response(),
        Err(why) => ApiError::new(StatusCode::SERVICE_UNAVAILABLE, "storage", why).into_response(),
    }
}

/// `GET /metrics`: Prometheus's text format.
async fn metrics(State(state): State<AppState>) -> Response {
    ([(header::CONTENT_TYPE, "text/plain; version=0.0.4; charset=utf-8")], state.metrics_text().await).into_response()
}

async fn games(State(state): State<AppState>) -> Json<Vec<GameInfo>> {
    let bot_matches = state.config().bots.bot_matches;
    Json(state.registry().games().into_iter().map(|g| GameInfo { bot_matches, ..g }).collect())
}

async fn list(
    State(state): State<AppState>,
    q: Result<Query<TokensQuery>, QueryRejection>,
) -> Result<Response, ApiError> {
    let q = query(q)?;
    let tokens: Vec<String> =
        q.tokens.unwrap_or_default().split(',').map(str::trim).filter(|t| !t.is_empty()).map(String::from).collect();
    Ok(Json(state.list(&tokens).await?).into_response())
}

async fn create(
    State(state): State<AppState>,
    ClientAddr(client): ClientAddr,
    JsonBody(req): JsonBody<CreateMatch>,
) -> Result<Response, ApiError> {
    Ok((StatusCode::CREATED, Json(state.create_from(req, client).await?)).into_response())
}

async fn view(
    State(state): State<AppState>,
    id: Result<Path<String>, PathRejection>,
    q: Result<Query<TokenQuery>, QueryRejection>,
) -> Result<Response, ApiError> {
    let (id, q) = (path(id)?, query(q)?);
    Ok(Json(state.view(&id, q.token.as_deref()).await?).into_response())
}

async fn act(
    State(state): State<AppState>,
    id: Result<Path<String>, PathRejection>,
    JsonBody(req): JsonBody<ActionRequest>,
) -> Result<Response, ApiError> {
    let id = path(id)?;
    Ok(Json(state.act(&id, &req.token, &req.action).await?).into_response())
}

async fn roll(
    State(state): State<AppState>,
    id: Result<Path<String>, PathRejection>,
    JsonBody(req): JsonBody<RollRequest>,
) -> Result<Response, ApiError> {
    let id = path(id)?;
    Ok(Json(state.roll(&id, &req.token, req.values, req.part.map(|p| p as usize)).await?).into_response())
}

async fn undo(
    State(state): State<AppState>,
    id: Result<Path<String>, PathRejection>,
    JsonBody(req): JsonBody<UndoRequest>,
) -> Result<Response, ApiError> {
    let id = path(id)?;
    Ok(Json(state.undo(&id, &req.token, req.len as usize).await?).into_response())
}

/// `?a=…&b=…[&token=t]`: the two spots of a measurement.
#[derive(Debug, Default, Deserialize)]
pub struct MeasureQuery {
    /// The first spot: a figure letter, a position `x,y` or `gate`.
    pub a: String,
    /// The second spot.
    pub b: String,
    /// A seat's token, or none for a spectator.
    pub token: Option<String>,
}

async fn measure(
    State(state): State<AppState>,
    id: Result<Path<String>, PathRejection>,
    q: Result<Query<MeasureQuery>, QueryRejection>,
) -> Result<Response, ApiError> {
    let id = path(id)?;
    let Query(q) = q.map_err(|e| ApiError::bad_request(e.body_text()))?;
    Ok(Json(state.measure(&id, q.token.as_deref(), &q.a, &q.b).await?).into_response())
}

async fn join(
    State(state): State<AppState>,
    id: Result<Path<String>, PathRejection>,
    JsonBody(req): JsonBody<JoinMatch>,
) -> Result<Response, ApiError> {
    let id = path(id)?;
    Ok(Json(state.join(&id, req).await?).into_response())
}

async fn record(
    State(state): State<AppState>,
    id: Result<Path<String>, PathRejection>,
    q: Result<Query<TokenQuery>, QueryRejection>,
) -> Result<Response, ApiError> {
    let (id, q) = (path(id)?, query(q)?);
    Ok(Json(state.record(&id, q.token.as_deref()).await?).into_response())
}

async fn replay(
    State(state): State<AppState>,
    p: Result<Path<(String, usize)>, PathRejection>,
    q: Result<Query<TokenQuery>, QueryRejection>,
) -> Result<Response, ApiError> {
    let ((id, n), q) = (path(p)?, query(q)?);
    Ok(Json(state.replay(&id, n, q.token.as_deref()).await?).into_response())
}

#[cfg(test)]
mod tests {
    use super::{missing_app, set_web_dir, unknown_route};
    use axum::body::{Body, to_bytes};
    use axum::http::{Method, Request, StatusCode};

    async fn get(method: Method, uri: &str) -> (StatusCode, String) {
        let req = Request::builder().method(method).uri(uri).body(Body::empty()).expect("a request");
        let res = unknown_route(req).await;
        let status = res.status();
        let body = to_bytes(res.into_body(), 1 << 20).await.expect("a body");
        (status, String::from_utf8_lossy(&body).into_owned())
    }

    #[tokio::test]
    async fn the_web_app_is_served_with_its_own_paths_and_api_errors_stay_json() {
        let dir = std::env::temp_dir().join(format!("arbiter-web-{}", std::process::id()));
        std::fs::create_dir_all(dir.join("assets")).expect("a temporary directory");
        std::fs::write(dir.join("index.html"), "<!doctype html><title>app</title>").expect("index.html");
        std::fs::write(dir.join("assets/app.js"), "console.log(1)").expect("app.js");
        set_web_dir(dir.clone());
        assert_eq!(get(Method::GET, "/").await, (StatusCode::OK, "<!doctype html><title>app</title>".into()));
        assert_eq!(get(Method::GET, "/assets/app.js").await, (StatusCode::OK, "console.log(1)".into()));
        // The app's own routes get index.html; its router takes over.
        let (status, body) = get(Method::GET, "/m/71932786fba9cf7b?token=abc").await;
        assert_eq!((status, body.contains("<title>app</title>")), (StatusCode::OK, true));
        for (method, uri) in [(Method::GET, "/api/nope"), (Method::GET, "/api"), (Method::POST, "/m/x")] {
            let (status, body) = get(method, uri).await;
            assert_eq!(status, StatusCode::NOT_FOUND, "{uri}");
            assert!(body.starts_with("{\"error\":\"not-found\""), "{uri}: {body}");
        }
        let (status, body) = get(Method::GET, "/../../etc/passwd").await;
        assert!(status == StatusCode::NOT_FOUND || body.contains("<title>app</title>"), "no escape from the directory");
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[tokio::test]
    async fn a_missing_app_answers_how_to_build_it() {
        let res = missing_app(std::path::Path::new("no/such/<dir>"));
        assert_eq!(res.status(), StatusCode::NOT_FOUND);
        let body = to_bytes(res.into_body(), 1 << 20).await.expect("a body");
        let text = String::from_utf8_lossy(&body);
        assert!(text.contains("scripts/web") && text.contains("npm run build") && text.contains("no/such/&lt;dir&gt;"));
    }
}
