//! `clinic campaign create` and `list`, with an appointment's status change seen in the report, and
//! a campaign name that already exists.

use serde_json::json;

use crate::common::*;

#[test]
fn campaign_create_then_listed_and_status_change_visible() {
    let env = Env::new();
    let out = succeeds(env.clinic().args([
        "campaign",
        "create",
        "--name",
        "Black Friday \"24\"",
        "--clinic",
        "1",
        "--format",
        "json",
    ]));
    let id = stdout_json(&out)["id"].clone();
    let posts = env.posts();
    assert_eq!(posts.len(), 1);
    assert_eq!(
        body_of(&posts[0]),
        json!({"nome": "Black Friday \"24\"", "clinica": "1"})
    );
    let out = succeeds(env.clinic().args([
        "campaign",
        "list",
        "--name",
        "Black Friday",
        "--format",
        "json",
        "--all",
    ]));
    assert!(
        stdout_json(&out)
            .to_string()
            .contains("Black Friday \\\"24\\\""),
        "{}",
        stdout_json(&out)
    );
    let _ = id;
    env.clinic()
        .args(["campaign", "create", "--name", "  "])
        .assert()
        .code(2);

    // Appointment status: pick one appointment, change it, see it in the report.
    let out = env
        .clinic()
        .args(APPOINTMENTS)
        .args(["--per-page", "1", "--format", "json"])
        .output()
        .unwrap();
    let appt = stdout_json(&out)[0].clone();
    let appt_id = appt["id"].to_string();
    env.clear_journal();
    let set = succeeds(env.clinic().args([
        "--lang",
        "pt-BR",
        "appointment",
        "set-status",
        &appt_id,
        "7",
    ]));
    assert_eq!(
        body_of(&env.sent()[0]),
        json!({"agendamento": appt["id"], "status": 7})
    );
    // The answer names the status as the front desk knows it, not only by its number.
    let name = env
        .clinic()
        .args(["ref", "appointment-statuses", "--format", "json"])
        .output()
        .unwrap();
    let name = stdout_json(&name)
        .as_array()
        .unwrap()
        .iter()
        .find(|s| s["id"] == 7)
        .map(|s| s["descricao"].as_str().unwrap().to_string())
        .unwrap();
    assert!(
        stderr(&set).contains(&format!(
            "agendamento {appt_id} passou para {name} (status 7)"
        )),
        "{}",
        stderr(&set)
    );
    let out = env
        .clinic()
        .args(APPOINTMENTS)
        .args(["--status", "7", "--all", "--format", "json"])
        .output()
        .unwrap();
    assert!(
        stdout_json(&out)
            .as_array()
            .unwrap()
            .iter()
            .any(|a| a["id"] == appt["id"])
    );
    env.clinic()
        .args(["appointment", "set-status", "1", "x"])
        .assert()
        .code(2);
    env.clinic()
        .args(["appointment", "set-status", "999999999", "2"])
        .assert()
        .code(4);
}

#[test]
fn a_campaign_name_that_exists_is_refused_in_a_script_asked_at_a_terminal_or_allowed() {
    let env = Env::new();
    let create = |name: &str, extra: &[&str]| {
        env.run(
            &[
                &["campaign", "create", "--clinic", "1", "--name", name][..],
                extra,
            ]
            .concat(),
        )
    };
    let posts = |env: &Env| {
        env.sent()
            .iter()
            .filter(|r| r["method"] == "POST" && is_to(r, "/criaCampanha"))
            .count()
    };
    let first = create("Outubro Rosa — 2025", &[]);
    assert!(first.status.success(), "{}", stderr(&first));
    env.clear_journal();
    // Typed another way (case, accents, the dash left out): the same name, refused before any write.
    let again = create("outubro rosa 2025", &[]);
    assert_eq!(again.status.code(), Some(2), "{}", stderr(&again));
    assert!(
        stderr(&again).contains("Outubro Rosa — 2025 ("),
        "{}",
        stderr(&again)
    );
    assert!(
        stderr(&again).contains("--allow-duplicate"),
        "{}",
        stderr(&again)
    );
    assert_eq!(posts(&env), 0);
    // Asked for, it is created.
    let allowed = create("outubro rosa 2025", &["--allow-duplicate"]);
    assert!(allowed.status.success(), "{}", stderr(&allowed));
    assert_eq!(posts(&env), 1);
    // At a terminal the user is asked; the default (Enter) is no.
    let mut p = env.on_terminal(
        "unidade1",
        &[
            "--lang",
            "pt-BR",
            "campaign",
            "create",
            "--clinic",
            "1",
            "--name",
            "Outubro rosa 2025",
        ],
    );
    p.exp_string("Criar outra de mesmo nome? [s/N]").unwrap();
    p.send_line("").unwrap();
    let rest = from_pty(&p.exp_eof().unwrap());
    assert!(rest.contains("nada foi enviado"), "{rest}");
    assert_eq!(posts(&env), 1);
}
