//! Values offered on Tab for flags that take a name (`--channel`, `--campaign`, `--status`, …), read
//! from the reference-list cache only: completion never waits on the network and never prints errors
//! into the shell — a missing cache just offers nothing. The profile and clinic are the ones the
//! command line names (`--profile`, `--clinic`), else the environment's and the profile's.

use crate::environment::Environment;
use std::ffi::OsStr;

use clap_complete::engine::CompletionCandidate;

use super::{Line, offer};
use crate::config::{self, ConfigFile, Profile};
use crate::refs::Kind;
use crate::refs::cache::Cache;
use crate::text::fold::normalize;

/// Names of one list, with the ID as help text: the clinic's copy for a clinic-scoped list when the
/// line (or the profile) names a clinic that was cached, else every cached copy.
pub fn candidates(kind: Kind, current: &OsStr) -> Vec<CompletionCandidate> {
    candidates_with(kind, current, offer)
}

/// [`candidates`] for a flag that takes a list (`--clinic 1,uber`, `--status agendado,conf`).
fn list_candidates(kind: Kind, current: &OsStr) -> Vec<CompletionCandidate> {
    candidates_with(kind, current, super::offer_in_list)
}

/// How names (with their help texts) become candidates: [`offer`] or [`super::offer_in_list`].
type Offer = fn(&OsStr, Vec<(String, Option<String>)>) -> Vec<CompletionCandidate>;

fn candidates_with(kind: Kind, current: &OsStr, offer: Offer) -> Vec<CompletionCandidate> {
    let line = Line::current();
    let Some((cache, profile)) = cache_of(&line) else {
        return Vec::new();
    };
    let clinic = kind
        .per_clinic()
        .then(|| clinic_on_line(&line, &cache, &profile))
        .flatten();
    let copies = match clinic.and_then(|c| cache.read(kind, Some(c))) {
        Some(copy) => vec![copy],
        None => cache.read_all(kind),
    };
    offer(
        current,
        copies
            .into_iter()
            .flat_map(|c| c.entries)
            .map(|e| (e.name, Some(format!("ID {}", e.id))))
            .collect(),
    )
}

/// Clinic IDs, with their names as help text (`config set clinica`).
pub fn clinic_ids(current: &OsStr) -> Vec<CompletionCandidate> {
    let line = Line::current();
    let Some((cache, _)) = cache_of(&line) else {
        return Vec::new();
    };
    let entries = cache
        .read(Kind::Clinics, None)
        .map(|c| c.entries)
        .unwrap_or_default();
    offer(
        current,
        entries
            .into_iter()
            .map(|e| (e.id.to_string(), Some(e.name))),
    )
}

/// The profiles of the configuration file, and `default` (`config use NAME`).
pub fn profiles(current: &OsStr) -> Vec<CompletionCandidate> {
    // Completion runs in the shell's own process, with its environment.
    let names = config::config_dir(&Environment::Process)
        .ok()
        .and_then(|dir| ConfigFile::load(&dir).ok())
        .map(|file| file.profiles.into_keys().collect::<Vec<_>>())
        .unwrap_or_default();
    let default = std::iter::once(config::DEFAULT_PROFILE.to_string());
    let mut all: Vec<String> = default.chain(names).collect();
    all.dedup();
    offer(current, all.into_iter().map(|name| (name, None)))
}

/// The titles of the CRM's smart processes, with their `entityTypeId` as help text, as the
/// profile's CRM last listed them (`crm type list`, `crm item …`).
pub fn crm_types(current: &OsStr) -> Vec<CompletionCandidate> {
    let line = Line::current();
    let Some(profile) = profile_of(&line) else {
        return Vec::new();
    };
    let Some(crm_url) = profile.crm_url.as_deref() else {
        return Vec::new();
    };
    let Ok(cache) = Cache::new(&Environment::Process, &line.profile(), crm_url) else {
        return Vec::new();
    };
    let entries: Vec<crate::refs::Entry> = cache
        .read_named_any_age(crate::refs::cache::CRM_TYPES)
        .unwrap_or_default();
    offer(
        current,
        entries
            .into_iter()
            .map(|e| (e.name, Some(format!("entityTypeId {}", e.id)))),
    )
}

/// The profile the line would use, as stored with the environment's overrides.
pub fn profile_of(line: &Line) -> Option<Profile> {
    let dir = config::config_dir(&Environment::Process).ok()?;
    let stored = ConfigFile::load(&dir)
        .ok()?
        .profiles
        .remove(&line.profile())
        .unwrap_or_default();
    config::apply_env(stored, &Environment::Process).ok()
}

/// The cache of the profile the line would use (its `base_url`), and that profile.
fn cache_of(line: &Line) -> Option<(Cache, Profile)> {
    let profile = profile_of(line)?;
    let cache = Cache::new(
        &Environment::Process,
        &line.profile(),
        profile.base_url.as_deref()?,
    )
    .ok()?;
    Some((cache, profile))
}

/// The clinic the command would use: `--clinic` on the line (an ID, or a cached clinic's name), else
/// the profile's default.
fn clinic_on_line(line: &Line, cache: &Cache, profile: &Profile) -> Option<u64> {
    let Some(given) = line.value_of(&["--clinic", "--clinica"]) else {
        return profile.clinica;
    };
    if let Ok(id) = given.trim().parse() {
        return Some(id);
    }
    let wanted = normalize(&given);
    cache
        .read(Kind::Clinics, None)?
        .entries
        .into_iter()
        .find(|e| normalize(&e.name) == wanted)
        .map(|e| e.id)
}

macro_rules! candidates_of {
    ($($name:ident => $kind:expr),* $(,)?) => {
        $(
            #[doc = concat!("Tab candidates: ", stringify!($name), ".")]
            pub fn $name(current: &OsStr) -> Vec<CompletionCandidate> {
                candidates($kind, current)
            }
        )*
    };
}

candidates_of! {
    clinics => Kind::Clinics,
    channels => Kind::Channels,
    campaigns => Kind::Campaigns,
    services => Kind::Services,
    sellers => Kind::Sellers,
    creators => Kind::Creators,
    account_plans => Kind::AccountPlans,
    operation_types => Kind::OperationTypes,
    appointment_statuses => Kind::AppointmentStatuses,
    quote_statuses => Kind::QuoteStatuses,
}

/// Tab candidates for `--clinic` where it takes several clinics (`1,uber<Tab>`).
pub fn clinic_list(current: &OsStr) -> Vec<CompletionCandidate> {
    list_candidates(Kind::Clinics, current)
}

/// Tab candidates for an appointment `--status` list.
pub fn appointment_status_list(current: &OsStr) -> Vec<CompletionCandidate> {
    list_candidates(Kind::AppointmentStatuses, current)
}

/// Tab candidates for a quote `--status` list.
pub fn quote_status_list(current: &OsStr) -> Vec<CompletionCandidate> {
    list_candidates(Kind::QuoteStatuses, current)
}
