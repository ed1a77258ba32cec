//! Typed Parquet exports read back with the `parquet` crate, against the CSV export of the same
//! records: every value, every type, every row once.

use std::collections::HashMap;
use std::path::Path;

use arrow_array::cast::AsArray;
use arrow_array::types::{Date32Type, Decimal128Type, Int64Type, TimestampMillisecondType};
use arrow_array::{Array, RecordBatch, RecordBatchReader};
use arrow_schema::{DataType, TimeUnit};
use parquet::arrow::arrow_reader::ParquetRecordBatchReaderBuilder;
use rust_decimal::Decimal;

use crate::common::*;

/// The batches of a Parquet file, and its schema's column names and types.
pub fn read_parquet(path: &Path) -> (Vec<(String, DataType)>, Vec<RecordBatch>) {
    let file = std::fs::File::open(path).unwrap();
    let reader = ParquetRecordBatchReaderBuilder::try_new(file)
        .unwrap()
        .build()
        .unwrap();
    let schema = reader.schema();
    let columns = schema
        .fields()
        .iter()
        .map(|f| (f.name().clone(), f.data_type().clone()))
        .collect();
    (columns, reader.map(Result::unwrap).collect())
}

/// One cell of a batch, as the CSV of the same record shows it after the same reading: numbers
/// by value, dates and date-times in ISO form.
pub fn cell(array: &dyn Array, row: usize) -> Option<String> {
    if array.is_null(row) {
        return None;
    }
    Some(match array.data_type() {
        DataType::Int64 => array.as_primitive::<Int64Type>().value(row).to_string(),
        DataType::Decimal128(18, 2) => {
            let units = array.as_primitive::<Decimal128Type>().value(row);
            Decimal::from_i128_with_scale(units, 2)
                .normalize()
                .to_string()
        }
        DataType::Date32 => {
            let days = array.as_primitive::<Date32Type>().value(row);
            (chrono::NaiveDate::default() + chrono::Duration::days(days.into()))
                .format("%Y-%m-%d")
                .to_string()
        }
        DataType::Timestamp(TimeUnit::Millisecond, None) => {
            let ms = array.as_primitive::<TimestampMillisecondType>().value(row);
            chrono::DateTime::from_timestamp_millis(ms)
                .unwrap()
                .naive_utc()
                .format("%Y-%m-%d %H:%M:%S")
                .to_string()
        }
        DataType::Utf8 => array.as_string::<i32>().value(row).to_string(),
        DataType::Boolean => array.as_boolean().value(row).to_string(),
        other => panic!("unexpected type {other}"),
    })
}

/// A CSV cell read the way the Parquet column's type reads it.
fn as_typed(text: &str, data_type: &DataType) -> Option<String> {
    if text.is_empty() && data_type != &DataType::Utf8 {
        return None;
    }
    let date = |t: &str| {
        chrono::NaiveDate::parse_from_str(t, "%Y-%m-%d")
            .or_else(|_| chrono::NaiveDate::parse_from_str(t, "%d/%m/%Y"))
            .unwrap()
    };
    Some(match data_type {
        DataType::Decimal128(..) => text.parse::<Decimal>().unwrap().normalize().to_string(),
        DataType::Date32 => date(text).format("%Y-%m-%d").to_string(),
        DataType::Timestamp(..) => {
            let (d, t) = text.split_at(10);
            format!("{} {}", date(d).format("%Y-%m-%d"), &t[1..])
        }
        _ => text.to_string(),
    })
}

#[test]
fn a_network_export_to_parquet_holds_the_csv_exports_values_typed_and_each_row_once() {
    let env = Env::scale(600);
    let dir = tempfile::tempdir().unwrap();
    let (parquet, csv) = (dir.path().join("rede.parquet"), dir.path().join("rede.csv"));
    for path in [&parquet, &csv] {
        let out = env.run_ok_as(
            "admin",
            &[
                "report",
                "ficha-financeira",
                "--clinic",
                "all",
                "-o",
                arg(&path),
            ],
        );
        assert!(
            stderr(&out).contains("600 records from 12 of 12 clinics"),
            "{}",
            stderr(&out)
        );
    }
    let (columns, batches) = read_parquet(&parquet);
    let types: HashMap<&str, &DataType> = columns.iter().map(|(n, t)| (n.as_str(), t)).collect();
    assert_eq!(types["id"], &DataType::Int64);
    assert_eq!(types["clinica"], &DataType::Int64);
    assert_eq!(types["valor"], &DataType::Decimal128(18, 2));
    assert_eq!(types["valor_original"], &DataType::Decimal128(18, 2));
    assert_eq!(types["data"], &DataType::Date32);
    assert_eq!(
        types["criado_em"],
        &DataType::Timestamp(TimeUnit::Millisecond, None)
    );
    assert_eq!(types["codigo"], &DataType::Utf8);

    let mut reader = csv::Reader::from_path(&csv).unwrap();
    let header: Vec<String> = reader.headers().unwrap().iter().map(String::from).collect();
    assert_eq!(
        header,
        columns.iter().map(|(n, _)| n.clone()).collect::<Vec<_>>()
    );
    let mut csv_rows = reader.records().map(Result::unwrap);
    let mut ids = std::collections::HashSet::new();
    let mut rows = 0;
    for batch in &batches {
        for row in 0..batch.num_rows() {
            let expected = csv_rows.next().expect("as many CSV rows");
            for (i, (name, data_type)) in columns.iter().enumerate() {
                assert_eq!(
                    cell(batch.column(i).as_ref(), row),
                    as_typed(&expected[i], data_type),
                    "row {rows}, {name}"
                );
            }
            let id = batch.column(0).as_primitive::<Int64Type>().value(row);
            assert!(ids.insert(id), "quote {id} twice");
            rows += 1;
        }
    }
    assert!(csv_rows.next().is_none(), "as many Parquet rows");
    assert_eq!(rows, 600);
    // Columnar and compressed: a fraction of the CSV's size.
    let size = |p: &Path| std::fs::metadata(p).unwrap().len();
    assert!(
        size(&parquet) * 4 <= size(&csv),
        "{} vs {}",
        size(&parquet),
        size(&csv)
    );
}

