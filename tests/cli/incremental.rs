//! Incremental runs (`--since last`) whose points belong to their output and come from the data, and
//! report outputs that keep their columns when no record comes.

use std::collections::HashMap;
use std::path::Path;

use serde_json::Value;

use crate::common::*;

/// A network of 12 clinics and 600 quotes whose quotes do not change until a test says so.
fn network() -> Env {
    Env::with(clinic_sandbox::Options {
        scale: 600,
        ..clinic_sandbox::Options::ephemeral()
    })
}

/// The admin's `report ficha-financeira --clinic all --since last` with `extra` arguments.
fn since_last(env: &Env, extra: &[&str]) -> std::process::Output {
    env.run_as(
        "admin",
        &[FICHA, &["--clinic", "all", "--since", "last"][..], extra].concat(),
    )
}

/// A run that must succeed; its stderr.
fn ok(out: std::process::Output) -> String {
    assert!(out.status.success(), "{}", stderr(&out));
    stderr(&out)
}

/// Quotes change for a little over a second, then stop.
fn churn(env: &Env) {
    env.set_churn(40);
    std::thread::sleep(std::time::Duration::from_millis(1300));
    env.set_churn(0);
}

/// The records of NDJSON text by quote ID, keeping the newest by `modificado_em` where one comes
/// several times.
fn newest_by_id(into: &mut HashMap<u64, Value>, text: &str) {
    for line in text.lines().filter(|l| !l.trim().is_empty()) {
        keep_newest(into, serde_json::from_str(line).unwrap());
    }
}

/// Every record of an NDJSON dataset folder, newest per ID, as a reader deduplicating it keeps them.
fn dataset(dir: &Path) -> HashMap<u64, Value> {
    let mut records = HashMap::new();
    for file in dataset_files(dir).iter().filter(|f| f.ends_with(".ndjson")) {
        newest_by_id(
            &mut records,
            &std::fs::read_to_string(dir.join(file)).unwrap(),
        );
    }
    records
}

/// A full export of the network now, by ID.
fn full_export(env: &Env, dir: &Path) -> HashMap<u64, Value> {
    let path = dir.join("full.ndjson");
    ok(env.run_as(
        "admin",
        &[
            "report",
            "ficha-financeira",
            "--clinic",
            "all",
            "--format",
            "ndjson",
            "-o",
            arg(&path),
        ],
    ));
    let mut records = HashMap::new();
    newest_by_id(&mut records, &std::fs::read_to_string(&path).unwrap());
    records
}

/// The four steps of a finance office's two nightly jobs: a dataset job, quotes changing, a CSV job
/// on the same export, and the dataset job again. Each output has its own point, so the CSV job
/// moves nothing of the dataset's, and the dataset ends equal to a fresh full export.
#[test]
fn a_csv_job_never_moves_the_datasets_point() {
    let env = network();
    let dir = tempfile::tempdir().unwrap();
    let set = dir.path().join("set");
    let set_arg = format!("{}/", set.display());
    let dataset_job = || {
        since_last(
            &env,
            &[
                "--partition-by",
                "clinic",
                "--format",
                "ndjson",
                "-o",
                &set_arg,
            ],
        )
    };
    let csv = dir.path().join("excel.csv");
    let csv_job = || since_last(&env, &["-o", csv.to_str().unwrap()]);

    ok(dataset_job());
    assert_eq!(dataset(&set).len(), 600);
    // The CSV job's first run is a first run of its own: every record.
    ok(csv_job());
    churn(&env);
    let csv_said = ok(csv_job());
    assert!(
        csv_said.contains("only records modified since"),
        "{csv_said}"
    );
    let said = ok(dataset_job());
    assert!(said.contains("only records modified since"), "{said}");

    let full = full_export(&env, dir.path());
    let changed = modified_after(&full, "2026-06-01");
    assert!(changed > 0, "quotes changed meanwhile");
    assert_eq!(
        dataset(&set),
        full,
        "the dataset holds the network as it is"
    );
}

