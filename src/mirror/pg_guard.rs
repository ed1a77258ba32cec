//! What a query of a PostgreSQL mirror may be, read by a real SQL parser (`sqlparser`, PostgreSQL's
//! dialect) before the server sees it: exactly one statement, a query that returns rows, calling
//! only functions known to compute a value from their arguments. A read-only transaction alone is
//! no sandbox: `COPY … TO PROGRAM`, `lo_from_bytea`, `lo_export`, `dblink` and `pg_sleep` all run
//! inside one. Functions are allowed by name, never refused by name, so one that an extension or a
//! later PostgreSQL adds is refused until someone says it only computes.
//!
//! It also says which columns a query reads, so that masking can refuse a personal one by the same
//! rule as a mirror file's ([`super::guard`]): a column named, `*` or `t.*`, or a whole row named by
//! its table or alias (`to_json(c)`).

use std::collections::BTreeSet;
use std::ops::ControlFlow;

use sqlparser::ast::{
    Expr, ObjectName, ObjectNamePart, Query, Select, SelectItem, SetExpr, Statement, TableFactor,
    Visit, Visitor,
};
use sqlparser::dialect::PostgreSqlDialect;
use sqlparser::parser::Parser;

use super::guard::{Names, Refusal};

/// The stack the parser and the walk run on: both recurse once per level of the query, up to the
/// parser's depth limit, and a debug build's frames are large.
const STACK: usize = 32 * 1024 * 1024;

/// Functions a query may call: aggregates, window functions, arithmetic, text, dates and times,
/// JSON, arrays and formatting, none of which reaches a file, another connection, a large object,
/// the server's settings or its clock beyond reading it.
#[rustfmt::skip]
const ALLOWED_FUNCTIONS: &[&str] = &[
    // Aggregates and window functions.
    "count", "sum", "avg", "min", "max", "string_agg", "array_agg", "json_agg", "jsonb_agg",
    "json_object_agg", "jsonb_object_agg", "bool_and", "bool_or", "every", "bit_and", "bit_or",
    "stddev", "stddev_pop", "stddev_samp", "variance", "var_pop", "var_samp", "corr", "covar_pop",
    "covar_samp", "regr_avgx", "regr_avgy", "regr_count", "regr_intercept", "regr_r2", "regr_slope",
    "regr_sxx", "regr_sxy", "regr_syy", "percentile_cont", "percentile_disc", "mode", "row_number",
    "rank", "dense_rank", "percent_rank", "cume_dist", "ntile", "lag", "lead", "first_value",
    "last_value", "nth_value",
    // The session, as a query may read it.
    "current_schema", "current_user", "session_user", "current_database",
    // Comparison and nulls.
    "coalesce", "nullif", "greatest", "least", "num_nulls", "num_nonnulls",
    // Arithmetic.
    "abs", "ceil", "ceiling", "floor", "round", "trunc", "sign", "sqrt", "cbrt", "exp", "ln", "log",
    "log10", "power", "pow", "mod", "div", "pi", "degrees", "radians", "width_bucket", "gcd", "lcm",
    "scale", "random",
    // Text.
    "length", "char_length", "character_length", "octet_length", "bit_length", "lower", "upper",
    "initcap", "btrim", "ltrim", "rtrim", "trim", "lpad", "rpad", "substr", "substring", "left",
    "right", "replace", "translate", "reverse", "repeat", "strpos", "position", "split_part",
    "concat", "concat_ws", "format", "starts_with", "overlay", "ascii", "chr", "to_hex", "md5",
    "quote_ident", "quote_literal", "quote_nullable", "regexp_replace", "regexp_match",
    "regexp_matches", "regexp_split_to_array", "regexp_split_to_table", "regexp_like",
    "regexp_count", "regexp_substr", "regexp_instr", "string_to_array", "array_to_string",
    "string_to_table",
    // Dates and times.
    "now", "current_date", "current_time", "current_timestamp", "localtime", "localtimestamp",
    "clock_timestamp", "statement_timestamp", "transaction_timestamp", "date_trunc", "date_part",
    "date_bin", "extract", "age", "make_date", "make_time", "make_timestamp", "make_timestamptz",
    "make_interval", "justify_days", "justify_hours", "justify_interval", "isfinite", "timezone",
    // Formatting and casts.
    "to_char", "to_date", "to_timestamp", "to_number",
    // JSON.
    "to_json", "to_jsonb", "row_to_json", "array_to_json", "json_build_object",
    "jsonb_build_object", "json_build_array", "jsonb_build_array", "json_object", "jsonb_object",
    "json_array_length", "jsonb_array_length", "json_extract_path", "json_extract_path_text",
    "jsonb_extract_path", "jsonb_extract_path_text", "json_array_elements",
    "json_array_elements_text", "jsonb_array_elements", "jsonb_array_elements_text", "json_each",
    "json_each_text", "jsonb_each", "jsonb_each_text", "json_object_keys", "jsonb_object_keys",
    "json_typeof", "jsonb_typeof", "json_strip_nulls", "jsonb_strip_nulls", "jsonb_pretty",
    "jsonb_path_query", "jsonb_path_query_array", "jsonb_path_query_first", "jsonb_path_exists",
    "jsonb_path_match",
    // Arrays and series.
    "array_length", "cardinality", "unnest", "array_position", "array_positions", "array_append",
    "array_prepend", "array_cat", "array_remove", "array_replace", "array_lower", "array_upper",
    "array_dims", "generate_series", "generate_subscripts",
];

