//! `clinic contact create|update|list|upsert`  [Entrada — Atração / Saída — Atração]

use chrono::NaiveDate;
use clap::{Args, Subcommand};
use reqwest::Method;
use serde_json::{Map, Value, json};

use super::args::{self, ClinicArg, Query, resolve_opt};
use crate::api::envelope;
use crate::context::Context;
use crate::error::{Error, Result};
use crate::http::Safety;
use crate::input::{self, Phone};
use crate::refs::resolve::{parse_ref, resolve};
use crate::refs::{Kind, Ref};
use crate::show;

#[derive(Subcommand, Debug)]
pub enum ContactCommand {
    Create(ContactFields),
    Update(UpdateArgs),
    List(ListArgs),
    Upsert(ContactFields),
    Import(super::import::ImportArgs),
}

/// The flags of `contact create` and `upsert`. The required ones are optional here because, on a
/// terminal, the guided form asks for what is missing; elsewhere their absence is a usage error.
#[derive(Args, Debug, Clone)]
pub struct ContactFields {
    #[arg(long, visible_alias = "nome", value_parser = args::text)]
    pub name: Option<String>,
    #[arg(long, visible_alias = "telefone", value_parser = args::phone)]
    pub phone: Option<Phone>,
    #[arg(long, visible_alias = "data-nascimento", value_parser = args::birth_date, value_name = "DATE")]
    pub birth_date: Option<NaiveDate>,
    #[arg(long, visible_alias = "canal", value_parser = parse_ref, value_name = "ID|NAME", add = clap_complete::ArgValueCompleter::new(crate::refs::complete::channels))]
    pub channel: Option<Ref>,
    #[arg(long, visible_alias = "campanha", value_parser = parse_ref, value_name = "ID|NAME", add = clap_complete::ArgValueCompleter::new(crate::refs::complete::campaigns))]
    pub campaign: Option<Ref>,
    #[arg(long, value_parser = args::email)]
    pub email: Option<String>,
    #[arg(long, visible_alias = "observacao")]
    pub note: Option<String>,
    #[command(flatten)]
    pub clinic: ClinicArg,
}

/// A contact with every required field: from the flags, or completed by the guided form.
#[derive(Debug, Clone)]
pub struct NewContact {
    pub name: String,
    pub phone: Phone,
    pub birth_date: NaiveDate,
    pub channel: Ref,
    pub campaign: Ref,
    pub email: Option<String>,
    pub note: Option<String>,
    pub clinic: ClinicArg,
}

#[derive(Args, Debug)]
pub struct UpdateArgs {
    #[arg(value_parser = args::id)]
    id: u64,
    #[arg(long, visible_alias = "nome", value_parser = args::text)]
    name: Option<String>,
    #[arg(long, visible_alias = "data-nascimento", value_parser = args::birth_date, value_name = "DATE")]
    birth_date: Option<NaiveDate>,
    #[arg(long, visible_alias = "canal", value_parser = parse_ref, value_name = "ID|NAME", add = clap_complete::ArgValueCompleter::new(crate::refs::complete::channels))]
    channel: Option<Ref>,
    #[arg(long, visible_alias = "campanha", value_parser = parse_ref, value_name = "ID|NAME", add = clap_complete::ArgValueCompleter::new(crate::refs::complete::campaigns))]
    campaign: Option<Ref>,
    #[arg(long, visible_alias = "observacao")]
    note: Option<String>,
    #[command(flatten)]
    clinic: ClinicArg,
}

