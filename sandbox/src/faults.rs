//! Misbehaviour on demand, one middleware over every host: rate limit (429 +
//! Retry-After), latency and jitter, server errors (500/503), and connections dropped
//! after part of the body. With default options it does nothing.

use std::collections::VecDeque;
use std::io;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use axum::body::{Body, Bytes};
use axum::extract::{Request, State};
use axum::http::header::{CONTENT_LENGTH, RETRY_AFTER};
use axum::http::{HeaderValue, Method, StatusCode};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use futures::StreamExt;
use rand::Rng;

use crate::Options;
use crate::error::ApiError;

const WINDOW: Duration = Duration::from_secs(1);
/// Pause between the part of a dropped body that is sent and the abort, so the client
/// really receives the headers and that part first.
const DROP_PAUSE: Duration = Duration::from_millis(20);
/// Most of a body read before cutting it: any real answer of the sandbox fits.
const CUT_BUFFER: usize = 64 << 20;

pub struct Faults {
    latency: Duration,
    jitter_ms: u64,
    error_rate: f64,
    drop_rate: f64,
    drop_every_write: u64,
    /// Writes seen so far, for `drop_every_write`.
    writes: AtomicU64,
    rate_limit: u32,
    failing_clinic: u32,
    /// Answers the lagging replica gave so far (`--lagging-answers`).
    lagged: AtomicU64,
    /// Answers followed by deletions so far (`--deleting-answers`).
    deletions: AtomicU64,
    /// Arrival times of the requests let through during the last second.
    recent: Mutex<VecDeque<Instant>>,
}

impl Faults {
    pub fn new(opts: &Options) -> Self {
        Faults {
            latency: Duration::from_millis(opts.latency_ms),
            jitter_ms: opts.jitter_ms,
            error_rate: opts.error_rate,
            drop_rate: opts.drop_rate,
            drop_every_write: u64::from(opts.drop_every_write),
            writes: AtomicU64::new(0),
            rate_limit: opts.rate_limit,
            failing_clinic: opts.failing_clinic,
            lagged: AtomicU64::new(0),
            deletions: AtomicU64::new(0),
            recent: Mutex::new(VecDeque::new()),
        }
    }

    /// How many records at the head of a per-clinic list the answer to `page` (counted from 1)
    /// lacks: those of the lagging replica (`--lagging-records`), while it still lags.
    pub fn lag_behind(&self, opts: &Options, page: u64) -> usize {
        if opts.lagging_records == 0 || !opts.lagging_pages.contains(&page) {
            return 0;
        }
        let answered = self.lagged.fetch_add(1, Ordering::SeqCst);
        if opts.lagging_answers > 0 && answered >= opts.lagging_answers {
            return 0;
        }
        usize::try_from(opts.lagging_records).unwrap_or(usize::MAX)
    }

    /// How many quotes at the head of a list to delete now that `page` (counted from 1) of it was
    /// answered (`--deleting-records`), while answers are still followed by deletions.
    pub fn deletions_after(&self, opts: &Options, page: u64) -> usize {
        if opts.deleting_records == 0 || page != opts.deleting_after_page {
            return 0;
        }
        let done = self.deletions.fetch_add(1, Ordering::SeqCst);
        if opts.deleting_answers > 0 && done >= opts.deleting_answers {
            return 0;
        }
        usize::try_from(opts.deleting_records).unwrap_or(usize::MAX)
    }

    /// Seconds to wait when this request is over the limit (sliding one-second window).
    fn over_limit(&self) -> Option<u64> {
        if self.rate_limit == 0 {
            return None;
        }
        let now = Instant::now();
        let mut recent = self.recent.lock().expect("rate limit lock");
        while recent
            .front()
            .is_some_and(|t| now.duration_since(*t) >= WINDOW)
        {
            recent.pop_front();
        }
        if recent.len() < self.rate_limit as usize {
            recent.push_back(now);
            return None;
        }
        let oldest = *recent.front().expect("window is full");
        let wait = WINDOW.saturating_sub(now.duration_since(oldest));
        Some(wait.as_secs_f64().ceil().max(1.0) as u64)
    }

