//! The leaves of a record read straight from its JSON text, for CSV and TSV: the cells of a large
//! export come out of the text the service sent without a tree being built for each record. Strings
//! without escapes and plain integers are borrowed as they are; every other cell is the text
//! [`super::flatten`] gives for the same value, so both readers give the same bytes.
//!
//! A record this reader does not take (not an object, or a key holding a dot or a backslash, whose
//! name [`super::flatten`] escapes) is left to [`super::flatten`].

use std::borrow::Cow;
use std::fmt;

use serde::de::{Deserialize, Deserializer, Visitor};
use serde_json::Number;

use super::flatten::Scalar;
use crate::error::BadRecord;
use crate::record::{self, MAX_DEPTH, RawRecord, number_end, string_end_escaped};

/// One leaf: its dotted name, its cell text and its JSON type.
pub(crate) type Leaf<'a> = (Cow<'a, str>, Cow<'a, str>, Scalar);

/// Every leaf of `record`, in its own key order; `Ok(None)` when the record is left to the full
/// reader. One pass over the text, with no recursion: the work is linear in the record's size
/// whatever its shape, and a record nested deeper than [`MAX_DEPTH`] is refused as every reader
/// refuses it.
pub(crate) fn raw_leaves(record: &RawRecord) -> Result<Option<Vec<Leaf<'_>>>, BadRecord> {
    let text = record.get();
    if !text.starts_with('{') {
        return Ok(None);
    }
    let bytes = text.as_bytes();
    let too_deep = || BadRecord::TooDeep { limit: MAX_DEPTH };
    let mut leaves = Vec::new();
    // The dotted name of the current object, and where each open object's name ended before it.
    let mut name = String::new();
    let mut open: Vec<usize> = Vec::new();
    let mut at = 1;
    loop {
        at = skip_space(bytes, at);
        match bytes.get(at) {
            Some(b',') => {
                at += 1;
                continue;
            }
            Some(b'}') => {
                at += 1;
                match open.pop() {
                    Some(parent) => {
                        name.truncate(parent);
                        continue;
                    }
                    None => return Ok(Some(leaves)),
                }
            }
            Some(b'"') => {}
            _ => return Ok(None),
        }
        let (key_end, escaped) = string_end_escaped(bytes, at);
        if escaped {
            // A key with an escape may hide a dot or a backslash: the full reader names it.
            return Ok(None);
        }
        let key: &str = &text[at + 1..key_end - 1];
        if memchr::memchr(b'.', key.as_bytes()).is_some() {
            return Ok(None);
        }
        at = skip_space(bytes, key_end);
        if bytes.get(at) != Some(&b':') {
            return Ok(None);
        }
        at = skip_space(bytes, at + 1);
        let depth = open.len() + 1;
        let parent = name.len();
        if !open.is_empty() {
            name.push('.');
        }
        name.push_str(key);

        let (cell, end, scalar) = match bytes.get(at) {
            Some(b'{') => {
                let inside = skip_space(bytes, at + 1);
                if bytes.get(inside) != Some(&b'}') {
                    if depth + 1 > MAX_DEPTH {
                        return Err(too_deep());
                    }
                    open.push(parent);
                    at += 1;
                    continue;
                }
                (Cow::Borrowed("{}"), inside + 1, Scalar::Compound)
            }
            Some(b'[') => {
                let (end, deepest, compact) = compact_container_end(text, at);
                if depth + deepest > MAX_DEPTH {
                    return Err(too_deep());
                }
                let array = &text[at..end];
                let cell = if compact {
                    Cow::Borrowed(array)
                } else {
                    Cow::Owned(record::parse(array)?.to_string())
                };
                (cell, end, Scalar::Compound)
            }
            Some(b'"') => {
                let (end, escaped) = string_end_escaped(bytes, at);
                let cell = if escaped {
                    let Some(cell) = string_at(&text[at..end]) else {
                        return Ok(None);
                    };
                    cell
                } else {
                    // Valid JSON without a backslash: the text between the quotes is the string.
                    Cow::Borrowed(&text[at + 1..end - 1])
                };
                (cell, end, Scalar::String)
            }
            Some(b't') => (Cow::Borrowed("true"), at + 4, Scalar::Bool),
            Some(b'f') => (Cow::Borrowed("false"), at + 5, Scalar::Bool),
            Some(b'n') => (Cow::Borrowed(""), at + 4, Scalar::Null),
            Some(_) => {
                let end = number_end(bytes, at);
                let number = &text[at..end];
                let (cell, scalar) = if plain_integer(number) || shortest_decimal(number) {
                    (Cow::Borrowed(number), Scalar::Number)
                } else if record::beyond_f64(number) {
                    // The source text, a string as the full reader keeps it.
                    (Cow::Borrowed(number), Scalar::String)
                } else {
                    match serde_json::from_str::<Number>(number) {
                        Ok(parsed) => (Cow::Owned(parsed.to_string()), Scalar::Number),
                        Err(_) => (Cow::Borrowed(number), Scalar::String),
                    }
                };
                (cell, end, scalar)
            }
            None => return Ok(None),
        };
        // A top-level key is its own name: borrowed, not copied, for the common flat record.
        let leaf_name = if open.is_empty() {
            Cow::Borrowed(key)
        } else {
            Cow::Owned(name.clone())
        };
        leaves.push((leaf_name, cell, scalar));
        name.truncate(parent);
        at = end;
    }
}

