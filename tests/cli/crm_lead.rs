//! `clinic crm lead list|get|update`: the CRM's leads read whole by pages, read by ID, and written
//! field by field, a user field by its label.

use serde_json::Value;

use crate::common::*;

#[test]
fn leads_are_listed_whole_read_by_id_and_updated_by_label() {
    let env = crm_env();
    env.clear_journal();
    let out = env.run_crm_ok(&["crm", "lead", "list", "--all", "--format", "ndjson"]);
    let listed: Vec<u64> = String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(|l| {
            let lead: Value = serde_json::from_str(l).unwrap();
            lead["ID"].as_str().unwrap().parse().unwrap()
        })
        .collect();
    // Every request is of the lead list in ID order (pages after the first batched): pages
    // 0, 50 and 100 are read, and nothing of another kind is asked.
    let sent = env.sent();
    let mut calls: Vec<Vec<(String, String)>> = Vec::new();
    for e in &sent {
        if is_to(e, "crm.lead.list") {
            calls.push(query_of(e));
        } else {
            assert!(is_to(e, "batch"), "{e}");
            for (k, cmd) in query_of(e) {
                if k == "halt" {
                    continue;
                }
                assert!(k.starts_with("cmd["), "{k}");
                let (method, query) = cmd.split_once('?').unwrap();
                assert_eq!(method, "crm.lead.list", "{cmd}");
                calls.push(
                    url::form_urlencoded::parse(query.as_bytes())
                        .into_owned()
                        .collect(),
                );
            }
        }
    }
    let mut starts = Vec::new();
    for q in &calls {
        assert!(q.contains(&("order[ID]".into(), "ASC".into())), "{q:?}");
        starts.push(q.iter().find(|(k, _)| k == "start").unwrap().1.clone());
    }
    for page in ["0", "50", "100"] {
        assert!(starts.iter().any(|s| s == page), "{starts:?}");
    }
    let held = env.crm_ids("crm.lead.list");
    assert_eq!(held.len(), 150);
    assert_eq!(listed, held);

    let out = env.run_crm_ok(&["crm", "lead", "get", "3", "--format", "json"]);
    assert_eq!(stdout_json(&out), env.crm_get("crm.lead.get", 3));

    env.clear_journal();
    let out = env.run_crm_ok(&[
        "crm",
        "lead",
        "update",
        "3",
        "--set",
        "STATUS_ID=IN_PROCESS",
        "--set",
        "procedimento de interesse=Botox",
        "--format",
        "json",
    ]);
    assert_eq!(
        String::from_utf8(out.stdout).unwrap(),
        "{\n  \"ID\": \"3\",\n  \"updated\": [\n    \"STATUS_ID\",\n    \"UF_CRM_1700000301\"\n  ]\n}\n"
    );
    let updates: Vec<Vec<(String, String)>> = env
        .sent()
        .iter()
        .filter(|e| is_to(e, "crm.lead.update"))
        .map(query_of)
        .collect();
    assert_eq!(updates.len(), 1, "{updates:?}");
    for pair in [
        ("ID", "3"),
        ("FIELDS[STATUS_ID]", "IN_PROCESS"),
        ("FIELDS[UF_CRM_1700000301]", "Botox"),
    ] {
        assert!(
            updates[0].contains(&(pair.0.into(), pair.1.into())),
            "{updates:?}"
        );
    }
    let lead = env.crm_get("crm.lead.get", 3);
    assert_eq!(lead["STATUS_ID"], "IN_PROCESS");
    assert_eq!(lead["UF_CRM_1700000301"], "Botox");
}

#[test]
fn a_lead_update_without_a_field_is_refused_before_anything_is_sent() {
    let env = crm_env();
    env.clear_journal();
    let out = env.run_crm(&["crm", "lead", "update", "3"]);
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    assert!(stderr(&out).contains("--set"), "{}", stderr(&out));
    assert!(out.stdout.is_empty());
    assert!(env.sent().is_empty(), "{:?}", env.sent());
}
