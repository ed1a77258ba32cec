//! The process's terminal streams in one place: where results (out) and messages (err) are written,
//! where typed answers are read from (input), and whether each of them is a terminal. Everything
//! the client prints reaches stdout and stderr through an [`IoStreams`]: `main` builds the
//! process's own once ([`IoStreams::system`]); a test builds one over memory
//! ([`IoStreams::captured`]) with the terminal facts it wants and reads back what a command wrote.
//! Only this module and `main.rs` name the process's stdout and stderr (`tests/layers.rs`).

use std::io::{self, BufRead, IsTerminal, Read, Write};
use std::sync::{Arc, Mutex};

/// A writer shared by every holder of the streams: each write goes whole to the stream, under its
/// lock.
type Shared = Arc<Mutex<Box<dyn Write + Send>>>;

/// Out, err and input, and which of them is a terminal: what a run prints through and reads from.
pub struct IoStreams {
    out: Shared,
    err: Shared,
    input: Mutex<Input>,
    terminals: Terminals,
    /// The terminal's width in columns, measured at start: only when stdout is a terminal.
    width: Option<u16>,
    /// Whether styled text (clap's help) keeps its styles on each stream: as `anstream` decides for
    /// the process's streams (a terminal, `NO_COLOR`, `CLICOLOR_FORCE`), never in memory.
    styles: (anstream::ColorChoice, anstream::ColorChoice),
    /// Where the records a walk counted go, when a program follows them rather than a screen
    /// (`clinic mcp`'s progress notifications): the count so far and the total once known.
    counted: Option<Counted>,
}

/// What is told the records a walk has counted so far, and how many it will read once known.
pub type Counted = Arc<dyn Fn(u64, Option<u64>) + Send + Sync>;

/// Which of the three streams is a terminal.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Terminals {
    pub stdin: bool,
    pub stdout: bool,
    pub stderr: bool,
}

impl Terminals {
    /// All three are a terminal: a person at the keyboard, watching.
    pub const ALL: Terminals = Terminals {
        stdin: true,
        stdout: true,
        stderr: true,
    };
}

enum Input {
    System,
    Memory(io::Cursor<Vec<u8>>),
}

/// What a command wrote into captured streams (see [`IoStreams::captured`]).
#[derive(Clone, Default)]
pub struct Captured {
    out: Arc<Mutex<Vec<u8>>>,
    err: Arc<Mutex<Vec<u8>>>,
}

impl Captured {
    /// Everything written to out so far.
    pub fn out(&self) -> Vec<u8> {
        self.out.lock().unwrap_or_else(|e| e.into_inner()).clone()
    }

    /// Everything written to err so far.
    pub fn err(&self) -> Vec<u8> {
        self.err.lock().unwrap_or_else(|e| e.into_inner()).clone()
    }
}

/// A `Vec` shared with a [`Captured`], written through a box like any stream.
struct Memory(Arc<Mutex<Vec<u8>>>);

impl Write for Memory {
    fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
        self.0
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .extend_from_slice(bytes);
        Ok(bytes.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

/// A handle on a [`Shared`] stream that can be handed to a sink as its own writer.
struct Handle(Shared);

impl Write for Handle {
    fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
        self.0
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .write(bytes)
    }

    fn write_all(&mut self, bytes: &[u8]) -> io::Result<()> {
        self.0
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .write_all(bytes)
    }

    fn flush(&mut self) -> io::Result<()> {
        self.0.lock().unwrap_or_else(|e| e.into_inner()).flush()
    }
}

impl IoStreams {
    /// The process's own stdin, stdout and stderr, with what they are measured once, at start.
    pub fn system() -> IoStreams {
        let terminals = Terminals {
            stdin: io::stdin().is_terminal(),
            stdout: io::stdout().is_terminal(),
            stderr: io::stderr().is_terminal(),
        };
        IoStreams {
            out: Arc::new(Mutex::new(Box::new(io::stdout()))),
            err: Arc::new(Mutex::new(Box::new(io::stderr()))),
            input: Mutex::new(Input::System),
            terminals,
            width: terminals.stdout.then(terminal_width).flatten(),
            styles: (
                anstream::AutoStream::choice(&io::stdout()),
                anstream::AutoStream::choice(&io::stderr()),
            ),
            counted: None,
        }
    }

    /// Streams over memory: `input` is what is typed, `terminals` which streams count as a
    /// terminal (a terminal's width is 100 columns). What is written is read back from the
    /// [`Captured`].
    pub fn captured(terminals: Terminals, input: &[u8]) -> (IoStreams, Captured) {
        let captured = Captured::default();
        let streams = IoStreams {
            out: Arc::new(Mutex::new(Box::new(Memory(captured.out.clone())))),
            err: Arc::new(Mutex::new(Box::new(Memory(captured.err.clone())))),
            input: Mutex::new(Input::Memory(io::Cursor::new(input.to_vec()))),
            terminals,
            width: terminals.stdout.then_some(100),
            styles: (anstream::ColorChoice::Never, anstream::ColorChoice::Never),
            counted: None,
        };
        (streams, captured)
    }

    /// Streams whose out is `out` (a file of the caller's) and whose err is kept in memory, read
    /// back from the [`Captured`]; nothing is typed and nothing is a terminal.
    pub fn captured_into(out: Box<dyn Write + Send>) -> (IoStreams, Captured) {
        let (mut streams, captured) = IoStreams::captured(Terminals::default(), b"");
        streams.out = Arc::new(Mutex::new(out));
        (streams, captured)
    }

