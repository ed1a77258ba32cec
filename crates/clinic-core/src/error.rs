//! The one error type the library layers return, and its mapping to the exit codes of the CLI contract.

use std::io;
use std::path::PathBuf;

use crate::text::sanitize;

/// Everything that can stop a command. `main` prints it once (redacted) and exits with [`Error::exit_code`].
///
/// Its words come from the catalogue in the language chosen at start; the parts that came from a
/// person or a server (a value typed, the server's own message) are shown as they were.
#[derive(Debug)]
pub enum Error {
    /// Bad input found before anything was sent (exit 2). The three parts are already in the
    /// reader's language (see [`Error::invalid`]).
    Invalid {
        field: String,
        given: String,
        expected: String,
    },
    /// A usage problem that is not about one field's value (exit 2).
    Usage(String),
    /// Bad input in several rows of a file, found before anything was sent (exit 2): what happened,
    /// then one line per row, each shown on its own line.
    InvalidRows {
        summary: String,
        rows: Vec<String>,
    },
    /// No usable token, or the service refused the one we sent (exit 3).
    NotLoggedIn(String),
    /// Login itself failed, or a credential store problem that leaves us without a token (exit 3).
    Auth(String),
    /// The API answered 4xx (exit 4).
    Rejected {
        status: u16,
        message: String,
    },
    /// The API answered 5xx, after retries (exit 5).
    Server {
        status: u16,
        message: String,
    },
    /// Connection, TLS, timeout or a truncated answer, after retries (exit 5).
    Network(String),
    /// The proxy between us and every host refused the request (HTTP 407, or a refused CONNECT):
    /// a network failure (exit 5) of the whole run, never one host's or one clinic's.
    Proxy(String),
    /// The answer could not be understood, or a walk could not be completed faithfully (exit 5).
    Protocol(String),
    Output(OutputError),
    Config(String),
    Other(String),
    Interrupted,
    /// One clinic of a run over several failed; the run stops and says which clinic.
    InClinic {
        clinic: String,
        source: Box<Error>,
    },
    /// One clinic of several failed by itself (its server), without `--keep-going`: the run ends
    /// with nothing written, and the message says how to have the others written.
    ClinicStopsRun {
        clinic: String,
        source: Box<Error>,
    },
    /// Some records of several asked for by ID could not be read (each reported); the output holds
    /// the others (exit 4).
    RecordsFailed {
        failed: u64,
        total: u64,
    },
    /// With `--keep-going`, some clinics failed and were left out; the output holds the others.
    /// Exits with the first failure's code.
    Partial {
        failed: usize,
        total: usize,
        code: i32,
    },
}

impl std::fmt::Display for Error {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let text = match self {
            Error::Invalid {
                field,
                given,
                expected,
            } => crate::t!(
                "err-invalid",
                field = field.as_str(),
                given = given.as_str(),
                expected = expected.as_str()
            ),
            Error::NotLoggedIn(extra) if extra.is_empty() => crate::t!("err-not-logged-in"),
            Error::NotLoggedIn(extra) => {
                crate::t!("err-not-logged-in-because", reason = extra.as_str())
            }
            Error::Rejected { status, message } => {
                crate::t!("err-rejected", status = *status, message = message.as_str())
            }
            Error::Server { status, message } => {
                crate::t!("err-server", status = *status, message = message.as_str())
            }
            Error::Network(message) | Error::Proxy(message) => {
                crate::t!("err-network", message = message.as_str())
            }
            Error::Config(message) => crate::t!("err-config", message = message.as_str()),
            Error::Interrupted => crate::t!("err-interrupted"),
            Error::InClinic { clinic, source } => crate::t!(
                "err-in-clinic",
                clinic = clinic.as_str(),
                message = source.to_string()
            ),
            Error::ClinicStopsRun { clinic, source } => crate::t!(
                "err-clinic-stops-run",
                clinic = clinic.as_str(),
                message = source.to_string()
            ),
            Error::RecordsFailed { failed, total } => {
                crate::t!("err-records-failed", failed = *failed, total = *total)
            }
            Error::Partial { failed, total, .. } => crate::t!(
                "err-partial",
                failed = *failed as u64,
                total = *total as u64
            ),
            Error::InvalidRows { summary, rows } => lines_text(summary, rows, str::to_string),
            Error::Output(e) => return std::fmt::Display::fmt(e, f),
            Error::Usage(message)
            | Error::Auth(message)
            | Error::Protocol(message)
            | Error::Other(message) => return f.write_str(message),
        };
        f.write_str(&text)
    }
}

