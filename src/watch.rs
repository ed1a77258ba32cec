//! What a report's records say as they pass into the output, beyond the records themselves:
//! - the newest modification time among them: an incremental run's next point is taken from the
//!   data, as the service stamped it, never from the local clock;
//! - how many are older than the modified-since filter asked for: a deployment that ignores the
//!   filter sends every record, and the run must say so instead of calling the result "only records
//!   modified since …";
//! - which day the filter was read as: a record that only the other zone's day admits (modified on
//!   the evening before the day asked, in São Paulo, but on that day in UTC) shows it;
//! - which top-level fields came, in the order they first came: an export with no records still
//!   writes these columns the next time.
//!
//! Records are read key by key; the values of other fields are skipped unread, so a large export pays
//! for one pass over each record's text and nothing else.

use std::borrow::Cow;
use std::collections::HashSet;
use std::fmt;
use std::sync::Mutex;

use chrono::{NaiveDate, NaiveDateTime};
use serde::Deserialize;
use serde::de::{Deserializer, IgnoredAny, MapAccess, SeqAccess, Visitor};
use serde_json::value::RawValue;

use crate::config::FilterZone;
use crate::output::{column_of_key, moment_in, utc_day};

/// The watch over one report's walk.
pub struct Watch {
    /// The field that holds a record's modification time (`modificado_em`).
    modified: &'static str,
    /// Records modified before this day were not asked for.
    asked_from: Option<NaiveDate>,
    /// The columns an output with no records gets.
    empty_columns: Vec<String>,
    /// The deployment's zone: a time that says its own zone is read as that instant in this one.
    zone: chrono_tz::Tz,
    seen: Mutex<Seen>,
}

#[derive(Default)]
struct Seen {
    records: u64,
    newest: Option<NaiveDateTime>,
    older: u64,
    /// The newest record that came although its day in the profile's zone is before the day asked
    /// (its day in UTC is not): the filter was read as a UTC day.
    only_utc: Option<NaiveDateTime>,
    /// The newest record that came although its day in UTC is before the day asked: the filter was
    /// read as a day of the profile's zone.
    only_local: Option<NaiveDateTime>,
    columns: Vec<String>,
    known: HashSet<String, foldhash::fast::RandomState>,
}

impl Watch {
    pub fn new(
        modified: &'static str,
        asked_from: Option<NaiveDate>,
        empty_columns: Vec<String>,
        zone: chrono_tz::Tz,
    ) -> Watch {
        Watch {
            modified,
            asked_from,
            empty_columns,
            zone,
            seen: Mutex::new(Seen::default()),
        }
    }

    /// Reads one record as the service sent it. A record that is not an object tells nothing.
    pub fn observe(&self, record: &RawValue) {
        let mut seen = self.seen.lock().unwrap_or_else(|e| e.into_inner());
        let mut de = serde_json::Deserializer::from_str(record.get());
        // The keys are borrowed from the record's text and checked against those already known
        // as they are read: every record of a large export has the same few dozen keys, and a copy
        // of each, kept until the record is read, would cost more than the rest of the read.
        let Ok(modified) = de.deserialize_map(Fields {
            modified: self.modified,
            zone: self.zone,
            seen: &mut seen,
        }) else {
            return;
        };
        seen.records += 1;
        let Some(at) = modified else {
            return;
        };
        if let Some(from) = self.asked_from {
            let local = at.date();
            let utc = utc_day(at, &self.zone).unwrap_or(local);
            let newer = |kept: Option<NaiveDateTime>| Some(kept.map_or(at, |k| k.max(at)));
            match (local < from, utc < from) {
                (true, true) => seen.older += 1,
                (true, false) => seen.only_utc = newer(seen.only_utc),
                (false, true) => seen.only_local = newer(seen.only_local),
                (false, false) => {}
            }
        }
        if seen.newest.is_none_or(|newest| at > newest) {
            seen.newest = Some(at);
        }
    }

    /// The newest modification time among the records seen.
    pub fn newest(&self) -> Option<NaiveDateTime> {
        self.seen.lock().unwrap_or_else(|e| e.into_inner()).newest
    }

