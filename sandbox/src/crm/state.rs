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

/// Which of Bitrix24's two CRM method families the portal answers.
#[derive(clap::ValueEnum, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Methods {
    /// The classic methods (`crm.contact.*`, `crm.deal.*`, `crm.lead.*`) and the universal ones
    /// (`crm.item.*`, `crm.type.list`, `crm.category.*`).
    #[default]
    Both,
    /// Only the universal methods: the classic ones answer ERROR_METHOD_NOT_FOUND.
    Item,
    /// Only the classic methods: the universal ones answer ERROR_METHOD_NOT_FOUND.
    Classic,
}

/// The family a method belongs to; `None` for the methods every portal has (`batch`,
/// `crm.duplicate.findbycomm`, `crm.status.list`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Family {
    Classic,
    Item,
}

impl Family {
    pub fn of(method: &str) -> Option<Family> {
        let entity = method.strip_prefix("crm.")?.split('.').next()?;
        match entity {
            "contact" | "deal" | "lead" => Some(Family::Classic),
            "item" | "type" | "category" => Some(Family::Item),
            _ => None,
        }
    }
}

impl Methods {
    pub fn offers(self, family: Family) -> bool {
        match self {
            Methods::Both => true,
            Methods::Item => family == Family::Item,
            Methods::Classic => family == Family::Classic,
        }
    }
}

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
    /// The method families this portal answers.
    pub(super) methods: Methods,
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
            methods: Methods::Both,
        })
    }

    /// The same CRM answering only the `methods` family (or both).
    pub fn with_methods(self: Arc<Self>, methods: Methods) -> Arc<CrmState> {
        match Arc::try_unwrap(self) {
            Ok(mut state) => {
                state.methods = methods;
                Arc::new(state)
            }
            // Shared already: the knob is set before the server starts, so this does not happen;
            // keep the portal as it is rather than lose its records.
            Err(shared) => shared,
        }
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
