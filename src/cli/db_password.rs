//! A PostgreSQL database's password, kept in the OS store for that one database
//! (`clinic auth set-db-password`) and found again when `clinic sync` or `clinic sql` goes there.
//! It never travels on the command line: the URL that names the database carries none.

use crate::context::Context;
use crate::error::{Error, Result};
use crate::mirror::postgres::{Target, TargetError};

/// Reads a PostgreSQL URL given as `key`; one with a password, or not one PostgreSQL reads, is
/// refused with the password masked, before anything is sent or stored.
pub fn target(key: &str, raw: &str) -> Result<Target> {
    if !crate::config::is_postgres_url(raw) {
        return Err(Error::invalid(
            key,
            crate::config::mask_url(raw),
            &crate::t!("config-expect-postgres-url"),
        ));
    }
    crate::config::check_sync_target(key, raw)?;
    Target::parse(raw).map_err(|e| {
        let reason = match e {
            TargetError::Password => crate::t!("config-expect-postgres-no-password"),
            TargetError::Invalid(reason) => {
                format!("{} ({reason})", crate::t!("config-expect-postgres-url"))
            }
        };
        Error::invalid(key, crate::config::mask_url(raw), &reason)
    })
}

/// `PGPASSWORD` first, else the password kept for this very database in its recorded store, else
/// none (the server may not ask for one).
pub async fn with_password(ctx: &Context, target: Target) -> Result<Target> {
    if let Some(password) = ctx.env().var("PGPASSWORD") {
        return Ok(target.with_password(&password));
    }
    let key = target.key();
    let Some(&store) = ctx.profile.sync.password_stores.get(&key) else {
        return Ok(target);
    };
    let creds = ctx.credentials.clone();
    let account = creds.db_password_account(&ctx.profile_name, &key);
    let stored = ctx
        .store_call(store, move || creds.load(store, &account))
        .await??;
    match stored {
        Some(password) => Ok(target.with_password(password.expose())),
        None => Err(Error::Auth(crate::t!(
            "cli-db-password-missing-in-store",
            database = key.as_str(),
            store = store.to_string()
        ))),
    }
}

/// Deletes the password kept for the database `key` from `store` and forgets where it was.
pub async fn forget(ctx: &Context, key: &str, store: crate::config::StoreKind) -> Result<()> {
    let creds = ctx.credentials.clone();
    let account = creds.db_password_account(&ctx.profile_name, key);
    let removed = ctx
        .store_call(store, move || creds.delete(store, &account))
        .await??;
    ctx.update_profile(|p| {
        p.sync.password_stores.remove(key);
        Ok(())
    })?;
    let store = store.to_string();
    ctx.reporter.note(&if removed {
        crate::t!(
            "cli-auth-db-password-removed",
            database = key,
            store = store
        )
    } else {
        crate::t!("cli-auth-db-password-absent", database = key, store = store)
    });
    Ok(())
}
