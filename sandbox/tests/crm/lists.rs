//! `crm.contact.list` / `crm.deal.list`: paging, keyset walks, filters, select, order.

use std::collections::BTreeSet;

use serde_json::{Value, json};

use crate::support::{Crm, ids};

#[tokio::test]
async fn offset_paging_returns_every_contact_once() {
    let crm = Crm::start().await;
    let records = crm.walk("crm.contact.list", "order[ID]=ASC").await;
    assert_eq!(records.len(), crm.state.stats().crm_contacts);
    assert_eq!(ids(&records), (1..=600).collect::<Vec<u64>>());

    let (_, last) = crm.get("crm.contact.list", "start=550").await;
    assert_eq!(last["result"].as_array().unwrap().len(), 50);
    assert!(
        last.get("next").is_none(),
        "no next on the last page: {last}"
    );
    assert_eq!(last["total"], 600);
    let (_, past) = crm.get("crm.contact.list", "start=600").await;
    assert_eq!(past["result"], json!([]));
    assert!(past.get("next").is_none());
}

#[tokio::test]
async fn deals_page_the_same_way() {
    let crm = Crm::start().await;
    let deals = crm.walk("crm.deal.list", "select[]=CONTACT_ID").await;
    assert_eq!(ids(&deals), (1..=600).collect::<Vec<u64>>());
    let contacts: BTreeSet<&str> = deals
        .iter()
        .map(|d| d["CONTACT_ID"].as_str().unwrap())
        .collect();
    assert_eq!(contacts.len(), 600, "each seeded contact has its own deal");
}

#[tokio::test]
async fn keyset_walk_with_start_minus_one_matches_offset_paging() {
    let crm = Crm::start().await;
    for filter in ["", "&filter[UF_CRM_1621027933376]=SP%20Campinas"] {
        let expected = ids(&crm
            .walk("crm.deal.list", &format!("order[ID]=ASC{filter}"))
            .await);
        let mut seen = Vec::new();
        let mut last = 0;
        loop {
            let query = format!("order[ID]=ASC&filter[%3EID]={last}&start=-1{filter}");
            let (status, page) = crm.get("crm.deal.list", &query).await;
            assert_eq!(status, 200, "{page}");
            assert!(
                page.get("total").is_none() && page.get("next").is_none(),
                "{page}"
            );
            let result = page["result"].as_array().unwrap();
            assert!(result.len() <= 50);
            if result.is_empty() {
                break;
            }
            seen.extend(ids(result));
            last = *seen.last().unwrap();
        }
        assert_eq!(seen, expected, "filter {filter:?}");
    }
}

/// All contacts with every field, the reference the filter tests compare against.
async fn everything(crm: &Crm) -> Vec<Value> {
    crm.walk("crm.contact.list", "select[]=*").await
}

fn text(record: &Value, field: &str) -> String {
    record[field].as_str().unwrap_or("").to_string()
}

#[tokio::test]
async fn numeric_operators_compare_ids_as_numbers() {
    let crm = Crm::start().await;
    let range = crm
        .walk("crm.contact.list", "filter[%3E%3DID]=9&filter[%3CID]=101")
        .await;
    assert_eq!(ids(&range), (9..=100).collect::<Vec<u64>>());
    let upto = crm.walk("crm.contact.list", "filter[%3C%3DID]=10").await;
    assert_eq!(ids(&upto), (1..=10).collect::<Vec<u64>>());
    let above = crm.walk("crm.contact.list", "filter[>ID]=595").await;
    assert_eq!(ids(&above), (596..=600).collect::<Vec<u64>>());
    let not = crm
        .walk("crm.contact.list", "filter[!ID]=1&filter[<ID]=4")
        .await;
    assert_eq!(ids(&not), vec![2, 3]);
    let any_of = crm
        .walk(
            "crm.contact.list",
            "filter[ID][]=7&filter[ID][]=70&filter[ID][]=700",
        )
        .await;
    assert_eq!(ids(&any_of), vec![7, 70]);
}

