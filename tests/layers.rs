//! Keeps the house one way: reads every `use crate::…`/`super::…` path of the client's crates
//! (`crates/*/src/`, `src/`) and `sandbox/src/` and fails on an import from a lower layer to a higher
//! one (per the tables of ARCHITECTURE.md), on an import a layer forbids, on an import circle between
//! files, and on a module that no layer names. Code inside `#[cfg(test)]` modules is exempt: tests may
//! look anywhere. It also fails on a file or folder ARCHITECTURE.md names that does not exist.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// A module as a path of names from the crate root: `["api", "judge"]`.
type Module = Vec<String>;

/// One row of a layer table.
#[derive(Debug, Clone)]
struct Layer {
    rank: u32,
    /// The word after the rank: `transport`, `hosts`.
    name: String,
    modules: Vec<String>,
    forbidden: Vec<String>,
}

/// The rows of the table that follows `<!-- layers:KEY -->` in ARCHITECTURE.md.
fn layers(architecture: &str, key: &str) -> Vec<Layer> {
    let marker = format!("<!-- layers:{key} -->");
    let start = architecture
        .find(&marker)
        .unwrap_or_else(|| panic!("ARCHITECTURE.md has no {marker}"));
    let mut rows = Vec::new();
    for line in architecture[start + marker.len()..].lines().skip(1) {
        let line = line.trim();
        if !line.starts_with('|') {
            break;
        }
        let cells: Vec<&str> = line.trim_matches('|').split('|').map(str::trim).collect();
        let Some(rank) = cells
            .first()
            .and_then(|c| c.split_whitespace().next())
            .and_then(|n| n.parse::<u32>().ok())
        else {
            continue; // the header and its rule
        };
        let names = |cell: Option<&&str>| -> Vec<String> {
            cell.map(|c| {
                c.split('`')
                    .skip(1)
                    .step_by(2)
                    .map(str::to_string)
                    .collect()
            })
            .unwrap_or_default()
        };
        rows.push(Layer {
            rank,
            name: cells[0].split_whitespace().nth(1).unwrap_or("").to_string(),
            modules: names(cells.get(1)),
            forbidden: names(cells.get(2)),
        });
    }
    assert!(!rows.is_empty(), "the table after {marker} has no rows");
    rows
}

/// Every `.rs` file under `root`, by the module it is.
fn modules(root: &Path) -> BTreeMap<Module, PathBuf> {
    fn walk(dir: &Path, root: &Path, out: &mut BTreeMap<Module, PathBuf>) {
        for entry in std::fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                walk(&path, root, out);
            } else if path.extension().is_some_and(|e| e == "rs") {
                let rel = path.strip_prefix(root).unwrap().with_extension("");
                let mut names: Module = rel
                    .components()
                    .map(|c| c.as_os_str().to_string_lossy().into_owned())
                    .collect();
                if matches!(
                    names.last().map(String::as_str),
                    Some("mod" | "lib" | "main")
                ) {
                    names.pop();
                }
                // A crate with a library and a program has one root for its modules: `lib.rs`.
                if names.is_empty() && out.contains_key(&names) && !path.ends_with("lib.rs") {
                    continue;
                }
                out.insert(names, path);
            }
        }
    }
    let mut out = BTreeMap::new();
    walk(root, root, &mut out);
    out
}

/// The code of a file that counts: line comments removed, and everything from a `#[cfg(test)]`
/// inline module on (test modules close the files of this project).
fn counted_code(text: &str) -> String {
    let mut code = String::with_capacity(text.len());
    for line in text.lines() {
        let line = match line.find("//") {
            Some(i) => &line[..i],
            None => line,
        };
        code.push_str(line);
        code.push('\n');
    }
    for (at, after) in test_attributes(&code) {
        let rest = code[after..].trim_start();
        let rest = rest.strip_prefix("pub ").unwrap_or(rest).trim_start();
        if let Some(module) = rest.strip_prefix("mod ") {
            let head: String = module.chars().take_while(|c| *c != '\n').collect();
            if head.contains('{') {
                code.truncate(at);
                break;
            }
        }
    }
    code
}

