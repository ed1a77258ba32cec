//! The command line: global flags, the command tree, and dispatch. One module per command group; each
//! command is an args struct plus a `run(ctx, args)` function. Commands never import each other: what
//! two of them share is in a shared module (the list is in ARCHITECTURE.md, checked by
//! `tests/layers.rs`).

use std::sync::Arc;

use clap::{Parser, Subcommand};

use crate::context::Context;
use crate::error::Result;
use crate::global_flags::Settings;
use crate::term::IoStreams;

pub mod api;
pub mod appointment;
pub mod args;
pub mod ask;
pub mod auth;
pub mod cache;
pub mod campaign;
pub mod checks;
pub mod complete;
pub mod completions;
pub mod config;
pub mod contact;
pub mod created;
pub mod crm;
pub mod crm_host;
pub mod db_password;
pub mod doctor;
mod failure;
pub mod help;
#[cfg(test)]
mod in_process;
pub mod io;
pub mod journal;
pub mod localize;
pub mod login;
pub mod man;
pub mod mcp;
pub mod operations;
pub mod pick;
pub mod probe;
pub mod ref_list;
pub mod reference;
pub mod report;
pub mod sandbox;
pub mod sandbox_hosts;
pub mod setup;
pub mod sheet;
pub mod state;
pub mod sync;
pub mod text_file;

pub use failure::Failure;

#[derive(Parser, Debug)]
#[command(
    name = "clinic",
    version,
    max_term_width = 110,
    disable_help_subcommand = true
)]
pub struct Cli {
    #[command(flatten)]
    pub global: Settings,
    #[command(subcommand)]
    pub command: Command,
}

#[derive(Subcommand, Debug)]
pub enum Command {
    Setup(setup::SetupArgs),
    Doctor(doctor::DoctorArgs),
    Login(login::LoginArgs),
    Logout,
    #[command(subcommand)]
    Auth(auth::AuthCommand),
    #[command(subcommand)]
    Config(config::ConfigCommand),
    #[command(subcommand)]
    Contact(contact::ContactCommand),
    #[command(subcommand)]
    Campaign(campaign::CampaignCommand),
    #[command(subcommand)]
    Appointment(appointment::AppointmentCommand),
    #[command(subcommand)]
    Report(report::ReportCommand),
    #[command(subcommand, name = "ref")]
    Ref(reference::RefCommand),
    #[command(subcommand)]
    Crm(crm::CrmCommand),
    Io(io::IoArgs),
    Api(api::ApiArgs),
    Operations,
    Completions(completions::CompletionsArgs),
    Man(man::ManArgs),
    #[command(subcommand)]
    Cache(cache::CacheCommand),
    #[command(subcommand)]
    State(state::StateCommand),
    Sync(sync::SyncArgs),
    Sql(sync::SqlArgs),
    Mcp(mcp::McpArgs),
    #[command(subcommand)]
    Sandbox(sandbox::SandboxCommand),
    Help(help::HelpArgs),
}

/// The command tree as every user of it sees it — parsing, help, manual pages and completion — with
/// each command's unused global flags hidden.
/// Every text is in the language chosen at start.
pub fn command() -> clap::Command {
    command_in(crate::text::i18n::current())
}

/// The command tree with its texts in `lang`.
pub fn command_in(lang: crate::text::i18n::Lang) -> clap::Command {
    // Help and errors name the program `clinic`, as the guide does, whatever its file is called
    // (`clinic.exe` on Windows, a renamed download): clap takes the name from argv[0] otherwise.
    let tree = localize::localize(
        <Cli as clap::CommandFactory>::command().bin_name("clinic"),
        lang,
    );
    let tree = help::point_to_network(help::hide_unused_flags(tree));
    // `clinic help <Tab>` offers the commands of this very tree: handed to the help command here,
    // where the tree is built, so that `help` needs nothing from above it.
    let commands: Vec<(String, Option<clap::builder::StyledStr>)> = tree
        .get_subcommands()
        .filter(|c| !c.is_hide_set())
        .map(|c| (c.get_name().to_string(), c.get_about().cloned()))
        .collect();
    tree.mut_subcommand("help", |h| {
        h.mut_arg("topic", |a| {
            a.add(clap_complete::ArgValueCandidates::new(move || {
                help::candidates(&commands)
            }))
        })
    })
}

