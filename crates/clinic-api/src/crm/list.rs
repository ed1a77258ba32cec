//! CRM lists as page sources for the walker. Bitrix serves 50 records a page: by offset (`start`), which
//! several pages at once can read, or — for large lists, where deep offsets are slow — by ID keyset
//! (`order[ID]=ASC`, `filter[>ID]=<last>`, `start=-1`), which must go one page after another.
//! A smart process is listed by the universal family's `crm.item.list`, which pages the same way
//! but answers `{"result": {"items": […]}}` with lower-case `id`s (see [`ListQuery::items_of`]).

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use futures::future::BoxFuture;
use serde_json::Value;

use super::batch;
use super::client::{Crm, result};
use crate::error::{Error, Result};
use crate::http::Safety;
use crate::record::{Addressing, PageSource};
use crate::record::{Next, Page, record_of, value_of};

/// Records per page, fixed by Bitrix.
pub const PAGE_SIZE: u64 = 50;

/// Lists larger than this are walked by keyset rather than by offset.
pub const KEYSET_ABOVE: u64 = 1000;

/// What a list asks for: `filter[...]`, `select[]`, `order[...]`, with field IDs already resolved.
#[derive(Debug, Clone, Default)]
pub struct ListQuery {
    /// (`>ID`, `5`): the key may start with a Bitrix operator.
    pub filters: Vec<(String, String)>,
    pub select: Vec<String>,
    /// (`DATE_CREATE`, `DESC`).
    pub order: Vec<(String, String)>,
    /// Filters as `FIELDS[...]`, the specification's form, instead of Bitrix's `filter[...]`.
    pub fields_form: bool,
    /// The `entityTypeId` of a universal `crm.item.list` (a smart process): sent first, and the
    /// answer read as that method gives it, records in `result.items` keyed by `id`.
    pub items_of: Option<u64>,
}

impl ListQuery {
    fn filter_param(&self) -> &'static str {
        if self.fields_form { "FIELDS" } else { "filter" }
    }

    /// The key a record's ID is under, and that a keyset walk filters and orders by.
    pub fn id_key(&self) -> &'static str {
        if self.items_of.is_some() { "id" } else { "ID" }
    }

    /// The records of one answer's `result`: the classic methods' array (or PHP's object of a
    /// sparse one), or the universal list's `items`.
    fn records(&self, result: Value) -> Result<Vec<Value>> {
        if self.items_of.is_none() {
            return records(result);
        }
        match result {
            Value::Object(mut map) if map.contains_key("items") => {
                records(map.remove("items").unwrap_or_default())
            }
            other => Err(Error::Protocol(crate::t!(
                "crm-no-records-array",
                answer = other.to_string()
            ))),
        }
    }

    /// Where a batch call finds the last ID of the call before it (`[49][ID]`, `[items][49][id]`).
    fn last_id_path(&self) -> String {
        let last = PAGE_SIZE - 1;
        match self.items_of {
            Some(_) => format!("[items][{last}][id]"),
            None => format!("[{last}][ID]"),
        }
    }

    pub fn params(&self) -> Vec<(String, String)> {
        let mut q: Vec<(String, String)> = Vec::new();
        if let Some(type_id) = self.items_of {
            q.push(("entityTypeId".into(), type_id.to_string()));
        }
        for (k, v) in &self.filters {
            if is_list_operator(k) {
                // IN and NOT IN take an array (`filter[@ID][]=13&filter[@ID][]=21`): one string
                // `13,21` would match nothing, and the list would come back empty.
                q.extend(
                    v.split(',')
                        .map(str::trim)
                        .filter(|v| !v.is_empty())
                        .map(|v| (format!("{}[{k}][]", self.filter_param()), v.to_string())),
                );
            } else {
                q.push((format!("{}[{k}]", self.filter_param()), v.clone()));
            }
        }
        q.extend(
            self.select
                .iter()
                .map(|s| ("select[]".to_string(), s.clone())),
        );
        q.extend(
            self.order
                .iter()
                .map(|(k, d)| (format!("order[{k}]"), d.clone())),
        );
        q
    }
}

/// Whether a filter key's operator takes a list of values: `@` (IN) and `!@` (NOT IN).
fn is_list_operator(key: &str) -> bool {
    key.starts_with('@') || key.starts_with("!@")
}

/// How records are shaped before output.
pub type Shape = fn(Value) -> Value;

