//! `clinic-core`: what every part of `clinic` stands on. Text as people read it and the `t!`
//! messages (their words come from `clinic-catalogue` when the `catalogue` feature is on), the one
//! `Error` and its exit codes, values (formats, money, secrets, typed input, dates), the system's
//! parts (temporary files, private files, locks, signals, masking, the stderr reporter), and the
//! `Record` that the API's readers, the walker and the formatters share.
//!
//! The crates above it, `clinic-api` and `clinic-output`, know nothing of each other. The layers
//! inside this crate, and the rule that keeps them apart, are in ARCHITECTURE.md.

pub mod allocator;
pub mod environment;
pub mod error;
pub mod file_lock;
pub mod format;
pub mod identity;
pub mod input;
pub mod json_syntax;
pub mod money;
pub mod open_files;
pub mod private_fs;
pub mod record;
pub mod redact;
pub mod relative_date;
pub mod secret;
pub mod std_streams;
pub mod stop_signals;
pub mod text;
pub mod ui;
pub mod unfinished;
