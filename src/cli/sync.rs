//! `clinic sync` (the deployment mirrored into a database), `clinic sync changes` (what changed
//! between runs) and `clinic sql` (read-only queries of the mirror), all printed through the same
//! formatters as every list.

use std::path::PathBuf;

use clap::{Args, Subcommand};

use super::db_password;
use crate::context::Context;
use crate::error::{Error, Result};
use crate::mirror::postgres::Target;
use crate::mirror::{Mirror, Refusal, Rules};
use crate::output::Shape;
use crate::show::Sink;
use crate::sync::{self, Options, Stream};

#[derive(Args, Debug)]
#[command(args_conflicts_with_subcommands = true)]
pub struct SyncArgs {
    #[command(subcommand)]
    command: Option<SyncCommand>,
    #[arg(long, value_name = "FILE|URL")]
    to: Option<String>,
    #[arg(long, value_name = "LIST", value_parser = streams, conflicts_with = "crm")]
    streams: Option<Streams>,
    #[arg(long, visible_alias = "clinica", value_name = "ID|NAME,...|all", value_parser = crate::network::Choice::parse, add = clap_complete::ArgValueCompleter::new(crate::cli::complete::names::clinic_list))]
    clinic: Option<crate::network::Choice>,
    #[arg(long)]
    crm: bool,
    #[arg(long)]
    full: bool,
    #[arg(long)]
    allow_empty: bool,
    #[arg(long)]
    no_wait: bool,
}

/// `--streams`: one value holding the list, so that clap keeps it whole.
#[derive(Debug, Clone)]
pub struct Streams(Vec<Stream>);

fn streams(text: &str) -> std::result::Result<Streams, String> {
    sync::parse_streams(text).map(Streams)
}

#[derive(Subcommand, Debug)]
pub enum SyncCommand {
    Changes(ChangesArgs),
}

/// `clinic sync changes [--since RUN|DATE]` (the global `--since`, which also takes a run number).
#[derive(Args, Debug)]
pub struct ChangesArgs {
    #[arg(long, value_name = "FILE|URL")]
    to: Option<String>,
    // Its own id: `by` is the summaries' grouping, whose values are read as another type.
    #[arg(long = "by", id = "changes_by", value_enum, value_name = "COLUMN")]
    by: Option<ChangesBy>,
}

/// `--by`: the quotes' changes counted and summed by one of their columns.
#[derive(Clone, Copy, Debug, clap::ValueEnum)]
pub enum ChangesBy {
    Status,
    Clinic,
    Seller,
}

impl ChangesBy {
    fn column(self) -> &'static str {
        match self {
            ChangesBy::Status => "status",
            ChangesBy::Clinic => "unidade",
            ChangesBy::Seller => "vendedor",
        }
    }
}

impl SyncArgs {
    /// `clinic sync changes`, which reads `--since`.
    pub fn lists_changes(&self) -> bool {
        matches!(self.command, Some(SyncCommand::Changes(_)))
    }
}

/// `clinic sql "SELECT …"`, or `clinic sql --schema` (the global flag given without a file).
#[derive(Args, Debug)]
pub struct SqlArgs {
    #[arg(value_name = "SQL")]
    query: Option<String>,
    #[arg(long, value_name = "FILE|URL")]
    to: Option<String>,
    /// Refuses a query that reads a personal column: given by `clinic mcp` while it masks personal
    /// data, since masking goes by a result's names and a query chooses those.
    #[arg(long, hide = true)]
    mask_personal: bool,
}

