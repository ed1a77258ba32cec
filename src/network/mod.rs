//! Lists and reports over several clinics in one run: `--clinic all` or `--clinic 1,3,"sp
//! campinas"` for users who see several clinics. The clinics are resolved and checked first
//! ([`choice`]), then walked into one output ([`walk`]); a failure in one clinic fails the run and
//! leaves no file, unless `--keep-going` leaves that clinic out and reports it.

mod choice;
mod prefetch;
mod staging;
mod walk;

use std::future::Future;

pub use choice::{Choice, Clinic, Target, target};
pub use walk::{Outcome, Plan, walk};

use crate::context::Context;
use crate::error::{Error, Result};
use crate::output::Shape;
use crate::show::{self, Sink};

/// The `--clinic` choice of a list or report and whether to go on past a failing clinic.
#[derive(Debug, Clone, Default)]
pub struct Clinics {
    pub choice: Option<Choice>,
    pub keep_going: bool,
}

impl Clinics {
    /// The clinics of a per-clinic list or report. Without `--clinic` it is the profile's
    /// `clinica`, and an admin_master with none is refused before anything is sent.
    pub async fn resolve_for_list(&self, ctx: &Context) -> Result<Target> {
        if self.choice.is_none() {
            ctx.require_list_clinic(ctx.profile.clinica)?;
        }
        target(ctx, self.choice.as_ref()).await
    }
}

/// Runs a list or report on the clinics `--clinic` names: one clinic as a plain list, several
/// into one output. `query` builds the list's filters for one clinic (names are looked up in
/// that clinic's reference lists).
pub async fn run_list<F, Fut>(
    ctx: &Context,
    clinics: &Clinics,
    op: &'static crate::api::Operation,
    what: &str,
    query: F,
) -> Result<()>
where
    F: Fn(Option<u64>) -> Fut,
    Fut: Future<Output = Result<Vec<(String, String)>>>,
{
    run(ctx, clinics, op, what, None, query).await
}

/// [`run_list`] for a wide list: a table on a terminal shows the `columns` (with the clinic's, when
/// several clinics are read), and a note names how to see the others.
pub async fn run_wide_list<F, Fut>(
    ctx: &Context,
    clinics: &Clinics,
    op: &'static crate::api::Operation,
    what: &str,
    columns: &[&str],
    query: F,
) -> Result<()>
where
    F: Fn(Option<u64>) -> Fut,
    Fut: Future<Output = Result<Vec<(String, String)>>>,
{
    run(ctx, clinics, op, what, Some(columns), query).await
}

async fn run<F, Fut>(
    ctx: &Context,
    clinics: &Clinics,
    op: &'static crate::api::Operation,
    what: &str,
    columns: Option<&[&str]>,
    query: F,
) -> Result<()>
where
    F: Fn(Option<u64>) -> Fut,
    Fut: Future<Output = Result<Vec<(String, String)>>>,
{
    match clinics.resolve_for_list(ctx).await? {
        Target::One(clinic) => {
            let query = query(clinic).await?;
            match columns {
                Some(columns) => show::wide_list(ctx, op, query, what, columns).await,
                None => show::api_list(ctx, op, query, what).await,
            }
        }
        Target::Many(list) => {
            let plans = plans(list, query).await?;
            let command = identity(op, &plans);
            // `--resume`: the clinics the last run of this same export finished are not fetched
            // again.
            let done = match ctx.global.resume {
                true => crate::output::Output::finished_clinics(&ctx.output_spec(), &command)?,
                false => Vec::new(),
            };
            let plans: Vec<Plan> = plans
                .into_iter()
                .filter(|p| p.clinic.as_ref().is_none_or(|c| !done.contains(&c.id)))
                .collect();
            if !done.is_empty() {
                ctx.reporter.note(&crate::t!(
                    "network-resuming",
                    done = done.len(),
                    left = plans.len()
                ));
            }
            // Which clinic each row belongs to is the first thing a network-wide table must show.
            let columns = columns.map(|c| {
                let clinic = walk::CLINIC_FIELDS;
                clinic
                    .iter()
                    .chain(c.iter().filter(|c| !clinic.contains(c)))
                    .copied()
                    .collect::<Vec<_>>()
            });
            let run = Run {
                keep_going: clinics.keep_going,
                columns: columns.as_deref(),
                command,
                earlier: done,
            };
            list_many(ctx, op, what, plans, run).await
        }
    }
}

