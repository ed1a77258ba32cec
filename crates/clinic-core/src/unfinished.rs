//! Temporary files that must not outlive a stopped run: the file behind `-o` before it is renamed
//! onto its final name, and a configuration file being replaced. A run stopped by a signal exits
//! without unwinding (the thread that would unwind may be blocked writing into a full pipe), so the
//! files are listed here and removed by [`abandon_all`] just before the process exits. So is work
//! that would outlive the process elsewhere ([`on_stop`]: a query a database server runs).
//!
//! A run killed outright (`kill -9`) removes nothing, so each temporary file's name carries the pid
//! of its run ([`temp_prefix`]): the next run that writes beside it removes the files whose run is
//! gone ([`remove_stale_beside`]).

use std::collections::BTreeMap;
use std::ffi::OsString;
use std::io;
use std::path::{Path, PathBuf};
use std::sync::{Mutex, MutexGuard};

struct Registry {
    next: u64,
    files: BTreeMap<u64, PathBuf>,
    /// Work elsewhere to stop before the process exits (a query running on a database server).
    hooks: BTreeMap<u64, Box<dyn FnOnce() + Send>>,
    /// Set by [`abandon_all`]: from then on nothing is published.
    stopping: bool,
}

static REGISTRY: Mutex<Registry> = Mutex::new(Registry {
    next: 0,
    files: BTreeMap::new(),
    hooks: BTreeMap::new(),
    stopping: false,
});

fn registry() -> MutexGuard<'static, Registry> {
    // A panic elsewhere while the lock was held leaves the list itself intact.
    REGISTRY
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
}

/// A registered temporary file; dropping it forgets the file (its owner removes or renames it).
#[must_use = "an unregistered temporary file would survive a stopped run"]
pub struct Unfinished {
    id: u64,
}

/// Lists `path` for removal should the run be stopped before [`Unfinished::commit`].
pub fn register(path: &Path) -> Unfinished {
    let mut registry = registry();
    if registry.stopping {
        // The process is on its way out: the file must not stay behind it.
        let _ = std::fs::remove_file(path);
    }
    registry.next += 1;
    let id = registry.next;
    registry.files.insert(id, path.to_owned());
    Unfinished { id }
}

impl Unfinished {
    /// Runs `publish` (the rename onto the final name) unless the run is being stopped. The list
    /// stays locked meanwhile, so a stop lands either before the rename (and no file appears under
    /// the final name) or after it (and the file there is complete).
    pub fn commit<T>(self, publish: impl FnOnce() -> io::Result<T>) -> io::Result<T> {
        let registry = registry();
        if registry.stopping {
            return Err(io::Error::new(
                io::ErrorKind::Interrupted,
                crate::t!("output-run-stopping"),
            ));
        }
        let published = publish();
        drop(registry);
        published
    }
}

impl Drop for Unfinished {
    fn drop(&mut self) {
        registry().files.remove(&self.id);
    }
}

/// A registered stop: dropping it forgets it (its work ended on its own).
#[must_use = "a stop forgotten at once would never run"]
pub struct OnStop {
    id: u64,
}

/// Runs `stop` should the run be stopped by a signal while the returned [`OnStop`] lives: for
/// work that would outlive the process (a query a database server goes on running after its
/// client is gone).
pub fn on_stop(stop: impl FnOnce() + Send + 'static) -> OnStop {
    let mut registry = registry();
    registry.next += 1;
    let id = registry.next;
    registry.hooks.insert(id, Box::new(stop));
    OnStop { id }
}

impl Drop for OnStop {
    fn drop(&mut self) {
        registry().hooks.remove(&self.id);
    }
}

/// Removes every registered file, runs every registered stop and refuses every later
/// [`Unfinished::commit`]: called once the process has decided to exit early.
pub fn abandon_all() {
    let mut registry = registry();
    registry.stopping = true;
    for path in std::mem::take(&mut registry.files).into_values() {
        let _ = std::fs::remove_file(path);
    }
    let hooks = std::mem::take(&mut registry.hooks);
    // A stop may take a moment (a message to a server): the list is not held meanwhile.
    drop(registry);
    for stop in hooks.into_values() {
        stop();
    }
}

