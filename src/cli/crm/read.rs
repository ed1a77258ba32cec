//! Reading CRM records: a list (offset pages, or the keyset walk past a size) and records by ID, as
//! `clinic crm contact list|get` and `clinic crm deal list|get` read them.

use std::sync::Arc;

use clap::Args;

use super::fields::{Names, filter, order};
use crate::api::Operation;
use crate::cli::args;
use crate::cli::crm_host;
use crate::cli::text_file::{self, EncodingArg, FileEncoding};
use crate::context::Context;
use crate::crm::list::{self, KEYSET_ABOVE, KeysetList, ListQuery, OffsetList, PAGE_SIZE};
use crate::crm::{batch, client};
use crate::error::{Error, Result};
use crate::output::Format;
use crate::pages;
use crate::record::PageSource;
use crate::show;

#[derive(Args, Debug)]
pub struct ListArgs {
    #[arg(long, value_name = "FIELD=VALUE", value_parser = filter)]
    field: Vec<(String, String)>,
    #[arg(long, value_name = "FIELD")]
    select: Vec<String>,
    #[arg(long, value_name = "FIELD:asc|desc", value_parser = order)]
    order: Vec<(String, String)>,
    #[arg(long, conflicts_with = "order")]
    keyset: bool,
    #[arg(long)]
    fields_form: bool,
}

#[derive(Args, Debug)]
pub struct GetArgs {
    #[arg(value_parser = args::id, required_unless_present = "ids_from")]
    ids: Vec<u64>,
    #[arg(long, value_name = "FILE|-")]
    ids_from: Option<std::path::PathBuf>,
    // How the file of `--ids-from` is encoded (its help is the catalogue's).
    #[arg(long, value_enum, value_name = "ENCODING", requires = "ids_from")]
    encoding: Option<FileEncoding>,
}

/// How records are shaped for the chosen format: multi-fields as one cell where a field is a cell.
fn shape(ctx: &Context) -> list::Shape {
    match ctx.output_spec().format {
        Format::Table | Format::Csv | Format::Tsv | Format::Xlsx | Format::Parquet => list::flatten,
        Format::Json | Format::Ndjson => list::unchanged,
    }
}

/// The records of the list method `method` the flags ask for.
pub async fn list(ctx: &Context, method: &str, a: ListArgs) -> Result<()> {
    let crm = crm_host::crm(ctx)?;
    let mut names = Names::new(ctx, &crm, type_of(method));
    let mut filters = Vec::with_capacity(a.field.len());
    for (k, v) in &a.field {
        filters.push((names.filter_key(k).await?, v.clone()));
    }
    let mut select = Vec::with_capacity(a.select.len());
    for s in &a.select {
        select.push(names.field(s).await?);
    }
    let mut order = Vec::with_capacity(a.order.len());
    for (k, d) in &a.order {
        order.push((names.field(k).await?, d.clone()));
    }
    // A user field named as a column is asked for: a list leaves user fields out unless selected.
    for code in columns(ctx, &mut names).await? {
        if code.starts_with("UF_") && !select.iter().any(|s| *s == code || s == "UF_*") {
            if select.is_empty() {
                select.push("*".to_string());
            }
            select.push(code);
        }
    }
    let query = ListQuery {
        filters,
        select,
        order,
        fields_form: a.fields_form,
        items_of: None,
    };
    walk_list(ctx, crm, method, query, a.keyset).await
}

/// The walk of a CRM list: offset pages, or the ID keyset when `keyset` asks for it or the list
/// (walked whole in ID order) is larger than [`KEYSET_ABOVE`]. A smart process's
/// `crm.item.list` walks the same way, by its `id`.
pub async fn walk_list(
    ctx: &Context,
    crm: Arc<crate::crm::Crm>,
    method: &str,
    mut query: ListQuery,
    keyset: bool,
) -> Result<()> {
    let ordered = !query.order.is_empty();
    let walk = ctx.walk();
    if walk.all && query.order.is_empty() {
        // A walk in ID order can switch to the keyset pattern, and reads the same order either way.
        query.order = vec![(query.id_key().into(), "ASC".into())];
    }
    let shape = shape(ctx);
    if keyset {
        if !walk.all {
            return Err(Error::Usage(crate::t!("cli-crm-keyset-needs-all")));
        }
        if walk.first > 1 {
            return Err(Error::Usage(crate::t!("cli-crm-keyset-from-start")));
        }
        let source = KeysetList::new(crm, method, query, shape, None)?;
        return walk_in_order(ctx, Arc::new(source)).await;
    }
    let offset = OffsetList::new(crm.clone(), method, query.clone(), shape);
    if walk.all && !ordered {
        let probe = offset.page(walk.first).await?;
        if probe.total.is_some_and(|t| t > KEYSET_ABOVE) {
            ctx.reporter.trace(&format!(
                "  {}",
                crate::t!("cli-crm-keyset-walk", count = probe.total.unwrap_or(0))
            ));
            let source = KeysetList::new(crm, method, query, shape, Some(probe))?;
            return walk_in_order(ctx, Arc::new(source)).await;
        }
        offset.keep(walk.first, probe);
    }
    show::paged(ctx, Arc::new(offset), &crate::t!("cli-what-records")).await
}

