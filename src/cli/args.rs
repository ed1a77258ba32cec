//! Flag value parsers shared by the commands: they wrap the `input` normalisers so that clap reports a bad
//! value with the flag's name, the value given and what is expected, and exits 2 before anything is sent.

use chrono::NaiveDate;

use crate::error::Error;
use crate::input::{self, Phone};
use crate::relative_date;

use crate::global_flags::expected;

/// `a`, `a or b`, `a, b or c`, in the reader's language.
pub fn or_list(items: &[impl AsRef<str>]) -> String {
    match items {
        [] => String::new(),
        [one] => one.as_ref().to_string(),
        [rest @ .., last] => crate::t!(
            "cli-or-list",
            items = rest
                .iter()
                .map(AsRef::as_ref)
                .collect::<Vec<_>>()
                .join(", "),
            last = last.as_ref()
        ),
    }
}

/// A date as the reader writes it: DD/MM/YYYY in Portuguese, YYYY-MM-DD (the flags' own form) in English.
pub fn shown_date(d: NaiveDate) -> String {
    match crate::text::i18n::current() {
        crate::text::i18n::Lang::PtBr => d.format("%d/%m/%Y").to_string(),
        crate::text::i18n::Lang::En => input::sql_date(d),
    }
}

pub fn phone(s: &str) -> Result<Phone, String> {
    Phone::parse("phone", s).map_err(expected)
}

/// A "from" date: a calendar date, or a word (`hoje`, `semana`…) whose range starts it.
pub fn date(s: &str) -> Result<NaiveDate, String> {
    date_at(s, relative_date::Edge::Start)
}

/// A "to" date: a calendar date, or a word whose range ends it (`--to semana` is this Sunday).
pub fn date_to(s: &str) -> Result<NaiveDate, String> {
    date_at(s, relative_date::Edge::End)
}

fn date_at(s: &str, edge: relative_date::Edge) -> Result<NaiveDate, String> {
    relative_date::parse(s, edge)
}

pub fn birth_date(s: &str) -> Result<NaiveDate, String> {
    input::birth_date("birth date", s, relative_date::today()).map_err(expected)
}

pub fn email(s: &str) -> Result<String, String> {
    input::email("email", s).map_err(expected)
}

pub fn id(s: &str) -> Result<u64, String> {
    input::id("id", s).map_err(expected)
}

/// A person's name (see [`input::name`]).
pub fn name(s: &str) -> Result<String, String> {
    input::name("name", s).map_err(expected)
}

/// A contact's name as the service stores it (see [`input::contact_name`]).
pub fn contact_name(s: &str) -> Result<String, String> {
    input::contact_name("name", s).map_err(expected)
}

/// A note (see [`input::note`]).
pub fn note(s: &str) -> Result<String, String> {
    input::note("note", s).map_err(expected)
}

pub fn text(s: &str) -> Result<String, String> {
    input::text("text", s).map_err(expected)
}

pub fn key_value(s: &str) -> Result<(String, String), String> {
    input::key_value("pair", s).map_err(expected)
}

/// `0` or `1`, the service's booleans.
pub fn flag01(s: &str) -> Result<u8, String> {
    match s.trim() {
        "0" => Ok(0),
        "1" => Ok(1),
        _ => Err(crate::t!("cli-expected-0-or-1")),
    }
}

/// The `--clinic` flag of commands that work on one clinic (writes, the cache).
#[derive(clap::Args, Debug, Clone, Default)]
pub struct ClinicArg {
    #[arg(long, visible_alias = "clinica", value_name = "ID|NAME", value_parser = one_clinic, add = clap_complete::ArgValueCompleter::new(crate::cli::complete::names::clinics))]
    pub clinic: Option<crate::refs::Ref>,
}

/// One clinic: `all` and lists belong to lists and reports, which read several clinics.
pub fn one_clinic(s: &str) -> Result<crate::refs::Ref, String> {
    match crate::network::Choice::parse(s)? {
        crate::network::Choice::Some(list) if list.0.len() == 1 => {
            Ok(list.0.into_iter().next().expect("one item"))
        }
        _ => Err(crate::t!("cli-expected-one-clinic")),
    }
}

/// The `--clinic` flag of lists and reports: one clinic, several (`1,3,"sp campinas"`) or `all`.
#[derive(clap::Args, Debug, Clone, Default)]
pub struct ClinicsArg {
    #[arg(long, visible_alias = "clinica", value_name = "ID|NAME,...|all", value_parser = crate::network::Choice::parse, add = clap_complete::ArgValueCompleter::new(crate::cli::complete::names::clinic_list))]
    pub clinic: Option<crate::network::Choice>,
    #[arg(long)]
    pub keep_going: bool,
}

impl ClinicArg {
    /// The clinic ID: the flag (an ID, or a name looked up in the clinics list), else the profile's.
    pub async fn resolve(
        &self,
        ctx: &crate::context::Context,
    ) -> crate::error::Result<Option<u64>> {
        match &self.clinic {
            Some(r) => {
                crate::refs::resolve::resolve(ctx, crate::refs::Kind::Clinics, "--clinic", r, None)
                    .await
                    .map(Some)
            }
            None => Ok(ctx.profile.clinica),
        }
    }
}

impl ClinicsArg {
    /// The flag's values in the plain form the network walk takes.
    pub fn clinics(&self) -> crate::network::Clinics {
        crate::network::Clinics {
            choice: self.clinic.clone(),
            keep_going: self.keep_going,
        }
    }

