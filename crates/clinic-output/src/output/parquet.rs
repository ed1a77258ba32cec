//! Typed Parquet files, the columnar form data tools read directly (DuckDB, pandas, Power BI,
//! Spark, BigQuery). Each column gets the narrowest type that holds every one of its values
//! unchanged: whole numbers as Int64; money (the `money` fields, and the columns the profile names)
//! and numbers of at most two decimals as Decimal128(18,2), exact; `YYYY-MM-DD` and `DD/MM/YYYY`
//! as Date32; date-times as Timestamp in milliseconds without a zone (the service writes local
//! time); booleans; anything else as text, arrays and objects as their JSON. Every column is
//! nullable, and an empty text in a typed column is a null.
//!
//! The types are learnt from every record, not guessed from the first ones: a value that does not
//! fit its column widens it (whole number, then decimal, then text) and a new column is added, so
//! the file's schema always holds every value as it came; nothing is dropped or coerced. Records
//! wait on disk beyond a small bound (as for CSV) until the last one has been seen, then go out in
//! row groups of a fixed size, zstd-compressed: memory stays flat however many records pass.

use std::collections::HashMap;
use std::io::{self, Write};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, mpsc};

use arrow_array::builder::{
    BooleanBuilder, Date32Builder, Decimal128Builder, Int64Builder, StringBuilder,
    TimestampMillisecondBuilder,
};
use arrow_array::{ArrayRef, RecordBatch};
use arrow_schema::{DataType, Field, Schema, TimeUnit};
use parquet::arrow::ArrowWriter;
use parquet::basic::{Compression, ZstdLevel};
use parquet::file::properties::{EnabledStatistics, WriterProperties};
use rust_decimal::Decimal;
use serde_json::Value;

use super::columns::Columns;
use super::flatten::{Scalar, cell_text, leaves, lookup};
use super::numbers::{When, when};
use super::packed::{Cell, PackedRow, PackedRows, RowReader, cells};
use super::raw_leaves::{Found, LeafReader, LeafSink};
use crate::money::{self, is_money_column};
use crate::record::{RawRecord, value_of};

/// Rows converted at a time (one Arrow batch). Three batches live at once (being typed, waiting,
/// being encoded): at 4,096 rows of a financial export's width they were a fifth of the writer's
/// peak memory, and smaller ones cost the encoder no more.
const BATCH_ROWS: usize = 1_024;
/// Batches typed ahead of the encoder.
const BATCHES_IN_FLIGHT: usize = 1;
/// Rows per row group: what a reader skips or reads at once, and what the writer holds encoded.
const ROW_GROUP_ROWS: usize = 49_152;
/// A row group also ends at this estimated encoded size, so that wide records (long texts) hold
/// no more memory than the usual ones.
const ROW_GROUP_BYTES: usize = 32 << 20;
/// The most columns a Parquet file is written with: each costs about 5 KB of memory while the file
/// is encoded, so that this many stay near 100 MiB (`bench/parquet_wide.sh` measures it).
pub(crate) const MAX_COLUMNS: usize = 20_000;
/// A column's dictionary grows to this size at most in a row group; past it, the column's values
/// are written plain (still compressed). A column of few distinct values (a status, a clinic, a
/// seller) keeps its dictionary; one whose values are mostly distinct (a code, a name, a phone)
/// stops paying to look each value up and keep it twice, which parquet's default 1 MiB let such a
/// column do for tens of thousands of values.
const DICTIONARY_BYTES: usize = 128 << 10;
/// Past this many columns, the file is written to bound memory per column (see [`properties`]).
const WIDE_COLUMNS: usize = 1_000;
/// A wide file's row groups hold at most this many cells (rows times columns).
const WIDE_ROW_GROUP_CELLS: usize = 4_000_000;
/// Set in tests, this makes the encoder thread panic (debug builds only).
const ENCODER_PANIC_FOR_TESTS: &str = "CLINIC_ENCODER_PANIC_FOR_TESTS";
/// Decimal128(18,2): 16 digits before the point.
const PRECISION: u8 = 18;
const SCALE: u32 = 2;
const DECIMAL_LIMIT: i128 = 10i128.pow(PRECISION as u32);

/// A column's type, from the narrowest to text, which holds anything.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Kind {
    /// No value yet (only nulls and empty texts): text, if it stays so.
    #[serde(skip)]
    Empty,
    Bool,
    #[serde(alias = "int64", alias = "integer")]
    Int,
    /// Whole numbers too large for a decimal column: they stay Int64, and a decimal among them
    /// makes the column text.
    #[serde(skip)]
    WideInt,
    Decimal,
    Date,
    Timestamp,
    #[serde(alias = "string", alias = "utf8")]
    Text,
}

