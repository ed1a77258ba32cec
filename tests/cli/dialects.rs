//! The same scenarios against every answer dialect the sandbox speaks: today's well-behaved server and an
//! older PHP deployment that reports failures inside HTTP 200, keys records by position, sends totals as
//! strings, nests the token and throws an HTML 500 page now and then. The client must give the same,
//! truthful result from both.

use clinic_sandbox::{Dialect, Options};
use serde_json::Value;

use crate::common::*;

const DIALECTS: [Dialect; 2] = [Dialect::Standard, Dialect::LegacyPhp];

fn sandbox(dialect: Dialect, opts: Options) -> Env {
    Env::with(Options { dialect, ..opts })
}

/// The quotes of clinic 1 as a well-behaved sandbox of the same seed and scale serves them.
fn expected_quotes(scale: u64) -> Vec<Value> {
    let plain = Env::scale(scale);
    let token = plain.token("unidade1", "unidade1");
    plain.fetch_all("/lista_venda_orcamento", "clinica=1", &token)
}

fn ndjson(bytes: &[u8]) -> Vec<Value> {
    bytes
        .split(|b| *b == b'\n')
        .filter(|l| !l.is_empty())
        .map(|l| serde_json::from_slice(l).unwrap())
        .collect()
}

#[test]
fn login_and_a_reference_list_read_the_same_in_every_dialect() {
    let mut channels = Vec::new();
    for dialect in DIALECTS {
        let env = sandbox(dialect, Options::ephemeral());
        let login = env.login_to_file();
        assert!(login.status.success(), "{dialect:?}: {}", stderr(&login));
        let out = env.file_store().args(CHANNELS_JSON).output().unwrap();
        assert!(out.status.success(), "{dialect:?}: {}", stderr(&out));
        channels.push(stdout_json(&out));

        // A refused login is exit 3 with the service's own words, whatever status carried them.
        let out = env.run_typed(
            &[("CLINIC_CREDENTIAL_STORE", "file")],
            b"wrong\n",
            LOGIN_TO_FILE,
        );
        assert_eq!(out.status.code(), Some(3), "{dialect:?}: {}", stderr(&out));
        let err = stderr(&out);
        assert!(err.contains("login refused"), "{dialect:?}: {err}");
        assert!(
            err.contains("inválidos"),
            "{dialect:?}: the service's message is shown: {err}"
        );
    }
    assert!(
        channels[0].as_array().is_some_and(|a| a.len() >= 10),
        "{}",
        channels[0]
    );
    assert_eq!(channels[0], channels[1]);
}

#[test]
fn an_export_through_html_errors_holds_every_record_exactly_once() {
    const SCALE: u64 = 20_000;
    let expected = expected_quotes(SCALE);
    assert!(
        expected.len() >= 3000,
        "clinic 1 holds {} quotes",
        expected.len()
    );
    let dir = tempfile::tempdir().unwrap();
    let mut csvs = Vec::new();
    for dialect in DIALECTS {
        let env = sandbox(
            dialect,
            Options {
                scale: SCALE,
                html_error_every: Some(7),
                ..Options::ephemeral()
            },
        );
        let csv_path = dir.path().join(format!("{dialect:?}.csv"));
        let out = env.run(&[
            "report",
            "ficha-financeira",
            "--all",
            "--per-page",
            "50",
            "--format",
            "csv",
            "-o",
            arg(&csv_path),
        ]);
        assert!(out.status.success(), "{dialect:?}: {}", stderr(&out));
        let mut reader = csv::Reader::from_path(&csv_path).unwrap();
        let header = reader.headers().unwrap().clone();
        let id_col = header.iter().position(|h| h == "id").expect("an id column");
        let ids: Vec<String> = reader
            .records()
            .map(|r| r.unwrap()[id_col].to_string())
            .collect();
        let want: Vec<String> = expected.iter().map(|r| r["id"].to_string()).collect();
        assert_eq!(ids, want, "{dialect:?}: every record once, in order");
        // The HTML pages were answered and asked again, never written as records.
        let pages = env
            .sent()
            .iter()
            .filter(|r| is_to(r, "/lista_venda_orcamento"))
            .count();
        assert!(
            pages > expected.len().div_ceil(50),
            "{dialect:?}: {pages} requests"
        );
        csvs.push(std::fs::read(&csv_path).unwrap());

        // The same walk as NDJSON equals the data record for record, values included.
        let out = env.run(&[
            "report",
            "ficha-financeira",
            "--all",
            "--per-page",
            "100",
            "--format",
            "ndjson",
        ]);
        assert!(out.status.success(), "{dialect:?}: {}", stderr(&out));
        assert_eq!(ndjson(&out.stdout), expected, "{dialect:?}");
    }
    assert_eq!(csvs[0], csvs[1], "both dialects export the same bytes");
}

