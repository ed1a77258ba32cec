//! `clinic contact import FILE.csv`: many `cadastraCliente` calls from a spreadsheet. The whole file is
//! checked before the first contact is sent, so a typo on row 900 does not leave 899 half-imported
//! rows; and because the service does not deduplicate, a journal of created rows lets a failed run be
//! resumed without creating anyone twice. A row whose answer was lost is neither sent again nor
//! passed off as done: the run exits 5, and `--resolve-unknown` looks such rows up.

mod resolve_unknown;
mod rows;

use std::collections::HashMap;

use clap::Args;
use futures::stream::{self, StreamExt};
use serde_json::{Value, json};

use super::fields::{NewContact, draft};
use crate::api::envelope;
use crate::cli::args::ClinicArg;
use crate::cli::journal::{self, Earlier, Journal, Sent};
use crate::cli::sheet::{self, row_list};
use crate::context::Context;
use crate::error::{Error, Result};
use crate::input::{self, Phone};
use crate::output::{Output, Shape};
use crate::refs::{Kind, Ref, resolve};
use rows::Row;

#[derive(Args, Debug)]
pub struct ImportArgs {
    #[command(flatten)]
    run: journal::ImportFlags,
    #[arg(long, requires = "journal", conflicts_with = "dry_run")]
    resolve_unknown: bool,
    #[command(flatten)]
    clinic: ClinicArg,
}

/// Header names accepted for each field, English first.
const COLUMNS: sheet::Columns = &[
    ("name", &["name", "nome"]),
    ("phone", &["phone", "telefone"]),
    (
        "birth_date",
        &["birth_date", "birth-date", "data_nascimento"],
    ),
    ("channel", &["channel", "canal"]),
    ("campaign", &["campaign", "campanha"]),
    ("email", &["email", "e-mail"]),
    ("note", &["note", "observacao", "observação"]),
    ("clinic", &["clinic", "clinica", "clínica"]),
];

pub async fn run(ctx: &Context, a: ImportArgs) -> Result<()> {
    let default_clinic = a.clinic.resolve(ctx).await?;
    let rows = read_rows(ctx, &a.run, default_clinic)?;
    let rows = resolve_names(ctx, rows).await?;
    // The lock is held until the run ends.
    let (_journal_lock, earlier) = a.run.open_journal(ctx)?;
    if a.resolve_unknown {
        let path = a.run.journal.as_deref().expect("clap requires --journal");
        return resolve_unknown::run(ctx, rows, &earlier, path).await;
    }
    let mut out = Output::open(&ctx.output_spec(), Shape::List, ctx.io.out())?;
    if a.run.dry_run {
        for row in &rows {
            let body = draft(ctx, &row.contact).await?;
            let action = match earlier.get(&row.key) {
                Some(Earlier::Created) => "skip",
                Some(Earlier::Unknown) => "unknown",
                None => "create",
            };
            out.write(&json!({"row": row.number, "action": action, "body": body}))?;
        }
        out.finish()?;
        return Ok(());
    }
    let client = ctx.api().await?;
    let journal = a.run.journal.as_deref().map(Journal::open).transpose()?;
    let concurrency = ctx.walk().concurrency;
    let total = rows.len();
    let mut results = stream::iter(rows.into_iter().map(|row| {
        let client = client.clone();
        let (journal, earlier) = (&journal, &earlier);
        async move {
            let outcome = match earlier.get(&row.key) {
                Some(Earlier::Created) => Outcome::Skipped,
                Some(Earlier::Unknown) => Outcome::Unknown(None),
                None => send(ctx, &client, journal.as_ref(), &row).await,
            };
            (row, outcome)
        }
    }))
    .buffered(concurrency.max(1));
    let mut first_failure: Option<Error> = None;
    let mut unknown: Vec<usize> = Vec::new();
    let mut counts: HashMap<String, usize> = HashMap::new();
    while let Some((row, outcome)) = results.next().await {
        let record = match outcome {
            Outcome::Created(id) => json!({"row": row.number, "status": "created", "id": id}),
            Outcome::Skipped => json!({"row": row.number, "status": "skipped"}),
            Outcome::Unknown(why) => {
                unknown.push(row.number);
                let mut record = json!({"row": row.number, "status": "unknown"});
                if let Some(e) = why {
                    record["error"] = ctx.reporter.redact(&e.to_string()).into();
                }
                record
            }
            Outcome::Failed(e) => {
                let record = json!({"row": row.number, "status": "failed", "error": ctx.reporter.redact(&e.to_string())});
                first_failure.get_or_insert(e);
                record
            }
        };
        *counts
            .entry(record["status"].as_str().unwrap_or("").to_string())
            .or_default() += 1;
        out.write(&record)?;
    }
    out.finish()?;
    let n = |k: &str| counts.get(k).copied().unwrap_or(0);
    let (created, skipped, unknown_n, failed) =
        (n("created"), n("skipped"), n("unknown"), n("failed"));
    ctx.reporter.note(&crate::t!(
        "cli-import-summary",
        created = created,
        skipped = skipped,
        unknown = unknown_n,
        failed = failed,
        count = total
    ));
    if !unknown.is_empty() {
        return Err(unknown_rows(&unknown, &a));
    }
    match first_failure {
        Some(e) => Err(e),
        None => Ok(()),
    }
}

