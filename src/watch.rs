//! What a report's records say as they pass into the output, beyond the records themselves:
//! - the newest modification time among them: an incremental run's next point is taken from the
//!   data, as the service stamped it, never from the local clock;
//! - how many are older than the modified-since filter asked for: a deployment that ignores the
//!   filter sends every record, and the run must say so instead of calling the result "only records
//!   modified since …";
//! - which day the filter was read as: a record that only the other zone's day admits (modified on
//!   the evening before the day asked, in São Paulo, but on that day in UTC) shows it;
//! - which top-level fields came, in the order they first came: an export with no records still
//!   writes these columns the next time.
//!
//! Records are read key by key, on the task that fetched their page: from the offsets of their keys
//! that the page's split noted while it checked them, so that no value but the modification time is
//! crossed a second time; a record that came without them is scanned, the values of other fields
//! skipped by their brackets and quotes alone.

use std::borrow::Cow;
use std::collections::HashSet;
use std::fmt;
use std::sync::{Mutex, OnceLock};

use chrono::{NaiveDate, NaiveDateTime};
use serde::Deserialize;
use serde::de::{Deserializer, IgnoredAny, MapAccess, SeqAccess, Visitor};

use crate::config::FilterZone;
use crate::output::{column_of_key, moment_in, utc_day};
use crate::pages::Reader;
use crate::record::{MAX_DEPTH, RawRecord, container_end, key_at, same_bytes, string_end_escaped};

/// The watch over one report's walk. Each record is read on the task that fetched its page
/// ([`Watch::read`], a [`Reader`] of the walk), from the layout the page's split noted where it
/// has one; what was read is kept in the order the records are handed on ([`Watch::keep`]), so
/// that the columns come in the order they first came and a record the walk does not hand on
/// counts for nothing.
pub struct Watch {
    /// The field that holds a record's modification time (`modificado_em`).
    modified: &'static str,
    /// Records modified before this day were not asked for.
    asked_from: Option<NaiveDate>,
    /// The columns an output with no records gets.
    empty_columns: Vec<String>,
    /// The deployment's zone: a time that says its own zone is read as that instant in this one.
    zone: chrono_tz::Tz,
    /// The keys of the first record read whole, in its order: the records of one list nearly
    /// always carry the same keys in the same order, so a key found at its place there is known
    /// without looking for its end, and a record with exactly these keys is kept without a
    /// lookup of each. They hold no quote or backslash.
    template: OnceLock<Box<[Box<str>]>>,
    seen: Mutex<Seen>,
}

#[derive(Default)]
struct Seen {
    records: u64,
    newest: Option<NaiveDateTime>,
    older: u64,
    /// The newest record that came although its day in the profile's zone is before the day asked
    /// (its day in UTC is not): the filter was read as a UTC day.
    only_utc: Option<NaiveDateTime>,
    /// The newest record that came although its day in UTC is before the day asked: the filter was
    /// read as a day of the profile's zone.
    only_local: Option<NaiveDateTime>,
    columns: Vec<String>,
    known: HashSet<String, foldhash::fast::RandomState>,
    /// The template's keys are among the known ones.
    template_known: bool,
}

/// What [`Watch::read`] made of one record, for [`Watch::keep`].
pub enum Noted {
    /// Not an object, or not one the parser could read whole: it tells nothing.
    NoRecord,
    Record {
        modified: Option<NaiveDateTime>,
        keys: Keys,
    },
}

/// A record's top-level keys, in its order.
pub enum Keys {
    /// Exactly the template's.
    Template,
    /// Where each one's text (inside its quotes) is in the record's text.
    At(Vec<(u32, u32)>),
    /// Decoded: keys that hold escapes.
    Decoded(Vec<String>),
}

impl Watch {
    pub fn new(
        modified: &'static str,
        asked_from: Option<NaiveDate>,
        empty_columns: Vec<String>,
        zone: chrono_tz::Tz,
    ) -> Watch {
        Watch {
            modified,
            asked_from,
            empty_columns,
            zone,
            template: OnceLock::new(),
            seen: Mutex::new(Seen::default()),
        }
    }

