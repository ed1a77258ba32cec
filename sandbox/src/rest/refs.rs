//! Reference lists (`Saída — Apoio`) and `criaCampanha`.

use axum::extract::{RawQuery, State};
use axum::response::Response;
use serde::Serialize;

use super::body::Fields;
use super::caller::Caller;
use super::params::Query;
use super::reply::{self, Window};
use super::scope;
use crate::auth::User;
use crate::data::Campaign;
use crate::data::reference::{
    ACCOUNT_PLANS, APPOINTMENT_STATUSES, CHANNELS, CLINICS, CREATORS, HAS_QUOTE, OPERATION_TYPES,
    QUOTE_STATUSES, SELLERS, SERVICES, named,
};
use crate::data::search::{Order, closest, fold};
use crate::error::ApiError;
use crate::state::AppState;

#[derive(Serialize)]
struct Named {
    id: u32,
    nome: String,
}

#[derive(Serialize)]
struct Described {
    id: u32,
    descricao: &'static str,
}

type Handler = Result<Response, ApiError>;

fn named_items(names: &[&str]) -> Vec<Named> {
    named(names)
        .into_iter()
        .map(|(id, nome)| Named { id, nome })
        .collect()
}

/// One page of `items`; with `search`, only the closest matches of `nome`, closest
/// first.
fn paged<T: Serialize>(
    app: &AppState,
    query: &Query,
    items: Vec<T>,
    search: Option<fn(&T) -> &str>,
) -> Handler {
    let paging = query.paging(&app.opts)?;
    let items = match (search, query.search("nome")) {
        (Some(name_of), Some(wanted)) => {
            let candidates: Vec<(u32, String)> = items
                .iter()
                .enumerate()
                .map(|(i, item)| (i as u32, fold(name_of(item))))
                .collect();
            let order = closest(&wanted, &candidates, Order::Closeness);
            let mut slots: Vec<Option<T>> = items.into_iter().map(Some).collect();
            order
                .into_iter()
                .filter_map(|i| slots[i as usize].take())
                .collect()
        }
        _ => items,
    };
    let window = Window::new(&app.opts, paging, items.len());
    Ok(reply::page(
        &app.opts,
        &window,
        &items[window.range.clone()],
    ))
}

/// A list that takes the common parameters (`clinica` required for admin_master).
fn common(app: &AppState, user: User, raw: Option<String>, names: &[&str]) -> Handler {
    let query = Query::parse(raw.as_deref())?;
    scope::list_clinic(user, &query)?;
    paged(app, &query, named_items(names), None)
}

pub async fn creators(
    State(app): State<AppState>,
    Caller(user): Caller,
    RawQuery(raw): RawQuery,
) -> Handler {
    common(&app, user, raw, &CREATORS)
}

pub async fn account_plans(
    State(app): State<AppState>,
    Caller(user): Caller,
    RawQuery(raw): RawQuery,
) -> Handler {
    common(&app, user, raw, &ACCOUNT_PLANS)
}

pub async fn sellers(
    State(app): State<AppState>,
    Caller(user): Caller,
    RawQuery(raw): RawQuery,
) -> Handler {
    common(&app, user, raw, &SELLERS)
}

pub async fn operation_types(
    State(app): State<AppState>,
    Caller(user): Caller,
    RawQuery(raw): RawQuery,
) -> Handler {
    common(&app, user, raw, &OPERATION_TYPES)
}

pub async fn services(
    State(app): State<AppState>,
    Caller(user): Caller,
    RawQuery(raw): RawQuery,
) -> Handler {
    let query = Query::parse(raw.as_deref())?;
    scope::list_clinic(user, &query)?;
    paged(
        &app,
        &query,
        named_items(&SERVICES),
        Some(|n: &Named| n.nome.as_str()),
    )
}

pub async fn campaigns(
    State(app): State<AppState>,
    Caller(user): Caller,
    RawQuery(raw): RawQuery,
) -> Handler {
    let query = Query::parse(raw.as_deref())?;
    let clinic = scope::list_clinic(user, &query)?;
    let items = app.data.campaigns.visible_to(clinic);
    paged(&app, &query, items, Some(|c: &Campaign| c.nome.as_str()))
}

/// Not scoped to a clinic: only paging and `nome`.
pub async fn channels(
    State(app): State<AppState>,
    Caller(_): Caller,
    RawQuery(raw): RawQuery,
) -> Handler {
    let query = Query::parse(raw.as_deref())?;
    paged(
        &app,
        &query,
        named_items(&CHANNELS),
        Some(|n: &Named| n.nome.as_str()),
    )
}

/// admin_master sees every clinic; a clinic user only their own.
pub async fn clinics(
    State(app): State<AppState>,
    Caller(user): Caller,
    RawQuery(raw): RawQuery,
) -> Handler {
    let query = Query::parse(raw.as_deref())?;
    let items: Vec<Named> = named_items(&CLINICS)
        .into_iter()
        .filter(|clinic| match user {
            User::AdminMaster => true,
            User::Clinic(own) => clinic.id == own,
        })
        .collect();
    paged(&app, &query, items, None)
}

fn described(names: &'static [&'static str], first_id: u32) -> Vec<Described> {
    names
        .iter()
        .enumerate()
        .map(|(i, descricao)| Described {
            id: first_id + i as u32,
            descricao,
        })
        .collect()
}

pub async fn appointment_statuses(State(app): State<AppState>, Caller(_): Caller) -> Handler {
    Ok(reply::whole(
        &app.opts,
        &described(&APPOINTMENT_STATUSES, 1),
    ))
}

pub async fn quote_statuses(State(app): State<AppState>, Caller(_): Caller) -> Handler {
    Ok(reply::whole(&app.opts, &described(&QUOTE_STATUSES, 1)))
}

/// The values `avaliacao_possui` takes: 0 and 1.
pub async fn evaluation_has_quote(State(app): State<AppState>, Caller(_): Caller) -> Handler {
    Ok(reply::whole(&app.opts, &described(&HAS_QUOTE, 0)))
}

/// `POST /criaCampanha`: `nome`, `clinica` → the new campaign's ID.
pub async fn create_campaign(
    State(app): State<AppState>,
    Caller(user): Caller,
    fields: Fields,
) -> Handler {
    let name = fields.required_text("nome", "nome da campanha")?;
    let clinic = fields.required_int("clinica", "\"1\"")?;
    let clinic = scope::write_clinic(user, clinic)?;
    if app.answers.unconfirmed_due() {
        return Ok(reply::unconfirmed());
    }
    let id = app.data.campaigns.create(name, clinic);
    Ok(reply::success(
        &app.opts,
        "id_campanha",
        serde_json::json!({ "id": id, "mensagem": "campanha criada com sucesso" }),
        serde_json::json!({ "id_campanha": id.to_string() }),
    ))
}
