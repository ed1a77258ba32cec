//! Value conventions shared by the store, the Bitrix methods and the webhook: how Bitrix spells
//! dates, how phones and e-mails are compared, how loose JSON values read as text.

use chrono::{DateTime, FixedOffset, NaiveDate, NaiveDateTime, NaiveTime, TimeZone, Utc};
use serde_json::Value;

/// The portal's time zone (Brasília, no daylight saving since 2019).
pub fn portal_offset() -> FixedOffset {
    FixedOffset::west_opt(3 * 3600).expect("valid offset")
}

/// Bitrix writes date-times as ISO 8601 with the portal's offset: `2024-03-05T14:22:10-03:00`.
pub fn format_datetime(local: NaiveDateTime) -> String {
    portal_offset()
        .from_local_datetime(&local)
        .single()
        .expect("fixed offsets have no gaps")
        .to_rfc3339_opts(chrono::SecondsFormat::Secs, false)
}

/// Dates (e.g. `BIRTHDATE`) come back as midnight of that day.
pub fn format_date(date: NaiveDate) -> String {
    format_datetime(date.and_time(NaiveTime::MIN))
}

pub fn now_datetime() -> String {
    Utc::now()
        .with_timezone(&portal_offset())
        .to_rfc3339_opts(chrono::SecondsFormat::Secs, false)
}

/// Reads a date or date-time the way Bitrix filters accept them (ISO with or without offset,
/// `DD.MM.YYYY`, `DD/MM/YYYY`, optionally with a time); naive values are portal time.
/// Returns the instant as Unix seconds so values with different offsets compare correctly.
pub fn parse_instant(text: &str) -> Option<i64> {
    let text = text.trim();
    if let Ok(dt) = DateTime::parse_from_rfc3339(text) {
        return Some(dt.timestamp());
    }
    const DATETIMES: &[&str] = &[
        "%Y-%m-%dT%H:%M:%S",
        "%Y-%m-%d %H:%M:%S",
        "%Y-%m-%d %H:%M",
        "%d.%m.%Y %H:%M:%S",
        "%d.%m.%Y %H:%M",
        "%d/%m/%Y %H:%M:%S",
        "%d/%m/%Y %H:%M",
    ];
    const DATES: &[&str] = &["%Y-%m-%d", "%d.%m.%Y", "%d/%m/%Y"];
    let local = DATETIMES
        .iter()
        .find_map(|f| NaiveDateTime::parse_from_str(text, f).ok())
        .or_else(|| {
            DATES
                .iter()
                .find_map(|f| NaiveDate::parse_from_str(text, f).ok())
                .map(|d| d.and_time(NaiveTime::MIN))
        })?;
    portal_offset()
        .from_local_datetime(&local)
        .single()
        .map(|dt| dt.timestamp())
}

/// A calendar date from any of the spellings `parse_instant` accepts.
pub fn parse_date(text: &str) -> Option<NaiveDate> {
    let secs = parse_instant(text)?;
    DateTime::from_timestamp(secs, 0).map(|dt| dt.with_timezone(&portal_offset()).date_naive())
}

/// A scalar JSON value as the text Bitrix would have received in a form field.
pub fn value_text(value: &Value) -> String {
    match value {
        Value::Null => String::new(),
        Value::String(s) => s.clone(),
        Value::Bool(b) => if *b { "Y" } else { "N" }.to_string(),
        Value::Number(n) => n.to_string(),
        other => other.to_string(),
    }
}

/// The key under which two spellings of one phone number meet: its digits.
pub fn phone_key(phone: &str) -> String {
    phone.chars().filter(char::is_ascii_digit).collect()
}

/// E-mail addresses compare without case and surrounding spaces.
pub fn email_key(email: &str) -> String {
    email.trim().to_lowercase()
}

/// A pragmatic e-mail check: one `@`, a non-empty local part, a dotted domain of non-empty
/// labels, no spaces or control characters.
pub fn is_email(text: &str) -> bool {
    let Some((local, domain)) = text.split_once('@') else {
        return false;
    };
    let clean = |s: &str| !s.is_empty() && !s.chars().any(|c| c.is_whitespace() || c.is_control());
    clean(local)
        && clean(domain)
        && !domain.contains('@')
        && domain.contains('.')
        && domain
            .split('.')
            .all(|label| !label.is_empty() && !label.starts_with('-') && !label.ends_with('-'))
}

/// Lower-case ASCII letters for accented Portuguese ones, so `criação` and `criacao` meet.
pub fn fold_ascii(text: &str) -> String {
    text.chars()
        .flat_map(char::to_lowercase)
        .map(|c| match c {
            'á' | 'à' | 'â' | 'ã' | 'ä' => 'a',
            'é' | 'è' | 'ê' | 'ë' => 'e',
            'í' | 'ì' | 'î' | 'ï' => 'i',
            'ó' | 'ò' | 'ô' | 'õ' | 'ö' => 'o',
            'ú' | 'ù' | 'û' | 'ü' => 'u',
            'ç' => 'c',
            'ñ' => 'n',
            other => other,
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates_round_trip_in_portal_time() {
        let dt = NaiveDateTime::parse_from_str("2024-03-05 14:22:10", "%Y-%m-%d %H:%M:%S").unwrap();
        let text = format_datetime(dt);
        assert_eq!(text, "2024-03-05T14:22:10-03:00");
        let secs = parse_instant(&text).unwrap();
        assert_eq!(parse_instant("2024-03-05 14:22:10"), Some(secs));
        assert_eq!(parse_instant("05.03.2024 14:22:10"), Some(secs));
        assert_eq!(parse_instant("2024-03-05T17:22:10Z"), Some(secs));
        assert_eq!(parse_instant("05/03/2024"), parse_instant("2024-03-05"));
        assert_eq!(parse_instant("2024-02-30"), None);
        assert_eq!(
            parse_date("1990-05-12T00:00:00-03:00").unwrap().to_string(),
            "1990-05-12"
        );
    }

    #[test]
    fn email_check() {
        assert!(is_email("ana.souza+crm@exemplo.com.br"));
        for bad in [
            "",
            "ana",
            "ana@",
            "@x.com",
            "ana@x",
            "a b@x.com",
            "a@b@x.com",
            "a@x..com",
        ] {
            assert!(!is_email(bad), "{bad}");
        }
    }

    #[test]
    fn folding_and_keys() {
        assert_eq!(fold_ascii("Data hora de CRIAÇÃO"), "data hora de criacao");
        assert_eq!(phone_key("+55 (16) 99264-0197"), "5516992640197");
        assert_eq!(email_key(" Ana@Exemplo.COM "), "ana@exemplo.com");
    }
}
