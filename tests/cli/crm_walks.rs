//! Walking CRM lists: every contact once by offset and by keyset, the request quota, the operating
//! time limit, batches of fifty by ID, and a CRM without `batch`.

use clinic_sandbox::Options;
use serde_json::Value;

use crate::common::*;

#[test]
fn all_walks_every_contact_once_and_keyset_walks_agree() {
    let env = crm_env();
    let expected = env.crm_ids("crm.contact.list");
    assert_eq!(expected.len(), clinic_sandbox::crm::SEEDED_CONTACTS);
    env.clear_journal();
    let out = env.run_crm_ok(&["crm", "contact", "list", "--all", "--format", "json"]);
    assert_eq!(ids_of(&out), expected);
    // The first page says the total; the eleven others come in one batch request. The last page is
    // full, so only the empty page after it proves the end: a total is a cross-check, never the
    // reason to stop.
    let sent = env.sent();
    assert_eq!(sent.len(), 3, "{sent:?}");
    assert!(query_of(&sent[2]).contains(&("start".into(), "600".into())));
    assert!(query_of(&sent[0]).contains(&("start".into(), "0".into())));
    let starts: Vec<String> = batch_calls(&sent[1])
        .into_iter()
        .map(|(method, q)| {
            assert_eq!(method, "crm.contact.list");
            q.into_iter().find(|(k, _)| k == "start").unwrap().1
        })
        .collect();
    let wanted: Vec<String> = (1..12).map(|p| (p * 50).to_string()).collect();
    assert_eq!(starts, wanted);

    env.clear_journal();
    let out = env.run_crm_ok(&[
        "crm", "contact", "list", "--all", "--keyset", "--format", "json",
    ]);
    assert_eq!(ids_of(&out), expected);
    // By keyset, the pages are chained inside one request: each starts after the last ID of the
    // page before it, which the CRM fills in.
    let sent = env.sent();
    assert_eq!(sent.len(), 1, "{sent:?}");
    let calls = batch_calls(&sent[0]);
    assert_eq!(calls.len(), 50);
    for (i, (_, q)) in calls.iter().enumerate() {
        assert!(q.contains(&("start".into(), "-1".into())), "{q:?}");
        assert!(q.contains(&("order[ID]".into(), "ASC".into())), "{q:?}");
        let after = match i {
            0 => "0".to_string(),
            i => format!("$result[c{}][49][ID]", i - 1),
        };
        assert!(q.contains(&("filter[>ID]".into(), after)), "{q:?}");
    }

    // A single page without --all, by its number.
    let out = env.run_crm_ok(&["crm", "contact", "list", "--page", "3", "--format", "json"]);
    assert_eq!(ids_of(&out), expected[100..150].to_vec());
}

#[test]
fn requests_over_the_crm_quota_are_refused_sent_again_and_complete() {
    let env = Env::with(Options {
        crm_rate_limit: 2,
        crm_burst: 2,
        ..Options::ephemeral()
    });
    let ids: Vec<u64> = env.crm_ids("crm.deal.list")[..8].to_vec();
    env.clear_journal();
    // Eight runs at once, each with its own pace: the CRM refuses what passes 2 a second.
    let runs: Vec<std::process::Child> = ids
        .iter()
        .map(|id| {
            process_for(env.config.path(), env.sandbox.urls())
                .args(["crm", "deal", "get", &id.to_string(), "--format", "json"])
                .stdout(std::process::Stdio::piped())
                .stderr(std::process::Stdio::piped())
                .spawn()
                .unwrap()
        })
        .collect();
    for (id, run) in ids.iter().zip(runs) {
        let out = finished_ok(run);
        assert_eq!(stdout_json(&out)["ID"], id.to_string());
    }
    // More requests than runs: some were refused with QUERY_LIMIT_EXCEEDED and sent again.
    assert!(env.sent().len() > ids.len(), "{}", env.sent().len());
}