    /// See [`crate::network::Clinics::resolve_for_list`].
    pub async fn resolve_for_list(
        &self,
        ctx: &crate::context::Context,
    ) -> crate::error::Result<crate::network::Target> {
        self.clinics().resolve_for_list(ctx).await
    }
}

/// An optional ID-or-name flag, resolved against a reference list.
pub async fn resolve_opt(
    ctx: &crate::context::Context,
    kind: crate::refs::Kind,
    flag: &str,
    value: Option<&crate::refs::Ref>,
    clinic: Option<u64>,
) -> crate::error::Result<Option<u64>> {
    match value {
        Some(r) => crate::refs::resolve::resolve(ctx, kind, flag, r, clinic)
            .await
            .map(Some),
        None => Ok(None),
    }
}

/// An optional list flag, resolved and joined with commas as the service expects.
pub async fn resolve_list(
    ctx: &crate::context::Context,
    kind: crate::refs::Kind,
    flag: &str,
    value: Option<&crate::refs::RefList>,
    clinic: Option<u64>,
) -> crate::error::Result<Option<String>> {
    match value {
        Some(list) => {
            let ids = crate::refs::resolve::resolve_all(ctx, kind, flag, list, clinic).await?;
            Ok(Some(
                ids.iter().map(u64::to_string).collect::<Vec<_>>().join(","),
            ))
        }
        None => Ok(None),
    }
}

/// Builds a query string one optional parameter at a time.
#[derive(Default)]
pub struct Query(pub Vec<(String, String)>);

impl Query {
    pub fn opt(&mut self, key: &str, value: Option<impl ToString>) -> &mut Self {
        if let Some(v) = value {
            self.0.push((key.to_string(), v.to_string()));
        }
        self
    }

    pub fn date(&mut self, key: &str, value: Option<NaiveDate>) -> &mut Self {
        self.opt(key, value.map(input::sql_date))
    }
}

/// A date range whose start comes after its end is refused before sending.
pub fn check_range(
    from_flag: &str,
    from: Option<NaiveDate>,
    to: Option<NaiveDate>,
) -> crate::error::Result<()> {
    match (from, to) {
        (Some(f), Some(t)) if f > t => Err(Error::invalid(
            from_flag,
            input::sql_date(f),
            &crate::t!("cli-expected-range-end", end = shown_date(t)),
        )),
        _ => Ok(()),
    }
}

/// `--data JSON|@FILE|-`: inline JSON, a file, or standard input; must be JSON.
pub fn data(raw: &str) -> crate::error::Result<serde_json::Value> {
    use std::io::Read;
    let text = if raw == "-" {
        let mut s = String::new();
        std::io::stdin().read_to_string(&mut s)?;
        s
    } else if let Some(path) = raw.strip_prefix('@') {
        std::fs::read_to_string(path).map_err(|e| {
            Error::invalid(
                "--data",
                raw,
                &crate::t!("cli-expected-readable-file", reason = e.to_string()),
            )
        })?
    } else {
        raw.to_string()
    };
    let text = crate::text::bom::strip(&text);
    serde_json::from_str(text).map_err(|e| {
        let excerpt: String = text.chars().take(40).collect();
        Error::invalid(
            "--data",
            excerpt,
            &crate::t!("cli-expected-json", reason = e.to_string()),
        )
    })
}

/// What a create does when the service already holds the contact (its phone or e-mail): a second
/// patient, or another CRM deal, is what nobody wants by accident.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum IfExists {
    /// Ask at a terminal; a script is refused, nothing sent.
    Ask,
    /// Send nothing, exit 0 (nightly imports).
    Skip,
    /// Create anyway.
    Create,
}

/// METHOD PATH [-q KEY=VALUE]... [--data JSON|@FILE|-]: a raw request of `clinic api` and `clinic io`.
#[derive(clap::Args, Debug, Clone)]
pub struct RawRequest {
    #[arg(value_parser = method)]
    pub method: crate::http::Method,
    pub path: String,
    // `-Q`: `-q` is `--quiet` in every command.
    #[arg(short = 'Q', long = "query", value_name = "KEY=VALUE", value_parser = key_value)]
    pub query: Vec<(String, String)>,
    #[arg(long, value_name = "JSON|@FILE|-")]
    pub data: Option<String>,
}

impl RawRequest {
    /// The body, read and checked as JSON.
    pub fn body(&self) -> crate::error::Result<Option<serde_json::Value>> {
        self.data.as_deref().map(data).transpose()
    }
}

/// An HTTP method name.
pub fn method(s: &str) -> Result<crate::http::Method, String> {
    let upper = s.to_ascii_uppercase();
    match upper.as_str() {
        "GET" | "POST" | "PUT" | "PATCH" | "DELETE" | "HEAD" | "OPTIONS" => {
            crate::http::Method::from_bytes(upper.as_bytes()).map_err(|e| e.to_string())
        }
        _ => Err(crate::t!("cli-expected-method")),
    }
}

/// `--active` / `--inactive`: the service's `inativo` filter (0 active only, 1 inactive only, absent all).
#[derive(clap::Args, Debug, Clone, Default)]
pub struct ActiveArg {
    #[arg(long, conflicts_with = "inactive")]
    pub active: bool,
    #[arg(long)]
    pub inactive: bool,
}

impl ActiveArg {
    pub fn inativo(&self) -> Option<u8> {
        match (self.active, self.inactive) {
            (_, true) => Some(1),
            (true, false) => Some(0),
            (false, false) => None,
        }
    }
}
