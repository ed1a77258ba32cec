//! Login, status and logout through the real kernel keyring and the 0600 file store.

use predicates::prelude::*;
use serde_json::Value;

use crate::common::*;

fn unique_profile(tag: &str) -> String {
    format!(
        "test-{tag}-{}-{}",
        std::process::id(),
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .unwrap()
            .as_nanos()
    )
}

#[test]
fn login_status_logout_through_the_kernel_keyring() {
    let env = Env::new();
    let profile = unique_profile("keyutils");
    let run = || {
        let mut c = env.bare();
        c.env("CLINIC_CREDENTIAL_STORE", "keyutils")
            .env("CLINIC_PROFILE", &profile);
        c
    };
    let out = run()
        .args(["login", "--login", "unidade1", "--password-stdin"])
        .write_stdin("unidade1\n")
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(
        stderr(&out).contains("Linux kernel keyring"),
        "{}",
        stderr(&out)
    );
    let config = std::fs::read_to_string(env.config.path().join("config.toml")).unwrap();
    assert!(config.contains("token_store = \"keyutils\""), "{config}");
    assert_eq!(file_mode(&env.config.path().join("config.toml")), 0o600);

    // The stored token works, and status never shows it.
    let out = run()
        .args(["auth", "status", "--format", "json"])
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", stderr(&out));
    let status = stdout_json(&out);
    assert_eq!(status["token_works"], Value::Bool(true));
    assert_eq!(status["login"], "unidade1");
    let token = String::from_utf8(run().args(["auth", "token"]).output().unwrap().stdout).unwrap();
    let token = token.trim();
    assert!(token.len() >= 8);
    assert!(!String::from_utf8_lossy(&out.stdout).contains(token));
    run()
        .args(["ref", "clinics", "--format", "json"])
        .assert()
        .success();
    let sent = env.sent();
    assert_eq!(
        sent.last().unwrap()["headers"]["authorization"],
        format!("Bearer {token}")
    );

    run()
        .arg("logout")
        .assert()
        .success()
        .stderr(predicate::str::contains("removed the token"));
    run()
        .args(["ref", "clinics"])
        .assert()
        .code(3)
        .stderr(predicate::str::contains("clinic login"));
}

#[test]
fn insecure_storage_is_a_0600_file_and_only_when_asked() {
    let env = Env::new();
    // Without --insecure-storage the file store is refused.
    env.bare()
        .env("CLINIC_CREDENTIAL_STORE", "file")
        .args(["login", "--login", "unidade1", "--password-stdin"])
        .write_stdin("unidade1\n")
        .assert()
        .code(2);
    let out = env.login_to_file();
    assert!(out.status.success(), "{}", stderr(&out));
    let path = env.config.path().join("credentials.toml");
    assert_eq!(file_mode(&path), 0o600);
    assert!(stderr(&out).contains("plain file"));
    env.bare()
        .args(["ref", "sellers", "--format", "json"])
        .assert()
        .success();
    env.bare().arg("logout").assert().success();
    assert!(!std::fs::read_to_string(&path).unwrap().contains("unidade1"));
}

#[test]
fn wrong_password_and_missing_token() {
    let env = Env::new();
    env.bare()
        .env("CLINIC_CREDENTIAL_STORE", "keyutils")
        .env("CLINIC_PROFILE", unique_profile("wrong"))
        .args(["login", "--login", "unidade1", "--password-stdin"])
        .write_stdin("nope\n")
        .assert()
        .code(3)
        .stderr(predicate::str::contains("login refused"));
    env.bare()
        .args(["report", "appointments"])
        .assert()
        .code(3)
        .stderr(predicate::str::contains("run `clinic login`"));
    // An expired or unknown token: 401 from the server.
    env.bare()
        .env("CLINIC_TOKEN", "not-a-token")
        .args(["ref", "channels"])
        .assert()
        .code(3)
        .stderr(predicate::str::contains(
            "not logged in or token expired — run `clinic login`",
        ));
}

#[test]
fn expired_token_is_renewed_with_saved_credentials() {
    let env = Env::with(clinic_sandbox::Options {
        token_ttl: 1,
        ..clinic_sandbox::Options::ephemeral()
    });
    let token = env.token("unidade1", "unidade1");
    std::thread::sleep(std::time::Duration::from_millis(2100));
    env.bare()
        .env("CLINIC_TOKEN", &token)
        .env("CLINIC_LOGIN", "unidade1")
        .env("CLINIC_PASSWORD", "unidade1")
        .args(["ref", "channels", "--format", "json"])
        .assert()
        .success();
}

#[test]
fn auth_token_refuses_a_terminal_and_secrets_stay_out_of_traces() {
    let env = Env::new();
    let token = env.token("unidade1", "unidade1");
    let out = env
        .bare()
        .env("CLINIC_TOKEN", &token)
        .args(["-v", "ref", "channels", "--format", "json"])
        .output()
        .unwrap();
    assert!(out.status.success());
    let err = stderr(&out);
    assert!(
        err.contains("> GET") && err.contains("/listaCanal") && err.contains("< 200"),
        "{err}"
    );
    assert!(!err.contains(&token));
    assert!(!String::from_utf8_lossy(&out.stdout).contains(&token));
}
