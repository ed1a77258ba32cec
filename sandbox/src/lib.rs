//! `clinic-sandbox`: a stateful local imitation of the Clinic Results REST API, its
//! Bitrix24-style CRM, the automation webhook and the Integrações IO host.
//!
//! Data is deterministic from `--seed`; records are generated on demand from
//! `(seed, id)` so that large scales stay small in memory, and only what writes change
//! is kept. See `Options` for every knob.

mod answers;
mod auth;
pub mod crm;
mod data;
mod error;
mod faults;
mod inspect;
mod journal;
mod pacing;
mod rest;
mod server;
mod state;
mod traps;

use std::net::SocketAddr;
use std::time::Duration;

use axum::http::Uri;
use tokio::sync::{oneshot, watch};

/// Login of the `admin_master` user, who sees every clinic.
pub const ADMIN_LOGIN: &str = "admin";
/// Password of the `admin_master` user.
pub const ADMIN_PASSWORD: &str = "admin";
/// Login of the clinic user confined to clinic 1.
pub const CLINIC_LOGIN: &str = "unidade1";
/// Password of the clinic user.
pub const CLINIC_PASSWORD: &str = "unidade1";
/// The `x-api-key` the IO host accepts.
pub const IO_KEY: &str = "sandbox-io-key";
/// The automation webhook id: `GET {automation_url}/webhook/sandbox`.
pub const WEBHOOK_ID: &str = "sandbox";

