//! Bitrix24's universal CRM methods: `crm.item.list|get|add|update|delete|fields` for any type
//! named by `entityTypeId`, `crm.type.list`, `crm.category.list`, plus `crm.status.list` for
//! the stages. Records live in the same store the classic methods read; this module speaks the
//! universal words over it: camelCase field names (`lastName`, `ufCrm5_1700000001`), numbers as
//! numbers, and phones and e-mails as the `fm` list.
//!
//! Shapes, from bitrix-tools/b24-rest-docs:
//! - list: api-reference/crm/universal/crm-item-list.md — `{"result": {"items": [...]}, "next":
//!   50, "total": N}`, pages of 50 moved with `start`; `fm` only with `select: ['*']`.
//! - get/add/update: crm-item-get.md, crm-item-add.md, crm-item-update.md — `{"result": {"item":
//!   {...}}}`; `fm` items `{id, valueType, value, typeId}`; `fm` writes keyed `n0` (new) or by the
//!   item's `id` (change; an empty `value` removes it).
//! - delete: crm-item-delete.md — `{"result": []}`.
//! - fields: crm-item-fields.md — `{"result": {"fields": {camelName: {type, isRequired,
//!   isReadOnly, isImmutable, isMultiple, isDynamic, title, upperName}}}}`; user fields also carry
//!   `listLabel`, `formLabel`, `filterLabel` (crm-item-add.md's example of them).
//! - types: user-defined-object-types/crm-type-list.md — `{"result": {"types": [...]}, "total"}`.
//! - categories: category/crm-category-list.md — `{"result": {"categories": [...]}, "total"}`.
//! - stages: api-reference/crm/status/crm-status-list.md — `{"result": [{ID, ENTITY_ID, STATUS_ID,
//!   NAME, …}], "total"}`.

use serde_json::{Map, Value, json};

use super::error::CrmError;
use super::fields::{Entity, Field, Kind, is_custom};
use super::params::{Params, members};
use super::query::{ListRequest, Selection, render, split_operator};
use super::reference::DEAL_STAGES;
use super::smart::SMART_TYPES;
use super::state::CrmState;
use super::values::value_text;
use super::writes;

type Answer = Result<Map<String, Value>, CrmError>;

/// Runs `crm.item.<action>`, `crm.type.list` or `crm.category.list`; `None` for a method of
/// neither.
pub fn call(state: &CrmState, method: &str, params: &Params) -> Option<Answer> {
    Some(match method {
        "crm.item.list" => entity(params).and_then(|e| list(state, e, params)),
        "crm.item.get" => entity(params).and_then(|e| get(state, e, params)),
        "crm.item.add" => entity(params).and_then(|e| add(state, e, params)),
        "crm.item.update" => entity(params).and_then(|e| update(state, e, params)),
        "crm.item.delete" => entity(params).and_then(|e| delete(state, e, params)),
        "crm.item.fields" => entity(params).map(fields),
        "crm.type.list" => Ok(types()),
        "crm.category.list" => entity(params).map(categories),
        _ => return None,
    })
}

fn result(value: Value) -> Map<String, Value> {
    Map::from_iter([("result".to_string(), value)])
}

fn entity(params: &Params) -> Result<Entity, CrmError> {
    let text = params
        .get("ENTITYTYPEID")
        .map(value_text)
        .unwrap_or_default();
    if text.trim().is_empty() {
        return Err(CrmError::invalid("entityTypeId is required"));
    }
    text.trim()
        .parse::<u64>()
        .ok()
        .and_then(Entity::from_type_id)
        .ok_or_else(CrmError::type_not_found)
}

fn item_id(params: &Params) -> Result<u64, CrmError> {
    params
        .get("ID")
        .map(value_text)
        .and_then(|id| id.trim().parse::<u64>().ok())
        .filter(|id| *id > 0)
        .ok_or_else(|| CrmError::invalid("id is required"))
}

