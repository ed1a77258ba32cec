//! Temporary files that must not outlive a stopped run: the file behind `-o` before it is renamed
//! onto its final name, and a configuration file being replaced. A run stopped by a signal exits
//! without unwinding (the thread that would unwind may be blocked writing into a full pipe), so the
//! files are listed here and removed by [`abandon_all`] just before the process exits.

use std::collections::BTreeMap;
use std::io;
use std::path::{Path, PathBuf};
use std::sync::{Mutex, MutexGuard};

struct Registry {
    next: u64,
    files: BTreeMap<u64, PathBuf>,
    /// Set by [`abandon_all`]: from then on nothing is published.
    stopping: bool,
}

static REGISTRY: Mutex<Registry> = Mutex::new(Registry {
    next: 0,
    files: BTreeMap::new(),
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

/// Removes every registered file and refuses every later [`Unfinished::commit`]: called once the
/// process has decided to exit early.
pub fn abandon_all() {
    let mut registry = registry();
    registry.stopping = true;
    for path in std::mem::take(&mut registry.files).into_values() {
        let _ = std::fs::remove_file(path);
    }
}
