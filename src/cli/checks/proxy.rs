//! The proxy as a check of its own (`clinic doctor`): whether requests to the API go through one,
//! where it was set, whether it answers and whether it lets them through (a 407 is its refusal of
//! the credentials, never a host's answer). No line when no proxy is in the way.

use super::{Check, Status, said};
use crate::config;
use crate::context::Context;
use crate::error::Error;
use crate::http::proxy_auth::{self, Origin};

const NAME: &str = "proxy";

/// The proxy of `base_url`'s requests, asked for the same API operation the `base_url` check asks.
pub async fn check(ctx: &Context) -> Option<Check> {
    let raw = ctx.profile.base_url.as_deref()?;
    let base = config::check_url("base_url", raw).ok()?;
    let url = super::api_operation_url(&base).unwrap_or(base);
    let proxy = ctx.http.proxy_for(&url)?;
    let address = proxy_auth::address(&proxy);
    let origin = ctx.http.proxy_origin(&url);
    let shown = config::mask_url(url.as_str());
    Some(match ctx.http.reach(url, shown).await {
        Ok(_) => Check::new(
            NAME,
            Status::Ok,
            match origin {
                Origin::Profile => said!("cli-doctor-proxy-ok-profile", address = address),
                Origin::Variable(name) => said!(
                    "cli-doctor-proxy-ok-variable",
                    address = address,
                    variable = name
                ),
                Origin::System => said!("cli-doctor-proxy-ok-system", address = address),
            },
        ),
        // Its own words name it, where it was set and how to give it a password.
        Err(e @ (Error::Proxy(_) | Error::Network(_))) => {
            Check::new(NAME, Status::Fail, ctx.reporter.redact(&e.to_string()))
        }
        Err(e) => Check::new(
            NAME,
            Status::Warn,
            said!(
                "cli-doctor-proxy-untried",
                address = address,
                reason = ctx.reporter.redact(&e.to_string())
            ),
        ),
    })
}
