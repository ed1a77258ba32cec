//! Bitrix24's strictness: multi-value fields only as items, field IDs matched exactly.

use serde_json::{Value, json};

use crate::support::{Crm, ids};

async fn contact(crm: &Crm, id: u64) -> Value {
    let (status, body) = crm.get("crm.contact.get", &format!("ID={id}")).await;
    assert_eq!(status, 200, "{body}");
    body["result"].clone()
}

fn refused(status: u16, body: &Value) -> String {
    assert_eq!(status, 400, "{body}");
    assert_eq!(body["error"], "INVALID_ARG_VALUE", "{body}");
    body["error_description"].as_str().unwrap().to_owned()
}

#[tokio::test]
async fn a_plain_value_for_a_multi_field_is_refused_and_changes_nothing() {
    let crm = Crm::start().await;
    let before = contact(&crm, 4).await;
    for (field, query) in [
        ("PHONE", "ID=4&FIELDS[PHONE]=%2B5516992640197"),
        ("PHONE", "ID=4&FIELDS[PHONE][]=%2B5516992640197"),
        ("PHONE", "ID=4&FIELDS[PHONE][0]=%2B5516992640197"),
        ("EMAIL", "ID=4&FIELDS[EMAIL]=ana%40exemplo.com"),
        (
            "WEB",
            "ID=4&FIELDS[NAME]=Ana&FIELDS[WEB]=https%3A%2F%2Fexemplo.com",
        ),
        ("IM", "ID=4&FIELDS[IM]=ana"),
    ] {
        let (status, body) = crm.get("crm.contact.update", query).await;
        let description = refused(status, &body);
        assert!(
            description.contains(&format!(
                "{field} must be given as FIELDS[{field}][n][VALUE]"
            )),
            "{query}: {description}"
        );
    }
    let (status, body) = crm
        .post_json(
            "crm.contact.update",
            &json!({"ID": 4, "FIELDS": {"PHONE": "+5516992640197"}}),
        )
        .await;
    assert!(refused(status, &body).contains("PHONE must be given as"));
    let (status, body) = crm
        .get(
            "crm.contact.update",
            "ID=4&FIELDS[PHONE][0][value]=%2B5516992640197",
        )
        .await;
    assert!(refused(status, &body).contains("\"value\""), "{body}");
    assert_eq!(contact(&crm, 4).await, before);
}

#[tokio::test]
async fn items_add_values_with_work_as_the_default_type() {
    let crm = Crm::start().await;
    let before = contact(&crm, 6).await;
    let (status, body) = crm
        .post_form(
            "crm.contact.update",
            "ID=6&FIELDS[PHONE][0][VALUE]=%2B5516900000055\
             &FIELDS[EMAIL][0][VALUE]=novo%40exemplo.com&FIELDS[EMAIL][0][VALUE_TYPE]=HOME\
             &FIELDS[WEB][0][VALUE]=https%3A%2F%2Fclinica.example\
             &FIELDS[IM][0][VALUE]=ana.tg&FIELDS[IM][0][VALUE_TYPE]=TELEGRAM",
        )
        .await;
    assert_eq!((status, &body["result"]), (200, &json!(true)), "{body}");
    let after = contact(&crm, 6).await;
    let last = |field: &str| after[field].as_array().unwrap().last().unwrap().clone();
    let phones = after["PHONE"].as_array().unwrap();
    assert_eq!(
        phones.len(),
        before["PHONE"].as_array().map_or(0, Vec::len) + 1
    );
    assert_eq!(
        (
            last("PHONE")["VALUE"].as_str(),
            last("PHONE")["VALUE_TYPE"].as_str()
        ),
        (Some("+5516900000055"), Some("WORK"))
    );
    assert_eq!(last("EMAIL")["VALUE_TYPE"], "HOME");
    assert_eq!(
        (
            last("WEB")["VALUE"].as_str(),
            last("WEB")["TYPE_ID"].as_str()
        ),
        (Some("https://clinica.example"), Some("WEB"))
    );
    assert_eq!(
        (
            last("IM")["VALUE"].as_str(),
            last("IM")["VALUE_TYPE"].as_str()
        ),
        (Some("ana.tg"), Some("TELEGRAM"))
    );
    let (_, found) = crm
        .get(
            "crm.contact.list",
            "filter[WEB]=https%3A%2F%2Fclinica.example",
        )
        .await;
    assert_eq!(ids(found["result"].as_array().unwrap()), [6]);
}

