//! Splitting a page of a list into its records without parsing them. A walk of a large report spends
//! most of its time in JSON: building a tree for every record only to write it out again. Here the
//! answer is read once as a shallow envelope: each record stays the text the service sent (copied out
//! as it is), and only the envelope's own small fields (flags, messages, totals) are parsed, so the
//! judge can rule on them exactly as it rules on any answer.
//!
//! The rules are those of [`envelope::page`]; an answer they do not fit (a single record, a body
//! that is not an object or an array) is left to the full reader.

use std::fmt;

use serde::de::{Deserialize, Deserializer, MapAccess, Visitor};
use serde_json::value::RawValue;
use serde_json::{Map, Value};

use super::envelope::{self, NEST_KEYS, PAGES_KEYS, Page, RECORD_KEYS, Record, TOTAL_KEYS};

/// A page's records, and the envelope with the records replaced by a stand-in of the same kind
/// (an empty array when there were none, else an array of one empty record) for the judge.
pub struct Split {
    pub page: Page,
    pub envelope: Value,
}

/// Splits a list answer; `None` when it is not a list the fast reader understands.
pub fn split(body: &[u8]) -> Option<Split> {
    let text = std::str::from_utf8(body).ok()?;
    match text.trim_start().as_bytes().first()? {
        b'[' => {
            let records: Vec<Record> = serde_json::from_str(text).ok()?;
            Some(Split {
                page: Page {
                    records,
                    ..Page::default()
                },
                envelope: Value::Array(Vec::new()),
            })
        }
        b'{' => {
            let entries: Entries = serde_json::from_str(text).ok()?;
            split_object(entries.0)
        }
        _ => None,
    }
}

fn split_object(entries: Vec<(String, Record)>) -> Option<Split> {
    if let Some(records) = positional(&entries) {
        return Some(Split {
            page: Page {
                records,
                ..Page::default()
            },
            envelope: Value::Array(Vec::new()),
        });
    }
    let records_at = RECORD_KEYS
        .iter()
        .find_map(|k| {
            entries
                .iter()
                .position(|(name, raw)| name == k && holds_records(raw))
        })
        .or_else(|| {
            let mut arrays = entries
                .iter()
                .enumerate()
                .filter(|(_, (_, raw))| starts_with(raw, b'['));
            match (arrays.next(), arrays.next()) {
                (Some((only, _)), None) => Some(only),
                _ => None,
            }
        });
    if let Some(at) = records_at {
        let records = records_in(&entries[at].1)?;
        // Records under a key of their own stand in for themselves; an array found only because it
        // is the only one may be an error list (`{"erro": ["…"]}`), so the judge sees it whole.
        let stand_in = if RECORD_KEYS.contains(&entries[at].0.as_str()) {
            stand_in(&records)
        } else {
            envelope::value_of(&entries[at].1)
        };
        let envelope = shallow(entries, at, stand_in);
        let page = counted(records, &envelope, None);
        return Some(Split { page, envelope });
    }
    // A nested envelope (`{"data": {"dados": [...]}}`) is unwrapped once, as the full reader does.
    let nested_at = NEST_KEYS.iter().find_map(|k| {
        entries
            .iter()
            .position(|(name, raw)| name == k && starts_with(raw, b'{'))
    })?;
    let inner: Entries = serde_json::from_str(entries[nested_at].1.get()).ok()?;
    let inner = split_object(inner.0)?;
    let envelope = shallow(entries, nested_at, inner.envelope);
    let counts = Page {
        records: Vec::new(),
        ..inner.page
    };
    let page = counted(inner.page.records, &envelope, Some(&counts));
    Some(Split { page, envelope })
}

/// The page with the total and page count the envelope reports (the inner envelope's first).
fn counted(records: Vec<Record>, envelope: &Value, inner: Option<&Page>) -> Page {
    let map = envelope.as_object();
    let outer = |keys| map.and_then(|m| envelope::number_of(m, keys));
    Page {
        records,
        total: inner.and_then(|p| p.total).or_else(|| outer(TOTAL_KEYS)),
        pages: inner.and_then(|p| p.pages).or_else(|| outer(PAGES_KEYS)),
    }
}

/// The envelope as a value, the entry at `at` replaced by `replacement`.
fn shallow(entries: Vec<(String, Record)>, at: usize, replacement: Value) -> Value {
    let mut replacement = Some(replacement);
    let map: Map<String, Value> = entries
        .into_iter()
        .enumerate()
        .map(|(i, (name, raw))| {
            let value = if i == at {
                replacement.take().unwrap_or_default()
            } else {
                envelope::value_of(&raw)
            };
            (name, value)
        })
        .collect();
    Value::Object(map)
}

fn stand_in(records: &[Record]) -> Value {
    if records.is_empty() {
        Value::Array(Vec::new())
    } else {
        Value::Array(vec![Value::Object(Map::new())])
    }
}

fn starts_with(raw: &RawValue, byte: u8) -> bool {
    raw.get().as_bytes().first() == Some(&byte)
}

