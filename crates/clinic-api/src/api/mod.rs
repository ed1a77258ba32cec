//! The Clinic Results API: the table of every remote operation (for `clinic operations`, the coverage
//! test, and the typed functions of `ops` and the CRM client, which read method, path and safety from
//! it), tolerant readers of its answers, and the authenticated client.

pub mod auth;
pub mod client;
pub mod conventions;
pub mod envelope;
pub mod judge;
pub mod links;
pub mod list;
pub mod ops;
pub mod raw_page;

pub use client::{ApiClient, ClientHooks};

use crate::http::Safety;
use crate::identity::IdKeys;

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
    /// Whether a failed attempt may be sent again (reads) or not (writes, the webhook).
    #[serde(skip)]
    pub safety: Safety,
    /// Whether the operation takes `pagina_atual`/`por_pagina` (and fails without them).
    #[serde(skip)]
    pub paging: Paging,
    /// The keys under which the records it lists or creates carry their own ID: what a walk knows
    /// a record by, and what a create's answer is read for (a foreign key such as `id_campanha` in a
    /// created contact never is).
    #[serde(skip)]
    pub ids: IdKeys,
}

/// Whether an operation is a paged list.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Paging {
    Paged,
    Unpaged,
}

const fn op(
    group: &'static str,
    method: &'static str,
    host: Host,
    path: &'static str,
    command: &'static str,
    safety: Safety,
    paging: Paging,
) -> Operation {
    Operation {
        group,
        method,
        host,
        path,
        command,
        safety,
        paging,
        ids: IdKeys::ANY,
    }
}

impl Operation {
    /// The operation whose records carry their ID under `ids`.
    const fn of(self, ids: IdKeys) -> Operation {
        Operation { ids, ..self }
    }
}

/// Each kind's own ID keys, most specific first; the generic ones (`id`, `codigo`, `cod`…) follow
/// them (see `identity::GENERIC`).
pub mod kinds {
    use crate::identity::IdKeys;

