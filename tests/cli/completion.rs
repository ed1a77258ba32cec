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
        .env("CLINIC_BASE_URL", env.base_url())
        .env("CLINIC_CRM_URL", &env.sandbox.urls().crm_url);
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
    // A status by name: resolved from the cache, or from the list fetched again.
    const MISSED: &[&str] = &[
        "report",
        "appointments",
        "--status",
        "Faltou",
        "--page",
        "1",
    ];
    let env = refreshed();
    // Fresh: names resolve without asking the service for the list again.
    env.clear_journal();
    env.clinic()
        .args(["ref", "sellers", "--limit", "1"])
        .assert()
        .success();
    env.clear_journal();
    env.clinic().args(MISSED).assert().success();
    let paths: Vec<String> = crate::common::without_numbering_probe(env.sent())
        .iter()
        .map(|r| r["path"].as_str().unwrap().to_string())
        .collect();
    assert_eq!(paths.len(), 1, "{paths:?}");
    assert!(paths[0].ends_with("/relAgendamentos"));
    // Stale: fetched again.
    env.clear_journal();
    env.clinic()
        .env("CLINIC_CACHE_TTL", "0")
        .args(MISSED)
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
    env.clinic().args(MISSED).assert().success();
    assert_eq!(crate::common::without_numbering_probe(env.sent()).len(), 2);
    // Network down: a stale cache still resolves names (with a warning) and still completes.
    let token = env.token("unidade1", "unidade1");
    let down = env.stop();
    down.bare()
        .env("CLINIC_TOKEN", &token)
        .env("CLINIC_CACHE_TTL", "0")
        .args(MISSED)
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

/// An interactive bash in a pseudo-terminal with the committed completion script loaded and the
/// test's configuration, at its prompt.
fn interactive_bash(env: &Env, token: &str) -> rexpect::session::PtySession {
    let mut bash = shell(env, "bash");
    bash.args(["--norc", "--noprofile", "-i"])
        .env("PS1", PROMPT)
        .env("CLINIC_TOKEN", token)
        .env("TERM", "dumb")
        .env("NO_COLOR", "1");
    let mut p = rexpect::session::spawn_command(bash, Some(30_000)).unwrap();
    p.exp_string(PROMPT).unwrap();
    p.send_line(&format!(
        "source {}",
        repo("completions/clinic.bash").display()
    ))
    .unwrap();
    p.exp_string(PROMPT).unwrap();
    p
}

const PROMPT: &str = "PROMPT> ";

/// Types `line`, presses Tab, then runs the completed line with `printf '<%s>\n'` in front, so each
/// word bash parsed prints on its own: returns what the last word became.
fn completed_word(p: &mut rexpect::session::PtySession, line: &str) -> String {
    p.send(line).unwrap();
    // Keys wait in the terminal while completion runs, so the ones after Tab act on its result.
    p.send("\t").unwrap();
    p.send_control('a').unwrap();
    p.send("printf '<%s>\\n' ").unwrap();
    p.send_line("").unwrap();
    if let Err(e) = p.exp_string("<clinic>") {
        panic!("{line}: {e}");
    }
    let printed = p.exp_string(PROMPT).unwrap();
    let printed = from_pty(&printed).replace("\r\n", "\n");
    printed
        .trim_end()
        .rsplit_once("\n<")
        .map(|(_, last)| last.trim_end_matches('>').to_string())
        .unwrap_or_default()
}

