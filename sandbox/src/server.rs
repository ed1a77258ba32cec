//! Router assembly: which routes sit inside the journal and fault layers.

use std::sync::Arc;

use axum::Router;
use axum::http::{Method, Uri};
use axum::middleware::from_fn_with_state;

use crate::rest::ApiError;
use crate::{Options, auth, crm, data, faults, journal, rest};

#[derive(Clone)]
pub struct AppState {
    pub opts: Arc<Options>,
    pub data: Arc<data::Store>,
    pub tokens: Arc<auth::Tokens>,
    pub journal: Arc<journal::Journal>,
    pub faults: Arc<faults::Faults>,
    pub crm: Arc<crm::CrmState>,
}

impl AppState {
    pub fn new(opts: Options) -> Self {
        AppState {
            data: Arc::new(data::Store::new(opts.seed, opts.scale)),
            tokens: Arc::new(auth::Tokens::new(&opts)),
            journal: Arc::new(journal::Journal::default()),
            faults: Arc::new(faults::Faults::new(&opts)),
            crm: crm::CrmState::new(opts.seed, opts.crm_rate_limit),
            opts: Arc::new(opts),
        }
    }
}

/// Every host (`/rest/v1`, `/io`, `/automation`, `/crm`) is journaled and faulted alike;
/// `/__sandbox` is neither, so inspecting a run never changes it.
pub fn router(state: AppState) -> Router {
    let hosts = Router::new()
        .nest("/rest/v1", rest::routes())
        .with_state(state.clone())
        .merge(crm::routes(state.crm.clone()))
        .fallback(not_found)
        .layer(from_fn_with_state(state.faults.clone(), faults::middleware))
        .layer(from_fn_with_state(
            state.journal.clone(),
            journal::middleware,
        ));
    Router::new()
        .nest("/__sandbox", journal::routes().with_state(state))
        .merge(hosts)
}

async fn not_found(method: Method, uri: Uri) -> ApiError {
    ApiError::not_found(format!("rota não encontrada: {method} {}", uri.path()))
}
