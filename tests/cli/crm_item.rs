//! `clinic crm item list`: the items of a smart process, named by its title, filtered by stage and
//! pipeline names, every page walked (by offset and by `id` keyset), on a portal that answers
//! both method families and on one that answers only the universal `crm.item.*`.

use clinic_sandbox::Options;
use clinic_sandbox::crm::Methods;
use serde_json::Value;

use crate::common::*;

fn portal(methods: Methods) -> Env {
    Env::with(Options {
        crm_rate_limit: 0,
        crm_methods: methods,
        ..Options::ephemeral()
    })
}

fn ids(items: &[Value]) -> Vec<u64> {
    items.iter().map(|i| i["id"].as_u64().unwrap()).collect()
}

fn calls(env: &Env, method: &str) -> Vec<Value> {
    env.sent()
        .into_iter()
        .filter(|e| is_to(e, method))
        .collect()
}

#[test]
fn a_smart_process_is_listed_by_title_and_filtered_by_a_stage_name_on_either_family() {
    for methods in [Methods::Both, Methods::Item] {
        let env = portal(methods);
        let all = env.crm_items(1032);
        assert!(all.len() > 100, "{}", all.len());
        env.clear_journal();
        let out = env.run_crm_ok(&[
            "crm",
            "item",
            "list",
            "--type",
            "tratamentos",
            "--stage",
            "concluido",
            "--all",
            "--format",
            "json",
        ]);
        let listed = stdout_json(&out);
        let listed = listed.as_array().unwrap();
        // Both pipelines have a stage named "Concluído": either is asked for.
        let wanted: Vec<&Value> = all
            .iter()
            .filter(|i| {
                ["DT1032_10:SUCCESS", "DT1032_12:SUCCESS"].contains(&i["stageId"].as_str().unwrap())
            })
            .collect();
        assert!(!wanted.is_empty());
        assert_eq!(listed.len(), wanted.len(), "{methods:?}");
        for (got, want) in listed.iter().zip(&wanted) {
            assert_eq!(got, *want, "{methods:?}");
        }
        // The names were read before the items were asked for, and the items asked by stage ID.
        let sent = env.sent();
        let first_list = sent.iter().position(|e| is_to(e, "crm.item.list")).unwrap();
        assert!(
            sent[..first_list]
                .iter()
                .any(|e| is_to(e, "crm.status.list"))
        );
        let query = query_of(&sent[first_list]);
        assert!(
            query.contains(&("entityTypeId".into(), "1032".into())),
            "{query:?}"
        );
        assert!(
            query.contains(&("filter[@stageId][]".into(), "DT1032_10:SUCCESS".into()))
                && query.contains(&("filter[@stageId][]".into(), "DT1032_12:SUCCESS".into())),
            "{query:?}"
        );

        // A pipeline named narrows the stage to that pipeline's, in CSV as in every format.
        let out = env.run_crm_ok(&[
            "crm",
            "item",
            "list",
            "--type",
            "1032",
            "--stage",
            "Concluído",
            "--category",
            "corporal",
            "--all",
            "--format",
            "csv",
        ]);
        let text = String::from_utf8(out.stdout).unwrap();
        let mut lines = text.lines();
        let header: Vec<&str> = lines.next().unwrap().split(',').collect();
        let stage_at = header.iter().position(|h| *h == "stageId").unwrap();
        let id_at = header.iter().position(|h| *h == "id").unwrap();
        let rows: Vec<Vec<&str>> = lines.map(|l| l.split(',').collect()).collect();
        let corporal: Vec<String> = all
            .iter()
            .filter(|i| i["stageId"] == "DT1032_12:SUCCESS")
            .map(|i| i["id"].to_string())
            .collect();
        assert!(!corporal.is_empty());
        assert_eq!(
            rows.iter()
                .map(|r| r[id_at].to_string())
                .collect::<Vec<_>>(),
            corporal
        );
        assert!(rows.iter().all(|r| r[stage_at] == "DT1032_12:SUCCESS"));
    }
}

