//! What the per-clinic list handlers share: reading the request, and the ids of the page asked for.

use std::ops::Range;

use super::params::{self, Paging};
use super::reply::Window;
use super::scope;
use crate::error::ApiError;
use crate::state::AppState;

/// What every per-clinic list reads first: its query, the clinic it lists (the caller's own, or the
/// one an admin_master names) and the page asked for.
pub(super) fn list_request(
    app: &AppState,
    user: crate::auth::User,
    raw: Option<&str>,
) -> Result<(params::Query, u32, Paging), ApiError> {
    let query = params::Query::parse(raw)?;
    let clinic = scope::list_clinic(user, &query)?;
    let paging = query.paging(&app.opts)?;
    Ok((query, clinic, paging))
}

/// The cache key and computation of a filtered list's ids; `None` when nothing is filtered, so the
/// page is plain arithmetic over the seeded range.
pub(super) fn filtered<'a>(
    list: &str,
    clinic: u32,
    filter: &impl std::fmt::Debug,
    unfiltered: bool,
    compute: &'a dyn Fn() -> Vec<u32>,
) -> Option<(String, &'a dyn Fn() -> Vec<u32>)> {
    (!unfiltered).then(|| (format!("{list}/{clinic}/{filter:?}"), compute))
}

/// Ids of the page asked for. Unfiltered, they are arithmetic over the clinic's seeded
/// range followed by `extra`; filtered, a slice of the matching ids, computed once per
/// distinct filter and kept until the next write.
pub(super) fn page_ids(
    app: &AppState,
    paging: Paging,
    seeded: Range<u32>,
    extra: &[u32],
    filtered: Option<(String, &dyn Fn() -> Vec<u32>)>,
) -> (Window, Vec<u32>) {
    match filtered {
        None => {
            let seeded_len = seeded.len();
            let window = Window::new(&app.opts, paging, seeded_len + extra.len());
            let ids = window
                .range
                .clone()
                .map(|i| {
                    if i < seeded_len {
                        seeded.start + i as u32
                    } else {
                        extra[i - seeded_len]
                    }
                })
                .collect();
            (window, ids)
        }
        Some((key, compute)) => {
            let ids = app.data.cache.get_or_compute(key, compute);
            let window = Window::new(&app.opts, paging, ids.len());
            let page = ids[window.range.clone()].to_vec();
            (window, page)
        }
    }
}
