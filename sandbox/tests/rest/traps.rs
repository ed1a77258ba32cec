//! Redirects, requests never answered and endless bodies.

use std::time::Duration;

use clinic_sandbox::Options;
use reqwest::StatusCode;
use reqwest::redirect::Policy;
use serde_json::{Value, json};

use crate::support::{Api, builder, journal, read, small};

/// The four hosts, each with a path and query that must survive a redirect.
const HOSTS: [&str; 4] = [
    "rest/v1/listaCanal?pagina_atual=1&por_pagina=2&nome=Cl%C3%ADnica",
    "io/webhook/x?a=1",
    "automation/webhook/sandbox?Primeiro%20Nome=Ana",
    "crm/rest/1/sandbox/crm.contact.list?select[]=NAME",
];

fn not_following() -> reqwest::Client {
    builder().redirect(Policy::none()).build().unwrap()
}

#[tokio::test]
async fn redirect_to_sends_every_host_elsewhere_and_journals_the_request() {
    let target = Api::small().await;
    let origin = Api::start(Options {
        redirect_to: Some(target.root()),
        ..small()
    })
    .await;
    let client = not_following();
    for path in HOSTS {
        let response = client
            .get(format!("{}/{path}", origin.root()))
            .send()
            .await
            .unwrap();
        assert_eq!(response.status(), StatusCode::TEMPORARY_REDIRECT, "{path}");
        assert_eq!(
            response.headers()["location"],
            format!("{}/{path}", target.root()).as_str()
        );
    }
    let response = client
        .post(format!("{}/loginApi", origin.base()))
        .json(&json!({ "login": "admin", "password": "admin" }))
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), StatusCode::TEMPORARY_REDIRECT);

    let entries = journal(&origin).await;
    assert_eq!(entries.len(), 5, "redirected requests are journaled");
    assert_eq!(entries[4]["method"], "POST");
    assert!(entries[4]["body"].as_str().unwrap().contains("admin"));
    assert!(journal(&target).await.is_empty(), "nothing followed yet");

    // A client that follows a 307 re-sends the request to the other origin, which serves it.
    let (status, body) = read(
        builder()
            .build()
            .unwrap()
            .post(format!("{}/loginApi", origin.base()))
            .json(&json!({ "login": "admin", "password": "admin" }))
            .send()
            .await
            .unwrap(),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let reached = journal(&target).await;
    assert_eq!(reached.len(), 1);
    assert_eq!(
        (reached[0]["method"].as_str(), reached[0]["path"].as_str()),
        (Some("POST"), Some("/rest/v1/loginApi"))
    );
}

#[tokio::test]
async fn redirect_status_picks_the_code() {
    for status in [301, 302, 303, 307, 308] {
        let api = Api::start(Options {
            redirect_to: Some("http://127.0.0.1:9/prefixo/".into()),
            redirect_status: status,
            ..small()
        })
        .await;
        let response = not_following()
            .get(format!("{}/statusAgendamento?x=1", api.base()))
            .send()
            .await
            .unwrap();
        assert_eq!(response.status().as_u16(), status);
        assert_eq!(
            response.headers()["location"],
            "http://127.0.0.1:9/prefixo/rest/v1/statusAgendamento?x=1"
        );
    }
}

#[tokio::test]
async fn same_origin_redirects_land_on_moved_which_serves_the_same_routes() {
    let api = Api::start(Options {
        redirect_same_origin: true,
        ..small()
    })
    .await;
    let response = not_following()
        .get(format!(
            "{}/listaCanal?pagina_atual=1&por_pagina=2",
            api.base()
        ))
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), StatusCode::TEMPORARY_REDIRECT);
    assert_eq!(
        response.headers()["location"],
        format!(
            "{}/moved/rest/v1/listaCanal?pagina_atual=1&por_pagina=2",
            api.root()
        )
        .as_str()
    );

    // A client that follows same-origin redirects works as if nothing had moved.
    let (status, login) = api.login_answer("unidade1", "unidade1").await;
    assert_eq!(status, StatusCode::OK, "{login}");
    let token = login["token"].as_str().unwrap();
    let (records, total) = api
        .records(token, "listaCanal?pagina_atual=1&por_pagina=2")
        .await;
    assert_eq!(records.len(), 2);
    assert!(total >= 10);
    let crm = format!("{}/crm/rest/1/sandbox/crm.contact.get?ID=1", api.root());
    let (status, contact) = read(api.http.get(crm).send().await.unwrap()).await;
    assert_eq!(
        (status, &contact["result"]["ID"]),
        (StatusCode::OK, &json!("1"))
    );
    let io = format!("{}/io/text", api.root());
    let response = api
        .http
        .get(io)
        .header("x-api-key", clinic_sandbox::IO_KEY)
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), StatusCode::OK);
    assert!(response.text().await.unwrap().contains("sem JSON"));

    let paths: Vec<String> = journal(&api)
        .await
        .iter()
        .map(|e| e["path"].as_str().unwrap().to_owned())
        .collect();
    assert_eq!(
        paths,
        [
            "/rest/v1/listaCanal",
            "/rest/v1/loginApi",
            "/moved/rest/v1/loginApi",
            "/rest/v1/listaCanal",
            "/moved/rest/v1/listaCanal",
            "/crm/rest/1/sandbox/crm.contact.get",
            "/moved/crm/rest/1/sandbox/crm.contact.get",
            "/io/text",
            "/moved/io/text",
        ]
    );
}

