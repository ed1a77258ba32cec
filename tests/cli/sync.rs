//! `clinic sync`, `clinic sync changes` and `clinic sql`: the mirror holds exactly the service's
//! records after any sequence of changes, deletions and restorations, a run killed at any moment
//! loses and repeats nothing, and the mirror reads back (also from Python) with the export's sums.

use std::ffi::OsStr;
use std::path::Path;
use std::process::Stdio;
use std::time::Duration;

use clinic_sandbox::Options;
use serde_json::Value;

use crate::common::*;

/// The admin's `clinic` as a plain process, to be killed or left running.
fn admin_process(env: &Env) -> std::process::Command {
    let mut cmd = process_for(env.config.path(), env.sandbox.urls());
    cmd.env("CLINIC_TOKEN", env.token("admin", "admin"))
        .stdout(Stdio::null())
        .stderr(Stdio::null());
    cmd
}

/// Where a test's mirror goes, a file or a PostgreSQL database, and how each says what it holds.
struct Dest {
    to: std::ffi::OsString,
    /// The type `clinic sql --schema` names for whole numbers, and for other numbers.
    integer: &'static str,
    real: &'static str,
    /// How the schema names a money column's type.
    money: &'static str,
    /// What the database says when `clinic sql` tries a `DELETE`.
    refused: &'static str,
    /// A query a reader can run while the first sync is still walking.
    probe: &'static str,
    /// Keeps a file's folder for the test's life.
    _dir: Option<tempfile::TempDir>,
}

impl Dest {
    fn file() -> Dest {
        let dir = tempfile::tempdir().unwrap();
        Dest {
            to: dir.path().join("mirror.sqlite").into_os_string(),
            integer: "INTEGER",
            real: "REAL",
            money: "\"NUMERIC(18,2)\"",
            refused: "it would change the database (DELETE quotes)",
            probe: "SELECT COUNT(*) AS n FROM _runs",
            _dir: Some(dir),
        }
    }

    /// A database of the test's own (see [`postgres_database`]); `None` skips the test.
    fn postgres(test: &str, name: &str) -> Option<Dest> {
        Some(Dest {
            to: postgres_database(test, name)?.into(),
            integer: "BIGINT",
            real: "DOUBLE PRECISION",
            money: "NUMERIC",
            refused: "DELETE is not a query that returns rows",
            // Its tables come with the run's publication, at the end.
            probe: "SELECT 1 AS n",
            _dir: None,
        })
    }
}

/// A network of 3,000 quotes whose every answer takes 80 ms: a sync of its ten clinics lasts well over
/// a second, so a test can kill it, or race another against it, in the middle of its walk.
fn slow_network() -> Env {
    Env::with(Options {
        scale: 3_000,
        latency_ms: 80,
        ..Options::ephemeral()
    })
}

/// `clinic sync` as the admin into `db`, with `args`; its stderr when it succeeds.
fn sync(env: &Env, db: impl AsRef<OsStr>, args: &[&str]) -> String {
    let out = env.run_as(
        "admin",
        &[&["sync", "--to", arg(&db)][..], EVERY_CLINIC, args].concat(),
    );
    assert!(out.status.success(), "{args:?}: {}", stderr(&out));
    stderr(&out)
}

/// Rows of an SQL query on the mirror, as JSON objects.
fn sql(env: &Env, db: impl AsRef<OsStr>, query: &str) -> Vec<Value> {
    let out = read(env, db, &["--format", "json", query]);
    assert!(out.status.success(), "{query}: {}", stderr(&out));
    stdout_json(&out).as_array().cloned().unwrap_or_default()
}

/// `clinic sql --to DB ARGS…` as the admin; a PostgreSQL database is read by the test server's
/// plain role, since `clinic sql` refuses a superuser.
fn read(env: &Env, db: impl AsRef<OsStr>, args: &[&str]) -> std::process::Output {
    let db = arg(&db);
    let to = match db.starts_with("postgres") {
        true => postgres_as_reader(db),
        false => db.to_string(),
    };
    let token = env.token("admin", "admin");
    env.run_with(
        &[
            ("CLINIC_TOKEN", &token),
            ("PGPASSWORD", POSTGRES_READER_PASSWORD),
        ],
        &[&["sql", "--to", &to][..], args].concat(),
    )
}

/// `(id, valor, modificado_em)` of every quote of the network, by ID, as a fresh export gives them.
fn exported(env: &Env) -> Vec<(u64, String, String)> {
    let out = env.run_as(
        "admin",
        &[FICHA_ALL, EVERY_CLINIC, &["--format", "json"][..]].concat(),
    );
    assert!(out.status.success(), "{}", stderr(&out));
    let mut rows: Vec<(u64, String, String)> = stdout_json(&out)
        .as_array()
        .unwrap()
        .iter()
        .map(|q| {
            (
                q["id"].as_u64().unwrap(),
                format!("{:.2}", q["valor"].as_f64().unwrap()),
                q["modificado_em"].as_str().unwrap().to_string(),
            )
        })
        .collect();
    rows.sort();
    rows
}

/// The query of each request for the quotes' list the sandbox received, in order.
fn quote_queries(env: &Env) -> Vec<Vec<(String, String)>> {
    env.sent()
        .iter()
        .filter(|r| {
            r["path"]
                .as_str()
                .unwrap()
                .ends_with("/lista_venda_orcamento")
        })
        .map(query_of)
        .collect()
}

/// Two lists of quotes are equal; the first difference is shown when not (never the whole lists).
fn same(got: &[(u64, String, String)], want: &[(u64, String, String)], what: &str) {
    let first = got.iter().zip(want).find(|(a, b)| a != b);
    assert!(
        got.len() == want.len() && first.is_none(),
        "the mirror differs from {what}: {} rows against {}, first difference {first:?}",
        got.len(),
        want.len()
    );
}

/// The same of the mirror's live quotes.
fn mirrored(env: &Env, db: impl AsRef<OsStr>) -> Vec<(u64, String, String)> {
    sql(
        env,
        db,
        "SELECT id, valor, modificado_em FROM quotes WHERE _deleted_at IS NULL ORDER BY id",
    )
    .iter()
    .map(|r| {
        (
            r["id"].as_u64().unwrap(),
            r["valor"].as_str().unwrap().to_string(),
            // PostgreSQL writes its times in ISO 8601, with a `T` between date and time.
            r["modificado_em"].as_str().unwrap().replacen('T', " ", 1),
        )
    })
    .collect()
}

#[test]
fn the_mirror_follows_new_changed_vanished_and_resurrected_quotes_exactly() {
    follows_exactly(&Dest::file());
}

/// The same runs into a PostgreSQL database: the same rows, tombstones, changes and refusal.
#[test]
fn the_postgres_mirror_follows_new_changed_vanished_and_resurrected_quotes_exactly() {
    let test = "the_postgres_mirror_follows_new_changed_vanished_and_resurrected_quotes_exactly";
    if let Some(dest) = Dest::postgres(test, "follows") {
        follows_exactly(&dest);
    }
}

/// A first sync, then changes, deletions and restorations at the service, each followed by a sync
/// into `db`: the mirror always holds the service's quotes, and names every change. `clinic sql`
/// refuses a `DELETE` in the database's words.
fn follows_exactly(dest: &Dest) {
    let (db, refused) = (dest.to.as_os_str(), dest.refused);
    let env = Env::scale(400);
    // Quote 5 is missing from the service at first: later it comes as new.
    env.edit_quotes("delete=5");
    let said = sync(&env, db, &["--streams", "quotes,references"]);
    assert!(said.contains("quotes (clinic 1, full): "), "{said}");
    same(&mirrored(&env, db), &exported(&env), "the service");
    assert_eq!(
        sql(&env, db, "SELECT COUNT(*) AS n FROM quotes")[0]["n"],
        399
    );

    // Two quotes change; an incremental run asks only what changed since the newest modification.
    env.edit_quotes("change=1,2");
    env.clear_journal();
    let said = sync(&env, db, &["--streams", "quotes"]);
    assert!(
        said.contains("incremental): 0 new, 2 changed, 0 vanished"),
        "{said}"
    );
    let asked = quote_queries(&env);
    assert!(
        asked
            .iter()
            .all(|q| q.iter().any(|(k, _)| k == "modificado_em_de")),
        "{asked:?}"
    );
    same(&mirrored(&env, db), &exported(&env), "the service");

    // Deleted at the service: a full walk tombstones them, and keeps their rows.
    env.edit_quotes("delete=3,4&restore=5");
    let said = sync(&env, db, &["--streams", "quotes", "--full"]);
    assert!(said.contains("1 new, 0 changed, 2 vanished"), "{said}");
    same(&mirrored(&env, db), &exported(&env), "the service");
    let gone = sql(
        &env,
        db,
        "SELECT id FROM quotes WHERE _deleted_at IS NOT NULL ORDER BY id",
    );
    assert_eq!(
        gone,
        [serde_json::json!({"id": 3}), serde_json::json!({"id": 4})]
    );

    // Back at the service: resurrected.
    env.edit_quotes("restore=3");
    let said = sync(&env, db, &["--streams", "quotes", "--full"]);
    assert!(said.contains("0 new, 1 changed, 0 vanished"), "{said}");
    same(&mirrored(&env, db), &exported(&env), "the service");

    // Every change, named, run by run.
    let out = env.run_as(
        "admin",
        &[
            "sync",
            "changes",
            "--since",
            "1",
            "--format",
            "json",
            "--to",
            arg(&db),
        ],
    );
    assert!(out.status.success(), "{}", stderr(&out));
    let changes: Vec<(i64, String, String, Option<String>)> = stdout_json(&out)
        .as_array()
        .unwrap()
        .iter()
        .map(|c| {
            (
                c["run"].as_i64().unwrap(),
                id_text(&c["id"]),
                c["change"].as_str().unwrap().to_string(),
                c["field"].as_str().map(String::from),
            )
        })
        .collect();
    let fields_of = |id: &str| -> Vec<Option<String>> {
        changes
            .iter()
            .filter(|c| c.0 == 2 && c.1 == id && c.2 == "changed")
            .map(|c| c.3.clone())
            .collect()
    };
    assert!(
        fields_of("1").contains(&Some("valor".into())),
        "{changes:?}"
    );
    assert!(
        fields_of("2").contains(&Some("modificado_em".into())),
        "{changes:?}"
    );
    for (run, id, change) in [
        (3, "3", "vanished"),
        (3, "4", "vanished"),
        (3, "5", "new"),
        (4, "3", "resurrected"),
    ] {
        assert!(
            changes
                .iter()
                .any(|c| c.0 == run && c.1 == id && c.2 == change),
            "{run} {id} {change}: {changes:?}"
        );
    }
    // The value's old and new text, exact.
    let valor = stdout_json(&out)
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["id"] == 1 && c["field"] == "valor")
        .cloned()
        .unwrap();
    let (old, new) = (
        valor["old"].as_str().unwrap().parse::<f64>().unwrap(),
        valor["new"].as_str().unwrap().parse::<f64>().unwrap(),
    );
    assert!((new - old - 10.0).abs() < 0.001, "{valor}");
    // Written as money is written, with two decimals (`910.80`, never `910.8`).
    for text in [&valor["old"], &valor["new"]] {
        let text = text.as_str().unwrap();
        assert_eq!(text.len() - text.find('.').unwrap(), 3, "{valor}");
    }

    // Counted and summed by status: the two changed quotes of run 2, each once.
    let out = env.run_as(
        "admin",
        &[
            "sync",
            "changes",
            "--since",
            "1",
            "--by",
            "status",
            "--format",
            "json",
            "--to",
            arg(&db),
        ],
    );
    assert!(out.status.success(), "{}", stderr(&out));
    let by = stdout_json(&out);
    let changed: u64 = by
        .as_array()
        .unwrap()
        .iter()
        .filter(|r| r["change"] == "changed")
        .map(|r| r["quotes"].as_u64().unwrap())
        .sum();
    assert_eq!(changed, 2, "{by}");
    // Each total with its two decimals, summed from the exact centavos.
    for row in by.as_array().unwrap() {
        let total = row["total"].as_str().unwrap();
        assert_eq!(total.len() - total.find('.').unwrap(), 3, "{by}");
    }

    // The database is the user's to read, never to change through `clinic sql`.
    let out = read(&env, db, &["DELETE FROM quotes"]);
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    assert!(stderr(&out).contains(refused), "{}", stderr(&out));
}

/// A run killed with SIGKILL at five moments; after each, the next (complete) run leaves the mirror
/// as an uninterrupted one: every quote once, with its current values.
#[test]
fn a_sync_killed_at_any_moment_loses_and_repeats_nothing() {
    let dir = tempfile::tempdir().unwrap();
    killed_at_any_moment(dir.path().join("mirror.sqlite").as_os_str(), dir.path());
}

/// The same into a PostgreSQL database, which a kill may also catch in the middle of a publication.
#[test]
fn a_postgres_sync_killed_at_any_moment_loses_and_repeats_nothing() {
    let test = "a_postgres_sync_killed_at_any_moment_loses_and_repeats_nothing";
    if let Some(url) = postgres_database(test, "killed") {
        let dir = tempfile::tempdir().unwrap();
        killed_at_any_moment(OsStr::new(&url), dir.path());
    }
}

