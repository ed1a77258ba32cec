//! The CRM, automation webhook and IO catcher over real HTTP on 127.0.0.1.

mod io;
mod lists;
mod rate_limit;
mod records;
mod sandbox;
mod strict;
mod support;
mod universal;
mod webhook;
