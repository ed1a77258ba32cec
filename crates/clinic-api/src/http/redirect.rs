//! Which redirects are followed. A redirect is an instruction from the server to send the request
//! elsewhere; sent blindly, it would carry the token, the IO key, a body or a CRM secret to whatever
//! address the answer names. So only a read (GET, HEAD) is followed, only to the same origin (scheme,
//! host and port), never from https to http, and never round in a loop.

use reqwest::{Method, StatusCode};

use crate::redact;

/// More hops than this and the chain is refused.
pub const MAX_HOPS: usize = 5;

/// Whether an answer is a redirect the client has to decide about.
pub fn is_redirect(status: StatusCode) -> bool {
    matches!(status.as_u16(), 301 | 302 | 303 | 307 | 308)
}

/// The next address of a redirect chain.
#[derive(Debug)]
pub struct Hop {
    pub url: url::Url,
    /// The address as traces and errors may show it.
    pub shown: String,
}

/// Where one step of a chain stands.
pub struct Chain<'a> {
    pub method: &'a Method,
    pub from: &'a url::Url,
    pub from_shown: &'a str,
    /// Every address already asked, the first included.
    pub visited: &'a [url::Url],
    /// Path segments secret in the first address: masked in every later one.
    pub secrets: &'a [String],
}

/// The hop to follow, or why not (a message naming both addresses, secrets masked).
pub fn next(chain: &Chain<'_>, status: StatusCode, location: Option<&str>) -> Result<Hop, String> {
    let code = status.as_u16();
    let Some(target) = location.and_then(|l| chain.from.join(l.trim()).ok()) else {
        return Err(crate::t!(
            "redirect-unreadable",
            from = chain.from_shown,
            status = code
        ));
    };
    let shown = redact::url_with(&target, chain.secrets);
    let refuse = |why: String| {
        Err(crate::t!(
            "redirect-refused",
            status = code,
            from = chain.from_shown,
            to = shown.as_str(),
            why = why
        ))
    };
    if !matches!(*chain.method, Method::GET | Method::HEAD) {
        return refuse(crate::t!(
            "redirect-why-not-read",
            method = chain.method.as_str()
        ));
    }
    if chain.from.scheme() == "https" && target.scheme() != "https" {
        return refuse(crate::t!("redirect-why-downgrade"));
    }
    if target.origin() != chain.from.origin() {
        return refuse(crate::t!("redirect-why-other-origin"));
    }
    if chain.visited.contains(&target) {
        return refuse(crate::t!("redirect-why-loop"));
    }
    if chain.visited.len() > MAX_HOPS {
        return refuse(crate::t!("redirect-why-too-many", count = MAX_HOPS as u64));
    }
    Ok(Hop { url: target, shown })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn step(method: Method, from: &str, location: &str) -> Result<Hop, String> {
        let from = url::Url::parse(from).unwrap();
        let visited = vec![from.clone()];
        let secrets = vec!["s3cr3t".to_string()];
        next(
            &Chain {
                method: &method,
                from: &from,
                from_shown: "FROM",
                visited: &visited,
                secrets: &secrets,
            },
            StatusCode::FOUND,
            Some(location),
        )
    }

    #[test]
    fn same_origin_reads_only() {
        let hop = step(
            Method::GET,
            "http://127.0.0.1:1/a/s3cr3t/x",
            "/b/s3cr3t/y?token=t",
        )
        .unwrap();
        assert_eq!(hop.url.as_str(), "http://127.0.0.1:1/b/s3cr3t/y?token=t");
        assert_eq!(hop.shown, "http://127.0.0.1:1/b/****/y?token=****");
        let e = step(Method::POST, "http://127.0.0.1:1/a", "/b").unwrap_err();
        assert!(
            e.contains("FROM") && e.contains("http://127.0.0.1:1/b") && e.contains("only reads"),
            "{e}"
        );
        let e = step(
            Method::GET,
            "http://127.0.0.1:1/a",
            "http://127.0.0.1:2/s3cr3t/",
        )
        .unwrap_err();
        assert!(
            e.contains("another origin") && e.contains("http://127.0.0.1:2/****/"),
            "{e}"
        );
        let e = step(Method::GET, "https://h.example/a", "http://h.example/a").unwrap_err();
        assert!(e.contains("downgrade"), "{e}");
        let e = step(Method::GET, "http://127.0.0.1:1/a", "/a").unwrap_err();
        assert!(e.contains("loop"), "{e}");
        let e = step(Method::GET, "http://127.0.0.1:1/a", "http://[::1").unwrap_err();
        assert!(e.contains("cannot be read"), "{e}");
    }
}
