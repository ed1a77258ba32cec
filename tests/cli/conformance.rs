//! Every seed read and write against every deployment convention the sandbox can speak, one knob at a
//! time and all of them at once (`--dialect quirks`). Reads must give the standard dialect's output
//! byte for byte (every record exactly once); writes must end with the right exit code and the new ID
//! or the service's own words; a report filtered to nothing must be an empty result with exit 0.

use clinic_sandbox::{Charset, Dialect, EmptyList, Options};

use crate::common::{
    CHANNELS_JSON, CREATE_ANYWAY, Env, FICHA_ALL, exited, is_to, stderr, stdout_json, succeeds,
};

const SCALE: u64 = 600;

fn base() -> Options {
    Options {
        scale: SCALE,
        ..Options::ephemeral()
    }
}

/// Each knob alone, then all of them together.
fn knobs() -> Vec<(&'static str, Options)> {
    vec![
        (
            "page-base 0",
            Options {
                page_base: Some(0),
                ..base()
            },
        ),
        (
            "max-per-page 20",
            Options {
                max_per_page: Some(20),
                ..base()
            },
        ),
        (
            "charset latin1",
            Options {
                charset: Some(Charset::Latin1),
                ..base()
            },
        ),
        (
            "token-prefix Bearer",
            Options {
                token_prefix: Some("Bearer".into()),
                ..base()
            },
        ),
        (
            "empty-list 404",
            Options {
                empty_list: Some(EmptyList::NotFound),
                ..base()
            },
        ),
        (
            "empty-list 200-false",
            Options {
                empty_list: Some(EmptyList::FalseFlag),
                ..base()
            },
        ),
        (
            "id-field own",
            Options {
                id_field: Some("own".into()),
                ..base()
            },
        ),
        (
            "unconfirmed-write-rate 0.5",
            Options {
                unconfirmed_write_rate: Some(0.5),
                ..base()
            },
        ),
        (
            "dialect quirks",
            Options {
                dialect: Dialect::Quirks,
                ..base()
            },
        ),
    ]
}

/// The reads of the seed, each as arguments to the clinic user's `clinic`.
fn reads(seller: &str) -> Vec<Vec<String>> {
    let mut all: Vec<Vec<&str>> = [
        "clinics",
        "channels",
        "campaigns",
        "services",
        "sellers",
        "creators",
        "account-plans",
        "operation-types",
        "appointment-statuses",
        "quote-statuses",
        "has-quote",
    ]
    .iter()
    .map(|list| vec!["ref", list, "--all", "--format", "json"])
    .collect();
    all.extend([
        vec!["report", "ficha-financeira", "--all", "--format", "csv"],
        vec!["report", "ficha-financeira", "--all", "--format", "json"],
        vec![
            "report",
            "ficha-financeira",
            "--all",
            "--clinic",
            "1",
            "--format",
            "csv",
        ],
        vec!["report", "appointments", "--all", "--format", "csv"],
        vec!["contact", "list", "--all", "--format", "csv"],
    ]);
    let mut all: Vec<Vec<String>> = all
        .into_iter()
        .map(|a| a.into_iter().map(String::from).collect())
        .collect();
    all.push(
        [
            "report",
            "ficha-financeira",
            "--all",
            "--seller",
            seller,
            "--format",
            "json",
        ]
        .map(String::from)
        .to_vec(),
    );
    all
}

/// What each read printed, in order; every read must succeed.
fn read_all(env: &Env, reads: &[Vec<String>]) -> Vec<Vec<u8>> {
    reads
        .iter()
        .map(|args| {
            let out = env.run(args);
            assert!(
                out.status.success(),
                "{args:?}: exit {:?}\n{}",
                out.status.code(),
                stderr(&out)
            );
            out.stdout
        })
        .collect()
}

fn seller_name(env: &Env) -> String {
    let out = env.run(&["ref", "sellers", "--format", "json"]);
    let sellers = stdout_json(&out);
    let first = &sellers[0];
    first["nome"]
        .as_str()
        .or_else(|| first["name"].as_str())
        .unwrap_or_else(|| panic!("no name in {first}"))
        .to_string()
}

#[test]
fn every_read_gives_the_standard_output_under_every_convention() {
    let reference = Env::with(base());
    let seller = seller_name(&reference);
    let reads = reads(&seller);
    let expected = read_all(&reference, &reads);
    // The walks are not trivially short: the Ficha Financeira of clinic 1 spans pages.
    let quotes = String::from_utf8_lossy(&expected[11]).lines().count();
    assert!(quotes > 50, "{quotes} lines");
    for (knob, opts) in knobs() {
        let env = Env::with(opts);
        let got = read_all(&env, &reads);
        for ((args, want), have) in reads.iter().zip(&expected).zip(&got) {
            assert!(
                want == have,
                "{knob}: {args:?} differs from the standard dialect:\n--- standard\n{}\n--- {knob}\n{}",
                String::from_utf8_lossy(want),
                String::from_utf8_lossy(have)
            );
        }
    }
}

