//! The service's error shape: an honest status and `{"erro": "<mensagem>"}` (the legacy-php
//! dialect rewrites it on the way out: see `answers`, from what the answer carries), and the JSON
//! answers every host writes. Below every handler, so that handlers, middleware and the router share
//! them without importing one another.

use axum::Json;
use axum::http::StatusCode;
use axum::http::header::CONTENT_TYPE;
use axum::response::{IntoResponse, Response};
use serde::Serialize;

#[derive(Debug)]
pub struct ApiError {
    pub status: StatusCode,
    pub message: String,
    /// The older deployment's own wording, where it has one (e.g. for every token problem).
    pub legacy: Option<&'static str>,
    /// Answered exactly so in every dialect: an answer a knob spells out status and all.
    pub verbatim: bool,
}

/// The words of an answer that found nothing (`--empty-list 404|200-false`, `--page-zero 404`).
pub const NO_RECORDS: &str = "Nenhum registro encontrado";

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
            verbatim: false,
        }
    }

    /// The same failure as the legacy-php dialect words it.
    pub fn legacy(mut self, message: &'static str) -> Self {
        self.legacy = Some(message);
        self
    }

    /// The same failure, which no dialect rewrites.
    pub fn verbatim(mut self) -> Self {
        self.verbatim = true;
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
        if !self.verbatim {
            response.extensions_mut().insert(failure);
        }
        response
    }
}

pub fn json_bytes(status: StatusCode, bytes: Vec<u8>) -> Response {
    (
        status,
        [(CONTENT_TYPE, "application/json; charset=utf-8")],
        bytes,
    )
        .into_response()
}

pub fn json<T: Serialize>(status: StatusCode, value: &T) -> Response {
    json_bytes(
        status,
        serde_json::to_vec(value).expect("records serialise to JSON"),
    )
}
