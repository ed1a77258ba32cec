//! What a person at a terminal sees on stderr: progress of walks, and hints about what was left out.
//! Driven through pseudo-terminals.

use clinic_sandbox::Options;
use rexpect::session::spawn_command;

use crate::common::*;

/// Every rate (`…/s`) in `text` is a whole number.
fn rates_are_whole(text: &str) -> bool {
    text.match_indices("/s").all(|(at, _)| {
        let number: String = text[..at]
            .chars()
            .rev()
            .take_while(|c| c.is_ascii_digit() || *c == ',' || *c == '.')
            .collect();
        !number.is_empty() && !number.contains('.')
    })
}

#[test]
fn a_walk_shows_the_total_the_percentage_and_the_time_left() {
    let env = Env::with(Options {
        scale: 400,
        latency_ms: 150,
        ..Options::ephemeral()
    });
    let dir = tempfile::tempdir().unwrap();
    let mut cmd = env.terminal_command("unidade1");
    cmd.args(FICHA_ALL)
        .args([
            "--per-page",
            "5",
            "--concurrency",
            "1",
            "--format",
            "csv",
            "-o",
        ])
        .arg(dir.path().join("ficha.csv"));
    let mut p = spawn_command(cmd, Some(60_000)).unwrap();
    let (_, shown) = p
        .exp_regex(r"quotes: [0-9,]+ of [0-9,]+ records +\d+%")
        .unwrap();
    let total: String = shown
        .split(" of ")
        .nth(1)
        .unwrap()
        .split(' ')
        .next()
        .unwrap()
        .to_string();
    p.exp_string("ETA").unwrap();
    let (progress, summary) = p.exp_regex(r"[0-9,]+ records from [0-9,]+ pages").unwrap();
    assert!(
        summary.starts_with(&format!("{total} records from ")),
        "{summary} after a total of {total}"
    );
    assert!(
        progress.contains("/s") && rates_are_whole(&progress),
        "{progress}"
    );
    p.exp_eof().unwrap();
}

#[test]
fn counts_use_the_singular_for_one() {
    let env = Env::new();
    let out = succeeds(env.clinic().args([
        "ref", "channels", "--all", "--limit", "1", "--format", "json",
    ]));
    assert!(
        stderr(&out).contains("1 record from 1 page\n"),
        "{}",
        stderr(&out)
    );
}

#[test]
fn one_page_of_a_longer_list_says_how_to_see_the_rest() {
    let env = Env::new();
    let total = env
        .fetch_all("/listaCampanha", "", &env.token("unidade1", "unidade1"))
        .len();
    assert!(total > 15, "{total} campaigns");
    let mut p = env.on_terminal("unidade1", &["--per-page", "5", "ref", "campaigns"]);
    p.exp_string(&pty_text(&format!(
        "showing 1–5 of {total} — --all for every page"
    )))
    .unwrap();
    p.exp_eof().unwrap();
    let mut p = env.on_terminal(
        "unidade1",
        &["ref", "campaigns", "--page", "3", "--per-page", "5"],
    );
    p.exp_string(&pty_text(&format!(
        "showing 11–15 of {total} — --all for every page"
    )))
    .unwrap();
    p.exp_eof().unwrap();
    // The last page, a whole walk, and output read by a program say nothing of the kind.
    let mut p = env.on_terminal("unidade1", &["ref", "campaigns", "--per-page", "100"]);
    let rest = p.exp_eof().unwrap();
    assert!(!rest.contains("showing"), "{rest}");
    let out = env
        .clinic()
        .args(["--per-page", "5", "ref", "campaigns"])
        .output()
        .unwrap();
    assert!(out.status.success());
    assert!(!stderr(&out).contains("showing"), "{}", stderr(&out));
}

/// `clinic ARGS` in a pseudo-terminal 100 columns wide.
fn in_terminal_100_wide(env: &Env, args: &[&str]) -> rexpect::session::PtySession {
    in_terminal(env, 100, args)
}

fn in_terminal(env: &Env, columns: u16, args: &[&str]) -> rexpect::session::PtySession {
    in_terminal_as(env, "unidade1", columns, args)
}

fn in_terminal_as(
    env: &Env,
    login: &str,
    columns: u16,
    args: &[&str],
) -> rexpect::session::PtySession {
    in_terminal_speaking(env, login, "en", columns, args)
}

