//! The Bitrix24 inbound-webhook REST surface: `/crm/rest/<user>/<secret>/<method>[.json]`.

use std::sync::Arc;
use std::sync::atomic::Ordering;
use std::time::{Instant, SystemTime, UNIX_EPOCH};

use axum::Json;
use axum::body::Bytes;
use axum::extract::{Path, RawQuery, State};
use axum::http::{HeaderMap, header};
use axum::response::{IntoResponse, Response};
use serde_json::{Map, Value, json};

use super::error::CrmError;
use super::fields::{Entity, Kind, is_custom};
use super::operating::Usage;
use super::params::Params;
use super::query::{ListRequest, Selection, render};
use super::state::{CRM_SECRET, CRM_USER, CrmState, Family};
use super::universal;
use super::values::{now_datetime, value_text};
use super::writes;

pub async fn handle(
    State(state): State<Arc<CrmState>>,
    Path((user, secret, method)): Path<(String, String, String)>,
    RawQuery(query): RawQuery,
    headers: HeaderMap,
    body: Bytes,
) -> Response {
    let started = (Instant::now(), SystemTime::now(), now_datetime());
    if user != CRM_USER || secret != CRM_SECRET {
        return CrmError::invalid_credentials().into_response();
    }
    if !state.limiter.try_take() {
        return CrmError::query_limit().into_response();
    }
    let key = method.to_ascii_lowercase();
    let key = key.strip_suffix(".json").unwrap_or(&key).to_string();
    if let Err(usage) = state.operating.check(&key) {
        let mut body = CrmError::operation_time_limit().body();
        body["time"] = time_block(started, usage);
        return (axum::http::StatusCode::TOO_MANY_REQUESTS, Json(body)).into_response();
    }
    let content_type = headers
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok());
    let answer = Params::from_request(query.as_deref(), content_type, &body)
        .map_err(CrmError::invalid_request)
        .and_then(|params| call(&state, &method, &params));
    // The outer batch is not charged: its calls were, each to its own method.
    let usage = if key == "batch" {
        Usage {
            operating: 0.0,
            reset_at: started
                .1
                .duration_since(UNIX_EPOCH)
                .map_or(0.0, |d| d.as_secs_f64().ceil()),
        }
    } else {
        state.operating.charge(&key, started.0.elapsed())
    };
    match answer {
        Ok(mut answer) => {
            answer.insert("time".into(), time_block(started, usage));
            Json(Value::Object(answer)).into_response()
        }
        Err(error) => error.into_response(),
    }
}

/// Runs one method; the answer is the response object without `time`.
fn call(state: &CrmState, method: &str, params: &Params) -> Result<Map<String, Value>, CrmError> {
    let method = method.to_ascii_lowercase();
    let method = method.strip_suffix(".json").unwrap_or(&method);
    if method == "crm.duplicate.findbycomm" {
        return find_by_comm(state, params);
    }
    if method == "batch" {
        if state.batch_missing.load(Ordering::Relaxed) {
            return Err(CrmError::method_not_found());
        }
        return batch(state, params);
    }
    if method == "crm.status.list" {
        return Ok(universal::statuses(params));
    }
    // A portal without a family answers its methods as it answers any unknown method.
    let family = Family::of(method);
    if family.is_some_and(|f| !state.methods.offers(f)) {
        return Err(CrmError::method_not_found());
    }
    if let Some(answer) = universal::call(state, method, params) {
        return answer;
    }
    let (entity, action) = match method.strip_prefix("crm.").and_then(|m| m.split_once('.')) {
        Some(("contact", action)) => (Entity::Contact, action),
        Some(("deal", action)) => (Entity::Deal, action),
        Some(("lead", action)) => (Entity::Lead, action),
        _ => return Err(CrmError::method_not_found()),
    };
    let result = match action {
        "list" => {
            let request = ListRequest::parse(entity, params)?;
            return Ok(request.run(&state.read(), entity));
        }
        "get" => {
            let id = record_id(params)?;
            let store = state.read();
            let record = store.get(entity, id).ok_or_else(CrmError::not_found)?;
            render(record, &Selection::all())
        }
        "update" => {
            let id = record_id(params)?;
            let fields = match params.get("FIELDS") {
                Some(Value::Object(fields)) => fields,
                _ => {
                    return Err(CrmError::invalid(
                        "FIELDS is not defined or invalid: pass FIELDS[<field_id>]=<value>",
                    ));
                }
            };
            writes::update(&mut state.write(), entity, id, fields)?;
            Value::Bool(true)
        }
        "fields" => describe_fields(entity),
        "userfield.list" => return Ok(user_fields(entity, params)),
        _ => return Err(CrmError::method_not_found()),
    };
    Ok(Map::from_iter([("result".to_string(), result)]))
}

/// Commands one `batch` call runs at most, as Bitrix allows.
const BATCH_MAX: usize = 50;

