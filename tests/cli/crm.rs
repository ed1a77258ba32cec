//! `clinic crm`: the automation webhook and the Bitrix-style CRM methods, against the sandbox's CRM.

use std::path::Path;

use clinic_sandbox::Options;
use serde_json::Value;

use crate::common::*;

/// A sandbox whose CRM takes any number of requests a second (the quota has its own test), with its
/// units configured in the profile as `--sandbox` configures them.
fn env() -> Env {
    let env = Env::with(Options {
        crm_rate_limit: 0,
        ..Options::ephemeral()
    });
    config_set(&env, "units", &clinic_sandbox::crm::UNITS.join(";"));
    env
}

const CREATE: &[&str] = &[
    "crm",
    "contact",
    "create",
    "--full-name",
    "Maria José da Silva",
    "--created-at",
    "2024-03-05 14:22",
    "--phone",
    "(16) 99264-0197",
    "--email",
    "maria.jose@example.com",
    "--campaign-id",
    "12",
    "--utm-source",
    "whatsapp",
    "--utm-campaign",
    "verão 2024",
    "--unit",
    // A word of the unit's name, as `--clinic` takes one.
    "perdizes",
    "--format",
    "json",
];

/// The query of the last request to `method` in the journal.
fn update_sent(env: &Env, method: &str) -> Vec<(String, String)> {
    let sent = env.sent();
    let entry = sent
        .iter()
        .rev()
        .find(|r| r["path"].as_str().unwrap_or("").ends_with(method))
        .unwrap_or_else(|| panic!("no {method} in {sent:?}"));
    query_of(entry)
}

/// The items of a multi-value field in a write's query, in their order: each
/// `FIELDS[PHONE][n][KEY]=value` gathered by `n`.
fn items_sent(
    q: &[(String, String)],
    field: &str,
) -> Vec<std::collections::BTreeMap<String, String>> {
    let prefix = format!("FIELDS[{field}][");
    let mut items: std::collections::BTreeMap<u32, std::collections::BTreeMap<String, String>> =
        Default::default();
    for (k, v) in q {
        let Some(rest) = k.strip_prefix(&prefix) else {
            continue;
        };
        let (n, key) = rest.split_once("][").unwrap();
        items
            .entry(n.parse().unwrap())
            .or_default()
            .insert(key.trim_end_matches(']').to_string(), v.clone());
    }
    items.into_values().collect()
}

/// The calls inside a `batch` request of the journal, in their order: each call's method and its
/// query's pairs (a `$result[…]` reference left as it was sent).
fn batch_calls(entry: &Value) -> Vec<(String, Vec<(String, String)>)> {
    query_of(entry)
        .into_iter()
        .filter(|(k, _)| k.starts_with("cmd["))
        .map(|(_, call)| {
            let (method, query) = call.split_once('?').unwrap_or((&call, ""));
            let pairs = url::form_urlencoded::parse(query.as_bytes())
                .map(|(k, v)| (k.into_owned(), v.into_owned()))
                .collect();
            (method.to_string(), pairs)
        })
        .collect()
}

/// The values of a multi-value field of a CRM record, as the sandbox holds them.
fn values_of(env: &Env, method: &str, id: u64, field: &str) -> Vec<String> {
    env.crm_get(method, id)[field]
        .as_array()
        .map(|items| {
            items
                .iter()
                .map(|i| i["VALUE"].as_str().unwrap().to_string())
                .collect()
        })
        .unwrap_or_default()
}

fn ids_of(out: &std::process::Output) -> Vec<u64> {
    stdout_json(out)
        .as_array()
        .expect("a JSON array")
        .iter()
        .map(|r| r["ID"].as_str().unwrap().parse().unwrap())
        .collect()
}

fn config_set(env: &Env, key: &str, value: &str) {
    env.bare()
        .args(["config", "set", key, value])
        .assert()
        .success();
}

#[test]
fn webhook_call_is_percent_encoded_exactly() {
    let env = env();
    env.clear_journal();
    let out = env.crm().args(CREATE).output().unwrap();
    assert!(out.status.success(), "{}", stderr(&out));
    let answer = stdout_json(&out);
    assert_eq!(answer["ok"], true);
    assert_eq!(answer["contact_created"], true);
    let sent = env.sent();
    assert_eq!(sent.len(), 3);
    // First the CRM is asked whether the phone or the e-mail is held already.
    for (entry, kind, value) in [
        (&sent[0], "PHONE", "+5516992640197"),
        (&sent[1], "EMAIL", "maria.jose@example.com"),
    ] {
        assert!(
            entry["path"]
                .as_str()
                .unwrap()
                .ends_with("/crm.duplicate.findbycomm"),
            "{entry}"
        );
        let q = query_of(entry);
        for pair in [
            ("entity_type", "CONTACT"),
            ("type", kind),
            ("values[]", value),
        ] {
            assert!(q.contains(&(pair.0.into(), pair.1.into())), "{q:?}");
        }
    }
    let sent = &sent[2..];
    assert_eq!(sent[0]["method"], "GET");
    assert_eq!(sent[0]["path"], "/automation/webhook/sandbox");
    assert_eq!(
        sent[0]["query"],
        "Primeiro%20Nome=Maria%20Jos%C3%A9%20da&Sobrenome=Silva\
         &Data%20hora%20de%20cria%C3%A7%C3%A3o=05%2F03%2F2024%2014%3A22%3A00&Campaign%20ID=12\
         &UTM%20Source=WhatsApp&UTM%20Medium=&UTM%20Campaign=ver%C3%A3o%202024&UTM%20Content=\
         &Telefone=%2B5516992640197&Email=maria.jose%40example.com&Unidade=SP%20S%C3%A3o%20Paulo%20-%20Perdizes"
    );
    // The deal the automation opened carries what was sent.
    let deal_id: u64 = answer["deal_id"].as_str().unwrap().parse().unwrap();
    let deal = env.crm_get("crm.deal.get", deal_id);
    assert_eq!(deal["UTM_SOURCE"], "WhatsApp");
    assert_eq!(deal["UF_CRM_1621027933376"], "SP São Paulo - Perdizes");
}

