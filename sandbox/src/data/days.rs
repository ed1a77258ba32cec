//! Ranges of days, as the date filters of the lists give them.

use super::rng::Day;

/// An inclusive range of days; either end may be open.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct DayRange {
    pub from: Option<i64>,
    pub to: Option<i64>,
}

impl DayRange {
    pub fn is_open(&self) -> bool {
        self.from.is_none() && self.to.is_none()
    }

    /// Whether `day` lies inside; an absent date (`None`) lies inside only an open range.
    pub fn contains(&self, day: Option<Day>) -> bool {
        if self.is_open() {
            return true;
        }
        let Some(day) = day else { return false };
        let day = i64::from(day);
        self.from.is_none_or(|from| day >= from) && self.to.is_none_or(|to| day <= to)
    }
}
