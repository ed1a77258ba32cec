use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::support::{Api, erro, read};

fn new_contact() -> Value {
    json!({
        "clinica": "1",
        "nome": "Zuleica Quintanilha",
        "telefone": "(16) 99264-0197",
        "data_nascimento": "1990-05-17",
        "canal": "3",
        "campanha": 12,
        "email": "zuleica@example.com.br",
        "observacao": "=cuidado, \"teste\"\nsegunda linha",
    })
}

fn with(mut body: Value, field: &str, value: Value) -> Value {
    if value.is_null() {
        body.as_object_mut().unwrap().remove(field);
    } else {
        body[field] = value;
    }
    body
}

#[tokio::test]
async fn a_created_contact_is_listed_and_duplicates_are_accepted() {
    let api = Api::small().await;
    let token = api.clinic().await;
    let (_, before) = api
        .records(&token, "lista_cliente?pagina_atual=1&por_pagina=1")
        .await;
    let (status, created) = api.post(&token, "cadastraCliente", new_contact()).await;
    assert_eq!(status, StatusCode::OK, "{created}");
    let id = created["id"].as_u64().expect("new id");
    let (found, total) = api
        .records(
            &token,
            "lista_cliente?pagina_atual=1&por_pagina=10&telefone=16992640197",
        )
        .await;
    assert_eq!(total, 1);
    let contact = &found[0];
    assert_eq!(contact["id"], id);
    assert_eq!(contact["nome"], "Zuleica Quintanilha");
    assert_eq!(contact["data_nascimento"], "1990-05-17");
    assert_eq!(contact["observacao"], "=cuidado, \"teste\"\nsegunda linha");
    assert_eq!(contact["origens"][0]["id_canal"], 3);
    assert_eq!(contact["origens"][0]["id_campanha"], 12);
    let (again, after) = api
        .records(
            &token,
            &format!("lista_cliente?pagina_atual={}&por_pagina=1", before + 1),
        )
        .await;
    assert_eq!(
        (after, again[0]["id"].as_u64()),
        (before + 1, Some(id)),
        "listed last"
    );

    let numbers = with(with(new_contact(), "clinica", json!(1)), "canal", json!(3));
    let (status, duplicate) = api.post(&token, "cadastraCliente", numbers).await;
    assert_eq!(status, StatusCode::OK);
    assert_ne!(duplicate["id"], created["id"]);
    let (_, total) = api
        .records(
            &token,
            "lista_cliente?pagina_atual=1&por_pagina=10&email=zuleica@example.com.br",
        )
        .await;
    assert_eq!(total, 2);
}

#[tokio::test]
async fn contact_creation_rejects_each_invalid_field_naming_it() {
    let api = Api::small().await;
    let token = api.clinic().await;
    let cases = [
        ("nome", Value::Null, StatusCode::BAD_REQUEST, "nome"),
        ("clinica", Value::Null, StatusCode::BAD_REQUEST, "clinica"),
        (
            "telefone",
            json!("16992640197"),
            StatusCode::BAD_REQUEST,
            "(DD) DDDDD-DDDD",
        ),
        (
            "telefone",
            json!("(16) 9926-0197"),
            StatusCode::BAD_REQUEST,
            "'(16) 9926-0197'",
        ),
        (
            "data_nascimento",
            json!("2023-02-30"),
            StatusCode::BAD_REQUEST,
            "'2023-02-30'",
        ),
        (
            "data_nascimento",
            json!("17/05/1990"),
            StatusCode::BAD_REQUEST,
            "AAAA-MM-DD",
        ),
        (
            "data_nascimento",
            Value::Null,
            StatusCode::BAD_REQUEST,
            "data_nascimento",
        ),
        ("canal", json!("abc"), StatusCode::BAD_REQUEST, "'abc'"),
        ("canal", json!(99), StatusCode::UNPROCESSABLE_ENTITY, "99"),
        (
            "campanha",
            json!(999),
            StatusCode::UNPROCESSABLE_ENTITY,
            "999",
        ),
        ("campanha", Value::Null, StatusCode::BAD_REQUEST, "campanha"),
        (
            "email",
            json!("sem-arroba"),
            StatusCode::BAD_REQUEST,
            "'sem-arroba'",
        ),
        ("clinica", json!("2"), StatusCode::FORBIDDEN, "clínica 2"),
        (
            "clinica",
            json!("77"),
            StatusCode::UNPROCESSABLE_ENTITY,
            "77",
        ),
    ];
    for (field, value, status, fragment) in cases {
        let (got, body) = api
            .post(
                &token,
                "cadastraCliente",
                with(new_contact(), field, value.clone()),
            )
            .await;
        assert_eq!(got, status, "{field}={value}: {body}");
        let message = erro(&body);
        assert!(message.contains(field) || field == "clinica", "{message}");
        assert!(message.contains(fragment), "{field}={value}: {message}");
    }
    let response = api
        .http
        .post(format!("{}/cadastraCliente", api.base()))
        .bearer_auth(&token)
        .header("content-type", "application/json")
        .body("{not json")
        .send()
        .await
        .unwrap();
    let (status, body) = read(response).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(erro(&body).contains("JSON"));
    let (_, total) = api
        .records(
            &token,
            "lista_cliente?pagina_atual=1&por_pagina=1&telefone=16992640197",
        )
        .await;
    assert_eq!(total, 0, "no rejected contact was stored");
}

