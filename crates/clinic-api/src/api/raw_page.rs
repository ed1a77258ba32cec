//! Splitting a page of a list into its records without parsing them. A walk of a large report spends
//! most of its time in JSON: building a tree for every record only to write it out again. Here the
//! answer is read once as a shallow envelope: each record stays the text the service sent (a view of
//! the answer's memory, not a copy), and only the envelope's own small fields (flags, messages,
//! totals) are parsed, so the judge can rule on them exactly as it rules on any answer.
//!
//! The rules are those of [`envelope::page`]; an answer they do not fit (a single record, a body
//! that is not an object or an array) is left to the full reader.

use std::fmt;

use bytes::Bytes;

use serde::de::{Deserialize, Deserializer, MapAccess, Visitor};
use serde_json::{Map, Value};

use super::envelope::{self, NEST_KEYS, PAGES_KEYS, RECORD_KEYS, TOTAL_KEYS};
use crate::record::Counter;

use crate::json_syntax::{self, skip_space};
use crate::record::{Layout, Next, Page, RawRecord, Record, Shared};

/// A page's records, and the envelope with the records replaced by a stand-in of the same kind
/// (an empty array when there were none, else an array of one empty record) for the judge.
pub struct Split {
    pub page: Page,
    pub envelope: Value,
}

/// Splits a list answer; `None` when it is not a list the fast reader understands. The records are
/// views of `body` (see [`Shared`]): the answer is not copied into them.
pub fn split(body: &Bytes) -> Option<Split> {
    // UTF-8 is checked once here, whole; the JSON grammar as each value is crossed, in the same
    // pass that finds where it ends (`json_syntax`): a record is never read twice to be split.
    let source = Shared::checked(body)?;
    let text = source.text();
    let bytes = text.as_bytes();
    let at = skip_space(bytes, 0);
    let (split, end) = match bytes.get(at)? {
        b'[' => {
            let (records, layout, end) = RawRecord::split_array(source, at)?;
            let split = Split {
                page: Page {
                    records,
                    layout,
                    ..Page::default()
                },
                envelope: Value::Array(Vec::new()),
            };
            (split, end)
        }
        b'{' => {
            let (entries, end) = envelope_at(source, at)?;
            (split_object(entries)?, end)
        }
        _ => return None,
    };
    // Only space may follow the answer's one value.
    (skip_space(bytes, end) == bytes.len()).then_some(split)
}

fn split_object(entries: Vec<(String, Slot)>) -> Option<Split> {
    if entries.is_empty() {
        return Some(Split {
            page: Page::default(),
            envelope: Value::Array(Vec::new()),
        });
    }
    if let Some(records) = positional_slots(&entries) {
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
                .position(|(name, slot)| name == k && slot.holds_records())
        })
        .or_else(|| {
            let mut arrays = entries
                .iter()
                .enumerate()
                .filter(|(_, (_, slot))| slot.is_array());
            match (arrays.next(), arrays.next()) {
                (Some((only, _)), None) if !empty_records_key(&entries) => Some(only),
                _ => None,
            }
        });
    if let Some(at) = records_at {
        let mut entries = entries;
        let taken = std::mem::replace(&mut entries[at].1, Slot::Scalar(Value::Null));
        // Records under a key of their own stand in for themselves; an array found only because it
        // is the only one may be an error list (`{"erro": ["…"]}`), so the judge sees it whole.
        let (records, stand_in) = if RECORD_KEYS.contains(&entries[at].0.as_str()) {
            let records = taken.into_records()?;
            let stand_in = stand_in(&records.0);
            (records, stand_in)
        } else {
            let whole = taken.value()?;
            let records = Slot::Scalar(whole.clone()).into_records()?;
            (records, whole)
        };
        let envelope = shallow(entries, at, stand_in)?;
        let page = counted(records, &envelope, None);
        return Some(Split { page, envelope });
    }
    // A nested envelope (`{"data": {"dados": [...]}}`) is unwrapped once, as the full reader does.
    let nested_at = NEST_KEYS.iter().find_map(|k| {
        entries
            .iter()
            .position(|(name, slot)| name == k && slot.is_filled_object())
    });
    let Some(nested_at) = nested_at else {
        // No records anywhere: a list answer without records when it says so (see
        // `envelope::holds_no_records`), else not a list the fast reader understands.
        let envelope = Value::Object(
            entries
                .into_iter()
                .map(|(name, slot)| Some((name, slot.value()?)))
                .collect::<Option<Map<_, _>>>()?,
        );
        let map = envelope.as_object()?;
        if !envelope::holds_no_records(map) {
            return None;
        }
        let page = counted(Default::default(), &envelope, None);
        return Some(Split { page, envelope });
    };
    let mut entries = entries;
    let Slot::Object(inner) =
        std::mem::replace(&mut entries[nested_at].1, Slot::Scalar(Value::Null))
    else {
        return None;
    };
    let inner = split_object(inner.into_iter().map(|(k, v)| (k, Slot::Raw(v))).collect())?;
    let envelope = shallow(entries, nested_at, inner.envelope)?;
    let mut counts = inner.page;
    let records = (
        std::mem::take(&mut counts.records),
        std::mem::take(&mut counts.layout),
    );
    let page = counted(records, &envelope, Some(&counts));
    Some(Split { page, envelope })
}

