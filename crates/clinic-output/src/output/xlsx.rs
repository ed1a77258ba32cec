//! Excel workbooks with typed cells. Numbers are stored as numbers (money columns with a
//! `R$ #.##0,00` format), dates and date-times as dates whether the service wrote `YYYY-MM-DD` or
//! `DD/MM/YYYY`, text always as text (a string cell is never a formula, whatever it starts with),
//! arrays and objects as JSON text. The sheet has a frozen header, an autofilter and column widths
//! fitted to the longest cell.
//!
//! The workbook is written in rust_xlsxwriter's constant-memory mode: each row goes to a temporary
//! file as soon as the next one starts, so a million rows cost disk, not memory. Rows beyond
//! Excel's limit of 1,048,576 per sheet continue on a new sheet under the same header.

use std::io::{self, Write};

use rust_xlsxwriter::{ExcelDateTime, Format, Workbook, XlsxError};
use serde_json::Value;

use super::collect::Collector;
use super::flatten::lookup;
use super::numbers::{When, is_plain_decimal, when};
use crate::money::{Money, is_money_column};
use rust_decimal::prelude::ToPrimitive;

/// Rows per sheet, the header included (Excel's own limit).
const SHEET_ROWS: u32 = 1_048_576;
/// Excel keeps at most this many characters in a cell.
const CELL_CHARS: usize = 32_767;
/// Column widths, in characters.
const MIN_WIDTH: usize = 6;
const MAX_WIDTH: usize = 60;

const MONEY_FORMAT: &str = "\"R$\" #,##0.00";
const DATE_FORMAT: &str = "dd/mm/yyyy";
const DATE_TIME_FORMAT: &str = "dd/mm/yyyy hh:mm:ss";

pub(crate) struct XlsxWriter {
    layout: Layout,
    book: Book,
}

enum Layout {
    /// `--columns`: the header is known, rows go straight to the sheet.
    Selected(Vec<String>),
    /// Columns discovered from every record: rows wait (spilled to disk) for the last one.
    Discovered(Collector<Value>),
}

impl XlsxWriter {
    pub(crate) fn selected(columns: Vec<String>) -> io::Result<Self> {
        let mut book = Book::new()?;
        book.start(columns.clone())?;
        Ok(Self {
            layout: Layout::Selected(columns),
            book,
        })
    }

    pub(crate) fn discovered(memory_rows: usize) -> io::Result<Self> {
        Ok(Self {
            layout: Layout::Discovered(Collector::new(memory_rows)),
            book: Book::new()?,
        })
    }

    pub(crate) fn record(&mut self, record: &Value) -> io::Result<()> {
        match &mut self.layout {
            Layout::Selected(columns) => {
                let cells: Vec<&Value> = columns
                    .iter()
                    .map(|column| lookup(record, column).unwrap_or(&Value::Null))
                    .collect();
                self.book.row(&cells)
            }
            Layout::Discovered(collector) => collector.push(record),
        }
    }

    /// Writes the discovered rows, then the whole workbook into `out`.
    pub(crate) fn finish(mut self, out: &mut (dyn Write + Send)) -> io::Result<()> {
        if let Layout::Discovered(collector) = self.layout {
            let (names, rows) = collector.finish()?;
            if !names.is_empty() {
                self.book.start(names)?;
                for row in rows {
                    let row = row?;
                    self.book.row(&row.iter().collect::<Vec<_>>())?;
                }
            }
        }
        self.book.save(out)
    }
}

/// The workbook being written: the current sheet, its next row, and what the widths need.
struct Book {
    workbook: Workbook,
    formats: Formats,
    header: Vec<String>,
    money: Vec<bool>,
    sheet: usize,
    next_row: u32,
    widths: Vec<usize>,
    started: bool,
}

struct Formats {
    header: Format,
    money: Format,
    date: Format,
    date_time: Format,
}

impl Book {
    fn new() -> io::Result<Self> {
        Ok(Self {
            workbook: Workbook::new(),
            formats: Formats {
                header: Format::new().set_bold(),
                money: Format::new().set_num_format(MONEY_FORMAT),
                date: Format::new().set_num_format(DATE_FORMAT),
                date_time: Format::new().set_num_format(DATE_TIME_FORMAT),
            },
            header: Vec::new(),
            money: Vec::new(),
            sheet: 0,
            next_row: 0,
            widths: Vec::new(),
            started: false,
        })
    }

