//! `GET /lista_venda_orcamento` (Ficha Financeira).

use std::ops::Range;

use axum::response::Response;

use super::lists::ClinicList;
use super::params::Query;
use super::reply::{self, Window};
use crate::Options;
use crate::data::reference::QUOTE_STATUSES;
use crate::data::{ClientFilter, QuoteFilter, QuoteRecord, Store, search::TextQuery};
use crate::error::ApiError;

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
        modified_in_utc: false,
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

/// `GET /lista_venda_orcamento`.
pub(super) struct QuoteList;

impl ClinicList for QuoteList {
    const NAME: &'static str = "quotes";
    const DELETES: bool = true;
    type Filter = QuoteFilter;
    type Record = QuoteRecord;

    fn filter(query: &Query, opts: &Options) -> Result<QuoteFilter, ApiError> {
        let mut filter = filter(query)?;
        if opts.ignore_modified_filter {
            filter.modified = Default::default();
        }
        filter.modified_in_utc = opts.filter_zone == crate::FilterZone::Utc;
        Ok(filter)
    }

    fn is_unfiltered(data: &Store, filter: &QuoteFilter) -> bool {
        // Deleted or moved quotes leave holes in the seeded ids (a moved one is in another clinic's
        // list): the list is then read as a filtered one.
        filter.is_empty() && !data.churn.any_deleted() && data.churn.moved().is_empty()
    }

    fn matching(data: &Store, clinic: u32, filter: &QuoteFilter) -> Vec<u32> {
        data.quotes
            .filter_ids(clinic, filter, &data.contacts, &data.churn)
    }

    fn ids(data: &Store, clinic: u32) -> (Range<u32>, Vec<u32>) {
        (data.quotes.layout().ids(clinic), Vec::new())
    }

    fn record(data: &Store, id: u32) -> Option<QuoteRecord> {
        Some(data.quotes.current(id, &data.contacts, &data.churn))
    }

    fn delete(data: &Store, ids: &[u32]) {
        data.churn.set_deleted(ids, true);
        data.cache.invalidate();
    }

    fn reply(opts: &Options, window: &Window, mut records: Vec<QuoteRecord>) -> Response {
        // Local times are already written as they go out: no copy per record.
        if opts.time_stamps != crate::TimeStamps::Local {
            for record in &mut records {
                record.modificado_em = opts.time_stamps.write(&record.modificado_em);
            }
        }
        match opts.late_field_from {
            None => reply::page(opts, window, &records),
            Some(from) => reply::page(opts, window, &with_late_field(records, from)),
        }
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
