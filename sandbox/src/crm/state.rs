//! The CRM host's state: its store, its rate limit and the IO calls counted.

use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, RwLock, RwLockReadGuard, RwLockWriteGuard};

use super::fields::Entity;
use super::operating::OperatingLimit;
use super::rate::TokenBucket;
use super::seed;
use super::store::Store;
use crate::WEBHOOK_ID;

/// The `<user>` of the CRM's inbound-webhook base `…/crm/rest/1/sandbox/`; its `<secret>` is the
/// same word as the automation webhook's ID (see `Urls::crm_url`).
pub(super) const CRM_USER: &str = "1";
pub(super) const CRM_SECRET: &str = WEBHOOK_ID;

/// Counters shown by `/__sandbox/stats`.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct CrmStats {
    pub crm_contacts: usize,
    pub crm_deals: usize,
    pub io_calls: usize,
}

pub struct CrmState {
    pub(super) store: RwLock<Store>,
    pub(super) limiter: TokenBucket,
    pub(super) operating: OperatingLimit,
    pub(super) io_calls: AtomicUsize,
    /// `batch` answers ERROR_METHOD_NOT_FOUND, as behind a gateway that forwards single methods.
    pub(super) batch_missing: AtomicBool,
}

impl CrmState {
    /// A CRM seeded from `seed` with `contacts` contacts, each with one deal; `crm_rate_limit`
    /// requests per second to the CRM methods (0 = unlimited) after a first burst of `burst`, and
    /// each method's running time limited by `operating`.
    pub fn new(
        seed: u64,
        contacts: usize,
        crm_rate_limit: u32,
        burst: u32,
        operating: OperatingLimit,
    ) -> Arc<CrmState> {
        let mut store = Store::default();
        seed::populate(&mut store, seed, contacts);
        Arc::new(CrmState {
            store: RwLock::new(store),
            limiter: TokenBucket::new(crm_rate_limit, burst),
            operating,
            io_calls: AtomicUsize::new(0),
            batch_missing: AtomicBool::new(false),
        })
    }

    /// From now on `batch` is a method this CRM does not have.
    pub fn remove_batch(&self) {
        self.batch_missing.store(true, Ordering::Relaxed);
    }

    pub fn stats(&self) -> CrmStats {
        let store = self.read();
        CrmStats {
            crm_contacts: store.count(Entity::Contact),
            crm_deals: store.count(Entity::Deal),
            io_calls: self.io_calls.load(std::sync::atomic::Ordering::Relaxed),
        }
    }

    // A panic while a lock is held leaves the store consistent (writes are applied whole), so a
    // poisoned lock is still usable.
    pub(super) fn read(&self) -> RwLockReadGuard<'_, Store> {
        self.store.read().unwrap_or_else(|e| e.into_inner())
    }

    pub(super) fn write(&self) -> RwLockWriteGuard<'_, Store> {
        self.store.write().unwrap_or_else(|e| e.into_inner())
    }
}