/// A classic field ID as the universal methods name it: `LAST_NAME` → `lastName`,
/// `UF_CRM_5_1700000001` → `ufCrm5_1700000001`, `UF_CRM_1673035980` → `ufCrm_1673035980`; the
/// creation and change times are `createdTime` and `updatedTime` on every type.
pub fn camel_name(id: &str) -> String {
    match id {
        "DATE_CREATE" => return "createdTime".into(),
        "DATE_MODIFY" => return "updatedTime".into(),
        _ => {}
    }
    if let Some(rest) = id.strip_prefix("UF_CRM_") {
        return match rest.split_once('_') {
            Some((type_id, code)) if type_id.chars().all(|c| c.is_ascii_digit()) => {
                format!("ufCrm{type_id}_{code}")
            }
            _ => format!("ufCrm_{rest}"),
        };
    }
    let mut out = String::with_capacity(id.len());
    for (i, part) in id.split('_').enumerate() {
        let lower = part.to_ascii_lowercase();
        if i == 0 {
            out.push_str(&lower);
        } else {
            let mut chars = lower.chars();
            if let Some(first) = chars.next() {
                out.push(first.to_ascii_uppercase());
                out.extend(chars);
            }
        }
    }
    out
}

/// The field's `upperName` in `crm.item.fields`: its classic ID, but for the times, which the
/// universal methods call `CREATED_TIME` and `UPDATED_TIME` on every type.
fn upper_name(id: &str) -> &str {
    match id {
        "DATE_CREATE" => "CREATED_TIME",
        "DATE_MODIFY" => "UPDATED_TIME",
        other => other,
    }
}

/// The entity's field called `name` in the universal words (exactly, as the portal matches).
fn classic_field(entity: Entity, name: &str) -> Option<&'static Field> {
    entity
        .fields()
        .iter()
        .find(|f| f.kind != Kind::Multi && camel_name(f.id) == name)
}

fn known(entity: Entity, name: &str) -> Result<&'static Field, CrmError> {
    classic_field(entity, name).ok_or_else(|| CrmError::unknown_field(name))
}

/// A stored value as the universal methods write it: IDs and amounts as numbers, an empty date
/// as null.
fn universal_value(kind: Kind, value: &Value) -> Value {
    let text = value_text(value);
    match kind {
        Kind::Int | Kind::Category => text.trim().parse::<u64>().map_or(Value::Null, Value::from),
        Kind::Money => text.trim().parse::<f64>().map_or(Value::Null, Value::from),
        Kind::Date | Kind::DateTime if text.is_empty() => Value::Null,
        _ => value.clone(),
    }
}

/// Every phone, e-mail, site and messenger of a record as the `fm` list.
fn fm(entity: Entity, record: &Map<String, Value>) -> Value {
    let mut items = Vec::new();
    for field in entity.fields().iter().filter(|f| f.kind == Kind::Multi) {
        if let Some(Value::Array(values)) = record.get(field.id) {
            for item in values {
                let text = |key: &str| item.get(key).map(value_text).unwrap_or_default();
                items.push(json!({
                    "id": text("ID").parse::<u64>().unwrap_or(0),
                    "valueType": text("VALUE_TYPE"),
                    "value": text("VALUE"),
                    "typeId": field.id,
                }));
            }
        }
    }
    Value::Array(items)
}

/// A record (as the classic methods render it) in the universal words.
fn item(entity: Entity, rendered: &Value, full: &Map<String, Value>, with_fm: bool) -> Value {
    let mut out = Map::new();
    if let Value::Object(fields) = rendered {
        for (id, value) in fields {
            let Some(spec) = entity.fields().iter().find(|f| f.id == id) else {
                continue;
            };
            if spec.kind == Kind::Multi {
                continue;
            }
            out.insert(camel_name(id), universal_value(spec.kind, value));
        }
    }
    if with_fm && entity.fields().iter().any(|f| f.kind == Kind::Multi) {
        out.insert("fm".into(), fm(entity, full));
    }
    Value::Object(out)
}

