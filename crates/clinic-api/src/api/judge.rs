//! The one judge of every answer, from every host: is it a success, and if not, what kind of failure.
//! Deployments differ — errors inside HTTP 200, HTML pages, cut-off JSON, expired tokens reported in
//! words — so no command looks at a raw body before this has ruled on it, and nothing is ever reported
//! as done, or written as a record, unless the answer was a success.

use reqwest::StatusCode;
use serde_json::{Map, Value};

use super::envelope;

use super::raw_page;
use crate::error::Error;
use crate::record::Page;
use crate::text::answer;

/// Keys whose false value says the call failed (`{"status": false, "mensagem": …}`).
const FLAG_KEYS: &[&str] = &["status", "sucesso", "success", "ok"];
/// Keys that carry an error when they hold anything.
const ERROR_KEYS: &[&str] = &["erro", "error", "errors", "erros"];

/// What an answer turned out to be.
#[derive(Debug, PartialEq)]
pub enum Verdict<T = Value> {
    /// A success: the JSON body (`Null` for an empty body where that is allowed), or what was read
    /// from it.
    Success(T),
    /// The service refused the call: the HTTP status (2xx for a failure reported inside a success) and
    /// its message.
    Refused { status: u16, message: String },
    /// The credentials are missing, invalid or expired: a 401, or a message that says so in any status.
    AuthFailed { status: u16, message: String },
    /// The server failed (5xx).
    ServerFailed { status: u16, message: String },
    /// A 2xx whose body is not JSON (an HTML page, text, JSON cut off), or empty where data was due.
    NotJson { status: u16, excerpt: String },
}

/// Whether an empty 2xx body is an acceptable answer: writes may answer with nothing, reads may not.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Empty {
    Allowed,
    Refused,
}

/// Rules on one answer.
pub fn judge(status: StatusCode, body: &[u8], empty: Empty) -> Verdict {
    let code = status.as_u16();
    if !status.is_success() {
        let message = answer::message(body);
        return if code == 401 || says_auth_failed(&message) {
            Verdict::AuthFailed {
                status: code,
                message,
            }
        } else if status.is_server_error() {
            Verdict::ServerFailed {
                status: code,
                message,
            }
        } else {
            Verdict::Refused {
                status: code,
                message,
            }
        };
    }
    if body.iter().all(u8::is_ascii_whitespace) {
        return match empty {
            Empty::Allowed => Verdict::Success(Value::Null),
            Empty::Refused => Verdict::NotJson {
                status: code,
                excerpt: crate::t!("api-empty-answer"),
            },
        };
    }
    // Numbers beyond f64 become their text, nesting past the records' limit is no answer.
    let Some(Ok(value)) = std::str::from_utf8(body).ok().map(crate::record::parse) else {
        return Verdict::NotJson {
            status: code,
            excerpt: answer::message(body),
        };
    };
    match failure_in(&value) {
        None => Verdict::Success(value),
        Some(message) => failed(code, message),
    }
}

/// Rules on one page of a list. The records are split out without being parsed; the envelope
/// around them is judged by the same rules as any answer. An answer the fast reader does not
/// understand goes through [`judge`] and the full reader.
///
/// A 404 or a failure inside a 2xx whose words say the list has no records is an empty page, not a
/// failure: many deployments answer an empty list, or the page past the end, that way. Plain "not
/// found" counts only once `route_proven` (an earlier page of this list was read): on a first page it
/// may mean the route itself is unknown. Words about the route itself are never an empty page.
pub fn judge_page(status: StatusCode, body: &bytes::Bytes, route_proven: bool) -> Verdict<Page> {
    let verdict = if status.is_success()
        && let Some(split) = raw_page::split(body)
    {
        match failure_in(&split.envelope) {
            None => Verdict::Success(split.page),
            Some(message) => failed(status.as_u16(), message),
        }
    } else {
        judge(status, body, Empty::Refused).map(envelope::page)
    };
    match verdict {
        Verdict::Refused { status, message }
            if (status == 404 || (200..300).contains(&status))
                && says_no_records(&message, route_proven) =>
        {
            Verdict::Success(Page::default())
        }
        other => other,
    }
}

/// Whether a service's message says a list holds no records (and not that the route is unknown).
pub fn says_no_records(message: &str, route_proven: bool) -> bool {
    const NO_RECORDS: &[&str] = &[
        "nenhum registro",
        "nenhum resultado",
        "nenhum dado",
        "nenhum item",
        "sem registro",
        "sem resultado",
        "nao ha registro",
        "nao existem registros",
        "lista vazia",
        "no record",
        "no result",
        "no data found",
        "nothing found",
    ];
    const NOT_FOUND: &[&str] = &["not found", "nao encontrad"];
    const ROUTE: &[&str] = &[
        "rota", "route", "endpoint", "metodo", "method", "url", "path",
    ];
    let m = crate::text::fold::normalize(message);
    let has = |words: &[&str]| words.iter().any(|w| m.contains(w));
    if has(ROUTE) || m.starts_with("an html page") {
        return false;
    }
    has(NO_RECORDS) || (route_proven && has(NOT_FOUND))
}