#[tokio::test]
async fn equality_substring_and_negation_on_text() {
    let crm = Crm::start().await;
    let all = everything(&crm).await;

    let name = text(&all[41], "LAST_NAME");
    let expected: Vec<u64> = ids(&all
        .iter()
        .filter(|r| text(r, "LAST_NAME").to_lowercase() == name.to_lowercase())
        .cloned()
        .collect::<Vec<_>>());
    let query = format!("filter[LAST_NAME]={}", urlencode(&name.to_uppercase()));
    assert_eq!(
        ids(&crm.walk("crm.contact.list", &query).await),
        expected,
        "equality ignores case"
    );
    let fields = format!("FIELDS[LAST_NAME]={}", urlencode(&name));
    assert_eq!(
        ids(&crm.walk("crm.contact.list", &fields).await),
        expected,
        "FIELDS filters too"
    );

    let like: Vec<u64> = ids(&all
        .iter()
        .filter(|r| text(r, "NAME").to_lowercase().contains("ão"))
        .cloned()
        .collect::<Vec<_>>());
    assert!(!like.is_empty());
    assert_eq!(
        ids(&crm
            .walk("crm.contact.list", "filter[%25NAME]=%C3%83O")
            .await),
        like
    );
    let unlike = crm
        .walk("crm.contact.list", "filter[!%25NAME]=%C3%A3o")
        .await;
    assert_eq!(unlike.len() + like.len(), 600);

    let quoted = crm
        .walk("crm.contact.list", "filter[%25LAST_NAME]=Souza%2C%20Jr.")
        .await;
    assert!(!quoted.is_empty());
    assert!(quoted.iter().all(|r| text(r, "LAST_NAME") == "Souza, Jr."));
}

#[tokio::test]
async fn multi_fields_match_any_of_their_values() {
    let crm = Crm::start().await;
    let all = everything(&crm).await;
    let two_phones = all
        .iter()
        .find(|r| r["PHONE"].as_array().is_some_and(|p| p.len() == 2))
        .expect("some contact has two phones");
    let second = two_phones["PHONE"][1]["VALUE"].as_str().unwrap();
    let found = crm
        .walk(
            "crm.contact.list",
            &format!("filter[PHONE]={}", urlencode(second)),
        )
        .await;
    assert_eq!(ids(&found), ids(std::slice::from_ref(two_phones)));

    let without_email = all.iter().filter(|r| r.get("EMAIL").is_none()).count();
    assert!(without_email > 0);
    let (_, page) = crm.get("crm.contact.list", "filter[EMAIL]=").await;
    assert_eq!(page["total"], without_email);
    let (_, page) = crm.get("crm.contact.list", "filter[HAS_EMAIL]=N").await;
    assert_eq!(page["total"], without_email);
    let (_, page) = crm
        .get("crm.contact.list", "filter[%25EMAIL]=%40GMAIL.com")
        .await;
    let gmail = all
        .iter()
        .filter(|r| {
            r["EMAIL"][0]["VALUE"]
                .as_str()
                .is_some_and(|e| e.ends_with("@gmail.com"))
        })
        .count();
    assert_eq!(page["total"], gmail);
}

#[tokio::test]
async fn deal_stages_partition_the_deals_and_dates_compare_as_dates() {
    let crm = Crm::start().await;
    let (_, new) = crm.get("crm.deal.list", "filter[STAGE_ID]=NEW").await;
    let (_, not_new) = crm.get("crm.deal.list", "filter[!STAGE_ID]=NEW").await;
    let (new, not_new) = (
        new["total"].as_u64().unwrap(),
        not_new["total"].as_u64().unwrap(),
    );
    assert!(new > 0 && not_new > 0);
    assert_eq!(new + not_new, 600);
    let (_, by_name) = crm
        .get(
            "crm.deal.list",
            "filter[UF_CRM_1669405845]=Nova%20oportunidade",
        )
        .await;
    assert_eq!(by_name["total"], new);

    let all = crm.walk("crm.deal.list", "select[]=DATE_CREATE").await;
    let pivot = text(&all[300], "DATE_CREATE");
    let day = &pivot[..10];
    let expected = all
        .iter()
        .filter(|r| text(r, "DATE_CREATE").as_str() >= day)
        .count();
    let (_, since) = crm
        .get("crm.deal.list", &format!("filter[%3E%3DDATE_CREATE]={day}"))
        .await;
    assert_eq!(
        since["total"], expected,
        "date-only bound is midnight of that day"
    );
}

