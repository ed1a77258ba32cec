//! The tools `clinic mcp` offers, made from the operations table joined with the command tree: one
//! tool per read command, named for its path, its input schema read from the command's flags. A new
//! entry in the table is a new tool, with nothing to write here.

use std::sync::Arc;

use rmcp::model::{JsonObject, Tool, ToolAnnotations};
use serde_json::{Value, json};

use crate::api::{Operation, Paging};
use crate::http::Safety;

/// Records a read tool returns when the call names no `limit`.
pub const DEFAULT_LIMIT: u64 = 100;

/// Commands whose entry is a read but whose run as a whole writes (an import looks people up, then
/// creates them) or signs in, and the raw webhook (`clinic io`, whose body is the caller's): never a
/// tool.
const NOT_TOOLS: &[&str] = &["clinic login", "clinic crm contact import", "clinic io"];

/// One tool per command whose operation writes (creates or changes records at the service or in the
/// CRM), offered only with `--allow-writes`: each call runs only once a person said yes (see
/// `Server::write`).
pub fn write_tools(table: &[Operation], tree: &clap::Command) -> Vec<ToolSpec> {
    commands(table, tree, Safety::Unsafe)
        .map(|(command, path, _)| {
            let mut spec = tool_for(command, path, false);
            let mut schema = (*spec.tool.input_schema).clone();
            if let Some(Value::Object(properties)) = schema.get_mut("properties") {
                properties.remove("cursor");
            }
            spec.tool.input_schema = Arc::new(schema);
            // A create adds a record; an update or a new status replaces what was there.
            let creates = spec.path.last().is_some_and(|verb| verb == "create");
            spec.tool = spec.tool.with_annotations(
                ToolAnnotations::new()
                    .read_only(false)
                    .destructive(!creates)
                    .idempotent(false)
                    .open_world(true),
            );
            spec.write = true;
            spec
        })
        .collect()
}

/// One tool and the command it runs.
#[derive(Debug, Clone)]
pub struct ToolSpec {
    pub tool: Tool,
    /// The command's path below `clinic`: `["report", "appointments"]`.
    pub path: Vec<String>,
    /// Whether the command walks pages: the tool then takes `limit` and `cursor`.
    pub paged: bool,
    /// Whether the command writes: a call is confirmed before it runs.
    pub write: bool,
    /// The command's flags by the tool's argument names.
    args: Vec<ToolArg>,
    /// The columns a page holds when the call names no `fields`: a record too wide to page whole.
    compact: Option<&'static [&'static str]>,
}

#[derive(Debug, Clone)]
struct ToolArg {
    name: String,
    /// `--long`, or none for a positional argument.
    long: Option<String>,
    kind: Kind,
}

#[derive(Debug, Clone, Copy, PartialEq)]
enum Kind {
    Flag,
    Text,
    Integer,
    List,
}

/// The read tools of `table`, in its order, each joined with its command in `tree` (the root
/// `clinic` command). An entry whose command is not in the tree is left out.
pub fn read_tools(table: &[Operation], tree: &clap::Command) -> Vec<ToolSpec> {
    commands(table, tree, Safety::Idempotent)
        .map(|(command, path, paged)| tool_for(command, path, paged))
        .collect()
}

/// The commands of the table's operations of one `safety`, each once (two operations of one command,
/// a get that also looks a name up, are one tool), with their path below `clinic` and whether they
/// walk pages; never those of [`NOT_TOOLS`], nor a command the tree does not have.
fn commands<'a>(
    table: &'a [Operation],
    tree: &'a clap::Command,
    safety: Safety,
) -> impl Iterator<Item = (&'a clap::Command, Vec<String>, bool)> + 'a {
    let mut seen: Vec<Vec<String>> = Vec::new();
    table
        .iter()
        .filter(move |op| op.safety == safety && !NOT_TOOLS.contains(&op.command))
        .filter_map(move |op| {
            let path: Vec<String> = op
                .command
                .split_whitespace()
                .skip(1)
                .map(str::to_string)
                .collect();
            if seen.contains(&path) {
                return None;
            }
            seen.push(path.clone());
            let command = find(tree, &path)?;
            // A CRM list is one operation the command calls page after page (`start`): it pages
            // as a list tool, though its table entry is one call's.
            let crm_list = path.first().is_some_and(|w| w == "crm")
                && path.last().is_some_and(|w| w == "list");
            Some((command, path, op.paging == Paging::Paged || crm_list))
        })
}

fn find<'a>(tree: &'a clap::Command, path: &[String]) -> Option<&'a clap::Command> {
    path.iter()
        .try_fold(tree, |cmd, name| cmd.find_subcommand(name))
}

