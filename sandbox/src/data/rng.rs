//! Deterministic randomness keyed by `(seed, kind, id, field)`, and compact day numbers.
//!
//! Every value of a record is a pure function of the seed and the record's id, so a
//! record can be regenerated at any time instead of being stored.

use chrono::{Datelike, NaiveDate};
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

pub fn date_of(day: Day) -> NaiveDate {
    epoch() + chrono::Duration::days(i64::from(day))
}

/// `YYYY-MM-DD`.
pub fn format_day(day: Day) -> String {
    let date = date_of(day);
    format!("{:04}-{:02}-{:02}", date.year(), date.month(), date.day())
}

/// `YYYY-MM-DD hh:mm:ss`, with the time of day taken from `seconds`.
pub fn format_timestamp(day: Day, seconds: u32) -> String {
    let seconds = seconds % 86_400;
    format!(
        "{} {:02}:{:02}:{:02}",
        format_day(day),
        seconds / 3600,
        seconds / 60 % 60,
        seconds % 60
    )
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

    #[test]
    fn days_round_trip_through_text() {
        let d = day(2024, 2, 29);
        assert_eq!(format_day(d), "2024-02-29");
        assert_eq!(day_of(parse_date("2024-02-29").unwrap()), i64::from(d));
        assert_eq!(format_timestamp(d, 3661), "2024-02-29 01:01:01");
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
