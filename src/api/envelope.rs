//! Tolerant readers for what the service leaves undocumented: where the records of a list are, where the
//! token of a login is, which key carries an error message, and where the ID of a new record is.

use serde_json::Value;

use crate::secret::Secret;

/// Keys under which a list's records may arrive.
const RECORD_KEYS: &[&str] = &[
    "dados",
    "data",
    "registros",
    "items",
    "result",
    "lista",
    "records",
];
const TOKEN_KEYS: &[&str] = &["token", "access_token", "accessToken", "jwt"];
const NEST_KEYS: &[&str] = &["data", "dados"];
const MESSAGE_KEYS: &[&str] = &["erro", "error", "message", "mensagem", "msg", "detail"];
const ID_KEYS: &[&str] = &["id", "ID", "codigo", "campanha", "id_campanha"];

/// One page of a list answer.
#[derive(Debug, Default, PartialEq)]
pub struct Page {
    pub records: Vec<Value>,
    /// Total records reported by the server, when it says.
    pub total: Option<u64>,
    /// Total pages reported by the server, when it says.
    pub pages: Option<u64>,
}

/// Finds the records of a list answer: a top-level array, or the one array under a known key, or the only
/// array-valued field. An object with no array at all is taken as a single record.
pub fn page(body: Value) -> Page {
    match body {
        Value::Array(records) => Page {
            records,
            ..Page::default()
        },
        Value::Object(mut map) => {
            let total = number_of(
                &map,
                &["total", "total_registros", "totalRegistros", "count"],
            );
            let pages = number_of(
                &map,
                &["total_paginas", "totalPaginas", "paginas", "last_page"],
            );
            let key = RECORD_KEYS
                .iter()
                .find(|k| map.get(**k).is_some_and(Value::is_array))
                .map(|k| k.to_string())
                .or_else(|| {
                    let arrays: Vec<&String> = map
                        .iter()
                        .filter(|(_, v)| v.is_array())
                        .map(|(k, _)| k)
                        .collect();
                    (arrays.len() == 1).then(|| arrays[0].clone())
                });
            match key.and_then(|k| map.remove(&k)) {
                Some(Value::Array(records)) => Page {
                    records,
                    total,
                    pages,
                },
                _ => {
                    // A nested envelope (`{"data": {"dados": [...]}}`) is unwrapped once.
                    for k in NEST_KEYS {
                        if map.get(*k).is_some_and(Value::is_object) {
                            let inner = page(map.remove(*k).unwrap_or_default());
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
            }
        }
        Value::Null => Page::default(),
        other => Page {
            records: vec![other],
            ..Page::default()
        },
    }
}

/// Whether an object is a list answer: its records sit under one of the known keys.
pub fn is_list_envelope(map: &serde_json::Map<String, Value>) -> bool {
    RECORD_KEYS
        .iter()
        .any(|k| map.get(*k).is_some_and(Value::is_array))
}

fn number_of(map: &serde_json::Map<String, Value>, keys: &[&str]) -> Option<u64> {
    keys.iter().find_map(|k| match map.get(*k)? {
        Value::Number(n) => n.as_u64(),
        Value::String(s) => s.trim().parse().ok(),
        _ => None,
    })
}

/// Finds the token of a login answer: `token`, `access_token`, `accessToken` or `jwt`, at the top or
/// under `data`/`dados`, or the whole body as a JSON string (or plain text without spaces).
pub fn token(body: &[u8]) -> Option<Secret> {
    match serde_json::from_slice::<Value>(body) {
        Ok(Value::String(s)) if !s.trim().is_empty() => Some(Secret::new(s.trim())),
        Ok(Value::Object(map)) => find_token(&map),
        Ok(_) => None,
        Err(_) => {
            let text = std::str::from_utf8(body).ok()?.trim();
            (!text.is_empty() && !text.contains(char::is_whitespace) && !text.starts_with('<'))
                .then(|| Secret::new(text))
        }
    }
}

fn find_token(map: &serde_json::Map<String, Value>) -> Option<Secret> {
    for k in TOKEN_KEYS {
        if let Some(Value::String(s)) = map.get(*k)
            && !s.trim().is_empty()
        {
            return Some(Secret::new(s.trim()));
        }
    }
    NEST_KEYS.iter().find_map(|k| match map.get(*k) {
        Some(Value::Object(inner)) => find_token(inner),
        Some(Value::String(s)) if !s.trim().is_empty() => Some(Secret::new(s.trim())),
        _ => None,
    })
}

/// The server's message from whichever known key carries it (Bitrix's `error_description` joined to its
/// code), else a short excerpt of the raw body.
pub fn message(body: &[u8]) -> String {
    if let Ok(v) = serde_json::from_slice::<Value>(body)
        && let Some(m) = message_of(&v)
    {
        return m;
    }
    let text = String::from_utf8_lossy(body);
    let text = text.trim();
    if text.is_empty() {
        return "(empty answer)".into();
    }
    let excerpt: String = text.chars().take(200).collect();
    if excerpt.len() < text.len() {
        format!("{excerpt}…")
    } else {
        excerpt
    }
}

fn message_of(v: &Value) -> Option<String> {
    match v {
        Value::String(s) if !s.trim().is_empty() => Some(s.trim().to_string()),
        Value::Object(map) => {
            let desc = map.get("error_description").and_then(Value::as_str);
            for k in MESSAGE_KEYS {
                match (map.get(*k), desc) {
                    (Some(Value::String(code)), Some(d)) if *k == "error" => {
                        return Some(format!("{code}: {d}"));
                    }
                    (Some(inner), _) => {
                        if let Some(m) = message_of(inner) {
                            return Some(m);
                        }
                    }
                    _ => {}
                }
            }
            desc.map(str::to_string)
        }
        Value::Array(items) => {
            let parts: Vec<String> = items.iter().filter_map(message_of).collect();
            (!parts.is_empty()).then(|| parts.join("; "))
        }
        _ => None,
    }
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
                    .filter(|x| x.is_number() || x.is_string())
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
    fn tokens_under_any_name() {
        for body in [
            r#"{"token":"t1"}"#,
            r#"{"access_token":"t1"}"#,
            r#"{"accessToken":"t1"}"#,
            r#"{"jwt":"t1"}"#,
            r#"{"data":{"token":"t1"}}"#,
            r#"{"dados":{"jwt":"t1"}}"#,
            r#""t1""#,
            "t1",
        ] {
            assert_eq!(
                token(body.as_bytes())
                    .map(|s| s.expose().to_string())
                    .as_deref(),
                Some("t1"),
                "{body}"
            );
        }
        assert!(token(br#"{"ok":true}"#).is_none());
        assert!(token(b"<html>oops</html>").is_none());
    }

    #[test]
    fn messages_from_any_key() {
        assert_eq!(
            message(br#"{"erro":"Telefone inv\u00e1lido"}"#),
            "Telefone inválido"
        );
        assert_eq!(message(br#"{"message":"x"}"#), "x");
        assert_eq!(message(br#"{"detail":{"msg":"deep"}}"#), "deep");
        assert_eq!(
            message(br#"{"error":"QUERY_LIMIT_EXCEEDED","error_description":"Too many"}"#),
            "QUERY_LIMIT_EXCEEDED: Too many"
        );
        assert_eq!(message(b"Bad Gateway"), "Bad Gateway");
        assert_eq!(message(b""), "(empty answer)");
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
    }
}
