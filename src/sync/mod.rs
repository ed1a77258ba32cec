//! `clinic sync`: the deployment's streams walked into the database mirror, clinic by clinic. The
//! Ficha Financeira goes on from its bookmark (the newest modification time a complete walk saw)
//! through the modified-since filter; lists the service cannot filter by modification are walked
//! whole each time, so their vanished rows are found every run. `--full` walks everything and
//! tombstones what no longer comes.

mod streams;

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use chrono::{NaiveDate, NaiveDateTime};

pub use streams::{Stream, parse_streams};

use crate::api::list::{ApiList, WholeList};
use crate::context::Context;
use crate::error::{Error, Result};
use crate::mirror::{
    Bookmark, Counts, End, Mirror, MirrorError, POINT, Run, StreamWriter, UnreadMoney, Widened,
};
use crate::network::{Choice, Target};
use crate::record::{PageSource, Record};

/// What a sync is asked to do.
pub struct Options {
    pub path: PathBuf,
    pub streams: Vec<Stream>,
    pub clinics: Option<Choice>,
    pub full: bool,
    /// A whole list that comes back empty where the mirror holds rows tombstones them (else they
    /// are kept, and the run says so).
    pub allow_empty: bool,
    pub wait: bool,
    /// A PostgreSQL database the mirror at `path` (its working copy) is published to, at the end of
    /// the run, whatever became of it.
    pub publish: Option<crate::mirror::postgres::Target>,
}

/// What a sync did, per stream.
pub struct Outcome {
    pub run: i64,
    pub streams: Vec<(Stream, Counts)>,
    /// Money values that were no exact amount (kept as their text, without centavos), in all.
    pub unread_money: u64,
    /// How far the PostgreSQL database now goes, said after the run's summary: the last line.
    pub published: Option<String>,
}

/// The mirror of `profile` when `--to` names none: one file per profile in the data folder.
pub fn default_path(env: &crate::environment::Environment, profile: &str) -> Result<PathBuf> {
    let name = crate::text::file_name::part(profile);
    Ok(crate::config::state::data_dir(env)?
        .join("sync")
        .join(format!("{name}.sqlite")))
}

/// The working copy a sync into the PostgreSQL database `target` runs into, beside the profile's
/// own mirror: one per profile and database.
pub fn working_copy(
    env: &crate::environment::Environment,
    profile: &str,
    target: &crate::mirror::postgres::Target,
) -> Result<PathBuf> {
    let own = default_path(env, profile)?;
    let stem = own
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_default();
    Ok(own.with_file_name(format!("{stem}@{}.sqlite", target.working_copy_name())))
}

/// A mirror's error in the reader's words.
pub fn mirror_error(path: &std::path::Path, e: MirrorError) -> Error {
    match e {
        MirrorError::Busy => {
            Error::Other(crate::t!("sync-busy", path = path.display().to_string()))
        }
        MirrorError::Record(kind) => Error::Protocol(crate::t!("sync-not-an-object", kind = kind)),
        MirrorError::NoId(fields) => Error::Protocol(crate::t!("sync-no-id", fields = fields)),
        MirrorError::NotAMirror => Error::Usage(crate::t!(
            "sync-not-a-mirror",
            path = path.display().to_string()
        )),
        // The database's own words; a PostgreSQL database says its own through `publish`.
        other => Error::Other(crate::t!(
            "sync-database-failed",
            path = path.display().to_string(),
            reason = other.to_string()
        )),
    }
}

/// Sends the PostgreSQL database what the working copy committed since its last publication: the
/// line that says how far it now goes.
async fn publish(
    ctx: &Context,
    mirror: &Mirror,
    target: &crate::mirror::postgres::Target,
    wait: bool,
) -> Result<String> {
    use crate::mirror::postgres;
    let published = async {
        let mut client = target.connect().await?;
        match postgres::publish(mirror.connection(), &mut client, false).await {
            Err(MirrorError::Busy) if wait => {
                ctx.reporter
                    .note(&crate::t!("sync-waiting", path = target.url.as_str()));
                postgres::publish(mirror.connection(), &mut client, true).await
            }
            other => other,
        }
    }
    .await
    .map_err(|e| match e {
        MirrorError::Busy => Error::Other(crate::t!("sync-busy", path = target.url.as_str())),
        MirrorError::OtherSource(id) => Error::Other(crate::t!(
            "sync-postgres-other-source",
            url = target.url.as_str(),
            id = id
        )),
        other => postgres_failure(target, other),
    })?;
    Ok(crate::t!(
        "sync-postgres-published",
        url = target.url.as_str(),
        run = published.run,
        rows = published.rows
    ))
}

