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
    // The sandbox server handles SIGINT itself, as a clean stop (exit 0).
    let handles_interrupt = matches!(cli.command, clinic::cli::Command::Sandbox(_));
    let code = runtime.block_on(async {
        let run = async {
            match clinic::cli::run(cli).await {
                Ok(()) => 0,
                Err(failure) => {
                    if failure.code != 0 {
                        eprintln!("error: {}", failure.message);
                    }
                    failure.code
                }
            }
        };
        if handles_interrupt {
            return run.await;
        }
        tokio::select! {
            code = run => code,
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
