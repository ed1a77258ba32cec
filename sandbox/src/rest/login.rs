//! `POST /loginApi`.

use axum::body::Bytes;
use axum::extract::State;
use axum::http::{HeaderMap, StatusCode};
use axum::response::Response;
use serde_json::{Map, Value};

use super::ApiError;
use super::body::Fields;
use super::reply::json;
use crate::server::AppState;

pub async fn login(
    State(app): State<AppState>,
    headers: HeaderMap,
    body: Bytes,
) -> Result<Response, ApiError> {
    let fields = Fields::parse(&headers, &body)?;
    let login = fields.required_text("login", "usuário")?;
    let password = fields.required_text("password", "senha")?;
    let (token, user) = app
        .tokens
        .login(&login, &password)
        .ok_or_else(|| ApiError::unauthorized("login ou senha inválidos"))?;
    let mut answer = Map::new();
    answer.insert(app.opts.token_field.clone(), Value::String(token));
    answer.insert("tipo".to_owned(), Value::String(user.kind().to_owned()));
    Ok(json(StatusCode::OK, &answer))
}
