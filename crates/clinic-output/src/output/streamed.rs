//! CSV and TSV whose columns are discovered from the records, streamed. The header is written from
//! the columns of the first records (up to a bound held in memory), then every row goes straight
//! out. No field is ever dropped: a later record that brings a new column
//! - into a file (`-o`): gets its column, and at the end the file is rewritten once with the full
//!   header and the earlier rows padded with empty cells — the same bytes as if every column had been
//!   known from the start;
//! - on stdout, where the header is already gone: stops the output with an error that names the
//!   columns and the fix (`--columns`, or `-o`).

use std::io::{self, BufRead, BufReader, Read, Write};

use serde_json::Value;

use super::collect::row_of;
use super::columns::Columns;
use super::delimited::{Delimited, Dialect};
use super::raw_leaves::{Found, LeafReader, LeafSink, Text};
use super::spill::Row;
use super::tabular::RowSink;
use crate::error::NewColumns;
use crate::record::{RawRecord, value_of};

pub(crate) struct Streamed {
    rows: Delimited,
    dialect: Dialect,
    excel: bool,
    columns: Columns,
    /// The first records' rows, until the header is written.
    pending: Option<Vec<Row>>,
    memory_rows: usize,
    /// Columns in the header as written.
    header_width: usize,
    /// A file can be rewritten; stdout cannot.
    rewritable: bool,
    records: u64,
    /// `--jq` results: when every record is a bare value (a string, number…), each is one line and
    /// there is no header, as `gh --jq` prints them; a `value` header would be read as data.
    bare_scalars: bool,
    /// A record that is an object or an array came: the output has a header.
    structured: bool,
    /// The rows went out without a header (every record so far a bare value).
    headerless: bool,
    /// Reads records given as JSON text, remembering the keys of the previous one.
    reader: LeafReader,
    /// The cells of the record being read, by column (kept between records).
    spans: Vec<Span>,
    /// The cell texts the reader made for it (unescaped strings…), which `spans` point into.
    made: String,
}

/// Where a cell's text is: in the record's text, in [`Streamed::made`], or a fixed text.
#[derive(Clone, Copy, Debug)]
enum Span {
    Record {
        start: usize,
        end: usize,
        quoteless: bool,
    },
    Made {
        start: usize,
        end: usize,
    },
    Fixed(&'static str),
}

impl Span {
    const EMPTY: Span = Span::Fixed("");

    /// The text and whether it is quoteless (see `raw_leaves::Found::quoteless`).
    #[inline]
    fn text<'a>(self, record: &'a str, made: &'a str) -> (&'a str, bool) {
        match self {
            Span::Record {
                start,
                end,
                quoteless,
            } => (&record[start..end], quoteless),
            Span::Made { start, end } => (&made[start..end], false),
            Span::Fixed(text) => (text, true),
        }
    }
}

/// Files each leaf of a record in its column's cell.
struct Place<'a> {
    columns: &'a mut Columns,
    spans: &'a mut Vec<Span>,
    made: &'a mut String,
}

impl<'r> LeafSink<'r> for Place<'_> {
    #[inline]
    fn leaf(&mut self, found: Found<'r, '_>) -> usize {
        let column = match found.known {
            Some(column) => column,
            None => self.columns.position(found.name.as_str()),
        };
        let span = match found.cell {
            Text::Record(text, start) => Span::Record {
                start,
                end: start + text.len(),
                quoteless: found.quoteless,
            },
            Text::Fixed(text) => Span::Fixed(text),
            Text::Made(text) => {
                let start = self.made.len();
                self.made.push_str(text);
                Span::Made {
                    start,
                    end: self.made.len(),
                }
            }
        };
        if column >= self.spans.len() {
            self.spans.resize(column + 1, Span::EMPTY);
        }
        self.spans[column] = span;
        column
    }
}

/// The rewrite a grown file needs at the end: its full header.
pub(crate) struct Widen {
    dialect: Dialect,
    excel: bool,
    names: Vec<String>,
}

impl Streamed {
    pub(crate) fn new(dialect: Dialect, excel: bool, memory_rows: usize, rewritable: bool) -> Self {
        Self {
            rows: Delimited::new(dialect, excel),
            dialect,
            excel,
            columns: Columns::default(),
            pending: Some(Vec::new()),
            memory_rows,
            header_width: 0,
            rewritable,
            records: 0,
            bare_scalars: false,
            structured: false,
            headerless: false,
            reader: LeafReader::remembering(),
            spans: Vec::new(),
            made: String::new(),
        }
    }