/// `crm.item.list`: the universal filter, order and select put in classic words and run by the
/// classic list, whose page and counters the answer keeps.
fn list(state: &CrmState, entity: Entity, params: &Params) -> Answer {
    let mut classic = Map::new();
    if let Some(Value::Object(filter)) = params.get("FILTER") {
        let mut out = Map::new();
        for (key, value) in filter {
            let (operator, name) = split_operator(key);
            let field = known(entity, name)?;
            out.insert(format!("{operator}{}", field.id), value.clone());
        }
        classic.insert("FILTER".into(), Value::Object(out));
    }
    if let Some(Value::Object(order)) = params.get("ORDER") {
        let mut out = Map::new();
        for (name, direction) in order {
            out.insert(known(entity, name)?.id.to_string(), direction.clone());
        }
        classic.insert("ORDER".into(), Value::Object(out));
    }
    // No select is every field, as `*` is; `fm` comes only with `*`.
    let chosen: Vec<String> = params
        .get("SELECT")
        .map(members)
        .unwrap_or_default()
        .into_iter()
        .map(value_text)
        .filter(|s| !s.is_empty())
        .collect();
    let everything = chosen.is_empty() || chosen.iter().any(|s| s == "*");
    let mut select = vec![Value::from("*"), Value::from("UF_*")];
    if !everything {
        select.clear();
        for name in &chosen {
            select.push(known(entity, name)?.id.into());
        }
    }
    classic.insert("SELECT".into(), Value::Array(select));
    if let Some(start) = params.get("START") {
        classic.insert("START".into(), start.clone());
    }
    let request = ListRequest::parse(entity, &Params::from_map(classic))?;
    let store = state.read();
    let mut answer = request.run(&store, entity);
    let rows = match answer.remove("result") {
        Some(Value::Array(rows)) => rows,
        _ => Vec::new(),
    };
    let items: Vec<Value> = rows
        .iter()
        .map(|row| {
            let id = row
                .get("ID")
                .map(value_text)
                .and_then(|id| id.parse::<u64>().ok())
                .unwrap_or(0);
            let full = store.get(entity, id).cloned().unwrap_or_default();
            item(entity, row, &full, everything)
        })
        .collect();
    let mut out = result(json!({ "items": items }));
    out.extend(answer);
    Ok(out)
}

fn whole(state: &CrmState, entity: Entity, id: u64) -> Result<Value, CrmError> {
    let store = state.read();
    let record = store.get(entity, id).ok_or_else(CrmError::item_not_found)?;
    Ok(item(
        entity,
        &render(record, &Selection::all()),
        record,
        true,
    ))
}

fn get(state: &CrmState, entity: Entity, params: &Params) -> Answer {
    let id = item_id(params)?;
    Ok(result(json!({ "item": whole(state, entity, id)? })))
}

/// The universal `fields` of a write in classic words; `fm` becomes the classic multi-field
/// changes, one field per `typeId`.
fn classic_fields(entity: Entity, params: &Params) -> Result<Map<String, Value>, CrmError> {
    let fields = match params.get("FIELDS") {
        Some(Value::Object(fields)) => fields,
        None => return Ok(Map::new()),
        _ => return Err(CrmError::invalid("fields must be an object")),
    };
    let mut out = Map::new();
    for (name, value) in fields {
        if name == "fm" {
            let Value::Object(items) = value else {
                return Err(CrmError::invalid(
                    "fm must be an object: {\"n0\": {\"typeId\": \"PHONE\", \"value\": …}}",
                ));
            };
            for (key, change) in items {
                let text = |k: &str| change.get(k).map(value_text);
                let type_id = text("typeId").unwrap_or_default().to_ascii_uppercase();
                let multi = entity
                    .fields()
                    .iter()
                    .find(|f| f.kind == Kind::Multi && f.id == type_id)
                    .ok_or_else(|| {
                        CrmError::invalid(format!("fm[{key}]: unknown typeId {type_id:?}"))
                    })?;
                let mut classic = Map::new();
                if key.chars().all(|c| c.is_ascii_digit()) {
                    classic.insert("ID".into(), key.clone().into());
                }
                if let Some(v) = text("value") {
                    classic.insert("VALUE".into(), v.into());
                }
                if let Some(v) = text("valueType") {
                    classic.insert("VALUE_TYPE".into(), v.into());
                }
                let slot = out
                    .entry(multi.id.to_string())
                    .or_insert_with(|| Value::Array(Vec::new()));
                if let Value::Array(list) = slot {
                    list.push(Value::Object(classic));
                }
            }
            continue;
        }
        out.insert(known(entity, name)?.id.to_string(), value.clone());
    }
    Ok(out)
}

