//! Quotes (Ficha Financeira): compact filter columns for every quote; the full record is
//! generated on demand. Nothing writes quotes; `--churn` changes some (see `churn`).

use rand::Rng;
use rand::seq::IndexedRandom;
use serde::Serialize;

use super::churn::Churn;
use super::contacts::Contacts;
use super::days::DayRange;
use super::layout::{CLINIC_COUNT, Layout};
use super::reference::{
    ACCOUNT_PLANS, BANK_ACCOUNTS, CAMPAIGNS, CHANNELS, CLINICS, COMPANIES, CREATORS,
    OPERATION_TYPES, PAYMENT_TYPES, PRODUCT_PRICES, PRODUCTS, PROFESSIONALS, QUOTE_APPROVED,
    QUOTE_INACTIVE, QUOTE_STATUSES, QUOTE_TYPES, SELLERS, SERVICE_PRICES, SERVICES,
};
use super::rng::{
    Day, Kind, civil, day, format_day, format_timestamp, pick, push_padded, record_rng, weighted,
};
use super::search::{Order, TextQuery, closest, fold};
use super::text::maybe_note;

/// Filter columns of one quote (28 bytes).
#[derive(Clone, Copy)]
struct Column {
    client: u32,
    /// Bit `s - 1` set when the quote holds a procedure of service `s`.
    services: u32,
    date: Day,
    created: Day,
    /// 0 = no evaluation.
    evaluation: Day,
    /// 0 = not paid.
    payment: Day,
    modified: Day,
    status: u8,
    creator: u8,
    modifier: u8,
    seller: u8,
    plan: u8,
    operation: u8,
}

const STATUS_WEIGHTS: [u64; 5] = [30, 40, 12, 10, 8];

/// How `cliente` selects: a contact ID, or a name (closest match).
#[derive(Debug)]
pub enum ClientFilter {
    Id(u32),
    Name(TextQuery),
}

/// `lista_venda_orcamento` filters.
#[derive(Debug, Default)]
pub struct QuoteFilter {
    pub date: DayRange,
    pub created: DayRange,
    pub evaluation: DayRange,
    pub payment: DayRange,
    pub modified: DayRange,
    /// `modified` is read as UTC days (`--filter-zone utc`).
    pub modified_in_utc: bool,
    /// Bit `s` set for each accepted status; 0 = any.
    pub statuses: u32,
    pub inactive: Option<bool>,
    pub service: Option<u32>,
    pub creator: Option<u32>,
    pub modifier: Option<u32>,
    pub seller: Option<u32>,
    pub plan: Option<u32>,
    pub operation: Option<u32>,
    pub client: Option<ClientFilter>,
    pub contract_notes: Option<TextQuery>,
    pub sale_notes: Option<TextQuery>,
}

impl QuoteFilter {
    pub fn is_empty(&self) -> bool {
        self.date.is_open()
            && self.created.is_open()
            && self.evaluation.is_open()
            && self.payment.is_open()
            && self.modified.is_open()
            && self.statuses == 0
            && self.inactive.is_none()
            && self.service.is_none()
            && self.creator.is_none()
            && self.modifier.is_none()
            && self.seller.is_none()
            && self.plan.is_none()
            && self.operation.is_none()
            && self.client.is_none()
            && self.contract_notes.is_none()
            && self.sale_notes.is_none()
    }
}

#[derive(Serialize)]
pub struct Product {
    pub id_produto: u32,
    pub produto: &'static str,
    pub quantidade: u32,
    pub valor_unitario: f64,
    pub valor_total: f64,
}

#[derive(Serialize)]
pub struct Procedure {
    pub id_servico: u32,
    pub servico: &'static str,
    pub sessoes: u32,
    pub valor: f64,
    pub profissional: &'static str,
}

