//! Records as lists carry them, below both the readers that split answers (`api`, `crm`) and the code
//! that walks and writes them (`pages`, `output`): a record stays the JSON text the service sent until a
//! step needs to look inside it.
//!
//! Looking inside is where hostile data bites, so it happens here, once, with two rules every reader
//! of records keeps: records nest at most [`MAX_DEPTH`] levels (deeper is a bad answer, exit 5, never a
//! stack overflow), and a number no `f64` holds exactly as written (`1e400`, an integer beyond the
//! 64-bit range such as `12345678901234567890123`) travels as its source text.

use std::ops::Range;

use bytes::Bytes;
use futures::future::BoxFuture;
use serde_json::Value;
use serde_json::value::RawValue;

use crate::error::{BadRecord, Error, Result};
use crate::json_syntax;

/// How deep objects and arrays may nest in a record (the record itself is level 1): serde_json's own
/// limit when it builds a tree, kept by the readers that walk the text too.
pub const MAX_DEPTH: usize = 127;

/// The keys any kind of record may carry its own ID under, after the kind's own, in that order
/// (what they mean, and how a record's ID is read: `identity`).
pub const GENERIC: &[&str] = &[
    "id",
    "ID",
    "Id",
    "id_registro",
    "codigo",
    "código",
    "cod",
    "uuid",
];

/// The keys under which one kind of record carries its own ID, most specific first.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct IdKeys {
    /// What the records are, in the messages (`quote`, `clinic`): the operations table's word.
    pub kind: &'static str,
    /// The kind's own keys (`id_orcamento`, `orcamento_id`…), tried before [`GENERIC`].
    pub own: &'static [&'static str],
}

impl IdKeys {
    /// A list of unknown kind (`clinic api PATH`): only the generic keys.
    pub const ANY: IdKeys = IdKeys {
        kind: "record",
        own: &[],
    };

    /// Every key in the order it is tried: the kind's own, then the generic ones.
    pub fn candidates(&self) -> impl Iterator<Item = &'static str> + '_ {
        self.own.iter().chain(GENERIC).copied()
    }

    /// The rank of `key` among [`IdKeys::candidates`] (lower wins), `None` for a key that is no ID
    /// of this kind.
    pub fn rank(&self, key: &str) -> Option<usize> {
        self.candidates().position(|k| k == key)
    }
}

/// One page of a list answer.
#[derive(Debug, Default)]
pub struct Page {
    /// Each record as the service sent it: formats that copy records out need not parse them.
    pub records: Vec<Record>,
    /// Total records reported by the server, when it says.
    pub total: Option<u64>,
    /// Total pages reported by the server, when it says.
    pub pages: Option<u64>,
    /// Every counter the answer carried, by the key it came under (`total`, `total_registros`,
    /// `total_paginas`…): `total` and `pages` are only the first of each kind. A walk checks each of
    /// them against the records that arrive (see `pages`).
    pub counters: Vec<Counter>,
    /// Where the answer says the next page is (a link, a cursor), or that there is none.
    pub next: Next,
    /// Where each record's top-level keys start, as the check that split the page found them;
    /// empty when its records came some other way.
    pub layout: Layout,
}

/// Where the top-level keys of each record of a page start, as the check that split the page
/// out of its answer crossed them: a reader of a record's fields goes from key to key without
/// crossing their values a second time. For each record in order: its length, how many members
/// it has, then each key's offset (its opening quote) in the record's text.
///
/// Empty where the records were not split from one array (built, reshaped, read whole): a reader
/// then finds the keys itself. A record whose length is not the one noted for it is not described
/// (see [`Members::next`]), so a layout that no longer fits its page is never read for it.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct Layout(Vec<u32>);

impl Layout {
    /// Each record's key offsets in turn, from the first record.
    pub fn members(&self) -> Members<'_> {
        Members(&self.0)
    }
}

/// A walk over a [`Layout`], one record at a time.
pub struct Members<'l>(&'l [u32]);

