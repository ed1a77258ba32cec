//! JSON and NDJSON. Records keep their structure (no flattening); `--columns` projects them into
//! flat objects. A list becomes one JSON array written as records arrive, so a walk never has to
//! be held in memory to produce valid JSON.

use std::io::{self, Write};

use serde_json::value::RawValue;
use serde_json::{Map, Value};

use super::flatten::lookup;

pub(crate) enum JsonStyle {
    /// `[`, pretty records indented by two spaces and separated by commas, `]` at the end.
    Array { started: bool, buffer: Vec<u8> },
    /// One pretty object: the answer of a create or get.
    Pretty,
    /// One compact record per line.
    Lines,
}

pub(crate) struct JsonWriter {
    style: JsonStyle,
    columns: Option<Vec<String>>,
}

impl JsonWriter {
    pub(crate) fn new(style: JsonStyle, columns: Option<Vec<String>>) -> Self {
        Self { style, columns }
    }

    pub(crate) fn array(columns: Option<Vec<String>>) -> Self {
        let style = JsonStyle::Array {
            started: false,
            buffer: Vec::new(),
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
        match &mut self.style {
            JsonStyle::Array { started, buffer } => {
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
        matches!(self.style, JsonStyle::Lines) && self.columns.is_none()
    }

    /// Copies a record's text out as one line (see [`JsonWriter::takes_text`] and
    /// [`crate::record::one_line`]).
    pub(crate) fn text(&mut self, out: &mut dyn Write, record: &RawValue) -> io::Result<()> {
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
fn write_indented(out: &mut dyn Write, record: &Value, buffer: &mut Vec<u8>) -> io::Result<()> {
    buffer.clear();
    serde_json::to_writer_pretty(&mut *buffer, record)?;
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
}
