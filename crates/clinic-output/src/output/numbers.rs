//! Numbers and dates as they appear in cells: what counts as a plain decimal number, and which
//! texts are calendar dates or date-times. Shared by the Excel CSV dialect (decimal comma) and the
//! xlsx writer (typed cells).

use std::borrow::Cow;

use chrono::{DateTime, FixedOffset, NaiveDate, NaiveDateTime, NaiveTime, TimeZone};

/// `12.5`, `-0.75`, `+3.0`: an optional sign, digits, a decimal point and digits. Integers and
/// anything with grouping, exponents or letters are not plain decimals (an ID or a phone number
/// must never change).
pub(crate) fn is_plain_decimal(text: &str) -> bool {
    let unsigned = text.strip_prefix(['-', '+']).unwrap_or(text);
    let Some((whole, fraction)) = unsigned.split_once('.') else {
        return false;
    };
    let digits = |part: &str| !part.is_empty() && part.bytes().all(|b| b.is_ascii_digit());
    digits(whole) && digits(fraction)
}

/// A plain decimal with a decimal comma instead of the point (`10582.1` → `10582,1`), the way
/// Excel in pt-BR reads numbers; any other text unchanged.
pub(crate) fn decimal_comma(text: &str) -> Cow<'_, str> {
    if is_plain_decimal(text) {
        Cow::Owned(text.replacen('.', ",", 1))
    } else {
        Cow::Borrowed(text)
    }
}

/// A date or date-time written the way services write them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum When {
    Date(NaiveDate),
    /// A time without a zone: the deployment's own local time.
    DateTime(NaiveDateTime),
    /// A time that says its zone (`Z`, `+00:00`, `-0300`): that instant, wherever it is read.
    Instant(DateTime<FixedOffset>),
}

impl When {
    /// A time as a wall time of `zone`: a date is its midnight, a time without a zone is already
    /// the deployment's local time, an instant is moved to `zone`.
    pub fn wall_in<Z: TimeZone>(self, zone: &Z) -> NaiveDateTime {
        match self {
            When::Date(day) => day.and_time(NaiveTime::MIN),
            When::DateTime(at) => at,
            When::Instant(at) => at.with_timezone(zone).naive_local(),
        }
    }

    /// The time as a cell that holds no zone shows it: an instant as the wall time of the
    /// profile's zone (`2026-11-22T23:10:00Z` is `2026-11-22 20:10:00` in São Paulo), the
    /// deployment's calendar, where times without a zone already are.
    pub fn in_profile_zone(self) -> When {
        match self {
            When::Instant(at) => When::DateTime(
                at.with_timezone(&clinic_core::relative_date::zone())
                    .naive_local(),
            ),
            other => other,
        }
    }
}

/// Reads a service's time as a wall time of `zone` (the deployment's): the one reader every
/// incremental point, bookmark, sort and filter goes through. `None`: no time.
pub fn moment_in<Z: TimeZone>(text: &str, zone: &Z) -> Option<NaiveDateTime> {
    when(text.trim()).map(|w| w.wall_in(zone))
}

/// The day a modified-since filter asks from, for a point that is a wall time of `zone` (the
/// deployment's): the earlier of its day there and its day in UTC. A deployment that stamps its
/// times in UTC may read the filter's day in UTC too; the earlier day holds the point whichever it
/// reads, and a day more only brings records again, which readers dedupe.
pub fn filter_day<Z: TimeZone>(point: NaiveDateTime, zone: &Z) -> NaiveDate {
    utc_day(point, zone).map_or(point.date(), |u| u.min(point.date()))
}

/// The day in UTC of a wall time of `zone`; `None` for a wall time that never happened there (in a
/// gap of daylight saving time).
pub fn utc_day<Z: TimeZone>(point: NaiveDateTime, zone: &Z) -> Option<NaiveDate> {
    zone.from_local_datetime(&point)
        .earliest()
        .map(|t| t.naive_utc().date())
}

