//! What a query of the mirror may do, decided by SQLite itself rather than by reading the query's
//! text: its authorizer is asked about every action a statement compiles to (each table and column
//! it reads, each function it calls, each pragma, attach or write), and the prepared statement says
//! whether it only reads (`sqlite3_stmt_readonly`). A connection opened read-only still lets
//! `VACUUM INTO` write a new file anywhere, so "opened read-only" alone is no guarantee.
//!
//! It also bounds a query: a time limit checked by SQLite's progress handler, and SQLite's length
//! limit, so a huge value fails with a message instead of exhausting memory.

use std::collections::{HashMap, HashSet};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use rusqlite::Connection;
use rusqlite::hooks::{AuthAction, AuthContext, Authorization};
use rusqlite::limits::Limit;

/// How long one query may run unless told otherwise.
pub const DEFAULT_TIMEOUT: Duration = Duration::from_secs(60);

/// The longest string or blob a query may make or read (SQLite's `SQLITE_LIMIT_LENGTH`).
pub const MAX_LENGTH: i32 = 64 * 1024 * 1024;

/// Virtual machine steps between two looks at the clock: a few milliseconds of work.
const STEPS_PER_CHECK: i32 = 10_000;

/// Functions that reach files, the process or SQLite's own internals. Most are not even built in
/// (`readfile`, `writefile` and `edit` belong to SQLite's shell), but a build that gains one must
/// not gain it for `clinic sql`.
const REFUSED_FUNCTIONS: &[&str] = &[
    "load_extension",
    "readfile",
    "writefile",
    "edit",
    "fts3_tokenizer",
    "lsdir",
    "fsdir",
    "zipfile",
    "sqlar_compress",
    "sqlar_uncompress",
    "sqlite_dbpage",
    "sqlite_dbdata",
    "sqlite_dbptr",
];

/// Pragmas that describe the schema, whatever argument they take (a table's name).
const DESCRIBING_PRAGMAS: &[&str] = &[
    "table_info",
    "table_xinfo",
    "table_list",
    "index_list",
    "index_info",
    "index_xinfo",
    "foreign_key_list",
    "collation_list",
    "function_list",
    "module_list",
    "pragma_list",
    "database_list",
    "compile_options",
];

/// Pragmas that only read when given no value (`PRAGMA user_version`; `= 5` would write it).
const READ_PRAGMAS: &[&str] = &[
    "user_version",
    "application_id",
    "schema_version",
    "data_version",
    "page_count",
    "page_size",
    "freelist_count",
    "encoding",
    "journal_mode",
    "foreign_keys",
];

/// Whether whoever asked for a query has given up on it (an MCP client's cancel): asked between
/// steps of SQLite's work, so a query stops as soon as nobody waits for it.
pub type GivenUp = Arc<dyn Fn() -> bool + Send + Sync>;

tokio::task_local! {
    static GIVEN_UP: GivenUp;
}

/// Runs `work` so that every query of a mirror made inside it stops once `given_up` says so.
pub async fn stoppable<F: std::future::Future>(given_up: Option<GivenUp>, work: F) -> F::Output {
    match given_up {
        Some(given_up) => GIVEN_UP.scope(given_up, work).await,
        None => work.await,
    }
}

/// The [`GivenUp`] of the work running here, to carry into a thread of its own.
pub fn given_up() -> Option<GivenUp> {
    GIVEN_UP.try_with(Arc::clone).ok()
}

/// What a query may do.
#[derive(Debug, Clone, Copy)]
pub struct Rules {
    /// Personal data is masked where the rows go (`clinic mcp` without `--share-personal`): a query
    /// may not read a personal column at all, since what it makes of one (an alias, `hex()`,
    /// `strftime()`) no longer carries the column's name that masking goes by.
    pub masked: bool,
    /// How long the query may run.
    pub timeout: Duration,
}

impl Default for Rules {
    fn default() -> Rules {
        Rules {
            masked: false,
            timeout: DEFAULT_TIMEOUT,
        }
    }
}

