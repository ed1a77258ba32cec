//! The page walker: turns a paged list into an ordered stream of records with several pages in flight
//! (one at a time for a list chained by links, cursors or a keyset), and ends where the data ends,
//! never on one signal alone (the rules are `end`'s). Records are known by their ID (`identity`),
//! across the whole walk (`ledger`): a record met again on any later page is never handed on twice.
//! When page 2 repeats page 1 and nothing else vouches for the end, a probe tells a short list from a
//! server that ignores `pagina_atual`, which fails the walk. `--max-pages` is the last safety net
//! against a server that never ends.

mod end;
mod ledger;

use std::collections::VecDeque;
use std::sync::{Arc, OnceLock};

use crate::error::{Error, Result};
use crate::identity::{self, IdKeys, Key};
use crate::record::{Addressing, Next, Page, PageSource, Proved, Record};
use crate::ui::Reporter;
use end::{Arrived, Change, Ending, Flow};
use ledger::Ledger;

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
    /// Pages in flight (`--concurrency`), for a source whose pages have numbers: a chained one is
    /// read one page at a time whatever this says.
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
    /// How many times the list was read from its first page: more than once when it changed under
    /// the walk (a counter that changed between pages, pages that overlapped), until a read was
    /// consistent or two reads agreed. What a walk read more than once is no proof of a quiet list,
    /// so a mirror's bookmark does not move over it.
    pub reads: u32,
}

/// Walks the list, handing each record to `emit` in page order. Pages are fetched (and their answers
/// read and judged) on the runtime's worker threads while this task hands records on, so waiting,
/// parsing and formatting overlap. At most `concurrency` pages are in flight (one for a source whose
/// pages are chained, see [`Addressing`]), and memory holds at most those pages. Once the first
/// answer is in, the pages its counters point at go out together (all of them up to the window when
/// it gave none); pages that `--limit` cannot need are never asked for.
///
/// A first page refused for its size (a deployment's page-size limit, see
/// [`PageSource::smaller_page`]) starts the walk again with the size the source can serve: nothing was
/// handed on yet, so nothing is repeated.
pub async fn walk(
    source: Arc<dyn PageSource>,
    spec: Walk,
    reporter: &Reporter,
    mut emit: impl FnMut(Record) -> Result<()>,
) -> Result<Summary> {
    walk_reading(source, spec, reporter, Arc::new(()), |record, ()| {
        emit(record)
    })
    .await
}

/// What a caller reads in each record on the task that fetched its page: beside the walk's own
/// reading of each record's ID, off the task that writes the records, and from the page's
/// [`Layout`](crate::record::Layout) where the split noted one, so that a record's fields are found
/// without crossing its values again. The walk hands each record on with what was read of it; a
/// record it does not hand on (one met before) takes its note with it.
pub trait Reader: Send + Sync + 'static {
    type Note: Send + 'static;

    /// Reads one record; `members` are its top-level keys' offsets when the page's layout has them.
    fn read(&self, record: &str, members: Option<&[u32]>) -> Self::Note;
}

/// Reads nothing.
impl Reader for () {
    type Note = ();

    fn read(&self, _: &str, _: Option<&[u32]>) {}
}

/// [`walk`], handing each record on with what `reader` read of it.
pub async fn walk_reading<R: Reader>(
    source: Arc<dyn PageSource>,
    mut spec: Walk,
    reporter: &Reporter,
    reader: Arc<R>,
    mut emit: impl FnMut(Record, R::Note) -> Result<()>,
) -> Result<Summary> {
    loop {
        let mut handed = false;
        let result = walk_once(source.clone(), spec, reporter, &reader, |record, note| {
            handed = true;
            emit(record, note)
        })
        .await;
        match result {
            Err(e) if !handed && spec.first == 1 => {
                match source.smaller_page(&e, spec.per_page).await {
                    Some(smaller) if smaller < spec.per_page => spec.per_page = smaller,
                    _ => return Err(e),
                }
            }
            other => return other,
        }
    }
}

/// Most times a walk reads a list that changes under it before it fails.
const MOST_READS: u32 = 3;

/// Reads the list, and again while it changed under the read: a counter that differed between
/// pages, or pages that overlapped, mean records may have moved past the walk unseen. Every read
/// hands on only the records no earlier one handed on (the ledger). A read whose pages all agreed
/// ends the walk; so does one that overlapped like the read before it (the same records, the same
/// counters: a deployment whose pages overlap by design). A read whose counters changed never
/// vouches for the list, so after [`MOST_READS`] the walk fails naming the counters that
/// disagreed. A walk that stops short by design (`--limit`, one page) is read once.
async fn walk_once<R: Reader>(
    source: Arc<dyn PageSource>,
    spec: Walk,
    reporter: &Reporter,
    reader: &Arc<R>,
    mut emit: impl FnMut(Record, R::Note) -> Result<()>,
) -> Result<Summary> {
    let first_page = spec.first.min(MAX_PAGE);
    let mut state = State::new(spec, first_page);
    let mut before: Option<Agreement> = None;
    loop {
        state.summary.reads += 1;
        let verdict = read_once(&source, &mut state, reporter, reader, &mut emit).await?;
        let Verdict::Changed(change) = verdict else {
            return Ok(state.summary);
        };
        let this = state.pass.agreement();
        // Two reads that overlapped alike, with counters that held still on each, are the list as
        // the deployment pages it: whole if the counters bear it out, short of them otherwise.
        if !change.counters && before == Some(this) && !change.stopped {
            return match change.short {
                Some(short) => Err(short.error(source.shortfall().await)),
                None => Ok(state.summary),
            };
        }
        let again = state.summary.reads < MOST_READS
            && source.addressing() == Addressing::Numbered
            && spec.all
            && spec.limit.is_none();
        if !again {
            if let Some(short) = change.short {
                return Err(short.error(source.shortfall().await));
            }
            if change.unconfirmed {
                return Err(Error::Protocol(crate::t!(
                    "pages-unconfirmed",
                    reads = state.summary.reads,
                    what = change.said
                )));
            }
            return Err(Error::Protocol(crate::t!(
                "pages-list-kept-changing",
                reads = state.summary.reads,
                change = change.said
            )));
        }
        reporter.warn(&if change.unconfirmed {
            crate::t!(
                "pages-unconfirmed-reading-again",
                what = change.said,
                read = state.summary.reads + 1,
                most = MOST_READS
            )
        } else {
            crate::t!(
                "pages-list-changed-reading-again",
                change = change.said,
                read = state.summary.reads + 1,
                most = MOST_READS
            )
        });
        before = Some(this);
        let read = std::mem::replace(&mut state.pass, Pass::new(spec, first_page));
        if state.summary.reads == 1 {
            state.ledger = read.seen;
        }
    }
}

/// A read whose pages overlapped, with counters that held still: a count short of them may only
/// mean records moved past the read, so the list is read again either way; a count that bears them
/// out is the total, should a second read agree.
fn overlapped(state: &mut State, mut change: Change, reporter: &Reporter) -> Verdict {
    let (records, pages) = (state.pass.records, state.pass.pages);
    state.pass.ending.settle(records, pages, reporter);
    match state.pass.ending.shortfall(records, pages) {
        Some(short) => change.short = Some(short),
        None => state.summary.total = state.pass.ending.total(),
    }
    Verdict::Changed(change)
}

/// What one read ended on.
enum Verdict {
    /// The read is the list: ended and checked, or stopped where the walk asked it to.
    Done,
    /// The list changed under the read.
    Changed(Change),
}

/// What two reads compare to agree: the records each held (order aside) and how many.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Agreement {
    records: u64,
    digest: u64,
}