    /// Reads one record as the service sent it and keeps what it says: [`Watch::read`] and
    /// [`Watch::keep`] at once, for records handed on without a walk's reader.
    pub fn observe(&self, record: &RawRecord) {
        let noted = self.read(record.get(), None);
        self.keep(record, noted);
    }

    /// Reads one record: its modification time and its keys. `members` are its top-level keys'
    /// offsets as the split noted them: then the values between them are not crossed again.
    pub fn read(&self, text: &str, members: Option<&[u32]>) -> Noted {
        let template = self.template.get().map(|t| &t[..]);
        let scanned = match members {
            Some(members) => laid_out(text, members, self.modified, &self.zone, template),
            None => Scanned::Unlaid,
        };
        let scanned = match scanned {
            Scanned::Unlaid => scan(text, self.modified, &self.zone, template),
            scanned => scanned,
        };
        match scanned {
            Scanned::Read { modified, keys } => {
                let keys = match (keys, template) {
                    (None, _) => Keys::Template,
                    (Some(keys), Some(_)) => Keys::At(keys),
                    // A record without keys makes no template for the next.
                    (Some(keys), None) if keys.is_empty() => Keys::At(keys),
                    (Some(keys), None) => {
                        let owned: Option<Box<[Box<str>]>> = keys
                            .iter()
                            .map(|&(from, to)| text.get(from as usize..to as usize).map(Box::from))
                            .collect();
                        // Another page's task may have set it first: this record then keeps
                        // its own keys.
                        match owned.map(|owned| self.template.set(owned)) {
                            Some(Ok(())) => Keys::Template,
                            _ => Keys::At(keys),
                        }
                    }
                };
                Noted::Record { modified, keys }
            }
            Scanned::NoRecord | Scanned::Unlaid => Noted::NoRecord,
            Scanned::ToParser => {
                let mut de = serde_json::Deserializer::from_str(text);
                match de.deserialize_map(Fields {
                    modified: self.modified,
                    zone: self.zone,
                }) {
                    Ok((modified, keys)) => Noted::Record {
                        modified,
                        keys: Keys::Decoded(keys),
                    },
                    Err(_) => Noted::NoRecord,
                }
            }
        }
    }

    /// Keeps what [`Watch::read`] made of `record`, as the record is handed on.
    pub fn keep(&self, record: &RawRecord, noted: Noted) {
        let Noted::Record { modified, keys } = noted else {
            return;
        };
        let mut seen = self.seen.lock().unwrap_or_else(|e| e.into_inner());
        match keys {
            Keys::Template => {
                if !seen.template_known {
                    seen.template_known = true;
                    for key in self.template.get().into_iter().flatten() {
                        seen.learn(key);
                    }
                }
            }
            Keys::At(at) => {
                for (from, to) in at {
                    if let Some(key) = record.get().get(from as usize..to as usize) {
                        seen.learn(key);
                    }
                }
            }
            Keys::Decoded(keys) => {
                for key in keys {
                    seen.learn(&key);
                }
            }
        }
        seen.records += 1;
        let Some(at) = modified else {
            return;
        };
        if let Some(from) = self.asked_from {
            let local = at.date();
            let utc = utc_day(at, &self.zone).unwrap_or(local);
            let newer = |kept: Option<NaiveDateTime>| Some(kept.map_or(at, |k| k.max(at)));
            match (local < from, utc < from) {
                (true, true) => seen.older += 1,
                (true, false) => seen.only_utc = newer(seen.only_utc),
                (false, true) => seen.only_local = newer(seen.only_local),
                (false, false) => {}
            }
        }
        if seen.newest.is_none_or(|newest| at > newest) {
            seen.newest = Some(at);
        }
    }

