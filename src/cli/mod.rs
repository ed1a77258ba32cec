//! The command line: global flags, the command tree, and dispatch. One file per command group; each
//! command is an args struct plus a `run(ctx, args)` function.

use std::path::PathBuf;
use std::time::Duration;

use clap::{Args, Parser, Subcommand};

use crate::context::Context;
use crate::error::Result;
use crate::output::Format;

pub mod api;
pub mod appointment;
pub mod args;
pub mod auth;
pub mod cache;
pub mod campaign;
pub mod checks;
pub mod completions;
pub mod config;
pub mod contact;
pub mod crm;
pub mod doctor;
pub mod guided;
pub mod help;
pub mod import;
pub mod io;
pub mod localize;
pub mod man;
pub mod operations;
pub mod reference;
pub mod report;
pub mod sandbox;
pub mod sandbox_hosts;
pub mod setup;
pub mod summary;

const ABOUT: &str =
    "Command-line client for the Clinic Results API, its CRM and Integrações IO webhooks";

const AFTER_HELP: &str = "\
Examples:
  clinic login --base-url https://example.com/rest/v1
  clinic ref channels
  clinic report ficha-financeira --from 2024-01-01 --to 2024-12-31 --all --format csv -o ficha.csv
  clinic --sandbox report appointments --all --limit 20

Topics: clinic help environment, clinic help exit-codes

Exit codes: 0 ok · 1 other failure · 2 invalid input (nothing sent) · 3 not logged in / token rejected ·
4 request refused by the API · 5 server or network failure after retries ·
128+N stopped by signal N: 130 SIGINT, 143 SIGTERM, 129 SIGHUP, 131 SIGQUIT";

#[derive(Parser, Debug)]
#[command(
    name = "clinic",
    version,
    about = ABOUT,
    after_help = AFTER_HELP,
    max_term_width = 110,
    disable_help_subcommand = true
)]
pub struct Cli {
    #[command(flatten)]
    pub global: Global,
    #[command(subcommand)]
    pub command: Command,
}

