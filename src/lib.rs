//! `clinic`: a command-line client for the Clinic Results API, its CRM and Integrações IO webhooks.
//!
//! Data flows one way: `cli` parses and validates → `api`/`crm` build requests and send them through
//! `http` → `pages` turns list answers into a stream of `record`s → `show` hands them to `output`, which
//! formats them into a sink. Only `output` writes results; `ui` writes everything else on stderr, both through the streams of
//! `term`. The
//! layers and the import rule that keeps them apart are in ARCHITECTURE.md.

pub mod api;
pub mod cli;
pub mod config;
pub mod context;
pub mod credentials;
pub mod crm;
pub mod error;
mod file_lock;
pub mod format;
pub mod global_flags;
pub mod http;
pub mod input;
pub mod io_hook;
pub mod jq;
pub mod mirror;
pub mod money;
pub mod network;
mod open_files;
pub mod output;
pub mod pages;
mod private_fs;
pub mod record;
pub mod redact;
pub mod refs;
pub mod relative_date;
pub mod secret;
pub mod show;
pub mod sort;
pub mod stop_signals;
pub mod summary;
pub mod sync;
pub mod term;
pub mod text;
pub mod ui;
pub mod unfinished;
pub mod watch;
