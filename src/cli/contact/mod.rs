//! `clinic contact create|update|list|upsert`  [Entrada — Atração / Saída — Atração]

use chrono::NaiveDate;
use clap::{Args, Subcommand};
use serde_json::{Value, json};

use super::args::{self, ClinicArg, Query, resolve_opt};
use crate::api::envelope;
use crate::api::ops::{self, ContactDraft, ContactUpdate};
use crate::context::Context;
use crate::error::{Error, Result};
use crate::input::{self, Phone};
use crate::refs::resolve::parse_ref;
use crate::refs::{Kind, Ref};
use crate::show;

pub mod fields;
mod guided;
mod import;

use fields::{ContactFields, draft, find_existing};

#[derive(Subcommand, Debug)]
pub enum ContactCommand {
    Create(CreateArgs),
    Update(UpdateArgs),
    List(ListArgs),
    Upsert(ContactFields),
    Import(import::ImportArgs),
}

#[derive(Args, Debug)]
pub struct CreateArgs {
    #[command(flatten)]
    fields: ContactFields,
    #[arg(long, value_enum, hide_short_help = true)]
    if_exists: Option<args::IfExists>,
}

#[derive(Args, Debug)]
pub struct UpdateArgs {
    #[arg(value_parser = args::id)]
    id: u64,
    #[arg(long, visible_alias = "nome", value_parser = args::contact_name)]
    name: Option<String>,
    #[arg(long, visible_alias = "data-nascimento", value_parser = args::birth_date, value_name = "DATE")]
    birth_date: Option<NaiveDate>,
    #[arg(long, visible_alias = "canal", value_parser = parse_ref, value_name = "ID|NAME", add = clap_complete::ArgValueCompleter::new(crate::cli::complete::names::channels))]
    channel: Option<Ref>,
    #[arg(long, visible_alias = "campanha", value_parser = parse_ref, value_name = "ID|NAME", add = clap_complete::ArgValueCompleter::new(crate::cli::complete::names::campaigns))]
    campaign: Option<Ref>,
    #[arg(long, visible_alias = "observacao", value_parser = args::note)]
    note: Option<String>,
    #[command(flatten)]
    clinic: ClinicArg,
}

#[derive(Args, Debug)]
pub struct ListArgs {
    #[arg(long, visible_alias = "nome", value_parser = args::name)]
    name: Option<String>,
    #[arg(long, visible_alias = "telefone", value_parser = args::phone)]
    phone: Option<Phone>,
    #[arg(long, visible_alias = "telefone-secundario", value_parser = args::phone)]
    secondary_phone: Option<Phone>,
    #[arg(long, value_parser = args::email)]
    email: Option<String>,
    #[arg(long, visible_alias = "criado-em-de", value_parser = args::date, value_name = "DATE")]
    created_from: Option<NaiveDate>,
    #[arg(long, visible_alias = "criado-em-ate", value_parser = args::date_to, value_name = "DATE")]
    created_to: Option<NaiveDate>,
    #[arg(long, visible_alias = "data-nascimento-de", value_parser = args::date, value_name = "DATE")]
    birth_from: Option<NaiveDate>,
    #[arg(long, visible_alias = "data-nascimento-ate", value_parser = args::date_to, value_name = "DATE")]
    birth_to: Option<NaiveDate>,
    #[arg(long, visible_alias = "indicado-por", value_parser = args::id, value_name = "ID")]
    referred_by: Option<u64>,
    #[arg(long, visible_alias = "indicado", value_parser = args::flag01, value_name = "0|1", add = clap_complete::ArgValueCompleter::new(referred_values))]
    referred: Option<u8>,
    #[command(flatten)]
    activity: args::ActiveArg,
    #[command(flatten)]
    clinic: args::ClinicsArg,
}

/// The contact list's columns on a terminal; files and pipes get them all.
const CONTACT_COLUMNS: &[&str] = &["id", "nome", "telefone", "email", "canal", "situacao"];

/// Tab candidates for `--referred`.
fn referred_values(current: &std::ffi::OsStr) -> Vec<clap_complete::CompletionCandidate> {
    crate::cli::complete::offer(
        current,
        [
            ("0", crate::t!("cli-contact-referred-0")),
            ("1", crate::t!("cli-contact-referred-1")),
        ]
        .map(|(v, help)| (v.to_string(), Some(help))),
    )
}

