//! `clinic login`, `clinic logout` and `clinic auth …`: obtaining, keeping, showing and removing secrets.

use clap::{Args, Subcommand};
use serde_json::json;

use crate::config::{self, StoreKind};
use crate::context::{Context, blocking};
use crate::credentials::{self, StoreFailure};
use crate::error::{Error, Result};
use crate::secret::Secret;
use crate::show;
use crate::term::IoStreams;

#[derive(Args, Debug, Default)]
pub struct LoginArgs {
    #[arg(long, value_name = "URL")]
    pub base_url: Option<String>,
    #[arg(long, value_name = "ADDR|LINES|FILE|-", conflicts_with = "base_url")]
    pub sandbox_hosts: Option<String>,
    #[arg(long, value_name = "NAME")]
    pub login: Option<String>,
    #[arg(long)]
    pub password_stdin: bool,
    #[arg(long, value_name = "FILE", conflicts_with = "password_stdin")]
    pub password_file: Option<std::path::PathBuf>,
    #[arg(long)]
    pub insecure_storage: bool,
    #[arg(long)]
    pub save_password: bool,
}

#[derive(Subcommand, Debug)]
pub enum AuthCommand {
    Status,
    Token {
        #[arg(long)]
        show: bool,
    },
    SetIoKey {
        #[arg(long)]
        stdin: bool,
        #[arg(long)]
        insecure_storage: bool,
        #[arg(long, conflicts_with_all = ["stdin", "insecure_storage"])]
        remove: bool,
    },
}

pub async fn run(ctx: &Context, cmd: AuthCommand) -> Result<()> {
    match cmd {
        AuthCommand::Status => status(ctx).await,
        AuthCommand::Token { show } => token(ctx, show).await,
        AuthCommand::SetIoKey { remove: true, .. } => remove_io_key(ctx).await,
        AuthCommand::SetIoKey {
            stdin,
            insecure_storage,
            ..
        } => set_io_key(ctx, stdin, insecure_storage).await,
    }
}

/// How many times an interactive login asks for the password.
const LOGIN_TRIES: u32 = 3;

