//! Lists and reports walk every page unless one page is asked for or the output is a table on a
//! terminal, and `-o`'s file name picks the format (a contradicting `--format` is refused first).

use crate::common::{Env, FICHA, arg, exited, stderr, stdout_json};

#[test]
fn a_script_export_without_all_writes_every_record() {
    let env = Env::scale(2000);
    let everything =
        stdout_json(&env.run(&["report", "ficha-financeira", "--all", "--format", "json"]));
    let total = everything.as_array().unwrap().len();
    assert!(total > 50, "{total} records: more than one page");
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("um.csv");
    env.run_ok(&["report", "ficha-financeira", "--excel", "-o", arg(&file)]);
    let text = std::fs::read_to_string(&file).unwrap();
    let rows = csv::ReaderBuilder::new()
        .delimiter(b';')
        .from_reader(text.trim_start_matches('\u{feff}').as_bytes())
        .records()
        .count();
    assert_eq!(rows, total);
    // One page when one is asked for.
    let out = env.run(&[FICHA, &["--page", "2", "--format", "json"][..]].concat());
    assert_eq!(stdout_json(&out).as_array().unwrap().len(), 50);
}

#[test]
fn every_clinic_and_every_page_without_all() {
    let env = Env::scale(1200);
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("rede.ndjson");
    env.run_ok_as(
        "admin",
        &[
            "report",
            "ficha-financeira",
            "--clinic",
            "all",
            "-o",
            arg(&file),
        ],
    );
    let lines = std::fs::read_to_string(&file).unwrap().lines().count() as u64;
    assert_eq!(lines, env.stats()["quotes"].as_u64().unwrap());
}

#[test]
fn the_file_name_picks_the_format_and_a_contradiction_is_refused_before_sending() {
    let env = Env::new();
    let dir = tempfile::tempdir().unwrap();
    let workbook = dir.path().join("planilha.xlsx");
    env.run_ok(&["ref", "channels", "-o", arg(&workbook)]);
    assert!(std::fs::read(&workbook).unwrap().starts_with(b"PK"));
    let lines = dir.path().join("canais.jsonl");
    env.run_ok(&["ref", "channels", "-o", arg(&lines)]);
    let text = std::fs::read_to_string(&lines).unwrap();
    assert!(text.lines().count() > 1);
    assert!(
        text.lines()
            .all(|l| serde_json::from_str::<serde_json::Value>(l).is_ok())
    );

    env.clear_journal();
    let wrong = dir.path().join("x.csv");
    let out = exited(
        env.run(&["ref", "channels", "--format", "xlsx", "-o", arg(&wrong)]),
        2,
    );
    assert!(stderr(&out).contains("--format"), "{}", stderr(&out));
    assert!(!wrong.exists());
    assert!(env.sent().is_empty());
}