pub(super) fn tool_for(command: &clap::Command, path: Vec<String>, paged: bool) -> ToolSpec {
    let mut properties = JsonObject::new();
    let mut required = Vec::new();
    let mut args = Vec::new();
    for arg in command.get_arguments() {
        let id = arg.get_id().as_str();
        if arg.is_global_set()
            || arg.is_hide_set()
            || names_local_file(arg)
            || id == "help"
            || id == "version"
        {
            continue;
        }
        let long = arg.get_long().map(str::to_string);
        if long.is_none() && !arg.is_positional() {
            continue;
        }
        let kind = kind_of(arg);
        let name = id.replace('-', "_");
        let mut schema = match kind {
            Kind::Flag => json!({"type": "boolean"}),
            Kind::Integer => json!({"type": "integer"}),
            Kind::List => json!({"type": "array", "items": {"type": "string"}}),
            Kind::Text => json!({"type": "string"}),
        };
        let values: Vec<String> = arg
            .get_possible_values()
            .iter()
            .filter(|v| !v.is_hide_set())
            .map(|v| v.get_name().to_string())
            .collect();
        if !values.is_empty() && kind == Kind::Text {
            schema["enum"] = json!(values);
        }
        // A list of known values (`summary`'s `by`): each item is one of them.
        if !values.is_empty() && kind == Kind::List {
            schema["items"]["enum"] = json!(values);
        }
        if let Some(help) = arg.get_help() {
            schema["description"] = json!(help.to_string());
        }
        if arg.is_required_set() {
            required.push(name.clone());
        }
        properties.insert(name.clone(), schema);
        args.push(ToolArg { name, long, kind });
    }
    if paged {
        properties.insert(
            "fields".into(),
            json!({"type": "array", "items": {"type": "string", "pattern": "^[^,]+$"},
                "minItems": 1, "description": crate::t!("cli-mcp-arg-fields")}),
        );
        properties.insert(
            "sort".into(),
            json!({"type": "string", "pattern": "^[^,:]+(:(asc|desc))?(,[^,:]+(:(asc|desc))?)*$",
                "description": crate::t!("cli-mcp-arg-sort")}),
        );
        properties.insert(
            "limit".into(),
            json!({"type": "integer", "minimum": 1, "default": DEFAULT_LIMIT,
                "description": crate::t!("cli-mcp-arg-limit")}),
        );
    }
    // Any answer may pass the size cap, paged or not: the rest is a cursor away.
    properties.insert(
        "cursor".into(),
        json!({"type": "string", "description": crate::t!("cli-mcp-arg-cursor")}),
    );
    let mut schema = JsonObject::new();
    schema.insert("type".into(), json!("object"));
    schema.insert("properties".into(), Value::Object(properties));
    // An argument the tool does not take is refused by name: the schema says so up front.
    schema.insert("additionalProperties".into(), json!(false));
    if !required.is_empty() {
        schema.insert("required".into(), json!(required));
    }
    let description = command
        .get_about()
        .map(|about| about.to_string())
        .unwrap_or_default();
    let tool = Tool::new(
        path.join("_").replace('-', "_"),
        description,
        Arc::new(schema),
    )
    .with_annotations(ToolAnnotations::new().read_only(true).open_world(true));
    ToolSpec {
        tool,
        path,
        paged,
        write: false,
        args,
        compact: None,
    }
}

