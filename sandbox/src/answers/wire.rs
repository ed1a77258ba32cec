//! How `/rest/v1`'s JSON answers go on the wire: the charset (`--charset`), a byte-order mark in
//! front (`--bom`) and the Content-Type header (`--content-type`). Older PHP deployments get each
//! of these wrong on their own, so each is a knob of its own.

use axum::body::Body;
use axum::http::header::{CONTENT_LENGTH, CONTENT_TYPE};
use axum::http::{HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};

use crate::ContentType;

/// UTF-8's byte-order mark.
const BOM: &[u8] = b"\xEF\xBB\xBF";

pub struct Wire {
    /// Windows-1252 bytes labelled `ISO-8859-1` (`--charset latin1`).
    pub latin1: bool,
    /// A UTF-8 byte-order mark before the JSON; never on Latin-1 bytes, which are not UTF-8.
    pub bom: bool,
    pub content_type: ContentType,
}

impl Wire {
    /// `response` as the knobs send it, when it is JSON; anything else (the HTML 500 page) as it is.
    pub async fn send(&self, response: Response) -> Response {
        let is_json = response
            .headers()
            .get(CONTENT_TYPE)
            .and_then(|v| v.to_str().ok())
            .is_some_and(|ct| ct.starts_with("application/json"));
        let bom = self.bom && !self.latin1;
        if !is_json || (!self.latin1 && !bom && self.content_type == ContentType::Json) {
            return response;
        }
        let (mut parts, body) = response.into_parts();
        let body = if self.latin1 || bom {
            let Ok(bytes) = axum::body::to_bytes(body, usize::MAX).await else {
                return (StatusCode::INTERNAL_SERVER_ERROR, "answer unreadable").into_response();
            };
            let mut out = Vec::with_capacity(bytes.len() + BOM.len());
            if bom {
                out.extend_from_slice(BOM);
            }
            if self.latin1 {
                out.extend(latin1(&bytes));
            } else {
                out.extend_from_slice(&bytes);
            }
            parts.headers.remove(CONTENT_LENGTH);
            Body::from(out)
        } else {
            body
        };
        let label = match (self.content_type, self.latin1) {
            (ContentType::Json, false) => None,
            (ContentType::Json, true) => Some("application/json; charset=ISO-8859-1"),
            (ContentType::Html, false) => Some("text/html; charset=UTF-8"),
            (ContentType::Html, true) => Some("text/html; charset=ISO-8859-1"),
            (ContentType::Absent, _) => {
                parts.headers.remove(CONTENT_TYPE);
                None
            }
        };
        if let Some(label) = label {
            parts
                .headers
                .insert(CONTENT_TYPE, HeaderValue::from_static(label));
        }
        Response::from_parts(parts, body)
    }
}

/// JSON text re-encoded as an older PHP deployment sends it: Windows-1252 bytes. A character beyond
/// that charset can only be inside a JSON string, where it is written as a `\uXXXX` escape (as PHP's
/// `json_encode` does): the same value, in bytes the charset has.
fn latin1(bytes: &[u8]) -> Vec<u8> {
    let text = String::from_utf8_lossy(bytes);
    let mut encoded = Vec::with_capacity(text.len());
    for c in text.chars() {
        let mut buf = [0u8; 4];
        let (out, _, unmappable) = encoding_rs::WINDOWS_1252.encode(c.encode_utf8(&mut buf));
        if unmappable {
            for unit in c.encode_utf16(&mut [0u16; 2]) {
                encoded.extend_from_slice(format!("\\u{unit:04x}").as_bytes());
            }
        } else {
            encoded.extend_from_slice(&out);
        }
    }
    encoded
}
