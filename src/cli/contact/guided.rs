//! The guided contact form: on a terminal, `clinic contact create` (and `upsert`) asks for each missing
//! required field — pick lists of `ID  name` for clinic, channel and campaign, validation as you type —
//! then shows the request, IDs with their names, and asks before sending. Without a terminal it never
//! prompts: the missing flags are named, all at once, in one usage error.

use dialoguer::Input;
use serde_json::Value;

use super::fields::{ContactFields, NewContact};
use crate::cli::args::ClinicArg;
use crate::cli::ask;
use crate::cli::pick::{cancelled, check, one_line, pick, prompt};
use crate::context::Context;
use crate::error::{Error, Result};
use crate::input::{self, Phone};
use crate::refs::resolve::Lookup;
use crate::refs::{Kind, Ref};

/// The contact with every required field, and whether the form had to ask for some.
pub async fn complete(ctx: &Context, f: ContactFields) -> Result<(NewContact, bool)> {
    let missing: Vec<&str> = [
        (
            "--clinic",
            f.clinic.clinic.is_none() && ctx.profile.clinica.is_none(),
        ),
        ("--name", f.name.is_none()),
        ("--phone", f.phone.is_none()),
        ("--birth-date", f.birth_date.is_none()),
        ("--channel", f.channel.is_none()),
        ("--campaign", f.campaign.is_none()),
    ]
    .iter()
    .filter(|(_, m)| *m)
    .map(|(flag, _)| *flag)
    .collect();
    if let (true, Some(name), Some(phone), Some(birth_date), Some(channel), Some(campaign)) = (
        missing.is_empty(),
        f.name.clone(),
        f.phone.clone(),
        f.birth_date,
        f.channel.clone(),
        f.campaign.clone(),
    ) {
        let c = NewContact {
            name,
            phone,
            birth_date,
            channel,
            campaign,
            email: f.email,
            note: f.note,
            clinic: f.clinic,
        };
        return Ok((c, false));
    }
    if !interactive(ctx) {
        return Err(Error::Usage(missing_flags(&missing)));
    }
    ask(ctx, f).await.map(|c| (c, true))
}

/// The usage error naming every missing flag, with the way to a default clinic when that is missing.
fn missing_flags(missing: &[&str]) -> String {
    let flags = missing.join(", ");
    let count = missing.len();
    if missing.contains(&"--clinic") {
        crate::t!(
            "cli-guided-missing-flags-clinic",
            flags = flags,
            count = count
        )
    } else {
        crate::t!("cli-guided-missing-flags", flags = flags, count = count)
    }
}

fn interactive(ctx: &Context) -> bool {
    ctx.io.terminals() == crate::term::Terminals::ALL
}

async fn ask(ctx: &Context, f: ContactFields) -> Result<NewContact> {
    let mut lookup = Lookup::default();
    let clinic = match f.clinic.resolve(ctx).await? {
        Some(c) => c,
        None => {
            pick(
                ctx,
                &mut lookup,
                Kind::Clinics,
                None,
                &crate::t!("cli-guided-clinic"),
            )
            .await?
        }
    };
    let name = match f.name {
        Some(n) => n,
        None => prompt(&crate::t!("cli-guided-name"), |s| {
            input::contact_name("name", s).map(|_| ())
        })?,
    };
    let phone = match f.phone {
        Some(p) => p,
        None => {
            let raw = prompt(&crate::t!("cli-guided-phone"), |s| {
                Phone::parse("phone", s)?
                    .formatted_mobile("phone")
                    .map(|_| ())
            })?;
            Phone::parse("phone", &raw)?
        }
    };
    let birth_date = match f.birth_date {
        Some(d) => d,
        None => {
            let today = crate::relative_date::today();
            input::birth_date(
                "birth date",
                &prompt(&crate::t!("cli-guided-birth-date"), |s| {
                    input::birth_date("birth date", s, today).map(|_| ())
                })?,
                today,
            )?
        }
    };
    let channel = match f.channel {
        Some(c) => c,
        None => Ref::Id(
            pick(
                ctx,
                &mut lookup,
                Kind::Channels,
                Some(clinic),
                &crate::t!("cli-guided-channel"),
            )
            .await?,
        ),
    };
    let campaign = match f.campaign {
        Some(c) => c,
        None => Ref::Id(
            pick(
                ctx,
                &mut lookup,
                Kind::Campaigns,
                Some(clinic),
                &crate::t!("cli-guided-campaign"),
            )
            .await?,
        ),
    };
    let email = match f.email {
        Some(e) => Some(e),
        None => {
            let e: String = Input::with_theme(&ask::PromptTheme)
                .with_prompt(crate::t!("cli-guided-email"))
                .allow_empty(true)
                .validate_with(|s: &String| {
                    if s.trim().is_empty() {
                        Ok(())
                    } else {
                        check(input::email("e-mail", s).map(|_| ()))
                    }
                })
                .interact_text()
                .map_err(cancelled)?;
            (!e.trim().is_empty()).then(|| e.trim().to_string())
        }
    };
    Ok(NewContact {
        name,
        phone,
        birth_date,
        channel,
        campaign,
        email,
        note: f.note,
        clinic: ClinicArg {
            clinic: Some(Ref::Id(clinic)),
        },
    })
}

/// Shows the request — each ID with its name — and asks before sending: whether the user said yes.
pub async fn confirm(ctx: &Context, body: &Value) -> Result<bool> {
    ctx.io.write_err(&preview(ctx, body).await);
    ask::yes_no(&ctx.io, &crate::t!("cli-guided-send"), true)
}

/// `POST /cadastraCliente` and one line per field, the IDs of clinic, channel and campaign followed
/// by their names.
async fn preview(ctx: &Context, body: &Value) -> String {
    let Some(fields) = body.as_object() else {
        return format!("POST /cadastraCliente\n{body}\n");
    };
    let number = |key: &str| match fields.get(key) {
        Some(Value::Number(n)) => n.as_u64(),
        Some(Value::String(s)) => s.parse().ok(),
        _ => None,
    };
    let clinic = number("clinica");
    let mut lookup = Lookup::default();
    let width = fields.keys().map(|k| k.chars().count()).max().unwrap_or(0);
    let mut text = String::from("POST /cadastraCliente\n");
    for (key, value) in fields {
        let shown = match value {
            Value::String(s) => s.clone(),
            other => other.to_string(),
        };
        let kind = match key.as_str() {
            "clinica" => Some((Kind::Clinics, None)),
            "canal" => Some((Kind::Channels, clinic)),
            "campanha" => Some((Kind::Campaigns, clinic)),
            _ => None,
        };
        let name = match (kind, number(key)) {
            (Some((kind, scope)), Some(id)) => lookup
                .entries(ctx, kind, scope)
                .await
                .ok()
                .and_then(|entries| entries.iter().find(|e| e.id == id))
                .map(|e| one_line(&e.name)),
            _ => None,
        };
        let line = match name {
            Some(name) => format!("  {key:<width$}  {shown}  {name}\n"),
            None => format!("  {key:<width$}  {shown}\n"),
        };
        text.push_str(&line);
    }
    text
}
