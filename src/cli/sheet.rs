//! The spreadsheet an import reads: CSV in UTF-8 (a BOM allowed) or Windows-1252 (`text_file`),
//! CRLF or LF, `,` or `;` as its first line uses,
//! each field found under any of its accepted header names (English or Portuguese, any case). Row
//! numbers are the spreadsheet's (the header is row 1), and every problem is gathered so that one
//! run reports them all before anything is sent.

use std::collections::HashMap;
use std::path::Path;

use crate::cli::text_file::{self, EncodingArg};
use crate::error::{Error, Result};
use crate::ui::Reporter;

/// Each field with the header names accepted for it, English first.
pub(crate) type Columns = &'static [(&'static str, &'static [&'static str])];

/// One row's cells by field, trimmed; a field without a column is absent.
pub(crate) type Cells = HashMap<&'static str, String>;

/// Problems shown in one message; the count says how many more there are.
const PROBLEMS_SHOWN: usize = 20;

pub(crate) struct Sheet {
    /// The header row as read (lower-cased), for errors.
    pub(crate) headers: Vec<String>,
    /// Each readable row with its number.
    pub(crate) rows: Vec<(usize, Cells)>,
    /// Rows the CSV reader could not read, already worded.
    pub(crate) problems: Vec<String>,
    found: Vec<&'static str>,
}

impl Sheet {
    /// Whether the header has a column for `field`.
    pub(crate) fn has(&self, field: &str) -> bool {
        self.found.contains(&field)
    }
}

/// Reads `path` whole, decoded as every text file a person hands the tool is (`text_file`); a
/// field of `required` without a column refuses the file, naming `command`'s help for the accepted
/// names.
pub(crate) fn read(
    reporter: &Reporter,
    path: &Path,
    encoding: EncodingArg,
    columns: Columns,
    required: &[&str],
    command: &str,
) -> Result<Sheet> {
    let bytes = std::fs::read(path).map_err(|e| {
        Error::invalid(
            "FILE",
            path.display(),
            &crate::t!("cli-import-expected-readable", reason = e.to_string()),
        )
    })?;
    let text = text_file::decode(reporter, "FILE", path, &bytes, encoding)?;
    let text = text.as_str();
    let first_line = text.lines().next().unwrap_or("");
    let delimiter = if first_line.matches(';').count() > first_line.matches(',').count() {
        b';'
    } else {
        b','
    };
    let mut reader = csv::ReaderBuilder::new()
        .delimiter(delimiter)
        .flexible(true)
        .from_reader(text.as_bytes());
    let headers: Vec<String> = reader
        .headers()
        .map_err(|e| {
            Error::invalid(
                "FILE",
                path.display(),
                &crate::t!("cli-import-expected-csv", reason = e.to_string()),
            )
        })?
        .iter()
        .map(|h| h.trim().to_lowercase())
        .collect();
    let index: Vec<(&'static str, usize)> = columns
        .iter()
        .filter_map(|(field, names)| {
            headers
                .iter()
                .position(|h| names.contains(&h.as_str()))
                .map(|i| (*field, i))
        })
        .collect();
    let found: Vec<&'static str> = index.iter().map(|(field, _)| *field).collect();
    let missing: Vec<&str> = required
        .iter()
        .copied()
        .filter(|f| !found.contains(f))
        .collect();
    if !missing.is_empty() {
        return Err(missing_columns(&headers, &missing, command));
    }
    let mut sheet = Sheet {
        headers,
        rows: Vec::new(),
        problems: Vec::new(),
        found,
    };
    for (i, record) in reader.records().enumerate() {
        let number = i + 2; // the header is row 1, as a spreadsheet shows it
        match record {
            Ok(record) => sheet.rows.push((
                number,
                index
                    .iter()
                    .map(|(field, i)| (*field, record.get(*i).unwrap_or("").trim().to_string()))
                    .collect(),
            )),
            Err(e) => sheet.problems.push(problem(number, e)),
        }
    }
    Ok(sheet)
}

/// The file lacks columns for `missing`.
pub(crate) fn missing_columns(headers: &[String], missing: &[&str], command: &str) -> Error {
    Error::invalid(
        "FILE header",
        headers.join(","),
        &crate::t!(
            "cli-import-expected-columns",
            columns = missing.join(", "),
            command = command
        ),
    )
}

/// `row 7: …`
pub(crate) fn problem(row: usize, problem: impl std::fmt::Display) -> String {
    crate::t!(
        "cli-import-row-problem",
        row = row,
        problem = problem.to_string()
    )
}

/// Every problem found, as one refusal (exit 2) before anything is sent, a line per row; `Ok`
/// when there are none.
pub(crate) fn refuse(problems: &[String]) -> Result<()> {
    if problems.is_empty() {
        return Ok(());
    }
    Err(rows_refused(
        crate::t!("cli-import-invalid-rows", count = problems.len()),
        problems,
    ))
}

/// `summary`, then the first [`PROBLEMS_SHOWN`] of `problems` one per line, and how many more.
pub(crate) fn rows_refused(summary: String, problems: &[String]) -> Error {
    let mut rows: Vec<String> = problems.iter().take(PROBLEMS_SHOWN).cloned().collect();
    if problems.len() > PROBLEMS_SHOWN {
        rows.push(crate::t!(
            "cli-import-more",
            count = problems.len() - PROBLEMS_SHOWN
        ));
    }
    Error::InvalidRows { summary, rows }
}

/// `row 7: …` for a cell refused: an empty cell a row needs is called required, with what it takes.
pub(crate) fn invalid_row(row: usize, e: Error) -> String {
    match e {
        Error::Invalid {
            field,
            given,
            expected,
        } if given == crate::text::sanitize::quoted("") => problem(
            row,
            crate::t!("cli-import-required", field = field, expected = expected),
        ),
        e => problem(row, e),
    }
}

/// Row numbers shown in one message; the output lists every row.
const ROWS_SHOWN: usize = 20;

/// `rows 3, 5, 9`, shortened past [`ROWS_SHOWN`].
pub fn row_list(rows: &[usize]) -> String {
    let shown: Vec<String> = rows.iter().take(ROWS_SHOWN).map(usize::to_string).collect();
    let more = rows.len().saturating_sub(ROWS_SHOWN);
    let rows = shown.join(", ");
    if more > 0 {
        crate::t!("cli-import-row-list-more", rows = rows, more = more)
    } else {
        crate::t!("cli-import-row-list", rows = rows)
    }
}