impl<'l> Members<'l> {
    /// The key offsets of the next record, which must be `record`: `None` past the layout's end,
    /// and for a record of another length than the one noted (the layout does not describe it).
    pub fn next(&mut self, record: &str) -> Option<&'l [u32]> {
        let [len, count, rest @ ..] = self.0 else {
            self.0 = &[];
            return None;
        };
        let Some((keys, rest)) = rest.split_at_checked(*count as usize) else {
            self.0 = &[];
            return None;
        };
        self.0 = rest;
        (*len as usize == record.len()).then_some(keys)
    }
}

/// Where a list answer says its next page is. A deployment that pages by link or cursor says so on
/// every page; one that pages by number says nothing.
#[derive(Debug, Default, Clone, PartialEq, Eq, Hash)]
pub enum Next {
    /// Nothing: the list pages by number.
    #[default]
    Unsaid,
    /// A next-page field that is null or empty, or a `Link` header without `rel="next"`: the list
    /// ends on this page, as far as the answer says.
    End,
    /// The address of the next page, as the service wrote it (absolute, or relative to the list).
    Link(String),
    /// An opaque token, sent back as the query parameter `param` with the list's own parameters.
    Cursor { param: String, token: String },
}

impl Next {
    /// A link or a cursor: something to follow.
    pub fn leads_on(&self) -> bool {
        matches!(self, Next::Link(_) | Next::Cursor { .. })
    }
}

/// What a counter counts.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Counts {
    Records,
    Pages,
}

/// One counter of a list answer: its key, what it counts and its value.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Counter {
    pub key: String,
    pub counts: Counts,
    pub value: u64,
}

/// One record of a list, as the JSON text the service sent. A record split out of an answer is a
/// view of the answer's own memory, shared with the page's other records (see [`Shared`]): a page
/// is held once, not once as its answer and again as copies of its records, and its memory is
/// freed with the last of its records. Cloning a record shares it too. A step that kept a few
/// records of many pages would keep those pages whole, so one that keeps records beyond their
/// page (none does today: a sort holds them on disk) keeps copies ([`RawRecord::to_record`]).
#[derive(Clone)]
pub struct Record(Bytes);

impl Record {
    /// `text`, checked to be one value with no space around it, as a record.
    fn owned(text: String) -> Record {
        Record(Bytes::from(text))
    }
}

impl std::ops::Deref for Record {
    type Target = RawRecord;

    fn deref(&self) -> &RawRecord {
        // SAFETY: a `Record` is only made from text that is UTF-8 (`Record::owned` takes a
        // `String`, `Shared::cut` one whole JSON value of a text `Shared::checked` checked) and
        // checked to be one value.
        RawRecord::checked(unsafe { std::str::from_utf8_unchecked(&self.0) })
    }
}

impl std::fmt::Debug for Record {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        (**self).fmt(f)
    }
}

impl PartialEq for Record {
    fn eq(&self, other: &Self) -> bool {
        self.0 == other.0
    }
}

impl serde::Serialize for Record {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        (**self).serialize(serializer)
    }
}

/// Text that records are cut from, with the memory that holds it: each record cut from it is a
/// view of that memory ([`Record`]), so an answer split into records is not copied.
#[derive(Clone, Copy)]
pub struct Shared<'a> {
    text: &'a str,
    memory: &'a Bytes,
}

impl<'a> Shared<'a> {
    /// `memory` as text, checked here whole; `None` when it is not UTF-8.
    pub fn checked(memory: &'a Bytes) -> Option<Shared<'a>> {
        // The vector check: it runs over every page of a walk, several times faster over a large
        // one than the standard library's.
        let text = simdutf8::basic::from_utf8(memory).ok()?;
        Some(Shared { text, memory })
    }

    /// A record's own text, to cut the values inside it from.
    pub fn of(record: &'a Record) -> Shared<'a> {
        Shared {
            text: record.get(),
            memory: &record.0,
        }
    }

    pub fn text(&self) -> &'a str {
        self.text
    }

    /// The record at `range`, which the caller checked to be one value.
    fn cut(&self, range: Range<usize>) -> Record {
        Record(self.memory.slice(range))
    }
}

/// A record's text: one JSON value with no space around it, checked once by [`json_syntax`], when it
/// is split out of its answer or made, and never parsed again unless a step looks inside it. (It
/// was serde_json's `RawValue`, checked by a parser's whole pass; [`json_syntax`] checks the grammar
/// in the same pass that finds where each record ends.)
#[repr(transparent)]
pub struct RawRecord(str);

impl RawRecord {
    /// The record's JSON text.
    pub fn get(&self) -> &str {
        &self.0
    }

