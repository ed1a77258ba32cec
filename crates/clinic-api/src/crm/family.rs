//! Bitrix24's two CRM method families, and one client over both.
//!
//! The classic family names the kind in the method (`crm.contact.list`, `FIELDS[LAST_NAME]`,
//! answers in upper-case IDs); the universal one names it by `entityTypeId` (`crm.item.list`
//! with 3 for contacts, 2 deals, 1 leads), speaks camelCase (`lastName`, `ufCrm5_…`), answers a
//! list as `{"result": {"items": […]}}`, an item as `{"result": {"item": {…}}}` and phones and
//! e-mails as one `fm` list (bitrix-tools/b24-rest-docs, api-reference/crm/universal/). A portal
//! may answer either or both. Everything above this module speaks the classic words: a call is put
//! in universal words on the way out when the portal speaks only those, and its answer put back,
//! so walks, batches, reads by ID, updates and the duplicate check are the same on both.

use serde_json::{Map, Value};

/// Which family the portal was found to speak (or the profile said).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Family {
    Classic,
    Item,
}

impl Family {
    pub fn as_u8(self) -> u8 {
        match self {
            Family::Classic => 1,
            Family::Item => 2,
        }
    }

    pub fn from_u8(n: u8) -> Option<Family> {
        match n {
            1 => Some(Family::Classic),
            2 => Some(Family::Item),
            _ => None,
        }
    }

    /// The word a profile keeps it as (`crm.api`, the family remembered).
    pub fn word(self) -> &'static str {
        match self {
            Family::Classic => "classic",
            Family::Item => "item",
        }
    }

    /// `crm.api` in a profile: `item` or `classic`.
    pub fn parse(text: &str) -> Option<Family> {
        match text.trim().to_ascii_lowercase().as_str() {
            "item" | "universal" => Some(Family::Item),
            "classic" => Some(Family::Classic),
            _ => None,
        }
    }
}

/// A classic method of a kind both families have: (`entityTypeId`, action).
pub fn classic_method(method: &str) -> Option<(u64, &str)> {
    let rest = method.strip_prefix("crm.")?;
    let (kind, action) = rest.split_once('.')?;
    let type_id = match kind {
        "lead" => 1,
        "deal" => 2,
        "contact" => 3,
        _ => return None,
    };
    matches!(
        action,
        "list" | "get" | "update" | "fields" | "add" | "delete"
    )
    .then_some((type_id, action))
}

/// Multi-value fields: the universal family carries them as `fm` items of this `typeId`.
const MULTI: [&str; 4] = ["PHONE", "EMAIL", "WEB", "IM"];

/// The universal name of a classic field ID: `LAST_NAME` → `lastName`, `UF_CRM_5_17…` →
/// `ufCrm5_17…`, `UF_CRM_16…` → `ufCrm_16…`; the creation and change times are `createdTime` and
/// `updatedTime` (`CREATED_TIME`, `UPDATED_TIME` as `crm.item.fields`' `upperName`).
pub fn camel(id: &str) -> String {
    match id {
        "DATE_CREATE" => return "createdTime".into(),
        "DATE_MODIFY" => return "updatedTime".into(),
        "CREATED_BY_ID" => return "createdBy".into(),
        "MODIFY_BY_ID" => return "updatedBy".into(),
        _ => {}
    }
    if let Some(rest) = id.strip_prefix("UF_CRM_") {
        return match rest.split_once('_') {
            Some((t, code)) if !t.is_empty() && t.chars().all(|c| c.is_ascii_digit()) => {
                format!("ufCrm{t}_{code}")
            }
            _ => format!("ufCrm_{rest}"),
        };
    }
    let mut out = String::with_capacity(id.len());
    for (i, part) in id.split('_').enumerate() {
        let lower = part.to_ascii_lowercase();
        let mut chars = lower.chars();
        if i == 0 {
            out.push_str(&lower);
        } else if let Some(first) = chars.next() {
            out.push(first.to_ascii_uppercase());
            out.extend(chars);
        }
    }
    out
}

/// The classic ID of a universal name, as `crm.item.fields`' `upperName` gives it, with the
/// classic spelling of the times for contacts, deals and leads (`DATE_CREATE`, `DATE_MODIFY`).
pub fn upper(name: &str) -> String {
    match name {
        "createdTime" => return "DATE_CREATE".into(),
        "updatedTime" => return "DATE_MODIFY".into(),
        "createdBy" => return "CREATED_BY_ID".into(),
        "updatedBy" => return "MODIFY_BY_ID".into(),
        _ => {}
    }
    if let Some(rest) = name.strip_prefix("ufCrm") {
        let rest = rest.strip_prefix('_').unwrap_or(rest);
        return format!("UF_CRM_{}", rest.to_ascii_uppercase());
    }
    let mut out = String::with_capacity(name.len() + 4);
    for c in name.chars() {
        if c.is_ascii_uppercase() && !out.is_empty() {
            out.push('_');
        }
        out.push(c.to_ascii_uppercase());
    }
    out
}

