//! A PostgreSQL database kept equal to a mirror, for a warehouse that several offices' BI tools read
//! (`clinic sync --to postgres://…`). The sync itself runs into a working copy (a SQLite mirror of
//! its own), where its rules live once: typing, widening, tombstones, the change log and the
//! bookmarks. At the end of each run, whatever the working copy committed since the database's last
//! publication goes over in one PostgreSQL transaction, with the same tables, columns, keys and
//! upserts (`INSERT … ON CONFLICT … DO UPDATE`). A run killed at any moment leaves the database at
//! its last publication, and the next run sends what it lacks: nothing is lost or sent twice.
//!
//! One working copy feeds one database: the database keeps the copy's ID and refuses another's, since
//! two copies would number their runs alike.

use std::collections::HashMap;
use std::fmt::Write as _;

use rusqlite::Connection;
use rusqlite::types::ValueRef;
use serde_json::Value;
use tokio_postgres::Client;

use super::cells::quoted;
use super::guard::{Names, Refusal, Rules};
use super::names::STATUS_HISTORY;
use super::pg_guard;
use super::store::{MirrorError, MirrorResult};

/// Parents whose children one `DELETE` clears.
const KEYS_PER_DELETE: usize = 5_000;

/// Bytes of rows handed to `COPY` at a time.
const COPY_CHUNK: usize = 256 * 1024;

/// How long a request to stop a query may take before it is given up.
const CANCEL_WAIT: std::time::Duration = std::time::Duration::from_secs(3);

/// How often a running query asks whether whoever asked for it still waits.
const GIVEN_UP_EVERY: std::time::Duration = std::time::Duration::from_millis(100);

/// A database named by `--to postgres://…` (or the profile's `sync.target`).
#[derive(Clone, Debug)]
pub struct Target {
    config: tokio_postgres::Config,
    /// The URL as given (it never holds a password).
    pub url: String,
}

/// Why a `postgres://` URL was refused, before anything was sent.
#[derive(Debug, PartialEq, Eq)]
pub enum TargetError {
    /// The URL carries a password: it would sit in the shell's history and the process list.
    Password,
    /// Not a URL PostgreSQL reads (its reason).
    Invalid(String),
}

impl Target {
    /// Reads `url`, which never carries the password: `with_password` gives it once the database is
    /// known. The user is settled here (the URL's, else the OS user's, as libpq takes it), so the
    /// key a stored password is filed under names the very role that will log in.
    pub fn parse(url: &str) -> Result<Target, TargetError> {
        let mut config: tokio_postgres::Config = url
            .trim()
            .parse()
            .map_err(|e: tokio_postgres::Error| TargetError::Invalid(e.to_string()))?;
        if config.get_password().is_some() {
            return Err(TargetError::Password);
        }
        if config.get_dbname().is_none() {
            return Err(TargetError::Invalid("no database name".into()));
        }
        if config.get_hosts().is_empty() && config.get_hostaddrs().is_empty() {
            return Err(TargetError::Invalid("no host".into()));
        }
        if config.get_user().is_none() {
            let user = whoami::username().map_err(|_| {
                TargetError::Invalid("no user name, and the system's could not be read".into())
            })?;
            config.user(user);
        }
        config.application_name("clinic sync");
        Ok(Target {
            config,
            url: url.trim().to_string(),
        })
    }

    /// The password to log in with (from `PGPASSWORD` or the store kept for `key()`).
    pub fn with_password(mut self, password: &str) -> Target {
        self.config.password(password);
        self
    }

    /// The database as one name, `user@host:port/dbname` (every host the URL lists, with the address
    /// it pins), so a password kept for one database is never offered to another.
    pub fn key(&self) -> String {
        let hosts = self.config.get_hosts();
        let addrs = self.config.get_hostaddrs();
        let ports = self.config.get_ports();
        let count = hosts.len().max(addrs.len());
        let places: Vec<String> = (0..count)
            .map(|i| {
                let host = match hosts.get(i) {
                    Some(tokio_postgres::config::Host::Tcp(h)) => h.to_ascii_lowercase(),
                    #[cfg(unix)]
                    Some(tokio_postgres::config::Host::Unix(p)) => p.display().to_string(),
                    None => String::new(),
                };
                let host = match addrs.get(i) {
                    Some(addr) if host.is_empty() => addr.to_string(),
                    Some(addr) => format!("{host}({addr})"),
                    None => host,
                };
                // One port serves every host; otherwise each host has its own.
                let port = ports.get(i).or(ports.first()).copied().unwrap_or(5432);
                format!("{host}:{port}")
            })
            .collect();
        format!(
            "{}@{}/{}",
            self.config.get_user().unwrap_or_default(),
            places.join(","),
            self.config.get_dbname().unwrap_or_default()
        )
    }

    /// A name for the working copy of this database: host, port and database, in file-name
    /// characters.
    pub fn working_copy_name(&self) -> String {
        let host = match self.config.get_hosts().first() {
            Some(tokio_postgres::config::Host::Tcp(h)) => h.clone(),
            #[cfg(unix)]
            Some(tokio_postgres::config::Host::Unix(p)) => p.display().to_string(),
            None => "localhost".into(),
        };
        let port = self.config.get_ports().first().copied().unwrap_or(5432);
        let db = self.config.get_dbname().unwrap_or("postgres");
        crate::text::file_name::part(&format!("{host}-{port}-{db}"))
    }

