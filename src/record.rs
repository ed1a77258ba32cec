//! Records as lists carry them, below both the readers that split answers (`api`, `crm`) and the code
//! that walks and writes them (`pages`, `output`): a record stays the JSON text the service sent until a
//! step needs to look inside it.

use futures::future::BoxFuture;
use serde_json::Value;
use serde_json::value::RawValue;

use crate::error::{Error, Result};

/// One page of a list answer.
#[derive(Debug, Default)]
pub struct Page {
    /// Each record as the service sent it: formats that copy records out need not parse them.
    pub records: Vec<Record>,
    /// Total records reported by the server, when it says.
    pub total: Option<u64>,
    /// Total pages reported by the server, when it says.
    pub pages: Option<u64>,
}

/// One record of a list, as the JSON text the service sent.
pub type Record = Box<RawValue>;

/// A record built here (a CRM record reshaped, a test's record) in the form lists carry.
pub fn record_of(value: &Value) -> Record {
    serde_json::value::to_raw_value(value).expect("a JSON value always serialises")
}

/// A record's value, for the steps that look inside it.
pub fn value_of(record: &RawValue) -> Value {
    serde_json::from_str(record.get())
        .expect("a record is valid JSON: it was parsed to be split out")
}

impl Page {
    pub fn of_values(records: Vec<Value>, total: Option<u64>, pages: Option<u64>) -> Page {
        Page {
            records: records.iter().map(record_of).collect(),
            total,
            pages,
        }
    }
}

/// Fetches one page: `page` is 1-based, `per_page` the size asked for.
pub trait PageSource: Send + Sync {
    fn fetch(&self, page: u64, per_page: u64) -> BoxFuture<'_, Result<Page>>;

    /// After a walk's first page was refused with `refusal`: a smaller page size this source can
    /// serve, when the refusal was about the page size (a deployment's limit). `None` otherwise.
    fn smaller_page(&self, _refusal: &Error, _per_page: u64) -> Option<u64> {
        None
    }

    /// After a walk read fewer records than the list reported: what the source found out about why,
    /// for the error (a deployment that numbers its pages from 0, say).
    fn shortfall(&self) -> BoxFuture<'_, Option<String>> {
        Box::pin(async { None })
    }
}