#[test]
fn a_second_create_for_the_same_phone_reuses_the_contact() {
    let env = env();
    let before = env.stats();
    let first = env.crm().args(CREATE).output().unwrap();
    assert!(first.status.success(), "{}", stderr(&first));
    let after_first = env.stats();
    assert_eq!(
        after_first["crm_contacts"].as_u64(),
        before["crm_contacts"].as_u64().map(|n| n + 1)
    );
    // The same phone in another spelling, another e-mail: the contact is found by its phone.
    let mut again: Vec<&str> = CREATE.to_vec();
    let phone = again.iter().position(|a| *a == "--phone").unwrap();
    again[phone + 1] = "+55 16 99264 0197";
    let email = again.iter().position(|a| *a == "--email").unwrap();
    again[email + 1] = "outra@example.com";
    // A script that did not say what to do with a contact that exists is refused: no second deal.
    env.clear_journal();
    let refused = env.crm().args(&again).output().unwrap();
    assert_eq!(refused.status.code(), Some(2), "{}", stderr(&refused));
    let contact = stdout_json(&first)["contact_id"]
        .as_str()
        .unwrap()
        .to_string();
    assert!(
        stderr(&refused).contains(&format!(
            "(ID {contact}); nothing was sent: --if-exists skip"
        )),
        "{}",
        stderr(&refused)
    );
    assert!(
        !env.sent()
            .iter()
            .any(|r| r["path"].as_str().unwrap().contains("/automation/")),
        "the webhook was not called"
    );
    assert_eq!(env.stats()["crm_deals"], after_first["crm_deals"]);
    // `skip`: nothing sent, exit 0, the contact named.
    let skipped = env
        .crm()
        .args(&again)
        .args(["--if-exists", "skip"])
        .output()
        .unwrap();
    assert!(skipped.status.success(), "{}", stderr(&skipped));
    let answer = stdout_json(&skipped);
    assert_eq!(answer["status"], "skipped");
    assert_eq!(answer["existing"], contact);
    assert_eq!(env.stats()["crm_deals"], after_first["crm_deals"]);
    // `create`: the webhook is called anyway, and reuses the contact.
    let second = env
        .crm()
        .args(&again)
        .args(["--if-exists", "create"])
        .output()
        .unwrap();
    assert!(second.status.success(), "{}", stderr(&second));
    let (a, b) = (stdout_json(&first), stdout_json(&second));
    assert_eq!(b["contact_created"], false);
    assert_eq!(a["contact_id"], b["contact_id"]);
    assert_ne!(a["deal_id"], b["deal_id"]);
    let after_second = env.stats();
    assert_eq!(after_second["crm_contacts"], after_first["crm_contacts"]);
    assert_eq!(
        after_second["crm_deals"].as_u64(),
        after_first["crm_deals"].as_u64().map(|n| n + 1)
    );
}

#[test]
fn bad_input_is_refused_before_anything_is_sent() {
    let env = env();
    let with = |flag: &str, value: &str| -> Vec<String> {
        let mut args: Vec<String> = CREATE.iter().map(|s| s.to_string()).collect();
        let i = args.iter().position(|a| a == flag).unwrap();
        args[i + 1] = value.to_string();
        args
    };
    let cases: Vec<(Vec<String>, &str)> = vec![
        (with("--phone", "123"), "--phone"),
        (with("--email", "maria@"), "--email"),
        (with("--utm-source", "Twitter"), "--utm-source"),
        (with("--created-at", "31/02/2024 10:00"), "--created-at"),
        (with("--created-at", "ontem"), "--created-at"),
        (with("--full-name", "Maria"), "--full-name"),
        (with("--unit", "Brazilia"), "DF Brasília"),
        (with("--unit", "SP"), "SP Campinas"),
        (with("--campaign-id", " "), "--campaign-id"),
        (
            CREATE
                .iter()
                .filter(|a| **a != "--unit" && **a != "perdizes")
                .map(|s| s.to_string())
                .collect(),
            "--unit",
        ),
        (
            ["crm", "deal", "update", "7", "--stage", "Fechado"]
                .map(String::from)
                .to_vec(),
            "Tentativa de contato",
        ),
        (
            ["crm", "deal", "update", "7"].map(String::from).to_vec(),
            "--set",
        ),
        (
            ["crm", "contact", "update", "x", "--set", "NAME=A"]
                .map(String::from)
                .to_vec(),
            "ID",
        ),
        (
            ["crm", "contact", "update", "7", "--set", "NAME"]
                .map(String::from)
                .to_vec(),
            "--set",
        ),
        (
            ["crm", "contact", "list", "--order", "ID:up"]
                .map(String::from)
                .to_vec(),
            "--order",
        ),
        (
            ["crm", "contact", "list", "--field", "NAME"]
                .map(String::from)
                .to_vec(),
            "--field",
        ),
        (
            ["crm", "contact", "list", "--page", "1", "--keyset"]
                .map(String::from)
                .to_vec(),
            "--all",
        ),
        (
            [
                "crm", "contact", "list", "--all", "--keyset", "--order", "ID:desc",
            ]
            .map(String::from)
            .to_vec(),
            "--order",
        ),
    ];
    env.clear_journal();
    for (args, named) in &cases {
        let out = env.crm().args(args).output().unwrap();
        assert_eq!(out.status.code(), Some(2), "{args:?}: {}", stderr(&out));
        assert!(
            stderr(&out).contains(named),
            "{args:?} should name {named}: {}",
            stderr(&out)
        );
    }
    // Without a webhook ID there is nowhere to send it.
    let out = env.bare().args(CREATE).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("webhook_id"), "{}", stderr(&out));
    assert!(env.sent().is_empty(), "{:?}", env.sent());
}

