//! The checks that turn what a person typed into a webhook lead, shared by `crm contact create`
//! (flags) and `crm contact import` (rows): the same spelling rules whichever way a lead comes in.

use crate::cli::args;
use crate::context::Context;
use crate::crm::names;
use crate::crm::webhook;
use crate::error::{Error, Result};

/// `Maria José da Silva` as first name and last name.
pub(super) fn full_name(s: &str) -> std::result::Result<(String, String), String> {
    let s = args::contact_name(s)?;
    let (first, last) =
        webhook::split_full_name(&s).ok_or_else(|| crate::t!("cli-crm-expected-full-name"))?;
    // The last word is stored as the last name, and keeps the rule of every stored name.
    args::contact_name(&last)?;
    Ok((first, last))
}

/// A UTM source in the spelling the automation compares.
pub(super) fn utm_source(s: &str) -> std::result::Result<&'static str, String> {
    webhook::utm_source(s).ok_or_else(|| {
        crate::t!(
            "cli-crm-expected-utm-source",
            sources = webhook::UTM_SOURCES.join(", ")
        )
    })
}

/// `Data hora de criação` from `--created-at` or a cell (`field` names it in the error), or now.
pub(super) fn created(ctx: &Context, field: &str, typed: Option<&str>) -> Result<String> {
    webhook::created_at(typed, timezone(ctx)?, chrono::Utc::now()).ok_or_else(|| {
        Error::invalid(
            field,
            typed.unwrap_or_default(),
            &crate::t!("cli-crm-expected-created-at"),
        )
    })
}

fn timezone(ctx: &Context) -> Result<chrono_tz::Tz> {
    let name = ctx
        .profile
        .timezone
        .as_deref()
        .unwrap_or(crate::config::DEFAULT_TIMEZONE);
    name.trim()
        .parse()
        .map_err(|_| Error::invalid("timezone", name, &crate::t!("cli-crm-expected-timezone")))
}

/// The unit in the configured spelling; without configured units, as typed.
pub(super) fn unit(ctx: &Context, field: &str, typed: &str) -> Result<String> {
    let units = &ctx.profile.units;
    if units.is_empty() {
        return Ok(typed.trim().to_string());
    }
    names::find(typed, units)
        .map(str::to_string)
        .map_err(|near| {
            Error::invalid(
                field,
                typed,
                &crate::t!("cli-crm-expected-unit", near = args::or_list(&near)),
            )
        })
}
