//! The flags of a reference list (a clinic filter, a name search) and its walk: what `clinic ref …`
//! and `clinic campaign list` share.

use clap::Args;

use super::args::{self, ClinicsArg, Query};
use crate::context::Context;
use crate::error::Result;
use crate::network;

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

/// Walks `op` for each clinic of `l`, its names near `--name`.
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

/// Walks `op` for each clinic of `l`.
pub async fn clinic_list(
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