/// The field part of a filter key, split from its operator prefix (`>=ID` → (`>=`, `ID`)).
fn split_operator(key: &str) -> (&str, &str) {
    let at = key
        .find(|c: char| c.is_ascii_alphanumeric() || c == '_')
        .unwrap_or(key.len());
    key.split_at(at)
}

/// `a[b][c]` → (`a`, [`b`, `c`]).
fn split_key(key: &str) -> (&str, Vec<&str>) {
    let Some(open) = key.find('[') else {
        return (key, Vec::new());
    };
    let segments = key[open..]
        .trim_start_matches('[')
        .trim_end_matches(']')
        .split("][")
        .collect();
    (&key[..open], segments)
}

/// A classic call (`crm.contact.list` and its query) in universal words: `crm.item.list` with
/// `entityTypeId`, field names in camelCase, `select[]=*` (the answer is cut back to what the
/// classic call would have given), multi-value writes as `fm` items.
pub fn to_item(
    method: &str,
    query: &[(String, String)],
) -> Option<(String, Vec<(String, String)>)> {
    let (type_id, action) = classic_method(method)?;
    let mut out = vec![("entityTypeId".to_string(), type_id.to_string())];
    let mut fm: Vec<(String, String, String)> = Vec::new();
    let mut selected = false;
    for (key, value) in query {
        let (base, segments) = split_key(key);
        let base_upper = base.to_ascii_uppercase();
        match (base_upper.as_str(), segments.as_slice()) {
            ("ID", []) => out.push(("id".into(), value.clone())),
            ("SELECT", _) => {
                if !selected {
                    out.push(("select[]".into(), "*".into()));
                    selected = true;
                }
            }
            ("FILTER", [first, rest @ ..]) | ("FIELDS", [first, rest @ ..]) if action == "list" => {
                let (op, field) = split_operator(first);
                let mut k = format!("filter[{op}{}]", camel(field));
                for r in rest {
                    k.push_str(&format!("[{r}]"));
                }
                out.push((k, value.clone()));
            }
            ("ORDER", [field]) => out.push((format!("order[{}]", camel(field)), value.clone())),
            ("FIELDS", [field, n, part]) if MULTI.contains(field) => {
                fm.push((
                    format!("{field}\u{0}{n}"),
                    part.to_ascii_uppercase(),
                    value.clone(),
                ));
            }
            ("FIELDS", [field, rest @ ..]) => {
                let mut k = format!("fields[{}]", camel(field));
                for r in rest {
                    k.push_str(&format!("[{r}]"));
                }
                out.push((k, value.clone()));
            }
            _ => out.push((key.clone(), value.clone())),
        }
    }
    if action == "list" && !selected {
        out.push(("select[]".into(), "*".into()));
    }
    // Each classic multi-value item (`FIELDS[PHONE][0][…]`) becomes one `fm` entry, keyed by the
    // item's own ID when it changes one, else `n<k>` for a new one (crm-item-update.md).
    let mut groups: Vec<(String, Map<String, Value>)> = Vec::new();
    for (group, part, value) in fm {
        let slot = match groups.iter().position(|(g, _)| *g == group) {
            Some(i) => i,
            None => {
                groups.push((group.clone(), Map::new()));
                groups.len() - 1
            }
        };
        groups[slot].1.insert(part, Value::String(value));
    }
    for (k, (group, parts)) in groups.into_iter().enumerate() {
        let field = group.split('\u{0}').next().unwrap_or_default().to_string();
        let text = |p: &str| parts.get(p).and_then(Value::as_str).map(str::to_string);
        let deleted = text("DELETE").is_some_and(|d| d.eq_ignore_ascii_case("Y"));
        let key = text("ID")
            .filter(|id| !id.is_empty())
            .unwrap_or_else(|| format!("n{k}"));
        out.push((format!("fields[fm][{key}][typeId]"), field));
        let value = if deleted {
            Some(String::new())
        } else {
            text("VALUE")
        };
        if let Some(value) = value {
            out.push((format!("fields[fm][{key}][value]"), value));
        }
        if let Some(kind) = text("VALUE_TYPE") {
            out.push((format!("fields[fm][{key}][valueType]"), kind));
        }
    }
    let method = format!("crm.item.{action}");
    Some((method, out))
}

