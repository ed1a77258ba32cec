//! Hostile answers from a loopback server: numbers beyond `f64`, records nested too deep, a field of
//! 30,000 nested objects, a 200 MB error body and money written with three decimals. For each, the
//! exit code is the one the contract gives, nothing panics, the child's peak memory stays under
//! 100 MiB (the kernel's high-water mark of the child's memory), and money stays exact.

use std::io::Read;
use std::sync::Arc;

use axum::Router;
use axum::body::{Body, Bytes};
use axum::http::StatusCode;
use axum::response::IntoResponse;

use crate::common::plain;
use crate::servers::{Server, clinic_at};

/// What one run of the child did.
pub struct Measured {
    pub code: Option<i32>,
    pub stdout: Vec<u8>,
    pub stderr: String,
    /// Peak resident memory of the child, in KiB (`VmHWM` of `/proc/PID/status`).
    pub peak_kib: u64,
}

impl Measured {
    pub fn peak_mib(&self) -> f64 {
        self.peak_kib as f64 / 1024.0
    }

    pub fn stdout_text(&self) -> String {
        String::from_utf8_lossy(&self.stdout).into_owned()
    }
}

/// `cmd` run by `sh -c SCRIPT`, where `"$0" "$@"` is the command, with the command's environment.
pub fn in_shell(cmd: &assert_cmd::Command, script: &str) -> std::process::Command {
    let mut shell = std::process::Command::new("sh");
    shell
        .args(["-c", script])
        .arg(cmd.get_program())
        .args(cmd.get_args());
    for (key, value) in cmd.get_envs() {
        match value {
            Some(value) => shell.env(key, value),
            None => shell.env_remove(key),
        };
    }
    shell
}

/// The high-water mark of a process's resident memory, in KiB, if the process runs `program`.
/// The executable is read before the status, and a process never goes back to an executable it
/// left, so a reading of the process before it became `program` (or of another one under its
/// number) is never taken for the program's.
fn high_water(pid: u32, program: &std::path::Path) -> Option<u64> {
    let exe = std::fs::read_link(format!("/proc/{pid}/exe")).ok()?;
    if exe != program {
        return None;
    }
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    line.split_whitespace().nth(1)?.parse().ok()
}

/// Runs `cmd` to its end, reading its peak memory as it runs. `VmHWM` is the kernel's own
/// high-water mark of the program's memory (not of the test process it was started from, which
/// `wait4`'s `ru_maxrss` would include), so the last reading before the exit is the peak but for
/// the last millisecond.
///
/// A high-water mark never falls, so the last reading is the one kept rather than the largest:
/// once, a one-record export that peaks at 37 MiB was read at 343 MiB, about the size of the test
/// process itself, and a reading that later readings contradict is not the program's.
pub fn measured(cmd: &assert_cmd::Command) -> Measured {
    let program = std::fs::canonicalize(cmd.get_program()).unwrap();
    let mut out = tempfile::tempfile().unwrap();
    let mut err = tempfile::tempfile().unwrap();
    let mut child = plain(cmd)
        .stdin(std::process::Stdio::null())
        .stdout(out.try_clone().unwrap())
        .stderr(err.try_clone().unwrap())
        .spawn()
        .unwrap();
    let mut peak_kib = 0;
    let status = loop {
        if let Some(kib) = high_water(child.id(), &program) {
            peak_kib = kib;
        }
        if let Some(status) = child.try_wait().unwrap() {
            break status;
        }
        std::thread::sleep(std::time::Duration::from_millis(1));
    };
    assert!(peak_kib > 0, "the child's memory was never read");
    use std::io::Seek;
    let mut stdout = Vec::new();
    out.rewind().unwrap();
    out.read_to_end(&mut stdout).unwrap();
    let mut stderr = String::new();
    err.rewind().unwrap();
    err.read_to_string(&mut stderr).unwrap();
    Measured {
        code: status.code(),
        stdout,
        stderr,
        peak_kib,
    }
}

const PEAK_MIB: f64 = 100.0;

