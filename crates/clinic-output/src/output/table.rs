//! Human tables. Rows are rendered in blocks (each block its own table) so that a long walk never
//! holds more than one block in memory; a single object is shown vertically as `field | value`.
//! Cells are written for people in the interface's language (`display`), number columns are
//! right-aligned, and rows have no separator lines between them. On a terminal, cells wrap between
//! words (`fit`), and a wide list narrowed to its usual columns shows them under short titles
//! (`titles`). When a terminal is too narrow for the columns, each record is shown as a block of
//! `field: value` lines instead of squeezing every cell to a character.

use std::borrow::Cow;
use std::io::{self, Write};

use comfy_table::{CellAlignment, ContentArrangement, Table};

use super::display::{self, Shown};
use super::fit::{self, BORDERS, Needs};
use super::tabular::RowSink;
use super::titles;

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
    /// Whether the columns are the preferred ones, shown under their short titles.
    titled: bool,
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
            titled: false,
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
        let titles: Vec<String> = self.header.iter().map(|key| self.title(key)).collect();
        render(
            out,
            self.width,
            &self.header,
            &titles,
            &self.rows,
            self.rendered,
        )?;
        self.rendered += self.rows.len();
        self.rows.clear();
        Ok(())
    }

    /// What a column is called above it: its short title when the table is narrowed to the
    /// preferred columns, else its key.
    fn title(&self, key: &str) -> String {
        match self.titled {
            true => titles::title(key).unwrap_or_else(|| key.to_string()),
            false => key.to_string(),
        }
    }
}