#[tokio::test]
async fn select_limits_fields_and_always_keeps_id() {
    let crm = Crm::start().await;
    let keys = |record: &Value| {
        record
            .as_object()
            .unwrap()
            .keys()
            .cloned()
            .collect::<BTreeSet<String>>()
    };

    let (_, page) = crm
        .get("crm.contact.list", "select[]=NAME&select[]=PHONE")
        .await;
    for record in page["result"].as_array().unwrap() {
        let k = keys(record);
        assert!(k.contains("ID") && k.contains("NAME"), "{record}");
        assert!(
            k.is_subset(&["ID", "NAME", "PHONE"].map(String::from).into()),
            "{record}"
        );
        assert_eq!(record["PHONE"][0]["TYPE_ID"], "PHONE");
    }
    let (_, page) = crm
        .get(
            "crm.contact.list",
            "select[0]=LAST_NAME&select[1]=UF_CRM_1673035980",
        )
        .await;
    assert_eq!(
        keys(&page["result"][0]),
        ["ID", "LAST_NAME", "UF_CRM_1673035980"]
            .map(String::from)
            .into()
    );

    let (_, standard) = crm.get("crm.contact.list", "").await;
    let standard = keys(&standard["result"][0]);
    assert!(standard.contains("NAME") && standard.contains("DATE_CREATE"));
    assert!(
        !standard.iter().any(|k| k.starts_with("UF_")),
        "custom fields only when selected"
    );

    let (_, everything) = crm.get("crm.contact.list", "select[]=*").await;
    assert!(keys(&everything["result"][0]).is_superset(&standard));
    assert!(keys(&everything["result"][0]).contains("UF_CRM_1676052930"));

    let (_, custom) = crm.get("crm.deal.list", "select[]=UF_*").await;
    assert_eq!(
        keys(&custom["result"][0]),
        [
            "ID",
            "UF_CRM_1621027933376",
            "UF_CRM_1651849445",
            "UF_CRM_1669405845"
        ]
        .map(String::from)
        .into()
    );
}

#[tokio::test]
async fn order_sorts_by_field_with_ties_in_id_order() {
    let crm = Crm::start().await;
    let (_, page) = crm.get("crm.contact.list", "order[ID]=DESC").await;
    assert_eq!(
        ids(page["result"].as_array().unwrap())[..3],
        [600, 599, 598]
    );

    let sorted = crm
        .walk(
            "crm.contact.list",
            "order[LAST_NAME]=desc&select[]=LAST_NAME",
        )
        .await;
    assert_eq!(sorted.len(), 600);
    for pair in sorted.windows(2) {
        let (a, b) = (
            text(&pair[0], "LAST_NAME").to_lowercase(),
            text(&pair[1], "LAST_NAME").to_lowercase(),
        );
        assert!(a >= b, "{a} before {b}");
        if a == b {
            assert!(ids(pair)[0] < ids(pair)[1], "ties in ascending ID");
        }
    }

    let by_value = crm
        .walk(
            "crm.deal.list",
            "order[OPPORTUNITY]=DESC&order[ID]=DESC&select[]=OPPORTUNITY",
        )
        .await;
    let amounts: Vec<f64> = by_value
        .iter()
        .map(|r| text(r, "OPPORTUNITY").parse().unwrap())
        .collect();
    assert!(
        amounts.windows(2).all(|w| w[0] >= w[1]),
        "numeric, not text, order"
    );
    assert!(amounts[0] > 1000.0);
}

#[tokio::test]
async fn post_form_post_json_and_json_suffix_answer_like_get() {
    let crm = Crm::start().await;
    let query = "filter[%3EID]=100&order[ID]=DESC&select[]=NAME&start=50";
    let (_, by_get) = crm.get("crm.contact.list", query).await;
    let (_, by_form) = crm.post_form("crm.contact.list", query).await;
    let (_, by_suffix) = crm.get("crm.contact.list.json", query).await;
    let body =
        json!({"filter": {">ID": 100}, "order": {"ID": "DESC"}, "select": ["NAME"], "start": 50});
    let (status, by_json) = crm.post_json("crm.contact.list", &body).await;
    assert_eq!(status, 200, "{by_json}");
    assert_eq!(by_get["total"], 500);
    assert_eq!(by_get["next"], 100);
    for other in [&by_form, &by_suffix, &by_json] {
        assert_eq!(other["result"], by_get["result"]);
        assert_eq!(other["next"], by_get["next"]);
        assert_eq!(other["total"], by_get["total"]);
    }
    assert!(by_get["time"]["duration"].is_number());
}

#[tokio::test]
async fn bad_list_parameters_are_bitrix_errors() {
    let crm = Crm::start().await;
    for query in [
        "filter[NOPE]=1",
        "order[NOPE]=ASC",
        "order[ID]=UP",
        "filter=ID",
    ] {
        let (status, body) = crm.get("crm.contact.list", query).await;
        assert_eq!(status, 400, "{query}");
        assert_eq!(body["error"], "INVALID_ARG_VALUE", "{query}");
        assert!(body["error_description"].is_string());
    }
    let (status, body) = crm
        .get(
            "crm.contact.list",
            "filter[UF_CRM_1676052930]=ninguem%40teste.invalid",
        )
        .await;
    assert_eq!(
        status, 200,
        "a custom field of the portal may be filtered even when no record matches"
    );
    assert_eq!(body["total"], 0);
}

fn urlencode(text: &str) -> String {
    percent_encoding::utf8_percent_encode(text, percent_encoding::NON_ALPHANUMERIC).to_string()
}
