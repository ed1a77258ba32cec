//! `clinic setup`: a profile in one step — every host, the webhook ID, the units and a default clinic,
//! from flags or (on a terminal) asked for, then the login and a check of each one.

use clap::Args;
use dialoguer::Input;

use super::checks::{self, Check};
use super::login::{self, LoginArgs};
use crate::config::{self, ConfigFile, Profile};
use crate::context::Context;
use crate::error::{Error, Result};
use crate::refs::resolve::{Lookup, parse_ref};
use crate::refs::{Kind, Ref};
use crate::term::IoStreams;

#[derive(Args, Debug)]
pub struct SetupArgs {
    #[arg(long, value_name = "URL")]
    base_url: Option<String>,
    #[arg(long, value_name = "URL")]
    io_url: Option<String>,
    #[arg(long, value_name = "URL")]
    automation_url: Option<String>,
    #[arg(long, value_name = "URL")]
    crm_url: Option<String>,
    #[arg(long, value_name = "ID")]
    webhook_id: Option<String>,
    #[arg(long, value_name = "A;B;C")]
    units: Option<String>,
    #[arg(long, visible_alias = "clinica", value_parser = parse_ref, value_name = "ID|NAME", add = clap_complete::ArgValueCompleter::new(crate::cli::complete::names::clinics))]
    clinic: Option<Ref>,
    #[arg(long, value_name = "ADDR|LINES|FILE", conflicts_with_all = ["base_url", "io_url", "automation_url", "crm_url"])]
    sandbox_hosts: Option<String>,
    #[arg(long, value_name = "NAME")]
    login: Option<String>,
    #[arg(long, requires = "login")]
    password_stdin: bool,
    #[arg(long)]
    insecure_storage: bool,
    #[arg(long)]
    save_password: bool,
    #[arg(long)]
    make_default: bool,
}

/// The settings setup writes, in the order it asks for them.
const KEYS: &[&str] = &[
    "base_url",
    "io_url",
    "automation_url",
    "crm_url",
    "webhook_id",
    "units",
];

/// What a setting is, in the reader's words, for its prompt.
fn label(key: &str) -> String {
    match key {
        "base_url" => crate::t!("cli-setup-label-base-url"),
        "io_url" => crate::t!("cli-setup-label-io-url"),
        "automation_url" => crate::t!("cli-setup-label-automation-url"),
        "crm_url" => crate::t!("cli-setup-label-crm-url"),
        "webhook_id" => crate::t!("cli-setup-label-webhook-id"),
        _ => crate::t!("cli-setup-label-units"),
    }
}

/// Settings shown masked, so the prompt never puts them on the screen.
fn is_secret(key: &str) -> bool {
    matches!(key, "crm_url" | "webhook_id")
}

pub async fn run(ctx: &Context, args: SetupArgs) -> Result<()> {
    if ctx.in_sandbox() {
        return Err(Error::Usage(crate::t!("cli-setup-sandbox")));
    }
    let stored = ConfigFile::load(&ctx.config_dir)?
        .profiles
        .get(&ctx.profile_name)
        .cloned()
        .unwrap_or_default();
    // Everything is checked before anything is written.
    let mut wanted = stored;
    if let Some(given) = &args.sandbox_hosts {
        super::sandbox_hosts::apply(&super::sandbox_hosts::read(&ctx.io, given)?, &mut wanted)?;
    }
    for (key, value) in [
        ("base_url", &args.base_url),
        ("io_url", &args.io_url),
        ("automation_url", &args.automation_url),
        ("crm_url", &args.crm_url),
        ("webhook_id", &args.webhook_id),
        ("units", &args.units),
    ] {
        if let Some(v) = value {
            wanted.set(key, v)?;
        }
    }
    let terminal = ctx.io.can_prompt();
    if terminal {
        let given_by_hosts = args.sandbox_hosts.is_some();
        for key in KEYS {
            let by_flag = match *key {
                "base_url" => args.base_url.is_some() || given_by_hosts,
                "io_url" => args.io_url.is_some() || given_by_hosts,
                "automation_url" => args.automation_url.is_some() || given_by_hosts,
                "crm_url" => args.crm_url.is_some() || given_by_hosts,
                "webhook_id" => args.webhook_id.is_some() || given_by_hosts,
                _ => args.units.is_some() || given_by_hosts,
            };
            if !by_flag {
                ask(&ctx.io, &mut wanted, key, &label(key))?;
            }
        }
    }
    if wanted.base_url.is_none() {
        return Err(Error::Usage(crate::t!("cli-setup-no-base-url")));
    }
    save(ctx, &wanted)?;

    let fresh = Context::new(ctx.global.clone(), ctx.io.clone()).await?;
    let log_in = match &args.login {
        Some(_) => true,
        None => terminal && checks::token_works(&fresh).await.is_err(),
    };
    if log_in {
        let login = LoginArgs {
            login: args.login.clone(),
            password_stdin: args.password_stdin,
            insecure_storage: args.insecure_storage,
            save_password: args.save_password,
            ..LoginArgs::default()
        };
        login::run(&fresh, login).await?;
    }
    fresh.shutdown().await;

    let fresh = Context::new(ctx.global.clone(), ctx.io.clone()).await?;
    let clinic = match &args.clinic {
        Some(Ref::Id(id)) => Some(*id),
        Some(Ref::Name(name)) => Some(
            Lookup::default()
                .id(&fresh, Kind::Clinics, "--clinic", name, None)
                .await?,
        ),
        None if terminal && fresh.profile.clinica.is_none() => Some(
            super::pick::pick(
                &fresh,
                &mut Lookup::default(),
                Kind::Clinics,
                None,
                &crate::t!("cli-setup-default-clinic"),
            )
            .await?,
        ),
        None => None,
    };
    if let Some(id) = clinic {
        fresh.update_profile(|p| {
            p.clinica = Some(id);
            Ok(())
        })?;
    }
    fresh.shutdown().await;

    let ctx = Context::new(ctx.global.clone(), ctx.io.clone()).await?;
    let (base, token, io, automation, crm, clinic) = futures::join!(
        checks::host(&ctx, "base_url", true),
        checks::token(&ctx),
        checks::host(&ctx, "io_url", false),
        checks::host(&ctx, "automation_url", false),
        checks::crm(&ctx),
        checks::clinic(&ctx),
    );
    let token_works = token.status == checks::Status::Ok;
    let mut all: Vec<Check> = vec![
        base,
        token,
        clinic,
        io,
        automation,
        checks::webhook(&ctx),
        crm,
        checks::units(&ctx),
    ];
    // Last, how this deployment answers (page numbering, page size…), remembered for every command.
    if token_works {
        all.extend(super::probe::conventions(&ctx).await);
    }
    let result = checks::report(&ctx, all);
    // The last question, once every check passed: which profile a command uses when none is named.
    let result = match result {
        Ok(()) => make_default(&ctx, args.make_default, terminal),
        failed => failed,
    };
    ctx.shutdown().await;
    result
}

