//! Bitrix's `batch`: up to 50 calls in one request, which the CRM's quota (2 requests a second)
//! counts once. Its answer is 200 even when calls inside it failed: each result is read under its
//! own name, and each failure is taken from `result_error`, so no record is ever dropped in silence.

use serde_json::Value;

use super::client::{Crm, answer, bitrix_code, is_missing_method, result};
use crate::api::CRM_BATCH;
use crate::error::{Error, Result};
use crate::http::Safety;
use crate::text::answer;

/// Calls one `batch` request runs at most.
pub const SIZE: usize = 50;

/// Why one call of a batch failed: Bitrix's code and its message for that call alone.
#[derive(Debug, Clone, PartialEq)]
pub struct Failure {
    pub code: String,
    pub message: String,
}

impl Failure {
    /// The call's method spent its running time for the window (the call did nothing).
    pub fn operating_limit(&self) -> bool {
        self.code == "OPERATION_TIME_LIMIT"
    }
}

/// One call's outcome: its result, or why it failed.
pub type Outcome = std::result::Result<Value, Failure>;

/// `method` (`crm.contact.get`) for each ID, `SIZE` per request, in the order given: each ID with
/// its record or the message its own call met. A request that fails as a whole is the error.
pub async fn get_each(crm: &Crm, method: &str, ids: &[u64]) -> Result<Vec<(u64, Outcome)>> {
    let calls: Vec<String> = ids.iter().map(|id| format!("{method}?ID={id}")).collect();
    let outcomes = run(crm, &calls).await?;
    Ok(ids.iter().copied().zip(outcomes).collect())
}

/// Runs each call (`method?query`, the query already encoded), `SIZE` per request, and gives each
/// one's outcome in the order given. The calls stand alone: one refused because its method spent
/// its running time did nothing, and is sent again in a later request once the window has ended
/// (within `--max-operating-wait`). A request that fails as a whole is the error.
pub async fn run(crm: &Crm, calls: &[String]) -> Result<Vec<Outcome>> {
    let mut outcomes: Vec<Option<Outcome>> = vec![None; calls.len()];
    let mut pending: Vec<usize> = (0..calls.len()).collect();
    while !pending.is_empty() {
        let mut refused = Vec::new();
        for chunk in pending.chunks(SIZE) {
            let asked: Vec<&str> = chunk.iter().map(|i| calls[*i].as_str()).collect();
            for (i, outcome) in chunk.iter().zip(request(crm, &asked).await?) {
                match outcome {
                    Err(failure) if failure.operating_limit() => refused.push(*i),
                    outcome => outcomes[*i] = Some(outcome),
                }
            }
        }
        if let Some(first) = refused.first() {
            crm.after_call_refused(method_of(&calls[*first])).await?;
        }
        pending = refused;
    }
    Ok(outcomes.into_iter().flatten().collect())
}

/// One `batch` request of at most `SIZE` calls, each one's outcome as it came. Calls that depend on
/// each other (`$result[…]`) go through here: a refused one cannot be sent again alone.
///
/// A CRM without `batch` (learnt from its answer to the first one) gets the calls one at a time,
/// with the same outcomes: see [`one_by_one`].
pub async fn request(crm: &Crm, calls: &[&str]) -> Result<Vec<Outcome>> {
    if crm.batch_missing() {
        return one_by_one(crm, calls, None).await;
    }
    let mut methods: Vec<&str> = calls.iter().map(|c| method_of(c)).collect();
    methods.sort_unstable();
    methods.dedup();
    crm.before_calls(&methods).await?;
    let mut query = vec![("halt".to_string(), "0".to_string())];
    query.extend(
        calls
            .iter()
            .enumerate()
            .map(|(n, call)| (format!("cmd[{}]", name(n)), call.to_string())),
    );
    let response = crm.send(CRM_BATCH.path, &query, CRM_BATCH.safety).await?;
    if is_missing_method(&response) {
        // Bitrix's own ERROR_METHOD_NOT_FOUND settles it; a bare 404 (405, 501) could also be a
        // wrong address, which the first call alone then meets too, and is the run's error.
        let settled = bitrix_code(&response).is_some();
        let probe = (!settled).then_some(response.status);
        return one_by_one(crm, calls, probe).await;
    }
    let answer = result(answer(response)?)?;
    Ok(calls
        .iter()
        .enumerate()
        .map(|(n, call)| {
            let name = name(n);
            if let Some(time) = answer.get("result_time").and_then(|t| t.get(&name)) {
                crm.note_call(method_of(call), time);
            }
            one(&answer, &name)
        })
        .collect())
}

