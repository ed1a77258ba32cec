//! One writer at a time for a file that is read, changed and written back (the configuration, the
//! plain-file credential store). Without it two runs at once — parallel `config set`, logins to
//! several profiles from one script — each read the same old file and the last rename wins, silently
//! dropping the other's change.

use std::path::{Path, PathBuf};

use fd_lock::RwLock;

use crate::error::{Error, Result};
use crate::private_fs;

/// Runs `change` holding an exclusive lock on `<file>.lock`, beside `file`. The lock is a file of its
/// own because `file` itself is replaced by a rename on every write, and a lock on a replaced file
/// guards nothing. The operating system releases the lock when the process ends, however it ends.
pub fn exclusive<T>(file: &Path, change: impl FnOnce() -> Result<T>) -> Result<T> {
    let path = lock_path(file);
    let failed = |e: std::io::Error| Error::Config(format!("{}: {e}", path.display()));
    if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
        private_fs::create_dir(dir).map_err(failed)?;
    }
    let handle = private_fs::options()
        .create(true)
        .truncate(false)
        .read(true)
        .write(true)
        .open(&path)
        .map_err(failed)?;
    let mut lock = RwLock::new(handle);
    let _held = lock.write().map_err(failed)?;
    change()
}

/// An exclusive lock held until it is dropped (or the process ends, however it ends): an import on
/// its journal, a run on its dataset's folder.
pub struct Held {
    /// The lock lives as long as this handle is open: closing it releases the lock.
    _file: std::fs::File,
}

/// Takes an exclusive lock on `lock_file` (created when missing) for as long as the returned
/// [`Held`] lives. When another process holds it, waits for it to be released, or with `wait` false
/// returns `Ok(None)` at once.
pub fn hold(lock_file: &Path, wait: bool) -> std::io::Result<Option<Held>> {
    let handle = private_fs::options()
        .create(true)
        .truncate(false)
        .read(true)
        .write(true)
        .open(lock_file)?;
    let mut lock = RwLock::new(handle);
    let busy = match lock.try_write() {
        // The guard is forgotten, not dropped: dropping it would unlock, while the lock belongs to
        // the open handle (flock, LockFileEx) and is released as the handle closes.
        Ok(guard) => {
            std::mem::forget(guard);
            false
        }
        Err(e) if e.kind() == std::io::ErrorKind::WouldBlock => true,
        Err(e) => return Err(e),
    };
    if busy {
        if !wait {
            return Ok(None);
        }
        std::mem::forget(lock.write()?);
    }
    Ok(Some(Held {
        _file: lock.into_inner(),
    }))
}

/// `<file>.lock`: the lock file of `file`.
pub fn lock_path(file: &Path) -> PathBuf {
    let mut name = file.as_os_str().to_owned();
    name.push(".lock");
    PathBuf::from(name)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_held_lock_is_refused_without_waiting_until_it_is_dropped() {
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("journal.lock");
        let first = hold(&file, false).unwrap().expect("free");
        assert!(hold(&file, false).unwrap().is_none());
        drop(first);
        assert!(hold(&file, false).unwrap().is_some());
    }

    #[test]
    fn concurrent_read_modify_writes_keep_every_change() {
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("counter");
        std::fs::write(&file, "0").unwrap();
        let threads: Vec<_> = (0..8)
            .map(|_| {
                let file = file.clone();
                std::thread::spawn(move || {
                    for _ in 0..25 {
                        exclusive(&file, || {
                            let n: u32 = std::fs::read_to_string(&file).unwrap().parse().unwrap();
                            // Give another writer every chance to interleave.
                            std::thread::yield_now();
                            private_fs::write(&file, (n + 1).to_string().as_bytes())
                        })
                        .unwrap();
                    }
                })
            })
            .collect();
        for t in threads {
            t.join().unwrap();
        }
        assert_eq!(std::fs::read_to_string(&file).unwrap(), "200");
    }
}