/// What a query that may run reads: the tables it names, the columns it names (as PostgreSQL takes
/// a name: folded to lower case unless quoted, the last part of `t.column`), and whether it reads
/// whole rows (`*`, `t.*`, `TABLE t`, or a table or alias used as a value).
#[derive(Debug, Default, PartialEq, Eq)]
pub struct Reads {
    pub tables: BTreeSet<String>,
    pub columns: BTreeSet<String>,
    pub whole_rows: bool,
}

impl Reads {
    /// The refusal of a query that reads a personal column while personal data is masked.
    /// `columns_of` gives the columns of each table the query names, for the whole rows it reads;
    /// `names`, the service's names for the columns and child tables the mirror named otherwise.
    pub(super) fn personal(
        &self,
        columns_of: &[(String, String)],
        names: &Names,
    ) -> Option<Refusal> {
        // An unqualified name may be a column of any table the query names: each is asked, and the
        // first that makes it personal is the one named.
        let tables: Vec<&str> = self
            .tables
            .iter()
            .map(String::as_str)
            .chain(std::iter::once(""))
            .collect();
        for column in &self.columns {
            if let Some(table) = tables.iter().find(|t| names.is_personal(t, column)) {
                return Some(Refusal::Personal {
                    table: table.to_string(),
                    column: column.clone(),
                });
            }
        }
        if self.whole_rows {
            for (table, column) in columns_of {
                if self.tables.contains(table) && names.is_personal(table, column) {
                    return Some(Refusal::Personal {
                        table: table.clone(),
                        column: column.clone(),
                    });
                }
            }
        }
        None
    }
}

/// Reads `sql` as PostgreSQL would: what it reads, or why it may not run.
pub fn check(sql: &str) -> Result<Reads, Refusal> {
    std::thread::scope(|scope| {
        std::thread::Builder::new()
            .stack_size(STACK)
            .spawn_scoped(scope, || check_here(sql))
            .map_err(|e| Refusal::Unreadable(e.to_string()))?
            .join()
            .unwrap_or_else(|_| Err(Refusal::Unreadable(String::new())))
    })
}

fn check_here(sql: &str) -> Result<Reads, Refusal> {
    let statements = Parser::parse_sql(&PostgreSqlDialect {}, sql)
        .map_err(|e| Refusal::Unreadable(e.to_string()))?;
    let [statement] = statements.as_slice() else {
        return Err(Refusal::Statements(statements.len()));
    };
    let mut walk = Walk::default();
    match statement.visit(&mut walk) {
        ControlFlow::Break(refusal) => Err(refusal),
        ControlFlow::Continue(()) => {
            let mut reads = walk.reads;
            // A table or alias named as a value is its whole row.
            let names: BTreeSet<&String> = reads.tables.iter().chain(&walk.aliases).collect();
            if walk.bare.iter().any(|b| names.contains(b)) {
                reads.whole_rows = true;
            }
            reads.columns.extend(walk.bare);
            Ok(reads)
        }
    }
}

