//! `clinic api METHOD PATH`: any path of `base_url` with the same auth, formats and paging.

use std::sync::Arc;

use clap::Args;
use reqwest::Method;

use super::args;
use crate::context::Context;
use crate::error::Result;
use crate::http::Safety;
use crate::show::{self, ApiList};

#[derive(Args, Debug)]
#[command(after_help = "Examples:
  clinic api GET /listaCanal -q pagina_atual=1 -q por_pagina=20
  clinic api GET /lista_venda_orcamento -q status=2 --all --format ndjson
  clinic api POST /criaCampanha --data '{\"nome\": \"Teste\", \"clinica\": \"1\"}'")]
pub struct ApiArgs {
    /// HTTP method
    #[arg(value_parser = args::method)]
    method: Method,
    /// Path under base_url, e.g. /listaCanal
    path: String,
    /// Query parameter (repeatable); with --all, pagina_atual/por_pagina are managed for you
    #[arg(short = 'q', long = "query", value_name = "KEY=VALUE", value_parser = args::key_value)]
    query: Vec<(String, String)>,
    /// JSON body: inline, @FILE, or - for standard input
    #[arg(long, value_name = "JSON|@FILE|-")]
    data: Option<String>,
}

pub async fn run(ctx: &Context, a: ApiArgs) -> Result<()> {
    let body = a.data.as_deref().map(args::data).transpose()?;
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
    let safety = if a.method == Method::GET || a.method == Method::HEAD {
        Safety::Idempotent
    } else {
        Safety::Unsafe
    };
    let answer = client.call(a.method, &path, &a.query, body, safety).await?;
    show::any(ctx, answer)
}