/// What starts each row's line under the summary of [`Error::InvalidRows`].
pub const ROW_INDENT: &str = "\n  ";

/// The most characters of a refused value an error repeats.
pub const GIVEN_MAX: usize = 80;

impl std::error::Error for Error {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            Error::Output(e) => e.source(),
            Error::InClinic { source, .. } | Error::ClinicStopsRun { source, .. } => {
                Some(source.as_ref())
            }
            _ => None,
        }
    }
}

impl From<OutputError> for Error {
    fn from(e: OutputError) -> Self {
        Error::Output(e)
    }
}

/// A record the service sent that the client cannot look inside: a bad answer (exit 5), never a
/// crash. Defined here so that both [`Error`] and [`OutputError`] can carry it.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum BadRecord {
    /// Objects and arrays nested deeper than the limit every reader of records keeps.
    #[error("{}", crate::t!("record-too-deep", limit = *limit as u64))]
    TooDeep { limit: usize },
    /// Text that is no JSON value (only records built wrongly can get here).
    #[error("{}", crate::t!("record-unreadable", reason = reason.as_str()))]
    Unreadable { reason: String },
}

impl From<BadRecord> for Error {
    fn from(e: BadRecord) -> Self {
        Error::Protocol(e.to_string())
    }
}

impl Error {
    /// A value refused before anything was sent. The value is echoed quoted as typed
    /// ([`sanitize::quoted`]: a Windows path keeps its backslashes single), cut at
    /// [`GIVEN_MAX`] characters (with how long it was), so a 100 KB paste stays one short line.
    pub fn invalid(field: &str, given: impl std::fmt::Display, expected: &str) -> Self {
        let given = given.to_string();
        let count = given.chars().count();
        let given = if count > GIVEN_MAX {
            let cut: String = given.chars().take(GIVEN_MAX).collect();
            format!(
                "{} {}",
                sanitize::quoted(&format!("{cut}…")),
                crate::t!("err-given-length", count = count as u64)
            )
        } else {
            sanitize::quoted(&given)
        };
        Error::Invalid {
            field: field.to_string(),
            given,
            expected: expected.to_string(),
        }
    }

    /// A flag that must be given and was not (exit 2): named as the flag, never shown as a value.
    pub fn missing(field: &str, expected: &str) -> Self {
        Error::Usage(crate::t!("err-missing", field = field, expected = expected))
    }

    /// Exit codes: 0 ok · 1 other · 2 usage · 3 auth · 4 API 4xx · 5 server/network · 130 interrupted.
    pub fn exit_code(&self) -> i32 {
        match self {
            Error::Invalid { .. } | Error::Usage(_) | Error::InvalidRows { .. } => 2,
            Error::NotLoggedIn(_) | Error::Auth(_) => 3,
            Error::Rejected { .. } => 4,
            Error::Server { .. } | Error::Network(_) | Error::Proxy(_) | Error::Protocol(_) => 5,
            Error::Interrupted => 130,
            Error::InClinic { source, .. } | Error::ClinicStopsRun { source, .. } => {
                source.exit_code()
            }
            Error::Partial { code, .. } => *code,
            Error::RecordsFailed { .. } => 4,
            Error::Output(e) if e.is_broken_pipe() => 0,
            Error::Output(OutputError::Record(_)) => 5,
            Error::Output(OutputError::NotAFile { .. } | OutputError::Refused(_)) => 2,
            Error::Output(_) | Error::Config(_) | Error::Other(_) => 1,
        }
    }
}

impl From<std::io::Error> for Error {
    fn from(e: std::io::Error) -> Self {
        match e.kind() {
            // Ctrl-C at a prompt.
            std::io::ErrorKind::Interrupted => Error::Interrupted,
            _ => Error::Other(e.to_string()),
        }
    }
}

pub type Result<T, E = Error> = std::result::Result<T, E>;