/// Children declared as test-only files: `#[cfg(test)] mod name;` (or a `cfg` that needs `test`).
fn test_only_children(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    for (_, after) in test_attributes(text) {
        let t = text[after..].trim_start();
        // `pub`, `pub(crate)`, `pub(super)`: any visibility before `mod`.
        let t = match t.strip_prefix("pub") {
            Some(rest) if rest.starts_with('(') => rest.split_once(')').map_or(rest, |(_, r)| r),
            Some(rest) => rest,
            None => t,
        }
        .trim_start();
        if let Some(module) = t.strip_prefix("mod ") {
            let name: String = module
                .chars()
                .take_while(|c| c.is_alphanumeric() || *c == '_')
                .collect();
            if module[name.len()..].trim_start().starts_with(';') {
                out.push(name);
            }
        }
    }
    out
}

/// Where each `#[cfg(…)]` attribute that needs `test` (`#[cfg(test)]`, `#[cfg(all(test, unix))]`)
/// starts, and where the code after it starts.
fn test_attributes(text: &str) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    let mut from = 0;
    while let Some(i) = text[from..].find("#[cfg(") {
        let at = from + i;
        let Some(len) = text[at..].find(")]") else {
            break;
        };
        let inner = &text[at + "#[cfg(".len()..at + len];
        let needs_test = inner
            .split(|c: char| !is_ident(c))
            .any(|word| word == "test")
            && !inner.contains("not(test");
        if needs_test {
            out.push((at, at + len + 2));
        }
        from = at + len + 2;
    }
    out
}

fn is_ident(c: char) -> bool {
    c.is_alphanumeric() || c == '_'
}

/// Every path written as `a::b…` in `code` (`crate::`, `super::`, `self::` or a bare first name), brace
/// groups expanded.
fn paths(code: &str) -> Vec<Vec<String>> {
    let chars: Vec<char> = code.chars().collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        let starts_word =
            i == 0 || !(is_ident(chars[i - 1]) || chars[i - 1] == ':' || chars[i - 1] == '$');
        if starts_word && is_ident(chars[i]) && !chars[i].is_ascii_digit() {
            let end = chars[i..]
                .iter()
                .position(|c| !is_ident(*c))
                .map_or(chars.len(), |n| i + n);
            if chars[end..].starts_with(&[':', ':']) {
                // `crate::…`, `super::…`, `self::…`, or a bare `name::…` (a child module, or
                // something outside the crate: `resolve` tells).
                let (found, _) = path_from(&chars, i);
                out.extend(found);
            }
            i = end.max(i + 1);
            continue;
        }
        i += 1;
    }
    out
}

/// The paths written at `chars[i..]`: `a::b::c`, or `a::{b, c::d}`, with `a` kept in each.
fn path_from(chars: &[char], mut i: usize) -> (Vec<Vec<String>>, usize) {
    let mut prefix = Vec::new();
    loop {
        while i < chars.len() && chars[i].is_whitespace() {
            i += 1;
        }
        if i < chars.len() && chars[i] == '{' {
            let mut found = Vec::new();
            i += 1;
            loop {
                while i < chars.len() && (chars[i].is_whitespace() || chars[i] == ',') {
                    i += 1;
                }
                if i >= chars.len() || chars[i] == '}' {
                    return (found, i + 1);
                }
                let (inner, next) = path_from(chars, i);
                for p in inner {
                    let mut whole = prefix.clone();
                    whole.extend(p);
                    found.push(whole);
                }
                i = next;
            }
        }
        let start = i;
        while i < chars.len() && is_ident(chars[i]) {
            i += 1;
        }
        if start == i {
            // `*`, or something that is not a path: what came before is the path.
            while i < chars.len() && !matches!(chars[i], ',' | '}' | ';') {
                i += 1;
            }
            return (vec![prefix], i);
        }
        prefix.push(chars[start..i].iter().collect());
        if chars[i..].starts_with(&[':', ':']) {
            i += 2;
        } else {
            // `as name` and the like end the path.
            while i < chars.len() && !matches!(chars[i], ',' | '}' | ';' | '(' | ')' | '\n') {
                i += 1;
            }
            return (vec![prefix], i);
        }
    }
}

