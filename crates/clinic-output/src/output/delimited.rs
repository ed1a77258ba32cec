//! CSV (RFC 4180 quoting) and TSV (backslash escapes, one line per record), plain or for Excel.
//!
//! Excel in pt-BR expects `;` between fields and `,` as the decimal mark (a `10582.1` loads as text,
//! or as a date), needs a UTF-8 BOM to read accents correctly, and runs any cell that looks like a
//! formula. So for Excel, plain decimal numbers get a decimal comma and formula-like cells are
//! defused; every other cell (dates included) keeps the text the service sent.

use std::borrow::Cow;
use std::io::{self, Write};

use super::numbers::decimal_comma;
use super::tabular::RowSink;

const UTF8_BOM: &[u8] = "\u{feff}".as_bytes();

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Dialect {
    Csv,
    Tsv,
}

pub(crate) struct Delimited {
    dialect: Dialect,
    excel: bool,
    /// One row is quoted and separated into `line`, then written to the sink in one call.
    line: Vec<u8>,
    started: bool,
}

impl Delimited {
    pub(crate) fn new(dialect: Dialect, excel: bool) -> Self {
        Self {
            dialect,
            excel,
            line: Vec::new(),
            started: false,
        }
    }

    pub(crate) fn delimiter(&self) -> u8 {
        if self.excel { b';' } else { b',' }
    }

    /// A CSV row whose cells were already made what they show (read back from this writer's own
    /// output): quoted and separated, nothing else.
    pub(crate) fn verbatim<'a>(
        &mut self,
        out: &mut dyn Write,
        cells: impl Iterator<Item = &'a [u8]>,
    ) -> io::Result<()> {
        // The cells were written by this program, as UTF-8: reading them as text borrows them.
        let delimiter = self.delimiter();
        write_csv_line(
            delimiter,
            &mut self.line,
            out,
            cells.map(String::from_utf8_lossy),
        )
    }

    /// A data row of borrowed or owned cells.
    pub(crate) fn cells<S: AsRef<str>>(
        &mut self,
        out: &mut dyn Write,
        cells: &[S],
    ) -> io::Result<()> {
        self.write_line(out, cells.iter().map(|cell| (cell.as_ref(), false)), true)
    }

    /// A data row whose cells say whether they are quoteless: without a quote, a line break, a
    /// tab or a backslash (see `raw_leaves::Found::quoteless`), so that only the delimiter is
    /// looked for in them (CSV) or nothing at all (TSV).
    pub(crate) fn marked_cells<'a>(
        &mut self,
        out: &mut dyn Write,
        cells: impl Iterator<Item = (&'a str, bool)>,
    ) -> io::Result<()> {
        self.write_line(out, cells, true)
    }

    /// `data` rows (not the header) get the decimal comma for Excel. The row is built in `line`
    /// (kept between rows) and written in one call.
    fn write_line<'a>(
        &mut self,
        out: &mut dyn Write,
        cells: impl Iterator<Item = (&'a str, bool)>,
        data: bool,
    ) -> io::Result<()> {
        if !self.started {
            self.started = true;
            if self.excel {
                out.write_all(UTF8_BOM)?;
            }
        }
        let delimiter = self.delimiter();
        let line = &mut self.line;
        line.clear();
        for (index, (cell, quoteless)) in cells.enumerate() {
            // The Excel forms add a `'` or turn a point into a comma: a quoteless cell stays so.
            let cell = match (self.excel, data) {
                (false, _) => Cow::Borrowed(cell),
                (true, false) => guard_formula(cell),
                (true, true) => match decimal_comma(cell) {
                    Cow::Borrowed(text) => guard_formula(text),
                    Cow::Owned(number) => Cow::Owned(number),
                },
            };
            match self.dialect {
                Dialect::Csv => {
                    if index > 0 {
                        line.push(delimiter);
                    }
                    push_csv_field(line, cell.as_bytes(), delimiter, quoteless);
                }
                Dialect::Tsv => {
                    if index > 0 {
                        line.push(b'\t');
                    }
                    push_tsv_escaped(line, cell.as_bytes(), quoteless);
                }
            }
        }
        if self.dialect == Dialect::Csv && line.is_empty() {
            // A row of one empty field (or none) is `""`, so the line is not read as no row at all.
            line.extend_from_slice(b"\"\"");
        }
        line.push(b'\n');
        out.write_all(line)
    }
}