pub(crate) fn skip_space(bytes: &[u8], mut at: usize) -> usize {
    while bytes
        .get(at)
        .is_some_and(|b| matches!(b, b' ' | b'\t' | b'\n' | b'\r'))
    {
        at += 1;
    }
    at
}

/// The index just past the array or object that starts at `start` (valid JSON), how deep it nests,
/// and whether its text is already what writing its value back as compact JSON gives: no space
/// between tokens, strings escaped the way the writer escapes them (no `\\/`, no `\\u`), and
/// numbers as the writer prints them. One pass, where finding the end and then checking the text
/// took two.
fn compact_container_end(text: &str, start: usize) -> (usize, usize, bool) {
    let bytes = text.as_bytes();
    let (mut depth, mut deepest, mut compact) = (0usize, 0usize, true);
    let mut i = start;
    while i < bytes.len() {
        match bytes[i] {
            b'"' => {
                let (end, escaped) = string_end_escaped(bytes, i);
                if escaped && compact {
                    compact = escapes_as_written(&bytes[i..end]);
                }
                i = end;
                continue;
            }
            b'{' | b'[' => {
                depth += 1;
                deepest = deepest.max(depth);
            }
            b'}' | b']' => {
                depth -= 1;
                if depth == 0 {
                    return (i + 1, deepest, compact);
                }
            }
            b'-' | b'0'..=b'9' => {
                let end = number_end(bytes, i);
                if compact {
                    compact = written_back_alike(&text[i..end]);
                }
                i = end;
                continue;
            }
            b' ' | b'\t' | b'\n' | b'\r' => compact = false,
            _ => {}
        }
        i += 1;
    }
    (bytes.len(), deepest, compact)
}

/// A number as the writer prints it back.
fn written_back_alike(number: &str) -> bool {
    if plain_integer(number) || shortest_decimal(number) {
        return true;
    }
    if number.contains(['e', 'E']) || !number.contains('.') {
        return false;
    }
    match serde_json::from_str::<Number>(number) {
        Ok(parsed) => parsed.to_string() == number,
        Err(_) => false,
    }
}

/// An integer written as JSON writes it back (`0`, `-12`, `3120`): at most 18 digits, no leading
/// zero, no `-0`.
pub(crate) fn plain_integer(text: &str) -> bool {
    let digits = text.strip_prefix('-').unwrap_or(text);
    !digits.is_empty()
        && digits.len() <= 18
        && digits.bytes().all(|b| b.is_ascii_digit())
        && (digits == "0" && !text.starts_with('-') || !digits.starts_with('0'))
}

