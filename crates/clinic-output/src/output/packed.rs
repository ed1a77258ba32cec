//! Rows of typed cells, each row packed into one run of bytes, kept in memory up to a bound and
//! then appended to an anonymous temporary file: how Parquet holds a walk of millions of records
//! until the last one has fixed every column's type. One buffer a row, not one allocation a cell,
//! and the file holds the very bytes that were in memory.
//!
//! A row is the length of its heads (LEB128), its heads, then its texts one after the other. A
//! head is: column position (LEB128), a tag the caller gives meaning to (one byte; its high bit
//! says a number follows), that number (zigzag LEB128) and the text's length (LEB128). The texts
//! sit together so that reading a row back checks them as UTF-8 in one pass, not one call a cell;
//! the number is what the caller already read from the text (a date's day, an amount's cents), so
//! that nothing is parsed twice. On disk each row is preceded by its length (LEB128).

use std::fs::File;
use std::io::{self, BufRead, BufReader, BufWriter, Read, Seek, SeekFrom, Write};

use super::spill::spill_error;

/// The tag bit that says a number follows.
const NUMBERED: u8 = 0x80;

/// A row being packed.
#[derive(Default)]
pub(crate) struct PackedRow {
    heads: Vec<u8>,
    texts: Vec<u8>,
}

impl PackedRow {
    /// Adds a cell: its column, a tag below 0x80, the number read from its text if any, and the
    /// text itself.
    #[inline]
    pub(crate) fn cell(&mut self, position: usize, tag: u8, number: Option<i64>, text: &str) {
        debug_assert!(tag < NUMBERED);
        put_number(&mut self.heads, position as u64);
        match number {
            Some(number) => {
                self.heads.push(tag | NUMBERED);
                put_number(&mut self.heads, zigzag(number));
            }
            None => self.heads.push(tag),
        }
        put_number(&mut self.heads, text.len() as u64);
        self.texts.extend_from_slice(text.as_bytes());
    }

    /// Forgets the cells packed so far.
    pub(crate) fn clear(&mut self) {
        self.heads.clear();
        self.texts.clear();
    }

    /// The row's bytes once stored, without its own length.
    fn stored_len(&self) -> usize {
        let mut room = [0u8; 10];
        leb128(&mut room, self.heads.len() as u64).len() + self.heads.len() + self.texts.len()
    }

    fn store(&self, out: &mut Vec<u8>) {
        put_number(out, self.stored_len() as u64);
        put_number(out, self.heads.len() as u64);
        out.extend_from_slice(&self.heads);
        out.extend_from_slice(&self.texts);
    }
}

fn zigzag(n: i64) -> u64 {
    ((n << 1) ^ (n >> 63)) as u64
}

fn unzigzag(n: u64) -> i64 {
    ((n >> 1) as i64) ^ -((n & 1) as i64)
}

#[inline]
fn put_number(out: &mut Vec<u8>, n: u64) {
    if n < 0x80 {
        out.push(n as u8);
        return;
    }
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
#[inline]
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

/// One cell read back.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Cell<'a> {
    pub(crate) position: usize,
    pub(crate) tag: u8,
    pub(crate) number: Option<i64>,
    pub(crate) text: &'a str,
}

/// The cells of a packed row. Bytes that do not read back (a damaged temporary file) are an
/// error, never a wrong cell.
pub(crate) fn cells(row: &[u8]) -> Cells<'_> {
    let mut at = 0;
    let split = take_number(row, &mut at)
        .and_then(|len| usize::try_from(len).ok())
        .and_then(|len| Some((row.get(at..at.checked_add(len)?)?, &row[at + len..])))
        .and_then(|(heads, texts)| Some((heads, std::str::from_utf8(texts).ok()?)));
    match split {
        Some((heads, texts)) => Cells {
            heads,
            texts,
            at: 0,
            text_at: 0,
            damaged: false,
        },
        None => Cells {
            heads: &[],
            texts: "",
            at: 0,
            text_at: 0,
            damaged: true,
        },
    }
}

pub(crate) struct Cells<'a> {
    heads: &'a [u8],
    texts: &'a str,
    at: usize,
    text_at: usize,
    damaged: bool,
}

