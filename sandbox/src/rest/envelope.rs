//! The bytes of a list answer: which envelope holds the records and under which key
//! (`--envelope`, `--records-key`), how the records are written (`--records-as`, `--empty-records`)
//! and the counters beside them (`--counters`, `--counter-strings`, `--counter-skew`). Deployments
//! differ in each of these on their own, so each is decided here on its own.

use serde::Serialize;
use serde::ser::{SerializeMap, SerializeSeq, Serializer};
use serde_json::Value;

use crate::{Dialect, EmptyRecords, Envelope, Options, RecordsAs};

/// What the envelope reports about the page besides its records.
pub struct Listing {
    /// The page number echoed in `pagina_atual`.
    pub page: u64,
    /// The page size served (after `--page-cap`), echoed in `por_pagina` and dividing page counts.
    pub per_page: u64,
    /// The true number of records of the whole list.
    pub total: usize,
    /// A page of a paged list, which says where its next page is under `--paging`.
    pub links: bool,
}

impl Listing {
    /// Where the page stands, for its links.
    pub fn place(&self) -> super::links::Place {
        super::links::Place {
            page: self.page,
            per_page: self.per_page,
            total: self.total,
            paged: self.links,
        }
    }
}

/// The JSON of one list answer.
pub fn body<T: Serialize>(opts: &Options, items: &[T], listing: &Listing) -> Vec<u8> {
    let records = records(opts, items);
    let bytes = match (opts.dialect, opts.envelope) {
        (Dialect::LegacyPhp, _) => {
            // That deployment prints every number from the database as a string.
            let mut fields = counters(opts, listing);
            fields.extend(super::links::fields(opts, &listing.place()));
            fields.push(("pagina_atual", Value::from(listing.page.to_string())));
            fields.push(("por_pagina", Value::from(listing.per_page.to_string())));
            serde_json::to_vec(&Keyed {
                status: Some(true),
                key: opts.records_key(),
                records,
                fields,
            })
        }
        (Dialect::Standard | Dialect::Quirks, Envelope::Dados) => {
            let mut fields = vec![
                ("pagina_atual", Value::from(listing.page)),
                ("por_pagina", Value::from(listing.per_page)),
            ];
            fields.extend(counters(opts, listing));
            fields.extend(super::links::fields(opts, &listing.place()));
            serde_json::to_vec(&Keyed {
                status: None,
                key: opts.records_key(),
                records,
                fields,
            })
        }
        (Dialect::Standard | Dialect::Quirks, Envelope::Data) => serde_json::to_vec(&Keyed {
            status: None,
            key: opts.records_key(),
            records,
            fields: counters(opts, listing)
                .into_iter()
                .chain(super::links::fields(opts, &listing.place()))
                .collect(),
        }),
        // A bare answer has nowhere to leave a key out: a missing container is an empty object.
        (Dialect::Standard | Dialect::Quirks, Envelope::Bare) => {
            serde_json::to_vec(&records.unwrap_or(Records::Object))
        }
    };
    bytes.expect("records serialise to JSON")
}

/// A page's records as the options write them; `None` when the records key is left out.
fn records<'a, T>(opts: &Options, items: &'a [T]) -> Option<Records<'a, T>> {
    if items.is_empty() {
        return match opts.empty_records() {
            EmptyRecords::Array => Some(Records::Array(items)),
            EmptyRecords::Object => Some(Records::Object),
            EmptyRecords::Null => Some(Records::Null),
            EmptyRecords::Missing => None,
        };
    }
    Some(match opts.records_as() {
        RecordsAs::Array => Records::Array(items),
        RecordsAs::Positional => Records::Positional(items),
    })
}

/// The counters `--counters` asks for, each a record or a page count, skewed by `--counter-skew`.
fn counters(opts: &Options, listing: &Listing) -> Vec<(&'static str, Value)> {
    let total = i64::try_from(listing.total).unwrap_or(i64::MAX);
    let records = u64::try_from(total.saturating_add(opts.counter_skew)).unwrap_or(0);
    let pages = match (records, listing.per_page) {
        (0, _) => 0,
        // A whole list without records but a positive skew: all of it would fit on one page.
        (_, 0) => 1,
        (records, per_page) => records.div_ceil(per_page),
    };
    let strings = opts.counter_strings();
    opts.counters()
        .into_iter()
        .filter_map(|counter| {
            let count = if counter.counts_pages() {
                pages
            } else {
                records
            };
            let value = if strings {
                Value::from(count.to_string())
            } else {
                Value::from(count)
            };
            counter.key().map(|key| (key, value))
        })
        .collect()
}

/// The records container.
enum Records<'a, T> {
    Array(&'a [T]),
    /// As PHP's `json_encode` writes an array it has re-keyed: an object keyed by position.
    Positional(&'a [T]),
    /// `{}`
    Object,
    /// `null`
    Null,
}

impl<T: Serialize> Serialize for Records<'_, T> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match self {
            Records::Array(items) => {
                let mut seq = serializer.serialize_seq(Some(items.len()))?;
                for item in *items {
                    seq.serialize_element(item)?;
                }
                seq.end()
            }
            Records::Positional(items) => {
                let mut map = serializer.serialize_map(Some(items.len()))?;
                for (position, item) in items.iter().enumerate() {
                    map.serialize_entry(&position.to_string(), item)?;
                }
                map.end()
            }
            Records::Object => serializer.serialize_map(Some(0))?.end(),
            Records::Null => serializer.serialize_unit(),
        }
    }
}

/// An envelope object: legacy-php's `status` first, then the records (unless left out), then the
/// other fields in order. Written straight from the records, which can be many.
struct Keyed<'a, T> {
    status: Option<bool>,
    key: &'static str,
    records: Option<Records<'a, T>>,
    fields: Vec<(&'static str, Value)>,
}

impl<T: Serialize> Serialize for Keyed<'_, T> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(None)?;
        if let Some(status) = self.status {
            map.serialize_entry("status", &status)?;
        }
        if let Some(records) = &self.records {
            map.serialize_entry(self.key, records)?;
        }
        for (key, value) in &self.fields {
            map.serialize_entry(key, value)?;
        }
        map.end()
    }
}
