//! The Integrações IO host: paths and payloads are undocumented, so it accepts any method and path
//! under `/io` and echoes what it received, guarded by the `x-api-key` header.

use std::sync::Arc;
use std::sync::atomic::Ordering;

use axum::Json;
use axum::body::Bytes;
use axum::extract::State;
use axum::http::{HeaderMap, Method, StatusCode, Uri, header};
use axum::response::{IntoResponse, Response};
use serde_json::{Value, json};

use super::state::CrmState;
use crate::IO_KEY;

/// The one path that answers plain text, so clients can be tried on a non-JSON answer.
const TEXT_PATH: &str = "/io/text";

pub async fn handle(
    State(state): State<Arc<CrmState>>,
    method: Method,
    uri: Uri,
    headers: HeaderMap,
    body: Bytes,
) -> Response {
    let key = headers.get("x-api-key").and_then(|v| v.to_str().ok());
    if key != Some(IO_KEY) {
        let body = json!({ "erro": "x-api-key ausente ou inválida" });
        return (StatusCode::UNAUTHORIZED, Json(body)).into_response();
    }
    let call = state.io_calls.fetch_add(1, Ordering::Relaxed) + 1;
    let path = uri.path();
    if method == Method::GET && path == TEXT_PATH {
        let text = format!("Integrações IO: chamada {call} recebida\nsem JSON nesta resposta\n");
        return ([(header::CONTENT_TYPE, "text/plain; charset=utf-8")], text).into_response();
    }
    let text = String::from_utf8_lossy(&body);
    let body = if text.trim().is_empty() {
        Value::Null
    } else {
        serde_json::from_str(&text).unwrap_or_else(|_| Value::String(text.into_owned()))
    };
    Json(json!({
        "ok": true,
        "method": method.as_str(),
        "path": path,
        "query": uri.query().unwrap_or(""),
        "body": body,
        "call": call,
    }))
    .into_response()
}
