//! Success answers in each dialect: list envelopes, the page actually served (after
//! `--page-cap` / `--ignore-page`), and what a write returns.

use std::ops::Range;

use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use serde::Serialize;
use serde::ser::{SerializeMap, SerializeSeq, Serializer};
use serde_json::{Map, Value};

use super::params::Paging;
use crate::error::{ApiError, json, json_bytes};
use crate::{Dialect, EmptyList, Envelope, Options};

/// The page served: which records, and what the `dados` envelope reports.
pub struct Window {
    /// The page number as the client wrote it, echoed in `pagina_atual`.
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
            page: if opts.ignore_page {
                opts.first_page()
            } else {
                asked.asked
            },
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

/// The legacy-php list: numbers as strings, as PHP prints them from the database.
#[derive(Serialize)]
struct Legacy<'a, T> {
    status: bool,
    dados: Positional<'a, T>,
    total: String,
    pagina_atual: String,
    por_pagina: String,
}

/// Records as PHP's `json_encode` writes an array it has re-keyed: an object keyed by position
/// ("0", "1", …), except that an empty one is still `[]`.
struct Positional<'a, T>(&'a [T]);

impl<T: Serialize> Serialize for Positional<'_, T> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        if self.0.is_empty() {
            return serializer.serialize_seq(Some(0))?.end();
        }
        let mut map = serializer.serialize_map(Some(self.0.len()))?;
        for (position, item) in self.0.iter().enumerate() {
            map.serialize_entry(&position.to_string(), item)?;
        }
        map.end()
    }
}

/// The words of `--empty-list 404|200-false`.
const NO_RECORDS: &str = "Nenhum registro encontrado";

/// One page of a paged list, in the dialect's (and for standard, the configured) envelope. A page
/// without records is answered as `--empty-list` says.
pub fn page<T: Serialize>(opts: &Options, window: &Window, items: &[T]) -> Response {
    if items.is_empty() {
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
    envelope(opts, items, window.page, window.per_page, window.total)
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
    envelope(opts, items, 1, count as u64, count)
}

fn envelope<T: Serialize>(
    opts: &Options,
    items: &[T],
    page: u64,
    per_page: u64,
    total: usize,
) -> Response {
    let bytes = match (opts.dialect, opts.envelope) {
        (Dialect::LegacyPhp, _) => serde_json::to_vec(&Legacy {
            status: true,
            dados: Positional(items),
            total: total.to_string(),
            pagina_atual: page.to_string(),
            por_pagina: per_page.to_string(),
        }),
        (Dialect::Standard | Dialect::Quirks, Envelope::Dados) => serde_json::to_vec(&Dados {
            dados: items,
            pagina_atual: page,
            por_pagina: per_page,
            total,
        }),
        (Dialect::Standard | Dialect::Quirks, Envelope::Data) => {
            serde_json::to_vec(&Data { data: items })
        }
        (Dialect::Standard | Dialect::Quirks, Envelope::Bare) => serde_json::to_vec(items),
    };
    json_bytes(StatusCode::OK, bytes.expect("records serialise to JSON"))
}

/// A write (or login) that succeeded: 200 with `standard` in the standard dialect; in legacy-php,
/// `{"status": true}` followed by the fields of `legacy` (which that deployment words its own way,
/// ids as strings).
/// With `--id-field`, the new ID goes under that key instead.
pub fn success(opts: &Options, standard: Value, legacy: Value) -> Response {
    let (standard, legacy) = match opts.id_field() {
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
    success(opts, Value::Object(nested.clone()), Value::Object(nested))
}