pub async fn run(ctx: &Context, args: SyncArgs) -> Result<()> {
    if let Some(SyncCommand::Changes(c)) = args.command {
        return changes(ctx, c);
    }
    let (path, publish) = match destination(ctx, args.to).await? {
        Destination::File(path) => (path, None),
        Destination::Postgres(target) => (
            sync::working_copy(ctx.env(), &ctx.profile_name, &target)?,
            Some(*target),
        ),
    };
    let opts = Options {
        path,
        publish,
        streams: match args.streams {
            Some(Streams(streams)) => streams,
            None => {
                let mut streams = Stream::API.to_vec();
                if args.crm {
                    streams.push(Stream::Crm);
                }
                streams
            }
        },
        clinics: args.clinic,
        full: args.full,
        allow_empty: args.allow_empty,
        wait: !args.no_wait,
    };
    let outcome = sync::run(ctx, opts).await?;
    let parts: Vec<String> = outcome
        .streams
        .iter()
        .map(|(stream, c)| {
            crate::t!(
                "sync-summary-stream",
                stream = stream.name(),
                new = c.new,
                changed = c.changed + c.resurrected,
                vanished = c.vanished
            )
        })
        .collect();
    ctx.reporter.note(&crate::t!(
        "sync-summary",
        run = outcome.run,
        streams = parts.join("; ")
    ));
    if let Some(line) = &outcome.published {
        ctx.reporter.note(line);
    }
    // Every row is written, but a sum over the centavos would be short: the run says so in its
    // exit status, so a nightly job notices.
    if outcome.unread_money > 0 {
        return Err(Error::Other(crate::t!(
            "sync-money-unread-end",
            count = outcome.unread_money
        )));
    }
    Ok(())
}

/// Where the mirror is: a file, or a PostgreSQL database.
enum Destination {
    File(PathBuf),
    Postgres(Box<Target>),
}

/// `--to FILE|URL`, else the profile's `sync.target`, else the profile's mirror in the data folder.
/// A PostgreSQL URL carries no password: `PGPASSWORD` gives it, else the one `auth set-db-password`
/// kept for that very database, else none (the server may not ask for one).
async fn destination(ctx: &Context, to: Option<String>) -> Result<Destination> {
    match place(ctx, to)? {
        Destination::Postgres(target) => Ok(Destination::Postgres(Box::new(
            db_password::with_password(ctx, *target).await?,
        ))),
        file => Ok(file),
    }
}

/// Where the mirror is, as named, without looking for a password.
fn place(ctx: &Context, to: Option<String>) -> Result<Destination> {
    let (key, raw) = match to {
        Some(to) => ("--to", to),
        None => match &ctx.profile.sync.target {
            Some(target) => ("sync.target", target.clone()),
            None => {
                return Ok(Destination::File(sync::default_path(
                    ctx.env(),
                    &ctx.profile_name,
                )?));
            }
        },
    };
    if !crate::config::is_postgres_url(&raw) {
        return Ok(Destination::File(PathBuf::from(raw)));
    }
    db_password::target(key, &raw).map(|t| Destination::Postgres(Box::new(t)))
}

/// The mirror's file: `changes` reads a PostgreSQL database's working copy, which holds what it holds.
fn mirror_path(ctx: &Context, to: Option<String>) -> Result<PathBuf> {
    match place(ctx, to)? {
        Destination::File(path) => Ok(path),
        Destination::Postgres(target) => sync::working_copy(ctx.env(), &ctx.profile_name, &target),
    }
}

/// Opens the mirror read-only; one that does not exist yet is named with the way to make it.
fn read(path: &std::path::Path) -> Result<rusqlite::Connection> {
    if !path.is_file() {
        return Err(Error::Usage(crate::t!(
            "sync-no-mirror",
            path = path.display().to_string()
        )));
    }
    Mirror::read_only(path).map_err(|e| sync::mirror_error(path, e))
}

