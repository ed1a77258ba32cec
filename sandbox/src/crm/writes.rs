//! `crm.*.update`: validates every field first, then applies them all at once, so a rejected
//! call changes nothing.

use serde_json::{Map, Value};

use super::error::CrmError;
use super::fields::{DEAL_STAGE_NAME_FIELD, Entity, Kind};
use super::params::members;
use super::reference::{DealStage, NEW_DEAL_STAGE, UNITS, stage_by_id, stage_by_name, stage_list};
use super::smart::Stage;
use super::store::Store;
use super::values::{format_date, is_email, now_datetime, parse_date, phone_key, value_text};

pub fn update(
    store: &mut Store,
    entity: Entity,
    id: u64,
    fields: &Map<String, Value>,
) -> Result<(), CrmError> {
    let mut record = store
        .get(entity, id)
        .cloned()
        .ok_or_else(CrmError::not_found)?;
    if fields.is_empty() {
        return Err(CrmError::invalid(
            "FIELDS is empty: pass at least one FIELDS[<field_id>]",
        ));
    }
    let mut stage: Option<(String, DealStage)> = None;
    let mut item_stage: Option<Stage> = None;
    let mut item_category: Option<u64> = None;
    for (key, value) in fields {
        let field = key.clone();
        let spec = entity.known(&field)?;
        if spec.read_only {
            return Err(CrmError::invalid(format!("Field {field} is read-only")));
        }
        let new = match spec.kind {
            Kind::ItemStage | Kind::Category => {
                let kind = entity
                    .smart()
                    .ok_or_else(|| CrmError::unknown_field(&field))?;
                let text = scalar(&field, value)?;
                if spec.kind == Kind::ItemStage {
                    let found = kind.stage(&text).ok_or_else(|| {
                        CrmError::invalid(format!(
                            "Unknown stage {text:?} in {field}; {} has: {}",
                            kind.title,
                            kind.stage_list()
                        ))
                    })?;
                    item_stage = Some(found);
                } else {
                    let id = text
                        .trim()
                        .parse::<u64>()
                        .ok()
                        .filter(|id| kind.category(*id).is_some());
                    item_category = Some(id.ok_or_else(|| {
                        CrmError::invalid(format!(
                            "Field {field}: {text:?} is not a pipeline of {}",
                            kind.title
                        ))
                    })?);
                }
                continue;
            }
            Kind::Multi => multi_field(store, &record, &field, value)?,
            Kind::StageId | Kind::StageName => {
                let text = scalar(&field, value)?;
                let found = if spec.kind == Kind::StageId {
                    stage_by_id(&text)
                } else {
                    stage_by_name(&text)
                };
                let found = found.ok_or_else(|| {
                    CrmError::invalid(format!(
                        "Unknown stage {text:?} in {field}; pipeline Unidade has: {}",
                        stage_list()
                    ))
                })?;
                if let Some((other, earlier)) = &stage
                    && *earlier != found
                {
                    return Err(CrmError::invalid(format!(
                        "{other} and {field} name different stages"
                    )));
                }
                stage = Some((field, found));
                continue;
            }
            kind => scalar_field(store, &field, kind, &scalar(&field, value)?)?,
        };
        record.insert(field, new);
    }
    if let Some((_, found)) = stage {
        record.insert("STAGE_ID".into(), found.id.into());
        record.insert(DEAL_STAGE_NAME_FIELD.into(), found.name.into());
    }
    if let Some(kind) = entity.smart() {
        // A stage belongs to one pipeline: naming it moves the item there; naming a pipeline
        // alone moves the item to that pipeline's first stage.
        let moved = match (item_stage, item_category) {
            (Some(stage), Some(category)) if stage.category != category => {
                return Err(CrmError::invalid(format!(
                    "STAGE_ID {} is not a stage of pipeline {category}",
                    stage.id
                )));
            }
            (Some(stage), _) => Some(stage),
            (None, Some(category)) => kind.first_stage(category),
            (None, None) => None,
        };
        if let Some(stage) = moved {
            record.insert("STAGE_ID".into(), stage.id.into());
            record.insert("CATEGORY_ID".into(), stage.category.to_string().into());
        }
    }
    record.insert(entity.modified_field().into(), now_datetime().into());
    store.put(entity, id, record);
    Ok(())
}

