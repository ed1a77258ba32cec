//! One table of the mirror: its columns and their types as the data taught them, kept in `_columns`
//! so the next run goes on from them, and the column each field took (`_fields`, see
//! [`super::names`]). A new field adds a column; a value that no longer fits its column's type widens
//! the column (whole number, decimal, text) and keeps every value. Fields past the columns a table
//! may have go, as JSON, into its `_overflow` column.

use std::collections::{BTreeMap, HashMap, HashSet};

use rusqlite::types::Value as Sql;
use rusqlite::{Connection, OptionalExtension, params};

use super::cells::{self, CENTAVOS, Cell, Texts, quoted};
use super::names::{self, OVERFLOW, folded};
use crate::output::{ColumnType as Kind, Scalar};

/// The columns a table may have, the mirror's own among them. SQLite allows 2,000 and PostgreSQL
/// 1,600, but a PostgreSQL row must also fit in one 8 kB page, and values under about 24 bytes are
/// never moved out of it: 500 such values fit, a thousand may not.
pub const MAX_COLUMNS: usize = 500;

/// Columns every parent row carries besides the record's own.
pub const META: &[(&str, &str)] = &[
    ("_hash", "INTEGER NOT NULL"),
    ("_first_run", "INTEGER NOT NULL"),
    ("_seen_run", "INTEGER NOT NULL"),
    ("_first_seen", "TIMESTAMP WITH TIME ZONE NOT NULL"),
    ("_last_seen", "TIMESTAMP WITH TIME ZONE NOT NULL"),
    ("_changed_at", "TIMESTAMP WITH TIME ZONE NOT NULL"),
    ("_deleted_at", "TIMESTAMP WITH TIME ZONE"),
];

#[derive(Debug, Clone)]
pub struct Column {
    pub name: String,
    /// The field of the service it holds, as the service names it.
    pub field: String,
    pub kind: Kind,
    pub money: bool,
}

/// Where a field's values go.
#[derive(Debug, Clone, Copy)]
enum Slot {
    Column(usize),
    Overflow,
}

/// What the mirror knows of one table.
#[derive(Debug, Clone)]
pub struct Table {
    pub name: String,
    /// The record's ID column (a parent), or `_parent` (a child table).
    pub key: String,
    pub child: bool,
    pub columns: Vec<Column>,
    index: HashMap<String, usize, foldhash::fast::RandomState>,
    /// Each field's column, by the field's name.
    fields: HashMap<String, Slot, foldhash::fast::RandomState>,
    /// Every column of the table (the mirror's own and centavos too), folded.
    held: HashSet<String, foldhash::fast::RandomState>,
    /// Fields this run sent to `_overflow`, first met in it.
    pub overflowed: u64,
    /// The statements of the current columns, made once: a sync runs them for every record.
    statements: Option<Statements>,
}

/// The SQL texts a writer runs on a table, for its columns as they are.
#[derive(Debug, Clone)]
pub struct Statements {
    pub insert: String,
    pub exists: String,
    pub touch: String,
    pub old: String,
    pub update: String,
    pub delete_children: String,
}

/// A column type as `_columns` keeps it.
fn kind_name(kind: Kind) -> &'static str {
    match kind {
        Kind::Empty => "empty",
        Kind::Bool => "bool",
        Kind::Int => "int",
        Kind::WideInt => "wideint",
        Kind::Decimal => "decimal",
        Kind::Date => "date",
        Kind::Timestamp => "timestamp",
        Kind::Text => "text",
    }
}

fn kind_of_name(name: &str) -> Kind {
    match name {
        "empty" => Kind::Empty,
        "bool" => Kind::Bool,
        "int" => Kind::Int,
        "wideint" => Kind::WideInt,
        "decimal" => Kind::Decimal,
        "date" => Kind::Date,
        "timestamp" => Kind::Timestamp,
        _ => Kind::Text,
    }
}

