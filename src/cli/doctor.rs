//! `clinic doctor`: checks the configuration, the proxy (when one is used), each host, the token,
//! the credential store, the name cache and the completion of the user's shell, one line each, and
//! fails when any check fails.

use std::sync::Arc;

use clap::Args;

use super::checks::{self, Check, Status};
use super::failure::Failure;
use crate::context::Context;
use crate::error::Error;
use crate::global_flags::Settings;
use crate::term::IoStreams;

#[derive(Args, Debug)]
pub struct DoctorArgs {
    #[arg(long)]
    pub probe: bool,
    #[arg(long)]
    pub unattended: bool,
}

/// Runs every check. A configuration that cannot even be read is itself the failing check.
pub async fn run(
    global: Settings,
    args: DoctorArgs,
    io: Arc<IoStreams>,
) -> std::result::Result<(), Failure> {
    if args.unattended {
        crate::context::run_unattended();
    }
    let ctx = match Context::new(global, io.clone()).await {
        Ok(ctx) => ctx,
        Err(e) => {
            let check = Check {
                name: "config",
                status: Status::Fail,
                detail: e.to_string().into(),
            };
            io.write_out(format!("{}\n", check.line()).as_bytes())
                .map_err(|e| Failure::from(Error::from(e)))?;
            return Err(Failure::from(Error::Other(crate::t!(
                "cli-doctor-config-unreadable"
            ))));
        }
    };
    let mut checks = all(&ctx).await;
    if args.unattended {
        checks.push(checks::unattended(&ctx));
    }
    if args.probe {
        checks.extend(super::probe::conventions(&ctx).await);
    }
    let result = checks::report(&ctx, checks);
    let reporter = ctx.reporter.clone();
    ctx.shutdown().await;
    result.map_err(|e| Failure {
        code: e.exit_code(),
        message: reporter.redact(&e.to_string()),
    })
}

async fn all(ctx: &Context) -> Vec<Check> {
    let (proxy, base, token, store, io, automation, crm, clinic) = futures::join!(
        checks::proxy::check(ctx),
        checks::host(ctx, "base_url", true),
        checks::token(ctx),
        checks::credential_store(ctx),
        checks::host(ctx, "io_url", false),
        checks::host(ctx, "automation_url", false),
        checks::crm(ctx),
        checks::clinic(ctx),
    );
    // The proxy first: when it refuses, every host line after it says so.
    [checks::config_file(ctx)]
        .into_iter()
        .chain(proxy)
        .chain([
            base,
            token,
            store,
            clinic,
            io,
            checks::io_key(ctx),
            automation,
            checks::webhook(ctx),
            crm,
            checks::units(ctx),
            checks::cache(ctx),
            checks::shell::completions(ctx.env()),
        ])
        .collect()
}
