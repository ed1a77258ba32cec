//! The field schema of contacts and deals: which IDs exist, how each compares and what a write
//! may put in it.

use super::error::CrmError;
use super::smart::{RETURNS, SmartType, TREATMENTS};

/// How a field's values compare, sort and validate.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    /// Integer IDs, stored as digit strings as Bitrix returns them.
    Int,
    /// Amounts such as `OPPORTUNITY` (`"1500.00"`).
    Money,
    Text,
    /// `Y` / `N`, derived by the CRM.
    Flag,
    /// Date-time in portal time (`2024-03-05T14:22:10-03:00`).
    DateTime,
    /// Calendar date, returned as midnight of that day.
    Date,
    /// Bitrix multi-field: an array of `{ID, VALUE_TYPE, VALUE, TYPE_ID}`.
    Multi,
    /// `STAGE_ID` of pipeline "Unidade".
    StageId,
    /// The stage's written name (`UF_CRM_1669405845`); kept in step with `STAGE_ID`.
    StageName,
    /// One of `UNITS`.
    Unit,
    /// `STAGE_ID` of a smart process: one of its type's stages, which also sets `CATEGORY_ID`.
    ItemStage,
    /// `CATEGORY_ID` of a smart process: one of its type's pipelines.
    Category,
}

#[derive(Debug, Clone, Copy)]
pub struct Field {
    pub id: &'static str,
    pub kind: Kind,
    pub read_only: bool,
    pub title: &'static str,
}

const fn field(id: &'static str, kind: Kind, title: &'static str) -> Field {
    Field {
        id,
        kind,
        read_only: false,
        title,
    }
}

const fn fixed(id: &'static str, kind: Kind, title: &'static str) -> Field {
    Field {
        id,
        kind,
        read_only: true,
        title,
    }
}

pub const CONTACT_PHONE_FIELD: &str = "UF_CRM_1673035980";
pub const CONTACT_EMAIL_FIELD: &str = "UF_CRM_1676052930";
pub const DEAL_STAGE_NAME_FIELD: &str = "UF_CRM_1669405845";
pub const DEAL_CAMPAIGN_FIELD: &str = "UF_CRM_1651849445";
pub const DEAL_UNIT_FIELD: &str = "UF_CRM_1621027933376";

/// Contact fields in the order Bitrix returns them.
pub const CONTACT_FIELDS: &[Field] = &[
    fixed("ID", Kind::Int, "ID"),
    field("NAME", Kind::Text, "Nome"),
    field("SECOND_NAME", Kind::Text, "Segundo nome"),
    field("LAST_NAME", Kind::Text, "Sobrenome"),
    field("BIRTHDATE", Kind::Date, "Data de nascimento"),
    field("COMMENTS", Kind::Text, "Comentário"),
    fixed("HAS_PHONE", Kind::Flag, "Tem telefone"),
    fixed("HAS_EMAIL", Kind::Flag, "Tem e-mail"),
    field("ASSIGNED_BY_ID", Kind::Int, "Responsável"),
    fixed("DATE_CREATE", Kind::DateTime, "Criado em"),
    fixed("DATE_MODIFY", Kind::DateTime, "Modificado em"),
    field("PHONE", Kind::Multi, "Telefone"),
    field("EMAIL", Kind::Multi, "E-mail"),
    field("WEB", Kind::Multi, "Site"),
    field("IM", Kind::Multi, "Mensageiro"),
    field(CONTACT_PHONE_FIELD, Kind::Text, "Telefone (automação)"),
    field(CONTACT_EMAIL_FIELD, Kind::Text, "E-mail (texto)"),
];

