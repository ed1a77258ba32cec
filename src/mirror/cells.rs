//! A record as rows of a database: its leaves typed the way the Parquet export types them, and its
//! lists of objects (products, procedures, origins) as child rows keyed by the parent and position.

use rusqlite::types::Value as Sql;
use serde_json::{Map, Value};

use crate::output::{ColumnType as Kind, Scalar, When, cell_text, decimal_of, kind_of, when};

/// The suffix of the integer column beside each money column: its amount in centavos.
pub const CENTAVOS: &str = "_centavos";

/// One leaf of a record: its column, value and narrowest type.
pub struct Cell<'a> {
    pub column: String,
    pub value: &'a Value,
    pub kind: Kind,
    /// The column holds amounts of money (by its name, as the exports decide).
    pub money: bool,
}

/// A record split into the parent row's cells and its lists of objects, each to its child table.
pub struct Split<'a> {
    pub cells: Vec<Cell<'a>>,
    /// `(field, objects)`: the list's field name and its elements, in order.
    pub children: Vec<(String, &'a [Value])>,
}

/// The leaves of `record` (nested objects joined with `.`, as the CSV export names them). A list
/// whose elements are all objects also goes to a child table; the parent keeps its JSON text too,
/// so a change inside it is a change of the parent's field.
pub fn split<'a>(record: &'a Map<String, Value>, money: &dyn Fn(&str) -> bool) -> Split<'a> {
    let mut split = Split {
        cells: Vec::new(),
        children: Vec::new(),
    };
    leaves(record, "", money, &mut split);
    split
}

fn leaves<'a>(
    map: &'a Map<String, Value>,
    prefix: &str,
    money: &dyn Fn(&str) -> bool,
    split: &mut Split<'a>,
) {
    for (key, value) in map {
        let column = if prefix.is_empty() {
            crate::output::column_of_key(key)
        } else {
            format!("{prefix}.{}", crate::output::column_of_key(key))
        };
        match value {
            Value::Object(inner) if !inner.is_empty() => leaves(inner, &column, money, split),
            Value::Array(items) if !items.is_empty() && items.iter().all(Value::is_object) => {
                split.children.push((column.clone(), items.as_slice()));
                split.cells.push(cell(column, value, false));
            }
            other => {
                let is_money = money(&column);
                split.cells.push(cell(column, other, is_money));
            }
        }
    }
}

fn cell(column: String, value: &Value, money: bool) -> Cell<'_> {
    let text = cell_text(value);
    let kind = kind_of(Scalar::of(value), &text, money);
    Cell {
        column,
        value,
        kind,
        money,
    }
}

/// How a column of `kind` is declared. Money is exact decimal text (SQLite has no decimal type),
/// with its centavos in an integer column beside it.
pub fn declared(kind: Kind, money: bool) -> &'static str {
    match kind {
        Kind::Bool => "BOOLEAN",
        Kind::Int | Kind::WideInt => "INTEGER",
        Kind::Decimal if money => "TEXT",
        Kind::Decimal => "REAL",
        Kind::Date => "DATE",
        Kind::Timestamp => "TIMESTAMP",
        Kind::Empty | Kind::Text => "TEXT",
    }
}

/// `value` as a column of `kind` stores it. The column's type holds the value (it was widened to
/// do so before), so nothing here drops or rounds: what does not read as the type is its text.
pub fn stored(value: &Value, kind: Kind) -> Sql {
    let text = cell_text(value);
    if matches!(value, Value::Null) || (matches!(value, Value::String(_)) && text.is_empty()) {
        return Sql::Null;
    }
    let scalar = Scalar::of(value);
    match kind {
        Kind::Bool => match value {
            Value::Bool(b) => Sql::Integer(i64::from(*b)),
            _ => Sql::Text(text.into_owned()),
        },
        Kind::Int | Kind::WideInt => match text.parse::<i64>() {
            Ok(n) => Sql::Integer(n),
            Err(_) => Sql::Text(text.into_owned()),
        },
        Kind::Decimal => match decimal_of(scalar, &text) {
            Some(units) => Sql::Text(decimal_text(units)),
            None => Sql::Text(text.into_owned()),
        },
        Kind::Date | Kind::Timestamp => match when(&text) {
            Some(When::Date(d)) => Sql::Text(d.format("%Y-%m-%d").to_string()),
            Some(When::DateTime(t)) => Sql::Text(t.format("%Y-%m-%d %H:%M:%S").to_string()),
            None => Sql::Text(text.into_owned()),
        },
        Kind::Empty | Kind::Text => Sql::Text(text.into_owned()),
    }
}

/// A non-money decimal column holds a number, read from the value's exact text.
pub fn stored_real(value: &Value) -> Sql {
    match stored(value, Kind::Decimal) {
        Sql::Text(t) => t.parse::<f64>().map(Sql::Real).unwrap_or(Sql::Text(t)),
        other => other,
    }
}

/// The centavos of a money value, when it is an amount.
pub fn centavos(value: &Value) -> Sql {
    let text = cell_text(value);
    decimal_of(Scalar::of(value), &text)
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
pub fn field_names(map: &Map<String, Value>) -> String {
    let names: Vec<&str> = map.keys().take(20).map(String::as_str).collect();
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

    #[test]
    fn money_is_exact_text_with_its_centavos_and_dates_are_iso() {
        assert_eq!(
            stored(&json!(3120.0), Kind::Decimal),
            Sql::Text("3120.00".into())
        );
        assert_eq!(
            stored(&json!("1.234,56"), Kind::Decimal),
            Sql::Text("1234.56".into())
        );
        assert_eq!(centavos(&json!("1.234,56")), Sql::Integer(123_456));
        assert_eq!(centavos(&json!(-0.05)), Sql::Integer(-5));
        assert_eq!(
            stored(&json!("25/06/2023"), Kind::Date),
            Sql::Text("2023-06-25".into())
        );
        assert_eq!(stored(&json!("007"), Kind::Text), Sql::Text("007".into()));
        assert_eq!(stored(&json!(""), Kind::Int), Sql::Null);
        // A value wider than its column's type is kept as its text, never lost.
        assert_eq!(stored(&json!("abc"), Kind::Int), Sql::Text("abc".into()));
    }

    #[test]
    fn lists_of_objects_become_children_and_keep_their_text() {
        let record =
            json!({"id": 1, "end": {"cidade": "X"}, "procedimentos": [{"a": 1}], "tags": [1, 2]});
        let split = split(record.as_object().unwrap(), &|c| c == "valor");
        let columns: Vec<&str> = split.cells.iter().map(|c| c.column.as_str()).collect();
        assert_eq!(columns, ["id", "end.cidade", "procedimentos", "tags"]);
        assert_eq!(split.children.len(), 1);
        assert_eq!(split.children[0].0, "procedimentos");
    }
}
