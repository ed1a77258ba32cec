//! User fields by the labels people gave them (`Procedimento` for `UF_CRM_5_1700000001`).
//!
//! The universal family describes a type's fields with `crm.item.fields`: a user field is
//! `isDynamic`, with its `listLabel`, `formLabel` and `filterLabel` and its code as `upperName`.
//! The classic family lists them with `crm.<kind>.userfield.list`, whose labels
//! (`EDIT_FORM_LABEL`, `LIST_COLUMN_LABEL`, `LIST_FILTER_LABEL`) come only in the language
//! `filter[LANG]` names (api-reference/crm/contacts/userfield/crm-contact-userfield-list.md).

use serde_json::Value;

use super::Crm;
use super::client::{answer, bitrix_code};
use super::family::{self, Family};
use crate::error::{Error, Result};
use crate::http::Safety;

/// The language the labels are asked in: the portals this program serves label their fields in
/// Portuguese, which Bitrix24 names `br`.
pub const LABEL_LANGUAGE: &str = "br";

/// One user field: its code as the classic methods spell it (`UF_CRM_5_1700000001`) and the
/// labels it answers to.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct UserField {
    pub code: String,
    pub labels: Vec<String>,
}

/// Why a label names no single field.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum LabelMiss {
    /// No field has it: the labels there are, each once, in the portal's order.
    Unknown(Vec<String>),
    /// Several fields have it: their codes.
    Ambiguous(Vec<String>),
}

/// The code of the one user field labelled `typed` (case, accents and spacing aside).
pub fn by_label<'a>(
    typed: &str,
    fields: &'a [UserField],
) -> std::result::Result<&'a str, LabelMiss> {
    let wanted = super::names::fold(typed);
    let mut hits: Vec<&str> = fields
        .iter()
        .filter(|f| f.labels.iter().any(|l| super::names::fold(l) == wanted))
        .map(|f| f.code.as_str())
        .collect();
    hits.dedup();
    match hits.as_slice() {
        [one] => Ok(one),
        [] => {
            let mut labels: Vec<String> = Vec::new();
            for label in fields.iter().flat_map(|f| f.labels.first()) {
                if !labels.contains(label) {
                    labels.push(label.clone());
                }
            }
            Err(LabelMiss::Unknown(labels))
        }
        many => Err(LabelMiss::Ambiguous(
            many.iter().map(|c| c.to_string()).collect(),
        )),
    }
}

/// A label's texts: each one once, empty ones left out, in the order given.
fn labels_of<'a>(texts: impl Iterator<Item = Option<&'a Value>>) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    for text in texts.flatten() {
        // A label may come per language (`{"br": "…", "en": "…"}`): every language's text counts.
        let texts: Vec<&str> = match text {
            Value::String(s) => vec![s.as_str()],
            Value::Object(by_language) => by_language.values().filter_map(Value::as_str).collect(),
            _ => Vec::new(),
        };
        for t in texts {
            let t = t.trim();
            if !t.is_empty() && !out.iter().any(|o| o == t) {
                out.push(t.to_string());
            }
        }
    }
    out
}

/// The user fields of a `crm.item.fields` answer.
pub fn from_item_fields(answer: &Value) -> Vec<UserField> {
    let Some(Value::Object(fields)) = answer.pointer("/result/fields") else {
        return Vec::new();
    };
    fields
        .iter()
        .filter(|(_, d)| d.get("isDynamic").and_then(Value::as_bool) == Some(true))
        .map(|(name, d)| UserField {
            code: d
                .get("upperName")
                .and_then(Value::as_str)
                .map_or_else(|| family::upper(name), str::to_string),
            labels: labels_of(
                ["listLabel", "formLabel", "filterLabel", "title"]
                    .iter()
                    .map(|k| d.get(*k)),
            ),
        })
        .collect()
}

