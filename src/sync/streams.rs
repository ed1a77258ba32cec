//! The streams a sync mirrors, and the lists (tables) each one is made of.

use crate::api::{self, Operation};
use crate::refs::Kind;

/// What `--streams` names.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Stream {
    /// The Ficha Financeira (quotes).
    Quotes,
    Appointments,
    /// `lista_cliente`, where the deployment has it.
    Contacts,
    /// Every reference list.
    References,
    /// The CRM's contacts, deals and leads (`--crm`), and the items of each smart process the portal
    /// has (its tables known once the portal is asked, see [`smart_process`]).
    Crm,
}

impl Stream {
    /// The streams of the main API, synced unless `--streams` says otherwise (the CRM joins them
    /// with `--crm`).
    pub const API: [Stream; 4] = [
        Stream::Quotes,
        Stream::Appointments,
        Stream::Contacts,
        Stream::References,
    ];

    pub fn name(self) -> &'static str {
        match self {
            Stream::Quotes => "quotes",
            Stream::Appointments => "appointments",
            Stream::Contacts => "contacts",
            Stream::References => "references",
            Stream::Crm => "crm",
        }
    }

    /// The lists of this stream, each a table of the mirror.
    pub fn tables(self) -> Vec<Table> {
        let one = |t: &Table| Table {
            name: t.name,
            op: t.op,
            per_clinic: t.per_clinic,
            modified: t.modified,
            optional: t.optional,
            crm: t.crm,
            items_of: t.items_of,
        };
        match self {
            Stream::Quotes => vec![one(&QUOTES)],
            Stream::Appointments => vec![one(&APPOINTMENTS)],
            Stream::Contacts => vec![one(&CONTACTS)],
            Stream::References => references(),
            Stream::Crm => vec![one(&CRM_CONTACTS), one(&CRM_DEALS), one(&CRM_LEADS)],
        }
    }
}

/// `--streams quotes,appointments`: names (English or Portuguese), comma-separated.
pub fn parse_streams(text: &str) -> std::result::Result<Vec<Stream>, String> {
    let mut out = Vec::new();
    for word in text.split(',').map(str::trim).filter(|w| !w.is_empty()) {
        let folded = crate::text::fold::normalize(word);
        let stream = match folded.as_str() {
            "quotes" | "ficha" | "ficha-financeira" | "orcamentos" => Stream::Quotes,
            "appointments" | "agendamentos" => Stream::Appointments,
            "contacts" | "contatos" | "clientes" => Stream::Contacts,
            "references" | "refs" | "referencias" => Stream::References,
            "crm" => Stream::Crm,
            _ => return Err(crate::t!("sync-expected-streams")),
        };
        if !out.contains(&stream) {
            out.push(stream);
        }
    }
    if out.is_empty() {
        return Err(crate::t!("sync-expected-streams"));
    }
    Ok(out)
}

/// How a list says when each record was last modified, and the filter that asks for those since a day.
#[derive(Clone, Copy)]
pub struct Modified {
    pub field: &'static str,
    pub filter: &'static str,
}

/// One list of the service, mirrored into the table of its name.
pub struct Table {
    pub name: &'static str,
    pub op: &'static Operation,
    pub per_clinic: bool,
    pub modified: Option<Modified>,
    /// Not every deployment has it: an unknown route skips it with a note.
    pub optional: bool,
    /// A list of the CRM (`crm_url`), walked by ID keyset, and the fields it asks for; else one of
    /// `base_url`.
    pub crm: Option<&'static [&'static str]>,
    /// The `entityTypeId` of a smart process, whose items `op` (`crm.item.list`) lists.
    pub items_of: Option<u64>,
}

impl Table {
    /// A list the service pages (`pagina_atual`); the others come whole in one answer.
    pub fn paged(&self) -> bool {
        self.op.paging == crate::api::Paging::Paged
    }
}

static QUOTES: Table = Table {
    name: "quotes",
    op: &api::FICHA_FINANCEIRA,
    per_clinic: true,
    modified: Some(Modified {
        field: "modificado_em",
        filter: "modificado_em_de",
    }),
    optional: false,
    crm: None,
    items_of: None,
};

static APPOINTMENTS: Table = Table {
    name: "appointments",
    op: &api::APPOINTMENTS,
    per_clinic: true,
    modified: None,
    optional: false,
    crm: None,
    items_of: None,
};

static CONTACTS: Table = Table {
    name: "contacts",
    op: &api::CONTACTS,
    per_clinic: true,
    modified: None,
    optional: true,
    crm: None,
    items_of: None,
};

static CRM_CONTACTS: Table = Table {
    name: "crm_contacts",
    op: &api::CRM_CONTACT_LIST,
    per_clinic: false,
    modified: None,
    optional: false,
    // Every field, custom ones and the lists of phones and e-mails too.
    crm: Some(&["*", "UF_*", "PHONE", "EMAIL"]),
    items_of: None,
};

static CRM_DEALS: Table = Table {
    name: "crm_deals",
    op: &api::CRM_DEAL_LIST,
    per_clinic: false,
    modified: None,
    optional: false,
    crm: Some(&["*", "UF_*"]),
    items_of: None,
};

static CRM_LEADS: Table = Table {
    name: "crm_leads",
    op: &api::CRM_LEAD_LIST,
    per_clinic: false,
    modified: None,
    optional: false,
    // A lead holds phones and e-mails as a contact does.
    crm: Some(&["*", "UF_*", "PHONE", "EMAIL"]),
    items_of: None,
};

/// The table of smart process `type_id`'s items: `crm_item_<entityTypeId>`, a name no list of
/// the service takes, whatever the portal calls the process.
pub fn smart_process(type_id: u64) -> Table {
    // A run names a handful of tables, once each: the name lives as long as the run, as the
    // names of the fixed tables do.
    let name: &'static str = Box::leak(format!("crm_item_{type_id}").into_boxed_str());
    Table {
        name,
        op: &api::CRM_ITEM_LIST,
        per_clinic: false,
        modified: None,
        optional: false,
        // Every field, the process's own (`ufCrm…`) too.
        crm: Some(&["*"]),
        items_of: Some(type_id),
    }
}

/// The reference lists, each a table `ref_<list>`.
fn references() -> Vec<Table> {
    Kind::ALL
        .iter()
        .map(|&kind| Table {
            name: reference_table(kind),
            op: kind.operation(),
            per_clinic: kind.per_clinic(),
            modified: None,
            optional: false,
            crm: None,
            items_of: None,
        })
        .collect()
}

fn reference_table(kind: Kind) -> &'static str {
    match kind {
        Kind::Clinics => "ref_clinics",
        Kind::Channels => "ref_channels",
        Kind::Campaigns => "ref_campaigns",
        Kind::Services => "ref_services",
        Kind::Sellers => "ref_sellers",
        Kind::Creators => "ref_creators",
        Kind::AccountPlans => "ref_account_plans",
        Kind::OperationTypes => "ref_operation_types",
        Kind::AppointmentStatuses => "ref_appointment_statuses",
        Kind::QuoteStatuses => "ref_quote_statuses",
    }
}
