//! One shared HTTP client for every host: timeouts, retries with backoff, `Retry-After`, an adaptive
//! window that narrows when the server says it is overloaded, and `-v` traces with secrets masked.
//! It returns every HTTP status to the caller; only transport failures become errors here.

use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use reqwest::header::{HeaderMap, HeaderName, HeaderValue, RETRY_AFTER};
use reqwest::{Method, StatusCode};
use tokio::sync::{Mutex, Semaphore};

use crate::error::{Error, Result};
use crate::secret::Secret;
use crate::ui::Reporter;

/// Whether a request may be sent again after a failure whose outcome is unknown.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Safety {
    /// Reads and logins: retried on network errors, 5xx and 429.
    Idempotent,
    /// Writes (and the CRM webhook GET, which creates records): retried only when the server surely did
    /// not act on it — a refused connection or a 429.
    Unsafe,
}

pub enum Body {
    Json(serde_json::Value),
    Raw {
        content_type: String,
        bytes: Vec<u8>,
    },
}

pub struct Request {
    pub method: Method,
    /// The full URL, query included.
    pub url: url::Url,
    /// What traces and errors show instead of the URL (secret path segments masked).
    pub shown_url: String,
    pub headers: Vec<(HeaderName, Secret)>,
    pub body: Option<Body>,
    pub safety: Safety,
}

pub struct Response {
    pub status: StatusCode,
    pub headers: HeaderMap,
    pub body: bytes::Bytes,
}

impl Response {
    pub fn retry_after(&self) -> Option<Duration> {
        retry_after(&self.headers)
    }
}

pub struct Http {
    client: reqwest::Client,
    reporter: Arc<Reporter>,
    window: Window,
    max_retries: u32,
}

impl Http {
    pub fn new(reporter: Arc<Reporter>, concurrency: usize) -> Result<Http> {
        // The ring provider keeps the build free of system crypto libraries; installing twice is harmless.
        let _ = rustls::crypto::ring::default_provider().install_default();
        let client = reqwest::Client::builder()
            .user_agent(concat!("clinic/", env!("CARGO_PKG_VERSION")))
            .connect_timeout(Duration::from_secs(10))
            .timeout(Duration::from_secs(120))
            .build()
            .map_err(|e| Error::Network(e.to_string()))?;
        Ok(Http {
            client,
            reporter,
            window: Window::new(concurrency.max(1)),
            max_retries: 5,
        })
    }

    pub fn reporter(&self) -> &Arc<Reporter> {
        &self.reporter
    }

    /// Sends a request, retrying what may be retried. Returns the last answer whatever its status.
    pub async fn send(&self, req: &Request) -> Result<Response> {
        // A value that cannot travel in a header is the caller's input, not a network problem.
        for (name, value) in &req.headers {
            if HeaderValue::from_str(value.expose()).is_err() {
                return Err(Error::Usage(format!(
                    "the {name} header would hold a control character or line break (check the token or key you set)"
                )));
            }
        }
        let mut attempt = 0u32;
        loop {
            let outcome = self.send_once(req).await;
            let wait = match &outcome {
                Ok(resp) if resp.status == StatusCode::TOO_MANY_REQUESTS => {
                    self.window.narrow();
                    Some(resp.retry_after().unwrap_or_else(|| backoff(attempt)))
                }
                Ok(resp) if resp.status.is_server_error() && req.safety == Safety::Idempotent => {
                    if resp.status == StatusCode::SERVICE_UNAVAILABLE {
                        self.window.narrow();
                    }
                    Some(resp.retry_after().unwrap_or_else(|| backoff(attempt)))
                }
                Ok(_) => {
                    self.window.widen();
                    None
                }
                Err(e) if e.retriable(req.safety) => Some(backoff(attempt)),
                Err(_) => None,
            };
            match wait {
                Some(wait) if attempt < self.max_retries => {
                    attempt += 1;
                    let why = match &outcome {
                        Ok(r) => format!("HTTP {}", r.status.as_u16()),
                        Err(e) => e.message.clone(),
                    };
                    self.reporter.trace(&format!(
                        "  retry {attempt}/{} in {:.1}s ({why})",
                        self.max_retries,
                        wait.as_secs_f64()
                    ));
                    self.window.pause(wait).await;
                }
                _ => {
                    return outcome.map_err(|e| {
                        let warning = if e.sent && req.safety == Safety::Unsafe {
                            " — it may have reached the server, so check before sending it again"
                        } else {
                            ""
                        };
                        Error::Network(format!("{}: {}{warning}", req.shown_url, e.message))
                    });
                }
            }
        }
    }

