//! Answers that catch a client without defences: redirects (to another origin or to the same
//! server under `/moved`), requests never answered, and list bodies that never end. With
//! default options it does nothing.
//!
//! Whatever never ends on its own is released when the sandbox stops, so a hung client cannot
//! keep the server from shutting down.

use std::io;
use std::net::SocketAddr;
use std::sync::Arc;

use axum::body::{Body, Bytes};
use axum::extract::{Request, State};
use axum::http::header::{CONNECTION, CONTENT_TYPE, HOST, LOCATION};
use axum::http::{HeaderValue, Method, StatusCode};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use futures::StreamExt;
use tokio::sync::watch;

use crate::Options;
use crate::error::ApiError;

/// The prefix under which the same server answers the same routes, so that a redirect to the
/// same origin lands somewhere real.
pub const MOVED: &str = "/moved";

/// Records per chunk of an endless body: large enough to keep the chunk count low, small enough
/// that the server holds only a few kilobytes at a time.
const ENDLESS_BATCH: u64 = 64;

/// Resolves once the sandbox is told to stop (or its stop switch is gone).
pub async fn stopped(mut stopping: watch::Receiver<bool>) {
    let _ = stopping.wait_for(|stop| *stop).await;
}

enum Target {
    /// `--redirect-to`: an origin (and optional path prefix) without a trailing slash.
    Elsewhere(String),
    /// `--redirect-same-origin`: this server, under `MOVED`.
    SameOrigin,
}

struct Redirect {
    target: Target,
    status: StatusCode,
}

pub struct Traps {
    redirect: Option<Redirect>,
    hang: bool,
    endless_body: bool,
    /// Where this server listens, for same-origin redirects of requests without a Host.
    addr: SocketAddr,
    stopping: watch::Receiver<bool>,
}

impl Traps {
    pub fn new(opts: &Options, addr: SocketAddr, stopping: watch::Receiver<bool>) -> Self {
        let target = match (&opts.redirect_to, opts.redirect_same_origin) {
            (Some(origin), _) => Some(Target::Elsewhere(origin.trim_end_matches('/').to_owned())),
            (None, true) => Some(Target::SameOrigin),
            (None, false) => None,
        };
        Traps {
            redirect: target.map(|target| Redirect {
                target,
                status: StatusCode::from_u16(opts.redirect_status)
                    .unwrap_or(StatusCode::TEMPORARY_REDIRECT),
            }),
            hang: opts.hang,
            endless_body: opts.endless_body,
            addr,
            stopping,
        }
    }

    fn location(&self, redirect: &Redirect, request: &Request) -> String {
        let path_and_query = request.uri().path_and_query().map_or("/", |pq| pq.as_str());
        match &redirect.target {
            Target::Elsewhere(origin) => format!("{origin}{path_and_query}"),
            Target::SameOrigin => {
                // The Host the client used, so the redirect stays on the origin it knows.
                let host = request
                    .headers()
                    .get(HOST)
                    .and_then(|h| h.to_str().ok())
                    .map_or_else(|| self.addr.to_string(), str::to_owned);
                format!("http://{host}{MOVED}{path_and_query}")
            }
        }
    }
}

fn is_moved(path: &str) -> bool {
    path.strip_prefix(MOVED)
        .is_some_and(|rest| rest.is_empty() || rest.starts_with('/'))
}

pub async fn middleware(State(traps): State<Arc<Traps>>, request: Request, next: Next) -> Response {
    if let Some(redirect) = &traps.redirect
        && !is_moved(request.uri().path())
    {
        let location = traps.location(redirect, &request);
        let mut response = redirect.status.into_response();
        if let Ok(value) = HeaderValue::from_str(&location) {
            response.headers_mut().insert(LOCATION, value);
        }
        return response;
    }
    if traps.hang {
        stopped(traps.stopping.clone()).await;
        let mut response = ApiError::new(
            StatusCode::SERVICE_UNAVAILABLE,
            "servidor encerrando: a requisição não foi atendida",
        )
        .into_response();
        response
            .headers_mut()
            .insert(CONNECTION, HeaderValue::from_static("close"));
        return response;
    }
    if traps.endless_body && request.method() == Method::GET {
        return endless(traps.stopping.clone());
    }
    next.run(request).await
}

/// `{"dados":[` and then records, batch after batch, for as long as the client reads. The body
/// is pulled chunk by chunk, so the server never holds more than one batch. When the sandbox
/// stops, the connection is cut rather than the list closed, as a real endless answer would be.
fn endless(stopping: watch::Receiver<bool>) -> Response {
    let head = futures::stream::once(async { Ok(Bytes::from_static(b"{\"dados\":[")) });
    let batches = futures::stream::iter(0u64..).map(|batch| {
        let first = batch * ENDLESS_BATCH + 1;
        let mut chunk = String::with_capacity(ENDLESS_BATCH as usize * 80);
        for id in first..first + ENDLESS_BATCH {
            if id > 1 {
                chunk.push(',');
            }
            chunk.push_str(&format!(
                "{{\"id\":{id},\"nome\":\"Registro {id}\",\"observacao\":\"lista sem fim\"}}"
            ));
        }
        Ok::<_, io::Error>(Bytes::from(chunk))
    });
    let cut = futures::stream::once(async {
        Err(io::Error::new(
            io::ErrorKind::ConnectionAborted,
            "endless body cut: the sandbox is stopping",
        ))
    });
    let body = head.chain(batches).take_until(stopped(stopping)).chain(cut);
    (
        [(CONTENT_TYPE, "application/json; charset=utf-8")],
        Body::from_stream(body),
    )
        .into_response()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_the_moved_prefix_itself_is_moved() {
        assert!(is_moved("/moved"));
        assert!(is_moved("/moved/rest/v1/listaCanal"));
        assert!(!is_moved("/movedx/rest"));
        assert!(!is_moved("/rest/v1/moved"));
    }
}