impl Kind {
    /// The type that holds values of both.
    pub fn widen(self, other: Kind) -> Kind {
        match (self, other) {
            (Kind::Empty, k) | (k, Kind::Empty) => k,
            (a, b) if a == b => a,
            (Kind::Int, Kind::Decimal) | (Kind::Decimal, Kind::Int) => Kind::Decimal,
            (Kind::Int, Kind::WideInt) | (Kind::WideInt, Kind::Int) => Kind::WideInt,
            _ => Kind::Text,
        }
    }

    fn data_type(self) -> DataType {
        match self {
            Kind::Bool => DataType::Boolean,
            Kind::Int | Kind::WideInt => DataType::Int64,
            Kind::Decimal => DataType::Decimal128(PRECISION, SCALE as i8),
            Kind::Date => DataType::Date32,
            Kind::Timestamp => DataType::Timestamp(TimeUnit::Millisecond, None),
            Kind::Empty | Kind::Text => DataType::Utf8,
        }
    }
}

/// The narrowest type of one cell, given as its JSON type and text; `money` says the column holds
/// amounts.
pub fn kind_of(scalar: Scalar, text: &str, money: bool) -> Kind {
    typed_of(scalar, text, money).0
}

/// The narrowest type of one cell ([`kind_of`]) with the value read on the way, as its column of
/// that type holds it: an integer, an amount's hundredths, a date's days since 1970, a time's
/// milliseconds; 0 for the other types. A cell is read once: its type and its value come from the
/// same reading.
fn typed_of(scalar: Scalar, text: &str, money: bool) -> (Kind, i64) {
    let decimal = |scalar, text| match decimal_of(scalar, text) {
        // Decimal128(18,2)'s integers are below 10^18: an i64 holds them.
        Some(units) => (Kind::Decimal, units as i64),
        None => (Kind::Text, 0),
    };
    match scalar {
        Scalar::Null => (Kind::Empty, 0),
        Scalar::Bool => (Kind::Bool, 0),
        Scalar::Number if !money => match text.parse::<i64>() {
            // An integer column may widen to decimal later: only integers a decimal holds are Int.
            Ok(n) if i128::from(n).abs() * 100 < DECIMAL_LIMIT => (Kind::Int, n),
            Ok(n) => (Kind::WideInt, n),
            Err(_) => decimal(scalar, text),
        },
        Scalar::Number => decimal(scalar, text),
        Scalar::String if text.is_empty() => (Kind::Empty, 0),
        Scalar::String => {
            if money && let (Kind::Decimal, units) = decimal(scalar, text) {
                return (Kind::Decimal, units);
            }
            // The column holds no zone, and its times are the deployment's wall times: a time
            // with its zone is that instant as a wall time of the profile's zone.
            match when(text) {
                Some(When::Date(day)) => (Kind::Date, i64::from(epoch_days(day))),
                Some(time) => {
                    let at = time.wall_in(&clinic_core::relative_date::zone());
                    (Kind::Timestamp, at.and_utc().timestamp_millis())
                }
                None => (Kind::Text, 0),
            }
        }
        Scalar::Compound => (Kind::Text, 0),
    }
}

/// A packed cell's tag: its JSON type and its own type ([`typed_of`]), which say how to read it
/// back into whichever column type its column ends with.
fn tag_of(scalar: Scalar, kind: Kind) -> u8 {
    let scalar = match scalar {
        Scalar::Null => 0,
        Scalar::Bool => 1,
        Scalar::Number => 2,
        Scalar::String => 3,
        Scalar::Compound => 4,
    };
    let kind = match kind {
        Kind::Empty => 0,
        Kind::Bool => 1,
        Kind::Int => 2,
        Kind::WideInt => 3,
        Kind::Decimal => 4,
        Kind::Date => 5,
        Kind::Timestamp => 6,
        Kind::Text => 7,
    };
    scalar | kind << 3
}

/// The cell's type back from its tag.
fn kind_of_tag(tag: u8) -> Kind {
    match tag >> 3 {
        0 => Kind::Empty,
        1 => Kind::Bool,
        2 => Kind::Int,
        3 => Kind::WideInt,
        4 => Kind::Decimal,
        5 => Kind::Date,
        6 => Kind::Timestamp,
        _ => Kind::Text,
    }
}

/// Whether the tag's JSON type is null.
fn is_null_tag(tag: u8) -> bool {
    tag & 0b111 == 0
}

