//! The portal's smart processes (Bitrix24's user-defined CRM types), read with the universal
//! family's `crm.type.list`: `{"result": {"types": […]}, "next": 50, "total": N}`
//! (bitrix-tools/b24-rest-docs, api-reference/crm/universal/user-defined-object-types/).

use serde_json::{Value, json};

use super::Crm;
use crate::api;
use crate::error::{Error, Result};

impl Crm {
    /// Every smart process of the portal, as `{entityTypeId, title}`, in the portal's order:
    /// every page, following `next` until it is absent.
    pub async fn types(&self) -> Result<Vec<Value>> {
        self.type_pages(false).await
    }

    /// [`Crm::types`], or none on a portal that has no `crm.type.list` (one that answers only
    /// the classic methods, which has no smart processes).
    pub async fn types_if_any(&self) -> Result<Vec<Value>> {
        self.type_pages(true).await
    }

    async fn type_pages(&self, missing_is_none: bool) -> Result<Vec<Value>> {
        let mut out = Vec::new();
        let mut start = 0u64;
        loop {
            let query = [("start".to_string(), start.to_string())];
            let op = &api::CRM_TYPE_LIST;
            let sent = self.send(op.path, &query, op.safety).await?;
            if missing_is_none && start == 0 && super::client::is_missing_method(&sent) {
                return Ok(Vec::new());
            }
            let answer = super::client::answer(sent)?;
            let types = answer
                .pointer("/result/types")
                .and_then(Value::as_array)
                .ok_or_else(|| {
                    Error::Protocol(crate::t!("crm-no-types", answer = answer.to_string()))
                })?;
            out.extend(types.iter().map(|t| {
                json!({
                    "entityTypeId": t.get("entityTypeId").cloned().unwrap_or(Value::Null),
                    "title": t.get("title").cloned().unwrap_or(Value::Null),
                })
            }));
            match answer.get("next").and_then(Value::as_u64) {
                Some(next) if next > start && !types.is_empty() => start = next,
                _ => break,
            }
        }
        Ok(out)
    }
}

impl Crm {
    /// The `entityTypeId` of the smart process `given` names: its ID, or its title (case and
    /// accents aside). An unknown one is refused with the titles the portal has, before any item
    /// is asked for.
    pub async fn type_id(&self, given: &str) -> Result<u64> {
        type_of(&self.types().await?, given)
    }
}

/// The `entityTypeId` of the smart process of `types` (as [`Crm::types`] gives them) that `given`
/// names: its ID, or its title (case and accents aside); an unknown one is refused with the
/// titles there are.
pub fn type_of(types: &[Value], given: &str) -> Result<u64> {
    let id_of = |t: &Value| t.get("entityTypeId").and_then(Value::as_u64);
    let title_of = |t: &Value| {
        t.get("title")
            .and_then(Value::as_str)
            .unwrap_or_default()
            .to_string()
    };
    let wanted = crate::text::fold::normalize(given.trim());
    let found = types.iter().find(|t| {
        given.trim().parse::<u64>().ok() == id_of(t)
            || crate::text::fold::normalize(&title_of(t)) == wanted
    });
    match found.and_then(id_of) {
        Some(id) => Ok(id),
        None => {
            let known: Vec<String> = types
                .iter()
                .map(|t| format!("{} ({})", title_of(t), id_of(t).unwrap_or_default()))
                .collect();
            Err(Error::invalid(
                "--type",
                given,
                &crate::t!("crm-expected-type", types = known.join(", ")),
            ))
        }
    }
}

impl Crm {
    /// One item of smart process `type_id` (`crm.item.get`), as the portal gives it.
    pub async fn item(&self, type_id: u64, id: u64) -> Result<Value> {
        let query = [
            ("entityTypeId".to_string(), type_id.to_string()),
            ("id".to_string(), id.to_string()),
        ];
        let answer = self.run(&api::CRM_ITEM_GET, &query).await?;
        answer
            .pointer("/result/item")
            .cloned()
            .ok_or_else(|| Error::Protocol(crate::t!("crm-no-result", answer = answer.to_string())))
    }
}

/// One pipeline of a smart process (`crm.category.list`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Category {
    pub id: u64,
    pub name: String,
    /// The pipeline a new item opens in when none is given (`isDefault`).
    pub is_default: bool,
}

/// One stage of a pipeline (`crm.status.list`): its `STATUS_ID`, which items carry as `stageId`,
/// and its written name.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Stage {
    pub id: String,
    pub name: String,
    pub category: u64,
}

