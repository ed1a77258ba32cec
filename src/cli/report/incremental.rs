//! What a report's run remembers between runs, and `--since`:
//! - `--since DATE` asks only for the records modified since then, through the list's own
//!   modified-since filter;
//! - `--since last` starts where the last complete run of the same export into the same output
//!   (profile, report, the filters that select records, clinics, and the file or dataset folder)
//!   left its point. A new output, or one whose file or folder is gone, gets every record first.
//! - The point a complete run saves comes from the data, as Singer bookmarks do: the newest
//!   modification time among its records — never later than the server's own clock at the run's
//!   start, by its `Date` header — less `--since-overlap` (10 minutes by default). The local clock
//!   never sets it: a machine two days ahead would otherwise save a point in the future and miss
//!   every change until then. A `Date` header that the records' own times contradict by more than
//!   the overlap (a proxy whose clock was set by hand) is named in a warning and not trusted. A run
//!   that fails leaves the point where it was.
//! - Times that say their zone (`2026-11-22T23:10:00Z`, `…-03:00`) are read as those instants, in
//!   the profile's `timezone`; a time without one is that zone's local time.
//! - Every report run with records remembers its columns for the profile, so that a run that finds
//!   none still writes a header (or a schema) a reader opens.

use std::path::Path;
use std::sync::Arc;
use std::time::Duration;

use chrono::{NaiveDate, NaiveDateTime};

use crate::config::state::{self, MOMENT, Since, State};
use crate::context::Context;
use crate::error::{Error, Result};
use crate::http::ServerClock;
use crate::watch::Watch;

/// The overlap when `--since-overlap` is not given.
const OVERLAP: Duration = Duration::from_secs(10 * 60);

/// The field of a record that holds when it was last modified.
const MODIFIED: &str = "modificado_em";

/// A report's export, as far as what it remembers goes.
pub(super) struct Export<'a> {
    /// The report's name (`report ficha-financeira`).
    pub report: &'static str,
    /// The filters and clinics that select its records, as `--flag=value` words.
    pub selection: String,
    /// The program's own text of the arguments: the name earlier versions gave the point.
    pub legacy: String,
    /// The fields the service documents for the report: an empty output's columns when no earlier
    /// run saw any.
    pub documented: &'a [&'a str],
}

pub(super) struct Run {
    report: &'static str,
    /// Records modified from then on; `None` is every record.
    from: Option<NaiveDateTime>,
    /// With `--since last`: the point to move forward.
    point: Option<Point>,
    started: NaiveDateTime,
    watch: Arc<Watch>,
    zone: chrono_tz::Tz,
}

/// The point of `--since last` this run moves.
struct Point {
    id: String,
    filters: String,
    target: String,
    /// An earlier version's point this run started from: removed once this output has its own.
    legacy: Option<String>,
}

impl Run {
    /// Before the walk: where it starts.
    pub(super) fn start(ctx: &Context, export: &Export) -> Result<Run> {
        let started = now(ctx)?;
        let zone = ctx.profile.zone()?;
        let mut from = None;
        let mut point = None;
        match ctx.global.since {
            None => {}
            Some(Since::At(at)) => from = Some(at),
            Some(Since::Last) => {
                let (saved, found) = Point::find(ctx, export)?;
                from = saved;
                point = Some(found);
            }
            Some(Since::Run(run)) => {
                return Err(Error::invalid(
                    "--since",
                    run,
                    &crate::t!("cli-expected-since"),
                ));
            }
        }
        if let Some(from) = from {
            ctx.reporter.note(&crate::t!(
                "cli-since-from",
                since = from.format(MOMENT).to_string()
            ));
        }
        let empty_columns = state::columns(ctx.env(), &ctx.profile_name, export.report)
            .unwrap_or_else(|| export.documented.iter().map(|c| c.to_string()).collect());
        let watch = Arc::new(Watch::new(
            MODIFIED,
            from.map(|f| ctx.filter_day(f)).transpose()?,
            empty_columns.clone(),
            zone,
        ));
        ctx.watch_records(Some(watch.clone()));
        Ok(Run {
            report: export.report,
            from,
            point,
            started,
            watch,
            zone,
        })
    }

    /// The list's modified-since date: the service's filter takes a day, so the whole day of
    /// `--since` comes (records of that day before the moment come again, which readers dedupe by
    /// ID and modification time). A `--modified-from` given too would be one of the two ignored.
    /// The day is the point's day as the deployment reads the filter once a run learned that, else
    /// the earlier of its day in the profile's zone and in UTC ([`Context::filter_day`]).
    pub(super) fn since_date(&self, given: Option<NaiveDate>) -> Result<Option<NaiveDate>> {
        match (self.from, given) {
            (None, given) => Ok(given),
            (Some(_), Some(given)) => Err(Error::invalid(
                "--modified-from",
                given,
                &crate::t!("cli-since-and-modified-from"),
            )),
            (Some(_), None) => Ok(self.watch.asked_from()),
        }
    }