/// The calls of one request sent one at a time, for a CRM that has no `batch`: each call's own
/// answer is its outcome (a refusal of that call alone is its failure, as inside a batch), and a
/// reference to an earlier call's result (`$result[c0][49][ID]`) is filled in here, as Bitrix fills
/// it in. A call whose reference finds nothing is not sent: its outcome says why. With `probe`, the
/// status `batch` was refused with, the first call decides whether `batch` alone is missing: met
/// with the same status, it is the run's error instead.
async fn one_by_one(
    crm: &Crm,
    calls: &[&str],
    mut probe: Option<reqwest::StatusCode>,
) -> Result<Vec<Outcome>> {
    if probe.is_none() {
        crm.note_batch_missing();
    }
    let mut outcomes: Vec<Outcome> = Vec::with_capacity(calls.len());
    for call in calls {
        let (method, query) = call.split_once('?').unwrap_or((call, ""));
        let pairs: std::result::Result<Vec<(String, String)>, Failure> =
            url::form_urlencoded::parse(query.as_bytes())
                .map(|(key, value)| Ok((key.into_owned(), filled_in(&value, &outcomes)?)))
                .collect();
        let outcome = match pairs {
            Err(failure) => Err(failure),
            Ok(pairs) => {
                let response = crm.send(method, &pairs, Safety::Idempotent).await?;
                if let Some(status) = probe.take() {
                    if response.status == status {
                        return Err(answer(response)
                            .err()
                            .unwrap_or_else(|| Error::Protocol(crate::t!("crm-batch-no-answer"))));
                    }
                    crm.note_batch_missing();
                }
                let code = bitrix_code(&response).unwrap_or_default();
                match answer(response).and_then(result) {
                    Ok(found) => Ok(found),
                    // What a batch reports as this call's own failure (`result_error`), not the
                    // run's: a refusal, a server error, an answer without its result.
                    Err(
                        Error::Rejected { message, .. }
                        | Error::Server { message, .. }
                        | Error::Protocol(message),
                    ) => Err(Failure { code, message }),
                    Err(e) => return Err(e),
                }
            }
        };
        outcomes.push(outcome);
    }
    Ok(outcomes)
}

/// A call's parameter with a reference to an earlier call's result (`$result[c3][49][ID]`, the
/// whole value) replaced by the value it names; any other value as it is.
fn filled_in(value: &str, earlier: &[Outcome]) -> std::result::Result<String, Failure> {
    let Some(reference) = value.strip_prefix("$result[") else {
        return Ok(value.to_string());
    };
    let missing = || Failure {
        code: String::new(),
        message: crate::t!("crm-batch-no-earlier-result", reference = value),
    };
    let (call, path) = reference.split_once(']').ok_or_else(missing)?;
    let n: usize = call
        .strip_prefix('c')
        .and_then(|n| n.parse().ok())
        .ok_or_else(missing)?;
    let mut found = earlier
        .get(n)
        .and_then(|o| o.as_ref().ok())
        .ok_or_else(missing)?;
    let keys = path.strip_prefix('[').and_then(|p| p.strip_suffix(']'));
    for key in keys.into_iter().flat_map(|k| k.split("][")) {
        found = match found {
            Value::Array(items) => key.parse::<usize>().ok().and_then(|i| items.get(i)),
            Value::Object(map) => map.get(key),
            _ => None,
        }
        .ok_or_else(missing)?;
    }
    match found {
        Value::String(text) => Ok(text.clone()),
        Value::Number(n) => Ok(n.to_string()),
        _ => Err(missing()),
    }
}

