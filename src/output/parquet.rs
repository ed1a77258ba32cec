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
use std::sync::Arc;

use arrow_array::builder::{
    BooleanBuilder, Date32Builder, Decimal128Builder, Int64Builder, StringBuilder,
    TimestampMillisecondBuilder,
};
use arrow_array::{ArrayRef, RecordBatch};
use arrow_schema::{DataType, Field, Schema, TimeUnit};
use parquet::arrow::ArrowWriter;
use parquet::basic::{Compression, ZstdLevel};
use parquet::file::properties::WriterProperties;
use rust_decimal::Decimal;
use serde_json::Value;

use super::collect::Collector;
use super::flatten::{cell_text, lookup};
use super::numbers::{When, when};
use crate::money::{self, Money, is_money_column};

/// Rows converted at a time (one Arrow batch).
const BATCH_ROWS: usize = 8_192;
/// Rows per row group: what a reader skips or reads at once, and what the writer holds encoded.
const ROW_GROUP_ROWS: usize = 65_536;
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
    fn widen(self, other: Kind) -> Kind {
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

/// The narrowest type of one value; `money` says the column holds amounts.
fn kind_of(value: &Value, money: bool) -> Kind {
    match value {
        Value::Null => Kind::Empty,
        Value::Bool(_) => Kind::Bool,
        Value::Number(n) if n.is_i64() && !money => match decimal_of(value) {
            Some(_) => Kind::Int,
            None => Kind::WideInt,
        },
        Value::Number(_) => decimal_of(value).map_or(Kind::Text, |_| Kind::Decimal),
        Value::String(text) if text.is_empty() => Kind::Empty,
        Value::String(text) => {
            if money && decimal_of(value).is_some() {
                return Kind::Decimal;
            }
            match when(text) {
                Some(When::Date(_)) => Kind::Date,
                Some(When::DateTime(_)) => Kind::Timestamp,
                None => Kind::Text,
            }
        }
        Value::Array(_) | Value::Object(_) => Kind::Text,
    }
}

/// The value as Decimal128(18,2)'s integer, when it is an amount with at most two decimals that
/// fits: numbers by their exact text, texts by the money rules (`1.234,56`, `R$ 10,00`).
fn decimal_of(value: &Value) -> Option<i128> {
    let Money::Amount(amount) = money::amount(value, None) else {
        return None;
    };
    let amount: Decimal = amount.normalize();
    if amount.scale() > SCALE {
        return None;
    }
    let mut scaled = amount;
    scaled.rescale(SCALE);
    let units = scaled.mantissa();
    (units.abs() < DECIMAL_LIMIT).then_some(units)
}

pub(crate) struct ParquetWriter {
    collector: Collector<Value>,
    /// `--columns`, in their order: each record is narrowed to them before it is collected.
    selected: Option<Vec<String>>,
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
        Self {
            collector: Collector::new(memory_rows),
            selected,
            kinds: Vec::new(),
            money: Vec::new(),
            money_names,
            given,
        }
    }

    pub(crate) fn record(&mut self, record: &Value) -> io::Result<()> {
        let narrowed;
        let record = match &self.selected {
            Some(columns) => {
                narrowed = Value::Object(
                    columns
                        .iter()
                        .map(|c| (c.clone(), lookup(record, c).cloned().unwrap_or(Value::Null)))
                        .collect(),
                );
                &narrowed
            }
            None => record,
        };
        let (kinds, money, money_names, given) = (
            &mut self.kinds,
            &mut self.money,
            &self.money_names,
            &self.given,
        );
        self.collector.push_seen(record, |position, name, value| {
            if position >= kinds.len() {
                let is_money = is_money_column(name)
                    || money_names.iter().any(|m| m.eq_ignore_ascii_case(name));
                kinds.push(given.get(name).copied().unwrap_or(Kind::Empty));
                money.push(is_money);
            }
            // Text holds anything: a column that is text already needs no more looking at.
            if kinds[position] != Kind::Text {
                kinds[position] = kinds[position].widen(kind_of(value, money[position]));
            }
        })
    }

    /// Writes every row, typed, into `out`.
    pub(crate) fn finish(self, out: &mut (dyn Write + Send)) -> io::Result<()> {
        let (names, rows) = self.collector.finish()?;
        let columns: Vec<(Kind, bool)> = (0..names.len())
            .map(|i| (self.kinds[i], self.money[i]))
            .collect();
        let schema = Arc::new(Schema::new(
            names
                .iter()
                .zip(&columns)
                .map(|(name, (kind, _))| Field::new(name, kind.data_type(), true))
                .collect::<Vec<_>>(),
        ));
        let properties = WriterProperties::builder()
            .set_compression(Compression::ZSTD(ZstdLevel::default()))
            .set_max_row_group_row_count(Some(ROW_GROUP_ROWS))
            .build();
        let mut writer =
            ArrowWriter::try_new(out, schema.clone(), Some(properties)).map_err(failed)?;
        let mut batch = Batch::new(&columns);
        for row in rows {
            batch.push(&row?)?;
            if batch.rows == BATCH_ROWS {
                writer.write(&batch.take(&schema)?).map_err(failed)?;
            }
        }
        if batch.rows > 0 {
            writer.write(&batch.take(&schema)?).map_err(failed)?;
        }
        writer.close().map_err(failed)?;
        Ok(())
    }
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
    columns: Vec<(Builder, bool)>,
    rows: usize,
}