/// A widening the run made, said once per column.
pub struct Widened {
    pub table: String,
    pub column: String,
    pub from: &'static str,
    pub to: &'static str,
}

impl Table {
    /// The table as the database holds it, or `None` when it does not exist yet.
    pub fn load(conn: &Connection, name: &str) -> rusqlite::Result<Option<Table>> {
        let Some((key, child)) = conn
            .query_row(
                "SELECT key, child FROM _tables WHERE tbl = ?1",
                [name],
                |r| Ok((r.get::<_, String>(0)?, r.get::<_, bool>(1)?)),
            )
            .optional()?
        else {
            return Ok(None);
        };
        let mut statement = conn.prepare_cached(
            "SELECT name, kind, money FROM _columns WHERE tbl = ?1 ORDER BY position",
        )?;
        let columns = statement
            .query_map([name], |r| {
                let name: String = r.get(0)?;
                Ok(Column {
                    field: name.clone(),
                    name,
                    kind: kind_of_name(&r.get::<_, String>(1)?),
                    money: r.get(2)?,
                })
            })?
            .collect::<rusqlite::Result<Vec<_>>>()?;
        let mut table = Table::empty(name, &key, child);
        for c in columns {
            table.hold(&c);
            table.index.insert(c.name.clone(), table.columns.len());
            table.columns.push(c);
        }
        let mut statement = conn.prepare_cached("SELECT field, col FROM _fields WHERE tbl = ?1")?;
        let fields = statement
            .query_map([name], |r| {
                Ok((r.get::<_, String>(0)?, r.get::<_, String>(1)?))
            })?
            .collect::<rusqlite::Result<Vec<_>>>()?;
        for (field, column) in fields {
            let slot = match table.index.get(&column) {
                _ if column == OVERFLOW => Slot::Overflow,
                Some(&i) => {
                    table.columns[i].field = field.clone();
                    Slot::Column(i)
                }
                None => continue,
            };
            table.fields.insert(field, slot);
        }
        Ok(Some(table))
    }

    fn empty(name: &str, key: &str, child: bool) -> Table {
        let own: &[&str] = if child {
            &["_clinic", "_parent", "_position"]
        } else {
            &["_clinic"]
        };
        let mut held: HashSet<String, foldhash::fast::RandomState> =
            own.iter().map(|n| folded(n)).collect();
        if !child {
            held.extend(META.iter().map(|(n, _)| folded(n)));
        }
        Table {
            name: name.to_string(),
            key: key.to_string(),
            child,
            columns: Vec::new(),
            index: HashMap::default(),
            fields: HashMap::default(),
            held,
            overflowed: 0,
            statements: None,
        }
    }

    /// Marks the names `column` takes (its centavos too) as held.
    fn hold(&mut self, column: &Column) {
        self.held.insert(folded(&column.name));
        if column.money {
            self.held
                .insert(folded(&format!("{}{CENTAVOS}", column.name)));
        }
    }

    /// Creates a parent table keyed by the clinic and the record's ID column.
    pub fn create_parent(
        conn: &Connection,
        name: &str,
        key: &str,
        key_kind: Kind,
    ) -> rusqlite::Result<Table> {
        let meta: Vec<String> = META
            .iter()
            .map(|(n, d)| format!("{} {d}", quoted(n)))
            .collect();
        conn.execute_batch(&format!(
            "CREATE TABLE {t} (\"_clinic\" INTEGER NOT NULL, {k} {d} NOT NULL, {meta}, \
             PRIMARY KEY (\"_clinic\", {k}));\
             CREATE INDEX {ix} ON {t} (\"_seen_run\");",
            t = quoted(name),
            k = quoted(key),
            d = cells::declared(key_kind, false),
            meta = meta.join(", "),
            ix = quoted(&format!("{name}__seen")),
        ))?;
        Self::register(conn, name, key, None, key_kind)
    }

