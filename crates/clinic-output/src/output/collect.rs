//! Records whose columns are not known in advance: rows are stored while the column union grows,
//! and handed back with the final column list once every record has been seen.

use std::io;

use serde_json::Value;

use super::columns::Columns;
use super::flatten::leaves;
use super::spill::{Cell, Row, RowStore};

pub(crate) struct Collector<C: Cell = String> {
    columns: Columns,
    rows: RowStore<C>,
}

impl<C: Cell> Collector<C> {
    pub(crate) fn new(memory_limit: usize) -> Self {
        Self {
            columns: Columns::default(),
            rows: RowStore::new(memory_limit),
        }
    }

    pub(crate) fn push(&mut self, record: &Value) -> io::Result<()> {
        let row = row_of(&mut self.columns, record);
        self.rows.push(row)
    }

    /// The column union in first-seen order, and every row padded to its full width.
    pub(crate) fn finish(
        self,
    ) -> io::Result<(Vec<String>, impl Iterator<Item = io::Result<Row<C>>>)> {
        let names = self.columns.into_names();
        let width = names.len();
        let rows = self.rows.into_rows()?.map(move |row| {
            row.map(|mut row| {
                row.resize(width, C::default());
                row
            })
        });
        Ok((names, rows))
    }
}

/// Cells placed by column position, new columns appended to `columns`; columns this record lacks
/// stay empty (the row may be shorter than the column list).
pub(crate) fn row_of<C: Cell>(columns: &mut Columns, record: &Value) -> Row<C> {
    let mut row = Row::new();
    for (key, value) in leaves(record) {
        let position = columns.position(&key);
        if position >= row.len() {
            row.resize(position + 1, C::default());
        }
        row[position] = C::of(value);
    }
    row
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn collect(records: &[Value], memory_limit: usize) -> (Vec<String>, Vec<Row>) {
        let mut collector = Collector::<String>::new(memory_limit);
        for record in records {
            collector.push(record).unwrap();
        }
        let (names, rows) = collector.finish().unwrap();
        (names, rows.map(Result::unwrap).collect())
    }

    #[test]
    fn columns_are_the_union_in_first_seen_order_in_memory_and_spilled() {
        let records = [
            json!({"b": 1, "a": {"x": 2}}),
            json!({"c": 3, "b": 4}),
            json!("bare"),
            json!({"a": {"y": null, "x": 5}}),
        ];
        for memory_limit in [100, 1, 0] {
            let (names, rows) = collect(&records, memory_limit);
            assert_eq!(names, ["b", "a.x", "c", "value", "a.y"]);
            assert_eq!(
                rows,
                [
                    ["1", "2", "", "", ""],
                    ["4", "", "3", "", ""],
                    ["", "", "", "bare", ""],
                    ["", "5", "", "", ""],
                ]
            );
        }
    }
}
