//! Lists paged by link or cursor: Laravel's `next_page_url`, Django REST framework's `next`, a
//! `proximo` address, an RFC 8288 `Link` header and an opaque cursor. Each ignores `pagina_atual`:
//! a client that paged by number would read page 1 over and over.

use clinic_sandbox::{Counter, Envelope, LinkPaging, Options, RecordsKey};

use crate::common::*;

const PER_PAGE: &str = "50";

fn ficha_to(out: &std::path::Path) -> Vec<String> {
    [
        "report",
        "ficha-financeira",
        "--all",
        "--per-page",
        PER_PAGE,
        "-o",
        out.to_str().unwrap(),
    ]
    .map(String::from)
    .to_vec()
}

/// Each style, in the envelope its framework writes, with and without a record count.
fn deployments() -> Vec<(String, Options)> {
    let mut all = Vec::new();
    for counted in [true, false] {
        let counters = |c: Counter| Some(vec![if counted { c } else { Counter::Nothing }]);
        let styles = [
            (
                "laravel",
                Options {
                    paging: LinkPaging::Laravel,
                    envelope: Envelope::Data,
                    counters: counters(Counter::Total),
                    ..Options::ephemeral()
                },
            ),
            (
                "drf",
                Options {
                    paging: LinkPaging::Drf,
                    envelope: Envelope::Data,
                    records_key: Some(RecordsKey::Results),
                    counters: counters(Counter::Count),
                    ..Options::ephemeral()
                },
            ),
            (
                "proximo",
                Options {
                    paging: LinkPaging::Proximo,
                    counters: counters(Counter::Total),
                    ..Options::ephemeral()
                },
            ),
            (
                "link-header",
                Options {
                    paging: LinkPaging::LinkHeader,
                    envelope: Envelope::Bare,
                    counters: counters(Counter::Total),
                    ..Options::ephemeral()
                },
            ),
            (
                "cursor",
                Options {
                    paging: LinkPaging::Cursor,
                    counters: counters(Counter::Total),
                    ..Options::ephemeral()
                },
            ),
        ];
        for (name, opts) in styles {
            let opts = Options {
                scale: 3000,
                ..opts
            };
            all.push((format!("{name} (counted: {counted})"), opts));
        }
    }
    all
}

#[test]
fn every_style_of_next_link_is_followed_to_the_end_and_every_record_read_once() {
    let reference = Env::scale(3000);
    let dir = tempfile::tempdir().unwrap();
    let want_path = dir.path().join("want.csv");
    reference.run_ok(&ficha_to(&want_path));
    let want = std::fs::read(&want_path).unwrap();
    let held = reference.stats()["quotes_by_clinic"]["1"].as_u64().unwrap();
    let pages = held.div_ceil(50);
    assert!(pages > 3, "the list should span pages");
    for (name, opts) in deployments() {
        let env = Env::with(opts);
        let out = dir.path().join("got.csv");
        let ran = env.run(&ficha_to(&out));
        assert!(ran.status.success(), "{name}: {}", stderr(&ran));
        assert!(std::fs::read(&out).unwrap() == want, "{name}: other bytes");
        // Page 1 (and the numbering probe's page 0), then one request per link, none past the end.
        let asked: Vec<Vec<(String, String)>> = env
            .sent()
            .iter()
            .filter(|r| is_to(r, "/lista_venda_orcamento"))
            .map(query_of)
            .collect();
        let followed = asked
            .iter()
            .filter(|q| q.iter().any(|(k, _)| k == "page" || k == "cursor"))
            .count() as u64;
        assert_eq!(followed, pages - 1, "{name}: {asked:?}");
        assert!(
            asked.len() as u64 <= pages + 1,
            "{name}: {} requests",
            asked.len()
        );
        // The list's own parameters travel with every link.
        assert!(
            asked
                .iter()
                .all(|q| q.contains(&("por_pagina".into(), PER_PAGE.into()))),
            "{name}: {asked:?}"
        );
    }
}

#[test]
fn a_limit_reads_only_the_links_it_needs_and_page_is_refused() {
    let env = Env::with(Options {
        scale: 3000,
        paging: LinkPaging::Laravel,
        envelope: Envelope::Data,
        ..Options::ephemeral()
    });
    let out = env.run_ok(
        &[
            FICHA_ALL,
            &["--per-page", "50", "--limit", "120", "--format", "ndjson"][..],
        ]
        .concat(),
    );
    let ids: Vec<u64> = String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(|l| {
            serde_json::from_str::<serde_json::Value>(l).unwrap()["id"]
                .as_u64()
                .unwrap()
        })
        .collect();
    let distinct: std::collections::BTreeSet<_> = ids.iter().collect();
    assert_eq!((ids.len(), distinct.len()), (120, 120));
    let followed = env
        .sent()
        .iter()
        .filter(|r| is_to(r, "/lista_venda_orcamento"))
        .filter(|r| query_of(r).iter().any(|(k, _)| k == "page"))
        .count();
    assert_eq!(followed, 2);
    // A later page has no number on such a list: refused, exit 2, and said why.
    let out = exited(env.run(&[FICHA, &["--page", "3"][..]].concat()), 2);
    assert!(stderr(&out).contains("next links"), "{}", stderr(&out));
}