    /// Creates a child table: one row per element of a list, keyed by the parent and its position.
    pub fn create_child(
        conn: &Connection,
        name: &str,
        list: &str,
        parent_key: Kind,
    ) -> rusqlite::Result<Table> {
        conn.execute_batch(&format!(
            "CREATE TABLE {t} (\"_clinic\" INTEGER NOT NULL, \"_parent\" {d} NOT NULL, \
             \"_position\" INTEGER NOT NULL, PRIMARY KEY (\"_clinic\", \"_parent\", \"_position\"));",
            t = quoted(name),
            d = cells::declared(parent_key, false),
        ))?;
        Self::register(conn, name, "_parent", Some(list), parent_key)
    }

    /// Registers a table: a child with the `list` field it holds the elements of.
    fn register(
        conn: &Connection,
        name: &str,
        key: &str,
        list: Option<&str>,
        key_kind: Kind,
    ) -> rusqlite::Result<Table> {
        let child = list.is_some();
        conn.execute(
            "INSERT INTO _tables (tbl, key, child, list) VALUES (?1, ?2, ?3, ?4)",
            params![name, key, child, list],
        )?;
        let mut table = Table::empty(name, key, child);
        if !child {
            table.remember(conn, key, key, key_kind, false)?;
        }
        Ok(table)
    }

    /// Keeps column `name`, holding `field`, in `_columns` and `_fields`.
    fn remember(
        &mut self,
        conn: &Connection,
        name: &str,
        field: &str,
        kind: Kind,
        money: bool,
    ) -> rusqlite::Result<()> {
        if name != OVERFLOW {
            conn.execute(
                "INSERT INTO _fields (tbl, field, col) VALUES (?1, ?2, ?3)",
                params![self.name, field, name],
            )?;
            self.fields
                .insert(field.to_string(), Slot::Column(self.columns.len()));
        }
        conn.execute(
            "INSERT INTO _columns (tbl, name, kind, money, position) VALUES (?1, ?2, ?3, ?4, ?5)",
            params![
                self.name,
                name,
                kind_name(kind),
                money,
                self.columns.len() as i64
            ],
        )?;
        self.statements = None;
        let column = Column {
            name: name.to_string(),
            field: field.to_string(),
            kind,
            money,
        };
        self.hold(&column);
        self.index.insert(name.to_string(), self.columns.len());
        self.columns.push(column);
        Ok(())
    }

    pub fn column(&self, name: &str) -> Option<&Column> {
        self.index.get(name).map(|&i| &self.columns[i])
    }

    /// Makes room for `cells`: a column for each new field, and wider types where a value does not
    /// fit. Returns the widenings made (each to be said once).
    pub fn fit(&mut self, conn: &Connection, cells: &[Cell]) -> Result<Vec<Widened>, Unfit> {
        let mut widened = Vec::new();
        for cell in cells {
            let table = self.name.clone();
            let unfit = |e: rusqlite::Error| Unfit {
                table,
                field: cell.column.to_string(),
                error: e,
            };
            match self.fields.get(&*cell.column).copied() {
                Some(Slot::Overflow) => {}
                None if cell.kind == Kind::Empty => {
                    // A field that only ever came empty has no type yet: it is added as the first
                    // value that says one comes, so its column is declared right.
                }
                None => self
                    .add(conn, &cell.column, cell.kind, cell.money)
                    .map_err(unfit)?,
                Some(Slot::Column(i)) => {
                    let old = self.columns[i].kind;
                    let new = old.widen(cell.kind);
                    if new != old {
                        self.widen(conn, i, new).map_err(unfit)?;
                        widened.push(Widened {
                            table: self.name.clone(),
                            column: cell.column.to_string(),
                            from: kind_name(old),
                            to: kind_name(new),
                        });
                    }
                }
            }
        }
        Ok(widened)
    }

