//! `--dialect legacy-php`: failures inside HTTP 200, positional `dados` (`{}` when empty), numbers
//! as strings, page 0 answered without records, the token two levels deep, and an HTML 500 page
//! every N-th GET.

use clinic_sandbox::{Dialect, Envelope, Options};
use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::support::{Api, read, small};

fn legacy() -> Options {
    Options {
        dialect: Dialect::LegacyPhp,
        // The HTML page has its own test; the others count on every GET being answered.
        html_error_every: Some(0),
        ..small()
    }
}

fn keys(value: &Value) -> Vec<&str> {
    value
        .as_object()
        .unwrap_or_else(|| panic!("not an object: {value}"))
        .keys()
        .map(String::as_str)
        .collect()
}

/// The token of a legacy login, read from where that dialect puts it.
async fn legacy_token(api: &Api, login: &str) -> String {
    let (status, body) = api.login_answer(login, login).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    body["resposta"]["sessao"]["auth_token"]
        .as_str()
        .unwrap_or_else(|| panic!("no token in {body}"))
        .to_owned()
}

/// A legacy failure: HTTP 200, `status: false`, and the message.
fn failure(status: StatusCode, body: &Value) -> String {
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(keys(body), ["status", "mensagem"], "{body}");
    assert_eq!(body["status"], false, "{body}");
    body["mensagem"].as_str().unwrap().to_owned()
}

#[tokio::test]
async fn login_nests_the_token_under_resposta_sessao() {
    let api = Api::start(legacy()).await;
    let (status, body) = api.login_answer("unidade1", "unidade1").await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(keys(&body), ["status", "resposta"]);
    assert_eq!(body["status"], true);
    assert_eq!(keys(&body["resposta"]), ["sessao"]);
    let session = &body["resposta"]["sessao"];
    assert_eq!(keys(session), ["auth_token", "tipo"]);
    assert_eq!(session["tipo"], "clinica");
    let (_, admin) = api.login_answer("admin", "admin").await;
    assert_eq!(admin["resposta"]["sessao"]["tipo"], "admin_master");

    let token = session["auth_token"].as_str().unwrap();
    let (status, page) = api
        .get(token, "listaCanal?pagina_atual=1&por_pagina=2")
        .await;
    assert_eq!((status, &page["status"]), (StatusCode::OK, &json!(true)));
}

#[tokio::test]
async fn every_failure_is_http_200_with_status_false() {
    let api = Api::start(Options {
        token_ttl: 0,
        ..legacy()
    })
    .await;
    let (status, body) = api.login_answer("admin", "errada").await;
    assert_eq!(failure(status, &body), "Usuário ou senha inválidos");

    let expired = legacy_token(&api, "unidade1").await;
    for token in ["nao-e-um-token", expired.as_str()] {
        // Unknown, and expired at once (lifetime 0).
        let (status, body) = api.get(token, "statusAgendamento").await;
        assert_eq!(failure(status, &body), "Token inválido ou expirado");
    }
    let url = format!("{}/statusAgendamento", api.base());
    let (status, body) = read(api.http.get(&url).send().await.unwrap()).await;
    assert!(failure(status, &body).contains("Authorization"));
}

#[tokio::test]
async fn validation_scope_and_unknown_ids_keep_their_messages() {
    let api = Api::start(legacy()).await;
    let clinic = legacy_token(&api, "unidade1").await;
    let admin = legacy_token(&api, "admin").await;

    let (status, body) = api.get(&clinic, "lista_cliente?por_pagina=5").await;
    assert_eq!(
        failure(status, &body),
        "parâmetro pagina_atual é obrigatório (inteiro positivo, a partir de 1)"
    );
    let (status, body) = api
        .get(&admin, "lista_cliente?pagina_atual=1&por_pagina=5")
        .await;
    assert!(failure(status, &body).contains("clinica é obrigatório"));
    let (status, body) = api
        .post(
            &clinic,
            "atualizaCadastroCliente",
            json!({ "id": "99999999" }),
        )
        .await;
    assert_eq!(failure(status, &body), "cliente 99999999 não encontrado");
    let (status, body) = api
        .post(
            &admin,
            "mudaStatusAgendamento",
            json!({ "agendamento": 1, "status": 99 }),
        )
        .await;
    assert!(failure(status, &body).contains("status 99 não existe"));
    let (status, body) = api.post(&clinic, "criaCampanha", json!({})).await;
    assert!(failure(status, &body).contains("nome"));
}

#[tokio::test]
async fn lists_key_records_by_position_with_numbers_as_strings() {
    let api = Api::start(legacy()).await;
    let standard = Api::small().await;
    let token = legacy_token(&api, "unidade1").await;
    let query = "lista_venda_orcamento?pagina_atual=2&por_pagina=3";
    let (status, body) = api.get(&token, query).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(
        keys(&body),
        ["status", "dados", "total", "pagina_atual", "por_pagina"]
    );
    assert_eq!(body["status"], true);
    assert_eq!(body["pagina_atual"], "2");
    assert_eq!(body["por_pagina"], "3");
    assert_eq!(keys(&body["dados"]), ["0", "1", "2"]);

    let (records, total) = standard.records(&standard.clinic().await, query).await;
    assert_eq!(body["total"], total.to_string());
    let positional: Vec<Value> = body["dados"]
        .as_object()
        .unwrap()
        .values()
        .cloned()
        .collect();
    assert_eq!(positional, records, "same records, same order");

    let (_, past_the_end) = api
        .get(
            &token,
            "lista_venda_orcamento?pagina_atual=9999&por_pagina=3",
        )
        .await;
    assert_eq!(
        past_the_end["dados"],
        json!({}),
        "an empty page is {{}}, as that deployment writes it"
    );
    assert_eq!(past_the_end["total"], total.to_string());

    let (_, whole) = api.get(&token, "statusAgendamento").await;
    assert_eq!(whole["total"], "8");
    assert_eq!(whole["pagina_atual"], "1");
    assert_eq!(whole["por_pagina"], "8");
    assert_eq!(whole["dados"]["0"]["descricao"], "Agendado");
    assert_eq!(whole["dados"]["7"]["descricao"], "Bloqueio");
}

