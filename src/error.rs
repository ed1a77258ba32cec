//! The one error type the library layers return, and its mapping to the exit codes of the CLI contract.

use crate::output::OutputError;

/// Everything that can stop a command. `main` prints it once (redacted) and exits with [`Error::exit_code`].
#[derive(Debug, thiserror::Error)]
pub enum Error {
    /// Bad input found before anything was sent (exit 2).
    #[error("invalid {field}: got {given}, expected {expected}")]
    Invalid {
        field: String,
        given: String,
        expected: String,
    },
    /// A usage problem that is not about one field's value (exit 2).
    #[error("{0}")]
    Usage(String),
    /// No usable token, or the service refused the one we sent (exit 3).
    #[error("not logged in or token expired — run `clinic login`{}", hint(.0))]
    NotLoggedIn(String),
    /// Login itself failed, or a credential store problem that leaves us without a token (exit 3).
    #[error("{0}")]
    Auth(String),
    /// The API answered 4xx (exit 4).
    #[error("the API refused the request (HTTP {status}): {message}")]
    Rejected { status: u16, message: String },
    /// The API answered 5xx, after retries (exit 5).
    #[error("the server failed (HTTP {status}): {message}")]
    Server { status: u16, message: String },
    /// Connection, TLS, timeout or a truncated answer, after retries (exit 5).
    #[error("network failure: {0}")]
    Network(String),
    /// The answer could not be understood, or a walk could not be completed faithfully (exit 5).
    #[error("{0}")]
    Protocol(String),
    #[error(transparent)]
    Output(#[from] OutputError),
    #[error("configuration: {0}")]
    Config(String),
    #[error("{0}")]
    Other(String),
    #[error("interrupted")]
    Interrupted,
    /// One clinic of a run over several failed; the run stops and says which clinic.
    #[error("clinic {clinic}: {source}")]
    InClinic { clinic: String, source: Box<Error> },
    /// With `--keep-going`, some clinics failed and were left out; the output holds the others.
    /// Exits with the first failure's code.
    #[error(
        "{failed} of {total} clinics failed and were left out (see above); the output holds the others"
    )]
    Partial {
        failed: usize,
        total: usize,
        code: i32,
    },
}

fn hint(extra: &str) -> String {
    if extra.is_empty() {
        String::new()
    } else {
        format!(" ({extra})")
    }
}

impl Error {
    pub fn invalid(field: &str, given: impl std::fmt::Display, expected: &str) -> Self {
        Error::Invalid {
            field: field.to_string(),
            given: format!("{:?}", given.to_string()),
            expected: expected.to_string(),
        }
    }

    /// Exit codes: 0 ok · 1 other · 2 usage · 3 auth · 4 API 4xx · 5 server/network · 130 interrupted.
    pub fn exit_code(&self) -> i32 {
        match self {
            Error::Invalid { .. } | Error::Usage(_) => 2,
            Error::NotLoggedIn(_) | Error::Auth(_) => 3,
            Error::Rejected { .. } => 4,
            Error::Server { .. } | Error::Network(_) | Error::Protocol(_) => 5,
            Error::Interrupted => 130,
            Error::InClinic { source, .. } => source.exit_code(),
            Error::Partial { code, .. } => *code,
            Error::Output(e) if e.is_broken_pipe() => 0,
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
