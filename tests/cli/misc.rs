use predicates::prelude::*;
use serde_json::Value;

use crate::common::*;

/// The 19 operations of the API reference, by path.
const API_PATHS: &[&str] = &[
    "/loginApi",
    "/cadastraCliente",
    "/atualizaCadastroCliente",
    "/criaCampanha",
    "/mudaStatusAgendamento",
    "/relAgendamentos",
    "/lista_venda_orcamento",
    "/lista_cliente",
    "/listaCriadoPorVenda",
    "/listaPlanoDeConta",
    "/listaVendedor",
    "/listaCampanha",
    "/listaServico",
    "/avaliacaoPossuiVendaOrcamento",
    "/listaClinicas",
    "/listaCanal",
    "/statusAgendamento",
    "/lista_status_venda",
    "/listaTipoOperacao",
];

#[test]
fn operations_cover_the_api_and_every_command_parses() {
    let env = Env::new();
    let out = env
        .bare()
        .args(["operations", "--format", "json"])
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", stderr(&out));
    let ops = stdout_json(&out);
    let ops = ops.as_array().unwrap();
    let paths: Vec<&str> = ops.iter().map(|o| o["path"].as_str().unwrap()).collect();
    let mut wanted: Vec<String> = API_PATHS.iter().map(|p| p.to_string()).collect();
    // The reference itself, where it sits beside the repository, must agree.
    let reference = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/API.md");
    if let Ok(text) = std::fs::read_to_string(reference) {
        for line in text
            .lines()
            .filter(|l| l.starts_with("| ") && (l.contains("| GET `/") || l.contains("| POST `/")))
        {
            let path = line.split('`').nth(1).unwrap().to_string();
            assert!(
                API_PATHS.contains(&path.as_str()),
                "{path} missing from this test's list"
            );
            wanted.push(path);
        }
    }
    for p in &wanted {
        assert!(
            paths.contains(&p.as_str()),
            "{p} missing from `clinic operations`"
        );
    }
    for method in [
        "crm.contact.list",
        "crm.contact.get",
        "crm.contact.update",
        "crm.deal.list",
        "crm.deal.get",
        "crm.deal.update",
        "crm.duplicate.findbycomm",
        "batch",
    ] {
        assert!(paths.contains(&method), "{method}");
    }
}

/// The table drives its own coverage, both ways: every entry names a command that exists and a
/// route the sandbox serves (asked of the sandbox itself), and every route of the sandbox's
/// `/rest/v1` table is an entry, with the same method.
#[test]
fn every_operation_has_a_command_and_a_sandbox_route() {
    let env = Env::new();
    let out = env
        .bare()
        .args(["operations", "--format", "json"])
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", stderr(&out));
    let ops = stdout_json(&out);
    let ops = ops.as_array().unwrap();
    for op in ops {
        let field = |k: &str| op[k].as_str().unwrap_or_else(|| panic!("{k} of {op}"));
        let command = field("command");
        let words: Vec<&str> = command.split_whitespace().collect();
        assert_eq!(words.first(), Some(&"clinic"), "{command}");
        let help = env.bare().args(&words[1..]).arg("--help").output().unwrap();
        assert!(
            help.status.success(),
            "{} {}: no command `{command}`: {}",
            field("method"),
            field("path"),
            stderr(&help)
        );
        assert!(
            env.sandbox_serves(field("host"), field("method"), field("path")),
            "the sandbox serves no {} {} on {}",
            field("method"),
            field("path"),
            field("host")
        );
    }
    let routes = sandbox_rest_routes();
    assert!(routes.len() >= 19, "{routes:?}");
    for (method, path) in routes {
        assert!(
            ops.iter().any(|o| o["host"] == "base_url"
                && o["path"] == path.as_str()
                && o["method"] == method.as_str()),
            "the sandbox serves {method} {path}, which no entry of the operations table names"
        );
    }
}