/// Rows that reached the service, or may have, without an answer: the import is not done, and
/// sending them again could create the same people twice (exit 5).
fn unknown_rows(rows: &[usize], a: &ImportArgs) -> Error {
    let (count, rows) = (rows.len(), row_list(rows));
    Error::Protocol(match &a.run.journal {
        Some(journal) => crate::t!(
            "cli-import-unknown-rows-journal",
            count = count,
            rows = rows,
            file = a.run.file.display().to_string(),
            journal = journal.display().to_string()
        ),
        None => crate::t!("cli-import-unknown-rows", count = count, rows = rows),
    })
}

enum Outcome {
    Created(Value),
    Skipped,
    /// Sent, by an earlier run or by this one (with the error that lost the answer), and never
    /// learnt whether it was created.
    Unknown(Option<Error>),
    /// Not created: stopped before sending, or refused by the service.
    Failed(Error),
}

/// Creates one contact, journaling before and after, so that a crash or a lost answer can never lead a
/// later run to create the same person twice.
async fn send(
    ctx: &Context,
    client: &crate::api::ApiClient,
    journal: Option<&Journal>,
    row: &Row,
) -> Outcome {
    let body = match draft(ctx, &row.contact).await {
        Ok(body) => body,
        Err(e) => return Outcome::Failed(e),
    };
    let id_of = |answer: &Value| {
        envelope::created_id(answer, &crate::api::CREATE_CONTACT.ids).unwrap_or(Value::Null)
    };
    match journal::send(
        journal,
        &row.key,
        row.number,
        id_of,
        crate::api::ops::contact_create(client, &body),
    )
    .await
    {
        Sent::Created(answer) => Outcome::Created(id_of(&answer)),
        Sent::Failed(e) => Outcome::Failed(e),
        Sent::Unknown(e) => Outcome::Unknown(Some(e)),
    }
}