/// The admin's `report ficha-financeira --clinic all`: the whole network's Ficha Financeira.
fn whole_network(env: &Env) -> assert_cmd::Command {
    let mut cmd = env.admin();
    cmd.args(["report", "ficha-financeira", "--clinic", "all"]);
    cmd
}

/// A network of 12 clinics and 600 quotes, whose clinic 4 answers every request with 500.
fn network_with_clinic_4_down() -> Env {
    Env::with(clinic_sandbox::Options {
        scale: 600,
        failing_clinic: 4,
        ..clinic_sandbox::Options::ephemeral()
    })
}

/// A network's dataset partitioned by clinic and month, read back whole: every record exactly once,
/// each in the folder of its own clinic and month, and the manifest lists every file with its rows.
/// The same works for CSV. A run that fails leaves none of its files, and an earlier run's files
/// stay as they were.
#[test]
fn a_dataset_partitioned_by_clinic_and_month_holds_every_record_once() {
    let env = Env::scale(600);
    let dir = tempfile::tempdir().unwrap();
    let dataset = dir.path().join("rede");
    succeeds(
        whole_network(&env)
            .args(["--partition-by", "clinic,month", "-o"])
            .arg(&dataset),
    );
    let files = dataset_files(&dataset);
    let manifests: Vec<&String> = files
        .iter()
        .filter(|f| f.starts_with("_manifest-"))
        .collect();
    assert_eq!(manifests.len(), 1, "{files:?}");
    let manifest: serde_json::Value =
        serde_json::from_slice(&std::fs::read(dataset.join(manifests[0])).unwrap()).unwrap();
    assert_eq!(manifest["rows"], 600);
    let listed: Vec<String> = manifest["files"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| f["path"].as_str().unwrap().to_string())
        .collect();
    let parts: Vec<String> = files
        .iter()
        .filter(|f| f.ends_with(".parquet"))
        .cloned()
        .collect();
    assert_eq!(listed, parts);
    let mut ids = std::collections::HashSet::new();
    for (part, entry) in parts.iter().zip(manifest["files"].as_array().unwrap()) {
        let (columns, batches) = read_parquet(&dataset.join(part));
        let at = |name: &str| columns.iter().position(|(n, _)| n == name).unwrap();
        let mut rows = 0;
        for batch in &batches {
            for row in 0..batch.num_rows() {
                let id = cell(batch.column(at("id")).as_ref(), row).unwrap();
                assert!(ids.insert(id.clone()), "quote {id} twice");
                let clinic = cell(batch.column(at("clinica")).as_ref(), row).unwrap();
                let month = cell(batch.column(at("data")).as_ref(), row).unwrap()[..7].to_string();
                assert!(
                    part.starts_with(&format!("clinica={clinic}/mes={month}/part-")),
                    "{part}: quote {id} of clinic {clinic}, {month}"
                );
                rows += 1;
            }
        }
        assert_eq!(entry["rows"], rows, "{part}");
    }
    assert_eq!(ids.len(), 600);

    // CSV the same way, by clinic alone: twelve files, each with its header, 600 rows in all.
    let csv_set = dir.path().join("rede-csv");
    succeeds(
        whole_network(&env)
            .args(["--format", "csv"])
            .args(["--partition-by", "clinic", "-o"])
            .arg(&csv_set),
    );
    let csvs: Vec<String> = dataset_files(&csv_set)
        .into_iter()
        .filter(|f| f.ends_with(".csv"))
        .collect();
    assert_eq!(csvs.len(), 12, "{csvs:?}");
    let rows: usize = csvs
        .iter()
        .map(|f| {
            csv::Reader::from_path(csv_set.join(f))
                .unwrap()
                .records()
                .count()
        })
        .sum();
    assert_eq!(rows, 600);
}

/// Every format a dataset takes names its parts by its own extension, the one `-o` reads back as
/// that format: TSV parts end in `.tsv` and NDJSON parts in `.ndjson`, never `.csv`, and the manifest
/// lists exactly those files.
#[test]
fn a_dataset_names_its_parts_by_their_format() {
    let env = Env::scale(60);
    let dir = tempfile::tempdir().unwrap();
    for (format, extension) in [("tsv", ".tsv"), ("ndjson", ".ndjson")] {
        let dataset = dir.path().join(format);
        let out = whole_network(&env)
            .args(["--format", format, "--partition-by", "clinic", "-o"])
            .arg(&dataset)
            .output()
            .unwrap();
        assert!(out.status.success(), "{format}: {}", stderr(&out));
        let files = dataset_files(&dataset);
        let parts: Vec<&String> = files
            .iter()
            .filter(|f| !f.starts_with("_manifest-"))
            .collect();
        assert!(parts.len() > 1, "{format}: {files:?}");
        for part in &parts {
            assert!(
                part.starts_with("clinica=") && part.ends_with(extension),
                "{format}: {part}"
            );
        }
        let manifest = files.iter().find(|f| f.starts_with("_manifest-")).unwrap();
        let manifest: serde_json::Value =
            serde_json::from_slice(&std::fs::read(dataset.join(manifest)).unwrap()).unwrap();
        let mut listed: Vec<String> = manifest["files"]
            .as_array()
            .unwrap()
            .iter()
            .map(|f| f["path"].as_str().unwrap().to_string())
            .collect();
        listed.sort();
        let mut parts: Vec<String> = parts.into_iter().cloned().collect();
        parts.sort();
        assert_eq!(listed, parts, "{format}");
    }
}

