//! `clinic api`: any path of the API with the same auth, formats and paging.

use predicates::prelude::*;

use crate::common::*;

#[test]
fn api_escape_hatch_with_paging_and_body() {
    let env = Env::new();
    let out = env.run_ok(&[
        "api",
        "GET",
        "/listaCanal",
        "-Q",
        "pagina_atual=1",
        "-Q",
        "por_pagina=3",
        "--format",
        "json",
    ]);
    assert_eq!(stdout_json(&out).as_array().unwrap().len(), 3);
    env.clear_journal();
    let out = env.run_ok(&[
        "api",
        "get",
        "listaServico",
        "--all",
        "--per-page",
        "10",
        "--format",
        "ndjson",
    ]);
    assert_eq!(String::from_utf8(out.stdout).unwrap().lines().count(), 25);
    assert!(env.sent().len() >= 3);
    env.clear_journal();
    env.run_ok(&[
        "api",
        "POST",
        "/criaCampanha",
        "--data",
        r#"{"nome":"Via api","clinica":"1"}"#,
        "--format",
        "json",
    ]);
    assert_eq!(body_of(&env.sent()[0])["nome"], "Via api");
    env.clinic()
        .args(["api", "POST", "/criaCampanha", "--data", "{nope"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("--data"));
    exited(env.run(&["api", "FETCH", "/x"]), 2);
    exited(env.run(&["api", "GET", "/x", "-Q", "novalue"]), 2);
}

/// The paging parameters of each request the command sent, in order.
/// The page a `--page N` run asked for: the last request, after at most the one-time questions that
/// learn how the deployment numbers its pages (pages 1 and 0, see README "Conventions learned").
fn page_asked(env: &Env) -> (Option<String>, Option<String>) {
    let mut sent = paging_sent(env);
    let asked = sent.pop().expect("a request");
    assert!(
        sent.iter()
            .all(|(page, _)| matches!(page.as_deref(), Some("0" | "1"))),
        "{sent:?}"
    );
    asked
}

/// The paging of each request, the numbering probe (page 0, once per profile) aside.
fn paging_sent(env: &Env) -> Vec<(Option<String>, Option<String>)> {
    without_numbering_probe(env.sent())
        .iter()
        .map(|r| {
            let q = query_of(r);
            let get = |k: &str| {
                let all: Vec<String> = q
                    .iter()
                    .filter(|(key, _)| key == k)
                    .map(|(_, v)| v.clone())
                    .collect();
                assert!(all.len() <= 1, "{k} sent {} times", all.len());
                all.into_iter().next()
            };
            (get("pagina_atual"), get("por_pagina"))
        })
        .collect()
}

#[test]
fn api_get_sends_the_page_and_page_size() {
    let env = Env::new();
    let some = |p: &str, s: &str| (Some(p.to_string()), Some(s.to_string()));
    // The README's example: a paged list always gets its paging parameters.
    let out = env.run_ok(&[
        "api",
        "GET",
        "/listaCanal",
        "-Q",
        "nome=insta",
        "--format",
        "json",
    ]);
    assert_eq!(stdout_json(&out)[0]["nome"], "Instagram");
    // One page holds the list; only the empty page after it proves the end.
    assert_eq!(paging_sent(&env), [some("1", "50"), some("2", "50")]);
    assert!(query_of(&env.sent()[0]).contains(&("nome".into(), "insta".into())));
    env.clear_journal();
    let out = env.run_ok(&[
        "api",
        "GET",
        "/listaCanal",
        "--page",
        "2",
        "--per-page",
        "5",
        "--format",
        "json",
    ]);
    assert_eq!(stdout_json(&out).as_array().unwrap().len(), 5);
    assert_eq!(stdout_json(&out)[0]["id"], 6);
    assert_eq!(page_asked(&env), some("2", "5"));
    // The flags win over the same names given with -q, and each is sent once.
    env.clear_journal();
    env.run_ok(&[
        "api",
        "GET",
        "/listaCanal",
        "-Q",
        "pagina_atual=3",
        "--page",
        "2",
        "-Q",
        "por_pagina=4",
        "--format",
        "json",
    ]);
    assert_eq!(page_asked(&env), some("2", "4"));
    // Any other path gets them when they are asked for, and not otherwise.
    env.clear_journal();
    env.run_ok(&[
        "api",
        "GET",
        "/statusAgendamento",
        "--page",
        "1",
        "--per-page",
        "7",
        "--format",
        "json",
    ]);
    env.run_ok(&["api", "GET", "/statusAgendamento", "--format", "json"]);
    assert_eq!(paging_sent(&env), [some("1", "7"), (None, None)]);
}

#[test]
fn quiet_works_before_or_after_the_command_and_api_takes_its_query_as_capital_q() {
    let env = Env::new();
    // The binary, not a run in this process: a `-q KEY=VALUE` left over is recognised in the
    // process's own arguments.
    let run = |args: &[&str]| {
        let out = env.clinic().args(args).output().unwrap();
        assert!(out.status.success(), "{args:?}: {}", stderr(&out));
        out
    };
    // Without -q the count of records is noted on stderr; with it, before or after, nothing is.
    let loud = run(&["ref", "channels", "--format", "csv"]);
    assert!(stderr(&loud).contains("records"), "{}", stderr(&loud));
    let before = run(&["-q", "ref", "channels", "--format", "csv"]);
    let after = run(&["ref", "channels", "--format", "csv", "-q"]);
    assert_eq!(before.stdout, after.stdout);
    assert!(!before.stdout.is_empty());
    assert_eq!(stderr(&before), "");
    assert_eq!(stderr(&after), "");
    // `clinic api`'s query parameter is `-Q`; its `-q` is `--quiet`, as everywhere.
    env.clear_journal();
    let quiet = run(&["api", "GET", "/listaCanal", "-Q", "nome=insta", "-q"]);
    assert_eq!(stderr(&quiet), "");
    let sent = env.sent();
    let last = sent.last().unwrap();
    assert!(
        query_of(last).contains(&("nome".into(), "insta".into())),
        "{last}"
    );
    // The old spelling is refused, before anything is sent, with the way to send it.
    env.clear_journal();
    for command in [
        &["api", "GET", "/listaCanal"][..],
        &["io", "GET", "/leads"][..],
    ] {
        let out = env
            .clinic()
            .args(command)
            .args(["-q", "nome=insta"])
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
        assert!(stderr(&out).contains("-Q KEY=VALUE"), "{}", stderr(&out));
    }
    assert!(env.sent().is_empty());
}