/// A 2xx answer that says the call failed: an authentication failure when its words say so.
fn failed<T>(status: u16, message: String) -> Verdict<T> {
    if says_auth_failed(&message) {
        Verdict::AuthFailed { status, message }
    } else {
        Verdict::Refused { status, message }
    }
}

/// The message of a 2xx JSON body that says the call failed: a false success flag, or an error key
/// that holds something while the body carries neither records nor a new ID.
pub fn failure_in(value: &Value) -> Option<String> {
    let Value::Object(map) = value else {
        return None;
    };
    let flagged = FLAG_KEYS.iter().any(|k| map.get(*k).is_some_and(is_false));
    let errored = ERROR_KEYS
        .iter()
        .any(|k| map.get(*k).is_some_and(holds_something))
        && !envelope::has_records(value)
        && envelope::plain_id(&without_error_keys(map)).is_none();
    (flagged || errored).then(|| {
        answer::message_of(value)
            .map(|m| answer::one_line(&m))
            .unwrap_or_else(|| crate::t!("api-failure-without-message"))
    })
}

fn without_error_keys(map: &Map<String, Value>) -> Value {
    Value::Object(
        map.iter()
            .filter(|(k, _)| !ERROR_KEYS.contains(&k.as_str()))
            .map(|(k, v)| (k.clone(), v.clone()))
            .collect(),
    )
}

/// `false`, `0`, `"false"`, `"0"` (and the words PHP services use for failure).
fn is_false(v: &Value) -> bool {
    match v {
        Value::Bool(b) => !b,
        Value::Number(n) => n.as_f64() == Some(0.0),
        Value::String(s) => matches!(
            s.trim().to_ascii_lowercase().as_str(),
            "false" | "0" | "error" | "erro" | "fail" | "failed" | "failure" | "falha"
        ),
        _ => false,
    }
}

/// Anything but `null`, `false`, an empty string, array or object.
fn holds_something(v: &Value) -> bool {
    match v {
        Value::Null | Value::Bool(false) => false,
        Value::String(s) => !s.trim().is_empty(),
        Value::Array(a) => !a.is_empty(),
        Value::Object(o) => !o.is_empty(),
        _ => true,
    }
}

/// Whether a message says the token is missing, invalid or expired, in Portuguese or English.
pub fn says_auth_failed(message: &str) -> bool {
    let m = crate::text::fold::normalize(message);
    const PHRASES: &[&str] = &[
        "nao autorizado",
        "nao autenticado",
        "unauthorized",
        "unauthenticated",
        "not authenticated",
        "sessao expirada",
        "sessao invalida",
        "session expired",
        "session has expired",
        "invalid session",
        "login expirado",
        "faca login novamente",
        "log in again",
        // Bitrix24's codes for a webhook whose secret is wrong or revoked.
        "invalid_credentials",
        "no_auth_found",
        "invalid credentials",
    ];
    const TOKEN_WORDS: &[&str] = &[
        "invalid",
        "expir",
        "ausente",
        "missing",
        "obrigatorio",
        "nao informado",
        "nao enviado",
        "revog",
        "revoked",
    ];
    PHRASES.iter().any(|p| m.contains(p))
        || ((m.contains("token") || m.contains("jwt")) && TOKEN_WORDS.iter().any(|w| m.contains(w)))
}

impl<T> Verdict<T> {
    /// The same ruling, with the success's value transformed.
    pub fn map<U>(self, f: impl FnOnce(T) -> U) -> Verdict<U> {
        match self {
            Verdict::Success(v) => Verdict::Success(f(v)),
            Verdict::Refused { status, message } => Verdict::Refused { status, message },
            Verdict::AuthFailed { status, message } => Verdict::AuthFailed { status, message },
            Verdict::ServerFailed { status, message } => Verdict::ServerFailed { status, message },
            Verdict::NotJson { status, excerpt } => Verdict::NotJson { status, excerpt },
        }
    }

