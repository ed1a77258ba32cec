//! Property tests: the tolerant readers of answers (`api::envelope`) and the normalisers of typed input
//! (`input`) take any JSON, any bytes and any string without panicking, and what they return keeps its
//! promises. The `fuzz/` project feeds the same readers with bytes from a fuzzer.

use clinic::api::{envelope, judge};
use clinic::input;
use proptest::prelude::*;
use serde_json::{Value, json};

/// Keys the readers look for, so generated objects often hit them.
const KNOWN_KEYS: &[&str] = &[
    "dados",
    "data",
    "registros",
    "items",
    "result",
    "lista",
    "records",
    "total",
    "total_registros",
    "totalRegistros",
    "count",
    "total_paginas",
    "totalPaginas",
    "paginas",
    "last_page",
    "token",
    "access_token",
    "accessToken",
    "jwt",
    "erro",
    "error",
    "error_description",
    "message",
    "mensagem",
    "msg",
    "detail",
    "id",
    "ID",
    "codigo",
    "campanha",
    "id_campanha",
    "tipo",
];

fn key() -> impl Strategy<Value = String> {
    prop_oneof![
        3 => prop::sample::select(KNOWN_KEYS).prop_map(str::to_string),
        1 => ".{0,12}",
    ]
}

fn json() -> impl Strategy<Value = Value> {
    let leaf = prop_oneof![
        Just(Value::Null),
        any::<bool>().prop_map(Value::Bool),
        any::<i64>().prop_map(|n| json!(n)),
        any::<u64>().prop_map(|n| json!(n)),
        any::<f64>()
            .prop_filter("JSON numbers are finite", |f| f.is_finite())
            .prop_map(|f| json!(f)),
        ".{0,24}".prop_map(Value::String),
        "[0-9 ]{0,6}".prop_map(Value::String),
    ];
    leaf.prop_recursive(4, 64, 8, |inner| {
        prop_oneof![
            prop::collection::vec(inner.clone(), 0..8).prop_map(Value::Array),
            prop::collection::vec((key(), inner), 0..8)
                .prop_map(|pairs| Value::Object(pairs.into_iter().collect())),
        ]
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    #[test]
    fn readers_take_any_json(v in json()) {
        let body = serde_json::to_vec(&v).unwrap();
        // Any answer yields some text to show.
        prop_assert!(!clinic::text::answer::message(&body).is_empty());
        if let Ok(found) = envelope::token(&v) {
            let t = found.token;
            prop_assert!(!t.expose().is_empty());
            // A token found can travel in a header.
            prop_assert!(t.expose().bytes().all(|b| b.is_ascii_graphic()));
        }
        // The judge rules on any 2xx JSON without panicking, and a body it calls a success holds no
        // false success flag.
        if let judge::Verdict::Success(ok) = judge::judge(reqwest::StatusCode::OK, &body, judge::Empty::Refused) {
            prop_assert!(judge::failure_in(&ok).is_none());
        }
        if let Some(id) = envelope::created_id(&v, &clinic::identity::IdKeys::ANY) {
            prop_assert!(id.is_number() || id.is_string());
        }
        let page = envelope::page(v.clone());
        let records: Vec<&str> = page.records.iter().map(|r| r.get()).collect();
        if let Value::Array(items) = &v {
            let texts: Vec<String> = items.iter().map(Value::to_string).collect();
            prop_assert_eq!(records, texts);
        }
        // The page reader that leaves records unparsed rules and reads exactly as the judge and the
        // full reader do.
        let fast = judge::judge_page(reqwest::StatusCode::OK, &bytes::Bytes::from(body.clone()), false);
        let full = judge::judge(reqwest::StatusCode::OK, &body, judge::Empty::Refused).map(envelope::page_values);
        match (fast, full) {
            (judge::Verdict::Success(a), judge::Verdict::Success((records, total, pages))) => {
                let a_records: Vec<Value> = a.records.iter().map(|r| clinic::record::value_of(r).unwrap()).collect();
                prop_assert_eq!(a_records, records);
                prop_assert_eq!((a.total, a.pages), (total, pages));
            }
            (a, b) => prop_assert_eq!(a.map(|_| ()), b.map(|_| ())),
        }
        if v.is_null() {
            prop_assert!(page.records.is_empty());
        }
    }

    #[test]
    fn readers_take_any_bytes(body in prop::collection::vec(any::<u8>(), 0..256)) {
        let _ = clinic::text::answer::message(&body);
        let _ = envelope::text_token(&body);
        let _ = judge::judge(reqwest::StatusCode::OK, &body, judge::Empty::Allowed);
        if let Ok(v) = serde_json::from_slice::<Value>(&body) {
            let _ = envelope::token(&v);
            let _ = envelope::created_id(&v, &clinic::identity::IdKeys::ANY);
            let _ = envelope::page(v);
        }
    }

    #[test]
    fn raw_messages_are_excerpts(text in "[^{}\\[\\]\"]{1,600}") {
        let m = clinic::text::answer::message(text.as_bytes());
        prop_assert!(
            m.chars().count() <= clinic::text::sanitize::SERVER_TEXT_MAX,
            "{} chars",
            m.chars().count()
        );
        prop_assert!(!m.chars().any(char::is_control), "one line, no control characters: {m:?}");
    }

    #[test]
    fn phones_take_any_string(
        raw in ".{0,20}|[0-9 ()+.-]{0,20}|(\\+55 ?|55|0)?\\(?[1-9][1-9]\\)? ?9?[0-9]{4}[-. ]?[0-9]{4}"
    ) {
        if let Ok(p) = input::Phone::parse("phone", &raw) {
            prop_assert!(p.digits().chars().all(|c| c.is_ascii_digit()));
            prop_assert!(matches!(p.digits().len(), 10 | 11));
            prop_assert_eq!(p.e164(), format!("+55{}", p.digits()));
            // A normalised phone parses to itself in every spelling it is written in.
            prop_assert_eq!(input::Phone::parse("phone", p.digits()).unwrap(), p.clone());
            prop_assert_eq!(input::Phone::parse("phone", &p.e164()).unwrap(), p.clone());
            if let Ok(mobile) = p.formatted_mobile("phone") {
                prop_assert_eq!(input::Phone::parse("phone", &mobile).unwrap(), p);
            }
        }
    }

    #[test]
    fn dates_take_any_string(raw in ".{0,12}|[0-9]{1,4}[-/][0-9]{1,2}[-/][0-9]{1,4}") {
        if let Ok(d) = input::date("date", &raw) {
            prop_assert_eq!(input::date("date", &input::sql_date(d)).unwrap(), d);
        }
    }

    #[test]
    fn other_normalisers_take_any_string(raw in ".{0,40}") {
        if let Ok(e) = input::email("email", &raw) {
            prop_assert!(e.contains('@') && !e.contains(char::is_whitespace));
        }
        if let Ok(n) = input::id("id", &raw) {
            prop_assert!(n > 0);
        }
        if let Ok(t) = input::text("text", &raw) {
            prop_assert!(!t.is_empty() && t.trim() == t);
        }
        if let Ok((k, _)) = input::key_value("pair", &raw) {
            prop_assert!(!k.is_empty());
        }
    }
}

/// JSON text of a record: objects and arrays nested up to `depth`, wide levels, and the numbers that
/// break readers (beyond `f64`, negative zero, exponents, long integers).
fn record_text(depth: u32) -> impl Strategy<Value = String> {
    let number = prop_oneof![
        Just("1e400".to_string()),
        Just("-2E+999".to_string()),
        Just("-0".to_string()),
        Just("1E3".to_string()),
        Just("3120.0".to_string()),
        Just("123456789012345678901234567890".to_string()),
        any::<i64>().prop_map(|n| n.to_string()),
        any::<f64>()
            .prop_filter("finite", |f| f.is_finite())
            .prop_map(|f| f.to_string()),
    ];
    let leaf = prop_oneof![
        number,
        Just("null".to_string()),
        Just("true".to_string()),
        "[a-z\\u{1b}\\u{7}é\"\\\\. ]{0,8}".prop_map(|s| serde_json::to_string(&s).unwrap()),
    ];
    leaf.prop_recursive(depth, 256, 8, |inner| {
        prop_oneof![
            prop::collection::vec(inner.clone(), 0..6)
                .prop_map(|items| format!("[{}]", items.join(","))),
            prop::collection::vec(("[a-z.]{1,3}", inner), 0..6).prop_map(|entries| {
                let fields: Vec<String> = entries
                    .into_iter()
                    .map(|(k, v)| format!("{}: {v}", serde_json::to_string(&k).unwrap()))
                    .collect();
                format!("{{ {} }}", fields.join(" ,"))
            }),
        ]
    })
}

proptest! {
    /// Every writer takes any record without panicking: it is written, or refused as a bad record
    /// (exit 5), never anything else; numbers beyond f64 come out as their text.
    #[test]
    fn record_readers_and_cell_writers_never_panic(text in record_text(6)) {
        use clinic::output::{Format, Output, OutputSpec, Shape};
        let Ok(record) = clinic::record::RawRecord::from_string(text.clone()) else {
            return Ok(());
        };
        let parsed = clinic::record::value_of(&record);
        for format in [Format::Csv, Format::Tsv, Format::Json, Format::Ndjson, Format::Table, Format::Xlsx] {
            let spec = OutputSpec { format, columns: None, excel: format == Format::Csv, path: None, width: None, terminal: false, money_columns: Vec::new(), column_types: Default::default(), partition: None, command: Vec::new(), raw_strings: false, empty_columns: Vec::new() };
            let mut output = Output::open(&spec, Shape::List, Box::new(std::io::sink())).unwrap();
            let written = output.write_raw(&record).and_then(|()| output.finish().map(drop));
            match (&parsed, written) {
                (_, Ok(())) => {}
                (Err(_), Err(clinic::error::OutputError::Record(_))) => {}
                (_, Err(e)) => prop_assert!(false, "{format:?}: {e}"),
            }
        }
    }

    /// Deeper than the limit is always the same refusal, however it nests.
    #[test]
    fn nesting_past_the_limit_is_refused_by_every_reader(depth in 128usize..400, arrays in any::<bool>()) {
        let (open, close) = if arrays { ("[", "]") } else { (r#"{"a":"#, "}") };
        let text = format!(r#"{{"f": {}1{}}}"#, open.repeat(depth - 1), close.repeat(depth - 1));
        let record = clinic::record::RawRecord::from_string(text.clone()).unwrap();
        prop_assert!(clinic::record::value_of(&record).is_err());
        let spec = clinic::output::OutputSpec {
            format: clinic::output::Format::Csv, columns: None, excel: false, path: None, width: None, terminal: false, money_columns: Vec::new(), column_types: Default::default(), partition: None, command: Vec::new(), raw_strings: false, empty_columns: Vec::new(),
        };
        let mut output = clinic::output::Output::open(&spec, clinic::output::Shape::List, Box::new(std::io::sink())).unwrap();
        prop_assert!(matches!(output.write_raw(&record), Err(clinic::error::OutputError::Record(_))));
    }
}
