//! Which fields hold money, and reading amounts exactly. The Ficha Financeira carries `valor` (the
//! price after discounts) and `valor_original` on each quote, and `valor_unitario` / `valor_total`
//! on its products (`procedimentos[].valor` repeats the name `valor`). This is the one list: the
//! xlsx writer formats these columns as currency, and `report summary` sums them.
//!
//! Amounts are exact decimals ([`Decimal`]), never floats: `"1234.500"` is 1234.5, and sums never
//! drift. [`parse`] is the one reader of money text; its rules, in order:
//!
//! 1. Around the number: spaces, an optional `R$`, and a sign (`-`/`+`) before or after the `R$`.
//! 2. An exponent (`1.2e3`, `-5E-2`) is read as programs write it: a point, no grouping.
//! 3. Both `.` and `,` present: the last one is the decimal separator and appears once; the other
//!    groups thousands (`1.234,56`, `1,234.56`). Groups are 1–3 digits, then exactly 3.
//! 4. One kind of separator appearing more than once groups thousands: `1.234.567` is an integer.
//! 5. One separator appearing once is the decimal separator (`1234,5`, `10.50`, `0.125`), except
//!    when exactly three digits follow it and the digits before could lead a thousands group (1–3
//!    digits, not starting with 0): `1.234` may be 1234 or 1.234. Such a value is read with the
//!    separator as decimal only when the record's other money values use that same separator as
//!    their decimal separator (see [`decimal_separator`]); otherwise it is refused.
//! 6. Everything else is refused, and whoever asked reports it: nothing unreadable is ever guessed.

use rust_decimal::Decimal;
use rust_decimal::prelude::ToPrimitive;
use serde_json::Value;

/// Field names that hold amounts of money (in reais), whatever object they sit in.
pub const MONEY_FIELDS: &[&str] = &["valor", "valor_original", "valor_unitario", "valor_total"];

/// Whether a column (possibly dotted, `pagamento.valor`) names a money field.
pub fn is_money_column(column: &str) -> bool {
    let last = column.rsplit('.').next().unwrap_or(column);
    MONEY_FIELDS.contains(&last)
}

/// What a money field holds.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Money {
    /// Nothing: null, or empty text.
    Absent,
    Amount(Decimal),
    /// Something that is no amount by the rules above (text, an ambiguous form, a number too large).
    Unreadable,
}

/// The amount `value` holds. `separator` is the decimal separator the record's other money values
/// use ([`decimal_separator`]); it decides only the ambiguous form of rule 5.
pub fn amount(value: &Value, separator: Option<char>) -> Money {
    let read = match value {
        Value::Null => return Money::Absent,
        Value::String(text) if text.trim().is_empty() => return Money::Absent,
        Value::String(text) => parse(text, separator),
        Value::Number(n) => number(n),
        Value::Bool(_) | Value::Array(_) | Value::Object(_) => None,
    };
    read.map_or(Money::Unreadable, Money::Amount)
}

/// A JSON number exactly: its shortest decimal text is the number the service meant.
fn number(n: &serde_json::Number) -> Option<Decimal> {
    match n.as_i64() {
        Some(i) => Some(Decimal::from(i)),
        None => scientific(&n.to_string()),
    }
}

/// [`amount`] of a JSON number given as the text it writes back as (`3120.0`, `-12`, `1e-7`), for
/// readers that never build the number itself.
pub fn number_text(text: &str) -> Option<Decimal> {
    match text.parse::<i64>() {
        Ok(i) => Some(Decimal::from(i)),
        Err(_) => scientific(text),
    }
}

/// The decimal separator a record's money texts agree on, when at least one of them uses one
/// unambiguously and none uses the other.
pub fn decimal_separator<'a>(values: impl IntoIterator<Item = &'a Value>) -> Option<char> {
    let mut found = None;
    for value in values {
        let Value::String(text) = value else { continue };
        match read(text, None) {
            Ok((_, Some(separator))) if found.is_none_or(|f| f == separator) => {
                found = Some(separator)
            }
            Ok((_, Some(_))) => return None,
            _ => {}
        }
    }
    found
}

/// Money text as an exact amount, by the rules of this module; `None` when they refuse it.
pub fn parse(text: &str, separator: Option<char>) -> Option<Decimal> {
    read(text, separator).ok().map(|(amount, _)| amount)
}

/// Why a text is no amount.
#[derive(Debug, PartialEq, Eq)]
enum Refused {
    /// Rule 5's ambiguous form, with no record context to decide it.
    Ambiguous,
    Invalid,
}