fn changes(ctx: &Context, args: ChangesArgs) -> Result<()> {
    let path = mirror_path(ctx, args.to)?;
    let conn = read(&path)?;
    let failed = |e| sync::mirror_error(&path, e);
    let after = since_run(&conn, ctx.global.since.as_ref()).map_err(failed)?;
    let sql = match args.by {
        None => crate::mirror::changes_sql(&conn),
        Some(by) => crate::mirror::changes_by_sql(&conn, by.column()),
    }
    .map_err(failed)?;
    // The tool's own queries, bounded only when the user asks.
    let rules = Rules {
        masked: false,
        timeout: ctx.global.timeout.unwrap_or(std::time::Duration::MAX),
    };
    print_rows(ctx, &conn, &sql, &[&after], rules).map_err(failed)?
}

fn print_rows(
    ctx: &Context,
    conn: &rusqlite::Connection,
    sql: &str,
    params: &[&dyn rusqlite::ToSql],
    rules: Rules,
) -> crate::mirror::MirrorResult<Result<()>> {
    let mut out = match Sink::open(ctx, Shape::List) {
        Ok(out) => out,
        Err(e) => return Ok(Err(e)),
    };
    let written = crate::mirror::rows(conn, sql, params, rules, |row| out.write(&row))?;
    Ok(written.and_then(|_| {
        if out.finish()? == 0 {
            ctx.reporter.note(&crate::t!("note-no-records"));
        }
        Ok(())
    }))
}

/// The run after which changes are listed: `--since RUN` (a run number), `--since DATE` (the last
/// run started before that moment), else the complete run before the last complete one, so that
/// the last run's changes are shown with those of any killed or failed run it finished.
fn since_run(
    conn: &rusqlite::Connection,
    since: Option<&crate::config::state::Since>,
) -> crate::mirror::MirrorResult<i64> {
    use crate::config::state::Since;
    let max = |sql: &str, p: &[&dyn rusqlite::ToSql]| -> crate::mirror::MirrorResult<i64> {
        Ok(conn
            .query_row(sql, p, |r| r.get::<_, Option<i64>>(0))?
            .unwrap_or(0))
    };
    match since {
        Some(Since::Run(run)) => Ok(*run),
        Some(Since::At(at)) => max(
            "SELECT MAX(run) FROM _runs WHERE started_at < ?1",
            &[&at.format("%Y-%m-%d %H:%M:%S").to_string()],
        ),
        None | Some(Since::Last) => max(
            "SELECT MAX(run) FROM _runs WHERE status = 'complete' \
             AND run < (SELECT MAX(run) FROM _runs WHERE status = 'complete')",
            &[],
        ),
    }
}

pub async fn sql(ctx: &Context, args: SqlArgs) -> Result<()> {
    let destination = destination(ctx, args.to).await?;
    let schema = match &destination {
        Destination::File(_) => crate::mirror::SCHEMA_SQL,
        Destination::Postgres(_) => crate::mirror::postgres::SCHEMA_SQL,
    };
    let sql = match (&args.query, ctx.global.schema_listing()) {
        (None, true) => schema.to_string(),
        (Some(q), false) => q.clone(),
        (Some(_), true) => {
            return Err(Error::Usage(crate::t!("sql-query-or-schema")));
        }
        (None, false) => return Err(Error::missing("SQL", &crate::t!("sql-expected-query"))),
    };
    let rules = Rules {
        masked: args.mask_personal,
        timeout: ctx.global.timeout.unwrap_or(crate::mirror::DEFAULT_TIMEOUT),
    };
    let path = match destination {
        Destination::File(path) => path,
        Destination::Postgres(target) => return sql_postgres(ctx, &target, &sql, rules).await,
    };
    let conn = read(&path)?;
    let failed = |e: crate::mirror::MirrorError| match e {
        // A query the database refuses is the user's to fix: said as SQLite says it.
        crate::mirror::MirrorError::Sql(e) => Error::Usage(crate::t!(
            "sql-failed",
            reason = engine_said(&e.to_string(), &sql, rules)
        )),
        // Nobody waits for a query given up on: no input of the user's was wrong.
        crate::mirror::MirrorError::Guarded(Refusal::GivenUp) => {
            Error::Other(refused(&Refusal::GivenUp))
        }
        crate::mirror::MirrorError::Guarded(refusal) => Error::Usage(refused(&refusal)),
        other => sync::mirror_error(&path, other),
    };
    print_rows(ctx, &conn, &sql, &[], rules).map_err(failed)?
}

