//! `POST /api/p2v/table`: what Path 2 Victory's browser table draws, read
//! from the rules (`arbiter_p2v::table`) so the table never copies them.
//!
//! The request is `{ "variant": VARIANT, "state": STATE }`: the match's
//! variant as its record carries it and, optionally, a state as the match's
//! observation shows it. The answer is the board (terrain by trait, the
//! deployment zones), every creature's card numbers and, for a state, the
//! look at its decisions: the whole legal list with its notation, the ends
//! of a Stride with their cost and way, each strike's odds with its cover
//! checks, each power's area. Nothing is stored or changed: any viewer may
//! ask about any state, as anyone may read the rules.

use crate::error::ApiError;
use crate::http::JsonBody;
use arbiter_p2v::play::{State, Variant};
use axum::Json;
use axum::response::{IntoResponse, Response};
use serde::Deserialize;

/// The body of `POST /api/p2v/table`.
#[derive(Deserialize)]
pub struct TableRequest {
    /// The game's variant (warbands, map, round limit), as a record keeps it.
    pub variant: serde_json::Value,
    /// A state to look at, as a match's observation shows it.
    #[serde(default)]
    pub state: Option<serde_json::Value>,
}

/// `POST /api/p2v/table`.
pub async fn post_table(JsonBody(req): JsonBody<TableRequest>) -> Result<Response, ApiError> {
    let variant: Variant =
        serde_json::from_value(req.variant).map_err(|e| ApiError::bad_request(format!("the variant: {e}")))?;
    let state: Option<State> = match req.state {
        Some(v) if !v.is_null() => {
            Some(serde_json::from_value(v).map_err(|e| ApiError::bad_request(format!("the state: {e}")))?)
        }
        _ => None,
    };
    let view = tokio::task::spawn_blocking(move || arbiter_p2v::table::table_view(&variant, state.as_ref()))
        .await
        .map_err(|_| ApiError::internal("the table view failed"))?
        .map_err(ApiError::invalid)?;
    Ok(Json(view).into_response())
}
