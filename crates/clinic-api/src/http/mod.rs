//! One shared HTTP client for every host: timeouts, a cap on the size of an answer, retries within a time
//! budget, `Retry-After`, a pace and a window that narrow when the server says it is overloaded, redirects
//! followed only where no credential can leak, and `-v` traces with secrets masked. It returns every
//! HTTP status to the caller but a 429 or 5xx that outlived its retries (exit 5); transport failures
//! become errors here.

mod charset;
mod pace;
pub mod proxy_auth;
mod redirect;
mod server_clock;

use std::path::PathBuf;
use std::sync::Arc;
use std::time::{Duration, Instant};

use bytes::BytesMut;
use reqwest::StatusCode;
use reqwest::header::{HeaderMap, HeaderName, HeaderValue, LOCATION, RETRY_AFTER};

/// The HTTP method type the hosts and `clinic api`/`clinic io` name (a method typed by the user).
pub use reqwest::Method;

use crate::config::Proxy;
use crate::error::{Error, Result};
use crate::redact;
use crate::secret::Secret;
use crate::text::answer;
use crate::text::sanitize;
use crate::ui::Reporter;

use pace::{Pacer, Window};
pub use server_clock::{CLOCK_SLACK, ServerClock};

/// How long the server may stay silent (connecting, or between two pieces of an answer), and how
/// long an answer may take from its first byte to its last.
pub const DEFAULT_TIMEOUT: Duration = Duration::from_secs(60);
/// Connecting never waits longer than this, even with a longer `--timeout`.
pub const CONNECT_TIMEOUT_MAX: Duration = Duration::from_secs(10);
/// One attempt of one request may last at most this many timeouts in all (2 minutes by default):
/// one to wait for the answer to begin, one for the answer itself (see [`Http::read_body`]). This
/// also bounds a server that trickles its headers without ever falling silent.
pub const ATTEMPT_TIMEOUTS: u32 = 2;
/// How long a request keeps being retried (429, 5xx on reads, network failures) before giving up.
pub const DEFAULT_MAX_WAIT: Duration = Duration::from_secs(300);
/// Network failures (refused or cut connections) retried at most this many times within the budget.
pub const NETWORK_RETRIES: u32 = 5;
/// The largest answer read. A page is held whole while it is read and parsed, which costs about five
/// times its size at the peak: 48 MiB keeps a run under 300 MiB, and a larger page (200 MB) is
/// refused at once, before it is read, unless `--max-answer-size` allows it.
pub const DEFAULT_MAX_ANSWER_SIZE: u64 = 48 * 1024 * 1024;
/// How much of an error answer (a status that is no success) is read: far more than any message
/// shown, and the rest is never received, so a huge error body costs no memory.
pub const ERROR_BODY_MAX: usize = 64 * 1024;

/// Whether a request may be sent again after a failure whose outcome is unknown.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Safety {
    /// Reads and logins: retried on network errors, 5xx and 429.
    Idempotent,
    /// Writes (and the CRM webhook GET, which creates records): retried only when the server surely did
    /// not act on it — a refused connection or a 429.
    Unsafe,
}

impl Safety {
    /// A request typed by the user (`clinic api`, `clinic io`): reads may be sent again, anything
    /// else may have changed something.
    pub fn of(method: &Method) -> Safety {
        if *method == Method::GET || *method == Method::HEAD {
            Safety::Idempotent
        } else {
            Safety::Unsafe
        }
    }
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
    /// A retry budget of this request's own, shorter than `--max-wait`: one clinic's part of a run
    /// over several, so that a clinic that keeps failing does not hold up the others. Explicit
    /// limits (429, `Retry-After`) speak for the whole server and keep `--max-wait`.
    pub max_wait: Option<Duration>,
    /// Answers the caller waits out by its own rules (the CRM's operating-time limit, which names
    /// the moment it ends): returned at once, not retried here.
    pub handled_by_caller: Option<fn(&Response) -> bool>,
}

#[derive(Debug, Clone)]
pub struct Response {
    pub status: StatusCode,
    pub headers: HeaderMap,
    pub body: bytes::Bytes,
}

impl Response {
    pub fn retry_after(&self) -> Option<Duration> {
        retry_after(&self.headers)
    }

    /// The `Content-Type` the answer names, as text (empty when it names none or not as text).
    pub fn content_type(&self) -> &str {
        self.headers
            .get(reqwest::header::CONTENT_TYPE)
            .and_then(|v| v.to_str().ok())
            .unwrap_or_default()
    }
}