/// The module file a path names from inside `from`: the deepest existing module along it.
fn resolve(
    from: &Module,
    path: &[String],
    files: &BTreeMap<Module, PathBuf>,
    below: &BTreeSet<String>,
) -> Option<Module> {
    let mut base: Module = Vec::new();
    let mut rest = path;
    match path.first().map(String::as_str) {
        // A module of a crate below, re-exported at the root under its name.
        Some("crate")
            if path.get(1).is_some_and(|name| {
                below.contains(name) && !files.contains_key(&vec![name.clone()])
            }) =>
        {
            return Some(vec![path[1].clone()]);
        }
        Some("crate") => rest = &path[1..],
        Some("super") => {
            base = from.clone();
            while rest.first().map(String::as_str) == Some("super") {
                base.pop();
                rest = &rest[1..];
            }
        }
        Some("self") => {
            base = from.clone();
            rest = &path[1..];
        }
        // A bare first name is an import only when it names a child module of `from`: a parent
        // that uses its child counts as much as a child that uses its parent.
        Some(name) => {
            let mut child = from.clone();
            child.push(name.to_string());
            if !files.contains_key(&child) {
                return None;
            }
            base = from.clone();
        }
        None => return None,
    }
    let mut best = base.clone();
    let mut at = base;
    for name in rest {
        at.push(name.clone());
        if files.contains_key(&at) {
            best = at.clone();
        } else {
            break;
        }
    }
    Some(best)
}

/// The modules declared `#[cfg(test)] mod name;`: test files that may look anywhere.
fn test_only(files: &BTreeMap<Module, PathBuf>) -> BTreeSet<Module> {
    let mut exempt = BTreeSet::new();
    for (m, path) in files {
        for child in test_only_children(&std::fs::read_to_string(path).unwrap()) {
            let mut c = m.clone();
            c.push(child);
            exempt.insert(c);
        }
    }
    exempt
}

/// What is wrong with the tree at `root`, judged by `table`: one line per problem.
fn problems(root: &Path, table: &[Layer]) -> Vec<String> {
    let files = modules(root);
    let exempt = test_only(&files);
    let rank_of: BTreeMap<&str, &Layer> = table
        .iter()
        .flat_map(|l| l.modules.iter().map(move |m| (m.as_str(), l)))
        .collect();
    // Rank 0 names the modules of the crates below, which this crate re-exports: no file here.
    let below: BTreeSet<String> = table
        .iter()
        .filter(|l| l.rank == 0)
        .flat_map(|l| l.modules.iter().cloned())
        .collect();
    let mut out = Vec::new();
    let mut edges: BTreeMap<Module, BTreeSet<Module>> = BTreeMap::new();
    for (m, path) in &files {
        if m.is_empty() || exempt.iter().any(|e| m.starts_with(e)) {
            continue; // the crate root wires modules together; test-only files may look anywhere
        }
        let Some(layer) = rank_of.get(m[0].as_str()) else {
            out.push(format!("module `{}` is in no layer", m[0]));
            continue;
        };
        let code = counted_code(&std::fs::read_to_string(path).unwrap());
        for p in paths(&code) {
            let Some(target) = resolve(m, &p, &files, &below) else {
                continue;
            };
            if target.is_empty() || &target == m {
                continue;
            }
            let Some(to) = rank_of.get(target[0].as_str()) else {
                out.push(format!("module `{}` is in no layer", target[0]));
                continue;
            };
            let (a, b) = (m.join("::"), target.join("::"));
            if to.rank > layer.rank {
                out.push(format!(
                    "{a} (layer {}) imports {b} (layer {}), a higher layer",
                    layer.rank, to.rank
                ));
            }
            if layer.forbidden.iter().any(|f| f == &target[0]) {
                out.push(format!("{a} imports {b}, which its layer may not import"));
            }
            edges.entry(m.clone()).or_default().insert(target);
        }
    }
    for circle in circles(&edges) {
        out.push(format!("import circle: {}", circle.join(" -> ")));
    }
    out.sort();
    out.dedup();
    out
}

