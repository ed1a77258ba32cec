//! The output formats by name: what `--format`, `-o`'s extension and the profile's `format` key name.
//! Below `config` (which stores one) and `output` (which writes them).

use std::fmt;

#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Format {
    Table,
    Json,
    Ndjson,
    Csv,
    Tsv,
    /// An Excel workbook with typed cells; binary, so only into a file (`-o`).
    Xlsx,
    /// A typed, columnar Parquet file; binary, so only into a file (`-o`).
    Parquet,
}

impl Format {
    /// Every format, in the order help lists them.
    pub const ALL: [Format; 7] = [
        Format::Table,
        Format::Json,
        Format::Ndjson,
        Format::Csv,
        Format::Tsv,
        Format::Xlsx,
        Format::Parquet,
    ];

    pub fn name(self) -> &'static str {
        match self {
            Format::Table => "table",
            Format::Json => "json",
            Format::Ndjson => "ndjson",
            Format::Csv => "csv",
            Format::Tsv => "tsv",
            Format::Xlsx => "xlsx",
            Format::Parquet => "parquet",
        }
    }

    /// The format a file name asks for by its extension (`.csv`, `.tsv`, `.json`, `.ndjson`/`.jsonl`,
    /// `.xlsx`, `.parquet`, any case); `None` for any other name.
    pub fn of_file(path: &std::path::Path) -> Option<Format> {
        let ext = path.extension()?.to_str()?.to_ascii_lowercase();
        Some(match ext.as_str() {
            "csv" => Format::Csv,
            "tsv" => Format::Tsv,
            "json" => Format::Json,
            "ndjson" | "jsonl" => Format::Ndjson,
            "xlsx" => Format::Xlsx,
            "parquet" => Format::Parquet,
            _ => return None,
        })
    }

    /// The extension of a file in this format (the one [`Format::of_file`] reads back); `None` for
    /// the table, which is for eyes on a terminal and has no file of its own kind.
    pub fn extension(self) -> Option<&'static str> {
        match self {
            Format::Table => None,
            Format::Json => Some("json"),
            Format::Ndjson => Some("ndjson"),
            Format::Csv => Some("csv"),
            Format::Tsv => Some("tsv"),
            Format::Xlsx => Some("xlsx"),
            Format::Parquet => Some("parquet"),
        }
    }

    /// Bytes that only make sense in a file, never on a terminal or in a text pipe.
    pub fn is_binary(self) -> bool {
        matches!(self, Format::Xlsx | Format::Parquet)
    }
}

impl fmt::Display for Format {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A format name that is not one of [`Format`]'s (e.g. from the `format` configuration key).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{}", crate::t!("output-unknown-format", format = .0.as_str()))]
pub struct UnknownFormat(pub String);

impl std::str::FromStr for Format {
    type Err = UnknownFormat;

    /// Case-insensitive, surrounding blanks ignored.
    fn from_str(text: &str) -> Result<Self, Self::Err> {
        let wanted = text.trim();
        Format::ALL
            .into_iter()
            .find(|f| f.name().eq_ignore_ascii_case(wanted))
            .ok_or_else(|| UnknownFormat(text.to_owned()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A file named with a format's extension is read back as that format, so a dataset's parts
    /// say what they hold.
    #[test]
    fn each_extension_names_its_own_format() {
        for format in Format::ALL {
            match format.extension() {
                Some(ext) => {
                    let name = format!("part.{ext}");
                    assert_eq!(Format::of_file(std::path::Path::new(&name)), Some(format));
                }
                None => assert_eq!(format, Format::Table),
            }
        }
    }
}
