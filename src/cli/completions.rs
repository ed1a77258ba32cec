//! `clinic completions SHELL`: the shell's registration script. Completion itself is dynamic: the shell
//! calls `clinic` back (`COMPLETE=<shell> clinic -- <words>`), so subcommands, flags and the names of
//! channels, campaigns, clinics, statuses… (from the local cache) are always current.

use clap::Args;

use crate::error::Result;
use crate::term::IoStreams;

use super::complete::registration;

#[derive(Args, Debug)]
pub struct CompletionsArgs {
    shell: clap_complete::Shell,
}

/// The shell's registration script, to `io`'s out.
pub fn run(args: CompletionsArgs, io: &IoStreams) -> Result<()> {
    let script = registration::script(args.shell)?;
    io.write_out(&script)?;
    Ok(())
}
