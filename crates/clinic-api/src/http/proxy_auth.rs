//! A proxy that wants a password (HTTP 407, or a CONNECT it refused with 407). It is the proxy's
//! answer, not any host's: the run fails as a network failure (exit 5) that names the proxy, where
//! it was set, and how to give it a user and password. The proxy's own page (Squid's is HTML) is
//! never quoted: its `<title>` at most. The proxy's password is never shown.

use crate::config::Proxy;
use crate::error::Error;
use crate::text::sanitize;

/// Where the proxy of a request was set: each place takes a password its own way.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Origin {
    /// The profile's `proxy`.
    Profile,
    /// An environment variable (`HTTPS_PROXY`, `HTTP_PROXY`, `ALL_PROXY`, or their lower case).
    Variable(&'static str),
    /// The system's settings (Internet Options on Windows), which hold no password for us.
    System,
}

/// The variables the client reads for a request to a `scheme` address, in the order it reads them
/// (hyper-util's matcher: the scheme's own, then `ALL_PROXY`).
fn variables(scheme: &str) -> &'static [&'static str] {
    if scheme == "https" {
        &["HTTPS_PROXY", "https_proxy", "ALL_PROXY", "all_proxy"]
    } else {
        &["HTTP_PROXY", "http_proxy", "ALL_PROXY", "all_proxy"]
    }
}

/// Where the proxy of a request to `url` comes from, with the profile's setting `setting`. The
/// client reads the process's variables, so they are read here too.
pub fn origin(setting: &Proxy, url: &url::Url) -> Origin {
    if let Proxy::Url(_) = setting {
        return Origin::Profile;
    }
    variables(url.scheme())
        .iter()
        .find(|name| std::env::var_os(name).is_some_and(|v| !v.is_empty()))
        .map_or(Origin::System, |name| Origin::Variable(name))
}

/// `HOST:PORT` of a proxy's address, as people name a proxy (no scheme, no user, no password).
pub fn address(proxy: &str) -> String {
    match url::Url::parse(proxy) {
        Ok(url) => match (url.host_str(), url.port_or_known_default()) {
            (Some(host), Some(port)) => format!("{host}:{port}"),
            (Some(host), None) => host.to_string(),
            _ => without_credentials(proxy),
        },
        Err(_) => without_credentials(proxy),
    }
}

/// An address that is no URL (`ana:senha@10.0.0.1:3128`) without its scheme and what stands before
/// an `@`: whatever it is, a password never reaches a message.
fn without_credentials(proxy: &str) -> String {
    let bare = proxy.split_once("://").map_or(proxy, |(_, rest)| rest);
    bare.rsplit('@').next().unwrap_or_default().to_string()
}

/// The text of an HTML page's `<title>`, made one short line; `None` when there is none.
pub fn title(body: &[u8]) -> Option<String> {
    let text = String::from_utf8_lossy(body);
    let lower = text.to_ascii_lowercase();
    let open = lower.find("<title")?;
    let start = open + lower[open..].find('>')? + 1;
    let end = start + lower[start..].find("</title")?;
    let title = sanitize::excerpt(text[start..end].trim(), 120);
    (!title.is_empty()).then_some(title)
}

/// The error of a 407 on the way to `url`: from the proxy at `proxy` (shown as the client shows
/// it, without its user), which was given a user (`with_user`) or none, set in `origin`; `body` is
/// its page, if any. With no proxy known (one the network puts in the way unasked), the host's
/// name says where.
pub fn refused(
    proxy: Option<&str>,
    with_user: bool,
    origin: &Origin,
    url: &url::Url,
    body: Option<&[u8]>,
) -> Error {
    let said = body
        .and_then(title)
        .map(|title| crate::t!("http-proxy-page-title", title = title))
        .unwrap_or_default();
    let Some(proxy) = proxy else {
        return Error::Proxy(crate::t!(
            "http-proxy-in-the-way",
            host = url.host_str().unwrap_or_default(),
            said = said
        ));
    };
    let address = address(proxy);
    let hint = match origin {
        Origin::Profile => crate::t!("http-proxy-hint-profile", address = address.as_str()),
        Origin::Variable(name) => crate::t!(
            "http-proxy-hint-variable",
            variable = *name,
            address = address.as_str()
        ),
        Origin::System => crate::t!("http-proxy-hint-system", address = address.as_str()),
    };
    let proxy = address.as_str();
    Error::Proxy(if with_user {
        crate::t!(
            "http-proxy-credentials-refused",
            proxy = proxy,
            said = said,
            hint = hint
        )
    } else {
        crate::t!(
            "http-proxy-credentials-wanted",
            proxy = proxy,
            said = said,
            hint = hint
        )
    })
}

#[cfg(test)]
mod tests {
    #[test]
    fn an_address_that_is_no_url_loses_its_credentials() {
        assert_eq!(super::address("ana:senha@10.0.0.1:3128"), "10.0.0.1:3128");
        assert_eq!(
            super::address("http://ana:senha@proxy.local:3128"),
            "proxy.local:3128"
        );
        assert!(!super::address("x://ana:s3nh4@").contains("s3nh4"));
    }

    use super::*;

    #[test]
    fn a_proxy_is_named_by_host_and_port_without_its_user() {
        assert_eq!(
            address("http://clinica:****@10.0.0.5:3128/"),
            "10.0.0.5:3128"
        );
        assert_eq!(
            address("http://proxy.escritorio.local/"),
            "proxy.escritorio.local:80"
        );
    }

    #[test]
    fn of_an_html_page_only_its_title_is_kept() {
        let squid = b"<!DOCTYPE html><html><head><TITLE>ERROR: Cache Access Denied</TITLE>\
            <style>body{}</style></head><body><p>Sorry, you are not currently allowed</p></body>";
        assert_eq!(title(squid).as_deref(), Some("ERROR: Cache Access Denied"));
        assert_eq!(title(b"<html><body>no title</body></html>"), None);
        assert_eq!(
            title(b"<title>\n\x1b[31mred\n</title>"),
            Some("red".to_string())
        );
    }
}