/// Parses the process's arguments, exiting (status 2) with clap's message, in the chosen language,
/// on a usage error; a message of its own is written into `io`.
pub fn parse(io: &IoStreams) -> Cli {
    use clap::FromArgMatches;
    // Most runs show no help and make no usage error: the tree as defined parses exactly as the one
    // in the reader's language does (that one changes texts, headings and which flags help shows,
    // never what a flag takes), and building the latter reads every help text of every command,
    // about half of a run's start-up. It is built only when clap has something to say.
    if let Ok(matches) = <Cli as clap::CommandFactory>::command()
        .bin_name("clinic")
        .try_get_matches_from(std::env::args_os())
        && let Ok(cli) = Cli::from_arg_matches(&matches)
    {
        return cli;
    }
    let mut cmd = command();
    let fail = |e: clap::Error, cmd: &mut clap::Command| -> ! {
        let e = with_value_shown(e.format(cmd));
        let lang = crate::text::i18n::current();
        // `-q KEY=VALUE` was `--query` in `api` and `io` once: `-q` is `--quiet` everywhere now, and
        // the value it leaves behind is refused with the way to send it.
        if e.kind() == clap::error::ErrorKind::UnknownArgument && query_after_quiet() {
            let text = localize::error_text(&e, lang).unwrap_or_else(|| e.render().to_string());
            io.write_err(&format!("{text}{}\n", crate::t!("cli-query-is-capital-q")));
            std::process::exit(2)
        }
        if lang != crate::text::i18n::Lang::En
            && matches!(
                e.kind(),
                clap::error::ErrorKind::DisplayHelp
                    | clap::error::ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand
            )
        {
            // Styled as clap styles it; anstream drops the styles where clap would (NO_COLOR, a pipe).
            let text = localize::annotations_in(&e.render().ansi().to_string(), lang);
            let _ = io.write_styled(e.use_stderr(), &text);
            std::process::exit(e.exit_code())
        }
        match localize::error_text(&e, lang) {
            Some(text) => {
                io.write_err(&text);
                std::process::exit(e.exit_code())
            }
            None => e.exit(),
        }
    };
    match cmd.try_get_matches_from_mut(std::env::args_os()) {
        Ok(matches) => Cli::from_arg_matches(&matches).unwrap_or_else(|e| fail(e, &mut cmd)),
        Err(e) => fail(e, &mut cmd),
    }
}

/// The command line is `api` or `io` with `-q KEY=VALUE`, the query's spelling before `-Q`.
fn query_after_quiet() -> bool {
    let args: Vec<String> = std::env::args().collect();
    args.iter().any(|a| a == "api" || a == "io")
        && args
            .windows(2)
            .any(|w| w[0] == "-q" && w[1].contains('=') && !w[1].starts_with('-'))
}

/// A clap error with the value it refused shown as every error shows one: masked when the flag
/// takes personal data, cut at `error::GIVEN_MAX` characters (saying how long it was) when long.
pub(crate) fn with_value_shown(mut e: clap::Error) -> clap::Error {
    use clap::error::{ContextKind, ContextValue};
    let (Some(ContextValue::String(arg)), Some(ContextValue::String(value))) = (
        e.get(ContextKind::InvalidArg),
        e.get(ContextKind::InvalidValue),
    ) else {
        return e;
    };
    let flag = arg.split_whitespace().next().unwrap_or(arg);
    let mut shown = match crate::redact::personal_param(flag) {
        Some(kind) if !value.is_empty() => crate::redact::mask_personal(value, kind),
        _ => value.clone(),
    };
    let count = shown.chars().count();
    if count > crate::error::GIVEN_MAX {
        let cut: String = shown.chars().take(crate::error::GIVEN_MAX).collect();
        let length = crate::t!("err-given-length", count = value.chars().count() as u64);
        shown = format!("{cut}… {length}");
    }
    if shown != *value {
        e.insert(ContextKind::InvalidValue, ContextValue::String(shown));
    }
    e
}

impl Cli {
    pub fn quiet(&self) -> bool {
        self.global.quiet
    }

    /// The global flags, with the command line they came from (a dataset's manifest keeps it).
    pub fn settings(&self) -> Settings {
        Settings {
            command: std::env::args_os()
                .skip(1)
                .map(|a| a.to_string_lossy().into_owned())
                .collect(),
            ..self.global.clone()
        }
    }
}

/// Runs the parsed command, reading and writing through `io`.
pub async fn run(cli: Cli, io: Arc<IoStreams>) -> std::result::Result<(), Failure> {
    let global = cli.settings();
    run_with(cli.command, global, io).await
}