/// A new output gets every record, and so does one whose file is gone; the one that has its file
/// gets only what changed. `--keep-going`, `--format` and `--columns` never start a new point.
#[test]
fn each_output_has_its_own_point_and_a_new_one_gets_the_whole_history() {
    let env = network();
    let dir = tempfile::tempdir().unwrap();
    let a = dir.path().join("a.ndjson");
    let b = dir.path().join("b.ndjson");
    let lines = |path: &Path| std::fs::read_to_string(path).unwrap().lines().count();

    let first = ok(since_last(&env, &["-o", a.to_str().unwrap()]));
    assert!(first.contains("no earlier complete run"), "{first}");
    assert_eq!(lines(&a), 600);

    churn(&env);
    let again = ok(since_last(
        &env,
        &[
            "--keep-going",
            "--format",
            "ndjson",
            "-o",
            a.to_str().unwrap(),
        ],
    ));
    assert!(again.contains("only records modified since"), "{again}");
    assert!(lines(&a) < 600, "{} records", lines(&a));

    let other = ok(since_last(&env, &["-o", b.to_str().unwrap()]));
    assert!(other.contains("no earlier complete run"), "{other}");
    assert_eq!(lines(&b), 600, "a new output gets the whole history");

    std::fs::remove_file(&a).unwrap();
    let gone = ok(since_last(&env, &["-o", a.to_str().unwrap()]));
    assert!(gone.contains("is not there any more"), "{gone}");
    assert_eq!(lines(&a), 600);

    // Two outputs, two points, each named by its output and its filters as flags, times with
    // their offset.
    let listed = stdout_json(&env.run_as("admin", &["state", "list", "--format", "json"]));
    let points = listed.as_array().unwrap();
    assert_eq!(points.len(), 2, "{listed}");
    for point in points {
        assert_eq!(point["filters"], "--clinic=all", "{point}");
        let output = point["output"].as_str().unwrap();
        assert!(output.ends_with("a.ndjson") || output.ends_with("b.ndjson"));
        assert!(Path::new(output).is_absolute(), "{output}");
        let since = point["since"].as_str().unwrap();
        assert!(
            since.ends_with(" -03:00") && since.len() == 26,
            "{since}: a local time and its offset"
        );
        assert_eq!(point["zone"], "America/Sao_Paulo");
    }
    let table = env.run_as("admin", &["state", "list"]);
    assert!(!String::from_utf8_lossy(&table.stdout).contains("Args"));
}

/// Standard output keeps no point: `--since last` without `-o` is refused before anything is sent.
#[test]
fn since_last_to_standard_output_is_refused_before_anything_is_sent() {
    let env = network();
    for extra in [vec![], vec!["-o", "-"]] {
        env.clear_journal();
        let out = since_last(&env, &extra);
        assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
        assert!(
            stderr(&out).contains("--since") && stderr(&out).contains("-o FILE"),
            "{}",
            stderr(&out)
        );
        assert!(env.sent().is_empty());
    }
}

/// A run made while the machine's clock was two days ahead saves its point from the data, so the
/// runs after it, under the right clock, lose no change.
#[test]
fn a_clock_two_days_ahead_loses_no_change() {
    let env = network();
    let dir = tempfile::tempdir().unwrap();
    let delta = dir.path().join("delta.ndjson");
    let mut seen = HashMap::new();
    let mut run = |skew: &str| {
        let out = env.run_with(
            &[
                ("CLINIC_TOKEN", &env.token("admin", "admin")),
                ("CLINIC_TEST_CLOCK_SKEW", arg(&skew)),
            ],
            &[
                FICHA,
                &["--clinic", "all", "--since", "last", "-o", arg(&delta)][..],
            ]
            .concat(),
        );
        ok(out);
        newest_by_id(&mut seen, &std::fs::read_to_string(&delta).unwrap());
    };
    run(&(2 * 24 * 3600).to_string());
    churn(&env);
    run("0");
    churn(&env);
    run("0");
    assert_eq!(seen, full_export(&env, dir.path()));
}