/// Whether `arg` names a file, a folder or stdin on this machine: such a flag would let an assistant
/// read any file the person can (and quote it back in an error), write one, or read the protocol's
/// own pipe. Read off the flag's definition, so that a new flag of that kind is never a tool's
/// argument: a path type or hint, a value named `FILE`, `DIR`, `PATH`, `-` or `@…`
/// (`--data JSON|@FILE|-`), or a flag that reads stdin (`--password-stdin`).
pub fn names_local_file(arg: &clap::Arg) -> bool {
    use clap::ValueHint;
    let hinted = matches!(
        arg.get_value_hint(),
        ValueHint::AnyPath | ValueHint::FilePath | ValueHint::DirPath | ValueHint::ExecutablePath
    );
    let named = arg.get_value_names().into_iter().flatten().any(|name| {
        name.split('|')
            .any(|word| matches!(word, "FILE" | "DIR" | "PATH" | "-") || word.starts_with('@'))
    });
    hinted || named || arg.get_id().as_str().contains("stdin")
}

fn kind_of(arg: &clap::Arg) -> Kind {
    use clap::ArgAction;
    match arg.get_action() {
        ArgAction::SetTrue | ArgAction::SetFalse => Kind::Flag,
        ArgAction::Append => Kind::List,
        ArgAction::Count => Kind::Integer,
        _ if arg.get_num_args().is_some_and(|n| n.max_values() > 1) => Kind::List,
        _ => {
            let parser = arg.get_value_parser().type_id();
            let integers = [
                clap::builder::ValueParser::from(clap::value_parser!(u64)).type_id(),
                clap::builder::ValueParser::from(clap::value_parser!(i64)).type_id(),
                clap::builder::ValueParser::from(clap::value_parser!(u32)).type_id(),
                clap::builder::ValueParser::from(clap::value_parser!(i32)).type_id(),
                clap::builder::ValueParser::from(clap::value_parser!(usize)).type_id(),
            ];
            if integers.contains(&parser) {
                Kind::Integer
            } else {
                Kind::Text
            }
        }
    }
}

/// Why a call's arguments cannot make a command line: the argument's name and what was wrong.
#[derive(Debug, PartialEq)]
pub enum BadArgument {
    Unknown(String),
    Type {
        name: String,
        given: String,
    },
    /// An argument the schema requires, left out.
    Missing(String),
}

impl ToolSpec {
    /// The command line (after `clinic`) a call with `arguments` runs; `limit` and `cursor` are the
    /// server's, not the command's.
    pub fn argv(&self, arguments: &JsonObject) -> Result<Vec<String>, BadArgument> {
        let required = self
            .tool
            .input_schema
            .get("required")
            .and_then(Value::as_array);
        for name in required.into_iter().flatten().filter_map(Value::as_str) {
            if arguments.get(name).is_none_or(Value::is_null) {
                return Err(BadArgument::Missing(name.to_string()));
            }
        }
        let mut flags = Vec::new();
        let mut positionals = Vec::new();
        if self.paged {
            flags.extend(self.columns(arguments)?);
        }
        for (name, value) in arguments {
            if (self.paged && ["limit", "fields", "sort"].contains(&name.as_str()))
                || (!self.write && name == "cursor")
            {
                continue;
            }
            let Some(arg) = self.args.iter().find(|a| a.name == *name) else {
                return Err(BadArgument::Unknown(name.clone()));
            };
            let wrong = || BadArgument::Type {
                name: name.clone(),
                given: value.to_string(),
            };
            let texts: Vec<String> = match (arg.kind, value) {
                (_, Value::Null) => continue,
                (Kind::Flag, Value::Bool(false)) => continue,
                (Kind::Flag, Value::Bool(true)) => Vec::new(),
                (Kind::Flag, _) => return Err(wrong()),
                (Kind::List, Value::Array(items)) => items
                    .iter()
                    .map(|v| scalar(v).ok_or_else(wrong))
                    .collect::<Result<_, _>>()?,
                (Kind::Integer, Value::Number(n)) if n.is_u64() || n.is_i64() => {
                    vec![n.to_string()]
                }
                (Kind::Integer, _) => return Err(wrong()),
                (_, v) => vec![scalar(v).ok_or_else(wrong)?],
            };
            match &arg.long {
                Some(long) if arg.kind == Kind::Flag => flags.push(format!("--{long}")),
                Some(long) => {
                    for text in texts {
                        // `--flag=value`: a value that starts with `-` stays a value.
                        flags.push(format!("--{long}={text}"));
                    }
                }
                None => positionals.extend(texts),
            }
        }
        let mut argv = self.path.clone();
        argv.extend(flags);
        if !positionals.is_empty() {
            argv.push("--".into());
            argv.extend(positionals);
        }
        Ok(argv)
    }
}

