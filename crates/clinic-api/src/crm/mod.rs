//! The external CRM: the automation webhook that creates a contact and opens a deal, and the
//! Bitrix24-style REST methods on `crm_url` (lists walked by offset or by ID keyset, gets, updates).
//! The commands in `cli::crm` only parse flags and hand typed values to this module.

pub mod batch;
pub mod client;
pub mod duplicates;
pub mod family;
pub mod items;
pub mod labels;
pub mod limits;
pub mod list;
pub mod multi;
pub mod names;
pub mod smart;
pub mod webhook;

pub use client::Crm;
