//! The CRM on either of Bitrix24's method families: a portal that answers the classic methods,
//! one that answers only the universal `crm.item.*`, and one that answers both give the same
//! output for every `crm` command that reads or changes a record.

use clinic_sandbox::Options;
use clinic_sandbox::crm::Methods;

use crate::common::*;

fn portal(methods: Methods) -> Env {
    let env = Env::with(Options {
        crm_rate_limit: 0,
        crm_methods: methods,
        ..Options::ephemeral()
    });
    config_set(&env, "units", &clinic_sandbox::crm::UNITS.join(";"));
    env
}

/// `text` with the clock time of this year's timestamps (`2026-11-28T16:44:53`) masked: an update
/// stamps DATE_MODIFY with the portal's clock, and the portals compared are updated a moment apart,
/// sometimes across a second. The seed data's own times (earlier years) are kept.
fn steady(text: &str) -> String {
    let secs = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_secs();
    let year = (1970 + secs / 31_556_952).to_string();
    let shape = |b: &[u8]| {
        b.len() >= 19
            && b.iter().enumerate().take(19).all(|(i, c)| match i {
                4 | 7 => *c == b'-',
                10 => *c == b'T',
                13 | 16 => *c == b':',
                _ => c.is_ascii_digit(),
            })
    };
    let bytes = text.as_bytes();
    let mut out = String::with_capacity(text.len());
    let mut i = 0;
    while i < bytes.len() {
        if shape(&bytes[i..]) && text[i..].starts_with(year.as_str()) {
            out.push_str(&text[i..i + 11]);
            out.push_str("hh:mm:ss");
            i += 19;
        } else {
            let c = text[i..].chars().next().unwrap();
            out.push(c);
            i += c.len_utf8();
        }
    }
    out
}

#[test]
fn every_crm_command_gives_the_same_output_on_either_family() {
    let both = portal(Methods::Both);
    let item = portal(Methods::Item);
    let classic = portal(Methods::Classic);
    let dir = tempfile::tempdir().unwrap();
    let ids_file = dir.path().join("ids.csv");
    let ids: Vec<String> = (1..=60).map(|n| n.to_string()).collect();
    std::fs::write(&ids_file, format!("ID\n{}\n9999999\n", ids.join("\n"))).unwrap();
    let ids_file = ids_file.to_str().unwrap();
    let commands: Vec<Vec<&str>> = vec![
        vec!["crm", "contact", "list", "--all", "--format", "json"],
        vec!["crm", "contact", "list", "--all", "--keyset"],
        vec!["crm", "contact", "list", "--page", "3"],
        vec![
            "crm",
            "contact",
            "list",
            "--field",
            "@ID=13,21",
            "--format",
            "json",
        ],
        vec![
            "crm",
            "contact",
            "list",
            "--field",
            "%LAST_NAME=souza",
            "--all",
            "--format",
            "csv",
        ],
        vec!["crm", "deal", "list", "--all", "--format", "ndjson"],
        vec!["crm", "contact", "get", "5", "--format", "json"],
        vec!["crm", "contact", "get", "5"],
        vec![
            "crm",
            "contact",
            "get",
            "--ids-from",
            ids_file,
            "--format",
            "json",
        ],
        vec!["crm", "deal", "get", "7", "--format", "json"],
        vec!["crm", "contact", "get", "999999"],
        vec![
            "crm",
            "contact",
            "update",
            "5",
            "--set",
            "NAME=Zélia",
            "--format",
            "json",
        ],
        vec![
            "crm",
            "contact",
            "update",
            "14",
            "--add",
            "PHONE=+55 11 98888-7777",
        ],
        vec!["crm", "contact", "get", "14", "--format", "json"],
        vec![
            "crm",
            "deal",
            "update",
            "7",
            "--stage",
            "Em negociação",
            "--format",
            "json",
        ],
        vec!["crm", "deal", "get", "7", "--format", "json"],
        vec!["crm", "lead", "list", "--all", "--format", "ndjson"],
        vec!["crm", "lead", "list", "--all", "--keyset"],
        vec!["crm", "lead", "get", "3", "--format", "json"],
        vec!["crm", "lead", "get", "3", "4", "999999", "--format", "json"],
        vec![
            "crm",
            "lead",
            "update",
            "3",
            "--set",
            "STATUS_ID=IN_PROCESS",
            "--set",
            "Procedimento de interesse=Botox",
            "--format",
            "json",
        ],
        vec!["crm", "lead", "get", "3", "--format", "json"],
    ];
    for args in &commands {
        let expected = classic.crm().args(args).output().unwrap();
        assert!(
            !expected.stdout.is_empty() || !expected.status.success(),
            "{args:?}"
        );
        for (name, env) in [("both", &both), ("item", &item)] {
            let out = env.crm().args(args).output().unwrap();
            assert_eq!(
                out.status.code(),
                expected.status.code(),
                "{name} {args:?}: {}",
                stderr(&out)
            );
            assert_eq!(
                steady(&String::from_utf8_lossy(&out.stdout)),
                steady(&String::from_utf8_lossy(&expected.stdout)),
                "{name} {args:?}"
            );
        }
    }
}

