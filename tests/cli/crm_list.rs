//! `clinic crm contact list` filters, select and order: installed aliases, the fields form, `in`
//! and `like`.

use crate::common::*;

#[test]
fn installed_aliases_resolve_in_filters_select_and_order() {
    let env = crm_env();
    env.run_crm_ok(&["crm", "aliases", "install", "--format", "json"]);
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
    let out = env.run_crm_ok(&[
        "crm",
        "contact",
        "list",
        "--field",
        &format!("email={email}"),
        "--select",
        "email",
        "--select",
        "NAME",
        "--order",
        "email:desc",
        "--format",
        "json",
    ]);
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
    let out = env.run_crm_ok(&[
        "crm", "deal", "list", "--field", ">=ID=590", "--format", "json",
    ]);
    assert_eq!(ids_of(&out), (590..=600).collect::<Vec<u64>>());
}

#[test]
fn the_fields_form_sends_filters_as_fields() {
    let env = crm_env();
    env.clear_journal();
    let out = env.run_crm_ok(&[
        "crm",
        "contact",
        "list",
        "--fields-form",
        "--field",
        "ID=3",
        "--format",
        "json",
    ]);
    assert_eq!(ids_of(&out), vec![3]);
    let q = query_of(&env.sent()[0]);
    assert!(q.contains(&("FIELDS[ID]".into(), "3".into())), "{q:?}");
    assert!(!q.iter().any(|(k, _)| k.starts_with("filter[")), "{q:?}");
}

/// IN and NOT IN go as arrays, however the values were typed; LIKE with the person's own `%` is
/// accepted; nothing comes back empty because of how a filter was sent.
#[test]
fn in_filters_go_as_arrays_and_like_patterns_are_accepted() {
    let env = crm_env();
    for args in [
        &["--field", "@ID=13,21"][..],
        &["--field", "@ID=13", "--field", "@ID=21"][..],
    ] {
        env.clear_journal();
        let out = env.run_crm_ok(
            &[
                &["crm", "contact", "list"][..],
                args,
                &["--format", "json"][..],
            ]
            .concat(),
        );
        assert_eq!(ids_of(&out), vec![13, 21]);
        let q = query_of(&env.sent()[0]);
        let sent: Vec<&str> = q
            .iter()
            .filter(|(k, _)| k == "filter[@ID][]")
            .map(|(_, v)| v.as_str())
            .collect();
        assert_eq!(sent, ["13", "21"], "{q:?}");
    }

    let out = env.run_crm_ok(&[
        "crm",
        "contact",
        "list",
        "--field",
        "!@ID=13,21",
        "--all",
        "--format",
        "json",
    ]);
    let ids = ids_of(&out);
    assert!(ids.len() > 2 && !ids.contains(&13) && !ids.contains(&21));

    // The name of contact 13, by its first three letters and the person's own wildcard.
    let out = env.run_crm(&["crm", "contact", "get", "13", "--format", "json"]);
    let name = stdout_json(&out)["NAME"].as_str().unwrap().to_string();
    let start: String = name.chars().take(3).collect();
    for op in ["=%", "%="] {
        let out = env.run_crm(&[
            "crm",
            "contact",
            "list",
            "--all",
            "--field",
            arg(&format!("{op}NAME={start}%")),
            "--format",
            "json",
        ]);
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
