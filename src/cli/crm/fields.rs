//! CRM field names as typed: field IDs or the profile's aliases, and the `--field`/`--order` values
//! of a list, as `clinic crm contact …` and `clinic crm deal …` read them.

use crate::context::Context;
use crate::crm::Crm;
use crate::crm::labels::{self, LabelMiss, UserField};
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
/// `*`/`UF_*` selectors), else the profile's alias of that name; `None` for anything else. Native
/// names win over aliases, so `PHONE` never turns into an alias's custom field; the CRM matches
/// field IDs exactly, so nothing else is sent as one.
fn known(ctx: &Context, name: &str) -> Option<String> {
    let name = name.trim();
    if is_field_id(name) {
        return Some(name.to_string());
    }
    let aliases = &ctx.profile.aliases;
    aliases
        .get(name)
        .or_else(|| {
            aliases
                .iter()
                .find(|(k, _)| k.eq_ignore_ascii_case(name))
                .map(|(_, v)| v)
        })
        .cloned()
}

/// The refusal of a name that is no field ID, alias nor (where they were read) label.
fn unknown(ctx: &Context, name: &str, labels: Option<&[String]>) -> Error {
    let aliases = &ctx.profile.aliases;
    let upper = name.to_ascii_uppercase();
    let aliases = if aliases.is_empty() {
        crate::t!("cli-crm-no-aliases")
    } else {
        aliases.keys().cloned().collect::<Vec<_>>().join(", ")
    };
    let mut expected = if is_field_id(&upper) {
        crate::t!(
            "cli-crm-expected-field-near",
            near = upper,
            aliases = aliases
        )
    } else {
        crate::t!("cli-crm-expected-field", aliases = aliases)
    };
    if let Some(labels) = labels {
        let labels = if labels.is_empty() {
            crate::t!("cli-crm-no-labels")
        } else {
            labels.join(", ")
        };
        expected = crate::t!(
            "cli-crm-expected-field-labels",
            expected = expected,
            labels = labels
        );
    }
    // Named as a field's name, never as `field`, the flag whose values are personal and masked: the
    // name typed is no one's data.
    Error::invalid(&crate::t!("cli-crm-field-name"), name, &expected)
}

/// Field names as typed for one CRM type, a user field's label among them (`Procedimento`): the
/// type's user fields are read once, the first time a name is neither a field ID nor an alias.
pub struct Names<'a> {
    ctx: &'a Context,
    crm: &'a Crm,
    type_id: u64,
    fields: Option<Vec<UserField>>,
}

impl<'a> Names<'a> {
    /// The names of type `type_id` (`entityTypeId`: 3 contacts, 2 deals, a smart process's own).
    pub fn new(ctx: &'a Context, crm: &'a Crm, type_id: u64) -> Names<'a> {
        Names {
            ctx,
            crm,
            type_id,
            fields: None,
        }
    }

    /// The field ID `name` means: an ID, an alias, or the one user field with that label. A label
    /// two fields share is refused with the codes it could mean; an unknown name with the labels
    /// there are. Either before anything is written.
    pub async fn field(&mut self, name: &str) -> Result<String> {
        if let Some(id) = known(self.ctx, name) {
            return Ok(id);
        }
        let name = name.trim();
        let mut from_cache = false;
        if self.fields.is_none() {
            let cached = self.cache_name().and_then(|n| {
                crate::refs::cache::Cache::of(self.ctx)?.read_named::<Vec<UserField>>(&n)
            });
            from_cache = cached.is_some();
            self.fields = match cached {
                Some(fields) => Some(fields),
                None => Some(self.read().await?),
            };
        }
        let mut found =
            labels::by_label(name, self.fields.as_deref().unwrap_or_default()).map(str::to_string);
        // A miss in a kept copy may be a field made since: the portal is asked again once.
        if found.is_err() && from_cache {
            self.fields = Some(self.read().await?);
            found = labels::by_label(name, self.fields.as_deref().unwrap_or_default())
                .map(str::to_string);
        }
        match found {
            Ok(code) => Ok(code),
            Err(LabelMiss::Ambiguous(codes)) => Err(Error::invalid(
                &crate::t!("cli-crm-field-name"),
                name,
                &crate::t!("cli-crm-expected-one-label", codes = codes.join(", ")),
            )),
            Err(LabelMiss::Unknown(labels)) => Err(unknown(self.ctx, name, Some(&labels))),
        }
    }

    /// The type's user fields as the portal has them now, kept for later runs like the
    /// reference lists (a kept copy that cannot be written is only a slower next run).
    async fn read(&self) -> Result<Vec<UserField>> {
        let fields = self.crm.user_fields(self.type_id).await?;
        if let (Some(name), Some(cache)) =
            (self.cache_name(), crate::refs::cache::Cache::of(self.ctx))
        {
            let _ = cache.write_named(&name, &fields);
        }
        Ok(fields)
    }

    /// The name the user fields are kept under: the CRM's host (never its secret path) and the
    /// type, so that a profile pointed at another portal reads that one's.
    fn cache_name(&self) -> Option<String> {
        let url = self.crm.url("", &[]);
        let host = url.host_str()?;
        let port = url.port().map(|p| format!("-{p}")).unwrap_or_default();
        Some(format!("crm-fields-{host}{port}-{}", self.type_id))
    }

    /// A filter key: its operator kept, its field resolved.
    pub async fn filter_key(&mut self, key: &str) -> Result<String> {
        let op = operator(key);
        Ok(format!("{op}{}", self.field(&key[op.len()..]).await?))
    }
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

/// The operator a filter key begins with (`>=` of `>=ID`), or nothing.
fn operator(key: &str) -> &'static str {
    OPERATORS
        .iter()
        .find(|op| key.starts_with(**op))
        .copied()
        .unwrap_or("")
}
