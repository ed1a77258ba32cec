//! The per-clinic list handlers (`/relAgendamentos`, `/lista_venda_orcamento`, `/lista_cliente`): one
//! handler, [`list`], over what tells the lists apart ([`ClinicList`]).

use std::ops::Range;

use axum::extract::{RawQuery, State};
use axum::response::Response;
use serde::Serialize;

use super::caller::Caller;
use super::params::{Paging, Query};
use super::reply::{self, Window};
use super::scope;
use crate::Options;
use crate::data::Store;
use crate::error::ApiError;
use crate::state::AppState;

/// What one per-clinic list holds: the filter its query names, the ids of a clinic, and the record
/// each id stands for.
pub(super) trait ClinicList {
    /// The list's name in the filter cache's keys.
    const NAME: &'static str;
    type Filter: std::fmt::Debug;
    type Record: Serialize;

    /// The filter the query asks for; a bad parameter is the caller's error.
    fn filter(query: &Query, opts: &Options) -> Result<Self::Filter, ApiError>;
    /// Whether the filter lets every record through, so the page is plain arithmetic over the ids.
    fn is_unfiltered(data: &Store, filter: &Self::Filter) -> bool;
    /// The ids of the clinic's records that pass the filter, in list order.
    fn matching(data: &Store, clinic: u32, filter: &Self::Filter) -> Vec<u32>;
    /// Every id of the clinic: its seeded range, then the ids created since start.
    fn ids(data: &Store, clinic: u32) -> (Range<u32>, Vec<u32>);
    /// The record of an id, when it still stands for one.
    fn record(data: &Store, id: u32) -> Option<Self::Record>;

    /// Whether the list's records can be deleted (`--deleting-records`): only quotes can.
    const DELETES: bool = false;

    /// Deletes the records `ids` from the service, as `--deleting-records` asks.
    fn delete(_data: &Store, _ids: &[u32]) {}

    /// The page's answer; a list whose records change shape under a knob writes its own.
    fn reply(opts: &Options, window: &Window, records: Vec<Self::Record>) -> Response {
        reply::page(opts, window, &records)
    }
}

/// `GET` of a per-clinic list: the clinic it lists (the caller's own, or the one an admin_master
/// names), the page asked for, then that page of the records that pass the filter.
pub(super) async fn list<L: ClinicList>(
    State(app): State<AppState>,
    Caller(user): Caller,
    RawQuery(raw): RawQuery,
) -> Result<Response, ApiError> {
    let query = Query::parse(raw.as_deref())?;
    let clinic = scope::list_clinic(user, &query)?;
    let paging = query.paging(&app.opts)?;
    let filter = L::filter(&query, &app.opts)?;
    let data = &app.data;
    let behind = app.faults.lag_behind(&app.opts, paging.page);
    let (window, ids) = if data.emptied.holds(L::NAME, clinic) {
        (Window::new(&app.opts, paging, 0), Vec::new())
    } else if L::is_unfiltered(data, &filter) {
        let (seeded, created) = L::ids(data, clinic);
        // A lagging replica's copy lacks the list's first records.
        let skipped = behind.min(seeded.len());
        let seeded = seeded.start + skipped as u32..seeded.end;
        let created = &created[(behind - skipped).min(created.len())..];
        every_id(&app.opts, paging, seeded, created)
    } else {
        // Computed once per distinct filter and kept until the next write.
        let key = format!("{}/{clinic}/{filter:?}", L::NAME);
        let ids = data
            .cache
            .get_or_compute(key, || L::matching(data, clinic, &filter));
        let ids = &ids[behind.min(ids.len())..];
        let window = Window::new(&app.opts, paging, ids.len());
        let page = ids[window.range.clone()].to_vec();
        (window, page)
    };
    let records = ids
        .into_iter()
        .filter_map(|id| L::record(data, id))
        .collect();
    // Someone deletes the newest records once this page is answered: every later page shifts.
    if L::DELETES && !paging.nothing && !data.emptied.holds(L::NAME, clinic) {
        let deleting = app.faults.deletions_after(&app.opts, paging.page);
        if deleting > 0 {
            let matching = L::matching(data, clinic, &filter);
            L::delete(data, &matching[..deleting.min(matching.len())]);
        }
    }
    Ok(L::reply(&app.opts, &window, records))
}

/// The ids of the page asked for when nothing is filtered: arithmetic over the seeded range, then
/// `created`, with no list of every id ever built.
fn every_id(
    opts: &Options,
    paging: Paging,
    seeded: Range<u32>,
    created: &[u32],
) -> (Window, Vec<u32>) {
    let seeded_len = seeded.len();
    let window = Window::new(opts, paging, seeded_len + created.len());
    let ids = window
        .range
        .clone()
        .map(|i| {
            if i < seeded_len {
                seeded.start + i as u32
            } else {
                created[i - seeded_len]
            }
        })
        .collect();
    (window, ids)
}
