//! One formatter bound to one sink: stdout, or a file replaced atomically.

use std::io::{self, Write};

use crate::record::RawRecord;
use serde_json::Value;

use super::delimited::{Delimited, Dialect};
use super::escaping;
use super::flatten;
use super::json::{JsonStyle, JsonWriter};
use super::parquet::ParquetWriter;
use super::sink::Sink;
use super::spec::{Finished, Format, OutputSpec, Shape};
use super::streamed::{self, Streamed};
use super::table::{self, TableBlocks};
use super::tabular::{RowSink, Tabular};
use super::xlsx::XlsxWriter;
use crate::error::{BadRecord, NewColumns, OutputError};

/// Stdout as the spec wants it: escaped for a terminal.
pub(crate) fn screen(spec: &OutputSpec, stdout: Box<dyn Write + Send>) -> Box<dyn Write + Send> {
    if spec.terminal {
        Box::new(escaping::Escaping::new(stdout))
    } else {
        stdout
    }
}

/// One formatter bound to its sink (stdout or one file).
///
/// What an empty list gives: `[]` for json, nothing for ndjson, a header only for csv/tsv with
/// `--columns` or `OutputSpec::empty_columns` (xlsx and Parquet get those columns too) and nothing
/// without, and **nothing at all for table** — the caller says
/// "no records" on stderr itself.
///
/// Dropping a `Single` without `finish` leaves no file under the `-o` name (the temporary file is
/// removed and a pre-existing file is untouched); bytes already sent to stdout stay sent.
pub(crate) struct Single {
    sink: Sink,
    writer: Writer,
    shape: Shape,
    written: u64,
    /// What the file is written as when no record comes: the same format with `empty_columns`
    /// chosen, so that it still has a header or a schema.
    if_empty: Option<Box<OutputSpec>>,
}

enum Writer {
    Json(JsonWriter),
    Tabular(Tabular),
    Streamed(Box<Streamed>),
    Xlsx(Box<XlsxWriter>),
    Parquet(Box<ParquetWriter>),
    Vertical {
        width: Option<u16>,
        columns: Option<Vec<String>>,
    },
}

impl Single {
    /// Opens the sink: `stdout` unless `spec.path` is set, in which case a temporary file is
    /// created beside it now (so an unwritable directory fails before any request is made).
    /// Writers that wait for every record keep `memory_rows` of them in memory.
    pub(crate) fn open(
        spec: &OutputSpec,
        shape: Shape,
        stdout: Box<dyn Write + Send>,
        preferred: Option<&[&str]>,
        memory_rows: usize,
    ) -> Result<Single, OutputError> {
        let mut sink = Sink::open(spec.path.as_deref(), screen(spec, stdout))?;
        let preferred = preferred.filter(|_| {
            spec.format == Format::Table
                && shape == Shape::List
                && spec.width.is_some()
                && spec.path.is_none()
                && spec.columns.as_ref().is_none_or(|c| c.is_empty())
        });
        let rewritable = sink.rewritable();
        let writer = Writer::for_spec(
            spec,
            shape,
            preferred,
            rewritable,
            memory_rows,
            sink.writer(),
        )
        .map_err(|e| sink.error(e))?;
        let if_empty = (shape == Shape::List
            && !spec.empty_columns.is_empty()
            && spec.columns.as_ref().is_none_or(|c| c.is_empty())
            && matches!(
                spec.format,
                Format::Csv | Format::Tsv | Format::Xlsx | Format::Parquet
            ))
        .then(|| {
            Box::new(OutputSpec {
                columns: Some(spec.empty_columns.clone()),
                ..spec.clone()
            })
        });
        Ok(Single {
            sink,
            writer,
            shape,
            written: 0,
            if_empty,
        })
    }

    pub(crate) fn write(&mut self, record: &Value) -> Result<(), OutputError> {
        self.write_with_text(record, None)
    }

