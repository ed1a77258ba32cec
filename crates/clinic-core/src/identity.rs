//! Who a record is: the ID it carries under the key its kind names, never its bytes or its position.
//!
//! A list's records are told apart by their ID wherever the client compares them: the walk's ledger
//! (a record seen earlier in the walk, on any page, is not handed on again), the numbering probe (is
//! page 0 the same records as page 1?), a created record's answer and a name lookup. Bytes are no
//! identity: a signed photo link or a `gerado_em` stamp changes on every request. Nor is the first key
//! that looks like an ID: `{"id_empresa": 2, "id_clinica": 1}` is clinic 1, and
//! `{"id_cliente": 98765, "id_campanha": 2}` is contact 98765.
//!
//! Each kind of record names its own keys ([`IdKeys`], from the operations table), most specific
//! first, then the generic ones every kind may use ([`GENERIC`]). A compound key that names another
//! kind (`id_campanha` in a contact) is never the record's ID.

use std::hash::{BuildHasher, Hash, Hasher};

pub use crate::record::{GENERIC, IdKeys};
use crate::record::{RawRecord, Record};

/// A record's ID as it was found: the key it came under and the value's JSON text (`123`,
/// `"ORC-7"`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Found<'a> {
    pub key: &'a str,
    pub value: &'a str,
}

impl Found<'_> {
    /// The ID as the ledger keeps it: a number and the same digits in a string are one ID (a
    /// deployment may write `"17"` on one page and `17` on the next).
    pub fn key(&self) -> Key {
        let bare = self
            .value
            .strip_prefix('"')
            .and_then(|v| v.strip_suffix('"'))
            .unwrap_or(self.value);
        match bare.parse::<u64>() {
            Ok(n) if !bare.starts_with('+') && (bare == "0" || !bare.starts_with('0')) => {
                Key::Number(n)
            }
            _ => Key::Text(hash128(&("id", bare))),
        }
    }
}

/// What a ledger keeps of a record: its numeric ID exactly, or a 128-bit digest of any other ID
/// (or, for a record without one, of its whole text). 128 bits make a collision between two
/// different records in one walk a practical impossibility (about 10^-27 at a million records),
/// where 64 would be one in 10^8.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Key {
    Number(u64),
    Text(u128),
}

impl Key {
    /// The key spread over 64 bits (SplitMix64's finaliser): sums of these tell one set of records
    /// from another whatever order they came in, where sums of the IDs themselves would not.
    pub fn mixed(self) -> u64 {
        let mut z = match self {
            Key::Number(n) => n,
            Key::Text(digest) => (digest as u64) ^ ((digest >> 64) as u64).rotate_left(17),
        }
        .wrapping_add(0x9E37_79B9_7F4A_7C15);
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
}

/// A record's key: its ID under `keys`, else its whole text (a record without an ID can only be
/// told apart by what it holds).
pub fn key_of(text: &str, keys: &IdKeys) -> Key {
    match id_of(text, keys) {
        Some(found) => found.key(),
        None => Key::Text(hash128(&("record", text))),
    }
}

/// A record's key and the key of `keys` its ID came under (`None` for a record without one).
pub fn identify(text: &str, keys: &IdKeys) -> (Key, Option<&'static str>) {
    match id_of(text, keys) {
        Some(found) => (found.key(), keys.candidates().find(|k| *k == found.key)),
        None => (Key::Text(hash128(&("record", text))), None),
    }
}

/// A record with its top-level key `from` spelt `to`, everything else as it was; `None` when the
/// record has no such key, or has `to` already (two keys are then kept as the service sent them).
pub fn renamed(record: &RawRecord, from: &str, to: &str) -> Option<Record> {
    let text = record.get();
    let mut at = None;
    for (start, key, _) in top_level_at(text) {
        if key == to {
            return None;
        }
        if key == from && at.is_none() {
            at = Some(start);
        }
    }
    let start = at?;
    let end = start + from.len() + 2;
    let spelt = serde_json::to_string(to).ok()?;
    let text = format!("{}{spelt}{}", &text[..start], &text[end..]);
    RawRecord::from_string(text).ok()
}

/// A page's identity: the IDs of its records, in order, as one digest. Two answers with the same
/// records are the same page whatever else changed in them (a stamp, a signed link).
pub fn page_digest(records: &[Record], keys: &IdKeys) -> u64 {
    let mut h = foldhash::quality::FixedState::with_seed(0x243F_6A88_85A3_08D3).build_hasher();
    for r in records {
        key_of(r.get(), keys).hash(&mut h);
    }
    h.finish()
}

fn hash128(value: &impl Hash) -> u128 {
    // Two independent fixed-seed hashes: the same text gives the same digest in every walk and on
    // every machine, so a key may be kept beyond one process.
    let half = |seed: u64| foldhash::quality::FixedState::with_seed(seed).hash_one(value);
    (u128::from(half(0x9E37_79B9_7F4A_7C15)) << 64) | u128::from(half(0xC2B2_AE3D_27D4_EB4F))
}

/// The ID of a record (a JSON object's text): the value under the best-ranked key of `keys` that
/// holds a usable ID (a number, or a string that is not blank). Only the object's own keys are
/// looked at; nested values are skipped without being read.
pub fn id_of<'a>(text: &'a str, keys: &IdKeys) -> Option<Found<'a>> {
    let mut best: Option<(usize, Found<'a>)> = None;
    for (key, value) in top_level(text) {
        let Some(rank) = keys.rank(key) else {
            continue;
        };
        if best.as_ref().is_some_and(|(r, _)| *r <= rank) || !usable(value) {
            continue;
        }
        best = Some((rank, Found { key, value }));
        if rank == 0 {
            break;
        }
    }
    best.map(|(_, found)| found)
}

