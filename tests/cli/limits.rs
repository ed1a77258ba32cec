//! Bounds on what a server can make the client do: wait forever, read forever, hammer a rate-limited
//! server, or walk pages that never end.

use std::time::Duration;

use axum::Router;
use axum::body::{Body, Bytes};
use axum::extract::Query;
use clinic_sandbox::Options;
use serde_json::{Value, json};

use crate::common::*;
use crate::servers::{Server, clinic_at};

#[test]
fn a_hung_server_ends_with_exit_5_within_the_timeout() {
    let server = Server::start(|_| {
        Router::new().fallback(|| async {
            std::future::pending::<()>().await;
            ""
        })
    });
    let config = tempfile::tempdir().unwrap();
    let out = clinic_at(config.path(), &server.url(""))
        .args(["--timeout", "2s", "api", "GET", "/listaCanal"])
        .output()
        .unwrap();
    let err = stderr(&out);
    assert_eq!(out.status.code(), Some(5), "{err}");
    assert!(
        err.contains("sent nothing for 2s (--timeout)"),
        "the message says what ran out: {err}"
    );
}

#[test]
fn an_endless_answer_stops_at_the_size_cap() {
    let server = Server::start(|_| {
        Router::new()
            .route(
                "/rest/v1/endless",
                axum::routing::get(|| async {
                    let chunk = Bytes::from(vec![b' '; 64 * 1024]);
                    Body::from_stream(futures::stream::repeat_with(move || {
                        Ok::<_, std::io::Error>(chunk.clone())
                    }))
                }),
            )
            .route(
                "/rest/v1/announced",
                // A valid JSON list of 3 MiB: under a larger cap it is read whole and judged a success.
                axum::routing::get(|| async {
                    let mut body = vec![b' '; 3 * 1024 * 1024];
                    body[0] = b'[';
                    *body.last_mut().unwrap() = b']';
                    body
                }),
            )
    });
    let config = tempfile::tempdir().unwrap();
    for path in ["/endless", "/announced"] {
        let out = clinic_at(config.path(), &server.url(""))
            .args(["--max-answer-size", "1MiB", "api", "GET", path])
            .output()
            .unwrap();
        let err = stderr(&out);
        assert_eq!(out.status.code(), Some(5), "{path}: {err}");
        assert!(
            err.contains("larger than 1.0 MiB (--max-answer-size)"),
            "{path}: {err}"
        );
    }
    // The same answers under the cap are read whole.
    succeeds(clinic_at(config.path(), &server.url("")).args([
        "--max-answer-size",
        "4MiB",
        "api",
        "GET",
        "/announced",
    ]));
}

fn appointments_csv(env: &Env, extra: &[&str]) -> std::process::Output {
    env.run(
        &[
            APPOINTMENTS,
            &["--all", "--per-page", "4", "--format", "csv"][..],
            extra,
        ]
        .concat(),
    )
}

/// `clinic` as the clinic user with a token fetched beforehand, one second later: its walk starts
/// with a whole second of the rate limit to itself.
fn on_a_fresh_second(env: &Env) -> assert_cmd::Command {
    let token = env.token("unidade1", "unidade1");
    std::thread::sleep(Duration::from_millis(1100));
    let mut cmd = env.bare();
    cmd.env("CLINIC_TOKEN", token);
    cmd
}

#[test]
fn a_rate_limited_export_paces_itself_and_matches_an_unlimited_one() {
    let opts = Options {
        scale: 200,
        seed: 7,
        ..Options::ephemeral()
    };
    let free = Env::with(opts.clone());
    let expected = appointments_csv(&free, &[]);
    assert!(expected.status.success(), "{}", stderr(&expected));
    let rows = expected.stdout.iter().filter(|b| **b == b'\n').count();
    assert!(rows > 20, "several pages: {rows} lines");

    let limited = Env::with(Options {
        rate_limit: 1,
        ..opts
    });
    // The token is fetched before the walk, so the walk starts with a fresh second.
    let out = succeeds(on_a_fresh_second(&limited).args(APPOINTMENTS).args([
        "--all",
        "--per-page",
        "4",
        "--format",
        "csv",
        "--concurrency",
        "8",
    ]));
    assert_eq!(
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&expected.stdout)
    );
}

#[test]
fn a_rate_limit_outliving_the_budget_exits_5() {
    let env = Env::with(Options {
        rate_limit: 1,
        scale: 200,
        ..Options::ephemeral()
    });
    let out = on_a_fresh_second(&env)
        .args(APPOINTMENTS)
        .args([
            "--all",
            "--per-page",
            "4",
            "--concurrency",
            "8",
            "--max-wait",
            "0",
        ])
        .output()
        .unwrap();
    let err = stderr(&out);
    assert_eq!(out.status.code(), Some(5), "{err}");
    assert!(err.contains("HTTP 429"), "{err}");
}

/// A list with no total whose pages shift by half a page and never run out.
fn shifting() -> Server {
    Server::start(|_| {
        Router::new().route(
            "/rest/v1/lista",
            axum::routing::get(|Query(q): Query<Value>| async move {
                let page: u64 = q["pagina_atual"].as_str().unwrap().parse().unwrap();
                let size: u64 = q["por_pagina"].as_str().unwrap().parse().unwrap();
                let start = (page - 1) * (size / 2);
                let records: Vec<Value> = (start..start + size)
                    .map(|i| json!({"id": i, "nome": format!("registro {i}")}))
                    .collect();
                axum::Json(json!({ "data": records }))
            }),
        )
    })
}