/// The cell as Decimal128(18,2)'s integer, when it is an amount with at most two decimals that
/// fits: numbers by their exact text, texts by the money rules (`1.234,56`, `R$ 10,00`).
pub fn decimal_of(scalar: Scalar, text: &str) -> Option<i128> {
    let amount = match scalar {
        Scalar::Number => money::number_text(text),
        Scalar::String if !text.trim().is_empty() => money::parse(text, None),
        _ => None,
    };
    let amount: Decimal = amount?.normalize();
    if amount.scale() > SCALE {
        return None;
    }
    let mut scaled = amount;
    scaled.rescale(SCALE);
    let units = scaled.mantissa();
    (units.abs() < DECIMAL_LIMIT).then_some(units)
}

pub(crate) struct ParquetWriter {
    table: Table,
    rows: PackedRows,
    /// How many records were packed.
    row_count: usize,
    /// `--columns`, in their order: each record is narrowed to them.
    selected: Option<Vec<String>>,
    /// Reads records given as JSON text, remembering the keys of the previous one.
    reader: LeafReader,
}

/// The columns learnt so far and the record being packed into them.
struct Table {
    columns: Columns,
    /// The record being packed.
    row: PackedRow,
    /// Each column's type so far, by position.
    kinds: Vec<Kind>,
    /// Whether each column is money, by position.
    money: Vec<bool>,
    /// Columns the profile says hold money, besides the built-in list.
    money_names: Vec<String>,
    /// Types given by `--schema`, by column name: where each column starts.
    given: HashMap<String, Kind>,
}

impl ParquetWriter {
    pub(crate) fn new(
        memory_rows: usize,
        selected: Option<Vec<String>>,
        money_names: Vec<String>,
        given: HashMap<String, Kind>,
    ) -> Self {
        let mut writer = Self {
            table: Table {
                columns: Columns::default(),
                row: PackedRow::default(),
                kinds: Vec::new(),
                money: Vec::new(),
                money_names,
                given,
            },
            rows: PackedRows::new(memory_rows),
            row_count: 0,
            selected,
            reader: LeafReader::remembering(),
        };
        // Chosen columns are the schema even when no record comes: readers open an empty file.
        for name in writer.selected.clone().unwrap_or_default() {
            writer.table.column(None, &name);
        }
        writer
    }

    pub(crate) fn record(&mut self, record: &Value) -> io::Result<()> {
        let table = &mut self.table;
        match &self.selected {
            Some(selected) => {
                for name in selected {
                    let value = lookup(record, name).unwrap_or(&Value::Null);
                    let position = table.column(None, name);
                    table.cell(position, Scalar::of(value), &cell_text(value));
                }
            }
            None => {
                for (index, (name, value)) in leaves(record).into_iter().enumerate() {
                    let position = table.column(Some(index), &name);
                    table.cell(position, Scalar::of(value), &cell_text(value));
                }
            }
        }
        self.row_done()
    }

    /// A record given as JSON text: its cells are read from the text (see [`LeafReader`]) straight
    /// into the packed row, each column found by the key's place in the previous record.
    pub(crate) fn record_raw(&mut self, record: &RawRecord) -> io::Result<()> {
        let taken = self.selected.is_none()
            && self
                .reader
                .walk(record, &mut self.table)
                .map_err(io::Error::other)?;
        if !taken {
            // The walk may have packed some of the record's cells: the full reader packs them all.
            // Their columns were added in the order it adds them, and the types they widened to
            // hold the same values it gives.
            self.table.row.clear();
            return self.record(&value_of(record).map_err(io::Error::other)?);
        }
        self.row_done()
    }

    /// The record is packed: it is stored.
    fn row_done(&mut self) -> io::Result<()> {
        self.row_count += 1;
        self.within_columns()?;
        self.rows.push(&mut self.table.row)
    }

    /// Refuses a file of more than [`MAX_COLUMNS`] columns, as soon as a record brings one more.
    fn within_columns(&self) -> io::Result<()> {
        if self.table.kinds.len() <= MAX_COLUMNS {
            return Ok(());
        }
        Err(failed(crate::t!(
            "output-parquet-too-many-columns",
            count = self.table.kinds.len(),
            most = MAX_COLUMNS
        )))
    }
}

impl<'r> LeafSink<'r> for Table {
    #[inline]
    fn leaf(&mut self, found: Found<'r, '_>) -> usize {
        let position = match found.known {
            Some(position) => position,
            None => self.column(None, found.name.as_str()),
        };
        self.cell(position, found.scalar, found.cell.as_str());
        position
    }
}

impl Table {
    /// One cell of the record being packed, in its column, whose type is widened to hold it.
    #[inline]
    fn cell(&mut self, position: usize, scalar: Scalar, text: &str) {
        // A null needs no room: a missing cell reads back as null.
        if scalar == Scalar::Null {
            return;
        }
        let column = self.kinds[position];
        // Text holds anything: a column that is text already needs no more looking at, and its
        // cells are read back as their text.
        if column == Kind::Text {
            self.row
                .cell(position, tag_of(scalar, Kind::Text), None, text);
            return;
        }
        let (kind, value) = typed_of(scalar, text, self.money[position]);
        self.kinds[position] = column.widen(kind);
        let value = match kind {
            Kind::Int | Kind::WideInt | Kind::Decimal | Kind::Date | Kind::Timestamp => Some(value),
            Kind::Empty | Kind::Bool | Kind::Text => None,
        };
        self.row.cell(position, tag_of(scalar, kind), value, text);
    }

