//! Matching-id lists of filtered walks, kept so that page N of a filter costs a slice,
//! not a scan. Any write clears them (writes are rare next to reads).

use std::collections::{HashMap, VecDeque};
use std::sync::{Arc, Mutex};

/// Ids kept across all entries before the oldest entries are dropped: bounds the memory
/// of a long benchmark that tries many filters (4 bytes per id).
const MAX_CACHED_IDS: usize = 16_000_000;

#[derive(Default)]
pub struct FilterCache {
    inner: Mutex<Inner>,
}

#[derive(Default)]
struct Inner {
    /// Bumped by every write, so a scan that raced with a write is not stored.
    generation: u64,
    entries: HashMap<String, Arc<Vec<u32>>>,
    order: VecDeque<String>,
    ids: usize,
}

impl FilterCache {
    /// The cached ids of `key`, computing and keeping them on a miss.
    pub fn get_or_compute(&self, key: String, compute: impl FnOnce() -> Vec<u32>) -> Arc<Vec<u32>> {
        let generation = {
            let inner = self.inner.lock().expect("filter cache lock");
            if let Some(ids) = inner.entries.get(&key) {
                return ids.clone();
            }
            inner.generation
        };
        let ids = Arc::new(compute());
        let mut inner = self.inner.lock().expect("filter cache lock");
        if inner.generation == generation && !inner.entries.contains_key(&key) {
            inner.ids += ids.len();
            inner.entries.insert(key.clone(), ids.clone());
            inner.order.push_back(key);
            while inner.ids > MAX_CACHED_IDS && inner.order.len() > 1 {
                if let Some(oldest) = inner.order.pop_front()
                    && let Some(dropped) = inner.entries.remove(&oldest)
                {
                    inner.ids -= dropped.len();
                }
            }
        }
        ids
    }

    /// Forgets every list: called on each write.
    pub fn invalidate(&self) {
        let mut inner = self.inner.lock().expect("filter cache lock");
        inner.generation += 1;
        inner.entries.clear();
        inner.order.clear();
        inner.ids = 0;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn computes_once_until_invalidated() {
        let cache = FilterCache::default();
        let mut calls = 0;
        let first = cache.get_or_compute("k".into(), || {
            calls += 1;
            vec![1, 2]
        });
        let again = cache.get_or_compute("k".into(), || {
            calls += 1;
            vec![9]
        });
        assert_eq!(
            (first.as_slice(), again.as_slice(), calls),
            (&[1, 2][..], &[1, 2][..], 1)
        );
        cache.invalidate();
        let fresh = cache.get_or_compute("k".into(), || vec![3]);
        assert_eq!(fresh.as_slice(), &[3]);
    }
}
