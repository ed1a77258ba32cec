//! A record's JSON text laid out as an element of the pretty array, straight from the text: the
//! bytes the serializer writes for the record's value, without a serializer call per value. A JSON
//! export spent most of its time taking each record apart into serializer calls, writing it to a
//! buffer and splitting that buffer into lines to shift them right; here one pass over the text
//! writes each line at its final indentation, and copies each string and each number as it was
//! written whenever the serializer would write the same bytes (the common case: a string escaped
//! only the way the serializer escapes, money like `3120.0`).
//!
//! A record this pass does not take (a key holding an escape, a key met twice in one object) is
//! left to the serializer, which knows how to merge duplicate keys.

use super::raw_leaves::{
    escapes_as_written, plain_integer, shortest_decimal, skip_space, string_at,
};
use crate::record::{MAX_DEPTH, beyond_f64, number_end, string_end_escaped};

/// Why a record was not laid out here.
#[derive(Debug, PartialEq, Eq)]
pub(crate) enum NotTaken {
    /// A key with an escape, or a key met twice in one object: the serializer's way handles it.
    Elsewhere,
    /// Nested deeper than [`MAX_DEPTH`], or not readable as JSON: refused as every reader does.
    Refused,
}

/// Spaces enough for most lines; deeper lines take several copies.
const SPACES: &[u8; 64] = b"                                                                ";

/// Appends `record` (valid JSON text) to `out` as the serializer's pretty layout shifted two
/// spaces right, the leading two spaces included. On `Err` `out` holds a partial layout: the caller
/// truncates it.
pub(crate) fn pretty_element(record: &str, out: &mut Vec<u8>) -> Result<(), NotTaken> {
    let bytes = record.as_bytes();
    let mut keys = Vec::new();
    out.extend_from_slice(b"  ");
    let start = skip_space(bytes, 0);
    let end = Layout {
        text: record,
        out,
        keys: &mut keys,
    }
    .value(start, 1, 1)?;
    if skip_space(bytes, end) != bytes.len() {
        return Err(NotTaken::Refused);
    }
    Ok(())
}

struct Layout<'a, 'o> {
    text: &'a str,
    out: &'o mut Vec<u8>,
    /// The hashes of the keys of every object still open, innermost last: a duplicate key shows as
    /// two equal hashes (a collision only sends the record to the slower way, which is also right).
    keys: &'o mut Vec<u64>,
}

impl Layout<'_, '_> {
    fn newline(&mut self, level: usize) {
        self.out.push(b'\n');
        let mut spaces = 2 * level;
        while spaces > 0 {
            let n = spaces.min(SPACES.len());
            self.out.extend_from_slice(&SPACES[..n]);
            spaces -= n;
        }
    }

    /// Lays out the value at `at`, at indentation `level`, `depth` containers deep; returns the
    /// index just past it.
    fn value(&mut self, at: usize, level: usize, depth: usize) -> Result<usize, NotTaken> {
        let bytes = self.text.as_bytes();
        match bytes.get(at) {
            Some(b'{') => {
                if depth > MAX_DEPTH {
                    return Err(NotTaken::Refused);
                }
                let mut at = skip_space(bytes, at + 1);
                if bytes.get(at) == Some(&b'}') {
                    self.out.extend_from_slice(b"{}");
                    return Ok(at + 1);
                }
                self.out.push(b'{');
                let first_key = self.keys.len();
                let mut first = true;
                loop {
                    if bytes.get(at) != Some(&b'"') {
                        return Err(NotTaken::Refused);
                    }
                    let (key_end, escaped) = string_end_escaped(bytes, at);
                    if escaped {
                        return Err(NotTaken::Elsewhere);
                    }
                    let key = &bytes[at..key_end];
                    self.keys.push(hash(key));
                    if !first {
                        self.out.push(b',');
                    }
                    first = false;
                    self.newline(level + 1);
                    self.out.extend_from_slice(key);
                    self.out.extend_from_slice(b": ");
                    at = skip_space(bytes, key_end);
                    if bytes.get(at) != Some(&b':') {
                        return Err(NotTaken::Refused);
                    }
                    at = skip_space(bytes, at + 1);
                    at = skip_space(bytes, self.value(at, level + 1, depth + 1)?);
                    match bytes.get(at) {
                        Some(b',') => at = skip_space(bytes, at + 1),
                        Some(b'}') => break,
                        _ => return Err(NotTaken::Refused),
                    }
                }
                let keys = &mut self.keys[first_key..];
                keys.sort_unstable();
                if keys.windows(2).any(|w| w[0] == w[1]) {
                    return Err(NotTaken::Elsewhere);
                }
                self.keys.truncate(first_key);
                self.newline(level);
                self.out.push(b'}');
                Ok(at + 1)
            }
            Some(b'[') => {
                if depth > MAX_DEPTH {
                    return Err(NotTaken::Refused);
                }
                let mut at = skip_space(bytes, at + 1);
                if bytes.get(at) == Some(&b']') {
                    self.out.extend_from_slice(b"[]");
                    return Ok(at + 1);
                }
                self.out.push(b'[');
                let mut first = true;
                loop {
                    if !first {
                        self.out.push(b',');
                    }
                    first = false;
                    self.newline(level + 1);
                    at = skip_space(bytes, self.value(at, level + 1, depth + 1)?);
                    match bytes.get(at) {
                        Some(b',') => at = skip_space(bytes, at + 1),
                        Some(b']') => break,
                        _ => return Err(NotTaken::Refused),
                    }
                }
                self.newline(level);
                self.out.push(b']');
                Ok(at + 1)
            }
            Some(b'"') => {
                let (end, escaped) = string_end_escaped(bytes, at);
                let quoted = &self.text[at..end];
                if !escaped || escapes_as_written(quoted.as_bytes()) {
                    self.out.extend_from_slice(quoted.as_bytes());
                } else {
                    // `\/` or `\u…`: the serializer writes the character itself, or its own escape.
                    let text = string_at(quoted).ok_or(NotTaken::Refused)?;
                    serde_json::to_writer(&mut *self.out, text.as_ref())
                        .map_err(|_| NotTaken::Refused)?;
                }
                Ok(end)
            }
            Some(b't') => {
                self.out.extend_from_slice(b"true");
                Ok(at + 4)
            }
            Some(b'f') => {
                self.out.extend_from_slice(b"false");
                Ok(at + 5)
            }
            Some(b'n') => {
                self.out.extend_from_slice(b"null");
                Ok(at + 4)
            }
            Some(b'-' | b'0'..=b'9') => {
                let end = number_end(bytes, at);
                let number = &self.text[at..end];
                if plain_integer(number) || shortest_decimal(number) || beyond_f64(number) {
                    // Written back as it is written (a number beyond `f64` keeps its text).
                    self.out.extend_from_slice(number.as_bytes());
                } else {
                    let parsed = serde_json::from_str::<serde_json::Number>(number)
                        .map_err(|_| NotTaken::Refused)?;
                    serde_json::to_writer(&mut *self.out, &parsed)
                        .map_err(|_| NotTaken::Refused)?;
                }
                Ok(end)
            }
            _ => Err(NotTaken::Refused),
        }
    }
}

/// FNV-1a over a key's text: keys are short, and only equality matters.
fn hash(key: &[u8]) -> u64 {
    let mut h = 0xcbf2_9ce4_8422_2325u64;
    for &b in key {
        h = (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3);
    }
    h
}
