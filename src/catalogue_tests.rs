//! The catalogue is whole: every file parses, both languages hold the same keys with the same named
//! arguments, every key is used (a literal in the sources, or a help key of the command tree), and
//! every key the sources ask for exists. All problems are reported at once, by name.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

use fluent_syntax::ast::{Entry, Expression, InlineExpression, Pattern, PatternElement};

use crate::text::i18n::Lang;

/// One language's keys (`message` or `message.attribute`) with their named arguments.
type Keys = BTreeMap<String, BTreeSet<String>>;

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn files(dir: &Path, ext: &str) -> Vec<PathBuf> {
    let mut out = Vec::new();
    for entry in std::fs::read_dir(dir).unwrap().flatten() {
        let path = entry.path();
        if path.is_dir() {
            out.extend(files(&path, ext));
        } else if path.extension().is_some_and(|e| e == ext) {
            out.push(path);
        }
    }
    out.sort();
    out
}

fn variables(pattern: &Pattern<&str>, into: &mut BTreeSet<String>) {
    for element in &pattern.elements {
        if let PatternElement::Placeable { expression } = element {
            expression_variables(expression, into);
        }
    }
}

fn expression_variables(expression: &Expression<&str>, into: &mut BTreeSet<String>) {
    match expression {
        Expression::Select { selector, variants } => {
            inline_variables(selector, into);
            for variant in variants {
                variables(&variant.value, into);
            }
        }
        Expression::Inline(inline) => inline_variables(inline, into),
    }
}

fn inline_variables(inline: &InlineExpression<&str>, into: &mut BTreeSet<String>) {
    match inline {
        InlineExpression::VariableReference { id } => {
            into.insert(id.name.to_string());
        }
        InlineExpression::FunctionReference { arguments, .. } => {
            for arg in &arguments.positional {
                inline_variables(arg, into);
            }
            for arg in &arguments.named {
                inline_variables(&arg.value, into);
            }
        }
        InlineExpression::TermReference {
            arguments: Some(arguments),
            ..
        } => {
            for arg in &arguments.named {
                inline_variables(&arg.value, into);
            }
        }
        InlineExpression::Placeable { expression } => expression_variables(expression, into),
        _ => {}
    }
}

/// Reads every `.ftl` file of one language; parse errors and duplicate keys go to `problems`.
fn load(lang: Lang, problems: &mut Vec<String>) -> Keys {
    let mut keys = Keys::new();
    for path in files(&root().join("locales").join(lang.tag()), "ftl") {
        let text = std::fs::read_to_string(&path).unwrap();
        let shown = path.strip_prefix(root()).unwrap().display().to_string();
        let resource = match fluent_syntax::parser::parse(text.as_str()) {
            Ok(resource) => resource,
            Err((resource, errors)) => {
                for e in errors {
                    problems.push(format!("{shown}: does not parse: {e:?}"));
                }
                resource
            }
        };
        let mut add = |key: String, found: BTreeSet<String>| {
            if keys.insert(key.clone(), found).is_some() {
                problems.push(format!("{shown}: key `{key}` is defined twice"));
            }
        };
        for entry in &resource.body {
            let (id, value, attributes) = match entry {
                Entry::Message(m) => (m.id.name.to_string(), m.value.as_ref(), &m.attributes),
                Entry::Term(t) => (format!("-{}", t.id.name), Some(&t.value), &t.attributes),
                _ => continue,
            };
            if let Some(value) = value {
                let mut found = BTreeSet::new();
                variables(value, &mut found);
                add(id.clone(), found);
            }
            for attribute in attributes {
                let mut found = BTreeSet::new();
                variables(&attribute.value, &mut found);
                add(format!("{id}.{}", attribute.id.name), found);
            }
        }
    }
    keys
}

