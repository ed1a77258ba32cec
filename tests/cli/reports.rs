use predicates::prelude::*;
use serde_json::Value;

use crate::common::*;

#[test]
fn ficha_financeira_page_sends_filters_and_prints_records() {
    let env = Env::new();
    let out = env.run_ok(
        &[
            FICHA,
            &[
                "--from",
                "01/01/2020",
                "--to",
                "2030-12-31",
                "--status",
                "2",
                "--seller",
                "3",
                "--active",
                "--page",
                "1",
                "--per-page",
                "7",
                "--format",
                "json",
            ][..],
        ]
        .concat(),
    );
    let sent = crate::common::without_numbering_probe(env.sent());
    assert_eq!(sent.len(), 1);
    assert_eq!(sent[0]["method"], "GET");
    assert!(
        sent[0]["path"]
            .as_str()
            .unwrap()
            .ends_with("/rest/v1/lista_venda_orcamento")
    );
    let q = query_of(&sent[0]);
    for pair in [
        ("data_de", "2020-01-01"),
        ("data_ate", "2030-12-31"),
        ("status", "2"),
        ("vendedor", "3"),
        ("inativo", "0"),
        ("pagina_atual", "1"),
        ("por_pagina", "7"),
    ] {
        assert!(
            q.contains(&(pair.0.to_string(), pair.1.to_string())),
            "{pair:?} not in {q:?}"
        );
    }
    assert!(
        sent[0]["headers"]["authorization"]
            .as_str()
            .unwrap()
            .starts_with("Bearer ")
    );
    let records = stdout_json(&out);
    let records = records.as_array().unwrap();
    assert!(!records.is_empty() && records.len() <= 7);
    for r in records {
        assert_eq!(
            (&r["id_status"], &r["id_vendedor"], &r["inativo"]),
            (&2.into(), &3.into(), &0.into()),
            "{r}"
        );
    }
}

#[test]
fn appointments_type_2_needs_has_quote_and_sends_nothing() {
    let env = Env::new();
    let out = exited(env.run(&["report", "appointments", "--type", "2"]), 2);
    let err = stderr(&out);
    assert!(
        err.contains("--has-quote") && err.contains("0 or 1"),
        "{err}"
    );
    assert!(env.sent().is_empty());
}

#[test]
fn appointments_status_list_sent_comma_separated() {
    let env = Env::new();
    let out = env.run_ok(
        &[
            APPOINTMENTS,
            &[
                "--status",
                "[1, 2,3]",
                "--type",
                "2",
                "--has-quote",
                "1",
                "--from",
                "2020-01-01",
                "--format",
                "ndjson",
            ][..],
        ]
        .concat(),
    );
    let q = query_of(&env.sent()[0]);
    assert!(q.contains(&("status".into(), "1,2,3".into())), "{q:?}");
    assert!(q.contains(&("tipo_agendamento".into(), "2".into())));
    assert!(q.contains(&("avaliacao_possui".into(), "1".into())));
    assert!(q.contains(&("data_agendamento_de".into(), "2020-01-01".into())));
    for line in String::from_utf8(out.stdout).unwrap().lines() {
        let v: Value = serde_json::from_str(line).unwrap();
        assert!(v.is_object());
    }
}

#[test]
fn bad_dates_and_ranges_are_refused_before_sending() {
    let env = Env::new();
    for args in [
        vec!["report", "ficha-financeira", "--from", "31/02/2024"],
        vec![
            "report",
            "ficha-financeira",
            "--from",
            "2024-05-01",
            "--to",
            "2024-04-01",
        ],
        vec!["report", "appointments", "--status", "1,0"],
        vec!["report", "appointments", "--has-quote", "2"],
    ] {
        env.clinic()
            .args(&args)
            .assert()
            .code(2)
            .stderr(predicate::str::contains("expected"));
    }
    assert!(env.sent().is_empty());
}

#[test]
fn admin_without_clinic_gets_the_server_message() {
    let env = Env::new();
    let out = exited(env.run_as("admin", &["report", "ficha-financeira"]), 4);
    assert!(stderr(&out).contains("HTTP 400"), "{}", stderr(&out));
    env.run_ok_as(
        "admin",
        &[FICHA, &["--clinic", "3", "--format", "json"][..]].concat(),
    );
}