#[tokio::test]
async fn deals_have_no_phone_field() {
    let crm = Crm::start().await;
    let (status, body) = crm
        .get("crm.deal.update", "ID=2&FIELDS[PHONE]=%2B5516992640197")
        .await;
    assert_eq!(refused(status, &body), "unknown field: PHONE");
}

#[tokio::test]
async fn field_ids_must_match_exactly_everywhere() {
    let crm = Crm::start().await;
    let cases = [
        ("crm.contact.update", "ID=3&FIELDS[name]=Ana", "name"),
        ("crm.contact.update", "ID=3&FIELDS[Name]=Ana", "Name"),
        (
            "crm.contact.update",
            "ID=3&FIELDS[UF_CRM_NOVO]=x",
            "UF_CRM_NOVO",
        ),
        (
            "crm.contact.update",
            "ID=3&FIELDS[uf_crm_1673035980]=x",
            "uf_crm_1673035980",
        ),
        ("crm.contact.list", "filter[name]=Ana", "name"),
        (
            "crm.contact.list",
            "filter[%25last_name]=Souza",
            "last_name",
        ),
        ("crm.contact.list", "filter[%3Eid]=3", "id"),
        ("crm.contact.list", "FIELDS[name]=Ana", "name"),
        ("crm.contact.list", "select[]=NAME&select[]=phone", "phone"),
        ("crm.contact.list", "order[id]=ASC", "id"),
        ("crm.deal.list", "filter[UF_CRM_999]=x", "UF_CRM_999"),
        ("crm.deal.list", "select[]=title", "title"),
        ("crm.deal.update", "ID=3&FIELDS[stage_id]=WON", "stage_id"),
    ];
    for (method, query, field) in cases {
        let (status, body) = crm.get(method, query).await;
        assert_eq!(
            (status, &body),
            (
                400,
                &json!({"error": "INVALID_ARG_VALUE", "error_description": format!("unknown field: {field}")})
            ),
            "{method}?{query}"
        );
    }
}

#[tokio::test]
async fn lists_take_bitrix_parameters_and_the_fields_filter_form_alike() {
    let crm = Crm::start().await;
    let name = contact(&crm, 10).await["NAME"].as_str().unwrap().to_owned();
    let encoded = percent_encoding::utf8_percent_encode(&name, percent_encoding::NON_ALPHANUMERIC)
        .to_string();
    let (status, by_filter) = crm
        .get(
            "crm.contact.list",
            &format!("filter[NAME]={encoded}&select[]=NAME&order[ID]=DESC"),
        )
        .await;
    assert_eq!(status, 200, "{by_filter}");
    let (status, by_fields) = crm
        .get(
            "crm.contact.list",
            &format!("FIELDS[NAME]={encoded}&select[]=NAME&order[ID]=DESC"),
        )
        .await;
    assert_eq!(status, 200, "{by_fields}");
    assert_eq!(by_fields["result"], by_filter["result"]);
    let found = ids(by_filter["result"].as_array().unwrap());
    assert!(found.contains(&10), "{found:?}");
    assert!(found.windows(2).all(|w| w[0] > w[1]), "ordered by ID DESC");
    for record in by_filter["result"].as_array().unwrap() {
        assert_eq!(
            record["NAME"].as_str().map(str::to_lowercase),
            Some(name.to_lowercase())
        );
    }
}
