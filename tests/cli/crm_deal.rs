//! `clinic crm deal update`: deals move between stages.

use crate::common::*;

#[test]
fn deals_move_between_stages() {
    let env = crm_env();
    for (typed, id, name) in [
        (
            "tentativa de CONTATO",
            "PREPAYMENT_INVOICE",
            "Tentativa de contato",
        ),
        ("em negociacao", "3", "Em negociação"),
        ("WON", "WON", "Venda realizada"),
    ] {
        env.run_crm_ok(&[
            "crm", "deal", "update", "7", "--stage", typed, "--format", "json",
        ]);
        let out = env.run_crm(&["crm", "deal", "get", "7", "--format", "json"]);
        let deal = stdout_json(&out);
        assert_eq!(deal["STAGE_ID"], id);
        assert_eq!(deal["UF_CRM_1669405845"], name);
    }
    // With the alias configured, the stage goes to the field it names.
    config_set(&env, "aliases.stage_name", "UF_CRM_1669405845");
    env.clear_journal();
    env.run_crm_ok(&[
        "crm",
        "deal",
        "update",
        "8",
        "--stage",
        "Agendado",
        "--set",
        "UTM_TERM=x",
    ]);
    let q = query_of(&env.sent()[0]);
    assert!(
        q.contains(&("FIELDS[UF_CRM_1669405845]".into(), "Agendado".into())),
        "{q:?}"
    );
    assert_eq!(env.crm_get("crm.deal.get", 8)["STAGE_ID"], "1");
    assert_eq!(env.crm_get("crm.deal.get", 8)["UTM_TERM"], "x");
}