fn killed_at_any_moment(db: &OsStr, dir: &Path) {
    let env = slow_network();
    // Each kill lands a given time after the run's first request for quotes, so that a busy
    // machine, slow to start the process, still kills it in the middle of its walk.
    for (round, wait) in [0u64, 110, 260, 560, 860].into_iter().enumerate() {
        if round == 2 {
            env.edit_quotes("change=7,1500");
        }
        env.clear_journal();
        let mut child = admin_process(&env)
            .args(["sync", "--streams", "quotes", "--clinic", "all", "--to"])
            .arg(db)
            .spawn()
            .unwrap();
        let started = std::time::Instant::now();
        while env.asked_to("/lista_venda_orcamento") == 0
            && started.elapsed() < Duration::from_secs(30)
        {
            std::thread::sleep(Duration::from_millis(10));
        }
        std::thread::sleep(Duration::from_millis(wait));
        let _ = child.kill();
        let _ = child.wait();
        sync(&env, db, &["--streams", "quotes"]);
        same(
            &mirrored(&env, db),
            &exported(&env),
            &format!("after a kill at {wait} ms"),
        );
    }
    // The kills did land in the middle of runs: those runs are recorded as interrupted.
    let interrupted = sql(
        &env,
        db,
        "SELECT COUNT(*) AS n FROM _runs WHERE status = 'interrupted'",
    );
    assert!(
        interrupted[0]["n"].as_u64().unwrap() >= 3,
        "{interrupted:?}"
    );
    let clean = dir.join("clean.sqlite");
    sync(&env, &clean, &["--streams", "quotes"]);
    same(
        &mirrored(&env, &clean),
        &mirrored(&env, db),
        "an uninterrupted mirror",
    );
}

/// A deployment that ignores the modified-since filter sends every quote: the run says so, keeps
/// every record, and later runs walk the list whole.
#[test]
fn a_server_that_ignores_the_modified_filter_is_noticed_and_remembered() {
    ignored_filter(&Dest::file());
}

#[test]
fn a_server_that_ignores_the_modified_filter_is_noticed_and_remembered_in_postgres() {
    let test = "a_server_that_ignores_the_modified_filter_is_noticed_and_remembered_in_postgres";
    if let Some(dest) = Dest::postgres(test, "ignored_filter") {
        ignored_filter(&dest);
    }
}

fn ignored_filter(dest: &Dest) {
    let env = Env::with(Options {
        scale: 300,
        ignore_modified_filter: true,
        ..Options::ephemeral()
    });
    let db = &dest.to;
    sync(&env, db, &["--streams", "quotes"]);
    env.edit_quotes("change=1");
    let said = sync(&env, db, &["--streams", "quotes"]);
    // Said once for the run, however many clinics ignored the filter.
    assert_eq!(
        said.matches("ignored the modified-since filter").count(),
        1,
        "{said}"
    );
    assert!(said.contains("0 new, 1 changed"), "{said}");
    env.edit_quotes("delete=2");
    let said = sync(&env, db, &["--streams", "quotes"]);
    assert!(
        said.contains("(clinic 1, full): 0 new, 0 changed, 1 vanished"),
        "{said}"
    );
    same(&mirrored(&env, db), &exported(&env), "the service");
    // Each run says what it walked: everything at first, then whole because the filter was ignored.
    let modes: Vec<Value> = sql(&env, db, "SELECT mode FROM _runs ORDER BY run")
        .into_iter()
        .map(|r| r["mode"].clone())
        .collect();
    assert_eq!(modes, ["first", "whole-fallback", "whole-fallback"]);
}

/// Money is a number in the mirror: `>`, `ORDER BY` and `SUM` over `valor` give what the exact
/// centavos give, and it prints with its two decimals. The mirror's own times are typed with their
/// zone, `_changes.id` joins its table's integer key with no cast, and each run says what it walked.
#[test]
fn money_compares_orders_and_sums_as_numbers_and_bookkeeping_is_typed() {
    typed(&Dest::file());
}

#[test]
fn money_compares_orders_and_sums_as_numbers_and_bookkeeping_is_typed_in_postgres() {
    let test = "money_compares_orders_and_sums_as_numbers_and_bookkeeping_is_typed_in_postgres";
    if let Some(dest) = Dest::postgres(test, "typed_money_w55") {
        typed(&dest);
    }
}

/// Hundredths as exact decimal text: `312000` is `3120.00`.
fn centavos_text(units: i64) -> String {
    let sign = if units < 0 { "-" } else { "" };
    format!("{sign}{}.{:02}", units.abs() / 100, units.abs() % 100)
}

fn typed(dest: &Dest) {
    let env = Env::with(Options {
        scale: 2_000,
        ..Options::ephemeral()
    });
    let db = &dest.to;
    let said = sync(&env, db, &["--streams", "quotes"]);
    if arg(db).starts_with("postgres") {
        // How far the database goes is the run's last line.
        let last = said.trim_end().lines().last().unwrap_or_default();
        assert!(last.contains("published up to run 1"), "{said}");
    }
    let one = |query: &str| sql(&env, db, query).remove(0);
    let count = |query: &str| one(query)["n"].as_i64().unwrap();
    // A comparison with a number.
    let above = count("SELECT COUNT(*) AS n FROM quotes WHERE valor > 1000");
    assert_eq!(
        above,
        count("SELECT COUNT(*) AS n FROM quotes WHERE valor_centavos > 100000")
    );
    assert!(above > 0 && above < count("SELECT COUNT(*) AS n FROM quotes"));
    // An order.
    let ids = |query: &str| -> Vec<Value> {
        sql(&env, db, query)
            .into_iter()
            .map(|r| r["id"].clone())
            .collect()
    };
    assert_eq!(
        ids("SELECT id FROM quotes ORDER BY valor DESC, id LIMIT 50"),
        ids("SELECT id FROM quotes ORDER BY valor_centavos DESC, id LIMIT 50")
    );
    // A sum, to the centavo.
    let exact = centavos_text(
        one("SELECT SUM(valor_centavos) AS s FROM quotes")["s"]
            .as_i64()
            .unwrap(),
    );
    let sum = one("SELECT SUM(valor) AS s FROM quotes")["s"].clone();
    match &sum {
        // PostgreSQL's NUMERIC, exactly.
        Value::String(text) => assert_eq!(text, &exact),
        // SQLite's sum of doubles, compensated: the nearest double to the exact sum.
        Value::Number(n) => {
            assert_eq!(
                n.to_string().parse::<f64>().unwrap(),
                exact.parse::<f64>().unwrap()
            );
            assert_eq!(format!("{:.2}", n.as_f64().unwrap()), exact);
        }
        other => panic!("{other}"),
    }
    // Money prints with its two decimals, in CSV as in JSON.
    let row = one(
        "SELECT valor, valor_centavos FROM quotes WHERE valor_centavos % 10 = 0 AND valor_centavos % 100 <> 0 ORDER BY id LIMIT 1",
    );
    assert_eq!(
        row["valor"],
        Value::String(centavos_text(row["valor_centavos"].as_i64().unwrap())),
        "{row}"
    );
    let out = read(
        &env,
        db,
        &[
            "--format",
            "csv",
            "SELECT valor FROM quotes WHERE valor_centavos % 100 = 0 ORDER BY id LIMIT 1",
        ],
    );
    let csv = String::from_utf8(out.stdout).unwrap();
    assert!(csv.trim_end().ends_with(".00"), "{csv}");

    // The mirror's own times are declared with their zone, and hold it.
    let schema = read(&env, db, &["--schema", "--format", "csv"]);
    let schema = String::from_utf8(schema.stdout).unwrap();
    // SQLite says the type as declared; PostgreSQL names `timestamptz` so.
    let zoned = "TIMESTAMP WITH TIME ZONE";
    for column in [
        format!("quotes,_first_seen,{zoned},0"),
        format!("quotes,_changed_at,{zoned},0"),
        format!("quotes,_deleted_at,{zoned},0"),
        format!("_runs,started_at,{zoned},0"),
        format!("_changes,id,{},0", dest.integer),
    ] {
        assert!(schema.contains(&column), "{column}: {schema}");
    }
    // A change joins its quote by the integer ID, with no cast.
    env.edit_quotes("change=1,2");
    sync(&env, db, &["--streams", "quotes"]);
    sync(&env, db, &["--streams", "quotes", "--full"]);
    let joined = count(
        "SELECT COUNT(DISTINCT q.id) AS n FROM _changes c JOIN quotes q \
         ON q._clinic = c.clinic AND q.id = c.id WHERE c.stream = 'quotes'",
    );
    assert_eq!(joined, 2);
    // Each run says what it walked.
    let modes: Vec<Value> = sql(&env, db, "SELECT mode FROM _runs ORDER BY run")
        .into_iter()
        .map(|r| r["mode"].clone())
        .collect();
    assert_eq!(modes, ["first", "incremental", "full"]);
    if let Value::String(first_seen) = &one("SELECT _first_seen AS t FROM quotes LIMIT 1")["t"] {
        // SQLite keeps the text with its offset (`…-03:00`, `…+00:00`).
        let offset = &first_seen[first_seen.len() - 6..];
        assert!(
            offset.starts_with(['+', '-']) && offset.as_bytes()[3] == b':',
            "{first_seen}"
        );
    }
}

/// With a PostgreSQL database that turns the login away, `clinic sync` exits 3 before it asks the
/// service anything: the walk is not made for nothing.
#[test]
fn a_postgres_login_refused_ends_the_sync_before_the_service_is_asked() {
    let test = "a_postgres_login_refused_ends_the_sync_before_the_service_is_asked";
    let Some(url) = postgres_database(test, "refused_early_w55") else {
        return;
    };
    let env = Env::with(Options {
        scale: 100,
        ..Options::ephemeral()
    });
    env.clear_journal();
    let out = env
        .admin()
        .env("CLINIC_CREDENTIAL_STORE", "file")
        .env_remove("PGPASSWORD")
        .args([
            "sync",
            "--streams",
            "quotes",
            "--to",
            &postgres_as_reader(&url),
        ])
        .args(EVERY_CLINIC)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(3), "{}", stderr(&out));
    assert!(
        stderr(&out).contains("did not accept the login"),
        "{}",
        stderr(&out)
    );
    assert_eq!(env.sent(), Vec::<Value>::new());
}

/// A field that appears in later records adds a column; earlier rows have it empty.
#[test]
fn a_new_field_adds_a_column_and_money_gets_its_centavos() {
    new_field(&Dest::file());
}

#[test]
fn a_new_field_adds_a_column_and_money_gets_its_centavos_in_postgres() {
    let test = "a_new_field_adds_a_column_and_money_gets_its_centavos_in_postgres";
    if let Some(dest) = Dest::postgres(test, "new_field") {
        new_field(&dest);
    }
}

fn new_field(dest: &Dest) {
    let env = Env::with(Options {
        scale: 300,
        late_field_from: Some(200),
        ..Options::ephemeral()
    });
    let db = &dest.to;
    sync(&env, db, &["--streams", "quotes"]);
    let schema = read(&env, db, &["--schema", "--format", "csv"]);
    let schema = String::from_utf8(schema.stdout).unwrap();
    let (integer, real) = (dest.integer, dest.real);
    for column in [
        format!("quotes,desconto_fidelidade,{real},0"),
        format!("quotes,valor,{},0", dest.money),
        format!("quotes,valor_centavos,{integer},0"),
        format!("quotes__procedimentos,_parent,{integer},1"),
    ] {
        assert!(schema.contains(&column), "{column}: {schema}");
    }
    let rows = sql(
        &env,
        db,
        "SELECT COUNT(desconto_fidelidade) AS late, COUNT(*) AS n FROM quotes",
    );
    assert_eq!(rows[0]["n"], 300);
    assert_eq!(rows[0]["late"], 101);
    // Sales by service is a join, not string parsing.
    let joined = sql(
        &env,
        db,
        "SELECT COUNT(*) AS n FROM quotes q JOIN quotes__procedimentos p \
         ON p._clinic = q._clinic AND p._parent = q.id",
    );
    assert!(joined[0]["n"].as_u64().unwrap() > 0);
}

/// Two syncs of one database never run at once: with --no-wait the second exits 1 and says why.
#[test]
fn a_second_sync_of_the_same_database_waits_or_exits() {
    one_writer(&Dest::file());
}

/// The same for a PostgreSQL database: its working copy is the one writer.
#[test]
fn a_second_sync_of_the_same_postgres_database_waits_or_exits() {
    let test = "a_second_sync_of_the_same_postgres_database_waits_or_exits";
    if let Some(dest) = Dest::postgres(test, "one_writer") {
        one_writer(&dest);
    }
}

fn one_writer(dest: &Dest) {
    let env = slow_network();
    let db = &dest.to;
    let mut first = sync_holding_the_lock(&env, db);
    let second = env.run_as(
        "admin",
        &["sync", "--no-wait", "--streams", "quotes", "--to", arg(&db)],
    );
    assert_eq!(second.status.code(), Some(1), "{}", stderr(&second));
    assert!(
        stderr(&second).contains("another sync is writing"),
        "{}",
        stderr(&second)
    );
    // Readers are not blocked meanwhile.
    let reading = read(&env, db, &[dest.probe]);
    assert!(reading.status.success(), "{}", stderr(&reading));
    assert!(first.wait().unwrap().success());
    let waited = sync(&env, db, &["--streams", "quotes"]);
    assert!(waited.contains("incremental"), "{waited}");
}

