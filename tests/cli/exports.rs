//! Large exports: records pass through unparsed where the format allows, CSV and TSV stream under
//! the header of the first records, and the bytes are those of the slower paths that read every
//! record (`--jq .`, explicit `--columns`), at any concurrency.

use clinic_sandbox::Options;

use crate::common::*;

const WALK: &[&str] = &["report", "ficha-financeira", "--all", "--per-page", "100"];

fn export(env: &Env, extra: &[&str]) -> std::process::Output {
    env.run(&[WALK, extra].concat())
}

fn ok(out: std::process::Output) -> Vec<u8> {
    assert!(out.status.success(), "{}", stderr(&out));
    out.stdout
}

fn header_of(csv: &[u8]) -> String {
    let text = String::from_utf8_lossy(csv);
    text.lines().next().unwrap().to_string()
}

#[test]
fn every_format_of_a_large_walk_has_the_bytes_of_reading_every_record() {
    // About 6,000 records for the clinic user: 60 pages.
    let env = Env::scale(40_000);
    let dir = tempfile::tempdir().unwrap();
    for format in ["ndjson", "json", "csv", "tsv"] {
        let slow = ok(export(
            &env,
            &["--format", format, "--jq", ".", "--concurrency", "1"],
        ));
        assert!(slow.len() > 1_000_000, "{format}: {} bytes", slow.len());
        for concurrency in ["1", "8"] {
            let file = dir.path().join(format!("ficha-{concurrency}.{format}"));
            let file_arg = file.to_str().unwrap();
            ok(export(
                &env,
                &[
                    "--format",
                    format,
                    "--concurrency",
                    concurrency,
                    "-o",
                    file_arg,
                ],
            ));
            assert!(
                std::fs::read(&file).unwrap() == slow,
                "{format} at concurrency {concurrency}: the fast path changed the bytes"
            );
        }
        let fast = ok(export(&env, &["--format", format, "--concurrency", "8"]));
        assert!(fast == slow, "{format}: the fast path changed the bytes");
    }
    // CSV and TSV against explicit columns (rows written as they come, no discovery at all).
    for (format, separator) in [("csv", ","), ("tsv", "\t")] {
        let streamed = ok(export(&env, &["--format", format]));
        let columns = header_of(&streamed)
            .split(separator)
            .collect::<Vec<_>>()
            .join(",");
        let selected = ok(export(&env, &["--format", format, "--columns", &columns]));
        assert!(
            streamed == selected,
            "{format}: discovered and selected columns differ"
        );
    }
    let records = String::from_utf8(ok(export(&env, &["--format", "ndjson"]))).unwrap();
    let ids = ndjson_ids(records.as_bytes());
    let mut unique = ids.clone();
    unique.dedup();
    assert_eq!(ids.len(), unique.len());
    assert!(ids.len() > 3000, "{}", ids.len());
}

#[test]
fn a_column_first_seen_on_a_later_page_completes_a_file_and_stops_stdout() {
    // Clinic 1's records from ID 2,500 on carry `desconto_fidelidade`: far past the first
    // thousand records, whose columns make the header.
    let env = Env::with(Options {
        scale: 40_000,
        late_field_from: Some(2_500),
        ..Options::ephemeral()
    });
    let dir = tempfile::tempdir().unwrap();
    for (format, separator) in [("csv", ","), ("tsv", "\t")] {
        let file = dir.path().join(format!("ficha.{format}"));
        ok(export(
            &env,
            &["--format", format, "-o", file.to_str().unwrap()],
        ));
        let written = std::fs::read(&file).unwrap();
        let header = header_of(&written);
        assert!(
            header.ends_with(&format!("{separator}desconto_fidelidade")),
            "{header}"
        );
        // The same bytes as when every column is named up front.
        let columns = header.split(separator).collect::<Vec<_>>().join(",");
        let selected = ok(export(&env, &["--format", format, "--columns", &columns]));
        assert!(written == selected, "{format}: the completed file differs");
        let text = String::from_utf8(written).unwrap();
        assert!(
            text.contains("5.0\n") || text.contains("5.0\r\n"),
            "{format}: no late value"
        );
        // Only the finished file is left beside it.
        assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 1);
        std::fs::remove_file(&file).unwrap();

        // On stdout the header is already gone: the run stops and names the column and the fix.
        let out = export(&env, &["--format", format]);
        assert_eq!(out.status.code(), Some(1), "{format}");
        let err = stderr(&out);
        assert!(
            err.contains("desconto_fidelidade") && err.contains("--columns") && err.contains("-o"),
            "{err}"
        );
        let shown = String::from_utf8(out.stdout).unwrap();
        assert!(
            shown.lines().count() > 1000,
            "{format}: rows were not streamed"
        );
        assert!(!shown.contains("desconto_fidelidade"));
        // Naming the columns makes stdout work.
        ok(export(&env, &["--format", format, "--columns", &columns]));
    }
}
