//! `clinic`: a command-line client for the Clinic Results API, its CRM and Integrações IO webhooks.
//!
//! Data flows one way: `cli` parses and validates → the hosts' clients of `clinic-api` (`api`,
//! `crm`) build requests and send them through `http` → `pages` turns list answers into a stream of
//! `record`s → `show` hands them to `clinic-output`'s `output`, which formats them into a sink. Only
//! `output` writes results; `ui` writes everything else on stderr, both through the streams of
//! `term`. The crates, the layers inside each and the import rule that keeps them apart are in
//! ARCHITECTURE.md.

// The crates below, under the names their modules have always had here.
pub use clinic_api::{api, config, credentials, crm, http, io_hook, pages};
pub use clinic_core::{
    allocator, environment, error, file_lock, format, identity, input, money, open_files,
    private_fs, record, redact, relative_date, secret, std_streams, stop_signals, t, text, ui,
    unfinished,
};
pub use clinic_output::{output, summary};

#[cfg(test)]
mod catalogue_tests;
pub mod cli;
pub mod context;
pub mod global_flags;
#[doc(hidden)]
pub mod in_process;
pub mod jq;
pub mod mirror;
pub mod network;
pub mod progress;
pub mod refs;
pub mod show;
pub mod sort;
pub mod spelling;
pub mod sync;
pub mod term;
pub mod watch;