#[derive(Args, Debug)]
pub struct ListArgs {
    #[arg(long, visible_alias = "nome", value_parser = args::text)]
    name: Option<String>,
    #[arg(long, visible_alias = "telefone", value_parser = args::phone)]
    phone: Option<Phone>,
    #[arg(long, visible_alias = "telefone-secundario", value_parser = args::phone)]
    secondary_phone: Option<Phone>,
    #[arg(long, value_parser = args::email)]
    email: Option<String>,
    #[arg(long, visible_alias = "criado-em-de", value_parser = args::date, value_name = "DATE")]
    created_from: Option<NaiveDate>,
    #[arg(long, visible_alias = "criado-em-ate", value_parser = args::date, value_name = "DATE")]
    created_to: Option<NaiveDate>,
    #[arg(long, visible_alias = "data-nascimento-de", value_parser = args::date, value_name = "DATE")]
    birth_from: Option<NaiveDate>,
    #[arg(long, visible_alias = "data-nascimento-ate", value_parser = args::date, value_name = "DATE")]
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
    crate::completion::offer(
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
        ContactCommand::Create(f) => {
            let (f, guided) = super::guided::complete(ctx, f).await?;
            let body = create_body(ctx, &f).await?;
            if guided {
                super::guided::confirm(ctx, &body).await?;
            }
            let client = ctx.api().await?;
            let answer = register(&client, body).await?;
            super::campaign::created(ctx, answer, |id| crate::t!("cli-contact-created", id = id))
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
            let mut body = Map::new();
            body.insert("id".into(), json!(u.id.to_string()));
            let clinic = u.clinic.resolve(ctx).await?;
            if let Some(c) = clinic {
                body.insert("clinica".into(), json!(c.to_string()));
            }
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
            put(&mut body, "canal", channel.map(Value::from));
            put(&mut body, "campanha", campaign.map(Value::from));
            put(&mut body, "nome", u.name.map(Value::from));
            put(
                &mut body,
                "data_nascimento",
                u.birth_date.map(|d| Value::from(input::sql_date(d))),
            );
            put(&mut body, "observacao", u.note.map(Value::from));
            let client = ctx.api().await?;
            let answer = update_contact(&client, body).await?;
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
                &l.clinic,
                "/lista_cliente",
                &crate::t!("cli-what-contacts"),
                CONTACT_COLUMNS,
                query,
            )
            .await
        }
        ContactCommand::Upsert(f) => upsert(ctx, f).await,
        ContactCommand::Import(a) => super::import::run(ctx, a).await,
    }
}

fn put(body: &mut Map<String, Value>, key: &str, value: Option<Value>) {
    if let Some(v) = value {
        body.insert(key.into(), v);
    }
}

async fn required_clinic(ctx: &Context, flag: &ClinicArg) -> Result<u64> {
    flag.resolve(ctx).await?.ok_or_else(|| {
        Error::invalid(
            "--clinic",
            crate::t!("cli-missing"),
            &crate::t!("cli-contact-expected-clinic"),
        )
    })
}

/// Sends a `cadastraCliente` body. A write: never retried once it may have reached the service.
pub async fn register(client: &crate::api::ApiClient, body: Value) -> Result<Value> {
    client
        .call(
            Method::POST,
            "/cadastraCliente",
            &[],
            Some(body),
            Safety::Unsafe,
        )
        .await
}

/// Sends an `atualizaCadastroCliente` body. A write: never retried once it may have reached the service.
async fn update_contact(client: &crate::api::ApiClient, body: Map<String, Value>) -> Result<Value> {
    client
        .call(
            Method::POST,
            "/atualizaCadastroCliente",
            &[],
            Some(Value::Object(body)),
            Safety::Unsafe,
        )
        .await
}

/// The body of `cadastraCliente`, in the formats it demands.
pub async fn create_body(ctx: &Context, f: &NewContact) -> Result<Value> {
    // Format checks first: a bad phone must stop us before any name lookup is sent.
    let telefone = f.phone.formatted_mobile("--phone")?;
    let clinica = required_clinic(ctx, &f.clinic).await?;
    let canal = resolve(ctx, Kind::Channels, "--channel", &f.channel, Some(clinica)).await?;
    let campanha = resolve(
        ctx,
        Kind::Campaigns,
        "--campaign",
        &f.campaign,
        Some(clinica),
    )
    .await?;
    let mut body = Map::new();
    body.insert("clinica".into(), json!(clinica.to_string()));
    body.insert("nome".into(), json!(f.name));
    body.insert("telefone".into(), json!(telefone));
    body.insert(
        "data_nascimento".into(),
        json!(input::sql_date(f.birth_date)),
    );
    body.insert("canal".into(), json!(canal));
    body.insert("campanha".into(), json!(campanha));
    put(&mut body, "email", f.email.clone().map(Value::from));
    put(&mut body, "observacao", f.note.clone().map(Value::from));
    Ok(Value::Object(body))
}

