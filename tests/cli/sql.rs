//! `clinic sql` on a mirror file: only what SQLite itself says only reads runs, a query is bounded in
//! time and in the length of its values, and with personal data masked a query may not read a
//! personal column, whatever it calls the result. On a PostgreSQL mirror (the tests named
//! `postgres`): one query returning rows, functions from an allow-list, a role without the server's
//! powers, the time limit and Ctrl-C enforced on the server itself.

use std::path::{Path, PathBuf};
use std::process::Stdio;
use std::time::{Duration, Instant};

use crate::common::*;

/// A query that never ends and never gives a row.
const FOREVER: &str =
    "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n) SELECT i FROM n WHERE i < 0";

/// A mirror file with one contact, in a folder of the test's own.
fn mirror() -> (tempfile::TempDir, PathBuf) {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("mirror.sqlite");
    let conn = rusqlite::Connection::open(&db).unwrap();
    conn.execute_batch(
        "CREATE TABLE contacts (_clinic INTEGER, id INTEGER, nome TEXT, telefone TEXT, \
         email TEXT, data_nascimento DATE);
         INSERT INTO contacts VALUES (1, 7, 'Ana Souza', '16992640197', 'ana@example.com', \
         '1990-04-23');",
    )
    .unwrap();
    (dir, db)
}

fn contacts_left(db: &Path) -> i64 {
    let conn = rusqlite::Connection::open(db).unwrap();
    conn.query_row("SELECT COUNT(*) FROM contacts", [], |r| r.get(0))
        .unwrap()
}

/// `clinic sql --to DB ARGS… QUERY`.
fn sql(env: &Env, db: &Path, args: &[&str], query: &str) -> std::process::Output {
    env.run(&[&["sql", "--to", arg(db)][..], args, &[query]].concat())
}

