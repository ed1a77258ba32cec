//! Yes/no questions at a terminal. The answer is a whole line, so `não` + Enter is read as one word
//! (a one-key reader would take the `n` and leave `ão` for the shell). Ctrl-D is a no.

use std::io::{BufRead, Write};

use crate::error::Result;
use crate::text::yes_no;

/// At a terminal, asks `question` (default no); in a script, where nobody can answer, fails with
/// `refusal`, a usage error that says which flag decides without asking.
pub fn confirm_or_refuse(question: &str, refusal: String) -> Result<bool> {
    use std::io::IsTerminal;
    if !std::io::stdin().is_terminal() || !std::io::stderr().is_terminal() {
        return Err(crate::error::Error::Usage(refusal));
    }
    yes_no(question, false)
}

/// Asks `question` on stderr until the line typed says yes or no; an empty line is `default`.
pub fn yes_no(question: &str, default: bool) -> Result<bool> {
    let stdin = std::io::stdin();
    let hint = if default {
        crate::t!("ask-default-yes")
    } else {
        crate::t!("ask-default-no")
    };
    loop {
        eprint!("{question} {hint} ");
        std::io::stderr().flush()?;
        let mut line = String::new();
        if stdin.lock().read_line(&mut line)? == 0 {
            // Ctrl-D: the cursor is still after the question.
            eprintln!();
            return Ok(false);
        }
        if line.trim().is_empty() {
            return Ok(default);
        }
        match yes_no::parse(&line) {
            Some(answer) => return Ok(answer),
            None => eprintln!("{}", crate::t!("ask-yes-or-no")),
        }
    }
}

/// The look of a typed answer's prompt (`dialoguer`): as its default, but a refused value is said
/// with the prefix every other error has, in the reader's language (`erro: esperado …`), never the
/// library's English `error:`.
pub struct PromptTheme;

impl dialoguer::theme::Theme for PromptTheme {
    /// The message is broken into lines that fit the terminal: the prompt library counts the lines
    /// it must clear on the next redraw by their line breaks, so a line the terminal wrapped itself
    /// would be half left on the screen, half cleared.
    fn format_error(&self, f: &mut dyn std::fmt::Write, err: &str) -> std::fmt::Result {
        let text = crate::t!("error-line", message = err);
        let columns = usize::from(dialoguer::console::Term::stderr().size().1);
        // One column spare: a line exactly as wide as the screen leaves some terminals' cursor on
        // the next line.
        let width = columns.saturating_sub(1).max(20);
        write!(f, "{}", crate::output::wrap(&text, width))
    }
}