#[derive(Serialize)]
pub struct QuoteRecord {
    pub id: u32,
    pub codigo: String,
    pub clinica: u32,
    pub unidade: &'static str,
    pub data: String,
    pub criado_em: String,
    pub id_criado_por: u8,
    pub criado_por: &'static str,
    pub modificado_em: String,
    pub id_modificado_por: u8,
    pub modificado_por: &'static str,
    pub id_status: u8,
    pub status: &'static str,
    pub inativo: u8,
    pub id_plano_de_conta: u8,
    pub plano_de_conta: &'static str,
    pub id_vendedor: u8,
    pub vendedor: &'static str,
    pub id_cliente: u32,
    pub cliente: String,
    pub telefone: String,
    pub avaliacao_realizada: &'static str,
    pub data_avaliacao: Option<String>,
    pub id_tipo_operacao: u8,
    pub tipo_operacao: &'static str,
    pub conta_bancaria: &'static str,
    pub observacoes_contratuais: String,
    pub observacoes_venda: String,
    pub produtos: Vec<Product>,
    pub procedimentos: Vec<Procedure>,
    pub tipo_orcamento: &'static str,
    pub valor: f64,
    pub valor_original: f64,
    pub data_pagamento: Option<String>,
    pub forma_pagamento: &'static str,
    pub contrato: String,
    pub id_campanha: u32,
    pub campanha: &'static str,
    pub id_canal: u32,
    pub canal: &'static str,
    pub cortesia: u8,
    pub empresa: &'static str,
    pub venda_avulsa: u8,
}

pub struct Quotes {
    seed: u64,
    layout: Layout,
    columns: Vec<Column>,
}

fn name(list: &'static [&'static str], id: u8) -> &'static str {
    list[usize::from(id) - 1]
}

/// `prefix` and the id in 7 digits at least (`ORC-0000042`), written without `format!`: every
/// record of a page carries one or two such codes.
fn code(prefix: &str, id: u32) -> String {
    let mut out = String::with_capacity(prefix.len() + 10);
    out.push_str(prefix);
    push_padded(&mut out, u64::from(id), 7);
    out
}

fn cents(value: f64) -> f64 {
    (value * 100.0).round() / 100.0
}

/// Random text streams of a quote, apart so a filter can draw one without the others.
const CONTRACT_NOTES: u64 = 1;
const SALE_NOTES: u64 = 2;
const DETAILS: u64 = 3;

impl Quotes {
    pub fn new(seed: u64, total: u32, contacts: &Layout) -> Quotes {
        let layout = Layout::new(seed, total);
        let first_day = day(2023, 1, 1);
        let columns = (1..=total)
            .map(|id| {
                let key = u64::from(id);
                let field = |f: u64, n: u64| pick(seed, Kind::Quote, key, f, n);
                let clinic = layout.clinic_of(id);
                let client = contacts.one_of(clinic, |count| field(1, count));
                let date = first_day + field(2, 1096) as Day;
                let created = date - field(3, 20) as Day;
                let evaluation = if field(4, 10) < 7 {
                    created - field(5, 30) as Day
                } else {
                    0
                };
                let status = 1 + weighted(field(6, u64::MAX), &STATUS_WEIGHTS) as u8;
                let payment = if status == QUOTE_APPROVED {
                    date + field(7, 15) as Day
                } else {
                    0
                };
                let modified = date.max(payment) + field(8, 40) as Day;
                let mut services = 0u32;
                for n in 0..=field(9, 3) {
                    services |= 1u32 << field(10 + n, SERVICES.len() as u64);
                }
                Column {
                    client,
                    services,
                    date,
                    created,
                    evaluation,
                    payment,
                    modified,
                    status,
                    creator: 1 + field(20, CREATORS.len() as u64) as u8,
                    modifier: 1 + field(21, CREATORS.len() as u64) as u8,
                    seller: 1 + field(22, SELLERS.len() as u64) as u8,
                    plan: 1 + field(23, ACCOUNT_PLANS.len() as u64) as u8,
                    operation: 1 + field(24, OPERATION_TYPES.len() as u64) as u8,
                }
            })
            .collect();
        Quotes {
            seed,
            layout,
            columns,
        }
    }

    pub fn layout(&self) -> &Layout {
        &self.layout
    }

    fn column(&self, id: u32) -> &Column {
        &self.columns[id as usize - 1]
    }

    /// Which contacts (index = contact id) have an approved quote.
    pub fn customers(&self, contacts: u32) -> Vec<bool> {
        let mut customers = vec![false; contacts as usize + 1];
        for column in &self.columns {
            if column.status == QUOTE_APPROVED {
                customers[column.client as usize] = true;
            }
        }
        customers
    }

    fn contract_notes(&self, id: u32) -> String {
        let mut rng = record_rng(self.seed, Kind::Quote, u64::from(id), CONTRACT_NOTES);
        maybe_note(&mut rng, 70).unwrap_or_default()
    }

    fn sale_notes(&self, id: u32) -> String {
        let mut rng = record_rng(self.seed, Kind::Quote, u64::from(id), SALE_NOTES);
        maybe_note(&mut rng, 60).unwrap_or_default()
    }

