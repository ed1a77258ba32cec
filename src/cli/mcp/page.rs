//! One page of a read tool's records: at most `limit` records or [`MAX_BYTES`] of them, and an
//! opaque cursor that says where the next page starts and for which arguments it was made.

use base64::Engine;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use rmcp::model::JsonObject;
use serde_json::{Value, json};
use sha2::{Digest, Sha256};

/// The most a page's records take, as JSON: what a model's context can hold next to the question.
pub const MAX_BYTES: usize = 32 * 1024;

/// The fingerprint of a call's arguments, `cursor` and `limit` left out: a cursor is only good for
/// the arguments that made it.
pub fn fingerprint(tool: &str, arguments: &JsonObject) -> String {
    let mut kept = arguments.clone();
    kept.remove("cursor");
    kept.remove("limit");
    let mut sorted: Vec<(&String, &Value)> = kept.iter().collect();
    sorted.sort_by(|a, b| a.0.cmp(b.0));
    let text = serde_json::to_string(&(tool, sorted)).unwrap_or_default();
    let digest = Sha256::digest(text.as_bytes());
    digest.iter().take(12).map(|b| format!("{b:02x}")).collect()
}

/// Where a page starts: in which kept walk, after how many of its records, at which byte of its
/// records file.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Position {
    pub walk: u64,
    pub offset: u64,
    pub byte: u64,
}

/// The cursor of the page that starts at `at`.
pub fn cursor(fingerprint: &str, at: Position) -> String {
    URL_SAFE_NO_PAD
        .encode(json!({"a": fingerprint, "w": at.walk, "o": at.offset, "b": at.byte}).to_string())
}

/// Where a cursor says to start, if it was made for the same arguments; `None` when it was not or is
/// not a cursor at all.
pub fn offset(cursor: &str, fingerprint: &str) -> Option<Position> {
    let bytes = URL_SAFE_NO_PAD.decode(cursor.trim()).ok()?;
    let value: Value = serde_json::from_slice(&bytes).ok()?;
    if value["a"] != fingerprint {
        return None;
    }
    Some(Position {
        walk: value["w"].as_u64()?,
        offset: value["o"].as_u64()?,
        byte: value["b"].as_u64()?,
    })
}

/// A page cut from the records a command wrote (one JSON value a line), the first `offset` skipped.
#[derive(Debug)]
pub struct Page {
    pub records: Vec<Value>,
    /// More records follow the page.
    pub more: bool,
    /// The bytes read up to the page's end: the skipped records', the page's and blank lines'.
    pub used: u64,
}

/// The page of `ndjson` that starts after `offset` records: `limit` records, fewer when they would
/// pass [`MAX_BYTES`] (never none while one is left). Read line by line: memory holds the page.
pub fn cut(mut ndjson: impl std::io::BufRead, offset: u64, limit: u64) -> std::io::Result<Page> {
    let mut records = Vec::new();
    let (mut skipped, mut bytes, mut used) = (0, 0, 0u64);
    loop {
        let mut line = Vec::new();
        let n = ndjson.read_until(b'\n', &mut line)? as u64;
        if n == 0 {
            return Ok(Page {
                records,
                more: false,
                used,
            });
        }
        let text = String::from_utf8_lossy(&line);
        let text = text.trim();
        // Blank lines are no records.
        if text.is_empty() {
            used += n;
            continue;
        }
        if skipped < offset {
            skipped += 1;
            used += n;
            continue;
        }
        if records.len() as u64 >= limit || (!records.is_empty() && bytes + text.len() > MAX_BYTES)
        {
            return Ok(Page {
                records,
                more: true,
                used,
            });
        }
        bytes += text.len();
        used += n;
        records.push(serde_json::from_str(text).unwrap_or(Value::String(text.into())));
    }
}