/// Parses and checks every row; all problems are reported together, with row numbers.
fn read_rows(
    ctx: &Context,
    run: &journal::ImportFlags,
    default_clinic: Option<u64>,
) -> Result<Vec<Row>> {
    let sheet = sheet::read(
        &ctx.reporter,
        &run.file,
        run.encoding,
        COLUMNS,
        &["name", "phone", "birth_date", "channel", "campaign"],
        "contact import",
    )?;
    let mut problems = sheet.problems;
    let mut rows = Vec::new();
    for (number, cells) in sheet.rows {
        match parse_row(&cells, default_clinic) {
            Ok(contact) => {
                let key = format!(
                    "{}|{}",
                    contact.phone.digits(),
                    crate::text::fold::normalize(&contact.name)
                );
                rows.push(Row {
                    number,
                    key,
                    contact,
                })
            }
            Err(e) => problems.push(sheet::invalid_row(number, e)),
        }
    }
    // The service would create the same person twice: the same phone and name twice is a mistake.
    let mut first_row: HashMap<&str, usize> = HashMap::new();
    for row in &rows {
        if let Some(earlier) = first_row.insert(&row.key, row.number) {
            problems.push(crate::t!(
                "cli-import-row-duplicate",
                row = row.number,
                earlier = earlier
            ));
        }
    }
    sheet::refuse(&problems)?;
    Ok(rows)
}

fn parse_row(cells: &sheet::Cells, default_clinic: Option<u64>) -> Result<NewContact> {
    let cell = |field: &str| cells.get(field).map(String::as_str).unwrap_or("");
    let optional = |s: &str| (!s.is_empty()).then(|| s.to_string());
    let as_ref = |field: &str, s: &str| {
        resolve::ref_of(s).map_err(|expected| Error::invalid(field, s, &expected))
    };
    let phone = Phone::parse("phone", cell("phone"))?;
    phone.formatted_mobile("phone")?;
    let clinic = match optional(cell("clinic")) {
        Some(c) => Some(as_ref("clinic", &c)?),
        None => default_clinic.map(Ref::Id),
    };
    if clinic.is_none() {
        // An empty cell and no default: called required, as every empty cell a row needs is.
        return Err(Error::invalid(
            "clinic",
            "",
            &crate::t!("cli-import-expected-clinic"),
        ));
    }
    Ok(NewContact {
        name: input::contact_name("name", cell("name"))?,
        phone,
        birth_date: input::birth_date(
            "birth_date",
            cell("birth_date"),
            crate::relative_date::today(),
        )?,
        channel: as_ref("channel", cell("channel"))?,
        campaign: as_ref("campaign", cell("campaign"))?,
        email: optional(cell("email"))
            .map(|e| input::email("email", &e))
            .transpose()?,
        note: optional(cell("note"))
            .map(|n| input::note("note", &n))
            .transpose()?,
        clinic: ClinicArg { clinic },
    })
}

/// Replaces names by IDs with one fetch per list (and clinic), reporting every unknown name at once.
async fn resolve_names(ctx: &Context, mut rows: Vec<Row>) -> Result<Vec<Row>> {
    let mut lookup = resolve::Lookup::default();
    let mut problems = Vec::new();
    for row in &mut rows {
        if let Some(Ref::Name(n)) = &row.contact.clinic.clinic {
            match lookup.id(ctx, Kind::Clinics, "clinic", n, None).await {
                Ok(id) => row.contact.clinic.clinic = Some(Ref::Id(id)),
                Err(e @ Error::Invalid { .. }) => problems.push(sheet::problem(row.number, e)),
                Err(e) => return Err(e),
            }
        }
        let clinic = match row.contact.clinic.clinic {
            Some(Ref::Id(c)) => Some(c),
            _ => None,
        };
        for (kind, field) in [(Kind::Channels, "channel"), (Kind::Campaigns, "campaign")] {
            let value = if kind == Kind::Channels {
                &mut row.contact.channel
            } else {
                &mut row.contact.campaign
            };
            if let Ref::Name(n) = value.clone() {
                match lookup.id(ctx, kind, field, &n, clinic).await {
                    Ok(id) => *value = Ref::Id(id),
                    Err(e @ Error::Invalid { .. }) => problems.push(sheet::problem(row.number, e)),
                    Err(e) => return Err(e),
                }
            }
        }
    }
    if !problems.is_empty() {
        return Err(sheet::rows_refused(
            crate::t!("cli-import-unmatched-names", count = problems.len()),
            &problems,
        ));
    }
    Ok(rows)
}
