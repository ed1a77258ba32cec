//! `clinic sync` takes any field names the service sends: names like the mirror's own columns, names
//! equal but for case, a money column's centavos, control characters, names past PostgreSQL's 63
//! bytes and more fields than a table may have columns. Every run goes through, in a file and in
//! PostgreSQL alike, every value is found under the column `_fields` names for its field (or in the
//! table's `_overflow` JSON), and masking still goes by the service's names.

use std::collections::BTreeMap;
use std::ffi::OsStr;
use std::path::Path;

use serde_json::{Map, Value, json};

use crate::common::*;

/// Fields past the 63 bytes PostgreSQL keeps of a name: one of 70 bytes, and two equal in their
/// first 63.
fn long_names() -> [String; 3] {
    [
        format!("campo_{}", "x".repeat(64)),
        format!("{}_a", "y".repeat(63)),
        format!("{}_b", "y".repeat(63)),
    ]
}

/// How many plain fields each record carries besides its odd ones: more than any table's columns.
const MANY: usize = 3_000;

/// A quote whose field names collide every way they can, and [`MANY`] fields more; `round` changes
/// a few values, so that a second run has changes to write.
fn record(id: u64, round: u64) -> Value {
    let [long, long_a, long_b] = long_names();
    let mut map = Map::new();
    let mut put = |k: &str, v: Value| {
        map.insert(k.to_string(), v);
    };
    put("id", json!(id));
    put("modificado_em", json!("2024-05-01 10:00:00"));
    put("_deleted_at", json!(format!("deleted {id}")));
    put("_hash", json!(format!("hash {id}")));
    put("_clinic", json!("clinic field"));
    put("_parent", json!("parent field"));
    put("valor", json!(format!("{id}2.5{round}")));
    put("Valor", json!(format!("upper {id}")));
    put("valor_centavos", json!(7 + round));
    put("a\u{0}b", json!("under a NUL"));
    put("nota", json!(format!("before\u{0}after {round}")));
    put(&long, json!("seventy"));
    put(&long_a, json!("first of two"));
    put(&long_b, json!("second of two"));
    put("telefone", json!("11 98765-4321"));
    put("Telefone", json!("11 91234-5678"));
    put(
        "seen",
        json!([{"_parent": "p", "_position": 9, "seen": round}]),
    );
    for i in 0..MANY {
        put(&format!("f{i:04}"), json!(format!("v{i}-{id}-{round}")));
    }
    // Past every column a table may have: kept in `_overflow`.
    put("celular", json!("11 95555-0000"));
    Value::Object(map)
}

/// Runs `clinic ARGS…` against a host whose every list holds `records`, with `PGPASSWORD` for the
/// reading role.
fn run(config: &Path, records: &[Value], args: &[&OsStr]) -> std::process::Output {
    let records: Vec<String> = records.iter().map(Value::to_string).collect();
    let server = crate::hostile::serving(crate::hostile::list_of(&records));
    crate::servers::clinic_at(config, &server.url(""))
        .args(args)
        .env("PGPASSWORD", POSTGRES_READER_PASSWORD)
        .output()
        .unwrap()
}