/// The strongly connected groups of more than one module (Tarjan).
fn circles(edges: &BTreeMap<Module, BTreeSet<Module>>) -> Vec<Vec<String>> {
    struct State<'a> {
        edges: &'a BTreeMap<Module, BTreeSet<Module>>,
        index: BTreeMap<Module, usize>,
        low: BTreeMap<Module, usize>,
        stack: Vec<Module>,
        on: BTreeSet<Module>,
        next: usize,
        found: Vec<Vec<String>>,
    }
    fn visit(s: &mut State, v: &Module) {
        s.index.insert(v.clone(), s.next);
        s.low.insert(v.clone(), s.next);
        s.next += 1;
        s.stack.push(v.clone());
        s.on.insert(v.clone());
        for w in s.edges.get(v).cloned().unwrap_or_default() {
            if !s.index.contains_key(&w) {
                visit(s, &w);
                let low = s.low[v].min(s.low[&w]);
                s.low.insert(v.clone(), low);
            } else if s.on.contains(&w) {
                let low = s.low[v].min(s.index[&w]);
                s.low.insert(v.clone(), low);
            }
        }
        if s.low[v] == s.index[v] {
            let mut group = Vec::new();
            loop {
                let w = s.stack.pop().unwrap();
                s.on.remove(&w);
                group.push(w.join("::"));
                if &w == v {
                    break;
                }
            }
            if group.len() > 1 {
                group.sort();
                s.found.push(group);
            }
        }
    }
    let mut s = State {
        edges,
        index: BTreeMap::new(),
        low: BTreeMap::new(),
        stack: Vec::new(),
        on: BTreeSet::new(),
        next: 0,
        found: Vec::new(),
    };
    for v in edges.keys() {
        if !s.index.contains_key(v) {
            visit(&mut s, v);
        }
    }
    s.found
}

/// The shared modules of `area` (the first column of the table after `<!-- KEY:shared -->`).
fn shared_modules(architecture: &str, key: &str) -> Vec<String> {
    let marker = format!("<!-- {key}:shared -->");
    let start = architecture
        .find(&marker)
        .unwrap_or_else(|| panic!("ARCHITECTURE.md has no {marker}"));
    let names: Vec<String> = architecture[start + marker.len()..]
        .lines()
        .skip(1)
        .map(str::trim)
        .take_while(|line| line.starts_with('|'))
        .filter_map(|line| line.trim_matches('|').split('|').next())
        .filter_map(|cell| cell.split('`').nth(1).map(str::to_string))
        .collect();
    assert!(!names.is_empty(), "the table after {marker} has no rows");
    names
}

/// What breaks the rule of the commands under `root/area` (`src/cli`): one line per problem. Each
/// module directly under `area` is a command module unless `shared` names it; a command module
/// imports nothing of `area` outside itself but shared modules, and a shared module nothing but
/// shared modules. The module `area` itself (the dispatch) may import every command.
fn command_problems(root: &Path, area: &str, shared: &[String]) -> Vec<String> {
    let files = modules(root);
    let exempt = test_only(&files);
    let mut out = Vec::new();
    for name in shared {
        if !files
            .keys()
            .any(|m| m.len() > 1 && m[0] == area && &m[1] == name)
        {
            out.push(format!("shared module `{area}::{name}` does not exist"));
        }
    }
    let is_shared = |m: &Module| shared.iter().any(|s| s == &m[1]);
    for (m, path) in &files {
        if m.len() < 2 || m[0] != area || exempt.iter().any(|e| m.starts_with(e)) {
            continue;
        }
        let code = counted_code(&std::fs::read_to_string(path).unwrap());
        for p in paths(&code) {
            let Some(target) = resolve(m, &p, &files, &BTreeSet::new()) else {
                continue;
            };
            if target.first().map(String::as_str) != Some(area) || exempt.contains(&target) {
                continue;
            }
            let (a, b) = (m.join("::"), target.join("::"));
            if target.len() < 2 {
                out.push(format!("{a} imports {b}, the command tree"));
            } else if is_shared(m) && !is_shared(&target) {
                out.push(format!("shared module {a} imports {b}, a command"));
            } else if !is_shared(m) && target[1] != m[1] && !is_shared(&target) {
                out.push(format!("command {a} imports {b}, another command"));
            }
        }
    }
    out.sort();
    out.dedup();
    out
}

fn repo() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn architecture() -> String {
    std::fs::read_to_string(repo().join("ARCHITECTURE.md")).expect("ARCHITECTURE.md")
}

