//! `crm.*.get` / `crm.*.update`, stage moves, and the errors of the method surface.

use serde_json::{Value, json};

use crate::support::{Crm, ids, lead, with};

async fn contact(crm: &Crm, id: u64) -> Value {
    let (status, body) = crm.get("crm.contact.get", &format!("ID={id}")).await;
    assert_eq!(status, 200, "{body}");
    body["result"].clone()
}

async fn deal(crm: &Crm, id: u64) -> Value {
    let (status, body) = crm.get("crm.deal.get", &format!("id={id}")).await;
    assert_eq!(status, 200, "{body}");
    body["result"].clone()
}

fn assert_error(status: u16, body: &Value, expected_status: u16, code: &str) {
    assert_eq!(status, expected_status, "{body}");
    assert_eq!(body["error"], code, "{body}");
    assert!(
        body["error_description"]
            .as_str()
            .is_some_and(|d| !d.is_empty()),
        "{body}"
    );
}

#[tokio::test]
async fn get_returns_every_field_in_bitrix_shapes() {
    let crm = Crm::start().await;
    let record = contact(&crm, 1).await;
    assert_eq!(record["ID"], "1");
    for field in [
        "NAME",
        "LAST_NAME",
        "DATE_CREATE",
        "UF_CRM_1673035980",
        "UF_CRM_1676052930",
        "BIRTHDATE",
        "COMMENTS",
        "SECOND_NAME",
    ] {
        assert!(record.get(field).is_some(), "{field} in {record}");
    }
    let phone = &record["PHONE"][0];
    assert!(
        phone["ID"]
            .as_str()
            .unwrap()
            .chars()
            .all(|c| c.is_ascii_digit())
    );
    assert_eq!(phone["TYPE_ID"], "PHONE");
    let value = phone["VALUE"].as_str().unwrap();
    assert!(
        value.starts_with("+55") && matches!(value.len(), 13 | 14),
        "{value}"
    );
    assert_eq!(record["UF_CRM_1673035980"], phone["VALUE"]);

    let d = deal(&crm, 1).await;
    assert_eq!(d["CONTACT_ID"], "1");
    assert_eq!(d["CATEGORY_ID"], "0");
    let stage = clinic_sandbox::crm::DEAL_STAGES
        .iter()
        .find(|s| s.id == d["STAGE_ID"])
        .expect("a pipeline stage");
    assert_eq!(d["UF_CRM_1669405845"], stage.name);
    assert!(clinic_sandbox::crm::UNITS.contains(&d["UF_CRM_1621027933376"].as_str().unwrap()));
}

#[tokio::test]
async fn seeded_data_is_deterministic_and_has_awkward_text() {
    let crm = Crm::start().await;
    let again = Crm::start().await;
    let a = crm.walk("crm.contact.list", "select[]=*").await;
    let b = again.walk("crm.contact.list", "select[]=*").await;
    assert_eq!(a, b, "same seed, same data");
    let names: Vec<String> = a
        .iter()
        .map(|r| format!("{} {}", r["NAME"], r["LAST_NAME"]))
        .collect();
    for needle in ["ã", "'", "\\\"", ","] {
        assert!(
            names.iter().any(|n| n.contains(needle)),
            "some name contains {needle}"
        );
    }
    let other = Crm::seeded(7, 0)
        .await
        .walk("crm.contact.list", "select[]=*")
        .await;
    assert_eq!(other.len(), a.len());
    assert_ne!(other, a, "another seed, other data");
}