    /// The newest modification time among the records seen.
    pub fn newest(&self) -> Option<NaiveDateTime> {
        self.seen.lock().unwrap_or_else(|e| e.into_inner()).newest
    }

    /// How many records (objects) came.
    pub fn records(&self) -> u64 {
        self.seen.lock().unwrap_or_else(|e| e.into_inner()).records
    }

    /// How many records were modified before the day the filter asked from.
    pub fn older(&self) -> u64 {
        self.seen.lock().unwrap_or_else(|e| e.into_inner()).older
    }

    /// Which day the filter was read as, and the record's modification time that shows it: only
    /// when the records say one thing (none older than both days, which an ignored filter sends).
    pub fn filter_read_as(&self) -> Option<(FilterZone, NaiveDateTime)> {
        let seen = self.seen.lock().unwrap_or_else(|e| e.into_inner());
        match (seen.older, seen.only_utc, seen.only_local) {
            (0, Some(at), None) => Some((FilterZone::Utc, at)),
            (0, None, Some(at)) => Some((FilterZone::Local, at)),
            _ => None,
        }
    }

    /// The day the filter asked from.
    pub fn asked_from(&self) -> Option<NaiveDate> {
        self.asked_from
    }

    /// The top-level fields the records had, in the order they first came.
    pub fn columns(&self) -> Vec<String> {
        self.seen
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .columns
            .clone()
    }

    /// The columns an output with no records gets.
    pub fn empty_columns(&self) -> &[String] {
        &self.empty_columns
    }
}

/// The watch reads each record on the task that fetched its page.
impl Reader for Watch {
    type Note = Noted;

    fn read(&self, record: &str, members: Option<&[u32]>) -> Noted {
        Watch::read(self, record, members)
    }
}

impl Seen {
    /// A key the records have: a column the first time it comes.
    fn learn(&mut self, key: &str) {
        if !self.known.contains(key) {
            self.known.insert(key.to_string());
            // As a column name: a dot inside a key is not a level.
            self.columns.push(column_of_key(key));
        }
    }
}

/// What [`scan`] or [`laid_out`] made of a record.
enum Scanned {
    /// An object, read whole: its modification time, when it has one, and where each key's text
    /// is (`None`: exactly the template's keys).
    Read {
        modified: Option<NaiveDateTime>,
        keys: Option<Vec<(u32, u32)>>,
    },
    /// Not an object: it tells nothing.
    NoRecord,
    /// A key with an escape, or nesting deeper than a record may: left to the parser, which
    /// decodes the one and refuses the other.
    ToParser,
    /// The layout does not fit the text: left to [`scan`].
    Unlaid,
}

/// The modification time a value holds, from its text at `start` (a string the way services
/// write times; anything else holds none).
fn moment_at(text: &str, start: usize, zone: &chrono_tz::Tz) -> Option<NaiveDateTime> {
    let bytes = text.as_bytes();
    if bytes.get(start) != Some(&b'"') {
        return None;
    }
    let (end, escaped) = string_end_escaped(bytes, start);
    let quoted = text.get(start..end)?;
    if escaped {
        serde_json::from_str::<String>(quoted)
            .ok()
            .and_then(|t| moment_in(&t, zone))
    } else {
        moment_in(quoted.get(1..quoted.len().saturating_sub(1))?, zone)
    }
}

/// The key whose opening quote is at `at`: where its text is, and whether it stood where the
/// template has it (the template's keys hold no quote or backslash, so such a key is known where
/// it stands, without a search for its end). `None` for a key with an escape.
fn key_span(bytes: &[u8], at: usize, expected: Option<&str>) -> Option<((u32, u32), bool)> {
    let span = |from: usize, to: usize| Some((u32::try_from(from).ok()?, u32::try_from(to).ok()?));
    if let Some(key) = expected
        && key_at(bytes, at, key.as_bytes())
    {
        return Some((span(at + 1, at + 1 + key.len())?, true));
    }
    match string_end_escaped(bytes, at) {
        (_, true) => None,
        (end, false) => Some((span(at + 1, end.saturating_sub(1).max(at + 1))?, false)),
    }
}

