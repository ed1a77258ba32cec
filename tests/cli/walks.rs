//! Full walks: every record exactly once, in order, in every format, whatever the server's quirks.

use clinic_sandbox::{AuthScheme, Envelope, Options};
use serde_json::{Map, Value};

use crate::common::*;

/// Flattens a record the way CSV/TSV columns are documented: nested objects as `a.b`, arrays as
/// compact JSON, null as empty, strings as-is.
fn flat(record: &Value) -> Map<String, Value> {
    fn go(prefix: &str, v: &Value, out: &mut Map<String, Value>) {
        match v {
            Value::Object(m) => {
                for (k, v) in m {
                    let key = if prefix.is_empty() {
                        k.clone()
                    } else {
                        format!("{prefix}.{k}")
                    };
                    go(&key, v, out);
                }
            }
            Value::Array(_) => {
                out.insert(
                    prefix.to_string(),
                    Value::String(serde_json::to_string(v).unwrap()),
                );
            }
            Value::Null => {
                out.insert(prefix.to_string(), Value::String(String::new()));
            }
            Value::String(s) => {
                out.insert(prefix.to_string(), Value::String(s.clone()));
            }
            other => {
                out.insert(prefix.to_string(), Value::String(other.to_string()));
            }
        }
    }
    let mut out = Map::new();
    go("", record, &mut out);
    out
}

fn unescape_tsv(cell: &str) -> String {
    let mut out = String::new();
    let mut chars = cell.chars();
    while let Some(c) = chars.next() {
        if c == '\\' {
            match chars.next() {
                Some('t') => out.push('\t'),
                Some('n') => out.push('\n'),
                Some('r') => out.push('\r'),
                Some('\\') => out.push('\\'),
                Some(o) => {
                    out.push('\\');
                    out.push(o)
                }
                None => out.push('\\'),
            }
        } else {
            out.push(c);
        }
    }
    out
}

fn rows_equal(expected: &[Value], header: &[String], rows: Vec<Vec<String>>) {
    assert_eq!(rows.len(), expected.len(), "row count");
    for (i, (row, rec)) in rows.iter().zip(expected).enumerate() {
        let f = flat(rec);
        for (col, cell) in header.iter().zip(row) {
            let want = f.get(col).and_then(Value::as_str).unwrap_or("");
            assert_eq!(cell, want, "row {i} column {col}");
        }
        for k in f.keys() {
            assert!(header.contains(k), "column {k} dropped");
        }
    }
}

#[test]
fn ficha_financeira_walk_of_10000_in_every_format() {
    let env = Env::scale(100_000);
    let token = env.token("unidade1", "unidade1");
    let expected = env.fetch_all("/lista_venda_orcamento", "clinica=1", &token);
    assert!(
        expected.len() >= 10_000,
        "clinic 1 holds {} quotes",
        expected.len()
    );
    let dir = tempfile::tempdir().unwrap();

    for format in ["json", "ndjson", "csv", "tsv"] {
        let path = dir.path().join(format!("ficha.{format}"));
        let out = env.run(
            &[
                FICHA_ALL,
                &["--per-page", "200", "--format", format, "-o", arg(&path)][..],
            ]
            .concat(),
        );
        assert!(out.status.success(), "{format}: {}", stderr(&out));
        let bytes = std::fs::read(&path).unwrap();
        match format {
            "json" => assert_eq!(
                serde_json::from_slice::<Value>(&bytes).unwrap(),
                Value::Array(expected.clone())
            ),
            "ndjson" => {
                let got: Vec<Value> = bytes
                    .split(|b| *b == b'\n')
                    .filter(|l| !l.is_empty())
                    .map(|l| serde_json::from_slice(l).unwrap())
                    .collect();
                assert_eq!(got, expected);
            }
            "csv" => {
                let mut r = csv::Reader::from_reader(bytes.as_slice());
                let header: Vec<String> = r.headers().unwrap().iter().map(str::to_string).collect();
                let rows = r
                    .records()
                    .map(|r| r.unwrap().iter().map(str::to_string).collect())
                    .collect();
                rows_equal(&expected, &header, rows);
            }
            _ => {
                let text = String::from_utf8(bytes).unwrap();
                let mut lines = text.lines();
                let header: Vec<String> = lines
                    .next()
                    .unwrap()
                    .split('\t')
                    .map(unescape_tsv)
                    .collect();
                let rows = lines
                    .map(|l| l.split('\t').map(unescape_tsv).collect())
                    .collect();
                rows_equal(&expected, &header, rows);
            }
        }
    }
    // No temporary files left beside the outputs.
    assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 4);
}

/// Walks under a quirky server and checks the records against the sandbox's own data.
fn walk_equals_data(opts: Options, extra: &[&str]) {
    let env = Env::with(Options {
        scale: 3000,
        ..opts
    });
    // The same seed on a well-behaved sandbox gives the data to compare with.
    let expected = {
        let plain = Env::scale(3000);
        let t = plain.token("unidade1", "unidade1");
        plain.fetch_all("/lista_venda_orcamento", "clinica=1", &t)
    };
    let out = env.run_ok(
        &[
            FICHA_ALL,
            &["--per-page", "50", "--format", "ndjson"][..],
            extra,
        ]
        .concat(),
    );
    let got: Vec<Value> = String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(got.len(), expected.len());
    assert_eq!(got, expected);
}

#[test]
fn walks_under_every_envelope() {
    for envelope in [Envelope::Dados, Envelope::Data, Envelope::Bare] {
        walk_equals_data(
            Options {
                envelope,
                ..Options::ephemeral()
            },
            &[],
        );
    }
}