    /// `text` as a record, when it is one JSON value: the space around it, which JSON allows, is
    /// left out, as serde_json's `RawValue` leaves it out.
    pub fn from_text(text: &str) -> Result<&RawRecord, BadRecord> {
        let text = text.trim_matches([' ', '\t', '\n', '\r']);
        let bytes = text.as_bytes();
        if json_syntax::value_end(bytes, 0) == Some(bytes.len()) {
            return Ok(RawRecord::checked(text));
        }
        // Only a text that is not JSON comes here: serde_json says where and why (the two agree
        // on what is JSON, as `json_syntax`'s tests prove, so it always has a reason to give).
        let reason = serde_json::from_str::<serde::de::IgnoredAny>(text)
            .err()
            .map(|e| e.to_string())
            .unwrap_or_default();
        Err(BadRecord::Unreadable { reason })
    }

    /// [`RawRecord::from_text`], owned.
    pub fn from_string(text: String) -> Result<Record, BadRecord> {
        let checked = RawRecord::from_text(&text)?;
        if checked.0.len() < text.len() {
            return Ok(checked.to_record());
        }
        Ok(Record::owned(text))
    }

    /// A copy of this record.
    pub fn to_record(&self) -> Record {
        Record::owned(self.0.to_string())
    }

    /// Text [`json_syntax::value_end`] has checked to be exactly one value.
    fn checked(text: &str) -> &RawRecord {
        // SAFETY: `RawRecord` is `repr(transparent)` over `str`: the same layout and metadata.
        unsafe { &*(text as *const str as *const RawRecord) }
    }

    /// The JSON value that starts at `at` (no space before it) as a record, checked in the pass
    /// that finds where it ends, and the index just past it.
    pub fn value_at(source: Shared<'_>, at: usize) -> Option<(Record, usize)> {
        let end = json_syntax::value_end(source.text.as_bytes(), at)?;
        Some((source.cut(at..end), end))
    }

    /// The records of the array whose `[` is at `at`, each checked in the one pass that finds where
    /// it ends and cut out as it is, with the [`Layout`] that pass noted, and the index just past
    /// the array; `None` when the text there is not an array of JSON values.
    pub fn split_array(source: Shared<'_>, at: usize) -> Option<(Vec<Record>, Layout, usize)> {
        let bytes = source.text.as_bytes();
        if bytes.get(at) != Some(&b'[') {
            return None;
        }
        let mut records = Vec::new();
        let mut layout = Vec::new();
        let mut i = json_syntax::skip_space(bytes, at + 1);
        if bytes.get(i) == Some(&b']') {
            return Some((records, Layout(layout), i + 1));
        }
        loop {
            let end = json_syntax::value_end_noting(bytes, i, &mut layout)?;
            records.push(source.cut(i..end));
            i = json_syntax::skip_space(bytes, end);
            match bytes.get(i)? {
                b',' => i = json_syntax::skip_space(bytes, i + 1),
                b']' => return Some((records, Layout(layout), i + 1)),
                _ => return None,
            }
        }
    }
}

impl std::fmt::Debug for RawRecord {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl PartialEq for RawRecord {
    fn eq(&self, other: &Self) -> bool {
        self.0 == other.0
    }
}

/// Written into JSON as the value it is (through serde_json's `RawValue`, which checks it again:
/// only the few paths that serialize records whole come here, never an export).
impl serde::Serialize for RawRecord {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        use serde::ser::Error as _;
        let raw: &RawValue = serde_json::from_str(&self.0).map_err(S::Error::custom)?;
        raw.serialize(serializer)
    }
}

/// Read through serde_json's `RawValue`, for the readers that take a whole answer apart with it.
impl<'de> serde::Deserialize<'de> for Record {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let raw = Box::<RawValue>::deserialize(deserializer)?;
        Ok(Record::owned(Box::<str>::from(raw).into_string()))
    }
}

