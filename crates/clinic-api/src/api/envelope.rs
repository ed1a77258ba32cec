//! Tolerant readers for what the service leaves undocumented: where the records of a list are, where the
//! token of a login is, which key carries an error message, and where the ID of a new record is. Whether
//! an answer is a success at all is decided before these run, by [`super::judge`].

use crate::identity::IdKeys;
use serde_json::{Map, Value};

use crate::config::AuthScheme;
use crate::record::{Counter, Counts, Next, Page};

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
    "results",
];
pub(crate) const NEST_KEYS: &[&str] = &["data", "dados"];
/// The plain names of a new record's ID, before any compound id-like key.
const ID_KEYS: &[&str] = &["id", "ID", "Id", "codigo", "campanha", "id_campanha"];
pub(crate) const TOTAL_KEYS: &[&str] = &["total", "total_registros", "totalRegistros", "count"];
pub(crate) const PAGES_KEYS: &[&str] = &["total_paginas", "totalPaginas", "paginas", "last_page"];
/// Keys a list envelope carries beside its records: flags, messages, counters and echoes of the
/// paging asked for. An answer made of these alone is a list without records, never a record.
const ENVELOPE_KEYS: &[&str] = &[
    "status",
    "sucesso",
    "success",
    "ok",
    "mensagem",
    "message",
    "msg",
    "pagina",
    "pagina_atual",
    "por_pagina",
    "page",
    "per_page",
    "current_page",
    "next",
    "next_page_url",
    "prev_page_url",
    "previous",
    "proximo",
    "next_cursor",
    "limit",
    "offset",
];

/// Finds the records of a list answer: a top-level array (or object keyed by position), or the records
/// under a known key, or the only array-valued field. An object with no records at all is taken as a
/// single record. (Pages of a walk are split without parsing their records: see [`super::raw_page`].)
pub fn page(body: Value) -> Page {
    let ValuePage {
        records,
        total,
        pages,
        counters,
        next,
    } = value_page(body);
    Page {
        counters,
        next,
        ..Page::of_values(records, total, pages)
    }
}

/// [`page`] with each record parsed, and the total and page count the answer reports.
pub fn page_values(body: Value) -> (Vec<Value>, Option<u64>, Option<u64>) {
    let ValuePage {
        records,
        total,
        pages,
        ..
    } = value_page(body);
    (records, total, pages)
}

#[derive(Debug, Default)]
struct ValuePage {
    records: Vec<Value>,
    total: Option<u64>,
    pages: Option<u64>,
    counters: Vec<Counter>,
    next: Next,
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
        // An empty object is an empty list keyed by position (PHP's `{}`), not an empty record.
        Value::Object(map) if map.is_empty() => Page::default(),
        Value::Object(mut map) => {
            let total = number_of(&map, TOTAL_KEYS);
            let pages = number_of(&map, PAGES_KEYS);
            let counters = counters_of(&map);
            let next = super::links::next_in(&map);
            if let Some(records) = take_records(&mut map) {
                return Page {
                    records,
                    total,
                    pages,
                    counters,
                    next,
                };
            }
            // A nested envelope (`{"data": {"dados": [...]}}`) is unwrapped once.
            for k in NEST_KEYS {
                if map
                    .get(*k)
                    .is_some_and(|v| v.as_object().is_some_and(|m| !m.is_empty()))
                {
                    let inner = value_page(map.remove(*k).unwrap_or_default());
                    return Page {
                        total: inner.total.or(total),
                        pages: inner.pages.or(pages),
                        counters: inner.counters.into_iter().chain(counters).collect(),
                        next: if inner.next == Next::Unsaid {
                            next
                        } else {
                            inner.next
                        },
                        records: inner.records,
                    };
                }
            }
            if holds_no_records(&map) {
                return Page {
                    total,
                    pages,
                    counters,
                    next,
                    ..Page::default()
                };
            }
            Page {
                records: vec![Value::Object(map)],
                total,
                pages,
                counters,
                next,
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
            // A records key that holds an empty container says there are none: another array is
            // no stand-in for them.
            if empty_records_key(map) {
                return None;
            }
            let mut arrays = map.iter().filter(|(_, v)| v.is_array()).map(|(k, _)| k);
            match (arrays.next(), arrays.next()) {
                (Some(only), None) => Some(only.clone()),
                _ => None,
            }
        })?;
    positional(map.remove(&key)?).ok()
}