/// What a walk has written so far, and how it ended once it has.
#[derive(Debug, Clone, Default)]
pub struct Written {
    /// Whole lines written (a record each).
    pub lines: u64,
    /// The bytes up to the end of the last whole line: a page is read no further.
    pub bytes: u64,
    /// The records the walk read from the service so far (sorted or summed ones come out only at
    /// the end), and how many it will read once the service said.
    pub read: u64,
    pub expected: Option<u64>,
    /// Once the walk ended: `Ok` with a note for the result (the clinics that failed where the call
    /// asked to keep going), or the tool's error.
    pub end: Option<Result<Option<String>, String>>,
}

/// Every record of a short answer (a write's, a reference list's), one JSON value a line: read
/// whole, never cut at the page size, since no cursor follows such an answer.
pub fn all(ndjson: &str) -> Vec<Value> {
    ndjson
        .lines()
        .filter(|line| !line.trim().is_empty())
        .map(|line| serde_json::from_str(line).unwrap_or(Value::String(line.into())))
        .collect()
}

/// A read's records file that takes at most `left` more bytes: a write past it fails (the command
/// then fails as on a full disk) and `passed` says why, so that a walk of millions of records cannot
/// fill the disk under the temporary folder.
pub struct Capped {
    pub file: std::fs::File,
    pub left: u64,
    pub passed: std::sync::Arc<std::sync::atomic::AtomicBool>,
    /// Where the whole lines written so far are told, for the calls that wait on them.
    pub written: std::sync::Arc<tokio::sync::watch::Sender<Written>>,
    /// The bytes written so far.
    pub at: u64,
}

impl std::io::Write for Capped {
    fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
        if bytes.len() as u64 > self.left {
            self.passed.store(true, std::sync::atomic::Ordering::SeqCst);
            return Err(std::io::Error::new(
                std::io::ErrorKind::FileTooLarge,
                crate::t!("cli-mcp-records-file-full"),
            ));
        }
        let n = self.file.write(bytes)?;
        self.left -= n as u64;
        let done = &bytes[..n];
        if let Some(last) = done.iter().rposition(|b| *b == b'\n') {
            let lines = done.iter().filter(|b| **b == b'\n').count() as u64;
            let end = self.at + last as u64 + 1;
            self.written.send_modify(|w| {
                w.lines += lines;
                w.bytes = end;
            });
        }
        self.at += n as u64;
        Ok(n)
    }

    fn flush(&mut self) -> std::io::Result<()> {
        self.file.flush()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A cursor takes the next call where the last one stopped, and only for the same arguments.
    #[test]
    fn a_cursor_is_good_only_for_its_arguments() {
        let args = |v: Value| v.as_object().unwrap().clone();
        let a = fingerprint("ref_clinics", &args(json!({"x": 1, "limit": 2})));
        let b = fingerprint("ref_clinics", &args(json!({"x": 2})));
        assert_eq!(
            a,
            fingerprint("ref_clinics", &args(json!({"x": 1, "cursor": "c"})))
        );
        let at = Position {
            walk: 3,
            offset: 40,
            byte: 4000,
        };
        let c = cursor(&a, at);
        assert_eq!(offset(&c, &a), Some(at));
        assert_eq!(offset(&c, &b), None);
        assert_eq!(offset("not a cursor", &a), None);
    }

    /// A page holds `limit` records, or fewer under the size cap, and says whether more follow.
    #[test]
    fn a_page_stops_at_its_limit_or_its_size() {
        let lines: String = (0..10).map(|i| format!("{{\"id\":{i}}}\n")).collect();
        let page = cut(lines.as_bytes(), 3, 4).unwrap();
        assert_eq!(page.used, 7 * 9);
        assert_eq!(
            page.records,
            (3..7).map(|i| json!({"id": i})).collect::<Vec<_>>()
        );
        assert!(page.more);
        let last = cut(lines.as_bytes(), 8, 4).unwrap();
        assert_eq!((last.records.len(), last.more), (2, false));

        let big = format!("{{\"t\":\"{}\"}}\n", "x".repeat(20 * 1024)).repeat(3);
        let page = cut(big.as_bytes(), 0, 100).unwrap();
        assert_eq!((page.records.len(), page.more), (1, true));
    }
}
