//! The on-disk cache of reference lists: one JSON file per list (and clinic) under the platform's cache
//! directory, `CLINIC_CACHE_DIR`, with a time-to-live. Completion reads only this, so it never waits
//! for the network.

use crate::environment::Environment;
use std::path::PathBuf;
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use serde::{Deserialize, Serialize};

use super::kind::{Entry, Kind};
use crate::error::{Error, Result};

/// The file of the CRM's smart processes (`entityTypeId`, title), tagged with the CRM's address:
/// what Tab offers for `--type`.
pub const CRM_TYPES: &str = "crm-types";

/// How long a cached list is trusted: a day, or `CLINIC_CACHE_TTL` seconds.
pub const DEFAULT_TTL: Duration = Duration::from_secs(24 * 3600);

#[derive(Debug, Serialize, Deserialize)]
pub struct Cached {
    /// Seconds since the epoch.
    pub fetched_at: u64,
    /// The API the list came from: a profile pointed elsewhere must not reuse it.
    pub base_url: String,
    pub entries: Vec<Entry>,
}

/// A list kept under a name of its own: when it was read, from where, and the caller's value.
#[derive(Serialize, Deserialize)]
struct Named<T> {
    fetched_at: u64,
    base_url: String,
    value: T,
}

pub struct Cache {
    dir: PathBuf,
    ttl: Duration,
    base_url: String,
    /// The run may change nothing on disk (a read tool of `clinic mcp`): lists read from the
    /// service are kept in [`IN_MEMORY`] for the rest of the process, never written.
    in_memory: bool,
}

/// The lists a run that may change nothing on disk has read, by the file they would have gone to:
/// the next call of the same `clinic mcp` session still finds them, and the disk is left as it was.
static IN_MEMORY: std::sync::Mutex<Vec<(PathBuf, Vec<u8>)>> = std::sync::Mutex::new(Vec::new());

/// The bytes kept in memory for `path`.
fn in_memory(path: &std::path::Path) -> Option<Vec<u8>> {
    let kept = IN_MEMORY.lock().ok()?;
    kept.iter().find(|(p, _)| p == path).map(|(_, b)| b.clone())
}

impl Cache {
    /// The reference-list cache of this profile; none with `--sandbox`, which leaves no trace on disk.
    pub fn of(ctx: &crate::context::Context) -> Option<Cache> {
        if ctx.in_sandbox() {
            return None;
        }
        let base = ctx.profile.base_url.as_deref()?;
        let mut cache = Cache::new(ctx.env(), &ctx.profile_name, base).ok()?;
        cache.in_memory = ctx.global.read_only;
        Some(cache)
    }

    /// The cache of this profile's CRM (its `crm_url`), for what is read from the CRM rather than
    /// the API; none with `--sandbox`.
    pub fn of_crm(ctx: &crate::context::Context) -> Option<Cache> {
        if ctx.in_sandbox() {
            return None;
        }
        let base = ctx.profile.crm_url.as_deref()?;
        let mut cache = Cache::new(ctx.env(), &ctx.profile_name, base).ok()?;
        cache.in_memory = ctx.global.read_only;
        Some(cache)
    }

    /// The cache of one profile and API address.
    pub fn new(env: &Environment, profile: &str, base_url: &str) -> Result<Cache> {
        let root = match env.var_os("CLINIC_CACHE_DIR").filter(|d| !d.is_empty()) {
            Some(d) => PathBuf::from(d),
            None => directories::ProjectDirs::from("", "", "clinic")
                .map(|p| p.cache_dir().to_path_buf())
                .ok_or_else(|| Error::Config(crate::t!("refs-no-home")))?,
        };
        let ttl = env
            .var("CLINIC_CACHE_TTL")
            .and_then(|s| s.parse().ok())
            .map(Duration::from_secs)
            .unwrap_or(DEFAULT_TTL);
        Ok(Cache {
            dir: root.join(crate::text::file_name::part(profile)),
            ttl,
            base_url: base_url.to_string(),
            in_memory: false,
        })
    }

    pub fn dir(&self) -> &PathBuf {
        &self.dir
    }

    fn path(&self, kind: Kind, clinic: Option<u64>) -> PathBuf {
        match clinic.filter(|_| kind.per_clinic()) {
            Some(c) => self.dir.join(format!("{}-clinic-{c}.json", kind.name())),
            None => self.dir.join(format!("{}.json", kind.name())),
        }
    }

