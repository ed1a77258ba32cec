//! `clinic config`: profile settings (`set`, `get`, `unset`) and the profile commands use when none
//! is named (`use`).

use predicates::prelude::*;

use crate::common::*;

#[test]
fn config_set_get_unset_and_plain_http_refused() {
    let env = Env::new();
    env.bare()
        .args(["config", "set", "per_page", "25"])
        .assert()
        .success();
    env.bare()
        .args(["config", "get", "per_page"])
        .assert()
        .success()
        .stdout("25\n");
    env.bare()
        .args(["config", "set", "per_page", "0"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("1 to 10000"));
    env.bare()
        .args([
            "config",
            "set",
            "base_url",
            "http://clinic.example.com/rest/v1",
        ])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("loopback"));
    env.bare()
        .args([
            "config",
            "set",
            "crm_url",
            "https://x.bitrix24.com.br/rest/7/s3cr3t/",
        ])
        .assert()
        .success();
    let out = env
        .bare()
        .args(["config", "list", "--format", "json"])
        .output()
        .unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(
        text.contains("/rest/7/****/") && !text.contains("s3cr3t"),
        "{text}"
    );
    env.bare()
        .args(["config", "unset", "per_page"])
        .assert()
        .success();
    env.bare()
        .args(["config", "get", "per_page"])
        .assert()
        .code(1);
    env.bare()
        .args(["config", "set", "colour", "blue"])
        .assert()
        .code(2);
    // The profile's per_page reaches the request.
    env.run_ok(&["config", "set", "per_page", "9"]);
    env.run_ok(CHANNELS_JSON);
    assert!(query_of(&env.sent()[0]).contains(&("por_pagina".into(), "9".into())));
    // A plain-http base URL off loopback is refused before anything is sent.
    env.bare()
        .env("CLINIC_BASE_URL", "http://clinic.example.com/rest/v1")
        .env("CLINIC_TOKEN", "x")
        .args(["ref", "channels"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("unencrypted"));
}

#[test]
fn config_use_makes_a_profile_the_default_until_another_is_chosen() {
    let env = Env::new();
    let get = |args: &[&str]| {
        let out = env.bare().args(args).output().unwrap();
        (
            out.status.code(),
            String::from_utf8_lossy(&out.stdout).trim().to_string(),
            stderr(&out),
        )
    };
    succeeds(
        env.bare()
            .args(["--profile", "matriz", "config", "set", "clinica", "7"]),
    );
    assert_eq!(
        get(&["config", "get", "clinica"]).0,
        Some(1),
        "default has none"
    );

    let (code, _, said) = get(&["config", "use", "matriz"]);
    assert_eq!(code, Some(0), "{said}");
    assert!(said.contains("'matriz'"), "{said}");
    assert_eq!(get(&["config", "get", "clinica"]).1, "7");
    // A named profile still wins, by flag or environment.
    assert_eq!(
        get(&["--profile", "default", "config", "get", "clinica"]).0,
        Some(1)
    );
    exits(
        env.bare()
            .env("CLINIC_PROFILE", "default")
            .args(["config", "get", "clinica"]),
        1,
    );

    // A profile the file lacks is refused, naming those it has; nothing changes.
    let (code, _, said) = get(&["config", "use", "matirz"]);
    assert_eq!(code, Some(2), "{said}");
    assert!(
        said.contains("matirz") && said.contains("default, matriz"),
        "{said}"
    );
    assert_eq!(get(&["config", "get", "clinica"]).1, "7");

    let (code, _, said) = get(&["config", "use", "default"]);
    assert_eq!(code, Some(0), "{said}");
    assert_eq!(get(&["config", "get", "clinica"]).0, Some(1));
    let file = std::fs::read_to_string(env.config.path().join("config.toml")).unwrap();
    assert!(!file.contains("default_profile"), "{file}");
}
