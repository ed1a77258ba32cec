//! `clinic io METHOD PATH`: any path of the Integrações IO host, with the profile's `x-api-key`
//! [Integrações IO]. Paths and payloads are not documented, so the answer is shown as it comes.

use clap::Args;
use reqwest::header::HeaderName;

use super::args;
use crate::api::client::join;
use crate::api::judge::{Empty, Verdict, judge};
use crate::context::Context;
use crate::error::{Error, Result};
use crate::http::{Body, Request};
use crate::secret::Secret;
use crate::show;
use crate::text::answer;

#[derive(Args, Debug)]
pub struct IoArgs {
    #[command(flatten)]
    request: args::RawRequest,
}

pub async fn run(ctx: &Context, IoArgs { request: a }: IoArgs) -> Result<()> {
    let body = a.body()?;
    let base = ctx.host("io_url", ctx.profile.io_url.as_ref(), "CLINIC_IO_URL")?;
    let url = join(&base, &a.path, &a.query)?;
    let key = key(ctx).await?;
    ctx.reporter.add_secret(&key);
    let safety = a.safety();
    let req = Request {
        method: a.method,
        shown_url: url.to_string(),
        url,
        headers: vec![(HeaderName::from_static("x-api-key"), key)],
        body: body.map(Body::Json),
        safety,
        max_wait: None,
        handled_by_caller: None,
    };
    let resp = ctx.http.send(&req).await?;
    match judge(resp.status, &resp.body, Empty::Allowed) {
        Verdict::AuthFailed { status, message } => Err(Error::Auth(crate::t!(
            "cli-io-key-refused",
            status = status.to_string(),
            message = message
        ))),
        // IO payloads are undocumented: a plain text answer ("OK") is shown as it came; an HTML page
        // or cut-off JSON is not an answer.
        Verdict::NotJson { .. } if answer::is_plain_text(&resp.body) => show::any(
            ctx,
            serde_json::Value::String(String::from_utf8_lossy(&resp.body).into_owned()),
        ),
        verdict => show::any(ctx, verdict.into_result()?),
    }
}

/// The IO key: `CLINIC_IO_KEY`, else (with `--sandbox`) the sandbox's, else the profile's stored key.
async fn key(ctx: &Context) -> Result<Secret> {
    if let Some(k) = std::env::var("CLINIC_IO_KEY")
        .ok()
        .filter(|k| !k.trim().is_empty())
    {
        return Ok(Secret::new(k.trim()));
    }
    // The sandbox's key comes before a stored one, which belongs to a real deployment.
    if ctx.in_sandbox() {
        return Ok(Secret::new(clinic_sandbox::IO_KEY));
    }
    if let Some(kind) = ctx.profile.io_key_store {
        let creds = ctx.credentials.clone();
        let account = creds.io_key_account(&ctx.profile_name);
        let stored = ctx
            .store_call(kind, move || creds.load(kind, &account))
            .await??;
        return stored.ok_or_else(|| {
            Error::Auth(crate::t!(
                "cli-io-key-missing-in-store",
                store = kind.to_string()
            ))
        });
    }
    Err(Error::Auth(crate::t!(
        "cli-io-no-key",
        profile = ctx.profile_name.as_str()
    )))
}
