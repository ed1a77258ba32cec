//! `clinic contact import`: checked whole before sending, resumable through its journal.

use serde_json::Value;

use crate::common::*;

const GOOD: &str = "\u{feff}nome;telefone;data_nascimento;canal;campanha;email;observacao\n\
Ana Lúcia;(16) 99264-0197;23/04/1990;Instagram;1;ana@example.com;\"primeira; \"\"VIP\"\"\"\n\
Bruno Ávila;+55 11 98888-7777;1985-12-31;2;Black Friday \"50% OFF\";;\n\
Carla Dias;21977776666;01/01/2000;whatsapp;3;;\n";

fn posts(env: &Env) -> Vec<Value> {
    env.sent()
        .into_iter()
        .filter(|r| r["method"] == "POST")
        .collect()
}

#[test]
fn import_creates_every_row_once_and_resumes_from_the_journal() {
    let env = Env::new();
    let dir = tempfile::tempdir().unwrap();
    let csv = dir.path().join("novos.csv");
    std::fs::write(&csv, GOOD).unwrap();
    let journal = dir.path().join("novos.journal");
    let out = env
        .clinic()
        .args(["contact", "import"])
        .arg(&csv)
        .args(["--clinic", "1", "--journal"])
        .arg(&journal)
        .args(["--format", "ndjson"])
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", stderr(&out));
    let sent = posts(&env);
    assert_eq!(sent.len(), 3);
    let bodies: Vec<Value> = sent.iter().map(body_of).collect();
    let ana = bodies.iter().find(|b| b["nome"] == "Ana Lúcia").unwrap();
    assert_eq!(ana["telefone"], "(16) 99264-0197");
    assert_eq!(ana["canal"], 3);
    assert_eq!(ana["observacao"], "primeira; \"VIP\"");
    let bruno = bodies.iter().find(|b| b["nome"] == "Bruno Ávila").unwrap();
    assert_eq!(
        (&bruno["campanha"], &bruno["data_nascimento"]),
        (&2.into(), &"1985-12-31".into())
    );
    let lines = String::from_utf8(out.stdout).unwrap();
    assert_eq!(
        lines.lines().filter(|l| l.contains("\"created\"")).count(),
        3,
        "{lines}"
    );

    // A second run with the same journal creates nobody again.
    env.clear_journal();
    let out = env
        .clinic()
        .args(["contact", "import"])
        .arg(&csv)
        .args(["--clinic", "1", "--journal"])
        .arg(&journal)
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(posts(&env).is_empty());
    assert!(
        stderr(&out).contains("0 created, 3 skipped"),
        "{}",
        stderr(&out)
    );
}

#[test]
fn one_bad_row_stops_the_import_before_anything_is_sent() {
    let env = Env::new();
    let dir = tempfile::tempdir().unwrap();
    let csv = dir.path().join("bad.csv");
    std::fs::write(
        &csv,
        format!("{GOOD}Dora;123;2000-01-01;1;1;;\nEli;21977776666;2000-02-30;1;1;;\n"),
    )
    .unwrap();
    let out = env
        .clinic()
        .args(["contact", "import"])
        .arg(&csv)
        .args(["--clinic", "1"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = stderr(&out);
    assert!(
        err.contains("row 5: invalid phone") && err.contains("row 6: invalid birth_date"),
        "{err}"
    );
    assert!(env.sent().is_empty());
    // Unknown names are reported together too, and nothing is created.
    std::fs::write(
        &csv,
        "name,phone,birth_date,channel,campaign\nAna,16992640197,1990-01-01,Orkut,1\n",
    )
    .unwrap();
    let out = env
        .clinic()
        .args(["contact", "import"])
        .arg(&csv)
        .args(["--clinic", "1"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("row 2: invalid channel: got \"Orkut\""),
        "{}",
        stderr(&out)
    );
    assert!(posts(&env).is_empty());
    // A missing column is named.
    std::fs::write(&csv, "name,phone\nAna,16992640197\n").unwrap();
    env.clinic()
        .args(["contact", "import"])
        .arg(&csv)
        .assert()
        .code(2);
}

#[test]
fn dry_run_shows_the_bodies_and_sends_nothing() {
    let env = Env::new();
    let dir = tempfile::tempdir().unwrap();
    let csv = dir.path().join("novos.csv");
    std::fs::write(&csv, GOOD).unwrap();
    let out = env
        .clinic()
        .args([
            "contact",
            "import",
            "--dry-run",
            "--clinic",
            "1",
            "--format",
            "json",
        ])
        .arg(&csv)
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", stderr(&out));
    let rows = stdout_json(&out);
    assert_eq!(rows.as_array().unwrap().len(), 3);
    assert_eq!(rows[2]["body"]["telefone"], "(21) 97777-6666");
    assert!(posts(&env).is_empty());
}
