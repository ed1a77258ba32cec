use std::net::SocketAddr;

use clinic_sandbox::{Error, Options, Sandbox, SandboxThread};
use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::support::{Api, erro, journal, read, small};

async fn stats(api: &Api) -> Value {
    let response = api
        .http
        .get(format!("{}/__sandbox/stats", api.root()))
        .send()
        .await
        .unwrap();
    read(response).await.1
}

#[tokio::test]
async fn the_journal_records_what_clients_sent_oldest_first() {
    let api = Api::small().await;
    let token = api.clinic().await;
    api.get(
        &token,
        "lista_cliente?pagina_atual=1&por_pagina=2&nome=Jo%C3%A3o%20da%20Silva",
    )
    .await;
    api.post(
        &token,
        "criaCampanha",
        json!({ "nome": "Ação \"Verão\"", "clinica": "1" }),
    )
    .await;
    api.http
        .get(format!("{}/io/webhook/teste?x=1", api.root()))
        .header("x-api-key", "chave")
        .send()
        .await
        .unwrap();
    api.http
        .get(format!("{}/rota/inexistente", api.root()))
        .send()
        .await
        .unwrap();
    let entries = journal(&api).await;
    let paths: Vec<&str> = entries
        .iter()
        .map(|e| e["path"].as_str().unwrap())
        .collect();
    assert_eq!(
        paths,
        [
            "/rest/v1/loginApi",
            "/rest/v1/lista_cliente",
            "/rest/v1/criaCampanha",
            "/io/webhook/teste",
            "/rota/inexistente"
        ]
    );
    let login = &entries[0];
    assert_eq!(login["method"], "POST");
    let login_body: Value = serde_json::from_str(login["body"].as_str().unwrap()).unwrap();
    assert_eq!(login_body["login"], "unidade1");
    let list = &entries[1];
    assert_eq!(list["method"], "GET");
    assert_eq!(
        list["query"],
        "pagina_atual=1&por_pagina=2&nome=Jo%C3%A3o%20da%20Silva"
    );
    assert_eq!(list["headers"]["authorization"], format!("Bearer {token}"));
    assert_eq!(list["body"], "");
    assert_eq!(
        entries[2]["body"],
        r#"{"nome":"Ação \"Verão\"","clinica":"1"}"#
    );
    assert_eq!(entries[3]["headers"]["x-api-key"], "chave");
    assert_eq!(entries[3]["query"], "x=1");

    let cleared = api
        .http
        .delete(format!("{}/__sandbox/requests", api.root()))
        .send()
        .await
        .unwrap();
    assert!(cleared.status().is_success());
    assert!(
        journal(&api).await.is_empty(),
        "cleared, and inspection is not journaled"
    );
}

#[tokio::test]
async fn unknown_routes_and_methods_answer_json_errors() {
    let api = Api::small().await;
    let (status, body) = read(
        api.http
            .get(format!("{}/naoExiste", api.base()))
            .send()
            .await
            .unwrap(),
    )
    .await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    assert!(erro(&body).contains("/rest/v1/naoExiste"));
    let (status, body) = read(
        api.http
            .get(format!("{}/loginApi", api.base()))
            .send()
            .await
            .unwrap(),
    )
    .await;
    assert_eq!(status, StatusCode::METHOD_NOT_ALLOWED);
    assert!(erro(&body).contains("GET"));
}

#[tokio::test]
async fn stats_count_the_data_and_follow_writes() {
    let api = Api::small().await;
    let before = stats(&api).await;
    assert_eq!(before["quotes"], 3000);
    assert_eq!(before["appointments"], 3000);
    assert_eq!(before["contacts"], 1500);
    assert_eq!(before["campaigns"], 30);
    for key in ["crm_contacts", "crm_deals", "io_calls"] {
        assert!(before[key].is_u64(), "{key}");
    }
    for key in ["quotes_by_clinic", "appointments_by_clinic"] {
        let by_clinic = before[key].as_object().unwrap();
        assert_eq!(by_clinic.len(), 12);
        let sum: u64 = by_clinic.values().map(|v| v.as_u64().unwrap()).sum();
        assert_eq!(sum, 3000);
        assert!(
            by_clinic["1"].as_u64().unwrap() >= 300,
            "clinic 1 holds at least a tenth"
        );
    }
    let token = api.clinic().await;
    let (_, total) = api
        .records(&token, "lista_venda_orcamento?pagina_atual=1&por_pagina=1")
        .await;
    assert_eq!(json!(total), before["quotes_by_clinic"]["1"]);
    api.post(
        &token,
        "criaCampanha",
        json!({ "nome": "Nova", "clinica": "1" }),
    )
    .await;
    api.post(
        &token,
        "cadastraCliente",
        json!({ "clinica": "1", "nome": "Ana", "telefone": "(11) 91234-5678",
                "data_nascimento": "2000-01-01", "canal": 1, "campanha": 1 }),
    )
    .await;
    let after = stats(&api).await;
    assert_eq!(after["campaigns"], 31);
    assert_eq!(after["contacts"], 1501);
}

async fn first_pages(seed: u64) -> String {
    let api = Api::start(Options { seed, ..small() }).await;
    let token = api.clinic().await;
    let mut pages = String::new();
    for path in [
        "lista_venda_orcamento?pagina_atual=3&por_pagina=20",
        "relAgendamentos?pagina_atual=2&por_pagina=20",
        "lista_cliente?pagina_atual=4&por_pagina=20",
    ] {
        let response = api
            .http
            .get(format!("{}/{path}", api.base()))
            .bearer_auth(&token)
            .send()
            .await
            .unwrap();
        pages.push_str(&response.text().await.unwrap());
    }
    pages
}

