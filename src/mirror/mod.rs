//! The database mirror `clinic sync` keeps: every stream of the deployment in a table keyed by the
//! clinic and the record's ID, typed as the Parquet export types its columns, each row stamped with
//! the runs that saw it first and last and tombstoned (never deleted) once it is gone from the
//! service; where IDs are learned unique across the service (`ids`), a record that changes clinic
//! moves there with its history. Each field of the service has a column no other name can take (`names`, kept in
//! `_fields`). Bookmarks go in the transaction of the rows they cover. SQLite (bundled), opened by
//! one sync at a time and readable by anyone meanwhile; a PostgreSQL database is kept equal to such
//! a file, its working copy (`postgres`). A query of a mirror file runs under `guard`: SQLite itself
//! says what it does, and only reading is allowed; a query of a PostgreSQL mirror is read first by
//! `pg_guard`, a SQL parser's verdict, then runs read-only as a role without the server's powers.

mod cells;
mod guard;
mod ids;
mod names;
mod pg_guard;
pub mod postgres;
mod prepare;
mod query;
mod store;
mod table;
mod writer;

pub use cells::CENTAVOS;
pub use guard::{DEFAULT_TIMEOUT, GivenUp, MAX_LENGTH, Refusal, Rules, given_up, stoppable};
pub use prepare::MoneyTest;
pub use query::{SCHEMA_SQL, changes_by_sql, changes_sql, rows};
pub use store::{Bookmark, Counts, Mirror, MirrorError, MirrorResult, Run};
pub use table::{MAX_COLUMNS, Widened};
pub use writer::{End, Finished, POINT, StreamWriter, UnreadMoney};
