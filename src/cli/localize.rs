//! The command tree in the reader's language. Every help text (about, long about, after-help, each
//! flag's help, possible values, headings) lives in `locales/<lang>/help.ftl` under a key computed
//! from the command's path and the flag's id: `help-contact-create` (attributes `.long`, `.after`),
//! `help-contact-create--birth-date`, `help-clinic--format--xlsx` for a possible value; the root
//! and its global flags are `help-clinic…`. Clap's own words (the `-h`/`-V` flags, the "Usage:",
//! "Options:", "Arguments:" and "Commands:" headings) come from the catalogue too.

use crate::spelling::Spelling;
use clap::builder::{PossibleValue, Resettable, StyledStr};
use clap::{Arg, ArgAction, Command};

use crate::text::i18n::{self, Lang};

/// The key of a command's texts: `help-clinic` for the root, `help-<path joined by ->` below it.
pub fn command_key(path: &[String]) -> String {
    if path.is_empty() {
        "help-clinic".to_string()
    } else {
        format!("help-{}", path.join("-"))
    }
}

/// The key of a flag's (or positional argument's) help under its command's key.
pub fn arg_key(command_key: &str, id: &str) -> String {
    format!("{command_key}--{}", id.replace('_', "-"))
}

/// The key of a possible value's help under its flag's key.
pub fn value_key(arg_key: &str, value: &str) -> String {
    format!("{arg_key}--{value}")
}

/// Every help key the tree computes: each command's and flag's, and those of the possible values and
/// value-name words the English catalogue describes. For the catalogue test.
pub fn required_keys(root: &Command) -> Vec<String> {
    let mut keys = Vec::new();
    collect(root, &mut Vec::new(), &mut keys);
    keys
}

fn collect(cmd: &Command, path: &mut Vec<String>, keys: &mut Vec<String>) {
    let key = command_key(path);
    for arg in own_args(cmd, path.is_empty()) {
        let akey = arg_key(&key, arg.get_id().as_str());
        for name in arg.get_value_names().unwrap_or_default() {
            for (word, text) in value_words(name) {
                if word && i18n::has(Lang::En, &value_word_key(&text)) {
                    keys.push(value_word_key(&text));
                }
            }
        }
        for pv in arg.get_possible_values() {
            if i18n::has(Lang::En, &value_key(&akey, pv.get_name())) {
                keys.push(value_key(&akey, pv.get_name()));
            }
        }
        keys.push(akey);
    }
    keys.push(key);
    for sub in cmd.get_subcommands() {
        path.push(sub.get_name().to_string());
        collect(sub, path, keys);
        path.pop();
    }
}

/// The catalogue key of one word of a value name (`FILE` in `<FILE>`, `FIELD` in `FIELD=VALUE`).
fn value_word_key(word: &str) -> String {
    format!("help-value-{}", word.to_lowercase())
}

/// The words of a value name, each with whether it is a word (rather than punctuation).
fn value_words(name: &str) -> Vec<(bool, String)> {
    let mut out: Vec<(bool, String)> = Vec::new();
    for c in name.chars() {
        let word = c.is_ascii_uppercase() || c == '_';
        match out.last_mut() {
            Some((w, text)) if *w == word => text.push(c),
            _ => out.push((word, c.to_string())),
        }
    }
    out
}

/// A value name (`FIELD=VALUE`, `ADDR|LINES|FILE|-`) with each word that the catalogue knows in
/// `lang`; single letters (`N`, `K`) and unknown words stay.
fn value_name_in(name: &str, lang: Lang) -> String {
    value_words(name)
        .into_iter()
        .map(|(word, text)| {
            let key = value_word_key(&text);
            if word && i18n::has(Lang::En, &key) {
                i18n::text_in(lang, &key, &[])
            } else {
                text
            }
        })
        .collect()
}

/// The arguments a command defines itself (on the root: the global flags too), not clap's own.
fn own_args(cmd: &Command, root: bool) -> impl Iterator<Item = &Arg> {
    cmd.get_arguments().filter(move |a| {
        let id = a.get_id().as_str();
        (root || !a.is_global_set()) && id != "help" && id != "version"
    })
}

/// The tree with every text in `lang`.
pub fn localize(root: Command, lang: Lang) -> Command {
    let globals: Vec<Arg> = root
        .get_arguments()
        .filter(|a| a.is_global_set())
        .cloned()
        .collect();
    walk(root, &mut Vec::new(), lang, &globals)
}

