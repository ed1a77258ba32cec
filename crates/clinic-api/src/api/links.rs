//! How a list answer says where its next page is, for deployments that page by link or cursor
//! rather than by number: a next link in the body (Laravel's `next_page_url` and `links.next`,
//! Django REST framework's `next`, `proximo`), a cursor token (`next_cursor`, sent back as
//! `cursor`), or an RFC 8288 `Link` header with `rel="next"`; and the total some deployments give
//! only as a header (`X-Total-Count`).
//!
//! A number under `next` (an offset, a page number) is no link: such a list pages by number.
//!
//! Every address the client sends to is made here too (`join`), so a next link is resolved by the
//! same rule that made the list's own address, and nothing below the hosts' client needs it.

use reqwest::header::HeaderMap;
use serde_json::{Map, Value};

use crate::error::{Error, Result};
use crate::record::{Counter, Counts, Next, Page};

/// Keys under which an answer gives its next page's address, or a bare token.
const LINK_KEYS: &[&str] = &[
    "next_page_url",
    "next",
    "proximo",
    "proxima_pagina",
    "next_link",
];

/// Keys under which an answer gives a cursor token, and the parameter it is sent back as.
const CURSOR_KEYS: &[(&str, &str)] = &[
    ("next_cursor", "cursor"),
    ("proximo_cursor", "cursor"),
    ("cursor_proximo", "cursor"),
    ("next_token", "token"),
    ("next_page_token", "page_token"),
    ("nextPageToken", "pageToken"),
];

/// The parameter a bare token under a link key (`"next": "eyJ…"`) is sent back as.
const BARE_TOKEN_PARAM: &str = "cursor";

/// Where an envelope says the next page is.
pub fn next_in(map: &Map<String, Value>) -> Next {
    let links = map.get("links").and_then(Value::as_object);
    let linked = LINK_KEYS
        .iter()
        .filter_map(|k| map.get(*k))
        .chain(links.and_then(|l| l.get("next")))
        .find_map(|v| said(v, None));
    linked
        .or_else(|| {
            CURSOR_KEYS
                .iter()
                .find_map(|(k, param)| map.get(*k).and_then(|v| said(v, Some(param))))
        })
        .unwrap_or_default()
}

/// What one next-page field says: an address, a token (sent back as `param`, or as a bare token's
/// parameter when the value is no address), or the end (null or empty); `None` for a value that
/// is no link at all (a number, a flag).
fn said(value: &Value, param: Option<&str>) -> Option<Next> {
    match value {
        Value::Null => Some(Next::End),
        Value::String(s) if s.trim().is_empty() => Some(Next::End),
        Value::String(s) if param.is_none() && is_address(s) => Some(Next::Link(s.trim().into())),
        Value::String(s) => Some(Next::Cursor {
            param: param.unwrap_or(BARE_TOKEN_PARAM).into(),
            token: s.clone(),
        }),
        _ => None,
    }
}

/// An absolute URL, or a path or query relative to the list.
fn is_address(s: &str) -> bool {
    let s = s.trim();
    s.starts_with("http://")
        || s.starts_with("https://")
        || s.starts_with('/')
        || s.starts_with('?')
}

/// `base` + `path` (relative, `/`-separated) + query, keeping the base's own path (`.../rest/v1`).
pub fn join(base: &url::Url, path: &str, query: &[(String, String)]) -> Result<url::Url> {
    let mut url = base.clone();
    let joined = format!(
        "{}/{}",
        base.path().trim_end_matches('/'),
        path.trim_start_matches('/')
    );
    url.set_path(&joined);
    url.set_query(None);
    if !query.is_empty() {
        url.query_pairs_mut().extend_pairs(query);
    }
    Ok(url)
}

/// Where a next link of the list at `list_path` below `base` leads, as a path below `base` and its
/// query: the link resolved against the list's own address. A link to another origin, or outside
/// `base`'s path, is refused naming its host: the token goes nowhere but the deployment that issued
/// it.
pub fn target(
    base: &url::Url,
    list_path: &str,
    link: &str,
) -> Result<(String, Vec<(String, String)>)> {
    let list = join(base, list_path, &[])?;
    let target = list
        .join(link.trim())
        .map_err(|_| Error::Protocol(crate::t!("pages-link-unreadable")))?;
    let base_path = base.path().trim_end_matches('/');
    let below = target
        .path()
        .strip_prefix(base_path)
        .filter(|rest| rest.starts_with('/'));
    match below {
        Some(path) if target.origin() == base.origin() => {
            let query = target.query_pairs().into_owned().collect();
            Ok((path.to_string(), query))
        }
        _ => Err(Error::Protocol(crate::t!(
            "pages-link-elsewhere",
            host = target.host_str().unwrap_or_default().to_string()
        ))),
    }
}

/// The page with what its headers add: a `Link` header's next page (or its end, when the header
/// names other relations but no `next`) where the body said nothing, and `X-Total-Count` as a
/// record counter.
pub fn with_headers(mut page: Page, headers: &HeaderMap) -> Page {
    if page.next == Next::Unsaid
        && let Some(next) = headers
            .get_all(reqwest::header::LINK)
            .iter()
            .filter_map(|v| v.to_str().ok())
            .map(link_header)
            .reduce(|a, b| if a.leads_on() { a } else { b })
    {
        page.next = next;
    }
    let total = headers
        .get("x-total-count")
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.trim().parse::<u64>().ok());
    if let Some(value) = total {
        page.total = page.total.or(Some(value));
        page.counters.push(Counter {
            key: "X-Total-Count".into(),
            counts: Counts::Records,
            value,
        });
    }
    page
}

