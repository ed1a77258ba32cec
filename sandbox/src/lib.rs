//! `clinic-sandbox`: a stateful local imitation of the Clinic Results REST API, its
//! Bitrix24-style CRM, the automation webhook and the Integrações IO host.
//!
//! Data is deterministic from `--seed`; records are generated on demand from
//! `(seed, id)` so that large scales stay small in memory, and only what writes change
//! is kept. See `Options` for every knob.

mod auth;
pub mod crm;
mod data;
mod faults;
mod journal;
mod rest;
mod server;

use std::net::SocketAddr;
use std::time::Duration;

use tokio::sync::oneshot;

/// Login of the `admin_master` user, who sees every clinic.
pub const ADMIN_LOGIN: &str = "admin";
/// Password of the `admin_master` user.
pub const ADMIN_PASSWORD: &str = "admin";
/// Login of the clinic user confined to clinic 1.
pub const CLINIC_LOGIN: &str = "unidade1";
/// Password of the clinic user.
pub const CLINIC_PASSWORD: &str = "unidade1";
/// The `x-api-key` the IO host accepts.
pub const IO_KEY: &str = "sandbox-io-key";
/// The automation webhook id: `GET {automation_url}/webhook/sandbox`.
pub const WEBHOOK_ID: &str = "sandbox";

/// Every knob of `clinic sandbox serve`.
#[derive(clap::Args, Clone, Debug)]
pub struct Options {
    /// Address to listen on; port 0 picks a free port. Only loopback unless --public.
    #[arg(long, default_value = "127.0.0.1:8787")]
    pub addr: SocketAddr,
    /// Seed of the generated data: equal seeds give equal data.
    #[arg(long, default_value_t = 42)]
    pub seed: u64,
    /// Number of quotes and of appointments (contacts: max(200, N/2)).
    #[arg(long, default_value_t = 10_000)]
    pub scale: u64,
    /// Fixed delay added to every answer, in milliseconds.
    #[arg(long, default_value_t = 0)]
    pub latency_ms: u64,
    /// Random extra delay of 0..=J milliseconds added to every answer.
    #[arg(long, default_value_t = 0)]
    pub jitter_ms: u64,
    /// Share of requests (0.0-1.0) answered with 500 or 503.
    #[arg(long, default_value_t = 0.0, value_parser = parse_rate)]
    pub error_rate: f64,
    /// Share of requests (0.0-1.0) whose connection is closed after part of the body.
    #[arg(long, default_value_t = 0.0, value_parser = parse_rate)]
    pub drop_rate: f64,
    /// Requests per second allowed before answering 429 with Retry-After (0 = off).
    #[arg(long, default_value_t = 0)]
    pub rate_limit: u32,
    /// CRM requests per second allowed before QUERY_LIMIT_EXCEEDED (0 = off).
    #[arg(long, default_value_t = 2)]
    pub crm_rate_limit: u32,
    /// Shape of list responses.
    #[arg(long, value_enum, default_value_t = Envelope::Dados)]
    pub envelope: Envelope,
    /// Name of the token field in the login response.
    #[arg(long, default_value = "token")]
    pub token_field: String,
    /// Lifetime of a login token, in seconds.
    #[arg(long, default_value_t = 3600)]
    pub token_ttl: u64,
    /// Which `Authorization` forms are accepted.
    #[arg(long, value_enum, default_value_t = AuthScheme::Both)]
    pub auth_scheme: AuthScheme,
    /// Never return more than N records per page, whatever was asked (0 = off).
    #[arg(long, default_value_t = 0)]
    pub page_cap: usize,
    /// Always return page 1, whatever `pagina_atual` says.
    #[arg(long)]
    pub ignore_page: bool,
    /// Allow listening on a non-loopback address (the passwords are well known).
    #[arg(long)]
    pub public: bool,
}

/// Shape of list responses.
#[derive(clap::ValueEnum, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Envelope {
    /// `{"dados": [...], "pagina_atual": P, "por_pagina": M, "total": T}`
    #[default]
    Dados,
    /// `{"data": [...]}`
    Data,
    /// `[...]`
    Bare,
}

/// Accepted forms of the `Authorization` header.
#[derive(clap::ValueEnum, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum AuthScheme {
    /// `Bearer <token>` and the bare `<token>`.
    #[default]
    Both,
    /// Only `Bearer <token>`.
    Bearer,
    /// Only the bare `<token>`.
    Raw,
}

fn parse_rate(text: &str) -> Result<f64, String> {
    let rate: f64 = text
        .parse()
        .map_err(|_| format!("`{text}` is not a number"))?;
    if (0.0..=1.0).contains(&rate) {
        Ok(rate)
    } else {
        Err(format!("`{text}` is not between 0.0 and 1.0"))
    }
}