/// One read of the list from its first page: the page walk proper.
async fn read_once<R: Reader>(
    source: &Arc<dyn PageSource>,
    state: &mut State,
    reporter: &Reporter,
    reader: &Arc<R>,
    emit: &mut impl FnMut(Record, R::Note) -> Result<()>,
) -> Result<Verdict> {
    let spec = state.spec;
    let first_page = spec.first.min(MAX_PAGE);
    // The page after the last one `--max-pages` allows is read only to learn whether the list ended.
    let ceiling = if spec.all {
        spec.max_pages
            .map_or(MAX_PAGE, |n| first_page.saturating_add(n).min(MAX_PAGE))
    } else {
        first_page
    };
    // A chained source is read one page at a time from its first page: through the link or cursor
    // a page gives, else by asking the source for the next (a keyset it keeps itself). A numbered
    // one is followed link by link once its first answer gives a link.
    let addressing = source.addressing();
    let width = match addressing {
        Addressing::Chained => 1,
        Addressing::Numbered => spec.concurrency.max(1),
    };
    let mut window = Window::new(source.clone(), spec.per_page, reader.clone());
    window.pin(state.id_key);
    let mut next = first_page;
    // Starts the pages the walk may need while the window has room; `$held` pages were taken out of
    // the window but not yet counted.
    macro_rules! refill {
        ($held:expr) => {
            // A list chained by links or cursors is read one page at a time: each page says where
            // the next one is.
            if state.pass.chained {
                let coming = state.summary.records
                    + ($held + window.len() as u64) * state.pass.ending.served();
                let enough = state.spec.limit.is_some_and(|limit| coming >= limit);
                if window.len() == 0 && next <= ceiling && !enough {
                    if let Some(link) = state.pass.follow.take() {
                        window.follow(next, link);
                        next += 1;
                    }
                }
            }
            while !state.pass.chained && window.len() < width && next <= ceiling {
                // With nothing in flight the walk needs the next page to go on (the page after
                // the last one proves the end, one at a time). Beyond that, the first answer
                // decides: every page its live counters point at goes out at once, and every page
                // the window holds when it gave none.
                let needed = window.len() == 0 && $held == 0;
                let ahead = state.pass.ending.answered()
                    && state
                        .pass
                        .ending
                        .last_claimed()
                        .is_none_or(|last| next <= last);
                let pending = window.len() as u64 + $held;
                let coming = state.summary.records + pending * state.pass.ending.served();
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
        if !state.pass.ending.answered() && read.page.next.leads_on() {
            // Pages chained by links have no numbers to start from.
            if first_page != 1 {
                return Err(Error::Usage(crate::t!("pages-page-on-linked-list")));
            }
            state.pass.chained = true;
        }
        // The page past `--max-pages` may only show that the list ended: empty, or a repeat.
        let mut read = read;
        state.pin(&mut read);
        window.pin(state.id_key);
        let flow = state.decide(p, &read, reporter);
        let adds_nothing = state.pass.fresh == 0;
        // A later page asked for by number that is mostly new records: the deployment reads page
        // numbers (said once a walk, for a source that had learned otherwise).
        if !state.numbers_proved
            && !state.pass.chained
            && p > first_page
            && state.pass.fresh * 2 > read.ids.len() as u64
        {
            state.numbers_proved = true;
            source.proved(Proved::Numbers);
        }
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
        if state.emit(read, &**reader, reporter, emit)? == Flow::Stop {
            break false;
        }
        match flow {
            Flow::End => break true,
            Flow::Stop => break false,
            Flow::Continue => {}
        }
    };
    drop(window);
    if state.pass.link_repeated {
        return Err(Error::Protocol(crate::t!(
            "pages-link-repeated",
            page = state.pass.pages + 1
        )));
    }
    let whole = spec.all && state.spec.limit.is_none();
    if !ended {
        // Stopped at an overlap with no counter to check it against: the read never reached the
        // end of the list.
        if whole && let Some(change) = state.pass.ending.change().filter(|c| c.stopped) {
            return Ok(Verdict::Changed(change));
        }
        return Ok(Verdict::Done);
    }
    if whole {
        // A counter that changed between pages: the list changed under the read, and what its
        // pages repeated proves nothing of how the server pages. It is read again before any probe.
        if let Some(change) = state.pass.ending.change().filter(|c| c.counters) {
            return Ok(Verdict::Changed(change));
        }
        // Only numbered pages can be asked for again to tell a short list from an ignored page.
        if let Some(held) = state.pass.ending.second_repeats_first()
            && addressing == Addressing::Numbered
        {
            probe_ignored_page(&**source, &mut state.pass, held).await?;
        }
        let (records, pages) = (state.pass.records, state.pass.pages);
        let change = state.pass.ending.change();
        if let Some(change) = change {
            if change.counters {
                return Ok(Verdict::Changed(change));
            }
            // Overlapped with counters that held still: the count at the end tells.
            return Ok(overlapped(state, change, reporter));
        }
        state.pass.ending.settle(records, pages, reporter);
        if let Some(short) = state.pass.ending.shortfall(records, pages) {
            return Err(short.error(source.shortfall().await));
        }
        if addressing == Addressing::Numbered
            && !state.pass.chained
            && first_page == 1
            && state.pass.ending.second_repeats_first().is_none()
            && let Some(change) = confirm_end(&**source, &state.pass, spec.per_page).await?
        {
            return Ok(Verdict::Changed(change));
        }
        // A list chained by links or cursors from a first page asked by number is checked too.
        // What a link or cursor names is the service's own: many encode an offset or a page
        // number, which a deletion ahead of it slides past a record just as it does a page
        // number, and with no counter nothing else would notice. So the head is read again
        // whatever chained the list; one request buys the certainty.
        if addressing == Addressing::Numbered
            && first_page == 1
            && let Some(change) = confirm_head(&**source, &state.pass, spec.per_page).await?
        {
            return Ok(Verdict::Changed(change));
        }
    }
    state.summary.total = state.pass.ending.total().filter(|_| ended);
    Ok(Verdict::Done)
}

/// The pages in flight, in page order, each fetched by a task of its own so that it progresses
/// while records of earlier pages are being written. Pages still in flight when the walk ends are
/// cancelled.
struct Window<R: Reader> {
    source: Arc<dyn PageSource>,
    reader: Arc<R>,
    per_page: u64,
    ids: IdKeys,
    /// The walk's ID key, once its first records named it: what later pages' records are read by.
    pinned: Arc<OnceLock<&'static str>>,
    pages: VecDeque<(u64, Fetching<R::Note>)>,
}

/// The task fetching and reading one page.
type Fetching<N> = tokio::task::JoinHandle<Result<Read<N>>>;

impl<R: Reader> Window<R> {
    fn new(source: Arc<dyn PageSource>, per_page: u64, reader: Arc<R>) -> Window<R> {
        Window {
            ids: source.identity(),
            source,
            reader,
            per_page,
            pinned: Arc::default(),
            pages: VecDeque::new(),
        }
    }

    fn len(&self) -> usize {
        self.pages.len()
    }

    /// Pages fetched from now on read their records' IDs under `key` first.
    fn pin(&self, key: Option<&'static str>) {
        if let Some(key) = key {
            let _ = self.pinned.set(key);
        }
    }

    /// Starts fetching the page `link` points at, numbered `page` for the walk's messages.
    fn follow(&mut self, page: u64, link: Next) {
        let (source, reader) = (self.source.clone(), self.reader.clone());
        let (per_page, ids, pinned) = (self.per_page, self.ids, self.pinned.clone());
        let task = tokio::spawn(async move {
            source
                .follow(&link, per_page)
                .await
                .map(|page| Read::new(page, &ids, pinned.get().copied(), &*reader))
        });
        self.pages.push_back((page, task));
    }

    fn start(&mut self, page: u64) {
        let (source, reader) = (self.source.clone(), self.reader.clone());
        let (per_page, ids, pinned) = (self.per_page, self.ids, self.pinned.clone());
        let task = tokio::spawn(async move {
            source
                .fetch(page, per_page)
                .await
                .map(|page| Read::new(page, &ids, pinned.get().copied(), &*reader))
        });
        self.pages.push_back((page, task));
    }

    /// The next page in order, once it has arrived.
    async fn next(&mut self) -> Result<Option<(u64, Read<R::Note>)>> {
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

impl<R: Reader> Drop for Window<R> {
    fn drop(&mut self) {
        for (_, task) in &self.pages {
            task.abort();
        }
    }
}

/// A page as it arrived, with who each record is: worked out by the task that fetched it, off the
/// task that writes the records.
struct Read<N> {
    page: Page,
    /// Each record's identity (see `identity::Key`).
    ids: Vec<Key>,
    /// The key each record's ID came under, `None` for a record without one.
    named: Vec<Option<&'static str>>,
    /// What the walk's [`Reader`] read of each record.
    notes: Vec<N>,
}

impl<N> Read<N> {
    /// `pinned` is the key the walk settled on once a page is in (see `State::pin`): a record
    /// that carries it is known by it whatever else it holds, so its ID is read there without
    /// ranking every key of the record (most records put it first).
    fn new(
        mut page: Page,
        keys: &IdKeys,
        pinned: Option<&'static str>,
        reader: &impl Reader<Note = N>,
    ) -> Read<N> {
        let mut members = page.layout.members();
        let notes = page
            .records
            .iter()
            .map(|r| reader.read(r.get(), members.next(r.get())))
            .collect();
        // Read: the page need not hold it while it waits to be written.
        page.layout = Default::default();
        let (ids, named) = page
            .records
            .iter()
            .map(|r| {
                pinned
                    .and_then(|key| Some((identity::key_under(r.get(), key)?, Some(key))))
                    .unwrap_or_else(|| identity::identify(r.get(), keys))
            })
            .unzip();
        Read {
            page,
            ids,
            named,
            notes,
        }
    }
}

struct State {
    spec: Walk,
    summary: Summary,
    /// Every record handed on, by ID, by the reads before this one (the first read's own ledger is
    /// the walk's while it lasts, so a walk read once keeps one ledger): a record read again by a
    /// later read is not handed on twice.
    ledger: Ledger,
    /// The key the walk's records carry their ID under, once a record has shown it.
    id_key: Option<&'static str>,
    /// A record's ID under another key was said (once a walk).
    rename_said: bool,
    /// A record without an ID in a walk whose records have one was said (once a walk).
    missing_said: bool,
    /// The keys of the walk's first record with an ID: a key it carried beside its ID is another
    /// field, never a new name for the ID.
    first_keys: Vec<String>,
    /// A later page asked for by number proved the deployment reads page numbers (said once).
    numbers_proved: bool,
    /// The read under way.
    pass: Pass,
}

/// One read of the list from its first page: what its own pages said, apart from what earlier
/// reads handed on.
struct Pass {
    /// What the pages have said about where the list ends.
    ending: Ending,
    /// Every record this read met, by ID: a page of records all met before is evidence of the end.
    seen: Ledger,
    /// Records this read met, each once.
    records: u64,
    /// Pages that brought this read records.
    pages: u64,
    /// The records this read met, order aside (see [`Agreement`]).
    digest: u64,
    /// How many records of the page last decided on this read had not met.
    fresh: u64,
    /// The IDs of the read's first page, for the probe of a page 2 that repeats it.
    first_ids: Vec<Key>,
    /// How many records the last page that brought new ones held.
    last_len: u64,
    /// The list is chained by links or cursors (its first page gave one): read one page at a time.
    chained: bool,
    /// The link or cursor to follow next.
    follow: Option<Next>,
    /// Every link followed, hashed: a link that comes again would loop.
    links: std::collections::HashSet<u64>,
    /// A link came again: the walk fails.
    link_repeated: bool,
}

impl Pass {
    fn new(spec: Walk, first_page: u64) -> Pass {
        Pass {
            ending: Ending::new(spec.per_page, first_page),
            seen: Ledger::default(),
            records: 0,
            pages: 0,
            digest: 0,
            fresh: 0,
            first_ids: Vec::new(),
            last_len: 0,
            chained: false,
            follow: None,
            links: std::collections::HashSet::new(),
            link_repeated: false,
        }
    }

    fn agreement(&self) -> Agreement {
        Agreement {
            records: self.records,
            digest: self.digest,
        }
    }

    /// Counts a record this read met; false when it had met it already.
    fn meet(&mut self, id: Key) -> bool {
        if !self.seen.insert(id) {
            return false;
        }
        self.records += 1;
        // A sum of well-mixed IDs is the same whatever order the records came in.
        self.digest = self.digest.wrapping_add(id.mixed());
        true
    }
}

impl State {
    fn new(spec: Walk, first_page: u64) -> State {
        State {
            spec,
            summary: Summary::default(),
            ledger: Ledger::default(),
            id_key: None,
            rename_said: false,
            missing_said: false,
            first_keys: Vec::new(),
            numbers_proved: false,
            pass: Pass::new(spec, first_page),
        }
    }

    /// Reads what page `number` says about the list, before its records are handed on: whether the
    /// list ends here (see `end`), and on a chained list which link to follow next.
    fn decide<N>(&mut self, number: u64, read: &Read<N>, reporter: &Reporter) -> Flow {
        let pass = &mut self.pass;
        if !pass.ending.answered() {
            pass.first_ids = read.ids.clone();
        }
        pass.fresh = pass.seen.fresh(&read.ids);
        if pass.fresh > 0 {
            pass.last_len = read.ids.len() as u64;
        }
        let at = Arrived {
            number,
            fresh: pass.fresh,
            records: pass.records,
            pages: pass.pages,
            chained: pass.chained,
        };
        let flow = pass.ending.page(at, &read.page, reporter);
        if pass.chained && flow == Flow::Continue {
            return pass.chain_on(&read.page.next);
        }
        flow
    }

    /// Hands on one page's records, each once over the whole walk; says whether the walk stops
    /// here (`--limit`).
    fn emit<R: Reader>(
        &mut self,
        read: Read<R::Note>,
        reader: &R,
        reporter: &Reporter,
        emit: &mut impl FnMut(Record, R::Note) -> Result<()>,
    ) -> Result<Flow> {
        let Read {
            page,
            ids,
            named,
            notes,
        } = read;
        if self.pass.fresh == 0 {
            return Ok(Flow::Continue);
        }
        self.pass.pages += 1;
        self.summary.pages += 1;
        let mut n = 0;
        let records = page.records.into_iter().zip(notes);
        for (((record, note), id), name) in records.zip(ids).zip(named) {
            if self.spec.limit.is_some_and(|l| self.summary.records >= l) {
                return Ok(Flow::Stop);
            }
            // The first read hands on every record it meets, so its own ledger is the walk's; a
            // later read hands on only what no read before it did.
            if !self.pass.meet(id) || (self.summary.reads > 1 && !self.ledger.insert(id)) {
                continue;
            }
            let (record, note) = match self.under_walk_key(record, name, reporter) {
                Keyed::AsSent(record) => (record, note),
                // Read again as it is handed on.
                Keyed::Renamed(record) => {
                    let note = reader.read(record.get(), None);
                    (record, note)
                }
            };
            emit(record, note)?;
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

impl Pass {
    /// On a chained list: the page's link or cursor is the next to follow, and a page without one
    /// is the last (its counters are checked at the end). A link that comes again fails the walk.
    fn chain_on(&mut self, next: &Next) -> Flow {
        if !next.leads_on() {
            return Flow::End;
        }
        let digest = {
            use std::hash::{Hash, Hasher};
            let mut h = std::collections::hash_map::DefaultHasher::new();
            next.hash(&mut h);
            h.finish()
        };
        if !self.links.insert(digest) {
            self.link_repeated = true;
            return Flow::End;
        }
        self.follow = Some(next.clone());
        Flow::Continue
    }
}

impl State {
    /// Pins the walk's records to one key. The first record with an ID names it; a later record
    /// that still carries that key is known by it, even where another key of the kind ranks
    /// higher (records that gain an `ID` beside their `codigo`), so that one record is never known
    /// by two IDs in one walk.
    fn pin<N>(&mut self, read: &mut Read<N>) {
        if self.id_key.is_none()
            && let Some((at, name)) = read
                .named
                .iter()
                .enumerate()
                .find_map(|(i, n)| Some((i, (*n)?)))
        {
            self.id_key = Some(name);
            self.first_keys = identity::keys_of(read.page.records[at].get())
                .into_iter()
                .map(String::from)
                .collect();
        }
        let Some(key) = self.id_key else {
            return;
        };
        for ((record, id), name) in read
            .page
            .records
            .iter()
            .zip(read.ids.iter_mut())
            .zip(read.named.iter_mut())
        {
            if *name != Some(key)
                && let Some(pinned) = identity::key_under(record.get(), key)
            {
                *id = pinned;
                *name = Some(key);
            }
        }
    }

    /// A record with its ID under the key the walk's first record used: a deployment that renames
    /// the key mid-walk (`orcamento_id`, then `id_orcamento`) gives one ID column, said once. A
    /// record whose ID the walk cannot find under any key of its kind is handed on as it is, with a
    /// warning naming the key it lacks and the ID-like keys it has.
    fn under_walk_key(
        &mut self,
        record: Record,
        name: Option<&'static str>,
        reporter: &Reporter,
    ) -> Keyed {
        let Some(first) = self.id_key else {
            return Keyed::AsSent(record);
        };
        if name == Some(first) {
            return Keyed::AsSent(record);
        }
        let keys = identity::keys_of(record.get());
        // Another key of the kind stands where the walk's key was, and the first records did not
        // carry it beside their ID (as a quote carries `codigo` beside `id`): the same ID renamed.
        let renamed = name
            .filter(|name| !keys.contains(&first) && !self.first_keys.iter().any(|k| k == name));
        if let Some(name) = renamed {
            if !self.rename_said {
                self.rename_said = true;
                reporter.note(&crate::t!("pages-id-key-renamed", from = name, to = first));
            }
            return match identity::renamed(&record, name, first) {
                Some(renamed) => Keyed::Renamed(renamed),
                None => Keyed::AsSent(record),
            };
        }
        if !self.missing_said {
            self.missing_said = true;
            let new: Vec<&str> = keys
                .iter()
                .copied()
                .filter(|k| !self.first_keys.iter().any(|f| f == k))
                .collect();
            reporter.warn(&crate::t!(
                "pages-id-key-missing",
                key = first,
                keys = new.join(", ")
            ));
        }
        Keyed::AsSent(record)
    }
}

/// A record as the walk hands it on.
enum Keyed {
    AsSent(Record),
    /// Its ID moved under the walk's key: not the text the page's reader read.
    Renamed(Record),
}

/// Page 2 of a walk held only page 1's `held` records, and no counter vouched for a list that
/// short. Page 2 at half the size tells: a server that ignores the page number answers the first
/// half of page 1's records again, and the walk fails rather than pass one page for the whole
/// list; one that reads it answers another window of them (the list really ended: it repeats
/// itself past the end), or nothing. Records page 1 did not hold would mean the list goes on after
/// all, and fail the walk too. A page 1 of one record is asked again at twice the size instead.
/// An answer whose record count moved from page 1's tells nothing but that the list changed under
/// the read: it is kept as the read's change (see [`end::Ending::recount`]), and the list read
/// again.
async fn probe_ignored_page(source: &dyn PageSource, pass: &mut Pass, held: u64) -> Result<()> {
    if pass.ending.vouched(pass.records) || held == 0 {
        return Ok(());
    }
    let keys = source.identity();
    let ids = |page: Page| -> Vec<Key> {
        page.records
            .iter()
            .map(|r| identity::key_of(r.get(), &keys))
            .collect()
    };
    let ignored = if held == 1 {
        let page = source.fetch(1, 2).await?;
        if pass.ending.recount(1, &page) {
            return Ok(());
        }
        ids(page).len() > 1
    } else {
        let half = (held / 2) as usize;
        let page = source.fetch(2, half as u64).await?;
        if pass.ending.recount(2, &page) {
            return Ok(());
        }
        let second = ids(page);
        let first = &pass.first_ids;
        if !second.is_empty() && first.get(0..half) == Some(&second[..]) {
            true
        } else if second.iter().all(|id| first.contains(id)) {
            // Another window of page 1's records (the second half, or a later one where the
            // numbering is not known yet), or none: the server reads the page number.
            false
        } else {
            return Err(Error::Protocol(crate::t!("pages-repeat-unresolved")));
        }
    };
    if ignored {
        source.proved(Proved::Ignored);
        return Err(Error::Protocol(crate::t!(
            "pages-page-ignored",
            count = held,
            records = crate::text::counts::thousands(held)
        )));
    }
    Ok(())
}

/// A read that ended on an empty page (or one of repeats) right after a full one, with no counter
/// to bear its count out, rests on that one page: a replica that lags behind the others, or a list
/// that grew at its head, answers the page after the last full one with nothing. So the end is read
/// once more across it at another page size, which puts the last record read and the place after it
/// on one page of another number: a record there that the read never met means the list goes on
/// past where the read stopped, and the list is read again (the ledger keeps every record once); one
/// that holds records all met before confirms the end. A larger page goes first, a size the
/// deployment has not shown it refuses; one that is refused (for its size) or holds nothing says
/// nothing, and a smaller one is tried. Where no size can say, the end stands as the pages gave it.
/// One that fails otherwise (once the transport's retries are spent) leaves the end unchecked: the
/// read counts as unconfirmed, and the list is read again (or the walk fails), never passed.
///
/// A page short of the size asked is a second sign of the end by itself, unless the deployment's
/// pages were all that size (a cap it never stated), so a list that fits on one short page costs
/// nothing more.
async fn confirm_end(
    source: &dyn PageSource,
    pass: &Pass,
    per_page: u64,
) -> Result<Option<Change>> {
    let records = pass.records;
    let Some(size) = pass.ending.size() else {
        return Ok(None);
    };
    let full = pass.last_len == size && (size == per_page || pass.pages > 1);
    if records == 0 || !full || pass.ending.borne_out(records, pass.pages) {
        return Ok(None);
    }
    // Sizes at which the last record read and the place after it share a page.
    let spans = |p: &u64| !records.is_multiple_of(*p);
    let larger = (size == per_page).then_some(per_page + 1).filter(spans);
    let smaller = (2..size).rev().find(spans);
    let keys = source.identity();
    for p in larger.into_iter().chain(smaller) {
        let page = (records - 1) / p + 1;
        let got = match source.fetch(page, p).await {
            Ok(got) => got,
            // A size the deployment refuses: another may say.
            Err(Error::Rejected { .. }) => continue,
            Err(e) if unreadable(&e) => {
                return Ok(Some(unconfirmed(crate::t!(
                    "pages-confirm-end-unread",
                    page = page,
                    size = p,
                    reason = e.to_string()
                ))));
            }
            Err(e) => return Err(e),
        };
        let ids: Vec<Key> = got
            .records
            .iter()
            .map(|r| identity::key_of(r.get(), &keys))
            .collect();
        let unmet = ids.iter().filter(|id| !pass.seen.contains(**id)).count() as u64;
        if unmet > 0 {
            return Ok(Some(Change {
                said: crate::t!(
                    "pages-change-past-end",
                    page = page,
                    size = p,
                    unmet = unmet,
                    records = records
                ),
                counters: true,
                stopped: false,
                short: None,
                unconfirmed: false,
            }));
        }
        if !ids.is_empty() {
            return Ok(None);
        }
    }
    Ok(None)
}

/// Records deleted (or added) ahead of a read slide the pages after them: the read then skips
/// records (or meets some twice), and only a record count that changes shows it. A read of several
/// pages that no record count checked reads page 1 again once it ended: the same records there
/// mean nothing moved at the head while it ran; others mean the pages slid under it, and the list
/// is read again (the ledger keeps every record once). One request per such read; a read of one
/// page, or one a record count vouched for, costs nothing more. A page 1 that cannot be read again
/// (once the transport's retries are spent) leaves the head unchecked: the read counts as
/// unconfirmed, never as a list that held still.
async fn confirm_head(
    source: &dyn PageSource,
    pass: &Pass,
    per_page: u64,
) -> Result<Option<Change>> {
    if pass.pages < 2 || pass.ending.total().is_some() || pass.first_ids.is_empty() {
        return Ok(None);
    }
    let again = match source.fetch(1, per_page).await {
        Ok(again) => again,
        Err(e) if unreadable(&e) => {
            return Ok(Some(unconfirmed(crate::t!(
                "pages-confirm-head-unread",
                reason = e.to_string()
            ))));
        }
        Err(e) => return Err(e),
    };
    let keys = source.identity();
    let now: std::collections::HashSet<Key> = again
        .records
        .iter()
        .map(|r| identity::key_of(r.get(), &keys))
        .collect();
    let before: std::collections::HashSet<Key> = pass.first_ids.iter().copied().collect();
    if now == before {
        return Ok(None);
    }
    Ok(Some(Change {
        said: crate::t!(
            "pages-change-head",
            gone = before.difference(&now).count() as u64,
            new = now.difference(&before).count() as u64
        ),
        counters: true,
        stopped: false,
        short: None,
        unconfirmed: false,
    }))
}

/// A page that could not be read once the transport's retries were spent: the server failed, the
/// network, or the answer could not be understood. A stop, a lost login or a refused proxy ends the
/// walk as it would anywhere else.
fn unreadable(e: &Error) -> bool {
    matches!(
        e,
        Error::Server { .. } | Error::Network(_) | Error::Protocol(_)
    )
}

/// A read whose end or head could not be checked (`said` names the page that could not be read):
/// like a read whose counters moved, it vouches for nothing, so the list is read again.
fn unconfirmed(said: String) -> Change {
    Change {
        said,
        counters: true,
        stopped: false,
        short: None,
        unconfirmed: true,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::record::{Counter, Counts, record_of, value_of};
    use futures::future::BoxFuture;
    use serde_json::json;

    /// What a test source that pages by number says of itself: no ID keys of a kind, no links.
    macro_rules! numbered_source {
        () => {
            fn proved(&self, _: crate::record::Proved) {}

            fn identity(&self) -> crate::identity::IdKeys {
                crate::identity::IdKeys::ANY
            }

            fn addressing(&self) -> Addressing {
                Addressing::Numbered
            }

            fn follow<'a>(
                &'a self,
                _next: &'a crate::record::Next,
                _per_page: u64,
            ) -> BoxFuture<'a, Result<Page>> {
                Box::pin(async { Err(Error::Protocol("no links here".into())) })
            }
        };
    }

    /// An in-memory list served in pages, with the misbehaviours real servers show.
    struct Fake {
        n: u64,
        cap: Option<u64>,
        ignore_page: bool,
        total: bool,
    }

    impl PageSource for Fake {
        numbered_source!();

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
        run_shared(Arc::new(f), spec)
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
    fn a_server_that_ignores_the_page_number_fails_the_walk() {
        // Page 2 repeats page 1, and page 2 at half the size repeats its first half: no page but
        // the first can be reached, and one page is never passed off as the whole list.
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
        assert!(
            matches!(&r, Err(Error::Protocol(m)) if m.contains("ignores the page number")),
            "{r:?}"
        );
        // A list page 1 holds whole, its total saying so: complete, whatever page 2 repeats.
        let (r, seen) = run(
            Fake {
                n: 7,
                cap: None,
                ignore_page: true,
                total: true,
            },
            all(10),
        );
        assert_eq!((seen.len(), r.unwrap().records), (7, 7));
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

    /// A list of `n` records served as some deployments serve it: a total `skew` off the truth,
    /// the last full window of records again past the end, and (`volatile`) a stamp that differs on
    /// every answer, so no two answers are the same bytes.
    struct Windowed {
        n: u64,
        /// `None`: no total at all.
        skew: Option<i64>,
        volatile: bool,
        answers: std::sync::atomic::AtomicU64,
    }

    impl Windowed {
        fn new(n: u64, skew: Option<i64>, volatile: bool) -> Windowed {
            Windowed {
                n,
                skew,
                volatile,
                answers: Default::default(),
            }
        }
    }

    impl PageSource for Windowed {
        numbered_source!();

        fn fetch(&self, page: u64, per_page: u64) -> BoxFuture<'_, Result<Page>> {
            let stamp = self
                .answers
                .fetch_add(1, std::sync::atomic::Ordering::Relaxed);
            let start = ((page - 1) * per_page).min(self.n.saturating_sub(per_page));
            let records = (start..(start + per_page).min(self.n))
                .map(|i| match self.volatile {
                    true => record_of(&json!({"id": i, "gerado_em": stamp})),
                    false => record_of(&json!({"id": i})),
                })
                .collect();
            answered(records, self.skew.map(|s| self.n.saturating_add_signed(s)))
        }
    }

    #[test]
    fn a_window_repeated_past_the_end_is_the_end_never_records_twice() {
        for volatile in [false, true] {
            // An honest total: the short last page ends the walk.
            let (r, seen) = run(Windowed::new(1234, Some(0), volatile), all(50));
            assert_eq!(seen, (0..1234).collect::<Vec<_>>());
            assert_eq!(r.unwrap().records, 1234);
            // A total one too high: the repeated window ends the walk, which fails naming the
            // counter, after one page past the data, whatever bytes change between answers.
            let source = Arc::new(Windowed::new(1234, Some(1), volatile));
            let (r, seen) = run_shared(source.clone(), all(50));
            assert_eq!(seen, (0..1234).collect::<Vec<_>>(), "volatile {volatile}");
            assert!(
                matches!(&r, Err(Error::Protocol(m)) if m.contains("1,235")),
                "{r:?}"
            );
            // The last page overlaps the one before it: the list is read twice, and the second
            // read, agreeing with the first, ends the walk.
            let answers = source.answers.load(std::sync::atomic::Ordering::Relaxed);
            assert!(answers <= 2 * 26 + 4, "{answers} pages asked for");
        }
    }

    /// A runtime of two workers, as the program's: pages are fetched and read on both.
    fn two_workers() -> tokio::runtime::Runtime {
        tokio::runtime::Builder::new_multi_thread()
            .worker_threads(2)
            .enable_all()
            .build()
            .unwrap()
    }

    /// A source whose pages come as a split leaves them: each page's records with their layout.
    struct Laid(Windowed);

    impl PageSource for Laid {
        numbered_source!();

        fn fetch(&self, page: u64, per_page: u64) -> BoxFuture<'_, Result<Page>> {
            Box::pin(async move {
                let page = self.0.fetch(page, per_page).await?;
                let texts: Vec<&str> = page.records.iter().map(|r| r.get()).collect();
                let array = format!("[{}]", texts.join(","));
                let memory = bytes::Bytes::from(array);
                let source = crate::record::Shared::checked(&memory).expect("UTF-8");
                let (records, layout, _) = crate::record::RawRecord::split_array(source, 0)
                    .expect("the page's records are JSON");
                Ok(Page {
                    records,
                    layout,
                    ..page
                })
            })
        }
    }

    /// Notes each record's text, and how many keys its layout gave.
    struct Copies;

    impl Reader for Copies {
        type Note = (String, Option<usize>);

        fn read(&self, record: &str, members: Option<&[u32]>) -> Self::Note {
            (record.to_string(), members.map(<[u32]>::len))
        }
    }

    #[test]
    fn a_readers_notes_go_with_their_records_and_a_record_met_again_takes_its_note_along() {
        // The last page overlaps the one before it, and every answer has other bytes: the list
        // is read twice, and records met again are not handed on.
        let rt = two_workers();
        let reporter = Reporter::new(false, true);
        let mut handed = Vec::new();
        let r = rt.block_on(walk_reading(
            Arc::new(Laid(Windowed::new(1234, Some(1), true))),
            all(50),
            &reporter,
            Arc::new(Copies),
            |record, (text, keys)| {
                assert_eq!(record.get(), text, "the note read this very record");
                assert_eq!(keys, Some(2), "from the layout: {text}");
                handed.push(value_of(&record).unwrap()["id"].as_u64().unwrap());
                Ok(())
            },
        ));
        assert!(matches!(&r, Err(Error::Protocol(_))), "{r:?}");
        assert_eq!(handed, (0..1234).collect::<Vec<_>>());
    }

    #[test]
    fn a_short_list_repeated_past_the_end_is_complete_without_a_total() {
        // Page 2 repeats page 1 (7 records, no counter): page 2 at half the size answers the
        // second half, so the server honours the page number and the list ended.
        for volatile in [false, true] {
            let (r, seen) = run(Windowed::new(7, None, volatile), all(10));
            assert_eq!((seen.len(), r.unwrap().records), (7, 7));
        }
        let (r, seen) = run(Wrapping(21), all(7));
        assert_eq!(seen, (0..21).collect::<Vec<_>>());
        assert!(r.is_ok());
    }

    /// A list chained by cursors: page 1 by number, every later page by the token the page before
    /// gave (`loops_at`: the token after that page points back at page 2).
    struct Linked {
        n: u64,
        total: bool,
        loops_at: Option<u64>,
        asked: std::sync::Mutex<Vec<String>>,
    }

    impl Linked {
        fn new(n: u64, total: bool, loops_at: Option<u64>) -> Linked {
            Linked {
                n,
                total,
                loops_at,
                asked: Default::default(),
            }
        }

        fn page(&self, page: u64, per_page: u64) -> Result<Page> {
            let start = (page - 1) * per_page;
            let records = (start..(start + per_page).min(self.n))
                .map(|i| record_of(&json!({"id": i})))
                .collect();
            let next = match self.loops_at {
                Some(at) if page == at => Next::Cursor {
                    param: "c".into(),
                    token: "2".into(),
                },
                _ if start + per_page < self.n => Next::Cursor {
                    param: "c".into(),
                    token: (page + 1).to_string(),
                },
                _ => Next::End,
            };
            Ok(Page {
                records,
                total: self.total.then_some(self.n),
                next,
                ..Page::default()
            })
        }
    }

    impl PageSource for Linked {
        fn proved(&self, _: crate::record::Proved) {}

        fn identity(&self) -> crate::identity::IdKeys {
            crate::identity::IdKeys::ANY
        }

        /// A numbered deployment that answers with links: the walk finds them in its answers.
        fn addressing(&self) -> Addressing {
            Addressing::Numbered
        }

        fn fetch(&self, page: u64, per_page: u64) -> BoxFuture<'_, Result<Page>> {
            self.asked.lock().unwrap().push(format!("#{page}"));
            // A deployment paged by link ignores the page number.
            let page = self.page(1, per_page);
            Box::pin(async move { page })
        }

        fn follow<'a>(
            &'a self,
            next: &'a crate::record::Next,
            per_page: u64,
        ) -> BoxFuture<'a, Result<Page>> {
            Box::pin(async move {
                let Next::Cursor { token, .. } = next else {
                    panic!("{next:?}");
                };
                self.asked.lock().unwrap().push(token.clone());
                self.page(token.parse().unwrap(), per_page)
            })
        }
    }

    #[test]
    fn a_list_chained_by_cursors_is_followed_one_page_at_a_time_and_its_head_read_again() {
        for total in [true, false] {
            let source = Arc::new(Linked::new(103, total, None));
            let (r, seen) = run_shared(source.clone(), all(10));
            assert_eq!(seen, (0..103).collect::<Vec<_>>(), "total {total}");
            assert_eq!(r.unwrap().records, 103);
            let asked = source.asked.lock().unwrap().clone();
            let mut want = vec!["#1".to_string()];
            want.extend((2..=11).map(|p| p.to_string()));
            // Without a counter to check the walk against, the first page is read again at the
            // end: a cursor may be an offset, which a deletion ahead of it slides past a record.
            if !total {
                want.push("#1".to_string());
            }
            assert_eq!(asked, want, "total {total}");
        }
        // `--limit` asks for no link past the records it needs.
        let source = Arc::new(Linked::new(103, false, None));
        let (_, seen) = run_shared(
            source.clone(),
            Walk {
                limit: Some(25),
                ..all(10)
            },
        );
        assert_eq!(seen, (0..25).collect::<Vec<_>>());
        assert_eq!(source.asked.lock().unwrap().len(), 3);
    }

    /// A list each of whose pages starts where the last one ended (a keyset kept by the source),
    /// saying nothing of a next page: asked for side by side, its pages would come back out of
    /// order. It remembers how many were in flight at once.
    struct Keyset {
        n: u64,
        served: std::sync::atomic::AtomicU64,
        in_flight: std::sync::atomic::AtomicUsize,
        most: std::sync::atomic::AtomicUsize,
    }

    impl PageSource for Keyset {
        fn proved(&self, _: crate::record::Proved) {}

        fn identity(&self) -> crate::identity::IdKeys {
            crate::identity::IdKeys::ANY
        }

        fn addressing(&self) -> Addressing {
            Addressing::Chained
        }

        fn fetch(&self, _page: u64, per_page: u64) -> BoxFuture<'_, Result<Page>> {
            use std::sync::atomic::Ordering::SeqCst;
            let now = self.in_flight.fetch_add(1, SeqCst) + 1;
            self.most.fetch_max(now, SeqCst);
            Box::pin(async move {
                tokio::time::sleep(std::time::Duration::from_millis(2)).await;
                let start = self.served.fetch_add(per_page, SeqCst).min(self.n);
                let records = (start..(start + per_page).min(self.n))
                    .map(|i| record_of(&json!({"id": i})))
                    .collect();
                self.in_flight.fetch_sub(1, SeqCst);
                answered(records, None).await
            })
        }

        fn follow<'a>(&'a self, _next: &'a Next, per_page: u64) -> BoxFuture<'a, Result<Page>> {
            self.fetch(0, per_page)
        }
    }

    #[test]
    fn a_source_that_says_it_is_chained_is_read_one_page_at_a_time() {
        // Four pages in flight asked for, on a runtime that could serve them side by side: the
        // source's own word decides.
        let source = Arc::new(Keyset {
            n: 103,
            served: Default::default(),
            in_flight: Default::default(),
            most: Default::default(),
        });
        let rt = two_workers();
        let reporter = Reporter::new(false, true);
        let mut seen = Vec::new();
        let r = rt.block_on(walk(source.clone(), all(10), &reporter, |v| {
            seen.push(value_of(&v).unwrap()["id"].as_u64().unwrap());
            Ok(())
        }));
        assert_eq!(r.unwrap().records, 103);
        assert_eq!(seen, (0..103).collect::<Vec<_>>());
        assert_eq!(source.most.load(std::sync::atomic::Ordering::SeqCst), 1);
    }

    #[test]
    fn a_link_that_comes_again_fails_the_walk() {
        let (r, seen) = run(Linked::new(103, false, Some(4)), all(10));
        assert_eq!(seen, (0..40).collect::<Vec<_>>());
        assert!(
            matches!(&r, Err(Error::Protocol(m)) if m.contains("repeats one already followed")),
            "{r:?}"
        );
        // A later page cannot be asked of a list without page numbers.
        let (r, _) = run(
            Linked::new(103, false, None),
            Walk {
                first: 3,
                ..all(10)
            },
        );
        assert!(matches!(r, Err(Error::Usage(_))), "{r:?}");
    }

    fn run_shared(source: Arc<dyn PageSource>, spec: Walk) -> (Result<Summary>, Vec<u64>) {
        let rt = tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
            .unwrap();
        let reporter = Reporter::new(false, true);
        let mut seen = Vec::new();
        let r = rt.block_on(walk(source, spec, &reporter, |v| {
            seen.push(value_of(&v).unwrap()["id"].as_u64().unwrap());
            Ok(())
        }));
        (r, seen)
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

    /// A list of `n` records behind a load balancer: the answers of `lagging` pages (the first
    /// `times` of them; all with `None`) come from a replica that lacks the list's first `behind`
    /// records (the newest, in a list sorted newest first), with its own total. `deleted` records
    /// at the head go away for good once page 2 has been answered.
    struct Replicas {
        n: u64,
        behind: u64,
        lagging: &'static [u64],
        times: Option<u64>,
        deleted: u64,
        lagged: std::sync::atomic::AtomicU64,
        second_answered: std::sync::atomic::AtomicBool,
    }

    impl Replicas {
        fn new(n: u64, behind: u64, lagging: &'static [u64], times: Option<u64>) -> Replicas {
            Replicas {
                n,
                behind,
                lagging,
                times,
                deleted: 0,
                lagged: Default::default(),
                second_answered: Default::default(),
            }
        }
    }

    impl PageSource for Replicas {
        numbered_source!();

        fn fetch(&self, page: u64, per_page: u64) -> BoxFuture<'_, Result<Page>> {
            use std::sync::atomic::Ordering::SeqCst;
            let lags = self.lagging.contains(&page)
                && self
                    .times
                    .is_none_or(|times| self.lagged.fetch_add(1, SeqCst) < times);
            let mut head = if lags { self.behind } else { 0 };
            if self.second_answered.load(SeqCst) {
                head += self.deleted;
            }
            if page == 2 {
                self.second_answered.store(true, SeqCst);
            }
            let start = head + (page - 1) * per_page;
            let records = (start..(start + per_page).min(self.n))
                .map(|i| record_of(&json!({ "id": i })))
                .collect();
            answered(records, Some(self.n - head))
        }
    }

    #[test]
    fn a_replica_that_lagged_once_is_read_again_and_nothing_is_lost() {
        // Page 1's first answer lacks the 7 newest records and says 1,227; every later answer
        // says 1,234. The second read is consistent and brings the 7.
        let (r, seen) = run(Replicas::new(1234, 7, &[1], Some(1)), all(50));
        let mut sorted = seen.clone();
        sorted.sort_unstable();
        assert_eq!(sorted, (0..1234).collect::<Vec<_>>(), "each record once");
        let summary = r.unwrap();
        assert_eq!(
            (summary.records, summary.total, summary.reads),
            (1234, Some(1234), 2)
        );
    }

    #[test]
    fn a_replica_that_always_lags_fails_naming_the_counters_that_disagreed() {
        let (r, seen) = run(Replicas::new(1234, 7, &[1], None), all(50));
        assert!(seen.len() <= 1234);
        assert!(
            matches!(&r, Err(Error::Protocol(m))
                if m.contains("total was 1227 on page 1 and 1234 on page 2") && m.contains("3 reads")),
            "{r:?}"
        );
    }

    /// A list of `n` records and no counters, whose pages numbered in `lagging` (for the first
    /// `times` answers; all with `None`) come from a replica that lacks its newest `behind` records,
    /// at the list's end. Every page asked is kept, as (page, size).
    struct TailLag {
        n: u64,
        behind: u64,
        lagging: &'static [u64],
        times: Option<u64>,
        lagged: std::sync::atomic::AtomicU64,
        asked: std::sync::Mutex<Vec<(u64, u64)>>,
    }

    impl TailLag {
        fn new(n: u64, behind: u64, lagging: &'static [u64], times: Option<u64>) -> TailLag {
            TailLag {
                n,
                behind,
                lagging,
                times,
                lagged: Default::default(),
                asked: Default::default(),
            }
        }
    }

    impl PageSource for TailLag {
        numbered_source!();

        fn fetch(&self, page: u64, per_page: u64) -> BoxFuture<'_, Result<Page>> {
            use std::sync::atomic::Ordering::SeqCst;
            self.asked.lock().unwrap().push((page, per_page));
            let lags = self.lagging.contains(&page)
                && self
                    .times
                    .is_none_or(|times| self.lagged.fetch_add(1, SeqCst) < times);
            let len = if lags { self.n - self.behind } else { self.n };
            let start = (page - 1) * per_page;
            let records = (start..(start + per_page).min(len))
                .map(|i| record_of(&json!({ "id": i })))
                .collect();
            answered(records, None)
        }
    }

    #[test]
    fn an_end_that_only_an_empty_page_gave_is_read_again_across_it() {
        // Seller 1's quotes are 26, 28 and 44; pages 2 and 3 come from a replica without 44, and
        // no counter can be trusted. Page 2 answers empty right after a full page 1: the end is read
        // once more at 3 a page, which shows 44, and no read ever gets past the replica, so the walk
        // fails rather than exit with 2 of 3 records.
        let source = Arc::new(TailLag::new(3, 1, &[2, 3], None));
        let (r, seen) = run_shared(source.clone(), all(2));
        assert_eq!(seen, [0, 1], "each record once");
        assert!(
            matches!(&r, Err(Error::Protocol(m)) if m.contains("3 reads")),
            "{r:?}"
        );
        assert!(source.asked.lock().unwrap().contains(&(1, 3)));
        // A replica that catches up: the second read brings the record, once.
        let (r, seen) = run(TailLag::new(3, 1, &[2, 3], Some(2)), all(2));
        assert_eq!(seen, [0, 1, 2], "each record once");
        assert_eq!(r.unwrap().records, 3);
    }

    /// A list of `n` records and no counters whose head loses `deleted` records each time page 2
    /// is answered, the first `times` times.
    struct HeadLoss {
        n: u64,
        deleted: u64,
        times: u64,
        gone: std::sync::atomic::AtomicU64,
        seconds: std::sync::atomic::AtomicU64,
    }

    impl PageSource for HeadLoss {
        numbered_source!();

        fn fetch(&self, page: u64, per_page: u64) -> BoxFuture<'_, Result<Page>> {
            use std::sync::atomic::Ordering::SeqCst;
            let head = self.gone.load(SeqCst);
            if page == 2 && self.seconds.fetch_add(1, SeqCst) < self.times {
                self.gone.fetch_add(self.deleted, SeqCst);
            }
            let start = head + (page - 1) * per_page;
            let records = (start..(start + per_page).min(self.n))
                .map(|i| record_of(&json!({ "id": i })))
                .collect();
            answered(records, None)
        }
    }

    #[test]
    fn records_deleted_at_the_head_of_a_list_without_counters_are_never_skipped() {
        // 2 records go from the head once page 2 is answered: page 3 starts 2 records later, and
        // only page 1 read again shows it. The second read brings the 2 skipped, once.
        let head = |times| HeadLoss {
            n: 20,
            deleted: 2,
            times,
            gone: Default::default(),
            seconds: Default::default(),
        };
        let walk = Walk {
            concurrency: 1,
            ..all(5)
        };
        let (r, seen) = run(head(1), walk);
        let mut sorted = seen.clone();
        sorted.sort_unstable();
        assert_eq!(sorted, (0..20).collect::<Vec<_>>(), "each record once");
        assert_eq!(r.unwrap().reads, 2);
        // A head that loses records on every read fails the walk rather than vouch for any.
        let (r, seen) = run(head(u64::MAX), walk);
        assert!(seen.len() <= 20);
        assert!(
            matches!(&r, Err(Error::Protocol(m)) if m.contains("3 reads") && m.contains("page 1")),
            "{r:?}"
        );
    }

    /// A list of `n` records and no counters whose requests that check a read fail with a 503
    /// (as they would once the transport's retries are spent), the first `times` times: page 1
    /// asked again once a read ended (`head`), or a page asked at another size than the walk's
    /// `per_page` (the end read across it).
    struct Unconfirmable {
        n: u64,
        per_page: u64,
        head: bool,
        times: u64,
        failed: std::sync::atomic::AtomicU64,
        firsts: std::sync::atomic::AtomicU64,
    }

    impl Unconfirmable {
        fn new(n: u64, per_page: u64, head: bool, times: u64) -> Unconfirmable {
            Unconfirmable {
                n,
                per_page,
                head,
                times,
                failed: Default::default(),
                firsts: Default::default(),
            }
        }
    }

    impl PageSource for Unconfirmable {
        numbered_source!();

        fn fetch(&self, page: u64, per_page: u64) -> BoxFuture<'_, Result<Page>> {
            use std::sync::atomic::Ordering::SeqCst;
            // Each read asks page 1 once, and its head check once more.
            let checking = match self.head {
                true => {
                    page == 1
                        && per_page == self.per_page
                        && self.firsts.fetch_add(1, SeqCst) % 2 == 1
                }
                false => per_page != self.per_page,
            };
            if checking && self.failed.fetch_add(1, SeqCst) < self.times {
                return Box::pin(async {
                    Err(Error::Server {
                        status: 503,
                        message: "Service Unavailable".into(),
                    })
                });
            }
            let start = (page - 1) * per_page;
            let records = (start..(start + per_page).min(self.n))
                .map(|i| record_of(&json!({ "id": i })))
                .collect();
            answered(records, None)
        }
    }

    #[test]
    fn a_head_check_that_cannot_be_read_once_reads_the_list_again() {
        // 12 records at 5 a page, no counters: page 1 asked again once the read ended fails once.
        // The read is unchecked, so the list is read again, each record handed on once.
        let walk = Walk {
            concurrency: 1,
            ..all(5)
        };
        let (r, seen) = run(Unconfirmable::new(12, 5, true, 1), walk);
        assert_eq!(seen, (0..12).collect::<Vec<_>>(), "each record once");
        assert_eq!(r.unwrap().reads, 2);
    }

    #[test]
    fn a_head_check_that_never_can_be_read_fails_the_walk_naming_it() {
        let walk = Walk {
            concurrency: 1,
            ..all(5)
        };
        let (r, seen) = run(Unconfirmable::new(12, 5, true, u64::MAX), walk);
        assert_eq!(seen, (0..12).collect::<Vec<_>>(), "each record once");
        assert!(
            matches!(&r, Err(Error::Protocol(m)) if m.contains("to check the head of the list, could not be read")
                && m.contains("each of 3 reads")),
            "{r:?}"
        );
    }

    #[test]
    fn an_end_that_cannot_be_confirmed_is_never_passed() {
        // 10 records at 5 a page end on a full page and an empty one: the end is read across at
        // 6 a page (then smaller sizes), which fails. Once: the list is read again, each record
        // once; always: the walk fails naming the page that could not be read.
        let walk = Walk {
            concurrency: 1,
            ..all(5)
        };
        let (r, seen) = run(Unconfirmable::new(10, 5, false, 1), walk);
        assert_eq!(seen, (0..10).collect::<Vec<_>>(), "each record once");
        assert_eq!(r.unwrap().reads, 2);
        let (r, seen) = run(Unconfirmable::new(10, 5, false, u64::MAX), walk);
        assert_eq!(seen, (0..10).collect::<Vec<_>>(), "each record once");
        assert!(
            matches!(&r, Err(Error::Protocol(m)) if m.contains("asked to confirm where the list ended, could not be read")
                && m.contains("each of 3 reads")),
            "{r:?}"
        );
    }

    #[test]
    fn an_end_confirmed_across_it_costs_one_page_and_a_short_page_none() {
        // 4 records at 2 a page end on a full page: page 2 at 3 a page holds records 3 and 4,
        // both read, and confirms the end.
        let source = Arc::new(TailLag::new(4, 0, &[], None));
        let (r, seen) = run_shared(source.clone(), all(2));
        assert_eq!(seen, [0, 1, 2, 3]);
        assert_eq!(r.unwrap().reads, 1);
        let asked = source.asked.lock().unwrap().clone();
        let across: Vec<_> = asked.iter().filter(|(_, size)| *size != 2).collect();
        assert_eq!(across, [&(2, 3)], "{asked:?}");
        // 5 records end on a short page and an empty one: two signs, no page more.
        let source = Arc::new(TailLag::new(5, 0, &[], None));
        let (r, seen) = run_shared(source.clone(), all(2));
        assert_eq!((seen.len(), r.unwrap().reads), (5, 1));
        let asked = source.asked.lock().unwrap().clone();
        assert!(asked.iter().all(|(_, size)| *size == 2), "{asked:?}");
    }

    #[test]
    fn records_deleted_under_the_walk_are_read_again_never_skipped() {
        // After page 2, 7 records at the head go: page 2 on shifts by 7, which a read from page 1
        // alone would skip (records 50 to 56 move onto page 1).
        let source = Replicas {
            deleted: 7,
            ..Replicas::new(1234, 0, &[], None)
        };
        let (r, seen) = run(source, all(50));
        let mut sorted = seen.clone();
        sorted.sort_unstable();
        assert_eq!(sorted, (0..1234).collect::<Vec<_>>(), "each record once");
        let summary = r.unwrap();
        assert_eq!((summary.total, summary.reads), (Some(1227), 2));
    }

    /// A list of six records numbered from page 0 (so a walk's page 1 is its second window) whose
    /// head loses one record once that page is answered, and whose pages past the end repeat the
    /// last full window, with the live total: page 2 then repeats page 1 whole, and a probe at half
    /// the size lands on page 1's first record, just as a server that ignores the page would.
    struct ShrinksUnderTheProbe {
        shrunk: std::sync::atomic::AtomicBool,
        ignored: std::sync::atomic::AtomicBool,
    }

    impl PageSource for ShrinksUnderTheProbe {
        fn proved(&self, proved: crate::record::Proved) {
            if proved == Proved::Ignored {
                self.ignored
                    .store(true, std::sync::atomic::Ordering::SeqCst);
            }
        }

        fn identity(&self) -> crate::identity::IdKeys {
            crate::identity::IdKeys::ANY
        }

        fn addressing(&self) -> Addressing {
            Addressing::Numbered
        }

        fn follow<'a>(&'a self, _: &'a Next, _: u64) -> BoxFuture<'a, Result<Page>> {
            Box::pin(async { Err(Error::Protocol("no links here".into())) })
        }

        fn fetch(&self, page: u64, per_page: u64) -> BoxFuture<'_, Result<Page>> {
            use std::sync::atomic::Ordering::SeqCst;
            let head = u64::from(self.shrunk.load(SeqCst));
            let ids: Vec<u64> = (head..6).collect();
            let len = ids.len() as u64;
            let mut start = page * per_page;
            if start >= len {
                start = len - len.min(per_page);
            }
            let records = ids[start as usize..(start + per_page).min(len) as usize]
                .iter()
                .map(|i| record_of(&json!({ "id": i })))
                .collect();
            if page == 1 {
                self.shrunk.store(true, SeqCst);
            }
            answered(records, Some(len))
        }
    }

    #[test]
    fn a_page_repeated_while_the_total_moved_is_no_proof_that_the_page_is_ignored() {
        let source = ShrinksUnderTheProbe {
            shrunk: Default::default(),
            ignored: Default::default(),
        };
        let source = Arc::new(source);
        let (r, seen) = run_shared(source.clone(), all(3));
        assert!(
            !source.ignored.load(std::sync::atomic::Ordering::SeqCst),
            "remembered as ignoring the page: {r:?}"
        );
        assert!(
            !matches!(&r, Err(Error::Protocol(m)) if m.contains("pages-page-ignored")),
            "{r:?}"
        );
        let mut unique = seen.clone();
        unique.sort_unstable();
        unique.dedup();
        assert_eq!(unique.len(), seen.len(), "a record twice: {seen:?}");
    }

    /// A server whose list of `.0` records wraps around past its end (the page after the last
    /// starts over from the first record), with no total.
    struct Wrapping(u64);

    impl PageSource for Wrapping {
        numbered_source!();

        fn fetch(&self, page: u64, per_page: u64) -> BoxFuture<'_, Result<Page>> {
            let start = (page - 1) * per_page;
            let records = (start..start + per_page)
                .map(|i| record_of(&json!({"id": i % self.0})))
                .collect();
            answered(records, None)
        }
    }

    #[test]
    fn a_server_that_wraps_around_is_stopped_without_duplicates() {
        let (r, seen) = run(Wrapping(6), all(2));
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
        numbered_source!();

        fn fetch(&self, page: u64, per_page: u64) -> BoxFuture<'_, Result<Page>> {
            let start = (page - 1) * (per_page / 2);
            let records = (start..start + per_page)
                .map(|i| record_of(&json!({"id": i, "nome": format!("n{i}")})))
                .collect();
            answered(records, None)
        }
    }

    #[test]
    fn overlapping_pages_with_nothing_to_check_them_fail_without_duplicates() {
        // Each read stops at the overlap of page 2; no read can vouch for the list.
        let (r, seen) = run(Shifting, all(10));
        assert_eq!(seen, (0..15).collect::<Vec<_>>());
        assert!(
            matches!(&r, Err(Error::Protocol(m)) if m.contains("kept changing") && m.contains("3 reads")),
            "{r:?}"
        );
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
        numbered_source!();

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
        let rt = two_workers();
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
        numbered_source!();

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
