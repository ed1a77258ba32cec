//! The authenticated client of `base_url`: adds the token in the right scheme, detects a deployment
//! that wants the bare token, logs in again on expiry when it can, and hands every answer to the judge.

use std::sync::Arc;
use std::time::Duration;

use reqwest::Method;
use reqwest::header::AUTHORIZATION;
use serde_json::Value;
use tokio::sync::Mutex;

use super::conventions::Conventions;
use super::envelope;
use super::judge::{Empty, Verdict, judge, judge_page};
use crate::config::{AuthScheme, FilterZone, FilterZoneEvidence, Paging};
use crate::error::{Error, Result};
use crate::http::{Body, Http, Request, Response, Safety};
use crate::record::Page;
use crate::secret::Secret;

/// What the client may ask of the rest of the program: a new token when the token stops working, and
/// to remember what it learned of the deployment for the next runs.
pub trait ClientHooks: Send + Sync {
    /// Obtains (and stores) a fresh token with saved credentials; `Ok(None)` when there are none.
    fn relogin(&self) -> futures::future::BoxFuture<'_, Result<Option<Secret>>>;
    /// Remembers the scheme that worked, for the next runs.
    fn remember_scheme(&self, scheme: AuthScheme);
    /// Remembers the number of the deployment's first page (`page_base`).
    fn remember_page_base(&self, base: u64);
    /// Remembers the largest page the deployment serves (`max_per_page`).
    fn remember_max_per_page(&self, max: u64);
    /// Remembers how the deployment pages its lists (`paging`).
    fn remember_paging(&self, paging: Paging);
    /// Remembers which day the modified-since filter reads (`filter_zone`) and what showed it.
    fn remember_filter_zone(&self, zone: FilterZone, evidence: &FilterZoneEvidence);
}

struct AuthState {
    token: Secret,
    scheme: AuthScheme,
    /// The scheme came from configuration: never switch.
    fixed: bool,
    /// Bumped whenever token or scheme changes, so concurrent auth failures repair the state only once.
    generation: u64,
    tried_raw: bool,
    /// A call was accepted with the scheme in use: the scheme is right for this deployment, and a
    /// refusal from then on is about the token alone.
    scheme_proven: bool,
    /// Logins in a row whose tokens were refused before any call with them was accepted. A few are
    /// the pages that were in flight when a token expired, each spending the new token's calls; past
    /// [`UNPROVEN_RENEWALS`] the tokens are refused straight away, and the command ends (exit 3)
    /// instead of logging in over and over. An accepted call starts the count again.
    renewals_unproven: u32,
}

/// How many logins in a row may be refused before any call is accepted.
const UNPROVEN_RENEWALS: u32 = 3;

/// How many times a read whose 2xx answer is not JSON (cut off, a maintenance page) is asked again.
const NOT_JSON_RETRIES: u32 = 2;

pub struct ApiClient {
    http: Arc<Http>,
    base: url::Url,
    auth: Mutex<AuthState>,
    hooks: Option<Arc<dyn ClientHooks>>,
    /// What the deployment's answers have taught.
    conventions: Conventions,
}

impl ApiClient {
    pub fn new(
        http: Arc<Http>,
        base: url::Url,
        token: Secret,
        scheme: Option<AuthScheme>,
        conventions: Conventions,
        hooks: Option<Arc<dyn ClientHooks>>,
    ) -> ApiClient {
        http.reporter().add_secret(&token);
        ApiClient {
            http,
            base,
            auth: Mutex::new(AuthState {
                token,
                scheme: scheme.unwrap_or(AuthScheme::Bearer),
                fixed: scheme.is_some(),
                generation: 0,
                tried_raw: false,
                scheme_proven: false,
                renewals_unproven: 0,
            }),
            hooks,
            conventions,
        }
    }

    pub fn conventions(&self) -> &Conventions {
        &self.conventions
    }

    /// Takes note that the deployment numbers its first page `base`: for this run, and (once, with a
    /// line on stderr) for the next ones. A numbering known before and now contradicted by the
    /// answers is replaced, with a note that says so.
    pub fn learn_page_base(&self, base: u64) {
        let before = self.conventions.page_base();
        if self.conventions.set_page_base(base) {
            if let Some(before) = before {
                self.http.reporter().note(&crate::t!(
                    "api-unlearned-page-base",
                    before = before,
                    base = base
                ));
            } else if base != 1 {
                self.http
                    .reporter()
                    .note(&crate::t!("api-learned-page-base", base = base));
            }
            if let Some(h) = &self.hooks {
                h.remember_page_base(base);
            }
        }
    }

    /// Takes note of how the deployment pages its lists: for this run, and (with a line on stderr
    /// when it changes what was known) for the next ones.
    pub fn learn_paging(&self, paging: Paging) {
        let before = self.conventions.paging();
        if self.conventions.set_paging(paging) {
            if before.is_some() || paging != Paging::Numbers {
                self.http
                    .reporter()
                    .note(&crate::t!("api-learned-paging", paging = paging.word()));
            }
            if let Some(h) = &self.hooks {
                h.remember_paging(paging);
            }
        }
    }