/// A saved point later than the server's own clock asked for a future that holds nothing: the run
/// says so and exports everything.
#[test]
fn a_point_later_than_the_servers_clock_is_refused_with_a_full_run() {
    let env = network();
    let dir = tempfile::tempdir().unwrap();
    let csv = dir.path().join("q.csv");
    ok(since_last(&env, &["-o", csv.to_str().unwrap()]));
    let states = env.config.path().join("data/state");
    let file = std::fs::read_dir(&states)
        .unwrap()
        .map(|e| e.unwrap().path())
        .find(|p| p.extension().is_some_and(|e| e == "json"))
        .unwrap();
    let mut state: Value = serde_json::from_slice(&std::fs::read(&file).unwrap()).unwrap();
    let ahead = chrono::Local::now().naive_local() + chrono::Duration::days(3);
    state["since"] = ahead.format("%Y-%m-%d %H:%M:%S").to_string().into();
    std::fs::write(&file, serde_json::to_vec(&state).unwrap()).unwrap();

    env.clear_journal();
    let said = ok(since_last(&env, &["-o", csv.to_str().unwrap()]));
    assert!(said.contains("later than the server's clock"), "{said}");
    let rows = csv::Reader::from_path(&csv).unwrap().records().count();
    assert_eq!(rows, 600);
    let sent = modified_from_sent(&env);
    assert!(sent.iter().any(Option::is_some) && sent.iter().any(Option::is_none));
    // The point saved now comes from the data, before the server's clock.
    let saved: Value = serde_json::from_slice(&std::fs::read(&file).unwrap()).unwrap();
    assert!(saved["since"].as_str().unwrap() < ahead.format("%Y-%m-%d").to_string().as_str());
}

/// Clinic 1's Ficha Financeira from a day no quote has, into `path`.
fn export_nothing(env: &Env, path: &Path) {
    ok(env.run_as(
        "admin",
        &[
            FICHA,
            &["--clinic", "1", "--from", "2099-01-01", "-o", arg(&path)][..],
        ]
        .concat(),
    ));
}

/// The report's columns when no record comes: its documented fields the first time, then the fields
/// the last export with records had. Every reader opens the file.
#[test]
fn a_report_with_no_records_still_has_its_columns() {
    let env = network();
    let dir = tempfile::tempdir().unwrap();
    let empty = |name: &str| {
        let path = dir.path().join(name);
        export_nothing(&env, &path);
        path
    };
    let header = |path: &Path| {
        std::fs::read_to_string(path)
            .unwrap()
            .trim_start_matches('\u{feff}')
            .lines()
            .next()
            .map(str::to_string)
    };
    let csv = empty("e.csv");
    let first = header(&csv).expect("a header");
    assert!(first.starts_with("id,codigo,clinica,"), "{first}");
    assert_eq!(
        std::fs::read_to_string(&csv).unwrap().lines().count(),
        1,
        "a header and no row"
    );
    let tsv = empty("e.tsv");
    assert_eq!(header(&tsv), Some(first.replace(',', "\t")));

    let xlsx = empty("e.xlsx");
    use calamine::Reader;
    let mut book: calamine::Xlsx<_> = calamine::open_workbook(&xlsx).unwrap();
    let range = book.worksheet_range("Sheet1").unwrap();
    assert_eq!(range.height(), 1);
    assert_eq!(range.get((0, 0)).map(|c| c.to_string()), Some("id".into()));

    // After an export with records, its fields are the columns.
    let full = env.run_as(
        "admin",
        &[FICHA, &["--clinic", "1", "--format", "json"][..]].concat(),
    );
    let keys: Vec<String> = stdout_json(&full)[0]
        .as_object()
        .unwrap()
        .keys()
        .cloned()
        .collect();
    let csv = empty("again.csv");
    assert_eq!(header(&csv), Some(keys.join(",")));
}

