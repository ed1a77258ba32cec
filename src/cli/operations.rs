//! `clinic operations`: every remote operation the tool reaches, from the one table in `api`.

use crate::api::OPERATIONS;
use crate::context::Context;
use crate::error::Result;
use crate::show;

pub fn run(ctx: &Context) -> Result<()> {
    let records = OPERATIONS
        .iter()
        .map(|op| serde_json::to_value(op).expect("operations serialize"))
        .collect();
    show::records(ctx, records)
}
