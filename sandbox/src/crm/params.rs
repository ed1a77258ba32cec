//! Bitrix REST parameters: PHP-style bracketed form keys (`filter[>ID]=5`, `select[]=NAME`,
//! `FIELDS[PHONE][0][VALUE]=…`) from the query string and a form or JSON body, merged into one
//! JSON tree whose top-level keys are upper-case (Bitrix reads `filter` and `FILTER` alike).

use serde_json::{Map, Value};

#[derive(Debug, Default)]
pub struct Params(Map<String, Value>);

impl Params {
    /// Reads the query string and the body; body keys win over query keys of the same name.
    pub fn from_request(
        query: Option<&str>,
        content_type: Option<&str>,
        body: &[u8],
    ) -> Result<Params, String> {
        let mut params = Params::default();
        if let Some(query) = query {
            params.merge(parse_form(query.as_bytes()));
        }
        if body.iter().all(u8::is_ascii_whitespace) {
            return Ok(params);
        }
        let content_type = content_type.unwrap_or("").to_ascii_lowercase();
        let looks_json = body.iter().find(|b| !b.is_ascii_whitespace()) == Some(&b'{');
        if content_type.contains("json") || (content_type.is_empty() && looks_json) {
            match serde_json::from_slice::<Value>(body) {
                Ok(Value::Object(map)) => params.merge(map),
                Ok(_) => return Err("the JSON body must be an object".into()),
                Err(e) => return Err(format!("the JSON body cannot be read: {e}")),
            }
        } else if content_type.starts_with("multipart/") {
            return Err("multipart bodies are not supported; send a form or JSON".into());
        } else {
            params.merge(parse_form(body));
        }
        Ok(params)
    }

    /// Adds `tree` under upper-case keys; maps that meet under one key (`FIELDS[NAME]` and
    /// `fields[comments]`) are joined rather than replaced.
    fn merge(&mut self, tree: Map<String, Value>) {
        for (key, value) in tree {
            match (self.0.get_mut(&key.to_uppercase()), value) {
                (Some(Value::Object(existing)), Value::Object(more)) => existing.extend(more),
                (_, value) => {
                    self.0.insert(key.to_uppercase(), value);
                }
            }
        }
    }

    /// Parameters made by the server itself (a universal call put in the classic methods' words).
    pub fn from_map(tree: Map<String, Value>) -> Params {
        let mut params = Params::default();
        params.merge(tree);
        params
    }

    /// The top-level parameter `key` (upper-case).
    pub fn get(&self, key: &str) -> Option<&Value> {
        self.0.get(key)
    }
}

/// Parses `application/x-www-form-urlencoded` text (`+` and `%20` are spaces) into a tree.
pub fn parse_form(input: &[u8]) -> Map<String, Value> {
    let mut root = Map::new();
    for (key, value) in form_urlencoded::parse(input) {
        let (base, path) = split_key(&key);
        let slot = root.entry(base.to_string()).or_insert(Value::Null);
        insert(slot, &path, value.into_owned());
    }
    root
}

/// `a[b][]` → (`a`, [`b`, ``]). A key whose brackets do not close is taken literally, as PHP does
/// with what it cannot read.
fn split_key(key: &str) -> (&str, Vec<&str>) {
    let Some(open) = key.find('[').filter(|&i| i > 0) else {
        return (key, Vec::new());
    };
    let mut segments = Vec::new();
    let mut rest = &key[open..];
    while let Some(inner) = rest.strip_prefix('[') {
        let Some(close) = inner.find(']') else {
            return (key, Vec::new());
        };
        segments.push(&inner[..close]);
        rest = &inner[close + 1..];
    }
    if !rest.is_empty() {
        return (key, Vec::new());
    }
    (&key[..open], segments)
}

fn insert(slot: &mut Value, path: &[&str], value: String) {
    let Some((segment, rest)) = path.split_first() else {
        *slot = Value::String(value);
        return;
    };
    if segment.is_empty() {
        if !slot.is_array() {
            *slot = Value::Array(Vec::new());
        }
        let Value::Array(items) = slot else {
            unreachable!("made an array above")
        };
        items.push(Value::Null);
        let last = items.last_mut().expect("just pushed");
        insert(last, rest, value);
    } else {
        if !slot.is_object() {
            *slot = Value::Object(Map::new());
        }
        let Value::Object(map) = slot else {
            unreachable!("made an object above")
        };
        let child = map.entry(segment.to_string()).or_insert(Value::Null);
        insert(child, rest, value);
    }
}

/// The members of a list-like value: array items, object values (PHP's `x[0]=…&x[1]=…`), or the
/// value itself.
pub fn members(value: &Value) -> Vec<&Value> {
    match value {
        Value::Array(items) => items.iter().collect(),
        Value::Object(map) => map.values().collect(),
        other => vec![other],
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn php_style_keys_become_a_tree() {
        let tree = parse_form(
            b"filter%5B%3EID%5D=5&select[]=NAME&select[]=PHONE&order[ID]=DESC&start=-1\
              &FIELDS[PHONE][0][VALUE]=%2B55+16&plain=a+b%20c&broken[x=1",
        );
        assert_eq!(
            Value::Object(tree),
            json!({
                "filter": {">ID": "5"},
                "select": ["NAME", "PHONE"],
                "order": {"ID": "DESC"},
                "start": "-1",
                "FIELDS": {"PHONE": {"0": {"VALUE": "+55 16"}}},
                "plain": "a b c",
                "broken[x": "1",
            })
        );
    }

    #[test]
    fn body_overrides_query_and_keys_are_upper_case() {
        let params = Params::from_request(
            Some("id=1&select[]=NAME"),
            Some("application/json"),
            br#"{"id": 7, "filter": {"%NAME": "ana"}}"#,
        )
        .unwrap();
        assert_eq!(params.get("ID"), Some(&json!(7)));
        assert_eq!(params.get("SELECT"), Some(&json!(["NAME"])));
        assert_eq!(params.get("FILTER"), Some(&json!({"%NAME": "ana"})));
        assert!(Params::from_request(None, Some("application/json"), b"[1]").is_err());
    }
}
