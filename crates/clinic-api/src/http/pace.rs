//! How fast requests go out: a window of requests in flight, and a pace (requests per second). Both start
//! wide open; an overloaded server (429, 503) halves them, and successes widen them again step by step,
//! so a walk slows down to what the server accepts instead of failing. A 503 now and then is a flaky
//! server, not an overloaded one: its request is retried alone and the pace stays.

use std::collections::VecDeque;
use std::sync::Mutex as SyncMutex;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use tokio::sync::{Mutex, Semaphore};

/// The slowest pace an overloaded server is met with, in requests per second.
const MIN_RATE: f64 = 0.25;
/// Above this pace the limit is dropped altogether.
const FREE_RATE: f64 = 500.0;
/// Each success raises the pace by this share: recovery is gradual, so the server is not hit again at
/// once by the rate that overloaded it.
const RECOVERY: f64 = 1.0 / 16.0;
/// One overload signal per this span halves the pace: the answers to a burst of concurrent requests that
/// all met the same overload count once.
const CUT_SPACING: Duration = Duration::from_secs(1);
/// The span over which the current rate is measured.
const MEASURE: Duration = Duration::from_secs(1);
/// How many of the latest answers are remembered to tell an overloaded server from a flaky one.
const RECENT: usize = 20;
/// Overload answers (503) among the [`RECENT`] latest that mean overload: half. Fewer are a flaky server's
/// failures, retried without slowing the walk; an explicit limit (429, `Retry-After`) always counts.
const OVERLOADED: usize = 10;

/// Spaces requests out in time once the server has said it is overloaded.
pub struct Pacer {
    state: SyncMutex<PaceState>,
}

struct PaceState {
    /// Time between two requests; `None` while unlimited.
    interval: Option<Duration>,
    /// The earliest start of the next request.
    next: Instant,
    /// Starts during the last [`MEASURE`], to know the rate that met the overload.
    starts: VecDeque<Instant>,
    last_cut: Option<Instant>,
    /// The latest answers: `true` for an overload answer.
    recent: VecDeque<bool>,
}

impl Default for Pacer {
    fn default() -> Self {
        Pacer {
            state: SyncMutex::new(PaceState {
                interval: None,
                next: Instant::now(),
                starts: VecDeque::new(),
                last_cut: None,
                recent: VecDeque::new(),
            }),
        }
    }
}

impl Pacer {
    /// Waits for this request's turn.
    pub async fn wait_turn(&self) {
        let now = Instant::now();
        let at = {
            let mut s = self.state.lock().unwrap();
            while s.starts.front().is_some_and(|t| now - *t > MEASURE) {
                s.starts.pop_front();
            }
            let at = match s.interval {
                None => now,
                Some(interval) => {
                    let slot = s.next.max(now);
                    s.next = slot + interval;
                    slot
                }
            };
            s.starts.push_back(at);
            at
        };
        if at > now {
            tokio::time::sleep_until(at.into()).await;
        }
    }

    /// An answer that may mean overload: a 429 or a `Retry-After` (`explicit`), or a 503. Returns
    /// whether the server is taken as overloaded (the pace is then halved): always when explicit, and
    /// for a 503 when [`OVERLOADED`] of the latest answers were such.
    pub fn overload(&self, explicit: bool) -> bool {
        let overloaded = {
            let mut s = self.state.lock().unwrap();
            remember(&mut s.recent, true);
            explicit || s.recent.iter().filter(|o| **o).count() >= OVERLOADED
        };
        if overloaded {
            self.slow_down();
        }
        overloaded
    }

