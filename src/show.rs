//! The last step of every command: hand records to the output layer. Lists are walked page by page
//! straight into the formatter, so a walk of any size runs in constant memory.

use std::sync::Arc;

use futures::future::BoxFuture;
use serde_json::Value;

use crate::api::envelope;
use crate::api::list::{ApiList, WholeList};
use crate::context::Context;
use crate::error::{Error, Result};
use crate::jq::Jq;
use crate::output::{Finished, Format, Output, Shape};
use crate::pages::{self, Walk};
use crate::record::Page;
use crate::record::PageSource;
use crate::record::RawRecord;

/// The output with the `--jq` filter in front of it.
pub(crate) struct Sink {
    out: Output,
    jq: Option<Jq>,
    /// A report's watch over the records, which reads each one as the service sent it.
    watch: Option<Arc<crate::watch::Watch>>,
    /// Says on stderr when records already went to standard output and the run then failed.
    unfinished: Unfinished,
    /// With `--sort` (or a command's default order): the records, held until the last one.
    sorter: Option<crate::sort::Sorter>,
    /// Where what the finished output leaves to say goes (see [`tell_finished`]).
    reporter: Arc<crate::ui::Reporter>,
    /// NDJSON lines are passed on as a walk goes (`| jq`, an assistant's first page), at most
    /// [`STREAM_EVERY`] after they came, whatever their size: when they were last passed on.
    streamed: Option<std::time::Instant>,
}

/// How late, at most, a streamed record reaches its reader.
const STREAM_EVERY: std::time::Duration = std::time::Duration::from_millis(100);

impl Sink {
    pub(crate) fn open(ctx: &Context, shape: Shape) -> Result<Sink> {
        Self::open_preferring(ctx, shape, None)
    }

    /// With the columns a table on a terminal shows by default; `--columns` (or `--columns all`)
    /// and a `--jq` filter, which reshapes the records, show what they ask for instead.
    pub(crate) fn open_preferring(
        ctx: &Context,
        shape: Shape,
        preferred: Option<&[&str]>,
    ) -> Result<Sink> {
        // Compile the filter first: a bad filter must stop the command before anything is sent.
        let jq = ctx.global.jq.as_deref().map(Jq::compile).transpose()?;
        let shape = if jq.is_some() { Shape::List } else { shape };
        let preferred = preferred.filter(|_| jq.is_none() && ctx.global.columns.is_none());
        Ok(Sink {
            out: Output::open_preferring(&ctx.output_spec(), shape, ctx.io.out(), preferred)?,
            jq,
            watch: ctx.records_watch(),
            sorter: match (shape, ctx.sort_keys()) {
                (Shape::List, Some(keys)) => {
                    let zone = ctx.profile.zone()?;
                    Some(crate::sort::Sorter::new(keys, zone).map_err(|e| {
                        Error::Other(crate::t!("sort-failed", reason = e.to_string()))
                    })?)
                }
                _ => None,
            },
            unfinished: Unfinished {
                reporter: ctx.reporter.clone(),
                to_stdout: ctx
                    .global
                    .output
                    .as_deref()
                    .is_none_or(|p| p.as_os_str() == "-"),
                written: 0,
                done: false,
            },
            reporter: ctx.reporter.clone(),
            streamed: (ctx.output_spec().format == Format::Ndjson).then(std::time::Instant::now),
        })
    }

    pub(crate) fn write(&mut self, record: &Value) -> Result<()> {
        match &self.jq {
            None => {
                self.out
                    .write(record)
                    .inspect_err(|_| self.unfinished.done = true)?;
                self.unfinished.written += 1;
            }
            Some(jq) => {
                for v in jq.apply(record)? {
                    self.out
                        .write(&v)
                        .inspect_err(|_| self.unfinished.done = true)?;
                    self.unfinished.written += 1;
                }
            }
        }
        Ok(())
    }

    /// A record of a list as the service sent it: copied out as it is where the format allows.
    pub(crate) fn write_record(&mut self, record: &RawRecord) -> Result<()> {
        if let Some(watch) = &self.watch {
            watch.observe(record);
        }
        self.write_watched(record)
    }

    /// The report's watch over the records, for a walk that has it read each record on the task
    /// that fetched its page (see [`Sink::write_read`]).
    pub(crate) fn watch(&self) -> Option<Arc<crate::watch::Watch>> {
        self.watch.clone()
    }