/// A PostgreSQL database that failed `clinic sync` or `clinic sql`, said with its URL: a login it
/// turned away (exit 3, with the way to give it a password), or anything else.
pub fn postgres_failure(target: &crate::mirror::postgres::Target, e: MirrorError) -> Error {
    match e {
        MirrorError::Login(reason) => Error::Auth(crate::t!(
            "sync-postgres-login",
            url = target.url.as_str(),
            reason = reason
        )),
        // The server's own words, for what it was sent: it was reached.
        MirrorError::Refused(reason) => Error::Other(crate::t!(
            "sync-postgres-refused",
            url = target.url.as_str(),
            reason = reason
        )),
        other => Error::Other(crate::t!(
            "sync-postgres-failed",
            url = target.url.as_str(),
            reason = other.to_string()
        )),
    }
}

/// Opens the mirror for this sync: when another sync holds it, says so and waits (or, without
/// `wait`, refuses).
fn open(ctx: &Context, opts: &Options) -> Result<Mirror> {
    let failed = |e| mirror_error(&opts.path, e);
    match Mirror::open(&opts.path, false) {
        Err(MirrorError::Busy) if opts.wait => {
            ctx.reporter.note(&crate::t!(
                "sync-waiting",
                path = opts.path.display().to_string()
            ));
            Mirror::open(&opts.path, true).map_err(failed)
        }
        other => other.map_err(failed),
    }
}

pub async fn run(ctx: &Context, opts: Options) -> Result<Outcome> {
    let mut mirror = open(ctx, &opts)?;
    // The PostgreSQL database is reached and logged into, and its role's right to create the
    // mirror's tables asked, before the service is asked anything: a server down, a login refused
    // or a role that may not write ends the run now (exit 3 for the login and the role), not after
    // the walk.
    // A sync that may not wait also ends now when a session holds the publication lock.
    if let Some(target) = opts.publish.as_ref() {
        let (free, cannot_create) = async {
            let client = target.connect().await?;
            let cannot_create = crate::mirror::postgres::cannot_create(&client).await?;
            if opts.wait || cannot_create.is_some() {
                return Ok((true, cannot_create));
            }
            Ok((
                crate::mirror::postgres::publication_free(&client).await?,
                None,
            ))
        }
        .await
        .map_err(|e| postgres_failure(target, e))?;
        // A role that may not create the mirror's tables would fail at the publication, after
        // the whole walk.
        if let Some((role, schema)) = cannot_create {
            return Err(Error::Auth(crate::t!(
                "sync-postgres-cannot-create",
                url = target.url.as_str(),
                role = role,
                schema = schema
            )));
        }
        if !free {
            return Err(Error::Other(crate::t!(
                "sync-busy",
                path = target.url.as_str()
            )));
        }
    }
    // The clinic list is the clinic API's: a run of CRM streams alone never reads it, so that it
    // needs only the CRM's settings.
    let per_clinic = opts
        .streams
        .iter()
        .any(|s| s.tables().iter().any(|t| t.per_clinic));
    let clinics = if per_clinic {
        clinics(ctx, opts.clinics.as_ref()).await?
    } else {
        Vec::new()
    };
    let failed = |e| mirror_error(&opts.path, e);
    let names: Vec<&str> = opts.streams.iter().map(|s| s.name()).collect();
    let run = mirror
        .start_run(&now(), opts.full, &names.join(","))
        .map_err(failed)?;
    let mut outcome = Outcome {
        run: run.number,
        streams: Vec::new(),
        unread_money: 0,
        published: None,
    };
    let mut total = Counts::default();
    let mut result = Ok(());
    // How each table of each clinic was walked: the run's mode says the widest.
    let mut walked = Walked::default();
    'streams: for &stream in &opts.streams {
        let mut counts = Counts::default();
        // Said once per stream and column, over all its clinics.
        let mut unread_money = BTreeMap::new();
        // Said once per run and table, over all its clinics.
        let mut ignored_filter = std::collections::BTreeSet::new();
        let mut tables = stream.tables();
        if stream == Stream::Crm {
            match smart_processes(ctx).await {
                Ok(more) => tables.extend(more),
                Err(e) => {
                    result = Err(e);
                    break 'streams;
                }
            }
        }
        for table in &tables {
            let scoped: Vec<i64> = if table.per_clinic {
                clinics.clone()
            } else {
                vec![0]
            };
            // Every clinic of the table walked whole: what its IDs name may be learned.
            let mut whole = true;
            for clinic in scoped {
                match walk(ctx, &mut mirror, &run, &opts, table, clinic).await {
                    Ok(Some((done, unread, how, full))) => {
                        whole &= full;
                        walked.add(how);
                        if how == Walk::Fallback {
                            ignored_filter.insert(table.name);
                        }
                        counts.add(done);
                        for u in unread {
                            *unread_money.entry((u.table, u.column)).or_default() += u.count;
                        }
                    }
                    Ok(None) => whole = false,
                    Err(e) => {
                        result = Err(e);
                        break 'streams;
                    }
                }
            }
            if table.per_clinic
                && let Err(e) = mirror.learn_ids(table.name, &run, whole)
            {
                result = Err(mirror_error(&opts.path, e));
                break 'streams;
            }
        }
        // A tombstone a later clinic's move took back is no vanished record.
        let counts = counts.settled();
        for name in ignored_filter {
            ctx.reporter
                .warn(&crate::t!("sync-filter-ignored", stream = name));
        }
        outcome.unread_money += say_unread_money(ctx, &unread_money);
        total.add(counts);
        outcome.streams.push((stream, counts));
    }
    let mode = walked.mode(run.first, opts.full);
    let ended = mirror
        .end_run(&run, &now(), result.is_ok(), total, mode)
        .map_err(failed);
    // What the run committed goes to the database even when the run failed, so that the two stay
    // equal; the run's own failure is said first.
    let published = match &opts.publish {
        Some(target) => publish(ctx, &mirror, target, opts.wait).await.map(Some),
        None => Ok(None),
    };
    if let (Err(_), Ok(Some(line))) = (&result, &published) {
        // A failed run has no summary: how far the database goes is said now.
        ctx.reporter.note(line);
    }
    result?;
    ended?;
    outcome.published = published?;
    Ok(outcome)
}

