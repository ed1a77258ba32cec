//! What every command needs, resolved once: the profile (file + environment + flags), the shared HTTP
//! client, the credential stores, the output settings and, with `--sandbox`, the in-process sandbox.

use std::path::PathBuf;
use std::sync::Arc;

use tokio::sync::OnceCell;

use crate::api::conventions::Conventions;
use crate::api::{ApiClient, ClientHooks};
use crate::config::{self, AuthScheme, ConfigFile, Paging, Profile, StoreKind, update_profile};
use crate::credentials::Credentials;
use crate::error::{Error, Result};
use crate::global_flags::Settings;
use crate::http::{CaBundle, Http, Settings as HttpSettings};
use crate::output::{Format, OutputSpec};
use crate::pages::Walk;
use crate::secret::Secret;
use crate::term::IoStreams;
use crate::ui::Reporter;
use crate::watch::Watch;

/// Default page size of walks (`--all`) and of single pages.
pub const DEFAULT_PER_PAGE: u64 = 50;
pub const DEFAULT_CONCURRENCY: usize = 4;

pub struct Context {
    /// The global flags.
    pub global: Settings,
    pub profile_name: String,
    pub config_dir: PathBuf,
    /// The profile as stored, with environment overrides (and the sandbox's hosts) applied.
    pub profile: Profile,
    pub reporter: Arc<Reporter>,
    /// The run's stdin, stdout and stderr, and which of them is a terminal.
    pub io: Arc<IoStreams>,
    pub http: Arc<Http>,
    pub credentials: Credentials,
    sandbox: Option<clinic_sandbox::Sandbox>,
    /// The run talks to a sandbox: its own (`sandbox`) or one already serving (`sandbox_at`).
    sandboxed: bool,
    api: OnceCell<Arc<ApiClient>>,
    /// The note that `--per-page` was lowered to the deployment's maximum was given.
    per_page_lowered: std::sync::atomic::AtomicBool,
    /// What a report's run reads off its records as they pass into the output (see `watch`).
    records_watch: std::sync::Mutex<Option<Arc<Watch>>>,
    /// The order a list takes when `--sort` gives none (appointments: by date and time).
    default_sort: std::sync::Mutex<Option<Vec<crate::sort::SortKey>>>,
    /// `--columns` as a command read them (a CRM field's label as its field ID), shown instead.
    named_columns: std::sync::Mutex<Option<Vec<String>>>,
    /// How long a credential store may take to answer (see [`store_time_limit`]).
    store_limit: std::time::Duration,
}

/// Starts a sandbox of `opts` for a `--sandbox` run, its failure in the run's words.
pub async fn start_sandbox(opts: clinic_sandbox::Options) -> Result<clinic_sandbox::Sandbox> {
    clinic_sandbox::Sandbox::start(opts)
        .await
        .map_err(|e| match e {
            clinic_sandbox::Error::InvalidOption(..) => {
                Error::Usage(crate::t!("context-sandbox-scale", reason = e.to_string()))
            }
            other => Error::Other(crate::t!(
                "context-sandbox-failed",
                reason = other.to_string()
            )),
        })
}