#[test]
fn on_the_universal_family_120_contacts_by_id_still_take_three_requests() {
    let item = portal(Methods::Item);
    let dir = tempfile::tempdir().unwrap();
    let ids_file = dir.path().join("ids.csv");
    let ids: Vec<String> = (1..=120).map(|n| n.to_string()).collect();
    std::fs::write(&ids_file, format!("ID\n{}\n", ids.join("\n"))).unwrap();
    let args = [
        "crm",
        "contact",
        "get",
        "--ids-from",
        ids_file.to_str().unwrap(),
        "--format",
        "json",
    ];
    item.clear_journal();
    let out = item.run_crm_ok(&args);
    assert_eq!(ids_of(&out), (1..=120).collect::<Vec<u64>>());
    // The first batch meets ERROR_METHOD_NOT_FOUND for the classic calls and settles the family:
    // it and the two after it go as crm.item.get.
    let sent = item.sent();
    assert!(sent.len() <= 4, "{}", sent.len());
    let item_calls: usize = sent
        .iter()
        .map(|entry| {
            batch_calls(entry)
                .iter()
                .filter(|(method, q)| {
                    method == "crm.item.get" && q.contains(&("entityTypeId".into(), "3".into()))
                })
                .count()
        })
        .sum();
    assert_eq!(item_calls, 120);
    let item_requests = sent
        .iter()
        .filter(|entry| batch_calls(entry).iter().any(|(m, _)| m == "crm.item.get"))
        .count();
    assert_eq!(item_requests, 3);
}

#[test]
fn a_profile_that_says_the_family_speaks_it_from_the_first_request() {
    let item = portal(Methods::Item);
    let out = exited(item.run_crm(&["config", "set", "crm.api", "items"]), 2);
    assert!(stderr(&out).contains("item or classic"), "{}", stderr(&out));
    config_set(&item, "crm.api", "item");
    let dir = tempfile::tempdir().unwrap();
    let ids_file = dir.path().join("ids.csv");
    let ids: Vec<String> = (1..=120).map(|n| n.to_string()).collect();
    std::fs::write(&ids_file, ids.join("\n")).unwrap();
    item.clear_journal();
    let out = item.run_crm_ok(&[
        "crm",
        "contact",
        "get",
        "--ids-from",
        ids_file.to_str().unwrap(),
        "--format",
        "json",
    ]);
    assert_eq!(ids_of(&out), (1..=120).collect::<Vec<u64>>());
    let sent = item.sent();
    assert_eq!(sent.len(), 3, "120 contacts by ID, three requests");
    for entry in &sent {
        assert!(
            batch_calls(entry)
                .iter()
                .all(|(method, _)| method == "crm.item.get"),
            "{entry}"
        );
    }
}

/// The classic methods a run's requests called, inside batches too.
fn classic_calls(env: &Env) -> Vec<String> {
    let classic = |m: &str| {
        ["crm.contact.", "crm.deal.", "crm.lead."]
            .iter()
            .any(|p| m.starts_with(p))
    };
    let mut out = Vec::new();
    for entry in env.sent() {
        let method = entry["path"]
            .as_str()
            .unwrap_or("")
            .rsplit('/')
            .next()
            .unwrap_or("")
            .to_string();
        if classic(&method) {
            out.push(method);
        }
        out.extend(
            batch_calls(&entry)
                .into_iter()
                .map(|(m, _)| m)
                .filter(|m| classic(m)),
        );
    }
    out
}

