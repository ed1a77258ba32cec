//! What a deployment's answers teach about it, beyond what the specification says: how it numbers
//! its pages (from 1 or from 0), the largest page it serves, and which day its modified-since filter
//! reads. Learned from answers, remembered in the
//! profile (`page_base`, `max_per_page`) through the client's hooks, and never turned into loss: a
//! convention is only taken on clear evidence, and a walk that still comes up short fails.

use std::sync::atomic::{AtomicU8, AtomicU64, Ordering};

use std::collections::HashSet;

use crate::config::{FilterZone, Paging};
use crate::identity::{self, IdKeys, Key};
use crate::record::Page;

/// Conventions known so far; `0` in an atomic means "not known".
#[derive(Debug, Default)]
pub struct Conventions {
    /// 1 + the number of the deployment's first page (so 0 stays "unknown").
    page_base: AtomicU64,
    max_per_page: AtomicU64,
    /// 1 + the index of [`Paging`] in `Paging::NAMES` (so 0 stays "unknown").
    paging: AtomicU8,
    /// 1 for [`FilterZone::Local`], 2 for [`FilterZone::Utc`], 0 unknown.
    filter_zone: AtomicU8,
}

impl Conventions {
    pub fn new(
        page_base: Option<u64>,
        max_per_page: Option<u64>,
        paging: Option<Paging>,
    ) -> Conventions {
        Conventions {
            page_base: AtomicU64::new(page_base.map_or(0, |b| b + 1)),
            max_per_page: AtomicU64::new(max_per_page.unwrap_or(0)),
            paging: AtomicU8::new(paging.map_or(0, |p| p as u8 + 1)),
            filter_zone: AtomicU8::new(0),
        }
    }

    /// With the filter's zone known before (from the profile).
    pub fn with_filter_zone(self, zone: Option<FilterZone>) -> Conventions {
        self.filter_zone
            .store(zone.map_or(0, |z| z as u8 + 1), Ordering::Relaxed);
        self
    }

    /// Which day the modified-since filter reads, when known.
    pub fn filter_zone(&self) -> Option<FilterZone> {
        match self.filter_zone.load(Ordering::Relaxed) {
            1 => Some(FilterZone::Local),
            2 => Some(FilterZone::Utc),
            _ => None,
        }
    }

    /// Records which day the filter reads; true when it was not known so before.
    pub fn set_filter_zone(&self, zone: FilterZone) -> bool {
        self.filter_zone.swap(zone as u8 + 1, Ordering::Relaxed) != zone as u8 + 1
    }

    /// How the deployment pages its lists, when known.
    pub fn paging(&self) -> Option<Paging> {
        match self.paging.load(Ordering::Relaxed) {
            0 => None,
            n => Paging::from_word(Paging::NAMES[usize::from(n - 1)]),
        }
    }

    /// Records how the deployment pages; true when it was not known so before.
    pub fn set_paging(&self, paging: Paging) -> bool {
        self.paging.swap(paging as u8 + 1, Ordering::Relaxed) != paging as u8 + 1
    }

    /// The number of the deployment's first page, when known.
    pub fn page_base(&self) -> Option<u64> {
        match self.page_base.load(Ordering::Relaxed) {
            0 => None,
            n => Some(n - 1),
        }
    }

    /// Records `base`; true when it was not known before (so it is worth remembering).
    pub fn set_page_base(&self, base: u64) -> bool {
        self.page_base.swap(base + 1, Ordering::Relaxed) != base + 1
    }

    pub fn max_per_page(&self) -> Option<u64> {
        match self.max_per_page.load(Ordering::Relaxed) {
            0 => None,
            n => Some(n),
        }
    }

    /// Records a page-size maximum; true when it lowers what was known.
    pub fn set_max_per_page(&self, max: u64) -> bool {
        let max = max.max(1);
        let before = self.max_per_page.load(Ordering::Relaxed);
        if before != 0 && before <= max {
            return false;
        }
        self.max_per_page.store(max, Ordering::Relaxed);
        true
    }
}

/// What a refusal of a page size says of the deployment's limit.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Limit {
    /// The largest number below the size asked that the message states.
    Stated(u64),
    /// The message names the page size and no number below it: half the size asked is a size
    /// to try, not the limit.
    Unstated(u64),
}

/// When a first page of `asked` records was refused with `message`: what it says of the limit, if
/// the message is about the page size (`"por_pagina deve ser no máximo 50"`).
pub fn page_size_limit(message: &str, asked: u64) -> Option<Limit> {
    const WORDS: &[&str] = &[
        "por_pagina",
        "por pagina",
        "registros por",
        "itens por",
        "tamanho da pagina",
        "per_page",
        "per page",
        "perpage",
        "page size",
        "page_size",
        "pagesize",
        "limit",
        "limite",
    ];
    if asked <= 1 {
        return None;
    }
    let folded = crate::text::fold::normalize(message);
    if !WORDS.iter().any(|w| folded.contains(w)) {
        return None;
    }
    let stated = folded
        .split(|c: char| !c.is_ascii_digit())
        .filter_map(|n| n.parse::<u64>().ok())
        .filter(|n| (1..asked).contains(n))
        .max();
    Some(stated.map_or(Limit::Unstated(asked / 2), Limit::Stated))
}