impl Context {
    pub async fn new(global: Settings, io: Arc<IoStreams>) -> Result<Context> {
        let reporter = Reporter::showing_personal(
            io.clone(),
            global.traces(),
            global.quiet,
            global.personal(),
        );
        if global.personal() {
            reporter.warn(&crate::t!("ui-personal-shown"));
        }
        let config_dir = match &global.config_dir {
            Some(dir) => dir.clone(),
            None => config::config_dir(&global.env)?,
        };
        let profile_name = global.profile_name();
        let stored = ConfigFile::load(&config_dir)?
            .profiles
            .get(&profile_name)
            .cloned()
            .unwrap_or_default();
        let mut profile = config::apply_env(stored, &global.env)?;
        // A password file that would be refused the night the token expires is refused on every
        // run that names it, whether or not tonight's run needs it: a nightly job learns of a
        // readable-by-all file at once, not weeks later when the token runs out.
        config::password_file::from_env(&global.env)?;
        let http = Arc::new(Http::new(
            reporter.clone(),
            http_settings(&global, &profile, &reporter),
        )?);
        let (sandbox, urls) = match (&global.sandbox_at, global.sandbox) {
            (Some(urls), true) => (None, Some(urls.clone())),
            (_, true) => {
                let opts = clinic_sandbox::Options {
                    scale: global
                        .sandbox_scale
                        .unwrap_or(clinic_sandbox::Options::default().scale),
                    ..clinic_sandbox::Options::ephemeral()
                };
                let sb = start_sandbox(opts).await?;
                let urls = sb.urls().clone();
                (Some(sb), Some(urls))
            }
            _ => (None, None),
        };
        if let Some(urls) = &urls {
            profile.base_url = Some(urls.base_url.clone());
            profile.io_url = Some(urls.io_url.clone());
            profile.automation_url = Some(urls.automation_url.clone());
            profile.crm_url = Some(urls.crm_url.clone());
            profile.webhook_id = Some(clinic_sandbox::WEBHOOK_ID.to_string());
            profile.login = Some(clinic_sandbox::CLINIC_LOGIN.to_string());
            profile.auth_scheme = None;
            if profile.units.is_empty() {
                profile.units = clinic_sandbox::crm::UNITS
                    .iter()
                    .map(|u| u.to_string())
                    .collect();
            }
            reporter.note(&crate::t!(
                "context-sandbox-note",
                url = urls.base_url.as_str(),
                login = clinic_sandbox::CLINIC_LOGIN
            ));
        }
        register_secret_addresses(&reporter, &profile);
        let ctx = Context {
            credentials: Credentials::new(&config_dir),
            global,
            profile_name,
            config_dir,
            profile,
            reporter,
            store_limit: store_time_limit(&io),
            io,
            http,
            sandboxed: urls.is_some(),
            sandbox,
            api: OnceCell::new(),
            per_page_lowered: Default::default(),
            records_watch: Default::default(),
            default_sort: Default::default(),
            named_columns: Default::default(),
        };
        // Output settings a run could only find wrong after fetching everything.
        crate::output::Output::check(&ctx.output_spec())?;
        if ctx.global.resume {
            crate::output::Output::check_resumable(&ctx.output_spec())?;
        }
        Ok(ctx)
    }

    pub fn in_sandbox(&self) -> bool {
        self.sandboxed
    }

    pub async fn shutdown(self) {
        if let Some(sb) = self.sandbox {
            sb.shutdown().await;
        }
    }

    /// `base_url`, checked.
    pub fn base_url(&self) -> Result<url::Url> {
        let raw = self.profile.base_url.as_deref().ok_or_else(|| {
            Error::Usage(crate::t!(
                "context-no-base-url",
                profile = self.profile_name.as_str()
            ))
        })?;
        config::check_url("base_url", raw)
    }

    /// A configured host other than base_url, checked, or a usage error naming the key to set.
    pub fn host(&self, key: &str, value: Option<&String>, env: &str) -> Result<url::Url> {
        let raw = value.ok_or_else(|| {
            Error::Usage(crate::t!(
                "context-no-host",
                key = key,
                profile = self.profile_name.as_str(),
                env = env
            ))
        })?;
        config::check_url(key, raw)
    }

    /// The CRM client of the profile's `crm_url` (its secret segment is masked wherever it shows).
    pub fn crm(&self) -> Result<Arc<crate::crm::Crm>> {
        let base = self.host("crm_url", self.profile.crm_url.as_ref(), "CLINIC_CRM_URL")?;
        let max_operating_wait = self
            .global
            .max_operating_wait
            .unwrap_or(crate::crm::limits::DEFAULT_MAX_OPERATING_WAIT);
        let family = self
            .profile
            .crm
            .api
            .as_deref()
            .and_then(crate::crm::family::Family::parse)
            .or_else(|| self.remembered_crm_family(&base));
        let crm = crate::crm::Crm::new(self.http.clone(), base.clone(), max_operating_wait)
            .with_family(family);
        // A family found is a fact about this portal, kept like the API's conventions: not for the
        // sandbox's own run (a new one each time), nor in a run that may change nothing on disk.
        if self.in_sandbox() || self.global.read_only {
            return Ok(Arc::new(crm));
        }
        let (dir, name) = (self.config_dir.clone(), self.profile_name.clone());
        let from = config::mask_crm_url(base.as_str());
        Ok(Arc::new(crm.with_memory(Box::new(
            move |family, method| {
                // Not saved is not lost: the next run finds it again.
                let _ = update_profile(&dir, &name, |p| {
                    p.crm.family = Some(family.word().to_string());
                    p.crm.family_evidence = Some(method.to_string());
                    p.crm.family_from = Some(from.clone());
                    Ok(())
                });
            },
        ))))
    }

