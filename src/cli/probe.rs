//! `clinic doctor --probe`, also the last step of `clinic setup`: how this deployment answers what the
//! specification leaves unsaid — page numbering, the largest page, the token's scheme, the charset, and
//! how an empty list is answered, and which day the modified-since filter reads (as an incremental
//! run learned it). It reads a few one-record pages of the channels list (sends no
//! writes), remembers what it found in the profile (`page_base`, `max_per_page`) and shows it.

use crate::api::conventions::{self, Evidence, Zero};
use crate::api::judge::{Verdict, judge_page, says_no_records};
use crate::api::{ApiClient, CHANNELS};
use crate::context::Context;
use crate::http::Response;
use crate::record::Page;

use super::checks::{Check, Status, said};

/// The largest page asked for, to see whether the deployment states a limit.
const LARGEST: u64 = 10_000;
/// A page number far past the end of any channels list.
const PAST_THE_END: u64 = 1_000_000;

pub async fn conventions(ctx: &Context) -> Vec<Check> {
    let client = match ctx.api().await {
        Ok(client) => client,
        Err(e) => {
            let reason = ctx.reporter.redact(&e.to_string());
            // The CRM is its own host: its family is found without the API's login.
            let mut checks = vec![Check::new(
                "conventions",
                Status::Fail,
                said!("cli-probe-failed", reason = reason),
            )];
            checks.extend(crm_family(ctx).await);
            return checks;
        }
    };
    let first = read(&client, 1, 1).await;
    let mut checks = vec![page_base(ctx, &client, &first).await];
    checks.push(page_size(ctx, &client).await);
    checks.push(Check::new(
        "auth_scheme",
        Status::Ok,
        format!("{:?}", client.scheme().await).to_lowercase(),
    ));
    checks.push(charset(&first));
    checks.push(no_records(ctx, &client).await);
    checks.push(filter_zone(ctx, &client));
    if let Some(check) = crm_family(ctx).await {
        checks.push(check);
    }
    checks
}

/// Which of Bitrix24's CRM method families the portal speaks, with what showed it: the profile's
/// `crm.api`, a family an earlier run found (kept in the profile), or a one-page classic contact
/// list asked now. No line when the profile has no CRM.
async fn crm_family(ctx: &Context) -> Option<Check> {
    use crate::crm::family::Family;
    const NAME: &str = "crm_api";
    if ctx.profile.crm_url.is_none() && ctx.env().var_os("CLINIC_CRM_URL").is_none() {
        return None;
    }
    let crm = match ctx.crm() {
        Ok(crm) => crm,
        Err(e) => return Some(unknown(ctx, NAME, &e)),
    };
    if let Some(said) = ctx.profile.crm.api.as_deref().and_then(Family::parse) {
        let family = said.word().to_string();
        return Some(Check::new(
            NAME,
            Status::Ok,
            said!("cli-probe-crm-family-said", family = family),
        ));
    }
    let (family, method) = match crm.family() {
        // Found by an earlier run: its evidence is the profile's.
        Some(family) => (family, ctx.profile.crm.family_evidence.clone()),
        None => match crm.find_family().await {
            Ok(Some(family)) => (family, crm.found_by()),
            Ok(None) => {
                return Some(Check::new(
                    NAME,
                    Status::Warn,
                    said!("cli-probe-crm-family-unknown"),
                ));
            }
            Err(e) => return Some(unknown(ctx, NAME, &e)),
        },
    };
    let method = method.unwrap_or_else(|| "crm.contact.list".to_string());
    Some(Check::new(
        NAME,
        Status::Ok,
        match family {
            Family::Item => said!("cli-probe-crm-family-item", method = method),
            Family::Classic => said!("cli-probe-crm-family-classic", method = method),
        },
    ))
}

