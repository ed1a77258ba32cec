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
/// refuses it. The writers take the leaves one by one from [`LeafReader::walk`]; the tests compare
/// the whole list with the full reader's.
#[cfg(test)]
pub(crate) fn raw_leaves(record: &RawRecord) -> Result<Option<Vec<Leaf<'_>>>, BadRecord> {
    let mut leaves = Vec::new();
    let taken = LeafReader::default().walk(record, &mut leaves)?;
    Ok(taken.then_some(leaves))
}

/// A text the walk hands on: a slice of the record (with where it starts in it), or one the walk
/// made in its own buffer (an unescaped string, a number printed back, a dotted name), valid until
/// the next leaf.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Text<'r, 's> {
    Record(&'r str, usize),
    Fixed(&'static str),
    Made(&'s str),
}

impl Text<'_, '_> {
    pub(crate) fn as_str(&self) -> &str {
        match *self {
            Text::Record(text, _) | Text::Fixed(text) | Text::Made(text) => text,
        }
    }
}

/// One leaf as the walk meets it.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Found<'r, 's> {
    /// The slot the sink gave the leaf of the same name at the same place of the previous record
    /// (see [`LeafReader`]): the sink need not look the name up again.
    pub(crate) known: Option<usize>,
    pub(crate) name: Text<'r, 's>,
    pub(crate) cell: Text<'r, 's>,
    pub(crate) scalar: Scalar,
    /// The cell holds no quote, line break, tab or backslash: a string the record holds without an
    /// escape (valid JSON has no raw control character in a string), a number, a boolean, `{}`.
    /// Writers that quote or escape those need not look for them.
    pub(crate) quoteless: bool,
}

/// Where a walk puts the leaves it meets.
pub(crate) trait LeafSink<'r> {
    /// Takes one leaf; returns the slot the sink files it under (a column), handed back as
    /// [`Found::known`] when the same name comes at the same place of the next record.
    fn leaf(&mut self, found: Found<'r, '_>) -> usize;
}

impl<'r> LeafSink<'r> for Vec<Leaf<'r>> {
    fn leaf(&mut self, found: Found<'r, '_>) -> usize {
        let owned = |text: Text<'r, '_>| match text {
            Text::Record(text, _) | Text::Fixed(text) => Cow::Borrowed(text),
            Text::Made(text) => Cow::Owned(text.to_owned()),
        };
        self.push((owned(found.name), owned(found.cell), found.scalar));
        0
    }
}

/// The walk over a record's text, with what it keeps from one record to the next: its buffers
/// (no allocation per record once they have grown), and, when it remembers, each key of the
/// previous record by its place (the n-th key met): the records of a list carry the same keys in
/// the same order, so a key is most often told by comparing its bytes with the one remembered at
/// its place, without a search for its end or a look for a dot in it, and the sink is handed the
/// slot it gave that name last time.
///
/// A remembered key stands for the same dotted name only when its parent object is the one it
/// had and was itself told so: the memory always describes one record's keys (a prefix of them
/// after a walk that stopped), so that chain holds.
#[derive(Debug, Default)]
pub(crate) struct LeafReader {
    remember: bool,
    /// The dotted name of the current object.
    name: String,
    /// Each open object: where its parent's name ended, the place of its key, and whether that key
    /// was told from memory.
    open: Vec<Open>,
    /// A cell the walk made (an unescaped string, a number printed back).
    made: String,
    memory: Vec<Remembered>,
    /// Keys met so far in this record: the place of the next one.
    places: usize,
}

#[derive(Debug, Clone, Copy)]
struct Open {
    parent_name: usize,
    place: usize,
    told: bool,
}

/// A key of the previous record at its place.
#[derive(Debug, Default)]
struct Remembered {
    /// Without a dot or an escape: its bytes are the key's text.
    key: String,
    /// The place of the key of the object it is in ([`TOP`] at the top).
    parent: usize,
    /// A leaf's slot; `None` for a key that opened an object.
    slot: Option<usize>,
}

const TOP: usize = usize::MAX;

impl LeafReader {
    /// A reader that remembers the keys of the previous record (see [`LeafReader`]).
    pub(crate) fn remembering() -> Self {
        Self {
            remember: true,
            ..Self::default()
        }
    }

