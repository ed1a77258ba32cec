//! The Integrações IO catcher.

use serde_json::{Value, json};

use crate::support::{Crm, json};

async fn call(
    crm: &Crm,
    method: reqwest::Method,
    path: &str,
    key: Option<&str>,
    body: Option<(&str, &str)>,
) -> reqwest::Response {
    let mut request = crm.client.request(method, format!("{}{path}", crm.origin));
    if let Some(key) = key {
        request = request.header("x-api-key", key);
    }
    if let Some((content_type, body)) = body {
        request = request
            .header("content-type", content_type)
            .body(body.to_string());
    }
    request.send().await.expect("send")
}

#[tokio::test]
async fn without_the_right_key_the_answer_is_401_and_nothing_is_counted() {
    let crm = Crm::start().await;
    for key in [None, Some("errada"), Some("SANDBOX-IO-KEY")] {
        let (status, body) =
            json(call(&crm, reqwest::Method::POST, "/io/pedidos", key, None).await).await;
        assert_eq!(
            (status, body),
            (401, json!({"erro": "x-api-key ausente ou inválida"})),
            "{key:?}"
        );
    }
    assert_eq!(crm.state.stats().io_calls, 0);
}

#[tokio::test]
async fn any_method_and_path_is_echoed_and_counted() {
    let crm = Crm::start().await;
    let key = Some("sandbox-io-key");
    let (status, body) = json(
        call(
            &crm,
            reqwest::Method::POST,
            "/io/webhooks/venda?origem=cli&x=%C3%A7",
            key,
            Some((
                "application/json",
                r#"{"valor": 12.5, "nome": "Conceição"}"#,
            )),
        )
        .await,
    )
    .await;
    assert_eq!(status, 200);
    assert_eq!(
        body,
        json!({"ok": true, "method": "POST", "path": "/io/webhooks/venda", "query": "origem=cli&x=%C3%A7",
               "body": {"valor": 12.5, "nome": "Conceição"}, "call": 1})
    );

    let (_, body) = json(
        call(
            &crm,
            reqwest::Method::PUT,
            "/io",
            key,
            Some(("text/plain", "não é JSON")),
        )
        .await,
    )
    .await;
    assert_eq!(
        (
            body["path"].as_str(),
            body["body"].as_str(),
            body["call"].as_u64()
        ),
        (Some("/io"), Some("não é JSON"), Some(2))
    );

    let (_, body) = json(call(&crm, reqwest::Method::DELETE, "/io/a/b/c", key, None).await).await;
    assert_eq!(
        (
            body["method"].as_str(),
            body["body"].clone(),
            body["query"].as_str()
        ),
        (Some("DELETE"), Value::Null, Some(""))
    );
    assert_eq!(crm.state.stats().io_calls, 3);
}

#[tokio::test]
async fn io_text_answers_plain_text() {
    let crm = Crm::start().await;
    let response = call(
        &crm,
        reqwest::Method::GET,
        "/io/text",
        Some("sandbox-io-key"),
        None,
    )
    .await;
    assert_eq!(response.status(), 200);
    let content_type = response.headers()["content-type"]
        .to_str()
        .unwrap()
        .to_string();
    assert!(content_type.starts_with("text/plain"), "{content_type}");
    let text = response.text().await.unwrap();
    assert!(serde_json::from_str::<Value>(&text).is_err(), "{text}");
    assert!(text.contains("chamada 1"), "{text}");
    assert_eq!(crm.state.stats().io_calls, 1);
}
