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
    let out = succeeds(
        run()
            .args(["login", "--login", "unidade1", "--password-stdin"])
            .write_stdin("unidade1\n"),
    );
    assert!(
        stderr(&out).contains("Linux kernel keyring"),
        "{}",
        stderr(&out)
    );
    let config = std::fs::read_to_string(env.config.path().join("config.toml")).unwrap();
    assert!(config.contains("token_store = \"keyutils\""), "{config}");
    assert_eq!(file_mode(&env.config.path().join("config.toml")), 0o600);

    // The stored token works, and status never shows it.
    let out = succeeds(run().args(["auth", "status", "--format", "json"]));
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
    assert_eq!(env.last_authorization(), format!("Bearer {token}"));

    run()
        .arg("logout")
        .assert()
        .success()
        .stderr(predicate::str::contains("removed the token"));
    asks_to_log_in(run());
}

#[test]
fn insecure_storage_is_a_0600_file_and_only_when_asked() {
    let env = Env::new();
    // Without --insecure-storage the file store is refused.
    exited(
        env.run_typed(
            &[("CLINIC_CREDENTIAL_STORE", "file")],
            b"unidade1\n",
            &["login", "--login", "unidade1", "--password-stdin"],
        ),
        2,
    );
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
    exited(
        env.run_with(
            &[
                ("CLINIC_TOKEN", arg(&token)),
                ("CLINIC_LOGIN", "unidade1"),
                ("CLINIC_PASSWORD", "unidade1"),
            ],
            CHANNELS_JSON,
        ),
        0,
    );
}

#[test]
fn auth_token_refuses_a_terminal_and_secrets_stay_out_of_traces() {
    let env = Env::new();
    let token = env.token("unidade1", "unidade1");
    let out = env.run_with(
        &[("CLINIC_TOKEN", arg(&token))],
        &["-v", "ref", "channels", "--format", "json"],
    );
    assert!(out.status.success());
    let err = stderr(&out);
    assert!(
        err.contains("> GET") && err.contains("/listaCanal") && err.contains("< 200"),
        "{err}"
    );
    assert!(!err.contains(&token));
    assert!(!String::from_utf8_lossy(&out.stdout).contains(&token));
}

/// `clinic` on `env`'s sandbox with another configuration directory, keeping secrets in the kernel
/// keyring under `profile`.
fn keyring_run(env: &Env, config: &std::path::Path, profile: &str) -> assert_cmd::Command {
    let mut c = command_for(config, env.sandbox.urls());
    c.env("CLINIC_CREDENTIAL_STORE", "keyutils")
        .env("CLINIC_PROFILE", profile);
    c
}

/// `clinic login` as the clinic user, the password on stdin; it must succeed.
fn log_in_as_clinic_user(mut cmd: assert_cmd::Command) {
    succeeds(
        cmd.args(["login", "--login", "unidade1", "--password-stdin"])
            .write_stdin("unidade1\n"),
    );
}

fn stored_token(mut cmd: assert_cmd::Command) -> String {
    let out = succeeds(cmd.args(["auth", "token"]));
    String::from_utf8(out.stdout).unwrap().trim().to_string()
}

#[test]
fn two_config_directories_with_one_profile_and_login_keep_separate_tokens() {
    let env = Env::new();
    let profile = unique_profile("two-dirs");
    let second = tempfile::tempdir().unwrap();
    let dirs = [env.config.path(), second.path()];
    for dir in dirs {
        keyring_run(&env, dir, &profile)
            .args(["login", "--login", "unidade1", "--password-stdin"])
            .write_stdin("unidade1\n")
            .assert()
            .success();
    }
    let first_token = stored_token(keyring_run(&env, dirs[0], &profile));
    let second_token = stored_token(keyring_run(&env, dirs[1], &profile));
    assert!(first_token.len() >= 8 && second_token.len() >= 8);
    assert_ne!(
        first_token, second_token,
        "the second login replaced the first directory's token"
    );

    // Logging out of one directory leaves the other logged in.
    keyring_run(&env, dirs[1], &profile)
        .arg("logout")
        .assert()
        .success()
        .stderr(predicate::str::contains("removed the token"));
    assert_eq!(
        stored_token(keyring_run(&env, dirs[0], &profile)),
        first_token
    );
    keyring_run(&env, dirs[0], &profile)
        .arg("logout")
        .assert()
        .success()
        .stderr(predicate::str::contains("removed the token"));
}

