//! Rows of typed cells, each row packed into one run of bytes, kept in memory up to a bound and
//! then appended to an anonymous temporary file: how Parquet holds a walk of millions of records
//! until the last one has fixed every column's type. One buffer a row, not one allocation a cell,
//! and the file holds the very bytes that were in memory.
//!
//! A row is its non-null cells in turn, each as: column position (LEB128), JSON type (one byte),
//! text length (LEB128) and the text. On disk each row is preceded by its length (LEB128).

use std::fs::File;
use std::io::{self, BufRead, BufReader, BufWriter, Read, Seek, SeekFrom, Write};

use super::flatten::Scalar;
use super::spill::spill_error;

/// A row being packed.
#[derive(Default)]
pub(crate) struct PackedRow {
    bytes: Vec<u8>,
}

impl PackedRow {
    /// Adds a cell; a null needs no room (a missing cell reads back as null).
    pub(crate) fn cell(&mut self, position: usize, scalar: Scalar, text: &str) {
        if scalar == Scalar::Null {
            return;
        }
        put_number(&mut self.bytes, position as u64);
        self.bytes.push(tag_of(scalar));
        put_number(&mut self.bytes, text.len() as u64);
        self.bytes.extend_from_slice(text.as_bytes());
    }
}

fn tag_of(scalar: Scalar) -> u8 {
    match scalar {
        Scalar::Null => 0,
        Scalar::Bool => 1,
        Scalar::Number => 2,
        Scalar::String => 3,
        Scalar::Compound => 4,
    }
}

fn scalar_of(tag: u8) -> Option<Scalar> {
    Some(match tag {
        0 => Scalar::Null,
        1 => Scalar::Bool,
        2 => Scalar::Number,
        3 => Scalar::String,
        4 => Scalar::Compound,
        _ => return None,
    })
}

fn put_number(out: &mut Vec<u8>, n: u64) {
    out.extend_from_slice(leb128(&mut [0; 10], n));
}

/// `n` as LEB128 in `room`: the bytes used.
fn leb128(room: &mut [u8; 10], mut n: u64) -> &[u8] {
    let mut used = 0;
    while n >= 0x80 {
        room[used] = (n as u8) | 0x80;
        n >>= 7;
        used += 1;
    }
    room[used] = n as u8;
    &room[..=used]
}

/// The number at `*at`, moving past it; `None` when the bytes end first or it overflows.
fn take_number(bytes: &[u8], at: &mut usize) -> Option<u64> {
    let mut n = 0u64;
    for shift in (0..64).step_by(7) {
        let byte = *bytes.get(*at)?;
        *at += 1;
        n |= u64::from(byte & 0x7f) << shift;
        if byte < 0x80 {
            return Some(n);
        }
    }
    None
}

/// The cells of a packed row: `(position, type, text)`. Bytes that do not read back (a damaged
/// temporary file) are an error, never a wrong cell.
pub(crate) fn cells(row: &[u8]) -> impl Iterator<Item = io::Result<(usize, Scalar, &str)>> {
    let mut at = 0;
    std::iter::from_fn(move || {
        if at == row.len() {
            return None;
        }
        Some(next_cell(row, &mut at).ok_or_else(damaged))
    })
}

fn next_cell<'a>(row: &'a [u8], at: &mut usize) -> Option<(usize, Scalar, &'a str)> {
    let position = usize::try_from(take_number(row, at)?).ok()?;
    let scalar = scalar_of(*row.get(*at)?)?;
    *at += 1;
    let len = usize::try_from(take_number(row, at)?).ok()?;
    let text = row.get(*at..at.checked_add(len)?)?;
    *at += len;
    Some((position, scalar, std::str::from_utf8(text).ok()?))
}

fn damaged() -> io::Error {
    spill_error(io::Error::new(
        io::ErrorKind::InvalidData,
        "a row did not read back",
    ))
}

/// Packed rows in the order they came.
pub(crate) struct PackedRows {
    /// Rows in memory, each preceded by its length.
    memory: Vec<u8>,
    rows_in_memory: usize,
    memory_limit: usize,
    spill: Option<BufWriter<File>>,
}

impl PackedRows {
    /// Rows beyond `memory_limit` send everything to disk.
    pub(crate) fn new(memory_limit: usize) -> Self {
        Self {
            memory: Vec::new(),
            rows_in_memory: 0,
            memory_limit,
            spill: None,
        }
    }

