//! Turning a JSON record into named text cells, and finding a dotted column in a record.

use serde_json::{Map, Value};
use std::borrow::Cow;

/// Column under which a record that is not an object (a bare number or string in a list) is shown.
pub(crate) const SCALAR_COLUMN: &str = "value";

/// The JSON type of a leaf, kept beside its cell text by formats that store types (Parquet).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Scalar {
    Null,
    Bool,
    Number,
    String,
    /// An array or an object (its cell text is its compact JSON).
    Compound,
}

impl Scalar {
    pub fn of(value: &Value) -> Scalar {
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
pub fn cell_text(value: &Value) -> Cow<'_, str> {
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
///
/// A leaf's name depends on its path alone, never on the other keys of the record or their order:
/// the keys from the top joined by `.`, each written by [`push_key`]. So a literal key `a.b` (named
/// `a\.b`) and `b` nested in `a` (named `a.b`) are two columns on every row.
pub(crate) fn leaves(record: &Value) -> Vec<(String, &Value)> {
    let mut cells = Vec::new();
    match record {
        Value::Object(map) => flatten_object(map, &mut String::new(), true, &mut cells),
        other => cells.push((SCALAR_COLUMN.to_owned(), other)),
    }
    cells
}

/// Appends the leaves of `map` under `prefix`.
fn flatten_object<'a>(
    map: &'a Map<String, Value>,
    prefix: &mut String,
    top: bool,
    cells: &mut Vec<(String, &'a Value)>,
) {
    for (key, value) in map {
        let parent_len = prefix.len();
        if !top {
            prefix.push('.');
        }
        push_key(prefix, key);
        match value {
            Value::Object(inner) if !inner.is_empty() => {
                flatten_object(inner, prefix, false, cells);
            }
            leaf => cells.push((prefix.clone(), leaf)),
        }
        prefix.truncate(parent_len);
    }
}

/// Appends one key to a column name: a dot inside the key is written `\.` and a backslash `\\`,
/// so that only the dots between levels are bare and no two paths share a name.
fn push_key(name: &mut String, key: &str) {
    if !key.contains(['.', '\\']) {
        name.push_str(key);
        return;
    }
    for c in key.chars() {
        if matches!(c, '.' | '\\') {
            name.push('\\');
        }
        name.push(c);
    }
}

/// The column name of a top-level key (`a.b` is `a\.b`: the key, not `b` inside `a`).
pub fn column_of_key(key: &str) -> String {
    let mut name = String::new();
    push_key(&mut name, key);
    name
}

/// The keys a column name stands for, the reverse of [`push_key`]: bare dots separate levels,
/// `\.` and `\\` are a dot and a backslash within a key (any other backslash is itself).
pub(crate) fn path_of(column: &str) -> Vec<Cow<'_, str>> {
    if !column.contains('\\') {
        return column.split('.').map(Cow::Borrowed).collect();
    }
    let (mut keys, mut key) = (Vec::new(), String::new());
    let mut chars = column.chars();
    while let Some(c) = chars.next() {
        match c {
            '.' => keys.push(Cow::Owned(std::mem::take(&mut key))),
            '\\' => match chars.next() {
                Some(next @ ('.' | '\\')) => key.push(next),
                Some(other) => key.extend(['\\', other]),
                None => key.push('\\'),
            },
            other => key.push(other),
        }
    }
    keys.push(Cow::Owned(key));
    keys
}

/// The value a column name points at: the leaf [`leaves`] names so, or the object or array there
/// (`a` for `{"a": {"b": 1}}`). A name means one path, so a column never picks one field on a row
/// and another on the next.
pub(crate) fn lookup<'a>(record: &'a Value, column: &str) -> Option<&'a Value> {
    match record {
        Value::Object(map) => {
            let path = path_of(column);
            let (last, parents) = path.split_last()?;
            let mut map = map;
            for key in parents {
                match map.get(key.as_ref()) {
                    Some(Value::Object(inner)) => map = inner,
                    _ => return None,
                }
            }
            map.get(last.as_ref())
        }
        scalar => (column == SCALAR_COLUMN).then_some(scalar),
    }
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
    fn a_name_depends_on_the_path_alone_in_any_key_order() {
        let expected = [
            ("a\\.b", "1"),
            ("a.b", "2"),
            ("a.b\\.c", "3"),
            ("a\\\\.b", "4"),
        ];
        for record in [
            json!({"a.b": 1, "a": {"b": 2, "b.c": 3}, "a\\": {"b": 4}}),
            json!({"a\\": {"b": 4}, "a": {"b.c": 3, "b": 2}, "a.b": 1}),
        ] {
            let mut cells = pairs(&record);
            cells.sort();
            let mut wanted = owned(&expected);
            wanted.sort();
            assert_eq!(cells, wanted, "{record}");
            for (name, text) in &expected {
                assert_eq!(selected_cell(&record, name), *text, "{name}");
            }
        }
        // A record holding only one of them names it the same.
        assert_eq!(pairs(&json!({"a.b": 1})), owned(&[("a\\.b", "1")]));
        assert_eq!(pairs(&json!({"a": {"b": 2}})), owned(&[("a.b", "2")]));
        assert_eq!(lookup(&json!({"a.b": 1}), "a.b"), None);
    }

    #[test]
    fn an_empty_key_under_a_parent_keeps_its_dot() {
        let record = json!({"": {"b": 1}, "b": 2});
        assert_eq!(pairs(&record), owned(&[(".b", "1"), ("b", "2")]));
    }

    #[test]
    fn lookup_follows_the_one_path_a_name_stands_for() {
        let record = json!({"a.b": 1, "a": {"b": 2, "c": {"d.e": 3}}, "x": {"y.z": {"w": 4}}});
        assert_eq!(lookup(&record, "a\\.b"), Some(&json!(1)));
        assert_eq!(lookup(&record, "a.b"), Some(&json!(2)));
        assert_eq!(lookup(&record, "a.c.d\\.e"), Some(&json!(3)));
        assert_eq!(lookup(&record, "a.c.d.e"), None);
        assert_eq!(lookup(&record, "x.y\\.z.w"), Some(&json!(4)));
        assert_eq!(
            lookup(&record, "a"),
            Some(&json!({"b": 2, "c": {"d.e": 3}}))
        );
        assert_eq!(lookup(&record, "a.q"), None);
        // The header's spelling, and a lone backslash as itself.
        assert_eq!(pairs(&json!({"a\\b": 5})), owned(&[("a\\\\b", "5")]));
        assert_eq!(lookup(&json!({"a\\b": 5}), "a\\b"), Some(&json!(5)));
        assert_eq!(lookup(&json!({"a\\b": 5}), "a\\\\b"), Some(&json!(5)));
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