/// Runs `to_run` with the global flags `global`: what [`run`] does once the flags are read, and
/// what a test calls to run a command inside its own process.
pub async fn run_with(
    to_run: Command,
    global: Settings,
    io: Arc<IoStreams>,
) -> std::result::Result<(), Failure> {
    match to_run {
        // Commands that need no profile or network.
        Command::Completions(args) => return Ok(completions::run(args, &io)?),
        Command::Man(args) => return Ok(man::run(args, command(), &io)?),
        Command::Sandbox(cmd) => return Ok(sandbox::run(cmd).await?),
        Command::Help(args) => return Ok(help::run(args, command(), &io)?),
        // The doctor reports a configuration it cannot read as a failed check.
        Command::Doctor(args) => return doctor::run(global, args, io).await,
        Command::Mcp(mut args) => {
            let keys = profile_mcp_keys(&global)?;
            args.share_personal |= keys.share_personal == Some(true);
            args.allow_writes |= keys.allow_writes == Some(true);
            // The flag wins over the profile; either is refused by name when it is no known value.
            let writes = match (&args.writes, &keys.writes) {
                (Some(flag), _) => Some(crate::config::mcp_writes("--writes", flag)?),
                (None, Some(key)) => Some(crate::config::mcp_writes("mcp.writes", key)?),
                (None, None) => None,
            };
            // A choice of who approves writes where none is offered says nothing: most likely
            // `--allow-writes` was forgotten.
            if args.writes.is_some() && !args.allow_writes {
                return Err(Failure {
                    code: 2,
                    message: crate::t!("cli-mcp-writes-without-writes"),
                });
            }
            args.host_approval = writes.as_deref() == Some("host-approval");
            args.max_records_file = match &keys.max_records_file {
                Some(size) => crate::config::size("mcp.max_records_file", size)?,
                None => crate::config::MCP_MAX_RECORDS_FILE,
            };
            // `clinic --sandbox mcp`: one sandbox for the whole session, every tool call on it.
            let sandbox = match global.sandbox {
                true => {
                    let opts = clinic_sandbox::Options {
                        scale: global
                            .sandbox_scale
                            .unwrap_or(clinic_sandbox::Options::default().scale),
                        ..clinic_sandbox::Options::ephemeral()
                    };
                    Some(crate::context::start_sandbox(opts).await?)
                }
                false => None,
            };
            let at = sandbox.as_ref().map(|sb| sb.urls().clone());
            let served = mcp::run(args, command(), dispatcher(&global, at)).await;
            if let Some(sb) = sandbox {
                sb.shutdown().await;
            }
            return served;
        }
        _ => {}
    }
    if global.resume && !global.partition_by.as_ref().is_some_and(|p| p.clinic) {
        return Err(Failure {
            code: 2,
            message: crate::t!("cli-resume-needs-clinic-partitions"),
        });
    }
    let asked_report = match &to_run {
        Command::Report(cmd) => Some(cmd),
        _ => None,
    };
    let sync_changes = matches!(&to_run, Command::Sync(s) if s.lists_changes());
    if global.since.is_some() && !report::takes_since(&asked_report) && !sync_changes {
        return Err(Failure {
            code: 2,
            message: crate::t!("cli-since-not-here"),
        });
    }
    let ctx = Context::new(global, io).await?;
    if uses_reference_names(&to_run) {
        crate::refs::cache::refresh_in_background(&ctx);
    }
    let result = match crate::show::check_output_flags(&ctx) {
        Ok(()) => dispatch(&ctx, to_run).await,
        Err(e) => Err(e),
    };
    let reporter = ctx.reporter.clone();
    ctx.shutdown().await;
    result.map_err(|e| Failure {
        code: e.exit_code(),
        message: reporter.error_line(&e),
    })
}

/// The server's profile's `mcp.*` keys: `mcp.share_personal = true` is `--share-personal`,
/// `mcp.allow_writes = true` is `--allow-writes` and `mcp.writes` is `--writes`, for every run.
fn profile_mcp_keys(server: &Settings) -> crate::error::Result<crate::config::McpKeys> {
    let dir = match &server.config_dir {
        Some(dir) => dir.clone(),
        None => crate::config::config_dir(&server.env)?,
    };
    let file = crate::config::ConfigFile::load(&dir)?;
    Ok(file
        .profiles
        .get(&server.profile_name())
        .map(|p| p.mcp.clone())
        .unwrap_or_default())
}