    /// Gives `field` a column of its own, or while the table has no room for one, a place in
    /// `_overflow`.
    fn add(
        &mut self,
        conn: &Connection,
        field: &str,
        kind: Kind,
        money: bool,
    ) -> rusqlite::Result<()> {
        let needed = 1 + usize::from(money);
        let overflow_room = usize::from(!self.index.contains_key(OVERFLOW));
        if self.held.len() + needed + overflow_room > MAX_COLUMNS {
            return self.overflow(conn, field);
        }
        let held = &self.held;
        let taken = |c: &str| {
            held.contains(&folded(c))
                || (money && held.contains(&folded(&format!("{c}{CENTAVOS}"))))
        };
        let reserve = if money { CENTAVOS.len() } else { 0 };
        let name = names::name_for(field, reserve, &taken);
        conn.execute_batch(&format!(
            "ALTER TABLE {} ADD COLUMN {} {}",
            quoted(&self.name),
            quoted(&name),
            cells::declared(kind, money)
        ))?;
        if money {
            conn.execute_batch(&format!(
                "ALTER TABLE {} ADD COLUMN {} INTEGER",
                quoted(&self.name),
                quoted(&format!("{name}{CENTAVOS}"))
            ))?;
        }
        self.remember(conn, &name, field, kind, money)
    }

    /// Keeps `field` in the table's `_overflow` column, made the first time one is needed.
    fn overflow(&mut self, conn: &Connection, field: &str) -> rusqlite::Result<()> {
        if !self.index.contains_key(OVERFLOW) {
            conn.execute_batch(&format!(
                "ALTER TABLE {} ADD COLUMN {} TEXT",
                quoted(&self.name),
                quoted(OVERFLOW)
            ))?;
            self.remember(conn, OVERFLOW, OVERFLOW, Kind::Text, false)?;
        }
        conn.execute(
            "INSERT INTO _fields (tbl, field, col) VALUES (?1, ?2, ?3)",
            params![self.name, field, OVERFLOW],
        )?;
        self.fields.insert(field.to_string(), Slot::Overflow);
        self.overflowed += 1;
        Ok(())
    }

    /// Gives column `i` the type `kind`, converting what it holds. The key column is part of the
    /// primary key, so its table is copied whole into one with the new type.
    fn widen(&mut self, conn: &Connection, i: usize, kind: Kind) -> rusqlite::Result<()> {
        let column = self.columns[i].clone();
        let from = cells::declared(column.kind, column.money);
        let to = cells::declared(kind, column.money);
        if from != to {
            let convert = |expr: &str| match (column.kind, kind) {
                // Money kept as a number becomes its text with two decimals, as it came.
                (Kind::Decimal, _) if column.money => format!(
                    "CASE WHEN typeof({expr}) IN ('integer', 'real') \
                     THEN printf('%.2f', {expr}) ELSE {expr} END"
                ),
                (Kind::Bool, _) => {
                    format!("CASE {expr} WHEN 1 THEN 'true' WHEN 0 THEN 'false' ELSE {expr} END")
                }
                _ => format!("CAST({expr} AS {to})"),
            };
            if column.name == self.key {
                self.copy_with(conn, &column.name, to, &convert)?;
            } else {
                let t = quoted(&self.name);
                let c = quoted(&column.name);
                // The mirror's own name: no field's column starts with `_`.
                let old = quoted("_widening");
                conn.execute_batch(&format!(
                    "ALTER TABLE {t} RENAME COLUMN {c} TO {old};\
                     ALTER TABLE {t} ADD COLUMN {c} {to};\
                     UPDATE {t} SET {c} = {conv};\
                     ALTER TABLE {t} DROP COLUMN {old};",
                    conv = convert(&old),
                ))?;
            }
        }
        conn.execute(
            "UPDATE _columns SET kind = ?3 WHERE tbl = ?1 AND name = ?2",
            params![self.name, column.name, kind_name(kind)],
        )?;
        self.columns[i].kind = kind;
        self.statements = None;
        Ok(())
    }