#[tokio::test]
async fn equal_seeds_give_equal_data_and_other_seeds_differ() {
    let a = first_pages(7).await;
    let b = first_pages(7).await;
    let c = first_pages(8).await;
    assert_eq!(a, b);
    assert_ne!(a, c);
}

#[tokio::test]
async fn non_loopback_addresses_need_public() {
    let opts = Options {
        addr: SocketAddr::from(([0, 0, 0, 0], 0)),
        ..small()
    };
    let error = Sandbox::start(opts).await.err().expect("refused");
    assert!(matches!(error, Error::NotLoopback(_)));
    assert!(error.to_string().contains("--public"));
}

#[tokio::test]
async fn urls_name_the_four_hosts_on_the_bound_port() {
    let api = Api::small().await;
    let addr = api.sandbox.addr();
    assert_ne!(addr.port(), 0);
    let urls = api.sandbox.urls();
    assert_eq!(urls.base_url, format!("http://{addr}/rest/v1"));
    assert_eq!(urls.io_url, format!("http://{addr}/io"));
    assert_eq!(urls.automation_url, format!("http://{addr}/automation"));
    assert_eq!(urls.crm_url, format!("http://{addr}/crm/rest/1/sandbox/"));
}

#[test]
fn a_sandbox_thread_serves_synchronous_callers_and_stops_on_drop() {
    let sandbox = SandboxThread::start(small()).expect("thread starts");
    let addr = sandbox.addr();
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap();
    let status = runtime.block_on(async {
        reqwest::get(format!(
            "{}/stats",
            sandbox.urls().base_url.replace("/rest/v1", "/__sandbox")
        ))
        .await
        .unwrap()
        .status()
    });
    assert_eq!(status, StatusCode::OK);
    drop(sandbox);
    assert!(
        std::net::TcpStream::connect(addr).is_err(),
        "stopped on drop"
    );
}

/// Centavos of a JSON amount written with at most two decimals, else `None`.
fn centavos(value: &Value) -> Option<i64> {
    let text = value.to_string();
    let (units, cents) = text.split_once('.').unwrap_or((&text, "0"));
    if cents.len() > 2 {
        return None;
    }
    let cents: i64 = format!("{cents:0<2}").parse().ok()?;
    Some(units.parse::<i64>().ok()? * 100 + cents)
}

#[tokio::test]
async fn a_changed_quote_goes_up_by_exactly_ten_reais_written_as_money() {
    // Enough quotes that some value plus 10.0 in binary floating point is not a plain amount.
    let api = Api::start(Options {
        scale: 40_000,
        ..small()
    })
    .await;
    let token = api.admin().await;
    let path = "lista_venda_orcamento?clinica=1";
    let before = api.walk(&token, path, 500).await;
    let ids: Vec<String> = before.iter().map(|q| q["id"].to_string()).collect();
    for chunk in ids.chunks(1000) {
        let response = api
            .http
            .post(format!(
                "{}/__sandbox/quotes?change={}",
                api.root(),
                chunk.join(",")
            ))
            .send()
            .await
            .unwrap();
        assert_eq!(response.status(), StatusCode::NO_CONTENT);
    }
    let after = api.walk(&token, path, 500).await;
    assert_eq!(after.len(), before.len());
    for (old, new) in before.iter().zip(&after) {
        assert_eq!(old["id"], new["id"]);
        let (Some(old_cents), Some(new_cents)) = (centavos(&old["valor"]), centavos(&new["valor"]))
        else {
            panic!("not an amount: {} -> {}", old["valor"], new["valor"]);
        };
        assert_eq!(
            new_cents,
            old_cents + 1000,
            "{} -> {}",
            old["valor"],
            new["valor"]
        );
    }
}

#[tokio::test]
async fn a_moved_quote_leaves_its_clinics_list_for_the_others() {
    let api = Api::start(small()).await;
    let token = api.admin().await;
    let ids_of = |quotes: &[Value]| -> Vec<u64> {
        quotes.iter().map(|q| q["id"].as_u64().unwrap()).collect()
    };
    let one = api
        .walk(&token, "lista_venda_orcamento?clinica=1", 50)
        .await;
    let two = api
        .walk(&token, "lista_venda_orcamento?clinica=2", 50)
        .await;
    let moved = one[0]["id"].as_u64().unwrap();
    let post = |query: String| {
        let http = api.http.clone();
        let url = format!("{}/__sandbox/quotes?{query}", api.root());
        async move { http.post(url).send().await.unwrap().status() }
    };
    assert_eq!(
        post(format!("move={moved}:2")).await,
        StatusCode::NO_CONTENT
    );
    // A clinic the network does not have, or no clinic: refused, nothing moved.
    assert_eq!(
        post(format!("move={moved}:13")).await,
        StatusCode::BAD_REQUEST
    );
    assert_eq!(post(format!("move={moved}")).await, StatusCode::BAD_REQUEST);
    let one_after = api
        .walk(&token, "lista_venda_orcamento?clinica=1", 50)
        .await;
    let two_after = api
        .walk(&token, "lista_venda_orcamento?clinica=2", 50)
        .await;
    assert_eq!(ids_of(&one_after), ids_of(&one)[1..].to_vec());
    let mut expected = ids_of(&two);
    expected.push(moved);
    expected.sort_unstable();
    assert_eq!(ids_of(&two_after), expected);
    let record = two_after.iter().find(|q| q["id"] == moved).unwrap();
    assert_eq!(record["clinica"], 2);
    assert_eq!(record["unidade"], two[0]["unidade"]);
    assert_ne!(record["modificado_em"], one[0]["modificado_em"]);
}