/// Two syncs of quotes with odd field names into `to`, each exiting 0, then every value checked
/// through `clinic sql` on `read` (the same database, as a reader may open it). `nul` is how the
/// database holds the text "before", NUL, "after".
fn odd_names(to: &OsStr, read: &str, nul: &str) {
    let config = tempfile::tempdir().unwrap();
    let sync = |round: u64| {
        let records = [record(1, round), record(2, round)];
        let args: Vec<&OsStr> = ["sync", "--streams", "quotes", "--clinic", "1", "--to"]
            .iter()
            .map(OsStr::new)
            .chain([to])
            .collect();
        let out = run(config.path(), &records, &args);
        assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
        stderr(&out)
    };
    let said = sync(0);
    assert!(
        said.contains("quotes: ") && said.contains("fields past the"),
        "{said}"
    );
    // The second run writes changes over the same columns, and says nothing more of the overflow.
    let said = sync(1);
    assert!(!said.contains("fields past the"), "{said}");

    let sql = |query: &str| -> Vec<Value> {
        let args: Vec<&OsStr> = ["sql", "--format", "json", "--to", read, query]
            .into_iter()
            .map(OsStr::new)
            .collect();
        let out = run(config.path(), &[], &args);
        assert!(out.status.success(), "{query}: {}", stderr(&out));
        stdout_json(&out).as_array().cloned().unwrap_or_default()
    };
    let columns: BTreeMap<String, String> =
        sql("SELECT field, col FROM _fields WHERE tbl = 'quotes'")
            .iter()
            .map(|r| {
                (
                    r["field"].as_str().unwrap().to_string(),
                    r["col"].as_str().unwrap().to_string(),
                )
            })
            .collect();
    // A column given a hash is still masked by the service's name for it.
    let phone = &columns["Telefone"];
    assert_ne!(phone, "Telefone");
    let query = format!("SELECT \"{phone}\" FROM quotes");
    let masked = run(
        config.path(),
        &[],
        &["sql", "--mask-personal", "--to", read, &query].map(OsStr::new),
    );
    let shown = String::from_utf8_lossy(&masked.stdout);
    assert_ne!(masked.status.code(), Some(0), "{shown}");
    assert!(
        stderr(&masked).contains(phone.as_str()) && !shown.contains("91234"),
        "{shown}{}",
        stderr(&masked)
    );
    assert_eq!(columns["celular"], "_overflow");
    let masked = run(
        config.path(),
        &[],
        &[
            "sql",
            "--mask-personal",
            "--to",
            read,
            "SELECT _overflow FROM quotes",
        ]
        .map(OsStr::new),
    );
    let shown = String::from_utf8_lossy(&masked.stdout);
    assert_ne!(masked.status.code(), Some(0), "{shown}");
    assert!(!shown.contains("95555"), "{shown}");
    let rows = sql("SELECT * FROM quotes ORDER BY id");
    assert_eq!(rows.len(), 2, "{columns:?}");
    let want = record(2, 1);
    let row = &rows[1];
    let overflow: Map<String, Value> =
        serde_json::from_str(row["_overflow"].as_str().expect("an _overflow column")).unwrap();
    let mut overflowed = 0;
    for (field, value) in want.as_object().unwrap() {
        // PostgreSQL holds a NUL of a field's name as `\u0000`, as it holds one of a value.
        let column = columns
            .get(field)
            .or_else(|| columns.get(&field.replace('\0', "\\u0000")))
            .unwrap_or_else(|| panic!("{field:?} is not in _fields"));
        assert!(column.len() <= 63, "{column}");
        let got = if column == "_overflow" {
            overflowed += 1;
            overflow[field].clone()
        } else {
            assert!(
                !column.starts_with('_') && !column.contains('\0'),
                "{column:?}"
            );
            row[column.as_str()].clone()
        };
        let want = match (field.as_str(), value) {
            // A timestamp reads back in each database's own spelling.
            ("modificado_em", _) => continue,
            ("nota", _) => json!(nul.replace("{round}", "1")),
            (_, Value::Array(_)) => json!(value.to_string()),
            ("valor", _) => json!("22.51"),
            _ => value.clone(),
        };
        let got = match (&got, &want) {
            // A list's text may come back with its own spacing.
            (Value::String(g), Value::String(w)) if w.starts_with('[') => {
                assert_eq!(
                    serde_json::from_str::<Value>(g).unwrap(),
                    serde_json::from_str::<Value>(w).unwrap(),
                    "{field}"
                );
                continue;
            }
            (Value::String(g), Value::Number(_)) => g.parse::<Value>().unwrap(),
            _ => got,
        };
        assert_eq!(got, want, "{field:?} in {column:?}");
    }
    assert!(overflowed > 0 && overflowed < MANY, "{overflowed}");
    // The mirror's own columns are its own: the row is live, and the centavos of `valor` its own.
    assert_eq!(row["_deleted_at"], Value::Null);
    assert_eq!(row["_clinic"].to_string(), "1");
    assert_eq!(row["valor_centavos"].to_string(), "2251", "{row:?}");
    // The list named like the mirror's index has its child table, whose own odd names are mapped.
    let children = sql("SELECT tbl FROM _tables WHERE list = 'seen'");
    let child = children[0]["tbl"].as_str().unwrap().to_string();
    let inner = sql(&format!(
        "SELECT field, col FROM _fields WHERE tbl = '{child}' ORDER BY field"
    ));
    let inner: Vec<(&str, &str)> = inner
        .iter()
        .map(|r| (r["field"].as_str().unwrap(), r["col"].as_str().unwrap()))
        .collect();
    assert_eq!(
        inner,
        [
            ("_parent", "x_parent"),
            ("_position", "x_position"),
            ("seen", "seen")
        ]
    );
    let elements = sql(&format!(
        "SELECT x_parent, x_position, seen FROM \"{child}\" ORDER BY _parent"
    ));
    assert_eq!(
        elements
            .iter()
            .map(|r| r["x_parent"].clone())
            .collect::<Vec<_>>(),
        [json!("p"), json!("p")]
    );
}