impl Default for Options {
    fn default() -> Self {
        Options {
            addr: SocketAddr::from(([127, 0, 0, 1], 0)),
            seed: 42,
            scale: 10_000,
            latency_ms: 0,
            jitter_ms: 0,
            error_rate: 0.0,
            drop_rate: 0.0,
            rate_limit: 0,
            crm_rate_limit: 2,
            envelope: Envelope::Dados,
            token_field: "token".to_owned(),
            token_ttl: 3600,
            auth_scheme: AuthScheme::Both,
            page_cap: 0,
            ignore_page: false,
            public: false,
        }
    }
}

impl Options {
    /// Default knobs on 127.0.0.1 with a free port.
    pub fn ephemeral() -> Self {
        Self::default()
    }

    fn validate(&self) -> Result<(), Error> {
        if !self.addr.ip().is_loopback() && !self.public {
            return Err(Error::NotLoopback(self.addr));
        }
        for (name, rate) in [
            ("error_rate", self.error_rate),
            ("drop_rate", self.drop_rate),
        ] {
            if !(0.0..=1.0).contains(&rate) {
                return Err(Error::InvalidOption(format!(
                    "{name} must be between 0.0 and 1.0, got {rate}"
                )));
            }
        }
        if self.token_field.trim().is_empty() {
            return Err(Error::InvalidOption(
                "token_field must not be empty".to_owned(),
            ));
        }
        if self.scale > u64::from(u32::MAX / 2) {
            return Err(Error::InvalidOption(format!(
                "scale must be at most {}, got {}",
                u32::MAX / 2,
                self.scale
            )));
        }
        Ok(())
    }
}

/// The four addresses a client needs, exactly as `serve` prints them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Urls {
    pub base_url: String,
    pub io_url: String,
    pub automation_url: String,
    pub crm_url: String,
}

impl Urls {
    fn new(addr: SocketAddr) -> Self {
        Urls {
            base_url: format!("http://{addr}/rest/v1"),
            io_url: format!("http://{addr}/io"),
            automation_url: format!("http://{addr}/automation"),
            crm_url: format!("http://{addr}/crm/rest/1/{WEBHOOK_ID}/"),
        }
    }
}

#[derive(Debug, thiserror::Error)]
pub enum Error {
    #[error(
        "refusing to listen on {0}: it is not a loopback address and the sandbox has well-known passwords; pass --public to allow it"
    )]
    NotLoopback(SocketAddr),
    #[error("cannot listen on {addr}: {source}")]
    Bind {
        addr: SocketAddr,
        #[source]
        source: std::io::Error,
    },
    #[error("invalid sandbox option: {0}")]
    InvalidOption(String),
    #[error("sandbox I/O error: {0}")]
    Io(#[from] std::io::Error),
    #[error("the sandbox stopped before it was ready")]
    Stopped,
}

/// How long a shutdown waits for requests in flight before cutting them off.
const SHUTDOWN_GRACE: Duration = Duration::from_secs(5);

/// A running sandbox on the current tokio runtime. Stops when shut down or dropped.
pub struct Sandbox {
    addr: SocketAddr,
    urls: Urls,
    stop: Option<oneshot::Sender<()>>,
    task: Option<tokio::task::JoinHandle<std::io::Result<()>>>,
}

impl Sandbox {
    /// Binds (port 0 = a free port), builds the data set and serves in a spawned task.
    pub async fn start(opts: Options) -> Result<Sandbox, Error> {
        opts.validate()?;
        let listener = tokio::net::TcpListener::bind(opts.addr)
            .await
            .map_err(|source| Error::Bind {
                addr: opts.addr,
                source,
            })?;
        let addr = listener.local_addr()?;
        // Building the columns of a large scale takes a noticeable moment: keep it off
        // the async workers.
        let state = tokio::task::spawn_blocking(move || server::AppState::new(opts))
            .await
            .map_err(|_| Error::Stopped)?;
        let app = server::router(state);
        let (stop, stopped) = oneshot::channel::<()>();
        let task = tokio::spawn(async move {
            axum::serve(listener, app)
                .with_graceful_shutdown(async {
                    let _ = stopped.await;
                })
                .await
        });
        Ok(Sandbox {
            addr,
            urls: Urls::new(addr),
            stop: Some(stop),
            task: Some(task),
        })
    }

    pub fn addr(&self) -> SocketAddr {
        self.addr
    }

    pub fn urls(&self) -> &Urls {
        &self.urls
    }

    /// Stops accepting, lets requests in flight finish (for a few seconds at most).
    pub async fn shutdown(mut self) {
        if let Some(stop) = self.stop.take() {
            let _ = stop.send(());
        }
        if let Some(task) = self.task.take() {
            let abort = task.abort_handle();
            if tokio::time::timeout(SHUTDOWN_GRACE, task).await.is_err() {
                abort.abort();
            }
        }
    }
}

