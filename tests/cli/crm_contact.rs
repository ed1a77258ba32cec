//! `clinic crm contact create` and `update`: the automation webhook, the duplicate lookup by phone,
//! refusals and what traces keep out, against the sandbox's CRM.

use serde_json::Value;

use crate::common::*;

#[test]
fn webhook_call_is_percent_encoded_exactly() {
    let env = crm_env();
    env.clear_journal();
    let out = env.run_crm_ok(CRM_CREATE);
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
        assert!(is_to(entry, "/crm.duplicate.findbycomm"), "{entry}");
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
    let env = crm_env();
    let before = env.stats();
    let first = env.run_crm_ok(CRM_CREATE);
    let after_first = env.stats();
    assert_eq!(
        after_first["crm_contacts"].as_u64(),
        before["crm_contacts"].as_u64().map(|n| n + 1)
    );
    // The same phone in another spelling, another e-mail: the contact is found by its phone.
    let mut again: Vec<&str> = CRM_CREATE.to_vec();
    let phone = again.iter().position(|a| *a == "--phone").unwrap();
    again[phone + 1] = "+55 16 99264 0197";
    let email = again.iter().position(|a| *a == "--email").unwrap();
    again[email + 1] = "outra@example.com";
    // A script that did not say what to do with a contact that exists is refused: no second deal.
    env.clear_journal();
    let refused = exited(env.run_crm(&again), 2);
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
    let skipped = env.run_crm_ok(&[&again[..], &["--if-exists", "skip"][..]].concat());
    let answer = stdout_json(&skipped);
    assert_eq!(answer["status"], "skipped");
    assert_eq!(answer["existing"], contact);
    assert_eq!(env.stats()["crm_deals"], after_first["crm_deals"]);
    // `create`: the webhook is called anyway, and reuses the contact.
    let second = env.run_crm_ok(&[&again[..], &["--if-exists", "create"][..]].concat());
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
    let env = crm_env();
    let with = |flag: &str, value: &str| -> Vec<String> {
        let mut args: Vec<String> = CRM_CREATE.iter().map(|s| s.to_string()).collect();
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
            CRM_CREATE
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
        let out = env.run_crm(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {}", stderr(&out));
        assert!(
            stderr(&out).contains(named),
            "{args:?} should name {named}: {}",
            stderr(&out)
        );
    }
    // Without a webhook ID there is nowhere to send it.
    let out = exits(env.bare().args(CRM_CREATE), 2);
    assert!(stderr(&out).contains("webhook_id"), "{}", stderr(&out));
    assert!(env.sent().is_empty(), "{:?}", env.sent());
}

#[test]
fn updates_and_aliases_are_visible_to_get() {
    let env = crm_env();
    config_set(&env, "aliases.mail", "UF_CRM_1676052930");
    env.clear_journal();
    env.run_crm_ok(&[
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
    ]);
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
    let out = env.run_crm_ok(&["crm", "contact", "get", "5", "--format", "json"]);
    let record = stdout_json(&out);
    assert_eq!(record["NAME"], "Zélia");
    assert_eq!(record["UF_CRM_1676052930"], "zelia@example.com");
    assert!(record["PHONE"].is_array(), "JSON keeps multi-fields whole");
}

#[test]
fn crm_refusals_exit_4_and_bad_credentials_exit_3() {
    let env = crm_env();
    let out = exited(env.run_crm(&["crm", "contact", "get", "999999"]), 4);
    assert!(stderr(&out).contains("NOT_FOUND"), "{}", stderr(&out));
    let out = exited(
        env.run_crm(&["crm", "deal", "update", "3", "--set", "NO_SUCH_FIELD=1"]),
        4,
    );
    assert!(stderr(&out).contains("NO_SUCH_FIELD"), "{}", stderr(&out));
    let wrong = env
        .sandbox
        .urls()
        .crm_url
        .replace("/sandbox/", "/k3y-0f-w3bh00k/");
    let out = exited(
        env.run_with(
            &[
                ("CLINIC_WEBHOOK_ID", clinic_sandbox::WEBHOOK_ID),
                ("CLINIC_CRM_URL", arg(&wrong)),
            ],
            &["-v", "crm", "contact", "list"],
        ),
        3,
    );
    assert!(!stderr(&out).contains("k3y-0f-w3bh00k"), "{}", stderr(&out));
    assert!(stderr(&out).contains("crm_url"), "{}", stderr(&out));
}

#[test]
fn traces_never_show_the_crm_secret_or_the_webhook_id() {
    let env = crm_env();
    let out = env.run_crm_ok(&[
        "-v", "crm", "contact", "list", "--limit", "2", "--format", "json",
    ]);
    let err = stderr(&out);
    assert!(
        err.contains("> GET ") && err.contains("/crm/rest/1/****/crm.contact.list"),
        "{err}"
    );
    assert!(!err.contains("sandbox"), "{err}");
    let out = env.run_crm_ok(&[&["-v"][..], CRM_CREATE].concat());
    let err = stderr(&out);
    assert!(err.contains("/automation/webhook/****?"), "{err}");
    assert!(!err.contains("sandbox"), "{err}");
    let record: Value = stdout_json(&out);
    assert_eq!(record["ok"], true);
}

/// A duplicate lookup the CRM cannot answer (here a `crm_url` it refuses) does not stop the
/// create that was asked for: it is said on stderr and the webhook is called. Only `--if-exists
/// skip`, which must never create unchecked, fails, with nothing sent to the webhook.
#[test]
fn a_duplicate_lookup_that_fails_does_not_stop_the_create() {
    let env = crm_env();
    let refused = env
        .sandbox
        .urls()
        .crm_url
        .replace("/sandbox/", "/wrong-secret/");
    let before = env.stats()["crm_deals"].as_u64().unwrap();
    let out = exited(
        env.run_with(
            &[
                ("CLINIC_WEBHOOK_ID", clinic_sandbox::WEBHOOK_ID),
                ("CLINIC_CRM_URL", arg(&refused)),
            ],
            CRM_CREATE,
        ),
        0,
    );
    assert!(
        stderr(&out).contains("could not look the phone and e-mail up in the CRM"),
        "{}",
        stderr(&out)
    );
    assert_eq!(stdout_json(&out)["ok"], true);
    assert_eq!(env.stats()["crm_deals"].as_u64(), Some(before + 1));

    exited(
        env.run_with(
            &[
                ("CLINIC_WEBHOOK_ID", clinic_sandbox::WEBHOOK_ID),
                ("CLINIC_CRM_URL", arg(&refused)),
            ],
            &[CRM_CREATE, &["--if-exists", "skip"][..]].concat(),
        ),
        3,
    );
    assert_eq!(env.stats()["crm_deals"].as_u64(), Some(before + 1));
}

/// A phone added to a CRM contact is stored as creates send it (`+55…`), whatever its spelling, so
/// that creating a lead with that phone later finds the contact instead of opening another deal.
#[test]
fn a_phone_added_by_hand_is_found_by_the_next_create() {
    let env = crm_env();
    env.run_crm_ok(&[
        "crm",
        "contact",
        "update",
        "14",
        "--add",
        "PHONE=16 98888 1234",
        "--format",
        "json",
    ]);
    let phones = values_of(&env, "crm.contact.get", 14, "PHONE");
    assert!(phones.contains(&"+5516988881234".to_string()), "{phones:?}");
    // A phone that is none is refused before anything is sent.
    env.clear_journal();
    exited(
        env.run_crm(&["crm", "contact", "update", "14", "--add", "PHONE=12"]),
        2,
    );
    assert!(env.sent().is_empty());

    let mut create: Vec<String> = CRM_CREATE.iter().map(|s| s.to_string()).collect();
    let phone = create.iter().position(|a| a == "--phone").unwrap();
    create[phone + 1] = "(16) 98888-1234".to_string();
    let email = create.iter().position(|a| a == "--email").unwrap();
    create[email + 1] = "ninguem@example.com".to_string();
    env.clear_journal();
    let again = exited(env.run_crm(&create), 2);
    assert!(stderr(&again).contains("14"), "{}", stderr(&again));
    assert!(
        !env.sent()
            .iter()
            .any(|e| e["path"].as_str().unwrap().contains("/automation/")),
        "the webhook was not called"
    );
}

/// `crm contact get --ids-from` reads its file as the imports read theirs: a list of IDs saved by
/// Excel (Windows-1252, an accented header, CRLF) is read and said to be, and `--encoding utf-8`
/// refuses it at the byte that is not UTF-8.
#[test]
fn ids_from_an_excel_file_in_windows_1252_are_read_and_said_to_be() {
    let env = crm_env();
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("códigos.csv");
    std::fs::write(&file, b"C\xf3digo\r\n3\r\n4\r\n").unwrap();
    let out = env.run_crm_ok(&[
        "crm",
        "contact",
        "get",
        "--ids-from",
        arg(&file),
        "--format",
        "json",
    ]);
    assert_eq!(ids_of(&out), [3, 4]);
    assert_eq!(
        stderr(&out),
        format!(
            "{} is not UTF-8 (line 1, byte 2): read as Windows-1252, the encoding of Excel's \
             plain CSV; --encoding names another\n",
            file.display()
        )
    );
    let out = exited(
        env.run_crm(&[
            "crm",
            "contact",
            "get",
            "--ids-from",
            arg(&file),
            "--encoding",
            "utf-8",
        ]),
        2,
    );
    assert!(
        stderr(&out).starts_with(&format!(
            "error: invalid --ids-from: got \"{}\", expected text in UTF-8, but line 1, byte 2 \
             (0xF3) is not",
            file.display()
        )),
        "{}",
        stderr(&out)
    );
}