/// Makes the profile set up the default with `--make-default`, or when the person says so at a
/// terminal. The suggested answer is yes when commands without `--profile` would otherwise reach a
/// profile with no address, and no when they already reach a working one.
fn make_default(ctx: &Context, flag: bool, terminal: bool) -> Result<()> {
    let file = ConfigFile::load(&ctx.config_dir)?;
    let current = file
        .default_profile
        .clone()
        .unwrap_or_else(|| config::DEFAULT_PROFILE.to_string());
    if current == ctx.profile_name {
        return Ok(());
    }
    let chosen = flag
        || (terminal && {
            let current_works = file
                .profiles
                .get(&current)
                .is_some_and(|p| p.base_url.is_some());
            super::ask::yes_no(
                &ctx.io,
                &crate::t!(
                    "cli-setup-make-default",
                    profile = ctx.profile_name.as_str(),
                    current = current.as_str()
                ),
                !current_works,
            )?
        });
    if chosen {
        config::use_profile(&ctx.config_dir, &ctx.profile_name)?;
        ctx.reporter.note(&crate::t!(
            "cli-config-use",
            profile = ctx.profile_name.as_str()
        ));
    }
    Ok(())
}

/// Asks for one setting, the current value kept on Enter (shown masked when it is a credential).
fn ask(io: &IoStreams, wanted: &mut Profile, key: &str, label: &str) -> Result<()> {
    let current = wanted.get(key)?;
    let shown = current.as_deref().map(|v| match key {
        "crm_url" => config::mask_crm_url(v),
        _ if is_secret(key) => "****".to_string(),
        _ => v.to_string(),
    });
    let prompt = match &shown {
        Some(shown) => crate::t!(
            "cli-setup-prompt-keep",
            label = label,
            key = key,
            shown = shown.as_str()
        ),
        None => crate::t!("cli-setup-prompt-unset", label = label, key = key),
    };
    loop {
        let typed: String = Input::with_theme(&super::ask::PromptTheme)
            .with_prompt(&prompt)
            .allow_empty(true)
            .interact_text()
            .map_err(|e| Error::Usage(crate::t!("cli-setup-stopped", reason = e.to_string())))?;
        if typed.trim().is_empty() {
            return Ok(());
        }
        match wanted.set(key, &typed) {
            Ok(()) => return Ok(()),
            // A refused credential is said without the value typed; any other setting with it.
            Err(Error::Invalid {
                field, expected, ..
            }) if is_secret(key) => {
                let masked = Error::Invalid {
                    field,
                    given: crate::redact::MASK.to_string(),
                    expected,
                };
                io.write_err(&format!("{masked}\n"))
            }
            Err(e) => io.write_err(&format!("{e}\n")),
        }
    }
}

/// Writes the settings setup looks after, under the configuration lock; nothing else changes.
fn save(ctx: &Context, wanted: &Profile) -> Result<()> {
    ctx.update_profile(|p| {
        p.base_url.clone_from(&wanted.base_url);
        p.io_url.clone_from(&wanted.io_url);
        p.automation_url.clone_from(&wanted.automation_url);
        p.crm_url.clone_from(&wanted.crm_url);
        p.webhook_id.clone_from(&wanted.webhook_id);
        p.units.clone_from(&wanted.units);
        Ok(())
    })?;
    ctx.reporter.note(&crate::t!(
        "cli-setup-saved",
        profile = ctx.profile_name.as_str()
    ));
    Ok(())
}