/// Each clinic with its query.
pub async fn plans<F, Fut>(clinics: Vec<Clinic>, query: F) -> Result<Vec<Plan>>
where
    F: Fn(Option<u64>) -> Fut,
    Fut: Future<Output = Result<Vec<(String, String)>>>,
{
    let mut plans = Vec::with_capacity(clinics.len());
    for clinic in clinics {
        match query(Some(clinic.id)).await {
            Ok(query) => plans.push(Plan {
                clinic: Some(clinic),
                query,
            }),
            Err(e) => {
                return Err(Error::InClinic {
                    clinic: clinic.to_string(),
                    source: Box::new(e),
                });
            }
        }
    }
    Ok(plans)
}

/// What makes a network run the export it is, for `--resume`: the list and each clinic's own filters
/// (names are looked up per clinic), canonically: pairs sorted, clinics by ID.
fn identity(op: &'static crate::api::Operation, plans: &[Plan]) -> serde_json::Value {
    let clinics: serde_json::Map<String, serde_json::Value> = plans
        .iter()
        .map(|plan| {
            let mut query = plan.query.clone();
            query.sort();
            let id = plan.clinic.as_ref().map_or(0, |c| c.id);
            (id.to_string(), serde_json::json!(query))
        })
        .collect();
    serde_json::json!({ "report": op.path, "clinics": clinics })
}

/// How a network run into one output goes.
struct Run<'a> {
    keep_going: bool,
    /// The columns a table on a terminal shows.
    columns: Option<&'a [&'a str]>,
    /// The export's identity (see [`identity`]), for a dataset's manifest.
    command: serde_json::Value,
    /// Clinics an earlier run of the same export put in the dataset (`--resume`).
    earlier: Vec<u64>,
}

/// Several clinics into one output.
async fn list_many(
    ctx: &Context,
    op: &'static crate::api::Operation,
    what: &str,
    plans: Vec<Plan>,
    run: Run<'_>,
) -> Result<()> {
    let mut out = Sink::open_preferring(ctx, Shape::List, run.columns)?;
    let spec = ctx.walk();
    if spec.all {
        ctx.reporter.start_progress(what);
    }
    let result = walk(ctx, op, plans, spec, run.keep_going, &mut |record| {
        out.write_record(&record)
    })
    .await;
    ctx.reporter.finish_progress();
    let outcomes = result?;
    // A dataset's manifest says which clinics this run put in it and which an earlier run of the
    // same export did, so that `--resume` fetches only the rest; it never claims one that failed.
    let mut finished = Vec::new();
    let mut failed = Vec::new();
    for outcome in &outcomes {
        if let Some(clinic) = &outcome.clinic {
            match outcome.result {
                Ok(_) => finished.push(clinic.id),
                Err(_) => failed.push(clinic.id),
            }
        }
    }
    finished.sort_unstable();
    failed.sort_unstable();
    out.annotate("identity", run.command);
    out.annotate("complete", serde_json::json!(failed.is_empty()));
    out.annotate(
        "clinics",
        serde_json::json!({"finished": finished, "earlier": run.earlier, "failed": failed}),
    );
    let written = out.finish()?;
    report(ctx, &outcomes, written)
}

/// Says what the run read, clinic by clinic when some failed; fails when any did (the output,
/// already complete for the others, stays).
pub fn report(ctx: &Context, outcomes: &[Outcome], written: u64) -> Result<()> {
    let total = outcomes.len();
    let pages: u64 = outcomes
        .iter()
        .filter_map(|o| o.result.as_ref().ok())
        .map(|s| s.pages)
        .sum();
    let mut failures = Vec::new();
    for outcome in outcomes {
        match &outcome.result {
            Ok(summary) => ctx.reporter.trace(&crate::t!(
                "network-trace-clinic-records",
                clinic = describe(&outcome.clinic),
                count = summary.records,
                records = crate::text::counts::thousands(summary.records)
            )),
            Err(e) => {
                ctx.reporter.warn(&crate::t!(
                    "network-clinic-left-out",
                    clinic = describe(&outcome.clinic),
                    reason = e.to_string()
                ));
                failures.push(e);
            }
        }
    }
    let complete = total - failures.len();
    if written == 0 && failures.is_empty() {
        ctx.reporter.note(&crate::t!("note-no-records"));
    } else {
        ctx.reporter.note(&crate::t!(
            "network-records-from-clinics",
            count = written,
            records = crate::text::counts::thousands(written),
            complete = complete as u64,
            total = total as u64,
            pages = pages,
            pages_shown = crate::text::counts::thousands(pages)
        ));
    }
    match failures.first() {
        None => Ok(()),
        Some(first) => Err(Error::Partial {
            failed: failures.len(),
            total,
            code: first.exit_code(),
        }),
    }
}

fn describe(clinic: &Option<Clinic>) -> String {
    clinic
        .as_ref()
        .map_or_else(|| "-".to_string(), Clinic::to_string)
}
