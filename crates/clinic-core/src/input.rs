//! Normalisers for what people type: phones, dates, e-mails, IDs. Each returns a typed value or an
//! [`Error::Invalid`] that names the field, shows what was given and says what is expected, so bad input
//! stops before anything is sent. Each endpoint then writes the value in its own format.

use chrono::NaiveDate;

use crate::error::{Error, Result};

/// A Brazilian phone number: area code (2 digits) + 8 or 9 digits, country code stripped.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Phone {
    digits: String,
}

impl Phone {
    /// Accepts any common spelling: digits with or without `+55`/`55`, spaces, dots, dashes, parentheses,
    /// and a leading trunk `0` (`016 ...`).
    pub fn parse(field: &str, raw: &str) -> Result<Phone> {
        let trimmed = raw.trim();
        let allowed = |c: char| c.is_ascii_digit() || " ()-.+/".contains(c);
        if trimmed.is_empty() || !trimmed.chars().all(allowed) || trimmed[1..].contains('+') {
            return Err(Error::invalid(field, raw, &crate::t!("input-phone")));
        }
        let mut digits: String = trimmed.chars().filter(char::is_ascii_digit).collect();
        if trimmed.starts_with('+') {
            match digits.strip_prefix("55") {
                Some(rest) => digits = rest.to_string(),
                None => return Err(Error::invalid(field, raw, &crate::t!("input-phone-brazil"))),
            }
        } else if (digits.len() == 12 || digits.len() == 13) && digits.starts_with("55") {
            digits.drain(..2);
        } else if (digits.len() == 11 || digits.len() == 12) && digits.starts_with('0') {
            digits.drain(..1);
        }
        let area_ok = digits.len() >= 2 && !digits.starts_with('0') && digits.as_bytes()[1] != b'0';
        if !(digits.len() == 10 || digits.len() == 11) || !area_ok {
            return Err(Error::invalid(field, raw, &crate::t!("input-phone")));
        }
        Ok(Phone { digits })
    }

    /// Area code + number, digits only (`16992640197`): the `lista_cliente` filter format.
    pub fn digits(&self) -> &str {
        &self.digits
    }

    /// `(DD) DDDDD-DDDD`, the only spelling `cadastraCliente` accepts; it needs a 9-digit (mobile) number.
    pub fn formatted_mobile(&self, field: &str) -> Result<String> {
        if self.digits.len() != 11 {
            return Err(Error::invalid(
                field,
                &self.digits,
                &crate::t!("input-mobile"),
            ));
        }
        let d = &self.digits;
        Ok(format!("({}) {}-{}", &d[..2], &d[2..7], &d[7..]))
    }

    /// `+55` + digits (`+5516992640197`): the CRM automation format.
    pub fn e164(&self) -> String {
        format!("+55{}", self.digits)
    }
}

/// A calendar date typed as `YYYY-MM-DD` or `DD/MM/YYYY`; written back as the service's SQL date.
pub fn date(field: &str, raw: &str) -> Result<NaiveDate> {
    let s = raw.trim();
    let parsed = if s.contains('/') {
        NaiveDate::parse_from_str(s, "%d/%m/%Y")
    } else {
        NaiveDate::parse_from_str(s, "%Y-%m-%d")
    };
    match parsed {
        Ok(d) if (1900..=2200).contains(&chrono::Datelike::year(&d)) => Ok(d),
        _ => Err(Error::invalid(field, raw, &crate::t!("input-date"))),
    }
}

/// A birth date: a [`date`] that is not after `today`, the day in the profile's time zone (the
/// caller's `relative_date::today`, as `--today` names it), never the machine's: a laptop abroad is
/// on another day than the clinic. A date in the future is a typing slip (the year, most often) that
/// the service would store without complaint.
pub fn birth_date(field: &str, raw: &str, today: NaiveDate) -> Result<NaiveDate> {
    birth_date_on(field, raw, today)
}

fn birth_date_on(field: &str, raw: &str, today: NaiveDate) -> Result<NaiveDate> {
    let d = match short_year_date(raw, today) {
        Some(d) => d,
        None => date(field, raw)?,
    };
    if d > today {
        return Err(Error::invalid(
            field,
            raw,
            &crate::t!("input-birth-date", today = people_date(today)),
        ));
    }
    Ok(d)
}

