//! Turning a JSON record into named text cells, and finding a dotted column in a record.

use std::borrow::Cow;
use std::collections::HashSet;

use serde_json::{Map, Value};

/// Column under which a record that is not an object (a bare number or string in a list) is shown.
pub(crate) const SCALAR_COLUMN: &str = "value";

/// The JSON type of a leaf, kept beside its cell text by formats that store types (Parquet).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Scalar {
    Null,
    Bool,
    Number,
    String,
    /// An array or an object (its cell text is its compact JSON).
    Compound,
}

impl Scalar {
    pub(crate) fn of(value: &Value) -> Scalar {
        match value {
            Value::Null => Scalar::Null,
            Value::Bool(_) => Scalar::Bool,
            Value::Number(_) => Scalar::Number,
            Value::String(_) => Scalar::String,
            Value::Array(_) | Value::Object(_) => Scalar::Compound,
        }
    }
}

/// The text of one cell: strings as they are (no quotes), null as nothing, arrays and objects as
/// compact JSON so a list never spreads over several columns.
pub(crate) fn cell_text(value: &Value) -> Cow<'_, str> {
    match value {
        Value::Null => Cow::Borrowed(""),
        Value::String(text) => Cow::Borrowed(text),
        Value::Bool(true) => Cow::Borrowed("true"),
        Value::Bool(false) => Cow::Borrowed("false"),
        Value::Number(number) => Cow::Owned(number.to_string()),
        Value::Array(_) | Value::Object(_) => Cow::Owned(value.to_string()),
    }
}

/// Every leaf of `record` as `(dotted.key, text)`, in the record's own key order.
///
/// An empty nested object is a leaf (`{}`) so that its key still shows up as a column.
pub(crate) fn flatten(record: &Value) -> Vec<(String, Cow<'_, str>)> {
    leaves(record)
        .into_iter()
        .map(|(key, value)| (key, cell_text(value)))
        .collect()
}

/// Every leaf of `record` as `(dotted.key, value)`: what [`flatten`] shows as text, with its JSON
/// type kept for formats that store types (xlsx).
pub(crate) fn leaves(record: &Value) -> Vec<(String, &Value)> {
    let mut cells = Vec::new();
    match record {
        Value::Object(map) => {
            let mut prefix = String::new();
            let dotted = flatten_object(map, &mut prefix, true, &mut cells);
            if dotted {
                rename_duplicates(&mut cells);
            }
        }
        other => cells.push((SCALAR_COLUMN.to_owned(), other)),
    }
    cells
}

/// Appends the leaves of `map` under `prefix`; returns whether any key itself contains a dot,
/// the only way two different leaves can end up with the same dotted name.
fn flatten_object<'a>(
    map: &'a Map<String, Value>,
    prefix: &mut String,
    top: bool,
    cells: &mut Vec<(String, &'a Value)>,
) -> bool {
    let mut dotted = false;
    for (key, value) in map {
        dotted |= key.contains('.');
        let parent_len = prefix.len();
        if !top {
            prefix.push('.');
        }
        prefix.push_str(key);
        match value {
            Value::Object(inner) if !inner.is_empty() => {
                dotted |= flatten_object(inner, prefix, false, cells);
            }
            leaf => cells.push((prefix.clone(), leaf)),
        }
        prefix.truncate(parent_len);
    }
    dotted
}

/// `{"a.b": 1, "a": {"b": 2}}` flattens to two `a.b` leaves; the later one becomes `a.b#2`
/// so that neither value is lost.
fn rename_duplicates<T>(cells: &mut [(String, T)]) {
    let mut seen = HashSet::with_capacity(cells.len());
    // Where each name's search for a free `#n` goes on, so many duplicates stay linear.
    let mut next: std::collections::HashMap<String, usize> = std::collections::HashMap::new();
    for (key, _) in cells.iter_mut() {
        if seen.insert(key.clone()) {
            continue;
        }
        let n = next.entry(key.clone()).or_insert(2);
        let mut unique = format!("{key}#{n}");
        while seen.contains(&unique) {
            *n += 1;
            unique = format!("{key}#{n}");
        }
        *n += 1;
        seen.insert(unique.clone());
        *key = unique;
    }
}

/// The value a column name points at: an exact top-level key first, otherwise a path through
/// nested objects where any dot may separate two levels (`a.b.c` is tried as `a`→`b.c`, `a.b`→`c`…).
pub(crate) fn lookup<'a>(record: &'a Value, column: &str) -> Option<&'a Value> {
    match record {
        Value::Object(map) => lookup_in(map, column),
        scalar => (column == SCALAR_COLUMN).then_some(scalar),
    }
}