/// Flags every command takes. Help lists them after the command's own, under their own heading, and
/// hides those a command has no use for (see `help::hide_unused_flags`).
#[derive(Args, Debug, Clone, Default)]
#[command(next_help_heading = "Global options")]
pub struct Global {
    /// Configuration profile
    #[arg(
        long,
        global = true,
        env = "CLINIC_PROFILE",
        default_value = "default",
        value_name = "NAME"
    )]
    pub profile: String,
    /// Output format [default: table on a terminal, json otherwise]
    #[arg(long, global = true, value_enum)]
    pub format: Option<Format>,
    /// Select and order columns (dotted names reach nested fields); `all` for every column
    #[arg(long, global = true, value_delimiter = ',', value_name = "A,B,C")]
    pub columns: Option<Vec<String>>,
    /// Apply a jq filter to each record (or to the answer) before formatting, e.g. 'select(.valor > 100) | {id, cliente}'
    #[arg(long, global = true, value_name = "EXPR")]
    pub jq: Option<String>,
    /// CSV for Excel pt-BR: ';' separator, UTF-8 BOM, formula-injection guard
    #[arg(long, global = true)]
    pub excel: bool,
    /// Write to FILE (atomically: nothing under that name unless the command succeeds)
    #[arg(short = 'o', long, global = true, value_name = "FILE")]
    pub output: Option<PathBuf>,
    /// Walk every page of a list
    #[arg(long, global = true)]
    pub all: bool,
    /// Page to read (1-based); with --all, the first page of the walk
    #[arg(long, global = true, value_name = "N", value_parser = clap::value_parser!(u64).range(1..=crate::pages::MAX_PAGE))]
    pub page: Option<u64>,
    /// Records per page [default: 50]
    #[arg(long, global = true, value_name = "M", value_parser = clap::value_parser!(u64).range(1..=10000))]
    pub per_page: Option<u64>,
    /// Stop after N records
    #[arg(long, global = true, value_name = "N", value_parser = clap::value_parser!(u64).range(1..))]
    pub limit: Option<u64>,
    /// Requests in flight during walks [default: 4]
    #[arg(long, global = true, value_name = "K", value_parser = clap::builder::RangedU64ValueParser::<usize>::new().range(1..=32))]
    pub concurrency: Option<usize>,
    /// A walk that reaches N pages without reaching the end stops with an error (exit 5) [default: no limit]
    #[arg(long, global = true, value_name = "N", value_parser = clap::value_parser!(u64).range(1..=crate::pages::MAX_PAGE))]
    pub max_pages: Option<u64>,
    /// How long the server may stay silent — connecting (10s at most) or between two pieces of an answer;
    /// one request may take ten times as long in all [default: 60s]
    #[arg(long, global = true, env = "CLINIC_TIMEOUT", value_name = "DURATION", value_parser = args::timeout)]
    pub timeout: Option<Duration>,
    /// How long a request is retried after 429, 5xx (reads only) or a network failure; 0 = never [default: 5m]
    #[arg(long, global = true, env = "CLINIC_MAX_WAIT", value_name = "DURATION", value_parser = args::max_wait)]
    pub max_wait: Option<Duration>,
    /// The largest answer read, e.g. 10MB or 1GiB [default: 256MiB]
    #[arg(long, global = true, env = "CLINIC_MAX_ANSWER_SIZE", value_name = "SIZE", value_parser = args::size)]
    pub max_answer_size: Option<u64>,
    /// Also trust the CA certificates of this PEM file (a server with a private certificate authority)
    #[arg(long, global = true, env = "CLINIC_CA_BUNDLE", value_name = "FILE")]
    pub cacert: Option<PathBuf>,
    /// Trace each request on stderr (method, URL, status, time; secrets masked)
    #[arg(short, long, global = true)]
    pub verbose: bool,
    /// Print nothing but results and errors (as -q: before the command name)
    #[arg(short = 'q')]
    pub quiet_short: bool,
    /// Print nothing but results and errors
    #[arg(long = "quiet", global = true, hide_short_help = true)]
    pub quiet: bool,
    /// Language of the interface for this command (en, pt-BR); read before anything else
    #[arg(long, global = true, value_name = "LANG")]
    pub lang: Option<String>,
    /// Run against a built-in sandbox with synthetic data, logged in as its clinic user
    #[arg(long, global = true)]
    pub sandbox: bool,
    /// Size of the built-in sandbox (records per report)
    #[arg(long, global = true, value_name = "N", requires = "sandbox")]
    pub sandbox_scale: Option<u64>,
}

#[derive(Subcommand, Debug)]
pub enum Command {
    /// Set up a profile in one step (hosts, webhook ID, units, clinic, login), then check it
    Setup(setup::SetupArgs),
    /// Check the configuration, hosts, token, credential store, name cache and completions
    Doctor(doctor::DoctorArgs),
    /// Log in and keep the token in the OS keyring  [Autenticação]
    Login(auth::LoginArgs),
    /// Forget the stored token of this profile
    #[command(after_help = "Example:\n  clinic --profile matriz logout")]
    Logout,
    /// Token and key management
    #[command(subcommand)]
    Auth(auth::AuthCommand),
    /// Read and change profile settings
    #[command(subcommand, after_help = config::keys_help())]
    Config(config::ConfigCommand),
    /// Contacts (prospects and customers)  [Entrada — Atração / Saída — Atração]
    #[command(subcommand)]
    Contact(contact::ContactCommand),
    /// Campaigns  [Entrada — Apoio / Saída — Apoio]
    #[command(subcommand)]
    Campaign(campaign::CampaignCommand),
    /// Appointments  [Entrada — Conversão e entrega]
    #[command(subcommand)]
    Appointment(appointment::AppointmentCommand),
    /// Reports: appointments and the Ficha Financeira  [Saída]
    #[command(subcommand)]
    Report(report::ReportCommand),
    /// Reference lists: clinics, channels, campaigns, services, statuses…  [Saída — Apoio]
    #[command(subcommand, name = "ref")]
    Ref(reference::RefCommand),
    /// External CRM: contacts through the automation webhook, contacts and deals  [CRM — Automação / CRM]
    #[command(subcommand)]
    Crm(crm::CrmCommand),
    /// Call any Integrações IO path with the stored x-api-key  [Integrações IO]
    Io(io::IoArgs),
    /// Call any path of the API with the same auth, formats and paging
    Api(api::ApiArgs),
    /// List every remote operation: group, method, path, command
    #[command(after_help = "Example:\n  clinic operations --format csv")]
    Operations,
    /// Print a shell completion script
    Completions(completions::CompletionsArgs),
    /// Manual pages generated from these definitions
    Man(man::ManArgs),
    /// The local copy of reference lists used for names and Tab completion
    #[command(subcommand)]
    Cache(cache::CacheCommand),
    /// The local imitation of the whole API
    #[command(subcommand)]
    Sandbox(sandbox::SandboxCommand),
    /// Help on a command, or on a topic: environment, exit-codes
    Help(help::HelpArgs),
}

