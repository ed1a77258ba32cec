//! Writing fields of one CRM record, multi-value fields (phones, e-mails) item by item, as
//! `clinic crm contact update` and `clinic crm deal update` write them.

use std::collections::BTreeMap;

use serde_json::{Value, json};

use super::fields::Names;
use crate::api::Operation;
use crate::cli::crm_host;
use crate::context::Context;
use crate::crm::names::{STAGE_NAME_ALIAS, STAGE_NAME_FIELD};
use crate::crm::{client, multi};
use crate::error::{Error, Result};
use crate::show;

/// What `update` is asked to write: `--set`, `--add` and `--remove` as typed, and a deal's stage.
pub struct Changes {
    pub set: Vec<(String, String)>,
    pub add: Vec<(String, String)>,
    pub remove: Vec<(String, String)>,
    pub stage: Option<&'static str>,
}

/// Writes the changes into record `id` with `op` (`crm.contact.update`). Multi-value fields
/// are read first with `get_op` when a value is replaced or removed (see `crm::multi`).
pub async fn update(
    ctx: &Context,
    op: &'static Operation,
    get_op: &'static Operation,
    id: u64,
    changes: Changes,
) -> Result<()> {
    let crm = crm_host::crm(ctx)?;
    let type_id = crate::crm::family::classic_method(op.path).map_or(0, |(t, _)| t);
    let mut names = Names::new(ctx, &crm, type_id);
    let mut query = vec![("ID".to_string(), id.to_string())];
    let mut written: Vec<String> = Vec::new();
    let mut asked: BTreeMap<String, multi::Asked> = BTreeMap::new();
    for (flag, pairs) in [
        ("--set", &changes.set),
        ("--add", &changes.add),
        ("--remove", &changes.remove),
    ] {
        for (k, v) in pairs {
            let (name, value_type) = match k.split_once(':') {
                Some((name, t)) => (name, Some(t.trim().to_ascii_uppercase())),
                None => (k.as_str(), None),
            };
            let f = names.field(name).await?;
            let is_multi = multi::FIELDS.contains(&f.as_str());
            if !is_multi && (value_type.is_some() || flag != "--set") {
                return Err(Error::invalid(
                    flag,
                    k,
                    &crate::t!(
                        "cli-crm-expected-multi-field",
                        fields = multi::FIELDS.join(", ")
                    ),
                ));
            }
            if !is_multi {
                query.push((format!("FIELDS[{f}]"), v.clone()));
                written.push(f);
                continue;
            }
            // A phone written is spelled as creates write it (`+55…`), so that every later lookup
            // by phone finds the contact; a phone to remove is matched by its digits anyway, and an
            // empty `--set PHONE=` clears the field.
            let value = match (f.as_str(), flag) {
                ("PHONE", "--set" | "--add") if !v.trim().is_empty() => {
                    crate::input::Phone::parse(flag, v)?.e164()
                }
                _ => v.trim().to_string(),
            };
            let new = multi::NewValue { value, value_type };
            let entry = asked.entry(f.clone()).or_default();
            match flag {
                "--set" => entry.set.get_or_insert_with(Vec::new).push(new),
                "--add" => entry.add.push(new),
                _ => entry.remove.push(new.value),
            }
            written.push(f);
        }
    }
    if let Some(name) = changes.stage {
        let f = ctx
            .profile
            .aliases
            .get(STAGE_NAME_ALIAS)
            .cloned()
            .unwrap_or_else(|| STAGE_NAME_FIELD.to_string());
        query.push((format!("FIELDS[{f}]"), name.to_string()));
        written.push(f);
    }
    written.sort();
    written.dedup();
    // The record's items, to remove by ID what is replaced or removed.
    let current = if asked.values().any(multi::Asked::needs_items) {
        let read = crm.run(get_op, &[("ID".into(), id.to_string())]).await?;
        Some(client::result(read)?)
    } else {
        None
    };
    let mut removed = serde_json::Map::new();
    let mut added = serde_json::Map::new();
    for (f, asked) in asked {
        let items = current
            .as_ref()
            .map(|record| multi::items(record, &f))
            .unwrap_or_default();
        let plan = multi::plan(&f, &items, asked).map_err(|unmatched| {
            Error::invalid(
                "--remove",
                format!("{f}={}", unmatched.join(",")),
                &crate::t!("cli-crm-expected-held-value", field = f.as_str(), id = id),
            )
        })?;
        ctx.reporter.trace(&crate::t!(
            "cli-crm-trace-multi-plan",
            field = f.as_str(),
            removed = plan.remove.len() as u64,
            added = plan.add.len() as u64,
            values = plan
                .remove
                .iter()
                .map(|i| format!("-{} (ID {})", i.value, i.id))
                .chain(plan.add.iter().map(|a| format!("+{}", a.value)))
                .collect::<Vec<_>>()
                .join(", ")
        ));
        query.extend(multi::pairs(&f, &plan));
        let values = |list: Vec<String>| Value::from(list);
        removed.insert(
            f.clone(),
            values(plan.remove.iter().map(|i| i.value.clone()).collect()),
        );
        added.insert(
            f,
            values(plan.add.iter().map(|a| a.value.clone()).collect()),
        );
    }
    let answer = crm.run(op, &query).await?;
    let result = client::result(answer)?;
    if result != Value::Bool(true) {
        return Err(Error::Protocol(crate::t!(
            "cli-crm-update-unconfirmed",
            result = result.to_string()
        )));
    }
    let mut shown = json!({"ID": id.to_string(), "updated": written});
    if !removed.is_empty() {
        shown["removed"] = removed.into();
        shown["added"] = added.into();
    }
    show::single(ctx, &shown)
}
