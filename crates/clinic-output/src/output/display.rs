//! A table cell as people read it in the interface's language: money as `R$ 12.345,67` (English
//! `12,345.67`), other decimals with grouped digits, dates as `DD/MM/AAAA` in Portuguese (ISO in
//! English), and whether the cell is a number, so that its column is right-aligned. Only tables for
//! people are written this way; CSV, JSON and xlsx keep every value as the service sent it.

use std::str::FromStr;

use rust_decimal::Decimal;

use super::numbers::{self, When};
use crate::text::i18n::Lang;

/// What a cell shows and whether it is a number.
#[derive(Debug, PartialEq, Eq)]
pub(crate) struct Shown {
    pub text: String,
    pub numeric: bool,
}

/// `text`, the value of `column`, as the table in `lang` shows it.
pub(crate) fn cell(column: &str, text: &str, lang: Lang) -> Shown {
    let brazilian = lang == Lang::PtBr;
    let integer = is_integer(text);
    if integer || numbers::is_plain_decimal(text) {
        let number = Decimal::from_str(text.trim_start_matches('+')).ok();
        let text = match number {
            Some(amount) if crate::money::is_money_column(column) => {
                if brazilian {
                    crate::money::brl(amount)
                } else {
                    crate::money::english(amount)
                }
            }
            // An ID, a code or a phone keeps its digits as they are.
            Some(number) if !integer => crate::money::digits_grouped(number, brazilian),
            _ => text.to_string(),
        };
        return Shown {
            text,
            numeric: true,
        };
    }
    // A time with its zone shows as the wall time of the profile's zone, as times without one are.
    let text = match numbers::when(text) {
        Some(when) if brazilian => brazilian_date(when.in_profile_zone(), text),
        Some(when @ When::Instant(_)) => when
            .wall_in(&clinic_core::relative_date::zone())
            .format("%Y-%m-%d %H:%M:%S")
            .to_string(),
        _ => text.to_string(),
    };
    Shown {
        text,
        numeric: false,
    }
}

/// Digits with an optional sign, short enough to be a count or an ID rather than a code kept as text.
fn is_integer(text: &str) -> bool {
    let digits = text.strip_prefix(['-', '+']).unwrap_or(text);
    !digits.is_empty() && digits.len() <= 18 && digits.bytes().all(|b| b.is_ascii_digit())
}

/// `31/01/2024`, with the time as the service wrote it (`31/01/2024 14:05`).
fn brazilian_date(when: When, text: &str) -> String {
    match when {
        When::Date(date) => date.format("%d/%m/%Y").to_string(),
        // The time as the service wrote it, unless it said its zone (then moved to the profile's).
        When::DateTime(at) if text.len() <= 19 && text.is_char_boundary(11) => {
            let time = &text[11..];
            format!("{} {time}", at.date().format("%d/%m/%Y"))
        }
        When::DateTime(at) => at.format("%d/%m/%Y %H:%M:%S").to_string(),
        When::Instant(at) => brazilian_date(When::DateTime(at.naive_local()), text),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn shown(column: &str, text: &str, lang: Lang) -> (String, bool) {
        let s = cell(column, text, lang);
        (s.text, s.numeric)
    }

    #[test]
    fn money_decimals_and_dates_in_each_language() {
        let pt = Lang::PtBr;
        let en = Lang::En;
        assert_eq!(shown("valor", "1234.56", pt), ("R$ 1.234,56".into(), true));
        assert_eq!(shown("valor", "11703", pt), ("R$ 11.703,00".into(), true));
        assert_eq!(
            shown("pagamento.valor", "-0.5", pt),
            ("-R$ 0,50".into(), true)
        );
        assert_eq!(shown("valor", "1234.56", en), ("1,234.56".into(), true));
        assert_eq!(shown("desconto", "12345.5", pt), ("12.345,5".into(), true));
        assert_eq!(shown("desconto", "12345.5", en), ("12,345.5".into(), true));
        // IDs and phones keep their digits.
        assert_eq!(shown("id", "123456", pt), ("123456".into(), true));
        assert_eq!(
            shown("telefone", "16992640197", pt),
            ("16992640197".into(), true)
        );
        assert_eq!(
            shown("data", "2024-01-31", pt),
            ("31/01/2024".into(), false)
        );
        assert_eq!(
            shown("data", "2024-01-31", en),
            ("2024-01-31".into(), false)
        );
        assert_eq!(
            shown("criado_em", "2023-04-21 18:38:38", pt),
            ("21/04/2023 18:38:38".into(), false)
        );
        assert_eq!(
            shown("data", "31/01/2024", pt),
            ("31/01/2024".into(), false)
        );
        for text in ["", "Maria", "(16) 99264-0197", "1e5", "R$ 10", "1.234.567"] {
            assert_eq!(
                shown("valor", text, pt),
                (text.to_string(), false),
                "{text}"
            );
        }
    }
}