/// `D/M/YY` (`1/2/90`), as people write a birth date by hand: the two-digit year is the most recent
/// year ending in those digits that puts the day on or before today (`1/2/90` is 01/02/1990, `1/2/20`
/// is 01/02/2020). Any other spelling is not this one.
fn short_year_date(raw: &str, today: NaiveDate) -> Option<NaiveDate> {
    let parts: Vec<&str> = raw.trim().split('/').collect();
    let [day, month, year] = parts.as_slice() else {
        return None;
    };
    let digits = |s: &str, max: usize| {
        (!s.is_empty() && s.len() <= max && s.bytes().all(|b| b.is_ascii_digit()))
            .then(|| s.parse::<u32>().ok())
            .flatten()
    };
    let (day, month) = (digits(day, 2)?, digits(month, 2)?);
    if year.len() != 2 {
        return None;
    }
    let short = digits(year, 2)? as i32;
    let century = chrono::Datelike::year(&today) / 100 * 100;
    [century + short, century - 100 + short]
        .into_iter()
        .filter_map(|y| NaiveDate::from_ymd_opt(y, month, day))
        .find(|d| *d <= today)
}

/// A date as people read it in the interface's language: `2024-05-10` in English (as they type it),
/// `10/05/2024` in Portuguese.
pub fn people_date(d: NaiveDate) -> String {
    match crate::text::i18n::current() {
        crate::text::i18n::Lang::En => sql_date(d),
        crate::text::i18n::Lang::PtBr => d.format("%d/%m/%Y").to_string(),
    }
}

/// The SQL date the service expects.
pub fn sql_date(d: NaiveDate) -> String {
    d.format("%Y-%m-%d").to_string()
}

/// The longest name accepted (a contact's, a lead's first or last name).
pub const NAME_MAX: usize = 200;
/// The longest e-mail address accepted (RFC 5321's limit), and of its part before the `@`.
pub const EMAIL_MAX: usize = 254;
pub const EMAIL_LOCAL_MAX: usize = 64;
/// The longest note accepted.
pub const NOTE_MAX: usize = 4000;

/// Characters that take no room on screen: a value made only of them looks empty.
fn is_zero_width(c: char) -> bool {
    matches!(
        c,
        '\u{200b}'..='\u{200d}' | '\u{2060}' | '\u{feff}' | '\u{00ad}' | '\u{180e}'
    )
}

/// The rules every typed text keeps: no control characters (C0, DEL, C1; a line break only where
/// `line_breaks`), no bidirectional marks or overrides, something visible, and at most `max`
/// characters. The error names the field, shows what was given and says which rule it broke.
fn plain_text(field: &str, raw: &str, value: &str, max: usize, line_breaks: bool) -> Result<()> {
    let refuse = |expected: String| Err(Error::invalid(field, raw, &expected));
    if value
        .chars()
        .any(|c| c.is_control() && !(line_breaks && c == '\n'))
    {
        return refuse(if line_breaks {
            crate::t!("input-no-controls-but-newline")
        } else {
            crate::t!("input-no-controls")
        });
    }
    if value.chars().any(crate::text::sanitize::is_bidi_control) {
        return refuse(crate::t!("input-no-bidi"));
    }
    if !value.is_empty() && value.chars().all(|c| is_zero_width(c) || c.is_whitespace()) {
        return refuse(crate::t!("input-visible"));
    }
    let count = value.chars().count();
    if count > max {
        return refuse(crate::t!(
            "input-at-most",
            max = max as u64,
            count = count as u64
        ));
    }
    Ok(())
}

/// A person's name (or a part of it): non-empty, trimmed, plain text of at most [`NAME_MAX`]
/// characters.
pub fn name(field: &str, raw: &str) -> Result<String> {
    let s = raw.trim();
    if s.is_empty() {
        return Err(Error::invalid(field, raw, &crate::t!("input-text")));
    }
    plain_text(field, raw, s, NAME_MAX, false)?;
    Ok(s.to_string())
}

/// A contact's name (or a part of it), as stored by the service: a [`name`] that does not start with
/// `=`, `+`, `-` or `@`. The service's own exports open in spreadsheets, which read such a cell as a
/// formula (`=HYPERLINK(…)`), so it is refused here rather than stored.
pub fn contact_name(field: &str, raw: &str) -> Result<String> {
    let s = name(field, raw)?;
    if s.starts_with(['=', '+', '-', '@']) {
        return Err(Error::invalid(
            field,
            raw,
            &crate::t!("input-no-formula-start"),
        ));
    }
    Ok(s)
}

/// A note: plain text of at most [`NOTE_MAX`] characters, where line breaks are allowed (a Windows
/// `\r\n` becomes `\n`).
pub fn note(field: &str, raw: &str) -> Result<String> {
    let s = raw.replace("\r\n", "\n");
    let s = s.trim();
    plain_text(field, raw, s, NOTE_MAX, true)?;
    Ok(s.to_string())
}