    /// Stores the row and empties it for the next one.
    pub(crate) fn push(&mut self, row: &mut PackedRow) -> io::Result<()> {
        let mut room = [0u8; 10];
        let length = leb128(&mut room, row.bytes.len() as u64);
        match &mut self.spill {
            Some(file) => {
                file.write_all(length).map_err(spill_error)?;
                file.write_all(&row.bytes).map_err(spill_error)?;
            }
            None => {
                self.memory.extend_from_slice(length);
                self.memory.extend_from_slice(&row.bytes);
                self.rows_in_memory += 1;
                if self.rows_in_memory > self.memory_limit {
                    let mut file = BufWriter::with_capacity(
                        1 << 16,
                        tempfile::tempfile().map_err(spill_error)?,
                    );
                    file.write_all(&self.memory).map_err(spill_error)?;
                    self.memory = Vec::new();
                    self.spill = Some(file);
                }
            }
        }
        row.bytes.clear();
        Ok(())
    }

    #[cfg(test)]
    pub(crate) fn is_spilled(&self) -> bool {
        self.spill.is_some()
    }

    /// Reads the rows back from the first.
    pub(crate) fn into_reader(self) -> io::Result<RowReader> {
        let source: Box<dyn BufRead + Send> = match self.spill {
            None => Box::new(io::Cursor::new(self.memory)),
            Some(file) => {
                let mut file = file.into_inner().map_err(|e| spill_error(e.into_error()))?;
                file.seek(SeekFrom::Start(0)).map_err(spill_error)?;
                Box::new(BufReader::with_capacity(1 << 16, file))
            }
        };
        Ok(RowReader { source })
    }
}

pub(crate) struct RowReader {
    source: Box<dyn BufRead + Send>,
}

impl RowReader {
    /// The next row into `row` (replacing what it held); `false` after the last.
    pub(crate) fn next_into(&mut self, row: &mut Vec<u8>) -> io::Result<bool> {
        let mut length = 0u64;
        for shift in (0..64).step_by(7) {
            let mut byte = [0u8];
            if self.source.read(&mut byte).map_err(spill_error)? == 0 {
                return if shift == 0 {
                    Ok(false)
                } else {
                    Err(damaged())
                };
            }
            length |= u64::from(byte[0] & 0x7f) << shift;
            if byte[0] < 0x80 {
                // The length comes from the file: it is trusted only as far as the bytes are there.
                row.clear();
                let read = (&mut self.source)
                    .take(length)
                    .read_to_end(row)
                    .map_err(spill_error)?;
                if read as u64 != length {
                    return Err(damaged());
                }
                return Ok(true);
            }
        }
        Err(damaged())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    type Cells = Vec<(usize, Scalar, String)>;

    fn stored(rows: &[Cells], memory_limit: usize) -> (bool, Vec<Cells>) {
        let mut store = PackedRows::new(memory_limit);
        let mut packed = PackedRow::default();
        for row in rows {
            for (position, scalar, text) in row {
                packed.cell(*position, *scalar, text);
            }
            store.push(&mut packed).unwrap();
        }
        let spilled = store.is_spilled();
        let mut reader = store.into_reader().unwrap();
        let mut back = Vec::new();
        let mut bytes = Vec::new();
        while reader.next_into(&mut bytes).unwrap() {
            back.push(
                cells(&bytes)
                    .map(|cell| cell.map(|(p, s, t)| (p, s, t.to_owned())))
                    .collect::<io::Result<Cells>>()
                    .unwrap(),
            );
        }
        (spilled, back)
    }

    #[test]
    fn rows_come_back_in_order_with_exact_cells_in_memory_and_spilled() {
        let hostile = "Olá \"x\",\n\ttab\\ \u{1b}[31m\u{0}";
        let long = "é".repeat(300);
        let rows: Vec<Cells> = vec![
            vec![
                (0, Scalar::Number, "3120.0".into()),
                (1, Scalar::String, hostile.into()),
                (200, Scalar::String, "".into()),
            ],
            vec![],
            vec![
                (3, Scalar::Bool, "true".into()),
                (1, Scalar::Compound, "[1,{\"a\":null}]".into()),
                (2, Scalar::String, long.clone()),
            ],
        ];
        for (limit, spills) in [(10, false), (1, true), (0, true)] {
            let (spilled, back) = stored(&rows, limit);
            assert_eq!(spilled, spills);
            assert_eq!(back, rows);
        }
    }

    #[test]
    fn nulls_take_no_room_and_read_back_as_missing() {
        let (_, back) = stored(&[vec![(0, Scalar::Null, String::new())]], 5);
        assert_eq!(back, [Vec::new()]);
    }

    #[test]
    fn damaged_bytes_are_an_error_not_a_cell() {
        for bytes in [
            &[0x80][..],
            &[0, 9, 1, b'x'],
            &[0, 3, 5, b'x'],
            &[0, 3, 1, 0xff],
        ] {
            assert!(cells(bytes).any(|cell| cell.is_err()), "{bytes:?}");
        }
        for bytes in [
            vec![5u8, 1, 2],
            vec![0xff; 9].into_iter().chain([0x7f]).collect(),
        ] {
            let mut reader = RowReader {
                source: Box::new(io::Cursor::new(bytes)),
            };
            assert!(reader.next_into(&mut Vec::new()).is_err());
        }
    }
}
