//! One stream of one clinic written into the mirror: each record upserted by its ID, what changed
//! logged field by field, in transactions of a bounded number of records. The stream's bookmark (and,
//! after a full walk, the tombstones of what no longer came) go in the same transaction as its last
//! records: a run killed at any moment leaves the mirror at a committed state, and the next run goes
//! on from the last committed bookmark, upserting again what it finds (nothing twice).

use std::collections::{BTreeMap, HashMap};

use chrono::{NaiveDate, NaiveDateTime};
use rusqlite::types::Value as Sql;
use rusqlite::{Connection, OptionalExtension, params, params_from_iter};

use super::cells::{self, Texts, quoted, text_of};
use super::ids;
use super::names;
use super::prepare::{Batch, MoneyTest, Prepared, Preparer};
use super::store::{Counts, Mirror, MirrorError, MirrorResult, Run};
use super::table::{Table, Widened};
use crate::output::{ColumnType as Kind, moment_in};
use crate::record::Record;

/// How a bookmark's point is written.
pub const POINT: &str = "%Y-%m-%d %H:%M:%S";

/// The field a `moved` change names: the clinic, by the mirror's own column.
pub const MOVED_FIELD: &str = "_clinic";

/// Records upserted in one transaction.
const BATCH: usize = 2_000;

/// The fields a record's ID is read from, in order, as the reference lists are read.
const ID_FIELDS: &[&str] = &["id", "ID", "Id", "codigo"];

/// How a stream's walk ended, for its last transaction.
pub struct End {
    /// The walk read the whole list (not only what changed since a point): what did not come is
    /// gone from the service, and gets a tombstone.
    pub full: bool,
    /// The latest point the bookmark may take: the server's clock at the run's first answer. A record
    /// stamped later (a clock that ran ahead) must not carry the point into a future that would
    /// hide every change until then. Records newer than the cap by more than `slack` that the local
    /// clock (`local`) does not contradict say the server's clock is the wrong one (two witnesses
    /// against one): the cap is then not used, and [`Finished::distrusted`] says so.
    pub cap: Option<NaiveDateTime>,
    pub slack: chrono::Duration,
    pub local: NaiveDateTime,
    /// The saved point was dropped (it was ahead of the server's clock): the new one replaces it
    /// even when earlier.
    pub replace_point: bool,
    /// A whole walk that brought nothing where the mirror holds live rows tombstones them anyway
    /// (`--allow-empty`); else it is taken for a server that lost its list for a moment.
    pub allow_empty: bool,
    /// The walk read the list more than once (it changed under the walk): the point stays where
    /// it was, so the next run reads again from there.
    pub keep_point: bool,
}

/// What a stream's walk wrote, once its last transaction is committed.
pub struct Finished {
    pub counts: Counts,
    /// The columns widened, each to be said once.
    pub widened: Vec<Widened>,
    /// Records modified before the day the walk asked from (a deployment that ignored the filter).
    pub older: u64,
    /// The newest record that came although only a filter read as a UTC day admits it (its day in
    /// the profile's zone is before the day asked), and the same for a day of the profile's zone.
    pub only_utc: Option<NaiveDateTime>,
    pub only_local: Option<NaiveDateTime>,
    /// Money values that are not an exact amount: kept as their text, their centavos left empty.
    pub unread_money: Vec<UnreadMoney>,
    /// Live rows a whole walk that came back empty left standing (not `allow_empty`): none
    /// tombstoned, and the walk not counted as full.
    pub kept_on_empty: u64,
    /// `(table, fields)`: fields first met in this walk that went to the table's `_overflow`.
    pub overflowed: Vec<(String, u64)>,
    /// The cap and the newest record time, when the records were newer than the cap allows.
    pub distrusted: Option<(NaiveDateTime, NaiveDateTime)>,
}

/// Money values of one column that could not be read as an exact amount.
pub struct UnreadMoney {
    pub table: String,
    pub column: String,
    pub count: u64,
}

pub struct StreamWriter<'m> {
    mirror: &'m mut Mirror,
    /// Records received since the last batch went to be prepared.
    pending: Vec<Record>,
    /// Prepares each batch on a thread of its own while the one before it is written, so that
    /// reading records and writing them overlap.
    preparer: Preparer,
    state: State,
    /// Records pushed so far.
    received: u64,
}

