//! `clinic operations`: the table of remote operations covers the API, and every command it names
//! parses.

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
    let out = succeeds(env.bare().args(["operations", "--format", "json"]));
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