/// `clinic ARGS` in a pseudo-terminal `columns` wide, logged in as `login`, in the language `lang`.
fn in_terminal_speaking(
    env: &Env,
    login: &str,
    lang: &str,
    columns: u16,
    args: &[&str],
) -> rexpect::session::PtySession {
    let clinic = assert_cmd::cargo::cargo_bin("clinic");
    let mut cmd = env.terminal_command(login);
    cmd.env("CLINIC_LANG", lang);
    let mut shell = std::process::Command::new("sh");
    shell.args([
        "-c",
        &format!("stty cols {columns} rows 50 && exec \"$0\" \"$@\""),
    ]);
    shell.arg(&clinic).args(args);
    for (k, v) in cmd.get_envs() {
        match v {
            Some(v) => shell.env(k, v),
            None => shell.env_remove(k),
        };
    }
    spawn_command(shell, Some(30_000)).unwrap()
}

/// Table lines of a terminal's output, apart from the progress line erased before them.
fn table_lines(text: &str) -> Vec<&str> {
    text.split(['\n', '\r'])
        .flat_map(|l| l.rsplit("\u{1b}[2K").next())
        .filter(|l| l.starts_with(['|', '+']))
        .collect()
}

#[test]
fn a_wider_terminal_shows_more_columns_up_to_its_width() {
    let env = Env::new();
    let columns = |width: u16| {
        let mut p = in_terminal(&env, width, &["report", "ficha-financeira", "--limit", "2"]);
        let text = from_pty(&p.exp_eof().unwrap());
        let lines = table_lines(&text);
        assert!(
            lines
                .iter()
                .all(|l| l.chars().count() <= usize::from(width)),
            "wider than {width}: {text}"
        );
        lines[1]
            .split('|')
            .filter(|c| !c.trim().is_empty())
            .map(|c| c.trim().to_string())
            .collect::<Vec<_>>()
    };
    let narrow = columns(100);
    let wide = columns(200);
    assert!(wide.len() > narrow.len(), "{narrow:?} then {wide:?}");
    assert_eq!(
        wide[..6],
        ["code", "date", "client", "status", "amount", "seller"]
    );
}

#[test]
fn a_wide_report_fits_a_terminal_and_names_what_it_left_out() {
    let env = Env::new();
    let mut p = in_terminal_100_wide(&env, &["report", "ficha-financeira", "--limit", "2"]);
    let (table, note) = p
        .exp_regex(r"\d+ more columns: --columns all, or --format csv")
        .unwrap();
    let table = from_pty(&table);
    // Table lines, apart from the progress line that the terminal erased before them.
    let lines: Vec<&str> = table
        .split(['\n', '\r'])
        .flat_map(|l| l.rsplit("\u{1b}[2K").next())
        .filter(|l| l.starts_with(['|', '+']))
        .collect();
    // A header and two records, no rules between them: no cell squeezed to a character.
    assert!(lines.len() <= 8, "{table}");
    for line in &lines {
        assert!(
            line.chars().count() <= 100,
            "wider than the terminal: {line}"
        );
    }
    for column in ["code", "date", "client", "status", "amount", "seller"] {
        assert!(lines[1].contains(column), "{column} missing: {table}");
    }
    assert!(!table.contains("forma_pagamento"), "{table}");
    p.exp_eof().unwrap();
    // The count is the rest of the columns a file gets.
    let csv = env
        .clinic()
        .args(FICHA)
        .args(["--limit", "2", "--format", "csv"])
        .output()
        .unwrap();
    let header = String::from_utf8(csv.stdout).unwrap();
    let all = header.lines().next().unwrap().split(',').count();
    let hidden: usize = note.split(' ').next().unwrap().parse().unwrap();
    // The terminal shows the six preferred columns and whichever others fit beside them.
    let shown = lines[1].split('|').filter(|c| !c.trim().is_empty()).count();
    assert!(shown >= 6, "{table}");
    assert_eq!(hidden + shown, all, "{note} of {header}");

    // --columns all shows every column, and no note.
    let mut p = in_terminal_100_wide(
        &env,
        &[
            "report",
            "ficha-financeira",
            "--limit",
            "1",
            "--columns",
            "all",
        ],
    );
    // They cannot fit 100 characters as columns: the record is one block of `field: value` lines,
    // never columns one character wide.
    let rest = from_pty(&p.exp_eof().unwrap());
    let lines: Vec<&str> = rest
        .split(['\n', '\r'])
        .flat_map(|l| l.rsplit("\u{1b}[2K").next())
        .collect();
    assert!(
        lines.iter().any(|l| l.starts_with("-[ record 1 ]")),
        "{rest}"
    );
    let fields = lines
        .iter()
        .filter(|l| l.contains(": ") && !l.starts_with(' '))
        .count();
    assert!(fields >= all, "{fields} of {all} fields:\n{rest}");
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with("codigo ") && l.contains(": ORC-")),
        "{rest}"
    );
    assert!(!rest.contains("more columns"), "{rest}");

    // A table read by a program keeps every column.
    let out = env
        .clinic()
        .args(FICHA)
        .args(["--limit", "1", "--format", "table"])
        .output()
        .unwrap();
    assert!(out.status.success());
    assert!(String::from_utf8_lossy(&out.stdout).contains("forma_pagamento"));
    assert!(!stderr(&out).contains("more columns"), "{}", stderr(&out));
}

