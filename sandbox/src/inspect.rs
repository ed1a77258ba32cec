//! `/__sandbox`: what tests and benchmarks read back — the journal of requests, and counts of what the
//! sandbox holds. No auth, never journaled or faulted.

use axum::Router;
use axum::extract::State;
use axum::http::StatusCode;
use axum::response::Response;
use axum::routing::get;
use serde_json::{Map, Value, json};

use crate::data::reference::QUOTE_STATUSES;
use crate::error::json_bytes;
use crate::state::AppState;

pub fn routes() -> Router<AppState> {
    Router::new()
        .route("/requests", get(requests).delete(clear))
        .route("/stats", get(stats))
        .route("/churn", axum::routing::post(churn))
        .route("/quotes", axum::routing::post(quotes))
        .route("/empty", axum::routing::post(empty))
}

/// `POST /__sandbox/empty?list=appointments&clinic=1&on=true`: a clinic's list (`quotes`,
/// `appointments`, `contacts`) answered `200` with no records from now on, or (`on=false`) as it is
/// again.
async fn empty(
    State(app): State<AppState>,
    axum::extract::Query(q): axum::extract::Query<std::collections::HashMap<String, String>>,
) -> StatusCode {
    let list = q.get("list").map(String::as_str);
    let clinic = q.get("clinic").and_then(|c| c.parse::<u32>().ok());
    let on = q.get("on").map_or(Some(true), |o| o.parse::<bool>().ok());
    match (list, clinic, on) {
        (Some(list @ ("quotes" | "appointments" | "contacts")), Some(clinic), Some(on)) => {
            app.data.emptied.set(list, clinic, on);
            StatusCode::NO_CONTENT
        }
        _ => StatusCode::BAD_REQUEST,
    }
}

/// `POST /__sandbox/quotes?change=1,2&delete=3&restore=4&status=5:Aprovado,6:Cancelado&move=7:2`:
/// quotes changed now (their value goes up by R$ 10,00 and `modificado_em` becomes now), deleted from
/// every list, brought back, given a status by its name, or moved to another clinic by its ID (it
/// leaves its clinic's list for the other's, `clinica` and `unidade` say the new one; `modificado_em`
/// becomes now). With
/// `at=2026-11-22T22:30:00` a change is stamped at that Brasília time instead of now.
async fn quotes(
    State(app): State<AppState>,
    axum::extract::Query(q): axum::extract::Query<std::collections::HashMap<String, String>>,
) -> StatusCode {
    let ids = |key: &str| -> Option<Vec<u32>> {
        q.get(key).map_or(Some(Vec::new()), |list| {
            list.split(',')
                .filter(|s| !s.is_empty())
                .map(|s| s.trim().parse().ok())
                .collect()
        })
    };
    let (Some(change), Some(delete), Some(restore)) =
        (ids("change"), ids("delete"), ids("restore"))
    else {
        return StatusCode::BAD_REQUEST;
    };
    let statuses: Option<Vec<(u32, u8)>> = q.get("status").map_or(Some(Vec::new()), |list| {
        list.split(',')
            .filter(|s| !s.is_empty())
            .map(|pair| {
                let (id, name) = pair.split_once(':')?;
                let status = QUOTE_STATUSES.iter().position(|s| *s == name)?;
                Some((id.trim().parse().ok()?, status as u8 + 1))
            })
            .collect()
    });
    let Some(statuses) = statuses else {
        return StatusCode::BAD_REQUEST;
    };
    let moves: Option<Vec<(u32, u32)>> = q.get("move").map_or(Some(Vec::new()), |list| {
        list.split(',')
            .filter(|s| !s.is_empty())
            .map(|pair| {
                let (id, clinic) = pair.split_once(':')?;
                let clinic: u32 = clinic.trim().parse().ok()?;
                (1..=crate::data::CLINIC_COUNT)
                    .contains(&clinic)
                    .then_some((id.trim().parse().ok()?, clinic))
            })
            .collect()
    });
    let Some(moves) = moves else {
        return StatusCode::BAD_REQUEST;
    };
    let at = match q.get("at") {
        None => None,
        Some(at) => match chrono::NaiveDateTime::parse_from_str(at, "%Y-%m-%dT%H:%M:%S") {
            Ok(at) => Some(at),
            Err(_) => return StatusCode::BAD_REQUEST,
        },
    };
    let data = &app.data;
    let total = data.quotes.layout().total();
    if change
        .iter()
        .chain(&delete)
        .chain(&restore)
        .chain(statuses.iter().map(|(id, _)| id))
        .chain(moves.iter().map(|(id, _)| id))
        .any(|&id| id == 0 || id > total)
    {
        return StatusCode::NOT_FOUND;
    }
    for (id, status) in statuses {
        let valor = data.quotes.current(id, &data.contacts, &data.churn).valor;
        data.churn.set_status(id, status, valor);
    }
    for (id, clinic) in moves {
        let valor = data.quotes.current(id, &data.contacts, &data.churn).valor;
        data.churn.move_to(id, clinic, valor);
    }
    for id in change {
        let valor = data.quotes.current(id, &data.contacts, &data.churn).valor + 10.0;
        // As the service writes an amount: in centavos, never a sum's binary leftovers
        // (`1244.5600000000002`), which a client rightly refuses to read as money.
        let valor = (valor * 100.0).round() / 100.0;
        data.churn.change(id, valor, at);
    }
    data.churn.set_deleted(&delete, true);
    data.churn.set_deleted(&restore, false);
    data.cache.invalidate();
    StatusCode::NO_CONTENT
}

/// `POST /__sandbox/churn?per_second=N`: how many quotes change a second from now on.
async fn churn(
    State(app): State<AppState>,
    axum::extract::Query(q): axum::extract::Query<std::collections::HashMap<String, u32>>,
) -> StatusCode {
    match q.get("per_second") {
        Some(n) => {
            app.data.churn.set_per_second(*n);
            StatusCode::NO_CONTENT
        }
        None => StatusCode::BAD_REQUEST,
    }
}

async fn requests(State(app): State<AppState>) -> Response {
    json_bytes(StatusCode::OK, app.journal.to_json())
}

async fn clear(State(app): State<AppState>) -> StatusCode {
    app.journal.clear();
    StatusCode::NO_CONTENT
}

fn by_clinic(counts: Vec<(u32, usize)>) -> Map<String, Value> {
    counts
        .into_iter()
        .map(|(clinic, count)| (clinic.to_string(), json!(count)))
        .collect()
}

async fn stats(State(app): State<AppState>) -> Response {
    let data = &app.data;
    let crm = app.crm.stats();
    let body = json!({
        "contacts": data.contacts.count(),
        "campaigns": data.campaigns.count(),
        "quotes": data.quotes.layout().total(),
        "appointments": data.appointments.layout().total(),
        "crm_contacts": crm.crm_contacts,
        "crm_deals": crm.crm_deals,
        "io_calls": crm.io_calls,
        "quotes_by_clinic": by_clinic(data.quotes.count_by_clinic()),
        "deleted_quotes": data.churn.deleted(),
        "appointments_by_clinic": by_clinic(data.appointments.count_by_clinic()),
        "contacts_by_clinic": by_clinic(data.contacts.count_by_clinic()),
        "journal_entries": app.journal.len(),
    });
    json_bytes(
        StatusCode::OK,
        serde_json::to_vec(&body).expect("stats serialise"),
    )
}
