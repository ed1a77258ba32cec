//! `POST /loginApi`: the one call made without a token.

use serde_json::json;

use super::envelope::{self, TokenProblem};
use super::judge::{Empty, Verdict, judge};
use crate::config::AuthScheme;
use crate::error::{Error, Result};
use crate::http::{Body, Http, Request};
use crate::secret::Secret;

pub struct LoginAnswer {
    pub token: Secret,
    /// The scheme the answer gave with the token (`"Bearer 3f…"`), to be used and remembered.
    pub scheme: Option<AuthScheme>,
    /// The user kind, when the deployment says (`admin_master` or `clinica`).
    pub kind: Option<String>,
}

pub async fn login(
    http: &Http,
    base: &url::Url,
    login: &str,
    password: &Secret,
) -> Result<LoginAnswer> {
    http.reporter().add_secret(password);
    let url = super::links::join(base, super::LOGIN.path, &[])?;
    let req = Request {
        method: super::LOGIN.http_method(),
        shown_url: url.to_string(),
        url,
        headers: vec![],
        body: Some(Body::Json(
            json!({"login": login, "password": password.expose()}),
        )),
        safety: super::LOGIN.safety,
        max_wait: None,
        handled_by_caller: None,
    };
    let resp = http.send(&req).await?;
    let verdict = judge(resp.status, &resp.body, Empty::Refused);
    // Some deployments answer the token as plain text.
    if matches!(verdict, Verdict::NotJson { .. })
        && let Some((token, scheme)) = envelope::text_token(&resp.body)
    {
        http.reporter().add_secret(&token);
        http.reporter().trace(&crate::t!("auth-trace-plain-token"));
        return Ok(LoginAnswer {
            token,
            scheme,
            kind: None,
        });
    }
    let body = match verdict {
        Verdict::Success(body) => body,
        Verdict::Refused { status, message } | Verdict::AuthFailed { status, message } => {
            return Err(Error::Auth(crate::t!(
                "auth-login-refused",
                status = status,
                message = message
            )));
        }
        failure => return Err(failure.into_result().unwrap_err()),
    };
    // The service said yes but gave nothing we can send: a login problem (exit 3), not a network one.
    let found = envelope::token(&body).map_err(|problem| match problem {
        TokenProblem::Missing => Error::Auth(crate::t!("auth-no-token-in-answer")),
        TokenProblem::Unsendable { path, length } => Error::Auth(crate::t!(
            "auth-token-unsendable",
            path = path,
            length = length as u64
        )),
    })?;
    http.reporter().add_secret(&found.token);
    http.reporter().trace(&crate::t!(
        "auth-trace-token-found",
        path = found.path.to_string()
    ));
    if let Some(scheme) = found.scheme {
        http.reporter().trace(&crate::t!(
            "auth-trace-token-scheme",
            scheme = scheme.word().unwrap_or_default()
        ));
    }
    Ok(LoginAnswer {
        token: found.token,
        scheme: found.scheme,
        kind: envelope::user_kind(&body),
    })
}
