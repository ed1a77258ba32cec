//! The service's error shape: an honest status and `{"erro": "<mensagem>"}`. The legacy-php
//! dialect rewrites it on the way out (see `answers`), from what the answer carries.

use axum::Json;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};

#[derive(Debug)]
pub struct ApiError {
    pub status: StatusCode,
    pub message: String,
    /// The older deployment's own wording, where it has one (e.g. for every token problem).
    pub legacy: Option<&'static str>,
}

/// Rides on an error answer so that a dialect can rephrase it without parsing the body.
#[derive(Clone, Debug)]
pub struct Failure {
    pub message: String,
}

impl ApiError {
    pub fn new(status: StatusCode, message: impl Into<String>) -> Self {
        ApiError {
            status,
            message: message.into(),
            legacy: None,
        }
    }

    /// The same failure as the legacy-php dialect words it.
    pub fn legacy(mut self, message: &'static str) -> Self {
        self.legacy = Some(message);
        self
    }

    pub fn bad_request(message: impl Into<String>) -> Self {
        Self::new(StatusCode::BAD_REQUEST, message)
    }

    pub fn unauthorized(message: impl Into<String>) -> Self {
        Self::new(StatusCode::UNAUTHORIZED, message)
    }

    pub fn forbidden(message: impl Into<String>) -> Self {
        Self::new(StatusCode::FORBIDDEN, message)
    }

    pub fn not_found(message: impl Into<String>) -> Self {
        Self::new(StatusCode::NOT_FOUND, message)
    }

    pub fn unprocessable(message: impl Into<String>) -> Self {
        Self::new(StatusCode::UNPROCESSABLE_ENTITY, message)
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let failure = Failure {
            message: self
                .legacy
                .map_or_else(|| self.message.clone(), str::to_owned),
        };
        let mut response = (
            self.status,
            Json(serde_json::json!({ "erro": self.message })),
        )
            .into_response();
        response.extensions_mut().insert(failure);
        response
    }
}