#[derive(Default)]
struct Walk {
    reads: Reads,
    /// The aliases of tables and subqueries.
    aliases: BTreeSet<String>,
    /// Unqualified names used as values: a column, or a table's whole row.
    bare: BTreeSet<String>,
}

/// A name as PostgreSQL takes it: folded to lower case unless quoted.
fn folded(ident: &sqlparser::ast::Ident) -> String {
    match ident.quote_style {
        Some(_) => ident.value.clone(),
        None => ident.value.to_lowercase(),
    }
}

/// The last part of a (possibly schema-qualified) name, and whether it is qualified by a schema
/// other than PostgreSQL's own catalogue.
fn last_part(name: &ObjectName) -> (String, bool) {
    let parts: Vec<String> = name
        .0
        .iter()
        .map(|part| match part {
            ObjectNamePart::Identifier(ident) => folded(ident),
            ObjectNamePart::Function(f) => folded(&f.name),
        })
        .collect();
    let foreign = parts.len() > 1 && parts[..parts.len() - 1] != ["pg_catalog"];
    (parts.last().cloned().unwrap_or_default(), foreign)
}

/// A function call's refusal: one not on the list, or one named in another schema than
/// PostgreSQL's own (a function of the same name there is someone's own code).
fn function(name: &ObjectName) -> ControlFlow<Refusal> {
    let (last, foreign) = last_part(name);
    if foreign || !ALLOWED_FUNCTIONS.contains(&last.as_str()) {
        return ControlFlow::Break(Refusal::UnknownFunction(name.to_string()));
    }
    ControlFlow::Continue(())
}

/// The first word of a statement, which says what it does (`DELETE`, `COPY`): never its values.
fn kind(statement: &Statement) -> String {
    let text = statement.to_string();
    text.split_whitespace()
        .next()
        .unwrap_or_default()
        .to_uppercase()
}

impl Visitor for Walk {
    type Break = Refusal;

    fn pre_visit_statement(&mut self, statement: &Statement) -> ControlFlow<Refusal> {
        // The statement itself, and one inside a `WITH` (`WITH d AS (DELETE …) SELECT …`).
        match statement {
            Statement::Query(_) => ControlFlow::Continue(()),
            other => ControlFlow::Break(Refusal::NotAQuery(kind(other))),
        }
    }

    fn pre_visit_query(&mut self, query: &Query) -> ControlFlow<Refusal> {
        if !query.locks.is_empty() {
            return ControlFlow::Break(Refusal::NotAQuery("SELECT FOR UPDATE".into()));
        }
        self.body(&query.body)
    }

    fn pre_visit_select(&mut self, select: &Select) -> ControlFlow<Refusal> {
        if select.into.is_some() {
            return ControlFlow::Break(Refusal::NotAQuery("SELECT INTO".into()));
        }
        if select.projection.iter().any(|item| {
            matches!(
                item,
                SelectItem::Wildcard(_) | SelectItem::QualifiedWildcard(..)
            )
        }) {
            self.reads.whole_rows = true;
        }
        ControlFlow::Continue(())
    }

    fn pre_visit_relation(&mut self, relation: &ObjectName) -> ControlFlow<Refusal> {
        self.reads.tables.insert(last_part(relation).0);
        ControlFlow::Continue(())
    }

