//! Bounds the client keeps whatever the shape of what it writes: a worker thread that fails ends
//! the run, and Parquet refuses more columns than its memory bound allows.

use std::time::{Duration, Instant};

use serde_json::json;

use crate::common::*;

/// The Parquet encoder thread panicking (as it did when zstd was refused memory) ends the run
/// with exit 5 and one line saying so, at once and never a hang, and leaves no file behind: neither
/// under the output's name nor a hidden temporary one.
#[test]
fn a_panic_on_the_encoder_thread_exits_5_and_leaves_no_file() {
    let env = Env::new();
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("consultas.parquet");
    let started = Instant::now();
    let out = env
        .clinic()
        .env("CLINIC_ENCODER_PANIC_FOR_TESTS", "1")
        .args(["report", "appointments", "--format", "parquet", "-o"])
        .arg(&file)
        .timeout(Duration::from_secs(60))
        .output()
        .unwrap();
    let err = stderr(&out);
    assert_eq!(out.status.code(), Some(5), "{err}");
    assert!(started.elapsed() < Duration::from_secs(30), "{err}");
    assert!(err.contains("internal fault"), "{err}");
    assert!(err.contains("parquet.rs"), "where it happened: {err}");
    assert_eq!(entries(dir.path()), Vec::<String>::new(), "{err}");
}

/// Two records of `columns` columns each, as the API's list answer.
fn wide_answer(columns: usize) -> String {
    let record = |text: bool| {
        let cells: serde_json::Map<String, serde_json::Value> = (0..columns)
            .map(|i| {
                let value = if text {
                    json!(format!("texto {i}"))
                } else {
                    json!(i)
                };
                (format!("campo_{i:06}"), value)
            })
            .collect();
        serde_json::Value::Object(cells)
    };
    json!({"dados": [record(false), record(true)]}).to_string()
}

/// Parquet is written with at most 20,000 columns (the documented bound that keeps its memory near
/// 100 MiB): that many are written and read back; one more is refused with a clear error naming
/// both counts and the ways around it, and no file is left.
#[test]
fn parquet_takes_20000_columns_and_refuses_one_more() {
    use axum::Router;
    use parquet::file::reader::{FileReader, SerializedFileReader};

    use crate::servers::{Server, clinic_at};
    let server = Server::start(|_| {
        Router::new()
            .route(
                "/rest/v1/widest",
                axum::routing::get(|| async { wide_answer(20_000) }),
            )
            .route(
                "/rest/v1/wider",
                axum::routing::get(|| async { wide_answer(20_001) }),
            )
    });
    let config = tempfile::tempdir().unwrap();
    let dir = tempfile::tempdir().unwrap();
    let widest = dir.path().join("widest.parquet");
    succeeds(
        clinic_at(config.path(), &server.url(""))
            .args(["api", "GET", "/widest", "--format", "parquet", "-o"])
            .arg(&widest),
    );
    let file = SerializedFileReader::new(std::fs::File::open(&widest).unwrap()).unwrap();
    let meta = file.metadata().file_metadata();
    assert_eq!(meta.schema_descr().num_columns(), 20_000);
    assert_eq!(meta.num_rows(), 2);

    let wider = dir.path().join("wider.parquet");
    let out = clinic_at(config.path(), &server.url(""))
        .args(["api", "GET", "/wider", "--format", "parquet", "-o"])
        .arg(&wider)
        .output()
        .unwrap();
    let err = stderr(&out);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(
        err.contains(
            "the records have 20001 columns, more than the 20000 a Parquet file is written with"
        ) && err.contains("--columns"),
        "{err}"
    );
    assert_eq!(entries(dir.path()), ["widest.parquet"], "{err}");
}
