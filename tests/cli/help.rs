//! `--help`, `clinic help TOPIC` and `clinic man`: what each command lists first, the topics, the
//! examples, the short help, the manual pages.

use predicates::prelude::*;

use crate::common::*;

/// The flags a help text lists under `heading` (up to the next heading).
fn flags_under(help: &str, heading: &str) -> Vec<String> {
    help.lines()
        .skip_while(|l| *l != heading)
        .skip(1)
        .take_while(|l| l.is_empty() || l.starts_with(' '))
        .filter_map(|l| {
            l.split_whitespace()
                .find(|w| w.starts_with("--"))
                .map(|w| w.trim_end_matches(',').to_string())
        })
        .collect()
}

/// `clinic man --dir` into a fresh folder: one page a command.
fn man_pages(env: &Env) -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    env.bare()
        .args(["man", "--dir"])
        .arg(dir.path())
        .assert()
        .success();
    dir
}

#[test]
fn help_lists_the_commands_own_flags_first_and_hides_output_flags_where_nothing_is_listed() {
    let env = Env::new();
    let help = |args: &[&str]| {
        let out = env.bare().args(args).output().unwrap();
        assert!(out.status.success(), "{args:?}: {}", stderr(&out));
        String::from_utf8(out.stdout).unwrap()
    };
    let report = help(&["report", "ficha-financeira", "--help"]);
    let own = flags_under(&report, "Options:");
    let global = flags_under(&report, "Global options:");
    assert!(own.contains(&"--seller".to_string()), "{own:?}");
    assert!(!own.contains(&"--format".to_string()), "{own:?}");
    for flag in [
        "--profile",
        "--format",
        "--columns",
        "--all",
        "--per-page",
        "-o",
    ] {
        let flag = flag.trim_start_matches("-o").to_string();
        if !flag.is_empty() {
            assert!(global.contains(&flag), "{flag} in {global:?}");
        }
    }
    assert!(report.find("Options:") < report.find("Global options:"));
    // Commands that list nothing offer no output or paging flags, in help, man pages or on Tab.
    for args in [
        &["config", "set", "--help"][..],
        &["login", "--help"],
        &["sandbox", "serve", "--help"],
        &["cache", "refresh", "--help"],
        &["config", "--help"],
    ] {
        let text = help(args);
        for flag in [
            "--format",
            "--jq",
            "--excel",
            "--all",
            "--output",
            "--per-page",
            "--columns",
        ] {
            assert!(!text.contains(flag), "{args:?} offers {flag}:\n{text}");
        }
        assert!(text.contains("--profile"), "{args:?}");
    }
    // A command that prints one record keeps the output flags but not the paging ones.
    let create = help(&["campaign", "create", "--help"]);
    assert!(
        create.contains("--format") && !create.contains("--per-page"),
        "{create}"
    );
    let man = help(&["man"]);
    assert!(
        man.contains("\\-\\-format"),
        "the main page keeps the global flags"
    );
    let dir = man_pages(&env);
    let page = std::fs::read_to_string(dir.path().join("clinic-config-set.1")).unwrap();
    assert!(!page.contains("\\-\\-format"), "{page}");
    assert!(page.contains("\\-\\-profile"), "{page}");
    let out = env
        .bare()
        .env("COMPLETE", "bash")
        .env("_CLAP_COMPLETE_INDEX", "3")
        .args(["--", "clinic", "config", "set", "--"])
        .output()
        .unwrap();
    let offered = String::from_utf8(out.stdout).unwrap();
    assert!(offered.contains("--profile"), "{offered}");
    assert!(
        !offered.contains("--format") && !offered.contains("--all"),
        "{offered}"
    );
}