impl RowSink for Delimited {
    fn header(&mut self, out: &mut dyn Write, names: &[String]) -> io::Result<()> {
        self.write_line(out, names.iter().map(|name| (name.as_str(), false)), false)
    }

    fn row(&mut self, out: &mut dyn Write, cells: Vec<String>) -> io::Result<()> {
        self.cells(out, &cells)
    }

    fn end(&mut self, _out: &mut dyn Write) -> io::Result<()> {
        Ok(())
    }
}

/// One CSV row as the csv crate writes it (RFC 4180, quotes only where needed, `\n` ends it), but
/// built in `line` (kept between rows) and written in one call: the csv crate's writer was made
/// anew for every row, with its own buffer, and each field was copied twice on its way out.
fn write_csv_line<'a>(
    delimiter: u8,
    line: &mut Vec<u8>,
    out: &mut dyn Write,
    cells: impl Iterator<Item = Cow<'a, str>>,
) -> io::Result<()> {
    line.clear();
    for (index, cell) in cells.enumerate() {
        if index > 0 {
            line.push(delimiter);
        }
        push_csv_field(line, cell.as_bytes(), delimiter, false);
    }
    if line.is_empty() {
        // A row of one empty field (or none) is `""`, so the line is not read as no row at all.
        line.extend_from_slice(b"\"\"");
    }
    line.push(b'\n');
    out.write_all(line)
}

/// Below this length a field is read in one pass comparing each byte with every byte that
/// matters, which the compiler turns into vector code; a search function costs more to set up
/// than such a field (most cells: a date, a name, an amount).
const SHORT_FIELD: usize = 64;

/// Whether `field` holds `byte`.
fn holds(field: &[u8], byte: u8) -> bool {
    if field.len() < SHORT_FIELD {
        field.iter().fold(false, |found, &b| found | (b == byte))
    } else {
        memchr::memchr(byte, field).is_some()
    }
}

/// A field quoted when it holds the delimiter, a quote or a line break, its quotes doubled. A
/// quoteless field (see [`Delimited::marked_cells`]) can only need it for the delimiter.
fn push_csv_field(line: &mut Vec<u8>, field: &[u8], delimiter: u8, quoteless: bool) {
    let quoted = if quoteless {
        holds(field, delimiter)
    } else if field.len() < SHORT_FIELD {
        field.iter().fold(false, |found, &b| {
            found | (b == delimiter) | (b == b'"') | (b == b'\n') | (b == b'\r')
        })
    } else {
        memchr::memchr3(delimiter, b'"', b'\n', field).is_some()
            || memchr::memchr(b'\r', field).is_some()
    };
    if !quoted {
        line.extend_from_slice(field);
        return;
    }
    line.push(b'"');
    let mut rest = field;
    while let Some(at) = memchr::memchr(b'"', rest) {
        line.extend_from_slice(&rest[..=at]);
        line.push(b'"');
        rest = &rest[at + 1..];
    }
    line.extend_from_slice(rest);
    line.push(b'"');
}

