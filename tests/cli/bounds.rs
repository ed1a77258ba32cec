//! Bounds the client keeps whatever the shape of what it writes: a worker thread that fails ends
//! the run, and Parquet refuses more columns than its memory bound allows.

use std::time::{Duration, Instant};

use crate::common::*;

fn entries(dir: &std::path::Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

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