/// One list read by offset; a page already read (the probe that chose the walk) is served from memory.
/// Once a page has said the list's total, the pages after it are asked fifty to a `batch` request
/// (the walker's concurrent asks for pages of one request wait for that request), so a walk costs
/// the CRM's quota one request per 2,500 records instead of one per 50.
pub struct OffsetList {
    pub crm: Arc<Crm>,
    pub method: String,
    pub query: ListQuery,
    pub shape: Shape,
    read: Mutex<Option<(u64, Page)>>,
    /// The first page read and the total it reported.
    known: Mutex<Option<(u64, u64)>>,
    /// One cell per request of pages: the first ask sends it, the others wait.
    requests: Mutex<HashMap<u64, Arc<tokio::sync::OnceCell<()>>>>,
    /// Pages a request brought that the walker has not taken yet (their records, or their own error).
    ahead: Mutex<HashMap<u64, batch::Outcome>>,
}

impl OffsetList {
    pub fn new(crm: Arc<Crm>, method: &str, query: ListQuery, shape: Shape) -> OffsetList {
        OffsetList {
            crm,
            method: method.to_string(),
            query,
            shape,
            read: Mutex::new(None),
            known: Mutex::new(None),
            requests: Mutex::new(HashMap::new()),
            ahead: Mutex::new(HashMap::new()),
        }
    }

    /// Keeps page `page`, already read, to serve it once instead of asking again.
    pub fn keep(&self, page: u64, p: Page) {
        self.learn(page, p.total);
        *self.read.lock().unwrap() = Some((page, p));
    }

    fn learn(&self, page: u64, total: Option<u64>) {
        if let Some(total) = total {
            self.known.lock().unwrap().get_or_insert((page, total));
        }
    }

    /// Reads page `page` (1-based).
    pub async fn page(&self, page: u64) -> Result<Page> {
        if let Some((n, p)) = self.read.lock().unwrap().take()
            && n == page
        {
            return Ok(p);
        }
        let known = *self.known.lock().unwrap();
        if let Some((base, total)) = known
            && page > base
            && page <= total.div_ceil(PAGE_SIZE)
        {
            return self.batched(page, base, total).await;
        }
        let answer = self
            .crm
            .call(&self.method, &self.page_query(page), Safety::Idempotent)
            .await?;
        let total = answer.get("total").and_then(number);
        self.learn(page, total);
        Ok(self.page_of(self.query.records(result(answer)?)?, total))
    }

    fn page_query(&self, page: u64) -> Vec<(String, String)> {
        let mut q = self.query.params();
        q.push(("start".into(), ((page - 1) * PAGE_SIZE).to_string()));
        q
    }

    fn page_of(&self, records: Vec<Value>, total: Option<u64>) -> Page {
        Page {
            records: records
                .into_iter()
                .map(|r| record_of(&(self.shape)(r)))
                .collect(),
            total,
            pages: None,
            counters: Vec::new(),
            next: crate::record::Next::Unsaid,
            layout: Default::default(),
        }
    }

    /// Page `page` out of the `batch` request that holds it: pages `base + 1` onwards, fifty a
    /// request, up to the last page the total implies.
    async fn batched(&self, page: u64, base: u64, total: u64) -> Result<Page> {
        let size = batch::SIZE as u64;
        let n = (page - base - 1) / size;
        let cell = self.requests.lock().unwrap().entry(n).or_default().clone();
        cell.get_or_try_init(|| async {
            let first = base + 1 + n * size;
            let last = (first + size - 1).min(total.div_ceil(PAGE_SIZE));
            let calls: Vec<String> = (first..=last)
                .map(|p| format!("{}?{}", self.method, batch::query(&self.page_query(p))))
                .collect();
            let outcomes = batch::run(&self.crm, &calls).await?;
            self.ahead
                .lock()
                .unwrap()
                .extend((first..=last).zip(outcomes));
            Ok::<(), Error>(())
        })
        .await?;
        let outcome = self.ahead.lock().unwrap().remove(&page);
        match outcome {
            Some(Ok(found)) => Ok(self.page_of(self.query.records(found)?, None)),
            Some(Err(failure)) => Err(Error::Protocol(crate::t!(
                "crm-batch-page-failed",
                page = page,
                message = failure.message
            ))),
            // Asked twice (a retried page): read on its own.
            None => {
                let answer = self
                    .crm
                    .call(&self.method, &self.page_query(page), Safety::Idempotent)
                    .await?;
                Ok(self.page_of(self.query.records(result(answer)?)?, None))
            }
        }
    }
}