    /// Connects, with TLS as the URL's `sslmode` asks (`prefer` unless said: TLS where the server
    /// offers it), certificates checked against the system's roots.
    pub async fn connect(&self) -> MirrorResult<Client> {
        let failed = |e: tokio_postgres::Error| {
            if refused_login(&e) {
                MirrorError::Login(postgres_reason(&e))
            } else {
                MirrorError::Postgres(postgres_reason(&e))
            }
        };
        let client = match self.tls()? {
            None => {
                let (client, connection) = self
                    .config
                    .connect(tokio_postgres::NoTls)
                    .await
                    .map_err(failed)?;
                tokio::spawn(connection);
                client
            }
            Some(tls) => {
                let (client, connection) = self.config.connect(tls).await.map_err(failed)?;
                tokio::spawn(connection);
                client
            }
        };
        Ok(client)
    }

    /// The TLS connector the URL asks for, `None` for `sslmode=disable`.
    fn tls(&self) -> MirrorResult<Option<tokio_postgres_rustls::MakeRustlsConnect>> {
        if self.config.get_ssl_mode() == tokio_postgres::config::SslMode::Disable {
            return Ok(None);
        }
        use rustls_platform_verifier::ConfigVerifierExt;
        let tls = rustls::ClientConfig::with_platform_verifier()
            .map_err(|e| MirrorError::Postgres(e.to_string()))?;
        Ok(Some(tokio_postgres_rustls::MakeRustlsConnect::new(tls)))
    }

    /// Asks the server to stop what the connection of `token` runs, over a connection of its own
    /// made as the first was (the same TLS), and bounded in time: a server that does not answer is
    /// not waited for.
    async fn cancel(&self, token: &tokio_postgres::CancelToken) {
        let sent = async {
            match self.tls() {
                Ok(None) => {
                    let _ = token.cancel_query(tokio_postgres::NoTls).await;
                }
                Ok(Some(tls)) => {
                    let _ = token.cancel_query(tls).await;
                }
                Err(_) => {}
            }
        };
        let _ = tokio::time::timeout(CANCEL_WAIT, sent).await;
    }
}

/// Whether a connection failed at the login: the server asked for a password and none was given
/// (the client's own words), or it refused the role or its password.
fn refused_login(e: &tokio_postgres::Error) -> bool {
    use tokio_postgres::error::SqlState;
    match e.as_db_error() {
        Some(db) => [
            SqlState::INVALID_PASSWORD,
            SqlState::INVALID_AUTHORIZATION_SPECIFICATION,
        ]
        .contains(db.code()),
        None => postgres_reason(e).contains("password missing"),
    }
}

/// What PostgreSQL said, with its detail when it gave one (the server's message, never the URL).
fn postgres_reason(e: &tokio_postgres::Error) -> String {
    match e.as_db_error() {
        Some(db) => db.message().to_string(),
        None => {
            let mut text = e.to_string();
            let mut source = std::error::Error::source(e);
            while let Some(s) = source {
                let _ = write!(text, ": {s}");
                source = s.source();
            }
            text
        }
    }
}

impl From<tokio_postgres::Error> for MirrorError {
    fn from(e: tokio_postgres::Error) -> MirrorError {
        match e.as_db_error() {
            Some(db) => MirrorError::Refused(db.message().to_string()),
            None => MirrorError::Postgres(postgres_reason(&e)),
        }
    }
}

/// One column of a working copy's table, as PostgreSQL will type it.
struct Column {
    name: String,
    /// The PostgreSQL type of the column.
    pg: &'static str,
    key: bool,
}

/// The PostgreSQL type of a column the working copy declares `declared`.
fn pg_type(declared: &str) -> &'static str {
    match declared.to_ascii_uppercase().as_str() {
        "INTEGER" => "BIGINT",
        "REAL" => "DOUBLE PRECISION",
        "DATE" => "DATE",
        "TIMESTAMP" => "TIMESTAMP",
        "NUMERIC(18,2)" | "DECIMAL(18,2)" => "NUMERIC(18,2)",
        "TIMESTAMP WITH TIME ZONE" => "TIMESTAMPTZ",
        _ => "TEXT",
    }
}

/// A PostgreSQL type as `information_schema.columns.data_type` names it.
fn information_name(pg: &str) -> &'static str {
    match pg {
        "BIGINT" => "bigint",
        "DOUBLE PRECISION" => "double precision",
        "DATE" => "date",
        "TIMESTAMP" => "timestamp without time zone",
        "NUMERIC(18,2)" => "numeric",
        "TIMESTAMPTZ" => "timestamp with time zone",
        _ => "text",
    }
}

