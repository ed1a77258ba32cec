//! The journal of an import: one JSON line per step of a row (`{"key", "row", "state", "id"}`),
//! appended and written out as it happens, so that whatever stops a run, the next one knows which
//! rows exist, which were never sent, and which were sent without an answer.
//!
//! It names patients' phones, so it is created readable by its owner only.

use std::collections::HashMap;
use std::fs::File;
use std::io::{Read, Seek, SeekFrom, Write};
use std::path::Path;
use std::sync::Mutex;

use serde_json::{Value, json};

use crate::error::{Error, Result};
use crate::private_fs;

/// The step a journal line records.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum State {
    /// About to be sent: the last word of a row whose answer was lost.
    Sending,
    /// Created, with the ID the service gave (or that a lookup found).
    Created,
    /// Refused by the service: nothing was created, and a later run sends it again.
    Refused,
    /// Looked up after a lost answer and not found: a later run sends it again.
    NotSent,
}

impl State {
    fn name(self) -> &'static str {
        match self {
            State::Sending => "sending",
            State::Created => "created",
            State::Refused => "refused",
            State::NotSent => "not-sent",
        }
    }
}

/// What the journal says of a row from earlier runs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Earlier {
    Created,
    /// Sent, and whether it was created is unknown.
    Unknown,
}

/// What every import takes: the sheet, a dry run, and the journal that lets a run resume.
#[derive(clap::Args, Debug)]
pub(crate) struct ImportFlags {
    pub file: std::path::PathBuf,
    #[arg(long)]
    pub dry_run: bool,
    #[arg(long, value_name = "FILE")]
    pub journal: Option<std::path::PathBuf>,
    #[arg(long, requires = "journal")]
    pub no_wait: bool,
    #[command(flatten)]
    pub encoding: crate::cli::text_file::EncodingArg,
}

impl ImportFlags {
    /// The journal held for the whole run (not on a dry run, which sends nothing), and what it says
    /// earlier runs did: taken before the journal is read (see [`lock`]).
    pub(crate) fn open_journal(
        &self,
        ctx: &crate::context::Context,
    ) -> Result<(Option<crate::file_lock::Held>, HashMap<String, Earlier>)> {
        let held = match &self.journal {
            Some(path) if !self.dry_run => Some(lock(ctx, path, self.no_wait)?),
            _ => None,
        };
        let earlier = match &self.journal {
            Some(path) => read(path)?,
            None => HashMap::new(),
        };
        Ok((held, earlier))
    }
}

/// Holds the journal at `path` for the whole run, so that two imports with one journal (cron
/// overlapping a manual re-run) never both send a row: the second waits for the first to end, then
/// reads what it journaled; with `no_wait` it stops at once instead. Taken before the journal is read.
pub(crate) fn lock(
    ctx: &crate::context::Context,
    path: &Path,
    no_wait: bool,
) -> Result<crate::file_lock::Held> {
    let lock_file = crate::file_lock::lock_path(path);
    let failed = |e: std::io::Error| Error::Other(format!("{}: {e}", lock_file.display()));
    if let Some(held) = crate::file_lock::hold(&lock_file, false).map_err(failed)? {
        return Ok(held);
    }
    let journal = path.display().to_string();
    if no_wait {
        return Err(Error::Other(crate::t!(
            "cli-import-journal-busy",
            journal = journal.as_str()
        )));
    }
    ctx.reporter.note(&crate::t!(
        "cli-import-journal-waiting",
        journal = journal.as_str()
    ));
    Ok(crate::file_lock::hold(&lock_file, true)
        .map_err(failed)?
        .expect("waits for the lock"))
}

pub(crate) struct Journal {
    file: Mutex<File>,
}

impl Journal {
    /// Opens the journal for appending, creating it 0600.
    pub(crate) fn open(path: &Path) -> Result<Journal> {
        let failed = |e: std::io::Error| Error::Other(format!("{}: {e}", path.display()));
        let mut file = private_fs::options()
            .create(true)
            .read(true)
            .append(true)
            .open(path)
            .map_err(failed)?;
        end_last_line(&mut file).map_err(failed)?;
        Ok(Journal {
            file: Mutex::new(file),
        })
    }

    /// Appends one step of the row numbered `row` whose identity is `key`.
    pub(crate) fn record(
        &self,
        key: &str,
        row: usize,
        state: State,
        id: Option<&Value>,
    ) -> Result<()> {
        let mut line = json!({"key": key, "row": row, "state": state.name(), "id": id}).to_string();
        line.push('\n');
        // One write per line: a run stopped between two writes would glue two lines into one that
        // no later run could read.
        let mut file = self.file.lock().unwrap_or_else(|p| p.into_inner());
        file.write_all(line.as_bytes())?;
        file.flush()?;
        Ok(())
    }
}

