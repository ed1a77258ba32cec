//! The name cache behind `--campaign "Name"`: new campaigns usable by name at once, a miss read again
//! live before it fails, and `cache refresh` covering the clinic-scoped lists.

use serde_json::Value;

use crate::common::*;

/// Paths of the GET requests the command sent.
fn reads(env: &Env) -> Vec<String> {
    crate::common::without_numbering_probe(env.sent())
        .iter()
        .filter(|r| r["method"] == "GET")
        .map(|r| {
            r["path"]
                .as_str()
                .unwrap()
                .rsplit('/')
                .next()
                .unwrap()
                .to_string()
        })
        .collect()
}

fn contact_with_campaign(env: &Env, campaign: &str) -> std::process::Output {
    env.run(
        &[
            CREATE_ANYWAY,
            &[
                "--name",
                "Ana Nova",
                "--phone",
                "16992640197",
                "--birth-date",
                "1990-04-23",
                "--channel",
                "WhatsApp",
                "--clinic",
                "1",
                "--campaign",
                campaign,
                "--format",
                "json",
            ][..],
        ]
        .concat(),
    )
}

fn posted(env: &Env, path: &str) -> Value {
    let post = env
        .sent()
        .into_iter()
        .find(|r| r["method"] == "POST" && is_to(r, path))
        .unwrap_or_else(|| panic!("no POST {path}"));
    body_of(&post)
}

#[test]
fn a_campaign_just_created_is_usable_by_name_at_once() {
    let env = Env::new();
    env.run_ok(&["cache", "refresh"]);
    let out = env.run_ok(&[
        "campaign",
        "create",
        "--name",
        "Campanha Nova",
        "--clinic",
        "1",
        "--format",
        "json",
    ]);
    let id = stdout_json(&out)["id"].clone();
    env.clear_journal();
    let out = contact_with_campaign(&env, "campanha nova");
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(
        posted(&env, "/cadastraCliente")["campanha"].to_string(),
        id.to_string().trim_matches('"')
    );
    // The name came from the cache: the campaign list was not read again.
    assert!(
        !reads(&env).contains(&"listaCampanha".to_string()),
        "{:?}",
        reads(&env)
    );
}

#[test]
fn a_name_missing_from_the_cache_is_read_again_before_it_fails() {
    let env = Env::new();
    env.run_ok(&["cache", "refresh"]);
    // Created behind the cache's back.
    env.run_ok(&[
        "api",
        "POST",
        "/criaCampanha",
        "--data",
        arg(&r#"{"nome": "Criada na Web", "clinica": "1"}"#),
        "--format",
        "json",
    ]);
    env.clear_journal();
    let out = contact_with_campaign(&env, "Criada na Web");
    assert!(out.status.success(), "{}", stderr(&out));
    // Read again once: its one page, and the empty page that proves its end.
    assert_eq!(
        reads(&env).iter().filter(|p| *p == "listaCampanha").count(),
        2,
        "{:?}",
        reads(&env)
    );
    let id = posted(&env, "/cadastraCliente")["campanha"].clone();
    assert!(id.as_u64().is_some_and(|id| id > 30), "{id}");
    // The list read again was cached: the next use reads nothing.
    env.clear_journal();
    let out = contact_with_campaign(&env, "Criada na Web");
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(!reads(&env).contains(&"listaCampanha".to_string()));
    // A name that really is unknown is read once more, then refused with nothing sent.
    env.clear_journal();
    let out = contact_with_campaign(&env, "Nunca Existiu");
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    assert_eq!(reads(&env), ["listaCampanha", "listaCampanha"]);
    assert!(env.sent().iter().all(|r| r["method"] == "GET"));
}

#[test]
fn cache_refresh_reads_the_clinic_scoped_lists_of_every_clinic_in_sight() {
    let env = Env::new();
    let dir = env.config.path().join("cache").join("default");
    // An admin_master sees every clinic.
    let out = env.run_ok_as("admin", &["cache", "refresh"]);
    assert!(stderr(&out).contains("for 12 clinics"), "{}", stderr(&out));
    for clinic in 1..=12 {
        for list in [
            "campaigns",
            "services",
            "sellers",
            "creators",
            "account-plans",
            "operation-types",
        ] {
            let file = dir.join(format!("{list}-clinic-{clinic}.json"));
            assert!(file.exists(), "{} missing", file.display());
        }
    }
    // A clinic user sees one, whose lists are also what a command without --clinic gets.
    env.run_ok(&["cache", "clear"]);
    let out = env.run_ok(&["cache", "refresh"]);
    assert!(stderr(&out).contains("for 1 clinic\n"), "{}", stderr(&out));
    assert!(dir.join("campaigns-clinic-1.json").exists());
    assert!(dir.join("campaigns.json").exists());
    assert!(!dir.join("campaigns-clinic-2.json").exists());
    env.clear_journal();
    env.run_ok(
        &[
            FICHA,
            &[
                "--seller",
                "Camila Araújo",
                "--limit",
                "1",
                "--format",
                "json",
            ][..],
        ]
        .concat(),
    );
    assert_eq!(reads(&env), ["lista_venda_orcamento"]);
}

#[test]
fn names_match_by_their_words_and_todas_means_all() {
    let env = Env::scale(600);
    // `camila` is the start of one seller's name; `uberlandia` a word of one clinic's.
    env.clear_journal();
    let out = env.run_as(
        "admin",
        &[
            FICHA,
            &[
                "--clinic",
                "uberlandia",
                "--seller",
                "camila",
                "--limit",
                "1",
                "--format",
                "json",
            ][..],
        ]
        .concat(),
    );
    assert!(out.status.success(), "{}", crate::common::stderr(&out));
    let report = env
        .sent()
        .into_iter()
        .find(|r| is_to(r, "/lista_venda_orcamento"))
        .expect("the report was read");
    let query = crate::common::query_of(&report);
    let clinics =
        crate::common::stdout_json(&env.run_as("admin", &["ref", "clinics", "--format", "json"]));
    let uberlandia = clinics
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["nome"] == "MG Uberlândia")
        .map(|c| c["id"].to_string())
        .unwrap();
    assert!(query.contains(&("clinica".into(), uberlandia)), "{query:?}");
    assert!(query.iter().any(|(k, _)| k == "vendedor"), "{query:?}");
    // `todas` is `all`.
    let out = env.run_as(
        "admin",
        &[
            APPOINTMENTS,
            &["--clinic", "todas", "--format", "ndjson"][..],
        ]
        .concat(),
    );
    assert!(out.status.success(), "{}", crate::common::stderr(&out));
    assert_eq!(
        String::from_utf8_lossy(&out.stdout).lines().count() as u64,
        env.stats()["appointments"].as_u64().unwrap()
    );
}