impl ToolSpec {
    /// The global flags a list tool's `fields` and `sort` make: `--columns` (the compact projection
    /// when `fields` is left out, every column with `["*"]`) and `--sort`.
    fn columns(&self, arguments: &JsonObject) -> Result<Vec<String>, BadArgument> {
        let wrong = |name: &str, value: &Value| BadArgument::Type {
            name: name.to_string(),
            given: value.to_string(),
        };
        let mut flags = Vec::new();
        match arguments.get("fields") {
            None | Some(Value::Null) => {
                if let Some(compact) = self.compact {
                    flags.push(format!("--columns={}", compact.join(",")));
                }
            }
            Some(value @ Value::Array(items)) => {
                let names: Vec<&str> = items
                    .iter()
                    .map(|v| {
                        v.as_str()
                            .filter(|s| !s.trim().is_empty() && !s.contains(','))
                            .ok_or_else(|| wrong("fields", value))
                    })
                    .collect::<Result<_, _>>()?;
                if names.is_empty() {
                    return Err(wrong("fields", value));
                }
                if !names.contains(&"*") {
                    flags.push(format!("--columns={}", names.join(",")));
                }
            }
            Some(value) => return Err(wrong("fields", value)),
        }
        match arguments.get("sort") {
            None | Some(Value::Null) => {}
            Some(Value::String(keys)) if crate::sort::SortKeys::parse(keys).is_ok() => {
                flags.push(format!("--sort={keys}"));
            }
            Some(value) => return Err(wrong("sort", value)),
        }
        Ok(flags)
    }
}

/// The named sets a host picks tools by (`--tools reports,refs`), as each tool belongs to them: its
/// command's first word, and `writes` for every tool that writes. A new tool joins a set by its path.
pub const SETS: &[&str] = &["reports", "refs", "crm", "writes", "sql"];

/// The sets `spec` belongs to.
pub fn sets_of(spec: &ToolSpec) -> Vec<&'static str> {
    let mut sets = vec![match spec.path.first().map(String::as_str) {
        Some("ref") => "refs",
        Some("crm") => "crm",
        Some("sql") => "sql",
        _ => "reports",
    }];
    if spec.write {
        sets.push("writes");
    }
    sets
}

/// The tools a host asked for among `every` tool the server can make: all the reads when `only`
/// is empty (and the writes with `allow_writes`), else the tools and sets `only` names, less those
/// `except` names. A name that is neither a tool nor a set is refused with the sets it could be,
/// and a write asked for without `allow_writes` is refused: writes stay off unless asked for.
pub fn select(
    every: Vec<ToolSpec>,
    only: &[String],
    except: &[String],
    allow_writes: bool,
) -> Result<Vec<ToolSpec>, String> {
    let names: Vec<String> = every.iter().map(|t| t.tool.name.to_string()).collect();
    let matches =
        |word: &str, spec: &ToolSpec| spec.tool.name == word || sets_of(spec).contains(&word);
    for word in only.iter().chain(except) {
        if !SETS.contains(&word.as_str()) && !names.contains(word) {
            return Err(crate::t!(
                "cli-mcp-tools-unknown",
                name = word.clone(),
                sets = SETS.join(", ")
            ));
        }
    }
    let mut chosen = Vec::new();
    for spec in every {
        let wanted = if only.is_empty() {
            !spec.write || allow_writes
        } else {
            only.iter().any(|w| matches(w, &spec))
        };
        if !wanted || except.iter().any(|w| matches(w, &spec)) {
            continue;
        }
        if spec.write && !allow_writes {
            return Err(crate::t!(
                "cli-mcp-tools-need-writes",
                name = spec.tool.name.to_string()
            ));
        }
        chosen.push(spec);
    }
    Ok(chosen)
}

