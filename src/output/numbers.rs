//! Numbers and dates as they appear in cells: what counts as a plain decimal number, and which
//! texts are calendar dates or date-times. Shared by the Excel CSV dialect (decimal comma) and the
//! xlsx writer (typed cells).

use std::borrow::Cow;

use chrono::{NaiveDate, NaiveDateTime};

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
pub(crate) enum When {
    Date(NaiveDate),
    DateTime(NaiveDateTime),
}

/// `YYYY-MM-DD` or `DD/MM/YYYY`, optionally followed by ` HH:MM[:SS]` (or `T` before the time).
/// Only real calendar dates count; anything else (an offset, fractions of a second) stays text.
pub(crate) fn when(text: &str) -> Option<When> {
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
    let date = NaiveDate::parse_from_str(date, "%Y-%m-%d")
        .ok()
        .filter(|_| text.as_bytes()[4] == b'-')
        .or_else(|| {
            NaiveDate::parse_from_str(date, "%d/%m/%Y")
                .ok()
                .filter(|_| text.as_bytes()[2] == b'/')
        })?;
    if time.is_empty() {
        return Some(When::Date(date));
    }
    let time = time.strip_prefix([' ', 'T'])?;
    let format = if time.len() == 5 { "%H:%M" } else { "%H:%M:%S" };
    let time = chrono::NaiveTime::parse_from_str(time, format).ok()?;
    Some(When::DateTime(date.and_time(time)))
}

#[cfg(test)]
mod tests {
    use super::*;

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
            "2024-03-09T14:05:07Z",
            "2024-03-09 14:05:07.5",
            "20240309",
            "ORC-0000001",
            "São Paulo é",
        ] {
            assert_eq!(when(text), None, "{text}");
        }
    }
}