/// `batch`: up to 50 commands (`cmd[name]=crm.contact.get?ID=5`), run in order, as one request of
/// the quota. Each result goes under its name in `result`, each failure under its name in
/// `result_error` (the answer is 200 either way); with `halt=1` the first failure stops the rest.
/// An empty map is sent as `[]`, as Bitrix's PHP does.
fn batch(state: &CrmState, params: &Params) -> Result<Map<String, Value>, CrmError> {
    let commands: Vec<(String, String)> = match params.get("CMD") {
        Some(Value::Object(cmd)) => cmd
            .iter()
            .map(|(k, v)| (k.clone(), value_text(v)))
            .collect(),
        Some(Value::Array(cmd)) => cmd
            .iter()
            .enumerate()
            .map(|(i, v)| (i.to_string(), value_text(v)))
            .collect(),
        _ => {
            return Err(CrmError::invalid(
                "Parameter 'cmd' is not defined or invalid.",
            ));
        }
    };
    if commands.len() > BATCH_MAX {
        return Err(CrmError::invalid("Max batch length exceeded (50)."));
    }
    let halt = params
        .get("HALT")
        .map(value_text)
        .is_some_and(|h| h == "1" || h.eq_ignore_ascii_case("true"));
    let mut results = Map::new();
    let mut errors = Map::new();
    let mut times = Map::new();
    for (name, command) in commands {
        let command = with_results(&command, &results);
        let (method, query) = command.split_once('?').unwrap_or((&command, ""));
        let key = method.to_ascii_lowercase();
        let key = key.strip_suffix(".json").unwrap_or(&key).to_string();
        // The outer batch is not charged; each call inside it is, to its own method, and is
        // refused on its own once that method's budget is spent.
        let started = (Instant::now(), SystemTime::now(), now_datetime());
        let answer = if key == "batch" {
            Err(CrmError::invalid("batch cannot be nested"))
        } else if let Err(usage) = state.operating.check(&key) {
            times.insert(name.clone(), time_block(started, usage));
            Err(CrmError::operation_time_limit())
        } else {
            let answer = Params::from_request(Some(query), None, &[])
                .map_err(CrmError::invalid_request)
                .and_then(|sub| call(state, method, &sub));
            let usage = state.operating.charge(&key, started.0.elapsed());
            times.insert(name.clone(), time_block(started, usage));
            answer
        };
        match answer {
            Ok(mut answer) => {
                results.insert(name, answer.remove("result").unwrap_or(Value::Null));
            }
            Err(error) => {
                errors.insert(name, error.body());
                if halt {
                    break;
                }
            }
        }
    }
    let map_or_empty = |m: Map<String, Value>| {
        if m.is_empty() {
            json!([])
        } else {
            Value::Object(m)
        }
    };
    let result = json!({
        "result": map_or_empty(results),
        "result_error": map_or_empty(errors),
        "result_total": [],
        "result_next": [],
        "result_time": map_or_empty(times),
    });
    Ok(Map::from_iter([("result".to_string(), result)]))
}

/// A command with each `$result[name][key]…` replaced by that value of an earlier command's result,
/// as Bitrix chains the calls of one batch (`filter[>ID]=$result[p0][49][ID]`). A reference that
/// leads nowhere (the earlier page was short) becomes empty, as PHP's lookup of a missing key does.
fn with_results(command: &str, results: &Map<String, Value>) -> String {
    const MARK: &str = "$result[";
    let mut out = String::with_capacity(command.len());
    let mut rest = command;
    while let Some(at) = rest.find(MARK) {
        out.push_str(&rest[..at]);
        rest = &rest[at + MARK.len() - 1..];
        let mut keys = Vec::new();
        while let Some(inner) = rest.strip_prefix('[') {
            let Some(end) = inner.find(']') else { break };
            keys.push(&inner[..end]);
            rest = &inner[end + 1..];
        }
        let mut value = keys.first().and_then(|name| results.get(*name));
        for key in keys.iter().skip(1) {
            value = value.and_then(|v| match v {
                Value::Array(items) => key.parse::<usize>().ok().and_then(|i| items.get(i)),
                Value::Object(map) => map.get(*key),
                _ => None,
            });
        }
        out.push_str(&value.map(value_text).unwrap_or_default());
    }
    out.push_str(rest);
    out
}

/// `crm.duplicate.findbycomm`: the contacts holding any of `values` (phones by digits, e-mails
/// without case), as `{"CONTACT": [ids]}`; when none does, an empty array, as Bitrix answers.
fn find_by_comm(state: &CrmState, params: &Params) -> Result<Map<String, Value>, CrmError> {
    let text = |key: &str| params.get(key).map(value_text).unwrap_or_default();
    let kind = text("TYPE").to_ascii_uppercase();
    if kind != "PHONE" && kind != "EMAIL" {
        return Err(CrmError::invalid(
            "Parameter 'type' is not defined or invalid (PHONE or EMAIL).",
        ));
    }
    let entity = text("ENTITY_TYPE").to_ascii_uppercase();
    if !entity.is_empty() && entity != "CONTACT" {
        // The sandbox holds contacts only: other entities have no duplicates here.
        return Ok(Map::from_iter([("result".to_string(), json!([]))]));
    }
    let values: Vec<String> = match params.get("VALUES") {
        Some(Value::Array(values)) => values.iter().map(value_text).collect(),
        Some(Value::Object(values)) => values.values().map(value_text).collect(),
        Some(other) => vec![value_text(other)],
        None => Vec::new(),
    };
    if values.is_empty() || values.len() > 20 {
        return Err(CrmError::invalid(
            "Parameter 'values' must hold 1 to 20 values.",
        ));
    }
    let store = state.read();
    let mut ids: Vec<u64> = values
        .iter()
        .flat_map(|v| store.contacts_with(&kind, v))
        .collect();
    ids.sort_unstable();
    ids.dedup();
    let result = if ids.is_empty() {
        json!([])
    } else {
        json!({"CONTACT": ids})
    };
    Ok(Map::from_iter([("result".to_string(), result)]))
}

