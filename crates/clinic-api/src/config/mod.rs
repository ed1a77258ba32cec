//! Profiles: a TOML file under the platform's config directory (or `CLINIC_CONFIG_DIR`), one table per
//! profile, plus the environment overrides of the CLI contract. The file may hold `crm_url`, which is a
//! credential, so it is written atomically with mode 0600 in a 0700 directory, and every change is a
//! read-modify-write under a lock so that concurrent runs never lose each other's updates.

pub mod language;
pub mod password_file;
pub mod state;

use crate::environment::Environment;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use crate::error::{Error, Result};
use crate::file_lock;
use crate::format::Format;
use crate::private_fs;

pub const DEFAULT_PROFILE: &str = "default";
pub const DEFAULT_TIMEZONE: &str = "America/Sao_Paulo";

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum AuthScheme {
    /// `Authorization: Bearer <token>`
    Bearer,
    /// `Authorization: <token>`
    Raw,
    /// `Authorization: Token <token>`
    Token,
    /// `Authorization: JWT <token>`
    Jwt,
}

/// How a deployment's lists say where their next page is (`paging`), learned from its answers or set
/// by hand.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Paging {
    /// By page number (`pagina_atual`), read as asked.
    Numbers,
    /// By a next link or cursor in each answer: a list whose answer carries none has one page.
    Links,
    /// The page number is ignored and no link is given: no list of more than one page can be read
    /// whole, and `--page N` would answer page 1.
    Ignored,
}

impl Paging {
    pub const NAMES: [&'static str; 3] = ["numbers", "links", "ignored"];

    pub fn word(self) -> &'static str {
        Paging::NAMES[self as usize]
    }

    pub fn from_word(word: &str) -> Option<Paging> {
        [Paging::Numbers, Paging::Links, Paging::Ignored]
            .into_iter()
            .find(|p| p.word() == word)
    }
}

/// Which day a deployment's modified-since filter reads (`modificado_em_de=2026-11-23`): the day in
/// the profile's zone, or the day in UTC. Learned from answers that only one reading admits; until
/// then the earlier of the two days is sent, which never misses a change.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum FilterZone {
    Local,
    Utc,
}

impl FilterZone {
    pub fn word(self) -> &'static str {
        match self {
            FilterZone::Local => "local",
            FilterZone::Utc => "utc",
        }
    }

    /// The zone a word names (`local`, `utc`, as `clinic config set filter_zone` takes it).
    pub fn from_word(word: &str) -> Option<FilterZone> {
        match word.trim().to_ascii_lowercase().as_str() {
            "local" => Some(FilterZone::Local),
            "utc" => Some(FilterZone::Utc),
            _ => None,
        }
    }
}

/// What taught a deployment's [`FilterZone`]: a record modified at `modified` (a wall time of the
/// profile's zone) came for a filter that asked from `asked_from`, a day only the other reading
/// admits it on.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FilterZoneEvidence {
    pub modified: String,
    pub asked_from: String,
}

impl AuthScheme {
    pub const NAMES: [&'static str; 4] = ["bearer", "raw", "token", "jwt"];

    /// The word written before the token in `Authorization`; none for the bare token.
    pub fn word(self) -> Option<&'static str> {
        match self {
            AuthScheme::Bearer => Some("Bearer"),
            AuthScheme::Raw => None,
            AuthScheme::Token => Some("Token"),
            AuthScheme::Jwt => Some("JWT"),
        }
    }

    /// The scheme a word names (`Bearer`, `token`, `JWT`: any case), as a token's own prefix or a
    /// configuration value (`raw` too).
    pub fn from_word(word: &str) -> Option<AuthScheme> {
        match word.to_ascii_lowercase().as_str() {
            "bearer" => Some(AuthScheme::Bearer),
            "raw" => Some(AuthScheme::Raw),
            "token" => Some(AuthScheme::Token),
            "jwt" => Some(AuthScheme::Jwt),
            _ => None,
        }
    }

    /// A token that came with its scheme (`"Bearer 3f…"`): the scheme and the value apart. A token
    /// without one is returned whole.
    pub fn split(token: &str) -> (Option<AuthScheme>, &str) {
        let token = token.trim();
        if let Some((word, rest)) = token.split_once(char::is_whitespace)
            && let Some(scheme) = AuthScheme::from_word(word).filter(|s| *s != AuthScheme::Raw)
            && !rest.trim().is_empty()
        {
            return (Some(scheme), rest.trim());
        }
        (None, token)
    }
}

/// Where a token (or IO key) was stored; remembered per profile so later commands look there first.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum StoreKind {
    SecretService,
    Keyutils,
    CredentialManager,
    Keychain,
    File,
}

impl std::fmt::Display for StoreKind {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&match self {
            StoreKind::SecretService => crate::t!("store-kind-secret-service"),
            StoreKind::Keyutils => crate::t!("store-kind-keyutils"),
            StoreKind::CredentialManager => crate::t!("store-kind-credential-manager"),
            StoreKind::Keychain => crate::t!("store-kind-keychain"),
            StoreKind::File => crate::t!("store-kind-file"),
        })
    }
}

