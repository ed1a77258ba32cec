//! Tolerant readers for what the service leaves undocumented: where the records of a list are, where the
//! token of a login is, which key carries an error message, and where the ID of a new record is. Whether
//! an answer is a success at all is decided before these run, by [`super::judge`].

use serde_json::{Map, Value};

use crate::record::Page;

use crate::secret::Secret;

/// Keys under which a list's records may arrive.
pub(crate) const RECORD_KEYS: &[&str] = &[
    "dados",
    "data",
    "registros",
    "items",
    "result",
    "lista",
    "records",
];
pub(crate) const NEST_KEYS: &[&str] = &["data", "dados"];
const ID_KEYS: &[&str] = &["id", "ID", "codigo", "campanha", "id_campanha"];
pub(crate) const TOTAL_KEYS: &[&str] = &["total", "total_registros", "totalRegistros", "count"];
pub(crate) const PAGES_KEYS: &[&str] = &["total_paginas", "totalPaginas", "paginas", "last_page"];

/// Finds the records of a list answer: a top-level array (or object keyed by position), or the records
/// under a known key, or the only array-valued field. An object with no records at all is taken as a
/// single record. (Pages of a walk are split without parsing their records: see [`super::raw_page`].)
pub fn page(body: Value) -> Page {
    let (records, total, pages) = page_values(body);
    Page::of_values(records, total, pages)
}

/// [`page`] with each record parsed, and the total and page count the answer reports.
pub fn page_values(body: Value) -> (Vec<Value>, Option<u64>, Option<u64>) {
    let ValuePage {
        records,
        total,
        pages,
    } = value_page(body);
    (records, total, pages)
}

#[derive(Debug, Default)]
struct ValuePage {
    records: Vec<Value>,
    total: Option<u64>,
    pages: Option<u64>,
}

fn value_page(body: Value) -> ValuePage {
    use ValuePage as Page;
    let body = match positional(body) {
        Ok(records) => {
            return Page {
                records,
                ..Page::default()
            };
        }
        Err(body) => body,
    };
    match body {
        Value::Object(mut map) => {
            let total = number_of(&map, TOTAL_KEYS);
            let pages = number_of(&map, PAGES_KEYS);
            if let Some(records) = take_records(&mut map) {
                return Page {
                    records,
                    total,
                    pages,
                };
            }
            // A nested envelope (`{"data": {"dados": [...]}}`) is unwrapped once.
            for k in NEST_KEYS {
                if map.get(*k).is_some_and(Value::is_object) {
                    let inner = value_page(map.remove(*k).unwrap_or_default());
                    return Page {
                        total: inner.total.or(total),
                        pages: inner.pages.or(pages),
                        records: inner.records,
                    };
                }
            }
            Page {
                records: vec![Value::Object(map)],
                total,
                pages,
            }
        }
        Value::Null => Page::default(),
        other => Page {
            records: vec![other],
            ..Page::default()
        },
    }
}

/// Removes and returns the records of a list envelope: under a known key (an array, or an object keyed
/// by position), else the only array-valued field.
fn take_records(map: &mut Map<String, Value>) -> Option<Vec<Value>> {
    let key = RECORD_KEYS
        .iter()
        .find(|k| map.get(**k).is_some_and(holds_records))
        .map(|k| k.to_string())
        .or_else(|| {
            let mut arrays = map.iter().filter(|(_, v)| v.is_array()).map(|(k, _)| k);
            match (arrays.next(), arrays.next()) {
                (Some(only), None) => Some(only.clone()),
                _ => None,
            }
        })?;
    positional(map.remove(&key)?).ok()
}

/// Whether a value is a list of records: an array, or an object keyed by position.
pub(crate) fn holds_records(v: &Value) -> bool {
    match v {
        Value::Array(_) => true,
        Value::Object(map) => is_positional(map),
        _ => false,
    }
}

/// An array as it is, or an object whose keys are all positions (`"0","1",…` or `"1","2",…`, as PHP
/// encodes a list with holes or one that was sorted) as an array in numeric key order. Anything else is
/// handed back.
fn positional(v: Value) -> Result<Vec<Value>, Value> {
    match v {
        Value::Array(items) => Ok(items),
        Value::Object(map) if is_positional(&map) => {
            let mut items: Vec<(u64, Value)> = map
                .into_iter()
                .map(|(k, v)| (k.parse().unwrap_or(u64::MAX), v))
                .collect();
            items.sort_by_key(|(k, _)| *k);
            Ok(items.into_iter().map(|(_, v)| v).collect())
        }
        other => Err(other),
    }
}

