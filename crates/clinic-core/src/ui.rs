//! Everything the CLI writes to stderr besides the final error: warnings, `-v` request traces and the
//! progress bar. Lower layers report through a shared [`Reporter`]; it decides whether and how to show,
//! masks the run's secret addresses and long secrets in each line, and makes it one line of plain text
//! (server text may hold escape sequences or line breaks).
//!
//! Where the lines go and how a progress line is drawn is not decided here: the program hands in a
//! [`Stderr`] (the CLI's terminal streams), so the libraries never name a terminal.

use std::sync::{Arc, Mutex};

use crate::error::Error;
use crate::redact::{self, Redactor};
use crate::secret::Secret;
use crate::text::sanitize;

/// Where a reporter's lines go, and the progress line drawn there: the program's stderr.
pub trait Stderr: Send + Sync {
    /// `text` (whole lines, already made safe) to stderr.
    fn write_err(&self, text: &str);
    /// A progress line counting `what`, when stderr can show one (a terminal): `None` otherwise.
    fn progress(&self, what: &str) -> Option<Box<dyn Progress>>;
    /// Whether the records counted are wanted even with `--quiet`: a program reading them (the
    /// MCP server telling its client how far a read got), not a person's screen.
    fn counts_quietly(&self) -> bool {
        false
    }
}

/// A progress line on stderr: a record counter that becomes a bar once the total is known.
pub trait Progress: Send {
    /// How many records the walk will read.
    fn set_total(&self, total: u64);
    /// What the line says before its count.
    fn set_message(&self, message: String);
    fn advance(&self, n: u64);
    /// Clears the line for good.
    fn finish(&self);
    /// Runs `write` with the line out of the way, so that what it writes is not drawn over.
    fn suspend(&self, write: &mut dyn FnMut());
}

/// A stderr that drops every line: for a reporter nobody reads.
struct Nowhere;

impl Stderr for Nowhere {
    fn write_err(&self, _: &str) {}
    fn progress(&self, _: &str) -> Option<Box<dyn Progress>> {
        None
    }
}

pub struct Reporter {
    /// Where each line and the progress line go.
    io: Arc<dyn Stderr>,
    verbose: bool,
    quiet: bool,
    /// Personal data is shown as it is (`-vv`, `--trace-personal`); otherwise every line has it
    /// masked (see `redact::personal`).
    personal: bool,
    redactor: Mutex<Redactor>,
    progress: Mutex<Option<Box<dyn Progress>>>,
    /// What the progress line counts ("quotes"), for [`Reporter::set_progress_stage`].
    progress_what: Mutex<String>,
}

impl Reporter {
    /// A reporter whose lines go nowhere: for a program that shows no messages, and for the parts
    /// of the client that a test runs alone.
    pub fn new(verbose: bool, quiet: bool) -> Arc<Reporter> {
        Self::showing_personal(Arc::new(Nowhere), verbose, quiet, false)
    }

    /// A reporter writing into `io`, showing personal data as it is when `personal`.
    pub fn showing_personal(
        io: Arc<dyn Stderr>,
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

    /// The final error as one masked line of plain text, the server's part of it cut short (rows
    /// refused together: one such line each, under the summary).
    pub fn error_line(&self, e: &Error) -> String {
        let safe = |text: &str| {
            sanitize::excerpt(&self.masked(&self.redact(text)), sanitize::ERROR_LINE_MAX)
        };
        let text = match e {
            Error::InvalidRows { summary, rows } => {
                return crate::error::lines_text(summary, rows, safe);
            }
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
                        given: format!(
                            "{}{after}",
                            sanitize::quoted(&redact::mask_personal(value, kind))
                        ),
                        expected: expected.clone(),
                    })
                }
                None => crate::error::error_text(e),
            },
            _ => crate::error::error_text(e),
        };
        safe(&text)
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
            Some(bar) => bar.suspend(&mut || self.io.write_err(&line)),
            None => self.io.write_err(&line),
        }
    }

    /// Starts a record counter on stderr, only when stderr can show one and not `--quiet`.
    pub fn start_progress(&self, what: &str) {
        if self.quiet && !self.io.counts_quietly() {
            return;
        }
        let Some(bar) = self.io.progress(what) else {
            return;
        };
        *self.progress_what.lock().unwrap() = what.to_string();
        *self.progress.lock().unwrap() = Some(bar);
    }

    /// How many records the walk will read, once the server has said: the counter becomes a bar with
    /// the total, the percentage done and the time left.
    pub fn set_progress_total(&self, total: u64) {
        if let Some(bar) = self.progress.lock().unwrap().as_ref() {
            bar.set_total(total);
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
            bar.advance(n);
        }
    }

    pub fn finish_progress(&self) {
        if let Some(bar) = self.progress.lock().unwrap().take() {
            bar.finish();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A stderr that keeps its lines and draws a progress line whose calls are written down.
    #[derive(Default)]
    struct Kept {
        lines: Mutex<Vec<String>>,
        calls: Arc<Mutex<Vec<String>>>,
        terminal: bool,
    }

    struct Line(Arc<Mutex<Vec<String>>>);

    impl Progress for Line {
        fn set_total(&self, total: u64) {
            self.0.lock().unwrap().push(format!("total {total}"));
        }
        fn set_message(&self, message: String) {
            self.0.lock().unwrap().push(format!("message {message}"));
        }
        fn advance(&self, n: u64) {
            self.0.lock().unwrap().push(format!("advance {n}"));
        }
        fn finish(&self) {
            self.0.lock().unwrap().push("finish".into());
        }
        fn suspend(&self, write: &mut dyn FnMut()) {
            self.0.lock().unwrap().push("suspend".into());
            write();
        }
    }

    impl Stderr for Kept {
        fn write_err(&self, text: &str) {
            self.lines.lock().unwrap().push(text.to_string());
        }
        fn progress(&self, _: &str) -> Option<Box<dyn Progress>> {
            self.terminal
                .then(|| Box::new(Line(self.calls.clone())) as Box<dyn Progress>)
        }
    }

    /// Lines reach the stderr handed in, one line each, secrets masked; while a progress line is
    /// drawn they are written with it out of the way, and the line hears the walk's count.
    #[test]
    fn lines_go_to_the_stderr_handed_in_around_its_progress_line() {
        let err = Arc::new(Kept {
            terminal: true,
            ..Kept::default()
        });
        let reporter = Reporter::showing_personal(err.clone(), false, false, true);
        reporter.add_secret(&Secret::new("s3cr3t-t0ken-value-long"));
        reporter.note("before\nthe walk");
        reporter.start_progress("quotes");
        reporter.set_progress_total(40);
        reporter.advance(20);
        reporter.warn("token s3cr3t-t0ken-value-long refused");
        reporter.finish_progress();
        let lines = err.lines.lock().unwrap().clone();
        assert_eq!(lines.len(), 2, "{lines:?}");
        assert_eq!(lines[0], "before the walk\n");
        assert!(!lines[1].contains("s3cr3t"), "{lines:?}");
        let calls = err.calls.lock().unwrap().clone();
        assert_eq!(calls, ["total 40", "advance 20", "suspend", "finish"]);

        // Not a terminal, or `--quiet`: no progress line at all.
        let piped = Arc::new(Kept::default());
        let reporter = Reporter::showing_personal(piped.clone(), false, false, true);
        reporter.start_progress("quotes");
        reporter.advance(1);
        reporter.note("done");
        assert!(piped.calls.lock().unwrap().is_empty());
        assert_eq!(piped.lines.lock().unwrap().clone(), ["done\n"]);
    }
}
