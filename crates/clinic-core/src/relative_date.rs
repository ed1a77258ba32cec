//! Days named by a word, in both languages, for date flags: `hoje`/`today`, `amanhã`/`tomorrow`,
//! `ontem`/`yesterday`, and the ranges `semana`/`week` (Monday to Sunday) and `mês`/`month`. A range
//! gives its first day to a "from" flag and its last day to a "to" flag, so `--from semana --to semana`
//! is this week. Days are those of the profile's time zone (`timezone`, America/Sao_Paulo unless
//! set), the deployment's calendar, whatever zone the machine is set to: chosen before the
//! arguments are read ([`set_zone`]), so `--today` and `--from hoje` always name the same day.

use chrono::{Datelike, Duration, NaiveDate};

/// Which end of a range a flag takes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Edge {
    Start,
    End,
}

/// The day `word` names, seen from `today`; `None` when it is no such word.
pub fn day(word: &str, edge: Edge, today: NaiveDate) -> Option<NaiveDate> {
    let folded = crate::text::fold::normalize(word.trim());
    let (first, last) = match folded.as_str() {
        "today" | "hoje" => (today, today),
        "tomorrow" | "amanha" => (today + Duration::days(1), today + Duration::days(1)),
        "yesterday" | "ontem" => (today - Duration::days(1), today - Duration::days(1)),
        "week" | "semana" => {
            let monday = today - Duration::days(i64::from(today.weekday().num_days_from_monday()));
            (monday, monday + Duration::days(6))
        }
        "month" | "mes" => {
            let first = today.with_day(1)?;
            let next = if first.month() == 12 {
                NaiveDate::from_ymd_opt(first.year() + 1, 1, 1)?
            } else {
                NaiveDate::from_ymd_opt(first.year(), first.month() + 1, 1)?
            };
            (first, next - Duration::days(1))
        }
        _ => return None,
    };
    Some(match edge {
        Edge::Start => first,
        Edge::End => last,
    })
}

/// The zone whose days the words name, once chosen.
static ZONE: std::sync::OnceLock<chrono_tz::Tz> = std::sync::OnceLock::new();

/// The zone whose days the words name: the profile's, chosen before the arguments are read. The
/// first choice holds for the process.
pub fn set_zone(zone: chrono_tz::Tz) {
    let _ = ZONE.set(zone);
}

/// The profile's time zone as chosen before the arguments were read (America/Sao_Paulo until then).
pub fn zone() -> chrono_tz::Tz {
    ZONE.get().copied().unwrap_or(chrono_tz::America::Sao_Paulo)
}

/// Today in the profile's time zone (America/Sao_Paulo until one is chosen), by the machine's
/// clock.
pub fn today() -> NaiveDate {
    chrono::Utc::now().with_timezone(&zone()).date_naive()
}

/// A date flag's value: a calendar date, or a word whose range gives its `edge` (`--from semana` is
/// this Monday, `--to semana` this Sunday); the error says what is expected, in the reader's language.
pub fn parse(s: &str, edge: Edge) -> Result<NaiveDate, String> {
    if let Some(day) = day(s, edge, today()) {
        return Ok(day);
    }
    crate::input::date("date", s).map_err(|_| {
        crate::t!(
            "cli-expected",
            expected = crate::t!("cli-expected-date-or-word")
        )
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn d(y: i32, m: u32, day: u32) -> NaiveDate {
        NaiveDate::from_ymd_opt(y, m, day).unwrap()
    }

    #[test]
    fn words_of_both_languages_name_days_and_ranges() {
        // A Thursday at the end of a year.
        let today = d(2026, 12, 31);
        for (word, start, end) in [
            ("hoje", today, today),
            ("Today", today, today),
            ("amanhã", d(2027, 1, 1), d(2027, 1, 1)),
            ("amanha", d(2027, 1, 1), d(2027, 1, 1)),
            ("ontem", d(2026, 12, 30), d(2026, 12, 30)),
            ("semana", d(2026, 12, 28), d(2027, 1, 3)),
            ("week", d(2026, 12, 28), d(2027, 1, 3)),
            ("mês", d(2026, 12, 1), d(2026, 12, 31)),
            ("MONTH", d(2026, 12, 1), d(2026, 12, 31)),
        ] {
            assert_eq!(day(word, Edge::Start, today), Some(start), "{word}");
            assert_eq!(day(word, Edge::End, today), Some(end), "{word}");
        }
        assert_eq!(day("mes", Edge::End, d(2028, 2, 10)), Some(d(2028, 2, 29)));
        for word in ["", "2026-01-01", "depois", "semanas"] {
            assert_eq!(day(word, Edge::Start, today), None, "{word}");
        }
    }
}