/// Every knob of `clinic sandbox serve`.
#[derive(clap::Args, Clone, Debug)]
pub struct Options {
    /// Address to listen on; port 0 picks a free port. Only loopback unless --public.
    #[arg(long, default_value = "127.0.0.1:8787")]
    pub addr: SocketAddr,
    /// Seed of the generated data: equal seeds give equal data.
    #[arg(long, default_value_t = 42)]
    pub seed: u64,
    /// Number of quotes and of appointments (contacts: max(200, N/2)).
    #[arg(long, default_value_t = 10_000)]
    pub scale: u64,
    /// Fixed delay added to every answer, in milliseconds.
    #[arg(long, default_value_t = 0)]
    pub latency_ms: u64,
    /// Random extra delay of 0..=J milliseconds added to every answer.
    #[arg(long, default_value_t = 0)]
    pub jitter_ms: u64,
    /// Share of requests (0.0-1.0) answered with 500 or 503.
    #[arg(long, default_value_t = 0.0, value_parser = parse_rate)]
    pub error_rate: f64,
    /// Share of requests (0.0-1.0) whose connection is closed after part of the body.
    #[arg(long, default_value_t = 0.0, value_parser = parse_rate)]
    pub drop_rate: f64,
    /// Cut the answer to every N-th write (POST, PUT, PATCH, DELETE) after the write is done,
    /// as `--drop-rate` does at random (0 = off): a lost answer that is certain to happen.
    #[arg(long, value_name = "N", default_value_t = 0)]
    pub drop_every_write: u32,
    /// Requests per second allowed before answering 429 with Retry-After (0 = off).
    #[arg(long, default_value_t = 0)]
    pub rate_limit: u32,
    /// Calls on `/rest/v1` for this clinic (`clinica=N`) always answer 500: one unit of a
    /// network whose server is down (0 = off).
    #[arg(long, default_value_t = 0, value_name = "N")]
    pub failing_clinic: u32,
    /// CRM requests per second allowed before QUERY_LIMIT_EXCEEDED (0 = off).
    #[arg(long, default_value_t = 2)]
    pub crm_rate_limit: u32,
    /// CRM requests that may pass at once before --crm-rate-limit paces them (at least 1); Bitrix24
    /// lets bursts of 50 through.
    #[arg(long, value_name = "N", default_value_t = 50)]
    pub crm_burst: u32,
    /// Contacts the CRM is seeded with, each with one deal.
    #[arg(long, default_value_t = crm::SEEDED_CONTACTS)]
    pub crm_contacts: usize,
    /// Seconds of running time each CRM method may spend per window before OPERATION_TIME_LIMIT
    /// (0 = off).
    #[arg(long, default_value_t = 480.0)]
    pub crm_operating_budget: f64,
    /// Length of the CRM's operating-time window, in seconds.
    #[arg(long, default_value_t = 600)]
    pub crm_operating_window: u64,
    /// The least running time a CRM call is charged, in milliseconds.
    #[arg(long, default_value_t = 0)]
    pub crm_call_cost_ms: u64,
    /// The CRM has no `batch` method (ERROR_METHOD_NOT_FOUND), as behind a gateway that forwards
    /// single methods only.
    #[arg(long)]
    pub crm_no_batch: bool,
    /// Which CRM method families the portal answers: the classic (`crm.contact.*`…), the
    /// universal (`crm.item.*`, `crm.type.list`) or both; a family left out answers
    /// ERROR_METHOD_NOT_FOUND, as Bitrix24 does for a method it does not have.
    #[arg(long, value_enum, default_value_t = crm::Methods::Both)]
    pub crm_methods: crm::Methods,
    /// Answer dialect of `/rest/v1`, as different deployments of the API speak it.
    #[arg(long, value_enum, default_value_t = Dialect::Standard)]
    pub dialect: Dialect,
    /// Shape of list responses (standard dialect only).
    #[arg(long, value_enum, default_value_t = Envelope::Dados)]
    pub envelope: Envelope,
    /// Where the login answer puts the token: a name or a dotted path (`a.b.token`); `tipo` sits
    /// beside it. Default: `token` (standard), `resposta.sessao.auth_token` (legacy-php).
    #[arg(long, value_name = "PATH", value_parser = parse_token_field)]
    pub token_field: Option<String>,
    /// Answer every N-th GET on /rest/v1 with an HTML 500 page (0 = off). Default: off for
    /// standard, 7 for legacy-php.
    #[arg(long, value_name = "N")]
    pub html_error_every: Option<u32>,
    /// Compress answers as the request's Accept-Encoding asks (gzip, br, zstd, deflate).
    #[arg(long, value_enum, default_value_t = Compression::On)]
    pub compression: Compression,
    /// Pace what each connection sends to this many kilobits per second, after compression
    /// (0 = off); e.g. 20000 for a 20 Mbit/s link.
    #[arg(long, value_name = "KBPS", default_value_t = 0)]
    pub bandwidth: u64,
    /// Change this many random quotes every second (a new `valor`, `modificado_em` now), for
    /// incremental exports (0 = off; `POST /__sandbox/churn?per_second=N` changes it while running).
    #[arg(long, value_name = "N", default_value_t = 0)]
    pub churn: u32,
    /// Ficha Financeira records from this ID on carry one more field, `desconto_fidelidade`, that
    /// earlier records lack: a column that first appears on a later page.
    #[arg(long, value_name = "ID")]
    pub late_field_from: Option<u32>,
    /// Answer every request to the four hosts with a redirect to this origin (`http://host:port`,
    /// optionally with a path prefix), keeping the original path and query.
    #[arg(long, value_name = "URL", value_parser = parse_origin, conflicts_with_all = ["redirect_same_origin", "hang", "endless_body"])]
    pub redirect_to: Option<String>,
    /// Status of the redirects: 301, 302, 303, 307 or 308.
    #[arg(long, value_name = "STATUS", default_value_t = 307, value_parser = parse_redirect_status)]
    pub redirect_status: u16,
    /// Redirect every request to the four hosts to the same server under `/moved`, which serves
    /// the same routes.
    #[arg(long, conflicts_with_all = ["hang", "endless_body"])]
    pub redirect_same_origin: bool,
    /// Accept and journal requests to the four hosts but never answer them.
    #[arg(long, conflicts_with = "endless_body")]
    pub hang: bool,
    /// Answer GET requests to the four hosts with a JSON list that never ends.
    #[arg(long)]
    pub endless_body: bool,
    /// Lifetime of a login token, in seconds.
    #[arg(long, default_value_t = 3600)]
    pub token_ttl: u64,
    /// Length of the login tokens issued, in bytes, shaped like a JWT (0: 48 characters).
    #[arg(long, default_value_t = 0)]
    pub token_bytes: usize,
    /// A login token stops working after this many authenticated `/rest/v1` calls: every later
    /// call with it answers 401 "Token expirado" (0 = off; --token-ttl still applies).
    #[arg(long, value_name = "N", default_value_t = 0)]
    pub token_expire_every: u64,
    /// Which `Authorization` forms are accepted.
    #[arg(long, value_enum, default_value_t = AuthScheme::Both)]
    pub auth_scheme: AuthScheme,
    /// Never return more than N records per page, whatever was asked (0 = off).
    #[arg(long, default_value_t = 0)]
    pub page_cap: usize,
    /// Always return page 1, whatever `pagina_atual` says.
    #[arg(long)]
    pub ignore_page: bool,
    /// Ignore the Ficha Financeira's modified-since filter (`modificado_em_de`/`_ate`), as some
    /// deployments do: every quote comes whatever the filter asked.
    #[arg(long)]
    pub ignore_modified_filter: bool,
    /// The number of the first page (0 or 1). Default 1 (0 in the quirks dialect).
    #[arg(long, value_name = "0|1", value_parser = clap::value_parser!(u64).range(0..=1))]
    pub page_base: Option<u64>,
    /// Refuse pages of more than N records with a message that states N (0 = off). Default off
    /// (25 in the quirks dialect).
    #[arg(long, value_name = "N")]
    pub max_per_page: Option<u64>,
    /// The charset of `/rest/v1` answers. Default utf8 (latin1 in the quirks dialect).
    #[arg(long, value_enum)]
    pub charset: Option<Charset>,
    /// A word the login answer puts before the token (`Bearer`). Default none (`Bearer` in the
    /// quirks dialect).
    #[arg(long, value_name = "WORD")]
    pub token_prefix: Option<String>,
    /// How a list page without records is answered. Default empty (404 in the quirks dialect).
    #[arg(long, value_enum)]
    pub empty_list: Option<EmptyList>,
    /// The key under which creates answer the new ID, or `own`: the created kind's own key
    /// (`id_cliente`, `id_campanha`). Default `id` (`id_registro` in the quirks dialect).
    #[arg(long, value_name = "NAME")]
    pub id_field: Option<String>,
    /// A `/rest/v1` route this deployment lacks (`/listaClinicas`): answered 404 "rota não
    /// encontrada". Repeatable.
    #[arg(long, value_name = "PATH")]
    pub unknown_route: Vec<String>,
    /// Share of writes (0.0-1.0) answered 200 with a message and no ID, without doing anything.
    /// Default 0 (0.25 in the quirks dialect).
    #[arg(long, value_name = "RATE", value_parser = parse_rate)]
    pub unconfirmed_write_rate: Option<f64>,
    /// How a page's records are written: array, or positional (an object keyed by position,
    /// `{"0": {…}, "1": {…}}`, as PHP writes a re-keyed array). Default array (positional in
    /// legacy-php).
    #[arg(long, value_enum)]
    pub records_as: Option<RecordsAs>,
    /// How a page without records writes its records when answered as an ordinary list: `[]`,
    /// `{}`, `null`, or no records key at all (`{}` in the bare envelope). Default array (object in
    /// legacy-php).
    #[arg(long, value_enum)]
    pub empty_records: Option<EmptyRecords>,
    /// The envelope key that holds the records. Default `dados` (`data` with --envelope data).
    #[arg(long, value_enum, value_name = "NAME")]
    pub records_key: Option<RecordsKey>,
    /// How `pagina_atual=0` is answered when pages start at 1: refused (400), empty (200 without
    /// records, true counters), 404, 500, or first (page 1). Default refused (empty in legacy-php).
    #[arg(long, value_enum)]
    pub page_zero: Option<PageZero>,
    /// The counters a list answer carries beside its records, comma-separated: total,
    /// total_registros, total_paginas, pages-as-total (the page count under `total`), or none.
    /// Default total (none with --envelope data or bare).
    #[arg(long, value_enum, value_delimiter = ',', value_name = "LIST")]
    pub counters: Option<Vec<Counter>>,
    /// Counters written as JSON strings (`"3000"`); `--counter-strings=false` turns it off.
    /// Default off (on in legacy-php).
    #[arg(long, value_name = "BOOL", num_args = 0..=1, default_missing_value = "true")]
    pub counter_strings: Option<bool>,
    /// Record counters report the true count plus N (never below 0), and page counters are
    /// computed from that; N may be negative.
    #[arg(
        long,
        value_name = "N",
        default_value_t = 0,
        allow_negative_numbers = true
    )]
    pub counter_skew: i64,
    /// With --max-per-page, the refusal does not state the limit.
    #[arg(long)]
    pub max_per_page_unstated: bool,
    /// How a page past the last one is answered: empty (as --empty-list says), or repeat (the last
    /// page's records again; a list without records still answers empty).
    #[arg(long, value_enum, default_value_t = PastEnd::Empty)]
    pub past_end: PastEnd,
    /// Every JSON answer of `/rest/v1` starts with a UTF-8 byte-order mark (not with --charset
    /// latin1: a byte-order mark belongs to UTF-8).
    #[arg(long)]
    pub bom: bool,
    /// The Content-Type of `/rest/v1`'s JSON answers: json (`application/json`), html
    /// (`text/html` with the charset), or none (no header at all).
    #[arg(long, value_enum, default_value_t = ContentType::Json)]
    pub content_type: ContentType,
    /// How paged lists say where the next page is: numbers (`pagina_atual`, nothing said), or a
    /// next link or cursor in the style of a framework, with `pagina_atual` ignored.
    #[arg(long, value_enum, default_value_t = LinkPaging::Numbers)]
    pub paging: LinkPaging,
    /// With `--paging link-header`: no `Link` header at all on a list of one page, as some APIs
    /// (GitHub's) write it only when there is more than one page.
    #[arg(long)]
    pub link_header_only_when_paged: bool,
    /// A replica that lags behind the others, as behind a load balancer: the pages `--lagging-pages`
    /// names (counted from 1) are answered from a copy of each per-clinic list that lacks its
    /// first N records, with that copy's counters (records inserted at the head of a list sorted
    /// newest first, not yet replicated). 0: no replica lags.
    #[arg(long, value_name = "N", default_value_t = 0)]
    pub lagging_records: u64,
    /// The pages the lagging replica answers (`1,3`).
    #[arg(long, value_name = "PAGES", value_delimiter = ',', default_value = "1")]
    pub lagging_pages: Vec<u64>,
    /// The lagging replica answers that many of those pages and is then caught up; 0: it always
    /// lags.
    #[arg(long, value_name = "N", default_value_t = 0)]
    pub lagging_answers: u64,
    /// Quotes deleted at the head of a list while it is walked, as someone deleting the newest
    /// quotes in the service: once a quote list's page `--deleting-after-page` has been answered,
    /// the first N quotes of that list (of its clinic and filter) are deleted, so every later page
    /// shifts back by N and its counters drop by N. 0: nothing is deleted.
    #[arg(long, value_name = "N", default_value_t = 0)]
    pub deleting_records: u64,
    /// The page (counted from 1) whose answer is followed by the deletions.
    #[arg(long, value_name = "PAGE", default_value_t = 1)]
    pub deleting_after_page: u64,
    /// How many answers of that page are followed by deletions; 0: every one is.
    #[arg(long, value_name = "N", default_value_t = 1)]
    pub deleting_answers: u64,
    /// The key list records carry their ID under, instead of `id` (`id_orcamento`, `cod`…).
    #[arg(long, value_name = "NAME")]
    pub record_id_key: Option<String>,
    /// From the Nth record of a list on (counting from 0), records carry their ID under another
    /// key: `N=NAME`, a deployment that renames the key part-way through a list.
    #[arg(long, value_name = "N=NAME", value_parser = parse_renamed_key)]
    pub record_id_key_from: Option<RenamedKey>,
    /// List records start with this key, holding 2, before their own ID: a foreign key first
    /// (`id_empresa` in a clinic).
    #[arg(long, value_name = "NAME")]
    pub foreign_key_first: Option<String>,
    /// Every list record carries a field that changes on every request (`gerado_em`), as a signed
    /// link or a generation stamp does.
    #[arg(long)]
    pub volatile_field: bool,
    /// A created contact is answered `{"dados": {ID, "id_canal": …, "id_campanha": …}}`: the
    /// channel's and campaign's IDs beside the new one.
    #[arg(long)]
    pub create_echoes_foreign_keys: bool,
    /// Allow listening on a non-loopback address (the passwords are well known).
    #[arg(long)]
    pub public: bool,
    /// How the Ficha Financeira writes `modificado_em`: local (Brasília time without a zone, as
    /// the service does), z (UTC, `2026-11-22T23:10:00Z`) or offset (UTC, `…+00:00`). The
    /// modified-since filter reads days as `--filter-zone` says.
    #[arg(long, value_enum, default_value_t = TimeStamps::Local)]
    pub time_stamps: TimeStamps,
    /// Which day the Ficha Financeira's modified-since filter (`modificado_em_de`/`_ate`) reads:
    /// local (a Brasília day, as the service does) or utc (a UTC day: a quote changed at 22:30 in
    /// Brasília comes for a filter from the next day).
    #[arg(long, value_enum, default_value_t = FilterZone::Local)]
    pub filter_zone: FilterZone,
    /// Every answer's `Date` header runs this many seconds ahead of the clock (behind when
    /// negative), as behind a proxy whose clock was set by hand.
    #[arg(
        long,
        value_name = "SECONDS",
        default_value_t = 0,
        allow_negative_numbers = true
    )]
    pub date_skew: i64,
}

