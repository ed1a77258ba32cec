//! End-to-end tests of the `clinic` binary against a real sandbox over loopback HTTP.

mod auth;
mod common;
mod completion;
mod contacts;
mod crm;
mod dialects;
mod faults;
mod finance;
mod guided;
mod imports;
mod io;
mod language;
mod language_messages;
mod limits;
mod local_hardening;
mod misc;
mod names;
mod redaction;
mod redirects;
mod references;
mod reports;
mod servers;
mod setup;
mod terminal;
mod tls;
mod walks;
