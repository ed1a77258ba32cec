//! The client of the CRM's inbound-webhook REST base (`crm_url` = `…/rest/<user>/<secret>/`): one GET per
//! method call, the secret segment masked wherever the address is shown, Bitrix errors mapped to exit codes.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU8, Ordering};
use std::time::Duration;

use reqwest::{Method, StatusCode};
use serde_json::Value;

use super::family::{self, Family};
use super::limits::{Limits, Pause};
use crate::api::judge::{Empty, Verdict, judge};
use crate::api::{Host, Operation};
use crate::config;
use crate::error::{Error, Result};
use crate::http::{Http, Request, Response, Safety};
use crate::text::answer;
use crate::text::sanitize;

pub struct Crm {
    http: Arc<Http>,
    base: url::Url,
    limits: Limits,
    /// The wait for an operating-time window was said on stderr (once a run).
    told: AtomicBool,
    /// `batch` is a method this CRM does not have (learnt from its answer, once a run).
    batch_missing: AtomicBool,
    /// The method family the portal speaks (`Family::as_u8`; 0 while not known yet).
    family: AtomicU8,
    /// The classic method whose answer settled `family` in this run.
    found_by: std::sync::Mutex<Option<String>>,
    /// Told the family when an answer settles it, to remember it for the next run.
    memory: Option<Memory>,
}

/// What keeps a family found for later runs: the family and the classic method that showed it.
pub type Memory = Box<dyn Fn(Family, &str) + Send + Sync>;

impl Crm {
    /// A client of `base`; waits for the CRM's operating-time windows last at most
    /// `max_operating_wait` in all (see [`Limits`]).
    pub fn new(http: Arc<Http>, base: url::Url, max_operating_wait: Duration) -> Crm {
        Crm {
            http,
            base,
            limits: Limits::new(max_operating_wait),
            told: AtomicBool::new(false),
            batch_missing: AtomicBool::new(false),
            family: AtomicU8::new(0),
            found_by: std::sync::Mutex::new(None),
            memory: None,
        }
    }

    /// The same client keeping the family it finds with `memory`.
    pub fn with_memory(mut self, memory: Memory) -> Crm {
        self.memory = Some(memory);
        self
    }

    /// The classic method whose answer settled the family in this run, if one did.
    pub fn found_by(&self) -> Option<String> {
        self.found_by.lock().ok().and_then(|f| f.clone())
    }

    /// Which family the portal speaks, asking it with a one-page classic contact list (IDs only,
    /// no count) when not known yet; `None` when the answer settled nothing.
    pub async fn find_family(&self) -> Result<Option<Family>> {
        if self.family().is_none() {
            let query = [
                ("select[]".to_string(), "ID".to_string()),
                ("start".to_string(), "-1".to_string()),
            ];
            self.send("crm.contact.list", &query, Safety::Idempotent)
                .await?;
        }
        Ok(self.family())
    }

    /// The same client told which family to speak (a profile's `crm.api`), instead of finding it.
    pub fn with_family(self, family: Option<Family>) -> Crm {
        self.family
            .store(family.map_or(0, Family::as_u8), Ordering::Relaxed);
        self
    }

    /// The method family this portal was found to speak (or was said to), if known yet.
    pub fn family(&self) -> Option<Family> {
        Family::from_u8(self.family.load(Ordering::Relaxed))
    }

    fn learn(&self, family: Family, method: &str) {
        let settled = self
            .family
            .compare_exchange(0, family.as_u8(), Ordering::Relaxed, Ordering::Relaxed)
            .is_ok();
        if settled {
            if let Ok(mut found_by) = self.found_by.lock() {
                *found_by = Some(method.to_string());
            }
            if let Some(memory) = &self.memory {
                memory(family, method);
            }
        }
    }

    /// `{crm_url}<method>?<query>`; a query string of `crm_url` itself (some portals take their
    /// key there) comes first, as it was written.
    pub fn url(&self, method: &str, query: &[(String, String)]) -> url::Url {
        let mut url = self.base.clone();
        url.set_path(&format!(
            "{}/{method}",
            self.base.path().trim_end_matches('/')
        ));
        if !query.is_empty() {
            url.query_pairs_mut().extend_pairs(query);
        }
        url
    }

