//! `clinic`: a command-line client for the Clinic Results API, its CRM and Integrações IO webhooks.
//!
//! Data flows one way: `cli` parses and validates → `api` builds requests and sends them through
//! `http` → `pages` turns list answers into a stream of records → `show` hands them to `output`, which
//! formats them into a sink. Only `output` writes results; `ui` writes everything else on stderr.

pub mod api;
pub mod cli;
pub mod completion;
pub mod config;
pub mod context;
pub mod counts;
pub mod credentials;
pub mod crm;
pub mod error;
mod file_lock;
pub mod http;
pub mod i18n;
pub mod input;
pub mod jq;
pub mod money;
pub mod network;
pub mod output;
pub mod pages;
mod private_fs;
pub mod redact;
pub mod refs;
pub mod sanitize;
pub mod secret;
pub mod show;
pub mod stop_signals;
pub mod summary;
pub mod ui;
pub mod unfinished;
