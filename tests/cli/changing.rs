//! Lists that change under the walk: a replica that lags behind a load balancer answers some pages
//! with fewer records and another total. A walk that saw a counter change between pages, or pages
//! that overlapped, reads the list again until a read is consistent, writing each record once, or
//! fails naming the counters that disagreed. Never exit 0 with a count only the first page vouched
//! for; and a mirror's bookmark never moves over such a walk.

use clinic_sandbox::{Counter, Options, PageZero};

use crate::common::*;

/// A network of `scale` quotes whose page 1 is answered, `answers` times (0: always), by a replica
/// that lacks the first 7 quotes of each clinic's list.
fn lagging(scale: u64, answers: u64) -> Env {
    Env::with(Options {
        scale,
        lagging_records: 7,
        lagging_pages: vec![1],
        lagging_answers: answers,
        ..Options::ephemeral()
    })
}

/// Clinic 1's quotes, every page, 50 a page, as NDJSON on stdout.
const FICHA_NDJSON: &[&str] = &[
    "report",
    "ficha-financeira",
    "--all",
    "--per-page",
    "50",
    "--format",
    "ndjson",
];

fn sorted(mut ids: Vec<u64>) -> Vec<u64> {
    ids.sort_unstable();
    ids
}

#[test]
fn a_replica_that_lagged_on_page_one_is_read_again_and_every_quote_written_once() {
    let env = lagging(3_000, 1);
    let out = env.run_ok(FICHA_NDJSON);
    let err = stderr(&out);
    let got = ndjson_ids(&out.stdout);
    assert!(
        err.contains("the list changed while it was read") && err.contains("read 2 of at most 3"),
        "{err}"
    );
    // The replica is caught up now: a second export is a consistent read of the same quotes.
    let want = ndjson_ids(&env.run_ok(FICHA_NDJSON).stdout);
    assert_eq!(got.len(), want.len(), "each quote once");
    assert_eq!(sorted(got), sorted(want));
}

#[test]
fn a_replica_that_always_lags_fails_naming_the_counters_and_leaves_no_file() {
    let env = lagging(3_000, 0);
    let held = env.stats()["quotes_by_clinic"]["1"].as_u64().unwrap();
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("ficha.csv");
    let ran = exited(
        env.run(&[
            "report",
            "ficha-financeira",
            "--all",
            "--per-page",
            "50",
            "-o",
            out.to_str().unwrap(),
        ]),
        5,
    );
    let err = stderr(&ran);
    assert!(
        err.contains(&format!(
            "total was {} on page 1 and {held} on page 2",
            held - 7
        )) && err.contains("3 reads never agreed"),
        "{err}"
    );
    assert!(!out.exists(), "a file was left");
    // Three reads of every page, and no more.
    let asked = env.asked_to("/lista_venda_orcamento") as u64;
    assert!(asked <= 3 * (held.div_ceil(50) + 2) + 4, "{asked} requests");
}

#[test]
fn a_summary_over_a_lagging_replica_counts_every_quote() {
    const SUMMARY: &[&str] = &[
        "report",
        "summary",
        "--by",
        "status",
        "--per-page",
        "50",
        "--format",
        "json",
    ];
    let env = lagging(3_000, 1);
    let got = stdout_json(&env.run_ok(SUMMARY));
    let want = stdout_json(&env.run_ok(SUMMARY));
    assert_eq!(got, want);
    let always = lagging(3_000, 0);
    let ran = exited(always.run(SUMMARY), 5);
    assert!(stderr(&ran).contains("kept changing"), "{}", stderr(&ran));
}

#[test]
fn a_sync_over_a_lagging_replica_mirrors_every_quote_and_keeps_its_bookmark() {
    let env = lagging(300, 1);
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("mirror.sqlite");
    let sync = |env: &Env| {
        let out = env.run_as(
            "admin",
            &[
                "sync",
                "--to",
                db.to_str().unwrap(),
                "--clinic",
                "1",
                "--streams",
                "quotes",
            ],
        );
        assert!(out.status.success(), "{}", stderr(&out));
        stderr(&out)
    };
    let said = sync(&env);
    assert!(said.contains("read again"), "{said}");
    let conn = rusqlite::Connection::open(&db).unwrap();
    let mirrored: i64 = conn
        .query_row(
            "SELECT count(*) FROM quotes WHERE _deleted_at IS NULL",
            [],
            |r| r.get(0),
        )
        .unwrap();
    let held = env.stats()["quotes_by_clinic"]["1"].as_i64().unwrap();
    assert_eq!(mirrored, held, "every quote of clinic 1 is in the mirror");
    // The walk read the list twice: the point did not move over it.
    let point: Option<String> = conn
        .query_row(
            "SELECT point FROM _bookmarks WHERE stream = 'quotes'",
            [],
            |r| r.get(0),
        )
        .unwrap();
    assert_eq!(point, None);
    // The next run, with the replicas in agreement, reads the list again whole and sets the point.
    env.clear_journal();
    let said = sync(&env);
    assert!(
        said.contains("full): 0 new, 0 changed, 0 vanished"),
        "{said}"
    );
    let point: Option<String> = conn
        .query_row(
            "SELECT point FROM _bookmarks WHERE stream = 'quotes'",
            [],
            |r| r.get(0),
        )
        .unwrap();
    assert!(point.is_some());
}

