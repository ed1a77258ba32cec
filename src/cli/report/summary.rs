//! `clinic report summary [appointments]`: the Ficha Financeira (or appointments) grouped by month,
//! seller, status, clinic, channel or service, with counts and money sums; as a table or any
//! format, as text bars on a terminal (`--chart`), or as an SVG/PNG chart (`--chart-file`). Pages
//! are walked like any report (same filters, `--clinic all`, concurrency) and aggregated as they
//! stream.

use std::path::PathBuf;

use clap::{Args, Subcommand};

use super::lists::{self as report, AppointmentsArgs, FichaArgs};
use crate::context::Context;
use crate::error::{Error, Result};
use crate::network::{self, Plan, Target};
use crate::output::bars;
use crate::output::chart::{self, ChartKind, ChartSpec};
use crate::output::{OutputSpec, Shape};
use crate::pages::Walk;
use crate::show::Sink;
use crate::summary::{Aggregator, Dimension, Source, Summary};

#[derive(Args, Debug)]
pub struct SummaryArgs {
    #[command(subcommand)]
    of: Option<SummaryOf>,
    #[command(flatten)]
    how: SummaryOptions,
    #[command(flatten)]
    quotes: FichaArgs,
}

#[derive(Subcommand, Debug)]
enum SummaryOf {
    Appointments(Box<AppointmentsSummary>),
}

#[derive(Args, Debug)]
struct AppointmentsSummary {
    #[command(flatten)]
    how: SummaryOptions,
    #[command(flatten)]
    filters: AppointmentsArgs,
}

#[derive(Args, Debug, Clone)]
struct SummaryOptions {
    #[arg(
        long,
        value_parser = crate::spelling::Spelling::<Dimension>::new(),
        value_delimiter = ',',
        default_value = "month",
        value_name = "month,seller,…"
    )]
    by: Vec<Dimension>,
    #[arg(long, value_name = "FIELD")]
    month_of: Option<String>,
    #[arg(long)]
    chart: bool,
    #[arg(long, value_name = "FILE")]
    chart_file: Option<PathBuf>,
    #[arg(long, value_name = "count|FIELD")]
    measure: Option<String>,
}

pub async fn run(ctx: &Context, args: SummaryArgs) -> Result<()> {
    match args.of {
        None => {
            let mut quotes = args.quotes;
            report::check_ficha(&quotes)?;
            let statuses = report::summary_statuses(&mut quotes);
            let f = &quotes;
            summarise(
                ctx,
                Source::Quotes,
                Some(statuses),
                &args.how,
                &f.clinic,
                report::FICHA,
                &crate::t!("cli-what-quotes"),
                |c| report::ficha_query(ctx, f, c),
            )
            .await
        }
        Some(SummaryOf::Appointments(mut a)) => {
            a.filters.apply_shortcuts();
            let f = &a.filters;
            report::check_appointments(f)?;
            summarise(
                ctx,
                Source::Appointments,
                None,
                &a.how,
                &f.clinic,
                report::APPOINTMENTS,
                &crate::t!("cli-what-appointments"),
                |c| report::appointments_query(ctx, f, c),
            )
            .await
        }
    }
}

