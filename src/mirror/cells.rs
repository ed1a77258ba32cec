//! A record as rows of a database: its leaves typed the way the Parquet export types them, and its
//! lists of objects (products, procedures, origins) as child rows keyed by the parent and position.

use std::collections::HashMap;
use std::ops::Range;
use std::sync::Arc;

use rusqlite::types::Value as Sql;
use serde_json::{Map, Value};

use crate::output::{ColumnType as Kind, Scalar, When, cell_text, decimal_of, kind_of, when};

/// The suffix of the integer column beside each money column: its amount in centavos.
pub const CENTAVOS: &str = "_centavos";

/// One leaf of a record: its column, its JSON type and text, and its narrowest type. Records are
/// split on one thread and written on another: a leaf's text is kept in its batch's [`Texts`], so
/// that a batch crosses over as a few large blocks of memory, not as one small block per leaf.
pub struct Cell {
    pub column: Arc<str>,
    pub scalar: Scalar,
    /// Where the leaf's text (as the exports write it, see [`cell_text`]) is in its [`Texts`].
    text: Range<usize>,
    pub kind: Kind,
    /// The column holds amounts of money (by its name, as the exports decide).
    pub money: bool,
}

impl Cell {
    pub fn text<'t>(&self, texts: &'t Texts) -> &'t str {
        texts.0.get(self.text.clone()).unwrap_or_default()
    }
}

/// The texts of a batch's leaves, one after the other.
#[derive(Default)]
pub struct Texts(String);

impl Texts {
    fn push(&mut self, text: &str) -> Range<usize> {
        let start = self.0.len();
        self.0.push_str(text);
        start..self.0.len()
    }
}

/// A record split into the parent row's cells and its lists of objects, each to its child table.
pub struct Split {
    pub cells: Vec<Cell>,
    /// `(field, rows)`: the list's field name and the cells of each element, in order.
    pub children: Vec<Child>,
}

/// A list of objects in a record: its field name and the cells of each element, in order.
pub type Child = (Arc<str>, Vec<Vec<Cell>>);

/// Column names met so far, each made once: the records of a stream repeat the same few dozen, and
/// a name shared is not allocated and freed again for every record.
#[derive(Default)]
pub struct Names {
    known: HashMap<String, Arc<str>, foldhash::fast::RandomState>,
    /// Whether each one holds money, as `money` says.
    money: HashMap<Arc<str>, bool, foldhash::fast::RandomState>,
}

impl Names {
    /// The column of `key` under `prefix` (`""` at the top).
    fn column(&mut self, prefix: &str, key: &str) -> Arc<str> {
        if prefix.is_empty()
            && !key.contains(['.', '\\'])
            && let Some(name) = self.known.get(key)
        {
            return name.clone();
        }
        let name = if prefix.is_empty() {
            crate::output::column_of_key(key)
        } else {
            format!("{prefix}.{}", crate::output::column_of_key(key))
        };
        match self.known.get(&name) {
            Some(known) => known.clone(),
            None => {
                let shared: Arc<str> = Arc::from(name.as_str());
                if prefix.is_empty() && !key.contains(['.', '\\']) {
                    self.known.insert(key.to_string(), shared.clone());
                } else {
                    self.known.insert(name, shared.clone());
                }
                shared
            }
        }
    }

    fn is_money(&mut self, column: &Arc<str>, money: &dyn Fn(&str) -> bool) -> bool {
        *self
            .money
            .entry(column.clone())
            .or_insert_with(|| money(column))
    }
}

/// The leaves of `record` (nested objects joined with `.`, as the CSV export names them). A list
/// whose elements are all objects also goes to a child table; the parent keeps its JSON text too,
/// so a change inside it is a change of the parent's field. The record's texts move into the cells.
pub fn split(
    record: Map<String, Value>,
    money: &dyn Fn(&str) -> bool,
    names: &mut Names,
    texts: &mut Texts,
) -> Split {
    let mut split = Split {
        cells: Vec::with_capacity(record.len()),
        children: Vec::new(),
    };
    let mut to = Leaves {
        money,
        names,
        texts,
        cells: &mut split.cells,
        children: Some(&mut split.children),
    };
    to.add(record, "");
    split
}

