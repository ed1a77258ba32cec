//! The page walker: turns a paged list into an ordered stream of records with several pages in flight,
//! and decides where the list ends from the data, never from one signal alone. The end is an empty
//! page, a page that repeats an earlier one (a server that ignores `pagina_atual`, dropped with a
//! warning), or a page shorter than the deployment's page size whose running count agrees with every
//! counter the service gave. A short page is no end by itself (servers cap `por_pagina`), and a counter
//! (a record total, a page count) is a cross-check, never the reason to stop: one that the data
//! contradicts (more records than the "total", records past the "page count") is dropped for the walk
//! with a warning, and one the data ends short of fails the walk. Without a total, a page that overlaps
//! the previous one (a server whose pages shift) ends the walk too, with a warning, and no record is
//! emitted twice. `--max-pages` is the last safety net against a server that never ends.

use std::collections::{HashSet, VecDeque};
use std::hash::{Hash, Hasher};
use std::sync::Arc;

use serde::Deserialize;
use serde_json::value::RawValue;

use crate::error::{Error, Result};
use crate::record::{Counter, Counts, Page, PageSource, Record, fingerprint};
use crate::ui::Reporter;

/// The highest page number a walk reads (and `--page` accepts): far beyond any real list, and far from
/// the end of `u64`, so page arithmetic cannot wrap.
pub const MAX_PAGE: u64 = 1_000_000_000;

#[derive(Debug, Clone, Copy)]
pub struct Walk {
    /// First page to read (`--page`, default 1).
    pub first: u64,
    pub per_page: u64,
    /// Read every page from `first` on (`--all`); otherwise only `first`.
    pub all: bool,
    /// Stop after this many records (`--limit`).
    pub limit: Option<u64>,
    /// Pages in flight (`--concurrency`).
    pub concurrency: usize,
    /// A walk that reads this many pages without reaching the end fails (`--max-pages`).
    pub max_pages: Option<u64>,
}

impl Walk {
    /// Every page from the first, `per_page` records each, `concurrency` pages in flight.
    pub fn every_page(per_page: u64, concurrency: usize) -> Walk {
        Walk {
            first: 1,
            per_page,
            all: true,
            limit: None,
            concurrency,
            max_pages: None,
        }
    }
}

#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct Summary {
    pub records: u64,
    pub pages: u64,
    /// The record count the service gave and the data bore out, when it gave one.
    pub total: Option<u64>,
}

/// Walks the list, handing each record to `emit` in page order. Pages are fetched (and their answers
/// read and judged) on the runtime's worker threads while this task hands records on, so waiting,
/// parsing and formatting overlap. At most `concurrency` pages are in flight, and memory holds at most
/// those pages. Once the first answer is in, the pages its counters point at go out together (all of
/// them up to the window when it gave none); pages that `--limit` cannot need are never asked for.
///
/// A first page refused for its size (a deployment's page-size limit, see
/// [`PageSource::smaller_page`]) starts the walk again with the size the source can serve: nothing was
/// handed on yet, so nothing is repeated.
pub async fn walk(
    source: Arc<dyn PageSource>,
    mut spec: Walk,
    reporter: &Reporter,
    mut emit: impl FnMut(Record) -> Result<()>,
) -> Result<Summary> {
    loop {
        let mut handed = false;
        let result = walk_once(source.clone(), spec, reporter, |record| {
            handed = true;
            emit(record)
        })
        .await;
        match result {
            Err(e) if !handed && spec.first == 1 => match source.smaller_page(&e, spec.per_page) {
                Some(smaller) if smaller < spec.per_page => spec.per_page = smaller,
                _ => return Err(e),
            },
            other => return other,
        }
    }
}