/// The record's ID under `key` alone, when it has a usable one there.
pub fn key_under(text: &str, key: &str) -> Option<Key> {
    top_level(text)
        .find(|(k, v)| *k == key && usable(v))
        .map(|(key, value)| Found { key, value }.key())
}

/// The keys of a record's own level, in order.
pub fn keys_of(text: &str) -> Vec<&str> {
    top_level(text).map(|(key, _)| key).collect()
}

/// The keys of a record that look like IDs (`id…`, `…_id`, `codigo`, `cod`), for a message that
/// says which it saw.
pub fn id_like_keys(text: &str) -> Vec<&str> {
    top_level(text)
        .map(|(key, _)| key)
        .filter(|key| looks_like_id(key))
        .collect()
}

/// Whether a key names an ID of some kind: `id`, `codigo`, `cod`, or a compound such as
/// `id_cliente`, `idCliente`, `cliente_id`, `clienteId`.
pub fn looks_like_id(key: &str) -> bool {
    let lower = key.to_ascii_lowercase();
    matches!(lower.as_str(), "id" | "codigo" | "código" | "cod" | "uuid")
        || lower.starts_with("id_")
        || lower.ends_with("_id")
        || key
            .strip_prefix("id")
            .is_some_and(|rest| rest.starts_with(|c: char| c.is_ascii_uppercase()))
        || (key.len() > 2 && key.ends_with("Id"))
}

/// A value that can be an ID: a number, or a string holding something other than blanks.
fn usable(value: &str) -> bool {
    match value.as_bytes().first() {
        Some(b'-' | b'0'..=b'9') => true,
        Some(b'"') => value[1..value.len().saturating_sub(1)]
            .bytes()
            .any(|b| !b.is_ascii_whitespace()),
        _ => false,
    }
}

/// The `(key, value text)` pairs of a JSON object's own level, in order. Keys with escapes are
/// given as written (an ID key never needs one). Anything that is not an object gives nothing.
fn top_level(text: &str) -> impl Iterator<Item = (&str, &str)> {
    top_level_at(text).map(|(_, key, value)| (key, value))
}

/// [`top_level`], with where each key's opening quote stands.
fn top_level_at(text: &str) -> impl Iterator<Item = (usize, &str, &str)> {
    let bytes = text.as_bytes();
    let mut i = match bytes.iter().position(|b| !b.is_ascii_whitespace()) {
        Some(at) if bytes[at] == b'{' => at + 1,
        _ => bytes.len(),
    };
    std::iter::from_fn(move || {
        // The next key: past white space and commas, a string.
        while i < bytes.len() && matches!(bytes[i], b' ' | b'\t' | b'\n' | b'\r' | b',') {
            i += 1;
        }
        if i >= bytes.len() || bytes[i] != b'"' {
            return None;
        }
        let key_start = i;
        let key_end = crate::record::string_end(bytes, i);
        let key = text.get(i + 1..key_end.saturating_sub(1))?;
        i = key_end;
        while i < bytes.len() && bytes[i] != b':' {
            i += 1;
        }
        i += 1;
        while i < bytes.len() && bytes[i].is_ascii_whitespace() {
            i += 1;
        }
        let start = i;
        i = value_end(bytes, i);
        let value = text.get(start..i)?.trim_end();
        Some((key_start, key, value))
    })
}

/// The index just past the JSON value that starts at `start` (iterative: nesting costs no stack).
fn value_end(bytes: &[u8], start: usize) -> usize {
    let mut depth = 0usize;
    let mut i = start;
    while i < bytes.len() {
        match bytes[i] {
            b'"' => {
                i = crate::record::string_end(bytes, i);
                if depth == 0 {
                    return i;
                }
                continue;
            }
            b'{' | b'[' => depth += 1,
            b'}' | b']' => {
                if depth == 0 {
                    return i;
                }
                depth -= 1;
                if depth == 0 {
                    return i + 1;
                }
            }
            b',' if depth == 0 => return i,
            _ => {}
        }
        i += 1;
    }
    bytes.len()
}

#[cfg(test)]
mod tests {
    use super::*;