/// Each tool's description written for a model, by its name (catalogue keys): what it returns,
/// what a record holds. A tool without one is described from its command's title.
const ABOUT: &[(&str, &str)] = &[
    ("report_appointments", "cli-mcp-about-report-appointments"),
    ("report_ficha_financeira", "cli-mcp-about-report-ficha"),
    ("contact_list", "cli-mcp-about-contact-list"),
    ("crm_contact_list", "cli-mcp-about-crm-contact-list"),
    ("crm_deal_list", "cli-mcp-about-crm-deal-list"),
    ("crm_lead_list", "cli-mcp-about-crm-lead-list"),
    ("crm_contact_get", "cli-mcp-about-crm-get"),
    ("crm_deal_get", "cli-mcp-about-crm-get"),
    ("crm_lead_get", "cli-mcp-about-crm-get"),
    ("crm_type_list", "cli-mcp-about-crm-type-list"),
    ("crm_item_list", "cli-mcp-about-crm-item-list"),
    ("crm_item_get", "cli-mcp-about-crm-item-get"),
    ("summary", "cli-mcp-about-summary"),
    ("doctor", "cli-mcp-about-doctor"),
    ("sql", "cli-mcp-about-sql"),
];

/// Arguments a write cannot run without, which its command asks for on a terminal instead of
/// declaring them required: in `required`, a call without them is refused before the person is
/// asked.
const REQUIRED: &[(&str, &[&str])] = &[(
    "contact_create",
    &["name", "phone", "birth_date", "channel", "campaign"],
)];

/// The columns of a record too wide to page whole; `fields: ["*"]` gives every one.
const COMPACT: &[(&str, &[&str])] = &[(
    "report_ficha_financeira",
    &[
        "id", "codigo", "clinica", "data", "cliente", "status", "valor", "vendedor",
    ],
)];