/// An e-mail address as an addr-spec alone (`maria@example.com`): a dot-atom before the `@` of at
/// most [`EMAIL_LOCAL_MAX`] characters, a domain of at least two dotted labels, at most
/// [`EMAIL_MAX`] characters of plain text. A display name or angle brackets (`<a@b.c>`,
/// `Maria <a@b.c>`) are refused with their own message; quoted local parts and address literals,
/// which no contact form takes, are refused too. Letters beyond ASCII are allowed (RFC 6531).
pub fn email(field: &str, raw: &str) -> Result<String> {
    let s = raw.trim();
    plain_text(field, raw, s, EMAIL_MAX, false)?;
    if s.contains(['<', '>']) {
        return Err(Error::invalid(field, raw, &crate::t!("input-email-bare")));
    }
    let ok = match s.split_once('@') {
        Some((local, domain)) => {
            local.chars().count() <= EMAIL_LOCAL_MAX
                && dot_atom(local, |c| {
                    c.is_ascii_alphanumeric() || "!#$%&'*+-/=?^_`{|}~".contains(c) || !c.is_ascii()
                })
                && domain.contains('.')
                && dot_atom(domain, |c| c.is_alphanumeric() || c == '-')
                && domain
                    .split('.')
                    .all(|label| !label.starts_with('-') && !label.ends_with('-'))
        }
        None => false,
    };
    if ok {
        Ok(s.to_string())
    } else {
        Err(Error::invalid(field, raw, &crate::t!("input-email")))
    }
}

/// Non-empty parts of characters `allowed` joined by single dots, none at either end.
fn dot_atom(text: &str, allowed: impl Fn(char) -> bool) -> bool {
    text.split('.')
        .all(|part| !part.is_empty() && part.chars().all(&allowed))
}

/// A positive integer ID.
pub fn id(field: &str, raw: &str) -> Result<u64> {
    match raw.trim().parse::<u64>() {
        Ok(n) if n > 0 => Ok(n),
        _ => Err(Error::invalid(field, raw, &crate::t!("input-id"))),
    }
}

/// A non-empty, trimmed text value.
pub fn text(field: &str, raw: &str) -> Result<String> {
    let s = raw.trim();
    if s.is_empty() {
        Err(Error::invalid(field, raw, &crate::t!("input-text")))
    } else {
        Ok(s.to_string())
    }
}

