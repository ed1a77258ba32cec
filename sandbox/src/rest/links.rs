//! `--paging`: lists that say where their next page is, as web frameworks write it, instead of
//! reading `pagina_atual`. The page asked for comes from the link's own parameter (`page`) or the
//! cursor (`cursor`); the answer carries the next page's address, absolute like the frameworks',
//! built from the request's own URL (held for the request by [`scope`]).

use axum::extract::{OriginalUri, Request};
use axum::http::HeaderValue;
use axum::http::header::HOST;
use axum::middleware::Next;
use axum::response::Response;
use serde_json::Value;

use super::params::cursor_of;
use crate::{Counter, LinkPaging, Options};

/// Where a page stands in its list: what its links are made from.
pub struct Place {
    /// The page's number, as the client asked for it.
    pub page: u64,
    /// The page size served.
    pub per_page: u64,
    /// The true number of records of the whole list.
    pub total: usize,
    /// A page of a paged list (a list answered whole says nothing of a next page).
    pub paged: bool,
}

tokio::task_local! {
    /// The URL of the request being answered, as the client wrote it.
    static REQUEST: String;
}

/// Holds the request's URL for the answer's links.
pub async fn scope(req: Request, next: Next) -> Response {
    let host = req
        .headers()
        .get(HOST)
        .and_then(|h| h.to_str().ok())
        .unwrap_or("localhost")
        .to_string();
    let uri = req
        .extensions()
        .get::<OriginalUri>()
        .map_or_else(|| req.uri().to_string(), |o| o.0.to_string());
    REQUEST
        .scope(format!("http://{host}{uri}"), next.run(req))
        .await
}

/// The address of page `page` of the list being answered: the request's URL with its page (or
/// cursor) replaced and `pagina_atual` left out.
fn address(page: u64, opts: &Options) -> Option<String> {
    let (param, value) = match opts.paging {
        LinkPaging::Cursor => ("cursor", cursor_of(page)),
        _ => ("page", page.to_string()),
    };
    REQUEST
        .try_with(|url| {
            let (base, query) = url.split_once('?').unwrap_or((url.as_str(), ""));
            let mut pairs: Vec<String> = query
                .split('&')
                .filter(|p| !p.is_empty())
                .filter(|p| {
                    let name = p.split('=').next().unwrap_or_default();
                    name != param && name != "pagina_atual"
                })
                .map(str::to_string)
                .collect();
            pairs.push(format!("{param}={value}"));
            format!("{base}?{}", pairs.join("&"))
        })
        .ok()
}

/// The page after the listed one, when the list goes on past it.
fn next_page(listing: &Place) -> Option<u64> {
    let shown = listing.page.saturating_mul(listing.per_page);
    (listing.paged && (shown as u128) < listing.total as u128).then_some(listing.page + 1)
}

fn link(page: Option<u64>, opts: &Options) -> Value {
    page.and_then(|p| address(p, opts))
        .map_or(Value::Null, Value::from)
}

/// The fields the style writes beside the records.
pub fn fields(opts: &Options, listing: &Place) -> Vec<(&'static str, Value)> {
    if !listing.paged {
        return Vec::new();
    }
    let next = next_page(listing);
    let prev = (listing.page > 1).then(|| listing.page - 1);
    match opts.paging {
        LinkPaging::Numbers | LinkPaging::LinkHeader => Vec::new(),
        LinkPaging::Laravel => vec![
            ("current_page", Value::from(listing.page)),
            ("next_page_url", link(next, opts)),
            ("prev_page_url", link(prev, opts)),
        ],
        LinkPaging::Drf => vec![("next", link(next, opts)), ("previous", link(prev, opts))],
        LinkPaging::Proximo => vec![("proximo", link(next, opts))],
        LinkPaging::Cursor => vec![(
            "next_cursor",
            next.map_or(Value::Null, |p| Value::from(cursor_of(p))),
        )],
    }
}

/// `--paging link-header`: the `Link` header (next and previous pages, and the first and last,
/// so that even a list of one page says it has no next) and `X-Total-Count`.
pub fn headers(opts: &Options, listing: &Place, response: &mut Response) {
    if opts.paging != LinkPaging::LinkHeader || !listing.paged {
        return;
    }
    let mut links = Vec::new();
    let last = (listing.total as u64)
        .div_ceil(listing.per_page.max(1))
        .max(1);
    for (page, rel) in [(1, "first"), (last, "last")] {
        if let Some(url) = address(page, opts) {
            links.push(format!("<{url}>; rel=\"{rel}\""));
        }
    }
    if let Some(url) = next_page(listing).and_then(|p| address(p, opts)) {
        links.push(format!("<{url}>; rel=\"next\""));
    }
    if let Some(url) = (listing.page > 1)
        .then(|| listing.page - 1)
        .and_then(|p| address(p, opts))
    {
        links.push(format!("<{url}>; rel=\"prev\""));
    }
    let headers = response.headers_mut();
    let unpaged = last == 1 && opts.link_header_only_when_paged;
    if let Ok(value) = HeaderValue::from_str(&links.join(", "))
        && !links.is_empty()
        && !unpaged
    {
        headers.insert(axum::http::header::LINK, value);
    }
    let counted = opts
        .counters()
        .iter()
        .any(|c| *c != Counter::Nothing && !c.counts_pages());
    if counted && let Ok(value) = HeaderValue::from_str(&listing.total.to_string()) {
        headers.insert("x-total-count", value);
    }
}
