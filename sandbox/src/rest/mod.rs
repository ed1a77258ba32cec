//! The 19 operations of `base_url` (`/rest/v1`).

mod appointments;
mod body;
mod caller;
mod contacts;
mod envelope;
mod identity;
mod links;
mod lists;
mod login;
mod params;
mod quotes;
mod refs;
mod reply;
mod scope;

use axum::Router;
use axum::http::{Method, Uri};
use axum::middleware::from_fn_with_state;
use axum::routing::{get, post};

use crate::answers;
use crate::error::ApiError;
use crate::state::AppState;

pub fn routes(state: AppState) -> Router {
    Router::new()
        .route("/loginApi", post(login::login))
        .route("/cadastraCliente", post(contacts::create))
        .route("/atualizaCadastroCliente", post(contacts::update))
        .route("/criaCampanha", post(refs::create_campaign))
        .route("/mudaStatusAgendamento", post(appointments::set_status))
        .route(
            "/relAgendamentos",
            get(lists::list::<appointments::AppointmentList>),
        )
        .route(
            "/lista_venda_orcamento",
            get(lists::list::<quotes::QuoteList>),
        )
        .route("/lista_cliente", get(lists::list::<contacts::ContactList>))
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
        .layer(axum::middleware::from_fn(links::scope))
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
