//! Writes to Bitrix's multi-value fields (`PHONE`, `EMAIL`, `WEB`, `IM`). Bitrix adds every item sent
//! without an `ID` and changes, or with `DELETE=Y` removes, the item whose `ID` is sent. So replacing
//! a phone means reading the record's items first and removing them by ID: sending the new value alone
//! would add it beside the wrong one.

use serde_json::Value;

/// Fields Bitrix holds as lists of `{ID, VALUE, VALUE_TYPE}` and writes only in that form.
pub const FIELDS: &[&str] = &["PHONE", "EMAIL", "WEB", "IM"];

/// The value type of a new item when none is given.
const DEFAULT_TYPE: &str = "WORK";

/// One item a record holds.
#[derive(Debug, Clone, PartialEq)]
pub struct Item {
    pub id: String,
    pub value: String,
}

/// A new value and its type (`MOBILE`, `WORK`…; `None`: [`DEFAULT_TYPE`]).
#[derive(Debug, Clone, PartialEq)]
pub struct NewValue {
    pub value: String,
    pub value_type: Option<String>,
}

/// What the person asked of one field.
#[derive(Debug, Default)]
pub struct Asked {
    /// `--set`: the field holds these values and no others (none: every value removed).
    pub set: Option<Vec<NewValue>>,
    /// `--add`: values added, the others kept.
    pub add: Vec<NewValue>,
    /// `--remove`: values removed wherever they are equal (see [`same`]).
    pub remove: Vec<String>,
}

impl Asked {
    /// Whether the record's current items must be read to write this.
    pub fn needs_items(&self) -> bool {
        self.set.is_some() || !self.remove.is_empty()
    }
}

/// What one field's write does: items removed by ID, values added.
#[derive(Debug, Default, PartialEq)]
pub struct Plan {
    pub remove: Vec<Item>,
    pub add: Vec<NewValue>,
}

/// The items of `field` in a record as read back (`crm.contact.get`).
pub fn items(record: &Value, field: &str) -> Vec<Item> {
    match record.get(field) {
        Some(Value::Array(items)) => items
            .iter()
            .filter_map(|item| {
                Some(Item {
                    id: item.get("ID").map(value_text)?,
                    value: item.get("VALUE").map(value_text).unwrap_or_default(),
                })
            })
            .collect(),
        _ => Vec::new(),
    }
}

/// A JSON scalar as text: Bitrix sends IDs as strings or numbers.
fn value_text(v: &Value) -> String {
    match v {
        Value::String(s) => s.clone(),
        other => other.to_string(),
    }
}

/// Whether two values of `field` are the same: phones by their digits (with or without Brazil's
/// country code), e-mails without case, anything else as written (spaces around it aside).
pub fn same(field: &str, a: &str, b: &str) -> bool {
    match field {
        "PHONE" => {
            let (a, b) = (phone_digits(a), phone_digits(b));
            !a.is_empty() && a == b
        }
        "EMAIL" => a.trim().eq_ignore_ascii_case(b.trim()),
        _ => a.trim() == b.trim(),
    }
}

/// A phone's digits without Brazil's country code (`+55 16 99264-0197` and `16992640197` agree).
fn phone_digits(phone: &str) -> String {
    let digits: String = phone.chars().filter(char::is_ascii_digit).collect();
    match digits.strip_prefix("55") {
        Some(national) if digits.len() >= 12 => national.to_string(),
        _ => digits,
    }
}

/// The write that does what was asked of `field`, given its `current` items. `Err` holds each
/// `--remove` value that matches none of them.
pub fn plan(field: &str, current: &[Item], asked: Asked) -> Result<Plan, Vec<String>> {
    let unmatched: Vec<String> = asked
        .remove
        .iter()
        .filter(|r| !current.iter().any(|item| same(field, &item.value, r)))
        .cloned()
        .collect();
    if !unmatched.is_empty() {
        return Err(unmatched);
    }
    let mut plan = Plan::default();
    let wanted: Vec<NewValue> = asked
        .set
        .iter()
        .flatten()
        .filter(|v| !v.value.trim().is_empty())
        .cloned()
        .collect();
    for item in current {
        let removed = asked.remove.iter().any(|r| same(field, &item.value, r));
        // Under `--set`, an item already holding a wanted value stays (and that value is not added
        // again); the others go.
        let replaced =
            asked.set.is_some() && !wanted.iter().any(|w| same(field, &item.value, &w.value));
        if removed || replaced {
            plan.remove.push(item.clone());
        }
    }
    for value in wanted.into_iter().chain(asked.add) {
        let held = current
            .iter()
            .any(|item| !plan.remove.contains(item) && same(field, &item.value, &value.value));
        let again = plan.add.iter().any(|a| same(field, &a.value, &value.value));
        if !held && !again {
            plan.add.push(value);
        }
    }
    Ok(plan)
}

