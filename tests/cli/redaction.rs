//! What reaches stderr: server text made into one plain line, and secrets masked where they sit —
//! never ordinary words that happen to equal a short secret.

use axum::Router;
use axum::http::StatusCode;
use serde_json::json;

use crate::common::*;
use crate::servers::{Server, clinic_at};

const HOSTILE: &str = "telefone inválido \u{1b}[31mVERMELHO\u{1b}[0m\r\u{7}\u{1b}]0;título\u{7}\nerror: forged\u{9b}2J fim";

#[test]
fn server_text_reaches_stderr_as_one_plain_line() {
    let server = Server::start(|_| {
        Router::new().fallback(|| async {
            (
                StatusCode::BAD_REQUEST,
                axum::Json(json!({ "erro": HOSTILE })),
            )
        })
    });
    let config = tempfile::tempdir().unwrap();
    for args in [
        vec!["api", "GET", "/listaCanal"],
        vec!["-v", "io", "POST", "/leads", "--data", "{}"],
        vec!["crm", "contact", "get", "1"],
    ] {
        let out = clinic_at(config.path(), &server.url(""))
            .args(&args)
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(4), "{args:?}: {}", stderr(&out));
        let err = stderr(&out);
        for control in ['\u{1b}', '\r', '\u{7}', '\u{9b}'] {
            assert!(!err.contains(control), "{args:?}: {err:?}");
        }
        assert!(
            !err.lines().any(|l| l.starts_with("error: forged")),
            "{args:?}: {err:?}"
        );
        assert!(
            err.contains("telefone inválido VERMELHO error: forged"),
            "{args:?}: {err:?}"
        );
    }
}

#[test]
fn a_long_server_message_is_cut_short() {
    let server = Server::start(|_| {
        Router::new().fallback(|| async {
            (
                StatusCode::BAD_REQUEST,
                axum::Json(json!({ "erro": "x".repeat(100_000) })),
            )
        })
    });
    let config = tempfile::tempdir().unwrap();
    let out = exits(
        clinic_at(config.path(), &server.url("")).args(["api", "GET", "/listaCanal"]),
        4,
    );
    let err = stderr(&out);
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.len() < 500, "{} bytes", err.len());
}

/// Secrets of every length, common words among them.
const WORDS: [&str; 6] = ["rest", "v1", "dados", "admin", "sandbox", "unidade1"];
const LONG: &str = "Zk3q9Xw7Lp2Rt8Vn4Bm6Hc1Jd5Fg0Ys3Ue7Io9Pa2Sd4Fg6Hj8Kl1Zx3Cv5Bn7Qw9Er";

fn secrets() -> Vec<String> {
    let mut all: Vec<String> = WORDS.iter().map(|w| w.to_string()).collect();
    all.push(LONG[..16].to_string());
    all.push(LONG[..64].to_string());
    all
}

/// Every `> METHOD URL` trace line.
fn traced_urls(err: &str) -> Vec<&str> {
    err.lines().filter(|l| l.starts_with("> ")).collect()
}