impl TableBlocks {
    /// Keeps the preferred columns whose words fit the terminal's width whole, and adds to them the
    /// others that fit beside them, in the records' order, judged by the first block's cells;
    /// columns empty in all of them are left out. Then narrows the block's rows to the columns
    /// shown.
    fn widen(&mut self, names: &[String]) {
        let (Some(width), Some(shown)) = (self.width, self.shown.as_mut()) else {
            return;
        };
        let lang = crate::text::i18n::current();
        // What each column's cells need, as shown.
        let cells: Vec<Needs> = (0..names.len())
            .map(|i| {
                let shown: Vec<String> = self
                    .rows
                    .iter()
                    .filter_map(|row| row.get(i))
                    .map(|cell| printable(&display::cell(&names[i], cell, lang).text).into_owned())
                    .collect();
                Needs::of(shown.iter().map(String::as_str))
            })
            .collect();
        let titled = |i: usize| {
            let title = titles::title(&names[i]).unwrap_or_else(|| names[i].clone());
            cells[i].and(Needs::of([printable(&title).as_ref()]))
        };
        // The preferred columns are kept, in their order, while their words fit whole beside those
        // before them (the first two always are). Only when every preferred one is there, others are added while they fit
        // beside them, each column counted as wide as its text up to [`WIDEST_ADDED`].
        let width = usize::from(width);
        let least = |i: usize| titled(i).least() + BORDERS;
        let column = |i: usize| {
            let needs = titled(i);
            needs.natural.min(WIDEST_ADDED).max(needs.least()) + BORDERS
        };
        let mut used = 1;
        let preferred = std::mem::take(shown);
        let wanted = preferred.len();
        for i in preferred {
            if shown.len() >= 2 && used + least(i) > width {
                break;
            }
            used += least(i);
            shown.push(i);
        }
        if shown.len() == wanted {
            let mut used = 1 + shown.iter().map(|&i| column(i)).sum::<usize>();
            for (i, cell) in cells.iter().enumerate() {
                if shown.contains(&i) || cell.natural == 0 {
                    continue;
                }
                if used + column(i) <= width {
                    used += column(i);
                    shown.push(i);
                }
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
        self.titled = shown.len() >= 2;
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
/// hold the columns. `header` names the columns' values (money, dates), `titles` is what is shown
/// above them. `first` is how many records came before (for the blocks' numbers).
fn render(
    out: &mut dyn Write,
    width: Option<u16>,
    header: &[String],
    titles: &[String],
    rows: &[Vec<String>],
    first: usize,
) -> io::Result<()> {
    let lang = crate::text::i18n::current();
    let mut shown: Vec<Vec<Shown>> = rows
        .iter()
        .map(|row| {
            row.iter()
                .enumerate()
                .map(|(i, cell)| {
                    let mut shown =
                        display::cell(header.get(i).map_or("", String::as_str), cell, lang);
                    shown.text = printable(&shown.text).into_owned();
                    shown
                })
                .collect()
        })
        .collect();
    let mut titles: Vec<String> = titles.iter().map(|t| printable(t).into_owned()).collect();
    if let Some(width) = width {
        let needs: Vec<Needs> = (0..titles.len())
            .map(|i| {
                let cells = shown.iter().filter_map(|row| row.get(i));
                Needs::of(std::iter::once(titles[i].as_str()).chain(cells.map(|c| c.text.as_str())))
            })
            .collect();
        let Some(widths) = fit::widths(&needs, usize::from(width)) else {
            return render_records(out, &titles, &shown, first);
        };
        for (title, &width) in titles.iter_mut().zip(&widths) {
            *title = fit::wrap(title, width);
        }
        for row in &mut shown {
            for (cell, &width) in row.iter_mut().zip(&widths) {
                cell.text = fit::wrap(&cell.text, width);
            }
        }
    }
    // The cells are wrapped already: the table only draws them.
    let mut table = new_table(None);
    table.set_header(&titles);
    for row in &shown {
        table.add_row(row.iter().map(|cell| cell.text.as_str()));
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

/// Each record as its own block, `psql \x` style: a numbered rule, then `field: value` lines.
fn render_records(
    out: &mut dyn Write,
    titles: &[String],
    rows: &[Vec<Shown>],
    first: usize,
) -> io::Result<()> {
    let name_width = titles.iter().map(|h| h.chars().count()).max().unwrap_or(0);
    for (n, row) in rows.iter().enumerate() {
        let title = crate::t!("table-record", number = (first + n + 1) as u64);
        writeln!(out, "-[ {title} ]{}", "-".repeat(20))?;
        for (name, cell) in titles.iter().zip(row) {
            let value = cell
                .text
                .replace('\n', &format!("\n{}  ", " ".repeat(name_width)));
            writeln!(out, "{name:<name_width$}: {value}")?;
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
            sink.row(
                &mut out,
                strings(&["1", "Ana", "", "x", &"word ".repeat(8)]),
            )
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
    fn a_narrow_terminal_drops_the_last_preferred_columns_rather_than_cut_a_word() {
        let table = |width: u16| {
            let mut sink = TableBlocks::new(Some(width), 1000);
            sink.prefer(&["id", "profissional", "servico"]);
            let mut out = Vec::new();
            sink.header(&mut out, &strings(&["id", "servico", "profissional", "x"]))
                .unwrap();
            sink.row(
                &mut out,
                strings(&["1", "Microagulhamento facial", "Fisioterapeuta Rômulo", "y"]),
            )
            .unwrap();
            sink.end(&mut out).unwrap();
            (String::from_utf8(out).unwrap(), sink.hidden_columns())
        };
        // 5 for the ID, 17 for `Fisioterapeuta`, 19 for `Microagulhamento`: 42 with the last border.
        let (text, hidden) = table(41);
        assert_eq!(
            text,
            "+----+-----------------------+\n\
             | id | professional          |\n\
             +============================+\n\
             |  1 | Fisioterapeuta Rômulo |\n\
             +----+-----------------------+\n"
        );
        assert_eq!(hidden, 2);
        let (text, hidden) = table(42);
        assert!(
            text.contains("| id | professional   | service          |"),
            "{text}"
        );
        assert!(text.contains("| Microagulhamento |"), "{text}");
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
