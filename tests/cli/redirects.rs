//! Redirects: followed only for reads to the same origin; anything else stops with exit 5 before a
//! token, key, body or CRM secret can reach another server.

use axum::Router;
use axum::extract::Request;
use axum::http::{StatusCode, header};
use axum::response::IntoResponse;
use serde_json::json;

use crate::common::*;
use crate::servers::{Received, Server, clinic_at, recorder};

/// A server that sends everything to `elsewhere` (307, so a body would be re-sent), except a list that
/// moved within the server itself and a path that redirects to itself.
fn redirecting(elsewhere: String) -> (Server, Received) {
    let received = Received::default();
    let r = received.clone();
    let server = Server::start(move |_| {
        Router::new().fallback(move |req: Request| {
            let r = r.clone();
            let elsewhere = elsewhere.clone();
            async move {
                let (parts, _) = r.record(req).await;
                let path = parts.uri.path().to_string();
                let query = parts.uri.query().unwrap_or("").to_string();
                let to = |status: StatusCode, location: String| {
                    (status, [(header::LOCATION, location)]).into_response()
                };
                match path.as_str() {
                    "/rest/v1/listaCanal" => to(
                        StatusCode::FOUND,
                        format!("/rest/v1/moved/listaCanal?{query}"),
                    ),
                    // One page, and an empty one after it.
                    "/rest/v1/moved/listaCanal" if query.contains("pagina_atual=2") => {
                        axum::Json(json!({"dados": [], "total": 1})).into_response()
                    }
                    "/rest/v1/moved/listaCanal" => axum::Json(
                        json!({"dados": [{"id": 7, "nome": "Canal movido"}], "total": 1}),
                    )
                    .into_response(),
                    "/rest/v1/loop" => to(StatusCode::FOUND, "/rest/v1/loop".into()),
                    _ => to(
                        StatusCode::TEMPORARY_REDIRECT,
                        format!("{elsewhere}{path}?{query}"),
                    ),
                }
            }
        })
    });
    (server, received)
}

#[test]
fn nothing_follows_a_redirect_to_another_origin() {
    let (target, reached) = recorder();
    let (server, _) = redirecting(format!("http://{}", target.addr));
    let config = tempfile::tempdir().unwrap();
    let run = |args: &[&str], stdin: &str| {
        clinic_at(config.path(), &server.url(""))
            .args(args)
            .write_stdin(stdin)
            .output()
            .unwrap()
    };
    let base = server.url("/rest/v1");
    let cases: Vec<(Vec<&str>, &str)> = vec![
        (
            vec![
                "login",
                "--base-url",
                &base,
                "--login",
                "unidade1",
                "--password-stdin",
                "--insecure-storage",
            ],
            "s3nh4-d0-l0g1n\n",
        ),
        (CONTACT_CREATE.to_vec(), ""),
        (vec!["api", "GET", "/listaCampanha"], ""),
        (vec!["io", "GET", "/status"], ""),
        (
            vec!["io", "POST", "/leads", "--data", r#"{"nome":"Ana"}"#],
            "",
        ),
        (vec!["crm", "contact", "list"], ""),
        (vec!["crm", "deal", "get", "3"], ""),
        (CRM_EXAMPLE.to_vec(), ""),
    ];
    for (args, stdin) in cases {
        let mut with_trace = vec!["-v"];
        with_trace.extend(&args);
        let out = run(&with_trace, stdin);
        let err = stderr(&out);
        assert_eq!(out.status.code(), Some(5), "{args:?}: {err}");
        assert!(
            err.contains("not followed") && err.contains(&format!("http://{}/", target.addr)),
            "{args:?} names both addresses: {err}"
        );
        for secret in [
            "k3y-0f-w3bh00k",
            "w3bh00k-s3cr3t",
            "s3nh4-d0-l0g1n",
            "t0k3n-f0r-th3-t3st",
            "i0-k3y-f0r",
        ] {
            assert!(!err.contains(secret), "{args:?} shows {secret}: {err}");
        }
        assert!(
            reached.all().is_empty(),
            "{args:?} reached the other server: {:?}",
            reached.all()
        );
    }
}

#[test]
fn a_read_follows_a_redirect_within_its_origin() {
    let (target, _) = recorder();
    let (server, received) = redirecting(format!("http://{}", target.addr));
    let config = tempfile::tempdir().unwrap();
    let out = clinic_at(config.path(), &server.url(""))
        .args(["-v", "ref", "channels", "--format", "json"])
        .output()
        .unwrap();
    let err = stderr(&out);
    assert!(out.status.success(), "{err}");
    assert_eq!(
        stdout_json(&out),
        json!([{"id": 7, "nome": "Canal movido"}])
    );
    assert!(
        err.contains(&format!(
            "HTTP 302 redirect to http://{}/rest/v1/moved/listaCanal?",
            server.addr
        )),
        "{err}"
    );
    // The numbering probe (page 0, once per profile) aside, the page and the empty one after it.
    let moved: Vec<_> = without_numbering_probe(received.all())
        .into_iter()
        .filter(|r| r["path"] == "/rest/v1/moved/listaCanal")
        .collect();
    assert_eq!(moved.len(), 2, "{moved:?}");
    assert!(moved[0]["headers"]["authorization"].is_string());
    assert!(moved[0]["headers"].get("referer").is_none());
}

#[test]
fn a_redirect_loop_fails_at_once_and_is_not_retried() {
    let (target, _) = recorder();
    let (server, received) = redirecting(format!("http://{}", target.addr));
    let config = tempfile::tempdir().unwrap();
    let out = clinic_at(config.path(), &server.url(""))
        .args(["api", "GET", "/loop"])
        .output()
        .unwrap();
    let err = stderr(&out);
    assert_eq!(out.status.code(), Some(5), "{err}");
    assert!(err.contains("loop"), "{err}");
    assert_eq!(received.all().len(), 1, "{:?}", received.all());
}