/// The `crm.*` keys of a profile.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CrmKeys {
    /// `crm.api = "item"|"classic"`: the CRM method family to speak, instead of finding it from
    /// the portal's answers (Bitrix24's universal `crm.item.*`, or the classic `crm.contact.*`…).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub api: Option<String>,
    /// The family found from the portal's answers (`item`|`classic`), so the next run speaks it
    /// from its first request instead of being refused again.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub family: Option<String>,
    /// The classic method whose answer showed `family` (`crm.contact.list`), shown by
    /// `doctor --probe`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub family_evidence: Option<String>,
    /// The CRM address (its secret masked) `family` was found at: it holds for that portal only.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub family_from: Option<String>,
}

impl CrmKeys {
    fn is_empty(&self) -> bool {
        self.api.is_none() && self.family.is_none()
    }
}

/// The `sync.*` keys of a profile.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SyncKeys {
    /// `sync.full_every = "7d"` (the default): a full walk (and its tombstones) once this long has
    /// passed since the last one, as written.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub full_every: Option<String>,
    /// `sync.target = "postgres://user@host/db"`: where `clinic sync`, `sync changes` and `clinic sql`
    /// go when `--to` names nothing (a file, or a PostgreSQL database).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub target: Option<String>,
    /// Where `auth set-db-password` put each database's password, by `Target::key`; kept by the
    /// command, not a `config set` key.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub password_stores: BTreeMap<String, StoreKind>,
}

impl SyncKeys {
    fn is_empty(&self) -> bool {
        self.full_every.is_none() && self.target.is_none() && self.password_stores.is_empty()
    }
}

/// The `mcp.*` keys of a profile: how `clinic mcp` serves this profile's data.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct McpKeys {
    /// `mcp.share_personal = true`: the server sends personal data unmasked, as `--share-personal`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub share_personal: Option<bool>,
    /// `mcp.allow_writes = true`: the server offers the write tools, as `--allow-writes`; each call
    /// is still confirmed by the person.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub allow_writes: Option<bool>,
    /// `mcp.writes`: who approves a write tool's call, one of [`MCP_WRITES`]: `ask` (the person,
    /// through the client's elicitation) unless set.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub writes: Option<String>,
    /// `mcp.max_records_file`: the most the records kept for a read tool's next pages may take on
    /// disk, as a size (`1GiB`); [`MCP_MAX_RECORDS_FILE`] unless set.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub max_records_file: Option<String>,
}

/// The values of `mcp.writes` and of `clinic mcp --writes`.
pub const MCP_WRITES: [&str; 2] = ["ask", "host-approval"];

/// The most the records kept for a read tool's next pages take on disk unless
/// `mcp.max_records_file` says otherwise: far more than an assistant reads, far less than a disk.
pub const MCP_MAX_RECORDS_FILE: u64 = 1 << 30;

/// A value of `mcp.writes` (`key` names where it was given), checked against [`MCP_WRITES`].
pub fn mcp_writes(key: &str, v: &str) -> Result<String> {
    if MCP_WRITES.contains(&v) {
        Ok(v.to_string())
    } else {
        Err(Error::invalid(
            key,
            v,
            &crate::t!("config-expect-mcp-writes"),
        ))
    }
}

impl McpKeys {
    fn is_empty(&self) -> bool {
        self.share_personal.is_none()
            && self.allow_writes.is_none()
            && self.writes.is_none()
            && self.max_records_file.is_none()
    }
}

/// One profile as stored. Every field is optional: absent means "not configured".
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Profile {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub base_url: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub io_url: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub automation_url: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub crm_url: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub webhook_id: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub clinica: Option<u64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub auth_scheme: Option<AuthScheme>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub format: Option<Format>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub per_page: Option<u32>,
    /// The number of the deployment's first page (0 or 1), learned from its answers or set by hand.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub page_base: Option<u64>,
    /// The largest page the deployment serves, learned from a refusal or set by hand.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub max_per_page: Option<u32>,
    /// How the deployment pages its lists, learned from a walk or set by hand.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub paging: Option<Paging>,
    /// Which day the deployment's modified-since filter reads, learned from its answers.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub filter_zone: Option<FilterZone>,
    /// The answer that taught `filter_zone`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub filter_zone_evidence: Option<FilterZoneEvidence>,
    /// The base URL `page_base`, `max_per_page`, `paging` and `filter_zone` were learned from (absent when set by hand): they
    /// hold for that deployment only, so a run pointed elsewhere (`CLINIC_BASE_URL`) learns its own.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub learned_from: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub concurrency: Option<u32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub timezone: Option<String>,
    /// Idle timeout, as written (`30s`, `2m`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub timeout: Option<String>,
    /// Retry budget of one request, as written.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub max_wait: Option<String>,
    /// The proxy every request goes through (`http://host:3128`), or `none`; unset: the system's
    /// and the environment's (`HTTPS_PROXY`, `NO_PROXY`…).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub proxy: Option<String>,
    /// Largest answer read, as written (`48MiB`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub max_answer_size: Option<String>,
    /// A PEM file of extra trusted CA certificates.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub ca_bundle: Option<String>,
    /// The interface language (`en`, `pt-BR`), below `--lang` and `CLINIC_LANG`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub language: Option<String>,
    /// CRM unit names accepted by `clinic crm contact create --unit`.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub units: Vec<String>,
    /// Fields that hold money besides the built-in ones (`money::MONEY_FIELDS`): typed as decimals.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub money_fields: Vec<String>,
    /// CRM field aliases: `email = "UF_CRM_1676052930"`.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub aliases: BTreeMap<String, String>,
    /// `[profiles.NAME.crm]`: how the CRM is spoken to.
    #[serde(default, skip_serializing_if = "CrmKeys::is_empty")]
    pub crm: CrmKeys,
    /// `[profiles.NAME.sync]`: how `clinic sync` runs for this profile.
    #[serde(default, skip_serializing_if = "SyncKeys::is_empty")]
    pub sync: SyncKeys,
    /// `[profiles.NAME.mcp]`: how `clinic mcp` serves this profile.
    #[serde(default, skip_serializing_if = "McpKeys::is_empty")]
    pub mcp: McpKeys,
    /// Set by `clinic login`: who logged in and where the token went.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub login: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub token_store: Option<StoreKind>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub io_key_store: Option<StoreKind>,
    /// Set by `clinic login --save-password`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub password_store: Option<StoreKind>,
    /// Set by `clinic login` when the login answer says: `admin_master` or `clinica`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub user_kind: Option<String>,
}

