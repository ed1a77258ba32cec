//! The one catalogue of everything `clinic` says to people: `locales/<language>/*.ftl` (Fluent),
//! looked up by key with named arguments.
//!
//! It is a crate of its own so that the libraries below the command line (`clinic-core`,
//! `clinic-api`, `clinic-output`) name messages by key without carrying the texts: a program that
//! uses them without this crate gets each message as its key and arguments. `clinic-core`'s
//! `catalogue` feature puts it behind `t!`.
//!
//! Each language's texts are read the first time one of them is asked for, and the help texts
//! (`help.ftl`, every key under `help-`, half of the catalogue) only when help is shown: a run
//! reads only what it says, in the one language it speaks. Reading the whole catalogue of both
//! languages at the first message was a large part of every run's start-up time and memory.

use std::sync::OnceLock;

use fluent_templates::fluent_bundle::concurrent::FluentBundle;
use fluent_templates::fluent_bundle::{FluentArgs, FluentResource};
use fluent_templates::{LanguageIdentifier, langid};

pub use fluent_templates::fluent_bundle::FluentValue as Value;

/// The catalogue's files of one language. The texts sit at the top of the repository, where
/// translators find them; a test checks that every file there is listed here.
struct Files {
    id: LanguageIdentifier,
    /// Everything but the help texts.
    said: &'static [(&'static str, &'static str)],
    /// `help.ftl`: the texts of `--help`, manual pages and completion.
    help: (&'static str, &'static str),
}

macro_rules! files {
    ($lang:literal, $id:expr) => {
        Files {
            id: $id,
            said: &[
                (
                    "commands.ftl",
                    include_str!(concat!("../../../locales/", $lang, "/commands.ftl")),
                ),
                (
                    "messages.ftl",
                    include_str!(concat!("../../../locales/", $lang, "/messages.ftl")),
                ),
                (
                    "language.ftl",
                    include_str!(concat!("../../../locales/", $lang, "/language.ftl")),
                ),
            ],
            help: (
                "help.ftl",
                include_str!(concat!("../../../locales/", $lang, "/help.ftl")),
            ),
        }
    };
}

/// English first: it is every other language's fallback.
fn files() -> &'static [Files; 2] {
    static FILES: OnceLock<[Files; 2]> = OnceLock::new();
    FILES.get_or_init(|| {
        [
            files!("en", langid!("en")),
            files!("pt-BR", langid!("pt-BR")),
        ]
    })
}

/// Which of a language's bundles holds a key.
#[derive(Clone, Copy)]
enum Part {
    Said = 0,
    Help = 1,
}

fn part_of(key: &str) -> Part {
    if key.starts_with("help-") {
        Part::Help
    } else {
        Part::Said
    }
}

/// The catalogue's language for a tag: `pt-BR` (1) or (anything else) `en` (0).
fn index(tag: &str) -> usize {
    usize::from(tag == "pt-BR")
}

/// One language's bundle of one part, read the first time it is asked for.
fn bundle(lang: usize, part: Part) -> &'static FluentBundle<FluentResource> {
    static BUNDLES: [[OnceLock<FluentBundle<FluentResource>>; 2]; 2] = [
        [OnceLock::new(), OnceLock::new()],
        [OnceLock::new(), OnceLock::new()],
    ];
    BUNDLES[lang][part as usize].get_or_init(|| {
        let files = &files()[lang];
        let mut bundle = FluentBundle::new_concurrent(vec![files.id.clone()]);
        // Unicode isolation marks around arguments would end up in terminals and logs as stray bytes.
        bundle.set_use_isolating(false);
        let sources: Vec<&(&str, &str)> = match part {
            Part::Said => files.said.iter().collect(),
            Part::Help => vec![&files.help],
        };
        for (name, text) in sources {
            // The catalogue test reads every file whole: a text that does not parse fails it.
            let resource =
                FluentResource::try_new(text.to_string()).unwrap_or_else(|(partial, _)| {
                    debug_assert!(false, "{name} does not parse");
                    partial
                });
            if let Err(errors) = bundle.add_resource(resource) {
                debug_assert!(false, "{name}: {errors:?}");
            }
        }
        bundle
    })
}