/// `1234.5` as a Brazilian reads reais: `R$ 1.234,50`.
fn reais(plain: &str) -> String {
    let (sign, digits) = match plain.strip_prefix('-') {
        Some(rest) => ("-", rest),
        None => ("", plain),
    };
    let (whole, fraction) = digits.split_once('.').unwrap_or((digits, ""));
    let mut grouped = String::new();
    for (i, d) in whole.chars().enumerate() {
        if i > 0 && (whole.len() - i) % 3 == 0 {
            grouped.push('.');
        }
        grouped.push(d);
    }
    format!("{sign}R$ {grouped},{fraction:0<2}")
}

#[test]
fn a_portuguese_table_shows_reais_and_brazilian_dates_while_csv_keeps_the_values() {
    let env = Env::new();
    let run = |lang: &str, format: &str| {
        let out = succeeds(
            env.clinic()
                .env("CLINIC_LANG", lang)
                .args(["report", "ficha-financeira", "--limit", "40"])
                .args(["--columns", "codigo,data,valor", "--format", format]),
        );
        String::from_utf8(out.stdout).unwrap()
    };
    let csv = run("pt-BR", "csv");
    assert_eq!(
        csv,
        run("en", "csv"),
        "machine output changed with the language"
    );
    let pt = run("pt-BR", "table");
    let en = run("en", "table");
    assert!(!pt.contains("|----"), "no rules between rows:\n{pt}");
    let mut thousands = 0;
    for row in csv.lines().skip(1) {
        let cells: Vec<&str> = row.split(',').collect();
        let (codigo, data, valor) = (cells[0], cells[1], cells[2]);
        assert!(
            valor.contains('.') && !valor.contains(','),
            "csv keeps the value: {row}"
        );
        let (y, m, d) = (&data[0..4], &data[5..7], &data[8..10]);
        let line = pt
            .lines()
            .find(|l| l.contains(codigo))
            .unwrap_or_else(|| panic!("{codigo} in\n{pt}"));
        assert!(line.contains(&format!("| {d}/{m}/{y} |")), "{line}");
        // Money is right-aligned: padding before it, the border right after.
        assert!(
            line.ends_with(&format!(" {} |", reais(valor))),
            "{line} for {valor}"
        );
        let line = en.lines().find(|l| l.contains(codigo)).unwrap();
        assert!(line.contains(&format!("| {data} |")), "{line}");
        if valor.split('.').next().unwrap().len() > 3 {
            thousands += 1;
            assert!(!line.contains(valor), "English groups thousands: {line}");
        }
    }
    assert!(
        thousands > 0,
        "no amount of R$ 1.000 or more to check:\n{csv}"
    );
}

#[test]
fn the_appointments_table_shows_the_id_that_set_status_needs() {
    let env = Env::new();
    let mut p = in_terminal_100_wide(&env, &["report", "appointments", "--limit", "2"]);
    let rest = from_pty(&p.exp_eof().unwrap());
    let header = rest
        .split(['\n', '\r'])
        .flat_map(|l| l.rsplit("\u{1b}[2K").next())
        .find(|l| l.contains("time"))
        .unwrap_or_else(|| panic!("{rest}"));
    assert!(header.starts_with("| id "), "{header}");
}

/// On a terminal, a run over several clinics says on its progress line which clinic it is on, of
/// how many, and the time left.
#[test]
fn the_progress_of_a_network_walk_names_the_clinic_and_the_time_left() {
    let env = Env::with(Options {
        latency_ms: 40,
        ..Options::ephemeral()
    });
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("rede.csv");
    let path = path.to_str().unwrap();
    let mut p = in_terminal_as(
        &env,
        "admin",
        150,
        &["report", "ficha-financeira", "--clinic", "all", "-o", path],
    );
    let text = from_pty(&p.exp_eof().unwrap());
    assert!(
        text.contains("quotes · clinic 1 (SP Campinas), 1 of 12"),
        "{text}"
    );
    assert!(
        regex::Regex::new(r"clinic \d+ \([^)]+\), \d+ of 12, about \d+(s|ms) left: [\d,]+ records")
            .unwrap()
            .is_match(&text),
        "{text}"
    );
    assert!(text.contains("records from 12 of 12 clinics"), "{text}");
}