/// A new record: every field empty but its ID, its times and (for a deal or a smart process)
/// where it opens, then `fields` written as an update would write them; a rejected write stores
/// nothing. Returns the new ID.
pub fn create(
    store: &mut Store,
    entity: Entity,
    fields: &Map<String, Value>,
) -> Result<u64, CrmError> {
    let id = store.next_id(entity);
    let now = now_datetime();
    let mut record = Map::new();
    for field in entity.fields() {
        let value: Value = match field.kind {
            Kind::Multi => Value::Array(Vec::new()),
            _ => Value::Null,
        };
        record.insert(field.id.to_string(), value);
    }
    record.insert("ID".into(), id.to_string().into());
    record.insert(entity.created_field().into(), now.clone().into());
    record.insert(entity.modified_field().into(), now.into());
    if let Some(kind) = entity.smart() {
        let category = kind.default_category();
        if let Some(stage) = kind.first_stage(category.id) {
            record.insert("STAGE_ID".into(), stage.id.into());
        }
        record.insert("CATEGORY_ID".into(), category.id.to_string().into());
    }
    if entity == Entity::Deal {
        record.insert("CATEGORY_ID".into(), "0".into());
        record.insert("STAGE_ID".into(), NEW_DEAL_STAGE.id.into());
        record.insert(DEAL_STAGE_NAME_FIELD.into(), NEW_DEAL_STAGE.name.into());
    }
    store.put(entity, id, record);
    if fields.is_empty() {
        return Ok(id);
    }
    match update(store, entity, id, fields) {
        Ok(()) => Ok(id),
        Err(error) => {
            store.remove(entity, id);
            Err(error)
        }
    }
}

fn scalar(field: &str, value: &Value) -> Result<String, CrmError> {
    match value {
        Value::Array(_) | Value::Object(_) => Err(CrmError::invalid(format!(
            "Field {field} takes a single value"
        ))),
        other => Ok(value_text(other)),
    }
}

fn scalar_field(store: &Store, field: &str, kind: Kind, text: &str) -> Result<Value, CrmError> {
    let text = text.trim();
    let bad =
        |expected: &str| CrmError::invalid(format!("Field {field}: {text:?} is not {expected}"));
    Ok(match kind {
        Kind::Int => {
            if text.is_empty() || !text.chars().all(|c| c.is_ascii_digit()) {
                return Err(bad("an integer ID"));
            }
            let id = match text.trim_start_matches('0') {
                "" => "0",
                digits => digits,
            };
            if field == "CONTACT_ID"
                && store
                    .get(Entity::Contact, id.parse().unwrap_or(0))
                    .is_none()
            {
                return Err(bad("the ID of an existing contact"));
            }
            id.to_string().into()
        }
        Kind::Money => match text.replace(',', ".").parse::<f64>() {
            Ok(n) if n.is_finite() && n >= 0.0 => format!("{n:.2}").into(),
            _ => return Err(bad("an amount")),
        },
        Kind::Date if text.is_empty() => "".into(),
        Kind::Date => {
            format_date(parse_date(text).ok_or_else(|| bad("a date (YYYY-MM-DD)"))?).into()
        }
        Kind::Unit if text.is_empty() || UNITS.contains(&text) => text.into(),
        Kind::Unit => {
            return Err(bad(&format!(
                "a unit; expected one of: {}",
                UNITS.join(", ")
            )));
        }
        _ => text.into(),
    })
}

