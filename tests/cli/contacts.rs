//! `clinic contact create` and `update`: the service's formats, refusals before sending, upserts by
//! phone, names for IDs and duplicate phones.

use predicates::prelude::*;
use serde_json::json;

use crate::common::*;

#[test]
fn create_sends_the_service_formats() {
    let env = Env::new();
    let out = env.run_ok(&[
        "contact",
        "create",
        "--name",
        "Maria José d'Ávila",
        "--phone",
        "+55 16 99264-0197",
        "--birth-date",
        "23/04/1990",
        "--canal",
        "1",
        "--campaign",
        "2",
        "--email",
        "maria@example.com",
        "--observacao",
        "primeira visita, \"VIP\"",
        "--clinic",
        "1",
        "--format",
        "json",
    ]);
    // The phone, then the e-mail, are looked up in the clinic's contacts (digits only, as
    // lista_cliente takes a phone); none is there, so the contact is created.
    let sent = env.sent();
    assert_eq!(sent.len(), 3, "{sent:?}");
    for (entry, (key, value)) in sent
        .iter()
        .zip([("telefone", "16992640197"), ("email", "maria@example.com")])
    {
        assert_eq!(entry["method"], "GET");
        assert!(is_to(entry, "/lista_cliente"));
        let q = query_of(entry);
        assert!(q.contains(&(key.into(), value.into())), "{q:?}");
        assert!(q.contains(&("clinica".into(), "1".into())), "{q:?}");
    }
    let sent = &sent[2..];
    assert_eq!(sent[0]["method"], "POST");
    assert_eq!(
        body_of(&sent[0]),
        json!({"clinica": "1", "nome": "Maria José d'Ávila", "telefone": "(16) 99264-0197",
               "data_nascimento": "1990-04-23", "canal": 1, "campanha": 2,
               "email": "maria@example.com", "observacao": "primeira visita, \"VIP\""})
    );
    let answer = stdout_json(&out);
    assert!(
        answer["id"].is_number() || answer["id"].is_string(),
        "{answer}"
    );
    // The new contact is found by its phone, sent as digits.
    env.clear_journal();
    let out = env.run_ok(&[
        "contact",
        "list",
        "--phone",
        "(16) 99264-0197",
        "--format",
        "json",
    ]);
    assert!(query_of(&env.sent()[0]).contains(&("telefone".into(), "16992640197".into())));
    let found = stdout_json(&out);
    assert!(
        found
            .as_array()
            .unwrap()
            .iter()
            .any(|c| c.to_string().contains("Maria José d'Ávila")),
        "{found}"
    );
}