/// `cmd` run by a shell that first sets the limit on open files with `ulimit LIMIT`.
#[cfg(unix)]
fn with_open_file_limit(cmd: &assert_cmd::Command, limit: &str) -> std::process::Output {
    let script = format!(r#"ulimit {limit} && exec "$0" "$@""#);
    crate::hostile::in_shell(cmd, &script).output().unwrap()
}

/// A dataset of more partitions than the process starts with room for open files: the client
/// raises its own soft limit and the run completes. Where the hard limit is as low, the run fails
/// with what to do, and leaves no file of its own.
#[cfg(unix)]
#[test]
fn a_dataset_of_many_partitions_outgrows_a_low_open_file_limit() {
    let env = Env::scale(600);
    let dir = tempfile::tempdir().unwrap();
    let export = |dataset: &Path| {
        let mut cmd = env.admin();
        cmd.args(["report", "ficha-financeira", "--clinic", "all"])
            .args(["--partition-by", "clinic,month", "-o"])
            .arg(dataset);
        cmd
    };
    let raised = dir.path().join("raised");
    let out = with_open_file_limit(&export(&raised), "-S -n 48");
    assert!(out.status.success(), "{}", stderr(&out));
    let parts = dataset_files(&raised)
        .into_iter()
        .filter(|f| f.ends_with(".parquet"))
        .count();
    assert!(
        parts > 48,
        "only {parts} partitions: the limit was never tested"
    );

    let capped = dir.path().join("capped");
    let out = with_open_file_limit(&export(&capped), "-n 48");
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    assert!(stderr(&out).contains("(ulimit -n)"), "{}", stderr(&out));
    let left: Vec<String> = std::fs::read_dir(&capped)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|name| name != DATASET_LOCK)
        .collect();
    assert!(
        left.is_empty(),
        "neither files nor folders of the run: {left:?}"
    );
}

/// Records without a value for a partition key are filed under Hive's default folder, and the run
/// says how many and where they are, on stderr, without failing.
#[test]
fn records_without_a_month_are_counted_aloud_in_the_default_folder() {
    let env = Env::scale(600);
    let dir = tempfile::tempdir().unwrap();
    let export = |by: &str, folder: &str| {
        let out = whole_network(&env)
            .args(["--partition-by", by, "-o"])
            .arg(dir.path().join(folder))
            .output()
            .unwrap();
        assert!(out.status.success(), "{by}: {}", stderr(&out));
        stderr(&out)
    };
    let said = export("month:entregue_em", "rede");
    let expected = "600 records have no date for their month in entregue_em: they are in \
                    mes=__HIVE_DEFAULT_PARTITION__";
    assert!(said.contains(expected), "{said}");
    let parts: Vec<String> = dataset_files(&dir.path().join("rede"))
        .into_iter()
        .filter(|f| f.ends_with(".parquet"))
        .collect();
    assert_eq!(parts.len(), 1, "{parts:?}");
    assert!(
        parts[0].starts_with("mes=__HIVE_DEFAULT_PARTITION__/"),
        "{parts:?}"
    );

    // By the record's own date, nothing is left over and nothing is said.
    let said = export("month", "por-mes");
    assert!(!said.contains("__HIVE_DEFAULT_PARTITION__"), "{said}");
}

#[test]
fn a_failed_dataset_run_leaves_none_of_its_files_and_earlier_runs_untouched() {
    let env = network_with_clinic_4_down();
    let dir = tempfile::tempdir().unwrap();
    let dataset = dir.path().join("rede");
    let earlier = dataset.join("clinica=1/part-earlier.parquet");
    std::fs::create_dir_all(earlier.parent().unwrap()).unwrap();
    std::fs::write(&earlier, b"an earlier run's file").unwrap();
    exits(
        env.admin()
            .env("CLINIC_MAX_WAIT", "5s")
            .args(["report", "ficha-financeira", "--clinic", "all"])
            .args(["--partition-by", "clinic", "-o"])
            .arg(&dataset),
        5,
    );
    assert_eq!(dataset_files(&dataset), ["clinica=1/part-earlier.parquet"]);
    assert_eq!(std::fs::read(&earlier).unwrap(), b"an earlier run's file");

    // A folder is needed, and a format a dataset can hold.
    let file = dir.path().join("plain.parquet");
    std::fs::write(&file, b"x").unwrap();
    for (args, expected) in [
        (
            vec!["--partition-by", "clinic", "-o", file.to_str().unwrap()],
            "is a file",
        ),
        (
            vec!["--partition-by", "clinic", "--format", "xlsx", "-o", "x/"],
            "not xlsx",
        ),
        (vec!["--partition-by", "clinic"], "needs -o DIR/"),
        (
            vec!["--partition-by", "week", "-o", "x/"],
            "expected clinic, month or month:FIELD",
        ),
    ] {
        refused_before_sending(&env, whole_network(&env), &args, expected);
    }
}

/// `cmd ARGS` (the network's Ficha Financeira, as a rule) is refused before any request: exit 2, and
/// stderr says `expected`.
fn refused_before_sending(env: &Env, mut cmd: assert_cmd::Command, args: &[&str], expected: &str) {
    env.clear_journal();
    let out = cmd.args(args).output().unwrap();
    assert_eq!(out.status.code(), Some(2), "{args:?}: {}", stderr(&out));
    assert!(
        stderr(&out).contains(expected),
        "{args:?}: {}",
        stderr(&out)
    );
    assert!(env.sent().is_empty(), "{args:?}: nothing sent");
}

/// The clinics the journal's requests to the Ficha Financeira asked for, each once, in order.
fn clinics_asked(env: &Env) -> Vec<String> {
    let asked: std::collections::BTreeSet<String> = ficha_parameter_sent(env, "clinica")
        .into_iter()
        .flatten()
        .collect();
    asked.into_iter().collect()
}

/// The network's Ficha Financeira into the dataset at `dataset`, partitioned by clinic, each clinic
/// given up on after its share of 5 s (the journal cleared first).
fn network_into_dataset(env: &Env, dataset: &Path, extra: &[&str]) -> std::process::Output {
    env.clear_journal();
    whole_network(env)
        .env("CLINIC_MAX_WAIT", "5s")
        .args(["--partition-by", "clinic", "-o"])
        .arg(dataset)
        .args(extra)
        .output()
        .unwrap()
}