impl PageSource for OffsetList {
    /// The CRM pages by keyset and offset, which it never needs to learn.
    fn proved(&self, _: crate::record::Proved) {}

    fn identity(&self) -> crate::identity::IdKeys {
        identity(&self.query)
    }

    /// An offset behind each page number: pages can be read side by side.
    fn addressing(&self) -> Addressing {
        Addressing::Numbered
    }

    fn follow<'a>(
        &'a self,
        _next: &'a crate::record::Next,
        _per_page: u64,
    ) -> BoxFuture<'a, Result<Page>> {
        Box::pin(async { Err(Error::Protocol(crate::t!("pages-link-unreadable"))) })
    }
    fn fetch(&self, page: u64, _per_page: u64) -> BoxFuture<'_, Result<Page>> {
        Box::pin(self.page(page))
    }
}

/// One list read by ID keyset. Pages must be fetched in order, one at a time: each starts after the
/// last ID of the one before. It says it is chained, so the walker reads it one page at a time (see
/// `pages`) whatever concurrency its caller asked for, and every page but the last carries a cursor
/// that says another follows.
pub struct KeysetList {
    crm: Arc<Crm>,
    method: String,
    query: ListQuery,
    shape: Shape,
    state: Mutex<Keyset>,
}

struct Keyset {
    after: u64,
    /// The previous page was short: the list has ended, no need to ask again.
    done: bool,
    /// A page already read by offset, served as the walk's first page.
    first: Option<Page>,
    /// Pages a `batch` request brought that the walker has not taken yet.
    ahead: std::collections::VecDeque<Vec<Value>>,
    /// Records still to come, when the first page said the list's total: a request then asks for
    /// the pages that remain (and one more to see the end), not fifty.
    left: Option<u64>,
    /// Pages handed to the walker so far: each page's cursor, so that no two are the same.
    served: u64,
}

impl KeysetList {
    /// A keyset walk of `query` (which must not order by anything but ID). A `>ID` filter of the query
    /// becomes the starting point. `first` is a page already read and shaped (ordered by ID) to continue
    /// from.
    pub fn new(
        crm: Arc<Crm>,
        method: &str,
        mut query: ListQuery,
        shape: Shape,
        first: Option<Page>,
    ) -> Result<KeysetList> {
        let mut after = 0;
        let key = query.id_key();
        if let Some(i) = query
            .filters
            .iter()
            .position(|(k, _)| k.eq_ignore_ascii_case(">ID"))
        {
            let (_, v) = query.filters.remove(i);
            after = v.trim().parse().map_err(|_| {
                Error::invalid(
                    "--field",
                    format!(">ID={v}"),
                    &crate::t!("crm-expect-whole-number"),
                )
            })?;
        }
        if !query.select.is_empty() && !query.select.iter().any(|s| s.eq_ignore_ascii_case(key)) {
            query.select.push(key.into());
        }
        query.order = vec![(key.into(), "ASC".into())];
        let mut state = Keyset {
            after,
            done: false,
            first: None,
            ahead: Default::default(),
            left: None,
            served: 0,
        };
        if let Some(page) = first {
            state.left = page
                .total
                .map(|t| t.saturating_sub(page.records.len() as u64));
            state.done = (page.records.len() as u64) < PAGE_SIZE;
            if let Some(last) = page.records.last() {
                state.after = id_under(&value_of(last)?, key)?;
            }
            state.first = Some(Page {
                total: None,
                ..page
            });
        }
        Ok(KeysetList {
            crm,
            method: method.to_string(),
            query,
            shape,
            state: Mutex::new(state),
        })
    }

    /// The next page, saying whether another may follow (a cursor the walker hands back through
    /// [`PageSource::follow`]).
    async fn next_page(&self) -> Result<Page> {
        let mut page = self.next_records().await?;
        let mut s = self.state.lock().unwrap();
        s.served += 1;
        page.next = if s.ahead.is_empty() && s.done {
            Next::End
        } else {
            Next::Cursor {
                param: "keyset".into(),
                token: s.served.to_string(),
            }
        };
        Ok(page)
    }