#[test]
fn an_entry_under_the_old_name_is_moved_once() {
    use linux_keyutils::{KeyPermissionsBuilder, KeyRing, KeyRingIdentifier, Permission};
    let env = Env::new();
    let profile = unique_profile("legacy");
    let token = env.token("unidade1", "unidade1");
    let ring = KeyRing::from_special_id(KeyRingIdentifier::User, true).unwrap();
    let old_name = format!("clinic:{profile}:unidade1");
    let key = ring.add_key(&old_name, &token).unwrap();
    let _ = key.set_perms(
        KeyPermissionsBuilder::builder()
            .posessor(Permission::ALL)
            .user(Permission::ALL)
            .build(),
    );
    // A profile as an older version left it: login, store and address, the token under the old name.
    std::fs::write(
        env.config.path().join("config.toml"),
        format!(
            "[profiles.{profile}]\nbase_url = \"{}\"\nlogin = \"unidade1\"\ntoken_store = \"keyutils\"\n",
            env.base_url()
        ),
    )
    .unwrap();
    let run = || {
        let mut c = keyring_run(&env, env.config.path(), &profile);
        c.env_remove("CLINIC_BASE_URL");
        c
    };
    run()
        .args(["ref", "clinics", "--format", "json"])
        .assert()
        .success();
    assert_eq!(env.last_authorization(), format!("Bearer {token}"));
    assert!(
        ring.search(&old_name).is_err(),
        "the old entry was left behind"
    );
    // Later runs find it under the new name.
    assert_eq!(stored_token(run()), token);
    run()
        .arg("logout")
        .assert()
        .success()
        .stderr(predicate::str::contains("removed the token"));
    run().args(["auth", "token"]).assert().code(3);
}

#[test]
fn a_login_no_store_takes_still_saves_a_usable_profile() {
    let env = Env::new();
    // The Windows store does not exist on this platform, so the only store in the chain refuses.
    let out = exited(
        env.run_typed(
            &[("CLINIC_CREDENTIAL_STORE", "credential-manager")],
            b"unidade1\n",
            &["login", "--login", "unidade1", "--password-stdin"],
        ),
        0,
    );
    assert!(
        stderr(&out).contains("no store could keep the token"),
        "{}",
        stderr(&out)
    );
    let printed = String::from_utf8(out.stdout).unwrap().trim().to_string();
    assert!(printed.len() >= 8, "no token printed: {printed:?}");

    let config = std::fs::read_to_string(env.config.path().join("config.toml")).unwrap();
    assert!(config.contains(&env.base_url()), "{config}");
    assert!(config.contains("login = \"unidade1\""), "{config}");
    assert!(!config.contains("token_store"), "{config}");

    // With only the printed token in the environment, the saved profile supplies the address.
    let mut cmd = env.bare();
    cmd.env_remove("CLINIC_BASE_URL")
        .env("CLINIC_TOKEN", &printed)
        .args(["ref", "clinics", "--format", "json"])
        .assert()
        .success();
    assert_eq!(env.last_authorization(), format!("Bearer {printed}"));
    // Without it, the run says how to log in rather than that no address is set.
    let mut without_address = env.bare();
    without_address.env_remove("CLINIC_BASE_URL");
    asks_to_log_in(without_address);
}

#[test]
fn auth_status_for_scripts_is_the_same_in_every_language() {
    let env = Env::new();
    let out = env.login_to_file();
    assert!(out.status.success(), "{}", stderr(&out));
    let status = |lang: &str| {
        let out = succeeds(
            env.file_store()
                .env("CLINIC_LANG", lang)
                .args(["auth", "status", "--format", "json"]),
        );
        out.stdout
    };
    let english = status("en");
    assert_eq!(english, status("pt-BR"));
    let record: serde_json::Value = serde_json::from_slice(&english).unwrap();
    assert_eq!(record["token_store"], "file");
}