#[allow(clippy::too_many_arguments)]
async fn summarise<F, Fut>(
    ctx: &Context,
    source: Source,
    statuses: Option<report::Statuses>,
    how: &SummaryOptions,
    clinics: &crate::cli::args::ClinicsArg,
    op: &'static crate::api::Operation,
    what: &str,
    query: F,
) -> Result<()>
where
    F: Fn(Option<u64>) -> Fut,
    Fut: std::future::Future<Output = Result<Vec<(String, String)>>>,
{
    let aggregator =
        Aggregator::new(source, how.by.clone(), how.month_of.clone()).map_err(|missing| {
            Error::invalid(
                "--by",
                missing.name(),
                &match source {
                    Source::Quotes => crate::t!("cli-summary-expected-by-quotes"),
                    Source::Appointments => crate::t!("cli-summary-expected-by-appointments"),
                },
            )
        })?;
    let mut aggregator = aggregator.in_zone(ctx.profile.zone()?);
    check_chart_flags(ctx, how)?;
    let mut plans = match clinics.resolve_for_list(ctx).await? {
        Target::One(clinic) => vec![Plan {
            clinic: None,
            query: query(clinic).await?,
        }],
        Target::Many(list) => network::plans(list, query).await?,
    };
    if let Some(statuses) = statuses {
        let title = quote_statuses(ctx, statuses, &mut plans).await?;
        // A title for people: machine output is the groups alone, and the filter is in the query.
        if how.chart || ctx.output_spec().format == crate::output::Format::Table {
            ctx.reporter.note(&title);
            if how.by.contains(&Dimension::Service) {
                ctx.reporter.note(&crate::t!("cli-summary-services-split"));
            }
        }
    }
    let several = plans.len() > 1 || plans.iter().any(|p| p.clinic.is_some());
    // A summary of one page would be a wrong answer: every page is read.
    let spec = Walk {
        all: true,
        ..ctx.walk()
    };
    ctx.reporter.start_progress(what);
    let walked = network::walk(ctx, op, plans, spec, clinics.keep_going, &mut |record| {
        aggregator.push(&crate::record::value_of(&record)?);
        Ok(())
    })
    .await;
    ctx.reporter.finish_progress();
    let outcomes = walked?;
    let records = aggregator.records();
    let summary = aggregator.finish();
    warn_not_summed(ctx, &summary);
    let measure = how
        .measure
        .clone()
        .unwrap_or_else(|| summary.default_measure().to_string());
    if let Some(file) = &how.chart_file {
        write_chart_file(ctx, file, &summary, &measure)?;
    }
    if how.chart {
        write_text_chart(ctx, &summary, &measure)?;
    } else {
        let mut out = Sink::open(ctx, Shape::List)?;
        let people = ctx.output_spec().format == crate::output::Format::Table;
        for record in summary.records() {
            out.write(&if people { for_people(record) } else { record })?;
        }
        out.finish()?;
    }
    if several {
        network::report(ctx, &outcomes, records)
    } else {
        let groups = summary.groups.len();
        ctx.reporter.note(&match source {
            Source::Quotes => {
                crate::t!("cli-summary-done-quotes", count = records, groups = groups)
            }
            Source::Appointments => crate::t!(
                "cli-summary-done-appointments",
                count = records,
                groups = groups
            ),
        });
        Ok(())
    }
}

/// Adds the sales filter to every plan when no status was named, and returns the summary's title,
/// which says which statuses it holds.
async fn quote_statuses(
    ctx: &Context,
    statuses: report::Statuses,
    plans: &mut [Plan],
) -> Result<String> {
    Ok(match statuses {
        report::Statuses::Given(named) => {
            crate::t!("cli-summary-title-quotes", statuses = named)
        }
        report::Statuses::Every => crate::t!("cli-summary-title-every"),
        report::Statuses::Sales => match report::sales_status(ctx).await? {
            Some(ids) => {
                for plan in plans.iter_mut() {
                    plan.query.push(("status".to_string(), ids.clone()));
                }
                crate::t!("cli-summary-title-quotes", statuses = report::SALES_STATUS)
            }
            None => {
                ctx.reporter.warn(&crate::t!(
                    "cli-summary-no-sales-status",
                    status = report::SALES_STATUS
                ));
                crate::t!("cli-summary-title-every")
            }
        },
    })
}

/// Names the records whose money the sums left out, so a total is never silently short.
fn warn_not_summed(ctx: &Context, summary: &Summary) {
    if summary.not_summed_count == 0 {
        return;
    }
    let mut named: Vec<String> = summary
        .not_summed
        .iter()
        .map(|n| {
            let given = crate::text::sanitize::excerpt(&n.given, 40);
            format!("{} ({} {given})", n.record, n.field)
        })
        .collect();
    let more = summary.not_summed_count - named.len() as u64;
    if more > 0 {
        named.push(crate::t!("cli-summary-not-summed-more", count = more));
    }
    ctx.reporter.warn(&crate::t!(
        "cli-summary-not-summed",
        count = summary.not_summed_count,
        records = named.join(", ")
    ));
}

