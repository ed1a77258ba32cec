//! A contact as `cadastraCliente` takes it: the flags of `create`/`upsert`, the complete record the
//! guided form or an import row yields, its body, and the lookups by phone/e-mail that `upsert` and
//! `import --resolve-unknown` share. Below the commands that use it, so they import it, not each other.

use chrono::NaiveDate;
use clap::Args;
use serde_json::Value;

use crate::api::ops::{self, ContactDraft};
use crate::cli::args::{self, ClinicArg};
use crate::context::Context;
use crate::error::{Error, Result};
use crate::input::{self, Phone};
use crate::refs::resolve::{parse_ref, resolve};
use crate::refs::{Kind, Ref};

/// The flags of `contact create` and `upsert`. The required ones are optional here because, on a
/// terminal, the guided form asks for what is missing; elsewhere their absence is a usage error.
#[derive(Args, Debug, Clone)]
pub struct ContactFields {
    #[arg(long, visible_alias = "nome", value_parser = args::contact_name)]
    pub name: Option<String>,
    #[arg(long, visible_alias = "telefone", value_parser = args::phone)]
    pub phone: Option<Phone>,
    #[arg(long, visible_alias = "data-nascimento", value_parser = args::birth_date, value_name = "DATE")]
    pub birth_date: Option<NaiveDate>,
    #[arg(long, visible_alias = "canal", value_parser = parse_ref, value_name = "ID|NAME", add = clap_complete::ArgValueCompleter::new(crate::cli::complete::names::channels))]
    pub channel: Option<Ref>,
    #[arg(long, visible_alias = "campanha", value_parser = parse_ref, value_name = "ID|NAME", add = clap_complete::ArgValueCompleter::new(crate::cli::complete::names::campaigns))]
    pub campaign: Option<Ref>,
    #[arg(long, value_parser = args::email)]
    pub email: Option<String>,
    #[arg(long, visible_alias = "observacao", value_parser = args::note)]
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

async fn required_clinic(ctx: &Context, flag: &ClinicArg) -> Result<u64> {
    flag.resolve(ctx)
        .await?
        .ok_or_else(|| Error::missing("--clinic", &crate::t!("cli-contact-expected-clinic")))
}

/// The new contact as `cadastraCliente` takes it, its names looked up and its formats checked.
pub async fn draft(ctx: &Context, f: &NewContact) -> Result<ContactDraft> {
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
    Ok(ContactDraft {
        clinic: clinica.to_string(),
        name: f.name.clone(),
        phone: telefone,
        birth_date: input::sql_date(f.birth_date),
        channel: canal,
        campaign: campanha,
        email: f.email.clone(),
        note: f.note.clone(),
    })
}

/// The IDs of the contacts of `clinica` that carry this phone (`lista_cliente` by phone, digits
/// format), or else this e-mail (exact match, any case). Empty when there is none.
pub async fn find_existing(
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
        let records = ops::contacts_page(client, &query).await?;
        // The service's search is approximate: keep only records that really carry this phone/e-mail.
        let found: Vec<String> = records
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
