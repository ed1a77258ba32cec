//! Help: `clinic help [COMMAND…|TOPIC]` with the topics `environment`, `exit-codes` and `network`,
//! and which of
//! the global flags each command's help (and its manual page and Tab completion) shows. Output and
//! paging flags mean nothing to a command that prints no records, so they are hidden there — still
//! accepted, never offered.

use clap::builder::StyledStr;
use clap::{Args, Command};

use crate::error::{Error, Result};
use crate::term::IoStreams;

/// Help topics that are not commands, with what each is about.
pub fn topics() -> [(&'static str, String); 3] {
    [
        ("environment", crate::t!("help-topic-environment-about")),
        ("exit-codes", crate::t!("help-topic-exit-codes-about")),
        ("network", crate::t!("help-topic-network-about")),
    ]
}

/// The global flags about the connection, retries and walks: `-h` leaves them out (they are
/// `hide_short_help`) and points to `clinic help network`, which lists them with their full help.
const NETWORK_FLAGS: &[&str] = &[
    "timeout",
    "max_wait",
    "max_operating_wait",
    "max_answer_size",
    "cacert",
    "concurrency",
    "max_pages",
];

/// `clinic help network`: the [`NETWORK_FLAGS`] of `tree` with their long help, in its language.
fn network_help(tree: &Command) -> String {
    let flags = tree
        .get_arguments()
        .filter(|a| NETWORK_FLAGS.contains(&a.get_id().as_str()))
        .map(|a| {
            a.clone()
                .global(false)
                .hide_short_help(false)
                .help_heading(None::<&str>)
        });
    let mut topic = Command::new("clinic")
        .about(crate::t!("help-topic-network-about"))
        .disable_help_flag(true)
        .help_template("{about}\n\n{all-args}\n")
        .args(flags);
    topic.render_long_help().to_string()
}

/// Every command's `-h` ends with a pointer to [`network_help`]; `--help` keeps its own ending.
pub fn point_to_network(cmd: Command) -> Command {
    let pointer = crate::t!("help-network-pointer");
    let short = match cmd.get_after_help() {
        Some(after) => format!("{after}\n{pointer}"),
        None => pointer,
    };
    let cmd = match cmd.get_after_help().cloned() {
        Some(after) if cmd.get_after_long_help().is_none() => cmd.after_long_help(after),
        _ => cmd,
    };
    let names: Vec<String> = cmd
        .get_subcommands()
        .map(|s| s.get_name().to_string())
        .collect();
    names.iter().fold(cmd.after_help(short), |cmd, name| {
        cmd.mut_subcommand(name, point_to_network)
    })
}

#[derive(Args, Debug)]
pub struct HelpArgs {
    /// Tab offers the topics and the commands: see [`candidates`], attached where the tree is built.
    #[arg(value_name = "COMMAND|TOPIC")]
    topic: Vec<String>,
}

/// `clinic help …`: a topic, or a command's help as `--help` shows it.
/// `tree` is the whole command tree (built by `cli`); the help goes to `io`'s out.
pub fn run(args: HelpArgs, tree: Command, io: &IoStreams) -> Result<()> {
    use std::io::Write;
    let words: Vec<&str> = args.topic.iter().map(String::as_str).collect();
    let mut out = io.out();
    match words.as_slice() {
        ["environment"] => writeln!(out, "{}", crate::t!("help-topic-environment"))?,
        ["exit-codes"] => writeln!(out, "{}", crate::t!("help-topic-exit-codes"))?,
        ["network"] => {
            let lang = crate::text::i18n::current();
            write!(
                out,
                "{}",
                super::localize::annotations_in(&network_help(&tree), lang)
            )?
        }
        path => {
            let mut cmd = tree;
            cmd.build();
            let mut here = &mut cmd;
            for (i, word) in path.iter().enumerate() {
                here = match here.find_subcommand_mut(word) {
                    Some(sub) => sub,
                    None => {
                        let topics: Vec<&str> = topics().iter().map(|(t, _)| *t).collect();
                        return Err(Error::invalid(
                            "help topic",
                            path[..=i].join(" "),
                            &crate::t!("help-topic-unknown", topics = topics.join(", ")),
                        ));
                    }
                };
            }
            let lang = crate::text::i18n::current();
            let text = super::localize::annotations_in(&here.render_long_help().to_string(), lang);
            write!(out, "{text}")?;
        }
    }
    out.flush()?;
    Ok(())
}

/// Tab candidates for `clinic help`: the topics and the `commands` (name and about) of the tree.
pub fn candidates(
    commands: &[(String, Option<StyledStr>)],
) -> Vec<clap_complete::CompletionCandidate> {
    let topics = topics()
        .into_iter()
        .map(|(t, about)| clap_complete::CompletionCandidate::new(t).help(Some(about.into())));
    let commands = commands
        .iter()
        .map(|(name, about)| clap_complete::CompletionCandidate::new(name).help(about.clone()));
    topics.chain(commands).collect()
}

/// Which global flags a command's help offers, by what it prints.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Prints {
    /// Nothing but notes and errors on stderr (or a secret, into a pipe).
    Nothing,
    /// One plain line: `-o` still writes it to a file.
    Line,
    /// Records, but never a paged list: the output flags.
    Records,
    /// Paged lists (or rows in flight): the output and the paging flags.
    Lists,
}