    /// The CRM method family a run found at `base` before, if the profile keeps one for it.
    pub fn remembered_crm_family(&self, base: &url::Url) -> Option<crate::crm::family::Family> {
        let crm = &self.profile.crm;
        (crm.family_from.as_deref() == Some(config::mask_crm_url(base.as_str()).as_str()))
            .then(|| {
                crm.family
                    .as_deref()
                    .and_then(crate::crm::family::Family::parse)
            })
            .flatten()
    }

    /// The client of `base_url`, logged in: sandbox session, `CLINIC_TOKEN`, or the stored token.
    pub async fn api(&self) -> Result<Arc<ApiClient>> {
        self.api
            .get_or_try_init(|| async {
                let base = self.base_url()?;
                let (token, scheme) = self.token(&base).await?;
                let hooks: Arc<dyn ClientHooks> = Arc::new(Relogin {
                    ctx: self.snapshot(),
                });
                Ok(Arc::new(ApiClient::new(
                    self.http.clone(),
                    base,
                    token,
                    // A scheme set in the profile wins; else the one the token came with, if any.
                    self.profile.auth_scheme.or(scheme),
                    self.conventions(),
                    Some(hooks),
                )))
            })
            .await
            .cloned()
    }

    /// The client of `base_url` when this run has already made it.
    pub fn api_if_ready(&self) -> Option<Arc<ApiClient>> {
        self.api.get().cloned()
    }

    /// What the profile knows of its deployment's conventions: learned ones only for the deployment
    /// they were learned from, those set by hand always.
    fn conventions(&self) -> Conventions {
        let p = &self.profile;
        let ours = p.learned_from.is_none() || p.learned_from == p.base_url;
        if !ours {
            return Conventions::default();
        }
        Conventions::new(p.page_base, p.max_per_page.map(u64::from), p.paging)
            .with_filter_zone(p.filter_zone)
    }

    /// The day a modified-since filter asks from for `point` (a wall time of the profile's zone): the
    /// point's day as the deployment reads the filter when that is known, else the earlier of its
    /// day in the profile's zone and in UTC, which misses nothing whichever the deployment reads.
    pub fn filter_day(&self, point: chrono::NaiveDateTime) -> Result<chrono::NaiveDate> {
        let zone = self.profile.zone()?;
        Ok(match self.filter_zone() {
            Some(crate::config::FilterZone::Local) => point.date(),
            Some(crate::config::FilterZone::Utc) => crate::output::utc_day(point, &zone)
                .unwrap_or_else(|| crate::output::filter_day(point, &zone)),
            None => crate::output::filter_day(point, &zone),
        })
    }

    /// Which day the deployment's modified-since filter reads, when a run learned it (from this
    /// deployment): `None` sends the earlier of the profile zone's day and UTC's.
    pub fn filter_zone(&self) -> Option<crate::config::FilterZone> {
        let p = &self.profile;
        let ours = p.learned_from.is_none() || p.learned_from == p.base_url;
        if !ours {
            return None;
        }
        match self.api.get() {
            Some(client) => client.conventions().filter_zone(),
            None => p.filter_zone,
        }
    }

    /// The token this run uses — the sandbox's session, `CLINIC_TOKEN`, or the profile's stored token —
    /// and the scheme it came with (`"Bearer 3f…"`), split off the value.
    pub async fn token(&self, base: &url::Url) -> Result<(Secret, Option<AuthScheme>)> {
        if self.in_sandbox() {
            let password = Secret::new(clinic_sandbox::CLINIC_PASSWORD);
            let answer =
                crate::api::auth::login(&self.http, base, clinic_sandbox::CLINIC_LOGIN, &password)
                    .await?;
            return Ok((answer.token, answer.scheme));
        }
        self.kept_token(base).await.map(|token| {
            let (scheme, value) = AuthScheme::split(token.expose());
            match scheme {
                Some(_) => {
                    let value = Secret::new(value);
                    self.reporter.add_secret(&value);
                    (value, scheme)
                }
                None => (token, None),
            }
        })
    }

