//! The CRM routes as the assembled sandbox serves them, at the addresses `Urls` prints.

use clinic_sandbox::{Options, Sandbox};
use serde_json::Value;

use crate::support::{form_query, json, lead};

async fn start(crm_rate_limit: u32) -> Sandbox {
    let options = Options {
        crm_rate_limit,
        scale: 100,
        ..Options::ephemeral()
    };
    Sandbox::start(options).await.expect("sandbox starts")
}

async fn get(client: &reqwest::Client, url: String) -> (u16, Value) {
    json(client.get(url).send().await.expect("send")).await
}

#[tokio::test]
async fn printed_urls_reach_the_crm_the_webhook_and_io_and_stats_count_them() {
    let sandbox = start(0).await;
    let urls = sandbox.urls().clone();
    let client = crate::support::http_client();
    let stats_url = format!("http://{}/__sandbox/stats", sandbox.addr());

    let (status, stats) = get(&client, stats_url.clone()).await;
    assert_eq!(status, 200, "{stats}");
    assert_eq!(
        (
            stats["crm_contacts"].as_u64(),
            stats["crm_deals"].as_u64(),
            stats["io_calls"].as_u64()
        ),
        (Some(600), Some(600), Some(0))
    );

    let (status, created) = get(
        &client,
        format!(
            "{}/webhook/sandbox?{}",
            urls.automation_url,
            form_query(&lead(1))
        ),
    )
    .await;
    assert_eq!(status, 200, "{created}");
    assert_eq!(created["contact_created"], true);
    let (status, reused) = get(
        &client,
        format!(
            "{}/webhook/sandbox?{}",
            urls.automation_url,
            form_query(&lead(1))
        ),
    )
    .await;
    assert_eq!(status, 200, "{reused}");
    assert_eq!(reused["contact_id"], created["contact_id"]);

    let (status, page) = get(
        &client,
        format!(
            "{}crm.deal.list?filter[CONTACT_ID]={}",
            urls.crm_url,
            created["contact_id"].as_str().unwrap()
        ),
    )
    .await;
    assert_eq!(status, 200, "{page}");
    assert_eq!(page["total"], 2);

    let response = client
        .post(format!("{}/pedidos", urls.io_url))
        .header("x-api-key", clinic_sandbox::IO_KEY)
        .body("{\"a\":1}")
        .send()
        .await
        .unwrap();
    let (status, echo) = json(response).await;
    assert_eq!(
        (status, echo["body"]["a"].as_u64()),
        (200, Some(1)),
        "{echo}"
    );

    let (_, stats) = get(&client, stats_url).await;
    assert_eq!(
        (
            stats["crm_contacts"].as_u64(),
            stats["crm_deals"].as_u64(),
            stats["io_calls"].as_u64()
        ),
        (Some(601), Some(602), Some(1))
    );
    sandbox.shutdown().await;
}

#[tokio::test]
async fn default_options_let_a_burst_of_fifty_through_then_two_per_second() {
    let sandbox = Sandbox::start(Options {
        scale: 100,
        ..Options::ephemeral()
    })
    .await
    .expect("sandbox starts");
    let client = crate::support::http_client();
    let mut statuses = Vec::new();
    for _ in 0..70 {
        let (status, _) = get(
            &client,
            format!("{}crm.contact.get?ID=1", sandbox.urls().crm_url),
        )
        .await;
        statuses.push(status);
    }
    assert!(statuses[..50].iter().all(|s| *s == 200), "{statuses:?}");
    assert!(statuses[50..].contains(&503), "{statuses:?}");
    assert!(
        statuses.iter().all(|s| *s == 200 || *s == 503),
        "{statuses:?}"
    );
    sandbox.shutdown().await;
}
