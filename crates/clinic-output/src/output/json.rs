//! JSON and NDJSON. Records keep their structure (no flattening); `--columns` projects them into
//! flat objects. A list becomes one JSON array written as records arrive, so a walk never has to
//! be held in memory to produce valid JSON.
//!
//! A record holding a number no `f64` holds as written (an integer beyond 64 bits, `1e400`) is
//! written from its text instead (see [`Exact`]), so that number comes out as the service wrote it,
//! a number still, never rounded.

use std::borrow::Cow;
use std::collections::HashMap;
use std::io::{self, Write};

use serde::de::{Deserializer, MapAccess, Visitor};
use serde::ser::{Error as _, Serialize, SerializeMap, SerializeSeq, Serializer};
use serde_json::value::RawValue;
use serde_json::{Map, Value};

use super::flatten::{lookup, path_of};
use super::reindent::{self, NotTaken};
use crate::record::{MAX_DEPTH, RawRecord};

pub(crate) enum JsonStyle {
    /// `[`, pretty records indented by two spaces and separated by commas, `]` at the end.
    Array {
        started: bool,
        buffer: Vec<u8>,
        keys: reindent::Keys,
    },
    /// One pretty object: the answer of a create or get.
    Pretty,
    /// One compact record per line.
    Lines,
}

pub(crate) struct JsonWriter {
    style: JsonStyle,
    columns: Option<Vec<String>>,
    /// Lines whose record is a string get the text itself (`-r`).
    raw_strings: bool,
}

impl JsonWriter {
    pub(crate) fn new(style: JsonStyle, columns: Option<Vec<String>>) -> Self {
        Self {
            style,
            columns,
            raw_strings: false,
        }
    }

    /// Lines whose record is a string are written as the string itself, unquoted.
    pub(crate) fn raw_strings(mut self, raw: bool) -> Self {
        self.raw_strings = raw;
        self
    }

    pub(crate) fn array(columns: Option<Vec<String>>) -> Self {
        let style = JsonStyle::Array {
            started: false,
            buffer: Vec::new(),
            keys: reindent::Keys::default(),
        };
        Self::new(style, columns)
    }

    pub(crate) fn record(&mut self, out: &mut dyn Write, record: &Value) -> io::Result<()> {
        let projected;
        let record = match &self.columns {
            Some(columns) => {
                projected = project(record, columns);
                &projected
            }
            None => record,
        };
        if let (true, JsonStyle::Lines, Value::String(text)) =
            (self.raw_strings, &self.style, record)
        {
            out.write_all(text.as_bytes())?;
            return out.write_all(b"\n");
        }
        self.write(out, record)
    }

    /// [`JsonWriter::record`] for a record also given as its text: a record holding numbers beyond
    /// `f64` is written from the text, every number as it came; any other from its value.
    pub(crate) fn record_with_text(
        &mut self,
        out: &mut dyn Write,
        record: &Value,
        text: &RawRecord,
    ) -> io::Result<()> {
        if !crate::record::holds_numbers_beyond_f64(text.get()) {
            return self.record(out, record);
        }
        // Rare (numbers beyond `f64`): walked level by level as serde_json's text values.
        let text: &RawValue = serde_json::from_str(text.get()).map_err(io::Error::other)?;
        match self.columns.take() {
            None => self.write(out, &Exact(text)),
            Some(columns) => {
                let written = self.write(out, &ExactProjection(text, &columns));
                self.columns = Some(columns);
                written
            }
        }
    }

    fn write(&mut self, out: &mut dyn Write, record: &impl Serialize) -> io::Result<()> {
        match &mut self.style {
            JsonStyle::Array {
                started, buffer, ..
            } => {
                out.write_all(if *started { b",\n" } else { b"[\n" })?;
                *started = true;
                write_indented(out, record, buffer)
            }
            JsonStyle::Pretty => {
                serde_json::to_writer_pretty(&mut *out, record)?;
                out.write_all(b"\n")
            }
            JsonStyle::Lines => {
                serde_json::to_writer(&mut *out, record)?;
                out.write_all(b"\n")
            }
        }
    }

    /// Whether records can be copied out as the text they came in: one compact record per line,
    /// nothing projected.
    pub(crate) fn takes_text(&self) -> bool {
        matches!(self.style, JsonStyle::Lines) && self.columns.is_none() && !self.raw_strings
    }

