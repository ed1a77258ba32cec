//! Errors in Bitrix's shape: `{"error": CODE, "error_description": text}` with an HTTP status.

use axum::Json;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use serde_json::json;

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CrmError {
    pub status: StatusCode,
    pub code: &'static str,
    pub description: String,
}

impl CrmError {
    fn new(status: StatusCode, code: &'static str, description: impl Into<String>) -> Self {
        CrmError {
            status,
            code,
            description: description.into(),
        }
    }

    /// The method spent its running time for the window (see `operating`).
    pub fn operation_time_limit() -> Self {
        CrmError::new(
            StatusCode::TOO_MANY_REQUESTS,
            "OPERATION_TIME_LIMIT",
            "Method is blocked due to operation time limit.",
        )
    }

    /// A parameter the method cannot use.
    pub fn invalid(description: impl Into<String>) -> Self {
        Self::new(StatusCode::BAD_REQUEST, "INVALID_ARG_VALUE", description)
    }

    /// A field ID the entity does not have (IDs are case-sensitive).
    pub fn unknown_field(id: &str) -> Self {
        Self::invalid(format!("unknown field: {id}"))
    }

    /// A multi-value field written as a plain value instead of as items.
    pub fn multi_form(id: &str) -> Self {
        Self::invalid(format!(
            "{id} is a multi-value field: {id} must be given as FIELDS[{id}][n][VALUE]=<value> (optionally FIELDS[{id}][n][VALUE_TYPE]=<type>, WORK by default)"
        ))
    }

    /// The request itself could not be read (e.g. a JSON body that is not an object).
    pub fn invalid_request(description: impl Into<String>) -> Self {
        Self::new(StatusCode::BAD_REQUEST, "INVALID_REQUEST", description)
    }

    pub fn not_found() -> Self {
        Self::new(StatusCode::BAD_REQUEST, "NOT_FOUND", "Not found")
    }

    /// `crm.item.*` for an `entityTypeId` the portal has no type for
    /// (api-reference/crm/universal/crm-item-list.md, "Возможные коды ошибок").
    pub fn type_not_found() -> Self {
        Self::new(
            StatusCode::BAD_REQUEST,
            "NOT_FOUND",
            "Smart process not found",
        )
    }

    /// `crm.item.get|update|delete` for an `id` the type does not hold.
    pub fn item_not_found() -> Self {
        Self::new(StatusCode::BAD_REQUEST, "NOT_FOUND", "Element not found")
    }

    pub fn method_not_found() -> Self {
        Self::new(
            StatusCode::BAD_REQUEST,
            "ERROR_METHOD_NOT_FOUND",
            "Method not found!",
        )
    }

    pub fn query_limit() -> Self {
        Self::new(
            StatusCode::SERVICE_UNAVAILABLE,
            "QUERY_LIMIT_EXCEEDED",
            "Too many requests",
        )
    }

    pub fn invalid_credentials() -> Self {
        Self::new(
            StatusCode::UNAUTHORIZED,
            "INVALID_CREDENTIALS",
            "Invalid request credentials",
        )
    }
}

impl CrmError {
    /// The error as Bitrix writes it, alone or inside a `batch`'s `result_error`.
    pub fn body(&self) -> serde_json::Value {
        json!({ "error": self.code, "error_description": self.description })
    }
}

impl IntoResponse for CrmError {
    fn into_response(self) -> Response {
        (self.status, Json(self.body())).into_response()
    }
}