fn lookup_in<'a>(map: &'a Map<String, Value>, path: &str) -> Option<&'a Value> {
    if let Some(found) = map.get(path) {
        return Some(found);
    }
    path.match_indices('.')
        .find_map(|(dot, _)| match map.get(&path[..dot]) {
            Some(Value::Object(inner)) => lookup_in(inner, &path[dot + 1..]),
            _ => None,
        })
}

/// The text a selected column shows for `record`; a missing field is an empty cell.
pub(crate) fn selected_cell(record: &Value, column: &str) -> String {
    lookup(record, column)
        .map(|value| cell_text(value).into_owned())
        .unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn pairs(record: &Value) -> Vec<(String, String)> {
        flatten(record)
            .into_iter()
            .map(|(key, text)| (key, text.into_owned()))
            .collect()
    }

    fn owned(list: &[(&str, &str)]) -> Vec<(String, String)> {
        list.iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect()
    }

    #[test]
    fn nested_objects_become_dotted_keys_in_record_order() {
        let record = json!({"z": 1, "a": {"y": {"deep": true}, "x": "s"}, "b": null});
        assert_eq!(
            pairs(&record),
            owned(&[("z", "1"), ("a.y.deep", "true"), ("a.x", "s"), ("b", "")])
        );
    }

    #[test]
    fn arrays_and_empty_objects_are_compact_json_in_one_cell() {
        let record = json!({"tags": ["a", {"b": 1}], "empty": {}, "none": []});
        assert_eq!(
            pairs(&record),
            owned(&[
                ("tags", r#"["a",{"b":1}]"#),
                ("empty", "{}"),
                ("none", "[]")
            ])
        );
    }

    #[test]
    fn strings_are_kept_verbatim_and_numbers_as_json() {
        let record = json!({"s": "Olá, \"mundo\"\nfim", "n": -1.5, "i": 42});
        assert_eq!(
            pairs(&record),
            owned(&[("s", "Olá, \"mundo\"\nfim"), ("n", "-1.5"), ("i", "42")])
        );
    }

    #[test]
    fn a_non_object_record_is_one_value_cell() {
        assert_eq!(pairs(&json!(7)), owned(&[("value", "7")]));
        assert_eq!(pairs(&json!("x")), owned(&[("value", "x")]));
        assert_eq!(pairs(&json!([1, 2])), owned(&[("value", "[1,2]")]));
    }

    #[test]
    fn colliding_dotted_names_keep_both_values() {
        let record = json!({"a.b": 1, "a": {"b": 2}, "a.b#2": 3});
        assert_eq!(
            pairs(&record),
            owned(&[("a.b", "1"), ("a.b#2", "2"), ("a.b#2#2", "3")])
        );
    }

    #[test]
    fn an_empty_key_under_a_parent_keeps_its_dot() {
        let record = json!({"": {"b": 1}, "b": 2});
        assert_eq!(pairs(&record), owned(&[(".b", "1"), ("b", "2")]));
    }

    #[test]
    fn lookup_prefers_exact_keys_then_walks_any_dot() {
        let record = json!({"a.b": 1, "a": {"b": 2, "c": {"d.e": 3}}, "x": {"y.z": {"w": 4}}});
        assert_eq!(lookup(&record, "a.b"), Some(&json!(1)));
        assert_eq!(lookup(&record, "a.c.d.e"), Some(&json!(3)));
        assert_eq!(lookup(&record, "x.y.z.w"), Some(&json!(4)));
        assert_eq!(
            lookup(&record, "a"),
            Some(&json!({"b": 2, "c": {"d.e": 3}}))
        );
        assert_eq!(lookup(&record, "a.q"), None);
        assert_eq!(lookup(&json!(5), "value"), Some(&json!(5)));
        assert_eq!(lookup(&json!(5), "other"), None);
    }

    #[test]
    fn selected_cells_render_objects_as_json_and_missing_as_empty() {
        let record = json!({"a": {"b": [1]}, "n": null});
        assert_eq!(selected_cell(&record, "a"), r#"{"b":[1]}"#);
        assert_eq!(selected_cell(&record, "a.b"), "[1]");
        assert_eq!(selected_cell(&record, "n"), "");
        assert_eq!(selected_cell(&record, "missing"), "");
    }
}