/// How `clinic mcp` runs a tool's command: parsed by this tree, with the server's profile and
/// configuration folder unless the words name their own, inside this process. A command's run may
/// hold a stream's lock across a wait, so it is not sent between threads: each runs on a blocking
/// thread of its own, on the server's runtime.
fn dispatcher(server: &Settings, sandbox_at: Option<clinic_sandbox::Urls>) -> mcp::Dispatch {
    let (profile, config_dir) = (server.profile.clone(), server.config_dir.clone());
    Arc::new(move |argv, io, run| {
        let (profile, config_dir) = (profile.clone(), config_dir.clone());
        let sandbox_at = sandbox_at.clone();
        let runtime = tokio::runtime::Handle::current();
        // A caller that gives up (an MCP cancel) stops the command's queries in its own thread too.
        let given_up = crate::mirror::given_up();
        let ran = tokio::task::spawn_blocking(move || {
            let stopped = given_up.clone();
            runtime.block_on(crate::mirror::stoppable(
                given_up,
                until_given_up(stopped, async move {
                    use clap::FromArgMatches;
                    let line = std::iter::once("clinic".to_string()).chain(argv.iter().cloned());
                    let cli = match command()
                        .try_get_matches_from(line)
                        .and_then(|m| Cli::from_arg_matches(&m))
                    {
                        Ok(cli) => cli,
                        Err(e) => {
                            let lang = crate::text::i18n::current();
                            let text =
                                localize::error_text(&e, lang).unwrap_or_else(|| e.to_string());
                            io.write_err(&text);
                            return 2;
                        }
                    };
                    let mut global = cli.settings();
                    if cli.global.profile.is_none() {
                        global.profile = profile;
                    }
                    global.config_dir = config_dir;
                    if sandbox_at.is_some() {
                        global.sandbox = true;
                        global.sandbox_at = sandbox_at;
                    }
                    global.command = argv;
                    global.read_only = run == mcp::Run::Reads;
                    let outcome = run_with(cli.command, global, io.clone()).await;
                    exit_code(outcome, &io)
                }),
            ))
        });
        // A command that panicked has failed.
        Box::pin(async move { ran.await.unwrap_or(5) })
    })
}

/// `work`'s exit status, or 130 as soon as `given_up` says so: the run is dropped there, and with
/// it the requests it had in flight, so that a cancelled call asks the service nothing more.
async fn until_given_up(
    given_up: Option<crate::mirror::GivenUp>,
    work: impl std::future::Future<Output = i32>,
) -> i32 {
    let Some(given_up) = given_up else {
        return work.await;
    };
    let watch = async move {
        while !given_up() {
            tokio::time::sleep(std::time::Duration::from_millis(20)).await;
        }
    };
    tokio::select! {
        code = work => code,
        _ = watch => 130,
    }
}

/// The exit status of a run that ended with `outcome`, its failure's line written to `io`'s err.
pub fn exit_code(outcome: std::result::Result<(), Failure>, io: &IoStreams) -> i32 {
    match outcome {
        Ok(()) => 0,
        Err(failure) => {
            if failure.code != 0 {
                let line = crate::t!("error-line", message = failure.message);
                io.write_err(&format!("{line}\n"));
            }
            failure.code
        }
    }
}

/// Commands whose flags take names from the reference lists: running one on a terminal keeps the cache
/// behind Tab completion fresh.
fn uses_reference_names(command: &Command) -> bool {
    matches!(
        command,
        Command::Contact(_)
            | Command::Campaign(_)
            | Command::Appointment(_)
            | Command::Report(_)
            | Command::Ref(_)
    )
}

async fn dispatch(ctx: &Context, command: Command) -> Result<()> {
    // A bare `--schema` lists the mirror's tables for `clinic sql`; anywhere else it needs its file.
    if ctx.global.schema_listing() && !matches!(command, Command::Sql(_)) {
        return Err(crate::error::Error::missing(
            "--schema FILE",
            &crate::t!("cli-expected-schema-file", reason = "-"),
        ));
    }
    match command {
        Command::Setup(args) => setup::run(ctx, args).await,
        Command::Login(args) => login::run(ctx, args).await,
        Command::Logout => auth::logout(ctx).await,
        Command::Auth(cmd) => auth::run(ctx, cmd).await,
        Command::Config(cmd) => config::run(ctx, cmd),
        Command::Contact(cmd) => contact::run(ctx, cmd).await,
        Command::Campaign(cmd) => campaign::run(ctx, cmd).await,
        Command::Appointment(cmd) => appointment::run(ctx, cmd).await,
        Command::Report(cmd) => report::run(ctx, cmd).await,
        Command::Ref(cmd) => reference::run(ctx, cmd).await,
        Command::Crm(cmd) => crm::run(ctx, cmd).await,
        Command::Io(args) => io::run(ctx, args).await,
        Command::Api(args) => api::run(ctx, args).await,
        Command::Operations => operations::run(ctx),
        Command::Cache(cmd) => cache::run(ctx, cmd).await,
        Command::State(cmd) => state::run(ctx, cmd),
        Command::Sync(args) => sync::run(ctx, args).await,
        Command::Sql(args) => sync::sql(ctx, args).await,
        Command::Completions(_)
        | Command::Man(_)
        | Command::Sandbox(_)
        | Command::Help(_)
        | Command::Doctor(_)
        | Command::Mcp(_) => {
            unreachable!("handled before the context is built")
        }
    }
}
