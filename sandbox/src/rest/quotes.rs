//! `GET /lista_venda_orcamento` (Ficha Financeira).

use axum::extract::{RawQuery, State};
use axum::response::Response;

use super::caller::Caller;
use super::lists::{filtered, list_request, page_ids};
use super::params::Query;
use super::reply;
use crate::data::reference::QUOTE_STATUSES;
use crate::data::{ClientFilter, QuoteFilter, QuoteRecord, search::TextQuery};
use crate::error::ApiError;
use crate::state::AppState;

fn filter(query: &Query) -> Result<QuoteFilter, ApiError> {
    // `cliente` is a contact ID when numeric, else part of the client's name.
    let client = match query.text("cliente") {
        None => None,
        Some(value) => match value.parse::<u32>() {
            Ok(id) => Some(ClientFilter::Id(id)),
            Err(_) => TextQuery::new(value).map(ClientFilter::Name),
        },
    };
    Ok(QuoteFilter {
        date: query.date_range("data")?,
        created: query.date_range("criado_em")?,
        evaluation: query.date_range("avaliacao")?,
        payment: query.date_range("data_pagamento")?,
        modified: query.date_range("modificado_em")?,
        statuses: query.id_set("status", QUOTE_STATUSES.len() as u32, "lista_status_venda")?,
        inactive: query.flag("inativo")?,
        service: query.id("id_servico")?,
        creator: query.id("criado_por")?,
        modifier: query.id("modificado_por")?,
        seller: query.id("vendedor")?,
        plan: query.id("plano_de_conta")?,
        operation: query.id("tipo_operacao_produto")?,
        client,
        contract_notes: query.search("observacoes_contratuais"),
        sale_notes: query.search("observacoes_venda"),
    })
}

pub async fn list(
    State(app): State<AppState>,
    Caller(user): Caller,
    RawQuery(raw): RawQuery,
) -> Result<Response, ApiError> {
    let (query, clinic, paging) = list_request(&app, user, raw.as_deref())?;
    let mut filter = filter(&query)?;
    if app.opts.ignore_modified_filter {
        filter.modified = Default::default();
    }
    let data = &app.data;
    let compute = || {
        data.quotes
            .filter_ids(clinic, &filter, &data.contacts, &data.churn)
    };
    // Deleted quotes leave holes in the seeded ids: the list is then read as a filtered one.
    let unfiltered = filter.is_empty() && !data.churn.any_deleted();
    let filtered = filtered("quotes", clinic, &filter, unfiltered, &compute);
    let (window, ids) = page_ids(
        &app,
        paging,
        data.quotes.layout().ids(clinic),
        &[],
        filtered,
    );
    let records: Vec<QuoteRecord> = ids
        .into_iter()
        .map(|id| data.quotes.current(id, &data.contacts, &data.churn))
        .collect();
    match app.opts.late_field_from {
        None => Ok(reply::page(&app.opts, &window, &records)),
        Some(from) => Ok(reply::page(
            &app.opts,
            &window,
            &with_late_field(records, from),
        )),
    }
}

/// `--late-field-from`: the records from that ID on get a field the others lack.
fn with_late_field(records: Vec<QuoteRecord>, from: u32) -> Vec<serde_json::Value> {
    records
        .into_iter()
        .map(|record| {
            let late = record.id >= from;
            let mut value = serde_json::to_value(record).expect("a record serialises");
            if late && let Some(map) = value.as_object_mut() {
                map.insert("desconto_fidelidade".into(), serde_json::json!(5.0));
            }
            value
        })
        .collect()
}
