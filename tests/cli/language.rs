//! The language of the interface: chosen by `--lang`, `CLINIC_LANG`, the profile's `language` and the
//! locale, in that order; help, clap's own words and manual pages follow it; machine-readable output
//! never does.

use crate::common::{Env, exits, stderr, succeeds};

fn stdout(out: &std::process::Output) -> String {
    String::from_utf8(out.stdout.clone()).unwrap()
}

/// `clinic contact create --help` with the harness's English replaced by the given environment.
fn create_help(env: &Env, vars: &[(&str, &str)], args: &[&str]) -> String {
    let mut cmd = env.bare();
    cmd.env_remove("CLINIC_LANG").env_remove("LANG");
    for (k, v) in vars {
        cmd.env(k, v);
    }
    let out = succeeds(cmd.args(args).args(["contact", "create", "--help"]));
    stdout(&out)
}

fn assert_portuguese(help: &str) {
    for words in [
        "Cadastra um contato (POST /cadastraCliente)",
        "Uso: clinic contact create [OPÇÕES]",
        "Opções:",
        "Opções globais:",
        "Nome completo (obrigatório)",
        "Data de nascimento, AAAA-MM-DD ou DD/MM/AAAA (obrigatória)",
        "Mostra a ajuda",
        "Formato de saída",
        "Escreve em ARQUIVO",
        "--birth-date <DATA>",
        "-o, --output <ARQUIVO>",
        "Perfil [padrão",
        "[padrão: `config use`, ou default]",
        "Exemplo:",
    ] {
        assert!(help.contains(words), "no {words:?} in:\n{help}");
    }
    // Flag names and values people type stay as they are.
    for kept in ["--birth-date", "--clinic", "--format", "--lang", "xlsx"] {
        assert!(help.contains(kept), "no {kept:?} in:\n{help}");
    }
    assert!(!help.contains("Register a contact"), "{help}");
    assert!(!help.contains("Options:"), "{help}");
}

fn assert_english(help: &str) {
    for words in [
        "Register a contact (POST /cadastraCliente)",
        "Usage: clinic contact create [OPTIONS]",
        "Options:",
        "Global options:",
        "Full name (required)",
        "Print help",
        "Configuration profile",
    ] {
        assert!(help.contains(words), "no {words:?} in:\n{help}");
    }
    assert!(!help.contains("Cadastra um contato"), "{help}");
}

#[test]
fn help_is_english_by_default_and_portuguese_under_a_portuguese_locale() {
    let env = Env::new();
    assert_english(&create_help(&env, &[], &[]));
    assert_english(&create_help(&env, &[("LANG", "fr_FR.UTF-8")], &[]));
    assert_portuguese(&create_help(&env, &[("LANG", "pt_BR.UTF-8")], &[]));
    // LC_ALL outranks LANG, as in every program that reads the locale.
    assert_english(&create_help(
        &env,
        &[("LANG", "pt_BR.UTF-8"), ("LC_ALL", "C")],
        &[],
    ));
    assert_portuguese(&create_help(
        &env,
        &[("LANG", "en_US.UTF-8"), ("LC_MESSAGES", "pt_BR.UTF-8")],
        &[],
    ));
}

#[test]
fn clinic_lang_outranks_the_locale_and_the_flag_outranks_both() {
    let env = Env::new();
    let pt_over_locale = [("CLINIC_LANG", "pt-BR"), ("LANG", "en_US.UTF-8")];
    assert_portuguese(&create_help(&env, &pt_over_locale, &[]));
    let en_over_locale = [("CLINIC_LANG", "en"), ("LANG", "pt_BR.UTF-8")];
    assert_english(&create_help(&env, &en_over_locale, &[]));
    assert_portuguese(&create_help(
        &env,
        &[("CLINIC_LANG", "en")],
        &["--lang", "pt-BR"],
    ));
    assert_english(&create_help(
        &env,
        &[("CLINIC_LANG", "pt-BR")],
        &["--lang=en"],
    ));
}

