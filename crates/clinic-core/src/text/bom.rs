//! The UTF-8 byte-order mark. Editors on Windows start files with one, and some services start
//! answers with one; JSON and TOML readers refuse it, though RFC 8259 §8.1 lets a reader skip it. Every
//! file the client reads (the config, state files, manifests, journals, password files, `--data @FILE`,
//! ID lists, schemas) goes through here first; answers skip it in the transport.

/// The mark's bytes.
pub const BOM: &[u8] = b"\xEF\xBB\xBF";

/// `text` without a leading byte-order mark.
pub fn strip(text: &str) -> &str {
    text.strip_prefix('\u{feff}').unwrap_or(text)
}

/// `bytes` without a leading byte-order mark.
pub fn strip_bytes(bytes: &[u8]) -> &[u8] {
    bytes.strip_prefix(BOM).unwrap_or(bytes)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_a_leading_mark_goes() {
        assert_eq!(strip("\u{feff}{\"a\":1}"), "{\"a\":1}");
        assert_eq!(strip("{\"a\":\"\u{feff}\"}"), "{\"a\":\"\u{feff}\"}");
        assert_eq!(strip_bytes(b"\xEF\xBB\xBF[1]"), b"[1]");
        assert_eq!(strip_bytes(b"[1]"), b"[1]");
    }
}