#[test]
fn bash_inserts_names_that_run_as_inserted_matched_without_case_or_accents() {
    if !shell_ready(
        "bash_inserts_names_that_run_as_inserted_matched_without_case_or_accents",
        "bash",
        &[],
    ) {
        return;
    }
    let env = refreshed();
    let token = env.token("unidade1", "unidade1");
    let mut p = interactive_bash(&env, &token);
    for (typed, parsed) in [
        (
            "clinic report ficha-financeira --seller cam",
            "Camila Araújo",
        ),
        (
            "clinic report ficha-financeira --seller \"cam",
            "Camila Araújo",
        ),
        (
            "clinic report ficha-financeira --seller 'bru",
            "Bruno D'Ávila",
        ),
        (
            "clinic report ficha-financeira --seller BRUNO",
            "Bruno D'Ávila",
        ),
        (
            "clinic report ficha-financeira --created-by integ",
            "Integração \"site\"",
        ),
        (
            "clinic report ficha-financeira --created-by \"integ",
            "Integração \"site\"",
        ),
        (
            "clinic report ficha-financeira --created-by 'integ",
            "Integração \"site\"",
        ),
        ("clinic contact create --channel indicacao", "Indicação"),
        ("clinic contact create --campaign promo", "=Promoção 2x1"),
        (
            "clinic contact create --campaign pacote",
            "Pacote noiva\nDia do casamento",
        ),
        (
            "clinic contact create --campaign \"parceria",
            "Parceria academia \"Corpo & Movimento\"",
        ),
    ] {
        assert_eq!(completed_word(&mut p, typed), parsed, "{typed}");
    }
    // And the completed line runs: the seller sent is the one completed.
    env.clear_journal();
    p.send("clinic report ficha-financeira --limit 1 --format json --seller araujo")
        .unwrap();
    p.send("\t").unwrap();
    p.send_line(" >/dev/null && echo ran=$?").unwrap();
    p.exp_string("ran=0").unwrap();
    p.exp_string(PROMPT).unwrap();
    let sent = env.sent();
    let report = sent
        .iter()
        .find(|r| is_to(r, "/lista_venda_orcamento"))
        .expect("the report was asked for");
    assert!(
        query_of(report).contains(&("vendedor".into(), "3".into())),
        "{report}"
    );
    p.send_line("exit").unwrap();
    p.exp_eof().unwrap();
}

/// The candidates `clinic` offers for the last word of `words`, as bash asks for them.
fn offered(env: &Env, words: &[&str]) -> Vec<String> {
    let out = shell(env, "clinic")
        .env("COMPLETE", "bash")
        .env("_CLAP_IFS", "\u{b}")
        .env("_CLAP_COMPLETE_INDEX", (words.len() - 1).to_string())
        .arg("--")
        .args(words)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout)
        .unwrap()
        .split('\u{b}')
        // Values only: with an empty word, the flags come too.
        .filter(|c| !c.is_empty() && !c.starts_with('-'))
        .map(str::to_string)
        .collect()
}

