//! `clinic appointment set-status`  [Entrada — Conversão e entrega]

use clap::Subcommand;

use super::args;
use crate::api::ops;
use crate::context::Context;
use crate::error::Result;
use crate::show;

#[derive(Subcommand, Debug)]
pub enum AppointmentCommand {
    SetStatus {
        #[arg(value_parser = args::id)]
        appointment: u64,
        #[arg(value_parser = crate::refs::resolve::parse_ref, add = clap_complete::ArgValueCompleter::new(crate::cli::complete::names::appointment_statuses))]
        status: crate::refs::Ref,
    },
}

pub async fn run(ctx: &Context, cmd: AppointmentCommand) -> Result<()> {
    match cmd {
        AppointmentCommand::SetStatus {
            appointment,
            status,
        } => {
            let status = crate::refs::resolve::resolve(
                ctx,
                crate::refs::Kind::AppointmentStatuses,
                "STATUS",
                &status,
                None,
            )
            .await?;
            let change = ops::StatusChange {
                appointment,
                status,
            };
            let client = ctx.api().await?;
            let answer = ops::appointment_set_status(&client, &change).await?;
            // The status by its name, as the front desk knows it: from the list (cached, or read
            // now); a list that cannot be read leaves the number, never fails a write that was made.
            let name =
                crate::refs::resolve::list(ctx, crate::refs::Kind::AppointmentStatuses, None)
                    .await
                    .ok()
                    .and_then(|entries| entries.into_iter().find(|e| e.id == status))
                    .map(|e| e.name);
            let note = match name {
                Some(name) => crate::t!(
                    "cli-appointment-status-set-named",
                    appointment = appointment.to_string(),
                    name = name,
                    status = status.to_string()
                ),
                None => crate::t!(
                    "cli-appointment-status-set",
                    appointment = appointment.to_string(),
                    status = status.to_string()
                ),
            };
            ctx.reporter.note(&note);
            show::any(ctx, answer)
        }
    }
}
