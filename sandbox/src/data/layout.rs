//! How seeded records are spread over the clinics: each clinic's records hold one
//! contiguous id range, so a clinic's unfiltered page is arithmetic and a filtered scan
//! touches that clinic's records only.

use std::ops::Range;

use super::rng::{Kind, mix};

pub const CLINIC_COUNT: u32 = 12;

/// Share of clinic 1, in percent: SANDBOX.md asks for at least a tenth.
const FIRST_CLINIC_PERCENT: u64 = 15;

#[derive(Clone, Debug)]
pub struct Layout {
    /// `ends[c]` = last id of clinic `c` (1-based); `ends[0]` = 0.
    ends: [u32; CLINIC_COUNT as usize + 1],
}

impl Layout {
    /// Spreads `total` records: clinic 1 gets 15%, the others share the rest by weights
    /// drawn from the seed (the same weights for every kind of record).
    pub fn new(seed: u64, total: u32) -> Layout {
        let total = u64::from(total);
        let first = (total * FIRST_CLINIC_PERCENT).div_ceil(100);
        let rest = total - first;
        let weights: Vec<u64> = (2..=u64::from(CLINIC_COUNT))
            .map(|clinic| 500 + mix(seed, Kind::Layout, clinic, 0) % 1000)
            .collect();
        let weight_sum: u64 = weights.iter().sum();
        let mut counts: Vec<u64> = weights.iter().map(|w| rest * w / weight_sum).collect();
        // Largest remainder, ties to the lower clinic, so counts add up exactly.
        let mut order: Vec<usize> = (0..weights.len()).collect();
        order.sort_by_key(|&i| (std::cmp::Reverse(rest * weights[i] % weight_sum), i));
        let missing = rest - counts.iter().sum::<u64>();
        for &i in order.iter().take(missing as usize) {
            counts[i] += 1;
        }
        let mut ends = [0u32; CLINIC_COUNT as usize + 1];
        let mut end = first;
        ends[1] = end as u32;
        for (i, count) in counts.iter().enumerate() {
            end += count;
            ends[i + 2] = end as u32;
        }
        Layout { ends }
    }

    pub fn total(&self) -> u32 {
        self.ends[CLINIC_COUNT as usize]
    }

    /// Ids of clinic `clinic` (1..=12).
    pub fn ids(&self, clinic: u32) -> Range<u32> {
        let c = clinic as usize;
        self.ends[c - 1] + 1..self.ends[c] + 1
    }

    pub fn count(&self, clinic: u32) -> u32 {
        let c = clinic as usize;
        self.ends[c] - self.ends[c - 1]
    }

    /// One id of clinic `clinic`: the `pick`th of its ids, `pick` being given their count (a seeded
    /// record's client is drawn this way from the contacts of its clinic).
    pub fn one_of(&self, clinic: u32, pick: impl FnOnce(u64) -> u64) -> u32 {
        let ids = self.ids(clinic);
        ids.start + pick(u64::from(ids.end - ids.start)) as u32
    }

    /// Clinic of a seeded id (`1..=total`).
    pub fn clinic_of(&self, id: u32) -> u32 {
        self.ends.partition_point(|&end| end < id) as u32
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ranges_cover_every_id_once_and_clinic_one_holds_a_tenth() {
        for total in [0u32, 1, 7, 12, 200, 10_000, 1_000_001] {
            let layout = Layout::new(42, total);
            assert_eq!(layout.total(), total);
            let sum: u32 = (1..=CLINIC_COUNT).map(|c| layout.count(c)).sum();
            assert_eq!(sum, total);
            assert!(u64::from(layout.count(1)) * 10 >= u64::from(total));
            for clinic in 1..=CLINIC_COUNT {
                for id in [layout.ids(clinic).start, layout.ids(clinic).end - 1] {
                    if layout.ids(clinic).contains(&id) {
                        assert_eq!(layout.clinic_of(id), clinic);
                    }
                }
            }
        }
    }
}