/// An error as it is shown: a server's message inside it cut to [`SERVER_TEXT_MAX`] characters, the
/// whole on one line. (Masking secrets is the reporter's job: see `ui::Reporter::error_line`.)
pub fn error_text(e: &Error) -> String {
    let text = match e {
        Error::Rejected { status, message } => Error::Rejected {
            status: *status,
            message: sanitize::server_text(message),
        }
        .to_string(),
        Error::Server { status, message } => Error::Server {
            status: *status,
            message: sanitize::server_text(message),
        }
        .to_string(),
        Error::NotLoggedIn(message) => {
            Error::NotLoggedIn(sanitize::server_text(message)).to_string()
        }
        Error::InvalidRows { summary, rows } => {
            return lines_text(summary, rows, |line| {
                sanitize::excerpt(line, sanitize::ERROR_LINE_MAX)
            });
        }
        other => other.to_string(),
    };
    sanitize::excerpt(&text, sanitize::ERROR_LINE_MAX)
}

/// The summary and each row of [`Error::InvalidRows`] made one safe line each by `line`, then
/// joined: the breaks between them are the only ones an error shows, and none comes from a value.
pub fn lines_text(summary: &str, rows: &[String], line: impl Fn(&str) -> String) -> String {
    let mut text = line(summary);
    for row in rows {
        text.push_str(ROW_INDENT);
        text.push_str(&line(row));
    }
    text
}