#[tokio::test]
async fn update_changes_only_the_given_fields_and_shows_everywhere() {
    let crm = Crm::start().await;
    let before = contact(&crm, 5).await;
    let (status, body) = crm
        .get(
            "crm.contact.update",
            "ID=5&FIELDS[NAME]=Jo%C3%A3o%20%22Zeca%22&fields[COMMENTS]=%3D1%2B1%0Alinha%202",
        )
        .await;
    assert_eq!((status, &body["result"]), (200, &json!(true)), "{body}");
    let after = contact(&crm, 5).await;
    assert_eq!(after["NAME"], "João \"Zeca\"");
    assert_eq!(after["COMMENTS"], "=1+1\nlinha 2");
    for (field, value) in before.as_object().unwrap() {
        if !["NAME", "COMMENTS", "DATE_MODIFY"].contains(&field.as_str()) {
            assert_eq!(&after[field], value, "{field} untouched");
        }
    }
    let (_, found) = crm
        .get("crm.contact.list", "filter[NAME]=jo%C3%A3o%20%22zeca%22")
        .await;
    assert_eq!(ids(found["result"].as_array().unwrap()), vec![5]);

    let (status, body) = crm.post_json("crm.deal.update", &json!({"id": 9, "fields": {"TITLE": "Novo título", "OPPORTUNITY": 1234.5, "UF_CRM_1651849445": "29"}})).await;
    assert_eq!(status, 200, "{body}");
    let d = deal(&crm, 9).await;
    assert_eq!(
        (
            d["TITLE"].as_str(),
            d["OPPORTUNITY"].as_str(),
            d["UF_CRM_1651849445"].as_str()
        ),
        (Some("Novo título"), Some("1234.50"), Some("29"))
    );
}

#[tokio::test]
async fn stages_move_by_id_or_by_name_and_stay_consistent() {
    let crm = Crm::start().await;
    let (status, body) = crm
        .get("crm.deal.update", "ID=3&FIELDS[STAGE_ID]=WON")
        .await;
    assert_eq!(status, 200, "{body}");
    let d = deal(&crm, 3).await;
    assert_eq!(
        (d["STAGE_ID"].as_str(), d["UF_CRM_1669405845"].as_str()),
        (Some("WON"), Some("Venda realizada"))
    );

    let (status, body) = crm
        .post_form(
            "crm.deal.update",
            "ID=3&FIELDS[UF_CRM_1669405845]=Em+negocia%C3%A7%C3%A3o",
        )
        .await;
    assert_eq!(status, 200, "{body}");
    let d = deal(&crm, 3).await;
    assert_eq!(
        (d["STAGE_ID"].as_str(), d["UF_CRM_1669405845"].as_str()),
        (Some("3"), Some("Em negociação"))
    );
    let (_, moved) = crm
        .get("crm.deal.list", "filter[STAGE_ID]=3&filter[ID]=3")
        .await;
    assert_eq!(moved["total"], 1);

    let (status, body) = crm
        .get(
            "crm.deal.update",
            "ID=3&FIELDS[STAGE_ID]=LOSE&FIELDS[UF_CRM_1669405845]=Perdas",
        )
        .await;
    assert_eq!(status, 200, "agreeing pair: {body}");
    assert_eq!(deal(&crm, 3).await["STAGE_ID"], "LOSE");

    for query in [
        "ID=3&FIELDS[STAGE_ID]=C1:NEW",
        "ID=3&FIELDS[UF_CRM_1669405845]=Ganhou",
        "ID=3&FIELDS[STAGE_ID]=WON&FIELDS[UF_CRM_1669405845]=Perdas",
    ] {
        let (status, body) = crm.get("crm.deal.update", query).await;
        assert_error(status, &body, 400, "INVALID_ARG_VALUE");
    }
    let d = deal(&crm, 3).await;
    assert_eq!(
        (d["STAGE_ID"].as_str(), d["UF_CRM_1669405845"].as_str()),
        (Some("LOSE"), Some("Perdas"))
    );
}

#[tokio::test]
async fn rejected_updates_change_nothing() {
    let crm = Crm::start().await;
    let before = contact(&crm, 8).await;
    for query in [
        "ID=8&FIELDS[NAME]=Ana&FIELDS[NOT_A_FIELD]=x",
        "ID=8&FIELDS[NAME]=Ana&FIELDS[ID]=99",
        "ID=8&FIELDS[NAME]=Ana&FIELDS[DATE_CREATE]=2020-01-01",
        "ID=8&FIELDS[NAME]=Ana&FIELDS[BIRTHDATE]=ontem",
        "ID=8&FIELDS[NAME]=Ana&FIELDS[EMAIL][0][VALUE]=sem-arroba",
        "ID=8&FIELDS[NAME]=Ana&FIELDS[PHONE][0][ID]=999999&FIELDS[PHONE][0][VALUE]=%2B5511900000000",
        "ID=8",
    ] {
        let (status, body) = crm.get("crm.contact.update", query).await;
        assert_error(status, &body, 400, "INVALID_ARG_VALUE");
    }
    for query in [
        "ID=8&FIELDS[CONTACT_ID]=99999",
        "ID=8&FIELDS[UF_CRM_1621027933376]=SP%20Lugar%20Nenhum",
        "ID=8&FIELDS[OPPORTUNITY]=muito",
    ] {
        let (status, body) = crm.get("crm.deal.update", query).await;
        assert_error(status, &body, 400, "INVALID_ARG_VALUE");
    }
    assert_eq!(contact(&crm, 8).await, before);
}

