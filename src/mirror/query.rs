//! Reading the mirror: a query's rows as records (for the same formatters as every other output),
//! its tables and columns, and what changed between runs.

use rusqlite::Connection;
use rusqlite::types::ValueRef;
use serde_json::{Map, Number, Value};

use super::cells::{MONEY_DECLARED, MONEY_DECLARED_BEFORE, quoted};
use super::guard::{Guard, Rules};
use super::store::{MirrorError, MirrorResult};

/// Runs `sql` (on a connection opened read-only) and hands each row to `row` as a JSON object of
/// column name to value, one at a time: memory holds one row, whatever the result's size. The query
/// runs under `rules` ([`Guard`]): one that SQLite says does more than read, or reads what `rules`
/// keep from it, is refused before its first row, and one that runs too long is stopped.
pub fn rows(
    conn: &Connection,
    sql: &str,
    params: &[&dyn rusqlite::ToSql],
    rules: Rules,
    mut row: impl FnMut(Value) -> crate::error::Result<()>,
) -> MirrorResult<crate::error::Result<u64>> {
    let guard = Guard::set(conn, rules)?;
    let failed = |e: rusqlite::Error| match guard.refusal(&e) {
        Some(refusal) => MirrorError::Guarded(refusal),
        None => MirrorError::Sql(e),
    };
    guard.resume();
    let mut statement = conn.prepare(sql).map_err(failed)?;
    if let Some(refusal) = guard.check(&statement) {
        return Err(MirrorError::Guarded(refusal));
    }
    let names: Vec<String> = statement
        .column_names()
        .into_iter()
        .map(String::from)
        .collect();
    // A money column is written with its two decimals (`910.80`), as people and the exports write
    // money: SQLite keeps it as a number, which would print as `910.8`.
    let money: Vec<bool> = statement
        .columns()
        .iter()
        .map(|c| {
            c.decl_type().is_some_and(|d| {
                d.eq_ignore_ascii_case(MONEY_DECLARED)
                    || d.eq_ignore_ascii_case(MONEY_DECLARED_BEFORE)
            })
        })
        .collect();
    let mut rows = statement.query(params).map_err(failed)?;
    let mut count = 0;
    loop {
        guard.resume();
        let next = rows.next();
        guard.pause();
        let Some(r) = next.map_err(failed)? else {
            break;
        };
        let mut object = Map::with_capacity(names.len());
        for (i, name) in names.iter().enumerate() {
            let value = r.get_ref(i)?;
            let value = match value {
                ValueRef::Integer(n) if money[i] => Value::String(format!("{n}.00")),
                ValueRef::Real(x) if money[i] => Value::String(format!("{x:.2}")),
                other => json_of(other),
            };
            object.insert(name.clone(), value);
        }
        if let Err(e) = row(Value::Object(object)) {
            return Ok(Err(e));
        }
        count += 1;
    }
    Ok(Ok(count))
}

fn json_of(value: ValueRef) -> Value {
    match value {
        ValueRef::Null => Value::Null,
        ValueRef::Integer(n) => Value::from(n),
        ValueRef::Real(r) => Number::from_f64(r).map_or(Value::Null, Value::Number),
        ValueRef::Text(t) => Value::String(String::from_utf8_lossy(t).into_owned()),
        ValueRef::Blob(b) => Value::String(String::from_utf8_lossy(b).into_owned()),
    }
}

/// Every table and view of the mirror and its columns, with their declared types: one row per
/// column.
pub const SCHEMA_SQL: &str = "SELECT m.name AS \"table\", p.name AS \"column\", p.type AS \"type\", \
     p.pk > 0 AS \"key\" FROM sqlite_schema AS m JOIN pragma_table_info(m.name) AS p \
     WHERE m.type IN ('table', 'view') ORDER BY m.name LIKE '\\_%' ESCAPE '\\', m.name, p.cid";

/// The query of what changed in the runs after `?1` (a run number): new rows, changed fields
/// (old → new), vanished and resurrected rows, in run order. New rows are read from the tables
/// themselves (each row knows the run that first saw it), so a first sync of a million records
/// logs nothing twice.
pub fn changes_sql(conn: &Connection) -> MirrorResult<String> {
    let tables: Vec<(String, String)> = conn
        .prepare("SELECT tbl, key FROM _tables WHERE child = 0 ORDER BY tbl")?
        .query_map([], |r| Ok((r.get(0)?, r.get(1)?)))?
        .collect::<rusqlite::Result<_>>()?;
    let mut parts = vec![
        "SELECT run, stream, clinic, id, change, field, old, new, rowid AS seq FROM _changes \
         WHERE run > ?1"
            .to_string(),
    ];
    for (table, key) in &tables {
        parts.push(format!(
            "SELECT \"_first_run\", {name}, \"_clinic\", {k}, 'new', NULL, NULL, \
             NULL, 0 FROM {t} WHERE \"_first_run\" > ?1",
            name = literal(table),
            k = quoted(key),
            t = quoted(table),
        ));
    }
    Ok(format!(
        "SELECT run, stream, clinic, id, change, field, old, new FROM ({}) \
         ORDER BY run, stream, change <> 'new', seq, clinic, id",
        parts.join(" UNION ALL ")
    ))
}

/// An SQL string literal.
fn literal(text: &str) -> String {
    format!("'{}'", text.replace('\'', "''"))
}

/// What changed in the quotes after run `?1`, counted and summed by `group` (a column of `quotes`:
/// `status`, `unidade`, `vendedor`): one row per kind of change and value of the column, each quote
/// counted once per kind, its money the quote's current value.
pub fn changes_by_sql(conn: &Connection, group: &str) -> MirrorResult<String> {
    let changes = changes_sql(conn)?;
    let g = quoted(group);
    // The sum written from its exact centavos, with two decimals: never through a float.
    let total = "CASE WHEN SUM(q.\"valor_centavos\") IS NULL THEN NULL ELSE \
         (CASE WHEN SUM(q.\"valor_centavos\") < 0 THEN '-' ELSE '' END) \
         || (abs(SUM(q.\"valor_centavos\")) / 100) || '.' \
         || printf('%02d', abs(SUM(q.\"valor_centavos\")) % 100) END";
    Ok(format!(
        "SELECT ch.change AS change, q.{g} AS {g}, COUNT(*) AS quotes, \
         {total} AS total \
         FROM (SELECT DISTINCT change, clinic, id FROM ({changes}) WHERE stream = 'quotes') AS ch \
         JOIN quotes AS q ON q.\"_clinic\" = ch.clinic AND q.id = ch.id \
         GROUP BY 1, 2 ORDER BY 1, 2"
    ))
}
