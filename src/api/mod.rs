//! The Clinic Results API: the table of every remote operation (for `clinic operations` and the coverage
//! test), tolerant readers of its answers, and the authenticated client.

pub mod auth;
pub mod client;
pub mod envelope;
pub mod judge;
pub mod raw_page;

pub use client::{ApiClient, AuthHooks};

/// Which configured host an operation goes to.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Host {
    BaseUrl,
    AutomationUrl,
    CrmUrl,
    IoUrl,
}

/// One remote operation and the command that reaches it.
#[derive(Debug, Clone, Copy, serde::Serialize)]
pub struct Operation {
    pub group: &'static str,
    pub method: &'static str,
    pub host: Host,
    pub path: &'static str,
    pub command: &'static str,
}

const fn op(
    group: &'static str,
    method: &'static str,
    host: Host,
    path: &'static str,
    command: &'static str,
) -> Operation {
    Operation {
        group,
        method,
        host,
        path,
        command,
    }
}

use Host::*;

/// Every remote operation, in the order of the service's documentation.
pub const OPERATIONS: &[Operation] = &[
    op("Autenticação", "POST", BaseUrl, "/loginApi", "clinic login"),
    op(
        "Entrada — Atração",
        "POST",
        BaseUrl,
        "/cadastraCliente",
        "clinic contact create",
    ),
    op(
        "Entrada — Atração",
        "POST",
        BaseUrl,
        "/atualizaCadastroCliente",
        "clinic contact update",
    ),
    op(
        "Entrada — Apoio",
        "POST",
        BaseUrl,
        "/criaCampanha",
        "clinic campaign create",
    ),
    op(
        "Entrada — Conversão e entrega",
        "POST",
        BaseUrl,
        "/mudaStatusAgendamento",
        "clinic appointment set-status",
    ),
    op(
        "Saída — Entrega e retenção",
        "GET",
        BaseUrl,
        "/relAgendamentos",
        "clinic report appointments",
    ),
    op(
        "Saída — Conversão",
        "GET",
        BaseUrl,
        "/lista_venda_orcamento",
        "clinic report ficha-financeira",
    ),
    op(
        "Saída — Atração",
        "GET",
        BaseUrl,
        "/lista_cliente",
        "clinic contact list",
    ),
    op(
        "Saída — Apoio",
        "GET",
        BaseUrl,
        "/listaCriadoPorVenda",
        "clinic ref creators",
    ),
    op(
        "Saída — Apoio",
        "GET",
        BaseUrl,
        "/listaPlanoDeConta",
        "clinic ref account-plans",
    ),
    op(
        "Saída — Apoio",
        "GET",
        BaseUrl,
        "/listaVendedor",
        "clinic ref sellers",
    ),
    op(
        "Saída — Apoio",
        "GET",
        BaseUrl,
        "/listaCampanha",
        "clinic ref campaigns",
    ),
    op(
        "Saída — Apoio",
        "GET",
        BaseUrl,
        "/listaServico",
        "clinic ref services",
    ),
    op(
        "Saída — Apoio",
        "GET",
        BaseUrl,
        "/avaliacaoPossuiVendaOrcamento",
        "clinic ref has-quote",
    ),
    op(
        "Saída — Apoio",
        "GET",
        BaseUrl,
        "/listaClinicas",
        "clinic ref clinics",
    ),
    op(
        "Saída — Apoio",
        "GET",
        BaseUrl,
        "/listaCanal",
        "clinic ref channels",
    ),
    op(
        "Saída — Apoio",
        "GET",
        BaseUrl,
        "/statusAgendamento",
        "clinic ref appointment-statuses",
    ),
    op(
        "Saída — Apoio",
        "GET",
        BaseUrl,
        "/lista_status_venda",
        "clinic ref quote-statuses",
    ),
    op(
        "Saída — Apoio",
        "GET",
        BaseUrl,
        "/listaTipoOperacao",
        "clinic ref operation-types",
    ),
    op(
        "CRM — Automação",
        "GET",
        AutomationUrl,
        "/webhook/{webhook_id}",
        "clinic crm contact create",
    ),
    op(
        "CRM",
        "GET",
        CrmUrl,
        "crm.contact.list",
        "clinic crm contact list",
    ),
    op(
        "CRM",
        "GET",
        CrmUrl,
        "crm.contact.get",
        "clinic crm contact get",
    ),
    op(
        "CRM",
        "GET",
        CrmUrl,
        "crm.contact.update",
        "clinic crm contact update",
    ),
    op(
        "CRM",
        "GET",
        CrmUrl,
        "crm.deal.list",
        "clinic crm deal list",
    ),
    op("CRM", "GET", CrmUrl, "crm.deal.get", "clinic crm deal get"),
    op(
        "CRM",
        "GET",
        CrmUrl,
        "crm.deal.update",
        "clinic crm deal update",
    ),
    op("Integrações IO", "ANY", IoUrl, "/{path}", "clinic io"),
];

/// The operation with this path on `base_url`.
pub fn operation(path: &str) -> &'static Operation {
    OPERATIONS
        .iter()
        .find(|o| o.host == BaseUrl && o.path == path)
        .unwrap_or_else(|| panic!("{path} is missing from OPERATIONS"))
}
