//! `clinic crm item create|update`: items of a smart process written with `crm.item.add` and
//! `crm.item.update`, fields by their labels, pipeline and stage by name.

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

/// The item a write printed as JSON.
fn item_of(out: &std::process::Output) -> Value {
    serde_json::from_slice(&out.stdout).unwrap()
}

#[test]
fn an_item_is_created_and_updated_with_fields_by_label_and_stage_by_name() {
    for methods in [Methods::Both, Methods::Item] {
        let env = portal(methods);
        env.clear_journal();
        let out = env.run_crm_ok(&[
            "crm",
            "item",
            "create",
            "--type",
            "Tratamentos",
            "--field",
            "TITLE=Botox — Ana",
            "--field",
            "procedimento=Botox",
            "--field",
            "Valor=1200.5",
            "--category",
            "corporal",
            "--stage",
            "Em andamento",
            "--format",
            "json",
        ]);
        let item = item_of(&out);
        let id = item["id"].as_u64().expect("the new item's id");
        assert_eq!(item["title"], "Botox — Ana");
        assert_eq!(item["ufCrm5_1700000001"], "Botox");
        assert_eq!(item["ufCrm5_1700000002"], 1200.5);
        assert_eq!(item["categoryId"], 12);
        assert_eq!(item["stageId"], "DT1032_12:PREPARATION");
        // What the portal received: one add, in the universal words, the codes of the labels.
        assert_eq!(calls_to(&env, "crm.item.add"), 1);
        let q = update_sent(&env, "crm.item.add");
        for pair in [
            ("entityTypeId", "1032"),
            ("fields[title]", "Botox — Ana"),
            ("fields[ufCrm5_1700000001]", "Botox"),
            ("fields[ufCrm5_1700000002]", "1200.5"),
            ("fields[categoryId]", "12"),
            ("fields[stageId]", "DT1032_12:PREPARATION"),
        ] {
            assert!(
                q.contains(&(pair.0.into(), pair.1.into())),
                "{methods:?} {pair:?} {q:?}"
            );
        }

        // An update by label; the stage looked up in the item's own pipeline.
        env.clear_journal();
        let id_text = id.to_string();
        let out = env.run_crm_ok(&[
            "crm",
            "item",
            "update",
            "--type",
            "1032",
            "--field",
            "Procedimento=Peeling",
            "--stage",
            "concluido",
            "--format",
            "json",
            "--",
            &id_text,
        ]);
        let item = item_of(&out);
        assert_eq!(item["ufCrm5_1700000001"], "Peeling");
        assert_eq!(item["stageId"], "DT1032_12:SUCCESS");
        let q = update_sent(&env, "crm.item.update");
        assert!(q.contains(&("id".into(), id_text.clone())), "{q:?}");
        assert!(
            q.contains(&("fields[stageId]".into(), "DT1032_12:SUCCESS".into())),
            "{q:?}"
        );
        assert_eq!(calls_to(&env, "crm.item.update"), 1);
        // The portal keeps what was written.
        let shown = env.run_crm_ok(&[
            "crm",
            "item",
            "get",
            "--type",
            "Tratamentos",
            &id_text,
            "--format",
            "json",
        ]);
        assert_eq!(item_of(&shown)["ufCrm5_1700000001"], "Peeling");
    }
}

#[test]
fn a_label_two_fields_share_is_refused_with_their_codes_and_nothing_is_written() {
    let env = portal(Methods::Item);
    env.clear_journal();
    let out = exited(
        env.run_crm(&[
            "crm",
            "item",
            "update",
            "--type",
            "Retornos",
            "--field",
            "Observação=ligar antes",
            "--",
            "1",
        ]),
        2,
    );
    assert_eq!(
        stderr(&out).trim_end(),
        "error: invalid field name: got \"Observação\", expected one field's label, but several \
         fields have it: UF_CRM_7_1700000102, UF_CRM_7_1700000103 (name one by its code)"
    );
    assert!(out.stdout.is_empty());
    assert_eq!(calls_to(&env, "crm.item.update"), 0);
    // By its code, the same write goes through.
    env.run_crm_ok(&[
        "crm",
        "item",
        "update",
        "--type",
        "Retornos",
        "--field",
        "UF_CRM_7_1700000103=ligar antes",
        "--",
        "1",
    ]);
    let q = update_sent(&env, "crm.item.update");
    assert!(
        q.contains(&("fields[ufCrm7_1700000103]".into(), "ligar antes".into())),
        "{q:?}"
    );
}

#[test]
fn an_unknown_stage_or_pipeline_is_refused_naming_those_there_are() {
    let env = portal(Methods::Item);
    env.clear_journal();
    let out = exited(
        env.run_crm(&[
            "crm",
            "item",
            "create",
            "--type",
            "Retornos",
            "--field",
            "TITLE=Retorno",
            "--stage",
            "Concluído",
        ]),
        2,
    );
    assert_eq!(
        stderr(&out).trim_end(),
        "error: invalid --stage: got \"Concluído\", expected one of the stages of the item's \
         pipeline, by name or ID: Aguardando (DT1036_14:NEW), Confirmado (DT1036_14:CLIENT), \
         Realizado (DT1036_14:SUCCESS), Faltou (DT1036_14:FAIL)"
    );
    let out = exited(
        env.run_crm(&[
            "crm",
            "item",
            "create",
            "--type",
            "Tratamentos",
            "--category",
            "Capilar",
        ]),
        2,
    );
    assert_eq!(
        stderr(&out).trim_end(),
        "error: invalid --category: got \"Capilar\", expected one of the pipelines of this smart \
         process, by name or ID: Facial (10), Corporal (12)"
    );
    assert_eq!(calls_to(&env, "crm.item.add"), 0);
    let out = exited(
        env.run_crm(&["crm", "item", "update", "--type", "Retornos", "--", "1"]),
        2,
    );
    assert!(
        stderr(&out).contains("nothing to write"),
        "{}",
        stderr(&out)
    );
    assert_eq!(calls_to(&env, "crm.item.update"), 0);
}