/// Splits `KEY=VALUE` (query parameters, CRM fields).
pub fn key_value(field: &str, raw: &str) -> Result<(String, String)> {
    match raw.split_once('=') {
        Some((k, v)) if !k.trim().is_empty() => Ok((k.trim().to_string(), v.to_string())),
        _ => Err(Error::invalid(field, raw, &crate::t!("input-key-value"))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_emails_and_notes_are_plain_visible_text_of_bounded_length() {
        assert_eq!(name("--name", "  Maria José ").unwrap(), "Maria José");
        assert_eq!(
            note("--note", "liga\r\nde manhã").unwrap(),
            "liga\nde manhã"
        );
        for bad in [
            "Ana\u{1b}[31m",
            "Ana\u{7}",
            "Ana\rBia",
            "Ana\nBia",
            "Ana\u{7f}",
            "Ana\u{9b}",
            "\u{202e}anA",
            "Ana\u{2066}",
            "\u{200b}\u{200d}",
            "\u{feff}",
        ] {
            assert!(name("--name", bad).is_err(), "{bad:?}");
            assert!(
                note("--note", bad).is_err() || bad.contains('\n'),
                "{bad:?}"
            );
        }
        assert!(name("--name", &"a".repeat(NAME_MAX)).is_ok());
        let long = name("--name", &"a".repeat(NAME_MAX + 1))
            .unwrap_err()
            .to_string();
        assert!(
            long.contains("--name") && long.contains("at most 200 characters (this has 201)"),
            "{long}"
        );
        assert!(note("--note", &"a".repeat(NOTE_MAX + 1)).is_err());
        assert!(email("--email", &format!("{}@example.com", "a".repeat(65))).is_err());
        assert!(email("--email", &format!("a@{}.com", "b".repeat(250))).is_err());
        assert!(email("--email", "ana\u{202e}@example.com").is_err());
        let e = name("--name", "Ana\u{1b}").unwrap_err().to_string();
        assert!(
            e.contains("--name") && e.contains("control characters"),
            "{e}"
        );
    }

    #[test]
    fn phones_in_common_spellings() {
        for raw in [
            "16992640197",
            "(16) 99264-0197",
            "+55 16 99264-0197",
            "+5516992640197",
            "5516992640197",
            "016 99264 0197",
            "16.99264.0197",
        ] {
            let p = Phone::parse("--phone", raw).unwrap();
            assert_eq!(p.digits(), "16992640197", "{raw}");
            assert_eq!(p.formatted_mobile("--phone").unwrap(), "(16) 99264-0197");
            assert_eq!(p.e164(), "+5516992640197");
        }
        assert_eq!(
            Phone::parse("--phone", "(17) 3212-1211").unwrap().digits(),
            "1732121211"
        );
    }

    #[test]
    fn bad_phones_name_the_field() {
        for raw in [
            "",
            "123",
            "abc",
            "+1 415 555 0100",
            "00992640197",
            "1699264019712345",
            "16 9926+40197",
        ] {
            let e = Phone::parse("--phone", raw).unwrap_err().to_string();
            assert!(e.starts_with("invalid --phone: got "), "{e}");
        }
        let landline = Phone::parse("--phone", "1732121211").unwrap();
        assert!(landline.formatted_mobile("--phone").is_err());
    }

    #[test]
    fn dates_both_spellings_and_real() {
        assert_eq!(
            sql_date(date("--from", "2024-02-29").unwrap()),
            "2024-02-29"
        );
        assert_eq!(
            sql_date(date("--from", "29/02/2024").unwrap()),
            "2024-02-29"
        );
        for raw in [
            "2023-02-29",
            "31/04/2024",
            "2024-13-01",
            "yesterday",
            "24-01-01",
            "",
        ] {
            let e = date("--from", raw).unwrap_err().to_string();
            assert!(e.contains("--from") && e.contains("YYYY-MM-DD"), "{e}");
        }
    }

    #[test]
    fn birth_dates_are_not_in_the_future() {
        let today = NaiveDate::from_ymd_opt(2024, 5, 10).unwrap();
        for raw in ["2024-05-10", "10/05/2024", "1990-04-23"] {
            assert!(birth_date_on("--birth-date", raw, today).is_ok(), "{raw}");
        }
        for raw in ["2024-05-11", "11/05/2024", "2099-01-01"] {
            let e = birth_date_on("--birth-date", raw, today)
                .unwrap_err()
                .to_string();
            assert_eq!(
                e,
                format!(
                    "invalid --birth-date: got {raw:?}, expected a birth date that is not in the future (today is 2024-05-10)"
                )
            );
        }
        // A two-digit year is the most recent that keeps the day in the past.
        for (raw, expected) in [
            ("1/2/90", (1990, 2, 1)),
            ("01/02/24", (2024, 2, 1)),
            ("11/05/24", (1924, 5, 11)),
            ("9/5/00", (2000, 5, 9)),
        ] {
            let (y, m, d) = expected;
            assert_eq!(
                birth_date_on("--birth-date", raw, today).unwrap(),
                NaiveDate::from_ymd_opt(y, m, d).unwrap(),
                "{raw}"
            );
        }
        assert!(birth_date_on("--birth-date", "31/2/90", today).is_err());
        // Not a date at all: the date's own message.
        let e = birth_date_on("--birth-date", "31/02/1990", today)
            .unwrap_err()
            .to_string();
        assert!(e.contains("YYYY-MM-DD"), "{e}");
    }

    #[test]
    fn emails_are_an_addr_spec_alone() {
        for good in [
            " a.b@c.com.br ",
            "maria+vip@example.com",
            "o'neil@exemplo.com.br",
            "joão@exemplo.com.br",
            "a@sub-domínio.example",
        ] {
            assert_eq!(email("--email", good).unwrap(), good.trim(), "{good}");
        }
        for raw in [
            "a",
            "a@b",
            "@b.com",
            "a b@c.com",
            "a@@b.com",
            "a@b..com",
            ".a@b.com",
            "a.@b.com",
            "a..b@c.com",
            "\"a b\"@c.com",
            "a@[10.0.0.1]",
            "a,b@c.com",
            "a@-b.com",
            "a@b-.com",
            "a@b_c.com",
        ] {
            let e = email("--email", raw).unwrap_err().to_string();
            assert!(
                e.contains("--email") && e.contains("maria@example.com"),
                "{e}"
            );
        }
        for bracketed in ["<a@b.c>", "Maria <a@b.c>", "a@b.c>"] {
            let e = email("--email", bracketed).unwrap_err().to_string();
            assert!(e.contains("--email") && e.contains("angle brackets"), "{e}");
        }
    }

    #[test]
    fn contact_names_never_start_like_a_formula() {
        assert_eq!(
            contact_name("--name", " Maria-José ").unwrap(),
            "Maria-José"
        );
        for bad in ["=HYPERLINK(\"x\")", "+55", "-1", "@SUM(A1)", "  =1"] {
            let e = contact_name("--name", bad).unwrap_err().to_string();
            assert!(e.contains("--name") && e.contains("formula"), "{bad}: {e}");
        }
        // A search by name is no stored name.
        assert!(name("--name", "=x").is_ok());
    }

    #[test]
    fn ids() {
        assert_eq!(id("--id", " 12 ").unwrap(), 12);
        assert!(id("--id", "0").is_err());
        assert!(id("--id", "x").is_err());
    }
}
