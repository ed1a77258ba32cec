use clinic_sandbox::{Envelope, Options};
use reqwest::StatusCode;
use serde_json::Value;

use crate::support::{Api, erro, read, small};

const PAGE: &str = "lista_venda_orcamento?pagina_atual=2&por_pagina=7";

#[tokio::test]
async fn data_envelope_wraps_records_without_a_total() {
    let api = Api::start(Options {
        envelope: Envelope::Data,
        ..small()
    })
    .await;
    let token = api.clinic().await;
    let (status, body) = api.get(&token, PAGE).await;
    assert_eq!(status, StatusCode::OK);
    let object = body.as_object().unwrap();
    assert_eq!(object.keys().collect::<Vec<_>>(), ["data"]);
    assert_eq!(body["data"].as_array().unwrap().len(), 7);
    assert_eq!(
        body["data"][0]["id"], 8,
        "page 2 of 7 starts at the 8th record"
    );
}

#[tokio::test]
async fn bare_envelope_is_a_top_level_array() {
    let api = Api::start(Options {
        envelope: Envelope::Bare,
        ..small()
    })
    .await;
    let token = api.clinic().await;
    let (status, body) = api.get(&token, PAGE).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(body.as_array().unwrap().len(), 7);
    let (_, statuses) = api.get(&token, "statusAgendamento").await;
    assert_eq!(statuses.as_array().unwrap().len(), 8);
}

#[tokio::test]
async fn dados_envelope_reports_page_size_and_total() {
    let api = Api::small().await;
    let token = api.clinic().await;
    let (_, body) = api.get(&token, PAGE).await;
    assert_eq!(body["pagina_atual"], 2);
    assert_eq!(body["por_pagina"], 7);
    assert!(body["total"].as_u64().unwrap() > 14);
    assert_eq!(body["dados"].as_array().unwrap().len(), 7);
}

#[tokio::test]
async fn page_cap_limits_records_per_page_but_keeps_the_total() {
    let api = Api::start(Options {
        page_cap: 5,
        ..small()
    })
    .await;
    let token = api.clinic().await;
    let (first, total) = api
        .records(&token, "lista_venda_orcamento?pagina_atual=1&por_pagina=50")
        .await;
    assert_eq!(first.len(), 5);
    let (second, second_total) = api
        .records(&token, "lista_venda_orcamento?pagina_atual=2&por_pagina=50")
        .await;
    assert_eq!(second.len(), 5);
    assert_eq!(total, second_total);
    assert_eq!(
        second[0]["id"].as_u64().unwrap(),
        first[4]["id"].as_u64().unwrap() + 1,
        "no record is skipped"
    );
    let (few, _) = api
        .records(&token, "lista_venda_orcamento?pagina_atual=1&por_pagina=3")
        .await;
    assert_eq!(few.len(), 3);
}

#[tokio::test]
async fn ignore_page_always_serves_page_one() {
    let api = Api::start(Options {
        ignore_page: true,
        ..small()
    })
    .await;
    let token = api.clinic().await;
    let (first, total) = api
        .records(&token, "lista_cliente?pagina_atual=1&por_pagina=10")
        .await;
    let (third, third_total) = api
        .records(&token, "lista_cliente?pagina_atual=3&por_pagina=10")
        .await;
    assert_eq!(first, third);
    assert_eq!(total, third_total);
    let (far, _) = api
        .records(&token, "lista_cliente?pagina_atual=9999&por_pagina=10")
        .await;
    assert_eq!(far, first);
}

#[tokio::test]
async fn error_rate_one_fails_every_host_with_500_or_503() {
    let api = Api::start(Options {
        error_rate: 1.0,
        ..small()
    })
    .await;
    let paths = [
        "rest/v1/loginApi",
        "rest/v1/statusAgendamento",
        "crm/rest/1/sandbox/crm.contact.list",
        "io/anything",
        "automation/webhook/sandbox",
    ];
    for path in paths {
        let url = format!("{}/{path}", api.root());
        for _ in 0..4 {
            let (status, body) = read(api.http.get(&url).send().await.unwrap()).await;
            assert!(
                status == StatusCode::INTERNAL_SERVER_ERROR
                    || status == StatusCode::SERVICE_UNAVAILABLE,
                "{path}: {status}"
            );
            assert!(!erro(&body).is_empty());
        }
    }
    let (status, _) = read(
        api.http
            .get(format!("{}/__sandbox/stats", api.root()))
            .send()
            .await
            .unwrap(),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "inspection is never faulted");
}

#[tokio::test]
async fn drop_rate_one_cuts_every_answer_short() {
    let api = Api::start(Options {
        drop_rate: 1.0,
        ..small()
    })
    .await;
    for path in [
        "rest/v1/statusAgendamento",
        "crm/rest/1/sandbox/crm.contact.list",
    ] {
        let outcome = async {
            let response = api
                .http
                .get(format!("{}/{path}", api.root()))
                .send()
                .await?;
            response.bytes().await
        }
        .await;
        assert!(
            outcome.is_err(),
            "{path}: a dropped connection must not read as a full body"
        );
    }
    let outcome = async {
        let response = api
            .http
            .post(format!("{}/loginApi", api.base()))
            .json(&serde_json::json!({ "login": "admin", "password": "admin" }))
            .send()
            .await?;
        response.json::<Value>().await
    }
    .await;
    assert!(outcome.is_err());
}

#[tokio::test]
async fn rate_limit_answers_429_with_retry_after() {
    let api = Api::start(Options {
        rate_limit: 2,
        ..small()
    })
    .await;
    let url = format!("{}/statusAgendamento", api.base());
    let mut limited = None;
    for _ in 0..6 {
        let response = api.http.get(&url).send().await.unwrap();
        if response.status() == StatusCode::TOO_MANY_REQUESTS {
            limited = Some(response);
            break;
        }
    }
    let response = limited.expect("six quick requests exceed 2 per second");
    let retry_after: u64 = response.headers()["retry-after"]
        .to_str()
        .unwrap()
        .parse()
        .unwrap();
    assert!(retry_after >= 1);
    let (_, body) = read(response).await;
    assert!(erro(&body).contains("limite"));
}

#[tokio::test]
async fn latency_knobs_still_answer_correctly() {
    let api = Api::start(Options {
        latency_ms: 30,
        jitter_ms: 20,
        ..small()
    })
    .await;
    let token = api.clinic().await;
    let (records, _) = api
        .records(&token, "listaVendedor?pagina_atual=1&por_pagina=3")
        .await;
    assert_eq!(records.len(), 3);
}
