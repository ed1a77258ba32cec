//! `clinic campaign create|list`  [Entrada — Apoio / Saída — Apoio]

use clap::Subcommand;
use reqwest::Method;
use serde_json::json;

use super::args::{self, ClinicArg};
use crate::api::envelope;
use crate::context::Context;
use crate::error::{Error, Result};
use crate::http::Safety;
use crate::show;

#[derive(Subcommand, Debug)]
pub enum CampaignCommand {
    Create {
        #[arg(long, visible_alias = "nome", value_parser = args::name)]
        name: String,
        #[command(flatten)]
        clinic: ClinicArg,
    },
    List(super::reference::NamedList),
}

pub async fn run(ctx: &Context, cmd: CampaignCommand) -> Result<()> {
    match cmd {
        CampaignCommand::Create { name, clinic } => {
            let clinica = clinic.resolve(ctx).await?.ok_or_else(|| {
                Error::invalid(
                    "--clinic",
                    crate::t!("cli-missing"),
                    &crate::t!("cli-campaign-expected-clinic"),
                )
            })?;
            let body = json!({"nome": name, "clinica": clinica.to_string()});
            let client = ctx.api().await?;
            let answer = client
                .call(
                    Method::POST,
                    crate::api::CREATE_CAMPAIGN.path,
                    &[],
                    Some(body),
                    Safety::Unsafe,
                )
                .await?;
            remember(ctx, clinica, &name, &answer);
            created(ctx, answer, |id| crate::t!("cli-campaign-created", id = id))
        }
        CampaignCommand::List(list) => {
            super::reference::named(
                ctx,
                crate::api::CAMPAIGNS.path,
                list,
                &crate::t!("cli-what-campaigns"),
            )
            .await
        }
    }
}

/// Puts a new campaign in the name cache, so `--campaign "Its Name"` works at once. A cache that
/// cannot be written only costs a fresh read of the list later.
fn remember(ctx: &Context, clinic: u64, name: &str, answer: &serde_json::Value) {
    let id = envelope::created_id(answer).and_then(|id| match id {
        serde_json::Value::Number(n) => n.as_u64(),
        serde_json::Value::String(s) => s.trim().parse().ok(),
        _ => None,
    });
    if let (Some(id), Some(cache)) = (id, crate::refs::cache::Cache::of(ctx)) {
        let entry = crate::refs::Entry {
            id,
            name: name.to_string(),
        };
        let _ = cache.remember(crate::refs::Kind::Campaigns, Some(clinic), entry);
    }
}

/// Prints what a create call answered, leading with the new record's ID when one can be found.
/// `note` words the note from the new ID.
pub fn created(
    ctx: &Context,
    answer: serde_json::Value,
    note: impl FnOnce(String) -> String,
) -> Result<()> {
    match envelope::created_id(&answer) {
        Some(id) => {
            ctx.reporter.note(&note(
                id.as_str()
                    .map(str::to_string)
                    .unwrap_or_else(|| id.to_string()),
            ));
            let mut record = serde_json::Map::new();
            record.insert("id".into(), id);
            if let serde_json::Value::Object(map) = answer {
                for (k, v) in map {
                    record.entry(k).or_insert(v);
                }
            }
            show::single(ctx, &serde_json::Value::Object(record))
        }
        None => show::any(ctx, answer),
    }
}