    /// The first sheet, with its header.
    fn start(&mut self, header: Vec<String>) -> io::Result<()> {
        if header.len() > 16_384 {
            return Err(io::Error::other(crate::t!(
                "output-xlsx-too-many-columns",
                count = header.len() as u64
            )));
        }
        self.money = header.iter().map(|c| is_money_column(c)).collect();
        self.header = header;
        self.started = true;
        self.new_sheet()
    }

    fn new_sheet(&mut self) -> io::Result<()> {
        if self.sheet_count() > 0 {
            self.close_sheet()?;
        }
        let number = self.sheet_count() as u64 + 1;
        self.workbook
            .add_worksheet_with_constant_memory()
            .map_err(xlsx_error)?
            .set_name(crate::t!("output-xlsx-sheet-name", number = number))
            .map_err(xlsx_error)?;
        self.sheet = self.sheet_count() - 1;
        self.next_row = 0;
        self.widths = self.header.iter().map(|h| text_width(h) + 2).collect();
        let header = self.header.clone();
        let sheet = self
            .workbook
            .worksheet_from_index(self.sheet)
            .map_err(xlsx_error)?;
        for (col, name) in header.iter().enumerate() {
            sheet
                .write_string_with_format(0, col as u16, clip(name), &self.formats.header)
                .map_err(xlsx_error)?;
        }
        sheet.set_freeze_panes(1, 0).map_err(xlsx_error)?;
        self.next_row = 1;
        Ok(())
    }

    fn sheet_count(&mut self) -> usize {
        self.workbook.worksheets_mut().len()
    }

    /// Autofilter over what the sheet holds, and the widths its cells need.
    fn close_sheet(&mut self) -> io::Result<()> {
        let last_col = self.header.len().saturating_sub(1) as u16;
        let last_row = self.next_row.saturating_sub(1);
        let widths = std::mem::take(&mut self.widths);
        let sheet = self
            .workbook
            .worksheet_from_index(self.sheet)
            .map_err(xlsx_error)?;
        if !self.header.is_empty() {
            sheet
                .autofilter(0, 0, last_row, last_col)
                .map_err(xlsx_error)?;
        }
        for (col, width) in widths.into_iter().enumerate() {
            sheet
                .set_column_width(col as u16, width.clamp(MIN_WIDTH, MAX_WIDTH) as f64)
                .map_err(xlsx_error)?;
        }
        Ok(())
    }

    fn row(&mut self, cells: &[&Value]) -> io::Result<()> {
        if self.next_row >= SHEET_ROWS {
            self.new_sheet()?;
        }
        let row = self.next_row;
        // The row's money texts decide the one ambiguous spelling (`1.500`): see `crate::money`.
        let separator = crate::money::decimal_separator(
            cells
                .iter()
                .zip(&self.money)
                .filter(|(_, money)| **money)
                .map(|(cell, _)| *cell),
        );
        let sheet = self
            .workbook
            .worksheet_from_index(self.sheet)
            .map_err(xlsx_error)?;
        for (col, value) in cells.iter().enumerate() {
            let money = self
                .money
                .get(col)
                .copied()
                .unwrap_or(false)
                .then_some(separator);
            let width = write_cell(sheet, &self.formats, row, col as u16, value, money)
                .map_err(xlsx_error)?;
            if let Some(w) = self.widths.get_mut(col) {
                *w = (*w).max(width + 2);
            }
        }
        self.next_row += 1;
        Ok(())
    }

    fn save(mut self, out: &mut (dyn Write + Send)) -> io::Result<()> {
        if self.started {
            self.close_sheet()?;
        }
        self.workbook.save_to_writer(out).map_err(xlsx_error)
    }
}