/// Whether a list that answered `first` for page 1 and `zero` for page 0 numbers its pages from 0:
/// page 0 holds records, and they are not those of page 1 (a server that reads 0 as 1 repeats them).
/// Records are compared by their ID under `ids`, never by their bytes: a field that changes on
/// every request (a signed link, a generation stamp) would make the same records look new.
pub fn zero_based(first: &Page, zero: &Page, ids: &IdKeys) -> bool {
    if zero.records.is_empty() {
        return false;
    }
    let on_first: HashSet<Key> = first
        .records
        .iter()
        .map(|r| identity::key_of(r.get(), ids))
        .collect();
    zero.records
        .iter()
        .all(|r| !on_first.contains(&identity::key_of(r.get(), ids)))
}

/// Whether pages `a` and `b`, asked at the same size, carry a counter of the same name with other
/// values: the list changed between the two answers (records inserted or deleted), so what one
/// holds says nothing of the other's place in the list.
pub fn changed_between(a: &Page, b: &Page) -> bool {
    let before = a.claims();
    b.claims().iter().any(|now| {
        before
            .iter()
            .any(|c| c.key == now.key && c.value != now.value)
    })
}

/// The IDs of a page's records, order aside.
fn ids_of(page: &Page, ids: &IdKeys) -> HashSet<Key> {
    page.records
        .iter()
        .map(|r| identity::key_of(r.get(), ids))
        .collect()
}

/// Whether pages `a` and `b` hold the same records (by ID, order aside).
pub fn same_records(a: &Page, b: &Page, ids: &IdKeys) -> bool {
    a.records.len() == b.records.len() && ids_of(a, ids) == ids_of(b, ids)
}

/// Whether the list held still while page 1 (`first`), page 0 (`zero`) and page 1 again (`again`)
/// were answered, in that order: no counter moved between them, and page 1 held the same records
/// both times. Records deleted (or added) at the head slide page 1 whichever answer they came
/// between, so a page 1 that did not move says the two pages in between are of one list.
pub fn held_still(first: &Page, zero: &Page, again: &Page, ids: &IdKeys) -> bool {
    !changed_between(first, zero)
        && !changed_between(first, again)
        && same_records(first, again, ids)
}

/// Whether page 1's counters say the list goes on past it.
fn goes_on(first: &Page) -> bool {
    let held = first.records.len() as u64;
    first.claims().iter().any(|c| match c.counts {
        crate::record::Counts::Records => c.value > held,
        crate::record::Counts::Pages => c.value > 1,
    })
}

/// How page 0 of a list was answered.
pub enum Zero<'a> {
    Page(&'a Page),
    /// Refused (4xx), with its status.
    Refused(u16),
    /// Failed (5xx), with its status.
    Failed(u16),
}

/// Why a numbering was taken.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Evidence {
    /// Page 0 holds records that page 1 does not.
    ZeroHoldsOthers,
    /// Page 0 is empty (or "no records") while page 1 holds records.
    ZeroEmpty,
    /// Page 0 holds the records of page 1 (a server that reads 0 as 1).
    ZeroRepeatsFirst,
    ZeroRefused(u16),
    ZeroFailed(u16),
}