fn add(state: &CrmState, entity: Entity, params: &Params) -> Answer {
    let fields = classic_fields(entity, params)?;
    let id = writes::create(&mut state.write(), entity, &fields)?;
    Ok(result(json!({ "item": whole(state, entity, id)? })))
}

fn update(state: &CrmState, entity: Entity, params: &Params) -> Answer {
    let id = item_id(params)?;
    let fields = classic_fields(entity, params)?;
    if state.read().get(entity, id).is_none() {
        return Err(CrmError::item_not_found());
    }
    writes::update(&mut state.write(), entity, id, &fields)?;
    Ok(result(json!({ "item": whole(state, entity, id)? })))
}

fn delete(state: &CrmState, entity: Entity, params: &Params) -> Answer {
    let id = item_id(params)?;
    state
        .write()
        .remove(entity, id)
        .ok_or_else(CrmError::item_not_found)?;
    Ok(result(json!([])))
}

/// `crm.item.fields`: every field but the multi-fields (which travel as `fm`, "not a field of
/// the CRM object" in crm-item-list.md); user fields with their labels.
fn fields(entity: Entity) -> Map<String, Value> {
    let mut out = Map::new();
    for field in entity.fields().iter().filter(|f| f.kind != Kind::Multi) {
        let kind = match field.kind {
            Kind::Int if field.id == "ASSIGNED_BY_ID" => "user",
            Kind::Int if field.id == "CONTACT_ID" => "crm_contact",
            Kind::Int => "integer",
            Kind::Money => "double",
            Kind::Flag => "char",
            Kind::DateTime => "datetime",
            Kind::Date => "date",
            Kind::StageId | Kind::ItemStage => "crm_status",
            Kind::Category => "crm_category",
            Kind::Multi | Kind::Text | Kind::StageName | Kind::Unit => "string",
        };
        let custom = is_custom(field.id);
        let mut description = json!({
            "type": kind,
            "isRequired": false,
            "isReadOnly": field.read_only,
            "isImmutable": false,
            "isMultiple": false,
            "isDynamic": custom,
            "title": field.title,
        });
        if custom {
            for label in ["listLabel", "formLabel", "filterLabel"] {
                description[label] = field.title.into();
            }
        }
        description["upperName"] = upper_name(field.id).into();
        out.insert(camel_name(field.id), description);
    }
    result(json!({ "fields": out }))
}

fn types() -> Map<String, Value> {
    let types: Vec<Value> = SMART_TYPES
        .iter()
        .map(|t| {
            json!({
                "id": t.id,
                "title": t.title,
                "code": "",
                "createdBy": 1,
                "entityTypeId": t.entity_type_id,
                "customSectionId": null,
                "isCategoriesEnabled": if t.categories.len() > 1 { "Y" } else { "N" },
                "isStagesEnabled": "Y",
                "isBeginCloseDatesEnabled": "N",
                "isClientEnabled": "Y",
                "isUseInUserfieldEnabled": "N",
                "isLinkWithProductsEnabled": "N",
                "isMycompanyEnabled": "N",
                "isDocumentsEnabled": "N",
                "isSourceEnabled": "N",
                "isObserversEnabled": "N",
                "isRecyclebinEnabled": "N",
                "isAutomationEnabled": "Y",
                "isBizProcEnabled": "N",
                "isSetOpenPermissions": "Y",
                "isPaymentsEnabled": "N",
                "isCountersEnabled": "N",
                "createdTime": t.created,
                "updatedTime": t.created,
                "updatedBy": 1,
            })
        })
        .collect();
    let total = types.len();
    let mut out = result(json!({ "types": types }));
    out.insert("total".into(), total.into());
    out
}