/// The user kind that sees every clinic and must name one on per-clinic lists.
pub const ADMIN_MASTER: &str = "admin_master";

/// The keys `clinic config get|set|unset` accept; what each expects is [`meaning`].
pub const KEYS: &[&str] = &[
    "base_url",
    "io_url",
    "automation_url",
    "crm_url",
    "webhook_id",
    "clinica",
    "auth_scheme",
    "format",
    "per_page",
    "page_base",
    "max_per_page",
    "paging",
    "filter_zone",
    "concurrency",
    "timezone",
    "units",
    "money_fields",
    "timeout",
    "max_wait",
    "max_answer_size",
    "ca_bundle",
    "proxy",
    "language",
    "crm.api",
    "sync.full_every",
    "sync.target",
    "mcp.share_personal",
    "mcp.allow_writes",
    "mcp.writes",
    "mcp.max_records_file",
    "aliases.<name>",
];

/// What a key of [`KEYS`] expects, in the interface's language.
pub fn meaning(key: &str) -> Option<String> {
    Some(match key {
        "base_url" => crate::t!("config-key-base-url"),
        "io_url" => crate::t!("config-key-io-url"),
        "automation_url" => crate::t!("config-key-automation-url"),
        "crm_url" => crate::t!("config-key-crm-url"),
        "webhook_id" => crate::t!("config-key-webhook-id"),
        "clinica" => crate::t!("config-key-clinica"),
        "auth_scheme" => crate::t!("config-key-auth-scheme"),
        "format" => crate::t!("config-key-format"),
        "per_page" => crate::t!("config-key-per-page"),
        "page_base" => crate::t!("config-key-page-base"),
        "max_per_page" => crate::t!("config-key-max-per-page"),
        "paging" => crate::t!("config-key-paging"),
        "filter_zone" => crate::t!("config-key-filter-zone"),
        "concurrency" => crate::t!("config-key-concurrency"),
        "timezone" => crate::t!("config-key-timezone"),
        "units" => crate::t!("config-key-units"),
        "money_fields" => crate::t!("config-key-money-fields"),
        "timeout" => crate::t!("config-key-timeout"),
        "max_wait" => crate::t!("config-key-max-wait"),
        "max_answer_size" => crate::t!("config-key-max-answer-size"),
        "ca_bundle" => crate::t!("config-key-ca-bundle"),
        "proxy" => crate::t!("config-key-proxy"),
        "language" => crate::t!("config-key-language"),
        "sync.full_every" => crate::t!("config-key-sync-full-every"),
        "sync.target" => crate::t!("config-key-sync-target"),
        "crm.api" => crate::t!("config-key-crm-api"),
        "mcp.share_personal" => crate::t!("config-key-mcp-share-personal"),
        "mcp.allow_writes" => crate::t!("config-key-mcp-allow-writes"),
        "mcp.writes" => crate::t!("config-key-mcp-writes"),
        "mcp.max_records_file" => crate::t!("config-key-mcp-max-records-file"),
        "aliases.<name>" => crate::t!("config-key-aliases"),
        _ => return None,
    })
}

#[derive(Debug, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ConfigFile {
    /// The profile a command uses when neither `--profile` nor `CLINIC_PROFILE` names one
    /// (`clinic config use NAME`); `default` when unset.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub default_profile: Option<String>,
    #[serde(default)]
    pub profiles: BTreeMap<String, Profile>,
}

/// The profile a command uses when none is named: the one `clinic config use` chose, else
/// `default`. A configuration file that cannot be read is reported by the command that loads it.
pub fn default_profile_name(env: &Environment) -> String {
    config_dir(env)
        .ok()
        .and_then(|dir| ConfigFile::load(&dir).ok())
        .and_then(|file| file.default_profile)
        .unwrap_or_else(|| DEFAULT_PROFILE.to_string())
}

