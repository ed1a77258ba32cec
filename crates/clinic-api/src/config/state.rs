//! The state of incremental runs (`--since last`): one small JSON file per point, in the platform's
//! data directory (`CLINIC_DATA_DIR` overrides it). A point belongs to one export into one output: the
//! profile, the report, the filters that select its records, its clinics, and the file or dataset it
//! is written to. It holds the moment the next run asks from, and is written only after a run has
//! completed, so a run that failed or was stopped is repeated from the same point.
//!
//! Points written by earlier versions had no output in their key (one point served every output of an
//! export); they are read once, by the first run that writes to an existing output, and replaced by
//! that output's own point.

use crate::environment::Environment;
use std::path::{Path, PathBuf};

use chrono::NaiveDateTime;
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};

use crate::error::{Error, Result};
use crate::private_fs;

/// `--since`: a moment, or where the last complete run of the same export says to start.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Since {
    At(NaiveDateTime),
    Last,
    /// A run of `clinic sync` by its number (`clinic sync changes --since 12`).
    Run(i64),
}

/// What one incremental export remembers.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, Eq)]
pub struct State {
    pub profile: String,
    pub report: String,
    /// The filters and clinics that select the records, as `--flag=value` words (earlier versions
    /// wrote the program's own text of the arguments here).
    pub filters: String,
    /// The output the point belongs to: the canonical path of its file or dataset folder. `None` in a
    /// point of an earlier version, which every output shared.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub target: Option<String>,
    /// Where the next run starts (local time, as the service writes it: `YYYY-MM-DD HH:MM:SS`).
    pub since: String,
    /// When the run that saved this began, by the local clock.
    pub run_started: String,
    /// The time zone of `since` and `run_started` (the profile's).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub zone: Option<String>,
}

/// The most a state file may hold: a few hundred bytes are written, so anything near this is not
/// one of ours.
const MAX_BYTES: u64 = 1024 * 1024;

/// How the state writes a moment.
pub const MOMENT: &str = "%Y-%m-%d %H:%M:%S";

impl State {
    /// Where the next run starts; `None` when the file says something else.
    pub fn since(&self) -> Option<NaiveDateTime> {
        NaiveDateTime::parse_from_str(&self.since, MOMENT).ok()
    }
}

/// The folder of the states.
pub fn dir(env: &Environment) -> Result<PathBuf> {
    data_dir(env).map(|d| d.join("state"))
}

/// The program's data folder: `CLINIC_DATA_DIR`, else the platform's (`~/.local/share/clinic`).
pub fn data_dir(env: &Environment) -> Result<PathBuf> {
    if let Some(dir) = env.var_os("CLINIC_DATA_DIR").filter(|d| !d.is_empty()) {
        return Ok(PathBuf::from(dir));
    }
    directories::ProjectDirs::from("", "", "clinic")
        .map(|p| p.data_dir().to_path_buf())
        .ok_or_else(|| Error::Config(crate::t!("config-no-home")))
}

/// The point's name: a digest of what makes two runs the same export into the same output.
pub fn id(profile: &str, report: &str, filters: &str, target: &str) -> String {
    digest(&format!("2\n{profile}\n{report}\n{filters}\n{target}"))
}

/// The name an earlier version gave the point of an export, whatever its output: `debug` is the
/// program's own text of the report's arguments, as it wrote it.
pub fn legacy_id(profile: &str, report: &str, debug: &str) -> String {
    digest(&format!("{profile}\n{report}\n{debug}"))
}

fn digest(text: &str) -> String {
    let digest = Sha256::digest(text.as_bytes());
    digest[..8].iter().map(|b| format!("{b:02x}")).collect()
}

fn path(dir: &Path, id: &str) -> PathBuf {
    dir.join(format!("{id}.json"))
}

/// The state saved under `id`, if any. An unreadable file is an error, never a silent full run.
pub fn load(env: &Environment, id: &str) -> Result<Option<State>> {
    let file = path(&dir(env)?, id);
    // A regular file only, opened without blocking: a FIFO in its place is refused at once.
    match private_fs::read_regular(&file, MAX_BYTES) {
        Ok(bytes) => serde_json::from_slice(crate::text::bom::strip_bytes(&bytes))
            .map(Some)
            .map_err(|e| Error::Config(format!("{}: {e}", file.display()))),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(None),
        Err(e) => Err(Error::Config(format!("{}: {e}", file.display()))),
    }
}

/// Saves `state` under `id`, replacing the file atomically.
pub fn save(env: &Environment, id: &str, state: &State) -> Result<()> {
    let bytes = serde_json::to_vec_pretty(state).map_err(|e| Error::Other(e.to_string()))?;
    private_fs::write(&path(&dir(env)?, id), &bytes)
}

/// Every saved state with its ID, by ID.
pub fn all(env: &Environment) -> Result<Vec<(String, State)>> {
    let dir = dir(env)?;
    let entries = match std::fs::read_dir(&dir) {
        Ok(entries) => entries,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(Vec::new()),
        Err(e) => return Err(Error::Config(format!("{}: {e}", dir.display()))),
    };
    let mut states = Vec::new();
    for entry in entries.flatten() {
        let name = entry.file_name().to_string_lossy().into_owned();
        if let Some(id) = name.strip_suffix(".json")
            && let Some(state) = load(env, id)?
        {
            states.push((id.to_string(), state));
        }
    }
    states.sort_by(|a, b| a.0.cmp(&b.0));
    Ok(states)
}

/// Forgets the state `id`; `false` when there was none.
pub fn reset(env: &Environment, id: &str) -> Result<bool> {
    let file = path(&dir(env)?, id);
    match std::fs::remove_file(&file) {
        Ok(()) => Ok(true),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(false),
        Err(e) => Err(Error::Config(format!("{}: {e}", file.display()))),
    }
}

/// The columns the last export of a report with records had, for the profile: an export that finds
/// no records still writes them (a header, a schema), so that a quiet night gives readers a file they
/// open. Kept beside the points, one small file per profile and report.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, Eq)]
struct Columns {
    profile: String,
    report: String,
    columns: Vec<String>,
}

fn columns_path(dir: &Path, profile: &str, report: &str) -> PathBuf {
    dir.join("columns")
        .join(format!("{}.json", digest(&format!("{profile}\n{report}"))))
}

/// The columns remembered for `report` of `profile`; `None` when none are, or the file is unreadable
/// (the report's documented fields then serve: a header is a courtesy, never a reason to fail).
pub fn columns(env: &Environment, profile: &str, report: &str) -> Option<Vec<String>> {
    let bytes =
        private_fs::read_regular(&columns_path(&dir(env).ok()?, profile, report), MAX_BYTES)
            .ok()?;
    let saved: Columns = serde_json::from_slice(crate::text::bom::strip_bytes(&bytes)).ok()?;
    (saved.profile == profile && saved.report == report && !saved.columns.is_empty())
        .then_some(saved.columns)
}

/// Remembers the columns an export of `report` with records had.
pub fn save_columns(
    env: &Environment,
    profile: &str,
    report: &str,
    columns: &[String],
) -> Result<()> {
    // Most nights give the columns the last one did: the file is left as it is, which spares each
    // export a write and a flush to disk at its very end.
    if self::columns(env, profile, report).as_deref() == Some(columns) {
        return Ok(());
    }
    let saved = Columns {
        profile: profile.to_string(),
        report: report.to_string(),
        columns: columns.to_vec(),
    };
    let bytes = serde_json::to_vec_pretty(&saved).map_err(|e| Error::Other(e.to_string()))?;
    private_fs::write(&columns_path(&dir(env)?, profile, report), &bytes)
}
