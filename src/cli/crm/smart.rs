//! `clinic crm type list`: the portal's smart processes (Bitrix24's user-defined CRM types),
//! `clinic crm item list`: the items of one of them, and `clinic crm item get|create|update`: one
//! item.

use clap::{Args, Subcommand};

use super::fields::Names;
use crate::cli::args;

use super::read;
use crate::api;
use crate::cli::crm_host;
use crate::context::Context;
use crate::crm::Crm;
use crate::crm::items::{self, Named};
use crate::crm::list::ListQuery;
use crate::crm::smart::type_of;
use crate::error::{Error, Result};
use crate::refs::Entry;
use crate::refs::cache::{CRM_TYPES, Cache};
use crate::show;

#[derive(Subcommand, Debug)]
pub enum TypeCommand {
    List,
}

pub async fn run(ctx: &Context, cmd: TypeCommand) -> Result<()> {
    match cmd {
        TypeCommand::List => {
            let crm = crm_host::crm(ctx)?;
            show::records(ctx, types(ctx, &crm).await?)
        }
    }
}

/// The portal's smart processes, kept in the profile's cache for Tab to offer their titles
/// (completion never asks the portal itself).
async fn types(ctx: &Context, crm: &crate::crm::Crm) -> Result<Vec<serde_json::Value>> {
    let types = crm.types().await?;
    if let Some(cache) = Cache::of_crm(ctx) {
        let entries: Vec<Entry> = types
            .iter()
            .filter_map(|t| {
                Some(Entry {
                    id: t.get("entityTypeId")?.as_u64()?,
                    name: t.get("title")?.as_str()?.to_string(),
                })
            })
            .collect();
        // A cache that cannot be written only costs Tab its titles.
        let _ = cache.write_named(CRM_TYPES, &entries);
    }
    Ok(types)
}

/// Tab candidates for `--type`: the titles the portal's smart processes had when last read.
fn type_candidates(current: &std::ffi::OsStr) -> Vec<clap_complete::CompletionCandidate> {
    crate::cli::complete::names::crm_types(current)
}

#[derive(Subcommand, Debug)]
pub enum ItemCommand {
    List(ItemListArgs),
    Get(ItemGetArgs),
    Create(ItemCreateArgs),
    Update(ItemUpdateArgs),
}

#[derive(Args, Debug)]
pub struct ItemListArgs {
    #[arg(long = "type", id = "type", value_name = "TITLE|ID", add = clap_complete::ArgValueCompleter::new(type_candidates))]
    kind: String,
    #[arg(long, value_name = "NAME|STATUS_ID")]
    stage: Option<String>,
    #[arg(long, value_name = "NAME|ID")]
    category: Option<String>,
    #[arg(long)]
    keyset: bool,
}

#[derive(Args, Debug)]
pub struct ItemGetArgs {
    #[arg(long = "type", id = "type", value_name = "TITLE|ID", add = clap_complete::ArgValueCompleter::new(type_candidates))]
    kind: String,
    #[arg(value_parser = args::id)]
    id: u64,
}

#[derive(Args, Debug)]
pub struct ItemCreateArgs {
    #[arg(long = "type", id = "type", value_name = "TITLE|ID", add = clap_complete::ArgValueCompleter::new(type_candidates))]
    kind: String,
    #[command(flatten)]
    write: ItemWrite,
}

#[derive(Args, Debug)]
pub struct ItemUpdateArgs {
    #[arg(long = "type", id = "type", value_name = "TITLE|ID", add = clap_complete::ArgValueCompleter::new(type_candidates))]
    kind: String,
    #[command(flatten)]
    write: ItemWrite,
    #[arg(value_parser = args::id)]
    id: u64,
}

/// What an item's create or update writes: fields by ID, alias or label, its pipeline and stage
/// by name.
#[derive(Args, Debug)]
pub struct ItemWrite {
    #[arg(long, value_name = "FIELD=VALUE", value_parser = args::key_value)]
    field: Vec<(String, String)>,
    #[arg(long, value_name = "NAME|ID")]
    category: Option<String>,
    #[arg(long, value_name = "NAME|ID")]
    stage: Option<String>,
}