fn columns_of(local: &Connection, table: &str) -> MirrorResult<Vec<Column>> {
    let mut statement =
        local.prepare("SELECT name, type, pk FROM pragma_table_info(?1) ORDER BY cid")?;
    let mut columns = statement
        .query_map([table], |r| {
            Ok(Column {
                name: r.get(0)?,
                pg: pg_type(&r.get::<_, String>(1)?),
                key: r.get::<_, i64>(2)? > 0,
            })
        })?
        .collect::<rusqlite::Result<Vec<_>>>()?;
    // The change log's IDs are integers where every stream's are; one that is not makes it text.
    if table == "_changes" {
        let text: bool = local.query_row(
            "SELECT EXISTS (SELECT 1 FROM _changes WHERE typeof(id) <> 'integer')",
            [],
            |r| r.get(0),
        )?;
        for c in columns.iter_mut().filter(|c| c.name == "id" && text) {
            c.pg = "TEXT";
        }
    }
    Ok(columns)
}

/// What one publication sent.
#[derive(Debug, Default)]
pub struct Published {
    /// The working copy's last run the database now holds.
    pub run: i64,
    /// Rows upserted, over every table.
    pub rows: u64,
}

/// The advisory lock a publication holds for its transaction: one writer at a time.
const PUBLICATION_LOCK: i64 = 7362538415;

/// Sends the database what the working copy `local` committed since the database's last
/// publication, in one transaction. Another session that holds the publication's lock (another
/// publication, or any query that took it) is waited for, or with `wait` false is
/// [`MirrorError::Busy`] at once.
pub async fn publish(
    local: &Connection,
    client: &mut Client,
    wait: bool,
) -> MirrorResult<Published> {
    let last_run: i64 =
        local.query_row("SELECT COALESCE(MAX(run), 0) FROM _runs", [], |r| r.get(0))?;
    let tx = client.transaction().await?;
    let since = claim(local, &tx, wait).await?;
    let mut published = Published {
        run: last_run,
        rows: 0,
    };
    // The working copy's own ID stays behind: `_source` keeps it in the database.
    let tables: Vec<(String, bool)> = local
        .prepare(
            "SELECT name, name LIKE '\\_%' ESCAPE '\\' FROM sqlite_schema WHERE type = 'table' \
             AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\' AND name <> '_mirror' ORDER BY name",
        )?
        .query_map([], |r| Ok((r.get(0)?, r.get(1)?)))?
        .collect::<rusqlite::Result<_>>()?;
    let children: Vec<String> = local
        .prepare("SELECT tbl FROM _tables WHERE child = 1")?
        .query_map([], |r| r.get(0))?
        .collect::<rusqlite::Result<_>>()?;
    for (table, bookkeeping) in &tables {
        if children.contains(table) {
            // Sent with its parent, below.
            continue;
        }
        let columns = columns_of(local, table)?;
        let in_table = |e| within(table, e);
        shape(&tx, table, &columns).await.map_err(in_table)?;
        let filter = match (bookkeeping, table.as_str()) {
            // The change log has no key: what a run logged goes whole, once.
            (true, "_changes") => {
                tx.execute("DELETE FROM _changes WHERE run > $1", &[&since])
                    .await?;
                format!("WHERE run > {since}")
            }
            (true, _) => String::new(),
            // What a run saw, and what a full walk tombstoned (a tombstone is not a sighting).
            (false, _) => format!("WHERE _seen_run > {since} OR _deleted_at IS NOT NULL"),
        };
        let moved = if *bookkeeping {
            Moved::default()
        } else {
            moved_since(local, table, since)?
        };
        let key = match bookkeeping {
            true => String::new(),
            false => local.query_row("SELECT key FROM _tables WHERE tbl = ?1", [table], |r| {
                r.get::<_, String>(0)
            })?,
        };
        delete_moved(&tx, table, &key, &moved)
            .await
            .map_err(in_table)?;
        published.rows += copy(local, &tx, table, &columns, &filter)
            .await
            .map_err(in_table)?;
        let own = children.iter().filter(|c| {
            c.strip_prefix(table.as_str())
                .is_some_and(|r| r.starts_with("__"))
        });
        for child in own {
            let child_columns = columns_of(local, child)?;
            let in_child = |e| within(child, e);
            shape(&tx, child, &child_columns).await.map_err(in_child)?;
            delete_moved(&tx, child, "_parent", &moved)
                .await
                .map_err(in_child)?;
            // A parent sent again brings its children whole: those it no longer has go.
            let parents = format!(
                "SELECT _clinic, {key} FROM {parent} {filter}",
                key = quoted(&key),
                parent = quoted(table),
            );
            published.rows += replace_children(local, &tx, child, &child_columns, &parents)
                .await
                .map_err(in_child)?;
        }
    }
    // Replaced rather than dropped and made again, so the grants a reader was given on it stay.
    if tables.iter().any(|(t, _)| t == "_changes") {
        tx.batch_execute(&STATUS_HISTORY.replacen("CREATE VIEW", "CREATE OR REPLACE VIEW", 1))
            .await?;
    }
    tx.execute("UPDATE _source SET published_run = $1", &[&last_run])
        .await?;
    tx.commit().await?;
    Ok(published)
}