    /// The cached list, fresh or not; `None` when absent or unreadable.
    pub fn read(&self, kind: Kind, clinic: Option<u64>) -> Option<Cached> {
        let path = self.path(kind, clinic);
        let kept = self.in_memory.then(|| in_memory(&path)).flatten();
        let bytes = match kept {
            Some(bytes) => bytes,
            None => std::fs::read(path).ok()?,
        };
        serde_json::from_slice::<Cached>(crate::text::bom::strip_bytes(&bytes))
            .ok()
            .filter(|c| c.base_url == self.base_url)
    }

    /// Every cached copy of a list (one per clinic for per-clinic lists).
    pub fn read_all(&self, kind: Kind) -> Vec<Cached> {
        let exact = format!("{}.json", kind.name());
        let per_clinic = format!("{}-clinic-", kind.name());
        std::fs::read_dir(&self.dir)
            .into_iter()
            .flatten()
            .flatten()
            .filter(|e| {
                let name = e.file_name().to_string_lossy().into_owned();
                name == exact || (name.starts_with(&per_clinic) && name.ends_with(".json"))
            })
            .map(|e| e.path())
            .chain(self.kept_paths(kind))
            .collect::<std::collections::BTreeSet<_>>()
            .into_iter()
            .filter_map(|path| {
                let kept = self.in_memory.then(|| in_memory(&path)).flatten();
                let bytes = match kept {
                    Some(bytes) => bytes,
                    None => std::fs::read(path).ok()?,
                };
                serde_json::from_slice::<Cached>(crate::text::bom::strip_bytes(&bytes)).ok()
            })
            .filter(|c| c.base_url == self.base_url)
            .collect()
    }

    pub fn is_fresh(&self, cached: &Cached) -> bool {
        now().saturating_sub(cached.fetched_at) < self.ttl.as_secs()
    }

    pub fn write(&self, kind: Kind, clinic: Option<u64>, entries: &[Entry]) -> Result<()> {
        self.store(
            kind,
            clinic,
            &Cached {
                fetched_at: now(),
                base_url: self.base_url.clone(),
                entries: entries.to_vec(),
            },
        )
    }

    /// Adds an entry just created (a campaign) to the cached copies of its list — the clinic's, and
    /// the one read without a clinic, which a clinic user's own clinic fills — so its name works at
    /// once. The copies keep their age; a list never cached stays uncached, since one entry is not the
    /// list.
    pub fn remember(&self, kind: Kind, clinic: Option<u64>, entry: Entry) -> Result<()> {
        let copies = match clinic.filter(|_| kind.per_clinic()) {
            Some(c) => vec![Some(c), None],
            None => vec![None],
        };
        for copy in copies {
            if let Some(mut cached) = self.read(kind, copy)
                && !cached.entries.iter().any(|e| e.id == entry.id)
            {
                cached.entries.push(entry.clone());
                self.store(kind, copy, &cached)?;
            }
        }
        Ok(())
    }

    /// The files of `kind`'s copies that this process keeps in memory.
    fn kept_paths(&self, kind: Kind) -> Vec<PathBuf> {
        if !self.in_memory {
            return Vec::new();
        }
        let exact = self.dir.join(format!("{}.json", kind.name()));
        let per_clinic = format!("{}-clinic-", kind.name());
        IN_MEMORY.lock().map_or_else(
            |_| Vec::new(),
            |kept| {
                kept.iter()
                    .map(|(p, _)| p.clone())
                    .filter(|p| {
                        *p == exact
                            || (p.parent() == Some(self.dir.as_path())
                                && p.file_name()
                                    .is_some_and(|n| n.to_string_lossy().starts_with(&per_clinic)))
                    })
                    .collect()
            },
        )
    }

    fn store(&self, kind: Kind, clinic: Option<u64>, cached: &Cached) -> Result<()> {
        let bytes = serde_json::to_vec(cached).map_err(|e| Error::Other(e.to_string()))?;
        self.store_bytes(self.path(kind, clinic), bytes)
    }

    /// `bytes` into the file at `path`, whole; in memory only for a run that changes nothing on disk.
    fn store_bytes(&self, path: PathBuf, bytes: Vec<u8>) -> Result<()> {
        use std::io::Write;
        if self.in_memory {
            if let Ok(mut kept) = IN_MEMORY.lock() {
                kept.retain(|(p, _)| *p != path);
                kept.push((path, bytes));
            }
            return Ok(());
        }
        crate::private_fs::create_dir(&self.dir)
            .map_err(|e| Error::Config(format!("{}: {e}", self.dir.display())))?;
        let mut tmp = tempfile::NamedTempFile::new_in(&self.dir)?;
        tmp.write_all(&bytes)?;
        tmp.persist(path)
            .map_err(|e| Error::Other(e.error.to_string()))?;
        Ok(())
    }

