//! `POST /loginApi`.

use axum::extract::State;
use axum::response::Response;

use super::body::Fields;
use super::reply;
use crate::error::ApiError;
use crate::state::AppState;

pub async fn login(State(app): State<AppState>, fields: Fields) -> Result<Response, ApiError> {
    let login = fields.required_text("login", "usuário")?;
    let password = fields.required_text("password", "senha")?;
    let (token, user) = app.tokens.login(&login, &password).ok_or_else(|| {
        ApiError::unauthorized("login ou senha inválidos").legacy("Usuário ou senha inválidos")
    })?;
    Ok(reply::login(&app.opts, token, user.kind()))
}