    fn delay(&self) -> Duration {
        let jitter = if self.jitter_ms > 0 {
            rand::rng().random_range(0..=self.jitter_ms)
        } else {
            0
        };
        self.latency + Duration::from_millis(jitter)
    }

    /// A `/rest/v1` call that names the failing clinic.
    fn for_failing_clinic(&self, request: &Request) -> bool {
        if self.failing_clinic == 0 || !request.uri().path().contains("/rest/v1/") {
            return false;
        }
        let wanted = self.failing_clinic.to_string();
        request.uri().query().is_some_and(|query| {
            query
                .split('&')
                .any(|pair| pair.split_once('=') == Some(("clinica", wanted.as_str())))
        })
    }

    /// Whether this write is the N-th one whose answer is to be lost.
    fn drops_this_write(&self, request: &Request) -> bool {
        let method = request.method();
        if self.drop_every_write == 0 || method == Method::GET || method == Method::HEAD {
            return false;
        }
        (self.writes.fetch_add(1, Ordering::Relaxed) + 1).is_multiple_of(self.drop_every_write)
    }

    fn roll(rate: f64) -> bool {
        rate > 0.0 && rand::rng().random_bool(rate)
    }
}

pub async fn middleware(
    State(faults): State<Arc<Faults>>,
    request: Request,
    next: Next,
) -> Response {
    if let Some(seconds) = faults.over_limit() {
        let mut response = ApiError::new(
            StatusCode::TOO_MANY_REQUESTS,
            format!("limite de requisições excedido: tente novamente em {seconds} s"),
        )
        .into_response();
        response
            .headers_mut()
            .insert(RETRY_AFTER, HeaderValue::from(seconds));
        return response;
    }
    let delay = faults.delay();
    if !delay.is_zero() {
        tokio::time::sleep(delay).await;
    }
    if faults.for_failing_clinic(&request) {
        return ApiError::new(
            StatusCode::INTERNAL_SERVER_ERROR,
            "erro interno do servidor da unidade",
        )
        .into_response();
    }
    if Faults::roll(faults.error_rate) {
        let status = if rand::rng().random_bool(0.5) {
            StatusCode::INTERNAL_SERVER_ERROR
        } else {
            StatusCode::SERVICE_UNAVAILABLE
        };
        return ApiError::new(
            status,
            "erro interno do servidor, tente novamente mais tarde",
        )
        .into_response();
    }
    let drop_this_write = faults.drops_this_write(&request);
    let response = next.run(request).await;
    if drop_this_write || Faults::roll(faults.drop_rate) {
        return cut_short(response).await;
    }
    response
}

/// Sends the headers (with the full length) and half the body, then aborts the
/// connection, as a server that dies mid-answer does. The body is the one that goes on the wire
/// (compressed, if it was). A body longer than `CUT_BUFFER` (an endless one) is not waited for:
/// half of what was read goes out, without a length, then the abort.
async fn cut_short(response: Response) -> Response {
    let (mut parts, body) = response.into_parts();
    let mut chunks = body.into_data_stream();
    let mut read = Vec::new();
    let mut complete = true;
    while let Some(chunk) = chunks.next().await {
        match chunk {
            Ok(chunk) => read.extend_from_slice(&chunk),
            Err(_) => break,
        }
        if read.len() > CUT_BUFFER {
            complete = false;
            break;
        }
    }
    if complete {
        parts
            .headers
            .insert(CONTENT_LENGTH, HeaderValue::from(read.len()));
    } else {
        parts.headers.remove(CONTENT_LENGTH);
    }
    let half = read.len() / 2;
    let sent = Bytes::from(read).slice(..half);
    let abort = futures::stream::once(async {
        tokio::time::sleep(DROP_PAUSE).await;
        Err(io::Error::new(
            io::ErrorKind::ConnectionAborted,
            "connection dropped on purpose (drop rate)",
        ))
    });
    let stream = futures::stream::once(async move { Ok::<_, io::Error>(sent) }).chain(abort);
    Response::from_parts(parts, Body::from_stream(stream))
}