#[tokio::test]
async fn custom_fields_and_multi_field_items_can_be_written() {
    let crm = Crm::start().await;
    let (status, body) = crm
        .get("crm.contact.update", "ID=12&FIELDS[UF_CRM_1676052930]=valor%40exemplo.com&FIELDS[PHONE][0][VALUE]=%2B5516900000077&FIELDS[PHONE][0][VALUE_TYPE]=mobile&FIELDS[BIRTHDATE]=1990-05-12")
        .await;
    assert_eq!(status, 200, "{body}");
    let record = contact(&crm, 12).await;
    assert_eq!(record["UF_CRM_1676052930"], "valor@exemplo.com");
    assert_eq!(record["BIRTHDATE"], "1990-05-12T00:00:00-03:00");
    let phones = record["PHONE"].as_array().unwrap().clone();
    let added = phones.last().unwrap();
    assert_eq!(
        (added["VALUE"].as_str(), added["VALUE_TYPE"].as_str()),
        (Some("+5516900000077"), Some("MOBILE"))
    );

    // The webhook dedupes on the phone written through the CRM.
    let (_, lead_answer) = crm
        .webhook(&with(lead(77), "Telefone", Some("+5516900000077")))
        .await;
    assert_eq!(lead_answer["contact_id"], "12");

    let first_id = phones[0]["ID"].as_str().unwrap();
    let added_id = added["ID"].as_str().unwrap();
    let body = json!({"ID": "12", "FIELDS": {"PHONE": [
        {"ID": first_id, "VALUE": "+5516900000088"},
        {"ID": added_id, "DELETE": "Y"},
    ]}});
    let (status, answer) = crm.post_json("crm.contact.update", &body).await;
    assert_eq!(status, 200, "{answer}");
    let record = contact(&crm, 12).await;
    assert_eq!(record["PHONE"].as_array().unwrap().len(), phones.len() - 1);
    assert_eq!(record["PHONE"][0]["VALUE"], "+5516900000088");
    assert_eq!(record["PHONE"][0]["ID"], first_id);
    let (_, found) = crm
        .get("crm.contact.list", "filter[PHONE]=%2B5516900000077")
        .await;
    assert_eq!(found["total"], 0, "the deleted phone is gone from lists");
}

/// An empty `VALUE` removes the item whose `ID` is given; without an `ID` it is ignored, as
/// Bitrix ignores it, so a plain empty write changes nothing.
#[tokio::test]
async fn an_empty_value_removes_an_item_by_id_and_is_ignored_without_one() {
    let crm = Crm::start().await;
    let phones = contact(&crm, 12).await["PHONE"].as_array().unwrap().clone();
    assert!(!phones.is_empty());
    let (status, body) = crm
        .get("crm.contact.update", "ID=12&FIELDS[PHONE][0][VALUE]=")
        .await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(
        contact(&crm, 12).await["PHONE"],
        Value::Array(phones.clone())
    );
    let first_id = phones[0]["ID"].as_str().unwrap();
    let (status, body) = crm
        .get(
            "crm.contact.update",
            &format!("ID=12&FIELDS[PHONE][0][ID]={first_id}&FIELDS[PHONE][0][VALUE]="),
        )
        .await;
    assert_eq!(status, 200, "{body}");
    let left = contact(&crm, 12).await["PHONE"]
        .as_array()
        .cloned()
        .unwrap_or_default();
    assert_eq!(left.len(), phones.len() - 1);
    assert!(left.iter().all(|p| p["ID"] != phones[0]["ID"]));
}