async fn walk_once(
    source: Arc<dyn PageSource>,
    spec: Walk,
    reporter: &Reporter,
    mut emit: impl FnMut(Record) -> Result<()>,
) -> Result<Summary> {
    let first_page = spec.first.min(MAX_PAGE);
    let mut state = State::new(spec, first_page);
    // The page after the last one `--max-pages` allows is read only to learn whether the list ended.
    let ceiling = if spec.all {
        spec.max_pages
            .map_or(MAX_PAGE, |n| first_page.saturating_add(n).min(MAX_PAGE))
    } else {
        first_page
    };
    let width = spec.concurrency.max(1);
    let mut window = Window::new(source.clone(), spec.per_page);
    let mut next = first_page;
    // Starts the pages the walk may need while the window has room; `$held` pages were taken out of
    // the window but not yet counted.
    macro_rules! refill {
        ($held:expr) => {
            while window.len() < width && next <= ceiling {
                // With nothing in flight the walk needs the next page to go on (the page after
                // the last one proves the end, one at a time). Beyond that, the first answer
                // decides: every page its live counters point at goes out at once, and every page
                // the window holds when it gave none.
                let needed = window.len() == 0 && $held == 0;
                let ahead = state.answered && state.last_claimed().is_none_or(|last| next <= last);
                let pending = window.len() as u64 + $held;
                let coming = state.summary.records + pending * state.served;
                if !(needed || ahead) || state.spec.limit.is_some_and(|limit| coming >= limit) {
                    break;
                }
                window.start(next);
                next += 1;
            }
        };
    }
    let ended = loop {
        refill!(0);
        let Some((p, read)) = window.next().await? else {
            break false;
        };
        // The page past `--max-pages` may only show that the list ended: empty, or a repeat.
        let adds_nothing = read.page.records.is_empty() || state.seen.contains(&read.fingerprint);
        let flow = state.decide(p, &read, reporter);
        if spec.all && spec.max_pages.is_some() && p == ceiling && !adds_nothing {
            return Err(Error::Protocol(crate::t!(
                "pages-max-pages-reached",
                max_pages = ceiling - first_page,
                count = state.summary.records,
                records = crate::text::counts::thousands(state.summary.records)
            )));
        }
        // The next page goes out before this one is written, so fetching overlaps writing even
        // one page at a time. A page that ends the list asks for nothing more.
        if flow == Flow::Continue {
            refill!(1);
        }
        if state.emit(read, reporter, &mut emit)? == Flow::Stop {
            break false;
        }
        match flow {
            Flow::End => break true,
            Flow::Stop => break false,
            Flow::Continue => {}
        }
    };
    drop(window);
    if ended && spec.all && state.spec.limit.is_none() {
        state.settle(reporter);
        if let Some(short) = state.shortfall() {
            return Err(short.error(&state, source.shortfall().await));
        }
    }
    let total = state.live_claims(Counts::Records).map(|c| c.value).next();
    state.summary.total = total.filter(|_| ended);
    Ok(state.summary)
}

/// The pages in flight, in page order, each fetched by a task of its own so that it progresses
/// while records of earlier pages are being written. Pages still in flight when the walk ends are
/// cancelled.
struct Window {
    source: Arc<dyn PageSource>,
    per_page: u64,
    pages: VecDeque<(u64, tokio::task::JoinHandle<Result<Read>>)>,
}

impl Window {
    fn new(source: Arc<dyn PageSource>, per_page: u64) -> Window {
        Window {
            source,
            per_page,
            pages: VecDeque::new(),
        }
    }

    fn len(&self) -> usize {
        self.pages.len()
    }

    fn start(&mut self, page: u64) {
        let source = self.source.clone();
        let per_page = self.per_page;
        let task = tokio::spawn(async move { source.fetch(page, per_page).await.map(Read::new) });
        self.pages.push_back((page, task));
    }

    /// The next page in order, once it has arrived.
    async fn next(&mut self) -> Result<Option<(u64, Read)>> {
        let Some((number, task)) = self.pages.pop_front() else {
            return Ok(None);
        };
        match task.await {
            Ok(page) => page.map(|page| Some((number, page))),
            Err(e) if e.is_panic() => std::panic::resume_unwind(e.into_panic()),
            Err(e) => Err(Error::Other(crate::t!(
                "pages-fetch-cancelled",
                reason = e.to_string()
            ))),
        }
    }
}

impl Drop for Window {
    fn drop(&mut self) {
        for (_, task) in &self.pages {
            task.abort();
        }
    }
}

/// A page as it arrived, with what tells its records and itself apart from others: worked out by
/// the task that fetched it, off the task that writes the records.
struct Read {
    page: Page,
    keys: Vec<u64>,
    fingerprint: u64,
}

