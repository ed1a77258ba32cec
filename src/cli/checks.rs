//! Checks of a profile for `clinic doctor` and `clinic setup`: each looks at one thing — a setting, a
//! host, the token, a store, the cache, the completion scripts — and says how it stands. They print
//! nothing; the commands show them, one line each. Secrets are shown masked.

use std::time::Duration;

use reqwest::Method;
use serde_json::{Value, json};

use crate::config::{self, ConfigFile};
use crate::context::Context;
use crate::error::Error;
use crate::http::{Request, Safety};
use crate::refs::Kind;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Status {
    Ok,
    /// Not broken, but something a command will miss (an optional host not set, a stale cache).
    Warn,
    Fail,
}

impl Status {
    pub fn word(self) -> &'static str {
        match self {
            Status::Ok => "ok",
            Status::Warn => "warn",
            Status::Fail => "FAIL",
        }
    }
}

#[derive(Debug, Clone)]
pub struct Check {
    pub name: &'static str,
    pub status: Status,
    pub detail: String,
}

impl Check {
    fn new(name: &'static str, status: Status, detail: impl Into<String>) -> Check {
        Check {
            name,
            status,
            detail: detail.into(),
        }
    }

    pub fn record(&self) -> Value {
        json!({"check": self.name, "status": self.status.word(), "detail": self.detail})
    }

    /// `ok    base_url        http://… answers (HTTP 404)`
    pub fn line(&self) -> String {
        let (status, name, detail) = (self.status.word(), self.name, &self.detail);
        format!("{status:<5} {name:<15} {detail}")
    }
}

/// The configuration file and the profile in it.
pub fn config_file(ctx: &Context) -> Check {
    let path = ConfigFile::path(&ctx.config_dir);
    let (file, profile) = (path.display(), &ctx.profile_name);
    match ConfigFile::load(&ctx.config_dir) {
        Ok(f) if f.profiles.contains_key(profile) => {
            Check::new("config", Status::Ok, format!("{file}, profile '{profile}'"))
        }
        Ok(_) => Check::new(
            "config",
            Status::Warn,
            format!("{file} has no profile '{profile}': run `clinic setup`"),
        ),
        Err(e) => Check::new("config", Status::Fail, e.to_string()),
    }
}

/// A host answers HTTP at all (any status: this is about reaching it, not about its answer).
pub async fn host(ctx: &Context, key: &'static str, required: bool) -> Check {
    let raw = match key {
        "base_url" => ctx.profile.base_url.clone(),
        "io_url" => ctx.profile.io_url.clone(),
        "automation_url" => ctx.profile.automation_url.clone(),
        _ => None,
    };
    let Some(raw) = raw else {
        let status = if required { Status::Fail } else { Status::Warn };
        return Check::new(
            key,
            status,
            format!("not set: clinic config set {key} URL (or clinic setup)"),
        );
    };
    let url = match config::check_url(key, &raw) {
        Ok(url) => url,
        Err(e) => return Check::new(key, Status::Fail, e.to_string()),
    };
    let shown = config::mask_url(url.as_str());
    let req = Request {
        method: Method::GET,
        shown_url: shown.clone(),
        url,
        headers: vec![],
        body: None,
        // Only a refused connection is tried again: a host that answers at all has been reached.
        safety: Safety::Unsafe,
    };
    match ctx.http.send(&req).await {
        Ok(resp) => {
            let status = resp.status.as_u16();
            Check::new(key, Status::Ok, format!("{shown} answers (HTTP {status})"))
        }
        Err(e) => Check::new(key, Status::Fail, failure(&shown, &e)),
    }
}

/// A failure about an address: network errors name it already; other errors get it in front.
fn failure(shown: &str, e: &Error) -> String {
    match e {
        Error::Network(_) => e.to_string(),
        _ => format!("{shown}: {e}"),
    }
}

/// The token is there and the service takes it.
pub async fn token(ctx: &Context) -> Check {
    let who = match (&ctx.profile.login, ctx.user_kind()) {
        _ if std::env::var("CLINIC_TOKEN").is_ok_and(|t| !t.trim().is_empty()) => {
            "CLINIC_TOKEN".to_string()
        }
        (Some(login), Some(kind)) => format!("{login} ({kind})"),
        (Some(login), None) => login.clone(),
        (None, _) => "no login".to_string(),
    };
    match super::auth::token_works(ctx).await {
        Ok(()) => Check::new("token", Status::Ok, format!("{who}: the service takes it")),
        Err(e @ (Error::NotLoggedIn(_) | Error::Auth(_))) => {
            Check::new("token", Status::Fail, ctx.reporter.redact(&e.to_string()))
        }
        Err(e) => Check::new(
            "token",
            Status::Fail,
            ctx.reporter.redact(&format!("could not be tried: {e}")),
        ),
    }
}

