//! What the client does on its own machine: stop signals, locked configuration writes, private file
//! modes, refused future birth dates, imports that lost an answer, and logout removing every secret.

use std::path::PathBuf;
use std::process::{Child, Stdio};
use std::time::{Duration, Instant};

use serde_json::{Value, json};

use crate::common::*;

/// `clinic` as a plain process (to send it signals or run many at once), with only this test's
/// configuration, cache and hosts, like [`command_for`].
fn process(env: &Env) -> std::process::Command {
    process_for(env.config.path(), env.sandbox.urls())
}

/// `clinic ARGS` run by `sh` after `umask 000`, so nothing but the tool itself restricts modes.
fn with_open_umask(env: &Env, args: &[&str]) -> std::process::Command {
    let inner = process(env);
    let mut cmd = std::process::Command::new("sh");
    cmd.arg("-c")
        .arg("umask 000; exec \"$0\" \"$@\"")
        .arg(inner.get_program())
        .args(args);
    for (k, v) in inner.get_envs() {
        match v {
            Some(v) => cmd.env(k, v),
            None => cmd.env_remove(k),
        };
    }
    cmd
}

/// Waits (bounded) until `done` holds, failing the test with `what` otherwise.
fn wait_until(what: &str, mut done: impl FnMut() -> bool) {
    let deadline = Instant::now() + Duration::from_secs(60);
    while !done() {
        assert!(Instant::now() < deadline, "gave up waiting: {what}");
        std::thread::sleep(Duration::from_millis(25));
    }
}

fn kill(child: &Child, signal: &str) {
    let status = std::process::Command::new("kill")
        .args([&format!("-{signal}"), &child.id().to_string()])
        .status()
        .unwrap();
    assert!(status.success());
}

/// Starts a slow `-o` export, stops it with `signal` once pages are being fetched and the temporary
/// file exists, and checks the exit status, the one line on stderr and that nothing is left behind.
fn export_stopped_by(signal: &str, expected_code: i32) {
    let env = Env::with(clinic_sandbox::Options {
        scale: 1000,
        latency_ms: 150,
        ..clinic_sandbox::Options::ephemeral()
    });
    let token = env.token("unidade1", "unidade1");
    env.clear_journal();
    let out_dir = tempfile::tempdir().unwrap();
    let target = out_dir.path().join("agenda.csv");
    let child = process(&env)
        .env("CLINIC_TOKEN", &token)
        .args(APPOINTMENTS)
        .args([
            "--all",
            "--per-page",
            "2",
            "--concurrency",
            "1",
            "--format",
            "csv",
            "-o",
        ])
        .arg(&target)
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // Mid-walk: a few pages already asked for, the temporary file beside the target.
    wait_until("the walk to fetch pages", || env.sent().len() >= 3);
    let during = entries(out_dir.path());
    assert!(
        during.len() == 1 && during[0].starts_with(".agenda.csv.") && during[0].ends_with(".tmp"),
        "{during:?}"
    );
    kill(&child, signal);
    let out = child.wait_with_output().unwrap();
    assert_eq!(out.status.code(), Some(expected_code), "{}", stderr(&out));
    assert_eq!(stderr(&out), format!("interrupted by SIG{signal}\n"));
    assert_eq!(entries(out_dir.path()), Vec::<String>::new());
}

#[test]
fn sigterm_stops_an_export_leaving_no_file_and_exits_143() {
    export_stopped_by("TERM", 143);
}

#[test]
fn sighup_stops_an_export_leaving_no_file_and_exits_129() {
    export_stopped_by("HUP", 129);
}

#[test]
fn sigquit_stops_an_export_leaving_no_file_and_exits_131() {
    export_stopped_by("QUIT", 131);
}

#[test]
fn sigint_stops_an_export_leaving_no_file_and_exits_130() {
    export_stopped_by("INT", 130);
}

