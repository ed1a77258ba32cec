//! Bodies of the write calls: a JSON object (or a form), where numbers may arrive as
//! numbers or numeric strings, as the deployment's own examples send them.

use axum::body::Bytes;
use axum::extract::{FromRequest, Request};
use axum::http::HeaderMap;
use axum::http::header::CONTENT_TYPE;
use axum::response::{IntoResponse, Response};
use serde_json::{Map, Value};

use crate::error::ApiError;

pub struct Fields(Map<String, Value>);

/// A write handler's body, read after the extractors before it (the caller's token is checked
/// first): a body axum cannot read is refused as axum refuses it, one that is no object as the
/// service does.
impl<S: Send + Sync> FromRequest<S> for Fields {
    type Rejection = Response;

    async fn from_request(req: Request, state: &S) -> Result<Fields, Response> {
        let headers = req.headers().clone();
        let body = Bytes::from_request(req, state)
            .await
            .map_err(IntoResponse::into_response)?;
        Fields::parse(&headers, &body).map_err(IntoResponse::into_response)
    }
}

impl Fields {
    pub fn parse(headers: &HeaderMap, body: &Bytes) -> Result<Fields, ApiError> {
        let is_form = headers
            .get(CONTENT_TYPE)
            .and_then(|v| v.to_str().ok())
            .is_some_and(|v| v.starts_with("application/x-www-form-urlencoded"));
        // `curl -d '{...}'` labels JSON as a form: trust the body's shape first.
        let looks_like_json = body.trim_ascii_start().starts_with(b"{");
        if is_form && !looks_like_json {
            let pairs: Vec<(String, String)> = serde_urlencoded::from_bytes(body)
                .map_err(|_| ApiError::bad_request("corpo do formulário ilegível"))?;
            return Ok(Fields(
                pairs
                    .into_iter()
                    .map(|(k, v)| (k, Value::String(v)))
                    .collect(),
            ));
        }
        match serde_json::from_slice::<Value>(body) {
            Ok(Value::Object(map)) => Ok(Fields(map)),
            Ok(_) => Err(ApiError::bad_request(
                "corpo da requisição inválido: esperado um objeto JSON",
            )),
            Err(error) => Err(ApiError::bad_request(format!(
                "corpo da requisição inválido: JSON malformado ({error})"
            ))),
        }
    }

    /// The field, unless absent, null or a blank string.
    fn present(&self, name: &str) -> Option<&Value> {
        self.0.get(name).filter(|v| match v {
            Value::Null => false,
            Value::String(s) => !s.trim().is_empty(),
            _ => true,
        })
    }

    fn shown(value: &Value) -> String {
        match value {
            Value::String(s) => s.clone(),
            other => other.to_string(),
        }
    }

    /// An optional integer given as a number or a numeric string.
    pub fn int(&self, name: &str, example: &str) -> Result<Option<i64>, ApiError> {
        let Some(value) = self.present(name) else {
            return Ok(None);
        };
        let parsed = match value {
            Value::Number(n) => n.as_i64(),
            Value::String(s) => s.trim().parse::<i64>().ok(),
            _ => None,
        };
        parsed.map(Some).ok_or_else(|| {
            ApiError::bad_request(format!(
                "campo {name} inválido: '{}' (esperado número inteiro, ex.: {example})",
                Self::shown(value)
            ))
        })
    }

    pub fn required_int(&self, name: &str, example: &str) -> Result<i64, ApiError> {
        self.int(name, example)?.ok_or_else(|| {
            ApiError::bad_request(format!(
                "campo {name} é obrigatório (número inteiro, ex.: {example})"
            ))
        })
    }

    /// An optional text; numbers are taken as their digits.
    pub fn text(&self, name: &str, expected: &str) -> Result<Option<String>, ApiError> {
        match self.present(name) {
            None => Ok(None),
            Some(Value::String(s)) => Ok(Some(s.trim().to_owned())),
            Some(Value::Number(n)) => Ok(Some(n.to_string())),
            Some(other) => Err(ApiError::bad_request(format!(
                "campo {name} inválido: '{other}' (esperado texto: {expected})"
            ))),
        }
    }

    pub fn required_text(&self, name: &str, expected: &str) -> Result<String, ApiError> {
        self.text(name, expected)?.ok_or_else(|| {
            ApiError::bad_request(format!("campo {name} é obrigatório ({expected})"))
        })
    }
}
