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
    let cache = crate::refs::cache::Cache::of(ctx)
        .ok_or_else(|| Error::Usage(crate::t!("cli-cache-none")))?;
    match cmd {
        CacheCommand::Refresh { clinic } => {
            let clinic = clinic.resolve(ctx).await?;
            let done = crate::refs::resolve::refresh_all(ctx, &cache, clinic).await?;
            let (lists, clinics) = (done.lists, done.clinics);
            ctx.reporter.note(&crate::t!(
                "cli-cache-refreshed",
                lists = lists,
                count = clinics
            ));
            Ok(())
        }
        CacheCommand::Clear => {
            let n = cache.clear()?;
            ctx.reporter
                .note(&crate::t!("cli-cache-cleared", count = n));
            Ok(())
        }
        CacheCommand::Path => show::line(ctx, &cache.dir().display().to_string()),
    }
}
