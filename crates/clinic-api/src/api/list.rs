//! The lists of `base_url` as page sources: a paged list with its own filters plus `pagina_atual`
//! and `por_pagina`, in the deployment's own page numbering; and a list answered whole, in one call,
//! as a list of one page, so that the walk knows its records by ID and judges it as any other.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::Duration;

use futures::future::BoxFuture;

use super::conventions;
use super::ops::whole_list;
use super::{ApiClient, Operation};
use crate::config::Paging;
use crate::error::{Error, Result};
use crate::identity::{IdKeys, page_digest};
use crate::record::{Addressing, Next, Page, PageSource, Proved};

/// A paged list on `base_url`: adds `pagina_atual` and `por_pagina` to the list's own filters, in the
/// deployment's own numbering (from 0 or from 1, learned from its answers: see `api::conventions`).
/// Most times pages 1, 0 and 1 again are asked to learn the numbering of a list that moves under
/// them.
const MOST_PROBES: u32 = 3;

pub struct ApiList {
    client: Arc<ApiClient>,
    path: String,
    query: Vec<(String, String)>,
    /// The keys its records carry their ID under.
    ids: IdKeys,
    /// A page of this list was read: from then on "not found" means past the end.
    read_once: AtomicBool,
    /// The page size of the last request, for the questions [`PageSource::shortfall`] asks.
    last_per_page: AtomicU64,
    /// A retry budget of its own for each page (see [`ApiList::within`]).
    max_wait: Option<Duration>,
    /// The IDs of page 0 of a deployment remembered as numbering from 0, as one digest: a page 1
    /// that repeats them contradicts that.
    zero_fingerprint: AtomicU64,
    /// This list asked page 0 already (the numbering may still be unknown after it).
    probed: AtomicBool,
}

impl ApiList {
    /// The paged list of the table's entry `op`, with its filters.
    pub fn new(
        client: Arc<ApiClient>,
        op: &'static Operation,
        query: Vec<(String, String)>,
    ) -> ApiList {
        debug_assert_eq!(
            op.paging,
            super::Paging::Paged,
            "{} is no paged list",
            op.path
        );
        ApiList {
            ids: op.ids,
            ..ApiList::any_path(client, op.path, query)
        }
    }

    /// Any path of `base_url` walked as a paged list (`clinic api`).
    pub fn any_path(client: Arc<ApiClient>, path: &str, query: Vec<(String, String)>) -> ApiList {
        ApiList {
            client,
            path: path.to_string(),
            query,
            ids: IdKeys::ANY,
            read_once: AtomicBool::new(false),
            last_per_page: AtomicU64::new(0),
            max_wait: None,
            zero_fingerprint: AtomicU64::new(0),
            probed: AtomicBool::new(false),
        }
    }

    /// Each page retried for at most `max_wait` (when shorter than `--max-wait`): one clinic's
    /// list in a run over several, given up on by itself while the others go on.
    pub fn within(mut self, max_wait: Duration) -> ApiList {
        self.max_wait = Some(max_wait);
        self
    }

    /// The deployment's page `number`, as it numbers them.
    async fn server_page(&self, number: u64, per_page: u64) -> Result<Page> {
        self.server_page_inner(number, per_page, self.max_wait)
            .await
    }

    /// [`ApiList::server_page`] with a retry budget of its own.
    async fn server_page_within(
        &self,
        number: u64,
        per_page: u64,
        max_wait: Duration,
    ) -> Result<Page> {
        self.server_page_inner(number, per_page, Some(max_wait))
            .await
    }

    async fn server_page_inner(
        &self,
        number: u64,
        per_page: u64,
        max_wait: Option<Duration>,
    ) -> Result<Page> {
        let mut query = self.query.clone();
        query.push(("pagina_atual".into(), number.to_string()));
        query.push(("por_pagina".into(), per_page.to_string()));
        self.last_per_page.store(per_page, Ordering::Relaxed);
        let proven = self.read_once.load(Ordering::Relaxed);
        let page = self
            .client
            .page(&self.path, &query, proven, max_wait)
            .await?;
        self.read_once.store(true, Ordering::Relaxed);
        Ok(page)
    }

