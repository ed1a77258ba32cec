//! CRM lists as page sources for the walker. Bitrix serves 50 records a page: by offset (`start`), which
//! several pages at once can read, or — for large lists, where deep offsets are slow — by ID keyset
//! (`order[ID]=ASC`, `filter[>ID]=<last>`, `start=-1`), which must go one page after another.

use std::sync::{Arc, Mutex};

use futures::future::BoxFuture;
use serde_json::Value;

use super::client::{Crm, result};
use crate::error::{Error, Result};
use crate::http::Safety;
use crate::record::PageSource;
use crate::record::{Page, record_of, value_of};

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
}

impl ListQuery {
    fn filter_param(&self) -> &'static str {
        if self.fields_form { "FIELDS" } else { "filter" }
    }

    pub fn params(&self) -> Vec<(String, String)> {
        let mut q: Vec<(String, String)> = Vec::new();
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
pub struct OffsetList {
    pub crm: Arc<Crm>,
    pub method: String,
    pub query: ListQuery,
    pub shape: Shape,
    read: Mutex<Option<(u64, Page)>>,
}

impl OffsetList {
    pub fn new(crm: Arc<Crm>, method: &str, query: ListQuery, shape: Shape) -> OffsetList {
        OffsetList {
            crm,
            method: method.to_string(),
            query,
            shape,
            read: Mutex::new(None),
        }
    }

    /// Keeps page `page`, already read, to serve it once instead of asking again.
    pub fn keep(&self, page: u64, p: Page) {
        *self.read.lock().unwrap() = Some((page, p));
    }

    /// Reads page `page` (1-based).
    pub async fn page(&self, page: u64) -> Result<Page> {
        if let Some((n, p)) = self.read.lock().unwrap().take()
            && n == page
        {
            return Ok(p);
        }
        let mut q = self.query.params();
        q.push(("start".into(), ((page - 1) * PAGE_SIZE).to_string()));
        let answer = self.crm.call(&self.method, &q, Safety::Idempotent).await?;
        let total = answer.get("total").and_then(number);
        let records = records(result(answer)?)?;
        Ok(Page {
            records: records
                .into_iter()
                .map(|r| record_of(&(self.shape)(r)))
                .collect(),
            total,
            pages: None,
        })
    }
}

impl PageSource for OffsetList {
    fn fetch(&self, page: u64, _per_page: u64) -> BoxFuture<'_, Result<Page>> {
        Box::pin(self.page(page))
    }
}

/// One list read by ID keyset. Pages must be fetched in order, one at a time (the walker does so with a
/// concurrency of 1): each starts after the last ID of the one before.
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
        if !query.select.is_empty() && !query.select.iter().any(|s| s.eq_ignore_ascii_case("ID")) {
            query.select.push("ID".into());
        }
        query.order = vec![("ID".into(), "ASC".into())];
        let mut state = Keyset {
            after,
            done: false,
            first: None,
        };
        if let Some(page) = first {
            state.done = (page.records.len() as u64) < PAGE_SIZE;
            if let Some(last) = page.records.last() {
                state.after = id_of(&value_of(last)?)?;
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

    async fn next_page(&self) -> Result<Page> {
        let after = {
            let mut s = self.state.lock().unwrap();
            if let Some(first) = s.first.take() {
                return Ok(first);
            }
            if s.done {
                return Ok(Page::default());
            }
            s.after
        };
        let mut q = self.query.params();
        q.push((
            format!("{}[>ID]", self.query.filter_param()),
            after.to_string(),
        ));
        q.push(("start".into(), "-1".into()));
        let answer = self.crm.call(&self.method, &q, Safety::Idempotent).await?;
        let records = records(result(answer)?)?;
        {
            let mut s = self.state.lock().unwrap();
            s.done = (records.len() as u64) < PAGE_SIZE;
            if let Some(last) = records.last() {
                let last = id_of(last)?;
                if last <= s.after {
                    return Err(Error::Protocol(crate::t!(
                        "crm-keyset-ignored",
                        after = s.after.to_string(),
                        last = last.to_string()
                    )));
                }
                s.after = last;
            }
        }
        Ok(Page {
            records: records
                .into_iter()
                .map(|r| record_of(&(self.shape)(r)))
                .collect(),
            total: None,
            pages: None,
        })
    }
}

impl PageSource for KeysetList {
    fn fetch(&self, _page: u64, _per_page: u64) -> BoxFuture<'_, Result<Page>> {
        Box::pin(self.next_page())
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
    record.get("ID").and_then(number).ok_or_else(|| {
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