/// The directory a file is in (`.` for a bare name).
pub fn directory_of(path: &Path) -> &Path {
    match path.parent() {
        Some(parent) if !parent.as_os_str().is_empty() => parent,
        _ => Path::new("."),
    }
}

/// The start of a hidden temporary file's name beside `path`: `.NAME.PID.` (a random part and
/// `.tmp` follow).
pub fn temp_prefix(path: &Path) -> io::Result<OsString> {
    let name = path.file_name().ok_or_else(|| {
        io::Error::new(io::ErrorKind::InvalidInput, "the output path names no file")
    })?;
    let mut prefix = OsString::from(".");
    prefix.push(name);
    prefix.push(format!(".{}.", std::process::id()));
    Ok(prefix)
}

/// Removes the temporary files that runs now gone left beside `path` (see [`temp_prefix`]). Only
/// files named so, whose pid no longer runs, and (on Unix) owned by this user, are touched; any
/// failure leaves them as they are.
pub fn remove_stale_beside(path: &Path) {
    let Some(name) = path.file_name().and_then(|n| n.to_str()) else {
        return;
    };
    let Ok(entries) = std::fs::read_dir(directory_of(path)) else {
        return;
    };
    let start = format!(".{name}.");
    for entry in entries.flatten() {
        let file_name = entry.file_name();
        let Some(pid) = file_name
            .to_str()
            .and_then(|f| f.strip_prefix(&start))
            .filter(|rest| rest.ends_with(".tmp"))
            .and_then(|rest| rest.split('.').next())
            .and_then(|pid| pid.parse::<u32>().ok())
        else {
            continue;
        };
        if pid != std::process::id() && !runs(pid) && owned_file(&entry) {
            let _ = std::fs::remove_file(entry.path());
        }
    }
}

/// Whether a process `pid` runs (under any user).
#[cfg(unix)]
pub fn runs(pid: u32) -> bool {
    use nix::errno::Errno;
    let Ok(pid) = i32::try_from(pid) else {
        return false;
    };
    // Signal 0 checks the process exists; EPERM means it does, under another user.
    !matches!(
        nix::sys::signal::kill(nix::unistd::Pid::from_raw(pid), None),
        Err(Errno::ESRCH)
    )
}

#[cfg(not(unix))]
pub fn runs(_pid: u32) -> bool {
    // No cheap check here: a file is never taken from a run that might still be writing it.
    true
}

#[cfg(unix)]
fn owned_file(entry: &std::fs::DirEntry) -> bool {
    use std::os::unix::fs::MetadataExt;
    entry
        .metadata()
        .is_ok_and(|m| m.is_file() && m.uid() == nix::unistd::getuid().as_raw())
}

#[cfg(not(unix))]
fn owned_file(entry: &std::fs::DirEntry) -> bool {
    entry.metadata().is_ok_and(|m| m.is_file())
}

#[cfg(all(test, unix))]
mod tests {
    use super::*;

    #[test]
    fn temp_files_of_runs_that_are_gone_are_removed_and_others_kept() {
        let dir = tempfile::tempdir().unwrap();
        let target = dir.path().join("out.csv");
        let gone = dir.path().join(".out.csv.99999999.aB3xYz.tmp");
        let mine = dir
            .path()
            .join(format!(".out.csv.{}.aB3xYz.tmp", std::process::id()));
        let other_name = dir.path().join(".other.csv.99999999.aB3xYz.tmp");
        let not_ours = dir.path().join(".out.csv.aB3xYz.tmp");
        for file in [&gone, &mine, &other_name, &not_ours] {
            std::fs::write(file, "x").unwrap();
        }
        remove_stale_beside(&target);
        assert!(!gone.exists());
        for kept in [&mine, &other_name, &not_ours] {
            assert!(kept.exists(), "{}", kept.display());
        }
        let prefix = temp_prefix(&target).unwrap();
        assert_eq!(
            prefix,
            OsString::from(format!(".out.csv.{}.", std::process::id()))
        );
    }
}