/// A mirror that outgrows the file-size limit (`ulimit -f`) ends the run with an error that names
/// the file it could not write, and a failing exit: not a silent death by SIGXFSZ.
#[cfg(unix)]
#[test]
fn a_sync_past_the_file_size_limit_names_the_file_it_could_not_write() {
    use std::os::unix::process::{CommandExt, ExitStatusExt};
    let env = Env::scale(3_000);
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("mirror.sqlite");
    let mut cmd = admin_process(&env);
    cmd.args([OsStr::new("sync"), OsStr::new("--to"), db.as_os_str()])
        .args(EVERY_CLINIC)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    // 256 KiB: the profile's own small files fit, three thousand quotes do not.
    let limit = 256 * 1024;
    // SAFETY: setrlimit is async-signal-safe and touches nothing of the parent.
    unsafe {
        cmd.pre_exec(move || {
            nix::sys::resource::setrlimit(nix::sys::resource::Resource::RLIMIT_FSIZE, limit, limit)
                .map_err(std::io::Error::from)
        });
    }
    let out = cmd.output().unwrap();
    let said = stderr(&out);
    assert_eq!(out.status.signal(), None, "ended by a signal: {said}");
    assert!(!out.status.success(), "{said}");
    assert!(said.contains("mirror.sqlite"), "{said}");
    assert!(said.starts_with("error:"), "{said}");
}

/// A session that holds the PostgreSQL database's publication lock (any query that took it) does
/// not stall a `--no-wait` sync: it exits 1 at once, before its walk, in the words of a held SQLite
/// lock; once the lock is let go, a sync publishes.
#[test]
fn a_no_wait_sync_leaves_at_once_when_a_postgres_session_holds_the_publication_lock() {
    let test = "a_no_wait_sync_leaves_at_once_when_a_postgres_session_holds_the_publication_lock";
    let Some(url) = postgres_database(test, "w51_publication_lock_no_wait") else {
        return;
    };
    let env = slow_network();
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap();
    let holder = runtime.block_on(async {
        let mut config: tokio_postgres::Config = url.parse().unwrap();
        if let Ok(password) = std::env::var("PGPASSWORD") {
            config.password(password);
        }
        let (client, connection) = config.connect(tokio_postgres::NoTls).await.unwrap();
        tokio::spawn(connection);
        client
            .batch_execute("SELECT pg_advisory_lock(7362538415)")
            .await
            .unwrap();
        client
    });
    let started = std::time::Instant::now();
    let mut cmd = admin_process(&env);
    cmd.args([
        "sync",
        "--no-wait",
        "--streams",
        "quotes",
        "--clinic",
        "all",
        "--to",
        &url,
    ])
    .stderr(Stdio::piped());
    let mut child = cmd.spawn().unwrap();
    let status = loop {
        if let Some(status) = child.try_wait().unwrap() {
            break status;
        }
        if started.elapsed() > Duration::from_secs(20) {
            let _ = child.kill();
            panic!("a --no-wait sync waited for the publication lock");
        }
        std::thread::sleep(Duration::from_millis(50));
    };
    let mut said = String::new();
    std::io::Read::read_to_string(&mut child.stderr.take().unwrap(), &mut said).unwrap();
    assert_eq!(status.code(), Some(1), "{said}");
    assert!(said.contains("another sync is writing"), "{said}");
    assert!(
        quote_queries(&env).is_empty(),
        "it left before walking the service"
    );
    runtime.block_on(async {
        holder
            .batch_execute("SELECT pg_advisory_unlock(7362538415)")
            .await
            .unwrap();
    });
    let done = sync(&env, &url, &["--no-wait", "--streams", "quotes"]);
    assert!(done.contains("published up to run"), "{done}");
    drop(holder);
}

/// Python's own SQLite reads the mirror, and its money sums equal the CSV export's to the centavo.
/// A clinic with more quotes than one transaction holds (2,000): each batch is prepared on a thread
/// of its own while the one before it is written. The mirror still holds every quote once, as the
/// export gives them, and every child row has its parent.
#[test]
fn a_stream_of_several_batches_is_mirrored_whole_and_once() {
    let env = Env::scale(30_000);
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("mirror.sqlite");
    sync(&env, &db, &["--streams", "quotes"]);
    let largest = sql(
        &env,
        &db,
        "SELECT MAX(n) AS n FROM (SELECT COUNT(*) AS n FROM quotes GROUP BY _clinic)",
    );
    assert!(
        largest[0]["n"].as_u64().unwrap() > 4_000,
        "a clinic spans three batches: {largest:?}"
    );
    same(&mirrored(&env, &db), &exported(&env), "the export");
    let orphans = sql(
        &env,
        &db,
        "SELECT COUNT(*) AS n FROM quotes__procedimentos c WHERE NOT EXISTS \
         (SELECT 1 FROM quotes q WHERE q._clinic = c._clinic AND q.id = c._parent)",
    );
    assert_eq!(orphans[0]["n"], 0);
    let children = sql(&env, &db, "SELECT COUNT(*) AS n FROM quotes__procedimentos");
    assert!(children[0]["n"].as_u64().unwrap() > 0);
}

#[test]
fn python_reads_the_mirror_and_its_sums_equal_the_csv_exports() {
    let python = std::env::var_os("CLINIC_TEST_PYTHON")
        .filter(|p| !p.is_empty())
        .map(std::path::PathBuf::from)
        .unwrap_or_else(|| "python3".into());
    if std::process::Command::new(&python)
        .args(["-c", "import sqlite3"])
        .output()
        .map_or(true, |o| !o.status.success())
    {
        eprintln!("skipped: no Python with sqlite3");
        return;
    }
    let env = Env::scale(500);
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("mirror.sqlite");
    sync(&env, &db, &["--streams", "quotes"]);
    let csv = dir.path().join("ficha.csv");
    let out = env.run_as(
        "admin",
        &[FICHA_ALL, EVERY_CLINIC, &["-o", arg(&csv)][..]].concat(),
    );
    assert!(out.status.success(), "{}", stderr(&out));
    let script = "import csv, sqlite3, sys\n\
        from decimal import Decimal\n\
        db = sqlite3.connect(sys.argv[1])\n\
        mirror = db.execute('SELECT SUM(valor_centavos), COUNT(*) FROM quotes').fetchone()\n\
        rows = list(csv.DictReader(open(sys.argv[2], encoding='utf-8')))\n\
        total = sum(Decimal(r['valor']) for r in rows)\n\
        print(mirror[0], int(total * 100), mirror[1], len(rows))\n";
    let said = run_python(
        &python,
        script,
        &[db.to_str().unwrap(), csv.to_str().unwrap()],
    );
    let parts: Vec<&str> = said.split_whitespace().collect();
    assert_eq!(parts.len(), 4, "{said}");
    assert_eq!(parts[0], parts[1], "{said}");
    assert_eq!(parts[2], parts[3], "{said}");
    assert_eq!(parts[2], "500", "{said}");
}

/// `--crm` mirrors the CRM's contacts, deals and leads by ID, every one the CRM holds, their lists
/// of phones as child rows; a contact changed in the CRM is a changed row with the field named.
#[test]
fn the_crm_contacts_and_deals_are_mirrored_and_their_changes_named() {
    let env = Env::new();
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("mirror.sqlite");
    let said = sync(&env, &db, &["--streams", "crm"]);
    assert!(said.contains("crm_contacts (clinic -, full): "), "{said}");
    for (table, method) in [
        ("crm_contacts", "crm.contact.list"),
        ("crm_deals", "crm.deal.list"),
        ("crm_leads", "crm.lead.list"),
    ] {
        let mut mirrored: Vec<u64> = sql(&env, &db, &format!("SELECT ID FROM {table}"))
            .iter()
            .map(|r| r["ID"].as_str().unwrap().parse().unwrap())
            .collect();
        mirrored.sort_unstable();
        let mut held = env.crm_ids(method);
        held.sort_unstable();
        assert_eq!(mirrored, held, "{table}");
    }
    let phones = sql(
        &env,
        &db,
        "SELECT COUNT(*) AS n FROM crm_contacts__PHONE WHERE VALUE LIKE '+55%'",
    );
    assert!(phones[0]["n"].as_u64().unwrap() > 0, "{phones:?}");
    let phones = sql(
        &env,
        &db,
        "SELECT COUNT(*) AS n FROM crm_leads__PHONE WHERE VALUE LIKE '+55%'",
    );
    assert!(phones[0]["n"].as_u64().unwrap() > 0, "{phones:?}");

    let out = env.run_as(
        "admin",
        &["crm", "contact", "update", "1", "--set", "NAME=Renomeada"],
    );
    assert!(out.status.success(), "{}", stderr(&out));
    let said = sync(&env, &db, &["--streams", "crm"]);
    assert!(
        said.contains("crm_contacts (clinic -, full): 0 new, 1 changed"),
        "{said}"
    );
    let changed = sql(
        &env,
        &db,
        "SELECT id, field, new FROM _changes WHERE stream = 'crm_contacts' AND field = 'NAME'",
    );
    assert_eq!(
        changed,
        [serde_json::json!({"id": 1, "field": "NAME", "new": "Renomeada"})]
    );
}

/// `--crm` mirrors each smart process of the portal into a table of its own,
/// `crm_item_<entityTypeId>`, every item with its fields, whether the portal answers both method
/// families or only the universal one; a portal of the classic family only has none.
#[test]
fn each_smart_process_is_mirrored_into_a_table_of_its_own() {
    use clinic_sandbox::crm::Methods;
    for methods in [Methods::Both, Methods::Item] {
        let env = Env::with(clinic_sandbox::Options {
            crm_rate_limit: 0,
            crm_methods: methods,
            ..clinic_sandbox::Options::ephemeral()
        });
        let dir = tempfile::tempdir().unwrap();
        let db = dir.path().join("mirror.sqlite");
        let said = sync(&env, &db, &["--streams", "crm"]);
        // Leads are mirrored whichever family the portal speaks.
        let leads = env.crm_items(1).len();
        assert!(leads > 0);
        assert!(
            said.contains(&format!("crm_leads (clinic -, full): {leads} new")),
            "{methods:?}: {said}"
        );
        for type_id in [1032, 1036] {
            let held = env.crm_items(type_id);
            assert!(held.len() > 50, "{}", held.len());
            assert!(
                said.contains(&format!(
                    "crm_item_{type_id} (clinic -, full): {} new",
                    held.len()
                )),
                "{methods:?}: {said}"
            );
            let rows = sql(
                &env,
                &db,
                &format!("SELECT id, title, stageId FROM crm_item_{type_id} ORDER BY id"),
            );
            let wanted: Vec<Value> = held
                .iter()
                .map(|i| serde_json::json!({"id": i["id"], "title": i["title"], "stageId": i["stageId"]}))
                .collect();
            assert_eq!(rows, wanted, "{methods:?} {type_id}");
        }
        // A smart process's own fields are columns too.
        let custom = sql(
            &env,
            &db,
            "SELECT COUNT(*) AS n FROM crm_item_1032 WHERE ufCrm5_1700000001 <> ''",
        );
        assert!(custom[0]["n"].as_u64().unwrap() > 0, "{custom:?}");
    }
    let env = Env::with(clinic_sandbox::Options {
        crm_rate_limit: 0,
        crm_methods: Methods::Classic,
        ..clinic_sandbox::Options::ephemeral()
    });
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("mirror.sqlite");
    let said = sync(&env, &db, &["--streams", "crm"]);
    assert!(said.contains("crm_deals (clinic -, full): "), "{said}");
    let leads = env.crm_ids("crm.lead.list").len();
    assert!(
        said.contains(&format!("crm_leads (clinic -, full): {leads} new")),
        "{said}"
    );
    assert!(!said.contains("crm_item_"), "{said}");
    assert!(
        !read(&env, &db, &["SELECT id FROM crm_item_1032"])
            .status
            .success()
    );
}

/// `sync.full_every` in the profile: once that long has passed since the last full walk, a run walks
/// whole again, and what is gone gets its tombstone.
#[test]
fn a_full_walk_comes_back_as_often_as_the_profile_says() {
    let env = Env::scale(300);
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("mirror.sqlite");
    sync(&env, &db, &["--streams", "quotes"]);
    env.edit_quotes("delete=2");
    let said = sync(&env, &db, &["--streams", "quotes"]);
    assert!(
        said.contains("(clinic 1, incremental): 0 new, 0 changed, 0 vanished"),
        "{said}"
    );
    let out = env.run_as("admin", &["config", "set", "sync.full_every", "1s"]);
    assert!(out.status.success(), "{}", stderr(&out));
    std::thread::sleep(Duration::from_millis(1_100));
    let said = sync(&env, &db, &["--streams", "quotes"]);
    assert!(
        said.contains("(clinic 1, full): 0 new, 0 changed, 1 vanished"),
        "{said}"
    );
    same(&mirrored(&env, &db), &exported(&env), "the service");
}