    /// Calls the CRM method of one entry of the operations table (`crm.contact.get`), with the
    /// safety the table gives it, and returns its whole answer (see [`Crm::call`]).
    pub async fn run(&self, op: &Operation, query: &[(String, String)]) -> Result<Value> {
        debug_assert_eq!(op.host, Host::CrmUrl, "{} is not a CRM method", op.path);
        self.call(op.path, query, op.safety).await
    }

    /// Calls one method and returns its whole answer (`result`, and `next`/`total` for lists).
    ///
    /// Reads are `Idempotent`, so `http` retries them through 503s with backoff. Writes are not retried
    /// there; but Bitrix's `QUERY_LIMIT_EXCEEDED` says the call was refused before it acted, so a write
    /// refused that way is sent again after a pause, for as long as `--max-wait` allows.
    pub(super) async fn call(
        &self,
        method: &str,
        query: &[(String, String)],
        safety: Safety,
    ) -> Result<Value> {
        answer(self.send(method, query, safety).await?)
    }

    /// [`Crm::call`]'s request, in the words of the family the portal speaks, and the response
    /// in classic words (see [`super::family`]). While the family is not known, a classic call
    /// goes first: the portal's ERROR_METHOD_NOT_FOUND says it speaks only the universal one, and
    /// the same call goes again in those words.
    pub(super) async fn send(
        &self,
        method: &str,
        query: &[(String, String)],
        safety: Safety,
    ) -> Result<Response> {
        if method == "batch" {
            return self.send_batch(query, safety).await;
        }
        if family::classic_method(method).is_none() {
            return self.send_raw(method, query, safety).await;
        }
        match self.family() {
            Some(Family::Item) => self.send_item(method, query, safety).await,
            Some(Family::Classic) => self.send_raw(method, query, safety).await,
            None => {
                let resp = self.send_raw(method, query, safety).await?;
                if bitrix_code(&resp).as_deref() == Some("ERROR_METHOD_NOT_FOUND") {
                    // The classic method missing is one sign; the universal one answering is the
                    // second, without which nothing is learnt (a URL that answers every method so
                    // would otherwise be remembered as a universal portal).
                    let item = self.send_item(method, query, safety).await?;
                    if item.status.is_success() && bitrix_code(&item).is_none() {
                        self.learn(Family::Item, method);
                    }
                    return Ok(item);
                }
                if resp.status.is_success() {
                    self.learn(Family::Classic, method);
                }
                Ok(resp)
            }
        }
    }

    /// A classic call sent as its universal twin, the answer put back in classic words.
    async fn send_item(
        &self,
        method: &str,
        query: &[(String, String)],
        safety: Safety,
    ) -> Result<Response> {
        let Some((item_method, item_query)) = family::to_item(method, query) else {
            return self.send_raw(method, query, safety).await;
        };
        let action = family::classic_method(method).map_or("", |(_, a)| a);
        let selection = family::Selection::of(query);
        let mut resp = self.send_raw(&item_method, &item_query, safety).await?;
        if let Ok(Value::Object(mut answer)) = serde_json::from_slice::<Value>(&resp.body)
            && !answer.contains_key("error")
            && let Some(result) = answer.remove("result")
        {
            let result = family::classic_result(action, result, &selection);
            answer.insert("result".into(), result);
            resp.body = serde_json::to_vec(&Value::Object(answer))
                .unwrap_or_default()
                .into();
        }
        Ok(resp)
    }

    /// A `batch` whose classic calls go in the words of the family the portal speaks; while the
    /// family is not known, the classic calls' ERROR_METHOD_NOT_FOUND inside the answer settles
    /// it and the batch goes again.
    async fn send_batch(&self, query: &[(String, String)], safety: Safety) -> Result<Response> {
        // The first classic call of the batch: the one whose answer settles the family.
        let first_classic = query.iter().find_map(|(k, v)| {
            let method = v.split_once('?').map_or(v.as_str(), |(m, _)| m);
            (k.starts_with("cmd[") && family::classic_method(method).is_some()).then_some(method)
        });
        let classic_calls = first_classic.is_some();
        let first_classic = first_classic.unwrap_or("batch");
        match self.family() {
            Some(Family::Item) if classic_calls => self.send_item_batch(query, safety).await,
            None if classic_calls => {
                let resp = self.send_raw("batch", query, safety).await?;
                let answer = serde_json::from_slice::<Value>(&resp.body).unwrap_or_default();
                let errors = answer.pointer("/result/result_error");
                let missing = errors.and_then(Value::as_object).is_some_and(|errors| {
                    errors.values().any(|e| {
                        e.get("error").and_then(Value::as_str) == Some("ERROR_METHOD_NOT_FOUND")
                    })
                });
                let answered = answer
                    .pointer("/result/result")
                    .and_then(Value::as_object)
                    .is_some_and(|r| !r.is_empty());
                if missing && !answered {
                    // Learnt only once the universal calls answer, as for a single call.
                    let item = self.send_item_batch(query, safety).await?;
                    let answer = serde_json::from_slice::<Value>(&item.body).unwrap_or_default();
                    let answered = answer
                        .pointer("/result/result")
                        .and_then(Value::as_object)
                        .is_some_and(|r| !r.is_empty());
                    if answered {
                        self.learn(Family::Item, first_classic);
                    }
                    return Ok(item);
                }
                if answered {
                    self.learn(Family::Classic, first_classic);
                }
                Ok(resp)
            }
            _ => self.send_raw("batch", query, safety).await,
        }
    }