#[test]
fn all_walks_every_contact_once_and_keyset_walks_agree() {
    let env = env();
    let expected = env.crm_ids("crm.contact.list");
    assert_eq!(expected.len(), clinic_sandbox::crm::SEEDED_CONTACTS);
    env.clear_journal();
    let out = env
        .crm()
        .args(["crm", "contact", "list", "--all", "--format", "json"])
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", stderr(&out));
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
    let out = env
        .crm()
        .args([
            "crm", "contact", "list", "--all", "--keyset", "--format", "json",
        ])
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", stderr(&out));
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
    let out = env
        .crm()
        .args(["crm", "contact", "list", "--page", "3", "--format", "json"])
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", stderr(&out));
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
        let out = run.wait_with_output().unwrap();
        assert!(out.status.success(), "{}", stderr(&out));
        assert_eq!(stdout_json(&out)["ID"], id.to_string());
    }
    // More requests than runs: some were refused with QUERY_LIMIT_EXCEEDED and sent again.
    assert!(env.sent().len() > ids.len(), "{}", env.sent().len());
}

#[test]
fn updates_and_aliases_are_visible_to_get() {
    let env = env();
    config_set(&env, "aliases.mail", "UF_CRM_1676052930");
    env.clear_journal();
    let out = env
        .crm()
        .args([
            "crm",
            "contact",
            "update",
            "5",
            "--set",
            "NAME=Zélia",
            "--set",
            "mail=zelia@example.com",
            "--format",
            "json",
        ])
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", stderr(&out));
    let q = query_of(&env.sent()[0]);
    assert!(q.contains(&("ID".into(), "5".into())), "{q:?}");
    assert!(
        q.contains(&("FIELDS[NAME]".into(), "Zélia".into())),
        "{q:?}"
    );
    assert!(
        q.contains(&(
            "FIELDS[UF_CRM_1676052930]".into(),
            "zelia@example.com".into()
        )),
        "{q:?}"
    );
    let out = env
        .crm()
        .args(["crm", "contact", "get", "5", "--format", "json"])
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", stderr(&out));
    let record = stdout_json(&out);
    assert_eq!(record["NAME"], "Zélia");
    assert_eq!(record["UF_CRM_1676052930"], "zelia@example.com");
    assert!(record["PHONE"].is_array(), "JSON keeps multi-fields whole");
}

#[test]
fn deals_move_between_stages() {
    let env = env();
    for (typed, id, name) in [
        (
            "tentativa de CONTATO",
            "PREPAYMENT_INVOICE",
            "Tentativa de contato",
        ),
        ("em negociacao", "3", "Em negociação"),
        ("WON", "WON", "Venda realizada"),
    ] {
        let out = env
            .crm()
            .args([
                "crm", "deal", "update", "7", "--stage", typed, "--format", "json",
            ])
            .output()
            .unwrap();
        assert!(out.status.success(), "{}", stderr(&out));
        let out = env
            .crm()
            .args(["crm", "deal", "get", "7", "--format", "json"])
            .output()
            .unwrap();
        let deal = stdout_json(&out);
        assert_eq!(deal["STAGE_ID"], id);
        assert_eq!(deal["UF_CRM_1669405845"], name);
    }
    // With the alias configured, the stage goes to the field it names.
    config_set(&env, "aliases.stage_name", "UF_CRM_1669405845");
    env.clear_journal();
    let out = env
        .crm()
        .args([
            "crm",
            "deal",
            "update",
            "8",
            "--stage",
            "Agendado",
            "--set",
            "UTM_TERM=x",
        ])
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", stderr(&out));
    let q = query_of(&env.sent()[0]);
    assert!(
        q.contains(&("FIELDS[UF_CRM_1669405845]".into(), "Agendado".into())),
        "{q:?}"
    );
    assert_eq!(env.crm_get("crm.deal.get", 8)["STAGE_ID"], "1");
    assert_eq!(env.crm_get("crm.deal.get", 8)["UTM_TERM"], "x");
}

#[test]
fn installed_aliases_resolve_in_filters_select_and_order() {
    let env = env();
    let out = env
        .crm()
        .args(["crm", "aliases", "install", "--format", "json"])
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", stderr(&out));
    let out = env
        .bare()
        .args(["config", "get", "aliases.email"])
        .output()
        .unwrap();
    // Whatever the output format of `config get`, the value is the field ID.
    assert_eq!(
        String::from_utf8_lossy(&out.stdout)
            .trim()
            .trim_matches('"'),
        "UF_CRM_1676052930"
    );
    let email = env.crm_get("crm.contact.get", 3)["UF_CRM_1676052930"]
        .as_str()
        .unwrap()
        .to_string();
    assert!(email.contains('@'), "contact 3 has an e-mail: {email:?}");
    env.clear_journal();
    let out = env
        .crm()
        .args([
            "crm",
            "contact",
            "list",
            "--field",
            &format!("email={email}"),
            "--select",
            "email",
            "--select",
            "NAME",
        ])
        .args(["--order", "email:desc", "--format", "json"])
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", stderr(&out));
    let records = stdout_json(&out);
    let records = records.as_array().unwrap();
    assert!(records.iter().any(|r| r["ID"] == "3"), "{records:?}");
    assert!(
        records
            .iter()
            .all(|r| r["UF_CRM_1676052930"] == email.as_str())
    );
    let q = query_of(&env.sent()[0]);
    assert!(
        q.contains(&("filter[UF_CRM_1676052930]".into(), email.clone())),
        "{q:?}"
    );
    assert!(
        q.contains(&("select[]".into(), "UF_CRM_1676052930".into())),
        "{q:?}"
    );
    assert!(
        q.contains(&("order[UF_CRM_1676052930]".into(), "DESC".into())),
        "{q:?}"
    );
    // Operators stay in front of the resolved field.
    let out = env
        .crm()
        .args([
            "crm", "deal", "list", "--field", ">=ID=590", "--format", "json",
        ])
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(ids_of(&out), (590..=600).collect::<Vec<u64>>());
}

