//! The universal methods (`crm.item.*`, `crm.type.list`, `crm.category.list`) in the shapes
//! Bitrix24's REST documentation gives, over the same records the classic methods read, and the
//! `--crm-methods` knob that takes a family away.

use clinic_sandbox::crm::{CrmState, Methods, TREATMENT_PROCEDURE_FIELD};
use serde_json::{Value, json};

use crate::support::Crm;

async fn portal(methods: Methods) -> Crm {
    Crm::serving_state(
        CrmState::new(
            42,
            clinic_sandbox::crm::SEEDED_CONTACTS,
            0,
            0,
            Default::default(),
        )
        .with_methods(methods),
    )
    .await
}

#[tokio::test]
async fn a_list_answers_items_with_next_and_total_in_camel_case() {
    let crm = Crm::start().await;
    let (status, body) = crm
        .post_json(
            "crm.item.list",
            &json!({"entityTypeId": 3, "order": {"id": "ASC"}}),
        )
        .await;
    assert_eq!(status, 200, "{body}");
    let items = body["result"]["items"].as_array().expect("items");
    assert_eq!(items.len(), 50);
    assert_eq!(body["next"], 50);
    assert_eq!(body["total"], 600);
    assert!(body["time"]["start"].is_number());
    let first = &items[0];
    assert_eq!(first["id"], 1, "IDs are numbers: {first}");
    assert!(first["name"].is_string() && first["lastName"].is_string());
    assert!(first.get("NAME").is_none() && first.get("PHONE").is_none());
    // Phones and e-mails travel as `fm` items, as crm.item.get's documented answer shows them.
    let fm = first["fm"].as_array().expect("fm with select *");
    assert!(
        fm.iter()
            .any(|f| f["typeId"] == "PHONE" && f["value"].is_string())
    );
    assert!(
        fm.iter()
            .all(|f| f["id"].is_number() && f["valueType"].is_string())
    );
    assert!(first.get("ufCrm_1673035980").is_some(), "{first}");

    let (_, last) = crm
        .post_json("crm.item.list", &json!({"entityTypeId": 3, "start": 550}))
        .await;
    assert_eq!(last["result"]["items"].as_array().map(Vec::len), Some(50));
    assert!(
        last.get("next").is_none(),
        "no next on the last page: {last}"
    );
}

#[tokio::test]
async fn both_families_read_the_same_records() {
    let crm = Crm::start().await;
    let (_, classic) = crm.get("crm.contact.get", "ID=7").await;
    let (_, universal) = crm.get("crm.item.get", "entityTypeId=3&id=7").await;
    let (c, u) = (&classic["result"], &universal["result"]["item"]);
    assert_eq!(c["NAME"], u["name"]);
    assert_eq!(c["LAST_NAME"], u["lastName"]);
    assert_eq!(c["DATE_CREATE"], u["createdTime"]);
    let classic_phones: Vec<&Value> = c["PHONE"]
        .as_array()
        .expect("phones")
        .iter()
        .map(|p| &p["VALUE"])
        .collect();
    let universal_phones: Vec<&Value> = u["fm"]
        .as_array()
        .expect("fm")
        .iter()
        .filter(|f| f["typeId"] == "PHONE")
        .map(|f| &f["value"])
        .collect();
    assert_eq!(classic_phones, universal_phones);

    // A filter and a select in universal words; `fm` only with `*`.
    let (_, body) = crm
        .post_json(
            "crm.item.list",
            &json!({"entityTypeId": 3, "filter": {">id": 590}, "select": ["id", "lastName"]}),
        )
        .await;
    let items = body["result"]["items"].as_array().expect("items");
    assert_eq!(items.len(), 10);
    assert_eq!(
        items[0].as_object().map(|o| o.len()),
        Some(2),
        "{}",
        items[0]
    );
    let (status, body) = crm
        .post_json(
            "crm.item.list",
            &json!({"entityTypeId": 3, "filter": {"LAST_NAME": "x"}}),
        )
        .await;
    assert_eq!((status, &body["error"]), (400, &json!("INVALID_ARG_VALUE")));
    let (status, body) = crm.get("crm.item.list", "entityTypeId=999").await;
    assert_eq!((status, &body["error"]), (400, &json!("NOT_FOUND")));
}