/// Whether no session holds the publication's lock now: what a sync that may not wait asks before
/// it walks the service, so that it ends at once rather than after the walk. The lock is let go at
/// once; the publication takes it again, and may still find it taken.
pub async fn publication_free(client: &Client) -> MirrorResult<bool> {
    let row = client
        .query_one("SELECT pg_try_advisory_lock($1)", &[&PUBLICATION_LOCK])
        .await?;
    let free: bool = row.get(0);
    if free {
        client
            .execute("SELECT pg_advisory_unlock($1)", &[&PUBLICATION_LOCK])
            .await?;
    }
    Ok(free)
}

/// The role and schema when the role logged in may not create tables in the schema a publication
/// writes to (`current_schema()`): asked before a sync walks the service, since every publication
/// creates what it lacks there. `None`: it may.
pub async fn cannot_create(client: &Client) -> MirrorResult<Option<(String, String)>> {
    let row = client
        .query_one(
            "SELECT current_user::text, COALESCE(current_schema()::text, ''), \
             COALESCE(has_schema_privilege(current_schema(), 'CREATE'), false)",
            &[],
        )
        .await?;
    Ok((!row.get::<_, bool>(2)).then(|| (row.get(0), row.get(1))))
}

/// What the database refused while it took `table`, said with the table's name.
fn within(table: &str, e: MirrorError) -> MirrorError {
    match e {
        MirrorError::Refused(reason) => MirrorError::Refused(format!("{table}: {reason}")),
        other => other,
    }
}

/// Takes the database for this publication: waits for any other one to end, and checks that this
/// working copy is the one that feeds it (the first to publish into an empty database becomes it).
/// The last run the database holds.
async fn claim(
    local: &Connection,
    tx: &tokio_postgres::Transaction<'_>,
    wait: bool,
) -> MirrorResult<i64> {
    let mirror_id: String = local.query_row("SELECT id FROM _mirror", [], |r| r.get(0))?;
    if wait {
        tx.execute("SELECT pg_advisory_xact_lock($1)", &[&PUBLICATION_LOCK])
            .await?;
    } else {
        let row = tx
            .query_one("SELECT pg_try_advisory_xact_lock($1)", &[&PUBLICATION_LOCK])
            .await?;
        if !row.get::<_, bool>(0) {
            return Err(MirrorError::Busy);
        }
    }
    tx.batch_execute(
        "CREATE TABLE IF NOT EXISTS _source (mirror TEXT NOT NULL, published_run BIGINT NOT NULL)",
    )
    .await?;
    match tx
        .query_opt("SELECT mirror, published_run FROM _source", &[])
        .await?
    {
        Some(row) => {
            let feeding: String = row.get(0);
            if feeding != mirror_id {
                return Err(MirrorError::OtherSource(feeding));
            }
            Ok(row.get::<_, i64>(1))
        }
        None => {
            tx.execute(
                "INSERT INTO _source (mirror, published_run) VALUES ($1, 0)",
                &[&mirror_id],
            )
            .await?;
            Ok(0)
        }
    }
}

/// Makes the database's table `table` hold `columns`: creates it, adds what is new, and widens to
/// text a column the working copy widened.
async fn shape(
    tx: &tokio_postgres::Transaction<'_>,
    table: &str,
    columns: &[Column],
) -> MirrorResult<()> {
    let present: HashMap<String, String> = tx
        .query(
            "SELECT column_name, data_type FROM information_schema.columns \
             WHERE table_schema = current_schema() AND table_name = $1",
            &[&table],
        )
        .await?
        .iter()
        .map(|r| (r.get(0), r.get(1)))
        .collect();
    if present.is_empty() {
        let mut sql = format!("CREATE TABLE IF NOT EXISTS {} (", quoted(table));
        let defs: Vec<String> = columns
            .iter()
            .map(|c| format!("{} {}", quoted(&c.name), c.pg))
            .collect();
        sql.push_str(&defs.join(", "));
        let keys: Vec<String> = columns
            .iter()
            .filter(|c| c.key)
            .map(|c| quoted(&c.name))
            .collect();
        if !keys.is_empty() {
            let _ = write!(sql, ", PRIMARY KEY ({})", keys.join(", "));
        }
        sql.push(')');
        tx.batch_execute(&sql).await?;
        return Ok(());
    }
    // A column's type cannot change under a view that reads it: the change log's view goes, and
    // the publication makes it again at its end.
    let retyped = columns.iter().any(|c| {
        present.get(&c.name).is_some_and(|kind| {
            (c.pg == "TEXT" && kind != "text")
                || (kind == "text" && information_name(c.pg) != "text")
        })
    });
    if table == "_changes" && retyped {
        tx.batch_execute("DROP VIEW IF EXISTS _status_history")
            .await?;
    }
    for column in columns {
        match present.get(&column.name) {
            None => {
                let sql = format!(
                    "ALTER TABLE {} ADD COLUMN {} {}",
                    quoted(table),
                    quoted(&column.name),
                    column.pg
                );
                tx.batch_execute(&sql).await?;
            }
            Some(kind) if column.pg == "TEXT" && kind != "text" => {
                let sql = format!(
                    "ALTER TABLE {t} ALTER COLUMN {c} TYPE TEXT USING {c}::text",
                    t = quoted(table),
                    c = quoted(&column.name)
                );
                tx.batch_execute(&sql).await?;
            }
            // A database published by an earlier version kept money and the mirror's own times
            // as text, and the change log's IDs too: the working copy now types them, and every
            // value it sent reads as the type.
            Some(kind) if kind == "text" && information_name(column.pg) != "text" => {
                let sql = format!(
                    "ALTER TABLE {t} ALTER COLUMN {c} TYPE {to} USING {c}::{to}",
                    t = quoted(table),
                    c = quoted(&column.name),
                    to = column.pg
                );
                tx.batch_execute(&sql).await?;
            }
            Some(_) => {}
        }
    }
    Ok(())
}

