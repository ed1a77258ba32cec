//! Turning what the user typed (`Instagram`, `black friday`, `7`) into the ID the API wants. A number is
//! an ID; anything else is matched against the reference list, ignoring case and accents. A name that
//! matches nothing, or more than one entry, is refused with the candidates listed.

use std::collections::HashMap;
use std::sync::Arc;

use futures::StreamExt;

use super::cache::Cache;
use super::kind::{Entry, Kind, entries_of};
use crate::api::list::{ApiList, WholeList};
use crate::context::Context;
use crate::error::{Error, Result};
use crate::pages::{self, Walk};
use crate::record::PageSource;
use crate::text::fold::{NameMatch, name_match, normalize};

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
    ref_of(s).map_err(|expected| crate::t!("cli-expected", expected = expected))
}

/// An ID or a name; else what was expected, in the reader's language.
pub fn ref_of(s: &str) -> std::result::Result<Ref, String> {
    let t = s.trim();
    if t.is_empty() {
        return Err(crate::t!("refs-expect-id-or-name"));
    }
    if t.chars().all(|c| c.is_ascii_digit()) {
        return match t.parse::<u64>() {
            Ok(n) if n > 0 => Ok(Ref::Id(n)),
            _ => Err(crate::t!("refs-expect-positive-id-or-name")),
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
        return Err(crate::t!(
            "cli-expected",
            expected = crate::t!("refs-expect-list")
        ));
    }
    Ok(RefList(items))
}

/// The ID of the one entry whose name matches `name` (see [`name_match`]): the same words first, else
/// the one name whose words the typed ones start. Several matches are refused, each with its ID.
pub fn pick(kind: Kind, flag: &str, name: &str, entries: &[Entry]) -> Result<u64> {
    let matching = |level: NameMatch| -> Vec<&Entry> {
        entries
            .iter()
            .filter(|e| name_match(name, &e.name) == level)
            .collect()
    };
    let same = matching(NameMatch::Same);
    let found = if same.is_empty() {
        matching(NameMatch::Words)
    } else {
        same
    };
    match found.as_slice() {
        [one] => Ok(one.id),
        [] => {
            let wanted = normalize(name);
            let mut scored: Vec<(f64, &Entry)> = entries
                .iter()
                .map(|e| (strsim::jaro_winkler(&wanted, &normalize(&e.name)), e))
                .collect();
            scored.sort_by(|a, b| b.0.total_cmp(&a.0));
            let near: Vec<String> = scored.iter().take(5).map(|(_, e)| describe(e)).collect();
            Err(Error::invalid(
                flag,
                name,
                &crate::t!(
                    "refs-expect-one-of",
                    list = kind.label(),
                    closest = near.join(", ")
                ),
            ))
        }
        many => Err(Error::invalid(
            flag,
            name,
            &crate::t!(
                "refs-expect-unique",
                list = kind.label(),
                matches = many
                    .iter()
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
        Ref::Name(name) => Lookup::default().id(ctx, kind, flag, name, clinic).await,
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
    let mut lookup = Lookup::default();
    let mut ids = Vec::with_capacity(list.0.len());
    for r in &list.0 {
        ids.push(match r {
            Ref::Id(id) => *id,
            Ref::Name(name) => lookup.id(ctx, kind, flag, name, clinic).await?,
        });
    }
    Ok(ids)
}

/// Names looked up against reference lists, each list read once — from the cache when it is fresh. A
/// name the cached copy lacks has its list read again, live, once, before it counts as unknown: a
/// campaign created a moment ago (here or elsewhere) is found by its name.
#[derive(Default)]
pub struct Lookup {
    lists: HashMap<(Kind, Option<u64>), Listed>,
}

struct Listed {
    entries: Vec<Entry>,
    /// Read from the service during this run (not from the cache).
    live: bool,
}

impl Lookup {
    /// The entries of a list.
    pub async fn entries(
        &mut self,
        ctx: &Context,
        kind: Kind,
        clinic: Option<u64>,
    ) -> Result<&[Entry]> {
        Ok(&self.load(ctx, kind, clinic).await?.entries)
    }

    /// The ID of the one entry named `name`.
    pub async fn id(
        &mut self,
        ctx: &Context,
        kind: Kind,
        flag: &str,
        name: &str,
        clinic: Option<u64>,
    ) -> Result<u64> {
        let listed = self.load(ctx, kind, clinic).await?;
        match pick(kind, flag, name, &listed.entries) {
            Err(miss) if !listed.live => match reread(ctx, kind, clinic).await {
                Ok(entries) => {
                    *listed = Listed {
                        entries,
                        live: true,
                    };
                    pick(kind, flag, name, &listed.entries)
                }
                Err(e) => {
                    ctx.reporter.warn(&crate::t!(
                        "refs-reread-failed",
                        list = kind.label(),
                        reason = e.to_string()
                    ));
                    Err(miss)
                }
            },
            found => found,
        }
    }

    async fn load(
        &mut self,
        ctx: &Context,
        kind: Kind,
        clinic: Option<u64>,
    ) -> Result<&mut Listed> {
        use std::collections::hash_map::Entry as Slot;
        match self
            .lists
            .entry((kind, clinic.filter(|_| kind.per_clinic())))
        {
            Slot::Occupied(listed) => Ok(listed.into_mut()),
            Slot::Vacant(slot) => {
                let (entries, live) = list_with_origin(ctx, kind, clinic).await?;
                Ok(slot.insert(Listed { entries, live }))
            }
        }
    }
}

/// The list from a fresh cache, else from the service (and then cached). If the service cannot be
/// reached, a stale copy is better than nothing.
pub async fn list(ctx: &Context, kind: Kind, clinic: Option<u64>) -> Result<Vec<Entry>> {
    list_with_origin(ctx, kind, clinic).await.map(|(e, _)| e)
}

/// [`list`], and whether it was read from the service during this run.
async fn list_with_origin(
    ctx: &Context,
    kind: Kind,
    clinic: Option<u64>,
) -> Result<(Vec<Entry>, bool)> {
    let cache = crate::refs::cache::Cache::of(ctx);
    let cached = cache.as_ref().and_then(|c| c.read(kind, clinic));
    if let (Some(c), Some(cache)) = (&cached, &cache)
        && cache.is_fresh(c)
    {
        return Ok((c.entries.clone(), false));
    }
    match reread(ctx, kind, clinic).await {
        Ok(entries) => Ok((entries, true)),
        Err(e) => match cached {
            Some(c) if !matches!(e, Error::NotLoggedIn(_)) => {
                ctx.reporter.warn(&crate::t!(
                    "refs-using-cached",
                    list = kind.label(),
                    reason = e.to_string()
                ));
                Ok((c.entries, false))
            }
            _ => Err(e),
        },
    }
}

/// Reads the list from the service and caches it.
async fn reread(ctx: &Context, kind: Kind, clinic: Option<u64>) -> Result<Vec<Entry>> {
    let entries = fetch(ctx, kind, clinic).await?;
    if let Some(cache) = crate::refs::cache::Cache::of(ctx) {
        let _ = cache.write(kind, clinic, &entries);
    }
    Ok(entries)
}

/// Reads the whole list from the service.
pub async fn fetch(ctx: &Context, kind: Kind, clinic: Option<u64>) -> Result<Vec<Entry>> {
    if kind.per_clinic() {
        ctx.require_list_clinic(clinic)?;
    }
    let client = ctx.api().await?;
    let mut query = Vec::new();
    if let Some(c) = clinic.filter(|_| kind.per_clinic()) {
        query.push(("clinica".to_string(), c.to_string()));
    }
    // A list answered whole is walked as a paged one: each record once, by ID.
    let source: Arc<dyn PageSource> = if kind.paged() {
        Arc::new(ApiList::new(client, kind.operation(), query))
    } else {
        Arc::new(WholeList::new(client, kind.operation(), query))
    };
    // The page size every walk uses (`--per-page`, the profile's, within the deployment's maximum).
    let spec = Walk {
        first: 1,
        per_page: ctx.walk().per_page,
        all: true,
        limit: None,
        concurrency: 2,
        max_pages: None,
    };
    let mut records = Vec::new();
    pages::walk(source, spec, &ctx.reporter, |r| {
        records.push(crate::record::value_of(&r)?);
        Ok(())
    })
    .await?;
    trusted_entries(kind, &records)
}

/// The entries of a reference list, or an error when a record carries no ID under a key of the
/// list's kind: a lookup that picked some other ID-like key (a foreign key such as `id_empresa`)
/// would send the wrong clinic, campaign or seller.
fn trusted_entries(kind: Kind, records: &[serde_json::Value]) -> Result<Vec<Entry>> {
    let ids = &kind.operation().ids;
    if let Some(seen) = super::kind::untrusted(records, ids) {
        let seen = if seen.is_empty() {
            "—".to_string()
        } else {
            seen.join(", ")
        };
        return Err(crate::error::Error::Protocol(crate::t!(
            "refs-no-trusted-id",
            list = kind.label(),
            keys = seen,
            expected = ids.candidates().collect::<Vec<_>>().join(", ")
        )));
    }
    Ok(entries_of(records, ids))
}

/// What `clinic cache refresh` read.
pub struct Refreshed {
    pub lists: usize,
    pub clinics: usize,
}

/// Refreshes every cached list now (`clinic cache refresh`): the lists that are the same for every
/// clinic, then the clinic-scoped ones for `clinic`, or else for every clinic the user can see (all of
/// them for an admin_master, their own for a clinic user). A user who sees one clinic also gets that
/// clinic's lists as the ones read without a clinic, which is what the service answers them.
///
/// A list that cannot be read does not stop the others: each is warned about, the rest are refreshed,
/// and the first such failure is returned at the end (a token refused stops at once).
pub async fn refresh_all(ctx: &Context, cache: &Cache, clinic: Option<u64>) -> Result<Refreshed> {
    let mut lists = 0;
    let mut clinic_ids = Vec::new();
    let mut failed: Option<Error> = None;
    let mut skip = |kind: Kind, e: Error| -> Result<()> {
        if matches!(e, Error::NotLoggedIn(_)) {
            return Err(e);
        }
        ctx.reporter.warn(&crate::t!(
            "refs-refresh-failed",
            list = kind.label(),
            reason = e.to_string()
        ));
        failed.get_or_insert(e);
        Ok(())
    };
    for kind in Kind::ALL.into_iter().filter(|k| !k.per_clinic()) {
        let entries = match fetch(ctx, kind, None).await {
            Ok(entries) => entries,
            Err(e) => {
                skip(kind, e)?;
                continue;
            }
        };
        if kind == Kind::Clinics {
            clinic_ids = entries.iter().map(|e| e.id).collect();
        }
        cache.write(kind, None, &entries)?;
        lists += 1;
    }
    let clinics = match clinic {
        Some(c) => vec![c],
        None => clinic_ids,
    };
    let own_clinic = clinic.is_none() && clinics.len() == 1;
    let jobs: Vec<(Kind, u64)> = clinics
        .iter()
        .flat_map(|&c| {
            Kind::ALL
                .into_iter()
                .filter(|k| k.per_clinic())
                .map(move |k| (k, c))
        })
        .collect();
    let mut fetched = futures::stream::iter(jobs)
        .map(|(kind, c)| async move { (kind, c, fetch(ctx, kind, Some(c)).await) })
        .buffer_unordered(ctx.walk().concurrency);
    while let Some((kind, c, entries)) = fetched.next().await {
        let entries = match entries {
            Ok(entries) => entries,
            Err(e) => {
                skip(kind, e)?;
                continue;
            }
        };
        cache.write(kind, Some(c), &entries)?;
        if own_clinic {
            cache.write(kind, None, &entries)?;
        }
        lists += 1;
    }
    match failed {
        Some(e) => {
            ctx.reporter
                .note(&crate::t!("refs-refreshed-some", lists = lists));
            Err(e)
        }
        None => Ok(Refreshed {
            lists,
            clinics: clinics.len(),
        }),
    }
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
        // A unique start of a word is enough; nothing matching lists the closest names.
        assert_eq!(
            pick(Kind::Channels, "--channel", "insta", &entries()).unwrap(),
            2
        );
        assert_eq!(
            pick(Kind::Channels, "--channel", "indicacao", &entries()).unwrap(),
            3
        );
        let e = pick(Kind::Channels, "--channel", "instagran", &entries())
            .unwrap_err()
            .to_string();
        assert!(
            e.starts_with("invalid --channel: got \"instagran\"") && e.contains("Instagram (2)"),
            "{e}"
        );
        // Several names start so: each is listed with its ID.
        let e = pick(Kind::Channels, "--channel", "in", &entries())
            .unwrap_err()
            .to_string();
        assert!(
            e.contains("Instagram (2)") && e.contains("Indicação (3)"),
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
