//! `POST /loginApi`: the one call made without a token.

use reqwest::Method;
use serde_json::json;

use super::envelope;
use crate::error::{Error, Result};
use crate::http::{Body, Http, Request, Safety};
use crate::sanitize;
use crate::secret::Secret;

pub struct LoginAnswer {
    pub token: Secret,
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
    let url = super::client::join(base, "/loginApi", &[])?;
    let req = Request {
        method: Method::POST,
        shown_url: url.to_string(),
        url,
        headers: vec![],
        body: Some(Body::Json(
            json!({"login": login, "password": password.expose()}),
        )),
        // Logging in changes nothing on the server, so a lost answer may be asked again.
        safety: Safety::Idempotent,
    };
    let resp = http.send(&req).await?;
    if resp.status.as_u16() == 401 || resp.status.as_u16() == 403 {
        return Err(Error::Auth(format!(
            "login refused (HTTP {}): {}",
            resp.status.as_u16(),
            sanitize::server_text(&envelope::message(&resp.body))
        )));
    }
    if !resp.status.is_success() {
        return Err(super::client::status_error(resp.status, &resp.body));
    }
    let token = envelope::token(&resp.body).ok_or_else(|| {
        Error::Protocol(
            "the login answer carries no token (looked for token, access_token, accessToken, jwt, under data/dados too, and a bare string)".into(),
        )
    })?;
    http.reporter().add_secret(&token);
    let kind = serde_json::from_slice::<serde_json::Value>(&resp.body)
        .ok()
        .and_then(|v| v.get("tipo").and_then(|t| t.as_str()).map(str::to_string));
    Ok(LoginAnswer { token, kind })
}