/// The clinics to read: those `--clinic` names, else every clinic the login sees. `0` stands for
/// the one the server chooses (a clinic user's own).
async fn clinics(ctx: &Context, choice: Option<&Choice>) -> Result<Vec<i64>> {
    let target = crate::network::target(ctx, Some(choice.unwrap_or(&Choice::All))).await?;
    Ok(match target {
        Target::One(id) => vec![id.map_or(0, |id| id as i64)],
        Target::Many(list) => list.into_iter().map(|c| c.id as i64).collect(),
    })
}

/// How one table of one clinic was walked.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Walk {
    /// From its point: what changed since.
    Incremental,
    /// Whole, as asked (`--full`, `sync.full_every`) or for want of a point.
    Whole,
    /// Whole because the service ignores the modified-since filter.
    Fallback,
}

/// How the tables of a run were walked.
#[derive(Debug, Default)]
struct Walked {
    incremental: bool,
    whole: bool,
    fallback: bool,
}

impl Walked {
    fn add(&mut self, walk: Walk) {
        match walk {
            Walk::Incremental => self.incremental = true,
            Walk::Whole => self.whole = true,
            Walk::Fallback => self.fallback = true,
        }
    }

    /// The run's mode in `_runs`: `first` (the mirror's first run, which walks everything),
    /// `full` (asked, or every table walked whole), `whole-fallback` (some table walked whole
    /// because the service ignored the filter) or `incremental`.
    fn mode(&self, first: bool, full: bool) -> &'static str {
        if first {
            "first"
        } else if full || (self.whole && !self.incremental && !self.fallback) {
            "full"
        } else if self.fallback {
            "whole-fallback"
        } else {
            "incremental"
        }
    }
}