/// Which day a modified-since filter reads.
#[derive(clap::ValueEnum, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum FilterZone {
    /// A day in Brasília.
    #[default]
    Local,
    /// A day in UTC.
    Utc,
}

/// How times that records carry are written.
#[derive(clap::ValueEnum, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum TimeStamps {
    /// Brasília time without a zone: `2026-11-22 20:10:00`.
    #[default]
    Local,
    /// UTC with `Z`: `2026-11-22T23:10:00Z`.
    Z,
    /// UTC with its offset: `2026-11-22T23:10:00+00:00`.
    Offset,
}

impl TimeStamps {
    /// A Brasília time as `YYYY-MM-DD hh:mm:ss`, written this way; a text that is no such time is
    /// left as it is.
    pub fn write(self, local: &str) -> String {
        let suffix = match self {
            TimeStamps::Local => return local.to_string(),
            TimeStamps::Z => "Z",
            TimeStamps::Offset => "+00:00",
        };
        match chrono::NaiveDateTime::parse_from_str(local, "%Y-%m-%d %H:%M:%S") {
            Ok(at) => format!(
                "{}{suffix}",
                (at + chrono::Duration::hours(3)).format("%Y-%m-%dT%H:%M:%S")
            ),
            Err(_) => local.to_string(),
        }
    }
}

