//! Turning what the user typed (`Instagram`, `black friday`, `7`) into the ID the API wants. A number is
//! an ID; anything else is matched against the reference list, ignoring case and accents. A name that
//! matches nothing, or more than one entry, is refused with the candidates listed.

use std::sync::Arc;

use reqwest::Method;

use super::cache::Cache;
use super::{Entry, Kind, entries_of};
use crate::api::envelope;
use crate::context::Context;
use crate::error::{Error, Result};
use crate::http::Safety;
use crate::pages::{self, Walk};
use crate::show::ApiList;

/// An ID, or a name to look up.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Ref {
    Id(u64),
    Name(String),
}

/// Several of them, comma-separated (`1,2`, `[1,2]`, `Agendado,Confirmado`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RefList(pub Vec<Ref>);

/// clap parser for an ID-or-name flag.
pub fn parse_ref(s: &str) -> std::result::Result<Ref, String> {
    let t = s.trim();
    if t.is_empty() {
        return Err("expected an ID or a name".into());
    }
    if t.chars().all(|c| c.is_ascii_digit()) {
        return match t.parse::<u64>() {
            Ok(n) if n > 0 => Ok(Ref::Id(n)),
            _ => Err("expected a positive ID or a name".into()),
        };
    }
    Ok(Ref::Name(t.to_string()))
}

/// clap parser for a comma-separated list of IDs or names.
pub fn parse_ref_list(s: &str) -> std::result::Result<RefList, String> {
    let inner = s.trim().trim_start_matches('[').trim_end_matches(']');
    let items: Vec<Ref> = inner
        .split(',')
        .map(str::trim)
        .filter(|p| !p.is_empty())
        .map(parse_ref)
        .collect::<std::result::Result<_, _>>()?;
    if items.is_empty() {
        return Err("expected one or more IDs or names separated by commas, e.g. 1,2 or Agendado,Confirmado".into());
    }
    Ok(RefList(items))
}

/// Lower case, accents and extra spaces removed: how names are compared.
pub fn normalize(s: &str) -> String {
    deunicode::deunicode(s)
        .to_lowercase()
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
}