/// Walks one table of one clinic into the mirror: what it did, the money values it kept without
/// an exact amount, how it walked, and whether it read the whole list (so that what did not come is
/// known gone). `None`: the deployment has no such list.
async fn walk(
    ctx: &Context,
    mirror: &mut Mirror,
    run: &Run,
    opts: &Options,
    table: &streams::Table,
    clinic: i64,
) -> Result<Option<(Counts, Vec<UnreadMoney>, Walk, bool)>> {
    let failed = |e| mirror_error(&opts.path, e);
    let bookmark = mirror.bookmark(table.name, clinic).map_err(failed)?;
    let zone = ctx.profile.zone()?;
    // A point goes on only where the service filters by modification and was never seen ignoring
    // the filter; anything else is walked whole.
    let mut since: Option<NaiveDate> = match (table.modified, &bookmark.point) {
        (Some(_), Some(point))
            if !opts.full && !bookmark.ignores_filter && !full_due(ctx, &bookmark)? =>
        {
            NaiveDateTime::parse_from_str(point, POINT)
                .ok()
                .map(|p| ctx.filter_day(p))
                .transpose()?
                .or_else(|| {
                    NaiveDate::parse_from_str(point.get(..10).unwrap_or(point), "%Y-%m-%d").ok()
                })
        }
        _ => None,
    };
    let money_fields = ctx.profile.money_fields.clone();
    let money: crate::mirror::MoneyTest = std::sync::Arc::new(move |column: &str| {
        crate::money::is_money_column(column) || money_fields.iter().any(|m| m == column)
    });
    let mut writer = mirror
        .stream(table.name, clinic, run, money)
        .map_err(failed)?;
    if let Some(modified) = table.modified {
        writer.watch_modified(modified.field, since, zone);
    }
    let mut replace_point = false;
    let mut reads: u32;
    loop {
        match fetch(ctx, table, clinic, since, &mut writer, &opts.path).await {
            Ok(n) => reads = n,
            Err(Stopped::Local(e)) => return Err(e),
            // A deployment without the contact list answers its path as an unknown route.
            Err(Stopped::Walk(Error::Rejected { status: 404, .. })) if table.optional => {
                ctx.reporter
                    .note(&crate::t!("sync-list-absent", stream = table.name));
                return Ok(None);
            }
            Err(Stopped::Walk(e)) => return Err(in_clinic(clinic, e)),
        }
        // A point later than the server's own clock (saved under a clock that ran ahead) asked for
        // a future that holds nothing: it is dropped, and the list walked whole. Records that came
        // say the future was not empty: the server's clock (a `Date` header behind the records'
        // own times) is then the wrong one, and the point stays.
        if since.is_some()
            && writer.received() == 0
            && let Some((point, server)) = point_ahead(ctx, &bookmark)
        {
            ctx.reporter.warn(&crate::t!(
                "sync-point-ahead",
                stream = table.name,
                point = point,
                server = server
            ));
            since = None;
            replace_point = true;
            if let Some(modified) = table.modified {
                writer.watch_modified(modified.field, None, zone);
            }
            continue;
        }
        break;
    }
    let full = since.is_none();
    let cap = ctx.http.server_clock().first_in(zone);
    let done = writer
        .finish(End {
            full,
            cap,
            slack: crate::http::CLOCK_SLACK,
            local: chrono::Utc::now().with_timezone(&zone).naive_local(),
            replace_point,
            allow_empty: opts.allow_empty,
            // A list read more than once changed under the walk: what it brought is mirrored,
            // but only a quiet read may move the point past it.
            keep_point: reads > 1,
        })
        .map_err(failed)?;
    if done.kept_on_empty > 0 {
        ctx.reporter.warn(&crate::t!(
            "sync-empty-kept",
            table = table.name,
            clinic = clinic_name(clinic),
            rows = done.kept_on_empty
        ));
    }
    if let Some((server, newest)) = done.distrusted {
        ctx.reporter.warn(&crate::t!(
            "sync-clock-disagrees",
            stream = table.name,
            server = server.format(POINT).to_string(),
            newest = newest.format(POINT).to_string()
        ));
    }
    let full = full && done.kept_on_empty == 0;
    let ignored = since.is_some() && done.older > 0;
    // Records only one reading of the filter's day admits teach which day the deployment reads, as
    // an incremental report's do.
    let read_as = match (done.only_utc, done.only_local) {
        (Some(at), None) => Some((crate::config::FilterZone::Utc, at)),
        (None, Some(at)) => Some((crate::config::FilterZone::Local, at)),
        _ => None,
    };
    if let (false, Some(from), Some((zone, at)), Some(client)) =
        (ignored, since, read_as, ctx.api_if_ready())
    {
        client.learn_filter_zone(
            zone,
            &crate::config::FilterZoneEvidence {
                modified: at.format(POINT).to_string(),
                asked_from: from.format("%Y-%m-%d").to_string(),
            },
        );
    }
    if ignored {
        // Said by the caller, once per run.
        mirror
            .note_ignored_filter(table.name, clinic)
            .map_err(failed)?;
    }
    let how = if ignored || (since.is_none() && bookmark.ignores_filter && !opts.full) {
        Walk::Fallback
    } else if since.is_none() {
        Walk::Whole
    } else {
        Walk::Incremental
    };
    say_widened(ctx, &done.widened);
    for (table, fields) in &done.overflowed {
        ctx.reporter.warn(&crate::t!(
            "sync-overflow",
            table = table.as_str(),
            fields = *fields,
            limit = crate::mirror::MAX_COLUMNS as u64
        ));
    }
    let counts = done.counts;
    ctx.reporter.note(&crate::t!(
        "sync-stream-done",
        stream = table.name,
        clinic = clinic_name(clinic),
        new = counts.new,
        changed = counts.changed + counts.resurrected,
        vanished = counts.vanished,
        mode = if full { "full" } else { "incremental" }
    ));
    Ok(Some((counts, done.unread_money, how, full)))
}

