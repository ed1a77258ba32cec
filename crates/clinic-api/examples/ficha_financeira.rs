//! Walks every page of the Ficha Financeira with `clinic-api` alone (no clap, no terminal, no
//! catalogue), against a sandbox started in this process, and totals it:
//! `cargo run -p clinic-api --example ficha_financeira`.
use std::sync::Arc;

use clinic_api::api::{FICHA_FINANCEIRA, auth, client::ApiClient, conventions::Conventions};
use clinic_api::{api::list::ApiList, http::Http, money, pages, record, secret::Secret, ui};
use clinic_sandbox::{CLINIC_LOGIN, CLINIC_PASSWORD, Options, Sandbox};
use rust_decimal::Decimal;

/// The clinic user's quotes on `sandbox`: how many, and their sum.
pub async fn ficha(sandbox: &Sandbox) -> Result<(u64, Decimal), Box<dyn std::error::Error>> {
    let base = url::Url::parse(&sandbox.urls().base_url)?;
    let quiet = ui::Reporter::new(false, true);
    let http = Arc::new(Http::new(quiet, Default::default())?);
    let login = auth::login(&http, &base, CLINIC_LOGIN, &Secret::new(CLINIC_PASSWORD)).await?;
    let learned = Conventions::new(None, None, None);
    let client = ApiClient::new(http.clone(), base, login.token, login.scheme, learned, None);
    let list = Arc::new(ApiList::new(Arc::new(client), &FICHA_FINANCEIRA, vec![]));
    let (mut count, mut total) = (0, Decimal::ZERO);
    let add = |quote: record::Record| {
        let quote = record::value_of(&quote)?;
        if let money::Money::Amount(amount) = money::amount(&quote["valor"], None) {
            total += amount;
        }
        count += 1;
        Ok(())
    };
    pages::walk(list, pages::Walk::every_page(100, 4), http.reporter(), add).await?;
    Ok((count, total))
}

#[tokio::main]
async fn main() -> Result<(), Box<dyn std::error::Error>> {
    let (count, total) = ficha(&Sandbox::start(Options::ephemeral()).await?).await?;
    println!("{count} quotes, R$ {total:.2} in all");
    Ok(())
}