    /// After a walk from a saved point: when the point is later than the server's own clock (a point
    /// saved under a clock that ran ahead), the walk asked for a future that holds nothing. The point
    /// is dropped with a warning, and the caller walks again with no filter: a full run.
    pub(super) fn again_in_full(&mut self, ctx: &Context) -> bool {
        let (Some(from), Some(_)) = (self.from, &self.point) else {
            return false;
        };
        let Some(server) = server_time(ctx, ServerClock::latest_in) else {
            return false;
        };
        if from <= server + crate::http::CLOCK_SLACK {
            return false;
        }
        // Records modified after the server's clock, that the local clock does not contradict, say
        // the server's clock is wrong, not the point.
        if let Some(newest) = self.watch.newest()
            && newest > server + crate::http::CLOCK_SLACK
            && now(ctx).is_ok_and(|now| newest <= now + crate::http::CLOCK_SLACK)
        {
            distrust_clock(ctx, newest, server);
            return false;
        }
        ctx.reporter.warn(&crate::t!(
            "cli-since-point-ahead",
            since = from.format(MOMENT).to_string(),
            server = server.format(MOMENT).to_string()
        ));
        self.from = None;
        self.watch = Arc::new(Watch::new(
            MODIFIED,
            None,
            self.watch.empty_columns().to_vec(),
            self.zone,
        ));
        ctx.watch_records(Some(self.watch.clone()));
        true
    }

    /// After the walk: a complete run remembers its columns and, with `--since last`, moves its
    /// point to what its records say; a failed one leaves everything as it was.
    pub(super) fn finish(self, ctx: &Context, walked: Result<()>) -> Result<()> {
        ctx.watch_records(None);
        walked?;
        learn_filter_zone(ctx, &self.watch);
        let columns = self.watch.columns();
        // A run that may change nothing on disk (a read tool of `clinic mcp`) remembers nothing: the
        // columns are a courtesy to the next export, which learns them again.
        if !columns.is_empty()
            && !ctx.global.read_only
            && let Err(e) = state::save_columns(ctx.env(), &ctx.profile_name, self.report, &columns)
        {
            ctx.reporter.warn(&e.to_string());
        }
        if let Some(from) = self.from
            && self.watch.older() > 0
        {
            ctx.reporter.warn(&crate::t!(
                "cli-since-filter-ignored",
                count = self.watch.older(),
                since = from.format(MOMENT).to_string()
            ));
        }
        let Some(point) = self.point.filter(|_| !ctx.global.read_only) else {
            return Ok(());
        };
        let mut server_start = server_time(ctx, ServerClock::first_in);
        // A `Date` header behind the records' own times by more than the overlap is a wrong clock
        // (a proxy's, set by hand) when the local clock agrees with the records: the records' times
        // set the point, and the header is not used. Records ahead of both clocks are the wrong
        // ones, and the header still caps the point.
        if let (Some(newest), Some(start)) = (self.watch.newest(), server_start)
            && newest > start + overlap(ctx)
            && now(ctx).is_ok_and(|now| newest <= now + crate::http::CLOCK_SLACK)
        {
            distrust_clock(ctx, newest, start);
            server_start = None;
        }
        let newest = match (self.watch.newest(), server_start) {
            (Some(newest), Some(start)) => Some(newest.min(start)),
            // Records came but none says when it was modified (a deployment without the field):
            // everything modified before the run began was read, so the server's clock at its start
            // is a safe point.
            (None, Some(start)) if self.watch.records() > 0 => Some(start),
            (newest, _) => newest,
        };
        // No record came: nothing says the list moved on, so the point stays where it was (a first
        // run that found nothing saves none, and the next run asks for everything again).
        let Some(next) = newest.map(|n| n - overlap(ctx)).or(self.from) else {
            ctx.reporter.note(&match self.watch.records() {
                0 => crate::t!("cli-since-nothing-saved"),
                _ => crate::t!("cli-since-no-modified-time", field = MODIFIED),
            });
            return Ok(());
        };
        state::save(
            ctx.env(),
            &point.id,
            &State {
                profile: ctx.profile_name.clone(),
                report: self.report.to_string(),
                filters: point.filters,
                target: Some(point.target),
                since: next.format(MOMENT).to_string(),
                run_started: self.started.format(MOMENT).to_string(),
                zone: Some(ctx.profile.zone_name().to_string()),
            },
        )?;
        if let Some(legacy) = point.legacy {
            state::reset(ctx.env(), &legacy)?;
        }
        ctx.reporter.note(&crate::t!(
            "cli-since-saved",
            since = next.format(MOMENT).to_string(),
            id = point.id.as_str()
        ));
        Ok(())
    }
}