/// Deal fields in the order Bitrix returns them.
pub const DEAL_FIELDS: &[Field] = &[
    fixed("ID", Kind::Int, "ID"),
    field("TITLE", Kind::Text, "Nome do negócio"),
    fixed("CATEGORY_ID", Kind::Int, "Pipeline"),
    field("STAGE_ID", Kind::StageId, "Fase"),
    field("CONTACT_ID", Kind::Int, "Contato"),
    field("OPPORTUNITY", Kind::Money, "Valor"),
    field("CURRENCY_ID", Kind::Text, "Moeda"),
    field("SOURCE_ID", Kind::Text, "Origem"),
    field("SOURCE_DESCRIPTION", Kind::Text, "Descrição da origem"),
    field("UTM_SOURCE", Kind::Text, "UTM Source"),
    field("UTM_MEDIUM", Kind::Text, "UTM Medium"),
    field("UTM_CAMPAIGN", Kind::Text, "UTM Campaign"),
    field("UTM_CONTENT", Kind::Text, "UTM Content"),
    field("UTM_TERM", Kind::Text, "UTM Term"),
    field("ASSIGNED_BY_ID", Kind::Int, "Responsável"),
    fixed("DATE_CREATE", Kind::DateTime, "Criado em"),
    fixed("DATE_MODIFY", Kind::DateTime, "Modificado em"),
    field(DEAL_STAGE_NAME_FIELD, Kind::StageName, "Fase (nome)"),
    field(DEAL_CAMPAIGN_FIELD, Kind::Text, "Campaign ID"),
    field(DEAL_UNIT_FIELD, Kind::Unit, "Unidade definitiva"),
];

pub const LEAD_INTEREST_FIELD: &str = "UF_CRM_1700000301";

/// Lead fields in the order Bitrix returns them.
pub const LEAD_FIELDS: &[Field] = &[
    fixed("ID", Kind::Int, "ID"),
    field("TITLE", Kind::Text, "Nome do lead"),
    field("NAME", Kind::Text, "Nome"),
    field("LAST_NAME", Kind::Text, "Sobrenome"),
    field("STATUS_ID", Kind::Text, "Status"),
    field("SOURCE_ID", Kind::Text, "Origem"),
    field("OPPORTUNITY", Kind::Money, "Valor"),
    field("CURRENCY_ID", Kind::Text, "Moeda"),
    field("ASSIGNED_BY_ID", Kind::Int, "Responsável"),
    fixed("DATE_CREATE", Kind::DateTime, "Criado em"),
    fixed("DATE_MODIFY", Kind::DateTime, "Modificado em"),
    field("PHONE", Kind::Multi, "Telefone"),
    field("EMAIL", Kind::Multi, "E-mail"),
    field(LEAD_INTEREST_FIELD, Kind::Text, "Procedimento de interesse"),
];

pub const TREATMENT_PROCEDURE_FIELD: &str = "UF_CRM_5_1700000001";
pub const TREATMENT_VALUE_FIELD: &str = "UF_CRM_5_1700000002";
pub const TREATMENT_SESSION_FIELD: &str = "UF_CRM_5_1700000003";

/// Fields of smart process "Tratamentos" (type 5). A smart process's user fields are named after
/// its type: `UF_CRM_<typeId>_…`, `ufCrm<typeId>_…` in the universal methods.
pub const TREATMENT_FIELDS: &[Field] = &[
    fixed("ID", Kind::Int, "ID"),
    field("TITLE", Kind::Text, "Nome"),
    field("CATEGORY_ID", Kind::Category, "Pipeline"),
    field("STAGE_ID", Kind::ItemStage, "Fase"),
    field("CONTACT_ID", Kind::Int, "Contato"),
    field("OPPORTUNITY", Kind::Money, "Valor total"),
    field("CURRENCY_ID", Kind::Text, "Moeda"),
    field("ASSIGNED_BY_ID", Kind::Int, "Responsável"),
    fixed("CREATED_TIME", Kind::DateTime, "Criado em"),
    fixed("UPDATED_TIME", Kind::DateTime, "Modificado em"),
    field(TREATMENT_PROCEDURE_FIELD, Kind::Text, "Procedimento"),
    field(TREATMENT_VALUE_FIELD, Kind::Money, "Valor"),
    field(TREATMENT_SESSION_FIELD, Kind::Date, "Data da sessão"),
];

pub const RETURN_DATE_FIELD: &str = "UF_CRM_7_1700000101";
pub const RETURN_NOTE_FIELD: &str = "UF_CRM_7_1700000102";
/// A second field labelled "Observação": a portal lets two fields share a label, and a client
/// that finds fields by label must say which codes it could mean.
pub const RETURN_NOTE_TOO_FIELD: &str = "UF_CRM_7_1700000103";
pub const RETURN_PROCEDURE_FIELD: &str = "UF_CRM_7_1700000104";

