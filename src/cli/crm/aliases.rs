//! `clinic crm aliases install|list`: the profile's names for CRM fields.

use clap::Subcommand;
use serde_json::json;

use crate::context::Context;
use crate::crm::names::MAIN_ALIASES;
use crate::error::{Error, Result};
use crate::show;

#[derive(Subcommand, Debug)]
pub enum AliasesCommand {
    Install {
        #[arg(long)]
        force: bool,
    },
    List,
}

pub fn run(ctx: &Context, cmd: AliasesCommand) -> Result<()> {
    match cmd {
        AliasesCommand::Install { force } => install(ctx, force),
        AliasesCommand::List => {
            let rows = ctx
                .profile
                .aliases
                .iter()
                .map(|(k, v)| json!({"alias": k, "field": v}))
                .collect();
            show::records(ctx, rows)
        }
    }
}

/// Writes the usual aliases into the profile, keeping an alias the user set otherwise unless
/// `force`.
fn install(ctx: &Context, force: bool) -> Result<()> {
    if ctx.in_sandbox() {
        return Err(Error::Usage(crate::t!("cli-crm-aliases-sandbox")));
    }
    let mut rows = Vec::new();
    ctx.update_profile(|p| {
        for (name, id) in MAIN_ALIASES {
            let status = match p.aliases.get(*name) {
                Some(current) if current == id => "kept",
                Some(_) if !force => "kept (differs; --force replaces it)",
                _ => {
                    p.aliases.insert(name.to_string(), id.to_string());
                    "set"
                }
            };
            let field = p.aliases.get(*name).cloned().unwrap_or_default();
            rows.push(json!({"alias": name, "field": field, "status": status}));
        }
        Ok(())
    })?;
    show::records(ctx, rows)
}