/// The page with the total and page count the envelope reports (the inner envelope's first).
fn counted(
    (records, layout): (Vec<Record>, Layout),
    envelope: &Value,
    inner: Option<&Page>,
) -> Page {
    let map = envelope.as_object();
    let outer = |keys| map.and_then(|m| envelope::number_of(m, keys));
    let inner_counters = inner.map(|p| p.counters.clone()).unwrap_or_default();
    let outer_counters: Vec<Counter> = map.map(envelope::counters_of).unwrap_or_default();
    let next = match inner.map(|p| &p.next) {
        Some(next) if *next != Next::Unsaid => next.clone(),
        _ => map.map(super::links::next_in).unwrap_or_default(),
    };
    Page {
        records,
        total: inner.and_then(|p| p.total).or_else(|| outer(TOTAL_KEYS)),
        pages: inner.and_then(|p| p.pages).or_else(|| outer(PAGES_KEYS)),
        counters: inner_counters.into_iter().chain(outer_counters).collect(),
        next,
        layout,
    }
}

/// A records key holding `null` or `{}`: a list that says it has no records.
fn empty_records_key(entries: &[(String, Slot)]) -> bool {
    entries
        .iter()
        .any(|(name, slot)| RECORD_KEYS.contains(&name.as_str()) && slot.is_empty_container())
}

/// The envelope as a value, the entry at `at` replaced by `replacement`.
fn shallow(entries: Vec<(String, Slot)>, at: usize, replacement: Value) -> Option<Value> {
    let mut replacement = Some(replacement);
    let map: Option<Map<String, Value>> = entries
        .into_iter()
        .enumerate()
        .map(|(i, (name, slot))| {
            let value = if i == at {
                replacement.take().unwrap_or_default()
            } else {
                slot.value()?
            };
            Some((name, value))
        })
        .collect();
    map.map(Value::Object)
}

fn stand_in(records: &[Record]) -> Value {
    if records.is_empty() {
        Value::Array(Vec::new())
    } else {
        Value::Array(vec![Value::Object(Map::new())])
    }
}

fn starts_with(raw: &RawRecord, byte: u8) -> bool {
    raw.get().as_bytes().first() == Some(&byte)
}

/// An array, or an object keyed by position.
fn holds_records(raw: &RawRecord) -> bool {
    starts_with(raw, b'[')
        || (starts_with(raw, b'{')
            && serde_json::from_str::<Entries>(raw.get())
                .is_ok_and(|entries| positional(&entries.0).is_some()))
}