    async fn send_once(&self, req: &Request) -> std::result::Result<Response, SendError> {
        let _permit = self.window.acquire().await;
        let started = Instant::now();
        self.reporter
            .trace(&format!("> {} {}", req.method, req.shown_url));
        let mut builder = self.client.request(req.method.clone(), req.url.clone());
        for (name, value) in &req.headers {
            let mut v = HeaderValue::from_str(value.expose()).map_err(|_| SendError {
                message: format!("header {name} has characters that cannot be sent"),
                sent: false,
            })?;
            v.set_sensitive(true);
            builder = builder.header(name, v);
        }
        builder = match &req.body {
            Some(Body::Json(v)) => builder.json(v),
            Some(Body::Raw {
                content_type,
                bytes,
            }) => builder
                .header(reqwest::header::CONTENT_TYPE, content_type)
                .body(bytes.clone()),
            None => builder,
        };
        let resp = builder.send().await.map_err(|e| {
            let err = SendError::from_reqwest(e);
            self.reporter.trace(&format!(
                "< failed after {} ms: {}",
                started.elapsed().as_millis(),
                err.message
            ));
            err
        })?;
        let status = resp.status();
        let headers = resp.headers().clone();
        let body = resp.bytes().await.map_err(|e| {
            // The server may have acted on it: the answer broke off after it began.
            let err = SendError {
                message: format!("the answer broke off: {}", describe(e)),
                sent: true,
            };
            self.reporter
                .trace(&format!("< {} then {}", status.as_u16(), err.message));
            err
        })?;
        self.reporter.trace(&format!(
            "< {} {} ms {} bytes",
            status.as_u16(),
            started.elapsed().as_millis(),
            body.len()
        ));
        Ok(Response {
            status,
            headers,
            body,
        })
    }
}

struct SendError {
    message: String,
    /// Whether the request may have reached the server.
    sent: bool,
}

impl SendError {
    fn from_reqwest(e: reqwest::Error) -> SendError {
        let sent = !e.is_connect();
        SendError {
            message: describe(e),
            sent,
        }
    }

    fn retriable(&self, safety: Safety) -> bool {
        safety == Safety::Idempotent || !self.sent
    }
}

/// reqwest's message plus its causes, without the URL (which may hold a secret and is shown separately).
fn describe(e: reqwest::Error) -> String {
    let e = e.without_url();
    let mut msg = e.to_string();
    let mut source = std::error::Error::source(&e);
    while let Some(s) = source {
        msg.push_str(": ");
        msg.push_str(&s.to_string());
        source = s.source();
    }
    msg
}

fn backoff(attempt: u32) -> Duration {
    let base = 250u64.saturating_mul(1 << attempt.min(5));
    // Spread retries of concurrent pages so they do not arrive together.
    let jitter = (std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.subsec_nanos())
        .unwrap_or(0)
        % 250) as u64;
    Duration::from_millis(base.min(8_000) + jitter)
}

/// `Retry-After` as seconds or an HTTP date, capped so a confused server cannot stall us for hours.
fn retry_after(headers: &HeaderMap) -> Option<Duration> {
    let raw = headers.get(RETRY_AFTER)?.to_str().ok()?.trim();
    let wait = match raw.parse::<f64>() {
        // Clamped before converting: a huge or infinite value must not be able to crash us.
        Ok(secs) if secs >= 0.0 => Duration::from_secs_f64(secs.min(120.0)),
        _ => {
            let when = chrono::DateTime::parse_from_rfc2822(raw).ok()?;
            (when.with_timezone(&chrono::Utc) - chrono::Utc::now())
                .to_std()
                .unwrap_or_default()
        }
    };
    Some(wait.min(Duration::from_secs(120)))
}

/// The number of requests allowed in flight at once. It halves when the server signals overload
/// (429/503) and grows back one step per run of successes, so a walk slows down instead of failing.
struct Window {
    semaphore: Semaphore,
    size: AtomicUsize,
    max: usize,
    successes: AtomicUsize,
    paused_until: Mutex<Option<Instant>>,
}

impl Window {
    fn new(max: usize) -> Window {
        Window {
            semaphore: Semaphore::new(max),
            size: AtomicUsize::new(max),
            max,
            successes: AtomicUsize::new(0),
            paused_until: Mutex::new(None),
        }
    }

    async fn acquire(&self) -> tokio::sync::SemaphorePermit<'_> {
        let until = *self.paused_until.lock().await;
        if let Some(until) = until {
            tokio::time::sleep_until(until.into()).await;
        }
        self.semaphore
            .acquire()
            .await
            .expect("the window semaphore is never closed")
    }

    /// Waits `wait`, and makes every other request wait at least as long.
    async fn pause(&self, wait: Duration) {
        let until = Instant::now() + wait;
        {
            let mut p = self.paused_until.lock().await;
            if p.is_none_or(|t| t < until) {
                *p = Some(until);
            }
        }
        tokio::time::sleep(wait).await;
    }

    fn narrow(&self) {
        self.successes.store(0, Ordering::Relaxed);
        let size = self.size.load(Ordering::Relaxed);
        let remove = size / 2;
        if remove == 0 {
            return;
        }
        if let Ok(permits) = self.semaphore.try_acquire_many(remove as u32) {
            permits.forget();
            self.size.fetch_sub(remove, Ordering::Relaxed);
        }
    }

    fn widen(&self) {
        let size = self.size.load(Ordering::Relaxed);
        if size >= self.max {
            return;
        }
        if self.successes.fetch_add(1, Ordering::Relaxed) + 1 >= 8 {
            self.successes.store(0, Ordering::Relaxed);
            self.size.fetch_add(1, Ordering::Relaxed);
            self.semaphore.add_permits(1);
        }
    }
}