    /// Hands every leaf of `record`, in its own key order, to `sink`; `Ok(false)` when the record
    /// is left to the full reader (the sink may then have been handed some of its leaves).
    pub(crate) fn walk<'r>(
        &mut self,
        record: &'r RawRecord,
        sink: &mut impl LeafSink<'r>,
    ) -> Result<bool, BadRecord> {
        self.places = 0;
        let walked = self.walk_keys(record.get(), sink);
        // Whatever ended the walk, the memory holds this record's keys only, from its first.
        self.memory.truncate(self.places);
        walked
    }

    fn walk_keys<'r>(
        &mut self,
        text: &'r str,
        sink: &mut impl LeafSink<'r>,
    ) -> Result<bool, BadRecord> {
        if !text.starts_with('{') {
            return Ok(false);
        }
        let bytes = text.as_bytes();
        let too_deep = || BadRecord::TooDeep { limit: MAX_DEPTH };
        self.name.clear();
        self.open.clear();
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
                    match self.open.pop() {
                        Some(open) => {
                            self.name.truncate(open.parent_name);
                            continue;
                        }
                        None => return Ok(true),
                    }
                }
                Some(b'"') => {}
                _ => return Ok(false),
            }
            let place = self.places;
            let (parent, parent_told) = match self.open.last() {
                Some(open) => (open.place, open.told),
                None => (TOP, true),
            };
            let remembered = self
                .memory
                .get(place)
                .filter(|memory| {
                    parent_told
                        && memory.parent == parent
                        && record::key_at(bytes, at, memory.key.as_bytes())
                })
                .map(|memory| (memory.key.len(), memory.slot));
            let key_end = match remembered {
                Some((len, _)) => at + len + 2,
                None => {
                    let (key_end, escaped) = string_end_escaped(bytes, at);
                    // A key with an escape may hide a dot or a backslash: the full reader names
                    // it.
                    if escaped || memchr::memchr(b'.', &bytes[at + 1..key_end - 1]).is_some() {
                        return Ok(false);
                    }
                    key_end
                }
            };
            let key: &'r str = &text[at + 1..key_end - 1];
            at = skip_space(bytes, key_end);
            if bytes.get(at) != Some(&b':') {
                return Ok(false);
            }
            at = skip_space(bytes, at + 1);
            let depth = self.open.len() + 1;
            let parent_name = self.name.len();
            // A top-level key is its own name: `name` holds it only once it opens an object.
            let nested = !self.open.is_empty();
            if nested {
                self.name.push('.');
                self.name.push_str(key);
            }

            self.made.clear();
            let (cell, end, scalar, quoteless) = match bytes.get(at) {
                Some(b'{') => {
                    let inside = skip_space(bytes, at + 1);
                    if bytes.get(inside) != Some(&b'}') {
                        if depth + 1 > MAX_DEPTH {
                            return Err(too_deep());
                        }
                        if !nested {
                            self.name.push_str(key);
                        }
                        let told = matches!(remembered, Some((_, None)));
                        if !told {
                            self.remember_at(place, key, parent, None);
                        }
                        self.places += 1;
                        self.open.push(Open {
                            parent_name,
                            place,
                            told,
                        });
                        at += 1;
                        continue;
                    }
                    (Cell::Fixed("{}"), inside + 1, Scalar::Compound, true)
                }
                Some(b'[') => {
                    let (end, deepest, compact) = compact_container_end(text, at);
                    if depth + deepest > MAX_DEPTH {
                        return Err(too_deep());
                    }
                    let cell = if compact {
                        Cell::Record(at, end)
                    } else {
                        write_display(&mut self.made, &record::parse(&text[at..end])?);
                        Cell::Made
                    };
                    (cell, end, Scalar::Compound, false)
                }
                Some(b'"') => {
                    let (end, escaped) = string_end_escaped(bytes, at);
                    if escaped {
                        if !unescape(&text[at..end], &mut self.made) {
                            return Ok(false);
                        }
                        (Cell::Made, end, Scalar::String, false)
                    } else {
                        // Valid JSON without a backslash: the text between the quotes is the
                        // string.
                        (Cell::Record(at + 1, end - 1), end, Scalar::String, true)
                    }
                }
                Some(b't') => (Cell::Fixed("true"), at + 4, Scalar::Bool, true),
                Some(b'f') => (Cell::Fixed("false"), at + 5, Scalar::Bool, true),
                Some(b'n') => (Cell::Fixed(""), at + 4, Scalar::Null, true),
                Some(_) => {
                    let end = number_end(bytes, at);
                    let number = &text[at..end];
                    let (cell, scalar) = if taken_as_written(number) {
                        (Cell::Record(at, end), Scalar::Number)
                    } else if record::beyond_f64(number) {
                        // The source text, a string as the full reader keeps it.
                        (Cell::Record(at, end), Scalar::String)
                    } else {
                        match serde_json::from_str::<Number>(number) {
                            Ok(parsed) => {
                                write_display(&mut self.made, &parsed);
                                (Cell::Made, Scalar::Number)
                            }
                            Err(_) => (Cell::Record(at, end), Scalar::String),
                        }
                    };
                    (cell, end, scalar, true)
                }
                None => return Ok(false),
            };
            let cell = match cell {
                Cell::Record(start, end) => Text::Record(&text[start..end], start),
                Cell::Fixed(fixed) => Text::Fixed(fixed),
                Cell::Made => Text::Made(&self.made),
            };
            // A top-level key is its own name: borrowed, not copied, for the common flat record.
            let name = if !nested {
                Text::Record(key, key_end - key.len() - 1)
            } else {
                Text::Made(&self.name)
            };
            let known = remembered.and_then(|(_, slot)| slot);
            let slot = sink.leaf(Found {
                known,
                name,
                cell,
                scalar,
                quoteless,
            });
            if known.is_none() {
                self.remember_at(place, key, parent, Some(slot));
            }
            self.places += 1;
            self.name.truncate(parent_name);
            at = end;
        }
    }

    /// Remembers the key met at `place` (a reader that does not remember keeps nothing).
    fn remember_at(&mut self, place: usize, key: &str, parent: usize, slot: Option<usize>) {
        if !self.remember {
            return;
        }
        if place == self.memory.len() {
            self.memory.push(Remembered::default());
        }
        let memory = &mut self.memory[place];
        memory.key.clear();
        memory.key.push_str(key);
        memory.parent = parent;
        memory.slot = slot;
    }
}

