//! Where output bytes go: the given stdout, or a file replaced atomically. A file is written as a
//! temporary sibling and renamed over the final name only when everything succeeded, so a failed
//! or interrupted run never leaves a half-written file under that name. The temporary file is
//! registered with [`crate::unfinished`], so a run stopped by a signal removes it too, and it
//! carries the run's pid, so the next run writing beside it removes it should a `kill -9` have left
//! it.
//!
//! `-o` writes files, and only files: a device or a FIFO (`/dev/null`, `/dev/stdout`, a pipe a
//! reader waits on) is written into directly, never replaced; a directory or a socket is refused
//! before anything is sent.

use std::fs;
use std::io::{self, BufWriter, Write};
use std::path::{Path, PathBuf};

use tempfile::NamedTempFile;

use crate::error::OutputError;
use crate::unfinished::{self, Unfinished};

enum Target {
    Stdout(Box<dyn Write + Send>),
    /// Removed from disk when dropped, unless persisted first.
    File(NamedTempFile, Unfinished),
    /// A device or FIFO, written in place.
    Direct(fs::File),
}

impl Write for Target {
    fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
        match self {
            Target::Stdout(out) => out.write(bytes),
            Target::File(file, _) => file.write(bytes),
            Target::Direct(file) => file.write(bytes),
        }
    }

    fn flush(&mut self) -> io::Result<()> {
        match self {
            Target::Stdout(out) => out.flush(),
            Target::File(file, _) => file.flush(),
            Target::Direct(file) => file.flush(),
        }
    }
}

pub(crate) struct Sink {
    out: BufWriter<Target>,
    /// The final file name; `None` for stdout.
    path: Option<PathBuf>,
}

impl Sink {
    /// `path` `-` means stdout, as it does for most command-line tools.
    pub(crate) fn open(
        path: Option<&Path>,
        stdout: Box<dyn Write + Send>,
    ) -> Result<Self, OutputError> {
        let Some(path) = path.filter(|p| *p != Path::new("-")) else {
            if crate::std_streams::stdout_closed() {
                // Rust's stdout drops writes into a closed descriptor without a word: the output
                // would vanish and the run exit 0.
                return Err(OutputError::Io(io::Error::from_raw_os_error(EBADF)));
            }
            return Ok(Self::around(Target::Stdout(stdout), None));
        };
        if in_place(path)? {
            // Appending: `/dev/stdout` may be a file the shell opened with `>>`.
            let file = fs::OpenOptions::new()
                .append(true)
                .open(path)
                .map_err(|source| file_error(path, source))?;
            return Ok(Self::around(Target::Direct(file), Some(path.to_owned())));
        }
        unfinished::remove_stale_beside(path);
        let temp = temp_beside(path).map_err(|source| file_error(path, source))?;
        let pending = unfinished::register(temp.path());
        Ok(Self::around(
            Target::File(temp, pending),
            Some(path.to_owned()),
        ))
    }

    fn around(target: Target, path: Option<PathBuf>) -> Self {
        Self {
            out: BufWriter::with_capacity(64 * 1024, target),
            path,
        }
    }

    /// Whether what was written can be rewritten at the end (a file being replaced can; stdout, a
    /// device or a FIFO cannot).
    pub(crate) fn rewritable(&self) -> bool {
        matches!(self.out.get_ref(), Target::File(..))
    }

    pub(crate) fn writer(&mut self) -> &mut (dyn Write + Send) {
        &mut self.out
    }

    /// Names the file in a write error, so the message says which output failed.
    pub(crate) fn error(&self, source: io::Error) -> OutputError {
        error_for(&self.path, source)
    }

    /// Replaces what was written to the file with what `rewrite` makes of it, in a new temporary
    /// file beside the old one (which is then removed). Only files can be rewritten.
    pub(crate) fn rewrite(
        &mut self,
        rewrite: impl FnOnce(&mut dyn io::Read, &mut dyn Write) -> io::Result<()>,
    ) -> Result<(), OutputError> {
        let path = self.path.clone();
        let fail = |e| error_for(&path, e);
        self.out.flush().map_err(fail)?;
        let (Target::File(old, _), Some(final_path)) = (self.out.get_mut(), &path) else {
            return Err(fail(io::Error::other("only a file can be rewritten")));
        };
        let mut reader = old.reopen().map_err(fail)?;
        let new = temp_beside(final_path).map_err(fail)?;
        let pending = unfinished::register(new.path());
        {
            let mut writer = BufWriter::with_capacity(64 * 1024, new.as_file());
            rewrite(&mut reader, &mut writer).map_err(fail)?;
            writer.flush().map_err(fail)?;
        }
        // The old temporary file is removed as it is dropped.
        *self.out.get_mut() = Target::File(new, pending);
        Ok(())
    }

    /// Flushes everything; a file is synced and then renamed onto its final name.
    pub(crate) fn finish(self) -> Result<(), OutputError> {
        let Self { out, path } = self;
        let target = out
            .into_inner()
            .map_err(|e| error_for(&path, e.into_error()))?;
        match (target, path) {
            (Target::Stdout(mut out), _) => out.flush().map_err(OutputError::Io),
            (Target::Direct(mut file), path) => file.flush().map_err(|e| error_for(&path, e)),
            (Target::File(temp, pending), Some(path)) => {
                persist(temp, pending, &path).map_err(|source| file_error(&path, source))
            }
            (Target::File(..), None) => unreachable!("a file target always has a path"),
        }
    }
}

