//! `clinic-output`: every format `clinic` writes (table, JSON, NDJSON, CSV, TSV, xlsx, Parquet,
//! partitioned datasets, charts), into any `Write` it is given or into a file that appears whole
//! under its name or not at all; and the summaries of a report.
//!
//! It receives `record::Record`s and knows nothing of the API that read them.

pub use clinic_core::{
    error, file_lock, format, money, open_files, private_fs, record, std_streams, t, text,
    unfinished,
};

pub mod output;
pub mod summary;