impl Point {
    /// The point of this export into this output, and where it says to start (`None`: every
    /// record). Standard output keeps no point: it is refused before anything is sent.
    fn find(ctx: &Context, export: &Export) -> Result<(Option<NaiveDateTime>, Point)> {
        let output = ctx
            .global
            .output
            .as_deref()
            .filter(|p| p.as_os_str() != "-")
            .ok_or_else(|| {
                Error::invalid("--since", "last", &crate::t!("cli-since-last-needs-output"))
            })?;
        let target = canonical(output);
        let id = state::id(&ctx.profile_name, export.report, &export.selection, &target);
        let mut point = Point {
            id: id.clone(),
            filters: export.selection.clone(),
            target: target.clone(),
            legacy: None,
        };
        let mut saved = state::load(ctx.env(), &id)?;
        if saved.is_none() {
            let legacy = state::legacy_id(&ctx.profile_name, export.report, &export.legacy);
            if let Some(old) = state::load(ctx.env(), &legacy)?.filter(|s| s.target.is_none()) {
                saved = Some(old);
                point.legacy = Some(legacy);
            }
        }
        let Some(saved) = saved else {
            ctx.reporter
                .note(&crate::t!("cli-since-first-run", target = target.as_str()));
            return Ok((None, point));
        };
        if !output.exists() {
            ctx.reporter.note(&crate::t!(
                "cli-since-target-missing",
                target = target.as_str()
            ));
            return Ok((None, point));
        }
        let since = saved.since().ok_or_else(|| {
            Error::Config(crate::t!("cli-since-state-unreadable", id = id.as_str()))
        })?;
        if point.legacy.is_some() {
            ctx.reporter
                .note(&crate::t!("cli-since-migrated", target = target.as_str()));
        }
        Ok((Some(since), point))
    }
}

/// The output's path as one text whatever way it was written: absolute, its folders resolved where
/// they exist, with no trailing separator (`-o data/` and `-o ./data` are one dataset).
fn canonical(path: &Path) -> String {
    let absolute = std::path::absolute(path).unwrap_or_else(|_| path.to_path_buf());
    let resolved = absolute.canonicalize().ok().or_else(|| {
        let parent = absolute.parent()?.canonicalize().ok()?;
        Some(parent.join(absolute.file_name()?))
    });
    let text = resolved.unwrap_or(absolute).to_string_lossy().into_owned();
    match text.trim_end_matches(std::path::MAIN_SEPARATOR) {
        "" => text,
        trimmed => trimmed.to_string(),
    }
}

/// A filtered walk whose records only one reading of the filter's day admits teaches which day the
/// deployment reads: later runs send that day instead of the earlier of the two.
fn learn_filter_zone(ctx: &Context, watch: &Watch) {
    let (Some((zone, at)), Some(from), Some(client)) = (
        watch.filter_read_as(),
        watch.asked_from(),
        ctx.api_if_ready(),
    ) else {
        return;
    };
    client.learn_filter_zone(
        zone,
        &crate::config::FilterZoneEvidence {
            modified: at.format(MOMENT).to_string(),
            asked_from: from.format("%Y-%m-%d").to_string(),
        },
    );
}

/// Says that the server's clock (`server`, by its `Date` header) is behind the records' own times
/// (`newest`) and is not trusted.
fn distrust_clock(ctx: &Context, newest: NaiveDateTime, server: NaiveDateTime) {
    ctx.reporter.warn(&crate::t!(
        "cli-since-clock-disagrees",
        server = server.format(MOMENT).to_string(),
        newest = newest.format(MOMENT).to_string()
    ));
}

fn overlap(ctx: &Context) -> chrono::Duration {
    chrono::Duration::from_std(ctx.global.since_overlap.unwrap_or(OVERLAP)).unwrap_or_default()
}

/// A time by the server's clock (`which` of its readings), in the profile's zone, as the service
/// writes its times.
fn server_time(
    ctx: &Context,
    which: fn(&ServerClock, chrono_tz::Tz) -> Option<NaiveDateTime>,
) -> Option<NaiveDateTime> {
    which(ctx.http.server_clock(), ctx.profile.zone().ok()?)
}

/// Now in the profile's timezone: the service writes its times in local time, without a zone.
/// Debug builds let a test set the clock ahead or behind (`CLINIC_TEST_CLOCK_SKEW`, in seconds),
/// to show that no point depends on it.
fn now(ctx: &Context) -> Result<NaiveDateTime> {
    let tz = ctx.profile.zone()?;
    let now = chrono::Utc::now();
    #[cfg(debug_assertions)]
    let now = now
        + ctx
            .env()
            .var("CLINIC_TEST_CLOCK_SKEW")
            .and_then(|s| s.parse::<i64>().ok())
            .map_or(chrono::Duration::zero(), chrono::Duration::seconds);
    Ok(now.with_timezone(&tz).naive_local())
}
