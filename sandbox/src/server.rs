//! Router assembly: which routes sit inside the journal, fault, compression and trap layers.

use axum::Router;
use axum::http::{Method, Uri};
use axum::middleware::from_fn_with_state;
use tower_http::compression::CompressionLayer;

use crate::error::ApiError;
use crate::state::AppState;
use crate::{Compression, crm, faults, inspect, journal, rest, traps};

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
        .layer(axum::middleware::map_response_with_state(
            state.opts.date_skew,
            skewed_date,
        ))
        .layer(from_fn_with_state(state.faults.clone(), faults::middleware))
        .layer(from_fn_with_state(
            state.journal.clone(),
            journal::middleware,
        ));
    Router::new()
        .nest("/__sandbox", inspect::routes().with_state(state))
        .merge(hosts)
}

/// `--date-skew`: the answer's `Date` header moved from the clock by that many seconds (hyper writes
/// one only where the answer has none).
async fn skewed_date(
    axum::extract::State(skew): axum::extract::State<i64>,
    mut response: axum::response::Response,
) -> axum::response::Response {
    if skew != 0 {
        let at = chrono::Utc::now() + chrono::Duration::seconds(skew);
        let text = at.format("%a, %d %b %Y %H:%M:%S GMT").to_string();
        if let Ok(value) = axum::http::HeaderValue::from_str(&text) {
            response
                .headers_mut()
                .insert(axum::http::header::DATE, value);
        }
    }
    response
}

async fn not_found(method: Method, uri: Uri) -> ApiError {
    ApiError::not_found(format!("rota não encontrada: {method} {}", uri.path()))
}