#[test]
fn traces_mask_secrets_where_they_sit_and_nothing_else() {
    let env = Env::scale(200);
    let token = env.token("unidade1", "unidade1");
    let crm_url = env.sandbox.urls().crm_url.clone();
    let base_commands: Vec<Vec<&str>> = vec![
        vec!["contact", "list", "--limit", "3"],
        [CONTACT_CREATE, &["--if-exists", "create"]].concat(),
        vec!["report", "ficha-financeira", "--all", "--per-page", "40"],
        vec!["ref", "channels"],
        vec!["ref", "clinics"],
        vec![
            "api",
            "GET",
            "/listaCampanha",
            "-Q",
            "pagina_atual=1",
            "-Q",
            "por_pagina=5",
            "-Q",
            "token=s3cr3t-qu3ry-v4lu3",
        ],
    ];
    for secret in secrets() {
        // The secret is the CRM's secret segment, the webhook ID and the IO key all at once; the
        // commands on base_url must show none of it and mask nothing.
        let run = |args: &[&str]| {
            env.run_with(
                &[
                    ("CLINIC_TOKEN", arg(&token)),
                    (
                        "CLINIC_CRM_URL",
                        arg(&crm_url.replace("/sandbox/", &format!("/{secret}/"))),
                    ),
                    ("CLINIC_WEBHOOK_ID", arg(&secret)),
                    ("CLINIC_IO_KEY", arg(&secret)),
                ],
                &[&["-v"][..], args, &["--format", "json"][..]].concat(),
            )
        };
        for args in &base_commands {
            let out = run(args);
            let err = stderr(&out);
            assert!(out.status.success(), "{secret} {args:?}: {err}");
            let urls = traced_urls(&err);
            assert!(
                urls.iter().all(|l| l.contains("/rest/v1/")),
                "{secret} {args:?}: {err}"
            );
            let text = format!("{err}{}", String::from_utf8_lossy(&out.stdout));
            assert!(!text.contains(&token), "{secret} {args:?}: the token shows");
            assert!(!text.contains("s3cr3t-qu3ry-v4lu3"), "{args:?}: {err}");
            // With the secret query value, every request line masks it once (a first walk may also
            // ask page 0, once, to learn the numbering); otherwise nothing is masked.
            let masks = err.matches("****").count();
            let expected = if args.contains(&"-Q") { urls.len() } else { 0 };
            assert_eq!(masks, expected, "{secret} {args:?} masks text: {err}");
        }
        // The CRM, the webhook and IO: the secret is masked in the address, nowhere else.
        let crm_commands: Vec<Vec<&str>> = vec![
            vec!["crm", "contact", "list", "--limit", "2"],
            vec!["crm", "contact", "get", "1"],
            vec!["crm", "deal", "update", "1", "--set", "TITLE=Novo"],
            CRM_EXAMPLE.to_vec(),
            vec!["io", "GET", "/status"],
        ];
        for args in &crm_commands {
            let out = run(args);
            let err = stderr(&out);
            // The sandbox knows only `sandbox` (CRM and webhook): other secrets are refused, which shows
            // the errors too.
            assert!(
                matches!(out.status.code(), Some(0) | Some(3) | Some(4)),
                "{secret} {args:?}: {err}"
            );
            for line in traced_urls(&err) {
                let path = line.split_whitespace().nth(2).unwrap();
                let path = path.split('?').next().unwrap();
                assert!(
                    !path.contains(&format!("/rest/1/{secret}/"))
                        && !path.ends_with(&format!("/webhook/{secret}")),
                    "{secret} {args:?}: {line}"
                );
                assert!(
                    path.contains("/crm/rest/1/****/")
                        || path.contains("/automation/webhook/****")
                        || path.ends_with("/io/status"),
                    "{secret} {args:?}: {line}"
                );
            }
            if secret.len() >= 16 {
                let text = format!("{err}{}", String::from_utf8_lossy(&out.stdout));
                assert!(!text.contains(&secret), "{args:?}: {text}");
            }
        }
    }
}

#[test]
fn logging_in_with_a_word_for_a_password_masks_no_words() {
    let env = Env::new();
    let out = env.run_typed(
        &[("CLINIC_CREDENTIAL_STORE", "file")],
        b"admin\n",
        &[
            "-v",
            "login",
            "--login",
            "admin",
            "--password-stdin",
            "--insecure-storage",
        ],
    );
    let err = stderr(&out);
    assert!(out.status.success(), "{err}");
    assert!(err.contains("Logged in as admin (admin_master)"), "{err}");
    assert!(err.contains("/rest/v1/loginApi"), "{err}");
    assert!(!err.contains("****"), "{err}");
}

/// The personal data typed on the command line, as a person would write it.
const NAME: &str = "Maria Aparecida Silva";
const PHONE: &str = "(16) 99264-0197";
const EMAIL: &str = "maria.aparecida@example.com";
const BIRTH: &str = "23/04/1990";

/// Every piece of `PHONE` past its area code, and the other data in the spellings they travel in.
fn personal_pieces() -> Vec<&'static str> {
    vec![
        "99264",
        "0197",
        "992640197",
        "9264",
        "maria.aparecida",
        "Maria",
        "Aparecida",
        "Silva",
        BIRTH,
        "1990-04-23",
        "23%2F04%2F1990",
        "1990",
    ]
}

