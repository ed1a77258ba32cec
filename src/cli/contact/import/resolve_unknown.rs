//! `contact import --resolve-unknown`: settles the rows a journal leaves in an unknown state (sent,
//! answer never seen). Each is looked up in `lista_cliente` the way `contact upsert` looks a contact
//! up — by phone, then e-mail — and the journal records what was found: created (with that ID) or
//! not sent, which the next normal run sends. Nothing is created here.

use std::collections::{HashMap, HashSet};
use std::path::Path;

use futures::stream::{self, StreamExt};
use serde_json::{Value, json};

use super::super::fields::find_existing;
use super::rows::Row;
use crate::cli::journal::{Earlier, Journal, State};
use crate::cli::sheet::row_list;
use crate::context::Context;
use crate::error::{Error, Result};
use crate::output::{Output, Shape};

pub(super) async fn run(
    ctx: &Context,
    rows: Vec<Row>,
    earlier: &HashMap<String, Earlier>,
    journal_path: &Path,
) -> Result<()> {
    let in_file: HashSet<&str> = rows.iter().map(|r| r.key.as_str()).collect();
    let elsewhere = earlier
        .iter()
        .filter(|(key, state)| **state == Earlier::Unknown && !in_file.contains(key.as_str()))
        .count();
    if elsewhere > 0 {
        ctx.reporter.warn(&crate::t!(
            "cli-import-resolve-elsewhere",
            count = elsewhere
        ));
    }
    let unknown: Vec<Row> = rows
        .into_iter()
        .filter(|r| earlier.get(&r.key) == Some(&Earlier::Unknown))
        .collect();
    let mut out = Output::open(&ctx.output_spec(), Shape::List, ctx.io.out())?;
    if unknown.is_empty() {
        out.finish()?;
        ctx.reporter.note(&crate::t!("cli-import-resolve-nothing"));
        return Ok(());
    }
    let client = ctx.api().await?;
    let journal = Journal::open(journal_path)?;
    let mut lookups = stream::iter(unknown.into_iter().map(|row| {
        let client = client.clone();
        async move {
            let clinica = row.clinic_id().map(|c| c.to_string()).unwrap_or_default();
            let found = find_existing(
                &client,
                &clinica,
                &row.contact.phone,
                row.contact.email.as_deref(),
            )
            .await;
            (row, found)
        }
    }))
    .buffered(ctx.walk().concurrency.max(1));
    let (mut created, mut not_sent) = (0usize, 0usize);
    let mut failed: Vec<usize> = Vec::new();
    let mut first_failure: Option<Error> = None;
    while let Some((row, found)) = lookups.next().await {
        let record = match found {
            Ok(ids) if ids.is_empty() => {
                journal.record(&row.key, row.number, State::NotSent, None)?;
                not_sent += 1;
                json!({"row": row.number, "status": "not-sent"})
            }
            Ok(ids) => {
                if ids.len() > 1 {
                    ctx.reporter.warn(&crate::t!(
                        "cli-import-resolve-several",
                        row = row.number,
                        count = ids.len(),
                        ids = ids.join(", ")
                    ));
                }
                let id = id_value(&ids[0]);
                journal.record(&row.key, row.number, State::Created, Some(&id))?;
                created += 1;
                json!({"row": row.number, "status": "created", "id": id})
            }
            Err(e) => {
                failed.push(row.number);
                let record = json!({"row": row.number, "status": "unknown", "error": ctx.reporter.redact(&e.to_string())});
                first_failure.get_or_insert(e);
                record
            }
        };
        out.write(&record)?;
    }
    out.finish()?;
    ctx.reporter.note(&crate::t!(
        "cli-import-resolve-summary",
        created = created,
        not_sent = not_sent,
        unknown = failed.len()
    ));
    match first_failure {
        Some(e) => {
            ctx.reporter.warn(&crate::t!(
                "cli-import-resolve-failed",
                rows = row_list(&failed),
                count = failed.len()
            ));
            Err(e)
        }
        None => Ok(()),
    }
}

/// An ID as the service wrote it: a number when it is one.
fn id_value(id: &str) -> Value {
    id.parse::<u64>()
        .map(Value::from)
        .unwrap_or_else(|_| Value::String(id.to_string()))
}
