//! Multi-value CRM fields (phones, e-mails): written as Bitrix lists, replaced, added to, removed
//! from, and one cell in CSV.

use crate::common::*;

#[test]
fn multi_value_fields_are_written_as_bitrix_lists_and_native_names_win_over_aliases() {
    let env = crm_env();
    // The alias `phone` names a custom field; `PHONE`, the native multi-field, must stay itself.
    env.run_crm_ok(&["crm", "aliases", "install"]);
    env.clear_journal();
    env.run_crm_ok(&[
        "crm",
        "contact",
        "update",
        "7",
        "--set",
        "PHONE=+5516992640197",
        "--set",
        "PHONE:MOBILE=+5516981212118",
        "--set",
        "EMAIL=ze@example.com",
        "--set",
        "phone=16992640197",
        "--format",
        "json",
    ]);
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
    let phones = values_of(&env, "crm.contact.get", 7, "PHONE");
    assert!(phones.contains(&"+5516992640197".to_string()), "{phones:?}");
    assert!(phones.contains(&"+5516981212118".to_string()), "{phones:?}");

    // `--select PHONE` selects the native field, not the alias's custom one.
    env.clear_journal();
    env.run_crm_ok(&[
        "crm", "contact", "list", "--select", "PHONE", "--select", "phone", "--format", "json",
    ]);
    let q = query_of(&env.sent()[0]);
    assert!(q.contains(&("select[]".into(), "PHONE".into())), "{q:?}");
    assert!(
        q.contains(&("select[]".into(), "UF_CRM_1673035980".into())),
        "{q:?}"
    );

    // A field ID in the wrong case is neither an alias, a field nor a label: refused before
    // anything is written, once the contacts' user fields were read for their labels.
    env.clear_journal();
    let out = exited(
        env.run_crm(&["crm", "contact", "update", "7", "--set", "name=Ana"]),
        2,
    );
    assert!(
        stderr(&out).contains("did you mean NAME?"),
        "{}",
        stderr(&out)
    );
    let sent: Vec<String> = env
        .sent()
        .iter()
        .map(|e| {
            e["path"]
                .as_str()
                .unwrap_or("")
                .rsplit('/')
                .next()
                .unwrap_or("")
                .to_string()
        })
        .collect();
    assert_eq!(sent, ["crm.contact.userfield.list"]);
}

/// `--set` replaces a multi-value field's values (removing the others by ID), `--add` keeps them,
/// `--remove` takes the equal ones, and `--set PHONE=` empties the field.
#[test]
fn multi_value_fields_are_replaced_added_to_and_removed_from() {
    let env = crm_env();
    let update = |args: &[&str]| {
        env.run_crm(
            &[
                &["crm", "contact", "update", "9"][..],
                args,
                &["--format", "json"][..],
            ]
            .concat(),
        )
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
    assert!(!env.sent().iter().any(|r| is_to(r, "crm.contact.update")));
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
fn multi_fields_are_one_cell_in_csv() {
    let env = crm_env();
    let out = env.run_crm_ok(&[
        "crm", "contact", "list", "--select", "NAME", "--select", "PHONE", "--limit", "3",
        "--format", "csv",
    ]);
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

/// A portal that answers the CRM method `family` (the other answering ERROR_METHOD_NOT_FOUND).
fn portal(family: clinic_sandbox::crm::Methods) -> Env {
    Env::with(clinic_sandbox::Options {
        crm_rate_limit: 0,
        crm_methods: family,
        ..clinic_sandbox::Options::ephemeral()
    })
}

/// A user field is written, filtered and shown by its label on either method family: its code is
/// what the CRM receives and what the output names, read from `crm.contact.userfield.list`
/// (labels in `filter[LANG]`) on the classic family and from `crm.item.fields` on the universal.
#[test]
fn a_user_field_is_written_and_shown_by_its_label_on_either_family() {
    use clinic_sandbox::crm::Methods;
    for family in [Methods::Classic, Methods::Item] {
        let env = portal(family);
        env.clear_journal();
        let out = env.run_crm_ok(&[
            "crm",
            "contact",
            "update",
            "5",
            "--set",
            "e-mail (TEXTO)=ana@example.com",
            "--format",
            "json",
        ]);
        assert_eq!(
            String::from_utf8_lossy(&out.stdout),
            "{\n  \"ID\": \"5\",\n  \"updated\": [\n    \"UF_CRM_1676052930\"\n  ]\n}\n",
            "{family:?}"
        );
        let (labels, write, field) = match family {
            Methods::Classic => (
                "crm.contact.userfield.list",
                "crm.contact.update",
                "FIELDS[UF_CRM_1676052930]",
            ),
            _ => (
                "crm.item.fields",
                "crm.item.update",
                "fields[ufCrm_1676052930]",
            ),
        };
        let asked = update_sent(&env, labels);
        match family {
            Methods::Classic => assert!(
                asked.contains(&("filter[LANG]".into(), "br".into())),
                "{asked:?}"
            ),
            _ => assert!(
                asked.contains(&("entityTypeId".into(), "3".into())),
                "{asked:?}"
            ),
        }
        let q = update_sent(&env, write);
        assert!(
            q.contains(&(field.into(), "ana@example.com".into())),
            "{family:?} {q:?}"
        );
        assert_eq!(calls_to(&env, write), 1);
        // The labels are kept like the reference lists: the next run asks only for the write.
        env.clear_journal();
        env.run_crm_ok(&[
            "crm",
            "contact",
            "update",
            "5",
            "--set",
            "E-mail (texto)=ana@example.com",
        ]);
        assert_eq!(calls_to(&env, labels), 0, "{family:?}");
        assert_eq!(calls_to(&env, write), 1, "{family:?}");

        // `--columns` by label, on a get and on a filtered list (which asks for the user field).
        let get = env.run_crm_ok(&[
            "crm",
            "contact",
            "get",
            "5",
            "--columns",
            "ID,E-mail (texto)",
            "--format",
            "csv",
        ]);
        assert_eq!(
            String::from_utf8_lossy(&get.stdout),
            "ID,UF_CRM_1676052930\n5,ana@example.com\n",
            "{family:?}"
        );
        let list = env.run_crm_ok(&[
            "crm",
            "contact",
            "list",
            "--field",
            "E-mail (texto)=ana@example.com",
            "--columns",
            "ID,E-mail (texto)",
            "--format",
            "csv",
        ]);
        assert_eq!(list.stdout, get.stdout, "{family:?}");
    }
}

/// A name that is no field ID, alias nor label is refused with the labels there are, and nothing is
/// written.
#[test]
fn an_unknown_label_is_refused_with_the_labels_there_are() {
    let env = portal(clinic_sandbox::crm::Methods::Classic);
    env.clear_journal();
    let out = exited(
        env.run_crm(&[
            "crm",
            "contact",
            "update",
            "5",
            "--set",
            "Procedimento=Botox",
        ]),
        2,
    );
    assert_eq!(
        stderr(&out).trim_end(),
        "error: invalid field name: got \"Procedimento\", expected a CRM field ID as the CRM \
         spells it (NAME, PHONE, UF_CRM_…) or an alias of the profile; did you mean PROCEDIMENTO? \
         aliases: none (clinic crm aliases install); or a user field's label; labels: Telefone \
         (automação), E-mail (texto)"
    );
    assert!(out.stdout.is_empty());
    assert_eq!(calls_to(&env, "crm.contact.update"), 0);
}