/// A server that answers every GET with `body` (a list answer) as its one page — a page past it
/// is empty, as the end of a list is proven — except `/rest/v1/huge-error`: a 400 whose 200 MB body
/// is streamed, never held.
pub(crate) fn serving(body: String) -> Server {
    let body = Arc::new(body);
    Server::start(move |_| {
        Router::new()
            .route(
                "/rest/v1/huge-error",
                axum::routing::get(|| async {
                    let chunk = Bytes::from(vec![b'x'; 1 << 20]);
                    let stream = futures::stream::iter(
                        (0..200).map(move |_| Ok::<_, std::io::Error>(chunk.clone())),
                    );
                    (StatusCode::BAD_REQUEST, Body::from_stream(stream)).into_response()
                }),
            )
            .fallback(move |uri: axum::http::Uri| {
                let body = body.clone();
                async move {
                    let past_the_first = uri.query().unwrap_or("").split('&').any(|p| {
                        p.strip_prefix("pagina_atual=")
                            .is_some_and(|n| n.parse::<u64>().is_ok_and(|n| n > 1))
                    });
                    let body = if past_the_first {
                        "[]".to_owned()
                    } else {
                        body.as_str().to_owned()
                    };
                    (
                        [(axum::http::header::CONTENT_TYPE, "application/json")],
                        body,
                    )
                }
            })
    })
}

pub(crate) fn list_of(records: &[String]) -> String {
    format!(
        r#"{{"data": [{}], "total": {}}}"#,
        records.join(","),
        records.len()
    )
}

/// Every way a list reaches the user, each with the arguments that select it.
fn every_reader() -> Vec<(&'static str, Vec<&'static str>)> {
    vec![
        ("csv", vec!["api", "GET", "/listaCanal", "--format", "csv"]),
        ("tsv", vec!["api", "GET", "/listaCanal", "--format", "tsv"]),
        (
            "json",
            vec!["api", "GET", "/listaCanal", "--format", "json"],
        ),
        (
            "table",
            vec!["api", "GET", "/listaCanal", "--format", "table"],
        ),
        (
            "jq",
            vec![
                "api",
                "GET",
                "/listaCanal",
                "--format",
                "ndjson",
                "--jq",
                ".",
            ],
        ),
        ("ref", vec!["ref", "channels", "--format", "csv"]),
        ("contact list", vec!["contact", "list", "--format", "csv"]),
        (
            "summary",
            vec![
                "report", "summary", "--by", "seller", "--status", "2", "--format", "json",
            ],
        ),
    ]
}

/// A path of unknown shape: the whole answer is read and judged at once.
const UNKNOWN_PATH: [&str; 5] = ["api", "GET", "/lista", "--format", "csv"];

/// The rows under the header of the workbook `api GET /lista` writes.
fn workbook_rows(server: &Server, dir: &std::path::Path) -> Vec<Vec<calamine::Data>> {
    let file = dir.join("out.xlsx");
    let args = ["api", "GET", "/lista", "--format", "xlsx", "-o"];
    let out = run(
        server,
        &[&args[..], &[file.to_str().unwrap()]].concat(),
        dir,
    );
    assert_eq!(out.code, Some(0), "{}", out.stderr);
    let mut book: calamine::Xlsx<_> = calamine::open_workbook(&file).unwrap();
    let range = calamine::Reader::worksheet_range(&mut book, "Sheet1").unwrap();
    range.rows().skip(1).map(<[_]>::to_vec).collect()
}

/// The run `name` ended with exit 5, saying the records are nested too deep.
fn refused_as_too_deep(out: &Measured, name: &str) {
    assert_eq!(out.code, Some(5), "{name}: {}", out.stderr);
    assert!(
        out.stderr.contains("nested deeper than 127 levels"),
        "{name}: {}",
        out.stderr
    );
}

fn run(server: &Server, args: &[&str], dir: &std::path::Path) -> Measured {
    let mut cmd = clinic_at(dir, &server.url(""));
    cmd.args(args);
    measured(&cmd)
}

