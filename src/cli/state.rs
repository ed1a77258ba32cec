//! `clinic state list|show|reset`: the saved points of incremental exports (`--since last`).

use clap::Subcommand;
use serde_json::json;

use crate::config::state::{self, State};
use crate::context::Context;
use crate::error::{Error, Result};
use crate::show;

#[derive(Subcommand, Debug)]
pub enum StateCommand {
    List,
    Show {
        id: String,
    },
    Reset {
        #[arg(required_unless_present = "every")]
        id: Option<String>,
        #[arg(long, conflicts_with = "id")]
        every: bool,
    },
}

pub fn run(ctx: &Context, cmd: StateCommand) -> Result<()> {
    match cmd {
        StateCommand::List => {
            let rows = state::all()?
                .into_iter()
                .map(|(id, s)| record(&id, &s))
                .collect();
            show::records(ctx, rows)
        }
        StateCommand::Show { id } => match state::load(&id)? {
            Some(s) => show::single(ctx, &record(&id, &s)),
            None => Err(unknown(&id)),
        },
        StateCommand::Reset { id, every } => {
            let ids: Vec<String> = match id {
                Some(id) if !every => vec![id],
                _ => state::all()?.into_iter().map(|(id, _)| id).collect(),
            };
            for id in ids {
                if !state::reset(&id)? {
                    return Err(unknown(&id));
                }
                ctx.reporter
                    .note(&crate::t!("cli-state-reset", id = id.as_str()));
            }
            Ok(())
        }
    }
}

fn record(id: &str, s: &State) -> serde_json::Value {
    json!({
        "id": id,
        "profile": s.profile,
        "report": s.report,
        "since": s.since,
        "run_started": s.run_started,
        "filters": s.filters,
    })
}

fn unknown(id: &str) -> Error {
    Error::invalid("ID", id, &crate::t!("cli-state-expected-id"))
}