/// Writes one cell by its JSON type; returns how many characters it shows, for the width. `money`
/// is set for a money column, with the decimal separator the row's money texts agree on: an amount
/// becomes a currency cell, and anything unreadable as money stays the text it came as.
fn write_cell(
    sheet: &mut rust_xlsxwriter::Worksheet,
    formats: &Formats,
    row: u32,
    col: u16,
    value: &Value,
    money: Option<Option<char>>,
) -> Result<usize, XlsxError> {
    if let Some(separator) = money
        && !matches!(value, Value::Null)
    {
        return match crate::money::amount(value, separator) {
            // A number only when the cell's float holds every digit; a longer amount stays text.
            Money::Amount(amount) => match amount
                .to_f64()
                .filter(|f| f.to_string().parse::<rust_decimal::Decimal>().ok() == Some(amount))
            {
                Some(number) => write_number(sheet, formats, row, col, number, true),
                None => write_text(sheet, row, col, &text_of(value)),
            },
            Money::Absent | Money::Unreadable => write_text(sheet, row, col, &text_of(value)),
        };
    }
    match value {
        Value::Null => Ok(0),
        Value::Bool(b) => {
            sheet.write_boolean(row, col, *b)?;
            Ok(5)
        }
        Value::Number(n) => match exact_f64(n) {
            Some(number) => write_number(sheet, formats, row, col, number, false),
            // An integer beyond 2^53 would lose digits as a number: keep them all as text.
            None => write_text(sheet, row, col, &n.to_string()),
        },
        Value::String(text) => {
            if is_plain_decimal(text)
                && let Ok(number) = text.parse::<f64>()
            {
                return write_number(sheet, formats, row, col, number, false);
            }
            // A date Excel cannot hold (before 1900) stays as the text it came as.
            // A cell holds no zone: a time with its zone shows as the profile zone's wall time.
            match when(text).map(When::in_profile_zone) {
                Some(When::Date(date)) => match excel_date(date, None) {
                    Ok(cell) => {
                        sheet.write_datetime_with_format(row, col, &cell, &formats.date)?;
                        Ok(10)
                    }
                    Err(_) => write_text(sheet, row, col, text),
                },
                Some(When::DateTime(at)) => match excel_date(at.date(), Some(at.time())) {
                    Ok(cell) => {
                        sheet.write_datetime_with_format(row, col, &cell, &formats.date_time)?;
                        Ok(19)
                    }
                    Err(_) => write_text(sheet, row, col, text),
                },
                // `in_profile_zone` leaves no instant.
                Some(When::Instant(_)) | None => write_text(sheet, row, col, text),
            }
        }
        Value::Array(_) | Value::Object(_) => write_text(sheet, row, col, &value.to_string()),
    }
}

/// A value as the text of a cell: strings as they are, anything else as JSON.
fn text_of(value: &Value) -> std::borrow::Cow<'_, str> {
    match value {
        Value::String(text) => std::borrow::Cow::Borrowed(text),
        other => std::borrow::Cow::Owned(other.to_string()),
    }
}

fn write_number(
    sheet: &mut rust_xlsxwriter::Worksheet,
    formats: &Formats,
    row: u32,
    col: u16,
    number: f64,
    money: bool,
) -> Result<usize, XlsxError> {
    if money {
        sheet.write_number_with_format(row, col, number, &formats.money)?;
        // "R$ " and a thousands separator every three digits.
        let digits = format!("{number:.2}").len();
        Ok(digits + 3 + digits / 4)
    } else {
        sheet.write_number(row, col, number)?;
        Ok(number.to_string().len())
    }
}

fn write_text(
    sheet: &mut rust_xlsxwriter::Worksheet,
    row: u32,
    col: u16,
    text: &str,
) -> Result<usize, XlsxError> {
    let text = clip(text);
    sheet.write_string(row, col, text)?;
    Ok(text.lines().map(text_width).max().unwrap_or(0))
}

/// The number a JSON number stands for, when an f64 holds it exactly.
fn exact_f64(n: &serde_json::Number) -> Option<f64> {
    const EXACT: u64 = 1 << 53;
    if let Some(u) = n.as_u64() {
        return (u <= EXACT).then_some(u as f64);
    }
    if let Some(i) = n.as_i64() {
        return (i.unsigned_abs() <= EXACT).then_some(i as f64);
    }
    n.as_f64()
}

fn excel_date(
    date: chrono::NaiveDate,
    time: Option<chrono::NaiveTime>,
) -> Result<ExcelDateTime, XlsxError> {
    use chrono::{Datelike, Timelike};
    // Excel has no day before 1900-01-01: rust_xlsxwriter would write 1899-12-31 as serial 0.
    if date.year() < 1900 {
        return Err(XlsxError::ParameterError(crate::t!(
            "output-xlsx-year",
            year = date.year().to_string()
        )));
    }
    let year = u16::try_from(date.year()).map_err(|_| {
        XlsxError::ParameterError(crate::t!(
            "output-xlsx-year",
            year = date.year().to_string()
        ))
    })?;
    let day = ExcelDateTime::from_ymd(year, date.month() as u8, date.day() as u8)?;
    match time {
        None => Ok(day),
        Some(t) => day.and_hms(t.hour() as u16, t.minute() as u8, t.second()),
    }
}