#[test]
fn a_list_over_1000_records_is_walked_by_keyset() {
    let env = crm_env();
    // 401 more leads straight to the automation: 1001 deals.
    let http = reqwest::blocking::Client::new();
    let base = format!(
        "{}/webhook/{}",
        env.sandbox.urls().automation_url,
        clinic_sandbox::WEBHOOK_ID
    );
    for n in 0..401 {
        let phone = format!("+55119{:08}", 10_000_000 + n);
        let query = [
            ("Primeiro Nome", "Lote"),
            ("Sobrenome", "Teste"),
            ("Data hora de criação", "05/03/2024 14:22:10"),
            ("Campaign ID", "1"),
            ("UTM Source", "Facebook"),
            ("UTM Medium", ""),
            ("UTM Campaign", ""),
            ("UTM Content", ""),
            ("Telefone", phone.as_str()),
            ("Email", "lote@example.com"),
            ("Unidade", "SP Campinas"),
        ];
        let resp = http
            .get(url::Url::parse_with_params(&base, &query).unwrap())
            .send()
            .unwrap();
        assert!(resp.status().is_success(), "{}", resp.text().unwrap());
    }
    let expected = env.crm_ids("crm.deal.list");
    assert_eq!(expected.len(), 1001);
    env.clear_journal();
    let out = env.run_crm_ok(&["crm", "deal", "list", "--all", "--format", "ndjson"]);
    let ids: Vec<u64> = String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(|l| {
            serde_json::from_str::<Value>(l).unwrap()["ID"]
                .as_str()
                .unwrap()
                .parse()
                .unwrap()
        })
        .collect();
    assert_eq!(ids, expected);
    let sent = env.sent();
    // The first page by offset tells the size; the rest go by keyset, chained in one batch request
    // of as many pages as remain, and one more to see the end.
    assert!(query_of(&sent[0]).contains(&("start".into(), "0".into())));
    assert_eq!(sent.len(), 2, "one offset page, one batch request");
    let calls = batch_calls(&sent[1]);
    assert_eq!(
        calls.len(),
        21,
        "20 pages left (the last one short), and one more"
    );
    let first = &calls[0].1;
    assert!(first.contains(&("start".into(), "-1".into())), "{first:?}");
    assert!(
        first.contains(&("filter[>ID]".into(), expected[49].to_string())),
        "{first:?}"
    );
}

#[test]
fn a_crm_url_with_a_query_string_keeps_it() {
    let (server, received) = crate::servers::recorder();
    let config = tempfile::tempdir().unwrap();
    let base = server.url("/portal/rest/?auth=k3y-in-query");
    succeeds(
        crate::servers::clinic_at(config.path(), &server.url(""))
            .args(["config", "set", "crm_url", &base]),
    );
    let _ = crate::servers::clinic_at(config.path(), &server.url(""))
        .env_remove("CLINIC_CRM_URL")
        .args(["crm", "contact", "list", "--format", "json"])
        .output()
        .unwrap();
    let sent = received.all();
    assert!(!sent.is_empty(), "nothing reached the portal");
    assert_eq!(sent[0]["path"], "/portal/rest/crm.contact.list");
    let query = sent[0]["query"].as_str().unwrap();
    assert!(query.starts_with("auth=k3y-in-query"), "{query}");
}

/// Many records by ID: 50 per `batch` request, in the order asked, and a record that cannot be read
/// is named on stderr and fails the run, never left out in silence.
#[test]
fn many_records_by_id_come_fifty_per_batch_and_a_failing_one_is_named() {
    let env = crm_env();
    let mut ids: Vec<u64> = env.crm_ids("crm.contact.list");
    assert!(ids.len() >= 499, "{} contacts", ids.len());
    ids.truncate(499);
    ids.reverse();
    let missing = 9_999_999u64;
    let mut asked = ids.clone();
    asked.insert(250, missing);
    let file = tempfile::NamedTempFile::new().unwrap();
    let listed: Vec<String> = asked.iter().map(u64::to_string).collect();
    std::fs::write(file.path(), format!("ID\n{}\n", listed.join("\n"))).unwrap();
    env.clear_journal();
    let out = exited(
        env.run_crm(&[
            "crm",
            "contact",
            "get",
            "--ids-from",
            arg(&file.path()),
            "--format",
            "json",
        ]),
        4,
    );
    let err = stderr(&out);
    assert!(
        err.contains(&format!("record {missing}: NOT_FOUND")),
        "{err}"
    );
    assert!(err.contains("1 of 500 records could not be read"), "{err}");
    assert_eq!(ids_of(&out), ids, "every other record, in the order asked");
    let sent = env.sent();
    assert_eq!(sent.len(), 10, "500 IDs in 10 requests");
    assert!(sent.iter().all(|r| is_to(r, "/batch")));

    // Two IDs on the command line: a list of two.
    let out = env.run_crm_ok(&["crm", "contact", "get", "3", "4", "--format", "json"]);
    assert_eq!(ids_of(&out), [3, 4]);
}

