//! The sandbox's data: seeded records generated on demand from `(seed, id)`, compact
//! per-record filter columns, and overlays holding only what writes changed.

mod appointments;
mod cache;
mod campaigns;
pub mod churn;
mod contacts;
mod days;
pub mod emptied;
mod layout;
mod quotes;
pub mod reference;
mod rng;
pub mod search;
mod text;

pub use appointments::{AppointmentFilter, AppointmentRecord, Appointments};
pub use cache::FilterCache;
pub use campaigns::{Campaign, Campaigns};
pub use contacts::{ContactChanges, ContactFilter, ContactRecord, Contacts, NewContact};
pub use days::DayRange;
pub use layout::CLINIC_COUNT;
pub use quotes::{ClientFilter, QuoteFilter, QuoteRecord, Quotes};
pub use rng::{Day, day_of, parse_date};

/// Contacts seeded for a scale: max(200, N/2).
pub fn contact_count(scale: u64) -> u64 {
    (scale / 2).max(200)
}

pub struct Store {
    pub quotes: Quotes,
    /// Quotes changed since start (`--churn`).
    pub churn: churn::Churn,
    pub appointments: Appointments,
    pub contacts: Contacts,
    pub campaigns: Campaigns,
    pub cache: FilterCache,
    /// Clinics' lists answered empty until a test restores them.
    pub emptied: emptied::Emptied,
}

impl Store {
    pub fn new(seed: u64, scale: u64) -> Store {
        let records = scale as u32;
        let contact_layout = layout::Layout::new(seed, contact_count(scale) as u32);
        let quotes = Quotes::new(seed, records, &contact_layout);
        let customers = quotes.customers(contact_layout.total());
        let contacts = Contacts::new(seed, contact_layout, &customers);
        let appointments = Appointments::new(seed, records, contacts.layout());
        Store {
            quotes,
            appointments,
            contacts,
            campaigns: Campaigns::default(),
            cache: FilterCache::default(),
            churn: churn::Churn::default(),
            emptied: emptied::Emptied::default(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn equal_seeds_give_equal_records_and_other_seeds_differ() {
        let a = Store::new(5, 500);
        let b = Store::new(5, 500);
        let c = Store::new(6, 500);
        let json = |store: &Store, id| {
            serde_json::to_string(&store.quotes.record(id, &store.contacts)).unwrap()
        };
        assert_eq!(json(&a, 17), json(&b, 17));
        assert_ne!(json(&a, 17), json(&c, 17));
    }

    #[test]
    fn day_ranges_are_inclusive_and_exclude_missing_dates() {
        let range = DayRange {
            from: Some(10),
            to: Some(20),
        };
        assert!(range.contains(Some(10)) && range.contains(Some(20)));
        assert!(!range.contains(Some(21)) && !range.contains(None));
        assert!(DayRange::default().contains(None));
    }
}
