//! `clinic crm contact import FILE.csv`: many leads through the automation webhook, which opens a
//! deal on every call. So nothing is sent until every row is checked; every row is looked up in the
//! CRM first (`crm.duplicate.findbycomm`, two lookups a row, fifty to a `batch` request) and a
//! contact that exists is skipped; and a journal records each send, so a run stopped anywhere can be
//! run again without opening any deal twice. A row sent whose answer was lost is settled by the
//! same lookup on the next run: sent again only when the CRM does not hold it.

use std::collections::HashMap;

use clap::Args;
use futures::stream::{self, StreamExt};
use serde_json::{Value, json};

use super::super::lead;
use crate::cli::args;
use crate::cli::crm_host;
use crate::cli::journal::{self, Earlier, Journal, Sent};
use crate::cli::sheet::{self, Cells};
use crate::context::Context;
use crate::crm::webhook::{self, Lead};
use crate::error::{Error, Result};
use crate::input::{self, Phone};
use crate::output::{Output, Shape};

#[derive(Args, Debug)]
pub struct ImportArgs {
    #[command(flatten)]
    run: journal::ImportFlags,
    #[arg(long, value_enum, default_value = "skip")]
    if_exists: OnExisting,
    #[arg(long, visible_alias = "unidade", value_parser = args::text)]
    unit: Option<String>,
    #[arg(long, visible_alias = "campanha", value_parser = args::text, value_name = "ID")]
    campaign_id: Option<String>,
    #[arg(long, value_parser = lead::utm_source)]
    utm_source: Option<&'static str>,
}

/// What a row whose phone or e-mail the CRM holds already gets.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum OnExisting {
    /// Not sent: the contact has its deal.
    Skip,
    /// Sent anyway (nothing is looked up): the automation opens another deal for that contact.
    Create,
}

/// Header names accepted for each field, English first.
const COLUMNS: sheet::Columns = &[
    ("name", &["name", "nome", "full_name", "nome_completo"]),
    (
        "first_name",
        &["first_name", "primeiro_nome", "primeiro nome"],
    ),
    ("last_name", &["last_name", "sobrenome"]),
    ("phone", &["phone", "telefone"]),
    ("email", &["email", "e-mail"]),
    ("unit", &["unit", "unidade"]),
    ("campaign_id", &["campaign_id", "campaign", "campanha"]),
    ("utm_source", &["utm_source"]),
    ("utm_medium", &["utm_medium"]),
    ("utm_campaign", &["utm_campaign"]),
    ("utm_content", &["utm_content"]),
    (
        "created_at",
        &["created_at", "criado_em", "data_criacao", "data_criação"],
    ),
];

const COMMAND: &str = "crm contact import";

/// One checked row: its lead as the webhook wants it, and its identity in the journal.
struct Row {
    number: usize,
    /// Phone digits and e-mail folded to lower case.
    key: String,
    lead: Lead,
}

/// What became of a row.
enum Outcome {
    Created(Value),
    /// The CRM holds a contact with its phone or e-mail: these IDs.
    Exists(Vec<u64>),
    /// The journal says an earlier run created it.
    CreatedEarlier,
    /// Sent (now or by an earlier run) without an answer, and not looked up.
    Unknown(Option<Error>),
    Failed(String, Option<Error>),
}

