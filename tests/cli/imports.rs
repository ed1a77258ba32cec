//! `clinic contact import`: checked whole before sending, resumable through its journal.

use std::path::Path;

use serde_json::Value;

use crate::common::*;

const GOOD: &str = "\u{feff}nome;telefone;data_nascimento;canal;campanha;email;observacao\n\
Ana Lúcia;(16) 99264-0197;23/04/1990;Instagram;1;ana@example.com;\"primeira; \"\"VIP\"\"\"\n\
Bruno Ávila;+55 11 98888-7777;1985-12-31;2;Black Friday \"50% OFF\";;\n\
Carla Dias;21977776666;01/01/2000;whatsapp;3;;\n";

#[test]
fn import_creates_every_row_once_and_resumes_from_the_journal() {
    let env = Env::new();
    let dir = tempfile::tempdir().unwrap();
    let csv = dir.path().join("novos.csv");
    std::fs::write(&csv, GOOD).unwrap();
    let journal = dir.path().join("novos.journal");
    let out = env.run_ok(&[
        "contact",
        "import",
        arg(&csv),
        "--clinic",
        "1",
        "--journal",
        arg(&journal),
        "--format",
        "ndjson",
    ]);
    let sent = env.posts();
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
    let out = env.run_ok(&[
        "contact",
        "import",
        arg(&csv),
        "--clinic",
        "1",
        "--journal",
        arg(&journal),
    ]);
    assert!(env.posts().is_empty());
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
    let import =
        |csv: &std::path::Path| env.run(&["contact", "import", arg(&csv), "--clinic", "1"]);
    std::fs::write(
        &csv,
        format!("{GOOD}Dora;123;2000-01-01;1;1;;\nEli;21977776666;2000-02-30;1;1;;\n"),
    )
    .unwrap();
    let out = import(&csv);
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
    let out = import(&csv);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("row 2: invalid channel: got \"Orkut\""),
        "{}",
        stderr(&out)
    );
    assert!(env.posts().is_empty());
    // A missing column is named.
    std::fs::write(&csv, "name,phone\nAna,16992640197\n").unwrap();
    exited(env.run(&["contact", "import", arg(&csv)]), 2);
}

#[test]
fn dry_run_shows_the_bodies_and_sends_nothing() {
    let env = Env::new();
    let dir = tempfile::tempdir().unwrap();
    let csv = dir.path().join("novos.csv");
    std::fs::write(&csv, GOOD).unwrap();
    let out = env.run_ok(&[
        "contact",
        "import",
        "--dry-run",
        "--clinic",
        "1",
        "--format",
        "json",
        arg(&csv),
    ]);
    let rows = stdout_json(&out);
    assert_eq!(rows.as_array().unwrap().len(), 3);
    assert_eq!(rows[2]["body"]["telefone"], "(21) 97777-6666");
    assert!(env.posts().is_empty());
}

/// An import file of `count` new contacts, the first numbered `from`.
fn contacts_file(from: usize, count: usize) -> String {
    let mut csv = String::from("nome;telefone;data_nascimento;canal;campanha\n");
    for i in from..from + count {
        csv.push_str(&format!(
            "Pessoa {i};(16) 9{:08};1990-01-01;1;1\n",
            92_000_000 + i
        ));
    }
    csv
}

/// `contact import FILE --journal JOURNAL` with `extra`, as a process to spawn.
fn import_process(env: &Env, file: &Path, journal: &Path, extra: &[&str]) -> std::process::Command {
    let mut cmd = process_for(env.config.path(), env.sandbox.urls());
    cmd.env("CLINIC_TOKEN", env.token("unidade1", "unidade1"))
        .args(["contact", "import"])
        .arg(file)
        .args(["--clinic", "1", "--journal"])
        .arg(journal)
        .args(["--format", "ndjson"])
        .args(extra)
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::piped());
    cmd
}

/// The phones of the contacts created, as the sandbox received them.
fn created_phones(env: &Env) -> Vec<String> {
    let mut phones: Vec<String> = env
        .posts()
        .iter()
        .map(|p| body_of(p)["telefone"].as_str().unwrap().to_string())
        .collect();
    phones.sort();
    phones
}

/// Two imports with one journal at once (cron overlapping a manual re-run): the second waits for
/// the first and then finds every row journaled, so each row is created once. With `--no-wait` it
/// stops at once instead, saying why in the user's language, and sends nothing.
#[test]
fn two_imports_with_one_journal_at_once_create_each_row_once() {
    let env = Env::with(clinic_sandbox::Options {
        latency_ms: 15,
        ..clinic_sandbox::Options::ephemeral()
    });
    let dir = tempfile::tempdir().unwrap();
    let (csv, journal) = (
        dir.path().join("novos.csv"),
        dir.path().join("novos.journal"),
    );
    std::fs::write(&csv, contacts_file(0, 50)).unwrap();
    let runs: Vec<std::process::Child> = (0..2)
        .map(|_| {
            import_process(&env, &csv, &journal, &["--concurrency", "2"])
                .spawn()
                .unwrap()
        })
        .collect();
    let said: Vec<String> = runs
        .into_iter()
        .map(|run| {
            let out = finished_ok(run);
            stderr(&out)
        })
        .collect();
    let phones = created_phones(&env);
    assert_eq!(phones.len(), 50, "{said:?}");
    let mut once = phones.clone();
    once.dedup();
    assert_eq!(once, phones, "a row created twice");
    assert!(
        said.iter()
            .any(|s| s.contains("waiting for it to end") && s.contains("0 created, 50 skipped")),
        "the two runs did not overlap: {said:?}"
    );

    // A long import holds another journal; runs with --no-wait meanwhile stop at once.
    env.clear_journal();
    let (more, other) = (dir.path().join("mais.csv"), dir.path().join("mais.journal"));
    std::fs::write(&more, contacts_file(100, 100)).unwrap();
    let long = import_process(&env, &more, &other, &["--concurrency", "1"])
        .spawn()
        .unwrap();
    let lock = dir.path().join("mais.journal.lock");
    let started = std::time::Instant::now();
    while !lock.exists() || env.posts().is_empty() {
        assert!(started.elapsed().as_secs() < 20, "the import never started");
        std::thread::sleep(std::time::Duration::from_millis(10));
    }
    for (lang, expected) in [
        ("en", "another import is using the journal"),
        ("pt-BR", "outra importação está usando o registro"),
    ] {
        let out = import_process(&env, &more, &other, &["--no-wait"])
            .env("CLINIC_LANG", lang)
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
        assert!(stderr(&out).contains(expected), "{lang}: {}", stderr(&out));
    }
    finished_ok(long);
    let phones = created_phones(&env);
    assert_eq!(phones.len(), 100);
    let mut once = phones.clone();
    once.dedup();
    assert_eq!(once, phones, "a row created twice");
}