    async fn send_item_batch(
        &self,
        query: &[(String, String)],
        safety: Safety,
    ) -> Result<Response> {
        let mut actions: Vec<(String, String, family::Selection)> = Vec::new();
        let mut item_query = Vec::with_capacity(query.len());
        for (key, value) in query {
            let Some(name) = key.strip_prefix("cmd[").and_then(|k| k.strip_suffix(']')) else {
                item_query.push((key.clone(), value.clone()));
                continue;
            };
            let (method, qs) = value.split_once('?').unwrap_or((value.as_str(), ""));
            let pairs: Vec<(String, String)> = url::form_urlencoded::parse(qs.as_bytes())
                .map(|(k, v)| (k.into_owned(), family::item_reference(&v)))
                .collect();
            match (
                family::classic_method(method),
                family::to_item(method, &pairs),
            ) {
                (Some((_, action)), Some((item_method, item_pairs))) => {
                    // A reference to an earlier call's result stays as written: the portal
                    // fills it in before it reads the call's query, as it does for classic calls.
                    let mut encoded = url::form_urlencoded::Serializer::new(String::new())
                        .extend_pairs(
                            item_pairs
                                .iter()
                                .filter(|(_, v)| !v.contains("$result["))
                                .map(|(k, v)| (k.as_str(), v.as_str())),
                        )
                        .finish();
                    for (k, v) in item_pairs.iter().filter(|(_, v)| v.contains("$result[")) {
                        let k: String =
                            url::form_urlencoded::byte_serialize(k.as_bytes()).collect();
                        encoded.push_str(&format!("&{k}={v}"));
                    }
                    item_query.push((key.clone(), format!("{item_method}?{encoded}")));
                    actions.push((
                        name.to_string(),
                        action.to_string(),
                        family::Selection::of(&pairs),
                    ));
                }
                _ => item_query.push((key.clone(), value.clone())),
            }
        }
        let mut resp = self.send_raw("batch", &item_query, safety).await?;
        if let Ok(mut answer) = serde_json::from_slice::<Value>(&resp.body)
            && let Some(Value::Object(results)) = answer.pointer_mut("/result/result")
        {
            for (name, action, selection) in &actions {
                if let Some(result) = results.remove(name) {
                    results.insert(
                        name.clone(),
                        family::classic_result(action, result, selection),
                    );
                }
            }
            resp.body = serde_json::to_vec(&answer).unwrap_or_default().into();
        }
        Ok(resp)
    }

    /// One request as it is given, and the response as it came once the waits and retries are
    /// over.
    async fn send_raw(
        &self,
        method: &str,
        query: &[(String, String)],
        safety: Safety,
    ) -> Result<Response> {
        let url = self.url(method, query);
        let req = Request {
            method: Method::GET,
            shown_url: config::mask_crm_url(url.as_str()),
            url,
            headers: Vec::new(),
            body: None,
            safety,
            max_wait: None,
            handled_by_caller: Some(handled_here),
        };
        let started = std::time::Instant::now();
        let mut attempt = 0u32;
        loop {
            let near = self
                .limits
                .before(method)
                .await
                .map_err(|waited| self.gave_up(method, waited))?;
            if let Some(pause) = near {
                self.pause(method, &pause).await;
            }
            let resp = self.http.send(&req).await?;
            self.limits.note(method, &resp.body);
            if is_operation_limit(&resp) {
                let pause = self
                    .limits
                    .after_refusal(method, &resp.body)
                    .map_err(|waited| self.gave_up(method, waited))?;
                self.pause(method, &pause).await;
                continue;
            }
            let wait = resp.retry_after().unwrap_or(Duration::from_millis(
                (500 * u64::from(attempt + 1)).min(8_000),
            ));
            if safety == Safety::Unsafe
                && is_query_limit(&resp)
                && started.elapsed() + wait <= self.http.max_wait()
            {
                attempt += 1;
                self.http.reporter().trace(&crate::t!(
                    "crm-trace-query-limit",
                    wait = format!("{:.1}s", wait.as_secs_f64())
                ));
                tokio::time::sleep(wait).await;
                continue;
            }
            return Ok(resp);
        }
    }