    /// Records that are bare values print one per line without a header (see `bare_scalars`).
    pub(crate) fn bare_scalars(mut self, bare: bool) -> Self {
        self.bare_scalars = bare;
        self
    }

    pub(crate) fn record(&mut self, out: &mut dyn Write, record: &Value) -> io::Result<()> {
        if record.is_object() || record.is_array() {
            if self.headerless {
                // Lines already went out as bare values: a header can no longer be put above them.
                return Err(io::Error::other(NewColumns {
                    record: self.records + 1,
                    known: self.memory_rows,
                    columns: Vec::new(),
                }));
            }
            self.structured = true;
        }
        let row: Row = row_of(&mut self.columns, record);
        self.take(out, row)
    }

    /// A record given as JSON text: its cells are read from the text (see [`LeafReader`]) into
    /// buffers kept between records, and written from there.
    pub(crate) fn record_raw(&mut self, out: &mut dyn Write, record: &RawRecord) -> io::Result<()> {
        self.structured = true;
        self.spans.clear();
        self.made.clear();
        let mut place = Place {
            columns: &mut self.columns,
            spans: &mut self.spans,
            made: &mut self.made,
        };
        if !self
            .reader
            .walk(record, &mut place)
            .map_err(io::Error::other)?
        {
            let value = value_of(record).map_err(io::Error::other)?;
            return self.record(out, &value);
        }
        let text = record.get();
        if self.pending.is_some() {
            let row: Row = self
                .spans
                .iter()
                .map(|span| span.text(text, &self.made).0.to_owned())
                .collect();
            return self.take(out, row);
        }
        self.records += 1;
        let width = self.columns.len();
        self.within_header()?;
        let (spans, made) = (&self.spans, self.made.as_str());
        let cells = (0..width).map(|column| {
            spans
                .get(column)
                .map_or(("", true), |span| span.text(text, made))
        });
        self.rows.marked_cells(out, cells)
    }

    /// Refuses a row with columns the header, already on stdout, lacks.
    fn within_header(&self) -> io::Result<()> {
        if self.columns.len() > self.header_width && !self.rewritable {
            return Err(io::Error::other(NewColumns {
                record: self.records,
                known: self.memory_rows,
                columns: self.columns.names()[self.header_width..].to_vec(),
            }));
        }
        Ok(())
    }

    fn take<S: AsRef<str> + Into<String> + Default + Clone>(
        &mut self,
        out: &mut dyn Write,
        mut row: Vec<S>,
    ) -> io::Result<()> {
        self.records += 1;
        if let Some(pending) = &mut self.pending {
            pending.push(row.into_iter().map(Into::into).collect());
            // Records without a single field give no header yet: they wait for one that has.
            if pending.len() >= self.memory_rows && self.columns.len() > 0 {
                self.write_pending(out)?;
            }
            return Ok(());
        }
        self.within_header()?;
        row.resize(self.columns.len(), S::default());
        self.rows.cells(out, &row)
    }

    fn write_pending(&mut self, out: &mut dyn Write) -> io::Result<()> {
        let names = self.columns.names();
        self.header_width = names.len();
        self.headerless =
            self.bare_scalars && !self.structured && names == [super::flatten::SCALAR_COLUMN];
        if !self.headerless {
            self.rows.header(out, names)?;
        }
        for mut row in self.pending.take().unwrap_or_default() {
            row.resize(self.header_width, String::new());
            self.rows.row(out, row)?;
        }
        Ok(())
    }

    /// Writes what is still held; returns the rewrite a file needs when columns came after its
    /// header.
    pub(crate) fn finish(mut self, out: &mut dyn Write) -> io::Result<Option<Widen>> {
        if self.pending.is_some() {
            // Records without a single field give no columns, hence no output at all.
            if self.columns.len() > 0 {
                self.write_pending(out)?;
            }
            return Ok(None);
        }
        let grown = self.columns.len() > self.header_width;
        Ok(grown.then(|| Widen {
            dialect: self.dialect,
            excel: self.excel,
            names: self.columns.into_names(),
        }))
    }
}

