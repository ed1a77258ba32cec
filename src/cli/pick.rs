//! Answers typed at a terminal: a pick list of a reference list (`ID  name` lines, answered by ID or
//! name) and a validated text prompt, as the guided contact form and `clinic setup` ask them.

use dialoguer::Input;

use crate::context::Context;
use crate::error::{Error, Result};
use crate::refs::resolve::{Lookup, parse_ref};
use crate::refs::{Entry, Kind, Ref};

/// Entries a pick list shows; past this, names (or parts of them) find the rest.
const SHOWN: usize = 40;

/// A text prompt that refuses what `valid` refuses, showing its message, until the value is right.
pub fn prompt(label: &str, valid: impl Fn(&str) -> Result<()>) -> Result<String> {
    let value: String = Input::with_theme(&super::ask::PromptTheme)
        .with_prompt(label)
        .validate_with(|s: &String| check(valid(s)))
        .interact_text()
        .map_err(cancelled)?;
    Ok(value.trim().to_string())
}

/// A refused answer as the form says it: what was typed, then what is expected. The form has no
/// secret field, and the value was just typed at this terminal, so it is shown as it was.
pub fn check(r: Result<()>) -> std::result::Result<(), String> {
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
pub async fn pick(
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
pub fn one_line(name: &str) -> String {
    name.split(|c: char| c.is_control())
        .flat_map(str::split_whitespace)
        .collect::<Vec<_>>()
        .join(" ")
}

/// A prompt the user left: Ctrl-C is an interruption, anything else stops the form with its reason.
pub fn cancelled(e: dialoguer::Error) -> Error {
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
