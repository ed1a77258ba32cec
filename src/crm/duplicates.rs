//! `crm.duplicate.findbycomm`: the contacts that already hold a phone or an e-mail. The automation
//! webhook opens a new deal every time it is called, so a contact created twice means a deal that
//! the clinic's pipeline shows twice: creation looks first.

use serde_json::Value;

use super::batch;
use super::client::{Crm, result};
use crate::error::{Error, Result};
use crate::http::Safety;

/// The IDs of the contacts holding `phone` or `email`, lowest first.
pub async fn contacts_with(crm: &Crm, phone: &str, email: &str) -> Result<Vec<u64>> {
    let mut ids = Vec::new();
    for (kind, value) in [("PHONE", phone), ("EMAIL", email)] {
        if value.trim().is_empty() {
            continue;
        }
        let query = [
            ("entity_type".to_string(), "CONTACT".to_string()),
            ("type".to_string(), kind.to_string()),
            ("values[]".to_string(), value.trim().to_string()),
        ];
        let answer = crm
            .call("crm.duplicate.findbycomm", &query, Safety::Idempotent)
            .await?;
        ids.extend(contact_ids(&result(answer)?)?);
    }
    ids.sort_unstable();
    ids.dedup();
    Ok(ids)
}

/// For each `(phone, email)`, the IDs of the contacts holding either, lowest first, or the CRM's
/// message for that lookup alone. Two calls a lead, fifty to a `batch` request: an import of
/// hundreds of rows looks them all up in a handful of requests of the quota.
pub async fn contacts_of_each(
    crm: &Crm,
    leads: &[(&str, &str)],
) -> Result<Vec<std::result::Result<Vec<u64>, String>>> {
    let mut calls = Vec::with_capacity(leads.len() * 2);
    for (phone, email) in leads {
        for (kind, value) in [("PHONE", phone), ("EMAIL", email)] {
            calls.push(format!(
                "crm.duplicate.findbycomm?{}",
                batch::query(&[
                    ("entity_type", "CONTACT"),
                    ("type", kind),
                    ("values[]", value.trim()),
                ])
            ));
        }
    }
    let outcomes = batch::run(crm, &calls).await?;
    Ok(outcomes
        .chunks(2)
        .map(|pair| {
            let mut ids = Vec::new();
            for outcome in pair {
                let found = outcome.as_ref().map_err(|f| f.message.clone())?;
                ids.extend(contact_ids(found).map_err(|e| e.to_string())?);
            }
            ids.sort_unstable();
            ids.dedup();
            Ok(ids)
        })
        .collect())
}

/// The contact IDs of a `findbycomm` result: `{"CONTACT": [12, "34"]}`, or `[]` when none (Bitrix
/// answers an empty array, not an empty object).
fn contact_ids(found: &Value) -> Result<Vec<u64>> {
    let unreadable = || {
        Error::Protocol(crate::t!(
            "crm-duplicates-unreadable",
            answer = crate::text::sanitize::server_text(&found.to_string())
        ))
    };
    match found {
        Value::Array(items) if items.is_empty() => Ok(Vec::new()),
        Value::Object(map) => match map.get("CONTACT") {
            None => Ok(Vec::new()),
            Some(Value::Array(ids)) => ids
                .iter()
                .map(|id| match id {
                    Value::Number(n) => n.as_u64(),
                    Value::String(s) => s.trim().parse().ok(),
                    _ => None,
                })
                .collect::<Option<Vec<u64>>>()
                .ok_or_else(unreadable),
            Some(_) => Err(unreadable()),
        },
        _ => Err(unreadable()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn results_as_bitrix_sends_them() {
        assert_eq!(contact_ids(&json!([])).unwrap(), Vec::<u64>::new());
        assert_eq!(
            contact_ids(&json!({"CONTACT": [12, "34"]})).unwrap(),
            [12, 34]
        );
        assert_eq!(
            contact_ids(&json!({"LEAD": [5]})).unwrap(),
            Vec::<u64>::new()
        );
        assert!(contact_ids(&json!({"CONTACT": ["x"]})).is_err());
        assert!(contact_ids(&json!("ok")).is_err());
    }
}
