//! The CRM's own limits, kept on the client's side so that a long walk slows down instead of being
//! refused. Bitrix24 lets 2 requests a second through, in bursts of up to 50: a rate limiter shared
//! by every request of the run keeps ahead of it. It also counts the seconds each method runs in a
//! 10-minute window (480 by default), reported in every answer as `time.operating` and
//! `time.operating_reset_at`; past the budget it answers 429 `OPERATION_TIME_LIMIT` until the window
//! ends. So the client waits for that moment — before the limit when an answer says it is near, and
//! after a refusal — within `--max-operating-wait`, which is apart from `--max-wait`: the window is
//! longer than any ordinary retry.

use std::collections::HashMap;
use std::num::NonZeroU32;
use std::sync::Mutex;
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use governor::{DefaultDirectRateLimiter, Quota, RateLimiter};
use serde_json::Value;

/// Requests a second, sustained.
const PER_SECOND: NonZeroU32 = NonZeroU32::new(2).expect("not zero");
/// Requests let through at once after a quiet spell.
const BURST: NonZeroU32 = NonZeroU32::new(50).expect("not zero");
/// Bitrix's operating-time budget of one method per window, in seconds.
const OPERATING_BUDGET: f64 = 480.0;
/// The share of the budget from which calls of the method wait for the window's end.
const NEAR: f64 = 0.9;
/// How long past the announced end of a window the next call waits, for clocks that differ.
const MARGIN: Duration = Duration::from_millis(500);
/// How long to wait after a refusal when no answer said when the window ends.
const UNKNOWN_RESET: Duration = Duration::from_secs(60);

/// `--max-operating-wait` when not given.
pub const DEFAULT_MAX_OPERATING_WAIT: Duration = Duration::from_secs(15 * 60);

/// One method's window, as the latest answer told it.
#[derive(Debug, Clone, Copy, PartialEq)]
struct Window {
    operating: f64,
    /// Unix seconds.
    reset_at: f64,
}

pub struct Limits {
    requests: DefaultDirectRateLimiter,
    windows: Mutex<HashMap<String, Window>>,
    /// Waited for windows so far, against `max_operating_wait`.
    waited: Mutex<Duration>,
    max_operating_wait: Duration,
}

/// A wait for a method's window to end.
#[derive(Debug, PartialEq)]
pub struct Pause {
    pub wait: Duration,
    /// When it ends, in Unix seconds (to tell the person).
    pub until: f64,
}

impl Limits {
    pub fn new(max_operating_wait: Duration) -> Limits {
        Limits {
            requests: RateLimiter::direct(Quota::per_second(PER_SECOND).allow_burst(BURST)),
            windows: Mutex::new(HashMap::new()),
            waited: Mutex::new(Duration::ZERO),
            max_operating_wait,
        }
    }

    /// Waits for the request quota. Then, when the method's window is nearly spent, the pause due
    /// before calling it (`Err` when it would go past `--max-operating-wait`).
    pub async fn before(&self, method: &str) -> Result<Option<Pause>, Duration> {
        self.requests.until_ready().await;
        self.window_pause(method)
    }

    /// The pause due before calling `method` when its window is nearly spent: a call inside a
    /// `batch` request is charged to its own method, so the request waits for each of them.
    pub fn window_pause(&self, method: &str) -> Result<Option<Pause>, Duration> {
        let window = self.windows.lock().unwrap().get(method).copied();
        match window {
            Some(w) if w.operating >= NEAR * OPERATING_BUDGET => self.pause_until(w.reset_at),
            _ => Ok(None),
        }
    }

    /// Notes the `time` block of an answer of `method`.
    pub fn note(&self, method: &str, body: &[u8]) {
        if let Some(window) = window_of(body) {
            self.windows
                .lock()
                .unwrap()
                .insert(method.to_string(), window);
        }
    }