    /// The position of the column `name` (the `index`-th leaf of a record, when given so), added
    /// with its starting type when new.
    fn column(&mut self, index: Option<usize>, name: &str) -> usize {
        let position = match index {
            Some(index) => self.columns.position_of_leaf(index, name),
            None => self.columns.position(name),
        };
        if position >= self.kinds.len() {
            let money = is_money_column(name)
                || self
                    .money_names
                    .iter()
                    .any(|m| m.eq_ignore_ascii_case(name));
            self.kinds
                .push(self.given.get(name).copied().unwrap_or(Kind::Empty));
            self.money.push(money);
        }
        position
    }
}

impl ParquetWriter {
    /// Writes every row, typed, into `out`. The rows are typed here while the row groups are
    /// encoded and compressed on a second thread.
    pub(crate) fn finish(self, out: &mut (dyn Write + Send)) -> io::Result<()> {
        let names = self.table.columns.into_names();
        let kinds = self.table.kinds;
        let row_count = self.row_count;
        let schema = Arc::new(Schema::new(
            names
                .iter()
                .zip(&kinds)
                .map(|(name, kind)| Field::new(name, kind.data_type(), true))
                .collect::<Vec<_>>(),
        ));
        let properties = properties(kinds.len());
        let mut rows = self.rows.into_reader()?;
        // Whether every row was typed: only then does the file get its footer. Without one, what
        // already went out (to a pipe, say) is no Parquet file any reader takes for whole.
        let all_typed = AtomicBool::new(false);
        std::thread::scope(|scope| {
            let (batches, received) = mpsc::sync_channel::<RecordBatch>(BATCHES_IN_FLIGHT);
            let encoder_schema = schema.clone();
            let all_typed = &all_typed;
            let encoding = scope.spawn(move || -> io::Result<()> {
                // Tests make the encoder fail as a refused allocation inside zstd once did, to
                // show that a worker's panic ends the run (debug builds only).
                if cfg!(debug_assertions) && std::env::var_os(ENCODER_PANIC_FOR_TESTS).is_some() {
                    panic!("the encoder was told to fail");
                }
                let mut writer =
                    ArrowWriter::try_new(out, encoder_schema, Some(properties)).map_err(failed)?;
                for batch in received {
                    writer.write(&batch).map_err(failed)?;
                }
                if all_typed.load(Ordering::Acquire) {
                    writer.close().map_err(failed)?;
                }
                Ok(())
            });
            let typed = type_rows(&mut rows, row_count, &kinds, &schema, &batches);
            all_typed.store(typed.is_ok(), Ordering::Release);
            drop(batches);
            let encoded = encoding
                .join()
                .unwrap_or_else(|panic| std::panic::resume_unwind(panic));
            typed.and(encoded)
        })
    }
}

/// Reads every packed row back and sends them on typed, a batch at a time. A closed channel means
/// the encoder failed: this stops, and the encoder's error is the one told.
fn type_rows(
    rows: &mut RowReader,
    rows_hint: usize,
    kinds: &[Kind],
    schema: &Arc<Schema>,
    batches: &mpsc::SyncSender<RecordBatch>,
) -> io::Result<()> {
    let mut batch = Batch::new(kinds, rows_hint);
    let mut room = Vec::new();
    let mut more = true;
    while more {
        match rows.next(&mut room)? {
            Some(row) => batch.push(row, kinds.len())?,
            None => more = false,
        }
        if (batch.rows == BATCH_ROWS || !more && batch.rows > 0)
            && batches.send(batch.take(schema)?).is_err()
        {
            return Ok(());
        }
    }
    Ok(())
}

/// How the file is encoded. Each column's writer lives until its row group ends, with its own
/// encoders, page buffers and zstd contexts: a few tens of KB each. Past [`WIDE_COLUMNS`] columns
/// that cost is cut to what the values themselves need: no dictionary, no compression (a wide
/// record's column holds too few values in a row group for either to pay), statistics per column
/// chunk rather than per page, and row groups of at most [`WIDE_ROW_GROUP_CELLS`] cells.
fn properties(columns: usize) -> WriterProperties {
    let builder = WriterProperties::builder()
        .set_max_row_group_row_count(Some(ROW_GROUP_ROWS))
        .set_max_row_group_bytes(Some(ROW_GROUP_BYTES));
    if columns <= WIDE_COLUMNS {
        return builder
            .set_compression(Compression::ZSTD(ZstdLevel::default()))
            .set_dictionary_page_size_limit(DICTIONARY_BYTES)
            .build();
    }
    builder
        .set_compression(Compression::UNCOMPRESSED)
        .set_dictionary_enabled(false)
        .set_statistics_enabled(EnabledStatistics::Chunk)
        .set_max_row_group_row_count(Some(
            (WIDE_ROW_GROUP_CELLS / columns).clamp(1, ROW_GROUP_ROWS),
        ))
        .build()
}