/// What a writer knows and counts, apart from the database it writes to.
struct State {
    stream: String,
    clinic: i64,
    run: Run,
    table: Option<Table>,
    /// Child tables, by the list field they hold.
    children: HashMap<String, Table>,
    counts: Counts,
    widened: Vec<Widened>,
    /// The field holding a record's modification time, and the day the walk asked from.
    modified: Option<&'static str>,
    /// The deployment's zone, in which a time that says its own zone is read.
    zone: chrono_tz::Tz,
    distrusted: Option<(NaiveDateTime, NaiveDateTime)>,
    asked_from: Option<NaiveDate>,
    newest: Option<NaiveDateTime>,
    older: u64,
    only_utc: Option<NaiveDateTime>,
    only_local: Option<NaiveDateTime>,
    /// Money values without an exact amount, by table and column.
    unread_money: BTreeMap<(String, String), u64>,
    kept_on_empty: u64,
    /// The table's IDs were learned unique across the service ([`Mirror::learn_ids`]): a record new
    /// to this clinic that another clinic holds has moved here.
    unique_ids: bool,
}

impl Mirror {
    /// A writer for `stream` (its table's name) of `clinic` (0: the one the server chose).
    pub fn stream(
        &mut self,
        stream: &str,
        clinic: i64,
        run: &Run,
        money: MoneyTest,
    ) -> MirrorResult<StreamWriter<'_>> {
        let table = Table::load(&self.conn, stream)?;
        let unique_ids = self
            .conn
            .query_row("SELECT ids FROM _tables WHERE tbl = ?1", [stream], |r| {
                r.get::<_, Option<String>>(0)
            })
            .optional()?
            .flatten()
            .is_some_and(|ids| ids == ids::UNIQUE_IDS);
        let mut children = HashMap::new();
        let prefix = format!("{stream}__");
        let names: Vec<(String, Option<String>)> = {
            let mut s = self.conn.prepare(
                "SELECT tbl, list FROM _tables WHERE child = 1 AND substr(tbl, 1, ?2) = ?1",
            )?;
            s.query_map(params![prefix, prefix.len() as i64], |r| {
                Ok((r.get(0)?, r.get(1)?))
            })?
            .collect::<rusqlite::Result<_>>()?
        };
        for (name, list) in names {
            // A mirror made before `list` was kept named each child table for its list.
            let list = list.unwrap_or_else(|| name[prefix.len()..].to_string());
            if let Some(t) = Table::load(&self.conn, &name)? {
                children.insert(list, t);
            }
        }
        Ok(StreamWriter {
            mirror: self,
            pending: Vec::new(),
            preparer: Preparer::new(money),
            received: 0,
            state: State {
                stream: stream.to_string(),
                clinic,
                run: run.clone(),
                table,
                children,
                counts: Counts::default(),
                widened: Vec::new(),
                modified: None,
                zone: chrono_tz::Tz::UTC,
                distrusted: None,
                asked_from: None,
                newest: None,
                older: 0,
                only_utc: None,
                only_local: None,
                unread_money: BTreeMap::new(),
                kept_on_empty: 0,
                unique_ids,
            },
        })
    }
}

