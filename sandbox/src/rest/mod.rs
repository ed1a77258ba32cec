//! The 19 operations of `base_url` (`/rest/v1`).

mod answers;
mod appointments;
mod body;
mod contacts;
mod error;
mod login;
mod params;
mod quotes;
mod refs;
mod reply;
mod scope;

use std::ops::Range;

use axum::Router;
use axum::http::{Method, Uri};
use axum::middleware::from_fn_with_state;
use axum::routing::{get, post};

pub use answers::Answers;
pub use error::ApiError;
pub use reply::json_bytes;

use crate::server::AppState;
use params::Paging;
use reply::Window;

pub fn routes(state: AppState) -> Router {
    Router::new()
        .route("/loginApi", post(login::login))
        .route("/cadastraCliente", post(contacts::create))
        .route("/atualizaCadastroCliente", post(contacts::update))
        .route("/criaCampanha", post(refs::create_campaign))
        .route("/mudaStatusAgendamento", post(appointments::set_status))
        .route("/relAgendamentos", get(appointments::list))
        .route("/lista_venda_orcamento", get(quotes::list))
        .route("/lista_cliente", get(contacts::list))
        .route("/listaCriadoPorVenda", get(refs::creators))
        .route("/listaPlanoDeConta", get(refs::account_plans))
        .route("/listaVendedor", get(refs::sellers))
        .route("/listaCampanha", get(refs::campaigns))
        .route("/listaServico", get(refs::services))
        .route(
            "/avaliacaoPossuiVendaOrcamento",
            get(refs::evaluation_has_quote),
        )
        .route("/listaClinicas", get(refs::clinics))
        .route("/listaCanal", get(refs::channels))
        .route("/statusAgendamento", get(refs::appointment_statuses))
        .route("/lista_status_venda", get(refs::quote_statuses))
        .route("/listaTipoOperacao", get(refs::operation_types))
        .method_not_allowed_fallback(method_not_allowed)
        .layer(from_fn_with_state(
            state.answers.clone(),
            answers::middleware,
        ))
        .with_state(state)
}

async fn method_not_allowed(method: Method, uri: Uri) -> ApiError {
    ApiError::new(
        axum::http::StatusCode::METHOD_NOT_ALLOWED,
        format!("método {method} não permitido em {}", uri.path()),
    )
}

/// Ids of the page asked for. Unfiltered, they are arithmetic over the clinic's seeded
/// range followed by `extra`; filtered, a slice of the matching ids, computed once per
/// distinct filter and kept until the next write.
fn page_ids(
    app: &AppState,
    paging: Paging,
    seeded: Range<u32>,
    extra: &[u32],
    filtered: Option<(String, &dyn Fn() -> Vec<u32>)>,
) -> (Window, Vec<u32>) {
    match filtered {
        None => {
            let seeded_len = seeded.len();
            let window = Window::new(&app.opts, paging, seeded_len + extra.len());
            let ids = window
                .range
                .clone()
                .map(|i| {
                    if i < seeded_len {
                        seeded.start + i as u32
                    } else {
                        extra[i - seeded_len]
                    }
                })
                .collect();
            (window, ids)
        }
        Some((key, compute)) => {
            let ids = app.data.cache.get_or_compute(key, compute);
            let window = Window::new(&app.opts, paging, ids.len());
            let page = ids[window.range.clone()].to_vec();
            (window, page)
        }
    }
}