    /// The server is overloaded: halve the pace (from the measured rate, the first time).
    fn slow_down(&self) {
        let now = Instant::now();
        let mut s = self.state.lock().unwrap();
        if s.last_cut.is_some_and(|t| now - t < CUT_SPACING) {
            return;
        }
        let rate = match s.interval {
            Some(interval) => 1.0 / interval.as_secs_f64(),
            None => (s.starts.len() as f64 / MEASURE.as_secs_f64()).max(2.0 * MIN_RATE),
        };
        let slower = (rate / 2.0).max(MIN_RATE);
        s.interval = Some(Duration::from_secs_f64(1.0 / slower));
        s.last_cut = Some(now);
    }

    /// A request went through: speed up a little.
    pub fn recover(&self) {
        let mut s = self.state.lock().unwrap();
        remember(&mut s.recent, false);
        if let Some(interval) = s.interval {
            let faster = (1.0 / interval.as_secs_f64()) * (1.0 + RECOVERY);
            s.interval = (faster < FREE_RATE).then(|| Duration::from_secs_f64(1.0 / faster));
        }
    }

    /// Requests per second allowed now; `None` when unlimited.
    #[cfg(test)]
    fn rate(&self) -> Option<f64> {
        let s = self.state.lock().unwrap();
        s.interval.map(|i| 1.0 / i.as_secs_f64())
    }
}

/// Adds an answer to the latest ones, forgetting the oldest beyond [`RECENT`].
fn remember(recent: &mut VecDeque<bool>, overload: bool) {
    if recent.len() == RECENT {
        recent.pop_front();
    }
    recent.push_back(overload);
}

/// The number of requests allowed in flight at once. It halves when the server signals overload
/// (429/503) and grows back one step per run of successes.
pub struct Window {
    semaphore: Semaphore,
    size: AtomicUsize,
    max: usize,
    successes: AtomicUsize,
    paused_until: Mutex<Option<Instant>>,
}

impl Window {
    pub fn new(max: usize) -> Window {
        Window {
            semaphore: Semaphore::new(max),
            size: AtomicUsize::new(max),
            max,
            successes: AtomicUsize::new(0),
            paused_until: Mutex::new(None),
        }
    }

    pub async fn acquire(&self) -> tokio::sync::SemaphorePermit<'_> {
        let until = *self.paused_until.lock().await;
        if let Some(until) = until {
            tokio::time::sleep_until(until.into()).await;
        }
        self.semaphore
            .acquire()
            .await
            .expect("the window semaphore is never closed")
    }

    /// Waits `wait`, and makes every other request wait at least as long.
    pub async fn pause(&self, wait: Duration) {
        let until = Instant::now() + wait;
        {
            let mut p = self.paused_until.lock().await;
            if p.is_none_or(|t| t < until) {
                *p = Some(until);
            }
        }
        tokio::time::sleep(wait).await;
    }

    pub fn narrow(&self) {
        self.successes.store(0, Ordering::Relaxed);
        let size = self.size.load(Ordering::Relaxed);
        let remove = size / 2;
        if remove == 0 {
            return;
        }
        if let Ok(permits) = self.semaphore.try_acquire_many(remove as u32) {
            permits.forget();
            self.size.fetch_sub(remove, Ordering::Relaxed);
        }
    }

    pub fn widen(&self) {
        let size = self.size.load(Ordering::Relaxed);
        if size >= self.max {
            return;
        }
        if self.successes.fetch_add(1, Ordering::Relaxed) + 1 >= 8 {
            self.successes.store(0, Ordering::Relaxed);
            self.size.fetch_add(1, Ordering::Relaxed);
            self.semaphore.add_permits(1);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn overload_halves_the_measured_rate_once_per_burst_and_successes_restore_it() {
        let p = Pacer::default();
        for _ in 0..8 {
            p.wait_turn().await;
        }
        assert_eq!(p.rate(), None);
        p.slow_down();
        assert_eq!(p.rate(), Some(4.0));
        // The other answers of the same burst do not cut it again.
        p.slow_down();
        assert_eq!(p.rate(), Some(4.0));
        for _ in 0..200 {
            p.recover();
        }
        assert_eq!(p.rate(), None, "back to unlimited");
    }
}
