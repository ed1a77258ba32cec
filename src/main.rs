use std::process::ExitCode;

use clap::Parser;

fn main() -> ExitCode {
    // Shell completion requests (`COMPLETE=bash clinic -- …`) are answered here, before anything else.
    clap_complete::CompleteEnv::with_factory(<clinic::cli::Cli as clap::CommandFactory>::command)
        .var(clinic::cli::completions::COMPLETE_VAR)
        .completer(clinic::cli::completions::COMPLETER)
        .complete();
    let cli = clinic::cli::Cli::parse();
    let runtime = match tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
    {
        Ok(rt) => rt,
        Err(e) => {
            eprintln!("error: could not start: {e}");
            return ExitCode::from(1);
        }
    };
    let code = runtime.block_on(async {
        tokio::select! {
            result = clinic::cli::run(cli) => match result {
                Ok(()) => 0,
                Err(failure) => {
                    if failure.code != 0 {
                        eprintln!("error: {}", failure.message);
                    }
                    failure.code
                }
            },
            _ = tokio::signal::ctrl_c() => {
                eprintln!("interrupted");
                130
            }
        }
    });
    // Do not wait for stray background work (an abandoned request) once the answer is decided.
    runtime.shutdown_background();
    ExitCode::from(code as u8)
}
