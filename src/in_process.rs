//! The program run inside a test's own process: streams over memory, and variables of the run's
//! own ([`Environment::given`]) instead of the process's, which every test shares. A test asserts the
//! bytes a command wrote to out and to err, and its exit status, as the binary would give them,
//! with no process spawned. Texts are in English: `main` chooses the language, once for the
//! process. Flags that clap reads from the environment (`CLINIC_PROFILE`, `CLINIC_TIMEOUT`…) still
//! come from the process's: give them as flags.

use std::sync::Arc;

use clap::FromArgMatches;

use crate::cli;
use crate::environment::Environment;
use crate::term::{IoStreams, Terminals};

/// What a command run in process left: its exit status and the bytes of out and err.
#[derive(Debug)]
pub struct Ran {
    pub code: i32,
    pub out: String,
    pub err: String,
}

/// `clinic ARGS…` run in this process: it reads `vars` and no other variable, the streams
/// `terminals` names are a terminal, and `input` is what is typed.
pub async fn run(vars: Environment, terminals: Terminals, input: &[u8], args: &[&str]) -> Ran {
    // The language is the process's, chosen once at start: a run that asks for another is the
    // binary's to test.
    assert!(
        !args
            .iter()
            .any(|a| *a == "--lang" || a.starts_with("--lang=")),
        "clinic {args:?}: --lang is chosen at start, for the whole process: run the binary"
    );
    // The client is built without a default TLS provider: the binary installs ring, as here.
    let _ = rustls::crypto::ring::default_provider().install_default();
    let line = std::iter::once("clinic").chain(args.iter().copied());
    let mut cmd = cli::command();
    let parsed = cmd
        .try_get_matches_from_mut(line)
        .and_then(|matches| cli::Cli::from_arg_matches(&matches));
    let cli = match parsed {
        Ok(cli) => cli,
        // As the binary gives it in English: clap's own words, on err for a usage error (exit 2),
        // on out for help and the version (exit 0).
        Err(e) => {
            let e = cli::with_value_shown(e.format(&mut cmd));
            let text = e.render().to_string();
            let (out, err) = match e.use_stderr() {
                true => (String::new(), text),
                false => (text, String::new()),
            };
            return Ran {
                code: e.exit_code(),
                out,
                err,
            };
        }
    };
    let mut global = cli.settings();
    global.command = args.iter().map(|a| a.to_string()).collect();
    global.env = vars;
    let (io, captured) = IoStreams::captured(terminals, input);
    let io = Arc::new(io);
    let outcome = cli::run_with(cli.command, global, io.clone()).await;
    let code = cli::exit_code(outcome, &io);
    Ran {
        code,
        out: String::from_utf8(captured.out()).expect("out is UTF-8"),
        err: String::from_utf8(captured.err()).expect("err is UTF-8"),
    }
}
