//! A dataset folder's bookkeeping, shared by every run that writes into it: one run at a time (a lock
//! held for the whole run), runs numbered by a counter kept in the folder (never by names or clocks),
//! the manifests that say what each run wrote, and what runs that were killed left behind.
//!
//! A run stages its parts in a hidden folder of its own (`.run-<run>/…/part-<run>.parquet.staged`,
//! a name no `*.parquet` glob matches), writes its manifest, and only then renames the parts in. A run
//! killed before its manifest leaves nothing a reader sees; one killed after it leaves parts still
//! staged, which the next run renames in. Under the lock no other run is writing, so whatever a
//! hidden run folder or temporary file holds is debris of a run that is gone.

use std::collections::HashSet;
use std::io;
use std::path::{Path, PathBuf};

use serde_json::Value;

use crate::error::OutputError;
use crate::file_lock;

/// The lock every run holds on the folder while it writes into it. It also holds the folder's run
/// counter, the number of the last run that wrote its manifest: a run that does not complete leaves
/// the folder as it found it. (The file is never replaced, which would leave the lock on a file no
/// longer there, only rewritten.)
pub(crate) const LOCK: &str = ".clinic-dataset";
/// The start of a run's hidden staging folder.
const STAGING: &str = ".run-";
/// What a staged part's name ends with, so that no reader's glob takes it for a part.
const STAGED: &str = ".staged";

/// A dataset folder held by this run.
pub(crate) struct Folder {
    pub(crate) dir: PathBuf,
    /// This run's number in the folder's counter.
    pub(crate) sequence: u64,
    _lock: file_lock::Held,
}

impl Folder {
    /// Creates the folder when missing, waits for any other run writing into it, takes back what
    /// runs that were killed left, and numbers this run.
    pub(crate) fn open(dir: &Path) -> Result<Folder, OutputError> {
        let failed = |source| OutputError::File {
            path: dir.to_owned(),
            source,
        };
        std::fs::create_dir_all(dir).map_err(failed)?;
        let lock = file_lock::hold(&dir.join(LOCK), true)
            .map_err(failed)?
            .expect("waits for the lock");
        let manifests = manifests(dir);
        recover(dir, &manifests);
        let counted = crate::private_fs::read_regular(&dir.join(LOCK), 64)
            .ok()
            .and_then(|t| String::from_utf8_lossy(&t).trim().parse::<u64>().ok())
            .unwrap_or(0);
        // A counter file lost or cut short never makes a number run backwards.
        let newest = manifests.iter().filter_map(|m| sequence(&m.1)).max();
        let sequence = counted.max(newest.unwrap_or(0)) + 1;
        Ok(Folder {
            dir: dir.to_owned(),
            sequence,
            _lock: lock,
        })
    }

    /// The run's ID in its file names: `r` and the counter, so that names sort in run order, and
    /// after those of runs that named their files by the clock.
    pub(crate) fn run(&self) -> String {
        format!("r{:08}", self.sequence)
    }

    /// Counts this run in the folder: called as its manifest is written. A counter cut short by a
    /// crash reads as none, and the manifests' own numbers take over.
    pub(crate) fn count(&self) -> Result<(), OutputError> {
        let path = self.dir.join(LOCK);
        std::fs::write(&path, self.sequence.to_string())
            .map_err(|source| OutputError::File { path, source })
    }

    /// The hidden folder the run stages its parts in.
    pub(crate) fn staging(&self) -> PathBuf {
        self.dir.join(format!("{STAGING}{}", self.run()))
    }
}

/// Where a part at `path` (under the dataset) waits in the staging folder `staging`.
pub(crate) fn staged(staging: &Path, path: &str) -> PathBuf {
    staging.join(format!("{path}{STAGED}"))
}

/// Renames the staged parts listed by `files` (paths under `dir`) onto their names, then removes the
/// staging folder. A part already in place (an earlier try got that far) is left as it is.
pub(crate) fn publish(dir: &Path, staging: &Path, files: &[String]) -> Result<(), OutputError> {
    for path in files {
        let from = staged(staging, path);
        let to = dir.join(path);
        if !from.exists() && to.exists() {
            continue;
        }
        if let Some(parent) = to.parent() {
            std::fs::create_dir_all(parent).map_err(|source| OutputError::File {
                path: parent.to_owned(),
                source,
            })?;
        }
        std::fs::rename(&from, &to).map_err(|source| OutputError::File { path: to, source })?;
    }
    let _ = std::fs::remove_dir_all(staging);
    Ok(())
}

/// The largest manifest read: a run of 9,000 partitions writes about 2 MB.
const MANIFEST_MAX_BYTES: u64 = 64 << 20;

/// Every manifest in `dir` that reads as JSON, with its file name.
pub(crate) fn manifests(dir: &Path) -> Vec<(String, Value)> {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return Vec::new();
    };
    entries
        .flatten()
        .filter_map(|e| {
            let name = e.file_name().to_str()?.to_string();
            if !(name.starts_with("_manifest-") && name.ends_with(".json")) {
                return None;
            }
            // Read without blocking and within a bound: a FIFO or a device under a manifest's
            // name is no manifest, never something to wait on.
            let bytes = crate::private_fs::read_regular(&e.path(), MANIFEST_MAX_BYTES).ok()?;
            let value = serde_json::from_slice(crate::text::bom::strip_bytes(&bytes)).ok()?;
            Some((name, value))
        })
        .collect()
}