/// What one `Link` header says (RFC 8288): `<url>; rel="next"` among its links is the next page; a
/// header without one says the list ends here.
fn link_header(value: &str) -> Next {
    // Each link is `<target>` and its parameters up to the next `<`: a target may hold commas.
    let mut rest = value;
    while let Some(open) = rest.find('<') {
        let after = &rest[open + 1..];
        let Some(close) = after.find('>') else {
            break;
        };
        let target = after[..close].trim();
        let end = after[close + 1..]
            .find('<')
            .map_or(after.len(), |i| close + 1 + i);
        let next = after[close + 1..end].split(';').any(|p| {
            let Some((name, rels)) = p.trim().split_once('=') else {
                return false;
            };
            name.trim().eq_ignore_ascii_case("rel")
                && rels
                    .trim()
                    .trim_end_matches(',')
                    .trim()
                    .trim_matches('"')
                    .split_ascii_whitespace()
                    .any(|r| r.eq_ignore_ascii_case("next"))
        });
        if next && !target.is_empty() {
            return Next::Link(target.to_string());
        }
        rest = &after[end..];
    }
    Next::End
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn next(v: Value) -> Next {
        next_in(v.as_object().unwrap())
    }

    #[test]
    fn each_style_of_next_link() {
        let link = |s: &str| Next::Link(s.into());
        assert_eq!(
            next(json!({"data": [], "next_page_url": "http://h/rest/v1/x?page=2"})),
            link("http://h/rest/v1/x?page=2")
        );
        assert_eq!(next(json!({"next_page_url": null})), Next::End);
        assert_eq!(
            next(json!({"count": 3, "next": "https://h/api/?page=2", "results": []})),
            link("https://h/api/?page=2")
        );
        assert_eq!(
            next(json!({"links": {"next": "/rest/v1/x?page=3", "prev": null}})),
            link("/rest/v1/x?page=3")
        );
        assert_eq!(next(json!({"links": {"next": null}})), Next::End);
        assert_eq!(
            next(json!({"proximo": "abc=="})),
            Next::Cursor {
                param: "cursor".into(),
                token: "abc==".into()
            }
        );
        assert_eq!(
            next(json!({"next_cursor": "/weird"})),
            Next::Cursor {
                param: "cursor".into(),
                token: "/weird".into()
            }
        );
        // A number is an offset or a page number: the list pages by number.
        assert_eq!(next(json!({"next": 50, "total": 120})), Next::Unsaid);
        assert_eq!(next(json!({"total": 120})), Next::Unsaid);
        // Laravel's `links` array (page buttons) is no next link.
        assert_eq!(next(json!({"links": [{"url": null}]})), Next::Unsaid);
    }

    #[test]
    fn a_link_is_followed_below_base_url_only() {
        let base = url::Url::parse("https://clinica.example/rest/v1").unwrap();
        let to = |link: &str| target(&base, "/lista_cliente", link);
        let (path, query) =
            to("https://clinica.example/rest/v1/lista_cliente?page=2&q=a%20b").unwrap();
        assert_eq!(path, "/lista_cliente");
        assert_eq!(
            query,
            [
                ("page".to_string(), "2".to_string()),
                ("q".to_string(), "a b".to_string())
            ]
        );
        // Relative links, to the list's own address.
        assert_eq!(to("?page=3").unwrap().0, "/lista_cliente");
        assert_eq!(
            to("/rest/v1/lista_cliente?page=3").unwrap().0,
            "/lista_cliente"
        );
        // Another host, scheme or port, or a path outside base_url: refused, naming the host.
        for elsewhere in [
            "https://evil.example/rest/v1/lista_cliente?page=2",
            "http://clinica.example/rest/v1/lista_cliente?page=2",
            "https://clinica.example:8443/rest/v1/lista_cliente?page=2",
            "https://clinica.example/admin/export?page=2",
            "//evil.example/rest/v1/x",
        ] {
            let refused = to(elsewhere).unwrap_err();
            assert!(
                matches!(&refused, Error::Protocol(m) if m.contains("outside base_url")),
                "{elsewhere}: {refused:?}"
            );
        }
    }

    #[test]
    fn link_headers_and_total_count() {
        let mut headers = HeaderMap::new();
        headers.insert(
            reqwest::header::LINK,
            r#"<https://h/x?page=1&f=a,b>; rel="prev first", <https://h/x?page=3&f=a,b>; rel="next""#
                .parse()
                .unwrap(),
        );
        headers.insert("x-total-count", "120".parse().unwrap());
        let page = with_headers(Page::default(), &headers);
        assert_eq!(page.next, Next::Link("https://h/x?page=3&f=a,b".into()));
        assert_eq!(page.total, Some(120));
        assert_eq!(page.counters[0].key, "X-Total-Count");
        let mut last = HeaderMap::new();
        last.insert(
            reqwest::header::LINK,
            r#"<https://h/x?page=2>; rel="prev""#.parse().unwrap(),
        );
        assert_eq!(with_headers(Page::default(), &last).next, Next::End);
        assert_eq!(
            with_headers(Page::default(), &HeaderMap::new()).next,
            Next::Unsaid
        );
    }
}