    /// [`Single::write`] of a record whose text is at hand too, for the writers that use it.
    fn write_with_text(
        &mut self,
        record: &Value,
        text: Option<&RawRecord>,
    ) -> Result<(), OutputError> {
        if self.shape == Shape::Single && self.written == 1 {
            return Err(OutputError::SecondRecord);
        }
        self.writer
            .record(self.sink.writer(), record, text)
            .map_err(|e| self.failure(e))?;
        self.written += 1;
        Ok(())
    }

    /// A writer's failure: its own (a column the header lacks, a record it cannot read), or the
    /// sink's.
    fn failure(&self, e: io::Error) -> OutputError {
        let e = match e.downcast::<NewColumns>() {
            Ok(new) => return OutputError::NewColumns(new),
            Err(e) => e,
        };
        match e.downcast::<BadRecord>() {
            Ok(bad) => OutputError::Record(bad),
            Err(e) => self.sink.error(e),
        }
    }

    /// Writes a record given as JSON text. NDJSON without `--columns` copies the text as it is (a
    /// record spread over several lines is re-encoded on one); every other format reads it first.
    /// Sends what is buffered on to the sink's destination.
    pub(crate) fn flush(&mut self) -> io::Result<()> {
        self.sink.writer().flush()
    }

    pub(crate) fn write_raw(&mut self, record: &RawRecord) -> Result<(), OutputError> {
        if self.shape == Shape::List
            && let Writer::Json(json) = &mut self.writer
            && json.takes_text()
        {
            json.text(self.sink.writer(), record)
                .map_err(|e| self.sink.error(e))?;
            self.written += 1;
            return Ok(());
        }
        if self.shape == Shape::List
            && let Writer::Json(json) = &mut self.writer
            && json.takes_pretty_text()
            && json
                .pretty_text(self.sink.writer(), record)
                .map_err(|e| self.sink.error(e))?
        {
            self.written += 1;
            return Ok(());
        }
        if self.shape == Shape::List {
            let written = match &mut self.writer {
                Writer::Streamed(streamed) => Some(streamed.record_raw(self.sink.writer(), record)),
                Writer::Parquet(parquet) => Some(parquet.record_raw(record)),
                _ => None,
            };
            if let Some(written) = written {
                written.map_err(|e| self.failure(e))?;
                self.written += 1;
                return Ok(());
            }
        }
        let value = crate::record::value_of(record)?;
        self.write_with_text(&value, Some(record))
    }

    /// Writes what only the end can write (closing `]`, discovered columns, last table block),
    /// flushes, and for `-o` renames the temporary file onto the final name.
    /// Returns how many records were written.
    pub(crate) fn finish(self) -> Result<u64, OutputError> {
        self.finish_counted().map(|f| f.written)
    }

    /// [`Output::finish`], also telling how many columns a narrowed table left out.
    pub(crate) fn finish_counted(mut self) -> Result<Finished, OutputError> {
        if self.written == 0
            && let Some(spec) = self.if_empty.take()
        {
            // Nothing was written yet: the writer that waited for records to learn its columns is
            // replaced by one that has them.
            self.writer = Writer::for_spec(&spec, self.shape, None, false, 0, self.sink.writer())
                .map_err(|e| self.sink.error(e))?;
        }
        let (hidden_columns, widen) = self
            .writer
            .finish(self.sink.writer())
            .map_err(|e| self.sink.error(e))?;
        if let Some(widen) = widen {
            self.sink.rewrite(|old, new| widen.apply(old, new))?;
        }
        self.sink.finish()?;
        Ok(Finished {
            written: self.written,
            hidden_columns,
            ..Finished::default()
        })
    }
}