/// A PEM bundle of extra trusted roots, and the setting that named it (for errors).
#[derive(Debug, Clone)]
pub struct CaBundle {
    pub path: PathBuf,
    /// `--cacert`, `CLINIC_CA_BUNDLE` or `ca_bundle`.
    pub setting: String,
}

/// How the client behaves: see the constants for the defaults.
#[derive(Debug, Clone)]
pub struct Settings {
    /// Requests in flight at once.
    pub concurrency: usize,
    /// Idle timeout (`--timeout`).
    pub timeout: Duration,
    /// Retry budget of one request (`--max-wait`).
    pub max_wait: Duration,
    /// Largest answer read, in bytes (`--max-answer-size`).
    pub max_answer_size: u64,
    /// Extra trusted roots (`--cacert`).
    pub ca_bundle: Option<CaBundle>,
    /// The proxy requests go through (profile key `proxy`).
    pub proxy: Proxy,
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            concurrency: 4,
            timeout: DEFAULT_TIMEOUT,
            max_wait: DEFAULT_MAX_WAIT,
            max_answer_size: DEFAULT_MAX_ANSWER_SIZE,
            ca_bundle: None,
            proxy: Proxy::System,
        }
    }
}

pub struct Http {
    /// The client, or why none could be built (a bad CA bundle): reported by the first request, so that
    /// commands that send nothing (`config unset ca_bundle`) still work.
    client: std::result::Result<reqwest::Client, Unusable>,
    reporter: Arc<Reporter>,
    window: Window,
    pace: Pacer,
    timeout: Duration,
    max_wait: Duration,
    max_answer_size: u64,
    proxy: Proxy,
    /// The server's clock, from its answers' `Date` headers.
    clock: ServerClock,
}

/// A usage error kept until a request needs the client.
struct Unusable {
    field: String,
    given: String,
    expected: String,
}

impl Unusable {
    fn of(ca: &CaBundle, expected: String) -> Unusable {
        Unusable {
            field: ca.setting.clone(),
            given: crate::text::sanitize::quoted(&ca.path.display().to_string()),
            expected,
        }
    }
}

impl Http {
    pub fn new(reporter: Arc<Reporter>, settings: Settings) -> Result<Http> {
        // The ring provider keeps the build free of system crypto libraries; installing twice is harmless.
        let _ = rustls::crypto::ring::default_provider().install_default();
        let client = build_client(&settings)?;
        Ok(Http {
            client,
            reporter,
            window: Window::new(settings.concurrency.max(1)),
            pace: Pacer::default(),
            timeout: settings.timeout,
            max_wait: settings.max_wait,
            max_answer_size: settings.max_answer_size,
            proxy: settings.proxy,
            clock: ServerClock::default(),
        })
    }

    pub fn reporter(&self) -> &Arc<Reporter> {
        &self.reporter
    }

    /// The server's clock as this command's answers told it.
    pub fn server_clock(&self) -> &ServerClock {
        &self.clock
    }

    /// The proxy a request to `url` goes through, as it may be shown (no credentials); `None`:
    /// straight to the host. Decided as the client decides it: the
    /// profile's `proxy`, else the system's settings and `HTTPS_PROXY`/`HTTP_PROXY`/`ALL_PROXY`,
    /// with `NO_PROXY`.
    pub fn proxy_for(&self, url: &url::Url) -> Option<String> {
        let found = self.intercept(url)?;
        Some(redact::url(&found.uri().to_string()))
    }

    /// The proxy's decision for `url`, as the client makes it.
    fn intercept(&self, url: &url::Url) -> Option<hyper_util::client::proxy::matcher::Intercept> {
        let matcher = match &self.proxy {
            Proxy::None => return None,
            Proxy::System => hyper_util::client::proxy::matcher::Matcher::from_system(),
            Proxy::Url(proxy) => hyper_util::client::proxy::matcher::Matcher::builder()
                .all(proxy.clone())
                .no(std::env::var("NO_PROXY")
                    .or_else(|_| std::env::var("no_proxy"))
                    .unwrap_or_default())
                .build(),
        };
        let uri: hyper::Uri = url.as_str().parse().ok()?;
        matcher.intercept(&uri)
    }