/// The client's crates, by the folder of their sources (each has its table in ARCHITECTURE.md).
/// `clinic-catalogue` is one file with no modules.
const CLIENT: &[&str] = &[
    "crates/clinic-core/src",
    "crates/clinic-api/src",
    "crates/clinic-output/src",
    "src",
];

#[test]
fn the_client_imports_only_from_below() {
    let found: Vec<String> = CLIENT
        .iter()
        .flat_map(|root| {
            problems(&repo().join(root), &layers(&architecture(), root))
                .into_iter()
                .map(move |p| format!("{root}: {p}"))
        })
        .collect();
    assert!(found.is_empty(), "{}", found.join("\n"));
}

#[test]
fn the_sandbox_imports_only_from_below() {
    let found = problems(
        &repo().join("sandbox/src"),
        &layers(&architecture(), "sandbox/src"),
    );
    assert!(found.is_empty(), "{}", found.join("\n"));
}

/// The files of the client's crates outside the crate roots, `allowed` modules and test-only
/// modules whose code names `word`.
fn naming_outside(word: &str, allowed: &[String]) -> Vec<String> {
    CLIENT
        .iter()
        .flat_map(|root| naming_outside_in(&repo().join(root), word, allowed))
        .collect()
}

fn naming_outside_in(root: &Path, word: &str, allowed: &[String]) -> Vec<String> {
    let mut found = Vec::new();
    let files = modules(root);
    let exempt = test_only(&files);
    for (m, path) in &files {
        let top = m.first().map(String::as_str);
        if top.is_none_or(|t| allowed.iter().any(|a| a == t))
            || exempt.iter().any(|e| m.starts_with(e))
        {
            continue;
        }
        let code = counted_code(&std::fs::read_to_string(path).unwrap());
        if code.contains(word) {
            found.push(path.display().to_string());
        }
    }
    found
}

/// The modules below `cli` that name clap: the global flags, defined once with their clap
/// attributes, which the context reads as they are, and how the lower crates' value types are
/// spelled on the command line.
const CLAP_BELOW_CLI: &[&str] = &["global_flags", "spelling"];

#[test]
fn nothing_below_cli_names_clap() {
    // `cli` and what stands above it (the program run inside a test's process).
    let table = layers(&architecture(), "src");
    let cli = table
        .iter()
        .find(|l| l.modules.iter().any(|m| m == "cli"))
        .expect("ARCHITECTURE.md puts `cli` in a layer")
        .rank;
    let mut allowed: Vec<String> = table
        .into_iter()
        .filter(|l| l.rank >= cli)
        .flat_map(|l| l.modules)
        .collect();
    allowed.extend(CLAP_BELOW_CLI.iter().map(|m| m.to_string()));
    let found = naming_outside("clap", &allowed);
    assert!(found.is_empty(), "clap named below cli in: {found:?}");
}

/// The modules that may name the process's own stdout and stderr: the crate roots (`main.rs` prints
/// what fails before the streams exist), the terminal module, which hands them to everyone else,
/// and `clinic-core`'s `std_streams` (whether stdout was closed; the last words of a panic, when
/// the streams' lock may be held).
const STREAM_OWNERS: &[&str] = &["term", "std_streams"];

/// Every place in the files under `root` that prints or reaches the process's stdout or stderr
/// itself — `println!`, `eprintln!`, `print!`, `eprint!`, a call of `stdout()` or `stderr()`
/// (`std::io::…`, `anstream::…`) — outside the crate roots, [`STREAM_OWNERS`] and test code: one
/// `file:line: name` each. A method of that name (`Command::stdout(…)` on a child) is not one.
fn stream_writes(root: &Path) -> Vec<String> {
    let files = modules(root);
    let exempt = test_only(&files);
    let mut out = Vec::new();
    for (m, path) in &files {
        if m.is_empty()
            || STREAM_OWNERS.contains(&m[0].as_str())
            || exempt.iter().any(|e| m.starts_with(e))
        {
            continue;
        }
        let code = counted_code(&std::fs::read_to_string(path).unwrap());
        let chars: Vec<char> = code.chars().collect();
        let mut i = 0;
        while i < chars.len() {
            if !is_ident(chars[i]) || (i > 0 && is_ident(chars[i - 1])) {
                i += 1;
                continue;
            }
            let end = chars[i..]
                .iter()
                .position(|c| !is_ident(*c))
                .map_or(chars.len(), |n| i + n);
            let word: String = chars[i..end].iter().collect();
            let next = chars.get(end).copied();
            let method = i > 0 && chars[i - 1] == '.';
            let found = match word.as_str() {
                "println" | "eprintln" | "print" | "eprint" => next == Some('!'),
                "stdout" | "stderr" => next == Some('(') && !method,
                _ => false,
            };
            if found {
                let line = code[..chars[..i].iter().map(|c| c.len_utf8()).sum::<usize>()]
                    .lines()
                    .count()
                    .max(1);
                let rel = path.strip_prefix(root).unwrap_or(path);
                out.push(format!("{}:{line}: {word}", rel.display()));
            }
            i = end;
        }
    }
    out
}

