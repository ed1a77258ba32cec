//! Deterministic randomness keyed by `(seed, kind, id, field)`, and compact day numbers.
//!
//! Every value of a record is a pure function of the seed and the record's id, so a
//! record can be regenerated at any time instead of being stored.

use chrono::NaiveDate;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

/// Record kinds, mixed into every key so that equal ids of different kinds differ.
#[derive(Clone, Copy)]
pub enum Kind {
    Quote = 1,
    Appointment = 2,
    Contact = 3,
    Layout = 4,
}

/// SplitMix64 finaliser: cheap, well spread, good enough for test data.
fn splitmix(mut z: u64) -> u64 {
    z = z.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// One well-mixed 64-bit value for a field of a record.
pub fn mix(seed: u64, kind: Kind, id: u64, field: u64) -> u64 {
    splitmix(splitmix(splitmix(seed ^ ((kind as u64) << 56)) ^ id) ^ field)
}

/// A value in `0..n` for a field of a record (`n` > 0).
pub fn pick(seed: u64, kind: Kind, id: u64, field: u64, n: u64) -> u64 {
    mix(seed, kind, id, field) % n
}

/// A stream of randomness for the free-text parts of one record.
pub fn record_rng(seed: u64, kind: Kind, id: u64, stream: u64) -> ChaCha8Rng {
    ChaCha8Rng::seed_from_u64(mix(seed, kind, id, 0xC0FF_EE00 + stream))
}

/// Index into `weights` chosen by `roll` in proportion to the weights.
pub fn weighted(roll: u64, weights: &[u64]) -> usize {
    let total: u64 = weights.iter().sum();
    let mut point = roll % total;
    for (index, weight) in weights.iter().enumerate() {
        if point < *weight {
            return index;
        }
        point -= weight;
    }
    weights.len() - 1
}

/// Dates are kept as days since 1900-01-01 in a `u16` (until 2079), 0 meaning "none"
/// where a date is optional.
pub type Day = u16;

fn epoch() -> NaiveDate {
    NaiveDate::from_ymd_opt(1900, 1, 1).expect("valid epoch")
}

pub fn day_of(date: NaiveDate) -> i64 {
    (date - epoch()).num_days()
}

pub fn day(year: i32, month: u32, dom: u32) -> Day {
    let date = NaiveDate::from_ymd_opt(year, month, dom).expect("valid constant date");
    day_of(date) as Day
}

/// Days from 1900-01-01 back to 0000-03-01 of the proleptic Gregorian calendar, where
/// `civil` counts from.
const EPOCH_FROM_MARCH_0000: i64 = 693_901;

/// The (year, month, day) of `day`, by arithmetic alone: lists write several dates per record
/// on every page, and going through a calendar type for each cost a visible share of a page.
/// Same dates as the calendar's (a test walks every `Day`).
pub fn civil(day: Day) -> (u32, u32, u32) {
    // Hinnant's days-to-civil on eras of 400 years starting on March 1st.
    let z = i64::from(day) + EPOCH_FROM_MARCH_0000;
    let era = z / 146_097;
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let dom = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    (year as u32, month as u32, dom as u32)
}

/// Appends `value` in decimal, zero-padded to at least `width` digits (as `{:0width$}`).
pub fn push_padded(out: &mut String, value: u64, width: usize) {
    let mut digits = [0u8; 20];
    let mut at = digits.len();
    let mut rest = value;
    loop {
        at -= 1;
        digits[at] = b'0' + (rest % 10) as u8;
        rest /= 10;
        if rest == 0 {
            break;
        }
    }
    for _ in (digits.len() - at)..width {
        out.push('0');
    }
    for &digit in &digits[at..] {
        out.push(char::from(digit));
    }
}

fn push_day(out: &mut String, day: Day) {
    let (year, month, dom) = civil(day);
    push_padded(out, u64::from(year), 4);
    out.push('-');
    push_padded(out, u64::from(month), 2);
    out.push('-');
    push_padded(out, u64::from(dom), 2);
}

/// `YYYY-MM-DD`.
pub fn format_day(day: Day) -> String {
    let mut out = String::with_capacity(10);
    push_day(&mut out, day);
    out
}

/// `YYYY-MM-DD hh:mm:ss`, with the time of day taken from `seconds`.
pub fn format_timestamp(day: Day, seconds: u32) -> String {
    let seconds = seconds % 86_400;
    let mut out = String::with_capacity(19);
    push_day(&mut out, day);
    out.push(' ');
    push_padded(&mut out, u64::from(seconds / 3600), 2);
    out.push(':');
    push_padded(&mut out, u64::from(seconds / 60 % 60), 2);
    out.push(':');
    push_padded(&mut out, u64::from(seconds % 60), 2);
    out
}

/// Today and the current local time as `YYYY-MM-DD hh:mm:ss`, for records writes make.
pub fn now() -> (Day, String) {
    let now = chrono::Local::now().naive_local();
    let today = day_of(now.date()).clamp(0, i64::from(Day::MAX)) as Day;
    (today, now.format("%Y-%m-%d %H:%M:%S").to_string())
}

/// A strict `YYYY-MM-DD` that names a real calendar date.
pub fn parse_date(text: &str) -> Option<NaiveDate> {
    let bytes = text.as_bytes();
    let shape_ok = bytes.len() == 10
        && bytes[4] == b'-'
        && bytes[7] == b'-'
        && bytes
            .iter()
            .enumerate()
            .all(|(i, b)| i == 4 || i == 7 || b.is_ascii_digit());
    if !shape_ok {
        return None;
    }
    NaiveDate::parse_from_str(text, "%Y-%m-%d").ok()
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::Datelike;

    fn date_of(day: Day) -> NaiveDate {
        epoch() + chrono::Duration::days(i64::from(day))
    }

    #[test]
    fn days_round_trip_through_text() {
        let d = day(2024, 2, 29);
        assert_eq!(format_day(d), "2024-02-29");
        assert_eq!(day_of(parse_date("2024-02-29").unwrap()), i64::from(d));
        assert_eq!(format_timestamp(d, 3661), "2024-02-29 01:01:01");
    }

    #[test]
    fn every_day_is_written_as_the_calendar_writes_it() {
        for d in 0..=Day::MAX {
            let date = date_of(d);
            let expected = format!("{:04}-{:02}-{:02}", date.year(), date.month(), date.day());
            assert_eq!(format_day(d), expected, "day {d}");
        }
        assert_eq!(format_timestamp(0, 86_399), "1900-01-01 23:59:59");
        assert_eq!(
            format_timestamp(Day::MAX, 86_400 + 59),
            "2079-06-06 00:00:59"
        );
    }

    #[test]
    fn padding_matches_the_format_width() {
        for (value, width) in [
            (0u64, 7usize),
            (42, 7),
            (1_234_567, 7),
            (123_456_789, 7),
            (5, 0),
        ] {
            let mut out = String::new();
            push_padded(&mut out, value, width);
            assert_eq!(out, format!("{value:0width$}"));
        }
    }

    #[test]
    fn only_real_padded_dates_parse() {
        assert!(parse_date("2023-02-29").is_none());
        assert!(parse_date("2024-2-09").is_none());
        assert!(parse_date("24-02-09xx").is_none());
        assert!(parse_date("2024-12-31").is_some());
    }

    #[test]
    fn weighted_choice_follows_weights() {
        assert_eq!(weighted(0, &[1, 0, 5]), 0);
        assert_eq!(weighted(1, &[1, 0, 5]), 2);
        assert_eq!(weighted(6, &[1, 0, 5]), 0);
    }
}
