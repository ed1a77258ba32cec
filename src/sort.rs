//! `--sort FIELD[:desc][,FIELD…]`: the records of a list in the order of some of their fields, and
//! the order appointments take by default (by date, then start time).
//!
//! A walk streams, so sorting waits for its last record: each record's text goes to a temporary file
//! as it arrives, and only its sort keys and its place in that file stay in memory. At the end the
//! keys are sorted (stably: records with equal keys keep the service's order) and the records are read
//! back in that order. Values compare as what they are: numbers as numbers, dates and date-times
//! (`YYYY-MM-DD`, `DD/MM/YYYY`, with a time or not) as moments, anything else as text without case or
//! accents. A record without the field sorts after those that have it, either way.

use std::cmp::Ordering;
use std::fmt;
use std::io::{Read, Seek, SeekFrom, Write};

use serde::de::{Deserializer, IgnoredAny, MapAccess, Visitor};
use serde_json::Value;

use crate::output::moment_in;
use crate::record::RawRecord;

/// One field to sort by, and which way.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SortKey {
    pub field: String,
    pub descending: bool,
}

impl SortKey {
    /// `FIELD`, `FIELD:asc` or `FIELD:desc`, several separated by commas.
    pub fn parse_list(text: &str) -> Result<Vec<SortKey>, String> {
        let mut keys = Vec::new();
        for part in text.split(',') {
            let (field, way) = match part.rsplit_once(':') {
                Some((field, way)) => (field.trim(), Some(way.trim().to_ascii_lowercase())),
                None => (part.trim(), None),
            };
            let descending = match way.as_deref() {
                None | Some("asc") => false,
                Some("desc") => true,
                Some(_) => return Err(crate::t!("sort-expected")),
            };
            if field.is_empty() {
                return Err(crate::t!("sort-expected"));
            }
            keys.push(SortKey {
                field: field.to_string(),
                descending,
            });
        }
        Ok(keys)
    }
}

/// The whole `--sort` value: one flag value that holds several keys.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SortKeys(pub Vec<SortKey>);

impl SortKeys {
    /// clap's parser for `--sort`.
    pub fn parse(text: &str) -> Result<SortKeys, String> {
        SortKey::parse_list(text).map(SortKeys)
    }
}

/// A sortable value of one field.
#[derive(Debug, Clone, PartialEq)]
enum Key {
    Number(f64),
    Moment(chrono::NaiveDateTime),
    Text(String),
}

impl Key {
    /// A time is read in `zone` (the deployment's): one that says its own zone sorts as that
    /// instant among the local ones.
    fn of(value: &Value, zone: &chrono_tz::Tz) -> Option<Key> {
        match value {
            Value::Null => None,
            Value::Number(n) => n.as_f64().map(Key::Number),
            Value::String(s) if s.trim().is_empty() => None,
            Value::String(s) => {
                let s = s.trim();
                Some(match moment_in(s, zone) {
                    Some(at) => Key::Moment(at),
                    None => match s.parse::<f64>() {
                        Ok(n) if n.is_finite() => Key::Number(n),
                        // Money as the service may write it (`R$ 1.234,56`) is a number too.
                        _ => match crate::money::parse(s, None)
                            .and_then(|d| rust_decimal::prelude::ToPrimitive::to_f64(&d))
                        {
                            Some(n) => Key::Number(n),
                            None => Key::Text(crate::text::fold::normalize(s)),
                        },
                    },
                })
            }
            other => Some(Key::Text(other.to_string())),
        }
    }

    /// Numbers, then moments, then text: a column that mixes them still has one order.
    fn cmp(&self, other: &Key) -> Ordering {
        match (self, other) {
            (Key::Number(a), Key::Number(b)) => a.total_cmp(b),
            (Key::Moment(a), Key::Moment(b)) => a.cmp(b),
            (Key::Text(a), Key::Text(b)) => a.cmp(b),
            _ => self.rank().cmp(&other.rank()),
        }
    }

    fn rank(&self) -> u8 {
        match self {
            Key::Number(_) => 0,
            Key::Moment(_) => 1,
            Key::Text(_) => 2,
        }
    }
}

/// Records held until the last one, then given back in order.
pub struct Sorter {
    keys: Vec<SortKey>,
    zone: chrono_tz::Tz,
    file: std::fs::File,
    written: u64,
    /// Each record's keys and its place (offset, length) in the file.
    entries: Vec<(Vec<Option<Key>>, u64, u64)>,
}

impl Sorter {
    /// Times are read in `zone`, the deployment's.
    pub fn new(keys: Vec<SortKey>, zone: chrono_tz::Tz) -> std::io::Result<Sorter> {
        Ok(Sorter {
            keys,
            zone,
            file: tempfile::tempfile()?,
            written: 0,
            entries: Vec::new(),
        })
    }

    pub fn push(&mut self, record: &RawRecord) -> std::io::Result<()> {
        let text = record.get().as_bytes();
        self.file.write_all(text)?;
        let values = key_values(record, &self.keys, &self.zone);
        self.entries.push((values, self.written, text.len() as u64));
        self.written += text.len() as u64;
        Ok(())
    }