fn walk(mut cmd: Command, path: &mut Vec<String>, lang: Lang, globals: &[Arg]) -> Command {
    let key = command_key(path);
    let text = |key: &str| i18n::text_in(lang, key, &[]);
    let attr = |key: &str, attr: &str| -> Resettable<StyledStr> {
        let full = format!("{key}.{attr}");
        if i18n::has(lang, &full) {
            Resettable::Value(text(&full).into())
        } else {
            Resettable::Reset
        }
    };
    // Whatever the definitions say is replaced: the catalogue holds every text.
    cmd = cmd
        .about(text(&key))
        .long_about(attr(&key, "long"))
        .after_help(attr(&key, "after"));
    let root = path.is_empty();
    cmd = cmd.mut_args(|arg| {
        let id = arg.get_id().as_str().to_string();
        if (!root && arg.is_global_set()) || id == "help" || id == "version" {
            return arg;
        }
        let akey = arg_key(&key, &id);
        let mut arg = arg.help(text(&akey)).long_help(attr(&akey, "long"));
        if lang != Lang::En
            && let Some(names) = arg.get_value_names()
        {
            let names: Vec<String> = names.iter().map(|n| value_name_in(n, lang)).collect();
            arg = arg.value_names(names);
        }
        // The one heading the definitions set is that of the global flags (`Global`).
        if arg.get_help_heading().is_some() {
            arg = arg.help_heading(text("help-heading-global-options"));
        }
        let values: Vec<PossibleValue> = arg
            .get_possible_values()
            .into_iter()
            .map(|pv| {
                let vkey = value_key(&akey, pv.get_name());
                if i18n::has(Lang::En, &vkey) {
                    pv.help(text(&vkey))
                } else {
                    pv
                }
            })
            .collect();
        if values.iter().any(|pv| pv.get_help().is_some()) {
            arg = with_values(arg, values);
        }
        arg
    });
    let long_exists = cmd.get_long_about().is_some()
        || cmd.get_after_long_help().is_some()
        || cmd
            .get_arguments()
            .chain(if root { &[][..] } else { globals })
            .any(shows_long_help);
    cmd = cmd
        .disable_help_flag(true)
        .arg(help_flag(lang, long_exists));
    if root {
        cmd = cmd.disable_version_flag(true).arg(
            Arg::new("version")
                .short('V')
                .long("version")
                .action(ArgAction::Version)
                .help(text("help-flag-version"))
                .help_heading(None::<&'static str>)
                .display_order(999),
        );
    }
    if lang != Lang::En {
        cmd = headings_in(cmd, lang);
    }
    let names: Vec<String> = cmd
        .get_subcommands()
        .map(|s| s.get_name().to_string())
        .collect();
    for name in names {
        path.push(name.clone());
        cmd = cmd.mut_subcommand(&name, |sub| walk(sub, path, lang, globals));
        path.pop();
    }
    cmd
}

/// Clap's predicate for "this flag says more under `--help` than under `-h`", which decides how the
/// help flag describes itself.
fn shows_long_help(arg: &Arg) -> bool {
    !arg.is_hide_set()
        && (arg.get_long_help().is_some()
            || arg.is_hide_long_help_set()
            || arg.is_hide_short_help_set()
            || (!arg.is_hide_possible_values_set()
                && arg
                    .get_possible_values()
                    .iter()
                    .any(|pv| pv.get_help().is_some() && !pv.is_hide_set())))
}

/// `-h, --help` as clap words it, in `lang`.
fn help_flag(lang: Lang, long_exists: bool) -> Arg {
    let text = |key: &str| i18n::text_in(lang, key, &[]);
    let arg = Arg::new("help")
        .short('h')
        .long("help")
        .action(ArgAction::Help)
        .help_heading(None::<&'static str>)
        .display_order(999);
    if long_exists {
        arg.help(text("help-flag-help-short"))
            .long_help(text("help-flag-help-long"))
    } else {
        arg.help(text("help-flag-help"))
    }
}

/// Clap writes "Usage:", "Arguments:", "Options:" and "Commands:" itself. In another language the
/// usage heading comes from a template, and every argument gets an explicit heading: positional
/// arguments first (as clap orders its own sections), then the flags.
fn headings_in(cmd: Command, lang: Lang) -> Command {
    let text = |key: &str| i18n::text_in(lang, key, &[]);
    let template = format!(
        "{{before-help}}{{about-with-newline}}\n{} {{usage}}\n\n{{all-args}}{{after-help}}",
        text("help-heading-usage")
    );
    let arguments = text("help-heading-arguments");
    let options = text("help-heading-options");
    let mut cmd = cmd
        .help_template(template)
        .subcommand_help_heading(text("help-heading-commands"))
        .subcommand_value_name(text("help-value-command"))
        .mut_args(|arg| {
            if arg.get_help_heading().is_some() {
                arg
            } else if arg.is_positional() {
                arg.help_heading(arguments.clone())
            } else {
                arg.help_heading(options.clone())
            }
        });
    // `mut_arg` moves a flag to the end: every flag, in order, after the positional arguments.
    let flags: Vec<String> = cmd
        .get_arguments()
        .filter(|a| !a.is_positional())
        .map(|a| a.get_id().to_string())
        .collect();
    for id in flags {
        cmd = cmd.mut_arg(id, |a| a);
    }
    cmd
}

/// The flags whose possible values carry help, with the type each parses into: a value parser
/// cannot be wrapped without knowing it.
fn with_values(arg: Arg, values: Vec<PossibleValue>) -> Arg {
    match arg.get_id().as_str() {
        "format" => arg.value_parser(Spelling::<crate::output::Format>::with(values)),
        "by" => arg.value_parser(Spelling::<crate::summary::Dimension>::with(values)),
        "dialect" => arg.value_parser(Spelling::<clinic_sandbox::Dialect>::with(values)),
        "envelope" => arg.value_parser(Spelling::<clinic_sandbox::Envelope>::with(values)),
        "auth_scheme" => arg.value_parser(Spelling::<clinic_sandbox::AuthScheme>::with(values)),
        _ => arg,
    }
}

/// A usage error of clap's in `lang`, written from the error's context: unknown flags and commands,
/// refused values and missing arguments. `None` for English and for everything else (help and
/// version output, rarer errors), which clap writes itself.
pub fn error_text(e: &clap::Error, lang: Lang) -> Option<String> {
    use clap::error::{ContextKind, ContextValue, ErrorKind};
    if lang == Lang::En {
        return None;
    }
    let get = |kind: ContextKind| match e.get(kind) {
        Some(ContextValue::String(s)) => Some(s.clone()),
        // Several names are quoted one by one in the messages: 'a', 'b'.
        Some(ContextValue::Strings(v)) if kind != ContextKind::ValidValue => Some(v.join("', '")),
        Some(ContextValue::Strings(v)) => Some(v.join(", ")),
        Some(ContextValue::StyledStr(s)) => Some(s.to_string()),
        Some(ContextValue::StyledStrs(v)) => Some(
            v.iter()
                .map(|s| s.to_string())
                .collect::<Vec<_>>()
                .join("\n  "),
        ),
        Some(ContextValue::Number(n)) => Some(n.to_string()),
        _ => None,
    };
    let arg = get(ContextKind::InvalidArg).unwrap_or_default();
    let message = match e.kind() {
        ErrorKind::UnknownArgument => {
            let mut text = crate::t!("help-error-unknown-argument", argument = arg);
            if let Some(similar) = get(ContextKind::SuggestedArg) {
                text.push('\n');
                text.push_str(&crate::t!(
                    "help-error-similar-argument",
                    argument = similar
                ));
            }
            text
        }
        ErrorKind::InvalidSubcommand => {
            let command = get(ContextKind::InvalidSubcommand).unwrap_or_default();
            let mut text = crate::t!("help-error-unknown-command", command = command);
            if let Some(similar) = get(ContextKind::SuggestedSubcommand) {
                text.push('\n');
                text.push_str(&crate::t!("help-error-similar-command", command = similar));
            }
            text
        }
        ErrorKind::InvalidValue => {
            let value = get(ContextKind::InvalidValue).unwrap_or_default();
            let mut text = if value.is_empty() {
                crate::t!("help-error-value-missing", argument = arg)
            } else {
                crate::t!("help-error-invalid-value", argument = arg, value = value)
            };
            if let Some(values) = get(ContextKind::ValidValue) {
                text.push('\n');
                text.push_str(&crate::t!("help-error-possible-values", values = values));
            }
            text
        }
        ErrorKind::ValueValidation => {
            let value = get(ContextKind::InvalidValue).unwrap_or_default();
            let reason = std::error::Error::source(e)
                .map(|s| s.to_string())
                .unwrap_or_default();
            crate::t!(
                "help-error-value-refused",
                argument = arg,
                value = value,
                reason = reason
            )
        }
        ErrorKind::ArgumentConflict => {
            let other = get(ContextKind::PriorArg).unwrap_or_default();
            crate::t!("help-error-conflict", argument = arg, other = other)
        }
        ErrorKind::MissingRequiredArgument => {
            crate::t!("help-error-missing-arguments", arguments = arg)
        }
        _ => return None,
    };
    let usage = get(ContextKind::Usage)
        .map(|u| {
            let u = u.trim_start();
            let u = u.strip_prefix("Usage:").unwrap_or(u).trim();
            let u = annotations_in(u, lang);
            format!("\n\n{} {u}", crate::t!("help-heading-usage"))
        })
        .unwrap_or_default();
    Some(format!(
        "{}{usage}\n\n{}\n",
        crate::t!("error-line", message = message),
        crate::t!("help-error-more")
    ))
}

/// Clap's annotations that no setting reaches (`[default: …]`, `[env: …]`, `[aliases: …]`, the
/// list of possible values, `[OPTIONS]` in usage lines), put into `lang` in rendered help.
pub fn annotations_in(text: &str, lang: Lang) -> String {
    if lang == Lang::En {
        return text.to_string();
    }
    const WORDS: &[(&str, &str)] = &[
        ("[default:", "help-annotation-default"),
        ("[env:", "help-annotation-env"),
        ("[alias:", "help-annotation-alias"),
        ("[aliases:", "help-annotation-aliases"),
        ("[possible values:", "help-annotation-possible-values"),
        (
            "Possible values:",
            "help-annotation-possible-values-heading",
        ),
        ("[OPTIONS]", "help-annotation-options"),
    ];
    let mut out = text.to_string();
    for (english, key) in WORDS {
        out = out.replace(english, &i18n::text_in(lang, key, &[]));
    }
    out
}
