//! The language the CLI speaks to people, and the one catalogue of everything it says.
//!
//! Every text meant for a person (help, prompts, errors, warnings, notes, progress) lives in
//! `locales/<language>/*.ftl` (Fluent), looked up by key with named arguments through [`t!`]. Fluent
//! carries each language's plural rules and lets a translation reorder its arguments, so no message
//! is built by gluing fragments together. Machine-readable output (records, JSON keys, CSV headers
//! taken from the service, exit codes) never passes through here.
//!
//! The language is chosen once, at start, before the command line is parsed (help is text too), and
//! read everywhere else with [`current`].

use std::borrow::Cow;
use std::collections::HashMap;
use std::sync::atomic::{AtomicU8, Ordering};

use fluent_templates::fluent_bundle::FluentValue;
use fluent_templates::{LanguageIdentifier, Loader, langid};

pub use fluent_templates::fluent_bundle::FluentValue as Value;

#[cfg(test)]
mod catalogue_tests;

fluent_templates::static_loader! {
    static LOCALES = {
        locales: "./locales",
        fallback_language: "en",
        // Unicode isolation marks around arguments would end up in terminals and logs as stray bytes.
        customise: |bundle| bundle.set_use_isolating(false),
    };
}

static ENGLISH: LanguageIdentifier = langid!("en");
static PORTUGUESE: LanguageIdentifier = langid!("pt-BR");

/// The two languages of the interface.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Lang {
    En,
    PtBr,
}

impl Lang {
    pub const ALL: [Lang; 2] = [Lang::En, Lang::PtBr];

    /// The tag users type and the catalogue directory's name.
    pub fn tag(self) -> &'static str {
        match self {
            Lang::En => "en",
            Lang::PtBr => "pt-BR",
        }
    }

    fn id(self) -> &'static LanguageIdentifier {
        match self {
            Lang::En => &ENGLISH,
            Lang::PtBr => &PORTUGUESE,
        }
    }

    /// Reads a language a person asked for by name (`--lang`, `CLINIC_LANG`, the profile's
    /// `language`): `pt`, `pt-BR`, `pt_BR.UTF-8`, `portugues`… are Portuguese; `en`, `en-US`,
    /// `english`… are English. Anything else is not a language we speak: `None`.
    pub fn parse(text: &str) -> Option<Lang> {
        let lower = text.trim().to_ascii_lowercase();
        let base = lower.split(['-', '_', '.', '@']).next().unwrap_or_default();
        match base {
            "pt" | "portugues" | "português" | "portuguese" => Some(Lang::PtBr),
            "en" | "english" | "ingles" | "inglês" => Some(Lang::En),
            _ => None,
        }
    }

    /// Reads a system locale (`LANG`-style, or a BCP 47 tag from the OS): any Portuguese locale is
    /// pt-BR, every other one (including `C` and `POSIX`) is English.
    pub fn from_locale(locale: &str) -> Lang {
        if Lang::parse(locale) == Some(Lang::PtBr) {
            Lang::PtBr
        } else {
            Lang::En
        }
    }
}

static CURRENT: AtomicU8 = AtomicU8::new(0);

/// Sets the language for the rest of the process.
pub fn set(lang: Lang) {
    CURRENT.store(lang as u8, Ordering::Relaxed);
}

/// The language chosen at start (English until then).
pub fn current() -> Lang {
    match CURRENT.load(Ordering::Relaxed) {
        1 => Lang::PtBr,
        _ => Lang::En,
    }
}

/// The text of `key` in the current language, with `args` put in their places.
pub fn text(key: &str, args: &[(&'static str, FluentValue<'_>)]) -> String {
    text_in(current(), key, args)
}

/// The text of `key` in `lang`. A key missing from the catalogue (a test forbids it) shows as itself
/// rather than stopping the program.
pub fn text_in(lang: Lang, key: &str, args: &[(&'static str, FluentValue<'_>)]) -> String {
    let map: Option<HashMap<Cow<'static, str>, FluentValue<'_>>> = (!args.is_empty()).then(|| {
        args.iter()
            .map(|(name, value)| (Cow::Borrowed(*name), value.clone()))
            .collect()
    });
    LOCALES
        .try_lookup_complete(lang.id(), key, map.as_ref())
        .unwrap_or_else(|| key.to_string())
}

/// Whether the catalogue of `lang` holds `key` (help texts are looked up by computed keys).
pub fn has(lang: Lang, key: &str) -> bool {
    LOCALES
        .lookup_no_default_fallback::<&str>(lang.id(), key, None)
        .is_some()
}

/// A catalogue text: `t!("key")` or `t!("key", name = value, …)`. Values are anything Fluent takes
/// (strings, numbers); numbers select plural forms.
#[macro_export]
macro_rules! t {
    ($key:literal) => {
        $crate::text::i18n::text($key, &[])
    };
    ($key:literal, $($name:ident = $value:expr),+ $(,)?) => {
        $crate::text::i18n::text(
            $key,
            &[$((stringify!($name), $crate::text::i18n::Value::from($value))),+],
        )
    };
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_language_has_its_own_words_and_no_isolation_marks() {
        let args = [("message", Value::from("x"))];
        assert_eq!(text_in(Lang::En, "error-line", &args), "error: x");
        assert_eq!(text_in(Lang::PtBr, "error-line", &args), "erro: x");
    }

    #[test]
    fn portuguese_locales_and_names_are_pt_br() {
        for pt in [
            "pt",
            "pt-BR",
            "pt_BR.UTF-8",
            "pt_PT@euro",
            "PT-br",
            "português",
        ] {
            assert_eq!(Lang::parse(pt), Some(Lang::PtBr), "{pt}");
        }
        assert_eq!(Lang::parse("en_US.UTF-8"), Some(Lang::En));
        assert_eq!(Lang::parse("fr"), None);
        assert_eq!(Lang::from_locale("C"), Lang::En);
        assert_eq!(Lang::from_locale("fr_FR.UTF-8"), Lang::En);
        assert_eq!(Lang::from_locale("pt_BR.UTF-8"), Lang::PtBr);
    }
}