/// Non-empty, every key a plain decimal number, every value an object (a record).
fn is_positional(map: &Map<String, Value>) -> bool {
    !map.is_empty()
        && map.iter().all(|(k, v)| {
            !k.is_empty() && k.len() <= 18 && k.bytes().all(|b| b.is_ascii_digit()) && v.is_object()
        })
}

/// Whether an object is a list answer: its records sit under one of the known keys.
pub fn is_list_envelope(map: &Map<String, Value>) -> bool {
    RECORD_KEYS
        .iter()
        .any(|k| map.get(*k).is_some_and(holds_records))
}

/// Whether an answer carries records (a list, or records under a known key).
pub fn has_records(v: &Value) -> bool {
    match v {
        Value::Array(_) => true,
        Value::Object(map) => is_positional(map) || is_list_envelope(map),
        _ => false,
    }
}

/// A count that may come as a number or a numeric string (`"3000"`, `" 12 "`, `"12.0"`).
pub(crate) fn number_of(map: &Map<String, Value>, keys: &[&str]) -> Option<u64> {
    keys.iter().find_map(|k| match map.get(*k)? {
        Value::Number(n) => n.as_u64().or_else(|| {
            n.as_f64()
                .filter(|f| f.fract() == 0.0 && *f >= 0.0)
                .map(|f| f as u64)
        }),
        Value::String(s) => {
            let s = s.trim();
            s.parse()
                .ok()
                .or_else(|| s.strip_suffix(".0").and_then(|s| s.parse().ok()))
        }
        _ => None,
    })
}

/// A token found in a login answer, and where.
pub struct FoundToken {
    pub token: Secret,
    /// The keys that lead to it (`resposta.sessao.auth_token`), or `(body)` for a bare answer.
    pub path: String,
}

/// Why no usable token came out of a login answer.
#[derive(Debug, PartialEq, Eq)]
pub enum TokenProblem {
    /// No string under a key whose name says token.
    Missing,
    /// The best candidate has characters that cannot travel in an HTTP header (at this path).
    Unsendable(String),
}

/// Finds the token of a login answer: a string under a key whose name says token (`token`,
/// `access_token`, `accessToken`, `jwt`, `auth_token`, `api_token`, `bearer`, …), at any depth under any
/// parent key, preferring the shallowest and then the most token-like name; or the whole answer as a
/// JSON string. A refresh token, a token type or an expiry is never taken for the token.
pub fn token(body: &Value) -> Result<FoundToken, TokenProblem> {
    let (path, value) = match body {
        Value::String(s) => ("(body)".to_string(), s.as_str()),
        _ => {
            let mut best: Option<(usize, u8, String, &str)> = None;
            search_tokens(body, 0, "", &mut best);
            let (_, _, path, value) = best.ok_or(TokenProblem::Missing)?;
            (path, value)
        }
    };
    let value = value.trim();
    if !sendable(value) {
        return Err(TokenProblem::Unsendable(path));
    }
    Ok(FoundToken {
        token: Secret::new(value),
        path,
    })
}

/// A token read from a plain-text login answer: one word that can travel in a header.
pub fn text_token(body: &[u8]) -> Option<Secret> {
    let text = std::str::from_utf8(body).ok()?.trim();
    (sendable(text) && !text.starts_with('<') && !text.starts_with('{')).then(|| Secret::new(text))
}

/// Visible ASCII only: anything else cannot be sent in an `Authorization` header.
fn sendable(value: &str) -> bool {
    !value.is_empty() && value.bytes().all(|b| b.is_ascii_graphic())
}