/// `--record-id-key-from`: from which record of a list on the ID goes under which key.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RenamedKey {
    pub from: usize,
    pub key: String,
}

fn parse_renamed_key(text: &str) -> Result<RenamedKey, String> {
    let (from, key) = text
        .split_once('=')
        .ok_or_else(|| format!("`{text}` is not N=NAME"))?;
    let from = from
        .trim()
        .parse()
        .map_err(|_| format!("`{from}` is not a record number"))?;
    match key.trim() {
        "" => Err(format!("`{text}` names no key")),
        key => Ok(RenamedKey {
            from,
            key: key.to_string(),
        }),
    }
}

/// How `/rest/v1` phrases its answers.
#[derive(clap::ValueEnum, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Dialect {
    /// JSON with honest statuses: failures `{"erro": …}` with 4xx, lists in the `--envelope`
    /// shape, every success 200.
    #[default]
    Standard,
    /// An older PHP deployment: failures are HTTP 200 `{"status": false, "mensagem": …}`, lists
    /// `{"status": true, "dados": {"0": …}, "total": "…", …}` with numbers as strings (`{}` for a
    /// page without records, page 0 answered as one), the token under
    /// `resposta.sessao.auth_token`, an HTML 500 page every 7th GET.
    LegacyPhp,
    /// The standard dialect with every convention the specification leaves open taken the other
    /// way at once: pages from 0, at most 25 a page, Latin-1 answers, a `Bearer`-prefixed token,
    /// 404 "nenhum registro" for empty lists, IDs under `id_registro`, and one write in four
    /// answered without a confirmation.
    Quirks,
}

impl Dialect {
    /// Where the login answer puts the token when `--token-field` is not given.
    pub fn default_token_field(self) -> &'static str {
        match self {
            Dialect::Standard | Dialect::Quirks => "token",
            Dialect::LegacyPhp => "resposta.sessao.auth_token",
        }
    }

    /// `--html-error-every` when not given.
    pub fn default_html_error_every(self) -> u32 {
        match self {
            Dialect::Standard | Dialect::Quirks => 0,
            Dialect::LegacyPhp => 7,
        }
    }
}

/// The charset `/rest/v1` answers in.
#[derive(clap::ValueEnum, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Charset {
    #[default]
    Utf8,
    /// `application/json; charset=ISO-8859-1`, bytes as Windows-1252 (what such servers send).
    Latin1,
}

/// How a list page without records is answered.
#[derive(clap::ValueEnum, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum EmptyList {
    /// An empty list in the usual envelope.
    #[default]
    Empty,
    /// 404 `{"erro": "Nenhum registro encontrado"}`.
    #[value(name = "404")]
    NotFound,
    /// 200 `{"status": false, "mensagem": "Nenhum registro encontrado"}`.
    #[value(name = "200-false")]
    FalseFlag,
}

/// How a page's records are written.
#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum RecordsAs {
    /// `[{…}, {…}]`
    Array,
    /// `{"0": {…}, "1": {…}}`: what PHP's `json_encode` writes for an array it has re-keyed.
    Positional,
}

/// How a page without records writes its records container.
#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum EmptyRecords {
    /// `[]`
    Array,
    /// `{}`: PHP's empty array written as an object.
    Object,
    /// `null`
    Null,
    /// The records key left out; the other fields stay (`{}` in the bare envelope).
    Missing,
}

/// The envelope keys deployments put their records under.
#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum RecordsKey {
    Dados,
    Data,
    Registros,
    Items,
    Result,
    Lista,
    Records,
    Results,
}

impl RecordsKey {
    pub fn as_str(self) -> &'static str {
        match self {
            RecordsKey::Dados => "dados",
            RecordsKey::Data => "data",
            RecordsKey::Registros => "registros",
            RecordsKey::Items => "items",
            RecordsKey::Result => "result",
            RecordsKey::Lista => "lista",
            RecordsKey::Records => "records",
            RecordsKey::Results => "results",
        }
    }
}

/// How a deployment whose pages start at 1 answers `pagina_atual=0`.
#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum PageZero {
    /// 400 "parâmetro pagina_atual inválido".
    Refused,
    /// 200, an ordinary list answer without records but with the true counters.
    Empty,
    /// 404 `{"erro": "Nenhum registro encontrado"}`, in every dialect.
    #[value(name = "404")]
    NotFound,
    /// 500 `{"erro": "Erro interno"}`, in every dialect.
    #[value(name = "500")]
    ServerError,
    /// Page 1's records: 0 is read as 1.
    First,
}

