//! Numbers in messages: digit grouping (`1,234`) and the plural category that picks which whole message
//! to show ("1 record" or "2 records"). Messages stay whole format strings, one per category, so each
//! can be translated as it is.

/// The plural category of a count, by English rules: one for exactly 1, other for every other count.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Plural {
    One,
    Other,
}

pub fn plural(n: u64) -> Plural {
    if n == 1 { Plural::One } else { Plural::Other }
}

/// `1234567` as `1,234,567` (English) or `1.234.567` (Portuguese).
pub fn thousands(n: u64) -> String {
    let separator = match crate::text::i18n::current() {
        crate::text::i18n::Lang::En => ',',
        crate::text::i18n::Lang::PtBr => '.',
    };
    let digits = n.to_string();
    let mut out = String::with_capacity(digits.len() + digits.len() / 3);
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(separator);
        }
        out.push(c);
    }
    out
}

/// "1 record" / "1,234 records".
pub fn records(n: u64) -> String {
    crate::t!("count-records", count = n, shown = thousands(n))
}

/// Progress against a known total: "1 of 1 record", "1,234 of 5,000 records".
pub fn records_of(done: u64, total: u64) -> String {
    crate::t!(
        "count-records-of",
        count = total,
        done = thousands(done),
        shown = thousands(total)
    )
}

/// What a walk read: "1 record from 1 page", "120 records from 3 pages".
pub fn records_from_pages(records: u64, pages: u64) -> String {
    crate::t!(
        "count-records-from-pages",
        records = records,
        records_shown = thousands(records),
        pages = pages,
        pages_shown = thousands(pages)
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn digits_are_grouped_by_three() {
        assert_eq!(thousands(0), "0");
        assert_eq!(thousands(999), "999");
        assert_eq!(thousands(1000), "1,000");
        assert_eq!(thousands(1234567), "1,234,567");
    }

    #[test]
    fn counts_agree_with_their_nouns() {
        assert_eq!(records(1), "1 record");
        assert_eq!(records(0), "0 records");
        assert_eq!(records(1234), "1,234 records");
        assert_eq!(records_from_pages(1, 1), "1 record from 1 page");
        assert_eq!(records_from_pages(120, 3), "120 records from 3 pages");
    }

    #[test]
    fn portuguese_counts_agree_with_their_nouns() {
        use crate::text::i18n::{Lang, Value, text_in};
        let text = |key: &str, args: &[(&'static str, Value<'_>)]| text_in(Lang::PtBr, key, args);
        let one = [("count", Value::from(1u64)), ("shown", Value::from("1"))];
        assert_eq!(text("count-records", &one), "1 registro");
        let none = [("count", Value::from(0u64)), ("shown", Value::from("0"))];
        assert_eq!(text("count-records", &none), "0 registros");
        let many = [
            ("count", Value::from(5000u64)),
            ("done", Value::from("1.234")),
            ("shown", Value::from("5.000")),
        ];
        assert_eq!(text("count-records-of", &many), "1.234 de 5.000 registros");
        let pages = [
            ("records", Value::from(1u64)),
            ("records_shown", Value::from("1")),
            ("pages", Value::from(1u64)),
            ("pages_shown", Value::from("1")),
        ];
        assert_eq!(
            text("count-records-from-pages", &pages),
            "1 registro em 1 página"
        );
    }
}
