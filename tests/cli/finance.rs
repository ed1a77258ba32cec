//! The finance office: whole-network exports (`--clinic all` and lists), xlsx workbooks read back
//! with calamine, the Excel pt-BR CSV read the way Excel reads it, and `report summary` with its
//! charts, all checked against the sandbox's own records fetched independently.

use std::collections::{BTreeMap, HashMap};
use std::path::Path;

use calamine::{Data, Reader, Xlsx, open_workbook};
use clinic_sandbox::Options;
use serde_json::Value;

use crate::common::*;

const SCALE: u64 = 600;
const QUOTES: &str = "/lista_venda_orcamento";

fn admin_token(env: &Env) -> String {
    env.token("admin", "admin")
}

/// Every quote of every clinic, read straight from the sandbox as admin_master, by ID.
fn sandbox_quotes(env: &Env) -> BTreeMap<u64, Value> {
    let token = admin_token(env);
    let mut all = BTreeMap::new();
    for clinic in 1..=12 {
        for record in env.fetch_all(QUOTES, &format!("clinica={clinic}"), &token) {
            let id = record["id"].as_u64().unwrap();
            assert!(all.insert(id, record).is_none(), "quote {id} twice");
        }
    }
    let stats = env.stats();
    assert_eq!(all.len() as u64, stats["quotes"].as_u64().unwrap());
    all
}

/// A cell as the CSV writer shows a JSON value.
fn cell_text(value: &Value) -> String {
    match value {
        Value::Null => String::new(),
        Value::String(s) => s.clone(),
        other => other.to_string(),
    }
}

fn read_csv(path: &Path, delimiter: u8) -> (Vec<String>, Vec<Vec<String>>) {
    let bytes = std::fs::read(path).unwrap();
    let text = String::from_utf8(bytes).unwrap();
    let text = text.strip_prefix('\u{feff}').unwrap_or(&text);
    let mut reader = csv::ReaderBuilder::new()
        .delimiter(delimiter)
        .from_reader(text.as_bytes());
    let header = reader.headers().unwrap().iter().map(String::from).collect();
    let rows = reader
        .records()
        .map(|r| r.unwrap().iter().map(String::from).collect())
        .collect();
    (header, rows)
}