fn search_tokens<'a>(
    v: &'a Value,
    depth: usize,
    path: &str,
    best: &mut Option<(usize, u8, String, &'a str)>,
) {
    let Value::Object(map) = v else { return };
    for (k, child) in map {
        let here = if path.is_empty() {
            k.clone()
        } else {
            format!("{path}.{k}")
        };
        match child {
            Value::String(s) if !s.trim().is_empty() => {
                if let Some(rank) = token_rank(k)
                    && best
                        .as_ref()
                        .is_none_or(|(d, r, _, _)| (depth, rank) < (*d, *r))
                {
                    *best = Some((depth, rank, here, s));
                }
            }
            Value::Object(_) => search_tokens(child, depth + 1, &here, best),
            _ => {}
        }
    }
}

/// How token-like a key name is (lower is better), or `None` when it does not name a token.
fn token_rank(key: &str) -> Option<u8> {
    let k: String = key
        .chars()
        .filter(|c| c.is_ascii_alphanumeric())
        .collect::<String>()
        .to_ascii_lowercase();
    const EXACT: &[&str] = &[
        "token",
        "accesstoken",
        "jwt",
        "authtoken",
        "apitoken",
        "bearer",
        "bearertoken",
        "sessiontoken",
        "tokenacesso",
        "idtoken",
    ];
    const NOT_A_TOKEN: &[&str] = &[
        "refresh", "type", "tipo", "expir", "ttl", "validade", "scope",
    ];
    if NOT_A_TOKEN.iter().any(|n| k.contains(n)) {
        return None;
    }
    if let Some(i) = EXACT.iter().position(|e| *e == k) {
        return Some(i as u8);
    }
    (k.contains("token") || k.contains("jwt")).then_some(u8::MAX)
}

/// The user kind a login answer states (`admin_master` or `clinica`), at any depth.
pub fn user_kind(body: &Value) -> Option<String> {
    const KEYS: &[&str] = &["tipo", "tipo_usuario", "user_type", "perfil"];
    let mut level = vec![body];
    while !level.is_empty() {
        let mut next = Vec::new();
        for v in level {
            if let Value::Object(map) = v {
                if let Some(kind) = KEYS
                    .iter()
                    .find_map(|k| map.get(*k).and_then(Value::as_str))
                {
                    return Some(kind.to_string());
                }
                next.extend(map.values().filter(|c| c.is_object()));
            }
        }
        level = next;
    }
    None
}

