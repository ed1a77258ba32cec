//! The mirror's database file: opened by one sync at a time (a lock beside it), read by anyone at
//! any time (WAL), and the tables that say what each run did (`_runs`), where each stream goes on
//! from (`_bookmarks`) and what changed (`_changes`).

use std::path::{Path, PathBuf};

use rusqlite::{Connection, OpenFlags, OptionalExtension, params};

use super::guard::Refusal;
use super::ids::{PER_CLINIC, UNIQUE_IDS, set_ids};
use super::names::STATUS_HISTORY;
use crate::file_lock::{self, Held};

/// What each run did. Its times are this machine's local time with its offset.
const RUNS: &str = "
CREATE TABLE IF NOT EXISTS _runs (
    run INTEGER PRIMARY KEY,
    started_at TIMESTAMP WITH TIME ZONE NOT NULL,
    ended_at TIMESTAMP WITH TIME ZONE,
    mode TEXT NOT NULL,
    status TEXT NOT NULL,
    streams TEXT NOT NULL,
    new INTEGER NOT NULL DEFAULT 0,
    changed INTEGER NOT NULL DEFAULT 0,
    vanished INTEGER NOT NULL DEFAULT 0,
    resurrected INTEGER NOT NULL DEFAULT 0
);";

/// What changed, run by run. `id` has integer affinity: a record's ID that is an integer is kept as
/// one, so it joins its table's integer key with no cast; any other ID stays text.
const CHANGES: &str = "
CREATE TABLE IF NOT EXISTS _changes (
    run INTEGER NOT NULL,
    stream TEXT NOT NULL,
    clinic INTEGER NOT NULL,
    id INTEGER NOT NULL,
    change TEXT NOT NULL,
    field TEXT,
    old TEXT,
    new TEXT
);
CREATE INDEX IF NOT EXISTS _changes_run ON _changes (run);";

/// The tables of the mirror's own bookkeeping.
const SCHEMA: &str = "
CREATE TABLE IF NOT EXISTS _bookmarks (
    stream TEXT NOT NULL,
    clinic INTEGER NOT NULL,
    point TEXT,
    walked_at TEXT,
    full_at TEXT,
    ignores_filter INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (stream, clinic)
);
CREATE TABLE IF NOT EXISTS _tables (
    tbl TEXT PRIMARY KEY,
    key TEXT NOT NULL,
    child INTEGER NOT NULL
);
CREATE TABLE IF NOT EXISTS _mirror (id TEXT NOT NULL);
INSERT INTO _mirror (id) SELECT lower(hex(randomblob(16))) WHERE NOT EXISTS (SELECT 1 FROM _mirror);
CREATE TABLE IF NOT EXISTS _columns (
    tbl TEXT NOT NULL,
    name TEXT NOT NULL,
    kind TEXT NOT NULL,
    money INTEGER NOT NULL,
    position INTEGER NOT NULL,
    PRIMARY KEY (tbl, name)
);
CREATE TABLE IF NOT EXISTS _fields (
    tbl TEXT NOT NULL,
    field TEXT NOT NULL,
    col TEXT NOT NULL,
    PRIMARY KEY (tbl, field)
);
INSERT INTO _fields (tbl, field, col)
    SELECT c.tbl, c.name, c.name FROM _columns c
    WHERE NOT EXISTS (SELECT 1 FROM _fields f WHERE f.tbl = c.tbl) AND c.name <> '_overflow';
";

/// Brings a mirror made by an earlier version to today's types, in one transaction: its runs' times
/// declared with their zone, `_changes.id` an integer where the ID is one, and money a number (see
/// [`super::table::upgrade`]). A mirror already upgraded is left alone, but for the view of each
/// record's status over time, made again each time so that it is this version's.
fn upgrade(conn: &mut Connection) -> rusqlite::Result<()> {
    let declared = |conn: &Connection, table: &str, column: &str| -> rusqlite::Result<String> {
        conn.query_row(
            "SELECT type FROM pragma_table_info(?1) WHERE name = ?2",
            [table, column],
            |r| r.get(0),
        )
    };
    let tx = conn.transaction()?;
    // A view follows a renamed table: it goes first, and is made again over the table as it is.
    tx.execute_batch("DROP VIEW IF EXISTS _status_history")?;
    for (table, column, schema) in [("_runs", "started_at", RUNS), ("_changes", "id", CHANGES)] {
        if declared(&tx, table, column)? == "TEXT" {
            tx.execute_batch(&format!(
                "ALTER TABLE {table} RENAME TO _upgrading;{schema}\
                 INSERT INTO {table} SELECT * FROM _upgrading; DROP TABLE _upgrading;{schema}"
            ))?;
        }
    }
    super::table::upgrade(&tx)?;
    tx.execute_batch(STATUS_HISTORY)?;
    tx.commit()
}

