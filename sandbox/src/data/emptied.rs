//! Lists answered empty on demand, per clinic: a service that loses a clinic's list for a while and
//! answers `200` with no records, as a test needs it to.

use std::collections::HashSet;
use std::sync::Mutex;

#[derive(Default)]
pub struct Emptied(Mutex<HashSet<(String, u32)>>);

impl Emptied {
    /// From now on, `list` of `clinic` is answered empty (`on`), or as it is again.
    pub fn set(&self, list: &str, clinic: u32, on: bool) {
        let mut held = self.0.lock().unwrap_or_else(|e| e.into_inner());
        if on {
            held.insert((list.to_string(), clinic));
        } else {
            held.remove(&(list.to_string(), clinic));
        }
    }

    pub fn holds(&self, list: &str, clinic: u32) -> bool {
        self.0
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .contains(&(list.to_string(), clinic))
    }
}
