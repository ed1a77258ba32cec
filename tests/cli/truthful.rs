//! The cases that once ended in silent loss or in hammering a limit, each through the sandbox: a page
//! 0 answered with an empty object, a total that counts pages, a byte-order mark before every answer,
//! a numbering probe on every walk, a renewal that first retried the dead token, and a rate limit met
//! with immediate retries.

use clinic_sandbox::{Counter, Dialect, Options};
use serde_json::Value;

use crate::common::*;

/// Records of a CSV file (fields may hold line breaks), header aside.
fn rows(path: &std::path::Path) -> Vec<csv::StringRecord> {
    csv::Reader::from_path(path)
        .unwrap()
        .records()
        .map(Result::unwrap)
        .collect()
}

/// How many quotes clinic 1 holds.
fn clinic_one_quotes(env: &Env) -> usize {
    env.stats()["quotes_by_clinic"]["1"].as_u64().unwrap() as usize
}

fn pages_asked(env: &Env) -> Vec<String> {
    env.sent()
        .iter()
        .filter_map(|r| {
            query_of(r)
                .into_iter()
                .find(|(k, _)| k == "pagina_atual")
                .map(|(_, v)| v)
        })
        .collect()
}

fn export(env: &Env, out: &std::path::Path, per_page: &str) -> std::process::Output {
    env.run(&[FICHA_ALL, &["--per-page", per_page, "-o", arg(&out)][..]].concat())
}

#[test]
fn an_empty_object_for_page_zero_is_no_record_and_the_numbering_stays_one_based() {
    // A legacy deployment: records keyed by position, and a page it does not have (page 0) answered
    // `{"status": true, "total": "…", "dados": {}}`.
    let env = Env::with(Options {
        dialect: Dialect::LegacyPhp,
        html_error_every: Some(0),
        scale: 3000,
        ..Options::ephemeral()
    });
    let dir = tempfile::tempdir().unwrap();
    let csv = dir.path().join("ficha.csv");
    let out = export(&env, &csv, "100");
    let err = stderr(&out);
    assert!(out.status.success(), "{err}");
    assert!(!err.contains("from 0"), "{err}");
    let rows = rows(&csv);
    assert_eq!(rows.len(), clinic_one_quotes(&env));
    assert!(rows.iter().all(|r| r.iter().any(|cell| !cell.is_empty())));
    let config = std::fs::read_to_string(env.config.path().join("config.toml")).unwrap();
    assert!(config.contains("page_base = 1"), "{config}");
    // Asked once, remembered: the next run does not ask page 0 again.
    assert_eq!(pages_asked(&env).iter().filter(|p| *p == "0").count(), 1);
    env.clear_journal();
    let again = dir.path().join("again.csv");
    assert!(export(&env, &again, "100").status.success());
    assert!(!pages_asked(&env).contains(&"0".to_string()));
    assert_eq!(std::fs::read(&csv).unwrap(), std::fs::read(&again).unwrap());
}

#[test]
fn a_one_based_deployment_is_probed_for_page_zero_once_per_profile() {
    let env = Env::scale(600);
    let dir = tempfile::tempdir().unwrap();
    for (run, probes) in [("first", 1), ("second", 0)] {
        env.clear_journal();
        let out = export(&env, &dir.path().join(format!("{run}.csv")), "20");
        assert!(out.status.success(), "{}", stderr(&out));
        let zero = pages_asked(&env).iter().filter(|p| *p == "0").count();
        assert_eq!(zero, probes, "{run} run");
    }
}

#[test]
fn a_total_that_counts_pages_is_dropped_and_the_walk_reads_to_the_end() {
    for counters in [
        vec![Counter::PagesAsTotal],
        vec![Counter::PagesAsTotal, Counter::TotalRegistros],
    ] {
        let env = Env::with(Options {
            counters: Some(counters.clone()),
            scale: 2000,
            ..Options::ephemeral()
        });
        let dir = tempfile::tempdir().unwrap();
        let csv = dir.path().join("ficha.csv");
        let out = env.run(&[
            "-v",
            "report",
            "ficha-financeira",
            "--all",
            "--per-page",
            "50",
            "-o",
            arg(&csv),
        ]);
        let err = stderr(&out);
        assert!(out.status.success(), "{counters:?}: {err}");
        assert_eq!(rows(&csv).len(), clinic_one_quotes(&env), "{counters:?}");
        assert!(err.contains("counter total = "), "{counters:?}: {err}");
        assert_eq!(
            err.matches("counts disagree with the records").count(),
            1,
            "said once: {err}"
        );
    }
}

#[test]
fn a_counter_the_records_end_short_of_fails_naming_it_and_leaves_no_file() {
    let env = Env::with(Options {
        counters: Some(vec![Counter::TotalRegistros]),
        counter_skew: 3,
        scale: 500,
        ..Options::ephemeral()
    });
    let dir = tempfile::tempdir().unwrap();
    let csv = dir.path().join("ficha.csv");
    let out = export(&env, &csv, "25");
    assert_eq!(out.status.code(), Some(5), "{}", stderr(&out));
    assert!(stderr(&out).contains("total_registros"), "{}", stderr(&out));
    assert!(!csv.exists());
}

#[test]
fn a_byte_order_mark_before_every_answer_is_skipped() {
    let env = Env::with(Options {
        bom: true,
        ..Options::ephemeral()
    });
    // An unattended login reads the token through the mark, and so does every list.
    let out = succeeds(env.unattended().args(CHANNELS_JSON));
    assert!(!stdout_json(&out).as_array().unwrap().is_empty());
    // `clinic login` keeps the token it read through the mark.
    assert!(env.login_to_file().status.success());
    succeeds(env.file_store().args(CHANNELS_JSON));
}

