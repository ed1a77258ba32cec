//! CRM field names as typed: field IDs or the profile's aliases, and the `--field`/`--order` values
//! of a list, as `clinic crm contact …` and `clinic crm deal …` read them.

use crate::context::Context;
use crate::error::{Error, Result};

/// Bitrix's filter operators, longest first so `>=` is not read as `>`. `=%` and `%=` are LIKE
/// with the `%` signs the person wrote (`=%NAME=Ana%`), `%` LIKE anywhere; `@` and `!@` are IN and
/// NOT IN, whose values go as an array (see `crm::list::ListQuery::params`).
const OPERATORS: [&str; 15] = [
    "!=%", "!%=", ">=", "<=", "!=", "!%", "!@", "=%", "%=", ">", "<", "!", "%", "=", "@",
];

/// `FIELD=VALUE` where FIELD may begin with an operator (`>=ID=5` is `>=` on ID, value 5).
pub fn filter(s: &str) -> std::result::Result<(String, String), String> {
    let op = OPERATORS
        .iter()
        .find(|op| s.starts_with(**op))
        .copied()
        .unwrap_or("");
    match s[op.len()..].split_once('=') {
        Some((field, value)) if !field.trim().is_empty() => {
            Ok((format!("{op}{}", field.trim()), value.to_string()))
        }
        _ => Err(crate::t!("cli-crm-expected-filter")),
    }
}

/// `FIELD[:asc|desc]`, the direction in Bitrix's upper case.
pub fn order(s: &str) -> std::result::Result<(String, String), String> {
    let (field, dir) = s.rsplit_once(':').unwrap_or((s, "asc"));
    let dir = dir.trim().to_ascii_uppercase();
    if field.trim().is_empty() || !(dir == "ASC" || dir == "DESC") {
        return Err(crate::t!("cli-crm-expected-order"));
    }
    Ok((field.trim().to_string(), dir))
}

/// A field as typed: a field ID as it is (upper-case natives such as `PHONE`, custom `UF_CRM_…`, the
/// `*`/`UF_*` selectors), else the profile's alias of that name. Native names win over aliases, so
/// `PHONE` never turns into an alias's custom field; anything else is refused before a request, because
/// the CRM matches field IDs exactly.
pub fn field(ctx: &Context, name: &str) -> Result<String> {
    let name = name.trim();
    if is_field_id(name) {
        return Ok(name.to_string());
    }
    let aliases = &ctx.profile.aliases;
    if let Some(id) = aliases.get(name).or_else(|| {
        aliases
            .iter()
            .find(|(k, _)| k.eq_ignore_ascii_case(name))
            .map(|(_, v)| v)
    }) {
        return Ok(id.clone());
    }
    let upper = name.to_ascii_uppercase();
    let aliases = if aliases.is_empty() {
        crate::t!("cli-crm-no-aliases")
    } else {
        aliases.keys().cloned().collect::<Vec<_>>().join(", ")
    };
    let expected = if is_field_id(&upper) {
        crate::t!(
            "cli-crm-expected-field-near",
            near = upper,
            aliases = aliases
        )
    } else {
        crate::t!("cli-crm-expected-field", aliases = aliases)
    };
    // Named as a field's name, never as `field`, the flag whose values are personal and masked: the
    // name typed is no one's data.
    Err(Error::invalid(
        &crate::t!("cli-crm-field-name"),
        name,
        &expected,
    ))
}

/// Bitrix field IDs are upper case (`NAME`, `UF_CRM_1673035980`); `*` and `UF_*` select groups.
fn is_field_id(name: &str) -> bool {
    name == "*"
        || name == "UF_*"
        || (name.starts_with(|c: char| c.is_ascii_uppercase())
            && name
                .chars()
                .all(|c| c.is_ascii_uppercase() || c.is_ascii_digit() || c == '_'))
}

/// A filter key: its operator kept, its field resolved.
pub fn filter_key(ctx: &Context, key: &str) -> Result<String> {
    let op = OPERATORS
        .iter()
        .find(|op| key.starts_with(**op))
        .copied()
        .unwrap_or("");
    Ok(format!("{op}{}", field(ctx, &key[op.len()..])?))
}