impl Writer {
    fn for_spec(
        spec: &OutputSpec,
        shape: Shape,
        preferred: Option<&[&str]>,
        rewritable: bool,
        memory_rows: usize,
        out: &mut dyn Write,
    ) -> io::Result<Writer> {
        let columns = spec.columns.clone().filter(|c| !c.is_empty());
        let writer = match (spec.format, shape) {
            (Format::Json, Shape::List) => Writer::Json(JsonWriter::array(columns)),
            (Format::Json, Shape::Single) => {
                Writer::Json(JsonWriter::new(JsonStyle::Pretty, columns))
            }
            (Format::Ndjson, _) => Writer::Json(
                JsonWriter::new(JsonStyle::Lines, columns).raw_strings(spec.raw_strings),
            ),
            (Format::Csv | Format::Tsv, _) => {
                let dialect = if spec.format == Format::Csv {
                    Dialect::Csv
                } else {
                    Dialect::Tsv
                };
                let rows = Delimited::new(dialect, spec.excel);
                match columns {
                    Some(_) => Writer::tabular(Box::new(rows), columns, memory_rows, out)?,
                    None => Writer::Streamed(Box::new(
                        Streamed::new(dialect, spec.excel, memory_rows, rewritable)
                            .bare_scalars(spec.raw_strings),
                    )),
                }
            }
            (Format::Table, Shape::List) => {
                let mut rows = TableBlocks::new(spec.width, memory_rows);
                if let Some(preferred) = preferred {
                    rows.prefer(preferred);
                }
                Writer::tabular(Box::new(rows), columns, memory_rows, out)?
            }
            (Format::Table, Shape::Single) => Writer::Vertical {
                width: spec.width,
                columns,
            },
            (Format::Xlsx, _) => Writer::Xlsx(Box::new(match columns {
                Some(columns) => XlsxWriter::selected(columns)?,
                None => XlsxWriter::discovered(memory_rows)?,
            })),
            (Format::Parquet, _) => Writer::Parquet(Box::new(ParquetWriter::new(
                memory_rows,
                columns,
                spec.money_columns.clone(),
                spec.column_types.clone(),
            ))),
        };
        Ok(writer)
    }

    fn tabular(
        rows: Box<dyn RowSink>,
        columns: Option<Vec<String>>,
        memory_rows: usize,
        out: &mut dyn Write,
    ) -> io::Result<Writer> {
        let tabular = match columns {
            Some(columns) => Tabular::selected(columns, rows, out)?,
            None => Tabular::discovered(memory_rows, rows),
        };
        Ok(Writer::Tabular(tabular))
    }

    /// Writes one record; `text`, when given, is the JSON text it was read from.
    fn record(
        &mut self,
        out: &mut dyn Write,
        record: &Value,
        text: Option<&RawRecord>,
    ) -> io::Result<()> {
        match self {
            Writer::Json(json) => match text {
                Some(text) => json.record_with_text(out, record, text),
                None => json.record(out, record),
            },
            Writer::Tabular(tabular) => tabular.record(out, record),
            Writer::Streamed(streamed) => streamed.record(out, record),
            Writer::Xlsx(xlsx) => xlsx.record(record),
            Writer::Parquet(parquet) => parquet.record(record),
            Writer::Vertical { width, columns } => {
                table::render_vertical(out, *width, fields(record, columns.as_deref()))
            }
        }
    }

    /// Returns how many columns a narrowed table left out, and the rewrite a streamed file needs.
    fn finish(self, out: &mut (dyn Write + Send)) -> io::Result<(usize, Option<streamed::Widen>)> {
        match self {
            Writer::Json(json) => json.finish(out).map(|()| (0, None)),
            Writer::Tabular(tabular) => tabular.finish(out).map(|hidden| (hidden, None)),
            Writer::Streamed(streamed) => streamed.finish(out).map(|widen| (0, widen)),
            Writer::Xlsx(xlsx) => xlsx.finish(out).map(|()| (0, None)),
            Writer::Parquet(parquet) => parquet.finish(out).map(|()| (0, None)),
            Writer::Vertical { .. } => Ok((0, None)),
        }
    }
}

/// `(name, text)` of the selected columns, or of every flattened field.
fn fields(record: &Value, columns: Option<&[String]>) -> std::vec::IntoIter<(String, String)> {
    let fields: Vec<(String, String)> = match columns {
        Some(columns) => columns
            .iter()
            .map(|c| (c.clone(), flatten::selected_cell(record, c)))
            .collect(),
        None => flatten::flatten(record)
            .into_iter()
            .map(|(name, text)| (name, text.into_owned()))
            .collect(),
    };
    fields.into_iter()
}
