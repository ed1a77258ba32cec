//! The CRM's own request quota (`--crm-rate-limit`).

use serde_json::json;

use crate::support::{Crm, lead};

#[tokio::test]
async fn past_the_rate_crm_methods_answer_query_limit_exceeded() {
    let crm = Crm::with_rate(2).await;
    let mut refused = 0;
    let mut passed = 0;
    for _ in 0..10 {
        let (status, body) = crm.get("crm.contact.list", "select[]=ID").await;
        match status {
            200 => passed += 1,
            503 => {
                assert_eq!(
                    body,
                    json!({"error": "QUERY_LIMIT_EXCEEDED", "error_description": "Too many requests"})
                );
                refused += 1;
            }
            other => panic!("unexpected {other}: {body}"),
        }
    }
    assert!(passed >= 2, "the burst of 2 passes");
    assert!(refused >= 1, "ten calls at 2/s are not all served");
    // Every method counts, unknown ones included.
    let (status, _) = crm.get("crm.nothing.here", "").await;
    assert!(status == 503 || status == 400);
}

#[tokio::test]
async fn the_automation_webhook_is_not_rate_limited() {
    let crm = Crm::with_rate(1).await;
    for n in 0..10 {
        let (status, body) = crm.webhook(&lead(n)).await;
        assert_eq!(status, 200, "{body}");
    }
    assert_eq!(crm.state.stats().crm_deals, 610);
}

#[tokio::test]
async fn zero_turns_the_limit_off() {
    let crm = Crm::with_rate(0).await;
    for _ in 0..30 {
        let (status, body) = crm.get("crm.deal.get", "ID=1").await;
        assert_eq!(status, 200, "{body}");
    }
}
