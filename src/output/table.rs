//! Human tables. Rows are rendered in blocks (each block its own table) so that a long walk never
//! holds more than one block in memory; a single object is shown vertically as `field | value`.
//! Cells are written for people in the interface's language (`display`), number columns are
//! right-aligned, and rows have no separator lines between them. When a terminal is too narrow for
//! the columns, each record is shown as a block of `field: value` lines instead of squeezing every
//! cell to a character.

use std::borrow::Cow;
use std::io::{self, Write};

use comfy_table::{CellAlignment, ContentArrangement, Table};

use super::display::{self, Shown};
use super::tabular::RowSink;

/// The width a column needs at least to be read in a table: its borders and a few characters.
const NARROWEST_COLUMN: usize = 3 + 8;
/// A column added to fill a wide terminal is counted at most this wide: longer cells wrap.
const WIDEST_ADDED: usize = 30;

pub(crate) struct TableBlocks {
    width: Option<u16>,
    block_rows: usize,
    header: Vec<String>,
    rows: Vec<Vec<String>>,
    /// Columns to show, when the records have them, instead of all.
    preferred: Vec<String>,
    /// Positions, in the full header, of the columns shown when narrowed to `preferred`.
    shown: Option<Vec<usize>>,
    /// The full header, while the first block decides which other columns fit beside the
    /// preferred ones (its rows are kept whole until then).
    deciding: Option<Vec<String>>,
    hidden: usize,
    /// Records rendered so far, to number them when shown one per block.
    rendered: usize,
}

impl TableBlocks {
    pub(crate) fn new(width: Option<u16>, block_rows: usize) -> Self {
        Self {
            width,
            block_rows: block_rows.max(1),
            header: Vec::new(),
            rows: Vec::new(),
            preferred: Vec::new(),
            shown: None,
            deciding: None,
            hidden: 0,
            rendered: 0,
        }
    }

    /// Shows only these columns, in this order, when the records have at least two of them: a wide
    /// report fits a terminal instead of wrapping every cell to a character.
    pub(crate) fn prefer(&mut self, columns: &[&str]) {
        self.preferred = columns.iter().map(|c| c.to_string()).collect();
    }

    fn render_block(&mut self, out: &mut dyn Write) -> io::Result<()> {
        if let Some(names) = self.deciding.take() {
            self.widen(&names);
        }
        render(out, self.width, &self.header, &self.rows, self.rendered)?;
        self.rendered += self.rows.len();
        self.rows.clear();
        Ok(())
    }
}

impl TableBlocks {
    /// Adds to the preferred columns the others that fit the terminal's width beside them, in the
    /// records' order, judged by the first block's cells; columns empty in all of them are left
    /// out. Then narrows the block's rows to the columns shown.
    fn widen(&mut self, names: &[String]) {
        let (Some(width), Some(shown)) = (self.width, self.shown.as_mut()) else {
            return;
        };
        let lang = crate::text::i18n::current();
        // The widest cell of each column, as shown.
        let widest: Vec<usize> = (0..names.len())
            .map(|i| {
                self.rows
                    .iter()
                    .filter_map(|row| row.get(i))
                    .map(|cell| display::cell(&names[i], cell, lang).text.chars().count())
                    .max()
                    .unwrap_or(0)
            })
            .collect();
        let column = |i: usize| widest[i].max(names[i].chars().count()).min(WIDEST_ADDED) + 3;
        let mut used = 1 + shown.iter().map(|&i| column(i)).sum::<usize>();
        for (i, widest) in widest.iter().enumerate() {
            if shown.contains(&i) || *widest == 0 {
                continue;
            }
            if used + column(i) <= usize::from(width) {
                used += column(i);
                shown.push(i);
            }
        }
        self.header = shown.iter().map(|&i| names[i].clone()).collect();
        self.hidden = names.len() - shown.len();
        for row in &mut self.rows {
            *row = shown
                .iter()
                .map(|&i| row.get(i).cloned().unwrap_or_default())
                .collect();
        }
    }
}

