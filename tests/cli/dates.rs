//! Date flags that take words: `hoje`/`today`, `semana`/`week`…, and `report appointments --today`
//! and `--week`.

use chrono::{Datelike, Duration, Local};

use crate::common::*;

/// The appointment dates the first list request sent.
fn range_sent(env: &Env, args: &[&str]) -> (String, String) {
    env.clear_journal();
    let out = env.run(&[&["report", "appointments", "--format", "ndjson"][..], args].concat());
    assert!(out.status.success(), "{args:?}: {}", stderr(&out));
    let q = query_of(&without_numbering_probe(env.sent())[0]);
    let get = |key: &str| {
        q.iter()
            .find(|(k, _)| k == key)
            .map(|(_, v)| v.clone())
            .unwrap_or_default()
    };
    (get("data_agendamento_de"), get("data_agendamento_ate"))
}

#[test]
fn today_and_this_week_in_two_keystrokes_and_in_words() {
    let env = Env::new();
    let today = Local::now().date_naive();
    let monday = today - Duration::days(i64::from(today.weekday().num_days_from_monday()));
    let day = |d: chrono::NaiveDate| d.format("%Y-%m-%d").to_string();
    let today_range = (day(today), day(today));
    let week_range = (day(monday), day(monday + Duration::days(6)));
    assert_eq!(range_sent(&env, &["--today"]), today_range);
    assert_eq!(range_sent(&env, &["--hoje"]), today_range);
    assert_eq!(
        range_sent(&env, &["--from", "hoje", "--to", "today"]),
        today_range
    );
    assert_eq!(range_sent(&env, &["--week"]), week_range);
    assert_eq!(
        range_sent(&env, &["--from", "semana", "--to", "semana"]),
        week_range
    );
    let (_, to) = range_sent(&env, &["--from", "ontem", "--to", "amanhã"]);
    assert_eq!(to, day(today + Duration::days(1)));
}

#[test]
fn a_word_that_names_no_day_is_refused_naming_the_words_that_do() {
    let env = Env::new();
    for (lang, word, expected) in [
        ("en", "someday", "today, tomorrow, yesterday, week, month"),
        ("pt-BR", "depois", "hoje, amanhã, ontem, semana, mês"),
    ] {
        env.clear_journal();
        let out = exits(
            env.clinic()
                .args(["--lang", lang, "report", "appointments", "--from", word]),
            2,
        );
        assert!(stderr(&out).contains(word), "{}", stderr(&out));
        assert!(stderr(&out).contains(expected), "{}", stderr(&out));
        assert!(env.sent().is_empty());
    }
    exits(
        env.clinic()
            .args(["report", "appointments", "--today", "--from", "2026-01-01"]),
        2,
    );
}
