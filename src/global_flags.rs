//! The global flags, defined once with their clap attributes and value parsers, and read as they
//! are by the context and the commands. Only this module and `cli` name clap (`tests/layers.rs`).

use std::path::PathBuf;

use crate::error::Error;
use crate::output::Format;

/// Flags every command takes, defined once: clap fills them, and the layers below read them as they
/// are. Help lists them after the command's own, under their own heading, and hides those a command
/// has no use for (`cli::help::hide_unused_flags`).
#[derive(clap::Args, Debug, Clone, Default)]
#[command(next_help_heading = "Global options")]
pub struct Settings {
    #[arg(long, global = true, env = "CLINIC_PROFILE", value_name = "NAME")]
    pub profile: Option<String>,
    #[arg(long, global = true, value_parser = crate::spelling::Spelling::<Format>::new())]
    pub format: Option<Format>,
    #[arg(long, global = true, value_delimiter = ',', value_name = "A,B,C")]
    pub columns: Option<Vec<String>>,
    #[arg(long, global = true, value_name = "EXPR")]
    pub jq: Option<String>,
    #[arg(short = 'r', long, global = true)]
    pub raw_output: bool,
    #[arg(long, global = true, value_name = "FIELD[:desc],...", value_parser = crate::sort::SortKeys::parse)]
    pub sort: Option<crate::sort::SortKeys>,
    #[arg(long, global = true)]
    pub excel: bool,
    #[arg(short = 'o', long, global = true, value_name = "FILE")]
    pub output: Option<PathBuf>,
    // `clinic sql --schema` takes no file: it lists the mirror's tables (see `schema`).
    #[arg(long, global = true, value_name = "FILE", value_parser = schema, num_args = 0..=1, default_missing_value = "")]
    pub schema: Option<ColumnTypes>,
    #[arg(long, global = true, value_name = "clinic,month[:FIELD]", value_parser = partition_by)]
    pub partition_by: Option<crate::output::Partitioning>,
    #[arg(long, global = true, requires = "partition_by")]
    pub resume: bool,
    #[arg(long, global = true, value_name = "DATE|DATETIME|last", value_parser = since)]
    pub since: Option<crate::config::state::Since>,
    #[arg(long, global = true, value_name = "DURATION", value_parser = max_wait, requires = "since")]
    pub since_overlap: Option<std::time::Duration>,
    #[arg(long, global = true)]
    pub all: bool,
    #[arg(long, global = true, value_name = "N", value_parser = clap::value_parser!(u64).range(1..=crate::pages::MAX_PAGE))]
    pub page: Option<u64>,
    #[arg(long, global = true, value_name = "M", value_parser = clap::value_parser!(u64).range(1..=10000))]
    pub per_page: Option<u64>,
    #[arg(long, global = true, value_name = "N", value_parser = clap::value_parser!(u64).range(1..))]
    pub limit: Option<u64>,
    #[arg(long, global = true, value_name = "K", value_parser = clap::builder::RangedU64ValueParser::<usize>::new().range(1..=32), hide_short_help = true)]
    pub concurrency: Option<usize>,
    #[arg(long, global = true, value_name = "N", value_parser = clap::value_parser!(u64).range(1..=crate::pages::MAX_PAGE), hide_short_help = true)]
    pub max_pages: Option<u64>,
    #[arg(long, global = true, env = "CLINIC_TIMEOUT", value_name = "DURATION", value_parser = timeout, hide_short_help = true)]
    pub timeout: Option<std::time::Duration>,
    #[arg(long, global = true, env = "CLINIC_MAX_WAIT", value_name = "DURATION", value_parser = max_wait, hide_short_help = true)]
    pub max_wait: Option<std::time::Duration>,
    #[arg(long, global = true, env = "CLINIC_MAX_OPERATING_WAIT", value_name = "DURATION", value_parser = max_operating_wait, hide_short_help = true)]
    pub max_operating_wait: Option<std::time::Duration>,
    #[arg(long, global = true, env = "CLINIC_MAX_ANSWER_SIZE", value_name = "SIZE", value_parser = size, hide_short_help = true)]
    pub max_answer_size: Option<u64>,
    #[arg(
        long,
        global = true,
        env = "CLINIC_CA_BUNDLE",
        value_name = "FILE",
        hide_short_help = true
    )]
    pub cacert: Option<PathBuf>,
    /// `-v` traces requests with personal data masked; `-vv` shows it.
    #[arg(short, long, global = true, action = clap::ArgAction::Count)]
    pub verbose: u8,
    #[arg(long, global = true, hide_short_help = true)]
    pub trace_personal: bool,
    /// `-q` before or after the command; where a command's own `-q` means something else
    /// (`--query`), `--quiet` alone.
    #[arg(short = 'q', long = "quiet", global = true)]
    pub quiet: bool,
    #[arg(long, global = true, value_name = "LANG")]
    pub lang: Option<String>,
    #[arg(long, global = true)]
    pub sandbox: bool,
    #[arg(
        long,
        global = true,
        value_name = "N",
        requires = "sandbox",
        hide_short_help = true
    )]
    pub sandbox_scale: Option<u64>,
    /// A sandbox already serving that a `--sandbox` run uses instead of starting its own: the one
    /// `clinic --sandbox mcp` started, so that every tool call of the session sees the same data
    /// (a contact one call creates, the next call finds).
    #[arg(skip)]
    pub sandbox_at: Option<clinic_sandbox::Urls>,
    /// The command line's arguments, for a dataset's manifest.
    #[arg(skip)]
    pub command: Vec<String>,
    /// Where the configuration lives, when not where `CLINIC_CONFIG_DIR` or the platform puts it:
    /// a run inside a test process, which has one environment for every test.
    #[arg(skip)]
    pub config_dir: Option<PathBuf>,
    /// The variables the run reads (`CLINIC_TOKEN`, `CLINIC_CACHE_DIR`…): the process's own, or a
    /// run's own inside a test process.
    #[arg(skip)]
    pub env: crate::environment::Environment,
    /// The run may change nothing on disk: what it learns of the deployment (page base, scheme), a
    /// renewed token (in a file or the OS keyring) and a report's columns are used and forgotten,
    /// and the reference lists it reads are kept in memory, not in the cache folder. A read tool of
    /// `clinic mcp` runs so: an assistant told a tool only reads must find the disk as it was.
    #[arg(skip)]
    pub read_only: bool,
}