pub async fn run(ctx: &Context, cmd: ContactCommand) -> Result<()> {
    match cmd {
        ContactCommand::Create(a) => {
            let (f, guided) = guided::complete(ctx, a.fields).await?;
            let body = draft(ctx, &f).await?;
            if guided && !guided::confirm(ctx, &json!(body)).await? {
                ctx.reporter.note(&crate::t!("cli-guided-cancelled"));
                return Ok(());
            }
            let client = ctx.api().await?;
            if let Some(existing) = existing_patients(ctx, &client, &body, &f, a.if_exists).await? {
                ctx.reporter.note(&crate::t!(
                    "cli-contact-exists-skipped",
                    ids = existing.as_str()
                ));
                return show::single(ctx, &json!({"action": "skipped", "existing": existing}));
            }
            let answer = ops::contact_create(&client, &body).await?;
            super::created::show(ctx, &crate::api::CREATE_CONTACT, answer, |id| {
                crate::t!("cli-contact-created", id = id)
            })
        }
        ContactCommand::Update(u) => {
            if u.name.is_none()
                && u.birth_date.is_none()
                && u.channel.is_none()
                && u.campaign.is_none()
                && u.note.is_none()
            {
                return Err(Error::Usage(crate::t!(
                    "cli-contact-nothing-to-update",
                    id = u.id.to_string()
                )));
            }
            let clinic = u.clinic.resolve(ctx).await?;
            let channel =
                resolve_opt(ctx, Kind::Channels, "--channel", u.channel.as_ref(), clinic).await?;
            let campaign = resolve_opt(
                ctx,
                Kind::Campaigns,
                "--campaign",
                u.campaign.as_ref(),
                clinic,
            )
            .await?;
            let change = ContactUpdate {
                id: u.id.to_string(),
                clinic: clinic.map(|c| c.to_string()),
                channel,
                campaign,
                name: u.name,
                birth_date: u.birth_date.map(input::sql_date),
                note: u.note,
            };
            let client = ctx.api().await?;
            let answer = ops::contact_update(&client, &change).await?;
            ctx.reporter
                .note(&crate::t!("cli-contact-updated", id = u.id.to_string()));
            show::any(ctx, answer)
        }
        ContactCommand::List(l) => {
            args::check_range("--created-from", l.created_from, l.created_to)?;
            args::check_range("--birth-from", l.birth_from, l.birth_to)?;
            let inativo = l.activity.inativo();
            let query = |clinic: Option<u64>| {
                let mut q = Query::default();
                q.opt("clinica", clinic)
                    .opt("nome", l.name.as_ref())
                    .opt("telefone", l.phone.as_ref().map(Phone::digits))
                    .opt(
                        "telefone_secundario",
                        l.secondary_phone.as_ref().map(Phone::digits),
                    )
                    .opt("email", l.email.as_ref())
                    .date("criado_em_de", l.created_from)
                    .date("criado_em_ate", l.created_to)
                    .date("data_nascimento_de", l.birth_from)
                    .date("data_nascimento_ate", l.birth_to)
                    .opt("indicado_por", l.referred_by)
                    .opt("indicado", l.referred)
                    .opt("inativo", inativo);
                std::future::ready(Ok(q.0))
            };
            crate::network::run_wide_list(
                ctx,
                &l.clinic.clinics(),
                &crate::api::CONTACTS,
                &crate::t!("cli-what-contacts"),
                CONTACT_COLUMNS,
                query,
            )
            .await
        }
        ContactCommand::Upsert(f) => upsert(ctx, f).await,
        ContactCommand::Import(a) => import::run(ctx, a).await,
    }
}

/// Looks the new patient's phone (and e-mail) up in the clinic's contacts before creating one:
/// `Some(ids)` when such contacts exist and nothing is to be created (`--if-exists skip`, or declined
/// at the prompt). A script that did not say what to do is refused. A lookup the service cannot
/// answer (a deployment without `lista_cliente`) does not stop the create that was asked for: it is
/// said on stderr, and only `--if-exists skip`, which must never create unchecked, fails.
async fn existing_patients(
    ctx: &Context,
    client: &crate::api::ApiClient,
    body: &ContactDraft,
    f: &fields::NewContact,
    if_exists: Option<args::IfExists>,
) -> Result<Option<String>> {
    use args::IfExists;
    if if_exists == Some(IfExists::Create) {
        return Ok(None);
    }
    let ids = match find_existing(client, &body.clinic, &f.phone, f.email.as_deref()).await {
        Ok(ids) => ids,
        Err(e) if if_exists == Some(IfExists::Skip) => return Err(e),
        Err(e) => {
            ctx.reporter.warn(&crate::t!(
                "cli-contact-duplicates-unchecked",
                reason = ctx.reporter.error_line(&e)
            ));
            return Ok(None);
        }
    };
    if ids.is_empty() {
        return Ok(None);
    }
    let existing = ids.join(", ");
    let create = match if_exists {
        Some(IfExists::Skip) => false,
        _ => super::ask::confirm_or_refuse(
            &ctx.io,
            &crate::t!("cli-contact-exists-ask", ids = existing.as_str()),
            crate::t!("cli-contact-exists-refused", ids = existing.as_str()),
        )?,
    };
    Ok((!create).then_some(existing))
}

/// The service's own advice made one command: search `lista_cliente` by phone, then by e-mail; update
/// the match, or create when there is none.
async fn upsert(ctx: &Context, f: ContactFields) -> Result<()> {
    let (f, guided) = guided::complete(ctx, f).await?;
    let create = draft(ctx, &f).await?;
    if guided && !guided::confirm(ctx, &json!(create)).await? {
        ctx.reporter.note(&crate::t!("cli-guided-cancelled"));
        return Ok(());
    }
    let client = ctx.api().await?;
    let found = find_existing(&client, &create.clinic, &f.phone, f.email.as_deref()).await?;
    let Some(id) = found.first().cloned() else {
        let answer = ops::contact_create(&client, &create).await?;
        let id =
            envelope::created_id(&answer, &crate::api::CREATE_CONTACT.ids).unwrap_or(Value::Null);
        ctx.reporter.note(&crate::t!("cli-contact-upsert-created"));
        return show::single(ctx, &json!({"action": "created", "id": id}));
    };
    if found.len() > 1 {
        ctx.reporter.warn(&crate::t!(
            "cli-contact-upsert-several",
            count = found.len(),
            ids = found.join(", ")
        ));
    }
    ops::contact_update(&client, &ContactUpdate::replacing(id.clone(), &create)).await?;
    ctx.reporter
        .note(&crate::t!("cli-contact-upsert-updated", id = id.as_str()));
    show::single(ctx, &json!({"action": "updated", "id": id}))
}
