//! `clinic logout` and `clinic auth …`: keeping, showing and removing secrets (`clinic login`,
//! which `clinic setup` runs too, is in `login`).

use clap::{Args, Subcommand};
use serde_json::json;

use super::{checks, db_password, login};
use crate::context::{Context, blocking};
use crate::credentials;
use crate::error::{Error, Result};
use crate::show;

#[derive(Subcommand, Debug)]
pub enum AuthCommand {
    Status,
    Token {
        #[arg(long)]
        show: bool,
    },
    SetIoKey {
        #[command(flatten)]
        secret: SecretFlags,
    },
    SetDbPassword {
        #[arg(value_name = "URL")]
        url: String,
        #[command(flatten)]
        secret: SecretFlags,
    },
}

/// How a secret is read and kept, or that it is to be forgotten: the same for every secret the
/// profile keeps besides the token.
#[derive(Args, Debug, Clone, Copy)]
pub struct SecretFlags {
    #[arg(long)]
    stdin: bool,
    #[arg(long)]
    insecure_storage: bool,
    #[arg(long, conflicts_with_all = ["stdin", "insecure_storage"])]
    remove: bool,
}

pub async fn run(ctx: &Context, cmd: AuthCommand) -> Result<()> {
    match cmd {
        AuthCommand::Status => status(ctx).await,
        AuthCommand::Token { show } => token(ctx, show).await,
        AuthCommand::SetIoKey { secret } if secret.remove => remove_io_key(ctx).await,
        AuthCommand::SetIoKey { secret } => {
            set_io_key(ctx, secret.stdin, secret.insecure_storage).await
        }
        AuthCommand::SetDbPassword { url, secret } => set_db_password(ctx, &url, &secret).await,
    }
}

/// Removes every secret the profile keeps: the token, a saved password, the IO key and the
/// databases' passwords.
pub async fn logout(ctx: &Context) -> Result<()> {
    let token = match (ctx.profile.login.clone(), ctx.profile.token_store) {
        (Some(login), Some(store)) => Some((login, store)),
        _ => None,
    };
    if token.is_none()
        && ctx.profile.io_key_store.is_none()
        && ctx.profile.sync.password_stores.is_empty()
    {
        ctx.reporter.note(&crate::t!(
            "cli-auth-logout-nothing",
            profile = ctx.profile_name.as_str()
        ));
        return Ok(());
    }
    if let Some((login, store)) = token {
        let base = ctx.base_url()?;
        let creds = ctx.credentials.clone();
        let account = creds.token_account(&ctx.profile_name, &login, &base);
        let pw_account = creds.password_account(&ctx.profile_name, &login, &base);
        let pw_store = ctx.profile.password_store;
        let removed = blocking(move || {
            if let Some(kind) = pw_store {
                let _ = creds.delete(kind, &pw_account);
            }
            creds.delete(store, &account)
        })
        .await??;
        ctx.update_profile(|p| {
            p.token_store = None;
            p.password_store = None;
            Ok(())
        })?;
        let (profile, store) = (ctx.profile_name.as_str(), store.to_string());
        ctx.reporter.note(&if removed {
            crate::t!(
                "cli-auth-logged-out",
                profile = profile,
                login = login.as_str(),
                store = store
            )
        } else {
            crate::t!(
                "cli-auth-logout-no-token",
                profile = profile,
                login = login.as_str(),
                store = store
            )
        });
    }
    if ctx.profile.io_key_store.is_some() {
        forget_io_key(ctx).await?;
    }
    for (key, store) in &ctx.profile.sync.password_stores {
        db_password::forget(ctx, key, *store).await?;
    }
    Ok(())
}

/// `auth set-io-key --remove`.
async fn remove_io_key(ctx: &Context) -> Result<()> {
    if ctx.in_sandbox() {
        return Err(Error::Usage(crate::t!("cli-auth-sandbox-io-key-remove")));
    }
    forget_io_key(ctx).await
}

/// Deletes the profile's stored IO key and forgets its store.
async fn forget_io_key(ctx: &Context) -> Result<()> {
    let Some(store) = ctx.profile.io_key_store else {
        ctx.reporter.note(&crate::t!(
            "cli-auth-no-io-key",
            profile = ctx.profile_name.as_str()
        ));
        return Ok(());
    };
    let creds = ctx.credentials.clone();
    let account = creds.io_key_account(&ctx.profile_name);
    let removed = ctx
        .store_call(store, move || creds.delete(store, &account))
        .await??;
    ctx.update_profile(|p| {
        p.io_key_store = None;
        Ok(())
    })?;
    let (profile, store) = (ctx.profile_name.as_str(), store.to_string());
    ctx.reporter.note(&if removed {
        crate::t!("cli-auth-io-key-removed", profile = profile, store = store)
    } else {
        crate::t!("cli-auth-io-key-absent", profile = profile, store = store)
    });
    Ok(())
}