    /// Asks page 0 once per profile, while the numbering is unknown, and learns it from the two
    /// answers whichever way it goes (see `conventions::zero_based`). The page that is really first
    /// is returned. Records deleted (or added) at the head between the two answers make either
    /// numbering look like the other (page 0 answered after page 1 slid onto it repeats it), so
    /// page 1 is asked once more after page 0: the answers are read only if it held still (the
    /// same records, no counter moved), else all three are asked again, [`MOST_PROBES`] times at
    /// most. A list still moving then, or answers that read as neither numbering (page 0 holding
    /// some of page 1's records beside others), fail the walk: no page can be vouched for as the
    /// first, and a numbering guessed would skip or repeat a page on every walk after.
    async fn first_page(&self, per_page: u64) -> Result<Page> {
        for _ in 0..MOST_PROBES {
            let first = self.server_page(1, per_page).await?;
            // A list that says where its next page is (or that it has none) has no numbering to
            // learn, nor has a deployment known to page by link.
            if first.next != Next::Unsaid
                || self.client.conventions().paging() == Some(Paging::Links)
            {
                return Ok(first);
            }
            // A page 0 that fails says pages count from 1: it gets no retries of its own.
            let zero = match self.server_page_within(0, per_page, Duration::ZERO).await {
                Ok(zero) => zero,
                Err(e) => {
                    let answer = match e {
                        Error::Rejected { status, .. } => conventions::Zero::Refused(status),
                        Error::Server { status, .. } => conventions::Zero::Failed(status),
                        // No answer at all (the network): nothing is learned.
                        _ => return Ok(first),
                    };
                    if let Some((base, _)) = conventions::page_base_from(&first, answer, &self.ids)
                    {
                        self.client.learn_page_base(base);
                    }
                    return Ok(first);
                }
            };
            let again = self.server_page(1, per_page).await?;
            if !conventions::held_still(&first, &zero, &again, &self.ids) {
                continue;
            }
            match conventions::page_base_from(&first, conventions::Zero::Page(&zero), &self.ids) {
                Some((0, _)) => {
                    self.client.learn_page_base(0);
                    self.zero_fingerprint
                        .store(page_digest(&zero.records, &self.ids), Ordering::Relaxed);
                    return Ok(zero);
                }
                Some((base, _)) => {
                    self.client.learn_page_base(base);
                    return Ok(first);
                }
                // Both empty, or page 0 the same records as page 1 in a list page 1 may hold
                // whole: either numbering reads the same records, and 1 goes on from there.
                None if conventions::same_records(&first, &zero, &self.ids) => return Ok(first),
                // Page 0 holds some of page 1's records and others, the list holding still:
                // asked again, it may read as one numbering.
                None => {}
            }
        }
        Err(Error::Protocol(crate::t!(
            "pages-page-base-unsettled",
            tries = MOST_PROBES
        )))
    }

    /// The first page of a deployment remembered as numbering from 0. An empty page 0 while page 1
    /// holds records contradicts that, if page 0 is still empty once page 1 was read (records
    /// added at the head in between fill it): the convention is unlearnt (with a note) and page 1
    /// is the first page.
    async fn first_page_from_zero(&self, per_page: u64) -> Result<Page> {
        let zero = self.server_page(0, per_page).await?;
        if !zero.records.is_empty() {
            self.zero_fingerprint
                .store(page_digest(&zero.records, &self.ids), Ordering::Relaxed);
            return Ok(zero);
        }
        let one = self.server_page(1, per_page).await?;
        if one.records.is_empty() {
            return Ok(zero);
        }
        let zero = self.server_page(0, per_page).await?;
        if !zero.records.is_empty() {
            self.zero_fingerprint
                .store(page_digest(&zero.records, &self.ids), Ordering::Relaxed);
            return Ok(zero);
        }
        self.client.learn_page_base(1);
        Ok(one)
    }
}

impl ApiList {
    /// Page 1 of a deployment remembered as numbering from 0. When it repeats page 0, either the
    /// list fits on page 0 and the deployment repeats its last page past the end, or the deployment
    /// reads 0 as 1 and counts from 1: page 2 tells, repeating too in the first case and going on in
    /// the second, which contradicts the numbering (unlearnt, and the walk fails: its first page was
    /// handed on already). Only if the list held still: page 1 answered after records at the head
    /// were deleted repeats what page 0 held before (even page 0 of an earlier read), so pages 0
    /// and 1 are asked again first. Page 1 that moved is the list as it is now, handed on as page 2
    /// (the walk reads page 1 again once it ended, and its head tells the change); page 0 that
    /// moved while page 1 did not reads as neither numbering, and fails the walk unlearning
    /// nothing.
    async fn second_page_from_zero(&self, per_page: u64) -> Result<Page> {
        let second = self.server_page(1, per_page).await?;
        let zero = self.zero_fingerprint.load(Ordering::Relaxed);
        if zero == 0 || second.records.is_empty() || page_digest(&second.records, &self.ids) != zero
        {
            return Ok(second);
        }
        let third = self.server_page(2, per_page).await?;
        if third.records.is_empty() || page_digest(&third.records, &self.ids) == zero {
            return Ok(second);
        }
        let zero_now = self.server_page(0, per_page).await?;
        let second_now = self.server_page(1, per_page).await?;
        if second_now.records.is_empty() || page_digest(&second_now.records, &self.ids) != zero {
            return Ok(second_now);
        }
        if page_digest(&zero_now.records, &self.ids) != zero {
            return Err(Error::Protocol(crate::t!(
                "pages-page-base-unsettled",
                tries = 1
            )));
        }
        self.client.learn_page_base(1);
        Err(Error::Protocol(crate::t!("pages-page-base-contradicted")))
    }
}

