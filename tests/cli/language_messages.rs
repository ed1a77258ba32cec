//! What the commands say to people, in both languages: the guided form's prompts and pick lists, the
//! doctor's lines, a usage error, and the counts of the catalogue's plurals. Records for scripts stay the
//! same whatever the language.

use clinic::text::i18n::{Lang, Value, text_in};
use rexpect::session::spawn_command;

use crate::common::*;

/// The guided form, driven to its confirmation and declined: (lines to wait for, in order; the answer to
/// each). `None` answers nothing and waits for the next text.
/// `vars`: environment variables to set (`Some`) or remove (`None`).
fn guided_form(
    vars: &[(&str, Option<&str>)],
    lang_flag: Option<&str>,
    script: &[(&str, Option<&str>)],
) {
    let env = Env::new();
    let mut cmd = env.terminal_command("unidade1");
    for (name, value) in vars {
        match value {
            Some(value) => cmd.env(name, value),
            None => cmd.env_remove(name),
        };
    }
    if let Some(lang) = lang_flag {
        cmd.args(["--lang", lang]);
    }
    cmd.args(["contact", "create", "--format", "json"]);
    let mut p = spawn_command(cmd, Some(30_000)).unwrap();
    for (text, answer) in script {
        p.exp_string(&pty_text(text))
            .unwrap_or_else(|e| panic!("waiting for {text:?}: {e}"));
        if let Some(answer) = answer {
            p.send_line(answer).unwrap();
        }
    }
    p.exp_eof().unwrap();
    assert!(
        env.sent().iter().all(|r| r["method"] == "GET"),
        "a declined form sends nothing"
    );
}

#[test]
fn the_guided_form_asks_in_portuguese_under_clinic_lang() {
    guided_form(
        &[("CLINIC_LANG", Some("pt-BR"))],
        None,
        &[
            ("Clínica: 1  SP Campinas", None),
            ("Nome", Some("Maria Guiada")),
            ("Celular, ex.: (16) 99264-0197", Some("123")),
            ("esperado", Some("+55 16 99264-0197")),
            ("Data de nascimento (DD/MM/AAAA)", Some("23/04/1990")),
            ("Canal:", None),
            ("   3  Instagram", None),
            ("Canal (ID ou nome)", Some("instagram")),
            ("Campanha (ID ou nome)", Some("31")),
            ("nenhum item da lista campanhas tem o ID 31", Some("7")),
            ("E-mail (opcional)", Some("")),
            ("POST /cadastraCliente", None),
            ("Enviar? [S/n]", Some("n")),
            ("nada foi enviado", None),
        ],
    );
}

#[test]
fn the_guided_form_follows_a_portuguese_locale() {
    guided_form(
        &[
            ("CLINIC_LANG", None),
            ("LC_ALL", None),
            ("LC_MESSAGES", None),
            ("LANG", Some("pt_BR.UTF-8")),
        ],
        None,
        &[
            ("Clínica: 1  SP Campinas", None),
            ("Nome", Some("Maria Guiada")),
            ("Celular, ex.: (16) 99264-0197", Some("+55 16 99264-0197")),
            ("Data de nascimento (DD/MM/AAAA)", Some("23/04/1990")),
            ("Canal (ID ou nome)", Some("instagram")),
            ("Campanha (ID ou nome)", Some("7")),
            ("E-mail (opcional)", Some("")),
            ("Enviar? [S/n]", Some("n")),
            ("nada foi enviado", None),
        ],
    );
}

#[test]
fn the_guided_form_asks_in_english_when_the_flag_says_so() {
    guided_form(
        &[("CLINIC_LANG", Some("pt-BR"))],
        Some("en"),
        &[
            ("Clinic: 1  SP Campinas", None),
            ("Name", Some("Maria Guiada")),
            (
                "Mobile phone, e.g. (16) 99264-0197",
                Some("+55 16 99264-0197"),
            ),
            ("Birth date (DD/MM/YYYY)", Some("23/04/1990")),
            ("Channel (ID or name)", Some("instagram")),
            ("Campaign (ID or name)", Some("7")),
            ("E-mail (optional)", Some("")),
            ("Send it? [Y/n]", Some("n")),
            ("nothing was sent", None),
        ],
    );
}

