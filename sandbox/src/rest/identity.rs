//! How a deployment writes who its list records are: the key of their ID (`--record-id-key`), a
//! rename of that key part-way through a list (`--record-id-key-from`), a foreign key written
//! first (`--foreign-key-first`), and a field that changes on every request (`--volatile-field`).
//! Each is a way real back ends answer, and each has fooled a client that knew records by their
//! bytes or by the first key that looked like an ID.

use std::sync::atomic::{AtomicU64, Ordering};

use serde::Serialize;
use serde_json::{Map, Value};

use crate::Options;

/// Counts the requests that wrote a volatile field, so no two answers carry the same value.
static GENERATION: AtomicU64 = AtomicU64::new(0);

/// The page's records as the identity knobs reshape them (`start` is the first record's place in
/// the list); `None` when no knob is set, so the records are written as they are.
pub fn reshaped<T: Serialize>(opts: &Options, items: &[T], start: usize) -> Option<Vec<Value>> {
    let touched = opts.record_id_key.is_some()
        || opts.record_id_key_from.is_some()
        || opts.foreign_key_first.is_some()
        || opts.volatile_field;
    if !touched {
        return None;
    }
    let stamp = GENERATION.fetch_add(1, Ordering::Relaxed);
    let records = items
        .iter()
        .enumerate()
        .map(|(i, item)| {
            let value = serde_json::to_value(item).expect("a record serialises");
            let Value::Object(map) = value else {
                return value;
            };
            let key = match &opts.record_id_key_from {
                Some(renamed) if start + i >= renamed.from => Some(renamed.key.as_str()),
                _ => opts.record_id_key.as_deref(),
            };
            let mut out = Map::new();
            if let Some(foreign) = &opts.foreign_key_first {
                out.insert(foreign.clone(), Value::from(2));
            }
            for (k, v) in map {
                match key {
                    Some(key) if k == "id" => out.insert(key.to_string(), v),
                    _ => out.insert(k, v),
                };
            }
            if opts.volatile_field {
                out.insert(
                    "gerado_em".into(),
                    Value::from(format!("2026-11-28T10:00:00.{stamp:09}")),
                );
            }
            Value::Object(out)
        })
        .collect();
    Some(records)
}