/// The `/rest/v1` routes as the sandbox's router declares them: `.route("/path", post(handler))`.
fn sandbox_rest_routes() -> Vec<(String, String)> {
    let source = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("sandbox/src/rest/mod.rs");
    let text = std::fs::read_to_string(source).unwrap();
    let mut routes = Vec::new();
    for declared in text.split(".route(").skip(1) {
        let mut quoted = declared.split('"');
        let path = quoted.nth(1).unwrap().to_string();
        let rest = quoted.next().unwrap();
        let verb: String = rest
            .trim_start_matches([',', ' ', '\n'])
            .chars()
            .take_while(|c| c.is_ascii_alphabetic())
            .collect();
        routes.push((verb.to_ascii_uppercase(), path));
    }
    routes
}

#[test]
fn api_escape_hatch_with_paging_and_body() {
    let env = Env::new();
    let out = env
        .clinic()
        .args([
            "api",
            "GET",
            "/listaCanal",
            "-q",
            "pagina_atual=1",
            "-q",
            "por_pagina=3",
            "--format",
            "json",
        ])
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(stdout_json(&out).as_array().unwrap().len(), 3);
    env.clear_journal();
    let out = env
        .clinic()
        .args([
            "api",
            "get",
            "listaServico",
            "--all",
            "--per-page",
            "10",
            "--format",
            "ndjson",
        ])
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(String::from_utf8(out.stdout).unwrap().lines().count(), 25);
    assert!(env.sent().len() >= 3);
    env.clear_journal();
    let out = env
        .clinic()
        .args([
            "api",
            "POST",
            "/criaCampanha",
            "--data",
            r#"{"nome":"Via api","clinica":"1"}"#,
            "--format",
            "json",
        ])
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(body_of(&env.sent()[0])["nome"], "Via api");
    env.clinic()
        .args(["api", "POST", "/criaCampanha", "--data", "{nope"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("--data"));
    env.clinic().args(["api", "FETCH", "/x"]).assert().code(2);
    env.clinic()
        .args(["api", "GET", "/x", "-q", "novalue"])
        .assert()
        .code(2);
}

/// The paging parameters of each request the command sent, in order.
/// The page a `--page N` run asked for: the last request, after at most the one-time questions that
/// learn how the deployment numbers its pages (pages 1 and 0, see README "Conventions learned").
fn page_asked(env: &Env) -> (Option<String>, Option<String>) {
    let mut sent = paging_sent(env);
    let asked = sent.pop().expect("a request");
    assert!(
        sent.iter()
            .all(|(page, _)| matches!(page.as_deref(), Some("0" | "1"))),
        "{sent:?}"
    );
    asked
}

/// The paging of each request, the numbering probe (page 0, once per profile) aside.
fn paging_sent(env: &Env) -> Vec<(Option<String>, Option<String>)> {
    without_numbering_probe(env.sent())
        .iter()
        .map(|r| {
            let q = query_of(r);
            let get = |k: &str| {
                let all: Vec<String> = q
                    .iter()
                    .filter(|(key, _)| key == k)
                    .map(|(_, v)| v.clone())
                    .collect();
                assert!(all.len() <= 1, "{k} sent {} times", all.len());
                all.into_iter().next()
            };
            (get("pagina_atual"), get("por_pagina"))
        })
        .collect()
}

#[test]
fn api_get_sends_the_page_and_page_size() {
    let env = Env::new();
    let some = |p: &str, s: &str| (Some(p.to_string()), Some(s.to_string()));
    // The README's example: a paged list always gets its paging parameters.
    let out = env
        .clinic()
        .args([
            "api",
            "GET",
            "/listaCanal",
            "-q",
            "nome=insta",
            "--format",
            "json",
        ])
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(stdout_json(&out)[0]["nome"], "Instagram");
    // One page holds the list; only the empty page after it proves the end.
    assert_eq!(paging_sent(&env), [some("1", "50"), some("2", "50")]);
    assert!(query_of(&env.sent()[0]).contains(&("nome".into(), "insta".into())));
    env.clear_journal();
    let out = env
        .clinic()
        .args([
            "api",
            "GET",
            "/listaCanal",
            "--page",
            "2",
            "--per-page",
            "5",
        ])
        .args(["--format", "json"])
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(stdout_json(&out).as_array().unwrap().len(), 5);
    assert_eq!(stdout_json(&out)[0]["id"], 6);
    assert_eq!(page_asked(&env), some("2", "5"));
    // The flags win over the same names given with -q, and each is sent once.
    env.clear_journal();
    env.clinic()
        .args([
            "api",
            "GET",
            "/listaCanal",
            "-q",
            "pagina_atual=3",
            "--page",
            "2",
        ])
        .args(["-q", "por_pagina=4", "--format", "json"])
        .assert()
        .success();
    assert_eq!(page_asked(&env), some("2", "4"));
    // Any other path gets them when they are asked for, and not otherwise.
    env.clear_journal();
    env.clinic()
        .args([
            "api",
            "GET",
            "/statusAgendamento",
            "--page",
            "1",
            "--per-page",
            "7",
        ])
        .args(["--format", "json"])
        .assert()
        .success();
    env.clinic()
        .args(["api", "GET", "/statusAgendamento", "--format", "json"])
        .assert()
        .success();
    assert_eq!(paging_sent(&env), [some("1", "7"), (None, None)]);
}

#[test]
fn config_set_get_unset_and_plain_http_refused() {
    let env = Env::new();
    env.bare()
        .args(["config", "set", "per_page", "25"])
        .assert()
        .success();
    env.bare()
        .args(["config", "get", "per_page"])
        .assert()
        .success()
        .stdout("25\n");
    env.bare()
        .args(["config", "set", "per_page", "0"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("1 to 10000"));
    env.bare()
        .args([
            "config",
            "set",
            "base_url",
            "http://clinic.example.com/rest/v1",
        ])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("loopback"));
    env.bare()
        .args([
            "config",
            "set",
            "crm_url",
            "https://x.bitrix24.com.br/rest/7/s3cr3t/",
        ])
        .assert()
        .success();
    let out = env
        .bare()
        .args(["config", "list", "--format", "json"])
        .output()
        .unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(
        text.contains("/rest/7/****/") && !text.contains("s3cr3t"),
        "{text}"
    );
    env.bare()
        .args(["config", "unset", "per_page"])
        .assert()
        .success();
    env.bare()
        .args(["config", "get", "per_page"])
        .assert()
        .code(1);
    env.bare()
        .args(["config", "set", "colour", "blue"])
        .assert()
        .code(2);
    // The profile's per_page reaches the request.
    env.clinic()
        .args(["config", "set", "per_page", "9"])
        .assert()
        .success();
    env.clinic()
        .args(["ref", "channels", "--format", "json"])
        .assert()
        .success();
    assert!(query_of(&env.sent()[0]).contains(&("por_pagina".into(), "9".into())));
    // A plain-http base URL off loopback is refused before anything is sent.
    env.bare()
        .env("CLINIC_BASE_URL", "http://clinic.example.com/rest/v1")
        .env("CLINIC_TOKEN", "x")
        .args(["ref", "channels"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("unencrypted"));
}

#[test]
fn excel_csv_guards_formulas_and_output_file_is_atomic() {
    let env = Env::new();
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("ficha.csv");
    std::fs::write(&path, "old").unwrap();
    env.clinic()
        .args([
            "report",
            "ficha-financeira",
            "--all",
            "--limit",
            "1000",
            "--excel",
            "--format",
            "csv",
            "-o",
        ])
        .arg(&path)
        .assert()
        .success();
    let bytes = std::fs::read(&path).unwrap();
    assert!(bytes.starts_with(b"\xEF\xBB\xBF"), "BOM");
    let text = String::from_utf8(bytes[3..].to_vec()).unwrap();
    let mut reader = csv::ReaderBuilder::new()
        .delimiter(b';')
        .from_reader(text.as_bytes());
    let mut rows = 0;
    for rec in reader.records() {
        let rec = rec.unwrap();
        rows += 1;
        for cell in rec.iter() {
            assert!(
                !cell.starts_with(['=', '+', '-', '@']),
                "unguarded cell {cell:?}"
            );
        }
    }
    assert_eq!(rows, 1000);
    assert!(
        text.contains(";'="),
        "the sandbox's hostile cells should appear guarded"
    );
    // A failing run leaves the previous file untouched and no temporary beside it.
    env.bare()
        .env("CLINIC_TOKEN", "bad")
        .args(["report", "ficha-financeira", "--all", "-o"])
        .arg(&path)
        .assert()
        .code(3);
    assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 1);
    assert!(std::fs::read(&path).unwrap().starts_with(b"\xEF\xBB\xBF"));
}

#[test]
fn builtin_sandbox_flag_needs_no_setup() {
    let config = tempfile::tempdir().unwrap();
    let out = assert_cmd::Command::cargo_bin("clinic")
        .unwrap()
        .env("CLINIC_CONFIG_DIR", config.path())
        .env_remove("CLINIC_TOKEN")
        .env_remove("CLINIC_BASE_URL")
        .args([
            "--sandbox",
            "--sandbox-scale",
            "500",
            "report",
            "ficha-financeira",
            "--all",
            "--format",
            "csv",
        ])
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", stderr(&out));
    let mut reader = csv::Reader::from_reader(out.stdout.as_slice());
    let n = reader.records().count();
    assert!(n >= 50, "{n}");
    assert_eq!(
        std::fs::read_dir(config.path()).unwrap().count(),
        0,
        "the sandbox flag wrote configuration"
    );
}

#[test]
fn completions_committed_match_the_binary() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    for (shell, file) in [
        ("bash", "clinic.bash"),
        ("zsh", "_clinic"),
        ("fish", "clinic.fish"),
        ("powershell", "_clinic.ps1"),
        ("elvish", "clinic.elv"),
    ] {
        let out = assert_cmd::Command::cargo_bin("clinic")
            .unwrap()
            .args(["completions", shell])
            .output()
            .unwrap();
        assert!(out.status.success());
        let committed = std::fs::read(root.join("completions").join(file)).unwrap_or_default();
        assert!(
            committed == out.stdout,
            "completions/{file} is stale: regenerate with `cargo run -- completions {shell} > completions/{file}`"
        );
    }
}