#[test]
fn the_family_found_is_remembered_and_doctor_shows_it_with_its_evidence() {
    let item = portal(Methods::Item);
    let list = ["crm", "contact", "list", "--all", "--format", "json"];
    item.clear_journal();
    let first = item.run_crm_ok(&list);
    // The first run is refused once in classic words, then speaks the universal ones.
    assert_eq!(classic_calls(&item), ["crm.contact.list"]);
    item.clear_journal();
    let second = item.run_crm_ok(&list);
    assert_eq!(second.stdout, first.stdout);
    assert_eq!(classic_calls(&item), Vec::<String>::new(), "second run");
    assert!(item.sent().iter().any(|e| is_to(e, "crm.item.list")));
    let probe = item.run_crm(&["doctor", "--probe"]);
    let shown = String::from_utf8_lossy(&probe.stdout).to_string() + &stderr(&probe);
    assert!(
        shown.contains("crm_api")
            && shown
                .contains("item (crm.item.*): crm.contact.list answered ERROR_METHOD_NOT_FOUND"),
        "{shown}"
    );
    // On a portal that answers the classic methods, the probe asks and says so.
    let classic = portal(Methods::Classic);
    let probe = classic.run_crm(&["doctor", "--probe"]);
    let shown = String::from_utf8_lossy(&probe.stdout).to_string() + &stderr(&probe);
    assert!(
        shown
            .contains("classic (crm.contact.*, crm.deal.*, crm.lead.*): crm.contact.list answered"),
        "{shown}"
    );
    classic.clear_journal();
    classic.run_crm_ok(&["crm", "contact", "get", "5"]);
    assert_eq!(classic_calls(&classic), ["crm.contact.get"]);
}

#[test]
fn crm_type_list_shows_the_portals_smart_processes_in_every_format() {
    for methods in [Methods::Both, Methods::Item] {
        let env = portal(methods);
        env.clear_journal();
        let json = env.run_crm_ok(&["crm", "type", "list", "--format", "json"]);
        let rows: serde_json::Value = serde_json::from_slice(&json.stdout).unwrap();
        assert_eq!(
            rows,
            serde_json::json!([
                {"entityTypeId": 1032, "title": "Tratamentos"},
                {"entityTypeId": 1036, "title": "Retornos"},
            ])
        );
        assert!(env.sent().iter().all(|e| is_to(e, "crm.type.list")));
        let table = String::from_utf8(
            env.run_crm_ok(&["crm", "type", "list", "--format", "table"])
                .stdout,
        )
        .unwrap();
        assert_eq!(
            table,
            "+--------------+-------------+\n\
             | entityTypeId | title       |\n\
             +============================+\n\
             |         1032 | Tratamentos |\n\
             |         1036 | Retornos    |\n\
             +--------------+-------------+\n"
        );
        let csv = env.run_crm_ok(&["crm", "type", "list", "--format", "csv"]);
        assert_eq!(
            String::from_utf8(csv.stdout).unwrap(),
            "entityTypeId,title\n1032,Tratamentos\n1036,Retornos\n"
        );
    }
}

#[test]
fn crm_item_get_reads_an_item_of_a_smart_process_by_its_title_or_id() {
    let env = portal(Methods::Item);
    env.clear_journal();
    let by_title = env.run_crm_ok(&[
        "crm",
        "item",
        "get",
        "--type",
        "tratamentos",
        "1",
        "--format",
        "json",
    ]);
    let item: serde_json::Value = serde_json::from_slice(&by_title.stdout).unwrap();
    assert_eq!(item["id"], 1);
    assert_eq!(item["title"], "Criolipólise #1");
    assert_eq!(item["stageId"], "DT1032_10:PREPARATION");
    let gets: Vec<_> = env
        .sent()
        .into_iter()
        .filter(|e| is_to(e, "crm.item.get"))
        .collect();
    assert_eq!(gets.len(), 1);
    let query = query_of(&gets[0]);
    assert!(
        query.contains(&("entityTypeId".into(), "1032".into())),
        "{query:?}"
    );
    assert!(query.contains(&("id".into(), "1".into())), "{query:?}");
    let by_id = env.run_crm_ok(&[
        "crm", "item", "get", "--type", "1032", "1", "--format", "json",
    ]);
    assert_eq!(by_id.stdout, by_title.stdout);
    // An unknown type is refused before any item is asked for, naming the titles there are.
    env.clear_journal();
    let out = exited(
        env.run_crm(&["crm", "item", "get", "--type", "Consultas", "1"]),
        2,
    );
    assert_eq!(
        stderr(&out).trim_end(),
        "error: invalid --type: got \"Consultas\", expected the title or entityTypeId of one of \
         the portal's smart processes: Tratamentos (1032), Retornos (1036)"
    );
    assert!(out.stdout.is_empty());
    assert!(!env.sent().iter().any(|e| is_to(e, "crm.item.get")));
}
