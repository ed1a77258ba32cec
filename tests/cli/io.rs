//! `clinic io`: the Integrações IO caller, its key, and answers of any shape.

use serde_json::json;

use crate::common::*;

const KEY: &str = clinic_sandbox::IO_KEY;

#[test]
fn io_call_sends_the_key_and_shows_the_answer() {
    let env = Env::new();
    let out = exited(
        env.run_with(
            &[("CLINIC_IO_KEY", arg(&KEY))],
            &[
                "io",
                "post",
                "/leads/novo",
                "--data",
                r#"{"nome": "Ana", "tags": [1, 2]}"#,
                "-Q",
                "origem=site",
                "--format",
                "json",
            ],
        ),
        0,
    );
    let answer = stdout_json(&out);
    assert_eq!(answer["method"], "POST");
    assert_eq!(answer["path"], "/io/leads/novo");
    assert_eq!(answer["query"], "origem=site");
    assert_eq!(answer["body"], json!({"nome": "Ana", "tags": [1, 2]}));
    let sent = env.sent();
    assert_eq!(sent.len(), 1);
    assert_eq!(sent[0]["headers"]["x-api-key"], KEY);
    assert_eq!(body_of(&sent[0]), json!({"nome": "Ana", "tags": [1, 2]}));
}

#[test]
fn a_text_answer_is_printed_as_it_came() {
    let env = Env::new();
    let out = exited(
        env.run_with(
            &[("CLINIC_IO_KEY", arg(&KEY))],
            &["io", "GET", "text", "--format", "json"],
        ),
        0,
    );
    assert_eq!(
        String::from_utf8(out.stdout).unwrap(),
        "Integrações IO: chamada 1 recebida\nsem JSON nesta resposta\n"
    );
}

#[test]
fn without_a_key_nothing_is_sent_and_the_exit_is_3() {
    let env = Env::new();
    let out = exits(env.bare().args(["io", "GET", "/status"]), 3);
    assert!(
        stderr(&out).contains("clinic auth set-io-key"),
        "{}",
        stderr(&out)
    );
    assert!(env.sent().is_empty());
}

#[test]
fn a_refused_key_exits_3_and_is_never_shown() {
    let env = Env::new();
    let wrong = "w-r-o-n-g-k-e-y-123";
    let out = exited(
        env.run_with(
            &[("CLINIC_IO_KEY", arg(&wrong))],
            &["-v", "io", "GET", "/status"],
        ),
        3,
    );
    assert!(
        stderr(&out).contains("clinic auth set-io-key"),
        "{}",
        stderr(&out)
    );
    assert!(!stderr(&out).contains(wrong), "{}", stderr(&out));
    assert_eq!(env.sent()[0]["headers"]["x-api-key"], wrong);
}

#[test]
fn the_stored_key_is_used_and_stays_out_of_traces() {
    let env = Env::new();
    exited(
        env.run_typed(
            &[("CLINIC_CREDENTIAL_STORE", "file")],
            format!("{KEY}\n").as_ref(),
            &["auth", "set-io-key", "--stdin", "--insecure-storage"],
        ),
        0,
    );
    let out = succeeds(
        env.bare()
            .args(["-v", "io", "DELETE", "/leads/7", "--format", "json"]),
    );
    assert_eq!(stdout_json(&out)["method"], "DELETE");
    let err = stderr(&out);
    assert!(err.contains("> DELETE "), "{err}");
    assert!(!err.contains(KEY), "{err}");
    assert!(!String::from_utf8_lossy(&out.stdout).contains(KEY));
    assert_eq!(env.sent().last().unwrap()["headers"]["x-api-key"], KEY);
}

#[test]
fn bad_input_is_refused_before_sending() {
    let env = Env::new();
    for args in [
        vec!["io", "POST", "/x", "--data", "{nope"],
        vec!["io", "FETCH", "/x"],
        vec!["io", "GET", "/x", "-Q", "novalue"],
        vec!["io", "POST", "/x", "--data", "@/no/such/file.json"],
    ] {
        let out = env.run_with(&[("CLINIC_IO_KEY", arg(&KEY))], &args);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {}", stderr(&out));
    }
    assert!(env.sent().is_empty());
}
