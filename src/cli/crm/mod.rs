//! `clinic crm contact|deal|aliases`  [CRM — Automação / CRM]

use std::collections::BTreeMap;
use std::sync::Arc;

use clap::{Args, Subcommand};
use serde_json::{Value, json};

mod import;
mod lead;

use super::args::{self, IfExists};
use super::crm_host;
use crate::api::Operation;
use crate::context::Context;
use crate::crm::list::{self, KEYSET_ABOVE, KeysetList, ListQuery, OffsetList, PAGE_SIZE};
use crate::crm::names::{self, MAIN_ALIASES, STAGE_NAME_ALIAS, STAGE_NAME_FIELD};
use crate::crm::webhook::{self, Lead};
use crate::crm::{batch, client, multi};
use crate::error::{Error, Result};
use crate::input::Phone;
use crate::output::Format;
use crate::pages;
use crate::record::PageSource;
use crate::show;

#[derive(Subcommand, Debug)]
pub enum CrmCommand {
    #[command(subcommand)]
    Contact(ContactCommand),
    #[command(subcommand)]
    Deal(DealCommand),
    #[command(subcommand)]
    Aliases(AliasesCommand),
    Units,
}

#[derive(Subcommand, Debug)]
pub enum ContactCommand {
    Create(Box<CreateArgs>),
    Import(import::ImportArgs),
    List(ListArgs),
    Get(GetArgs),
    Update(UpdateArgs),
}

#[derive(Subcommand, Debug)]
pub enum DealCommand {
    List(ListArgs),
    Get(GetArgs),
    Update(DealUpdateArgs),
}

#[derive(Subcommand, Debug)]
pub enum AliasesCommand {
    Install {
        #[arg(long)]
        force: bool,
    },
    List,
}

#[derive(Args, Debug)]
pub struct CreateArgs {
    #[arg(long, visible_alias = "primeiro-nome", value_parser = args::contact_name, required_unless_present = "full_name")]
    first_name: Option<String>,
    #[arg(long, visible_alias = "sobrenome", value_parser = args::contact_name, required_unless_present = "full_name")]
    last_name: Option<String>,
    #[arg(long, value_parser = lead::full_name, conflicts_with_all = ["first_name", "last_name"])]
    full_name: Option<(String, String)>,
    #[arg(long, value_name = "DATETIME")]
    created_at: Option<String>,
    #[arg(long, visible_alias = "campanha", value_parser = args::text, value_name = "ID")]
    campaign_id: String,
    #[arg(long, value_parser = lead::utm_source, add = clap_complete::ArgValueCompleter::new(utm_source_candidates))]
    utm_source: &'static str,
    #[arg(long, default_value = "")]
    utm_medium: String,
    #[arg(long, default_value = "")]
    utm_campaign: String,
    #[arg(long, default_value = "")]
    utm_content: String,
    #[arg(long, visible_alias = "telefone", value_parser = args::phone)]
    phone: Phone,
    #[arg(long, value_parser = args::email)]
    email: String,
    #[arg(long, visible_alias = "unidade", value_parser = args::text, add = clap_complete::ArgValueCompleter::new(unit_candidates))]
    unit: String,
    #[arg(long, value_enum)]
    if_exists: Option<IfExists>,
}

#[derive(Args, Debug)]
pub struct ListArgs {
    #[arg(long, value_name = "FIELD=VALUE", value_parser = filter)]
    field: Vec<(String, String)>,
    #[arg(long, value_name = "FIELD")]
    select: Vec<String>,
    #[arg(long, value_name = "FIELD:asc|desc", value_parser = order)]
    order: Vec<(String, String)>,
    #[arg(long, conflicts_with = "order")]
    keyset: bool,
    #[arg(long)]
    fields_form: bool,
}

#[derive(Args, Debug)]
pub struct GetArgs {
    #[arg(value_parser = args::id, required_unless_present = "ids_from")]
    ids: Vec<u64>,
    #[arg(long, value_name = "FILE|-")]
    ids_from: Option<std::path::PathBuf>,
}