/// The command tree as every user of it sees it — parsing, help, manual pages and completion — with
/// each command's unused global flags hidden.
/// Every text is in the language chosen at start.
pub fn command() -> clap::Command {
    command_in(crate::i18n::current())
}

/// The command tree with its texts in `lang`.
pub fn command_in(lang: crate::i18n::Lang) -> clap::Command {
    let tree = localize::localize(<Cli as clap::CommandFactory>::command(), lang);
    help::hide_unused_flags(tree)
}

/// Parses the process's arguments, exiting (status 2) with clap's message, in the chosen language,
/// on a usage error.
pub fn parse() -> Cli {
    use clap::FromArgMatches;
    let mut cmd = command();
    let fail = |e: clap::Error, cmd: &mut clap::Command| -> ! {
        let e = e.format(cmd);
        let lang = crate::i18n::current();
        if lang != crate::i18n::Lang::En
            && matches!(
                e.kind(),
                clap::error::ErrorKind::DisplayHelp
                    | clap::error::ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand
            )
        {
            let text = localize::annotations_in(&e.render().to_string(), lang);
            let stream: &mut dyn std::io::Write = if e.use_stderr() {
                &mut std::io::stderr()
            } else {
                &mut std::io::stdout()
            };
            let _ = stream.write_all(text.as_bytes());
            std::process::exit(e.exit_code())
        }
        match localize::error_text(&e, lang) {
            Some(text) => {
                eprint!("{text}");
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

impl Cli {
    pub fn quiet(&self) -> bool {
        self.global.quiet || self.global.quiet_short
    }
}

/// How a command failed, ready to print: the message has every known secret masked.
#[derive(Debug)]
pub struct Failure {
    pub code: i32,
    pub message: String,
}

impl From<crate::error::Error> for Failure {
    fn from(e: crate::error::Error) -> Self {
        Failure {
            code: e.exit_code(),
            message: crate::sanitize::error_text(&e),
        }
    }
}

/// Runs the parsed command.
pub async fn run(cli: Cli) -> std::result::Result<(), Failure> {
    let mut global = cli.global.clone();
    global.quiet = cli.quiet();
    match cli.command {
        // Commands that need no profile or network.
        Command::Completions(args) => return Ok(completions::run(args)?),
        Command::Man(args) => return Ok(man::run(args)?),
        Command::Sandbox(cmd) => return Ok(sandbox::run(cmd).await?),
        Command::Help(args) => return Ok(help::run(args)?),
        // The doctor reports a configuration it cannot read as a failed check.
        Command::Doctor(args) => return doctor::run(global, args).await,
        _ => {}
    }
    let ctx = Context::new(global).await?;
    if uses_reference_names(&cli.command) {
        crate::refs::cache::refresh_in_background(&ctx);
    }
    let result = match crate::show::check_output_flags(&ctx) {
        Ok(()) => dispatch(&ctx, cli.command).await,
        Err(e) => Err(e),
    };
    let reporter = ctx.reporter.clone();
    ctx.shutdown().await;
    result.map_err(|e| Failure {
        code: e.exit_code(),
        message: reporter.error_line(&e),
    })
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
    match command {
        Command::Setup(args) => setup::run(ctx, args).await,
        Command::Login(args) => auth::login(ctx, args).await,
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
        Command::Completions(_)
        | Command::Man(_)
        | Command::Sandbox(_)
        | Command::Help(_)
        | Command::Doctor(_) => {
            unreachable!("handled before the context is built")
        }
    }
}