/// The store the profile keeps its token in can be read.
pub async fn credential_store(ctx: &Context) -> Check {
    const NAME: &str = "credentials";
    if std::env::var("CLINIC_TOKEN").is_ok_and(|t| !t.trim().is_empty()) {
        return Check::new(NAME, Status::Ok, "CLINIC_TOKEN is set: no store is read");
    }
    let (Some(login), Some(kind)) = (ctx.profile.login.clone(), ctx.profile.token_store) else {
        return Check::new(NAME, Status::Warn, "no token stored: clinic login");
    };
    // The entry is named for the deployment as well as the login.
    let base = match ctx.base_url() {
        Ok(base) => base,
        Err(e) => return Check::new(NAME, Status::Fail, format!("no deployment to look up: {e}")),
    };
    let account = ctx
        .credentials
        .token_account(&ctx.profile_name, &login, &base);
    let creds = ctx.credentials.clone();
    match crate::context::blocking(move || creds.load(kind, &account)).await {
        Ok(Ok(Some(_))) => Check::new(NAME, Status::Ok, format!("the {kind} holds the token")),
        Ok(Ok(None)) => Check::new(
            NAME,
            Status::Fail,
            format!("the {kind} has no token for {login}: clinic login"),
        ),
        Ok(Err(e)) | Err(e) => Check::new(NAME, Status::Fail, format!("the {kind}: {e}")),
    }
}

/// The IO key, from the environment or a store.
pub fn io_key(ctx: &Context) -> Check {
    const NAME: &str = "io key";
    if std::env::var("CLINIC_IO_KEY").is_ok_and(|k| !k.trim().is_empty()) {
        return Check::new(NAME, Status::Ok, "CLINIC_IO_KEY is set");
    }
    match ctx.profile.io_key_store {
        Some(kind) => Check::new(NAME, Status::Ok, format!("kept in the {kind}")),
        None => Check::new(
            NAME,
            Status::Warn,
            "none: clinic auth set-io-key (only `clinic io` needs it)",
        ),
    }
}

/// The CRM address works: one cheap, harmless list call (its secret is in the address).
pub async fn crm(ctx: &Context) -> Check {
    const NAME: &str = "crm_url";
    if ctx.profile.crm_url.is_none() {
        return Check::new(
            NAME,
            Status::Warn,
            "not set: clinic config set crm_url URL (only the crm commands need it)",
        );
    }
    let crm = match super::crm::crm(ctx) {
        Ok(crm) => crm,
        Err(e) => return Check::new(NAME, Status::Fail, e.to_string()),
    };
    let shown = config::mask_crm_url(ctx.profile.crm_url.as_deref().unwrap_or_default());
    let probe = [
        ("select[]".to_string(), "ID".to_string()),
        ("start".to_string(), "0".to_string()),
    ];
    let outcome = crm
        .call("crm.deal.list", &probe, Safety::Idempotent)
        .await
        .and_then(crate::crm::client::result);
    match outcome {
        Ok(_) => Check::new(NAME, Status::Ok, format!("{shown} answers crm.deal.list")),
        Err(e) => Check::new(
            NAME,
            Status::Fail,
            ctx.reporter.redact(&failure(&shown, &e)),
        ),
    }
}

/// The automation webhook's ID is set. It is not called: every call creates a contact and a deal.
pub fn webhook(ctx: &Context) -> Check {
    const NAME: &str = "webhook_id";
    match ctx
        .profile
        .webhook_id
        .as_deref()
        .filter(|w| !w.trim().is_empty())
    {
        Some(_) => Check::new(
            NAME,
            Status::Ok,
            "set (not called: each call creates a contact and a deal)",
        ),
        None => Check::new(
            NAME,
            Status::Warn,
            "not set: clinic config set webhook_id ID (crm contact create needs it)",
        ),
    }
}

/// The CRM unit names.
pub fn units(ctx: &Context) -> Check {
    const NAME: &str = "units";
    let n = ctx.profile.units.len() as u64;
    if n == 0 {
        return Check::new(
            NAME,
            Status::Warn,
            "none: clinic config set units \"A;B;C\" (--unit is then sent as typed)",
        );
    }
    match crate::counts::plural(n) {
        crate::counts::Plural::One => {
            Check::new(NAME, Status::Ok, format!("{n} unit: clinic crm units"))
        }
        crate::counts::Plural::Other => {
            Check::new(NAME, Status::Ok, format!("{n} units: clinic crm units"))
        }
    }
}