/// What the database engine said of a query it could not run. While personal data is masked, a
/// value it quotes (`JSON path error near '03/02/1985'`) is masked: what the query itself names
/// (a column, a function, its own literals) stays, so the message still says what failed.
fn engine_said(message: &str, sql: &str, rules: Rules) -> String {
    if rules.masked {
        crate::redact::engine_message(message, sql)
    } else {
        message.to_string()
    }
}

/// What a refused or stopped query is told: what it asked for, never a value.
fn refused(refusal: &Refusal) -> String {
    match refusal {
        Refusal::Attach => crate::t!("sql-refused-attach"),
        Refusal::Write(action) => crate::t!("sql-refused-write", action = action.as_str()),
        Refusal::Transaction => crate::t!("sql-refused-transaction"),
        Refusal::Pragma(name) => crate::t!("sql-refused-pragma", pragma = name.as_str()),
        Refusal::Function(name) => crate::t!("sql-refused-function", function = name.as_str()),
        Refusal::Personal { table, column } => crate::t!(
            "sql-refused-personal",
            table = table.as_str(),
            column = column.as_str()
        ),
        Refusal::NotReadOnly => crate::t!("sql-refused-not-read-only"),
        Refusal::TimedOut(limit) => crate::t!(
            "sql-timed-out",
            limit = humantime::format_duration(*limit).to_string()
        ),
        Refusal::GivenUp => crate::t!("sql-given-up"),
        Refusal::TooBig => crate::t!(
            "sql-too-big",
            limit = format!("{} MiB", crate::mirror::MAX_LENGTH / (1024 * 1024))
        ),
        Refusal::Statements(count) => crate::t!("sql-refused-statements", count = *count),
        Refusal::NotAQuery(kind) => crate::t!("sql-refused-not-a-query", statement = kind.as_str()),
        Refusal::Unreadable(reason) => {
            crate::t!("sql-refused-unreadable", reason = reason.as_str())
        }
        Refusal::UnknownFunction(name) => {
            crate::t!("sql-refused-unknown-function", function = name.as_str())
        }
        Refusal::NoColumns => crate::t!("sql-refused-no-columns"),
        Refusal::Role { role, power } => crate::t!(
            "sql-refused-role",
            role = role.as_str(),
            power = power.as_str()
        ),
    }
}

/// `clinic sql` on a PostgreSQL database: read by a SQL parser first, then run in a read-only
/// transaction by a role without the server's powers, bounded in time (see
/// [`crate::mirror::postgres::rows`]).
async fn sql_postgres(ctx: &Context, target: &Target, sql: &str, rules: Rules) -> Result<()> {
    use crate::mirror::MirrorError;
    let failed = |e: MirrorError| match e {
        MirrorError::Refused(reason) => Error::Usage(crate::t!(
            "sql-failed",
            reason = engine_said(&reason, sql, rules)
        )),
        // Nobody waits for a query given up on: no input of the user's was wrong.
        MirrorError::Guarded(Refusal::GivenUp) => Error::Other(refused(&Refusal::GivenUp)),
        MirrorError::Guarded(refusal) => Error::Usage(refused(&refusal)),
        other => sync::postgres_failure(target, other),
    };
    let mut client = target.connect().await.map_err(failed)?;
    let mut out = Sink::open(ctx, Shape::List)?;
    let written =
        crate::mirror::postgres::rows(target, &mut client, sql, rules, |row| out.write(&row))
            .await
            .map_err(failed)?;
    written?;
    if out.finish()? == 0 {
        ctx.reporter.note(&crate::t!("note-no-records"));
    }
    Ok(())
}