/// `YYYY-MM-DD` or `DD/MM/YYYY`, optionally followed by ` HH:MM[:SS]` (or `T` before the time); an
/// ISO time with its zone (`2026-11-22T23:10:00Z`, `…+00:00`, `…-03:00`, fractions of a second
/// allowed) is an instant. Only real calendar dates count; anything else stays text.
pub fn when(text: &str) -> Option<When> {
    if text.len() > 19 {
        return instant(text).map(When::Instant);
    }
    let shape_ok = text.len() >= 10
        && text.is_char_boundary(10)
        && matches!(text.len(), 10 | 16 | 19)
        && text
            .bytes()
            .all(|b| b.is_ascii_digit() || b"-/: T".contains(&b));
    if !shape_ok {
        return None;
    }
    let (date, time) = text.split_at(10);
    // Digit by digit first: millions of cells go through here in a large export, and a format
    // parser is the slow way to read the usual spelling. Anything else takes the parser's rules.
    let date = plain_date(date).or_else(|| {
        NaiveDate::parse_from_str(date, "%Y-%m-%d")
            .ok()
            .filter(|_| text.as_bytes()[4] == b'-')
            .or_else(|| {
                NaiveDate::parse_from_str(date, "%d/%m/%Y")
                    .ok()
                    .filter(|_| text.as_bytes()[2] == b'/')
            })
    })?;
    if time.is_empty() {
        return Some(When::Date(date));
    }
    let time = time.strip_prefix([' ', 'T'])?;
    let time = plain_time(time).or_else(|| {
        let format = if time.len() == 5 { "%H:%M" } else { "%H:%M:%S" };
        NaiveTime::parse_from_str(time, format).ok()
    })?;
    Some(When::DateTime(date.and_time(time)))
}

/// An ISO date and time that ends in its zone: `Z`, `±HH:MM` or `±HHMM`, with `T` or a space
/// before the time. Anything else (a zone name, no zone) is none.
fn instant(text: &str) -> Option<DateTime<FixedOffset>> {
    let b = text.as_bytes();
    if b.len() < 20 || b.len() > 40 || b[4] != b'-' || !matches!(b[10], b'T' | b' ') {
        return None;
    }
    let zoned = b[19..]
        .iter()
        .any(|&c| matches!(c, b'Z' | b'z' | b'+' | b'-'));
    if !zoned {
        return None;
    }
    DateTime::parse_from_rfc3339(text)
        .ok()
        .or_else(|| DateTime::parse_from_str(text, "%Y-%m-%d %H:%M:%S%.f%:z").ok())
        .or_else(|| DateTime::parse_from_str(text, "%Y-%m-%dT%H:%M:%S%.f%z").ok())
        .or_else(|| DateTime::parse_from_str(text, "%Y-%m-%d %H:%M:%S%.f%z").ok())
        .or_else(|| {
            let naive = text.strip_suffix(['Z', 'z'])?;
            NaiveDateTime::parse_from_str(naive, "%Y-%m-%d %H:%M:%S%.f")
                .ok()
                .map(|t| t.and_utc().fixed_offset())
        })
}

/// The number written by two or four ASCII digits at `range` of `text`.
fn digits(text: &[u8], range: std::ops::Range<usize>) -> Option<u32> {
    text.get(range)?.iter().try_fold(0, |n, &b| {
        b.is_ascii_digit().then(|| n * 10 + u32::from(b - b'0'))
    })
}

/// Exactly `YYYY-MM-DD` or `DD/MM/YYYY`, a real calendar date.
fn plain_date(text: &str) -> Option<NaiveDate> {
    let b = text.as_bytes();
    let (year, month, day) = match (b.get(2), b.get(4), b.get(5), b.get(7)) {
        (_, Some(b'-'), _, Some(b'-')) => (0..4, 5..7, 8..10),
        (Some(b'/'), _, Some(b'/'), _) => (6..10, 3..5, 0..2),
        _ => return None,
    };
    let year = i32::try_from(digits(b, year)?).ok()?;
    NaiveDate::from_ymd_opt(year, digits(b, month)?, digits(b, day)?)
}

