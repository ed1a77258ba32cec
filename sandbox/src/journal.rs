//! The request journal (read back through `inspect`'s `/__sandbox` routes).
//!
//! Every request to every host except `/__sandbox` itself is recorded, oldest first, so
//! tests can assert what a client really sent.

use std::collections::VecDeque;
use std::sync::{Arc, Mutex};
use std::time::{SystemTime, UNIX_EPOCH};

use axum::body::{Body, Bytes};
use axum::extract::{Request, State};
use axum::http::StatusCode;
use axum::http::header::CONTENT_ENCODING;
use axum::http::request::Parts;
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use serde::Serialize;
use serde_json::{Map, Value};

use crate::error::ApiError;

/// The journal keeps only the newest 200 000 requests, and at most 256 MiB of their
/// text, dropping the oldest first, so that a long benchmark cannot exhaust memory.
pub const MAX_ENTRIES: usize = 200_000;
const MAX_BYTES: usize = 256 << 20;
/// Largest request body accepted (and journaled).
const MAX_BODY: usize = 16 << 20;

#[derive(Serialize)]
struct Entry {
    method: String,
    path: String,
    /// The raw query string, percent-encoding and all.
    query: String,
    headers: Map<String, Value>,
    /// The raw body text.
    body: String,
    /// The `Content-Encoding` the answer went out with; null while unanswered or uncompressed.
    response_encoding: Option<String>,
    /// When the request arrived, in milliseconds since the Unix epoch: tests check the spacing of
    /// a client's requests with it.
    at_ms: u64,
}

impl Entry {
    fn new(parts: &Parts, body: &Bytes) -> Entry {
        let mut headers = Map::new();
        for (name, value) in &parts.headers {
            let value = String::from_utf8_lossy(value.as_bytes()).into_owned();
            match headers.get_mut(name.as_str()) {
                Some(Value::String(joined)) => {
                    joined.push_str(", ");
                    joined.push_str(&value);
                }
                _ => {
                    headers.insert(name.as_str().to_owned(), Value::String(value));
                }
            }
        }
        Entry {
            method: parts.method.to_string(),
            path: parts.uri.path().to_owned(),
            query: parts.uri.query().unwrap_or_default().to_owned(),
            headers,
            body: String::from_utf8_lossy(body).into_owned(),
            response_encoding: None,
            at_ms: SystemTime::now()
                .duration_since(UNIX_EPOCH)
                .map_or(0, |since| {
                    u64::try_from(since.as_millis()).unwrap_or(u64::MAX)
                }),
        }
    }

    /// Rough memory cost, for the byte cap.
    fn weight(&self) -> usize {
        let headers: usize = self
            .headers
            .iter()
            .map(|(k, v)| k.len() + v.as_str().map_or(0, str::len) + 64)
            .sum();
        self.method.len() + self.path.len() + self.query.len() + self.body.len() + headers + 128
    }
}

#[derive(Default)]
pub struct Journal {
    inner: Mutex<Entries>,
}

#[derive(Default)]
struct Entries {
    entries: VecDeque<Entry>,
    bytes: usize,
    /// Sequence number of the oldest entry kept; entries are numbered in arrival order, so an
    /// answer can find its request's entry after older ones were dropped or cleared.
    first: u64,
}

impl Journal {
    /// Keeps the entry and returns its sequence number.
    fn record(&self, entry: Entry) -> u64 {
        let mut inner = self.inner.lock().expect("journal lock");
        let seq = inner.first + inner.entries.len() as u64;
        inner.bytes += entry.weight();
        inner.entries.push_back(entry);
        while inner.entries.len() > MAX_ENTRIES
            || (inner.bytes > MAX_BYTES && inner.entries.len() > 1)
        {
            if let Some(old) = inner.entries.pop_front() {
                inner.bytes -= old.weight();
                inner.first += 1;
            }
        }
        seq
    }

    /// Notes how the answer to entry `seq` was encoded, if that entry is still kept.
    fn answered(&self, seq: u64, encoding: String) {
        let mut inner = self.inner.lock().expect("journal lock");
        let Some(index) = seq.checked_sub(inner.first) else {
            return;
        };
        if let Some(entry) = inner.entries.get_mut(index as usize) {
            entry.response_encoding = Some(encoding);
        }
    }

    pub fn clear(&self) {
        let mut inner = self.inner.lock().expect("journal lock");
        inner.first += inner.entries.len() as u64;
        inner.entries.clear();
        inner.bytes = 0;
    }

    pub fn to_json(&self) -> Vec<u8> {
        let inner = self.inner.lock().expect("journal lock");
        serde_json::to_vec(&inner.entries).expect("journal serialises to JSON")
    }

    pub fn len(&self) -> usize {
        self.inner.lock().expect("journal lock").entries.len()
    }
}

/// Records the request (reading its body) before anything can answer it, so that requests never
/// answered are journaled too; then passes it on unchanged and notes the answer's encoding.
pub async fn middleware(
    State(journal): State<Arc<Journal>>,
    request: Request,
    next: Next,
) -> Response {
    let (parts, body) = request.into_parts();
    let body = match axum::body::to_bytes(body, MAX_BODY).await {
        Ok(body) => body,
        Err(_) => {
            return ApiError::new(
                StatusCode::PAYLOAD_TOO_LARGE,
                format!("corpo da requisição ilegível ou maior que {MAX_BODY} bytes"),
            )
            .into_response();
        }
    };
    let seq = journal.record(Entry::new(&parts, &body));
    let response = next.run(Request::from_parts(parts, Body::from(body))).await;
    if let Some(encoding) = response.headers().get(CONTENT_ENCODING) {
        let encoding = String::from_utf8_lossy(encoding.as_bytes()).into_owned();
        journal.answered(seq, encoding);
    }
    response
}