    /// A record the watch has read already ([`crate::watch::Watch::read`]): what it read is kept
    /// as the record is written.
    pub(crate) fn write_read(
        &mut self,
        record: &RawRecord,
        noted: crate::watch::Noted,
    ) -> Result<()> {
        if let Some(watch) = &self.watch {
            watch.keep(record, noted);
        }
        self.write_watched(record)
    }

    fn write_watched(&mut self, record: &RawRecord) -> Result<()> {
        if let Some(sorter) = &mut self.sorter {
            return sorter
                .push(record)
                .map_err(|e| Error::Other(crate::t!("sort-failed", reason = e.to_string())));
        }
        self.write_unsorted(record)
    }

    fn write_unsorted(&mut self, record: &RawRecord) -> Result<()> {
        match &self.jq {
            None => {
                self.out
                    .write_raw(record)
                    .inspect_err(|_| self.unfinished.done = true)?;
                self.unfinished.written += 1;
                if let Some(at) = self.streamed
                    && at.elapsed() >= STREAM_EVERY
                {
                    self.out
                        .flush()
                        .inspect_err(|_| self.unfinished.done = true)?;
                    self.streamed = Some(std::time::Instant::now());
                }
                Ok(())
            }
            Some(_) => self.write(&crate::record::value_of(record)?),
        }
    }

    /// Finishes the output, says on stderr what it leaves to say, and returns the records written.
    pub(crate) fn finish(mut self) -> Result<u64> {
        if let Some(sorter) = self.sorter.take() {
            sorter.drain(|record| self.write_unsorted(record))?;
        }
        // A failure from here on is the output's own, told by its error.
        self.unfinished.done = true;
        let finished = self.out.finish_counted()?;
        tell_finished(&self.reporter, &finished);
        Ok(finished.written)
    }

    /// Adds `key` to a dataset's manifest (see [`Output::annotate`]).
    pub(crate) fn annotate(&mut self, key: &str, value: Value) {
        self.out.annotate(key, value);
    }
}

