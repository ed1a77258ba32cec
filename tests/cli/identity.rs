//! Records known by who they are: by the ID under their kind's own key, across the whole walk, never
//! by their bytes, their position or the first key that looks like an ID. Each test is a deployment
//! that once made the client exit 0 with repeated, missing or misfiled records.

use clinic_sandbox::{Counter, Options, PastEnd, RenamedKey};
use serde_json::Value;

use crate::common::*;

/// The Ficha Financeira of clinic 1, every page, 50 a page, into `out`.
fn ficha_to(out: &std::path::Path) -> Vec<String> {
    [
        "report",
        "ficha-financeira",
        "--all",
        "--per-page",
        "50",
        "-o",
        out.to_str().unwrap(),
    ]
    .map(String::from)
    .to_vec()
}

/// Clinic 1's quotes as a plain deployment gives them, as CSV.
fn reference_csv(scale: u64) -> Vec<u8> {
    let env = Env::with(Options {
        scale,
        ..Options::ephemeral()
    });
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("ficha.csv");
    env.run_ok(&ficha_to(&out));
    std::fs::read(out).unwrap()
}

/// How many quotes clinic 1 holds in `env`'s sandbox.
fn clinic_one_quotes(env: &Env) -> u64 {
    env.stats()["quotes_by_clinic"]["1"].as_u64().unwrap()
}