/// A decimal that the writer prints back as it is written, told from its digits alone: money
/// (`3120.0`, `5044.74`) is most of a financial export's cells, and parsing each into an `f64` only
/// to print it back costs more than the rest of the cell. The writer prints the shortest digits
/// that give the same `f64` (Ryū): fifteen significant digits or fewer name one `f64` each
/// (10^15 < 2^53), so such digits without a trailing zero are already the shortest, and Ryū
/// writes them without an exponent while the point stands after at most sixteen digits or at most
/// four zeros follow `0.`. A whole number keeps one `.0` (`39.0`, as the writer prints it).
pub(crate) fn shortest_decimal(text: &str) -> bool {
    let digits = text.strip_prefix('-').unwrap_or(text);
    let Some((whole, fraction)) = digits.split_once('.') else {
        return false;
    };
    let all_digits = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
    if !all_digits(whole) || !all_digits(fraction) {
        return false;
    }
    if whole == "0" {
        let zeros = fraction.bytes().take_while(|&b| b == b'0').count();
        return fraction == "0"
            || (zeros <= 4 && fraction.len() - zeros <= 15 && !fraction.ends_with('0'));
    }
    if whole.starts_with('0') {
        return false;
    }
    if fraction == "0" {
        return whole.len() <= 15;
    }
    whole.len() + fraction.len() <= 15 && !fraction.ends_with('0')
}

/// Whether a string's escapes (`quoted`, valid JSON) are all ones the serializer writes the same
/// way: `\"`, `\\`, `\b`, `\f`, `\n`, `\r`, `\t`.
pub(crate) fn escapes_as_written(quoted: &[u8]) -> bool {
    let mut i = 0;
    while let Some(at) = quoted.get(i..).and_then(|rest| memchr::memchr(b'\\', rest)) {
        i += at;
        match quoted.get(i + 1) {
            Some(b'"' | b'\\' | b'b' | b'f' | b'n' | b'r' | b't') => i += 2,
            _ => return false,
        }
    }
    true
}

/// A string (a key or a value) borrowed from the text unless it holds escapes.
/// A JSON string's text (`quoted` with its quotes). The record is valid JSON (a `RawValue` is
/// checked when it is made), so a string without a backslash holds no escape and no control
/// character: its text is what is between the quotes, borrowed without a parser.
pub(crate) fn string_at(quoted: &str) -> Option<Cow<'_, str>> {
    if quoted.len() >= 2 && !quoted.contains('\\') {
        return quoted.get(1..quoted.len() - 1).map(Cow::Borrowed);
    }
    serde_json::from_str::<Text>(quoted)
        .ok()
        .map(|Text(text)| text)
}

struct Text<'a>(Cow<'a, str>);

