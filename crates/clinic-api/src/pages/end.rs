//! Whether a list has ended, read from the data alone. The end is an empty page, a page of records
//! all read before (the data ran out, or a server repeats itself), or a page shorter than the
//! deployment's page size whose running count agrees with every counter the service gave. A short
//! page is no end by itself (servers cap `por_pagina`), and a counter (a record total, a page count)
//! is a cross-check, never the reason to stop: one that the data contradicts (more records than the
//! "total", records past the "page count") is dropped for the walk with a warning, and one the data
//! ends short of fails the walk ([`Short`]). Without a total, a page that overlaps the previous one
//! (a server whose pages shift) stops the walk, with a warning.
//!
//! These rules see each page as its records and counters, with how many of its records are new to
//! the walk: no source, no ledger and no schedule, so each rule can be tested by itself.

use crate::error::Error;
use crate::record::{Counter, Counts, Next, Page};
use crate::ui::Reporter;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Flow {
    /// The walk goes on.
    Continue,
    /// The data ended here: the counters are checked against what arrived.
    End,
    /// The walk stops short of the end (`--limit`, or pages that shift with nothing to check them).
    Stop,
}

/// Where a page stands in the walk, as the end rules need it.
#[derive(Debug, Clone, Copy)]
pub(super) struct Arrived {
    /// The page's number in the walk.
    pub number: u64,
    /// How many of its records the walk had not seen.
    pub fresh: u64,
    /// Records handed on before this page.
    pub records: u64,
    /// Pages that brought records before this one.
    pub pages: u64,
    /// The list is chained by links or cursors: a page without one is its last.
    pub chained: bool,
}

/// How a read found the list changing under it.
pub(super) struct Change {
    /// Said in messages: the counters that disagreed, or the page that overlapped.
    pub(super) said: String,
    /// A counter changed between pages: this read cannot vouch for the list whatever comes next.
    pub(super) counters: bool,
    /// The read stopped at an overlap it had nothing to check against: it never reached the end.
    pub(super) stopped: bool,
    /// The read ended short of a counter that held still: the walk's failure, should a second read
    /// agree with it (the source is asked why only then).
    pub(super) short: Option<Short>,
    /// A page asked to confirm where the list ended, or its head, could not be read (`said` names
    /// it): the read is unchecked, never taken as a list that held still.
    pub(super) unconfirmed: bool,
}

/// A counter the service gave, and whether the data has borne it out so far.
struct Claim {
    counter: Counter,
    live: bool,
}

/// What the pages of one walk have said about where the list ends.
pub(super) struct Ending {
    /// The page size asked for.
    per_page: u64,
    /// The page the walk started from: a total counts from page 1 only.
    first_page: u64,
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
    /// Page 2 of a walk from page 1 held only page 1's records: how many page 1 held. Nothing but
    /// a counter or a probe tells a list that fits on page 1 from a server that ignores the page.
    second_repeats_first: Option<u64>,
    /// A page held only records read before.
    repeated: bool,
    /// A page held records of an earlier one beside new ones.
    overlapped: bool,
    /// The counters of the read's first page, from whatever page it started: every later page's
    /// are set against them.
    first_said: Vec<Counter>,
    /// The first counter that changed between pages: the list changed under the read.
    counter_changed: Option<String>,
    /// The first page that overlapped the pages before it, said.
    overlap_said: Option<String>,
    /// The read stopped at an overlap, with no record count to check what it skipped.
    overlap_stopped: bool,
}

impl Ending {
    pub(super) fn new(per_page: u64, first_page: u64) -> Ending {
        Ending {
            per_page,
            first_page,
            answered: false,
            served: per_page.max(1),
            size: None,
            claims: Vec::new(),
            dropped: false,
            second_repeats_first: None,
            repeated: false,
            overlapped: false,
            first_said: Vec::new(),
            counter_changed: None,
            overlap_said: None,
            overlap_stopped: false,
        }
    }

    /// How the list changed under the read, if it did: a counter that changed between pages
    /// (which no later agreement can excuse), else a page that overlapped the ones before it.
    pub(super) fn change(&self) -> Option<Change> {
        let said = self
            .counter_changed
            .as_ref()
            .or(self.overlap_said.as_ref())?;
        Some(Change {
            said: said.clone(),
            counters: self.counter_changed.is_some(),
            stopped: self.overlap_stopped,
            short: None,
            unconfirmed: false,
        })
    }

