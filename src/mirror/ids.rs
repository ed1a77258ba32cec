//! What a table's record IDs name: a record in the whole service, or one only within its clinic.
//! The API does not say; the mirror learns it from the data ([`super::Mirror::learn_ids`]) and keeps
//! it in `_tables.ids`, which the writer (moves), the tables (their index) and the status history
//! read.

use rusqlite::{Connection, params};

use super::cells::quoted;

/// `_tables.ids` of a table whose records' IDs are unique across the service.
pub const UNIQUE_IDS: &str = "service";
/// `_tables.ids` of a table whose IDs name a record only within its clinic.
pub const PER_CLINIC: &str = "per-clinic";

/// Keeps what a table's IDs name; a table whose records may move gets an index on its ID, by which
/// a record new to one clinic is looked for in the others.
pub fn set_ids(conn: &Connection, table: &str, key: &str, ids: &str) -> rusqlite::Result<()> {
    conn.execute(
        "UPDATE _tables SET ids = ?2 WHERE tbl = ?1",
        params![table, ids],
    )?;
    if ids == UNIQUE_IDS {
        conn.execute_batch(&format!(
            "CREATE INDEX IF NOT EXISTS {ix} ON {t} ({k})",
            ix = quoted(&format!("{table}__id")),
            t = quoted(table),
            k = quoted(key),
        ))?;
    }
    Ok(())
}
