//! `clinic config list|get|set|unset|path|use`: the profile's settings, and which profile commands use
//! when none is named. `crm_url`, `webhook_id` and the proxy's password are credentials and are shown
//! masked unless `--show`.

use clap::Subcommand;
use serde_json::{Map, Value};

use crate::config;
use crate::config::update_profile;
use crate::context::Context;
use crate::error::Result;
use crate::show;

#[derive(Subcommand, Debug)]
pub enum ConfigCommand {
    List {
        #[arg(long)]
        show: bool,
    },
    Get {
        #[arg(add = clap_complete::ArgValueCompleter::new(key_candidates))]
        key: String,
        #[arg(long)]
        show: bool,
    },
    Set {
        #[arg(add = clap_complete::ArgValueCompleter::new(key_candidates))]
        key: String,
        #[arg(add = clap_complete::ArgValueCompleter::new(value_candidates))]
        value: String,
    },
    Unset {
        #[arg(add = clap_complete::ArgValueCompleter::new(key_candidates))]
        key: String,
    },
    Path,
    Use {
        #[arg(add = clap_complete::ArgValueCompleter::new(crate::cli::complete::names::profiles))]
        name: String,
    },
}

/// Tab candidates for `config get|set|unset KEY`.
pub fn key_candidates(current: &std::ffi::OsStr) -> Vec<clap_complete::CompletionCandidate> {
    let keys = config::KEYS.iter().map(|k| {
        let key = k.strip_suffix("<name>").unwrap_or(k);
        (key.to_string(), config::meaning(k))
    });
    crate::cli::complete::offer(current, keys)
}

/// Tab candidates for `config set KEY VALUE`: the values of the keys that take one of a closed list.
fn value_candidates(current: &std::ffi::OsStr) -> Vec<clap_complete::CompletionCandidate> {
    let line = crate::cli::complete::Line::current();
    let plain = |values: &[&str]| {
        values
            .iter()
            .map(|v| (v.to_string(), None))
            .collect::<Vec<_>>()
    };
    let values = match line.after("set").as_deref() {
        Some("auth_scheme") => plain(&crate::config::AuthScheme::NAMES),
        Some("format") => plain(&["table", "json", "ndjson", "csv", "tsv"]),
        Some("language") => plain(&["en", "pt-BR"]),
        Some("mcp.share_personal" | "mcp.allow_writes") => plain(&["true", "false"]),
        Some("mcp.writes") => plain(&crate::config::MCP_WRITES),
        Some("timezone") => chrono_tz::TZ_VARIANTS
            .iter()
            .map(|tz| (tz.name().to_string(), None))
            .collect(),
        Some("clinica") => return crate::cli::complete::names::clinic_ids(current),
        _ => Vec::new(),
    };
    crate::cli::complete::offer(current, values)
}

pub fn run(ctx: &Context, cmd: ConfigCommand) -> Result<()> {
    let stored = || -> Result<config::Profile> {
        Ok(config::ConfigFile::load(&ctx.config_dir)?
            .profiles
            .get(&ctx.profile_name)
            .cloned()
            .unwrap_or_default())
    };
    match cmd {
        ConfigCommand::List { show: reveal } => {
            let mut record = Map::new();
            record.insert("profile".into(), Value::String(ctx.profile_name.clone()));
            for (k, v) in stored()?.entries() {
                record.insert(k.clone(), Value::String(shown(&k, v, reveal)));
            }
            show::single(ctx, &Value::Object(record))
        }
        ConfigCommand::Get { key, show: reveal } => match stored()?.get(&key)? {
            Some(v) => show::line(ctx, &shown(&key, v, reveal)),
            None => Err(crate::error::Error::Config(crate::t!(
                "cli-config-not-set",
                key = key.as_str(),
                profile = ctx.profile_name.as_str()
            ))),
        },
        ConfigCommand::Set { key, value } => {
            update_profile(&ctx.config_dir, &ctx.profile_name, |p| p.set(&key, &value))?;
            ctx.reporter.note(&crate::t!(
                "cli-config-set",
                key = key.as_str(),
                profile = ctx.profile_name.as_str()
            ));
            Ok(())
        }
        ConfigCommand::Unset { key } => {
            update_profile(&ctx.config_dir, &ctx.profile_name, |p| p.unset(&key))?;
            ctx.reporter.note(&crate::t!(
                "cli-config-unset",
                key = key.as_str(),
                profile = ctx.profile_name.as_str()
            ));
            Ok(())
        }
        ConfigCommand::Use { name } => {
            config::use_profile(&ctx.config_dir, &name)?;
            ctx.reporter
                .note(&crate::t!("cli-config-use", profile = name.as_str()));
            Ok(())
        }
        ConfigCommand::Path => show::line(
            ctx,
            &config::ConfigFile::path(&ctx.config_dir)
                .display()
                .to_string(),
        ),
    }
}

/// A setting as `list` and `get` show it: the credentials (`crm_url`'s secret segment, the webhook
/// ID, the proxy's password) masked unless `--show`.
fn shown(key: &str, value: String, reveal: bool) -> String {
    match key {
        "crm_url" if !reveal => config::mask_crm_url(&value),
        "webhook_id" if !reveal => crate::redact::MASK.to_string(),
        "proxy" if !reveal => crate::redact::url_password(&value),
        _ => value,
    }
}