impl RowSink for TableBlocks {
    fn header(&mut self, _out: &mut dyn Write, names: &[String]) -> io::Result<()> {
        let shown: Vec<usize> = self
            .preferred
            .iter()
            .filter_map(|p| names.iter().position(|n| n == p))
            .collect();
        if shown.len() >= 2 && shown.len() < names.len() {
            self.header = shown.iter().map(|&i| names[i].clone()).collect();
            self.hidden = names.len() - shown.len();
            self.shown = Some(shown);
            if self.width.is_some() {
                self.deciding = Some(names.to_vec());
            }
        } else {
            self.header = names.to_vec();
        }
        Ok(())
    }

    fn row(&mut self, out: &mut dyn Write, cells: Vec<String>) -> io::Result<()> {
        let cells = match &self.shown {
            Some(shown) if self.deciding.is_none() => shown
                .iter()
                .map(|&i| cells.get(i).cloned().unwrap_or_default())
                .collect(),
            _ => cells,
        };
        self.rows.push(cells);
        if self.rows.len() >= self.block_rows {
            self.render_block(out)?;
        }
        Ok(())
    }

    /// An empty list renders nothing, not even a header.
    fn end(&mut self, out: &mut dyn Write) -> io::Result<()> {
        if self.rows.is_empty() {
            return Ok(());
        }
        self.render_block(out)
    }

    fn hidden_columns(&self) -> usize {
        self.hidden
    }
}

/// One object as a two-column table, one line per (flattened or selected) field.
pub(crate) fn render_vertical(
    out: &mut dyn Write,
    width: Option<u16>,
    fields: impl Iterator<Item = (String, String)>,
) -> io::Result<()> {
    let lang = crate::text::i18n::current();
    let mut table = new_table(width);
    table.set_header([crate::t!("table-field"), crate::t!("table-value")]);
    for (name, value) in fields {
        let value = display::cell(&name, &value, lang).text;
        table.add_row([printable(&name), printable(&value)]);
    }
    writeln!(out, "{table}")
}

/// A block of rows as one table, or as one `field: value` block per record where `width` cannot
/// hold the columns. `first` is how many records came before (for the blocks' numbers).
fn render(
    out: &mut dyn Write,
    width: Option<u16>,
    header: &[String],
    rows: &[Vec<String>],
    first: usize,
) -> io::Result<()> {
    let lang = crate::text::i18n::current();
    let shown: Vec<Vec<Shown>> = rows
        .iter()
        .map(|row| {
            row.iter()
                .enumerate()
                .map(|(i, cell)| {
                    display::cell(header.get(i).map_or("", String::as_str), cell, lang)
                })
                .collect()
        })
        .collect();
    if let Some(width) = width
        && needed_width(header, &shown) > usize::from(width)
    {
        return render_records(out, header, &shown, first);
    }
    let mut table = new_table(width);
    table.set_header(header.iter().map(|name| printable(name)));
    for row in &shown {
        table.add_row(row.iter().map(|cell| printable(&cell.text)));
    }
    for (i, column) in table.column_iter_mut().enumerate() {
        let mut cells = shown
            .iter()
            .filter_map(|row| row.get(i))
            .filter(|c| !c.text.is_empty());
        let first = cells.next();
        if first.is_some_and(|c| c.numeric) && cells.all(|c| c.numeric) {
            column.set_cell_alignment(CellAlignment::Right);
        }
    }
    writeln!(out, "{table}")
}

/// The width the columns need to be read: each at least [`NARROWEST_COLUMN`], or less when its
/// header and cells are all shorter.
fn needed_width(header: &[String], rows: &[Vec<Shown>]) -> usize {
    let widest = |i: usize| {
        rows.iter()
            .filter_map(|row| row.get(i))
            .map(|c| c.text.chars().count())
            .chain(std::iter::once(header[i].chars().count()))
            .max()
            .unwrap_or(0)
    };
    1 + (0..header.len())
        .map(|i| (widest(i) + 3).min(NARROWEST_COLUMN))
        .sum::<usize>()
}

/// Each record as its own block, `psql \x` style: a numbered rule, then `field: value` lines.
fn render_records(
    out: &mut dyn Write,
    header: &[String],
    rows: &[Vec<Shown>],
    first: usize,
) -> io::Result<()> {
    let name_width = header.iter().map(|h| h.chars().count()).max().unwrap_or(0);
    for (n, row) in rows.iter().enumerate() {
        let title = crate::t!("table-record", number = (first + n + 1) as u64);
        writeln!(out, "-[ {title} ]{}", "-".repeat(20))?;
        for (name, cell) in header.iter().zip(row) {
            let value =
                printable(&cell.text).replace('\n', &format!("\n{}  ", " ".repeat(name_width)));
            writeln!(out, "{:<name_width$}: {value}", printable(name))?;
        }
    }
    Ok(())
}