/// A record built here (a CRM record reshaped, a test's record) in the form lists carry.
pub fn record_of(value: &Value) -> Record {
    // Writing a `Value` cannot fail (its keys are strings, its numbers finite); were it ever to,
    // an empty record says so rather than a crash.
    Record::owned(serde_json::to_string(value).unwrap_or_else(|_| "null".to_string()))
}

/// A record's value, for the steps that look inside it: a record nested deeper than [`MAX_DEPTH`] is
/// refused, and numbers [`beyond_f64`] become strings holding their source text.
pub fn value_of(record: &RawRecord) -> Result<Value, BadRecord> {
    parse(record.get())
}

/// A record's text on one line, for formats that copy records: JSON holds a line break only as
/// layout between tokens, never inside a string, so dropping the breaks changes nothing else (a
/// number beyond `f64` stays the number it was).
pub fn one_line(record: &RawRecord) -> std::borrow::Cow<'_, str> {
    let text = record.get();
    // A byte search: every record of an NDJSON export goes through here.
    if memchr::memchr2(b'\n', b'\r', text.as_bytes()).is_some() {
        std::borrow::Cow::Owned(text.replace(['\n', '\r'], ""))
    } else {
        std::borrow::Cow::Borrowed(text)
    }
}

/// [`value_of`] for any JSON text.
pub fn parse(text: &str) -> Result<Value, BadRecord> {
    // The common case costs one parse and a byte scan; only a failure, or digits enough for an
    // integer beyond 64 bits (which serde_json would round into an `f64`), pay for a survey.
    let first = match serde_json::from_str(text) {
        Ok(value) if !may_hold_long_numbers(text) => return Ok(value),
        first => first,
    };
    let survey = survey(text);
    if survey.deepest > MAX_DEPTH {
        return Err(BadRecord::TooDeep { limit: MAX_DEPTH });
    }
    if survey.huge.is_empty() {
        return first.map_err(|e| BadRecord::Unreadable {
            reason: e.to_string(),
        });
    }
    let mut kept = String::with_capacity(text.len() + 2 * survey.huge.len());
    let mut last = 0;
    for span in survey.huge {
        kept.push_str(&text[last..span.start]);
        kept.push('"');
        kept.push_str(&text[span.clone()]);
        kept.push('"');
        last = span.end;
    }
    kept.push_str(&text[last..]);
    serde_json::from_str(&kept).map_err(|e| BadRecord::Unreadable {
        reason: e.to_string(),
    })
}

/// Whether a record's text holds a number [`beyond_f64`]: what [`value_of`] turns into a string, and
/// a writer of JSON writes back as the number it was.
pub fn holds_numbers_beyond_f64(text: &str) -> bool {
    may_hold_long_numbers(text) && !survey(text).huge.is_empty()
}

/// A number `f64` cannot hold as written: one out of its range (`1e400`), or an integer beyond the
/// 64-bit range serde_json keeps exactly (`12345678901234567890123`), which it would round.
pub fn beyond_f64(number: &str) -> bool {
    if number.contains(['.', 'e', 'E']) {
        return number.parse::<f64>().is_ok_and(f64::is_infinite);
    }
    number.parse::<i64>().is_err() && number.parse::<u64>().is_err()
}

/// A quick look for what [`beyond_f64`] needs: 19 digits in a row (every integer of 18 digits fits
/// in 64 bits) or an exponent. Strings may trigger it too; the survey then tells.
fn may_hold_long_numbers(text: &str) -> bool {
    let mut run = 0;
    for &b in text.as_bytes() {
        if b.is_ascii_digit() {
            run += 1;
            if run >= 19 {
                return true;
            }
        } else if run > 0 && matches!(b, b'e' | b'E') {
            return true;
        } else {
            run = 0;
        }
    }
    false
}

/// What [`survey`] finds in a JSON text.
struct Survey {
    /// How deep objects and arrays nest.
    deepest: usize,
    /// The numbers [`beyond_f64`].
    huge: Vec<Range<usize>>,
}

