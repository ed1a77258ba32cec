//! Text that came from a server, made safe to show on a terminal: a message may carry escape sequences
//! that recolour, retitle or clear the screen, carriage returns that overwrite what was printed, or line
//! breaks that forge a line of our own (`error: …`). Everything written to stderr passes through here.

/// How much of a server's own words an error shows.
pub const SERVER_TEXT_MAX: usize = 300;

/// The longest error line shown, whatever it holds.
pub const ERROR_LINE_MAX: usize = 1000;

/// `text` as one line: escape sequences removed, line breaks and tabs turned into single spaces, and
/// every other control character (C0, DEL, C1) and bidirectional override dropped.
pub fn one_line(text: &str) -> String {
    if text.chars().all(|c| !c.is_control() && !is_bidi_control(c)) {
        return text.to_string();
    }
    // A bare CR or tab is spacing, not a sequence: make it a space before the parser drops it unseen.
    let spaced: String = text
        .chars()
        .map(|c| if is_break(c) { '\n' } else { c })
        .collect();
    let stripped = strip_ansi_escapes::strip_str(&spaced);
    let mut out = String::with_capacity(stripped.len());
    let mut in_break = false;
    for c in stripped.chars() {
        if is_break(c) {
            if !in_break {
                out.push(' ');
            }
            in_break = true;
            continue;
        }
        in_break = false;
        if !c.is_control() && !is_bidi_control(c) {
            out.push(c);
        }
    }
    out
}

/// [`one_line`], cut to at most `max` characters (an ellipsis marks the cut).
pub fn excerpt(text: &str, max: usize) -> String {
    let line = one_line(text);
    let line = line.trim();
    if line.chars().count() <= max {
        return line.to_string();
    }
    let mut cut: String = line.chars().take(max.saturating_sub(1)).collect();
    cut.push('…');
    cut
}

/// A server's message, ready to sit inside one of our own error lines.
pub fn server_text(text: &str) -> String {
    excerpt(text, SERVER_TEXT_MAX)
}

/// `text` between double quotes, as it was typed: a Windows path keeps its single backslashes
/// (`"C:\\users\\José"` would read as another path), and only what would not show (line breaks,
/// controls, bidirectional overrides) is escaped, so the value stays on one line and means one thing.
pub fn quoted(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 2);
    out.push('"');
    for c in text.chars() {
        if c.is_control() || is_bidi_control(c) {
            out.extend(c.escape_debug());
        } else {
            out.push(c);
        }
    }
    out.push('"');
    out
}

/// `text` on one line with every character that would not show as itself made a visible escape:
/// line breaks and tabs as `\n`, `\r`, `\t`, every other control (C0, DEL, C1), bidirectional mark
/// or override and line or paragraph separator as `\u{202e}`. What a person is asked to approve then
/// reads as what it is: a newline cannot start a forged line, nor U+202E turn a value around.
pub fn escaped(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if c.is_control() || is_bidi_control(c) || matches!(c, '\u{2028}' | '\u{2029}') => {
                out.push_str(&format!("\\u{{{:x}}}", c as u32));
            }
            c => out.push(c),
        }
    }
    out
}

/// Characters that end or space a line: each run of them becomes one space.
fn is_break(c: char) -> bool {
    matches!(
        c,
        '\n' | '\r' | '\t' | '\u{0b}' | '\u{0c}' | '\u{85}' | '\u{2028}' | '\u{2029}'
    )
}

/// Unicode controls that reorder how a line reads (a message could make a URL look like another).
/// Marks and overrides that reorder text on screen (U+202E turns what follows around).
pub fn is_bidi_control(c: char) -> bool {
    matches!(
        c,
        '\u{061c}' | '\u{200e}' | '\u{200f}' | '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}'
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn escape_sequences_and_controls_are_removed() {
        assert_eq!(
            one_line("bad \x1b[31mred\x1b[0m\r\x07\nerror: forged"),
            "bad red error: forged"
        );
        assert_eq!(one_line("title\x1b]0;owned\x07 done"), "title done");
        assert_eq!(one_line("a\u{9b}31mb\u{202e}c\u{7f}"), "a31mbc");
        assert_eq!(one_line("two\r\n\r\nlines\ttab"), "two lines tab");
        assert_eq!(one_line("plain text, acentuação"), "plain text, acentuação");
    }

    #[test]
    fn a_quoted_value_reads_as_typed_with_only_what_would_not_show_escaped() {
        assert_eq!(
            quoted(r"C:\users\José\Área de Trabalho\novos contatos.csv"),
            r#""C:\users\José\Área de Trabalho\novos contatos.csv""#
        );
        assert_eq!(quoted("a\nb\u{202e}c"), r#""a\nb\u{202e}c""#);
    }

    #[test]
    fn escaped_text_shows_every_hidden_character_on_one_line() {
        assert_eq!(
            escaped("Ana\nSouza\u{1b}[2J\u{202e}x\u{9b}\u{7f}\u{2028}\u{61c}\t"),
            r"Ana\nSouza\u{1b}[2J\u{202e}x\u{9b}\u{7f}\u{2028}\u{61c}\t"
        );
        assert_eq!(escaped("acentuação, sem nada"), "acentuação, sem nada");
    }

    #[test]
    fn excerpts_are_capped() {
        let long = "x".repeat(1000);
        let e = excerpt(&long, 300);
        assert_eq!(e.chars().count(), 300);
        assert!(e.ends_with('…'));
        assert_eq!(excerpt("  short\n", 300), "short");
    }

    proptest! {
        #[test]
        fn nothing_but_printable_text_on_one_line(text in any::<String>()) {
            let line = one_line(&text);
            prop_assert!(!line.chars().any(|c| c.is_control() || is_bidi_control(c)), "{:?}", line);
            prop_assert!(excerpt(&text, 50).chars().count() <= 50);
            let shown = escaped(&text);
            prop_assert!(!shown.chars().any(|c| c.is_control() || is_bidi_control(c)
                || matches!(c, '\u{2028}' | '\u{2029}')), "{:?}", shown);
        }
    }
}