async fn status(ctx: &Context) -> Result<()> {
    // Where the token comes from: the store's own name for scripts (`keyutils`, `file`…), the same in
    // every language; its description in the reader's language for a table.
    let (source, shown_source) = if ctx.in_sandbox() {
        ("sandbox".to_string(), "sandbox".to_string())
    } else if ctx.env().non_blank("CLINIC_TOKEN").is_some() {
        ("CLINIC_TOKEN".to_string(), "CLINIC_TOKEN".to_string())
    } else {
        match ctx.profile.token_store {
            Some(store) => (
                serde_json::to_value(store)
                    .ok()
                    .and_then(|v| v.as_str().map(str::to_string))
                    .unwrap_or_default(),
                store.to_string(),
            ),
            None => ("none".to_string(), crate::t!("cli-auth-status-no-store")),
        }
    };
    let check = checks::token_works(ctx).await;
    let scheme = ctx
        .profile
        .auth_scheme
        .map(|s| format!("{s:?}").to_lowercase());
    let problem = check
        .as_ref()
        .err()
        .map(|e| ctx.reporter.redact(&e.to_string()));
    // A table is read by people: its field names and words are theirs. Every other format is read by
    // scripts and stays the same in every language.
    let record = if ctx.output_spec().format == crate::output::Format::Table {
        let works = if check.is_ok() {
            crate::t!("cli-auth-status-yes")
        } else {
            crate::t!("cli-auth-status-no")
        };
        let mut record = serde_json::Map::new();
        for (field, value) in [
            (
                crate::t!("cli-auth-status-profile"),
                json!(ctx.profile_name),
            ),
            ("base_url".to_string(), json!(ctx.profile.base_url)),
            (crate::t!("cli-auth-status-login"), json!(ctx.profile.login)),
            (
                crate::t!("cli-auth-status-token-store"),
                json!(shown_source),
            ),
            (
                crate::t!("cli-auth-status-auth-scheme"),
                json!(scheme.unwrap_or_else(|| crate::t!("cli-auth-status-auto-scheme"))),
            ),
            (crate::t!("cli-auth-status-token-works"), json!(works)),
            (crate::t!("cli-auth-status-problem"), json!(problem)),
        ] {
            record.insert(field, value);
        }
        serde_json::Value::Object(record)
    } else {
        json!({
            "profile": ctx.profile_name,
            "base_url": ctx.profile.base_url,
            "login": ctx.profile.login,
            "token_store": source,
            "auth_scheme": scheme.unwrap_or_else(|| "bearer (auto-detect)".into()),
            "token_works": check.is_ok(),
            "problem": problem,
        })
    };
    show::single(ctx, &record)?;
    check
}

async fn token(ctx: &Context, show: bool) -> Result<()> {
    if ctx.io.terminals().stdout && !show {
        return Err(Error::Usage(crate::t!("cli-auth-token-to-terminal")));
    }
    let (token, _) = ctx.token(&ctx.base_url()?).await?;
    ctx.io
        .write_out(format!("{}\n", token.expose()).as_bytes())?;
    Ok(())
}

async fn set_io_key(ctx: &Context, stdin: bool, insecure: bool) -> Result<()> {
    let key = login::read_secret(
        ctx,
        stdin,
        "",
        &crate::t!("cli-auth-prompt-io-key"),
        "--stdin",
    )?;
    if ctx.in_sandbox() {
        return Err(Error::Usage(crate::t!("cli-auth-sandbox-io-key-store")));
    }
    let account = ctx.credentials.io_key_account(&ctx.profile_name);
    let store = keep_secret(ctx, account, key, insecure, |reasons| {
        crate::t!("cli-auth-io-key-unstored", reasons = reasons)
    })
    .await?;
    ctx.update_profile(|p| {
        p.io_key_store = Some(store);
        Ok(())
    })?;
    ctx.reporter.note(&crate::t!(
        "cli-auth-io-key-stored",
        profile = ctx.profile_name.as_str(),
        store = store.to_string()
    ));
    Ok(())
}

/// Keeps `secret` under `account` in the first store that takes it (the plain file only with
/// `insecure`); where none does, the error is `unstored` of every store's reason.
async fn keep_secret(
    ctx: &Context,
    account: credentials::Account,
    secret: crate::secret::Secret,
    insecure: bool,
    unstored: impl FnOnce(String) -> String,
) -> Result<crate::config::StoreKind> {
    let kinds = credentials::chain(insecure, ctx.env())?;
    let creds = ctx.credentials.clone();
    blocking(move || creds.save(&kinds, &account, &secret))
        .await?
        .map_err(|failures| Error::Auth(unstored(login::reasons(&failures))))
}

/// `auth set-db-password URL`: keeps the password of the database the URL names (never in the URL
/// itself) under that database's key, or with `--remove` deletes it.
async fn set_db_password(ctx: &Context, url: &str, secret: &SecretFlags) -> Result<()> {
    let SecretFlags {
        stdin,
        insecure_storage: insecure,
        remove,
    } = *secret;
    let key = db_password::target("URL", url)?.key();
    // The sandbox changes no profile: a password stored now would be kept with no record of it.
    if ctx.in_sandbox() {
        return Err(Error::Usage(crate::t!("cli-auth-sandbox-db-password")));
    }
    if remove {
        return match ctx.profile.sync.password_stores.get(&key) {
            Some(&store) => db_password::forget(ctx, &key, store).await,
            None => {
                ctx.reporter.note(&crate::t!(
                    "cli-auth-no-db-password",
                    profile = ctx.profile_name.as_str(),
                    database = key.as_str()
                ));
                Ok(())
            }
        };
    }
    let password = login::read_secret(
        ctx,
        stdin,
        "",
        &crate::t!("cli-auth-prompt-db-password"),
        "--stdin",
    )?;
    let account = ctx.credentials.db_password_account(&ctx.profile_name, &key);
    let store = keep_secret(ctx, account, password, insecure, |reasons| {
        crate::t!("cli-auth-db-password-unstored", reasons = reasons)
    })
    .await?;
    ctx.update_profile(|p| {
        p.sync.password_stores.insert(key.clone(), store);
        Ok(())
    })?;
    ctx.reporter.note(&crate::t!(
        "cli-auth-db-password-stored",
        database = key.as_str(),
        profile = ctx.profile_name.as_str(),
        store = store.to_string()
    ));
    Ok(())
}