#[tokio::test]
async fn admin_may_create_in_any_clinic() {
    let api = Api::small().await;
    let token = api.admin().await;
    let body = with(new_contact(), "clinica", json!("7"));
    let (status, created) = api.post(&token, "cadastraCliente", body).await;
    assert_eq!(status, StatusCode::OK);
    let (found, _) = api
        .records(
            &token,
            "lista_cliente?pagina_atual=1&por_pagina=5&clinica=7&telefone=16992640197",
        )
        .await;
    assert_eq!(found[0]["id"], created["id"]);
    assert_eq!(found[0]["clinica"], 7);
}

#[tokio::test]
async fn a_quote_shows_its_client_as_updated_and_its_record_as_changed() {
    let api = Api::small().await;
    let token = api.clinic().await;
    let (quotes, _) = api
        .records(&token, "lista_venda_orcamento?pagina_atual=1&por_pagina=1")
        .await;
    let before = quotes[0].clone();
    let (quote, client) = (before["id"].clone(), before["id_cliente"].clone());
    let (status, body) = api
        .post(
            &token,
            "atualizaCadastroCliente",
            json!({ "id": client.to_string(), "nome": "Cliente Renomeado",
                    "telefone": "(16) 99264-0197" }),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let (quotes, _) = api
        .records(&token, "lista_venda_orcamento?pagina_atual=1&por_pagina=1")
        .await;
    let after = &quotes[0];
    assert_eq!(after["id"], quote);
    assert_eq!(
        (after["cliente"].as_str(), after["telefone"].as_str()),
        (Some("Cliente Renomeado"), Some("(16) 99264-0197")),
        "before: {before}"
    );
    // Another status than its own: Inativo (5), or Suspenso (4) for an inactive quote.
    let (status_id, status_name) = if before["id_status"] == 5 {
        (4, "Suspenso")
    } else {
        (5, "Inativo")
    };
    let status = api
        .http
        .post(format!(
            "{}/__sandbox/quotes?change={quote}&status={quote}:{status_name}",
            api.root()
        ))
        .send()
        .await
        .unwrap()
        .status();
    assert_eq!(status, StatusCode::NO_CONTENT);
    let (quotes, _) = api
        .records(&token, "lista_venda_orcamento?pagina_atual=1&por_pagina=1")
        .await;
    let changed = &quotes[0];
    assert_eq!(changed["id_status"], status_id, "{changed}");
    assert_ne!(changed["status"], before["status"]);
    assert_ne!(changed["valor"], before["valor"]);
    assert_ne!(changed["modificado_em"], before["modificado_em"]);
    for (field, value) in before.as_object().unwrap() {
        if ![
            "cliente",
            "telefone",
            "id_status",
            "status",
            "inativo",
            "valor",
            "modificado_em",
        ]
        .contains(&field.as_str())
        {
            assert_eq!(&changed[field], value, "{field}");
        }
    }
}

#[tokio::test]
async fn updating_a_contact_adds_an_origin_and_changes_fields() {
    let api = Api::small().await;
    let token = api.clinic().await;
    let (contacts, _) = api
        .records(&token, "lista_cliente?pagina_atual=1&por_pagina=1")
        .await;
    let id = contacts[0]["id"].as_u64().unwrap();
    let origins_before = contacts[0]["origens"].as_array().unwrap().len();
    let (status, body) = api
        .post(
            &token,
            "atualizaCadastroCliente",
            json!({ "id": id.to_string(), "clinica": "1", "canal": 5, "campanha": "7",
                    "nome": "Nome Atualizado", "data_nascimento": "1985-01-31" }),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let (contacts, _) = api
        .records(&token, "lista_cliente?pagina_atual=1&por_pagina=1")
        .await;
    let contact = &contacts[0];
    assert_eq!(contact["nome"], "Nome Atualizado");
    assert_eq!(contact["data_nascimento"], "1985-01-31");
    let origins = contact["origens"].as_array().unwrap();
    assert_eq!(origins.len(), origins_before + 1);
    assert_eq!(
        (
            origins.last().unwrap()["id_canal"].as_u64(),
            origins.last().unwrap()["id_campanha"].as_u64()
        ),
        (Some(5), Some(7))
    );
    let (found, _) = api
        .records(
            &token,
            "lista_cliente?pagina_atual=1&por_pagina=5&nome=nome%20atualizado",
        )
        .await;
    assert_eq!(found[0]["id"], id, "the new name is searchable");
    let (appointments, _) = api
        .records(&token, "relAgendamentos?pagina_atual=1&por_pagina=500")
        .await;
    for appointment in appointments.iter().filter(|a| a["id_cliente"] == id) {
        assert_eq!(appointment["nome_cliente"], "Nome Atualizado");
    }
}

#[tokio::test]
async fn contact_update_rejections() {
    let api = Api::small().await;
    let token = api.clinic().await;
    let admin = api.admin().await;
    let (status, body) = api
        .post(
            &token,
            "atualizaCadastroCliente",
            json!({ "id": "99999999", "canal": 1 }),
        )
        .await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    assert!(erro(&body).contains("99999999"));
    let (others, _) = api
        .records(
            &admin,
            "lista_cliente?pagina_atual=1&por_pagina=1&clinica=2",
        )
        .await;
    let foreign = others[0]["id"].clone();
    let (status, _) = api
        .post(
            &token,
            "atualizaCadastroCliente",
            json!({ "id": foreign, "canal": 1 }),
        )
        .await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    let (mine, _) = api
        .records(&token, "lista_cliente?pagina_atual=1&por_pagina=1")
        .await;
    let own = mine[0]["id"].clone();
    let (status, body) = api
        .post(
            &token,
            "atualizaCadastroCliente",
            json!({ "id": own, "data_nascimento": "1990-13-01" }),
        )
        .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(erro(&body).contains("1990-13-01"));
    let (status, body) = api
        .post(
            &token,
            "atualizaCadastroCliente",
            json!({ "id": own, "campanha": 555 }),
        )
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(erro(&body).contains("555"));
    let (status, body) = api
        .post(&token, "atualizaCadastroCliente", json!({ "canal": 1 }))
        .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(erro(&body).contains("id"));
}

#[tokio::test]
async fn a_created_campaign_is_listed_and_usable() {
    let api = Api::small().await;
    let token = api.clinic().await;
    let (status, body) = api
        .post(
            &token,
            "criaCampanha",
            json!({ "nome": "Campanha de Teste, \"nova\"", "clinica": "1" }),
        )
        .await;
    assert_eq!(status, StatusCode::OK);
    let id = body["id"].as_u64().unwrap();
    assert_eq!(id, 31);
    let (found, _) = api
        .records(
            &token,
            "listaCampanha?pagina_atual=1&por_pagina=5&nome=campanha%20de%20teste",
        )
        .await;
    assert_eq!(found[0]["id"], id);
    let (_, total) = api
        .records(&token, "listaCampanha?pagina_atual=1&por_pagina=5")
        .await;
    assert_eq!(total, 31);
    let contact = with(new_contact(), "campanha", json!(id));
    let (status, _) = api.post(&token, "cadastraCliente", contact).await;
    assert_eq!(status, StatusCode::OK);
    let admin = api.admin().await;
    let (_, elsewhere) = api
        .records(
            &admin,
            "listaCampanha?pagina_atual=1&por_pagina=5&clinica=2",
        )
        .await;
    assert_eq!(elsewhere, 30, "a clinic's campaign stays in that clinic");
    let (status, _) = api
        .post(
            &token,
            "criaCampanha",
            json!({ "nome": "Alheia", "clinica": "2" }),
        )
        .await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    let (status, body) = api
        .post(&token, "criaCampanha", json!({ "clinica": "1" }))
        .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(erro(&body).contains("nome"));
}

#[tokio::test]
async fn appointment_status_changes_show_in_the_report_and_its_filter() {
    let api = Api::small().await;
    let token = api.clinic().await;
    let (cancelled, total_before) = api
        .records(
            &token,
            "relAgendamentos?pagina_atual=1&por_pagina=500&status=7",
        )
        .await;
    let (page, _) = api
        .records(&token, "relAgendamentos?pagina_atual=1&por_pagina=500")
        .await;
    let target = page.iter().find(|a| a["id_status"] != 7).unwrap();
    let id = target["id"].as_u64().unwrap();
    assert!(cancelled.iter().all(|a| a["id"] != id));
    let (status, body) = api
        .post(
            &token,
            "mudaStatusAgendamento",
            json!({ "agendamento": id, "status": 7 }),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let (cancelled, total_after) = api
        .records(
            &token,
            "relAgendamentos?pagina_atual=1&por_pagina=500&status=7",
        )
        .await;
    assert_eq!(total_after, total_before + 1);
    let changed = cancelled
        .iter()
        .find(|a| a["id"] == id)
        .expect("now cancelled");
    assert_eq!(changed["status"], "Cancelado");
    let (status, _) = api
        .post(
            &token,
            "mudaStatusAgendamento",
            json!({ "agendamento": id.to_string(), "status": "2" }),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "numeric strings are accepted");
    let (_, total_restored) = api
        .records(
            &token,
            "relAgendamentos?pagina_atual=1&por_pagina=5&status=7",
        )
        .await;
    assert_eq!(total_restored, total_before);
}

#[tokio::test]
async fn appointment_status_rejections() {
    let api = Api::small().await;
    let token = api.clinic().await;
    let admin = api.admin().await;
    let (status, body) = api
        .post(
            &token,
            "mudaStatusAgendamento",
            json!({ "agendamento": 99999999, "status": 2 }),
        )
        .await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    assert!(erro(&body).contains("99999999"));
    let (status, body) = api
        .post(
            &token,
            "mudaStatusAgendamento",
            json!({ "agendamento": 1, "status": 42 }),
        )
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(erro(&body).contains("42"));
    let (status, body) = api
        .post(&token, "mudaStatusAgendamento", json!({ "agendamento": 1 }))
        .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(erro(&body).contains("status"));
    let (status, body) = api
        .post(
            &token,
            "mudaStatusAgendamento",
            json!({ "agendamento": "um", "status": 2 }),
        )
        .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(erro(&body).contains("'um'"));
    let (foreign, _) = api
        .records(
            &admin,
            "relAgendamentos?pagina_atual=1&por_pagina=1&clinica=3",
        )
        .await;
    let (status, _) = api
        .post(
            &token,
            "mudaStatusAgendamento",
            json!({ "agendamento": foreign[0]["id"], "status": 2 }),
        )
        .await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    let (status, _) = api
        .post(
            &admin,
            "mudaStatusAgendamento",
            json!({ "agendamento": foreign[0]["id"], "status": 2 }),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "admin_master writes anywhere");
}

#[tokio::test]
async fn form_bodies_are_accepted_too() {
    let api = Api::small().await;
    let token = api.clinic().await;
    let response = api
        .http
        .post(format!("{}/criaCampanha", api.base()))
        .bearer_auth(&token)
        .header("content-type", "application/x-www-form-urlencoded")
        .body("nome=Via+formul%C3%A1rio&clinica=1")
        .send()
        .await
        .unwrap();
    let (status, body) = read(response).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let (found, _) = api
        .records(
            &token,
            "listaCampanha?pagina_atual=1&por_pagina=1&nome=via%20formulario",
        )
        .await;
    assert_eq!(found[0]["nome"], "Via formulário");
}

#[tokio::test]
async fn drop_every_write_loses_the_answer_but_keeps_the_write() {
    let api = Api::start(clinic_sandbox::Options {
        drop_every_write: 2,
        ..crate::support::small()
    })
    .await;
    // The login is the first write: its answer arrives.
    let token = api.clinic().await;
    let (_, before) = api
        .records(&token, "lista_cliente?pagina_atual=1&por_pagina=1")
        .await;
    let mut answered = Vec::new();
    for _ in 0..4 {
        let outcome = async {
            let response = api
                .http
                .post(format!("{}/cadastraCliente", api.base()))
                .bearer_auth(&token)
                .json(&new_contact())
                .send()
                .await?;
            response.json::<Value>().await
        }
        .await;
        answered.push(outcome.is_ok());
    }
    assert_eq!(answered, [false, true, false, true], "every second write");
    let (_, after) = api
        .records(&token, "lista_cliente?pagina_atual=1&por_pagina=1")
        .await;
    assert_eq!(after, before + 4, "a lost answer's write was still done");
}
