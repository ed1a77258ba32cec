//! Deployment conventions, one knob each, shown by the bytes they answer: how records are written
//! (`--records-as`, `--empty-records`, `--records-key`), page 0 (`--page-zero`), counters
//! (`--counters`, `--counter-strings`, `--counter-skew`), `--max-per-page-unstated`, `--past-end`,
//! the wire (`--bom`, `--content-type`), `--token-expire-every`, `--crm-burst`, and the journal's
//! `at_ms`. Every knob combines with every other and with the dialects: the last tests combine
//! them.

use clinic_sandbox::{
    Charset, ContentType, Counter, Dialect, EmptyList, EmptyRecords, Envelope, Error, Options,
    PageZero, PastEnd, RecordsAs, RecordsKey, Sandbox,
};
use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::options::parse;
use crate::support::{Api, journal, read};

/// Small data, and every GET answered (legacy-php's HTML page has its own test).
fn opts() -> Options {
    Options {
        scale: 300,
        html_error_every: Some(0),
        ..Options::ephemeral()
    }
}

async fn start(opts: Options) -> (Api, String) {
    let api = Api::start(opts).await;
    let token = token(&api).await;
    (api, token)
}

/// The clinic user's token, wherever the dialect puts it and whatever word comes before it.
async fn token(api: &Api) -> String {
    let response = api
        .http
        .post(format!("{}/loginApi", api.base()))
        .json(&json!({ "login": "unidade1", "password": "unidade1" }))
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), StatusCode::OK);
    let bytes = response.bytes().await.unwrap();
    let json = bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(&bytes);
    let body: Value = serde_json::from_slice(json).expect("JSON login answer");
    let token = body["token"]
        .as_str()
        .or(body["resposta"]["sessao"]["auth_token"].as_str())
        .unwrap_or_else(|| panic!("no token in {body}"));
    token.strip_prefix("Bearer ").unwrap_or(token).to_owned()
}

/// An answer as it came: status, Content-Type (if any) and the bytes.
struct Raw {
    status: u16,
    content_type: Option<String>,
    bytes: Vec<u8>,
}

impl Raw {
    fn text(&self) -> String {
        String::from_utf8(self.bytes.clone()).expect("UTF-8 answer")
    }
}

async fn raw(api: &Api, token: &str, path: &str) -> Raw {
    let response = api
        .http
        .get(format!("{}/{path}", api.base()))
        .bearer_auth(token)
        .send()
        .await
        .unwrap();
    let status = response.status().as_u16();
    let content_type = response
        .headers()
        .get("content-type")
        .map(|v| v.to_str().unwrap().to_owned());
    let bytes = response.bytes().await.unwrap().to_vec();
    Raw {
        status,
        content_type,
        bytes,
    }
}

/// The body text of a 200 answer to `path`.
async fn ok(api: &Api, token: &str, path: &str) -> String {
    let answer = raw(api, token, path).await;
    assert_eq!(answer.status, 200, "{path}: {}", answer.text());
    answer.text()
}

/// Channels 1 and 2 (page 1 of 2), 11 and 12 (the last page of 5): 12 channels in all.
const FIRST_TWO: &str = r#"{"id":1,"nome":"WhatsApp"},{"id":2,"nome":"Facebook"}"#;
const FIRST_TWO_BY_POSITION: &str =
    r#"{"0":{"id":1,"nome":"WhatsApp"},"1":{"id":2,"nome":"Facebook"}}"#;
const LAST_TWO: &str =
    r#"{"id":11,"nome":"Evento \"Dia da Beleza\""},{"id":12,"nome":"@parceiros"}"#;
const PAGE_ONE: &str = "listaCanal?pagina_atual=1&por_pagina=2";
const PAST_END: &str = "listaCanal?pagina_atual=9&por_pagina=2";
/// A filter no quote passes: a list without records.
const NOTHING: &str = "lista_venda_orcamento?data_de=2099-01-01&data_ate=2099-01-02";