#[test]
fn multi_value_fields_are_written_as_bitrix_lists_and_native_names_win_over_aliases() {
    let env = env();
    // The alias `phone` names a custom field; `PHONE`, the native multi-field, must stay itself.
    env.crm()
        .args(["crm", "aliases", "install"])
        .assert()
        .success();
    env.clear_journal();
    let out = env
        .crm()
        .args(["crm", "contact", "update", "7"])
        .args([
            "--set",
            "PHONE=+5516992640197",
            "--set",
            "PHONE:MOBILE=+5516981212118",
        ])
        .args([
            "--set",
            "EMAIL=ze@example.com",
            "--set",
            "phone=16992640197",
        ])
        .args(["--format", "json"])
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", stderr(&out));
    let q = update_sent(&env, "crm.contact.update");
    let added = |field: &str| -> Vec<(String, String)> {
        items_sent(&q, field)
            .into_iter()
            .filter(|item| !item.contains_key("ID"))
            .map(|item| (item["VALUE"].clone(), item["VALUE_TYPE"].clone()))
            .collect()
    };
    let pair = |v: &str, t: &str| (v.to_string(), t.to_string());
    assert_eq!(
        added("PHONE"),
        [
            pair("+5516992640197", "WORK"),
            pair("+5516981212118", "MOBILE")
        ],
        "{q:?}"
    );
    assert_eq!(added("EMAIL"), [pair("ze@example.com", "WORK")], "{q:?}");
    assert!(
        q.contains(&("FIELDS[UF_CRM_1673035980]".into(), "16992640197".into())),
        "{q:?}"
    );
    assert!(!q.iter().any(|(k, _)| k == "FIELDS[PHONE]"), "{q:?}");
    // The CRM kept both phones as a list.
    let record = env.crm_get("crm.contact.get", 7);
    let phones: Vec<&str> = record["PHONE"]
        .as_array()
        .expect("PHONE is a list")
        .iter()
        .filter_map(|p| p["VALUE"].as_str())
        .collect();
    assert!(phones.contains(&"+5516992640197"), "{record}");
    assert!(phones.contains(&"+5516981212118"), "{record}");

    // `--select PHONE` selects the native field, not the alias's custom one.
    env.clear_journal();
    let out = env
        .crm()
        .args([
            "crm", "contact", "list", "--select", "PHONE", "--select", "phone",
        ])
        .args(["--format", "json"])
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", stderr(&out));
    let q = query_of(&env.sent()[0]);
    assert!(q.contains(&("select[]".into(), "PHONE".into())), "{q:?}");
    assert!(
        q.contains(&("select[]".into(), "UF_CRM_1673035980".into())),
        "{q:?}"
    );

    // A field ID in the wrong case is neither an alias nor a field: refused before sending.
    env.clear_journal();
    let out = env
        .crm()
        .args(["crm", "contact", "update", "7", "--set", "name=Ana"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    assert!(
        stderr(&out).contains("did you mean NAME?"),
        "{}",
        stderr(&out)
    );
    assert!(env.sent().is_empty());
}

/// `--set` replaces a multi-value field's values (removing the others by ID), `--add` keeps them,
/// `--remove` takes the equal ones, and `--set PHONE=` empties the field.
#[test]
fn multi_value_fields_are_replaced_added_to_and_removed_from() {
    let env = env();
    let update = |args: &[&str]| {
        env.crm()
            .args(["crm", "contact", "update", "9"])
            .args(args)
            .args(["--format", "json"])
            .output()
            .unwrap()
    };
    let phones = || values_of(&env, "crm.contact.get", 9, "PHONE");
    let out = update(&[
        "--set",
        "PHONE=+5516992640197",
        "--set",
        "PHONE=+5516981212118",
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(phones(), ["+5516992640197", "+5516981212118"]);

    // A correction leaves exactly the new number; the old ones go by their IDs.
    let before = env.crm_get("crm.contact.get", 9)["PHONE"].clone();
    let ids: Vec<String> = before
        .as_array()
        .unwrap()
        .iter()
        .map(|i| {
            i["ID"]
                .as_str()
                .map_or_else(|| i["ID"].to_string(), str::to_string)
        })
        .collect();
    env.clear_journal();
    // Written as creates write phones, whatever the spelling typed.
    let out = update(&["--set", "PHONE=(16) 99111-2233"]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(phones(), ["+5516991112233"]);
    let q = update_sent(&env, "crm.contact.update");
    let removed: Vec<(String, String)> = items_sent(&q, "PHONE")
        .into_iter()
        .filter(|i| i.contains_key("ID"))
        .map(|i| (i["ID"].clone(), i["DELETE"].clone()))
        .collect();
    assert_eq!(
        removed,
        ids.iter()
            .map(|id| (id.clone(), "Y".to_string()))
            .collect::<Vec<_>>()
    );
    let shown = stdout_json(&out);
    assert_eq!(
        shown["removed"]["PHONE"],
        serde_json::json!(["+5516992640197", "+5516981212118"])
    );
    assert_eq!(
        shown["added"]["PHONE"],
        serde_json::json!(["+5516991112233"])
    );

    let out = update(&["--add", "PHONE:MOBILE=16 98888-7766"]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(phones(), ["+5516991112233", "+5516988887766"]);

    // Removed by its digits, written another way.
    let out = update(&["--remove", "PHONE=(16) 99111 2233"]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(phones(), ["+5516988887766"]);

    // A value the contact does not hold: refused, nothing written.
    env.clear_journal();
    let out = update(&["--remove", "PHONE=1600000000"]);
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    assert!(
        !stderr(&out).contains("1600000000"),
        "masked: {}",
        stderr(&out)
    );
    assert!(
        !env.sent()
            .iter()
            .any(|r| r["path"].as_str().unwrap().ends_with("crm.contact.update"))
    );
    assert_eq!(phones(), ["+5516988887766"]);

    // `--add` and `--remove` are for multi-value fields only, refused before anything is sent.
    env.clear_journal();
    let out = update(&["--add", "NAME=Ana"]);
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    assert!(env.sent().is_empty());

    let out = update(&["--set", "PHONE="]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(phones().is_empty(), "{:?}", phones());
}

#[test]
fn the_fields_form_sends_filters_as_fields() {
    let env = env();
    env.clear_journal();
    let out = env
        .crm()
        .args(["crm", "contact", "list", "--fields-form", "--field", "ID=3"])
        .args(["--format", "json"])
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(ids_of(&out), vec![3]);
    let q = query_of(&env.sent()[0]);
    assert!(q.contains(&("FIELDS[ID]".into(), "3".into())), "{q:?}");
    assert!(!q.iter().any(|(k, _)| k.starts_with("filter[")), "{q:?}");
}

/// IN and NOT IN go as arrays, however the values were typed; LIKE with the person's own `%` is
/// accepted; nothing comes back empty because of how a filter was sent.
#[test]
fn in_filters_go_as_arrays_and_like_patterns_are_accepted() {
    let env = env();
    for args in [
        &["--field", "@ID=13,21"][..],
        &["--field", "@ID=13", "--field", "@ID=21"][..],
    ] {
        env.clear_journal();
        let out = env
            .crm()
            .args(["crm", "contact", "list"])
            .args(args)
            .args(["--format", "json"])
            .output()
            .unwrap();
        assert!(out.status.success(), "{}", stderr(&out));
        assert_eq!(ids_of(&out), vec![13, 21]);
        let q = query_of(&env.sent()[0]);
        let sent: Vec<&str> = q
            .iter()
            .filter(|(k, _)| k == "filter[@ID][]")
            .map(|(_, v)| v.as_str())
            .collect();
        assert_eq!(sent, ["13", "21"], "{q:?}");
    }

    let out = env
        .crm()
        .args(["crm", "contact", "list", "--field", "!@ID=13,21", "--all"])
        .args(["--format", "json"])
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", stderr(&out));
    let ids = ids_of(&out);
    assert!(ids.len() > 2 && !ids.contains(&13) && !ids.contains(&21));

    // The name of contact 13, by its first three letters and the person's own wildcard.
    let out = env
        .crm()
        .args(["crm", "contact", "get", "13", "--format", "json"])
        .output()
        .unwrap();
    let name = stdout_json(&out)["NAME"].as_str().unwrap().to_string();
    let start: String = name.chars().take(3).collect();
    for op in ["=%", "%="] {
        let out = env
            .crm()
            .args(["crm", "contact", "list", "--all", "--field"])
            .arg(format!("{op}NAME={start}%"))
            .args(["--format", "json"])
            .output()
            .unwrap();
        assert!(out.status.success(), "{op}: {}", stderr(&out));
        let names: Vec<String> = stdout_json(&out)
            .as_array()
            .unwrap()
            .iter()
            .map(|r| r["NAME"].as_str().unwrap().to_lowercase())
            .collect();
        assert!(names.contains(&name.to_lowercase()), "{op}: {names:?}");
        assert!(
            names.iter().all(|n| n.starts_with(&start.to_lowercase())),
            "{op}: {names:?}"
        );
    }
}

#[test]
fn multi_fields_are_one_cell_in_csv() {
    let env = env();
    let out = env
        .crm()
        .args([
            "crm", "contact", "list", "--select", "NAME", "--select", "PHONE", "--limit", "3",
            "--format", "csv",
        ])
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", stderr(&out));
    let text = String::from_utf8(out.stdout).unwrap();
    let mut rows = csv::Reader::from_reader(text.as_bytes());
    let header = rows.headers().unwrap().clone();
    let phone = header
        .iter()
        .position(|h| h == "PHONE")
        .expect("a PHONE column");
    let mut n = 0;
    for (i, row) in rows.records().enumerate() {
        let row = row.unwrap();
        let direct = env.crm_get("crm.contact.get", (i + 1) as u64);
        let values: Vec<&str> = direct["PHONE"]
            .as_array()
            .unwrap()
            .iter()
            .map(|p| p["VALUE"].as_str().unwrap())
            .collect();
        assert_eq!(&row[phone], values.join("; "));
        n += 1;
    }
    assert_eq!(n, 3);
}

#[test]
fn crm_refusals_exit_4_and_bad_credentials_exit_3() {
    let env = env();
    let out = env
        .crm()
        .args(["crm", "contact", "get", "999999"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(4), "{}", stderr(&out));
    assert!(stderr(&out).contains("NOT_FOUND"), "{}", stderr(&out));
    let out = env
        .crm()
        .args(["crm", "deal", "update", "3", "--set", "NO_SUCH_FIELD=1"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(4), "{}", stderr(&out));
    assert!(stderr(&out).contains("NO_SUCH_FIELD"), "{}", stderr(&out));
    let wrong = env
        .sandbox
        .urls()
        .crm_url
        .replace("/sandbox/", "/k3y-0f-w3bh00k/");
    let out = env
        .crm()
        .env("CLINIC_CRM_URL", &wrong)
        .args(["-v", "crm", "contact", "list"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(3), "{}", stderr(&out));
    assert!(!stderr(&out).contains("k3y-0f-w3bh00k"), "{}", stderr(&out));
    assert!(stderr(&out).contains("crm_url"), "{}", stderr(&out));
}

#[test]
fn traces_never_show_the_crm_secret_or_the_webhook_id() {
    let env = env();
    let out = env
        .crm()
        .args([
            "-v", "crm", "contact", "list", "--limit", "2", "--format", "json",
        ])
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", stderr(&out));
    let err = stderr(&out);
    assert!(
        err.contains("> GET ") && err.contains("/crm/rest/1/****/crm.contact.list"),
        "{err}"
    );
    assert!(!err.contains("sandbox"), "{err}");
    let out = env.crm().arg("-v").args(CREATE).output().unwrap();
    assert!(out.status.success(), "{}", stderr(&out));
    let err = stderr(&out);
    assert!(err.contains("/automation/webhook/****?"), "{err}");
    assert!(!err.contains("sandbox"), "{err}");
    let record: Value = stdout_json(&out);
    assert_eq!(record["ok"], true);
}

#[test]
fn a_list_over_1000_records_is_walked_by_keyset() {
    let env = env();
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
    let out = env
        .crm()
        .args(["crm", "deal", "list", "--all", "--format", "ndjson"])
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", stderr(&out));
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
    let out = crate::servers::clinic_at(config.path(), &server.url(""))
        .args(["config", "set", "crm_url", &base])
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", stderr(&out));
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
    let env = env();
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
    let out = env
        .crm()
        .args(["crm", "contact", "get", "--ids-from"])
        .arg(file.path())
        .args(["--format", "json"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(4), "{}", stderr(&out));
    let err = stderr(&out);
    assert!(
        err.contains(&format!("record {missing}: NOT_FOUND")),
        "{err}"
    );
    assert!(err.contains("1 of 500 records could not be read"), "{err}");
    assert_eq!(ids_of(&out), ids, "every other record, in the order asked");
    let sent = env.sent();
    assert_eq!(sent.len(), 10, "500 IDs in 10 requests");
    assert!(
        sent.iter()
            .all(|r| r["path"].as_str().unwrap().ends_with("/batch"))
    );

    // Two IDs on the command line: a list of two.
    let out = env
        .crm()
        .args(["crm", "contact", "get", "3", "4", "--format", "json"])
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", stderr(&out));
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
    let free = env();
    let walk = |env: &Env, extra: &[&str]| {
        env.crm()
            .args(["crm", "contact", "list", "--all", "--format", "csv"])
            .args(extra)
            .output()
            .unwrap()
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

/// A duplicate lookup the CRM cannot answer (here a `crm_url` it refuses) does not stop the
/// create that was asked for: it is said on stderr and the webhook is called. Only `--if-exists
/// skip`, which must never create unchecked, fails, with nothing sent to the webhook.
#[test]
fn a_duplicate_lookup_that_fails_does_not_stop_the_create() {
    let env = env();
    let refused = env
        .sandbox
        .urls()
        .crm_url
        .replace("/sandbox/", "/wrong-secret/");
    let before = env.stats()["crm_deals"].as_u64().unwrap();
    let out = env
        .crm()
        .env("CLINIC_CRM_URL", &refused)
        .args(CREATE)
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(
        stderr(&out).contains("could not look the phone and e-mail up in the CRM"),
        "{}",
        stderr(&out)
    );
    assert_eq!(stdout_json(&out)["ok"], true);
    assert_eq!(env.stats()["crm_deals"].as_u64(), Some(before + 1));

    let out = env
        .crm()
        .env("CLINIC_CRM_URL", &refused)
        .args(CREATE)
        .args(["--if-exists", "skip"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(3), "{}", stderr(&out));
    assert_eq!(env.stats()["crm_deals"].as_u64(), Some(before + 1));
}

/// The rows of an import file for `crm contact import`: `count` new people, then one row for each
/// phone of `existing` (contacts the CRM holds, under new names and e-mails).
fn import_file(count: usize, existing: &[String]) -> String {
    let unit = clinic_sandbox::crm::UNITS[0];
    let mut csv = String::from("nome;telefone;email;unidade;campanha;utm_source\n");
    for i in 0..count {
        csv.push_str(&format!(
            "Pessoa {i} Importada;1698{i:07};pessoa{i}@example.com;{unit};12;whatsapp\n"
        ));
    }
    for (i, phone) in existing.iter().enumerate() {
        csv.push_str(&format!(
            "Antiga {i} Cliente;{phone};antiga{i}@example.com;{unit};12;instagram\n"
        ));
    }
    csv
}

/// `crm contact import FILE --journal JOURNAL` with `extra`, after clearing the sandbox's journal.
fn import(env: &Env, file: &Path, journal: &Path, extra: &[&str]) -> std::process::Output {
    env.clear_journal();
    env.crm()
        .args(["crm", "contact", "import"])
        .arg(file)
        .arg("--journal")
        .arg(journal)
        .args(extra)
        .output()
        .unwrap()
}

/// Requests to CRM `method` in the sandbox's journal.
fn calls_to(env: &Env, method: &str) -> usize {
    env.sent()
        .iter()
        .filter(|r| r["path"].as_str().unwrap_or("").ends_with(method))
        .count()
}

/// An import stopped by a crash halfway is run again with its journal: every new row is created
/// exactly once (one deal each, whatever was in flight at the crash), rows whose phone the CRM held
/// are skipped, and the lookups go fifty to a `batch` request.
#[test]
fn a_crm_import_stopped_halfway_resumes_and_creates_every_row_exactly_once() {
    let env = Env::with(Options {
        crm_rate_limit: 0,
        latency_ms: 15,
        ..Options::ephemeral()
    });
    config_set(&env, "units", &clinic_sandbox::crm::UNITS.join(";"));
    let existing: Vec<String> = env.crm_ids("crm.contact.list")[..10]
        .iter()
        .map(|id| {
            env.crm_get("crm.contact.get", *id)["PHONE"][0]["VALUE"]
                .as_str()
                .unwrap()
                .to_string()
        })
        .collect();
    let dir = tempfile::tempdir().unwrap();
    let (file, journal) = (
        dir.path().join("leads.csv"),
        dir.path().join("leads.journal"),
    );
    std::fs::write(&file, import_file(200, &existing)).unwrap();
    let deals_before = env.stats()["crm_deals"].as_u64().unwrap();

    env.clear_journal();
    let mut child = process_for(env.config.path(), env.sandbox.urls())
        .env("CLINIC_WEBHOOK_ID", clinic_sandbox::WEBHOOK_ID)
        .args(["crm", "contact", "import"])
        .arg(&file)
        .arg("--journal")
        .arg(&journal)
        .args(["--format", "ndjson", "--concurrency", "4"])
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn()
        .unwrap();
    let started = std::time::Instant::now();
    while env.stats()["crm_deals"].as_u64().unwrap() < deals_before + 80 {
        assert!(
            started.elapsed().as_secs() < 60,
            "the import made no progress"
        );
        assert!(
            child.try_wait().unwrap().is_none(),
            "the import ended early"
        );
        std::thread::sleep(std::time::Duration::from_millis(5));
    }
    child.kill().unwrap();
    child.wait().unwrap();
    let after_crash = env.stats()["crm_deals"].as_u64().unwrap() - deals_before;
    assert!(after_crash < 200, "the crash came before the end");
    assert_eq!(calls_to(&env, "/batch"), 9, "420 lookups, 50 a request");

    let out = import(&env, &file, &journal, &["--format", "ndjson"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let rows: Vec<Value> = String::from_utf8_lossy(&out.stdout)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(rows.len(), 210);
    let status = |r: &Value| {
        format!(
            "{}{}",
            r["status"].as_str().unwrap(),
            r["reason"]
                .as_str()
                .map(|s| format!(":{s}"))
                .unwrap_or_default()
        )
    };
    for (i, row) in rows.iter().enumerate() {
        assert_eq!(row["row"], i + 2, "rows in the file's order");
        if i >= 200 {
            assert_eq!(status(row), "skipped:exists", "{row}");
        }
    }
    let created = rows.iter().filter(|r| r["status"] == "created").count();
    let earlier = rows
        .iter()
        .filter(|r| status(r) == "skipped:journal")
        .count();
    let in_flight = rows[..200]
        .iter()
        .filter(|r| status(r) == "skipped:exists")
        .count();
    assert_eq!(created + earlier + in_flight, 200, "{rows:?}");
    assert!(
        earlier >= 70,
        "{earlier} rows recorded as created before the crash"
    );
    assert!(
        stderr(&out).contains(&format!("{created} created, {} skipped", 210 - created)),
        "{}",
        stderr(&out)
    );
    // One deal for each new row: none sent twice, none lost, none for the contacts that existed.
    assert_eq!(
        env.stats()["crm_deals"].as_u64().unwrap() - deals_before,
        200
    );
    assert_eq!(calls_to(&env, "/automation/webhook/sandbox"), created);
    assert_eq!(calls_to(&env, "crm.duplicate.findbycomm"), 0);
    let looked_up = 210 - earlier;
    assert_eq!(calls_to(&env, "/batch"), (2 * looked_up).div_ceil(50));

    // A third run sends nothing.
    let again = import(&env, &file, &journal, &[]);
    assert!(again.status.success(), "{}", stderr(&again));
    assert_eq!(calls_to(&env, "/automation/webhook/sandbox"), 0);
}

/// Every row is checked before anything is sent, and the whole list of problems is given at once.
#[test]
fn a_crm_import_with_a_bad_row_sends_nothing() {
    let env = env();
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("leads.csv");
    let mut csv = import_file(3, &[]);
    csv.push_str("Só;16;nada;;;tiktok\n");
    csv.push_str("Pessoa Repetida;16980000001;outra@example.com;PE Recife;7;facebook\n");
    std::fs::write(&file, csv).unwrap();
    env.clear_journal();
    let out = env
        .crm()
        .args(["crm", "contact", "import"])
        .arg(&file)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    let err = stderr(&out);
    assert!(
        err.contains("2 of the rows are invalid; nothing was sent"),
        "{err}"
    );
    assert!(err.contains(r#"row 5: invalid name: got "Só""#), "{err}");
    assert!(
        err.contains("row 6: the same phone or e-mail as row 3"),
        "{err}"
    );
    assert!(env.sent().is_empty(), "{:?}", env.sent());

    // Without a unit column or --unit, the file is refused by its header.
    std::fs::write(&file, "nome,telefone,email,campanha,utm_source\n").unwrap();
    let out = env
        .crm()
        .args(["crm", "contact", "import"])
        .arg(&file)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("expected columns for unit (see `clinic crm contact import --help`)"),
        "{}",
        stderr(&out)
    );
}

/// A row the journal says was sent, whose answer never came, is looked up before anything is sent
/// again: the one the CRM holds is not sent twice, the one it lacks is sent.
#[test]
fn a_crm_import_looks_a_row_sent_without_an_answer_up_before_sending_it_again() {
    let env = env();
    let dir = tempfile::tempdir().unwrap();
    let (file, journal) = (
        dir.path().join("leads.csv"),
        dir.path().join("leads.journal"),
    );
    std::fs::write(&file, import_file(3, &[])).unwrap();
    // Row 2 reached the automation before the answer was lost; row 3 never left.
    let arrived = env
        .crm()
        .args([
            "crm",
            "contact",
            "create",
            "--full-name",
            "Pessoa 0 Importada",
        ])
        .args(["--phone", "16980000000", "--email", "pessoa0@example.com"])
        .args(["--campaign-id", "12", "--utm-source", "whatsapp"])
        .args([
            "--unit",
            clinic_sandbox::crm::UNITS[0],
            "--if-exists",
            "create",
        ])
        .output()
        .unwrap();
    assert!(arrived.status.success(), "{}", stderr(&arrived));
    std::fs::write(
        &journal,
        concat!(
            r#"{"key":"5516980000000|pessoa0@example.com","row":2,"state":"sending","id":null}"#,
            "\n",
            r#"{"key":"5516980000001|pessoa1@example.com","row":3,"state":"sending","id":null}"#,
            "\n",
        ),
    )
    .unwrap();
    let deals_before = env.stats()["crm_deals"].as_u64().unwrap();
    // Without lookups, rows in doubt are left unknown (exit 5), and only the new row is sent.
    let blind = import(
        &env,
        &file,
        &journal,
        &["--if-exists", "create", "--format", "ndjson"],
    );
    assert_eq!(blind.status.code(), Some(5), "{}", stderr(&blind));
    assert!(
        stderr(&blind)
            .contains("2 rows were sent but whether they were created is unknown (rows 2, 3)"),
        "{}",
        stderr(&blind)
    );
    assert_eq!(calls_to(&env, "/automation/webhook/sandbox"), 1);
    // With lookups (the default), row 2 is found and row 3 is sent.
    let out = import(&env, &file, &journal, &["--format", "ndjson"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let statuses: Vec<String> = String::from_utf8_lossy(&out.stdout)
        .lines()
        .map(|l| {
            let r: Value = serde_json::from_str(l).unwrap();
            format!("{} {}", r["row"], r["status"].as_str().unwrap())
        })
        .collect();
    assert_eq!(statuses, ["2 skipped", "3 created", "4 skipped"]);
    assert_eq!(calls_to(&env, "/automation/webhook/sandbox"), 1);
    assert_eq!(env.stats()["crm_deals"].as_u64().unwrap(), deals_before + 2);
}

/// A CRM without `batch` (behind a gateway that forwards single methods): every walk, read by ID
/// and import gives what a CRM with it gives, byte for byte, one call at a time once the first
/// `batch` was refused, and says so once.
#[test]
fn a_crm_without_batch_gives_the_same_records_one_call_at_a_time() {
    let with = env();
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
    let out = without
        .crm()
        .args(["crm", "contact", "get", "--ids-from", ids_file])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(4), "{}", stderr(&out));
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
    std::fs::write(dir.path().join("leads.csv"), import_file(5, &phones)).unwrap();
    let imported = |env: &Env, journal: &str| {
        import(
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

/// A CRM import whose journal another import holds waits for it, sending nothing meanwhile, and then
/// runs; with `--no-wait` it stops at once (exit 1), naming the journal, and sends nothing.
#[test]
fn a_crm_import_waits_for_another_holding_its_journal_or_stops_with_no_wait() {
    let env = Env::with(Options {
        crm_rate_limit: 0,
        ..Options::ephemeral()
    });
    config_set(&env, "units", &clinic_sandbox::crm::UNITS.join(";"));
    let dir = tempfile::tempdir().unwrap();
    let (file, journal) = (
        dir.path().join("leads.csv"),
        dir.path().join("leads.journal"),
    );
    std::fs::write(&file, import_file(5, &[])).unwrap();
    let lock = std::fs::File::create(dir.path().join("leads.journal.lock")).unwrap();
    let mut other = fd_lock::RwLock::new(lock);
    let held = other.write().unwrap();

    let out = import(&env, &file, &journal, &["--no-wait"]);
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    assert!(
        stderr(&out).contains("another import is using the journal")
            && stderr(&out).contains("leads.journal"),
        "{}",
        stderr(&out)
    );
    assert_eq!(calls_to(&env, "/automation/webhook/sandbox"), 0);
    assert!(!journal.exists());

    env.clear_journal();
    let waiting = process_for(env.config.path(), env.sandbox.urls())
        .env("CLINIC_WEBHOOK_ID", clinic_sandbox::WEBHOOK_ID)
        .args(["crm", "contact", "import"])
        .arg(&file)
        .arg("--journal")
        .arg(&journal)
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    std::thread::sleep(std::time::Duration::from_millis(700));
    assert_eq!(
        calls_to(&env, "/automation/webhook/sandbox"),
        0,
        "sent while the journal was held"
    );
    drop(held);
    let out = waiting.wait_with_output().unwrap();
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(
        stderr(&out).contains("waiting for it to end"),
        "{}",
        stderr(&out)
    );
    assert_eq!(calls_to(&env, "/automation/webhook/sandbox"), 5);
}

/// A phone added to a CRM contact is stored as creates send it (`+55…`), whatever its spelling, so
/// that creating a lead with that phone later finds the contact instead of opening another deal.
#[test]
fn a_phone_added_by_hand_is_found_by_the_next_create() {
    let env = env();
    let out = env
        .crm()
        .args([
            "crm",
            "contact",
            "update",
            "14",
            "--add",
            "PHONE=16 98888 1234",
        ])
        .args(["--format", "json"])
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", stderr(&out));
    let record = env.crm_get("crm.contact.get", 14);
    let phones: Vec<&str> = record["PHONE"]
        .as_array()
        .expect("PHONE is a list")
        .iter()
        .filter_map(|p| p["VALUE"].as_str())
        .collect();
    assert!(phones.contains(&"+5516988881234"), "{record}");
    // A phone that is none is refused before anything is sent.
    env.clear_journal();
    let bad = env
        .crm()
        .args(["crm", "contact", "update", "14", "--add", "PHONE=12"])
        .output()
        .unwrap();
    assert_eq!(bad.status.code(), Some(2), "{}", stderr(&bad));
    assert!(env.sent().is_empty());

    let mut create: Vec<String> = CREATE.iter().map(|s| s.to_string()).collect();
    let phone = create.iter().position(|a| a == "--phone").unwrap();
    create[phone + 1] = "(16) 98888-1234".to_string();
    let email = create.iter().position(|a| a == "--email").unwrap();
    create[email + 1] = "ninguem@example.com".to_string();
    env.clear_journal();
    let again = env.crm().args(&create).output().unwrap();
    assert_eq!(again.status.code(), Some(2), "{}", stderr(&again));
    assert!(stderr(&again).contains("14"), "{}", stderr(&again));
    assert!(
        !env.sent()
            .iter()
            .any(|e| e["path"].as_str().unwrap().contains("/automation/")),
        "the webhook was not called"
    );
}
