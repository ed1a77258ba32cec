//! Which language to speak, decided once at start, before the command line is parsed (help is
//! text too): `--lang`, else `CLINIC_LANG`, else the profile's `language`, else the locale
//! (`LC_ALL`, `LC_MESSAGES`, `LANG`; the user's UI language on Windows and macOS).

use crate::environment::Environment;
use std::ffi::OsString;
use std::sync::OnceLock;

use crate::error::Error;
use crate::text::i18n::Lang;

/// Where the language came from, for `clinic config list` and the like.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Source {
    Flag,
    Env,
    Profile,
    Locale,
    Default,
}

impl Source {
    /// How people name this source (`--lang`, `CLINIC_LANG`, …): the same in every language.
    pub fn name(self) -> &'static str {
        match self {
            Source::Flag => "--lang",
            Source::Env => "CLINIC_LANG",
            Source::Profile => "language",
            Source::Locale => "locale",
            Source::Default => "default",
        }
    }
}

/// The language and where it came from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Choice {
    pub lang: Lang,
    pub source: Source,
}

static CHOSEN: OnceLock<Choice> = OnceLock::new();

/// The choice made at start ([`Source::Default`] English before it).
pub fn chosen() -> Choice {
    CHOSEN.get().copied().unwrap_or(Choice {
        lang: Lang::En,
        source: Source::Default,
    })
}

/// Decides the language for this process's arguments and environment, and sets it. On a value that
/// names no language we speak, the language of the locale is set (to say so in it) and the error is
/// returned: the caller exits 2 before anything is sent.
pub fn choose(args: &[OsString]) -> Result<Choice, Error> {
    let env = |name: &str| std::env::var(name).ok().filter(|v| !v.trim().is_empty());
    let locale = from_locale(env);
    crate::text::i18n::set(locale.lang);
    // A completion request (`COMPLETE=fish clinic -- clinic --lang pt-BR ref …`) carries the
    // command line being completed after `--`.
    let args = match env("COMPLETE") {
        Some(_) => args
            .iter()
            .position(|a| a == "--")
            .map_or(args, |at| &args[at + 1..]),
        None => args,
    };
    let choice = decide(args, env, locale)?;
    crate::text::i18n::set(choice.lang);
    let _ = CHOSEN.set(choice);
    Ok(choice)
}

fn decide(
    args: &[OsString],
    env: impl Fn(&str) -> Option<String>,
    locale: Choice,
) -> Result<Choice, Error> {
    let named = |field: &str, value: String, source: Source| {
        Lang::parse(&value)
            .map(|lang| Choice { lang, source })
            .ok_or_else(|| Error::invalid(field, value, &crate::t!("lang-expected")))
    };
    if let Some(value) = flag_value(args, "--lang") {
        return named("--lang", value, Source::Flag);
    }
    if let Some(value) = env("CLINIC_LANG") {
        return named("CLINIC_LANG", value, Source::Env);
    }
    let profile = flag_value(args, "--profile")
        .or_else(|| env("CLINIC_PROFILE"))
        .unwrap_or_else(|| super::DEFAULT_PROFILE.to_string());
    if let Some(value) = profile_language(&profile) {
        return named("language", value, Source::Profile);
    }
    Ok(locale)
}

/// Chooses the profile's time zone for what is read or written before the profile is (the days
/// `hoje`, `semana` and `--today` name, the wall time a Parquet, xlsx or table cell shows of a time
/// with a zone): the `timezone` of the profile the arguments (`--profile`), `CLINIC_PROFILE` or
/// `config use` name, else America/Sao_Paulo. Read before the
/// arguments are parsed, as the language is, because date flags are read as they are parsed.
pub fn choose_zone(args: &[OsString]) {
    let env = |name: &str| std::env::var(name).ok().filter(|v| !v.trim().is_empty());
    let profile = flag_value(args, "--profile")
        .or_else(|| env("CLINIC_PROFILE"))
        .unwrap_or_else(|| super::default_profile_name(&Environment::Process));
    let named = super::config_dir(&Environment::Process)
        .ok()
        .and_then(|dir| super::ConfigFile::load(&dir).ok())
        .and_then(|file| file.profiles.get(&profile)?.timezone.clone());
    // A zone that is no zone is refused where the profile is read, naming the key.
    let zone = named
        .as_deref()
        .unwrap_or(super::DEFAULT_TIMEZONE)
        .trim()
        .parse()
        .unwrap_or(chrono_tz::America::Sao_Paulo);
    clinic_core::relative_date::set_zone(zone);
}