#[test]
fn quotes_deleted_at_the_head_while_the_walk_runs_never_cost_a_quote_that_remains() {
    const SLOW_FICHA: &[&str] = &[
        "report",
        "ficha-financeira",
        "--all",
        "--per-page",
        "10",
        "--concurrency",
        "1",
        "--format",
        "ndjson",
    ];
    let env = Env::with(Options {
        scale: 2_000,
        latency_ms: 30,
        ..Options::ephemeral()
    });
    let before = ndjson_ids(&env.run_ok(SLOW_FICHA).stdout);
    assert!(before.len() > 100, "{} quotes", before.len());
    // While the walk is a few pages in, the first eight quotes of the list go: every later page
    // shifts by eight, which a walk that trusted its first page would skip.
    let gone: Vec<String> = before[..8].iter().map(u64::to_string).collect();
    env.clear_journal();
    let out = std::thread::scope(|s| {
        let walk = s.spawn(|| env.run(SLOW_FICHA));
        while env.asked_to("/lista_venda_orcamento") < 3 && !walk.is_finished() {
            std::thread::sleep(std::time::Duration::from_millis(5));
        }
        env.edit_quotes(&format!("delete={}", gone.join(",")));
        walk.join().unwrap()
    });
    assert!(out.status.success(), "{}", stderr(&out));
    let got = ndjson_ids(&out.stdout);
    let mut unique = got.clone();
    unique.sort_unstable();
    unique.dedup();
    assert_eq!(unique.len(), got.len(), "a quote written twice");
    // Every quote that still exists is there; a deleted one may be, having existed when read.
    let after = ndjson_ids(&env.run_ok(SLOW_FICHA).stdout);
    let missing: Vec<&u64> = after.iter().filter(|id| !got.contains(id)).collect();
    assert!(missing.is_empty(), "quotes lost: {missing:?}");
    assert!(got.iter().all(|id| before.contains(id)));
    assert!(stderr(&out).contains("read again"), "{}", stderr(&out));
}

/// A network of `scale` quotes where, once page `after` of a quote list has been answered, the
/// first 7 quotes of that list are deleted, `answers` times (0: after every answer of that page).
fn deleting(scale: u64, after: u64, answers: u64) -> Env {
    Env::with(Options {
        scale,
        deleting_records: 7,
        deleting_after_page: after,
        deleting_answers: answers,
        ..Options::ephemeral()
    })
}

/// The quotes the sandbox has deleted so far.
fn deleted_quotes(env: &Env) -> Vec<u64> {
    env.stats()["deleted_quotes"]
        .as_array()
        .unwrap()
        .iter()
        .map(|id| id.as_u64().unwrap())
        .collect()
}

#[test]
fn quotes_deleted_at_the_head_after_a_page_was_read_are_noticed_and_every_remaining_quote_written_once()
 {
    // The same network with nothing deleted: the quotes that existed before the walk.
    let plain = Env::with(Options {
        scale: 3_000,
        ..Options::ephemeral()
    });
    let before = ndjson_ids(&plain.run_ok(FICHA_NDJSON).stdout);
    for after in [1, 2] {
        let env = deleting(3_000, after, 1);
        let out = env.run(FICHA_NDJSON);
        let gone = deleted_quotes(&env);
        assert_eq!(gone.len(), 7, "after page {after}: {gone:?}");
        assert!(gone.iter().all(|id| before.contains(id)), "{gone:?}");
        // Every later page shifted back by 7 and said 7 fewer: the walk noticed, read the list
        // again, and wrote each quote once; not one that remained is missing.
        assert!(out.status.success(), "after page {after}: {}", stderr(&out));
        let err = stderr(&out);
        assert!(
            err.contains("the list changed while it was read")
                && err.contains("read 2 of at most 3"),
            "{err}"
        );
        let got = ndjson_ids(&out.stdout);
        assert_eq!(
            sorted(got.clone())
                .windows(2)
                .filter(|w| w[0] == w[1])
                .count(),
            0,
            "a quote written twice"
        );
        let lost: Vec<&u64> = before
            .iter()
            .filter(|id| !gone.contains(id) && !got.contains(id))
            .collect();
        assert!(lost.is_empty(), "after page {after}, quotes lost: {lost:?}");
        assert!(
            got.iter().all(|id| before.contains(id)),
            "a quote that never was"
        );
        // What remains, read again now that nothing more is deleted.
        let now = ndjson_ids(&env.run_ok(FICHA_NDJSON).stdout);
        assert_eq!(now.len(), before.len() - 7);
        assert!(now.iter().all(|id| got.contains(id)));
    }
}