/// The bookmark's point and the server's clock, when the point is later than the clock allows.
fn point_ahead(ctx: &Context, bookmark: &Bookmark) -> Option<(String, String)> {
    let point = NaiveDateTime::parse_from_str(bookmark.point.as_deref()?, POINT).ok()?;
    let server = ctx
        .http
        .server_clock()
        .latest_in(ctx.profile.zone().ok()?)?;
    (point > server + crate::http::CLOCK_SLACK).then(|| {
        (
            point.format(POINT).to_string(),
            server.format(POINT).to_string(),
        )
    })
}

/// Why reading a list into the mirror stopped.
enum Stopped {
    /// The mirror could not store a record, or the service's client could not be made: said as it
    /// is, not as the clinic's.
    Local(Error),
    /// The service's walk failed.
    Walk(Error),
}

/// Reads one list of one clinic (changed since `since`, else whole) into `writer`.
async fn fetch(
    ctx: &Context,
    table: &streams::Table,
    clinic: i64,
    since: Option<NaiveDate>,
    writer: &mut StreamWriter<'_>,
    path: &Path,
) -> std::result::Result<u32, Stopped> {
    let mut query: Vec<(String, String)> = Vec::new();
    if clinic != 0 {
        query.push(("clinica".into(), clinic.to_string()));
    }
    if let (Some(modified), Some(day)) = (table.modified, since) {
        query.push((modified.filter.into(), day.format("%Y-%m-%d").to_string()));
    }
    let mut store_failed = false;
    // A failed write stops the walk: nothing after it may be counted as mirrored.
    let mut store = |record: Record| {
        writer.push(record).map_err(|e| {
            store_failed = true;
            mirror_error(path, e)
        })
    };
    let walked = if let Some(select) = table.crm {
        crm_walk(ctx, table, select, &mut store).await.map(|()| 1)
    } else {
        let client = ctx.api().await.map_err(Stopped::Local)?;
        // A list answered whole is walked as a paged one: each record once, by ID.
        let source: Arc<dyn PageSource> = if table.paged() {
            Arc::new(ApiList::new(client, table.op, query))
        } else {
            Arc::new(WholeList::new(client, table.op, query))
        };
        let mut spec = ctx.walk();
        spec.all = true;
        spec.first = 1;
        spec.limit = None;
        crate::pages::walk(source, spec, &ctx.reporter, &mut store)
            .await
            .map(|summary| summary.reads)
    };
    walked.map_err(|e| {
        if store_failed {
            Stopped::Local(e)
        } else {
            Stopped::Walk(e)
        }
    })
}

/// A table for each smart process of the portal; none where it has no `crm.type.list` (one of
/// the classic family only) or no smart process.
async fn smart_processes(ctx: &Context) -> Result<Vec<streams::Table>> {
    let types = ctx.crm()?.types_if_any().await?;
    Ok(types
        .iter()
        .filter_map(|t| t.get("entityTypeId").and_then(serde_json::Value::as_u64))
        .map(streams::smart_process)
        .collect())
}