#[test]
fn numbers_beyond_f64_travel_as_their_text_in_every_format() {
    let record = r#"{"id": 1, "vendedor": "Ana", "valor": 1e400, "n": -2E+999, "ok": 1.5}"#;
    let server = serving(list_of(&[record.to_string()]));
    let dir = tempfile::tempdir().unwrap();
    let mut readers = every_reader();
    readers.push(("api, unknown path", UNKNOWN_PATH.to_vec()));
    for (name, args) in readers {
        let out = run(&server, &args, dir.path());
        assert_eq!(out.code, Some(0), "{name}: {}", out.stderr);
        assert!(!out.stderr.contains("panicked"), "{name}: {}", out.stderr);
        assert!(out.peak_mib() < PEAK_MIB, "{name}: {} MiB", out.peak_mib());
        let text = out.stdout_text();
        if name == "summary" {
            // Money it cannot read is named, not summed.
            assert!(text.contains(r#""not_summed": 1"#), "{name}: {text}");
            assert!(
                out.stderr.contains(r#"id 1 (valor "1e400")"#),
                "{name}: {}",
                out.stderr
            );
        } else {
            assert!(
                text.contains("1e400") && text.contains("-2E+999"),
                "{name}: {text}"
            );
        }
    }
    // xlsx: the cell holds the text.
    let rows = workbook_rows(&server, dir.path());
    let row: Vec<String> = rows[0].iter().map(|c| c.to_string()).collect();
    assert_eq!(row, ["1", "Ana", "1e400", "-2E+999", "1.5"]);
}

/// `{"a":{"a":…1…}}`, `depth` objects deep.
fn nested(depth: usize) -> String {
    format!("{}1{}", r#"{"a":"#.repeat(depth), "}".repeat(depth))
}

#[test]
fn records_nested_too_deep_are_a_bad_answer_not_a_crash() {
    let record = format!(r#"{{"id": 1, "f": {}}}"#, nested(199));
    let server = serving(list_of(std::slice::from_ref(&record)));
    let dir = tempfile::tempdir().unwrap();
    let mut readers = every_reader();
    let file = dir.path().join("out.xlsx");
    readers.push((
        "xlsx",
        vec![
            "api",
            "GET",
            "/listaCanal",
            "--format",
            "xlsx",
            "-o",
            file.to_str().unwrap(),
        ],
    ));
    for (name, args) in readers {
        let out = run(&server, &args, dir.path());
        refused_as_too_deep(&out, name);
        assert_eq!(out.stderr.lines().count(), 1, "{name}: {}", out.stderr);
        assert!(out.peak_mib() < PEAK_MIB, "{name}: {} MiB", out.peak_mib());
    }
    assert!(!file.exists());
    let out = run(&server, &UNKNOWN_PATH, dir.path());
    assert_eq!(out.code, Some(5), "{}", out.stderr);
    assert!(out.peak_mib() < PEAK_MIB, "{} MiB", out.peak_mib());
    // NDJSON copies records as they came, without looking inside.
    let out = run(
        &server,
        &["api", "GET", "/listaCanal", "--format", "ndjson"],
        dir.path(),
    );
    assert_eq!(out.code, Some(0), "{}", out.stderr);
    assert_eq!(out.stdout_text(), format!("{record}\n"));
}

#[test]
fn a_field_of_30000_nested_objects_stops_at_once_in_little_memory() {
    let record = format!(r#"{{"id": 1, "f": {}}}"#, nested(30_000));
    let server = serving(list_of(&[record]));
    let dir = tempfile::tempdir().unwrap();
    for (name, args) in every_reader() {
        let out = run(&server, &args, dir.path());
        refused_as_too_deep(&out, name);
        assert!(out.peak_mib() < PEAK_MIB, "{name}: {} MiB", out.peak_mib());
    }
}

#[test]
fn a_200_mb_error_body_is_read_only_as_far_as_it_is_shown() {
    let server = serving(list_of(&[]));
    let dir = tempfile::tempdir().unwrap();
    let out = run(&server, &["api", "GET", "/huge-error"], dir.path());
    assert_eq!(out.code, Some(4), "{}", out.stderr);
    assert!(out.stderr.contains("HTTP 400"), "{}", out.stderr);
    assert!(out.stderr.len() < 1000, "{}", out.stderr.len());
    assert!(out.peak_mib() < PEAK_MIB, "{} MiB", out.peak_mib());
}

#[test]
fn money_with_three_decimals_is_summed_and_written_exactly() {
    let records = [
        r#"{"id": 1, "vendedor": "Ana", "valor": "1234.500", "valor_original": "1300.000"}"#,
        r#"{"id": 2, "vendedor": "Ana", "valor": "0.125", "valor_original": "1.500"}"#,
        r#"{"id": 3, "vendedor": "Zé", "valor": "R$ 1.234,56", "valor_original": "1.234"}"#,
    ]
    .map(String::from);
    let server = serving(list_of(&records));
    let dir = tempfile::tempdir().unwrap();
    let out = run(
        &server,
        &["report", "summary", "--by", "seller", "--format", "csv"],
        dir.path(),
    );
    assert_eq!(out.code, Some(0), "{}", out.stderr);
    assert!(out.peak_mib() < PEAK_MIB, "{} MiB", out.peak_mib());
    // "1.500" reads as 1.5 beside "0.125" (a point decimal); "1.234" beside "1.234,56" is refused.
    assert_eq!(
        out.stdout_text(),
        "seller,count,valor,valor_original,not_summed\n\
         Ana,2,1234.625,1301.5,0\n\
         Zé,1,1234.56,0.0,1\n"
    );
    assert!(
        out.stderr.contains(r#"id 3 (valor_original "1.234")"#),
        "{}",
        out.stderr
    );
    let cells: Vec<Vec<calamine::Data>> = workbook_rows(&server, dir.path())
        .into_iter()
        .map(|row| row[2..].to_vec())
        .collect();
    use calamine::Data::{Float, String as Text};
    assert_eq!(
        cells,
        [
            vec![Float(1234.5), Float(1300.0)],
            vec![Float(0.125), Float(1.5)],
            vec![Float(1234.56), Text("1.234".into())],
        ]
    );
}

#[test]
fn headers_beyond_the_limit_are_not_retried() {
    let received = crate::servers::Received::default();
    let r = received.clone();
    let server = Server::start(move |_| {
        Router::new().fallback(move |req: axum::extract::Request| {
            let r = r.clone();
            async move {
                r.record(req).await;
                ([("x-padding", "p".repeat(1 << 20))], "{}").into_response()
            }
        })
    });
    let dir = tempfile::tempdir().unwrap();
    let out = run(&server, &["api", "GET", "/listaCanal"], dir.path());
    assert_eq!(out.code, Some(5), "{}", out.stderr);
    assert!(out.stderr.contains("headers are larger"), "{}", out.stderr);
    assert_eq!(received.all().len(), 1, "sent once, not retried");
}

#[test]
fn a_closed_stdout_is_an_error_and_a_closed_pipe_is_quiet() {
    let server = serving(list_of(&[r#"{"id": 1}"#.to_string()]));
    let dir = tempfile::tempdir().unwrap();
    let mut cmd = clinic_at(dir.path(), &server.url(""));
    cmd.args(["api", "GET", "/listaCanal", "--format", "csv"]);
    // Started with stdout closed (`>&-`): one line, and a failure.
    let out = in_shell(&cmd, r#"exec "$0" "$@" >&-"#).output().unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(err.contains("Bad file descriptor"), "{err}");
    assert_eq!(err.lines().count(), 1, "{err}");
    // A reader that stops reading (`| head`): quiet, and no failure.
    let mut piped = plain(&cmd);
    let mut child = piped
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    drop(child.stdout.take());
    let out = child.wait_with_output().unwrap();
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(String::from_utf8_lossy(&out.stderr), "");
}

/// Terminal escapes in a record: a window title (OSC 0), a link (OSC 8), a clear screen, a CSI in C1.
const OSC_RECORD: &str = r#"{"id": 1, "nome": "Ana\u001b]0;pwned\u0007", "site": "\u001b]8;;http://evil\u001b\\x", "obs": "\u001b[2J\r\u009b31m"}"#;

#[test]
fn terminal_escapes_in_records_are_shown_escaped_on_a_terminal_in_every_format() {
    let server = serving(list_of(&[OSC_RECORD.to_string()]));
    let dir = tempfile::tempdir().unwrap();
    for format in ["csv", "tsv", "json", "ndjson", "table"] {
        let mut cmd = clinic_at(dir.path(), &server.url(""));
        cmd.env("TERM", "xterm-256color").args([
            "api",
            "GET",
            "/listaCanal",
            "--page",
            "1",
            "--format",
            format,
        ]);
        let shell = in_shell(&cmd, r#"stty cols 200 rows 50 && exec "$0" "$@""#);
        let mut p = rexpect::session::spawn_command(shell, Some(30_000)).unwrap();
        let seen = crate::common::from_pty(&p.exp_eof().unwrap());
        // The only control characters left are the terminal's own line ends.
        assert!(
            !seen
                .chars()
                .any(|c| c.is_control() && c != '\n' && c != '\r' && c != '\t'),
            "{format}: {seen:?}"
        );
        assert!(
            seen.contains(r"\u{1b}]0;pwned") || seen.contains(r"\u001b]0;pwned"),
            "{format}: {seen}"
        );
        assert!(
            seen.contains(r"\u{9b}31m") || seen.contains(r"\u009b31m"),
            "{format}: {seen}"
        );
    }
    // Into a pipe the bytes are the data, unchanged.
    let out = run(
        &server,
        &["api", "GET", "/listaCanal", "--format", "csv"],
        dir.path(),
    );
    assert_eq!(out.code, Some(0), "{}", out.stderr);
    assert!(out.peak_mib() < PEAK_MIB, "{} MiB", out.peak_mib());
    assert!(
        out.stdout_text().contains("Ana\u{1b}]0;pwned\u{7}"),
        "{}",
        out.stdout_text()
    );
    assert!(out.stdout_text().contains("\r\u{9b}31m"));
}

/// Integers beyond 64 bits beside small ones, at the top and in a list.
const BIG_INTEGERS: [&str; 2] = [
    r#"{"id": 1, "big": 12345678901234567890123, "neg": -98765432109876543210, "u": 18446744073709551615, "list": [12345678901234567890123]}"#,
    r#"{"id": 2, "big": 5, "neg": null, "u": 7, "list": []}"#,
];

/// The cells of a Parquet file by column name, each with its type, rows in order.
fn parquet_columns(
    path: &std::path::Path,
) -> Vec<(String, arrow_schema::DataType, Vec<Option<String>>)> {
    let (columns, batches) = crate::datasets::read_parquet(path);
    columns
        .into_iter()
        .enumerate()
        .map(|(at, (name, data_type))| {
            let cells = batches
                .iter()
                .flat_map(|b| {
                    let array = b.column(at);
                    (0..b.num_rows()).map(|row| crate::datasets::cell(array.as_ref(), row))
                })
                .collect();
            (name, data_type, cells)
        })
        .collect()
}

#[test]
fn integers_beyond_64_bits_keep_every_digit_in_every_format() {
    let server = serving(list_of(&BIG_INTEGERS.map(String::from)));
    let dir = tempfile::tempdir().unwrap();
    let get = |format: &str, extra: &[&str]| -> String {
        let args = [
            &["api", "GET", "/listaCanal", "--format", format][..],
            extra,
        ]
        .concat();
        let out = run(&server, &args, dir.path());
        assert_eq!(out.code, Some(0), "{format} {extra:?}: {}", out.stderr);
        out.stdout_text()
    };
    // JSON: numbers still, written as the service wrote them.
    assert_eq!(
        get("json", &[]),
        "[\n  {\n    \"id\": 1,\n    \"big\": 12345678901234567890123,\n    \"neg\": -98765432109876543210,\n    \"u\": 18446744073709551615,\n    \"list\": [\n      12345678901234567890123\n    ]\n  },\n  {\n    \"id\": 2,\n    \"big\": 5,\n    \"neg\": null,\n    \"u\": 7,\n    \"list\": []\n  }\n]\n"
    );
    assert_eq!(
        get("json", &["--columns", "big,id"]),
        "[\n  {\n    \"big\": 12345678901234567890123,\n    \"id\": 1\n  },\n  {\n    \"big\": 5,\n    \"id\": 2\n  }\n]\n"
    );
    assert_eq!(get("ndjson", &[]), format!("{}\n", BIG_INTEGERS.join("\n")));
    let exact = [
        "1",
        "12345678901234567890123",
        "-98765432109876543210",
        "18446744073709551615",
    ];
    for (format, separator) in [("csv", ","), ("tsv", "\t")] {
        for extra in [&[][..], &["--columns", "id,big,neg,u"]] {
            let text = get(format, extra);
            let lines: Vec<&str> = text.lines().collect();
            assert!(
                lines[0].starts_with(&["id", "big", "neg", "u"].join(separator)),
                "{text}"
            );
            assert!(
                lines[1].starts_with(&exact.join(separator)),
                "{format}: {text}"
            );
            assert!(
                lines[2].starts_with(&["2", "5", "", "7"].join(separator)),
                "{text}"
            );
        }
    }
    // xlsx: text cells, every digit (a number cell would keep 15 of them).
    let file = dir.path().join("big.xlsx");
    get("xlsx", &["-o", file.to_str().unwrap()]);
    let mut book: calamine::Xlsx<_> = calamine::open_workbook(&file).unwrap();
    let range = calamine::Reader::worksheet_range(&mut book, "Sheet1").unwrap();
    let row: Vec<calamine::Data> = range.rows().nth(1).unwrap()[..4].to_vec();
    use calamine::Data::{Float, String as Text};
    assert_eq!(
        row,
        [
            Float(1.0),
            Text(exact[1].into()),
            Text(exact[2].into()),
            Text(exact[3].into())
        ]
    );
    // Parquet: text columns (no decimal holds them), every digit; small numbers stay Int64.
    let file = dir.path().join("big.parquet");
    get("parquet", &["-o", file.to_str().unwrap()]);
    use arrow_schema::DataType::{Int64, Utf8};
    let text = |cells: &[Option<&str>]| -> Vec<Option<String>> {
        cells.iter().map(|c| c.map(String::from)).collect()
    };
    let columns = parquet_columns(&file);
    assert_eq!(
        columns[..4],
        [
            ("id".to_string(), Int64, text(&[Some("1"), Some("2")])),
            ("big".to_string(), Utf8, text(&[Some(exact[1]), Some("5")])),
            ("neg".to_string(), Utf8, text(&[Some(exact[2]), None])),
            ("u".to_string(), Utf8, text(&[Some(exact[3]), Some("7")])),
        ]
    );
}

#[test]
fn a_dotted_key_and_a_nested_key_are_two_columns_on_every_row_in_any_order() {
    let records = [
        r#"{"id": 1, "a.b": "literal 1", "a": {"b": "nested 1"}}"#,
        r#"{"id": 2, "a": {"b": "nested 2"}, "a.b": "literal 2"}"#,
        r#"{"id": 3, "a.b": "literal 3"}"#,
        r#"{"id": 4, "a": {"b": "nested 4"}}"#,
    ]
    .map(String::from);
    let literal = ["literal 1", "literal 2", "literal 3", ""];
    let nested = ["nested 1", "nested 2", "", "nested 4"];
    let dir = tempfile::tempdir().unwrap();
    for order in [records.to_vec(), records.iter().rev().cloned().collect()] {
        let server = serving(list_of(&order));
        let ids: Vec<usize> = if order[0] == records[0] {
            vec![0, 1, 2, 3]
        } else {
            vec![3, 2, 1, 0]
        };
        // CSV, discovered and selected: the literal key is `a\.b`, the nested one `a.b`.
        for extra in [&[][..], &["--columns", r"id,a\.b,a.b"]] {
            let args = [&["api", "GET", "/listaCanal", "--format", "csv"][..], extra].concat();
            let out = run(&server, &args, dir.path());
            assert_eq!(out.code, Some(0), "{}", out.stderr);
            let text = out.stdout_text();
            let mut reader = csv::Reader::from_reader(text.as_bytes());
            let header: Vec<String> = reader.headers().unwrap().iter().map(String::from).collect();
            let at = |name: &str| header.iter().position(|h| h == name).unwrap();
            assert_eq!(header.len(), 3, "{text}");
            for (row, &i) in reader.records().zip(&ids) {
                let row = row.unwrap();
                assert_eq!(row[at("id")], (i + 1).to_string(), "{text}");
                assert_eq!(&row[at(r"a\.b")], literal[i], "{text}");
                assert_eq!(&row[at("a.b")], nested[i], "{text}");
            }
        }
        // Parquet: the same two columns.
        let file = dir.path().join("keys.parquet");
        let args = ["api", "GET", "/listaCanal", "-o", file.to_str().unwrap()];
        let out = run(&server, &args, dir.path());
        assert_eq!(out.code, Some(0), "{}", out.stderr);
        let columns = parquet_columns(&file);
        let column = |name: &str| -> Vec<String> {
            let (_, _, cells) = columns.iter().find(|(n, _, _)| n == name).unwrap();
            cells
                .iter()
                .map(|c| c.clone().unwrap_or_default())
                .collect()
        };
        assert_eq!(columns.len(), 3);
        let expect = |values: [&str; 4]| -> Vec<String> {
            ids.iter().map(|&i| values[i].to_string()).collect()
        };
        assert_eq!(column(r"a\.b"), expect(literal));
        assert_eq!(column("a.b"), expect(nested));
    }
}