#[test]
fn a_password_mistyped_at_the_prompt_is_asked_again_up_to_three_times() {
    use rexpect::session::spawn_command;
    let env = Env::new();
    let login = |profile: &str| {
        let mut cmd = process_for(env.config.path(), env.sandbox.urls());
        cmd.env("CLINIC_CREDENTIAL_STORE", "keyutils")
            .env("CLINIC_PROFILE", profile)
            .env("TERM", "xterm-256color")
            .args(["login", "--login", "unidade1"]);
        spawn_command(cmd, Some(30_000)).unwrap()
    };
    // Wrong, then right: logged in, after one refusal shown.
    let mut p = login(&unique_profile("retry-ok"));
    p.exp_string("Password:").unwrap();
    p.send_line("wrong").unwrap();
    p.exp_string("login refused").unwrap();
    p.exp_string("Password:").unwrap();
    p.send_line("unidade1").unwrap();
    let rest = p.exp_eof().unwrap();
    assert!(rest.contains("Logged in"), "{rest}");
    assert!(format!("{:?}", p.process().wait().unwrap()).ends_with(", 0)"));

    // Three wrong answers: the third refusal ends it, exit 3, no fourth question.
    let mut p = login(&unique_profile("retry-out"));
    for _ in 0..2 {
        p.exp_string("Password:").unwrap();
        p.send_line("wrong").unwrap();
        p.exp_string("login refused").unwrap();
    }
    p.exp_string("Password:").unwrap();
    p.send_line("wrong").unwrap();
    let rest = p.exp_eof().unwrap();
    assert!(rest.contains("login refused"), "{rest}");
    assert!(!rest.contains("Password:"), "{rest}");
    assert!(format!("{:?}", p.process().wait().unwrap()).ends_with(", 3)"));
}

/// A sandbox whose tokens are 16 KB, more than one entry of the kernel keyring holds.
fn with_long_tokens() -> Env {
    Env::with(clinic_sandbox::Options {
        token_bytes: 16 * 1024,
        ..clinic_sandbox::Options::ephemeral()
    })
}

/// A 16 KB token (a JWT carrying claims) is kept, read back and sent whole: split across entries
/// of the store, and gone from all of them at logout.
#[test]
fn a_long_token_is_kept_in_parts_and_works() {
    let env = with_long_tokens();
    let profile = unique_profile("long");
    let run = || keyring_run(&env, env.config.path(), &profile);
    log_in_as_clinic_user(run());
    let token = stored_token(run());
    assert_eq!(token.len(), 16 * 1024);
    assert_eq!(token.matches('.').count(), 2, "JWT-shaped");
    let out = succeeds(run().args(["auth", "status", "--format", "json"]));
    assert_eq!(stdout_json(&out)["token_works"], Value::Bool(true));
    env.clear_journal();
    run()
        .args(["report", "appointments", "--format", "json", "--page", "1"])
        .assert()
        .success();
    assert_eq!(env.last_authorization(), format!("Bearer {token}"));
    run().arg("logout").assert().success();
    run().args(["auth", "token"]).assert().code(3);
}

/// A credential store that never answers (a locked keyring waiting on an unlock prompt, stood in
/// for here by a store call that sleeps) never hangs an unattended run: after 5 s it exits 3 naming
/// the variables that do without the store, or goes on with CLINIC_LOGIN and CLINIC_PASSWORD.
#[test]
fn a_store_that_never_answers_does_not_hang_an_unattended_run() {
    let env = Env::new();
    let profile = unique_profile("silent");
    let run = || keyring_run(&env, env.config.path(), &profile);
    log_in_as_clinic_user(run());
    let stalled = || {
        let mut c = run();
        c.env("CLINIC_STORE_STALL_FOR_TESTS_MS", "600000")
            .timeout(std::time::Duration::from_secs(30));
        c
    };
    let out = exits(stalled().args(CHANNELS_JSON), 3);
    let err = stderr(&out);
    assert!(
        err.contains("Linux kernel keyring did not answer in 5 s")
            && err.contains("CLINIC_TOKEN, or CLINIC_LOGIN and CLINIC_PASSWORD"),
        "{err}"
    );
    let out = succeeds(
        stalled()
            .env("CLINIC_LOGIN", "unidade1")
            .env("CLINIC_PASSWORD", "unidade1")
            .args(CHANNELS_JSON),
    );
    assert!(
        stderr(&out).contains("logging in as CLINIC_LOGIN with the password"),
        "{}",
        stderr(&out)
    );
    // doctor flags a store that answers, but slowly.
    let out = run()
        .env("CLINIC_STORE_STALL_FOR_TESTS_MS", "1500")
        .args(["doctor", "--format", "json"])
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.contains("took 1.") && text.contains("s to answer"),
        "{text}"
    );
    run().arg("logout").assert().success();
}