/// Where the leaves of one object go.
struct Leaves<'a> {
    money: &'a dyn Fn(&str) -> bool,
    names: &'a mut Names,
    texts: &'a mut Texts,
    cells: &'a mut Vec<Cell>,
    /// Lists of objects, each element's cells (an element's own lists stay its JSON text): only
    /// for the record itself.
    children: Option<&'a mut Vec<Child>>,
}

impl Leaves<'_> {
    fn cell(&mut self, column: Arc<str>, value: &Value, money: bool) -> Cell {
        let scalar = Scalar::of(value);
        let text = cell_text(value);
        let kind = kind_of(scalar, &text, money);
        Cell {
            column,
            scalar,
            text: self.texts.push(&text),
            kind,
            money,
        }
    }

    fn add(&mut self, map: Map<String, Value>, prefix: &str) {
        for (key, value) in map {
            let column = self.names.column(prefix, &key);
            match value {
                Value::Object(inner) if !inner.is_empty() => self.add(inner, &column),
                Value::Array(items) if !items.is_empty() && items.iter().all(Value::is_object) => {
                    // The parent keeps the list's text, written before its elements move out.
                    let list = Value::Array(items);
                    let cell = self.cell(column.clone(), &list, false);
                    let Value::Array(items) = list else {
                        unreachable!("the list was made an array just above")
                    };
                    if let Some(children) = self.children.as_deref_mut() {
                        let rows = items
                            .into_iter()
                            .filter_map(|item| match item {
                                Value::Object(object) => Some(object),
                                _ => None,
                            })
                            .map(|object| {
                                let mut row = Vec::with_capacity(object.len());
                                Leaves {
                                    money: self.money,
                                    names: self.names,
                                    texts: self.texts,
                                    cells: &mut row,
                                    children: None,
                                }
                                .add(object, "");
                                row
                            })
                            .collect();
                        children.push((column, rows));
                    }
                    self.cells.push(cell);
                }
                other => {
                    let is_money = self.names.is_money(&column, self.money);
                    let cell = self.cell(column, &other, is_money);
                    self.cells.push(cell);
                }
            }
        }
    }
}

/// How a money column is declared: a number (NUMERIC affinity in SQLite, `numeric(18,2)` in
/// PostgreSQL), so that `>`, `ORDER BY` and `SUM` treat it as one. SQLite has no decimal type: a
/// value is kept as the double nearest its amount, which orders and compares exactly for any amount
/// of 15 digits or fewer; the exact amount stays in the integer centavos column beside it.
/// `NUMERIC`, not `DECIMAL`: the SQLite ODBC driver (what Excel and Power BI read a file through)
/// reports a `DECIMAL` column as text, a `NUMERIC` one as a number.
pub const MONEY_DECLARED: &str = "NUMERIC(18,2)";

/// How an earlier version declared money, which a sync brings to [`MONEY_DECLARED`] and a query
/// still prints as money.
pub const MONEY_DECLARED_BEFORE: &str = "DECIMAL(18,2)";

/// How the mirror's own times are declared: ISO 8601 text with the offset of the machine's zone
/// (`2026-03-01 10:00:00-03:00`), `timestamptz` in PostgreSQL.
pub const ZONED_DECLARED: &str = "TIMESTAMP WITH TIME ZONE";

/// How a column of `kind` is declared. Money is a number, with its exact centavos in an integer
/// column beside it.
pub fn declared(kind: Kind, money: bool) -> &'static str {
    match kind {
        Kind::Bool => "BOOLEAN",
        Kind::Int | Kind::WideInt => "INTEGER",
        Kind::Decimal if money => MONEY_DECLARED,
        Kind::Decimal => "REAL",
        Kind::Date => "DATE",
        Kind::Timestamp => "TIMESTAMP",
        Kind::Empty | Kind::Text => "TEXT",
    }
}

/// A leaf as a column of `kind` stores it. The column's type holds the value (it was widened to
/// do so before), so nothing here drops or rounds: what does not read as the type is its text.
pub fn stored(cell: &Cell, texts: &Texts, kind: Kind) -> Sql {
    stored_text(cell.scalar, cell.text(texts), kind)
}