/// Whether a list answer says it has no records: its records key holds an empty object or `null`
/// (PHP writes an empty list as `{}` once it has been re-keyed), or it has no records key and
/// nothing but an envelope's own keys (a flag, a message, counters, the page asked for). Empty is
/// empty in every container shape: never one empty record.
pub(crate) fn holds_no_records(map: &Map<String, Value>) -> bool {
    empty_records_key(map)
        || (!map.is_empty()
            && map.keys().all(|k| {
                let k = k.as_str();
                ENVELOPE_KEYS.contains(&k) || TOTAL_KEYS.contains(&k) || PAGES_KEYS.contains(&k)
            }))
}

/// A records key holding `null` or `{}`.
fn empty_records_key(map: &Map<String, Value>) -> bool {
    RECORD_KEYS.iter().any(|k| match map.get(*k) {
        Some(Value::Null) => true,
        Some(Value::Object(inner)) => inner.is_empty(),
        _ => false,
    })
}

/// Every counter an envelope carries, by key: record counts first, then page counts.
pub(crate) fn counters_of(map: &Map<String, Value>) -> Vec<Counter> {
    let found = |keys: &[&str], counts| {
        keys.iter()
            .filter_map(move |k| {
                number_of(map, &[*k]).map(|value| Counter {
                    key: (*k).to_string(),
                    counts,
                    value,
                })
            })
            .collect::<Vec<_>>()
    };
    let mut all = found(TOTAL_KEYS, Counts::Records);
    all.extend(found(PAGES_KEYS, Counts::Pages));
    all
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
    /// The scheme the token came with (`"Bearer 3f…"`), split off the value.
    pub scheme: Option<AuthScheme>,
    /// The keys that lead to it (`resposta.sessao.auth_token`), or `(body)` for a bare answer.
    pub path: String,
}

/// Why no usable token came out of a login answer.
#[derive(Debug, PartialEq, Eq)]
pub enum TokenProblem {
    /// No string under a key whose name says token.
    Missing,
    /// The best candidate has characters that cannot travel in an HTTP header: at this path, and how
    /// long it is (never the value itself).
    Unsendable { path: String, length: usize },
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
    // A scheme word before the value is the scheme, not part of the token.
    let (scheme, value) = AuthScheme::split(value);
    if !sendable(value) {
        return Err(TokenProblem::Unsendable {
            path,
            length: value.chars().count(),
        });
    }
    Ok(FoundToken {
        token: Secret::new(value),
        scheme,
        path,
    })
}