fn failed(e: impl std::fmt::Display) -> io::Error {
    io::Error::other(crate::t!("output-parquet-failed", reason = e.to_string()))
}

/// One column being filled.
enum Builder {
    Bool(BooleanBuilder),
    Int(Int64Builder),
    Decimal(Decimal128Builder),
    Date(Date32Builder),
    Timestamp(TimestampMillisecondBuilder),
    Text(StringBuilder),
}

/// Rows on their way into one Arrow batch.
struct Batch {
    columns: Vec<Builder>,
    rows: usize,
    /// Room for one row's cells, kept empty between rows.
    row: Vec<Option<Cell<'static>>>,
}

impl Batch {
    /// Builders for `kinds`, each with room for `rows` (at most a batch's): a builder's default
    /// room is 1,024 values, which two rows of 100,000 columns would pay for 100,000 times.
    fn new(kinds: &[Kind], rows: usize) -> Batch {
        let rows = rows.clamp(1, BATCH_ROWS);
        Batch {
            columns: kinds.iter().map(|kind| builder(*kind, rows)).collect(),
            rows: 0,
            row: Vec::with_capacity(kinds.len()),
        }
    }

    /// Appends one packed row of `width` columns; a value its column's type cannot hold is an
    /// error, never a silent null (the types were learnt from these very values, so it means a
    /// fault here).
    fn push(&mut self, packed: &[u8], width: usize) -> io::Result<()> {
        // The room for the row's cells is kept from one row to the next (a row of its own cost an
        // allocation per row): emptied, it holds texts of this row for a while, and goes back
        // empty, its allocation kept (collecting a vector's own emptied items reuses its buffer).
        let mut row: Vec<Option<Cell>> = std::mem::take(&mut self.row);
        row.resize(width, None);
        for cell in cells(packed) {
            let cell = cell?;
            match row.get_mut(cell.position) {
                Some(slot) => *slot = Some(cell),
                None => return Err(failed(format!("column {} of {width}", cell.position))),
            }
        }
        let filled = self.fill(&row);
        row.clear();
        self.row = row.into_iter().map(|_| None).collect();
        filled
    }

    /// Appends one row's cells, each to its column: the value read when the cell was packed, or
    /// its text in a text column.
    fn fill(&mut self, row: &[Option<Cell>]) -> io::Result<()> {
        for (i, (builder, cell)) in self.columns.iter_mut().zip(row).enumerate() {
            let Some(cell) = cell.filter(|cell| !is_null_tag(cell.tag)) else {
                append_null(builder);
                continue;
            };
            let kind = kind_of_tag(cell.tag);
            // Every cell of a type read from its text was packed with its value, and no other.
            let numbered = matches!(
                kind,
                Kind::Int | Kind::WideInt | Kind::Decimal | Kind::Date | Kind::Timestamp
            );
            if numbered != cell.number.is_some() {
                return Err(failed(format!(
                    "cell {} of column {}",
                    self.rows + 1,
                    i + 1
                )));
            }
            let number = cell.number.unwrap_or_default();
            let fits = match builder {
                Builder::Text(b) => {
                    b.append_value(cell.text);
                    true
                }
                _ if kind == Kind::Empty => {
                    append_null(builder);
                    true
                }
                Builder::Bool(b) => {
                    let fits = kind == Kind::Bool;
                    if fits {
                        b.append_value(cell.text == "true");
                    }
                    fits
                }
                Builder::Int(b) => {
                    let fits = matches!(kind, Kind::Int | Kind::WideInt);
                    if fits {
                        b.append_value(number);
                    }
                    fits
                }
                Builder::Decimal(b) => match kind {
                    Kind::Decimal => {
                        b.append_value(i128::from(number));
                        true
                    }
                    // An Int holds only integers whose hundredths fit (see `typed_of`).
                    Kind::Int => {
                        b.append_value(i128::from(number) * 100);
                        true
                    }
                    _ => false,
                },
                Builder::Date(b) => {
                    let fits = kind == Kind::Date;
                    if fits {
                        b.append_value(number as i32);
                    }
                    fits
                }
                Builder::Timestamp(b) => {
                    let fits = kind == Kind::Timestamp;
                    if fits {
                        b.append_value(number);
                    }
                    fits
                }
            };
            if !fits {
                return Err(failed(crate::t!(
                    "output-parquet-misfit",
                    column = i + 1,
                    value = cell.text.to_owned()
                )));
            }
        }
        self.rows += 1;
        Ok(())
    }

