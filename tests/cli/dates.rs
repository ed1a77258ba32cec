//! Date flags that take words: `hoje`/`today`, `semana`/`week`…, and `report appointments --today`
//! and `--week`.

use chrono::{Datelike, Duration, NaiveDate, Timelike, Utc};

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

/// Today in São Paulo (UTC-3 all year), the profile's zone unless it sets another.
fn sao_paulo_today() -> NaiveDate {
    (Utc::now() - Duration::hours(3)).date_naive()
}

/// The appointment dates that `clinic report appointments ARGS`, run as a process whose machine
/// zone is `tz`, sent.
fn range_sent_in(env: &Env, tz: &str, args: &[&str]) -> (String, String) {
    env.clear_journal();
    let out = env
        .clinic()
        .env("TZ", tz)
        .args([&["report", "appointments", "--format", "ndjson"][..], args].concat())
        .output()
        .unwrap();
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

/// `--today`, `--from hoje` and `--week` name the days of the profile's zone (São Paulo unless it
/// sets another), not the machine's: on a machine whose zone is on another day they still agree
/// with each other and with the clinic's calendar, and a profile's own `timezone` is read before
/// the flags are.
#[test]
fn today_is_the_profiles_day_whatever_the_machines_zone() {
    let env = Env::new();
    let now = Utc::now();
    // A machine zone whose date is not São Paulo's now: UTC+14 from 07:00 there, UTC-12 before.
    let sao_paulo = sao_paulo_today();
    let (machine_zone, machine_today) = if (now - Duration::hours(3)).hour() >= 7 {
        (
            "Pacific/Kiritimati",
            (now + Duration::hours(14)).date_naive(),
        )
    } else {
        ("Etc/GMT+12", (now - Duration::hours(12)).date_naive())
    };
    assert_ne!(
        machine_today, sao_paulo,
        "the machine's zone is on another day"
    );
    let day = |d: NaiveDate| d.format("%Y-%m-%d").to_string();
    let today = (day(sao_paulo), day(sao_paulo));
    assert_eq!(range_sent_in(&env, machine_zone, &["--today"]), today);
    assert_eq!(
        range_sent_in(&env, machine_zone, &["--from", "hoje", "--to", "hoje"]),
        today
    );
    let monday = sao_paulo - Duration::days(i64::from(sao_paulo.weekday().num_days_from_monday()));
    assert_eq!(
        range_sent_in(&env, machine_zone, &["--from", "semana", "--to", "semana"]),
        (day(monday), day(monday + Duration::days(6)))
    );
    // A profile in the machine's zone names the machine's day, under the same flags.
    let set = env
        .bare()
        .args(["config", "set", "timezone", machine_zone])
        .output()
        .unwrap();
    assert!(set.status.success(), "{}", stderr(&set));
    let theirs = (day(machine_today), day(machine_today));
    assert_eq!(range_sent_in(&env, "UTC", &["--today"]), theirs);
    assert_eq!(
        range_sent_in(&env, "UTC", &["--from", "hoje", "--to", "hoje"]),
        theirs
    );
}

#[test]
fn today_and_this_week_in_two_keystrokes_and_in_words() {
    let env = Env::new();
    let today = sao_paulo_today();
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

/// A birth date is checked against today in the profile's zone (São Paulo unless it sets another),
/// as `--today` names it, not against the machine's: on a machine whose zone is on another day, a
/// baby born today in São Paulo is created, and one "born" tomorrow there is refused before anything
/// is sent, naming the flag and the profile's today (the date typed is masked).
#[test]
fn a_birth_date_in_the_future_is_the_profiles_future_whatever_the_machines_zone() {
    let env = Env::new();
    let sao_paulo = sao_paulo_today();
    let day = |d: NaiveDate| d.format("%Y-%m-%d").to_string();
    let create = |zone: &str, born: NaiveDate| {
        env.clear_journal();
        env.clinic()
            .env("TZ", zone)
            .args([
                "contact",
                "create",
                "--name",
                "Ana",
                "--phone",
                "16992640197",
                "--birth-date",
                &day(born),
            ])
            .args(FILED_UNDER_ONE)
            // The same Ana each time: a second one is registered, not taken for the first.
            .args(["--if-exists", "create"])
            .output()
            .unwrap()
    };
    // A zone ahead of São Paulo by a day or more (UTC+14), and one behind it (UTC-12): whichever
    // the hour, one of them is on another day than São Paulo.
    for zone in ["Pacific/Kiritimati", "Etc/GMT+12"] {
        let born_today = create(zone, sao_paulo);
        assert!(
            born_today.status.success(),
            "{zone}: {}",
            stderr(&born_today)
        );
        let tomorrow = create(zone, sao_paulo + Duration::days(1));
        assert_eq!(
            tomorrow.status.code(),
            Some(2),
            "{zone}: {}",
            stderr(&tomorrow)
        );
        let err = stderr(&tomorrow);
        // The date typed is personal, and masked; the day it was checked against is shown.
        assert!(
            err.contains("--birth-date") && err.contains(&format!("today is {}", day(sao_paulo))),
            "{zone}: {err}"
        );
        assert!(env.sent().is_empty(), "{zone}: sent before refusing");
    }
}