    /// Every record, in order, to `each`.
    pub fn drain(
        mut self,
        mut each: impl FnMut(&RawRecord) -> crate::error::Result<()>,
    ) -> crate::error::Result<()> {
        let keys = std::mem::take(&mut self.keys);
        self.entries.sort_by(|a, b| {
            keys.iter()
                .zip(a.0.iter().zip(&b.0))
                .map(|(key, (x, y))| match (x, y) {
                    (Some(x), Some(y)) if key.descending => y.cmp(x),
                    (Some(x), Some(y)) => x.cmp(y),
                    (Some(_), None) => Ordering::Less,
                    (None, Some(_)) => Ordering::Greater,
                    (None, None) => Ordering::Equal,
                })
                .find(|o| o.is_ne())
                .unwrap_or(Ordering::Equal)
        });
        let mut text = Vec::new();
        for (_, offset, length) in &self.entries {
            self.file.seek(SeekFrom::Start(*offset))?;
            text.resize(*length as usize, 0);
            self.file.read_exact(&mut text)?;
            let record = std::str::from_utf8(&text)
                .map_err(|e| crate::error::Error::Other(e.to_string()))
                .and_then(|text| {
                    RawRecord::from_text(text)
                        .map_err(|e| crate::error::Error::Other(e.to_string()))
                })?;
            each(record)?;
        }
        Ok(())
    }
}

/// The values of the sort fields in one record (top-level fields), read key by key.
fn key_values(record: &RawRecord, keys: &[SortKey], zone: &chrono_tz::Tz) -> Vec<Option<Key>> {
    let mut found: Vec<Option<Key>> = vec![None; keys.len()];
    let mut de = serde_json::Deserializer::from_str(record.get());
    let _ = de.deserialize_map(Fields {
        keys,
        found: &mut found,
        zone,
    });
    found
}

struct Fields<'a> {
    keys: &'a [SortKey],
    zone: &'a chrono_tz::Tz,
    found: &'a mut Vec<Option<Key>>,
}

impl<'de> Visitor<'de> for Fields<'_> {
    type Value = ();

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a record")
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<(), A::Error> {
        while let Some(name) = map.next_key::<String>()? {
            match self.keys.iter().position(|k| k.field == name) {
                Some(i) => self.found[i] = Key::of(&map.next_value::<Value>()?, self.zone),
                None => {
                    map.next_value::<IgnoredAny>()?;
                }
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sorted(keys: &str, records: &[&str]) -> Vec<String> {
        let mut sorter = Sorter::new(
            SortKey::parse_list(keys).unwrap(),
            chrono_tz::America::Sao_Paulo,
        )
        .unwrap();
        for r in records {
            sorter
                .push(&RawRecord::from_string(r.to_string()).unwrap())
                .unwrap();
        }
        let mut out = Vec::new();
        sorter
            .drain(|r| {
                out.push(r.get().to_string());
                Ok(())
            })
            .unwrap();
        out
    }

    #[test]
    fn dates_times_numbers_and_text_sort_as_what_they_are() {
        let records = [
            r#"{"id":1,"data":"28/06/2026","hora":"09:00"}"#,
            r#"{"id":2,"data":"2026-06-24","hora":"14:00"}"#,
            r#"{"id":3,"data":"24/06/2026","hora":"08:30"}"#,
            r#"{"id":4,"hora":"07:00"}"#,
            r#"{"id":5,"data":"25/06/2026","hora":"10:00"}"#,
        ];
        let ids = |out: Vec<String>| -> Vec<u64> {
            out.iter()
                .map(|r| {
                    serde_json::from_str::<Value>(r).unwrap()["id"]
                        .as_u64()
                        .unwrap()
                })
                .collect()
        };
        assert_eq!(ids(sorted("data,hora", &records)), [3, 2, 5, 1, 4]);
        assert_eq!(ids(sorted("data:desc,hora", &records)), [1, 5, 3, 2, 4]);
        let numbers = [r#"{"v":"10"}"#, r#"{"v":9}"#, r#"{"v":"1.5"}"#];
        assert_eq!(
            sorted("v", &numbers),
            [r#"{"v":"1.5"}"#, r#"{"v":9}"#, r#"{"v":"10"}"#]
        );
        let money = [r#"{"v":"R$ 1.234,56"}"#, r#"{"v":"99,90"}"#, r#"{"v":200}"#];
        assert_eq!(
            sorted("v:desc", &money),
            [r#"{"v":"R$ 1.234,56"}"#, r#"{"v":200}"#, r#"{"v":"99,90"}"#]
        );
        let names = [r#"{"n":"Éva"}"#, r#"{"n":"ana"}"#, r#"{"n":"Bruno"}"#];
        assert_eq!(
            sorted("n", &names),
            [r#"{"n":"ana"}"#, r#"{"n":"Bruno"}"#, r#"{"n":"Éva"}"#]
        );
    }

    #[test]
    fn a_bad_direction_or_an_empty_field_is_refused() {
        assert!(SortKey::parse_list("data:up").is_err());
        assert!(SortKey::parse_list("data,").is_err());
        assert_eq!(
            SortKey::parse_list("valor:DESC").unwrap(),
            [SortKey {
                field: "valor".into(),
                descending: true
            }]
        );
    }
}