    /// Where the proxy of a request to `url` was set (see [`Http::proxy_for`]).
    pub fn proxy_origin(&self, url: &url::Url) -> proxy_auth::Origin {
        proxy_auth::origin(&self.proxy, url)
    }

    /// The error of a 407 on the way to `url`, with the proxy's page when it sent one.
    fn proxy_refused(&self, url: &url::Url, body: Option<&[u8]>) -> Error {
        let proxy = self.proxy_for(url);
        // The address shown has no user: whether one was given is the proxy's own record.
        let with_user = self
            .intercept(url)
            .is_some_and(|found| found.basic_auth().is_some() || found.raw_auth().is_some());
        proxy_auth::refused(
            proxy.as_deref(),
            with_user,
            &self.proxy_origin(url),
            url,
            body,
        )
    }

    /// How long a failing request keeps being retried (`--max-wait`).
    pub fn max_wait(&self) -> Duration {
        self.max_wait
    }

    /// One GET of `url` to see whether a host answers at all, whatever it answers: only a refused
    /// connection is tried again, since a host that answers anything has been reached.
    pub async fn reach(&self, url: url::Url, shown_url: String) -> Result<Response> {
        let req = Request {
            method: Method::GET,
            shown_url,
            url,
            headers: vec![],
            body: None,
            safety: Safety::Unsafe,
            max_wait: None,
            handled_by_caller: None,
        };
        self.send(&req).await
    }

    /// Sends a request, retrying what may be retried until `--max-wait` has passed. Returns the last
    /// answer whatever its status, except a 429 (or a retried 5xx) that outlived the budget: an error
    /// (exit 5, not a refusal) that says how long it tried.
    pub async fn send(&self, req: &Request) -> Result<Response> {
        let client = match &self.client {
            Ok(c) => c,
            Err(u) => {
                return Err(Error::Invalid {
                    field: u.field.clone(),
                    given: u.given.clone(),
                    expected: u.expected.clone(),
                });
            }
        };
        // A value that cannot travel in a header is the caller's input, not a network problem.
        for (name, value) in &req.headers {
            if HeaderValue::from_str(value.expose()).is_err() {
                return Err(Error::Usage(crate::t!(
                    "http-header-control-character",
                    name = name.as_str()
                )));
            }
        }
        let started = Instant::now();
        let mut attempt = 0u32;
        let mut timeouts = 0u32;
        let mut failures = 0u32;
        loop {
            let outcome = match self.exchange(client, req).await {
                // The proxy's answer, not the host's: no caller reads it, and asking again with
                // the same credentials cannot help.
                Ok(resp) if resp.status == StatusCode::PROXY_AUTHENTICATION_REQUIRED => {
                    return Err(self.proxy_refused(&req.url, Some(&resp.body)));
                }
                Err(e) if e.proxy_auth => return Err(self.proxy_refused(&req.url, None)),
                Ok(resp) if req.handled_by_caller.is_some_and(|handled| handled(&resp)) => {
                    return Ok(resp);
                }
                other => other,
            };
            // Whether every request waits, not this one alone: only when the server said how long
            // (`Retry-After`). A failure of one request (a 500, a cut answer) is retried on its own,
            // without slowing the rest of the walk; only overload (429, 503) lowers the pace.
            let mut everyone = false;
            // Whether the server asked to wait (a 429, a `Retry-After`): then `--max-wait` applies,
            // never the request's own shorter budget.
            let mut explicit = false;
            let wait = match &outcome {
                // A rate limit (a 429, a 5xx that names a limit, or one that says when to come
                // back) is never met at once: nothing goes out until the time it states, or the
                // time a request takes to leak out of a limit's bucket, and the pace drops.
                Ok(resp) if is_rate_limit(resp) => {
                    self.overloaded(true);
                    everyone = true;
                    explicit = true;
                    Some(resp.retry_after().unwrap_or_else(|| limit_backoff(attempt)))
                }
                Ok(resp) if resp.status.is_server_error() && req.safety == Safety::Idempotent => {
                    let limit = resp.retry_after();
                    let overloaded = resp.status == StatusCode::SERVICE_UNAVAILABLE
                        && self.overloaded(limit.is_some());
                    everyone = limit.is_some();
                    explicit = limit.is_some();
                    // The fast ladder is for a 500, 502 or 504 alone: a 503 says "not now".
                    Some(limit.unwrap_or_else(|| {
                        if overloaded || resp.status == StatusCode::SERVICE_UNAVAILABLE {
                            backoff(attempt)
                        } else {
                            quick_backoff(attempt)
                        }
                    }))
                }
                Ok(_) => {
                    self.window.widen();
                    self.pace.recover();
                    None
                }
                Err(e) if e.permanent || !e.retriable(req.safety) => None,
                // A server that stayed silent twice is hung: a third wait would only repeat it.
                Err(e) if e.timed_out => {
                    timeouts += 1;
                    (timeouts < 2).then(|| backoff(attempt))
                }
                // A server that cannot be reached (or cuts its answers) is given a few seconds to come
                // back, not the whole budget, which is for servers that answer "not now".
                Err(_) => {
                    failures += 1;
                    (failures <= NETWORK_RETRIES).then(|| backoff(attempt))
                }
            };
            let spent = started.elapsed();
            let own = req.max_wait.filter(|w| *w < self.max_wait && !explicit);
            let budget = own.unwrap_or(self.max_wait);
            match wait.filter(|w| spent + *w <= budget) {
                Some(wait) => {
                    attempt += 1;
                    let why = match &outcome {
                        Ok(r) => format!("HTTP {}", r.status.as_u16()),
                        Err(e) => e.message.clone(),
                    };
                    self.reporter.trace(&crate::t!(
                        "http-trace-retry",
                        attempt = attempt,
                        wait = format!("{:.1}s", wait.as_secs_f64()),
                        why = why,
                        max_wait = humantime::format_duration(budget).to_string()
                    ));
                    if everyone {
                        self.window.pause(wait).await;
                    } else {
                        tokio::time::sleep(wait).await;
                    }
                }
                None => {
                    let tries = Tries {
                        count: attempt + 1,
                        spent,
                        out_of_time: wait.is_some(),
                        own_budget: own.is_some(),
                    };
                    return self.give_up(req, outcome, tries);
                }
            }
        }
    }

