//! The CRM's two hosts as the profile names them: the Bitrix REST base (`crm_url`) and the
//! automation webhook (`automation_url` + `webhook_id`).

use std::sync::Arc;

use crate::context::Context;
use crate::crm::Crm;
use crate::error::{Error, Result};

/// The CRM client of the profile's `crm_url`, its secret registered for masking.
pub fn crm(ctx: &Context) -> Result<Arc<Crm>> {
    ctx.crm()
}

/// The automation's base address and the webhook ID, both required before anything is sent.
pub fn automation(ctx: &Context) -> Result<(url::Url, String)> {
    let webhook_id = ctx
        .profile
        .webhook_id
        .clone()
        .filter(|w| !w.trim().is_empty())
        .ok_or_else(|| {
            Error::Usage(crate::t!(
                "cli-crm-no-webhook-id",
                profile = ctx.profile_name.as_str()
            ))
        })?;
    let automation = ctx.host(
        "automation_url",
        ctx.profile.automation_url.as_ref(),
        "CLINIC_AUTOMATION_URL",
    )?;
    Ok((automation, webhook_id))
}