#[derive(Args, Debug)]
pub struct UpdateArgs {
    #[arg(value_parser = args::id)]
    id: u64,
    #[arg(long, value_name = "FIELD=VALUE", value_parser = args::key_value, required_unless_present_any = ["add", "remove"])]
    set: Vec<(String, String)>,
    #[arg(long, value_name = "FIELD=VALUE", value_parser = args::key_value)]
    add: Vec<(String, String)>,
    #[arg(long, value_name = "FIELD=VALUE", value_parser = args::key_value)]
    remove: Vec<(String, String)>,
}

#[derive(Args, Debug)]
pub struct DealUpdateArgs {
    #[arg(value_parser = args::id)]
    id: u64,
    #[arg(long, value_name = "FIELD=VALUE", value_parser = args::key_value, required_unless_present = "stage")]
    set: Vec<(String, String)>,
    #[arg(long, value_name = "NAME", value_parser = stage, add = clap_complete::ArgValueCompleter::new(stage_candidates))]
    stage: Option<&'static str>,
}

/// Tab candidates for `--utm-source`.
fn utm_source_candidates(current: &std::ffi::OsStr) -> Vec<clap_complete::CompletionCandidate> {
    crate::cli::complete::offer(
        current,
        webhook::UTM_SOURCES.iter().map(|s| (s.to_string(), None)),
    )
}

/// Tab candidates for `--stage`: the stages of pipeline Unidade, with their STAGE_ID.
fn stage_candidates(current: &std::ffi::OsStr) -> Vec<clap_complete::CompletionCandidate> {
    crate::cli::complete::offer(
        current,
        names::STAGES
            .iter()
            .map(|(name, id)| (name.to_string(), Some(format!("STAGE_ID {id}")))),
    )
}

/// Tab candidates for `--unit`: the units of the profile the line uses.
fn unit_candidates(current: &std::ffi::OsStr) -> Vec<clap_complete::CompletionCandidate> {
    let line = crate::cli::complete::Line::current();
    let units = crate::cli::complete::names::profile_of(&line)
        .map(|p| p.units)
        .unwrap_or_default();
    crate::cli::complete::offer(current, units.into_iter().map(|u| (u, None)))
}

fn stage(s: &str) -> std::result::Result<&'static str, String> {
    names::stage(s).map_err(|near| {
        let all: Vec<&str> = names::STAGES.iter().map(|(n, _)| *n).collect();
        crate::t!(
            "cli-crm-expected-stage",
            near = args::or_list(&near),
            stages = all.join(", ")
        )
    })
}

/// Bitrix's filter operators, longest first so `>=` is not read as `>`. `=%` and `%=` are LIKE
/// with the `%` signs the person wrote (`=%NAME=Ana%`), `%` LIKE anywhere; `@` and `!@` are IN and
/// NOT IN, whose values go as an array (see `crm::list::ListQuery::params`).
const OPERATORS: [&str; 15] = [
    "!=%", "!%=", ">=", "<=", "!=", "!%", "!@", "=%", "%=", ">", "<", "!", "%", "=", "@",
];

