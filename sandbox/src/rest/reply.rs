//! List envelopes and the page actually served (after `--page-cap` / `--ignore-page`).

use std::ops::Range;

use axum::http::StatusCode;
use axum::http::header::CONTENT_TYPE;
use axum::response::{IntoResponse, Response};
use serde::Serialize;

use super::params::Paging;
use crate::{Envelope, Options};

/// The page served: which records, and what the `dados` envelope reports.
pub struct Window {
    pub page: u64,
    pub per_page: u64,
    pub range: Range<usize>,
    pub total: usize,
}

impl Window {
    /// Past the end the range is empty; `total` stays the true count.
    pub fn new(opts: &Options, asked: Paging, total: usize) -> Window {
        let per_page = match opts.page_cap {
            0 => asked.per_page,
            cap => asked.per_page.min(cap as u64),
        };
        let page = if opts.ignore_page { 1 } else { asked.page };
        let start = (page - 1).saturating_mul(per_page).min(total as u64) as usize;
        let end = (start as u64).saturating_add(per_page).min(total as u64) as usize;
        Window {
            page,
            per_page,
            range: start..end,
            total,
        }
    }
}

#[derive(Serialize)]
struct Dados<'a, T> {
    dados: &'a [T],
    pagina_atual: u64,
    por_pagina: u64,
    total: usize,
}

#[derive(Serialize)]
struct Data<'a, T> {
    data: &'a [T],
}

pub fn json_bytes(status: StatusCode, bytes: Vec<u8>) -> Response {
    (
        status,
        [(CONTENT_TYPE, "application/json; charset=utf-8")],
        bytes,
    )
        .into_response()
}

pub fn json<T: Serialize>(status: StatusCode, value: &T) -> Response {
    json_bytes(
        status,
        serde_json::to_vec(value).expect("records serialise to JSON"),
    )
}

/// One page of a paged list, in the configured envelope.
pub fn page<T: Serialize>(opts: &Options, window: &Window, items: &[T]) -> Response {
    envelope(
        opts.envelope,
        items,
        window.page,
        window.per_page,
        window.total,
    )
}

/// A list the service returns whole (no paging parameters). `--page-cap` does not
/// apply: with no paging parameters a client could never fetch the rest.
pub fn whole<T: Serialize>(opts: &Options, items: &[T]) -> Response {
    let count = items.len();
    envelope(opts.envelope, items, 1, count as u64, count)
}

fn envelope<T: Serialize>(
    kind: Envelope,
    items: &[T],
    page: u64,
    per_page: u64,
    total: usize,
) -> Response {
    let bytes = match kind {
        Envelope::Dados => serde_json::to_vec(&Dados {
            dados: items,
            pagina_atual: page,
            por_pagina: per_page,
            total,
        }),
        Envelope::Data => serde_json::to_vec(&Data { data: items }),
        Envelope::Bare => serde_json::to_vec(items),
    };
    json_bytes(StatusCode::OK, bytes.expect("records serialise to JSON"))
}
