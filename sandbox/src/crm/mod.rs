//! CRM (Bitrix24-style), the automation webhook and the Integrações IO catcher.
//!
//! Routes (absolute paths):
//! - `GET /automation/webhook/sandbox` — create or reuse a contact and open a deal; answers
//!   `{"ok":true,"contact_id":"601","deal_id":"601","contact_created":true}` (plus
//!   `"matched_by":"phone"|"email"` when an existing contact was reused), or 400
//!   `{"ok":false,"erro":…,"parametro":…,"valor":…,"esperado":…,"erros":[…]}`.
//! - `GET|POST /crm/rest/1/sandbox/<method>[.json]` — the classic `crm.contact.*`, `crm.deal.*`
//!   and `crm.lead.*` (`list`, `get`, `update`, `fields`, `userfield.list`) and the universal
//!   `crm.item.*` (`list`, `get`, `add`, `update`, `delete`, `fields`), `crm.type.list`, `crm.category.list`,
//!   `crm.status.list`, `batch`, `crm.duplicate.findbycomm`; rate-limited with Bitrix's
//!   `QUERY_LIMIT_EXCEEDED`. `--crm-methods` removes one family.
//! - any method on `/io` and `/io/<path>` with `x-api-key: sandbox-io-key` — echo.

mod bitrix;
mod error;
mod fields;
mod io;
pub mod operating;
mod params;
mod query;
mod rate;
mod reference;
mod seed;
mod smart;
mod state;
mod store;
mod universal;
mod values;
mod webhook;
mod writes;

use std::sync::Arc;

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

pub use fields::{
    LEAD_INTEREST_FIELD, RETURN_NOTE_FIELD, RETURN_NOTE_TOO_FIELD, TREATMENT_PROCEDURE_FIELD,
    TREATMENT_VALUE_FIELD,
};
pub use smart::{RETURNS, SMART_TYPES, SmartType, TREATMENTS};
pub use state::{CrmState, CrmStats, Methods};

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