/// Fitted to `width` by wrapping cells; without a width (not a terminal) lines are never wrapped.
fn new_table(width: Option<u16>) -> Table {
    let mut table = Table::new();
    // Rows are told apart by their lines alone: a rule after each would double the table's height.
    table.load_style(comfy_table::presets::ASCII_FULL_CONDENSED);
    // The width is decided by the caller, never guessed from whatever stdout happens to be.
    table.force_no_tty();
    match width {
        Some(width) => table
            .set_width(width)
            .set_content_arrangement(ContentArrangement::Dynamic),
        None => table.set_content_arrangement(ContentArrangement::Disabled),
    };
    table
}

/// Control characters other than newline would break the alignment or drive the terminal
/// (escape sequences in data from the server), so they are shown escaped.
fn printable(text: &str) -> Cow<'_, str> {
    if !text.chars().any(|c| c.is_control() && c != '\n') {
        return Cow::Borrowed(text);
    }
    let mut shown = String::with_capacity(text.len() + 8);
    for c in text.chars() {
        if c.is_control() && c != '\n' {
            shown.extend(c.escape_debug());
        } else {
            shown.push(c);
        }
    }
    Cow::Owned(shown)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn strings(cells: &[&str]) -> Vec<String> {
        cells.iter().map(|c| c.to_string()).collect()
    }

    fn run_blocks(width: Option<u16>, block_rows: usize, rows: &[&[&str]]) -> String {
        let mut sink = TableBlocks::new(width, block_rows);
        let mut out = Vec::new();
        sink.header(&mut out, &strings(&["id", "name"])).unwrap();
        for row in rows {
            sink.row(&mut out, strings(row)).unwrap();
        }
        sink.end(&mut out).unwrap();
        String::from_utf8(out).unwrap()
    }

    #[test]
    fn a_table_without_width_is_never_wrapped() {
        let long = "palavra ".repeat(20);
        let text = run_blocks(
            None,
            1000,
            &[&["1", long.trim_end()], &["2", "José\nSilva"]],
        );
        let expected = format!(
            "+----+{dash}+\n\
             | id | name{pad} |\n\
             +==============={eq}+\n\
             |  1 | {long} |\n\
             |  2 | José{pad} |\n\
             |    | Silva{pad1} |\n\
             +----+{dash}+\n",
            dash = "-".repeat(161),
            eq = "=".repeat(151),
            pad = " ".repeat(155),
            pad1 = " ".repeat(154),
            long = long.trim_end(),
        );
        assert_eq!(text, expected);
    }

    #[test]
    fn a_table_with_width_wraps_to_fit() {
        let long = "palavra ".repeat(20);
        let text = run_blocks(Some(40), 1000, &[&["1", long.trim_end()]]);
        assert!(text.lines().count() > 5, "{text}");
        for line in text.lines() {
            assert!(line.chars().count() <= 40, "{line:?} wider than 40");
        }
        let words: usize = text.matches("palavra").count();
        assert_eq!(words, 20, "wrapping must not lose text:\n{text}");
    }

    #[test]
    fn rows_are_rendered_in_blocks_each_with_its_header() {
        let text = run_blocks(None, 2, &[&["1", "a"], &["2", "b"], &["3", "c"]]);
        assert_eq!(
            text,
            "+----+------+\n| id | name |\n+===========+\n|  1 | a    |\n|  2 | b    |\n+----+------+\n\
             +----+------+\n| id | name |\n+===========+\n|  3 | c    |\n+----+------+\n"
        );
    }

    #[test]
    fn preferred_columns_narrow_the_table_and_count_the_rest() {
        let mut sink = TableBlocks::new(Some(16), 1000);
        sink.prefer(&["name", "id", "absent"]);
        let mut out = Vec::new();
        sink.header(&mut out, &strings(&["id", "name", "note", "extra"]))
            .unwrap();
        sink.row(&mut out, strings(&["1", "Ana", "x", "y"]))
            .unwrap();
        sink.end(&mut out).unwrap();
        assert_eq!(
            String::from_utf8(out).unwrap(),
            "+------+----+\n| name | id |\n+===========+\n| Ana  |  1 |\n+------+----+\n"
        );
        assert_eq!(sink.hidden_columns(), 2);
        // With fewer than two of them present, every column shows.
        let mut sink = TableBlocks::new(Some(80), 1000);
        sink.prefer(&["name"]);
        let mut out = Vec::new();
        sink.header(&mut out, &strings(&["id", "name"])).unwrap();
        assert_eq!(sink.hidden_columns(), 0);
    }

    #[test]
    fn a_wide_terminal_shows_the_other_columns_that_fit_beside_the_preferred_ones() {
        let table = |width: u16| {
            let mut sink = TableBlocks::new(Some(width), 1000);
            sink.prefer(&["name", "id"]);
            let mut out = Vec::new();
            sink.header(
                &mut out,
                &strings(&["id", "name", "empty", "note", "long_text"]),
            )
            .unwrap();
            sink.row(&mut out, strings(&["1", "Ana", "", "x", &"w".repeat(40)]))
                .unwrap();
            sink.end(&mut out).unwrap();
            (String::from_utf8(out).unwrap(), sink.hidden_columns())
        };
        // 13 for the preferred columns, 7 for `note`, 33 for `long_text` counted as 30 wide.
        let (text, hidden) = table(20);
        assert_eq!(text.lines().nth(1), Some("| name | id | note |"), "{text}");
        assert_eq!(hidden, 2);
        let (text, hidden) = table(60);
        assert!(
            text.lines()
                .nth(1)
                .unwrap()
                .starts_with("| name | id | note | long_text"),
            "{text}"
        );
        // `empty` has nothing to show.
        assert_eq!(hidden, 1);
    }

    #[test]
    fn an_empty_list_renders_nothing() {
        assert_eq!(run_blocks(Some(80), 1000, &[]), "");
    }

    #[test]
    fn control_characters_are_escaped_but_newlines_kept() {
        assert_eq!(printable("a\u{1b}[31mb\tc\r\nd"), "a\\u{1b}[31mb\\tc\\r\nd");
        assert!(matches!(printable("plain\ntext"), Cow::Borrowed(_)));
    }

    #[test]
    fn a_single_object_is_a_field_value_table() {
        let mut out = Vec::new();
        let fields = [("id", "7"), ("a.b", "x")]
            .into_iter()
            .map(|(f, v)| (f.to_string(), v.to_string()));
        render_vertical(&mut out, None, fields).unwrap();
        assert_eq!(
            String::from_utf8(out).unwrap(),
            "+-------+-------+\n| field | value |\n+===============+\n| id    | 7     |\n| a.b   | x     |\n+-------+-------+\n"
        );
    }

    #[test]
    fn columns_too_many_for_the_width_become_one_block_per_record() {
        let header = strings(&["id", "nome", "telefone", "observacao"]);
        let mut sink = TableBlocks::new(Some(30), 1000);
        let mut out = Vec::new();
        sink.header(&mut out, &header).unwrap();
        sink.row(
            &mut out,
            strings(&["1", "Ana", "(16) 99264-0197", "duas\nlinhas"]),
        )
        .unwrap();
        sink.row(&mut out, strings(&["2", "Bia", "", "x"])).unwrap();
        sink.end(&mut out).unwrap();
        assert_eq!(
            String::from_utf8(out).unwrap(),
            "-[ record 1 ]--------------------\n\
             id        : 1\n\
             nome      : Ana\n\
             telefone  : (16) 99264-0197\n\
             observacao: duas\n\
             \x20           linhas\n\
             -[ record 2 ]--------------------\n\
             id        : 2\n\
             nome      : Bia\n\
             telefone  : \n\
             observacao: x\n"
        );
        // The same records fit a wide terminal as a table, numbers to the right.
        let mut sink = TableBlocks::new(Some(120), 1000);
        let mut out = Vec::new();
        sink.header(&mut out, &header).unwrap();
        sink.row(&mut out, strings(&["10", "Ana", "", "x"]))
            .unwrap();
        sink.row(&mut out, strings(&["2", "Bia", "", "y"])).unwrap();
        sink.end(&mut out).unwrap();
        let text = String::from_utf8(out).unwrap();
        assert!(
            text.contains("| 10 | Ana  |") && text.contains("|  2 | Bia  |"),
            "{text}"
        );
    }
}