impl StreamWriter<'_> {
    /// Watches `field` for each record's modification time: the newest is the stream's next point,
    /// and records older than `asked_from` show a deployment that ignored the filter.
    /// Times are read as wall times of `zone` (the deployment's).
    pub fn watch_modified(
        &mut self,
        field: &'static str,
        asked_from: Option<NaiveDate>,
        zone: chrono_tz::Tz,
    ) {
        self.state.modified = Some(field);
        self.state.asked_from = asked_from;
        self.state.zone = zone;
    }

    /// How many records were pushed.
    pub fn received(&self) -> u64 {
        self.received
    }

    pub fn push(&mut self, record: Record) -> MirrorResult<()> {
        self.received += 1;
        self.pending.push(record);
        if self.pending.len() >= BATCH {
            let batch = std::mem::take(&mut self.pending);
            if let Some(previous) = self.preparer.hand(batch) {
                self.write(previous, None)?;
            }
        }
        Ok(())
    }

    /// Writes what is left, then the tombstones of a full walk and the bookmark in the same
    /// transaction as the last records.
    pub fn finish(mut self, end: End) -> MirrorResult<Finished> {
        let rest = std::mem::take(&mut self.pending);
        let mut batches = self.preparer.finish(rest);
        let last = batches.pop().unwrap_or_default();
        for batch in batches {
            self.write(batch, None)?;
        }
        self.write(last, Some(&end))?;
        let state = self.state;
        let overflowed = state
            .table
            .iter()
            .chain(state.children.values())
            .filter(|t| t.overflowed > 0)
            .map(|t| (t.name.clone(), t.overflowed))
            .collect();
        Ok(Finished {
            overflowed,
            counts: state.counts,
            widened: state.widened,
            older: state.older,
            only_utc: state.only_utc,
            only_local: state.only_local,
            unread_money: state
                .unread_money
                .into_iter()
                .map(|((table, column), count)| UnreadMoney {
                    table,
                    column,
                    count,
                })
                .collect(),
            kept_on_empty: state.kept_on_empty,
            distrusted: state.distrusted,
        })
    }

    /// Writes one batch of records in one transaction (with `end`, the stream's last).
    fn write(&mut self, batch: Batch, end: Option<&End>) -> MirrorResult<()> {
        let tx = self.mirror.conn.transaction()?;
        let state = &mut self.state;
        for record in batch.records {
            state.upsert(&tx, record?, &batch.texts)?;
        }
        if let Some(end) = end {
            let mut full = end.full;
            if end.full
                && let Some(table) = &state.table
            {
                let c = &state.counts;
                let received = c.new + c.changed + c.resurrected + c.unchanged;
                let live = if received == 0 && !end.allow_empty {
                    live_rows(&tx, table, state.clinic)?
                } else {
                    0
                };
                if live > 0 {
                    // An empty answer where there were rows is more often a server's bad moment
                    // than a clinic that lost everything: the rows stay, and so does the date of
                    // the last full walk, so that the next one still comes when due.
                    state.kept_on_empty = live;
                    full = false;
                } else {
                    state.counts.vanished +=
                        tombstones(&tx, table, &state.stream, state.clinic, &state.run)?;
                }
            }
            let point = match (state.newest, end.cap) {
                (Some(newest), Some(cap))
                    if newest > cap + end.slack && newest <= end.local + end.slack =>
                {
                    state.distrusted = Some((cap, newest));
                    Some(newest)
                }
                (Some(newest), Some(cap)) => Some(newest.min(cap)),
                (newest, _) => newest,
            }
            .filter(|_| !end.keep_point)
            .map(|t| t.format(POINT).to_string());
            tx.execute(
                "INSERT INTO _bookmarks (stream, clinic, point, walked_at, full_at) \
                 VALUES (?1, ?2, ?3, ?4, CASE WHEN ?5 THEN ?4 END) \
                 ON CONFLICT (stream, clinic) DO UPDATE SET \
                   point = CASE WHEN ?6 THEN excluded.point \
                                WHEN excluded.point IS NULL THEN point \
                                WHEN point IS NULL OR excluded.point > point THEN excluded.point \
                                ELSE point END, \
                   walked_at = excluded.walked_at, \
                   full_at = COALESCE(excluded.full_at, full_at)",
                params![
                    state.stream,
                    state.clinic,
                    point,
                    state.run.at,
                    full,
                    end.replace_point
                ],
            )?;
        }
        tx.commit()?;
        Ok(())
    }
}

/// The table of the elements of `stream`'s list `field`: `stream__field`, as [`super::names`] makes
/// a name that no table or index of the mirror holds.
fn child_name(conn: &Connection, stream: &str, field: &str) -> rusqlite::Result<String> {
    let held: std::collections::HashSet<String> = conn
        .prepare("SELECT name FROM sqlite_schema")?
        .query_map([], |r| r.get::<_, String>(0))?
        .map(|n| n.map(|n| names::folded(&n)))
        .collect::<rusqlite::Result<_>>()?;
    Ok(names::name_for(&format!("{stream}__{field}"), 0, &|c| {
        held.contains(&names::folded(c))
    }))
}

impl State {
    fn upsert(&mut self, conn: &Connection, record: Prepared, texts: &Texts) -> MirrorResult<()> {
        let split = record.split;
        self.watch(&split.cells, texts);
        let table = match self.table.take() {
            Some(t) => t,
            None => {
                let Some(key) = ID_FIELDS
                    .iter()
                    .find(|k| id_cell(&split.cells, k, texts).is_some())
                else {
                    return Err(MirrorError::NoId(cells::field_names(&split.cells)));
                };
                let kind = split
                    .cells
                    .iter()
                    .find(|c| &*c.column == *key)
                    .map(|c| c.kind)
                    .unwrap_or(Kind::Text);
                Table::create_parent(conn, &self.stream, key, kind)?
            }
        };
        let mut table = table;
        let result = self.upsert_into(conn, &mut table, split, record.hash, texts);
        self.table = Some(table);
        result
    }