#[test]
fn a_report_filtered_to_nothing_is_an_empty_result_under_every_convention() {
    let nothing = [
        "report",
        "ficha-financeira",
        "--all",
        "--from",
        "1990-01-01",
        "--to",
        "1990-01-02",
        "--format",
        "json",
    ];
    for (knob, opts) in std::iter::once(("standard", base())).chain(knobs()) {
        let env = Env::with(opts);
        let out = env.run(&nothing);
        assert_eq!(out.status.code(), Some(0), "{knob}: {}", stderr(&out));
        assert_eq!(stdout_json(&out), serde_json::json!([]), "{knob}");
        assert!(
            stderr(&out).contains("no records"),
            "{knob}: {}",
            stderr(&out)
        );
    }
}

/// The writes of the seed, numbered as the sandbox counts them.
fn writes(campaign: &str, contact: &str, appointment: &str) -> Vec<Vec<String>> {
    [
        [
            CREATE_ANYWAY,
            &[
                "--name",
                "Maria Souza",
                "--phone",
                "(16) 99264-0197",
                "--birth-date",
                "23/04/1990",
                "--channel",
                "1",
                "--campaign",
                campaign,
                "--clinic",
                "1",
                "--format",
                "json",
            ],
        ]
        .concat(),
        vec![
            "campaign",
            "create",
            "--name",
            "Campanha de conformidade",
            "--clinic",
            "1",
            // The seed runs twice: the second campaign of that name is meant.
            "--allow-duplicate",
            "--format",
            "json",
        ],
        vec![
            "contact", "update", contact, "--note", "revisado", "--format", "json",
        ],
        vec![
            "appointment",
            "set-status",
            appointment,
            "2",
            "--format",
            "json",
        ],
    ]
    .into_iter()
    .map(|a| a.into_iter().map(String::from).collect())
    .collect()
}

#[test]
fn every_write_ends_with_the_id_or_the_services_words_under_every_convention() {
    for (knob, opts) in std::iter::once(("standard", base())).chain(knobs()) {
        let rate = opts.unconfirmed_write_rate();
        let env = Env::with(opts);
        let campaigns = stdout_json(&env.run(&["ref", "campaigns", "--format", "json"]));
        let campaign = campaigns[0]["id"].to_string();
        let contacts =
            stdout_json(&env.run(&["contact", "list", "--limit", "1", "--format", "json"]));
        let contact = contacts[0]["id"].to_string();
        let appointments =
            stdout_json(&env.run(&["report", "appointments", "--limit", "1", "--format", "json"]));
        let appointment = appointments[0]["id"].to_string();
        let before = env.stats();
        let mut created = 0;
        // Twice over, so that a rate of 1 in 4 leaves one write unconfirmed.
        let seed = writes(&campaign, &contact, &appointment);
        for (k, args) in seed.iter().chain(seed.iter()).enumerate() {
            let k = k as f64;
            let unconfirmed = ((k + 1.0) * rate).floor() > (k * rate).floor();
            let out = env.run(args);
            let err = stderr(&out);
            if unconfirmed {
                assert_eq!(out.status.code(), Some(4), "{knob}: {args:?}\n{err}");
                assert!(err.contains("Dados inválidos"), "{knob}: {err}");
                assert!(err.contains("did not confirm"), "{knob}: {err}");
                assert!(!err.contains("created"), "{knob}: {err}");
                continue;
            }
            assert_eq!(out.status.code(), Some(0), "{knob}: {args:?}\n{err}");
            if args[1] == "create" {
                let id = &stdout_json(&out)["id"];
                assert!(
                    id.as_u64().is_some() || id.as_str().is_some_and(|s| !s.is_empty()),
                    "{knob}: {args:?} shows no id: {}",
                    String::from_utf8_lossy(&out.stdout)
                );
                let shown = id.as_str().map_or(id.to_string(), str::to_string);
                assert!(
                    err.contains("created") && err.contains(&shown),
                    "{knob}: {err}"
                );
                if args[0] == "contact" {
                    created += 1;
                }
            }
        }
        let after = env.stats();
        assert_eq!(
            after["contacts"].as_u64().unwrap() - before["contacts"].as_u64().unwrap(),
            created,
            "{knob}: contacts created"
        );
    }
}

#[test]
fn a_login_answer_with_its_scheme_is_kept_apart_and_remembered() {
    let env = Env::with(Options {
        token_prefix: Some("Bearer".into()),
        ..base()
    });
    let out = env.login_to_file();
    assert!(out.status.success(), "{}", stderr(&out));
    let config = std::fs::read_to_string(env.config.path().join("config.toml")).unwrap();
    assert!(config.contains("auth_scheme = \"bearer\""), "{config}");
    env.clear_journal();
    succeeds(env.file_store().args(CHANNELS_JSON));
    let sent = env.sent();
    let auth = sent[0]["headers"]["authorization"].as_str().unwrap();
    // One scheme word, then the token: never `Bearer Bearer …`.
    assert!(
        auth.starts_with("Bearer ") && !auth[7..].contains(' '),
        "{auth}"
    );
}

