//! `clinic man`: manual pages generated from the command definitions, so they never drift from `--help`.

use std::path::PathBuf;

use clap::Args;

use crate::error::{Error, Result};

#[derive(Args, Debug)]
#[command(after_help = "Examples:
  clinic man | man -l -
  clinic man --dir ~/.local/share/man/man1 && man clinic-report-ficha-financeira")]
pub struct ManArgs {
    /// Write one page per command (clinic.1, clinic-report.1, …) into DIR instead of printing clinic.1
    #[arg(long, value_name = "DIR")]
    dir: Option<PathBuf>,
}

pub fn run(args: ManArgs) -> Result<()> {
    let cmd = super::command();
    match args.dir {
        Some(dir) => {
            std::fs::create_dir_all(&dir)
                .map_err(|e| Error::Other(format!("{}: {e}", dir.display())))?;
            clap_mangen::generate_to(cmd, &dir)
                .map_err(|e| Error::Other(format!("{}: {e}", dir.display())))?;
            Ok(())
        }
        None => {
            let mut out = std::io::stdout().lock();
            clap_mangen::Man::new(cmd).render(&mut out)?;
            Ok(())
        }
    }
}