/// Which day the modified-since filter reads: not asked (no answer of a channels list shows it),
/// but what an incremental run learned, with the record that showed it, or what was set by hand.
fn filter_zone(ctx: &Context, client: &ApiClient) -> Check {
    const NAME: &str = "filter_zone";
    match (
        client.conventions().filter_zone(),
        &ctx.profile.filter_zone_evidence,
    ) {
        (Some(zone), Some(evidence)) => Check::new(
            NAME,
            Status::Ok,
            said!(
                "cli-probe-filter-zone",
                zone = zone.word(),
                modified = evidence.modified.clone(),
                from = evidence.asked_from.clone()
            ),
        ),
        // Pinned by hand (`clinic config set filter_zone`): no answer taught it.
        (Some(zone), None) => Check::new(
            NAME,
            Status::Ok,
            said!("cli-probe-filter-zone-set", zone = zone.word()),
        ),
        _ => Check::new(NAME, Status::Ok, said!("cli-probe-filter-zone-unknown")),
    }
}

/// Page `number` of the channels list, `per_page` records, as answered.
async fn read(client: &ApiClient, number: u64, per_page: u64) -> crate::error::Result<Response> {
    let query = [
        ("pagina_atual".to_string(), number.to_string()),
        ("por_pagina".to_string(), per_page.to_string()),
    ];
    client.read_raw(CHANNELS.path, &query).await
}

/// The verdict on an answer read as a page of a list.
fn as_page(resp: &Response, route_proven: bool) -> Verdict<Page> {
    judge_page(resp.status, &resp.body, route_proven)
}

async fn page_base(
    ctx: &Context,
    client: &ApiClient,
    first: &crate::error::Result<Response>,
) -> Check {
    const NAME: &str = "page_base";
    let first = match first {
        Ok(resp) => as_page(resp, false),
        Err(e) => return unknown(ctx, NAME, e),
    };
    let Verdict::Success(first) = first else {
        return Check::new(NAME, Status::Warn, said!("cli-probe-page-base-unknown"));
    };
    let zero = match read(client, 0, 1).await {
        Ok(resp) => as_page(&resp, true),
        Err(e) => return unknown(ctx, NAME, &e),
    };
    let found = match &zero {
        Verdict::Success(zero) => {
            conventions::page_base_from(&first, Zero::Page(zero), &CHANNELS.ids)
        }
        Verdict::Refused { status, .. } => {
            conventions::page_base_from(&first, Zero::Refused(*status), &CHANNELS.ids)
        }
        Verdict::ServerFailed { status, .. } => {
            conventions::page_base_from(&first, Zero::Failed(*status), &CHANNELS.ids)
        }
        _ => None,
    };
    let Some((base, evidence)) = found else {
        return Check::new(NAME, Status::Warn, said!("cli-probe-page-base-unknown"));
    };
    client.learn_page_base(base);
    let why = match evidence {
        Evidence::ZeroHoldsOthers => said!("cli-probe-zero-holds-others"),
        Evidence::ZeroEmpty => said!("cli-probe-zero-empty"),
        Evidence::ZeroRepeatsFirst => said!("cli-probe-zero-repeats-first"),
        Evidence::ZeroRefused(status) => said!("cli-probe-zero-refused", status = status),
        Evidence::ZeroFailed(status) => said!("cli-probe-zero-failed", status = status),
    };
    // The evidence is said in each language the check is shown in.
    let said = |lang, why: &str| {
        crate::text::i18n::text_in(
            lang,
            "cli-probe-page-base",
            &[
                ("base", crate::text::i18n::Value::from(base)),
                ("why", crate::text::i18n::Value::from(why.to_string())),
            ],
        )
    };
    Check::new(
        NAME,
        Status::Ok,
        super::checks::Detail {
            shown: crate::t!("cli-probe-page-base", base = base, why = why.shown.clone()),
            record: said(crate::text::i18n::Lang::En, &why.record),
        },
    )
}