/// Reads a record's keys from the offsets its page's split noted: only the keys and the
/// modification time are crossed, none of the values between them. An offset that is not at a
/// key followed by its colon leaves the record to [`scan`].
fn laid_out(
    text: &str,
    members: &[u32],
    modified_key: &str,
    zone: &chrono_tz::Tz,
    template: Option<&[Box<str>]>,
) -> Scanned {
    let bytes = text.as_bytes();
    if bytes.first() != Some(&b'{') {
        return Scanned::NoRecord;
    }
    let mut modified = None;
    // Where the keys are is noted only once one stands apart from the template's: until then
    // the layout and the template's lengths say it.
    let mut keys = Vec::new();
    for (index, &offset) in members.iter().enumerate() {
        let at = offset as usize;
        if bytes.get(at) != Some(&b'"') {
            return Scanned::Unlaid;
        }
        let expected = template
            .and_then(|t| t.get(index))
            .filter(|_| keys.is_empty())
            .map(|k| &**k);
        let Some(((from, to), known)) = key_span(bytes, at, expected) else {
            return Scanned::ToParser;
        };
        let colon = skip_space(bytes, to as usize + 1);
        if bytes.get(colon) != Some(&b':') {
            return Scanned::Unlaid;
        }
        let key = &bytes[from as usize..to as usize];
        if same_bytes(key, modified_key.as_bytes()) {
            modified = moment_at(text, skip_space(bytes, colon + 1), zone);
        }
        if !known && keys.is_empty() {
            // The keys before this one stood where the template has them.
            keys.reserve(members.len());
            for (&before, key) in members[..index].iter().zip(template.into_iter().flatten()) {
                keys.push((before + 1, before + 1 + key.len() as u32));
            }
        }
        if !known || !keys.is_empty() {
            keys.push((from, to));
        }
    }
    if keys.is_empty() {
        match template {
            Some(t) if t.len() == members.len() => {
                return Scanned::Read {
                    modified,
                    keys: None,
                };
            }
            // Fewer keys than the template's, each where it has them.
            _ => {
                keys = members
                    .iter()
                    .zip(template.into_iter().flatten())
                    .map(|(&at, key)| (at + 1, at + 1 + key.len() as u32))
                    .collect();
            }
        }
    }
    Scanned::Read {
        modified,
        keys: Some(keys),
    }
}

/// Reads a record's keys straight from its text, the values of other fields skipped by their
/// brackets and quotes alone: the text is valid JSON (a `RawRecord` is checked when it is made),
/// so nothing in it needs a parser but the modification time. For records that come without a
/// layout (see [`laid_out`]).
fn scan(
    text: &str,
    modified_key: &str,
    zone: &chrono_tz::Tz,
    template: Option<&[Box<str>]>,
) -> Scanned {
    let bytes = text.as_bytes();
    let mut at = skip_space(bytes, 0);
    if bytes.get(at) != Some(&b'{') {
        return Scanned::NoRecord;
    }
    at += 1;
    let mut modified = None;
    let mut keys = Vec::new();
    let mut in_place = 0;
    loop {
        at = skip_space(bytes, at);
        match bytes.get(at) {
            Some(b',') => {
                at += 1;
                continue;
            }
            Some(b'}') | None => break,
            Some(b'"') => {}
            Some(_) => return Scanned::ToParser,
        }
        let expected = template.and_then(|t| t.get(keys.len())).map(|k| &**k);
        let Some(((from, to), known)) = key_span(bytes, at, expected) else {
            return Scanned::ToParser;
        };
        at = skip_space(bytes, to as usize + 1);
        if bytes.get(at) != Some(&b':') {
            return Scanned::ToParser;
        }
        at = skip_space(bytes, at + 1);
        let start = at;
        at = match bytes.get(at) {
            Some(b'"') => string_end_escaped(bytes, at).0,
            // The record itself is level 1: a value nested deeper than a record may be is left
            // to the parser, which refuses the record.
            Some(b'{' | b'[') => match container_end(bytes, at) {
                (end, deepest) if deepest < MAX_DEPTH => end,
                _ => return Scanned::ToParser,
            },
            _ => scalar_end(bytes, at),
        };
        if same_bytes(&bytes[from as usize..to as usize], modified_key.as_bytes()) {
            modified = moment_at(text, start, zone);
        }
        in_place += usize::from(known);
        keys.push((from, to));
    }
    let template_s = template.is_some_and(|t| in_place == t.len() && keys.len() == t.len());
    Scanned::Read {
        modified,
        keys: (!template_s).then_some(keys),
    }
}

