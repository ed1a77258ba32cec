//! The CRM's own request quota: a token bucket refilled at `rate` per second holding at most
//! `burst` tokens and starting full, so a burst of `burst` calls passes and then anything faster
//! than `rate` is refused (Bitrix24: 2 a second, in bursts of 50).

use std::sync::Mutex;
use std::time::Instant;

pub struct TokenBucket {
    rate: f64,
    capacity: f64,
    state: Mutex<(f64, Instant)>,
}

impl TokenBucket {
    /// `rate` 0 turns the limit off; a `burst` of 0 counts as 1, or nothing would ever pass.
    pub fn new(rate: u32, burst: u32) -> Self {
        let capacity = f64::from(burst.max(1));
        TokenBucket {
            rate: f64::from(rate),
            capacity,
            state: Mutex::new((capacity, Instant::now())),
        }
    }

    /// Takes one token; false when none is left.
    pub fn try_take(&self) -> bool {
        if self.rate == 0.0 {
            return true;
        }
        let mut state = self.state.lock().unwrap_or_else(|e| e.into_inner());
        let (tokens, last) = &mut *state;
        let now = Instant::now();
        *tokens =
            (*tokens + now.duration_since(*last).as_secs_f64() * self.rate).min(self.capacity);
        *last = now;
        if *tokens >= 1.0 {
            *tokens -= 1.0;
            true
        } else {
            false
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_full_burst_passes_then_the_rate_and_zero_is_off() {
        let bucket = TokenBucket::new(3, 3);
        let passed = (0..10).filter(|_| bucket.try_take()).count();
        // Loose on purpose: the test must not depend on how fast the loop runs.
        assert!((3..10).contains(&passed), "{passed}");
        let bursty = TokenBucket::new(2, 50);
        let passed = (0..80).filter(|_| bursty.try_take()).count();
        assert!((50..80).contains(&passed), "{passed}");
        let off = TokenBucket::new(0, 50);
        assert!((0..1000).all(|_| off.try_take()));
    }
}