/// `key` (or `message.attribute`) in one language alone, with `args` in their places; `None`
/// when that language lacks it or cannot put the arguments in.
fn in_language(lang: usize, key: &str, args: Option<&FluentArgs>) -> Option<String> {
    let bundle = bundle(lang, part_of(key));
    let pattern = match key.split_once('.') {
        Some((message, attribute)) => bundle
            .get_message(message)?
            .attributes()
            .find(|a| a.id() == attribute)?
            .value(),
        None => bundle.get_message(key)?.value()?,
    };
    let mut errors = Vec::new();
    let text = bundle.format_pattern(pattern, args, &mut errors);
    errors.is_empty().then(|| text.into_owned())
}

/// The text of `key` in the language `tag` (`en`, `pt-BR`) with `args` put in their places, or
/// `None` when the catalogue has no such key. A key the language lacks is said in English.
pub fn lookup(tag: &str, key: &str, args: &[(&'static str, Value<'_>)]) -> Option<String> {
    let args: Option<FluentArgs> = (!args.is_empty()).then(|| {
        args.iter()
            .map(|(name, value)| (*name, value.clone()))
            .collect()
    });
    let lang = index(tag);
    in_language(lang, key, args.as_ref()).or_else(|| {
        (lang != 0)
            .then(|| in_language(0, key, args.as_ref()))
            .flatten()
    })
}

/// Whether the language `tag` itself (not its fallback) holds `key`.
pub fn has(tag: &str, key: &str) -> bool {
    in_language(index(tag), key, None).is_some()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every `.ftl` file of every language is one the catalogue reads: a file added beside the
    /// others would otherwise be left out without a word.
    #[test]
    fn every_file_of_every_language_is_read() {
        let root = concat!(env!("CARGO_MANIFEST_DIR"), "/../../locales");
        for files in files() {
            let dir = format!("{root}/{}", files.id);
            let mut on_disk: Vec<String> = std::fs::read_dir(&dir)
                .unwrap()
                .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
                .filter(|name| name.ends_with(".ftl"))
                .collect();
            on_disk.sort();
            let mut read: Vec<String> = files
                .said
                .iter()
                .chain([&files.help])
                .map(|(name, _)| name.to_string())
                .collect();
            read.sort();
            assert_eq!(read, on_disk, "{dir}");
        }
    }

    /// Every file parses whole, and the help texts are all under `help-` and only there: a key is
    /// looked for in the part its name says.
    #[test]
    fn every_file_parses_and_help_keys_live_in_the_help_file_alone() {
        for files in files() {
            for (name, text) in files.said.iter().chain([&files.help]) {
                if let Err((_, e)) = FluentResource::try_new(text.to_string()) {
                    panic!("{} {name}: {e:?}", files.id);
                }
                // An entry starts a line with its name: not indented, not a comment or attribute.
                let ids = text
                    .lines()
                    .filter(|l| l.starts_with(|c: char| c.is_ascii_alphabetic() || c == '-'))
                    .filter_map(|l| l.split_once('=').map(|(id, _)| id.trim()));
                for id in ids {
                    assert_eq!(
                        id.starts_with("help-"),
                        *name == "help.ftl",
                        "{} {name}: {id}",
                        files.id
                    );
                }
            }
        }
    }

    #[test]
    fn a_key_portuguese_lacks_is_said_in_english_and_has_tells_them_apart() {
        let key = "help-clinic";
        assert!(has("en", key));
        assert_eq!(lookup("en", "no-such-key", &[]), None);
        assert!(!has("pt-BR", "no-such-key"));
        // Any key is said in both languages or falls back: never missing from a lookup.
        assert!(lookup("pt-BR", key, &[]).is_some());
    }
}
