//! The process's own stdout and stderr where no terminal streams are at hand: whether stdout was
//! closed at start, and the last words of a run ended by a fault. The program's streams themselves
//! (`IoStreams`) belong to the program, which hands them in.

use std::io::{self, Write};

/// A line on the process's stderr when no streams are at hand: the last words of a run ended by a
/// fault, from the panic hook. Straight to the process's stderr, since the thread that panicked may
/// hold the streams' lock.
pub fn last_words(line: &str) {
    let _ = writeln!(io::stderr(), "{line}");
}

/// Whether the process was started with its stdout closed (`clinic … >&-`): writes into it would
/// vanish without a word, so an output meant for it refuses it rather than exit 0 having printed
/// nothing. Rust's start-up code puts `/dev/null`, opened read-write, on a closed standard
/// descriptor; a shell's `>/dev/null` opens it write-only. So `/dev/null` read-write on stdout is a
/// closed stdout. (A test's streams in memory belong to a process whose stdout is open.)
#[cfg(unix)]
pub fn stdout_closed() -> bool {
    use nix::fcntl::{FcntlArg, OFlag, fcntl};
    use nix::sys::stat::{fstat, stat};
    use std::os::fd::AsFd;
    let stdout = io::stdout();
    let fd = stdout.as_fd();
    let (Ok(out), Ok(null)) = (fstat(fd), stat("/dev/null")) else {
        return false;
    };
    let read_write = fcntl(fd, FcntlArg::F_GETFL)
        .is_ok_and(|flags| OFlag::from_bits_truncate(flags) & OFlag::O_ACCMODE == OFlag::O_RDWR);
    out.st_rdev == null.st_rdev && out.st_mode == null.st_mode && read_write
}

#[cfg(not(unix))]
pub fn stdout_closed() -> bool {
    false
}
