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

/// `text` as Excel pt-BR saves a plain CSV: Windows-1252, one byte a letter.
fn windows_1252(text: &str) -> Vec<u8> {
    text.chars()
        .map(|c| match c {
            '€' => 0x80,
            c if (c as u32) < 0x80 || (0xa0..=0xff).contains(&(c as u32)) => c as u8,
            c => panic!("{c} is not in this test's Windows-1252"),
        })
        .collect()
}

/// The receptionist's spreadsheet as Excel saves "CSV (separado por vírgulas)": Windows-1252, `;`,
/// CRLF, no BOM, in a folder whose name has accents and (on Windows) backslashes.
const EXCEL_PLAIN: &str = "nome;telefone;data_nascimento;canal;campanha;observacao\r\n\
José Antônio Araújo;(16) 99264-0197;23/04/1990;1;1;Área de espera\r\n\
Conceição Müller;21977776666;01/01/2000;2;1;paga em €\r\n";

#[test]
fn excels_plain_csv_in_windows_1252_is_imported_with_its_accents_and_says_so() {
    let env = Env::new();
    let dir = tempfile::tempdir().unwrap();
    // One file name, with the backslashes a Windows path has: shown as typed, never doubled.
    let csv = dir
        .path()
        .join(r"C:\users\José\Área de Trabalho\novos contatos.csv");
    std::fs::write(&csv, windows_1252(EXCEL_PLAIN)).unwrap();
    let note = format!(
        "{} is not UTF-8 (line 2, byte 4): read as Windows-1252, the encoding of Excel's plain \
         CSV; --encoding names another\n",
        csv.display()
    );

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
    assert_eq!(stderr(&out), note);
    let rows = stdout_json(&out);
    let names: Vec<&str> = rows
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["body"]["nome"].as_str().unwrap())
        .collect();
    assert_eq!(names, ["José Antônio Araújo", "Conceição Müller"]);
    assert_eq!(rows[1]["body"]["observacao"], "paga em €");
    assert!(env.sent().is_empty());

    let out = env.run_ok(&["contact", "import", "--clinic", "1", arg(&csv)]);
    assert!(stderr(&out).starts_with(&note), "{}", stderr(&out));
    let bodies: Vec<Value> = env.posts().iter().map(body_of).collect();
    // Rows go out several at a time: the order they arrive in is not the file's.
    let mut sent: Vec<(&str, &str)> = bodies
        .iter()
        .map(|b| {
            (
                b["nome"].as_str().unwrap(),
                b["observacao"].as_str().unwrap(),
            )
        })
        .collect();
    sent.sort();
    assert_eq!(
        sent,
        [
            ("Conceição Müller", "paga em €"),
            ("José Antônio Araújo", "Área de espera")
        ]
    );
}

/// `--encoding` reads the file as it says, quietly; a file that is text in no encoding tried is
/// refused at the line and byte where it stops making sense, with what to do, and nothing is sent.
#[test]
fn an_encoding_named_is_the_one_read_and_a_file_in_none_is_refused_where_it_breaks() {
    let env = Env::new();
    let dir = tempfile::tempdir().unwrap();
    let csv = dir.path().join(r"C:\users\José\novos.csv");
    std::fs::write(&csv, windows_1252(EXCEL_PLAIN)).unwrap();
    let import = |extra: &[&str]| {
        let mut args = vec!["contact", "import", "--dry-run", "--clinic", "1"];
        args.extend_from_slice(extra);
        args.extend(["--format", "json", arg(&csv)]);
        env.run(&args)
    };
    let out = exited(import(&["--encoding", "windows-1252"]), 0);
    assert_eq!(stderr(&out), "");
    assert_eq!(stdout_json(&out)[0]["body"]["nome"], "José Antônio Araújo");

    let out = import(&["--encoding", "utf-8"]);
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        stderr(&out),
        format!(
            "error: invalid FILE: got \"{}\", expected text in UTF-8, but line 2, byte 4 (0xE9) \
             is not: in Excel, save it as \"CSV UTF-8 (Comma delimited)\", or name its encoding \
             with --encoding\n",
            csv.display()
        )
    );

    // Excel's "Unicode text" (UTF-16): a NUL after every letter of the header.
    let utf16: Vec<u8> = "\u{feff}nome;telefone\r\n"
        .encode_utf16()
        .flat_map(u16::to_le_bytes)
        .collect();
    std::fs::write(&csv, utf16).unwrap();
    let out = import(&[]);
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        stderr(&out),
        format!(
            "error: invalid FILE: got \"{}\", expected text in UTF-8 or Windows-1252, but line 1, \
             byte 4 (0x00) is neither: in Excel, save it as \"CSV UTF-8 (Comma delimited)\", or \
             name its encoding with --encoding\n",
            csv.display()
        )
    );
    assert!(env.sent().is_empty());
}

/// Several bad rows: one line each under the summary, and an empty cell a row needs is called
/// required, with what it takes.
#[test]
fn each_invalid_row_is_a_line_of_its_own_and_an_empty_needed_cell_is_required() {
    let env = Env::new();
    let dir = tempfile::tempdir().unwrap();
    let csv = dir.path().join("novos.csv");
    std::fs::write(
        &csv,
        "nome;telefone;data_nascimento;canal;campanha\n\
         Ana;16992640197;1990-01-01;1;\n\
         Bia;16992640198;1990-02-30;1;1\n",
    )
    .unwrap();
    let out = env.run(&["contact", "import", "--clinic", "1", arg(&csv)]);
    assert_eq!(out.status.code(), Some(2));
    let err = stderr(&out);
    let lines: Vec<&str> = err.lines().collect();
    assert_eq!(
        lines[..2],
        [
            "error: 2 of the rows are invalid; nothing was sent:",
            "  row 2: campaign is required: expected an ID or a name",
        ],
        "{err}"
    );
    assert!(
        lines[2].starts_with("  row 3: invalid birth_date: got \"1990-02-30\""),
        "{err}"
    );
    assert_eq!(lines.len(), 3, "{err}");
    assert!(env.sent().is_empty());

    // No clinic column, no --clinic, no default: the clinic is required too.
    std::fs::write(
        &csv,
        "nome;telefone;data_nascimento;canal;campanha\nAna;16992640197;1990-01-01;1;1\n",
    )
    .unwrap();
    let out = env.run(&["contact", "import", arg(&csv)]);
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        stderr(&out),
        "error: 1 of the rows are invalid; nothing was sent:\n  row 2: clinic is required: \
         expected a clinic column, --clinic, or the profile's clinica\n"
    );
}