#[test]
fn only_the_terminal_module_writes_to_stdout_and_stderr() {
    let found: Vec<String> = CLIENT
        .iter()
        .flat_map(|root| stream_writes(&repo().join(root)))
        .collect();
    assert!(
        found.is_empty(),
        "stdout or stderr reached outside `term` (go through `Context::io`, `ui::Reporter`):\n{}",
        found.join("\n")
    );
}

/// Writes `text` into the file `rel` of a tree under `root`, making its folders.
fn write_file(root: &Path, rel: &str, text: &str) {
    let path = root.join(rel);
    std::fs::create_dir_all(path.parent().unwrap()).unwrap();
    std::fs::write(path, text).unwrap();
}

/// The stream rule finds each way of printing outside the terminal module, and leaves alone the
/// crate root, the terminal module, test code and a child process's `stdout(…)`.
#[test]
fn the_stream_rule_finds_each_way_of_printing() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path();
    let write = |rel: &str, text: &str| write_file(root, rel, text);
    write("main.rs", "fn main() { eprintln!(\"x\"); }\n");
    write("term.rs", "pub fn w() { let _ = std::io::stdout(); }\n");
    write(
        "quiet.rs",
        "// println!(\"a comment\")\npub fn f(c: &mut std::process::Command) {\n    \
         c.stdout(std::process::Stdio::null());\n    let stdout_tty = true;\n}\n\
         #[cfg(test)]\nmod tests {\n    fn t() { println!(\"x\"); }\n}\n",
    );
    assert_eq!(stream_writes(root), Vec::<String>::new());
    write(
        "loud.rs",
        "use std::io::Write;\npub fn f() {\n    println!(\"a\");\n    eprint!(\"b\");\n    \
         let _ = writeln!(std::io::stderr(), \"c\");\n    let _ = anstream::stdout();\n    \
         print!(\"d\"); eprintln!();\n}\n",
    );
    assert_eq!(
        stream_writes(root),
        [
            "loud.rs:3: println",
            "loud.rs:4: eprint",
            "loud.rs:5: stderr",
            "loud.rs:6: stdout",
            "loud.rs:7: print",
            "loud.rs:7: eprintln",
        ]
    );
}

/// Requests are built and sent only by the transport and the hosts' clients: everything above
/// calls a host's typed functions, never `reqwest` (its methods, headers, statuses) itself.
#[test]
fn only_the_transport_and_the_hosts_name_reqwest() {
    let allowed: Vec<String> = layers(&architecture(), "crates/clinic-api/src")
        .into_iter()
        .filter(|l| l.name == "transport" || l.name == "hosts")
        .flat_map(|l| l.modules)
        .collect();
    assert!(
        allowed.iter().any(|m| m == "http") && allowed.iter().any(|m| m == "api"),
        "ARCHITECTURE.md names no transport or hosts layer: {allowed:?}"
    );
    let found = naming_outside("reqwest", &allowed);
    assert!(
        found.is_empty(),
        "reqwest named above the hosts layer in: {found:?}"
    );
}