/// An empty Parquet export has a schema, and DuckDB reads it as zero rows.
#[test]
fn an_empty_parquet_export_reads_as_zero_rows_in_duckdb() {
    let Some(python) = duckdb_python("an_empty_parquet_export_reads_as_zero_rows_in_duckdb") else {
        return;
    };
    let env = network();
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("e.parquet");
    export_nothing(&env, &path);
    let read = run_python(
        &python,
        "import duckdb, sys\n\
         con = duckdb.connect()\n\
         rows = con.execute('SELECT count(*) FROM read_parquet(?)', [sys.argv[1]]).fetchone()[0]\n\
         cols = [d[0] for d in con.execute('SELECT * FROM read_parquet(?)', [sys.argv[1]]).description]\n\
         print(rows, cols[0], len(cols))",
        &[path.to_str().unwrap()],
    );
    let words: Vec<&str> = read.split_whitespace().collect();
    assert_eq!(words[..2], ["0", "id"], "{read}");
    assert!(words[2].parse::<usize>().unwrap() > 10, "{read}");
}

/// A deployment that ignores the modified-since filter sends every quote: the run says so once and
/// writes them all, instead of calling the result "only records modified since …" alone.
#[test]
fn a_deployment_that_ignores_the_modified_filter_is_noticed() {
    let env = Env::with(clinic_sandbox::Options {
        scale: 600,
        ignore_modified_filter: true,
        ..clinic_sandbox::Options::ephemeral()
    });
    let dir = tempfile::tempdir().unwrap();
    let csv = dir.path().join("q.csv");
    let first = ok(since_last(&env, &["-o", csv.to_str().unwrap()]));
    assert!(
        !first.contains("ignores the modified-since filter"),
        "{first}"
    );
    let again = ok(since_last(&env, &["-o", csv.to_str().unwrap()]));
    assert_eq!(
        again.matches("ignores the modified-since filter").count(),
        1,
        "{again}"
    );
    assert_eq!(csv::Reader::from_path(&csv).unwrap().records().count(), 600);
}

/// A deployment that writes its times in UTC (`--time-stamps`), behind a `Date` header `skew`
/// seconds off the clock.
fn zoned_network(stamps: clinic_sandbox::TimeStamps, skew: i64) -> Env {
    Env::with(clinic_sandbox::Options {
        scale: 600,
        time_stamps: stamps,
        date_skew: skew,
        ..clinic_sandbox::Options::ephemeral()
    })
}

/// Night after night into one file, the way a scheduled job runs: each night's delta is read as a
/// reader of the file would, newest copy per quote. Returns what every night said.
fn nights(
    env: &Env,
    delta: &Path,
    changes: &[&str],
    seen: &mut HashMap<u64, Value>,
) -> Vec<String> {
    let mut said = Vec::new();
    for change in changes {
        if !change.is_empty() {
            env.edit_quotes(change);
        }
        said.push(ok(since_last(
            env,
            &["--format", "ndjson", "-o", arg(&delta)],
        )));
        newest_by_id(seen, &std::fs::read_to_string(delta).unwrap());
    }
    said
}

/// Times written `2026-11-22T23:10:00Z` are read as those instants, behind a proxy whose `Date`
/// header runs 30 hours ahead (past local midnight whatever the hour): the point comes from the
/// records, so no night's change is missing from the union of the files, and each changed quote
/// comes at its last version the night after it changed.
#[test]
fn utc_times_behind_a_clock_set_ahead_lose_no_change_night_after_night() {
    let env = zoned_network(clinic_sandbox::TimeStamps::Z, 30 * 3600);
    let dir = tempfile::tempdir().unwrap();
    let delta = dir.path().join("delta.ndjson");
    let mut seen = HashMap::new();
    let said = nights(
        &env,
        &delta,
        &["", "change=5,17", "change=5", "change=300,17"],
        &mut seen,
    );
    for (night, text) in said.iter().enumerate().skip(1) {
        assert!(
            text.contains("only records modified since"),
            "night {night}: {text}"
        );
        assert!(
            !text.contains("later than the server's clock"),
            "night {night}: {text}"
        );
    }
    // Each night's file holds the quotes changed that day, at their last version.
    let last: HashMap<u64, Value> = {
        let mut m = HashMap::new();
        newest_by_id(&mut m, &std::fs::read_to_string(&delta).unwrap());
        m
    };
    for id in [300, 17] {
        let record = last
            .get(&id)
            .unwrap_or_else(|| panic!("quote {id} is in the last night's file"));
        assert!(
            record["modificado_em"].as_str().unwrap().ends_with('Z'),
            "{record}"
        );
    }
    assert!(
        last.len() < 600,
        "the last night was incremental: {} records",
        last.len()
    );
    assert_eq!(seen, full_export(&env, dir.path()));
}

