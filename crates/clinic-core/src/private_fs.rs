//! Files only their owner may read: the configuration directory (0700) and the files kept in it or
//! written beside patient data (0600). Each is created with its mode, not tightened after the fact,
//! so no other user can open it in between; and whole files are replaced atomically, so a reader
//! sees the old content or the new, never half of either.

use std::fs::{self, OpenOptions};
use std::io::{self, Write};
use std::path::Path;

use crate::error::{Error, Result};
use crate::unfinished;

/// Creates `dir` and its missing parents, readable by the owner only. A directory that already
/// exists is left as its owner made it.
pub fn create_dir(dir: &Path) -> io::Result<()> {
    if dir.is_dir() {
        return Ok(());
    }
    let mut builder = fs::DirBuilder::new();
    builder.recursive(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::DirBuilderExt;
        builder.mode(0o700);
    }
    builder.create(dir)?;
    // The mode given at creation passes through the umask, which could also take bits the owner
    // needs (a umask of 0200 would leave 0500); the new, still empty directory is set exactly.
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        fs::set_permissions(dir, fs::Permissions::from_mode(0o700))?;
    }
    Ok(())
}

/// Options that create a file readable and writable by its owner only (0600 on Unix; elsewhere the
/// file inherits the protection of the owner's directory).
pub fn options() -> OpenOptions {
    #[allow(unused_mut)]
    let mut options = OpenOptions::new();
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        options.mode(0o600);
    }
    options
}

/// Replaces `path` with `bytes`: a 0600 temporary file in the same directory (a rename is only atomic
/// within one file system), synced, then renamed over the final name. The directory is created
/// (0700) when missing.
pub fn write(path: &Path, bytes: &[u8]) -> Result<()> {
    let dir = match path.parent() {
        Some(parent) if !parent.as_os_str().is_empty() => parent,
        _ => Path::new("."),
    };
    let failed = |e: io::Error| Error::Config(format!("{}: {e}", path.display()));
    create_dir(dir).map_err(|e| Error::Config(format!("{}: {e}", dir.display())))?;
    unfinished::remove_stale_beside(path);
    let prefix = unfinished::temp_prefix(path).map_err(failed)?;
    let mut builder = tempfile::Builder::new();
    builder.prefix(&prefix).suffix(".tmp");
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        builder.permissions(fs::Permissions::from_mode(0o600));
    }
    let mut temp = builder.tempfile_in(dir).map_err(failed)?;
    let pending = unfinished::register(temp.path());
    temp.write_all(bytes).map_err(failed)?;
    temp.as_file().sync_all().map_err(failed)?;
    pending
        .commit(|| temp.persist(path).map(drop).map_err(|e| e.error))
        .map_err(failed)
}

/// Opens `path` for reading, refusing anything but a regular file. The file is opened without
/// blocking, so a FIFO with no writer (or a device that waits) is refused at once instead of
/// holding the run for ever; the check is made on the opened file, so it cannot be swapped in
/// between. A refusal is an error of kind `InvalidInput` that says what the path is.
pub fn open_regular(path: &Path) -> io::Result<(fs::File, fs::Metadata)> {
    let mut options = OpenOptions::new();
    options.read(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        options.custom_flags(nix::fcntl::OFlag::O_NONBLOCK.bits());
    }
    let file = options.open(path)?;
    let meta = file.metadata()?;
    if !meta.is_file() {
        return Err(io::Error::new(
            io::ErrorKind::InvalidInput,
            crate::t!("file-not-regular", kind = kind_of(&meta.file_type())),
        ));
    }
    Ok((file, meta))
}

/// A regular file's bytes, at most `limit` of them: a larger file is refused (kind
/// `InvalidInput`) without being read, whatever it grows to while being read.
pub fn read_regular(path: &Path, limit: u64) -> io::Result<Vec<u8>> {
    let (file, meta) = open_regular(path)?;
    read_limited(file, &meta, limit)
}

/// The bytes of a file [`open_regular`] opened, at most `limit` of them (see [`read_regular`]).
pub fn read_limited(file: fs::File, meta: &fs::Metadata, limit: u64) -> io::Result<Vec<u8>> {
    use std::io::Read;
    let too_large = |size: u64| {
        io::Error::new(
            io::ErrorKind::InvalidInput,
            crate::t!(
                "file-too-large",
                size = bytesize::ByteSize(size).to_string(),
                limit = bytesize::ByteSize(limit).to_string()
            ),
        )
    };
    if meta.len() > limit {
        return Err(too_large(meta.len()));
    }
    let mut bytes = Vec::with_capacity(meta.len() as usize);
    file.take(limit + 1).read_to_end(&mut bytes)?;
    if bytes.len() as u64 > limit {
        return Err(too_large(bytes.len() as u64));
    }
    Ok(bytes)
}

/// What a path that is no regular file is, in the reader's words.
fn kind_of(kind: &fs::FileType) -> String {
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        if kind.is_fifo() {
            return crate::t!("file-kind-fifo");
        }
        if kind.is_char_device() || kind.is_block_device() {
            return crate::t!("file-kind-device");
        }
        if kind.is_socket() {
            return crate::t!("file-kind-socket");
        }
    }
    if kind.is_dir() {
        return crate::t!("file-kind-directory");
    }
    crate::t!("file-kind-other")
}

#[cfg(all(test, unix))]
mod tests {
    use std::os::unix::fs::PermissionsExt;

    use super::*;

    fn mode(path: &Path) -> u32 {
        fs::metadata(path).unwrap().permissions().mode() & 0o777
    }

    #[test]
    fn new_directories_and_files_are_private() {
        let root = tempfile::tempdir().unwrap();
        let dir = root.path().join("a").join("b");
        let file = dir.join("f.toml");
        write(&file, b"x = 1\n").unwrap();
        assert_eq!(mode(&dir), 0o700);
        assert_eq!(mode(&file), 0o600);
        assert_eq!(fs::read_to_string(&file).unwrap(), "x = 1\n");
        // Only the final file is left: no temporary sibling.
        assert_eq!(fs::read_dir(&dir).unwrap().count(), 1);
    }

    /// A FIFO with no writer is refused at once, a file past the limit without being read.
    #[test]
    fn only_regular_files_within_the_limit_are_read() {
        let root = tempfile::tempdir().unwrap();
        let fifo = root.path().join("fifo");
        nix::unistd::mkfifo(&fifo, nix::sys::stat::Mode::from_bits_truncate(0o600)).unwrap();
        let e = read_regular(&fifo, 10).unwrap_err();
        assert_eq!(e.kind(), io::ErrorKind::InvalidInput, "{e}");
        assert!(e.to_string().contains("FIFO"), "{e}");
        assert!(read_regular(root.path(), 10).is_err());
        let file = root.path().join("f");
        fs::write(&file, b"0123456789").unwrap();
        assert_eq!(read_regular(&file, 10).unwrap(), b"0123456789");
        let e = read_regular(&file, 9).unwrap_err();
        assert_eq!(e.kind(), io::ErrorKind::InvalidInput, "{e}");
    }

    #[test]
    fn an_existing_directory_keeps_its_mode() {
        let root = tempfile::tempdir().unwrap();
        fs::set_permissions(root.path(), fs::Permissions::from_mode(0o750)).unwrap();
        create_dir(root.path()).unwrap();
        assert_eq!(mode(root.path()), 0o750);
    }
}