    fn pre_visit_table_factor(&mut self, factor: &TableFactor) -> ControlFlow<Refusal> {
        let alias = match factor {
            // `FROM generate_series(…)`: a function, not a table.
            TableFactor::Table {
                name,
                alias,
                args: Some(_),
                ..
            } => {
                function(name)?;
                alias
            }
            TableFactor::Function { name, alias, .. } => {
                function(name)?;
                alias
            }
            TableFactor::Table { alias, .. }
            | TableFactor::Derived { alias, .. }
            | TableFactor::TableFunction { alias, .. }
            | TableFactor::UNNEST { alias, .. }
            | TableFactor::NestedJoin { alias, .. } => alias,
            // Forms of other databases' SQL that PostgreSQL has not.
            _ => return ControlFlow::Break(Refusal::NotAQuery("FROM".into())),
        };
        if let Some(alias) = alias {
            self.aliases.insert(folded(&alias.name));
        }
        ControlFlow::Continue(())
    }

    fn pre_visit_expr(&mut self, expr: &Expr) -> ControlFlow<Refusal> {
        match expr {
            Expr::Function(call) => {
                function(&call.name)?;
            }
            Expr::Identifier(ident) => {
                self.bare.insert(folded(ident));
            }
            Expr::CompoundIdentifier(parts) => {
                if let Some(last) = parts.last() {
                    self.reads.columns.insert(folded(last));
                }
            }
            Expr::Wildcard(_) | Expr::QualifiedWildcard(..) => self.reads.whole_rows = true,
            _ => {}
        }
        ControlFlow::Continue(())
    }
}