/// Why a query was refused or stopped. It names what was asked for, never a value.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Refusal {
    /// `ATTACH` or `DETACH`: another database file.
    Attach,
    /// A change to the database or its schema (the action, and the table when there is one).
    Write(String),
    /// `BEGIN`, `COMMIT`, `SAVEPOINT`…
    Transaction,
    /// A pragma that is not one of those that only describe.
    Pragma(String),
    /// A function that reaches files, the process or SQLite's internals.
    Function(String),
    /// A personal column read while personal data is masked.
    Personal { table: String, column: String },
    /// SQLite says the statement is not read-only (`VACUUM`, `VACUUM INTO`…).
    NotReadOnly,
    /// The query ran past its time limit.
    TimedOut(Duration),
    /// Whoever asked for the query gave up on it while it ran.
    GivenUp,
    /// A value passed [`MAX_LENGTH`].
    TooBig,
    /// PostgreSQL: not exactly one statement (how many there were).
    Statements(usize),
    /// PostgreSQL: a statement that is not a query returning rows (its first word: `COPY`,
    /// `DELETE`), or a query that locks or creates (`SELECT FOR UPDATE`, `SELECT INTO`).
    NotAQuery(String),
    /// PostgreSQL: the parser could not read the query (its words).
    Unreadable(String),
    /// PostgreSQL: a function that is not on the list of those that only compute (its name).
    UnknownFunction(String),
    /// PostgreSQL: a query that returns no columns.
    NoColumns,
    /// PostgreSQL: the role logged in can reach the server's files or programs (the role, and
    /// what it is: `superuser`, `pg_write_server_files`, `pg_execute_server_program`).
    Role { role: String, power: String },
}

/// The guard set on a connection for one query: the authorizer and the progress handler stay until
/// it is dropped.
pub struct Guard<'c> {
    conn: &'c Connection,
    refused: Arc<Mutex<Option<Refusal>>>,
    timed_out: Arc<AtomicBool>,
    abandoned: Arc<AtomicBool>,
    timeout: Duration,
    clock: Arc<Mutex<Clock>>,
}

/// The time SQLite has spent on the query: what earlier steps took, and since when the current one
/// runs.
#[derive(Default)]
struct Clock {
    spent: Duration,
    since: Option<Instant>,
}

impl Clock {
    fn spent(&self) -> Duration {
        self.spent + self.since.map_or(Duration::ZERO, |s| s.elapsed())
    }
}

impl<'c> Guard<'c> {
    /// Sets `rules` on `conn`, before the query is prepared (the authorizer is asked while SQLite
    /// compiles it).
    pub fn set(conn: &'c Connection, rules: Rules) -> rusqlite::Result<Guard<'c>> {
        use rusqlite::config::DbConfig;
        // Defensive mode forbids what could corrupt the file even through a read-only connection
        // (`writable_schema`, direct page writes); an untrusted schema runs no risky function from a
        // view or trigger that someone else put in the file.
        conn.set_db_config(DbConfig::SQLITE_DBCONFIG_DEFENSIVE, true)?;
        conn.set_db_config(DbConfig::SQLITE_DBCONFIG_TRUSTED_SCHEMA, false)?;
        conn.set_limit(Limit::SQLITE_LIMIT_LENGTH, MAX_LENGTH)?;
        conn.set_limit(Limit::SQLITE_LIMIT_ATTACHED, 0)?;
        let refused = Arc::new(Mutex::new(None));
        let seen = refused.clone();
        let names = if rules.masked {
            Names::read(conn)
        } else {
            Names::default()
        };
        conn.authorizer(Some(move |context: AuthContext<'_>| {
            match verdict(&context.action, rules.masked, &names) {
                None => Authorization::Allow,
                Some(refusal) => {
                    if let Ok(mut first) = seen.lock() {
                        first.get_or_insert(refusal);
                    }
                    Authorization::Deny
                }
            }
        }))?;
        let timed_out = Arc::new(AtomicBool::new(false));
        let late = timed_out.clone();
        let abandoned = Arc::new(AtomicBool::new(false));
        let left = abandoned.clone();
        let asker = given_up();
        let clock = Arc::new(Mutex::new(Clock::default()));
        let running = clock.clone();
        let limit = rules.timeout;
        conn.progress_handler(
            STEPS_PER_CHECK,
            Some(move || {
                // Returning true interrupts the statement (SQLITE_INTERRUPT).
                if asker.as_ref().is_some_and(|gave_up| gave_up()) {
                    left.store(true, Ordering::Relaxed);
                    return true;
                }
                let over = running.lock().is_ok_and(|c| c.spent() >= limit);
                if over {
                    late.store(true, Ordering::Relaxed);
                }
                over
            }),
        )?;
        Ok(Guard {
            conn,
            refused,
            timed_out,
            abandoned,
            timeout: rules.timeout,
            clock,
        })
    }

