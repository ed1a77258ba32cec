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
            Some((command, path, op.paging == Paging::Paged))
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
    Type { name: String, given: String },
}

impl ToolSpec {
    /// The command line (after `clinic`) a call with `arguments` runs; `limit` and `cursor` are the
    /// server's, not the command's.
    pub fn argv(&self, arguments: &JsonObject) -> Result<Vec<String>, BadArgument> {
        let mut flags = Vec::new();
        let mut positionals = Vec::new();
        for (name, value) in arguments {
            if (self.paged && name == "limit") || (!self.write && name == "cursor") {
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
}