impl Drop for Sandbox {
    fn drop(&mut self) {
        if let Some(stop) = self.stop.take() {
            let _ = stop.send(());
        }
    }
}

/// A sandbox on its own thread and runtime, for synchronous tests. Stops on drop.
pub struct SandboxThread {
    addr: SocketAddr,
    urls: Urls,
    stop: Option<oneshot::Sender<()>>,
    thread: Option<std::thread::JoinHandle<()>>,
}

impl SandboxThread {
    pub fn start(opts: Options) -> Result<Self, Error> {
        let (ready_tx, ready_rx) = std::sync::mpsc::channel::<Result<(SocketAddr, Urls), Error>>();
        let (stop, stopped) = oneshot::channel::<()>();
        let thread = std::thread::Builder::new()
            .name("clinic-sandbox".to_owned())
            .spawn(move || {
                let runtime = match tokio::runtime::Builder::new_multi_thread()
                    .worker_threads(2)
                    .enable_all()
                    .build()
                {
                    Ok(runtime) => runtime,
                    Err(error) => {
                        let _ = ready_tx.send(Err(Error::Io(error)));
                        return;
                    }
                };
                runtime.block_on(async move {
                    match Sandbox::start(opts).await {
                        Ok(sandbox) => {
                            let _ = ready_tx.send(Ok((sandbox.addr(), sandbox.urls().clone())));
                            let _ = stopped.await;
                            sandbox.shutdown().await;
                        }
                        Err(error) => {
                            let _ = ready_tx.send(Err(error));
                        }
                    }
                });
            })?;
        match ready_rx.recv() {
            Ok(Ok((addr, urls))) => Ok(SandboxThread {
                addr,
                urls,
                stop: Some(stop),
                thread: Some(thread),
            }),
            Ok(Err(error)) => {
                let _ = thread.join();
                Err(error)
            }
            Err(_) => {
                let _ = thread.join();
                Err(Error::Stopped)
            }
        }
    }

    pub fn urls(&self) -> &Urls {
        &self.urls
    }

    pub fn addr(&self) -> SocketAddr {
        self.addr
    }
}

impl Drop for SandboxThread {
    fn drop(&mut self) {
        if let Some(stop) = self.stop.take() {
            let _ = stop.send(());
        }
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}

/// `clinic sandbox serve`: prints the four `key=value` lines, then human lines, and
/// serves until SIGINT or SIGTERM.
pub async fn serve(opts: Options) -> Result<(), Error> {
    use std::io::Write;

    let scale = opts.scale;
    let seed = opts.seed;
    let sandbox = Sandbox::start(opts).await?;
    let urls = sandbox.urls().clone();
    let contacts = data::contact_count(scale);
    let mut out = std::io::stdout().lock();
    writeln!(out, "base_url={}", urls.base_url)?;
    writeln!(out, "io_url={}", urls.io_url)?;
    writeln!(out, "automation_url={}", urls.automation_url)?;
    writeln!(out, "crm_url={}", urls.crm_url)?;
    writeln!(out)?;
    writeln!(
        out,
        "Clinic Results sandbox listening on {} (seed {seed})",
        sandbox.addr()
    )?;
    writeln!(
        out,
        "  data: {scale} quotes, {scale} appointments and {contacts} contacts over 12 clinics"
    )?;
    writeln!(
        out,
        "  login admin_master: {ADMIN_LOGIN} / {ADMIN_PASSWORD} (pass clinica on list calls)"
    )?;
    writeln!(
        out,
        "  login clinic user (clinic 1): {CLINIC_LOGIN} / {CLINIC_PASSWORD}"
    )?;
    writeln!(out, "  IO API key (x-api-key): {IO_KEY}")?;
    writeln!(
        out,
        "  automation webhook: GET {}/webhook/{WEBHOOK_ID}",
        urls.automation_url
    )?;
    writeln!(
        out,
        "  inspection: GET http://{}/__sandbox/requests, GET http://{}/__sandbox/stats",
        sandbox.addr(),
        sandbox.addr()
    )?;
    writeln!(out, "Press Ctrl-C to stop.")?;
    out.flush()?;
    drop(out);

    wait_for_stop_signal().await?;
    sandbox.shutdown().await;
    Ok(())
}

async fn wait_for_stop_signal() -> Result<(), Error> {
    #[cfg(unix)]
    {
        use tokio::signal::unix::{SignalKind, signal};
        let mut terminate = signal(SignalKind::terminate())?;
        tokio::select! {
            result = tokio::signal::ctrl_c() => result?,
            _ = terminate.recv() => {}
        }
    }
    #[cfg(not(unix))]
    tokio::signal::ctrl_c().await?;
    Ok(())
}