#[test]
fn admin_exports_all_twelve_clinics_into_one_csv_and_one_xlsx_once_each() {
    let env = Env::scale(SCALE);
    let expected = sandbox_quotes(&env);
    let dir = tempfile::tempdir().unwrap();
    let csv_path = dir.path().join("rede.csv");
    env.clear_journal();
    let out = env.run_ok_as(
        "admin",
        &[
            "report",
            "ficha-financeira",
            "--clinic",
            "all",
            "--all",
            "--per-page",
            "7",
            "--format",
            "csv",
            "-o",
            arg(&csv_path),
        ],
    );
    assert!(
        stderr(&out).contains("600 records from 12 of 12 clinics"),
        "{}",
        stderr(&out)
    );

    // Every clinic was asked for, and the walks overlapped: clinic 2's first page was asked for
    // before clinic 1's last.
    let sent = env.sent();
    let clinic_of = |entry: &Value| {
        query_of(entry)
            .into_iter()
            .find(|(k, _)| k == "clinica")
            .map(|(_, v)| v)
    };
    let quote_calls: Vec<String> = sent
        .iter()
        .filter(|e| is_to(e, QUOTES))
        .map(|e| clinic_of(e).unwrap())
        .collect();
    for clinic in 1..=12 {
        assert!(quote_calls.contains(&clinic.to_string()), "clinic {clinic}");
    }
    let last_of_1 = quote_calls.iter().rposition(|c| c == "1").unwrap();
    let first_of_2 = quote_calls.iter().position(|c| c == "2").unwrap();
    assert!(first_of_2 < last_of_1, "{quote_calls:?}");

    let (header, rows) = read_csv(&csv_path, b',');
    let first = expected.values().next().unwrap().as_object().unwrap();
    let keys: Vec<String> = first.keys().cloned().collect();
    assert_eq!(
        header, keys,
        "the service's own clinica column, no added one"
    );
    assert_eq!(rows.len(), expected.len());
    let mut seen = HashMap::new();
    for row in &rows {
        let id: u64 = row[0].parse().unwrap();
        *seen.entry(id).or_insert(0) += 1;
        let record = &expected[&id];
        for (column, cell) in header.iter().zip(row) {
            assert_eq!(cell, &cell_text(&record[column]), "quote {id}, {column}");
        }
    }
    assert_eq!(seen.len(), expected.len());
    assert!(seen.values().all(|n| *n == 1));

    let xlsx_path = dir.path().join("rede.xlsx");
    let out = env.run_ok_as(
        "admin",
        &[
            "report",
            "ficha-financeira",
            "--clinic",
            "all",
            "--all",
            "--format",
            "xlsx",
            "-o",
            arg(&xlsx_path),
        ],
    );
    assert!(out.stdout.is_empty());
    let mut book: Xlsx<_> = open_workbook(&xlsx_path).unwrap();
    let range = book.worksheet_range("Sheet1").unwrap();
    let mut sheet_rows = range.rows();
    let header: Vec<String> = sheet_rows
        .next()
        .unwrap()
        .iter()
        .map(|c| c.to_string())
        .collect();
    assert_eq!(header, keys);
    let mut ids = Vec::new();
    for row in sheet_rows {
        let Data::Float(id) = row[0] else {
            panic!("the id is a number: {:?}", row[0]);
        };
        let id = id as u64;
        ids.push(id);
        let record = &expected[&id];
        for (column, cell) in header.iter().zip(row) {
            assert_typed(cell, &record[column], &format!("quote {id}, {column}"));
        }
    }
    ids.sort_unstable();
    assert_eq!(ids, expected.keys().copied().collect::<Vec<_>>());
}

/// What the workbook must hold for a JSON value of the service: numbers as numbers, dates and
/// date-times as dates (Excel serials), text as the same text, arrays as their JSON.
fn assert_typed(cell: &Data, value: &Value, what: &str) {
    match value {
        Value::Null => assert_eq!(cell, &Data::Empty, "{what}"),
        Value::Number(n) => assert_eq!(cell, &Data::Float(n.as_f64().unwrap()), "{what}"),
        Value::Array(_) | Value::Object(_) => {
            assert_eq!(cell, &Data::String(value.to_string()), "{what}")
        }
        Value::Bool(b) => assert_eq!(cell, &Data::Bool(*b), "{what}"),
        // Excel has no empty text: an empty string is an empty cell.
        Value::String(text) if text.is_empty() => assert_eq!(cell, &Data::Empty, "{what}"),
        Value::String(text) => match excel_serial(text) {
            Some(serial) => match cell {
                Data::DateTime(d) => {
                    assert!(
                        (d.as_f64() - serial).abs() < 1e-6,
                        "{what}: {d:?} vs {text}"
                    )
                }
                other => panic!("{what}: {text} should be a date, is {other:?}"),
            },
            None => assert_eq!(cell, &Data::String(text.clone()), "{what}"),
        },
    }
}

/// `YYYY-MM-DD[ HH:MM:SS]` as Excel's serial number (days since 1899-12-30).
fn excel_serial(text: &str) -> Option<f64> {
    let epoch = chrono::NaiveDate::from_ymd_opt(1899, 12, 30).unwrap();
    if let Ok(d) = chrono::NaiveDate::parse_from_str(text, "%Y-%m-%d") {
        return Some((d - epoch).num_days() as f64);
    }
    let t = chrono::NaiveDateTime::parse_from_str(text, "%Y-%m-%d %H:%M:%S").ok()?;
    let seconds = (t - epoch.and_hms_opt(0, 0, 0).unwrap()).num_seconds();
    Some(seconds as f64 / 86_400.0)
}