#[tokio::test]
async fn fields_give_upper_names_and_user_field_labels() {
    let crm = Crm::start().await;
    let (_, body) = crm.get("crm.item.fields", "entityTypeId=1032").await;
    let fields = &body["result"]["fields"];
    assert_eq!(fields["title"]["upperName"], "TITLE");
    assert_eq!(fields["createdTime"]["upperName"], "CREATED_TIME");
    let procedure = &fields["ufCrm5_1700000001"];
    assert_eq!(procedure["upperName"], TREATMENT_PROCEDURE_FIELD);
    assert_eq!(procedure["isDynamic"], true);
    assert_eq!(procedure["listLabel"], "Procedimento");
    assert_eq!(procedure["formLabel"], "Procedimento");
    let (_, body) = crm.get("crm.item.fields", "entityTypeId=1036").await;
    let notes: Vec<&String> = body["result"]["fields"]
        .as_object()
        .expect("fields")
        .iter()
        .filter(|(_, f)| f["listLabel"] == "Observação")
        .map(|(name, _)| name)
        .collect();
    assert_eq!(notes.len(), 2, "two fields share a label: {notes:?}");
    let (_, contact) = crm.get("crm.item.fields", "entityTypeId=3").await;
    assert_eq!(
        contact["result"]["fields"]["lastName"]["upperName"],
        "LAST_NAME"
    );
    assert!(contact["result"]["fields"].get("fm").is_none());
}

#[tokio::test]
async fn smart_processes_have_types_pipelines_and_stages() {
    let crm = Crm::start().await;
    let (_, body) = crm.get("crm.type.list", "").await;
    let types = body["result"]["types"].as_array().expect("types");
    let titles: Vec<(&Value, &Value)> = types
        .iter()
        .map(|t| (&t["title"], &t["entityTypeId"]))
        .collect();
    assert_eq!(
        titles,
        [
            (&json!("Tratamentos"), &json!(1032)),
            (&json!("Retornos"), &json!(1036))
        ]
    );
    assert_eq!(body["total"], 2);
    assert!(types[0]["id"].is_number());

    let (_, body) = crm.get("crm.category.list", "entityTypeId=1032").await;
    let names: Vec<&Value> = body["result"]["categories"]
        .as_array()
        .expect("categories")
        .iter()
        .map(|c| &c["name"])
        .collect();
    assert_eq!(names, [&json!("Facial"), &json!("Corporal")]);

    let (_, body) = crm
        .get("crm.status.list", "filter[ENTITY_ID]=DYNAMIC_1032_STAGE_12")
        .await;
    let stages = body["result"].as_array().expect("stages");
    assert_eq!(stages.len(), 4);
    assert!(
        stages
            .iter()
            .any(|s| s["STATUS_ID"] == "DT1032_12:SUCCESS" && s["NAME"] == "Concluído")
    );

    // Every page of a smart process, filtered by a stage.
    let mut seen = 0;
    let mut start = 0;
    loop {
        let (_, page) = crm
            .post_json(
                "crm.item.list",
                &json!({"entityTypeId": 1032, "filter": {"stageId": "DT1032_10:SUCCESS"}, "start": start}),
            )
            .await;
        let items = page["result"]["items"].as_array().expect("items");
        assert!(
            items
                .iter()
                .all(|i| i["stageId"] == "DT1032_10:SUCCESS" && i["categoryId"] == 10)
        );
        seen += items.len();
        match page["next"].as_u64() {
            Some(next) => start = next,
            None => {
                assert_eq!(page["total"].as_u64(), Some(seen as u64));
                break;
            }
        }
    }
    assert!(seen > 0);
}

