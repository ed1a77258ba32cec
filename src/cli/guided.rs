//! The guided contact form: on a terminal, `clinic contact create` (and `upsert`) asks for each missing
//! required field — pick lists of `ID  name` for clinic, channel and campaign, validation as you type —
//! then shows the request, IDs with their names, and asks before sending. Without a terminal it never
//! prompts: the missing flags are named, all at once, in one usage error.

use dialoguer::Input;
use serde_json::Value;

use super::args::ClinicArg;
use super::contact::fields::{ContactFields, NewContact};
use crate::context::Context;
use crate::error::{Error, Result};
use crate::input::{self, Phone};
use crate::refs::resolve::{Lookup, parse_ref};
use crate::refs::{Entry, Kind, Ref};

/// Entries a pick list shows; past this, names (or parts of them) find the rest.
const SHOWN: usize = 40;

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
        None => input::birth_date(
            "birth date",
            &prompt(&crate::t!("cli-guided-birth-date"), |s| {
                input::birth_date("birth date", s).map(|_| ())
            })?,
        )?,
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
            let e: String = Input::with_theme(&super::ask::PromptTheme)
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

/// A text prompt that refuses what `valid` refuses, showing its message, until the value is right.
fn prompt(label: &str, valid: impl Fn(&str) -> Result<()>) -> Result<String> {
    let value: String = Input::with_theme(&super::ask::PromptTheme)
        .with_prompt(label)
        .validate_with(|s: &String| check(valid(s)))
        .interact_text()
        .map_err(cancelled)?;
    Ok(value.trim().to_string())
}

/// A refused answer as the form says it: what was typed, then what is expected. The form has no
/// secret field, and the value was just typed at this terminal, so it is shown as it was.
fn check(r: Result<()>) -> std::result::Result<(), String> {
    r.map_err(|e| match e {
        Error::Invalid {
            given, expected, ..
        } => crate::t!("cli-guided-refused", given = given, expected = expected),
        other => other.to_string(),
    })
}

/// A pick list of a reference list, one `ID  name` per line. The answer is read by the rule of the
/// flags: a number is an ID (one the list shows), anything else a name, matched ignoring case and
/// accents — so a typed number can never be taken for a position in the list. A list of one entry
/// is chosen without asking.
pub(crate) async fn pick(
    ctx: &Context,
    lookup: &mut Lookup,
    kind: Kind,
    clinic: Option<u64>,
    label: &str,
) -> Result<u64> {
    let entries = lookup.entries(ctx, kind, clinic).await?.to_vec();
    match entries.as_slice() {
        [] => {
            return Err(Error::Usage(crate::t!(
                "cli-guided-list-empty",
                list = kind.label()
            )));
        }
        [only] => {
            let (id, name) = (only.id, one_line(&only.name));
            ctx.io.write_err(&format!(
                "{}\n",
                crate::t!(
                    "cli-guided-only-entry",
                    label = label,
                    id = id.to_string(),
                    name = name
                )
            ));
            return Ok(only.id);
        }
        _ => {}
    }
    ctx.io.write_err(&menu(label, &entries));
    loop {
        let answer = prompt(&crate::t!("cli-guided-pick", label = label), |s| {
            parse_ref(s)
                .map(|_| ())
                .map_err(|e| Error::Usage(e.to_string()))
        })?;
        let chosen = match parse_ref(&answer).map_err(Error::Usage)? {
            Ref::Id(id) if entries.iter().any(|e| e.id == id) => Ok(id),
            Ref::Id(id) => Err(Error::Usage(crate::t!(
                "cli-guided-no-such-id",
                list = kind.label(),
                id = id.to_string()
            ))),
            Ref::Name(name) => lookup.id(ctx, kind, label, &name, clinic).await,
        };
        match chosen {
            Ok(id) => return Ok(id),
            Err(e @ (Error::Invalid { .. } | Error::Usage(_))) => {
                ctx.io.write_err(&format!("{e}\n"))
            }
            Err(e) => return Err(e),
        }
    }
}

/// `label:` then one `ID  name` line per entry, IDs aligned.
fn menu(label: &str, entries: &[Entry]) -> String {
    let width = entries
        .iter()
        .take(SHOWN)
        .map(|e| e.id.to_string().len())
        .max()
        .unwrap_or(1);
    let mut menu = format!("{}\n", crate::t!("cli-guided-menu-title", label = label));
    for e in entries.iter().take(SHOWN) {
        let (id, name) = (e.id, one_line(&e.name));
        menu.push_str(&format!("  {id:>width$}  {name}\n"));
    }
    if entries.len() > SHOWN {
        let more = entries.len() - SHOWN;
        menu.push_str(&format!(
            "  {}\n",
            crate::t!("cli-guided-menu-more", count = more)
        ));
    }
    menu
}

/// A name on one line: line breaks and other control characters shown as spaces.
fn one_line(name: &str) -> String {
    name.split(|c: char| c.is_control())
        .flat_map(str::split_whitespace)
        .collect::<Vec<_>>()
        .join(" ")
}

/// Shows the request — each ID with its name — and asks before sending: whether the user said yes.
pub async fn confirm(ctx: &Context, body: &Value) -> Result<bool> {
    ctx.io.write_err(&preview(ctx, body).await);
    super::ask::yes_no(&ctx.io, &crate::t!("cli-guided-send"), true)
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

fn cancelled(e: dialoguer::Error) -> Error {
    match e {
        dialoguer::Error::IO(io) if io.kind() == std::io::ErrorKind::Interrupted => {
            Error::Interrupted
        }
        other => Error::Usage(crate::t!("cli-guided-stopped", reason = other.to_string())),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn entry(id: u64, name: &str) -> Entry {
        Entry {
            id,
            name: name.into(),
        }
    }

    #[test]
    fn the_menu_lists_ids_and_names_one_per_line() {
        let text = menu(
            "Campaign",
            &[
                entry(7, "Verão"),
                entry(32, "Pacote noiva\nDia do casamento"),
            ],
        );
        assert_eq!(
            text,
            "Campaign:\n   7  Verão\n  32  Pacote noiva Dia do casamento\n"
        );
    }
}