#[test]
fn excel_csv_is_read_by_excel_pt_br_as_numbers() {
    let env = Env::scale(SCALE);
    let expected = sandbox_quotes(&env);
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("ficha.csv");
    env.run_ok_as(
        "admin",
        &[
            FICHA,
            &["--clinic", "1,3", "--all", "--excel", "-o", arg(&path)][..],
        ]
        .concat(),
    );
    assert!(
        std::fs::read(&path)
            .unwrap()
            .starts_with("\u{feff}".as_bytes())
    );
    let (header, rows) = read_csv(&path, b';');
    let column = |name: &str| header.iter().position(|h| h == name).unwrap();
    let (id, valor, original, data) = (
        column("id"),
        column("valor"),
        column("valor_original"),
        column("data"),
    );
    let in_clinics: Vec<&Value> = expected
        .values()
        .filter(|r| [1, 3].contains(&r["clinica"].as_u64().unwrap()))
        .collect();
    assert_eq!(rows.len(), in_clinics.len());
    let mut decimals = 0;
    for row in &rows {
        let record = &expected[&row[id].parse::<u64>().unwrap()];
        for (index, field) in [(valor, "valor"), (original, "valor_original")] {
            let cell = &row[index];
            assert!(
                !cell.contains('.'),
                "{field} {cell}: Excel pt-BR reads a point as text"
            );
            decimals += usize::from(cell.contains(','));
            assert_eq!(
                excel_pt_br_number(cell),
                record[field].as_f64(),
                "{field} {cell}"
            );
        }
        // Dates keep the service's spelling.
        assert_eq!(row[data], record["data"].as_str().unwrap());
    }
    assert!(decimals > 0, "some amounts have cents");
}

/// How Excel in pt-BR reads a cell as a number: optional sign, digits with `.` grouping, and `,`
/// before the decimals; anything else is text.
fn excel_pt_br_number(cell: &str) -> Option<f64> {
    let (negative, digits) = match cell.strip_prefix('-') {
        Some(rest) => (true, rest),
        None => (false, cell),
    };
    let (whole, fraction) = digits.split_once(',').unwrap_or((digits, ""));
    let whole: String = whole.chars().filter(|c| *c != '.').collect();
    if whole.is_empty()
        || !whole.chars().all(|c| c.is_ascii_digit())
        || !fraction.chars().all(|c| c.is_ascii_digit())
    {
        return None;
    }
    let value: f64 = format!("{whole}.{fraction}0").parse().ok()?;
    Some(if negative { -value } else { value })
}

#[test]
fn a_clinic_user_asking_for_another_clinic_gets_exit_2_and_no_report_is_asked() {
    let env = Env::scale(SCALE);
    for clinic in ["3", "1,3", "sp campinas,2"] {
        env.clear_journal();
        let out = env.run(&[FICHA, &["--clinic", clinic, "--format", "json"][..]].concat());
        assert_eq!(out.status.code(), Some(2), "{clinic}: {}", stderr(&out));
        assert!(stderr(&out).contains("--clinic"), "{}", stderr(&out));
        assert!(
            env.sent().iter().all(|e| is_to(e, "/listaClinicas")),
            "{clinic}: only the clinics list is read"
        );
    }
    // `all` is every clinic this login sees: their own.
    let out = env.run_ok(&[FICHA, &["--clinic", "all", "--all", "--format", "json"][..]].concat());
    let records = stdout_json(&out);
    let records = records.as_array().unwrap();
    assert_eq!(
        records.len() as u64,
        env.stats()["quotes_by_clinic"]["1"].as_u64().unwrap()
    );
    assert!(records.iter().all(|r| r["clinica"] == 1));
}

