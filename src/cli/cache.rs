//! `clinic cache refresh|clear|path`: the local copy of the reference lists behind name resolution and
//! Tab completion.

use clap::Subcommand;

use super::args::ClinicArg;
use crate::context::Context;
use crate::error::{Error, Result};
use crate::show;

#[derive(Subcommand, Debug)]
pub enum CacheCommand {
    Refresh {
        #[command(flatten)]
        clinic: ClinicArg,
    },
    Clear,
    Path,
}

pub async fn run(ctx: &Context, cmd: CacheCommand) -> Result<()> {
    let cache = ctx.cache().ok_or_else(|| {
        Error::Usage("no cache here: set base_url (the sandbox keeps none)".into())
    })?;
    match cmd {
        CacheCommand::Refresh { clinic } => {
            let clinic = clinic.resolve(ctx).await?;
            let done = crate::refs::resolve::refresh_all(ctx, &cache, clinic).await?;
            let (lists, clinics) = (done.lists, done.clinics);
            ctx.reporter
                .note(&match crate::counts::plural(clinics as u64) {
                    crate::counts::Plural::One => format!(
                        "refreshed {lists} reference lists, the clinic-scoped ones for {clinics} clinic"
                    ),
                    crate::counts::Plural::Other => format!(
                        "refreshed {lists} reference lists, the clinic-scoped ones for {clinics} clinics"
                    ),
                });
            Ok(())
        }
        CacheCommand::Clear => {
            let n = cache.clear()?;
            ctx.reporter.note(&match crate::counts::plural(n as u64) {
                crate::counts::Plural::One => format!("removed {n} cached list"),
                crate::counts::Plural::Other => format!("removed {n} cached lists"),
            });
            Ok(())
        }
        CacheCommand::Path => show::line(ctx, &cache.dir().display().to_string()),
    }
}