    /// Rebuilds the table with `column` declared `to` (its values converted by `convert`).
    fn copy_with(
        &self,
        conn: &Connection,
        column: &str,
        to: &str,
        convert: &dyn Fn(&str) -> String,
    ) -> rusqlite::Result<()> {
        rebuild(
            conn,
            &self.name,
            &[(column.to_string(), to.to_string())],
            &|c: &str, expr: &str| {
                if c == column {
                    convert(expr)
                } else {
                    expr.to_string()
                }
            },
            self.child,
        )
    }

    /// Every data column's stored value for `cells`, in the table's column order, each money
    /// column followed by its centavos. A money value that is no exact amount keeps its text, its
    /// centavos stay empty, and `unread_money` is told its column.
    pub fn values(
        &self,
        cells: &[Cell],
        texts: &Texts,
        unread_money: &mut dyn FnMut(&str),
    ) -> Vec<Sql> {
        let mut by_column: Vec<Option<&Cell>> = vec![None; self.columns.len()];
        let mut overflow = BTreeMap::new();
        for cell in cells {
            match self.fields.get(&*cell.column) {
                Some(&Slot::Column(i)) => by_column[i] = Some(cell),
                Some(Slot::Overflow) => {
                    overflow.insert(&*cell.column, json_of(cell, texts));
                }
                None => {}
            }
        }
        let mut out = Vec::with_capacity(self.columns.len() + 4);
        for (column, cell) in self.columns.iter().zip(by_column) {
            let stored = match cell {
                None if column.name == OVERFLOW && !overflow.is_empty() => {
                    Sql::Text(serde_json::to_string(&overflow).unwrap_or_default())
                }
                None => Sql::Null,
                Some(c) if column.kind == Kind::Decimal && !column.money => {
                    cells::stored_real(c, texts)
                }
                Some(c) if column.kind == Kind::Decimal => cells::stored_money(c, texts),
                Some(c) => cells::stored(c, texts, column.kind),
            };
            let present = stored != Sql::Null;
            out.push(stored);
            if column.money {
                let centavos = cell.map_or(Sql::Null, |c| cells::centavos(c, texts));
                if centavos == Sql::Null && present {
                    unread_money(&column.name);
                }
                out.push(centavos);
            }
        }
        out
    }

    /// The statements for the columns as they are now (made again after a column is added or
    /// widened).
    pub fn statements(&mut self) -> &Statements {
        self.prepare_statements();
        self.cached_statements()
    }

    /// Makes the statements if the columns changed since they were last made.
    pub fn prepare_statements(&mut self) {
        if self.statements.is_none() {
            self.statements = Some(self.make_statements());
        }
    }

    /// The statements [`Table::prepare_statements`] made.
    pub fn cached_statements(&self) -> &Statements {
        self.statements
            .as_ref()
            .expect("prepare_statements runs after every change of the columns")
    }

    fn make_statements(&self) -> Statements {
        let t = quoted(&self.name);
        let k = quoted(&self.key);
        let columns = self.column_list();
        let n = columns.len();
        let marks = |count: usize| -> String {
            (1..=count)
                .map(|i| format!("?{i}"))
                .collect::<Vec<_>>()
                .join(", ")
        };
        let insert = if self.child {
            let mut names = vec![quoted("_clinic"), quoted("_parent"), quoted("_position")];
            names.extend(columns.iter().cloned());
            format!(
                "INSERT INTO {t} ({}) VALUES ({})",
                names.join(", "),
                marks(names.len())
            )
        } else {
            let mut names = vec![quoted("_clinic")];
            names.extend(columns.iter().cloned());
            names.extend(META.iter().map(|(m, _)| quoted(m)));
            format!(
                "INSERT INTO {t} ({}) VALUES ({})",
                names.join(", "),
                marks(names.len())
            )
        };
        let sets: Vec<String> = columns
            .iter()
            .enumerate()
            .map(|(i, c)| format!("{c} = ?{}", i + 3))
            .collect();
        Statements {
            insert,
            exists: format!(
                "SELECT \"_hash\", \"_deleted_at\" IS NOT NULL FROM {t} WHERE \"_clinic\" = ?1 AND {k} = ?2"
            ),
            touch: format!(
                "UPDATE {t} SET \"_seen_run\" = ?3, \"_last_seen\" = ?4 WHERE \"_clinic\" = ?1 AND {k} = ?2"
            ),
            old: format!(
                "SELECT {} FROM {t} WHERE \"_clinic\" = ?1 AND {k} = ?2",
                columns.join(", ")
            ),
            update: format!(
                "UPDATE {t} SET {}, \"_hash\" = ?{h}, \"_seen_run\" = ?{r}, \"_last_seen\" = ?{a}, \
                 \"_changed_at\" = CASE WHEN ?{c} THEN ?{a} ELSE \"_changed_at\" END, \
                 \"_deleted_at\" = NULL WHERE \"_clinic\" = ?1 AND {k} = ?2",
                sets.join(", "),
                h = n + 3,
                r = n + 4,
                a = n + 5,
                c = n + 6,
            ),
            delete_children: format!("DELETE FROM {t} WHERE \"_clinic\" = ?1 AND \"_parent\" = ?2"),
        }
    }