    /// `CLINIC_TOKEN`, or the profile's stored token, as kept.
    async fn kept_token(&self, base: &url::Url) -> Result<Secret> {
        if let Some(t) = self.env().non_blank("CLINIC_TOKEN") {
            let token = Secret::new(t.trim());
            self.reporter.add_secret(&token);
            return Ok(token);
        }
        let (Some(login), Some(kind)) = (self.profile.login.clone(), self.profile.token_store)
        else {
            let none = Error::NotLoggedIn(crate::t!(
                "context-no-token",
                profile = self.profile_name.as_str()
            ));
            return self.token_without_store(base, none).await;
        };
        let account = self
            .credentials
            .token_account(&self.profile_name, &login, base);
        let creds = self.credentials.clone();
        let token = match self
            .store_call(kind, move || creds.load(kind, &account))
            .await
        {
            Ok(loaded) => loaded?,
            // A store that does not answer: the login and password of the environment, if given,
            // get a token without it.
            Err(silent) => return self.token_without_store(base, silent).await,
        };
        match token {
            Some(t) => {
                self.reporter.add_secret(&t);
                Ok(t)
            }
            None => {
                let none = Error::NotLoggedIn(crate::t!(
                    "context-store-has-no-token",
                    store = kind.to_string(),
                    login = login
                ));
                self.token_without_store(base, none).await
            }
        }
    }

    /// A token from the environment's login and password (`CLINIC_LOGIN`, and `CLINIC_PASSWORD` or
    /// `CLINIC_PASSWORD_FILE`) when the store gave none: it did not answer, has no token, or none was
    /// ever kept. `why` is the error when they are not set.
    async fn token_without_store(&self, base: &url::Url, why: Error) -> Result<Secret> {
        let login = self.env().var("CLINIC_LOGIN").filter(|v| !v.is_empty());
        let (Some(login), Some(password)) = (login, config::password_file::from_env(self.env())?)
        else {
            return Err(why);
        };
        self.reporter.note(&crate::t!(
            "context-store-silent-logging-in",
            reason = why.to_string()
        ));
        let answer = crate::api::auth::login(&self.http, base, &login, &password).await?;
        self.reporter.add_secret(&answer.token);
        Ok(answer.token)
    }

    fn snapshot(&self) -> Snapshot {
        Snapshot {
            profile_name: self.profile_name.clone(),
            config_dir: self.config_dir.clone(),
            profile: self.profile.clone(),
            credentials: self.credentials.clone(),
            http: self.http.clone(),
            sandbox: self.in_sandbox(),
            read_only: self.global.read_only,
            store_limit: self.store_limit,
            env: self.env().clone(),
        }
    }

    /// The variables this run reads (see `environment`).
    pub fn env(&self) -> &crate::environment::Environment {
        &self.global.env
    }

