//! The portal's smart processes (Bitrix24's user-defined CRM types), read with the universal
//! family's `crm.type.list`: `{"result": {"types": […]}, "next": 50, "total": N}`
//! (bitrix-tools/b24-rest-docs, api-reference/crm/universal/user-defined-object-types/).

use serde_json::{Value, json};

use super::Crm;
use crate::error::{Error, Result};
use crate::http::Safety;

impl Crm {
    /// Every smart process of the portal, as `{entityTypeId, title}`, in the portal's order:
    /// every page, following `next` until it is absent.
    pub async fn types(&self) -> Result<Vec<Value>> {
        let mut out = Vec::new();
        let mut start = 0u64;
        loop {
            let query = [("start".to_string(), start.to_string())];
            let answer = self
                .call("crm.type.list", &query, Safety::Idempotent)
                .await?;
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
        let types = self.types().await?;
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

    /// One item of smart process `type_id` (`crm.item.get`), as the portal gives it.
    pub async fn item(&self, type_id: u64, id: u64) -> Result<Value> {
        let query = [
            ("entityTypeId".to_string(), type_id.to_string()),
            ("id".to_string(), id.to_string()),
        ];
        let answer = self
            .call("crm.item.get", &query, Safety::Idempotent)
            .await?;
        answer
            .pointer("/result/item")
            .cloned()
            .ok_or_else(|| Error::Protocol(crate::t!("crm-no-result", answer = answer.to_string())))
    }
}
