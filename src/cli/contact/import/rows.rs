//! The rows of a contact import file as the import and `--resolve-unknown` share them.

use super::super::fields::NewContact;
use crate::refs::Ref;

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