#[tokio::test]
async fn records_as_positional_keys_records_by_position_in_every_envelope() {
    let (api, token) = start(Options {
        records_as: Some(RecordsAs::Positional),
        ..opts()
    })
    .await;
    assert_eq!(
        ok(&api, &token, PAGE_ONE).await,
        format!(
            r#"{{"dados":{FIRST_TWO_BY_POSITION},"pagina_atual":1,"por_pagina":2,"total":12}}"#
        )
    );
    let (bare, token) = start(Options {
        records_as: Some(RecordsAs::Positional),
        envelope: Envelope::Bare,
        ..opts()
    })
    .await;
    assert_eq!(ok(&bare, &token, PAGE_ONE).await, FIRST_TWO_BY_POSITION);

    // legacy-php writes records by position unless told otherwise.
    let (legacy, token) = start(Options {
        dialect: Dialect::LegacyPhp,
        records_as: Some(RecordsAs::Array),
        ..opts()
    })
    .await;
    assert_eq!(
        ok(&legacy, &token, PAGE_ONE).await,
        format!(
            r#"{{"status":true,"dados":[{FIRST_TWO}],"total":"12","pagina_atual":"1","por_pagina":"2"}}"#
        )
    );
}

#[tokio::test]
async fn empty_records_choose_the_container_of_a_page_without_records() {
    let cases = [
        (EmptyRecords::Array, "[]", r#""dados":[],"#),
        (EmptyRecords::Object, "{}", r#""dados":{},"#),
        (EmptyRecords::Null, "null", r#""dados":null,"#),
        // Left out: the other fields stay; a bare answer has no key to leave out.
        (EmptyRecords::Missing, "{}", ""),
    ];
    for (empty, bare_body, dados) in cases {
        let (api, token) = start(Options {
            empty_records: Some(empty),
            ..opts()
        })
        .await;
        assert_eq!(
            ok(&api, &token, PAST_END).await,
            format!(r#"{{{dados}"pagina_atual":9,"por_pagina":2,"total":12}}"#),
            "{empty:?}"
        );
        let (bare, token) = start(Options {
            empty_records: Some(empty),
            envelope: Envelope::Bare,
            ..opts()
        })
        .await;
        assert_eq!(ok(&bare, &token, PAST_END).await, bare_body, "{empty:?}");
    }
}

#[tokio::test]
async fn legacy_pages_without_records_are_an_empty_object_by_default() {
    let (api, token) = start(Options {
        dialect: Dialect::LegacyPhp,
        ..opts()
    })
    .await;
    assert_eq!(
        ok(&api, &token, PAST_END).await,
        r#"{"status":true,"dados":{},"total":"12","pagina_atual":"9","por_pagina":"2"}"#
    );
    let (old, token) = start(Options {
        dialect: Dialect::LegacyPhp,
        empty_records: Some(EmptyRecords::Array),
        ..opts()
    })
    .await;
    assert!(ok(&old, &token, PAST_END).await.contains(r#""dados":[],"#));
}

#[tokio::test]
async fn records_key_renames_the_records_of_every_keyed_envelope() {
    let (api, token) = start(Options {
        records_key: Some(RecordsKey::Registros),
        ..opts()
    })
    .await;
    assert_eq!(
        ok(&api, &token, PAGE_ONE).await,
        format!(r#"{{"registros":[{FIRST_TWO}],"pagina_atual":1,"por_pagina":2,"total":12}}"#)
    );
    // The unpaged lists use the same envelope.
    let (_, statuses) = api.get(&token, "statusAgendamento").await;
    assert_eq!(statuses["registros"][0]["descricao"], "Agendado");
    let (data, token) = start(Options {
        records_key: Some(RecordsKey::Items),
        envelope: Envelope::Data,
        ..opts()
    })
    .await;
    assert_eq!(
        ok(&data, &token, PAGE_ONE).await,
        format!(r#"{{"items":[{FIRST_TWO}]}}"#)
    );
    let (legacy, token) = start(Options {
        records_key: Some(RecordsKey::Result),
        dialect: Dialect::LegacyPhp,
        ..opts()
    })
    .await;
    assert!(ok(&legacy, &token, PAGE_ONE).await.starts_with(&format!(
        r#"{{"status":true,"result":{FIRST_TWO_BY_POSITION},"#
    )));

    for key in [
        "dados",
        "data",
        "registros",
        "items",
        "result",
        "lista",
        "records",
    ] {
        let opts = parse(&["--records-key", key]).unwrap();
        assert_eq!(opts.records_key(), key);
    }
    let refused = parse(&["--records-key", "rows"]).unwrap_err().to_string();
    assert!(
        refused.contains("rows") && refused.contains("registros"),
        "{refused}"
    );
    assert_eq!(parse(&[]).unwrap().records_key(), "dados");
    assert_eq!(
        parse(&["--envelope", "data"]).unwrap().records_key(),
        "data"
    );
}

#[tokio::test]
async fn page_zero_is_answered_as_the_knob_says() {
    const ZERO: &str = "listaCanal?pagina_atual=0&por_pagina=5";
    let (refused, token) = start(opts()).await;
    let answer = raw(&refused, &token, ZERO).await;
    assert_eq!(answer.status, 400);
    assert!(answer.text().contains("pagina_atual inválido: '0'"));

    let (empty, token) = start(Options {
        page_zero: Some(PageZero::Empty),
        ..opts()
    })
    .await;
    assert_eq!(
        ok(&empty, &token, ZERO).await,
        r#"{"dados":[],"pagina_atual":0,"por_pagina":5,"total":12}"#
    );
    let (_, page) = empty
        .get(&token, "lista_venda_orcamento?pagina_atual=0&por_pagina=50")
        .await;
    let (_, total) = empty
        .records(&token, "lista_venda_orcamento?pagina_atual=1&por_pagina=50")
        .await;
    assert_eq!(page["total"], total, "the true total");

    let (not_found, token) = start(Options {
        page_zero: Some(PageZero::NotFound),
        ..opts()
    })
    .await;
    let answer = raw(&not_found, &token, ZERO).await;
    assert_eq!(
        (answer.status, answer.text().as_str()),
        (404, r#"{"erro":"Nenhum registro encontrado"}"#)
    );

    let (failing, token) = start(Options {
        page_zero: Some(PageZero::ServerError),
        ..opts()
    })
    .await;
    let answer = raw(&failing, &token, ZERO).await;
    assert_eq!(
        (answer.status, answer.text().as_str()),
        (500, r#"{"erro":"Erro interno"}"#)
    );

    let (first, token) = start(Options {
        page_zero: Some(PageZero::First),
        ..opts()
    })
    .await;
    assert_eq!(
        ok(&first, &token, ZERO).await,
        ok(&first, &token, "listaCanal?pagina_atual=1&por_pagina=5").await
    );
}

#[tokio::test]
async fn page_zero_follows_the_other_knobs() {
    // The real legacy deployment: page 0 is a page without records, `{}`, with the true total.
    let (legacy, token) = start(Options {
        dialect: Dialect::LegacyPhp,
        ..opts()
    })
    .await;
    assert_eq!(
        ok(&legacy, &token, "listaCanal?pagina_atual=0&por_pagina=50").await,
        r#"{"status":true,"dados":{},"total":"12","pagina_atual":"0","por_pagina":"50"}"#
    );
    // Answered as an ordinary list whatever --empty-list and --past-end say.
    let (api, token) = start(Options {
        page_zero: Some(PageZero::Empty),
        empty_list: Some(EmptyList::NotFound),
        past_end: PastEnd::Repeat,
        empty_records: Some(EmptyRecords::Missing),
        counters: Some(vec![Counter::TotalPaginas]),
        ..opts()
    })
    .await;
    assert_eq!(
        ok(&api, &token, "listaCanal?pagina_atual=0&por_pagina=5").await,
        r#"{"pagina_atual":0,"por_pagina":5,"total_paginas":3}"#
    );
    // The 404 and 500 of page 0 are answered as such in every dialect.
    let (legacy, token) = start(Options {
        dialect: Dialect::LegacyPhp,
        page_zero: Some(PageZero::ServerError),
        ..opts()
    })
    .await;
    let answer = raw(&legacy, &token, "listaCanal?pagina_atual=0&por_pagina=5").await;
    assert_eq!(answer.status, 500);
    // Where pages start at 0, page 0 is the first page.
    let (from_zero, token) = start(Options {
        page_base: Some(0),
        page_zero: Some(PageZero::ServerError),
        ..opts()
    })
    .await;
    assert!(
        ok(&from_zero, &token, "listaCanal?pagina_atual=0&por_pagina=2")
            .await
            .starts_with(&format!(r#"{{"dados":[{FIRST_TWO}]"#))
    );
}

#[tokio::test]
async fn counters_are_chosen_counted_and_written_as_asked() {
    let with = |counters: Vec<Counter>| Options {
        counters: Some(counters),
        ..opts()
    };
    let (api, token) = start(with(vec![Counter::TotalRegistros, Counter::TotalPaginas])).await;
    assert_eq!(
        ok(&api, &token, PAGE_ONE).await,
        format!(
            r#"{{"dados":[{FIRST_TWO}],"pagina_atual":1,"por_pagina":2,"total_registros":12,"total_paginas":6}}"#
        )
    );
    let (_, nothing) = api
        .get(&token, &format!("{NOTHING}&pagina_atual=1&por_pagina=5"))
        .await;
    assert_eq!(
        (&nothing["total_registros"], &nothing["total_paginas"]),
        (&json!(0), &json!(0)),
        "no records, no pages"
    );
    let (pages, token) = start(with(vec![Counter::PagesAsTotal])).await;
    assert!(
        ok(&pages, &token, PAGE_ONE)
            .await
            .ends_with(r#""por_pagina":2,"total":6}"#)
    );
    let (none, token) = start(with(vec![Counter::Nothing])).await;
    assert!(
        ok(&none, &token, PAGE_ONE)
            .await
            .ends_with(r#""por_pagina":2}"#)
    );
    // The page count divides by the page size served.
    let (capped, token) = start(Options {
        page_cap: 5,
        ..with(vec![Counter::TotalPaginas])
    })
    .await;
    assert!(
        ok(&capped, &token, "listaCanal?pagina_atual=1&por_pagina=50")
            .await
            .ends_with(r#""por_pagina":5,"total_paginas":3}"#)
    );
    // The data envelope carries counters when asked; the bare one has nowhere to put them.
    let (data, token) = start(Options {
        envelope: Envelope::Data,
        ..with(vec![Counter::Total])
    })
    .await;
    assert_eq!(
        ok(&data, &token, PAGE_ONE).await,
        format!(r#"{{"data":[{FIRST_TWO}],"total":12}}"#)
    );
    let (bare, token) = start(Options {
        envelope: Envelope::Bare,
        ..with(vec![Counter::Total])
    })
    .await;
    assert_eq!(ok(&bare, &token, PAGE_ONE).await, format!("[{FIRST_TWO}]"));

    let opts = parse(&["--counters", "total_registros,pages-as-total"]).unwrap();
    assert_eq!(
        opts.counters(),
        [Counter::TotalRegistros, Counter::PagesAsTotal]
    );
    assert!(parse(&["--counters", "totals"]).is_err());
    for counters in [
        vec![Counter::Nothing, Counter::Total],
        vec![Counter::Total, Counter::PagesAsTotal],
    ] {
        match Sandbox::start(with(counters)).await {
            Err(Error::InvalidOption(_)) => {}
            Err(other) => panic!("{other}"),
            Ok(_) => panic!("accepted"),
        }
    }
}

#[tokio::test]
async fn counter_strings_and_skew_change_only_the_counters() {
    let (api, token) = start(Options {
        counter_strings: Some(true),
        counters: Some(vec![Counter::Total, Counter::TotalPaginas]),
        counter_skew: 5,
        ..opts()
    })
    .await;
    assert!(
        ok(&api, &token, PAGE_ONE)
            .await
            .ends_with(r#""pagina_atual":1,"por_pagina":2,"total":"17","total_paginas":"9"}"#)
    );
    let (below, token) = start(Options {
        counters: Some(vec![Counter::TotalRegistros, Counter::TotalPaginas]),
        counter_skew: -100,
        ..opts()
    })
    .await;
    assert!(
        ok(&below, &token, PAGE_ONE)
            .await
            .ends_with(r#""total_registros":0,"total_paginas":0}"#),
        "never below 0"
    );
    let (legacy, token) = start(Options {
        dialect: Dialect::LegacyPhp,
        counter_strings: Some(false),
        ..opts()
    })
    .await;
    assert!(
        ok(&legacy, &token, PAGE_ONE)
            .await
            .ends_with(r#""total":12,"pagina_atual":"1","por_pagina":"2"}"#)
    );

    assert!(!parse(&[]).unwrap().counter_strings());
    assert!(parse(&["--counter-strings"]).unwrap().counter_strings());
    let legacy = ["--dialect", "legacy-php"];
    assert!(parse(&legacy).unwrap().counter_strings());
    let off = parse(&[&legacy[..], &["--counter-strings=false"]].concat()).unwrap();
    assert!(!off.counter_strings());
    assert_eq!(parse(&["--counter-skew", "-3"]).unwrap().counter_skew, -3);
}

#[tokio::test]
async fn max_per_page_unstated_refuses_without_naming_the_limit() {
    let (stated, token) = start(Options {
        max_per_page: Some(10),
        ..opts()
    })
    .await;
    let answer = raw(&stated, &token, "listaCanal?pagina_atual=1&por_pagina=11").await;
    assert_eq!(answer.status, 400);
    assert!(answer.text().contains("no máximo 10"));
    let (unstated, token) = start(Options {
        max_per_page: Some(10),
        max_per_page_unstated: true,
        ..opts()
    })
    .await;
    let answer = raw(&unstated, &token, "listaCanal?pagina_atual=1&por_pagina=11").await;
    assert_eq!(
        (answer.status, answer.text().as_str()),
        (
            400,
            r#"{"erro":"O parâmetro por_pagina excede o máximo permitido"}"#
        )
    );
    assert_eq!(
        raw(&unstated, &token, "listaCanal?pagina_atual=1&por_pagina=10")
            .await
            .status,
        200
    );
}

#[tokio::test]
async fn past_end_repeat_answers_the_last_page_again() {
    let (api, token) = start(Options {
        past_end: PastEnd::Repeat,
        empty_list: Some(EmptyList::NotFound),
        ..opts()
    })
    .await;
    let last = format!(r#"{{"dados":[{LAST_TWO}],"pagina_atual":3,"por_pagina":5,"total":12}}"#);
    assert_eq!(
        ok(&api, &token, "listaCanal?pagina_atual=3&por_pagina=5").await,
        last
    );
    assert_eq!(
        ok(&api, &token, "listaCanal?pagina_atual=4&por_pagina=5").await,
        last.replace(r#""pagina_atual":3"#, r#""pagina_atual":4"#)
    );
    assert_eq!(
        ok(&api, &token, "listaCanal?pagina_atual=999&por_pagina=5").await,
        last.replace(r#""pagina_atual":3"#, r#""pagina_atual":999"#)
    );
    // A list without records still answers as --empty-list says.
    let answer = raw(
        &api,
        &token,
        &format!("{NOTHING}&pagina_atual=2&por_pagina=5"),
    )
    .await;
    assert_eq!(answer.status, 404, "{}", answer.text());
}

#[tokio::test]
async fn bom_starts_every_json_answer_but_latin1_ones() {
    let (api, token) = start(Options {
        bom: true,
        ..opts()
    })
    .await;
    let page = raw(&api, &token, PAGE_ONE).await;
    assert_eq!(
        page.text(),
        format!(
            "\u{feff}{{\"dados\":[{FIRST_TWO}],\"pagina_atual\":1,\"por_pagina\":2,\"total\":12}}"
        )
    );
    assert_eq!(&page.bytes[..3], b"\xEF\xBB\xBF");
    let refused = raw(&api, "not-a-token", PAGE_ONE).await;
    assert_eq!(
        (refused.status, &refused.bytes[..4]),
        (401, &b"\xEF\xBB\xBF{"[..])
    );
    let login = api
        .http
        .post(format!("{}/loginApi", api.base()))
        .json(&json!({"login": "admin", "password": "admin"}))
        .send()
        .await
        .unwrap();
    assert!(
        login
            .bytes()
            .await
            .unwrap()
            .starts_with(b"\xEF\xBB\xBF{\"token\"")
    );

    let (latin1, token) = start(Options {
        bom: true,
        charset: Some(Charset::Latin1),
        ..opts()
    })
    .await;
    let page = raw(&latin1, &token, "listaCanal?pagina_atual=5&por_pagina=1").await;
    assert_eq!(page.bytes, b"{\"dados\":[{\"id\":5,\"nome\":\"Indica\xE7\xE3o\"}],\"pagina_atual\":5,\"por_pagina\":1,\"total\":12}");
}

#[tokio::test]
async fn content_type_labels_json_answers_as_asked() {
    let (html, token) = start(Options {
        content_type: ContentType::Html,
        ..opts()
    })
    .await;
    let page = raw(&html, &token, PAGE_ONE).await;
    assert_eq!(
        page.content_type.as_deref(),
        Some("text/html; charset=UTF-8")
    );
    assert!(page.text().starts_with(r#"{"dados":"#));
    let error = raw(&html, "not-a-token", PAGE_ONE).await;
    assert_eq!(
        error.content_type.as_deref(),
        Some("text/html; charset=UTF-8")
    );

    let (latin1, token) = start(Options {
        content_type: ContentType::Html,
        charset: Some(Charset::Latin1),
        ..opts()
    })
    .await;
    let page = raw(&latin1, &token, "listaCanal?pagina_atual=5&por_pagina=1").await;
    assert_eq!(
        page.content_type.as_deref(),
        Some("text/html; charset=ISO-8859-1")
    );
    assert!(page.bytes.windows(2).any(|w| w == b"\xE7\xE3"));

    let (none, token) = start(Options {
        content_type: ContentType::Absent,
        charset: Some(Charset::Latin1),
        ..opts()
    })
    .await;
    let page = raw(&none, &token, "listaCanal?pagina_atual=5&por_pagina=1").await;
    assert_eq!(page.content_type, None);
    assert!(
        page.bytes.windows(2).any(|w| w == b"\xE7\xE3"),
        "still Windows-1252"
    );

    let (json_api, token) = start(opts()).await;
    let page = raw(&json_api, &token, PAGE_ONE).await;
    assert!(page.content_type.unwrap().starts_with("application/json"));
    // The legacy HTML error page keeps its own label.
    let (legacy, token) = start(Options {
        dialect: Dialect::LegacyPhp,
        html_error_every: Some(1),
        content_type: ContentType::Absent,
        ..opts()
    })
    .await;
    let page = raw(&legacy, &token, PAGE_ONE).await;
    assert_eq!(
        (page.status, page.content_type.as_deref()),
        (500, Some("text/html; charset=utf-8"))
    );
}

#[tokio::test]
async fn tokens_expire_after_so_many_calls_and_a_new_login_starts_over() {
    let (api, first) = start(Options {
        token_expire_every: 3,
        ..opts()
    })
    .await;
    for _ in 0..3 {
        assert_eq!(raw(&api, &first, "statusAgendamento").await.status, 200);
    }
    let expired = raw(&api, &first, "statusAgendamento").await;
    assert_eq!(
        (expired.status, expired.text().as_str()),
        (401, r#"{"erro":"Token expirado"}"#)
    );
    let second = token(&api).await;
    for _ in 0..3 {
        assert_eq!(raw(&api, &second, "statusAgendamento").await.status, 200);
    }
    assert_eq!(raw(&api, &second, "statusAgendamento").await.status, 401);
    assert_eq!(raw(&api, &first, "statusAgendamento").await.status, 401);

    let (legacy, token) = start(Options {
        dialect: Dialect::LegacyPhp,
        token_expire_every: 1,
        ..opts()
    })
    .await;
    legacy.get(&token, "statusAgendamento").await;
    let (status, body) = legacy.get(&token, "statusAgendamento").await;
    assert_eq!(
        (status, body),
        (
            StatusCode::OK,
            json!({"status": false, "mensagem": "Token inválido ou expirado"})
        )
    );
}

#[tokio::test]
async fn crm_burst_is_how_many_calls_pass_before_the_rate() {
    let api = Api::start(Options {
        crm_rate_limit: 1,
        crm_burst: 5,
        ..opts()
    })
    .await;
    let url = format!("{}crm.contact.get?ID=1", api.sandbox.urls().crm_url);
    let mut statuses = Vec::new();
    for _ in 0..12 {
        let (status, _) = read(api.http.get(&url).send().await.unwrap()).await;
        statuses.push(status.as_u16());
    }
    assert_eq!(statuses[..5], [200u16; 5], "{statuses:?}");
    assert!(statuses[5..].contains(&503), "{statuses:?}");
}

#[tokio::test]
async fn the_journal_stamps_each_request_with_its_arrival() {
    let api = Api::start(opts()).await;
    let before = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_millis() as u64;
    let token = token(&api).await;
    tokio::time::sleep(std::time::Duration::from_millis(250)).await;
    raw(&api, &token, "statusAgendamento").await;
    let entries = journal(&api).await;
    let at: Vec<u64> = entries
        .iter()
        .map(|e| e["at_ms"].as_u64().expect("at_ms"))
        .collect();
    assert_eq!(at.len(), 2);
    assert!(at[0] >= before, "{at:?} from {before}");
    assert!(at[1] - at[0] >= 250, "{at:?}");
}

/// Where the records of a 200 list answer are, read whatever the knobs chose: `None` when left
/// out.
fn container<'a>(body: &'a Value, opts: &Options) -> Option<&'a Value> {
    match (opts.dialect, opts.envelope) {
        (Dialect::Standard | Dialect::Quirks, Envelope::Bare) => Some(body),
        _ => body.get(opts.records_key()),
    }
}

/// The records of a container, in order, however written.
fn records(container: Option<&Value>) -> Vec<Value> {
    match container {
        None | Some(Value::Null) => Vec::new(),
        Some(Value::Array(items)) => items.clone(),
        Some(Value::Object(map)) => {
            for (position, key) in map.keys().enumerate() {
                assert_eq!(*key, position.to_string());
            }
            map.values().cloned().collect()
        }
        Some(other) => panic!("records as {other}"),
    }
}

#[tokio::test]
async fn the_knobs_combine_with_each_other_and_with_every_dialect_and_envelope() {
    let mut combinations = 0;
    for dialect in [Dialect::Standard, Dialect::LegacyPhp, Dialect::Quirks] {
        for envelope in [Envelope::Dados, Envelope::Data, Envelope::Bare] {
            for (records_as, empty, zero) in [
                (RecordsAs::Array, EmptyRecords::Missing, PageZero::Empty),
                (RecordsAs::Positional, EmptyRecords::Null, PageZero::First),
                (RecordsAs::Positional, EmptyRecords::Object, PageZero::Empty),
                (RecordsAs::Array, EmptyRecords::Array, PageZero::First),
            ] {
                let opts = Options {
                    dialect,
                    envelope,
                    records_as: Some(records_as),
                    empty_records: Some(empty),
                    page_zero: Some(zero),
                    page_base: Some(1),
                    records_key: Some(RecordsKey::Lista),
                    counters: Some(vec![Counter::TotalRegistros, Counter::PagesAsTotal]),
                    counter_strings: Some(combinations % 2 == 0),
                    counter_skew: 1,
                    past_end: PastEnd::Repeat,
                    bom: true,
                    content_type: ContentType::Absent,
                    empty_list: Some(EmptyList::Empty),
                    charset: Some(Charset::Utf8),
                    ..opts()
                };
                let (api, token) = start(opts.clone()).await;
                let page = raw(&api, &token, PAGE_ONE).await;
                assert_eq!(page.status, 200);
                assert_eq!(page.content_type, None);
                let body = without_bom(&page);
                let shown = format!("{opts:?}: {body}");
                let first = records(container(&body, &opts));
                assert_eq!(first.len(), 2, "{shown}");
                assert_eq!(first[0]["id"].to_string().trim_matches('"'), "1", "{shown}");
                let positional = body_records_are_positional(container(&body, &opts));
                assert_eq!(positional, records_as == RecordsAs::Positional, "{shown}");
                if container(&body, &opts) != Some(&body) {
                    let registros = &body["total_registros"];
                    let pages = &body["total"];
                    let as_text = |v: &Value| v.to_string().trim_matches('"').to_owned();
                    assert_eq!(
                        (as_text(registros), as_text(pages)),
                        ("13".to_owned(), "7".to_owned()),
                        "{shown}"
                    );
                }
                // Page 0: no records (or page 1's), the true counters; past the end: the last page.
                let zero_body =
                    without_bom(&raw(&api, &token, "listaCanal?pagina_atual=0&por_pagina=2").await);
                let zero_records = records(container(&zero_body, &opts));
                match zero {
                    PageZero::Empty => {
                        assert!(zero_records.is_empty(), "{shown}");
                        let container = container(&zero_body, &opts);
                        match empty {
                            EmptyRecords::Missing
                                if envelope != Envelope::Bare || dialect == Dialect::LegacyPhp =>
                            {
                                assert_eq!(container, None, "{shown}")
                            }
                            _ => assert!(container.is_some(), "{shown}"),
                        }
                    }
                    _ => assert_eq!(zero_records, first, "{shown}"),
                }
                let past = without_bom(&raw(&api, &token, PAST_END).await);
                let past_records = records(container(&past, &opts));
                assert_eq!(past_records.len(), 2, "{shown}");
                assert_eq!(
                    past_records[1]["id"].to_string().trim_matches('"'),
                    "12",
                    "{shown}"
                );
                combinations += 1;
            }
        }
    }
    assert_eq!(combinations, 36);
}

/// The JSON after the byte-order mark every answer of the combinations starts with.
fn without_bom(answer: &Raw) -> Value {
    let json = answer
        .bytes
        .strip_prefix(b"\xEF\xBB\xBF")
        .expect("a byte-order mark");
    serde_json::from_slice(json).expect("JSON")
}

fn body_records_are_positional(container: Option<&Value>) -> bool {
    matches!(container, Some(Value::Object(_)))
}
