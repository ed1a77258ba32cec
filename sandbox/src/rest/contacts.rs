//! `POST /cadastraCliente`, `POST /atualizaCadastroCliente`, `GET /lista_cliente`.

use std::ops::Range;

use axum::extract::State;
use axum::response::Response;
use serde_json::json;

use super::body::Fields;
use super::caller::Caller;
use super::lists::ClinicList;
use super::params::Query;
use super::{reply, scope};
use crate::Options;
use crate::data::reference::CHANNELS;
use crate::data::{
    ContactChanges, ContactFilter, ContactRecord, Day, NewContact, Store, day_of, parse_date,
};
use crate::error::ApiError;
use crate::state::AppState;

/// Exactly `(DD) DDDDD-DDDD`.
fn is_phone(text: &str) -> bool {
    let bytes = text.as_bytes();
    bytes.len() == 15
        && bytes.iter().enumerate().all(|(i, b)| match i {
            0 => *b == b'(',
            3 => *b == b')',
            4 => *b == b' ',
            10 => *b == b'-',
            _ => b.is_ascii_digit(),
        })
}

fn phone(fields: &Fields, required: bool) -> Result<Option<String>, ApiError> {
    const EXPECTED: &str = "exatamente (DD) DDDDD-DDDD, ex.: (16) 99264-0197";
    let value = if required {
        Some(fields.required_text("telefone", EXPECTED)?)
    } else {
        fields.text("telefone", EXPECTED)?
    };
    match value {
        Some(value) if !is_phone(&value) => Err(ApiError::bad_request(format!(
            "campo telefone inválido: '{value}' (esperado {EXPECTED})"
        ))),
        other => Ok(other),
    }
}

fn birth(fields: &Fields, required: bool) -> Result<Option<Day>, ApiError> {
    const EXPECTED: &str = "data real no formato AAAA-MM-DD, ex.: 1990-05-17";
    let value = if required {
        Some(fields.required_text("data_nascimento", EXPECTED)?)
    } else {
        fields.text("data_nascimento", EXPECTED)?
    };
    let Some(value) = value else { return Ok(None) };
    let today = chrono::Local::now().date_naive();
    match parse_date(&value) {
        Some(date) if date <= today && day_of(date) >= 0 => Ok(Some(day_of(date) as Day)),
        Some(_) => Err(ApiError::bad_request(format!(
            "campo data_nascimento inválido: '{value}' (a data deve estar entre 1900-01-01 e hoje)"
        ))),
        None => Err(ApiError::bad_request(format!(
            "campo data_nascimento inválido: '{value}' (esperado {EXPECTED})"
        ))),
    }
}

fn email(fields: &Fields) -> Result<Option<String>, ApiError> {
    let Some(value) = fields.text("email", "e-mail")? else {
        return Ok(None);
    };
    let valid = value.split_once('@').is_some_and(|(user, domain)| {
        !user.is_empty()
            && domain.contains('.')
            && !domain.starts_with('.')
            && !domain.ends_with('.')
            && !domain.contains('@')
            && !value.contains(char::is_whitespace)
    });
    if valid {
        Ok(Some(value))
    } else {
        Err(ApiError::bad_request(format!(
            "campo email inválido: '{value}' (esperado e-mail, ex.: nome@dominio.com.br)"
        )))
    }
}

fn channel(fields: &Fields, required: bool) -> Result<Option<u32>, ApiError> {
    let value = if required {
        Some(fields.required_int("canal", "3")?)
    } else {
        fields.int("canal", "3")?
    };
    match value {
        None => Ok(None),
        Some(id) if (1..=CHANNELS.len() as i64).contains(&id) => Ok(Some(id as u32)),
        Some(id) => Err(ApiError::unprocessable(format!(
            "campo canal inválido: o canal {id} não existe (veja listaCanal)"
        ))),
    }
}

fn campaign(
    app: &AppState,
    fields: &Fields,
    clinic: u32,
    required: bool,
) -> Result<Option<u32>, ApiError> {
    let value = if required {
        Some(fields.required_int("campanha", "12")?)
    } else {
        fields.int("campanha", "12")?
    };
    let Some(id) = value else { return Ok(None) };
    let usable = u32::try_from(id)
        .ok()
        .and_then(|id| app.data.campaigns.get(id))
        .is_some_and(|c| c.clinica.is_none_or(|owner| owner == clinic));
    if usable {
        Ok(Some(id as u32))
    } else {
        Err(ApiError::unprocessable(format!(
            "campo campanha inválido: a campanha {id} não existe na clínica {clinic} (veja listaCampanha ou criaCampanha)"
        )))
    }
}

