//! Which fields hold money, and reading amounts exactly. The Ficha Financeira carries `valor` (the
//! price after discounts) and `valor_original` on each quote, and `valor_unitario` / `valor_total`
//! on its products (`procedimentos[].valor` repeats the name `valor`). This is the one list: the
//! xlsx writer formats these columns as currency, and `report summary` sums them.

use serde_json::Value;

/// Field names that hold amounts of money (in reais), whatever object they sit in.
pub const MONEY_FIELDS: &[&str] = &["valor", "valor_original", "valor_unitario", "valor_total"];

/// Whether a column (possibly dotted, `pagamento.valor`) names a money field.
pub fn is_money_column(column: &str) -> bool {
    let last = column.rsplit('.').next().unwrap_or(column);
    MONEY_FIELDS.contains(&last)
}

/// An amount in whole centavos, so that sums are exact: a JSON number, or a numeric string with a
/// decimal point (`"10582.10"`) or a decimal comma (`"10.582,10"`, `"10582,1"`). Anything else
/// (null, text, an array) is no amount.
pub fn cents(value: &Value) -> Option<i64> {
    match value {
        Value::Number(n) => n
            .as_i64()
            .and_then(|i| i.checked_mul(100))
            .or_else(|| n.as_f64().and_then(f64_cents)),
        Value::String(text) => parse_cents(text.trim()),
        _ => None,
    }
}

fn f64_cents(value: f64) -> Option<i64> {
    let scaled = (value * 100.0).round();
    (scaled.is_finite() && scaled.abs() < 9.0e15).then_some(scaled as i64)
}

/// `1234.5`, `-0.07`, `1.234,56`, `1234,56`, `1234`: a number as people and services write it.
fn parse_cents(text: &str) -> Option<i64> {
    let (negative, digits) = match text.strip_prefix('-') {
        Some(rest) => (true, rest),
        None => (false, text.strip_prefix('+').unwrap_or(text)),
    };
    // The decimal separator is the last `.` or `,` when one or two digits follow it; any other
    // separator groups thousands.
    let (whole, fraction) = match digits.rfind(['.', ',']) {
        Some(at) if (1..=2).contains(&(digits.len() - at - 1)) => {
            (&digits[..at], &digits[at + 1..])
        }
        _ => (digits, ""),
    };
    let whole: String = whole.chars().filter(|c| !matches!(c, '.' | ',')).collect();
    let all_digits = |s: &str| s.bytes().all(|b| b.is_ascii_digit());
    if whole.is_empty() || !all_digits(&whole) || !all_digits(fraction) {
        return None;
    }
    let fraction = format!("{fraction:0<2}");
    let value = whole.parse::<i64>().ok()?.checked_mul(100)? + fraction.parse::<i64>().ok()?;
    Some(if negative { -value } else { value })
}

/// Centavos back to a JSON number of reais (`123456` → `1234.56`).
pub fn reais(cents: i64) -> Value {
    serde_json::Number::from_f64(cents as f64 / 100.0)
        .map(Value::Number)
        .unwrap_or(Value::Null)
}

/// An amount as people in Brazil read it: `R$ 10.582,10`, `-R$ 0,07`.
pub fn brl(cents: i64) -> String {
    let sign = if cents < 0 { "-" } else { "" };
    let cents = cents.unsigned_abs();
    format!(
        "{sign}R$ {},{:02}",
        group_thousands(cents / 100),
        cents % 100
    )
}

/// `1234567` → `1.234.567`.
pub fn group_thousands(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::with_capacity(digits.len() + digits.len() / 3);
    for (i, d) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push('.');
        }
        out.push(d);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn money_columns_are_found_at_any_depth() {
        assert!(is_money_column("valor"));
        assert!(is_money_column("valor_original"));
        assert!(is_money_column("pagamento.valor_total"));
        assert!(!is_money_column("valores"));
        assert!(!is_money_column("id_valor"));
    }

    #[test]
    fn amounts_are_read_exactly_in_centavos() {
        assert_eq!(cents(&json!(10582.1)), Some(1_058_210));
        assert_eq!(cents(&json!(0.1)), Some(10));
        assert_eq!(cents(&json!(7)), Some(700));
        assert_eq!(cents(&json!(-3.25)), Some(-325));
        assert_eq!(cents(&json!("10582.10")), Some(1_058_210));
        assert_eq!(cents(&json!("10.582,10")), Some(1_058_210));
        assert_eq!(cents(&json!("1,234.5")), Some(123_450));
        assert_eq!(cents(&json!("10582,1")), Some(1_058_210));
        assert_eq!(cents(&json!(" 12 ")), Some(1200));
        assert_eq!(cents(&json!("-0,07")), Some(-7));
        for none in [
            json!(null),
            json!("abc"),
            json!(""),
            json!("1.2.3x"),
            json!([1]),
        ] {
            assert_eq!(cents(&none), None, "{none}");
        }
    }

    #[test]
    fn amounts_print_the_brazilian_way() {
        assert_eq!(brl(1_058_210), "R$ 10.582,10");
        assert_eq!(brl(-7), "-R$ 0,07");
        assert_eq!(brl(12_345_678_900), "R$ 123.456.789,00");
        assert_eq!(group_thousands(999), "999");
        assert_eq!(group_thousands(1000), "1.000");
    }

    #[test]
    fn sums_of_centavos_print_as_plain_reais() {
        let total: i64 = [json!(0.1), json!(0.2)].iter().filter_map(cents).sum();
        assert_eq!(reais(total).to_string(), "0.3");
        assert_eq!(reais(123_456).to_string(), "1234.56");
        assert_eq!(reais(-5).to_string(), "-0.05");
    }
}