fn records_in(raw: &Record) -> Option<(Vec<Record>, Layout)> {
    if starts_with(raw, b'[') {
        return RawRecord::split_array(Shared::of(raw), 0)
            .map(|(records, layout, _)| (records, layout));
    }
    let entries: Entries = serde_json::from_str(raw.get()).ok()?;
    Some((positional(&entries.0)?, Layout::default()))
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

/// The records of an object of [`Slot`]s keyed by position (see [`positional`]).
fn positional_slots(entries: &[(String, Slot)]) -> Option<Vec<Record>> {
    let raw: Vec<(String, Record)> = entries
        .iter()
        .map(|(k, slot)| match slot {
            Slot::Raw(raw) => Some((k.clone(), raw.clone())),
            _ => None,
        })
        .collect::<Option<_>>()?;
    positional(&raw)
}

/// An envelope's value. Under the keys records come in, the records are split out as the answer
/// is read (one pass over them); every other value is kept as text.
enum Slot {
    Raw(Record),
    /// An array under a record key: its items, and their layout.
    List(Vec<Record>, Layout),
    /// An object under a record key: records keyed by position, or a nested envelope.
    Object(Vec<(String, Record)>),
    /// Anything else under a record key.
    Scalar(Value),
}

impl Slot {
    fn holds_records(&self) -> bool {
        match self {
            Slot::Raw(raw) => holds_records(raw),
            Slot::List(..) => true,
            Slot::Object(entries) => positional(entries).is_some(),
            Slot::Scalar(_) => false,
        }
    }

    /// `null` or `{}`.
    fn is_empty_container(&self) -> bool {
        match self {
            Slot::Raw(raw) => {
                raw.get() == "null"
                    || (starts_with(raw, b'{')
                        && serde_json::from_str::<Entries>(raw.get()).is_ok_and(|e| e.0.is_empty()))
            }
            Slot::Object(entries) => entries.is_empty(),
            Slot::Scalar(value) => value.is_null(),
            Slot::List(..) => false,
        }
    }

    /// An object with at least one entry.
    fn is_filled_object(&self) -> bool {
        match self {
            Slot::Object(entries) => !entries.is_empty(),
            _ => false,
        }
    }

    fn is_array(&self) -> bool {
        match self {
            Slot::Raw(raw) => starts_with(raw, b'['),
            Slot::List(..) => true,
            Slot::Object(_) | Slot::Scalar(_) => false,
        }
    }

    /// The records, with their layout where they were split from one array.
    fn into_records(self) -> Option<(Vec<Record>, Layout)> {
        match self {
            Slot::Raw(raw) => records_in(&raw),
            Slot::List(records, layout) => Some((records, layout)),
            Slot::Object(entries) => Some((positional(&entries)?, Layout::default())),
            Slot::Scalar(Value::Array(items)) => Some((
                items.iter().map(crate::record::record_of).collect(),
                Layout::default(),
            )),
            Slot::Scalar(_) => None,
        }
    }

    /// The value, or `None` (the full reader then judges the answer) when it cannot be read.
    fn value(self) -> Option<Value> {
        let read = |raw: &RawRecord| crate::record::value_of(raw).ok();
        match self {
            Slot::Raw(raw) => read(&raw),
            Slot::List(records, _) => records.iter().map(|r| read(r)).collect(),
            Slot::Object(entries) => entries
                .into_iter()
                .map(|(k, v)| Some((k, read(&v)?)))
                .collect::<Option<Map<_, _>>>()
                .map(Value::Object),
            Slot::Scalar(value) => Some(value),
        }
    }
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

/// A body's top-level entries from its `{` at `at`, and the index just past its `}`: values under
/// record keys read by kind (see [`slot_at`]), the others kept as text.
fn envelope_at(source: Shared<'_>, at: usize) -> Option<(Vec<(String, Slot)>, usize)> {
    object_at(source, at, |key, source, i| {
        if RECORD_KEYS.contains(&key) {
            slot_at(source, i)
        } else {
            let (raw, end) = RawRecord::value_at(source, i)?;
            Some((Slot::Raw(raw), end))
        }
    })
}

/// A value under a record key, read by its kind: an array's items and an object's values are
/// split out as records.
fn slot_at(source: Shared<'_>, at: usize) -> Option<(Slot, usize)> {
    let text = source.text();
    match text.as_bytes().get(at)? {
        b'[' => {
            let (records, layout, end) = RawRecord::split_array(source, at)?;
            Some((Slot::List(records, layout), end))
        }
        b'{' => {
            let (entries, end) =
                object_at(source, at, |_, source, i| RawRecord::value_at(source, i))?;
            Some((Slot::Object(entries), end))
        }
        _ => {
            let end = json_syntax::value_end(text.as_bytes(), at)?;
            let value = serde_json::from_str(&text[at..end]).ok()?;
            Some((Slot::Scalar(value), end))
        }
    }
}

/// The entries of the object whose `{` is at `at`, in order (a key given twice is kept twice, as
/// the service sent it), each value read by `value` from its first byte; and the index just past
/// the object's `}`.
fn object_at<'a, T>(
    source: Shared<'a>,
    at: usize,
    value: impl Fn(&str, Shared<'a>, usize) -> Option<(T, usize)>,
) -> Option<(Vec<(String, T)>, usize)> {
    let text = source.text();
    let bytes = text.as_bytes();
    let mut entries = Vec::new();
    let mut i = skip_space(bytes, at + 1);
    if bytes.get(i) == Some(&b'}') {
        return Some((entries, i + 1));
    }
    loop {
        if bytes.get(i) != Some(&b'"') {
            return None;
        }
        let key_end = json_syntax::string_end(bytes, i)?;
        let quoted = &text[i..key_end];
        // A key with an escape is decoded as serde_json decodes it (and refused where it refuses,
        // a lone surrogate); the others are their own text.
        let key = if quoted.contains('\\') {
            serde_json::from_str::<String>(quoted).ok()?
        } else {
            quoted[1..quoted.len() - 1].to_string()
        };
        i = skip_space(bytes, key_end);
        if bytes.get(i) != Some(&b':') {
            return None;
        }
        let (item, end) = value(&key, source, skip_space(bytes, i + 1))?;
        entries.push((key, item));
        i = skip_space(bytes, end);
        match bytes.get(i)? {
            b',' => i = skip_space(bytes, i + 1),
            b'}' => return Some((entries, i + 1)),
            _ => return None,
        }
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
            let split =
                split(&Bytes::copy_from_slice(text.as_bytes())).unwrap_or_else(|| panic!("{text}"));
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
        let split = split(&Bytes::copy_from_slice(text.as_bytes())).unwrap();
        let records: Vec<&str> = split.page.records.iter().map(|r| r.get()).collect();
        assert_eq!(
            records,
            [r#"{"valor":10.50,"nome":"Jos\u00e9"}"#, r#"{"id":1}"#]
        );
    }

    /// A page's records are views of its answer, in every shape a list comes in (a bare array,
    /// under a key, keyed by position, nested): a page is held once, not again as copies of its
    /// records. A record's copy holds memory of its own.
    #[test]
    fn records_are_views_of_their_answer_not_copies() {
        for text in [
            r#"[{"id":1},{"id":2}]"#,
            r#"{"dados":[{"id":1},{"id":2}],"total":2}"#,
            r#"{"registros":{"1":{"id":2},"0":{"id":1}}}"#,
            r#"{"data":{"dados":[{"id":1},{"id":2}],"total":2}}"#,
        ] {
            let body = Bytes::copy_from_slice(text.as_bytes());
            let page = split(&body).unwrap().page;
            assert_eq!(page.records.len(), 2, "{text}");
            let within = body.as_ptr_range();
            for record in &page.records {
                assert!(
                    within.contains(&record.get().as_ptr()),
                    "{text}: {record:?}"
                );
                let copy = record.to_record();
                assert_eq!(copy, *record);
                assert!(!within.contains(&copy.get().as_ptr()), "{text}");
            }
        }
    }

    #[test]
    fn the_envelope_keeps_its_flags_and_messages_for_the_judge() {
        let text = r#"{"status":false,"mensagem":"clinica obrigatoria","dados":[]}"#;
        let split = split(&Bytes::copy_from_slice(text.as_bytes())).unwrap();
        assert_eq!(
            split.envelope,
            json!({"status": false, "mensagem": "clinica obrigatoria", "dados": []})
        );
        let text = r#"{"erro":"x","dados":[{"id":1}]}"#;
        assert_eq!(split_envelope(text), json!({"erro": "x", "dados": [{}]}));
    }

    fn split_envelope(text: &str) -> Value {
        split(&Bytes::copy_from_slice(text.as_bytes()))
            .unwrap()
            .envelope
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
            assert!(
                split(&Bytes::copy_from_slice(text.as_bytes())).is_none(),
                "{text}"
            );
        }
    }
}
