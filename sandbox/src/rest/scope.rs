//! Which clinic a call works on: clinic users are confined to their own whatever they
//! pass; `admin_master` must name one.

use crate::auth::User;
use crate::data::CLINIC_COUNT;

use super::params::Query;
use crate::error::ApiError;

fn exists(clinic: i64) -> bool {
    (1..=i64::from(CLINIC_COUNT)).contains(&clinic)
}

/// The clinic of a list call. A clinic user's `clinica` is replaced by their own, as
/// the service fills it in.
pub fn list_clinic(user: User, query: &Query) -> Result<u32, ApiError> {
    match user {
        User::Clinic(own) => Ok(own),
        User::AdminMaster => {
            let Some(value) = query.text("clinica") else {
                return Err(ApiError::bad_request(
                    "parâmetro clinica é obrigatório para usuários admin_master (informe o ID da clínica; veja listaClinicas)",
                ));
            };
            let clinic: i64 = value.parse().map_err(|_| {
                ApiError::bad_request(format!(
                    "parâmetro clinica inválido: '{value}' (esperado ID de clínica, inteiro positivo)"
                ))
            })?;
            if !exists(clinic) {
                return Err(ApiError::not_found(format!(
                    "clínica {clinic} não encontrada (veja listaClinicas)"
                )));
            }
            Ok(clinic as u32)
        }
    }
}

/// The clinic a write names: it must exist, and a clinic user may only write to theirs.
pub fn write_clinic(user: User, clinic: i64) -> Result<u32, ApiError> {
    if !exists(clinic) {
        return Err(ApiError::unprocessable(format!(
            "campo clinica inválido: a clínica {clinic} não existe (veja listaClinicas)"
        )));
    }
    check_access(user, clinic as u32)?;
    Ok(clinic as u32)
}

/// 403 when a clinic user touches another clinic's data.
pub fn check_access(user: User, clinic: u32) -> Result<(), ApiError> {
    match user {
        User::Clinic(own) if own != clinic => Err(ApiError::forbidden(format!(
            "acesso negado: o usuário da clínica {own} não pode alterar dados da clínica {clinic}"
        ))),
        _ => Ok(()),
    }
}
