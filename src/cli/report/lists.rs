//! The two reports' flags, checks and queries: `report appointments` and `report ficha-financeira`,
//! shared with `report summary`, which walks the same lists.

use chrono::NaiveDate;
use clap::Args;

use crate::cli::args::{self, ClinicsArg, Query, resolve_list, resolve_opt};
use crate::context::Context;
use crate::error::{Error, Result};
use crate::refs::resolve::{parse_ref, parse_ref_list};
use crate::refs::{Kind, Ref, RefList};

#[derive(Args, Debug)]
pub struct AppointmentsArgs {
    #[arg(long, visible_alias = "data-agendamento-de", value_parser = args::date, value_name = "DATE")]
    pub(super) from: Option<NaiveDate>,
    #[arg(long, visible_alias = "data-agendamento-ate", value_parser = args::date_to, value_name = "DATE")]
    pub(super) to: Option<NaiveDate>,
    #[arg(long, visible_alias = "hoje", conflicts_with_all = ["from", "to", "week"])]
    pub(super) today: bool,
    #[arg(long, visible_alias = "semana", conflicts_with_all = ["from", "to"])]
    pub(super) week: bool,
    #[arg(long = "type", visible_alias = "tipo-agendamento", value_parser = args::id, value_name = "ID", add = clap_complete::ArgValueCompleter::new(appointment_types))]
    pub(super) kind: Option<u64>,
    #[arg(long, value_parser = parse_ref_list, value_name = "1,2,3", add = clap_complete::ArgValueCompleter::new(crate::cli::complete::names::appointment_status_list))]
    pub(super) status: Option<RefList>,
    #[arg(long, visible_alias = "avaliacao-possui", value_parser = args::flag01, value_name = "0|1", add = clap_complete::ArgValueCompleter::new(has_quote_values))]
    pub(super) has_quote: Option<u8>,
    #[command(flatten)]
    pub(crate) clinic: ClinicsArg,
}

#[derive(Args, Debug)]
pub struct FichaArgs {
    #[arg(long, visible_alias = "data-de", value_parser = args::date, value_name = "DATE")]
    pub(super) from: Option<NaiveDate>,
    #[arg(long, visible_alias = "data-ate", value_parser = args::date_to, value_name = "DATE")]
    pub(super) to: Option<NaiveDate>,
    #[arg(long, value_parser = parse_ref_list, value_name = "IDS|NAMES", add = clap_complete::ArgValueCompleter::new(crate::cli::complete::names::quote_status_list))]
    pub(super) status: Option<RefList>,
    #[arg(long, visible_alias = "cliente", value_parser = args::id, value_name = "ID")]
    pub(super) client: Option<u64>,
    #[arg(long, visible_alias = "observacoes-contratuais", value_name = "TEXT")]
    pub(super) contract_notes: Option<String>,
    #[arg(long, visible_alias = "observacoes-venda", value_name = "TEXT")]
    pub(super) sale_notes: Option<String>,
    #[command(flatten)]
    pub(super) activity: args::ActiveArg,
    #[arg(long, visible_alias = "id-servico", value_parser = parse_ref, value_name = "ID|NAME", add = clap_complete::ArgValueCompleter::new(crate::cli::complete::names::services))]
    pub(super) service: Option<Ref>,
    #[arg(long, visible_alias = "avaliacao-de", value_parser = args::date, value_name = "DATE")]
    pub(super) evaluation_from: Option<NaiveDate>,
    #[arg(long, visible_alias = "avaliacao-ate", value_parser = args::date_to, value_name = "DATE")]
    pub(super) evaluation_to: Option<NaiveDate>,
    #[arg(long, visible_alias = "criado-em-de", value_parser = args::date, value_name = "DATE")]
    pub(super) created_from: Option<NaiveDate>,
    #[arg(long, visible_alias = "criado-em-ate", value_parser = args::date_to, value_name = "DATE")]
    pub(super) created_to: Option<NaiveDate>,
    #[arg(long, visible_alias = "data-pagamento-de", value_parser = args::date, value_name = "DATE")]
    pub(super) paid_from: Option<NaiveDate>,
    #[arg(long, visible_alias = "data-pagamento-ate", value_parser = args::date_to, value_name = "DATE")]
    pub(super) paid_to: Option<NaiveDate>,
    #[arg(long, visible_alias = "modificado-em-de", value_parser = args::date, value_name = "DATE")]
    pub(crate) modified_from: Option<NaiveDate>,
    #[arg(long, visible_alias = "modificado-em-ate", value_parser = args::date_to, value_name = "DATE")]
    pub(super) modified_to: Option<NaiveDate>,
    #[arg(long, visible_alias = "criado-por", value_parser = parse_ref, value_name = "ID|NAME", add = clap_complete::ArgValueCompleter::new(crate::cli::complete::names::creators))]
    pub(super) created_by: Option<Ref>,
    #[arg(long, visible_alias = "modificado-por", value_parser = parse_ref, value_name = "ID|NAME", add = clap_complete::ArgValueCompleter::new(crate::cli::complete::names::creators))]
    pub(super) modified_by: Option<Ref>,
    #[arg(long, visible_alias = "vendedor", value_parser = parse_ref, value_name = "ID|NAME", add = clap_complete::ArgValueCompleter::new(crate::cli::complete::names::sellers))]
    pub(super) seller: Option<Ref>,
    #[arg(long, visible_alias = "plano-de-conta", value_parser = parse_ref, value_name = "ID|NAME", add = clap_complete::ArgValueCompleter::new(crate::cli::complete::names::account_plans))]
    pub(super) account_plan: Option<Ref>,
    #[arg(long, visible_alias = "tipo-operacao-produto", value_parser = parse_ref, value_name = "ID|NAME", add = clap_complete::ArgValueCompleter::new(crate::cli::complete::names::operation_types))]
    pub(super) operation_type: Option<Ref>,
    #[command(flatten)]
    pub(crate) clinic: ClinicsArg,
}