    /// Runs a call of the credential store `store` on a blocking thread, within the time a store
    /// may take ([`store_time_limit`]): see [`store_call`].
    pub async fn store_call<T: Send + 'static>(
        &self,
        store: StoreKind,
        f: impl FnOnce() -> T + Send + 'static,
    ) -> Result<T> {
        store_call(self.store_limit, store, f).await
    }

    /// The user kind the profile's login answered (`admin_master`, `clinica`), when the token in use is
    /// that login's: not with `CLINIC_TOKEN` (anyone's token) nor in the sandbox (its clinic user).
    pub fn user_kind(&self) -> Option<&str> {
        if self.in_sandbox() || self.env().non_blank("CLINIC_TOKEN").is_some() {
            return None;
        }
        self.profile.user_kind.as_deref()
    }

    /// Refuses, before anything is sent, a per-clinic list without a clinic for an admin_master: the
    /// service would refuse it, since it cannot tell which of their clinics is meant.
    pub fn require_list_clinic(&self, clinic: Option<u64>) -> Result<()> {
        if clinic.is_none() && self.user_kind() == Some(config::ADMIN_MASTER) {
            return Err(Error::Usage(crate::t!(
                "context-admin-needs-clinic",
                profile = self.profile_name.as_str()
            )));
        }
        Ok(())
    }

    /// Changes the stored profile (not the environment-overridden view) and saves it. Never in sandbox mode,
    /// which must leave the user's configuration alone.
    pub fn update_profile(&self, change: impl FnOnce(&mut Profile) -> Result<()>) -> Result<()> {
        if self.in_sandbox() {
            return Ok(());
        }
        update_profile(&self.config_dir, &self.profile_name, change)
    }

    /// Sets (or with `None` ends) the watch over the records of the lists walked from now on.
    pub fn watch_records(&self, watch: Option<Arc<Watch>>) {
        *self.records_watch.lock().unwrap_or_else(|e| e.into_inner()) = watch;
    }

    /// The watch over the records walked now, if a report set one.
    pub fn records_watch(&self) -> Option<Arc<Watch>> {
        self.records_watch
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .clone()
    }

    /// Sets the order the lists walked from now on take when `--sort` gives none.
    pub fn sort_by_default(&self, keys: Vec<crate::sort::SortKey>) {
        *self.default_sort.lock().unwrap_or_else(|e| e.into_inner()) = Some(keys);
    }

    /// The order of the lists walked now: `--sort`, else a command's default, else the service's.
    pub fn sort_keys(&self) -> Option<Vec<crate::sort::SortKey>> {
        self.global.sort_keys().or_else(|| {
            self.default_sort
                .lock()
                .unwrap_or_else(|e| e.into_inner())
                .clone()
        })
    }

    /// Output settings: flags, then the profile, then `table` on a terminal and `json` otherwise.
    /// `--excel` means CSV unless TSV was asked for.
    pub fn output_spec(&self) -> OutputSpec {
        let stdout_tty = self.io.terminals().stdout;
        let excel_format = self.global.excel.then_some(Format::Csv);
        // `--format`, else what `-o`'s file name asks for, else `--excel`'s CSV, else the profile's.
        let named = self.global.output.as_deref().and_then(Format::of_file);
        // `--jq` with no format asked for prints each result on a line, strings raw, as `gh --jq`.
        let jq_lines = self.global.jq.is_some()
            && self.global.format.is_none()
            && named.is_none()
            && !self.global.excel;
        let format = self
            .global
            .format
            .or(named)
            .or(excel_format)
            .or(jq_lines.then_some(Format::Ndjson))
            .or(self.profile.format)
            // A dataset's folder has no extension to tell: its files are Parquet unless asked.
            .or(self.global.partition_by.as_ref().map(|_| Format::Parquet))
            .unwrap_or(if stdout_tty && self.global.output.is_none() {
                Format::Table
            } else {
                Format::Json
            });
        OutputSpec {
            format,
            // `--columns all`: every column, also where a table on a terminal would show fewer.
            columns: self
                .named_columns
                .lock()
                .unwrap_or_else(|e| e.into_inner())
                .clone()
                .or_else(|| self.global.columns.clone())
                .filter(|c| !is_all_columns(c)),
            excel: self.global.excel,
            path: self.global.output.clone(),
            width: if stdout_tty && self.global.output.is_none() {
                table_width(self.io.width())
            } else {
                None
            },
            terminal: stdout_tty,
            money_columns: self.profile.money_fields.clone(),
            column_types: self.global.column_types(),
            partition: self.global.partition_by.clone(),
            command: self.global.command.clone(),
            // `--jq` results that are bare values go into CSV and TSV one per line, headerless.
            raw_strings: jq_lines
                || self.global.raw_output
                || (self.global.jq.is_some() && matches!(format, Format::Csv | Format::Tsv)),
            empty_columns: self
                .records_watch()
                .map(|w| w.empty_columns().to_vec())
                .unwrap_or_default(),
        }
    }

    /// Whether the output is a table on a terminal: the one output that shows a page at a time.
    pub fn terminal_table(&self) -> bool {
        let spec = self.output_spec();
        spec.format == Format::Table && spec.path.is_none() && spec.terminal
    }

    /// The columns to show instead of `--columns` as typed: the names a command read them as.
    pub fn name_columns(&self, columns: Vec<String>) {
        *self.named_columns.lock().unwrap_or_else(|e| e.into_inner()) = Some(columns);
    }

    /// Paging settings from the flags and the profile.
    pub fn walk(&self) -> Walk {
        let asked = self
            .global
            .per_page
            .or(self.profile.per_page.map(u64::from))
            .unwrap_or(DEFAULT_PER_PAGE);
        Walk {
            first: self.global.page.unwrap_or(1),
            per_page: self.within_page_limit(asked),
            // Every page unless one is asked for (`--page N`) or the output is a table on a terminal,
            // which shows the first page with a hint; `--limit N` asks for N records, however many
            // pages that takes.
            all: self.global.all
                || self.global.limit.is_some()
                || (self.global.page.is_none() && !self.terminal_table()),
            limit: self.global.limit,
            concurrency: concurrency(&self.global, &self.profile),
            max_pages: self.global.max_pages,
        }
    }

    /// The largest page the deployment is known to serve: learned in this run, else the profile's.
    pub fn max_per_page(&self) -> Option<u64> {
        self.api
            .get()
            .and_then(|c| c.conventions().max_per_page())
            .or(self.profile.max_per_page.map(u64::from))
    }

    /// `asked`, lowered to the deployment's known maximum; a `--per-page` above it is said once.
    fn within_page_limit(&self, asked: u64) -> u64 {
        let Some(max) = self.max_per_page().filter(|max| asked > *max) else {
            return asked;
        };
        if self.global.per_page.is_some()
            && !self
                .per_page_lowered
                .swap(true, std::sync::atomic::Ordering::Relaxed)
        {
            self.reporter.note(&crate::t!(
                "context-per-page-lowered",
                asked = asked,
                max = max
            ));
        }
        max
    }
}

