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

/// `1234567` as `1,234,567`.
pub fn thousands(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::with_capacity(digits.len() + digits.len() / 3);
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// "1 record" / "1,234 records".
pub fn records(n: u64) -> String {
    let count = thousands(n);
    match plural(n) {
        Plural::One => format!("{count} record"),
        Plural::Other => format!("{count} records"),
    }
}

/// Progress against a known total: "1 of 1 record", "1,234 of 5,000 records".
pub fn records_of(done: u64, total: u64) -> String {
    let (d, t) = (thousands(done), thousands(total));
    match plural(total) {
        Plural::One => format!("{d} of {t} record"),
        Plural::Other => format!("{d} of {t} records"),
    }
}

/// What a walk read: "1 record from 1 page", "120 records from 3 pages".
pub fn records_from_pages(records: u64, pages: u64) -> String {
    let (r, p) = (thousands(records), thousands(pages));
    match (plural(records), plural(pages)) {
        (Plural::One, Plural::One) => format!("{r} record from {p} page"),
        (Plural::One, Plural::Other) => format!("{r} record from {p} pages"),
        (Plural::Other, Plural::One) => format!("{r} records from {p} page"),
        (Plural::Other, Plural::Other) => format!("{r} records from {p} pages"),
    }
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
}
