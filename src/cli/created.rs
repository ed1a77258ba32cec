//! What a create call answered, as `clinic contact create` and `clinic campaign create` show it.

use crate::api::envelope;
use crate::context::Context;
use crate::error::Result;

/// Prints what a create call answered, leading with the new record's ID when one can be found
/// under a key of the operation's kind (`op.ids`). `note` words the note from the new ID.
pub fn show(
    ctx: &Context,
    op: &crate::api::Operation,
    answer: serde_json::Value,
    note: impl FnOnce(String) -> String,
) -> Result<()> {
    match envelope::created_id(&answer, &op.ids) {
        Some(id) => {
            ctx.reporter.note(&note(
                id.as_str()
                    .map(str::to_string)
                    .unwrap_or_else(|| id.to_string()),
            ));
            let mut record = serde_json::Map::new();
            record.insert("id".into(), id);
            if let serde_json::Value::Object(map) = answer {
                for (k, v) in map {
                    record.entry(k).or_insert(v);
                }
            }
            crate::show::single(ctx, &serde_json::Value::Object(record))
        }
        None => crate::show::any(ctx, answer),
    }
}
