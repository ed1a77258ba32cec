//! `clinic report appointments|ficha-financeira|summary`  [Saída — Entrega e retenção / Saída — Conversão]

use clap::Subcommand;

use crate::context::Context;
use crate::error::Result;
use crate::network;

pub mod lists;
pub mod summary;

use lists::{
    APPOINTMENT_COLUMNS, APPOINTMENTS_PATH, AppointmentsArgs, FICHA_COLUMNS, FICHA_PATH, FichaArgs,
    appointments_query, check_appointments, check_ficha, ficha_query,
};

#[derive(Subcommand, Debug)]
pub enum ReportCommand {
    Appointments(AppointmentsArgs),
    FichaFinanceira(Box<FichaArgs>),
    #[command(args_conflicts_with_subcommands = true)]
    Summary(Box<summary::SummaryArgs>),
}

pub async fn run(ctx: &Context, cmd: ReportCommand) -> Result<()> {
    match cmd {
        ReportCommand::Appointments(a) => {
            check_appointments(&a)?;
            network::run_wide_list(
                ctx,
                &a.clinic.clinics(),
                APPOINTMENTS_PATH,
                &crate::t!("cli-what-appointments"),
                APPOINTMENT_COLUMNS,
                |c| appointments_query(ctx, &a, c),
            )
            .await
        }
        ReportCommand::FichaFinanceira(f) => {
            check_ficha(&f)?;
            network::run_wide_list(
                ctx,
                &f.clinic.clinics(),
                FICHA_PATH,
                &crate::t!("cli-what-quotes"),
                FICHA_COLUMNS,
                |c| ficha_query(ctx, &f, c),
            )
            .await
        }
        ReportCommand::Summary(s) => summary::run(ctx, *s).await,
    }
}