    /// The end of the retries: the answer as it is, or the error it means.
    fn give_up(
        &self,
        req: &Request,
        outcome: std::result::Result<Response, SendError>,
        tries: Tries,
    ) -> Result<Response> {
        // The parts of a failure's message are whole clauses, each its own catalogue text: the
        // message's own template decides where they go.
        let spent =
            humantime::format_duration(Duration::from_secs(tries.spent.as_secs())).to_string();
        let budget = match (tries.count, tries.out_of_time, tries.own_budget) {
            (1, false, _) => String::new(),
            (n, false, _) => crate::t!("http-gave-up", tries = n, time = spent),
            (n, true, false) => crate::t!("http-gave-up-max-wait", tries = n, time = spent),
            (n, true, true) => crate::t!("http-gave-up-clinic-budget", tries = n, time = spent),
        };
        match outcome {
            // Still refused for too many requests: the server is overloaded, not the request wrong.
            // A server error that outlived its retries says so too.
            Ok(resp)
                if resp.status == StatusCode::TOO_MANY_REQUESTS
                    || (resp.status.is_server_error() && tries.count > 1) =>
            {
                Err(Error::Server {
                    status: resp.status.as_u16(),
                    message: crate::t!(
                        "http-server-message",
                        message = sanitize::server_text(&answer::message(&resp.body)),
                        gave_up = budget
                    ),
                })
            }
            Ok(resp) => Ok(resp),
            Err(e) => {
                let caution = if e.sent && req.safety == Safety::Unsafe {
                    crate::t!("http-may-have-arrived")
                } else {
                    String::new()
                };
                let shown = redact::url(&req.shown_url);
                // A failure through a proxy may be the proxy's: the message names it.
                let e = match (self.proxy_for(&req.url), e.unreachable) {
                    // The connection that failed was the proxy's own.
                    (Some(proxy), Some(why)) => SendError {
                        message: match why {
                            Unreachable::Refused => {
                                crate::t!("http-proxy-refused", proxy = proxy)
                            }
                            Unreachable::UnknownHost => {
                                crate::t!("http-proxy-unknown-host", proxy = proxy)
                            }
                        },
                        ..e
                    },
                    (Some(proxy), None) => SendError {
                        message: crate::t!(
                            "http-through-proxy",
                            proxy = proxy,
                            message = e.message
                        ),
                        ..e
                    },
                    (None, _) => e,
                };
                Err(Error::Network(if e.names_url {
                    crate::t!(
                        "http-failure",
                        message = e.message,
                        gave_up = budget,
                        caution = caution
                    )
                } else {
                    crate::t!(
                        "http-failure-at",
                        url = shown,
                        message = e.message,
                        gave_up = budget,
                        caution = caution
                    )
                }))
            }
        }
    }

