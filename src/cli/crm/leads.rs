//! `clinic crm lead list|get|update`: the CRM's leads, read and written as deals are (a lead has no
//! pipeline stage of its own to move by name, so fields are written with `--set`).

use clap::{Args, Subcommand};

use super::read::{self, GetArgs, ListArgs};
use super::update::{Changes, update};
use crate::cli::args;
use crate::context::Context;
use crate::error::Result;

#[derive(Subcommand, Debug)]
pub enum LeadCommand {
    List(ListArgs),
    Get(GetArgs),
    Update(LeadUpdateArgs),
}

#[derive(Args, Debug)]
pub struct LeadUpdateArgs {
    #[arg(value_parser = args::id)]
    id: u64,
    #[arg(long, value_name = "FIELD=VALUE", value_parser = args::key_value, required = true)]
    set: Vec<(String, String)>,
}

pub async fn run(ctx: &Context, cmd: LeadCommand) -> Result<()> {
    match cmd {
        LeadCommand::List(a) => read::list(ctx, crate::api::CRM_LEAD_LIST.path, a).await,
        LeadCommand::Get(a) => read::get(ctx, &crate::api::CRM_LEAD_GET, a).await,
        LeadCommand::Update(a) => {
            let changes = Changes {
                set: a.set,
                add: Vec::new(),
                remove: Vec::new(),
                stage: None,
            };
            update(
                ctx,
                &crate::api::CRM_LEAD_UPDATE,
                &crate::api::CRM_LEAD_GET,
                a.id,
                changes,
            )
            .await
        }
    }
}