/// `n` as the messages write a count (`1,235`).
fn thousands(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// How many requests for the Ficha Financeira the sandbox received.
fn ficha_requests(env: &Env) -> usize {
    env.sent()
        .iter()
        .filter(|r| is_to(r, "/lista_venda_orcamento"))
        .count()
}

#[test]
fn a_window_repeated_past_the_end_is_never_written_twice() {
    // A count that is no multiple of 50: the last full window reaches back over two pages.
    let scale = 12_340;
    let want = reference_csv(scale);
    let lines = want.split(|b| *b == b'\n').count();
    // With an honest total the short last page ends the walk; without one, the repeated window
    // is the end, and none of its records is written again.
    for counters in [vec![Counter::Total], vec![Counter::Nothing]] {
        let env = Env::with(Options {
            scale,
            past_end: PastEnd::Window,
            counters: Some(counters.clone()),
            ..Options::ephemeral()
        });
        let dir = tempfile::tempdir().unwrap();
        let out = dir.path().join("ficha.csv");
        env.run_ok(&ficha_to(&out));
        let got = std::fs::read(&out).unwrap();
        assert_eq!(
            got.split(|b| *b == b'\n').count(),
            lines,
            "counters {counters:?}"
        );
        assert!(got == want, "counters {counters:?}: other bytes");
    }
}

#[test]
fn a_total_one_too_high_with_the_window_repeated_fails_and_writes_nothing() {
    // The field that changes on every request makes each repeat new bytes: still the same
    // records, so the walk ends at the first repeat, never running on to --max-pages.
    for volatile in [false, true] {
        let env = Env::with(Options {
            scale: 12_340,
            past_end: PastEnd::Window,
            counter_skew: 1,
            volatile_field: volatile,
            ..Options::ephemeral()
        });
        let dir = tempfile::tempdir().unwrap();
        let out = dir.path().join("ficha.csv");
        let held = clinic_one_quotes(&env);
        assert_ne!(held % 50, 0, "{held} quotes: the last page should be short");
        let ran = exited(env.run(&ficha_to(&out)), 5);
        let err = stderr(&ran);
        assert!(
            err.contains(&thousands(held + 1)) && err.contains("total"),
            "{err}"
        );
        assert!(!out.exists(), "a file was left");
        // The pages of records, the repeated window, and at most the numbering probe's page 0
        // and a few pages in flight beside them.
        let asked = ficha_requests(&env) as u64;
        let pages = held.div_ceil(50);
        assert!(
            asked <= pages + 8,
            "{asked} requests for {pages} pages (volatile {volatile})"
        );
    }
}

#[test]
fn a_field_that_changes_on_every_request_does_not_fool_the_numbering_probe() {
    // Page 0 is answered as page 1 (the server reads 0 as 1): the same contacts, other bytes.
    const LIST: &[&str] = &[
        "contact",
        "list",
        "--all",
        "--per-page",
        "20",
        "--format",
        "json",
    ];
    let reference = Env::with(Options {
        scale: 3000,
        ..Options::ephemeral()
    });
    let want = stdout_json(&reference.run_ok(LIST));
    let want = want.as_array().unwrap().len();
    assert!(want > 40, "{want} contacts: the list should span pages");
    let env = Env::with(Options {
        scale: 3000,
        volatile_field: true,
        page_zero: Some(clinic_sandbox::PageZero::First),
        ..Options::ephemeral()
    });
    for run in 0..2 {
        let out = env.run_ok(LIST);
        let got = stdout_json(&out);
        let ids: std::collections::BTreeSet<u64> = got
            .as_array()
            .unwrap()
            .iter()
            .map(|c| c["id"].as_u64().unwrap())
            .collect();
        assert_eq!(
            (got.as_array().unwrap().len(), ids.len()),
            (want, want),
            "run {run}"
        );
    }
    let config = std::fs::read_to_string(env.config.path().join("config.toml")).unwrap();
    assert!(!config.contains("page_base = 0"), "{config}");
}

#[test]
fn a_server_that_ignores_the_page_number_fails_rather_than_pass_one_page() {
    let env = Env::with(Options {
        scale: 3000,
        ignore_page: true,
        counters: Some(vec![Counter::Nothing]),
        ..Options::ephemeral()
    });
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("ficha.csv");
    let ran = exited(env.run(&ficha_to(&out)), 5);
    let err = stderr(&ran);
    assert!(err.contains("ignores the page number"), "{err}");
    assert!(!out.exists(), "a file was left");
    // The probe asked page 2 at half the size.
    let halves = env
        .sent()
        .iter()
        .filter(|r| is_to(r, "/lista_venda_orcamento"))
        .map(query_of)
        .filter(|q| q.contains(&("por_pagina".into(), "25".into())))
        .count();
    assert_eq!(halves, 1);
    // The finding is remembered, and a later page is refused before anything is sent: it would
    // answer page 1.
    let config = || std::fs::read_to_string(env.config.path().join("config.toml")).unwrap();
    assert!(config().contains("paging = \"ignored\""), "{}", config());
    let asked = || env.asked_to("/lista_venda_orcamento");
    let before = asked();
    let ran = exited(env.run(&[FICHA, &["--page", "2"][..]].concat()), 2);
    assert!(
        stderr(&ran).contains("paging = ignored"),
        "{}",
        stderr(&ran)
    );
    assert_eq!(asked(), before, "nothing is asked for a refused --page");
    // A deployment remembered so whose pages by number bring new records reads numbers after
    // all: it says so, and remembers that instead.
    let plain = Env::with(Options {
        scale: 3000,
        counters: Some(vec![Counter::Nothing]),
        ..Options::ephemeral()
    });
    plain.run_ok(&["config", "set", "paging", "ignored"]);
    let out = dir.path().join("plain.csv");
    let ran = plain.run_ok(&ficha_to(&out));
    assert!(
        stderr(&ran).contains("remembered as paging = numbers"),
        "{}",
        stderr(&ran)
    );
    let config = std::fs::read_to_string(plain.config.path().join("config.toml")).unwrap();
    assert!(config.contains("paging = \"numbers\""), "{config}");
    // A list the first page holds whole, with a total that says so, is complete.
    let env = Env::with(Options {
        scale: 100,
        ignore_page: true,
        ..Options::ephemeral()
    });
    let want = reference_csv(100);
    let out = dir.path().join("small.csv");
    let mut args = ficha_to(&out);
    args[4] = "500".into();
    env.run_ok(&args);
    assert!(
        std::fs::read(&out)
            .unwrap()
            .starts_with(&want[..want.len().min(200)])
    );
}

#[test]
fn a_created_contact_is_its_own_id_not_its_campaign_s() {
    let env = Env::with(Options {
        create_echoes_foreign_keys: true,
        ..Options::ephemeral()
    });
    let out = env.run_ok(&[CONTACT_CREATE, &["--format", "json"][..]].concat());
    let answer = stdout_json(&out);
    let created = env.stats()["contacts"].as_u64().unwrap();
    assert_eq!(answer["id"], Value::from(created), "{answer}");
    let err = stderr(&out);
    assert!(err.contains(&format!("created contact {created}")), "{err}");
}

/// The clinics as a plain deployment lists them.
fn clinic_named(name: &str) -> u64 {
    let env = Env::new();
    let clinics = stdout_json(&env.run_ok_as("admin", &["ref", "clinics", "--format", "json"]));
    clinics
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["nome"] == name)
        .and_then(|c| c["id"].as_u64())
        .unwrap()
}