    /// Starts the query's clock, before a step of SQLite's (a prepare, a row). The time limit
    /// counts SQLite's own work, not the time the rows take to be written ([`Guard::pause`]), so a
    /// large result into a slow pipe is never cut.
    pub fn resume(&self) {
        if let Ok(mut clock) = self.clock.lock() {
            clock.since = Some(Instant::now());
        }
    }

    /// Stops the query's clock, once SQLite has handed back a row.
    pub fn pause(&self) {
        if let Ok(mut clock) = self.clock.lock() {
            clock.spent = clock.spent();
            clock.since = None;
        }
    }

    /// The refusal of a prepared statement that SQLite says writes.
    pub fn check(&self, statement: &rusqlite::Statement<'_>) -> Option<Refusal> {
        (!statement.readonly()).then_some(Refusal::NotReadOnly)
    }

    /// What made SQLite fail, when it was this guard: the authorizer's refusal, the time limit or
    /// the length limit.
    pub fn refusal(&self, error: &rusqlite::Error) -> Option<Refusal> {
        if let Some(refusal) = self.refused.lock().ok().and_then(|r| r.clone()) {
            return Some(refusal);
        }
        let code = error.sqlite_error_code();
        if code == Some(rusqlite::ErrorCode::OperationInterrupted) {
            if self.abandoned.load(Ordering::Relaxed) {
                return Some(Refusal::GivenUp);
            }
            if self.timed_out.load(Ordering::Relaxed) {
                return Some(Refusal::TimedOut(self.timeout));
            }
        }
        (code == Some(rusqlite::ErrorCode::TooBig)).then_some(Refusal::TooBig)
    }
}

impl Drop for Guard<'_> {
    fn drop(&mut self) {
        type NoAuthorizer = fn(AuthContext<'_>) -> Authorization;
        let _ = self.conn.authorizer(None::<NoAuthorizer>);
        let _ = self.conn.progress_handler(0, None::<fn() -> bool>);
    }
}

/// The refusal of one action, or `None` when it only reads.
fn verdict(action: &AuthAction<'_>, masked: bool, names: &Names) -> Option<Refusal> {
    let write = |what: &str, table: &str| Some(Refusal::Write(format!("{what} {table}")));
    match *action {
        AuthAction::Select | AuthAction::Recursive => None,
        AuthAction::Read {
            table_name,
            column_name,
        } => (masked && names.is_personal(table_name, column_name)).then(|| Refusal::Personal {
            table: table_name.to_string(),
            column: column_name.to_string(),
        }),
        AuthAction::Function { function_name } => {
            let name = function_name.to_lowercase();
            REFUSED_FUNCTIONS
                .contains(&name.as_str())
                .then_some(Refusal::Function(name))
        }
        AuthAction::Pragma {
            pragma_name,
            pragma_value,
        } => {
            let name = pragma_name.to_lowercase();
            let reads = DESCRIBING_PRAGMAS.contains(&name.as_str())
                || (pragma_value.is_none() && READ_PRAGMAS.contains(&name.as_str()));
            (!reads).then_some(Refusal::Pragma(name))
        }
        AuthAction::Attach { .. } | AuthAction::Detach { .. } => Some(Refusal::Attach),
        AuthAction::Transaction { .. } | AuthAction::Savepoint { .. } => Some(Refusal::Transaction),
        AuthAction::Insert { table_name } => write("INSERT", table_name),
        AuthAction::Update { table_name, .. } => write("UPDATE", table_name),
        AuthAction::Delete { table_name } => write("DELETE", table_name),
        AuthAction::CreateTable { table_name } | AuthAction::CreateTempTable { table_name } => {
            write("CREATE TABLE", table_name)
        }
        AuthAction::DropTable { table_name } | AuthAction::DropTempTable { table_name } => {
            write("DROP TABLE", table_name)
        }
        AuthAction::AlterTable { table_name, .. } => write("ALTER TABLE", table_name),
        AuthAction::CreateIndex { table_name, .. }
        | AuthAction::CreateTempIndex { table_name, .. } => write("CREATE INDEX", table_name),
        AuthAction::DropIndex { table_name, .. } | AuthAction::DropTempIndex { table_name, .. } => {
            write("DROP INDEX", table_name)
        }
        AuthAction::CreateTrigger { table_name, .. }
        | AuthAction::CreateTempTrigger { table_name, .. } => write("CREATE TRIGGER", table_name),
        AuthAction::DropTrigger { table_name, .. }
        | AuthAction::DropTempTrigger { table_name, .. } => write("DROP TRIGGER", table_name),
        AuthAction::CreateView { view_name } | AuthAction::CreateTempView { view_name } => {
            write("CREATE VIEW", view_name)
        }
        AuthAction::DropView { view_name } | AuthAction::DropTempView { view_name } => {
            write("DROP VIEW", view_name)
        }
        AuthAction::CreateVtable { table_name, .. } => write("CREATE VIRTUAL TABLE", table_name),
        AuthAction::DropVtable { table_name, .. } => write("DROP TABLE", table_name),
        AuthAction::Reindex { index_name } => write("REINDEX", index_name),
        AuthAction::Analyze { table_name } => write("ANALYZE", table_name),
        // Whatever SQLite may add later is refused until someone says it only reads.
        _ => Some(Refusal::NotReadOnly),
    }
}