/// The `entityTypeId` of a classic method's kind (`crm.deal.list`: 2).
fn type_of(method: &str) -> u64 {
    crate::crm::family::classic_method(method).map_or(0, |(type_id, _)| type_id)
}

/// `--columns` with each name a field ID, alias or label turned into its field ID, which the output
/// then shows: the columns as the records name them.
async fn columns(ctx: &Context, names: &mut Names<'_>) -> Result<Vec<String>> {
    let Some(asked) = ctx.global.columns.clone() else {
        return Ok(Vec::new());
    };
    if crate::context::is_all_columns(&asked) {
        return Ok(Vec::new());
    }
    let mut codes = Vec::with_capacity(asked.len());
    for name in &asked {
        codes.push(names.field(name).await?);
    }
    ctx.name_columns(codes.clone());
    Ok(codes)
}

/// A keyset walk, in pages of Bitrix's fixed size (the source says they go one after another).
async fn walk_in_order(ctx: &Context, source: Arc<dyn PageSource>) -> Result<()> {
    let spec = pages::Walk {
        per_page: PAGE_SIZE,
        ..ctx.walk()
    };
    show::paged_with(ctx, source, "records", spec).await
}

/// One record by ID, shown as one; several (IDs given, or `--ids-from`) read 50 per `batch` request
/// and written as a list, in the order asked. A record that cannot be read is reported by its ID and
/// fails the run once the others are written.
pub async fn get(ctx: &Context, op: &'static Operation, a: GetArgs) -> Result<()> {
    let crm = crm_host::crm(ctx)?;
    columns(ctx, &mut Names::new(ctx, &crm, type_of(op.path))).await?;
    let mut ids = a.ids;
    if let Some(source) = &a.ids_from {
        let encoding = EncodingArg {
            encoding: a.encoding,
        };
        ids.extend(ids_from(ctx, source, encoding)?);
    }
    if let ([id], None) = (ids.as_slice(), &a.ids_from) {
        let answer = crm.run(op, &[("ID".into(), id.to_string())]).await?;
        let record = shape(ctx)(client::result(answer)?);
        return show::single(ctx, &record);
    }
    let mut seen = std::collections::HashSet::new();
    ids.retain(|id| seen.insert(*id));
    let shape = shape(ctx);
    let mut records = Vec::with_capacity(ids.len());
    let mut failed = 0u64;
    for (id, outcome) in batch::get_each(&crm, op.path, &ids).await? {
        match outcome {
            Ok(record) => records.push(shape(record)),
            Err(failure) => {
                failed += 1;
                ctx.reporter.warn(&crate::t!(
                    "cli-crm-get-failed",
                    id = id,
                    message = failure.message.as_str()
                ));
            }
        }
    }
    show::records(ctx, records)?;
    if failed > 0 {
        return Err(Error::RecordsFailed {
            failed,
            total: ids.len() as u64,
        });
    }
    Ok(())
}

/// The IDs of a file (or standard input, `-`): whole numbers separated by line breaks, commas,
/// semicolons or spaces; a header line that is not a number (`ID`) is skipped.
fn ids_from(ctx: &Context, source: &std::path::Path, encoding: EncodingArg) -> Result<Vec<u64>> {
    let unreadable = |e: std::io::Error| {
        Error::invalid(
            "--ids-from",
            source.display().to_string(),
            &crate::t!("cli-crm-expected-ids-file", reason = e.to_string()),
        )
    };
    let text = if source.as_os_str() == "-" {
        std::io::read_to_string(std::io::stdin()).map_err(unreadable)?
    } else {
        let bytes = std::fs::read(source).map_err(unreadable)?;
        text_file::decode(&ctx.reporter, "--ids-from", source, &bytes, encoding)?
    };
    let mut ids = Vec::new();
    for (n, word) in crate::text::bom::strip(&text)
        .split(|c: char| c.is_whitespace() || c == ',' || c == ';')
        .filter(|w| !w.is_empty())
        .enumerate()
    {
        match args::id(word) {
            Ok(id) => ids.push(id),
            Err(_) if n == 0 && word.chars().all(|c| c.is_alphabetic() || c == '_') => {}
            Err(_) => {
                return Err(Error::invalid(
                    "--ids-from",
                    word,
                    &crate::t!("cli-crm-expected-ids"),
                ));
            }
        }
    }
    Ok(ids)
}
