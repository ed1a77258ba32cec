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
