//! Values offered on Tab for flags that take a name (`--channel`, `--campaign`, `--status`, …), read
//! from the reference-list cache only: completion never waits on the network and never prints errors
//! into the shell — a missing cache just offers nothing.

use clap_complete::engine::CompletionCandidate;

use super::Kind;
use super::cache::Cache;
use crate::config::{self, ConfigFile};

/// Names of one list, with the ID as help text, from every cached copy (all clinics) of the profile.
pub fn candidates(kind: Kind) -> Vec<CompletionCandidate> {
    let Some(cache) = current_cache() else {
        return Vec::new();
    };
    let mut seen = std::collections::BTreeSet::new();
    let mut out = Vec::new();
    for cached in cache.read_all(kind) {
        for e in cached.entries {
            if seen.insert(e.name.clone()) {
                out.push(
                    CompletionCandidate::new(e.name).help(Some(format!("ID {}", e.id).into())),
                );
            }
        }
    }
    out
}

/// The cache of the profile the command line would use (`CLINIC_PROFILE`, its `base_url`).
fn current_cache() -> Option<Cache> {
    let profile = std::env::var("CLINIC_PROFILE")
        .ok()
        .filter(|p| !p.is_empty())
        .unwrap_or_else(|| config::DEFAULT_PROFILE.to_string());
    let dir = config::config_dir().ok()?;
    let stored = ConfigFile::load(&dir)
        .ok()?
        .profiles
        .remove(&profile)
        .unwrap_or_default();
    let base = config::apply_env(stored).ok()?.base_url?;
    Cache::new(&profile, &base).ok()
}

macro_rules! candidates_of {
    ($($name:ident => $kind:expr),* $(,)?) => {
        $(
            #[doc = concat!("Tab candidates: ", stringify!($name), ".")]
            pub fn $name() -> Vec<CompletionCandidate> {
                candidates($kind)
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