    /// Sets a page's counters against those of the read's first page: the first that differs
    /// (same key, another value) is kept, said.
    fn compare_counters(&mut self, number: u64, page: &Page) {
        if self.counter_changed.is_some() {
            return;
        }
        for now in page.claims() {
            let Some(then) = self.first_said.iter().find(|c| c.key == now.key) else {
                continue;
            };
            if then.value != now.value {
                self.counter_changed = Some(crate::t!(
                    "pages-change-counter",
                    counter = now.key.as_str(),
                    before = then.value,
                    first = self.first_page,
                    after = now.value,
                    page = number
                ));
                return;
            }
        }
    }

    /// Sets the record counts of a page asked for again at another size (a probe) against the live
    /// ones of the first page: a count that moved means the list changed under the read, so what
    /// the probe shows proves nothing of how the server pages. A page count is left alone, as it
    /// follows the size asked for. True when a count moved (kept and said, as between pages).
    pub(super) fn recount(&mut self, number: u64, page: &Page) -> bool {
        let moved = page.claims().into_iter().find_map(|now| {
            let then = self
                .live_claims(Counts::Records)
                .find(|c| c.key == now.key)?;
            (now.counts == Counts::Records && then.value != now.value).then_some((then.value, now))
        });
        let Some((before, now)) = moved else {
            return false;
        };
        if self.counter_changed.is_none() {
            self.counter_changed = Some(crate::t!(
                "pages-change-counter",
                counter = now.key.as_str(),
                before = before,
                first = self.first_page,
                after = now.value,
                page = number
            ));
        }
        true
    }

    /// The first page has been answered.
    pub(super) fn answered(&self) -> bool {
        self.answered
    }

    /// Records a page brings, as far as the first one showed.
    pub(super) fn served(&self) -> u64 {
        self.served
    }

    /// How many records page 1 held when page 2 repeated them all (see [`Ending::vouched`]).
    pub(super) fn second_repeats_first(&self) -> Option<u64> {
        self.second_repeats_first
    }

    /// The record count the service gave and the data has not contradicted.
    pub(super) fn total(&self) -> Option<u64> {
        self.live_claims(Counts::Records).map(|c| c.value).next()
    }

    /// The largest page seen so far: the deployment's page size, once a page has shown it.
    pub(super) fn size(&self) -> Option<u64> {
        self.size
    }

    /// Some counter is still live and every live one says `records` in `pages` pages: the end has a
    /// second witness beside the page that ended the read.
    pub(super) fn borne_out(&self, records: u64, pages: u64) -> bool {
        self.claims.iter().any(|c| c.live) && self.agree(records, pages)
    }

    /// A live record count says the list holds exactly `records`.
    pub(super) fn vouched(&self, records: u64) -> bool {
        self.live_claims(Counts::Records)
            .any(|c| c.value == records)
    }

    fn live_claims(&self, counts: Counts) -> impl Iterator<Item = &Counter> {
        self.claims
            .iter()
            .filter(move |c| c.live && c.counter.counts == counts)
            .map(|c| &c.counter)
    }