/// `--since DATE` sends the list's modified-since filter; `--since last` exports everything the
/// first time, then starts where the last complete run began (less the overlap), and a run that
/// fails leaves that point where it was. A list without such a filter refuses `--since` before
/// anything is sent.
#[test]
fn since_sends_the_modified_filter_and_last_moves_only_after_a_complete_run() {
    let env = network_with_clinic_4_down();
    let dir = tempfile::tempdir().unwrap();
    let csv = dir.path().join("delta.csv");
    let rows = |path: &Path| csv::Reader::from_path(path).unwrap().records().count();

    // A date: the filter as the service takes it, and exactly the records it holds since then.
    env.clear_journal();
    env.run_ok_as(
        "admin",
        &[
            FICHA,
            &["--clinic", "1", "--since", "01/06/2025", "-o", arg(&csv)][..],
        ]
        .concat(),
    );
    let sent = modified_from_sent(&env);
    assert!(
        !sent.is_empty() && sent.iter().all(|s| s.as_deref() == Some("2025-06-01")),
        "{sent:?}"
    );
    let expected = env.fetch_all(
        "/lista_venda_orcamento",
        "clinica=1&modificado_em_de=2025-06-01",
        &env.token("admin", "admin"),
    );
    assert!(!expected.is_empty());
    assert_eq!(rows(&csv), expected.len());

    // `last`, the first time: everything, and the point is saved.
    let last = |extra: &[&str]| {
        env.clear_journal();
        env.run_as(
            "admin",
            &[
                FICHA,
                &["--clinic", "1,2,3", "--since", "last"][..],
                extra,
                &["-o", arg(&csv)][..],
            ]
            .concat(),
        )
    };
    let first = last(&[]);
    assert!(first.status.success(), "{}", stderr(&first));
    assert!(
        stderr(&first).contains("no earlier complete run of this export"),
        "{}",
        stderr(&first)
    );
    assert!(modified_from_sent(&env).iter().all(Option::is_none));
    let listed = env.run_as("admin", &["state", "list", "--format", "json"]);
    let states = stdout_json(&listed);
    assert_eq!(states.as_array().unwrap().len(), 1, "{states}");
    // `state list` gives the moment with its zone's offset: `2025-12-30 14:02:11 -03:00`.
    let point = states[0]["since"].as_str().unwrap()[..19].to_string();
    let id = states[0]["id"].as_str().unwrap().to_string();

    // The second time: from the saved point's day.
    let second = last(&["--since-overlap", "1m"]);
    assert!(second.status.success(), "{}", stderr(&second));
    let sent = modified_from_sent(&env);
    assert!(
        sent.iter().all(|s| s.as_deref() == Some(&point[..10])),
        "{sent:?} vs {point}"
    );
    assert!(
        stderr(&second).contains(&format!("only records modified since {point}")),
        "{}",
        stderr(&second)
    );
    let moved = stdout_json(&env.run_as("admin", &["state", "show", &id, "--format", "json"]));
    let moved = moved["since"].as_str().unwrap()[..19].to_string();
    assert!(moved >= point, "{moved} after {point}");

    // A run that fails (clinic 4 keeps failing) leaves the point as it was, and no file.
    let saved = std::fs::read(
        env.config
            .path()
            .join("data/state")
            .join(format!("{id}.json")),
    )
    .unwrap();
    std::fs::remove_file(&csv).unwrap();
    env.clear_journal();
    exits(
        env.admin()
            .env("CLINIC_MAX_WAIT", "5s")
            .args(FICHA)
            .args(["--clinic", "1,2,3,4", "--since", "last", "-o"])
            .arg(&csv),
        5,
    );
    assert!(!csv.exists());
    let other_id = stdout_json(&env.run_as("admin", &["state", "list", "--format", "json"]));
    assert_eq!(
        other_id.as_array().unwrap().len(),
        1,
        "a failed run saves no point: {other_id}"
    );
    assert_eq!(
        std::fs::read(
            env.config
                .path()
                .join("data/state")
                .join(format!("{id}.json"))
        )
        .unwrap(),
        saved
    );

    // Forgotten, the next run exports everything again.
    env.run_ok_as("admin", &["state", "reset", &id]);
    let again = last(&[]);
    assert!(
        stderr(&again).contains("no earlier complete run"),
        "{}",
        stderr(&again)
    );

    // A list without a modified-since filter, or a moment that is none, is refused first.
    for (args, expected) in [
        (
            vec!["report", "appointments", "--clinic", "1", "--since", "last"],
            "needs a report whose list has a modified-since filter",
        ),
        (
            vec!["contact", "list", "--since", "2026-01-01"],
            "needs a report whose list has a modified-since filter",
        ),
        (
            vec![
                "report",
                "ficha-financeira",
                "--clinic",
                "1",
                "--since",
                "anteontem",
            ],
            "expected last, a date",
        ),
        (
            vec![
                "report",
                "ficha-financeira",
                "--clinic",
                "1",
                "--since",
                "2026-01-01",
                "--modified-from",
                "2026-01-01",
            ],
            "either --since or --modified-from",
        ),
    ] {
        refused_before_sending(&env, env.admin(), &args, expected);
    }
}

/// The records of an NDJSON file by quote ID.
fn by_id(path: &Path) -> HashMap<u64, serde_json::Value> {
    std::fs::read_to_string(path)
        .unwrap()
        .lines()
        .map(|l| {
            let v: serde_json::Value = serde_json::from_str(l).unwrap();
            (v["id"].as_u64().unwrap(), v)
        })
        .collect()
}

