//! The bottom layer: text as people read it. How names are compared (`fold`), how a server's words
//! are made safe for a terminal (`sanitize`), how counts are written (`counts`), how a file's bytes
//! become text (`encoding`), and the one catalogue
//! of everything the interface says (`i18n`, with the `t!` macro). Nothing here knows of errors,
//! files or the network.

pub mod answer;
pub mod bom;
pub mod counts;
pub mod encoding;
pub mod file_name;
pub mod fold;
pub mod i18n;
pub mod sanitize;
pub mod yes_no;