/// A `Date` header three hours behind the records' own times (`+00:00` offsets) is named and not
/// trusted: the point comes from the records, later runs stay incremental, and nothing is lost.
#[test]
fn a_date_header_behind_the_records_is_named_and_not_trusted() {
    let env = zoned_network(clinic_sandbox::TimeStamps::Offset, -3 * 3600);
    let dir = tempfile::tempdir().unwrap();
    let delta = dir.path().join("delta.ndjson");
    let mut seen = HashMap::new();
    let said = nights(
        &env,
        &delta,
        &["", "change=8", "change=9", "change=8"],
        &mut seen,
    );
    assert!(
        said[1].contains("is behind the records' own times"),
        "{}",
        said[1]
    );
    for (night, text) in said.iter().enumerate().skip(1) {
        assert!(
            text.contains("only records modified since"),
            "night {night}: {text}"
        );
        assert!(
            !text.contains("later than the server's clock"),
            "night {night}: {text}"
        );
    }
    assert_eq!(seen, full_export(&env, dir.path()));
}

/// A deployment that stamps its quotes in UTC (`Z`) and reads the modified-since filter's day in UTC
/// too (`--filter-zone utc`).
fn utc_filter_network() -> Env {
    Env::with(clinic_sandbox::Options {
        scale: 600,
        time_stamps: clinic_sandbox::TimeStamps::Z,
        filter_zone: clinic_sandbox::FilterZone::Utc,
        ..clinic_sandbox::Options::ephemeral()
    })
}

/// `days` days before today in São Paulo, at 22:30 there: 01:30 of the next day in UTC.
fn evening(days: i64) -> String {
    let today = (chrono::Utc::now() - chrono::Duration::hours(3)).date_naive();
    (today - chrono::Duration::days(days))
        .and_hms_opt(22, 30, 0)
        .unwrap()
        .format("%Y-%m-%dT%H:%M:%S")
        .to_string()
}

/// The day a Ficha Financeira request asked from (`modificado_em_de`), for the last one in `sent`.
fn last_asked_from(env: &Env) -> String {
    env.sent()
        .iter()
        .rev()
        .filter(|r| is_to(r, "/lista_venda_orcamento"))
        .find_map(|r| {
            query_of(r)
                .into_iter()
                .find(|(k, _)| k == "modificado_em_de")
                .map(|(_, v)| v)
        })
        .expect("a filtered request")
}