/// Upserts the rows of the working copy's `table` that `filter` picks; the count sent.
async fn copy(
    local: &Connection,
    tx: &tokio_postgres::Transaction<'_>,
    table: &str,
    columns: &[Column],
    filter: &str,
) -> MirrorResult<u64> {
    let names: Vec<String> = columns.iter().map(|c| quoted(&c.name)).collect();
    let select = format!(
        "SELECT {} FROM {} {filter}",
        names.join(", "),
        quoted(table)
    );
    let keys: Vec<&String> = columns
        .iter()
        .zip(&names)
        .filter(|(c, _)| c.key)
        .map(|(_, n)| n)
        .collect();
    let on_conflict = if keys.is_empty() {
        String::new()
    } else {
        let sets: Vec<String> = columns
            .iter()
            .zip(&names)
            .filter(|(c, _)| !c.key)
            .map(|(_, n)| format!("{n} = excluded.{n}"))
            .collect();
        let keys: Vec<&str> = keys.iter().map(|k| k.as_str()).collect();
        if sets.is_empty() {
            format!(" ON CONFLICT ({}) DO NOTHING", keys.join(", "))
        } else {
            format!(
                " ON CONFLICT ({}) DO UPDATE SET {}",
                keys.join(", "),
                sets.join(", ")
            )
        }
    };
    send_rows(local, tx, &select, table, columns, &on_conflict).await
}

/// The rows of `table` that a move took from their clinic in the runs after `since`, as the clinic
/// and ID they had there (text, as [`replace_children`] compares keys): the working copy moved its
/// row, so the database's row under the old clinic (and its children) must go.
#[derive(Default)]
struct Moved {
    clinics: Vec<String>,
    ids: Vec<String>,
}

fn moved_since(local: &Connection, table: &str, since: i64) -> MirrorResult<Moved> {
    let mut statement = local.prepare(
        "SELECT old, id FROM _changes WHERE run > ?1 AND stream = ?2 AND change = 'moved'",
    )?;
    let mut rows = statement.query(rusqlite::params![since, table])?;
    let mut moved = Moved::default();
    while let Some(row) = rows.next()? {
        if let (Some(clinic), Some(id)) = (text(row.get_ref(0)?), text(row.get_ref(1)?)) {
            moved.clinics.push(clinic);
            moved.ids.push(id);
        }
    }
    Ok(moved)
}

/// Deletes the database's rows of `table` whose clinic and `key` a move left.
async fn delete_moved(
    tx: &tokio_postgres::Transaction<'_>,
    table: &str,
    key: &str,
    moved: &Moved,
) -> MirrorResult<()> {
    if moved.ids.is_empty() {
        return Ok(());
    }
    let delete = format!(
        "DELETE FROM {} t USING unnest($1::text[], $2::text[]) AS p(clinic, id) \
         WHERE t._clinic::text = p.clinic AND t.{}::text = p.id",
        quoted(table),
        quoted(key)
    );
    tx.execute(&delete, &[&moved.clinics, &moved.ids]).await?;
    Ok(())
}

/// Deletes the database's children of the parents `parents` selects, and sends the working copy's.
async fn replace_children(
    local: &Connection,
    tx: &tokio_postgres::Transaction<'_>,
    child: &str,
    columns: &[Column],
    parents: &str,
) -> MirrorResult<u64> {
    let names: Vec<String> = columns.iter().map(|c| quoted(&c.name)).collect();
    // The parents' keys go over as text pairs, compared as text whatever their types, a chunk at a
    // time as they are read: memory holds one chunk however many parents changed.
    let delete = format!(
        "DELETE FROM {} c USING unnest($1::text[], $2::text[]) AS p(clinic, id) \
         WHERE c._clinic::text = p.clinic AND c._parent::text = p.id",
        quoted(child)
    );
    let mut statement = local.prepare(parents)?;
    let mut rows = statement.query([])?;
    let (mut clinics, mut ids) = (Vec::new(), Vec::new());
    loop {
        let row = rows.next()?;
        if let Some(row) = row
            && let (Some(clinic), Some(id)) = (text(row.get_ref(0)?), text(row.get_ref(1)?))
        {
            clinics.push(clinic);
            ids.push(id);
        }
        if clinics.len() >= KEYS_PER_DELETE || (row.is_none() && !clinics.is_empty()) {
            tx.execute(&delete, &[&clinics, &ids]).await?;
            clinics.clear();
            ids.clear();
        }
        if row.is_none() {
            break;
        }
    }
    drop(rows);
    drop(statement);
    let select = format!(
        "SELECT {cols} FROM {child} WHERE (_clinic, _parent) IN ({parents})",
        cols = names.join(", "),
        child = quoted(child),
    );
    send_rows(local, tx, &select, child, columns, "").await
}