fn personal_runs(env: &Env, flag: &str) -> Vec<(String, std::process::Output)> {
    let runs: Vec<Vec<&str>> = vec![
        [
            CREATE_ANYWAY,
            &[
                "--name",
                NAME,
                "--phone",
                PHONE,
                "--email",
                EMAIL,
                "--birth-date",
                BIRTH,
            ],
            FILED_UNDER_ONE,
            &["--note", "liga de manhã", "--format", "json"],
        ]
        .concat(),
        vec![
            "contact", "list", "--name", NAME, "--phone", PHONE, "--email", EMAIL, "--format",
            "json",
        ],
        vec![
            "crm",
            "contact",
            "list",
            "--field",
            "PHONE=16992640197",
            "--field",
            "EMAIL=maria.aparecida@example.com",
            "--field",
            "NAME=Maria",
            "--format",
            "json",
        ],
    ];
    runs.into_iter()
        .map(|args| {
            let out = env.run(&[&[arg(&flag)][..], &args[..]].concat());
            (args.join(" "), out)
        })
        .collect()
}

#[test]
fn verbose_traces_keep_personal_data_out_and_vv_shows_it() {
    let env = Env::new();
    for (args, out) in personal_runs(&env, "-v") {
        let err = stderr(&out);
        assert!(out.status.success(), "{args}: {err}");
        assert!(err.contains("> "), "{args}: traced: {err}");
        for piece in personal_pieces() {
            assert!(!err.contains(piece), "{args}: {piece} in {err}");
        }
        assert!(!err.contains("personal data"), "{args}: {err}");
    }
    // What the server received is whole: only the trace is masked.
    let sent = env
        .sent()
        .into_iter()
        .map(|r| r.to_string())
        .collect::<String>();
    assert!(sent.contains("16992640197"), "{sent}");
    let mut shown = String::new();
    for (args, out) in personal_runs(&env, "-vv") {
        let err = stderr(&out);
        assert!(out.status.success(), "{args}: {err}");
        assert!(
            err.starts_with("warning: personal data"),
            "{args}: the warning comes first: {err}"
        );
        shown.push_str(&err);
    }
    for piece in ["16992640197", "Maria", "maria.aparecida%40example.com"] {
        assert!(shown.contains(piece), "{piece} in {shown}");
    }
}

#[test]
fn errors_mask_personal_values_and_cut_long_ones() {
    let env = Env::new();
    let out = env.run(
        &[
            CREATE_ANYWAY,
            &["--name", NAME, "--phone", "(16) 99264-01", "--email", EMAIL][..],
        ]
        .concat(),
    );
    let err = stderr(&out);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(err.contains("--phone"), "{err}");
    // The value is masked; the example of what is expected stays.
    assert!(!err.contains("99264-01'"), "{err}");
    assert!(err.contains("'(16) *****-**'"), "{err}");
    let long = "x".repeat(100_000);
    let out = env.run(&["report", "ficha-financeira", "--from", &long]);
    let err = stderr(&out);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(
        err.contains(&format!("'{}… (100000 characters)'", "x".repeat(80))),
        "{err}"
    );
    assert!(err.len() < 1000, "{}", err.len());
    assert!(env.sent().is_empty());
}

#[test]
fn config_list_masks_the_webhook_id() {
    let env = Env::new();
    succeeds(
        env.bare()
            .args(["config", "set", "webhook_id", "wh-s3cr3t-1d-0f-the-clinic"]),
    );
    for args in [
        &["config", "list", "--format", "json"][..],
        &["config", "get", "webhook_id"],
    ] {
        let out = env.bare().args(args).output().unwrap();
        let text = String::from_utf8_lossy(&out.stdout);
        assert!(out.status.success(), "{}", stderr(&out));
        assert!(!text.contains("s3cr3t"), "{text}");
        assert!(text.contains("****"), "{text}");
    }
    let shown = env
        .bare()
        .args(["config", "get", "webhook_id", "--show"])
        .output()
        .unwrap();
    assert!(String::from_utf8_lossy(&shown.stdout).contains("wh-s3cr3t-1d-0f-the-clinic"));
}

/// A field's name is no one's data: an unknown one is shown as typed, while the values of `--field`
/// filters stay masked wherever a line could carry them.
#[test]
fn an_unknown_field_name_is_shown_and_never_masked() {
    let env = Env::new();
    let out = env.run_crm(&["crm", "contact", "list", "--field", "name=Ana Souza"]);
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    let err = stderr(&out);
    assert!(err.contains("field name: got \"name\""), "{err}");
    assert!(err.contains("did you mean NAME?"), "{err}");
    assert!(!err.contains("****") && !err.contains("Ana"), "{err}");
    // Only the contacts' user fields were read, for their labels: no list, nothing filtered.
    assert!(
        env.sent()
            .iter()
            .all(|e| is_to(e, "crm.contact.userfield.list")),
        "{:?}",
        env.sent()
    );
}