impl Settings {
    /// The profile named with `--profile` or `CLINIC_PROFILE`; unnamed, the one `config use` chose,
    /// else `default`.
    pub fn profile_name(&self) -> String {
        self.profile
            .clone()
            .unwrap_or_else(|| crate::config::default_profile_name(&self.env))
    }

    /// `-v`: requests are traced, personal data masked.
    pub fn traces(&self) -> bool {
        self.verbose > 0
    }

    /// `-vv` or `--trace-personal`: traces and errors show personal data as it is.
    pub fn personal(&self) -> bool {
        self.verbose > 1 || self.trace_personal
    }

    /// `--sort`: the fields a list's records are ordered by.
    pub fn sort_keys(&self) -> Option<Vec<crate::sort::SortKey>> {
        self.sort.clone().map(|keys| keys.0)
    }

    /// `--schema FILE`: the Parquet type each named column starts from.
    pub fn column_types(&self) -> std::collections::HashMap<String, crate::output::ColumnType> {
        self.schema.clone().map(|s| s.0).unwrap_or_default()
    }

    /// `--schema` without a file: `clinic sql` lists the mirror's tables and columns.
    pub fn schema_listing(&self) -> bool {
        self.schema.as_ref().is_some_and(|s| s.1)
    }
}

/// A refused value's message: what is expected, in the reader's language.
pub fn expected(e: Error) -> String {
    match e {
        Error::Invalid { expected, .. } => crate::t!("cli-expected", expected = expected),
        other => other.to_string(),
    }
}