/// Creates a contact; duplicates are accepted, as the service does.
pub async fn create(
    State(app): State<AppState>,
    Caller(user): Caller,
    fields: Fields,
) -> Result<Response, ApiError> {
    let clinic = fields.required_int("clinica", "\"1\"")?;
    let clinic = scope::write_clinic(user, clinic)?;
    let name = fields.required_text("nome", "nome completo")?;
    let phone = phone(&fields, true)?.unwrap_or_default();
    let birth = birth(&fields, true)?.unwrap_or_default();
    let channel = channel(&fields, true)?.unwrap_or_default();
    let campaign = campaign(&app, &fields, clinic, true)?.unwrap_or_default();
    let email = email(&fields)?;
    let note = fields.text("observacao", "texto livre")?;
    if app.answers.unconfirmed_due() {
        return Ok(reply::unconfirmed());
    }
    let id = app.data.contacts.create(NewContact {
        clinic,
        name,
        phone,
        birth,
        channel,
        campaign,
        email,
        note,
    });
    app.data.cache.invalidate();
    if app.opts.create_echoes_foreign_keys {
        // As some back ends answer: the new contact's own key beside those of what it points at.
        let echoed =
            json!({ "dados": { "id_cliente": id, "id_canal": channel, "id_campanha": campaign } });
        return Ok(reply::success(
            &app.opts,
            "id_cliente",
            echoed.clone(),
            echoed,
        ));
    }
    Ok(reply::success(
        &app.opts,
        "id_cliente",
        json!({ "id": id, "mensagem": "cliente cadastrado com sucesso" }),
        json!({ "mensagem": "Cliente cadastrado com sucesso", "id": id.to_string() }),
    ))
}

/// Updates a contact and records the given channel/campaign as a new origin.
pub async fn update(
    State(app): State<AppState>,
    Caller(user): Caller,
    fields: Fields,
) -> Result<Response, ApiError> {
    let id = fields.required_int("id", "\"1234\"")?;
    let contacts = &app.data.contacts;
    let (id, owner) = u32::try_from(id)
        .ok()
        .and_then(|id| contacts.clinic_of(id).map(|owner| (id, owner)))
        .ok_or_else(|| ApiError::not_found(format!("cliente {id} não encontrado")))?;
    scope::check_access(user, owner)?;
    if let Some(clinic) = fields.int("clinica", "\"1\"")? {
        let clinic = scope::write_clinic(user, clinic)?;
        if clinic != owner {
            return Err(ApiError::unprocessable(format!(
                "campo clinica inválido: o cliente {id} pertence à clínica {owner}, não à clínica {clinic}"
            )));
        }
    }
    let changes = ContactChanges {
        name: fields.text("nome", "nome completo")?,
        birth: birth(&fields, false)?,
        note: fields.text("observacao", "texto livre")?,
        phone: phone(&fields, false)?,
        email: email(&fields)?,
        channel: channel(&fields, false)?,
        campaign: campaign(&app, &fields, owner, false)?,
    };
    if app.answers.unconfirmed_due() {
        return Ok(reply::unconfirmed());
    }
    if !contacts.update(id, changes) {
        return Err(ApiError::not_found(format!("cliente {id} não encontrado")));
    }
    app.data.cache.invalidate();
    Ok(reply::success(
        &app.opts,
        "id_cliente",
        json!({ "id": id, "mensagem": "cadastro do cliente atualizado com sucesso" }),
        json!({ "mensagem": "Cadastro do cliente atualizado com sucesso" }),
    ))
}

/// Phone filters take digits only, `DDDXXXXXXXXX`.
fn phone_filter(query: &Query, name: &str) -> Result<Option<String>, ApiError> {
    let Some(value) = query.text(name) else {
        return Ok(None);
    };
    if value.chars().all(|c| c.is_ascii_digit()) && (10..=13).contains(&value.len()) {
        Ok(Some(value.to_owned()))
    } else {
        Err(ApiError::bad_request(format!(
            "parâmetro {name} inválido: '{value}' (esperado apenas dígitos, DDDXXXXXXXXX, ex.: 17981212118)"
        )))
    }
}

/// `GET /lista_cliente`.
pub(super) struct ContactList;

impl ClinicList for ContactList {
    const NAME: &'static str = "contacts";
    type Filter = ContactFilter;
    type Record = ContactRecord;

    fn filter(query: &Query, _: &Options) -> Result<ContactFilter, ApiError> {
        Ok(ContactFilter {
            name: query.search("nome"),
            created: query.date_range("criado_em")?,
            birth: query.date_range("data_nascimento")?,
            email: query.text("email").map(str::to_owned),
            referrer: query.id("indicado_por")?,
            referred: query.flag("indicado")?,
            inactive: query.flag("inativo")?,
            phone: phone_filter(query, "telefone")?,
            phone2: phone_filter(query, "telefone_secundario")?,
        })
    }

    fn is_unfiltered(_data: &Store, filter: &ContactFilter) -> bool {
        filter.is_empty()
    }

    fn matching(data: &Store, clinic: u32, filter: &ContactFilter) -> Vec<u32> {
        data.contacts.filter_ids(clinic, filter)
    }

    fn ids(data: &Store, clinic: u32) -> (Range<u32>, Vec<u32>) {
        data.contacts.ids_of_clinic(clinic)
    }

    fn record(data: &Store, id: u32) -> Option<ContactRecord> {
        data.contacts.record(id, &data.campaigns)
    }
}