/// Flags that shape printed records.
const OUTPUT_FLAGS: &[&str] = &["format", "columns", "jq", "raw_output", "excel"];
/// Where printed output goes.
const FILE_FLAG: &str = "output";
/// Flags of typed files and datasets: lists only, and only in `--help` (`-h` stays a screen).
const DATASET_FLAGS: &[&str] = &["schema", "partition_by", "since", "since_overlap", "resume"];
/// Flags that read pages (or, for imports, how many rows are in flight).
const PAGING_FLAGS: &[&str] = &["all", "page", "per_page", "limit", "concurrency", "sort"];

fn prints(path: &str) -> Prints {
    match path {
        "login"
        | "logout"
        | "auth token"
        | "auth set-io-key"
        | "auth set-db-password"
        | "config set"
        | "config unset"
        | "completions"
        | "man"
        | "cache refresh"
        | "cache clear"
        | "sandbox serve"
        | "setup"
        | "state reset"
        | "help" => Prints::Nothing,
        "config get" | "config path" | "cache path" => Prints::Line,
        "auth status"
        | "config list"
        | "contact create"
        | "contact update"
        | "contact upsert"
        | "campaign create"
        | "appointment set-status"
        | "crm contact create"
        | "crm contact get"
        | "crm contact update"
        | "crm deal get"
        | "crm deal update"
        | "crm lead get"
        | "crm lead update"
        | "crm aliases install"
        | "crm aliases list"
        | "crm units"
        | "state show"
        | "state list"
        | "io"
        | "operations"
        | "doctor" => Prints::Records,
        _ => Prints::Lists,
    }
}

/// The command tree with each command's unused global flags hidden from its help, manual page and
/// completion. A hidden copy of the flag, placed on the command before clap propagates the global
/// one, takes its place there; parsing is unchanged.
pub fn hide_unused_flags(root: Command) -> Command {
    let globals: Vec<clap::Arg> = root
        .get_arguments()
        .filter(|a| a.is_global_set())
        .cloned()
        .collect();
    let names: Vec<String> = root
        .get_subcommands()
        .map(|s| s.get_name().to_string())
        .collect();
    names.iter().fold(root, |root, name| {
        root.mut_subcommand(name, |sub| hide_below(sub, name, &globals))
    })
}

fn hide_below(cmd: Command, path: &str, globals: &[clap::Arg]) -> Command {
    let names: Vec<String> = cmd
        .get_subcommands()
        .map(|s| s.get_name().to_string())
        .collect();
    let shown: Vec<&str> = match prints(path) {
        _ if !names.is_empty() => Vec::new(),
        Prints::Nothing => Vec::new(),
        Prints::Line => vec![FILE_FLAG],
        Prints::Records => [OUTPUT_FLAGS, &[FILE_FLAG]].concat(),
        Prints::Lists => [OUTPUT_FLAGS, &[FILE_FLAG], PAGING_FLAGS, DATASET_FLAGS].concat(),
    };
    // Each command gets its own copy of these flags, hidden or not; a group's hidden copy would
    // otherwise pass down to its commands.
    // One record (a create, a status) needs no shaping at a glance: `-h` leaves those flags to `--help`.
    let long_only: &[&str] = match prints(path) {
        Prints::Records if names.is_empty() => &["columns", "jq", "raw_output", "excel"],
        _ => &[],
    };
    let cmd = globals
        .iter()
        .filter(|a| is_output_or_paging(a.get_id().as_str()))
        .fold(cmd, |cmd, a| {
            let id = a.get_id().as_str();
            let copy = a.clone().hide(!shown.contains(&id));
            cmd.arg(if long_only.contains(&id) || DATASET_FLAGS.contains(&id) {
                copy.hide_short_help(true)
            } else {
                copy
            })
        });
    names.iter().fold(cmd, |cmd, name| {
        let sub_path = if path.is_empty() {
            name.clone()
        } else {
            format!("{path} {name}")
        };
        cmd.mut_subcommand(name, |sub| hide_below(sub, &sub_path, globals))
    })
}

fn is_output_or_paging(id: &str) -> bool {
    OUTPUT_FLAGS.contains(&id)
        || id == FILE_FLAG
        || PAGING_FLAGS.contains(&id)
        || DATASET_FLAGS.contains(&id)
}

#[cfg(test)]
mod tests {
    #[test]
    fn a_command_that_prints_nothing_hides_the_output_flags_only() {
        let mut cmd = crate::cli::command();
        cmd.build();
        let set = cmd.find_subcommand_mut("config").unwrap();
        let set = set.find_subcommand_mut("set").unwrap();
        set.build();
        let format = set
            .get_arguments()
            .find(|a| a.get_id() == "format")
            .unwrap();
        assert!(format.is_hide_set());
        let profile = set
            .get_arguments()
            .find(|a| a.get_id() == "profile")
            .unwrap();
        assert!(!profile.is_hide_set());
    }
}