/// With no `sync.full_every` set, a run walks whole once a week: a deletion is seen within the week,
/// and the run is recorded as full.
#[test]
fn a_full_walk_comes_back_weekly_by_default() {
    let env = Env::scale(300);
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("mirror.sqlite");
    sync(&env, &db, &["--streams", "quotes"]);
    env.edit_quotes("delete=2");
    let said = sync(&env, &db, &["--streams", "quotes"]);
    assert!(
        said.contains("(clinic 1, incremental): 0 new, 0 changed, 0 vanished"),
        "{said}"
    );
    // The last full walk, eight days ago.
    let conn = rusqlite::Connection::open(&db).unwrap();
    conn.execute(
        "UPDATE _bookmarks SET full_at = '2000-01-01 00:00:00+00:00'",
        [],
    )
    .unwrap();
    drop(conn);
    let said = sync(&env, &db, &["--streams", "quotes"]);
    assert!(
        said.contains("(clinic 1, full): 0 new, 0 changed, 1 vanished"),
        "{said}"
    );
    let modes: Vec<Value> = sql(&env, &db, "SELECT mode FROM _runs ORDER BY run")
        .into_iter()
        .map(|r| r["mode"].clone())
        .collect();
    assert_eq!(modes, ["first", "incremental", "full"]);
    same(&mirrored(&env, &db), &exported(&env), "the service");
}

/// A clinic's list that comes back empty where the mirror holds its rows tombstones nothing on that
/// run and says so, naming the table and clinic: the next run finds every row where it was, and the
/// change log holds no vanished nor resurrected rows. `--allow-empty` accepts the empty list.
#[test]
fn a_list_that_comes_back_empty_tombstones_nothing_unless_allowed() {
    let env = Env::scale(300);
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("mirror.sqlite");
    let live = |table: &str| -> i64 {
        sql(
            &env,
            &db,
            &format!("SELECT COUNT(*) AS n FROM {table} WHERE _clinic = 1 AND _deleted_at IS NULL"),
        )[0]["n"]
            .as_i64()
            .unwrap()
    };
    let logged = |change: &str| -> i64 {
        sql(
            &env,
            &db,
            &format!("SELECT COUNT(*) AS n FROM _changes WHERE change = '{change}'"),
        )[0]["n"]
            .as_i64()
            .unwrap()
    };
    let streams = ["--streams", "quotes,appointments"];
    sync(&env, &db, &streams);
    let (appointments, quotes) = (live("appointments"), live("quotes"));
    assert!(appointments > 0 && quotes > 0, "{appointments} {quotes}");

    env.empty_list("appointments", 1, true);
    env.empty_list("quotes", 1, true);
    let said = sync(&env, &db, &[&streams[..], &["--full"]].concat());
    for (table, rows) in [("appointments", appointments), ("quotes", quotes)] {
        assert!(
            said.contains(&format!(
                "{table} (clinic 1): the service answered an empty list where the mirror holds \
                 {rows} rows: nothing was marked deleted this run"
            )),
            "{said}"
        );
    }
    assert_eq!(
        (live("appointments"), live("quotes")),
        (appointments, quotes)
    );
    assert_eq!(logged("vanished"), 0);
    // The walk that came back empty was no full walk: the next one is still due.
    let full_at = sql(
        &env,
        &db,
        "SELECT full_at FROM _bookmarks WHERE stream = 'quotes' AND clinic = 1",
    );
    let first_run = sql(&env, &db, "SELECT started_at FROM _runs WHERE run = 1");
    assert_eq!(full_at[0]["full_at"], first_run[0]["started_at"]);

    env.empty_list("appointments", 1, false);
    env.empty_list("quotes", 1, false);
    let said = sync(&env, &db, &streams);
    assert!(!said.contains("empty list"), "{said}");
    assert_eq!(logged("resurrected"), 0);

    env.empty_list("appointments", 1, true);
    let said = sync(&env, &db, &[&streams[..], &["--allow-empty"]].concat());
    assert!(!said.contains("empty list"), "{said}");
    assert_eq!(live("appointments"), 0);
    assert_eq!(logged("vanished"), appointments);
}

/// A bookmark later than the server's own clock (saved under a clock that ran ahead) would ask for
/// a future that holds nothing: the run says so, walks the list whole, and saves a point the
/// server's clock allows, from which the next run goes on.
#[test]
fn a_bookmark_later_than_the_servers_clock_is_dropped_and_the_list_walked_whole() {
    let env = Env::scale(300);
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("mirror.sqlite");
    sync(&env, &db, &["--streams", "quotes"]);
    let ahead = (chrono::Local::now() + chrono::Duration::days(3))
        .format("%Y-%m-%d %H:%M:%S")
        .to_string();
    rusqlite::Connection::open(&db)
        .unwrap()
        .execute("UPDATE _bookmarks SET point = ?1", [&ahead])
        .unwrap();
    env.edit_quotes("change=1");
    env.clear_journal();
    let said = sync(&env, &db, &["--streams", "quotes"]);
    assert!(said.contains("later than the server's clock"), "{said}");
    assert!(
        said.contains("full): 0 new, 1 changed, 0 vanished"),
        "{said}"
    );
    let filtered: Vec<bool> = quote_queries(&env)
        .iter()
        .map(|q| q.iter().any(|(k, _)| k == "modificado_em_de"))
        .collect();
    assert!(
        filtered.contains(&true) && filtered.contains(&false),
        "{filtered:?}"
    );
    let points = sql(&env, &db, "SELECT DISTINCT point FROM _bookmarks");
    for point in &points {
        assert!(
            point["point"].as_str().unwrap() < ahead.as_str(),
            "{points:?}"
        );
    }
    same(&mirrored(&env, &db), &exported(&env), "the service");
    let said = sync(&env, &db, &["--streams", "quotes"]);
    assert!(
        said.contains("incremental): 0 new, 0 changed") && !said.contains("server's clock"),
        "{said}"
    );
}

/// `clinic sync --streams quotes --clinic CLINIC` into `db` from a host whose every list holds
/// `records` (the clinics' list too: with `all`, one clinic per record).
fn sync_served(records: &[&str], clinic: &str, db: &Path) -> std::process::Output {
    let records: Vec<String> = records.iter().map(|r| r.to_string()).collect();
    let server = crate::hostile::serving(crate::hostile::list_of(&records));
    let config = tempfile::tempdir().unwrap();
    crate::servers::clinic_at(config.path(), &server.url(""))
        .args(["sync", "--streams", "quotes", "--clinic", clinic, "--to"])
        .arg(db)
        .output()
        .unwrap()
}

/// A money value that is no exact amount keeps its text in the mirror, with no centavos; the run
/// names the table, column and count (never the value), and exits 1 so a nightly job notices. A
/// record stamped in the future does not carry the bookmark past the server's clock.
#[test]
fn money_that_is_no_exact_amount_is_kept_as_text_said_and_fails_the_run() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("mirror.sqlite");
    let records = [
        r#"{"id": 1, "valor": "a combinar", "modificado_em": "2099-01-01 10:00:00"}"#,
        r#"{"id": 2, "valor": "0.125", "modificado_em": "2024-05-01 10:00:00"}"#,
        r#"{"id": 3, "valor": "1.234,50", "modificado_em": "2024-05-01 10:00:00"}"#,
    ];
    let out = sync_served(&records, "1", &db);
    let said = stderr(&out);
    assert_eq!(out.status.code(), Some(1), "{said}");
    assert!(
        said.contains(
            "quotes.valor: 2 money values are not exact amounts: their text is kept, \
             and valor_centavos is left empty"
        ),
        "{said}"
    );
    assert!(
        said.contains("every row was written, but 2 money values"),
        "{said}"
    );
    assert!(
        !said.contains("a combinar") && !said.contains("0.125"),
        "{said}"
    );
    let conn = rusqlite::Connection::open(&db).unwrap();
    let rows: Vec<(i64, String, Option<i64>)> = conn
        .prepare("SELECT id, valor, valor_centavos FROM quotes ORDER BY id")
        .unwrap()
        .query_map([], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)))
        .unwrap()
        .collect::<rusqlite::Result<_>>()
        .unwrap();
    assert_eq!(
        rows,
        [
            (1, "a combinar".to_string(), None),
            (2, "0.125".to_string(), None),
            // Text beside it makes the column text: each value as it came, its centavos exact.
            (3, "1.234,50".to_string(), Some(123_450)),
        ]
    );
    let point: String = conn
        .query_row("SELECT point FROM _bookmarks", [], |r| r.get(0))
        .unwrap();
    let now = chrono::Utc::now().format("%Y-%m-%d %H:%M:%S").to_string();
    assert!(
        point.as_str() < "2099" && point.as_str() <= now.as_str(),
        "{point}"
    );

    // Over three clinics, one warning for the stream's column, counting them all.
    let out = sync_served(&records, "all", &dir.path().join("all.sqlite"));
    let said = stderr(&out);
    assert_eq!(out.status.code(), Some(1), "{said}");
    assert_eq!(said.matches("quotes.valor:").count(), 1, "{said}");
    assert!(said.contains("quotes.valor: 6 money values"), "{said}");
}

/// A record the mirror cannot store stops the run with the mirror's own words: what is wrong, and
/// the fields the record has (never its values).
#[test]
fn a_record_the_mirror_cannot_store_is_named_as_the_mirror_says() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("mirror.sqlite");
    let out = sync_served(
        &[
            r#"{"id": 1, "valor": "10.00"}"#,
            r#"{"nome": "Ana Souza", "valor": "12.00"}"#,
        ],
        "1",
        &db,
    );
    let said = stderr(&out);
    assert_eq!(out.status.code(), Some(5), "{said}");
    assert!(
        said.contains("without an ID field (id, ID, Id or codigo)") && said.contains("nome, valor"),
        "{said}"
    );
    assert!(
        !said.contains("Ana Souza") && !said.contains("interrupted"),
        "{said}"
    );
}

/// An ID that is an empty string is no ID: the record is refused as one without an ID (exit 5),
/// whether it comes first or after others, not by the database's constraint.
#[test]
fn an_empty_string_id_is_said_as_no_id() {
    let dir = tempfile::tempdir().unwrap();
    for (n, records) in [
        [
            r#"{"id": 1, "valor": "10.00"}"#,
            r#"{"id": "", "valor": "12.00"}"#,
        ],
        [
            r#"{"id": "", "valor": "12.00"}"#,
            r#"{"id": 1, "valor": "10.00"}"#,
        ],
    ]
    .iter()
    .enumerate()
    {
        let out = sync_served(records, "1", &dir.path().join(format!("{n}.sqlite")));
        let said = stderr(&out);
        assert_eq!(out.status.code(), Some(5), "{said}");
        assert!(
            said.contains("without an ID field (id, ID, Id or codigo)")
                && said.contains("id, valor"),
            "{said}"
        );
        assert!(!said.contains("NOT NULL"), "{said}");
    }
}

/// Another program's SQLite database given as the mirror is refused (exit 2, naming the file)
/// before anything in it changes: no journal mode switched, no table added.
#[test]
fn another_programs_database_is_refused_and_left_untouched() {
    let env = Env::scale(40);
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("agenda.db");
    {
        let conn = rusqlite::Connection::open(&db).unwrap();
        conn.execute_batch("CREATE TABLE pacientes (id INTEGER, nome TEXT); INSERT INTO pacientes VALUES (1, 'Ana');")
            .unwrap();
    }
    let before = std::fs::read(&db).unwrap();
    let out = env.run_as(
        "admin",
        &[
            "sync",
            "--streams",
            "quotes",
            "--clinic",
            "1",
            "--to",
            arg(&db),
        ],
    );
    let said = stderr(&out);
    assert_eq!(out.status.code(), Some(2), "{said}");
    assert!(
        said.contains(&format!(
            "{} is a database of another program",
            db.display()
        )),
        "{said}"
    );
    assert_eq!(std::fs::read(&db).unwrap(), before);
    assert!(!dir.path().join("agenda.db-wal").exists());
    // An empty file is a new mirror.
    let empty = dir.path().join("empty.sqlite");
    std::fs::write(&empty, b"").unwrap();
    sync(&env, &empty, &["--streams", "quotes"]);
}

/// A sync through a symlink to a mirror another sync is writing waits for it (here, with
/// `--no-wait`, exits 1 saying so): one lock per file, whatever name reaches it.
#[test]
fn a_sync_through_a_symlink_waits_for_the_same_mirror() {
    let env = slow_network();
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("mirror.sqlite");
    let link = dir.path().join("link.sqlite");
    std::os::unix::fs::symlink(&db, &link).unwrap();
    let mut first = sync_holding_the_lock(&env, &db);
    let second = env.run_as(
        "admin",
        &[
            "sync",
            "--no-wait",
            "--streams",
            "quotes",
            "--to",
            arg(&link),
        ],
    );
    assert_eq!(second.status.code(), Some(1), "{}", stderr(&second));
    assert!(
        stderr(&second).contains("another sync is writing"),
        "{}",
        stderr(&second)
    );
    assert!(first.wait().unwrap().success());
}