    /// Notes the time block of one call inside a `batch` answer (`result_time.<name>`).
    pub fn note_time(&self, method: &str, time: &Value) {
        if let Some(window) = window_in(time) {
            self.windows
                .lock()
                .unwrap()
                .insert(method.to_string(), window);
        }
    }

    /// After a refusal for operating time: the pause until the window ends, as the refusal or an
    /// earlier answer said (`Err` when it would go past `--max-operating-wait`).
    pub fn after_refusal(&self, method: &str, body: &[u8]) -> Result<Pause, Duration> {
        let known = window_of(body).or_else(|| self.windows.lock().unwrap().get(method).copied());
        let reset_at = match known {
            Some(w) if w.reset_at > now() => w.reset_at,
            _ => now() + UNKNOWN_RESET.as_secs_f64(),
        };
        self.pause_until(reset_at).map(|pause| {
            pause.unwrap_or(Pause {
                wait: MARGIN,
                until: reset_at,
            })
        })
    }

    /// The pause until `reset_at`, counted against the budget of waits; `Ok(None)` when it is past.
    fn pause_until(&self, reset_at: f64) -> Result<Option<Pause>, Duration> {
        let left = reset_at - now();
        if left <= 0.0 {
            return Ok(None);
        }
        let wait = Duration::from_secs_f64(left) + MARGIN;
        let mut waited = self.waited.lock().unwrap();
        if *waited + wait > self.max_operating_wait {
            return Err(*waited + wait);
        }
        *waited += wait;
        Ok(Some(Pause {
            wait,
            until: reset_at,
        }))
    }
}

/// `time.operating` and `time.operating_reset_at` of an answer, when it has them.
fn window_of(body: &[u8]) -> Option<Window> {
    let answer: Value = serde_json::from_slice(body).ok()?;
    window_in(answer.get("time")?)
}

/// `operating` and `operating_reset_at` of a time block.
fn window_in(time: &Value) -> Option<Window> {
    let number = |key: &str| match time.get(key)? {
        Value::Number(n) => n.as_f64(),
        Value::String(s) => s.trim().parse().ok(),
        _ => None,
    };
    Some(Window {
        operating: number("operating").unwrap_or(0.0),
        reset_at: number("operating_reset_at")?,
    })
}

fn now() -> f64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0.0, |d| d.as_secs_f64())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn body(operating: f64, reset_at: f64) -> Vec<u8> {
        format!(r#"{{"result": [], "time": {{"operating": {operating}, "operating_reset_at": {reset_at}}}}}"#)
            .into_bytes()
    }

    #[tokio::test]
    async fn a_nearly_spent_window_is_waited_for_before_the_call() {
        let limits = Limits::new(Duration::from_secs(60));
        let soon = now() + 2.0;
        limits.note("crm.contact.list", &body(10.0, soon));
        assert_eq!(limits.before("crm.contact.list").await, Ok(None));
        limits.note("crm.contact.list", &body(440.0, soon));
        let pause = limits.before("crm.contact.list").await.unwrap().unwrap();
        assert_eq!(pause.until, soon);
        assert!(pause.wait > Duration::from_secs(1) && pause.wait <= Duration::from_secs(3));
        assert_eq!(
            limits.before("crm.deal.list").await,
            Ok(None),
            "each method its own"
        );
    }

    #[test]
    fn a_refusal_waits_for_the_reset_it_names_within_the_budget() {
        let limits = Limits::new(Duration::from_secs(10));
        let pause = limits
            .after_refusal("batch", &body(500.0, now() + 5.0))
            .unwrap();
        assert!(pause.wait >= Duration::from_secs(4));
        // A second window as long goes past the 10 s budget.
        assert!(
            limits
                .after_refusal("batch", &body(500.0, now() + 5.0))
                .is_err()
        );
        // No time block: the window's end is not known, a minute is waited (past this budget).
        assert!(limits.after_refusal("x", b"{}").is_err());
    }
}