    /// The quote as the lists show it, with its last change (`--churn`) and the status a test gave
    /// it, if any.
    pub fn current(&self, id: u32, contacts: &Contacts, churn: &Churn) -> QuoteRecord {
        let mut record = self.record(id, contacts);
        if let Some(change) = churn.of(id) {
            record.valor = change.valor;
            record.modificado_em = change.modificado_em;
        }
        if let Some(status) = churn.status_of(id) {
            record.id_status = status;
            record.status = name(&QUOTE_STATUSES, status);
            record.inativo = u8::from(status == QUOTE_INACTIVE);
        }
        if let Some(clinic) = churn.clinic_of(id) {
            record.clinica = clinic;
            record.unidade = CLINICS[clinic as usize - 1];
        }
        record
    }

    pub fn record(&self, id: u32, contacts: &Contacts) -> QuoteRecord {
        let c = *self.column(id);
        let key = u64::from(id);
        let clinic = self.layout.clinic_of(id);
        let (client_name, client_phone) = contacts.name_and_phone(c.client);
        let mut rng = record_rng(self.seed, Kind::Quote, key, DETAILS);
        let procedures: Vec<Procedure> = (0..SERVICES.len() as u32)
            .filter(|s| c.services & (1 << s) != 0)
            .map(|s| {
                let sessions = rng.random_range(1..=10);
                Procedure {
                    id_servico: s + 1,
                    servico: SERVICES[s as usize],
                    sessoes: sessions,
                    valor: f64::from(SERVICE_PRICES[s as usize] * sessions),
                    profissional: PROFESSIONALS.choose(&mut rng).copied().unwrap_or_default(),
                }
            })
            .collect();
        let products: Vec<Product> = (0..rng.random_range(0..=3))
            .map(|_| {
                let index = rng.random_range(0..PRODUCTS.len());
                let quantity = rng.random_range(1..=3);
                let price = f64::from(PRODUCT_PRICES[index]);
                Product {
                    id_produto: index as u32 + 1,
                    produto: PRODUCTS[index],
                    quantidade: quantity,
                    valor_unitario: price,
                    valor_total: price * f64::from(quantity),
                }
            })
            .collect();
        let original: f64 = procedures.iter().map(|p| p.valor).sum::<f64>()
            + products.iter().map(|p| p.valor_total).sum::<f64>();
        let courtesy = rng.random_ratio(3, 100);
        let discount = f64::from(rng.random_range(0..=25u32)) / 100.0;
        let value = if courtesy {
            0.0
        } else {
            cents(original * (1.0 - discount))
        };
        let quote_type = QUOTE_TYPES.choose(&mut rng).copied().unwrap_or_default();
        let campaign = 1 + pick(self.seed, Kind::Quote, key, 30, CAMPAIGNS.len() as u64) as u32;
        let channel = 1 + pick(self.seed, Kind::Quote, key, 31, CHANNELS.len() as u64) as u32;
        let seconds =
            |field: u64| 8 * 3600 + pick(self.seed, Kind::Quote, key, field, 12 * 3600) as u32;
        QuoteRecord {
            id,
            codigo: code("ORC-", id),
            clinica: clinic,
            unidade: CLINICS[clinic as usize - 1],
            data: format_day(c.date),
            criado_em: format_timestamp(c.created, seconds(32)),
            id_criado_por: c.creator,
            criado_por: name(&CREATORS, c.creator),
            modificado_em: format_timestamp(c.modified, seconds(33)),
            id_modificado_por: c.modifier,
            modificado_por: name(&CREATORS, c.modifier),
            id_status: c.status,
            status: name(&QUOTE_STATUSES, c.status),
            inativo: u8::from(c.status == QUOTE_INACTIVE),
            id_plano_de_conta: c.plan,
            plano_de_conta: name(&ACCOUNT_PLANS, c.plan),
            id_vendedor: c.seller,
            vendedor: name(&SELLERS, c.seller),
            id_cliente: c.client,
            cliente: client_name,
            telefone: client_phone,
            avaliacao_realizada: if c.evaluation != 0 { "Sim" } else { "Não" },
            data_avaliacao: (c.evaluation != 0).then(|| format_day(c.evaluation)),
            id_tipo_operacao: c.operation,
            tipo_operacao: name(&OPERATION_TYPES, c.operation),
            conta_bancaria: BANK_ACCOUNTS.choose(&mut rng).copied().unwrap_or_default(),
            observacoes_contratuais: self.contract_notes(id),
            observacoes_venda: self.sale_notes(id),
            produtos: products,
            procedimentos: procedures,
            tipo_orcamento: quote_type,
            valor: value,
            valor_original: cents(original),
            data_pagamento: (c.payment != 0).then(|| format_day(c.payment)),
            forma_pagamento: PAYMENT_TYPES.choose(&mut rng).copied().unwrap_or_default(),
            contrato: if c.status == QUOTE_APPROVED {
                let mut prefix = String::with_capacity(16);
                prefix.push_str("CT-");
                push_padded(&mut prefix, u64::from(civil(c.date).0), 4);
                prefix.push('-');
                code(&prefix, id)
            } else {
                String::new()
            },
            id_campanha: campaign,
            campanha: CAMPAIGNS[campaign as usize - 1],
            id_canal: channel,
            canal: CHANNELS[channel as usize - 1],
            cortesia: u8::from(courtesy),
            empresa: COMPANIES.choose(&mut rng).copied().unwrap_or_default(),
            venda_avulsa: u8::from(quote_type == "Sessão avulsa"),
        }
    }