async fn page_size(ctx: &Context, client: &ApiClient) -> Check {
    const NAME: &str = "max_per_page";
    let resp = match read(client, 1, LARGEST).await {
        Ok(resp) => resp,
        Err(e) => return unknown(ctx, NAME, &e),
    };
    match as_page(&resp, false) {
        Verdict::Refused { message, .. } => match conventions::page_size_limit(&message, LARGEST) {
            Some(conventions::Limit::Stated(max)) => {
                client.learn_max_per_page(max);
                Check::new(NAME, Status::Ok, said!("cli-probe-max-stated", max = max))
            }
            // A refusal that states no limit is left to the first walk, which finds the limit by
            // asking smaller pages; half the size asked would be a guess remembered as a fact.
            Some(conventions::Limit::Unstated(_)) | None => Check::new(
                NAME,
                Status::Warn,
                said!("cli-probe-failed", reason = message),
            ),
        },
        Verdict::Success(page) => {
            let served = page.records.len() as u64;
            match page.total {
                Some(total) if served < total.min(LARGEST) => Check::new(
                    NAME,
                    Status::Ok,
                    said!("cli-probe-max-capped", asked = LARGEST, served = served),
                ),
                _ => Check::new(
                    NAME,
                    Status::Ok,
                    said!("cli-probe-max-none", asked = LARGEST),
                ),
            }
        }
        _ => Check::new(NAME, Status::Warn, said!("cli-probe-page-base-unknown")),
    }
}

/// The charset the answers name (they are read by it whatever it is).
fn charset(first: &crate::error::Result<Response>) -> Check {
    const NAME: &str = "charset";
    let content_type = first
        .as_ref()
        .map(|r| r.content_type().to_string())
        .unwrap_or_default();
    let named = content_type.split(';').skip(1).find_map(|p| {
        let (k, v) = p.split_once('=')?;
        k.trim()
            .eq_ignore_ascii_case("charset")
            .then(|| v.trim().trim_matches('"').to_string())
    });
    match named {
        Some(charset) => Check::new(NAME, Status::Ok, charset),
        None => Check::new(NAME, Status::Ok, said!("cli-probe-charset-unnamed")),
    }
}

/// How a page past the end is answered: an empty page, or a failure whose words say "no records".
async fn no_records(ctx: &Context, client: &ApiClient) -> Check {
    const NAME: &str = "no_records";
    let resp = match read(client, PAST_THE_END, 1).await {
        Ok(resp) => resp,
        Err(e) => return unknown(ctx, NAME, &e),
    };
    let status = resp.status.as_u16();
    match crate::api::judge::judge(resp.status, &resp.body, crate::api::judge::Empty::Refused) {
        Verdict::Success(_) => match as_page(&resp, true) {
            Verdict::Success(page) if page.records.is_empty() => Check::new(
                NAME,
                Status::Ok,
                said!("cli-probe-empty-page", status = status),
            ),
            _ => Check::new(NAME, Status::Warn, said!("cli-probe-empty-repeats")),
        },
        Verdict::Refused { message, .. } if says_no_records(&message, true) => Check::new(
            NAME,
            Status::Ok,
            said!(
                "cli-probe-empty-message",
                status = status,
                message = message
            ),
        ),
        Verdict::Refused { message, .. }
        | Verdict::ServerFailed { message, .. }
        | Verdict::AuthFailed { message, .. } => Check::new(
            NAME,
            Status::Warn,
            said!(
                "cli-probe-empty-unknown",
                status = status,
                message = message
            ),
        ),
        Verdict::NotJson { excerpt, .. } => Check::new(
            NAME,
            Status::Warn,
            said!(
                "cli-probe-empty-unknown",
                status = status,
                message = excerpt
            ),
        ),
    }
}

fn unknown(ctx: &Context, name: &'static str, e: &crate::error::Error) -> Check {
    let reason = ctx.reporter.redact(&e.to_string());
    Check::new(
        name,
        Status::Warn,
        said!("cli-probe-failed", reason = reason),
    )
}
