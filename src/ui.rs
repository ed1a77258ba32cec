//! Everything the CLI writes to stderr besides the final error: warnings, `-v` request traces and the
//! progress bar. Lower layers report through a shared [`Reporter`]; it decides whether and how to show,
//! masks the run's secret addresses and long secrets in each line, and makes it one line of plain text
//! (server text may hold escape sequences or line breaks).

use std::sync::{Arc, Mutex};

use crate::error::Error;
use crate::redact::{self, Redactor};
use crate::secret::Secret;
use crate::term::IoStreams;
use crate::text::sanitize;

pub struct Reporter {
    /// Where each line goes (err), and whether err is a terminal for the progress line.
    io: Arc<IoStreams>,
    verbose: bool,
    quiet: bool,
    /// Personal data is shown as it is (`-vv`, `--trace-personal`); otherwise every line has it
    /// masked (see `redact::personal`).
    personal: bool,
    redactor: Mutex<Redactor>,
    progress: Mutex<Option<indicatif::ProgressBar>>,
    /// What the progress line counts ("quotes"), for [`Reporter::set_progress_stage`].
    progress_what: Mutex<String>,
}

impl Reporter {
    /// A reporter whose lines go nowhere: for the parts of the client that a test runs alone.
    #[cfg(test)]
    pub(crate) fn new(verbose: bool, quiet: bool) -> Arc<Reporter> {
        let (io, _) = IoStreams::captured(crate::term::Terminals::default(), b"");
        Self::showing_personal(Arc::new(io), verbose, quiet, false)
    }

    /// A reporter writing into `io`'s err, showing personal data as it is when `personal`.
    pub fn showing_personal(
        io: Arc<IoStreams>,
        verbose: bool,
        quiet: bool,
        personal: bool,
    ) -> Arc<Reporter> {
        Arc::new(Reporter {
            io,
            verbose,
            quiet,
            personal,
            redactor: Default::default(),
            progress: Default::default(),
            progress_what: Default::default(),
        })
    }

    /// `text` as stderr may show it: personal data masked unless the user asked to see it.
    fn masked(&self, text: &str) -> String {
        if self.personal {
            text.to_string()
        } else {
            redact::personal(text)
        }
    }

    /// Registers a secret value (token, key, password) that a server might echo back. Requests never show
    /// one (headers and login bodies are not traced); a long, varied value is also scrubbed from every later
    /// line, while a short one is not searched for, so that it cannot mask ordinary words.
    pub fn add_secret(&self, secret: &Secret) {
        self.redactor.lock().unwrap().add_value(secret);
    }

    /// Registers a secret address (`crm_url`, the automation webhook) and its masked form: the address is
    /// masked whole wherever it appears in a later line.
    pub fn add_secret_url(&self, raw: &str, shown: &str) {
        self.redactor.lock().unwrap().add_address(raw, shown);
    }

    /// `text` with the registered secret addresses and long secrets masked.
    pub fn redact(&self, text: &str) -> String {
        self.redactor.lock().unwrap().apply(text)
    }

    /// The final error as one masked line of plain text, the server's part of it cut short.
    pub fn error_line(&self, e: &Error) -> String {
        let text = match e {
            // The value of a personal field is masked by the field's kind, whatever its shape.
            Error::Invalid {
                field,
                given,
                expected,
            } if !self.personal => match redact::personal_param(field) {
                Some(kind) => {
                    // `"value"`, possibly followed by how long it was.
                    let (quoted, after) = given.rsplit_once('"').unwrap_or((given, ""));
                    let value = quoted.strip_prefix('"').unwrap_or(quoted);
                    crate::error::error_text(&Error::Invalid {
                        field: field.clone(),
                        given: format!("{:?}{after}", redact::mask_personal(value, kind)),
                        expected: expected.clone(),
                    })
                }
                None => crate::error::error_text(e),
            },
            _ => crate::error::error_text(e),
        };
        sanitize::excerpt(&self.masked(&self.redact(&text)), sanitize::ERROR_LINE_MAX)
    }

    /// A `-v` trace line (request, answer, retry). Shown only with `--verbose`.
    pub fn trace(&self, line: &str) {
        if self.verbose {
            self.line(line);
        }
    }