/// A mirror file takes every odd name, run after run.
#[test]
fn a_sync_takes_field_names_that_collide_every_way_and_keeps_every_value() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("mirror.sqlite");
    let path = db.to_str().unwrap();
    odd_names(db.as_os_str(), path, "before\u{0}after {round}");
}

/// A PostgreSQL database takes the same names, and a NUL inside a text arrives as `\u0000`.
#[test]
fn a_postgres_sync_takes_field_names_that_collide_every_way_and_keeps_every_value() {
    let test = "a_postgres_sync_takes_field_names_that_collide_every_way_and_keeps_every_value";
    let Some(url) = postgres_database(test, "w52_odd_field_names") else {
        return;
    };
    let reader = postgres_as_reader(&url);
    odd_names(OsStr::new(&url), &reader, "before\\u0000after {round}");
}

/// A mirror made before fields were mapped keeps the columns it has: the map is filled from them,
/// and a field met later that would take one of their names gets a column of its own.
#[test]
fn a_mirror_made_before_the_field_map_keeps_its_columns() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("mirror.sqlite");
    let config = tempfile::tempdir().unwrap();
    let args: Vec<&OsStr> = ["sync", "--streams", "quotes", "--clinic", "1", "--to"]
        .iter()
        .map(OsStr::new)
        .chain([db.as_os_str()])
        .collect();
    let first = run(
        config.path(),
        &[json!({"id": 1, "valor": "10.00", "nome": "Ana", "itens": [{"q": 1}]})],
        &args,
    );
    assert_eq!(first.status.code(), Some(0), "{}", stderr(&first));
    // As the release before kept it: no `_fields`, no `_tables.list`.
    let conn = rusqlite::Connection::open(&db).unwrap();
    conn.execute_batch("DROP TABLE _fields; ALTER TABLE _tables DROP COLUMN list;")
        .unwrap();
    drop(conn);
    let second = run(
        config.path(),
        &[
            json!({"id": 1, "valor": "11.00", "nome": "Ana", "Nome": "Bia",
            "valor_centavos": 3, "itens": [{"q": 2}]}),
        ],
        &args,
    );
    assert_eq!(second.status.code(), Some(0), "{}", stderr(&second));
    let conn = rusqlite::Connection::open(&db).unwrap();
    let col = |field: &str| -> String {
        conn.query_row(
            "SELECT col FROM _fields WHERE tbl = 'quotes' AND field = ?1",
            [field],
            |r| r.get(0),
        )
        .unwrap()
    };
    assert_eq!(col("id"), "id");
    assert_eq!(col("valor"), "valor");
    assert_eq!(col("nome"), "nome");
    let (upper, centavos) = (col("Nome"), col("valor_centavos"));
    assert!(upper.starts_with("Nome_"), "{upper}");
    assert!(centavos.starts_with("valor_centavos_"), "{centavos}");
    // Money that was decimal text is a number now, its centavos exact as they were.
    let row: (f64, i64, String, String, i64) = conn
        .query_row(
            &format!("SELECT valor, valor_centavos, nome, \"{upper}\", \"{centavos}\" FROM quotes"),
            [],
            |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?, r.get(4)?)),
        )
        .unwrap();
    assert_eq!(row, (11.0, 1100, "Ana".into(), "Bia".into(), 3),);
    // The child table the first run made still takes its list's elements.
    let q: i64 = conn
        .query_row("SELECT q FROM quotes__itens", [], |r| r.get(0))
        .unwrap();
    assert_eq!(q, 2);
}

/// A field named like the column a widening works through (`a__widening` beside `a`) does not stop
/// the widening.
#[test]
fn a_column_widens_beside_a_field_named_like_its_working_copy() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("mirror.sqlite");
    let config = tempfile::tempdir().unwrap();
    let args: Vec<&OsStr> = ["sync", "--streams", "quotes", "--clinic", "1", "--to"]
        .iter()
        .map(OsStr::new)
        .chain([db.as_os_str()])
        .collect();
    for a in [json!(1), json!("um")] {
        let out = run(
            config.path(),
            &[json!({"id": 1, "a": a, "a__widening": "w"})],
            &args,
        );
        assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    }
    let conn = rusqlite::Connection::open(&db).unwrap();
    let rows: Vec<(i64, String, String)> = conn
        .prepare("SELECT id, a, a__widening FROM quotes")
        .unwrap()
        .query_map([], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)))
        .unwrap()
        .collect::<rusqlite::Result<_>>()
        .unwrap();
    assert_eq!(rows, [(1, "um".into(), "w".into())]);
}
