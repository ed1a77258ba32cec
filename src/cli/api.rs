//! `clinic api METHOD PATH`: any path of `base_url` with the same auth, formats and paging.

use std::sync::Arc;

use clap::Args;
use reqwest::Method;

use super::args;
use crate::context::Context;
use crate::error::Result;
use crate::show::{self, ApiList};

#[derive(Args, Debug)]
#[command(after_help = "Examples:
  clinic api GET /listaCanal -q pagina_atual=1 -q por_pagina=20
  clinic api GET /lista_venda_orcamento -q status=2 --all --format ndjson
  clinic api POST /criaCampanha --data '{\"nome\": \"Teste\", \"clinica\": \"1\"}'")]
///
/// With --all on a GET, pagina_atual/por_pagina are managed for you.
pub struct ApiArgs {
    #[command(flatten)]
    request: args::RawRequest,
}

pub async fn run(ctx: &Context, ApiArgs { request: a }: ApiArgs) -> Result<()> {
    let body = a.body()?;
    let path = format!("/{}", a.path.trim_start_matches('/'));
    let client = ctx.api().await?;
    if ctx.global.all && a.method == Method::GET {
        let query = a
            .query
            .into_iter()
            .filter(|(k, _)| k != "pagina_atual" && k != "por_pagina")
            .collect();
        return show::paged(
            ctx,
            Arc::new(ApiList {
                client,
                path,
                query,
            }),
            "records",
        )
        .await;
    }
    let safety = a.safety();
    let answer = client.call(a.method, &path, &a.query, body, safety).await?;
    show::any(ctx, answer)
}
