//! The progress line on a terminal's stderr (indicatif), and the terminal streams as the stderr the
//! reporter writes to: the libraries below report through `ui::Stderr` and never name a terminal.

use crate::term::IoStreams;
use crate::ui::{Progress, Stderr};

impl Stderr for IoStreams {
    fn write_err(&self, text: &str) {
        IoStreams::write_err(self, text)
    }

    fn progress(&self, what: &str) -> Option<Box<dyn Progress>> {
        if let Some(counted) = self.counted() {
            return Some(Box::new(Told {
                counted,
                read: Default::default(),
                total: Default::default(),
            }));
        }
        if !self.terminals().stderr {
            return None;
        }
        let bar = indicatif::ProgressBar::new_spinner();
        bar.set_style(progress_style(false));
        bar.set_message(what.to_string());
        bar.enable_steady_tick(std::time::Duration::from_millis(120));
        Some(Box::new(Bar(bar)))
    }

    fn counts_quietly(&self) -> bool {
        self.counted().is_some()
    }
}

/// The records counted, told to a program ([`IoStreams::counting`]) instead of drawn.
struct Told {
    counted: crate::term::Counted,
    read: std::sync::atomic::AtomicU64,
    total: std::sync::Mutex<Option<u64>>,
}

impl Progress for Told {
    fn set_total(&self, total: u64) {
        if let Ok(mut known) = self.total.lock() {
            *known = Some(total);
        }
    }

    fn set_message(&self, _: String) {}

    fn advance(&self, n: u64) {
        let read = self.read.fetch_add(n, std::sync::atomic::Ordering::SeqCst) + n;
        let total = self.total.lock().ok().and_then(|t| *t);
        (self.counted)(read, total);
    }

    fn finish(&self) {}

    fn suspend(&self, write: &mut dyn FnMut()) {
        write();
    }
}

struct Bar(indicatif::ProgressBar);

impl Progress for Bar {
    fn set_total(&self, total: u64) {
        self.0.set_style(progress_style(true));
        self.0.set_length(total);
    }

    fn set_message(&self, message: String) {
        self.0.set_message(message);
    }

    fn advance(&self, n: u64) {
        self.0.inc(n);
    }

    fn finish(&self) {
        self.0.finish_and_clear();
    }

    fn suspend(&self, write: &mut dyn FnMut()) {
        self.0.suspend(write);
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