/// Makes `name` the profile commands use when none is named. Only a profile the file has (or
/// `default`) can be chosen: a typo would otherwise send every later command to an empty profile.
pub fn use_profile(dir: &Path, name: &str) -> Result<()> {
    let path = ConfigFile::path(dir);
    file_lock::exclusive(&path, || {
        let mut file = ConfigFile::load(dir)?;
        if name != DEFAULT_PROFILE && !file.profiles.contains_key(name) {
            let known: Vec<&str> = std::iter::once(DEFAULT_PROFILE)
                .chain(file.profiles.keys().map(String::as_str))
                .collect();
            return Err(Error::invalid(
                "profile",
                name,
                &crate::t!("config-expected-profile", known = known.join(", ")),
            ));
        }
        file.default_profile = (name != DEFAULT_PROFILE).then(|| name.to_string());
        file.save(dir)
    })
}

/// The configuration directory: `CLINIC_CONFIG_DIR`, else the platform's (e.g. `~/.config/clinic`).
pub fn config_dir(env: &Environment) -> Result<PathBuf> {
    if let Some(dir) = env.var_os("CLINIC_CONFIG_DIR").filter(|d| !d.is_empty()) {
        return Ok(PathBuf::from(dir));
    }
    directories::ProjectDirs::from("", "", "clinic")
        .map(|p| p.config_dir().to_path_buf())
        .ok_or_else(|| Error::Config(crate::t!("config-no-home")))
}

impl ConfigFile {
    pub fn path(dir: &Path) -> PathBuf {
        dir.join("config.toml")
    }

    pub fn load(dir: &Path) -> Result<ConfigFile> {
        let path = Self::path(dir);
        match std::fs::read_to_string(&path) {
            Ok(text) => toml::from_str(crate::text::bom::strip(&text))
                .map_err(|e| Error::Config(format!("{}: {}", path.display(), e.message()))),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(ConfigFile::default()),
            Err(e) => Err(Error::Config(format!("{}: {e}", path.display()))),
        }
    }

    fn save(&self, dir: &Path) -> Result<()> {
        let text = toml::to_string_pretty(self).map_err(|e| Error::Config(e.to_string()))?;
        private_fs::write(&Self::path(dir), text.as_bytes())
    }
}

/// Changes one profile: under the configuration lock the file is read afresh, changed, and replaced
/// atomically. Every write goes through here (`config set/unset`, `login`, the remembered auth
/// scheme, the IO key's store), so parallel runs never lose an update.
pub fn update_profile(
    dir: &Path,
    name: &str,
    change: impl FnOnce(&mut Profile) -> Result<()>,
) -> Result<()> {
    let path = ConfigFile::path(dir);
    file_lock::exclusive(&path, || {
        let mut file = ConfigFile::load(dir)?;
        change(file.profiles.entry(name.to_string()).or_default())?;
        file.save(dir)
    })
}

/// A key's `true` or `false`.
fn boolean(key: &str, v: &str) -> Result<bool> {
    v.parse()
        .map_err(|_| Error::invalid(key, v, &crate::t!("config-expect-boolean")))
}

/// Whether a `--to` or `sync.target` names a PostgreSQL database rather than a file.
pub fn is_postgres_url(raw: &str) -> bool {
    let lower = raw.trim().to_ascii_lowercase();
    lower.starts_with("postgres://") || lower.starts_with("postgresql://")
}

/// Checks where a sync goes (`--to`, `sync.target`): a file, or a PostgreSQL URL that carries no
/// password (it would stay in the shell's history, the process list and the profile; `PGPASSWORD`
/// gives it). A refused URL is shown with its password masked.
pub fn check_sync_target(key: &str, raw: &str) -> Result<()> {
    if !is_postgres_url(raw) {
        return Ok(());
    }
    let Ok(mut url) = url::Url::parse(raw.trim()) else {
        return Err(Error::invalid(
            key,
            mask_url(raw),
            &crate::t!("config-expect-postgres-url"),
        ));
    };
    if url.password().is_some() {
        let _ = url.set_password(Some("****"));
        return Err(Error::invalid(
            key,
            url.to_string(),
            &crate::t!("config-expect-postgres-no-password"),
        ));
    }
    if url.path().trim_matches('/').is_empty() {
        return Err(Error::invalid(
            key,
            url.to_string(),
            &crate::t!("config-expect-postgres-url"),
        ));
    }
    Ok(())
}

/// Checks a host URL: it must parse, and plain `http://` is allowed only to a loopback host because
/// anything else would send the token and patient data in clear text.
pub fn check_url(key: &str, raw: &str) -> Result<url::Url> {
    let shown = |raw: &str| {
        if key == "crm_url" {
            mask_crm_url(raw)
        } else {
            mask_url(raw)
        }
    };
    let url = url::Url::parse(raw.trim()).map_err(|_| {
        Error::invalid(key, mask_url(raw), &crate::t!("config-expect-absolute-url"))
    })?;
    match url.scheme() {
        "https" => Ok(url),
        "http" if is_loopback(&url) => Ok(url),
        "http" => Err(Error::invalid(
            key,
            shown(raw),
            &crate::t!("config-expect-https"),
        )),
        _ => Err(Error::invalid(
            key,
            shown(raw),
            &crate::t!("config-expect-http-url"),
        )),
    }
}