/// The fields of the service by the names the mirror gave them where those differ (`_fields`), and
/// the list each child table holds (`_tables`): masking goes by the service's names, which a column
/// cut short or given a hash no longer carries.
#[derive(Default)]
pub(super) struct Names {
    fields: HashMap<(String, String), String>,
    lists: HashMap<String, String>,
    /// Tables whose `_overflow` holds a personal field: the whole JSON object is read at once.
    overflow: HashSet<String>,
}

impl Names {
    /// What the mirror says; nothing from a file that keeps no such table (another program's, or a
    /// mirror made before them), whose names are the service's own.
    fn read(conn: &Connection) -> Names {
        let mut names = Names::default();
        let fields: Vec<(String, String, String)> = conn
            .prepare("SELECT tbl, col, field FROM _fields WHERE col <> field")
            .and_then(|mut s| {
                s.query_map([], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)))?
                    .collect::<rusqlite::Result<_>>()
            })
            .unwrap_or_default();
        for (table, column, field) in fields {
            names.field(table, column, field);
        }
        let lists: Vec<(String, String)> = conn
            .prepare("SELECT tbl, list FROM _tables WHERE list IS NOT NULL")
            .and_then(|mut s| {
                s.query_map([], |r| Ok((r.get(0)?, r.get(1)?)))?
                    .collect::<rusqlite::Result<_>>()
            })
            .unwrap_or_default();
        for (table, list) in lists {
            names.list(table, list);
        }
        names
    }

    /// `column` of `table` holds the service's `field` (a row of `_fields`).
    pub(super) fn field(&mut self, table: String, column: String, field: String) {
        if column == super::names::OVERFLOW {
            if personal_field(&field) {
                self.overflow.insert(table);
            }
        } else {
            self.fields.insert((table, column), field);
        }
    }

    /// Child table `table` holds the elements of the service's list `list`.
    pub(super) fn list(&mut self, table: String, list: String) {
        self.lists.insert(table, list);
    }

    /// [`is_personal`], by the column's own name or by the service's name for it.
    pub(super) fn is_personal(&self, table: &str, column: &str) -> bool {
        if is_personal(table, column) {
            return true;
        }
        if column == super::names::OVERFLOW {
            return self.overflow.contains(table);
        }
        let field = self.fields.get(&(table.to_string(), column.to_string()));
        let list = self.lists.get(table).map(|l| format!("list__{l}"));
        (field.is_some() || list.is_some())
            && is_personal(
                list.as_deref().unwrap_or(table),
                field.map_or(column, String::as_str),
            )
    }
}