impl ApiList {
    /// The largest page size below `refused` that the deployment serves, where its refusal did not
    /// say: page 1 asked at half the size until one is served, then between the largest served and
    /// the smallest refused. `None` when an answer other than a refusal for the size leaves it
    /// unknown.
    async fn largest_served(&self, refused: u64) -> Option<u64> {
        let mut refused = refused;
        let mut served = refused / 2;
        while !self.serves(served).await? {
            refused = served;
            served /= 2;
        }
        while refused - served > 1 {
            let mid = served + (refused - served) / 2;
            match self.serves(mid).await? {
                true => served = mid,
                false => refused = mid,
            }
        }
        Some(served)
    }

    /// Whether page 1 at `size` records is served (`false`: refused for its size); `None` for
    /// any other failure, or a size of 0.
    async fn serves(&self, size: u64) -> Option<bool> {
        if size == 0 {
            return None;
        }
        match self.server_page(1, size).await {
            Ok(_) => Some(true),
            Err(Error::Rejected { message, .. })
                if conventions::page_size_limit(&message, size).is_some() =>
            {
                Some(false)
            }
            Err(_) => None,
        }
    }
}

impl ApiList {
    /// Page `page` of the walk by number, in the deployment's own numbering.
    async fn numbered(&self, page: u64, per_page: u64) -> Result<Page> {
        match self.client.conventions().page_base() {
            Some(0) if page == 1 => self.first_page_from_zero(per_page).await,
            Some(0) if page == 2 => self.second_page_from_zero(per_page).await,
            Some(base) => self.server_page(page - 1 + base, per_page).await,
            None if page == 1 => {
                self.probed.store(true, Ordering::Relaxed);
                self.first_page(per_page).await
            }
            None => {
                // `--page N` means the user's Nth page: learn the numbering first (once per
                // profile), then ask for it in the deployment's own. Pages 0 and 1 that left
                // it undecided read the same records either way: 1 goes on from there.
                if !self.probed.swap(true, Ordering::Relaxed) {
                    self.first_page(per_page).await?;
                }
                let base = self.client.conventions().page_base().unwrap_or(1);
                self.server_page(page - 1 + base, per_page).await
            }
        }
    }

    /// A walk from a later page (`--page N`) is refused before anything is sent where page numbers
    /// mean nothing: a deployment known to page by link has none, and one known to ignore them
    /// would answer page 1 as if it were page N.
    fn may_start_at(&self, page: u64) -> Result<()> {
        if page == 1 || self.read_once.load(Ordering::Relaxed) {
            return Ok(());
        }
        match self.client.conventions().paging() {
            Some(Paging::Links) => Err(Error::Usage(crate::t!("pages-page-on-linked-list"))),
            Some(Paging::Ignored) => Err(Error::Usage(crate::t!("pages-page-on-ignoring-list"))),
            _ => Ok(()),
        }
    }

    /// A first page, with what it says of how the deployment pages: a next link or cursor is
    /// remembered (`paging = links`); and where that is known, an answer with no link at all is
    /// the whole list, as such deployments leave the link out of a list of one page.
    fn paged_by(&self, mut first: Page) -> Page {
        if first.next.leads_on() {
            self.client.learn_paging(Paging::Links);
        } else if first.next == Next::Unsaid
            && self.client.conventions().paging() == Some(Paging::Links)
        {
            first.next = Next::End;
        }
        first
    }
}

impl PageSource for ApiList {
    fn identity(&self) -> IdKeys {
        self.ids
    }

    /// Remembered in the profile (`paging`) where it undoes what was known: a deployment known to
    /// page by link, or to ignore the page number, whose pages by number now bring new records,
    /// reads numbers after all. Numbers are what is assumed anyway, so they are not written down
    /// for a deployment nothing else was known of.
    fn proved(&self, found: Proved) {
        match found {
            Proved::Ignored => self.client.learn_paging(Paging::Ignored),
            Proved::Numbers => {
                if matches!(
                    self.client.conventions().paging(),
                    Some(Paging::Links | Paging::Ignored)
                ) {
                    self.client.learn_paging(Paging::Numbers);
                }
            }
        }
    }

    /// Pages by number, in the deployment's own numbering; one that answers with next links is
    /// followed link by link once its first page shows one.
    fn addressing(&self) -> Addressing {
        Addressing::Numbered
    }