/// `--timeout`: a duration above zero (`30s`, `2m`, or seconds).
pub fn timeout(s: &str) -> Result<std::time::Duration, String> {
    crate::config::duration("--timeout", s, false).map_err(expected)
}

/// `--max-wait`: a duration, zero for no retries.
pub fn max_wait(s: &str) -> Result<std::time::Duration, String> {
    crate::config::duration("--max-wait", s, true).map_err(expected)
}

/// `--max-operating-wait`: a duration, zero for no waiting.
pub fn max_operating_wait(s: &str) -> Result<std::time::Duration, String> {
    crate::config::duration("--max-operating-wait", s, true).map_err(expected)
}

/// A size in bytes with an optional unit (`256MiB`, `10MB`).
pub fn size(s: &str) -> Result<u64, String> {
    crate::config::size("size", s).map_err(expected)
}

/// `--schema FILE`: a JSON object naming a Parquet type for some columns
/// (`{"valor": "decimal", "codigo": "text"}`; types `bool`, `int`, `decimal`, `date`, `timestamp`,
/// `text`).
#[derive(Clone, Debug, Default)]
pub struct ColumnTypes(
    pub std::collections::HashMap<String, crate::output::ColumnType>,
    /// Given without a file (`clinic sql --schema`).
    pub bool,
);

pub fn schema(s: &str) -> Result<ColumnTypes, String> {
    if s.is_empty() {
        return Ok(ColumnTypes(Default::default(), true));
    }
    let text = std::fs::read_to_string(s)
        .map_err(|e| crate::t!("cli-expected-schema-file", reason = e.to_string()))?;
    serde_json::from_str(crate::text::bom::strip(&text))
        .map(|types| ColumnTypes(types, false))
        .map_err(|e| crate::t!("cli-expected-schema", reason = e.to_string()))
}

/// `--partition-by clinic`, `month`, `month:FIELD`, or both, comma-separated.
pub fn partition_by(s: &str) -> Result<crate::output::Partitioning, String> {
    let mut by = crate::output::Partitioning::default();
    for part in s.split(',').map(str::trim) {
        match part.split_once(':') {
            None if part.eq_ignore_ascii_case("clinic") || part.eq_ignore_ascii_case("clinica") => {
                by.clinic = true
            }
            None if part.eq_ignore_ascii_case("month") || part.eq_ignore_ascii_case("mes") => {
                by.month = Some(None)
            }
            Some((m, field))
                if (m.eq_ignore_ascii_case("month") || m.eq_ignore_ascii_case("mes"))
                    && !field.trim().is_empty() =>
            {
                by.month = Some(Some(field.trim().to_string()))
            }
            _ => return Err(crate::t!("cli-expected-partition-by")),
        }
    }
    Ok(by)
}

/// `--since`: `last`, a date (`2026-11-01`, `01/11/2026`, or a word: `ontem`, `semana`…) or a date and time
/// (`2026-11-01 08:30[:00]`).
pub fn since(s: &str) -> Result<crate::config::state::Since, String> {
    use crate::config::state::Since;
    let s = s.trim();
    if s.eq_ignore_ascii_case("last") {
        return Ok(Since::Last);
    }
    // A bare number is a run of `clinic sync` (no date is written as digits alone).
    if !s.is_empty() && s.len() <= 12 && s.bytes().all(|b| b.is_ascii_digit()) {
        return s
            .parse()
            .map(Since::Run)
            .map_err(|_| crate::t!("cli-expected-since"));
    }
    for format in [
        "%Y-%m-%d %H:%M:%S",
        "%Y-%m-%d %H:%M",
        "%Y-%m-%dT%H:%M:%S",
        "%d/%m/%Y %H:%M",
    ] {
        if let Ok(at) = chrono::NaiveDateTime::parse_from_str(s, format) {
            return Ok(Since::At(at));
        }
    }
    crate::relative_date::parse(s, crate::relative_date::Edge::Start)
        .map(|d| Since::At(d.and_time(chrono::NaiveTime::MIN)))
        .map_err(|_| crate::t!("cli-expected-since"))
}