    /// The rows so far as a batch; the builders start again empty.
    fn take(&mut self, schema: &Arc<Schema>) -> io::Result<RecordBatch> {
        let arrays: Vec<ArrayRef> = self
            .columns
            .iter_mut()
            .map(|builder| -> ArrayRef {
                match builder {
                    Builder::Bool(b) => Arc::new(b.finish()),
                    Builder::Int(b) => Arc::new(b.finish()),
                    Builder::Decimal(b) => Arc::new(
                        b.finish()
                            .with_precision_and_scale(PRECISION, SCALE as i8)
                            .expect("a valid precision"),
                    ),
                    Builder::Date(b) => Arc::new(b.finish()),
                    Builder::Timestamp(b) => Arc::new(b.finish()),
                    Builder::Text(b) => Arc::new(b.finish()),
                }
            })
            .collect();
        self.rows = 0;
        if arrays.is_empty() {
            return RecordBatch::try_new_with_options(
                schema.clone(),
                arrays,
                &arrow_array::RecordBatchOptions::new().with_row_count(Some(0)),
            )
            .map_err(failed);
        }
        RecordBatch::try_new(schema.clone(), arrays).map_err(failed)
    }
}

/// Days since 1970-01-01, as Date32 counts them.
fn epoch_days(date: chrono::NaiveDate) -> i32 {
    (date - chrono::NaiveDate::default()).num_days() as i32
}

fn builder(kind: Kind, rows: usize) -> Builder {
    match kind {
        Kind::Bool => Builder::Bool(BooleanBuilder::with_capacity(rows)),
        Kind::Int | Kind::WideInt => Builder::Int(Int64Builder::with_capacity(rows)),
        Kind::Decimal => Builder::Decimal(Decimal128Builder::with_capacity(rows)),
        Kind::Date => Builder::Date(Date32Builder::with_capacity(rows)),
        Kind::Timestamp => Builder::Timestamp(TimestampMillisecondBuilder::with_capacity(rows)),
        Kind::Empty | Kind::Text => Builder::Text(StringBuilder::with_capacity(rows, rows * 8)),
    }
}