    fn upsert_into(
        &mut self,
        conn: &Connection,
        table: &mut Table,
        split: cells::Split,
        hash: i64,
        texts: &Texts,
    ) -> MirrorResult<()> {
        if id_cell(&split.cells, &table.key, texts).is_none() {
            return Err(MirrorError::NoId(cells::field_names(&split.cells)));
        }
        self.widened.extend(table.fit(conn, &split.cells)?);
        let key_kind = table.column(&table.key).map_or(Kind::Text, |c| c.kind);
        let key = id_cell(&split.cells, &table.key, texts)
            .map_or(Sql::Null, |c| cells::stored(c, texts, key_kind));
        let id_text = text_of(&key).unwrap_or_default();
        table.prepare_statements();
        let table = &*table;
        let statements = table.cached_statements();
        let clinic = self.clinic;
        let exists = |conn: &Connection| -> rusqlite::Result<Option<(i64, bool)>> {
            conn.prepare_cached(&statements.exists)?
                .query_row(params![clinic, key], |r| Ok((r.get(0)?, r.get(1)?)))
                .optional()
        };
        let mut existing = exists(conn)?;
        // A record new to this clinic may be one another clinic held: it moved here.
        let moved = if existing.is_none() && self.unique_ids {
            self.move_here(conn, table, &key, &id_text)?
        } else {
            false
        };
        if moved {
            existing = exists(conn)?;
        }
        let values = table.values(&split.cells, texts, &mut |column| {
            *self
                .unread_money
                .entry((table.name.clone(), column.to_string()))
                .or_default() += 1;
        });
        let at = &self.run.at;
        let run = self.run.number;
        let rewrite_children = match existing {
            None => {
                let mut all: Vec<Sql> = Vec::with_capacity(values.len() + 8);
                all.push(Sql::Integer(self.clinic));
                all.extend(values);
                all.extend([
                    Sql::Integer(hash),
                    Sql::Integer(run),
                    Sql::Integer(run),
                    Sql::Text(at.clone()),
                    Sql::Text(at.clone()),
                    Sql::Text(at.clone()),
                    Sql::Null,
                ]);
                conn.prepare_cached(&statements.insert)?
                    .execute(params_from_iter(all))?;
                self.counts.new += 1;
                Some(false)
            }
            Some((old_hash, false)) if old_hash == hash && !moved => {
                conn.prepare_cached(&statements.touch)?.execute(params![
                    self.clinic,
                    key,
                    run,
                    at
                ])?;
                self.counts.unchanged += 1;
                None
            }
            Some((_, deleted)) => {
                let width = values.len();
                let old: Vec<Sql> = conn
                    .prepare_cached(&statements.old)?
                    .query_row(params![self.clinic, key], |r| {
                        (0..width).map(|i| r.get::<_, Sql>(i)).collect()
                    })?;
                let names = table.change_names();
                let mut diffs = Vec::new();
                for ((name, old), new) in names.iter().zip(&old).zip(&values) {
                    if let Some((name, money)) = name
                        && text_of(old) != text_of(new)
                    {
                        // Money is logged as people write it: `910.80`, not `910.8`.
                        let text = if *money { cells::money_text } else { text_of };
                        diffs.push((*name, text(old), text(new)));
                    }
                }
                let changed = deleted || moved || !diffs.is_empty();
                let mut all: Vec<Sql> = vec![Sql::Integer(self.clinic), key.clone()];
                all.extend(values);
                all.extend([
                    Sql::Integer(hash),
                    Sql::Integer(run),
                    Sql::Text(at.clone()),
                    Sql::Integer(i64::from(changed)),
                ]);
                conn.prepare_cached(&statements.update)?
                    .execute(params_from_iter(all))?;
                let mut log = conn.prepare_cached(
                    "INSERT INTO _changes (run, stream, clinic, id, change, field, old, new) \
                     VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)",
                )?;
                if deleted {
                    log.execute(params![
                        run,
                        self.stream,
                        self.clinic,
                        id_text,
                        "resurrected",
                        None::<String>,
                        None::<String>,
                        None::<String>
                    ])?;
                    self.counts.resurrected += 1;
                } else if changed {
                    self.counts.changed += 1;
                } else {
                    self.counts.unchanged += 1;
                }
                for (field, old, new) in &diffs {
                    log.execute(params![
                        run,
                        self.stream,
                        self.clinic,
                        id_text,
                        "changed",
                        field,
                        old,
                        new
                    ])?;
                }
                // The rows it had are replaced, also those of lists it no longer has.
                changed.then_some(true)
            }
        };
        // `Some(earlier)`: the record's lists go to their child tables, replacing the rows it had when
        // `earlier` (a new record has none to replace).
        if let Some(earlier) = rewrite_children {
            self.write_children(conn, key_kind, &key, split.children, texts, earlier)?;
        }
        Ok(())
    }