/// A token read from a plain-text login answer: one word that can travel in a header, perhaps after
/// its scheme word.
pub fn text_token(body: &[u8]) -> Option<(Secret, Option<AuthScheme>)> {
    let text = std::str::from_utf8(body).ok()?.trim();
    let (scheme, value) = AuthScheme::split(text);
    (sendable(value) && !value.starts_with('<') && !value.starts_with('{'))
        .then(|| (Secret::new(value), scheme))
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

/// The ID of a record a create call made: a bare number/string answer, or the shallowest key of the
/// operation's own (`ids`: `id_cliente` for a contact) at any depth, then its generic ones (`id`,
/// `codigo`…). A key that names another kind (`id_campanha`, `clinica_id` in a created contact) is
/// never the new record's ID, whatever its place in the answer. Only a list of unknown kind
/// ([`IdKeys::ANY`]) takes any compound key (`id_x`, `xId`) after the plain ones.
pub fn created_id(v: &Value, ids: &IdKeys) -> Option<Value> {
    match v {
        Value::Number(_) => Some(v.clone()),
        Value::String(s) if !s.trim().is_empty() => Some(v.clone()),
        Value::Object(_) => {
            let mut level: Vec<&Map<String, Value>> = v.as_object().into_iter().collect();
            // Bounded: an answer nested deeper than this names no ID we would trust.
            for _ in 0..8 {
                if level.is_empty() {
                    return None;
                }
                let ranked = ids
                    .candidates()
                    .find_map(|key| level.iter().find_map(|m| id_in(m, |k| k == key)));
                let any = || {
                    let compound =
                        |k: &str| ID_KEYS.contains(&k) || crate::identity::looks_like_id(k);
                    (*ids == IdKeys::ANY)
                        .then(|| level.iter().find_map(|m| id_in(m, compound)))
                        .flatten()
                };
                if let Some(id) = ranked.or_else(any) {
                    return Some(id);
                }
                level = level
                    .iter()
                    .flat_map(|m| m.values().filter_map(Value::as_object))
                    .collect();
            }
            None
        }
        _ => None,
    }
}

/// An ID under one of the plain names, at the top or under `data`/`dados`: what the judge takes as
/// proof that an answer carrying an error key still made a record (an echoed `clinica_id` is not).
pub(crate) fn plain_id(v: &Value) -> Option<Value> {
    let map = v.as_object()?;
    id_in(map, |k| ID_KEYS.contains(&k)).or_else(|| {
        NEST_KEYS
            .iter()
            .find_map(|k| map.get(*k).and_then(plain_id))
    })
}

/// The value of the first key `wanted` accepts that holds a usable ID (a number or a non-blank string).
fn id_in(map: &Map<String, Value>, wanted: impl Fn(&str) -> bool) -> Option<Value> {
    map.iter()
        .filter(|(k, _)| wanted(k))
        .map(|(_, v)| v)
        .find(|v| v.is_number() || v.as_str().is_some_and(|s| !s.trim().is_empty()))
        .cloned()
}

/// Words with which a service says a write worked, folded (no accents, lower case).
const SUCCESS_WORDS: &[&str] = &[
    "sucesso",
    "cadastrad",
    "criad",
    "atualizad",
    "alterad",
    "salv",
    "inserid",
    "success",
    "created",
    "updated",
    "saved",
    "ok",
];

/// A write's 2xx answer that does not confirm the change: no true success flag, no new ID, and a
/// message whose words do not say it worked (`{"mensagem": "…inválido", "dados": null}`). Its
/// message, for the error; `None` when the answer confirms the change (or says nothing at all).
pub fn unconfirmed(v: &Value) -> Option<String> {
    let Value::Object(map) = v else {
        return None;
    };
    let flagged = ["status", "sucesso", "success", "ok"]
        .iter()
        .any(|k| map.get(*k).is_some_and(is_true));
    if flagged || created_id(v, &IdKeys::ANY).is_some() {
        return None;
    }
    let message = crate::text::answer::message_of(v)?;
    let folded = crate::text::fold::normalize(&message);
    let says_success = folded
        .split(|c: char| !c.is_alphanumeric())
        .any(|word| SUCCESS_WORDS.iter().any(|w| word.starts_with(w)));
    (!says_success).then(|| crate::text::answer::one_line(&message))
}

/// `true`, `1`, `"true"`, `"1"`, `"ok"`, `"sucesso"`.
fn is_true(v: &Value) -> bool {
    match v {
        Value::Bool(b) => *b,
        Value::Number(n) => n.as_f64() == Some(1.0),
        Value::String(s) => matches!(
            s.trim().to_ascii_lowercase().as_str(),
            "true" | "1" | "ok" | "success" | "sucesso"
        ),
        _ => false,
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
    fn a_token_with_its_scheme_is_split() {
        for (given, scheme) in [
            ("Bearer 3f9a", AuthScheme::Bearer),
            ("bearer   3f9a ", AuthScheme::Bearer),
            ("Token 3f9a", AuthScheme::Token),
            ("JWT 3f9a", AuthScheme::Jwt),
        ] {
            let found = token(&json!({ "data": { "token": given } })).unwrap();
            assert_eq!(found.token.expose(), "3f9a", "{given}");
            assert_eq!(found.scheme, Some(scheme), "{given}");
        }
        let plain = token(&json!({ "token": "3f9a" })).unwrap();
        assert_eq!((plain.token.expose(), plain.scheme), ("3f9a", None));
        let (t, s) = text_token(b"Bearer 3f9a\n").unwrap();
        assert_eq!((t.expose(), s), ("3f9a", Some(AuthScheme::Bearer)));
        // A word that is no scheme leaves a value that cannot be sent.
        assert!(matches!(
            token(&json!({ "token": "Basic abc" })),
            Err(TokenProblem::Unsendable { .. })
        ));
    }

    #[test]
    fn tokens_that_cannot_travel_in_a_header_are_refused() {
        assert_eq!(
            token(&json!({"data": {"token": "abc\ndef"}})).err(),
            Some(TokenProblem::Unsendable {
                path: "data.token".into(),
                length: 7
            })
        );
        assert_eq!(
            token(&json!({"token": "tõken"})).err(),
            Some(TokenProblem::Unsendable {
                path: "token".into(),
                length: 5
            })
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
    fn new_ids_under_any_id_like_key_at_any_depth() {
        for (answer, id) in [
            (json!({"id_cliente": 7, "mensagem": "ok"}), json!(7)),
            (json!({"idCliente": "8"}), json!("8")),
            (json!({"cliente_id": 9}), json!(9)),
            (json!({"clienteId": 10}), json!(10)),
            (json!({"Id": 11}), json!(11)),
            (
                json!({"resposta": {"dados": {"id_cliente": 12}}}),
                json!(12),
            ),
            (json!({"clinica_id": 1, "id": 13}), json!(13)),
            (json!(14), json!(14)),
        ] {
            assert_eq!(created_id(&answer, &IdKeys::ANY), Some(id), "{answer}");
        }
        let any = |v: Value| created_id(&v, &IdKeys::ANY);
        assert_eq!(any(json!({"identidade": 1, "video": 2})), None);
        assert_eq!(any(json!({"mensagem": "x", "dados": null})), None);
    }

    #[test]
    fn writes_that_do_not_confirm_are_told_apart() {
        assert!(unconfirmed(&json!({"mensagem": "Telefone inválido", "dados": null})).is_some());
        for confirmed in [
            json!({"mensagem": "Cliente cadastrado com sucesso"}),
            json!({"mensagem": "Status do agendamento alterado com sucesso"}),
            json!({"status": true, "mensagem": "qualquer coisa"}),
            json!({"mensagem": "recusado", "id_cliente": 4}),
            json!({"message": "Updated"}),
            json!({}),
            Value::Null,
        ] {
            assert_eq!(unconfirmed(&confirmed), None, "{confirmed}");
        }
    }

    #[test]
    fn ids_of_new_records() {
        let any = |v: Value| created_id(&v, &IdKeys::ANY);
        assert_eq!(any(json!({"id": 5})), Some(json!(5)));
        assert_eq!(
            any(json!({"dados": {"id_campanha": "9"}})),
            Some(json!("9"))
        );
        assert_eq!(any(json!(12)), Some(json!(12)));
        assert_eq!(any(json!({"ok": true})), None);
        assert_eq!(any(json!({"id": ""})), None);
    }

    #[test]
    fn a_created_record_s_id_is_its_own_kind_s_never_a_foreign_key() {
        use crate::api::kinds::{CAMPAIGN, CONTACT};
        let answer = json!({"dados": {"id_canal": 1, "id_campanha": 2, "id_cliente": 98765}});
        assert_eq!(created_id(&answer, &CONTACT), Some(json!(98765)));
        let answer = json!({"dados": {"id_cliente": 98765, "id_canal": 1, "id_campanha": 2}});
        assert_eq!(created_id(&answer, &CONTACT), Some(json!(98765)));
        assert_eq!(created_id(&answer, &CAMPAIGN), Some(json!(2)));
        // Only foreign keys: no ID of the kind, rather than the wrong one.
        let answer = json!({"id_canal": 1, "id_campanha": 2});
        assert_eq!(created_id(&answer, &CONTACT), None);
        assert_eq!(
            created_id(&json!({"clinica_id": 1, "id": 13}), &CONTACT),
            Some(json!(13))
        );
        // The kind's own key wins over a generic one, at any depth below it.
        assert_eq!(
            created_id(&json!({"id": 1, "dados": {"id_cliente": 5}}), &CONTACT),
            Some(json!(1))
        );
    }
}