/// The user fields of a `crm.<kind>.userfield.list` answer.
pub fn from_userfield_list(answer: &Value) -> Vec<UserField> {
    let Some(Value::Array(fields)) = answer.get("result") else {
        return Vec::new();
    };
    fields
        .iter()
        .filter_map(|f| {
            Some(UserField {
                code: f.get("FIELD_NAME")?.as_str()?.to_string(),
                labels: labels_of(
                    ["LIST_COLUMN_LABEL", "EDIT_FORM_LABEL", "LIST_FILTER_LABEL"]
                        .iter()
                        .map(|k| f.get(*k)),
                ),
            })
        })
        .collect()
}

/// The classic kind of a system type: 1 lead, 2 deal, 3 contact.
fn classic_kind(type_id: u64) -> Option<&'static str> {
    match type_id {
        1 => Some("lead"),
        2 => Some("deal"),
        3 => Some("contact"),
        _ => None,
    }
}

impl Crm {
    /// The user fields of type `type_id` with their labels, in the words of the family the
    /// portal speaks: a smart process's always through `crm.item.fields`; a contact's or a deal's
    /// through `crm.<kind>.userfield.list` unless the portal is known to speak only the universal
    /// family, or answers that method ERROR_METHOD_NOT_FOUND.
    pub async fn user_fields(&self, type_id: u64) -> Result<Vec<UserField>> {
        if let Some(kind) = classic_kind(type_id).filter(|_| self.family() != Some(Family::Item)) {
            let method = format!("crm.{kind}.userfield.list");
            let query = [("filter[LANG]".to_string(), LABEL_LANGUAGE.to_string())];
            let resp = self.send(&method, &query, Safety::Idempotent).await?;
            if bitrix_code(&resp).as_deref() != Some("ERROR_METHOD_NOT_FOUND") {
                let answer = answer(resp)?;
                if !answer.get("result").is_some_and(Value::is_array) {
                    return Err(Error::Protocol(crate::t!(
                        "crm-no-result",
                        answer = answer.to_string()
                    )));
                }
                return Ok(from_userfield_list(&answer));
            }
        }
        let query = [("entityTypeId".to_string(), type_id.to_string())];
        let answer = self
            .call("crm.item.fields", &query, Safety::Idempotent)
            .await?;
        if answer.pointer("/result/fields").is_none() {
            return Err(Error::Protocol(crate::t!(
                "crm-no-result",
                answer = answer.to_string()
            )));
        }
        Ok(from_item_fields(&answer))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn labels_are_read_from_both_families_and_met_loosely() {
        let item = json!({"result": {"fields": {
            "title": {"isDynamic": false, "title": "Nome", "upperName": "TITLE"},
            "ufCrm7_1700000102": {"isDynamic": true, "listLabel": "Observação", "formLabel": "Observação", "upperName": "UF_CRM_7_1700000102"},
            "ufCrm7_1700000103": {"isDynamic": true, "listLabel": "Observação", "upperName": "UF_CRM_7_1700000103"},
            "ufCrm7_1700000104": {"isDynamic": true, "listLabel": "Procedimento", "upperName": "UF_CRM_7_1700000104"},
        }}});
        let fields = from_item_fields(&item);
        assert_eq!(by_label("procedimento", &fields), Ok("UF_CRM_7_1700000104"));
        assert_eq!(
            by_label("Observacao", &fields),
            Err(LabelMiss::Ambiguous(vec![
                "UF_CRM_7_1700000102".into(),
                "UF_CRM_7_1700000103".into()
            ]))
        );
        assert_eq!(
            by_label("Nome", &fields),
            Err(LabelMiss::Unknown(vec![
                "Observação".into(),
                "Procedimento".into()
            ]))
        );
        let classic = json!({"result": [
            {"FIELD_NAME": "UF_CRM_1673035980", "EDIT_FORM_LABEL": {"br": "Telefone (automação)", "en": "Phone (automation)"}, "LIST_COLUMN_LABEL": "Telefone (automação)"},
            {"FIELD_NAME": "UF_CRM_1676052930"},
        ]});
        let fields = from_userfield_list(&classic);
        assert_eq!(
            by_label("phone (automation)", &fields),
            Ok("UF_CRM_1673035980")
        );
        assert_eq!(fields[1].labels, Vec::<String>::new());
    }
}
