//! `clinic completions SHELL`: the completion script for a shell, generated from the command tree.

use clap::{Args, CommandFactory};
use clap_complete::Shell;

use crate::error::Result;

#[derive(Args, Debug)]
#[command(after_help = "Examples:
  clinic completions bash > ~/.local/share/bash-completion/completions/clinic
  clinic completions zsh > \"${fpath[1]}/_clinic\"
  clinic completions fish > ~/.config/fish/completions/clinic.fish")]
pub struct CompletionsArgs {
    /// bash, zsh, fish, powershell or elvish
    shell: Shell,
}

pub fn run(args: CompletionsArgs) -> Result<()> {
    let mut out = std::io::stdout().lock();
    clap_complete::generate(args.shell, &mut super::Cli::command(), "clinic", &mut out);
    Ok(())
}
