//! The server's own clock, as its answers' `Date` headers tell it. An incremental run must not trust
//! the local clock (a machine two days ahead would save a point in the future and miss every change
//! until then), so it sets its point against the clock of the service that stamps the records.

use std::sync::atomic::{AtomicI64, Ordering};
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use chrono::{NaiveDateTime, TimeZone};
use reqwest::header::{DATE, HeaderMap};

/// How far a point may run ahead of the server's clock before it is taken for a wrong one: the
/// `Date` header has whole seconds, and the service's own clocks may differ by a little.
pub const CLOCK_SLACK: chrono::Duration = chrono::Duration::minutes(5);

/// The first and the latest `Date` a command's answers carried, in seconds since the Unix epoch
/// (0 until one came).
#[derive(Debug, Default)]
pub struct ServerClock {
    first: AtomicI64,
    latest: AtomicI64,
}

impl ServerClock {
    /// Notes the `Date` of an answer; an absent or unreadable one tells nothing.
    pub fn note(&self, headers: &HeaderMap) {
        let Some(at) = headers
            .get(DATE)
            .and_then(|v| v.to_str().ok())
            .and_then(|v| httpdate::parse_http_date(v).ok())
            .and_then(|t| t.duration_since(UNIX_EPOCH).ok())
            .and_then(|d| i64::try_from(d.as_secs()).ok())
            .filter(|&s| s > 0)
        else {
            return;
        };
        let _ = self
            .first
            .compare_exchange(0, at, Ordering::Relaxed, Ordering::Relaxed);
        self.latest.store(at, Ordering::Relaxed);
    }

    /// The server's time at the first answer of this command: when its work began, by its clock.
    pub fn first(&self) -> Option<SystemTime> {
        Self::time(self.first.load(Ordering::Relaxed))
    }

    /// The server's time at the latest answer.
    pub fn latest(&self) -> Option<SystemTime> {
        Self::time(self.latest.load(Ordering::Relaxed))
    }

    /// [`ServerClock::first`] as the wall time of `zone`, as the service writes its times.
    pub fn first_in(&self, zone: chrono_tz::Tz) -> Option<NaiveDateTime> {
        Self::local(self.first(), zone)
    }

    /// [`ServerClock::latest`] as the wall time of `zone`.
    pub fn latest_in(&self, zone: chrono_tz::Tz) -> Option<NaiveDateTime> {
        Self::local(self.latest(), zone)
    }

    fn local(at: Option<SystemTime>, zone: chrono_tz::Tz) -> Option<NaiveDateTime> {
        let at: chrono::DateTime<chrono::Utc> = at?.into();
        Some(zone.from_utc_datetime(&at.naive_utc()).naive_local())
    }

    fn time(secs: i64) -> Option<SystemTime> {
        let secs = u64::try_from(secs).ok().filter(|&s| s > 0)?;
        Some(UNIX_EPOCH + Duration::from_secs(secs))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use reqwest::header::HeaderValue;

    #[test]
    fn the_first_date_stays_and_the_latest_moves() {
        let clock = ServerClock::default();
        assert_eq!(clock.first(), None);
        let mut headers = HeaderMap::new();
        headers.insert(DATE, HeaderValue::from_static("garbage"));
        clock.note(&headers);
        assert_eq!(clock.latest(), None);
        headers.insert(
            DATE,
            HeaderValue::from_static("Sun, 06 Nov 1994 08:49:37 GMT"),
        );
        clock.note(&headers);
        headers.insert(
            DATE,
            HeaderValue::from_static("Sun, 06 Nov 1994 08:50:00 GMT"),
        );
        clock.note(&headers);
        let secs = |t: SystemTime| t.duration_since(UNIX_EPOCH).unwrap().as_secs();
        assert_eq!(clock.first().map(secs), Some(784_111_777));
        assert_eq!(clock.latest().map(secs), Some(784_111_800));
    }
}