/// `clinic sync changes` after a killed run and the complete run that finished its work lists what
/// both changed: the killed run's changes belong to the last complete one.
#[test]
fn sync_changes_after_a_killed_run_lists_what_its_resume_finished() {
    let env = Env::scale(300);
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("mirror.sqlite");
    sync(&env, &db, &["--streams", "quotes"]);
    let ids: Vec<String> = (1..=40).map(|i| i.to_string()).collect();
    env.edit_quotes(&format!("change={}", ids.join(",")));
    sync(&env, &db, &["--streams", "quotes"]);
    // The second run as a kill leaves it: its changes written, its end never recorded.
    rusqlite::Connection::open(&db)
        .unwrap()
        .execute(
            "UPDATE _runs SET status = 'running', ended_at = NULL WHERE run = 2",
            [],
        )
        .unwrap();
    let said = sync(&env, &db, &["--streams", "quotes"]);
    assert!(said.contains("0 new, 0 changed"), "{said}");
    let out = env.run_as(
        "admin",
        &["sync", "changes", "--to", arg(&db), "--format", "json"],
    );
    assert!(out.status.success(), "{}", stderr(&out));
    let rows = stdout_json(&out);
    let changed: std::collections::BTreeSet<i64> = rows
        .as_array()
        .unwrap()
        .iter()
        .filter(|r| r["change"] == "changed")
        .map(|r| r["id"].as_i64().unwrap())
        .collect();
    assert_eq!(changed.len(), 40, "{rows}");
}

/// A PostgreSQL URL with a password is refused before anything is sent, as `--to` and as the
/// profile's `sync.target`, and the password is never shown.
#[test]
fn a_postgres_url_with_a_password_is_refused_before_anything_is_sent() {
    let env = Env::scale(40);
    let url = "postgres://finance:s3cr3t-pw@127.0.0.1:1/warehouse";
    for args in [
        vec!["sync", "--streams", "quotes", "--to", url],
        vec!["sql", "--to", url, "SELECT 1"],
        vec!["config", "set", "sync.target", url],
    ] {
        let out = env.run_as("admin", &args);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {}", stderr(&out));
        let said = stderr(&out);
        assert!(!said.contains("s3cr3t"), "{said}");
        assert!(
            said.contains("postgres://finance:****@127.0.0.1:1/warehouse"),
            "{said}"
        );
        assert!(said.contains("PGPASSWORD"), "{said}");
    }
    assert!(env.sent().is_empty(), "{:?}", env.sent());
}

/// The profile's `sync.target` sends `clinic sync` and `clinic sql` to PostgreSQL; a second working
/// copy (another machine, or a lost data folder) is refused by the database it does not feed, which
/// keeps what it held.
#[test]
fn a_postgres_database_fed_by_another_working_copy_is_refused() {
    let test = "a_postgres_database_fed_by_another_working_copy_is_refused";
    let Some(url) = postgres_database(test, "other_copy") else {
        return;
    };
    let env = Env::scale(200);
    let set = env.run_as("admin", &["config", "set", "sync.target", &url]);
    assert!(set.status.success(), "{}", stderr(&set));
    let out = env.run_as(
        "admin",
        &[&["sync", "--streams", "quotes"][..], EVERY_CLINIC].concat(),
    );
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(
        stderr(&out).contains("published up to run 1"),
        "{}",
        stderr(&out)
    );
    let count = |env: &Env| sql(env, &url, "SELECT COUNT(*) AS n FROM quotes")[0]["n"].clone();
    assert_eq!(count(&env), 200);
    let elsewhere = tempfile::tempdir().unwrap();
    env.edit_quotes("delete=1,2");
    let out = env.run_with(
        &[
            ("CLINIC_TOKEN", &env.token("admin", "admin")),
            ("CLINIC_DATA_DIR", arg(&elsewhere.path())),
        ],
        &[&["sync", "--streams", "quotes", "--full"][..], EVERY_CLINIC].concat(),
    );
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    assert!(
        stderr(&out).contains("is fed by another working copy"),
        "{}",
        stderr(&out)
    );
    assert_eq!(count(&env), 200);
    let live = sql(
        &env,
        &url,
        "SELECT COUNT(*) AS n FROM quotes WHERE _deleted_at IS NULL",
    );
    assert_eq!(live[0]["n"], 200);
}

/// Any text reaches PostgreSQL as it is (tabs, line breaks, backslashes, quotes, accents), and a
/// column the working copy widens is widened in the database too, keeping every value.
#[test]
fn postgres_takes_any_text_and_widens_a_column_as_the_file_does() {
    let test = "postgres_takes_any_text_and_widens_a_column_as_the_file_does";
    let Some(url) = postgres_database(test, "texts") else {
        return;
    };
    let config = tempfile::tempdir().unwrap();
    let note = "tab\there, a line\nbreak, a back\\slash, \"quotes\", ação, \\N";
    let run = |args: &[&str], records: &[String]| {
        let server = crate::hostile::serving(crate::hostile::list_of(records));
        crate::servers::clinic_at(config.path(), &server.url(""))
            .args(args)
            .env("PGPASSWORD", POSTGRES_READER_PASSWORD)
            .output()
            .unwrap()
    };
    let record = |codigo: Value, modified: &str| {
        serde_json::json!({"id": 1, "codigo": codigo, "observacoes_venda": note,
            "valor": "10.00", "modificado_em": modified})
        .to_string()
    };
    let sync_args = ["sync", "--streams", "quotes", "--clinic", "1", "--to", &url];
    let first = run(&sync_args, &[record(7.into(), "2024-05-01 10:00:00")]);
    assert!(first.status.success(), "{}", stderr(&first));
    let second = run(&sync_args, &[record("A-7".into(), "2024-05-02 10:00:00")]);
    assert!(second.status.success(), "{}", stderr(&second));
    let reader = postgres_as_reader(&url);
    let read = run(
        &[
            "sql",
            "--format",
            "json",
            "--to",
            &reader,
            "SELECT codigo, observacoes_venda FROM quotes",
        ],
        &[],
    );
    assert!(read.status.success(), "{}", stderr(&read));
    assert_eq!(
        stdout_json(&read),
        serde_json::json!([{"codigo": "A-7", "observacoes_venda": note}])
    );
    let schema = run(
        &["sql", "--schema", "--format", "csv", "--to", &reader],
        &[],
    );
    assert!(
        String::from_utf8_lossy(&schema.stdout).contains("quotes,codigo,TEXT,0"),
        "{}",
        String::from_utf8_lossy(&schema.stdout)
    );
}

/// A sync of every clinic's quotes into `db`, returned once it asks for quotes: it takes the
/// mirror's lock before anything else, so from then on it holds it.
fn sync_holding_the_lock(env: &Env, db: impl AsRef<std::ffi::OsStr>) -> std::process::Child {
    let first = admin_process(env)
        .args(["sync", "--streams", "quotes", "--clinic", "all", "--to"])
        .arg(db)
        .spawn()
        .unwrap();
    let started = std::time::Instant::now();
    while quote_queries(env).is_empty() {
        assert!(
            started.elapsed() < Duration::from_secs(30),
            "the first sync never started"
        );
        std::thread::sleep(Duration::from_millis(20));
    }
    first
}

/// A deployment that writes `modificado_em` in UTC with `Z`: the bookmark is read from those times,
/// so the second run goes on incrementally from it instead of walking everything again.
#[test]
fn a_deployment_writing_utc_times_is_synced_incrementally() {
    let env = Env::with(Options {
        scale: 300,
        time_stamps: clinic_sandbox::TimeStamps::Z,
        date_skew: 3 * 3600,
        ..Options::ephemeral()
    });
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("mirror.sqlite");
    let first = sync(&env, &db, &["--streams", "quotes"]);
    assert!(first.contains("run 1: quotes 300 new"), "{first}");
    env.edit_quotes("change=1");
    let said = sync(&env, &db, &["--streams", "quotes"]);
    assert!(said.contains("run 2: quotes 0 new, 1 changed"), "{said}");
    assert!(
        said.contains("incremental)") && !said.contains(", full)"),
        "{said}"
    );
    let written_as_served: Vec<(u64, String, String)> = exported(&env)
        .into_iter()
        .map(|(id, valor, at)| (id, valor, at.replacen('T', " ", 1)))
        .collect();
    same(&mirrored(&env, &db), &written_as_served, "the service");
}

/// A CRM-only user (no `base_url`, only the CRM's webhook) mirrors the CRM: the clinic list is
/// never asked for, and nothing goes to the clinic API.
#[test]
fn the_crm_is_mirrored_with_only_the_crms_settings() {
    let env = Env::new();
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("mirror.sqlite");
    env.clear_journal();
    let out = env.run_with(
        &[
            ("CLINIC_BASE_URL", ""),
            ("CLINIC_WEBHOOK_ID", clinic_sandbox::WEBHOOK_ID),
        ],
        &["sync", "--to", arg(&db), "--streams", "crm"],
    );
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(
        stderr(&out).contains("crm_contacts (clinic -, full): "),
        "{}",
        stderr(&out)
    );
    let to_the_clinic_api: Vec<Value> = env
        .sent()
        .into_iter()
        .filter(|r| {
            r["path"]
                .as_str()
                .is_some_and(|p| p.starts_with("/rest/v1"))
        })
        .collect();
    assert!(to_the_clinic_api.is_empty(), "{to_the_clinic_api:?}");
    let contacts = sql(&env, &db, "SELECT COUNT(*) AS n FROM crm_contacts");
    assert_eq!(
        contacts[0]["n"].as_u64().unwrap() as usize,
        env.crm_ids("crm.contact.list").len()
    );
}

/// A record's ID as `sync changes` lists it: an integer where the ID is one, else its text.
fn id_text(id: &serde_json::Value) -> String {
    match id {
        serde_json::Value::String(s) => s.clone(),
        other => other.to_string(),
    }
}

/// The guide's ten finance questions, as printed there: SQLite's spelling, or (`postgres`) with the
/// PostgreSQL spellings the guide gives for some of them in place.
fn guide_questions(postgres: bool) -> Vec<String> {
    let guide = std::fs::read_to_string(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/guide.md"),
    )
    .unwrap();
    let block = |after: &str| -> Vec<String> {
        guide
            .split(after)
            .nth(1)
            .and_then(|rest| rest.split("```sql\n").nth(1))
            .and_then(|rest| rest.split("```").next())
            .unwrap()
            .split(";\n")
            .map(|q| q.lines().map(str::trim).collect::<Vec<_>>().join("\n"))
            .map(|q| q.trim().to_string())
            .filter(|q| !q.is_empty())
            .collect()
    };
    let number = |q: &str| -> usize {
        q.strip_prefix("-- ")
            .and_then(|rest| rest.split('.').next())
            .and_then(|n| n.parse().ok())
            .unwrap_or_else(|| panic!("a question without its number: {q}"))
    };
    let mut questions = block("Ten finance questions, each with");
    assert_eq!(questions.len(), 10, "{questions:?}");
    for (i, q) in questions.iter().enumerate() {
        assert_eq!(number(q), i + 1, "{q}");
    }
    if postgres {
        let spelled = block("In PostgreSQL's SQL, questions 1, 2, 8 and 9 read as below");
        let numbers: Vec<usize> = spelled.iter().map(|q| number(q)).collect();
        assert_eq!(numbers, [1, 2, 8, 9], "{spelled:?}");
        for q in spelled {
            let n = number(&q);
            questions[n - 1] = q;
        }
    }
    questions
}

/// The rows of a CSV export (`clinic report … --format csv` as the admin), each column by name.
fn csv_export(env: &Env, args: &[&str]) -> Vec<std::collections::HashMap<String, String>> {
    let out = env.run_as(
        "admin",
        &[args, EVERY_CLINIC, &["--format", "csv"][..]].concat(),
    );
    assert!(out.status.success(), "{args:?}: {}", stderr(&out));
    let mut reader = csv::Reader::from_reader(&out.stdout[..]);
    let headers = reader.headers().unwrap().clone();
    reader
        .records()
        .map(|record| {
            let record = record.unwrap();
            headers
                .iter()
                .zip(record.iter())
                .map(|(h, v)| (h.to_string(), v.to_string()))
                .collect()
        })
        .collect()
}

/// A number of a query's answer, which PostgreSQL's exact `numeric` gives as text.
fn number(v: &Value) -> f64 {
    match v {
        Value::String(s) => s.parse().unwrap_or_else(|_| panic!("not a number: {v}")),
        _ => v.as_f64().unwrap_or_else(|| panic!("not a number: {v}")),
    }
}

/// Money of the export (`3280.0`) or of an answer (`910.80`, `SUM(…) / 100.0`) in centavos.
fn centavos(v: &str) -> i64 {
    (v.parse::<f64>().unwrap() * 100.0).round() as i64
}