    /// The quoted data column names in [`Table::values`] order.
    pub fn column_list(&self) -> Vec<String> {
        let mut out = Vec::with_capacity(self.columns.len() + 4);
        for column in &self.columns {
            out.push(quoted(&column.name));
            if column.money {
                out.push(quoted(&format!("{}{CENTAVOS}", column.name)));
            }
        }
        out
    }

    /// For each entry of [`Table::values`], the column it reports changes under and whether it
    /// holds money (`None` for the centavos beside a money column, whose change is its money
    /// column's).
    pub fn change_names(&self) -> Vec<Option<(&str, bool)>> {
        let mut out = Vec::with_capacity(self.columns.len() + 4);
        for column in &self.columns {
            out.push(Some((
                column.field.as_str(),
                column.money && column.kind == Kind::Decimal,
            )));
            if column.money {
                out.push(None);
            }
        }
        out
    }
}

/// Rebuilds table `name` with each column of `retype` declared as given, its values converted by
/// `convert` (the column's name and its quoted expression), keeping every row.
fn rebuild(
    conn: &Connection,
    name: &str,
    retype: &[(String, String)],
    convert: &dyn Fn(&str, &str) -> String,
    child: bool,
) -> rusqlite::Result<()> {
    let sql: String = conn.query_row(
        "SELECT sql FROM sqlite_schema WHERE type = 'table' AND name = ?1",
        [name],
        |r| r.get(0),
    )?;
    let declared: Vec<(String, String)> = {
        let mut s = conn.prepare(&format!("PRAGMA table_info({})", quoted(name)))?;
        s.query_map([], |r| Ok((r.get::<_, String>(1)?, r.get::<_, String>(2)?)))?
            .collect::<rusqlite::Result<_>>()?
    };
    // The mirror's own name: no table of the service's starts with `_`.
    let temp = "_rebuilding".to_string();
    // The table's own definition with the columns' types replaced.
    let mut definition = sql;
    for (column, to) in retype {
        let old_decl = declared
            .iter()
            .find(|(n, _)| n == column)
            .map(|(_, d)| d.clone())
            .unwrap_or_default();
        definition = definition.replacen(
            &format!("{} {old_decl}", quoted(column)),
            &format!("{} {to}", quoted(column)),
            1,
        );
    }
    let definition = definition.replacen(&quoted(name), &quoted(&temp), 1);
    let select: Vec<String> = declared
        .iter()
        .map(|(n, _)| convert(n, &quoted(n)))
        .collect();
    let list: Vec<String> = declared.iter().map(|(n, _)| quoted(n)).collect();
    conn.execute_batch(&format!(
        "{definition};\
         INSERT INTO {tmp} ({list}) SELECT {select} FROM {t};\
         DROP TABLE {t};\
         ALTER TABLE {tmp} RENAME TO {t};",
        tmp = quoted(&temp),
        t = quoted(name),
        list = list.join(", "),
        select = select.join(", "),
    ))?;
    if !child {
        conn.execute_batch(&format!(
            "CREATE INDEX IF NOT EXISTS {ix} ON {t} (\"_seen_run\");",
            ix = quoted(&format!("{name}__seen")),
            t = quoted(name),
        ))?;
        // The index a table whose records may move is searched by goes with the old table.
        let unique: Option<String> = conn
            .query_row(
                "SELECT key FROM _tables WHERE tbl = ?1 AND ids = ?2",
                params![name, super::ids::UNIQUE_IDS],
                |r| r.get(0),
            )
            .optional()?;
        if let Some(key) = unique {
            super::ids::set_ids(conn, name, &key, super::ids::UNIQUE_IDS)?;
        }
    }
    Ok(())
}