/// Reads `select` from the working copy and upserts its rows into `table` (`on_conflict`): they
/// are copied (`COPY … FROM STDIN`, PostgreSQL's fastest way in) into a temporary table of the same
/// columns, streamed in chunks so memory holds one chunk whatever the table's size, then inserted
/// from there in one statement.
async fn send_rows(
    local: &Connection,
    tx: &tokio_postgres::Transaction<'_>,
    select: &str,
    table: &str,
    columns: &[Column],
    on_conflict: &str,
) -> MirrorResult<u64> {
    use futures::SinkExt;
    let names: Vec<String> = columns.iter().map(|c| quoted(&c.name)).collect();
    let names = names.join(", ");
    tx.batch_execute(&format!(
        "DROP TABLE IF EXISTS pg_temp._staging; \
         CREATE TEMP TABLE _staging (LIKE {}) ON COMMIT DROP",
        quoted(table)
    ))
    .await?;
    let sink = tx
        .copy_in(&format!("COPY _staging ({names}) FROM STDIN"))
        .await?;
    let mut sink = std::pin::pin!(sink);
    let width = columns.len();
    let mut statement = local.prepare(select)?;
    let mut rows = statement.query([])?;
    let mut chunk = bytes::BytesMut::with_capacity(COPY_CHUNK + 4096);
    while let Some(row) = rows.next()? {
        for i in 0..width {
            if i > 0 {
                chunk.extend_from_slice(b"\t");
            }
            copy_field(&mut chunk, row.get_ref(i)?);
        }
        chunk.extend_from_slice(b"\n");
        if chunk.len() >= COPY_CHUNK {
            sink.send(chunk.split().freeze()).await?;
        }
    }
    if !chunk.is_empty() {
        sink.send(chunk.split().freeze()).await?;
    }
    let sent = sink.as_mut().finish().await?;
    tx.execute(
        &format!(
            "INSERT INTO {} ({names}) SELECT {names} FROM _staging{on_conflict}",
            quoted(table)
        ),
        &[],
    )
    .await?;
    tx.batch_execute("DROP TABLE _staging").await?;
    Ok(sent)
}

/// One value in `COPY`'s text format: `\N` for NULL, and a backslash before what would end the
/// field or the row.
fn copy_field(out: &mut bytes::BytesMut, value: ValueRef) {
    let Some(text) = text(value) else {
        out.extend_from_slice(b"\\N");
        return;
    };
    for byte in text.bytes() {
        match byte {
            b'\\' => out.extend_from_slice(b"\\\\"),
            b'\t' => out.extend_from_slice(b"\\t"),
            b'\n' => out.extend_from_slice(b"\\n"),
            b'\r' => out.extend_from_slice(b"\\r"),
            // PostgreSQL refuses NUL in a text: it arrives as the six characters `\u0000`, as JSON
            // writes it.
            0 => out.extend_from_slice(b"\\\\u0000"),
            other => out.extend_from_slice(&[other]),
        }
    }
}

/// A working copy's value as the text PostgreSQL reads it back into its column's type.
fn text(value: ValueRef) -> Option<String> {
    match value {
        ValueRef::Null => None,
        ValueRef::Integer(n) => Some(n.to_string()),
        ValueRef::Real(r) => Some(r.to_string()),
        ValueRef::Text(t) | ValueRef::Blob(t) => Some(String::from_utf8_lossy(t).into_owned()),
    }
}

/// The roles whose members reach the server's files or programs, whatever a query says.
/// The service's names for the columns and child tables the mirror named otherwise (`_fields`,
/// `_tables.list`), where the reading role may read them: masking goes by those names.
async fn mapped_names(tx: &tokio_postgres::Transaction<'_>) -> MirrorResult<Names> {
    let readable = |table: &str, column: &str| {
        format!(
            "SELECT CASE WHEN EXISTS (SELECT 1 FROM information_schema.columns \
             WHERE table_schema = current_schema() AND table_name = '{table}' \
             AND column_name = '{column}') \
             THEN has_table_privilege(current_schema() || '.{table}', 'SELECT') ELSE false END"
        )
    };
    let mut names = Names::default();
    if tx.query_one(&readable("_fields", "col"), &[]).await?.get(0) {
        for r in tx
            .query(
                "SELECT tbl, col, field FROM _fields WHERE col <> field",
                &[],
            )
            .await?
        {
            names.field(r.get(0), r.get(1), r.get(2));
        }
    }
    if tx
        .query_one(&readable("_tables", "list"), &[])
        .await?
        .get(0)
    {
        for r in tx
            .query("SELECT tbl, list FROM _tables WHERE list IS NOT NULL", &[])
            .await?
        {
            names.list(r.get(0), r.get(1));
        }
    }
    Ok(names)
}

const POWERS: &str = "SELECT current_user::text, rolsuper, \
     pg_has_role(current_user, 'pg_write_server_files', 'member'), \
     pg_has_role(current_user, 'pg_execute_server_program', 'member') \
     FROM pg_roles WHERE rolname = current_user";