impl Read {
    fn new(page: Page) -> Read {
        Read {
            keys: page.records.iter().map(|r| record_key(r)).collect(),
            fingerprint: fingerprint(&page.records),
            page,
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Flow {
    /// The walk goes on.
    Continue,
    /// The data ended here: the counters are checked against what arrived.
    End,
    /// The walk stops short of the end (`--limit`, or pages that shift with nothing to check them).
    Stop,
}

/// A counter the service gave, and whether the data has borne it out so far.
struct Claim {
    counter: Counter,
    live: bool,
}

struct State {
    spec: Walk,
    first_page: u64,
    summary: Summary,
    /// The first page has been answered.
    answered: bool,
    /// Records the first page held (at least 1): what `--limit` reckons a page brings.
    served: u64,
    /// The largest page seen so far: the deployment's page size, once a page has shown it.
    size: Option<u64>,
    /// The counters of the first page (only when the walk starts at page 1: a total counts from
    /// there).
    claims: Vec<Claim>,
    /// A counter was dropped (said once a walk).
    dropped: bool,
    /// Fingerprints of every page read: a server that wraps around (page 4 = page 1) is caught as
    /// surely as one that repeats its last page. Eight bytes a page.
    seen: HashSet<u64>,
    /// The keys of the records of the previous page, to catch a page that overlaps it. Only one page is
    /// kept, so memory stays flat however long the walk.
    previous: HashSet<u64>,
    repeated: bool,
    overlapped: bool,
}

impl State {
    fn new(spec: Walk, first_page: u64) -> State {
        State {
            spec,
            first_page,
            summary: Summary::default(),
            answered: false,
            served: spec.per_page.max(1),
            size: None,
            claims: Vec::new(),
            dropped: false,
            seen: HashSet::new(),
            previous: HashSet::new(),
            repeated: false,
            overlapped: false,
        }
    }

    fn live_claims(&self, counts: Counts) -> impl Iterator<Item = &Counter> {
        self.claims
            .iter()
            .filter(move |c| c.live && c.counter.counts == counts)
            .map(|c| &c.counter)
    }

    /// The last page the live counters point at, given the page size served; `None` when none
    /// says.
    fn last_claimed(&self) -> Option<u64> {
        let size = self.served.max(1);
        self.claims
            .iter()
            .filter(|c| c.live)
            .map(|c| match c.counter.counts {
                Counts::Pages => c.counter.value,
                Counts::Records => c.counter.value.div_ceil(size),
            })
            .max()
            .map(|pages| (self.first_page + pages.saturating_sub(1)).max(self.first_page))
    }

    /// Reads what page `number` says about the list, before its records are handed on: whether the
    /// list ends here, and which counters it contradicts.
    fn decide(&mut self, number: u64, read: &Read, reporter: &Reporter) -> Flow {
        let n = read.page.records.len() as u64;
        if !self.answered {
            self.answered = true;
            self.served = n.clamp(1, self.spec.per_page.max(1));
            if self.first_page == 1 {
                self.claims = read
                    .page
                    .claims()
                    .into_iter()
                    .map(|counter| Claim {
                        counter,
                        live: true,
                    })
                    .collect();
            }
        }
        if n == 0 {
            return Flow::End;
        }
        if self.seen.contains(&read.fingerprint) {
            self.repeated = true;
            reporter.warn(&crate::t!("pages-repeated", page = number));
            return Flow::End;
        }
        let fresh = read
            .keys
            .iter()
            .filter(|k| !self.previous.contains(k))
            .count() as u64;
        let count = self.summary.records + fresh;
        let pages = self.summary.pages + 1;
        self.contradicted(number, count, pages, reporter);
        let overlap = n - fresh;
        // Without a record count nothing says where a shifting list ends, so the walk stops; with
        // one, the records already emitted are skipped and the count at the end tells whether any
        // were lost.
        if overlap > 0 && self.live_claims(Counts::Records).next().is_none() {
            reporter.warn(&crate::t!(
                "pages-overlap-stop",
                page = number,
                overlap = overlap,
                count = n
            ));
            self.overlapped = true;
            return Flow::Stop;
        }
        if overlap > 0 && !self.overlapped {
            reporter.warn(&crate::t!(
                "pages-overlap-skip",
                page = number,
                overlap = overlap,
                count = n
            ));
            self.overlapped = true;
        }
        // A page shorter than the deployment's page size ends the list when every counter agrees.
        // The first page shows no page size: a server may cap pages below the size asked without
        // saying so, and a counter that agrees may be wrong too, so only an empty page after it
        // proves the end.
        let short = self.size.is_some_and(|size| n < size);
        self.size = Some(self.size.unwrap_or(0).max(n));
        if short && self.agree(count, pages) {
            Flow::End
        } else {
            Flow::Continue
        }
    }

    /// Every live counter says `count` records in `pages` pages.
    fn agree(&self, count: u64, pages: u64) -> bool {
        self.claims
            .iter()
            .filter(|c| c.live)
            .all(|c| bears_out(&c.counter, count, pages))
    }

    /// Drops the counters that the data read so far contradicts: fewer records than have arrived,
    /// fewer pages than hold records.
    fn contradicted(&mut self, number: u64, count: u64, pages: u64, reporter: &Reporter) {
        let mut dropped = Vec::new();
        for claim in self.claims.iter_mut().filter(|c| c.live) {
            let why = match claim.counter.counts {
                Counts::Records if claim.counter.value < count => {
                    crate::t!("pages-why-more-records", count = count, read = count)
                }
                Counts::Pages if claim.counter.value < pages => {
                    crate::t!("pages-why-more-pages", page = number)
                }
                _ => continue,
            };
            claim.live = false;
            dropped.push((claim.counter.clone(), why));
        }
        for (counter, why) in dropped {
            self.said_dropped(&counter, &why, reporter);
        }
    }

    fn said_dropped(&mut self, counter: &Counter, why: &str, reporter: &Reporter) {
        if !self.dropped {
            self.dropped = true;
            reporter.warn(&crate::t!("pages-counters-dropped"));
        }
        reporter.trace(&crate::t!(
            "pages-trace-counter-dropped",
            counter = counter.key.as_str(),
            value = counter.value,
            why = why
        ));
    }

    /// Once the data has ended: a counter that another counter of the same kind and the data both
    /// contradict is dropped; a page count is dropped when a record count agrees with the data.
    fn settle(&mut self, reporter: &Reporter) {
        let (count, pages) = (self.summary.records, self.summary.pages);
        let agreeing = self
            .live_claims(Counts::Records)
            .find(|c| c.value == count)
            .cloned();
        let Some(agreeing) = agreeing else {
            return;
        };
        let mut dropped = Vec::new();
        for claim in self.claims.iter_mut().filter(|c| c.live) {
            if !bears_out(&claim.counter, count, pages) {
                claim.live = false;
                dropped.push(claim.counter.clone());
            }
        }
        for counter in dropped {
            let why = crate::t!(
                "pages-why-counter-agrees",
                other = agreeing.key.as_str(),
                count = count,
                read = count
            );
            self.said_dropped(&counter, &why, reporter);
        }
    }

    /// The first live counter the data ended short of.
    fn shortfall(&self) -> Option<Short> {
        self.claims
            .iter()
            .filter(|c| c.live)
            .find(|c| !bears_out(&c.counter, self.summary.records, self.summary.pages))
            .map(|c| Short {
                counter: c.counter.clone(),
            })
    }

    /// Hands on one page's records, each once; says whether the walk stops here (`--limit`).
    fn emit(
        &mut self,
        read: Read,
        reporter: &Reporter,
        emit: &mut impl FnMut(Record) -> Result<()>,
    ) -> Result<Flow> {
        let Read {
            page,
            keys,
            fingerprint,
        } = read;
        if page.records.is_empty() || !self.seen.insert(fingerprint) {
            return Ok(Flow::Continue);
        }
        self.summary.pages += 1;
        let mut n = 0;
        let previous = std::mem::replace(&mut self.previous, keys.iter().copied().collect());
        for (record, key) in page.records.into_iter().zip(keys) {
            if previous.contains(&key) {
                continue;
            }
            if self.spec.limit.is_some_and(|l| self.summary.records >= l) {
                return Ok(Flow::Stop);
            }
            emit(record)?;
            self.summary.records += 1;
            n += 1;
        }
        reporter.advance(n);
        Ok(
            if self.spec.limit.is_some_and(|l| self.summary.records >= l) {
                Flow::Stop
            } else {
                Flow::Continue
            },
        )
    }
}

/// Whether `count` records in `pages` pages are what `counter` says. An empty list may be said to
/// have one page (as many frameworks number an empty result's last page).
fn bears_out(counter: &Counter, count: u64, pages: u64) -> bool {
    match counter.counts {
        Counts::Records => counter.value == count,
        Counts::Pages => counter.value == pages || (pages == 0 && counter.value <= 1),
    }
}

/// A counter the data ended short of.
struct Short {
    counter: Counter,
}

impl Short {
    /// The walk's failure, naming the counter; `why` is what the source found out about it.
    fn error(&self, state: &State, why: Option<String>) -> Error {
        let c = &self.counter;
        let read = state.summary.records;
        let (reported, read_text) = (
            crate::text::counts::thousands(c.value),
            crate::text::counts::thousands(read),
        );
        let key = c.key.as_str();
        if c.counts == Counts::Pages {
            return Error::Protocol(crate::t!(
                "pages-incomplete-pages",
                counter = key,
                count = c.value,
                reported = reported,
                read = state.summary.pages,
                why = why.unwrap_or_default()
            ));
        }
        if read == 0 {
            return Error::Protocol(crate::t!(
                "pages-empty-first-page",
                counter = key,
                count = c.value,
                total = reported,
                why = why.unwrap_or_default()
            ));
        }
        Error::Protocol(match why {
            Some(why) => crate::t!(
                "pages-incomplete-because",
                counter = key,
                count = c.value,
                reported = reported,
                read = read_text,
                why = why
            ),
            None if state.repeated => crate::t!(
                "pages-incomplete-repeated",
                counter = key,
                count = c.value,
                reported = reported,
                read = read_text
            ),
            None if state.overlapped => crate::t!(
                "pages-incomplete-overlapped",
                counter = key,
                count = c.value,
                reported = reported,
                read = read_text
            ),
            None => crate::t!(
                "pages-incomplete",
                counter = key,
                count = c.value,
                reported = reported,
                read = read_text
            ),
        })
    }
}

/// The fields that identify a record, in the order they are looked for. Only these are read: the
/// rest of the record is skipped without being built.
#[derive(Deserialize)]
struct Ids<'a> {
    #[serde(borrow, default)]
    id: Option<&'a RawValue>,
    #[serde(borrow, default, rename = "ID")]
    id_upper: Option<&'a RawValue>,
    #[serde(borrow, default, rename = "Id")]
    id_title: Option<&'a RawValue>,
    #[serde(borrow, default)]
    codigo: Option<&'a RawValue>,
    #[serde(borrow, default, rename = "código")]
    codigo_accent: Option<&'a RawValue>,
    #[serde(borrow, default)]
    uuid: Option<&'a RawValue>,
}

/// What makes a record the same record on another page: its ID (a string or a number) where it has
/// one, else all of it.
fn record_key(record: &RawValue) -> u64 {
    let mut h = std::collections::hash_map::DefaultHasher::new();
    match id_of(record.get()) {
        Some(id) => ("id", id).hash(&mut h),
        None => ("record", record.get()).hash(&mut h),
    }
    h.finish()
}

/// The text of a record's ID: a string or a number under the first of the ID fields it has.
fn id_of(text: &str) -> Option<&str> {
    if let Some(id) = leading_id(text) {
        return Some(id);
    }
    let ids = serde_json::from_str::<Ids>(text).ok()?;
    [
        ids.id,
        ids.id_upper,
        ids.id_title,
        ids.codigo,
        ids.codigo_accent,
        ids.uuid,
    ]
    .into_iter()
    .flatten()
    .map(RawValue::get)
    .find(|v| v.starts_with(|c: char| c == '"' || c == '-' || c.is_ascii_digit()))
}

/// The ID of a record that starts with it, as most services write them (`{"id":123,…` or
/// `{"id":"a1",…`): read without scanning the rest of the record.
fn leading_id(text: &str) -> Option<&str> {
    let rest = text.strip_prefix("{\"id\":")?;
    let end = match rest.as_bytes().first()? {
        b'"' => {
            rest[1..]
                .find(['"', '\\'])
                .filter(|&i| rest.as_bytes()[i + 1] == b'"')?
                + 2
        }
        b'-' | b'0'..=b'9' => rest.find([',', '}'])?,
        _ => return None,
    };
    let id = &rest[..end];
    let plain = id.starts_with('"')
        || id
            .bytes()
            .all(|b| b.is_ascii_digit() || b == b'-' || b == b'.');
    (plain && matches!(rest.as_bytes().get(end)?, b',' | b'}')).then_some(id)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::record::{record_of, value_of};
    use futures::future::BoxFuture;
    use serde_json::json;

    /// An in-memory list served in pages, with the misbehaviours real servers show.
    struct Fake {
        n: u64,
        cap: Option<u64>,
        ignore_page: bool,
        total: bool,
    }

    impl PageSource for Fake {
        fn fetch(&self, page: u64, per_page: u64) -> BoxFuture<'_, Result<Page>> {
            let size = self.cap.map_or(per_page, |c| c.min(per_page));
            let page = if self.ignore_page { 1 } else { page };
            let start = (page - 1) * size;
            let records = (start..(start + size).min(self.n))
                .map(|i| record_of(&json!({"id": i})))
                .collect();
            let total = self.total.then_some(self.n);
            answered(records, total)
        }
    }

    impl Fake {
        /// A well-behaved server: no cap, pages honoured, total reported.
        fn plain(n: u64) -> Fake {
            Fake {
                n,
                cap: None,
                ignore_page: false,
                total: true,
            }
        }
    }

    fn run(f: impl PageSource + 'static, spec: Walk) -> (Result<Summary>, Vec<u64>) {
        let rt = tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
            .unwrap();
        let reporter = Reporter::new(false, true);
        let mut seen = Vec::new();
        let r = rt.block_on(walk(Arc::new(f), spec, &reporter, |v| {
            seen.push(value_of(&v).unwrap()["id"].as_u64().unwrap());
            Ok(())
        }));
        (r, seen)
    }

    fn all(per_page: u64) -> Walk {
        Walk {
            first: 1,
            per_page,
            all: true,
            limit: None,
            concurrency: 4,
            max_pages: None,
        }
    }

    #[test]
    fn walks_every_record_once_in_order() {
        for (cap, total) in [
            (None, true),
            (None, false),
            (Some(7), true),
            (Some(7), false),
        ] {
            let (r, seen) = run(
                Fake {
                    n: 103,
                    cap,
                    ignore_page: false,
                    total,
                },
                all(10),
            );
            assert_eq!(
                seen,
                (0..103).collect::<Vec<_>>(),
                "cap {cap:?} total {total}"
            );
            assert_eq!(r.unwrap().records, 103);
        }
    }

    #[test]
    fn a_page_that_repeats_is_dropped() {
        let (r, seen) = run(
            Fake {
                n: 103,
                cap: None,
                ignore_page: true,
                total: false,
            },
            all(10),
        );
        assert_eq!(seen, (0..10).collect::<Vec<_>>());
        assert_eq!(r.unwrap().records, 10);
        // With a reported total the loss is known, so the walk fails instead of passing for complete.
        let (r, seen) = run(
            Fake {
                n: 103,
                cap: None,
                ignore_page: true,
                total: true,
            },
            all(10),
        );
        assert_eq!(seen.len(), 10);
        assert!(matches!(r, Err(Error::Protocol(_))));
    }

    #[test]
    fn limit_and_single_page() {
        let (_, seen) = run(
            Fake::plain(103),
            Walk {
                limit: Some(25),
                ..all(10)
            },
        );
        assert_eq!(seen, (0..25).collect::<Vec<_>>());
        let (_, seen) = run(
            Fake::plain(103),
            Walk {
                first: 3,
                all: false,
                ..all(10)
            },
        );
        assert_eq!(seen, (20..30).collect::<Vec<_>>());
        let (_, seen) = run(
            Fake {
                n: 0,
                cap: None,
                ignore_page: false,
                total: true,
            },
            all(10),
        );
        assert!(seen.is_empty());
    }

    /// A page answered at once with `records` and, where given, the total.
    fn answered(records: Vec<Record>, total: Option<u64>) -> BoxFuture<'static, Result<Page>> {
        Box::pin(async move {
            Ok(Page {
                records,
                total,
                ..Page::default()
            })
        })
    }

