//! Names instead of IDs: the reference lists (clinics, channels, campaigns, statuses…) kept in a local
//! cache, used to resolve `--channel Instagram` to its ID and to complete names on Tab.

pub mod cache;
mod kind;
pub mod resolve;

pub use kind::{Entry, Kind, entries_of};
pub use resolve::{Ref, RefList};
