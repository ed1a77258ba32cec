//! `clinic contact import FILE.csv`: many `cadastraCliente` calls from a spreadsheet. The whole file is
//! checked before the first contact is sent, so a typo on row 900 does not leave 899 half-imported
//! rows; and because the service does not deduplicate, a journal of created rows lets a failed run be
//! resumed without creating anyone twice.

use std::collections::{HashMap, HashSet};
use std::io::Write;
use std::path::PathBuf;
use std::sync::Mutex;

use clap::Args;
use futures::stream::{self, StreamExt};
use serde_json::{Value, json};

use super::args::ClinicArg;
use super::contact::{NewContact, create_body, register};
use crate::api::envelope;
use crate::context::Context;
use crate::error::{Error, Result};
use crate::input::{self, Phone};
use crate::output::{Output, Shape};
use crate::refs::{Kind, Ref, resolve};

#[derive(Args, Debug)]
pub struct ImportArgs {
    /// The CSV file (UTF-8, with a header row)
    file: PathBuf,
    /// Check every row and print what would be sent, without sending
    #[arg(long)]
    dry_run: bool,
    /// Record each created row here (NDJSON) and skip rows recorded by earlier runs
    #[arg(long, value_name = "FILE")]
    journal: Option<PathBuf>,
    #[command(flatten)]
    clinic: ClinicArg,
}