/// The checker itself catches what it is for: a tree with an upward import, a forbidden import,
/// a circle and an unlisted module gives one problem each; the same tree without them gives none.
#[test]
fn the_checker_finds_each_kind_of_problem() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path();
    let write = |rel: &str, text: &str| write_file(root, rel, text);
    let table = "<!-- layers:t -->\n| layer | modules | may not import |\n|---|---|---|\n\
                 | 1 low | `low` | |\n| 2 mid | `mid` | |\n| 3 top | `top` | `low` |\n";
    let table = layers(table, "t");
    write("lib.rs", "mod low; mod mid; mod top;\n");
    write(
        "low.rs",
        "pub fn f() {}\n#[cfg(all(test, unix))]\nmod tests {\n    use crate::top::g;\n}\n",
    );
    write("mid/mod.rs", "mod a;\nmod b;\nuse crate::low;\n");
    write(
        "mid/a.rs",
        "use super::b::x; // a comment naming crate::top is not an import\n",
    );
    write("mid/b.rs", "pub fn x() {}\n");
    write(
        "top.rs",
        "use crate::{mid::{self, a}, low as l};\npub fn g() {}\n",
    );
    let base = problems(root, &table);
    assert_eq!(base, ["top imports low, which its layer may not import"]);

    // A parent that uses its child (a bare `b::`) while the child uses the parent: a circle too.
    write(
        "mid/mod.rs",
        "mod a;\nmod b;\nuse crate::low;\npub fn m() { b::x() }\n",
    );
    write("mid/b.rs", "pub fn x() { super::m() }\n");
    let found = problems(root, &table);
    assert!(
        found.iter().any(|p| p == "import circle: mid -> mid::b"),
        "{found:?}"
    );
    write("mid/mod.rs", "mod a;\nmod b;\nuse crate::low;\n");
    write("mid/b.rs", "pub fn x() {}\n");

    write("low.rs", "use crate::mid;\n");
    write("mid/b.rs", "use super::a;\n");
    write("stray.rs", "pub fn s() {}\n");
    let found = problems(root, &table);
    assert!(
        found
            .iter()
            .any(|p| p == "low (layer 1) imports mid (layer 2), a higher layer"),
        "{found:?}"
    );
    assert!(
        found.iter().any(|p| p == "import circle: mid::a -> mid::b"),
        "{found:?}"
    );
    assert!(
        found.iter().any(|p| p == "module `stray` is in no layer"),
        "{found:?}"
    );

    // A module of a crate below (rank 0, re-exported, no file here) may be forbidden too; a
    // program's `main.rs` beside `lib.rs` does not hide the library's test-only children.
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path();
    let write = |rel: &str, text: &str| write_file(root, rel, text);
    let table = "<!-- layers:t -->\n| layer | modules | may not import |\n|---|---|---|\n\
                 | 0 crates | `api`, `output` | |\n| 1 mirror | `mirror` | `api` |\n";
    let table = layers(table, "t");
    write(
        "lib.rs",
        "pub use below::{api, output};\nmod mirror;\n#[cfg(test)]\nmod checks;\n",
    );
    write("main.rs", "fn main() {}\n");
    write("checks.rs", "use crate::mirror;\n");
    write("mirror.rs", "use crate::output::Sink;\n");
    assert_eq!(problems(root, &table), Vec::<String>::new());
    write(
        "mirror.rs",
        "use crate::output::Sink;\nuse crate::api::ops;\n",
    );
    assert_eq!(
        problems(root, &table),
        ["mirror imports api, which its layer may not import"]
    );
}

/// No command module imports another: what two commands share lives in a shared module (the table
/// of ARCHITECTURE.md), which imports no command itself.
#[test]
fn commands_never_import_each_other() {
    let shared = shared_modules(&architecture(), "cli");
    let found = command_problems(&repo().join("src"), "cli", &shared);
    assert!(found.is_empty(), "{}", found.join("\n"));
}