#[test]
fn a_zero_based_one_page_list_never_ends_short() {
    let env = Env::with(Options {
        page_base: Some(0),
        ..base()
    });
    let out = env.run_ok(CHANNELS_JSON);
    let channels = stdout_json(&out);
    let reference = Env::with(base());
    let want = stdout_json(&reference.clinic().args(CHANNELS_JSON).output().unwrap());
    assert_eq!(channels, want);
    assert!(!want.as_array().unwrap().is_empty());
    // The page the deployment calls 0 was asked for, and the numbering said once.
    let asked: Vec<String> = env
        .sent()
        .iter()
        .flat_map(crate::common::query_of)
        .filter(|(k, _)| k == "pagina_atual")
        .map(|(_, v)| v)
        .collect();
    assert!(asked.contains(&"0".to_string()), "{asked:?}");
    assert!(
        stderr(&out).contains("numbers its pages from 0"),
        "{}",
        stderr(&out)
    );
}

#[test]
fn ids_typed_as_numbers_need_no_list_and_names_fail_with_the_lists_error() {
    let env = Env::with(Options {
        unknown_route: vec!["/listaClinicas".into(), "/listaVendedor".into()],
        ..base()
    });
    env.run_ok(
        &[
            FICHA_ALL,
            &["--clinic", "1", "--seller", "3", "--format", "json"][..],
        ]
        .concat(),
    );
    let sent = env.sent();
    let report = sent
        .iter()
        .find(|r| is_to(r, "/lista_venda_orcamento"))
        .expect("the report was read");
    let query = crate::common::query_of(report);
    assert!(
        query.contains(&("vendedor".into(), "3".into())),
        "{query:?}"
    );
    assert!(query.contains(&("clinica".into(), "1".into())), "{query:?}");
    // A name does need the list: it fails with the list's own error, and no report is read.
    env.clear_journal();
    let out = exited(
        env.run(&["report", "ficha-financeira", "--all", "--seller", "Camila"]),
        4,
    );
    assert!(
        stderr(&out).contains("rota não encontrada"),
        "{}",
        stderr(&out)
    );
    assert!(
        !env.sent()
            .iter()
            .any(|r| { is_to(r, "/lista_venda_orcamento") })
    );
}

#[test]
fn a_learned_page_size_is_used_and_a_larger_per_page_is_lowered_never_sent() {
    let env = Env::with(Options {
        max_per_page: Some(20),
        ..base()
    });
    // First run: the first page is refused for its size; the walk starts again at 20 a page.
    let out = env.run_ok(&["report", "ficha-financeira", "--all", "--format", "json"]);
    assert!(
        stderr(&out).contains("at most 20 records a page"),
        "{}",
        stderr(&out)
    );
    // Known (here set by hand, as a saved profile holds it): --per-page 100 is lowered, said once.
    env.run_ok(&["config", "set", "max_per_page", "20"]);
    env.clear_journal();
    let out = env.run_ok(&[FICHA_ALL, &["--per-page", "100", "--format", "json"][..]].concat());
    assert_eq!(
        stderr(&out).matches("--per-page 100").count(),
        1,
        "{}",
        stderr(&out)
    );
    let sizes: Vec<String> = env
        .sent()
        .iter()
        .flat_map(crate::common::query_of)
        .filter(|(k, _)| k == "por_pagina")
        .map(|(_, v)| v)
        .collect();
    assert!(
        !sizes.is_empty() && sizes.iter().all(|s| s == "20"),
        "{sizes:?}"
    );
}

#[test]
fn a_page_size_refused_without_its_limit_is_found_exactly_and_remembered() {
    // The deployment serves at most 7 a page and its refusal names no number: the client finds 7
    // by asking page 1 at smaller sizes, never remembers a smaller guess, and walks at 7.
    let env = Env::with(Options {
        max_per_page: Some(7),
        max_per_page_unstated: true,
        ..base()
    });
    let whole = Env::with(base());
    let want = whole.run_ok(&[FICHA_ALL, &["--format", "csv"][..]].concat());
    let out = env.run_ok(&[FICHA_ALL, &["--format", "csv"][..]].concat());
    assert_eq!(out.stdout, want.stdout, "every record once");
    let said = stderr(&out);
    assert!(said.contains("at most 7 records a page"), "{said}");
    assert_eq!(said.matches("records a page").count(), 1, "{said}");
    let sizes: Vec<u64> = env
        .sent()
        .iter()
        .filter(|r| is_to(r, "/lista_venda_orcamento"))
        .flat_map(crate::common::query_of)
        .filter(|(k, _)| k == "por_pagina")
        .map(|(_, v)| v.parse().unwrap())
        .collect();
    // 50 refused, halved until 6 is served, then between 6 and 12: 9 refused, 7 served, 8
    // refused; then the walk itself, every page at 7.
    let walk = sizes.iter().rev().take_while(|s| **s == 7).count();
    assert!(walk >= 2, "{sizes:?}");
    assert_eq!(
        sizes[..sizes.len() - walk],
        [50, 25, 12, 6, 9, 7, 8],
        "{sizes:?}"
    );
    let config = env.run_ok(&["config", "get", "max_per_page"]);
    assert_eq!(String::from_utf8_lossy(&config.stdout).trim(), "7");
}