#[test]
fn sql_refuses_what_sqlite_says_does_more_than_read() {
    let env = Env::new();
    let (dir, db) = mirror();
    let copy = dir.path().join("copy.sqlite");
    let copy_sql = copy.display().to_string().replace('\'', "''");
    for (query, said) in [
        (
            format!("VACUUM INTO '{copy_sql}'"),
            "SQLite says it does more than read",
        ),
        (format!("ATTACH '{copy_sql}' AS other"), "ATTACH"),
        (
            "INSERT INTO contacts (id) VALUES (8)".into(),
            "it would change the database (INSERT contacts)",
        ),
        (
            "DELETE FROM contacts".into(),
            "it would change the database (DELETE contacts)",
        ),
        (
            "PRAGMA writable_schema=1".into(),
            "PRAGMA writable_schema is not one that only describes",
        ),
        (
            "SELECT load_extension('/tmp/nothing')".into(),
            "the function load_extension() reaches files",
        ),
        ("BEGIN".into(), "transaction control"),
    ] {
        let out = sql(&env, &db, &[], &query);
        assert_eq!(out.status.code(), Some(2), "{query}: {}", stderr(&out));
        assert!(
            stderr(&out).contains(said),
            "{query}: {said}: {}",
            stderr(&out)
        );
        assert!(out.stdout.is_empty(), "{query}");
        assert!(!copy.exists(), "{query} wrote {}", copy.display());
    }
    assert_eq!(contacts_left(&db), 1);
    // Reading stays as it was, the schema listing too.
    let out = sql(
        &env,
        &db,
        &["--format", "json"],
        "SELECT nome FROM contacts",
    );
    assert_eq!(
        stdout_json(&out),
        serde_json::json!([{"nome": "Ana Souza"}])
    );
    let out = env.run(&["sql", "--schema", "--format", "csv", "--to", arg(&db)]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(String::from_utf8_lossy(&out.stdout).contains("data_nascimento"));
}

#[test]
fn sql_stops_a_query_at_its_timeout_and_refuses_a_huge_value() {
    let env = Env::new();
    let (_dir, db) = mirror();
    let started = Instant::now();
    let out = sql(&env, &db, &["--timeout", "1"], FOREVER);
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    assert!(
        stderr(&out).contains("the query was stopped after 1s (--timeout)"),
        "{}",
        stderr(&out)
    );
    assert!(started.elapsed() < Duration::from_secs(30));
    // 700 MB asked of SQLite fails with a message, not an abort.
    let out = sql(&env, &db, &[], "SELECT length(zeroblob(700000000)) AS n");
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    assert!(stderr(&out).contains("passes 64 MiB"), "{}", stderr(&out));
}

/// Ctrl-C stops a query that is running, as it stops every command.
#[cfg(unix)]
#[test]
fn sql_is_stopped_by_ctrl_c_while_a_query_runs() {
    let env = Env::new();
    let (_dir, db) = mirror();
    let mut child = process_for(env.config.path(), env.sandbox.urls())
        .args(["sql", "--to", arg(&db), FOREVER])
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    // Long enough for the run to listen for signals and be inside the query.
    std::thread::sleep(Duration::from_millis(1500));
    assert_eq!(interrupted(&mut child), Some(130));
}

/// With personal data masked (what `clinic mcp` asks), a query that reads a personal column is
/// refused by the column's name, whatever the result is called; nothing of the value is said.
/// Unmasked, the same queries answer.
#[test]
fn sql_with_personal_data_masked_refuses_reading_a_personal_column() {
    let env = Env::new();
    let (_dir, db) = mirror();
    for (query, column, unmasked) in [
        (
            "SELECT strftime('%Y', data_nascimento) AS x FROM contacts",
            "contacts.data_nascimento",
            "1990",
        ),
        (
            "SELECT hex(email) AS x FROM contacts",
            "contacts.email",
            "616E61406578616D706C652E636F6D",
        ),
        (
            "SELECT substr(CAST(telefone AS TEXT), 3) AS x FROM contacts",
            "contacts.telefone",
            "992640197",
        ),
        (
            "SELECT email FROM contacts",
            "contacts.email",
            "ana@example.com",
        ),
    ] {
        let out = sql(&env, &db, &["--mask-personal", "--format", "json"], query);
        assert_eq!(out.status.code(), Some(2), "{query}: {}", stderr(&out));
        let said = stderr(&out);
        assert!(
            said.contains(&format!("it reads {column}, a column of personal data")),
            "{query}: {said}"
        );
        assert!(!said.contains(unmasked), "{query}: {said}");
        assert!(out.stdout.is_empty(), "{query}");

        let out = sql(&env, &db, &["--format", "json"], query);
        assert!(out.status.success(), "{query}: {}", stderr(&out));
        let row = &stdout_json(&out)[0];
        let value = row.get("x").unwrap_or(&row["email"]);
        assert_eq!(value.as_str(), Some(unmasked), "{query}");
    }
    let out = sql(
        &env,
        &db,
        &["--mask-personal", "--format", "json"],
        "SELECT nome, COUNT(*) AS n FROM contacts GROUP BY nome",
    );
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(
        stdout_json(&out),
        serde_json::json!([{"nome": "Ana Souza", "n": 1}])
    );
}

/// A deployment's own spellings of personal fields are personal columns too: camelCase,
/// abbreviations, prefixes and suffixes. And an error of the engine never quotes a value while
/// personal data is masked: a column no name marks as personal (`dn`) that holds a birth date is
/// named in the message, its value is not.
#[test]
fn sql_with_personal_data_masked_knows_a_deployments_spellings_and_quotes_no_value() {
    let env = Env::new();
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("mirror.sqlite");
    let conn = rusqlite::Connection::open(&db).unwrap();
    conn.execute_batch(
        "CREATE TABLE contacts (_clinic INTEGER, id INTEGER, id_cliente INTEGER, cliente TEXT, \
         dataNascimento TEXT, dt_nasc TEXT, aniversario TEXT, cpfCliente TEXT, \
         celular_whats TEXT, dn TEXT);
         INSERT INTO contacts VALUES (1, 7, 70, 'Ana Souza', '1985-02-03', '03/02/1985', \
         '03/02', '529.982.247-25', '(16) 99264-0197', '03/02/1985');",
    )
    .unwrap();
    drop(conn);
    for (column, unmasked) in [
        ("dataNascimento", "1985"),
        ("dt_nasc", "1985"),
        ("aniversario", "03/02"),
        ("cpfCliente", "529"),
        ("celular_whats", "99264"),
    ] {
        let query = format!("SELECT upper({column}) AS x FROM contacts");
        let out = sql(&env, &db, &["--mask-personal", "--format", "json"], &query);
        assert_eq!(out.status.code(), Some(2), "{query}: {}", stderr(&out));
        let said = stderr(&out);
        assert!(
            said.contains(&format!(
                "it reads contacts.{column}, a column of personal data"
            )),
            "{query}: {said}"
        );
        assert!(!said.contains(unmasked), "{query}: {said}");
        let out = sql(&env, &db, &["--format", "json"], &query);
        assert!(out.status.success(), "{query}: {}", stderr(&out));
        assert!(
            stdout_json(&out)[0]["x"]
                .as_str()
                .is_some_and(|x| x.contains(unmasked)),
            "{query}"
        );
    }
    let out = sql(
        &env,
        &db,
        &["--mask-personal", "--format", "json"],
        "SELECT id, id_cliente, cliente FROM contacts",
    );
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(
        stdout_json(&out),
        serde_json::json!([{"id": 7, "id_cliente": 70, "cliente": "Ana Souza"}])
    );
    // The engine quotes the value it choked on; masked, the message keeps what the query names.
    let query = "SELECT json_extract('{}', dn) AS x FROM contacts";
    let out = sql(&env, &db, &["--mask-personal", "--format", "json"], query);
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    let said = stderr(&out);
    assert!(!said.contains("1985"), "{said}");
    assert!(
        said.contains("JSON path") && said.contains("'****'"),
        "{said}"
    );
    let out = sql(&env, &db, &["--format", "json"], query);
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    assert!(stderr(&out).contains("'03/02/1985'"), "{}", stderr(&out));
}

/// A PostgreSQL database of the test's own with three quotes and one contact, created by the test
/// server's role; `None` skips the test.
fn postgres_mirror(test: &str, name: &str) -> Option<String> {
    let url = postgres_database(test, name)?;
    postgres_run(
        test,
        &url,
        &[
            "CREATE TABLE quotes (_clinic BIGINT, id BIGINT, valor TEXT, status TEXT)".into(),
            "INSERT INTO quotes SELECT 1, i, '10.00', 'Aprovado' FROM generate_series(1, 3) i"
                .into(),
            "CREATE TABLE contacts (_clinic BIGINT, id BIGINT, nome TEXT, telefone TEXT, \
             email TEXT)"
                .into(),
            "INSERT INTO contacts VALUES (1, 7, 'Ana Souza', '16992640197', 'ana@example.com')"
                .into(),
        ],
    );
    Some(url)
}

/// `clinic sql --to URL ARGS… QUERY` as the test server's plain role.
fn pg_sql(env: &Env, url: &str, args: &[&str], query: &str) -> std::process::Output {
    let reader = postgres_as_reader(url);
    env.run_with(
        &[("PGPASSWORD", POSTGRES_READER_PASSWORD)],
        &[&["sql", "--to", &reader][..], args, &[query]].concat(),
    )
}

/// A superuser reaches the server's files and programs whatever a query says (`COPY … TO
/// PROGRAM`): `clinic sql` refuses to run as one, and says what role to use instead.
#[test]
fn postgres_sql_refuses_a_superuser_role_and_says_which_role_to_use() {
    let test = "postgres_sql_refuses_a_superuser_role_and_says_which_role_to_use";
    let Some(url) = postgres_mirror(test, "sql_superuser") else {
        return;
    };
    let superuser = "SELECT rolsuper::int::bigint FROM pg_roles WHERE rolname = current_user";
    if postgres_number(test, &url, superuser) != 1 {
        postgres_cannot_prove(test, "the test server's role is no superuser");
        return;
    }
    let role = url::Url::parse(&url).unwrap().username().to_string();
    let env = Env::new();
    let out = env.run(&["sql", "--to", &url, "SELECT count(*) AS n FROM quotes"]);
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    assert!(out.stdout.is_empty());
    assert!(
        stderr(&out).contains(&format!("the role {role} is a superuser")),
        "{}",
        stderr(&out)
    );
    assert!(stderr(&out).contains("CREATE ROLE"), "{}", stderr(&out));
}

/// A plain role reads; anything but one query returning rows, or a function off the list, is
/// refused by name before the server runs it, and nothing changed.
#[test]
fn postgres_sql_as_a_plain_role_reads_and_refuses_everything_else() {
    let test = "postgres_sql_as_a_plain_role_reads_and_refuses_everything_else";
    let Some(url) = postgres_mirror(test, "sql_plain") else {
        return;
    };
    let env = Env::new();
    let out = pg_sql(
        &env,
        &url,
        &["--format", "json"],
        "SELECT count(*) AS n FROM quotes",
    );
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(stdout_json(&out), serde_json::json!([{"n": 3}]));
    for (query, said) in [
        (
            "SELECT lo_from_bytea(0, 'x')",
            "the function lo_from_bytea() is not among those",
        ),
        (
            "SELECT pg_sleep(0.1)",
            "the function pg_sleep() is not among those",
        ),
        (
            "COPY (SELECT 1) TO STDOUT",
            "COPY is not a query that returns rows",
        ),
        ("SELECT 1 AS a; SELECT 2 AS b", "it holds 2 statements"),
        (
            "DELETE FROM quotes",
            "DELETE is not a query that returns rows",
        ),
        ("SELECT FROM quotes", "it returns no columns"),
    ] {
        let out = pg_sql(&env, &url, &[], query);
        assert_eq!(out.status.code(), Some(2), "{query}: {}", stderr(&out));
        assert!(out.stdout.is_empty(), "{query}");
        assert!(
            stderr(&out).contains(&format!("the query was refused: {said}")),
            "{query}: {}",
            stderr(&out)
        );
    }
    assert_eq!(
        postgres_number(test, &url, "SELECT count(*) FROM quotes"),
        3
    );
    let objects = "SELECT count(*) FROM pg_largeobject_metadata";
    assert_eq!(postgres_number(test, &url, objects), 0);
}

/// `--timeout` is PostgreSQL's own `statement_timeout`: the query stops on the server, with the
/// same message as a mirror file's.
#[test]
fn postgres_sql_stops_a_query_at_its_timeout_on_the_server() {
    let test = "postgres_sql_stops_a_query_at_its_timeout_on_the_server";
    let Some(url) = postgres_mirror(test, "sql_timeout") else {
        return;
    };
    let env = Env::new();
    let started = Instant::now();
    let out = pg_sql(&env, &url, &["--timeout", "1"], PG_LONG);
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    assert!(
        stderr(&out).contains("the query was stopped after 1s (--timeout)"),
        "{}",
        stderr(&out)
    );
    assert!(started.elapsed() < Duration::from_secs(30));
    // The server stopped it itself: nothing is left counting (given a moment to say so).
    let deadline = Instant::now() + Duration::from_secs(5);
    while pg_long_running(test, &url) > 0 {
        assert!(
            Instant::now() < deadline,
            "the query still runs on the server"
        );
        std::thread::sleep(Duration::from_millis(50));
    }
}

/// Ctrl-C ends the run at once, and the server is told to stop the query first: it does not go on
/// counting for nobody.
#[cfg(unix)]
#[test]
fn postgres_sql_stopped_by_ctrl_c_stops_on_the_server_too() {
    let test = "postgres_sql_stopped_by_ctrl_c_stops_on_the_server_too";
    let Some(url) = postgres_mirror(test, "sql_ctrl_c") else {
        return;
    };
    let env = Env::new();
    let reader = postgres_as_reader(&url);
    let mut child = process_for(env.config.path(), env.sandbox.urls())
        .env("PGPASSWORD", POSTGRES_READER_PASSWORD)
        .args(["sql", "--timeout", "10m", "--to", &reader, PG_LONG])
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let deadline = Instant::now() + Duration::from_secs(30);
    while pg_long_running(test, &url) == 0 {
        assert!(Instant::now() < deadline, "the query never started");
        std::thread::sleep(Duration::from_millis(50));
    }
    // Half a second on, it is past its prepare (which shows the same text): the server runs it.
    std::thread::sleep(Duration::from_millis(500));
    assert_eq!(pg_long_running(test, &url), 1);
    assert_eq!(interrupted(&mut child), Some(130));
    // The cancel was sent before the process ended; the server acts on it within moments.
    let deadline = Instant::now() + Duration::from_secs(5);
    while pg_long_running(test, &url) > 0 {
        assert!(
            Instant::now() < deadline,
            "the query still runs on the server"
        );
        std::thread::sleep(Duration::from_millis(50));
    }
}

/// With personal data masked, a PostgreSQL query that reads a personal column is refused by the
/// column's name, wherever it reads it; nothing of the value is said.
#[test]
fn postgres_sql_with_personal_data_masked_refuses_reading_a_personal_column() {
    let test = "postgres_sql_with_personal_data_masked_refuses_reading_a_personal_column";
    let Some(url) = postgres_mirror(test, "sql_masked") else {
        return;
    };
    let env = Env::new();
    for (query, column) in [
        ("SELECT md5(email) AS x FROM contacts", "contacts.email"),
        ("SELECT * FROM contacts", "contacts.telefone"),
        (
            "SELECT c.id FROM contacts c WHERE c.telefone LIKE '1%'",
            "contacts.telefone",
        ),
        (
            "SELECT to_json(c) AS x FROM contacts c",
            "contacts.telefone",
        ),
    ] {
        let out = pg_sql(&env, &url, &["--mask-personal"], query);
        assert_eq!(out.status.code(), Some(2), "{query}: {}", stderr(&out));
        assert!(
            stderr(&out).contains(&format!("it reads {column}, a column of personal data")),
            "{query}: {}",
            stderr(&out)
        );
        assert!(!stderr(&out).contains("ana@"), "{}", stderr(&out));
        assert!(!stderr(&out).contains("9926"), "{}", stderr(&out));
        // Unmasked, the same query answers.
        let out = pg_sql(&env, &url, &[], query);
        assert!(out.status.success(), "{query}: {}", stderr(&out));
    }
    let out = pg_sql(
        &env,
        &url,
        &["--mask-personal", "--format", "json"],
        "SELECT nome, count(*) AS n FROM contacts GROUP BY nome",
    );
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(
        stdout_json(&out),
        serde_json::json!([{"nome": "Ana Souza", "n": 1}])
    );
}

/// Sends SIGINT (Ctrl-C) to `child` and waits for it to end: its exit code.
fn interrupted(child: &mut std::process::Child) -> Option<i32> {
    let status = std::process::Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(status.success());
    let deadline = Instant::now() + Duration::from_secs(20);
    loop {
        if let Some(status) = child.try_wait().unwrap() {
            return status.code();
        }
        assert!(Instant::now() < deadline, "still running after SIGINT");
        std::thread::sleep(Duration::from_millis(25));
    }
}