/// One pass over JSON text (valid as JSON syntax), with no recursion.
fn survey(text: &str) -> Survey {
    let bytes = text.as_bytes();
    let (mut depth, mut deepest, mut huge) = (0usize, 0usize, Vec::new());
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'"' => i = string_end(bytes, i) - 1,
            b'{' | b'[' => {
                depth += 1;
                deepest = deepest.max(depth);
            }
            b'}' | b']' => depth = depth.saturating_sub(1),
            b'-' | b'0'..=b'9' => {
                let end = number_end(bytes, i);
                if beyond_f64(&text[i..end]) {
                    huge.push(i..end);
                }
                i = end - 1;
            }
            _ => {}
        }
        i += 1;
    }
    Survey { deepest, huge }
}

/// The index just past the array or object that starts at `start`, and how deep it nests (1 for
/// `[]`).
pub fn container_end(bytes: &[u8], start: usize) -> (usize, usize) {
    let (mut depth, mut deepest) = (0usize, 0usize);
    let mut i = start;
    while i < bytes.len() {
        match bytes[i] {
            b'"' => {
                i = string_end(bytes, i);
                continue;
            }
            b'{' | b'[' => {
                depth += 1;
                deepest = deepest.max(depth);
            }
            b'}' | b']' => {
                depth -= 1;
                if depth == 0 {
                    return (i + 1, deepest);
                }
            }
            _ => {}
        }
        i += 1;
    }
    (bytes.len(), deepest)
}

/// Whether the string whose opening quote is at `at` is `key`, a key without a quote or a
/// backslash: then its bytes are `key`'s and a quote follows them. What the readers that walk a
/// record's text use to know a key they have met before where it stands, without looking for its
/// end or hashing it.
#[inline]
pub fn key_at(bytes: &[u8], at: usize, key: &[u8]) -> bool {
    let start = at + 1;
    bytes
        .get(start..start + key.len())
        .is_some_and(|text| same_bytes(text, key))
        && bytes.get(start + key.len()) == Some(&b'"')
}

/// Two keys equal, compared a word at a time in place: a record's keys are a few bytes long, and a
/// call into the C library's comparison for each of them (what `==` on slices becomes) cost more
/// than comparing them.
#[inline]
pub fn same_bytes(a: &[u8], b: &[u8]) -> bool {
    let n = a.len();
    if n != b.len() {
        return false;
    }
    let word =
        |s: &[u8], at: usize| u64::from_le_bytes(s[at..at + 8].try_into().unwrap_or_default());
    if n >= 8 {
        // Whole words, the last one overlapping the one before it when `n` is not a multiple of 8.
        let mut i = 0;
        while i + 8 < n {
            if word(a, i) != word(b, i) {
                return false;
            }
            i += 8;
        }
        return word(a, n - 8) == word(b, n - 8);
    }
    let small = |s: &[u8]| s.iter().fold(0u64, |w, &c| w << 8 | u64::from(c));
    small(a) == small(b)
}

/// The index just past the string that starts (with its quote) at `start`.
pub fn string_end(bytes: &[u8], start: usize) -> usize {
    string_end_escaped(bytes, start).0
}

/// [`string_end`], and whether the string holds an escape (a backslash): a reader that needs the
/// string's text can take it as it stands when there is none, without a second look for one.
/// The string is crossed sixteen bytes at a time by the search the check of JSON uses
/// ([`json_syntax`]), which also stops at a control character: none is in a checked record's
/// strings, and one met in other text is stepped over as the string's own.
pub fn string_end_escaped(bytes: &[u8], start: usize) -> (usize, bool) {
    let mut i = start + 1;
    let mut escaped = false;
    loop {
        i = json_syntax::next_stop(bytes, i);
        match bytes.get(i) {
            Some(b'"') => return (i + 1, escaped),
            Some(b'\\') => {
                escaped = true;
                i += 2;
            }
            Some(_) => i += 1,
            None => return (bytes.len(), escaped),
        }
    }
}

/// The index just past the number that starts at `start`.
pub fn number_end(bytes: &[u8], start: usize) -> usize {
    let mut i = start;
    while i < bytes.len() && matches!(bytes[i], b'-' | b'+' | b'.' | b'e' | b'E' | b'0'..=b'9') {
        i += 1;
    }
    i
}