pub async fn login(ctx: &Context, args: LoginArgs) -> Result<()> {
    if args.password_stdin && args.sandbox_hosts.as_deref() == Some("-") {
        return Err(Error::Usage(crate::t!("cli-auth-stdin-twice")));
    }
    let hosts = args
        .sandbox_hosts
        .as_deref()
        .map(|given| super::sandbox_hosts::read(&ctx.io, given))
        .transpose()?;
    if let Some(urls) = &hosts {
        super::sandbox_hosts::check(urls)?;
    }
    let base = match (&hosts, &args.base_url) {
        (Some(urls), _) => config::check_url("base_url", &urls.base_url)?,
        (None, Some(raw)) => config::check_url("--base-url", raw)?,
        (None, None) => ctx.base_url()?,
    };
    let login = match args
        .login
        .clone()
        .or_else(|| std::env::var("CLINIC_LOGIN").ok().filter(|v| !v.is_empty()))
    {
        Some(l) => crate::input::text("--login", &l)?,
        None => prompt_line(&ctx.io, &crate::t!("cli-auth-prompt-login"), "--login")?,
    };
    let kinds = credentials::chain(args.insecure_storage)?;
    // A password typed at the prompt may be mistyped: it is asked again, up to LOGIN_TRIES times.
    // One from stdin or the environment would only be refused again.
    let unattended = match &args.password_file {
        Some(path) => Some(crate::config::password_file::read("--password-file", path)?),
        None if args.password_stdin => None,
        None => crate::config::password_file::from_env()?,
    };
    let typed = !args.password_stdin && unattended.is_none() && ctx.io.terminals().stdin;
    let mut tries = 1;
    let (password, answer) = loop {
        let password = match &unattended {
            Some(password) => password.clone(),
            None => read_secret(
                &ctx.io,
                args.password_stdin,
                "CLINIC_PASSWORD",
                &crate::t!("cli-auth-prompt-password"),
                "--password-stdin",
            )?,
        };
        match crate::api::auth::login(&ctx.http, &base, &login, &password).await {
            Ok(answer) => break (password, answer),
            Err(e @ Error::Auth(_)) if typed && tries < LOGIN_TRIES => {
                ctx.reporter.warn(&ctx.reporter.error_line(&e));
                tries += 1;
            }
            Err(e) => return Err(e),
        }
    };
    let who = match &answer.kind {
        Some(kind) => crate::t!("cli-auth-who", login = login.as_str(), kind = kind.as_str()),
        None => login.clone(),
    };
    if ctx.in_sandbox() {
        ctx.reporter
            .note(&crate::t!("cli-auth-logged-in-sandbox", who = who.as_str()));
        return Ok(());
    }

    let account = ctx
        .credentials
        .token_account(&ctx.profile_name, &login, &base);
    let creds = ctx.credentials.clone();
    let token = answer.token.clone();
    // A store that does not answer in time is one more store that did not take the token: the
    // token is then printed for CLINIC_TOKEN, never lost.
    let first = kinds
        .first()
        .copied()
        .unwrap_or(crate::config::StoreKind::File);
    let (saved, kinds) = match ctx
        .store_call(first, move || (creds.save(&kinds, &account, &token), kinds))
        .await
    {
        Ok(done) => done,
        Err(silent) => (
            Err(vec![crate::credentials::StoreFailure {
                kind: first,
                reason: silent.to_string(),
            }]),
            Vec::new(),
        ),
    };
    let store = saved.as_ref().ok().copied();
    forget_previous(ctx, &login, &base, store).await;
    forget_saved_password(ctx).await;
    let mut password_store = None;
    if let (Some(store), true) = (store, args.save_password) {
        let creds = ctx.credentials.clone();
        let account = creds.password_account(&ctx.profile_name, &login, &base);
        let pw = password.clone();
        match ctx
            .store_call(store, move || creds.save(&[store], &account, &pw))
            .await?
        {
            Ok(kind) => password_store = Some(kind),
            Err(f) => ctx.reporter.warn(&crate::t!(
                "cli-auth-password-not-saved",
                reasons = reasons(&f)
            )),
        }
    }
    // The profile is saved whether or not a store took the token: the address and login are what
    // the printed token (`CLINIC_TOKEN`) needs to work, so a login is never half-saved.
    let base_text = base.to_string();
    ctx.update_profile(|p| {
        p.base_url = Some(base_text);
        p.login = Some(login.clone());
        p.token_store = store;
        p.password_store = password_store;
        // Who this is decides what lists need (an admin_master names a clinic on each).
        p.user_kind = answer.kind.clone();
        // A token that came with its scheme says how it must be sent.
        if let Some(scheme) = answer.scheme {
            p.auth_scheme = Some(scheme);
        }
        match &hosts {
            Some(urls) => super::sandbox_hosts::apply(urls, p),
            None => Ok(()),
        }
    })?;
    if hosts.is_some() {
        ctx.reporter.note(&crate::t!(
            "cli-auth-profile-at-sandbox",
            profile = ctx.profile_name.as_str()
        ));
    }
    let store = match saved {
        Ok(store) => store,
        Err(failures) => {
            return keep_unstored_token(
                ctx,
                &answer.token,
                &failures,
                kinds.contains(&StoreKind::File),
            );
        }
    };
    ctx.reporter.note(&crate::t!(
        "cli-auth-logged-in",
        who = who.as_str(),
        profile = ctx.profile_name.as_str(),
        store = store.to_string()
    ));
    if store == StoreKind::File {
        ctx.reporter.warn(&crate::t!(
            "cli-auth-token-in-plain-file",
            path = ctx.credentials.file_store_path().display().to_string()
        ));
    }
    Ok(())
}

/// Every store refused the token. It is not thrown away: into a pipe it is printed (so
/// `export CLINIC_TOKEN=$(clinic login …)` keeps it); on a terminal the user is told how to keep it.
fn keep_unstored_token(
    ctx: &Context,
    token: &Secret,
    failures: &[StoreFailure],
    tried_file: bool,
) -> Result<()> {
    let why = reasons(failures);
    if !ctx.io.terminals().stdout {
        ctx.io
            .write_out(format!("{}\n", token.expose()).as_bytes())?;
        ctx.reporter
            .warn(&crate::t!("cli-auth-token-printed", reasons = why.as_str()));
        return Ok(());
    }
    Err(Error::Auth(if tried_file {
        crate::t!("cli-auth-token-unstored-file-tried", reasons = why.as_str())
    } else {
        crate::t!("cli-auth-token-unstored", reasons = why.as_str())
    }))
}

fn reasons(failures: &[StoreFailure]) -> String {
    failures
        .iter()
        .map(|f| format!("{}: {}", f.kind, f.reason))
        .collect::<Vec<_>>()
        .join("; ")
}

/// The deployment the profile pointed at before this run, when it names one.
fn previous_base(ctx: &Context) -> Option<url::Url> {
    ctx.profile
        .base_url
        .as_deref()
        .and_then(|raw| config::check_url("base_url", raw).ok())
}

