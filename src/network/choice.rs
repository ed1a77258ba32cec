//! Which clinics a list or report covers: `--clinic` as one ID or name, several, or `all`, checked
//! against the clinics this login can see (`listaClinicas`), so that a clinic user asking for
//! another clinic is told so before anything else is sent, instead of silently getting their own.

use std::fmt;

use crate::context::Context;
use crate::error::{Error, Result};
use crate::refs::resolve::{self, parse_ref_list};
use crate::refs::{Entry, Kind, Ref, RefList};

/// What `--clinic` says, as typed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Choice {
    /// `all`: every clinic the login can see.
    All,
    /// IDs and names, comma-separated.
    Some(RefList),
}

impl Choice {
    /// clap parser: `all` (any case), or a comma-separated list of IDs and names.
    pub fn parse(s: &str) -> std::result::Result<Choice, String> {
        if is_all(s) {
            return Ok(Choice::All);
        }
        let list = parse_ref_list(s).map_err(|_| {
            "a clinic ID or name, several separated by commas (1,3,\"sp campinas\"), or all"
                .to_string()
        })?;
        if list
            .0
            .iter()
            .any(|r| matches!(r, Ref::Name(n) if is_all(n)))
        {
            return Err(crate::t!("network-all-alone"));
        }
        Ok(Choice::Some(list))
    }
}

/// A clinic of a run over several, with its name when the clinics list gave one.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Clinic {
    pub id: u64,
    pub name: Option<String>,
}

impl fmt::Display for Clinic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.name {
            Some(name) => write!(f, "{} ({name})", self.id),
            None => write!(f, "{}", self.id),
        }
    }
}

/// The clinics of a run.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Target {
    /// One clinic, or none given (the profile's `clinica`, or the server's choice for clinic users).
    One(Option<u64>),
    /// `all`, or a list of more than one clinic: walked into one output, each record tagged.
    Many(Vec<Clinic>),
}

/// `all`, or the Portuguese `todas`/`todos`, in any case.
fn is_all(s: &str) -> bool {
    ["all", "todas", "todos"]
        .iter()
        .any(|word| s.trim().eq_ignore_ascii_case(word))
}

/// Resolves `--clinic` (absent: the profile's `clinica`).
pub async fn target(ctx: &Context, choice: Option<&Choice>) -> Result<Target> {
    match choice {
        None => Ok(Target::One(ctx.profile.clinica)),
        Some(Choice::All) => {
            // A clinic opened today must not be missing from a network export: read the list afresh.
            let visible = fresh(ctx).await?;
            if visible.is_empty() {
                return Err(Error::Protocol(crate::t!("network-no-clinics")));
            }
            Ok(Target::Many(visible.into_iter().map(clinic_of).collect()))
        }
        Some(Choice::Some(list)) => {
            // An ID typed as a number needs no lookup: the clinics list only checks it (a clinic
            // user asking for another clinic), and only when the list can be read. A name needs it.
            let names = list.0.iter().any(|r| matches!(r, Ref::Name(_)));
            let mut visible = match resolve::list(ctx, Kind::Clinics, None).await {
                Ok(v) => Some(v),
                Err(e) if !names => {
                    unchecked(ctx, &e);
                    None
                }
                Err(e) => return Err(e),
            };
            let mut chosen: Vec<Clinic> = Vec::new();
            for r in &list.0 {
                let id = match (visible.as_mut(), r) {
                    (None, Ref::Id(id)) => *id,
                    (None, Ref::Name(_)) => unreachable!("a name always has the list"),
                    (Some(seen), r) => {
                        let mut found = find(seen, r).map(|e| e.id);
                        if found.is_none() {
                            // The cached list may predate a new clinic: ask once more before refusing.
                            match fresh(ctx).await {
                                Ok(list) => {
                                    *seen = list;
                                    found = find(seen, r).map(|e| e.id);
                                }
                                Err(e) if matches!(r, Ref::Id(_)) => unchecked(ctx, &e),
                                Err(e) => return Err(e),
                            }
                        }
                        match (found, r) {
                            (Some(id), _) => id,
                            (None, Ref::Name(name)) => {
                                return Err(resolve::pick(Kind::Clinics, "--clinic", name, seen)
                                    .err()
                                    .unwrap_or_else(|| not_visible(name, seen)));
                            }
                            (None, Ref::Id(id)) => return Err(not_visible(&id.to_string(), seen)),
                        }
                    }
                };
                if !chosen.iter().any(|c| c.id == id) {
                    let entry = visible
                        .as_ref()
                        .and_then(|v| v.iter().find(|e| e.id == id).cloned());
                    chosen.push(match entry {
                        Some(e) => clinic_of(e),
                        None => Clinic { id, name: None },
                    });
                }
            }
            match chosen.as_slice() {
                [one] => Ok(Target::One(Some(one.id))),
                _ => Ok(Target::Many(chosen)),
            }
        }
    }
}