/// The ID of a record a create call made: `id`, `ID`, `codigo`, `campanha`, `id_campanha`, at the top or
/// under `data`/`dados`, or a bare number/string answer.
pub fn created_id(v: &Value) -> Option<Value> {
    match v {
        Value::Number(_) => Some(v.clone()),
        Value::String(s) if !s.trim().is_empty() => Some(v.clone()),
        Value::Object(map) => ID_KEYS
            .iter()
            .find_map(|k| {
                map.get(*k)
                    .filter(|x| x.is_number() || x.as_str().is_some_and(|s| !s.trim().is_empty()))
                    .cloned()
            })
            .or_else(|| {
                NEST_KEYS
                    .iter()
                    .find_map(|k| map.get(*k).and_then(created_id))
            }),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    /// The records as values, to compare with `json!` literals.
    fn page(body: Value) -> ValuePage {
        value_page(body)
    }

    #[test]
    fn records_under_any_envelope() {
        let rec = json!({"id": 1});
        for body in [
            json!([{"id": 1}]),
            json!({"dados": [{"id": 1}], "total": 7}),
            json!({"data": [{"id": 1}]}),
            json!({"registros": [{"id": 1}]}),
            json!({"whatever": [{"id": 1}], "pagina": 1}),
            json!({"data": {"dados": [{"id": 1}], "total": "7"}}),
            json!({"status": true, "dados": {"0": {"id": 1}}, "total": "7"}),
            json!({"0": {"id": 1}}),
        ] {
            let p = page(body.clone());
            assert_eq!(p.records, vec![rec.clone()], "{body}");
        }
        assert_eq!(page(json!({"dados": [], "total": 7})).total, Some(7));
        assert_eq!(
            page(json!({"data": {"dados": [], "total": "7"}})).total,
            Some(7)
        );
        assert_eq!(page(json!({"id": 3})).records, vec![json!({"id": 3})]);
    }

    #[test]
    fn records_keyed_by_position_come_in_numeric_order() {
        let p = page(json!({
            "status": true,
            "dados": {"10": {"id": 11}, "2": {"id": 3}, "1": {"id": 2}},
            "total": " 3000 ",
            "total_paginas": "60"
        }));
        assert_eq!(
            p.records,
            vec![json!({"id": 2}), json!({"id": 3}), json!({"id": 11})]
        );
        assert_eq!((p.total, p.pages), (Some(3000), Some(60)));
        // Keys that are not all positions make a record, not a list.
        let p = page(json!({"0": {"id": 1}, "nome": "x"}));
        assert_eq!(p.records.len(), 1);
        assert_eq!(p.records[0]["nome"], "x");
        // Position keys whose values are not records are a record too (`{"0": 0, "1": 1}`).
        assert_eq!(page(json!({"0": 0, "1": 1})).records.len(), 1);
        assert!(has_records(&json!({"dados": {"0": {}}})));
        assert!(!has_records(&json!({"status": false})));
    }

    fn found(body: Value) -> Option<(String, String)> {
        token(&body)
            .ok()
            .map(|f| (f.path, f.token.expose().to_string()))
    }

    #[test]
    fn tokens_under_any_name() {
        for body in [
            json!({"token": "t1"}),
            json!({"access_token": "t1"}),
            json!({"accessToken": "t1"}),
            json!({"jwt": "t1"}),
            json!({"auth_token": "t1"}),
            json!({"api-token": "t1"}),
            json!({"Bearer": "t1"}),
            json!({"data": {"token": "t1"}}),
            json!({"dados": {"jwt": "t1"}}),
            json!({"resposta": {"sessao": {"auth_token": "t1", "tipo": "clinica"}}}),
            json!({"x": {"y": {"z": {"chave_token": "t1"}}}}),
            json!("t1"),
        ] {
            assert_eq!(
                found(body.clone()).map(|f| f.1).as_deref(),
                Some("t1"),
                "{body}"
            );
        }
        assert!(text_token(b"t1").is_some());
        assert!(text_token(b"<html>oops</html>").is_none());
        assert!(text_token(b"two words").is_none());
    }

    #[test]
    fn the_shallowest_and_most_token_like_name_wins() {
        let body = json!({
            "usuario": {"token": "deep"},
            "refresh_token": "refresh",
            "token_type": "Bearer",
            "expires_token": "3600",
            "my_token": "loose",
            "access_token": "best"
        });
        assert_eq!(found(body), Some(("access_token".into(), "best".into())));
        let body = json!({"a": {"session_token_value": "loose"}, "b": {"c": {"token": "deeper"}}});
        assert_eq!(
            found(body),
            Some(("a.session_token_value".into(), "loose".into()))
        );
        let body = json!({"resposta": {"sessao": {"auth_token": "t"}}});
        assert_eq!(
            found(body).map(|f| f.0).as_deref(),
            Some("resposta.sessao.auth_token")
        );
    }

    #[test]
    fn tokens_that_cannot_travel_in_a_header_are_refused() {
        assert_eq!(
            token(&json!({"data": {"token": "abc\ndef"}})).err(),
            Some(TokenProblem::Unsendable("data.token".into()))
        );
        assert_eq!(
            token(&json!({"token": "tõken"})).err(),
            Some(TokenProblem::Unsendable("token".into()))
        );
        assert_eq!(
            token(&json!({"ok": true, "refresh_token": "r"})).err(),
            Some(TokenProblem::Missing)
        );
        assert_eq!(
            token(&json!({"token": 5})).err(),
            Some(TokenProblem::Missing)
        );
    }

    #[test]
    fn user_kinds_at_any_depth() {
        assert_eq!(
            user_kind(&json!({"resposta": {"sessao": {"tipo": "admin_master"}}})).as_deref(),
            Some("admin_master")
        );
        assert_eq!(
            user_kind(&json!({"tipo": "clinica"})).as_deref(),
            Some("clinica")
        );
        assert_eq!(user_kind(&json!({"token": "x"})), None);
    }

    #[test]
    fn ids_of_new_records() {
        assert_eq!(created_id(&json!({"id": 5})), Some(json!(5)));
        assert_eq!(
            created_id(&json!({"dados": {"id_campanha": "9"}})),
            Some(json!("9"))
        );
        assert_eq!(created_id(&json!(12)), Some(json!(12)));
        assert_eq!(created_id(&json!({"ok": true})), None);
        assert_eq!(created_id(&json!({"id": ""})), None);
    }
}
