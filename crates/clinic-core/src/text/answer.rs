//! A server's words: the message an answer carries under whichever key it uses, an HTML error page by
//! its title, anything else as a short excerpt, always one safe line. Read by the transport for its
//! error lines and by every host's client alike.

use serde_json::Value;

use super::sanitize;

/// Keys under which an answer carries its message.
const MESSAGE_KEYS: &[&str] = &[
    "erro", "error", "errors", "erros", "message", "mensagem", "msg", "detail", "details",
];

/// The server's message from whichever known key carries it (Bitrix's `error_description` joined to its
/// code), else a short excerpt of the raw body on one line — an HTML page by its title.
pub fn message(body: &[u8]) -> String {
    let shown = readable_message(body);
    if shown.is_empty() {
        // Only control characters, say: nothing of it can be shown.
        crate::t!("api-no-readable-text")
    } else {
        shown
    }
}

fn readable_message(body: &[u8]) -> String {
    if let Ok(v) = serde_json::from_slice::<Value>(body)
        && let Some(m) = message_of(&v)
    {
        return one_line(&m);
    }
    let text = String::from_utf8_lossy(body);
    let text = text.trim();
    if text.is_empty() {
        return crate::t!("api-empty-answer");
    }
    if looks_like_html(text) {
        return one_line(&crate::t!("api-html-page", title = html_summary(text)));
    }
    one_line(text)
}

/// The message of a JSON answer, when it carries one under a known key.
pub fn message_of(v: &Value) -> Option<String> {
    match v {
        Value::String(s) if !s.trim().is_empty() => Some(s.trim().to_string()),
        Value::Object(map) => {
            let desc = map
                .get("error_description")
                .and_then(Value::as_str)
                .filter(|d| !d.trim().is_empty());
            for k in MESSAGE_KEYS {
                match (map.get(*k), desc) {
                    // An empty code (Bitrix sends some) adds nothing to the description.
                    (Some(Value::String(code)), Some(d)) if *k == "error" => {
                        return Some(if code.trim().is_empty() {
                            d.to_string()
                        } else {
                            format!("{code}: {d}")
                        });
                    }
                    (Some(inner), _) => {
                        if let Some(m) = message_of(inner) {
                            return Some(m);
                        }
                    }
                    _ => {}
                }
            }
            desc.map(str::to_string)
        }
        Value::Array(items) => {
            let parts: Vec<String> = items.iter().filter_map(message_of).collect();
            (!parts.is_empty()).then(|| parts.join("; "))
        }
        _ => None,
    }
}

/// Whether a text is an HTML document rather than data.
pub fn looks_like_html(text: &str) -> bool {
    let head: String = text
        .trim_start()
        .chars()
        .take(64)
        .collect::<String>()
        .to_ascii_lowercase();
    head.starts_with("<!doctype")
        || head.starts_with("<html")
        || head.starts_with("<head")
        || head.starts_with("<body")
        || head.starts_with("<?xml")
}

/// Text that is neither an HTML page nor the start of JSON: an answer meant to be read as it is.
pub fn is_plain_text(body: &[u8]) -> bool {
    std::str::from_utf8(body).is_ok_and(|t| {
        let t = t.trim_start();
        !looks_like_html(t) && !t.starts_with('{') && !t.starts_with('[') && !t.starts_with('"')
    })
}

/// An HTML page reduced to what a person needs: its title or first heading, else its text.
fn html_summary(html: &str) -> String {
    let lower = html.to_ascii_lowercase();
    for tag in ["title", "h1"] {
        if let Some(start) = lower.find(&format!("<{tag}"))
            && let Some(open_end) = lower[start..].find('>')
        {
            let from = start + open_end + 1;
            if let Some(len) = lower[from..].find(&format!("</{tag}")) {
                let inner = strip_tags(&html[from..from + len]);
                if !inner.trim().is_empty() {
                    return one_line(&inner);
                }
            }
        }
    }
    one_line(&strip_tags(html))
}

fn strip_tags(html: &str) -> String {
    let mut out = String::with_capacity(html.len().min(4096));
    let mut in_tag = false;
    for c in html.chars() {
        match c {
            '<' => in_tag = true,
            '>' if in_tag => {
                in_tag = false;
                out.push(' ');
            }
            _ if !in_tag => out.push(c),
            _ => {}
        }
    }
    out
}

/// A server's words as one safe line of bounded length (see [`sanitize::server_text`]), runs of blanks
/// and line breaks folded to one space.
pub fn one_line(text: &str) -> String {
    let clean = sanitize::one_line(text);
    let folded: Vec<&str> = clean.split_whitespace().collect();
    sanitize::server_text(&folded.join(" "))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn messages_from_any_key() {
        assert_eq!(
            message(br#"{"erro":"Telefone inv\u00e1lido"}"#),
            "Telefone inválido"
        );
        assert_eq!(message(br#"{"message":"x"}"#), "x");
        assert_eq!(message(br#"{"detail":{"msg":"deep"}}"#), "deep");
        assert_eq!(
            message(br#"{"errors":[{"message":"a"},{"message":"b"}]}"#),
            "a; b"
        );
        assert_eq!(
            message(br#"{"error":"QUERY_LIMIT_EXCEEDED","error_description":"Too many"}"#),
            "QUERY_LIMIT_EXCEEDED: Too many"
        );
        assert_eq!(
            message(br#"{"error":"","error_description":"Not found"}"#),
            "Not found"
        );
        assert_eq!(message(b"Bad Gateway"), "Bad Gateway");
        assert_eq!(message(b""), "(empty answer)");
        assert_eq!(message(b"line one\r\nline two\x1b[2J"), "line one line two");
    }

    #[test]
    fn html_pages_become_one_short_line() {
        let page = b"<!DOCTYPE html>\n<html><head><title>500 Internal Server Error</title></head>\n<body><h1>Oops</h1><p>stack\ntrace</p></body></html>";
        assert_eq!(message(page), "an HTML page: 500 Internal Server Error");
        let page = b"<html><body><h1>Erro\n interno</h1></body></html>";
        assert_eq!(message(page), "an HTML page: Erro interno");
        let long = format!("<html><body>{}</body></html>", "x ".repeat(500));
        assert!(message(long.as_bytes()).chars().count() <= sanitize::SERVER_TEXT_MAX);
    }
}
