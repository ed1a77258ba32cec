//! `clinic crm contact|deal|lead|type|aliases|units`  [CRM — Automação / CRM]

use clap::Subcommand;
use serde_json::json;

mod aliases;
mod contact;
mod deal;
mod fields;
mod lead;
mod leads;
mod read;
mod smart;
mod update;

use crate::context::Context;
use crate::error::Result;
use crate::show;

#[derive(Subcommand, Debug)]
pub enum CrmCommand {
    #[command(subcommand)]
    Contact(contact::ContactCommand),
    #[command(subcommand)]
    Deal(deal::DealCommand),
    #[command(subcommand)]
    Lead(leads::LeadCommand),
    #[command(subcommand)]
    Aliases(aliases::AliasesCommand),
    #[command(subcommand)]
    Type(smart::TypeCommand),
    #[command(subcommand)]
    Item(smart::ItemCommand),
    Units,
}

pub async fn run(ctx: &Context, cmd: CrmCommand) -> Result<()> {
    match cmd {
        CrmCommand::Contact(cmd) => contact::run(ctx, cmd).await,
        CrmCommand::Deal(cmd) => deal::run(ctx, cmd).await,
        CrmCommand::Lead(cmd) => leads::run(ctx, cmd).await,
        CrmCommand::Aliases(cmd) => aliases::run(ctx, cmd),
        CrmCommand::Type(cmd) => smart::run(ctx, cmd).await,
        CrmCommand::Item(cmd) => smart::run_item(ctx, cmd).await,
        CrmCommand::Units => units(ctx),
    }
}

/// `clinic crm units`: the units the profile knows.
fn units(ctx: &Context) -> Result<()> {
    if ctx.profile.units.is_empty() {
        ctx.reporter.note(&crate::t!(
            "cli-crm-no-units",
            profile = ctx.profile_name.as_str()
        ));
        return Ok(());
    }
    let rows = ctx
        .profile
        .units
        .iter()
        .map(|u| json!({"unit": u}))
        .collect();
    show::records(ctx, rows)
}