/// The list behind each report.
pub(crate) const APPOINTMENTS: &crate::api::Operation = &crate::api::APPOINTMENTS;
pub(crate) const FICHA: &crate::api::Operation = &crate::api::FICHA_FINANCEIRA;

/// The Ficha Financeira's columns on a terminal: its 40-odd columns would squeeze every cell to a
/// character. Files and pipes get them all. A narrow terminal drops them from the end rather than
/// cut their words.
pub(super) const FICHA_COLUMNS: &[&str] =
    &["codigo", "data", "cliente", "status", "valor", "vendedor"];

/// The appointments report's columns on a terminal; the ID first, as `appointment set-status` needs it.
/// A narrow terminal drops them from the end rather than cut their words.
pub(super) const APPOINTMENT_COLUMNS: &[&str] = &[
    "id",
    "data_agendamento",
    "hora_inicio",
    "nome_cliente",
    "status",
    "servico",
    "profissional",
];

/// Tab candidates for `--type`: the appointment types every deployment has.
fn appointment_types(current: &std::ffi::OsStr) -> Vec<clap_complete::CompletionCandidate> {
    crate::cli::complete::offer(
        current,
        [
            ("1", crate::t!("cli-report-type-1")),
            ("2", crate::t!("cli-report-type-2")),
        ]
        .map(|(id, name)| (id.to_string(), Some(name))),
    )
}

/// Tab candidates for `--has-quote`.
fn has_quote_values(current: &std::ffi::OsStr) -> Vec<clap_complete::CompletionCandidate> {
    crate::cli::complete::offer(
        current,
        [
            ("0", crate::t!("cli-report-has-quote-0")),
            ("1", crate::t!("cli-report-has-quote-1")),
        ]
        .map(|(v, help)| (v.to_string(), Some(help))),
    )
}

impl AppointmentsArgs {
    /// `--today` and `--week`: the days they name, as `--from` and `--to` would give them.
    pub(crate) fn apply_shortcuts(&mut self) {
        use crate::relative_date::{Edge, day, today};
        let word = match (self.today, self.week) {
            (true, _) => "today",
            (false, true) => "week",
            (false, false) => return,
        };
        self.from = day(word, Edge::Start, today());
        self.to = day(word, Edge::End, today());
    }
}

/// What can be refused before anything is sent.
pub(crate) fn check_appointments(a: &AppointmentsArgs) -> Result<()> {
    if a.kind == Some(2) && a.has_quote.is_none() {
        return Err(Error::missing(
            "--has-quote",
            &crate::t!("cli-report-expected-has-quote"),
        ));
    }
    args::check_range("--from", a.from, a.to)
}

/// The appointments filters for one clinic.
pub(crate) async fn appointments_query(
    ctx: &Context,
    a: &AppointmentsArgs,
    clinic: Option<u64>,
) -> Result<Vec<(String, String)>> {
    let status = resolve_list(
        ctx,
        Kind::AppointmentStatuses,
        "--status",
        a.status.as_ref(),
        None,
    )
    .await?;
    let mut q = Query::default();
    q.opt("clinica", clinic)
        .date("data_agendamento_de", a.from)
        .date("data_agendamento_ate", a.to)
        .opt("tipo_agendamento", a.kind)
        .opt("status", status)
        .opt("avaliacao_possui", a.has_quote);
    Ok(q.0)
}

/// What can be refused before anything is sent.
pub(crate) fn check_ficha(f: &FichaArgs) -> Result<()> {
    args::check_range("--from", f.from, f.to)?;
    args::check_range("--evaluation-from", f.evaluation_from, f.evaluation_to)?;
    args::check_range("--created-from", f.created_from, f.created_to)?;
    args::check_range("--paid-from", f.paid_from, f.paid_to)?;
    args::check_range("--modified-from", f.modified_from, f.modified_to)
}

