//! Errors in each language of the interface: values refused before anything is sent, and a login the
//! service refuses. The parts that came from the person (the flag, the value typed) and from the server
//! (its own message) are shown as they were; only the CLI's own words change.

use crate::common::{ANA, Env, FILED_UNDER_ONE, LOGIN_TO_FILE, exits, is_to, stderr};

/// `clinic report ficha-financeira --excel --format json` (Excel's CSV is CSV or TSV), in a language
/// chosen by the environment `how` (an empty value removes the variable) and, when given, `--lang`.
fn excel_as_json(env: &Env, how: &[(&str, &str)], lang_flag: Option<&str>) -> std::process::Output {
    let mut cmd = env.clinic();
    for (k, v) in how {
        if v.is_empty() {
            cmd.env_remove(k);
        } else {
            cmd.env(k, v);
        }
    }
    if let Some(lang) = lang_flag {
        cmd.args(["--lang", lang]);
    }
    cmd.args(["report", "ficha-financeira", "--excel", "--format", "json"])
        .output()
        .unwrap()
}

#[test]
fn a_validation_error_names_field_value_and_expectation_in_each_language() {
    let env = Env::new();

    let out = excel_as_json(&env, &[("CLINIC_LANG", "en")], None);
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    let err = stderr(&out);
    assert!(
        err.contains(
            "error: invalid --format: got \"json\", expected csv or tsv with --excel (or leave --format out: --excel writes CSV)"
        ),
        "{err}"
    );

    let portuguese = [
        excel_as_json(&env, &[("CLINIC_LANG", "pt-BR")], None),
        excel_as_json(&env, &[("CLINIC_LANG", "en")], Some("pt-BR")),
        excel_as_json(&env, &[("CLINIC_LANG", ""), ("LANG", "pt_BR.UTF-8")], None),
    ];
    for out in portuguese {
        assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
        let err = stderr(&out);
        // The field (a flag's name) and the value typed stay as they are; the sentence around them
        // and the expectation are Portuguese.
        assert!(
            err.contains(
                "erro: valor inválido para --format: recebido \"json\", esperado csv ou tsv com --excel (ou omita --format: --excel grava CSV)"
            ),
            "{err}"
        );
        assert!(
            !err.contains("invalid") && !err.contains("expected"),
            "{err}"
        );
    }

    assert!(env.sent().is_empty(), "{:?}", env.sent());
}

#[test]
fn a_date_format_is_described_in_the_readers_language() {
    let env = Env::new();
    let run = |lang: &str| {
        env.clinic()
            .env("CLINIC_LANG", lang)
            .args(["report", "ficha-financeira", "--from", "31/02/2024"])
            .output()
            .unwrap()
    };
    let out = run("en");
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    let err = stderr(&out);
    assert!(
        err.contains("31/02/2024")
            && err.contains("--from")
            && err.contains("a real calendar date as YYYY-MM-DD or DD/MM/YYYY"),
        "{err}"
    );
    let out = run("pt-BR");
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    let err = stderr(&out);
    // The formats the flag accepts are the same; their description is Portuguese (AAAA for the year).
    assert!(
        err.contains("31/02/2024")
            && err.contains("--from")
            && err.contains("uma data real no formato AAAA-MM-DD ou DD/MM/AAAA"),
        "{err}"
    );
    assert!(env.sent().is_empty(), "{:?}", env.sent());
}

#[test]
fn a_future_birth_date_names_today_as_people_read_it() {
    let env = Env::new();
    // Today is the profile's day (its `timezone`, São Paulo by default), whatever the machine's
    // clock says: between 00:00 and 03:00 UTC the two differ.
    let today = || {
        chrono::Utc::now()
            .with_timezone(&chrono_tz::America::Sao_Paulo)
            .date_naive()
    };
    let before = today();
    let run = |lang: &str| {
        env.clinic()
            .env("CLINIC_LANG", lang)
            .args(&ANA[..6])
            .args(["--birth-date", "2199-01-01"])
            .args(FILED_UNDER_ONE)
            .output()
            .unwrap()
    };
    let (en, pt) = (run("en"), run("pt-BR"));
    let after = today();
    let shown = |f: &str| [before.format(f).to_string(), after.format(f).to_string()];

    assert_eq!(en.status.code(), Some(2), "{}", stderr(&en));
    let err = stderr(&en);
    assert!(
        shown("%Y-%m-%d").iter().any(|d| err.contains(&format!(
            "a birth date that is not in the future (today is {d})"
        ))),
        "{err}"
    );

    assert_eq!(pt.status.code(), Some(2), "{}", stderr(&pt));
    let err = stderr(&pt);
    // A birth date is personal: the error masks it (`-vv` would show it).
    assert!(
        err.contains("'****'") && !err.contains("2199-01-01"),
        "{err}"
    );
    // pt-BR messages show dates as DD/MM/AAAA.
    assert!(
        shown("%d/%m/%Y").iter().any(|d| err.contains(&format!(
            "uma data de nascimento que não esteja no futuro (hoje é {d})"
        ))),
        "{err}"
    );
    assert!(env.sent().is_empty(), "{:?}", env.sent());
}

