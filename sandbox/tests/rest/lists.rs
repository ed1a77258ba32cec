use std::collections::BTreeSet;

use reqwest::StatusCode;
use serde_json::Value;

use crate::support::{Api, erro};

/// Paged lists that take the common parameters (`clinica` mandatory for admin_master).
const COMMON: [&str; 9] = [
    "relAgendamentos",
    "lista_venda_orcamento",
    "lista_cliente",
    "listaCriadoPorVenda",
    "listaPlanoDeConta",
    "listaVendedor",
    "listaCampanha",
    "listaServico",
    "listaTipoOperacao",
];

/// Lower case without Portuguese accents, to check accent-insensitive matches.
fn fold(text: &str) -> String {
    text.to_lowercase()
        .chars()
        .map(|c| match c {
            'á' | 'à' | 'â' | 'ã' | 'ä' => 'a',
            'é' | 'è' | 'ê' | 'ë' => 'e',
            'í' | 'ì' | 'î' | 'ï' => 'i',
            'ó' | 'ò' | 'ô' | 'õ' | 'ö' => 'o',
            'ú' | 'ù' | 'û' | 'ü' => 'u',
            'ç' => 'c',
            other => other,
        })
        .collect()
}

fn ids(records: &[Value]) -> Vec<u64> {
    records.iter().map(|r| r["id"].as_u64().unwrap()).collect()
}

fn text<'a>(record: &'a Value, key: &str) -> &'a str {
    record[key].as_str().unwrap_or("")
}

#[tokio::test]
async fn every_paged_list_answers_both_user_kinds() {
    let api = Api::small().await;
    let admin = api.admin().await;
    let clinic = api.clinic().await;
    for path in COMMON {
        for (token, extra) in [(&admin, "&clinica=1"), (&clinic, "")] {
            let (records, total) = api
                .records(token, &format!("{path}?pagina_atual=1&por_pagina=3{extra}"))
                .await;
            assert_eq!(records.len(), 3, "{path}");
            assert!(total >= 3, "{path}");
            assert!(records.iter().all(|r| r["id"].is_u64()), "{path}");
        }
    }
    for path in ["listaCanal", "listaClinicas"] {
        let (records, _) = api
            .records(&admin, &format!("{path}?pagina_atual=1&por_pagina=2"))
            .await;
        assert_eq!(records.len(), 2, "{path}");
    }
}

#[tokio::test]
async fn admin_master_must_name_a_clinic_on_common_lists() {
    let api = Api::small().await;
    let admin = api.admin().await;
    for path in COMMON {
        let (status, body) = api
            .get(&admin, &format!("{path}?pagina_atual=1&por_pagina=5"))
            .await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{path}");
        let message = erro(&body);
        assert!(
            message.contains("clinica") && message.contains("admin_master"),
            "{message}"
        );
    }
    let (status, body) = api
        .get(
            &admin,
            "lista_cliente?pagina_atual=1&por_pagina=5&clinica=99",
        )
        .await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    assert!(erro(&body).contains("99"));
    let (status, body) = api
        .get(
            &admin,
            "lista_cliente?pagina_atual=1&por_pagina=5&clinica=x",
        )
        .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(erro(&body).contains("'x'"));
}

#[tokio::test]
async fn clinic_users_see_only_their_clinic_whatever_they_pass() {
    let api = Api::small().await;
    let clinic = api.clinic().await;
    let admin = api.admin().await;
    for path in ["lista_venda_orcamento", "relAgendamentos", "lista_cliente"] {
        let (mine, total) = api
            .records(
                &clinic,
                &format!("{path}?pagina_atual=1&por_pagina=50&clinica=5"),
            )
            .await;
        assert!(mine.iter().all(|r| r["clinica"] == 1), "{path}");
        let (theirs, theirs_total) = api
            .records(
                &admin,
                &format!("{path}?pagina_atual=1&por_pagina=50&clinica=5"),
            )
            .await;
        assert!(theirs.iter().all(|r| r["clinica"] == 5), "{path}");
        let (admin_one, admin_one_total) = api
            .records(
                &admin,
                &format!("{path}?pagina_atual=1&por_pagina=50&clinica=1"),
            )
            .await;
        assert_eq!((ids(&mine), total), (ids(&admin_one), admin_one_total));
        assert_ne!(total, theirs_total, "{path}: clinics differ in size");
    }
}

