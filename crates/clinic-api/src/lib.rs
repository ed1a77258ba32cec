//! `clinic-api`: a typed client of the Clinic Results API, its CRM (Bitrix24) and the Integrações
//! IO webhooks, usable without the `clinic` program.
//!
//! Profiles and credentials (`config`, `credentials`), the transport with its retries and pacing
//! (`http`), one typed function per remote operation with the one table of operations, the judge of
//! every answer and the deployments' conventions (`api`, `crm`, `io_hook`), and the walker that
//! reads every page of a list in order (`pages`). It reports through `ui::Reporter`, whose lines go
//! wherever the program sends them (`ui::Stderr`); its messages are catalogue keys, worded when the
//! program builds `clinic-core` with its catalogue.
//!
//! See `examples/ficha_financeira.rs` for a walk of a report.

pub use clinic_core::{
    environment, error, file_lock, format, identity, input, json_syntax, money, private_fs, record,
    redact, secret, t, text, ui,
};

pub mod api;
pub mod config;
pub mod credentials;
pub mod crm;
pub mod http;
pub mod io_hook;
pub mod pages;