/// Makes every tool speak to a model: a title and a description of its own, every argument
/// described in the tools' own names (never a command-line flag or a command a model cannot run),
/// `required` and `enum` where the command knows them, `if_exists` chosen by the caller on a
/// create, and the result envelope of a read as its `outputSchema`.
pub fn for_model(tools: &mut [ToolSpec]) {
    let names: Vec<String> = tools.iter().map(|t| t.tool.name.to_string()).collect();
    for spec in tools.iter_mut() {
        let name = spec.tool.name.to_string();
        let about = spec.tool.description.as_deref().unwrap_or_default();
        let title = model_text(&title_of(about), &names);
        let reference = spec.path.first().is_some_and(|p| p == "ref");
        let mut description = match ABOUT.iter().find(|(tool, _)| *tool == name) {
            Some((_, key)) => crate::text::i18n::text(key, &[]),
            None if spec.write => crate::t!("cli-mcp-about-write", what = title.clone()),
            None if reference => crate::t!("cli-mcp-about-ref", list = title.clone()),
            None => model_text(&title, &names),
        };
        if spec.paged {
            description.push(' ');
            description.push_str(&crate::t!("cli-mcp-about-paging"));
        }
        if spec.paged && !reference && !spec.path.starts_with(&["crm".to_string()]) {
            description.push(' ');
            description.push_str(&crate::t!("cli-mcp-about-instead"));
        }
        if spec.write {
            description.push(' ');
            description.push_str(&crate::t!("cli-mcp-about-approval"));
        }
        spec.compact = COMPACT
            .iter()
            .find(|(tool, _)| *tool == name)
            .map(|(_, fields)| *fields);
        let mut schema = (*spec.tool.input_schema).clone();
        let mut required: Vec<Value> = schema
            .get("required")
            .and_then(Value::as_array)
            .cloned()
            .unwrap_or_default();
        if let Some(Value::Object(properties)) = schema.get_mut("properties") {
            for (arg, property) in properties.iter_mut() {
                let said = match arg.as_str() {
                    "clinic" if !spec.write => crate::t!("cli-mcp-arg-clinic"),
                    "if_exists" if spec.write => crate::t!("cli-mcp-arg-if-exists"),
                    "keep_going" => crate::t!("cli-mcp-arg-keep-going"),
                    "fields" if spec.compact.is_some() => crate::t!(
                        "cli-mcp-arg-fields-compact",
                        fields = spec.compact.unwrap_or_default().join(", ")
                    ),
                    _ => spoken(
                        property["description"].as_str().unwrap_or_default(),
                        &names,
                        &spec.args,
                    ),
                };
                property["description"] = json!(said);
                property["title"] = json!(arg.replace('_', " "));
            }
            // A create says what to do with a contact that exists already: nobody is there to be
            // asked, so "ask" is no choice and the caller names one.
            if spec.write
                && let Some(if_exists) = properties.get_mut("if_exists")
            {
                if_exists["enum"] = json!(["skip", "create"]);
                required.push(json!("if_exists"));
            }
        }
        if let Some((_, names)) = REQUIRED.iter().find(|(tool, _)| *tool == name) {
            required.extend(names.iter().map(|n| json!(n)));
        }
        if !required.is_empty() {
            schema.insert("required".into(), Value::Array(required));
        }
        spec.tool.input_schema = Arc::new(schema);
        spec.tool.title = Some(title);
        spec.tool.description = Some(description.into());
        if !spec.write {
            spec.tool.output_schema = Some(Arc::new(envelope()));
        }
    }
}

/// The answer of every read tool: a page of records and how to go on.
fn envelope() -> JsonObject {
    let described = |kind: &str, key: &str| json!({"type": kind, "description": crate::text::i18n::text(key, &[])});
    let schema = json!({
        "type": "object",
        "properties": {
            "records": {"type": "array", "items": {}, "description": crate::t!("cli-mcp-out-records")},
            "returned": described("integer", "cli-mcp-out-returned"),
            "more": described("boolean", "cli-mcp-out-more"),
            "cursor": described("string", "cli-mcp-out-cursor"),
            "total": described("integer", "cli-mcp-out-total"),
            "total_known": described("boolean", "cli-mcp-out-total-known"),
            "note": described("string", "cli-mcp-out-note"),
        },
        "required": ["records", "returned", "more", "total_known"],
    });
    match schema {
        Value::Object(schema) => schema,
        _ => JsonObject::new(),
    }
}

/// A command's title without the service's path and the catalogue's section:
/// "Appointments report (GET /relAgendamentos)  [Saída — …]" is "Appointments report".
fn title_of(about: &str) -> String {
    let mut title = String::new();
    let mut depth = 0;
    let mut chars = about.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '[' => depth += 1,
            ']' => depth -= 1,
            '(' if depth == 0 => {
                let rest: String = chars.clone().take(12).collect();
                let service = ["GET ", "POST ", "crm.", "PUT ", "DELETE "]
                    .iter()
                    .any(|p| rest.starts_with(p));
                if service {
                    for c in chars.by_ref() {
                        if c == ')' {
                            break;
                        }
                    }
                } else {
                    title.push(c);
                }
            }
            _ if depth == 0 => title.push(c),
            _ => {}
        }
    }
    title.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// `text` (a command's help or error) as a model reads it: `--has-quote` is the argument
