//! The rows of an import file as the import, its journal and `--resolve-unknown` share them.

use crate::cli::contact::fields::NewContact;
use crate::refs::Ref;

/// Row numbers shown in one message; the output lists every row.
const ROWS_SHOWN: usize = 20;

pub(super) struct Row {
    pub(super) number: usize,
    /// Phone digits and normalised name: the row's identity in the journal.
    pub(super) key: String,
    pub(super) contact: NewContact,
}

impl Row {
    /// The row's clinic ID (every row has one once names are resolved).
    pub(super) fn clinic_id(&self) -> Option<u64> {
        match self.contact.clinic.clinic {
            Some(Ref::Id(id)) => Some(id),
            _ => None,
        }
    }
}

/// `rows 3, 5, 9`, shortened past [`ROWS_SHOWN`].
pub(crate) fn row_list(rows: &[usize]) -> String {
    let shown: Vec<String> = rows.iter().take(ROWS_SHOWN).map(usize::to_string).collect();
    let more = rows.len().saturating_sub(ROWS_SHOWN);
    let rows = shown.join(", ");
    if more > 0 {
        crate::t!("cli-import-row-list-more", rows = rows, more = more)
    } else {
        crate::t!("cli-import-row-list", rows = rows)
    }
}
