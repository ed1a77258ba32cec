//! Answering Tab. The shell runs `COMPLETE=<shell> clinic -- <words…>`; this module reads that
//! command line (so `--profile` and `--clinic` typed earlier count), matches candidates against the
//! word being completed ignoring case and accents, and — for bash, which inserts replies as they are —
//! quotes each one so the line runs as inserted.

use std::ffi::OsStr;

use clap_complete::engine::CompletionCandidate;

use crate::text::fold::normalize;

pub mod names;
pub mod registration;

/// The environment variable that switches the binary into completion mode.
pub const COMPLETE_VAR: &str = "COMPLETE";

/// The environment variable the bash script sets to the word being completed exactly as typed (with
/// an opening quote, if any), which the shell's own `$2` leaves out.
pub const RAW_WORD_VAR: &str = "_CLINIC_COMPLETE_WORD";

/// The shell asking, as `COMPLETE` named it; recorded by [`note_shell`] before clap's completion engine
/// removes the variable.
static SHELL: std::sync::OnceLock<String> = std::sync::OnceLock::new();

/// Records which shell asks for completions (`COMPLETE=bash`): call before the engine runs.
pub fn note_shell() {
    if let Ok(shell) = std::env::var(COMPLETE_VAR) {
        let _ = SHELL.set(shell);
    }
}

/// The command line being completed: the words after `--` in this process's arguments.
pub struct Line {
    words: Vec<String>,
}

impl Line {
    /// The line of this completion request (empty when this process is not one).
    pub fn current() -> Line {
        let args: Vec<String> = std::env::args().collect();
        let mut words: Vec<String> = match args.iter().position(|a| a == "--") {
            Some(i) => args[i + 1..].iter().skip(1).cloned().collect(),
            None => Vec::new(),
        };
        // Bash and zsh pass the whole line and say which word is being completed (counting the
        // program's name); the words after it are not "earlier on the line".
        if let Some(index) = std::env::var("_CLAP_COMPLETE_INDEX")
            .ok()
            .and_then(|i| i.parse::<usize>().ok())
        {
            words.truncate(index.max(1));
        }
        Line { words }
    }

    #[cfg(test)]
    fn of(words: &[&str]) -> Line {
        Line {
            words: words.iter().map(|w| w.to_string()).collect(),
        }
    }

    /// The value given to one of `flags` before the word being completed (`--clinic 3`,
    /// `--clinic=3`), unquoted; the last one wins, as when the command runs.
    pub fn value_of(&self, flags: &[&str]) -> Option<String> {
        let before = &self.words[..self.words.len().saturating_sub(1)];
        let mut found = None;
        for (i, word) in before.iter().enumerate() {
            for flag in flags {
                if word == flag {
                    found = before.get(i + 1).map(|v| unquote(v));
                } else if let Some(v) = word.strip_prefix(&format!("{flag}=")) {
                    found = Some(unquote(v));
                }
            }
        }
        found
    }

    /// The positional word right after `word` (e.g. the KEY of `config set KEY VALUE`).
    pub fn after(&self, word: &str) -> Option<String> {
        let before = &self.words[..self.words.len().saturating_sub(1)];
        before
            .iter()
            .position(|w| w == word)
            .and_then(|i| before.get(i + 1))
            .map(|v| unquote(v))
    }

    /// The profile the command would use: `--profile` on the line, else `CLINIC_PROFILE`, else the
    /// one `config use` chose.
    pub fn profile(&self) -> String {
        self.value_of(&["--profile"])
            .or_else(|| std::env::var("CLINIC_PROFILE").ok())
            .filter(|p| !p.is_empty())
            .unwrap_or_else(|| {
                crate::config::default_profile_name(&crate::environment::Environment::Process)
            })
    }
}

/// Candidates for the word being completed: `values` (with an optional help text each) whose names
/// start with what was typed, ignoring case and accents — or, when none does, that have a word that
/// starts with it — quoted for the shell asking.
pub fn offer(
    current: &OsStr,
    values: impl IntoIterator<Item = (String, Option<String>)>,
) -> Vec<CompletionCandidate> {
    offer_after(current, "", values)
}

/// [`offer`] for a flag that takes several values separated by commas (`--clinic 1,uber`): the
/// values before the last comma stay as typed, and the word after it is completed.
pub fn offer_in_list(
    current: &OsStr,
    values: impl IntoIterator<Item = (String, Option<String>)>,
) -> Vec<CompletionCandidate> {
    let typed = current.to_string_lossy();
    match typed.rsplit_once(',') {
        Some((before, last)) => {
            offer_after(OsStr::new(last.trim_start()), &format!("{before},"), values)
        }
        None => offer(current, values),
    }
}