    fn fetch(&self, page: u64, per_page: u64) -> BoxFuture<'_, Result<Page>> {
        Box::pin(async move {
            self.may_start_at(page)?;
            let got = self.numbered(page, per_page).await?;
            Ok(if page == 1 { self.paged_by(got) } else { got })
        })
    }

    /// A next link is followed below `base_url` only, with the list's own parameters it leaves out
    /// (a filter, the page size) added: a service that writes only its paging into the link still
    /// answers the list asked for. A cursor is sent back with the list's parameters.
    fn follow<'a>(&'a self, next: &'a Next, per_page: u64) -> BoxFuture<'a, Result<Page>> {
        Box::pin(async move {
            let (path, mut query) = match next {
                Next::Link(link) => self.client.link_target(&self.path, link)?,
                Next::Cursor { param, token } => {
                    (self.path.clone(), vec![(param.clone(), token.clone())])
                }
                Next::Unsaid | Next::End => {
                    return Err(Error::Protocol(crate::t!("pages-link-unreadable")));
                }
            };
            let own = self
                .query
                .iter()
                .cloned()
                .chain([("por_pagina".to_string(), per_page.to_string())]);
            for (key, value) in own {
                if !query.iter().any(|(k, _)| *k == key) {
                    query.push((key, value));
                }
            }
            let proven = self.read_once.load(Ordering::Relaxed);
            self.client.page(&path, &query, proven, self.max_wait).await
        })
    }

    /// The size the refusal states; where it states none, the largest the deployment serves, found
    /// by asking page 1 at smaller sizes (halving until one is served, then between the two), so
    /// that what is remembered as `max_per_page` is the deployment's limit, not a guess below it.
    fn smaller_page<'a>(&'a self, refusal: &'a Error, per_page: u64) -> BoxFuture<'a, Option<u64>> {
        Box::pin(async move {
            let Error::Rejected { message, .. } = refusal else {
                return None;
            };
            let smaller = match conventions::page_size_limit(message, per_page)? {
                conventions::Limit::Stated(n) => n,
                conventions::Limit::Unstated(half) => {
                    self.largest_served(per_page).await.unwrap_or(half)
                }
            };
            self.client.learn_max_per_page(smaller);
            Some(smaller)
        })
    }

    /// A walk that came up short of the service's count may have missed page 0 of a deployment
    /// that numbers its pages from 0, even one remembered (or set) as numbering from 1: the two
    /// pages tell, and a numbering they contradict is unlearnt.
    fn shortfall(&self) -> BoxFuture<'_, Option<String>> {
        Box::pin(async move {
            if self.client.conventions().page_base() == Some(0) {
                return None;
            }
            let per_page = self.last_per_page.load(Ordering::Relaxed).max(1);
            let first = self.server_page(1, per_page).await.ok()?;
            // A page 0 that fails is no page of the list: no retries for it.
            let zero = self
                .server_page_within(0, per_page, Duration::ZERO)
                .await
                .ok()?;
            // Only from a list that held still across the two: page 1 once more.
            let again = self.server_page(1, per_page).await.ok()?;
            (conventions::held_still(&first, &zero, &again, &self.ids)
                && conventions::zero_based(&first, &zero, &self.ids))
            .then(|| {
                self.client.learn_page_base(0);
                crate::t!("pages-why-page-base", base = 0)
            })
        })
    }
}

/// A list that the service answers whole, in one call (`statusAgendamento`): its first page is the
/// whole answer, which says it is the last; any later page is empty, and asks nothing.
pub struct WholeList {
    client: Arc<ApiClient>,
    op: &'static Operation,
    query: Vec<(String, String)>,
}

impl WholeList {
    /// The list of the table's entry `op`, with its filters.
    pub fn new(
        client: Arc<ApiClient>,
        op: &'static Operation,
        query: Vec<(String, String)>,
    ) -> WholeList {
        debug_assert_eq!(
            op.paging,
            super::Paging::Unpaged,
            "{} is a paged list",
            op.path
        );
        WholeList { client, op, query }
    }
}

impl PageSource for WholeList {
    fn identity(&self) -> IdKeys {
        self.op.ids
    }

    /// One answer has no page numbers to learn of.
    fn proved(&self, _: Proved) {}

    /// One page, reached by no number: nothing is asked side by side with it.
    fn addressing(&self) -> Addressing {
        Addressing::Chained
    }

    fn fetch(&self, page: u64, _per_page: u64) -> BoxFuture<'_, Result<Page>> {
        Box::pin(async move {
            if page > 1 {
                return Ok(Page {
                    next: Next::End,
                    ..Page::default()
                });
            }
            whole_list(&self.client, self.op, &self.query).await
        })
    }

    fn follow<'a>(&'a self, _next: &'a Next, _per_page: u64) -> BoxFuture<'a, Result<Page>> {
        Box::pin(async { Err(Error::Protocol(crate::t!("pages-link-unreadable"))) })
    }
}
