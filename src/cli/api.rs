//! `clinic api METHOD PATH`: any path of `base_url` with the same auth, formats and paging.

use std::sync::Arc;

use clap::Args;

use super::args;
use crate::api::list::ApiList;
use crate::api::ops;
use crate::context::Context;
use crate::error::{Error, Result};
use crate::http::Method;
use crate::pages::Walk;
use crate::show;

#[derive(Args, Debug)]
pub struct ApiArgs {
    #[command(flatten)]
    request: args::RawRequest,
}

const PAGE: &str = "pagina_atual";
const PER_PAGE: &str = "por_pagina";

pub async fn run(ctx: &Context, ApiArgs { request: a }: ApiArgs) -> Result<()> {
    let body = a.body()?;
    let path = format!("/{}", a.path.trim_start_matches('/'));
    let paging_asked = ctx.global.page.is_some() || ctx.global.per_page.is_some();
    if a.method != Method::GET || !(paging_asked || crate::api::is_paged_list(&path)) {
        let client = ctx.api().await?;
        let answer = ops::any_path(&client, a.method, &path, &a.query, body).await?;
        return show::any(ctx, answer);
    }
    // Paging flags win over the same parameters given with -q; either way each is sent once.
    let mut spec = ctx.walk();
    if ctx.global.page.is_none()
        && let Some(page) = query_number(&a.query, PAGE)?
    {
        // A page named with `-q` is one page asked for, as `--page` is.
        spec.first = page;
        spec.all = ctx.global.all || ctx.global.limit.is_some();
    }
    if ctx.global.per_page.is_none()
        && let Some(per_page) = query_number(&a.query, PER_PAGE)?
    {
        spec.per_page = per_page;
    }
    let query: Vec<(String, String)> = a
        .query
        .into_iter()
        .filter(|(k, _)| k != PAGE && k != PER_PAGE)
        .collect();
    let client = ctx.api().await?;
    if spec.all || crate::api::is_paged_list(&path) {
        let source = Arc::new(ApiList::any_path(client, &path, query));
        return show::paged_with(ctx, source, &crate::t!("cli-what-records"), spec).await;
    }
    // A path of unknown shape: one request with the paging parameters, its answer shown as it came.
    let query = paged_query(query, spec);
    let answer = ops::any_path(&client, a.method, &path, &query, body).await?;
    show::any(ctx, answer)
}

fn paged_query(mut query: Vec<(String, String)>, spec: Walk) -> Vec<(String, String)> {
    query.push((PAGE.into(), spec.first.to_string()));
    query.push((PER_PAGE.into(), spec.per_page.to_string()));
    query
}

/// A paging parameter given with `-q`, as a positive number.
fn query_number(query: &[(String, String)], key: &str) -> Result<Option<u64>> {
    match query.iter().rev().find(|(k, _)| k == key) {
        None => Ok(None),
        Some((_, v)) => match v.trim().parse::<u64>() {
            Ok(n) if n > 0 => Ok(Some(n)),
            _ => Err(Error::invalid(
                &format!("-q {key}"),
                v,
                &crate::t!("cli-api-expected-page-number"),
            )),
        },
    }
}