/// A counter a list answer carries beside its records.
#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum Counter {
    /// The record count under `total`.
    Total,
    /// The record count under `total_registros`.
    #[value(name = "total_registros")]
    TotalRegistros,
    /// The page count under `total_paginas`.
    #[value(name = "total_paginas")]
    TotalPaginas,
    /// The page count under `total`, as one deployment writes it.
    PagesAsTotal,
    /// The record count under `count`, as Django REST framework writes it.
    Count,
    /// No counter.
    #[value(name = "none")]
    Nothing,
}

impl Counter {
    /// The key it is written under; `None` for `none`.
    pub fn key(self) -> Option<&'static str> {
        match self {
            Counter::Total | Counter::PagesAsTotal => Some("total"),
            Counter::TotalRegistros => Some("total_registros"),
            Counter::TotalPaginas => Some("total_paginas"),
            Counter::Count => Some("count"),
            Counter::Nothing => None,
        }
    }

    /// Whether it counts pages rather than records.
    pub fn counts_pages(self) -> bool {
        matches!(self, Counter::TotalPaginas | Counter::PagesAsTotal)
    }
}

/// How paged lists say where the next page is. Every style but `numbers` ignores `pagina_atual`
/// (a client that pages by number gets page 1 again), keeps `por_pagina`, and writes its next link
/// beside the records (none in the bare envelope, which has nowhere to put it, but `link-header`).
#[derive(clap::ValueEnum, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum LinkPaging {
    /// `pagina_atual` and `por_pagina`; nothing said of a next page.
    #[default]
    Numbers,
    /// Laravel's paginator: `page=N`, `next_page_url` (absolute, null on the last page) and
    /// `prev_page_url`.
    Laravel,
    /// Django REST framework's: `page=N`, `next` and `previous` (absolute, null at the ends).
    Drf,
    /// `proximo`: the next page's address, null on the last page.
    Proximo,
    /// An RFC 8288 `Link` header, `<…>; rel="next"` (absent on the last page) and `rel="prev"`,
    /// with `X-Total-Count` when `--counters` has a record count.
    LinkHeader,
    /// An opaque `next_cursor` token, sent back as `cursor`; null on the last page.
    Cursor,
}

impl LinkPaging {
    pub fn by_link(self) -> bool {
        self != LinkPaging::Numbers
    }
}

/// How a page past the last one is answered.
#[derive(clap::ValueEnum, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum PastEnd {
    /// An empty page, answered as `--empty-list` says.
    #[default]
    Empty,
    /// The last page's records again, with the same counters.
    Repeat,
    /// The last full window of records again (the last `por_pagina` records of the list, reaching
    /// back over the last page), with the same counters.
    Window,
}

/// The Content-Type of `/rest/v1`'s JSON answers.
#[derive(clap::ValueEnum, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum ContentType {
    /// `application/json`
    #[default]
    Json,
    /// `text/html; charset=UTF-8` (`ISO-8859-1` with --charset latin1), as PHP sends by default.
    Html,
    /// No Content-Type header at all.
    #[value(name = "none")]
    Absent,
}

/// Whether answers are compressed when the client asks for it.
#[derive(clap::ValueEnum, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Compression {
    #[default]
    On,
    Off,
}

/// Shape of list responses.
#[derive(clap::ValueEnum, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Envelope {
    /// `{"dados": [...], "pagina_atual": P, "por_pagina": M, "total": T}`
    #[default]
    Dados,
    /// `{"data": [...]}`
    Data,
    /// `[...]`
    Bare,
}

/// Accepted forms of the `Authorization` header.
#[derive(clap::ValueEnum, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum AuthScheme {
    /// `Bearer <token>` and the bare `<token>`.
    #[default]
    Both,
    /// Only `Bearer <token>`.
    Bearer,
    /// Only the bare `<token>`.
    Raw,
}

fn parse_rate(text: &str) -> Result<f64, String> {
    let rate: f64 = text
        .parse()
        .map_err(|_| format!("`{text}` is not a number"))?;
    if (0.0..=1.0).contains(&rate) {
        Ok(rate)
    } else {
        Err(format!("`{text}` is not between 0.0 and 1.0"))
    }
}

/// Redirect statuses `--redirect-status` accepts.
const REDIRECT_STATUSES: [u16; 5] = [301, 302, 303, 307, 308];

/// Why a token path cannot be used, if it cannot.
fn token_field_problem(path: &str) -> Option<String> {
    let segments: Vec<&str> = path.split('.').collect();
    if segments.iter().any(|s| s.trim().is_empty()) {
        return Some(format!(
            "token field `{path}` has an empty segment: give a name or a dotted path such as a.b.token"
        ));
    }
    if segments.last() == Some(&"tipo") {
        return Some(format!(
            "token field `{path}` would put the token where `tipo` goes"
        ));
    }
    None
}

fn parse_token_field(text: &str) -> Result<String, String> {
    match token_field_problem(text) {
        Some(problem) => Err(problem),
        None => Ok(text.to_owned()),
    }
}

/// `scheme://authority[/prefix]`, without a trailing slash, so that a path can be appended.
fn parse_origin(text: &str) -> Result<String, String> {
    let bad = |why: &str| format!("`{text}` is not an origin such as http://127.0.0.1:9999: {why}");
    let uri: Uri = text.parse().map_err(|_| bad("unreadable URL"))?;
    match uri.scheme_str() {
        Some("http" | "https") => {}
        _ => return Err(bad("the scheme must be http or https")),
    }
    let authority = uri.authority().ok_or_else(|| bad("no host"))?;
    if uri.query().is_some() {
        return Err(bad("a query cannot be kept in front of the original one"));
    }
    let prefix = uri.path().trim_end_matches('/');
    Ok(format!(
        "{}://{authority}{prefix}",
        uri.scheme_str().unwrap_or("http")
    ))
}

fn parse_redirect_status(text: &str) -> Result<u16, String> {
    text.parse::<u16>()
        .ok()
        .filter(|status| REDIRECT_STATUSES.contains(status))
        .ok_or_else(|| format!("`{text}` is not one of 301, 302, 303, 307, 308"))
}