    /// A server whose pages wrap around: page 4 is page 1 again, and there is no total.
    struct Wrapping;

    impl PageSource for Wrapping {
        fn fetch(&self, page: u64, per_page: u64) -> BoxFuture<'_, Result<Page>> {
            let start = ((page - 1) % 3) * per_page;
            let records = (start..start + per_page)
                .map(|i| record_of(&json!({"id": i})))
                .collect();
            answered(records, None)
        }
    }

    #[test]
    fn a_server_that_wraps_around_is_stopped_without_duplicates() {
        let (r, seen) = run(Wrapping, all(2));
        assert_eq!(r.unwrap().records, 6);
        assert_eq!(seen, (0..6).collect::<Vec<_>>());
    }

    #[test]
    fn a_walk_from_a_later_page_ends_on_the_short_last_page() {
        let (r, seen) = run(
            Fake::plain(103),
            Walk {
                first: 11,
                ..all(10)
            },
        );
        assert_eq!(seen, (100..103).collect::<Vec<_>>());
        assert_eq!(r.unwrap().records, 3);
        let (r, seen) = run(
            Fake::plain(103),
            Walk {
                first: 4,
                ..all(10)
            },
        );
        assert_eq!(seen, (30..103).collect::<Vec<_>>());
        assert!(r.is_ok());
    }

    /// A server with no total whose pages shift by half a page each time and never run out.
    struct Shifting;

    impl PageSource for Shifting {
        fn fetch(&self, page: u64, per_page: u64) -> BoxFuture<'_, Result<Page>> {
            let start = (page - 1) * (per_page / 2);
            let records = (start..start + per_page)
                .map(|i| record_of(&json!({"id": i, "nome": format!("n{i}")})))
                .collect();
            answered(records, None)
        }
    }

    #[test]
    fn overlapping_pages_stop_the_walk_without_duplicates() {
        let (r, seen) = run(Shifting, all(10));
        assert_eq!(seen, (0..15).collect::<Vec<_>>());
        assert_eq!(r.unwrap().records, 15);
    }

    #[test]
    fn max_pages_fails_a_walk_that_has_not_ended() {
        let walk = |max, total| {
            run(
                Fake {
                    n: 103,
                    cap: None,
                    ignore_page: false,
                    total,
                },
                Walk {
                    max_pages: Some(max),
                    ..all(10)
                },
            )
        };
        for total in [true, false] {
            let (r, seen) = walk(10, total);
            assert!(
                matches!(&r, Err(Error::Protocol(m)) if m.contains("--max-pages")),
                "{r:?}"
            );
            assert_eq!(seen.len(), 100);
            let (r, seen) = walk(11, total);
            assert_eq!(r.unwrap().records, 103, "total {total}");
            assert_eq!(seen, (0..103).collect::<Vec<_>>());
        }
        let (r, _) = run(
            Shifting,
            Walk {
                max_pages: Some(1),
                ..all(10)
            },
        );
        assert!(matches!(r, Err(Error::Protocol(_))), "{r:?}");
    }

    #[test]
    fn page_numbers_never_wrap() {
        let (r, seen) = run(
            Fake::plain(5),
            Walk {
                first: u64::MAX,
                ..all(10)
            },
        );
        assert!(r.is_ok());
        assert!(seen.is_empty());
    }

    /// A list that remembers which pages were asked for and how many were in flight at once.
    struct Watched {
        inner: Fake,
        asked: std::sync::Mutex<Vec<u64>>,
        in_flight: std::sync::atomic::AtomicUsize,
        most: std::sync::atomic::AtomicUsize,
    }

    impl PageSource for Watched {
        fn fetch(&self, page: u64, per_page: u64) -> BoxFuture<'_, Result<Page>> {
            use std::sync::atomic::Ordering::SeqCst;
            self.asked.lock().unwrap().push(page);
            let now = self.in_flight.fetch_add(1, SeqCst) + 1;
            self.most.fetch_max(now, SeqCst);
            Box::pin(async move {
                tokio::time::sleep(std::time::Duration::from_millis(5)).await;
                let page = self.inner.fetch(page, per_page).await;
                self.in_flight.fetch_sub(1, SeqCst);
                page
            })
        }
    }

    fn watched(n: u64, spec: Walk) -> (Vec<u64>, usize, Vec<u64>) {
        let source = Arc::new(Watched {
            inner: Fake::plain(n),
            asked: Default::default(),
            in_flight: Default::default(),
            most: Default::default(),
        });
        let rt = tokio::runtime::Builder::new_multi_thread()
            .worker_threads(2)
            .enable_all()
            .build()
            .unwrap();
        let reporter = Reporter::new(false, true);
        let mut seen = Vec::new();
        rt.block_on(walk(source.clone(), spec, &reporter, |v| {
            seen.push(value_of(&v).unwrap()["id"].as_u64().unwrap());
            Ok(())
        }))
        .unwrap();
        let mut asked = source.asked.lock().unwrap().clone();
        asked.sort();
        (
            asked,
            source.most.load(std::sync::atomic::Ordering::SeqCst),
            seen,
        )
    }

    #[test]
    fn a_leading_id_is_the_id_the_full_reader_finds() {
        for text in [
            r#"{"id":12,"x":1}"#,
            r#"{"id":"a-1","x":{"id":3}}"#,
            r#"{"id":-3}"#,
            r#"{"id":"es\"c","x":1}"#,
            r#"{"id":null,"codigo":"C9"}"#,
            r#"{"id":[1],"uuid":"u"}"#,
            r#"{"id":1.5e3,"x":1}"#,
        ] {
            let fast = leading_id(text);
            let mut slow = text.to_string();
            // The same record with a space in front is read by the full reader.
            slow.insert(1, ' ');
            assert_eq!(fast.or_else(|| id_of(text)), id_of(&slow), "{text}");
        }
        assert_eq!(id_of(r#"{"nome":"x","ID":7}"#), Some("7"));
        assert_eq!(id_of(r#"{"x":1}"#), None);
    }

    #[test]
    fn a_limit_asks_only_for_the_pages_it_needs() {
        let (asked, _, seen) = watched(
            1000,
            Walk {
                limit: Some(120),
                ..all(50)
            },
        );
        assert_eq!(asked, [1, 2, 3]);
        assert_eq!(seen, (0..120).collect::<Vec<_>>());
        let (asked, _, _) = watched(
            1000,
            Walk {
                limit: Some(50),
                ..all(50)
            },
        );
        assert_eq!(asked, [1]);
    }

    #[test]
    fn pages_stay_within_the_concurrency_and_none_past_the_end_is_asked_for() {
        let (asked, most, seen) = watched(
            1000,
            Walk {
                concurrency: 3,
                ..all(10)
            },
        );
        assert_eq!(seen, (0..1000).collect::<Vec<_>>());
        // The last page is full: only the empty page after it proves the end.
        assert_eq!(asked, (1..=101).collect::<Vec<_>>());
        assert!(most <= 3, "{most} pages in flight");
        assert!(most >= 2, "pages were not fetched side by side ({most})");
    }

    /// A list served with the counters of the caller's choice, computed from the true count.
    struct Counted {
        n: u64,
        counters: fn(u64, u64) -> Vec<Counter>,
    }

    impl PageSource for Counted {
        fn fetch(&self, page: u64, per_page: u64) -> BoxFuture<'_, Result<Page>> {
            let start = (page - 1) * per_page;
            let records = (start..(start + per_page).min(self.n))
                .map(|i| record_of(&json!({"id": i})))
                .collect();
            let counters = (self.counters)(self.n, self.n.div_ceil(per_page));
            Box::pin(async move {
                Ok(Page {
                    records,
                    counters,
                    ..Page::default()
                })
            })
        }
    }

    fn counter(key: &str, counts: Counts, value: u64) -> Counter {
        Counter {
            key: key.into(),
            counts,
            value,
        }
    }

    #[test]
    fn a_total_that_counts_pages_is_dropped_and_every_record_read() {
        // `total` is the number of pages: the first page already holds more records.
        let (r, seen) = run(
            Counted {
                n: 1234,
                counters: |_, pages| vec![counter("total", Counts::Records, pages)],
            },
            all(50),
        );
        assert_eq!(seen, (0..1234).collect::<Vec<_>>());
        assert_eq!(r.unwrap().records, 1234);
        // Beside an honest `total_registros`, it is dropped the same way.
        let (r, seen) = run(
            Counted {
                n: 1234,
                counters: |n, pages| {
                    vec![
                        counter("total", Counts::Records, pages),
                        counter("total_registros", Counts::Records, n),
                    ]
                },
            },
            all(50),
        );
        assert_eq!(seen.len(), 1234);
        assert_eq!(r.unwrap().total, Some(1234));
    }

    #[test]
    fn counters_too_low_are_dropped_and_too_high_fail_naming_the_counter() {
        let (r, seen) = run(
            Counted {
                n: 103,
                counters: |n, _| vec![counter("total", Counts::Records, n - 3)],
            },
            all(10),
        );
        assert_eq!(seen.len(), 103);
        assert!(r.is_ok());
        let (r, _) = run(
            Counted {
                n: 103,
                counters: |n, _| vec![counter("total_registros", Counts::Records, n + 3)],
            },
            all(10),
        );
        assert!(
            matches!(&r, Err(Error::Protocol(m)) if m.contains("total_registros")),
            "{r:?}"
        );
        // A page count the records run past is dropped; one they end short of fails.
        let (r, seen) = run(
            Counted {
                n: 103,
                counters: |_, pages| vec![counter("total_paginas", Counts::Pages, pages - 2)],
            },
            all(10),
        );
        assert_eq!((seen.len(), r.is_ok()), (103, true));
        let (r, _) = run(
            Counted {
                n: 103,
                counters: |_, pages| vec![counter("total_paginas", Counts::Pages, pages + 1)],
            },
            all(10),
        );
        assert!(
            matches!(&r, Err(Error::Protocol(m)) if m.contains("total_paginas")),
            "{r:?}"
        );
    }

    #[test]
    fn a_short_first_page_is_no_end_without_a_counter() {
        // A server that caps pages at 7 without saying so, and gives no count: the first page is
        // short of the 10 asked, yet the list goes on.
        let (r, seen) = run(
            Fake {
                n: 30,
                cap: Some(7),
                ignore_page: false,
                total: false,
            },
            all(10),
        );
        assert_eq!(seen, (0..30).collect::<Vec<_>>());
        assert_eq!(r.unwrap().records, 30);
    }

    #[test]
    fn a_short_last_page_with_an_agreeing_total_ends_the_walk_but_a_first_page_never_does() {
        let (asked, _, seen) = watched(995, all(10));
        assert_eq!(seen.len(), 995);
        assert_eq!(asked, (1..=100).collect::<Vec<_>>());
        // The first page shows no page size: only the empty page after it proves the end.
        let (asked, _, _) = watched(7, all(10));
        assert_eq!(asked, [1, 2]);
        // A silent cap of 5 and a total that says 5 of the 6 records: both wrong, and the walk
        // reads on until the data ends.
        let (r, seen) = run(
            Counted {
                n: 6,
                counters: |n, _| vec![counter("total", Counts::Records, n - 1)],
            },
            all(5),
        );
        assert_eq!((seen.len(), r.is_ok()), (6, true));
    }
}
