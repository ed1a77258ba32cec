//! `GET /automation/webhook/<id>`: the deployment's automation that creates (or reuses) a contact
//! and opens a deal in stage "Nova oportunidade".

use std::sync::Arc;

use axum::Json;
use axum::extract::{Path, RawQuery, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use chrono::NaiveDateTime;
use serde_json::{Value, json};

use super::reference::{NEW_DEAL_STAGE, UNITS};
use super::state::CrmState;
use super::store::{NewContact, NewDeal, Utm};
use super::values::{fold_ascii, is_email};
use crate::WEBHOOK_ID;

const FIRST_NAME: &str = "Primeiro Nome";
const LAST_NAME: &str = "Sobrenome";
const CREATED: &str = "Data hora de criação";
const CAMPAIGN: &str = "Campaign ID";
const UTM_SOURCE: &str = "UTM Source";
const UTM_MEDIUM: &str = "UTM Medium";
const UTM_CAMPAIGN: &str = "UTM Campaign";
const UTM_CONTENT: &str = "UTM Content";
const PHONE: &str = "Telefone";
const EMAIL: &str = "Email";
const UNIT: &str = "Unidade";

/// The parameters in the order the deployment documents them.
pub const PARAMETERS: [&str; 11] = [
    FIRST_NAME,
    LAST_NAME,
    CREATED,
    CAMPAIGN,
    UTM_SOURCE,
    UTM_MEDIUM,
    UTM_CAMPAIGN,
    UTM_CONTENT,
    PHONE,
    EMAIL,
    UNIT,
];

/// Exactly these, case and all, as the deployment's automation compares them.
pub const UTM_SOURCES: [&str; 3] = ["WhatsApp", "Facebook", "Instagram"];

const DATE_FORMAT: &str = "%d/%m/%Y %H:%M:%S";

/// One rejected parameter: which, what arrived, what would have been accepted.
struct Rejection {
    parameter: &'static str,
    value: Option<String>,
    expected: String,
}

impl Rejection {
    fn message(&self) -> String {
        match &self.value {
            None => format!(
                "Parâmetro obrigatório ausente: '{}' (o nome deve ser exatamente este, com \
                 espaços e acentos); esperado: {}",
                self.parameter, self.expected
            ),
            Some(value) => format!(
                "Parâmetro '{}' inválido: '{}'; esperado: {}",
                self.parameter, value, self.expected
            ),
        }
    }

    fn to_json(&self) -> Value {
        json!({ "parametro": self.parameter, "valor": self.value, "esperado": self.expected })
    }
}

/// The validated request.
struct Lead {
    values: [String; 11],
    created: NaiveDateTime,
}

impl Lead {
    fn get(&self, name: &str) -> &str {
        let index = PARAMETERS
            .iter()
            .position(|p| *p == name)
            .expect("a known parameter");
        &self.values[index]
    }
}

pub async fn handle(
    State(state): State<Arc<CrmState>>,
    Path(id): Path<String>,
    RawQuery(query): RawQuery,
) -> Response {
    if id != WEBHOOK_ID {
        let body = json!({ "ok": false, "erro": format!("Webhook não encontrado: '{id}'") });
        return (StatusCode::NOT_FOUND, Json(body)).into_response();
    }
    let lead = match validate(query.as_deref().unwrap_or("")) {
        Ok(lead) => lead,
        Err(rejections) => {
            let first = &rejections[0];
            let body = json!({
                "ok": false,
                "erro": first.message(),
                "parametro": first.parameter,
                "valor": first.value,
                "esperado": first.expected,
                "erros": rejections.iter().map(Rejection::to_json).collect::<Vec<_>>(),
            });
            return (StatusCode::BAD_REQUEST, Json(body)).into_response();
        }
    };
    (StatusCode::OK, Json(state.record_lead(&lead))).into_response()
}

impl CrmState {
    /// Reuses the contact holding the phone (else the e-mail), or creates one; always opens a
    /// new deal. One write lock, so two identical calls cannot both create the contact.
    fn record_lead(&self, lead: &Lead) -> Value {
        let mut store = self.write();
        let phone = lead.get(PHONE);
        let email = lead.get(EMAIL);
        let existing = store
            .contact_by_phone(phone)
            .map(|id| (id, "phone"))
            .or_else(|| store.contact_by_email(email).map(|id| (id, "email")));
        let (first_name, last_name) = (lead.get(FIRST_NAME), lead.get(LAST_NAME));
        let contact_id = match existing {
            Some((id, _)) => id,
            None => store.insert_contact(NewContact {
                name: first_name.to_string(),
                second_name: None,
                last_name: last_name.to_string(),
                birthdate: None,
                comments: None,
                phones: vec![(phone.to_string(), "WORK")],
                emails: vec![(email.to_string(), "WORK")],
                assigned_by: 1,
                created: lead.created,
            }),
        };
        let source = lead.get(UTM_SOURCE);
        let deal_id = store.insert_deal(NewDeal {
            title: format!("{first_name} {last_name} - {}", lead.get(UNIT)),
            contact_id,
            stage: NEW_DEAL_STAGE,
            opportunity: 0.0,
            source_id: format!("UC_{}", source.to_uppercase()),
            source_description: format!("Automação webhook ({source})"),
            utm: Utm {
                source: source.to_string(),
                medium: lead.get(UTM_MEDIUM).to_string(),
                campaign: lead.get(UTM_CAMPAIGN).to_string(),
                content: lead.get(UTM_CONTENT).to_string(),
                term: String::new(),
            },
            campaign_id: lead.get(CAMPAIGN).to_string(),
            unit: lead.get(UNIT).to_string(),
            assigned_by: 1,
            created: lead.created,
        });
        let mut answer = json!({
            "ok": true,
            "contact_id": contact_id.to_string(),
            "deal_id": deal_id.to_string(),
            "contact_created": existing.is_none(),
        });
        if let Some((_, matched_by)) = existing {
            answer["matched_by"] = matched_by.into();
        }
        answer
    }
}

/// Checks every parameter and reports all that fail, in the documented order.
fn validate(query: &str) -> Result<Lead, Vec<Rejection>> {
    let received: Vec<(String, String)> = form_urlencoded::parse(query.as_bytes())
        .into_owned()
        .collect();
    let mut values: [String; 11] = Default::default();
    let mut rejections = Vec::new();
    let mut created = None;
    for (slot, &name) in values.iter_mut().zip(PARAMETERS.iter()) {
        let Some((_, value)) = received.iter().find(|(key, _)| key == name) else {
            let expected = match mangled_spelling(name, &received) {
                Some(key) => format!("{} (recebido com o nome '{key}')", expected(name)),
                None => expected(name),
            };
            rejections.push(Rejection {
                parameter: name,
                value: None,
                expected,
            });
            continue;
        };
        let valid = match name {
            CREATED => {
                created = parse_created(value);
                created.is_some()
            }
            UTM_SOURCE => UTM_SOURCES.contains(&value.as_str()),
            PHONE => is_brazilian_phone(value),
            EMAIL => is_email(value),
            UNIT => UNITS.contains(&value.as_str()),
            FIRST_NAME | LAST_NAME | CAMPAIGN => !value.trim().is_empty(),
            _ => true,
        };
        if valid {
            *slot = value.clone();
        } else {
            rejections.push(Rejection {
                parameter: name,
                value: Some(value.clone()),
                expected: expected(name),
            });
        }
    }
    match created {
        Some(created) if rejections.is_empty() => Ok(Lead { values, created }),
        _ => Err(rejections),
    }
}

/// What the deployment accepts in each parameter.
fn expected(name: &str) -> String {
    match name {
        FIRST_NAME => "o primeiro nome, texto não vazio".into(),
        LAST_NAME => "o sobrenome, texto não vazio".into(),
        CREATED => "data e hora reais no formato DD/MM/AAAA hh:mm:ss".into(),
        CAMPAIGN => "o ID da campanha de origem, texto não vazio".into(),
        UTM_SOURCE => format!("exatamente um de {}", UTM_SOURCES.join(", ")),
        PHONE => "+55 seguido de DDD e número, 10 ou 11 dígitos (ex.: +5516992640197)".into(),
        EMAIL => "um e-mail (nome@dominio.com)".into(),
        UNIT => format!("uma unidade da lista: {}", UNITS.join("; ")),
        _ => "texto livre (pode ser vazio)".into(),
    }
}

/// The shape is checked byte by byte because chrono alone would also take unpadded fields.
fn parse_created(text: &str) -> Option<NaiveDateTime> {
    let shape = "00/00/0000 00:00:00";
    let same_shape = text.len() == shape.len()
        && text.bytes().zip(shape.bytes()).all(|(c, s)| {
            if s == b'0' {
                c.is_ascii_digit()
            } else {
                c == s
            }
        });
    same_shape
        .then(|| NaiveDateTime::parse_from_str(text, DATE_FORMAT).ok())
        .flatten()
}

fn is_brazilian_phone(text: &str) -> bool {
    text.strip_prefix("+55").is_some_and(|rest| {
        matches!(rest.len(), 10 | 11) && rest.bytes().all(|b| b.is_ascii_digit())
    })
}

/// A received name that differs from `name` only in case, accents or spacing, the usual way
/// these names get mangled.
fn mangled_spelling<'a>(name: &str, received: &'a [(String, String)]) -> Option<&'a str> {
    let loose = |s: &str| {
        fold_ascii(s)
            .chars()
            .filter(|c| c.is_alphanumeric())
            .collect::<String>()
    };
    received
        .iter()
        .find(|(key, _)| loose(key) == loose(name))
        .map(|(key, _)| key.as_str())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn creation_time_must_be_exact_and_real() {
        assert!(parse_created("05/03/2024 14:22:10").is_some());
        for bad in [
            "5/03/2024 14:22:10",
            "31/02/2024 10:00:00",
            "2024-03-05 14:22:10",
            "05/03/2024 24:00:00",
            "05/03/2024 14:22",
        ] {
            assert!(parse_created(bad).is_none(), "{bad}");
        }
    }

    #[test]
    fn phones_are_plus_55_and_ten_or_eleven_digits() {
        assert!(is_brazilian_phone("+5516992640197"));
        assert!(is_brazilian_phone("+551632640197"));
        for bad in [
            "5516992640197",
            "+55169926401",
            "+551699264019712",
            "+55 16992640197",
            "+5416992640197",
        ] {
            assert!(!is_brazilian_phone(bad), "{bad}");
        }
    }
}