/// The literal keys the sources ask for: `t!("…"`, `i18n::text("…"`, `text_in(…, "…"`.
fn asked_for(source: &str) -> Vec<String> {
    let mut out = Vec::new();
    let literal_after = |rest: &str| -> Option<String> {
        let rest = rest.trim_start();
        let rest = rest.strip_prefix('"')?;
        Some(rest[..rest.find('"')?].to_string())
    };
    for (pattern, skip_first_argument) in [("t!(", false), ("text(", false), ("text_in(", true)] {
        for (at, _) in source.match_indices(pattern) {
            let before = source[..at].chars().next_back();
            if before.is_some_and(|c| c.is_alphanumeric() || c == '_') {
                continue;
            }
            if pattern == "text(" && !source[..at].ends_with("i18n::") {
                continue;
            }
            let mut rest = &source[at + pattern.len()..];
            if skip_first_argument {
                match rest.find(',') {
                    Some(comma) => rest = &rest[comma + 1..],
                    None => continue,
                }
            }
            if let Some(key) = literal_after(rest) {
                out.push(key);
            }
        }
    }
    out
}

#[test]
fn the_catalogue_is_whole_in_both_languages() {
    let mut problems = Vec::new();
    let english = load(Lang::En, &mut problems);
    let portuguese = load(Lang::PtBr, &mut problems);

    // (a) the same keys, (b) the same named arguments.
    for (key, args) in &english {
        match portuguese.get(key) {
            None => problems.push(format!("`{key}` is in en but not in pt-BR")),
            Some(theirs) if theirs != args => problems.push(format!(
                "`{key}` takes {args:?} in en but {theirs:?} in pt-BR"
            )),
            Some(_) => {}
        }
    }
    for key in portuguese.keys().filter(|k| !english.contains_key(*k)) {
        problems.push(format!("`{key}` is in pt-BR but not in en"));
    }

    // The sources, and the help keys the command tree computes.
    // Comments (examples in documentation) and this file's own examples ask for nothing.
    let mut source_files = files(&root().join("src"), "rs");
    for entry in std::fs::read_dir(root().join("crates")).unwrap().flatten() {
        source_files.extend(files(&entry.path().join("src"), "rs"));
    }
    let sources: String = source_files
        .iter()
        .filter(|p| !p.ends_with("src/catalogue_tests.rs"))
        .flat_map(|p| {
            let text = std::fs::read_to_string(p).unwrap();
            text.lines()
                .filter(|l| !l.trim_start().starts_with("//"))
                .map(str::to_string)
                .collect::<Vec<_>>()
        })
        .collect::<Vec<_>>()
        .join("\n");
    let tree =
        crate::cli::localize::required_keys(&<crate::cli::Cli as clap::CommandFactory>::command());
    let computed: BTreeSet<&str> = tree.iter().map(String::as_str).collect();

    // (c) every key is used. An attribute counts as used with its message; terms are used by messages.
    for key in english.keys() {
        let message = key.split('.').next().unwrap_or(key);
        if message.starts_with('-') {
            continue;
        }
        let literal = format!("\"{message}\"");
        if !sources.contains(&literal) && !computed.contains(message) {
            problems.push(format!(
                "`{key}` is not used: no \"{message}\" in src/ or crates/ and no command or flag has it"
            ));
        }
    }

    // (d) every key the sources ask for exists.
    for key in asked_for(&sources) {
        for (lang, keys) in [("en", &english), ("pt-BR", &portuguese)] {
            if !keys.contains_key(&key) {
                problems.push(format!(
                    "`{key}` is asked for in src/ but missing in {lang}"
                ));
            }
        }
    }

    // (e) every command and flag of the tree has its help in both languages.
    for key in &tree {
        for (lang, keys) in [("en", &english), ("pt-BR", &portuguese)] {
            if !keys.contains_key(key) {
                problems.push(format!("`{key}`: help missing in {lang}"));
            }
        }
    }

    problems.sort();
    problems.dedup();
    assert!(
        problems.is_empty(),
        "{} problems in the catalogue:\n  {}",
        problems.len(),
        problems.join("\n  ")
    );
}

#[test]
fn the_scan_finds_literal_keys_after_each_way_of_asking() {
    let source = r#"format!("no"); t!("a-b", n = 1); crate::text::i18n::text("c-d", &[]); i18n::text_in(lang, "e-f", &[]); x.text("no")"#;
    assert_eq!(asked_for(source), ["a-b", "c-d", "e-f"]);
}