impl Crm {
    /// The pipelines of smart process `type_id`, every page (crm-category-list.md:
    /// `{"result": {"categories": [{id, name, …}]}}`).
    pub async fn categories(&self, type_id: u64) -> Result<Vec<Category>> {
        let mut out = Vec::new();
        let mut start = 0u64;
        loop {
            let query = [
                ("entityTypeId".to_string(), type_id.to_string()),
                ("start".to_string(), start.to_string()),
            ];
            let answer = self.run(&api::CRM_CATEGORY_LIST, &query).await?;
            let found = answer
                .pointer("/result/categories")
                .and_then(Value::as_array)
                .ok_or_else(|| {
                    Error::Protocol(crate::t!("crm-no-result", answer = answer.to_string()))
                })?;
            out.extend(found.iter().filter_map(|c| {
                Some(Category {
                    id: whole(c.get("id")?)?,
                    name: c.get("name")?.as_str()?.to_string(),
                    is_default: c.get("isDefault").and_then(Value::as_str) == Some("Y"),
                })
            }));
            match answer.get("next").and_then(whole) {
                Some(next) if next > start && !found.is_empty() => start = next,
                _ => break,
            }
        }
        Ok(out)
    }

    /// The stages of every pipeline of smart process `type_id`, pipeline by pipeline
    /// (`crm.status.list` of `ENTITY_ID` `DYNAMIC_<entityTypeId>_STAGE_<categoryId>`).
    pub async fn stages(&self, type_id: u64, categories: &[Category]) -> Result<Vec<Stage>> {
        let mut out = Vec::new();
        for category in categories {
            let query = [(
                "filter[ENTITY_ID]".to_string(),
                format!("DYNAMIC_{type_id}_STAGE_{}", category.id),
            )];
            let answer = self.run(&api::CRM_STATUS_LIST, &query).await?;
            let rows = answer
                .get("result")
                .and_then(Value::as_array)
                .ok_or_else(|| {
                    Error::Protocol(crate::t!("crm-no-result", answer = answer.to_string()))
                })?;
            out.extend(rows.iter().filter_map(|r| {
                Some(Stage {
                    id: r.get("STATUS_ID")?.as_str()?.to_string(),
                    name: r.get("NAME")?.as_str()?.to_string(),
                    category: category.id,
                })
            }));
        }
        Ok(out)
    }

    /// The filters of `crm.item.list` that keep the items of pipeline `category` and of stage
    /// `stage`, each given by its name (case and accents aside) or its ID. A stage name two
    /// pipelines share is either of them, unless `category` says which. A name the portal does
    /// not have is refused with the names it has, before any item is asked for.
    pub async fn item_filters(
        &self,
        type_id: u64,
        category: Option<&str>,
        stage: Option<&str>,
    ) -> Result<Vec<(String, String)>> {
        if category.is_none() && stage.is_none() {
            return Ok(Vec::new());
        }
        let categories = self.categories(type_id).await?;
        let mut filters = Vec::new();
        let mut chosen: Option<u64> = None;
        if let Some(given) = category {
            let wanted = crate::text::fold::normalize(given.trim());
            let found = categories.iter().find(|c| {
                given.trim().parse::<u64>().ok() == Some(c.id)
                    || crate::text::fold::normalize(&c.name) == wanted
            });
            let Some(found) = found else {
                let known: Vec<String> = categories.iter().map(|c| c.name.clone()).collect();
                return Err(Error::invalid(
                    "--category",
                    given,
                    &crate::t!("crm-expected-category", names = known.join(", ")),
                ));
            };
            chosen = Some(found.id);
            filters.push(("categoryId".to_string(), found.id.to_string()));
        }
        if let Some(given) = stage {
            let asked: Vec<Category> = categories
                .into_iter()
                .filter(|c| chosen.is_none_or(|id| id == c.id))
                .collect();
            let stages = self.stages(type_id, &asked).await?;
            let wanted = crate::text::fold::normalize(given.trim());
            let found: Vec<&Stage> = stages
                .iter()
                .filter(|s| {
                    s.id.eq_ignore_ascii_case(given.trim())
                        || crate::text::fold::normalize(&s.name) == wanted
                })
                .collect();
            if found.is_empty() {
                let mut known: Vec<String> = Vec::new();
                for s in &stages {
                    if !known.contains(&s.name) {
                        known.push(s.name.clone());
                    }
                }
                return Err(Error::invalid(
                    "--stage",
                    given,
                    &crate::t!("crm-expected-stage", names = known.join(", ")),
                ));
            }
            let ids: Vec<&str> = found.iter().map(|s| s.id.as_str()).collect();
            filters.push(("@stageId".to_string(), ids.join(",")));
        }
        Ok(filters)
    }
}

/// A whole number Bitrix may send as a number or as text.
fn whole(v: &Value) -> Option<u64> {
    match v {
        Value::Number(n) => n.as_u64(),
        Value::String(s) => s.trim().parse().ok(),
        _ => None,
    }
}
