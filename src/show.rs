//! The last step of every command: hand records to the output layer. Lists are walked page by page
//! straight into the formatter, so a walk of any size runs in constant memory.

use std::sync::Arc;

use futures::future::BoxFuture;
use reqwest::Method;
use serde_json::Value;

use crate::api::ApiClient;
use crate::api::envelope::{self, Page};
use crate::context::Context;
use crate::error::Result;
use crate::http::Safety;
use crate::jq::Jq;
use crate::output::{Format, Output, Shape};
use crate::pages::{self, PageSource, Walk};

/// A paged list on `base_url`: adds `pagina_atual` and `por_pagina` to the list's own filters.
pub struct ApiList {
    pub client: Arc<ApiClient>,
    pub path: String,
    pub query: Vec<(String, String)>,
}

impl PageSource for ApiList {
    fn fetch(&self, page: u64, per_page: u64) -> BoxFuture<'_, Result<Page>> {
        Box::pin(async move {
            let mut query = self.query.clone();
            query.push(("pagina_atual".into(), page.to_string()));
            query.push(("por_pagina".into(), per_page.to_string()));
            let body = self
                .client
                .call(Method::GET, &self.path, &query, None, Safety::Idempotent)
                .await?;
            Ok(envelope::page(body))
        })
    }
}

/// The output with the `--jq` filter in front of it.
struct Sink {
    out: Output,
    jq: Option<Jq>,
}

impl Sink {
    fn open(ctx: &Context, shape: Shape) -> Result<Sink> {
        // Compile the filter first: a bad filter must stop the command before anything is sent.
        let jq = ctx.global.jq.as_deref().map(Jq::compile).transpose()?;
        let shape = if jq.is_some() { Shape::List } else { shape };
        Ok(Sink {
            out: Output::open(&ctx.output_spec(), shape, Box::new(std::io::stdout()))?,
            jq,
        })
    }

    fn write(&mut self, record: &Value) -> Result<()> {
        match &self.jq {
            None => Ok(self.out.write(record)?),
            Some(jq) => {
                for v in jq.apply(record)? {
                    self.out.write(&v)?;
                }
                Ok(())
            }
        }
    }

    fn finish(self) -> Result<u64> {
        Ok(self.out.finish()?)
    }
}

/// Fails before any request when the output flags cannot work together or `--jq` does not compile.
pub fn check_output_flags(ctx: &Context) -> Result<()> {
    if let Some(format) = ctx
        .global
        .format
        .filter(|f| ctx.global.excel && !matches!(f, Format::Csv | Format::Tsv))
    {
        return Err(crate::error::Error::invalid(
            "--format",
            format,
            "csv or tsv with --excel (or leave --format out: --excel writes CSV)",
        ));
    }
    ctx.global
        .jq
        .as_deref()
        .map(Jq::compile)
        .transpose()
        .map(|_| ())
}

/// Walks a paged list (one page, or every page with `--all`) into the output.
pub async fn paged(ctx: &Context, source: Arc<dyn PageSource>, what: &str) -> Result<()> {
    paged_with(ctx, source, what, ctx.walk()).await
}

/// [`paged`] with paging settings of the caller's own (a fixed page size, pages read one by one).
pub async fn paged_with(
    ctx: &Context,
    source: Arc<dyn PageSource>,
    what: &str,
    spec: Walk,
) -> Result<()> {
    let mut out = Sink::open(ctx, Shape::List)?;
    let source = if spec.all {
        ctx.reporter.start_progress(what);
        Arc::new(TotalToProgress {
            inner: source,
            reporter: ctx.reporter.clone(),
            spec,
        })
    } else {
        source
    };
    let result = pages::walk(source, spec, &ctx.reporter, |record| out.write(&record)).await;
    ctx.reporter.finish_progress();
    let summary = result?;
    let written = out.finish()?;
    if written == 0 {
        ctx.reporter.note("no records");
    } else if spec.all {
        ctx.reporter
            .note(&crate::counts::records_from_pages(written, summary.pages));
    }
    Ok(())
}

/// A page source that hands the total the server reports on the first page to the progress display,
/// so a walk shows how far along it is and how long is left.
struct TotalToProgress {
    inner: Arc<dyn PageSource>,
    reporter: Arc<crate::ui::Reporter>,
    spec: Walk,
}

impl PageSource for TotalToProgress {
    fn fetch(&self, page: u64, per_page: u64) -> BoxFuture<'_, Result<Page>> {
        Box::pin(async move {
            let fetched = self.inner.fetch(page, per_page).await?;
            // The total counts from page 1: a walk that starts later cannot tell how much it skips.
            if page == 1
                && self.spec.first == 1
                && let Some(total) = fetched.total
            {
                let total = self.spec.limit.map_or(total, |limit| limit.min(total));
                self.reporter.set_progress_total(total);
            }
            Ok(fetched)
        })
    }
}

/// A list on `base_url` by path and filters.
pub async fn api_list(
    ctx: &Context,
    path: &str,
    query: Vec<(String, String)>,
    what: &str,
) -> Result<()> {
    let client = ctx.api().await?;
    paged(
        ctx,
        Arc::new(ApiList {
            client,
            path: path.to_string(),
            query,
        }),
        what,
    )
    .await
}

/// A list that the service returns whole (no paging): `--limit` still applies.
pub async fn unpaged(ctx: &Context, path: &str, query: Vec<(String, String)>) -> Result<()> {
    let client = ctx.api().await?;
    let body = client
        .call(Method::GET, path, &query, None, Safety::Idempotent)
        .await?;
    records(ctx, envelope::page(body).records)
}

/// Records already in hand.
pub fn records(ctx: &Context, records: Vec<Value>) -> Result<()> {
    let limit = ctx.global.limit.unwrap_or(u64::MAX) as usize;
    let mut out = Sink::open(ctx, Shape::List)?;
    for r in records.into_iter().take(limit) {
        out.write(&r)?;
    }
    if out.finish()? == 0 {
        ctx.reporter.note("no records");
    }
    Ok(())
}

/// One answer (a create result, a single object).
pub fn single(ctx: &Context, value: &Value) -> Result<()> {
    let mut out = Sink::open(ctx, Shape::Single)?;
    out.write(value)?;
    out.finish()?;
    Ok(())
}

/// One line of plain text (a path, a setting), the same in every format, so `$(clinic …)` works.
pub fn line(ctx: &Context, text: &str) -> Result<()> {
    let text = format!("{text}\n");
    Ok(crate::output::write_raw(
        &ctx.output_spec(),
        text.as_bytes(),
        Box::new(std::io::stdout()),
    )?)
}

/// An answer of unknown shape (`clinic api`): lists as lists, objects as one record, text as text.
pub fn any(ctx: &Context, value: Value) -> Result<()> {
    match value {
        Value::String(text) => {
            crate::output::write_raw(
                &ctx.output_spec(),
                text.as_bytes(),
                Box::new(std::io::stdout()),
            )?;
            Ok(())
        }
        Value::Array(items) => records(ctx, items),
        // Only a known list envelope is unwrapped: a record that merely holds an array is a record.
        Value::Object(ref map) if envelope::is_list_envelope(map) => {
            records(ctx, envelope::page(value).records)
        }
        other => single(ctx, &other),
    }
}