/// The cells of a table's records, each as the text it stands for: the lines a cell was wrapped
/// into joined again, with a space where the line broke at one and directly after an underscore.
/// The first column, never empty, tells where a record starts. The header is the first record.
fn unwrapped_cells(lines: &[&str]) -> Vec<Vec<String>> {
    let mut records: Vec<Vec<Vec<String>>> = Vec::new();
    for line in lines.iter().filter(|l| l.starts_with('|')) {
        let cells: Vec<String> = line
            .trim_matches('|')
            .split(" | ")
            .map(|c| c.trim().to_string())
            .collect();
        match records.last_mut() {
            Some(record) if cells[0].is_empty() => {
                for (parts, cell) in record.iter_mut().zip(cells) {
                    if !cell.is_empty() {
                        parts.push(cell);
                    }
                }
            }
            _ => records.push(cells.into_iter().map(|c| vec![c]).collect()),
        }
    }
    records
        .into_iter()
        .map(|record| {
            record
                .into_iter()
                .map(|parts| {
                    parts.iter().fold(String::new(), |joined, part| {
                        if joined.is_empty() || joined.ends_with('_') {
                            joined + part
                        } else {
                            joined + " " + part
                        }
                    })
                })
                .collect()
        })
        .collect()
}

#[test]
fn an_80_column_portuguese_table_breaks_no_word_and_keeps_reais_with_their_amount() {
    let env = Env::new();
    let reports: [(&str, &[&str], &[&str]); 2] = [
        (
            "appointments",
            &[
                "id",
                "data_agendamento",
                "hora_inicio",
                "nome_cliente",
                "status",
                "servico",
            ],
            &["id", "data agend.", "hora", "cliente", "status", "serviço"],
        ),
        (
            "ficha-financeira",
            &["codigo", "data", "cliente", "status", "valor"],
            &["código", "data", "cliente", "status", "valor"],
        ),
    ];
    for (report, keys, titles) in reports {
        // The same records unwrapped, under the service's keys: a table read by a program.
        let out = env
            .clinic()
            .env("CLINIC_LANG", "pt-BR")
            .args(["report", report, "--limit", "40", "--format", "table"])
            .args(["--columns", &keys.join(",")])
            .output()
            .unwrap();
        assert!(out.status.success(), "{}", stderr(&out));
        let whole = String::from_utf8(out.stdout).unwrap();
        let whole = unwrapped_cells(&whole.lines().collect::<Vec<_>>());
        assert_eq!(whole[0], *keys, "a program's table keeps the keys");
        let out = env
            .clinic()
            .env("CLINIC_LANG", "pt-BR")
            .args(["report", report, "--limit", "1", "--format", "csv"])
            .output()
            .unwrap();
        let csv = String::from_utf8(out.stdout).unwrap();
        let csv_header: Vec<&str> = csv.lines().next().unwrap_or_default().split(',').collect();
        assert!(
            keys.iter().all(|k| csv_header.contains(k)),
            "CSV keeps the keys: {csv}"
        );
        assert!(whole.len() > 30, "{whole:?}");

        for width in [80, 64] {
            let mut p = in_terminal_speaking(
                &env,
                "unidade1",
                "pt-BR",
                width,
                &["report", report, "--limit", "40"],
            );
            let text = from_pty(&p.exp_eof().unwrap());
            let lines = table_lines(&text);
            for line in &lines {
                assert!(
                    line.chars().count() <= usize::from(width),
                    "wider than {width}: {line}\n{text}"
                );
                // `R$` never ends a line of a cell: its amount is beside it.
                for (at, _) in line.match_indices("R$") {
                    assert!(
                        line[at + 2..].starts_with(" ")
                            && line[at + 3..].starts_with(|c: char| c.is_ascii_digit()),
                        "R$ apart from its amount: {line}\n{text}"
                    );
                }
            }
            let shown = unwrapped_cells(&lines);
            // At 80 columns every usual column is there; a narrower terminal drops the last ones
            // rather than cut their words.
            let n = shown[0].len().min(titles.len());
            assert!(n == titles.len() || width < 80 && n >= 4, "{text}");
            assert_eq!(shown[0][..n], titles[..n], "{text}");
            assert_eq!(shown.len(), whole.len(), "{text}");
            for (record, expected) in shown.iter().zip(&whole).skip(1) {
                // Joined again at spaces and underscores, every cell is whole: no line broke
                // inside a word.
                assert_eq!(record[..n], expected[..n], "at {width} columns:\n{text}");
            }
            let continued = lines
                .iter()
                .filter(|l| l.starts_with("| ") && l[1..].trim_start().starts_with('|'))
                .count();
            assert!(continued > 0, "nothing wrapped at {width} columns:\n{text}");
            if report == "ficha-financeira" && width == 80 {
                assert!(text.contains("R$ "), "no amount to check:\n{text}");
            }
        }
    }
}
