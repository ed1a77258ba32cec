//! A page source whose first page is already on its way: while one clinic is walked, the first
//! pages of the next ones are fetched, so a network of many small clinics is read with several
//! requests in flight (the shared HTTP window still caps them at `--concurrency`).

use std::sync::{Arc, Mutex};

use futures::future::BoxFuture;
use tokio::task::JoinHandle;

use crate::error::{Error, Result};
use crate::record::Page;
use crate::record::PageSource;

pub(crate) struct Prefetched {
    inner: Arc<dyn PageSource>,
    first: u64,
    ahead: Mutex<Option<Ahead>>,
}

/// The fetch running in the background; dropped unused (the run failed or stopped), it is cancelled.
struct Ahead(JoinHandle<Result<Page>>);

impl Drop for Ahead {
    fn drop(&mut self) {
        self.0.abort();
    }
}

impl Prefetched {
    /// Starts fetching page `first` of `inner` now.
    pub(crate) fn start(inner: Arc<dyn PageSource>, first: u64, per_page: u64) -> Prefetched {
        let source = inner.clone();
        let handle = tokio::spawn(async move { source.fetch(first, per_page).await });
        Prefetched {
            inner,
            first,
            ahead: Mutex::new(Some(Ahead(handle))),
        }
    }
}

impl PageSource for Prefetched {
    fn fetch(&self, page: u64, per_page: u64) -> BoxFuture<'_, Result<Page>> {
        let ahead = if page == self.first {
            self.ahead.lock().ok().and_then(|mut a| a.take())
        } else {
            None
        };
        Box::pin(async move {
            match ahead {
                Some(mut ahead) => (&mut ahead.0).await.map_err(|e| {
                    Error::Other(crate::t!("network-prefetch-failed", reason = e.to_string()))
                })?,
                None => self.inner.fetch(page, per_page).await,
            }
        })
    }

    fn follow<'a>(
        &'a self,
        next: &'a crate::record::Next,
        per_page: u64,
    ) -> BoxFuture<'a, Result<Page>> {
        self.inner.follow(next, per_page)
    }

    fn identity(&self) -> crate::identity::IdKeys {
        self.inner.identity()
    }

    fn proved(&self, found: crate::record::Proved) {
        self.inner.proved(found)
    }

    fn addressing(&self) -> crate::record::Addressing {
        self.inner.addressing()
    }

    fn smaller_page<'a>(&'a self, refusal: &'a Error, per_page: u64) -> BoxFuture<'a, Option<u64>> {
        self.inner.smaller_page(refusal, per_page)
    }

    fn shortfall(&self) -> BoxFuture<'_, Option<String>> {
        self.inner.shortfall()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;
    use std::sync::atomic::{AtomicU64, Ordering};

    /// Counts the fetches it serves; each page holds its own number.
    #[derive(Default)]
    struct Counting(AtomicU64);

    impl PageSource for Counting {
        fn identity(&self) -> crate::identity::IdKeys {
            crate::identity::IdKeys::ANY
        }

        fn proved(&self, _: crate::record::Proved) {}

        fn addressing(&self) -> crate::record::Addressing {
            crate::record::Addressing::Numbered
        }

        fn follow<'a>(
            &'a self,
            _next: &'a crate::record::Next,
            _per_page: u64,
        ) -> BoxFuture<'a, Result<Page>> {
            Box::pin(async { Err(Error::Protocol("no links here".into())) })
        }

        fn fetch(&self, page: u64, _per_page: u64) -> BoxFuture<'_, Result<Page>> {
            self.0.fetch_add(1, Ordering::SeqCst);
            Box::pin(async move {
                Ok(Page {
                    records: vec![crate::record::record_of(&json!({ "page": page }))],
                    ..Page::default()
                })
            })
        }
    }

    #[tokio::test]
    async fn the_first_page_is_fetched_once_ahead_and_later_pages_as_asked() {
        let inner = Arc::new(Counting::default());
        let source = Prefetched::start(inner.clone(), 2, 10);
        let first = source.fetch(2, 10).await.unwrap();
        assert_eq!(first.records[0].get(), r#"{"page":2}"#);
        assert_eq!(inner.0.load(Ordering::SeqCst), 1);
        let again = source.fetch(2, 10).await.unwrap();
        assert_eq!(again.records[0].get(), r#"{"page":2}"#);
        let third = source.fetch(3, 10).await.unwrap();
        assert_eq!(third.records[0].get(), r#"{"page":3}"#);
        assert_eq!(inner.0.load(Ordering::SeqCst), 3);
    }
}
