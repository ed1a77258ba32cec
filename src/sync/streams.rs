//! The streams a sync mirrors, and the lists (tables) each one is made of.

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
}

impl Stream {
    pub const ALL: [Stream; 4] = [
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
        }
    }

    /// The lists of this stream, each a table of the mirror.
    pub fn tables(self) -> Vec<&'static Table> {
        match self {
            Stream::Quotes => vec![&QUOTES],
            Stream::Appointments => vec![&APPOINTMENTS],
            Stream::Contacts => vec![&CONTACTS],
            Stream::References => REFERENCES.iter().collect(),
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
    pub path: &'static str,
    pub per_clinic: bool,
    pub paged: bool,
    pub modified: Option<Modified>,
    /// Not every deployment has it: an unknown route skips it with a note.
    pub optional: bool,
}

static QUOTES: Table = Table {
    name: "quotes",
    path: crate::api::FICHA_FINANCEIRA.path,
    per_clinic: true,
    paged: true,
    modified: Some(Modified {
        field: "modificado_em",
        filter: "modificado_em_de",
    }),
    optional: false,
};

static APPOINTMENTS: Table = Table {
    name: "appointments",
    path: crate::api::APPOINTMENTS.path,
    per_clinic: true,
    paged: true,
    modified: None,
    optional: false,
};

static CONTACTS: Table = Table {
    name: "contacts",
    path: crate::api::CONTACTS.path,
    per_clinic: true,
    paged: true,
    modified: None,
    optional: true,
};

macro_rules! reference {
    ($name:literal, $kind:expr) => {
        Table {
            name: $name,
            path: $kind.path(),
            per_clinic: $kind.per_clinic(),
            paged: $kind.paged(),
            modified: None,
            optional: false,
        }
    };
}

static REFERENCES: [Table; 10] = [
    reference!("ref_clinics", Kind::Clinics),
    reference!("ref_channels", Kind::Channels),
    reference!("ref_campaigns", Kind::Campaigns),
    reference!("ref_services", Kind::Services),
    reference!("ref_sellers", Kind::Sellers),
    reference!("ref_creators", Kind::Creators),
    reference!("ref_account_plans", Kind::AccountPlans),
    reference!("ref_operation_types", Kind::OperationTypes),
    reference!("ref_appointment_statuses", Kind::AppointmentStatuses),
    reference!("ref_quote_statuses", Kind::QuoteStatuses),
];
