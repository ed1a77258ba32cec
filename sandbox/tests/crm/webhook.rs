//! `GET /automation/webhook/<id>`: validation, creation, dedupe.

use serde_json::{Value, json};

use crate::support::{Crm, form_query, lead, percent_query, with};

#[tokio::test]
async fn percent_encoded_names_create_a_contact_and_a_new_deal() {
    let crm = Crm::start().await;
    let query = percent_query(&lead(1));
    assert!(
        query.contains("Data%20hora%20de%20cria%C3%A7%C3%A3o=05%2F03%2F2024%2014%3A22%3A10"),
        "{query}"
    );
    let (status, body) = crm.webhook_raw("sandbox", &query).await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(
        body,
        json!({"ok": true, "contact_id": "601", "deal_id": "601", "contact_created": true})
    );

    let (_, contact) = crm.get("crm.contact.get", "ID=601").await;
    let contact = &contact["result"];
    assert_eq!(contact["NAME"], "Conceição");
    assert_eq!(contact["LAST_NAME"], "D'Ávila, \"Tuca\"");
    assert_eq!(contact["PHONE"][0]["VALUE"], "+5516900000001");
    assert_eq!(contact["PHONE"][0]["TYPE_ID"], "PHONE");
    assert_eq!(contact["EMAIL"][0]["VALUE"], "lead1@teste.invalid");
    assert_eq!(contact["UF_CRM_1673035980"], "+5516900000001");
    assert_eq!(contact["UF_CRM_1676052930"], "lead1@teste.invalid");
    assert_eq!(contact["DATE_CREATE"], "2024-03-05T14:22:10-03:00");

    let (_, deal) = crm.get("crm.deal.get", "ID=601").await;
    let deal = &deal["result"];
    for (field, expected) in [
        ("CONTACT_ID", "601"),
        ("STAGE_ID", "NEW"),
        ("UF_CRM_1669405845", "Nova oportunidade"),
        ("UTM_SOURCE", "Instagram"),
        ("UTM_MEDIUM", "stories"),
        ("UTM_CAMPAIGN", "verão 2024"),
        ("UTM_CONTENT", "vídeo, 01"),
        ("UF_CRM_1651849445", "17"),
        ("UF_CRM_1621027933376", "SP São Paulo - Perdizes"),
        ("DATE_CREATE", "2024-03-05T14:22:10-03:00"),
    ] {
        assert_eq!(deal[field], expected, "{field}");
    }
}

#[tokio::test]
async fn plus_for_space_is_read_like_percent_20() {
    let crm = Crm::start().await;
    let query = form_query(&lead(2));
    assert!(query.contains("Primeiro+Nome="), "{query}");
    let (status, body) = crm.webhook_raw("sandbox", &query).await;
    assert_eq!(status, 200, "{body}");
    let (_, deal) = crm.get("crm.deal.get", "ID=601").await;
    assert_eq!(deal["result"]["UTM_CAMPAIGN"], "verão 2024");
}

#[tokio::test]
async fn another_webhook_id_is_404_json() {
    let crm = Crm::start().await;
    let (status, body) = crm.webhook_raw("outro", &form_query(&lead(3))).await;
    assert_eq!(status, 404);
    assert_eq!(body["ok"], false);
    assert!(body["erro"].as_str().unwrap().contains("outro"));
    assert_eq!(crm.state.stats().crm_contacts, 600);
}

/// Asserts a single rejection of `name` with `value`, and that nothing was created.
async fn assert_rejected(crm: &Crm, params: &[(&str, String)], name: &str, value: Option<&str>) {
    let before = crm.state.stats();
    let (status, body) = crm.webhook(params).await;
    assert_eq!(status, 400, "{name}: {body}");
    assert_eq!(body["ok"], false);
    assert_eq!(body["parametro"], name, "{body}");
    assert_eq!(
        body["valor"],
        value.map_or(Value::Null, Value::from),
        "{body}"
    );
    assert!(!body["esperado"].as_str().unwrap().is_empty());
    assert!(body["erro"].as_str().unwrap().contains(name), "{body}");
    assert_eq!(body["erros"].as_array().unwrap().len(), 1, "{body}");
    assert_eq!(crm.state.stats(), before, "a rejected call creates nothing");
}

#[tokio::test]
async fn every_parameter_is_required() {
    let crm = Crm::start().await;
    for (name, _) in lead(4) {
        assert_rejected(&crm, &with(lead(4), name, None), name, None).await;
    }
}