#[cfg(unix)]
const EBADF: i32 = nix::errno::Errno::EBADF as i32;
#[cfg(not(unix))]
const EBADF: i32 = 9;

fn error_for(path: &Option<PathBuf>, source: io::Error) -> OutputError {
    match path {
        Some(path) => file_error(path, source),
        None => OutputError::Io(source),
    }
}

fn file_error(path: &Path, source: io::Error) -> OutputError {
    OutputError::File {
        path: path.to_owned(),
        source,
    }
}

/// Whether `path` is written in place rather than replaced: an existing device or FIFO, or a name
/// for a descriptor (`/dev/stdout` names whatever stdout is, and must never be replaced by a file).
/// A directory or a socket is no place for output: refused (exit 2) before anything is sent.
fn in_place(path: &Path) -> Result<bool, OutputError> {
    let meta = match fs::metadata(path) {
        Ok(meta) => meta,
        Err(_) => return Ok(false),
    };
    let refused = || OutputError::NotAFile {
        path: path.to_owned(),
    };
    if meta.is_dir() {
        return Err(refused());
    }
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        let kind = meta.file_type();
        if kind.is_socket() {
            return Err(refused());
        }
        if kind.is_char_device() || kind.is_block_device() || kind.is_fifo() {
            return Ok(true);
        }
        // `/dev/stdout`, `/dev/fd/1`, `/proc/self/fd/1`: whatever the descriptor is, it is not a
        // file of ours to replace (but `/dev/shm/x` is an ordinary file).
        let directory = fs::canonicalize(unfinished::directory_of(path))
            .map_err(|source| file_error(path, source))?;
        let descriptors = directory.starts_with("/proc") && directory.ends_with("fd");
        if directory == Path::new("/dev") || descriptors {
            return Ok(true);
        }
    }
    Ok(!meta.is_file())
}

/// A hidden temporary file in the target's own directory (a rename is only atomic within one file
/// system), named by [`unfinished::temp_prefix`].
/// Created as any program creates a file, readable and writable as the umask allows: an export is
/// the person's document, to share as their system is set up to (a private umask keeps it private).
fn temp_beside(path: &Path) -> io::Result<NamedTempFile> {
    let prefix = unfinished::temp_prefix(path)?;
    let mut builder = tempfile::Builder::new();
    builder.prefix(&prefix).suffix(".tmp");
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        // The mode is given to open(2), which takes the umask off it.
        builder.permissions(fs::Permissions::from_mode(0o666));
    }
    builder
        .tempfile_in(unfinished::directory_of(path))
        .map_err(without_temporary_name)
}

/// The error of creating the temporary file, without its name (`… at path "/x/.f.csv.12.tmp"`,
/// as `tempfile` words it): the person named another file, and that one is what errors show.
fn without_temporary_name(e: io::Error) -> io::Error {
    let text = e.to_string();
    let Some((reason, _)) = text.split_once(" at path ") else {
        return e;
    };
    // The system's error keeps its code (`… (os error 24)`), which some messages depend on.
    let code = reason
        .strip_suffix(')')
        .and_then(|r| r.rsplit_once("(os error "))
        .and_then(|(_, code)| code.parse().ok());
    match code {
        Some(code) => io::Error::from_raw_os_error(code),
        None => io::Error::new(e.kind(), reason.to_string()),
    }
}

/// A file being replaced keeps its permissions; a new one has the mode the umask gives (see
/// [`temp_beside`]).
fn persist(temp: NamedTempFile, pending: Unfinished, path: &Path) -> io::Result<()> {
    if let Ok(existing) = fs::metadata(path)
        && existing.is_file()
    {
        temp.as_file().set_permissions(existing.permissions())?;
    }
    temp.as_file().sync_all()?;
    pending.commit(|| temp.persist(path).map(drop).map_err(|e| e.error))
}

#[cfg(all(test, target_os = "linux"))]
mod tests {
    use super::*;

    #[test]
    fn a_new_file_has_the_mode_the_umask_gives() {
        use std::os::unix::fs::PermissionsExt;
        let status = fs::read_to_string("/proc/self/status").unwrap();
        let umask = status
            .lines()
            .find_map(|l| l.strip_prefix("Umask:"))
            .map(|m| u32::from_str_radix(m.trim(), 8).unwrap())
            .unwrap();
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("ficha.csv");
        let temp = temp_beside(&path).unwrap();
        let pending = unfinished::register(temp.path());
        persist(temp, pending, &path).unwrap();
        let mode = fs::metadata(&path).unwrap().permissions().mode() & 0o777;
        assert_eq!(mode, 0o666 & !umask);
    }

    #[test]
    fn devices_and_descriptor_names_are_written_in_place_and_ordinary_files_replaced() {
        assert!(in_place(Path::new("/dev/null")).unwrap());
        assert!(in_place(Path::new("/dev/stdout")).unwrap());
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("out.csv");
        assert!(!in_place(&file).unwrap(), "a file not there yet");
        fs::write(&file, "old").unwrap();
        assert!(!in_place(&file).unwrap());
        assert!(matches!(
            in_place(dir.path()),
            Err(OutputError::NotAFile { .. })
        ));
        // A file in a tmpfs under /dev is an ordinary file.
        if let Ok(shm) = tempfile::tempdir_in("/dev/shm") {
            let file = shm.path().join("x.csv");
            fs::write(&file, "old").unwrap();
            assert!(!in_place(&file).unwrap());
        }
    }
}
