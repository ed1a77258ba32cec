//! CRM (Bitrix24-style), the automation webhook and the Integrações IO catcher.
//!
//! Routes (absolute paths):
//! - `GET /automation/webhook/sandbox` — create or reuse a contact and open a deal; answers
//!   `{"ok":true,"contact_id":"601","deal_id":"601","contact_created":true}` (plus
//!   `"matched_by":"phone"|"email"` when an existing contact was reused), or 400
//!   `{"ok":false,"erro":…,"parametro":…,"valor":…,"esperado":…,"erros":[…]}`.
//! - `GET|POST /crm/rest/1/sandbox/<method>[.json]` — `crm.contact.*` and `crm.deal.*`
//!   (`list`, `get`, `update`, `fields`), rate-limited with Bitrix's `QUERY_LIMIT_EXCEEDED`.
//! - any method on `/io` and `/io/<path>` with `x-api-key: sandbox-io-key` — echo.

mod bitrix;
mod error;
mod fields;
mod io;
mod params;
mod query;
mod rate;
mod reference;
mod seed;
mod store;
mod values;
mod webhook;
mod writes;

use std::sync::atomic::AtomicUsize;
use std::sync::{Arc, RwLock, RwLockReadGuard, RwLockWriteGuard};

use axum::Router;
use axum::routing::{any, get};

pub use fields::{
    CONTACT_EMAIL_FIELD, CONTACT_PHONE_FIELD, DEAL_CAMPAIGN_FIELD, DEAL_STAGE_NAME_FIELD,
    DEAL_UNIT_FIELD,
};
pub use query::PAGE_SIZE;
pub use reference::{DEAL_STAGES, DealStage, UNITS};
pub use seed::SEEDED_CONTACTS;
pub use webhook::{PARAMETERS as WEBHOOK_PARAMETERS, UTM_SOURCES};

use fields::Entity;
use rate::TokenBucket;
use store::Store;

use crate::{IO_KEY, WEBHOOK_ID};

/// The `<user>` of the CRM's inbound-webhook base `…/crm/rest/1/sandbox/`; its `<secret>` is the
/// same word as the automation webhook's ID (see `Urls::crm_url`).
const CRM_USER: &str = "1";
const CRM_SECRET: &str = WEBHOOK_ID;

/// Counters shown by `/__sandbox/stats`.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct CrmStats {
    pub crm_contacts: usize,
    pub crm_deals: usize,
    pub io_calls: usize,
}

pub struct CrmState {
    store: RwLock<Store>,
    limiter: TokenBucket,
    io_calls: AtomicUsize,
}

impl CrmState {
    /// A CRM seeded from `seed` with `SEEDED_CONTACTS` contacts, each with one deal;
    /// `crm_rate_limit` requests per second to the CRM methods (0 = unlimited).
    pub fn new(seed: u64, crm_rate_limit: u32) -> Arc<CrmState> {
        let mut store = Store::default();
        seed::populate(&mut store, seed);
        Arc::new(CrmState {
            store: RwLock::new(store),
            limiter: TokenBucket::new(crm_rate_limit),
            io_calls: AtomicUsize::new(0),
        })
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
    fn read(&self) -> RwLockReadGuard<'_, Store> {
        self.store.read().unwrap_or_else(|e| e.into_inner())
    }

    fn write(&self) -> RwLockWriteGuard<'_, Store> {
        self.store.write().unwrap_or_else(|e| e.into_inner())
    }
}

/// The automation webhook, the CRM's REST methods and the IO catcher, at absolute paths.
pub fn routes(state: Arc<CrmState>) -> Router {
    Router::new()
        .route("/automation/webhook/{id}", get(webhook::handle))
        .route(
            "/crm/rest/{user}/{secret}/{method}",
            get(bitrix::handle).post(bitrix::handle),
        )
        .route("/io", any(io::handle))
        .route("/io/", any(io::handle))
        .route("/io/{*path}", any(io::handle))
        .with_state(state)
}
