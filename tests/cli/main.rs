//! End-to-end tests of the `clinic` binary against a real sandbox over loopback HTTP.

mod common;

mod auth;
mod contacts;
mod crm;
mod io;
mod misc;
mod references;
mod reports;
mod walks;