/// The ID of the one entry whose name matches `name`.
pub fn pick(kind: Kind, flag: &str, name: &str, entries: &[Entry]) -> Result<u64> {
    let wanted = normalize(name);
    let exact: Vec<&Entry> = entries
        .iter()
        .filter(|e| normalize(&e.name) == wanted)
        .collect();
    match exact.as_slice() {
        [one] => Ok(one.id),
        [] => {
            let mut scored: Vec<(f64, &Entry)> = entries
                .iter()
                .map(|e| {
                    let n = normalize(&e.name);
                    let bonus = if n.contains(&wanted) { 1.0 } else { 0.0 };
                    (bonus + strsim::jaro_winkler(&wanted, &n), e)
                })
                .collect();
            scored.sort_by(|a, b| b.0.total_cmp(&a.0));
            let near: Vec<String> = scored.iter().take(5).map(|(_, e)| describe(e)).collect();
            Err(Error::invalid(
                flag,
                name,
                &format!(
                    "one of the {} (by ID or exact name); closest: {}",
                    kind.name(),
                    near.join(", ")
                ),
            ))
        }
        many => Err(Error::invalid(
            flag,
            name,
            &format!(
                "a name that matches only one of the {}; it matches {} — pass the ID",
                kind.name(),
                many.iter()
                    .map(|e| describe(e))
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
        )),
    }
}

fn describe(e: &Entry) -> String {
    format!("{} ({})", e.name, e.id)
}

/// The ID for `r`: itself when numeric, else looked up in the list.
pub async fn resolve(
    ctx: &Context,
    kind: Kind,
    flag: &str,
    r: &Ref,
    clinic: Option<u64>,
) -> Result<u64> {
    match r {
        Ref::Id(id) => Ok(*id),
        Ref::Name(name) => {
            let entries = list(ctx, kind, clinic).await?;
            pick(kind, flag, name, &entries)
        }
    }
}

/// Every ID of a list flag; the list is read at most once, however many names there are.
pub async fn resolve_all(
    ctx: &Context,
    kind: Kind,
    flag: &str,
    list: &RefList,
    clinic: Option<u64>,
) -> Result<Vec<u64>> {
    let entries = if list.0.iter().any(|r| matches!(r, Ref::Name(_))) {
        self::list(ctx, kind, clinic).await?
    } else {
        Vec::new()
    };
    list.0
        .iter()
        .map(|r| match r {
            Ref::Id(id) => Ok(*id),
            Ref::Name(name) => pick(kind, flag, name, &entries),
        })
        .collect()
}

/// The list from a fresh cache, else from the service (and then cached). If the service cannot be
/// reached, a stale copy is better than nothing.
pub async fn list(ctx: &Context, kind: Kind, clinic: Option<u64>) -> Result<Vec<Entry>> {
    let cache = ctx.cache();
    let cached = cache.as_ref().and_then(|c| c.read(kind, clinic));
    if let (Some(c), Some(cache)) = (&cached, &cache)
        && cache.is_fresh(c)
    {
        return Ok(c.entries.clone());
    }
    match fetch(ctx, kind, clinic).await {
        Ok(entries) => {
            if let Some(cache) = &cache {
                let _ = cache.write(kind, clinic, &entries);
            }
            Ok(entries)
        }
        Err(e) => match cached {
            Some(c) if !matches!(e, Error::NotLoggedIn(_)) => {
                ctx.reporter
                    .warn(&format!("using the cached {} list: {e}", kind.name()));
                Ok(c.entries)
            }
            _ => Err(e),
        },
    }
}

/// Reads the whole list from the service.
pub async fn fetch(ctx: &Context, kind: Kind, clinic: Option<u64>) -> Result<Vec<Entry>> {
    let client = ctx.api().await?;
    let mut query = Vec::new();
    if let Some(c) = clinic.filter(|_| kind.per_clinic()) {
        query.push(("clinica".to_string(), c.to_string()));
    }
    if !kind.paged() {
        let body = client
            .call(Method::GET, kind.path(), &query, None, Safety::Idempotent)
            .await?;
        return Ok(entries_of(&envelope::page(body).records));
    }
    let source = Arc::new(ApiList {
        client,
        path: kind.path().to_string(),
        query,
    });
    let spec = Walk {
        first: 1,
        per_page: 100,
        all: true,
        limit: None,
        concurrency: 2,
        max_pages: None,
    };
    let mut records = Vec::new();
    pages::walk(source, spec, &ctx.reporter, |r| {
        records.push(r);
        Ok(())
    })
    .await?;
    Ok(entries_of(&records))
}

/// Refreshes every cached list now (`clinic cache refresh`).
pub async fn refresh_all(ctx: &Context, cache: &Cache, clinic: Option<u64>) -> Result<usize> {
    let mut n = 0;
    for kind in Kind::ALL {
        let entries = fetch(ctx, kind, clinic).await?;
        cache.write(kind, clinic, &entries)?;
        n += 1;
    }
    Ok(n)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn entries() -> Vec<Entry> {
        [
            (1, "WhatsApp"),
            (2, "Instagram"),
            (3, "Indicação"),
            (4, "Google Ads"),
            (5, "google ads"),
        ]
        .iter()
        .map(|(id, n)| Entry {
            id: *id,
            name: n.to_string(),
        })
        .collect()
    }

    #[test]
    fn exact_case_and_accent_insensitive() {
        assert_eq!(
            pick(Kind::Channels, "--channel", "instagram", &entries()).unwrap(),
            2
        );
        assert_eq!(
            pick(Kind::Channels, "--channel", "  INDICACAO ", &entries()).unwrap(),
            3
        );
    }

    #[test]
    fn ambiguous_and_unknown_list_candidates() {
        let e = pick(Kind::Channels, "--channel", "Google ADS", &entries())
            .unwrap_err()
            .to_string();
        assert!(
            e.contains("Google Ads (4)") && e.contains("google ads (5)"),
            "{e}"
        );
        let e = pick(Kind::Channels, "--channel", "insta", &entries())
            .unwrap_err()
            .to_string();
        assert!(
            e.starts_with("invalid --channel: got \"insta\"") && e.contains("Instagram (2)"),
            "{e}"
        );
    }

    #[test]
    fn parsing() {
        assert_eq!(parse_ref("12").unwrap(), Ref::Id(12));
        assert_eq!(
            parse_ref("Black Friday").unwrap(),
            Ref::Name("Black Friday".into())
        );
        assert!(parse_ref("0").is_err());
        assert_eq!(
            parse_ref_list("[1, Confirmado]").unwrap().0,
            vec![Ref::Id(1), Ref::Name("Confirmado".into())]
        );
        assert!(parse_ref_list(",").is_err());
    }
}