/// Runs the guide's ten questions on mirrors of the sandbox after five runs, each mirror in its
/// spelling, and checks every answer against the CSV exports taken as each run walked, with the
/// definition the guide gives under its title. Between runs quotes are approved, edited while
/// approved, edited in the run that approved them, cancelled and deleted, so that questions 4, 5 and
/// 10 have something to find and something to leave out.
fn ten_questions_on(dbs: &[std::ffi::OsString]) {
    use std::collections::{BTreeMap, BTreeSet, HashMap};
    type Row = HashMap<String, String>;
    let env = Env::scale(600);
    let streams = ["--streams", "quotes,appointments"];
    let mut exports: Vec<Vec<Row>> = Vec::new();
    let run = |exports: &mut Vec<Vec<Row>>, full: bool| {
        exports.push(csv_export(&env, FICHA_ALL));
        for db in dbs {
            let full_flag: &[&str] = if full { &["--full"] } else { &[] };
            sync(&env, db, &[&streams[..], full_flag].concat());
        }
    };
    run(&mut exports, false);
    let first = &exports[0];
    let with = |status: &str, n: usize| -> Vec<String> {
        first
            .iter()
            .filter(|q| q["status"] == status && centavos(&q["valor"]) > 0)
            .map(|q| q["id"].clone())
            .take(n)
            .collect()
    };
    let pending = with("Pendente", 2);
    let approved = with("Aprovado", 4);
    let (a, b) = (&pending[0], &pending[1]);
    let (c, d, e, f) = (&approved[0], &approved[1], &approved[2], &approved[3]);
    // Run 2 (full): a approved; b approved and edited in the same run; c edited while approved; f
    // deleted.
    env.edit_quotes(&format!(
        "status={a}:Aprovado,{b}:Aprovado&change={b},{c}&delete={f}"
    ));
    run(&mut exports, true);
    // Run 3: a edited while approved; d cancelled; e deleted (an incremental run does not see it).
    env.edit_quotes(&format!("change={a}&status={d}:Cancelado&delete={e}"));
    run(&mut exports, false);
    // Run 4: a cancelled; d edited, cancelled.
    env.edit_quotes(&format!("status={a}:Cancelado&change={d}"));
    run(&mut exports, false);
    // Run 5 (full): sees e gone. The mirror stamps runs to the second, and question 10 reads
    // "since the latest full run started": run 2's tombstones must fall in an earlier second than
    // run 5's start, as they do wherever a full run takes longer than a second.
    std::thread::sleep(std::time::Duration::from_millis(1_100));
    run(&mut exports, true);
    let now = &exports[4];
    let appointments = csv_export(&env, &[APPOINTMENTS, &["--all"][..]].concat());
    let by_id = |export: &Vec<Row>| -> BTreeMap<String, Row> {
        export
            .iter()
            .map(|q| (q["id"].clone(), q.clone()))
            .collect()
    };
    let states: Vec<BTreeMap<String, Row>> = exports.iter().map(by_id).collect();
    let sale = |q: &Row| q["status"] == "Aprovado" && centavos(&q["valor"]) > 0;
    let text = |v: &Value| match v {
        Value::String(s) => s.clone(),
        _ => v.to_string(),
    };

    // 1: sales per clinic and month.
    let mut sales = BTreeMap::<(String, String), (i64, i64)>::new();
    for q in now.iter().filter(|q| sale(q)) {
        let e = sales
            .entry((q["unidade"].clone(), q["data"][..7].to_string()))
            .or_default();
        e.0 += 1;
        e.1 += centavos(&q["valor"]);
    }
    // 2: among evaluated quotes already decided, the share approved.
    let mut decided = BTreeMap::<String, (u32, u32)>::new();
    for q in now.iter().filter(|q| q["avaliacao_realizada"] == "Sim") {
        let e = decided.entry(q["unidade"].clone()).or_default();
        e.0 += u32::from(q["status"] == "Aprovado");
        e.1 += u32::from(q["status"] == "Aprovado" || q["status"] == "Cancelado");
    }
    // 3: a seller's sales and their average value.
    let mut tickets = BTreeMap::<String, (i64, i64)>::new();
    for q in now.iter().filter(|q| sale(q)) {
        let e = tickets.entry(q["vendedor"].clone()).or_default();
        e.0 += 1;
        e.1 += centavos(&q["valor"]);
    }
    // 4: Aprovado → Cancelado, by the run that found it.
    let mut cancelled = BTreeSet::<(i64, String)>::new();
    // 5: valor changed by a run that began with the quote approved (its status in the export the
    // run before walked).
    let mut edited = BTreeSet::<(String, i64, i64)>::new();
    for run in 2..=5 {
        let (before, after) = (&states[run - 2], &states[run - 1]);
        for (id, q) in after {
            let Some(was) = before.get(id) else { continue };
            if was["status"] == "Aprovado" && q["status"] == "Cancelado" {
                cancelled.insert((run as i64, id.clone()));
            }
            if was["status"] == "Aprovado" && was["valor"] != q["valor"] {
                edited.insert((id.clone(), centavos(&was["valor"]), centavos(&q["valor"])));
            }
        }
    }
    assert!(
        edited.iter().any(|(id, ..)| id == a) && edited.iter().any(|(id, ..)| id == c),
        "{edited:?}"
    );
    assert!(
        !edited.iter().any(|(id, ..)| id == b || id == d),
        "{edited:?}"
    );
    assert_eq!(cancelled.len(), 2, "{cancelled:?}");
    // 6: every line of a sale at its share of the price after discount, by service or product.
    let mut by_service = BTreeMap::<String, f64>::new();
    for q in now.iter().filter(|q| sale(q)) {
        let share = centavos(&q["valor"]) as f64 / centavos(&q["valor_original"]) as f64;
        let lines = |list: &str, name: &str, value: &str| -> Vec<(String, f64)> {
            let items: Vec<Value> = serde_json::from_str(&q[list]).unwrap();
            items
                .iter()
                .map(|i| {
                    let line = (i[value].as_f64().unwrap() * 100.0).round();
                    (i[name].as_str().unwrap().to_string(), line * share)
                })
                .collect()
        };
        for (name, line) in lines("procedimentos", "servico", "valor")
            .into_iter()
            .chain(lines("produtos", "produto", "valor_total"))
        {
            *by_service.entry(name).or_default() += line;
        }
    }
    // 7: the value of sales by channel and campaign.
    let mut revenue = BTreeMap::<(String, String), i64>::new();
    for q in now.iter().filter(|q| sale(q)) {
        *revenue
            .entry((q["canal"].clone(), q["campanha"].clone()))
            .or_default() += centavos(&q["valor"]);
    }
    // 8: pending, dated more than 30 days before today.
    let cutoff = (chrono::Utc::now().date_naive() - chrono::Days::new(30)).to_string();
    let open: BTreeSet<String> = now
        .iter()
        .filter(|q| q["status"] == "Pendente" && q["data"] < cutoff)
        .map(|q| q["id"].clone())
        .collect();
    // 9: missed among kept or missed, per professional.
    let mut shows = BTreeMap::<String, (u32, u32)>::new();
    for p in &appointments {
        if ["Presente", "Executado", "Faltou"].contains(&p["status"].as_str()) {
            let e = shows.entry(p["profissional"].clone()).or_default();
            e.0 += u32::from(p["status"] == "Faltou");
            e.1 += 1;
        }
    }
    // 10: what the last full run (5) found gone; not what the full run before it (2) already had.
    let known: BTreeSet<&String> = states[..4].iter().flat_map(|s| s.keys()).collect();
    let gone_at_2: BTreeSet<&String> = states[0]
        .keys()
        .filter(|id| !states[1].contains_key(*id))
        .collect();
    let deleted: BTreeSet<String> = known
        .into_iter()
        .filter(|id| !states[4].contains_key(*id) && !gone_at_2.contains(id))
        .cloned()
        .collect();
    assert_eq!(deleted, BTreeSet::from([e.clone()]));

    for db in dbs {
        let postgres = db.to_string_lossy().starts_with("postgres");
        let answers: Vec<Vec<Value>> = guide_questions(postgres)
            .iter()
            .map(|q| {
                // As the guide prints it, its comments included (after `--`, since it starts with `-`).
                let out = read(&env, db, &["--format", "json", "--", q]);
                assert!(out.status.success(), "{q}: {}", stderr(&out));
                stdout_json(&out).as_array().cloned().unwrap_or_default()
            })
            .collect();
        let at = |i: usize| &answers[i - 1];
        let got: BTreeMap<(String, String), (i64, i64)> = at(1)
            .iter()
            .map(|r| {
                (
                    (text(&r["unidade"]), text(&r["mes"])),
                    (r["vendas"].as_i64().unwrap(), centavos(&text(&r["total"]))),
                )
            })
            .collect();
        assert_eq!(got, sales, "{db:?}: question 1");
        assert_eq!(at(2).len(), decided.len(), "{db:?}: question 2");
        for r in at(2) {
            let (approved, all) = decided[&text(&r["unidade"])];
            let expected = f64::from(approved) / f64::from(all);
            assert!(
                (number(&r["conversao"]) - expected).abs() < 1e-9,
                "{db:?}: question 2: {r}: {approved}/{all}"
            );
        }
        assert_eq!(at(3).len(), tickets.len(), "{db:?}: question 3");
        for r in at(3) {
            let (n, sum) = tickets[&text(&r["vendedor"])];
            assert_eq!(r["vendas"].as_i64().unwrap(), n, "{db:?}: question 3: {r}");
            assert!(
                (number(&r["ticket_medio"]) - sum as f64 / n as f64 / 100.0).abs() < 1e-6,
                "{db:?}: question 3: {r}"
            );
        }
        let got: BTreeSet<(i64, String)> = at(4)
            .iter()
            .map(|r| (r["run"].as_i64().unwrap(), text(&r["id"])))
            .collect();
        assert_eq!(got, cancelled, "{db:?}: question 4");
        let got: BTreeSet<(String, i64, i64)> = at(5)
            .iter()
            .map(|r| {
                (
                    text(&r["id"]),
                    centavos(&text(&r["antes"])),
                    centavos(&text(&r["depois"])),
                )
            })
            .collect();
        assert_eq!(got, edited, "{db:?}: question 5");
        assert_eq!(at(6).len(), by_service.len(), "{db:?}: question 6");
        for r in at(6) {
            let expected = by_service[&text(&r["servico"])] / 100.0;
            assert!(
                (number(&r["vendas"]) - expected).abs() < 1e-6,
                "{db:?}: question 6: {r}: {expected}"
            );
        }
        let got: BTreeMap<(String, String), i64> = at(7)
            .iter()
            .map(|r| {
                (
                    (text(&r["canal"]), text(&r["campanha"])),
                    centavos(&text(&r["total"])),
                )
            })
            .collect();
        assert_eq!(got, revenue, "{db:?}: question 7");
        let got: BTreeSet<String> = at(8).iter().map(|r| text(&r["id"])).collect();
        assert_eq!(got, open, "{db:?}: question 8");
        assert_eq!(at(9).len(), shows.len(), "{db:?}: question 9");
        for r in at(9) {
            let (missed, all) = shows[&text(&r["profissional"])];
            let expected = f64::from(missed) / f64::from(all);
            assert!(
                (number(&r["faltas"]) - expected).abs() < 1e-9,
                "{db:?}: question 9: {r}: {missed}/{all}"
            );
        }
        let got: BTreeSet<String> = at(10).iter().map(|r| text(&r["id"])).collect();
        assert_eq!(got, deleted, "{db:?}: question 10");
    }
}

/// The guide's ten finance questions, as printed there, run on a mirror file: each answers what its
/// title says, recomputed from the CSV exports with the definition under it.
#[test]
fn the_guides_ten_questions_run_and_mean_what_they_say() {
    let dest = Dest::file();
    ten_questions_on(std::slice::from_ref(&dest.to));
}

/// The guide's ten questions in their PostgreSQL spelling, on a PostgreSQL mirror fed beside a file
/// from the same runs: both answer as the CSV exports say, so PostgreSQL answers as SQLite does.
#[test]
fn the_guides_ten_questions_in_postgres_answer_as_in_sqlite() {
    let Some(pg) = Dest::postgres(
        "the_guides_ten_questions_in_postgres_answer_as_in_sqlite",
        "ten_questions_w64",
    ) else {
        return;
    };
    let file = Dest::file();
    ten_questions_on(&[file.to.clone(), pg.to.clone()]);
}

/// `_status_history` gives each quote's statuses by run, from the change log: the status it was
/// first seen with up to the run that changed it, each later one from the run that set it. `clinic
/// sql --schema` lists it.
fn status_history_in(dest: &Dest) {
    let env = Env::scale(300);
    sync(&env, &dest.to, &["--streams", "quotes"]);
    let first = csv_export(&env, FICHA_ALL);
    let pending = first.iter().find(|q| q["status"] == "Pendente").unwrap();
    let (id, clinic) = (&pending["id"], &pending["clinica"]);
    env.edit_quotes(&format!("status={id}:Aprovado"));
    sync(&env, &dest.to, &["--streams", "quotes"]);
    sync(&env, &dest.to, &["--streams", "quotes"]);
    env.edit_quotes(&format!("status={id}:Cancelado"));
    sync(&env, &dest.to, &["--streams", "quotes"]);
    let query = format!(
        "SELECT status, from_run, to_run FROM _status_history \
         WHERE stream = 'quotes' AND clinic = {clinic} AND id = {id} ORDER BY from_run NULLS FIRST"
    );
    let expected = serde_json::json!([
        {"status": "Pendente", "from_run": null, "to_run": 2},
        {"status": "Aprovado", "from_run": 2, "to_run": 4},
        {"status": "Cancelado", "from_run": 4, "to_run": null},
    ]);
    assert_eq!(Value::Array(sql(&env, &dest.to, &query)), expected);
    // Only the changed quote has a history.
    let n = sql(&env, &dest.to, "SELECT COUNT(*) AS n FROM _status_history");
    assert_eq!(n[0]["n"], 3, "{n:?}");
    let schema = read(&env, &dest.to, &["--schema", "--format", "csv"]);
    let schema = String::from_utf8(schema.stdout).unwrap();
    for column in ["stream", "clinic", "id", "status", "from_run", "to_run"] {
        assert!(
            schema.contains(&format!("_status_history,{column},")),
            "{column}: {schema}"
        );
    }
    // Masked: a file's authorizer sees the view read the change log's values, and refuses it;
    // PostgreSQL reads a view as a table, whose columns hold no personal data.
    let masked = read(
        &env,
        &dest.to,
        &["--mask-personal", "--format", "json", &query],
    );
    if dest.integer == "INTEGER" {
        assert_eq!(masked.status.code(), Some(2), "{}", stderr(&masked));
        assert!(
            stderr(&masked).contains("it reads _changes.old"),
            "{}",
            stderr(&masked)
        );
    } else {
        assert!(masked.status.success(), "{}", stderr(&masked));
        assert_eq!(stdout_json(&masked), expected);
    }
    let refused = read(
        &env,
        &dest.to,
        &["--mask-personal", "SELECT new FROM _changes"],
    );
    assert_eq!(refused.status.code(), Some(2), "{}", stderr(&refused));
}