/// Fields of smart process "Retornos" (type 7).
pub const RETURN_FIELDS: &[Field] = &[
    fixed("ID", Kind::Int, "ID"),
    field("TITLE", Kind::Text, "Nome"),
    field("CATEGORY_ID", Kind::Category, "Pipeline"),
    field("STAGE_ID", Kind::ItemStage, "Fase"),
    field("CONTACT_ID", Kind::Int, "Contato"),
    field("ASSIGNED_BY_ID", Kind::Int, "Responsável"),
    fixed("CREATED_TIME", Kind::DateTime, "Criado em"),
    fixed("UPDATED_TIME", Kind::DateTime, "Modificado em"),
    field(RETURN_DATE_FIELD, Kind::Date, "Data do retorno"),
    field(RETURN_NOTE_FIELD, Kind::Text, "Observação"),
    field(RETURN_NOTE_TOO_FIELD, Kind::Text, "Observação"),
    field(RETURN_PROCEDURE_FIELD, Kind::Text, "Procedimento"),
];

/// A kind of CRM record. Contacts, deals and leads answer both method families; smart processes
/// only the universal one (`crm.item.*`), as on Bitrix24.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Entity {
    Contact,
    Deal,
    Lead,
    Treatment,
    Return,
}

impl Entity {
    pub const ALL: [Entity; 5] = [
        Entity::Lead,
        Entity::Deal,
        Entity::Contact,
        Entity::Treatment,
        Entity::Return,
    ];

    pub fn fields(self) -> &'static [Field] {
        match self {
            Entity::Contact => CONTACT_FIELDS,
            Entity::Deal => DEAL_FIELDS,
            Entity::Lead => LEAD_FIELDS,
            Entity::Treatment => TREATMENT_FIELDS,
            Entity::Return => RETURN_FIELDS,
        }
    }

    /// The `entityTypeId` the universal methods name it by: the system types' fixed numbers
    /// (lead 1, deal 2, contact 3; api-reference/crm/data-types.md#object_type), a smart
    /// process's own.
    pub fn type_id(self) -> u64 {
        match self {
            Entity::Lead => 1,
            Entity::Deal => 2,
            Entity::Contact => 3,
            Entity::Treatment => TREATMENTS.entity_type_id,
            Entity::Return => RETURNS.entity_type_id,
        }
    }

    pub fn from_type_id(id: u64) -> Option<Entity> {
        Entity::ALL.into_iter().find(|e| e.type_id() == id)
    }

    /// The smart process behind this entity, if it is one.
    pub fn smart(self) -> Option<&'static SmartType> {
        match self {
            Entity::Treatment => Some(&TREATMENTS),
            Entity::Return => Some(&RETURNS),
            _ => None,
        }
    }

    /// The field a write stamps with its time.
    pub fn modified_field(self) -> &'static str {
        if self.smart().is_some() {
            "UPDATED_TIME"
        } else {
            "DATE_MODIFY"
        }
    }

    pub fn created_field(self) -> &'static str {
        if self.smart().is_some() {
            "CREATED_TIME"
        } else {
            "DATE_CREATE"
        }
    }

    /// How field `id` behaves; `None` for an ID the schema does not list. IDs match exactly, as
    /// the portal's do: `NAME`, never `name`; custom fields only as the `UF_CRM_…` the portal has.
    pub fn spec(self, id: &str) -> Option<Spec> {
        self.fields().iter().find(|f| f.id == id).map(|f| Spec {
            kind: f.kind,
            read_only: f.read_only,
        })
    }

    /// `spec`, or the error that names the unknown field as it was given.
    pub fn known(self, id: &str) -> Result<Spec, CrmError> {
        self.spec(id).ok_or_else(|| CrmError::unknown_field(id))
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Spec {
    pub kind: Kind,
    pub read_only: bool,
}

pub fn is_custom(id: &str) -> bool {
    id.starts_with("UF_CRM_") && id.len() > "UF_CRM_".len()
}