#[test]
fn a_reference_list_with_a_foreign_key_first_resolves_names_to_their_own_ids() {
    let campinas = clinic_named("SP Campinas");
    assert_ne!(
        campinas, 2,
        "the foreign key must differ from the clinic's ID"
    );
    for own in ["id_clinica", "cod"] {
        let env = Env::with(Options {
            foreign_key_first: Some("id_empresa".into()),
            record_id_key: Some(own.into()),
            ..Options::ephemeral()
        });
        env.run_ok_as(
            "admin",
            &[FICHA, &["--clinic", "SP Campinas", "--format", "json"][..]].concat(),
        );
        let report = env
            .sent()
            .into_iter()
            .rfind(|r| is_to(r, "/lista_venda_orcamento"))
            .expect("the report was read");
        assert!(
            query_of(&report).contains(&("clinica".into(), campinas.to_string())),
            "{own}: {:?}",
            query_of(&report)
        );
    }
    // A list whose records carry only keys of other kinds: no clinic is picked, and no report read.
    let env = Env::with(Options {
        foreign_key_first: Some("id_empresa".into()),
        record_id_key: Some("id_unidade".into()),
        ..Options::ephemeral()
    });
    let out = exited(
        env.run_as("admin", &[FICHA, &["--clinic", "SP Campinas"][..]].concat()),
        5,
    );
    let err = stderr(&out);
    assert!(
        err.contains("id_empresa") && err.contains("id_unidade") && err.contains("id_clinica"),
        "{err}"
    );
    assert!(
        !env.sent()
            .iter()
            .any(|r| is_to(r, "/lista_venda_orcamento"))
    );
}

#[test]
fn an_id_key_renamed_mid_walk_lands_in_one_column_said_once() {
    let env = Env::with(Options {
        scale: 3000,
        record_id_key: Some("orcamento_id".into()),
        record_id_key_from: Some(RenamedKey {
            from: 120,
            key: "id_orcamento".into(),
        }),
        ..Options::ephemeral()
    });
    let out = env.run_ok(&[FICHA_ALL, &["--per-page", "50", "--format", "csv"][..]].concat());
    let csv = String::from_utf8(out.stdout.clone()).unwrap();
    let header = csv.lines().next().unwrap();
    assert!(header.split(',').any(|c| c == "orcamento_id"), "{header}");
    assert!(!header.split(',').any(|c| c == "id_orcamento"), "{header}");
    let err = stderr(&out);
    assert_eq!(err.matches("id_orcamento").count(), 1, "{err}");
    // Every row has its ID.
    let mut reader = csv::Reader::from_reader(csv.as_bytes());
    let at = reader
        .headers()
        .unwrap()
        .iter()
        .position(|c| c == "orcamento_id")
        .unwrap();
    let rows: Vec<_> = reader.records().map(Result::unwrap).collect();
    assert_eq!(rows.len() as u64, clinic_one_quotes(&env));
    assert!(rows.len() > 120, "the rename should fall inside the list");
    assert!(rows.iter().all(|r| !r[at].is_empty()));
    // A rename to a key of no known kind is warned about, naming both keys.
    let env = Env::with(Options {
        scale: 3000,
        record_id_key_from: Some(RenamedKey {
            from: 120,
            key: "chave_x".into(),
        }),
        ..Options::ephemeral()
    });
    let out = env.run_ok(&[FICHA_ALL, &["--per-page", "50", "--format", "csv"][..]].concat());
    let err = stderr(&out);
    assert!(
        err.contains("chave_x") && err.contains("no ID under id"),
        "{err}"
    );
}