fn is_loopback(url: &url::Url) -> bool {
    match url.host() {
        Some(url::Host::Domain(d)) => d.eq_ignore_ascii_case("localhost"),
        Some(url::Host::Ipv4(ip)) => ip.is_loopback(),
        Some(url::Host::Ipv6(ip)) => ip.is_loopback(),
        None => false,
    }
}

/// Masks the secret segment of a Bitrix-style webhook URL (`.../rest/<user>/<secret>/...`), and any
/// user-info, so the address can be shown in traces and errors.
pub fn mask_url(raw: &str) -> String {
    let Ok(mut url) = url::Url::parse(raw) else {
        // Not a URL: show only its start, in case it is a secret pasted in the wrong place.
        let start: String = raw.chars().take(12).collect();
        return if start.len() < raw.len() {
            format!("{start}…")
        } else {
            start
        };
    };
    let _ = url.set_password(None);
    let _ = url.set_username("");
    let segments: Vec<String> = url
        .path_segments()
        .map(|s| s.map(str::to_string).collect())
        .unwrap_or_default();
    if let Some(i) = segments.iter().position(|s| s == "rest")
        && segments.len() > i + 2
    {
        let mut masked = segments.clone();
        masked[i + 2] = "****".into();
        url.set_path(&masked.join("/"));
    }
    url.to_string()
}

/// Masks a CRM webhook address, which is a credential as a whole: the secret of the Bitrix shape
/// (`.../rest/<user>/<secret>/`), or — for any other shape — every path segment that is not a method
/// name (`crm.contact.get`).
pub fn mask_crm_url(raw: &str) -> String {
    let shown = mask_url(raw);
    if shown.contains("/****") {
        return shown;
    }
    let Ok(mut url) = url::Url::parse(&shown) else {
        return shown;
    };
    let masked: Vec<String> = url
        .path_segments()
        .map(|segs| {
            segs.map(|s| {
                if s.is_empty() || s.contains('.') {
                    s.to_string()
                } else {
                    "****".into()
                }
            })
            .collect()
        })
        .unwrap_or_default();
    url.set_path(&masked.join("/"));
    url.to_string()
}

/// A profile with the environment overrides of the CLI contract applied.
pub fn apply_env(mut p: Profile, vars: &Environment) -> Result<Profile> {
    let env = |k: &str| vars.var(k).filter(|v| !v.is_empty());
    if let Some(v) = env("CLINIC_BASE_URL") {
        p.base_url = Some(v);
    }
    if let Some(v) = env("CLINIC_IO_URL") {
        p.io_url = Some(v);
    }
    if let Some(v) = env("CLINIC_AUTOMATION_URL") {
        p.automation_url = Some(v);
    }
    if let Some(v) = env("CLINIC_CRM_URL") {
        p.crm_url = Some(v);
    }
    if let Some(v) = env("CLINIC_WEBHOOK_ID") {
        p.webhook_id = Some(v);
    }
    if let Some(v) = env("CLINIC_CLINICA") {
        p.clinica = Some(crate::input::id("CLINIC_CLINICA", &v)?);
    }
    Ok(p)
}

impl Profile {
    /// The profile's time zone, as written (the service writes local times without a zone).
    pub fn zone_name(&self) -> &str {
        self.timezone.as_deref().unwrap_or(DEFAULT_TIMEZONE).trim()
    }

    /// The profile's time zone.
    pub fn zone(&self) -> Result<chrono_tz::Tz> {
        let name = self.zone_name();
        name.parse()
            .map_err(|_| Error::invalid("timezone", name, &crate::t!("cli-crm-expected-timezone")))
    }

    /// Reads a key for `clinic config get`; `None` when unset.
    pub fn get(&self, key: &str) -> Result<Option<String>> {
        let s = |v: &Option<String>| v.clone();
        Ok(match key {
            "base_url" => s(&self.base_url),
            "io_url" => s(&self.io_url),
            "automation_url" => s(&self.automation_url),
            "crm_url" => s(&self.crm_url),
            "webhook_id" => s(&self.webhook_id),
            "clinica" => self.clinica.map(|v| v.to_string()),
            "auth_scheme" => self.auth_scheme.map(|v| enum_name(&v)),
            "format" => self.format.map(|v| enum_name(&v)),
            "per_page" => self.per_page.map(|v| v.to_string()),
            "page_base" => self.page_base.map(|v| v.to_string()),
            "max_per_page" => self.max_per_page.map(|v| v.to_string()),
            "paging" => self.paging.map(|v| v.word().to_string()),
            "filter_zone" => self.filter_zone.map(|v| v.word().to_string()),
            "concurrency" => self.concurrency.map(|v| v.to_string()),
            "timezone" => s(&self.timezone),
            "timeout" => s(&self.timeout),
            "sync.full_every" => s(&self.sync.full_every),
            "sync.target" => s(&self.sync.target),
            "crm.api" => s(&self.crm.api),
            "mcp.share_personal" => self.mcp.share_personal.map(|v| v.to_string()),
            "mcp.allow_writes" => self.mcp.allow_writes.map(|v| v.to_string()),
            "mcp.writes" => s(&self.mcp.writes),
            "mcp.max_records_file" => s(&self.mcp.max_records_file),
            "max_wait" => s(&self.max_wait),
            "max_answer_size" => s(&self.max_answer_size),
            "ca_bundle" => s(&self.ca_bundle),
            "proxy" => s(&self.proxy),
            "language" => s(&self.language),
            "units" => (!self.units.is_empty()).then(|| self.units.join(";")),
            "money_fields" => (!self.money_fields.is_empty()).then(|| self.money_fields.join(",")),
            "login" => s(&self.login),
            "token_store" => self.token_store.map(|v| enum_name(&v)),
            "user_kind" => s(&self.user_kind),
            k => match k.strip_prefix("aliases.") {
                Some(name) => self.aliases.get(name).cloned(),
                None => return Err(unknown_key(key)),
            },
        })
    }