/// `crm.duplicate.findbycomm` finds contacts by phone (any spelling) or e-mail (any case), and
/// answers an empty array, as Bitrix does, when none holds the value.
#[tokio::test]
async fn duplicates_are_found_by_phone_or_email() {
    let crm = Crm::start().await;
    let record = contact(&crm, 12).await;
    let phone = record["PHONE"][0]["VALUE"].as_str().unwrap().to_string();
    let digits: String = phone.chars().filter(char::is_ascii_digit).collect();
    let (status, body) = crm
        .get(
            "crm.duplicate.findbycomm",
            &format!("entity_type=CONTACT&type=PHONE&values[]={digits}"),
        )
        .await;
    assert_eq!(status, 200, "{body}");
    let found = body["result"]["CONTACT"].as_array().unwrap();
    assert!(found.contains(&json!(12)), "{body}");
    let (status, body) = crm
        .get(
            "crm.duplicate.findbycomm",
            "entity_type=CONTACT&type=EMAIL&values[]=nobody%40nowhere.example",
        )
        .await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["result"], json!([]));
    let (status, body) = crm
        .get(
            "crm.duplicate.findbycomm",
            "entity_type=CONTACT&type=FAX&values[]=1",
        )
        .await;
    assert_error(status, &body, 400, "INVALID_ARG_VALUE");
}

/// `batch` runs up to 50 commands in one request: results and failures under each command's name,
/// 200 either way; `halt=1` stops at the first failure.
#[tokio::test]
async fn batch_runs_commands_and_reports_each_failure_by_name() {
    let crm = Crm::start().await;
    let query = "halt=0&cmd[a]=crm.contact.get%3FID%3D3&cmd[b]=crm.contact.get%3FID%3D999999&cmd[c]=crm.contact.get%3FID%3D4";
    let (status, body) = crm.get("batch", query).await;
    assert_eq!(status, 200, "{body}");
    let result = &body["result"];
    assert_eq!(result["result"]["a"]["ID"], "3", "{body}");
    assert_eq!(result["result"]["c"]["ID"], "4", "{body}");
    assert_eq!(result["result_error"]["b"]["error"], "NOT_FOUND", "{body}");
    assert!(result["result"].get("b").is_none());

    let (status, body) = crm.get("batch", &query.replace("halt=0", "halt=1")).await;
    assert_eq!(status, 200, "{body}");
    assert!(body["result"]["result"].get("c").is_none(), "{body}");

    let (status, body) = crm.get("batch", "cmd[a]=crm.contact.get%3FID%3D3").await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(
        body["result"]["result_error"],
        json!([]),
        "an empty map is []"
    );
}

/// A call may name a value of an earlier call's result (`$result[a][49][ID]`), as keyset pages are
/// chained in one request; a reference that leads nowhere becomes empty.
#[tokio::test]
async fn batch_calls_take_values_of_earlier_results() {
    let crm = Crm::start().await;
    let page = |after: &str| {
        format!("crm.contact.list%3Forder%5BID%5D%3DASC%26start%3D-1%26filter%5B%3EID%5D%3D{after}")
    };
    let query = format!(
        "cmd[a]={}&cmd[b]={}&cmd[c]={}",
        page("0"),
        page("$result[a][49][ID]"),
        page("$result[a][50][ID]")
    );
    let (status, body) = crm.get("batch", &query).await;
    assert_eq!(status, 200, "{body}");
    let ids = |name: &str| ids(body["result"]["result"][name].as_array().unwrap());
    let (a, b) = (ids("a"), ids("b"));
    assert_eq!(a.len(), 50);
    assert_eq!(b.len(), 50);
    assert!(b[0] > a[49], "b starts after a's last ID");
    // `[50]` is past a's page: the call still runs, with an empty start.
    assert!(body["result"]["result"].get("c").is_some(), "{body}");
}

