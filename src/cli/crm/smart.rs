//! `clinic crm type list`: the portal's smart processes (Bitrix24's user-defined CRM types), and
//! `clinic crm item get|create|update`: one item of one of them.

use clap::{Args, Subcommand};

use super::fields::Names;
use crate::cli::args;
use crate::cli::crm_host;
use crate::context::Context;
use crate::crm::Crm;
use crate::crm::items::{self, Named};
use crate::error::{Error, Result};
use crate::show;

#[derive(Subcommand, Debug)]
pub enum TypeCommand {
    List,
}

pub async fn run(ctx: &Context, cmd: TypeCommand) -> Result<()> {
    match cmd {
        TypeCommand::List => {
            let crm = crm_host::crm(ctx)?;
            show::records(ctx, crm.types().await?)
        }
    }
}

#[derive(Subcommand, Debug)]
pub enum ItemCommand {
    Get(ItemGetArgs),
    Create(ItemCreateArgs),
    Update(ItemUpdateArgs),
}

#[derive(Args, Debug)]
pub struct ItemGetArgs {
    #[arg(long = "type", id = "type", value_name = "TITLE|ID")]
    kind: String,
    #[arg(value_parser = args::id)]
    id: u64,
}

#[derive(Args, Debug)]
pub struct ItemCreateArgs {
    #[arg(long = "type", id = "type", value_name = "TITLE|ID")]
    kind: String,
    #[command(flatten)]
    write: ItemWrite,
}

#[derive(Args, Debug)]
pub struct ItemUpdateArgs {
    #[arg(long = "type", id = "type", value_name = "TITLE|ID")]
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
        ItemCommand::Get(a) => {
            let crm = crm_host::crm(ctx)?;
            let type_id = crm.type_id(&a.kind).await?;
            show::single(ctx, &crm.item(type_id, a.id).await?)
        }
        ItemCommand::Create(a) => {
            let crm = crm_host::crm(ctx)?;
            let type_id = crm.type_id(&a.kind).await?;
            let fields = fields(ctx, &crm, type_id, &a.write, None).await?;
            show::single(ctx, &crm.add_item(type_id, &fields).await?)
        }
        ItemCommand::Update(a) => {
            if a.write.field.is_empty() && a.write.category.is_none() && a.write.stage.is_none() {
                return Err(Error::Usage(crate::t!("cli-crm-item-nothing-to-write")));
            }
            let crm = crm_host::crm(ctx)?;
            let type_id = crm.type_id(&a.kind).await?;
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
        let all = crm.categories(type_id).await?;
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
                let all = crm.categories(type_id).await?;
                all.iter()
                    .find(|c| c.is_default)
                    .or(all.first())
                    .map(|c| c.id.clone())
                    .unwrap_or_default()
            }
        };
        let all = crm.stages(type_id, &category).await?;
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
