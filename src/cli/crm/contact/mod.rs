//! `clinic crm contact create|import|list|get|update`: contacts of the CRM. A create goes through the
//! automation's webhook (which opens a deal too); the rest through the CRM's REST methods.

mod import;

use clap::{Args, Subcommand};
use serde_json::json;

use super::lead;
use super::read::{self, GetArgs, ListArgs};
use super::update::{Changes, update};
use crate::cli::args::{self, IfExists};
use crate::cli::crm_host;
use crate::context::Context;
use crate::crm::webhook::{self, Lead};
use crate::error::Result;
use crate::input::Phone;
use crate::show;

#[derive(Subcommand, Debug)]
pub enum ContactCommand {
    Create(Box<CreateArgs>),
    Import(import::ImportArgs),
    List(ListArgs),
    Get(GetArgs),
    Update(UpdateArgs),
}

#[derive(Args, Debug)]
pub struct CreateArgs {
    #[arg(long, visible_alias = "primeiro-nome", value_parser = args::contact_name, required_unless_present = "full_name")]
    first_name: Option<String>,
    #[arg(long, visible_alias = "sobrenome", value_parser = args::contact_name, required_unless_present = "full_name")]
    last_name: Option<String>,
    #[arg(long, value_parser = lead::full_name, conflicts_with_all = ["first_name", "last_name"])]
    full_name: Option<(String, String)>,
    #[arg(long, value_name = "DATETIME")]
    created_at: Option<String>,
    #[arg(long, visible_alias = "campanha", value_parser = args::text, value_name = "ID")]
    campaign_id: String,
    #[arg(long, value_parser = lead::utm_source, add = clap_complete::ArgValueCompleter::new(utm_source_candidates))]
    utm_source: &'static str,
    #[arg(long, default_value = "")]
    utm_medium: String,
    #[arg(long, default_value = "")]
    utm_campaign: String,
    #[arg(long, default_value = "")]
    utm_content: String,
    #[arg(long, visible_alias = "telefone", value_parser = args::phone)]
    phone: Phone,
    #[arg(long, value_parser = args::email)]
    email: String,
    #[arg(long, visible_alias = "unidade", value_parser = args::text, add = clap_complete::ArgValueCompleter::new(unit_candidates))]
    unit: String,
    #[arg(long, value_enum)]
    if_exists: Option<IfExists>,
}

#[derive(Args, Debug)]
pub struct UpdateArgs {
    #[arg(value_parser = args::id)]
    id: u64,
    #[arg(long, value_name = "FIELD=VALUE", value_parser = args::key_value, required_unless_present_any = ["add", "remove"])]
    set: Vec<(String, String)>,
    #[arg(long, value_name = "FIELD=VALUE", value_parser = args::key_value)]
    add: Vec<(String, String)>,
    #[arg(long, value_name = "FIELD=VALUE", value_parser = args::key_value)]
    remove: Vec<(String, String)>,
}

/// Tab candidates for `--utm-source`.
fn utm_source_candidates(current: &std::ffi::OsStr) -> Vec<clap_complete::CompletionCandidate> {
    crate::cli::complete::offer(
        current,
        webhook::UTM_SOURCES.iter().map(|s| (s.to_string(), None)),
    )
}

/// Tab candidates for `--unit`: the units of the profile the line uses.
fn unit_candidates(current: &std::ffi::OsStr) -> Vec<clap_complete::CompletionCandidate> {
    let line = crate::cli::complete::Line::current();
    let units = crate::cli::complete::names::profile_of(&line)
        .map(|p| p.units)
        .unwrap_or_default();
    crate::cli::complete::offer(current, units.into_iter().map(|u| (u, None)))
}