#[test]
fn table_is_the_default_on_no_terminal_json() {
    let env = Env::new();
    let out = env.clinic().args(["ref", "clinics"]).output().unwrap();
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert!(v.is_array());
    let out = env
        .clinic()
        .args(["ref", "clinics", "--format", "table"])
        .output()
        .unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.lines().count() >= 3, "{text}");
}

#[test]
fn sandbox_serve_prints_its_urls_first_and_stops_cleanly_on_sigterm() {
    use std::io::BufRead;
    // No sandbox of the test harness runs here to have installed it.
    let _ = rustls::crypto::ring::default_provider().install_default();
    let mut child = std::process::Command::new(assert_cmd::cargo::cargo_bin("clinic"))
        .args([
            "--lang",
            "pt-BR",
            "sandbox",
            "serve",
            "--addr",
            "127.0.0.1:0",
            "--scale",
            "300",
        ])
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::null())
        .spawn()
        .unwrap();
    let mut lines = std::io::BufReader::new(child.stdout.take().unwrap()).lines();
    let first: Vec<String> = (0..4).map(|_| lines.next().unwrap().unwrap()).collect();
    let keys: Vec<&str> = first.iter().map(|l| l.split('=').next().unwrap()).collect();
    assert_eq!(keys, ["base_url", "io_url", "automation_url", "crm_url"]);
    // Then the lines for a person, in the reader's language, logins and keys as they are.
    let banner: Vec<String> = lines
        .by_ref()
        .map(Result::unwrap)
        .take_while(|l| l != "Pressione Ctrl-C para parar.")
        .collect();
    let banner = banner.join("\n");
    assert!(
        banner.contains("Sandbox do Clinic Results ouvindo em 127.0.0.1:"),
        "{banner}"
    );
    assert!(
        banner.contains("dados: 300 orçamentos, 300 agendamentos e"),
        "{banner}"
    );
    assert!(
        banner.contains("login de usuário da clínica (clínica 1): unidade1 / unidade1"),
        "{banner}"
    );
    assert!(
        banner.contains("chave da API IO (x-api-key): sandbox-io-key"),
        "{banner}"
    );
    let base = first[0].trim_start_matches("base_url=");
    assert!(
        base.starts_with("http://127.0.0.1:") && base.ends_with("/rest/v1"),
        "{base}"
    );
    // The printed address answers.
    let token: Value = reqwest::blocking::Client::new()
        .post(format!("{base}/loginApi"))
        .json(&serde_json::json!({"login": "admin", "password": "admin"}))
        .send()
        .unwrap()
        .json()
        .unwrap();
    assert_eq!(token["tipo"], "admin_master");
    std::process::Command::new("kill")
        .args(["-TERM", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(child.wait().unwrap().success());
}

#[test]
fn sandbox_serve_refuses_a_public_address_unless_asked() {
    let out = assert_cmd::Command::cargo_bin("clinic")
        .unwrap()
        .args(["sandbox", "serve", "--addr", "0.0.0.0:0"])
        .timeout(std::time::Duration::from_secs(20))
        .output()
        .unwrap();
    assert!(!out.status.success());
    assert!(stderr(&out).contains("--public"), "{}", stderr(&out));
}

/// The flags a help text lists under `heading` (up to the next heading).
fn flags_under(help: &str, heading: &str) -> Vec<String> {
    help.lines()
        .skip_while(|l| *l != heading)
        .skip(1)
        .take_while(|l| l.is_empty() || l.starts_with(' '))
        .filter_map(|l| {
            l.split_whitespace()
                .find(|w| w.starts_with("--"))
                .map(|w| w.trim_end_matches(',').to_string())
        })
        .collect()
}

#[test]
fn help_lists_the_commands_own_flags_first_and_hides_output_flags_where_nothing_is_listed() {
    let env = Env::new();
    let help = |args: &[&str]| {
        let out = env.bare().args(args).output().unwrap();
        assert!(out.status.success(), "{args:?}: {}", stderr(&out));
        String::from_utf8(out.stdout).unwrap()
    };
    let report = help(&["report", "ficha-financeira", "--help"]);
    let own = flags_under(&report, "Options:");
    let global = flags_under(&report, "Global options:");
    assert!(own.contains(&"--seller".to_string()), "{own:?}");
    assert!(!own.contains(&"--format".to_string()), "{own:?}");
    for flag in [
        "--profile",
        "--format",
        "--columns",
        "--all",
        "--per-page",
        "-o",
    ] {
        let flag = flag.trim_start_matches("-o").to_string();
        if !flag.is_empty() {
            assert!(global.contains(&flag), "{flag} in {global:?}");
        }
    }
    assert!(report.find("Options:") < report.find("Global options:"));
    // Commands that list nothing offer no output or paging flags, in help, man pages or on Tab.
    for args in [
        &["config", "set", "--help"][..],
        &["login", "--help"],
        &["sandbox", "serve", "--help"],
        &["cache", "refresh", "--help"],
        &["config", "--help"],
    ] {
        let text = help(args);
        for flag in [
            "--format",
            "--jq",
            "--excel",
            "--all",
            "--output",
            "--per-page",
            "--columns",
        ] {
            assert!(!text.contains(flag), "{args:?} offers {flag}:\n{text}");
        }
        assert!(text.contains("--profile"), "{args:?}");
    }
    // A command that prints one record keeps the output flags but not the paging ones.
    let create = help(&["campaign", "create", "--help"]);
    assert!(
        create.contains("--format") && !create.contains("--per-page"),
        "{create}"
    );
    let man = help(&["man"]);
    assert!(
        man.contains("\\-\\-format"),
        "the main page keeps the global flags"
    );
    let dir = tempfile::tempdir().unwrap();
    env.bare()
        .args(["man", "--dir"])
        .arg(dir.path())
        .assert()
        .success();
    let page = std::fs::read_to_string(dir.path().join("clinic-config-set.1")).unwrap();
    assert!(!page.contains("\\-\\-format"), "{page}");
    assert!(page.contains("\\-\\-profile"), "{page}");
    let out = env
        .bare()
        .env("COMPLETE", "bash")
        .env("_CLAP_COMPLETE_INDEX", "3")
        .args(["--", "clinic", "config", "set", "--"])
        .output()
        .unwrap();
    let offered = String::from_utf8(out.stdout).unwrap();
    assert!(offered.contains("--profile"), "{offered}");
    assert!(
        !offered.contains("--format") && !offered.contains("--all"),
        "{offered}"
    );
}

#[test]
fn help_topics_environment_and_exit_codes() {
    let env = Env::new();
    let out = env.bare().args(["help", "environment"]).output().unwrap();
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    for var in [
        "CLINIC_PROFILE",
        "CLINIC_CONFIG_DIR",
        "CLINIC_CACHE_DIR",
        "CLINIC_CACHE_TTL",
        "CLINIC_BASE_URL",
        "CLINIC_TOKEN",
        "CLINIC_IO_KEY",
        "CLINIC_LOGIN",
        "CLINIC_PASSWORD",
        "CLINIC_CREDENTIAL_STORE",
        "CLINIC_WEBHOOK_ID",
        "CLINIC_CLINICA",
        "CLINIC_TIMEOUT",
        "CLINIC_MAX_WAIT",
        "CLINIC_MAX_ANSWER_SIZE",
        "CLINIC_CA_BUNDLE",
        "NO_COLOR",
    ] {
        assert!(text.contains(var), "{var} missing:\n{text}");
    }
    let out = env.bare().args(["help", "exit-codes"]).output().unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    for line in ["0 ", "1 ", "2 ", "3 ", "4 ", "5 ", "130 "] {
        assert!(text.lines().any(|l| l.starts_with(line)), "{line}:\n{text}");
    }
    // `help COMMAND` is the command's --help; an unknown topic is a usage error naming the topics.
    let by_help = env
        .bare()
        .args(["help", "report", "appointments"])
        .output()
        .unwrap();
    let by_flag = env
        .bare()
        .args(["report", "appointments", "--help"])
        .output()
        .unwrap();
    assert_eq!(by_help.stdout, by_flag.stdout);
    env.bare()
        .args(["help", "nope"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("environment, exit-codes"));
    // Every topic is listed wherever the topics are named.
    for args in [&["help", "--help"][..], &["--help"]] {
        let out = env.bare().args(args).output().unwrap();
        let text = String::from_utf8_lossy(&out.stdout).into_owned();
        for topic in ["environment", "exit-codes", "network"] {
            assert!(text.contains(topic), "{args:?} omits {topic}:\n{text}");
        }
    }
    // Topics complete on Tab.
    let out = env
        .bare()
        .env("COMPLETE", "bash")
        .env("_CLAP_COMPLETE_INDEX", "2")
        .args(["--", "clinic", "help", "e"])
        .output()
        .unwrap();
    let offered = String::from_utf8(out.stdout).unwrap();
    assert!(
        offered.contains("environment") && offered.contains("exit-codes"),
        "{offered}"
    );
}

#[test]
fn every_command_shows_an_example_in_its_help() {
    fn leaves(cmd: &clap::Command, path: Vec<String>, out: &mut Vec<(Vec<String>, String)>) {
        if cmd.get_subcommands().next().is_none() {
            let after = cmd
                .get_after_help()
                .map(|h| h.to_string())
                .unwrap_or_default();
            out.push((path, after));
            return;
        }
        for sub in cmd.get_subcommands().filter(|s| s.get_name() != "help") {
            let mut p = path.clone();
            p.push(sub.get_name().to_string());
            leaves(sub, p, out);
        }
    }
    // In each language: the examples are part of the catalogue.
    let mut missing = Vec::new();
    for (lang, word) in [
        (clinic::text::i18n::Lang::En, "Example"),
        (clinic::text::i18n::Lang::PtBr, "Exemplo"),
    ] {
        let mut all = Vec::new();
        leaves(&clinic::cli::command_in(lang), Vec::new(), &mut all);
        assert!(all.len() > 40);
        missing.extend(
            all.iter()
                .filter(|(_, help)| !help.contains(word))
                .map(|(p, _)| format!("{} ({})", p.join(" "), lang.tag())),
        );
    }
    assert!(
        missing.is_empty(),
        "commands without an example in --help: {missing:?}"
    );
}

#[test]
fn short_help_fits_a_screen_and_points_to_the_network_options() {
    let env = Env::new();
    let text = |args: &[&str]| {
        let out = env.bare().args(args).output().unwrap();
        assert!(out.status.success(), "{args:?}: {}", stderr(&out));
        String::from_utf8(out.stdout).unwrap()
    };
    for lang in ["en", "pt-BR"] {
        let short = text(&["--lang", lang, "contact", "create", "-h"]);
        assert!(short.lines().count() <= 40, "{lang}:\n{short}");
        assert!(short.contains("clinic help network"), "{short}");
        assert!(
            short.contains("--phone") && !short.contains("--timeout"),
            "{short}"
        );
    }
    // Value names in the reader's language.
    let portuguese = text(&["--lang", "pt-BR", "contact", "create", "-h"]);
    for name in ["<TELEFONE>", "<OBSERVAÇÃO>", "<FORMATO>", "<ARQUIVO>"] {
        assert!(portuguese.contains(name), "{name}:\n{portuguese}");
    }
    // `--help` keeps everything; the topic lists the network options with their full help.
    let long = text(&["contact", "create", "--help"]);
    for flag in ["--timeout", "--max-wait", "--cacert", "--jq"] {
        assert!(long.contains(flag), "{flag} in --help");
    }
    let topic = text(&["help", "network"]);
    for flag in [
        "--timeout",
        "--max-wait",
        "--max-answer-size",
        "--cacert",
        "--concurrency",
        "--max-pages",
    ] {
        assert!(topic.contains(flag), "{flag}:\n{topic}");
    }
    assert!(topic.contains("CLINIC_TIMEOUT"), "{topic}");
}

#[test]
fn quiet_works_before_or_after_the_command_and_api_keeps_its_q() {
    let env = Env::new();
    let run = |args: &[&str]| {
        let out = env.clinic().args(args).output().unwrap();
        assert!(out.status.success(), "{args:?}: {}", stderr(&out));
        out
    };
    // Without -q the count of records is noted on stderr; with it, before or after, nothing is.
    let loud = run(&["ref", "channels", "--format", "csv"]);
    assert!(stderr(&loud).contains("records"), "{}", stderr(&loud));
    let before = run(&["-q", "ref", "channels", "--format", "csv"]);
    let after = run(&["ref", "channels", "--format", "csv", "-q"]);
    assert_eq!(before.stdout, after.stdout);
    assert!(!before.stdout.is_empty());
    assert_eq!(stderr(&before), "");
    assert_eq!(stderr(&after), "");
    // `clinic api`'s -q is a query parameter, as it always was.
    env.clear_journal();
    run(&["api", "GET", "/listaCanal", "-q", "nome=insta"]);
    let sent = env.sent();
    let last = sent.last().unwrap();
    assert!(
        query_of(last).contains(&("nome".into(), "insta".into())),
        "{last}"
    );
}