#[test]
fn a_refused_login_is_explained_in_each_language() {
    let env = Env::new();
    let login = |lang: &str| {
        env.file_store()
            .env("CLINIC_LANG", lang)
            .args(LOGIN_TO_FILE)
            .write_stdin("not-the-password\n")
            .output()
            .unwrap()
    };

    let out = login("en");
    assert_eq!(out.status.code(), Some(3), "{}", stderr(&out));
    let err = stderr(&out);
    assert!(err.contains("error: login refused (HTTP 401): "), "{err}");
    // The service's own words are quoted as it sent them, in every language.
    assert!(err.contains("senha inválidos"), "{err}");

    let out = login("pt-BR");
    assert_eq!(out.status.code(), Some(3), "{}", stderr(&out));
    let err = stderr(&out);
    assert!(err.contains("erro: login recusado (HTTP 401): "), "{err}");
    assert!(err.contains("senha inválidos"), "{err}");
    assert!(!err.contains("refused"), "{err}");
    assert!(!err.contains("not-the-password"), "{err}");

    // Both attempts reached the service and nothing was stored.
    let logins = env
        .journal()
        .into_iter()
        .filter(|r| is_to(r, "/loginApi"))
        .count();
    assert_eq!(logins, 2);
    assert!(
        !env.config.path().join("credentials.toml").exists()
            || !std::fs::read_to_string(env.config.path().join("credentials.toml"))
                .unwrap()
                .contains("unidade1")
    );
}

#[test]
fn an_expired_token_asks_for_login_in_each_language() {
    let env = Env::new();
    let run = |lang: &str| {
        env.bare()
            .env("CLINIC_LANG", lang)
            .env("CLINIC_TOKEN", "not-a-token")
            .args(["ref", "channels"])
            .output()
            .unwrap()
    };
    let out = run("en");
    assert_eq!(out.status.code(), Some(3), "{}", stderr(&out));
    assert!(
        stderr(&out).contains("error: not logged in or token expired — run `clinic login`"),
        "{}",
        stderr(&out)
    );
    let out = run("pt-BR");
    assert_eq!(out.status.code(), Some(3), "{}", stderr(&out));
    assert!(
        stderr(&out).contains("erro: sem login ou token expirado — execute `clinic login`"),
        "{}",
        stderr(&out)
    );
}

/// A server that is down, or a host name that does not resolve: one sentence in the reader's
/// language that says what to check, the address it tried, and none of the library's own words.
#[test]
fn an_unreachable_server_is_one_sentence_with_what_to_check_in_each_language() {
    let env = Env::new();
    let token = env.token("unidade1", "unidade1");
    let down = env.stop();
    for (lang, says) in [
        (
            "pt-BR",
            "nada responde neste endereço: confira o endereço (base_url) e se o serviço está no ar",
        ),
        (
            "en",
            "nothing answers at this address: check the address (base_url) and that the service is running",
        ),
    ] {
        let out = exits(
            down.bare().env("CLINIC_TOKEN", &token).args([
                "--lang",
                lang,
                "--max-wait",
                "1s",
                "ref",
                "channels",
            ]),
            5,
        );
        let err = stderr(&out);
        assert!(err.contains(says), "{err}");
        assert!(err.contains(&down.urls.base_url), "{err}");
        assert!(
            !err.contains("os error") && !err.contains("tcp connect"),
            "{err}"
        );
    }

    let out = exits(
        down.bare()
            .env("CLINIC_TOKEN", &token)
            .env("CLINIC_BASE_URL", "https://clinica.invalid/rest/v1")
            .args(["--lang", "pt-BR", "--max-wait", "1s", "ref", "channels"]),
        5,
    );
    let err = stderr(&out);
    assert!(
        err.contains("o nome do servidor não foi encontrado: confira o endereço (base_url) e a conexão de rede"),
        "{err}"
    );
    assert!(!err.contains("dns error"), "{err}");
}

/// A file that cannot be written is named as the person typed it, with the reason in their
/// language: never the temporary file the output goes to first.
#[test]
fn an_unwritable_output_names_the_users_file_and_why_in_each_language() {
    let env = Env::new();
    let dir = tempfile::tempdir().unwrap();
    let target = dir.path().join("nao-existe").join("canais.csv");
    for (lang, says) in [
        ("pt-BR", "não foi possível escrever {}: a pasta não existe"),
        ("en", "cannot write {}: its folder does not exist"),
    ] {
        let out = exits(
            env.clinic()
                .args(["--lang", lang, "ref", "channels", "-o"])
                .arg(&target),
            1,
        );
        let err = stderr(&out);
        let says = says.replace("{}", &target.display().to_string());
        assert!(err.contains(&says), "{err}");
        // The temporary file is `.canais.csv.<pid>.<random>.tmp` beside the target.
        assert!(
            !err.contains(".canais.csv") && !err.contains("os error"),
            "{err}"
        );
    }
}