/// Where a leaf's cell text is, while the walk finds it.
enum Cell {
    Record(usize, usize),
    Fixed(&'static str),
    Made,
}

fn write_display(out: &mut String, shown: &impl fmt::Display) {
    use std::fmt::Write as _;
    // Writing into a `String` cannot fail.
    let _ = write!(out, "{shown}");
}

/// The text of the JSON string `quoted` (with its quotes, valid JSON) appended to `out`; `false`
/// when it cannot be read as text. The escapes of two characters are read here; a `\u` escape
/// (rare, and with surrogate pairs to pair) is read by the parser, as before.
fn unescape(quoted: &str, out: &mut String) -> bool {
    let inner = &quoted[1..quoted.len() - 1];
    let bytes = inner.as_bytes();
    let mut from = 0;
    while let Some(found) = memchr::memchr(b'\\', &bytes[from..]) {
        let at = from + found;
        out.push_str(&inner[from..at]);
        let unescaped = match bytes.get(at + 1) {
            Some(b'"') => '"',
            Some(b'\\') => '\\',
            Some(b'/') => '/',
            Some(b'b') => '\u{8}',
            Some(b'f') => '\u{c}',
            Some(b'n') => '\n',
            Some(b'r') => '\r',
            Some(b't') => '\t',
            _ => {
                out.clear();
                return match string_at(quoted) {
                    Some(text) => {
                        out.push_str(&text);
                        true
                    }
                    None => false,
                };
            }
        };
        out.push(unescaped);
        from = at + 2;
    }
    out.push_str(&inner[from..]);
    true
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
    if taken_as_written(number) {
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

/// [`plain_integer`] or [`shortest_decimal`], told in one pass over the number: most cells of a
/// financial export are numbers, and each looked at twice, the point found by a search, cost more
/// than the rest of the cell.
pub(crate) fn taken_as_written(text: &str) -> bool {
    let bytes = text.as_bytes();
    let negative = bytes.first() == Some(&b'-');
    let digits = &bytes[usize::from(negative)..];
    let whole = digits.iter().take_while(|b| b.is_ascii_digit()).count();
    let Some((&first, rest)) = digits.split_first() else {
        return false;
    };
    if whole == 0 {
        return false;
    }
    let rest = &rest[whole - 1..];
    let Some((&point, fraction)) = rest.split_first() else {
        // An integer.
        return whole <= 18 && (first != b'0' || whole == 1 && !negative);
    };
    if point != b'.' || fraction.is_empty() || !fraction.iter().all(u8::is_ascii_digit) {
        return false;
    }
    let trailing_zero = fraction.last() == Some(&b'0');
    if whole == 1 && first == b'0' {
        let zeros = fraction.iter().take_while(|&&b| b == b'0').count();
        return fraction == b"0" || (zeros <= 4 && fraction.len() - zeros <= 15 && !trailing_zero);
    }
    if first == b'0' {
        return false;
    }
    if fraction == b"0" {
        return whole <= 15;
    }
    whole + fraction.len() <= 15 && !trailing_zero
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

/// A JSON string's text (`quoted` with its quotes). The record is valid JSON (a `RawRecord` is
/// checked when it is made), so a string without a backslash holds no escape and no control
/// character: its text is what is between the quotes, borrowed without a parser.
pub(crate) fn string_at(quoted: &str) -> Option<Cow<'_, str>> {
    if quoted.len() >= 2 && !quoted.contains('\\') {
        return quoted.get(1..quoted.len() - 1).map(Cow::Borrowed);
    }
    serde_json::from_str::<Unescaped>(quoted)
        .ok()
        .map(|Unescaped(text)| text)
}

struct Unescaped<'a>(Cow<'a, str>);

impl<'de> Deserialize<'de> for Unescaped<'de> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct TextVisitor;
        impl<'de> Visitor<'de> for TextVisitor {
            type Value = Unescaped<'de>;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("a string")
            }
            fn visit_borrowed_str<E>(self, text: &'de str) -> Result<Unescaped<'de>, E> {
                Ok(Unescaped(Cow::Borrowed(text)))
            }
            fn visit_str<E>(self, text: &str) -> Result<Unescaped<'de>, E> {
                Ok(Unescaped(Cow::Owned(text.to_owned())))
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
        let raw: crate::record::Record = serde_json::from_str(text).unwrap();
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

    /// A sink that files leaves by name, as a writer does, and checks every slot the reader hands
    /// back from its memory against the name's own column.
    #[derive(Default)]
    struct Checked {
        columns: crate::output::columns::Columns,
        cells: Cells,
    }

    impl<'r> LeafSink<'r> for Checked {
        fn leaf(&mut self, found: Found<'r, '_>) -> usize {
            let name = found.name.as_str();
            let column = self.columns.position(name);
            if let Some(known) = found.known {
                assert_eq!(known, column, "{name}: remembered slot");
            }
            if found.quoteless {
                let text = found.cell.as_str();
                assert!(!text.contains(['"', '\n', '\r', '\t', '\\']), "{text:?}");
            }
            let cell = found.cell.as_str().to_owned();
            self.cells.push((name.to_owned(), cell, found.scalar));
            column
        }
    }

    #[test]
    fn a_remembering_reader_names_every_leaf_as_the_full_reader_whatever_the_next_record() {
        // Records one after the other through one reader: keys in another order, missing, added,
        // a leaf that becomes an object and back, a key that is a prefix of another, a parent
        // renamed under a remembered child, and records left to the full reader midway.
        let records = [
            r#"{"id":1,"id_status":2,"a":{"x":1,"y":2},"s":"v"}"#,
            r#"{"id":1,"id_status":2,"a":{"x":1,"y":2},"s":"v"}"#,
            r#"{"id_status":2,"id":1,"a":{"x":1,"y":2},"s":"v"}"#,
            r#"{"id":1,"a":{"x":1,"y":2},"s":"v"}"#,
            r#"{"id":1,"id_status":2,"b":{"x":1},"s":"v"}"#,
            r#"{"id":1,"id_status":2,"b":{"x":1,"y":2},"s":"v"}"#,
            r#"{"id":1,"id_status":2,"b":1,"x":1,"y":2}"#,
            r#"{"id":1,"id_status":2,"b":{"x":{"y":2}},"s":"v"}"#,
            r#"{"id":1,"id_status":2,"b":{},"x":{"y":2},"s":"v"}"#,
            r#"{"id":1,"id_st":2,"b":{"x":{"y":2}},"s":"v","extra":[1]}"#,
            r#"{"id":1,"id_status":2,"k\u00e9":{"x":1},"s":"v"}"#,
            r#"{"id":1,"id_status":2,"k\u00e9":{"x":1},"s":"v"}"#,
            r#"{"id":1,"id_status":2,"a.b":1,"s":"v"}"#,
            r#"{"id":1,"id_status":2,"a":{"x":1,"y":2},"s":"v"}"#,
            r#"{"id":1,"id_status":2,"a":{"x":1,"y":2},"s":"Olá \"x\"\n\/ \u00e9 \ud83d\ude00"}"#,
            r#"{ "id" : 1 , "id_status" : 2 , "a" : { "x" : 1 , "y" : 2 } , "s" : "v" }"#,
            r#"{"id":1,"id_status":2,"a":{"x":1,"y":2},"s":"v"}"#,
            r#"{"id":1,"id_status":2,"a":{"x":1,"y":2,"z":{}},"s":"v"}"#,
            r#"{}"#,
            r#"{"id":1,"id_status":2,"a":{"x":1,"y":2},"s":"v"}"#,
        ];
        let mut reader = LeafReader::remembering();
        let mut sink = Checked::default();
        for text in records {
            let raw: crate::record::Record = serde_json::from_str(text).unwrap();
            sink.cells.clear();
            let (fast, full) = both(text);
            if reader.walk(&raw, &mut sink).unwrap() {
                assert_eq!(sink.cells, full, "{text}");
                assert_eq!(fast, Some(full), "{text}");
            } else {
                assert_eq!(fast, None, "{text}");
            }
        }
    }

    #[test]
    fn escapes_read_here_give_the_parsers_text() {
        let pieces = [
            "a",
            "é",
            r#"\""#,
            r"\\",
            r"\/",
            r"\b",
            r"\f",
            r"\n",
            r"\r",
            r"\t",
            r"\u00e9",
            r"\u0041",
            r"\ud83d\ude00",
            " ",
            ",",
        ];
        let mut seed = 0x9E37_79B9_7F4A_7C15u64;
        let mut draw = |n: usize| {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            (seed % n as u64) as usize
        };
        let mut made = String::new();
        for _ in 0..3000 {
            let inner: String = (0..draw(6)).map(|_| pieces[draw(pieces.len())]).collect();
            let quoted = format!("\"{inner}\"");
            let parsed: String = serde_json::from_str(&quoted).unwrap();
            made.clear();
            assert!(unescape(&quoted, &mut made), "{quoted}");
            assert_eq!(made, parsed, "{quoted}");
        }
    }

    #[test]
    fn one_pass_takes_the_numbers_the_two_rules_take() {
        let alphabet = b"-0123456789.e+";
        let mut seed = 0x2545_F491_4F6C_DD1Du64;
        let mut draw = |n: usize| {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            (seed % n as u64) as usize
        };
        let mut texts: Vec<String> = ["", "-", "0", "-0", "0.0", "-0.0", "00", "0.", ".0", "1.0"]
            .map(String::from)
            .to_vec();
        for _ in 0..100_000 {
            let len = draw(22);
            // Digits mostly, so that long runs and their limits are met.
            let text = (0..len)
                .map(|_| match draw(4) {
                    0 => char::from(alphabet[draw(alphabet.len())]),
                    _ => char::from(b'0' + draw(10) as u8),
                })
                .collect();
            texts.push(text);
        }
        for text in texts {
            assert_eq!(
                taken_as_written(&text),
                plain_integer(&text) || shortest_decimal(&text),
                "{text:?}"
            );
        }
    }

    #[test]
    fn records_it_does_not_take_are_left_to_the_full_reader() {
        for text in [r#"{"a.b":1}"#, r#"{"a\\b":1}"#, "7", r#""x""#, "[1]"] {
            let raw: crate::record::Record = serde_json::from_str(text).unwrap();
            assert!(raw_leaves(&raw).unwrap().is_none(), "{text}");
        }
        let _ = json!(null);
    }

    #[test]
    fn deep_records_are_refused_in_one_pass_whatever_their_depth() {
        let deep = |n: usize| format!("{}1{}", r#"{"a":"#.repeat(n), "}".repeat(n));
        let raw: crate::record::Record = serde_json::from_str(&deep(MAX_DEPTH)).unwrap();
        let leaves = raw_leaves(&raw).unwrap().unwrap();
        assert_eq!(leaves.len(), 1);
        assert_eq!(leaves[0].0.split('.').count(), MAX_DEPTH);
        for text in [
            deep(MAX_DEPTH + 1),
            deep(30_000),
            format!(r#"{{"f":{}{}}}"#, "[".repeat(30_000), "]".repeat(30_000)),
        ] {
            let raw: crate::record::Record = serde_json::from_str(&text).unwrap();
            assert_eq!(
                raw_leaves(&raw),
                Err(BadRecord::TooDeep { limit: MAX_DEPTH })
            );
        }
    }
}
