//! `crm.duplicate.findbycomm`: the contacts that already hold a phone or an e-mail. The automation
//! webhook opens a new deal every time it is called, so a contact created twice means a deal that
//! the clinic's pipeline shows twice: creation looks first.

use serde_json::Value;

use super::batch;
use super::client::{Crm, result};
use crate::api::CRM_DUPLICATE_FINDBYCOMM as FINDBYCOMM;
use crate::error::{Error, Result};

/// The spellings a phone is looked up by: as given (`+5516992640197`, as creates write it) and, for a
/// Brazilian number, its national digits (`16992640197`), the form a phone typed into the CRM by hand
/// or written by an earlier version often has. The CRM compares digits, so both are needed to find
/// every contact that holds the number.
pub fn phone_spellings(phone: &str) -> Vec<String> {
    let phone = phone.trim();
    let digits: String = phone.chars().filter(char::is_ascii_digit).collect();
    let mut spellings = vec![phone.to_string()];
    if let Some(national) = digits.strip_prefix("55").filter(|_| digits.len() >= 12)
        && national != phone
    {
        spellings.push(national.to_string());
    }
    spellings
}

/// The values of one lookup: a phone's spellings, or the e-mail.
fn lookup_values(kind: &str, value: &str) -> Vec<String> {
    match kind {
        "PHONE" => phone_spellings(value),
        _ => vec![value.trim().to_string()],
    }
}

/// The IDs of the contacts holding `phone` or `email`, lowest first.
pub async fn contacts_with(crm: &Crm, phone: &str, email: &str) -> Result<Vec<u64>> {
    let mut ids = Vec::new();
    for (kind, value) in [("PHONE", phone), ("EMAIL", email)] {
        if value.trim().is_empty() {
            continue;
        }
        let mut query = vec![
            ("entity_type".to_string(), "CONTACT".to_string()),
            ("type".to_string(), kind.to_string()),
        ];
        for spelling in lookup_values(kind, value) {
            query.push(("values[]".to_string(), spelling));
        }
        let answer = crm.run(&FINDBYCOMM, &query).await?;
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
            let values = lookup_values(kind, value);
            let mut pairs = vec![("entity_type", "CONTACT"), ("type", kind)];
            pairs.extend(values.iter().map(|v| ("values[]", v.as_str())));
            calls.push(format!("{}?{}", FINDBYCOMM.path, batch::query(&pairs)));
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

    #[test]
    fn a_brazilian_phone_is_looked_up_in_both_its_spellings() {
        assert_eq!(
            phone_spellings("+5516988881234"),
            ["+5516988881234", "16988881234"]
        );
        assert_eq!(phone_spellings("16988881234"), ["16988881234"]);
        assert_eq!(phone_spellings("+1 555 0100"), ["+1 555 0100"]);
    }
}