    const QUOTE: IdKeys = IdKeys {
        kind: "quote",
        own: &["id_orcamento", "orcamento_id"],
    };
    const CLINIC: IdKeys = IdKeys {
        kind: "clinic",
        own: &["id_clinica", "clinica_id"],
    };
    const CONTACT: IdKeys = IdKeys {
        kind: "contact",
        own: &["id_cliente", "cliente_id"],
    };

    fn id<'a>(text: &'a str, keys: &IdKeys) -> Option<(&'a str, &'a str)> {
        id_of(text, keys).map(|f| (f.key, f.value))
    }

    #[test]
    fn the_kind_s_own_key_wins_and_foreign_keys_never_do() {
        let clinic = r#"{"id_empresa": 2, "id_clinica": 1, "nome": "SP Campinas"}"#;
        assert_eq!(id(clinic, &CLINIC), Some(("id_clinica", "1")));
        let created = r#"{"id_cliente":98765,"id_canal":1,"id_campanha":2}"#;
        assert_eq!(id(created, &CONTACT), Some(("id_cliente", "98765")));
        // A record whose only ID-like keys name other kinds has no ID of this kind.
        assert_eq!(id(r#"{"id_canal":1,"id_campanha":2}"#, &CONTACT), None);
        assert_eq!(
            id(r#"{"cod": 7, "nome": "x"}"#, &CLINIC),
            Some(("cod", "7"))
        );
        assert_eq!(
            id(r#"{"id": 5, "codigo": "ORC-5", "orcamento_id": 5}"#, &QUOTE),
            Some(("orcamento_id", "5"))
        );
        assert_eq!(
            id(r#"{"codigo": "ORC-5", "id": 5}"#, &QUOTE),
            Some(("id", "5"))
        );
    }

    #[test]
    fn nested_values_blank_and_null_ids_are_passed_over() {
        let text = r#"{"x": {"id": 1, "y": [1, {"id": 2}], "s": "}\"{,"}, "id": null, "codigo": " ", "cod": "C-9"}"#;
        assert_eq!(id(text, &IdKeys::ANY), Some(("cod", "\"C-9\"")));
        assert_eq!(id("[1, 2]", &IdKeys::ANY), None);
        assert_eq!(id("{}", &IdKeys::ANY), None);
        assert_eq!(id(r#"{"id": ""}"#, &IdKeys::ANY), None);
        assert_eq!(
            id("{\n  \"nome\" : \"a\" ,\n  \"id\" : -3 \n}", &IdKeys::ANY),
            Some(("id", "-3"))
        );
    }

    #[test]
    fn a_number_and_its_digits_in_a_string_are_one_id() {
        let key = |text: &str| key_of(text, &IdKeys::ANY);
        assert_eq!(key(r#"{"id": 17}"#), key(r#"{"id": "17"}"#));
        assert_eq!(key(r#"{"id": 17}"#), Key::Number(17));
        assert_ne!(key(r#"{"id": "017"}"#), key(r#"{"id": 17}"#));
        assert_ne!(key(r#"{"id": "a"}"#), key(r#"{"id": "b"}"#));
        // The same ID under another known key of the kind is the same record.
        assert_eq!(
            key_of(r#"{"orcamento_id": 9, "v": 1}"#, &QUOTE),
            key_of(r#"{"id_orcamento": 9, "v": 2}"#, &QUOTE)
        );
        // Without an ID, the whole text tells records apart.
        assert_ne!(key(r#"{"n": 1}"#), key(r#"{"n": 2}"#));
        assert_eq!(key(r#"{"n": 1}"#), key(r#"{"n": 1}"#));
    }

    #[test]
    fn a_renamed_id_key_is_spelt_as_the_walk_s_first() {
        let raw = |t: &str| RawRecord::from_string(t.to_string()).unwrap();
        let record = raw(r#"{"id_orcamento": 5, "x": {"id_orcamento": 1}}"#);
        let got = renamed(&record, "id_orcamento", "orcamento_id").unwrap();
        assert_eq!(
            got.get(),
            r#"{"orcamento_id": 5, "x": {"id_orcamento": 1}}"#
        );
        assert!(renamed(&raw(r#"{"a": 1}"#), "id_orcamento", "orcamento_id").is_none());
        assert!(
            renamed(
                &raw(r#"{"id_orcamento": 1, "orcamento_id": 1}"#),
                "id_orcamento",
                "orcamento_id"
            )
            .is_none()
        );
        assert_eq!(
            identify(r#"{"x": 1, "orcamento_id": "7"}"#, &QUOTE),
            (Key::Number(7), Some("orcamento_id"))
        );
    }

    #[test]
    fn id_like_keys_are_listed_for_messages() {
        assert_eq!(
            id_like_keys(r#"{"id_empresa": 2, "nome": "x", "clinicaId": 3, "cod": 1}"#),
            ["id_empresa", "clinicaId", "cod"]
        );
    }
}