/// Three incremental runs against a network whose quotes keep changing: the union of what they
/// wrote, newest per ID, is exactly a full export taken at the end. A run killed midway moves
/// nothing, and the next one asks from the same point.
#[test]
fn incremental_runs_under_churn_add_up_to_a_full_export() {
    let env = Env::with(clinic_sandbox::Options {
        scale: 600,
        churn: 40,
        ..clinic_sandbox::Options::ephemeral()
    });
    let dir = tempfile::tempdir().unwrap();
    // Every incremental run writes the same file, the output its point belongs to.
    let delta = dir.path().join("delta.ndjson");
    let run = |name: &str, extra: &[&str]| {
        let path = match extra.is_empty() {
            true => dir.path().join(name),
            false => delta.clone(),
        };
        let out = whole_network(&env)
            .args(["--format", "ndjson"])
            .args(extra)
            .arg("-o")
            .arg(&path)
            .output()
            .unwrap();
        assert!(out.status.success(), "{name}: {}", stderr(&out));
        by_id(&path)
    };
    let mut deltas = vec![run("1.ndjson", &["--since", "last"])];
    assert_eq!(deltas[0].len(), 600, "the first run takes everything");
    std::thread::sleep(std::time::Duration::from_millis(1300));
    deltas.push(run("2.ndjson", &["--since", "last"]));
    assert!(
        !deltas[1].is_empty() && deltas[1].len() < 600,
        "{}",
        deltas[1].len()
    );

    // A run killed as it starts leaves the point where it was.
    let state_dir = env.config.path().join("data/state");
    let saved = |dir: &Path| {
        std::fs::read_dir(dir)
            .unwrap()
            .map(|e| e.unwrap().path())
            .filter(|p| p.is_file())
            .map(|p| std::fs::read(p).unwrap())
            .collect::<Vec<_>>()
    };
    let before = saved(&state_dir);
    let delta_before = std::fs::read(&delta).unwrap();
    env.clear_journal();
    let mut killed = process_for(env.config.path(), env.sandbox.urls())
        .env("CLINIC_TOKEN", env.token("admin", "admin"))
        .args(FICHA)
        .args(["--clinic", "all", "--since", "last"])
        .arg("-o")
        .arg(&delta)
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn()
        .unwrap();
    let started = std::time::Instant::now();
    while env.sent().is_empty() && started.elapsed().as_secs() < 30 {
        std::thread::sleep(std::time::Duration::from_millis(2));
    }
    killed.kill().unwrap();
    killed.wait().unwrap();
    assert_eq!(saved(&state_dir), before, "the killed run moved nothing");
    assert_eq!(
        std::fs::read(&delta).unwrap(),
        delta_before,
        "the file stays whole"
    );

    std::thread::sleep(std::time::Duration::from_millis(1300));
    deltas.push(run("3.ndjson", &["--since", "last"]));
    // Changes stop; the last delta and the full export then see the same network.
    env.set_churn(0);
    deltas.push(run("4.ndjson", &["--since", "last"]));
    let full = run("full.ndjson", &[]);

    let mut newest: HashMap<u64, serde_json::Value> = HashMap::new();
    for record in deltas.into_iter().flat_map(HashMap::into_values) {
        keep_newest(&mut newest, record);
    }
    assert_eq!(newest.len(), full.len());
    for (id, record) in &full {
        assert_eq!(&newest[id], record, "quote {id}");
    }
    let changed = modified_after(&full, "2026-01-01");
    assert!(
        changed > 40,
        "{changed} quotes changed while the runs went on"
    );
}

/// A network run into a dataset that fails on one clinic keeps the others with `--keep-going`, and
/// its manifest says which finished; `--resume` then fetches only the rest, and the dataset holds
/// every record once.
#[test]
fn resume_fetches_only_the_clinics_the_last_run_did_not_finish() {
    let failing = network_with_clinic_4_down();
    let dir = tempfile::tempdir().unwrap();
    let dataset = dir.path().join("rede");
    let export = |env: &Env, extra: &[&str]| network_into_dataset(env, &dataset, extra);
    let first = export(&failing, &["--keep-going"]);
    assert_eq!(first.status.code(), Some(5), "{}", stderr(&first));
    let manifests = |dir: &Path| -> Vec<serde_json::Value> {
        manifests_of(dir).into_iter().map(|(_, m)| m).collect()
    };
    let kept = manifests(&dataset);
    assert_eq!(kept.len(), 1);
    assert_eq!(kept[0]["clinics"]["failed"], serde_json::json!([4]));
    assert_eq!(
        kept[0]["clinics"]["finished"],
        serde_json::json!([1, 2, 3, 5, 6, 7, 8, 9, 10, 11, 12])
    );

    // The same network, its server back (the same seeded data): only clinic 4 is fetched.
    let back = Env::scale(600);
    let resumed = export(&back, &["--resume"]);
    assert!(resumed.status.success(), "{}", stderr(&resumed));
    assert!(
        stderr(&resumed).contains("resuming: 11 clinics are in the dataset"),
        "{}",
        stderr(&resumed)
    );
    assert_eq!(clinics_asked(&back), ["4"]);
    let mut ids = std::collections::HashSet::new();
    for part in dataset_files(&dataset)
        .iter()
        .filter(|f| f.ends_with(".parquet"))
    {
        let (columns, batches) = read_parquet(&dataset.join(part));
        let at = columns.iter().position(|(n, _)| n == "id").unwrap();
        for batch in &batches {
            for row in 0..batch.num_rows() {
                let id = cell(batch.column(at).as_ref(), row).unwrap();
                assert!(ids.insert(id.clone()), "quote {id} twice");
            }
        }
    }
    assert_eq!(ids.len(), 600);

    // Without an earlier run to resume, or without clinic partitions, it is refused before sending.
    let empty = dir.path().join("vazio");
    for (args, expected) in [
        (
            vec![
                "--partition-by",
                "clinic",
                "--resume",
                "-o",
                empty.to_str().unwrap(),
            ],
            "holds none",
        ),
        (
            vec![
                "--partition-by",
                "month",
                "--resume",
                "-o",
                empty.to_str().unwrap(),
            ],
            "needs --partition-by clinic",
        ),
    ] {
        refused_before_sending(&back, whole_network(&back), &args, expected);
    }
}

/// A host whose list holds one record for each clinic name of `names`, IDs from 1.
fn serving_clinics(names: &[&str]) -> crate::servers::Server {
    let records: Vec<String> = names
        .iter()
        .enumerate()
        .map(|(i, name)| serde_json::json!({"id": i + 1, "clinica": name}).to_string())
        .collect();
    crate::hostile::serving(crate::hostile::list_of(&records))
}