#[test]
fn overlapping_pages_with_no_total_fail_the_walk_after_reading_again_and_write_nothing_twice() {
    let server = shifting();
    let config = tempfile::tempdir().unwrap();
    let out = clinic_at(config.path(), &server.url(""))
        .args([
            "api",
            "GET",
            "/lista",
            "--all",
            "--per-page",
            "10",
            "--format",
            "ndjson",
        ])
        .output()
        .unwrap();
    let err = stderr(&out);
    // Nothing counts the list, and every read overlaps: no read can vouch for it.
    assert_eq!(out.status.code(), Some(5), "{err}");
    assert!(
        err.contains("warning: page 2 overlaps the previous page") && err.contains("read again"),
        "{err}"
    );
    assert!(err.contains("3 reads never agreed"), "{err}");
    let ids: Vec<u64> = String::from_utf8_lossy(&out.stdout)
        .lines()
        .map(|l| {
            serde_json::from_str::<Value>(l).unwrap()["id"]
                .as_u64()
                .unwrap()
        })
        .collect();
    assert_eq!(ids, (0..15).collect::<Vec<_>>());
}

#[test]
fn max_pages_stops_a_walk_that_has_not_ended() {
    let env = Env::scale(200);
    let out = appointments_csv(&env, &["--max-pages", "2"]);
    let err = stderr(&out);
    assert_eq!(out.status.code(), Some(5), "{err}");
    assert!(err.contains("--max-pages (2)"), "{err}");
    // Enough pages for the whole list: no complaint.
    let out = appointments_csv(&env, &["--max-pages", "1000"]);
    assert!(out.status.success(), "{}", stderr(&out));
}

#[test]
fn page_numbers_beyond_any_list_are_refused() {
    let env = Env::new();
    for page in ["18446744073709551615", "1000000001"] {
        exited(env.run(&["ref", "channels", "--all", "--page", page]), 2);
    }
    assert!(env.sent().is_empty(), "nothing was sent");
}

/// A server that sends its answer one byte a second, never silent long enough for the idle
/// timeout, is cut at `--timeout` from the answer's first byte: the run fails with exit 5 and says
/// so, within two attempts' worth of time rather than the hundreds of seconds the page would take.
#[test]
fn a_server_trickling_one_byte_a_second_is_cut_at_the_timeout() {
    let server = Server::start(|_| {
        Router::new().fallback(|| async {
            // A valid answer of 400 bytes: only its pace is wrong.
            let mut text = b"{\"dados\": [".to_vec();
            text.resize(398, b' ');
            text.extend_from_slice(b"]}");
            let bytes = futures::stream::unfold(text.into_iter(), |mut rest| async move {
                let byte = rest.next()?;
                tokio::time::sleep(Duration::from_secs(1)).await;
                Some((Ok::<_, std::io::Error>(Bytes::from(vec![byte])), rest))
            });
            Body::from_stream(bytes)
        })
    });
    let config = tempfile::tempdir().unwrap();
    let started = std::time::Instant::now();
    let out = clinic_at(config.path(), &server.url(""))
        .args(["--timeout", "3s", "api", "GET", "/listaCanal"])
        .timeout(Duration::from_secs(60))
        .output()
        .unwrap();
    let took = started.elapsed();
    let err = stderr(&out);
    assert_eq!(out.status.code(), Some(5), "{err}");
    assert!(
        err.contains("took longer than 3s (--timeout) from its first byte to its last"),
        "the message says what ran out: {err}"
    );
    // Two attempts of 3 s each, a backoff between them, and the process's own start.
    assert!(took < Duration::from_secs(15), "took {took:?}: {err}");
}

/// Without `--max-answer-size`, an answer past the default 48 MiB is not read on: the command stops
/// with exit 5 naming the limit, so a 200 MB page never reaches the parser that would need five
/// times its size in memory.
#[test]
fn the_default_cap_stops_an_answer_past_48_mib() {
    let server = Server::start(|_| {
        Router::new().route(
            "/rest/v1/huge",
            axum::routing::get(|| async {
                let chunk = Bytes::from(vec![b' '; 1024 * 1024]);
                let mut first = true;
                Body::from_stream(futures::stream::repeat_with(move || {
                    let piece = if first {
                        Bytes::from_static(b"[")
                    } else {
                        chunk.clone()
                    };
                    first = false;
                    Ok::<_, std::io::Error>(piece)
                }))
            }),
        )
    });
    let config = tempfile::tempdir().unwrap();
    let out = clinic_at(config.path(), &server.url(""))
        .args(["api", "GET", "/huge"])
        .timeout(Duration::from_secs(120))
        .output()
        .unwrap();
    let err = stderr(&out);
    assert_eq!(out.status.code(), Some(5), "{err}");
    assert!(
        err.contains("larger than 48.0 MiB (--max-answer-size)"),
        "{err}"
    );
}
