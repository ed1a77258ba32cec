//! Checks of a profile for `clinic doctor` and `clinic setup`: each looks at one thing — a setting, a
//! host, the proxy (`proxy`), the token, a store, the cache, the completion scripts (`shell`) — and
//! says how it stands. They print nothing; the commands show them, one line each. Secrets are shown
//! masked.

use std::time::Duration;

use serde_json::{Value, json};

use crate::config::{self, ConfigFile};
use crate::context::Context;
use crate::error::Error;
use crate::refs::Kind;

pub mod proxy;
pub mod shell;

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

    /// The word on a check's line, in the reader's language (records keep [`Status::word`]).
    fn shown(self) -> String {
        match self {
            Status::Ok => crate::t!("cli-doctor-status-ok"),
            Status::Warn => crate::t!("cli-doctor-status-warn"),
            Status::Fail => crate::t!("cli-doctor-status-fail"),
        }
    }
}

/// What a check says, in the reader's language for its line and in English for its record: records
/// (`--format json`…) are read by scripts and stay the same whatever the language.
#[derive(Debug, Clone)]
pub struct Detail {
    pub shown: String,
    pub record: String,
}

/// Text that is the same in every language (an error's own message, a path).
impl From<String> for Detail {
    fn from(text: String) -> Detail {
        Detail {
            shown: text.clone(),
            record: text,
        }
    }
}