/// The query pairs of a plan, numbered from `first`: `FIELDS[PHONE][n][ID]=…&…[DELETE]=Y` for each
/// item removed, `FIELDS[PHONE][n][VALUE]=…&…[VALUE_TYPE]=…` for each value added.
pub fn pairs(field: &str, plan: &Plan) -> Vec<(String, String)> {
    let key = |n: usize, part: &str| format!("FIELDS[{field}][{n}][{part}]");
    let mut out = Vec::new();
    for (n, item) in plan.remove.iter().enumerate() {
        out.push((key(n, "ID"), item.id.clone()));
        out.push((key(n, "DELETE"), "Y".to_string()));
    }
    let first = plan.remove.len();
    for (n, value) in plan.add.iter().enumerate() {
        out.push((key(first + n, "VALUE"), value.value.clone()));
        out.push((
            key(first + n, "VALUE_TYPE"),
            value
                .value_type
                .clone()
                .unwrap_or_else(|| DEFAULT_TYPE.to_string()),
        ));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn item(id: &str, value: &str) -> Item {
        Item {
            id: id.into(),
            value: value.into(),
        }
    }

    fn new(value: &str) -> NewValue {
        NewValue {
            value: value.into(),
            value_type: None,
        }
    }

    fn phones() -> Vec<Item> {
        items(
            &json!({"PHONE": [
                {"ID": "11", "VALUE": "+5516992640197", "VALUE_TYPE": "WORK"},
                {"ID": 12, "VALUE": "(16) 3264-0197", "VALUE_TYPE": "HOME"}
            ]}),
            "PHONE",
        )
    }

    #[test]
    fn items_are_read_with_their_ids() {
        assert_eq!(
            phones(),
            [item("11", "+5516992640197"), item("12", "(16) 3264-0197")]
        );
        assert!(items(&json!({"PHONE": ""}), "PHONE").is_empty());
    }

    #[test]
    fn set_replaces_every_value_and_keeps_one_already_there() {
        let asked = Asked {
            set: Some(vec![new("16 99999-0000")]),
            ..Default::default()
        };
        let planned = plan("PHONE", &phones(), asked).unwrap();
        assert_eq!(planned.remove, phones());
        assert_eq!(planned.add, [new("16 99999-0000")]);
        assert_eq!(
            pairs("PHONE", &planned),
            [
                ("FIELDS[PHONE][0][ID]", "11"),
                ("FIELDS[PHONE][0][DELETE]", "Y"),
                ("FIELDS[PHONE][1][ID]", "12"),
                ("FIELDS[PHONE][1][DELETE]", "Y"),
                ("FIELDS[PHONE][2][VALUE]", "16 99999-0000"),
                ("FIELDS[PHONE][2][VALUE_TYPE]", "WORK"),
            ]
            .map(|(k, v)| (k.to_string(), v.to_string()))
        );
        // A value the record holds already, written another way, stays as it is.
        let asked = Asked {
            set: Some(vec![new("16992640197")]),
            ..Default::default()
        };
        let planned = plan("PHONE", &phones(), asked).unwrap();
        assert_eq!(planned.remove, [item("12", "(16) 3264-0197")]);
        assert!(planned.add.is_empty());
    }

    #[test]
    fn an_empty_set_removes_everything() {
        let asked = Asked {
            set: Some(vec![new("")]),
            ..Default::default()
        };
        let planned = plan("PHONE", &phones(), asked).unwrap();
        assert_eq!(planned.remove, phones());
        assert!(planned.add.is_empty());
    }

    #[test]
    fn add_keeps_the_others_and_remove_takes_equal_values_only() {
        let asked = Asked {
            add: vec![new("16 99999-0000"), new("+55 16 99264-0197")],
            ..Default::default()
        };
        let planned = plan("PHONE", &phones(), asked).unwrap();
        assert!(planned.remove.is_empty());
        assert_eq!(
            planned.add,
            [new("16 99999-0000")],
            "a value held is not added twice"
        );

        let asked = Asked {
            remove: vec!["1632640197".into()],
            ..Default::default()
        };
        let planned = plan("PHONE", &phones(), asked).unwrap();
        assert_eq!(planned.remove, [item("12", "(16) 3264-0197")]);

        let asked = Asked {
            remove: vec!["1600000000".into()],
            ..Default::default()
        };
        assert_eq!(
            plan("PHONE", &phones(), asked),
            Err(vec!["1600000000".to_string()])
        );
    }

    #[test]
    fn values_are_compared_as_their_kind_says() {
        assert!(same("PHONE", "+55 (16) 99264-0197", "16992640197"));
        assert!(!same("PHONE", "16992640197", "1699264019"));
        assert!(!same("PHONE", "", ""));
        assert!(same("EMAIL", "Ana@Example.com ", "ana@example.com"));
        assert!(!same("WEB", "https://a.example", "https://A.example"));
    }
}