#[test]
fn walk_with_a_page_cap_loses_nothing() {
    walk_equals_data(
        Options {
            page_cap: 30,
            ..Options::ephemeral()
        },
        &["--concurrency", "3"],
    );
    walk_equals_data(
        Options {
            page_cap: 30,
            envelope: Envelope::Bare,
            ..Options::ephemeral()
        },
        &[],
    );
}

#[test]
fn walk_against_a_server_that_ignores_the_page_warns_and_never_duplicates() {
    // Without a total nothing vouches for a list of one page: page 2 at half the size shows the
    // server ignores the page number, and the walk fails (exit 5) rather than pass one page for
    // the whole list. Nothing is written twice.
    let env = Env::with(Options {
        ignore_page: true,
        envelope: Envelope::Bare,
        ..Options::ephemeral()
    });
    let out = exited(
        env.run(&[FICHA_ALL, &["--per-page", "40", "--format", "ndjson"][..]].concat()),
        5,
    );
    let lines: Vec<&str> = std::str::from_utf8(&out.stdout).unwrap().lines().collect();
    assert!(lines.len() <= 40, "{} lines", lines.len());
    let mut ids: Vec<&str> = lines.clone();
    ids.sort();
    ids.dedup();
    assert_eq!(ids.len(), lines.len(), "duplicated records");
    let err = stderr(&out);
    assert!(err.contains("holds only records already read"), "{err}");
    assert!(err.contains("ignores the page number"), "{err}");

    // With a reported total the shortfall is known too: the export fails, and -o leaves no file.
    let env = Env::with(Options {
        ignore_page: true,
        ..Options::ephemeral()
    });
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("out.csv");
    let out = exited(
        env.run(
            &[
                FICHA_ALL,
                &["--per-page", "40", "--format", "csv", "-o", arg(&path)][..],
            ]
            .concat(),
        ),
        5,
    );
    // The total says more records exist: the probe names why they cannot be reached.
    assert!(
        stderr(&out).contains("ignores the page number"),
        "{}",
        stderr(&out)
    );
    assert!(!path.exists());
    assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 0);
}

#[test]
fn every_token_field_and_both_auth_schemes() {
    for field in ["token", "access_token", "accessToken", "jwt"] {
        let env = Env::with(Options {
            token_field: Some(field.into()),
            ..Options::ephemeral()
        });
        let login = env.login_to_file();
        assert!(login.status.success(), "{field}: {}", stderr(&login));
        env.bare().args(CHANNELS_JSON).assert().success();
    }
    // A deployment that only takes the bare token: detected once, remembered in the profile.
    let env = Env::with(Options {
        auth_scheme: AuthScheme::Raw,
        ..Options::ephemeral()
    });
    env.run_ok(CHANNELS_JSON);
    let auth: Vec<String> = without_numbering_probe(env.sent())
        .iter()
        .map(|r| r["headers"]["authorization"].as_str().unwrap().to_string())
        .collect();
    // Bearer refused once; every request after it bare.
    assert!(auth.len() >= 2, "{auth:?}");
    assert!(auth[0].starts_with("Bearer "));
    assert!(
        auth[1..].iter().all(|a| !a.starts_with("Bearer ")),
        "{auth:?}"
    );
    // Configured raw: sent bare from the start.
    env.clear_journal();
    env.run_ok(&["config", "set", "auth_scheme", "raw"]);
    env.run_ok(CHANNELS_JSON);
    // The page and the empty one after it (the probe aside), both bare.
    let sent = without_numbering_probe(env.sent());
    assert_eq!(sent.len(), 2);
    assert!(all_sent_bare(&sent));
    // Bearer-only server with the default scheme.
    let env = Env::with(Options {
        auth_scheme: AuthScheme::Bearer,
        ..Options::ephemeral()
    });
    env.run_ok(CHANNELS_JSON);
    // The page and the empty one after it, the probe aside: no scheme retried.
    assert_eq!(without_numbering_probe(env.sent()).len(), 2);
}

#[test]
fn limit_stops_the_walk() {
    let env = Env::new();
    let out = env.run_ok(
        &[
            APPOINTMENTS,
            &[
                "--all",
                "--limit",
                "120",
                "--per-page",
                "50",
                "--format",
                "ndjson",
            ][..],
        ]
        .concat(),
    );
    assert_eq!(
        std::str::from_utf8(&out.stdout).unwrap().lines().count(),
        120
    );
}

#[test]
fn jq_filters_each_record_of_a_walk() {
    let env = Env::scale(3000);
    let out = env.run_ok(
        &[
            FICHA_ALL,
            &[
                "--per-page",
                "100",
                "--format",
                "ndjson",
                "--jq",
                "select(.id_status == 2) | {id, cliente, n: (.procedimentos | length)}",
            ][..],
        ]
        .concat(),
    );
    let got: Vec<Value> = String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let token = env.token("unidade1", "unidade1");
    let expected: Vec<Value> = env
        .fetch_all("/lista_venda_orcamento", "clinica=1", &token)
        .into_iter()
        .filter(|r| r["id_status"] == 2)
        .map(|r| serde_json::json!({"id": r["id"], "cliente": r["cliente"], "n": r["procedimentos"].as_array().unwrap().len()}))
        .collect();
    assert!(expected.len() > 10);
    assert_eq!(got, expected);
    // A filter that does not compile stops the command before anything is sent.
    env.clear_journal();
    exited(
        env.run(&["report", "ficha-financeira", "--jq", ".[", "--all"]),
        2,
    );
    assert!(env.sent().is_empty());
}