#[tokio::test]
async fn moved_mirrors_the_hosts_on_any_server() {
    let api = Api::small().await;
    let (status, body) = read(
        api.http
            .post(format!("{}/moved/rest/v1/loginApi", api.root()))
            .json(&json!({ "login": "admin", "password": "admin" }))
            .send()
            .await
            .unwrap(),
    )
    .await;
    assert_eq!(status, StatusCode::OK);
    assert!(body["token"].is_string());
    let (status, _) = read(
        api.http
            .get(format!("{}/moved/rest/v1/naoExiste", api.root()))
            .send()
            .await
            .unwrap(),
    )
    .await;
    assert_eq!(status, StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn hang_journals_requests_and_never_answers_until_shutdown() {
    let api = Api::start(Options {
        hang: true,
        ..small()
    })
    .await;
    let url = format!("{}/statusAgendamento", api.base());
    let error = api
        .http
        .get(&url)
        .timeout(Duration::from_millis(300))
        .send()
        .await
        .expect_err("a hung request gets no answer");
    assert!(error.is_timeout(), "{error}");
    let waiting = tokio::spawn({
        let http = api.http.clone();
        let url = format!("{}/crm/rest/1/sandbox/crm.contact.list", api.root());
        async move { http.get(url).send().await.map(|r| r.status()) }
    });
    loop {
        if journal(&api).await.len() == 2 {
            break;
        }
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    let paths: Vec<Value> = journal(&api)
        .await
        .iter()
        .map(|e| e["path"].clone())
        .collect();
    assert_eq!(
        paths,
        [
            json!("/rest/v1/statusAgendamento"),
            json!("/crm/rest/1/sandbox/crm.contact.list")
        ]
    );
    assert!(!waiting.is_finished());
    api.sandbox.shutdown().await;
    let status = waiting.await.unwrap().expect("released with an answer");
    assert_eq!(status, StatusCode::SERVICE_UNAVAILABLE);
}

#[tokio::test]
async fn endless_body_streams_a_list_that_never_closes() {
    let api = Api::start(Options {
        endless_body: true,
        ..small()
    })
    .await;
    // Writes still work, so a client can log in first.
    let (status, login) = api.login_answer("unidade1", "unidade1").await;
    assert_eq!(status, StatusCode::OK);
    let token = login["token"].as_str().unwrap();
    let response = api
        .http
        .get(format!(
            "{}/lista_cliente?pagina_atual=1&por_pagina=10",
            api.base()
        ))
        .bearer_auth(token)
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), StatusCode::OK);
    assert!(
        response.headers()["content-type"]
            .to_str()
            .unwrap()
            .starts_with("application/json")
    );
    assert!(response.headers().get("content-length").is_none());
    let mut response = response;
    let mut head = Vec::new();
    let mut received = 0usize;
    while received < 4 << 20 {
        let chunk = response.chunk().await.expect("chunk").expect("more body");
        received += chunk.len();
        if head.len() < 64 {
            head.extend_from_slice(&chunk);
        }
    }
    assert!(
        head.starts_with(b"{\"dados\":[{\"id\":1,"),
        "{}",
        String::from_utf8_lossy(&head)
    );
    api.sandbox.shutdown().await;
    loop {
        match response.chunk().await {
            Ok(Some(_)) => continue,
            Err(_) => break,
            Ok(None) => panic!("an endless body must not end as if complete"),
        }
    }
}

#[tokio::test]
async fn endless_body_is_compressed_when_asked() {
    let api = Api::start(Options {
        endless_body: true,
        ..small()
    })
    .await;
    let mut response = api
        .http
        .get(format!("{}/crm/rest/1/sandbox/crm.deal.list", api.root()))
        .header("accept-encoding", "gzip")
        .send()
        .await
        .unwrap();
    assert_eq!(response.headers()["content-encoding"], "gzip");
    let mut compressed = Vec::new();
    while compressed.len() < 64 << 10 {
        compressed.extend_from_slice(&response.chunk().await.unwrap().unwrap());
    }
    let mut decoder = flate2::read::GzDecoder::new(&compressed[..]);
    let mut start = [0u8; 16];
    std::io::Read::read_exact(&mut decoder, &mut start).unwrap();
    assert_eq!(&start, b"{\"dados\":[{\"id\":");
}