fn stored_text(scalar: Scalar, text: &str, kind: Kind) -> Sql {
    if scalar == Scalar::Null || (scalar == Scalar::String && text.is_empty()) {
        return Sql::Null;
    }
    match kind {
        Kind::Bool => match scalar {
            Scalar::Bool => Sql::Integer(i64::from(text == "true")),
            _ => Sql::Text(text.to_string()),
        },
        Kind::Int | Kind::WideInt => match text.parse::<i64>() {
            Ok(n) => Sql::Integer(n),
            Err(_) => Sql::Text(text.to_string()),
        },
        Kind::Decimal => match decimal_of(scalar, text) {
            Some(units) => Sql::Text(decimal_text(units)),
            None => Sql::Text(text.to_string()),
        },
        Kind::Date | Kind::Timestamp => match when(text) {
            // Most services already write the stored spelling: it is kept, not written again.
            Some(When::Date(_)) if is_iso(text, 10) => Sql::Text(text.to_string()),
            Some(When::DateTime(_)) if is_iso(text, 19) => Sql::Text(text.to_string()),
            Some(When::Date(d)) => Sql::Text(d.format("%Y-%m-%d").to_string()),
            Some(When::DateTime(t)) => Sql::Text(t.format("%Y-%m-%d %H:%M:%S").to_string()),
            // A time with its zone is kept as written: the zone is part of what it says.
            Some(When::Instant(_)) | None => Sql::Text(text.to_string()),
        },
        Kind::Empty | Kind::Text => Sql::Text(text.to_string()),
    }
}

/// Whether a text [`when`] read is already written `YYYY-MM-DD` (`len` 10) or
/// `YYYY-MM-DD HH:MM:SS` (`len` 19).
fn is_iso(text: &str, len: usize) -> bool {
    let b = text.as_bytes();
    b.len() == len && b[4] == b'-' && b[7] == b'-' && (len == 10 || b[10] == b' ')
}

/// A non-money decimal column holds a number, read from the leaf's exact text.
pub fn stored_real(cell: &Cell, texts: &Texts) -> Sql {
    match stored(cell, texts, Kind::Decimal) {
        Sql::Text(t) => t.parse::<f64>().map(Sql::Real).unwrap_or(Sql::Text(t)),
        other => other,
    }
}

/// A money leaf as its column holds it: the double nearest its amount (the quotient of two exactly
/// held numbers, rounded once), or its text when it is no exact amount.
pub fn stored_money(cell: &Cell, texts: &Texts) -> Sql {
    match (
        stored(cell, texts, Kind::Text),
        decimal_of(cell.scalar, cell.text(texts)),
    ) {
        (Sql::Null, _) => Sql::Null,
        (_, Some(units)) if units.unsigned_abs() < 1 << 53 => Sql::Real(units as f64 / 100.0),
        (text, _) => text,
    }
}

/// A money value as the mirror writes it for people: two decimals (`910.80`), or its text.
pub fn money_text(value: &Sql) -> Option<String> {
    match value {
        Sql::Integer(n) => Some(format!("{n}.00")),
        Sql::Real(r) => Some(format!("{r:.2}")),
        other => text_of(other),
    }
}

/// The centavos of a money leaf, when it is an amount.
pub fn centavos(cell: &Cell, texts: &Texts) -> Sql {
    decimal_of(cell.scalar, cell.text(texts))
        .and_then(|units| i64::try_from(units).ok())
        .map_or(Sql::Null, Sql::Integer)
}

/// Hundredths as exact decimal text: `312000` is `3120.00`, `-5` is `-0.05`.
fn decimal_text(units: i128) -> String {
    let sign = if units < 0 { "-" } else { "" };
    let units = units.unsigned_abs();
    format!("{sign}{}.{:02}", units / 100, units % 100)
}

