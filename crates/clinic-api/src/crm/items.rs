//! Writing items of a smart process with the universal family: `crm.item.add` and
//! `crm.item.update`, both answering `{"result": {"item": {…}}}`
//! (api-reference/crm/universal/crm-item-add.md, crm-item-update.md); and a pipeline and a stage
//! given by name, read from `crm.category.list` and `crm.status.list`.

use serde_json::Value;

use super::Crm;
use super::family::camel;
use crate::error::{Error, Result};

/// One pipeline (`crm.category.list`) or stage (`crm.status.list`): its ID and name.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Named {
    pub id: String,
    pub name: String,
    /// The pipeline a new item opens in when none is given.
    pub is_default: bool,
}

/// The one entry `typed` names: its ID, or its name (case, accents and spacing aside).
pub fn pick<'a>(typed: &str, entries: &'a [Named]) -> Option<&'a Named> {
    let typed = typed.trim();
    entries
        .iter()
        .find(|e| e.id.eq_ignore_ascii_case(typed))
        .or_else(|| {
            let wanted = super::names::fold(typed);
            let hits: Vec<&Named> = entries
                .iter()
                .filter(|e| super::names::fold(&e.name) == wanted)
                .collect();
            match hits.as_slice() {
                [one] => Some(*one),
                _ => None,
            }
        })
}

/// `name (ID), …` of every entry, for a message that says what is accepted.
pub fn listed(entries: &[Named]) -> String {
    entries
        .iter()
        .map(|e| format!("{} ({})", e.name, e.id))
        .collect::<Vec<_>>()
        .join(", ")
}

impl Crm {
    /// The pipelines of type `type_id` as names to pick from (see [`Crm::categories`]).
    pub async fn pipelines(&self, type_id: u64) -> Result<Vec<Named>> {
        Ok(self
            .categories(type_id)
            .await?
            .into_iter()
            .map(|c| Named {
                id: c.id.to_string(),
                name: c.name,
                is_default: c.is_default,
            })
            .collect())
    }

    /// The stages of pipeline `category` of smart process `type_id` as names to pick from (see
    /// [`Crm::stages`]).
    pub async fn pipeline_stages(&self, type_id: u64, category: &str) -> Result<Vec<Named>> {
        let Ok(id) = category.trim().parse::<u64>() else {
            return Ok(Vec::new());
        };
        let pipeline = super::smart::Category {
            id,
            name: String::new(),
            is_default: false,
        };
        Ok(self
            .stages(type_id, &[pipeline])
            .await?
            .into_iter()
            .map(|s| Named {
                id: s.id,
                name: s.name,
                is_default: false,
            })
            .collect())
    }

    /// A new item of smart process `type_id` with `fields` (classic field IDs, `UF_CRM_5_…`,
    /// sent in the universal words, `ufCrm5_…`); the item as the portal keeps it. Never sent
    /// again where the portal may have acted: a second item would be a duplicate.
    pub async fn add_item(&self, type_id: u64, fields: &[(String, String)]) -> Result<Value> {
        let query = item_query(type_id, None, fields);
        let answer = self.run(&crate::api::CRM_ITEM_ADD, &query).await?;
        written(answer)
    }

    /// `fields` written into item `id` of smart process `type_id`; the item as it is now.
    pub async fn update_item(
        &self,
        type_id: u64,
        id: u64,
        fields: &[(String, String)],
    ) -> Result<Value> {
        let query = item_query(type_id, Some(id), fields);
        let answer = self.run(&crate::api::CRM_ITEM_UPDATE, &query).await?;
        written(answer)
    }
}

/// `entityTypeId`, `id` and `fields[…]` of a write.
fn item_query(type_id: u64, id: Option<u64>, fields: &[(String, String)]) -> Vec<(String, String)> {
    let mut query = vec![("entityTypeId".to_string(), type_id.to_string())];
    if let Some(id) = id {
        query.push(("id".to_string(), id.to_string()));
    }
    query.extend(
        fields
            .iter()
            .map(|(k, v)| (format!("fields[{}]", camel(k)), v.clone())),
    );
    query
}

/// The `item` of a write's answer.
fn written(answer: Value) -> Result<Value> {
    answer
        .pointer("/result/item")
        .filter(|i| i.is_object())
        .cloned()
        .ok_or_else(|| Error::Protocol(crate::t!("crm-no-result", answer = answer.to_string())))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_write_speaks_camel_case_and_names_are_met_loosely() {
        let q = item_query(
            1032,
            Some(4),
            &[
                ("UF_CRM_5_1700000001".into(), "Botox".into()),
                ("STAGE_ID".into(), "DT1032_10:SUCCESS".into()),
            ],
        );
        assert_eq!(
            q,
            [
                ("entityTypeId".to_string(), "1032".to_string()),
                ("id".into(), "4".into()),
                ("fields[ufCrm5_1700000001]".into(), "Botox".into()),
                ("fields[stageId]".into(), "DT1032_10:SUCCESS".into()),
            ]
        );
        let named = |id: &str, name: &str| Named {
            id: id.into(),
            name: name.into(),
            is_default: false,
        };
        let stages = [
            named("DT1032_10:NEW", "Agendado"),
            named("DT1032_10:SUCCESS", "Concluído"),
        ];
        assert_eq!(
            pick("concluido", &stages).map(|s| s.id.as_str()),
            Some("DT1032_10:SUCCESS")
        );
        assert_eq!(
            pick("dt1032_10:new", &stages).map(|s| s.id.as_str()),
            Some("DT1032_10:NEW")
        );
        assert_eq!(pick("Feito", &stages), None);
    }
}