/// `--columns all`.
pub fn is_all_columns(columns: &[String]) -> bool {
    matches!(columns, [only] if only.eq_ignore_ascii_case("all"))
}

/// The HTTP client's settings: each flag (or its environment variable), else the profile's key, else
/// the default.
fn http_settings(global: &Settings, profile: &Profile, reporter: &Reporter) -> HttpSettings {
    let defaults = HttpSettings::default();
    let ca_bundle = match (&global.cacert, &profile.ca_bundle) {
        (Some(path), _) => Some(CaBundle {
            path: path.clone(),
            setting: "--cacert".into(),
        }),
        (None, Some(path)) => Some(CaBundle {
            path: path.into(),
            setting: "ca_bundle".into(),
        }),
        (None, None) => None,
    };
    HttpSettings {
        concurrency: concurrency(global, profile),
        timeout: global
            .timeout
            .or_else(|| {
                stored(reporter, "timeout", &profile.timeout, |k, v| {
                    config::duration(k, v, false)
                })
            })
            .unwrap_or(defaults.timeout),
        max_wait: global
            .max_wait
            .or_else(|| {
                stored(reporter, "max_wait", &profile.max_wait, |k, v| {
                    config::duration(k, v, true)
                })
            })
            .unwrap_or(defaults.max_wait),
        max_answer_size: global
            .max_answer_size
            .or_else(|| {
                stored(
                    reporter,
                    "max_answer_size",
                    &profile.max_answer_size,
                    config::size,
                )
            })
            .unwrap_or(defaults.max_answer_size),
        ca_bundle,
        // A bad stored value was refused by `config set`; one edited in by hand is reported there.
        proxy: profile
            .proxy
            .as_deref()
            .and_then(|v| {
                config::proxy("proxy", v)
                    .map_err(|e| reporter.warn(&e.to_string()))
                    .ok()
            })
            .unwrap_or_default(),
    }
}

/// A profile value read with its key's parser. One that does not parse (the file was edited by hand) is
/// ignored with a warning, so that `clinic config set|unset` can still repair it.
fn stored<T>(
    reporter: &Reporter,
    key: &str,
    value: &Option<String>,
    parse: impl Fn(&str, &str) -> Result<T>,
) -> Option<T> {
    match parse(key, value.as_deref()?) {
        Ok(v) => Some(v),
        Err(e) => {
            reporter.warn(&crate::t!(
                "context-ignoring-setting",
                key = key,
                reason = e.to_string()
            ));
            None
        }
    }
}