/// A CRM list walked by ID keyset, the fields `select` names, one page after another as the CRM's
/// pace allows.
async fn crm_walk(
    ctx: &Context,
    table: &streams::Table,
    select: &[&str],
    store: &mut impl FnMut(Record) -> Result<()>,
) -> Result<()> {
    use crate::crm::list::{KeysetList, ListQuery, PAGE_SIZE, unchanged};
    let query = ListQuery {
        filters: Vec::new(),
        select: select.iter().map(|s| s.to_string()).collect(),
        order: Vec::new(),
        fields_form: false,
        items_of: table.items_of,
    };
    let source = Arc::new(KeysetList::new(
        ctx.crm()?,
        table.op.path,
        query,
        unchanged,
        None,
    )?);
    let spec = crate::pages::Walk {
        per_page: PAGE_SIZE,
        first: 1,
        all: true,
        limit: None,
        ..ctx.walk()
    };
    crate::pages::walk(source, spec, &ctx.reporter, store)
        .await
        .map(|_| ())
}

/// Whether the profile's `sync.full_every` has passed since the stream's last full walk.
fn full_due(ctx: &Context, bookmark: &crate::mirror::Bookmark) -> Result<bool> {
    // Unless set, once a week: an incremental walk never sees a deletion, only a whole one does.
    let every = ctx
        .profile
        .sync
        .full_every
        .as_deref()
        .unwrap_or(DEFAULT_FULL_EVERY);
    let every = humantime::parse_duration(every).map_err(|_| {
        Error::invalid(
            "sync.full_every",
            every,
            &crate::t!("config-key-sync-full-every"),
        )
    })?;
    let last = bookmark
        .full_at
        .as_deref()
        .and_then(|t| chrono::DateTime::parse_from_str(t, RUN_TIME).ok());
    Ok(due(chrono::Local::now().fixed_offset(), last, every))
}

/// How often a full walk is due when `sync.full_every` is not set.
const DEFAULT_FULL_EVERY: &str = "7d";

/// Whether a full walk is due at `now`, the last one ended at `last`, every `every`. A last walk
/// dated in the future was stamped under a clock that ran ahead: waiting for it would put off every
/// full walk until then, so it is due at once.
fn due(
    now: chrono::DateTime<chrono::FixedOffset>,
    last: Option<chrono::DateTime<chrono::FixedOffset>>,
    every: std::time::Duration,
) -> bool {
    let Some(last) = last else {
        return true;
    };
    match now.signed_duration_since(last).to_std() {
        Ok(since) => since >= every,
        Err(_) => true,
    }
}

fn in_clinic(clinic: i64, e: Error) -> Error {
    if clinic == 0 {
        return e;
    }
    Error::InClinic {
        clinic: clinic.to_string(),
        source: Box::new(e),
    }
}

fn clinic_name(clinic: i64) -> String {
    if clinic == 0 {
        "-".into()
    } else {
        clinic.to_string()
    }
}

/// Says each column whose money values were not all exact amounts (table, column and count: never
/// a value, which is people's data); returns how many there were in all.
fn say_unread_money(ctx: &Context, unread: &BTreeMap<(String, String), u64>) -> u64 {
    for ((table, column), &count) in unread {
        ctx.reporter.warn(&crate::t!(
            "sync-money-unread",
            table = table.as_str(),
            column = column.as_str(),
            count = count
        ));
    }
    unread.values().sum()
}

fn say_widened(ctx: &Context, widened: &[Widened]) {
    for w in widened {
        ctx.reporter.warn(&crate::t!(
            "sync-widened",
            table = w.table.as_str(),
            column = w.column.as_str(),
            from = w.from,
            to = w.to
        ));
    }
}

/// The run's time, as the rows are stamped: local time of this machine, with its offset, so runs
/// sort and read the same anywhere.
fn now() -> String {
    chrono::Local::now().format(RUN_TIME).to_string()
}

/// How a run's time is written in the mirror.
const RUN_TIME: &str = "%Y-%m-%d %H:%M:%S%:z";

#[cfg(test)]
mod tests {
    use super::*;

    fn at(text: &str) -> chrono::DateTime<chrono::FixedOffset> {
        chrono::DateTime::parse_from_str(text, RUN_TIME).unwrap()
    }

    #[test]
    fn a_last_full_walk_dated_in_the_future_is_due() {
        let now = at("2026-03-01 10:00:00-03:00");
        let week = std::time::Duration::from_secs(7 * 86_400);
        let ahead = at("2026-03-31 10:00:00-03:00");
        assert!(due(now, Some(ahead), week));
        assert!(due(now, None, week));
        assert!(!due(now, Some(at("2026-02-27 10:00:00-03:00")), week));
        assert!(due(now, Some(at("2026-02-22 10:00:00-03:00")), week));
    }
}