    /// Moves to this clinic the row another clinic holds under the ID `key`, when that clinic's walk
    /// did not list it in this run: one record that changed clinic, logged as one `moved` change
    /// (`_clinic`, from the old clinic to this one), its row kept with its history, never a
    /// tombstone there and a new row here. A tombstone this run gave it (its clinic was walked whole
    /// before this one) is taken back. Listed by the other clinic in this same run, it is another
    /// record with the same ID: the table's IDs are per clinic, learned for good, and nothing moves.
    /// Whether it moved.
    fn move_here(
        &mut self,
        conn: &Connection,
        table: &Table,
        key: &Sql,
        id_text: &str,
    ) -> MirrorResult<bool> {
        let t = quoted(&table.name);
        let k = quoted(&table.key);
        let other: Option<(i64, i64, bool)> = conn
            .prepare_cached(&format!(
                "SELECT \"_clinic\", \"_seen_run\", \"_deleted_at\" IS NOT NULL FROM {t} \
                 WHERE {k} = ?1 AND \"_clinic\" <> ?2 ORDER BY \"_seen_run\" DESC LIMIT 1"
            ))?
            .query_row(params![key, self.clinic], |r| {
                Ok((r.get(0)?, r.get(1)?, r.get(2)?))
            })
            .optional()?;
        let Some((from, seen, deleted)) = other else {
            return Ok(false);
        };
        let run = self.run.number;
        if seen == run {
            ids::set_ids(conn, &table.name, &table.key, ids::PER_CLINIC)?;
            self.unique_ids = false;
            return Ok(false);
        }
        let recalled = deleted
            && conn
                .prepare_cached(
                    "DELETE FROM _changes WHERE run = ?1 AND stream = ?2 AND clinic = ?3 \
                     AND id = ?4 AND change = 'vanished'",
                )?
                .execute(params![run, self.stream, from, id_text])?
                > 0;
        conn.prepare_cached(&format!(
            "UPDATE {t} SET \"_clinic\" = ?1, \
             \"_deleted_at\" = CASE WHEN ?4 THEN NULL ELSE \"_deleted_at\" END \
             WHERE \"_clinic\" = ?2 AND {k} = ?3"
        ))?
        .execute(params![self.clinic, from, key, recalled])?;
        // Its lists are written again under this clinic, as a changed record's are.
        for child in self.children.values_mut() {
            conn.prepare_cached(&child.statements().delete_children)?
                .execute(params![from, key])?;
        }
        conn.prepare_cached(
            "INSERT INTO _changes (run, stream, clinic, id, change, field, old, new) \
             VALUES (?1, ?2, ?3, ?4, 'moved', ?5, ?6, ?7)",
        )?
        .execute(params![
            run,
            self.stream,
            self.clinic,
            id_text,
            MOVED_FIELD,
            from.to_string(),
            self.clinic.to_string()
        ])?;
        self.counts.moved += 1;
        if recalled {
            self.counts.recalled += 1;
        }
        Ok(true)
    }