#[test]
fn every_page_of_a_smart_process_is_walked_by_offset_and_by_id_keyset() {
    for methods in [Methods::Both, Methods::Item] {
        let env = portal(methods);
        let all = env.crm_items(1032);
        // More than four pages of fifty.
        assert!(all.len() > 150, "{}", all.len());
        env.clear_journal();
        let out = env.run_crm_ok(&[
            "crm",
            "item",
            "list",
            "--type",
            "Tratamentos",
            "--all",
            "--format",
            "ndjson",
        ]);
        let listed: Vec<Value> = String::from_utf8(out.stdout)
            .unwrap()
            .lines()
            .map(|l| serde_json::from_str(l).unwrap())
            .collect();
        assert_eq!(ids(&listed), ids(&all), "{methods:?}");
        assert_eq!(listed, all, "{methods:?}");
        // Page 1 alone, the pages after it fifty to a batch request (and a look past the last full
        // page, which holds nothing).
        let alone = calls(&env, "crm.item.list");
        assert_eq!(alone.len(), 2, "{alone:?}");
        assert!(query_of(&alone[0]).contains(&("start".into(), "0".into())));
        assert!(query_of(&alone[1]).contains(&("start".into(), all.len().to_string())));
        let batches = calls(&env, "/batch");
        assert_eq!(batches.len(), 1);
        let pages = batch_calls(&batches[0]);
        assert_eq!(pages.len(), all.len().div_ceil(50) - 1);
        assert!(pages.iter().all(|(m, _)| m == "crm.item.list"));

        // By keyset: `start=-1`, each call after the last `id` of the one before.
        env.clear_journal();
        let out = env.run_crm_ok(&[
            "crm",
            "item",
            "list",
            "--type",
            "Tratamentos",
            "--all",
            "--keyset",
            "--format",
            "json",
        ]);
        assert_eq!(stdout_json(&out), Value::Array(all.clone()), "{methods:?}");
        assert!(calls(&env, "crm.item.list").is_empty());
        let batches = calls(&env, "/batch");
        assert!(!batches.is_empty());
        let pages = batch_calls(&batches[0]);
        let (method, first) = &pages[0];
        assert_eq!(method, "crm.item.list");
        for pair in [
            ("entityTypeId", "1032"),
            ("start", "-1"),
            ("order[id]", "ASC"),
            ("filter[>id]", "0"),
        ] {
            assert!(
                first.contains(&(pair.0.into(), pair.1.into())),
                "{pair:?} {first:?}"
            );
        }
        assert!(
            pages[1]
                .1
                .contains(&("filter[>id]".into(), "$result[c0][items][49][id]".into())),
            "{:?}",
            pages[1]
        );
    }
}

#[test]
fn an_unknown_stage_or_pipeline_is_refused_with_the_names_the_portal_has() {
    let env = portal(Methods::Item);
    env.clear_journal();
    let out = exited(
        env.run_crm(&[
            "crm",
            "item",
            "list",
            "--type",
            "Tratamentos",
            "--stage",
            "Faturado",
        ]),
        2,
    );
    assert_eq!(
        stderr(&out).trim_end(),
        "error: invalid --stage: got \"Faturado\", expected the name or STATUS_ID of one of the \
         smart process's stages: Agendado, Em andamento, Concluído, Cancelado"
    );
    assert!(out.stdout.is_empty());
    let out = exited(
        env.run_crm(&[
            "crm",
            "item",
            "list",
            "--type",
            "Retornos",
            "--category",
            "Facial",
        ]),
        2,
    );
    assert_eq!(
        stderr(&out).trim_end(),
        "error: invalid --category: got \"Facial\", expected the name or ID of one of the smart \
         process's pipelines: Geral"
    );
    let out = exited(
        env.run_crm(&["crm", "item", "list", "--type", "Consultas"]),
        2,
    );
    assert!(stderr(&out).contains("Tratamentos (1032), Retornos (1036)"));
    assert!(calls(&env, "crm.item.list").is_empty());
    assert!(calls(&env, "/batch").is_empty());
}
