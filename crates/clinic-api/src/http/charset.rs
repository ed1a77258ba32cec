//! Answers decoded by the charset they name. Legacy deployments send `application/json;
//! charset=ISO-8859-1` (or Windows-1252); everything past the transport reads UTF-8, so each answer is
//! turned into UTF-8 once, here. A text answer that is not valid UTF-8 and names no charset is read as
//! Windows-1252 (what such servers mean by Latin-1), and `-v` says so.

use bytes::Bytes;
use encoding_rs::{Encoding, UTF_8, WINDOWS_1252};
use reqwest::header::{CONTENT_TYPE, HeaderMap};

use crate::text::bom::BOM;
use crate::ui::Reporter;

/// `body` as UTF-8, without a byte-order mark.
pub fn to_utf8(headers: &HeaderMap, body: Bytes, reporter: &Reporter) -> Bytes {
    let content_type = headers
        .get(CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .unwrap_or_default();
    let named = charset_of(content_type).and_then(|label| Encoding::for_label(label.as_bytes()));
    // A byte-order mark before a text answer is no part of it (RFC 8259 §8.1 lets readers skip it,
    // and some deployments start every body with one), and it says the bytes are UTF-8, whatever
    // the label.
    if body.starts_with(BOM) && is_text(content_type) {
        return body.slice(BOM.len()..);
    }
    let encoding = match named {
        Some(e) if e == UTF_8 => return body,
        Some(e) => e,
        // The check runs over every answer that names no charset: the vector one, as it is
        // several times faster over a large page.
        None if !is_text(content_type) || simdutf8::basic::from_utf8(&body).is_ok() => {
            return body;
        }
        None => {
            reporter.trace(&crate::t!("http-trace-not-utf8"));
            WINDOWS_1252
        }
    };
    let (text, _, _) = encoding.decode(&body);
    reporter.trace(&crate::t!("http-trace-decoded", charset = encoding.name()));
    Bytes::from(text.into_owned())
}

/// The `charset` parameter of a Content-Type, unquoted.
fn charset_of(content_type: &str) -> Option<&str> {
    content_type.split(';').skip(1).find_map(|param| {
        let (name, value) = param.split_once('=')?;
        name.trim()
            .eq_ignore_ascii_case("charset")
            .then(|| value.trim().trim_matches('"'))
    })
}

/// Content meant as text (or not labelled at all): only such answers are read as Windows-1252 when
/// they are not UTF-8. Anything else is passed on untouched.
fn is_text(content_type: &str) -> bool {
    let essence = content_type
        .split(';')
        .next()
        .unwrap_or_default()
        .trim()
        .to_ascii_lowercase();
    essence.is_empty()
        || essence.starts_with("text/")
        || essence.ends_with("json")
        || essence.ends_with("javascript")
        || essence.ends_with("xml")
}

#[cfg(test)]
mod tests {
    use super::*;
    use reqwest::header::HeaderValue;

    fn decoded(content_type: Option<&str>, body: &[u8]) -> Vec<u8> {
        let mut headers = HeaderMap::new();
        if let Some(ct) = content_type {
            headers.insert(CONTENT_TYPE, HeaderValue::from_str(ct).unwrap());
        }
        let reporter = Reporter::new(false, true);
        to_utf8(&headers, Bytes::copy_from_slice(body), &reporter).to_vec()
    }

    #[test]
    fn latin1_answers_become_utf8() {
        let latin1 = b"{\"nome\": \"Concei\xe7\xe3o\"}";
        let utf8 = "{\"nome\": \"Conceição\"}".as_bytes();
        assert_eq!(
            decoded(Some("application/json; charset=ISO-8859-1"), latin1),
            utf8
        );
        assert_eq!(
            decoded(Some("application/json;charset=\"windows-1252\""), latin1),
            utf8
        );
        // Named nothing, not UTF-8: read as Windows-1252.
        assert_eq!(decoded(Some("application/json"), latin1), utf8);
        assert_eq!(decoded(None, latin1), utf8);
    }

    #[test]
    fn utf8_and_binary_answers_are_untouched() {
        let utf8 = "{\"nome\": \"Conceição\"}".as_bytes();
        assert_eq!(decoded(Some("application/json; charset=utf-8"), utf8), utf8);
        assert_eq!(decoded(Some("application/json"), utf8), utf8);
        let binary = b"\x89PNG\r\n\x1a\n\xff\xfe";
        assert_eq!(decoded(Some("image/png"), binary), binary);
    }

    #[test]
    fn a_byte_order_mark_is_skipped_in_every_text_answer() {
        let json = "{\"nome\": \"Conceição\"}".as_bytes();
        let with_bom = [BOM, json].concat();
        for ct in [
            Some("application/json"),
            Some("application/json; charset=utf-8"),
            Some("text/html; charset=UTF-8"),
            None,
        ] {
            assert_eq!(decoded(ct, &with_bom), json, "{ct:?}");
        }
        // Labelled Latin-1 yet starting with a UTF-8 BOM: the mark says what the bytes are.
        assert_eq!(
            decoded(Some("application/json; charset=ISO-8859-1"), &with_bom),
            json
        );
        // Not text: untouched.
        assert_eq!(decoded(Some("image/png"), &with_bom), with_bom);
    }
}