impl Default for Options {
    fn default() -> Self {
        Options {
            addr: SocketAddr::from(([127, 0, 0, 1], 0)),
            seed: 42,
            scale: 10_000,
            latency_ms: 0,
            jitter_ms: 0,
            error_rate: 0.0,
            drop_rate: 0.0,
            drop_every_write: 0,
            rate_limit: 0,
            failing_clinic: 0,
            crm_rate_limit: 2,
            crm_burst: 50,
            crm_contacts: crm::SEEDED_CONTACTS,
            crm_operating_budget: 480.0,
            crm_operating_window: 600,
            crm_call_cost_ms: 0,
            crm_no_batch: false,
            crm_methods: crm::Methods::Both,
            dialect: Dialect::Standard,
            envelope: Envelope::Dados,
            token_field: None,
            html_error_every: None,
            compression: Compression::On,
            bandwidth: 0,
            late_field_from: None,
            churn: 0,
            redirect_to: None,
            redirect_status: 307,
            redirect_same_origin: false,
            hang: false,
            endless_body: false,
            token_ttl: 3600,
            token_bytes: 0,
            token_expire_every: 0,
            auth_scheme: AuthScheme::Both,
            page_cap: 0,
            ignore_page: false,
            ignore_modified_filter: false,
            page_base: None,
            max_per_page: None,
            charset: None,
            token_prefix: None,
            empty_list: None,
            id_field: None,
            unconfirmed_write_rate: None,
            records_as: None,
            empty_records: None,
            records_key: None,
            page_zero: None,
            counters: None,
            counter_strings: None,
            counter_skew: 0,
            max_per_page_unstated: false,
            past_end: PastEnd::Empty,
            bom: false,
            content_type: ContentType::Json,
            unknown_route: Vec::new(),
            paging: LinkPaging::Numbers,
            link_header_only_when_paged: false,
            lagging_records: 0,
            lagging_pages: vec![1],
            lagging_answers: 0,
            deleting_records: 0,
            deleting_after_page: 1,
            deleting_answers: 1,
            record_id_key: None,
            record_id_key_from: None,
            foreign_key_first: None,
            volatile_field: false,
            create_echoes_foreign_keys: false,
            public: false,
            time_stamps: TimeStamps::Local,
            filter_zone: FilterZone::Local,
            date_skew: 0,
        }
    }
}

impl Options {
    /// Default knobs on 127.0.0.1 with a free port.
    pub fn ephemeral() -> Self {
        Self::default()
    }

    /// The token's place in the login answer: `--token-field`, else the dialect's default.
    pub fn token_field(&self) -> &str {
        self.token_field
            .as_deref()
            .unwrap_or(self.dialect.default_token_field())
    }

    /// Every how many GETs on `/rest/v1` an HTML 500 page is served (0 = never).
    pub fn html_error_every(&self) -> u32 {
        self.html_error_every
            .unwrap_or(self.dialect.default_html_error_every())
    }

    fn quirks(&self) -> bool {
        self.dialect == Dialect::Quirks
    }

    /// The number of the first page: `--page-base`, else the dialect's.
    pub fn first_page(&self) -> u64 {
        self.page_base.unwrap_or(if self.quirks() { 0 } else { 1 })
    }

    /// The largest page served, when there is a limit.
    pub fn page_limit(&self) -> Option<u64> {
        match self
            .max_per_page
            .unwrap_or(if self.quirks() { 25 } else { 0 })
        {
            0 => None,
            n => Some(n),
        }
    }

    pub fn charset(&self) -> Charset {
        self.charset.unwrap_or(if self.quirks() {
            Charset::Latin1
        } else {
            Charset::Utf8
        })
    }

    /// The word before the token in the login answer, if any.
    pub fn token_prefix(&self) -> Option<&str> {
        self.token_prefix
            .as_deref()
            .or(self.quirks().then_some("Bearer"))
    }

    pub fn empty_list(&self) -> EmptyList {
        self.empty_list.unwrap_or(if self.quirks() {
            EmptyList::NotFound
        } else {
            EmptyList::Empty
        })
    }

    /// The key of a new record's ID in create answers, when not the usual one.
    pub fn id_field(&self) -> Option<&str> {
        self.id_field
            .as_deref()
            .or(self.quirks().then_some("id_registro"))
    }

    pub fn unconfirmed_write_rate(&self) -> f64 {
        self.unconfirmed_write_rate
            .unwrap_or(if self.quirks() { 0.25 } else { 0.0 })
    }

    fn legacy(&self) -> bool {
        self.dialect == Dialect::LegacyPhp
    }

    pub fn records_as(&self) -> RecordsAs {
        self.records_as.unwrap_or(if self.legacy() {
            RecordsAs::Positional
        } else {
            RecordsAs::Array
        })
    }

    pub fn empty_records(&self) -> EmptyRecords {
        self.empty_records.unwrap_or(if self.legacy() {
            EmptyRecords::Object
        } else {
            EmptyRecords::Array
        })
    }

