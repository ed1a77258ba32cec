//! Knobs as `clinic sandbox serve` reads them, and the dotted `--token-field`.

use clap::Parser;
use clinic_sandbox::{Compression, Dialect, Error, Options, Sandbox};
use reqwest::StatusCode;
use serde_json::json;

use crate::support::{Api, small};

/// `Options` flattened into a command, as the CLI does.
#[derive(Parser, Debug)]
struct Serve {
    #[command(flatten)]
    opts: Options,
}

pub fn parse(args: &[&str]) -> Result<Options, clap::Error> {
    Serve::try_parse_from(std::iter::once("serve").chain(args.iter().copied())).map(|s| s.opts)
}

#[test]
fn defaults_are_the_well_behaved_standard_server() {
    let opts = parse(&[]).unwrap();
    assert_eq!(opts.dialect, Dialect::Standard);
    assert_eq!(opts.token_field, None);
    assert_eq!(opts.token_field(), "token");
    assert_eq!(opts.html_error_every, None);
    assert_eq!(opts.html_error_every(), 0);
    assert_eq!(opts.compression, Compression::On);
    assert_eq!((opts.bandwidth, opts.redirect_status), (0, 307));
    assert!(opts.redirect_to.is_none() && !opts.redirect_same_origin);
    assert!(!opts.hang && !opts.endless_body);
    let default = Options::default();
    assert_eq!(
        (
            default.dialect,
            default.token_field(),
            default.html_error_every()
        ),
        (Dialect::Standard, "token", 0)
    );
}

#[test]
fn the_legacy_dialect_brings_its_own_defaults_which_flags_override() {
    let opts = parse(&["--dialect", "legacy-php"]).unwrap();
    assert_eq!(opts.token_field(), "resposta.sessao.auth_token");
    assert_eq!(opts.html_error_every(), 7);
    let opts = parse(&[
        "--dialect",
        "legacy-php",
        "--token-field",
        "token",
        "--html-error-every",
        "0",
        "--compression",
        "off",
        "--bandwidth",
        "20000",
    ])
    .unwrap();
    assert_eq!(opts.token_field(), "token");
    assert_eq!(opts.html_error_every(), 0);
    assert_eq!(opts.compression, Compression::Off);
    assert_eq!(opts.bandwidth, 20_000);
}

#[test]
fn bad_values_and_conflicting_traps_are_refused_by_the_parser() {
    for args in [
        &["--token-field", ""][..],
        &["--token-field", "a..token"],
        &["--token-field", ".token"],
        &["--token-field", "dados.tipo"],
        &["--dialect", "php"],
        &["--compression", "maybe"],
        &["--redirect-status", "305"],
        &["--redirect-to", "ftp://127.0.0.1:9"],
        &["--redirect-to", "127.0.0.1:9"],
        &["--redirect-to", "http://127.0.0.1:9?x=1"],
        &["--hang", "--endless-body"],
        &["--redirect-same-origin", "--hang"],
        &[
            "--redirect-to",
            "http://127.0.0.1:9",
            "--redirect-same-origin",
        ],
    ] {
        assert!(parse(args).is_err(), "{args:?} is accepted");
    }
    let opts = parse(&[
        "--redirect-to",
        "http://127.0.0.1:9/",
        "--redirect-status",
        "303",
    ])
    .unwrap();
    assert_eq!(opts.redirect_to.as_deref(), Some("http://127.0.0.1:9"));
    assert_eq!(opts.redirect_status, 303);
}

#[tokio::test]
async fn options_set_in_process_are_checked_too() {
    let bad = [
        Options {
            token_field: Some("a..b".into()),
            ..small()
        },
        Options {
            token_field: Some(String::new()),
            ..small()
        },
        Options {
            dialect: Dialect::LegacyPhp,
            token_field: Some("status.token".into()),
            ..small()
        },
        Options {
            redirect_status: 200,
            ..small()
        },
        Options {
            redirect_to: Some("not a url".into()),
            ..small()
        },
        Options {
            hang: true,
            redirect_same_origin: true,
            ..small()
        },
    ];
    for opts in bad {
        let shown = format!("{opts:?}");
        match Sandbox::start(opts).await {
            Err(Error::InvalidOption(_)) => {}
            Err(other) => panic!("{shown}: {other}"),
            Ok(_) => panic!("{shown} was accepted"),
        }
    }
}

#[tokio::test]
async fn a_dotted_token_field_nests_the_token_and_its_kind() {
    let api = Api::start(Options {
        token_field: Some("data.auth.jwt".into()),
        ..small()
    })
    .await;
    let (status, body) = api.login_answer("admin", "admin").await;
    assert_eq!(status, StatusCode::OK);
    let token = body["data"]["auth"]["jwt"].as_str().expect("nested token");
    assert_eq!(
        body,
        json!({"data": {"auth": {"jwt": token, "tipo": "admin_master"}}})
    );
    let (status, _) = api.get(token, "statusAgendamento").await;
    assert_eq!(status, StatusCode::OK);

    let flat = Api::start(Options {
        dialect: Dialect::LegacyPhp,
        token_field: Some("access_token".into()),
        ..small()
    })
    .await;
    let (_, body) = flat.login_answer("unidade1", "unidade1").await;
    let token = body["access_token"].as_str().expect("flat token");
    assert_eq!(
        body,
        json!({"status": true, "access_token": token, "tipo": "clinica"})
    );
}