    /// The record's lists of objects, each element a row of its child table (with `earlier`, the
    /// parent's earlier rows replaced, also for lists it no longer has).
    fn write_children(
        &mut self,
        conn: &Connection,
        key_kind: Kind,
        key: &Sql,
        children: Vec<cells::Child>,
        texts: &Texts,
        earlier: bool,
    ) -> MirrorResult<()> {
        if earlier {
            for child in self.children.values_mut() {
                conn.prepare_cached(&child.statements().delete_children)?
                    .execute(params![self.clinic, key])?;
            }
        }
        for (field, rows) in children {
            let mut child = match self.children.remove(&*field) {
                Some(t) => t,
                None => {
                    let name = child_name(conn, &self.stream, &field)?;
                    Table::create_child(conn, &name, &field, key_kind)?
                }
            };
            for (position, cells) in rows.into_iter().enumerate() {
                self.widened.extend(child.fit(conn, &cells)?);
                let mut all = vec![
                    Sql::Integer(self.clinic),
                    key.clone(),
                    Sql::Integer(position as i64),
                ];
                let unread_money = &mut self.unread_money;
                all.extend(child.values(&cells, texts, &mut |column| {
                    *unread_money
                        .entry((child.name.clone(), column.to_string()))
                        .or_default() += 1;
                }));
                conn.prepare_cached(&child.statements().insert)?
                    .execute(params_from_iter(all))?;
            }
            self.children.insert(field.to_string(), child);
        }
        Ok(())
    }

    fn watch(&mut self, cells: &[cells::Cell], texts: &Texts) {
        let Some(field) = self.modified else {
            return;
        };
        let Some(cell) = cells
            .iter()
            .find(|c| &*c.column == field && c.scalar == crate::output::Scalar::String)
        else {
            return;
        };
        let text = cell.text(texts);
        let Some(at) = moment_in(text, &self.zone) else {
            return;
        };
        if self.newest.is_none_or(|n| at > n) {
            self.newest = Some(at);
        }
        // Older than the day asked in both readings of it: a deployment that reads the filter's day
        // in UTC rightly sends the evening before it, in the profile's zone.
        let utc = crate::output::utc_day(at, &self.zone).unwrap_or(at.date());
        if let Some(from) = self.asked_from {
            let newer = |kept: Option<NaiveDateTime>| Some(kept.map_or(at, |k| k.max(at)));
            match (at.date() < from, utc < from) {
                (true, true) => self.older += 1,
                (true, false) => self.only_utc = newer(self.only_utc),
                (false, true) => self.only_local = newer(self.only_local),
                (false, false) => {}
            }
        }
    }
}

/// Rows of `clinic` the run did not see get a tombstone (and a `vanished` entry); never deleted.
fn tombstones(
    conn: &Connection,
    table: &Table,
    stream: &str,
    clinic: i64,
    run: &Run,
) -> MirrorResult<u64> {
    let gone: Vec<Sql> = conn
        .prepare(&format!(
            "UPDATE {t} SET \"_deleted_at\" = ?3, \"_changed_at\" = ?3 \
             WHERE \"_clinic\" = ?1 AND \"_seen_run\" < ?2 AND \"_deleted_at\" IS NULL RETURNING {k}",
            t = quoted(&table.name),
            k = quoted(&table.key),
        ))?
        .query_map(params![clinic, run.number, run.at], |r| r.get(0))?
        .collect::<rusqlite::Result<_>>()?;
    let mut log = conn.prepare_cached(
        "INSERT INTO _changes (run, stream, clinic, id, change) VALUES (?1, ?2, ?3, ?4, 'vanished')",
    )?;
    for id in &gone {
        log.execute(params![
            run.number,
            stream,
            clinic,
            text_of(id).unwrap_or_default()
        ])?;
    }
    Ok(gone.len() as u64)
}

/// Rows of `clinic` in `table` that are not tombstoned.
fn live_rows(conn: &Connection, table: &Table, clinic: i64) -> MirrorResult<u64> {
    let n: i64 = conn.query_row(
        &format!(
            "SELECT COUNT(*) FROM {t} WHERE \"_clinic\" = ?1 AND \"_deleted_at\" IS NULL",
            t = quoted(&table.name)
        ),
        params![clinic],
        |r| r.get(0),
    )?;
    Ok(n as u64)
}

/// The cell of a record's ID field `key`, when it holds a value. An empty string is stored as no
/// value at all, so it is no ID either: the record is refused as one without an ID, not by the
/// database's constraint.
fn id_cell<'c>(cells: &'c [cells::Cell], key: &str, texts: &Texts) -> Option<&'c cells::Cell> {
    use crate::output::Scalar;
    cells.iter().find(|c| {
        &*c.column == key
            && c.scalar != Scalar::Null
            && !(c.scalar == Scalar::String && c.text(texts).is_empty())
    })
}