/// Runs `sql` on the database and hands each row to `row` as a JSON object of column name to
/// value, in the query's column order, one at a time. The query must first pass [`pg_guard`]: one
/// statement, a query returning rows, functions off its list refused. The role must reach neither
/// the server's files nor its programs (a superuser's `COPY … TO PROGRAM` runs a shell command), so
/// that what the parser cannot see, PostgreSQL's own privileges still refuse. It runs in a
/// read-only transaction, under `statement_timeout` (`rules.timeout`, counted for each batch of
/// rows, not while they are written out); a Ctrl-C or an assistant's cancel stops it on the server
/// too, not only here.
pub async fn rows(
    target: &Target,
    client: &mut Client,
    sql: &str,
    rules: Rules,
    mut row: impl FnMut(Value) -> crate::error::Result<()>,
) -> MirrorResult<crate::error::Result<u64>> {
    let reads = pg_guard::check(sql).map_err(MirrorError::Guarded)?;
    // One row, or the query fails: a role the server cannot describe is not let through.
    let powers = client.query_one(POWERS, &[]).await?;
    let role: String = powers.get(0);
    for (i, power) in [
        (1, "superuser"),
        (2, "pg_write_server_files"),
        (3, "pg_execute_server_program"),
    ] {
        if powers.get::<_, bool>(i) {
            return Err(MirrorError::Guarded(Refusal::Role {
                role,
                power: power.into(),
            }));
        }
    }
    let token = client.cancel_token();
    // A stop signal ends the process at once: the server is told first, or it would run the query
    // to its end (a `pg_sleep` outlives the client that asked for it).
    let stopper = target.clone();
    let stopping = token.clone();
    let _on_stop = crate::unfinished::on_stop(move || {
        let cancel = std::thread::spawn(move || {
            if let Ok(runtime) = tokio::runtime::Builder::new_current_thread()
                .enable_all()
                .build()
            {
                runtime.block_on(stopper.cancel(&stopping));
            }
        });
        let _ = cancel.join();
    });
    let tx = client.build_transaction().read_only(true).start().await?;
    let millis = rules.timeout.as_millis().clamp(1, i32::MAX as u128);
    tx.batch_execute(&format!("SET LOCAL statement_timeout = {millis}"))
        .await?;
    if rules.masked {
        let mut columns = Vec::new();
        if reads.whole_rows {
            let tables: Vec<&String> = reads.tables.iter().collect();
            for r in tx
                .query(
                    "SELECT table_name::text, column_name::text FROM information_schema.columns \
                     WHERE table_schema = current_schema() AND table_name = ANY($1) \
                     ORDER BY table_name, ordinal_position",
                    &[&tables],
                )
                .await?
            {
                columns.push((r.get(0), r.get(1)));
            }
        }
        let names = mapped_names(&tx).await?;
        if let Some(refusal) = reads.personal(&columns, &names) {
            return Err(MirrorError::Guarded(refusal));
        }
    }
    let query = sql.trim().trim_end_matches(';');
    let described = tx.prepare(query).await?;
    if described.columns().is_empty() {
        return Err(MirrorError::Guarded(Refusal::NoColumns));
    }
    // Each row as JSON, which PostgreSQL writes with its column order and types (numbers,
    // booleans, dates as text): one way for every type a query may give. Columns are renamed by
    // position (`c0`, `c1`, …) so that each keeps its place whatever its name, and NUMERIC comes
    // as its exact text: JSON numbers would be read as binary floats.
    let names: Vec<String> = described
        .columns()
        .iter()
        .map(|c| c.name().to_string())
        .collect();
    let numeric: Vec<bool> = described
        .columns()
        .iter()
        .map(|c| *c.type_() == tokio_postgres::types::Type::NUMERIC)
        .collect();
    let aliases: Vec<String> = (0..names.len()).map(|i| format!("c{i}")).collect();
    let select: Vec<String> = aliases
        .iter()
        .zip(&numeric)
        .map(|(a, &n)| {
            if n {
                format!("{a}::text AS {a}")
            } else {
                a.clone()
            }
        })
        .collect();
    let wrapped = format!(
        "SELECT to_json(q)::text FROM (SELECT {} FROM ({query}) AS q0 ({})) AS q",
        select.join(", "),
        aliases.join(", ")
    );
    let given_up = super::guard::given_up();
    let mut abandoned = false;
    let stopped = |e: tokio_postgres::Error, abandoned: bool| {
        if e.code() == Some(&tokio_postgres::error::SqlState::QUERY_CANCELED) {
            MirrorError::Guarded(if abandoned {
                Refusal::GivenUp
            } else {
                Refusal::TimedOut(rules.timeout)
            })
        } else {
            MirrorError::from(e)
        }
    };
    let portal = tx
        .bind(wrapped.as_str(), &[])
        .await
        .map_err(|e| stopped(e, false))?;
    let mut count = 0;
    loop {
        let batch = tx.query_portal(&portal, 1000);
        // Armed while the server runs the query: dropped there (an MCP cancel drops the whole run),
        // it asks the server to stop.
        let mut running = CancelOnDrop {
            target: target.clone(),
            token: token.clone(),
            armed: true,
        };
        let batch = match &given_up {
            None => batch.await,
            Some(given_up) => {
                // The server is asked to stop once nobody waits; its answer (the query cancelled)
                // is still read, so the connection stays in step.
                let mut batch = std::pin::pin!(batch);
                let mut every = tokio::time::interval(GIVEN_UP_EVERY);
                loop {
                    tokio::select! {
                        done = &mut batch => break done,
                        _ = every.tick(), if !abandoned => {
                            if given_up() {
                                abandoned = true;
                                target.cancel(&token).await;
                            }
                        }
                    }
                }
            }
        }
        .map_err(|e| {
            running.armed = false;
            stopped(e, abandoned)
        })?;
        running.armed = false;
        if batch.is_empty() {
            break;
        }
        for r in &batch {
            let text: String = r.get(0);
            let Value::Object(mut by_position) =
                serde_json::from_str(&text).map_err(|e| MirrorError::Postgres(e.to_string()))?
            else {
                return Err(MirrorError::Postgres(text));
            };
            let mut object = serde_json::Map::with_capacity(names.len());
            for ((name, alias), &n) in names.iter().zip(&aliases).zip(&numeric) {
                let value = by_position.remove(alias).unwrap_or(Value::Null);
                let value = match value {
                    // A whole number stays a number; any other is its exact text (`910.80`).
                    Value::String(t) if n => t
                        .parse::<i64>()
                        .map_or(Value::String(t), |i| Value::Number(i.into())),
                    other => other,
                };
                object.insert(name.clone(), value);
            }
            let value = Value::Object(object);
            if let Err(e) = row(value) {
                return Ok(Err(e));
            }
            count += 1;
        }
        if given_up.as_ref().is_some_and(|g| g()) {
            return Err(MirrorError::Guarded(Refusal::GivenUp));
        }
    }
    tx.commit().await?;
    Ok(Ok(count))
}