    /// Whether records can be written from their text as elements of the pretty array (no
    /// `--columns`): see [`JsonWriter::pretty_text`].
    pub(crate) fn takes_pretty_text(&self) -> bool {
        matches!(self.style, JsonStyle::Array { .. }) && self.columns.is_none()
    }

    /// Writes a record of a list as an element of the pretty array straight from its text, the
    /// same bytes as from its value (see [`Transcoded`]) without building the value: a large export
    /// as JSON spent most of its time making a tree of each record only to write it out again.
    /// `Ok(false)`, with nothing written, for a record nested deeper than [`MAX_DEPTH`]: the caller
    /// reads it as every reader does, and refuses it.
    pub(crate) fn pretty_text(
        &mut self,
        out: &mut dyn Write,
        record: &RawRecord,
    ) -> io::Result<bool> {
        let JsonStyle::Array {
            started,
            buffer,
            keys,
        } = &mut self.style
        else {
            return Ok(false);
        };
        buffer.clear();
        buffer.extend_from_slice(if *started { b",\n" } else { b"[\n" });
        let separator = buffer.len();
        match reindent::pretty_element_with(record.get(), buffer, keys) {
            Ok(()) => {}
            Err(NotTaken::Refused) => return Ok(false),
            Err(NotTaken::Elsewhere) => {
                // Keys to merge or to unescape: the serializer's way, shifted right after.
                let mut pretty = Vec::new();
                let transcoded = Transcoded {
                    text: record.get(),
                    depth: 1,
                };
                if serde_json::to_writer_pretty(&mut pretty, &transcoded).is_err() {
                    return Ok(false);
                }
                buffer.truncate(separator);
                indent(buffer, &pretty)?;
            }
        }
        // One write per record, separator included: the sink is behind a `dyn Write`.
        out.write_all(buffer)?;
        *started = true;
        Ok(true)
    }

    /// Copies a record's text out as one line (see [`JsonWriter::takes_text`] and
    /// [`crate::record::one_line`]).
    pub(crate) fn text(&mut self, out: &mut dyn Write, record: &RawRecord) -> io::Result<()> {
        out.write_all(crate::record::one_line(record).as_bytes())?;
        out.write_all(b"\n")
    }

    pub(crate) fn finish(self, out: &mut dyn Write) -> io::Result<()> {
        match self.style {
            JsonStyle::Array { started: true, .. } => out.write_all(b"\n]\n"),
            JsonStyle::Array { started: false, .. } => out.write_all(b"[]\n"),
            JsonStyle::Pretty | JsonStyle::Lines => Ok(()),
        }
    }
}

/// Pretty JSON shifted two spaces right, as an element of a pretty array. Strings never contain a
/// raw newline in JSON, so every newline in the text is a line break of the layout.
fn write_indented(
    out: &mut dyn Write,
    record: &impl Serialize,
    buffer: &mut Vec<u8>,
) -> io::Result<()> {
    buffer.clear();
    serde_json::to_writer_pretty(&mut *buffer, record)?;
    indent(out, buffer)
}

/// Pretty JSON text written two spaces right.
fn indent(out: &mut dyn Write, buffer: &[u8]) -> io::Result<()> {
    for (index, line) in buffer.split(|&b| b == b'\n').enumerate() {
        out.write_all(if index == 0 { b"  " } else { b"\n  " })?;
        out.write_all(line)?;
    }
    Ok(())
}

/// The chosen columns, in the chosen order, as one flat object; a missing field is null.
fn project(record: &Value, columns: &[String]) -> Value {
    let fields: Map<String, Value> = columns
        .iter()
        .map(|column| {
            let value = lookup(record, column).cloned().unwrap_or(Value::Null);
            (column.clone(), value)
        })
        .collect();
    Value::Object(fields)
}

/// A record's JSON text written through a serializer: objects and arrays level by level, strings,
/// booleans, nulls and numbers within `f64` as their values (the same bytes as writing the parsed
/// record), and numbers beyond `f64` as their source text. Only records that hold such numbers take
/// this way, after [`crate::record::value_of`] has read them (so their depth is bounded).
struct Exact<'a>(&'a RawValue);

