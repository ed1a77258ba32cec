//! A string that must never be shown: tokens, passwords, API keys, CRM webhook URLs.

use std::fmt;
use zeroize::Zeroizing;

/// Holds a secret. `Debug` and `Display` print `(redacted)`, so a secret that ends up in a log line, an
/// error or a panic message shows nothing; reading it takes an explicit [`Secret::expose`].
#[derive(Clone, PartialEq, Eq)]
pub struct Secret(Zeroizing<String>);

impl Secret {
    pub fn new(value: impl Into<String>) -> Self {
        Secret(Zeroizing::new(value.into()))
    }

    pub fn expose(&self) -> &str {
        &self.0
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
}

impl fmt::Debug for Secret {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("(redacted)")
    }
}

impl fmt::Display for Secret {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("(redacted)")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn never_formats_the_value() {
        let s = Secret::new("abc123");
        assert_eq!(
            format!("{s} {s:?} {:?}", Some(&s)),
            "(redacted) (redacted) Some((redacted))"
        );
        assert_eq!(s.expose(), "abc123");
    }
}