/// Fails before any request when the output flags cannot work together or `--jq` does not compile.
pub fn check_output_flags(ctx: &Context) -> Result<()> {
    // A `--format` that contradicts the file name would write, say, JSON into `planilha.xlsx`.
    if let (Some(format), Some(path)) = (ctx.global.format, ctx.global.output.as_deref())
        && let Some(named) = Format::of_file(path).filter(|named| *named != format)
    {
        return Err(crate::error::Error::invalid(
            "--format",
            format,
            &crate::t!(
                "show-expect-format-of-file",
                file = path.display().to_string(),
                format = named.name()
            ),
        ));
    }
    if let Some(format) = ctx
        .global
        .format
        .filter(|f| ctx.global.excel && !matches!(f, Format::Csv | Format::Tsv))
    {
        return Err(crate::error::Error::invalid(
            "--format",
            format,
            &crate::t!("show-expect-excel-format"),
        ));
    }
    let spec = ctx.output_spec();
    if spec.format.is_binary() && spec.path.as_deref().is_none_or(|p| p.as_os_str() == "-") {
        return Err(crate::error::Error::invalid(
            "--output",
            crate::t!("show-missing"),
            &crate::t!("show-expect-binary-file", format = spec.format.name()),
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
    walk_into_output(ctx, source, what, spec, None).await
}

/// A wide report: on a terminal its table shows the `columns` that fit (those the records have), and a
/// note says how to see the others. Pipes and files get every column.
pub async fn wide_list(
    ctx: &Context,
    op: &'static crate::api::Operation,
    query: Vec<(String, String)>,
    what: &str,
    columns: &[&str],
) -> Result<()> {
    let client = ctx.api().await?;
    let source = Arc::new(ApiList::new(client, op, query));
    walk_into_output(ctx, source, what, ctx.walk(), Some(columns)).await
}

async fn walk_into_output(
    ctx: &Context,
    source: Arc<dyn PageSource>,
    what: &str,
    spec: Walk,
    preferred: Option<&[&str]>,
) -> Result<()> {
    let mut out = Sink::open_preferring(ctx, Shape::List, preferred)?;
    if spec.all {
        ctx.reporter.start_progress(what);
    }
    let observed = Arc::new(Observed {
        inner: source,
        reporter: ctx.reporter.clone(),
        spec,
        total: std::sync::OnceLock::new(),
    });
    // A report's watch reads each record on the task that fetched its page, from the layout its
    // split noted.
    let result = match out.watch() {
        Some(watch) => {
            pages::walk_reading(
                observed.clone(),
                spec,
                &ctx.reporter,
                watch,
                |record, noted| out.write_read(&record, noted),
            )
            .await
        }
        None => {
            pages::walk(observed.clone(), spec, &ctx.reporter, |record| {
                out.write_record(&record)
            })
            .await
        }
    };
    ctx.reporter.finish_progress();
    let summary = result?;
    let written = out.finish()?;
    if written == 0 {
        ctx.reporter.note(&crate::t!("note-no-records"));
    } else if spec.all {
        ctx.reporter.note(&crate::text::counts::records_from_pages(
            written,
            summary.pages,
        ));
    } else if ctx.io.terminals().stderr
        && let Some(hint) = more_pages_hint(spec, summary.records, observed.total.get().copied())
    {
        ctx.reporter.note(&hint);
    }
    Ok(())
}

/// A page source that notes the total the server reports: a walk's progress shows how far along it
/// is, and one page of a longer list says so.
struct Observed {
    inner: Arc<dyn PageSource>,
    reporter: Arc<crate::ui::Reporter>,
    spec: Walk,
    total: std::sync::OnceLock<u64>,
}

impl PageSource for Observed {
    fn fetch(&self, page: u64, per_page: u64) -> BoxFuture<'_, Result<Page>> {
        Box::pin(async move {
            let fetched = self.inner.fetch(page, per_page).await?;
            if let Some(total) = fetched.total
                && self.total.set(total).is_ok()
                && self.spec.all
                // The records of a walk from a later page cannot be set against the whole list's total.
                && self.spec.first == 1
            {
                let total = self.spec.limit.map_or(total, |limit| limit.min(total));
                self.reporter.set_progress_total(total);
            }
            Ok(fetched)
        })
    }

    fn follow<'a>(
        &'a self,
        next: &'a crate::record::Next,
        per_page: u64,
    ) -> BoxFuture<'a, Result<Page>> {
        self.inner.follow(next, per_page)
    }

    fn identity(&self) -> crate::identity::IdKeys {
        self.inner.identity()
    }

    fn proved(&self, found: crate::record::Proved) {
        self.inner.proved(found)
    }

    fn addressing(&self) -> crate::record::Addressing {
        self.inner.addressing()
    }

    fn smaller_page<'a>(&'a self, refusal: &'a Error, per_page: u64) -> BoxFuture<'a, Option<u64>> {
        self.inner.smaller_page(refusal, per_page)
    }

    fn shortfall(&self) -> BoxFuture<'_, Option<String>> {
        self.inner.shortfall()
    }
}

/// A run that fails after some records went to standard output leaves a reader downstream (a pipe,
/// a redirect) with what looks like a whole CSV or NDJSON: when the walk (not the output itself, whose
/// own error is told) fails, this says on stderr how many records went out at most and that they are
/// not all.
struct Unfinished {
    reporter: Arc<crate::ui::Reporter>,
    to_stdout: bool,
    written: u64,
    done: bool,
}

impl Drop for Unfinished {
    fn drop(&mut self) {
        if !self.done && self.to_stdout && self.written > 0 {
            self.reporter.warn(&crate::t!(
                "show-stdout-incomplete",
                count = self.written,
                shown = crate::text::counts::thousands(self.written)
            ));
        }
    }
}

/// What a finished output leaves to say on stderr: the columns a table narrowed to fit the terminal
/// left out (and how to see them), and the records a dataset filed under a key's default folder.
fn tell_finished(reporter: &crate::ui::Reporter, finished: &Finished) {
    use crate::text::counts::thousands;
    if finished.hidden_columns > 0 {
        reporter.note(&crate::t!(
            "show-more-columns",
            count = finished.hidden_columns as u64
        ));
    }
    if finished.unplaced.clinic > 0 {
        reporter.warn(&crate::t!(
            "show-unplaced-clinic",
            count = finished.unplaced.clinic,
            shown = thousands(finished.unplaced.clinic)
        ));
    }
    for moved in &finished.unplaced.misplaced {
        reporter.warn(&crate::t!(
            "show-misplaced",
            count = moved.records,
            shown = thousands(moved.records),
            values = moved.values.as_str(),
            wanted = moved.wanted.as_str(),
            reason = moved.reason.as_str(),
            instead = moved.instead.as_str()
        ));
    }
    if finished.unplaced.month > 0 {
        reporter.warn(&crate::t!(
            "show-unplaced-month",
            count = finished.unplaced.month,
            shown = thousands(finished.unplaced.month),
            fields = finished.unplaced.month_fields.join(", ")
        ));
    }
}