impl Page {
    pub fn of_values(records: Vec<Value>, total: Option<u64>, pages: Option<u64>) -> Page {
        Page {
            records: records.iter().map(record_of).collect(),
            total,
            pages,
            counters: Vec::new(),
            next: Next::Unsaid,
            layout: Layout::default(),
        }
    }

    /// The counters the page carries: those its reader found by key, else its total and page count
    /// (a source that knows only those, such as the CRM's `total`).
    pub fn claims(&self) -> Vec<Counter> {
        if !self.counters.is_empty() {
            return self.counters.clone();
        }
        let total = self.total.map(|value| Counter {
            key: "total".into(),
            counts: Counts::Records,
            value,
        });
        let pages = self.pages.map(|value| Counter {
            key: "pages".into(),
            counts: Counts::Pages,
            value,
        });
        total.into_iter().chain(pages).collect()
    }
}

/// Fields in which services say which clinic a record belongs to.
pub const CLINIC_FIELDS: &[&str] = &["clinica", "id_clinica", "clinica_id", "clinic", "clinic_id"];

/// How a list's pages are reached: what decides how many a walk may read at once.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Addressing {
    /// Each page has a number (from any base, or an offset behind it): several can be read side by
    /// side. A numbered deployment may still answer with next links, which the walk then follows.
    Numbered,
    /// Each page is reached from the one before (a keyset, a cursor, a link): one at a time, in
    /// order, from the first page on.
    Chained,
}

/// What a walk proved about how its list's pages are numbered, for a source that remembers how its
/// deployment pages (see [`PageSource::proved`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Proved {
    /// A page asked for by number brought records the pages before it had not: numbers are read.
    Numbers,
    /// The page number is ignored: a later page answered the first page's records again.
    Ignored,
}

/// A paged list, as the walker reads it.
pub trait PageSource: Send + Sync {
    /// Fetches one page: `page` is 1-based, `per_page` the size asked for.
    fn fetch(&self, page: u64, per_page: u64) -> BoxFuture<'_, Result<Page>>;

    /// How its pages are reached: the walk takes its concurrency from this, never from a caller's
    /// promise to ask for one page at a time. Every source says it, a wrapper by asking what it
    /// wraps: a default would let a chained source forget, and its pages be asked for side by side.
    fn addressing(&self) -> Addressing;

    /// The keys under which this list's records carry their own ID (the operation's, from the
    /// operations table): what the walk knows a record by. Every source says it, a wrapper by
    /// asking what it wraps: a default would let one forget, and the walk then know records by the
    /// wrong key.
    fn identity(&self) -> IdKeys;

    /// The page a link or cursor of an earlier answer points at (see [`Next`]), `per_page` records
    /// asked for. A source that never hands out a link refuses.
    fn follow<'a>(&'a self, next: &'a Next, per_page: u64) -> BoxFuture<'a, Result<Page>>;

    /// Told what the walk proved of the list's page numbers, so the next walk starts knowing it. A
    /// source with nothing to remember does nothing; a wrapper passes it on (no default, as for
    /// [`PageSource::identity`]: a wrapper that forgot would lose it).
    fn proved(&self, found: Proved);

    /// After a walk's first page was refused with `refusal`: a smaller page size this source can
    /// serve, when the refusal was about the page size (a deployment's limit). `None` otherwise.
    /// A source may ask the deployment to find it, where the refusal does not say.
    fn smaller_page<'a>(
        &'a self,
        _refusal: &'a Error,
        _per_page: u64,
    ) -> BoxFuture<'a, Option<u64>> {
        Box::pin(async { None })
    }

    /// After a walk read fewer records than the list reported: what the source found out about why,
    /// for the error (a deployment that numbers its pages from 0, say).
    fn shortfall(&self) -> BoxFuture<'_, Option<String>> {
        Box::pin(async { None })
    }
}

#[cfg(test)]
mod tests {
    use super::{BadRecord, RawRecord, key_at, same_bytes};

    #[test]
    fn a_text_is_a_record_without_the_space_around_it() {
        let record = RawRecord::from_text(" {\"a\": [1, 2]}\r\n").unwrap();
        assert_eq!(record.get(), "{\"a\": [1, 2]}");
        let owned = RawRecord::from_string("\t\"texto\" ".to_string()).unwrap();
        assert_eq!(owned.get(), "\"texto\"");
        for text in ["", " ", "{} {}", "{\"a\":}", "[1,]"] {
            match RawRecord::from_text(text) {
                Err(BadRecord::Unreadable { reason }) => assert!(!reason.is_empty(), "{text:?}"),
                other => panic!("{text:?} gave {other:?}"),
            }
        }
    }

