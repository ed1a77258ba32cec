//! Success answers in each dialect: the page actually served (after `--page-cap`, `--ignore-page`,
//! `--past-end`, `--page-zero`), whether it is answered as a list at all (`--empty-list`), and what
//! a write returns. The list's own bytes are `envelope`'s.

use std::ops::Range;

use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use serde::Serialize;
use serde_json::{Map, Value};

use super::envelope::{Listing, body};
use super::params::Paging;
use crate::error::{ApiError, NO_RECORDS, json, json_bytes};
use crate::{Dialect, EmptyList, Options, PastEnd};

/// The page served: which records, and what the envelope reports.
pub struct Window {
    /// The page number echoed in `pagina_atual`: as the client wrote it, but for `--ignore-page`
    /// and `--page-zero first`.
    pub page: u64,
    pub per_page: u64,
    pub range: Range<usize>,
    pub total: usize,
    /// Answered as an ordinary list even without records (`--page-zero empty`).
    pub nothing: bool,
}

impl Window {
    /// Past the end the range is empty (or, with `--past-end repeat`, the last page's); `total`
    /// stays the true count.
    pub fn new(opts: &Options, asked: Paging, total: usize) -> Window {
        let per_page = match opts.page_cap {
            0 => asked.per_page,
            cap => asked.per_page.min(cap as u64),
        };
        let echoed = if opts.ignore_page && !asked.nothing {
            opts.first_page()
        } else {
            asked.asked
        };
        let len = total as u64;
        let start = if asked.nothing {
            len
        } else {
            let page = if opts.ignore_page { 1 } else { asked.page };
            let start = (page - 1).saturating_mul(per_page);
            match opts.past_end {
                PastEnd::Repeat if start >= len && len > 0 => (len - 1) / per_page * per_page,
                PastEnd::Window if start >= len && len > 0 => len.saturating_sub(per_page),
                PastEnd::Empty | PastEnd::Repeat | PastEnd::Window => start.min(len),
            }
        };
        let end = start.saturating_add(per_page).min(len);
        Window {
            page: echoed,
            per_page,
            range: start as usize..end as usize,
            total,
            nothing: asked.nothing,
        }
    }
}

/// One page of a paged list, in the dialect's (and for standard, the configured) envelope. A page
/// without records is answered as `--empty-list` says, unless it is page 0 served as `--page-zero
/// empty` says.
pub fn page<T: Serialize>(opts: &Options, window: &Window, items: &[T]) -> Response {
    if items.is_empty() && !window.nothing {
        match opts.empty_list() {
            EmptyList::Empty => {}
            EmptyList::NotFound => {
                return ApiError::not_found(NO_RECORDS).into_response();
            }
            EmptyList::FalseFlag => {
                return json(
                    StatusCode::OK,
                    &serde_json::json!({ "status": false, "mensagem": NO_RECORDS }),
                );
            }
        }
    }
    let listing = Listing {
        page: window.page,
        per_page: window.per_page,
        total: window.total,
        links: true,
    };
    list(opts, items, window.range.start, &listing)
}

/// A write answered without doing anything and without confirming anything (`--unconfirmed-write-rate`):
/// 200, a message that does not say it worked, no ID.
pub fn unconfirmed() -> Response {
    json(
        StatusCode::OK,
        &serde_json::json!({ "mensagem": "Dados inválidos para a operação", "dados": null }),
    )
}

/// A list the service returns whole (no paging parameters). `--page-cap` does not
/// apply: with no paging parameters a client could never fetch the rest.
pub fn whole<T: Serialize>(opts: &Options, items: &[T]) -> Response {
    let count = items.len();
    let listing = Listing {
        page: 1,
        per_page: count as u64,
        total: count,
        links: false,
    };
    list(opts, items, 0, &listing)
}

fn list<T: Serialize>(opts: &Options, items: &[T], start: usize, listing: &Listing) -> Response {
    let mut response = match super::identity::reshaped(opts, items, start) {
        Some(records) => json_bytes(StatusCode::OK, body(opts, &records, listing)),
        None => json_bytes(StatusCode::OK, body(opts, items, listing)),
    };
    super::links::headers(opts, &listing.place(), &mut response);
    response
}

/// A write (or login) that succeeded: 200 with `standard` in the standard dialect; in legacy-php,
/// `{"status": true}` followed by the fields of `legacy` (which that deployment words its own way,
/// ids as strings).
/// With `--id-field`, the new ID goes under that key instead; `--id-field own` puts it under the
/// created kind's own key (`own`: `id_cliente` for a contact, `id_campanha` for a campaign).
pub fn success(opts: &Options, own: &str, standard: Value, legacy: Value) -> Response {
    let field = match opts.id_field() {
        Some("own") => Some(own),
        other => other,
    };
    let (standard, legacy) = match field {
        Some(field) => (renamed_id(standard, field), renamed_id(legacy, field)),
        None => (standard, legacy),
    };
    match opts.dialect {
        Dialect::Standard | Dialect::Quirks => json(StatusCode::OK, &standard),
        Dialect::LegacyPhp => {
            let mut answer = Map::from_iter([("status".to_owned(), Value::Bool(true))]);
            if let Value::Object(fields) = legacy {
                answer.extend(fields);
            }
            json(StatusCode::OK, &answer)
        }
    }
}

/// `answer` with its `id` (or `id_campanha`) under `field`.
fn renamed_id(answer: Value, field: &str) -> Value {
    let Value::Object(map) = answer else {
        return answer;
    };
    Value::Object(
        map.into_iter()
            .map(|(k, v)| match k.as_str() {
                "id" | "id_campanha" => (field.to_owned(), v),
                _ => (k, v),
            })
            .collect(),
    )
}

/// The login answer: the token at the configured (possibly dotted) path with `tipo` beside it,
/// under `{"status": true}` in legacy-php.
pub fn login(opts: &Options, token: String, kind: &str) -> Response {
    // `--token-prefix`: the deployment hands out the token with its scheme.
    let token = match opts.token_prefix() {
        Some(word) => format!("{word} {token}"),
        None => token,
    };
    let path = opts.token_field();
    let mut segments = path.rsplit('.');
    let leaf = segments.next().unwrap_or(path);
    let mut nested = Map::from_iter([
        (leaf.to_owned(), Value::String(token)),
        ("tipo".to_owned(), Value::String(kind.to_owned())),
    ]);
    for segment in segments {
        nested = Map::from_iter([(segment.to_owned(), Value::Object(nested))]);
    }
    success(
        opts,
        "id",
        Value::Object(nested.clone()),
        Value::Object(nested),
    )
}