pub(super) async fn run(ctx: &Context, a: ImportArgs) -> Result<()> {
    let rows = read_rows(ctx, &a)?;
    // The lock is held until the run ends.
    let (_journal_lock, earlier) = a.run.open_journal(ctx)?;
    let (automation, webhook_id) = crm_host::automation(ctx)?;
    let found = look_up(ctx, &a, &rows, &earlier).await?;
    let mut out = Output::open(&ctx.output_spec(), Shape::List, ctx.io.out())?;
    if a.run.dry_run {
        for (row, found) in rows.iter().zip(&found) {
            let action = match plan(a.if_exists, earlier.get(&row.key), found) {
                Plan::Send => "create",
                Plan::Done(Outcome::Exists(_) | Outcome::CreatedEarlier) => "skip",
                Plan::Done(Outcome::Unknown(_)) => "unknown",
                Plan::Done(_) => "failed",
            };
            let body: serde_json::Map<String, Value> = row
                .lead
                .parameters()
                .iter()
                .map(|(k, v)| (k.to_string(), Value::from(*v)))
                .collect();
            out.write(&json!({"row": row.number, "action": action, "body": body}))?;
        }
        out.finish()?;
        return Ok(());
    }
    let journal = a.run.journal.as_deref().map(Journal::open).transpose()?;
    let total = rows.len();
    let mut results = stream::iter(rows.into_iter().zip(found).map(|(row, found)| {
        let (journal, earlier) = (&journal, &earlier);
        let (automation, webhook_id) = (&automation, webhook_id.as_str());
        async move {
            let outcome = match plan(a.if_exists, earlier.get(&row.key), &found) {
                Plan::Done(outcome) => outcome,
                Plan::Send => send(ctx, automation, webhook_id, journal.as_ref(), &row).await,
            };
            (row.number, outcome)
        }
    }))
    .buffered(ctx.walk().concurrency.max(1));
    let mut first_failure: Option<Error> = None;
    let mut unknown = Vec::new();
    let mut counts: HashMap<&str, usize> = HashMap::new();
    while let Some((number, outcome)) = results.next().await {
        let record = match outcome {
            Outcome::Created(answer) => json!({
                "row": number,
                "status": "created",
                "contact_id": answer.get("contact_id"),
                "deal_id": answer.get("deal_id"),
            }),
            Outcome::Exists(ids) => {
                json!({"row": number, "status": "skipped", "reason": "exists", "existing": ids})
            }
            Outcome::CreatedEarlier => {
                json!({"row": number, "status": "skipped", "reason": "journal"})
            }
            Outcome::Unknown(why) => {
                unknown.push(number);
                let mut record = json!({"row": number, "status": "unknown"});
                if let Some(e) = why {
                    record["error"] = ctx.reporter.error_line(&e).into();
                }
                record
            }
            Outcome::Failed(message, error) => {
                if let Some(e) = error {
                    first_failure.get_or_insert(e);
                } else {
                    first_failure.get_or_insert_with(|| Error::Other(message.clone()));
                }
                json!({"row": number, "status": "failed", "error": ctx.reporter.redact(&message)})
            }
        };
        let status = match record["status"].as_str() {
            Some("created") => "created",
            Some("skipped") => "skipped",
            Some("unknown") => "unknown",
            _ => "failed",
        };
        *counts.entry(status).or_default() += 1;
        out.write(&record)?;
    }
    out.finish()?;
    let n = |k: &str| counts.get(k).copied().unwrap_or(0);
    ctx.reporter.note(&crate::t!(
        "cli-import-summary",
        created = n("created"),
        skipped = n("skipped"),
        unknown = n("unknown"),
        failed = n("failed"),
        count = total
    ));
    if !unknown.is_empty() {
        return Err(Error::Protocol(crate::t!(
            "cli-crm-import-unknown-rows",
            count = unknown.len(),
            rows = sheet::row_list(&unknown)
        )));
    }
    match first_failure {
        Some(e) => Err(e),
        None => Ok(()),
    }
}

/// What to do with a row before anything is sent.
enum Plan {
    Send,
    Done(Outcome),
}

/// The journal first (created earlier: done), then the lookup (a contact exists: skipped; the
/// lookup failed: not sent). A row the journal leaves in doubt is sent again only when the lookup
/// says the CRM does not hold it; without a lookup (`--if-exists create`) it stays unknown.
fn plan(
    if_exists: OnExisting,
    earlier: Option<&Earlier>,
    found: &Option<std::result::Result<Vec<u64>, String>>,
) -> Plan {
    match (earlier, found) {
        (Some(Earlier::Created), _) => Plan::Done(Outcome::CreatedEarlier),
        (_, Some(Err(message))) => Plan::Done(Outcome::Failed(
            crate::t!("cli-crm-import-lookup-failed", reason = message.as_str()),
            None,
        )),
        (_, Some(Ok(ids))) if !ids.is_empty() => Plan::Done(Outcome::Exists(ids.clone())),
        (Some(Earlier::Unknown), None) if if_exists == OnExisting::Create => {
            Plan::Done(Outcome::Unknown(None))
        }
        _ => Plan::Send,
    }
}

/// The CRM's contacts for each row (`None`: not looked up), in rows' order. Rows the journal says
/// were created are not looked up again.
async fn look_up(
    ctx: &Context,
    a: &ImportArgs,
    rows: &[Row],
    earlier: &HashMap<String, Earlier>,
) -> Result<Vec<Option<std::result::Result<Vec<u64>, String>>>> {
    let mut found: Vec<Option<std::result::Result<Vec<u64>, String>>> =
        rows.iter().map(|_| None).collect();
    if a.if_exists == OnExisting::Create {
        return Ok(found);
    }
    let wanted: Vec<usize> = (0..rows.len())
        .filter(|i| earlier.get(&rows[*i].key) != Some(&Earlier::Created))
        .collect();
    if wanted.is_empty() {
        return Ok(found);
    }
    let crm = crm_host::crm(ctx)?;
    let leads: Vec<(&str, &str)> = wanted
        .iter()
        .map(|i| (rows[*i].lead.phone.as_str(), rows[*i].lead.email.as_str()))
        .collect();
    let answers = crate::crm::duplicates::contacts_of_each(&crm, &leads).await?;
    for (i, answer) in wanted.into_iter().zip(answers) {
        found[i] = Some(answer);
    }
    Ok(found)
}

