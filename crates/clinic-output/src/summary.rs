//! `report summary`: counts and money sums of records grouped by month, seller, status, clinic,
//! channel or service, aggregated as the records stream past (memory grows with the number of
//! groups, never with the number of records). Sums are exact decimals ([`crate::money`]); a money
//! value that cannot be read is left out of the sums and its record is reported, never guessed.
//! A quote with several services has its money split among them (by each item's own value, else
//! equally), so that the groups of `--by service` add up to the same total as any other grouping.

use std::collections::BTreeMap;

use rust_decimal::Decimal;
use rust_decimal::prelude::ToPrimitive;
use serde_json::{Map, Value};

use crate::money::{self, MONEY_FIELDS, Money};
use crate::output::bars::Bar;
use crate::output::{When, when};

/// What is being summarised: which list, and so which fields each grouping reads.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Source {
    /// The Ficha Financeira (quotes).
    Quotes,
    Appointments,
}

/// A grouping of `--by`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Dimension {
    /// The month of the record's date (YYYY-MM)
    Month,
    Seller,
    Status,
    Clinic,
    Channel,
    Service,
}

impl Dimension {
    /// Every grouping, in the order help lists them.
    pub const ALL: [Dimension; 6] = [
        Dimension::Month,
        Dimension::Seller,
        Dimension::Status,
        Dimension::Clinic,
        Dimension::Channel,
        Dimension::Service,
    ];

    pub fn name(self) -> &'static str {
        match self {
            Dimension::Month => "month",
            Dimension::Seller => "seller",
            Dimension::Status => "status",
            Dimension::Clinic => "clinic",
            Dimension::Channel => "channel",
            Dimension::Service => "service",
        }
    }

    /// The fields that hold this grouping, best first (a name before its ID). `None`: the source's
    /// records do not carry it.
    fn fields(self, source: Source) -> Option<&'static [&'static str]> {
        match (self, source) {
            (Dimension::Month, Source::Quotes) => Some(&["data"]),
            (Dimension::Month, Source::Appointments) => Some(&["data_agendamento"]),
            (Dimension::Seller, Source::Quotes) => Some(&["vendedor", "id_vendedor"]),
            (Dimension::Status, _) => Some(&["status", "id_status"]),
            (Dimension::Clinic, _) => Some(&["unidade", "clinica", "id_clinica"]),
            (Dimension::Channel, Source::Quotes) => Some(&["canal", "id_canal"]),
            (Dimension::Service, _) => Some(&["servico", "id_servico"]),
            (Dimension::Seller | Dimension::Channel, Source::Appointments) => None,
        }
    }
}

/// The label of records that lack a grouping's field.
pub const NONE: &str = "(none)";

/// Per group: how many records, the sum of each money field, and how many records had a money
/// value the sums left out.
#[derive(Debug, Clone, Default)]
struct Totals {
    count: u64,
    sums: [Decimal; MONEY_FIELDS.len()],
    not_summed: u64,
}

/// The column that counts, per group, the records whose money could not be summed (present only
/// when there are such records).
pub const NOT_SUMMED: &str = "not_summed";

/// A record's amount of each money field.
type Amounts = [Decimal; MONEY_FIELDS.len()];

/// `amounts` split by `weights` (one part per weight), each part rounded to the centavo (or to the
/// amount's own finer scale) and the last part taking what rounding left, so the parts add up to the
/// amounts exactly. Weights that add up to nothing split equally.
fn split(amounts: Amounts, weights: &[Decimal]) -> Vec<Amounts> {
    if weights.len() <= 1 {
        return vec![amounts; weights.len()];
    }
    let total: Decimal = weights.iter().sum();
    let equal = vec![Decimal::ONE; weights.len()];
    let (weights, total) = if total.is_zero() {
        (&equal[..], Decimal::from(weights.len()))
    } else {
        (weights, total)
    };
    let mut parts = vec![[Decimal::ZERO; MONEY_FIELDS.len()]; weights.len()];
    for (field, amount) in amounts.iter().enumerate() {
        let scale = amount.scale().max(2);
        let mut given = Decimal::ZERO;
        for (j, weight) in weights.iter().enumerate() {
            let part = if j + 1 == weights.len() {
                amount - given
            } else {
                amount
                    .checked_mul(*weight)
                    .and_then(|x| x.checked_div(total))
                    .unwrap_or_default()
                    .round_dp(scale)
            };
            given += part;
            parts[j][field] = part;
        }
    }
    parts
}