impl Serialize for Exact<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let text = self.0.get();
        match text.as_bytes().first() {
            Some(b'{') => {
                let fields = fields_of(self.0).map_err(S::Error::custom)?;
                let mut map = serializer.serialize_map(Some(fields.len()))?;
                for (key, value) in fields {
                    map.serialize_entry(&key, &Exact(value))?;
                }
                map.end()
            }
            Some(b'[') => {
                let items: Vec<&RawValue> = serde_json::from_str(text).map_err(S::Error::custom)?;
                let mut seq = serializer.serialize_seq(Some(items.len()))?;
                for item in items {
                    seq.serialize_element(&Exact(item))?;
                }
                seq.end()
            }
            Some(b'-' | b'0'..=b'9') if crate::record::beyond_f64(text) => {
                self.0.serialize(serializer)
            }
            _ => serde_json::from_str::<Value>(text)
                .map_err(S::Error::custom)?
                .serialize(serializer),
        }
    }
}

/// `--columns` over a record's text: each chosen column's value by [`Exact`], null when missing.
/// A value written from its JSON text (valid: a `RawValue`), giving the bytes its value would
/// (the value [`crate::record::value_of`] reads, written as [`Exact`] writes it): strings without
/// an escape are written from the text as they stand, escapes are read first, every number is
/// read by the same reader the value's would be and written back the same way (a number beyond
/// `f64` as it came), and a key met twice in one object keeps its first place with its last value,
/// as a value's map keeps it. Fails past [`MAX_DEPTH`] levels.
struct Transcoded<'a> {
    text: &'a str,
    depth: usize,
}

impl Serialize for Transcoded<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        use super::raw_leaves::{skip_space, string_at};
        let text = self.text;
        let bytes = text.as_bytes();
        let unreadable = || S::Error::custom("unreadable JSON text");
        let nested = |text| Transcoded {
            text,
            depth: self.depth + 1,
        };
        match bytes.first() {
            Some(b'{' | b'[') if self.depth > MAX_DEPTH => Err(S::Error::custom("nested too deep")),
            Some(b'{') => {
                // The members: each key's text, and its value's.
                let mut members: Vec<(Cow<str>, &str)> = Vec::new();
                let mut at = skip_space(bytes, 1);
                while bytes.get(at) == Some(&b'"') {
                    let key_end = crate::record::string_end(bytes, at);
                    let key = string_at(&text[at..key_end]).ok_or_else(unreadable)?;
                    at = skip_space(bytes, key_end);
                    if bytes.get(at) != Some(&b':') {
                        return Err(unreadable());
                    }
                    let start = skip_space(bytes, at + 1);
                    let end = value_end(bytes, start);
                    members.push((key, text.get(start..end).ok_or_else(unreadable)?));
                    at = skip_space(bytes, end);
                    if bytes.get(at) == Some(&b',') {
                        at = skip_space(bytes, at + 1);
                    }
                }
                let mut keys: Vec<&str> = members.iter().map(|(k, _)| k.as_ref()).collect();
                keys.sort_unstable();
                if keys.windows(2).any(|w| w[0] == w[1]) {
                    members = last_values_first_places(members);
                }
                let mut map = serializer.serialize_map(Some(members.len()))?;
                for (key, value) in &members {
                    map.serialize_entry(key.as_ref(), &nested(value))?;
                }
                map.end()
            }
            Some(b'[') => {
                let mut seq = serializer.serialize_seq(None)?;
                let mut at = skip_space(bytes, 1);
                while at < bytes.len() && bytes[at] != b']' {
                    let end = value_end(bytes, at);
                    seq.serialize_element(&nested(text.get(at..end).ok_or_else(unreadable)?))?;
                    at = skip_space(bytes, end);
                    if bytes.get(at) == Some(&b',') {
                        at = skip_space(bytes, at + 1);
                    }
                }
                seq.end()
            }
            Some(b'"') => serializer.serialize_str(&string_at(text).ok_or_else(unreadable)?),
            Some(b't') => serializer.serialize_bool(true),
            Some(b'f') => serializer.serialize_bool(false),
            Some(b'n') => serializer.serialize_unit(),
            Some(b'-' | b'0'..=b'9') if crate::record::beyond_f64(text) => {
                serde_json::from_str::<&RawValue>(text)
                    .map_err(S::Error::custom)?
                    .serialize(serializer)
            }
            _ => serde_json::from_str::<serde_json::Number>(text)
                .map_err(S::Error::custom)?
                .serialize(serializer),
        }
    }
}

/// The index just past the value that starts at `start` (valid JSON text).
fn value_end(bytes: &[u8], start: usize) -> usize {
    match bytes.get(start) {
        Some(b'{' | b'[') => crate::record::container_end(bytes, start).0,
        Some(b'"') => crate::record::string_end(bytes, start),
        Some(b't' | b'n') => start + 4,
        Some(b'f') => start + 5,
        _ => crate::record::number_end(bytes, start),
    }
}

