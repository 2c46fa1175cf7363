//! Errors: [`ApiError`], what every failed request answers (a status and a
//! JSON [`ErrorBody`]), and [`ServerError`], why the server could not start
//! or stopped.

use crate::api::{ErrorBody, RefusalView};
use crate::runner::ActError;
use crate::store::StoreError;
use axum::Json;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};

/// A failed request: an HTTP status and a JSON body with a stable code.
#[derive(Clone, Debug, PartialEq)]
pub struct ApiError {
    /// The HTTP status.
    pub status: StatusCode,
    /// The body (boxed: errors travel in `Result`s and should stay small).
    pub body: Box<ErrorBody>,
}

impl ApiError {
    /// An error with a status, a stable code and a message.
    pub fn new(status: StatusCode, code: &str, message: impl Into<String>) -> Self {
        ApiError { status, body: Box::new(ErrorBody { error: code.into(), message: message.into(), refusal: None }) }
    }

    /// 400: the request is malformed.
    pub fn bad_request(message: impl Into<String>) -> Self {
        ApiError::new(StatusCode::BAD_REQUEST, "bad-request", message)
    }

    /// 413: the body is too large.
    pub fn too_large(limit: usize) -> Self {
        ApiError::new(StatusCode::PAYLOAD_TOO_LARGE, "too-large", format!("the body is larger than {limit} bytes"))
    }

    /// 404: no such match or route.
    pub fn not_found(message: impl Into<String>) -> Self {
        ApiError::new(StatusCode::NOT_FOUND, "not-found", message)
    }

    /// 403: the token may not do this.
    pub fn forbidden(message: impl Into<String>) -> Self {
        ApiError::new(StatusCode::FORBIDDEN, "forbidden", message)
    }

    /// 422: well-formed, but the values are not acceptable.
    pub fn invalid(message: impl Into<String>) -> Self {
        ApiError::new(StatusCode::UNPROCESSABLE_ENTITY, "invalid", message)
    }

    /// 409: the match is not in a state that allows this.
    pub fn conflict(message: impl Into<String>) -> Self {
        ApiError::new(StatusCode::CONFLICT, "conflict", message)
    }

    /// 429: too many requests.
    pub fn rate_limited() -> Self {
        ApiError::new(StatusCode::TOO_MANY_REQUESTS, "rate-limited", "too many requests; slow down")
    }

    /// 503: the server is shutting down (a restart, usually); nothing was
    /// changed.
    pub fn shutting_down() -> Self {
        ApiError::new(
            StatusCode::SERVICE_UNAVAILABLE,
            "shutting-down",
            "the server is shutting down (a restart, usually); nothing was changed: try again in a moment",
        )
    }

    /// 503: storage failed; nothing was changed.
    pub fn storage(e: &StoreError) -> Self {
        ApiError::new(StatusCode::SERVICE_UNAVAILABLE, "storage", format!("storage failed, nothing was changed: {e}"))
    }

    /// 500: a bug.
    pub fn internal(message: impl Into<String>) -> Self {
        ApiError::new(StatusCode::INTERNAL_SERVER_ERROR, "internal", message)
    }

    /// The answer to an action the runner did not apply: 422 `bad-action`
    /// for JSON that is not an action of the game, 409 `not-your-turn` or
    /// `game-over` for the core's turn checks, 422 `refused` for the rules.
    pub fn from_act(e: ActError) -> Self {
        match e {
            ActError::BadAction(m) => ApiError::new(StatusCode::UNPROCESSABLE_ENTITY, "bad-action", m),
            ActError::Failed => ApiError::internal(ActError::Failed.to_string()),
            ActError::Refused(r) => {
                let (status, code) = if r.rule == "core.turn.over" {
                    (StatusCode::CONFLICT, "game-over")
                } else if r.rule.starts_with("core.turn.") {
                    (StatusCode::CONFLICT, "not-your-turn")
                } else {
                    (StatusCode::UNPROCESSABLE_ENTITY, "refused")
                };
                ApiError {
                    status,
                    body: Box::new(ErrorBody {
                        error: code.into(),
                        message: r.reason.to_string(),
                        refusal: Some(RefusalView {
                            rule: r.rule.to_string(),
                            reason: r.reason.to_string(),
                            section: r.section.to_string(),
                        }),
                    }),
                }
            }
        }
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        (self.status, Json(*self.body)).into_response()
    }
}

/// Why the server could not start, or stopped.
#[derive(Debug, thiserror::Error)]
pub enum ServerError {
    /// Storage could not be opened or migrated.
    #[error(transparent)]
    Store(#[from] StoreError),
    /// The address could not be bound.
    #[error("could not listen on {addr}: {source}")]
    Bind {
        /// The address.
        addr: std::net::SocketAddr,
        /// Why.
        source: std::io::Error,
    },
    /// Serving failed.
    #[error("server error: {0}")]
    Io(#[from] std::io::Error),
}