/// The numbering that page 1 (`first`) and page 0 prove, and the evidence; `None` when they prove
/// nothing (both empty: a list numbered from 0 may be empty too; counters that differ between them:
/// the list changed in between). No single answer decides on its
/// own: page 0 counts as the first page only when it holds records page 1 does not, and everything
/// else (empty, refused, failed, the same as page 1) means pages count from 1. Both outcomes are
/// remembered, so a deployment is asked once.
pub fn page_base_from(first: &Page, zero: Zero, ids: &IdKeys) -> Option<(u64, Evidence)> {
    match zero {
        // The list changed between the two answers: they prove nothing.
        Zero::Page(zero) if changed_between(first, zero) => None,
        Zero::Page(zero) if zero_based(first, zero, ids) => Some((0, Evidence::ZeroHoldsOthers)),
        Zero::Page(zero) if zero.records.is_empty() && first.records.is_empty() => None,
        Zero::Page(zero) if zero.records.is_empty() => Some((1, Evidence::ZeroEmpty)),
        // Page 0 holds some of page 1's records beside others: neither numbering reads so, and
        // records that slid between the two answers (deleted or added at the head) do.
        Zero::Page(zero) if !same_records(first, zero, ids) => None,
        // Page 0 repeats page 1. A server that reads 0 as 1 does that, and so does one that counts
        // from 0 and repeats its last page past the end, when the list fits on one page: only a
        // list that page 1 does not hold whole tells them apart.
        Zero::Page(_) if goes_on(first) => Some((1, Evidence::ZeroRepeatsFirst)),
        Zero::Page(_) => None,
        Zero::Refused(status) => Some((1, Evidence::ZeroRefused(status))),
        Zero::Failed(status) => Some((1, Evidence::ZeroFailed(status))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn page_size_limits_are_read_from_the_message() {
        assert_eq!(
            page_size_limit("O parâmetro por_pagina deve ser no máximo 50", 100),
            Some(Limit::Stated(50))
        );
        assert_eq!(
            page_size_limit("per_page must be between 1 and 25", 50),
            Some(Limit::Stated(25))
        );
        assert_eq!(
            page_size_limit("Limite de registros excedido", 100),
            Some(Limit::Unstated(50))
        );
        assert_eq!(page_size_limit("Telefone inválido", 100), None);
        assert_eq!(page_size_limit("por_pagina inválido", 1), None);
    }

    #[test]
    fn page_zero_is_told_apart() {
        let page = |ids: &[u64]| {
            Page::of_values(
                ids.iter().map(|i| json!({ "id": i })).collect(),
                Some(7),
                None,
            )
        };
        assert!(zero_based(
            &page(&[6, 7]),
            &page(&[1, 2, 3, 4, 5]),
            &IdKeys::ANY
        ));
        assert!(zero_based(&page(&[]), &page(&[1, 2, 3]), &IdKeys::ANY));
        assert!(!zero_based(&page(&[1, 2]), &page(&[1, 2]), &IdKeys::ANY));
        assert!(!zero_based(&page(&[1, 2]), &page(&[]), &IdKeys::ANY));
        let from = |first: &[u64], zero: Zero| page_base_from(&page(first), zero, &IdKeys::ANY);
        assert_eq!(
            from(&[6, 7], Zero::Page(&page(&[1, 2]))),
            Some((0, Evidence::ZeroHoldsOthers))
        );
        assert_eq!(
            from(&[1, 2], Zero::Page(&page(&[]))),
            Some((1, Evidence::ZeroEmpty))
        );
        // `page` reports a total of 7: the list goes on past page 1.
        assert_eq!(
            from(&[1, 2], Zero::Page(&page(&[1, 2]))),
            Some((1, Evidence::ZeroRepeatsFirst))
        );
        // Page 0 holds one of page 1's records beside another, counters alike: records slid
        // between the two answers (one deleted at the head), which proves neither numbering.
        assert_eq!(from(&[7, 8], Zero::Page(&page(&[6, 7]))), None);
        let whole = Page::of_values(vec![json!({"id": 1})], Some(1), None);
        assert_eq!(
            page_base_from(&whole, Zero::Page(&whole), &IdKeys::ANY),
            None
        );
        assert_eq!(from(&[], Zero::Page(&page(&[]))), None);
        assert_eq!(
            from(&[], Zero::Failed(500)),
            Some((1, Evidence::ZeroFailed(500)))
        );
        assert_eq!(
            from(&[1], Zero::Refused(400)),
            Some((1, Evidence::ZeroRefused(400)))
        );
        // Page 0 answered after a record at the head was deleted (a total of 6, not 7): it
        // overlaps page 1 only because the list shifted, which proves nothing.
        let shifted = Page::of_values(
            [2, 3, 4].iter().map(|i| json!({ "id": i })).collect(),
            Some(6),
            None,
        );
        assert_eq!(from(&[4, 5, 6], Zero::Page(&shifted)), None);
    }

    #[test]
    fn what_is_learned_is_kept() {
        let c = Conventions::new(None, Some(100), None);
        assert_eq!(c.page_base(), None);
        assert!(c.set_page_base(0));
        assert!(!c.set_page_base(0));
        assert_eq!(c.page_base(), Some(0));
        assert!(c.set_max_per_page(50));
        assert!(!c.set_max_per_page(80));
        assert_eq!(c.max_per_page(), Some(50));
        assert_eq!(c.filter_zone(), None);
        assert!(c.set_filter_zone(FilterZone::Utc));
        assert!(!c.set_filter_zone(FilterZone::Utc));
        assert_eq!(c.filter_zone(), Some(FilterZone::Utc));
    }

    #[test]
    fn pages_answered_while_the_head_slid_did_not_hold_still() {
        let page = |ids: &[u64], total: u64| {
            Page::of_values(
                ids.iter().map(|i| json!({ "id": i })).collect(),
                Some(total),
                None,
            )
        };
        let ids = &IdKeys::ANY;
        // Page 1 alike before and after page 0, counters alike: one list.
        assert!(held_still(
            &page(&[8, 9], 9),
            &page(&[1, 2], 9),
            &page(&[9, 8], 9),
            ids
        ));
        // A record deleted at the head after page 0 was answered: page 1 slid.
        assert!(!held_still(
            &page(&[8, 9], 9),
            &page(&[1, 2], 9),
            &page(&[9, 10], 9),
            ids
        ));
        // A counter that moved between the answers.
        assert!(!held_still(
            &page(&[8, 9], 9),
            &page(&[1, 2], 8),
            &page(&[8, 9], 9),
            ids
        ));
        assert!(!held_still(
            &page(&[8, 9], 9),
            &page(&[1, 2], 9),
            &page(&[8, 9], 8),
            ids
        ));
    }
}
