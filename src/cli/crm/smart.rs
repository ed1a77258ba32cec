//! `clinic crm type list`: the portal's smart processes (Bitrix24's user-defined CRM types), and
//! `clinic crm item get`: one item of one of them.

use clap::{Args, Subcommand};

use crate::cli::args;

use crate::cli::crm_host;
use crate::context::Context;
use crate::error::Result;
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
}

#[derive(Args, Debug)]
pub struct ItemGetArgs {
    #[arg(long = "type", id = "type", value_name = "TITLE|ID")]
    kind: String,
    #[arg(value_parser = args::id)]
    id: u64,
}

pub async fn run_item(ctx: &Context, cmd: ItemCommand) -> Result<()> {
    match cmd {
        ItemCommand::Get(a) => {
            let crm = crm_host::crm(ctx)?;
            let type_id = crm.type_id(&a.kind).await?;
            show::single(ctx, &crm.item(type_id, a.id).await?)
        }
    }
}