/// An unattended run with no token at hand logs in with CLINIC_LOGIN and a password file that only
/// its owner can read; a file others can read is refused before anything is sent. `login` takes one
/// too.
#[test]
fn a_password_file_serves_unattended_runs_and_must_be_private() {
    use std::os::unix::fs::PermissionsExt;
    let env = Env::new();
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("senha");
    std::fs::write(&file, "unidade1\n").unwrap();
    std::fs::set_permissions(&file, std::fs::Permissions::from_mode(0o644)).unwrap();
    let channels_with_file = |mut cmd: assert_cmd::Command| {
        cmd.env("CLINIC_LOGIN", "unidade1")
            .env("CLINIC_PASSWORD_FILE", &file)
            .args(CHANNELS_JSON)
            .output()
            .unwrap()
    };
    env.clear_journal();
    let out = channels_with_file(env.bare());
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    let err = stderr(&out);
    assert!(
        err.contains("CLINIC_PASSWORD_FILE") && err.contains("644"),
        "{err}"
    );
    assert!(env.sent().is_empty());
    // Also when tonight's run does not need it (a token is at hand): the file is refused on every
    // run that names it, not the night the token expires.
    let out = channels_with_file(env.clinic());
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    assert!(
        stderr(&out).contains("CLINIC_PASSWORD_FILE"),
        "{}",
        stderr(&out)
    );
    assert!(env.sent().is_empty());

    std::fs::set_permissions(&file, std::fs::Permissions::from_mode(0o600)).unwrap();
    let out = exited(
        env.run_with(
            &[
                ("CLINIC_LOGIN", "unidade1"),
                ("CLINIC_PASSWORD_FILE", arg(&file)),
            ],
            CHANNELS_JSON,
        ),
        0,
    );
    assert!(!stdout_json(&out).as_array().unwrap().is_empty());

    // `doctor --unattended` says what such a run can log in with.
    let unattended = |cmd: &mut assert_cmd::Command| {
        let out = cmd
            .args(["doctor", "--unattended", "--format", "json"])
            .output()
            .unwrap();
        let checks: Value = serde_json::from_slice(&out.stdout).unwrap();
        checks
            .as_array()
            .unwrap()
            .iter()
            .find(|c| c["check"] == "unattended" || c["name"] == "unattended")
            .cloned()
            .unwrap_or_else(|| panic!("{checks}"))
    };
    let with_file = unattended(
        env.bare()
            .env("CLINIC_LOGIN", "unidade1")
            .env("CLINIC_PASSWORD_FILE", &file),
    );
    assert!(
        with_file.to_string().contains("logs in as unidade1"),
        "{with_file}"
    );
    let without = unattended(&mut env.bare());
    assert!(
        without
            .to_string()
            .contains("set CLINIC_LOGIN and CLINIC_PASSWORD_FILE"),
        "{without}"
    );

    let profile = unique_profile("pwfile");
    succeeds(
        keyring_run(&env, env.config.path(), &profile)
            .args(["login", "--login", "unidade1", "--password-file"])
            .arg(&file),
    );
    keyring_run(&env, env.config.path(), &profile)
        .arg("logout")
        .assert()
        .success();
}