/// `api GET /listaCanal --partition-by clinic EXTRA -o DATASET` against `server`, which must succeed.
fn partition_by_clinic(
    config: &Path,
    server: &crate::servers::Server,
    extra: &[&str],
    dataset: &Path,
) -> std::process::Output {
    succeeds(
        crate::servers::clinic_at(config, &server.url(""))
            .args(["api", "GET", "/listaCanal", "--partition-by", "clinic"])
            .args(extra)
            .arg("-o")
            .arg(dataset),
    )
}

/// The files of the dataset at `dir` that hold its records: all but its manifests.
fn data_files(dir: &Path) -> Vec<String> {
    dataset_files(dir)
        .into_iter()
        .filter(|f| !f.starts_with("_manifest-"))
        .collect()
}

/// The manifests of the dataset at `dir`, by file name.
fn manifests_of(dir: &Path) -> Vec<(String, serde_json::Value)> {
    dataset_files(dir)
        .into_iter()
        .filter(|f| f.starts_with("_manifest-"))
        .map(|f| {
            let value = serde_json::from_slice(&std::fs::read(dir.join(&f)).unwrap()).unwrap();
            (f, value)
        })
        .collect()
}

/// `--resume` takes up only the last run of the same export: a run of another export into the same
/// folder since, and a manifest named under a clock that ran ahead, are not read as its own. The
/// resumed run fetches the clinic that failed, its manifest claims only what it fetched, and a
/// second `--resume` finds nothing left to take up.
#[test]
fn resume_after_another_exports_run_fetches_the_clinic_its_own_run_failed() {
    let failing = network_with_clinic_4_down();
    let back = Env::scale(600);
    let dir = tempfile::tempdir().unwrap();
    let dataset = dir.path().join("rede");
    let ficha = |env: &Env, extra: &[&str]| network_into_dataset(env, &dataset, extra);
    let first = ficha(&failing, &["--keep-going"]);
    assert_eq!(first.status.code(), Some(5), "{}", stderr(&first));

    // Another export into the same folder, complete; and an earlier client's manifest whose name
    // sorts last, claiming every clinic.
    succeeds(
        back.admin()
            .args(["report", "appointments", "--clinic", "all"])
            .args(["--partition-by", "clinic", "-o"])
            .arg(&dataset),
    );
    let ahead = serde_json::json!({
        "run": "29991231T235959-1", "rows": 0, "files": [],
        "clinics": {"finished": (1..=12).collect::<Vec<u64>>(), "failed": []},
    });
    std::fs::write(
        dataset.join("_manifest-29991231T235959-1.json"),
        ahead.to_string(),
    )
    .unwrap();

    let resumed = ficha(&back, &["--resume"]);
    assert!(resumed.status.success(), "{}", stderr(&resumed));
    assert!(
        stderr(&resumed)
            .contains("resuming: 11 clinics are in the dataset from its last run; 1 left to fetch"),
        "{}",
        stderr(&resumed)
    );
    assert_eq!(clinics_asked(&back), ["4"]);
    let mut runs: Vec<serde_json::Value> = manifests_of(&dataset)
        .into_iter()
        .map(|(_, m)| m)
        .filter(|m| m["sequence"].is_u64())
        .collect();
    runs.sort_by_key(|m| m["sequence"].as_u64());
    let sequences: Vec<u64> = runs
        .iter()
        .map(|m| m["sequence"].as_u64().unwrap())
        .collect();
    assert_eq!(sequences, [1, 2, 3]);
    assert_eq!(runs[0]["complete"], false);
    assert_eq!(runs[2]["complete"], true);
    assert_eq!(runs[2]["clinics"]["finished"], serde_json::json!([4]));
    assert_eq!(
        runs[2]["clinics"]["earlier"],
        serde_json::json!([1, 2, 3, 5, 6, 7, 8, 9, 10, 11, 12])
    );
    assert_eq!(runs[0]["identity"], runs[2]["identity"]);
    assert_ne!(runs[1]["identity"], runs[2]["identity"]);

    // Every quote of the Ficha once, from the first run and the resumed one.
    let mut quotes = 0;
    for run in [&runs[0], &runs[2]] {
        for file in run["files"].as_array().unwrap() {
            let path = dataset.join(file["path"].as_str().unwrap());
            let (_, batches) = read_parquet(&path);
            quotes += batches.iter().map(RecordBatch::num_rows).sum::<usize>();
        }
    }
    assert_eq!(quotes, 600);

    // The export is complete now: a second `--resume` is refused, and nothing is fetched.
    let again = ficha(&back, &["--resume"]);
    assert_eq!(again.status.code(), Some(2), "{}", stderr(&again));
    assert!(
        stderr(&again).contains("finished every clinic, so there is nothing to resume"),
        "{}",
        stderr(&again)
    );
    assert!(ficha_parameter_sent(&back, "clinica").is_empty());
}

/// Reads a dataset the README's way (DuckDB, `hive_partitioning`): every row the glob reads, the
/// files they came from (under the folder), and the rows of the README's query of the current quotes.
const README_READ: &str = r#"
import duckdb, json, os, sys
root = sys.argv[1]
source = f"read_parquet('{root}/**/*.parquet', hive_partitioning = true, union_by_name = true, filename = true)"
con = duckdb.connect()
rows = con.execute(f"SELECT count(*) FROM {source}").fetchone()[0]
files = sorted(os.path.relpath(f, root).replace(os.sep, "/") for (f,) in con.execute(f"SELECT DISTINCT filename FROM {source}").fetchall())
current = con.execute(f"SELECT count(*) FROM (SELECT * FROM {source} QUALIFY row_number() OVER (PARTITION BY id ORDER BY modificado_em DESC, filename DESC) = 1)").fetchone()[0]
print(json.dumps({"rows": rows, "files": files, "current": current}))
"#;

/// The parts the manifests of the dataset at `dir` list, and their rows in all.
fn manifested(dir: &Path) -> (Vec<String>, u64) {
    let mut files = Vec::new();
    let mut rows = 0;
    for (_, manifest) in manifests_of(dir) {
        for file in manifest["files"].as_array().unwrap() {
            files.push(file["path"].as_str().unwrap().to_string());
            rows += file["rows"].as_u64().unwrap();
        }
    }
    files.sort();
    (files, rows)
}