fn skip_space(bytes: &[u8], mut at: usize) -> usize {
    while bytes
        .get(at)
        .is_some_and(|b| matches!(b, b' ' | b'\t' | b'\n' | b'\r'))
    {
        at += 1;
    }
    at
}

/// The index just past a number, `true`, `false` or `null`.
fn scalar_end(bytes: &[u8], mut at: usize) -> usize {
    while at < bytes.len() && !matches!(bytes[at], b',' | b'}' | b' ' | b'\t' | b'\n' | b'\r') {
        at += 1;
    }
    at
}

/// Reads a record's keys, decoded, and its modification time when it has one the way services
/// write them: for the records [`scan`] leaves to a parser.
struct Fields {
    modified: &'static str,
    zone: chrono_tz::Tz,
}

impl<'de> Visitor<'de> for Fields {
    type Value = (Option<NaiveDateTime>, Vec<String>);

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a record")
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Self::Value, A::Error> {
        let mut modified = None;
        let mut keys = Vec::new();
        while let Some(Text(key)) = map.next_key::<Text<'de>>()? {
            if key == self.modified {
                modified = match map.next_value::<Option<TextOrOther<'de>>>()? {
                    Some(TextOrOther(Some(text))) => moment_in(&text, &self.zone),
                    _ => None,
                };
            } else {
                map.next_value::<IgnoredAny>()?;
            }
            keys.push(key.into_owned());
        }
        Ok((modified, keys))
    }
}

/// A string, borrowed from the record's text unless it holds an escape.
struct Text<'de>(Cow<'de, str>);

impl<'de> Deserialize<'de> for Text<'de> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        deserializer.deserialize_str(TextVisitor).map(Text)
    }
}

struct TextVisitor;

impl<'de> Visitor<'de> for TextVisitor {
    type Value = Cow<'de, str>;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a string")
    }

    fn visit_borrowed_str<E: serde::de::Error>(self, text: &'de str) -> Result<Self::Value, E> {
        Ok(Cow::Borrowed(text))
    }

    fn visit_str<E: serde::de::Error>(self, text: &str) -> Result<Self::Value, E> {
        Ok(Cow::Owned(text.to_owned()))
    }
}

/// A value that is a string (borrowed where it can be), or anything else, skipped unread.
struct TextOrOther<'de>(Option<Cow<'de, str>>);

impl<'de> Deserialize<'de> for TextOrOther<'de> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        deserializer.deserialize_any(TextOrOtherVisitor)
    }
}

struct TextOrOtherVisitor;