/// An array, or an object keyed by position.
fn holds_records(raw: &RawValue) -> bool {
    starts_with(raw, b'[')
        || (starts_with(raw, b'{')
            && serde_json::from_str::<Entries>(raw.get())
                .is_ok_and(|entries| positional(&entries.0).is_some()))
}

fn records_in(raw: &RawValue) -> Option<Vec<Record>> {
    if starts_with(raw, b'[') {
        return serde_json::from_str(raw.get()).ok();
    }
    let entries: Entries = serde_json::from_str(raw.get()).ok()?;
    positional(&entries.0)
}

/// The records of an object whose keys are all positions and whose values are all records, in
/// numeric key order (see `envelope::positional`).
fn positional(entries: &[(String, Record)]) -> Option<Vec<Record>> {
    let fits = !entries.is_empty()
        && entries.iter().all(|(k, v)| {
            !k.is_empty()
                && k.len() <= 18
                && k.bytes().all(|b| b.is_ascii_digit())
                && starts_with(v, b'{')
        });
    if !fits {
        return None;
    }
    let mut items: Vec<(u64, &Record)> = entries
        .iter()
        .map(|(k, v)| (k.parse().unwrap_or(u64::MAX), v))
        .collect();
    items.sort_by_key(|(k, _)| *k);
    Some(items.into_iter().map(|(_, v)| v.clone()).collect())
}

/// An object's entries in order, each value kept as text.
struct Entries(Vec<(String, Record)>);

impl<'de> Deserialize<'de> for Entries {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct EntriesVisitor;
        impl<'de> Visitor<'de> for EntriesVisitor {
            type Value = Entries;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("a JSON object")
            }
            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Entries, A::Error> {
                let mut entries = Vec::with_capacity(map.size_hint().unwrap_or(8));
                while let Some(entry) = map.next_entry::<String, Record>()? {
                    entries.push(entry);
                }
                Ok(Entries(entries))
            }
        }
        deserializer.deserialize_map(EntriesVisitor)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    /// Every envelope the full reader understands as a list gives the same records, total and page
    /// count here, with the records' text untouched.
    #[test]
    fn splits_like_the_full_reader() {
        let bodies = [
            json!([{"id": 1}, {"id": 2}]),
            json!([]),
            json!({"dados": [{"id": 1}], "total": 7}),
            json!({"data": [{"id": 1}], "total_registros": "7", "total_paginas": 2}),
            json!({"status": true, "registros": {"1": {"id": 2}, "0": {"id": 1}}, "count": 2}),
            json!({"2": {"id": 3}, "10": {"id": 4}}),
            json!({"data": {"dados": [{"id": 1}], "total": 3}, "total": 9}),
            json!({"data": {"dados": [{"id": 1}]}, "total": 9, "paginas": 4}),
            json!({"whatever": [{"id": 5}], "mensagem": "ok"}),
            json!({"dados": [], "total": 0}),
        ];
        for body in bodies {
            let text = body.to_string();
            let split = split(text.as_bytes()).unwrap_or_else(|| panic!("{text}"));
            let full = envelope::page(body.clone());
            assert_eq!(texts(&split.page), texts(&full), "{text}");
            assert_eq!(
                (split.page.total, split.page.pages),
                (full.total, full.pages),
                "{text}"
            );
        }
    }

    fn texts(page: &Page) -> Vec<&str> {
        page.records.iter().map(|r| r.get()).collect()
    }

    #[test]
    fn the_text_of_each_record_is_kept_as_sent() {
        let text = r#"{"dados":[{"valor":10.50,"nome":"Jos\u00e9"} , {"id":1}],"total":2}"#;
        let split = split(text.as_bytes()).unwrap();
        let records: Vec<&str> = split.page.records.iter().map(|r| r.get()).collect();
        assert_eq!(
            records,
            [r#"{"valor":10.50,"nome":"Jos\u00e9"}"#, r#"{"id":1}"#]
        );
    }

    #[test]
    fn the_envelope_keeps_its_flags_and_messages_for_the_judge() {
        let text = r#"{"status":false,"mensagem":"clinica obrigatoria","dados":[]}"#;
        let split = split(text.as_bytes()).unwrap();
        assert_eq!(
            split.envelope,
            json!({"status": false, "mensagem": "clinica obrigatoria", "dados": []})
        );
        let text = r#"{"erro":"x","dados":[{"id":1}]}"#;
        assert_eq!(split_envelope(text), json!({"erro": "x", "dados": [{}]}));
    }

    fn split_envelope(text: &str) -> Value {
        split(text.as_bytes()).unwrap().envelope
    }

    #[test]
    fn answers_that_are_not_lists_are_left_to_the_full_reader() {
        for text in [
            r#"{"id": 3}"#,
            "42",
            "\"x\"",
            "{",
            "null",
            r#"{"a": [1], "b": [2]}"#,
        ] {
            assert!(split(text.as_bytes()).is_none(), "{text}");
        }
    }
}