/// A run killed (`kill -9`) as it finishes its files leaves nothing the README's DuckDB query reads:
/// every file it reads is listed by a manifest. The next run takes back what the killed one left
/// (and what earlier clients' killed runs left: temporary files and parts no manifest lists), and
/// the query then reads exactly the records the manifests list, each quote once.
#[cfg(unix)]
#[test]
fn a_dataset_run_killed_at_its_end_leaves_nothing_the_duckdb_query_reads() {
    let Some(python) =
        duckdb_python("a_dataset_run_killed_at_its_end_leaves_nothing_the_duckdb_query_reads")
    else {
        return;
    };
    let env = Env::scale(600);
    let dir = tempfile::tempdir().unwrap();
    let dataset = dir.path().join("ficha");
    let export = || {
        let mut cmd = process_for(env.config.path(), env.sandbox.urls());
        cmd.env("CLINIC_TOKEN", env.token("admin", "admin"))
            .args(["report", "ficha-financeira", "--clinic", "all"])
            .args(["--partition-by", "clinic,month", "-o"])
            .arg(&dataset)
            .stdout(std::process::Stdio::null())
            .stderr(std::process::Stdio::piped());
        cmd
    };
    let read = || -> serde_json::Value {
        serde_json::from_str(&run_python(
            &python,
            README_READ,
            &[dataset.to_str().unwrap()],
        ))
        .unwrap()
    };
    let out = export().output().unwrap();
    assert!(out.status.success(), "{}", stderr(&out));

    // The second run is killed as soon as its first part is finished.
    let staged = |dir: &Path| -> bool {
        let mut folders = vec![dir.to_path_buf()];
        while let Some(folder) = folders.pop() {
            for entry in std::fs::read_dir(&folder).into_iter().flatten().flatten() {
                let path = entry.path();
                if path.is_dir() {
                    folders.push(path);
                } else if path.to_string_lossy().ends_with(".staged") {
                    return true;
                }
            }
        }
        false
    };
    let mut killed = export().spawn().unwrap();
    let started = std::time::Instant::now();
    while !staged(&dataset) && killed.try_wait().unwrap().is_none() {
        assert!(
            started.elapsed().as_secs() < 60,
            "the run never finished a part"
        );
    }
    let _ = killed.kill();
    let status = killed.wait().unwrap();
    use std::os::unix::process::ExitStatusExt;
    assert_eq!(
        status.signal(),
        Some(9),
        "the run ended before it was killed"
    );
    let (listed, _) = manifested(&dataset);
    let seen = read();
    for file in seen["files"].as_array().unwrap() {
        assert!(
            listed.contains(&file.as_str().unwrap().to_string()),
            "{file} is read, and no manifest lists it"
        );
    }
    assert_eq!(seen["current"], 600);

    // Debris an earlier client's killed run left: a part no manifest lists, and a temporary file.
    let part = dataset.join(&listed[0]);
    let folder = part.parent().unwrap();
    std::fs::copy(&part, folder.join("part-20261126T010203-99999999.parquet")).unwrap();
    std::fs::write(
        folder.join(".part-20261126T010203-99999999.parquet.99999999.aB3xYz.tmp"),
        "x",
    )
    .unwrap();

    let out = export().output().unwrap();
    assert!(out.status.success(), "{}", stderr(&out));
    let (listed, rows) = manifested(&dataset);
    let seen = read();
    assert_eq!(seen["rows"], rows);
    assert_eq!(seen["files"], serde_json::json!(listed));
    assert_eq!(seen["current"], 600);
    let hidden: Vec<String> = dataset_files(&dataset)
        .into_iter()
        .filter(|f| f.split('/').any(|name| name.starts_with('.')))
        .collect();
    assert!(hidden.is_empty(), "{hidden:?}");
    assert_eq!(data_files(&dataset), listed);
}

/// Clinic names that used to share folders, or break the run: each one's records read back through
/// DuckDB's Hive reader (the README's way) with the exact name, and a 300-character name gets a
/// shortened folder that its manifest maps back to the whole name. Folder names are ASCII, at most
/// 255 bytes, and apart also where case is ignored.
#[test]
fn clinic_names_round_trip_through_duckdbs_hive_reader() {
    let Some(python) = duckdb_python("clinic_names_round_trip_through_duckdbs_hive_reader") else {
        return;
    };
    let long: String = format!("Clínica {}", "Odontológica São José ".repeat(14))
        .chars()
        .take(300)
        .collect();
    let names = [
        "a\\b",
        "a=b",
        "A B",
        "A/B",
        "A_B",
        "São",
        "Sa\u{303}o",
        "SP",
        "sp",
        "a\nb",
        "..",
        "x%2Fy",
        long.as_str(),
    ];
    let server = serving_clinics(&names);
    let dir = tempfile::tempdir().unwrap();
    let dataset = dir.path().join("nomes");
    partition_by_clinic(dir.path(), &server, &[], &dataset);

    let script = r#"
import duckdb, json, sys
rows = duckdb.connect().execute(f"SELECT id, clinica FROM read_parquet('{sys.argv[1]}/**/*.parquet', hive_partitioning = true) ORDER BY id").fetchall()
print(json.dumps(rows))
"#;
    let read: Vec<(u64, String)> =
        serde_json::from_str(&run_python(&python, script, &[dataset.to_str().unwrap()])).unwrap();
    assert_eq!(read.len(), names.len(), "{read:?}");
    let manifest = &manifests_of(&dataset)[0].1;
    for (id, clinic) in &read {
        let name = names[*id as usize - 1];
        if name == long {
            assert!(clinic.len() < 255 && name.starts_with(&clinic[..clinic.rfind('~').unwrap()]));
            let file = manifest["files"]
                .as_array()
                .unwrap()
                .iter()
                .find(|f| {
                    f["path"]
                        .as_str()
                        .unwrap()
                        .starts_with("clinica=Cl%C3%ADnica")
                })
                .unwrap();
            assert_eq!(file["partition"]["clinica"], long);
        } else {
            assert_eq!(clinic, name, "record {id}");
        }
    }
    let folders: Vec<String> = std::fs::read_dir(&dataset)
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .filter(|n| n.starts_with("clinica="))
        .collect();
    assert_eq!(folders.len(), names.len(), "{folders:?}");
    let mut folded: Vec<String> = folders.iter().map(|f| f.to_lowercase()).collect();
    folded.sort();
    folded.dedup();
    assert_eq!(folded.len(), names.len(), "{folders:?}");
    assert!(
        folders.iter().all(|f| f.is_ascii() && f.len() <= 255),
        "{folders:?}"
    );
}