    const fn kind(kind: &'static str, own: &'static [&'static str]) -> IdKeys {
        IdKeys { kind, own }
    }

    pub const CONTACT: IdKeys = kind(
        "contact",
        &[
            "id_cliente",
            "cliente_id",
            "idCliente",
            "clienteId",
            "id_contato",
        ],
    );
    pub const CAMPAIGN: IdKeys = kind(
        "campaign",
        &[
            "id_campanha",
            "campanha_id",
            "idCampanha",
            "campanhaId",
            "campanha",
        ],
    );
    pub const APPOINTMENT: IdKeys = kind(
        "appointment",
        &[
            "id_agendamento",
            "agendamento_id",
            "idAgendamento",
            "agendamentoId",
        ],
    );
    pub const QUOTE: IdKeys = kind(
        "quote",
        &["id_orcamento", "orcamento_id", "idOrcamento", "orcamentoId"],
    );
    pub const CREATOR: IdKeys = kind(
        "creator",
        &["id_criado_por", "criado_por_id", "id_usuario", "usuario_id"],
    );
    pub const ACCOUNT_PLAN: IdKeys = kind(
        "account plan",
        &[
            "id_plano_de_conta",
            "id_plano_conta",
            "plano_de_conta_id",
            "plano_conta_id",
        ],
    );
    pub const SELLER: IdKeys = kind("seller", &["id_vendedor", "vendedor_id", "idVendedor"]);
    pub const SERVICE: IdKeys = kind("service", &["id_servico", "servico_id", "idServico"]);
    pub const CLINIC: IdKeys = kind("clinic", &["id_clinica", "clinica_id", "idClinica"]);
    pub const CHANNEL: IdKeys = kind("channel", &["id_canal", "canal_id", "idCanal"]);
    pub const APPOINTMENT_STATUS: IdKeys = kind(
        "appointment status",
        &["id_status", "status_id", "id_status_agendamento"],
    );
    pub const QUOTE_STATUS: IdKeys = kind(
        "quote status",
        &["id_status", "status_id", "id_status_venda"],
    );
    pub const OPERATION_TYPE: IdKeys = kind(
        "operation type",
        &["id_tipo_operacao", "tipo_operacao_id", "idTipoOperacao"],
    );
    /// The CRM writes every record's ID under `ID`.
    pub const CRM: IdKeys = kind("crm record", &["ID"]);
    /// The universal methods write a smart process item's ID under `id`.
    pub const CRM_ITEM: IdKeys = kind("crm item", &["id"]);
}

use Host::*;
use Paging::*;

/// Every remote operation, in the order of the service's documentation.
/// Logging in changes nothing on the server, so a lost answer may be asked again.
pub const LOGIN: Operation = op(
    "Autenticação",
    "POST",
    BaseUrl,
    "/loginApi",
    "clinic login",
    Safety::Idempotent,
    Unpaged,
);
pub const CREATE_CONTACT: Operation = op(
    "Entrada — Atração",
    "POST",
    BaseUrl,
    "/cadastraCliente",
    "clinic contact create",
    Safety::Unsafe,
    Unpaged,
)
.of(kinds::CONTACT);
pub const UPDATE_CONTACT: Operation = op(
    "Entrada — Atração",
    "POST",
    BaseUrl,
    "/atualizaCadastroCliente",
    "clinic contact update",
    Safety::Unsafe,
    Unpaged,
)
.of(kinds::CONTACT);
pub const CREATE_CAMPAIGN: Operation = op(
    "Entrada — Apoio",
    "POST",
    BaseUrl,
    "/criaCampanha",
    "clinic campaign create",
    Safety::Unsafe,
    Unpaged,
)
.of(kinds::CAMPAIGN);
pub const SET_APPOINTMENT_STATUS: Operation = op(
    "Entrada — Conversão e entrega",
    "POST",
    BaseUrl,
    "/mudaStatusAgendamento",
    "clinic appointment set-status",
    Safety::Unsafe,
    Unpaged,
)
.of(kinds::APPOINTMENT);
pub const APPOINTMENTS: Operation = op(
    "Saída — Entrega e retenção",
    "GET",
    BaseUrl,
    "/relAgendamentos",
    "clinic report appointments",
    Safety::Idempotent,
    Paged,
)
.of(kinds::APPOINTMENT);
pub const FICHA_FINANCEIRA: Operation = op(
    "Saída — Conversão",
    "GET",
    BaseUrl,
    "/lista_venda_orcamento",
    "clinic report ficha-financeira",
    Safety::Idempotent,
    Paged,
)
.of(kinds::QUOTE);
pub const CONTACTS: Operation = op(
    "Saída — Atração",
    "GET",
    BaseUrl,
    "/lista_cliente",
    "clinic contact list",
    Safety::Idempotent,
    Paged,
)
.of(kinds::CONTACT);
pub const CREATORS: Operation = op(
    "Saída — Apoio",
    "GET",
    BaseUrl,
    "/listaCriadoPorVenda",
    "clinic ref creators",
    Safety::Idempotent,
    Paged,
)
.of(kinds::CREATOR);
pub const ACCOUNT_PLANS: Operation = op(
    "Saída — Apoio",
    "GET",
    BaseUrl,
    "/listaPlanoDeConta",
    "clinic ref account-plans",
    Safety::Idempotent,
    Paged,
)
.of(kinds::ACCOUNT_PLAN);
pub const SELLERS: Operation = op(
    "Saída — Apoio",
    "GET",
    BaseUrl,
    "/listaVendedor",
    "clinic ref sellers",
    Safety::Idempotent,
    Paged,
)
.of(kinds::SELLER);
pub const CAMPAIGNS: Operation = op(
    "Saída — Apoio",
    "GET",
    BaseUrl,
    "/listaCampanha",
    "clinic ref campaigns",
    Safety::Idempotent,
    Paged,
)
.of(kinds::CAMPAIGN);
pub const SERVICES: Operation = op(
    "Saída — Apoio",
    "GET",
    BaseUrl,
    "/listaServico",
    "clinic ref services",
    Safety::Idempotent,
    Paged,
)
.of(kinds::SERVICE);
pub const HAS_QUOTE: Operation = op(
    "Saída — Apoio",
    "GET",
    BaseUrl,
    "/avaliacaoPossuiVendaOrcamento",
    "clinic ref has-quote",
    Safety::Idempotent,
    Unpaged,
);
pub const CLINICS: Operation = op(
    "Saída — Apoio",
    "GET",
    BaseUrl,
    "/listaClinicas",
    "clinic ref clinics",
    Safety::Idempotent,
    Paged,
)
.of(kinds::CLINIC);
pub const CHANNELS: Operation = op(
    "Saída — Apoio",
    "GET",
    BaseUrl,
    "/listaCanal",
    "clinic ref channels",
    Safety::Idempotent,
    Paged,
)
.of(kinds::CHANNEL);
pub const APPOINTMENT_STATUSES: Operation = op(
    "Saída — Apoio",
    "GET",
    BaseUrl,
    "/statusAgendamento",
    "clinic ref appointment-statuses",
    Safety::Idempotent,
    Unpaged,
)
.of(kinds::APPOINTMENT_STATUS);
pub const QUOTE_STATUSES: Operation = op(
    "Saída — Apoio",
    "GET",
    BaseUrl,
    "/lista_status_venda",
    "clinic ref quote-statuses",
    Safety::Idempotent,
    Unpaged,
)
.of(kinds::QUOTE_STATUS);
pub const OPERATION_TYPES: Operation = op(
    "Saída — Apoio",
    "GET",
    BaseUrl,
    "/listaTipoOperacao",
    "clinic ref operation-types",
    Safety::Idempotent,
    Paged,
)
.of(kinds::OPERATION_TYPE);
pub const AUTOMATION_WEBHOOK: Operation = op(
    "CRM — Automação",
    "GET",
    AutomationUrl,
    "/webhook/{webhook_id}",
    "clinic crm contact create",
    Safety::Unsafe,
    Unpaged,
);
pub const CRM_CONTACT_LIST: Operation = op(
    "CRM",
    "GET",
    CrmUrl,
    "crm.contact.list",
    "clinic crm contact list",
    Safety::Idempotent,
    Unpaged,
)
.of(kinds::CRM);
pub const CRM_CONTACT_GET: Operation = op(
    "CRM",
    "GET",
    CrmUrl,
    "crm.contact.get",
    "clinic crm contact get",
    Safety::Idempotent,
    Unpaged,
)
.of(kinds::CRM);
pub const CRM_CONTACT_UPDATE: Operation = op(
    "CRM",
    "GET",
    CrmUrl,
    "crm.contact.update",
    "clinic crm contact update",
    Safety::Unsafe,
    Unpaged,
)
.of(kinds::CRM);
pub const CRM_DEAL_LIST: Operation = op(
    "CRM",
    "GET",
    CrmUrl,
    "crm.deal.list",
    "clinic crm deal list",
    Safety::Idempotent,
    Unpaged,
)
.of(kinds::CRM);
pub const CRM_DEAL_GET: Operation = op(
    "CRM",
    "GET",
    CrmUrl,
    "crm.deal.get",
    "clinic crm deal get",
    Safety::Idempotent,
    Unpaged,
)
.of(kinds::CRM);
pub const CRM_DEAL_UPDATE: Operation = op(
    "CRM",
    "GET",
    CrmUrl,
    "crm.deal.update",
    "clinic crm deal update",
    Safety::Unsafe,
    Unpaged,
)
.of(kinds::CRM);
pub const CRM_LEAD_LIST: Operation = op(
    "CRM",
    "GET",
    CrmUrl,
    "crm.lead.list",
    "clinic crm lead list",
    Safety::Idempotent,
    Unpaged,
)
.of(kinds::CRM);
pub const CRM_LEAD_GET: Operation = op(
    "CRM",
    "GET",
    CrmUrl,
    "crm.lead.get",
    "clinic crm lead get",
    Safety::Idempotent,
    Unpaged,
)
.of(kinds::CRM);
pub const CRM_LEAD_UPDATE: Operation = op(
    "CRM",
    "GET",
    CrmUrl,
    "crm.lead.update",
    "clinic crm lead update",
    Safety::Unsafe,
    Unpaged,
)
.of(kinds::CRM);
/// A new item of a smart process (universal family): never sent twice, a second item would be a
/// duplicate.
pub const CRM_ITEM_ADD: Operation = op(
    "CRM",
    "GET",
    CrmUrl,
    "crm.item.add",
    "clinic crm item create",
    Safety::Unsafe,
    Unpaged,
);
pub const CRM_ITEM_UPDATE: Operation = op(
    "CRM",
    "GET",
    CrmUrl,
    "crm.item.update",
    "clinic crm item update",
    Safety::Unsafe,
    Unpaged,
);
pub const CRM_DUPLICATE_FINDBYCOMM: Operation = op(
    "CRM",
    "GET",
    CrmUrl,
    "crm.duplicate.findbycomm",
    "clinic crm contact import",
    Safety::Idempotent,
    Unpaged,
);
/// Up to 50 reads in one request (`cmd[name]=crm.contact.get?ID=5`): several records by ID, the
/// pages of a list read ahead, the lookups of an import.
pub const CRM_BATCH: Operation = op(
    "CRM",
    "GET",
    CrmUrl,
    "batch",
    "clinic crm contact get",
    Safety::Idempotent,
    Unpaged,
);
/// The portal's smart processes (the universal family's user-defined types).
pub const CRM_TYPE_LIST: Operation = op(
    "CRM",
    "GET",
    CrmUrl,
    "crm.type.list",
    "clinic crm type list",
    Safety::Idempotent,
    Unpaged,
);
/// The items of one smart process (`entityTypeId`), fifty a page as every CRM list.
pub const CRM_ITEM_LIST: Operation = op(
    "CRM",
    "GET",
    CrmUrl,
    "crm.item.list",
    "clinic crm item list",
    Safety::Idempotent,
    Unpaged,
)
.of(kinds::CRM_ITEM);
pub const CRM_ITEM_GET: Operation = op(
    "CRM",
    "GET",
    CrmUrl,
    "crm.item.get",
    "clinic crm item get",
    Safety::Idempotent,
    Unpaged,
)
.of(kinds::CRM_ITEM);
/// A smart process's pipelines, which `--category` names.
pub const CRM_CATEGORY_LIST: Operation = op(
    "CRM",
    "GET",
    CrmUrl,
    "crm.category.list",
    "clinic crm item list",
    Safety::Idempotent,
    Unpaged,
);
/// The stages of each pipeline, which `--stage` names.
pub const CRM_STATUS_LIST: Operation = op(
    "CRM",
    "GET",
    CrmUrl,
    "crm.status.list",
    "clinic crm item list",
    Safety::Idempotent,
    Unpaged,
);
pub const IO: Operation = op(
    "Integrações IO",
    "ANY",
    IoUrl,
    "/{path}",
    "clinic io",
    Safety::Unsafe,
    Unpaged,
);

/// Every remote operation, in the order of the service's documentation.
pub const OPERATIONS: &[Operation] = &[
    LOGIN,
    CREATE_CONTACT,
    UPDATE_CONTACT,
    CREATE_CAMPAIGN,
    SET_APPOINTMENT_STATUS,
    APPOINTMENTS,
    FICHA_FINANCEIRA,
    CONTACTS,
    CREATORS,
    ACCOUNT_PLANS,
    SELLERS,
    CAMPAIGNS,
    SERVICES,
    HAS_QUOTE,
    CLINICS,
    CHANNELS,
    APPOINTMENT_STATUSES,
    QUOTE_STATUSES,
    OPERATION_TYPES,
    AUTOMATION_WEBHOOK,
    CRM_CONTACT_LIST,
    CRM_CONTACT_GET,
    CRM_CONTACT_UPDATE,
    CRM_DEAL_LIST,
    CRM_DEAL_GET,
    CRM_DEAL_UPDATE,
    CRM_LEAD_LIST,
    CRM_LEAD_GET,
    CRM_LEAD_UPDATE,
    CRM_ITEM_ADD,
    CRM_ITEM_UPDATE,
    CRM_DUPLICATE_FINDBYCOMM,
    CRM_BATCH,
    CRM_TYPE_LIST,
    CRM_ITEM_LIST,
    CRM_ITEM_GET,
    CRM_CATEGORY_LIST,
    CRM_STATUS_LIST,
    IO,
];

/// Whether `path` on `base_url` is one of the service's paged lists.
pub fn is_paged_list(path: &str) -> bool {
    OPERATIONS
        .iter()
        .any(|o| o.host == BaseUrl && o.path == path && o.paging == Paged)
}

#[cfg(test)]
mod tests {
    use std::path::{Path, PathBuf};