pub async fn run_item(ctx: &Context, cmd: ItemCommand) -> Result<()> {
    match cmd {
        ItemCommand::List(a) => {
            let crm = crm_host::crm(ctx)?;
            // Every name is resolved before the first item is asked for: a name the portal does
            // not have ends the run with the names it has.
            let type_id = type_of(&types(ctx, &crm).await?, &a.kind)?;
            let filters = crm
                .item_filters(type_id, a.category.as_deref(), a.stage.as_deref())
                .await?;
            let query = ListQuery {
                filters,
                items_of: Some(type_id),
                ..ListQuery::default()
            };
            read::walk_list(ctx, crm, api::CRM_ITEM_LIST.path, query, a.keyset).await
        }
        ItemCommand::Get(a) => {
            let crm = crm_host::crm(ctx)?;
            let type_id = type_of(&types(ctx, &crm).await?, &a.kind)?;
            show::single(ctx, &crm.item(type_id, a.id).await?)
        }
        ItemCommand::Create(a) => {
            let crm = crm_host::crm(ctx)?;
            let type_id = type_of(&types(ctx, &crm).await?, &a.kind)?;
            let fields = fields(ctx, &crm, type_id, &a.write, None).await?;
            show::single(ctx, &crm.add_item(type_id, &fields).await?)
        }
        ItemCommand::Update(a) => {
            if a.write.field.is_empty() && a.write.category.is_none() && a.write.stage.is_none() {
                return Err(Error::Usage(crate::t!("cli-crm-item-nothing-to-write")));
            }
            let crm = crm_host::crm(ctx)?;
            let type_id = type_of(&types(ctx, &crm).await?, &a.kind)?;
            let fields = fields(ctx, &crm, type_id, &a.write, Some(a.id)).await?;
            show::single(ctx, &crm.update_item(type_id, a.id, &fields).await?)
        }
    }
}

/// The fields a write sends, every name and every pipeline and stage resolved before anything is
/// written. A stage is looked up in the pipeline given, else the item's own (an update), else the
/// type's default one (a create).
async fn fields(
    ctx: &Context,
    crm: &Crm,
    type_id: u64,
    write: &ItemWrite,
    id: Option<u64>,
) -> Result<Vec<(String, String)>> {
    let mut names = Names::new(ctx, crm, type_id);
    let mut out = Vec::with_capacity(write.field.len() + 2);
    for (name, value) in &write.field {
        out.push((names.field(name).await?, value.clone()));
    }
    let mut category = None;
    if let Some(given) = &write.category {
        let all = crm.pipelines(type_id).await?;
        let found = pick("--category", given, &all, |names| {
            crate::t!("cli-crm-expected-category", names = names)
        })?;
        out.push(("CATEGORY_ID".to_string(), found.id.clone()));
        category = Some(found.id.clone());
    }
    if let Some(given) = &write.stage {
        let category = match (category, id) {
            (Some(c), _) => c,
            (None, Some(id)) => {
                let item = crm.item(type_id, id).await?;
                match item.get("categoryId") {
                    Some(serde_json::Value::Number(n)) => n.to_string(),
                    Some(serde_json::Value::String(s)) => s.clone(),
                    _ => String::new(),
                }
            }
            (None, None) => {
                let all = crm.pipelines(type_id).await?;
                all.iter()
                    .find(|c| c.is_default)
                    .or(all.first())
                    .map(|c| c.id.clone())
                    .unwrap_or_default()
            }
        };
        let all = crm.pipeline_stages(type_id, &category).await?;
        let found = pick("--stage", given, &all, |names| {
            crate::t!("cli-crm-expected-item-stage", names = names)
        })?;
        out.push(("STAGE_ID".to_string(), found.id.clone()));
    }
    Ok(out)
}

/// The pipeline or stage `given` names, or the refusal that lists them.
fn pick<'a>(
    flag: &str,
    given: &str,
    all: &'a [Named],
    expected: impl Fn(String) -> String,
) -> Result<&'a Named> {
    items::pick(given, all)
        .ok_or_else(|| Error::invalid(flag, given, &expected(items::listed(all))))
}