#[test]
fn clinics_by_name_and_id_with_the_clinic_on_every_record() {
    let env = Env::scale(SCALE);
    let out = env.run_ok_as(
        "admin",
        &[
            "ref",
            "sellers",
            "--clinic",
            "2,sp campinas,2",
            "--all",
            "--format",
            "csv",
        ],
    );
    let text = String::from_utf8(out.stdout).unwrap();
    let mut lines = text.lines();
    assert!(lines.next().unwrap().starts_with("clinica,"), "{text}");
    let clinics: Vec<&str> = lines.map(|l| l.split(',').next().unwrap()).collect();
    let sellers = clinics.len() / 2;
    assert!(sellers > 0);
    // In the order given, each clinic once (the repeated 2 is read once).
    let sp_campinas = env
        .fetch_all("/listaClinicas", "", &admin_token(&env))
        .into_iter()
        .find(|c| c["nome"] == "SP Campinas")
        .unwrap()["id"]
        .to_string();
    assert_eq!(clinics[..sellers], vec!["2"; sellers][..]);
    assert_eq!(clinics[sellers..], vec![sp_campinas.as_str(); sellers][..]);
}

#[test]
fn one_failing_clinic_fails_the_run_with_exit_5_and_leaves_no_file_unless_keep_going() {
    let env = Env::with(Options {
        scale: SCALE,
        failing_clinic: 4,
        ..Options::ephemeral()
    });
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("rede.xlsx");
    // A clinic whose server keeps failing is given up on after its own share of --max-wait (a
    // fifth: 2 s of 10 s), and the message says how to have the other clinics written.
    let out = exits(
        env.admin()
            .env("CLINIC_MAX_WAIT", "10s")
            .args(FICHA)
            .args(["--clinic", "all", "--all", "--format", "xlsx"])
            .arg("-o")
            .arg(&path),
        5,
    );
    let err = stderr(&out);
    assert!(err.contains("clinic 4 ("), "{err}");
    assert!(err.contains("this clinic's share of --max-wait"), "{err}");
    assert!(
        err.contains("with --keep-going the other clinics are written"),
        "{err}"
    );
    assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 0);

    let csv_path = dir.path().join("rede.csv");
    let out = exits(
        env.admin()
            .env("CLINIC_MAX_WAIT", "1s")
            .args(FICHA)
            .args(["--clinic", "all", "--all", "--keep-going"])
            .args(["--per-page", "10", "--format", "csv", "-o"])
            .arg(&csv_path),
        5,
    );
    let err = stderr(&out);
    assert!(
        err.contains("clinic 4 (") && err.contains("left out"),
        "{err}"
    );
    assert!(err.contains("1 of 12 clinics failed"), "{err}");
    let (header, rows) = read_csv(&csv_path, b',');
    let clinica = header.iter().position(|h| h == "clinica").unwrap();
    let by_clinic = env.stats()["quotes_by_clinic"].clone();
    let expected: u64 = (1..=12)
        .filter(|c| *c != 4)
        .map(|c| by_clinic[c.to_string()].as_u64().unwrap())
        .sum();
    assert_eq!(rows.len() as u64, expected);
    assert!(rows.iter().all(|r| r[clinica] != "4"));
}

#[test]
fn limit_counts_across_clinics_and_single_clinic_commands_refuse_all() {
    let env = Env::scale(SCALE);
    let out = env.run_ok_as(
        "admin",
        &[
            APPOINTMENTS,
            &[
                "--clinic",
                "all",
                "--limit",
                "25",
                "--per-page",
                "10",
                "--format",
                "json",
            ][..],
        ]
        .concat(),
    );
    assert_eq!(stdout_json(&out).as_array().unwrap().len(), 25);
    env.clear_journal();
    exited(
        env.run_as(
            "admin",
            &["campaign", "create", "--name", "Rede", "--clinic", "all"],
        ),
        2,
    );
    assert!(env.sent().is_empty());
}