    /// Where the records a walk counts are told, if anywhere.
    pub fn counted(&self) -> Option<Counted> {
        self.counted.clone()
    }

    /// These streams, the records a walk counts told to `counted` as they come.
    pub fn counting(mut self, counted: Counted) -> IoStreams {
        self.counted = Some(counted);
        self
    }

    /// Which streams are a terminal, as measured at start (or chosen by a test).
    pub fn terminals(&self) -> Terminals {
        self.terminals
    }

    /// Someone can answer a question: stdin and stderr are a terminal.
    pub fn can_prompt(&self) -> bool {
        self.terminals.stdin && self.terminals.stderr
    }

    /// The terminal's width, when stdout is one and it could be measured (`COLUMNS` first).
    pub fn width(&self) -> Option<u16> {
        self.width
    }

    /// A writer into out, for a sink that owns its writer.
    pub fn out(&self) -> Box<dyn Write + Send> {
        Box::new(Handle(self.out.clone()))
    }

    /// `bytes` to out, flushed.
    pub fn write_out(&self, bytes: &[u8]) -> io::Result<()> {
        let mut out = self.out.lock().unwrap_or_else(|e| e.into_inner());
        out.write_all(bytes)?;
        out.flush()
    }

    /// `text` to err, flushed: a prompt, a menu, lines already made safe by their writer. A failure
    /// is not returned: with stderr gone there is nowhere left to say anything.
    pub fn write_err(&self, text: &str) {
        let mut err = self.err.lock().unwrap_or_else(|e| e.into_inner());
        let _ = err.write_all(text.as_bytes());
        let _ = err.flush();
    }

    /// Text with terminal styles (clap's help and errors), to err or out: the styles are kept
    /// only where the stream shows them.
    pub fn write_styled(&self, to_err: bool, text: &str) -> io::Result<()> {
        let (stream, choice) = if to_err {
            (&self.err, self.styles.1)
        } else {
            (&self.out, self.styles.0)
        };
        let mut raw = stream.lock().unwrap_or_else(|e| e.into_inner());
        let mut styled = anstream::AutoStream::new(&mut **raw, choice);
        styled.write_all(text.as_bytes())?;
        styled.flush()
    }

    /// The rest of the input into `text` (`-` given for a file's name).
    pub fn read_to_end(&self, text: &mut String) -> io::Result<usize> {
        match &mut *self.input.lock().unwrap_or_else(|e| e.into_inner()) {
            Input::System => io::stdin().lock().read_to_string(text),
            Input::Memory(typed) => typed.read_to_string(text),
        }
    }

    /// One typed line into `line`, its end included; `Ok(0)` at the end of input (Ctrl-D).
    pub fn read_line(&self, line: &mut String) -> io::Result<usize> {
        match &mut *self.input.lock().unwrap_or_else(|e| e.into_inner()) {
            Input::System => io::stdin().lock().read_line(line),
            Input::Memory(typed) => typed.read_line(line),
        }
    }
}

/// How many columns the terminal prompts are drawn on (stderr) has: the prompt library draws there
/// itself, so a message it redraws must be broken to this width.
pub fn prompt_columns() -> usize {
    usize::from(dialoguer::console::Term::stderr().size().1)
}

fn terminal_width() -> Option<u16> {
    std::env::var("COLUMNS")
        .ok()
        .and_then(|c| c.parse().ok())
        .or_else(|| comfy_table::Table::new().width())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// What is written through a sink's own writer and through the streams lands in one place, in
    /// order; err is apart; typed lines are read one at a time, then the rest whole.
    #[test]
    fn captured_streams_keep_what_was_written_and_give_what_was_typed() {
        let (io, captured) = IoStreams::captured(Terminals::default(), b"one\ntwo\nthree\n");
        let mut sink = io.out();
        sink.write_all(b"a,b\n").unwrap();
        io.write_out(b"1,2\n").unwrap();
        io.write_err("note\n");
        assert_eq!(captured.out(), b"a,b\n1,2\n");
        assert_eq!(captured.err(), b"note\n");
        let mut line = String::new();
        assert_eq!(io.read_line(&mut line).unwrap(), 4);
        assert_eq!(line, "one\n");
        let mut rest = String::new();
        io.read_to_end(&mut rest).unwrap();
        assert_eq!(rest, "two\nthree\n");
        assert_eq!(io.read_line(&mut line).unwrap(), 0);
    }

    /// Styles reach only a stream that shows them: in memory, the text without its escapes.
    #[test]
    fn styled_text_loses_its_styles_where_they_are_not_shown() {
        let (io, captured) = IoStreams::captured(Terminals::ALL, b"");
        io.write_styled(false, "\u{1b}[1mUsage:\u{1b}[0m clinic\n")
            .unwrap();
        io.write_styled(true, "\u{1b}[31merror\u{1b}[0m\n").unwrap();
        assert_eq!(captured.out(), b"Usage: clinic\n");
        assert_eq!(captured.err(), b"error\n");
    }

    /// A terminal's width is known only when stdout is a terminal.
    #[test]
    fn the_width_is_the_terminals_only() {
        let (piped, _) = IoStreams::captured(Terminals::default(), b"");
        assert_eq!(piped.width(), None);
        let (screen, _) = IoStreams::captured(Terminals::ALL, b"");
        assert_eq!(screen.width(), Some(100));
        assert!(screen.can_prompt() && !piped.can_prompt());
    }
}