/// The amount and the decimal separator it was written with (none for integers and exponents).
fn read(text: &str, hint: Option<char>) -> Result<(Decimal, Option<char>), Refused> {
    let (negative, body) = unwrap_sign(text.trim()).ok_or(Refused::Invalid)?;
    let (amount, separator) = if body.contains(['e', 'E']) {
        let amount = scientific(body).filter(|_| !body.starts_with(['-', '+']));
        (amount.ok_or(Refused::Invalid)?, None)
    } else {
        let (whole, fraction, separator) = split(body, hint)?;
        let plain = if fraction.is_empty() {
            whole
        } else {
            format!("{whole}.{fraction}")
        };
        let amount = Decimal::from_str_exact(&plain).map_err(|_| Refused::Invalid)?;
        (amount, separator)
    };
    Ok((if negative { -amount } else { amount }, separator))
}

/// `-R$ 1,00`, `R$ -1,00`, `+12`, `R$1` → whether it is negative, and the bare number.
fn unwrap_sign(text: &str) -> Option<(bool, &str)> {
    let mut rest = text;
    let mut negative = take_sign(&mut rest);
    if let Some(after) = rest.strip_prefix("R$") {
        rest = after.trim_start();
        if negative.is_none() {
            negative = take_sign(&mut rest);
        }
    }
    (!rest.is_empty()).then_some((negative.unwrap_or(false), rest))
}

fn take_sign(rest: &mut &str) -> Option<bool> {
    let negative = match rest.as_bytes().first() {
        Some(b'-') => true,
        Some(b'+') => false,
        _ => return None,
    };
    *rest = rest[1..].trim_start();
    Some(negative)
}

/// A number as programs write it (`10582.1`, `1.2e3`, `-5E-2`): digits, at most one point, an
/// optional exponent; at most 28 significant digits, so nothing is rounded.
fn scientific(text: &str) -> Option<Decimal> {
    let unsigned = text.strip_prefix('-').unwrap_or(text);
    let (mantissa, exponent) = unsigned.split_once(['e', 'E']).unwrap_or((unsigned, ""));
    let (whole, fraction) = mantissa.split_once('.').unwrap_or((mantissa, "0"));
    let exponent_digits = exponent.strip_prefix(['-', '+']).unwrap_or(exponent);
    let digits = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
    if !digits(whole) || !digits(fraction) || whole.len() + fraction.len() > 28 {
        return None;
    }
    if exponent.is_empty() {
        return Decimal::from_str_exact(text).ok();
    }
    if !digits(exponent_digits) || exponent_digits.len() > 3 {
        return None;
    }
    Decimal::from_scientific(text).ok()
}

/// The whole digits, the fraction digits and the decimal separator of a number without exponent.
fn split(body: &str, hint: Option<char>) -> Result<(String, String, Option<char>), Refused> {
    if !body
        .bytes()
        .all(|b| b.is_ascii_digit() || b == b'.' || b == b',')
    {
        return Err(Refused::Invalid);
    }
    let points = body.matches('.').count();
    let commas = body.matches(',').count();
    let (decimal, group) = match (points, commas) {
        (0, 0) => return Ok((body.to_string(), String::new(), None)),
        // Rule 3: the last separator is the decimal one.
        (p, c) if p > 0 && c > 0 => match body.rfind(['.', ',']).map(|at| &body[at..at + 1]) {
            Some(".") => ('.', Some(',')),
            _ => (',', Some('.')),
        },
        // Rule 4: one kind, several times, groups thousands.
        (p, c) if p > 1 || c > 1 => {
            let separator = if p > 1 { '.' } else { ',' };
            return Ok((grouped(body, separator)?, String::new(), None));
        }
        (p, _) => (if p == 1 { '.' } else { ',' }, None),
    };
    let at = body.rfind(decimal).ok_or(Refused::Invalid)?;
    let (whole, fraction) = (&body[..at], &body[at + 1..]);
    if fraction.is_empty() || fraction.contains(['.', ',']) || whole.is_empty() {
        return Err(Refused::Invalid);
    }
    let whole = match group {
        Some(group) => grouped(whole, group)?,
        None => {
            // Rule 5: `1.234` reads both ways; only the record's other values decide it.
            let could_group = (1..=3).contains(&whole.len()) && !whole.starts_with('0');
            if fraction.len() == 3 && could_group && hint != Some(decimal) {
                return Err(Refused::Ambiguous);
            }
            whole.to_string()
        }
    };
    Ok((whole, fraction.to_string(), Some(decimal)))
}

