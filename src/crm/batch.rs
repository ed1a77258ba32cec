//! Bitrix's `batch`: up to 50 calls in one request, which the CRM's quota (2 requests a second)
//! counts once. Its answer is 200 even when calls inside it failed: each result is read under its
//! own name, and each failure is taken from `result_error`, so no record is ever dropped in silence.

use serde_json::Value;

use super::client::{Crm, result};
use crate::error::Result;
use crate::http::Safety;
use crate::text::answer;

/// Calls one `batch` request runs at most.
pub const SIZE: usize = 50;

/// One call's outcome: the record, or the CRM's message for that call alone.
pub type Outcome = std::result::Result<Value, String>;

/// `method` (`crm.contact.get`) for each ID, `SIZE` per request, in the order given: each ID with
/// its record or the message its own call met. A request that fails as a whole is the error.
pub async fn get_each(crm: &Crm, method: &str, ids: &[u64]) -> Result<Vec<(u64, Outcome)>> {
    let mut out = Vec::with_capacity(ids.len());
    for chunk in ids.chunks(SIZE) {
        let mut query = vec![("halt".to_string(), "0".to_string())];
        query.extend(
            chunk
                .iter()
                .map(|id| (format!("cmd[{}]", name(*id)), format!("{method}?ID={id}"))),
        );
        let answer = result(crm.call("batch", &query, Safety::Idempotent).await?)?;
        out.extend(chunk.iter().map(|id| (*id, one(&answer, &name(*id)))));
    }
    Ok(out)
}

/// The name of the call for `id` inside a batch.
fn name(id: u64) -> String {
    format!("id{id}")
}

/// The outcome of the call named `name` in a batch's answer (`{"result": {…}, "result_error": {…}}`,
/// either of which may be `[]` when empty).
fn one(answer: &Value, name: &str) -> Outcome {
    if let Some(error) = answer.get("result_error").and_then(|e| e.get(name)) {
        let message = answer::message_of(error).unwrap_or_else(|| error.to_string());
        return Err(crate::text::sanitize::server_text(&message));
    }
    match answer.get("result").and_then(|r| r.get(name)) {
        Some(record) => Ok(record.clone()),
        None => Err(crate::t!("crm-batch-no-answer")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn each_call_is_read_on_its_own() {
        let answer = json!({
            "result": {"id3": {"ID": "3"}},
            "result_error": {"id9": {"error": "NOT_FOUND", "error_description": "Not found"}},
        });
        assert_eq!(one(&answer, "id3").unwrap(), json!({"ID": "3"}));
        assert_eq!(one(&answer, "id9").unwrap_err(), "NOT_FOUND: Not found");
        // A call the answer does not mention is an error, never a missing row.
        assert!(one(&answer, "id4").is_err());
        let empty = json!({"result": [], "result_error": []});
        assert!(one(&empty, "id3").is_err());
    }
}
