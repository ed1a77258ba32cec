//! What every handler shares: the options, the data, the tokens, the journal, the fault and trap
//! knobs, the CRM and the answer dialect. Built once by the server; handlers take it as axum state.

use std::net::SocketAddr;
use std::sync::Arc;

use tokio::sync::watch;

use crate::{Options, answers, auth, crm, data, faults, journal, traps};

#[derive(Clone)]
pub struct AppState {
    pub opts: Arc<Options>,
    pub data: Arc<data::Store>,
    pub tokens: Arc<auth::Tokens>,
    pub journal: Arc<journal::Journal>,
    pub faults: Arc<faults::Faults>,
    pub traps: Arc<traps::Traps>,
    pub crm: Arc<crm::CrmState>,
    pub answers: Arc<answers::Answers>,
}

impl AppState {
    pub fn new(opts: Options, addr: SocketAddr, stopping: watch::Receiver<bool>) -> Self {
        AppState {
            data: Arc::new(data::Store::new(opts.seed, opts.scale)),
            tokens: Arc::new(auth::Tokens::new(&opts)),
            journal: Arc::new(journal::Journal::default()),
            faults: Arc::new(faults::Faults::new(&opts)),
            traps: Arc::new(traps::Traps::new(&opts, addr, stopping)),
            crm: crm_state(&opts),
            answers: Arc::new(answers::Answers::new(&opts)),
            opts: Arc::new(opts),
        }
    }
}

/// The CRM as the options make it.
fn crm_state(opts: &Options) -> Arc<crm::CrmState> {
    let crm = crm::CrmState::new(
        opts.seed,
        opts.crm_contacts,
        opts.crm_rate_limit,
        opts.crm_burst,
        crm::operating::OperatingLimit::new(
            opts.crm_operating_budget,
            std::time::Duration::from_secs(opts.crm_operating_window),
            std::time::Duration::from_millis(opts.crm_call_cost_ms),
        ),
    )
    .with_methods(opts.crm_methods);
    if opts.crm_no_batch {
        crm.remove_batch();
    }
    crm
}