#[tokio::test]
async fn each_parameter_rejects_bad_values() {
    let crm = Crm::start().await;
    let cases: &[(&str, &[&str])] = &[
        ("Primeiro Nome", &["", "   "]),
        ("Sobrenome", &[""]),
        ("Campaign ID", &[""]),
        (
            "Data hora de criação",
            &[
                "2024-03-05 14:22:10",
                "5/3/2024 14:22:10",
                "31/02/2024 10:00:00",
                "05/03/2024 14:22",
                "05/03/2024 25:00:00",
            ],
        ),
        ("UTM Source", &["whatsapp", "INSTAGRAM", "Google", ""]),
        (
            "Telefone",
            &[
                "16992640197",
                "+55169926401",
                "+551699264019712",
                "+55 16 99264-0197",
                "+5416992640197",
            ],
        ),
        ("Email", &["ana", "ana@exemplo", "ana @exemplo.com", ""]),
        ("Unidade", &["SP campinas", "Campinas", "Sede OligoFlora"]),
    ];
    for (name, values) in cases {
        for value in *values {
            assert_rejected(&crm, &with(lead(5), name, Some(value)), name, Some(value)).await;
        }
    }
}

#[tokio::test]
async fn free_utm_strings_may_be_empty_and_every_unit_is_accepted() {
    let crm = Crm::start().await;
    let mut params = with(lead(6), "UTM Content", Some(""));
    params = with(params, "UTM Medium", Some(""));
    let (status, body) = crm.webhook(&params).await;
    assert_eq!(status, 200, "{body}");
    for (n, unit) in clinic_sandbox::crm::UNITS.iter().enumerate() {
        let params = with(lead(10 + n as u32), "Unidade", Some(unit));
        let (status, body) = crm.webhook(&params).await;
        assert_eq!(status, 200, "{unit}: {body}");
    }
}

#[tokio::test]
async fn all_failures_are_listed_and_a_mangled_name_is_pointed_out() {
    let crm = Crm::start().await;
    let mut params = with(lead(7), "Data hora de criação", None);
    params.push(("Data hora de criacao", "05/03/2024 14:22:10".to_string()));
    let params = with(params, "UTM Source", Some("Tiktok"));
    let (status, body) = crm.webhook(&params).await;
    assert_eq!(status, 400);
    let erros = body["erros"].as_array().unwrap();
    let names: Vec<&str> = erros
        .iter()
        .map(|e| e["parametro"].as_str().unwrap())
        .collect();
    assert_eq!(names, ["Data hora de criação", "UTM Source"]);
    assert!(
        erros[0]["esperado"]
            .as_str()
            .unwrap()
            .contains("'Data hora de criacao'"),
        "{body}"
    );
    let hint = erros[0]["esperado"].as_str().unwrap();
    assert!(hint.contains("DD/MM/AAAA hh:mm:ss"), "{body}");
    assert_eq!(erros[1]["valor"], "Tiktok");
}

#[tokio::test]
async fn same_phone_reuses_the_contact_and_opens_another_deal() {
    let crm = Crm::start().await;
    let (_, first) = crm.webhook(&lead(8)).await;
    let after_first = crm.state.stats();
    let again = with(lead(8), "Email", Some("outro.endereco@teste.invalid"));
    let again = with(again, "UTM Source", Some("WhatsApp"));
    let (status, body) = crm.webhook(&again).await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["contact_id"], first["contact_id"]);
    assert_eq!(body["contact_created"], false);
    assert_eq!(body["matched_by"], "phone");
    assert_ne!(body["deal_id"], first["deal_id"]);
    let stats = crm.state.stats();
    assert_eq!(stats.crm_contacts, after_first.crm_contacts);
    assert_eq!(stats.crm_deals, after_first.crm_deals + 1);

    let query = format!(
        "filter[CONTACT_ID]={}&order[ID]=ASC",
        first["contact_id"].as_str().unwrap()
    );
    let (_, deals) = crm.get("crm.deal.list", &query).await;
    let deals = deals["result"].as_array().unwrap();
    assert_eq!(deals.len(), 2);
    assert!(deals.iter().all(|d| d["STAGE_ID"] == "NEW"));
    assert_eq!(deals[1]["UTM_SOURCE"], "WhatsApp");
}

#[tokio::test]
async fn same_email_reuses_the_contact_whatever_its_case() {
    let crm = Crm::start().await;
    let (_, first) = crm.webhook(&lead(9)).await;
    let again = with(lead(9), "Telefone", Some("+5516900000099"));
    let again = with(again, "Email", Some("LEAD9@Teste.Invalid"));
    let (status, body) = crm.webhook(&again).await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["contact_id"], first["contact_id"]);
    assert_eq!(body["matched_by"], "email");
    assert_eq!(crm.state.stats().crm_contacts, 601);
    assert_eq!(crm.state.stats().crm_deals, 602);
}

#[tokio::test]
async fn a_seeded_contact_is_found_by_its_phone() {
    let crm = Crm::start().await;
    let (_, contact) = crm.get("crm.contact.get", "ID=123").await;
    let phone = contact["result"]["PHONE"][0]["VALUE"]
        .as_str()
        .unwrap()
        .to_string();
    let (status, body) = crm.webhook(&with(lead(11), "Telefone", Some(&phone))).await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["contact_id"], "123");
    assert_eq!(body["deal_id"], "601");
    assert_eq!(crm.state.stats().crm_contacts, 600);
}