/// What a classic list or get would have shown: with no `select`, every field but the user
/// fields; with one, `ID`, the fields named, every standard field for `*`, every user field for
/// `UF_*`.
#[derive(Debug, Clone, Default)]
pub struct Selection {
    pub asked: Vec<String>,
}

impl Selection {
    pub fn of(query: &[(String, String)]) -> Selection {
        Selection {
            asked: query
                .iter()
                .filter(|(k, _)| split_key(k).0.eq_ignore_ascii_case("select"))
                .map(|(_, v)| v.clone())
                .filter(|v| !v.is_empty())
                .collect(),
        }
    }

    fn includes(&self, id: &str) -> bool {
        let custom = id.starts_with("UF_");
        if id == "ID" {
            return true;
        }
        if self.asked.is_empty() {
            return !custom;
        }
        self.asked.iter().any(|a| a == id)
            || self.asked.iter().any(|a| a == "*") && !custom
            || self.asked.iter().any(|a| a == "UF_*") && custom
    }
}

/// A universal value in the classic words: numbers as text (amounts with two decimals, as the
/// classic methods write them, where two decimals hold the number exactly; any other number as
/// its own text, never rounded), an empty date as empty text.
fn classic_value(name: &str, value: &Value) -> Value {
    match value {
        Value::Number(n) if n.is_f64() => {
            let exact = n
                .as_f64()
                .map(|x| format!("{x:.2}"))
                .filter(|two| two.parse::<f64>().ok() == n.as_f64());
            Value::String(exact.unwrap_or_else(|| n.to_string()))
        }
        Value::Number(n) => Value::String(n.to_string()),
        Value::Null if name == "birthdate" || name.ends_with("Time") || name.ends_with("Date") => {
            Value::String(String::new())
        }
        other => other.clone(),
    }
}

/// One universal item as the classic methods give a record: upper-case IDs in the same order,
/// `fm` back as `PHONE`, `EMAIL`… lists of `{ID, VALUE_TYPE, VALUE, TYPE_ID}` where the classic
/// record has them (before the user fields), empty ones left out.
pub fn classic_record(item: &Value, selection: Option<&Selection>) -> Value {
    let Value::Object(fields) = item else {
        return item.clone();
    };
    let mut multi: Vec<(String, Vec<Value>)> = Vec::new();
    if let Some(Value::Array(items)) = fields.get("fm") {
        for entry in items {
            let text = |k: &str| match entry.get(k) {
                Some(Value::String(s)) => s.clone(),
                Some(Value::Number(n)) => n.to_string(),
                _ => String::new(),
            };
            let type_id = text("typeId");
            let record = serde_json::json!({
                "ID": text("id"),
                "VALUE_TYPE": text("valueType"),
                "VALUE": text("value"),
                "TYPE_ID": type_id,
            });
            match multi.iter_mut().find(|(t, _)| *t == type_id) {
                Some((_, list)) => list.push(record),
                None => multi.push((type_id, vec![record])),
            }
        }
    }
    let wanted = |id: &str| selection.is_none_or(|s| s.includes(id));
    let mut out = Map::new();
    let mut placed = false;
    let place = |out: &mut Map<String, Value>| {
        for (type_id, list) in &multi {
            if wanted(type_id) {
                out.insert(type_id.clone(), Value::Array(list.clone()));
            }
        }
    };
    for (name, value) in fields {
        if name == "fm" {
            continue;
        }
        let id = upper(name);
        if !placed && id.starts_with("UF_") {
            place(&mut out);
            placed = true;
        }
        if wanted(&id) {
            out.insert(id, classic_value(name, value));
        }
    }
    if !placed {
        place(&mut out);
    }
    Value::Object(out)
}

/// The `result` of a universal answer to `action` as the classic method answers it.
pub fn classic_result(action: &str, result: Value, selection: &Selection) -> Value {
    match action {
        "list" => match result.get("items") {
            Some(Value::Array(items)) => Value::Array(
                items
                    .iter()
                    .map(|i| classic_record(i, Some(selection)))
                    .collect(),
            ),
            _ => result,
        },
        "get" => result
            .get("item")
            .map_or(result.clone(), |item| classic_record(item, None)),
        "update" | "delete" => Value::Bool(true),
        "add" => result
            .get("item")
            .and_then(|i| i.get("id"))
            .cloned()
            .unwrap_or(result),
        "fields" => match result.get("fields") {
            Some(Value::Object(fields)) => Value::Object(
                fields
                    .iter()
                    .map(|(name, description)| {
                        let id = description
                            .get("upperName")
                            .and_then(Value::as_str)
                            .map_or_else(|| upper(name), |u| upper(&camel(u)));
                        (id, description.clone())
                    })
                    .collect(),
            ),
            _ => result,
        },
        _ => result,
    }
}