/// Brings the tables of a mirror made by an earlier version to today's types: money that was
/// decimal text (or declared `DECIMAL`, which ODBC reads as text) becomes a number (SQLite's numeric affinity reads `3120.00` as 3120, and any text
/// that is no number stays as it was), and the mirror's own times are declared with their zone.
/// Each table is rebuilt once, in the caller's transaction; a table already upgraded is left alone.
pub fn upgrade(conn: &Connection) -> rusqlite::Result<()> {
    let tables: Vec<(String, bool)> = conn
        .prepare("SELECT tbl, child FROM _tables ORDER BY tbl")?
        .query_map([], |r| Ok((r.get(0)?, r.get(1)?)))?
        .collect::<rusqlite::Result<_>>()?;
    for (table, child) in tables {
        let declared: HashMap<String, String> = conn
            .prepare("SELECT name, type FROM pragma_table_info(?1)")?
            .query_map([&table], |r| Ok((r.get(0)?, r.get(1)?)))?
            .collect::<rusqlite::Result<_>>()?;
        let money: Vec<String> = conn
            .prepare("SELECT name FROM _columns WHERE tbl = ?1 AND money = 1 AND kind = 'decimal'")?
            .query_map([&table], |r| r.get(0))?
            .collect::<rusqlite::Result<_>>()?;
        let mut retype: Vec<(String, String)> = Vec::new();
        for column in money {
            // Text (before money was a number), or `DECIMAL`, which ODBC reads as text.
            if declared.get(&column).is_some_and(|d| {
                d == "TEXT" || d.eq_ignore_ascii_case(cells::MONEY_DECLARED_BEFORE)
            }) {
                retype.push((column, cells::MONEY_DECLARED.to_string()));
            }
        }
        if !child {
            for (column, declaration) in META {
                if declaration.starts_with(cells::ZONED_DECLARED)
                    && declared.get(*column).is_some_and(|d| d == "TEXT")
                {
                    retype.push((column.to_string(), cells::ZONED_DECLARED.to_string()));
                }
            }
        }
        if !retype.is_empty() {
            rebuild(conn, &table, &retype, &|_, expr| expr.to_string(), child)?;
        }
    }
    Ok(())
}

/// A field the table could not make room for: its table and field, and what the database said.
#[derive(Debug)]
pub struct Unfit {
    pub table: String,
    pub field: String,
    pub error: rusqlite::Error,
}

/// A leaf as a value of `_overflow`'s JSON object: strings as strings, numbers, booleans and lists
/// as they came.
fn json_of(cell: &Cell, texts: &Texts) -> serde_json::Value {
    use serde_json::Value;
    let text = cell.text(texts);
    match cell.scalar {
        Scalar::Null => Value::Null,
        Scalar::String => Value::String(text.to_string()),
        Scalar::Bool => Value::Bool(text == "true"),
        Scalar::Number | Scalar::Compound => {
            serde_json::from_str(text).unwrap_or_else(|_| Value::String(text.to_string()))
        }
    }
}
