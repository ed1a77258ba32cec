//! REST half of the sandbox, over real HTTP on 127.0.0.1 with free ports.

mod auth;
mod axes;
mod dialects;
mod inspect;
mod knobs;
mod lists;
mod options;
mod support;
mod transport;
mod traps;
mod writes;