impl Widen {
    /// Copies `old` (as streamed) into `new` under the full header, each earlier row padded with
    /// empty cells. Cells are written back through the same writer rules, so each row's bytes are
    /// those it would have had with every column known from the start.
    pub(crate) fn apply(&self, old: impl Read, new: &mut dyn Write) -> io::Result<()> {
        let mut old = BufReader::new(old);
        if self.excel {
            let mut bom = [0u8; 3];
            old.read_exact(&mut bom)?;
        }
        let mut rows = Delimited::new(self.dialect, self.excel);
        rows.header(new, &self.names)?;
        let width = self.names.len();
        match self.dialect {
            Dialect::Tsv => {
                // One line per row: cells are escaped, so a tab always separates two cells.
                let mut line = Vec::new();
                let mut header = true;
                while {
                    line.clear();
                    old.read_until(b'\n', &mut line)? > 0
                } {
                    if std::mem::take(&mut header) {
                        continue;
                    }
                    let text = line.strip_suffix(b"\n").unwrap_or(&line);
                    let cells = text.iter().filter(|&&b| b == b'\t').count() + 1;
                    new.write_all(text)?;
                    for _ in cells..width {
                        new.write_all(b"\t")?;
                    }
                    new.write_all(b"\n")?;
                }
            }
            Dialect::Csv => {
                let mut reader = csv::ReaderBuilder::new()
                    .delimiter(rows.delimiter())
                    .has_headers(true)
                    .flexible(true)
                    .from_reader(old);
                let mut record = csv::ByteRecord::new();
                while reader
                    .read_byte_record(&mut record)
                    .map_err(io::Error::other)?
                {
                    let padding = width.saturating_sub(record.len());
                    let cells = record.iter().chain(std::iter::repeat_n(&b""[..], padding));
                    rows.verbatim(new, cells)?;
                }
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::output::delimited::Dialect;
    use crate::output::tabular::Tabular;
    use serde_json::json;

    fn records() -> Vec<Value> {
        vec![
            json!({"id": 1, "nome": "José \"Zé\", da Silva", "endereco": null}),
            json!({"id": 2, "nome": "", "obs": "linha 1\nlinha 2\ttab\\"}),
            json!({"id": 3, "endereco": {"cidade": "São Paulo"}, "valor": 10.5, "f": "=1+1"}),
            json!({"nome": "-x", "extra": [1, 2]}),
            json!({}),
            json!({"id": 6}),
        ]
    }

    /// What the output was when every row waited for the last record.
    fn collected(dialect: Dialect, excel: bool, records: &[Value]) -> Vec<u8> {
        let mut out = Vec::new();
        let mut tabular = Tabular::discovered(1000, Box::new(Delimited::new(dialect, excel)));
        for r in records {
            tabular.record(&mut out, r).unwrap();
        }
        tabular.finish(&mut out).unwrap();
        out
    }

    fn streamed(dialect: Dialect, excel: bool, records: &[Value], memory_rows: usize) -> Vec<u8> {
        let mut out = Vec::new();
        let mut streamed = Streamed::new(dialect, excel, memory_rows, true);
        for r in records {
            streamed.record(&mut out, r).unwrap();
        }
        match streamed.finish(&mut out).unwrap() {
            None => out,
            Some(widen) => {
                let mut rewritten = Vec::new();
                widen.apply(&out[..], &mut rewritten).unwrap();
                rewritten
            }
        }
    }

    #[test]
    fn a_file_gets_the_same_bytes_whenever_its_columns_appear() {
        for dialect in [Dialect::Csv, Dialect::Tsv] {
            for excel in [false, true] {
                let expected = collected(dialect, excel, &records());
                for memory_rows in [1, 2, 3, 1000] {
                    assert_eq!(
                        String::from_utf8(streamed(dialect, excel, &records(), memory_rows))
                            .unwrap(),
                        String::from_utf8(expected.clone()).unwrap(),
                        "{dialect:?} excel {excel} memory {memory_rows}"
                    );
                }
            }
        }
    }

    /// [`streamed`] with each record given as its JSON text.
    fn streamed_raw(dialect: Dialect, excel: bool, texts: &[&str], memory_rows: usize) -> Vec<u8> {
        let mut out = Vec::new();
        let mut streamed = Streamed::new(dialect, excel, memory_rows, true);
        for text in texts {
            let raw: crate::record::Record = serde_json::from_str(text).unwrap();
            streamed.record_raw(&mut out, &raw).unwrap();
        }
        match streamed.finish(&mut out).unwrap() {
            None => out,
            Some(widen) => {
                let mut rewritten = Vec::new();
                widen.apply(&out[..], &mut rewritten).unwrap();
                rewritten
            }
        }
    }

    #[test]
    fn records_read_from_their_text_give_the_bytes_of_their_values() {
        // Keys in another order, missing or added, escapes, money, delimiters, empty objects and
        // arrays, a nested object that comes and goes, a key the full reader names.
        let texts = [
            r#"{"id":1,"nome":"José \"Zé\", da Silva","valor":3120.0,"tags":["a,b"],"e":{}}"#,
            r#"{"id":2,"nome":"Ana; Maria","valor":-12.5,"tags":[],"e":{}}"#,
            r#"{"nome":"=1+1","id":3,"valor":5044.74,"e":{},"tags":[1.50, 2]}"#,
            r#"{"id":4,"valor":1e3,"obs":"linha 1\nlinha 2\ttab\\ \/ \u00e9"}"#,
            r#"{"id":5,"end":{"cidade":"São Paulo","uf":"SP"},"nome":"-x"}"#,
            r#"{"id":6,"end":{"cidade":"Campinas"},"nome":"@y","ok":true,"n":null}"#,
            r#"{"id":7,"end":"sem","a.b":1}"#,
            r#"{}"#,
            r#"{"id":8,"nome":"","valor":0.0,"big":123456789012345678901}"#,
            r#"{"id":9,"nome":"x","valor":10582.1}"#,
            r#"{"id":10,"nome":"y","id":11}"#,
        ];
        let values: Vec<Value> = texts
            .iter()
            .map(|text| crate::record::parse(text).unwrap())
            .collect();
        for dialect in [Dialect::Csv, Dialect::Tsv] {
            for excel in [false, true] {
                let expected = collected(dialect, excel, &values);
                for memory_rows in [1, 2, 3, 1000] {
                    assert_eq!(
                        String::from_utf8(streamed_raw(dialect, excel, &texts, memory_rows))
                            .unwrap(),
                        String::from_utf8(expected.clone()).unwrap(),
                        "{dialect:?} excel {excel} memory {memory_rows}"
                    );
                }
            }
        }
    }

    #[test]
    fn a_lone_empty_cell_widens_like_any_other_row() {
        let records = [json!({"a": ""}), json!({"a": "x", "b": "y"})];
        for dialect in [Dialect::Csv, Dialect::Tsv] {
            assert_eq!(
                streamed(dialect, false, &records, 1),
                collected(dialect, false, &records),
                "{dialect:?}"
            );
        }
    }

    #[test]
    fn stdout_stops_at_a_new_column_and_names_it() {
        let mut out = Vec::new();
        let mut streamed = Streamed::new(Dialect::Csv, false, 1, false);
        streamed.record(&mut out, &json!({"id": 1})).unwrap();
        streamed.record(&mut out, &json!({"id": 2})).unwrap();
        let e = streamed
            .record(&mut out, &json!({"id": 3, "novo": 1, "outro": 2}))
            .unwrap_err();
        let new = e.get_ref().unwrap().downcast_ref::<NewColumns>().unwrap();
        assert_eq!(
            (new.record, new.columns.clone()),
            (3, vec!["novo".to_string(), "outro".to_string()])
        );
        assert_eq!(String::from_utf8(out).unwrap(), "id\n1\n2\n");
    }

    #[test]
    fn records_without_fields_give_nothing() {
        assert!(streamed(Dialect::Csv, false, &[json!({}), json!({})], 1).is_empty());
    }

    #[test]
    fn bare_values_go_one_per_line_and_an_object_after_them_is_an_error() {
        let mut out = Vec::new();
        let mut streamed = Streamed::new(Dialect::Csv, false, 1, true).bare_scalars(true);
        streamed.record(&mut out, &json!("a, b")).unwrap();
        streamed.record(&mut out, &json!(7)).unwrap();
        let e = streamed.record(&mut out, &json!({"id": 1})).unwrap_err();
        assert!(e.get_ref().unwrap().is::<NewColumns>(), "{e}");
        assert_eq!(String::from_utf8(out).unwrap(), "\"a, b\"\n7\n");

        // Without the flag (no `--jq`), a list of values keeps its `value` header.
        let mut out = Vec::new();
        let mut streamed = Streamed::new(Dialect::Csv, false, 1, true);
        streamed.record(&mut out, &json!(7)).unwrap();
        streamed.finish(&mut out).unwrap();
        assert_eq!(String::from_utf8(out).unwrap(), "value\n7\n");
    }
}