/// Tab, CR, LF and backslash become `\t`, `\r`, `\n`, `\\`, so a record is always one line. A
/// quoteless field holds none of them.
fn push_tsv_escaped(line: &mut Vec<u8>, cell: &[u8], quoteless: bool) {
    if quoteless {
        line.extend_from_slice(cell);
        return;
    }
    let mut plain_start = 0;
    for (index, &byte) in cell.iter().enumerate() {
        let escape: &[u8] = match byte {
            b'\t' => b"\\t",
            b'\r' => b"\\r",
            b'\n' => b"\\n",
            b'\\' => b"\\\\",
            _ => continue,
        };
        line.extend_from_slice(&cell[plain_start..index]);
        line.extend_from_slice(escape);
        plain_start = index + 1;
    }
    line.extend_from_slice(&cell[plain_start..]);
}

/// Prefixes `'` to a cell Excel would evaluate (leading `=`, `+`, `-`, `@`, tab or CR), so it is
/// shown as text. A plain signed number (`-12`, `-3,50`, `+1.5`) is left alone: it cannot hold a
/// formula, and guarding it would turn negative amounts into text.
pub(crate) fn guard_formula(cell: &str) -> Cow<'_, str> {
    let risky = cell.starts_with(['=', '+', '-', '@', '\t', '\r']);
    if risky && !is_plain_number(cell) {
        Cow::Owned(format!("'{cell}"))
    } else {
        Cow::Borrowed(cell)
    }
}

