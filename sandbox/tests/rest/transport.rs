//! Compression as the request's Accept-Encoding asks, `--compression off`, the journal's
//! `response_encoding`, and `--bandwidth`.

use std::io::Read;
use std::time::Instant;

use clinic_sandbox::{Compression, Options};
use reqwest::StatusCode;
use serde_json::Value;

use crate::support::{Api, journal, small};

const PAGE: &str = "lista_venda_orcamento?pagina_atual=1&por_pagina=200";

fn decode(encoding: &str, bytes: &[u8]) -> Vec<u8> {
    let mut out = Vec::new();
    match encoding {
        "gzip" => {
            flate2::read::GzDecoder::new(bytes)
                .read_to_end(&mut out)
                .expect("gzip");
        }
        // HTTP's deflate is the zlib format.
        "deflate" => {
            flate2::read::ZlibDecoder::new(bytes)
                .read_to_end(&mut out)
                .expect("deflate");
        }
        "br" => {
            brotli::Decompressor::new(bytes, 4096)
                .read_to_end(&mut out)
                .expect("br");
        }
        "zstd" => out = zstd::decode_all(bytes).expect("zstd"),
        other => panic!("unexpected encoding {other}"),
    }
    out
}

/// `GET base_url/<path>` asking for `accept` (none when `None`): status, Content-Encoding, body.
async fn fetch(
    api: &Api,
    token: &str,
    path: &str,
    accept: Option<&str>,
) -> (StatusCode, Option<String>, Vec<u8>) {
    let mut request = api
        .http
        .get(format!("{}/{path}", api.base()))
        .bearer_auth(token);
    if let Some(accept) = accept {
        request = request.header("accept-encoding", accept);
    }
    let response = request.send().await.unwrap();
    let status = response.status();
    let encoding = response
        .headers()
        .get("content-encoding")
        .map(|v| v.to_str().unwrap().to_owned());
    (status, encoding, response.bytes().await.unwrap().to_vec())
}

#[tokio::test]
async fn every_encoding_asked_for_is_served_and_decodes_to_the_same_answer() {
    let api = Api::small().await;
    let token = api.clinic().await;
    let (status, encoding, plain) = fetch(&api, &token, PAGE, None).await;
    assert_eq!((status, encoding), (StatusCode::OK, None));
    let plain: Value = serde_json::from_slice(&plain).unwrap();
    for accept in ["gzip", "br", "zstd", "deflate"] {
        let (status, encoding, bytes) = fetch(&api, &token, PAGE, Some(accept)).await;
        assert_eq!(status, StatusCode::OK);
        assert_eq!(encoding.as_deref(), Some(accept));
        let decoded: Value = serde_json::from_slice(&decode(accept, &bytes)).unwrap();
        assert_eq!(decoded, plain, "{accept}");
        assert!(
            bytes.len() < plain.to_string().len() / 2,
            "{accept} compresses"
        );
    }
    let (_, encoding, _) = fetch(&api, &token, PAGE, Some("identity")).await;
    assert_eq!(encoding, None);
    let (_, encoding, _) = fetch(&api, &token, PAGE, Some("gzip;q=0.2, br;q=0.9")).await;
    assert_eq!(
        encoding.as_deref(),
        Some("br"),
        "the preferred encoding wins"
    );
}

#[tokio::test]
async fn the_other_hosts_compress_too() {
    let api = Api::small().await;
    for path in [
        "crm/rest/1/sandbox/crm.contact.list?select[]=*",
        "io/eco?texto=uma%20resposta%20longa%20o%20bastante%20para%20compensar%20comprimir",
    ] {
        let response = api
            .http
            .get(format!("{}/{path}", api.root()))
            .header("accept-encoding", "gzip")
            .header("x-api-key", clinic_sandbox::IO_KEY)
            .send()
            .await
            .unwrap();
        assert_eq!(response.status(), StatusCode::OK, "{path}");
        assert_eq!(response.headers()["content-encoding"], "gzip", "{path}");
        let body = decode("gzip", &response.bytes().await.unwrap());
        serde_json::from_slice::<Value>(&body).expect("JSON inside");
    }
}