#[test]
fn without_a_terminal_the_missing_fields_are_named_in_the_readers_language() {
    let env = Env::new();
    let pt = exits(
        env.clinic()
            .env("CLINIC_LANG", "pt-BR")
            .args(["contact", "create", "--clinic", "1", "--name", "Ana"]),
        2,
    );
    assert!(
        stderr(&pt).contains("faltam os campos obrigatórios --phone, --birth-date, --channel, --campaign: passe-os como opções"),
        "{}",
        stderr(&pt)
    );
    let en = env
        .clinic()
        .env("CLINIC_LANG", "en")
        .args(["contact", "create", "--clinic", "1", "--name", "Ana"])
        .output()
        .unwrap();
    assert!(
        stderr(&en).contains(
            "missing required --phone, --birth-date, --channel, --campaign: pass them as flags"
        ),
        "{}",
        stderr(&en)
    );
}

/// `clinic doctor` in `lang`, with a home of its own (no completion script installed).
fn doctor(env: &Env, home: &std::path::Path, lang: &str, json: bool) -> (Option<i32>, String) {
    let mut cmd = env.clinic();
    cmd.env("CLINIC_LANG", lang)
        .env("HOME", home)
        .env("SHELL", "/bin/bash")
        .env_remove("XDG_DATA_HOME")
        .env_remove("XDG_CONFIG_HOME")
        .arg("doctor");
    if json {
        cmd.args(["--format", "json"]);
    }
    let out = cmd.output().unwrap();
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
    )
}

#[test]
fn doctor_speaks_each_language_and_its_records_are_the_same_in_both() {
    let env = Env::new();
    let home = tempfile::tempdir().unwrap();
    let (code, pt) = doctor(&env, home.path(), "pt-BR", false);
    assert_eq!(code, Some(0), "{pt}");
    assert!(pt.contains("responde (HTTP"), "{pt}");
    assert!(pt.contains("o serviço aceita o token"), "{pt}");
    assert!(
        pt.contains("aviso completamento   não instalado: clinic completions bash"),
        "{pt}"
    );
    assert!(pt.contains("cache de nomes"), "{pt}");
    let (code, en) = doctor(&env, home.path(), "en", false);
    assert_eq!(code, Some(0), "{en}");
    assert!(en.contains("answers (HTTP"), "{en}");
    assert!(en.contains("the service takes it"), "{en}");
    assert!(
        en.contains("warn  completions     not installed: clinic completions bash"),
        "{en}"
    );
    // Records are for scripts: the same bytes in every language.
    let (_, pt_json) = doctor(&env, home.path(), "pt-BR", true);
    let (_, en_json) = doctor(&env, home.path(), "en", true);
    assert_eq!(pt_json, en_json);
    assert!(en_json.contains("\"status\": \"warn\""), "{en_json}");
    assert!(en_json.contains("not installed"), "{en_json}");
}

fn text(lang: Lang, key: &str, args: &[(&'static str, Value<'_>)]) -> String {
    text_in(lang, key, args)
}

