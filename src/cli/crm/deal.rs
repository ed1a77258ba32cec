//! `clinic crm deal list|get|update`: deals of the CRM, a deal's stage by its name.

use clap::{Args, Subcommand};

use super::read::{self, GetArgs, ListArgs};
use super::update::{Changes, update};
use crate::cli::args;
use crate::context::Context;
use crate::crm::names;
use crate::error::Result;

#[derive(Subcommand, Debug)]
pub enum DealCommand {
    List(ListArgs),
    Get(GetArgs),
    Update(DealUpdateArgs),
}

#[derive(Args, Debug)]
pub struct DealUpdateArgs {
    #[arg(value_parser = args::id)]
    id: u64,
    #[arg(long, value_name = "FIELD=VALUE", value_parser = args::key_value, required_unless_present = "stage")]
    set: Vec<(String, String)>,
    #[arg(long, value_name = "NAME", value_parser = stage, add = clap_complete::ArgValueCompleter::new(stage_candidates))]
    stage: Option<&'static str>,
}

/// Tab candidates for `--stage`: the stages of pipeline Unidade, with their STAGE_ID.
fn stage_candidates(current: &std::ffi::OsStr) -> Vec<clap_complete::CompletionCandidate> {
    crate::cli::complete::offer(
        current,
        names::STAGES
            .iter()
            .map(|(name, id)| (name.to_string(), Some(format!("STAGE_ID {id}")))),
    )
}

/// A stage by its name (or near it), as the pipeline spells it.
fn stage(s: &str) -> std::result::Result<&'static str, String> {
    names::stage(s).map_err(|near| {
        let all: Vec<&str> = names::STAGES.iter().map(|(n, _)| *n).collect();
        crate::t!(
            "cli-crm-expected-stage",
            near = args::or_list(&near),
            stages = all.join(", ")
        )
    })
}

pub async fn run(ctx: &Context, cmd: DealCommand) -> Result<()> {
    match cmd {
        DealCommand::List(a) => read::list(ctx, crate::api::CRM_DEAL_LIST.path, a).await,
        DealCommand::Get(a) => read::get(ctx, &crate::api::CRM_DEAL_GET, a).await,
        DealCommand::Update(a) => {
            let changes = Changes {
                set: a.set,
                add: Vec::new(),
                remove: Vec::new(),
                stage: a.stage,
            };
            update(
                ctx,
                &crate::api::CRM_DEAL_UPDATE,
                &crate::api::CRM_DEAL_GET,
                a.id,
                changes,
            )
            .await
        }
    }
}