#[tokio::test]
async fn the_journal_shows_the_encoding_each_answer_went_out_with() {
    let api = Api::small().await;
    let token = api.clinic().await;
    fetch(&api, &token, PAGE, Some("zstd")).await;
    fetch(&api, &token, PAGE, None).await;
    let entries = journal(&api).await;
    let encodings: Vec<&Value> = entries.iter().map(|e| &e["response_encoding"]).collect();
    assert_eq!(
        encodings,
        [&Value::Null, &Value::from("zstd"), &Value::Null],
        "login, compressed page, plain page"
    );
    let fields: Vec<&str> = entries[1]
        .as_object()
        .unwrap()
        .keys()
        .map(String::as_str)
        .collect();
    assert_eq!(
        fields,
        [
            "method",
            "path",
            "query",
            "headers",
            "body",
            "response_encoding",
            "at_ms"
        ]
    );
    assert_eq!(entries[1]["headers"]["accept-encoding"], "zstd");
}

#[tokio::test]
async fn compression_off_answers_plain_whatever_is_asked() {
    let api = Api::start(Options {
        compression: Compression::Off,
        ..small()
    })
    .await;
    let token = api.clinic().await;
    let (status, encoding, bytes) = fetch(&api, &token, PAGE, Some("gzip, br, zstd")).await;
    assert_eq!((status, encoding), (StatusCode::OK, None));
    serde_json::from_slice::<Value>(&bytes).expect("plain JSON");
    assert!(
        journal(&api)
            .await
            .iter()
            .all(|e| e["response_encoding"].is_null())
    );
}

#[tokio::test]
async fn a_dropped_connection_cuts_the_compressed_body() {
    let api = Api::start(Options {
        drop_rate: 1.0,
        ..small()
    })
    .await;
    let response = api
        .http
        .get(format!("{}/statusAgendamento", api.base()))
        .header("accept-encoding", "gzip")
        .send()
        .await
        .unwrap();
    assert_eq!(response.headers()["content-encoding"], "gzip");
    let length: usize = response.headers()["content-length"]
        .to_str()
        .unwrap()
        .parse()
        .unwrap();
    assert!(length > 0);
    assert!(
        response.bytes().await.is_err(),
        "half a compressed body, then the connection is gone"
    );
    let entries = journal(&api).await;
    assert_eq!(entries[0]["response_encoding"], "gzip");
}

#[tokio::test]
async fn bandwidth_paces_what_goes_on_the_wire() {
    // 800 kbit/s = 100 000 bytes/s.
    const BYTES_PER_SECOND: f64 = 100_000.0;
    let api = Api::start(Options {
        bandwidth: 800,
        ..small()
    })
    .await;
    let token = api.clinic().await;
    let started = Instant::now();
    let (status, encoding, plain) = fetch(&api, &token, PAGE, Some("identity")).await;
    let elapsed = started.elapsed().as_secs_f64();
    assert_eq!((status, encoding), (StatusCode::OK, None));
    assert!(
        plain.len() > 150_000,
        "a body worth pacing: {}",
        plain.len()
    );
    // A lower bound only: pacing can make an answer slower than its size allows, never faster.
    // The first tenth of a second's worth may go out at once.
    let least = (plain.len() as f64 - BYTES_PER_SECOND / 10.0) / BYTES_PER_SECOND;
    assert!(
        elapsed >= least * 0.9,
        "{} bytes in {elapsed:.2} s at 100 000 bytes/s",
        plain.len()
    );

    let (status, encoding, packed) = fetch(&api, &token, PAGE, Some("gzip")).await;
    assert_eq!(
        (status, encoding.as_deref()),
        (StatusCode::OK, Some("gzip"))
    );
    assert_eq!(
        decode("gzip", &packed),
        plain,
        "paced bytes are the compressed ones"
    );
}