    /// A warning: shown unless `--quiet`.
    pub fn warn(&self, line: &str) {
        if !self.quiet {
            self.line(&crate::t!("warn-line", message = line));
        }
    }

    /// An informational note (which store was used, how many records): shown unless `--quiet`.
    pub fn note(&self, line: &str) {
        if !self.quiet {
            self.line(line);
        }
    }

    fn line(&self, line: &str) {
        let text = sanitize::one_line(&self.masked(&self.redact(line)));
        let line = format!("{text}\n");
        let guard = self.progress.lock().unwrap();
        match guard.as_ref() {
            Some(bar) => bar.suspend(|| self.io.write_err(&line)),
            None => self.io.write_err(&line),
        }
    }

    /// Starts a record counter on stderr, only when stderr is a terminal and not `--quiet`.
    pub fn start_progress(&self, what: &str) {
        if self.quiet || !self.io.terminals().stderr {
            return;
        }
        let bar = indicatif::ProgressBar::new_spinner();
        bar.set_style(progress_style(false));
        bar.set_message(what.to_string());
        *self.progress_what.lock().unwrap() = what.to_string();
        bar.enable_steady_tick(std::time::Duration::from_millis(120));
        *self.progress.lock().unwrap() = Some(bar);
    }

    /// How many records the walk will read, once the server has said: the counter becomes a bar with
    /// the total, the percentage done and the time left.
    pub fn set_progress_total(&self, total: u64) {
        if let Some(bar) = self.progress.lock().unwrap().as_ref() {
            bar.set_style(progress_style(true));
            bar.set_length(total);
        }
    }

    /// Where a walk in several parts is ("clinic 3 of 12 (PR Curitiba), 40s left"), after what it
    /// counts on the progress line.
    pub fn set_progress_stage(&self, stage: &str) {
        if let Some(bar) = self.progress.lock().unwrap().as_ref() {
            let what = self.progress_what.lock().unwrap();
            bar.set_message(format!("{what} · {stage}"));
        }
    }

    pub fn advance(&self, n: u64) {
        if let Some(bar) = self.progress.lock().unwrap().as_ref() {
            bar.inc(n);
        }
    }

    pub fn finish_progress(&self) {
        if let Some(bar) = self.progress.lock().unwrap().take() {
            bar.finish_and_clear();
        }
    }
}

/// The progress line: "quotes: 1,234 records (410/s, 3s)", or with a known total
/// "quotes: 1,234 of 5,000 records 24% [####      ] 410/s, ETA 9s". Its words (the count's noun, "ETA")
/// come from the catalogue; durations use the short units ("9s", "3m") that read the same in both
/// languages.
fn progress_style(with_total: bool) -> indicatif::ProgressStyle {
    let template = if with_total {
        "{spinner} {msg}: {count} {percent}% [{bar:20}] {rate}, {time_left}"
    } else {
        "{spinner} {msg}: {count} ({rate}, {elapsed})"
    };
    indicatif::ProgressStyle::with_template(template)
        .unwrap_or_else(|_| indicatif::ProgressStyle::default_spinner())
        .progress_chars("#>-")
        .with_key(
            "count",
            |state: &indicatif::ProgressState, w: &mut dyn std::fmt::Write| {
                let _ = match state.len() {
                    Some(total) => {
                        w.write_str(&crate::text::counts::records_of(state.pos(), total))
                    }
                    None => w.write_str(&crate::text::counts::records(state.pos())),
                };
            },
        )
        .with_key(
            "rate",
            |state: &indicatif::ProgressState, w: &mut dyn std::fmt::Write| {
                let per_sec = state.per_sec();
                let rate = if per_sec.is_finite() {
                    per_sec.round() as u64
                } else {
                    0
                };
                let _ = write!(w, "{}/s", crate::text::counts::thousands(rate));
            },
        )
        .with_key(
            "time_left",
            |state: &indicatif::ProgressState, w: &mut dyn std::fmt::Write| {
                let time = format!("{:#}", indicatif::HumanDuration(state.eta()));
                let _ = w.write_str(&crate::t!("progress-time-left", time = time));
            },
        )
}