/// [`offer`] with `prefix` (the list typed so far) in front of every candidate.
fn offer_after(
    current: &OsStr,
    prefix: &str,
    values: impl IntoIterator<Item = (String, Option<String>)>,
) -> Vec<CompletionCandidate> {
    let typed = current.to_string_lossy();
    let raw = std::env::var(RAW_WORD_VAR).ok();
    let shell = SHELL.get().map(String::as_str).unwrap_or_default();
    let opening = raw
        .as_deref()
        .and_then(|r| r.chars().next())
        .filter(|c| *c == '"' || *c == '\'');
    let wanted = normalize(&unquote(&typed));
    let values: Vec<(String, Option<String>)> = values.into_iter().collect();
    let starts = |(name, _): &&(String, Option<String>)| normalize(name).starts_with(&wanted);
    // The rule of name flags: every typed word starts a word of the name.
    let word_starts = |(name, _): &&(String, Option<String>)| {
        crate::text::fold::name_match(&unquote(&typed), name) != crate::text::fold::NameMatch::None
    };
    let mut matched: Vec<&(String, Option<String>)> = values.iter().filter(starts).collect();
    if matched.is_empty() {
        matched = values.iter().filter(word_starts).collect();
    }
    let mut seen = std::collections::HashSet::new();
    matched
        .into_iter()
        .filter(|(name, _)| seen.insert(name.clone()))
        .map(|(name, help)| {
            let name = format!("{prefix}{name}");
            let value = match shell {
                "bash" => quote_for_bash(&name, opening),
                _ => name,
            };
            CompletionCandidate::new(value).help(help.clone().map(Into::into))
        })
        .collect()
}

/// A value as bash must receive it to insert it where the word being completed stands: after an
/// opening quote, escaped for that quote (the shell closes it); otherwise with every special
/// character escaped — or, for a value with line breaks, in `$'…'`.
pub fn quote_for_bash(value: &str, opening: Option<char>) -> String {
    match opening {
        Some(quote) => {
            let mut out = String::with_capacity(value.len() + 4);
            for c in value.chars() {
                match (quote, c) {
                    ('\'', '\'') => out.push_str(r"'\''"),
                    ('"', '"' | '\\' | '$' | '`') => {
                        out.push('\\');
                        out.push(c);
                    }
                    _ => out.push(c),
                }
            }
            // Readline closes the quote after the inserted text, unless that text already ends with
            // the quote character (escaped or not): then the reply closes it itself.
            if value.ends_with(quote) {
                out.push(quote);
            }
            out
        }
        None if value.chars().any(char::is_control) => {
            let mut out = String::from("$'");
            for c in value.chars() {
                match c {
                    '\n' => out.push_str(r"\n"),
                    '\t' => out.push_str(r"\t"),
                    '\r' => out.push_str(r"\r"),
                    '\'' => out.push_str(r"\'"),
                    '\\' => out.push_str(r"\\"),
                    c if c.is_control() => out.push_str(&format!("\\x{:02x}", c as u32)),
                    c => out.push(c),
                }
            }
            out.push('\'');
            out
        }
        None => {
            let mut out = String::with_capacity(value.len() + 8);
            for (i, c) in value.chars().enumerate() {
                let special = c.is_whitespace()
                    || "\"'\\$`!&;|<>()[]{}*?#~^".contains(c)
                    || (i == 0 && c == '=');
                if special {
                    out.push('\\');
                }
                out.push(c);
            }
            out
        }
    }
}

/// A word as the shell would pass it: quotes removed, backslash escapes resolved.
pub fn unquote(word: &str) -> String {
    let mut out = String::with_capacity(word.len());
    let mut chars = word.chars();
    let mut quote: Option<char> = None;
    while let Some(c) = chars.next() {
        match (quote, c) {
            (None, '\'' | '"') => quote = Some(c),
            (Some(q), c) if c == q => quote = None,
            (None | Some('"'), '\\') => {
                if let Some(next) = chars.next() {
                    out.push(next);
                }
            }
            (_, c) => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bash_quoting_for_each_context() {
        assert_eq!(quote_for_bash("Camila Araújo", None), r"Camila\ Araújo");
        assert_eq!(quote_for_bash("Bruno D'Ávila", None), r"Bruno\ D\'Ávila");
        assert_eq!(
            quote_for_bash(r#"Integração "site" R$50"#, None),
            r#"Integração\ \"site\"\ R\$50"#
        );
        assert_eq!(quote_for_bash("=Promoção", None), r"\=Promoção");
        assert_eq!(quote_for_bash("a\nb's", None), r"$'a\nb\'s'");
        assert_eq!(
            quote_for_bash("Bruno D'Ávila", Some('\'')),
            r"Bruno D'\''Ávila"
        );
        assert_eq!(
            quote_for_bash(r#"Integração "site" R$50"#, Some('"')),
            r#"Integração \"site\" R\$50"#
        );
        assert_eq!(quote_for_bash("D'", Some('\'')), r"D'\'''");
        assert_eq!(
            quote_for_bash(r#"Integração "site""#, Some('"')),
            r#"Integração \"site\"""#
        );
    }

    #[test]
    fn words_are_unquoted() {
        assert_eq!(unquote(r"Camila\ Ara"), "Camila Ara");
        assert_eq!(unquote(r#""Camila A"#), "Camila A");
        assert_eq!(unquote(r"'it'\''s'"), "it's");
    }

    #[test]
    fn flags_earlier_on_the_line() {
        let line = Line::of(&[
            "clinic",
            "--profile",
            "matriz",
            "report",
            "--clinic=3",
            "--seller",
            "Ca",
        ]);
        assert_eq!(line.value_of(&["--profile"]).as_deref(), Some("matriz"));
        assert_eq!(
            line.value_of(&["--clinic", "--clinica"]).as_deref(),
            Some("3")
        );
        assert_eq!(line.value_of(&["--seller"]), None);
        let line = Line::of(&["clinic", "config", "set", "format", ""]);
        assert_eq!(line.after("set").as_deref(), Some("format"));
    }
}
