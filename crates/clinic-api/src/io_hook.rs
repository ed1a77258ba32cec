//! The client of the Integrações IO host (`io_url`): any path, with the profile's `x-api-key`, each
//! answer judged as every host's is. Its paths and payloads are not documented (its entry in the
//! operations table says `ANY /{path}`), so the method and path are the user's, and the answer comes
//! back as it was sent.

use std::sync::Arc;

use reqwest::header::HeaderName;
use serde_json::Value;

use crate::api::judge::{Empty, Verdict, judge};
use crate::api::links::join;
use crate::error::{Error, Result};
use crate::http::{Body, Http, Method, Request, Safety};
use crate::secret::Secret;
use crate::text::answer;

/// The header the IO host reads its key from.
const KEY_HEADER: &str = "x-api-key";

pub struct IoHook {
    http: Arc<Http>,
    base: url::Url,
    key: Secret,
}

impl IoHook {
    /// A client of `base` that sends `key`, which is masked wherever text is shown from then on.
    pub fn new(http: Arc<Http>, base: url::Url, key: Secret) -> IoHook {
        http.reporter().add_secret(&key);
        IoHook { http, base, key }
    }

    /// Sends one request and returns its answer: JSON as it came, or a plain text answer ("OK") as a
    /// string. Reads may be sent again; anything else may have changed something. A refused key is
    /// an authentication error (exit 3); an HTML page or cut-off JSON is no answer.
    pub async fn send(
        &self,
        method: Method,
        path: &str,
        query: &[(String, String)],
        body: Option<Value>,
    ) -> Result<Value> {
        let url = join(&self.base, path, query)?;
        let req = Request {
            safety: Safety::of(&method),
            method,
            shown_url: url.to_string(),
            url,
            headers: vec![(HeaderName::from_static(KEY_HEADER), self.key.clone())],
            body: body.map(Body::Json),
            max_wait: None,
            handled_by_caller: None,
        };
        let resp = self.http.send(&req).await?;
        match judge(resp.status, &resp.body, Empty::Allowed) {
            Verdict::AuthFailed { status, message } => Err(Error::Auth(crate::t!(
                "cli-io-key-refused",
                status = status.to_string(),
                message = message
            ))),
            Verdict::NotJson { .. } if answer::is_plain_text(&resp.body) => Ok(Value::String(
                String::from_utf8_lossy(&resp.body).into_owned(),
            )),
            verdict => verdict.into_result(),
        }
    }
}