#[test]
fn quotes_deleted_after_every_read_of_the_first_page_fail_the_walk_naming_the_counters() {
    let env = deleting(3_000, 1, 0);
    let held = env.stats()["quotes_by_clinic"]["1"].as_u64().unwrap();
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("ficha.csv");
    let ran = exited(
        env.run(&[
            "report",
            "ficha-financeira",
            "--all",
            "--per-page",
            "50",
            "-o",
            out.to_str().unwrap(),
        ]),
        5,
    );
    let err = stderr(&ran);
    // Each read's page 1 is followed by 7 deletions: the third read's page 2 said 7 fewer than its
    // page 1.
    assert!(
        err.contains(&format!(
            "total was {} on page 1 and {} on page 2",
            held - 14,
            held - 21
        )) && err.contains("3 reads never agreed"),
        "{err}"
    );
    assert!(!out.exists(), "a file was left");
    assert_eq!(deleted_quotes(&env).len(), 21, "one deletion a read");
}

/// Clinic 1's quotes, every page, 7 a page, as NDJSON on stdout.
const FICHA_BY_7: &[&str] = &[
    "report",
    "ficha-financeira",
    "--all",
    "--per-page",
    "7",
    "--format",
    "ndjson",
];

/// A network whose quote lists number their pages from 0 and count no records (`total` counts
/// pages), where once page `after` (counted from 1) of a quote list was answered the first
/// `records` quotes of it are deleted, `answers` times (0: after every answer of that page).
fn zero_based_deleting(records: u64, after: u64, answers: u64) -> Env {
    Env::with(Options {
        scale: 120,
        page_base: Some(0),
        page_zero: Some(PageZero::First),
        counters: Some(vec![Counter::PagesAsTotal]),
        deleting_records: records,
        deleting_after_page: after,
        deleting_answers: answers,
        ..Options::ephemeral()
    })
}

#[test]
fn quotes_deleted_at_the_head_of_a_list_numbered_from_zero_without_a_record_count_are_never_skipped()
 {
    // The same network with nothing deleted: the quotes that existed before the walk.
    let plain = Env::with(Options {
        scale: 120,
        page_base: Some(0),
        ..Options::ephemeral()
    });
    let before = ndjson_ids(&plain.run_ok(FICHA_BY_7).stdout);
    assert!(before.len() > 14, "{} quotes", before.len());
    for (records, after, answers) in [
        (1, 2, 0),
        (1, 2, 1),
        (1, 1, 2),
        (3, 1, 1),
        (3, 2, 0),
        (7, 2, 1),
        (7, 1, 0),
    ] {
        let env = zero_based_deleting(records, after, answers);
        // Twice: the second run reads with what the first one learned of the numbering.
        for run in 1..=2 {
            let case = format!("{records} deleted after page {after}, {answers} times, run {run}");
            let out = env.run(FICHA_BY_7);
            let err = stderr(&out);
            if !out.status.success() {
                // Only a list that moves after every answer may fail, and then cleanly.
                assert_eq!(answers, 0, "{case}: {err}");
                assert_eq!(out.status.code(), Some(5), "{case}: {err}");
                continue;
            }
            let gone = deleted_quotes(&env);
            let got = ndjson_ids(&out.stdout);
            assert_eq!(
                sorted(got.clone())
                    .windows(2)
                    .filter(|w| w[0] == w[1])
                    .count(),
                0,
                "{case}: a quote written twice"
            );
            let lost: Vec<&u64> = before
                .iter()
                .filter(|id| !gone.contains(id) && !got.contains(id))
                .collect();
            assert!(lost.is_empty(), "{case}: quotes lost: {lost:?}\n{err}");
            assert!(
                got.iter().all(|id| before.contains(id)),
                "{case}: a quote that never was"
            );
        }
    }
}
