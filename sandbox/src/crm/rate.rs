//! The CRM's own request quota: a token bucket refilled at `rate` per second holding at most
//! `rate` tokens, so a burst of `rate` calls passes and anything faster is refused.

use std::sync::Mutex;
use std::time::Instant;

pub struct TokenBucket {
    rate: f64,
    state: Mutex<(f64, Instant)>,
}

impl TokenBucket {
    /// `rate` 0 turns the limit off.
    pub fn new(rate: u32) -> Self {
        let rate = f64::from(rate);
        TokenBucket {
            rate,
            state: Mutex::new((rate, Instant::now())),
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
        *tokens = (*tokens + now.duration_since(*last).as_secs_f64() * self.rate).min(self.rate);
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
    fn burst_is_the_rate_and_zero_is_off() {
        let bucket = TokenBucket::new(3);
        let passed = (0..10).filter(|_| bucket.try_take()).count();
        // Loose on purpose: the test must not depend on how fast the loop runs.
        assert!((3..10).contains(&passed), "{passed}");
        let off = TokenBucket::new(0);
        assert!((0..1000).all(|_| off.try_take()));
    }
}