    /// Takes note of which day the deployment's modified-since filter reads, and of the answer that
    /// showed it: for this run, and (with a line on stderr when it changes what was known) for the
    /// next ones.
    pub fn learn_filter_zone(&self, zone: FilterZone, evidence: &FilterZoneEvidence) {
        if self.conventions.set_filter_zone(zone) {
            self.http.reporter().note(&crate::t!(
                "api-learned-filter-zone",
                zone = zone.word(),
                modified = evidence.modified.as_str(),
                from = evidence.asked_from.as_str()
            ));
            if let Some(h) = &self.hooks {
                h.remember_filter_zone(zone, evidence);
            }
        }
    }

    /// Takes note of the largest page the deployment serves: for this run, and for the next ones.
    pub fn learn_max_per_page(&self, max: u64) {
        if self.conventions.set_max_per_page(max) {
            self.http
                .reporter()
                .note(&crate::t!("api-learned-max-per-page", max = max));
            if let Some(h) = &self.hooks {
                h.remember_max_per_page(max);
            }
        }
    }

    /// Sends one call and returns its JSON answer once [`judge`] has ruled it a success, or the error
    /// the failure means. Authentication failures — a 401, or a message saying the token is invalid or
    /// expired, in whatever status — are handled here: switch to the bare token once (when the scheme
    /// was not configured), then log in again with saved credentials, as often as the token expires.
    pub(super) async fn call(
        &self,
        method: Method,
        path: &str,
        query: &[(String, String)],
        body: Option<Value>,
        safety: Safety,
    ) -> Result<Value> {
        // Writes may answer with an empty body; a read that answers nothing has not answered.
        let empty = if method == Method::GET {
            Empty::Refused
        } else {
            Empty::Allowed
        };
        let write = method != Method::GET;
        let call = Call {
            method,
            path,
            query,
            body,
            safety,
            max_wait: None,
        };
        self.call_reading(call, |resp| {
            let status = resp.status;
            match judge(status, &resp.body, empty) {
                // A write is done only when the service says so (see `envelope::unconfirmed`).
                Verdict::Success(value) if write => match envelope::unconfirmed(&value) {
                    Some(message) => Verdict::Refused {
                        status: status.as_u16(),
                        message: crate::t!("api-unconfirmed", message = message),
                    },
                    None => Verdict::Success(value),
                },
                verdict => verdict,
            }
        })
        .await
    }

    /// Reads one page of a list (a GET), its records split out unparsed (see [`judge_page`]).
    /// `route_proven`: an earlier page of this list was read, so "not found" means past the end.
    /// `max_wait`: a retry budget of its own, shorter than `--max-wait` (see `http::Request`).
    pub async fn page(
        &self,
        path: &str,
        query: &[(String, String)],
        route_proven: bool,
        max_wait: Option<Duration>,
    ) -> Result<Page> {
        let call = Call {
            max_wait,
            ..Call::read(path, query)
        };
        self.call_reading(call, |resp| {
            judge_page(resp.status, &resp.body, route_proven)
                .map(|page| super::links::with_headers(page, &resp.headers))
        })
        .await
    }

    /// Reads `path` as it is answered, whatever the verdict, for `clinic doctor --probe`, which looks at
    /// how a deployment answers. The token is handled as for any call: only an authentication failure
    /// is an error here.
    pub async fn read_raw(&self, path: &str, query: &[(String, String)]) -> Result<Response> {
        self.call_reading(Call::read(path, query), |resp| {
            match judge(resp.status, &resp.body, Empty::Allowed) {
                Verdict::AuthFailed { status, message } => Verdict::AuthFailed { status, message },
                _ => Verdict::Success(resp.clone()),
            }
        })
        .await
    }

    /// The scheme the token is sent with now.
    pub async fn scheme(&self) -> AuthScheme {
        self.auth.lock().await.scheme
    }