    /// Whether this CRM was found to have no `batch` method (then calls go one at a time).
    pub fn batch_missing(&self) -> bool {
        self.batch_missing.load(Ordering::Relaxed)
    }

    /// Notes that this CRM has no `batch` method, and says so once.
    pub fn note_batch_missing(&self) {
        if !self.batch_missing.swap(true, Ordering::Relaxed) {
            self.http.reporter().warn(&crate::t!("crm-batch-missing"));
        }
    }
}

impl Crm {
    /// Before a `batch` request: waits for the window of each method it calls that is nearly spent.
    pub async fn before_calls(&self, methods: &[&str]) -> Result<()> {
        for method in methods {
            let pause = self
                .limits
                .window_pause(method)
                .map_err(|waited| self.gave_up(method, waited))?;
            if let Some(pause) = pause {
                self.pause(method, &pause).await;
            }
        }
        Ok(())
    }

    /// Notes the time block of a call of `method` inside a `batch` answer.
    pub fn note_call(&self, method: &str, time: &Value) {
        self.limits.note_time(method, time);
    }

    /// After a call of `method` inside a `batch` request was refused for operating time: waits
    /// for the window to end, as the last time block of that method said.
    pub async fn after_call_refused(&self, method: &str) -> Result<()> {
        let pause = self
            .limits
            .after_refusal(method, b"")
            .map_err(|waited| self.gave_up(method, waited))?;
        self.pause(method, &pause).await;
        Ok(())
    }

    /// Waits for `method`'s operating-time window to end, saying so on stderr the first time.
    async fn pause(&self, method: &str, pause: &Pause) {
        let until = chrono::DateTime::from_timestamp(pause.until as i64, 0)
            .map(|t| {
                t.with_timezone(&chrono::Local)
                    .format("%H:%M:%S")
                    .to_string()
            })
            .unwrap_or_default();
        let message = crate::t!(
            "crm-operating-wait",
            method = method,
            until = until.as_str()
        );
        if self.told.swap(true, Ordering::Relaxed) {
            self.http.reporter().trace(&message);
        } else {
            self.http.reporter().warn(&message);
        }
        tokio::time::sleep(pause.wait).await;
    }

    /// The error of a run whose waits for operating-time windows would pass `--max-operating-wait`.
    fn gave_up(&self, method: &str, waited: Duration) -> Error {
        Error::Server {
            status: 429,
            message: crate::t!(
                "crm-operating-gave-up",
                method = method,
                time =
                    humantime::format_duration(Duration::from_secs(waited.as_secs())).to_string()
            ),
        }
    }
}

/// Answers the CRM client acts on itself rather than retrying: the operating-time refusal (it
/// waits for the window), and 501, which no retry changes (a method the CRM does not have).
fn handled_here(resp: &Response) -> bool {
    is_operation_limit(resp) || resp.status == StatusCode::NOT_IMPLEMENTED
}

/// Bitrix's refusal of a method that spent its running time for the window.
fn is_operation_limit(resp: &Response) -> bool {
    is_bitrix_error(resp, StatusCode::TOO_MANY_REQUESTS, "OPERATION_TIME_LIMIT")
}

/// Bitrix's refusal of a request over its request quota.
fn is_query_limit(resp: &Response) -> bool {
    is_bitrix_error(
        resp,
        StatusCode::SERVICE_UNAVAILABLE,
        "QUERY_LIMIT_EXCEEDED",
    )
}

/// The method called is one the CRM does not have: Bitrix's ERROR_METHOD_NOT_FOUND (whatever the
/// status), or a 404, 405 or 501 from whatever stands in front of it.
pub fn is_missing_method(resp: &Response) -> bool {
    matches!(resp.status.as_u16(), 404 | 405 | 501)
        || bitrix_code(resp).as_deref() == Some("ERROR_METHOD_NOT_FOUND")
}

