//! `clinic report appointments|ficha-financeira|summary`  [Saída — Entrega e retenção / Saída — Conversão]

use clap::Subcommand;

use crate::context::Context;
use crate::error::Result;
use crate::network;

mod incremental;
mod lists;
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

/// Whether `--since` can be given to `cmd`: a report whose list has a modified-since filter.
pub fn takes_since(cmd: &Option<&ReportCommand>) -> bool {
    matches!(cmd, Some(ReportCommand::FichaFinanceira(_)))
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
        ReportCommand::FichaFinanceira(mut f) => {
            check_ficha(&f)?;
            let run = incremental::Run::start(ctx, "report ficha-financeira", &format!("{f:?}"))?;
            f.modified_from = run.since_date(f.modified_from)?;
            let walked = network::run_wide_list(
                ctx,
                &f.clinic.clinics(),
                FICHA_PATH,
                &crate::t!("cli-what-quotes"),
                FICHA_COLUMNS,
                |c| ficha_query(ctx, &f, c),
            )
            .await;
            run.finish(ctx, walked)
        }
        ReportCommand::Summary(s) => summary::run(ctx, *s).await,
    }
}