    async fn next_records(&self) -> Result<Page> {
        let (after, wanted) = {
            let mut s = self.state.lock().unwrap();
            if let Some(first) = s.first.take() {
                return Ok(first);
            }
            if let Some(records) = s.ahead.pop_front() {
                return Ok(self.page_of(records));
            }
            if s.done {
                return Ok(Page::default());
            }
            let wanted = s.left.map_or(batch::SIZE, |left| {
                (left.div_ceil(PAGE_SIZE) as usize + 1).min(batch::SIZE)
            });
            (s.after, wanted)
        };
        let pages = self.chain(after, wanted).await?;
        let mut s = self.state.lock().unwrap();
        for records in pages {
            s.left = s.left.map(|l| l.saturating_sub(records.len() as u64));
            s.done = (records.len() as u64) < PAGE_SIZE;
            if let Some(last) = records.last() {
                let last = id_under(last, self.query.id_key())?;
                if last <= s.after {
                    return Err(Error::Protocol(crate::t!(
                        "crm-keyset-ignored",
                        after = s.after.to_string(),
                        last = last.to_string()
                    )));
                }
                s.after = last;
            }
            s.ahead.push_back(records);
            if s.done {
                break;
            }
        }
        Ok(s.ahead
            .pop_front()
            .map(|r| self.page_of(r))
            .unwrap_or_default())
    }

    /// The next `wanted` pages after ID `after` in one `batch` request: each call starts after the last ID
    /// of the call before (`$result[c0][49][ID]`, which Bitrix fills in on its side). The pages
    /// come in order, up to the first short one (the end of the list: the calls after it found
    /// nothing to start from and are not read). A call refused for the method's running time ends
    /// the pages there (the next request starts after the last one read); refused from the first
    /// call, the request is sent again once the window has ended. Any other failure is the error,
    /// with the page's number in the request.
    async fn chain(&self, after: u64, wanted: usize) -> Result<Vec<Vec<Value>>> {
        let mut q = self.query.params();
        q.push(("start".into(), "-1".into()));
        let common = batch::query(&q);
        let key = batch::query(&[(
            format!("{}[>{}]", self.query.filter_param(), self.query.id_key()),
            "",
        )]);
        let last_id = self.query.last_id_path();
        let calls: Vec<String> = (0..wanted.max(1))
            .map(|n| {
                let from = match n {
                    0 => after.to_string(),
                    n => batch::reference(n - 1, &last_id),
                };
                format!("{}?{common}&{key}{from}", self.method)
            })
            .collect();
        let calls: Vec<&str> = calls.iter().map(String::as_str).collect();
        loop {
            let mut pages = Vec::new();
            for (n, outcome) in batch::request(&self.crm, &calls)
                .await?
                .into_iter()
                .enumerate()
            {
                match outcome {
                    Ok(found) => {
                        let found = self.query.records(found)?;
                        let short = (found.len() as u64) < PAGE_SIZE;
                        pages.push(found);
                        if short {
                            break;
                        }
                    }
                    Err(failure) if failure.operating_limit() => break,
                    Err(failure) => {
                        return Err(Error::Protocol(crate::t!(
                            "crm-batch-page-failed",
                            page = n + 1,
                            message = failure.message
                        )));
                    }
                }
            }
            if !pages.is_empty() {
                return Ok(pages);
            }
            self.crm.after_call_refused(&self.method).await?;
        }
    }

    fn page_of(&self, records: Vec<Value>) -> Page {
        Page {
            records: records
                .into_iter()
                .map(|r| record_of(&(self.shape)(r)))
                .collect(),
            total: None,
            pages: None,
            counters: Vec::new(),
            next: crate::record::Next::Unsaid,
            layout: Default::default(),
        }
    }
}

impl PageSource for KeysetList {
    /// The CRM pages by keyset and offset, which it never needs to learn.
    fn proved(&self, _: crate::record::Proved) {}

    fn identity(&self) -> crate::identity::IdKeys {
        identity(&self.query)
    }

    /// Each page starts after the last ID of the one before.
    fn addressing(&self) -> Addressing {
        Addressing::Chained
    }

    /// Each page starts after the last ID of the one before, kept here: the cursor only says that
    /// another page may follow.
    fn follow<'a>(
        &'a self,
        _next: &'a crate::record::Next,
        _per_page: u64,
    ) -> BoxFuture<'a, Result<Page>> {
        Box::pin(self.next_page())
    }

    fn fetch(&self, _page: u64, _per_page: u64) -> BoxFuture<'_, Result<Page>> {
        Box::pin(self.next_page())
    }
}