/// A manifest's place in the folder's run counter; `None` for runs made before there was one.
pub(crate) fn sequence(manifest: &Value) -> Option<u64> {
    manifest["sequence"].as_u64()
}

/// The paths a manifest lists.
fn listed(manifest: &Value) -> impl Iterator<Item = &str> {
    manifest["files"]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|f| f["path"].as_str())
}

/// Takes back what killed runs left: a staging folder whose manifest was written is published (the
/// run was complete), any other is removed; hidden temporary files and parts no manifest lists,
/// whose run is gone, are removed from the partition folders.
fn recover(dir: &Path, manifests: &[(String, Value)]) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let name = entry.file_name().to_string_lossy().into_owned();
        let Some(run) = name.strip_prefix(STAGING) else {
            continue;
        };
        let path = entry.path();
        let manifest = manifests
            .iter()
            .find(|(_, m)| m["run"].as_str() == Some(run));
        let published = manifest.is_some_and(|(_, m)| {
            let files: Vec<String> = listed(m).map(String::from).collect();
            publish(dir, &path, &files).is_ok()
        });
        if !published {
            let _ = std::fs::remove_dir_all(&path);
        }
    }
    let keep: HashSet<String> = manifests
        .iter()
        .flat_map(|(_, m)| listed(m).map(String::from))
        .collect();
    sweep(dir, dir, &keep);
}

/// Removes the debris of gone runs below `folder` (a partition folder, or the dataset's own), then
/// the partition folder itself if that left it empty.
fn sweep(dir: &Path, folder: &Path, keep: &HashSet<String>) {
    let Ok(entries) = std::fs::read_dir(folder) else {
        return;
    };
    for entry in entries.flatten() {
        let name = entry.file_name().to_string_lossy().into_owned();
        let path = entry.path();
        let Ok(kind) = entry.file_type() else {
            continue;
        };
        if kind.is_dir() {
            // Partition folders only (`key=value`): the user's own folders are left alone.
            if !name.starts_with('.') && name.contains('=') {
                sweep(dir, &path, keep);
                let _ = std::fs::remove_dir(&path);
            }
            continue;
        }
        let relative = path
            .strip_prefix(dir)
            .map(|p| p.to_string_lossy().replace('\\', "/"))
            .unwrap_or_default();
        let gone = || !pid_in(&name).is_some_and(crate::unfinished::runs);
        let debris = if name.starts_with('.') {
            // A writer's temporary file (`.part-….tmp`, `.tmpXXXXXX`), whatever it is named, unless
            // its name says its run still goes on.
            (folder != dir && name.ends_with(".tmp") || name.starts_with(".tmp")) && gone()
        } else if folder != dir && name.starts_with("part-") && !keep.contains(&relative) {
            // A part no manifest lists: of a run numbered here (so gone, the lock is ours), or of
            // an earlier client's run whose pid is gone. A file named otherwise is not a run's.
            numbered(&name) || pid_in(&name).is_some() && gone()
        } else {
            false
        };
        if debris {
            let _ = std::fs::remove_file(&path);
        }
    }
}

/// Whether `name` is a part of a run numbered by the folder's counter: `part-r<digits>.<ext>`.
fn numbered(name: &str) -> bool {
    name.strip_prefix("part-r")
        .and_then(|rest| rest.split('.').next())
        .is_some_and(|n| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()))
}

/// The pid a file name of an earlier client carries: `part-<time>-<pid>.<ext>` for a part,
/// `.<name>.<pid>.<random>.tmp` for a temporary file.
fn pid_in(name: &str) -> Option<u32> {
    if let Some(part) = name.strip_prefix("part-") {
        let stem = part.split('.').next()?;
        return stem.rsplit_once('-')?.1.parse().ok();
    }
    let rest = name.strip_prefix('.')?.strip_suffix(".tmp")?;
    let mut fields = rest.rsplitn(3, '.');
    let _random = fields.next()?;
    fields.next()?.parse().ok()
}

pub(crate) fn write_atomically(path: &Path, bytes: &[u8]) -> Result<(), OutputError> {
    let failed = |source: io::Error| OutputError::File {
        path: path.to_owned(),
        source,
    };
    let dir = path.parent().unwrap_or(Path::new("."));
    let mut temp = tempfile::NamedTempFile::new_in(dir).map_err(failed)?;
    io::Write::write_all(&mut temp, bytes).map_err(failed)?;
    temp.persist(path).map_err(|e| failed(e.error))?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn earlier_clients_names_say_their_pid() {
        assert_eq!(pid_in("part-20261126T010203-4242.parquet"), Some(4242));
        assert_eq!(
            pid_in(".part-20261126T010203-4242.parquet.4242.aB3x.tmp"),
            Some(4242)
        );
        assert_eq!(pid_in("part-r00000003.parquet"), None);
        assert_eq!(pid_in(".tmpAb12Cd"), None);
        assert_eq!(pid_in("part-earlier.parquet"), None);
        assert!(numbered("part-r00000003.parquet"));
        assert!(!numbered("part-earlier.parquet"));
    }
}