#[test]
fn the_profile_language_sits_between_clinic_lang_and_the_locale() {
    let env = Env::new();
    env.bare()
        .args(["config", "set", "language", "português"])
        .assert()
        .success();
    let out = env
        .bare()
        .args(["config", "get", "language"])
        .output()
        .unwrap();
    assert_eq!(stdout(&out).trim(), "pt-BR", "stored as its tag");
    assert_portuguese(&create_help(&env, &[("LANG", "en_US.UTF-8")], &[]));
    assert_english(&create_help(&env, &[("CLINIC_LANG", "en")], &[]));
    // Another profile has no language: the locale decides there.
    assert_english(&create_help(
        &env,
        &[("LANG", "en_US.UTF-8")],
        &["--profile", "other"],
    ));
    assert_english(&create_help(
        &env,
        &[("LANG", "en_US.UTF-8"), ("CLINIC_PROFILE", "other")],
        &[],
    ));
    let out = exits(env.bare().args(["config", "set", "language", "fr"]), 2);
    assert!(stderr(&out).contains("language"), "{}", stderr(&out));
}

#[test]
fn an_unreadable_configuration_leaves_the_choice_to_the_locale() {
    let env = Env::new();
    std::fs::write(env.config.path().join("config.toml"), "not = [toml").unwrap();
    assert_portuguese(&create_help(&env, &[("LANG", "pt_BR.UTF-8")], &[]));
}

#[test]
fn a_language_we_do_not_speak_is_refused_before_anything_is_sent() {
    let env = Env::new();
    env.clear_journal();
    let out = exits(env.clinic().args(["--lang", "xx", "ref", "channels"]), 2);
    let err = stderr(&out);
    assert!(
        err.contains("--lang") && err.contains("\"xx\"") && err.contains("pt-BR"),
        "{err}"
    );
    let out = exits(
        env.clinic()
            .env("CLINIC_LANG", "klingon")
            .args(["ref", "channels"]),
        2,
    );
    assert!(stderr(&out).contains("CLINIC_LANG"), "{}", stderr(&out));
    // Said in the locale's language.
    let out = exits(
        env.clinic()
            .env("CLINIC_LANG", "xx")
            .env("LANG", "pt_BR.UTF-8")
            .args(["ref", "channels"]),
        2,
    );
    assert!(
        stderr(&out).contains("um idioma: en (inglês) ou pt-BR"),
        "{}",
        stderr(&out)
    );
    assert!(env.sent().is_empty(), "{:?}", env.sent());
}

#[test]
fn usage_errors_speak_the_language_and_still_exit_2() {
    let env = Env::new();
    let out = exits(env.bare().args(["--lang", "pt-BR", "contact", "crate"]), 2);
    let err = stderr(&out);
    assert!(
        err.contains("erro: comando desconhecido: 'crate'")
            && err.contains("dica: existe um comando parecido")
            && err.contains("Para mais informações, use '--help'."),
        "{err}"
    );
    let out = exits(
        env.bare()
            .args(["--lang", "pt-BR", "ref", "channels", "--format", "yaml"]),
        2,
    );
    let err = stderr(&out);
    assert!(
        err.contains("valor inválido 'yaml' para '--format <FORMATO>'")
            && err.contains("valores possíveis: table, json"),
        "{err}"
    );
    let out = exits(env.bare().args(["--lang", "pt-BR", "config", "set"]), 2);
    assert!(
        stderr(&out).contains("faltam argumentos obrigatórios"),
        "{}",
        stderr(&out)
    );
    let out = exits(
        env.bare().args([
            "--lang",
            "pt-BR",
            "contact",
            "list",
            "--active",
            "--inactive",
        ]),
        2,
    );
    assert!(
        stderr(&out).contains("o argumento '--active' não pode ser usado com '--inactive'"),
        "{}",
        stderr(&out)
    );
    let out = exits(env.bare().args(["contact", "crate"]), 2);
    assert!(
        stderr(&out).contains("unrecognized subcommand 'crate'"),
        "{}",
        stderr(&out)
    );
}

