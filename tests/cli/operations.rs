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
    ] {
        assert!(paths.contains(&method), "{method}");
    }
    for op in ops {
        let words: Vec<&str> = op["command"]
            .as_str()
            .unwrap()
            .split_whitespace()
            .skip(1)
            .collect();
        env.bare().args(&words).arg("--help").assert().success();
    }
}