/// A new login replaces the profile's previous entry (another user, deployment or store), unless
/// it is the very entry just written.
async fn forget_previous(ctx: &Context, login: &str, base: &url::Url, store: Option<StoreKind>) {
    let (Some(old_login), Some(old_store), Some(old_base)) = (
        ctx.profile.login.clone(),
        ctx.profile.token_store,
        previous_base(ctx),
    ) else {
        return;
    };
    let creds = ctx.credentials.clone();
    let account = creds.token_account(&ctx.profile_name, &old_login, &old_base);
    if store == Some(old_store) && account == creds.token_account(&ctx.profile_name, login, base) {
        return;
    }
    let _ = blocking(move || creds.delete(old_store, &account)).await;
}

/// A password saved by an earlier `login --save-password` is removed: a new login saves it again only
/// when asked, and never leaves the old one behind.
async fn forget_saved_password(ctx: &Context) {
    let (Some(login), Some(kind), Some(base)) = (
        ctx.profile.login.clone(),
        ctx.profile.password_store,
        previous_base(ctx),
    ) else {
        return;
    };
    let creds = ctx.credentials.clone();
    let account = creds.password_account(&ctx.profile_name, &login, &base);
    let _ = blocking(move || creds.delete(kind, &account)).await;
}

/// Removes every secret the profile keeps: the token, a saved password and the IO key.
pub async fn logout(ctx: &Context) -> Result<()> {
    let token = match (ctx.profile.login.clone(), ctx.profile.token_store) {
        (Some(login), Some(store)) => Some((login, store)),
        _ => None,
    };
    if token.is_none() && ctx.profile.io_key_store.is_none() {
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
    } else if std::env::var("CLINIC_TOKEN").is_ok_and(|t| !t.trim().is_empty()) {
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
    let check = token_works(ctx).await;
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

/// Whether the service takes the token: one cheap call.
pub async fn token_works(ctx: &Context) -> Result<()> {
    let client = ctx.api().await?;
    crate::api::ops::whole_list(&client, &crate::api::APPOINTMENT_STATUSES, &[])
        .await
        .map(|_| ())
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
    let key = read_secret(
        &ctx.io,
        stdin,
        "",
        &crate::t!("cli-auth-prompt-io-key"),
        "--stdin",
    )?;
    if ctx.in_sandbox() {
        return Err(Error::Usage(crate::t!("cli-auth-sandbox-io-key-store")));
    }
    let kinds = credentials::chain(insecure)?;
    let creds = ctx.credentials.clone();
    let account = creds.io_key_account(&ctx.profile_name);
    let saved = blocking(move || creds.save(&kinds, &account, &key)).await?;
    match saved {
        Ok(store) => {
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
        Err(f) => Err(Error::Auth(crate::t!(
            "cli-auth-io-key-unstored",
            reasons = reasons(&f)
        ))),
    }
}

/// A secret from the first line of stdin (`--…-stdin`), an environment variable, or a hidden prompt.
fn read_secret(
    io: &IoStreams,
    from_stdin: bool,
    env: &str,
    prompt: &str,
    flag: &str,
) -> Result<Secret> {
    if from_stdin {
        let mut line = String::new();
        io.read_line(&mut line)?;
        let value = line.trim_end_matches(['\r', '\n']);
        if value.is_empty() {
            return Err(Error::invalid(
                flag,
                crate::t!("cli-auth-empty-line"),
                &crate::t!("cli-auth-expected-secret"),
            ));
        }
        return Ok(Secret::new(value));
    }
    if !env.is_empty()
        && let Some(v) = std::env::var(env).ok().filter(|v| !v.is_empty())
    {
        return Ok(Secret::new(v));
    }
    if !io.terminals().stdin {
        return Err(Error::Usage(if env.is_empty() {
            crate::t!("cli-auth-no-terminal", flag = flag)
        } else {
            crate::t!("cli-auth-no-terminal-or-env", flag = flag, env = env)
        }));
    }
    let value = rpassword::prompt_password(prompt)?;
    if value.is_empty() {
        return Err(Error::Usage(crate::t!("cli-auth-nothing-typed")));
    }
    Ok(Secret::new(value))
}

fn prompt_line(io: &IoStreams, prompt: &str, flag: &str) -> Result<String> {
    if !io.can_prompt() {
        return Err(Error::Usage(crate::t!("cli-auth-no-terminal", flag = flag)));
    }
    io.write_err(prompt);
    let mut line = String::new();
    io.read_line(&mut line)?;
    crate::input::text(flag, line.trim())
}