    /// Every `.rs` file under `dir`.
    fn sources(dir: &Path, out: &mut Vec<PathBuf>) {
        for entry in std::fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                sources(&path, out);
            } else if path.extension().is_some_and(|e| e == "rs") {
                out.push(path);
            }
        }
    }

    /// Every operation the code can reach is in the table: each one this file defines is listed
    /// in `OPERATIONS`, and no other file defines one (the clients send only what they are given
    /// from here, so a command cannot reach the service past the table).
    #[test]
    fn every_operation_defined_is_in_the_table() {
        let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
        let whole = std::fs::read_to_string(src.join("api/mod.rs")).unwrap();
        // The code, without these tests (whose text names what they look for).
        let this = whole.split("#[cfg(test)]").next().unwrap();
        let defined: Vec<&str> = this
            .split("pub const ")
            .skip(1)
            .filter_map(|d| d.split_once(": Operation = "))
            .map(|(name, _)| name)
            .collect();
        let table = this
            .split_once("pub const OPERATIONS: &[Operation] = &[")
            .and_then(|(_, rest)| rest.split_once("];"))
            .map(|(list, _)| list)
            .unwrap();
        let listed: Vec<&str> = table
            .split(',')
            .map(str::trim)
            .filter(|n| !n.is_empty())
            .collect();
        assert!(defined.len() > 20, "{defined:?}");
        assert_eq!(defined, listed, "defined operations and the table differ");
        let mut files = Vec::new();
        sources(&src, &mut files);
        for file in files.iter().filter(|f| !f.ends_with("api/mod.rs")) {
            let text = std::fs::read_to_string(file).unwrap();
            let builds = text.lines().any(|l| {
                l.contains(": Operation = ")
                    || (l.contains("Operation {")
                        && !l.contains("fn ")
                        && !l.trim_start().starts_with("impl"))
            });
            assert!(
                !builds,
                "{} defines an operation outside the table",
                file.display()
            );
        }
    }
}
