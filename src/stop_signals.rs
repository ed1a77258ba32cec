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