#[test]
fn completion_honours_profile_and_clinic_on_the_line_and_covers_closed_lists() {
    let env = Env::new();
    // A campaign only clinic 2 has, cached by an admin_master's refresh of every clinic.
    succeeds(
        env.admin()
            .args(["api", "POST", "/criaCampanha", "--format", "json", "--data"])
            .arg(r#"{"nome": "Só na Clínica Dois", "clinica": "2"}"#),
    );
    env.admin().args(["cache", "refresh"]).assert().success();
    let campaign = |clinic: &str| {
        offered(
            &env,
            &[
                "clinic",
                "contact",
                "create",
                "--clinic",
                clinic,
                "--campaign",
                "so",
            ],
        )
    };
    assert_eq!(campaign("2"), [r"Só\ na\ Clínica\ Dois"]);
    assert_eq!(campaign("df brasilia"), [r"Só\ na\ Clínica\ Dois"]);
    assert!(campaign("1").is_empty(), "{:?}", campaign("1"));
    // Another profile has its own cache (empty here).
    assert_eq!(
        offered(&env, &["clinic", "contact", "create", "--channel", "ins"]),
        ["Instagram"]
    );
    assert!(
        offered(
            &env,
            &[
                "clinic",
                "--profile",
                "other",
                "contact",
                "create",
                "--channel",
                "ins"
            ]
        )
        .is_empty()
    );
    // Closed lists: configuration keys and values, stages, UTM sources, units, flags of 0 and 1.
    let keys = offered(&env, &["clinic", "config", "set", "aut"]);
    assert_eq!(keys, ["automation_url", "auth_scheme"]);
    assert_eq!(
        offered(&env, &["clinic", "config", "get", "UNI"]),
        ["units"]
    );
    assert_eq!(
        offered(&env, &["clinic", "config", "set", "auth_scheme", ""]),
        ["bearer", "raw", "token", "jwt"]
    );
    assert_eq!(
        offered(
            &env,
            &["clinic", "config", "set", "timezone", "america/sao"]
        ),
        ["America/Sao_Paulo"]
    );
    assert_eq!(
        offered(&env, &["clinic", "config", "set", "clinica", "1"])
            .first()
            .map(String::as_str),
        Some("1")
    );
    assert_eq!(
        offered(
            &env,
            &[
                "clinic",
                "crm",
                "deal",
                "update",
                "7",
                "--stage",
                "tentativa"
            ]
        ),
        [r"Tentativa\ de\ contato"]
    );
    assert_eq!(
        offered(
            &env,
            &["clinic", "crm", "deal", "update", "7", "--stage", "em"]
        ),
        [r"Em\ contato", r"Em\ negociação"]
    );
    assert_eq!(
        offered(
            &env,
            &["clinic", "crm", "contact", "create", "--utm-source", "what"]
        ),
        ["WhatsApp"]
    );
    env.bare()
        .args([
            "config",
            "set",
            "units",
            "SP Campinas;SP São Paulo - Perdizes",
        ])
        .assert()
        .success();
    assert_eq!(
        offered(
            &env,
            &["clinic", "crm", "contact", "create", "--unit", "sp sao"]
        ),
        [r"SP\ São\ Paulo\ -\ Perdizes"]
    );
    assert_eq!(
        offered(
            &env,
            &["clinic", "report", "appointments", "--has-quote", ""]
        ),
        ["0", "1"]
    );
    assert_eq!(
        offered(&env, &["clinic", "contact", "list", "--referred", ""]),
        ["0", "1"]
    );
    assert_eq!(
        offered(&env, &["clinic", "report", "appointments", "--type", ""]),
        ["1", "2"]
    );
    assert_eq!(
        offered(&env, &["clinic", "appointment", "set-status", "5", "conf"]),
        ["Confirmado"]
    );
}

#[test]
fn powershell_registration_is_generated_and_answers_for_clinic_exe() {
    let env = refreshed();
    // The committed script is exactly what the generator writes.
    let out = succeeds(env.bare().args(["completions", "powershell"]));
    let committed = std::fs::read(repo("completions/_clinic.ps1")).unwrap();
    assert!(
        out.stdout == committed,
        "completions/_clinic.ps1 is stale: regenerate it with `clinic completions powershell`"
    );
    let script = String::from_utf8(out.stdout).unwrap();
    assert!(
        script.contains("-CommandName 'clinic', 'clinic.exe'"),
        "{script}"
    );

    // The callback the script makes, with the line as typed on Windows: a name with a space and
    // a name with an accent come back whole, in UTF-8.
    let complete = |line: &[&str]| {
        let out = shell(&env, "clinic")
            .env("COMPLETE", "powershell")
            .arg("--")
            .args(line)
            .output()
            .unwrap();
        assert!(out.status.success(), "{}", stderr(&out));
        String::from_utf8(out.stdout)
            .expect("UTF-8")
            .lines()
            .map(|l| l.split('\t').next().unwrap().to_string())
            .collect::<Vec<_>>()
    };
    let channels = complete(&["clinic.exe", "contact", "create", "--channel", "Goo"]);
    assert_eq!(channels, ["Google Ads"], "{channels:?}");
    let campaigns = complete(&["clinic.exe", "contact", "create", "--campaign", "Ver"]);
    assert_eq!(
        campaigns,
        ["Verão 2024 — Depilação a laser"],
        "{campaigns:?}"
    );
}

/// A flag that takes a list completes the word after the last comma, keeping what came before.
#[test]
fn a_list_of_clinics_or_statuses_completes_after_a_comma() {
    let env = Env::new();
    env.admin().args(["cache", "refresh"]).assert().success();
    let offered_for = |flag: &str, typed: &str| {
        offered(&env, &["clinic", "report", "ficha-financeira", flag, typed])
    };
    assert_eq!(offered_for("--clinic", "1,uber"), [r"1,MG\ Uberlândia"]);
    assert_eq!(offered_for("--clinic", "uber"), [r"MG\ Uberlândia"]);
    let statuses = offered_for("--status", "2,aprov");
    assert_eq!(statuses, ["2,Aprovado"], "{statuses:?}");
}

#[test]
fn completions_committed_match_the_binary() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    for (shell, file) in [
        ("bash", "clinic.bash"),
        ("zsh", "_clinic"),
        ("fish", "clinic.fish"),
        ("powershell", "_clinic.ps1"),
        ("elvish", "clinic.elv"),
    ] {
        let out = assert_cmd::Command::cargo_bin("clinic")
            .unwrap()
            .args(["completions", shell])
            .output()
            .unwrap();
        assert!(out.status.success());
        let committed = std::fs::read(root.join("completions").join(file)).unwrap_or_default();
        assert!(
            committed == out.stdout,
            "completions/{file} is stale: regenerate with `cargo run -- completions {shell} > completions/{file}`"
        );
    }
}

