//! Names from the reference cache: Tab completion through real shells, resolution, and the cache's life.

use std::path::PathBuf;
use std::process::Command as Process;

use predicates::prelude::*;

use crate::common::*;

/// PATH with the built `clinic` first, as an installed binary would be.
fn path_with_clinic() -> String {
    let bin: PathBuf = assert_cmd::cargo::cargo_bin("clinic");
    format!(
        "{}:{}",
        bin.parent().unwrap().display(),
        std::env::var("PATH").unwrap_or_default()
    )
}

fn repo(file: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join(file)
}

/// A shell process with the test's configuration, so the completer reads the test's cache.
fn shell(env: &Env, program: &str) -> Process {
    let mut p = Process::new(program);
    for (k, _) in std::env::vars().filter(|(k, _)| k.starts_with("CLINIC_")) {
        p.env_remove(k);
    }
    p.env("PATH", path_with_clinic())
        .env("CLINIC_CONFIG_DIR", env.config.path())
        .env("CLINIC_CACHE_DIR", env.config.path().join("cache"))
        .env("CLINIC_BASE_URL", env.base_url());
    p
}

/// bash-completion's loader, as Debian installs it.
const BASH_COMPLETION: &str = "/usr/share/bash-completion/bash_completion";

fn refreshed() -> Env {
    let env = Env::new();
    env.clinic().args(["cache", "refresh"]).assert().success();
    env
}

#[test]
fn bash_completes_a_channel_name_with_bash_completion_loaded() {
    if !shell_ready(
        "bash_completes_a_channel_name_with_bash_completion_loaded",
        "bash",
        &[BASH_COMPLETION],
    ) {
        return;
    }
    let env = refreshed();
    let script = format!(
        r#"source {BASH_COMPLETION} || exit 90
source {}
COMP_WORDS=(clinic contact create --channel Ins); COMP_CWORD=4; COMP_TYPE=9
_clap_complete_clinic clinic Ins --channel
printf '%s\n' "${{COMPREPLY[@]}}"
COMP_WORDS=(clinic report appointments --status Conf); COMP_CWORD=4
_clap_complete_clinic clinic Conf --status
printf '%s\n' "${{COMPREPLY[@]}}"
COMP_WORDS=(clinic rep); COMP_CWORD=1
_clap_complete_clinic clinic rep clinic
printf '%s\n' "${{COMPREPLY[@]}}"
"#,
        repo("completions/clinic.bash").display()
    );
    let out = shell(&env, "bash")
        .args(["--norc", "--noprofile", "-c", &script])
        .output()
        .expect("bash is installed");
    assert!(
        out.status.success(),
        "bash: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    let lines: Vec<String> = String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(str::to_string)
        .collect();
    assert_eq!(lines, ["Instagram", "Confirmado", "report"], "{lines:?}");
}

#[test]
fn fish_completes_a_channel_name() {
    if !shell_ready("fish_completes_a_channel_name", "fish", &[]) {
        return;
    }
    let env = refreshed();
    let script = format!(
        "source {}; complete -C 'clinic contact create --channel Goo'; complete -C 'clinic ref chan'",
        repo("completions/clinic.fish").display()
    );
    let out = shell(&env, "fish")
        .args(["--no-config", "-c", &script])
        .output()
        .expect("fish is installed (.ci/run installs it)");
    assert!(
        out.status.success(),
        "fish: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.lines().any(|l| l.starts_with("Google Ads")), "{text}");
    assert!(text.lines().any(|l| l.starts_with("channels")), "{text}");
}

#[test]
fn completion_without_a_cache_offers_nothing_and_prints_no_error() {
    let env = Env::new();
    let out = shell(&env, "clinic")
        .env("COMPLETE", "bash")
        .env("_CLAP_COMPLETE_INDEX", "4")
        .args(["--", "clinic", "contact", "create", "--channel", ""])
        .output()
        .unwrap();
    assert!(out.status.success());
    assert!(out.stdout.is_empty() && out.stderr.is_empty(), "{:?}", out);
    assert!(env.sent().is_empty(), "completion touched the network");
}

#[test]
fn cache_fresh_stale_cleared_and_network_down() {
    let env = refreshed();
    // Fresh: names resolve without asking the service for the list again.
    env.clear_journal();
    env.clinic()
        .args(["ref", "sellers", "--limit", "1"])
        .assert()
        .success();
    env.clear_journal();
    env.clinic()
        .args(["report", "appointments", "--status", "Faltou"])
        .assert()
        .success();
    let paths: Vec<String> = env
        .sent()
        .iter()
        .map(|r| r["path"].as_str().unwrap().to_string())
        .collect();
    assert_eq!(paths.len(), 1, "{paths:?}");
    assert!(paths[0].ends_with("/relAgendamentos"));
    // Stale: fetched again.
    env.clear_journal();
    env.clinic()
        .env("CLINIC_CACHE_TTL", "0")
        .args(["report", "appointments", "--status", "Faltou"])
        .assert()
        .success();
    assert!(
        env.sent()[0]["path"]
            .as_str()
            .unwrap()
            .ends_with("/statusAgendamento")
    );
    // Cleared: fetched again, then cached.
    env.clinic()
        .args(["cache", "clear"])
        .assert()
        .success()
        .stderr(predicate::str::contains("removed"));
    env.clear_journal();
    env.clinic()
        .args(["report", "appointments", "--status", "Faltou"])
        .assert()
        .success();
    assert_eq!(env.sent().len(), 2);
    // Network down: a stale cache still resolves names (with a warning) and still completes.
    let token = env.token("unidade1", "unidade1");
    let down = env.stop();
    down.bare()
        .env("CLINIC_TOKEN", &token)
        .env("CLINIC_CACHE_TTL", "0")
        .args(["report", "appointments", "--status", "Faltou"])
        .assert()
        .code(5)
        .stderr(predicate::str::contains(
            "using the cached appointment-statuses list",
        ));
    let out = down
        .bare()
        .env("COMPLETE", "bash")
        .env("_CLAP_COMPLETE_INDEX", "4")
        .args(["--", "clinic", "report", "appointments", "--status", "Fal"])
        .output()
        .unwrap();
    assert_eq!(String::from_utf8(out.stdout).unwrap().trim(), "Faltou");
}

#[test]
fn man_pages_are_generated() {
    let env = Env::new();
    let out = env.bare().arg("man").output().unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(
        text.contains(".TH clinic") && text.contains("report"),
        "{text}"
    );
    let dir = tempfile::tempdir().unwrap();
    env.bare()
        .args(["man", "--dir"])
        .arg(dir.path())
        .assert()
        .success();
    assert!(dir.path().join("clinic-report-ficha-financeira.1").exists());
    assert!(dir.path().join("clinic-crm-deal-update.1").exists());
}