/// Exactly `HH:MM` or `HH:MM:SS`, a real time of day.
fn plain_time(text: &str) -> Option<NaiveTime> {
    let b = text.as_bytes();
    let seconds = match b.len() {
        5 => 0,
        8 if b[5] == b':' => digits(b, 6..8)?,
        _ => return None,
    };
    if b[2] != b':' {
        return None;
    }
    NaiveTime::from_hms_opt(digits(b, 0..2)?, digits(b, 3..5)?, seconds)
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::Datelike;

    #[test]
    fn only_plain_decimals_get_a_decimal_comma() {
        for (given, expected) in [
            ("10582.1", "10582,1"),
            ("-0.75", "-0,75"),
            ("+3.0", "+3,0"),
            ("10582", "10582"),
            ("1.234.567", "1.234.567"),
            ("1e5", "1e5"),
            ("1.5e-7", "1.5e-7"),
            ("16992640197", "16992640197"),
            ("(16) 99264-0197", "(16) 99264-0197"),
            ("2024-01-05", "2024-01-05"),
            ("v1.2", "v1.2"),
            (".5", ".5"),
            ("5.", "5."),
            ("", ""),
        ] {
            assert_eq!(decimal_comma(given), expected, "{given}");
        }
    }

    /// The digit-by-digit readers agree with the format parser wherever they give an answer.
    #[test]
    fn plain_readers_agree_with_the_format_parser() {
        let mut day = NaiveDate::from_ymd_opt(1999, 12, 1).unwrap();
        while day.year_ce().1 < 2001 {
            for (text, format) in [
                (day.format("%Y-%m-%d").to_string(), "%Y-%m-%d"),
                (day.format("%d/%m/%Y").to_string(), "%d/%m/%Y"),
            ] {
                let parsed = NaiveDate::parse_from_str(&text, format).ok();
                assert_eq!(plain_date(&text), parsed, "{text}");
            }
            day = day.succ_opt().unwrap();
        }
        for text in ["0000-01-01", "9999-12-31", "31/12/0001"] {
            let format = if text.contains('/') {
                "%d/%m/%Y"
            } else {
                "%Y-%m-%d"
            };
            let parsed = NaiveDate::parse_from_str(text, format).ok();
            assert_eq!(plain_date(text), parsed, "{text}");
        }
        for text in ["2024-02-30", "2024-13-01", "29/02/2023", "2024-0a-01"] {
            assert_eq!(plain_date(text), None, "{text}");
        }
        for (h, m, s) in [(0, 0, 0), (9, 5, 7), (23, 59, 59)] {
            let time = NaiveTime::from_hms_opt(h, m, s).unwrap();
            assert_eq!(plain_time(&time.format("%H:%M:%S").to_string()), Some(time));
        }
        for text in ["24:00:00", "12:60", "1:30:00", "12-30"] {
            assert_eq!(plain_time(text), None, "{text}");
        }
    }

    #[test]
    fn times_with_a_zone_are_instants() {
        let utc = chrono::Utc
            .with_ymd_and_hms(2026, 11, 22, 23, 10, 0)
            .unwrap();
        let sao_paulo = FixedOffset::west_opt(3 * 3600).unwrap();
        for text in [
            "2026-11-22T23:10:00Z",
            "2026-11-22T23:10:00+00:00",
            "2026-11-22 23:10:00+00:00",
            "2026-11-22T20:10:00-03:00",
            "2026-11-22T20:10:00-0300",
            "2026-11-22T23:10:00.000Z",
        ] {
            let Some(When::Instant(at)) = when(text) else {
                panic!("{text}: no instant");
            };
            assert_eq!(at, utc, "{text}");
        }
        // The evening of the 22nd in São Paulo, not the 23rd's night.
        assert_eq!(
            moment_in("2026-11-23T01:30:00Z", &sao_paulo),
            NaiveDate::from_ymd_opt(2026, 11, 22)
                .unwrap()
                .and_hms_opt(22, 30, 0)
        );
        assert_eq!(
            moment_in("2026-11-22 22:30:00", &sao_paulo),
            NaiveDate::from_ymd_opt(2026, 11, 22)
                .unwrap()
                .and_hms_opt(22, 30, 0),
            "a time without a zone is the deployment's own"
        );
    }

    /// The filter's day holds the point whether the deployment reads it in its zone or in UTC.
    #[test]
    fn the_filter_day_is_the_earlier_of_the_zones_and_utcs() {
        let day = |d| NaiveDate::from_ymd_opt(2026, 11, d).unwrap();
        let sao_paulo = FixedOffset::west_opt(3 * 3600).unwrap();
        let tokyo = FixedOffset::east_opt(9 * 3600).unwrap();
        let evening = day(22).and_hms_opt(22, 30, 0).unwrap();
        let morning = day(23).and_hms_opt(7, 0, 0).unwrap();
        assert_eq!(filter_day(evening, &sao_paulo), day(22));
        assert_eq!(filter_day(morning, &sao_paulo), day(23));
        assert_eq!(
            filter_day(morning, &tokyo),
            day(22),
            "22:00 UTC of the 22nd"
        );
    }

    #[test]
    fn dates_and_date_times_in_both_spellings() {
        let d = NaiveDate::from_ymd_opt(2024, 3, 9).unwrap();
        assert_eq!(when("2024-03-09"), Some(When::Date(d)));
        assert_eq!(when("09/03/2024"), Some(When::Date(d)));
        let t = d.and_hms_opt(14, 5, 7).unwrap();
        assert_eq!(when("2024-03-09 14:05:07"), Some(When::DateTime(t)));
        assert_eq!(when("2024-03-09T14:05:07"), Some(When::DateTime(t)));
        assert_eq!(when("09/03/2024 14:05:07"), Some(When::DateTime(t)));
        assert_eq!(
            when("09/03/2024 14:05"),
            Some(When::DateTime(d.and_hms_opt(14, 5, 0).unwrap()))
        );
        for text in [
            "2024-02-30",
            "31/04/2024",
            "2024/03/09",
            "09-03-2024",
            "2024-03-09 25:00:00",
            "2024-03-09 14:05:07.5",
            "2024-03-09T14:05:07 BRT",
            "20240309",
            "ORC-0000001",
            "São Paulo é",
        ] {
            assert_eq!(when(text), None, "{text}");
        }
    }
}