    /// How many records (objects) came.
    pub fn records(&self) -> u64 {
        self.seen.lock().unwrap_or_else(|e| e.into_inner()).records
    }

    /// How many records were modified before the day the filter asked from.
    pub fn older(&self) -> u64 {
        self.seen.lock().unwrap_or_else(|e| e.into_inner()).older
    }

    /// Which day the filter was read as, and the record's modification time that shows it: only
    /// when the records say one thing (none older than both days, which an ignored filter sends).
    pub fn filter_read_as(&self) -> Option<(FilterZone, NaiveDateTime)> {
        let seen = self.seen.lock().unwrap_or_else(|e| e.into_inner());
        match (seen.older, seen.only_utc, seen.only_local) {
            (0, Some(at), None) => Some((FilterZone::Utc, at)),
            (0, None, Some(at)) => Some((FilterZone::Local, at)),
            _ => None,
        }
    }

    /// The day the filter asked from.
    pub fn asked_from(&self) -> Option<NaiveDate> {
        self.asked_from
    }

    /// The top-level fields the records had, in the order they first came.
    pub fn columns(&self) -> Vec<String> {
        self.seen
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .columns
            .clone()
    }

    /// The columns an output with no records gets.
    pub fn empty_columns(&self) -> &[String] {
        &self.empty_columns
    }
}

/// Reads a record's keys into `seen`, and returns its modification time when it has one the way
/// services write them.
struct Fields<'s> {
    modified: &'static str,
    zone: chrono_tz::Tz,
    seen: &'s mut Seen,
}

impl<'de> Visitor<'de> for Fields<'_> {
    type Value = Option<NaiveDateTime>;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a record")
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Self::Value, A::Error> {
        let mut modified = None;
        let mut keys = Vec::new();
        while let Some(Text(key)) = map.next_key::<Text<'de>>()? {
            if key == self.modified {
                modified = match map.next_value::<Option<TextOrOther<'de>>>()? {
                    Some(TextOrOther(Some(text))) => moment_in(&text, &self.zone),
                    _ => None,
                };
            } else {
                map.next_value::<IgnoredAny>()?;
            }
            if !self.seen.known.contains(key.as_ref()) {
                keys.push(key.into_owned());
            }
        }
        // Only new keys are copied, and only once the record has been read whole: a record the
        // reader gives up on brings no column.
        for key in keys {
            if self.seen.known.insert(key.clone()) {
                // As a column name: a dot inside a key is not a level.
                self.seen.columns.push(column_of_key(&key));
            }
        }
        Ok(modified)
    }
}

/// A string, borrowed from the record's text unless it holds an escape.
struct Text<'de>(Cow<'de, str>);

impl<'de> Deserialize<'de> for Text<'de> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        deserializer.deserialize_str(TextVisitor).map(Text)
    }
}

struct TextVisitor;

impl<'de> Visitor<'de> for TextVisitor {
    type Value = Cow<'de, str>;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a string")
    }

    fn visit_borrowed_str<E: serde::de::Error>(self, text: &'de str) -> Result<Self::Value, E> {
        Ok(Cow::Borrowed(text))
    }

    fn visit_str<E: serde::de::Error>(self, text: &str) -> Result<Self::Value, E> {
        Ok(Cow::Owned(text.to_owned()))
    }
}

/// A value that is a string (borrowed where it can be), or anything else, skipped unread.
struct TextOrOther<'de>(Option<Cow<'de, str>>);

impl<'de> Deserialize<'de> for TextOrOther<'de> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        deserializer.deserialize_any(TextOrOtherVisitor)
    }
}

struct TextOrOtherVisitor;