/// Whether a field of the service, by its name, holds personal data.
fn personal_field(field: &str) -> bool {
    let last = field.rsplit('.').next().unwrap_or(field);
    crate::redact::personal_field(field).is_some() || crate::redact::personal_field(last).is_some()
}

/// Whether `column` of `table` holds personal data, by the rule that masks a result's fields
/// ([`crate::redact::personal_field`]): its name, the last part of a dotted name
/// (`paciente.telefone`), or any column of its own in a child table named for a personal list
/// (`crm_contacts__PHONE`, `crm_contacts__EMAIL`; the mirror's `_clinic`, `_parent`… aside). The
/// change log's `old` and `new` hold the values of every field that changed, a phone or a birth
/// date among them, and no read of them can be told apart by the field it is for.
pub(super) fn is_personal(table: &str, column: &str) -> bool {
    use crate::redact::personal_field;
    if table == "_changes" && matches!(column, "old" | "new") {
        return true;
    }
    let last = column.rsplit('.').next().unwrap_or(column);
    if personal_field(column).is_some() || personal_field(last).is_some() {
        return true;
    }
    let list = table.rsplit_once("__").map(|(_, list)| list);
    !column.is_empty() && !column.starts_with('_') && list.and_then(personal_field).is_some()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn mirror() -> (tempfile::TempDir, Connection) {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("m.sqlite");
        let conn = Connection::open(&path).unwrap();
        conn.execute_batch(
            "CREATE TABLE contacts (id INTEGER, nome TEXT, email TEXT, telefone TEXT, \
             data_nascimento DATE, \"endereco.cidade\" TEXT, \"responsavel.celular\" TEXT);
             INSERT INTO contacts VALUES (1, 'Ana', 'ana@example.com', '16992640197', \
             '1990-04-01', 'Campinas', '16999990000');
             CREATE TABLE crm_contacts__PHONE (_clinic INTEGER, _parent INTEGER, VALUE TEXT);
             CREATE TABLE _changes (run INTEGER, stream TEXT, clinic INTEGER, id TEXT, \
             change TEXT, field TEXT, old TEXT, new TEXT);",
        )
        .unwrap();
        drop(conn);
        let conn =
            Connection::open_with_flags(&path, rusqlite::OpenFlags::SQLITE_OPEN_READ_ONLY).unwrap();
        (dir, conn)
    }

    /// The refusal of `sql`, or `None` when it prepares, reads only and runs to its end.
    fn try_query(conn: &Connection, sql: &str, rules: Rules) -> Option<Refusal> {
        let guard = Guard::set(conn, rules).unwrap();
        guard.resume();
        let mut statement = match conn.prepare(sql) {
            Ok(s) => s,
            Err(e) => return Some(guard.refusal(&e).unwrap_or_else(|| panic!("{sql}: {e}"))),
        };
        if let Some(refusal) = guard.check(&statement) {
            return Some(refusal);
        }
        let mut rows = statement.query([]).unwrap();
        loop {
            guard.resume();
            let next = rows.next();
            guard.pause();
            match next {
                Ok(Some(_)) => {}
                Ok(None) => return None,
                Err(e) => return Some(guard.refusal(&e).unwrap_or_else(|| panic!("{sql}: {e}"))),
            }
        }
    }

    #[test]
    fn what_writes_or_reaches_outside_is_refused_by_sqlite_itself() {
        let (dir, conn) = mirror();
        let copy = dir.path().join("copy.sqlite");
        let rules = Rules::default();
        let vacuum = format!("VACUUM INTO '{}'", copy.display());
        assert_eq!(try_query(&conn, &vacuum, rules), Some(Refusal::NotReadOnly));
        assert!(!copy.exists());
        let attach = format!("ATTACH '{}' AS x", copy.display());
        assert_eq!(try_query(&conn, &attach, rules), Some(Refusal::Attach));
        assert!(!copy.exists());
        assert_eq!(
            try_query(&conn, "INSERT INTO contacts (id) VALUES (2)", rules),
            Some(Refusal::Write("INSERT contacts".into()))
        );
        assert_eq!(
            try_query(&conn, "PRAGMA writable_schema=1", rules),
            Some(Refusal::Pragma("writable_schema".into()))
        );
        assert_eq!(
            try_query(&conn, "SELECT load_extension('x')", rules),
            Some(Refusal::Function("load_extension".into()))
        );
        assert_eq!(try_query(&conn, "BEGIN", rules), Some(Refusal::Transaction));
        // Describing the schema stays allowed, as `clinic sql --schema` does it.
        assert_eq!(try_query(&conn, crate::mirror::SCHEMA_SQL, rules), None);
        assert_eq!(try_query(&conn, "PRAGMA table_info(contacts)", rules), None);
        assert_eq!(try_query(&conn, "PRAGMA user_version", rules), None);
        assert_eq!(
            try_query(&conn, "PRAGMA user_version = 3", rules),
            Some(Refusal::Pragma("user_version".into()))
        );
    }

    #[test]
    fn a_query_is_stopped_at_its_time_limit_and_a_huge_value_fails() {
        let (_dir, conn) = mirror();
        let rules = Rules {
            timeout: Duration::from_millis(200),
            ..Rules::default()
        };
        let forever = "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n) \
                       SELECT i FROM n WHERE i < 0";
        let started = Instant::now();
        assert_eq!(
            try_query(&conn, forever, rules),
            Some(Refusal::TimedOut(Duration::from_millis(200)))
        );
        assert!(started.elapsed() < Duration::from_secs(5));
        assert_eq!(
            try_query(&conn, "SELECT length(zeroblob(700000000))", rules),
            Some(Refusal::TooBig)
        );
    }

    #[tokio::test]
    async fn a_query_stops_once_its_asker_gives_up() {
        let (_dir, conn) = mirror();
        let forever = "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n) \
                       SELECT i FROM n WHERE i < 0";
        let gave_up = Arc::new(AtomicBool::new(false));
        let seen = gave_up.clone();
        let asker: GivenUp = Arc::new(move || seen.load(Ordering::Relaxed));
        let giving_up = std::thread::spawn(move || {
            std::thread::sleep(Duration::from_millis(200));
            gave_up.store(true, Ordering::Relaxed);
        });
        let started = Instant::now();
        let refusal = stoppable(Some(asker), async {
            try_query(&conn, forever, Rules::default())
        })
        .await;
        giving_up.join().unwrap();
        assert_eq!(refusal, Some(Refusal::GivenUp));
        assert!(started.elapsed() < Duration::from_secs(10));
    }

    #[test]
    fn while_masked_a_query_may_not_read_a_personal_column_whatever_it_calls_it() {
        let (_dir, conn) = mirror();
        let masked = Rules {
            masked: true,
            ..Rules::default()
        };
        let personal = |column: &str| {
            Some(Refusal::Personal {
                table: "contacts".into(),
                column: column.into(),
            })
        };
        for (sql, column) in [
            (
                "SELECT strftime('%Y', data_nascimento) AS x FROM contacts",
                "data_nascimento",
            ),
            ("SELECT hex(email) FROM contacts", "email"),
            (
                "SELECT substr(CAST(telefone AS TEXT), 3) FROM contacts",
                "telefone",
            ),
            ("SELECT id FROM contacts WHERE email LIKE 'a%'", "email"),
            ("SELECT * FROM contacts", "email"),
            (
                "SELECT \"responsavel.celular\" FROM contacts",
                "responsavel.celular",
            ),
        ] {
            assert_eq!(try_query(&conn, sql, masked), personal(column), "{sql}");
            assert_eq!(try_query(&conn, sql, Rules::default()), None, "{sql}");
        }
        assert_eq!(
            try_query(&conn, "SELECT VALUE FROM crm_contacts__PHONE", masked),
            Some(Refusal::Personal {
                table: "crm_contacts__PHONE".into(),
                column: "VALUE".into()
            })
        );
        assert_eq!(
            try_query(&conn, "SELECT hex(new) FROM _changes", masked),
            Some(Refusal::Personal {
                table: "_changes".into(),
                column: "new".into()
            })
        );
        for sql in [
            "SELECT run, field, COUNT(*) FROM _changes GROUP BY 1, 2",
            "SELECT nome, \"endereco.cidade\" FROM contacts",
            "SELECT COUNT(*) AS n FROM contacts",
            "SELECT _parent FROM crm_contacts__PHONE",
        ] {
            assert_eq!(try_query(&conn, sql, masked), None, "{sql}");
        }
    }
}