#[test]
fn machine_readable_output_is_the_same_in_both_languages() {
    let env = Env::new();
    for args in [
        &["ref", "channels", "--format", "json"][..],
        &[
            "report",
            "ficha-financeira",
            "--all",
            "--limit",
            "30",
            "--format",
            "csv",
        ],
        &[
            "report",
            "appointments",
            "--limit",
            "10",
            "--format",
            "ndjson",
        ],
    ] {
        let en = env.clinic().args(args).output().unwrap();
        let pt = env
            .clinic()
            .args(["--lang", "pt-BR"])
            .args(args)
            .output()
            .unwrap();
        assert!(
            en.status.success() && pt.status.success(),
            "{}",
            stderr(&pt)
        );
        assert!(!en.stdout.is_empty(), "{args:?}");
        assert_eq!(en.stdout, pt.stdout, "{args:?}");
    }
}

#[test]
fn manual_pages_and_help_topics_in_portuguese() {
    let env = Env::new();
    let out = succeeds(env.bare().args(["man", "--lang", "pt-BR"]));
    let page = stdout(&out);
    for title in [
        ".SH NOME",
        ".SH SINOPSE",
        ".SH DESCRIÇÃO",
        ".SH SUBCOMANDOS",
        "OPÇÕES GLOBAIS",
    ] {
        assert!(page.contains(title), "no {title} in:\n{page}");
    }
    assert!(page.contains("Cliente de linha de comando"), "{page}");
    assert!(
        page.contains("[padrão: `config use`, ou default]") && page.contains("Valores possíveis:"),
        "{page}"
    );
    assert!(!page.contains(".SH NAME") && !page.contains(".SH SYNOPSIS"));
    let english = stdout(&env.bare().arg("man").output().unwrap());
    assert!(english.contains(".SH NAME") && english.contains(".SH SYNOPSIS"));

    let dir = tempfile::tempdir().unwrap();
    env.bare()
        .args(["man", "--lang", "pt-BR", "--dir"])
        .arg(dir.path())
        .assert()
        .success();
    let page = std::fs::read_to_string(dir.path().join("clinic-contact-create.1")).unwrap();
    assert!(
        page.contains(".SH NOME") && page.contains("Cadastra um contato"),
        "{page}"
    );

    let topic = |lang: &str, name: &str| {
        let out = succeeds(env.bare().args(["--lang", lang, "help", name]));
        stdout(&out)
    };
    let environment = topic("pt-BR", "environment");
    assert!(
        environment.contains("Variáveis de ambiente")
            && environment.contains("CLINIC_LANG")
            && environment.contains("o idioma da interface"),
        "{environment}"
    );
    assert!(topic("en", "environment").contains("CLINIC_LANG"));
    let codes = topic("pt-BR", "exit-codes");
    assert!(
        codes.contains("Códigos de saída") && codes.contains("sem login"),
        "{codes}"
    );
    let help = topic("pt-BR", "report");
    assert!(
        help.contains("Relatórios") && help.contains("Comandos:"),
        "{help}"
    );
}

#[test]
fn tab_completion_describes_commands_in_the_language() {
    let env = Env::new();
    let offered = |vars: &[(&str, &str)], words: &[&str]| {
        let mut cmd = env.bare();
        cmd.env("COMPLETE", "fish");
        for (k, v) in vars {
            cmd.env(k, v);
        }
        let out = succeeds(cmd.arg("--").arg("clinic").args(words));
        stdout(&out)
    };
    let pt = offered(&[], &["--lang", "pt-BR", "ref", "c"]);
    assert!(pt.contains("clinics\tClínicas (unidades)"), "{pt}");
    let pt = offered(&[("CLINIC_LANG", "pt-BR")], &["help", "e"]);
    assert!(pt.contains("Variáveis de ambiente"), "{pt}");
    let en = offered(&[], &["ref", "c"]);
    assert!(en.contains("clinics\tClinics (units)"), "{en}");
    // A language we do not speak does not break completion: the locale's is used.
    let en = offered(&[("CLINIC_LANG", "xx")], &["ref", "c"]);
    assert!(en.contains("clinics\tClinics (units)"), "{en}");
}
