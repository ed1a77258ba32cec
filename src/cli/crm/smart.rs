//! `clinic crm type list`: the portal's smart processes (Bitrix24's user-defined CRM types),
//! `clinic crm item list`: the items of one of them, and `clinic crm item get`: one item.

use clap::{Args, Subcommand};

use crate::cli::args;

use super::read;
use crate::api;
use crate::cli::crm_host;
use crate::context::Context;
use crate::crm::list::ListQuery;
use crate::crm::smart::type_of;
use crate::error::Result;
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
    }
}