/// A partition whose folder the file system refuses (here: its path would pass the system's limit,
/// in a dataset folder deep down) fails alone: its record goes to a folder named by its value's
/// hash, the run says so on stderr naming both folders, the manifest maps it back, and the other
/// clinics' records are where they belong.
#[cfg(target_os = "linux")]
#[test]
fn a_partition_whose_folder_is_refused_goes_elsewhere_and_the_run_completes() {
    let long: String = "Clínica São José ".repeat(20).chars().take(300).collect();
    let server = serving_clinics(&["Centro", long.as_str()]);
    let dir = tempfile::tempdir().unwrap();
    // Deep enough that the long name's folder, with the files written in it, passes PATH_MAX
    // (4,096 bytes), while a short one fits.
    let mut dataset = dir.path().to_path_buf();
    while dataset.as_os_str().len() < 3_680 {
        dataset.push("d".repeat(200));
    }
    dataset.push("d".repeat(3_880 - dataset.as_os_str().len() - 1));
    dataset.push("ficha");
    let out = partition_by_clinic(dir.path(), &server, &[], &dataset);
    let said = stderr(&out);
    assert!(
        said.contains("1 record of clinica \"Clínica São José")
            && said.contains("could not go in the folder clinica=Cl%C3%ADnica%20S%C3%A3o")
            && said.contains("File name too long")
            && said.contains("it is in clinica=~"),
        "{said}"
    );
    let manifest = &manifests_of(&dataset)[0].1;
    let files = manifest["files"].as_array().unwrap();
    let moved = files
        .iter()
        .find(|f| f["path"].as_str().unwrap().starts_with("clinica=~"))
        .unwrap();
    assert_eq!(moved["partition"]["clinica"], long);
    assert_eq!(moved["rows"], 1);
    assert!(dataset.join(moved["path"].as_str().unwrap()).is_file());
    let centro = files
        .iter()
        .find(|f| f["path"].as_str().unwrap().starts_with("clinica=Centro/"))
        .unwrap();
    assert!(dataset.join(centro["path"].as_str().unwrap()).is_file());
}

/// Two runs into one dataset folder at once: the second waits for the first, each gets its own
/// number from the folder's counter, and both are whole — every file each manifest lists is there,
/// and no other.
#[test]
fn two_dataset_runs_at_once_take_turns_and_each_is_whole() {
    let env = Env::scale(600);
    let dir = tempfile::tempdir().unwrap();
    let dataset = dir.path().join("rede");
    let runs: Vec<std::process::Child> = (0..2)
        .map(|_| {
            process_for(env.config.path(), env.sandbox.urls())
                .env("CLINIC_TOKEN", env.token("admin", "admin"))
                .args(["report", "ficha-financeira", "--clinic", "all"])
                .args(["--partition-by", "clinic", "-o"])
                .arg(&dataset)
                .stdout(std::process::Stdio::null())
                .stderr(std::process::Stdio::piped())
                .spawn()
                .unwrap()
        })
        .collect();
    for run in runs {
        finished_ok(run);
    }
    let manifests = manifests_of(&dataset);
    let mut sequences: Vec<u64> = manifests
        .iter()
        .map(|(_, m)| m["sequence"].as_u64().unwrap())
        .collect();
    sequences.sort_unstable();
    assert_eq!(sequences, [1, 2]);
    assert!(manifests.iter().all(|(_, m)| m["rows"] == 600));
    let (listed, _) = manifested(&dataset);
    assert_eq!(listed.len(), 24);
    assert_eq!(data_files(&dataset), listed);
}

/// On a case-insensitive file system (FAT, as Windows and macOS volumes are), clinics whose names
/// differ only by case or by Unicode normalisation still get folders and files of their own: every
/// record is on disk once, in its clinic's folder, and the manifest's counts are what is there.
#[test]
fn clinic_folders_stay_apart_on_a_case_insensitive_file_system() {
    let Some(volume) = fat_volume("clinic_folders_stay_apart_on_a_case_insensitive_file_system")
    else {
        return;
    };
    let names = ["SP", "sp", "Sp", "São", "Sa\u{303}o", "SÃO", "A B", "a b"];
    let server = serving_clinics(&names);
    let config = tempfile::tempdir().unwrap();
    let dataset = volume.mount.join("nomes");
    partition_by_clinic(config.path(), &server, &["--format", "ndjson"], &dataset);

    // Every record once, read back from the folders the volume holds.
    let mut seen: Vec<(u64, String)> = Vec::new();
    let mut folders = std::collections::HashSet::new();
    for file in dataset_files(&dataset) {
        if !file.ends_with(".ndjson") {
            continue;
        }
        folders.insert(file.split('/').next().unwrap().to_string());
        for line in std::fs::read_to_string(dataset.join(&file))
            .unwrap()
            .lines()
        {
            let record: serde_json::Value = serde_json::from_str(line).unwrap();
            seen.push((
                record["id"].as_u64().unwrap(),
                record["clinica"].as_str().unwrap().to_string(),
            ));
        }
    }
    seen.sort();
    let expected: Vec<(u64, String)> = names
        .iter()
        .enumerate()
        .map(|(i, name)| (i as u64 + 1, name.to_string()))
        .collect();
    assert_eq!(seen, expected);
    assert_eq!(folders.len(), names.len(), "{folders:?}");
    let rows: u64 = manifests_of(&dataset)[0].1["files"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| f["rows"].as_u64().unwrap())
        .sum();
    assert_eq!(rows, names.len() as u64);
}
