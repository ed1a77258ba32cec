//! Rows held in memory up to a bound, then moved to an anonymous temporary file, so that a walk of
//! millions of records costs disk, not memory. Each spilled row is one line of compact JSON (an
//! array of cells: texts, or JSON values for formats that keep types), which keeps every cell
//! exact and every row on one line.

use std::fs::File;
use std::io::{self, BufRead, BufReader, BufWriter, Seek, SeekFrom, Write};
use std::marker::PhantomData;

use serde::Serialize;
use serde::de::DeserializeOwned;
use serde_json::Value;

use super::flatten::cell_text;

/// What a row holds in each column: text (csv, tsv, table) or the JSON value itself (xlsx).
pub(crate) trait Cell:
    Serialize + DeserializeOwned + Clone + Default + Send + 'static
{
    fn of(value: &Value) -> Self;
    fn is_blank(&self) -> bool;
}

impl Cell for String {
    fn of(value: &Value) -> Self {
        cell_text(value).into_owned()
    }
    fn is_blank(&self) -> bool {
        self.is_empty()
    }
}

impl Cell for Value {
    fn of(value: &Value) -> Self {
        value.clone()
    }
    fn is_blank(&self) -> bool {
        self.is_null()
    }
}

pub(crate) type Row<C = String> = Vec<C>;

pub(crate) struct RowStore<C: Cell = String> {
    memory: Vec<Row<C>>,
    spill: Option<BufWriter<File>>,
    memory_limit: usize,
}

impl<C: Cell> RowStore<C> {
    /// Rows beyond `memory_limit` send everything to disk.
    pub(crate) fn new(memory_limit: usize) -> Self {
        Self {
            memory: Vec::new(),
            spill: None,
            memory_limit,
        }
    }

    pub(crate) fn push(&mut self, row: Row<C>) -> io::Result<()> {
        if let Some(file) = &mut self.spill {
            return write_row(file, row);
        }
        self.memory.push(row);
        if self.memory.len() > self.memory_limit {
            self.move_to_disk()?;
        }
        Ok(())
    }

    fn move_to_disk(&mut self) -> io::Result<()> {
        let mut file = BufWriter::new(tempfile::tempfile().map_err(spill_error)?);
        for row in std::mem::take(&mut self.memory) {
            write_row(&mut file, row)?;
        }
        self.spill = Some(file);
        Ok(())
    }

    #[cfg(test)]
    pub(crate) fn is_spilled(&self) -> bool {
        self.spill.is_some()
    }

    /// All rows in the order they were pushed. Spilled rows may be shorter than the final column
    /// list (trailing empty cells are not stored); the reader pads them.
    pub(crate) fn into_rows(self) -> io::Result<Rows<C>> {
        let Some(file) = self.spill else {
            return Ok(Rows::Memory(self.memory.into_iter()));
        };
        let mut file = file.into_inner().map_err(|e| spill_error(e.into_error()))?;
        file.seek(SeekFrom::Start(0)).map_err(spill_error)?;
        Ok(Rows::Spilled(BufReader::new(file).lines(), PhantomData))
    }
}

fn write_row<C: Cell>(file: &mut BufWriter<File>, mut row: Row<C>) -> io::Result<()> {
    while row.last().is_some_and(C::is_blank) {
        row.pop();
    }
    serde_json::to_writer(&mut *file, &row).map_err(io::Error::from)?;
    file.write_all(b"\n").map_err(spill_error)
}

/// A failure of the temporary file for buffered rows, said as such.
pub(crate) fn spill_error(error: io::Error) -> io::Error {
    io::Error::new(
        error.kind(),
        crate::t!(
            "output-spill-failed",
            reason = crate::error::io_reason(&error)
        ),
    )
}

pub(crate) enum Rows<C: Cell = String> {
    Memory(std::vec::IntoIter<Row<C>>),
    Spilled(io::Lines<BufReader<File>>, PhantomData<C>),
}

impl<C: Cell> Iterator for Rows<C> {
    type Item = io::Result<Row<C>>;

    fn next(&mut self) -> Option<Self::Item> {
        match self {
            Rows::Memory(rows) => rows.next().map(Ok),
            Rows::Spilled(lines, _) => lines.next().map(|line| {
                let line = line.map_err(spill_error)?;
                serde_json::from_str(&line).map_err(io::Error::other)
            }),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn row(cells: &[&str]) -> Row {
        cells.iter().map(|c| c.to_string()).collect()
    }

    fn read_all<C: Cell>(store: RowStore<C>) -> Vec<Row<C>> {
        store.into_rows().unwrap().map(Result::unwrap).collect()
    }

    #[test]
    fn rows_within_the_limit_stay_in_memory() {
        let mut store = RowStore::<String>::new(2);
        store.push(row(&["a", "b"])).unwrap();
        store.push(row(&["c", ""])).unwrap();
        assert!(!store.is_spilled());
        assert_eq!(read_all(store), [row(&["a", "b"]), row(&["c", ""])]);
    }

    #[test]
    fn spilled_rows_come_back_in_order_with_exact_text() {
        let hostile = "Olá \"x\",\n\ttab\\ \u{1b}[31m";
        let mut store = RowStore::<String>::new(1);
        store.push(row(&["1", hostile])).unwrap();
        store.push(row(&["2", "", ""])).unwrap();
        store.push(row(&["", "3"])).unwrap();
        assert!(store.is_spilled());
        assert_eq!(
            read_all(store),
            [row(&["1", hostile]), row(&["2"]), row(&["", "3"])]
        );
    }

    #[test]
    fn typed_rows_keep_their_json_types_through_the_spill_file() {
        let mut store = RowStore::<Value>::new(0);
        let typed = vec![
            serde_json::json!(1.5),
            serde_json::json!("1.5"),
            serde_json::json!(true),
            Value::Null,
            serde_json::json!([1]),
            Value::Null,
        ];
        store.push(typed.clone()).unwrap();
        assert!(store.is_spilled());
        assert_eq!(read_all(store), [typed[..5].to_vec()]);
    }
}
