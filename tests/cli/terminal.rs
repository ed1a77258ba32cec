//! What a person at a terminal sees on stderr: progress of walks, and hints about what was left out.
//! Driven through pseudo-terminals.

use clinic_sandbox::Options;
use rexpect::session::spawn_command;

use crate::common::*;

/// Every rate (`…/s`) in `text` is a whole number.
fn rates_are_whole(text: &str) -> bool {
    text.match_indices("/s").all(|(at, _)| {
        let number: String = text[..at]
            .chars()
            .rev()
            .take_while(|c| c.is_ascii_digit() || *c == ',' || *c == '.')
            .collect();
        !number.is_empty() && !number.contains('.')
    })
}

#[test]
fn a_walk_shows_the_total_the_percentage_and_the_time_left() {
    let env = Env::with(Options {
        scale: 400,
        latency_ms: 150,
        ..Options::ephemeral()
    });
    let dir = tempfile::tempdir().unwrap();
    let mut cmd = env.terminal_command("unidade1");
    cmd.args([
        "report",
        "ficha-financeira",
        "--all",
        "--per-page",
        "5",
        "--concurrency",
        "1",
        "--format",
        "csv",
        "-o",
    ])
    .arg(dir.path().join("ficha.csv"));
    let mut p = spawn_command(cmd, Some(60_000)).unwrap();
    let (_, shown) = p
        .exp_regex(r"quotes: [0-9,]+ of [0-9,]+ records +\d+%")
        .unwrap();
    let total: String = shown
        .split(" of ")
        .nth(1)
        .unwrap()
        .split(' ')
        .next()
        .unwrap()
        .to_string();
    p.exp_string("ETA").unwrap();
    let (progress, summary) = p.exp_regex(r"[0-9,]+ records from [0-9,]+ pages").unwrap();
    assert!(
        summary.starts_with(&format!("{total} records from ")),
        "{summary} after a total of {total}"
    );
    assert!(
        progress.contains("/s") && rates_are_whole(&progress),
        "{progress}"
    );
    p.exp_eof().unwrap();
}

#[test]
fn counts_use_the_singular_for_one() {
    let env = Env::new();
    let out = env
        .clinic()
        .args([
            "ref", "channels", "--all", "--limit", "1", "--format", "json",
        ])
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(
        stderr(&out).contains("1 record from 1 page\n"),
        "{}",
        stderr(&out)
    );
}

#[test]
fn one_page_of_a_longer_list_says_how_to_see_the_rest() {
    let env = Env::new();
    let total = env
        .fetch_all("/listaCampanha", "", &env.token("unidade1", "unidade1"))
        .len();
    assert!(total > 15, "{total} campaigns");
    let mut cmd = env.terminal_command("unidade1");
    cmd.args(["--per-page", "5", "ref", "campaigns"]);
    let mut p = spawn_command(cmd, Some(30_000)).unwrap();
    p.exp_string(&pty_text(&format!(
        "showing 1–5 of {total} — --all for every page"
    )))
    .unwrap();
    p.exp_eof().unwrap();
    let mut cmd = env.terminal_command("unidade1");
    cmd.args(["ref", "campaigns", "--page", "3", "--per-page", "5"]);
    let mut p = spawn_command(cmd, Some(30_000)).unwrap();
    p.exp_string(&pty_text(&format!(
        "showing 11–15 of {total} — --all for every page"
    )))
    .unwrap();
    p.exp_eof().unwrap();
    // The last page, a whole walk, and output read by a program say nothing of the kind.
    let mut cmd = env.terminal_command("unidade1");
    cmd.args(["ref", "campaigns", "--per-page", "100"]);
    let mut p = spawn_command(cmd, Some(30_000)).unwrap();
    let rest = p.exp_eof().unwrap();
    assert!(!rest.contains("showing"), "{rest}");
    let out = env
        .clinic()
        .args(["--per-page", "5", "ref", "campaigns"])
        .output()
        .unwrap();
    assert!(out.status.success());
    assert!(!stderr(&out).contains("showing"), "{}", stderr(&out));
}