/// `FIELD=VALUE` where FIELD may begin with an operator (`>=ID=5` is `>=` on ID, value 5).
fn filter(s: &str) -> std::result::Result<(String, String), String> {
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

fn order(s: &str) -> std::result::Result<(String, String), String> {
    let (field, dir) = s.rsplit_once(':').unwrap_or((s, "asc"));
    let dir = dir.trim().to_ascii_uppercase();
    if field.trim().is_empty() || !(dir == "ASC" || dir == "DESC") {
        return Err(crate::t!("cli-crm-expected-order"));
    }
    Ok((field.trim().to_string(), dir))
}

pub async fn run(ctx: &Context, cmd: CrmCommand) -> Result<()> {
    match cmd {
        CrmCommand::Contact(ContactCommand::Create(a)) => create(ctx, *a).await,
        CrmCommand::Contact(ContactCommand::Import(a)) => import::run(ctx, a).await,
        CrmCommand::Contact(ContactCommand::List(a)) => {
            list(ctx, crate::api::CRM_CONTACT_LIST.path, a).await
        }
        CrmCommand::Contact(ContactCommand::Get(a)) => {
            get(ctx, &crate::api::CRM_CONTACT_GET, a).await
        }
        CrmCommand::Contact(ContactCommand::Update(a)) => {
            let changes = Changes {
                set: a.set,
                add: a.add,
                remove: a.remove,
                stage: None,
            };
            update(
                ctx,
                &crate::api::CRM_CONTACT_UPDATE,
                &crate::api::CRM_CONTACT_GET,
                a.id,
                changes,
            )
            .await
        }
        CrmCommand::Deal(DealCommand::List(a)) => {
            list(ctx, crate::api::CRM_DEAL_LIST.path, a).await
        }
        CrmCommand::Deal(DealCommand::Get(a)) => get(ctx, &crate::api::CRM_DEAL_GET, a).await,
        CrmCommand::Deal(DealCommand::Update(a)) => {
            let changes = Changes {
                set: a.set,
                add: Vec::new(),
                remove: Vec::new(),
                stage: a.stage,
            };
            update(
                ctx,
                &crate::api::CRM_DEAL_UPDATE,
                &crate::api::CRM_DEAL_GET,
                a.id,
                changes,
            )
            .await
        }
        CrmCommand::Aliases(AliasesCommand::Install { force }) => install_aliases(ctx, force),
        CrmCommand::Units => {
            if ctx.profile.units.is_empty() {
                ctx.reporter.note(&crate::t!(
                    "cli-crm-no-units",
                    profile = ctx.profile_name.as_str()
                ));
                return Ok(());
            }
            let rows = ctx
                .profile
                .units
                .iter()
                .map(|u| json!({"unit": u}))
                .collect();
            show::records(ctx, rows)
        }
        CrmCommand::Aliases(AliasesCommand::List) => {
            let rows = ctx
                .profile
                .aliases
                .iter()
                .map(|(k, v)| json!({"alias": k, "field": v}))
                .collect();
            show::records(ctx, rows)
        }
    }
}

async fn create(ctx: &Context, a: CreateArgs) -> Result<()> {
    let (first_name, last_name) = match a.full_name {
        Some(pair) => pair,
        None => (
            a.first_name.unwrap_or_default(),
            a.last_name.unwrap_or_default(),
        ),
    };
    let lead = Lead {
        first_name,
        last_name,
        created: lead::created(ctx, "--created-at", a.created_at.as_deref())?,
        campaign_id: a.campaign_id,
        utm_source: a.utm_source.to_string(),
        utm_medium: a.utm_medium,
        utm_campaign: a.utm_campaign,
        utm_content: a.utm_content,
        phone: a.phone.e164(),
        email: a.email,
        unit: lead::unit(ctx, "--unit", &a.unit)?,
    };
    let (automation, webhook_id) = crm_host::automation(ctx)?;
    let (url, shown) = webhook::address(&automation, &webhook_id, &lead)?;
    if let Some(existing) = existing_contacts(ctx, &lead, a.if_exists).await? {
        ctx.reporter.note(&crate::t!(
            "cli-crm-contact-exists-skipped",
            ids = existing.as_str()
        ));
        return show::single(ctx, &json!({"status": "skipped", "existing": existing}));
    }
    let answer = webhook::send(&ctx.http, url, shown).await?;
    show::single(ctx, &answer)
}

/// Looks the lead's phone and e-mail up in the CRM before the webhook opens a deal. `Some(ids)`:
/// contacts exist and nothing is to be sent (`--if-exists skip`, or declined at the prompt). A
/// script that did not say what to do is refused. Without a `crm_url` nothing can be looked up: the
/// webhook is called as before, unless `--if-exists` asked for the check. A lookup the CRM cannot
/// answer (a webhook without the scope, an older portal) does not stop the create that was asked
/// for: it is said on stderr, and only `--if-exists skip`, which must never create unchecked, fails.
async fn existing_contacts(
    ctx: &Context,
    lead: &Lead,
    if_exists: Option<IfExists>,
) -> Result<Option<String>> {
    if if_exists == Some(IfExists::Create) {
        return Ok(None);
    }
    if ctx.profile.crm_url.is_none() && if_exists.is_none() {
        ctx.reporter
            .trace(&crate::t!("cli-crm-duplicates-not-checked"));
        return Ok(None);
    }
    let crm = crm_host::crm(ctx)?;
    let ids = match crate::crm::duplicates::contacts_with(&crm, &lead.phone, &lead.email).await {
        Ok(ids) => ids,
        Err(e) if if_exists == Some(IfExists::Skip) => return Err(e),
        Err(e) => {
            ctx.reporter.warn(&crate::t!(
                "cli-crm-duplicates-unchecked",
                reason = ctx.reporter.error_line(&e)
            ));
            return Ok(None);
        }
    };
    if ids.is_empty() {
        return Ok(None);
    }
    let existing = ids
        .iter()
        .map(u64::to_string)
        .collect::<Vec<_>>()
        .join(", ");
    let create = match if_exists {
        Some(IfExists::Skip) => false,
        _ => super::ask::confirm_or_refuse(
            &ctx.io,
            &crate::t!("cli-crm-contact-exists-ask", ids = existing.as_str()),
            crate::t!("cli-crm-contact-exists-refused", ids = existing.as_str()),
        )?,
    };
    Ok((!create).then_some(existing))
}

/// A field as typed: a field ID as it is (upper-case natives such as `PHONE`, custom `UF_CRM_…`, the
/// `*`/`UF_*` selectors), else the profile's alias of that name. Native names win over aliases, so
/// `PHONE` never turns into an alias's custom field; anything else is refused before a request, because
/// the CRM matches field IDs exactly.
fn field(ctx: &Context, name: &str) -> Result<String> {
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
fn filter_key(ctx: &Context, key: &str) -> Result<String> {
    let op = OPERATORS
        .iter()
        .find(|op| key.starts_with(**op))
        .copied()
        .unwrap_or("");
    Ok(format!("{op}{}", field(ctx, &key[op.len()..])?))
}

/// How records are shaped for the chosen format: multi-fields as one cell where a field is a cell.
fn shape(ctx: &Context) -> list::Shape {
    match ctx.output_spec().format {
        Format::Table | Format::Csv | Format::Tsv | Format::Xlsx | Format::Parquet => list::flatten,
        Format::Json | Format::Ndjson => list::unchanged,
    }
}

async fn list(ctx: &Context, method: &str, a: ListArgs) -> Result<()> {
    let crm = crm_host::crm(ctx)?;
    let mut query = ListQuery {
        filters: a
            .field
            .iter()
            .map(|(k, v)| Ok((filter_key(ctx, k)?, v.clone())))
            .collect::<Result<_>>()?,
        select: a
            .select
            .iter()
            .map(|s| field(ctx, s))
            .collect::<Result<_>>()?,
        order: a
            .order
            .iter()
            .map(|(k, d)| Ok((field(ctx, k)?, d.clone())))
            .collect::<Result<_>>()?,
        fields_form: a.fields_form,
    };
    let walk = ctx.walk();
    if walk.all && query.order.is_empty() {
        // A walk in ID order can switch to the keyset pattern, and reads the same order either way.
        query.order = vec![("ID".into(), "ASC".into())];
    }
    let shape = shape(ctx);
    if a.keyset {
        if !walk.all {
            return Err(Error::Usage(crate::t!("cli-crm-keyset-needs-all")));
        }
        if walk.first > 1 {
            return Err(Error::Usage(crate::t!("cli-crm-keyset-from-start")));
        }
        let source = KeysetList::new(crm, method, query, shape, None)?;
        return walk_in_order(ctx, Arc::new(source)).await;
    }
    let offset = OffsetList::new(crm.clone(), method, query.clone(), shape);
    if walk.all && a.order.is_empty() {
        let probe = offset.page(walk.first).await?;
        if probe.total.is_some_and(|t| t > KEYSET_ABOVE) {
            ctx.reporter.trace(&format!(
                "  {}",
                crate::t!("cli-crm-keyset-walk", count = probe.total.unwrap_or(0))
            ));
            let source = KeysetList::new(crm, method, query, shape, Some(probe))?;
            return walk_in_order(ctx, Arc::new(source)).await;
        }
        offset.keep(walk.first, probe);
    }
    show::paged(ctx, Arc::new(offset), &crate::t!("cli-what-records")).await
}

/// A walk whose pages must be read one after another (each page's query depends on the last).
async fn walk_in_order(ctx: &Context, source: Arc<dyn PageSource>) -> Result<()> {
    let spec = pages::Walk {
        concurrency: 1,
        per_page: PAGE_SIZE,
        ..ctx.walk()
    };
    show::paged_with(ctx, source, "records", spec).await
}

/// One record by ID, shown as one; several (IDs given, or `--ids-from`) read 50 per `batch` request
/// and written as a list, in the order asked. A record that cannot be read is reported by its ID and
/// fails the run once the others are written.
async fn get(ctx: &Context, op: &'static Operation, a: GetArgs) -> Result<()> {
    let crm = crm_host::crm(ctx)?;
    let mut ids = a.ids;
    if let Some(source) = &a.ids_from {
        ids.extend(ids_from(source)?);
    }
    if let ([id], None) = (ids.as_slice(), &a.ids_from) {
        let answer = crm.run(op, &[("ID".into(), id.to_string())]).await?;
        let record = shape(ctx)(client::result(answer)?);
        return show::single(ctx, &record);
    }
    let mut seen = std::collections::HashSet::new();
    ids.retain(|id| seen.insert(*id));
    let shape = shape(ctx);
    let mut records = Vec::with_capacity(ids.len());
    let mut failed = 0u64;
    for (id, outcome) in batch::get_each(&crm, op.path, &ids).await? {
        match outcome {
            Ok(record) => records.push(shape(record)),
            Err(failure) => {
                failed += 1;
                ctx.reporter.warn(&crate::t!(
                    "cli-crm-get-failed",
                    id = id,
                    message = failure.message.as_str()
                ));
            }
        }
    }
    show::records(ctx, records)?;
    if failed > 0 {
        return Err(Error::RecordsFailed {
            failed,
            total: ids.len() as u64,
        });
    }
    Ok(())
}

/// The IDs of a file (or standard input, `-`): whole numbers separated by line breaks, commas,
/// semicolons or spaces; a header line that is not a number (`ID`) is skipped.
fn ids_from(source: &std::path::Path) -> Result<Vec<u64>> {
    let text = if source.as_os_str() == "-" {
        std::io::read_to_string(std::io::stdin())
    } else {
        std::fs::read_to_string(source)
    }
    .map_err(|e| {
        Error::invalid(
            "--ids-from",
            source.display().to_string(),
            &crate::t!("cli-crm-expected-ids-file", reason = e.to_string()),
        )
    })?;
    let mut ids = Vec::new();
    for (n, word) in crate::text::bom::strip(&text)
        .split(|c: char| c.is_whitespace() || c == ',' || c == ';')
        .filter(|w| !w.is_empty())
        .enumerate()
    {
        match args::id(word) {
            Ok(id) => ids.push(id),
            Err(_) if n == 0 && word.chars().all(|c| c.is_alphabetic() || c == '_') => {}
            Err(_) => {
                return Err(Error::invalid(
                    "--ids-from",
                    word,
                    &crate::t!("cli-crm-expected-ids"),
                ));
            }
        }
    }
    Ok(ids)
}

/// What `update` is asked to write: `--set`, `--add` and `--remove` as typed, and a deal's stage.
struct Changes {
    set: Vec<(String, String)>,
    add: Vec<(String, String)>,
    remove: Vec<(String, String)>,
    stage: Option<&'static str>,
}

/// Writes the changes into record `id` with `op` (`crm.contact.update`). Multi-value fields
/// are read first with `get_op` when a value is replaced or removed (see `crm::multi`).
async fn update(
    ctx: &Context,
    op: &'static Operation,
    get_op: &'static Operation,
    id: u64,
    changes: Changes,
) -> Result<()> {
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
            let f = field(ctx, name)?;
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
    let crm = crm_host::crm(ctx)?;
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

fn install_aliases(ctx: &Context, force: bool) -> Result<()> {
    if ctx.in_sandbox() {
        return Err(Error::Usage(crate::t!("cli-crm-aliases-sandbox")));
    }
    let mut rows = Vec::new();
    ctx.update_profile(|p| {
        for (name, id) in MAIN_ALIASES {
            let status = match p.aliases.get(*name) {
                Some(current) if current == id => "kept",
                Some(_) if !force => "kept (differs; --force replaces it)",
                _ => {
                    p.aliases.insert(name.to_string(), id.to_string());
                    "set"
                }
            };
            let field = p.aliases.get(*name).cloned().unwrap_or_default();
            rows.push(json!({"alias": name, "field": field, "status": status}));
        }
        Ok(())
    })?;
    show::records(ctx, rows)
}