#[test]
fn refused_writes_say_so_and_never_claim_success() {
    for dialect in DIALECTS {
        let env = sandbox(dialect, Options::ephemeral());
        let out = env.run(&["appointment", "set-status", "999999", "2"]);
        assert_eq!(out.status.code(), Some(4), "{dialect:?}: {}", stderr(&out));
        let err = stderr(&out);
        assert!(
            err.contains("agendamento 999999 não encontrado"),
            "{dialect:?}: {err}"
        );
        assert!(!err.contains("set to status"), "{dialect:?}: {err}");
        assert!(out.stdout.is_empty(), "{dialect:?}");

        let contacts_before = env.stats()["contacts"].clone();
        let out = env.run(&[
            "contact",
            "create",
            "--name",
            "Ana Refusada",
            "--phone",
            "(16) 99264-0197",
            "--birth-date",
            "1990-04-23",
            "--channel",
            "3",
            "--campaign",
            "9999",
            "--clinic",
            "1",
        ]);
        assert_eq!(out.status.code(), Some(4), "{dialect:?}: {}", stderr(&out));
        let err = stderr(&out);
        assert!(
            err.contains("a campanha 9999 não existe"),
            "{dialect:?}: {err}"
        );
        assert!(
            !err.to_lowercase().contains("created"),
            "{dialect:?}: {err}"
        );
        assert!(out.stdout.is_empty(), "{dialect:?}");
        assert_eq!(env.stats()["contacts"], contacts_before, "{dialect:?}");

        // And an accepted one is reported with the ID the service gave.
        let out = env.run(&["appointment", "set-status", "1", "2", "--format", "json"]);
        assert!(out.status.success(), "{dialect:?}: {}", stderr(&out));
        assert!(
            stderr(&out).contains("appointment 1 is now Confirmado (status 2)"),
            "{dialect:?}: {}",
            stderr(&out)
        );
    }
}

/// A walk long enough for the token to expire several times (1 s lifetime, slow pages).
fn expiring(dialect: Dialect) -> Env {
    sandbox(
        dialect,
        Options {
            scale: 6000,
            token_ttl: 1,
            latency_ms: 250,
            html_error_every: Some(0),
            ..Options::ephemeral()
        },
    )
}

#[test]
fn a_token_that_expires_mid_walk_without_credentials_leaves_no_file() {
    for dialect in DIALECTS {
        let env = expiring(dialect);
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("ficha.csv");
        let out = env.run(&[
            "report",
            "ficha-financeira",
            "--all",
            "--per-page",
            "50",
            "--concurrency",
            "1",
            "--format",
            "csv",
            "-o",
            arg(&path),
        ]);
        assert_eq!(out.status.code(), Some(3), "{dialect:?}: {}", stderr(&out));
        assert!(
            stderr(&out).contains("clinic login"),
            "{dialect:?}: {}",
            stderr(&out)
        );
        assert_eq!(
            std::fs::read_dir(dir.path()).unwrap().count(),
            0,
            "{dialect:?}: no file and no temporary file"
        );
    }
}

#[test]
fn a_token_that_expires_again_and_again_is_renewed_with_saved_credentials() {
    let expected = expected_quotes(6000);
    for dialect in DIALECTS {
        let env = expiring(dialect);
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("ficha.ndjson");
        let out = env.run_with(
            &[
                ("CLINIC_TOKEN", &env.token("unidade1", "unidade1")),
                ("CLINIC_LOGIN", "unidade1"),
                ("CLINIC_PASSWORD", "unidade1"),
            ],
            &[
                "report",
                "ficha-financeira",
                "--all",
                "--per-page",
                "50",
                "--concurrency",
                "1",
                "--format",
                "ndjson",
                "-o",
                arg(&path),
            ],
        );
        assert!(out.status.success(), "{dialect:?}: {}", stderr(&out));
        assert_eq!(
            ndjson(&std::fs::read(&path).unwrap()),
            expected,
            "{dialect:?}"
        );
        let logins = env
            .journal()
            .iter()
            .filter(|r| is_to(r, "/loginApi"))
            .count();
        // The test's own login, then one renewal per lifetime the walk outlived.
        assert!(logins >= 4, "{dialect:?}: {logins} logins");
    }
}

#[test]
fn compressed_answers_are_asked_for_and_decoded() {
    let env = Env::scale(3000);
    let expected = expected_quotes(3000);
    env.clear_journal();
    let out = env.run_ok(&[
        "report",
        "ficha-financeira",
        "--all",
        "--per-page",
        "200",
        "--format",
        "ndjson",
    ]);
    assert_eq!(ndjson(&out.stdout), expected);
    let sent = env.sent();
    for request in &sent {
        let accept = request["headers"]["accept-encoding"].as_str().unwrap_or("");
        for coding in ["gzip", "br", "zstd"] {
            assert!(accept.contains(coding), "{accept}");
        }
    }
    assert!(
        sent.iter().all(|r| r["response_encoding"].is_string()),
        "every page came compressed: {:?}",
        sent.iter()
            .map(|r| &r["response_encoding"])
            .collect::<Vec<_>>()
    );
}
