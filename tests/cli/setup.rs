//! The first hour: configuring every host in one step, the user kind remembered from the login,
//! units, and `clinic doctor`.

use predicates::prelude::*;

use crate::common::*;

/// Logs in to the file store as `login` (password = login).
fn login_as(env: &Env, login: &str) {
    let out = env
        .file_store()
        .args([
            "login",
            "--login",
            login,
            "--password-stdin",
            "--insecure-storage",
        ])
        .write_stdin(format!("{login}\n"))
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", stderr(&out));
}

#[test]
fn an_admin_master_is_told_to_name_a_clinic_before_anything_is_sent() {
    let env = Env::new();
    login_as(&env, "admin");
    env.file_store()
        .args(["config", "get", "user_kind"])
        .assert()
        .success()
        .stdout("admin_master\n");
    env.clear_journal();
    for args in [
        &["report", "ficha-financeira"][..],
        &["report", "appointments", "--all"],
        &["contact", "list"],
        &["ref", "campaigns"],
        &["campaign", "list"],
        &["ref", "sellers"],
    ] {
        env.file_store()
            .args(args)
            .assert()
            .code(2)
            .stderr(predicate::str::contains("admin_master"))
            .stderr(predicate::str::contains("clinic config set clinica"));
    }
    assert!(env.sent().is_empty(), "{:?}", env.sent());
    // Lists that are the same for every clinic need none; a clinic given, or a default, is enough.
    env.file_store()
        .args(["ref", "channels", "--format", "json"])
        .assert()
        .success();
    env.file_store()
        .args(["ref", "campaigns", "--clinic", "2", "--format", "json"])
        .assert()
        .success();
    env.file_store()
        .args(["config", "set", "clinica", "3"])
        .assert()
        .success();
    env.clear_journal();
    env.file_store()
        .args([
            "report",
            "ficha-financeira",
            "--format",
            "json",
            "--limit",
            "1",
        ])
        .assert()
        .success();
    assert!(query_of(&env.sent()[0]).contains(&("clinica".into(), "3".into())));
    // A clinic user needs no clinic at all.
    let other = Env::new();
    login_as(&other, "unidade1");
    other
        .file_store()
        .args(["config", "get", "user_kind"])
        .assert()
        .stdout("clinica\n");
    other
        .file_store()
        .args([
            "report",
            "ficha-financeira",
            "--format",
            "json",
            "--limit",
            "1",
        ])
        .assert()
        .success();
}

#[test]
fn units_take_semicolons_or_commas_and_are_listed() {
    let env = Env::new();
    let units = |value: &str| {
        env.bare()
            .args(["config", "set", "units", value])
            .assert()
            .success();
        let out = env
            .bare()
            .args(["crm", "units", "--format", "json"])
            .output()
            .unwrap();
        assert!(out.status.success(), "{}", stderr(&out));
        stdout_json(&out)
            .as_array()
            .unwrap()
            .iter()
            .map(|u| u["unit"].as_str().unwrap().to_string())
            .collect::<Vec<_>>()
    };
    assert_eq!(
        units("SP Campinas,DF Brasília, PR Curitiba"),
        ["SP Campinas", "DF Brasília", "PR Curitiba"]
    );
    assert_eq!(
        units("SP Campinas; MG Uberlândia"),
        ["SP Campinas", "MG Uberlândia"]
    );
    let help = env.bare().args(["config", "--help"]).output().unwrap();
    let help = String::from_utf8(help.stdout).unwrap();
    assert!(
        help.contains("units") && help.contains("A;B;C") && help.contains("A,B,C"),
        "{help}"
    );
}