fn is_plain_number(cell: &str) -> bool {
    let unsigned = cell.strip_prefix(['-', '+']).unwrap_or(cell);
    let (whole, fraction) = unsigned.split_once(['.', ',']).unwrap_or((unsigned, "0"));
    let all_digits = |part: &str| !part.is_empty() && part.bytes().all(|b| b.is_ascii_digit());
    all_digits(whole) && all_digits(fraction)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn render(dialect: Dialect, excel: bool, lines: &[&[&str]]) -> String {
        let mut writer = Delimited::new(dialect, excel);
        let mut out = Vec::new();
        for (index, line) in lines.iter().enumerate() {
            let cells = line.iter().map(|&c| (c, false));
            writer.write_line(&mut out, cells, index > 0).unwrap();
        }
        String::from_utf8(out).unwrap()
    }

    const HOSTILE: &[&str] = &[
        "São Paulo",
        "say \"hi\"",
        "a,b",
        "semi;colon",
        "line1\nline2",
        "=SUM(A1)",
        "+cmd",
        "-2+3",
        "@x",
        "-12,50",
        "",
    ];

    #[test]
    fn csv_quotes_per_rfc_4180_and_leaves_formulas_alone_by_default() {
        let text = render(Dialect::Csv, false, &[&["h1", "h,2"], HOSTILE]);
        assert_eq!(
            text,
            "h1,\"h,2\"\n\
             São Paulo,\"say \"\"hi\"\"\",\"a,b\",semi;colon,\"line1\nline2\",=SUM(A1),+cmd,-2+3,@x,\"-12,50\",\n"
        );
    }

    #[test]
    fn csv_for_excel_uses_semicolons_a_bom_and_defuses_formulas_including_headers() {
        let text = render(Dialect::Csv, true, &[&["=h", "ok"], HOSTILE]);
        assert_eq!(
            text,
            "\u{feff}'=h;ok\n\
             São Paulo;\"say \"\"hi\"\"\";a,b;\"semi;colon\";\"line1\nline2\";'=SUM(A1);'+cmd;'-2+3;'@x;-12,50;\n"
        );
    }

    #[test]
    fn csv_rows_are_the_bytes_the_csv_crate_writes() {
        // Drawn rows of hostile fields (quotes, delimiters, breaks, accents, empty), both
        // delimiters, against the csv crate's own writer.
        let pieces = [
            "",
            "a",
            "São",
            "\"",
            ",",
            ";",
            "\n",
            "\r",
            "\r\n",
            " ",
            "x\"y",
            "=1",
            "\t",
            "'",
            // Longer than a short field: searched, not read byte by byte.
            "a long run of text, longer than a short field is, to be searched in another way",
        ];
        let mut seed = 0x2545_F491_4F6C_DD1Du64;
        let mut draw = |n: usize| {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            (seed % n as u64) as usize
        };
        for excel in [false, true] {
            let delimiter = if excel { b';' } else { b',' };
            for _ in 0..3000 {
                let width = draw(5);
                let row: Vec<String> = (0..width)
                    .map(|_| (0..draw(4)).map(|_| pieces[draw(pieces.len())]).collect())
                    .collect();
                let mut expected = csv::WriterBuilder::new()
                    .delimiter(delimiter)
                    .terminator(csv::Terminator::Any(b'\n'))
                    .from_writer(Vec::new());
                expected.write_record(&row).unwrap();
                let expected = expected.into_inner().unwrap();
                let mut got = Vec::new();
                write_csv_line(
                    delimiter,
                    &mut Vec::new(),
                    &mut got,
                    row.iter().map(|c| Cow::Borrowed(c.as_str())),
                )
                .unwrap();
                assert_eq!(
                    String::from_utf8(got).unwrap(),
                    String::from_utf8(expected.clone()).unwrap(),
                    "{row:?}"
                );
                // A cell marked quoteless (none of `"`, breaks, tab, backslash) is written alike.
                let quoteless = |c: &str| !c.contains(['"', '\n', '\r', '\t', '\\']);
                let mut marked = Vec::new();
                for (index, cell) in row.iter().enumerate() {
                    if index > 0 {
                        marked.push(delimiter);
                    }
                    push_csv_field(&mut marked, cell.as_bytes(), delimiter, quoteless(cell));
                }
                if marked.is_empty() {
                    marked.extend_from_slice(b"\"\"");
                }
                marked.push(b'\n');
                assert_eq!(marked, expected, "{row:?}");
            }
        }
    }

    #[test]
    fn tsv_escapes_tabs_newlines_and_backslashes_so_each_record_is_one_line() {
        let text = render(
            Dialect::Tsv,
            false,
            &[&["a\tb", "c"], &["x\\y", "1\r\n2", "\"q\",", "=1"]],
        );
        assert_eq!(text, "a\\tb\tc\nx\\\\y\t1\\r\\n2\t\"q\",\t=1\n");
    }

    #[test]
    fn tsv_for_excel_adds_a_bom_and_the_guard_but_keeps_tabs() {
        let text = render(
            Dialect::Tsv,
            true,
            &[&["@h"], &["\tlead", "\rcr", "-7", "-x"]],
        );
        assert_eq!(text, "\u{feff}'@h\n'\\tlead\t'\\rcr\t-7\t'-x\n");
    }

    #[test]
    fn only_plain_signed_numbers_escape_the_guard() {
        for number in ["-1", "+2", "-3.25", "-4,5"] {
            assert_eq!(guard_formula(number), number);
        }
        for risky in [
            "-", "-1e5", "-1+1", "--1", "-1.", "-.5", "=1", "+", "@1", "\t1",
        ] {
            assert_eq!(guard_formula(risky), format!("'{risky}"));
        }
        assert_eq!(guard_formula("plain"), "plain");
    }

    #[test]
    fn excel_rows_get_a_decimal_comma_and_everything_else_keeps_its_text() {
        let text = render(
            Dialect::Csv,
            true,
            &[
                &["1.5", "valor"],
                &[
                    "10582.1",
                    "-12.50",
                    "10582",
                    "2024-01-05",
                    "05/01/2024",
                    "1.2.3",
                    "=1.5",
                ],
            ],
        );
        assert_eq!(
            text,
            "\u{feff}1.5;valor\n10582,1;-12,50;10582;2024-01-05;05/01/2024;1.2.3;'=1.5\n"
        );
        let plain = render(Dialect::Csv, false, &[&["h"], &["10582.1"]]);
        assert_eq!(plain, "h\n10582.1\n");
        let tsv = render(Dialect::Tsv, true, &[&["h"], &["0.5"]]);
        assert_eq!(tsv, "\u{feff}h\n0,5\n");
    }
}
