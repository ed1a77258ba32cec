//! End-to-end tests of the `clinic` binary against a real sandbox over loopback HTTP.

mod common;

mod auth;
mod completion;
mod contacts;
mod crm;
mod dialects;
mod faults;
mod guided;
mod imports;
mod io;
mod local_hardening;
mod misc;
mod names;
mod references;
mod reports;
mod setup;
mod terminal;
mod walks;