/// An object's members with each key once: at its first place, with its last value.
fn last_values_first_places<'a>(
    members: Vec<(Cow<'a, str>, &'a str)>,
) -> Vec<(Cow<'a, str>, &'a str)> {
    let mut kept: Vec<(Cow<str>, &str)> = Vec::with_capacity(members.len());
    let mut places: HashMap<Cow<str>, usize> = HashMap::new();
    for (key, value) in members {
        match places.get(&key) {
            Some(&place) => kept[place].1 = value,
            None => {
                places.insert(key.clone(), kept.len());
                kept.push((key, value));
            }
        }
    }
    kept
}

struct ExactProjection<'a>(&'a RawValue, &'a [String]);

impl Serialize for ExactProjection<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(Some(self.1.len()))?;
        for column in self.1 {
            match raw_lookup(self.0, column).map_err(S::Error::custom)? {
                Some(value) => map.serialize_entry(column, &Exact(value))?,
                None => map.serialize_entry(column, &Value::Null)?,
            }
        }
        map.end()
    }
}

/// [`lookup`] over a record's text.
fn raw_lookup<'a>(record: &'a RawValue, column: &str) -> serde_json::Result<Option<&'a RawValue>> {
    if !record.get().starts_with('{') {
        return Ok((column == super::flatten::SCALAR_COLUMN).then_some(record));
    }
    let mut at = record;
    for key in path_of(column) {
        if !at.get().starts_with('{') {
            return Ok(None);
        }
        match fields_of(at)?.into_iter().find(|(k, _)| *k == key) {
            Some((_, value)) => at = value,
            None => return Ok(None),
        }
    }
    Ok(Some(at))
}