/// Records named in full by [`Summary::not_summed`]; beyond them only the count grows.
const NAMED_MAX: usize = 10;

/// A record whose money the sums left out: what names it, the field and what it held.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NotSummed {
    /// The record's `id` (or another identifying field) when it has one, else its position (`#12`).
    pub record: String,
    pub field: &'static str,
    /// The value as the service sent it (JSON text).
    pub given: String,
}

pub struct Aggregator {
    source: Source,
    by: Vec<Dimension>,
    /// The date field `--by month` reads, when not the source's own.
    month_of: Option<String>,
    /// The deployment's zone: a time that says its own zone falls in its month there.
    zone: Option<chrono_tz::Tz>,
    groups: BTreeMap<Vec<String>, Totals>,
    /// Which money fields appeared at all (only those become columns).
    money_seen: [bool; MONEY_FIELDS.len()],
    records: u64,
    /// The first records whose money was left out, and how many there were in all.
    not_summed: Vec<NotSummed>,
    not_summed_count: u64,
}

impl Aggregator {
    /// Refuses a grouping the source's records do not carry, naming it.
    pub fn new(
        source: Source,
        by: Vec<Dimension>,
        month_of: Option<String>,
    ) -> Result<Aggregator, Dimension> {
        if let Some(missing) = by.iter().find(|d| d.fields(source).is_none()) {
            return Err(*missing);
        }
        Ok(Aggregator {
            source,
            by,
            month_of,
            zone: None,
            groups: BTreeMap::new(),
            money_seen: [false; MONEY_FIELDS.len()],
            records: 0,
            not_summed: Vec::new(),
            not_summed_count: 0,
        })
    }

    /// Months are those of `zone` (the deployment's) for times that say their own zone.
    pub fn in_zone(mut self, zone: chrono_tz::Tz) -> Aggregator {
        self.zone = Some(zone);
        self
    }

    pub fn push(&mut self, record: &Value) {
        self.records += 1;
        let mut amounts = [Decimal::ZERO; MONEY_FIELDS.len()];
        let separator =
            money::decimal_separator(MONEY_FIELDS.iter().filter_map(|f| record.get(*f)));
        let mut unread = false;
        for (i, field) in MONEY_FIELDS.iter().enumerate() {
            let Some(value) = record.get(*field) else {
                continue;
            };
            match money::amount(value, separator) {
                Money::Absent => {}
                Money::Amount(amount) => {
                    amounts[i] = amount;
                    self.money_seen[i] = true;
                }
                Money::Unreadable => {
                    unread = true;
                    self.money_seen[i] = true;
                    self.note_not_summed(record, field, value);
                }
            }
        }
        // A record with several services counts under each of them, its money split among them.
        let mut keyed: Vec<(Vec<String>, Amounts)> = vec![(Vec::new(), amounts)];
        for dimension in &self.by {
            let values = self.values(record, *dimension);
            let weights: Vec<Decimal> = values.iter().map(|(_, w)| *w).collect();
            keyed = keyed
                .into_iter()
                .flat_map(|(key, amounts)| {
                    split(amounts, &weights).into_iter().zip(&values).map(
                        move |(part, (value, _))| {
                            let mut k = key.clone();
                            k.push(value.clone());
                            (k, part)
                        },
                    )
                })
                .collect();
        }
        for (key, amounts) in keyed {
            let totals = self.groups.entry(key).or_default();
            totals.count += 1;
            totals.not_summed += u64::from(unread);
            for (sum, amount) in totals.sums.iter_mut().zip(amounts) {
                // Beyond 7.9 × 10^28 a sum saturates rather than wraps; no clinic gets there.
                *sum = sum.saturating_add(amount);
            }
        }
    }

    fn note_not_summed(&mut self, record: &Value, field: &'static str, value: &Value) {
        self.not_summed_count += 1;
        if self.not_summed.len() < NAMED_MAX {
            let name = ["id", "id_orcamento", "codigo", "numero"]
                .iter()
                .find_map(|f| record.get(*f).and_then(text))
                .map(|id| format!("id {id}"))
                .unwrap_or_else(|| format!("#{}", self.records));
            self.not_summed.push(NotSummed {
                record: name,
                field,
                given: value.to_string(),
            });
        }
    }

    /// How many records were read.
    pub fn records(&self) -> u64 {
        self.records
    }

