//! The caller of a `/rest/v1` handler: the user its token names, checked before the handler runs.

use axum::extract::FromRequestParts;
use axum::http::request::Parts;

use crate::auth::User;
use crate::error::ApiError;
use crate::state::AppState;

/// The authenticated caller of a handler.
pub struct Caller(pub User);

impl FromRequestParts<AppState> for Caller {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, ApiError> {
        state.tokens.authenticate(&parts.headers).map(Caller)
    }
}
