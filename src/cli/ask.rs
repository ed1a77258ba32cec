//! Yes/no questions at a terminal. The answer is a whole line, so `não` + Enter is read as one word
//! (a one-key reader would take the `n` and leave `ão` for the shell). Ctrl-D is a no.

use crate::error::Result;
use crate::term::IoStreams;
use crate::text::yes_no;

/// At a terminal, asks `question` (default no); in a script, where nobody can answer, fails with
/// `refusal`, a usage error that says which flag decides without asking.
pub fn confirm_or_refuse(io: &IoStreams, question: &str, refusal: String) -> Result<bool> {
    if !io.can_prompt() {
        return Err(crate::error::Error::Usage(refusal));
    }
    yes_no(io, question, false)
}

/// Asks `question` on `io`'s err until the line typed says yes or no; an empty line is `default`.
pub fn yes_no(io: &IoStreams, question: &str, default: bool) -> Result<bool> {
    let hint = if default {
        crate::t!("ask-default-yes")
    } else {
        crate::t!("ask-default-no")
    };
    loop {
        io.write_err(&format!("{question} {hint} "));
        let mut line = String::new();
        if io.read_line(&mut line)? == 0 {
            // Ctrl-D: the cursor is still after the question.
            io.write_err("\n");
            return Ok(false);
        }
        if line.trim().is_empty() {
            return Ok(default);
        }
        match yes_no::parse(&line) {
            Some(answer) => return Ok(answer),
            None => io.write_err(&format!("{}\n", crate::t!("ask-yes-or-no"))),
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
        let columns = crate::term::prompt_columns();
        // One column spare: a line exactly as wide as the screen leaves some terminals' cursor on
        // the next line.
        let width = columns.saturating_sub(1).max(20);
        write!(f, "{}", crate::output::wrap(&text, width))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::term::Terminals;

    /// The question goes to err, asked again after an answer that is neither yes nor no; the typed
    /// lines come from the streams' input, and nothing is written to out.
    #[test]
    fn a_question_is_asked_on_err_until_the_answer_is_yes_or_no() {
        let (io, captured) = IoStreams::captured(Terminals::ALL, b"talvez\nsim\n");
        assert!(yes_no(&io, "Send?", false).unwrap());
        assert_eq!(
            String::from_utf8(captured.err()).unwrap(),
            "Send? [y/N] Answer y (yes) or n (no).\nSend? [y/N] "
        );
        assert_eq!(captured.out(), b"");

        // Ctrl-D (the end of input) is a no, and the line is ended.
        let (io, captured) = IoStreams::captured(Terminals::ALL, b"");
        assert!(!yes_no(&io, "Send?", true).unwrap());
        assert_eq!(captured.err(), b"Send? [Y/n] \n");
    }

    /// Where nobody can answer — stdin or stderr not a terminal — nothing is asked: the refusal
    /// names the flag that decides.
    #[test]
    fn without_a_terminal_the_question_is_a_refusal() {
        for terminals in [
            Terminals {
                stdin: false,
                ..Terminals::ALL
            },
            Terminals {
                stderr: false,
                ..Terminals::ALL
            },
        ] {
            let (io, captured) = IoStreams::captured(terminals, b"y\n");
            let refused = confirm_or_refuse(&io, "Create?", "use --if-exists".into());
            assert!(
                matches!(&refused, Err(crate::error::Error::Usage(m)) if m == "use --if-exists"),
                "{refused:?}"
            );
            assert_eq!(captured.err(), b"");
        }
    }
}