    /// A record's values for one grouping, each with its weight in the split of the record's money:
    /// one value, or for a quote's services each service with the sum of its items' own values
    /// (their count when any item has no readable value).
    fn values(&self, record: &Value, dimension: Dimension) -> Vec<(String, Decimal)> {
        if dimension == Dimension::Service
            && self.source == Source::Quotes
            && let Some(Value::Array(procedures)) = record.get("procedimentos")
        {
            let items: Vec<(String, Option<Decimal>)> = procedures
                .iter()
                .filter_map(|p| {
                    let name = ["servico", "id_servico"]
                        .iter()
                        .find_map(|f| text(p.get(*f)?))?;
                    let own = match p.get("valor").map(|v| money::amount(v, None)) {
                        Some(Money::Amount(a)) if !a.is_sign_negative() => Some(a),
                        _ => None,
                    };
                    Some((name, own))
                })
                .collect();
            if items.is_empty() {
                return vec![(NONE.to_string(), Decimal::ONE)];
            }
            let by_value = items.iter().all(|(_, own)| own.is_some())
                && items
                    .iter()
                    .any(|(_, own)| own.is_some_and(|a| !a.is_zero()));
            let mut weights: BTreeMap<String, Decimal> = BTreeMap::new();
            for (name, own) in items {
                let weight = if by_value {
                    own.unwrap_or_default()
                } else {
                    Decimal::ONE
                };
                *weights.entry(name).or_default() += weight;
            }
            return weights.into_iter().collect();
        }
        let found = match (dimension, &self.month_of) {
            (Dimension::Month, Some(field)) => record.get(field.as_str()).and_then(text),
            _ => dimension
                .fields(self.source)
                .unwrap_or_default()
                .iter()
                .find_map(|f| record.get(*f).and_then(text)),
        };
        let value = found.unwrap_or_else(|| NONE.to_string());
        if dimension == Dimension::Month {
            return vec![(month(&value, self.zone), Decimal::ONE)];
        }
        vec![(value, Decimal::ONE)]
    }

    /// The groups as records: the groupings, `count`, and the sum of each money field seen.
    pub fn finish(self) -> Summary {
        let money: Vec<usize> = (0..MONEY_FIELDS.len())
            .filter(|i| self.money_seen[*i])
            .collect();
        let rows = self
            .groups
            .into_iter()
            .map(|(key, totals)| Group {
                key,
                count: totals.count,
                sums: money.iter().map(|i| totals.sums[*i]).collect(),
                not_summed: totals.not_summed,
            })
            .collect();
        Summary {
            by: self.by,
            money: money.iter().map(|i| MONEY_FIELDS[*i]).collect(),
            groups: rows,
            not_summed: self.not_summed,
            not_summed_count: self.not_summed_count,
        }
    }
}

/// One group's key and totals.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Group {
    pub key: Vec<String>,
    pub count: u64,
    /// One per money field of the summary.
    pub sums: Vec<Decimal>,
    /// Records of the group with a money value the sums left out.
    pub not_summed: u64,
}

#[derive(Debug, Clone)]
pub struct Summary {
    pub by: Vec<Dimension>,
    /// The money fields summed.
    pub money: Vec<&'static str>,
    pub groups: Vec<Group>,
    /// The first records whose money could not be read (see [`NotSummed`]).
    pub not_summed: Vec<NotSummed>,
    /// How many money values in all could not be read.
    pub not_summed_count: u64,
}

impl Summary {
    /// One record per group, ready for any output format.
    pub fn records(&self) -> Vec<Value> {
        self.groups
            .iter()
            .map(|group| {
                let mut map = Map::new();
                for (dimension, value) in self.by.iter().zip(&group.key) {
                    map.insert(dimension.name().to_string(), Value::from(value.as_str()));
                }
                map.insert("count".to_string(), Value::from(group.count));
                for (field, sum) in self.money.iter().zip(&group.sums) {
                    map.insert(field.to_string(), money::reais(*sum));
                }
                if self.not_summed_count > 0 {
                    map.insert(NOT_SUMMED.to_string(), Value::from(group.not_summed));
                }
                Value::Object(map)
            })
            .collect()
    }

    /// The bars of a chart of `measure` (`count` or a money field of the summary).
    pub fn bars(&self, measure: &str) -> Vec<Bar> {
        let money = self.money.iter().position(|m| *m == measure);
        self.groups
            .iter()
            .map(|group| {
                let label = group.key.join(" · ");
                match money {
                    Some(i) => Bar {
                        label,
                        value: group.sums[i].to_f64().unwrap_or(0.0),
                        shown: money::brl(group.sums[i]),
                    },
                    None => Bar {
                        label,
                        value: group.count as f64,
                        shown: money::group_thousands(group.count),
                    },
                }
            })
            .collect()
    }

