//! The first hour: configuring every host in one step, the user kind remembered from the login,
//! units, and `clinic doctor`.

use predicates::prelude::*;

use crate::common::*;

/// Logs in to the file store as `login` (password = login).
fn login_as(env: &Env, login: &str) {
    exited(
        env.run_typed(
            &[("CLINIC_CREDENTIAL_STORE", "file")],
            format!("{login}\n").as_ref(),
            &[
                "login",
                "--login",
                login,
                "--password-stdin",
                "--insecure-storage",
            ],
        ),
        0,
    );
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
        &["report", "summary"],
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
    env.file_store().args(CHANNELS_JSON).assert().success();
    env.file_store()
        .args(["ref", "campaigns", "--clinic", "2", "--format", "json"])
        .assert()
        .success();
    env.file_store()
        .args(["ref", "campaigns", "--clinic", "all", "--format", "json"])
        .assert()
        .success();
    env.file_store()
        .args(["contact", "list", "--clinic", "1,2", "--format", "json"])
        .assert()
        .success();
    env.file_store()
        .args(["config", "set", "clinica", "3"])
        .assert()
        .success();
    env.clear_journal();
    env.file_store()
        .args(FICHA)
        .args(["--format", "json", "--limit", "1"])
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
        .args(FICHA)
        .args(["--format", "json", "--limit", "1"])
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
        let out = succeeds(env.bare().args(["crm", "units", "--format", "json"]));
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

/// `clinic` with the test's configuration and the file store, and no host from the environment: what
/// the profile says is what is used.
fn configured(config: &std::path::Path) -> assert_cmd::Command {
    let mut cmd = assert_cmd::Command::cargo_bin("clinic").unwrap();
    for (k, _) in std::env::vars().filter(|(k, _)| k.starts_with("CLINIC_")) {
        cmd.env_remove(k);
    }
    cmd.env("CLINIC_CONFIG_DIR", config)
        .env("CLINIC_CACHE_DIR", config.join("cache"))
        .env("CLINIC_CREDENTIAL_STORE", "file")
        .env("NO_COLOR", "1")
        .env_remove("DBUS_SESSION_BUS_ADDRESS");
    cmd
}

/// The automation webhook calls the command sent, as decoded query pairs.
fn webhook_calls(env: &Env) -> Vec<Vec<(String, String)>> {
    env.journal()
        .iter()
        .filter(|r| r["path"].as_str().unwrap().contains("/webhook/"))
        .map(query_of)
        .collect()
}

#[test]
fn setup_configures_every_host_then_the_readme_crm_example_runs() {
    let env = Env::new();
    let config = env.config.path();
    let urls = env.sandbox.urls().clone();
    // Before: the example cannot run.
    configured(config).args(CRM_EXAMPLE).assert().code(2);
    let out = configured(config)
        .args([
            "setup",
            "--base-url",
            &urls.base_url,
            "--io-url",
            &urls.io_url,
        ])
        .args([
            "--automation-url",
            &urls.automation_url,
            "--crm-url",
            &urls.crm_url,
        ])
        .args(["--webhook-id", clinic_sandbox::WEBHOOK_ID])
        .args(["--units", "SP Campinas, DF Brasília, PR Curitiba"])
        .args([
            "--clinic",
            "sp campinas",
            "--login",
            "unidade1",
            "--password-stdin",
        ])
        .arg("--insecure-storage")
        .write_stdin("unidade1\n")
        .output()
        .unwrap();
    let shown = String::from_utf8(out.stdout.clone()).unwrap();
    assert!(out.status.success(), "{shown}{}", stderr(&out));
    for check in [
        "ok    base_url ",
        "ok    token ",
        "ok    clinica         1  SP Campinas",
        "ok    io_url ",
        "ok    automation_url ",
        "ok    webhook_id ",
        "ok    crm_url ",
        "ok    units           3 units",
    ] {
        assert!(
            shown.lines().any(|l| l.starts_with(check)),
            "{check}:\n{shown}"
        );
    }
    // The CRM address and the webhook ID are credentials: never shown.
    assert!(!shown.contains(clinic_sandbox::WEBHOOK_ID), "{shown}");
    assert!(
        !stderr(&out).contains(clinic_sandbox::WEBHOOK_ID),
        "{}",
        stderr(&out)
    );
    for (key, value) in [
        ("base_url", urls.base_url.as_str()),
        ("clinica", "1"),
        ("user_kind", "clinica"),
    ] {
        configured(config)
            .args(["config", "get", key])
            .assert()
            .success()
            .stdout(format!("{value}\n"));
    }
    // After: the README's example, exactly as written.
    succeeds(configured(config).args(CRM_EXAMPLE));
    let calls = webhook_calls(&env);
    assert_eq!(calls.len(), 1);
    assert!(
        calls[0].contains(&("Unidade".into(), "SP Campinas".into())),
        "{:?}",
        calls[0]
    );
    // A bad value is refused before anything is written or sent.
    env.clear_journal();
    configured(config)
        .args(["setup", "--io-url", "http://io.example.com"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("io_url"));
    assert!(env.journal().is_empty());
    configured(config)
        .args(["config", "get", "io_url"])
        .assert()
        .stdout(format!("{}\n", urls.io_url));
}

#[test]
fn login_takes_every_host_from_the_sandboxs_printed_lines_or_its_address() {
    use std::io::BufRead;
    let config = tempfile::tempdir().unwrap();
    let mut server = std::process::Command::new(assert_cmd::cargo::cargo_bin("clinic"))
        .args(["sandbox", "serve", "--addr", "127.0.0.1:0"])
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::null())
        .spawn()
        .unwrap();
    let mut printed = String::new();
    let mut lines = std::io::BufReader::new(server.stdout.take().unwrap()).lines();
    for _ in 0..4 {
        printed.push_str(&lines.next().unwrap().unwrap());
        printed.push('\n');
    }
    let file = config.path().join("sandbox.out");
    std::fs::write(&file, &printed).unwrap();
    let value = |key: &str| {
        printed
            .lines()
            .find_map(|l| l.strip_prefix(&format!("{key}=")))
            .unwrap()
            .to_string()
    };
    succeeds(
        configured(config.path())
            .args(["login", "--sandbox-hosts"])
            .arg(&file)
            .args(&LOGIN_TO_FILE[1..])
            .write_stdin("unidade1\n"),
    );
    for key in ["base_url", "io_url", "automation_url"] {
        configured(config.path())
            .args(["config", "get", key])
            .assert()
            .stdout(format!("{}\n", value(key)));
    }
    configured(config.path())
        .args(["config", "get", "crm_url", "--show"])
        .assert()
        .stdout(format!("{}\n", value("crm_url")));
    succeeds(configured(config.path()).args(CRM_EXAMPLE));
    // The address alone does the same, for another profile.
    let origin = value("base_url").trim_end_matches("/rest/v1").to_string();
    succeeds(
        configured(config.path())
            .args(["--profile", "other", "login", "--sandbox-hosts", &origin])
            .args(["--login", "admin", "--password-stdin", "--insecure-storage"])
            .write_stdin("admin\n"),
    );
    configured(config.path())
        .args(["--profile", "other", "config", "get", "crm_url", "--show"])
        .assert()
        .stdout(format!("{}\n", value("crm_url")));
    let _ = server.kill();
    let _ = server.wait();
}

#[test]
fn doctor_checks_everything_one_line_each_and_fails_on_a_failure() {
    let env = Env::new();
    let config = env.config.path().to_path_buf();
    let home = tempfile::tempdir().unwrap();
    let doctor = |config: &std::path::Path| {
        let out = configured(config)
            .env("HOME", home.path())
            .env_remove("XDG_DATA_HOME")
            .env_remove("XDG_CONFIG_HOME")
            .env("SHELL", "/bin/bash")
            .arg("doctor")
            .output()
            .unwrap();
        (
            out.status.code(),
            String::from_utf8_lossy(&out.stdout).into_owned(),
            stderr(&out),
        )
    };
    succeeds(
        configured(&config)
            .args([
                "login",
                "--sandbox-hosts",
                &env.base_url().replace("/rest/v1", ""),
            ])
            .args(&LOGIN_TO_FILE[1..])
            .write_stdin("unidade1\n"),
    );
    let (code, shown, err) = doctor(&config);
    assert_eq!(code, Some(0), "{shown}{err}");
    let names: Vec<&str> = shown
        .lines()
        .map(|l| l.split_whitespace().nth(1).unwrap())
        .collect();
    assert_eq!(
        names,
        [
            "config",
            "base_url",
            "token",
            "credentials",
            "clinica",
            "io_url",
            "io",
            "automation_url",
            "webhook_id",
            "crm_url",
            "units",
            "name",
            "completions"
        ],
        "{shown}"
    );
    assert!(
        shown.contains("warn  completions     not installed"),
        "{shown}"
    );
    assert!(shown.contains("warn  name cache"), "{shown}");
    assert!(!shown.contains(clinic_sandbox::WEBHOOK_ID), "{shown}");
    // Installed where bash looks, and current: ok.
    let dir = home.path().join(".local/share/bash-completion/completions");
    std::fs::create_dir_all(&dir).unwrap();
    let script = configured(&config)
        .args(["completions", "bash"])
        .output()
        .unwrap();
    std::fs::write(dir.join("clinic"), script.stdout).unwrap();
    configured(&config)
        .args(["cache", "refresh"])
        .assert()
        .success();
    let (code, shown, _) = doctor(&config);
    assert_eq!(code, Some(0), "{shown}");
    assert!(shown.contains("ok    completions     bash: "), "{shown}");
    assert!(shown.contains("ok    name cache      refreshed"), "{shown}");
    // The service down: the hosts and the token fail, and so does the doctor.
    let down = env.stop();
    let (code, shown, err) = doctor(down.config.path());
    assert_eq!(code, Some(1), "{shown}");
    assert!(shown.contains("FAIL  base_url"), "{shown}");
    assert!(shown.contains("FAIL  token"), "{shown}");
    assert!(err.contains("checks failed"), "{err}");
    // A configuration that cannot be read is a failed check too.
    std::fs::write(down.config.path().join("config.toml"), "not toml [").unwrap();
    let (code, shown, _) = doctor(down.config.path());
    assert_eq!(code, Some(1));
    assert!(shown.starts_with("FAIL  config"), "{shown}");
}

/// `doctor` checks `base_url` against an operation of the API, so a host that answers something
/// (every web server does) is told apart from the API: a base_url without `/rest/v1` fails, and the
/// line says what is wrong; the right one is "the API is there".
#[test]
fn doctor_checks_base_url_against_an_api_operation() {
    let env = Env::new();
    let run = |base: &str| {
        let out = env.run_with(
            &[
                ("CLINIC_TOKEN", &env.token("unidade1", "unidade1")),
                ("CLINIC_BASE_URL", arg(&base)),
            ],
            &["doctor", "--format", "json"],
        );
        let checks = stdout_json(&out);
        let base_url = checks
            .as_array()
            .unwrap()
            .iter()
            .find(|c| c["check"] == "base_url")
            .cloned()
            .unwrap_or_else(|| panic!("{checks}"));
        (out.status.code(), base_url)
    };
    let (code, check) = run(&env.base_url());
    assert_eq!(code, Some(0), "{check}");
    assert_eq!(check["status"], "ok", "{check}");
    assert!(
        check["detail"]
            .as_str()
            .unwrap()
            .contains("the API is there"),
        "{check}"
    );

    let (code, check) = run(&env.base_url().replace("/rest/v1", ""));
    assert_ne!(code, Some(0), "{check}");
    assert_eq!(check["status"], "FAIL", "{check}");
    let detail = check["detail"].as_str().unwrap();
    assert!(
        detail.contains("HTTP 404") && detail.contains("/rest/v1"),
        "{detail}"
    );
}

/// `setup --make-default` ends by making its profile the one commands use when none is named; in a
/// script without the flag the default stays as it was.
#[test]
fn setup_makes_its_profile_the_default_only_when_asked() {
    let env = Env::new();
    let config = env.config.path();
    let origin = env.sandbox.urls().base_url.replace("/rest/v1", "");
    let setup = |profile: &str, extra: &[&str]| {
        let out = configured(config)
            .args(["--profile", profile, "setup", "--sandbox-hosts", &origin])
            .args([
                "--login",
                "unidade1",
                "--password-stdin",
                "--insecure-storage",
            ])
            .args(extra)
            .write_stdin("unidade1\n")
            .output()
            .unwrap();
        assert!(out.status.success(), "{}", stderr(&out));
        stderr(&out)
    };
    let said = setup("recepcao", &[]);
    assert!(!said.contains("commands now use"), "{said}");
    configured(config)
        .args(["config", "get", "base_url"])
        .assert()
        .failure();

    let said = setup("escritorio", &["--make-default"]);
    assert!(
        said.contains("commands now use profile 'escritorio'"),
        "{said}"
    );
    configured(config)
        .args(["config", "get", "base_url"])
        .assert()
        .success()
        .stdout(format!("{}\n", env.sandbox.urls().base_url));
}