/// `doctor`'s completion line for the shell the run's variables point to: on Windows, PowerShell
/// 7 or Windows PowerShell 5.1 (told by the user's modules folder in PSModulePath) with the path
/// of `$PROFILE` as Windows writes it, cmd, or Git Bash; never advice with a Unix folder there. A
/// profile that loads the completion is ok.
#[test]
fn doctor_advises_the_completion_of_the_windows_shell_it_runs_in() {
    let env = Env::new();
    let completions = |vars: &[(&str, &str)]| {
        let out = env.run_with(vars, &["doctor"]);
        let text = String::from_utf8(out.stdout).unwrap();
        text.lines()
            .find(|l| l[6..].starts_with("completions "))
            .unwrap_or_else(|| panic!("no completions line: {text}"))
            .to_string()
    };
    const HOME: &str = r"C:\Users\José";
    const SYSTEM_MODULES: &str = r"C:\Program Files\WindowsPowerShell\Modules;C:\WINDOWS\system32\WindowsPowerShell\v1.0\Modules";
    let seven = format!(
        r"{HOME}\Documents\PowerShell\Modules;C:\Program Files\PowerShell\Modules;c:\program files\powershell\7\Modules;{SYSTEM_MODULES}"
    );
    let windows = |modules: &str| {
        completions(&[
            ("OS", "Windows_NT"),
            ("USERPROFILE", HOME),
            ("SHELL", ""),
            ("PSModulePath", modules),
        ])
    };
    assert_eq!(
        windows(&seven),
        r"warn  completions     PowerShell 7: not installed: add this line to $PROFILE (C:\Users\José\Documents\PowerShell\Microsoft.PowerShell_profile.ps1): clinic completions powershell | Out-String | Invoke-Expression"
    );
    assert_eq!(
        windows(&format!(
            r"{HOME}\Documents\WindowsPowerShell\Modules;{SYSTEM_MODULES}"
        )),
        r"warn  completions     Windows PowerShell 5.1: not installed: add this line to $PROFILE (C:\Users\José\Documents\WindowsPowerShell\Microsoft.PowerShell_profile.ps1): clinic completions powershell | Out-String | Invoke-Expression — and let it run once: Set-ExecutionPolicy -Scope CurrentUser RemoteSigned"
    );
    assert_eq!(
        windows(SYSTEM_MODULES),
        "warn  completions     cmd completes no program's flags: run clinic in PowerShell and see \
         `clinic doctor` there (clinic completions powershell)"
    );

    // Git Bash names its bash: bash's advice, written as Git Bash takes it.
    assert_eq!(
        completions(&[
            ("OS", "Windows_NT"),
            ("USERPROFILE", HOME),
            ("SHELL", "/usr/bin/bash"),
            ("PSModulePath", SYSTEM_MODULES),
        ]),
        "warn  completions     not installed: clinic completions bash > \
         ~/.local/share/bash-completion/completions/clinic"
    );

    // PowerShell whose profile loads the completion (pwsh keeps it under the configuration folder
    // on Linux and macOS).
    let home = tempfile::tempdir().unwrap();
    let home = home.path().display().to_string();
    let profile = format!("{home}/.config/powershell/Microsoft.PowerShell_profile.ps1");
    let modules =
        format!("{home}/.local/share/powershell/Modules:/opt/microsoft/powershell/7/Modules");
    let pwsh = [("HOME", home.as_str()), ("PSModulePath", modules.as_str())];
    assert!(completions(&pwsh).starts_with("warn  completions     PowerShell 7: not installed"));
    std::fs::create_dir_all(format!("{home}/.config/powershell")).unwrap();
    std::fs::write(
        &profile,
        "Set-PSReadLineOption -EditMode Windows\nclinic completions powershell | Out-String | Invoke-Expression\n",
    )
    .unwrap();
    assert_eq!(
        completions(&pwsh),
        format!("ok    completions     PowerShell 7: {profile} ($PROFILE) loads it")
    );
}

/// `--type` of `crm item list|get` offers the titles of the portal's smart processes as a CRM
/// command last read them (completion never asks the portal); never read, nothing.
#[test]
fn crm_item_type_completes_the_titles_of_the_smart_processes() {
    let env = Env::new();
    let line =
        |kind: &str, word: &str| offered(&env, &["clinic", "crm", "item", kind, "--type", word]);
    assert!(line("list", "").is_empty());
    env.run_crm_ok(&["crm", "type", "list"]);
    assert_eq!(line("list", ""), ["Tratamentos", "Retornos"]);
    assert_eq!(line("get", "ret"), ["Retornos"]);
    assert_eq!(line("list", "TRA"), ["Tratamentos"]);
}