/// Asks the server to stop a query when the work waiting on its answer is dropped before the answer
/// came: a query nobody waits for must not run on (a `pg_sleep` outlives the future that asked for
/// it). The request goes out on a task of its own, as nothing can be awaited in a drop.
struct CancelOnDrop {
    target: Target,
    token: tokio_postgres::CancelToken,
    armed: bool,
}

impl Drop for CancelOnDrop {
    fn drop(&mut self) {
        if !self.armed {
            return;
        }
        if let Ok(runtime) = tokio::runtime::Handle::try_current() {
            let (target, token) = (self.target.clone(), self.token.clone());
            runtime.spawn(async move { target.cancel(&token).await });
        }
    }
}

/// Every table of the database's schema and its columns, as [`super::SCHEMA_SQL`] lists a file's.
/// Keys come from PostgreSQL's own catalogue: `information_schema.table_constraints` shows a role
/// only the tables it may do more than read, and `clinic sql` runs as a role that only reads.
pub const SCHEMA_SQL: &str = "SELECT c.table_name AS \"table\", c.column_name AS \"column\", \
     upper(c.data_type) AS \"type\", EXISTS (SELECT 1 FROM pg_catalog.pg_constraint k \
     JOIN pg_catalog.pg_class t ON t.oid = k.conrelid \
     JOIN pg_catalog.pg_namespace n ON n.oid = t.relnamespace \
     JOIN pg_catalog.pg_attribute a ON a.attrelid = t.oid AND a.attnum = ANY (k.conkey) \
     WHERE k.contype = 'p' AND n.nspname = c.table_schema AND t.relname = c.table_name \
     AND a.attname = c.column_name)::int AS \"key\" \
     FROM information_schema.columns c WHERE c.table_schema = current_schema() \
     ORDER BY c.table_name LIKE '\\_%', c.table_name, c.ordinal_position";

#[cfg(test)]
mod tests {
    use super::{Target, TargetError};

    fn key(url: &str) -> String {
        Target::parse(url).unwrap().key()
    }

    /// The key names the role, every host with its port (5432 unless said) and the database, so two
    /// databases of one server, or one database under two roles, never share a stored password.
    #[test]
    fn a_key_tells_every_database_and_role_apart() {
        assert_eq!(
            key("postgres://bi@DB.example.com/warehouse"),
            "bi@db.example.com:5432/warehouse"
        );
        assert_eq!(
            key("postgresql://bi@db:6543/warehouse?sslmode=disable"),
            "bi@db:6543/warehouse"
        );
        assert_eq!(key("postgres://bi@a,b:7000/w"), "bi@a:5432,b:7000/w");
        assert_ne!(key("postgres://bi@db/a"), key("postgres://bi@db/b"));
        assert_ne!(key("postgres://bi@db/a"), key("postgres://etl@db/a"));
        // With no user in the URL, the system's login is the role, as libpq takes it.
        assert!(key("postgres://db/a").ends_with("@db:5432/a"));
        assert!(!key("postgres://db/a").starts_with('@'));
    }

    #[test]
    fn a_url_with_a_password_or_without_a_database_is_refused() {
        assert_eq!(
            Target::parse("postgres://bi:pw@db/w").unwrap_err(),
            TargetError::Password
        );
        assert!(matches!(
            Target::parse("postgres://bi@db"),
            Err(TargetError::Invalid(_))
        ));
    }
}