#[test]
fn a_byte_order_mark_before_the_config_and_state_files_is_skipped() {
    let env = Env::new();
    let config = env.config.path().join("config.toml");
    std::fs::write(&config, "\u{feff}[profiles.default]\nper_page = 7\n").unwrap();
    let out = env.run_ok(&["config", "get", "per_page"]);
    assert_eq!(String::from_utf8_lossy(&out.stdout).trim(), "7");
}

#[test]
fn an_expired_token_is_renewed_by_logging_in_again_at_once() {
    let env = Env::with(Options {
        token_expire_every: 4,
        scale: 600,
        ..Options::ephemeral()
    });
    let dir = tempfile::tempdir().unwrap();
    let csv = dir.path().join("ficha.csv");
    env.clear_journal();
    succeeds(
        env.unattended()
            .args(FICHA_ALL)
            .args(["--per-page", "10", "--concurrency", "1"])
            .args(["-o"])
            .arg(&csv),
    );
    assert_eq!(rows(&csv).len(), clinic_one_quotes(&env));
    let journal = env.journal();
    let logins = journal.iter().filter(|r| is_to(r, "/loginApi")).count();
    let calls: Vec<&Value> = journal.iter().filter(|r| !is_to(r, "/loginApi")).collect();
    assert!(logins > 2, "{logins} logins");
    // Never the dead token sent again without its scheme: every call carries `Bearer`.
    assert!(
        calls.iter().all(|r| r["headers"]["authorization"]
            .as_str()
            .unwrap()
            .starts_with("Bearer ")),
        "{calls:?}"
    );
    // Each expiry costs the refused call and its repeat, nothing more.
    let pages = calls.len() - (logins - 1) - 1;
    assert!(
        pages <= clinic_one_quotes(&env) / 10 + 3,
        "{} calls",
        calls.len()
    );
}

/// CRM requests in the journal, with the time each arrived.
fn crm_requests(env: &Env) -> Vec<(u64, String)> {
    env.journal()
        .into_iter()
        .filter(|r| r["path"].as_str().unwrap().starts_with("/crm/"))
        .map(|r| {
            (
                r["at_ms"].as_u64().unwrap(),
                format!(
                    "{}?{}",
                    r["path"].as_str().unwrap(),
                    r["query"].as_str().unwrap()
                ),
            )
        })
        .collect()
}

fn get_120_contacts(env: &Env) -> std::process::Output {
    let ids: Vec<u64> = env.crm_ids("crm.contact.list")[..120].to_vec();
    let file = tempfile::NamedTempFile::new().unwrap();
    let listed: Vec<String> = ids.iter().map(u64::to_string).collect();
    std::fs::write(file.path(), listed.join("\n")).unwrap();
    // Reading the IDs spent some of the CRM's quota: let it refill.
    std::thread::sleep(std::time::Duration::from_secs(2));
    env.clear_journal();
    let out = env.run_crm_ok(&[
        "crm",
        "contact",
        "get",
        "--ids-from",
        arg(&file.path()),
        "--format",
        "json",
    ]);
    assert_eq!(stdout_json(&out).as_array().unwrap().len(), 120);
    out
}

#[test]
fn reading_120_contacts_by_id_is_three_batch_requests_within_the_crm_limits() {
    // The CRM's default limits: 2 requests a second in bursts of 50.
    let env = Env::new();
    get_120_contacts(&env);
    let sent = crm_requests(&env);
    assert_eq!(sent.len(), 3, "{sent:?}");
}

#[test]
fn a_query_limit_is_waited_for_never_retried_at_once() {
    // A CRM whose bucket holds two requests: the third batch is refused with QUERY_LIMIT_EXCEEDED.
    let env = Env::with(Options {
        crm_burst: 2,
        ..Options::ephemeral()
    });
    get_120_contacts(&env);
    let sent = crm_requests(&env);
    assert!(sent.len() > 3, "no request was refused: {sent:?}");
    // A refused request is sent again unchanged: its repeat comes 400 ms later at the soonest, and so
    // does anything else.
    let mut refused = 0;
    for pair in sent.windows(2) {
        let ((t0, q0), (t1, q1)) = (&pair[0], &pair[1]);
        if q0 == q1 {
            refused += 1;
            assert!(t1 - t0 >= 400, "sent again {} ms after a refusal", t1 - t0);
        }
    }
    assert!(refused > 0, "{sent:?}");
}

/// A walk that fails after its records went to standard output (a pipe, here) leaves what looks like
/// a whole NDJSON stream: stderr says how many records went out and that the output is incomplete.
/// Into a file, nothing is left and nothing more is said.
#[test]
fn records_streamed_to_standard_output_before_a_failure_are_called_incomplete() {
    let env = Env::with(Options {
        counter_skew: 3,
        ..Options::ephemeral()
    });
    let out = exited(
        env.run(&["report", "ficha-financeira", "--all", "--format", "ndjson"]),
        5,
    );
    let lines = String::from_utf8_lossy(&out.stdout).lines().count();
    assert!(lines > 0);
    let said = stderr(&out);
    let digits = lines.to_string();
    let shown: String = digits
        .chars()
        .enumerate()
        .flat_map(|(i, c)| {
            let comma = i > 0 && (digits.len() - i).is_multiple_of(3);
            comma.then_some(',').into_iter().chain([c])
        })
        .collect();
    assert!(
        said.contains(&format!(
            "at most {shown} records went to standard output before the failure: that output is incomplete"
        )),
        "{said}"
    );
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("q.ndjson");
    let out = exited(
        env.run(&["report", "ficha-financeira", "--all", "-o", arg(&file)]),
        5,
    );
    assert!(
        !stderr(&out).contains("standard output"),
        "{}",
        stderr(&out)
    );
    assert!(!file.exists());
}