/// The default clinic is one the user can see; an admin_master without one is warned.
pub async fn clinic(ctx: &Context) -> Check {
    const NAME: &str = "clinica";
    let Some(id) = ctx.profile.clinica else {
        return match ctx.user_kind() {
            Some(config::ADMIN_MASTER) => Check::new(
                NAME,
                Status::Warn,
                "no default clinic: as an admin_master, lists need --clinic (clinic config set clinica ID)",
            ),
            _ => Check::new(NAME, Status::Ok, "no default clinic"),
        };
    };
    match crate::refs::resolve::list(ctx, Kind::Clinics, None).await {
        Ok(entries) => match entries.iter().find(|e| e.id == id) {
            Some(e) => Check::new(NAME, Status::Ok, format!("{id}  {}", e.name)),
            None => Check::new(
                NAME,
                Status::Fail,
                format!("{id} is not one of the clinics this login sees (clinic ref clinics)"),
            ),
        },
        Err(e) => Check::new(
            NAME,
            Status::Fail,
            format!(
                "{id}: could not read the clinics: {}",
                ctx.reporter.redact(&e.to_string())
            ),
        ),
    }
}

/// The age of the name cache behind `--campaign "Name"` and Tab.
pub fn cache(ctx: &Context) -> Check {
    const NAME: &str = "name cache";
    let Some(cache) = ctx.cache() else {
        return Check::new(NAME, Status::Warn, "none without a base_url");
    };
    match cache.read(Kind::Channels, None) {
        Some(cached) => {
            let age = crate::refs::cache::age(&cached);
            let shown = human(age);
            if cache.is_fresh(&cached) {
                Check::new(NAME, Status::Ok, format!("refreshed {shown} ago"))
            } else {
                Check::new(
                    NAME,
                    Status::Warn,
                    format!("refreshed {shown} ago, stale: clinic cache refresh"),
                )
            }
        }
        None => Check::new(
            NAME,
            Status::Warn,
            "empty: clinic cache refresh (names on Tab come from it)",
        ),
    }
}

/// `3 h`, `12 min`, `40 s`, `2 days`.
fn human(age: Duration) -> String {
    let s = age.as_secs();
    match s {
        0..=89 => format!("{s} s"),
        90..=5399 => format!("{} min", s / 60),
        5400..=172_799 => format!("{} h", s / 3600),
        _ => format!("{} days", s / 86_400),
    }
}

/// The completion script of the user's shell is installed where the shell looks, and current.
pub fn completions() -> Check {
    const NAME: &str = "completions";
    let shell = std::env::var("SHELL").unwrap_or_default();
    let shell = shell.rsplit('/').next().unwrap_or_default();
    let shells: Vec<clap_complete::Shell> = match shell {
        "bash" => vec![clap_complete::Shell::Bash],
        "zsh" => vec![clap_complete::Shell::Zsh],
        "fish" => vec![clap_complete::Shell::Fish],
        _ => vec![
            clap_complete::Shell::Bash,
            clap_complete::Shell::Zsh,
            clap_complete::Shell::Fish,
        ],
    };
    for shell in &shells {
        for path in install_paths(*shell) {
            let Ok(installed) = std::fs::read(&path) else {
                continue;
            };
            let current = super::completions::registration(*shell).unwrap_or_default();
            let shown = path.display();
            return if installed == current {
                Check::new(NAME, Status::Ok, format!("{shell}: {shown}"))
            } else {
                Check::new(
                    NAME,
                    Status::Warn,
                    format!(
                        "{shell}: {shown} differs from this version's: clinic completions {shell} > {shown}"
                    ),
                )
            };
        }
    }
    let shell = shells[0];
    let hint = install_paths(shell)
        .into_iter()
        .next()
        .map(|p| format!("clinic completions {shell} > {}", p.display()))
        .unwrap_or_else(|| format!("clinic completions {shell}"));
    Check::new(NAME, Status::Warn, format!("not installed: {hint}"))
}

/// Where each shell finds completion scripts, the user's own place first.
fn install_paths(shell: clap_complete::Shell) -> Vec<std::path::PathBuf> {
    use std::path::PathBuf;
    let dirs = directories::BaseDirs::new();
    let data = dirs.as_ref().map(|d| d.data_dir().to_path_buf());
    let conf = dirs.as_ref().map(|d| d.config_dir().to_path_buf());
    let home = dirs.as_ref().map(|d| d.home_dir().to_path_buf());
    let mut paths: Vec<PathBuf> = match shell {
        clap_complete::Shell::Bash => vec![
            data.map(|d| d.join("bash-completion/completions/clinic")),
            Some(PathBuf::from(
                "/usr/share/bash-completion/completions/clinic",
            )),
            Some(PathBuf::from("/etc/bash_completion.d/clinic")),
        ],
        clap_complete::Shell::Zsh => vec![
            home.map(|h| h.join(".zfunc/_clinic")),
            Some(PathBuf::from("/usr/local/share/zsh/site-functions/_clinic")),
            Some(PathBuf::from("/usr/share/zsh/vendor-completions/_clinic")),
        ],
        clap_complete::Shell::Fish => vec![
            conf.map(|c| c.join("fish/completions/clinic.fish")),
            Some(PathBuf::from(
                "/usr/share/fish/vendor_completions.d/clinic.fish",
            )),
        ],
        _ => Vec::new(),
    }
    .into_iter()
    .flatten()
    .collect();
    paths.dedup();
    paths
}
