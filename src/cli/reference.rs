//! `clinic ref …`: the reference lists that give IDs their names  [Saída — Apoio]

use clap::{Args, Subcommand};

use super::args::{self, ClinicsArg, Query};

use crate::context::Context;
use crate::error::Result;
use crate::network;
use crate::show;

/// A reference list with the clinic filter.
#[derive(Args, Debug, Default)]
pub struct ClinicList {
    #[command(flatten)]
    pub clinic: ClinicsArg,
}

/// A reference list with the clinic filter and closest-match name search.
#[derive(Args, Debug, Default)]
pub struct NamedList {
    #[arg(long, visible_alias = "nome", value_parser = args::name)]
    pub name: Option<String>,
    #[command(flatten)]
    pub clinic: ClinicsArg,
}

/// A reference list with name search and no clinic filter.
#[derive(Args, Debug, Default)]
pub struct NameOnly {
    #[arg(long, visible_alias = "nome", value_parser = args::name)]
    pub name: Option<String>,
}

#[derive(Subcommand, Debug)]
pub enum RefCommand {
    Clinics,
    Channels(NameOnly),
    Campaigns(NamedList),
    Services(NamedList),
    Sellers(ClinicList),
    Creators(ClinicList),
    AccountPlans(ClinicList),
    OperationTypes(ClinicList),
    AppointmentStatuses,
    QuoteStatuses,
    HasQuote,
}

pub async fn run(ctx: &Context, cmd: RefCommand) -> Result<()> {
    match cmd {
        RefCommand::Clinics => {
            show::api_list(
                ctx,
                &crate::api::CLINICS,
                vec![],
                &crate::t!("cli-what-clinics"),
            )
            .await
        }
        RefCommand::Channels(l) => {
            show::api_list(
                ctx,
                &crate::api::CHANNELS,
                Query::default().opt("nome", l.name).0.clone(),
                &crate::t!("cli-what-channels"),
            )
            .await
        }
        RefCommand::Campaigns(l) => {
            named(
                ctx,
                &crate::api::CAMPAIGNS,
                l,
                &crate::t!("cli-what-campaigns"),
            )
            .await
        }
        RefCommand::Services(l) => {
            named(
                ctx,
                &crate::api::SERVICES,
                l,
                &crate::t!("cli-what-services"),
            )
            .await
        }
        RefCommand::Sellers(l) => {
            clinic_list(ctx, &crate::api::SELLERS, l, &crate::t!("cli-what-sellers")).await
        }
        RefCommand::Creators(l) => {
            clinic_list(
                ctx,
                &crate::api::CREATORS,
                l,
                &crate::t!("cli-what-creators"),
            )
            .await
        }
        RefCommand::AccountPlans(l) => {
            clinic_list(
                ctx,
                &crate::api::ACCOUNT_PLANS,
                l,
                &crate::t!("cli-what-account-plans"),
            )
            .await
        }
        RefCommand::OperationTypes(l) => {
            clinic_list(
                ctx,
                &crate::api::OPERATION_TYPES,
                l,
                &crate::t!("cli-what-operation-types"),
            )
            .await
        }
        RefCommand::AppointmentStatuses => {
            show::unpaged(ctx, &crate::api::APPOINTMENT_STATUSES, vec![]).await
        }
        RefCommand::QuoteStatuses => show::unpaged(ctx, &crate::api::QUOTE_STATUSES, vec![]).await,
        RefCommand::HasQuote => show::unpaged(ctx, &crate::api::HAS_QUOTE, vec![]).await,
    }
}

pub async fn named(
    ctx: &Context,
    op: &'static crate::api::Operation,
    l: NamedList,
    what: &str,
) -> Result<()> {
    let query = |clinic: Option<u64>| {
        let mut q = Query::default();
        q.opt("clinica", clinic).opt("nome", l.name.as_ref());
        std::future::ready(Ok(q.0))
    };
    network::run_list(ctx, &l.clinic.clinics(), op, what, query).await
}

async fn clinic_list(
    ctx: &Context,
    op: &'static crate::api::Operation,
    l: ClinicList,
    what: &str,
) -> Result<()> {
    let query = |clinic: Option<u64>| {
        let mut q = Query::default();
        q.opt("clinica", clinic);
        std::future::ready(Ok(q.0))
    };
    network::run_list(ctx, &l.clinic.clinics(), op, what, query).await
}
