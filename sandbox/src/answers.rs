//! What `/rest/v1` does to answers past the handlers: the legacy-php dialect's failures (HTTP
//! 200 with `{"status": false, "mensagem": …}`), the HTML 500 page every N-th GET that such
//! deployments show, and how JSON answers go on the wire (`wire`: charset, byte-order mark,
//! Content-Type).

mod wire;

use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};

use axum::extract::{Request, State};
use axum::http::header::CONTENT_TYPE;
use axum::http::{Method, StatusCode};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};

use crate::error::{ApiError, Failure, json};
use crate::{Charset, Dialect, Options};
use wire::Wire;

const HTML_500: &str = "<!DOCTYPE html>\n<html>\n<head><title>500 Internal Server Error</title></head>\n<body>\n<h1>500 Internal Server Error</h1>\n<p>The server encountered an internal error or misconfiguration and was unable to complete your request.</p>\n<hr>\n<address>Apache Server</address>\n</body>\n</html>\n";

pub struct Answers {
    dialect: Dialect,
    html_error_every: u64,
    /// GET calls seen so far, login aside.
    gets: AtomicU64,
    unconfirmed_rate: f64,
    /// Writes seen so far, for `--unconfirmed-write-rate`.
    writes: AtomicU64,
    wire: Wire,
    /// Routes answered 404, as a deployment that lacks them.
    unknown: Vec<String>,
}

impl Answers {
    pub fn new(opts: &Options) -> Self {
        Answers {
            dialect: opts.dialect,
            html_error_every: u64::from(opts.html_error_every()),
            gets: AtomicU64::new(0),
            unconfirmed_rate: opts.unconfirmed_write_rate(),
            writes: AtomicU64::new(0),
            wire: Wire {
                latin1: opts.charset() == Charset::Latin1,
                bom: opts.bom,
                content_type: opts.content_type,
            },
            unknown: opts
                .unknown_route
                .iter()
                .map(|r| format!("/{}", r.trim_start_matches('/')))
                .collect(),
        }
    }

    /// Counts this write; true for the writes `--unconfirmed-write-rate` leaves unconfirmed, spread
    /// evenly (rate 0.25: writes 4, 8, 12…) so runs are repeatable.
    pub fn unconfirmed_due(&self) -> bool {
        if self.unconfirmed_rate <= 0.0 {
            return false;
        }
        let k = self.writes.fetch_add(1, Ordering::Relaxed) as f64;
        ((k + 1.0) * self.unconfirmed_rate).floor() > (k * self.unconfirmed_rate).floor()
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
    if answers.unknown.iter().any(|r| r == request.uri().path()) {
        let path = request.uri().path().to_owned();
        let answer = ApiError::not_found(format!("rota não encontrada: {path}")).into_response();
        return answers.wire.send(answer).await;
    }
    let counted = request.method() == Method::GET && request.uri().path() != "/loginApi";
    if counted && answers.html_error_due() {
        return html_500();
    }
    let response = next.run(request).await;
    let response = match (answers.dialect, response.extensions().get::<Failure>()) {
        (Dialect::LegacyPhp, Some(failure)) => json(
            StatusCode::OK,
            &serde_json::json!({ "status": false, "mensagem": failure.message }),
        ),
        _ => response,
    };
    answers.wire.send(response).await
}
