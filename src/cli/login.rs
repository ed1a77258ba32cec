//! Signing in: `clinic login` and the first part of `clinic setup`, which both run it; and reading
//! a secret or a line at the prompt, as `clinic auth set-io-key` does too.

use clap::Args;

use crate::config::{self, StoreKind};
use crate::context::{Context, blocking};
use crate::credentials::{self, StoreFailure};
use crate::error::{Error, Result};
use crate::secret::Secret;
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

/// How many times an interactive login asks for the password.
const LOGIN_TRIES: u32 = 3;

/// `clinic login`: asks for what the flags leave out, obtains a token and keeps it in the first
/// store that takes it.
pub async fn run(ctx: &Context, args: LoginArgs) -> Result<()> {
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
        .or_else(|| ctx.env().var("CLINIC_LOGIN").filter(|v| !v.is_empty()))
    {
        Some(l) => crate::input::text("--login", &l)?,
        None => prompt_line(&ctx.io, &crate::t!("cli-auth-prompt-login"), "--login")?,
    };
    let kinds = credentials::chain(args.insecure_storage, ctx.env())?;
    // A password typed at the prompt may be mistyped: it is asked again, up to LOGIN_TRIES times.
    // One from stdin or the environment would only be refused again.
    let unattended = match &args.password_file {
        Some(path) => Some(crate::config::password_file::read("--password-file", path)?),
        None if args.password_stdin => None,
        None => crate::config::password_file::from_env(ctx.env())?,
    };
    let typed = !args.password_stdin && unattended.is_none() && ctx.io.terminals().stdin;
    let mut tries = 1;
    let (password, answer) = loop {
        let password = match &unattended {
            Some(password) => password.clone(),
            None => read_secret(
                ctx,
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

/// Why each store refused, on one line.
pub fn reasons(failures: &[StoreFailure]) -> String {
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

/// A secret from the first line of stdin (`--…-stdin`), an environment variable, or a hidden prompt.
pub fn read_secret(
    ctx: &Context,
    from_stdin: bool,
    env: &str,
    prompt: &str,
    flag: &str,
) -> Result<Secret> {
    let io = &ctx.io;
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
        && let Some(v) = ctx.env().var(env).filter(|v| !v.is_empty())
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

/// A line typed at the prompt, checked as the text of `flag`.
pub fn prompt_line(io: &IoStreams, prompt: &str, flag: &str) -> Result<String> {
    if !io.can_prompt() {
        return Err(Error::Usage(crate::t!("cli-auth-no-terminal", flag = flag)));
    }
    io.write_err(prompt);
    let mut line = String::new();
    io.read_line(&mut line)?;
    crate::input::text(flag, line.trim())
}