#[test]
fn xlsx_needs_a_file() {
    let env = Env::new();
    let out = exited(
        env.run(&["report", "ficha-financeira", "--format", "xlsx"]),
        2,
    );
    assert!(stderr(&out).contains("-o"), "{}", stderr(&out));
    assert!(out.stdout.is_empty());
    assert!(env.sent().is_empty());
}

/// Month and seller of each quote, summed in centavos by the test itself.
fn independent_sums(records: &[&Value]) -> BTreeMap<(String, String), (u64, i64, i64)> {
    let mut sums = BTreeMap::new();
    let cents = |v: &Value| (v.as_f64().unwrap() * 100.0).round() as i64;
    for r in records {
        let month = r["data"].as_str().unwrap()[..7].to_string();
        let seller = r["vendedor"].as_str().unwrap().to_string();
        let entry = sums.entry((month, seller)).or_insert((0, 0, 0));
        entry.0 += 1;
        entry.1 += cents(&r["valor"]);
        entry.2 += cents(&r["valor_original"]);
    }
    sums
}

#[test]
fn summary_by_month_and_seller_matches_sums_computed_from_the_sandbox() {
    const MONTH_AND_SELLER: &[&str] = &[
        "report",
        "summary",
        "--by",
        "month,seller",
        "--clinic",
        "2,5",
    ];
    let env = Env::scale(SCALE);
    let expected = sandbox_quotes(&env);
    let approved: Vec<&Value> = expected
        .values()
        .filter(|r| r["id_status"] == 2 && [2, 5].contains(&r["clinica"].as_u64().unwrap()))
        .collect();
    let sums = independent_sums(&approved);
    let out = env.run_ok_as(
        "admin",
        &[
            MONTH_AND_SELLER,
            &[
                "--status",
                "Aprovado",
                "--per-page",
                "9",
                "--format",
                "json",
            ][..],
        ]
        .concat(),
    );
    let rows = stdout_json(&out);
    let rows = rows.as_array().unwrap();
    assert_eq!(rows.len(), sums.len());
    for (row, ((month, seller), (count, valor, original))) in rows.iter().zip(&sums) {
        assert_eq!(row["month"], month.as_str());
        assert_eq!(row["seller"], seller.as_str());
        assert_eq!(row["count"], *count);
        let reais = |v: &Value| (v.as_f64().unwrap() * 100.0).round() as i64;
        assert_eq!(reais(&row["valor"]), *valor, "{row}");
        assert_eq!(reais(&row["valor_original"]), *original, "{row}");
    }

    // The same groups as a workbook, money as numbers.
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("resumo.xlsx");
    env.run_ok_as(
        "admin",
        &[
            MONTH_AND_SELLER,
            &["--status", "2", "--format", "xlsx", "-o", arg(&path)][..],
        ]
        .concat(),
    );
    let mut book: Xlsx<_> = open_workbook(&path).unwrap();
    let range = book.worksheet_range("Sheet1").unwrap();
    assert_eq!(range.height(), sums.len() + 1);
    let total: f64 = range
        .rows()
        .skip(1)
        .map(|r| match r[3] {
            Data::Float(v) => v,
            ref other => panic!("valor is a number: {other:?}"),
        })
        .sum();
    let expected_total: i64 = sums.values().map(|s| s.1).sum();
    assert!((total - expected_total as f64 / 100.0).abs() < 0.005);
}