    /// Validates and sets a key for `clinic config set`.
    pub fn set(&mut self, key: &str, value: &str) -> Result<()> {
        let v = value.trim();
        match key {
            "base_url" => self.base_url = Some(check_url(key, v)?.to_string()),
            "io_url" => self.io_url = Some(check_url(key, v)?.to_string()),
            "automation_url" => self.automation_url = Some(check_url(key, v)?.to_string()),
            "crm_url" => {
                // The path ends with `/` (methods go after it); a query string stays as it was.
                let mut u = check_url(key, v)?;
                if !u.path().ends_with('/') {
                    u.set_path(&format!("{}/", u.path()));
                }
                self.crm_url = Some(u.to_string())
            }
            "webhook_id" => self.webhook_id = Some(crate::input::text(key, v)?),
            "clinica" => self.clinica = Some(crate::input::id(key, v)?),
            "auth_scheme" => {
                self.auth_scheme = Some(
                    AuthScheme::from_word(v)
                        .filter(|_| v.chars().all(|c| c.is_ascii_lowercase()))
                        .ok_or_else(|| {
                            Error::invalid(key, v, &crate::t!("config-expect-auth-scheme"))
                        })?,
                )
            }
            "format" => {
                self.format = Some(
                    v.parse()
                        .map_err(|_| Error::invalid(key, v, &crate::t!("config-expect-format")))?,
                )
            }
            "per_page" => self.per_page = Some(bounded(key, v, 1, 10_000)?),
            "page_base" => {
                self.page_base = Some(u64::from(bounded(key, v, 0, 1)?));
                self.learned_from = None;
            }
            "max_per_page" => {
                self.max_per_page = Some(bounded(key, v, 1, 10_000)?);
                self.learned_from = None;
            }
            "paging" => {
                self.paging =
                    Some(Paging::from_word(v).ok_or_else(|| {
                        Error::invalid(key, v, &crate::t!("config-expect-paging"))
                    })?);
                self.learned_from = None;
            }
            "filter_zone" => {
                self.filter_zone = Some(FilterZone::from_word(v).ok_or_else(|| {
                    Error::invalid(key, v, &crate::t!("config-expect-filter-zone"))
                })?);
                // Set by hand: no answer taught it.
                self.filter_zone_evidence = None;
                self.learned_from = None;
            }
            "concurrency" => self.concurrency = Some(bounded(key, v, 1, 32)?),
            "timezone" => {
                v.parse::<chrono_tz::Tz>()
                    .map_err(|_| Error::invalid(key, v, &crate::t!("config-expect-timezone")))?;
                self.timezone = Some(v.to_string())
            }
            "timeout" => {
                duration(key, v, false)?;
                self.timeout = Some(v.to_string())
            }
            "sync.full_every" => {
                duration(key, v, false)?;
                self.sync.full_every = Some(v.to_string())
            }
            "crm.api" => {
                let word = v.trim().to_ascii_lowercase();
                if word != "item" && word != "classic" {
                    return Err(Error::invalid(key, v, &crate::t!("config-expect-crm-api")));
                }
                self.crm.api = Some(word)
            }
            "sync.target" => {
                check_sync_target(key, v)?;
                self.sync.target = Some(v.to_string())
            }
            "mcp.share_personal" => self.mcp.share_personal = Some(boolean(key, v)?),
            "mcp.allow_writes" => self.mcp.allow_writes = Some(boolean(key, v)?),
            "mcp.writes" => self.mcp.writes = Some(mcp_writes(key, v)?),
            "mcp.max_records_file" => {
                size(key, v)?;
                self.mcp.max_records_file = Some(v.to_string())
            }
            "max_wait" => {
                duration(key, v, true)?;
                self.max_wait = Some(v.to_string())
            }
            "max_answer_size" => {
                size(key, v)?;
                self.max_answer_size = Some(v.to_string())
            }
            "proxy" => {
                proxy(key, v)?;
                self.proxy = Some(v.trim().to_string())
            }
            "ca_bundle" => {
                // Stored absolute: the setting must mean the same file from any directory.
                let path = std::fs::canonicalize(v)
                    .ok()
                    .filter(|p| p.is_file())
                    .ok_or_else(|| Error::invalid(key, v, &crate::t!("config-expect-pem-file")))?;
                self.ca_bundle = Some(path.display().to_string())
            }
            "units" => self.units = split_units(v),
            "money_fields" => {
                self.money_fields = v
                    .split([',', ';'])
                    .map(str::trim)
                    .filter(|f| !f.is_empty())
                    .map(str::to_string)
                    .collect()
            }
            "language" => {
                let lang = crate::text::i18n::Lang::parse(v)
                    .ok_or_else(|| Error::invalid(key, v, &crate::t!("lang-expected")))?;
                self.language = Some(lang.tag().to_string())
            }
            k => match k.strip_prefix("aliases.") {
                Some(name) if !name.is_empty() => {
                    self.aliases
                        .insert(name.to_string(), crate::input::text(key, v)?);
                }
                _ => return Err(unknown_key(key)),
            },
        }
        Ok(())
    }