impl<'de> Deserialize<'de> for Text<'de> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct TextVisitor;
        impl<'de> Visitor<'de> for TextVisitor {
            type Value = Text<'de>;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("a string")
            }
            fn visit_borrowed_str<E>(self, text: &'de str) -> Result<Text<'de>, E> {
                Ok(Text(Cow::Borrowed(text)))
            }
            fn visit_str<E>(self, text: &str) -> Result<Text<'de>, E> {
                Ok(Text(Cow::Owned(text.to_owned())))
            }
        }
        deserializer.deserialize_str(TextVisitor)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::output::flatten::{cell_text, leaves};
    use serde_json::json;

    type Cells = Vec<(String, String, Scalar)>;

    /// The leaves by this reader (when it takes the record) and by the full one, with their types.
    fn both(text: &str) -> (Option<Cells>, Cells) {
        let raw: Box<RawRecord> = serde_json::from_str(text).unwrap();
        let fast = raw_leaves(&raw).unwrap().map(|leaves| {
            leaves
                .into_iter()
                .map(|(k, v, s)| (k.into_owned(), v.into_owned(), s))
                .collect()
        });
        let value = crate::record::parse(text).unwrap();
        let full = leaves(&value)
            .into_iter()
            .map(|(k, v)| (k, cell_text(v).into_owned(), Scalar::of(v)))
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
            r#"{"a":[{"v":3120.0,"q":1,"s":"x\"y\n","n":null,"t":true,"e":[]}],"b":[1.50],"c":[1E3],"d":["\/"],"e":["\u00e9"],"f":[-0],"g":[0.1,-2.5e-7]}"#,
            r#"{"k\u002e":1}"#,
            r#"{"k\u00e9y":{"a\"b":1},"ok":[" \/",{"x":"\u0041"},1.50, 2]}"#,
            r#"{"arr":["a\"b\\c\n",{"k":[1,2.5,-0.0,"z"]}],"sp":[1 ,2]}"#,
            r#"{}"#,
            r#"{"huge":1e400,"in":{"neg":-2E999,"list":[1e400,{"a":[]}]},"ok":1.50}"#,
            r#"{ "a" : { "b" : { } , "c" : [ ] } , "d" : { "e" : 1 } }"#,
            r#"{"m":[{"v":39.0,"t":5044.74,"c":0.05}],"v":0.0,"w":-0.0,"x":100.0,"y":0.00001,"z":1234567890123.45}"#,
        ] {
            let (fast, full) = both(text);
            match fast {
                Some(fast) => assert_eq!(fast, full, "{text}"),
                // A key with an escape is left to the full reader: it may hide a dot.
                None => assert!(text.starts_with(r#"{"k\u"#), "{text} fell back"),
            }
        }
    }

    #[test]
    fn a_decimal_taken_as_written_is_what_the_writer_prints() {
        // Every shape the shortcut takes or refuses, against the writer itself: what is taken as
        // written must print back byte for byte.
        let mut texts: Vec<String> = [
            "0.0",
            "-0.0",
            "39.0",
            "100.0",
            "3120.0",
            "5044.74",
            "0.5",
            "0.05",
            "0.00001",
            "0.000001",
            "0.10",
            "1.50",
            "007.5",
            "-12.25",
            "123456789012345.0",
            "1234567890123456.0",
            "12345678901234.5",
            "1234567890123.45",
            "0.123456789012345",
            "0.1234567890123456",
            "9007199254740993.0",
            "1e3",
            "1.5e2",
            "12",
            "-",
            ".5",
            "5.",
        ]
        .iter()
        .map(|s| s.to_string())
        .collect();
        // Money of every size and cents, and decimals of many lengths.
        let mut seed = 0x2545_F491_4F6C_DD1Du64;
        for _ in 0..20_000 {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            let whole = seed % 10u64.pow((seed >> 40) as u32 % 16);
            let places = (seed >> 50) as usize % 18;
            let fraction =
                format!("{:018}", seed % 1_000_000_000_000_000_000)[..places.max(1)].to_string();
            let sign = if seed & 1 == 1 { "-" } else { "" };
            texts.push(format!("{sign}{whole}.{fraction}"));
        }
        for text in &texts {
            let printed = serde_json::from_str::<Number>(text)
                .ok()
                .map(|n| n.to_string());
            if shortest_decimal(text) {
                assert_eq!(printed.as_deref(), Some(text.as_str()), "{text}");
            }
        }
        for taken in [
            "0.0",
            "39.0",
            "5044.74",
            "0.00001",
            "-12.25",
            "123456789012345.0",
        ] {
            assert!(shortest_decimal(taken), "{taken}");
        }
        for refused in [
            "1.50",
            "0.000001",
            "007.5",
            "1234567890123456.0",
            "1e3",
            "12",
            ".5",
        ] {
            assert!(!shortest_decimal(refused), "{refused}");
        }
    }

    #[test]
    fn records_it_does_not_take_are_left_to_the_full_reader() {
        for text in [r#"{"a.b":1}"#, r#"{"a\\b":1}"#, "7", r#""x""#, "[1]"] {
            let raw: Box<RawRecord> = serde_json::from_str(text).unwrap();
            assert!(raw_leaves(&raw).unwrap().is_none(), "{text}");
        }
        let _ = json!(null);
    }

    #[test]
    fn deep_records_are_refused_in_one_pass_whatever_their_depth() {
        let deep = |n: usize| format!("{}1{}", r#"{"a":"#.repeat(n), "}".repeat(n));
        let raw: Box<RawRecord> = serde_json::from_str(&deep(MAX_DEPTH)).unwrap();
        let leaves = raw_leaves(&raw).unwrap().unwrap();
        assert_eq!(leaves.len(), 1);
        assert_eq!(leaves[0].0.split('.').count(), MAX_DEPTH);
        for text in [
            deep(MAX_DEPTH + 1),
            deep(30_000),
            format!(r#"{{"f":{}{}}}"#, "[".repeat(30_000), "]".repeat(30_000)),
        ] {
            let raw: Box<RawRecord> = serde_json::from_str(&text).unwrap();
            assert_eq!(
                raw_leaves(&raw),
                Err(BadRecord::TooDeep { limit: MAX_DEPTH })
            );
        }
    }
}
