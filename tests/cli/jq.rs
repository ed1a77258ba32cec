//! `--jq` as `gh --jq`: without a format each result is a line, strings raw; `-r` asks the same of
//! NDJSON; a filter that fails on a record is an error.

use crate::common::*;

#[test]
fn jq_results_are_lines_and_strings_print_raw() {
    let env = Env::new();
    let names = succeeds(env.clinic().args(["ref", "channels", "--jq", ".nome"]));
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
    let objects = env
        .clinic()
        .args(["ref", "channels", "--jq", "{id}"])
        .output()
        .unwrap();
    let text = String::from_utf8(objects.stdout).unwrap();
    assert!(text.lines().all(|l| l.starts_with("{\"id\":")), "{text}");

    // An asked-for format still wins: JSON is an array of quoted strings.
    let json = env
        .clinic()
        .args(["ref", "channels", "--jq", ".nome", "--format", "json"])
        .output()
        .unwrap();
    assert!(
        stdout_json(&json)
            .as_array()
            .unwrap()
            .contains(&"Instagram".into())
    );

    // `-r` makes NDJSON's strings raw too.
    let raw = env
        .clinic()
        .args([
            "ref", "channels", "--jq", ".nome", "--format", "ndjson", "-r",
        ])
        .output()
        .unwrap();
    let text = String::from_utf8(raw.stdout).unwrap();
    assert!(text.lines().any(|l| l == "Instagram"), "{text}");
}

#[test]
fn a_filter_that_fails_on_a_record_is_an_error() {
    let env = Env::new();
    let out = env
        .clinic()
        .args(["ref", "channels", "--jq", ".nome | tonumber"])
        .output()
        .unwrap();
    assert_ne!(out.status.code(), Some(0), "{}", stderr(&out));
    assert!(stderr(&out).contains("jq"), "{}", stderr(&out));
}
