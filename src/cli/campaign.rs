//! `clinic campaign create|list`  [Entrada — Apoio / Saída — Apoio]

use clap::Subcommand;

use super::args::{self, ClinicArg};
use crate::api::{envelope, ops};
use crate::context::Context;
use crate::error::{Error, Result};

#[derive(Subcommand, Debug)]
pub enum CampaignCommand {
    Create {
        #[arg(long, visible_alias = "nome", value_parser = args::name)]
        name: String,
        #[command(flatten)]
        clinic: ClinicArg,
        #[arg(long)]
        allow_duplicate: bool,
    },
    List(super::ref_list::NamedList),
}

pub async fn run(ctx: &Context, cmd: CampaignCommand) -> Result<()> {
    match cmd {
        CampaignCommand::Create {
            name,
            clinic,
            allow_duplicate,
        } => {
            let clinica = clinic.resolve(ctx).await?.ok_or_else(|| {
                Error::missing("--clinic", &crate::t!("cli-campaign-expected-clinic"))
            })?;
            if !allow_duplicate && !new_name_or_confirmed(ctx, clinica, &name).await? {
                ctx.reporter.note(&crate::t!("cli-guided-cancelled"));
                return Ok(());
            }
            let draft = ops::CampaignDraft {
                name: name.clone(),
                clinic: clinica.to_string(),
            };
            let client = ctx.api().await?;
            let answer = ops::campaign_create(&client, &draft).await?;
            remember(ctx, clinica, &name, &answer);
            super::created::show(ctx, &crate::api::CREATE_CAMPAIGN, answer, |id| {
                crate::t!("cli-campaign-created", id = id)
            })
        }
        CampaignCommand::List(list) => {
            super::ref_list::named(
                ctx,
                &crate::api::CAMPAIGNS,
                list,
                &crate::t!("cli-what-campaigns"),
            )
            .await
        }
    }
}

/// Whether to create a campaign called `name` in `clinic`: yes when none of the clinic's campaigns
/// has that name (compared as names are looked up: case, accents and punctuation aside), since a
/// second one would make the name useless from then on. Otherwise a person is asked (default no)
/// and a script is refused, naming the campaign that exists and `--allow-duplicate`. A list that
/// cannot be read does not block the create: the user is told it was not checked.
async fn new_name_or_confirmed(ctx: &Context, clinic: u64, name: &str) -> Result<bool> {
    let kind = crate::refs::Kind::Campaigns;
    let entries = match crate::refs::resolve::fetch(ctx, kind, Some(clinic)).await {
        Ok(entries) => entries,
        Err(e) => {
            ctx.reporter.warn(&crate::t!(
                "cli-campaign-not-checked",
                reason = ctx.reporter.error_line(&e)
            ));
            return Ok(true);
        }
    };
    let words = crate::text::fold::words(name);
    let same: Vec<String> = entries
        .iter()
        .filter(|e| crate::text::fold::words(&e.name) == words)
        .map(|e| format!("{} ({})", e.name, e.id))
        .collect();
    if same.is_empty() {
        return Ok(true);
    }
    let existing = same.join(", ");
    super::ask::confirm_or_refuse(
        &ctx.io,
        &crate::t!("cli-campaign-create-another", existing = existing.as_str()),
        crate::t!("cli-campaign-name-taken", existing = existing.as_str()),
    )
}

/// Puts a new campaign in the name cache, so `--campaign "Its Name"` works at once. A cache that
/// cannot be written only costs a fresh read of the list later.
fn remember(ctx: &Context, clinic: u64, name: &str, answer: &serde_json::Value) {
    let id =
        envelope::created_id(answer, &crate::api::CREATE_CAMPAIGN.ids).and_then(|id| match id {
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