/// A journal whose last line was cut short (the machine stopped mid-write) gets its line ended, so
/// the next line starts clean; the cut line itself is unreadable and ignored.
fn end_last_line(file: &mut File) -> std::io::Result<()> {
    if file.metadata()?.len() == 0 {
        return Ok(());
    }
    let mut last = [0u8; 1];
    file.seek(SeekFrom::End(-1))?;
    file.read_exact(&mut last)?;
    if last[0] != b'\n' {
        file.write_all(b"\n")?;
    }
    Ok(())
}

/// The last state of each row earlier runs touched: created, or sent without a known outcome.
/// Refused and not-sent rows are forgotten, so they are sent again.
pub(crate) fn read(path: &Path) -> Result<HashMap<String, Earlier>> {
    let text = match std::fs::read_to_string(path) {
        Ok(t) => t,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(HashMap::new()),
        Err(e) => return Err(Error::Other(format!("{}: {e}", path.display()))),
    };
    let mut states = HashMap::new();
    for v in crate::text::bom::strip(&text)
        .lines()
        .filter_map(|l| serde_json::from_str::<Value>(l).ok())
    {
        let Some(key) = v["key"].as_str() else {
            continue;
        };
        match v["state"].as_str().unwrap_or("created") {
            "created" => states.insert(key.to_string(), Earlier::Created),
            "sending" => states.insert(key.to_string(), Earlier::Unknown),
            _ => states.remove(key),
        };
    }
    Ok(states)
}

/// What a journaled send came to.
pub(crate) enum Sent<T> {
    Created(T),
    /// Not created: refused, or stopped before it was sent (or created without the journal
    /// knowing, which it says).
    Failed(Error),
    /// Sent, and whether it was created is unknown.
    Unknown(Error),
}

/// Sends one row through `sending`, recording it in the journal before (so a stop at any moment
/// leaves the row known as possibly sent) and after (created with `id_of` its answer, or refused
/// when the error proves nothing was created), so that no later run creates it twice.
pub(crate) async fn send<T>(
    journal: Option<&Journal>,
    key: &str,
    row: usize,
    id_of: impl FnOnce(&T) -> Value,
    sending: impl std::future::Future<Output = Result<T>>,
) -> Sent<T> {
    if let Some(Err(e)) = journal.map(|j| j.record(key, row, State::Sending, None)) {
        return Sent::Failed(e);
    }
    match sending.await {
        Ok(answer) => {
            let id = id_of(&answer);
            match journal.map(|j| j.record(key, row, State::Created, Some(&id))) {
                Some(Err(e)) => Sent::Failed(Error::Other(crate::t!(
                    "cli-import-journal-lost",
                    id = id.to_string(),
                    reason = e.to_string()
                ))),
                _ => Sent::Created(answer),
            }
        }
        Err(e) if created_nothing(&e) => {
            match journal.map(|j| j.record(key, row, State::Refused, None)) {
                Some(Err(journal_error)) => Sent::Failed(journal_error),
                _ => Sent::Failed(e),
            }
        }
        Err(e) => Sent::Unknown(e),
    }
}

/// Whether an error of a create proves that nothing was created: the service refused it (4xx, or
/// the token). Anything else — a broken connection, a 5xx, an answer that made no sense — may have
/// come after the contact was stored.
fn created_nothing(e: &Error) -> bool {
    matches!(
        e,
        Error::Rejected { .. } | Error::NotLoggedIn(_) | Error::Auth(_)
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_last_state_of_each_row_counts() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("j");
        std::fs::write(
            &path,
            concat!(
                r#"{"key":"a","row":2,"state":"sending","id":null}"#,
                "\n",
                r#"{"key":"a","row":2,"state":"created","id":7}"#,
                "\n",
                r#"{"key":"b","row":3,"state":"sending","id":null}"#,
                "\n",
                r#"{"key":"c","row":4,"state":"sending","id":null}"#,
                "\n",
                r#"{"key":"c","row":4,"state":"not-sent","id":null}"#,
                "\n",
                r#"{"key":"d","row":5,"state":"sending","id":null}"#,
                "\n",
                r#"{"key":"d","row":5,"state":"refused","id":null}"#,
                "\n",
                r#"{"key":"e","row":6,"state":"sen"#,
            ),
        )
        .unwrap();
        let states = read(&path).unwrap();
        assert_eq!(states.get("a"), Some(&Earlier::Created));
        assert_eq!(states.get("b"), Some(&Earlier::Unknown));
        assert_eq!(states.get("c"), None);
        assert_eq!(states.get("d"), None);
        assert_eq!(states.get("e"), None);
        // Appending after a cut line starts a new line.
        let journal = Journal::open(&path).unwrap();
        journal
            .record("e", 6, State::Created, Some(&json!(9)))
            .unwrap();
        assert_eq!(read(&path).unwrap().get("e"), Some(&Earlier::Created));
    }
}