#[test]
fn create_rejections_send_nothing() {
    let env = Env::new();
    let ok = [&ANA[2..], FILED_UNDER_ONE].concat();
    let cases: Vec<(Vec<&str>, &str)> = vec![
        (vec!["--phone", "123"], "--phone"),
        (vec!["--phone", "1732121211"], "--phone"),
        (vec!["--birth-date", "1990-02-30"], "--birth-date"),
        (vec!["--email", "not-an-email"], "--email"),
        (vec!["--channel", "0"], "--channel"),
        (vec!["--campaign", ""], "--campaign"),
    ];
    for (over, field) in cases {
        let mut args: Vec<&str> = vec!["contact", "create"];
        let mut i = 0;
        while i < ok.len() {
            if let Some(p) = over.iter().position(|o| *o == ok[i]) {
                args.push(ok[i]);
                args.push(over[p + 1]);
            } else {
                args.push(ok[i]);
                args.push(ok[i + 1]);
            }
            i += 2;
        }
        for pair in over.chunks(2) {
            if !ok.contains(&pair[0]) {
                args.extend_from_slice(pair);
            }
        }
        env.clinic()
            .args(&args)
            .assert()
            .code(2)
            .stderr(predicate::str::contains(field));
    }
    // No clinic anywhere: refused with the way out.
    env.clinic()
        .args(ANA)
        .args(["--channel", "1", "--campaign", "1"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("clinic config set clinica"));
    assert!(env.sent().is_empty());
}

#[test]
fn update_records_a_new_origin_and_upsert_finds_by_phone() {
    let env = Env::new();
    env.run_ok(&["config", "set", "clinica", "1"]);
    let args = [
        "--name",
        "Bruno Ñandú",
        "--phone",
        "(11) 98888-7777",
        "--birth-date",
        "1985-12-31",
        "--channel",
        "2",
        "--campaign",
        "3",
    ];
    let out = env.run_ok(
        &[
            &["contact", "upsert"][..],
            &args[..],
            &["--format", "json"][..],
        ]
        .concat(),
    );
    let first = stdout_json(&out);
    assert_eq!(first["action"], "created");
    let out = env.run_ok(
        &[
            &["contact", "upsert"][..],
            &args[..],
            &["--format", "json", "--note", "de novo"][..],
        ]
        .concat(),
    );
    let second = stdout_json(&out);
    assert_eq!(second["action"], "updated");
    assert_eq!(
        second["id"].to_string().trim_matches('"'),
        first["id"].to_string().trim_matches('"')
    );
    let posts = env.posts();
    assert_eq!(posts.len(), 2);
    assert!(
        posts[0]["path"]
            .as_str()
            .unwrap()
            .ends_with("/cadastraCliente")
    );
    assert!(
        posts[1]["path"]
            .as_str()
            .unwrap()
            .ends_with("/atualizaCadastroCliente")
    );
    assert_eq!(body_of(&posts[1])["observacao"], "de novo");

    env.clear_journal();
    let id = first["id"].to_string().trim_matches('"').to_string();
    env.run_ok(&[
        "contact",
        "update",
        &id,
        "--channel",
        "4",
        "--campaign",
        "5",
    ]);
    let body = body_of(&env.sent()[0]);
    assert_eq!(
        body,
        json!({"id": id, "clinica": "1", "canal": 4, "campanha": 5})
    );
    exited(env.run(&["contact", "update", "abc"]), 2);
    exited(
        env.run(&["contact", "update", "999999999", "--channel", "1"]),
        4,
    );
}

#[test]
fn names_resolve_to_ids_and_bad_names_list_candidates() {
    let env = Env::new();
    env.run_ok(
        &[
            ANA,
            &[
                "--channel",
                "instagram",
                "--campaign",
                "BLACK FRIDAY \"50% off\"",
                "--clinic",
                "sp campinas",
                "--format",
                "json",
            ][..],
        ]
        .concat(),
    );
    let post = env
        .sent()
        .into_iter()
        .find(|r| r["method"] == "POST")
        .unwrap();
    let body = body_of(&post);
    assert_eq!(
        (&body["canal"], &body["campanha"], &body["clinica"]),
        (&json!(3), &json!(2), &json!("1")),
        "{body}"
    );

    // Unknown and ambiguous names: refused, candidates listed, nothing written.
    env.clear_journal();
    let out = exited(
        env.run(
            &[
                ANA,
                &["--channel", "Instagran", "--campaign", "1", "--clinic", "1"][..],
            ]
            .concat(),
        ),
        2,
    );
    assert!(
        stderr(&out).contains("invalid --channel: got \"Instagran\"")
            && stderr(&out).contains("Instagram (3)"),
        "{}",
        stderr(&out)
    );
    assert!(env.sent().iter().all(|r| r["method"] == "GET"));
    // A status by name in a report, and a number still taken as an ID without any lookup.
    env.clear_journal();
    env.run_ok(
        &[
            APPOINTMENTS,
            &["--status", "confirmado,7", "--format", "json"][..],
        ]
        .concat(),
    );
    let sent = env.sent();
    assert!(
        sent[0]["path"]
            .as_str()
            .unwrap()
            .ends_with("/statusAgendamento")
    );
    assert!(query_of(sent.last().unwrap()).contains(&("status".into(), "2,7".into())));
    env.clear_journal();
    env.run_ok(
        &[
            APPOINTMENTS,
            &["--status", "2", "--page", "1", "--format", "json"][..],
        ]
        .concat(),
    );
    assert_eq!(crate::common::without_numbering_probe(env.sent()).len(), 1);
}

/// A second patient with the same phone is what nobody wants by accident: a script is refused with
/// nothing created, `--if-exists skip` creates nothing and exits 0, `--if-exists create` creates
/// another on purpose. Any spelling of the phone finds the first.
#[test]
fn contact_create_refuses_a_duplicate_phone_in_a_script() {
    let env = Env::new();
    let create = |phone: &str, extra: &[&str]| {
        env.clear_journal();
        env.run(
            &[
                &[
                    "contact",
                    "create",
                    "--name",
                    "Ana Souza",
                    "--phone",
                    phone,
                    "--birth-date",
                    "1990-04-23",
                ][..],
                FILED_UNDER_ONE,
                &["--format", "json"][..],
                extra,
            ]
            .concat(),
        )
    };
    let first = create("16 98888 1234", &[]);
    assert!(first.status.success(), "{}", stderr(&first));
    let id = stdout_json(&first)["id"]
        .to_string()
        .trim_matches('"')
        .to_string();

    let again = create("(16) 98888-1234", &[]);
    assert_eq!(again.status.code(), Some(2), "{}", stderr(&again));
    let err = stderr(&again);
    assert!(err.contains(&id) && err.contains("--if-exists"), "{err}");
    assert_eq!(env.posts().len(), 0, "nothing created");

    let skipped = create("+55 16 98888-1234", &["--if-exists", "skip"]);
    assert!(skipped.status.success(), "{}", stderr(&skipped));
    assert_eq!(stdout_json(&skipped)["action"], "skipped");
    assert_eq!(env.posts().len(), 0);

    let created = create("16988881234", &["--if-exists", "create"]);
    assert!(created.status.success(), "{}", stderr(&created));
    assert_eq!(env.posts().len(), 1);
    assert!(
        env.sent().iter().all(|e| e["method"] == "POST"),
        "--if-exists create looks nothing up"
    );
}