/// `has_quote`, `clinic ref channels` is the tool `ref_channels`, and a command a model cannot run
/// (`clinic config set clinica ID`) is the person's profile setting.
pub fn model_text(text: &str, tools: &[String]) -> String {
    spoken(text, tools, &[])
}

impl ToolSpec {
    /// [`model_text`] for this tool's own messages: a flag is named by the argument it is here
    /// (`--type` is `kind`).
    pub fn model_text(&self, text: &str, tools: &[String]) -> String {
        spoken(text, tools, &self.args)
    }
}

fn spoken(text: &str, tools: &[String], args: &[ToolArg]) -> String {
    let mut out = String::new();
    let mut rest = text;
    while let Some(at) = rest.find("`clinic ") {
        out.push_str(&rest[..at]);
        let after = &rest[at + 1..];
        let Some(end) = after.find('`') else {
            break;
        };
        let words: Vec<&str> = after[..end].split_whitespace().skip(1).collect();
        let named = (1..=words.len()).rev().find_map(|n| {
            let name = words[..n].join("_").replace('-', "_");
            tools.contains(&name).then_some(name)
        });
        out.push_str(&match named {
            Some(name) => crate::t!("cli-mcp-said-tool", name = name),
            None => crate::t!("cli-mcp-said-profile"),
        });
        rest = &after[end + 1..];
    }
    out.push_str(rest);
    flags_as_arguments(&out, args)
}

/// `--flag-name VALUE-NAME` as the argument `flag_name`; inside backticks, `--clinic all` is
/// `clinic = all`.
fn flags_as_arguments(text: &str, args: &[ToolArg]) -> String {
    let mut out = String::new();
    let mut rest = text;
    while let Some(at) = rest.find("--") {
        let before = rest[..at].chars().next_back();
        let after = &rest[at + 2..];
        let flag: String = after
            .chars()
            .take_while(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || *c == '-')
            .collect();
        if flag.is_empty() || before.is_some_and(|c| c.is_alphanumeric() || c == '-') {
            out.push_str(&rest[..at + 2]);
            rest = after;
            continue;
        }
        out.push_str(&rest[..at]);
        let flag_name = flag.trim_end_matches('-');
        let name = args
            .iter()
            .find(|a| a.long.as_deref() == Some(flag_name))
            .map_or_else(|| flag_name.replace('-', "_"), |a| a.name.clone());
        let mut tail = &after[flag.len()..];
        // A value's placeholder (`ID|NAME`, `N`) names nothing a model passes.
        if let Some(placeholder) = tail.strip_prefix(' ') {
            let word: String = placeholder
                .chars()
                .take_while(|c| !c.is_whitespace() && !matches!(c, ')' | ',' | ';' | '`'))
                .collect();
            if !word.is_empty()
                && word
                    .chars()
                    .all(|c| c.is_ascii_uppercase() || matches!(c, '|' | '_' | '[' | ']' | '.'))
            {
                tail = &placeholder[word.len()..];
            }
        }
        if before == Some('`') {
            if let Some(value) = tail.strip_prefix(' ') {
                out.push_str(&format!("{name} = "));
                tail = value;
            } else {
                out.push_str(&name);
            }
        } else {
            out.push_str(&format!("`{name}`"));
        }
        rest = tail;
    }
    out.push_str(rest);
    out
}

