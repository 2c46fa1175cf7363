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
//! | `GET /api/matches/{id}/record` | the game record |
//! | `GET /api/matches/{id}/replay/{n}` | the match after `n` decisions |
//! | `GET /api/matches/{id}/ws[?token=t]` | the WebSocket (see [`crate::ws`]) |

use crate::api::{ActionRequest, CreateMatch, GameInfo, JoinMatch};
use crate::error::ApiError;
use crate::state::AppState;
use crate::ws;
use axum::body::Bytes;
use axum::extract::rejection::{PathRejection, QueryRejection};
use axum::extract::{ConnectInfo, DefaultBodyLimit, FromRequest, Path, Query, Request, State};
use axum::http::StatusCode;
use axum::middleware::{self, Next};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use serde::Deserialize;
use serde::de::DeserializeOwned;
use std::any::Any;
use std::net::SocketAddr;
use tower_http::catch_panic::CatchPanicLayer;

/// A JSON request body: read whole (within the route's size limit) and
/// parsed, whatever its content type. Too large gives 413 `too-large`;
/// anything unreadable gives 400 `bad-request` with serde's line and column.
pub struct JsonBody<T>(pub T);

impl<S: Send + Sync, T: DeserializeOwned> FromRequest<S> for JsonBody<T> {
    type Rejection = ApiError;

    async fn from_request(req: Request, state: &S) -> Result<Self, ApiError> {
        let bytes = Bytes::from_request(req, state).await.map_err(|r| {
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
        .route("/api/games", get(games))
        .route("/api/matches", get(list).post(create).layer(DefaultBodyLimit::max(limits.create_body_bytes)))
        .route("/api/matches/{id}", get(view))
        .route("/api/matches/{id}/actions", post(act))
        .route("/api/matches/{id}/join", post(join))
        .route("/api/matches/{id}/record", get(record))
        .route("/api/matches/{id}/replay/{n}", get(replay))
        .route("/api/matches/{id}/ws", get(ws::upgrade))
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

async fn unknown_route(req: Request) -> ApiError {
    ApiError::not_found(format!("no route {} {}", req.method(), req.uri().path().chars().take(100).collect::<String>()))
}

async fn method_not_allowed(req: Request) -> ApiError {
    ApiError::new(
        StatusCode::METHOD_NOT_ALLOWED,
        "method-not-allowed",
        format!("{} is not allowed on {}", req.method(), req.uri().path().chars().take(100).collect::<String>()),
    )
}

async fn games(State(state): State<AppState>) -> Json<Vec<GameInfo>> {
    Json(state.registry().games())
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

async fn create(State(state): State<AppState>, JsonBody(req): JsonBody<CreateMatch>) -> Result<Response, ApiError> {
    Ok((StatusCode::CREATED, Json(state.create(req).await?)).into_response())
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

async fn join(
    State(state): State<AppState>,
    id: Result<Path<String>, PathRejection>,
    JsonBody(req): JsonBody<JoinMatch>,
) -> Result<Response, ApiError> {
    let id = path(id)?;
    Ok(Json(state.join(&id, req).await?).into_response())
}

async fn record(State(state): State<AppState>, id: Result<Path<String>, PathRejection>) -> Result<Response, ApiError> {
    let id = path(id)?;
    Ok(Json(state.record(&id).await?).into_response())
}

async fn replay(
    State(state): State<AppState>,
    p: Result<Path<(String, usize)>, PathRejection>,
) -> Result<Response, ApiError> {
    let (id, n) = path(p)?;
    Ok(Json(state.replay(&id, n).await?).into_response())
}