/// A stored value as text, for comparing and for the change log (`old → new`).
pub fn text_of(value: &Sql) -> Option<String> {
    match value {
        Sql::Null => None,
        Sql::Integer(n) => Some(n.to_string()),
        Sql::Real(r) => Some(r.to_string()),
        Sql::Text(t) => Some(t.clone()),
        Sql::Blob(b) => Some(String::from_utf8_lossy(b).into_owned()),
    }
}

/// A record's field names, for a message about it: never its values, which are people's data.
pub fn field_names(cells: &[Cell]) -> String {
    let names: Vec<&str> = cells.iter().take(20).map(|c| &*c.column).collect();
    crate::text::sanitize::excerpt(&names.join(", "), 200)
}

/// An SQL identifier, quoted: any name the service sends is safe inside it.
pub fn quoted(name: &str) -> String {
    format!("\"{}\"", name.replace('"', "\"\""))
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    /// How a column of `kind` stores `value`.
    fn stored_as(value: Value, kind: Kind) -> Sql {
        let (cell, texts) = leaf(value);
        stored(&cell, &texts, kind)
    }

    fn leaf(value: Value) -> (Cell, Texts) {
        let mut record = Map::new();
        record.insert("c".into(), value);
        let mut texts = Texts::default();
        let mut split = split(record, &|_| false, &mut Names::default(), &mut texts);
        (split.cells.remove(0), texts)
    }

    #[test]
    fn money_is_exact_text_with_its_centavos_and_dates_are_iso() {
        assert_eq!(
            stored_as(json!(3120.0), Kind::Decimal),
            Sql::Text("3120.00".into())
        );
        assert_eq!(
            stored_as(json!("1.234,56"), Kind::Decimal),
            Sql::Text("1234.56".into())
        );
        let (cell, texts) = leaf(json!("1.234,56"));
        assert_eq!(centavos(&cell, &texts), Sql::Integer(123_456));
        let (cell, texts) = leaf(json!(-0.05));
        assert_eq!(centavos(&cell, &texts), Sql::Integer(-5));
        assert_eq!(
            stored_as(json!("25/06/2023"), Kind::Date),
            Sql::Text("2023-06-25".into())
        );
        assert_eq!(
            stored_as(json!("2023-06-25T10:30"), Kind::Timestamp),
            Sql::Text("2023-06-25 10:30:00".into())
        );
        assert_eq!(
            stored_as(json!("2023-06-25 10:30:05"), Kind::Timestamp),
            Sql::Text("2023-06-25 10:30:05".into())
        );
        assert_eq!(
            stored_as(json!("2023-06-25"), Kind::Timestamp),
            Sql::Text("2023-06-25".into())
        );
        assert_eq!(stored_as(json!("007"), Kind::Text), Sql::Text("007".into()));
        assert_eq!(stored_as(json!(""), Kind::Int), Sql::Null);
        assert_eq!(stored_as(json!(true), Kind::Bool), Sql::Integer(1));
        assert_eq!(
            stored_as(json!(false), Kind::Text),
            Sql::Text("false".into())
        );
        // A value wider than its column's type is kept as its text, never lost.
        assert_eq!(stored_as(json!("abc"), Kind::Int), Sql::Text("abc".into()));
    }

    #[test]
    fn lists_of_objects_become_children_and_keep_their_text() {
        let record =
            json!({"id": 1, "end": {"cidade": "X"}, "procedimentos": [{"a": 1}], "tags": [1, 2]});
        let Value::Object(record) = record else {
            unreachable!()
        };
        let mut texts = Texts::default();
        let split = split(record, &|c| c == "valor", &mut Names::default(), &mut texts);
        let columns: Vec<&str> = split.cells.iter().map(|c| &*c.column).collect();
        assert_eq!(columns, ["id", "end.cidade", "procedimentos", "tags"]);
        assert_eq!(split.cells[2].text(&texts), r#"[{"a":1}]"#);
        assert_eq!(split.cells[1].text(&texts), "X");
        assert_eq!(split.children.len(), 1);
        assert_eq!(&*split.children[0].0, "procedimentos");
        assert_eq!(split.children[0].1.len(), 1);
        assert_eq!(&*split.children[0].1[0][0].column, "a");
        assert_eq!(split.children[0].1[0][0].kind, Kind::Int);
    }
}
