//! `--since` on a report: only the records modified since a moment, through the list's own
//! modified-since filter. `--since last` starts where the last complete run of the same export
//! (profile, report, filters and clinics) said to, and a run that completes moves that point to a
//! little before its own start (`--since-overlap`, 10 minutes by default), so a record changed
//! while it ran comes again in the next one. A run that fails leaves the point where it was.

use std::time::Duration;

use chrono::{NaiveDate, NaiveDateTime};

use crate::config::state::{self, MOMENT, Since, State};
use crate::context::Context;
use crate::error::{Error, Result};

/// The overlap when `--since-overlap` is not given.
const OVERLAP: Duration = Duration::from_secs(10 * 60);

pub(super) struct Run {
    /// Records modified from then on; `None` is every record.
    from: Option<NaiveDateTime>,
    /// With `--since last`: the state to move forward, and what it is of.
    state: Option<(String, String, String)>,
    started: NaiveDateTime,
}

impl Run {
    /// Before the walk: where it starts (`report` and `filters` name the export).
    pub(super) fn start(ctx: &Context, report: &str, filters: &str) -> Result<Run> {
        let started = now(ctx)?;
        let mut run = Run {
            from: None,
            state: None,
            started,
        };
        match ctx.global.since {
            None => {}
            Some(Since::At(at)) => run.from = Some(at),
            Some(Since::Last) => {
                let id = state::id(&ctx.profile_name, report, filters);
                match state::load(&id)? {
                    Some(saved) => {
                        run.from = Some(saved.since().ok_or_else(|| {
                            Error::Config(crate::t!("cli-since-state-unreadable", id = id.as_str()))
                        })?);
                    }
                    None => ctx
                        .reporter
                        .note(&crate::t!("cli-since-first-run", id = id.as_str())),
                }
                run.state = Some((id, report.to_string(), filters.to_string()));
            }
        }
        if let Some(from) = run.from {
            ctx.reporter.note(&crate::t!(
                "cli-since-from",
                since = from.format(MOMENT).to_string()
            ));
        }
        Ok(run)
    }

    /// The list's modified-since date: the service's filter takes a day, so the whole day of
    /// `--since` comes (records of that day before the moment come again, which readers dedupe by
    /// ID and modification time). A `--modified-from` given too would be one of the two ignored.
    pub(super) fn since_date(&self, given: Option<NaiveDate>) -> Result<Option<NaiveDate>> {
        match (self.from, given) {
            (None, given) => Ok(given),
            (Some(_), Some(given)) => Err(Error::invalid(
                "--modified-from",
                given,
                &crate::t!("cli-since-and-modified-from"),
            )),
            (Some(from), None) => Ok(Some(from.date())),
        }
    }

    /// After the walk: with `--since last`, a complete run moves the state to its start less the
    /// overlap; a failed one leaves it.
    pub(super) fn finish(self, ctx: &Context, walked: Result<()>) -> Result<()> {
        walked?;
        let Some((id, report, filters)) = self.state else {
            return Ok(());
        };
        let overlap = ctx.global.since_overlap.unwrap_or(OVERLAP);
        let next = self.started - chrono::Duration::from_std(overlap).unwrap_or_default();
        state::save(
            &id,
            &State {
                profile: ctx.profile_name.clone(),
                report,
                filters,
                since: next.format(MOMENT).to_string(),
                run_started: self.started.format(MOMENT).to_string(),
            },
        )?;
        ctx.reporter.note(&crate::t!(
            "cli-since-saved",
            since = next.format(MOMENT).to_string(),
            id = id.as_str()
        ));
        Ok(())
    }
}

/// Now in the profile's timezone: the service writes its times in local time, without a zone.
fn now(ctx: &Context) -> Result<NaiveDateTime> {
    let name = ctx
        .profile
        .timezone
        .as_deref()
        .unwrap_or(crate::config::DEFAULT_TIMEZONE);
    let tz: chrono_tz::Tz = name
        .trim()
        .parse()
        .map_err(|_| Error::invalid("timezone", name, &crate::t!("cli-crm-expected-timezone")))?;
    Ok(chrono::Utc::now().with_timezone(&tz).naive_local())
}