    /// The key of the records in the keyed envelopes (legacy-php's, `dados`, `data`).
    pub fn records_key(&self) -> &'static str {
        match (self.records_key, self.dialect, self.envelope) {
            (Some(key), _, _) => key.as_str(),
            (None, Dialect::Standard | Dialect::Quirks, Envelope::Data) => "data",
            (None, _, _) => "dados",
        }
    }

    /// How `pagina_atual=0` is answered when the first page is 1.
    pub fn page_zero(&self) -> PageZero {
        self.page_zero.unwrap_or(if self.legacy() {
            PageZero::Empty
        } else {
            PageZero::Refused
        })
    }

    /// The counters of a keyed list answer, in the order given, `none` left out.
    pub fn counters(&self) -> Vec<Counter> {
        let mut counters = match &self.counters {
            Some(given) => given.clone(),
            None => match (self.dialect, self.envelope) {
                (Dialect::LegacyPhp, _) | (_, Envelope::Dados) => vec![Counter::Total],
                (_, Envelope::Data | Envelope::Bare) => Vec::new(),
            },
        };
        counters.retain(|c| *c != Counter::Nothing);
        let mut seen = Vec::with_capacity(counters.len());
        counters.retain(|c| {
            let fresh = !seen.contains(c);
            seen.push(*c);
            fresh
        });
        counters
    }

    pub fn counter_strings(&self) -> bool {
        self.counter_strings.unwrap_or(self.legacy())
    }

    fn validate(&self) -> Result<(), Error> {
        if !self.addr.ip().is_loopback() && !self.public {
            return Err(Error::NotLoopback(self.addr));
        }
        for (name, rate) in [
            ("error_rate", self.error_rate),
            ("drop_rate", self.drop_rate),
        ] {
            if !(0.0..=1.0).contains(&rate) {
                return Err(Error::InvalidOption(format!(
                    "{name} must be between 0.0 and 1.0, got {rate}"
                )));
            }
        }
        if let Some(problem) = token_field_problem(self.token_field()) {
            return Err(Error::InvalidOption(problem));
        }
        if self.dialect == Dialect::LegacyPhp
            && self.token_field().split('.').next() == Some("status")
        {
            return Err(Error::InvalidOption(
                "token field must not start with `status` in the legacy-php dialect: that key holds the success flag".to_owned(),
            ));
        }
        if !REDIRECT_STATUSES.contains(&self.redirect_status) {
            return Err(Error::InvalidOption(format!(
                "redirect_status must be one of 301, 302, 303, 307, 308, got {}",
                self.redirect_status
            )));
        }
        if let Some(target) = &self.redirect_to {
            parse_origin(target).map_err(Error::InvalidOption)?;
        }
        let traps = [
            ("redirect_to", self.redirect_to.is_some()),
            ("redirect_same_origin", self.redirect_same_origin),
            ("hang", self.hang),
            ("endless_body", self.endless_body),
        ];
        let chosen: Vec<&str> = traps
            .iter()
            .filter(|(_, on)| *on)
            .map(|(name, _)| *name)
            .collect();
        if chosen.len() > 1 {
            return Err(Error::InvalidOption(format!(
                "{} cannot be combined: choose one",
                chosen.join(", ")
            )));
        }
        if let Some(counters) = &self.counters {
            if counters.contains(&Counter::Nothing) && counters.iter().any(|c| c.key().is_some()) {
                return Err(Error::InvalidOption(
                    "counters: `none` cannot be listed with other counters".to_owned(),
                ));
            }
            if counters.contains(&Counter::Total) && counters.contains(&Counter::PagesAsTotal) {
                return Err(Error::InvalidOption(
                    "counters: `total` and `pages-as-total` both write the key `total`: choose one"
                        .to_owned(),
                ));
            }
        }
        if self.scale > u64::from(u32::MAX / 2) {
            return Err(Error::InvalidOption(format!(
                "scale must be at most {}, got {}",
                u32::MAX / 2,
                self.scale
            )));
        }
        Ok(())
    }
}

/// The four addresses a client needs, exactly as `serve` prints them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Urls {
    pub base_url: String,
    pub io_url: String,
    pub automation_url: String,
    pub crm_url: String,
}

impl Urls {
    fn new(addr: SocketAddr) -> Self {
        Self::at_origin(&format!("http://{addr}"))
    }

    /// The four hosts of a sandbox served at `origin` (`http://127.0.0.1:8787`).
    pub fn at_origin(origin: &str) -> Self {
        let origin = origin.trim_end_matches('/');
        Urls {
            base_url: format!("{origin}/rest/v1"),
            io_url: format!("{origin}/io"),
            automation_url: format!("{origin}/automation"),
            crm_url: format!("{origin}/crm/rest/1/{WEBHOOK_ID}/"),
        }
    }
}

#[derive(Debug, thiserror::Error)]
pub enum Error {
    #[error(
        "refusing to listen on {0}: it is not a loopback address and the sandbox has well-known passwords; pass --public to allow it"
    )]
    NotLoopback(SocketAddr),
    #[error("cannot listen on {addr}: {source}")]
    Bind {
        addr: SocketAddr,
        #[source]
        source: std::io::Error,
    },
    #[error("invalid sandbox option: {0}")]
    InvalidOption(String),
    #[error("sandbox I/O error: {0}")]
    Io(#[from] std::io::Error),
    #[error("the sandbox stopped before it was ready")]
    Stopped,
}

/// How long a shutdown waits for requests in flight before cutting them off.
const SHUTDOWN_GRACE: Duration = Duration::from_secs(5);

/// A running sandbox on the current tokio runtime. Stops when shut down or dropped.
pub struct Sandbox {
    addr: SocketAddr,
    urls: Urls,
    /// Set to true to stop: ends the accept loop and releases answers that would otherwise
    /// never end (`--hang`, `--endless-body`).
    stop: watch::Sender<bool>,
    task: Option<tokio::task::JoinHandle<std::io::Result<()>>>,
}

impl Sandbox {
    /// Binds (port 0 = a free port), builds the data set and serves in a spawned task.
    pub async fn start(opts: Options) -> Result<Sandbox, Error> {
        opts.validate()?;
        let listener = tokio::net::TcpListener::bind(opts.addr)
            .await
            .map_err(|source| Error::Bind {
                addr: opts.addr,
                source,
            })?;
        let addr = listener.local_addr()?;
        let bandwidth = opts.bandwidth;
        let (stop, stopping) = watch::channel(false);
        let app_stopping = stopping.clone();
        // Building the columns of a large scale takes a noticeable moment: keep it off
        // the async workers.
        let state =
            tokio::task::spawn_blocking(move || state::AppState::new(opts, addr, app_stopping))
                .await
                .map_err(|_| Error::Stopped)?;
        state.data.churn.set_per_second(state.opts.churn);
        let churning = state.data.clone();
        tokio::spawn(async move {
            let mut every = tokio::time::interval(std::time::Duration::from_secs(1));
            every.tick().await;
            loop {
                every.tick().await;
                if churning.churn.tick(churning.quotes.layout().total()) > 0 {
                    churning.cache.invalidate();
                }
            }
        });
        let app = server::router(state);
        let task = tokio::spawn(async move {
            let stopped = traps::stopped(stopping);
            if bandwidth == 0 {
                axum::serve(listener, app)
                    .with_graceful_shutdown(stopped)
                    .await
            } else {
                axum::serve(pacing::PacedListener::new(listener, bandwidth), app)
                    .with_graceful_shutdown(stopped)
                    .await
            }
        });
        Ok(Sandbox {
            addr,
            urls: Urls::new(addr),
            stop,
            task: Some(task),
        })
    }

