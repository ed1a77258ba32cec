//! The sandbox as a standalone program, for benchmarks and manual runs:
//! `cargo run -p clinic-sandbox --example serve -- --scale 1000 --addr 127.0.0.1:0`.

use std::process::ExitCode;

use clap::Parser;

#[derive(Parser)]
#[command(
    name = "clinic-sandbox",
    about = "A stateful local imitation of the Clinic Results API, its CRM and IO hosts"
)]
struct Cli {
    #[command(flatten)]
    options: clinic_sandbox::Options,
}

#[tokio::main]
async fn main() -> ExitCode {
    let cli = Cli::parse();
    // The full start-up text, in the reader's language, is `clinic sandbox serve`'s; this program
    // prints the addresses (above) and one line.
    let banner = |s: &clinic_sandbox::Started| {
        format!("clinic-sandbox listening on {} (seed {})", s.addr, s.seed)
    };
    match clinic_sandbox::serve(cli.options, banner).await {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("clinic-sandbox: {error}");
            ExitCode::FAILURE
        }
    }
}