#[test]
fn summary_charts_as_text_svg_and_png() {
    let env = Env::scale(SCALE);
    let dir = tempfile::tempdir().unwrap();
    let svg = dir.path().join("status.svg");
    let out = exited(
        env.run_with(
            &[
                ("CLINIC_TOKEN", &env.token("unidade1", "unidade1")),
                ("COLUMNS", "72"),
            ],
            &[
                "report",
                "summary",
                "--by",
                "status",
                "--status",
                "todos",
                "--chart",
                "--chart-file",
                arg(&svg),
            ],
        ),
        0,
    );
    let text = String::from_utf8(out.stdout).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines[0], "valor by status");
    // The five quote statuses, one bar each, every line within the width.
    assert_eq!(lines.len(), 6, "{text}");
    for line in &lines[1..] {
        assert!(line.chars().count() <= 72, "{line}");
        assert!(line.contains("R$ "), "{line}");
    }
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with("Aprovado ") && l.contains('█'))
    );
    let svg_text = std::fs::read_to_string(&svg).unwrap();
    assert!(svg_text.starts_with("<svg"));
    assert!(svg_text.contains(r#"width="1100""#));
    assert_eq!(
        svg_text.matches(r##"fill="#1F77B4""##).count(),
        5,
        "a bar per group"
    );
    for status in ["Pendente", "Aprovado", "Cancelado", "Suspenso", "Inativo"] {
        assert!(svg_text.contains(status), "{status}");
    }

    let png = dir.path().join("meses.png");
    let out = env.run_ok(&[
        "report",
        "summary",
        "appointments",
        "--by",
        "month",
        "--chart-file",
        arg(&png),
        "--format",
        "json",
    ]);
    let groups = stdout_json(&out).as_array().unwrap().len() as u32;
    let bytes = std::fs::read(&png).unwrap();
    let decoder = png::Decoder::new(std::io::Cursor::new(&bytes));
    let mut reader = decoder.read_info().unwrap();
    let info = reader.info().clone();
    assert_eq!(info.width, 1100);
    assert!(
        info.height >= 140 + 6 * groups,
        "{} for {groups}",
        info.height
    );
    let mut pixels = vec![0; reader.output_buffer_size().expect("a frame size")];
    reader.next_frame(&mut pixels).unwrap();
    let bar_pixels = pixels
        .chunks(3)
        .filter(|p| p == &[0x1f, 0x77, 0xb4])
        .count();
    assert!(bar_pixels > 10_000, "{bar_pixels} bar-coloured pixels");

    exited(
        env.run(&["report", "summary", "appointments", "--by", "seller"]),
        2,
    );
    exited(
        env.run(&["report", "summary", "--chart-file", "chart.jpg"]),
        2,
    );
}

#[test]
fn services_add_up_to_the_clinics_total_and_sales_are_approved_quotes_by_default() {
    let env = Env::scale(SCALE);
    let summary = |by: &str, extra: &[&str]| {
        let out = env.run_ok(
            &[
                &["report", "summary", "--by", by, "--format", "json"][..],
                extra,
            ]
            .concat(),
        );
        (stdout_json(&out), stderr(&out))
    };
    let cents = |rows: &Value, field: &str| -> i64 {
        rows.as_array()
            .unwrap()
            .iter()
            .map(|r| (r[field].as_f64().unwrap() * 100.0).round() as i64)
            .sum()
    };
    env.clear_journal();
    let (clinics, said) = summary("clinic", &[]);
    assert!(
        !said.contains("Quotes"),
        "machine output has no title: {said}"
    );
    // Only approved quotes were asked for.
    let asked: Vec<Value> = env
        .sent()
        .into_iter()
        .filter(|r| is_to(r, "/lista_venda_orcamento"))
        .collect();
    assert!(!asked.is_empty());
    for request in &asked {
        assert!(
            query_of(request).contains(&("status".into(), "2".into())),
            "{request}"
        );
    }
    let (services, _) = summary("service", &[]);
    assert!(services.as_array().unwrap().len() > 3, "{services}");
    for field in ["valor", "valor_original"] {
        assert_eq!(cents(&services, field), cents(&clinics, field), "{field}");
    }
    // `--status all` reads every status.
    let (every, _) = summary("status", &["--status", "all"]);
    assert!(every.as_array().unwrap().len() > 1, "{every}");
    // A table for people says what it holds.
    for (args, title) in [
        (&["--by", "service"][..], "Quotes with status Aprovado"),
        (&["--status", "todos"], "Quotes of every status"),
        (
            &["--status", "1,Cancelado"],
            "Quotes with status 1, Cancelado",
        ),
    ] {
        let out = env.run_ok(&[&["report", "summary", "--format", "table"][..], args].concat());
        assert!(stderr(&out).starts_with(title), "{}", stderr(&out));
    }
    let out = env.run(&["report", "summary", "--format", "table", "--by", "service"]);
    assert!(
        stderr(&out).contains("split among its services"),
        "{}",
        stderr(&out)
    );
}

#[test]
fn a_portuguese_summary_table_has_portuguese_headers_and_machine_output_does_not() {
    let env = Env::new();
    let run = |lang: &str, format: &str| {
        let out = succeeds(env.clinic().env("CLINIC_LANG", lang).args([
            "report",
            "summary",
            "--by",
            "month,seller",
            "--format",
            format,
        ]));
        String::from_utf8(out.stdout).unwrap()
    };
    let table = run("pt-BR", "table");
    let header = table.lines().nth(1).unwrap();
    for word in ["mês", "vendedor", "quantidade", "valor"] {
        assert!(header.contains(word), "{header}");
    }
    assert!(
        run("en", "table")
            .lines()
            .nth(1)
            .unwrap()
            .contains("| month ")
    );
    for format in ["csv", "json"] {
        assert_eq!(run("pt-BR", format), run("en", format), "{format}");
    }
    assert!(run("pt-BR", "csv").starts_with("month,seller,count,valor"));
}

/// A workbook's sheet is named in the reader's language; its cells are the same in both.
#[test]
fn workbook_sheets_are_named_in_the_readers_language_with_the_same_cells() {
    let env = Env::new();
    let dir = tempfile::tempdir().unwrap();
    let mut cells = Vec::new();
    for (lang, sheet) in [("en", "Sheet1"), ("pt-BR", "Planilha1")] {
        let path = dir.path().join(format!("ficha-{lang}.xlsx"));
        succeeds(
            env.clinic()
                .args(["--lang", lang, "report", "ficha-financeira", "-o"])
                .arg(&path),
        );
        let mut book: Xlsx<_> = open_workbook(&path).unwrap();
        assert_eq!(book.sheet_names(), [sheet]);
        let range = book.worksheet_range(sheet).unwrap();
        assert!(range.height() > 1);
        cells.push(range.rows().map(<[Data]>::to_vec).collect::<Vec<_>>());
    }
    assert_eq!(cells[0], cells[1]);
}

/// When the first clinic fails, nothing says the others would fare better (a server that is down
/// fails them all), so `--keep-going` is not suggested; the clinic is still named.
#[test]
fn keep_going_is_suggested_only_once_a_clinic_was_read() {
    let env = Env::with(Options {
        scale: SCALE,
        failing_clinic: 1,
        ..Options::ephemeral()
    });
    let out = exits(
        env.admin()
            .env("CLINIC_MAX_WAIT", "2s")
            .args(FICHA)
            .args(["--clinic", "1,2", "--format", "csv"]),
        5,
    );
    let err = stderr(&out);
    assert!(err.contains("clinic 1 ("), "{err}");
    assert!(!err.contains("--keep-going"), "{err}");
}

/// With no base_url, `report summary` fails with that error alone: no warning that the
/// quote-status list could not be read comes first, pointing at the wrong thing.
#[test]
fn summary_without_a_base_url_says_only_that() {
    let env = Env::new();
    let out = env.run_with(
        &[("CLINIC_BASE_URL", ""), ("CLINIC_TOKEN", "qualquer")],
        &["report", "summary", "--clinic", "2"],
    );
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    assert_eq!(
        stderr(&out),
        "error: no base_url for profile 'default': run `clinic login --base-url \
         https://…/rest/v1`, `clinic config set base_url …`, set CLINIC_BASE_URL, or try \
         `--sandbox`\n"
    );
    assert!(out.stdout.is_empty());
}

/// A deployment that stamps `modificado_em` in UTC (`2026-11-22T23:10:00Z`): a workbook, a Parquet
/// file and a table hold no zone, so each shows the time as a wall time of the profile's zone (São
/// Paulo: `2026-11-22 20:10:00`), the deployment's calendar, as times without a zone already are.
#[test]
fn times_in_utc_show_as_sao_paulo_time_in_xlsx_parquet_and_tables() {
    let env = Env::with(Options {
        scale: 40,
        time_stamps: clinic_sandbox::TimeStamps::Z,
        ..Options::ephemeral()
    });
    let dir = tempfile::tempdir().unwrap();
    let export = |format: &str| {
        let path = dir.path().join(format!("ficha.{format}"));
        env.run_ok_as(
            "admin",
            &[
                "report",
                "ficha-financeira",
                "--clinic",
                "1",
                "--all",
                "--columns",
                "id,modificado_em",
                "--format",
                format,
                "-o",
                arg(&path),
            ],
        );
        path
    };
    // What the service wrote, and the São Paulo time it is.
    let mut local = BTreeMap::new();
    for line in std::fs::read_to_string(export("ndjson")).unwrap().lines() {
        let record: Value = serde_json::from_str(line).unwrap();
        let written = record["modificado_em"].as_str().unwrap();
        assert!(written.ends_with('Z'), "{written}");
        let at = chrono::DateTime::parse_from_rfc3339(written)
            .unwrap()
            .naive_utc()
            - chrono::Duration::hours(3);
        local.insert(record["id"].as_u64().unwrap(), at);
    }
    assert!(!local.is_empty());
    let text = |at: &chrono::NaiveDateTime| at.format("%Y-%m-%d %H:%M:%S").to_string();

    let mut book: Xlsx<_> = open_workbook(export("xlsx")).unwrap();
    let range = book.worksheet_range("Sheet1").unwrap();
    let mut rows = range.rows();
    rows.next();
    let mut seen = 0;
    for row in rows {
        let Data::Float(id) = row[0] else {
            panic!("the id is a number: {:?}", row[0])
        };
        let at = &local[&(id as u64)];
        match &row[1] {
            Data::DateTime(d) => assert!(
                (d.as_f64() - excel_serial(&text(at)).unwrap()).abs() < 1e-6,
                "quote {id}: {d:?} is not {at}"
            ),
            other => panic!("quote {id}: a date-time, not {other:?}"),
        }
        seen += 1;
    }
    assert_eq!(seen, local.len());

    let (columns, batches) = crate::datasets::read_parquet(&export("parquet"));
    assert_eq!(columns[1].0, "modificado_em");
    let mut seen = 0;
    for batch in &batches {
        for row in 0..batch.num_rows() {
            let id: u64 = crate::datasets::cell(batch.column(0), row)
                .unwrap()
                .parse()
                .unwrap();
            let shown = crate::datasets::cell(batch.column(1), row).unwrap();
            assert_eq!(shown, text(&local[&id]), "quote {id}");
            seen += 1;
        }
    }
    assert_eq!(seen, local.len());

    // A table in Portuguese shows Brazilian dates, and in English ISO ones: São Paulo's both.
    for (lang, form) in [("pt-BR", "%d/%m/%Y %H:%M:%S"), ("en", "%Y-%m-%d %H:%M:%S")] {
        let out = env
            .admin()
            .args([
                "--lang",
                lang,
                "report",
                "ficha-financeira",
                "--clinic",
                "1",
                "--all",
                "--columns",
                "id,modificado_em",
                "--format",
                "table",
            ])
            .output()
            .unwrap();
        assert!(out.status.success(), "{}", stderr(&out));
        let table = String::from_utf8_lossy(&out.stdout);
        for at in local.values() {
            assert!(
                table.contains(&at.format(form).to_string()),
                "{lang}: {} missing from\n{table}",
                at.format(form)
            );
        }
        assert!(!table.contains('Z'), "{table}");
    }
}
