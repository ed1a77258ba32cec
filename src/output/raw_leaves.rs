//! The leaves of a record read straight from its JSON text, for CSV and TSV: the cells of a large
//! export come out of the text the service sent without a tree being built for each record. Strings
//! without escapes and plain integers are borrowed as they are; every other cell is the text
//! [`super::flatten`] gives for the same value, so both readers give the same bytes.
//!
//! A record this reader does not take (not an object, or a key holding a dot, whose dotted names
//! could collide) is left to [`super::flatten`].

use std::borrow::Cow;
use std::fmt;

use serde::de::{Deserialize, Deserializer, MapAccess, Visitor};
use serde_json::value::RawValue;
use serde_json::{Number, Value};

/// One leaf: its dotted name and its cell text.
pub(crate) type Leaf<'a> = (Cow<'a, str>, Cow<'a, str>);

/// Every leaf of `record`, in its own key order; `None` when the record is left to the full reader.
pub(crate) fn raw_leaves(record: &RawValue) -> Option<Vec<Leaf<'_>>> {
    let text = record.get();
    if !text.starts_with('{') {
        return None;
    }
    let level: Level = serde_json::from_str(text).ok()?;
    let mut leaves = Vec::with_capacity(level.0.len());
    walk(level, None, &mut leaves)?;
    Some(leaves)
}

fn walk<'a>(level: Level<'a>, prefix: Option<&str>, leaves: &mut Vec<Leaf<'a>>) -> Option<()> {
    for (key, value) in level.0 {
        if key.contains('.') {
            return None;
        }
        let name = match prefix {
            None => key,
            Some(prefix) => Cow::Owned(format!("{prefix}.{key}")),
        };
        let text = value.get();
        let cell = match text.as_bytes().first()? {
            b'{' => {
                let inner: Level = serde_json::from_str(text).ok()?;
                if !inner.0.is_empty() {
                    walk(inner, Some(&name), leaves)?;
                    continue;
                }
                Cow::Borrowed("{}")
            }
            b'[' => Cow::Owned(serde_json::from_str::<Value>(text).ok()?.to_string()),
            b'"' => match serde_json::from_str::<&str>(text) {
                Ok(plain) => Cow::Borrowed(plain),
                Err(_) => Cow::Owned(serde_json::from_str::<String>(text).ok()?),
            },
            b't' => Cow::Borrowed("true"),
            b'f' => Cow::Borrowed("false"),
            b'n' => Cow::Borrowed(""),
            _ if plain_integer(text) => Cow::Borrowed(text),
            _ => Cow::Owned(serde_json::from_str::<Number>(text).ok()?.to_string()),
        };
        leaves.push((name, cell));
    }
    Some(())
}

/// An integer written as JSON writes it back (`0`, `-12`, `3120`): at most 18 digits, no leading
/// zero, no `-0`.
fn plain_integer(text: &str) -> bool {
    let digits = text.strip_prefix('-').unwrap_or(text);
    !digits.is_empty()
        && digits.len() <= 18
        && digits.bytes().all(|b| b.is_ascii_digit())
        && (digits == "0" && !text.starts_with('-') || !digits.starts_with('0'))
}

/// One object's entries in order, keys and values borrowed from the text where they can be.
struct Level<'a>(Vec<(Cow<'a, str>, &'a RawValue)>);

/// A key borrowed from the text unless it holds escapes.
struct Key<'a>(Cow<'a, str>);

impl<'de> Deserialize<'de> for Key<'de> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct KeyVisitor;
        impl<'de> Visitor<'de> for KeyVisitor {
            type Value = Key<'de>;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("a key")
            }
            fn visit_borrowed_str<E>(self, key: &'de str) -> Result<Key<'de>, E> {
                Ok(Key(Cow::Borrowed(key)))
            }
            fn visit_str<E>(self, key: &str) -> Result<Key<'de>, E> {
                Ok(Key(Cow::Owned(key.to_owned())))
            }
        }
        deserializer.deserialize_str(KeyVisitor)
    }
}

impl<'de> Deserialize<'de> for Level<'de> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct LevelVisitor;
        impl<'de> Visitor<'de> for LevelVisitor {
            type Value = Level<'de>;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("a JSON object")
            }
            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Level<'de>, A::Error> {
                let mut entries = Vec::with_capacity(map.size_hint().unwrap_or(16));
                while let Some(Key(key)) = map.next_key::<Key>()? {
                    entries.push((key, map.next_value::<&RawValue>()?));
                }
                Ok(Level(entries))
            }
        }
        deserializer.deserialize_map(LevelVisitor)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::output::flatten::flatten;
    use serde_json::json;

    type Cells = Vec<(String, String)>;

    fn both(text: &str) -> (Option<Cells>, Cells) {
        let raw: Box<RawValue> = serde_json::from_str(text).unwrap();
        let fast = raw_leaves(&raw).map(|leaves| {
            leaves
                .into_iter()
                .map(|(k, v)| (k.into_owned(), v.into_owned()))
                .collect()
        });
        let value: Value = serde_json::from_str(text).unwrap();
        let full = flatten(&value)
            .into_iter()
            .map(|(k, v)| (k, v.into_owned()))
            .collect();
        (fast, full)
    }

    #[test]
    fn gives_the_cells_of_the_full_reader() {
        for text in [
            r#"{"z":1,"a":{"y":{"deep":true},"x":"s"},"b":null}"#,
            r#"{"tags":["a",{"b":1}],"empty":{},"none":[],"sp": [ 1 , 2.50 ]}"#,
            r#"{"s":"Olá, \"mundo\"\nfim","u":"Jos\u00e9","n":-1.5,"i":42,"f":3120.0,"e":1e3,"z":-0,"big":123456789012345678901}"#,
            r#"{ "spaced" : { "k" : "v" } , "t" : false }"#,
            r#"{"k\u002e":1}"#,
            r#"{}"#,
        ] {
            let (fast, full) = both(text);
            match fast {
                Some(fast) => assert_eq!(fast, full, "{text}"),
                None => assert!(text.contains("\\u002e"), "{text} fell back"),
            }
        }
    }

    #[test]
    fn records_it_does_not_take_are_left_to_the_full_reader() {
        for text in [r#"{"a.b":1}"#, "7", r#""x""#, "[1]"] {
            let raw: Box<RawValue> = serde_json::from_str(text).unwrap();
            assert!(raw_leaves(&raw).is_none(), "{text}");
        }
        let _ = json!(null);
    }
}