/// Keys an item of a multi-value field may carry. `TYPE_ID` is what reads return; writing it
/// back is harmless and ignored.
const ITEM_KEYS: [&str; 5] = ["ID", "VALUE", "VALUE_TYPE", "DELETE", "TYPE_ID"];

/// The items of a multi-value field write: `FIELDS[PHONE][n][VALUE]=…` (a map keyed by `n`) or,
/// in a JSON body, a list of `{"VALUE": …}` objects. A bare value is refused, as the portal does:
/// it would otherwise be dropped without a word.
fn item_changes(field: &str, value: &Value) -> Result<Vec<Map<String, Value>>, CrmError> {
    if !matches!(value, Value::Object(_) | Value::Array(_)) {
        return Err(CrmError::multi_form(field));
    }
    members(value)
        .into_iter()
        .map(|item| {
            let Value::Object(item) = item else {
                return Err(CrmError::multi_form(field));
            };
            if let Some(key) = item.keys().find(|k| !ITEM_KEYS.contains(&k.as_str())) {
                return Err(CrmError::invalid(format!(
                    "Field {field}: unknown item key {key:?}; items take {}",
                    ITEM_KEYS.join(", ")
                )));
            }
            Ok(item.clone())
        })
        .collect()
}

/// Bitrix multi-field writes: an item with `ID` changes that item, or removes it with `DELETE=Y` or
/// an empty `VALUE`; an item without `ID` adds one, unless its `VALUE` is empty, which Bitrix ignores
/// (so a plain `FIELDS[PHONE][0][VALUE]=` changes nothing).
fn multi_field(
    store: &mut Store,
    record: &Map<String, Value>,
    field: &str,
    value: &Value,
) -> Result<Value, CrmError> {
    let type_id = field;
    let mut items: Vec<Value> = match record.get(field) {
        Some(Value::Array(items)) => items.clone(),
        _ => Vec::new(),
    };
    for change in item_changes(field, value)? {
        let text = |key: &str| {
            change
                .get(key)
                .map(value_text)
                .map(|t| t.trim().to_string())
        };
        let new_value = text("VALUE");
        let emptied = new_value.as_deref() == Some("");
        if let Some(value) = new_value.as_deref().filter(|v| !v.is_empty()) {
            check_multi_value(field, value)?;
        }
        match text("ID").filter(|id| !id.is_empty()) {
            Some(item_id) => {
                let position = items
                    .iter()
                    .position(|item| {
                        item.get("ID").map(value_text).as_deref() == Some(item_id.as_str())
                    })
                    .ok_or_else(|| {
                        CrmError::invalid(format!("Field {field}: no item with ID {item_id}"))
                    })?;
                if emptied || text("DELETE").is_some_and(|d| d.eq_ignore_ascii_case("Y")) {
                    items.remove(position);
                    continue;
                }
                let item = &mut items[position];
                if let Some(value) = new_value {
                    item["VALUE"] = value.into();
                }
                if let Some(kind) = text("VALUE_TYPE").filter(|k| !k.is_empty()) {
                    item["VALUE_TYPE"] = kind.to_uppercase().into();
                }
            }
            None if emptied => {}
            None => {
                let value = new_value.ok_or_else(|| {
                    CrmError::invalid(format!("Field {field}: a new item needs VALUE"))
                })?;
                let kind = text("VALUE_TYPE")
                    .filter(|k| !k.is_empty())
                    .map_or_else(|| "WORK".to_string(), |k| k.to_uppercase());
                items.push(store.multi_item(&value, &kind, type_id));
            }
        }
    }
    Ok(Value::Array(items))
}

fn check_multi_value(field: &str, value: &str) -> Result<(), CrmError> {
    let ok = match field {
        "EMAIL" => is_email(value),
        "PHONE" => !phone_key(value).is_empty(),
        _ => !value.is_empty(),
    };
    if ok {
        Ok(())
    } else {
        Err(CrmError::invalid(format!(
            "Field {field}: {value:?} is not a valid value"
        )))
    }
}
