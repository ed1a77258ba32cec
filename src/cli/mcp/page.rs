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

/// The cursor of the page that starts after `offset` records.
pub fn cursor(fingerprint: &str, offset: u64) -> String {
    URL_SAFE_NO_PAD.encode(json!({"a": fingerprint, "o": offset}).to_string())
}

/// Where a cursor says to start, if it was made for the same arguments; `None` when it was not or is
/// not a cursor at all.
pub fn offset(cursor: &str, fingerprint: &str) -> Option<u64> {
    let bytes = URL_SAFE_NO_PAD.decode(cursor.trim()).ok()?;
    let value: Value = serde_json::from_slice(&bytes).ok()?;
    (value["a"] == fingerprint).then(|| value["o"].as_u64())?
}

/// A page cut from the records a command wrote (one JSON value a line), the first `offset` skipped.
#[derive(Debug)]
pub struct Page {
    pub records: Vec<Value>,
    /// More records follow the page.
    pub more: bool,
}

/// The page of `ndjson` that starts after `offset` records: `limit` records, fewer when they would
/// pass [`MAX_BYTES`] (never none while one is left). Read line by line: memory holds the page.
pub fn cut(ndjson: impl std::io::BufRead, offset: u64, limit: u64) -> std::io::Result<Page> {
    let mut lines = ndjson.lines();
    // The next record's line: blank lines are no records.
    let mut next = || -> std::io::Result<Option<String>> {
        for line in lines.by_ref() {
            let line = line?;
            if !line.trim().is_empty() {
                return Ok(Some(line));
            }
        }
        Ok(None)
    };
    for _ in 0..offset {
        if next()?.is_none() {
            break;
        }
    }
    let mut records = Vec::new();
    let mut bytes = 0;
    let mut pending = next()?;
    while let Some(line) = pending.take() {
        if records.len() as u64 >= limit || (!records.is_empty() && bytes + line.len() > MAX_BYTES)
        {
            pending = Some(line);
            break;
        }
        bytes += line.len();
        let value = serde_json::from_str(&line).unwrap_or(Value::String(line));
        records.push(value);
        pending = next()?;
    }
    Ok(Page {
        more: pending.is_some(),
        records,
    })
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
        Ok(n)
    }

    fn flush(&mut self) -> std::io::Result<()> {
        self.file.flush()
    }
}

/// The records in a file of JSON lines (blank lines are none).
pub fn count(path: &std::path::Path) -> std::io::Result<u64> {
    use std::io::BufRead;
    let mut total = 0;
    for line in std::io::BufReader::new(std::fs::File::open(path)?).lines() {
        if !line?.trim().is_empty() {
            total += 1;
        }
    }
    Ok(total)
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
        let c = cursor(&a, 40);
        assert_eq!(offset(&c, &a), Some(40));
        assert_eq!(offset(&c, &b), None);
        assert_eq!(offset("not a cursor", &a), None);
    }

    /// A page holds `limit` records, or fewer under the size cap, and says whether more follow.
    #[test]
    fn a_page_stops_at_its_limit_or_its_size() {
        let lines: String = (0..10).map(|i| format!("{{\"id\":{i}}}\n")).collect();
        let page = cut(lines.as_bytes(), 3, 4).unwrap();
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
