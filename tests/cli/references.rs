use serde_json::Value;

use crate::common::*;

#[test]
fn every_reference_list_hits_its_path() {
    let env = Env::new();
    let cases = [
        ("clinics", "/listaClinicas", true),
        ("channels", "/listaCanal", true),
        ("campaigns", "/listaCampanha", true),
        ("services", "/listaServico", true),
        ("sellers", "/listaVendedor", true),
        ("creators", "/listaCriadoPorVenda", true),
        ("account-plans", "/listaPlanoDeConta", true),
        ("operation-types", "/listaTipoOperacao", true),
        ("appointment-statuses", "/statusAgendamento", false),
        ("quote-statuses", "/lista_status_venda", false),
        ("has-quote", "/avaliacaoPossuiVendaOrcamento", false),
    ];
    for (cmd, path, paged) in cases {
        env.clear_journal();
        let out = env.run(&["ref", cmd, "--format", "json"]);
        assert!(out.status.success(), "{cmd}: {}", stderr(&out));
        let records = stdout_json(&out);
        assert!(!records.as_array().unwrap().is_empty(), "{cmd}");
        // The numbering probe (page 0, once per profile) aside, one request; a paged list's one
        // page is followed by the empty page that proves its end.
        let sent = without_numbering_probe(env.sent());
        assert_eq!(sent.len(), if paged { 2 } else { 1 }, "{cmd}");
        assert!(sent[0]["path"].as_str().unwrap().ends_with(path), "{cmd}");
        let q = query_of(&sent[0]);
        assert_eq!(
            q.iter().any(|(k, _)| k == "pagina_atual"),
            paged,
            "{cmd}: {q:?}"
        );
    }
}

#[test]
fn appointment_statuses_in_order_and_csv_bytes() {
    let env = Env::new();
    let out = env.run(&["ref", "appointment-statuses", "--format", "json"]);
    let names: Vec<String> = stdout_json(&out)
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s.to_string())
        .collect();
    assert_eq!(names.len(), 8);
    assert!(
        names[0].contains("Agendado") && names[7].contains("Bloqueio"),
        "{names:?}"
    );
    let out = env.run(&["ref", "quote-statuses", "--format", "csv"]);
    let text = String::from_utf8(out.stdout).unwrap();
    assert_eq!(text.lines().count(), 6, "{text}");
    assert!(
        text.contains("Pendente") && text.contains("Inativo"),
        "{text}"
    );
}

#[test]
fn channel_name_search_and_admin_scoping() {
    let env = Env::new();
    let out = env.run(&["ref", "channels", "--nome", "insta", "--format", "json"]);
    assert!(out.status.success());
    assert!(query_of(&env.sent()[0]).contains(&("nome".into(), "insta".into())));
    let first = &stdout_json(&out)[0];
    assert!(
        first.to_string().to_lowercase().contains("insta"),
        "{first}"
    );
    let out = env.run_as("admin", &["ref", "clinics", "--all", "--format", "json"]);
    assert_eq!(stdout_json(&out).as_array().unwrap().len(), 12);
    let out = env.run(&["ref", "clinics", "--all", "--format", "json"]);
    assert_eq!(stdout_json(&out).as_array().unwrap().len(), 1);
    let _: Value = Value::Null;
}

#[test]
fn reference_list_rejections_send_nothing() {
    let env = Env::new();
    for args in [
        vec!["ref", "campaigns", "--clinic", "0"],
        vec!["ref", "services", "--name", " "],
        vec!["ref", "sellers", "--per-page", "0"],
        vec!["ref", "clinics", "--page", "-1"],
        vec!["ref", "channels", "--format", "xml"],
    ] {
        let out = env.run(&args);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {}", stderr(&out));
    }
    assert!(env.sent().is_empty());
}