/// A [`Detail`] from the catalogue: `said!("key", name = value, …)`.
macro_rules! said {
    ($key:literal $(, $name:ident = $value:expr)* $(,)?) => {{
        // Each value is computed once, for both languages.
        $(#[allow(clippy::redundant_locals)] let $name = $value;)*
        $crate::cli::checks::Detail {
            shown: crate::t!($key $(, $name = $name.clone())*),
            record: crate::text::i18n::text_in(
                crate::text::i18n::Lang::En,
                $key,
                &[$((stringify!($name), crate::text::i18n::Value::from($name.clone()))),*],
            ),
        }
    }};
}
pub(crate) use said;

#[derive(Debug, Clone)]
pub struct Check {
    pub name: &'static str,
    pub status: Status,
    pub detail: Detail,
}

impl Check {
    pub fn new(name: &'static str, status: Status, detail: impl Into<Detail>) -> Check {
        Check {
            name,
            status,
            detail: detail.into(),
        }
    }

    pub fn record(&self) -> Value {
        json!({"check": self.name, "status": self.status.word(), "detail": self.detail.record})
    }

    /// The record as a table shows it to people: headers, status and detail in their language.
    pub fn table_row(&self) -> Value {
        let mut row = serde_json::Map::new();
        row.insert(
            crate::t!("cli-doctor-header-check"),
            json!(self.shown_name()),
        );
        row.insert(
            crate::t!("cli-doctor-header-status"),
            json!(self.status.shown()),
        );
        row.insert(
            crate::t!("cli-doctor-header-detail"),
            json!(self.detail.shown),
        );
        Value::Object(row)
    }

    fn shown_name(&self) -> String {
        match self.name {
            "credentials" => crate::t!("cli-doctor-name-credentials"),
            "io key" => crate::t!("cli-doctor-name-io-key"),
            "name cache" => crate::t!("cli-doctor-name-cache"),
            "completions" => crate::t!("cli-doctor-name-completions"),
            other => other.to_string(),
        }
    }

    /// `ok    base_url        http://… answers (HTTP 404)`
    pub fn line(&self) -> String {
        let (status, name, detail) = (self.status.shown(), self.shown_name(), &self.detail.shown);
        format!("{status:<5} {name:<15} {detail}")
    }
}

/// The configuration file and the profile in it.
pub fn config_file(ctx: &Context) -> Check {
    let path = ConfigFile::path(&ctx.config_dir);
    let (file, profile) = (path.display(), &ctx.profile_name);
    match ConfigFile::load(&ctx.config_dir) {
        Ok(f) if f.profiles.contains_key(profile) => {
            let (file, profile) = (file.to_string(), profile.as_str());
            Check::new(
                "config",
                Status::Ok,
                said!(
                    "cli-doctor-config-ok",
                    file = file.as_str(),
                    profile = profile
                ),
            )
        }
        Ok(_) => Check::new(
            "config",
            Status::Warn,
            said!(
                "cli-doctor-config-no-profile",
                file = file.to_string(),
                profile = profile.as_str()
            ),
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
        return Check::new(key, status, said!("cli-doctor-host-not-set", key = key));
    };
    let url = match config::check_url(key, &raw) {
        Ok(url) => url,
        Err(e) => return Check::new(key, Status::Fail, e.to_string()),
    };
    let shown = config::mask_url(url.as_str());
    // The API's root answers 404 on every deployment: an operation is asked instead, whose status
    // says whether the API is there (any host answers something at its root).
    let (url, operation) = match key {
        "base_url" => match api_operation_url(&url) {
            Some(op) => (op, true),
            None => (url, false),
        },
        _ => (url, false),
    };
    let proxy = ctx.http.proxy_for(&url);
    match ctx.http.reach(url, shown.clone()).await {
        Ok(resp) if operation => {
            let (status, said) = api_answer(resp.status.as_u16(), &shown, proxy);
            Check::new(key, status, said)
        }
        Err(Error::Proxy(_)) => Check::new(key, Status::Fail, refused_by_proxy(&shown, proxy)),
        Ok(resp) => {
            let status = resp.status.as_u16().to_string();
            let said = match proxy {
                Some(proxy) => said!(
                    "cli-doctor-host-answers-via",
                    address = shown.as_str(),
                    status = status,
                    proxy = proxy
                ),
                None => said!(
                    "cli-doctor-host-answers",
                    address = shown.as_str(),
                    status = status
                ),
            };
            Check::new(key, Status::Ok, said)
        }
        Err(e) => Check::new(key, Status::Fail, failure(&shown, &e)),
    }
}

/// The address of an API operation under `base`: the channels list, which every deployment has and
/// which answers a request without a token with 401.
fn api_operation_url(base: &url::Url) -> Option<url::Url> {
    let mut url = base.clone();
    url.path_segments_mut()
        .ok()?
        .pop_if_empty()
        .push(crate::api::CHANNELS.path.trim_start_matches('/'));
    Some(url)
}

/// What the status of an API operation asked without a token says about `base_url` (reached through
/// `proxy`, when one is used).
fn api_answer(code: u16, shown: &str, proxy: Option<String>) -> (Status, Detail) {
    let status = code.to_string();
    let address = shown.to_string();
    match (code, proxy) {
        (200..=299 | 401 | 403, None) => (
            Status::Ok,
            said!("cli-doctor-api-answers", address = address, status = status),
        ),
        (200..=299 | 401 | 403, Some(proxy)) => (
            Status::Ok,
            said!(
                "cli-doctor-api-answers-via",
                address = address,
                status = status,
                proxy = proxy
            ),
        ),
        (404, None) => (
            Status::Fail,
            said!(
                "cli-doctor-api-not-found",
                address = address,
                status = status
            ),
        ),
        (404, Some(proxy)) => (
            Status::Fail,
            said!(
                "cli-doctor-api-not-found-via",
                address = address,
                status = status,
                proxy = proxy
            ),
        ),
        (500..=599, _) => (
            Status::Warn,
            said!(
                "cli-doctor-api-server-error",
                address = address,
                status = status
            ),
        ),
        _ => (
            Status::Warn,
            said!(
                "cli-doctor-api-unexpected",
                address = address,
                status = status
            ),
        ),
    }
}

/// A failure about an address: network errors name it already; other errors get it in front.
fn failure(shown: &str, e: &Error) -> String {
    match e {
        Error::Network(_) | Error::Proxy(_) => e.to_string(),
        _ => format!("{shown}: {e}"),
    }
}

/// A host the proxy would not let a request through to: the host is not to blame, and the proxy's
/// own line says why and what to do.
fn refused_by_proxy(shown: &str, proxy: Option<String>) -> Detail {
    let proxy = proxy
        .as_deref()
        .map(crate::http::proxy_auth::address)
        .unwrap_or_default();
    said!(
        "cli-doctor-host-proxy-refused",
        address = shown.to_string(),
        proxy = proxy
    )
}

/// What an unattended run (cron, Task Scheduler) can log in with when the store's token is not at
/// hand: a store it cannot reach ends it with exit 3 unless the environment gives a way.
pub fn unattended(ctx: &Context) -> Check {
    const NAME: &str = "unattended";
    if ctx.env().non_blank("CLINIC_TOKEN").is_some() {
        return Check::new(NAME, Status::Ok, said!("cli-doctor-unattended-token"));
    }
    let login = ctx.env().var("CLINIC_LOGIN").filter(|v| !v.is_empty());
    match (login, config::password_file::from_env(ctx.env())) {
        (_, Err(e)) => Check::new(NAME, Status::Fail, e.to_string()),
        (Some(login), Ok(Some(_))) => Check::new(
            NAME,
            Status::Ok,
            said!("cli-doctor-unattended-login", login = login),
        ),
        _ => Check::new(
            NAME,
            Status::Warn,
            said!("cli-doctor-unattended-store-only"),
        ),
    }
}

/// The token is there and the service takes it.
pub async fn token(ctx: &Context) -> Check {
    let who = match (&ctx.profile.login, ctx.user_kind()) {
        _ if ctx.env().non_blank("CLINIC_TOKEN").is_some() => "CLINIC_TOKEN".to_string(),
        (Some(login), Some(kind)) => crate::t!("cli-auth-who", login = login.as_str(), kind = kind),
        (Some(login), None) => login.clone(),
        (None, _) => crate::t!("cli-doctor-no-login"),
    };
    let via = ctx.base_url().ok().and_then(|url| ctx.http.proxy_for(&url));
    match (token_works(ctx).await, via) {
        (Ok(()), None) => Check::new(
            "token",
            Status::Ok,
            said!("cli-doctor-token-ok", who = who.as_str()),
        ),
        (Ok(()), Some(proxy)) => Check::new(
            "token",
            Status::Ok,
            said!("cli-doctor-token-ok-via", who = who.as_str(), proxy = proxy),
        ),
        (Err(Error::Proxy(_)), via) => Check::new(
            "token",
            Status::Fail,
            said!(
                "cli-doctor-token-proxy-refused",
                proxy = via
                    .as_deref()
                    .map(crate::http::proxy_auth::address)
                    .unwrap_or_default()
            ),
        ),
        (Err(e @ (Error::NotLoggedIn(_) | Error::Auth(_))), _) => {
            Check::new("token", Status::Fail, ctx.reporter.redact(&e.to_string()))
        }
        (Err(e), _) => Check::new(
            "token",
            Status::Fail,
            said!(
                "cli-doctor-token-untried",
                reason = ctx.reporter.redact(&e.to_string())
            ),
        ),
    }
}

/// A store read that takes this long is flagged: an unattended run waits for it every time.
const SLOW_STORE: std::time::Duration = std::time::Duration::from_secs(1);

/// The store the profile keeps its token in can be read, and how long it took.
pub async fn credential_store(ctx: &Context) -> Check {
    const NAME: &str = "credentials";
    if ctx.env().non_blank("CLINIC_TOKEN").is_some() {
        return Check::new(NAME, Status::Ok, said!("cli-doctor-store-env-token"));
    }
    let (Some(login), Some(kind)) = (ctx.profile.login.clone(), ctx.profile.token_store) else {
        return Check::new(NAME, Status::Warn, said!("cli-doctor-store-no-token"));
    };
    // The entry is named for the deployment as well as the login.
    let base = match ctx.base_url() {
        Ok(base) => base,
        Err(e) => {
            return Check::new(
                NAME,
                Status::Fail,
                said!("cli-doctor-store-no-deployment", reason = e.to_string()),
            );
        }
    };
    let account = ctx
        .credentials
        .token_account(&ctx.profile_name, &login, &base);
    let creds = ctx.credentials.clone();
    let started = std::time::Instant::now();
    let looked_up = account.clone();
    let loaded = ctx
        .store_call(kind, move || creds.load(kind, &looked_up))
        .await;
    let took = started.elapsed();
    // An entry that reads as no token may be a damaged split token's manifest: worth saying so,
    // since logging in again is what mends it.
    if let Ok(Ok(None)) = loaded {
        let creds = ctx.credentials.clone();
        if let Ok(Ok(true)) = ctx
            .store_call(kind, move || creds.damaged(kind, &account))
            .await
        {
            return Check::new(
                NAME,
                Status::Warn,
                said!(
                    "cli-doctor-store-damaged",
                    store = kind.to_string(),
                    login = login.as_str()
                ),
            );
        }
    }
    match loaded {
        // A store that makes every run wait is worth knowing about before a nightly job meets it.
        Ok(Ok(Some(_))) if took >= SLOW_STORE => Check::new(
            NAME,
            Status::Warn,
            said!(
                "cli-doctor-store-slow",
                store = kind.to_string(),
                seconds = format!("{:.1}", took.as_secs_f64())
            ),
        ),
        Ok(Ok(Some(_))) => Check::new(
            NAME,
            Status::Ok,
            said!("cli-doctor-store-ok", store = kind.to_string()),
        ),
        Ok(Ok(None)) => Check::new(
            NAME,
            Status::Fail,
            said!(
                "cli-doctor-store-missing",
                store = kind.to_string(),
                login = login.as_str()
            ),
        ),
        Ok(Err(e)) | Err(e) => Check::new(
            NAME,
            Status::Fail,
            said!(
                "cli-doctor-store-failed",
                store = kind.to_string(),
                reason = e.to_string()
            ),
        ),
    }
}

/// The IO key, from the environment or a store.
pub fn io_key(ctx: &Context) -> Check {
    const NAME: &str = "io key";
    if ctx.env().non_blank("CLINIC_IO_KEY").is_some() {
        return Check::new(NAME, Status::Ok, said!("cli-doctor-io-key-env"));
    }
    match ctx.profile.io_key_store {
        Some(kind) => Check::new(
            NAME,
            Status::Ok,
            said!("cli-doctor-io-key-kept", store = kind.to_string()),
        ),
        None => Check::new(NAME, Status::Warn, said!("cli-doctor-io-key-none")),
    }
}

/// The CRM address works: one cheap, harmless list call (its secret is in the address).
pub async fn crm(ctx: &Context) -> Check {
    const NAME: &str = "crm_url";
    if ctx.profile.crm_url.is_none() {
        return Check::new(NAME, Status::Warn, said!("cli-doctor-crm-not-set"));
    }
    let crm = match super::crm_host::crm(ctx) {
        Ok(crm) => crm,
        Err(e) => return Check::new(NAME, Status::Fail, e.to_string()),
    };
    let shown = config::mask_crm_url(ctx.profile.crm_url.as_deref().unwrap_or_default());
    let probe = [
        ("select[]".to_string(), "ID".to_string()),
        ("start".to_string(), "0".to_string()),
    ];
    let via = ctx
        .profile
        .crm_url
        .as_deref()
        .and_then(|raw| url::Url::parse(raw).ok())
        .and_then(|url| ctx.http.proxy_for(&url));
    let outcome = crm
        .run(&crate::api::CRM_DEAL_LIST, &probe)
        .await
        .and_then(crate::crm::client::result);
    match outcome {
        Ok(_) => match via {
            None => Check::new(
                NAME,
                Status::Ok,
                said!("cli-doctor-crm-answers", address = shown.as_str()),
            ),
            Some(proxy) => Check::new(
                NAME,
                Status::Ok,
                said!(
                    "cli-doctor-crm-answers-via",
                    address = shown.as_str(),
                    proxy = proxy
                ),
            ),
        },
        Err(Error::Proxy(_)) => Check::new(NAME, Status::Fail, refused_by_proxy(&shown, via)),
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
        Some(_) => Check::new(NAME, Status::Ok, said!("cli-doctor-webhook-set")),
        None => Check::new(NAME, Status::Warn, said!("cli-doctor-webhook-not-set")),
    }
}

/// The CRM unit names.
pub fn units(ctx: &Context) -> Check {
    const NAME: &str = "units";
    let n = ctx.profile.units.len() as u64;
    if n == 0 {
        return Check::new(NAME, Status::Warn, said!("cli-doctor-units-none"));
    }
    Check::new(NAME, Status::Ok, said!("cli-doctor-units", count = n))
}

/// The default clinic is one the user can see; an admin_master without one is warned.
pub async fn clinic(ctx: &Context) -> Check {
    const NAME: &str = "clinica";
    let Some(id) = ctx.profile.clinica else {
        return match ctx.user_kind() {
            Some(config::ADMIN_MASTER) => {
                Check::new(NAME, Status::Warn, said!("cli-doctor-clinic-admin-none"))
            }
            _ => Check::new(NAME, Status::Ok, said!("cli-doctor-clinic-none")),
        };
    };
    match crate::refs::resolve::list(ctx, Kind::Clinics, None).await {
        Ok(entries) => match entries.iter().find(|e| e.id == id) {
            Some(e) => Check::new(NAME, Status::Ok, format!("{id}  {}", e.name)),
            None => Check::new(
                NAME,
                Status::Fail,
                said!("cli-doctor-clinic-unseen", id = id.to_string()),
            ),
        },
        Err(e) => Check::new(
            NAME,
            Status::Fail,
            said!(
                "cli-doctor-clinic-unread",
                id = id.to_string(),
                reason = ctx.reporter.redact(&e.to_string())
            ),
        ),
    }
}

/// The age of the name cache behind `--campaign "Name"` and Tab.
pub fn cache(ctx: &Context) -> Check {
    const NAME: &str = "name cache";
    let Some(cache) = crate::refs::cache::Cache::of(ctx) else {
        return Check::new(NAME, Status::Warn, said!("cli-doctor-cache-no-base"));
    };
    match cache.read(Kind::Channels, None) {
        Some(cached) => {
            let age = crate::refs::cache::age(&cached);
            let fresh = cache.is_fresh(&cached);
            let detail = Detail {
                shown: refreshed(crate::text::i18n::current(), fresh, age),
                record: refreshed(crate::text::i18n::Lang::En, fresh, age),
            };
            Check::new(NAME, if fresh { Status::Ok } else { Status::Warn }, detail)
        }
        None => Check::new(NAME, Status::Warn, said!("cli-doctor-cache-empty")),
    }
}

/// `refreshed 3 h ago`, `refreshed 2 days ago, stale: …` in `lang`.
fn refreshed(lang: crate::text::i18n::Lang, fresh: bool, age: Duration) -> String {
    use crate::text::i18n::{Value, text_in};
    let s = age.as_secs();
    let (key, count) = match s {
        0..=89 => ("cli-doctor-age-seconds", s),
        90..=5399 => ("cli-doctor-age-minutes", s / 60),
        5400..=172_799 => ("cli-doctor-age-hours", s / 3600),
        _ => ("cli-doctor-age-days", s / 86_400),
    };
    let age = text_in(lang, key, &[("count", Value::from(count))]);
    let key = if fresh {
        "cli-doctor-cache-fresh"
    } else {
        "cli-doctor-cache-stale"
    };
    text_in(lang, key, &[("age", Value::from(age))])
}

/// Whether the service takes the token: one cheap call, the list of appointment statuses, walked
/// as every list is.
pub async fn token_works(ctx: &Context) -> crate::error::Result<()> {
    let client = ctx.api().await?;
    let source = std::sync::Arc::new(crate::api::list::WholeList::new(
        client,
        &crate::api::APPOINTMENT_STATUSES,
        Vec::new(),
    ));
    let spec = crate::pages::Walk::every_page(ctx.walk().per_page, 1);
    crate::pages::walk(source, spec, &ctx.reporter, |_| Ok(()))
        .await
        .map(|_| ())
}

/// Shows the checks — one line each, or records with `--format` — and fails when one failed.
pub fn report(ctx: &Context, checks: Vec<Check>) -> crate::error::Result<()> {
    if ctx.global.format == Some(crate::output::Format::Table) {
        crate::show::records(ctx, checks.iter().map(Check::table_row).collect())?;
    } else if ctx.global.format.is_some() {
        crate::show::records(ctx, checks.iter().map(Check::record).collect())?;
    } else {
        let lines: Vec<String> = checks.iter().map(Check::line).collect();
        crate::show::line(ctx, &lines.join("\n"))?;
    }
    let failed = checks.iter().filter(|c| c.status == Status::Fail).count();
    if failed == 0 {
        return Ok(());
    }
    let total = checks.len();
    Err(Error::Other(crate::t!(
        "cli-doctor-failed",
        failed = failed,
        count = total
    )))
}