impl<'a> Cells<'a> {
    fn next_cell(&mut self) -> Option<Cell<'a>> {
        let heads = self.heads;
        let position = usize::try_from(take_number(heads, &mut self.at)?).ok()?;
        let tag = *heads.get(self.at)?;
        self.at += 1;
        let number = if tag & NUMBERED != 0 {
            Some(unzigzag(take_number(heads, &mut self.at)?))
        } else {
            None
        };
        let len = usize::try_from(take_number(heads, &mut self.at)?).ok()?;
        let end = self.text_at.checked_add(len)?;
        // `get` refuses a range that splits a character: damaged lengths are caught here.
        let text = self.texts.get(self.text_at..end)?;
        self.text_at = end;
        Some(Cell {
            position,
            tag: tag & !NUMBERED,
            number,
            text,
        })
    }
}

impl<'a> Iterator for Cells<'a> {
    type Item = io::Result<Cell<'a>>;

    #[inline]
    fn next(&mut self) -> Option<Self::Item> {
        if self.damaged {
            self.damaged = false;
            self.at = self.heads.len();
            return Some(Err(damaged()));
        }
        if self.at == self.heads.len() {
            // Every text belongs to a cell: bytes left over mean the row is not what was packed.
            return (self.text_at != self.texts.len()).then(|| {
                self.text_at = self.texts.len();
                Err(damaged())
            });
        }
        Some(self.next_cell().ok_or_else(|| {
            self.at = self.heads.len();
            self.text_at = self.texts.len();
            damaged()
        }))
    }
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
    /// The longest row stored: a length read back beyond it is damage, not a row to make room for.
    longest: usize,
}

impl PackedRows {
    /// Rows beyond `memory_limit` send everything to disk.
    pub(crate) fn new(memory_limit: usize) -> Self {
        Self {
            memory: Vec::new(),
            rows_in_memory: 0,
            memory_limit,
            spill: None,
            longest: 0,
        }
    }