/// An object's fields as their texts, in order; a key given twice keeps its first place and its
/// last value, as a parsed record does.
fn fields_of(object: &RawValue) -> serde_json::Result<Vec<(String, &RawValue)>> {
    struct Fields;
    impl<'de> Visitor<'de> for Fields {
        type Value = Vec<(String, &'de RawValue)>;
        fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
            f.write_str("an object")
        }
        fn visit_map<M: MapAccess<'de>>(self, mut map: M) -> Result<Self::Value, M::Error> {
            let mut fields: Vec<(String, &'de RawValue)> = Vec::new();
            let mut places = HashMap::new();
            while let Some((key, value)) = map.next_entry::<String, &'de RawValue>()? {
                match places.get(&key) {
                    Some(&place) => fields[place] = (key, value),
                    None => {
                        places.insert(key.clone(), fields.len());
                        fields.push((key, value));
                    }
                }
            }
            Ok(fields)
        }
    }
    serde_json::Deserializer::from_str(object.get()).deserialize_map(Fields)
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn run(mut writer: JsonWriter, records: &[Value]) -> String {
        let mut out = Vec::new();
        for record in records {
            writer.record(&mut out, record).unwrap();
        }
        writer.finish(&mut out).unwrap();
        String::from_utf8(out).unwrap()
    }

    fn sample() -> Vec<Value> {
        vec![
            json!({"id": 1, "nome": "José \"Zé\"\nda Silva", "tags": ["a", "b"], "end": {"cidade": "São Paulo", "cep": null}}),
            json!({"id": 2, "extra": true}),
            json!("bare"),
        ]
    }

    #[test]
    fn an_array_is_streamed_exactly_like_a_pretty_array() {
        let text = run(JsonWriter::array(None), &sample());
        let expected = serde_json::to_string_pretty(&Value::Array(sample())).unwrap() + "\n";
        assert_eq!(text, expected);
        assert_eq!(
            serde_json::from_str::<Value>(&text).unwrap(),
            Value::Array(sample())
        );
    }

    #[test]
    fn an_empty_array_is_valid_json() {
        let text = run(JsonWriter::array(None), &[]);
        assert_eq!(text, "[]\n");
        assert_eq!(serde_json::from_str::<Value>(&text).unwrap(), json!([]));
    }

    #[test]
    fn a_single_answer_is_one_pretty_object() {
        let text = run(
            JsonWriter::new(JsonStyle::Pretty, None),
            &[json!({"id": 1, "a": {"b": [1, 2]}})],
        );
        assert_eq!(
            text,
            "{\n  \"id\": 1,\n  \"a\": {\n    \"b\": [\n      1,\n      2\n    ]\n  }\n}\n"
        );
    }

    #[test]
    fn ndjson_is_one_compact_record_per_line() {
        let text = run(JsonWriter::new(JsonStyle::Lines, None), &sample());
        assert_eq!(
            text,
            "{\"id\":1,\"nome\":\"José \\\"Zé\\\"\\nda Silva\",\"tags\":[\"a\",\"b\"],\"end\":{\"cidade\":\"São Paulo\",\"cep\":null}}\n\
             {\"id\":2,\"extra\":true}\n\
             \"bare\"\n"
        );
    }

    #[test]
    fn columns_project_top_level_and_dotted_keys_in_order() {
        let columns = vec![
            "end.cidade".to_owned(),
            "id".to_owned(),
            "tags".to_owned(),
            "value".to_owned(),
        ];
        let text = run(
            JsonWriter::new(JsonStyle::Lines, Some(columns.clone())),
            &sample(),
        );
        assert_eq!(
            text,
            "{\"end.cidade\":\"São Paulo\",\"id\":1,\"tags\":[\"a\",\"b\"],\"value\":null}\n\
             {\"end.cidade\":null,\"id\":2,\"tags\":null,\"value\":null}\n\
             {\"end.cidade\":null,\"id\":null,\"tags\":null,\"value\":\"bare\"}\n"
        );
        let array = run(JsonWriter::array(Some(columns)), &sample());
        let parsed: Value = serde_json::from_str(&array).unwrap();
        assert_eq!(
            parsed[0],
            json!({"end.cidade": "São Paulo", "id": 1, "tags": ["a", "b"], "value": null})
        );
        assert_eq!(parsed.as_array().unwrap().len(), 3);
    }

    #[test]
    fn an_array_written_from_the_records_text_is_the_array_written_from_their_values() {
        let texts = [
            r#"{"id": 1, "nome": "José \"Zé\"\nda Silva", "tags": ["a", "b"], "end": {"cidade": "São Paulo", "cep": null}}"#,
            r#"{ "valor" : 3120.0 , "v2": 3120.50, "e": 1e5, "neg": -0, "z": -0.0, "small": 1E-7, "i": -12 }"#,
            r#"{"big": 12345678901234567890123, "inf": 1e400, "ok": 18446744073709551615, "neg": -9223372036854775809}"#,
            r#"{"u": "\u00e9\/\u0001", "k\u00e9y": [], "o": {}, "deep": [[1, [2, {"a": [true, false, null]}]]]}"#,
            r#"{"a": 1, "b": 2, "a": {"x": 3}, "c": [ ]}"#,
            r#""bare""#,
            "[1, \"two\", 3.25]",
            "17",
            "{\n  \"id\" : 5,\n  \"nome\" : \"a b\"\n}",
        ];
        let mut from_values = JsonWriter::array(None);
        let mut from_text = JsonWriter::array(None);
        let (mut expected, mut got) = (Vec::new(), Vec::new());
        for text in texts {
            let raw: crate::record::Record = serde_json::from_str(text).unwrap();
            let value = crate::record::value_of(&raw).unwrap();
            from_values
                .record_with_text(&mut expected, &value, &raw)
                .unwrap();
            assert!(from_text.takes_pretty_text());
            assert!(from_text.pretty_text(&mut got, &raw).unwrap(), "{text}");
        }
        from_values.finish(&mut expected).unwrap();
        from_text.finish(&mut got).unwrap();
        assert_eq!(
            String::from_utf8(got).unwrap(),
            String::from_utf8(expected).unwrap()
        );
    }

    /// A record's text drawn from `seed`: nested objects and arrays, keys met twice or escaped,
    /// strings with every kind of escape, numbers in every form, and spaces between tokens.
    fn drawn_record(seed: &mut u64, depth: usize) -> String {
        fn draw(seed: &mut u64, n: u64) -> u64 {
            *seed ^= *seed << 13;
            *seed ^= *seed >> 7;
            *seed ^= *seed << 17;
            *seed % n
        }
        const KEYS: &[&str] = &[
            "id",
            "valor",
            "nome",
            "tags",
            "k\\u00e9y",
            "a\\\"b",
            "sessoes",
            "obs",
            "x",
        ];
        const STRINGS: &[&str] = &[
            "",
            "plain",
            "São Paulo — Márcia",
            "say \\\"hi\\\"",
            "line\\nbreak\\ttab\\r",
            "back\\\\slash",
            "\\/slash",
            "\\u00e9\\u0001\\u001f",
            "\\ud83d\\ude00",
            "\\b\\f",
            "=SOMA(A1)",
            "\\u007f\\u2028",
            "a/b",
        ];
        const NUMBERS: &[&str] = &[
            "0",
            "-0",
            "-0.0",
            "12",
            "-12",
            "3120.0",
            "5044.74",
            "1.50",
            "1e3",
            "1E-7",
            "-2.5e-7",
            "0.000001",
            "100.0",
            "12345678901234567890123",
            "1e400",
            "-9223372036854775809",
            "18446744073709551615",
            "123456789012345678",
            "0.1",
            "1234567890123456.0",
        ];
        let space = |n: u64| [" ", "", "\n  ", "\t"][n as usize % 4];
        match draw(seed, if depth >= 3 { 4 } else { 6 }) {
            0 => format!("\"{}\"", STRINGS[draw(seed, STRINGS.len() as u64) as usize]),
            1 => NUMBERS[draw(seed, NUMBERS.len() as u64) as usize].to_owned(),
            2 => ["true", "false", "null"][draw(seed, 3) as usize].to_owned(),
            3 if depth > 0 => NUMBERS[draw(seed, NUMBERS.len() as u64) as usize].to_owned(),
            4 | 3 => {
                let n = draw(seed, 5);
                let items: Vec<String> = (0..n)
                    .map(|_| {
                        let s = space(draw(seed, 4));
                        format!("{s}{}{s}", drawn_record(seed, depth + 1))
                    })
                    .collect();
                format!("[{}{}]", items.join(","), space(draw(seed, 4)))
            }
            _ => {
                let n = draw(seed, 6);
                let members: Vec<String> = (0..n)
                    .map(|_| {
                        let key = KEYS[draw(seed, KEYS.len() as u64) as usize];
                        let s = space(draw(seed, 4));
                        format!("{s}\"{key}\"{s}:{s}{}", drawn_record(seed, depth + 1))
                    })
                    .collect();
                format!("{{{}{}}}", members.join(","), space(draw(seed, 4)))
            }
        }
    }

    #[test]
    fn drawn_records_laid_out_from_their_text_are_the_serializers_bytes() {
        let mut seed = 0x9E37_79B9_7F4A_7C15u64;
        let mut from_values = JsonWriter::array(None);
        let mut from_text = JsonWriter::array(None);
        let (mut expected, mut got) = (Vec::new(), Vec::new());
        let mut taken = 0;
        for _ in 0..3000 {
            let text = drawn_record(&mut seed, 0);
            let raw: crate::record::Record = serde_json::from_str(&text).expect(&text);
            let value = crate::record::value_of(&raw).unwrap();
            from_values
                .record_with_text(&mut expected, &value, &raw)
                .unwrap();
            assert!(from_text.pretty_text(&mut got, &raw).unwrap(), "{text}");
            let mut laid = Vec::new();
            taken += usize::from(reindent::pretty_element(&text, &mut laid).is_ok());
            assert_eq!(
                String::from_utf8_lossy(&got),
                String::from_utf8_lossy(&expected),
                "{text}"
            );
        }
        // Most records take the direct way; the rest (escaped or repeated keys) the serializer's.
        assert!(taken > 300, "{taken}");
        from_values.finish(&mut expected).unwrap();
        from_text.finish(&mut got).unwrap();
        assert_eq!(got, expected);
    }

    #[test]
    fn a_record_nested_too_deep_is_left_to_the_reader_that_refuses_it() {
        let text = "[".repeat(MAX_DEPTH + 2) + &"]".repeat(MAX_DEPTH + 2);
        let raw = RawRecord::from_string(text).unwrap();
        let mut writer = JsonWriter::array(None);
        let mut out = Vec::new();
        assert!(!writer.pretty_text(&mut out, &raw).unwrap());
        assert!(out.is_empty());
        assert!(crate::record::value_of(&raw).is_err());
        let fits = "[".repeat(MAX_DEPTH) + &"]".repeat(MAX_DEPTH);
        let raw = RawRecord::from_string(fits).unwrap();
        assert!(writer.pretty_text(&mut out, &raw).unwrap());
        assert!(
            JsonWriter::new(JsonStyle::Lines, None)
                .pretty_text(&mut out, &raw)
                .is_ok_and(|w| !w)
        );
    }
}
