//! `GET /relAgendamentos` and `POST /mudaStatusAgendamento`.

use std::ops::Range;

use axum::extract::State;
use axum::response::Response;

use super::body::Fields;
use super::caller::Caller;
use super::lists::ClinicList;
use super::params::Query;
use super::{reply, scope};
use crate::Options;
use crate::data::reference::{APPOINTMENT_STATUSES, EVALUATION_TYPE};
use crate::data::{AppointmentFilter, AppointmentRecord, Store};
use crate::error::ApiError;
use crate::state::AppState;

/// `GET /relAgendamentos`.
pub(super) struct AppointmentList;

impl ClinicList for AppointmentList {
    const NAME: &'static str = "appointments";
    type Filter = AppointmentFilter;
    type Record = AppointmentRecord;

    fn filter(query: &Query, _: &Options) -> Result<AppointmentFilter, ApiError> {
        let kind = query.id("tipo_agendamento")?;
        let has_quote = query.flag("avaliacao_possui")?;
        if kind == Some(u32::from(EVALUATION_TYPE)) && has_quote.is_none() {
            return Err(ApiError::bad_request(
                "parâmetro avaliacao_possui é obrigatório quando tipo_agendamento = 2 (avaliação): informe 0 ou 1 (veja avaliacaoPossuiVendaOrcamento)",
            ));
        }
        Ok(AppointmentFilter {
            date: query.date_range("data_agendamento")?,
            kind,
            statuses: query.id_set(
                "status",
                APPOINTMENT_STATUSES.len() as u32,
                "statusAgendamento",
            )?,
            has_quote,
        })
    }

    fn is_unfiltered(_data: &Store, filter: &AppointmentFilter) -> bool {
        filter.is_empty()
    }

    fn matching(data: &Store, clinic: u32, filter: &AppointmentFilter) -> Vec<u32> {
        data.appointments.filter_ids(clinic, filter)
    }

    fn ids(data: &Store, clinic: u32) -> (Range<u32>, Vec<u32>) {
        (data.appointments.layout().ids(clinic), Vec::new())
    }

    fn record(data: &Store, id: u32) -> Option<AppointmentRecord> {
        Some(data.appointments.record(id, &data.contacts))
    }
}

/// `agendamento` and `status`, both integers.
pub async fn set_status(
    State(app): State<AppState>,
    Caller(user): Caller,
    fields: Fields,
) -> Result<Response, ApiError> {
    let id = fields.required_int("agendamento", "1234")?;
    let status = fields.required_int("status", "2")?;
    let data = &app.data;
    let id = u32::try_from(id)
        .ok()
        .filter(|id| data.appointments.exists(*id))
        .ok_or_else(|| ApiError::not_found(format!("agendamento {id} não encontrado")))?;
    scope::check_access(user, data.appointments.clinic_of(id))?;
    let status = u8::try_from(status)
        .ok()
        .filter(|s| (1..=APPOINTMENT_STATUSES.len() as u8).contains(s))
        .ok_or_else(|| {
            ApiError::unprocessable(format!(
                "campo status inválido: o status {status} não existe (IDs de 1 a {}, veja statusAgendamento)",
                APPOINTMENT_STATUSES.len()
            ))
        })?;
    if app.answers.unconfirmed_due() {
        return Ok(reply::unconfirmed());
    }
    data.appointments.set_status(id, status);
    data.cache.invalidate();
    Ok(reply::success(
        &app.opts,
        "id_agendamento",
        serde_json::json!({
            "mensagem": "status do agendamento alterado com sucesso",
            "agendamento": id,
            "status": status,
            "descricao": APPOINTMENT_STATUSES[usize::from(status) - 1],
        }),
        serde_json::json!({ "mensagem": "Status do agendamento alterado com sucesso" }),
    ))
}
