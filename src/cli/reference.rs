//! `clinic ref …`: the reference lists that give IDs their names  [Saída — Apoio]

use clap::Subcommand;

use super::args::Query;
use super::ref_list::{ClinicList, NameOnly, NamedList, clinic_list, named};
use crate::context::Context;
use crate::error::Result;
use crate::show;

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