    /// Removes a key for `clinic config unset`.
    pub fn unset(&mut self, key: &str) -> Result<()> {
        match key {
            "base_url" => self.base_url = None,
            "io_url" => self.io_url = None,
            "automation_url" => self.automation_url = None,
            "crm_url" => self.crm_url = None,
            "webhook_id" => self.webhook_id = None,
            "clinica" => self.clinica = None,
            "auth_scheme" => self.auth_scheme = None,
            "format" => self.format = None,
            "per_page" => self.per_page = None,
            "page_base" => self.page_base = None,
            "max_per_page" => self.max_per_page = None,
            "paging" => self.paging = None,
            "filter_zone" => {
                self.filter_zone = None;
                self.filter_zone_evidence = None;
            }
            "concurrency" => self.concurrency = None,
            "timezone" => self.timezone = None,
            "timeout" => self.timeout = None,
            "sync.full_every" => self.sync.full_every = None,
            "sync.target" => self.sync.target = None,
            "crm.api" => self.crm.api = None,
            "mcp.share_personal" => self.mcp.share_personal = None,
            "mcp.allow_writes" => self.mcp.allow_writes = None,
            "mcp.writes" => self.mcp.writes = None,
            "mcp.max_records_file" => self.mcp.max_records_file = None,
            "max_wait" => self.max_wait = None,
            "max_answer_size" => self.max_answer_size = None,
            "ca_bundle" => self.ca_bundle = None,
            "proxy" => self.proxy = None,
            "language" => self.language = None,
            "units" => self.units.clear(),
            "money_fields" => self.money_fields.clear(),
            k => match k.strip_prefix("aliases.") {
                Some(name) => {
                    self.aliases.remove(name);
                }
                None => return Err(unknown_key(key)),
            },
        }
        Ok(())
    }

    /// Every set key with its value, in the order of [`KEYS`], aliases last.
    pub fn entries(&self) -> Vec<(String, String)> {
        let mut out = Vec::new();
        for key in KEYS.iter().filter(|k| !k.starts_with("aliases.")) {
            if let Ok(Some(v)) = self.get(key) {
                out.push((key.to_string(), v));
            }
        }
        for key in ["login", "user_kind", "token_store"] {
            if let Ok(Some(v)) = self.get(key) {
                out.push((key.to_string(), v));
            }
        }
        for (k, v) in &self.aliases {
            out.push((format!("aliases.{k}"), v.clone()));
        }
        out
    }
}

/// The unit names of a `units` value: separated by `;`, or — in a value without any `;` — by `,`.
pub fn split_units(value: &str) -> Vec<String> {
    let separator = if value.contains(';') { ';' } else { ',' };
    value
        .split(separator)
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .map(str::to_string)
        .collect()
}

/// A duration as written in a flag or a setting: `30s`, `2m`, `1h 30m`, `500ms`, or a bare number of
/// seconds. Zero only where it means "never" (`max_wait`).
pub fn duration(key: &str, v: &str, zero_ok: bool) -> Result<std::time::Duration> {
    let v = v.trim();
    let parsed = match v.parse::<u64>() {
        Ok(secs) => Some(std::time::Duration::from_secs(secs)),
        Err(_) => humantime::parse_duration(v).ok(),
    };
    parsed.filter(|d| zero_ok || !d.is_zero()).ok_or_else(|| {
        let expected = if zero_ok {
            crate::t!("config-expect-duration-or-zero")
        } else {
            crate::t!("config-expect-duration")
        };
        Error::invalid(key, v, &expected)
    })
}

/// A size as written in a flag or a setting: `256MiB`, `10MB`, `64k`, or a number of bytes.
pub fn size(key: &str, v: &str) -> Result<u64> {
    v.trim()
        .parse::<bytesize::ByteSize>()
        .ok()
        .map(|b| b.as_u64())
        .filter(|n| *n > 0)
        .ok_or_else(|| Error::invalid(key, v, &crate::t!("config-expect-size")))
}

fn bounded(key: &str, v: &str, lo: u32, hi: u32) -> Result<u32> {
    match v.parse::<u32>() {
        Ok(n) if (lo..=hi).contains(&n) => Ok(n),
        _ => Err(Error::invalid(
            key,
            v,
            &crate::t!("config-expect-bounded", low = lo, high = hi),
        )),
    }
}