#[test]
fn help_topics_environment_and_exit_codes() {
    let env = Env::new();
    let out = env.bare().args(["help", "environment"]).output().unwrap();
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    for var in [
        "CLINIC_PROFILE",
        "CLINIC_CONFIG_DIR",
        "CLINIC_CACHE_DIR",
        "CLINIC_CACHE_TTL",
        "CLINIC_BASE_URL",
        "CLINIC_TOKEN",
        "CLINIC_IO_KEY",
        "CLINIC_LOGIN",
        "CLINIC_PASSWORD",
        "CLINIC_CREDENTIAL_STORE",
        "CLINIC_WEBHOOK_ID",
        "CLINIC_CLINICA",
        "CLINIC_TIMEOUT",
        "CLINIC_MAX_WAIT",
        "CLINIC_MAX_ANSWER_SIZE",
        "CLINIC_CA_BUNDLE",
        "NO_COLOR",
    ] {
        assert!(text.contains(var), "{var} missing:\n{text}");
    }
    let out = env.bare().args(["help", "exit-codes"]).output().unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    for line in ["0 ", "1 ", "2 ", "3 ", "4 ", "5 ", "130 "] {
        assert!(text.lines().any(|l| l.starts_with(line)), "{line}:\n{text}");
    }
    // `help COMMAND` is the command's --help; an unknown topic is a usage error naming the topics.
    let by_help = env
        .bare()
        .args(["help", "report", "appointments"])
        .output()
        .unwrap();
    let by_flag = env
        .bare()
        .args(["report", "appointments", "--help"])
        .output()
        .unwrap();
    assert_eq!(by_help.stdout, by_flag.stdout);
    env.bare()
        .args(["help", "nope"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("environment, exit-codes"));
    // Every topic is listed wherever the topics are named.
    for args in [&["help", "--help"][..], &["--help"]] {
        let out = env.bare().args(args).output().unwrap();
        let text = String::from_utf8_lossy(&out.stdout).into_owned();
        for topic in ["environment", "exit-codes", "network"] {
            assert!(text.contains(topic), "{args:?} omits {topic}:\n{text}");
        }
    }
    // Topics complete on Tab.
    let out = env
        .bare()
        .env("COMPLETE", "bash")
        .env("_CLAP_COMPLETE_INDEX", "2")
        .args(["--", "clinic", "help", "e"])
        .output()
        .unwrap();
    let offered = String::from_utf8(out.stdout).unwrap();
    assert!(
        offered.contains("environment") && offered.contains("exit-codes"),
        "{offered}"
    );
}

#[test]
fn every_command_shows_an_example_in_its_help() {
    fn leaves(cmd: &clap::Command, path: Vec<String>, out: &mut Vec<(Vec<String>, String)>) {
        if cmd.get_subcommands().next().is_none() {
            let after = cmd
                .get_after_help()
                .map(|h| h.to_string())
                .unwrap_or_default();
            out.push((path, after));
            return;
        }
        for sub in cmd.get_subcommands().filter(|s| s.get_name() != "help") {
            let mut p = path.clone();
            p.push(sub.get_name().to_string());
            leaves(sub, p, out);
        }
    }
    // In each language: the examples are part of the catalogue.
    let mut missing = Vec::new();
    for (lang, word) in [
        (clinic::text::i18n::Lang::En, "Example"),
        (clinic::text::i18n::Lang::PtBr, "Exemplo"),
    ] {
        let mut all = Vec::new();
        leaves(&clinic::cli::command_in(lang), Vec::new(), &mut all);
        assert!(all.len() > 40);
        missing.extend(
            all.iter()
                .filter(|(_, help)| !help.contains(word))
                .map(|(p, _)| format!("{} ({})", p.join(" "), lang.tag())),
        );
    }
    assert!(
        missing.is_empty(),
        "commands without an example in --help: {missing:?}"
    );
}

#[test]
fn short_help_fits_a_screen_and_points_to_the_network_options() {
    let env = Env::new();
    let text = |args: &[&str]| {
        let out = env.bare().args(args).output().unwrap();
        assert!(out.status.success(), "{args:?}: {}", stderr(&out));
        String::from_utf8(out.stdout).unwrap()
    };
    for lang in ["en", "pt-BR"] {
        let short = text(&["--lang", lang, "contact", "create", "-h"]);
        assert!(short.lines().count() <= 40, "{lang}:\n{short}");
        assert!(short.contains("clinic help network"), "{short}");
        assert!(
            short.contains("--phone") && !short.contains("--timeout"),
            "{short}"
        );
    }
    // Value names in the reader's language.
    let portuguese = text(&["--lang", "pt-BR", "contact", "create", "-h"]);
    for name in ["<TELEFONE>", "<OBSERVAÇÃO>", "<FORMATO>", "<ARQUIVO>"] {
        assert!(portuguese.contains(name), "{name}:\n{portuguese}");
    }
    // `--help` keeps everything; the topic lists the network options with their full help.
    let long = text(&["contact", "create", "--help"]);
    for flag in ["--timeout", "--max-wait", "--cacert", "--jq"] {
        assert!(long.contains(flag), "{flag} in --help");
    }
    let topic = text(&["help", "network"]);
    for flag in [
        "--timeout",
        "--max-wait",
        "--max-answer-size",
        "--cacert",
        "--concurrency",
        "--max-pages",
    ] {
        assert!(topic.contains(flag), "{flag}:\n{topic}");
    }
    assert!(topic.contains("CLINIC_TIMEOUT"), "{topic}");
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
    let dir = man_pages(&env);
    assert!(dir.path().join("clinic-report-ficha-financeira.1").exists());
    assert!(dir.path().join("clinic-crm-deal-update.1").exists());
}

/// Help and usage errors name the program `clinic`, as the guide does, whatever its file is
/// called: `clinic.exe` on Windows, or a download renamed.
#[test]
fn help_names_the_program_clinic_whatever_its_file_is_called() {
    let dir = tempfile::tempdir().unwrap();
    let renamed = dir.path().join("clinic.exe");
    let program = assert_cmd::cargo::cargo_bin("clinic");
    #[cfg(unix)]
    std::os::unix::fs::symlink(&program, &renamed).unwrap();
    #[cfg(not(unix))]
    std::fs::copy(&program, &renamed).unwrap();
    let run = |args: &[&str]| {
        std::process::Command::new(&renamed)
            .env("CLINIC_LANG", "en")
            .env("NO_COLOR", "1")
            .env("CLINIC_CONFIG_DIR", dir.path())
            .args(args)
            .output()
            .unwrap()
    };
    let out = run(&["contact", "import", "--help"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let help = String::from_utf8(out.stdout).unwrap();
    assert!(
        help.contains("\nUsage: clinic contact import [OPTIONS] <FILE>\n"),
        "{help}"
    );
    assert!(!help.contains("clinic.exe"), "{help}");
    let out = run(&["contact", "import", "--bogus"]);
    assert_eq!(out.status.code(), Some(2));
    let err = stderr(&out);
    assert!(
        err.contains("Usage: clinic contact import ") && !err.contains("clinic.exe"),
        "{err}"
    );
}