/// The profile's secret addresses — `crm_url`, the automation webhook with its ID, and a proxy with a
/// password — are masked
/// whole wherever a server echoes them, whatever the command.
/// Their secret parts alone (the CRM secret segment, the webhook ID) are scrubbed too when they are long
/// enough not to be mistaken for words.
fn register_secret_addresses(reporter: &Reporter, profile: &Profile) {
    // The proxy's password too, whole address and password alone, should a message quote it.
    if let Some(proxy) = profile.proxy.as_deref()
        && let Ok(url) = url::Url::parse(proxy.trim())
        && let Some(password) = url.password()
    {
        reporter.add_secret_url(proxy.trim(), &crate::redact::url_password(proxy.trim()));
        reporter.add_secret(&Secret::new(password));
    }
    if let Some(crm) = profile.crm_url.as_deref() {
        let shown = config::mask_crm_url(crm);
        reporter.add_secret_url(crm, &shown);
        if let Ok(url) = url::Url::parse(crm.trim()) {
            for part in crate::redact::masked_segments(&url, &shown) {
                reporter.add_secret(&Secret::new(part));
            }
        }
    }
    if let (Some(automation), Some(id)) = (&profile.automation_url, &profile.webhook_id)
        && let Ok(base) = url::Url::parse(automation.trim())
        && let Ok((url, shown)) = crate::crm::webhook::endpoint(&base, id)
    {
        reporter.add_secret_url(url.as_str(), &shown);
        reporter.add_secret(&Secret::new(id.as_str()));
    }
}

/// Requests in flight: the flag, else the profile, else the default.
fn concurrency(global: &Settings, profile: &Profile) -> usize {
    global
        .concurrency
        .or(profile.concurrency.map(|c| c as usize))
        .unwrap_or(DEFAULT_CONCURRENCY)
}

/// The width a table on the terminal takes, from the terminal's measured one.
fn table_width(measured: Option<u16>) -> Option<u16> {
    measured
        // A pseudo-terminal may report no size at all; a narrow guess would squeeze every column.
        .filter(|w| *w >= 20)
        .or(Some(100))
}

/// Runs blocking work (credential stores) off the async threads.
pub async fn blocking<T: Send + 'static>(f: impl FnOnce() -> T + Send + 'static) -> Result<T> {
    tokio::task::spawn_blocking(f)
        .await
        .map_err(|e| Error::Other(crate::t!("context-task-failed", reason = e.to_string())))
}

/// How long a credential store may take to answer: at a terminal a minute, since an unlock prompt
/// may be waiting for the person; otherwise (cron, Task Scheduler) 5 seconds, so that a locked or
/// prompting store never hangs an unattended run.
fn store_time_limit(io: &IoStreams) -> std::time::Duration {
    let unattended = UNATTENDED.load(std::sync::atomic::Ordering::Relaxed);
    if !unattended && io.can_prompt() {
        std::time::Duration::from_secs(60)
    } else {
        std::time::Duration::from_secs(5)
    }
}

/// Set by `clinic doctor --unattended`: the run behaves as cron would run it, with the short store
/// limit even at a terminal.
static UNATTENDED: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);

/// Makes this run behave as an unattended one (see [`store_time_limit`]): before its context is
/// built, which fixes the limit.
pub fn run_unattended() {
    UNATTENDED.store(true, std::sync::atomic::Ordering::Relaxed);
}

/// Runs a call of the credential store `store` on a blocking thread, within `limit`; a store that
/// does not answer in time is an authentication failure (exit 3) that names the variables that do
/// without it. The thread left waiting on the store is abandoned (the run does not wait for it at
/// exit).
async fn store_call<T: Send + 'static>(
    limit: std::time::Duration,
    store: StoreKind,
    f: impl FnOnce() -> T + Send + 'static,
) -> Result<T> {
    let f = move || {
        // Tests stand a store that never answers in with this (debug builds only).
        if cfg!(debug_assertions)
            && let Some(ms) = std::env::var("CLINIC_STORE_STALL_FOR_TESTS_MS")
                .ok()
                .and_then(|v| v.parse::<u64>().ok())
        {
            std::thread::sleep(std::time::Duration::from_millis(ms));
        }
        f()
    };
    match tokio::time::timeout(limit, blocking(f)).await {
        Ok(done) => done,
        Err(_) => Err(Error::NotLoggedIn(crate::t!(
            "context-store-silent",
            store = store.to_string(),
            seconds = limit.as_secs()
        ))),
    }
}

/// What re-login needs, detached from the borrowing context.
struct Snapshot {
    profile_name: String,
    config_dir: PathBuf,
    profile: Profile,
    credentials: Credentials,
    http: Arc<Http>,
    sandbox: bool,
    /// Nothing is written on disk (see `Settings::read_only`).
    read_only: bool,
    store_limit: std::time::Duration,
    env: crate::environment::Environment,
}

struct Relogin {
    ctx: Snapshot,
}

