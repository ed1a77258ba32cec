//! `clinic sandbox serve`: the local imitation of the whole API, for trying the tool and for tests.

use clap::Subcommand;

use crate::error::{Error, Result};

#[derive(Subcommand, Debug)]
pub enum SandboxCommand {
    Serve(clinic_sandbox::Options),
}

pub async fn run(cmd: SandboxCommand) -> Result<()> {
    match cmd {
        SandboxCommand::Serve(opts) => clinic_sandbox::serve(opts).await.map_err(|e| match e {
            // Refused options are the user's input: exit 2, like any other bad flag.
            clinic_sandbox::Error::NotLoopback(..) | clinic_sandbox::Error::InvalidOption(..) => {
                Error::Usage(e.to_string())
            }
            other => Error::Other(other.to_string()),
        }),
    }
}