/// The service's own advice made one command: search `lista_cliente` by phone, then by e-mail; update
/// the match, or create when there is none.
async fn upsert(ctx: &Context, f: ContactFields) -> Result<()> {
    let (f, guided) = super::guided::complete(ctx, f).await?;
    let create = create_body(ctx, &f).await?;
    if guided {
        super::guided::confirm(ctx, &create).await?;
    }
    let clinica = create["clinica"].as_str().unwrap_or_default().to_string();
    let client = ctx.api().await?;
    let found = find_existing(&client, &clinica, &f.phone, f.email.as_deref()).await?;
    let Some(id) = found.first().cloned() else {
        let answer = register(&client, create).await?;
        let id = envelope::created_id(&answer).unwrap_or(Value::Null);
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
    let mut body = create.as_object().cloned().unwrap_or_default();
    body.remove("telefone");
    body.remove("email");
    body.insert("id".into(), json!(id));
    update_contact(&client, body).await?;
    ctx.reporter
        .note(&crate::t!("cli-contact-upsert-updated", id = id.as_str()));
    show::single(ctx, &json!({"action": "updated", "id": id}))
}

/// The IDs of the contacts of `clinica` that carry this phone (`lista_cliente` by phone, digits
/// format), or else this e-mail (exact match, any case). Empty when there is none.
pub(crate) async fn find_existing(
    client: &crate::api::ApiClient,
    clinica: &str,
    phone: &Phone,
    email: Option<&str>,
) -> Result<Vec<String>> {
    let mut searches = vec![("telefone", phone.digits().to_string())];
    if let Some(e) = email {
        searches.push(("email", e.to_string()));
    }
    for (key, value) in searches {
        let query = vec![
            ("clinica".to_string(), clinica.to_string()),
            (key.to_string(), value.clone()),
            ("pagina_atual".to_string(), "1".to_string()),
            ("por_pagina".to_string(), "50".to_string()),
        ];
        let answer = client
            .call(
                Method::GET,
                "/lista_cliente",
                &query,
                None,
                Safety::Idempotent,
            )
            .await?;
        // The service's search is approximate: keep only records that really carry this phone/e-mail.
        let found: Vec<String> = envelope::page_values(answer)
            .0
            .iter()
            .filter(|r| matches_contact(r, key, &value))
            .filter_map(record_id)
            .collect();
        if !found.is_empty() {
            return Ok(found);
        }
    }
    Ok(Vec::new())
}

/// The ID of a `lista_cliente` record.
fn record_id(record: &Value) -> Option<String> {
    ["id", "ID", "id_cliente", "codigo"]
        .iter()
        .find_map(|k| match record.get(*k)? {
            Value::Number(n) => Some(n.to_string()),
            Value::String(s) if !s.trim().is_empty() => Some(s.trim().to_string()),
            _ => None,
        })
}

/// Whether a record carries the phone (any phone field, any spelling) or e-mail searched for.
fn matches_contact(record: &Value, key: &str, wanted: &str) -> bool {
    let Some(map) = record.as_object() else {
        return false;
    };
    map.iter()
        .filter(|(k, _)| k.contains(key))
        .filter_map(|(_, v)| v.as_str())
        .any(|v| match key {
            "telefone" => Phone::parse("telefone", v).is_ok_and(|p| p.digits() == wanted),
            _ => v.trim().eq_ignore_ascii_case(wanted.trim()),
        })
}
