//! What an output is asked to be (`OutputSpec`), what it holds (`Shape`) and what it wrote
//! (`Finished`): shared by the writers of one file and of a dataset.

pub use crate::format::Format;

use super::parquet::Kind as ColumnType;
use std::path::PathBuf;

/// Rows held in memory before they go to a temporary file, and rows per rendered table block.
pub(crate) const MEMORY_ROWS: usize = 1000;

#[derive(Clone, Debug)]
pub struct OutputSpec {
    pub format: Format,
    /// `--columns a,b.c`: select and order columns (dotted = nested keys). `Some(vec![])` means
    /// no selection.
    pub columns: Option<Vec<String>>,
    /// Excel pt-BR: csv gets `;`, a UTF-8 BOM and the formula guard; tsv gets the BOM and guard.
    pub excel: bool,
    /// `-o FILE`: written atomically. `-` means stdout.
    pub path: Option<PathBuf>,
    /// Terminal width for tables; `None` (not a terminal) means lines are never wrapped.
    pub width: Option<u16>,
    /// Stdout is a terminal: what goes there has the control characters of its values escaped,
    /// whatever the format (see `escaping`). Pipes and files get the data unchanged.
    pub terminal: bool,
    /// Columns that hold money besides the built-in list (the profile's `money_fields`): typed as
    /// decimals in Parquet.
    pub money_columns: Vec<String>,
    /// `--schema FILE`: the Parquet type each named column starts from.
    pub column_types: std::collections::HashMap<String, ColumnType>,
    /// `--partition-by`: `path` is a dataset's folder, a file per partition.
    pub partition: Option<Partitioning>,
    /// The command line that asked (its arguments), for a dataset's manifest.
    pub command: Vec<String>,
    /// Records print as `jq -r` prints values (`-r`, and `--jq`'s results): NDJSON writes a record
    /// that is a string as the text itself, unquoted, and CSV/TSV write records that are all bare
    /// values one per line, without a `value` header.
    pub raw_strings: bool,
    /// The columns a CSV, TSV, xlsx or Parquet file of no records still gets (a report's last known
    /// fields), so that a quiet night gives readers a file they open. Ignored with `--columns`.
    pub empty_columns: Vec<String>,
}

impl OutputSpec {
    /// `format` to stdout, with every other option at its plain value.
    #[cfg(test)]
    pub(crate) fn plain(format: Format) -> OutputSpec {
        OutputSpec {
            format,
            columns: None,
            excel: false,
            path: None,
            width: None,
            terminal: false,
            money_columns: Vec::new(),
            column_types: Default::default(),
            partition: None,
            command: Vec::new(),
            raw_strings: false,
            empty_columns: Vec::new(),
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Shape {
    /// Records of a list or walk, any number of them.
    List,
    /// Exactly one object: the answer of a create or get.
    Single,
}

/// What a finished output wrote.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Finished {
    pub written: u64,
    /// Columns of the records that a table on a terminal left out (see [`Output::open_preferring`]).
    pub hidden_columns: usize,
    /// Records of a dataset that had no value for a partition key.
    pub unplaced: Unplaced,
}

/// Records of a dataset filed under a key's default folder (`__HIVE_DEFAULT_PARTITION__`) because
/// they had no value for it.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Unplaced {
    /// Records with none of the clinic fields.
    pub clinic: u64,
    /// Records without a date for their month.
    pub month: u64,
    /// Where the month's date was looked for.
    pub month_fields: Vec<String>,
    /// Partitions whose folder could not be made, and where their records went instead.
    pub misplaced: Vec<Misplaced>,
}

/// A partition whose folder the file system refused: its records are in another folder.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Misplaced {
    /// The partition's keys and values, as `clinica "…"`.
    pub values: String,
    /// The folder it should have had, and the one it has.
    pub wanted: String,
    pub instead: String,
    /// Why the folder could not be made.
    pub reason: String,
    pub records: u64,
}

/// What `--partition-by` asks for.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Partitioning {
    pub clinic: bool,
    /// `month`: `None` is not by month; `Some(None)` the record's main date; `Some(Some(f))` field `f`.
    pub month: Option<Option<String>>,
}
