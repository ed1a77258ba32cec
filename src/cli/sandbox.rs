//! `clinic sandbox serve`: the local imitation of the whole API, for trying the tool and for tests.

use clap::Subcommand;

use crate::error::{Error, Result};

#[derive(Subcommand, Debug)]
pub enum SandboxCommand {
    // Boxed: the knobs outweigh every other command's arguments.
    Serve(Box<clinic_sandbox::Options>),
}

pub async fn run(cmd: SandboxCommand) -> Result<()> {
    match cmd {
        SandboxCommand::Serve(opts) => {
            clinic_sandbox::serve(*opts, banner)
                .await
                .map_err(|e| match e {
                    // Refused options are the user's input: exit 2, like any other bad flag.
                    clinic_sandbox::Error::NotLoopback(..)
                    | clinic_sandbox::Error::InvalidOption(..) => Error::Usage(e.to_string()),
                    other => Error::Other(other.to_string()),
                })
        }
    }
}

/// The lines a person reads once the sandbox listens: addresses, logins and keys as they are, the
/// words around them in the reader's language.
fn banner(s: &clinic_sandbox::Started) -> String {
    use clinic_sandbox::{ADMIN_LOGIN, ADMIN_PASSWORD, CLINIC_LOGIN, CLINIC_PASSWORD, IO_KEY};
    let addr = s.addr.to_string();
    [
        crate::t!(
            "sandbox-banner-listening",
            addr = addr.as_str(),
            seed = s.seed
        ),
        crate::t!(
            "sandbox-banner-data",
            quotes = s.scale,
            contacts = s.contacts
        ),
        crate::t!("sandbox-banner-answers", answers = s.answers.as_str()),
        crate::t!(
            "sandbox-banner-admin",
            login = ADMIN_LOGIN,
            password = ADMIN_PASSWORD
        ),
        crate::t!(
            "sandbox-banner-clinic-user",
            login = CLINIC_LOGIN,
            password = CLINIC_PASSWORD
        ),
        crate::t!("sandbox-banner-io-key", key = IO_KEY),
        crate::t!(
            "sandbox-banner-webhook",
            url = format!(
                "{}/webhook/{}",
                s.urls.automation_url,
                clinic_sandbox::WEBHOOK_ID
            )
        ),
        crate::t!("sandbox-banner-inspection", addr = addr.as_str()),
        crate::t!("sandbox-banner-stop"),
    ]
    .join("\n")
}