#[tokio::test]
async fn clinics_list_shows_all_twelve_to_admin_and_one_to_a_clinic_user() {
    let api = Api::small().await;
    let (all, total) = api
        .records(
            &api.admin().await,
            "listaClinicas?pagina_atual=1&por_pagina=50",
        )
        .await;
    assert_eq!((ids(&all), total), ((1..=12).collect(), 12));
    assert!(all.iter().all(|c| !text(c, "nome").is_empty()));
    let (own, total) = api
        .records(
            &api.clinic().await,
            "listaClinicas?pagina_atual=1&por_pagina=50",
        )
        .await;
    assert_eq!((ids(&own), total), (vec![1], 1));
}

#[tokio::test]
async fn paging_parameters_are_required_positive_integers() {
    let api = Api::small().await;
    let token = api.clinic().await;
    let cases = [
        ("listaVendedor?por_pagina=5", "pagina_atual", ""),
        ("listaVendedor?pagina_atual=1", "por_pagina", ""),
        (
            "listaVendedor?pagina_atual=0&por_pagina=5",
            "pagina_atual",
            "'0'",
        ),
        (
            "listaVendedor?pagina_atual=1&por_pagina=abc",
            "por_pagina",
            "'abc'",
        ),
        (
            "lista_venda_orcamento?pagina_atual=-2&por_pagina=5",
            "pagina_atual",
            "'-2'",
        ),
        (
            "listaCanal?pagina_atual=1.5&por_pagina=5",
            "pagina_atual",
            "'1.5'",
        ),
        ("listaClinicas?pagina_atual=1", "por_pagina", ""),
    ];
    for (path, parameter, value) in cases {
        let (status, body) = api.get(&token, path).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{path}");
        let message = erro(&body);
        assert!(
            message.contains(parameter) && message.contains(value),
            "{path}: {message}"
        );
    }
}

#[tokio::test]
async fn pages_past_the_end_are_empty_and_keep_the_true_total() {
    let api = Api::small().await;
    let token = api.clinic().await;
    let (first, total) = api
        .records(
            &token,
            "lista_venda_orcamento?pagina_atual=1&por_pagina=100",
        )
        .await;
    assert_eq!(first.len(), 100);
    let last_page = total.div_ceil(100);
    let (last, _) = api
        .records(
            &token,
            &format!("lista_venda_orcamento?pagina_atual={last_page}&por_pagina=100"),
        )
        .await;
    assert_eq!(last.len() as u64, total - (last_page - 1) * 100);
    let (past, past_total) = api
        .records(
            &token,
            &format!(
                "lista_venda_orcamento?pagina_atual={}&por_pagina=100",
                last_page + 1
            ),
        )
        .await;
    assert!(past.is_empty());
    assert_eq!(past_total, total);
    let all = api.walk(&token, "lista_venda_orcamento?x=1", 37).await;
    let distinct: BTreeSet<u64> = ids(&all).into_iter().collect();
    assert_eq!(distinct.len() as u64, total);
}

fn day(record: &Value, key: &str) -> String {
    text(record, key).chars().take(10).collect()
}

fn between(value: &str, from: &str, to: &str) -> bool {
    !value.is_empty() && value >= from && value <= to
}

type Check = Box<dyn Fn(&Value) -> bool>;

/// Compares a server-side filter with the same predicate applied to the unfiltered
/// walk: the filter must keep exactly the records the predicate keeps.
async fn check_filters(api: &Api, token: &str, path: &str, cases: Vec<(String, Check)>) {
    let all = api.walk(token, &format!("{path}?clinica=1"), 500).await;
    for (query, keep) in cases {
        let expected: Vec<u64> = all
            .iter()
            .filter(|r| keep(r))
            .map(|r| r["id"].as_u64().unwrap())
            .collect();
        let got = api.walk(token, &format!("{path}?{query}"), 500).await;
        assert!(
            !expected.is_empty(),
            "{path}?{query}: the data should hold matches"
        );
        assert!(
            expected.len() < all.len(),
            "{path}?{query}: the filter should exclude some"
        );
        assert_eq!(ids(&got), expected, "{path}?{query}");
    }
}