/// The language of the locale: the first of `LC_ALL`, `LC_MESSAGES`, `LANG` that is set, else (on
/// Windows and macOS, whose users rarely set those) the user's interface language.
fn from_locale(env: impl Fn(&str) -> Option<String>) -> Choice {
    let set = ["LC_ALL", "LC_MESSAGES", "LANG"]
        .iter()
        .find_map(|name| env(name))
        .or_else(|| {
            cfg!(any(windows, target_os = "macos"))
                .then(sys_locale::get_locale)
                .flatten()
        });
    match set {
        Some(locale) => Choice {
            lang: Lang::from_locale(&locale),
            source: Source::Locale,
        },
        None => Choice {
            lang: Lang::En,
            source: Source::Default,
        },
    }
}

/// The profile's `language`, if the configuration can be read and sets one. A configuration that
/// cannot be read is not this step's business: the command that needs it will say so.
fn profile_language(profile: &str) -> Option<String> {
    // Chosen before anything runs, for the program's own process.
    let dir = super::config_dir(&Environment::Process).ok()?;
    let file = super::ConfigFile::load(&dir).ok()?;
    file.profiles.get(profile)?.language.clone()
}

/// The value of a long flag among the arguments (`--lang pt-BR` or `--lang=pt-BR`), looked for
/// before clap parses them. Nothing after `--` is a flag.
fn flag_value(args: &[OsString], flag: &str) -> Option<String> {
    let mut words = args.iter().skip(1).map(|a| a.to_string_lossy());
    let mut found = None;
    while let Some(word) = words.next() {
        if word == "--" {
            break;
        }
        if word == flag {
            found = words.next().map(|v| v.into_owned());
        } else if let Some(value) = word.strip_prefix(flag).and_then(|r| r.strip_prefix('=')) {
            found = Some(value.to_string());
        }
    }
    found
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(words: &[&str]) -> Vec<OsString> {
        std::iter::once("clinic")
            .chain(words.iter().copied())
            .map(OsString::from)
            .collect()
    }

    fn env_of(pairs: &'static [(&'static str, &'static str)]) -> impl Fn(&str) -> Option<String> {
        move |name| {
            pairs
                .iter()
                .find(|(k, _)| *k == name)
                .map(|(_, v)| v.to_string())
        }
    }

    #[test]
    fn the_flag_wins_over_the_environment_and_the_locale() {
        let locale = from_locale(env_of(&[("LANG", "en_US.UTF-8")]));
        let choice = decide(
            &args(&["--lang=pt-BR", "ref", "channels"]),
            env_of(&[("CLINIC_LANG", "en")]),
            locale,
        )
        .unwrap();
        assert_eq!(
            choice,
            Choice {
                lang: Lang::PtBr,
                source: Source::Flag
            }
        );
        let choice = decide(
            &args(&["--lang", "en"]),
            env_of(&[("CLINIC_LANG", "pt")]),
            locale,
        );
        assert_eq!(choice.unwrap().lang, Lang::En);
    }

    #[test]
    fn the_locale_is_the_first_of_lc_all_lc_messages_and_lang_that_is_set() {
        let env = env_of(&[("LC_MESSAGES", "pt_BR.UTF-8"), ("LANG", "en_US.UTF-8")]);
        assert_eq!(from_locale(env).lang, Lang::PtBr);
        let env = env_of(&[("LC_ALL", "C"), ("LC_MESSAGES", "pt_BR.UTF-8")]);
        assert_eq!(from_locale(env).lang, Lang::En);
    }

    #[test]
    fn an_unknown_language_is_refused_naming_where_it_came_from() {
        let locale = from_locale(env_of(&[]));
        let e = decide(&args(&["--lang", "xx"]), env_of(&[]), locale).unwrap_err();
        assert!(
            matches!(e, Error::Invalid { ref field, .. } if field == "--lang"),
            "{e:?}"
        );
        let e = decide(&args(&[]), env_of(&[("CLINIC_LANG", "klingon")]), locale).unwrap_err();
        assert!(
            matches!(e, Error::Invalid { ref field, .. } if field == "CLINIC_LANG"),
            "{e:?}"
        );
    }

    #[test]
    fn flags_after_a_double_dash_are_values() {
        assert_eq!(
            flag_value(&args(&["api", "--", "--lang", "pt"]), "--lang"),
            None
        );
        assert_eq!(
            flag_value(&args(&["--profile", "matriz", "doctor"]), "--profile").as_deref(),
            Some("matriz")
        );
    }
}
