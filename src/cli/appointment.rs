//! `clinic appointment set-status`  [Entrada — Conversão e entrega]

use clap::Subcommand;
use reqwest::Method;
use serde_json::json;

use super::args;
use crate::context::Context;
use crate::error::Result;
use crate::http::Safety;
use crate::show;

#[derive(Subcommand, Debug)]
pub enum AppointmentCommand {
    /// Change an appointment's status (POST /mudaStatusAgendamento)  [Entrada — Conversão e entrega]
    ///
    /// Statuses come from `clinic ref appointment-statuses` (1 Agendado, 2 Confirmado, 3 Presente,
    /// 4 Executado, 5 Desmarcado, 6 Faltou, 7 Cancelado, 8 Bloqueio on most deployments).
    #[command(after_help = "Example:\n  clinic appointment set-status 12345 2")]
    SetStatus {
        /// Appointment ID
        #[arg(value_parser = args::id)]
        appointment: u64,
        /// New status: ID or name (e.g. 2 or Confirmado)
        #[arg(value_parser = crate::refs::resolve::parse_ref, add = clap_complete::ArgValueCompleter::new(crate::refs::complete::appointment_statuses))]
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
            let body = json!({"agendamento": appointment, "status": status});
            let client = ctx.api().await?;
            let answer = client
                .call(
                    Method::POST,
                    "/mudaStatusAgendamento",
                    &[],
                    Some(body),
                    Safety::Unsafe,
                )
                .await?;
            ctx.reporter.note(&crate::t!(
                "cli-appointment-status-set",
                appointment = appointment.to_string(),
                status = status.to_string()
            ));
            show::any(ctx, answer)
        }
    }
}
