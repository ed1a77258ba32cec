//! What `/rest/v1` does to answers past the handlers: the legacy-php dialect's failures (HTTP
//! 200 with `{"status": false, "mensagem": …}`) and the HTML 500 page every N-th GET that such
//! deployments show.

use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};

use axum::extract::{Request, State};
use axum::http::header::CONTENT_TYPE;
use axum::http::{Method, StatusCode};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};

use super::error::Failure;
use super::reply::json;
use crate::{Dialect, Options};

const HTML_500: &str = "<!DOCTYPE html>\n<html>\n<head><title>500 Internal Server Error</title></head>\n<body>\n<h1>500 Internal Server Error</h1>\n<p>The server encountered an internal error or misconfiguration and was unable to complete your request.</p>\n<hr>\n<address>Apache Server</address>\n</body>\n</html>\n";

pub struct Answers {
    dialect: Dialect,
    html_error_every: u64,
    /// GET calls seen so far, login aside.
    gets: AtomicU64,
}

impl Answers {
    pub fn new(opts: &Options) -> Self {
        Answers {
            dialect: opts.dialect,
            html_error_every: u64::from(opts.html_error_every()),
            gets: AtomicU64::new(0),
        }
    }

    /// Counts this GET; true for calls N, 2N, 3N… so runs are repeatable.
    fn html_error_due(&self) -> bool {
        if self.html_error_every == 0 {
            return false;
        }
        let call = self.gets.fetch_add(1, Ordering::Relaxed) + 1;
        call.is_multiple_of(self.html_error_every)
    }
}

fn html_500() -> Response {
    (
        StatusCode::INTERNAL_SERVER_ERROR,
        [(CONTENT_TYPE, "text/html; charset=utf-8")],
        HTML_500,
    )
        .into_response()
}

pub async fn middleware(
    State(answers): State<Arc<Answers>>,
    request: Request,
    next: Next,
) -> Response {
    let counted = request.method() == Method::GET && request.uri().path() != "/loginApi";
    if counted && answers.html_error_due() {
        return html_500();
    }
    let response = next.run(request).await;
    match (answers.dialect, response.extensions().get::<Failure>()) {
        (Dialect::LegacyPhp, Some(failure)) => json(
            StatusCode::OK,
            &serde_json::json!({ "status": false, "mensagem": failure.message }),
        ),
        _ => response,
    }
}