/// `crm.category.list`: a smart process's pipelines; the deals' one pipeline, "Unidade" (ID 0);
/// none for contacts and leads here.
fn categories(entity: Entity) -> Map<String, Value> {
    let categories: Vec<Value> = match entity.smart() {
        Some(kind) => kind
            .categories
            .iter()
            .enumerate()
            .map(|(i, c)| {
                json!({
                    "id": c.id,
                    "name": c.name,
                    "sort": (i + 1) * 100,
                    "entityTypeId": kind.entity_type_id,
                    "isDefault": if c.is_default { "Y" } else { "N" },
                    "originId": "",
                    "originatorId": "",
                })
            })
            .collect(),
        None if entity == Entity::Deal => vec![json!({
            "id": 0, "name": "Unidade", "sort": 100, "entityTypeId": 2,
            "isDefault": "Y", "originId": "", "originatorId": "",
        })],
        None => Vec::new(),
    };
    let total = categories.len();
    let mut out = result(json!({ "categories": categories }));
    out.insert("total".into(), total.into());
    out
}

/// `crm.status.list`: the stages of the deals (`ENTITY_ID` `DEAL_STAGE`) and of each smart
/// process pipeline (`DYNAMIC_<entityTypeId>_STAGE_<categoryId>`); `filter[ENTITY_ID]` picks one.
pub fn statuses(params: &Params) -> Map<String, Value> {
    let wanted = match params.get("FILTER") {
        Some(Value::Object(filter)) => filter.get("ENTITY_ID").map(value_text),
        _ => None,
    };
    let mut rows = Vec::new();
    let mut next_id = 100;
    let mut push = |entity_id: String,
                    status: &str,
                    name: &str,
                    category: Value,
                    semantics: &str,
                    sort: usize| {
        next_id += 2;
        if wanted.as_deref().is_some_and(|w| w != entity_id) {
            return;
        }
        rows.push(json!({
            "ID": next_id.to_string(),
            "ENTITY_ID": entity_id,
            "STATUS_ID": status,
            "NAME": name,
            "NAME_INIT": "",
            "SORT": (sort * 10).to_string(),
            "SYSTEM": "N",
            "CATEGORY_ID": category,
            "COLOR": "#39A8EF",
            "SEMANTICS": null,
            "EXTRA": {"SEMANTICS": semantics, "COLOR": "#39A8EF"},
        }));
    };
    for (i, stage) in DEAL_STAGES.iter().enumerate() {
        let semantics = match stage.id {
            "WON" => "success",
            "LOSE" | "4" => "failure",
            _ => "process",
        };
        push(
            "DEAL_STAGE".into(),
            stage.id,
            stage.name,
            Value::Null,
            semantics,
            i + 1,
        );
    }
    for kind in SMART_TYPES {
        for (i, stage) in kind.stages.iter().enumerate() {
            push(
                kind.status_entity(stage.category),
                stage.id,
                stage.name,
                stage.category.to_string().into(),
                stage.semantics,
                i + 1,
            );
        }
    }
    let total = rows.len();
    let mut out = result(Value::Array(rows));
    out.insert("total".into(), total.into());
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_follow_the_portals_camel_case() {
        assert_eq!(camel_name("LAST_NAME"), "lastName");
        assert_eq!(camel_name("ASSIGNED_BY_ID"), "assignedById");
        assert_eq!(camel_name("ID"), "id");
        assert_eq!(camel_name("DATE_CREATE"), "createdTime");
        assert_eq!(camel_name("UF_CRM_5_1700000001"), "ufCrm5_1700000001");
        assert_eq!(camel_name("UF_CRM_1673035980"), "ufCrm_1673035980");
        assert_eq!(upper_name("DATE_MODIFY"), "UPDATED_TIME");
    }
}