pub async fn run(ctx: &Context, cmd: ContactCommand) -> Result<()> {
    match cmd {
        ContactCommand::Create(a) => create(ctx, *a).await,
        ContactCommand::Import(a) => import::run(ctx, a).await,
        ContactCommand::List(a) => read::list(ctx, crate::api::CRM_CONTACT_LIST.path, a).await,
        ContactCommand::Get(a) => read::get(ctx, &crate::api::CRM_CONTACT_GET, a).await,
        ContactCommand::Update(a) => {
            let changes = Changes {
                set: a.set,
                add: a.add,
                remove: a.remove,
                stage: None,
            };
            update(
                ctx,
                &crate::api::CRM_CONTACT_UPDATE,
                &crate::api::CRM_CONTACT_GET,
                a.id,
                changes,
            )
            .await
        }
    }
}

async fn create(ctx: &Context, a: CreateArgs) -> Result<()> {
    let (first_name, last_name) = match a.full_name {
        Some(pair) => pair,
        None => (
            a.first_name.unwrap_or_default(),
            a.last_name.unwrap_or_default(),
        ),
    };
    let lead = Lead {
        first_name,
        last_name,
        created: lead::created(ctx, "--created-at", a.created_at.as_deref())?,
        campaign_id: a.campaign_id,
        utm_source: a.utm_source.to_string(),
        utm_medium: a.utm_medium,
        utm_campaign: a.utm_campaign,
        utm_content: a.utm_content,
        phone: a.phone.e164(),
        email: a.email,
        unit: lead::unit(ctx, "--unit", &a.unit)?,
    };
    let (automation, webhook_id) = crm_host::automation(ctx)?;
    let (url, shown) = webhook::address(&automation, &webhook_id, &lead)?;
    if let Some(existing) = existing_contacts(ctx, &lead, a.if_exists).await? {
        ctx.reporter.note(&crate::t!(
            "cli-crm-contact-exists-skipped",
            ids = existing.as_str()
        ));
        return show::single(ctx, &json!({"status": "skipped", "existing": existing}));
    }
    let answer = webhook::send(&ctx.http, url, shown).await?;
    show::single(ctx, &answer)
}

/// Looks the lead's phone and e-mail up in the CRM before the webhook opens a deal. `Some(ids)`:
/// contacts exist and nothing is to be sent (`--if-exists skip`, or declined at the prompt). A
/// script that did not say what to do is refused. Without a `crm_url` nothing can be looked up: the
/// webhook is called as before, unless `--if-exists` asked for the check. A lookup the CRM cannot
/// answer (a webhook without the scope, an older portal) does not stop the create that was asked
/// for: it is said on stderr, and only `--if-exists skip`, which must never create unchecked, fails.
async fn existing_contacts(
    ctx: &Context,
    lead: &Lead,
    if_exists: Option<IfExists>,
) -> Result<Option<String>> {
    if if_exists == Some(IfExists::Create) {
        return Ok(None);
    }
    if ctx.profile.crm_url.is_none() && if_exists.is_none() {
        ctx.reporter
            .trace(&crate::t!("cli-crm-duplicates-not-checked"));
        return Ok(None);
    }
    let crm = crm_host::crm(ctx)?;
    let ids = match crate::crm::duplicates::contacts_with(&crm, &lead.phone, &lead.email).await {
        Ok(ids) => ids,
        Err(e) if if_exists == Some(IfExists::Skip) => return Err(e),
        Err(e) => {
            ctx.reporter.warn(&crate::t!(
                "cli-crm-duplicates-unchecked",
                reason = ctx.reporter.error_line(&e)
            ));
            return Ok(None);
        }
    };
    if ids.is_empty() {
        return Ok(None);
    }
    let existing = ids
        .iter()
        .map(u64::to_string)
        .collect::<Vec<_>>()
        .join(", ");
    let create = match if_exists {
        Some(IfExists::Skip) => false,
        _ => crate::cli::ask::confirm_or_refuse(
            &ctx.io,
            &crate::t!("cli-crm-contact-exists-ask", ids = existing.as_str()),
            crate::t!("cli-crm-contact-exists-refused", ids = existing.as_str()),
        )?,
    };
    Ok((!create).then_some(existing))
}
