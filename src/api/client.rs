//! The authenticated client of `base_url`: adds the token in the right scheme, detects a deployment
//! that wants the bare token, logs in again on expiry when it can, and maps statuses to errors.

use std::sync::Arc;

use reqwest::header::AUTHORIZATION;
use reqwest::{Method, StatusCode};
use serde_json::Value;
use tokio::sync::Mutex;

use super::envelope;
use crate::config::AuthScheme;
use crate::error::{Error, Result};
use crate::http::{Body, Http, Request, Response, Safety};
use crate::secret::Secret;

/// What the client may ask of the rest of the program when the token stops working.
pub trait AuthHooks: Send + Sync {
    /// Obtains (and stores) a fresh token with saved credentials; `Ok(None)` when there are none.
    fn relogin(&self) -> futures::future::BoxFuture<'_, Result<Option<Secret>>>;
    /// Remembers the scheme that worked, for the next runs.
    fn remember_scheme(&self, scheme: AuthScheme);
}

struct AuthState {
    token: Secret,
    scheme: AuthScheme,
    /// The scheme came from configuration: never switch.
    fixed: bool,
    /// Bumped whenever token or scheme changes, so concurrent 401s repair the state only once.
    generation: u64,
    tried_raw: bool,
    relogged: bool,
}

pub struct ApiClient {
    http: Arc<Http>,
    base: url::Url,
    auth: Mutex<AuthState>,
    hooks: Option<Arc<dyn AuthHooks>>,
}

impl ApiClient {
    pub fn new(
        http: Arc<Http>,
        base: url::Url,
        token: Secret,
        scheme: Option<AuthScheme>,
        hooks: Option<Arc<dyn AuthHooks>>,
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
                relogged: false,
            }),
            hooks,
        }
    }

    /// Sends one call and returns the answer of any status but 401, which is handled here: switch to the
    /// bare token once (when the scheme was not configured), then log in again once (when possible).
    pub async fn send(
        &self,
        method: Method,
        path: &str,
        query: &[(String, String)],
        body: Option<Value>,
        safety: Safety,
    ) -> Result<Response> {
        let url = join(&self.base, path, query)?;
        loop {
            let (header, generation) = {
                let a = self.auth.lock().await;
                let value = match a.scheme {
                    AuthScheme::Bearer => format!("Bearer {}", a.token.expose()),
                    AuthScheme::Raw => a.token.expose().to_string(),
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
            };
            let resp = self.http.send(&req).await?;
            if resp.status != StatusCode::UNAUTHORIZED {
                // Only a success proves the scheme; a 403 or 500 says nothing about it.
                if resp.status.is_success() {
                    self.confirm_scheme(generation).await;
                }
                return Ok(resp);
            }
            if !self.repair_auth(generation).await? {
                return Err(Error::NotLoggedIn(envelope::message(&resp.body)));
            }
        }
    }

    /// Sends a call and returns its JSON answer, or the error its status means.
    pub async fn call(
        &self,
        method: Method,
        path: &str,
        query: &[(String, String)],
        body: Option<Value>,
        safety: Safety,
    ) -> Result<Value> {
        let resp = self.send(method, path, query, body, safety).await?;
        json_of(resp)
    }

    /// After a 401: changes what the next attempt sends. `false` when nothing is left to try.
    async fn repair_auth(&self, generation: u64) -> Result<bool> {
        let mut a = self.auth.lock().await;
        if a.generation != generation {
            return Ok(true); // another request already repaired it
        }
        if !a.fixed && !a.tried_raw && a.scheme == AuthScheme::Bearer {
            a.tried_raw = true;
            a.scheme = AuthScheme::Raw;
            a.generation += 1;
            self.http
                .reporter()
                .trace("  401 with Bearer: trying the bare token once");
            return Ok(true);
        }
        if !a.relogged {
            a.relogged = true;
            if let Some(hooks) = &self.hooks
                && let Some(token) = hooks.relogin().await?
            {
                self.http.reporter().add_secret(&token);
                self.http
                    .reporter()
                    .trace("  401: logged in again with saved credentials");
                a.token = token;
                if !a.fixed {
                    a.scheme = AuthScheme::Bearer;
                    a.tried_raw = false;
                }
                a.generation += 1;
                return Ok(true);
            }
        }
        Ok(false)
    }

    /// A success after switching to the bare token: remember it, so the next run starts right.
    async fn confirm_scheme(&self, generation: u64) {
        let mut a = self.auth.lock().await;
        if a.generation == generation && !a.fixed && a.scheme == AuthScheme::Raw {
            a.fixed = true;
            if let Some(h) = &self.hooks {
                h.remember_scheme(AuthScheme::Raw);
            }
        }
    }
}

/// `base` + `path` (relative, `/`-separated) + query, keeping the base's own path (`.../rest/v1`).
pub fn join(base: &url::Url, path: &str, query: &[(String, String)]) -> Result<url::Url> {
    let mut url = base.clone();
    let joined = format!(
        "{}/{}",
        base.path().trim_end_matches('/'),
        path.trim_start_matches('/')
    );
    url.set_path(&joined);
    url.set_query(None);
    if !query.is_empty() {
        url.query_pairs_mut().extend_pairs(query);
    }
    Ok(url)
}

/// Maps an answer to its JSON (or text) value, or to the error its status means.
pub fn json_of(resp: Response) -> Result<Value> {
    let status = resp.status;
    if status.is_success() {
        if resp.body.iter().all(u8::is_ascii_whitespace) {
            return Ok(Value::Null);
        }
        return Ok(serde_json::from_slice(&resp.body)
            .unwrap_or_else(|_| Value::String(String::from_utf8_lossy(&resp.body).into_owned())));
    }
    Err(status_error(status, &resp.body))
}

pub fn status_error(status: StatusCode, body: &[u8]) -> Error {
    let message = envelope::message(body);
    match status.as_u16() {
        401 => Error::NotLoggedIn(message),
        400..=499 => Error::Rejected {
            status: status.as_u16(),
            message,
        },
        _ => Error::Server {
            status: status.as_u16(),
            message,
        },
    }
}