    #[test]
    fn a_layout_describes_each_record_it_was_noted_for_and_no_other() {
        let page = r#"[{"id": 1, "nome": {"a": 2}}, 7, {}, {"x":"}","y":[1]}]"#;
        let memory = Bytes::from_static(page.as_bytes());
        let (records, layout, end) =
            RawRecord::split_array(Shared::checked(&memory).unwrap(), 0).unwrap();
        assert_eq!(end, page.len());
        let texts: Vec<&str> = records.iter().map(|r| r.get()).collect();
        let mut members = layout.members();
        assert_eq!(members.next(texts[0]), Some(&[1, 10][..]));
        assert_eq!(
            members.next(texts[1]),
            Some(&[][..]),
            "a number has no members"
        );
        // A record of another length than the one noted is not described, and the next one
        // still is.
        assert_eq!(members.next("{ }"), None);
        assert_eq!(members.next(texts[3]), Some(&[1, 9][..]));
        assert_eq!(members.next(texts[3]), None, "past the layout's end");
        let empty = Layout::default();
        assert_eq!(empty.members().next(texts[0]), None);
    }

    #[test]
    fn keys_compare_equal_only_when_every_byte_is() {
        let keys = [
            "",
            "a",
            "id",
            "uid",
            "data",
            "valor",
            "status",
            "1234567",
            "12345678",
            "123456789",
            "modificado_em",
        ];
        for a in keys {
            for b in keys {
                assert_eq!(same_bytes(a.as_bytes(), b.as_bytes()), a == b, "{a} {b}");
                let quoted = format!(r#"{{"{b}": 1}}"#);
                assert_eq!(
                    key_at(quoted.as_bytes(), 1, a.as_bytes()),
                    a == b,
                    "{a} in {quoted}"
                );
            }
            for at in 0..a.len() {
                let mut changed = a.as_bytes().to_vec();
                changed[at] ^= 1;
                assert!(!same_bytes(a.as_bytes(), &changed), "{a} at {at}");
            }
        }
        // A key cut short by the end of the text, or followed by more than its closing quote.
        assert!(!key_at(br#""modificado"#, 0, b"modificado"));
        assert!(!key_at(br#""modificado\""#, 0, b"modificado"));
    }

    use super::*;
    use serde_json::json;

    fn raw(text: &str) -> Record {
        serde_json::from_str(text).unwrap()
    }

    #[test]
    fn numbers_beyond_f64_keep_their_text() {
        let value = value_of(&raw(
            r#"{"a":1e400,"b":[-2E+999,"1e400"],"c":1.5,"d":"x\"1e999"}"#,
        ));
        assert_eq!(
            value.unwrap(),
            json!({"a": "1e400", "b": ["-2E+999", "1e400"], "c": 1.5, "d": "x\"1e999"})
        );
        let long = "9".repeat(400);
        assert_eq!(value_of(&raw(&format!("[{long}]"))).unwrap(), json!([long]));
    }

    #[test]
    fn integers_beyond_64_bits_keep_their_digits() {
        let text = r#"{"big":12345678901234567890123,"neg":-9223372036854775809,"u":18446744073709551615,"i":-9223372036854775808,"past":18446744073709551616,"s":"12345678901234567890123","f":1.5e300}"#;
        assert_eq!(
            value_of(&raw(text)).unwrap(),
            json!({
                "big": "12345678901234567890123",
                "neg": "-9223372036854775809",
                "u": 18446744073709551615u64,
                "i": -9223372036854775808i64,
                "past": "18446744073709551616",
                "s": "12345678901234567890123",
                "f": 1.5e300
            })
        );
        assert!(holds_numbers_beyond_f64(text));
        assert!(holds_numbers_beyond_f64("[1e400]"));
        for within in [
            r#"{"u":18446744073709551615,"s":"123456789012345678901234"}"#,
            r#"{"f":1.5e300,"word":"1e400"}"#,
        ] {
            assert!(!holds_numbers_beyond_f64(within), "{within}");
        }
    }

    #[test]
    fn nesting_is_bounded_with_an_error_not_a_crash() {
        let deep = |n: usize| format!("{}1{}", r#"{"a":"#.repeat(n), "}".repeat(n));
        assert!(value_of(&raw(&deep(MAX_DEPTH))).is_ok());
        assert_eq!(
            value_of(&raw(&deep(MAX_DEPTH + 1))),
            Err(BadRecord::TooDeep { limit: MAX_DEPTH })
        );
        let arrays = format!("{}{}", "[".repeat(30_000), "]".repeat(30_000));
        assert_eq!(
            value_of(&raw(&arrays)),
            Err(BadRecord::TooDeep { limit: MAX_DEPTH })
        );
    }

    #[test]
    fn a_record_over_several_lines_is_copied_on_one() {
        let record = raw("{\"a\": 1e400,\r\n  \"b\": \"x\\ny\"\n}");
        assert_eq!(one_line(&record), "{\"a\": 1e400,  \"b\": \"x\\ny\"}");
    }

    /// Where serde_json ends the string that starts at `start`, and whether it held an escape.
    fn parsed_end(text: &str, start: usize) -> (usize, bool) {
        let mut strings = serde_json::Deserializer::from_str(&text[start..]).into_iter::<String>();
        assert!(matches!(strings.next(), Some(Ok(_))), "{text}");
        let end = start + strings.byte_offset();
        (end, text[start..end].contains('\\'))
    }

    #[test]
    fn the_end_of_a_string_wherever_its_quote_and_escapes_fall() {
        // Every length around the word size and the short-string bound, with an escape (or the
        // closing quote) at every place in it, and text after it that holds quotes of its own.
        for len in 0..80 {
            for escape_at in 0..=len {
                for escape in ["\\\"", "\\\\", "\\n", "\\u00e9", "é", "\""] {
                    let body: String = (0..len)
                        .map(|i| if i == escape_at { escape } else { "a" })
                        .collect();
                    // An unescaped quote in the body ends the string there.
                    let text = format!("[\"{body}\",\"x\\\"y\",1]");
                    let expected = parsed_end(&text, 1);
                    assert_eq!(string_end_escaped(text.as_bytes(), 1), expected, "{text}");
                    assert_eq!(string_end(text.as_bytes(), 1), expected.0, "{text}");
                }
            }
        }
    }

    #[test]
    fn a_control_character_in_text_that_is_no_record_is_crossed_as_the_strings_own() {
        for len in 0..40 {
            let text = format!("\"{}\u{1}\\\"\u{1f}\",1", "a".repeat(len));
            assert_eq!(
                string_end_escaped(text.as_bytes(), 0),
                (text.len() - 2, true),
                "{text:?}"
            );
        }
    }

    #[test]
    fn a_string_without_its_closing_quote_ends_with_the_text() {
        for text in [
            "\"",
            "\"abc",
            "\"abcdefghijklmnop\\",
            "\"abcdefgh\\\"",
            &format!("\"{}", "a".repeat(70)),
        ] {
            assert_eq!(string_end(text.as_bytes(), 0), text.len(), "{text}");
        }
    }

    proptest::proptest! {
        /// Any string as serde_json writes it (escapes, control characters, any character), after
        /// and before other text: the scanner ends it where serde_json's reader does.
        #[test]
        fn the_scanner_ends_strings_where_the_parser_does(
            value in r#"[a-z"\\\x00-\x1fé€😀 ]{0,90}"#,
            before in r"[a-z ,:\[]{0,11}",
            after in r#"[a-z" ,\]]{0,11}"#,
        ) {
            let text = format!("{before}{}{after}", serde_json::to_string(&value).unwrap());
            let start = before.len();
            proptest::prop_assert_eq!(
                string_end_escaped(text.as_bytes(), start),
                parsed_end(&text, start)
            );
        }
    }

    #[test]
    fn built_records_round_trip() {
        let value = json!({"id": 1, "nome": "José"});
        assert_eq!(value_of(&record_of(&value)).unwrap(), value);
    }
}
