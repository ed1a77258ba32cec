//! `clinic config list|get|set|unset`: the profile's settings. `crm_url` is a credential and is shown
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
    /// Every key set in this profile
    #[command(after_help = "Example:\n  clinic config list --format json")]
    List {
        /// Show crm_url unmasked
        #[arg(long)]
        show: bool,
    },
    /// One key's value, as plain text (exit 1 when unset)
    #[command(after_help = "Example:\n  clinic config get base_url")]
    Get {
        key: String,
        /// Show crm_url unmasked
        #[arg(long)]
        show: bool,
    },
    /// Set a key (validated)
    #[command(after_help = KEYS_HELP)]
    Set { key: String, value: String },
    /// Remove a key
    #[command(after_help = "Example:\n  clinic config unset clinica")]
    Unset { key: String },
    /// Print the configuration file's path
    #[command(after_help = "Example:\n  clinic config path")]
    Path,
}

const KEYS_HELP: &str =
    "Keys: base_url io_url automation_url crm_url webhook_id clinica auth_scheme format per_page
      concurrency timezone units aliases.<name>
Examples:
  clinic config set base_url https://example.com/rest/v1
  clinic --profile matriz config set clinica 3
  clinic config set aliases.email UF_CRM_1676052930";

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
            None => Err(crate::error::Error::Config(format!(
                "{key} is not set in profile '{}'",
                ctx.profile_name
            ))),
        },
        ConfigCommand::Set { key, value } => {
            update_profile(&ctx.config_dir, &ctx.profile_name, |p| p.set(&key, &value))?;
            ctx.reporter
                .note(&format!("{key} set in profile '{}'", ctx.profile_name));
            Ok(())
        }
        ConfigCommand::Unset { key } => {
            update_profile(&ctx.config_dir, &ctx.profile_name, |p| p.unset(&key))?;
            ctx.reporter.note(&format!(
                "{key} removed from profile '{}'",
                ctx.profile_name
            ));
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

fn shown(key: &str, value: String, reveal: bool) -> String {
    if key == "crm_url" && !reveal {
        config::mask_crm_url(&value)
    } else {
        value
    }
}