    /// The server may be overloaded (see [`pace::Pacer::overload`]); when it is taken to be, fewer
    /// requests in flight, and fewer per second. Returns whether it was.
    fn overloaded(&self, explicit: bool) -> bool {
        let overloaded = self.pace.overload(explicit);
        if overloaded {
            self.window.narrow();
        }
        overloaded
    }

    /// One attempt, following the redirects that may be followed.
    async fn exchange(
        &self,
        client: &reqwest::Client,
        req: &Request,
    ) -> std::result::Result<Response, SendError> {
        let secrets = redact::masked_segments(&req.url, &req.shown_url);
        let mut url = req.url.clone();
        let mut shown = redact::url(&req.shown_url);
        let mut visited = vec![url.clone()];
        loop {
            let (status, location) = match self.send_once(client, req, &url, &shown).await? {
                Answer::Done(resp) => return Ok(resp),
                Answer::Redirect { status, location } => (status, location),
            };
            let chain = redirect::Chain {
                method: &req.method,
                from: &url,
                from_shown: &shown,
                visited: &visited,
                secrets: &secrets,
            };
            let hop = redirect::next(&chain, status, location.as_deref()).map_err(|message| {
                self.reporter.trace(&format!("  {message}"));
                SendError {
                    message,
                    sent: true,
                    permanent: true,
                    names_url: true,
                    ..SendError::default()
                }
            })?;
            self.reporter.trace(&format!(
                "  HTTP {} redirect to {}",
                status.as_u16(),
                hop.shown
            ));
            visited.push(hop.url.clone());
            url = hop.url;
            shown = hop.shown;
        }
    }

