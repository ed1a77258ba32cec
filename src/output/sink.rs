//! Where output bytes go: the given stdout, or a file replaced atomically. A file is written as a
//! temporary sibling and renamed over the final name only when everything succeeded, so a failed
//! or interrupted run never leaves a half-written file under that name. The temporary file is
//! registered with [`crate::unfinished`], so a run stopped by a signal removes it too.

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
}

impl Write for Target {
    fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
        match self {
            Target::Stdout(out) => out.write(bytes),
            Target::File(file, _) => file.write(bytes),
        }
    }

    fn flush(&mut self) -> io::Result<()> {
        match self {
            Target::Stdout(out) => out.flush(),
            Target::File(file, _) => file.flush(),
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
            return Ok(Self::around(Target::Stdout(stdout), None));
        };
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
            (Target::File(temp, pending), Some(path)) => {
                persist(temp, pending, &path).map_err(|source| file_error(&path, source))
            }
            (Target::File(..), None) => unreachable!("a file target always has a path"),
        }
    }
}

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

/// A hidden temporary file in the target's own directory: a rename is only atomic within one
/// file system.
fn temp_beside(path: &Path) -> io::Result<NamedTempFile> {
    let name = path.file_name().ok_or_else(|| {
        io::Error::new(io::ErrorKind::InvalidInput, "the output path names no file")
    })?;
    let directory = match path.parent() {
        Some(parent) if !parent.as_os_str().is_empty() => parent,
        _ => Path::new("."),
    };
    let mut prefix = std::ffi::OsString::from(".");
    prefix.push(name);
    prefix.push(".");
    tempfile::Builder::new()
        .prefix(&prefix)
        .suffix(".tmp")
        .tempfile_in(directory)
}

/// A file being replaced keeps its permissions; a new one keeps the temporary file's private
/// mode (owner only), fitting for patient data.
fn persist(temp: NamedTempFile, pending: Unfinished, path: &Path) -> io::Result<()> {
    if let Ok(existing) = fs::metadata(path)
        && existing.is_file()
    {
        temp.as_file().set_permissions(existing.permissions())?;
    }
    temp.as_file().sync_all()?;
    pending.commit(|| temp.persist(path).map(drop).map_err(|e| e.error))
}