/// The quote status a summary of sales reads unless `--status` says otherwise: sales are approved
/// quotes.
pub(super) const SALES_STATUS: &str = "Aprovado";

/// Which quote statuses a summary reads.
pub(super) enum Statuses {
    /// Those `--status` names, as the user named them.
    Given(String),
    /// Every status: `--status all` (or `todos`, `todas`).
    Every,
    /// None was named: sales ([`SALES_STATUS`]), looked up once the clinics are known.
    Sales,
}

/// What `--status` asks of a summary; `all` is taken out of the filters, as it filters nothing.
pub(super) fn summary_statuses(f: &mut FichaArgs) -> Statuses {
    use crate::refs::resolve::{Ref, RefList};
    match &f.status {
        None => Statuses::Sales,
        Some(RefList(list))
            if matches!(list.as_slice(), [Ref::Name(name)]
                if ["all", "todos", "todas"].contains(&crate::text::fold::normalize(name).as_str())) =>
        {
            f.status = None;
            Statuses::Every
        }
        Some(RefList(list)) => Statuses::Given(
            list.iter()
                .map(|r| match r {
                    Ref::Id(id) => id.to_string(),
                    Ref::Name(name) => name.clone(),
                })
                .collect::<Vec<_>>()
                .join(", "),
        ),
    }
}

/// The IDs of [`SALES_STATUS`] in the quote-status list, when the list can be read and names it.
/// Where it cannot, the caller reads every status and says so: a summary that failed (or came back
/// empty) on such a deployment would be worse than one that says what it holds. What stops every
/// request of the run (no base_url, no login, no network) is no fact about the list: it is the
/// run's error, said once, with no warning about the list before it.
pub(super) async fn sales_status(ctx: &Context) -> Result<Option<String>> {
    let sales =
        crate::refs::resolve::RefList(vec![crate::refs::resolve::Ref::Name(SALES_STATUS.into())]);
    match resolve_list(ctx, Kind::QuoteStatuses, "--status", Some(&sales), None).await {
        Ok(ids) => Ok(ids),
        Err(
            e @ (Error::Usage(_)
            | Error::Config(_)
            | Error::NotLoggedIn(_)
            | Error::Auth(_)
            | Error::Network(_)
            | Error::Proxy(_)
            | Error::Interrupted),
        ) => Err(e),
        Err(_) => Ok(None),
    }
}

/// The Ficha Financeira filters for one clinic: names are looked up in that clinic's lists.
pub(crate) async fn ficha_query(
    ctx: &Context,
    f: &FichaArgs,
    c: Option<u64>,
) -> Result<Vec<(String, String)>> {
    let inativo = f.activity.inativo();
    let status = resolve_list(
        ctx,
        Kind::QuoteStatuses,
        "--status",
        f.status.as_ref(),
        None,
    )
    .await?;
    let service = resolve_opt(ctx, Kind::Services, "--service", f.service.as_ref(), c).await?;
    let created_by = resolve_opt(
        ctx,
        Kind::Creators,
        "--created-by",
        f.created_by.as_ref(),
        c,
    )
    .await?;
    let modified_by = resolve_opt(
        ctx,
        Kind::Creators,
        "--modified-by",
        f.modified_by.as_ref(),
        c,
    )
    .await?;
    let seller = resolve_opt(ctx, Kind::Sellers, "--seller", f.seller.as_ref(), c).await?;
    let plan = resolve_opt(
        ctx,
        Kind::AccountPlans,
        "--account-plan",
        f.account_plan.as_ref(),
        c,
    )
    .await?;
    let operation = resolve_opt(
        ctx,
        Kind::OperationTypes,
        "--operation-type",
        f.operation_type.as_ref(),
        c,
    )
    .await?;
    let mut q = Query::default();
    q.opt("clinica", c)
        .date("data_de", f.from)
        .date("data_ate", f.to)
        .opt("status", status)
        .opt("cliente", f.client)
        .opt("observacoes_contratuais", f.contract_notes.as_ref())
        .opt("observacoes_venda", f.sale_notes.as_ref())
        .opt("inativo", inativo)
        .opt("id_servico", service)
        .date("avaliacao_de", f.evaluation_from)
        .date("avaliacao_ate", f.evaluation_to)
        .date("criado_em_de", f.created_from)
        .date("criado_em_ate", f.created_to)
        .date("data_pagamento_de", f.paid_from)
        .date("data_pagamento_ate", f.paid_to)
        .date("modificado_em_de", f.modified_from)
        .date("modificado_em_ate", f.modified_to)
        .opt("criado_por", created_by)
        .opt("modificado_por", modified_by)
        .opt("vendedor", seller)
        .opt("plano_de_conta", plan)
        .opt("tipo_operacao_produto", operation);
    Ok(q.0)
}