    /// The success value, or the error the failure means for `base_url` and IO calls.
    pub fn into_result(self) -> Result<T, Error> {
        match self {
            Verdict::Success(v) => Ok(v),
            Verdict::Refused { status, message } => Err(Error::Rejected { status, message }),
            Verdict::AuthFailed { message, .. } => Err(Error::NotLoggedIn(message)),
            Verdict::ServerFailed { status, message } => Err(Error::Server { status, message }),
            Verdict::NotJson { status, excerpt } => Err(Error::Protocol(crate::t!(
                "api-not-json",
                status = status,
                excerpt = excerpt
            ))),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn j(status: u16, body: &str) -> Verdict {
        judge(
            StatusCode::from_u16(status).unwrap(),
            body.as_bytes(),
            Empty::Refused,
        )
    }

    fn refused(v: &Verdict) -> Option<&str> {
        match v {
            Verdict::Refused { message, .. } => Some(message),
            _ => None,
        }
    }

    #[test]
    fn a_success_is_a_2xx_json_body_that_does_not_say_failure() {
        for body in [
            r#"{"dados": [], "total": 0}"#,
            r#"{"status": true, "dados": {"0": {"id": 1}}}"#,
            r#"{"status": "ok", "id": 3}"#,
            r#"{"status": 2, "agendamento": 5}"#,
            r#"[{"status": false}]"#,
            r#"{"erro": null, "dados": []}"#,
            r#"{"error": "", "ok": true}"#,
            r#"{"errors": [], "id": 9}"#,
            r#""a bare string""#,
        ] {
            assert!(matches!(j(200, body), Verdict::Success(_)), "{body}");
        }
        assert_eq!(
            judge(StatusCode::NO_CONTENT, b"", Empty::Allowed),
            Verdict::Success(Value::Null)
        );
    }

    #[test]
    fn false_flags_are_failures_whatever_their_spelling() {
        for body in [
            r#"{"status": false, "mensagem": "Telefone inválido"}"#,
            r#"{"sucesso": 0, "msg": "Telefone inválido"}"#,
            r#"{"success": "false", "message": "Telefone inválido"}"#,
            r#"{"ok": "0", "detail": "Telefone inválido"}"#,
            r#"{"status": "error", "erro": "Telefone inválido"}"#,
        ] {
            assert_eq!(refused(&j(200, body)), Some("Telefone inválido"), "{body}");
        }
        assert_eq!(
            refused(&j(200, r#"{"status": false}"#)),
            Some("the service reported a failure without a message")
        );
    }

    #[test]
    fn error_keys_are_failures_unless_records_or_an_id_came_too() {
        assert_eq!(
            refused(&j(200, r#"{"erro": "clinica obrigatória"}"#)),
            Some("clinica obrigatória")
        );
        assert_eq!(
            refused(&j(
                200,
                r#"{"errors": [{"message": "a"}, {"message": "b"}]}"#
            )),
            Some("a; b")
        );
        assert!(matches!(
            j(200, r#"{"erro": "aviso", "dados": [{"id": 1}]}"#),
            Verdict::Success(_)
        ));
        assert!(matches!(
            j(200, r#"{"error": "aviso", "id": 12}"#),
            Verdict::Success(_)
        ));
    }

    #[test]
    fn auth_failures_in_any_status_and_language() {
        for (status, body) in [
            (401, r#"{"erro": "qualquer"}"#),
            (
                200,
                r#"{"status": false, "mensagem": "Token inválido ou expirado"}"#,
            ),
            (200, r#"{"status": false, "mensagem": "Não autorizado"}"#),
            (
                200,
                r#"{"success": false, "message": "Session expired, log in again"}"#,
            ),
            (403, r#"{"error": "jwt expired"}"#),
            (400, r#"{"erro": "Token não informado"}"#),
            (200, r#"{"erro": "Sessão expirada"}"#),
        ] {
            assert!(
                matches!(j(status, body), Verdict::AuthFailed { .. }),
                "{status} {body}"
            );
        }
        assert!(!says_auth_failed("Telefone inválido"));
        assert!(!says_auth_failed("Campanha não encontrada"));
    }

    #[test]
    fn answers_that_are_not_json() {
        for body in [
            "<html><title>Manutenção</title></html>",
            r#"{"dados": [{"id": 1"#,
            "OK",
        ] {
            assert!(matches!(j(200, body), Verdict::NotJson { .. }), "{body}");
        }
        assert!(matches!(j(200, ""), Verdict::NotJson { .. }));
        let err = j(200, "<html><title>Manutenção</title></html>")
            .into_result()
            .unwrap_err();
        assert_eq!(err.exit_code(), 5);
        assert_eq!(
            err.to_string(),
            "the server sent an answer that is not JSON (HTTP 200): an HTML page: Manutenção"
        );
    }

    #[test]
    fn statuses_map_to_exit_codes() {
        assert_eq!(
            j(400, r#"{"erro": "x"}"#)
                .into_result()
                .unwrap_err()
                .exit_code(),
            4
        );
        assert_eq!(j(401, "").into_result().unwrap_err().exit_code(), 3);
        assert_eq!(
            j(503, "<html><h1>Busy</h1></html>")
                .into_result()
                .unwrap_err()
                .exit_code(),
            5
        );
        assert_eq!(
            j(200, r#"{"status": false, "mensagem": "x"}"#)
                .into_result()
                .unwrap_err()
                .exit_code(),
            4
        );
        let e = j(
            500,
            "<html><body><h1>500 Internal Server Error</h1></body></html>",
        )
        .into_result()
        .unwrap_err();
        assert_eq!(
            e.to_string(),
            "the server failed (HTTP 500): an HTML page: 500 Internal Server Error"
        );
    }
}
