//! `clinic report appointments|ficha-financeira|summary`  [Saída — Entrega e retenção / Saída — Conversão]

use clap::Subcommand;

use crate::context::Context;
use crate::error::Result;
use crate::network;

use incremental::{Export, Run};

mod incremental;
mod lists;
mod selection;
pub mod summary;

use lists::{
    APPOINTMENT_COLUMNS, APPOINTMENTS, AppointmentsArgs, FICHA, FICHA_COLUMNS, FichaArgs,
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
        ReportCommand::Appointments(mut a) => {
            a.apply_shortcuts();
            check_appointments(&a)?;
            let export = Export {
                report: "report appointments",
                selection: selection::appointments(&a),
                legacy: format!("{a:?}"),
                documented: APPOINTMENT_FIELDS,
            };
            let run = Run::start(ctx, &export)?;
            // The front desk reads a day in the order it happens; `--sort` says otherwise.
            ctx.sort_by_default(
                ["data_agendamento", "hora_inicio"]
                    .map(|field| crate::sort::SortKey {
                        field: field.to_string(),
                        descending: false,
                    })
                    .to_vec(),
            );
            let walked = network::run_wide_list(
                ctx,
                &a.clinic.clinics(),
                APPOINTMENTS,
                &crate::t!("cli-what-appointments"),
                APPOINTMENT_COLUMNS,
                |c| appointments_query(ctx, &a, c),
            )
            .await;
            run.finish(ctx, walked)
        }
        ReportCommand::FichaFinanceira(mut f) => {
            check_ficha(&f)?;
            let export = Export {
                report: "report ficha-financeira",
                selection: selection::ficha(&f),
                legacy: format!("{f:?}"),
                documented: FICHA_FIELDS,
            };
            let mut run = Run::start(ctx, &export)?;
            let given = f.modified_from;
            f.modified_from = run.since_date(given)?;
            let mut walked = ficha(ctx, &f).await;
            if walked.is_ok() && run.again_in_full(ctx) {
                f.modified_from = given;
                walked = ficha(ctx, &f).await;
            }
            run.finish(ctx, walked)
        }
        ReportCommand::Summary(s) => summary::run(ctx, *s).await,
    }
}

/// The Ficha Financeira walked into the output.
async fn ficha(ctx: &Context, f: &FichaArgs) -> Result<()> {
    network::run_wide_list(
        ctx,
        &f.clinic.clinics(),
        FICHA,
        &crate::t!("cli-what-quotes"),
        FICHA_COLUMNS,
        |c| ficha_query(ctx, f, c),
    )
    .await
}

/// The fields the service documents for a quote: the columns of an empty export when no earlier run
/// saw any.
const FICHA_FIELDS: &[&str] = &[
    "id",
    "codigo",
    "clinica",
    "unidade",
    "data",
    "criado_em",
    "id_criado_por",
    "criado_por",
    "modificado_em",
    "id_modificado_por",
    "modificado_por",
    "id_status",
    "status",
    "inativo",
    "id_plano_de_conta",
    "plano_de_conta",
    "id_vendedor",
    "vendedor",
    "id_cliente",
    "cliente",
    "telefone",
    "avaliacao_realizada",
    "data_avaliacao",
    "id_tipo_operacao",
    "tipo_operacao",
    "conta_bancaria",
    "observacoes_contratuais",
    "observacoes_venda",
    "produtos",
    "procedimentos",
    "tipo_orcamento",
    "valor",
    "valor_original",
    "data_pagamento",
    "forma_pagamento",
    "contrato",
    "id_campanha",
    "campanha",
    "id_canal",
    "canal",
    "cortesia",
    "empresa",
    "venda_avulsa",
];

/// The fields the service documents for an appointment.
const APPOINTMENT_FIELDS: &[&str] = &[
    "id",
    "clinica",
    "unidade",
    "criado_em",
    "data_agendamento",
    "hora_inicio",
    "hora_fim",
    "id_cliente",
    "nome_cliente",
    "telefone_cliente",
    "id_tipo_agendamento",
    "tipo_agendamento",
    "id_servico",
    "servico",
    "profissional",
    "sala",
    "id_status",
    "status",
    "avaliacao_possui",
    "observacao",
];