/// The `error` code of a Bitrix error answer.
pub fn bitrix_code(resp: &Response) -> Option<String> {
    let body = serde_json::from_slice::<Value>(&resp.body).ok()?;
    body.get("error")?.as_str().map(str::to_string)
}

/// Whether `resp` is Bitrix's error `code` with `status`.
fn is_bitrix_error(resp: &Response, status: StatusCode, code: &str) -> bool {
    resp.status == status && bitrix_code(resp).as_deref() == Some(code)
}

/// The JSON answer, or the error it carries: Bitrix reports errors as `{"error", "error_description"}`
/// with a 4xx status and sometimes with 200; the judge rules on both.
pub fn answer(resp: Response) -> Result<Value> {
    match judge(resp.status, &resp.body, Empty::Refused) {
        Verdict::AuthFailed { status, message } => Err(Error::Auth(crate::t!(
            "crm-credentials-refused",
            status = status,
            message = message
        ))),
        Verdict::NotJson { status, excerpt } => Err(Error::Protocol(crate::t!(
            "crm-not-json",
            status = status,
            excerpt = excerpt
        ))),
        verdict => verdict.into_result(),
    }
}

/// The `result` of an answer.
pub fn result(answer: Value) -> Result<Value> {
    match answer {
        Value::Object(mut map) if map.contains_key("result") => {
            Ok(map.remove("result").unwrap_or_default())
        }
        other => Err(Error::Protocol(crate::t!(
            "crm-no-result",
            answer = sanitize::server_text(&answer::message(other.to_string().as_bytes()))
        ))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ui::Reporter;

    fn crm(base: &str) -> Crm {
        let http = Arc::new(Http::new(Reporter::new(false, true), Default::default()).unwrap());
        Crm::new(
            http,
            url::Url::parse(base).unwrap(),
            super::super::limits::DEFAULT_MAX_OPERATING_WAIT,
        )
    }

    #[test]
    fn method_urls_and_the_secret_segment() {
        let c = crm("https://x.bitrix24.com.br/rest/1/abc123/");
        let url = c.url("crm.contact.list", &[("filter[>ID]".into(), "5".into())]);
        assert_eq!(
            url.as_str(),
            "https://x.bitrix24.com.br/rest/1/abc123/crm.contact.list?filter%5B%3EID%5D=5"
        );
        assert!(!config::mask_crm_url(url.as_str()).contains("abc123"));
    }

    #[test]
    fn a_query_string_of_the_base_is_kept() {
        let c = crm("https://portal.example/rest/?auth=k3y&lang=pt");
        let url = c.url("crm.deal.list", &[("start".into(), "50".into())]);
        assert_eq!(
            url.as_str(),
            "https://portal.example/rest/crm.deal.list?auth=k3y&lang=pt&start=50"
        );
    }

    fn resp(status: u16, body: &str) -> Response {
        Response {
            status: StatusCode::from_u16(status).unwrap(),
            headers: Default::default(),
            body: bytes::Bytes::from(body.to_string()),
        }
    }

    #[test]
    fn bitrix_errors_become_exit_codes() {
        let e = answer(resp(
            200,
            r#"{"error":"NOT_FOUND","error_description":"Not found"}"#,
        ))
        .unwrap_err();
        assert_eq!(e.exit_code(), 4);
        assert!(e.to_string().contains("NOT_FOUND: Not found"), "{e}");
        assert_eq!(
            answer(resp(
                400,
                r#"{"error":"INVALID_ARG_VALUE","error_description":"x"}"#
            ))
            .unwrap_err()
            .exit_code(),
            4
        );
        assert_eq!(
            answer(resp(401, r#"{"error":"INVALID_CREDENTIALS"}"#))
                .unwrap_err()
                .exit_code(),
            3
        );
        assert_eq!(
            answer(resp(503, r#"{"error":"QUERY_LIMIT_EXCEEDED"}"#))
                .unwrap_err()
                .exit_code(),
            5
        );
        assert_eq!(answer(resp(200, "<html>")).unwrap_err().exit_code(), 5);
        assert_eq!(
            result(answer(resp(200, r#"{"result":true}"#)).unwrap()).unwrap(),
            Value::Bool(true)
        );
    }
}