/// Sends one lead, journaling before and after, so that a stop anywhere leaves the next run
/// knowing what may have reached the automation.
async fn send(
    ctx: &Context,
    automation: &url::Url,
    webhook_id: &str,
    journal: Option<&Journal>,
    row: &Row,
) -> Outcome {
    let failed = |e: Error| Outcome::Failed(ctx.reporter.error_line(&e), Some(e));
    let (url, shown) = match webhook::address(automation, webhook_id, &row.lead) {
        Ok(address) => address,
        Err(e) => return failed(e),
    };
    let contact_id = |answer: &Value| answer.get("contact_id").cloned().unwrap_or(Value::Null);
    let sending = webhook::send(&ctx.http, url, shown);
    match journal::send(journal, &row.key, row.number, contact_id, sending).await {
        Sent::Created(answer) => Outcome::Created(answer),
        Sent::Failed(e) => failed(e),
        Sent::Unknown(e) => Outcome::Unknown(Some(e)),
    }
}

/// Checks every row; all problems are reported together, before anything is sent.
fn read_rows(ctx: &Context, a: &ImportArgs) -> Result<Vec<Row>> {
    let sheet = sheet::read(
        &ctx.reporter,
        &a.run.file,
        a.run.encoding,
        COLUMNS,
        &["phone", "email"],
        COMMAND,
    )?;
    let mut missing = Vec::new();
    let names = sheet.has("first_name") && sheet.has("last_name");
    if !sheet.has("name") && !names {
        missing.push("name");
    }
    for (field, flag) in [
        ("unit", a.unit.is_some()),
        ("campaign_id", a.campaign_id.is_some()),
        ("utm_source", a.utm_source.is_some()),
    ] {
        if !sheet.has(field) && !flag {
            missing.push(field);
        }
    }
    if !missing.is_empty() {
        return Err(sheet::missing_columns(&sheet.headers, &missing, COMMAND));
    }
    let mut problems = sheet.problems;
    let mut rows = Vec::new();
    for (number, cells) in &sheet.rows {
        match parse_row(ctx, a, cells) {
            Ok(lead) => rows.push(Row {
                number: *number,
                key: key(&lead),
                lead,
            }),
            Err(e) => problems.push(sheet::invalid_row(*number, e)),
        }
    }
    // The automation reuses the contact of a phone or e-mail and opens another deal: the same
    // phone or e-mail on two rows is a mistake to fix in the file.
    let mut first_row: HashMap<String, usize> = HashMap::new();
    for row in &rows {
        let email = row.lead.email.to_lowercase();
        for seen in [row.lead.phone.clone(), email] {
            if let Some(earlier) = first_row.insert(seen, row.number) {
                problems.push(crate::t!(
                    "cli-crm-import-row-duplicate",
                    row = row.number,
                    earlier = earlier
                ));
                break;
            }
        }
    }
    sheet::refuse(&problems)?;
    Ok(rows)
}

/// The journal's identity of a lead: the same phone and e-mail are the same row in any run.
fn key(lead: &Lead) -> String {
    format!(
        "{}|{}",
        lead.phone.trim_start_matches('+'),
        lead.email.to_lowercase()
    )
}

fn parse_row(ctx: &Context, a: &ImportArgs, cells: &Cells) -> Result<Lead> {
    let cell = |field: &str| cells.get(field).map(String::as_str).unwrap_or("");
    let (first_name, last_name) = if cell("name").is_empty() {
        (
            input::contact_name("first_name", cell("first_name"))?,
            input::contact_name("last_name", cell("last_name"))?,
        )
    } else {
        let name = input::contact_name("name", cell("name"))?;
        let (first, last) = webhook::split_full_name(&name).ok_or_else(|| {
            Error::invalid(
                "name",
                &name,
                &crate::t!("cli-crm-import-expected-full-name"),
            )
        })?;
        // The last word is stored as the last name, and keeps the rule of every stored name.
        (first, input::contact_name("name", &last)?)
    };
    // An empty cell takes the flag's value; a cell that says something is checked as typed.
    let or_flag = |field: &str, flag: Option<&str>| -> String {
        match cell(field) {
            "" => flag.unwrap_or_default().to_string(),
            typed => typed.to_string(),
        }
    };
    let utm_source = or_flag("utm_source", a.utm_source);
    let utm_source = lead::utm_source(&utm_source)
        .map_err(|_| {
            Error::invalid(
                "utm_source",
                &utm_source,
                &crate::t!(
                    "cli-crm-import-expected-utm-source",
                    sources = webhook::UTM_SOURCES.join(", ")
                ),
            )
        })?
        .to_string();
    let unit = input::text("unit", &or_flag("unit", a.unit.as_deref()))?;
    let created_at = Some(cell("created_at")).filter(|c| !c.is_empty());
    Ok(Lead {
        first_name,
        last_name,
        created: lead::created(ctx, "created_at", created_at)?,
        campaign_id: input::text(
            "campaign_id",
            &or_flag("campaign_id", a.campaign_id.as_deref()),
        )?,
        utm_source,
        utm_medium: cell("utm_medium").to_string(),
        utm_campaign: cell("utm_campaign").to_string(),
        utm_content: cell("utm_content").to_string(),
        phone: Phone::parse("phone", cell("phone"))?.e164(),
        email: input::email("email", cell("email"))?,
        unit: lead::unit(ctx, "unit", &unit)?,
    })
}