#[tokio::test]
async fn the_envelope_knob_belongs_to_the_standard_dialect() {
    let api = Api::start(Options {
        envelope: Envelope::Bare,
        ..legacy()
    })
    .await;
    let token = legacy_token(&api, "unidade1").await;
    let (_, body) = api
        .get(&token, "listaCanal?pagina_atual=1&por_pagina=2")
        .await;
    assert_eq!(keys(&body["dados"]), ["0", "1"]);
}

#[tokio::test]
async fn writes_answer_status_true_with_ids_as_strings() {
    let api = Api::start(legacy()).await;
    let token = legacy_token(&api, "unidade1").await;
    let contact = json!({
        "clinica": "1",
        "nome": "Dirce Legado",
        "telefone": "(16) 99111-2233",
        "data_nascimento": "1980-01-31",
        "canal": 3,
        "campanha": 12,
    });
    let (status, created) = api.post(&token, "cadastraCliente", contact).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(keys(&created), ["status", "mensagem", "id"]);
    assert_eq!(created["status"], true);
    assert_eq!(created["mensagem"], "Cliente cadastrado com sucesso");
    let id = created["id"].as_str().expect("id as a string");
    let (_, found) = api
        .get(
            &token,
            "lista_cliente?pagina_atual=1&por_pagina=5&telefone=16991112233",
        )
        .await;
    assert_eq!(found["dados"]["0"]["id"].to_string(), id);

    let (_, updated) = api
        .post(
            &token,
            "atualizaCadastroCliente",
            json!({ "id": id, "nome": "Dirce Legado Atualizada" }),
        )
        .await;
    assert_eq!(
        updated,
        json!({"status": true, "mensagem": "Cadastro do cliente atualizado com sucesso"})
    );

    let (_, campaign) = api
        .post(
            &token,
            "criaCampanha",
            json!({ "nome": "Campanha legada", "clinica": "1" }),
        )
        .await;
    assert_eq!(campaign, json!({"status": true, "id_campanha": "31"}));

    let (_, appointments) = api
        .get(&token, "relAgendamentos?pagina_atual=1&por_pagina=1")
        .await;
    let appointment = &appointments["dados"]["0"]["id"];
    let (_, moved) = api
        .post(
            &token,
            "mudaStatusAgendamento",
            json!({ "agendamento": appointment, "status": 2 }),
        )
        .await;
    assert_eq!(
        moved,
        json!({"status": true, "mensagem": "Status do agendamento alterado com sucesso"})
    );
}

async fn get_raw(api: &Api, token: &str, path: &str) -> reqwest::Response {
    api.http
        .get(format!("{}/{path}", api.base()))
        .bearer_auth(token)
        .send()
        .await
        .unwrap()
}

#[tokio::test]
async fn every_seventh_get_is_an_html_500_page() {
    let api = Api::start(Options {
        dialect: Dialect::LegacyPhp,
        ..small()
    })
    .await;
    let token = legacy_token(&api, "unidade1").await;
    let mut html_calls = Vec::new();
    for call in 1..=15 {
        if call == 5 {
            // Logins are not counted.
            legacy_token(&api, "admin").await;
        }
        let response = get_raw(&api, &token, "listaCanal?pagina_atual=1&por_pagina=2").await;
        if response.status() == StatusCode::INTERNAL_SERVER_ERROR {
            assert_eq!(
                response.headers()["content-type"],
                "text/html; charset=utf-8"
            );
            let page = response.text().await.unwrap();
            assert!(page.contains("<html>"), "{page}");
            assert!(
                page.contains("<h1>500 Internal Server Error</h1>"),
                "{page}"
            );
            html_calls.push(call);
        } else {
            assert_eq!(response.status(), StatusCode::OK);
        }
    }
    assert_eq!(html_calls, [7, 14]);
}

#[tokio::test]
async fn html_error_every_is_a_knob_of_its_own() {
    let api = Api::start(Options {
        html_error_every: Some(3),
        ..small()
    })
    .await;
    let token = api.clinic().await;
    let mut statuses = Vec::new();
    for _ in 0..6 {
        statuses.push(
            get_raw(&api, &token, "statusAgendamento")
                .await
                .status()
                .as_u16(),
        );
    }
    assert_eq!(statuses, [200, 200, 500, 200, 200, 500]);
}

#[tokio::test]
async fn the_crm_keeps_bitrix_conventions_in_the_legacy_dialect() {
    let api = Api::start(legacy()).await;
    let url = format!("{}/crm/rest/1/sandbox/crm.contact.get?ID=abc", api.root());
    let (status, body) = read(api.http.get(&url).send().await.unwrap()).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(body["error"], "INVALID_ARG_VALUE");
    let url = format!("{}/io/x", api.root());
    let (status, body) = read(api.http.get(&url).send().await.unwrap()).await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);
    assert!(body["erro"].is_string());
}
