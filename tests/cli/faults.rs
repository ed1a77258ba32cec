//! A faulty server: reads are retried, writes are sent once, overload slows walks down, and the
//! bare-token scheme, once detected, is remembered.

use clinic_sandbox::{AuthScheme, Options};
use predicates::prelude::*;
use serde_json::Value;

use crate::common::*;

fn count(env: &Env, method: &str, path_end: &str) -> usize {
    env.sent()
        .iter()
        .filter(|r| r["method"] == method && is_to(r, path_end))
        .count()
}

#[test]
fn server_errors_retry_reads_but_never_writes() {
    let env = Env::with(Options {
        error_rate: 1.0,
        ..Options::ephemeral()
    });
    // Every answer is a 5xx, logins included, before any token is looked at.
    let token = "any-token";
    let run = |args: &[&str]| {
        env.bare()
            .env("CLINIC_TOKEN", token)
            .env("CLINIC_MAX_WAIT", "2s")
            .args(args)
            .output()
            .unwrap()
    };
    let out = run(&["ref", "channels"]);
    assert_eq!(out.status.code(), Some(5), "{}", stderr(&out));
    assert!(stderr(&out).contains("HTTP 50"), "{}", stderr(&out));
    assert!(
        count(&env, "GET", "/listaCanal") > 1,
        "a read is retried until --max-wait has passed"
    );
    let out = run(&["campaign", "create", "--name", "Uma vez", "--clinic", "1"]);
    assert_eq!(out.status.code(), Some(5), "{}", stderr(&out));
    assert_eq!(
        count(&env, "POST", "/criaCampanha"),
        1,
        "a write is never sent twice"
    );
}

#[test]
fn a_cut_answer_is_retried_for_a_read_and_reported_for_a_write() {
    let env = Env::with(Options {
        drop_rate: 1.0,
        ..Options::ephemeral()
    });
    let io = |args: &[&str]| {
        env.run_with(
            &[("CLINIC_IO_KEY", arg(&clinic_sandbox::IO_KEY))],
            &[&["--max-wait", "2s"][..], args].concat(),
        )
    };
    let out = io(&["io", "POST", "/leads", "--data", r#"{"nome":"Ana"}"#]);
    assert_eq!(out.status.code(), Some(5), "{}", stderr(&out));
    assert!(
        stderr(&out).contains("may have reached the server"),
        "{}",
        stderr(&out)
    );
    assert_eq!(count(&env, "POST", "/io/leads"), 1);
    let out = io(&["io", "GET", "/leads"]);
    assert_eq!(out.status.code(), Some(5));
    assert!(stderr(&out).contains("--max-wait"), "{}", stderr(&out));
    assert!(count(&env, "GET", "/io/leads") > 1);
}

#[test]
fn a_rate_limited_walk_slows_down_and_completes() {
    let env = Env::with(Options {
        rate_limit: 8,
        scale: 3000,
        ..Options::ephemeral()
    });
    let out = env.run_ok(
        &[
            APPOINTMENTS,
            &[
                "--all",
                "--per-page",
                "20",
                "--concurrency",
                "4",
                "--format",
                "ndjson",
            ][..],
        ]
        .concat(),
    );
    let n = String::from_utf8(out.stdout).unwrap().lines().count();
    let stats = env.stats();
    assert_eq!(
        n as u64,
        stats["appointments_by_clinic"]["1"].as_u64().unwrap()
    );
}

#[test]
fn the_bare_token_scheme_is_detected_once_and_remembered() {
    let env = Env::with(Options {
        auth_scheme: AuthScheme::Raw,
        ..Options::ephemeral()
    });
    assert!(env.login_to_file().status.success());
    env.clear_journal();
    env.file_store()
        .args(CHANNELS_JSON)
        .assert()
        .success()
        .stderr(predicate::str::contains("auth_scheme = raw"));
    let schemes: Vec<bool> = without_numbering_probe(env.sent())
        .iter()
        .map(|r| {
            r["headers"]["authorization"]
                .as_str()
                .unwrap()
                .starts_with("Bearer ")
        })
        .collect();
    // Bearer refused once; every request after it bare.
    assert!(schemes.len() >= 2, "{schemes:?}");
    assert!(
        schemes[0] && schemes[1..].iter().all(|bearer| !bearer),
        "{schemes:?}"
    );
    let config = std::fs::read_to_string(env.config.path().join("config.toml")).unwrap();
    assert!(config.contains("auth_scheme = \"raw\""), "{config}");
    env.clear_journal();
    env.file_store().args(CHANNELS_JSON).assert().success();
    // The page and the empty one after it, both bare.
    let sent: Vec<Value> = env.sent();
    assert_eq!(sent.len(), 2);
    assert!(all_sent_bare(&sent));
}