/// A reference to an earlier call's list result in classic words (`$result[c0][49][ID]`) as the
/// universal list answer holds it (`$result[c0][items][49][id]`).
pub fn item_reference(value: &str) -> String {
    let mut out = String::with_capacity(value.len());
    let mut rest = value;
    while let Some(at) = rest.find("$result[") {
        out.push_str(&rest[..at]);
        let tail = &rest[at..];
        let end = tail.find(']').map_or(tail.len(), |e| e + 1);
        out.push_str(&tail[..end]);
        let mut after = &tail[end..];
        let mut first = true;
        while let Some(inner) = after.strip_prefix('[') {
            let Some(close) = inner.find(']') else { break };
            let key = &inner[..close];
            if first && key.chars().all(|c| c.is_ascii_digit()) {
                out.push_str("[items]");
            }
            first = false;
            let key = if key.chars().all(|c| c.is_ascii_digit()) {
                key.to_string()
            } else {
                camel(key)
            };
            out.push_str(&format!("[{key}]"));
            after = &inner[close + 1..];
        }
        rest = after;
    }
    out.push_str(rest);
    out
}

#[cfg(test)]
mod tests {
    #[test]
    fn a_number_is_given_two_decimals_only_where_they_hold_it_exactly() {
        use serde_json::json;
        for (sent, classic) in [
            (json!(1234.5), "1234.50"),
            (json!(0.1), "0.10"),
            (json!(19000), "19000"),
            (json!(1234.567), "1234.567"),
            (json!(0.125), "0.125"),
        ] {
            assert_eq!(
                super::classic_value("opportunity", &sent),
                json!(classic),
                "{sent}"
            );
        }
    }

    use super::*;
    use serde_json::json;

    #[test]
    fn names_go_both_ways() {
        for id in [
            "ID",
            "LAST_NAME",
            "ASSIGNED_BY_ID",
            "HAS_PHONE",
            "UF_CRM_1673035980",
            "UF_CRM_5_1700000001",
            "DATE_CREATE",
            "UTM_SOURCE",
        ] {
            assert_eq!(upper(&camel(id)), id);
        }
        assert_eq!(camel("UF_CRM_5_1700000001"), "ufCrm5_1700000001");
        assert_eq!(camel("ASSIGNED_BY_ID"), "assignedById");
    }

    #[test]
    fn a_keyset_walk_and_a_phone_write_in_universal_words() {
        let q = |pairs: &[(&str, &str)]| -> Vec<(String, String)> {
            pairs
                .iter()
                .map(|(k, v)| (k.to_string(), v.to_string()))
                .collect()
        };
        let (method, query) = to_item(
            "crm.contact.list",
            &q(&[("filter[>ID]", "5"), ("order[ID]", "ASC"), ("start", "-1")]),
        )
        .unwrap();
        assert_eq!(method, "crm.item.list");
        assert_eq!(
            query,
            q(&[
                ("entityTypeId", "3"),
                ("filter[>id]", "5"),
                ("order[id]", "ASC"),
                ("start", "-1"),
                ("select[]", "*")
            ])
        );
        let (_, query) = to_item(
            "crm.contact.update",
            &q(&[
                ("ID", "2"),
                ("FIELDS[PHONE][0][ID]", "15"),
                ("FIELDS[PHONE][0][DELETE]", "Y"),
                ("FIELDS[NAME]", "Ana"),
            ]),
        )
        .unwrap();
        assert!(query.contains(&("fields[fm][15][value]".into(), String::new())));
        assert!(query.contains(&("fields[name]".into(), "Ana".into())));
        assert_eq!(
            item_reference("$result[c0][49][ID]"),
            "$result[c0][items][49][id]"
        );
    }

    #[test]
    fn an_item_reads_as_a_classic_record() {
        let item = json!({"id": 7, "name": "Ana", "createdTime": "2024-01-01T00:00:00-03:00",
            "birthdate": null, "opportunity": 1500.0,
            "ufCrm_1673035980": "+55", "fm": [{"id": 3, "valueType": "WORK", "value": "+55", "typeId": "PHONE"}]});
        let record = classic_record(&item, None);
        assert_eq!(
            record,
            json!({"ID": "7", "NAME": "Ana", "DATE_CREATE": "2024-01-01T00:00:00-03:00",
                "BIRTHDATE": "", "OPPORTUNITY": "1500.00",
                "PHONE": [{"ID": "3", "VALUE_TYPE": "WORK", "VALUE": "+55", "TYPE_ID": "PHONE"}],
                "UF_CRM_1673035980": "+55"})
        );
        let keys: Vec<&String> = record.as_object().unwrap().keys().collect();
        assert_eq!(keys.last().map(|k| k.as_str()), Some("UF_CRM_1673035980"));
    }
}
