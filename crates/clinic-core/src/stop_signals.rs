//! The signals that stop a run: SIGINT, SIGTERM, SIGHUP and SIGQUIT on Unix; Ctrl-C and Ctrl-Break on
//! Windows. Each ends the run the same way — nothing half-written left behind, one line on stderr,
//! exit status 128 + the signal's number — so `timeout`, a closed terminal and Ctrl-C are alike.
//! The platform code is the `platform` module chosen by `cfg`; nothing else asks which OS it is on.

pub use platform::Listener;

/// A signal that stops the run, with what it is called and the exit status it gives.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct StopSignal {
    pub name: &'static str,
    /// 128 + the signal's number, the shells' convention.
    pub exit_code: u8,
}

#[cfg(unix)]
mod platform {
    use std::future::poll_fn;
    use std::io;
    use std::task::Poll;

    use tokio::signal::unix::{Signal, SignalKind, signal};

    use super::StopSignal;

    pub struct Listener {
        signals: Vec<(Signal, StopSignal)>,
        /// The terminal's settings at start: a prompt that was reading a password with echo off when
        /// the signal came never gets to restore them, so the stop does.
        terminal: Option<nix::sys::termios::Termios>,
    }

    impl Listener {
        /// Puts the terminal back as it was when listening started (echo on after a password prompt).
        pub fn restore_terminal(&self) {
            if let Some(saved) = &self.terminal {
                let _ = nix::sys::termios::tcsetattr(
                    std::io::stdin(),
                    nix::sys::termios::SetArg::TCSANOW,
                    saved,
                );
            }
        }

        /// Starts listening; from here on these signals no longer end the process by themselves.
        /// Must be called inside the Tokio runtime.
        pub fn install() -> io::Result<Listener> {
            let watched = [
                (SignalKind::interrupt(), "SIGINT"),
                (SignalKind::terminate(), "SIGTERM"),
                (SignalKind::hangup(), "SIGHUP"),
                (SignalKind::quit(), "SIGQUIT"),
            ];
            let signals = watched
                .into_iter()
                .map(|(kind, name)| {
                    let stop = StopSignal {
                        name,
                        exit_code: 128 + kind.as_raw_value() as u8,
                    };
                    Ok((signal(kind)?, stop))
                })
                .collect::<io::Result<_>>()?;
            let terminal = nix::sys::termios::tcgetattr(std::io::stdin()).ok();
            Ok(Listener { signals, terminal })
        }

        /// The next stop signal received.
        pub async fn next(&mut self) -> StopSignal {
            poll_fn(|cx| {
                for (signal, stop) in &mut self.signals {
                    if let Poll::Ready(Some(())) = signal.poll_recv(cx) {
                        return Poll::Ready(*stop);
                    }
                }
                Poll::Pending
            })
            .await
        }
    }
}

#[cfg(windows)]
mod platform {
    use std::future::poll_fn;
    use std::io;
    use std::task::Poll;

    use tokio::signal::windows::{CtrlBreak, CtrlC, ctrl_break, ctrl_c};

    use super::StopSignal;

    /// The C runtime numbers Ctrl-C as SIGINT (2) and Ctrl-Break as SIGBREAK (21).
    const CTRL_C: StopSignal = StopSignal {
        name: "Ctrl-C",
        exit_code: 128 + 2,
    };
    const CTRL_BREAK: StopSignal = StopSignal {
        name: "Ctrl-Break",
        exit_code: 128 + 21,
    };

    pub struct Listener {
        ctrl_c: CtrlC,
        ctrl_break: CtrlBreak,
    }

    impl Listener {
        /// The console restores its own input mode when the process ends.
        pub fn restore_terminal(&self) {}

        /// Starts listening; from here on Ctrl-C and Ctrl-Break no longer end the process by
        /// themselves. Must be called inside the Tokio runtime.
        pub fn install() -> io::Result<Listener> {
            Ok(Listener {
                ctrl_c: ctrl_c()?,
                ctrl_break: ctrl_break()?,
            })
        }

        /// The next stop signal received.
        pub async fn next(&mut self) -> StopSignal {
            poll_fn(|cx| {
                if let Poll::Ready(Some(())) = self.ctrl_c.poll_recv(cx) {
                    return Poll::Ready(CTRL_C);
                }
                if let Poll::Ready(Some(())) = self.ctrl_break.poll_recv(cx) {
                    return Poll::Ready(CTRL_BREAK);
                }
                Poll::Pending
            })
            .await
        }
    }
}

#[cfg(not(any(unix, windows)))]
mod platform {
    use super::StopSignal;

    /// No signals to listen to on this platform.
    pub struct Listener;

    impl Listener {
        pub fn install() -> std::io::Result<Listener> {
            Ok(Listener)
        }

        pub fn restore_terminal(&self) {}

        pub async fn next(&mut self) -> StopSignal {
            std::future::pending().await
        }
    }
}

/// Ends the process on the first panic, from whichever thread it happens on: a worker that dies
/// (the Parquet encoder refused memory, say) would otherwise leave the threads waiting for it
/// blocked for ever. Every registered temporary file is removed, so nothing is left under or
/// beside the output's name, and the run exits 5 with one line on stderr, like any other failure
/// it could not get past. Where the fault happened is kept; its message is masked for personal
/// data and made safe for a terminal, since it may quote a value.
pub fn exit_on_panic() {
    std::panic::set_hook(Box::new(|info| {
        crate::unfinished::abandon_all();
        let payload = info.payload();
        let message = payload
            .downcast_ref::<&str>()
            .map(|s| s.to_string())
            .or_else(|| payload.downcast_ref::<String>().cloned())
            .unwrap_or_default();
        let message = crate::text::sanitize::excerpt(
            &crate::redact::personal(&message),
            crate::text::sanitize::SERVER_TEXT_MAX,
        );
        let place = info
            .location()
            .map(|l| format!("{}:{}", l.file(), l.line()))
            .unwrap_or_default();
        let reason = crate::t!("cli-main-fault", message = message, place = place);
        crate::std_streams::last_words(&crate::t!("error-line", message = reason));
        std::process::exit(PANIC_EXIT_CODE);
    }));
}

/// The exit status of a run a fault ended: 5, the status of a run that could not be completed.
pub const PANIC_EXIT_CODE: i32 = 5;

/// Makes a write past the file-size limit (`ulimit -f`) a write error rather than a death by
/// SIGXFSZ: the signal would end the run with no word of which file could not be written, while
/// the error (EFBIG) goes the way of every failed write, named with its file, and the run's
/// temporary files are removed.
pub fn write_errors_not_file_size_signals() {
    #[cfg(unix)]
    {
        use nix::sys::signal::{SigHandler, Signal, signal};
        // SAFETY: ignoring a signal installs no handler code; it is done once, before any thread
        // of the run is started.
        let _ = unsafe { signal(Signal::SIGXFSZ, SigHandler::SigIgn) };
    }
}