impl<'de> Visitor<'de> for TextOrOtherVisitor {
    type Value = TextOrOther<'de>;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("any value")
    }

    fn visit_borrowed_str<E: serde::de::Error>(self, text: &'de str) -> Result<Self::Value, E> {
        Ok(TextOrOther(Some(Cow::Borrowed(text))))
    }

    fn visit_str<E: serde::de::Error>(self, text: &str) -> Result<Self::Value, E> {
        Ok(TextOrOther(Some(Cow::Owned(text.to_owned()))))
    }

    fn visit_bool<E>(self, _: bool) -> Result<Self::Value, E> {
        Ok(TextOrOther(None))
    }

    fn visit_i64<E>(self, _: i64) -> Result<Self::Value, E> {
        Ok(TextOrOther(None))
    }

    fn visit_u64<E>(self, _: u64) -> Result<Self::Value, E> {
        Ok(TextOrOther(None))
    }

    fn visit_f64<E>(self, _: f64) -> Result<Self::Value, E> {
        Ok(TextOrOther(None))
    }

    fn visit_unit<E>(self) -> Result<Self::Value, E> {
        Ok(TextOrOther(None))
    }

    fn visit_none<E>(self) -> Result<Self::Value, E> {
        Ok(TextOrOther(None))
    }

    fn visit_some<D: Deserializer<'de>>(self, deserializer: D) -> Result<Self::Value, D::Error> {
        deserializer.deserialize_any(self)
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Self::Value, A::Error> {
        while seq.next_element::<IgnoredAny>()?.is_some() {}
        Ok(TextOrOther(None))
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Self::Value, A::Error> {
        while map.next_entry::<IgnoredAny, IgnoredAny>()?.is_some() {}
        Ok(TextOrOther(None))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn raw(text: &str) -> Box<RawValue> {
        RawValue::from_string(text.to_string()).unwrap()
    }

    #[test]
    fn the_newest_time_the_older_records_and_the_columns_in_order() {
        let from = NaiveDate::from_ymd_opt(2026, 3, 2);
        let watch = Watch::new(
            "modificado_em",
            from,
            Vec::new(),
            chrono_tz::America::Sao_Paulo,
        );
        for text in [
            r#"{"id": 1, "modificado_em": "2026-03-02 10:00:00", "valor": "1,00"}"#,
            r#"{"id": 2, "modificado_em": "01/03/2026 23:59:59", "extra": {"a": [1, 2]}}"#,
            r#"{"id": 3, "modificado_em": "2026-03-05"}"#,
            r#"{"id": 4, "modificado_em": "amanhã"}"#,
            // 23:59 of the 4th in São Paulo: not newer than the 5th's midnight, whatever its day in UTC.
            r#"{"id": 6, "modificado_em": "2026-03-05T02:59:00Z"}"#,
            r#"{"id": 7, "modificado_em": "2026-03-01T02:00:00Z"}"#,
            r#"[1, 2]"#,
            r#"{"id": 5, "modificado_em": null, "a.b": 1}"#,
        ] {
            watch.observe(&raw(text));
        }
        assert_eq!(
            watch.newest(),
            NaiveDate::from_ymd_opt(2026, 3, 5)
                .unwrap()
                .and_hms_opt(0, 0, 0)
        );
        assert_eq!(watch.older(), 1, "the 1st's morning is older on both days");
        // The 1st's evening in São Paulo is the 2nd in UTC: only a filter read in UTC admits it.
        assert_eq!(
            watch.filter_read_as(),
            None,
            "a record older on both days says the filter may be ignored"
        );
        assert_eq!(watch.records(), 7, "the array is no record");
        let utc = Watch::new(
            "modificado_em",
            from,
            Vec::new(),
            chrono_tz::America::Sao_Paulo,
        );
        for text in [
            r#"{"id": 1, "modificado_em": "2026-03-02T01:30:00Z"}"#,
            r#"{"id": 2, "modificado_em": "2026-03-02T00:10:00Z"}"#,
            r#"{"id": 3, "modificado_em": "2026-03-02T12:00:00Z"}"#,
        ] {
            utc.observe(&raw(text));
        }
        assert_eq!(utc.older(), 0);
        assert_eq!(
            utc.filter_read_as(),
            Some((
                FilterZone::Utc,
                NaiveDate::from_ymd_opt(2026, 3, 1)
                    .unwrap()
                    .and_hms_opt(22, 30, 0)
                    .unwrap()
            )),
            "the 1st's evening in São Paulo came for a filter from the 2nd"
        );
        assert_eq!(
            watch.columns(),
            ["id", "modificado_em", "valor", "extra", "a\\.b"]
        );
    }
}