/// The command rule finds a command importing another, a shared module importing a command, a
/// command importing the dispatch and a shared module that does not exist, and lets a command
/// import itself and shared modules, and the dispatch and test code import anything.
#[test]
fn the_command_rule_finds_each_kind_of_problem() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path();
    let write = |rel: &str, text: &str| write_file(root, rel, text);
    let shared = ["args".to_string(), "ask".to_string()];
    write("lib.rs", "pub mod cli;\npub mod low;\n");
    write("low.rs", "pub fn f() {}\n");
    write(
        "cli/mod.rs",
        "pub mod args;\npub mod ask;\npub mod one;\npub mod two;\nuse one::run;\nuse two::run as r;\n",
    );
    write("cli/args.rs", "use super::ask;\nuse crate::low;\n");
    write("cli/ask.rs", "pub fn yes() {}\n");
    write(
        "cli/one/mod.rs",
        "mod part;\nuse super::args;\nuse crate::cli::ask::yes;\npub fn run() {}\n",
    );
    write("cli/one/part.rs", "use super::super::args;\n");
    write(
        "cli/two.rs",
        "use crate::low::f;\npub fn run() {}\n#[cfg(test)]\nmod tests {\n    use crate::cli::one::run;\n}\n",
    );
    assert_eq!(command_problems(root, "cli", &shared), Vec::<String>::new());

    write("cli/one/part.rs", "use crate::cli::two::run;\n");
    write("cli/ask.rs", "use super::one;\n");
    write("cli/two.rs", "pub fn run() { super::run() }\n");
    let with_missing = [shared.to_vec(), vec!["gone".to_string()]].concat();
    assert_eq!(
        command_problems(root, "cli", &with_missing),
        [
            "cli::two imports cli, the command tree",
            "command cli::one::part imports cli::two, another command",
            "shared module `cli::gone` does not exist",
            "shared module cli::ask imports cli::one, a command",
        ]
    );
}

/// The top folders of the repository that a path in ARCHITECTURE.md may start with.
const TREE: &[&str] = &[
    "crates/", "src/", "sandbox/", "tests/", "bench/", "docs/", "locales/",
];

/// Every backticked path of `text` that names a file or folder of the repository (it holds a `/`
/// and starts with one of the [`TREE`] folders), cut before its first placeholder segment:
/// `tests/cli/<command>.rs` names the folder `tests/cli`, `locales/en/*.ftl` the folder `locales/en`.
fn named_paths(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    for span in text.split('`').skip(1).step_by(2) {
        if !span.contains('/') || !TREE.iter().any(|top| span.starts_with(top)) {
            continue;
        }
        let concrete: Vec<&str> = span
            .split('/')
            .take_while(|segment| !segment.contains('<') && !segment.contains('*'))
            .filter(|segment| !segment.is_empty())
            .collect();
        let path = concrete.join("/");
        if !out.contains(&path) {
            out.push(path);
        }
    }
    out
}

/// The paths `text` names (see [`named_paths`]) that are neither a file nor a folder under `root`.
fn missing_paths(root: &Path, text: &str) -> Vec<String> {
    named_paths(text)
        .into_iter()
        .filter(|path| !root.join(path).exists())
        .collect()
}

/// "Where a change goes" sends the next engineer to files by name: a file moved or renamed must take
/// its mention along.
#[test]
fn every_path_architecture_names_exists() {
    let missing = missing_paths(&repo(), &architecture());
    assert!(
        missing.is_empty(),
        "ARCHITECTURE.md names paths that do not exist:\n{}",
        missing.join("\n")
    );
}

/// The path rule finds each path that is missing, cuts placeholders to their folder, and leaves
/// alone what is no repository path.
#[test]
fn the_path_checker_finds_each_missing_path() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path();
    write_file(root, "src/cli/report/mod.rs", "");
    write_file(root, "tests/cli/reports.rs", "");
    write_file(root, "locales/en/cli.ftl", "");
    let text = "\
        - `src/cli/report/mod.rs`, `src/cli/report/`, `tests/cli/<command>.rs`, `locales/en/*.ftl`\n\
        - `src/cli/report/gone.rs` and `docs/nothing/`, `sandbox/src/rest/<group>.rs`\n\
        - not paths: `api::list`, `cargo test -p clinic-api`, `a/b.rs`, `--to`, `target/debug/x`\n\
        - `src/cli/report/gone.rs` again, and `locales/fr/*.ftl`\n";
    assert_eq!(
        named_paths(text),
        [
            "src/cli/report/mod.rs",
            "src/cli/report",
            "tests/cli",
            "locales/en",
            "src/cli/report/gone.rs",
            "docs/nothing",
            "sandbox/src/rest",
            "locales/fr",
        ]
    );
    assert_eq!(
        missing_paths(root, text),
        [
            "src/cli/report/gone.rs",
            "docs/nothing",
            "sandbox/src/rest",
            "locales/fr"
        ]
    );
}