/// Night after night of evening changes against a deployment that reads the filter's day in UTC: the
/// first filtered night sends the earlier (São Paulo) day, and a quote changed on the evening before
/// it comes all the same, which only a UTC reading admits. That is learned, said, remembered and
/// shown by `doctor --probe`; later nights send the UTC day (a day less to read again), no night
/// warns of an ignored filter, and no change is missing from the union of the nights' files.
#[test]
fn a_filter_read_in_utc_is_learned_and_then_asked_in_utc_night_after_night() {
    let env = utc_filter_network();
    let dir = tempfile::tempdir().unwrap();
    let delta = dir.path().join("delta.ndjson");
    let mut seen = HashMap::new();
    env.edit_quotes(&format!("change=5&at={}", evening(5)));
    env.edit_quotes(&format!("change=9&at={}", evening(4)));
    // Night 0 reads everything; its point is 22:20 four evenings ago (01:20 UTC the next day).
    let said = nights(&env, &delta, &[""], &mut seen);
    assert!(!said[0].contains("filter_zone"), "{}", said[0]);
    // Night 1 asks from the earlier day, São Paulo's; quote 5, changed the evening before, comes.
    env.edit_quotes(&format!("change=17&at={}", evening(3)));
    let night1 = ok(since_last(&env, &["--format", "ndjson", "-o", arg(&delta)]));
    newest_by_id(&mut seen, &std::fs::read_to_string(&delta).unwrap());
    assert_eq!(last_asked_from(&env), evening(4)[..10], "{night1}");
    assert!(
        night1.contains("remembered as filter_zone = utc"),
        "{night1}"
    );
    assert!(
        !night1.contains("ignores the modified-since filter"),
        "{night1}"
    );
    // Nights 2 and 3 ask from the point's day in UTC: the day after its São Paulo day.
    for (change, point_evening) in [("change=300", 3), ("change=17", 2)] {
        env.edit_quotes(&format!("{change}&at={}", evening(point_evening - 1)));
        let night = ok(since_last(&env, &["--format", "ndjson", "-o", arg(&delta)]));
        newest_by_id(&mut seen, &std::fs::read_to_string(&delta).unwrap());
        assert_eq!(
            last_asked_from(&env),
            evening(point_evening - 1)[..10],
            "{night}"
        );
        assert!(!night.contains("filter_zone"), "said once: {night}");
        assert!(
            !night.contains("ignores the modified-since filter"),
            "{night}"
        );
        let file = std::fs::read_to_string(&delta).unwrap();
        assert!(file.lines().count() < 10, "incremental: {file}");
    }
    assert_eq!(seen, full_export(&env, dir.path()));
    let probe = env.run_as("admin", &["doctor", "--probe"]);
    let shown = String::from_utf8_lossy(&probe.stdout).to_string() + &stderr(&probe);
    assert!(
        shown.contains("filter_zone = utc")
            && shown.contains(&format!("came for a filter from {}", &evening(4)[..10])),
        "{shown}"
    );
}

/// `filter_zone` pinned by hand: the first filtered night already asks from the point's day in UTC
/// (nothing to learn, nothing said), `doctor --probe` says it was set by hand, and `unset` forgets
/// it. A word other than `local` or `utc` is refused, naming the key, the value and what it takes.
#[test]
fn a_filter_zone_set_by_hand_is_asked_in_from_the_first_night() {
    let env = utc_filter_network();
    let dir = tempfile::tempdir().unwrap();
    let delta = dir.path().join("delta.ndjson");
    let mut seen = HashMap::new();
    env.edit_quotes(&format!("change=5&at={}", evening(5)));
    env.edit_quotes(&format!("change=9&at={}", evening(4)));
    let bad = env.run(&["config", "set", "filter_zone", "moon"]);
    assert_eq!(bad.status.code(), Some(2), "{}", stderr(&bad));
    assert!(
        stderr(&bad).contains("filter_zone")
            && stderr(&bad).contains("moon")
            && stderr(&bad).contains("local or utc"),
        "{}",
        stderr(&bad)
    );
    env.run_ok(&["config", "set", "filter_zone", "UTC"]);
    let got = env.run_ok(&["config", "get", "filter_zone"]);
    assert_eq!(String::from_utf8_lossy(&got.stdout).trim(), "utc");
    // Night 0 reads everything; its point is 22:20 four evenings ago, 01:20 UTC the next day.
    nights(&env, &delta, &[""], &mut seen);
    env.edit_quotes(&format!("change=17&at={}", evening(3)));
    let night1 = ok(since_last(&env, &["--format", "ndjson", "-o", arg(&delta)]));
    newest_by_id(&mut seen, &std::fs::read_to_string(&delta).unwrap());
    assert_eq!(last_asked_from(&env), evening(3)[..10], "{night1}");
    assert!(!night1.contains("filter_zone"), "{night1}");
    assert_eq!(seen, full_export(&env, dir.path()));
    let probe = env.run_as("admin", &["doctor", "--probe"]);
    let shown = String::from_utf8_lossy(&probe.stdout).to_string() + &stderr(&probe);
    assert!(shown.contains("filter_zone = utc, set by hand"), "{shown}");
    env.run_ok(&["config", "unset", "filter_zone"]);
    let got = env.run(&["config", "get", "filter_zone"]);
    assert!(String::from_utf8_lossy(&got.stdout).trim().is_empty());
}