/// Why a mirror could not be opened or written.
#[derive(Debug, thiserror::Error)]
pub enum MirrorError {
    #[error("{0}")]
    Sql(#[from] rusqlite::Error),
    #[error("{0}")]
    Io(#[from] std::io::Error),
    /// Another sync holds the mirror and the caller would not wait.
    #[error("busy")]
    Busy,
    /// A record that is not an object: it has no fields to store (an excerpt of it).
    #[error("{0}")]
    Record(String),
    /// A record without an ID field: it cannot be keyed (an excerpt of it).
    #[error("{0}")]
    NoId(String),
    /// PostgreSQL could not be reached or failed (its words).
    #[error("{0}")]
    Postgres(String),
    /// PostgreSQL turned the login away: no password was given where it asks for one, or the one
    /// given is wrong (its words).
    #[error("{0}")]
    Login(String),
    /// PostgreSQL refused a statement (its message): a query's error is the user's to fix.
    #[error("{0}")]
    Refused(String),
    /// `clinic sql` refused a query, or stopped it (see [`Refusal`]).
    #[error("{0:?}")]
    Guarded(Refusal),
    /// The PostgreSQL database is fed by another working copy (its ID).
    #[error("{0}")]
    OtherSource(String),
    /// A field the mirror could not make a column for: its table, the field's name and the
    /// database's words.
    #[error("{table}.{field}: {reason}")]
    Field {
        table: String,
        field: String,
        reason: String,
    },
    /// The file is a database of something else: it has tables, none of them the mirror's `_runs`.
    #[error("not a mirror")]
    NotAMirror,
}

pub type MirrorResult<T> = std::result::Result<T, MirrorError>;

impl From<super::table::Unfit> for MirrorError {
    fn from(u: super::table::Unfit) -> MirrorError {
        MirrorError::Field {
            table: u.table,
            field: crate::text::sanitize::excerpt(&u.field, 80),
            reason: u.error.to_string(),
        }
    }
}

/// The mirror, open for one sync.
pub struct Mirror {
    pub(super) conn: Connection,
    pub path: PathBuf,
    _lock: Held,
}

/// The file `path` names, through any symlinks; one not made yet, in its folder's real place.
fn canonical(path: &Path) -> std::io::Result<PathBuf> {
    match std::fs::canonicalize(path) {
        Ok(real) => Ok(real),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
            let dir = path.parent().filter(|d| !d.as_os_str().is_empty());
            match (dir, path.file_name()) {
                (Some(dir), Some(name)) => Ok(std::fs::canonicalize(dir)?.join(name)),
                _ => Ok(path.to_path_buf()),
            }
        }
        Err(e) => Err(e),
    }
}

/// Where a stream of one clinic goes on from.
#[derive(Debug, Clone, Default)]
pub struct Bookmark {
    /// The newest modification time the last complete walk saw.
    pub point: Option<String>,
    /// When the last complete full walk ended.
    pub full_at: Option<String>,
    /// The deployment was seen ignoring the modified-since filter for this stream.
    pub ignores_filter: bool,
}

/// What one run did, counted.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Counts {
    pub new: u64,
    pub changed: u64,
    pub vanished: u64,
    pub resurrected: u64,
    pub unchanged: u64,
    /// Records that moved to the clinic walked from another (each also counted as changed).
    pub moved: u64,
    /// Tombstones this run gave that a move took back: the record was not gone, it had moved to a
    /// clinic walked later in the run.
    pub recalled: u64,
}

impl Counts {
    pub fn add(&mut self, other: Counts) {
        self.new += other.new;
        self.changed += other.changed;
        self.vanished += other.vanished;
        self.resurrected += other.resurrected;
        self.unchanged += other.unchanged;
        self.moved += other.moved;
        self.recalled += other.recalled;
    }