/// `1.234.567` with `.` → `1234567`: a first group of 1–3 digits, then groups of exactly 3.
fn grouped(text: &str, separator: char) -> Result<String, Refused> {
    let mut groups = text.split(separator);
    let first = groups.next().unwrap_or_default();
    let digits = |s: &str| s.bytes().all(|b| b.is_ascii_digit());
    if !(1..=3).contains(&first.len()) || !digits(first) {
        return Err(Refused::Invalid);
    }
    let mut whole = first.to_string();
    for group in groups {
        if group.len() != 3 || !digits(group) {
            return Err(Refused::Invalid);
        }
        whole.push_str(group);
    }
    Ok(whole)
}

/// An amount as plain text with a decimal point (`1234.56`, `-0.5`), as JSON and programs write it.
pub fn plain(amount: Decimal) -> String {
    amount.to_string()
}

/// An amount as a JSON number of reais (`1234.56`).
pub fn reais(amount: Decimal) -> Value {
    amount
        .to_f64()
        .and_then(serde_json::Number::from_f64)
        .map(Value::Number)
        .unwrap_or(Value::Null)
}

/// Whole centavos as an amount (`123456` → 1234.56).
pub fn from_cents(cents: i64) -> Decimal {
    Decimal::new(cents, 2)
}

/// An amount as people in Brazil read it: `R$ 10.582,10`, `-R$ 0,07`; a third decimal, when the
/// amount has one, is kept (`R$ 1,125`), never rounded away.
pub fn brl(amount: Decimal) -> String {
    let (sign, whole, fraction) = parts(amount);
    format!("{sign}R$ {},{fraction:0<2}", group_digits_with(whole, '.'))
}

/// An amount as English readers write it: `10,582.10`, `-0.07`; a third decimal is kept.
pub fn english(amount: Decimal) -> String {
    let (sign, whole, fraction) = parts(amount);
    format!("{sign}{}.{fraction:0<2}", group_digits_with(whole, ','))
}

/// A decimal number (not money) with its digits grouped, every decimal kept: `1.234,5` in
/// Brazilian writing, `1,234.5` in English.
pub fn digits_grouped(number: Decimal, brazilian: bool) -> String {
    let (sign, whole, fraction) = parts(number);
    let (thousands, point) = if brazilian { ('.', ',') } else { (',', '.') };
    let whole = group_digits_with(whole, thousands);
    if fraction.is_empty() {
        format!("{sign}{whole}")
    } else {
        format!("{sign}{whole}{point}{fraction}")
    }
}

/// The sign (`-` or nothing), whole digits and decimal digits of an amount, trailing zeros dropped.
fn parts(amount: Decimal) -> (&'static str, String, String) {
    let sign = if amount.is_sign_negative() && !amount.is_zero() {
        "-"
    } else {
        ""
    };
    let text = amount.abs().normalize().to_string();
    let (whole, fraction) = text.split_once('.').unwrap_or((&text, ""));
    (sign, whole.to_string(), fraction.to_string())
}

/// `1234567` → `1.234.567`.
pub fn group_thousands(n: u64) -> String {
    group_digits(&n.to_string())
}

fn group_digits(digits: &str) -> String {
    group_digits_with(digits.to_string(), '.')
}