    /// Whether a quote passes `f`; `modified` is its modification day, which `--churn` may have
    /// moved since the seed.
    fn column_matches(c: &Column, f: &QuoteFilter, modified: Day) -> bool {
        let optional = |day: Day| (day != 0).then_some(day);
        f.date.contains(Some(c.date))
            && f.created.contains(Some(c.created))
            && f.evaluation.contains(optional(c.evaluation))
            && f.payment.contains(optional(c.payment))
            && f.modified.contains(Some(modified))
            && (f.statuses == 0 || f.statuses & (1 << c.status) != 0)
            && f.inactive
                .is_none_or(|inactive| (c.status == QUOTE_INACTIVE) == inactive)
            && f.service
                .is_none_or(|s| (1..=32).contains(&s) && c.services & (1 << (s - 1)) != 0)
            && f.creator.is_none_or(|v| v == u32::from(c.creator))
            && f.modifier.is_none_or(|v| v == u32::from(c.modifier))
            && f.seller.is_none_or(|v| v == u32::from(c.seller))
            && f.plan.is_none_or(|v| v == u32::from(c.plan))
            && f.operation.is_none_or(|v| v == u32::from(c.operation))
            && match f.client {
                Some(ClientFilter::Id(client)) => c.client == client,
                _ => true,
            }
    }

    /// Ids of a clinic's quotes that pass `filter`, in id order.
    pub fn filter_ids(
        &self,
        clinic: u32,
        filter: &QuoteFilter,
        contacts: &Contacts,
        churn: &Churn,
    ) -> Vec<u32> {
        // Its seeded quotes that stayed, and those moved to it from another clinic, in id order.
        let moved = churn.moved();
        let mut own: Vec<u32> = self
            .layout
            .ids(clinic)
            .filter(|&id| churn.clinic_of(id).is_none_or(|c| c == clinic))
            .chain(
                moved
                    .iter()
                    .filter(|&&(id, c)| c == clinic && self.layout.clinic_of(id) != clinic)
                    .map(|&(id, _)| id),
            )
            .collect();
        own.sort_unstable();
        let mut ids: Vec<u32> = own
            .into_iter()
            .filter(|&id| !churn.is_deleted(id))
            .filter(|&id| {
                let mut c = *self.column(id);
                if let Some(status) = churn.status_of(id) {
                    c.status = status;
                }
                // Seeded quotes are modified between 08:00 and 20:00 in Brasília: the same day in UTC.
                let modified = churn.of(id).map_or(c.modified, |change| {
                    if filter.modified_in_utc {
                        change.utc_day
                    } else {
                        change.day
                    }
                });
                Self::column_matches(&c, filter, modified)
            })
            .collect();
        let mut narrow = |query: &TextQuery, text: &dyn Fn(u32) -> String| {
            let candidates: Vec<(u32, String)> =
                ids.iter().map(|&id| (id, fold(&text(id)))).collect();
            ids = closest(query, &candidates, Order::Id);
        };
        if let Some(ClientFilter::Name(query)) = &filter.client {
            narrow(query, &|id| contacts.identity(self.column(id).client).name);
        }
        if let Some(query) = &filter.contract_notes {
            narrow(query, &|id| self.contract_notes(id));
        }
        if let Some(query) = &filter.sale_notes {
            narrow(query, &|id| self.sale_notes(id));
        }
        ids
    }

    pub fn count_by_clinic(&self) -> Vec<(u32, usize)> {
        (1..=CLINIC_COUNT)
            .map(|clinic| (clinic, self.layout.count(clinic) as usize))
            .collect()
    }
}