/// What a walk knows a list's records by: the classic `ID`, or a smart process item's `id`.
fn identity(query: &ListQuery) -> crate::identity::IdKeys {
    match query.items_of {
        Some(_) => crate::api::kinds::CRM_ITEM,
        None => crate::api::kinds::CRM,
    }
}

fn records(result: Value) -> Result<Vec<Value>> {
    match result {
        Value::Array(items) => Ok(items),
        // PHP serialises an empty array as `[]` but a sparse one as an object.
        Value::Object(map) => Ok(map.into_iter().map(|(_, v)| v).collect()),
        other => Err(Error::Protocol(crate::t!(
            "crm-no-records-array",
            answer = other.to_string()
        ))),
    }
}

fn number(v: &Value) -> Option<u64> {
    match v {
        Value::Number(n) => n.as_u64(),
        Value::String(s) => s.trim().parse().ok(),
        _ => None,
    }
}

/// A record's `ID`, which Bitrix sends as a string.
pub fn id_of(record: &Value) -> Result<u64> {
    id_under(record, "ID")
}

/// A record's ID under `key` (`ID` as text from the classic methods, `id` as a number from the
/// universal ones).
fn id_under(record: &Value, key: &str) -> Result<u64> {
    record.get(key).and_then(number).ok_or_else(|| {
        Error::Protocol(crate::t!(
            "crm-record-without-id",
            record = record.to_string()
        ))
    })
}

/// Multi-fields (`PHONE`, `EMAIL`: arrays of `{"ID","VALUE","VALUE_TYPE",…}`) as one readable text, the
/// values joined with `; `, for formats where each field is one cell.
pub fn flatten(record: Value) -> Value {
    let Value::Object(map) = record else {
        return record;
    };
    map.into_iter()
        .map(|(k, v)| {
            let v = match v {
                Value::Array(items) if items.iter().all(|i| i.get("VALUE").is_some()) => {
                    Value::String(
                        items
                            .iter()
                            .map(|i| text(&i["VALUE"]))
                            .collect::<Vec<_>>()
                            .join("; "),
                    )
                }
                other => other,
            };
            (k, v)
        })
        .collect::<serde_json::Map<_, _>>()
        .into()
}

fn text(v: &Value) -> String {
    match v {
        Value::String(s) => s.clone(),
        Value::Null => String::new(),
        other => other.to_string(),
    }
}

/// Records as they came.
pub fn unchanged(record: Value) -> Value {
    record
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn multi_fields_become_one_cell() {
        let r = json!({"ID": "7", "PHONE": [{"ID": "1", "VALUE": "+5516992640197", "VALUE_TYPE": "WORK"}, {"ID": "2", "VALUE": "+551632640197"}], "EMAIL": [], "TAGS": [1, 2]});
        assert_eq!(
            flatten(r),
            json!({"ID": "7", "PHONE": "+5516992640197; +551632640197", "EMAIL": "", "TAGS": [1, 2]})
        );
    }

    #[test]
    fn list_parameters() {
        let q = ListQuery {
            filters: vec![(">ID".into(), "5".into())],
            select: vec!["NAME".into()],
            order: vec![("ID".into(), "DESC".into())],
            fields_form: false,
            items_of: None,
        };
        assert_eq!(
            q.params(),
            vec![
                ("filter[>ID]".to_string(), "5".to_string()),
                ("select[]".into(), "NAME".into()),
                ("order[ID]".into(), "DESC".into())
            ]
        );
        let q = ListQuery {
            fields_form: true,
            ..q
        };
        assert_eq!(q.params()[0], ("FIELDS[>ID]".to_string(), "5".to_string()));
        // IN and NOT IN as arrays, from a comma-separated value or repeated filters.
        let q = ListQuery {
            filters: vec![
                ("@ID".into(), "13, 21".into()),
                ("@ID".into(), "34".into()),
                ("!@TYPE_ID".into(), "CLIENT".into()),
            ],
            ..Default::default()
        };
        let pair = |k: &str, v: &str| (k.to_string(), v.to_string());
        assert_eq!(
            q.params(),
            vec![
                pair("filter[@ID][]", "13"),
                pair("filter[@ID][]", "21"),
                pair("filter[@ID][]", "34"),
                pair("filter[!@TYPE_ID][]", "CLIENT"),
            ]
        );
        assert_eq!(id_of(&json!({"ID": "12"})).unwrap(), 12);
        assert!(id_of(&json!({"NAME": "x"})).is_err());
    }
}