/// The method of a call (`crm.contact.list?start=50` → `crm.contact.list`).
fn method_of(call: &str) -> &str {
    call.split_once('?').map_or(call, |(method, _)| method)
}

/// A call's query, encoded as Bitrix decodes the text after `?` of a `cmd` entry.
pub fn query(pairs: &[(impl AsRef<str>, impl AsRef<str>)]) -> String {
    url::form_urlencoded::Serializer::new(String::new())
        .extend_pairs(pairs.iter().map(|(k, v)| (k.as_ref(), v.as_ref())))
        .finish()
}

/// `$result[c3][49][ID]`: a value of the `n`th call's result, which Bitrix puts in place of this
/// text in a later call of the same request (`path` is the keys inside the result).
pub fn reference(n: usize, path: &str) -> String {
    format!("$result[{}]{path}", name(n))
}

/// The name of the `n`th call inside a batch (names are what Bitrix keys its results by).
fn name(n: usize) -> String {
    format!("c{n}")
}

/// The outcome of the call named `name` in a batch's answer (`{"result": {…}, "result_error": {…}}`,
/// either of which may be `[]` when empty).
fn one(answer: &Value, name: &str) -> Outcome {
    if let Some(error) = answer.get("result_error").and_then(|e| e.get(name)) {
        let message = answer::message_of(error).unwrap_or_else(|| error.to_string());
        return Err(Failure {
            code: error
                .get("error")
                .and_then(Value::as_str)
                .unwrap_or_default()
                .to_string(),
            message: crate::text::sanitize::server_text(&message),
        });
    }
    match answer.get("result").and_then(|r| r.get(name)) {
        Some(record) => Ok(record.clone()),
        None => Err(Failure {
            code: String::new(),
            message: crate::t!("crm-batch-no-answer"),
        }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    /// References to earlier results are filled in as Bitrix fills them; one that finds nothing
    /// (a short page, a failed call) is the call's failure, never a value made up.
    #[test]
    fn references_to_earlier_results_are_filled_in_or_refused() {
        let page: Vec<Value> = (1..=50).map(|id| json!({"ID": id.to_string()})).collect();
        let earlier: Vec<Outcome> = vec![
            Ok(Value::Array(page)),
            Ok(json!({"0": {"ID": 7}})),
            Err(Failure {
                code: "NOT_FOUND".into(),
                message: "NOT_FOUND: Not found".into(),
            }),
        ];
        assert_eq!(filled_in("ASC", &earlier).unwrap(), "ASC");
        assert_eq!(filled_in("$result[c0][49][ID]", &earlier).unwrap(), "50");
        assert_eq!(filled_in("$result[c1][0][ID]", &earlier).unwrap(), "7");
        for missing in [
            "$result[c0][50][ID]",
            "$result[c2][0][ID]",
            "$result[c3][0][ID]",
            "$result[c0]",
            "$result[x][0]",
        ] {
            assert!(filled_in(missing, &earlier).is_err(), "{missing}");
        }
    }

    #[test]
    fn each_call_is_read_on_its_own() {
        let answer = json!({
            "result": {"id3": {"ID": "3"}},
            "result_error": {"id9": {"error": "NOT_FOUND", "error_description": "Not found"}},
        });
        assert_eq!(one(&answer, "id3").unwrap(), json!({"ID": "3"}));
        let failure = one(&answer, "id9").unwrap_err();
        assert_eq!(failure.message, "NOT_FOUND: Not found");
        assert_eq!(failure.code, "NOT_FOUND");
        assert!(!failure.operating_limit());
        // A call the answer does not mention is an error, never a missing row.
        assert!(one(&answer, "id4").is_err());
        let empty = json!({"result": [], "result_error": []});
        assert!(one(&empty, "id3").is_err());
    }
}
