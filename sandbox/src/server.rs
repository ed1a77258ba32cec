//! Router assembly: which routes sit inside the journal, fault, compression and trap layers.

use std::net::SocketAddr;
use std::sync::Arc;

use axum::Router;
use axum::http::{Method, Uri};
use axum::middleware::from_fn_with_state;
use tokio::sync::watch;
use tower_http::compression::CompressionLayer;

use crate::rest::ApiError;
use crate::{Compression, Options, auth, crm, data, faults, journal, rest, traps};

#[derive(Clone)]
pub struct AppState {
    pub opts: Arc<Options>,
    pub data: Arc<data::Store>,
    pub tokens: Arc<auth::Tokens>,
    pub journal: Arc<journal::Journal>,
    pub faults: Arc<faults::Faults>,
    pub traps: Arc<traps::Traps>,
    pub crm: Arc<crm::CrmState>,
    pub answers: Arc<rest::Answers>,
}

impl AppState {
    pub fn new(opts: Options, addr: SocketAddr, stopping: watch::Receiver<bool>) -> Self {
        AppState {
            data: Arc::new(data::Store::new(opts.seed, opts.scale)),
            tokens: Arc::new(auth::Tokens::new(&opts)),
            journal: Arc::new(journal::Journal::default()),
            faults: Arc::new(faults::Faults::new(&opts)),
            traps: Arc::new(traps::Traps::new(&opts, addr, stopping)),
            crm: crm::CrmState::new(opts.seed, opts.crm_rate_limit),
            answers: Arc::new(rest::Answers::new(&opts)),
            opts: Arc::new(opts),
        }
    }
}

/// Every host (`/rest/v1`, `/io`, `/automation`, `/crm`, and their mirror under `/moved`) is
/// journaled and faulted alike; `/__sandbox` is neither, so inspecting a run never changes it.
///
/// From the outside in: the journal (it records the request first and the encoding the answer
/// went out with last), the faults (a body cut short is cut after compression, as on the wire),
/// compression, then the traps and the routes.
pub fn router(state: AppState) -> Router {
    let routes = Router::new()
        .nest("/rest/v1", rest::routes(state.clone()))
        .merge(crm::routes(state.crm.clone()));
    let mut hosts = Router::new()
        .nest(traps::MOVED, routes.clone())
        .merge(routes)
        .fallback(not_found)
        .layer(from_fn_with_state(state.traps.clone(), traps::middleware));
    if state.opts.compression == Compression::On {
        hosts = hosts.layer(CompressionLayer::new());
    }
    let hosts = hosts
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
