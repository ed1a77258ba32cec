use std::process::ExitCode;

use clinic::stop_signals::{Listener, StopSignal};

fn main() -> ExitCode {
    clinic::allocator::one_heap();
    clinic::stop_signals::write_errors_not_file_size_signals();
    // Shell completion requests (`COMPLETE=bash clinic -- …`) are answered here, before anything else.
    clinic::cli::complete::note_shell();
    // The language comes first: help, completion descriptions and clap's errors are text too.
    let args: Vec<std::ffi::OsString> = std::env::args_os().collect();
    if let Err(e) = clinic::config::language::choose(&args) {
        // A completion request answers in the locale's language rather than not at all.
        if std::env::var_os(clinic::cli::complete::COMPLETE_VAR).is_none() {
            let message = clinic::error::error_text(&e);
            eprintln!("{}", clinic::t!("error-line", message = message));
            return ExitCode::from(e.exit_code() as u8);
        }
    }
    // Days named by a word (`hoje`, `--today`) are the profile's days, read as the flags are parsed.
    clinic::config::language::choose_zone(&args);
    clap_complete::CompleteEnv::with_factory(clinic::cli::command)
        .var(clinic::cli::complete::COMPLETE_VAR)
        .completer(clinic::cli::complete::registration::COMPLETER)
        .complete();
    // The process's streams, measured once: everything the run prints goes through them.
    let io = std::sync::Arc::new(clinic::term::IoStreams::system());
    let cli = clinic::cli::parse(&io);
    clinic::stop_signals::exit_on_panic();
    let runtime = match tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
    {
        Ok(rt) => rt,
        Err(e) => {
            let message = clinic::t!("cli-main-could-not-start", reason = e.to_string());
            eprintln!("{}", clinic::t!("error-line", message = message));
            return ExitCode::from(1);
        }
    };
    // The sandbox server handles SIGINT and SIGTERM itself, as a clean stop (exit 0).
    let handles_its_own_signals = matches!(cli.command, clinic::cli::Command::Sandbox(_));
    let code = runtime.block_on(async {
        if !handles_its_own_signals {
            // Listening starts before any work, so no signal can arrive while nobody listens.
            match Listener::install() {
                Ok(listener) => drop(tokio::spawn(stop_on_signal(listener))),
                Err(e) => {
                    let message = clinic::t!("cli-main-could-not-listen", reason = e.to_string());
                    eprintln!("{}", clinic::t!("error-line", message = message));
                    return 1;
                }
            }
        }
        let outcome = clinic::cli::run(cli, io.clone()).await;
        clinic::cli::exit_code(outcome, &io)
    });
    // Do not wait for stray background work (an abandoned request) once the answer is decided.
    runtime.shutdown_background();
    ExitCode::from(code as u8)
}

/// Ends the process on the first stop signal. This runs on a worker thread and exits from there,
/// because the thread running the command may be blocked (writing into a full pipe, reading a
/// prompt) and could not notice a cancellation.
async fn stop_on_signal(mut listener: Listener) {
    let StopSignal { name, exit_code } = listener.next().await;
    listener.restore_terminal();
    clinic::unfinished::abandon_all();
    eprintln!("{}", clinic::t!("cli-main-interrupted", signal = name));
    std::process::exit(exit_code.into());
}