/// What stops writing the output: the sink, or records the header cannot hold. Defined here, not in
/// `output`, so that the error type knows nothing of the formatters.
#[derive(Debug, thiserror::Error)]
pub enum OutputError {
    /// Writing to stdout failed (possibly a closed pipe: see [`OutputError::is_broken_pipe`]), or
    /// the temporary storage for buffered rows did.
    #[error("{}", io_text(.0))]
    Io(#[source] io::Error),
    #[error("{}", file_text(path, source))]
    File {
        path: PathBuf,
        #[source]
        source: io::Error,
    },
    #[error("{}", crate::t!("output-second-record"))]
    SecondRecord,
    #[error(transparent)]
    NewColumns(#[from] NewColumns),
    /// `-o` names a directory or a socket: no place for output (exit 2, before anything is sent).
    #[error("{}", crate::t!("output-not-a-file", path = path.display().to_string()))]
    NotAFile { path: PathBuf },
    /// Output settings that cannot go together (exit 2, before anything is sent).
    #[error("{0}")]
    Refused(String),
    /// A record that cannot be written because it cannot be read (exit 5, a bad answer).
    #[error(transparent)]
    Record(#[from] BadRecord),
}

fn io_text(e: &io::Error) -> String {
    crate::t!("output-cannot-write", reason = io_reason(e))
}

fn file_text(path: &std::path::Path, e: &io::Error) -> String {
    crate::t!(
        "output-cannot-write-file",
        path = path.display().to_string(),
        reason = io_reason(e)
    )
}

/// Why a file could not be written, in the reader's language for the failures people meet; else
/// the system's words.
pub fn io_reason(e: &io::Error) -> String {
    match e.kind() {
        io::ErrorKind::NotFound => crate::t!("output-folder-missing"),
        io::ErrorKind::PermissionDenied => crate::t!("output-permission-denied"),
        io::ErrorKind::StorageFull => crate::t!("output-disk-full"),
        io::ErrorKind::ReadOnlyFilesystem => crate::t!("output-read-only"),
        _ if too_many_open_files(e) => crate::t!("output-too-many-open-files"),
        _ => e.to_string(),
    }
}

/// The process holds as many files as the system lets it (a dataset of very many partitions).
fn too_many_open_files(e: &io::Error) -> bool {
    #[cfg(unix)]
    const CODE: i32 = nix::errno::Errno::EMFILE as i32;
    #[cfg(not(unix))]
    const CODE: i32 = 4; // ERROR_TOO_MANY_OPEN_FILES
    e.raw_os_error() == Some(CODE)
}

impl OutputError {
    /// The reader of stdout went away (`clinic ... | head`): the app should stop quietly.
    pub fn is_broken_pipe(&self) -> bool {
        matches!(self, OutputError::Io(e) if e.kind() == io::ErrorKind::BrokenPipe)
    }
}

/// Records brought columns that the header written to stdout lacks.
#[derive(Debug, thiserror::Error)]
#[error("{}", new_columns_text(*record, *known, columns))]
pub struct NewColumns {
    pub record: u64,
    pub known: usize,
    pub columns: Vec<String>,
}

fn new_columns_text(record: u64, known: usize, columns: &[String]) -> String {
    if columns.is_empty() {
        // An object after bare values (`--jq` results), which went out without a header.
        return crate::t!("output-record-after-values", record = record.to_string());
    }
    crate::t!(
        "output-new-columns",
        record = record.to_string(),
        count = columns.len() as u64,
        columns = columns.join(", "),
        known = known as u64
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::text::i18n::{Lang, Value, text_in};

    #[test]
    fn english_texts_read_as_before() {
        assert_eq!(
            Error::invalid("--from", "31/02/2024", "a date").to_string(),
            "invalid --from: got \"31/02/2024\", expected a date"
        );
        assert_eq!(
            Error::Rejected {
                status: 400,
                message: "parâmetro clinica é obrigatório".into()
            }
            .to_string(),
            "the API refused the request (HTTP 400): parâmetro clinica é obrigatório"
        );
        assert_eq!(
            Error::NotLoggedIn(String::new()).to_string(),
            "not logged in or token expired — run `clinic login`"
        );
        assert_eq!(
            Error::NotLoggedIn("no token stored for profile 'x'".into()).to_string(),
            "not logged in or token expired — run `clinic login` (no token stored for profile 'x')"
        );
        let partial = Error::Partial {
            failed: 1,
            total: 12,
            code: 5,
        };
        assert_eq!(
            partial.to_string(),
            "1 of 12 clinics failed and were left out (see above); the output holds the others"
        );
        let nested = Error::InClinic {
            clinic: "3 (SP Campinas)".into(),
            source: Box::new(Error::Network("timeout".into())),
        };
        assert_eq!(
            nested.to_string(),
            "clinic 3 (SP Campinas): network failure: timeout"
        );
    }

    #[test]
    fn a_long_value_is_echoed_cut_with_its_length() {
        let e = Error::invalid("--note", "é".repeat(5000), "at most 4000 characters");
        assert_eq!(
            e.to_string(),
            format!(
                "invalid --note: got \"{}…\" (5000 characters), expected at most 4000 characters",
                "é".repeat(80)
            )
        );
    }

    #[test]
    fn portuguese_texts_keep_the_parts_that_came_from_people_and_servers() {
        let pt = |key: &str, args: &[(&'static str, Value<'_>)]| text_in(Lang::PtBr, key, args);
        let expected = pt("input-date", &[]);
        assert_eq!(
            expected,
            "uma data real no formato AAAA-MM-DD ou DD/MM/AAAA, p. ex. 1990-04-23 ou 23/04/1990"
        );
        assert_eq!(
            pt(
                "err-invalid",
                &[
                    ("field", Value::from("--from")),
                    ("given", Value::from("\"31/02/2024\"")),
                    ("expected", Value::from(expected.as_str())),
                ]
            ),
            format!("valor inválido para --from: recebido \"31/02/2024\", esperado {expected}")
        );
        assert_eq!(
            pt(
                "err-rejected",
                &[
                    ("status", Value::from(400u16)),
                    ("message", Value::from("parâmetro clinica é obrigatório")),
                ]
            ),
            "a API recusou a requisição (HTTP 400): parâmetro clinica é obrigatório"
        );
        assert_eq!(
            pt(
                "auth-login-refused",
                &[
                    ("status", Value::from(401u16)),
                    ("message", Value::from("login ou senha inválidos")),
                ]
            ),
            "login recusado (HTTP 401): login ou senha inválidos"
        );
        let partial = |failed: u64, total: u64| {
            pt(
                "err-partial",
                &[
                    ("failed", Value::from(failed)),
                    ("total", Value::from(total)),
                ],
            )
        };
        assert_eq!(
            partial(1, 12),
            "1 de 12 clínicas falhou e ficou de fora (veja acima); a saída traz as demais"
        );
        assert_eq!(
            partial(3, 12),
            "3 de 12 clínicas falharam e ficaram de fora (veja acima); a saída traz as demais"
        );
        assert_eq!(
            pt("warn-line", &[("message", Value::from("x"))]),
            "aviso: x"
        );
    }
}