    async fn send_once(
        &self,
        client: &reqwest::Client,
        req: &Request,
        url: &url::Url,
        shown: &str,
    ) -> std::result::Result<Answer, SendError> {
        let _permit = self.window.acquire().await;
        self.pace.wait_turn().await;
        let started = Instant::now();
        self.reporter.trace(&format!("> {} {shown}", req.method));
        let mut builder = client.request(req.method.clone(), url.clone());
        for (name, value) in &req.headers {
            let mut v = HeaderValue::from_str(value.expose()).map_err(|_| SendError {
                message: crate::t!("http-header-unsendable", name = name.as_str()),
                ..SendError::default()
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
        let mut resp = builder.send().await.map_err(|e| {
            let err = SendError::from_reqwest(e, self.timeout);
            self.reporter.trace(&crate::t!(
                "http-trace-failed",
                ms = started.elapsed().as_millis() as u64,
                message = err.message.as_str()
            ));
            err
        })?;
        let status = resp.status();
        if redirect::is_redirect(status)
            && let Some(location) = resp.headers().get(LOCATION)
        {
            self.reporter.trace(&format!(
                "< {} {} ms",
                status.as_u16(),
                started.elapsed().as_millis()
            ));
            return Ok(Answer::Redirect {
                status,
                location: location.to_str().ok().map(str::to_string),
            });
        }
        let headers = resp.headers().clone();
        self.clock.note(&headers);
        // The answer has begun: from here to its last byte it has `--timeout`, however steadily
        // it trickles (each piece arriving before the idle timeout resets only that one).
        let reading = async {
            if status.is_success() || status.is_informational() {
                self.read_body(&mut resp).await
            } else {
                read_error_body(&mut resp).await
            }
        };
        let read = match tokio::time::timeout(self.timeout, reading).await {
            Ok(read) => read,
            Err(_) => Err(SendError {
                message: crate::t!(
                    "http-answer-too-slow",
                    time = humantime::format_duration(self.timeout).to_string()
                ),
                sent: true,
                timed_out: true,
                ..SendError::default()
            }),
        };
        let body = read.inspect_err(|err| {
            self.reporter.trace(&crate::t!(
                "http-trace-broke-off",
                status = status.as_u16(),
                message = err.message.as_str()
            ));
        })?;
        self.reporter.trace(&format!(
            "< {} {} ms {} bytes",
            status.as_u16(),
            started.elapsed().as_millis(),
            body.len()
        ));
        let body = charset::to_utf8(&headers, body, &self.reporter);
        Ok(Answer::Done(Response {
            status,
            headers,
            body,
        }))
    }

    /// Reads the body piece by piece, never holding more than `--max-answer-size`.
    async fn read_body(
        &self,
        resp: &mut reqwest::Response,
    ) -> std::result::Result<bytes::Bytes, SendError> {
        let cap = self.max_answer_size;
        let too_large = || SendError {
            message: crate::t!(
                "http-answer-too-large",
                size = bytesize::ByteSize(cap).to_string()
            ),
            sent: true,
            permanent: true,
            ..SendError::default()
        };
        let announced = resp.content_length();
        if announced.is_some_and(|n| n > cap) {
            return Err(too_large());
        }
        let mut body = BytesMut::with_capacity(announced.unwrap_or(0).min(1 << 20) as usize);
        loop {
            let chunk = resp.chunk().await.map_err(|e| {
                // The server may have acted on it: the answer broke off after it began.
                let cause = SendError::from_reqwest(e, self.timeout);
                SendError {
                    message: crate::t!("http-answer-broke-off", reason = cause.message),
                    sent: true,
                    ..cause
                }
            })?;
            let Some(chunk) = chunk else {
                return Ok(unpadded(body));
            };
            if (body.len() + chunk.len()) as u64 > cap {
                return Err(too_large());
            }
            body.extend_from_slice(&chunk);
        }
    }
}

/// `body`, giving back the room it did not fill when that is more than an eighth of it. A page's
/// records are views of its answer (`record::Record`) and hold it as long as the page is held; an
/// answer whose length was not announced (a compressed one) grew by doubling and may be up to twice
/// its size. Shrinking an allocation from its end seldom moves it.
fn unpadded(body: BytesMut) -> bytes::Bytes {
    if body.capacity() - body.len() <= body.len() / 8 {
        return body.freeze();
    }
    let mut body = Vec::from(body);
    body.shrink_to_fit();
    bytes::Bytes::from(body)
}

/// The first [`ERROR_BODY_MAX`] bytes of an error answer; the connection is dropped with the rest
/// unread. A body that breaks off keeps what came: the status already says what happened.
async fn read_error_body(
    resp: &mut reqwest::Response,
) -> std::result::Result<bytes::Bytes, SendError> {
    let mut body = BytesMut::new();
    while body.len() < ERROR_BODY_MAX {
        match resp.chunk().await {
            Ok(Some(chunk)) => {
                let room = ERROR_BODY_MAX - body.len();
                body.extend_from_slice(&chunk[..chunk.len().min(room)]);
            }
            Ok(None) | Err(_) => break,
        }
    }
    Ok(body.freeze())
}

/// The client, or (kept for the first request) why the CA bundle makes one impossible.
fn build_client(settings: &Settings) -> Result<std::result::Result<reqwest::Client, Unusable>> {
    let roots = match settings.ca_bundle.as_ref().map(load_roots).transpose() {
        Ok(roots) => roots.unwrap_or_default(),
        Err(unusable) => return Ok(Err(unusable)),
    };
    let built = reqwest::Client::builder()
        .user_agent(concat!("clinic/", env!("CARGO_PKG_VERSION")))
        // Redirects are followed by hand (see `redirect`), and no Referer tells one host about another.
        .redirect(reqwest::redirect::Policy::none())
        .referer(false)
        .connect_timeout(settings.timeout.min(CONNECT_TIMEOUT_MAX))
        .read_timeout(settings.timeout)
        .timeout(settings.timeout.saturating_mul(ATTEMPT_TIMEOUTS))
        .tls_certs_merge(roots);
    let built = match &settings.proxy {
        // The client's own default: the system's settings and the environment's variables.
        Proxy::System => built,
        Proxy::None => built.no_proxy(),
        Proxy::Url(proxy) => match reqwest::Proxy::all(proxy.as_str()) {
            Ok(proxy) => built.proxy(proxy.no_proxy(reqwest::NoProxy::from_env())),
            Err(e) => return Err(Error::Network(describe(e))),
        },
    }
    .build();
    match (built, &settings.ca_bundle) {
        (Ok(client), _) => Ok(Ok(client)),
        // With everything else fixed, only the extra roots can make the client impossible.
        (Err(e), Some(ca)) => Ok(Err(Unusable::of(
            ca,
            crate::t!("http-expect-ca-accepted", reason = describe(e)),
        ))),
        (Err(e), None) => Err(Error::Network(describe(e))),
    }
}

/// The certificates of a PEM bundle, or the usage error that names the setting.
fn load_roots(ca: &CaBundle) -> std::result::Result<Vec<reqwest::Certificate>, Unusable> {
    let unusable = |expected: String| Unusable::of(ca, expected);
    let pem = std::fs::read(&ca.path)
        .map_err(|e| unusable(crate::t!("http-expect-ca-readable", reason = e.to_string())))?;
    let certs = reqwest::Certificate::from_pem_bundle(&pem)
        .map_err(|e| unusable(crate::t!("http-expect-ca-pem", reason = describe(e))))?;
    if certs.is_empty() {
        return Err(unusable(crate::t!("http-expect-ca-certificate")));
    }
    Ok(certs)
}

/// How many times a request was sent before giving up.
struct Tries {
    count: u32,
    spent: Duration,
    /// A retry was due but `--max-wait` had run out.
    out_of_time: bool,
    /// The budget that ran out was the request's own (see [`Request::max_wait`]).
    own_budget: bool,
}

/// What one attempt got back.
enum Answer {
    Done(Response),
    /// A redirect with a `Location`, to decide about.
    Redirect {
        status: StatusCode,
        location: Option<String>,
    },
}

#[derive(Default)]
struct SendError {
    message: String,
    /// Whether the request may have reached the server.
    sent: bool,
    /// Sending again cannot help: TLS and certificate failures, refused redirects, oversized answers.
    permanent: bool,
    /// The server stayed silent past `--timeout`.
    timed_out: bool,
    /// The message already names the addresses involved.
    names_url: bool,
    /// No connection could be made, for one of the reasons people meet most: through a proxy, it is
    /// the proxy that could not be reached, and the message says so instead of pointing at the
    /// service's address.
    unreachable: Option<Unreachable>,
    /// The proxy refused to open a tunnel (CONNECT) without credentials it takes (HTTP 407).
    proxy_auth: bool,
}

impl SendError {
    fn from_reqwest(e: reqwest::Error, timeout: Duration) -> SendError {
        let sent = !e.is_connect();
        let tls = is_tls_failure(&e);
        if e.is_timeout() {
            let message = if e.is_connect() {
                crate::t!(
                    "http-connect-timeout",
                    time = humantime::format_duration(timeout.min(CONNECT_TIMEOUT_MAX)).to_string()
                )
            } else {
                crate::t!(
                    "http-silent-timeout",
                    time = humantime::format_duration(timeout).to_string(),
                    total = humantime::format_duration(timeout.saturating_mul(ATTEMPT_TIMEOUTS))
                        .to_string()
                )
            };
            return SendError {
                message,
                sent,
                timed_out: true,
                ..SendError::default()
            };
        }
        // Headers past hyper's limit come back the same however often they are asked for.
        let head_too_large = is_head_too_large(&e);
        let why_unreachable = unreachable(&e);
        let proxy_auth = is_tunnel_refused_for_credentials(&e);
        let message = if tls {
            crate::t!("http-tls-failure", reason = describe(e))
        } else if let Some(why) = why_unreachable {
            // The two failures people meet most, in one sentence of their language with what to
            // check (the library's words add nothing a person can act on).
            match why {
                Unreachable::Refused => crate::t!("http-connection-refused"),
                Unreachable::UnknownHost => crate::t!("http-unknown-host"),
            }
        } else if head_too_large {
            crate::t!("http-head-too-large", reason = describe(e))
        } else {
            describe(e)
        };
        SendError {
            message,
            sent,
            permanent: tls || head_too_large || proxy_auth,
            unreachable: why_unreachable.filter(|_| !tls),
            proxy_auth,
            ..SendError::default()
        }
    }

    fn retriable(&self, safety: Safety) -> bool {
        safety == Safety::Idempotent || !self.sent
    }
}

/// Whether TLS (a certificate, the handshake) is what failed: somewhere in the chain of causes sits a
/// rustls error. I/O errors are looked into (`get_ref`), because their `source` skips the error they wrap.
fn is_tls_failure(e: &reqwest::Error) -> bool {
    let mut cause: Option<&(dyn std::error::Error + 'static)> = Some(e);
    while let Some(c) = cause {
        if c.is::<rustls::Error>() {
            return true;
        }
        cause = match c.downcast_ref::<std::io::Error>() {
            Some(io) => io
                .get_ref()
                .map(|inner| inner as &(dyn std::error::Error + 'static)),
            None => c.source(),
        };
    }
    false
}

/// A connection that could not be made, for one of the reasons people meet most.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Unreachable {
    /// Nothing listens at the address.
    Refused,
    /// The host name does not resolve.
    UnknownHost,
}

/// Why a connection could not be made, when it is one of the [`Unreachable`] reasons.
fn unreachable(e: &reqwest::Error) -> Option<Unreachable> {
    if !e.is_connect() {
        return None;
    }
    let mut cause: Option<&(dyn std::error::Error + 'static)> = Some(e);
    while let Some(c) = cause {
        if let Some(io) = c.downcast_ref::<std::io::Error>() {
            match io.kind() {
                std::io::ErrorKind::ConnectionRefused => return Some(Unreachable::Refused),
                std::io::ErrorKind::ConnectionReset | std::io::ErrorKind::ConnectionAborted => {
                    return None;
                }
                _ => {}
            }
        }
        // The resolver's failure carries no type of its own: hyper names it in its message.
        if c.to_string().starts_with("dns error") {
            return Some(Unreachable::UnknownHost);
        }
        cause = c.source();
    }
    None
}

/// Whether a proxy answered the tunnel's CONNECT with 407. The tunnel's error has no public type:
/// hyper-util names it in its message.
fn is_tunnel_refused_for_credentials(e: &reqwest::Error) -> bool {
    let mut cause: Option<&(dyn std::error::Error + 'static)> = Some(e);
    while let Some(c) = cause {
        if c.to_string().contains("proxy authorization required") {
            return true;
        }
        cause = c.source();
    }
    false
}

/// Whether the answer's status line and headers outgrew what the client reads.
fn is_head_too_large(e: &reqwest::Error) -> bool {
    let mut cause: Option<&(dyn std::error::Error + 'static)> = Some(e);
    while let Some(c) = cause {
        if c.downcast_ref::<hyper::Error>()
            .is_some_and(hyper::Error::is_parse_too_large)
        {
            return true;
        }
        cause = c.source();
    }
    false
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

/// The wait before retrying a request that failed on its own (a 500): at once the first time, since
/// a flaky server's next answer is most often fine and every page behind this one waits for it; then
/// 10, 25, 50 and 100 ms, then as [`backoff`] does, so a server that keeps failing is not pressed.
fn quick_backoff(attempt: u32) -> Duration {
    const QUICK_MS: [u64; 5] = [0, 10, 25, 50, 100];
    match QUICK_MS.get(attempt as usize) {
        Some(ms) => Duration::from_millis(ms + jitter(ms / 2 + 5)),
        None => backoff(attempt - QUICK_MS.len() as u32),
    }
}

/// A rate limit's answer: 429, or a server error that names a limit (Bitrix's 503
/// `QUERY_LIMIT_EXCEEDED`) or carries `Retry-After`. Such a request was not acted on, so it may be
/// sent again whatever it does.
fn is_rate_limit(resp: &Response) -> bool {
    if resp.status == StatusCode::TOO_MANY_REQUESTS {
        return true;
    }
    if !resp.status.is_server_error() {
        return false;
    }
    if resp.status == StatusCode::SERVICE_UNAVAILABLE && resp.retry_after().is_some() {
        return true;
    }
    const LIMIT_WORDS: &[&str] = &[
        "query_limit_exceeded",
        "too many requests",
        "rate limit",
        "limite de requisi",
        "excesso de requisi",
    ];
    let text = String::from_utf8_lossy(&resp.body[..resp.body.len().min(4096)]).to_lowercase();
    LIMIT_WORDS.iter().any(|w| text.contains(w))
}

/// The wait after a rate limit that did not say how long: at least the half second in which a
/// bucket refilled at 2 requests a second (Bitrix's) lets one more through, doubling while it
/// refuses, up to 8 s.
fn limit_backoff(attempt: u32) -> Duration {
    let base = 500u64.saturating_mul(1 << attempt.min(4));
    Duration::from_millis(base.min(8_000) + jitter(250))
}

fn backoff(attempt: u32) -> Duration {
    let base = 250u64.saturating_mul(1 << attempt.min(5));
    Duration::from_millis(base.min(8_000) + jitter(250))
}

/// Up to `max` milliseconds, to spread retries of concurrent pages so they do not arrive together.
fn jitter(max: u64) -> u64 {
    u64::from(
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map(|d| d.subsec_nanos())
            .unwrap_or(0),
    ) % max
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
