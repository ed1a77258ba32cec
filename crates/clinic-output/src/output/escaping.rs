//! Output bound for a terminal, with the control characters of its values shown escaped (`\u{1b}`,
//! `\r`): a record's text could otherwise retitle the window (OSC), plant a link (OSC 8) or clear the
//! screen. Line breaks and tabs are the formats' own layout and pass. Pipes and files never get this:
//! they receive the data unchanged.

use std::io::{self, Write};

/// The lead byte of the two-byte UTF-8 encoding of U+0080–U+00BF, where the C1 controls live.
const C1_LEAD: u8 = 0xC2;

pub(crate) struct Escaping<W: Write> {
    inner: W,
    /// A C1 lead byte that ended the last write: what follows decides what it is.
    lead: bool,
}

impl<W: Write> Escaping<W> {
    pub(crate) fn new(inner: W) -> Self {
        Self { inner, lead: false }
    }
}

fn escaped(out: &mut Vec<u8>, c: char) {
    out.extend(c.escape_debug().to_string().bytes());
}

impl<W: Write> Write for Escaping<W> {
    fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
        let mut out = Vec::with_capacity(bytes.len() + 8);
        for &b in bytes {
            if std::mem::take(&mut self.lead) {
                if (0x80..=0x9F).contains(&b) {
                    escaped(&mut out, char::from(b));
                    continue;
                }
                out.push(C1_LEAD);
            }
            match b {
                C1_LEAD => self.lead = true,
                b'\n' | b'\t' => out.push(b),
                0x00..=0x1F | 0x7F => escaped(&mut out, char::from(b)),
                _ => out.push(b),
            }
        }
        self.inner.write_all(&out)?;
        Ok(bytes.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        // A pending lead byte waits for its partner, which a later write brings.
        self.inner.flush()
    }
}

impl<W: Write> Drop for Escaping<W> {
    fn drop(&mut self) {
        if self.lead {
            let _ = self.inner.write_all(&[C1_LEAD]);
            let _ = self.inner.flush();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn through(pieces: &[&[u8]]) -> String {
        let mut out = Vec::new();
        {
            let mut escaping = Escaping::new(&mut out);
            for piece in pieces {
                escaping.write_all(piece).unwrap();
                escaping.flush().unwrap();
            }
        }
        String::from_utf8(out).unwrap()
    }

    #[test]
    fn controls_are_escaped_and_layout_and_text_pass() {
        let osc = "title\u{1b}]0;pwned\u{7}\u{1b}]8;;http://x\u{1b}\\link\u{1b}[2J\r\u{7f}a\tb\nçé\u{9b}31m";
        assert_eq!(
            through(&[osc.as_bytes()]),
            "title\\u{1b}]0;pwned\\u{7}\\u{1b}]8;;http://x\\u{1b}\\link\\u{1b}[2J\\r\\u{7f}a\tb\nçé\\u{9b}31m"
        );
    }

    #[test]
    fn a_c1_control_split_between_writes_is_still_escaped() {
        let bytes = "a\u{9b}b é".as_bytes();
        let at = bytes.iter().position(|&b| b == C1_LEAD).unwrap() + 1;
        assert_eq!(through(&[&bytes[..at], &bytes[at..]]), "a\\u{9b}b é");
    }
}