/// Header names accepted for each field, English first.
const COLUMNS: &[(&str, &[&str])] = &[
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

struct Row {
    number: usize,
    key: String,
    contact: NewContact,
}

pub async fn run(ctx: &Context, a: ImportArgs) -> Result<()> {
    let default_clinic = a.clinic.resolve(ctx).await?;
    let rows = read_rows(&a.file, default_clinic)?;
    let rows = resolve_names(ctx, rows).await?;
    let done = match &a.journal {
        Some(path) => journal_keys(path)?,
        None => HashSet::new(),
    };
    let mut out = Output::open(&ctx.output_spec(), Shape::List, Box::new(std::io::stdout()))?;
    if a.dry_run {
        for row in &rows {
            let body = create_body(ctx, &row.contact).await?;
            let skip = done.contains(&row.key);
            out.write(&json!({"row": row.number, "action": if skip { "skip" } else { "create" }, "body": body}))?;
        }
        out.finish()?;
        return Ok(());
    }
    let client = ctx.api().await?;
    let journal = match &a.journal {
        Some(path) => Some(Mutex::new(
            std::fs::OpenOptions::new()
                .create(true)
                .append(true)
                .open(path)
                .map_err(|e| Error::Other(format!("{}: {e}", path.display())))?,
        )),
        None => None,
    };
    let concurrency = ctx.walk().concurrency;
    let total = rows.len();
    let mut results = stream::iter(rows.into_iter().map(|row| {
        let client = client.clone();
        let (journal, done) = (&journal, &done);
        async move {
            if done.contains(&row.key) {
                return (row.number, Ok(None));
            }
            let outcome = async {
                let body = create_body(ctx, &row.contact).await?;
                let answer = register(&client, body).await?;
                let id = envelope::created_id(&answer).unwrap_or(Value::Null);
                if let Some(j) = journal {
                    // Written as soon as the service has answered, so a crash right after loses nothing.
                    let line = json!({"key": row.key, "row": row.number, "id": id});
                    let mut f = j.lock().unwrap();
                    writeln!(f, "{line}").and_then(|_| f.flush())?;
                }
                Ok::<Value, Error>(id)
            }
            .await;
            (row.number, outcome.map(Some))
        }
    }))
    .buffered(concurrency.max(1));
    let mut first_failure: Option<Error> = None;
    let (mut created, mut skipped) = (0, 0);
    while let Some((number, outcome)) = results.next().await {
        let record = match outcome {
            Ok(Some(id)) => {
                created += 1;
                json!({"row": number, "status": "created", "id": id})
            }
            Ok(None) => {
                skipped += 1;
                json!({"row": number, "status": "skipped", "id": null})
            }
            Err(e) => {
                let record = json!({"row": number, "status": "failed", "error": ctx.reporter.redact(&e.to_string())});
                first_failure.get_or_insert(e);
                record
            }
        };
        out.write(&record)?;
    }
    out.finish()?;
    ctx.reporter.note(&format!(
        "{created} created, {skipped} skipped, {} failed, of {total} rows",
        total - created - skipped
    ));
    match first_failure {
        Some(e) => Err(e),
        None => Ok(()),
    }
}

/// Parses and checks every row; all problems are reported together, with row numbers.
fn read_rows(path: &PathBuf, default_clinic: Option<u64>) -> Result<Vec<Row>> {
    let bytes = std::fs::read(path).map_err(|e| {
        Error::invalid(
            "FILE",
            path.display(),
            &format!("a readable CSV file ({e})"),
        )
    })?;
    let text = String::from_utf8(bytes)
        .map_err(|_| Error::invalid("FILE", path.display(), "a UTF-8 CSV file"))?;
    let text = text.trim_start_matches('\u{feff}');
    let first_line = text.lines().next().unwrap_or("");
    let delimiter = if first_line.matches(';').count() > first_line.matches(',').count() {
        b';'
    } else {
        b','
    };
    let mut reader = csv::ReaderBuilder::new()
        .delimiter(delimiter)
        .flexible(true)
        .from_reader(text.as_bytes());
    let headers: Vec<String> = reader
        .headers()
        .map_err(|e| Error::invalid("FILE", path.display(), &format!("CSV ({e})")))?
        .iter()
        .map(|h| h.trim().to_lowercase())
        .collect();
    let index: HashMap<&str, usize> = COLUMNS
        .iter()
        .filter_map(|(field, names)| {
            headers
                .iter()
                .position(|h| names.contains(&h.as_str()))
                .map(|i| (*field, i))
        })
        .collect();
    let missing: Vec<&str> = ["name", "phone", "birth_date", "channel", "campaign"]
        .into_iter()
        .filter(|f| !index.contains_key(f))
        .collect();
    if !missing.is_empty() {
        return Err(Error::invalid(
            "FILE header",
            headers.join(","),
            &format!(
                "columns for {} (see `clinic contact import --help`)",
                missing.join(", ")
            ),
        ));
    }
    let mut rows = Vec::new();
    let mut problems = Vec::new();
    for (i, record) in reader.records().enumerate() {
        let number = i + 2; // the header is row 1, as a spreadsheet shows it
        let record = match record {
            Ok(r) => r,
            Err(e) => {
                problems.push(format!("row {number}: {e}"));
                continue;
            }
        };
        let cells: HashMap<&str, String> = index
            .iter()
            .map(|(field, i)| (*field, record.get(*i).unwrap_or("").trim().to_string()))
            .collect();
        match parse_row(&cells, default_clinic) {
            Ok(contact) => {
                let key = format!(
                    "{}|{}",
                    contact.phone.digits(),
                    resolve::normalize(&contact.name)
                );
                rows.push(Row {
                    number,
                    key,
                    contact,
                })
            }
            Err(e) => problems.push(format!("row {number}: {e}")),
        }
    }
    if !problems.is_empty() {
        let shown: Vec<&String> = problems.iter().take(20).collect();
        let more = if problems.len() > 20 {
            format!("\n… and {} more", problems.len() - 20)
        } else {
            String::new()
        };
        return Err(Error::Usage(format!(
            "{} of the rows are invalid; nothing was sent:\n{}{more}",
            problems.len(),
            shown
                .iter()
                .map(|s| s.as_str())
                .collect::<Vec<_>>()
                .join("\n")
        )));
    }
    Ok(rows)
}

fn parse_row(cells: &HashMap<&str, String>, default_clinic: Option<u64>) -> Result<NewContact> {
    let cell = |field: &str| cells.get(field).map(String::as_str).unwrap_or("");
    let optional = |s: &str| (!s.is_empty()).then(|| s.to_string());
    let as_ref = |field: &str, s: &str| {
        resolve::parse_ref(s)
            .map_err(|expected| Error::invalid(field, s, expected.trim_start_matches("expected ")))
    };
    let phone = Phone::parse("phone", cell("phone"))?;
    phone.formatted_mobile("phone")?;
    let clinic = match optional(cell("clinic")) {
        Some(c) => Some(as_ref("clinic", &c)?),
        None => default_clinic.map(Ref::Id),
    };
    if clinic.is_none() {
        return Err(Error::invalid(
            "clinic",
            "(empty)",
            "a clinic column, --clinic, or the profile's clinica",
        ));
    }
    Ok(NewContact {
        name: input::text("name", cell("name"))?,
        phone,
        birth_date: input::date("birth_date", cell("birth_date"))?,
        channel: as_ref("channel", cell("channel"))?,
        campaign: as_ref("campaign", cell("campaign"))?,
        email: optional(cell("email"))
            .map(|e| input::email("email", &e))
            .transpose()?,
        note: optional(cell("note")),
        clinic: ClinicArg { clinic },
    })
}

/// Replaces names by IDs with one fetch per list (and clinic), reporting every unknown name at once.
async fn resolve_names(ctx: &Context, mut rows: Vec<Row>) -> Result<Vec<Row>> {
    let mut lists: HashMap<(u8, Option<u64>), Vec<crate::refs::Entry>> = HashMap::new();
    let mut problems = Vec::new();
    for row in &mut rows {
        if let Some(Ref::Name(n)) = &row.contact.clinic.clinic {
            let entries = cached(ctx, &mut lists, Kind::Clinics, None).await?;
            match resolve::pick(Kind::Clinics, "clinic", n, entries) {
                Ok(id) => row.contact.clinic.clinic = Some(Ref::Id(id)),
                Err(e) => problems.push(format!("row {}: {e}", row.number)),
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
                let entries = cached(ctx, &mut lists, kind, clinic).await?;
                match resolve::pick(kind, field, &n, entries) {
                    Ok(id) => *value = Ref::Id(id),
                    Err(e) => problems.push(format!("row {}: {e}", row.number)),
                }
            }
        }
    }
    if !problems.is_empty() {
        return Err(Error::Usage(format!(
            "{} names did not match; nothing was sent:\n{}",
            problems.len(),
            problems.join("\n")
        )));
    }
    Ok(rows)
}

async fn cached<'a>(
    ctx: &Context,
    lists: &'a mut HashMap<(u8, Option<u64>), Vec<crate::refs::Entry>>,
    kind: Kind,
    clinic: Option<u64>,
) -> Result<&'a Vec<crate::refs::Entry>> {
    match lists.entry((kind as u8, clinic)) {
        std::collections::hash_map::Entry::Occupied(e) => Ok(e.into_mut()),
        std::collections::hash_map::Entry::Vacant(e) => {
            Ok(e.insert(resolve::list(ctx, kind, clinic).await?))
        }
    }
}

/// Keys of rows an earlier run created.
fn journal_keys(path: &PathBuf) -> Result<HashSet<String>> {
    match std::fs::read_to_string(path) {
        Ok(text) => Ok(text
            .lines()
            .filter_map(|l| serde_json::from_str::<Value>(l).ok())
            .filter_map(|v| v["key"].as_str().map(str::to_string))
            .collect()),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(HashSet::new()),
        Err(e) => Err(Error::Other(format!("{}: {e}", path.display()))),
    }
}
