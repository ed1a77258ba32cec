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

fn lock_path(file: &Path) -> PathBuf {
    let mut name = file.as_os_str().to_owned();
    name.push(".lock");
    PathBuf::from(name)
}

#[cfg(test)]
mod tests {
    use super::*;

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
