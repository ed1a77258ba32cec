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

    #[test]
    fn an_existing_directory_keeps_its_mode() {
        let root = tempfile::tempdir().unwrap();
        fs::set_permissions(root.path(), fs::Permissions::from_mode(0o750)).unwrap();
        create_dir(root.path()).unwrap();
        assert_eq!(mode(root.path()), 0o750);
    }
}