impl Batch {
    fn new(columns: &[(Kind, bool)]) -> Batch {
        Batch {
            columns: columns
                .iter()
                .map(|(kind, money)| (builder(*kind), *money))
                .collect(),
            rows: 0,
        }
    }

    /// Appends one row; a value its column's type cannot hold is an error, never a silent null
    /// (the types were learnt from these very values, so it means a fault here).
    fn push(&mut self, row: &[Value]) -> io::Result<()> {
        for (i, (builder, _)) in self.columns.iter_mut().enumerate() {
            let value = row.get(i).unwrap_or(&Value::Null);
            let blank = value.is_null() || value.as_str() == Some("");
            let fits = match builder {
                Builder::Text(b) => {
                    match value {
                        Value::Null => b.append_null(),
                        other => b.append_value(cell_text(other)),
                    }
                    true
                }
                _ if blank => {
                    append_null(builder);
                    true
                }
                Builder::Bool(b) => value.as_bool().map(|v| b.append_value(v)).is_some(),
                Builder::Int(b) => value.as_i64().map(|v| b.append_value(v)).is_some(),
                Builder::Decimal(b) => decimal_of(value).map(|v| b.append_value(v)).is_some(),
                Builder::Date(b) => match value.as_str().and_then(when) {
                    Some(When::Date(d)) => {
                        b.append_value(epoch_days(d));
                        true
                    }
                    _ => false,
                },
                Builder::Timestamp(b) => match value.as_str().and_then(when) {
                    Some(When::DateTime(t)) => {
                        b.append_value(t.and_utc().timestamp_millis());
                        true
                    }
                    _ => false,
                },
            };
            if !fits {
                return Err(failed(crate::t!(
                    "output-parquet-misfit",
                    column = i + 1,
                    value = cell_text(value).into_owned()
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
            .map(|(builder, _)| -> ArrayRef {
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

fn builder(kind: Kind) -> Builder {
    match kind {
        Kind::Bool => Builder::Bool(BooleanBuilder::new()),
        Kind::Int | Kind::WideInt => Builder::Int(Int64Builder::new()),
        Kind::Decimal => Builder::Decimal(Decimal128Builder::new()),
        Kind::Date => Builder::Date(Date32Builder::new()),
        Kind::Timestamp => Builder::Timestamp(TimestampMillisecondBuilder::new()),
        Kind::Empty | Kind::Text => Builder::Text(StringBuilder::new()),
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

    #[test]
    fn each_value_has_the_narrowest_type_and_columns_widen() {
        assert_eq!(kind_of(&json!(12), false), Kind::Int);
        assert_eq!(kind_of(&json!(12), true), Kind::Decimal);
        assert_eq!(kind_of(&json!(12.5), false), Kind::Decimal);
        assert_eq!(kind_of(&json!(0.125), false), Kind::Text);
        assert_eq!(kind_of(&json!("1.234,56"), true), Kind::Decimal);
        assert_eq!(kind_of(&json!("1.234,56"), false), Kind::Text);
        assert_eq!(kind_of(&json!("007"), false), Kind::Text);
        assert_eq!(kind_of(&json!("2026-11-05"), false), Kind::Date);
        assert_eq!(kind_of(&json!("05/11/2026"), false), Kind::Date);
        assert_eq!(
            kind_of(&json!("2026-11-05 10:30:00"), false),
            Kind::Timestamp
        );
        assert_eq!(kind_of(&json!(""), false), Kind::Empty);
        assert_eq!(kind_of(&json!([1]), false), Kind::Text);
        assert_eq!(kind_of(&json!(true), false), Kind::Bool);
        // A number too large for Decimal128(18,2) is text, never rounded.
        assert_eq!(kind_of(&json!(1e20), true), Kind::Text);
        assert_eq!(kind_of(&json!(i64::MAX), false), Kind::WideInt);
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
        assert_eq!(decimal_of(&json!("R$ 1.234,5")), Some(123_450));
        assert_eq!(decimal_of(&json!(-0.01)), Some(-1));
    }
}
