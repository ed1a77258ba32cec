//! `clinic crm type list`: the portal's smart processes (Bitrix24's user-defined CRM types).

use clap::Subcommand;

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