#[test]
fn the_status_history_view_gives_each_quotes_statuses_by_run() {
    status_history_in(&Dest::file());
}

#[test]
fn the_status_history_view_in_postgres_gives_each_quotes_statuses_by_run() {
    let Some(dest) = Dest::postgres(
        "the_status_history_view_in_postgres_gives_each_quotes_statuses_by_run",
        "status_history_w64",
    ) else {
        return;
    };
    status_history_in(&dest);
}

/// The columns a BI tool reads through ODBC, one row a quote, and the sums it makes.
const ODBC_ROWS: &str = "SELECT _clinic, id, _hash, valor, valor_centavos, data, _first_seen FROM quotes \
     ORDER BY _clinic, id";
const ODBC_SUMS: &str = "SELECT SUM(valor_centavos) AS c, SUM(valor_centavos) * 100000 AS big, \
     SUM(valor) AS m FROM quotes";

/// `clinic sql`'s answer to `query` as CSV rows, the header left out.
fn csv_rows(env: &Env, db: impl AsRef<OsStr>, query: &str) -> Vec<Vec<String>> {
    let out = read(env, db, &["--format", "csv", query]);
    assert!(out.status.success(), "{query}: {}", stderr(&out));
    csv::Reader::from_reader(&out.stdout[..])
        .records()
        .map(|r| r.unwrap().iter().map(str::to_string).collect())
        .collect()
}

/// A mirror file read through unixODBC and Debian's SQLite ODBC driver, as Excel, Power BI and
/// LibreOffice read it: with the guide's `BigInt=1`, the integers are 64-bit (`_hash`, a sum past
/// 2^31), money is a number, and every value, date and time comes through as `clinic sql` gives it.
/// Without it the driver declares them 32-bit, which is why the guide says to set it.
#[test]
fn odbc_reads_a_mirror_file_exactly_with_bigint() {
    let Some(odbc) = odbc("odbc_reads_a_mirror_file_exactly_with_bigint") else {
        return;
    };
    let env = Env::scale(300);
    let dest = Dest::file();
    sync(&env, &dest.to, &["--streams", "quotes"]);
    let file = dest.to.to_string_lossy();
    let dsn = format!("Driver = SQLite3\nDatabase = {file}\nBigInt = 1");
    // SQLColumns: each column's ODBC type (-5 BIGINT, 4 INTEGER, 8 DOUBLE, 9 DATE, 11 TIMESTAMP).
    let types = |dsn: &str| -> std::collections::BTreeMap<String, String> {
        odbc.query(dsn, "help quotes")
            .into_iter()
            .filter(|r| r.len() > 4)
            .map(|r| (r[3].clone(), r[4].clone()))
            .collect()
    };
    let typed = types(&dsn);
    for (column, odbc_type) in [
        ("_hash", "-5"),
        ("valor_centavos", "-5"),
        ("valor", "8"),
        ("data", "9"),
        ("_first_seen", "11"),
    ] {
        assert_eq!(typed[column], odbc_type, "{column}: {typed:?}");
    }
    let plain = types(&format!("Driver = SQLite3\nDatabase = {file}"));
    assert_eq!(plain["_hash"], "4", "{plain:?}");
    let through = odbc.query(&dsn, ODBC_ROWS);
    let expected = csv_rows(&env, &dest.to, ODBC_ROWS);
    assert_eq!(through.len(), expected.len());
    assert!(
        expected
            .iter()
            .any(|r| r[2].parse::<i64>().unwrap().abs() > 1 << 40)
    );
    for (got, want) in through.iter().zip(&expected) {
        // Money as the driver writes a double (`910.8`), the same amount as `910.80`.
        assert_eq!(centavos(&got[3]), centavos(&want[3]), "{got:?} {want:?}");
        let (mut got, mut want) = (got.clone(), want.clone());
        got.remove(3);
        want.remove(3);
        assert_eq!(got, want);
    }
    let sums = odbc.query(&dsn, ODBC_SUMS);
    let want = csv_rows(&env, &dest.to, ODBC_SUMS);
    assert!(
        want[0][1].parse::<i64>().unwrap() > i64::from(i32::MAX),
        "{want:?}"
    );
    assert_eq!(sums[0][..2], want[0][..2]);
    assert_eq!(centavos(&sums[0][2]), want[0][0].parse::<i64>().unwrap());
}

/// A PostgreSQL mirror read through psqlODBC: `int8`, `numeric` money (exact, with its two
/// decimals), dates and times come through as `clinic sql` gives them, sums included.
#[test]
fn odbc_reads_a_postgres_mirror_exactly_through_psqlodbc() {
    let test = "odbc_reads_a_postgres_mirror_exactly_through_psqlodbc";
    let Some(odbc) = odbc(test) else {
        return;
    };
    let Some(url) = postgres_database(test, "odbc_w64") else {
        return;
    };
    let env = Env::scale(300);
    sync(&env, &url, &["--streams", "quotes"]);
    let parsed = reqwest::Url::parse(&url).unwrap();
    // The session in UTC, so that a time is written as `clinic sql`'s, brought to UTC.
    let dsn = format!(
        "Driver = PostgreSQL Unicode\nServername = {}\nPort = {}\nDatabase = {}\nUsername = {}\n\
         ConnSettings = SET TIME ZONE 'UTC'",
        parsed.host_str().unwrap(),
        parsed.port().unwrap_or(5432),
        parsed.path().trim_start_matches('/'),
        parsed.username(),
    );
    let through = odbc.query(&dsn, ODBC_ROWS);
    let expected = csv_rows(&env, &url, ODBC_ROWS);
    assert_eq!(through.len(), expected.len());
    assert!(!expected.is_empty());
    for (got, want) in through.iter().zip(&expected) {
        assert_eq!(got[..6], want[..6], "{got:?} {want:?}");
        let utc = chrono::DateTime::parse_from_rfc3339(&want[6])
            .unwrap_or_else(|e| panic!("{}: {e}", want[6]))
            .with_timezone(&chrono::Utc)
            .format("%Y-%m-%d %H:%M:%S")
            .to_string();
        assert!(got[6].starts_with(&utc), "{got:?} {want:?}");
    }
    let sums = odbc.query(&dsn, ODBC_SUMS);
    let want = csv_rows(&env, &url, ODBC_SUMS);
    assert!(
        want[0][1].parse::<i64>().unwrap() > i64::from(i32::MAX),
        "{want:?}"
    );
    assert_eq!(sums[0], want[0]);
}

/// A mirror file whose money an earlier version declared `DECIMAL(18,2)` (which the SQLite ODBC
/// driver reports as text) still prints it as money, and the next sync declares it `NUMERIC(18,2)`,
/// every amount kept.
#[test]
fn a_mirror_of_decimal_money_is_declared_numeric_by_the_next_sync() {
    let env = Env::scale(200);
    let dest = Dest::file();
    sync(&env, &dest.to, &["--streams", "quotes"]);
    let sums = "SELECT SUM(valor_centavos) AS c, COUNT(*) AS n, \
                SUM(CAST(round(valor * 100) AS INTEGER) = valor_centavos) AS same FROM quotes";
    let before = sql(&env, &dest.to, sums);
    {
        // As an earlier version declared it.
        let conn = rusqlite::Connection::open(Path::new(&dest.to)).unwrap();
        let version: i64 = conn
            .query_row("PRAGMA schema_version", [], |r| r.get(0))
            .unwrap();
        conn.execute_batch(&format!(
            "PRAGMA writable_schema = ON; \
             UPDATE sqlite_schema SET sql = replace(sql, 'NUMERIC(18,2)', 'DECIMAL(18,2)') \
             WHERE type = 'table' AND name = 'quotes'; \
             PRAGMA writable_schema = OFF; PRAGMA schema_version = {};",
            version + 1
        ))
        .unwrap();
    }
    let schema = |env: &Env| {
        String::from_utf8(read(env, &dest.to, &["--schema", "--format", "csv"]).stdout).unwrap()
    };
    assert!(schema(&env).contains("quotes,valor,\"DECIMAL(18,2)\",0"));
    let money = csv_rows(
        &env,
        &dest.to,
        "SELECT valor FROM quotes WHERE valor_centavos % 10 = 0 AND valor_centavos % 100 <> 0 LIMIT 1",
    );
    assert!(
        money[0][0].ends_with('0') && money[0][0].contains('.'),
        "{money:?}"
    );
    sync(&env, &dest.to, &["--streams", "quotes"]);
    let after = schema(&env);
    assert!(
        after.contains("quotes,valor,\"NUMERIC(18,2)\",0"),
        "{after}"
    );
    assert!(
        after.contains("quotes,valor_original,\"NUMERIC(18,2)\",0"),
        "{after}"
    );
    assert_eq!(sql(&env, &dest.to, sums), before);
    assert_eq!(before[0]["same"], before[0]["n"], "{before:?}");
}

/// A PostgreSQL database published by an earlier version, where money, the mirror's own times and
/// `_changes.id` were text, has them converted by the next publication, every value kept.
#[test]
fn a_postgres_mirror_of_text_money_and_times_is_upgraded_by_the_next_publication() {
    let test = "a_postgres_mirror_of_text_money_and_times_is_upgraded_by_the_next_publication";
    let Some(url) = postgres_database(test, "upgraded_w55") else {
        return;
    };
    let env = Env::scale(300);
    sync(&env, &url, &["--streams", "quotes"]);
    env.edit_quotes("change=1");
    sync(&env, &url, &["--streams", "quotes"]);
    let before = sql(
        &env,
        &url,
        "SELECT SUM(valor_centavos) AS s, COUNT(*) AS n FROM quotes",
    );
    // As an earlier version left them.
    postgres_run(
        test,
        &url,
        &[
            "ALTER TABLE quotes ALTER COLUMN valor TYPE text USING to_char(valor, 'FM999999999990.00'), \
             ALTER COLUMN _first_seen TYPE text, ALTER COLUMN _deleted_at TYPE text"
                .to_string(),
            // An earlier version made no view over the change log.
            "DROP VIEW _status_history".to_string(),
            "ALTER TABLE _changes ALTER COLUMN id TYPE text".to_string(),
            "ALTER TABLE _runs ALTER COLUMN started_at TYPE text".to_string(),
        ],
    );
    env.edit_quotes("change=2");
    sync(&env, &url, &["--streams", "quotes"]);
    let schema = read(&env, &url, &["--schema", "--format", "csv"]);
    let schema = String::from_utf8(schema.stdout).unwrap();
    for column in [
        "_status_history,id,BIGINT,0",
        "quotes,valor,NUMERIC,0",
        "quotes,_first_seen,TIMESTAMP WITH TIME ZONE,0",
        "quotes,_deleted_at,TIMESTAMP WITH TIME ZONE,0",
        "_changes,id,BIGINT,0",
        "_runs,started_at,TIMESTAMP WITH TIME ZONE,0",
    ] {
        assert!(schema.contains(column), "{column}: {schema}");
    }
    let after = sql(
        &env,
        &url,
        "SELECT SUM(valor_centavos) AS s, COUNT(*) AS n, \
         SUM(CASE WHEN valor * 100 = valor_centavos THEN 1 ELSE 0 END) AS same FROM quotes",
    );
    assert_eq!(after[0]["n"], before[0]["n"]);
    assert_eq!(after[0]["same"], after[0]["n"], "{after:?}");
    let joined = sql(
        &env,
        &url,
        "SELECT COUNT(*) AS n FROM _changes c JOIN quotes q ON q._clinic = c.clinic AND q.id = c.id",
    );
    assert!(joined[0]["n"].as_i64().unwrap() >= 2, "{joined:?}");
}

/// A role that logs in but may not create the mirror's tables is refused before the service is asked
/// anything (exit 3), with the grant that lets it.
#[test]
fn a_postgres_role_that_may_not_create_tables_ends_the_sync_before_the_service_is_asked() {
    let test =
        "a_postgres_role_that_may_not_create_tables_ends_the_sync_before_the_service_is_asked";
    let Some(url) = postgres_database(test, "no_create_w55") else {
        return;
    };
    let env = Env::scale(100);
    env.clear_journal();
    let out = env
        .admin()
        .env("CLINIC_CREDENTIAL_STORE", "file")
        .env("PGPASSWORD", POSTGRES_READER_PASSWORD)
        .args([
            "sync",
            "--streams",
            "quotes",
            "--to",
            &postgres_as_reader(&url),
        ])
        .args(EVERY_CLINIC)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(3), "{}", stderr(&out));
    assert!(
        stderr(&out).contains("may not create tables in the schema \"public\""),
        "{}",
        stderr(&out)
    );
    assert!(
        stderr(&out).contains("GRANT CREATE ON SCHEMA public TO"),
        "{}",
        stderr(&out)
    );
    assert_eq!(env.sent(), Vec::<Value>::new());
}

