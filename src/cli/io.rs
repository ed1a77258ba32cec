//! `clinic io METHOD PATH`: any path of the Integrações IO host, with the profile's `x-api-key`
//! [Integrações IO]. Paths and payloads are not documented, so the answer is shown as it comes.

use clap::Args;

use super::args;
use crate::context::Context;
use crate::error::{Error, Result};
use crate::io_hook::IoHook;
use crate::secret::Secret;
use crate::show;

#[derive(Args, Debug)]
pub struct IoArgs {
    #[command(flatten)]
    request: args::RawRequest,
}

pub async fn run(ctx: &Context, IoArgs { request: a }: IoArgs) -> Result<()> {
    let body = a.body()?;
    let base = ctx.host("io_url", ctx.profile.io_url.as_ref(), "CLINIC_IO_URL")?;
    let io = IoHook::new(ctx.http.clone(), base, key(ctx).await?);
    let answer = io.send(a.method, &a.path, &a.query, body).await?;
    show::any(ctx, answer)
}

/// The IO key: `CLINIC_IO_KEY`, else (with `--sandbox`) the sandbox's, else the profile's stored key.
async fn key(ctx: &Context) -> Result<Secret> {
    if let Some(k) = ctx.env().non_blank("CLINIC_IO_KEY") {
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