/// Excel's cell limit; longer text is cut there (a note field, not a number, is what gets this long).
fn clip(text: &str) -> &str {
    match text.char_indices().nth(CELL_CHARS) {
        Some((at, _)) => &text[..at],
        None => text,
    }
}

fn text_width(text: &str) -> usize {
    text.chars().count()
}

fn xlsx_error(e: XlsxError) -> io::Error {
    io::Error::other(format!("xlsx: {e}"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use calamine::{Data, Reader, Xlsx};
    use serde_json::json;

    fn workbook(writer: XlsxWriter, records: &[Value]) -> Xlsx<std::io::Cursor<Vec<u8>>> {
        let mut writer = writer;
        for record in records {
            writer.record(record).unwrap();
        }
        let mut bytes = Vec::new();
        writer.finish(&mut bytes).unwrap();
        Xlsx::new(std::io::Cursor::new(bytes)).unwrap()
    }

    fn serial(y: u16, m: u8, d: u8) -> f64 {
        ExcelDateTime::from_ymd(y, m, d).unwrap().to_excel()
    }

    #[test]
    fn cells_keep_their_types_and_text_is_never_a_formula() {
        let records = [
            json!({"id": 7, "valor": 10582.1, "valor_original": "12000.50", "data": "2024-03-09",
                   "pago_em": "09/03/2024 14:05:07", "nota": "=SUM(A1)", "telefone": "16992640197",
                   "taxa": "0.75", "ativo": true, "itens": [{"valor": 1}], "vazio": null,
                   "grande": 12345678901234567890u64}),
            json!({"id": 8, "extra": "depois"}),
        ];
        let mut book = workbook(XlsxWriter::discovered(1).unwrap(), &records);
        let range = book.worksheet_range("Sheet1").unwrap();
        let header: Vec<String> = range
            .rows()
            .next()
            .unwrap()
            .iter()
            .map(|c| c.to_string())
            .collect();
        assert_eq!(
            header,
            [
                "id",
                "valor",
                "valor_original",
                "data",
                "pago_em",
                "nota",
                "telefone",
                "taxa",
                "ativo",
                "itens",
                "vazio",
                "grande",
                "extra"
            ]
        );
        let row: Vec<&Data> = range.rows().nth(1).unwrap().iter().collect();
        assert_eq!(row[0], &Data::Float(7.0));
        assert_eq!(row[1], &Data::Float(10582.1));
        assert_eq!(row[2], &Data::Float(12000.5));
        match row[3] {
            Data::DateTime(d) => assert_eq!(d.as_f64(), serial(2024, 3, 9)),
            other => panic!("a date, not {other:?}"),
        }
        match row[4] {
            Data::DateTime(d) => {
                let expected = serial(2024, 3, 9) + (14.0 * 3600.0 + 5.0 * 60.0 + 7.0) / 86400.0;
                assert!((d.as_f64() - expected).abs() < 1e-9, "{d:?}");
            }
            other => panic!("a date-time, not {other:?}"),
        }
        assert_eq!(row[5], &Data::String("=SUM(A1)".into()));
        assert_eq!(row[6], &Data::String("16992640197".into()));
        assert_eq!(row[7], &Data::Float(0.75));
        assert_eq!(row[8], &Data::Bool(true));
        assert_eq!(row[9], &Data::String("[{\"valor\":1}]".into()));
        assert_eq!(row[10], &Data::Empty);
        assert_eq!(row[11], &Data::String("12345678901234567890".into()));
        let second: Vec<&Data> = range.rows().nth(2).unwrap().iter().collect();
        assert_eq!(second[0], &Data::Float(8.0));
        assert_eq!(second[12], &Data::String("depois".into()));
        assert!(
            book.worksheet_formula("Sheet1")
                .unwrap()
                .rows()
                .all(|r| r.iter().all(String::is_empty))
        );
    }

    #[test]
    fn selected_columns_stream_and_an_empty_list_still_makes_a_workbook() {
        let columns = vec!["valor".to_string(), "a.b".to_string()];
        let mut book = workbook(
            XlsxWriter::selected(columns).unwrap(),
            &[json!({"a": {"b": "x"}, "valor": "1.234,56"})],
        );
        let range = book.worksheet_range("Sheet1").unwrap();
        let rows: Vec<Vec<Data>> = range.rows().map(|r| r.to_vec()).collect();
        assert_eq!(
            rows,
            [
                vec![Data::String("valor".into()), Data::String("a.b".into())],
                vec![Data::Float(1234.56), Data::String("x".into())]
            ]
        );
        let mut empty = workbook(XlsxWriter::discovered(10).unwrap(), &[]);
        assert!(empty.worksheet_range("Sheet1").unwrap().is_empty());
    }

    #[test]
    fn dates_before_1900_stay_text() {
        let mut book = workbook(
            XlsxWriter::discovered(10).unwrap(),
            &[json!({"nascimento": "1850-01-01", "obito": "31/12/1899", "d": "1899-12-31 23:59"})],
        );
        let range = book.worksheet_range("Sheet1").unwrap();
        assert_eq!(range.get((1, 0)), Some(&Data::String("1850-01-01".into())));
        assert_eq!(range.get((1, 1)), Some(&Data::String("31/12/1899".into())));
        assert_eq!(
            range.get((1, 2)),
            Some(&Data::String("1899-12-31 23:59".into()))
        );
    }

    #[test]
    fn money_cells_are_exact_and_unreadable_money_stays_text() {
        let mut book = workbook(
            XlsxWriter::discovered(10).unwrap(),
            &[
                json!({"valor": "1234.500", "valor_original": "abc", "valor_total": "1e400"}),
                json!({"valor": "1.500", "valor_original": "2.50", "valor_total": 12345678901234567890u64}),
                json!({"valor": "1.500", "valor_original": null, "valor_total": "R$ 1.234,56"}),
            ],
        );
        let range = book.worksheet_range("Sheet1").unwrap();
        let rows: Vec<Vec<Data>> = range.rows().skip(1).map(|r| r.to_vec()).collect();
        assert_eq!(
            rows,
            [
                vec![
                    Data::Float(1234.5),
                    Data::String("abc".into()),
                    Data::String("1e400".into())
                ],
                vec![
                    Data::Float(1.5),
                    Data::Float(2.5),
                    Data::String("12345678901234567890".into())
                ],
                vec![
                    Data::String("1.500".into()),
                    Data::Empty,
                    Data::Float(1234.56)
                ],
            ]
        );
    }

    #[test]
    fn long_text_is_cut_at_excels_cell_limit() {
        let long = "á".repeat(CELL_CHARS + 10);
        assert_eq!(clip(&long).chars().count(), CELL_CHARS);
        assert_eq!(clip("curto"), "curto");
    }
}

#[cfg(test)]
mod layout_tests {
    use super::*;
    use serde_json::json;
    use std::io::Read;

    fn part(bytes: &[u8], name: &str) -> String {
        let mut zip = zip::ZipArchive::new(std::io::Cursor::new(bytes)).unwrap();
        let mut text = String::new();
        zip.by_name(name)
            .unwrap()
            .read_to_string(&mut text)
            .unwrap();
        text
    }

    #[test]
    fn the_sheet_has_a_frozen_header_an_autofilter_widths_and_a_money_format() {
        let mut writer = XlsxWriter::discovered(1).unwrap();
        for id in 0..3 {
            writer
                .record(&json!({"id": id, "cliente": "Maria ".repeat(id * 4), "valor": 1.5}))
                .unwrap();
        }
        let mut bytes = Vec::new();
        writer.finish(&mut bytes).unwrap();
        let sheet = part(&bytes, "xl/worksheets/sheet1.xml");
        assert!(
            sheet.contains(
                r#"<pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/>"#
            ),
            "{sheet}"
        );
        assert!(sheet.contains(r#"<autoFilter ref="A1:C4"/>"#), "{sheet}");
        // "cliente" is as wide as its longest cell (8 × "Maria " + 2), "id" gets the minimum.
        assert!(
            sheet.contains(r#"<col min="2" max="2" width="50.7109375" customWidth="1"/>"#),
            "{sheet}"
        );
        assert!(
            sheet.contains(r#"<col min="1" max="1" width="6.7109375" customWidth="1"/>"#),
            "{sheet}"
        );
        let styles = part(&bytes, "xl/styles.xml");
        assert!(
            styles.contains(r#"formatCode="&quot;R$&quot; #,##0.00""#),
            "{styles}"
        );
    }
}