/// A walk that spends the CRM's running time for the window waits for the window's end, says so
/// once, and finishes with every record, byte for byte what an unlimited CRM gives; past
/// `--max-operating-wait` it fails instead of waiting on.
#[test]
fn a_walk_into_the_operating_time_limit_waits_for_the_window_and_completes() {
    let limited = Env::with(Options {
        crm_rate_limit: 0,
        crm_operating_budget: 1.0,
        crm_operating_window: 2,
        crm_call_cost_ms: 100,
        ..Options::ephemeral()
    });
    let free = crm_env();
    let walk = |env: &Env, extra: &[&str]| {
        env.run_crm(
            &[
                &["crm", "contact", "list", "--all", "--format", "csv"][..],
                extra,
            ]
            .concat(),
        )
    };
    let expected = walk(&free, &[]);
    assert!(expected.status.success(), "{}", stderr(&expected));
    limited.clear_journal();
    let out = walk(&limited, &[]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(
        out.stdout, expected.stdout,
        "the same records, byte for byte"
    );
    let err = stderr(&out);
    assert_eq!(
        err.matches("running-time limit for crm.contact.list is reached: waiting until")
            .count(),
        1,
        "{err}"
    );
    // The client waited for the window instead of asking again and again: a page, the probe that
    // chose the walk, and at most two refusals more.
    let records = expected.stdout.iter().filter(|b| **b == b'\n').count() - 1;
    let requests = limited.sent().len();
    assert!(
        requests >= 2 && requests <= records.div_ceil(50) + 3,
        "{requests} requests"
    );

    // By keyset, pages chained in a request end where the CRM refuses a call; the next request
    // starts after the last page read, once the window has ended.
    let out = walk(&limited, &["--keyset"]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(out.stdout, expected.stdout, "by keyset, the same records");

    let out = walk(&limited, &["--max-operating-wait", "1s"]);
    assert_eq!(out.status.code(), Some(5), "{}", stderr(&out));
    assert!(
        stderr(&out).contains("would hold the run past --max-operating-wait"),
        "{}",
        stderr(&out)
    );
}

/// A CRM without `batch` (behind a gateway that forwards single methods): every walk, read by ID
/// and import gives what a CRM with it gives, byte for byte, one call at a time once the first
/// `batch` was refused, and says so once.
#[test]
fn a_crm_without_batch_gives_the_same_records_one_call_at_a_time() {
    let with = crm_env();
    let without = Env::with(Options {
        crm_rate_limit: 0,
        crm_no_batch: true,
        ..Options::ephemeral()
    });
    config_set(&without, "units", &clinic_sandbox::crm::UNITS.join(";"));
    let existing = with.crm_ids("crm.contact.list");
    let ids: Vec<String> = existing[..60].iter().map(u64::to_string).collect();
    let dir = tempfile::tempdir().unwrap();
    let ids_file = dir.path().join("ids.csv");
    std::fs::write(&ids_file, format!("ID\n{}\n9999999\n", ids.join("\n"))).unwrap();
    let ids_file = ids_file.to_str().unwrap();
    for args in [
        &["crm", "contact", "list", "--all", "--format", "json"][..],
        &["crm", "contact", "list", "--all", "--keyset"],
        &["crm", "deal", "list", "--all", "--format", "ndjson"],
        &[
            "crm",
            "contact",
            "get",
            "--ids-from",
            ids_file,
            "--format",
            "json",
        ],
    ] {
        let expected = with.crm().args(args).output().unwrap();
        without.clear_journal();
        let out = without.crm().args(args).output().unwrap();
        assert_eq!(
            out.status.code(),
            expected.status.code(),
            "{args:?}: {}",
            stderr(&out)
        );
        assert_eq!(out.stdout, expected.stdout, "{args:?}");
        assert!(!out.stdout.is_empty(), "{args:?}");
        assert_eq!(
            stderr(&out).matches("no batch method").count(),
            1,
            "{args:?}: {}",
            stderr(&out)
        );
        assert_eq!(calls_to(&without, "/batch"), 1, "{args:?}: asked once");
        assert!(without.sent().len() > 2, "{args:?}: one call at a time");
    }
    // The contact that is not there fails the run by name, as inside a batch.
    let out = exits(
        without
            .crm()
            .args(["crm", "contact", "get", "--ids-from", ids_file]),
        4,
    );
    assert!(
        stderr(&out).contains("record 9999999: NOT_FOUND"),
        "{}",
        stderr(&out)
    );

    let phones: Vec<String> = existing[..3]
        .iter()
        .map(|id| {
            with.crm_get("crm.contact.get", *id)["PHONE"][0]["VALUE"]
                .as_str()
                .unwrap()
                .to_string()
        })
        .collect();
    std::fs::write(dir.path().join("leads.csv"), crm_import_file(5, &phones)).unwrap();
    let imported = |env: &Env, journal: &str| {
        run_crm_import(
            env,
            &dir.path().join("leads.csv"),
            &dir.path().join(journal),
            &["--format", "ndjson", "--concurrency", "1"],
        )
    };
    let expected = imported(&with, "with.journal");
    assert!(expected.status.success(), "{}", stderr(&expected));
    let out = imported(&without, "without.journal");
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(out.stdout, expected.stdout);
    assert_eq!(
        calls_to(&without, "/crm.duplicate.findbycomm"),
        16,
        "two lookups a row"
    );
}
