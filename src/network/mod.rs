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

use crate::cli::args::ClinicsArg;
use crate::context::Context;
use crate::error::{Error, Result};
use crate::output::Shape;
use crate::show::{self, Sink};

/// Runs a list or report on the clinics `--clinic` names: one clinic as a plain list, several
/// into one output. `query` builds the list's filters for one clinic (names are looked up in
/// that clinic's reference lists).
pub async fn run_list<F, Fut>(
    ctx: &Context,
    clinics: &ClinicsArg,
    path: &str,
    what: &str,
    query: F,
) -> Result<()>
where
    F: Fn(Option<u64>) -> Fut,
    Fut: Future<Output = Result<Vec<(String, String)>>>,
{
    match target(ctx, clinics.clinic.as_ref()).await? {
        Target::One(clinic) => {
            let query = query(clinic).await?;
            show::api_list(ctx, path, query, what).await
        }
        Target::Many(list) => {
            let plans = plans(list, query).await?;
            list_many(ctx, path, what, plans, clinics.keep_going).await
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

/// Several clinics into one output.
async fn list_many(
    ctx: &Context,
    path: &str,
    what: &str,
    plans: Vec<Plan>,
    keep_going: bool,
) -> Result<()> {
    let mut out = Sink::open(ctx, Shape::List)?;
    let spec = ctx.walk();
    if spec.all {
        ctx.reporter.start_progress(what);
    }
    let result = walk(ctx, path, plans, spec, keep_going, &mut |record| {
        out.write(&record)
    })
    .await;
    ctx.reporter.finish_progress();
    let outcomes = result?;
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
            Ok(summary) => ctx.reporter.trace(&format!(
                "clinic {}: {} records",
                describe(&outcome.clinic),
                summary.records
            )),
            Err(e) => {
                ctx.reporter.warn(&format!(
                    "clinic {}: left out: {e}",
                    describe(&outcome.clinic)
                ));
                failures.push(e);
            }
        }
    }
    let complete = total - failures.len();
    if written == 0 && failures.is_empty() {
        ctx.reporter.note("no records");
    } else {
        ctx.reporter.note(&format!(
            "{written} records from {complete} of {total} clinics ({pages} pages)"
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