    /// Stores the row and empties it for the next one.
    pub(crate) fn push(&mut self, row: &mut PackedRow) -> io::Result<()> {
        self.longest = self.longest.max(row.stored_len());
        match &mut self.spill {
            Some(file) => {
                let (mut stored, mut heads) = ([0u8; 10], [0u8; 10]);
                file.write_all(leb128(&mut stored, row.stored_len() as u64))
                    .map_err(spill_error)?;
                file.write_all(leb128(&mut heads, row.heads.len() as u64))
                    .map_err(spill_error)?;
                file.write_all(&row.heads).map_err(spill_error)?;
                file.write_all(&row.texts).map_err(spill_error)?;
            }
            None => {
                row.store(&mut self.memory);
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
        row.clear();
        Ok(())
    }

    #[cfg(test)]
    pub(crate) fn is_spilled(&self) -> bool {
        self.spill.is_some()
    }

    /// Reads the rows back from the first.
    pub(crate) fn into_reader(self) -> io::Result<RowReader> {
        let source = match self.spill {
            None => Source::Memory(self.memory, 0),
            Some(file) => {
                let mut file = file.into_inner().map_err(|e| spill_error(e.into_error()))?;
                file.seek(SeekFrom::Start(0)).map_err(spill_error)?;
                Source::File {
                    file: BufReader::with_capacity(1 << 16, file),
                    lent: 0,
                }
            }
        };
        Ok(RowReader {
            source,
            longest: self.longest,
        })
    }
}

enum Source {
    /// The rows, and where the next one starts: rows in memory are read where they are.
    Memory(Vec<u8>, usize),
    /// Rows on disk, and the length of the row last lent from the reader's buffer, consumed
    /// when the next is asked for: a row that lies whole in the buffer is read there, not copied.
    File { file: BufReader<File>, lent: usize },
}

pub(crate) struct RowReader {
    source: Source,
    longest: usize,
}

impl RowReader {
    /// The next row (in memory where it lies, or read into `room`); `None` after the last.
    pub(crate) fn next<'a>(&'a mut self, room: &'a mut Vec<u8>) -> io::Result<Option<&'a [u8]>> {
        match &mut self.source {
            Source::Memory(bytes, at) => {
                if *at == bytes.len() {
                    return Ok(None);
                }
                let length = take_number(bytes, at)
                    .and_then(|n| usize::try_from(n).ok())
                    .ok_or_else(damaged)?;
                let start = *at;
                let row = start
                    .checked_add(length)
                    .and_then(|end| bytes.get(start..end))
                    .ok_or_else(damaged)?;
                *at = start + length;
                Ok(Some(row))
            }
            Source::File { file, lent } => {
                file.consume(std::mem::take(lent));
                let Some(length) = read_length(file)? else {
                    return Ok(None);
                };
                // The length comes from the file: it is trusted only as far as the rows went in.
                if length > self.longest as u64 {
                    return Err(damaged());
                }
                let length = length as usize;
                if file.fill_buf().map_err(spill_error)?.len() >= length {
                    *lent = length;
                    return Ok(Some(&file.buffer()[..length]));
                }
                room.clear();
                room.resize(length, 0);
                file.read_exact(room).map_err(|e| match e.kind() {
                    io::ErrorKind::UnexpectedEof => damaged(),
                    _ => spill_error(e),
                })?;
                Ok(Some(room))
            }
        }
    }
}

/// A row's length; `None` at the end of the file.
fn read_length(file: &mut impl BufRead) -> io::Result<Option<u64>> {
    let mut length = 0u64;
    for shift in (0..64).step_by(7) {
        let byte = match file.fill_buf().map_err(spill_error)?.first() {
            Some(&byte) => byte,
            None if shift == 0 => return Ok(None),
            None => return Err(damaged()),
        };
        file.consume(1);
        length |= u64::from(byte & 0x7f) << shift;
        if byte < 0x80 {
            return Ok(Some(length));
        }
    }
    Err(damaged())
}

#[cfg(test)]
mod tests {
    use super::*;

    type Cells = Vec<(usize, u8, Option<i64>, String)>;

    fn stored(rows: &[Cells], memory_limit: usize) -> (bool, Vec<Cells>) {
        let mut store = PackedRows::new(memory_limit);
        let mut packed = PackedRow::default();
        for row in rows {
            for (position, tag, number, text) in row {
                packed.cell(*position, *tag, *number, text);
            }
            store.push(&mut packed).unwrap();
        }
        let spilled = store.is_spilled();
        let mut reader = store.into_reader().unwrap();
        let mut back = Vec::new();
        let mut room = Vec::new();
        while let Some(bytes) = reader.next(&mut room).unwrap() {
            back.push(
                cells(bytes)
                    .map(|cell| cell.map(|c| (c.position, c.tag, c.number, c.text.to_owned())))
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
                (0, 2, Some(312_000), "3120.0".into()),
                (1, 3, None, hostile.into()),
                (200, 3, None, "".into()),
            ],
            vec![],
            vec![
                (3, 1, Some(i64::MIN), "true".into()),
                (1, 4, Some(i64::MAX), "[1,{\"a\":null}]".into()),
                (2, 0x7f, Some(-1), long.clone()),
                (130, 0, Some(0), "".into()),
            ],
        ];
        for (limit, spills) in [(10, false), (1, true), (0, true)] {
            let (spilled, back) = stored(&rows, limit);
            assert_eq!(spilled, spills);
            assert_eq!(back, rows);
        }
    }

    /// Spilled rows are read in the reader's buffer when they lie whole in it, and copied out when
    /// they straddle its end: both come back the same.
    #[test]
    fn rows_across_the_read_buffer_come_back_whole() {
        let rows: Vec<Cells> = (0..300)
            .map(|i| {
                vec![
                    (i, 3, None, "ç".repeat(i * 7 % 1500)),
                    (i + 1, 2, Some(-(i as i64)), i.to_string()),
                ]
            })
            .collect();
        let (spilled, back) = stored(&rows, 0);
        assert!(spilled);
        assert_eq!(back, rows);
    }

    #[test]
    fn damaged_bytes_are_an_error_not_a_cell() {
        for bytes in [
            // No heads' length, or heads beyond the row.
            &[0x80][..],
            &[9, 0, 3],
            // A text beyond the texts, one that splits a character, one that is not UTF-8.
            &[3, 0, 3, 5, b'x'],
            &[3, 0, 3, 1, 0xc3, 0xa9],
            &[3, 0, 3, 1, 0xff],
            // A number that never ends; texts no cell owns.
            &[3, 0, 0x83, 0x80, 0x80],
            &[3, 0, 3, 0, b'x'],
        ] {
            assert!(cells(bytes).any(|cell| cell.is_err()), "{bytes:?}");
        }
        let mut reader = RowReader {
            source: Source::Memory(vec![5u8, 1, 2], 0),
            longest: 5,
        };
        assert!(reader.next(&mut Vec::new()).is_err());
        for bytes in [
            vec![5u8, 1, 2],
            vec![0xff; 9].into_iter().chain([0x7f]).collect(),
            vec![0x7f],
        ] {
            let mut file = tempfile::tempfile().unwrap();
            file.write_all(&bytes).unwrap();
            file.seek(SeekFrom::Start(0)).unwrap();
            let mut reader = RowReader {
                source: Source::File {
                    file: BufReader::new(file),
                    lent: 0,
                },
                longest: 5,
            };
            assert!(reader.next(&mut Vec::new()).is_err(), "{bytes:?}");
        }
    }
}