/// Chart flags that cannot work are refused before anything is sent.
fn check_chart_flags(ctx: &Context, how: &SummaryOptions) -> Result<()> {
    if how.chart
        && let Some(format) = ctx.global.format
    {
        return Err(Error::invalid(
            "--format",
            format,
            &crate::t!("cli-summary-expected-no-format"),
        ));
    }
    if let Some(measure) = &how.measure
        && measure != "count"
        && !crate::money::MONEY_FIELDS.contains(&measure.as_str())
    {
        return Err(Error::invalid(
            "--measure",
            measure,
            &crate::t!(
                "cli-summary-expected-measure",
                fields = crate::money::MONEY_FIELDS.join(", ")
            ),
        ));
    }
    if let Some(file) = &how.chart_file {
        if ChartKind::of_path(file).is_none() {
            return Err(Error::invalid(
                "--chart-file",
                file.display(),
                &crate::t!("cli-summary-expected-chart-name"),
            ));
        }
        let dir = match file.parent() {
            Some(p) if !p.as_os_str().is_empty() => p.to_path_buf(),
            _ => PathBuf::from("."),
        };
        if !dir.is_dir() {
            return Err(Error::invalid(
                "--chart-file",
                file.display(),
                &crate::t!("cli-summary-expected-chart-dir"),
            ));
        }
    }
    Ok(())
}

fn title(summary: &Summary, measure: &str) -> String {
    let by: Vec<String> = summary.by.iter().map(|d| label(d.name())).collect();
    crate::t!(
        "cli-summary-chart-title",
        measure = label(measure),
        by = by.join(", ")
    )
}

/// A summary column's name as people read it in the interface's language (`month` → `mês`); money
/// fields and anything the catalogue does not name keep their own names.
fn label(column: &str) -> String {
    let key = match column {
        "month" => "cli-summary-column-month",
        "seller" => "cli-summary-column-seller",
        "status" => "cli-summary-column-status",
        "clinic" => "cli-summary-column-clinic",
        "channel" => "cli-summary-column-channel",
        "service" => "cli-summary-column-service",
        "count" => "cli-summary-column-count",
        crate::summary::NOT_SUMMED => "cli-summary-column-not_summed",
        _ => return column.to_string(),
    };
    crate::text::i18n::text_in(crate::text::i18n::current(), key, &[])
}

/// A group as a table for people shows it: its column names and the label of records without the
/// field in the reader's language. Machine formats keep the stable names, whatever the language.
fn for_people(group: serde_json::Value) -> serde_json::Value {
    let serde_json::Value::Object(fields) = group else {
        return group;
    };
    fields
        .into_iter()
        .map(|(name, value)| {
            let value = match value {
                serde_json::Value::String(s) if s == crate::summary::NONE => {
                    serde_json::Value::String(crate::t!("cli-summary-none"))
                }
                other => other,
            };
            (label(&name), value)
        })
        .collect::<serde_json::Map<_, _>>()
        .into()
}

fn write_text_chart(ctx: &Context, summary: &Summary, measure: &str) -> Result<()> {
    let spec = ctx.output_spec();
    // On a terminal its width; in a pipe `COLUMNS` when set, else 80.
    let width = spec
        .width
        .map(usize::from)
        .or_else(|| ctx.env().var("COLUMNS")?.trim().parse().ok())
        .unwrap_or(80);
    let mut text = format!("{}\n", title(summary, measure));
    text.push_str(&bars::render(&summary.bars(measure), width));
    Ok(crate::output::write_raw(
        &spec,
        text.as_bytes(),
        ctx.io.out(),
    )?)
}

fn write_chart_file(
    ctx: &Context,
    file: &std::path::Path,
    summary: &Summary,
    measure: &str,
) -> Result<()> {
    let kind = ChartKind::of_path(file).expect("checked before the walk");
    let bars = summary.bars(measure);
    let money = measure != "count";
    let axis = move |v: f64| {
        if money {
            crate::money::brl(crate::money::from_cents((v * 100.0).round() as i64))
        } else {
            crate::money::group_thousands(v.max(0.0).round() as u64)
        }
    };
    let title = title(summary, measure);
    let bytes = chart::render(
        kind,
        &ChartSpec {
            title: &title,
            measure,
            bars: &bars,
            axis_label: &axis,
        },
    )
    .map_err(|e| {
        Error::Other(crate::t!(
            "cli-summary-chart-failed",
            reason = e.to_string()
        ))
    })?;
    let spec = OutputSpec {
        path: Some(file.to_path_buf()),
        ..ctx.output_spec()
    };
    crate::output::write_raw(&spec, &bytes, Box::new(std::io::sink()))?;
    ctx.reporter.note(&crate::t!(
        "cli-summary-chart-written",
        path = file.display().to_string()
    ));
    Ok(())
}
