//! The guided contact form: on a terminal, `clinic contact create` (and `upsert`) asks for each missing
//! required field — numbered pick lists for clinic, channel and campaign, validation as you type — then shows the
//! request and asks before sending. Without a terminal it never prompts: missing flags are a usage error.

use std::io::IsTerminal;

use dialoguer::{Confirm, Input};
use serde_json::Value;

use super::args::ClinicArg;
use super::contact::{ContactFields, NewContact};
use crate::context::Context;
use crate::error::{Error, Result};
use crate::input::{self, Phone};
use crate::refs::{Kind, Ref};

/// The contact with every required field, and whether the form had to ask for some.
pub async fn complete(ctx: &Context, f: ContactFields) -> Result<(NewContact, bool)> {
    if let (Some(name), Some(phone), Some(birth_date), Some(channel), Some(campaign)) = (
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
    let missing: Vec<&str> = [
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
    if !(std::io::stdin().is_terminal()
        && std::io::stdout().is_terminal()
        && std::io::stderr().is_terminal())
    {
        return Err(Error::Usage(format!(
            "missing required {}: pass them as flags (on a terminal the command asks for them)",
            missing.join(", ")
        )));
    }
    ask(ctx, f).await.map(|c| (c, true))
}

async fn ask(ctx: &Context, f: ContactFields) -> Result<NewContact> {
    let clinic = match f.clinic.resolve(ctx).await? {
        Some(c) => c,
        None => pick(ctx, Kind::Clinics, None, "Clinic").await?,
    };
    let name = match f.name {
        Some(n) => n,
        None => prompt("Name", |s| input::text("name", s).map(|_| ()))?,
    };
    let phone = match f.phone {
        Some(p) => p,
        None => {
            let raw = prompt("Mobile phone, e.g. (16) 99264-0197", |s| {
                Phone::parse("phone", s)?
                    .formatted_mobile("phone")
                    .map(|_| ())
            })?;
            Phone::parse("phone", &raw)?
        }
    };
    let birth_date = match f.birth_date {
        Some(d) => d,
        None => input::birth_date(
            "birth date",
            &prompt("Birth date (DD/MM/YYYY)", |s| {
                input::birth_date("birth date", s).map(|_| ())
            })?,
        )?,
    };
    let channel = match f.channel {
        Some(c) => c,
        None => Ref::Id(pick(ctx, Kind::Channels, Some(clinic), "Channel").await?),
    };
    let campaign = match f.campaign {
        Some(c) => c,
        None => Ref::Id(pick(ctx, Kind::Campaigns, Some(clinic), "Campaign").await?),
    };
    let email = match f.email {
        Some(e) => Some(e),
        None => {
            let e: String = Input::new()
                .with_prompt("E-mail (optional)")
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

/// A text prompt that refuses what `valid` refuses, showing its message, until the value is right.
fn prompt(label: &str, valid: impl Fn(&str) -> Result<()>) -> Result<String> {
    let value: String = Input::new()
        .with_prompt(label)
        .validate_with(|s: &String| check(valid(s)))
        .interact_text()
        .map_err(cancelled)?;
    Ok(value.trim().to_string())
}

fn check(r: Result<()>) -> std::result::Result<(), String> {
    r.map_err(|e| match e {
        Error::Invalid { expected, .. } => format!("expected {expected}"),
        other => other.to_string(),
    })
}

/// A numbered pick list of a reference list: answer with the number, or with a name (matched ignoring
/// case and accents). Plain line input works on any terminal, including the simplest.
async fn pick(ctx: &Context, kind: Kind, clinic: Option<u64>, label: &str) -> Result<u64> {
    let entries = crate::refs::resolve::list(ctx, kind, clinic).await?;
    if entries.is_empty() {
        return Err(Error::Usage(format!(
            "the {} list is empty: pass the ID as a flag",
            kind.name()
        )));
    }
    const SHOWN: usize = 40;
    let mut menu = format!("{label}:\n");
    for (i, e) in entries.iter().take(SHOWN).enumerate() {
        menu.push_str(&format!("  {:>2}) {} ({})\n", i + 1, e.name, e.id));
    }
    if entries.len() > SHOWN {
        menu.push_str(&format!(
            "  … {} more: type a name\n",
            entries.len() - SHOWN
        ));
    }
    eprint!("{menu}");
    let choose = |s: &str| -> Result<u64> {
        match s.trim().parse::<usize>() {
            Ok(n) if (1..=entries.len().min(SHOWN)).contains(&n) => Ok(entries[n - 1].id),
            _ => crate::refs::resolve::pick(kind, label, s, &entries),
        }
    };
    let answer = prompt(&format!("{label} (number or name)"), |s| {
        choose(s).map(|_| ())
    })?;
    choose(&answer)
}

/// Shows the request and asks before sending.
pub fn confirm(body: &Value) -> Result<()> {
    let text = serde_json::to_string_pretty(body).unwrap_or_default();
    eprintln!("POST /cadastraCliente\n{text}");
    let go = Confirm::new()
        .with_prompt("Send it?")
        .default(true)
        .interact()
        .map_err(cancelled)?;
    if go {
        Ok(())
    } else {
        Err(Error::Usage("cancelled: nothing was sent".into()))
    }
}

fn cancelled(e: dialoguer::Error) -> Error {
    match e {
        dialoguer::Error::IO(io) if io.kind() == std::io::ErrorKind::Interrupted => {
            Error::Interrupted
        }
        other => Error::Usage(format!("the form stopped ({other}); nothing was sent")),
    }
}