impl<'de> Visitor<'de> for TextOrOtherVisitor {
    type Value = TextOrOther<'de>;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("any value")
    }

    fn visit_borrowed_str<E: serde::de::Error>(self, text: &'de str) -> Result<Self::Value, E> {
        Ok(TextOrOther(Some(Cow::Borrowed(text))))
    }

    fn visit_str<E: serde::de::Error>(self, text: &str) -> Result<Self::Value, E> {
        Ok(TextOrOther(Some(Cow::Owned(text.to_owned()))))
    }

    fn visit_bool<E>(self, _: bool) -> Result<Self::Value, E> {
        Ok(TextOrOther(None))
    }

    fn visit_i64<E>(self, _: i64) -> Result<Self::Value, E> {
        Ok(TextOrOther(None))
    }

    fn visit_u64<E>(self, _: u64) -> Result<Self::Value, E> {
        Ok(TextOrOther(None))
    }

    fn visit_f64<E>(self, _: f64) -> Result<Self::Value, E> {
        Ok(TextOrOther(None))
    }

    fn visit_unit<E>(self) -> Result<Self::Value, E> {
        Ok(TextOrOther(None))
    }

    fn visit_none<E>(self) -> Result<Self::Value, E> {
        Ok(TextOrOther(None))
    }

    fn visit_some<D: Deserializer<'de>>(self, deserializer: D) -> Result<Self::Value, D::Error> {
        deserializer.deserialize_any(self)
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Self::Value, A::Error> {
        while seq.next_element::<IgnoredAny>()?.is_some() {}
        Ok(TextOrOther(None))
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Self::Value, A::Error> {
        while map.next_entry::<IgnoredAny, IgnoredAny>()?.is_some() {}
        Ok(TextOrOther(None))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn raw(text: &str) -> crate::record::Record {
        RawRecord::from_string(text.to_string()).unwrap()
    }

    /// A watch fed only through the parser, the reader the scan stands in for.
    fn by_parser(watch: &Watch, text: &str) {
        let mut de = serde_json::Deserializer::from_str(text);
        let noted = match de.deserialize_map(Fields {
            modified: watch.modified,
            zone: watch.zone,
        }) {
            Ok((modified, keys)) => Noted::Record {
                modified,
                keys: Keys::Decoded(keys),
            },
            Err(_) => Noted::NoRecord,
        };
        watch.keep(&raw(text), noted);
    }

    /// A watch fed as a walk feeds it: the records split out of one page, each read from the
    /// layout the split noted, then kept in order.
    fn by_layout(watch: &Watch, texts: &[&str]) {
        let page = format!("[{}]", texts.join(","));
        let memory = bytes::Bytes::from(page);
        let source = crate::record::Shared::checked(&memory).unwrap();
        let (records, layout, _) = RawRecord::split_array(source, 0).unwrap();
        let mut members = layout.members();
        let notes: Vec<Noted> = records
            .iter()
            .map(|r| {
                let laid = members.next(r.get());
                assert!(laid.is_some(), "the layout has every record: {r:?}");
                // Read from the layout itself, not from the scan it falls back to.
                let template = watch.template.get().map(|t| &t[..]);
                let read = laid_out(
                    r.get(),
                    laid.unwrap(),
                    watch.modified,
                    &watch.zone,
                    template,
                );
                assert!(!matches!(read, Scanned::Unlaid), "{r:?}");
                watch.read(r.get(), laid)
            })
            .collect();
        for (record, noted) in records.iter().zip(notes) {
            watch.keep(record, noted);
        }
    }

    #[test]
    fn the_scan_reads_what_the_parser_reads() {
        let deep = format!(
            r#"{{"d": {}1{}, "z": 1}}"#,
            "[".repeat(200),
            "]".repeat(200)
        );
        let records = [
            r#"{"id": 1, "modificado_em": "2026-03-02 10:00:00", "itens": [{"a": "]}\"{["}, [], {}]}"#,
            // The same keys in another order, one new, one repeated.
            r#"{"modificado_em":"2026-03-04 08:00:00","id":2,"novo":null,"id":3}"#,
            "{\n  \"id\" : 4 ,\r\n  \"modificado_em\" : \"2026-03-0\\u0036 09:00:00\" , \"x\": -1.5e3 }",
            r#"{"a\u0062c": true, "id": 5, "modificado_em": "2026-03-07 09:00:00"}"#,
            r#"{"a.b": {"c": [1, {"d": "}"}]}, "modificado_em": 17}"#,
            r#"{}"#,
            r#"[{"id": 9}]"#,
            r#""texto""#,
            &deep,
        ];
        let zone = chrono_tz::America::Sao_Paulo;
        let scanned = Watch::new("modificado_em", None, Vec::new(), zone);
        let parsed = Watch::new("modificado_em", None, Vec::new(), zone);
        let laid = Watch::new("modificado_em", None, Vec::new(), zone);
        for text in records {
            scanned.observe(&raw(text));
            by_parser(&parsed, text);
        }
        by_layout(&laid, &records);
        for other in [&parsed, &laid] {
            assert_eq!(scanned.columns(), other.columns());
            assert_eq!(scanned.records(), other.records());
            assert_eq!(scanned.newest(), other.newest());
        }
        assert_eq!(
            scanned.columns(),
            [
                "id",
                "modificado_em",
                "itens",
                "novo",
                "x",
                "abc",
                "a\\.b",
                "d",
                "z"
            ]
        );
        assert_eq!(
            scanned.records(),
            7,
            "the array and the string are no records"
        );
        assert_eq!(
            scanned.newest(),
            NaiveDate::from_ymd_opt(2026, 3, 7)
                .unwrap()
                .and_hms_opt(9, 0, 0)
        );
    }

    /// Feeds the same records to a scanning watch and to one that only parses, and compares what
    /// each saw.
    fn same_as_parser(records: &[String]) {
        let zone = chrono_tz::America::Sao_Paulo;
        let scanned = Watch::new("modificado_em", None, Vec::new(), zone);
        let parsed = Watch::new("modificado_em", None, Vec::new(), zone);
        let laid = Watch::new("modificado_em", None, Vec::new(), zone);
        for text in records {
            scanned.observe(&raw(text));
            by_parser(&parsed, text);
        }
        let texts: Vec<&str> = records.iter().map(String::as_str).collect();
        by_layout(&laid, &texts);
        for other in [&parsed, &laid] {
            assert_eq!(scanned.columns(), other.columns(), "{records:?}");
            assert_eq!(scanned.records(), other.records(), "{records:?}");
            assert_eq!(scanned.newest(), other.newest(), "{records:?}");
        }
    }

    #[test]
    fn a_key_read_where_the_first_record_had_it_is_that_key_and_no_other() {
        let records = [
            r#"{"id": 1, "modificado_em": "2026-03-02 10:00:00", "nome": "a"}"#,
            // At the first record's places: longer keys that start with its keys, a shorter one,
            // the same key escaped, and its time escaped.
            r#"{"idx": 2, "modificado_em_utc": "2026-03-09 10:00:00", "nom": "b"}"#,
            r#"{"i\u0064": 3, "modificado_em": "2026-03-0\u0035 10:00:00", "nome\"": 1}"#,
            r#"{"": 4, "id": "modificado_em", "modificado_em": "2026-03-04 10:00:00"}"#,
            r#"{"id":5,"modificado_em":"2026-03-03 10:00:00","nome":"\\"}"#,
            // Keys that start with the first record's and hold a colon after it.
            r#"{"id_:": 7}"#,
            r#"{"w": 8}"#,
            r#"{"id_:": "2026-03-08 10:00:00", "modificado_em_:": 6}"#,
        ]
        .map(String::from);
        same_as_parser(&records);
    }

    proptest::proptest! {
        /// Records of keys drawn from a few that look alike (prefixes of each other, escaped,
        /// with dots), in any order, with values of every kind: the scan sees what the parser sees.
        #[test]
        fn the_scan_reads_what_the_parser_reads_in_any_order(
            records in proptest::collection::vec(
                proptest::collection::vec((0..KEYS.len(), 0..VALUES.len()), 0..8),
                1..6,
            )
        ) {
            let records: Vec<String> = records
                .iter()
                .map(|fields| {
                    let fields: Vec<String> = fields
                        .iter()
                        .map(|&(k, v)| format!("{}:{}", KEYS[k], VALUES[v]))
                        .collect();
                    format!("{{{}}}", fields.join(","))
                })
                .collect();
            same_as_parser(&records);
        }
    }

    const KEYS: &[&str] = &[
        r#""id""#,
        r#""idx""#,
        r#""i""#,
        r#""""#,
        r#""i\u0064""#,
        r#""modificado_em""#,
        r#""modificado_e""#,
        r#""modificado_em2""#,
        r#""id_:""#,
        r#""modific\u0061do_em""#,
        r#""a.b""#,
        r#" "id" "#,
        r#""nome \"x\"""#,
    ];

    const VALUES: &[&str] = &[
        "1",
        "-2.5e3",
        "null",
        "true",
        r#""2026-03-02 10:00:00""#,
        r#""2026-03-0\u0037 11:00:00""#,
        r#""2026-03-05T02:59:00Z""#,
        r#""amanhã""#,
        r#""id""#,
        r#""\"}""#,
        r#"{"id": "}", "x": [1, "]"]}"#,
        "[]",
        r#" "un texto bem mais longo que trinta e dois bytes, com \\ e \" dentro" "#,
    ];

    #[test]
    fn the_newest_time_the_older_records_and_the_columns_in_order() {
        let from = NaiveDate::from_ymd_opt(2026, 3, 2);
        let watch = Watch::new(
            "modificado_em",
            from,
            Vec::new(),
            chrono_tz::America::Sao_Paulo,
        );
        for text in [
            r#"{"id": 1, "modificado_em": "2026-03-02 10:00:00", "valor": "1,00"}"#,
            r#"{"id": 2, "modificado_em": "01/03/2026 23:59:59", "extra": {"a": [1, 2]}}"#,
            r#"{"id": 3, "modificado_em": "2026-03-05"}"#,
            r#"{"id": 4, "modificado_em": "amanhã"}"#,
            // 23:59 of the 4th in São Paulo: not newer than the 5th's midnight, whatever its day in UTC.
            r#"{"id": 6, "modificado_em": "2026-03-05T02:59:00Z"}"#,
            r#"{"id": 7, "modificado_em": "2026-03-01T02:00:00Z"}"#,
            r#"[1, 2]"#,
            r#"{"id": 5, "modificado_em": null, "a.b": 1}"#,
        ] {
            watch.observe(&raw(text));
        }
        assert_eq!(
            watch.newest(),
            NaiveDate::from_ymd_opt(2026, 3, 5)
                .unwrap()
                .and_hms_opt(0, 0, 0)
        );
        assert_eq!(watch.older(), 1, "the 1st's morning is older on both days");
        // The 1st's evening in São Paulo is the 2nd in UTC: only a filter read in UTC admits it.
        assert_eq!(
            watch.filter_read_as(),
            None,
            "a record older on both days says the filter may be ignored"
        );
        assert_eq!(watch.records(), 7, "the array is no record");
        let utc = Watch::new(
            "modificado_em",
            from,
            Vec::new(),
            chrono_tz::America::Sao_Paulo,
        );
        for text in [
            r#"{"id": 1, "modificado_em": "2026-03-02T01:30:00Z"}"#,
            r#"{"id": 2, "modificado_em": "2026-03-02T00:10:00Z"}"#,
            r#"{"id": 3, "modificado_em": "2026-03-02T12:00:00Z"}"#,
        ] {
            utc.observe(&raw(text));
        }
        assert_eq!(utc.older(), 0);
        assert_eq!(
            utc.filter_read_as(),
            Some((
                FilterZone::Utc,
                NaiveDate::from_ymd_opt(2026, 3, 1)
                    .unwrap()
                    .and_hms_opt(22, 30, 0)
                    .unwrap()
            )),
            "the 1st's evening in São Paulo came for a filter from the 2nd"
        );
        assert_eq!(
            watch.columns(),
            ["id", "modificado_em", "valor", "extra", "a\\.b"]
        );
    }
}