fn unknown_key(key: &str) -> Error {
    let known: Vec<&str> = KEYS.to_vec();
    Error::invalid(
        &crate::t!("config-field-key"),
        key,
        &crate::t!("config-expect-key", keys = known.join(", ")),
    )
}

fn enum_name<T: Serialize>(v: &T) -> String {
    serde_json::to_value(v)
        .ok()
        .and_then(|j| j.as_str().map(str::to_string))
        .unwrap_or_default()
}

/// A proxy setting: `none`, or an `http://` or `https://` address with a host.
pub fn proxy(key: &str, value: &str) -> Result<Proxy> {
    let value = value.trim();
    if value.eq_ignore_ascii_case("none") {
        return Ok(Proxy::None);
    }
    match url::Url::parse(value) {
        Ok(url) if matches!(url.scheme(), "http" | "https") && url.host().is_some() => {
            Ok(Proxy::Url(value.to_string()))
        }
        _ => Err(Error::invalid(
            key,
            crate::redact::url(value),
            &crate::t!("config-expected-proxy"),
        )),
    }
}

/// Which proxy requests go through.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub enum Proxy {
    /// The system's (Windows' Internet Options, macOS's network settings) and the environment's
    /// (`HTTPS_PROXY`, `HTTP_PROXY`, `ALL_PROXY`, `NO_PROXY`).
    #[default]
    System,
    /// None, whatever the system and the environment say.
    None,
    /// This address, for every host but those `NO_PROXY` names.
    Url(String),
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_key_has_its_meaning_in_the_catalogue() {
        for key in KEYS {
            let said = meaning(key).unwrap_or_else(|| panic!("{key} has no meaning"));
            assert!(!said.is_empty() && said != *key, "{key}: {said}");
        }
    }

    #[test]
    fn http_only_on_loopback() {
        assert!(check_url("base_url", "http://127.0.0.1:8787/rest/v1").is_ok());
        assert!(check_url("base_url", "http://localhost/rest/v1").is_ok());
        assert!(check_url("base_url", "http://[::1]:80/rest/v1").is_ok());
        assert!(check_url("base_url", "https://api.example.com/rest/v1").is_ok());
        let e = check_url("base_url", "http://api.example.com/rest/v1").unwrap_err();
        assert!(e.to_string().contains("unencrypted"), "{e}");
    }

    #[test]
    fn masks_webhook_secret() {
        assert_eq!(
            mask_url("https://x.bitrix24.com.br/rest/17/s3cr3tk3y/crm.contact.list"),
            "https://x.bitrix24.com.br/rest/17/****/crm.contact.list"
        );
        assert_eq!(mask_url("https://u:p@h.com/a"), "https://h.com/a");
        assert_eq!(
            mask_crm_url("http://127.0.0.1:1/hooks/SECRETXYZ123/crm.contact.get?ID=1"),
            "http://127.0.0.1:1/****/****/crm.contact.get?ID=1"
        );
        assert_eq!(
            mask_crm_url("https://x.bitrix24.com.br/rest/17/s3cr3tk3y/"),
            "https://x.bitrix24.com.br/rest/17/****/"
        );
    }

    #[test]
    fn set_get_unset_roundtrip() {
        let mut p = Profile::default();
        p.set("per_page", "100").unwrap();
        p.set("auth_scheme", "raw").unwrap();
        p.set("aliases.email", "UF_CRM_1676052930").unwrap();
        p.set("units", "SP Campinas, DF Brasília ,").unwrap();
        assert_eq!(p.units, ["SP Campinas", "DF Brasília"]);
        p.set("units", "A, B; C").unwrap();
        assert_eq!(p.units, ["A, B", "C"]);
        assert_eq!(p.get("per_page").unwrap().as_deref(), Some("100"));
        assert_eq!(p.get("auth_scheme").unwrap().as_deref(), Some("raw"));
        assert_eq!(
            p.get("aliases.email").unwrap().as_deref(),
            Some("UF_CRM_1676052930")
        );
        assert!(p.set("per_page", "0").is_err());
        assert!(p.set("nope", "1").is_err());
        p.unset("per_page").unwrap();
        assert_eq!(p.get("per_page").unwrap(), None);
    }

    #[test]
    fn network_keys_are_checked_when_set() {
        let mut p = Profile::default();
        p.set("timeout", "30s").unwrap();
        p.set("max_wait", "0").unwrap();
        p.set("max_answer_size", "10MB").unwrap();
        assert_eq!(p.get("timeout").unwrap().as_deref(), Some("30s"));
        assert!(p.set("timeout", "0").is_err());
        assert!(p.set("timeout", "soon").is_err());
        assert!(p.set("max_answer_size", "0").is_err());
        assert!(p.set("ca_bundle", "/no/such/file.pem").is_err());
        assert_eq!(
            duration("timeout", "1h 30m", false).unwrap(),
            std::time::Duration::from_secs(5400)
        );
        assert_eq!(duration("timeout", "45", false).unwrap().as_secs(), 45);
        assert_eq!(size("max_answer_size", "1MiB").unwrap(), 1 << 20);
        p.unset("timeout").unwrap();
        assert_eq!(p.get("timeout").unwrap(), None);
    }
}