    /// What a chart measures unless told: the first money field, else the count.
    pub fn default_measure(&self) -> &'static str {
        self.money.first().copied().unwrap_or("count")
    }
}

/// A value as a group label: text as it is, numbers and booleans written out; empty text and
/// nested values are no label.
fn text(value: &Value) -> Option<String> {
    match value {
        Value::String(s) if !s.trim().is_empty() => Some(s.trim().to_string()),
        Value::Number(n) => Some(n.to_string()),
        Value::Bool(b) => Some(b.to_string()),
        _ => None,
    }
}

/// `2024-03-09`, `09/03/2024` or a date-time → `2024-03`, a time with its zone in `zone`'s month
/// (as written without one); anything else stays as it is.
fn month(value: &str, zone: Option<chrono_tz::Tz>) -> String {
    if let Some(When::Instant(at)) = when(value) {
        return match zone {
            Some(zone) => at.with_timezone(&zone).format("%Y-%m").to_string(),
            None => at.format("%Y-%m").to_string(),
        };
    }
    let date = value.get(..10).unwrap_or(value);
    match chrono::NaiveDate::parse_from_str(date, "%Y-%m-%d")
        .or_else(|_| chrono::NaiveDate::parse_from_str(date, "%d/%m/%Y"))
    {
        Ok(d) => d.format("%Y-%m").to_string(),
        Err(_) => value.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn quote(date: &str, seller: &str, valor: f64, services: &[&str]) -> Value {
        let procedures: Vec<Value> = services
            .iter()
            .map(|s| json!({"servico": s, "valor": 1}))
            .collect();
        json!({"data": date, "vendedor": seller, "valor": valor, "valor_original": "100.10",
               "procedimentos": procedures, "status": "Aprovado", "unidade": "SP Campinas"})
    }

    /// The last evening of January in São Paulo, written in UTC, is January's.
    #[test]
    fn a_time_with_its_zone_falls_in_the_deployments_month() {
        let mut agg = Aggregator::new(Source::Quotes, vec![Dimension::Month], None)
            .unwrap()
            .in_zone(chrono_tz::America::Sao_Paulo);
        agg.push(&quote("2024-02-01T01:30:00Z", "Zé", 0.1, &[]));
        agg.push(&quote("2024-02-01T12:00:00+00:00", "Zé", 0.1, &[]));
        let months: Vec<Value> = agg
            .finish()
            .records()
            .iter()
            .map(|r| r["month"].clone())
            .collect();
        assert_eq!(months, [json!("2024-01"), json!("2024-02")]);
    }

    #[test]
    fn groups_count_and_sum_money_exactly_in_key_order() {
        let mut agg = Aggregator::new(
            Source::Quotes,
            vec![Dimension::Month, Dimension::Seller],
            None,
        )
        .unwrap();
        agg.push(&quote("2024-02-10", "Zé", 0.1, &[]));
        agg.push(&quote("10/01/2024", "Ana", 0.2, &[]));
        agg.push(&quote("2024-02-28", "Zé", 0.2, &[]));
        agg.push(&json!({"vendedor": "Ana"}));
        assert_eq!(agg.records(), 4);
        let summary = agg.finish();
        assert_eq!(summary.money, ["valor", "valor_original"]);
        assert_eq!(
            summary.records(),
            [
                json!({"month": "(none)", "seller": "Ana", "count": 1, "valor": 0.0, "valor_original": 0.0}),
                json!({"month": "2024-01", "seller": "Ana", "count": 1, "valor": 0.2, "valor_original": 100.1}),
                json!({"month": "2024-02", "seller": "Zé", "count": 2, "valor": 0.3, "valor_original": 200.2}),
            ]
        );
        let bars = summary.bars("valor");
        assert_eq!(bars[2].label, "2024-02 · Zé");
        assert_eq!(bars[2].shown, "R$ 0,30");
        assert_eq!(summary.bars("count")[2].shown, "2");
        assert_eq!(summary.default_measure(), "valor");
    }

    #[test]
    fn a_quote_counts_under_each_of_its_services_and_its_money_is_split_among_them() {
        let mut agg = Aggregator::new(Source::Quotes, vec![Dimension::Service], None).unwrap();
        // Items of value 1 each: Botox twice, Peeling once — 2/3 and 1/3 of the quote.
        agg.push(&quote(
            "2024-01-01",
            "Ana",
            10.0,
            &["Botox", "Peeling", "Botox"],
        ));
        agg.push(&quote("2024-01-01", "Ana", 5.0, &["Botox"]));
        agg.push(&quote("2024-01-01", "Ana", 1.0, &[]));
        // Items by their own values; one without a value makes the split equal.
        agg.push(&json!({"valor": "100.00", "procedimentos": [
            {"servico": "Laser", "valor": 300}, {"servico": "Peeling", "valor": 100}]}));
        agg.push(&json!({"valor": 0.01, "procedimentos": [
            {"servico": "Laser", "valor": 1}, {"servico": "Peeling"}]}));
        let summary = agg.finish();
        let rows: Vec<(String, u64, Decimal)> = summary
            .groups
            .iter()
            .map(|g| (g.key[0].clone(), g.count, g.sums[0]))
            .collect();
        assert_eq!(
            rows,
            [
                ("(none)".to_string(), 1, money::from_cents(100)),
                ("Botox".to_string(), 2, money::from_cents(1167)),
                ("Laser".to_string(), 2, money::from_cents(7500)),
                ("Peeling".to_string(), 3, money::from_cents(333 + 2500 + 1)),
            ]
        );
        let total: Decimal = summary.groups.iter().map(|g| g.sums[0]).sum();
        assert_eq!(total, money::from_cents(1000 + 500 + 100 + 10000 + 1));
    }

    #[test]
    fn three_decimals_sum_exactly_and_unreadable_money_is_named_not_dropped() {
        let mut agg = Aggregator::new(Source::Quotes, vec![Dimension::Seller], None).unwrap();
        agg.push(&json!({"id": 1, "vendedor": "Ana", "valor": "1234.500"}));
        agg.push(&json!({"id": 2, "vendedor": "Ana", "valor": "1.500", "valor_original": "2.50"}));
        agg.push(&json!({"id": 3, "vendedor": "Ana", "valor": "abc"}));
        agg.push(&json!({"vendedor": "Zé", "valor": "1.500"}));
        agg.push(&json!({"vendedor": "Zé", "valor": 10}));
        let summary = agg.finish();
        assert_eq!(
            summary.records(),
            [
                json!({"seller": "Ana", "count": 3, "valor": 1236.0, "valor_original": 2.5, "not_summed": 1}),
                json!({"seller": "Zé", "count": 2, "valor": 10.0, "valor_original": 0.0, "not_summed": 1}),
            ]
        );
        assert_eq!(summary.not_summed_count, 2);
        let named: Vec<(&str, &str, &str)> = summary
            .not_summed
            .iter()
            .map(|n| (n.record.as_str(), n.field, n.given.as_str()))
            .collect();
        assert_eq!(
            named,
            [("id 3", "valor", "\"abc\""), ("#4", "valor", "\"1.500\"")]
        );
    }

    #[test]
    fn appointments_have_no_seller_or_channel_and_no_money() {
        assert_eq!(
            Aggregator::new(
                Source::Appointments,
                vec![Dimension::Status, Dimension::Seller],
                None
            )
            .err(),
            Some(Dimension::Seller)
        );
        let mut agg = Aggregator::new(
            Source::Appointments,
            vec![Dimension::Month, Dimension::Clinic],
            None,
        )
        .unwrap();
        agg.push(&json!({"data_agendamento": "2024-05-02", "clinica": 3}));
        let summary = agg.finish();
        assert!(summary.money.is_empty());
        assert_eq!(
            summary.records(),
            [json!({"month": "2024-05", "clinic": "3", "count": 1})]
        );
        assert_eq!(summary.default_measure(), "count");
    }

    #[test]
    fn month_may_come_from_another_date_field() {
        let mut agg = Aggregator::new(
            Source::Quotes,
            vec![Dimension::Month],
            Some("data_pagamento".into()),
        )
        .unwrap();
        agg.push(&json!({"data": "2024-01-01", "data_pagamento": "2024-03-05 10:00:00"}));
        agg.push(&json!({"data": "2024-01-01", "data_pagamento": null}));
        let keys: Vec<String> = agg
            .finish()
            .groups
            .into_iter()
            .map(|g| g.key[0].clone())
            .collect();
        assert_eq!(keys, ["(none)", "2024-03"]);
    }
}