impl ClientHooks for Relogin {
    fn relogin(&self) -> futures::future::BoxFuture<'_, Result<Option<Secret>>> {
        Box::pin(async move {
            let c = &self.ctx;
            let base = match c.profile.base_url.as_deref() {
                Some(b) => config::check_url("base_url", b)?,
                None => return Ok(None),
            };
            let Some((login, password)) = saved_credentials(c, &base).await? else {
                return Ok(None);
            };
            let answer = crate::api::auth::login(&c.http, &base, &login, &password).await?;
            if !c.sandbox
                && c.env.var_os("CLINIC_TOKEN").is_none()
                && let Some(kind) = c.profile.token_store
                // A run that may change nothing on disk keeps the renewed token in memory, wherever
                // the profile keeps its token: a file, or the OS keyring, whose store is on disk too.
                && !c.read_only
            {
                let creds = c.credentials.clone();
                let account = creds.token_account(&c.profile_name, &login, &base);
                let token = answer.token.clone();
                let saved = blocking(move || creds.save(&[kind], &account, &token)).await?;
                if saved.is_err() {
                    c.http
                        .reporter()
                        .warn(&crate::t!("context-renewed-token-not-stored"));
                }
            }
            Ok(Some(answer.token))
        })
    }

    fn remember_scheme(&self, scheme: AuthScheme) {
        let c = &self.ctx;
        if c.sandbox || c.read_only || c.env.var_os("CLINIC_TOKEN").is_some() {
            return;
        }
        if update_profile(&c.config_dir, &c.profile_name, |p| {
            p.auth_scheme = Some(scheme);
            Ok(())
        })
        .is_ok()
        {
            c.http
                .reporter()
                .note(&crate::t!("context-raw-scheme-saved"));
        }
    }

    fn remember_page_base(&self, base: u64) {
        self.remember(|p| p.page_base = Some(base));
    }

    fn remember_max_per_page(&self, max: u64) {
        self.remember(|p| p.max_per_page = Some(u32::try_from(max).unwrap_or(u32::MAX)));
    }

    fn remember_paging(&self, paging: Paging) {
        self.remember(|p| p.paging = Some(paging));
    }

    fn remember_filter_zone(
        &self,
        zone: crate::config::FilterZone,
        evidence: &crate::config::FilterZoneEvidence,
    ) {
        self.remember(|p| {
            p.filter_zone = Some(zone);
            p.filter_zone_evidence = Some(evidence.clone());
        });
    }
}

impl Relogin {
    /// Writes a fact about the deployment into the profile, with the base URL it was learned from
    /// (which `CLINIC_BASE_URL` may have given): not for the sandbox (a new one each run), nor in a
    /// run that may change nothing on disk (it is learned again next time).
    fn remember(&self, change: impl FnOnce(&mut Profile)) {
        let c = &self.ctx;
        if c.sandbox || c.read_only {
            return;
        }
        let learned_from = c.profile.base_url.clone();
        // Not saved is not lost: the next run learns it again.
        let _ = update_profile(&c.config_dir, &c.profile_name, |p| {
            // Facts about another deployment are not carried over to this one.
            if p.learned_from.is_some() && p.learned_from != learned_from {
                p.page_base = None;
                p.max_per_page = None;
                p.paging = None;
                p.filter_zone = None;
                p.filter_zone_evidence = None;
            }
            change(p);
            p.learned_from = learned_from;
            Ok(())
        });
    }
}

/// Credentials for logging in again: `CLINIC_LOGIN`/`CLINIC_PASSWORD`, or a password saved at login.
async fn saved_credentials(c: &Snapshot, base: &url::Url) -> Result<Option<(String, Secret)>> {
    let env_login = c.env.var("CLINIC_LOGIN").filter(|v| !v.is_empty());
    if let Some(l) = env_login
        && let Some(p) = config::password_file::from_env(&c.env)?
    {
        return Ok(Some((l, p)));
    }
    let (Some(login), Some(kind)) = (c.profile.login.clone(), c.profile.password_store) else {
        return Ok(None);
    };
    let creds = c.credentials.clone();
    let account = creds.password_account(&c.profile_name, &login, base);
    let password = store_call(c.store_limit, kind, move || creds.load(kind, &account)).await??;
    Ok(password.map(|p| (login, p)))
}
