//! A write tool's confirmation by the person: the first call sends nothing and answers a preview of
//! the command it would run with a one-time code; only a second call that echoes the code, with the
//! same arguments, runs it. A code is good once, for the call it was made for.

use std::collections::HashMap;
use std::sync::Mutex;
use std::sync::atomic::{AtomicU64, Ordering};

use sha2::{Digest, Sha256};

/// The codes handed out and not yet used, each with the fingerprint of the call it confirms.
#[derive(Default)]
pub struct Pending {
    codes: Mutex<HashMap<String, String>>,
    made: AtomicU64,
}

impl Pending {
    /// A new code for the call whose fingerprint is `call`.
    pub fn ask(&self, call: &str) -> String {
        let count = self.made.fetch_add(1, Ordering::SeqCst);
        let now = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map(|d| d.as_nanos())
            .unwrap_or(0);
        let seed = format!("{now}:{count}:{}:{call}", std::process::id());
        let digest = Sha256::digest(seed.as_bytes());
        let code: String = digest.iter().take(4).map(|b| format!("{b:02X}")).collect();
        if let Ok(mut codes) = self.codes.lock() {
            codes.insert(code.clone(), call.to_string());
        }
        code
    }

    /// Whether `code` confirms the call `call`. The code is spent either way: a code tried on other
    /// arguments is good for nothing after.
    pub fn take(&self, code: &str, call: &str) -> bool {
        let Ok(mut codes) = self.codes.lock() else {
            return false;
        };
        codes
            .remove(code.trim())
            .is_some_and(|made_for| made_for == call)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_code_confirms_its_own_call_once() {
        let pending = Pending::default();
        let code = pending.ask("call-a");
        assert!(!pending.take("WRONG", "call-a"));
        assert!(pending.take(&code, "call-a"));
        assert!(!pending.take(&code, "call-a"), "a code is good once");
        let other = pending.ask("call-a");
        assert_ne!(other, code);
        assert!(
            !pending.take(&other, "call-b"),
            "a code is for its own arguments"
        );
        assert!(
            !pending.take(&other, "call-a"),
            "and spent when tried on others"
        );
    }
}