/// The clinics list could not be read to check IDs typed as numbers: they go as typed, and `-v` says
/// why they were not checked.
fn unchecked(ctx: &Context, e: &Error) {
    ctx.reporter.trace(&crate::t!(
        "network-trace-clinics-unchecked",
        reason = e.to_string()
    ));
}

fn find<'a>(visible: &'a [Entry], r: &Ref) -> Option<&'a Entry> {
    match r {
        Ref::Id(id) => visible.iter().find(|e| e.id == *id),
        Ref::Name(name) => resolve::pick(Kind::Clinics, "--clinic", name, visible)
            .ok()
            .and_then(|id| visible.iter().find(|e| e.id == id)),
    }
}

fn clinic_of(entry: Entry) -> Clinic {
    Clinic {
        id: entry.id,
        name: Some(entry.name),
    }
}

fn not_visible(given: &str, visible: &[Entry]) -> Error {
    let names: Vec<String> = visible
        .iter()
        .take(12)
        .map(|e| format!("{} ({})", e.id, e.name))
        .collect();
    let more = if visible.len() > 12 { ", …" } else { "" };
    Error::invalid(
        "--clinic",
        given,
        &crate::t!(
            "network-expect-visible-clinic",
            clinics = format!("{}{more}", names.join(", "))
        ),
    )
}

/// The clinics list from the service (and into the cache).
async fn fresh(ctx: &Context) -> Result<Vec<Entry>> {
    let entries = resolve::fetch(ctx, Kind::Clinics, None).await?;
    if let Some(cache) = crate::refs::cache::Cache::of(ctx) {
        let _ = cache.write(Kind::Clinics, None, &entries);
    }
    Ok(entries)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn all_lists_and_single_clinics_parse() {
        assert_eq!(Choice::parse(" ALL ").unwrap(), Choice::All);
        assert_eq!(Choice::parse("todas").unwrap(), Choice::All);
        assert_eq!(Choice::parse("Todos").unwrap(), Choice::All);
        assert!(Choice::parse("1,todas").is_err());
        assert_eq!(
            Choice::parse("1,3,sp campinas").unwrap(),
            Choice::Some(RefList(vec![
                Ref::Id(1),
                Ref::Id(3),
                Ref::Name("sp campinas".into())
            ]))
        );
        assert_eq!(
            Choice::parse("7").unwrap(),
            Choice::Some(RefList(vec![Ref::Id(7)]))
        );
        assert!(Choice::parse("1,all").is_err());
        assert!(Choice::parse(",").is_err());
        assert!(Choice::parse("0").is_err());
    }

    #[test]
    fn clinics_show_their_names() {
        let named = Clinic {
            id: 3,
            name: Some("SP Campinas".into()),
        };
        assert_eq!(named.to_string(), "3 (SP Campinas)");
        assert_eq!(Clinic { id: 4, name: None }.to_string(), "4");
    }
}