/// A deployment that reads the modified-since filter's day in UTC (`--filter-zone utc`): the sync
/// after a first one asks from the earlier (São Paulo) day, and a quote changed on the evening
/// before it comes all the same, which only a UTC reading admits. That is learned and remembered,
/// the next sync asks from the point's UTC day, and no sync loses a change or calls the filter
/// ignored.
#[test]
fn a_filter_read_in_utc_is_learned_by_sync_and_asked_in_utc() {
    let env = Env::with(Options {
        scale: 300,
        time_stamps: clinic_sandbox::TimeStamps::Z,
        filter_zone: clinic_sandbox::FilterZone::Utc,
        ..Options::ephemeral()
    });
    // `days` days before today in São Paulo, at 22:30 there: 01:30 of the next day in UTC.
    let evening = |days: i64| {
        let today = (chrono::Utc::now() - chrono::Duration::hours(3)).date_naive();
        (today - chrono::Duration::days(days))
            .and_hms_opt(22, 30, 0)
            .unwrap()
            .format("%Y-%m-%dT%H:%M:%S")
            .to_string()
    };
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("mirror.sqlite");
    env.edit_quotes(&format!("change=2&at={}", evening(5)));
    env.edit_quotes(&format!("change=3&at={}", evening(4)));
    let first = sync(&env, &db, &["--streams", "quotes"]);
    assert!(first.contains("run 1: quotes 300 new"), "{first}");
    env.edit_quotes(&format!("change=4&at={}", evening(3)));
    env.clear_journal();
    let second = sync(&env, &db, &["--streams", "quotes"]);
    assert!(
        second.contains("run 2: quotes 0 new, 1 changed"),
        "{second}"
    );
    assert!(
        second.contains("remembered as filter_zone = utc"),
        "{second}"
    );
    assert!(
        !second.contains("ignores the modified-since filter"),
        "{second}"
    );
    let asked = |env: &Env| -> Vec<String> {
        env.sent()
            .iter()
            .flat_map(query_of)
            .filter(|(k, _)| k == "modificado_em_de")
            .map(|(_, v)| v)
            .collect()
    };
    assert!(asked(&env).contains(&evening(4)[..10].to_string()));
    env.edit_quotes(&format!("change=6&at={}", evening(2)));
    env.clear_journal();
    let third = sync(&env, &db, &["--streams", "quotes"]);
    assert!(third.contains("run 3: quotes 0 new, 1 changed"), "{third}");
    assert!(!third.contains("filter_zone"), "said once: {third}");
    let days = asked(&env);
    assert!(days.contains(&evening(2)[..10].to_string()), "{days:?}");
    assert!(!days.contains(&evening(3)[..10].to_string()), "{days:?}");
    let written_as_served: Vec<(u64, String, String)> = exported(&env)
        .into_iter()
        .map(|(id, valor, at)| (id, valor, at.replacen('T', " ", 1)))
        .collect();
    same(&mirrored(&env, &db), &written_as_served, "the service");
}

/// `clinic sync changes --format csv` of the last run, as its bytes.
fn last_changes_csv(env: &Env, db: impl AsRef<OsStr>) -> String {
    let out = env.run_as(
        "admin",
        &["sync", "changes", "--format", "csv", "--to", arg(&db)],
    );
    assert!(out.status.success(), "{}", stderr(&out));
    String::from_utf8(out.stdout).unwrap()
}

/// The rows the mirror holds for quote `id` (tombstoned or not), and its procedures' rows, by clinic.
fn rows_of(env: &Env, db: impl AsRef<OsStr>, id: &str) -> (Vec<Value>, Vec<Value>) {
    let db = db.as_ref();
    let quotes = sql(
        env,
        db,
        &format!(
            "SELECT _clinic, id, _first_run, CASE WHEN _deleted_at IS NULL THEN 1 ELSE 0 END AS live, \
             clinica FROM quotes \
             WHERE id = {id} ORDER BY _clinic"
        ),
    );
    let procedures = sql(
        env,
        db,
        &format!(
            "SELECT _clinic, COUNT(*) AS n FROM quotes__procedimentos WHERE _parent = {id} \
             GROUP BY _clinic ORDER BY _clinic"
        ),
    );
    (quotes, procedures)
}

/// A quote that moves from one clinic to another, seen by an incremental run (only the new clinic's
/// walk lists it) and by full runs (the old clinic walked before the new one, and after it), is one
/// change of clinic: a `moved` change and the fields that changed, no tombstone, nothing new; the
/// mirror holds it once, under its new clinic, with its lists; its status history goes on across the
/// move; and the PostgreSQL database drops the row under the old clinic.
fn moves_between_clinics(dest: &Dest) {
    let db = dest.to.as_os_str();
    let env = Env::scale(300);
    let said = sync(&env, db, &["--streams", "quotes,references"]);
    assert!(said.contains("run 1: quotes 300 new"), "{said}");
    // The first run walked every clinic whole and met no ID twice: IDs name a quote in the
    // whole service.
    assert_eq!(
        sql(&env, db, "SELECT ids FROM _tables WHERE tbl = 'quotes'"),
        [serde_json::json!({"ids": "service"})]
    );
    let first = csv_export(&env, FICHA_ALL);
    let in_clinic = |clinic: &str, status: &str| -> std::collections::HashMap<String, String> {
        first
            .iter()
            .find(|q| q["clinica"] == clinic && q["status"] == status)
            .cloned()
            .unwrap()
    };
    let quote = in_clinic("1", "Pendente");
    let id = quote["id"].clone();
    let unit = |clinic: &str| {
        first
            .iter()
            .find(|q| q["clinica"] == clinic)
            .map(|q| q["unidade"].clone())
            .unwrap()
    };

    // Approved in clinic 1.
    env.edit_quotes(&format!("status={id}:Aprovado"));
    sync(&env, db, &["--streams", "quotes"]);

    // Moved to clinic 2 (a second later, so that its modification time is another):
    // clinic 1's incremental walk no longer lists it, clinic 2's does.
    let old_modified = sql(
        &env,
        db,
        &format!("SELECT modificado_em FROM quotes WHERE id = {id}"),
    )[0]["modificado_em"]
        .as_str()
        .unwrap()
        .replacen('T', " ", 1);
    std::thread::sleep(Duration::from_millis(1100));
    env.edit_quotes(&format!("move={id}:2"));
    let moved = csv_export(&env, FICHA_ALL);
    let modified = moved.iter().find(|q| q["id"] == id).unwrap()["modificado_em"].clone();
    let said = sync(&env, db, &["--streams", "quotes"]);
    assert!(
        said.contains("run 3: quotes 0 new, 1 changed, 0 vanished"),
        "{said}"
    );
    let expected = format!(
        "run,stream,clinic,id,change,field,old,new\n\
         3,quotes,2,{id},moved,_clinic,1,2\n\
         3,quotes,2,{id},changed,clinica,1,2\n\
         3,quotes,2,{id},changed,unidade,{u1},{u2}\n\
         3,quotes,2,{id},changed,modificado_em,{old},{modified}\n",
        u1 = unit("1"),
        u2 = unit("2"),
        old = old_modified,
    );
    assert_eq!(last_changes_csv(&env, db), expected);
    let (quotes, procedures) = rows_of(&env, db, &id);
    assert_eq!(
        quotes,
        [
            serde_json::json!({"_clinic": 2, "id": id.parse::<u64>().unwrap(), "_first_run": 1, "live": 1, "clinica": 2})
        ],
    );
    assert_eq!(procedures.len(), 1, "{procedures:?}");
    assert_eq!(procedures[0]["_clinic"], 2, "{procedures:?}");
    assert_eq!(
        sql(&env, db, "SELECT COUNT(*) AS n FROM quotes")[0]["n"],
        300
    );

    // Cancelled in clinic 2: its statuses by run go on across the move, under its clinic now.
    env.edit_quotes(&format!("status={id}:Cancelado"));
    sync(&env, db, &["--streams", "quotes"]);
    let history = sql(
        &env,
        db,
        &format!(
            "SELECT clinic, status, from_run, to_run FROM _status_history \
             WHERE stream = 'quotes' AND id = {id} ORDER BY from_run NULLS FIRST"
        ),
    );
    assert_eq!(
        Value::Array(history),
        serde_json::json!([
            {"clinic": 2, "status": "Pendente", "from_run": null, "to_run": 2},
            {"clinic": 2, "status": "Aprovado", "from_run": 2, "to_run": 4},
            {"clinic": 2, "status": "Cancelado", "from_run": 4, "to_run": null},
        ])
    );

    // Full runs: one quote moves to a clinic walked before its own (3 to 1), another to one walked
    // after it (1 to 4, where clinic 1's whole walk tombstones it first): two changes of clinic,
    // nothing vanished, nothing new.
    let early = in_clinic("3", "Pendente")["id"].clone();
    let late = first
        .iter()
        .find(|q| q["clinica"] == "1" && q["id"] != id)
        .unwrap()["id"]
        .clone();
    env.edit_quotes(&format!("move={early}:1,{late}:4"));
    let said = sync(&env, db, &["--streams", "quotes", "--full"]);
    assert!(
        said.contains("run 5: quotes 0 new, 2 changed, 0 vanished"),
        "{said}"
    );
    let changes = last_changes_csv(&env, db);
    let moved: Vec<&str> = changes.lines().filter(|l| l.contains(",moved,")).collect();
    assert_eq!(
        moved,
        [
            format!("5,quotes,1,{early},moved,_clinic,3,1"),
            format!("5,quotes,4,{late},moved,_clinic,1,4"),
        ],
        "{changes}"
    );
    assert!(
        !changes.contains(",vanished,") && !changes.contains(",new,"),
        "{changes}"
    );
    for (quote, clinic) in [(&early, 1), (&late, 4)] {
        let (quotes, procedures) = rows_of(&env, db, quote);
        assert_eq!(quotes.len(), 1, "{quotes:?}");
        assert_eq!(quotes[0]["_clinic"], clinic, "{quotes:?}");
        assert_eq!(quotes[0]["live"], 1, "{quotes:?}");
        assert!(
            procedures.iter().all(|p| p["_clinic"] == clinic),
            "{procedures:?}"
        );
    }
    let runs = sql(
        &env,
        db,
        "SELECT vanished, changed FROM _runs WHERE run = 5",
    );
    assert_eq!(runs[0]["vanished"], 0, "{runs:?}");
    same(&mirrored(&env, db), &exported(&env), "the service");

    // A full run with nothing moved: nothing changes.
    let said = sync(&env, db, &["--streams", "quotes", "--full"]);
    assert!(
        said.contains("run 6: quotes 0 new, 0 changed, 0 vanished"),
        "{said}"
    );
}

#[test]
fn a_quote_that_moves_between_clinics_is_one_change_of_clinic() {
    moves_between_clinics(&Dest::file());
}

#[test]
fn a_quote_that_moves_between_clinics_is_one_change_of_clinic_in_postgres() {
    let Some(dest) = Dest::postgres(
        "a_quote_that_moves_between_clinics_is_one_change_of_clinic_in_postgres",
        "moves_w65",
    ) else {
        return;
    };
    moves_between_clinics(&dest);
}

/// The same IDs listed by several clinics in one run are several records: the mirror learns that
/// the deployment numbers its records per clinic, keeps one row per clinic and ID, and never takes
/// a record of one clinic for one that moved from another.
#[test]
fn ids_listed_by_two_clinics_in_one_run_are_two_records_and_never_move() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("mirror.sqlite");
    let records = [
        r#"{"id": 1, "valor": "10.00", "modificado_em": "2024-05-01 10:00:00"}"#,
        r#"{"id": 2, "valor": "20.00", "modificado_em": "2024-05-01 10:00:00"}"#,
    ];
    for _ in 0..2 {
        let out = sync_served(&records, "all", &db);
        assert!(out.status.success(), "{}", stderr(&out));
    }
    let conn = rusqlite::Connection::open(&db).unwrap();
    let ids: String = conn
        .query_row("SELECT ids FROM _tables WHERE tbl = 'quotes'", [], |r| {
            r.get(0)
        })
        .unwrap();
    assert_eq!(ids, "per-clinic");
    let rows: i64 = conn
        .query_row(
            "SELECT COUNT(*) FROM quotes WHERE _deleted_at IS NULL",
            [],
            |r| r.get(0),
        )
        .unwrap();
    let clinics: i64 = conn
        .query_row("SELECT COUNT(DISTINCT _clinic) FROM quotes", [], |r| {
            r.get(0)
        })
        .unwrap();
    assert!(clinics >= 2, "{clinics}");
    assert_eq!(rows, 2 * clinics);
    let logged: i64 = conn
        .query_row("SELECT COUNT(*) FROM _changes", [], |r| r.get(0))
        .unwrap();
    assert_eq!(logged, 0);
}