/// The calls inside a batch are charged to their own methods and refused on their own once the
/// budget is spent; the outer batch is not charged. Each call's time block is in `result_time`.
#[tokio::test]
async fn batch_calls_spend_their_own_methods_operating_time() {
    use clinic_sandbox::crm::operating::OperatingLimit;
    let limit = OperatingLimit::new(
        0.25,
        std::time::Duration::from_secs(60),
        std::time::Duration::from_millis(100),
    );
    let crm = Crm::with_operating(limit).await;
    let query = "cmd[a]=crm.contact.get%3FID%3D3&cmd[b]=crm.contact.get%3FID%3D4&cmd[c]=crm.contact.get%3FID%3D5&cmd[d]=crm.contact.get%3FID%3D6&cmd[e]=crm.deal.get%3FID%3D1";
    let (status, body) = crm.get("batch", query).await;
    assert_eq!(status, 200, "{body}");
    let result = &body["result"];
    for name in ["a", "b", "c", "e"] {
        assert!(result["result"].get(name).is_some(), "{name}: {body}");
    }
    assert_eq!(
        result["result_error"]["d"]["error"], "OPERATION_TIME_LIMIT",
        "{body}"
    );
    assert_eq!(result["result_time"]["c"]["operating"], 0.3, "{body}");
    assert_eq!(result["result_time"]["e"]["operating"], 0.1, "{body}");
    assert_eq!(
        body["time"]["operating"], 0.0,
        "the batch itself costs nothing"
    );
    // The method itself is refused outside a batch too.
    let (status, body) = crm.get("crm.contact.get", "ID=3").await;
    assert_error(status, &body, 429, "OPERATION_TIME_LIMIT");
}

#[tokio::test]
async fn unknown_methods_ids_and_credentials() {
    let crm = Crm::start().await;
    for method in [
        "crm.company.list",
        "crm.contact.delete",
        "user.get",
        "crm.contact",
    ] {
        let (status, body) = crm.get(method, "").await;
        assert_eq!(
            (status, body),
            (
                400,
                json!({"error": "ERROR_METHOD_NOT_FOUND", "error_description": "Method not found!"})
            ),
            "{method}"
        );
    }
    for method in ["crm.contact.get", "crm.deal.get", "crm.deal.update"] {
        let (status, body) = crm.get(method, "ID=99999&FIELDS[TITLE]=x").await;
        assert_eq!(
            (status, body),
            (
                400,
                json!({"error": "NOT_FOUND", "error_description": "Not found"})
            ),
            "{method}"
        );
    }
    for query in ["", "ID=abc", "ID=0"] {
        let (status, body) = crm.get("crm.contact.get", query).await;
        assert_error(status, &body, 400, "INVALID_ARG_VALUE");
    }
    let url = format!("{}/crm/rest/1/wrong-secret/crm.contact.list", crm.origin);
    let (status, body) = crate::support::json(crm.client.get(url).send().await.unwrap()).await;
    assert_error(status, &body, 401, "INVALID_CREDENTIALS");

    let (status, fields) = crm.get("crm.deal.fields", "").await;
    assert_eq!(status, 200);
    assert_eq!(fields["result"]["STAGE_ID"]["type"], "crm_status");
    assert_eq!(fields["result"]["ID"]["isReadOnly"], true);
}

/// `crm.contact.userfield.list` lists the user fields by `FIELD_NAME`, their labels only when
/// `filter[LANG]` asks for a language, as the documented method does.
#[tokio::test]
async fn user_fields_carry_their_labels_only_in_a_language_asked() {
    let crm = Crm::start().await;
    let (status, bare) = crm.get("crm.contact.userfield.list", "").await;
    assert_eq!(status, 200, "{bare}");
    let fields = bare["result"].as_array().expect("a list");
    let names: Vec<&str> = fields
        .iter()
        .map(|f| f["FIELD_NAME"].as_str().unwrap())
        .collect();
    assert_eq!(names, ["UF_CRM_1673035980", "UF_CRM_1676052930"]);
    assert_eq!(bare["total"], 2);
    assert!(fields.iter().all(|f| f.get("EDIT_FORM_LABEL").is_none()));
    assert_eq!(fields[0]["ENTITY_ID"], "CRM_CONTACT");
    let (_, labelled) = crm.get("crm.deal.userfield.list", "filter[LANG]=br").await;
    let deal = labelled["result"].as_array().expect("a list");
    let stage = deal
        .iter()
        .find(|f| f["FIELD_NAME"] == "UF_CRM_1669405845")
        .expect("the stage-name field");
    assert_eq!(stage["EDIT_FORM_LABEL"], "Fase (nome)");
    assert_eq!(stage["LIST_COLUMN_LABEL"], "Fase (nome)");
    assert_eq!(stage["ENTITY_ID"], "CRM_DEAL");
}
