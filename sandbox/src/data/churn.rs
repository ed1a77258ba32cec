//! `--churn N`: N quotes change every second, as a busy network's quotes do. A changed quote gets a
//! new `valor` and `modificado_em` (now, in Brasília time, as the service writes local time), which
//! the lists show and the modified-since filter reads, so incremental exports can be tested.
//!
//! Tests also change, delete and restore given quotes, and give them a new status
//! (`POST /__sandbox/quotes`): a deleted quote is in no list until it is restored, as a quote deleted
//! for a data-entry error is gone from the service.

use std::collections::{HashMap, HashSet};
use std::sync::RwLock;
use std::sync::atomic::{AtomicU32, Ordering};

use chrono::{Duration, Utc};
use rand::Rng;

use super::rng::{Day, day_of};

/// Brasília time, which has kept UTC-3 all year since 2019.
const LOCAL_OFFSET_HOURS: i64 = -3;

/// What a change made of one quote.
#[derive(Debug, Clone)]
pub struct Change {
    pub valor: f64,
    pub modificado_em: String,
    /// The day of `modificado_em` in Brasília, and in UTC.
    pub day: Day,
    pub utc_day: Day,
}

impl Change {
    fn at(valor: f64, local: chrono::NaiveDateTime) -> Change {
        let utc = local - Duration::hours(LOCAL_OFFSET_HOURS);
        Change {
            valor,
            modificado_em: local.format("%Y-%m-%d %H:%M:%S").to_string(),
            day: day_of(local.date()) as Day,
            utc_day: day_of(utc.date()) as Day,
        }
    }
}

#[derive(Default)]
pub struct Churn {
    per_second: AtomicU32,
    changes: RwLock<HashMap<u32, Change>>,
    /// Quotes given a new status (an index of `QUOTE_STATUSES`, from 1).
    statuses: RwLock<HashMap<u32, u8>>,
    deleted: RwLock<HashSet<u32>>,
    /// Quotes moved to another clinic than their seeded one, by the clinic they are in now.
    clinics: RwLock<HashMap<u32, u32>>,
}

impl Churn {
    pub fn per_second(&self) -> u32 {
        self.per_second.load(Ordering::Relaxed)
    }

    /// Changes how many quotes change a second (0 stops it).
    pub fn set_per_second(&self, n: u32) {
        self.per_second.store(n, Ordering::Relaxed);
    }

    /// The last change of quote `id`, if it ever changed.
    pub fn of(&self, id: u32) -> Option<Change> {
        self.changes
            .read()
            .unwrap_or_else(|e| e.into_inner())
            .get(&id)
            .cloned()
    }

    /// The status quote `id` was last given, if it was given one.
    pub fn status_of(&self, id: u32) -> Option<u8> {
        self.statuses
            .read()
            .unwrap_or_else(|e| e.into_inner())
            .get(&id)
            .copied()
    }

    /// Gives quote `id` the status `status` now; `valor` is its value as it is, kept.
    pub fn set_status(&self, id: u32, status: u8, valor: f64) {
        self.statuses
            .write()
            .unwrap_or_else(|e| e.into_inner())
            .insert(id, status);
        self.change(id, valor, None);
    }

    /// Whether quote `id` is deleted.
    pub fn is_deleted(&self, id: u32) -> bool {
        self.deleted
            .read()
            .unwrap_or_else(|e| e.into_inner())
            .contains(&id)
    }

    /// Whether any quote is deleted (the lists then skip some of their seeded ids).
    pub fn any_deleted(&self) -> bool {
        !self
            .deleted
            .read()
            .unwrap_or_else(|e| e.into_inner())
            .is_empty()
    }

    /// The quotes deleted now, in ID order.
    pub fn deleted(&self) -> Vec<u32> {
        let mut ids: Vec<u32> = self
            .deleted
            .read()
            .unwrap_or_else(|e| e.into_inner())
            .iter()
            .copied()
            .collect();
        ids.sort_unstable();
        ids
    }

    /// The clinic quote `id` was moved to, if it was moved.
    pub fn clinic_of(&self, id: u32) -> Option<u32> {
        self.clinics
            .read()
            .unwrap_or_else(|e| e.into_inner())
            .get(&id)
            .copied()
    }

    /// The quotes moved between clinics, with the clinic each is in now.
    pub fn moved(&self) -> Vec<(u32, u32)> {
        let moved = self.clinics.read().unwrap_or_else(|e| e.into_inner());
        let mut moved: Vec<(u32, u32)> = moved.iter().map(|(&id, &c)| (id, c)).collect();
        moved.sort_unstable();
        moved
    }

    /// Moves quote `id` to clinic `clinic` now (its value kept): it leaves its clinic's list and
    /// comes in the other's, modified now, as the service's edit of a quote's unit does.
    pub fn move_to(&self, id: u32, clinic: u32, valor: f64) {
        self.clinics
            .write()
            .unwrap_or_else(|e| e.into_inner())
            .insert(id, clinic);
        self.change(id, valor, None);
    }

    /// Deletes the quotes `ids` (`restore` false) or brings them back.
    pub fn set_deleted(&self, ids: &[u32], deleted: bool) {
        let mut set = self.deleted.write().unwrap_or_else(|e| e.into_inner());
        for id in ids {
            if deleted {
                set.insert(*id);
            } else {
                set.remove(id);
            }
        }
    }

    /// Changes quote `id` at `at` (a Brasília time; now when `None`): its value becomes `valor`.
    pub fn change(&self, id: u32, valor: f64, at: Option<chrono::NaiveDateTime>) {
        let at = at.unwrap_or_else(|| Utc::now().naive_utc() + Duration::hours(LOCAL_OFFSET_HOURS));
        self.changes
            .write()
            .unwrap_or_else(|e| e.into_inner())
            .insert(id, Change::at(valor, at));
    }

    /// One second's changes among quotes `1..=total`; returns how many.
    pub fn tick(&self, total: u32) -> u32 {
        let n = self.per_second();
        if n == 0 || total == 0 {
            return 0;
        }
        let now = Utc::now().naive_utc() + Duration::hours(LOCAL_OFFSET_HOURS);
        let mut rng = rand::rng();
        let mut changes = self.changes.write().unwrap_or_else(|e| e.into_inner());
        for _ in 0..n {
            let id = rng.random_range(1..=total);
            changes.insert(
                id,
                Change::at(f64::from(rng.random_range(1_000u32..500_000)) / 100.0, now),
            );
        }
        n
    }
}
