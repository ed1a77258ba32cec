//! Bitrix's operating-time limit: besides the request quota, each method may spend only so many
//! seconds running (480 by default) in a window (10 minutes) that starts with its first call. Every
//! answer says how much is spent (`time.operating`) and when the window ends
//! (`time.operating_reset_at`, Unix seconds); past the budget the method is refused with 429
//! `OPERATION_TIME_LIMIT` until then.

use std::collections::HashMap;
use std::sync::Mutex;
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

/// How one method's window stands.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Usage {
    /// Seconds spent in the window.
    pub operating: f64,
    /// When the window ends, in Unix seconds.
    pub reset_at: f64,
}

struct Window {
    started: Instant,
    started_wall: SystemTime,
    used: f64,
}

pub struct OperatingLimit {
    /// Seconds a method may spend in a window; 0 turns the limit off.
    budget: f64,
    window: Duration,
    /// The least a call is charged, so tests can reach a budget with fast calls.
    least: Duration,
    methods: Mutex<HashMap<String, Window>>,
}

impl OperatingLimit {
    pub fn new(budget: f64, window: Duration, least: Duration) -> OperatingLimit {
        OperatingLimit {
            budget,
            window,
            least,
            methods: Mutex::new(HashMap::new()),
        }
    }

    /// Before a call of `method`: `Err` with the window's state when its budget is spent.
    pub fn check(&self, method: &str) -> Result<(), Usage> {
        if self.budget <= 0.0 {
            return Ok(());
        }
        let mut methods = self.methods.lock().unwrap_or_else(|e| e.into_inner());
        match self.current(&mut methods, method) {
            Some(w) if w.used >= self.budget => Err(self.usage(w)),
            _ => Ok(()),
        }
    }

    /// After a call of `method` that ran for `elapsed`: charges it (at least the least charge).
    pub fn charge(&self, method: &str, elapsed: Duration) -> Usage {
        let mut methods = self.methods.lock().unwrap_or_else(|e| e.into_inner());
        if self.current(&mut methods, method).is_none() {
            methods.insert(
                method.to_string(),
                Window {
                    started: Instant::now(),
                    started_wall: SystemTime::now(),
                    used: 0.0,
                },
            );
        }
        let w = methods.get_mut(method).expect("inserted above");
        w.used += elapsed.max(self.least).as_secs_f64();
        self.usage(w)
    }

    /// The method's window, forgotten once it has ended.
    fn current<'a>(
        &self,
        methods: &'a mut HashMap<String, Window>,
        method: &str,
    ) -> Option<&'a Window> {
        if methods
            .get(method)
            .is_some_and(|w| w.started.elapsed() >= self.window)
        {
            methods.remove(method);
        }
        methods.get(method)
    }

    fn usage(&self, w: &Window) -> Usage {
        let start = w
            .started_wall
            .duration_since(UNIX_EPOCH)
            .map_or(0.0, |d| d.as_secs_f64());
        Usage {
            operating: (w.used * 1000.0).round() / 1000.0,
            reset_at: (start + self.window.as_secs_f64()).ceil(),
        }
    }
}

impl Default for OperatingLimit {
    /// Bitrix's own: 480 seconds of running time per method in 10 minutes.
    fn default() -> Self {
        OperatingLimit::new(480.0, Duration::from_secs(600), Duration::ZERO)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_spent_budget_refuses_until_the_window_ends() {
        let limit =
            OperatingLimit::new(0.25, Duration::from_millis(300), Duration::from_millis(100));
        for _ in 0..3 {
            assert!(limit.check("crm.contact.list").is_ok());
            limit.charge("crm.contact.list", Duration::ZERO);
        }
        let refused = limit.check("crm.contact.list").unwrap_err();
        assert!((refused.operating - 0.3).abs() < 1e-9);
        assert!(limit.check("crm.deal.list").is_ok(), "each method its own");
        std::thread::sleep(Duration::from_millis(320));
        assert!(limit.check("crm.contact.list").is_ok());
    }
}
