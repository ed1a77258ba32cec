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

/// What laying out one record leaves for the next: the room for key hashes, and the keys of the
/// last record found without a repeated key.
#[derive(Default)]
pub(crate) struct Keys {
    /// The hashes of the keys of every object still open, innermost last: a duplicate key shows as
    /// two equal hashes (a collision only sends the record to the slower way, which is also right).
    open: Vec<u64>,
    /// The hashes of the keys of the last record (the outermost object) found to hold no key
    /// twice, in their order. Records of one list mostly share their keys in one order: one with
    /// the very same hashes holds no key twice either, and needs no sorting to be told so.
    known: Vec<u64>,
}

/// Appends `record` (valid JSON text) to `out` as the serializer's pretty layout shifted two
/// spaces right, the leading two spaces included. On `Err` `out` holds a partial layout: the caller
/// truncates it.
#[cfg(test)]
pub(crate) fn pretty_element(record: &str, out: &mut Vec<u8>) -> Result<(), NotTaken> {
    pretty_element_with(record, out, &mut Keys::default())
}

/// [`pretty_element`] with the room `keys` kept from one record to the next.
pub(crate) fn pretty_element_with(
    record: &str,
    out: &mut Vec<u8>,
    keys: &mut Keys,
) -> Result<(), NotTaken> {
    let bytes = record.as_bytes();
    keys.open.clear();
    out.extend_from_slice(b"  ");
    let start = skip_space(bytes, 0);
    let end = Layout {
        text: record,
        out,
        keys,
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
    keys: &'o mut Keys,
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
                let first_key = self.keys.open.len();
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
                    self.keys.open.push(hash(key));
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
                let Keys { open, known } = &mut *self.keys;
                let keys = &mut open[first_key..];
                let outermost = depth == 1;
                if !(outermost && keys == known.as_slice()) {
                    if outermost {
                        known.clear();
                        known.extend_from_slice(keys);
                    }
                    keys.sort_unstable();
                    if keys.windows(2).any(|w| w[0] == w[1]) {
                        known.clear();
                        return Err(NotTaken::Elsewhere);
                    }
                }
                open.truncate(first_key);
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

/// A hash of a key's text (quotes included), eight bytes at a time: a multiply per byte, as
/// FNV-1a takes, made it most of the cost of laying out a record. Only equality matters: equal
/// keys give equal hashes, and the rare collision of two different keys only sends the record the
/// slower way. The last word overlaps the one before it, and a key shorter than a word is gathered
/// in a register: the bytes of a short tail copied into a word on the stack and read back whole
/// stalled each hash on the store (the hash's length mixed in first keeps an overlap from making
/// two keys alike).
fn hash(key: &[u8]) -> u64 {
    const K: u64 = 0x9E37_79B9_7F4A_7C15;
    let mix = |h: u64, word: u64| (h ^ word).wrapping_mul(K).rotate_left(31);
    let n = key.len();
    let mut h = (n as u64).wrapping_mul(K);
    let word = |at: usize| u64::from_le_bytes(key[at..at + 8].try_into().unwrap_or_default());
    if n >= 8 {
        let mut i = 0;
        while i + 8 < n {
            h = mix(h, word(i));
            i += 8;
        }
        h = mix(h, word(n - 8));
    } else {
        h = mix(h, key.iter().fold(0u64, |w, &c| w << 8 | u64::from(c)));
    }
    h ^ (h >> 29)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A record whose keys are those of the record before it is told to hold no key twice without
    /// sorting; one that repeats a key among the same hashes is still sent the serializer's way.
    #[test]
    fn keys_known_from_the_previous_record_still_catch_a_repeated_key() {
        let mut keys = Keys::default();
        let mut out = Vec::new();
        for (record, taken) in [
            (r#"{"a":1,"b":{"c":2,"d":3}}"#, true),
            (r#"{"a":4,"b":{"c":5,"d":6}}"#, true),
            (r#"{"a":1,"b":{"c":2,"c":3}}"#, false),
            (r#"{"a":1,"a":2}"#, false),
            (r#"{"a":1,"a":2}"#, false),
            (r#"{"b":1,"a":2}"#, true),
            (r#"{"b":1,"a":2,"b":3}"#, false),
            (r#"{"b":1,"a":2}"#, true),
        ] {
            out.clear();
            let laid = pretty_element_with(record, &mut out, &mut keys);
            assert_eq!(laid.is_ok(), taken, "{record}");
            if !taken {
                assert_eq!(laid, Err(NotTaken::Elsewhere), "{record}");
            }
        }
    }

    #[test]
    fn keys_of_every_length_hash_apart_and_alike() {
        let keys: Vec<String> = (0..40).map(|n| format!("\"{}\"", "k".repeat(n))).collect();
        let hashes: Vec<u64> = keys.iter().map(|k| hash(k.as_bytes())).collect();
        let mut distinct = hashes.clone();
        distinct.sort_unstable();
        distinct.dedup();
        assert_eq!(distinct.len(), keys.len());
        assert_eq!(hash(b"\"valor_original\""), hash(b"\"valor_original\""));
        assert_ne!(hash(b"\"valor_original\""), hash(b"\"valor_originai\""));
        assert_ne!(hash(b"\"ab\""), hash(b"\"ba\""));
        // Every byte counts, whichever word (or the overlapping last one) holds it.
        for key in &keys {
            for at in 0..key.len() {
                let mut changed = key.clone().into_bytes();
                changed[at] ^= 1;
                assert_ne!(hash(key.as_bytes()), hash(&changed), "{key} at {at}");
            }
        }
    }
}