/// For one page of a list that goes on: which records these are, and how to see the rest.
fn more_pages_hint(spec: Walk, read: u64, total: Option<u64>) -> Option<String> {
    use crate::text::counts::thousands;
    let from = (spec.first - 1).saturating_mul(spec.per_page) + 1;
    let to = from + read.saturating_sub(1);
    let (from_text, to_text) = (thousands(from), thousands(to));
    match total {
        Some(total) if to < total => {
            let total = thousands(total);
            Some(crate::t!(
                "show-page-of-total",
                from = from_text,
                to = to_text,
                total = total
            ))
        }
        Some(_) => None,
        // Without a total, a full page is the only sign that more may follow.
        None if read >= spec.per_page => {
            let next = spec.first + 1;
            Some(crate::t!(
                "show-page-more-may-follow",
                from = from_text,
                to = to_text,
                next = next
            ))
        }
        None => None,
    }
}

/// A list on `base_url` by its operation and filters.
pub async fn api_list(
    ctx: &Context,
    op: &'static crate::api::Operation,
    query: Vec<(String, String)>,
    what: &str,
) -> Result<()> {
    let client = ctx.api().await?;
    paged(ctx, Arc::new(ApiList::new(client, op, query)), what).await
}

/// A list that the service returns whole (no paging), walked as every list is (each record once, by
/// ID): `--limit` still applies.
pub async fn unpaged(
    ctx: &Context,
    op: &'static crate::api::Operation,
    query: Vec<(String, String)>,
) -> Result<()> {
    let client = ctx.api().await?;
    let source = Arc::new(WholeList::new(client, op, query));
    let spec = Walk {
        first: 1,
        all: true,
        max_pages: None,
        ..ctx.walk()
    };
    // The list is one answer, in memory already: it is read whole before anything is written.
    let mut values = Vec::new();
    pages::walk(source, spec, &ctx.reporter, |record| {
        values.push(crate::record::value_of(&record)?);
        Ok(())
    })
    .await?;
    records(ctx, values)
}

/// Records already in hand.
pub fn records(ctx: &Context, records: Vec<Value>) -> Result<()> {
    let limit = ctx.global.limit.unwrap_or(u64::MAX) as usize;
    let mut out = Sink::open(ctx, Shape::List)?;
    for r in records.into_iter().take(limit) {
        out.write(&r)?;
    }
    if out.finish()? == 0 {
        ctx.reporter.note(&crate::t!("note-no-records"));
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
        ctx.io.out(),
    )?)
}

/// An answer of unknown shape (`clinic api`): lists as lists, objects as one record, text as text.
pub fn any(ctx: &Context, value: Value) -> Result<()> {
    match value {
        Value::String(text) => {
            crate::output::write_raw(&ctx.output_spec(), text.as_bytes(), ctx.io.out())?;
            Ok(())
        }
        Value::Array(items) => records(ctx, items),
        // Only a known list envelope is unwrapped: a record that merely holds an array is a record.
        Value::Object(ref map) if envelope::is_list_envelope(map) => {
            records(ctx, envelope::page_values(value).0)
        }
        other => single(ctx, &other),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn page(first: u64, per_page: u64) -> Walk {
        Walk {
            first,
            per_page,
            all: false,
            limit: None,
            concurrency: 1,
            max_pages: None,
        }
    }

    #[test]
    fn the_hint_names_the_records_shown_and_the_way_to_the_rest() {
        assert_eq!(
            more_pages_hint(page(1, 50), 50, Some(1234)).as_deref(),
            Some("showing 1–50 of 1,234 — --all for every page")
        );
        assert_eq!(
            more_pages_hint(page(3, 5), 5, Some(30)).as_deref(),
            Some("showing 11–15 of 30 — --all for every page")
        );
        assert_eq!(more_pages_hint(page(6, 5), 5, Some(30)), None);
        assert_eq!(
            more_pages_hint(page(2, 10), 10, None).as_deref(),
            Some(
                "showing 11–20; more may follow — --page 3 for the next page, --all for every page"
            )
        );
        assert_eq!(more_pages_hint(page(2, 10), 4, None), None);
    }
}
