//! The reference lists by kind, and their entries: an ID and a name.

use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::identity::IdKeys;

/// A reference list that gives IDs their names.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Kind {
    Clinics,
    Channels,
    Campaigns,
    Services,
    Sellers,
    Creators,
    AccountPlans,
    OperationTypes,
    AppointmentStatuses,
    QuoteStatuses,
}

impl Kind {
    pub const ALL: [Kind; 10] = [
        Kind::Clinics,
        Kind::Channels,
        Kind::Campaigns,
        Kind::Services,
        Kind::Sellers,
        Kind::Creators,
        Kind::AccountPlans,
        Kind::OperationTypes,
        Kind::AppointmentStatuses,
        Kind::QuoteStatuses,
    ];

    /// The list's entry in the operations table.
    pub fn operation(self) -> &'static crate::api::Operation {
        use crate::api;
        match self {
            Kind::Clinics => &api::CLINICS,
            Kind::Channels => &api::CHANNELS,
            Kind::Campaigns => &api::CAMPAIGNS,
            Kind::Services => &api::SERVICES,
            Kind::Sellers => &api::SELLERS,
            Kind::Creators => &api::CREATORS,
            Kind::AccountPlans => &api::ACCOUNT_PLANS,
            Kind::OperationTypes => &api::OPERATION_TYPES,
            Kind::AppointmentStatuses => &api::APPOINTMENT_STATUSES,
            Kind::QuoteStatuses => &api::QUOTE_STATUSES,
        }
    }

    /// Lists the service returns whole, without `pagina_atual`.
    pub fn paged(self) -> bool {
        self.operation().paging == crate::api::Paging::Paged
    }

    /// Lists whose content depends on the clinic (`clinica` parameter).
    pub fn per_clinic(self) -> bool {
        matches!(
            self,
            Kind::Campaigns
                | Kind::Services
                | Kind::Sellers
                | Kind::Creators
                | Kind::AccountPlans
                | Kind::OperationTypes
        )
    }

    /// The list's name in messages, in the interface's language.
    pub fn label(self) -> String {
        match self {
            Kind::Clinics => crate::t!("refs-kind-clinics"),
            Kind::Channels => crate::t!("refs-kind-channels"),
            Kind::Campaigns => crate::t!("refs-kind-campaigns"),
            Kind::Services => crate::t!("refs-kind-services"),
            Kind::Sellers => crate::t!("refs-kind-sellers"),
            Kind::Creators => crate::t!("refs-kind-creators"),
            Kind::AccountPlans => crate::t!("refs-kind-account-plans"),
            Kind::OperationTypes => crate::t!("refs-kind-operation-types"),
            Kind::AppointmentStatuses => crate::t!("refs-kind-appointment-statuses"),
            Kind::QuoteStatuses => crate::t!("refs-kind-quote-statuses"),
        }
    }

    /// File name of the cache (and the list's English name).
    pub fn name(self) -> &'static str {
        match self {
            Kind::Clinics => "clinics",
            Kind::Channels => "channels",
            Kind::Campaigns => "campaigns",
            Kind::Services => "services",
            Kind::Sellers => "sellers",
            Kind::Creators => "creators",
            Kind::AccountPlans => "account-plans",
            Kind::OperationTypes => "operation-types",
            Kind::AppointmentStatuses => "appointment-statuses",
            Kind::QuoteStatuses => "quote-statuses",
        }
    }
}

/// One ID and its name.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Entry {
    pub id: u64,
    pub name: String,
}

const NAME_KEYS: &[&str] = &[
    "nome",
    "name",
    "descricao",
    "description",
    "status",
    "titulo",
    "title",
];

/// The ID and name of each record: the ID under a key of the list's own kind (`ids`: `id_clinica`
/// for a clinic, then `id`, `codigo`, `cod`), never a key that names another kind (`id_empresa`);
/// the name under the usual keys. Records without both are skipped (see [`untrusted`]).
pub fn entries_of(records: &[Value], ids: &IdKeys) -> Vec<Entry> {
    records
        .iter()
        .filter_map(|r| {
            let map = r.as_object()?;
            let id = id_in(map, ids)?;
            let name = NAME_KEYS
                .iter()
                .filter_map(|k| map.get(*k))
                .chain(map.values())
                .find_map(|v| v.as_str().filter(|s| !s.trim().is_empty()))?;
            Some(Entry {
                id,
                name: name.to_string(),
            })
        })
        .collect()
}

/// The record's numeric ID under the best-ranked key of `ids` that holds one.
fn id_in(map: &serde_json::Map<String, Value>, ids: &IdKeys) -> Option<u64> {
    ids.candidates()
        .filter_map(|k| map.get(k))
        .find_map(|v| v.as_u64().or_else(|| v.as_str()?.trim().parse().ok()))
}

/// When a record of the list carries no ID under any key of its kind: the ID-like keys it does
/// carry, for a message that says what was seen instead of picking one of them.
pub fn untrusted(records: &[Value], ids: &IdKeys) -> Option<Vec<String>> {
    records.iter().find_map(|r| {
        let map = r.as_object()?;
        id_in(map, ids).is_none().then(|| {
            map.keys()
                .filter(|k| crate::identity::looks_like_id(k))
                .cloned()
                .collect()
        })
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn ids_and_names_under_any_keys() {
        let got = entries_of(
            &[
                json!({"id": 1, "nome": "WhatsApp"}),
                json!({"id": "2", "descricao": "Confirmado"}),
                json!({"codigo": 3, "titulo": "X"}),
                json!({"id_canal": 4, "outro": "Y"}),
                json!({"nome": "sem id"}),
            ],
            &Kind::Channels.operation().ids,
        );
        let ids: Vec<u64> = got.iter().map(|e| e.id).collect();
        assert_eq!(ids, vec![1, 2, 3, 4]);
        assert_eq!(got[1].name, "Confirmado");
    }

    #[test]
    fn a_foreign_key_first_is_never_the_entry_s_id() {
        let clinics = [
            json!({"id_empresa": 2, "id_clinica": 1, "nome": "SP Campinas"}),
            json!({"id_empresa": 2, "id_clinica": 3, "nome": "SP Ribeirão Preto"}),
        ];
        let ids = &Kind::Clinics.operation().ids;
        let got: Vec<u64> = entries_of(&clinics, ids).iter().map(|e| e.id).collect();
        assert_eq!(got, [1, 3]);
        assert_eq!(untrusted(&clinics, ids), None);
        let keyed_cod = [json!({"cod": 7, "nome": "SP Campinas"})];
        assert_eq!(entries_of(&keyed_cod, ids)[0].id, 7);
        let foreign_only = [json!({"id_empresa": 2, "nome": "SP Campinas"})];
        assert!(entries_of(&foreign_only, ids).is_empty());
        assert_eq!(
            untrusted(&foreign_only, ids),
            Some(vec!["id_empresa".to_string()])
        );
    }
}