    /// The last page the live counters point at, given the page size served; `None` when none
    /// says.
    pub(super) fn last_claimed(&self) -> Option<u64> {
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

    /// Reads what a page says about the list, before its records are handed on: whether the list
    /// ends here, and which counters it contradicts.
    pub(super) fn page(&mut self, at: Arrived, page: &Page, reporter: &Reporter) -> Flow {
        let n = page.records.len() as u64;
        if !self.answered {
            self.answered = true;
            self.first_said = page.claims();
            self.served = n.clamp(1, self.per_page.max(1));
            if self.first_page == 1 {
                self.claims = page
                    .claims()
                    .into_iter()
                    .map(|counter| Claim {
                        counter,
                        live: true,
                    })
                    .collect();
            }
        } else {
            self.compare_counters(at.number, page);
        }
        if n == 0 {
            return Flow::End;
        }
        let fresh = at.fresh;
        if fresh == 0 {
            self.repeated = true;
            if at.number == 2 && self.first_page == 1 && !at.chained {
                self.second_repeats_first = Some(at.records);
            }
            reporter.warn(&crate::t!("pages-repeated", page = at.number));
            return Flow::End;
        }
        let count = at.records + fresh;
        let pages = at.pages + 1;
        self.contradicted(at.number, count, pages, reporter);
        if at.chained {
            return if page.next.leads_on() {
                Flow::Continue
            } else {
                Flow::End
            };
        }
        // A first page that says it is the last (a null next link), and is short of the size asked
        // or holds what every counter says: two signals agree that the list ends here.
        let short_of_asked = n < self.per_page;
        if at.number == self.first_page
            && page.next == Next::End
            && (short_of_asked || self.agree(count, pages))
        {
            return Flow::End;
        }
        let overlap = n - fresh;
        if overlap > 0 && self.overlap_said.is_none() {
            self.overlap_said = Some(crate::t!(
                "pages-change-overlap",
                page = at.number,
                overlap = overlap
            ));
        }
        // Without a record count nothing says where a shifting list ends, so the read stops (and
        // the walk reads the list again); with one, the records already read are skipped and the
        // count at the end tells whether any were lost.
        if overlap > 0 && self.live_claims(Counts::Records).next().is_none() {
            reporter.warn(&crate::t!(
                "pages-overlap-stop",
                page = at.number,
                overlap = overlap,
                count = n
            ));
            self.overlapped = true;
            self.overlap_stopped = true;
            return Flow::Stop;
        }
        if overlap > 0 && !self.overlapped {
            reporter.warn(&crate::t!(
                "pages-overlap-skip",
                page = at.number,
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

    /// Once the data has ended with `count` records in `pages` pages: a counter that another
    /// counter of the same kind and the data both contradict is dropped; a page count is dropped
    /// when a record count agrees with the data.
    pub(super) fn settle(&mut self, count: u64, pages: u64, reporter: &Reporter) {
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

    /// The first live counter the data, ended with `records` records in `pages` pages, fell short
    /// of.
    pub(super) fn shortfall(&self, records: u64, pages: u64) -> Option<Short> {
        self.claims
            .iter()
            .filter(|c| c.live)
            .find(|c| !bears_out(&c.counter, records, pages))
            .map(|c| Short {
                counter: c.counter.clone(),
                records,
                pages,
                repeated: self.repeated,
                overlapped: self.overlapped,
            })
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

/// A counter the data ended short of, and what the walk read.
pub(super) struct Short {
    counter: Counter,
    records: u64,
    pages: u64,
    repeated: bool,
    overlapped: bool,
}

impl Short {
    /// The walk's failure, naming the counter; `why` is what the source found out about it.
    pub(super) fn error(&self, why: Option<String>) -> Error {
        let c = &self.counter;
        let read = self.records;
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
                read = self.pages,
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
            None if self.repeated => crate::t!(
                "pages-incomplete-repeated",
                counter = key,
                count = c.value,
                reported = reported,
                read = read_text
            ),
            None if self.overlapped => crate::t!(
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::record::record_of;
    use serde_json::json;

    /// A page of the records numbered `ids`, with a record total when given.
    fn page(ids: std::ops::Range<u64>, total: Option<u64>) -> Page {
        Page {
            records: ids.map(|i| record_of(&json!({ "id": i }))).collect(),
            total,
            ..Page::default()
        }
    }

    /// Reads `pages` one after another, each wholly new unless `seen` says how many of its records
    /// the walk had read; gives the verdict on each and what was handed on.
    fn read(
        ending: &mut Ending,
        pages: &[(Page, Option<u64>)],
        reporter: &Reporter,
    ) -> (Vec<Flow>, u64, u64) {
        let (mut records, mut count) = (0, 0);
        let mut flows = Vec::new();
        for (i, (page, seen)) in pages.iter().enumerate() {
            let n = page.records.len() as u64;
            let fresh = n - seen.unwrap_or(0);
            let at = Arrived {
                number: i as u64 + 1,
                fresh,
                records,
                pages: count,
                chained: false,
            };
            flows.push(ending.page(at, page, reporter));
            if fresh > 0 {
                records += fresh;
                count += 1;
            }
        }
        (flows, records, count)
    }

    fn quiet() -> std::sync::Arc<Reporter> {
        Reporter::new(false, true)
    }

    #[test]
    fn an_agreeing_total_ends_the_walk_on_a_short_page() {
        let mut ending = Ending::new(10, 1);
        let pages = [
            (page(0..10, Some(25)), None),
            (page(10..20, Some(25)), None),
            (page(20..25, Some(25)), None),
        ];
        let (flows, records, count) = read(&mut ending, &pages, &quiet());
        assert_eq!(flows, [Flow::Continue, Flow::Continue, Flow::End]);
        assert_eq!(ending.total(), Some(25));
        assert!(ending.shortfall(records, count).is_none());
        // A total the records fall short of keeps the walk past the short page: the next page tells.
        let mut ending = Ending::new(10, 1);
        let pages = [
            (page(0..10, Some(26)), None),
            (page(10..20, None), None),
            (page(20..25, None), None),
        ];
        let (flows, _, _) = read(&mut ending, &pages, &quiet());
        assert_eq!(flows, [Flow::Continue, Flow::Continue, Flow::Continue]);
    }

    #[test]
    fn the_first_page_never_ends_the_walk_without_a_counter_or_a_link_that_says_so() {
        // Short of the 10 asked, and a total that agrees: the server may cap its pages silently,
        // and the total may be wrong.
        for total in [None, Some(7)] {
            let mut ending = Ending::new(10, 1);
            let (flows, _, _) = read(&mut ending, &[(page(0..7, total), None)], &quiet());
            assert_eq!(flows, [Flow::Continue], "total {total:?}");
        }
        // A first page that says it is the last, short of the size asked: two signals agree.
        let mut ending = Ending::new(10, 1);
        let last = Page {
            next: Next::End,
            ..page(0..7, None)
        };
        let (flows, _, _) = read(&mut ending, &[(last, None)], &quiet());
        assert_eq!(flows, [Flow::End]);
    }

    #[test]
    fn a_counter_too_high_gives_the_shortfall_naming_it() {
        let mut ending = Ending::new(10, 1);
        let pages = [
            (page(0..10, Some(30)), None),
            (page(10..20, Some(30)), None),
            (page(20..25, Some(30)), None),
            (page(25..25, Some(30)), None),
        ];
        let (flows, records, count) = read(&mut ending, &pages, &quiet());
        assert_eq!(
            flows,
            [Flow::Continue, Flow::Continue, Flow::Continue, Flow::End]
        );
        let short = ending.shortfall(records, count).expect("a shortfall");
        let Error::Protocol(message) = short.error(None) else {
            panic!("not a protocol error");
        };
        assert!(message.contains("total"), "{message}");
        // A counter too low is dropped as the records pass it, and fails nothing.
        let mut ending = Ending::new(10, 1);
        let pages = [
            (page(0..10, Some(12)), None),
            (page(10..20, None), None),
            (page(20..20, None), None),
        ];
        let (_, records, count) = read(&mut ending, &pages, &quiet());
        assert!(ending.shortfall(records, count).is_none());
        assert_eq!(ending.total(), None);
    }

    #[test]
    fn a_page_of_records_all_seen_past_a_full_window_is_the_end() {
        // A deployment that serves its last full window again past the end, with no counter.
        let mut ending = Ending::new(10, 1);
        let pages = [
            (page(0..10, None), None),
            (page(10..20, None), None),
            (page(10..20, None), Some(10)),
        ];
        let (flows, records, count) = read(&mut ending, &pages, &quiet());
        assert_eq!(flows, [Flow::Continue, Flow::Continue, Flow::End]);
        assert_eq!((records, count), (20, 2));
        assert!(ending.shortfall(records, count).is_none());
        // Only page 2 repeating page 1 calls for the probe of a server that ignores the page.
        assert_eq!(ending.second_repeats_first(), None);
        let mut ending = Ending::new(10, 1);
        let pages = [(page(0..10, None), None), (page(0..10, None), Some(10))];
        let (flows, _, _) = read(&mut ending, &pages, &quiet());
        assert_eq!(flows, [Flow::Continue, Flow::End]);
        assert_eq!(ending.second_repeats_first(), Some(10));
    }
}