    /// A list kept under a name of its own (`crm-fields-1032`, the CRM's user fields of one type),
    /// while fresh; `None` when absent, stale, unreadable or read from another address.
    pub fn read_named<T: serde::de::DeserializeOwned>(&self, name: &str) -> Option<T> {
        let named = self.named::<T>(name)?;
        let fresh = now().saturating_sub(named.fetched_at) < self.ttl.as_secs();
        fresh.then_some(named.value)
    }

    /// [`Cache::read_named`] however old: what Tab offers from a list last read long ago (the
    /// CRM's smart processes, [`CRM_TYPES`]) beats offering nothing.
    pub fn read_named_any_age<T: serde::de::DeserializeOwned>(&self, name: &str) -> Option<T> {
        Some(self.named::<T>(name)?.value)
    }

    /// The list kept under `name`, read from this address.
    fn named<T: serde::de::DeserializeOwned>(&self, name: &str) -> Option<Named<T>> {
        let path = self
            .dir
            .join(format!("{}.json", crate::text::file_name::part(name)));
        let kept = self.in_memory.then(|| in_memory(&path)).flatten();
        let bytes = match kept {
            Some(bytes) => bytes,
            None => std::fs::read(path).ok()?,
        };
        let named: Named<T> = serde_json::from_slice(&bytes).ok()?;
        (named.base_url == self.base_url).then_some(named)
    }

    /// Keeps `value` under `name` (see [`Cache::read_named`]).
    pub fn write_named<T: Serialize>(&self, name: &str, value: T) -> Result<()> {
        let path = self
            .dir
            .join(format!("{}.json", crate::text::file_name::part(name)));
        let named = Named {
            fetched_at: now(),
            base_url: self.base_url.clone(),
            value,
        };
        let bytes = serde_json::to_vec(&named).map_err(|e| Error::Other(e.to_string()))?;
        self.store_bytes(path, bytes)
    }

    /// Removes every cached list of the profile; returns how many files went.
    pub fn clear(&self) -> Result<usize> {
        let mut n = 0;
        let Ok(dir) = std::fs::read_dir(&self.dir) else {
            return Ok(0);
        };
        for entry in dir.flatten() {
            if entry.path().extension().is_some_and(|e| e == "json") {
                std::fs::remove_file(entry.path())?;
                n += 1;
            }
        }
        Ok(n)
    }
}

/// How long ago a cached list was read.
pub fn age(cached: &Cached) -> Duration {
    Duration::from_secs(now().saturating_sub(cached.fetched_at))
}

fn now() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map(|d| d.as_secs())
        .unwrap_or(0)
}

/// On an interactive run, when the cached lists are stale, starts `clinic cache refresh` as a detached
/// process: the command at hand does not wait for it, and completion finds fresh names next time.
/// Scripts (no terminal) never trigger it, so their requests stay exactly what they asked for.
pub fn refresh_in_background(ctx: &crate::context::Context) {
    if !ctx.io.can_prompt() || ctx.global.read_only {
        return;
    }
    let Some(cache) = crate::refs::cache::Cache::of(ctx) else {
        return;
    };
    if cache
        .read(Kind::Channels, None)
        .is_some_and(|c| cache.is_fresh(&c))
    {
        return;
    }
    // One refresh at a time: a marker younger than a minute means one is under way.
    let marker = cache.dir.join(".refreshing");
    let recent = std::fs::metadata(&marker)
        .and_then(|m| m.modified())
        .is_ok_and(|t| t.elapsed().is_ok_and(|age| age < Duration::from_secs(60)));
    if recent
        || crate::private_fs::create_dir(&cache.dir).is_err()
        || std::fs::write(&marker, b"").is_err()
    {
        return;
    }
    if let Ok(exe) = std::env::current_exe() {
        let mut child = std::process::Command::new(exe);
        child
            .args([
                "--profile",
                &ctx.profile_name,
                "--quiet",
                "cache",
                "refresh",
            ])
            .stdin(std::process::Stdio::null())
            .stdout(std::process::Stdio::null())
            .stderr(std::process::Stdio::null());
        // Its own process group: closing the terminal (or Ctrl-C) must not stop the refresh midway.
        #[cfg(unix)]
        std::os::unix::process::CommandExt::process_group(&mut child, 0);
        let _ = child.spawn();
    }
}