    /// [`ApiClient::call`] with the judge (and reader) of the caller's choice.
    async fn call_reading<T>(
        &self,
        call: Call<'_>,
        rule: impl Fn(&Response) -> Verdict<T>,
    ) -> Result<T> {
        let Call {
            method,
            path,
            query,
            body,
            safety,
            max_wait,
        } = call;
        let url = super::links::join(&self.base, path, query)?;
        let mut not_json = 0;
        loop {
            let (header, generation) = {
                let a = self.auth.lock().await;
                let value = match a.scheme.word() {
                    Some(word) => format!("{word} {}", a.token.expose()),
                    None => a.token.expose().to_string(),
                };
                (Secret::new(value), a.generation)
            };
            let req = Request {
                method: method.clone(),
                shown_url: url.to_string(),
                url: url.clone(),
                headers: vec![(AUTHORIZATION, header)],
                body: body.clone().map(Body::Json),
                safety,
                max_wait,
                handled_by_caller: None,
            };
            let resp = self.http.send(&req).await?;
            let verdict = rule(&resp);
            // A refusal of what the call asked (a parameter out of range, a conflict, or a failure
            // written inside a success) comes from past the service's check of the credentials:
            // it proves the token's form as a success does, so a token that expires later is
            // renewed, never sent in another form.
            if let Verdict::Refused { status, .. } = verdict
                && (matches!(status, 400 | 409 | 422) || (200..300).contains(&status))
            {
                self.accepted(generation).await;
            }
            match verdict {
                Verdict::Success(value) => {
                    self.accepted(generation).await;
                    return Ok(value);
                }
                Verdict::AuthFailed { status, message } => {
                    self.http.reporter().trace(&crate::t!(
                        "auth-trace-token-refused",
                        status = status,
                        message = message.as_str()
                    ));
                    if !self.repair_auth(generation, &message).await? {
                        return Err(Error::NotLoggedIn(message));
                    }
                }
                Verdict::NotJson { .. }
                    if safety == Safety::Idempotent && not_json < NOT_JSON_RETRIES =>
                {
                    not_json += 1;
                    self.http.reporter().trace(&crate::t!(
                        "api-trace-not-json-again",
                        attempt = not_json,
                        most = NOT_JSON_RETRIES
                    ));
                }
                failure => return failure.into_result(),
            }
        }
    }

    /// After an authentication failure (`message`): changes what the next attempt sends. `false`
    /// when nothing is left to try. The bare token is tried only while no call has worked and the
    /// service does not plainly say the token expired: a token that expired is renewed at once by
    /// logging in again, never sent again in another form.
    async fn repair_auth(&self, generation: u64, message: &str) -> Result<bool> {
        let mut a = self.auth.lock().await;
        if a.generation != generation {
            return Ok(true); // another request already repaired it
        }
        let probe_scheme = !a.fixed && !a.scheme_proven && !says_only_expired(message);
        if probe_scheme && !a.tried_raw && a.scheme == AuthScheme::Bearer {
            a.tried_raw = true;
            a.scheme = AuthScheme::Raw;
            a.generation += 1;
            self.http
                .reporter()
                .trace(&crate::t!("auth-trace-trying-raw"));
            return Ok(true);
        }
        if a.renewals_unproven >= UNPROVEN_RENEWALS {
            // The tokens just obtained are refused straight away: logging in again would loop.
            return Ok(false);
        }
        let Some(hooks) = &self.hooks else {
            return Ok(false);
        };
        let Some(token) = hooks.relogin().await? else {
            return Ok(false);
        };
        self.http.reporter().add_secret(&token);
        self.http
            .reporter()
            .trace(&crate::t!("auth-trace-logged-in-again"));
        a.token = token;
        a.renewals_unproven += 1;
        if !a.fixed {
            a.scheme = AuthScheme::Bearer;
            a.tried_raw = false;
        }
        a.generation += 1;
        Ok(true)
    }

    /// A success proves the token and scheme it was sent with: a renewed token may be renewed again
    /// later, and a bare-token scheme found by trying is remembered for the next runs.
    async fn accepted(&self, generation: u64) {
        let mut a = self.auth.lock().await;
        if a.generation != generation {
            return;
        }
        a.renewals_unproven = 0;
        a.scheme_proven = true;
        if !a.fixed && a.scheme == AuthScheme::Raw {
            a.fixed = true;
            if let Some(h) = &self.hooks {
                h.remember_scheme(AuthScheme::Raw);
            }
        }
    }
}

/// Whether a refusal says the token expired, and nothing about it being invalid or missing (which the
/// wrong scheme can cause too).
fn says_only_expired(message: &str) -> bool {
    let m = crate::text::fold::normalize(message);
    const EXPIRED: &[&str] = &["expirad", "expired", "expirou", "vencid"];
    const OTHER: &[&str] = &[
        "invalid",
        "ausente",
        "missing",
        "malformed",
        "mal formad",
        "nao informado",
        "nao enviado",
        "format",
    ];
    EXPIRED.iter().any(|w| m.contains(w)) && !OTHER.iter().any(|w| m.contains(w))
}

/// One call as [`ApiClient::call_reading`] sends it.
struct Call<'a> {
    method: Method,
    path: &'a str,
    query: &'a [(String, String)],
    body: Option<Value>,
    safety: Safety,
    /// A retry budget of its own (see `http::Request::max_wait`).
    max_wait: Option<Duration>,
}

impl<'a> Call<'a> {
    /// A GET, which may be sent again.
    fn read(path: &'a str, query: &'a [(String, String)]) -> Call<'a> {
        Call {
            method: Method::GET,
            path,
            query,
            body: None,
            safety: Safety::Idempotent,
            max_wait: None,
        }
    }
}

impl ApiClient {
    /// Where a next link of the list at `list_path` leads, as a path below `base_url` and its query:
    /// the link resolved against the list's own address. A link to another origin, or outside
    /// `base_url`, is refused: the token goes nowhere but the deployment it was issued by.
    pub fn link_target(
        &self,
        list_path: &str,
        link: &str,
    ) -> Result<(String, Vec<(String, String)>)> {
        super::links::target(&self.base, list_path, link)
    }
}