#[test]
fn twenty_parallel_config_sets_are_all_kept() {
    let env = Env::new();
    let children: Vec<Child> = (0..20)
        .map(|n| {
            process(&env)
                .args(["config", "set", &format!("aliases.k{n}"), &format!("v{n}")])
                .stdout(Stdio::null())
                .stderr(Stdio::piped())
                .spawn()
                .unwrap()
        })
        .collect();
    for child in children {
        finished_ok(child);
    }
    let out = succeeds(env.bare().args(["config", "list", "--format", "json"]));
    let listed = stdout_json(&out);
    for n in 0..20 {
        assert_eq!(listed[format!("aliases.k{n}")], format!("v{n}"), "{listed}");
    }
}

#[test]
fn ten_parallel_logins_to_ten_profiles_are_all_usable() {
    let env = Env::new();
    let profiles: Vec<String> = (0..10).map(|n| format!("unit{n}")).collect();
    let children: Vec<Child> = profiles
        .iter()
        .map(|profile| {
            let mut child = process(&env)
                .env("CLINIC_CREDENTIAL_STORE", "file")
                .args(["--profile", profile, "login", "--login", "unidade1"])
                .args(["--password-stdin", "--insecure-storage"])
                .stdin(Stdio::piped())
                .stdout(Stdio::null())
                .stderr(Stdio::piped())
                .spawn()
                .unwrap();
            use std::io::Write;
            child
                .stdin
                .take()
                .unwrap()
                .write_all(b"unidade1\n")
                .unwrap();
            child
        })
        .collect();
    for child in children {
        finished_ok(child);
    }
    let config = std::fs::read_to_string(env.config.path().join("config.toml")).unwrap();
    for profile in &profiles {
        assert!(
            config.contains(&format!("[profiles.{profile}]")),
            "{config}"
        );
        env.bare()
            .args(["--profile", profile, "ref", "clinics", "--format", "json"])
            .assert()
            .success();
    }
    // Every profile used its own token: ten logins, then ten calls each carrying a different one.
    let tokens: std::collections::HashSet<String> = env
        .sent()
        .iter()
        .filter_map(|r| r["headers"]["authorization"].as_str().map(str::to_string))
        .collect();
    assert_eq!(tokens.len(), 10);
}

