//! Everything the CLI writes to stderr besides the final error: warnings, `-v` request traces and the
//! progress bar. Lower layers report through a shared [`Reporter`]; it decides whether and how to show,
//! and scrubs every known secret from each line before it is written.

use std::io::{IsTerminal, Write};
use std::sync::{Arc, Mutex};

use crate::secret::Secret;

#[derive(Default)]
pub struct Reporter {
    verbose: bool,
    quiet: bool,
    secrets: Mutex<Vec<Secret>>,
    progress: Mutex<Option<indicatif::ProgressBar>>,
}

impl Reporter {
    pub fn new(verbose: bool, quiet: bool) -> Arc<Reporter> {
        Arc::new(Reporter {
            verbose,
            quiet,
            ..Default::default()
        })
    }

    /// Registers a value that must never be shown; every later line is scrubbed of it.
    pub fn add_secret(&self, secret: &Secret) {
        if secret.expose().len() >= 4 {
            self.secrets.lock().unwrap().push(secret.clone());
        }
    }

    /// Replaces every registered secret in `text` with `****`.
    pub fn redact(&self, text: &str) -> String {
        let mut out = text.to_string();
        for s in self.secrets.lock().unwrap().iter() {
            if out.contains(s.expose()) {
                out = out.replace(s.expose(), "****");
            }
        }
        out
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
            self.line(&format!("warning: {line}"));
        }
    }

    /// An informational note (which store was used, how many records): shown unless `--quiet`.
    pub fn note(&self, line: &str) {
        if !self.quiet {
            self.line(line);
        }
    }

    fn line(&self, line: &str) {
        let text = self.redact(line);
        let guard = self.progress.lock().unwrap();
        match guard.as_ref() {
            Some(bar) => bar.suspend(|| eprintln!("{text}")),
            None => {
                let _ = writeln!(std::io::stderr(), "{text}");
            }
        }
    }

    /// Starts a record counter on stderr, only when stderr is a terminal and not `--quiet`.
    pub fn start_progress(&self, what: &str) {
        if self.quiet || !std::io::stderr().is_terminal() {
            return;
        }
        let bar = indicatif::ProgressBar::new_spinner();
        bar.set_style(
            indicatif::ProgressStyle::with_template(
                "{spinner} {msg} {pos} records ({per_sec}, {elapsed})",
            )
            .unwrap_or_else(|_| indicatif::ProgressStyle::default_spinner()),
        );
        bar.set_message(what.to_string());
        bar.enable_steady_tick(std::time::Duration::from_millis(120));
        *self.progress.lock().unwrap() = Some(bar);
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