fn group_digits_with(digits: String, separator: char) -> String {
    let mut out = String::with_capacity(digits.len() + digits.len() / 3);
    for (i, d) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(separator);
        }
        out.push(d);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn read_text(text: &str) -> Option<String> {
        parse(text, None).map(|d| d.normalize().to_string())
    }

    #[test]
    fn money_columns_are_found_at_any_depth() {
        assert!(is_money_column("valor"));
        assert!(is_money_column("valor_original"));
        assert!(is_money_column("pagamento.valor_total"));
        assert!(!is_money_column("valores"));
        assert!(!is_money_column("id_valor"));
    }

    #[test]
    fn every_spelling_reads_exactly() {
        for (text, expected) in [
            ("1234.5", "1234.5"),
            ("1234.50", "1234.5"),
            ("1234.500", "1234.5"),
            ("1234,500", "1234.5"),
            ("0.125", "0.125"),
            ("1.234,56", "1234.56"),
            ("1,234.56", "1234.56"),
            ("1.234.567,8", "1234567.8"),
            ("1234,5", "1234.5"),
            ("R$ 1.234,56", "1234.56"),
            ("R$1.234,56", "1234.56"),
            ("R$\u{a0}1.234,56", "1234.56"),
            ("-R$ 1.234,56", "-1234.56"),
            ("R$ -0,07", "-0.07"),
            ("-1234.5", "-1234.5"),
            ("+7", "7"),
            ("1.2e3", "1200"),
            ("1.25E-1", "0.125"),
            ("5e+2", "500"),
            ("1.234.567", "1234567"),
            ("1,234,567", "1234567"),
            (" 12 ", "12"),
            ("1e17", "100000000000000000"),
        ] {
            assert_eq!(read_text(text).as_deref(), Some(expected), "{text}");
        }
    }

    #[test]
    fn ambiguities_and_nonsense_are_refused() {
        for text in [
            "1.234",
            "12,345",
            "-1.500",
            "abc",
            "",
            "R$",
            "-",
            "1.2.3x",
            "1.23.456",
            "1,2.3",
            "1.234,5.6",
            ".5",
            "5.",
            "1e400",
            "1e",
            "e5",
            "1.2e3.4",
            "--1",
            "1 234",
            "0x10",
            "1,234.5,6",
            "١٢٣",
        ] {
            assert_eq!(parse(text, None), None, "{text}");
        }
    }

    #[test]
    fn the_records_other_values_decide_a_three_digit_fraction() {
        assert_eq!(read_text("1.500"), None);
        assert_eq!(
            parse("1.500", Some('.')).map(|d| d.normalize().to_string()),
            Some("1.5".into())
        );
        // A comma elsewhere does not make the point a decimal one: still refused.
        assert_eq!(parse("1.500", Some(',')), None);
        let record = [json!("2.50"), json!("1.500"), json!(null), json!(3)];
        assert_eq!(decimal_separator(&record), Some('.'));
        assert_eq!(
            decimal_separator(&[json!("2,50"), json!("1.500")]),
            Some(',')
        );
        assert_eq!(decimal_separator(&[json!("2,50"), json!("1.50")]), None);
        assert_eq!(decimal_separator(&[json!("1.500"), json!("7")]), None);
    }

    #[test]
    fn values_of_each_json_type() {
        assert_eq!(
            amount(&json!(10582.1), None),
            Money::Amount(Decimal::new(105821, 1))
        );
        assert_eq!(amount(&json!(0.1), None), Money::Amount(Decimal::new(1, 1)));
        assert_eq!(amount(&json!(7), None), Money::Amount(Decimal::from(7)));
        assert_eq!(
            amount(&json!(u64::MAX), None),
            Money::Amount(Decimal::from(u64::MAX))
        );
        assert_eq!(
            amount(&json!(1e17), None),
            Money::Amount(Decimal::from(10u64.pow(17)))
        );
        assert_eq!(amount(&json!(null), None), Money::Absent);
        assert_eq!(amount(&json!("  "), None), Money::Absent);
        for unreadable in [json!("abc"), json!([1]), json!(true), json!("1e400")] {
            assert_eq!(amount(&unreadable, None), Money::Unreadable, "{unreadable}");
        }
    }

    #[test]
    fn amounts_print_the_brazilian_way() {
        assert_eq!(brl(from_cents(1_058_210)), "R$ 10.582,10");
        assert_eq!(brl(from_cents(-7)), "-R$ 0,07");
        assert_eq!(brl(from_cents(12_345_678_900)), "R$ 123.456.789,00");
        assert_eq!(brl(Decimal::new(1125, 3)), "R$ 1,125");
        assert_eq!(brl(Decimal::ZERO), "R$ 0,00");
        assert_eq!(group_thousands(999), "999");
        assert_eq!(group_thousands(1000), "1.000");
    }

    #[test]
    fn sums_print_as_plain_reais() {
        let total = from_cents(10) + from_cents(20);
        assert_eq!(reais(total).to_string(), "0.3");
        assert_eq!(reais(from_cents(123_456)).to_string(), "1234.56");
        assert_eq!(reais(from_cents(-5)).to_string(), "-0.05");
        assert_eq!(plain(Decimal::new(1_234_500, 3)), "1234.500");
    }

    mod roundtrip {
        use super::super::*;
        use proptest::prelude::*;

        proptest! {
            /// Every centavo value reads back from each way it is written, with no context.
            #[test]
            fn centavos(cents in -10i64.pow(15)..10i64.pow(15)) {
                let x = from_cents(cents);
                prop_assert_eq!(parse(&plain(x), None), Some(x));
                prop_assert_eq!(parse(&brl(x), None), Some(x));
            }

            /// Three decimals read back: alone when the form is unambiguous, and with the record's
            /// separator when it is not (`234.567`).
            #[test]
            fn three_decimals(milli in -10i64.pow(15)..10i64.pow(15)) {
                let x = Decimal::new(milli, 3);
                prop_assert_eq!(parse(&plain(x), Some('.')), Some(x));
                prop_assert_eq!(parse(&brl(x), Some(',')), Some(x));
                if milli.abs() >= 1_000_000 || milli.abs() < 1000 {
                    prop_assert_eq!(parse(&plain(x), None), Some(x));
                }
            }
        }
    }
}