    pub fn addr(&self) -> SocketAddr {
        self.addr
    }

    pub fn urls(&self) -> &Urls {
        &self.urls
    }

    /// Stops accepting, lets requests in flight finish (for a few seconds at most).
    pub async fn shutdown(mut self) {
        self.stop.send_replace(true);
        if let Some(task) = self.task.take() {
            let abort = task.abort_handle();
            if tokio::time::timeout(SHUTDOWN_GRACE, task).await.is_err() {
                abort.abort();
            }
        }
    }
}

impl Drop for Sandbox {
    fn drop(&mut self) {
        self.stop.send_replace(true);
    }
}

/// A sandbox on its own thread and runtime, for synchronous tests. Stops on drop.
pub struct SandboxThread {
    addr: SocketAddr,
    urls: Urls,
    stop: Option<oneshot::Sender<()>>,
    thread: Option<std::thread::JoinHandle<()>>,
}

impl SandboxThread {
    pub fn start(opts: Options) -> Result<Self, Error> {
        let (ready_tx, ready_rx) = std::sync::mpsc::channel::<Result<(SocketAddr, Urls), Error>>();
        let (stop, stopped) = oneshot::channel::<()>();
        let thread = std::thread::Builder::new()
            .name("clinic-sandbox".to_owned())
            .spawn(move || {
                let runtime = match tokio::runtime::Builder::new_multi_thread()
                    .worker_threads(2)
                    .enable_all()
                    .build()
                {
                    Ok(runtime) => runtime,
                    Err(error) => {
                        let _ = ready_tx.send(Err(Error::Io(error)));
                        return;
                    }
                };
                runtime.block_on(async move {
                    match Sandbox::start(opts).await {
                        Ok(sandbox) => {
                            let _ = ready_tx.send(Ok((sandbox.addr(), sandbox.urls().clone())));
                            let _ = stopped.await;
                            sandbox.shutdown().await;
                        }
                        Err(error) => {
                            let _ = ready_tx.send(Err(error));
                        }
                    }
                });
            })?;
        match ready_rx.recv() {
            Ok(Ok((addr, urls))) => Ok(SandboxThread {
                addr,
                urls,
                stop: Some(stop),
                thread: Some(thread),
            }),
            Ok(Err(error)) => {
                let _ = thread.join();
                Err(error)
            }
            Err(_) => {
                let _ = thread.join();
                Err(Error::Stopped)
            }
        }
    }

    pub fn urls(&self) -> &Urls {
        &self.urls
    }

    pub fn addr(&self) -> SocketAddr {
        self.addr
    }
}

impl Drop for SandboxThread {
    fn drop(&mut self) {
        if let Some(stop) = self.stop.take() {
            let _ = stop.send(());
        }
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}

/// What a person is told once the sandbox listens, for the caller to word in its own language.
pub struct Started<'a> {
    pub addr: SocketAddr,
    pub urls: &'a Urls,
    pub seed: u64,
    /// Quotes and appointments generated.
    pub scale: u64,
    pub contacts: u64,
    /// How `/rest/v1` answers (see [`describe_answers`]): option values, the same in any language.
    pub answers: String,
}

/// `clinic sandbox serve`: prints the four `key=value` lines, then the lines `banner` words for a
/// person, and serves until SIGINT or SIGTERM.
pub async fn serve(opts: Options, banner: impl FnOnce(&Started) -> String) -> Result<(), Error> {
    use std::io::Write;

    let scale = opts.scale;
    let seed = opts.seed;
    let answers = describe_answers(&opts);
    let sandbox = Sandbox::start(opts).await?;
    let urls = sandbox.urls().clone();
    let contacts = data::contact_count(scale);
    let mut out = std::io::stdout().lock();
    writeln!(out, "base_url={}", urls.base_url)?;
    writeln!(out, "io_url={}", urls.io_url)?;
    writeln!(out, "automation_url={}", urls.automation_url)?;
    writeln!(out, "crm_url={}", urls.crm_url)?;
    writeln!(out)?;
    let text = banner(&Started {
        addr: sandbox.addr(),
        urls: &urls,
        seed,
        scale,
        contacts,
        answers,
    });
    writeln!(out, "{}", text.trim_end())?;
    out.flush()?;
    drop(out);

    wait_for_stop_signal().await?;
    sandbox.shutdown().await;
    Ok(())
}

/// One line on how `/rest/v1` answers, so a person reading the banner knows which dialect runs.
fn describe_answers(opts: &Options) -> String {
    use clap::ValueEnum;
    let dialect = opts.dialect.to_possible_value().map_or_else(
        || format!("{:?}", opts.dialect),
        |v| v.get_name().to_owned(),
    );
    let html = match opts.html_error_every() {
        0 => String::new(),
        n => format!(", html-error-every={n}"),
    };
    format!(
        "dialect={dialect}, token-field={}{html}",
        opts.token_field()
    )
}

async fn wait_for_stop_signal() -> Result<(), Error> {
    #[cfg(unix)]
    {
        use tokio::signal::unix::{SignalKind, signal};
        let mut terminate = signal(SignalKind::terminate())?;
        tokio::select! {
            result = tokio::signal::ctrl_c() => result?,
            _ = terminate.recv() => {}
        }
    }
    #[cfg(not(unix))]
    tokio::signal::ctrl_c().await?;
    Ok(())
}
