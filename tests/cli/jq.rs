//! `--jq` as `gh --jq`: without a format each result is a line, strings raw; `-r` asks the same of
//! NDJSON; a filter that fails on a record is an error.

use crate::common::*;

#[test]
fn jq_results_are_lines_and_strings_print_raw() {
    let env = Env::new();
    let names = env.run_ok(&["ref", "channels", "--jq", ".nome"]);
    let text = String::from_utf8(names.stdout).unwrap();
    assert!(text.lines().any(|l| l == "Instagram"), "{text}");
    // A name holding quotes comes as it is, never escaped.
    assert!(
        text.lines().any(|l| l == "Evento \"Dia da Beleza\""),
        "{text}"
    );
    assert!(
        !text.contains("\"Instagram\"") && !text.contains('['),
        "{text}"
    );

    // Other results are compact JSON, one a line.
    let objects = env.run(&["ref", "channels", "--jq", "{id}"]);
    let text = String::from_utf8(objects.stdout).unwrap();
    assert!(text.lines().all(|l| l.starts_with("{\"id\":")), "{text}");

    // An asked-for format still wins: JSON is an array of quoted strings.
    let json = env.run(&["ref", "channels", "--jq", ".nome", "--format", "json"]);
    assert!(
        stdout_json(&json)
            .as_array()
            .unwrap()
            .contains(&"Instagram".into())
    );

    // `-r` makes NDJSON's strings raw too.
    let raw = env.run(&[
        "ref", "channels", "--jq", ".nome", "--format", "ndjson", "-r",
    ]);
    let text = String::from_utf8(raw.stdout).unwrap();
    assert!(text.lines().any(|l| l == "Instagram"), "{text}");
}

#[test]
fn a_filter_that_fails_on_a_record_is_an_error() {
    let env = Env::new();
    let out = env.run(&["ref", "channels", "--jq", ".nome | tonumber"]);
    assert_ne!(out.status.code(), Some(0), "{}", stderr(&out));
    assert!(stderr(&out).contains("jq"), "{}", stderr(&out));
}

/// As `gh --jq`: values a filter gives go into CSV and TSV one per line, with no `value` header that a
/// reader would take for data; objects still get their keys as columns.
#[test]
fn jq_values_in_csv_and_tsv_are_bare_lines_and_objects_keep_their_columns() {
    let env = Env::new();
    let run = |args: &[&str]| {
        let out = env.run(args);
        assert!(out.status.success(), "{}", stderr(&out));
        String::from_utf8(out.stdout).unwrap()
    };
    let names = run(&["ref", "channels", "--jq", ".nome", "--format", "csv"]);
    assert!(!names.lines().any(|l| l == "value"), "{names}");
    assert_eq!(names.lines().next(), Some("WhatsApp"), "{names}");
    // CSV quoting still applies to a value that needs it.
    assert!(
        names
            .lines()
            .any(|l| l == "\"Evento \"\"Dia da Beleza\"\"\""),
        "{names}"
    );
    let ids = run(&["ref", "channels", "--jq", ".id", "--format", "tsv"]);
    assert_eq!(ids.lines().next(), Some("1"), "{ids}");
    let objects = run(&[
        "ref",
        "channels",
        "--jq",
        "{canal: .nome}",
        "--format",
        "csv",
    ]);
    assert_eq!(objects.lines().next(), Some("canal"), "{objects}");
    assert_eq!(objects.lines().nth(1), Some("WhatsApp"), "{objects}");

    // Written to a file the same way.
    let file = env.config.path().join("nomes.csv");
    let out = env.run(&["ref", "channels", "--jq", ".nome", "-o", arg(&file)]);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = std::fs::read_to_string(&file).unwrap();
    assert_eq!(text.lines().next(), Some("WhatsApp"), "{text}");

    // Values mixed with objects among the first records: a header covers both, as for any records.
    let mixed = run(&[
        "ref",
        "channels",
        "--jq",
        "if .id == 1 then .nome else {id} end",
        "--format",
        "csv",
    ]);
    assert_eq!(mixed.lines().next(), Some("value,id"), "{mixed}");
}
