//! What a walk has seen: the identity of every record it handed on, so that a record met again on
//! any later page (a page that overlaps, a window repeated past the end, a server that ignores the
//! page number) is never handed on twice.
//!
//! It holds IDs, never records. Numeric IDs, what nearly every deployment uses, go into a compressed
//! bitmap (a million consecutive IDs take about 130 KB); any other ID, and a record without one,
//! as a 128-bit digest (see `identity::Key`).

use std::collections::HashSet;

use roaring::RoaringTreemap;

use crate::identity::Key;

#[derive(Default)]
pub struct Ledger {
    numbers: RoaringTreemap,
    others: HashSet<u128, foldhash::fast::FixedState>,
}

impl Ledger {
    pub fn contains(&self, key: Key) -> bool {
        match key {
            Key::Number(n) => self.numbers.contains(n),
            Key::Text(digest) => self.others.contains(&digest),
        }
    }

    /// Records `key`; false when it was seen before.
    pub fn insert(&mut self, key: Key) -> bool {
        match key {
            Key::Number(n) => self.numbers.insert(n),
            Key::Text(digest) => self.others.insert(digest),
        }
    }

    /// How many of `keys` the ledger has not seen, each counted once (a page that holds one record
    /// twice brings it once).
    pub fn fresh(&self, keys: &[Key]) -> u64 {
        let mut on_page: HashSet<Key, foldhash::fast::FixedState> =
            HashSet::with_capacity_and_hasher(keys.len(), Default::default());
        keys.iter()
            .filter(|k| !self.contains(**k) && on_page.insert(**k))
            .count() as u64
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_record_is_seen_once_whatever_page_brings_it_again() {
        let mut ledger = Ledger::default();
        let page = [Key::Number(1), Key::Number(2), Key::Text(7)];
        assert_eq!(ledger.fresh(&page), 3);
        assert_eq!(ledger.fresh(&[Key::Number(1), Key::Number(1)]), 1);
        for k in page {
            assert!(ledger.insert(k));
        }
        assert!(!ledger.insert(Key::Number(2)));
        assert_eq!(ledger.fresh(&page), 0);
        assert_eq!(ledger.fresh(&[Key::Number(2), Key::Number(u64::MAX)]), 1);
        assert!(!ledger.contains(Key::Text(1)));
    }
}
