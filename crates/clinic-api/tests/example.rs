//! The example of `clinic-api` reads every quote the sandbox holds for the clinic user, no more and
//! no fewer, and its sum to the centavo.

#[allow(dead_code)]
#[path = "../examples/ficha_financeira.rs"]
mod example;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_example_reads_every_quote_of_the_clinic() {
    let sandbox = clinic_sandbox::Sandbox::start(clinic_sandbox::Options::ephemeral())
        .await
        .unwrap();
    let (count, total) = example::ficha(&sandbox).await.unwrap();
    let stats: serde_json::Value =
        reqwest::get(format!("http://{}/__sandbox/stats", sandbox.addr()))
            .await
            .unwrap()
            .json()
            .await
            .unwrap();
    assert_eq!(
        Some(count),
        stats["quotes_by_clinic"]["1"].as_u64(),
        "{stats}"
    );
    // Money read as amounts: something to sum, and never more than centavos.
    assert!(total > rust_decimal::Decimal::ZERO, "{total}");
    assert_eq!(total.round_dp(2), total);
}