fn append_null(builder: &mut Builder) {
    match builder {
        Builder::Bool(b) => b.append_null(),
        Builder::Int(b) => b.append_null(),
        Builder::Decimal(b) => b.append_null(),
        Builder::Date(b) => b.append_null(),
        Builder::Timestamp(b) => b.append_null(),
        Builder::Text(b) => b.append_null(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use arrow_array::Array;
    use arrow_array::RecordBatchReader;
    use arrow_array::cast::AsArray;
    use parquet::arrow::arrow_reader::ParquetRecordBatchReaderBuilder;
    use serde_json::json;

    /// A later value that does not fit its column widens it, and a later new column is added,
    /// past the rows kept in memory: the file holds every value as it came.
    #[test]
    fn columns_widen_for_later_values_and_nothing_is_coerced() {
        let mut writer = ParquetWriter::new(10, None, vec!["preco".into()], HashMap::new());
        for i in 0..1500 {
            writer
                .record(&json!({"id": i, "preco": i, "quando": "2026-11-05", "codigo": "007"}))
                .unwrap();
        }
        writer
            .record(&json!({"id": 1500, "preco": "1.234,56", "quando": "amanhã", "extra": true}))
            .unwrap();
        let mut bytes = Vec::new();
        writer.finish(&mut bytes).unwrap();
        let reader = ParquetRecordBatchReaderBuilder::try_new(bytes::Bytes::from(bytes))
            .unwrap()
            .with_batch_size(2000)
            .build()
            .unwrap();
        let schema = reader.schema();
        let types: Vec<(String, DataType)> = schema
            .fields()
            .iter()
            .map(|f| (f.name().clone(), f.data_type().clone()))
            .collect();
        assert_eq!(
            types,
            [
                ("id".to_string(), DataType::Int64),
                ("preco".into(), DataType::Decimal128(18, 2)),
                ("quando".into(), DataType::Utf8),
                ("codigo".into(), DataType::Utf8),
                ("extra".into(), DataType::Boolean),
            ]
        );
        let batch = reader.into_iter().next().unwrap().unwrap();
        assert_eq!(batch.num_rows(), 1501);
        let preco = batch
            .column(1)
            .as_primitive::<arrow_array::types::Decimal128Type>();
        assert_eq!(preco.value(7), 700);
        assert_eq!(preco.value(1500), 123_456);
        assert_eq!(batch.column(2).as_string::<i32>().value(1500), "amanhã");
        assert_eq!(batch.column(2).as_string::<i32>().value(0), "2026-11-05");
        assert_eq!(batch.column(3).as_string::<i32>().value(0), "007");
        assert!(batch.column(3).is_null(1500));
        assert!(batch.column(4).is_null(0));
    }

    fn written(records: &[&str], raw: bool) -> Vec<u8> {
        written_with(records, raw, 2, Vec::new())
    }

    fn written_with(
        records: &[&str],
        raw: bool,
        memory_rows: usize,
        money: Vec<String>,
    ) -> Vec<u8> {
        let mut writer = ParquetWriter::new(memory_rows, None, money, HashMap::new());
        for text in records {
            if raw {
                let record: crate::record::Record = serde_json::from_str(text).unwrap();
                writer.record_raw(&record).unwrap();
            } else {
                writer.record(&crate::record::parse(text).unwrap()).unwrap();
            }
        }
        let mut bytes = Vec::new();
        writer.finish(&mut bytes).unwrap();
        bytes
    }

    /// Records read straight from their text give the very file that records read whole give,
    /// including those the text reader leaves to the whole one.
    #[test]
    fn records_as_text_give_the_same_file_as_records_read_whole() {
        let records = [
            r#"{"id":1,"valor":3120.0,"data":"2026-11-05","quando":"2026-11-05 10:30:00","ok":true,"tags":[1,"a"],"n":null}"#,
            r#"{"id":2,"valor":"1.234,56","data":"05/11/2026","ok":false,"sub":{"a":1,"b":{"c":"x\"y"}},"big":1e400}"#,
            r#"{"id":3,"valor":-0.01,"k.dot":"fallback","sub":{},"esc":"Jos\u00e9","n":7}"#,
            r#"{ "id" : 4 , "valor" : 10 , "data" : "" , "quando" : null }"#,
            r#""a bare value""#,
        ];
        assert_eq!(written(&records, true), written(&records, false));
    }

    /// A cell's value is read once, when it is packed, and fills its column whatever type the
    /// column ends with: columns widened by a late value (integers then a decimal, dates then a
    /// time, integers then a text) hold every earlier value exactly as before, for records read as
    /// text past the rows kept in memory as for records read whole.
    #[test]
    fn values_read_when_packed_fill_columns_widened_by_late_values() {
        let mut records: Vec<String> = (0..3000)
            .map(|i| {
                format!(
                    r#"{{"id":{i},"n":{i},"valor":{i},"dia":"2026-11-05","quando":"2026-11-05 10:30:00","big":9223372036854775807,"cod":{i},"ok":true}}"#
                )
            })
            .collect();
        records.push(
            r#"{"id":3000,"n":12.5,"valor":"1.234,56","dia":"2026-11-05 08:00","quando":"","big":-1,"cod":"x","ok":null}"#
                .into(),
        );
        let records: Vec<&str> = records.iter().map(String::as_str).collect();
        let money = vec!["valor".to_string()];
        let bytes = written_with(&records, true, 10, money.clone());
        assert_eq!(bytes, written_with(&records, false, 10, money));
        let reader = ParquetRecordBatchReaderBuilder::try_new(bytes::Bytes::from(bytes))
            .unwrap()
            .with_batch_size(4000)
            .build()
            .unwrap();
        let types: Vec<DataType> = reader
            .schema()
            .fields()
            .iter()
            .map(|f| f.data_type().clone())
            .collect();
        assert_eq!(
            types,
            [
                DataType::Int64,
                DataType::Decimal128(18, 2),
                DataType::Decimal128(18, 2),
                DataType::Utf8,
                DataType::Timestamp(TimeUnit::Millisecond, None),
                DataType::Int64,
                DataType::Utf8,
                DataType::Boolean,
            ]
        );
        let batch = reader.into_iter().next().unwrap().unwrap();
        assert_eq!(batch.num_rows(), 3001);
        let int = |c: usize| {
            batch
                .column(c)
                .as_primitive::<arrow_array::types::Int64Type>()
        };
        let decimal = |c: usize| {
            batch
                .column(c)
                .as_primitive::<arrow_array::types::Decimal128Type>()
        };
        let text = |c: usize| batch.column(c).as_string::<i32>();
        assert_eq!(int(0).value(2999), 2999);
        assert_eq!(decimal(1).value(7), 700);
        assert_eq!(decimal(1).value(3000), 1250);
        assert_eq!(decimal(2).value(2999), 299_900);
        assert_eq!(decimal(2).value(3000), 123_456);
        assert_eq!(text(3).value(0), "2026-11-05");
        assert_eq!(text(3).value(3000), "2026-11-05 08:00");
        let quando = batch
            .column(4)
            .as_primitive::<arrow_array::types::TimestampMillisecondType>();
        let at = chrono::NaiveDate::from_ymd_opt(2026, 11, 5)
            .unwrap()
            .and_hms_opt(10, 30, 0)
            .unwrap();
        assert_eq!(quando.value(1), at.and_utc().timestamp_millis());
        assert!(quando.is_null(3000));
        assert_eq!(int(5).value(0), i64::MAX);
        assert_eq!(int(5).value(3000), -1);
        assert_eq!(text(6).value(7), "7");
        assert_eq!(text(6).value(3000), "x");
        assert!(batch.column(7).as_boolean().value(0));
        assert!(batch.column(7).is_null(3000));
    }

    /// A row that cannot be typed fails the file, and what was already encoded gets no footer: a
    /// reader at the other end of a pipe cannot take it for a whole, shorter table.
    #[test]
    fn a_failure_while_typing_leaves_no_readable_file() {
        let mut writer = ParquetWriter::new(10, None, Vec::new(), HashMap::new());
        for i in 0..ROW_GROUP_ROWS + 10 {
            writer.record(&json!({"id": i, "n": 1})).unwrap();
        }
        writer.record(&json!({"id": -1, "n": "x"})).unwrap();
        // As if the types learnt were wrong: the last value no longer fits its column.
        writer.table.kinds[1] = Kind::Int;
        let mut bytes = Vec::new();
        let error = writer.finish(&mut bytes).unwrap_err();
        assert!(error.to_string().contains("column 2"), "{error}");
        assert!(bytes.len() > 1000, "row groups went out before the failure");
        assert!(!bytes.ends_with(b"PAR1"), "the file was closed as if whole");
    }

    fn kind(value: Value, money: bool) -> Kind {
        kind_of(Scalar::of(&value), &cell_text(&value), money)
    }

    fn decimal(value: Value) -> Option<i128> {
        decimal_of(Scalar::of(&value), &cell_text(&value))
    }

    #[test]
    fn each_value_has_the_narrowest_type_and_columns_widen() {
        assert_eq!(kind(json!(12), false), Kind::Int);
        assert_eq!(kind(json!(12), true), Kind::Decimal);
        assert_eq!(kind(json!(12.5), false), Kind::Decimal);
        assert_eq!(kind(json!(0.125), false), Kind::Text);
        assert_eq!(kind(json!("1.234,56"), true), Kind::Decimal);
        assert_eq!(kind(json!("1.234,56"), false), Kind::Text);
        assert_eq!(kind(json!("007"), false), Kind::Text);
        assert_eq!(kind(json!("2026-11-05"), false), Kind::Date);
        assert_eq!(kind(json!("05/11/2026"), false), Kind::Date);
        assert_eq!(kind(json!("2026-11-05 10:30:00"), false), Kind::Timestamp);
        assert_eq!(kind(json!(""), false), Kind::Empty);
        assert_eq!(kind(json!([1]), false), Kind::Text);
        assert_eq!(kind(json!(true), false), Kind::Bool);
        // A number too large for Decimal128(18,2) is text, never rounded.
        assert_eq!(kind(json!(1e20), true), Kind::Text);
        assert_eq!(kind(json!(i64::MAX), false), Kind::WideInt);
        // Int is kept for integers a decimal column could still take: 16 digits.
        assert_eq!(kind(json!(9_999_999_999_999_999_i64), false), Kind::Int);
        assert_eq!(kind(json!(-9_999_999_999_999_999_i64), false), Kind::Int);
        assert_eq!(
            kind(json!(10_000_000_000_000_000_i64), false),
            Kind::WideInt
        );
        assert_eq!(kind(json!(u64::MAX), false), Kind::Text);
        assert_eq!(Kind::WideInt.widen(Kind::Int), Kind::WideInt);
        assert_eq!(Kind::WideInt.widen(Kind::Decimal), Kind::Text);
        assert_eq!(
            epoch_days(chrono::NaiveDate::from_ymd_opt(1970, 1, 2).unwrap()),
            1
        );
        assert_eq!(Kind::Int.widen(Kind::Decimal), Kind::Decimal);
        assert_eq!(Kind::Decimal.widen(Kind::Text), Kind::Text);
        assert_eq!(Kind::Date.widen(Kind::Timestamp), Kind::Text);
        assert_eq!(Kind::Empty.widen(Kind::Date), Kind::Date);
        assert_eq!(Kind::Bool.widen(Kind::Int), Kind::Text);
        assert_eq!(decimal(json!("R$ 1.234,5")), Some(123_450));
        assert_eq!(decimal(json!(-0.01)), Some(-1));
    }
}