#[test]
fn counts_take_the_plural_of_each_language() {
    let summary = |lang, total: u64| {
        text(
            lang,
            "cli-import-summary",
            &[
                ("created", Value::from(1)),
                ("skipped", Value::from(0)),
                ("unknown", Value::from(0)),
                ("failed", Value::from(0)),
                ("count", Value::from(total)),
            ],
        )
    };
    assert_eq!(
        summary(Lang::En, 1),
        "1 created, 0 skipped, 0 unknown, 0 failed, of 1 row"
    );
    assert!(summary(Lang::En, 2).ends_with("of 2 rows"));
    assert!(summary(Lang::PtBr, 1).ends_with("de 1 linha"));
    assert!(summary(Lang::PtBr, 2).ends_with("de 2 linhas"));
    let cleared = |lang, n: u64| text(lang, "cli-cache-cleared", &[("count", Value::from(n))]);
    assert_eq!(
        cleared(Lang::PtBr, 0),
        "nenhuma lista guardada foi removida"
    );
    assert_eq!(cleared(Lang::PtBr, 1), "1 lista guardada removida");
    assert_eq!(cleared(Lang::PtBr, 3), "3 listas guardadas removidas");
    assert_eq!(cleared(Lang::En, 1), "removed 1 cached list");
    let failed = |lang, failed: u64, total: u64| {
        text(
            lang,
            "cli-doctor-failed",
            &[
                ("failed", Value::from(failed)),
                ("count", Value::from(total)),
            ],
        )
    };
    assert_eq!(failed(Lang::PtBr, 1, 13), "1 de 13 verificações falhou");
    assert_eq!(failed(Lang::PtBr, 2, 13), "2 de 13 verificações falharam");
    assert_eq!(failed(Lang::En, 2, 13), "2 of 13 checks failed");
}

#[test]
fn a_list_of_problems_follows_its_heading_on_lines_of_its_own() {
    let args = [("count", Value::from(2))];
    assert_eq!(
        text(Lang::PtBr, "cli-import-invalid-rows", &args),
        "2 linhas são inválidas; nada foi enviado:"
    );
    assert_eq!(
        text(Lang::En, "cli-import-invalid-rows", &args),
        "2 of the rows are invalid; nothing was sent:"
    );
    let refused = clinic::error::Error::InvalidRows {
        summary: text(Lang::En, "cli-import-invalid-rows", &args),
        rows: vec!["row 2: x".into(), "row 3: y\nerror: forged".into()],
    };
    // Each row on a line of its own; a break inside a row's text never starts a line.
    assert_eq!(
        clinic::error::error_text(&refused),
        "2 of the rows are invalid; nothing was sent:\n  row 2: x\n  row 3: y error: forged"
    );
}

#[test]
fn auth_status_as_a_table_speaks_the_readers_language_and_its_json_does_not() {
    let env = Env::new();
    let status = |lang: &str, format: &str| {
        let out = succeeds(
            env.clinic()
                .env("CLINIC_LANG", lang)
                .args(["auth", "status", "--format", format]),
        );
        String::from_utf8_lossy(&out.stdout).into_owned()
    };
    let table = status("pt-BR", "table");
    assert!(table.contains("armazenamento do token"), "{table}");
    assert!(table.contains("token funciona"), "{table}");
    assert!(table.contains("sim"), "{table}");
    assert!(table.contains("bearer (detecção automática)"), "{table}");
    let table = status("en", "table");
    assert!(table.contains("token_works"), "{table}");
    assert!(table.contains("bearer (auto-detect)"), "{table}");
    let json = status("pt-BR", "json");
    assert_eq!(json, status("en", "json"));
    assert!(json.contains("\"token_works\": true"), "{json}");
}

#[test]
fn doctor_as_a_table_has_headers_in_the_readers_language() {
    let env = Env::new();
    let home = tempfile::tempdir().unwrap();
    let out = env
        .clinic()
        .env("CLINIC_LANG", "pt-BR")
        .env("HOME", home.path())
        .env("SHELL", "/bin/bash")
        .env_remove("XDG_DATA_HOME")
        .env_remove("XDG_CONFIG_HOME")
        .args(["doctor", "--format", "table"])
        .output()
        .unwrap();
    let shown = String::from_utf8_lossy(&out.stdout);
    assert!(shown.contains("verificação"), "{shown}");
    assert!(shown.contains("situação"), "{shown}");
    assert!(shown.contains("detalhe"), "{shown}");
    assert!(shown.contains("aviso"), "{shown}");
}