#[tokio::test]
async fn items_are_added_changed_and_deleted() {
    let crm = Crm::start().await;
    let (status, body) = crm
        .post_json(
            "crm.item.add",
            &json!({"entityTypeId": 1032, "fields": {
                "title": "Botox — Ana", "stageId": "DT1032_12:PREPARATION",
                "ufCrm5_1700000001": "Botox", "ufCrm5_1700000002": 1200, "contactId": 3}}),
        )
        .await;
    assert_eq!(status, 200, "{body}");
    let item = &body["result"]["item"];
    let id = item["id"].as_u64().expect("id");
    assert_eq!(
        item["categoryId"], 12,
        "the stage moves the item to its pipeline"
    );
    assert_eq!(item["ufCrm5_1700000002"], 1200.0);

    let (status, body) = crm
        .post_json(
            "crm.item.update",
            &json!({"entityTypeId": 1032, "id": id, "fields": {"stageId": "DT1032_12:NOPE"}}),
        )
        .await;
    assert_eq!((status, &body["error"]), (400, &json!("INVALID_ARG_VALUE")));
    let (status, body) = crm
        .post_json(
            "crm.item.update",
            &json!({"entityTypeId": 1032, "id": id, "fields": {"categoryId": 10}}),
        )
        .await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["result"]["item"]["stageId"], "DT1032_10:NEW");

    // A contact's phones by `fm`: `n0` adds one, an item's own `id` with an empty value removes it.
    let (_, body) = crm
        .post_json(
            "crm.item.update",
            &json!({"entityTypeId": 3, "id": 2, "fields": {"fm": {"n0": {"typeId": "PHONE", "valueType": "MOBILE", "value": "+5511999990000"}}}}),
        )
        .await;
    let added = body["result"]["item"]["fm"]
        .as_array()
        .expect("fm")
        .iter()
        .find(|f| f["value"] == "+5511999990000")
        .cloned()
        .expect("the new phone");
    let (_, classic) = crm.get("crm.contact.get", "ID=2").await;
    assert!(
        classic["result"]["PHONE"]
            .as_array()
            .expect("phones")
            .iter()
            .any(|p| p["VALUE"] == "+5511999990000" && p["VALUE_TYPE"] == "MOBILE")
    );
    let key = added["id"].to_string();
    let (_, body) = crm
        .post_json(
            "crm.item.update",
            &json!({"entityTypeId": 3, "id": 2, "fields": {"fm": {key: {"typeId": "PHONE", "value": ""}}}}),
        )
        .await;
    assert!(
        !body["result"]["item"]["fm"]
            .as_array()
            .expect("fm")
            .iter()
            .any(|f| f["value"] == "+5511999990000")
    );

    let (status, body) = crm
        .post_json("crm.item.delete", &json!({"entityTypeId": 1032, "id": id}))
        .await;
    assert_eq!((status, &body["result"]), (200, &json!([])));
    let (status, body) = crm
        .get("crm.item.get", &format!("entityTypeId=1032&id={id}"))
        .await;
    assert_eq!((status, &body["error"]), (400, &json!("NOT_FOUND")));
}

#[tokio::test]
async fn a_family_left_out_answers_method_not_found() {
    let item_only = portal(Methods::Item).await;
    for method in [
        "crm.contact.list",
        "crm.deal.get",
        "crm.lead.list",
        "crm.contact.fields",
    ] {
        let (status, body) = item_only.get(method, "ID=1").await;
        assert_eq!(
            (status, &body["error"]),
            (400, &json!("ERROR_METHOD_NOT_FOUND")),
            "{method}"
        );
    }
    let (status, _) = item_only.get("crm.item.list", "entityTypeId=2").await;
    assert_eq!(status, 200);
    // Inside a batch too, each call on its own.
    let (_, body) = item_only
        .get(
            "batch",
            "cmd[a]=crm.contact.get%3FID%3D1&cmd[b]=crm.item.get%3FentityTypeId%3D3%26id%3D1",
        )
        .await;
    assert_eq!(
        body["result"]["result_error"]["a"]["error"],
        "ERROR_METHOD_NOT_FOUND"
    );
    assert_eq!(body["result"]["result"]["b"]["item"]["id"], 1);

    let classic_only = portal(Methods::Classic).await;
    for method in [
        "crm.item.list",
        "crm.type.list",
        "crm.item.fields",
        "crm.category.list",
    ] {
        let (status, body) = classic_only.get(method, "entityTypeId=3").await;
        assert_eq!(
            (status, &body["error"]),
            (400, &json!("ERROR_METHOD_NOT_FOUND")),
            "{method}"
        );
    }
    let (status, body) = classic_only.get("crm.lead.list", "").await;
    assert_eq!(status, 200);
    assert_eq!(body["total"], 150);
    let (status, _) = classic_only
        .get("crm.duplicate.findbycomm", "type=PHONE&values[]=%2B5511")
        .await;
    assert_eq!(status, 200, "the duplicate check is in every portal");
}