#[tokio::test]
async fn every_quote_filter_is_applied() {
    let api = Api::small().await;
    let token = api.clinic().await;
    let (sample, _) = api
        .records(&token, "lista_venda_orcamento?pagina_atual=1&por_pagina=1")
        .await;
    let client_id = sample[0]["id_cliente"].as_u64().unwrap();
    let client_word = fold(text(&sample[0], "cliente").split(' ').next_back().unwrap());
    let cases: Vec<(String, Check)> = vec![
        ("status=2".into(), Box::new(|r| r["id_status"] == 2)),
        (
            "status=1,3".into(),
            Box::new(|r| r["id_status"] == 1 || r["id_status"] == 3),
        ),
        (
            "status=%5B1%2C3%5D".into(),
            Box::new(|r| r["id_status"] == 1 || r["id_status"] == 3),
        ),
        (
            "data_de=2024-01-01&data_ate=2024-06-30".into(),
            Box::new(|r| between(&day(r, "data"), "2024-01-01", "2024-06-30")),
        ),
        (
            "criado_em_de=2023-03-01&criado_em_ate=2023-12-31".into(),
            Box::new(|r| between(&day(r, "criado_em"), "2023-03-01", "2023-12-31")),
        ),
        (
            "avaliacao_de=2024-01-01".into(),
            Box::new(|r| between(&day(r, "data_avaliacao"), "2024-01-01", "9999")),
        ),
        (
            "data_pagamento_ate=2023-12-31".into(),
            Box::new(|r| between(&day(r, "data_pagamento"), "0000", "2023-12-31")),
        ),
        (
            "modificado_em_de=2025-01-01&modificado_em_ate=2025-03-31".into(),
            Box::new(|r| between(&day(r, "modificado_em"), "2025-01-01", "2025-03-31")),
        ),
        (
            "inativo=1".into(),
            Box::new(|r| r["inativo"] == 1 && r["status"] == "Inativo"),
        ),
        ("inativo=0".into(), Box::new(|r| r["inativo"] == 0)),
        (
            "id_servico=5".into(),
            Box::new(|r| {
                r["procedimentos"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .any(|p| p["id_servico"] == 5)
            }),
        ),
        ("criado_por=3".into(), Box::new(|r| r["id_criado_por"] == 3)),
        (
            "modificado_por=4".into(),
            Box::new(|r| r["id_modificado_por"] == 4),
        ),
        ("vendedor=7".into(), Box::new(|r| r["id_vendedor"] == 7)),
        (
            "plano_de_conta=2".into(),
            Box::new(|r| r["id_plano_de_conta"] == 2),
        ),
        (
            "tipo_operacao_produto=3".into(),
            Box::new(|r| r["id_tipo_operacao"] == 3),
        ),
        (
            format!("cliente={client_id}"),
            Box::new(move |r| r["id_cliente"] == client_id),
        ),
        (
            format!("cliente={}", client_word.to_uppercase()),
            Box::new(move |r| fold(text(r, "cliente")).contains(&client_word)),
        ),
        (
            "observacoes_contratuais=LIDOCAINA".into(),
            Box::new(|r| fold(text(r, "observacoes_contratuais")).contains("lidocaina")),
        ),
        (
            "observacoes_venda=desconto".into(),
            Box::new(|r| fold(text(r, "observacoes_venda")).contains("desconto")),
        ),
        (
            "status=2&vendedor=7&data_de=2023-06-01".into(),
            Box::new(|r| {
                r["id_status"] == 2
                    && r["id_vendedor"] == 7
                    && day(r, "data").as_str() >= "2023-06-01"
            }),
        ),
    ];
    check_filters(&api, &token, "lista_venda_orcamento", cases).await;
}

#[tokio::test]
async fn closest_match_text_filters_fall_back_to_similar_words() {
    let api = Api::small().await;
    let token = api.clinic().await;
    let (exact, total) = api
        .records(
            &token,
            "lista_venda_orcamento?pagina_atual=1&por_pagina=500&observacoes_venda=lidocaina",
        )
        .await;
    let (typo, typo_total) = api
        .records(
            &token,
            "lista_venda_orcamento?pagina_atual=1&por_pagina=500&observacoes_venda=lidocaian",
        )
        .await;
    assert!(total > 0);
    assert_eq!((ids(&typo), typo_total), (ids(&exact), total));
    let (none, none_total) = api
        .records(
            &token,
            "lista_venda_orcamento?pagina_atual=1&por_pagina=5&observacoes_venda=xyzzyq",
        )
        .await;
    assert!(none.is_empty() && none_total == 0);
}

#[tokio::test]
async fn every_appointment_filter_is_applied() {
    let api = Api::small().await;
    let token = api.admin().await;
    let cases: Vec<(String, Check)> = vec![
        (
            "clinica=1&data_agendamento_de=2024-01-01&data_agendamento_ate=2024-12-31".into(),
            Box::new(|r| between(&day(r, "data_agendamento"), "2024-01-01", "2024-12-31")),
        ),
        (
            "clinica=1&tipo_agendamento=1".into(),
            Box::new(|r| r["id_tipo_agendamento"] == 1),
        ),
        (
            "clinica=1&status=4,6".into(),
            Box::new(|r| r["id_status"] == 4 || r["id_status"] == 6),
        ),
        (
            "clinica=1&status=[4,6]".into(),
            Box::new(|r| r["id_status"] == 4 || r["id_status"] == 6),
        ),
        (
            "clinica=1&tipo_agendamento=2&avaliacao_possui=1".into(),
            Box::new(|r| r["id_tipo_agendamento"] == 2 && r["avaliacao_possui"] == 1),
        ),
        (
            "clinica=1&avaliacao_possui=0".into(),
            Box::new(|r| r["id_tipo_agendamento"] == 2 && r["avaliacao_possui"] == 0),
        ),
    ];
    check_filters(&api, &token, "relAgendamentos", cases).await;
}

#[tokio::test]
async fn evaluation_appointments_require_avaliacao_possui() {
    let api = Api::small().await;
    let token = api.clinic().await;
    let (status, body) = api
        .get(
            &token,
            "relAgendamentos?pagina_atual=1&por_pagina=5&tipo_agendamento=2",
        )
        .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(erro(&body).contains("avaliacao_possui"));
    let (status, body) = api
        .get(
            &token,
            "relAgendamentos?pagina_atual=1&por_pagina=5&status=1,9",
        )
        .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(erro(&body).contains("status") && erro(&body).contains('9'));
    let (status, body) = api
        .get(
            &token,
            "relAgendamentos?pagina_atual=1&por_pagina=5&data_agendamento_de=2024-02-30",
        )
        .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(erro(&body).contains("data_agendamento_de") && erro(&body).contains("2024-02-30"));
}

fn digits(phone: &str) -> String {
    phone.chars().filter(char::is_ascii_digit).collect()
}

#[tokio::test]
async fn every_contact_filter_is_applied() {
    let api = Api::small().await;
    let token = api.clinic().await;
    let all = api.walk(&token, "lista_cliente?x=1", 500).await;
    let with_email = all.iter().find(|r| r["email"].is_string()).unwrap();
    let email = text(with_email, "email").to_uppercase();
    let phone = digits(text(&all[3], "telefone"));
    let with_phone2 = all
        .iter()
        .find(|r| r["telefone_secundario"].is_string())
        .unwrap();
    let phone2 = digits(text(with_phone2, "telefone_secundario"));
    let referred = all.iter().find(|r| r["indicado_por"].is_u64()).unwrap();
    let referrer = referred["indicado_por"].as_u64().unwrap();
    let surname = fold(text(&all[0], "nome").split(' ').next_back().unwrap());
    let cases: Vec<(String, Check)> = vec![
        (
            "criado_em_de=2021-01-01&criado_em_ate=2022-12-31".into(),
            Box::new(|r| between(&day(r, "criado_em"), "2021-01-01", "2022-12-31")),
        ),
        (
            "data_nascimento_de=1980-01-01&data_nascimento_ate=1989-12-31".into(),
            Box::new(|r| between(&day(r, "data_nascimento"), "1980-01-01", "1989-12-31")),
        ),
        (
            format!("email={email}"),
            Box::new(move |r| text(r, "email").eq_ignore_ascii_case(&email)),
        ),
        (
            format!("indicado_por={referrer}"),
            Box::new(move |r| r["indicado_por"] == referrer),
        ),
        (
            "indicado=1".into(),
            Box::new(|r| r["indicado_por"].is_u64()),
        ),
        (
            "indicado=0".into(),
            Box::new(|r| r["indicado_por"].is_null()),
        ),
        ("inativo=1".into(), Box::new(|r| r["inativo"] == 1)),
        ("inativo=0".into(), Box::new(|r| r["inativo"] == 0)),
        (
            format!("telefone={phone}"),
            Box::new(move |r| digits(text(r, "telefone")) == phone),
        ),
        (
            format!("telefone_secundario={phone2}"),
            Box::new(move |r| digits(text(r, "telefone_secundario")) == phone2),
        ),
    ];
    check_filters(&api, &token, "lista_cliente", cases).await;
    let named = api
        .walk(&token, &format!("lista_cliente?nome={surname}"), 500)
        .await;
    let expected: BTreeSet<u64> = all
        .iter()
        .filter(|r| fold(text(r, "nome")).contains(&surname))
        .map(|r| r["id"].as_u64().unwrap())
        .collect();
    assert_eq!(ids(&named).into_iter().collect::<BTreeSet<_>>(), expected);
    let (status, body) = api
        .get(
            &token,
            "lista_cliente?pagina_atual=1&por_pagina=5&telefone=(16)%2099264-0197",
        )
        .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(erro(&body).contains("telefone") && erro(&body).contains("DDDXXXXXXXXX"));
}

#[tokio::test]
async fn name_searches_rank_substring_hits_then_similar_names() {
    let api = Api::small().await;
    let token = api.clinic().await;
    let names = |records: Vec<Value>| -> Vec<String> {
        records.iter().map(|r| text(r, "nome").to_owned()).collect()
    };
    let (found, total) = api
        .records(
            &token,
            "listaServico?pagina_atual=1&por_pagina=50&nome=DEPILACAO",
        )
        .await;
    assert_eq!(total, 2);
    assert!(names(found).iter().all(|n| n.starts_with("Depilação")));
    let (found, _) = api
        .records(
            &token,
            "listaCanal?pagina_atual=1&por_pagina=50&nome=instagran",
        )
        .await;
    assert_eq!(names(found), vec!["Instagram"]);
    let (found, _) = api
        .records(
            &token,
            "listaCampanha?pagina_atual=1&por_pagina=50&nome=black%20friday",
        )
        .await;
    assert_eq!(names(found), vec!["Black Friday \"50% OFF\""]);
    let (found, _) = api
        .records(&token, "listaCanal?pagina_atual=1&por_pagina=50&nome=site")
        .await;
    assert_eq!(names(found)[0], "Site", "an exact match comes first");
    let (contacts, _) = api
        .records(&token, "lista_cliente?pagina_atual=1&por_pagina=1")
        .await;
    let full_name = fold(text(&contacts[0], "nome"));
    let (found, _) = api
        .records(
            &token,
            &format!("lista_cliente?pagina_atual=1&por_pagina=5&nome={full_name}"),
        )
        .await;
    assert_eq!(fold(text(&found[0], "nome")), full_name);
}

#[tokio::test]
async fn reference_lists_have_the_documented_sizes() {
    let api = Api::small().await;
    let token = api.clinic().await;
    for (path, size) in [
        ("listaCanal", 12),
        ("listaCampanha", 30),
        ("listaServico", 25),
        ("listaVendedor", 15),
        ("listaCriadoPorVenda", 15),
        ("listaPlanoDeConta", 10),
        ("listaTipoOperacao", 5),
    ] {
        let (records, total) = api
            .records(&token, &format!("{path}?pagina_atual=1&por_pagina=100"))
            .await;
        assert_eq!((records.len(), total), (size, size as u64), "{path}");
        assert!(
            records.iter().all(|r| !text(r, "nome").is_empty()),
            "{path}"
        );
    }
}

#[tokio::test]
async fn unpaged_lists_return_everything() {
    let api = Api::small().await;
    let token = api.clinic().await;
    let descriptions = |records: &[Value]| -> Vec<String> {
        records
            .iter()
            .map(|r| text(r, "descricao").to_owned())
            .collect()
    };
    let (statuses, _) = api.records(&token, "statusAgendamento").await;
    assert_eq!(ids(&statuses), (1..=8).collect::<Vec<_>>());
    assert_eq!(
        descriptions(&statuses),
        [
            "Agendado",
            "Confirmado",
            "Presente",
            "Executado",
            "Desmarcado",
            "Faltou",
            "Cancelado",
            "Bloqueio"
        ]
    );
    let (quote_statuses, _) = api.records(&token, "lista_status_venda").await;
    assert_eq!(
        descriptions(&quote_statuses),
        ["Pendente", "Aprovado", "Cancelado", "Suspenso", "Inativo"]
    );
    let (has_quote, _) = api.records(&token, "avaliacaoPossuiVendaOrcamento").await;
    assert_eq!(ids(&has_quote), vec![0, 1]);
}

const QUOTE_FIELDS: [&str; 28] = [
    "codigo",
    "criado_por",
    "criado_em",
    "data",
    "status",
    "plano_de_conta",
    "vendedor",
    "cliente",
    "avaliacao_realizada",
    "tipo_operacao",
    "conta_bancaria",
    "observacoes_contratuais",
    "observacoes_venda",
    "produtos",
    "procedimentos",
    "tipo_orcamento",
    "valor",
    "valor_original",
    "telefone",
    "contrato",
    "campanha",
    "canal",
    "cortesia",
    "empresa",
    "venda_avulsa",
    "forma_pagamento",
    "unidade",
    "id_cliente",
];

const APPOINTMENT_FIELDS: [&str; 13] = [
    "id",
    "criado_em",
    "data_agendamento",
    "id_cliente",
    "nome_cliente",
    "telefone_cliente",
    "tipo_agendamento",
    "servico",
    "profissional",
    "sala",
    "status",
    "id_status",
    "clinica",
];

#[tokio::test]
async fn records_carry_the_documented_fields_and_awkward_text() {
    let api = Api::small().await;
    let token = api.clinic().await;
    let (quotes, _) = api
        .records(
            &token,
            "lista_venda_orcamento?pagina_atual=1&por_pagina=200",
        )
        .await;
    for quote in &quotes {
        for field in QUOTE_FIELDS {
            assert!(quote.get(field).is_some(), "quote lacks {field}: {quote}");
        }
        let procedures = quote["procedimentos"].as_array().unwrap();
        assert!(!procedures.is_empty() && procedures.iter().all(Value::is_object));
        assert!(
            quote["produtos"]
                .as_array()
                .unwrap()
                .iter()
                .all(Value::is_object)
        );
    }
    let (appointments, _) = api
        .records(&token, "relAgendamentos?pagina_atual=1&por_pagina=5")
        .await;
    for appointment in &appointments {
        for field in APPOINTMENT_FIELDS {
            assert!(
                appointment.get(field).is_some(),
                "appointment lacks {field}"
            );
        }
    }
    let mut strings = Vec::new();
    fn collect(value: &Value, out: &mut Vec<String>) {
        match value {
            Value::String(s) => out.push(s.clone()),
            Value::Array(items) => items.iter().for_each(|v| collect(v, out)),
            Value::Object(map) => map.values().for_each(|v| collect(v, out)),
            _ => {}
        }
    }
    quotes.iter().for_each(|q| collect(q, &mut strings));
    for start in ['=', '+', '-', '@'] {
        assert!(
            strings.iter().any(|s| s.starts_with(start)),
            "a value starts with {start}"
        );
    }
    for inside in ['"', ',', '\n', 'ç', 'ã'] {
        assert!(
            strings.iter().any(|s| s.contains(inside)),
            "a value holds {inside:?}"
        );
    }
}