fn scalar(value: &Value) -> Option<String> {
    match value {
        Value::String(s) => Some(s.clone()),
        Value::Number(n) => Some(n.to_string()),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::api::OPERATIONS;

    fn names(tools: &[ToolSpec]) -> Vec<String> {
        tools.iter().map(|t| t.tool.name.to_string()).collect()
    }

    /// Every read of the table is a tool; writes, the login and the import are not.
    #[test]
    fn the_tools_are_the_reads_of_the_table() {
        let tools = read_tools(OPERATIONS, &crate::cli::command());
        let names = names(&tools);
        assert!(
            names.contains(&"report_appointments".to_string()),
            "{names:?}"
        );
        assert!(names.contains(&"ref_clinics".to_string()), "{names:?}");
        assert!(names.contains(&"crm_deal_list".to_string()), "{names:?}");
        for lead in ["crm_lead_list", "crm_lead_get"] {
            assert!(names.contains(&lead.to_string()), "{names:?}");
        }
        assert!(!names.contains(&"crm_lead_update".to_string()), "{names:?}");
        for absent in ["contact_create", "login", "crm_contact_import", "io"] {
            assert!(
                !names.contains(&absent.to_string()),
                "{absent} in {names:?}"
            );
        }
        let unique: std::collections::BTreeSet<_> = names.iter().collect();
        assert_eq!(unique.len(), names.len(), "{names:?}");
        // Every read command of the table is in the tree: none left out silently.
        let reads: std::collections::BTreeSet<&str> = OPERATIONS
            .iter()
            .filter(|op| op.safety == Safety::Idempotent && !NOT_TOOLS.contains(&op.command))
            .map(|op| op.command)
            .collect();
        assert_eq!(reads.len(), tools.len(), "{names:?}");
    }

    /// A new entry in the table is a new tool, its schema read from its command's flags.
    #[test]
    fn adding_an_entry_adds_a_tool() {
        let tree = crate::cli::command();
        let before = read_tools(OPERATIONS, &tree);
        let mut table = OPERATIONS.to_vec();
        // An entry like any read, for a command no entry reaches yet.
        let mut extra = OPERATIONS[OPERATIONS.len() - 1];
        extra.command = "clinic sql";
        extra.safety = Safety::Idempotent;
        extra.paging = Paging::Unpaged;
        table.push(extra);
        let after = read_tools(&table, &tree);
        assert_eq!(after.len(), before.len() + 1);
        let sql = after.last().unwrap();
        assert_eq!(sql.tool.name, "sql");
        let properties = sql.tool.input_schema["properties"].as_object().unwrap();
        assert_eq!(properties["query"]["type"], "string", "{properties:?}");
        assert!(!properties.contains_key("limit"), "unpaged: {properties:?}");
    }

    /// Arguments become flags in the command's spelling; a wrong type or an unknown name is refused
    /// by name.
    #[test]
    fn arguments_become_the_command_line() {
        let tools = read_tools(OPERATIONS, &crate::cli::command());
        let tool = tools.iter().find(|t| t.tool.name == "ref_clinics").unwrap();
        let args = |v: Value| v.as_object().unwrap().clone();
        assert_eq!(
            tool.argv(&args(json!({"limit": 5, "cursor": "x"}))),
            Ok(vec!["ref".to_string(), "clinics".to_string()])
        );
        assert_eq!(
            tool.argv(&args(json!({"nope": 1}))),
            Err(BadArgument::Unknown("nope".into()))
        );
    }

    /// A command's words become the tools' own: a flag is the argument it is in this tool, a
    /// command that is a tool is named as one, and a command a model cannot run is not named.
    #[test]
    fn cli_words_become_the_tools_words() {
        let tools = read_tools(OPERATIONS, &crate::cli::command());
        let report = tools
            .iter()
            .find(|t| t.tool.name == "report_appointments")
            .unwrap();
        let names = vec!["ref_clinics".to_string()];
        let said = report.model_text(
            "missing --has-quote: required with --type 2; pass --clinic ID|NAME (see `clinic ref clinics`; `--clinic all` reads several), or set a default with `clinic config set clinica ID`",
            &names,
        );
        assert!(
            !said.contains("--") && !said.contains("`clinic config"),
            "{said}"
        );
        for part in [
            "missing `has_quote`",
            "with `kind` 2",
            "pass `clinic` (see",
            "`ref_clinics`",
            "`clinic = all`",
        ] {
            assert!(said.contains(part), "{part}: {said}");
        }
        assert_eq!(
            title_of("Appointments report (GET /relAgendamentos)  [Saída — Entrega e retenção]"),
            "Appointments report"
        );
    }
}