#[test]
fn config_directory_credentials_and_journal_are_private_whatever_the_umask() {
    let env = Env::new();
    let config = env.config.path().join("nested").join("clinic");
    let run = |args: &[&str]| {
        let mut cmd = with_open_umask(&env, args);
        cmd.env("CLINIC_CONFIG_DIR", &config)
            .env("CLINIC_CREDENTIAL_STORE", "file");
        cmd
    };
    let out = run(&["config", "set", "clinica", "1"]).output().unwrap();
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(file_mode(&config), 0o700);
    assert_eq!(file_mode(&config.join("config.toml")), 0o600);

    let mut login = run(&[
        "login",
        "--login",
        "unidade1",
        "--password-stdin",
        "--insecure-storage",
    ]);
    let mut child = login
        .stdin(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    {
        use std::io::Write;
        let mut stdin = child.stdin.take().unwrap();
        stdin.write_all(b"unidade1\n").unwrap();
    }
    finished_ok(child);
    assert_eq!(file_mode(&config.join("credentials.toml")), 0o600);
    // The locks beside the files hold nothing, and are private all the same.
    for name in ["config.toml.lock", "credentials.toml.lock"] {
        assert_eq!(file_mode(&config.join(name)), 0o600, "{name}");
    }

    let work = tempfile::tempdir().unwrap();
    let csv = work.path().join("novos.csv");
    std::fs::write(
        &csv,
        "name,phone,birth_date,channel,campaign\nAna Modo,16992640197,1990-01-01,1,1\n",
    )
    .unwrap();
    let journal = work.path().join("novos.journal");
    let out = run(&[
        "contact",
        "import",
        csv.to_str().unwrap(),
        "--journal",
        journal.to_str().unwrap(),
    ])
    .output()
    .unwrap();
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(file_mode(&journal), 0o600);
}

#[test]
fn a_birth_date_after_today_is_refused_everywhere() {
    let env = Env::new();
    let future = (chrono::Local::now().date_naive() + chrono::Days::new(2))
        .format("%Y-%m-%d")
        .to_string();
    let contact = [
        &["--name", "Futura", "--phone", "16992640197"][..],
        FILED_UNDER_ONE,
    ]
    .concat();
    for command in [
        vec!["contact", "create"],
        vec!["contact", "upsert"],
        vec!["contact", "update", "1", "--clinic", "1"],
    ] {
        let mut args: Vec<&str> = command.clone();
        if command[1] != "update" {
            args.extend(&contact);
        }
        args.extend(["--birth-date", &future]);
        let out = env.run(&args);
        assert_eq!(out.status.code(), Some(2), "{command:?}: {}", stderr(&out));
        let err = stderr(&out);
        assert!(
            // A birth date is personal: the error masks it.
            err.contains("--birth-date")
                && err.contains("'****'")
                && !err.contains(&future)
                && err.contains("not in the future"),
            "{command:?}: {err}"
        );
    }
    // The Portuguese spelling of the flag is checked the same way.
    let out = exited(
        env.run(&["contact", "create", "--data-nascimento", "01/01/2199"]),
        2,
    );
    assert!(
        stderr(&out).contains("'****'") && !stderr(&out).contains("01/01/2199"),
        "{}",
        stderr(&out)
    );
    assert!(
        stderr(&out).contains("not in the future"),
        "{}",
        stderr(&out)
    );

    let dir = tempfile::tempdir().unwrap();
    let csv = dir.path().join("novos.csv");
    std::fs::write(
        &csv,
        format!(
            "name,phone,birth_date,channel,campaign\nAna,16992640197,1990-01-01,1,1\nBia,21977776666,{future},1,1\n"
        ),
    )
    .unwrap();
    let out = exited(
        env.run(&["contact", "import", "--clinic", "1", arg(&csv)]),
        2,
    );
    assert!(
        stderr(&out).contains(&format!(
            "row 3: invalid birth_date: got \"{future}\", expected a birth date that is not in the future"
        )),
        "{}",
        stderr(&out)
    );
    assert!(env.sent().is_empty(), "{:?}", env.sent());
}

#[test]
fn the_guided_form_refuses_a_future_birth_date() {
    use rexpect::session::spawn_command;
    let env = Env::new();
    let token = env.token("unidade1", "unidade1");
    let mut cmd = process(&env);
    cmd.env("CLINIC_TOKEN", &token)
        .env("TERM", "xterm-256color")
        .args(["contact", "create", "--clinic", "1", "--name", "Maria"])
        .args(["--phone", "16992640197", "--format", "json"]);
    let mut p = spawn_command(cmd, Some(30_000)).unwrap();
    p.exp_string("Birth date").unwrap();
    p.send_line("01/01/2199").unwrap();
    p.exp_string("not in the future").unwrap();
    p.send_line("23/04/1990").unwrap();
    p.exp_string("Channel").unwrap();
}

// ---- imports that lost an answer ----

/// One contact as a CSV row of clinic 1 (IDs only, so nothing needs looking up).
fn csv_row(name: &str, phone: &str) -> String {
    format!("{name},{phone},1990-01-01,1,1\n")
}

const HEADER: &str = "name,phone,birth_date,channel,campaign\n";

/// How many contacts of clinic 1 carry exactly this phone (digits), read straight from the sandbox,
/// asking again while a faulty sandbox drops or fails the answer.
fn contacts_with_phone(env: &Env, token: &str, digits: &str) -> usize {
    let http = reqwest::blocking::Client::new();
    let url = format!(
        "{}/lista_cliente?clinica=1&telefone={digits}&pagina_atual=1&por_pagina=100",
        env.base_url()
    );
    for _ in 0..200 {
        let Ok(resp) = http.get(&url).bearer_auth(token).send() else {
            continue;
        };
        if !resp.status().is_success() {
            continue;
        }
        let Ok(v) = resp.json::<Value>() else {
            continue;
        };
        return v["dados"]
            .as_array()
            .expect("a dados list")
            .iter()
            .filter(|r| {
                r["telefone"].as_str().is_some_and(|t| {
                    t.chars().filter(char::is_ascii_digit).collect::<String>() == digits
                })
            })
            .count();
    }
    panic!("the sandbox never answered lista_cliente");
}

/// A token from a sandbox that may drop or fail the login.
fn token_despite_faults(env: &Env) -> String {
    let http = reqwest::blocking::Client::new();
    for _ in 0..200 {
        let Ok(resp) = http
            .post(format!("{}/loginApi", env.base_url()))
            .json(&json!({"login": "unidade1", "password": "unidade1"}))
            .send()
        else {
            continue;
        };
        if let Ok(v) = resp.json::<Value>()
            && let Some(t) = v["token"].as_str()
        {
            return t.to_string();
        }
    }
    panic!("the sandbox never answered the login");
}

fn statuses(out: &std::process::Output) -> Vec<(u64, String)> {
    String::from_utf8_lossy(&out.stdout)
        .lines()
        .map(|l| serde_json::from_str::<Value>(l).unwrap())
        .map(|v| {
            (
                v["row"].as_u64().unwrap(),
                v["status"].as_str().unwrap().to_string(),
            )
        })
        .collect()
}

fn journal_key(name: &str, digits: &str) -> String {
    format!("{digits}|{}", name.to_lowercase())
}

/// `contact import CSV` into clinic 1 with its journal at `journal`, rows printed as NDJSON.
fn import_with_journal(
    mut cmd: assert_cmd::Command,
    csv: &std::path::Path,
    journal: &std::path::Path,
    extra: &[&str],
) -> std::process::Output {
    cmd.args(["contact", "import", "--clinic", "1", "--format", "ndjson"])
        .arg(csv)
        .arg("--journal")
        .arg(journal)
        .args(extra)
        .output()
        .unwrap()
}

#[test]
fn rows_left_unknown_exit_5_then_are_resolved_and_sent_exactly_once() {
    let env = Env::new();
    let token = env.token("unidade1", "unidade1");
    let dir = tempfile::tempdir().unwrap();
    let csv = dir.path().join("novos.csv");
    let rows = [
        ("reached", "31991110001"),
        ("lost", "31991110002"),
        ("fresh", "31991110003"),
    ];
    let mut text = HEADER.to_string();
    for (name, phone) in rows {
        text.push_str(&csv_row(name, phone));
        assert_eq!(contacts_with_phone(&env, &token, phone), 0);
    }
    std::fs::write(&csv, text).unwrap();
    // An earlier run sent rows 2 and 3 and was cut off before either answer: row 2 reached the
    // service, row 3 did not.
    env.run_ok(&[
        "contact",
        "create",
        "--name",
        "reached",
        "--phone",
        "31991110001",
        "--birth-date",
        "1990-01-01",
        "--channel",
        "1",
        "--campaign",
        "1",
        "--clinic",
        "1",
    ]);
    let journal = dir.path().join("novos.journal");
    let sending = |row: u64, name: &str, phone: &str| {
        json!({"key": journal_key(name, phone), "row": row, "state": "sending", "id": null})
            .to_string()
    };
    std::fs::write(
        &journal,
        format!(
            "{}\n{}\n",
            sending(2, "reached", "31991110001"),
            sending(3, "lost", "31991110002")
        ),
    )
    .unwrap();
    let before = env.stats()["contacts"].as_u64().unwrap();
    let import = |extra: &[&str]| {
        env.clear_journal();
        import_with_journal(env.clinic(), &csv, &journal, extra)
    };

    // A normal run sends only the new row, and does not pass off the two unknown rows as done.
    let out = import(&[]);
    assert_eq!(out.status.code(), Some(5), "{}", stderr(&out));
    assert!(stderr(&out).contains("(rows 2, 3)"), "{}", stderr(&out));
    assert!(
        stderr(&out).contains("--resolve-unknown"),
        "{}",
        stderr(&out)
    );
    assert_eq!(
        statuses(&out),
        [
            (2, "unknown".to_string()),
            (3, "unknown".to_string()),
            (4, "created".to_string())
        ]
    );
    assert_eq!(env.posts().len(), 1);

    // Resolving sends nothing, and records what the service has.
    let out = import(&["--resolve-unknown"]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(
        statuses(&out),
        [(2, "created".to_string()), (3, "not-sent".to_string())]
    );
    assert_eq!(env.posts().len(), 0);
    let found: Vec<Value> = String::from_utf8_lossy(&out.stdout)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert!(found[0]["id"].as_u64().is_some(), "{found:?}");

    // The next run sends exactly the row that never arrived.
    let out = import(&[]);
    assert!(out.status.success(), "{}", stderr(&out));
    let sent = env.posts();
    assert_eq!(sent.len(), 1);
    assert_eq!(body_of(&sent[0])["nome"], "lost");
    assert_eq!(
        statuses(&out),
        [
            (2, "skipped".to_string()),
            (3, "created".to_string()),
            (4, "skipped".to_string())
        ]
    );
    for (_, phone) in rows {
        assert_eq!(contacts_with_phone(&env, &token, phone), 1, "{phone}");
    }
    assert_eq!(env.stats()["contacts"].as_u64().unwrap(), before + 2);
}

#[test]
fn resolve_unknown_needs_a_journal() {
    let env = Env::new();
    let dir = tempfile::tempdir().unwrap();
    let csv = dir.path().join("novos.csv");
    std::fs::write(&csv, format!("{HEADER}{}", csv_row("Ana", "16992640197"))).unwrap();
    exited(
        env.run(&["contact", "import", "--resolve-unknown", arg(&csv)]),
        2,
    );
    assert!(env.sent().is_empty());
}

/// Against a sandbox that drops answers after doing the work and fails requests before doing it,
/// import → (exit 5) → resolve → import … ends with every row created exactly once.
#[test]
fn imports_through_dropped_and_failed_answers_create_every_row_exactly_once() {
    let env = Env::with(clinic_sandbox::Options {
        drop_rate: 0.3,
        error_rate: 0.2,
        // Random faults alone may, rarely, spare every write: every third answer to a write is
        // also lost, so the journal's unknown rows are certain to be tested.
        drop_every_write: 3,
        ..clinic_sandbox::Options::ephemeral()
    });
    let token = token_despite_faults(&env);
    let dir = tempfile::tempdir().unwrap();
    let csv = dir.path().join("novos.csv");
    let phones: Vec<String> = (0..12).map(|n| format!("319922200{n:02}")).collect();
    let mut text = HEADER.to_string();
    for (n, phone) in phones.iter().enumerate() {
        text.push_str(&csv_row(&format!("Pessoa {n}"), phone));
    }
    std::fs::write(&csv, text).unwrap();
    let journal = dir.path().join("novos.journal");
    let before = env.stats()["contacts"].as_u64().unwrap();
    let run = |extra: &[&str]| {
        let mut cmd = env.bare();
        cmd.env("CLINIC_TOKEN", &token);
        import_with_journal(cmd, &csv, &journal, extra)
    };
    let mut saw_unknown = false;
    let mut done = false;
    for _ in 0..60 {
        let out = run(&[]);
        let unknown: Vec<u64> = statuses(&out)
            .into_iter()
            .filter(|(_, s)| s == "unknown")
            .map(|(row, _)| row)
            .collect();
        if unknown.is_empty() {
            assert!(out.status.success(), "{}", stderr(&out));
            done = true;
            break;
        }
        saw_unknown = true;
        assert_eq!(out.status.code(), Some(5), "{}", stderr(&out));
        for row in unknown.iter().take(20) {
            assert!(
                stderr(&out).contains(&row.to_string()),
                "row {row} not listed: {}",
                stderr(&out)
            );
        }
        // A lookup may itself be failed by the sandbox; the rows then stay unknown for the next round.
        let resolved = run(&["--resolve-unknown"]);
        assert!(
            matches!(resolved.status.code(), Some(0 | 5)),
            "{}",
            stderr(&resolved)
        );
    }
    assert!(done, "the import never completed");
    assert!(
        saw_unknown,
        "no answer was ever lost: the faults did not bite"
    );
    for phone in &phones {
        assert_eq!(contacts_with_phone(&env, &token, phone), 1, "{phone}");
    }
    assert_eq!(
        env.stats()["contacts"].as_u64().unwrap(),
        before + phones.len() as u64
    );
}

// ---- logout and the IO key ----

fn credentials_file(env: &Env) -> PathBuf {
    env.config.path().join("credentials.toml")
}

fn set_io_key(env: &Env) {
    exited(
        env.run_typed(
            &[("CLINIC_CREDENTIAL_STORE", "file")],
            format!("{}\n", clinic_sandbox::IO_KEY).as_ref(),
            &["auth", "set-io-key", "--stdin", "--insecure-storage"],
        ),
        0,
    );
    assert!(
        std::fs::read_to_string(credentials_file(env))
            .unwrap()
            .contains(clinic_sandbox::IO_KEY)
    );
    env.bare().args(["io", "GET", "/status"]).assert().success();
}

#[test]
fn logout_removes_the_io_key_too() {
    let env = Env::new();
    let out = env.login_to_file();
    assert!(out.status.success(), "{}", stderr(&out));
    set_io_key(&env);
    let out = succeeds(env.bare().arg("logout"));
    assert!(stderr(&out).contains("IO API key"), "{}", stderr(&out));
    let stored = std::fs::read_to_string(credentials_file(&env)).unwrap();
    assert!(
        !stored.contains(clinic_sandbox::IO_KEY) && !stored.contains("unidade1"),
        "{stored}"
    );
    let config = std::fs::read_to_string(env.config.path().join("config.toml")).unwrap();
    assert!(!config.contains("io_key_store"), "{config}");
    env.bare().args(["io", "GET", "/status"]).assert().code(3);
    env.bare().args(["ref", "clinics"]).assert().code(3);
}

#[test]
fn set_io_key_remove_removes_only_the_io_key() {
    let env = Env::new();
    let out = env.login_to_file();
    assert!(out.status.success(), "{}", stderr(&out));
    set_io_key(&env);
    let out = succeeds(env.bare().args(["auth", "set-io-key", "--remove"]));
    assert!(
        stderr(&out).contains("Removed the IO API key"),
        "{}",
        stderr(&out)
    );
    assert!(
        !std::fs::read_to_string(credentials_file(&env))
            .unwrap()
            .contains(clinic_sandbox::IO_KEY)
    );
    env.bare().args(["io", "GET", "/status"]).assert().code(3);
    // The login is untouched.
    env.bare()
        .args(["ref", "clinics", "--format", "json"])
        .assert()
        .success();
    // Nothing left to remove is not an error; --remove takes no key.
    env.bare()
        .args(["auth", "set-io-key", "--remove"])
        .assert()
        .success();
    env.bare()
        .args(["auth", "set-io-key", "--remove", "--stdin"])
        .assert()
        .code(2);
}

#[test]
fn a_signal_at_the_password_prompt_leaves_the_terminal_as_it_was() {
    use rexpect::session::spawn_bash;
    let env = Env::new();
    let mut sh = spawn_bash(Some(30_000)).unwrap();
    // The pseudo-terminal starts without echo; a person's terminal echoes.
    sh.send_line("stty echo; echo \"shell=$$ before=$(stty -g)\"")
        .unwrap();
    let (_, seen) = sh.exp_regex(r"shell=\d+ before=[0-9a-f:]+").unwrap();
    let (shell, before) = seen.split_once(' ').unwrap();
    let shell = shell.trim_start_matches("shell=").to_string();
    let before = before.trim_start_matches("before=").to_string();
    let clinic = assert_cmd::cargo::cargo_bin("clinic");
    sh.send_line(&format!(
        "CLINIC_CONFIG_DIR='{}' CLINIC_BASE_URL='{}' CLINIC_CREDENTIAL_STORE=file '{}' login --login unidade1 --insecure-storage; echo \"exit=$? after=$(stty -g)\"",
        env.config.path().display(),
        env.base_url(),
        clinic.display()
    ))
    .unwrap();
    sh.exp_string("assword").unwrap();
    // The prompt has turned echo off; a SIGTERM (from `timeout`, a closing session) must put it back.
    let pids = std::process::Command::new("pgrep")
        .args(["-P", &shell])
        .output()
        .unwrap();
    let pid = String::from_utf8(pids.stdout).unwrap().trim().to_string();
    assert!(!pid.is_empty() && !pid.contains('\n'), "one child: {pid:?}");
    std::process::Command::new("kill")
        .args(["-TERM", &pid])
        .status()
        .unwrap();
    let (_, seen) = sh.exp_regex(r"exit=\d+ after=[0-9a-f:]+").unwrap();
    assert_eq!(
        seen,
        format!("exit=143 after={before}"),
        "the terminal settings (echo) are back as they were"
    );
    sh.send_line("exit").unwrap();
    sh.exp_eof().unwrap();
}

#[test]
fn the_name_cache_directory_is_private_whatever_the_umask() {
    let env = Env::new();
    let cache = env.config.path().join("deep").join("cache");
    let mut cmd = with_open_umask(&env, &["cache", "refresh"]);
    cmd.env("CLINIC_CACHE_DIR", &cache)
        .env("CLINIC_TOKEN", env.token("unidade1", "unidade1"));
    let out = cmd.output().unwrap();
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(file_mode(&cache), 0o700);
    assert_eq!(file_mode(cache.parent().unwrap()), 0o700);
}

/// A FIFO in the place of a `--since last` state file is refused at once, naming it, instead of
/// blocking the run for ever waiting for a writer.
#[test]
fn a_state_file_that_is_a_fifo_is_refused_at_once() {
    let env = Env::new();
    let states = env.config.path().join("data").join("state");
    std::fs::create_dir_all(&states).unwrap();
    let fifo = states.join("0123456789abcdef.json");
    nix::unistd::mkfifo(&fifo, nix::sys::stat::Mode::from_bits_truncate(0o600)).unwrap();
    let started = Instant::now();
    let out = env
        .bare()
        .args(["state", "list", "--format", "json"])
        .timeout(Duration::from_secs(30))
        .output()
        .unwrap();
    let err = stderr(&out);
    assert!(!out.status.success(), "{err}");
    assert!(
        err.contains("0123456789abcdef.json") && err.contains("FIFO"),
        "{err}"
    );
    assert!(started.elapsed() < Duration::from_secs(10), "{err}");
}

/// A FIFO under a dataset manifest's name is no manifest: a run into that folder, and a `--resume`,
/// go on at once instead of waiting for a writer.
#[test]
fn a_manifest_that_is_a_fifo_is_passed_over_at_once() {
    let env = Env::new();
    let dir = tempfile::tempdir().unwrap();
    let dataset = dir.path().join("set");
    std::fs::create_dir_all(&dataset).unwrap();
    let fifo = dataset.join("_manifest-r99999999.json");
    nix::unistd::mkfifo(&fifo, nix::sys::stat::Mode::from_bits_truncate(0o600)).unwrap();
    let started = Instant::now();
    succeeds(
        env.clinic()
            .args([
                "ref",
                "channels",
                "--partition-by",
                "clinic",
                "--format",
                "ndjson",
                "-o",
            ])
            .arg(&dataset)
            .timeout(Duration::from_secs(30)),
    );
    assert!(started.elapsed() < Duration::from_secs(10));
}