    /// The counts of a whole stream or run, whose walks are all added: a tombstone a move took back
    /// is no vanished record.
    pub fn settled(mut self) -> Counts {
        self.vanished = self.vanished.saturating_sub(self.recalled);
        self.recalled = 0;
        self
    }
}

/// One run of `clinic sync`: its number and the time every row it touches is stamped with.
#[derive(Debug, Clone)]
pub struct Run {
    pub number: i64,
    pub at: String,
    /// The mirror's first run: it walks everything.
    pub first: bool,
}

impl Mirror {
    /// The connection, for what reads the whole mirror under its lock (a publication).
    pub fn connection(&self) -> &Connection {
        &self.conn
    }

    /// Opens (creating) the mirror at `path` for writing. Only one sync writes a mirror at a time:
    /// the second waits for the first, or with `wait` false gets [`MirrorError::Busy`].
    pub fn open(path: &Path, wait: bool) -> MirrorResult<Mirror> {
        if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
            crate::private_fs::create_dir(dir)?;
        }
        // One lock per file, whatever name it is reached by: a symlink to a mirror another sync
        // holds must wait for it too.
        let real = canonical(path)?;
        let lock = file_lock::hold(&file_lock::lock_path(&real), wait)?.ok_or(MirrorError::Busy)?;
        let mut conn = Connection::open(&real)?;
        // Another program's database is left as it was: not switched to WAL, no table added.
        let foreign: bool = conn.query_row(
            "SELECT EXISTS (SELECT 1 FROM sqlite_master) \
             AND NOT EXISTS (SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = '_runs')",
            [],
            |r| r.get(0),
        )?;
        if foreign {
            return Err(MirrorError::NotAMirror);
        }
        // Readers are never blocked by a sync, and a sync killed at any moment leaves the last
        // committed transaction whole.
        conn.pragma_update(None, "journal_mode", "WAL")?;
        conn.pragma_update(None, "synchronous", "NORMAL")?;
        conn.busy_timeout(std::time::Duration::from_secs(30))?;
        conn.execute_batch(RUNS)?;
        conn.execute_batch(CHANGES)?;
        conn.execute_batch(SCHEMA)?;
        // A mirror made before its child tables named their list: the list is read from the name.
        let has_list: bool = conn.query_row(
            "SELECT EXISTS (SELECT 1 FROM pragma_table_info('_tables') WHERE name = 'list')",
            [],
            |r| r.get(0),
        )?;
        if !has_list {
            conn.execute_batch("ALTER TABLE _tables ADD COLUMN list TEXT")?;
        }
        // What the records' IDs were learned to name (see [`Mirror::learn_ids`]); a mirror made
        // before it knew nothing of them.
        let has_ids: bool = conn.query_row(
            "SELECT EXISTS (SELECT 1 FROM pragma_table_info('_tables') WHERE name = 'ids')",
            [],
            |r| r.get(0),
        )?;
        if !has_ids {
            conn.execute_batch("ALTER TABLE _tables ADD COLUMN ids TEXT")?;
        }
        upgrade(&mut conn)?;
        Ok(Mirror {
            conn,
            path: path.to_path_buf(),
            _lock: lock,
        })
    }

    /// Opens the mirror for reading only: a query can change nothing.
    pub fn read_only(path: &Path) -> MirrorResult<Connection> {
        if !path.is_file() {
            return Err(MirrorError::Io(std::io::Error::new(
                std::io::ErrorKind::NotFound,
                path.display().to_string(),
            )));
        }
        let conn = Connection::open_with_flags(
            path,
            OpenFlags::SQLITE_OPEN_READ_ONLY | OpenFlags::SQLITE_OPEN_NO_MUTEX,
        )?;
        conn.busy_timeout(std::time::Duration::from_secs(30))?;
        Ok(conn)
    }

    /// Starts a run: earlier runs still marked as running were killed (this one holds the lock).
    pub fn start_run(&mut self, at: &str, full: bool, streams: &str) -> MirrorResult<Run> {
        let tx = self.conn.transaction()?;
        tx.execute(
            "UPDATE _runs SET status = 'interrupted' WHERE status = 'running'",
            [],
        )?;
        tx.execute(
            "INSERT INTO _runs (started_at, mode, status, streams) VALUES (?1, ?2, 'running', ?3)",
            params![at, if full { "full" } else { "incremental" }, streams],
        )?;
        let number = tx.last_insert_rowid();
        // The mirror's first run: no run before it kept a bookmark.
        let first: bool =
            tx.query_row("SELECT NOT EXISTS (SELECT 1 FROM _bookmarks)", [], |r| {
                r.get(0)
            })?;
        tx.commit()?;
        Ok(Run {
            number,
            at: at.to_string(),
            first,
        })
    }

    /// Ends a run with its counts and `mode`, what it walked: `complete`, or `failed` when a stream
    /// could not be walked.
    pub fn end_run(
        &mut self,
        run: &Run,
        at: &str,
        ok: bool,
        counts: Counts,
        mode: &str,
    ) -> MirrorResult<()> {
        self.conn.execute(
            "UPDATE _runs SET ended_at = ?2, status = ?3, new = ?4, changed = ?5, vanished = ?6, \
             resurrected = ?7, mode = ?8 WHERE run = ?1",
            params![
                run.number,
                at,
                if ok { "complete" } else { "failed" },
                counts.new as i64,
                counts.changed as i64,
                counts.vanished as i64,
                counts.resurrected as i64,
                mode
            ],
        )?;
        Ok(())
    }

    pub fn bookmark(&self, stream: &str, clinic: i64) -> MirrorResult<Bookmark> {
        Ok(self
            .conn
            .query_row(
                "SELECT point, full_at, ignores_filter FROM _bookmarks WHERE stream = ?1 AND clinic = ?2",
                params![stream, clinic],
                |r| {
                    Ok(Bookmark {
                        point: r.get(0)?,
                        full_at: r.get(1)?,
                        ignores_filter: r.get(2)?,
                    })
                },
            )
            .optional()?
            .unwrap_or_default())
    }

    /// Learns from what run `run` saw of table `table` whether a record's ID names it across the
    /// service or only within its clinic. The API does not say, so the data decides, and once:
    /// - the same ID listed by two clinics in one run is two records: IDs are per clinic
    ///   (`per-clinic`), and a record never moves;
    /// - a run that walked every clinic of the table whole (`whole`), finding live records in two
    ///   clinics or more and no ID in two of them, shows IDs unique across the service (`service`):
    ///   numbered per clinic, every clinic would begin at the same numbers. From then on an ID that
    ///   leaves one clinic and comes in another is one record that changed clinic.
    ///
    /// Until then (and for good where only one clinic is seen) nothing moves: a record that leaves
    /// a clinic vanishes there, and one that comes is new. What it learned.
    pub fn learn_ids(&self, table: &str, run: &Run, whole: bool) -> MirrorResult<Option<String>> {
        let Some((key, known)) = self
            .conn
            .query_row(
                "SELECT key, ids FROM _tables WHERE tbl = ?1 AND child = 0",
                [table],
                |r| Ok((r.get::<_, String>(0)?, r.get::<_, Option<String>>(1)?)),
            )
            .optional()?
        else {
            return Ok(None);
        };
        if known.is_some() {
            return Ok(known);
        }
        let t = super::cells::quoted(table);
        let k = super::cells::quoted(&key);
        let shared: bool = self.conn.query_row(
            &format!(
                "SELECT EXISTS (SELECT 1 FROM {t} WHERE \"_seen_run\" = ?1 \
                 GROUP BY {k} HAVING COUNT(*) > 1)"
            ),
            [run.number],
            |r| r.get(0),
        )?;
        let learned = if shared {
            PER_CLINIC
        } else {
            let clinics: i64 = self.conn.query_row(
                &format!(
                    "SELECT COUNT(DISTINCT \"_clinic\") FROM {t} WHERE \"_deleted_at\" IS NULL"
                ),
                [],
                |r| r.get(0),
            )?;
            if !whole || clinics < 2 {
                return Ok(None);
            }
            UNIQUE_IDS
        };
        set_ids(&self.conn, table, &key, learned)?;
        Ok(Some(learned.to_string()))
    }

    /// Remembers that the deployment ignores the modified-since filter for `stream`: later runs walk
    /// it whole.
    pub fn note_ignored_filter(&self, stream: &str, clinic: i64) -> MirrorResult<()> {
        self.conn.execute(
            "INSERT INTO _bookmarks (stream, clinic, ignores_filter) VALUES (?1, ?2, 1) \
             ON CONFLICT (stream, clinic) DO UPDATE SET ignores_filter = 1",
            params![stream, clinic],
        )?;
        Ok(())
    }
}