/// Password files that are no small file of the user's own are refused at once, before anything is
/// sent, naming the variable and what the file is: a 300 MB file (sparse) is not read, a FIFO with
/// no writer does not block, and a file owned by another user is not trusted.
#[test]
fn huge_fifo_and_foreign_password_files_are_refused_at_once() {
    use std::os::unix::fs::PermissionsExt;
    let env = Env::new();
    let dir = tempfile::tempdir().unwrap();
    let refused = |file: &std::path::Path, says: &str| {
        env.clear_journal();
        let started = std::time::Instant::now();
        let out = env
            .bare()
            .env("CLINIC_LOGIN", "unidade1")
            .env("CLINIC_PASSWORD_FILE", file)
            .args(CHANNELS_JSON)
            .timeout(std::time::Duration::from_secs(30))
            .output()
            .unwrap();
        let err = stderr(&out);
        assert_eq!(out.status.code(), Some(2), "{}: {err}", file.display());
        assert!(
            err.contains("CLINIC_PASSWORD_FILE") && err.contains(says),
            "{err}"
        );
        assert!(
            started.elapsed() < std::time::Duration::from_secs(10),
            "{err}"
        );
        assert!(env.sent().is_empty(), "nothing is sent");
    };

    let huge = dir.path().join("huge");
    let file = std::fs::File::create(&huge).unwrap();
    file.set_len(300 * 1024 * 1024).unwrap();
    std::fs::set_permissions(&huge, std::fs::Permissions::from_mode(0o600)).unwrap();
    refused(&huge, "larger than the 4.0 KiB");

    let fifo = dir.path().join("fifo");
    nix::unistd::mkfifo(&fifo, nix::sys::stat::Mode::from_bits_truncate(0o600)).unwrap();
    refused(&fifo, "FIFO");

    let foreign = dir.path().join("foreign");
    std::fs::write(&foreign, "unidade1\n").unwrap();
    std::fs::set_permissions(&foreign, std::fs::Permissions::from_mode(0o600)).unwrap();
    let other = nix::unistd::Uid::from_raw(nix::unistd::geteuid().as_raw() + 4242);
    match nix::unistd::chown(&foreign, Some(other), None) {
        Ok(()) => refused(&foreign, &format!("belongs to user {other}")),
        Err(e) => eprintln!("skipped the foreign-owned password file: cannot chown here ({e})"),
    }
}

/// A split token's manifest that cannot be right — a length of 2^64−1, more parts than the most,
/// a length its parts could not hold, a checksum that is no checksum — reads as no token: `auth
/// token` exits 3 (never an abort or a panic), a request asks for a login, and `doctor` warns that
/// the entry is damaged.
#[test]
fn a_bad_keyring_manifest_reads_as_no_token_with_a_doctor_warning() {
    use linux_keyutils::{KeyRing, KeyRingIdentifier};
    let env = with_long_tokens();
    let profile = unique_profile("bad-manifest");
    let run = || keyring_run(&env, env.config.path(), &profile);
    log_in_as_clinic_user(run());
    // The token's own entry (its manifest), not one of its parts.
    let ring = KeyRing::from_special_id(KeyRingIdentifier::User, false).unwrap();
    let prefix = format!("clinic:{profile}:unidade1@");
    let entry = ring
        .get_links(4096)
        .unwrap()
        .iter()
        .filter_map(|link| link.as_key())
        .find(|key| {
            key.metadata().is_ok_and(|m| {
                m.get_description().starts_with(&prefix) && !m.get_description().contains("#part")
            })
        })
        .expect("the token's entry in the user keyring");
    let sum = "ab".repeat(32);
    for manifest in [
        format!("clinic-parts:1:9:18446744073709551615:{sum}"),
        format!("clinic-parts:1:9:99999999999:{sum}"),
        format!("clinic-parts:1:100000:16384:{sum}"),
        format!("clinic-parts:1:2:16384:{sum}"),
        format!("clinic-parts:1:9:16384:{}", "zz".repeat(32)),
        "clinic-parts:1:9:16384".to_string(),
    ] {
        entry.update(&manifest).unwrap();
        let out = run().args(["auth", "token"]).output().unwrap();
        assert_eq!(out.status.code(), Some(3), "{manifest}: {}", stderr(&out));
        assert!(out.stdout.is_empty(), "{manifest}");
        let out = run().args(["doctor", "--format", "json"]).output().unwrap();
        let checks = stdout_json(&out);
        let store = checks
            .as_array()
            .unwrap()
            .iter()
            .find(|c| c["check"] == "credentials")
            .unwrap_or_else(|| panic!("{checks}"))
            .clone();
        assert_eq!(store["status"], "warn", "{manifest}: {store}");
        assert!(
            store["detail"].as_str().unwrap().contains("damaged entry"),
            "{manifest}: {store}"
        );
    }
    run().arg("logout").assert().success();
}