fn record_id(params: &Params) -> Result<u64, CrmError> {
    params
        .get("ID")
        .map(value_text)
        .and_then(|id| id.trim().parse::<u64>().ok())
        .filter(|id| *id > 0)
        .ok_or_else(|| CrmError::invalid("ID is not defined or invalid."))
}

/// `crm.*.fields`: the schema, so a client can discover field IDs and which are writable.
fn describe_fields(entity: Entity) -> Value {
    let fields: Map<String, Value> = entity
        .fields()
        .iter()
        .map(|f| {
            let kind = match f.kind {
                Kind::Int => "integer",
                Kind::Money => "double",
                Kind::Flag => "char",
                Kind::DateTime => "datetime",
                Kind::Date => "date",
                Kind::Multi => "crm_multifield",
                Kind::StageId | Kind::ItemStage => "crm_status",
                Kind::Category => "crm_category",
                Kind::Text | Kind::StageName | Kind::Unit => "string",
            };
            let description = json!({
                "type": kind,
                "isRequired": false,
                "isReadOnly": f.read_only,
                "isImmutable": false,
                "isMultiple": f.kind == Kind::Multi,
                "isDynamic": is_custom(f.id),
                "title": f.title,
            });
            (f.id.to_string(), description)
        })
        .collect();
    Value::Object(fields)
}

/// `crm.<kind>.userfield.list`: the kind's user fields, their labels only when `filter[LANG]`
/// names a language (api-reference/crm/contacts/userfield/crm-contact-userfield-list.md). The
/// portal keeps one language of labels, given whatever language is asked.
fn user_fields(entity: Entity, params: &Params) -> Map<String, Value> {
    let language = match params.get("FILTER") {
        Some(Value::Object(filter)) => filter
            .iter()
            .find(|(k, _)| k.eq_ignore_ascii_case("LANG"))
            .map(|(_, v)| value_text(v)),
        _ => None,
    };
    let entity_id = match entity {
        Entity::Contact => "CRM_CONTACT",
        Entity::Deal => "CRM_DEAL",
        _ => "CRM_LEAD",
    };
    let fields: Vec<Value> = entity
        .fields()
        .iter()
        .filter(|f| is_custom(f.id))
        .enumerate()
        .map(|(n, f)| {
            let kind = match f.kind {
                Kind::Int => "integer",
                Kind::Money => "double",
                Kind::Date => "date",
                Kind::DateTime => "datetime",
                _ => "string",
            };
            let mut field = json!({
                "ID": (400 + n).to_string(),
                "ENTITY_ID": entity_id,
                "FIELD_NAME": f.id,
                "USER_TYPE_ID": kind,
                "XML_ID": null,
                "SORT": ((n + 1) * 100).to_string(),
                "MULTIPLE": "N",
                "MANDATORY": "N",
                "SHOW_FILTER": "E",
                "SHOW_IN_LIST": "Y",
                "EDIT_IN_LIST": if f.read_only { "N" } else { "Y" },
                "IS_SEARCHABLE": "N",
                "SETTINGS": {},
            });
            if language.as_deref().is_some_and(|l| !l.is_empty()) {
                for label in ["EDIT_FORM_LABEL", "LIST_COLUMN_LABEL", "LIST_FILTER_LABEL"] {
                    field[label] = f.title.into();
                }
                field["ERROR_MESSAGE"] = Value::Null;
                field["HELP_MESSAGE"] = Value::Null;
            }
            field
        })
        .collect();
    let total = fields.len();
    Map::from_iter([
        ("result".to_string(), Value::Array(fields)),
        ("total".to_string(), total.into()),
    ])
}

/// Bitrix's timing block, with the method's operating time in its window.
fn time_block((started, wall, date_start): (Instant, SystemTime, String), usage: Usage) -> Value {
    let epoch = |t: SystemTime| {
        t.duration_since(UNIX_EPOCH)
            .map_or(0.0, |d| d.as_secs_f64())
    };
    let elapsed = started.elapsed().as_secs_f64();
    json!({
        "start": epoch(wall),
        "finish": epoch(wall) + elapsed,
        "duration": elapsed,
        "processing": elapsed,
        "date_start": date_start,
        "date_finish": now_datetime(),
        "operating": usage.operating,
        "operating_reset_at": usage.reset_at,
    })
}