impl Walk {
    /// A query's body: `TABLE t` reads every column of `t`; a write inside it is refused by
    /// [`Visitor::pre_visit_statement`].
    fn body(&mut self, body: &SetExpr) -> ControlFlow<Refusal> {
        match body {
            SetExpr::Table(table) => {
                self.reads.whole_rows = true;
                if let Some(name) = &table.table_name {
                    self.reads.tables.insert(folded(name));
                }
            }
            SetExpr::SetOperation { left, right, .. } => {
                self.body(left)?;
                self.body(right)?;
            }
            _ => {}
        }
        ControlFlow::Continue(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn refusal(sql: &str) -> Refusal {
        check(sql).expect_err(sql)
    }

    #[test]
    fn one_query_that_calls_only_known_functions_is_read() {
        for sql in [
            "SELECT count(*) FROM quotes",
            "SELECT unidade, to_char(data, 'YYYY-MM') AS mes, SUM(valor_centavos) / 100.0 \
             FROM quotes q WHERE status = 'Aprovado' GROUP BY 1, 2 ORDER BY 1, 2;",
            "SELECT AVG((status = 'Faltou')::int) FROM appointments WHERE data < current_date - 30",
            "WITH t AS (SELECT id FROM quotes) SELECT count(*) FROM t",
            "SELECT count(*) FROM generate_series(1, 10)",
            "SELECT CAST(id AS TEXT), EXTRACT(YEAR FROM data), COALESCE(vendedor, '') FROM quotes",
            "SELECT pg_catalog.upper('x')",
            "SELECT 1 UNION ALL SELECT 2",
            "VALUES (1), (2)",
            crate::mirror::postgres::SCHEMA_SQL,
        ] {
            assert!(check(sql).is_ok(), "{sql}: {:?}", check(sql));
        }
    }

    #[test]
    fn anything_but_one_query_returning_rows_is_refused() {
        assert_eq!(refusal("SELECT 1; SELECT 2"), Refusal::Statements(2));
        assert_eq!(refusal(""), Refusal::Statements(0));
        assert_eq!(
            refusal("DELETE FROM quotes"),
            Refusal::NotAQuery("DELETE".into())
        );
        assert_eq!(
            refusal("COPY (SELECT 1) TO PROGRAM 'touch /tmp/x'"),
            Refusal::NotAQuery("COPY".into())
        );
        assert_eq!(
            refusal("COPY (SELECT 1) TO STDOUT"),
            Refusal::NotAQuery("COPY".into())
        );
        assert_eq!(
            refusal("WITH d AS (DELETE FROM quotes RETURNING id) SELECT count(*) FROM d"),
            Refusal::NotAQuery("DELETE".into())
        );
        assert_eq!(
            refusal("SELECT * INTO copia FROM quotes"),
            Refusal::NotAQuery("SELECT INTO".into())
        );
        assert_eq!(
            refusal("SELECT id FROM quotes FOR UPDATE"),
            Refusal::NotAQuery("SELECT FOR UPDATE".into())
        );
        assert_eq!(
            refusal("SET statement_timeout = 0"),
            Refusal::NotAQuery("SET".into())
        );
        assert!(matches!(refusal("SELEKT 1"), Refusal::Unreadable(_)));
        // PostgreSQL's `SELECT FROM t` reads as a query; the server says it has no columns.
        assert_eq!(check("SELECT FROM quotes").map(|r| r.whole_rows), Ok(false));
    }

    #[test]
    fn a_function_off_the_list_is_refused_by_name() {
        for (sql, name) in [
            ("SELECT lo_from_bytea(0, 'x')", "lo_from_bytea"),
            ("SELECT pg_sleep(0.1)", "pg_sleep"),
            ("SELECT pg_read_file('/etc/passwd')", "pg_read_file"),
            ("SELECT lo_export(1, '/tmp/x')", "lo_export"),
            (
                "SELECT * FROM dblink('dbname=x', 'DELETE FROM quotes') AS t(a int)",
                "dblink",
            ),
            (
                "SELECT count(*) FROM quotes WHERE pg_sleep(1) IS NULL",
                "pg_sleep",
            ),
            (
                "SELECT upper(x) FROM (SELECT set_config('a', 'b', false) AS x) s",
                "set_config",
            ),
            ("SELECT public.upper('x')", "public.upper"),
            ("SELECT nextval('s')", "nextval"),
        ] {
            assert_eq!(refusal(sql), Refusal::UnknownFunction(name.into()), "{sql}");
        }
    }

    #[test]
    fn what_a_query_reads_is_every_column_it_names_or_a_whole_row() {
        let reads = check("SELECT c.nome, email FROM contacts c WHERE id > 1").unwrap();
        assert_eq!(
            reads.columns,
            ["email", "id", "nome"].map(String::from).into()
        );
        assert!(!reads.whole_rows);
        for sql in [
            "SELECT * FROM contacts",
            "SELECT c.* FROM contacts c",
            "SELECT to_json(c) FROM contacts c",
            "SELECT row_to_json(contacts) FROM contacts",
        ] {
            let reads = check(sql).unwrap();
            assert!(reads.whole_rows, "{sql}");
            assert!(reads.tables.contains("contacts"), "{sql}");
        }
        let columns = [("contacts".to_string(), "telefone".to_string())];
        let personal = |sql: &str| {
            check(sql)
                .unwrap()
                .personal(&columns, &super::super::guard::Names::default())
        };
        assert_eq!(
            personal("SELECT \"responsavel.celular\" FROM contacts"),
            Some(Refusal::Personal {
                table: "contacts".into(),
                column: "responsavel.celular".into()
            })
        );
        assert_eq!(
            personal("SELECT hex FROM (SELECT md5(c.email) AS hex FROM contacts c) s"),
            Some(Refusal::Personal {
                table: "contacts".into(),
                column: "email".into()
            })
        );
        assert_eq!(
            personal("SELECT * FROM contacts"),
            Some(Refusal::Personal {
                table: "contacts".into(),
                column: "telefone".into()
            })
        );
        assert_eq!(
            personal("SELECT new FROM _changes"),
            Some(Refusal::Personal {
                table: "_changes".into(),
                column: "new".into()
            })
        );
        assert_eq!(
            personal("SELECT \"VALUE\" FROM \"crm_contacts__PHONE\""),
            Some(Refusal::Personal {
                table: "crm_contacts__PHONE".into(),
                column: "VALUE".into()
            })
        );
        for sql in [
            "SELECT nome, count(*) FROM contacts GROUP BY nome",
            "SELECT run, field, count(*) FROM _changes GROUP BY 1, 2",
            "SELECT _parent FROM \"crm_contacts__PHONE\"",
            "SELECT * FROM quotes",
        ] {
            assert_eq!(personal(sql), None, "{sql}");
        }
    }
}
