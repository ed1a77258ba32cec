//! The language the CLI speaks to people, and the messages it says, by catalogue key.
//!
//! Every text meant for a person (help, prompts, errors, warnings, notes, progress) lives in
//! `locales/<language>/*.ftl` (Fluent), looked up by key with named arguments through [`t!`]. Fluent
//! carries each language's plural rules and lets a translation reorder its arguments, so no message
//! is built by gluing fragments together. Machine-readable output (records, JSON keys, CSV headers
//! taken from the service, exit codes) never passes through here.
//!
//! The texts are the `clinic-catalogue` crate's, behind this crate's `catalogue` feature: the
//! program turns it on, and a library that does not (`clinic-api`, `clinic-output` on their own)
//! says each message as its key and arguments (`pages-repeated (page: 3)`), never as text it
//! carries itself.
//!
//! The language is chosen once, at start, before the command line is parsed (help is text too), and
//! read everywhere else with [`current`].

use std::borrow::Cow;
use std::sync::atomic::{AtomicU8, Ordering};

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

/// A named argument of a message: text, or a number (numbers select plural forms).
#[derive(Clone, Debug, PartialEq)]
pub enum Value<'a> {
    Text(Cow<'a, str>),
    Integer(i128),
    Float(f64),
}

impl<'a> From<&'a str> for Value<'a> {
    fn from(v: &'a str) -> Self {
        Value::Text(Cow::Borrowed(v))
    }
}

impl<'a> From<&'a String> for Value<'a> {
    fn from(v: &'a String) -> Self {
        Value::Text(Cow::Borrowed(v))
    }
}

impl From<String> for Value<'_> {
    fn from(v: String) -> Self {
        Value::Text(Cow::Owned(v))
    }
}

impl<'a> From<Cow<'a, str>> for Value<'a> {
    fn from(v: Cow<'a, str>) -> Self {
        Value::Text(v)
    }
}

macro_rules! integer_values {
    ($($t:ty),*) => {$(
        impl From<$t> for Value<'_> {
            fn from(v: $t) -> Self {
                Value::Integer(v as i128)
            }
        }
    )*};
}
integer_values!(u8, u16, u32, u64, usize, i8, i16, i32, i64, isize);

impl From<f64> for Value<'_> {
    fn from(v: f64) -> Self {
        Value::Float(v)
    }
}

impl From<f32> for Value<'_> {
    fn from(v: f32) -> Self {
        Value::Float(v as f64)
    }
}

impl std::fmt::Display for Value<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Value::Text(t) => f.write_str(t),
            Value::Integer(n) => write!(f, "{n}"),
            Value::Float(n) => write!(f, "{n}"),
        }
    }
}

/// The text of `key` in the current language, with `args` put in their places.
pub fn text(key: &str, args: &[(&'static str, Value<'_>)]) -> String {
    text_in(current(), key, args)
}

/// The text of `key` in `lang`. A key missing from the catalogue (a test forbids it) shows as itself
/// rather than stopping the program; so does every key when the catalogue is not built in (see
/// [`has_catalogue`]), followed by its arguments.
pub fn text_in(lang: Lang, key: &str, args: &[(&'static str, Value<'_>)]) -> String {
    lookup(lang, key, args).unwrap_or_else(|| bare(key, args))
}

/// Whether the catalogue of `lang` holds `key` (help texts are looked up by computed keys).
pub fn has(lang: Lang, key: &str) -> bool {
    #[cfg(feature = "catalogue")]
    return clinic_catalogue::has(lang.tag(), key);
    #[cfg(not(feature = "catalogue"))]
    {
        let _ = (lang, key);
        false
    }
}

/// Whether this build carries the catalogue's texts (the `catalogue` feature, which the `clinic`
/// program always turns on). Without it, a message is its key and its arguments.
pub const fn has_catalogue() -> bool {
    cfg!(feature = "catalogue")
}

#[cfg(feature = "catalogue")]
fn lookup(lang: Lang, key: &str, args: &[(&'static str, Value<'_>)]) -> Option<String> {
    use clinic_catalogue::Value as Fluent;
    let args: Vec<(&'static str, Fluent<'_>)> = args
        .iter()
        .map(|(name, value)| {
            let value = match value {
                Value::Text(t) => Fluent::from(t.as_ref()),
                // Through the same conversions the catalogue's numbers always took.
                Value::Integer(n) => match i64::try_from(*n) {
                    Ok(n) => Fluent::from(n),
                    Err(_) => Fluent::from(*n as f64),
                },
                Value::Float(n) => Fluent::from(*n),
            };
            (*name, value)
        })
        .collect();
    clinic_catalogue::lookup(lang.tag(), key, &args)
}

#[cfg(not(feature = "catalogue"))]
fn lookup(_: Lang, _: &str, _: &[(&'static str, Value<'_>)]) -> Option<String> {
    None
}

/// A message without the catalogue: `key` alone, or `key (name: value, …)`.
fn bare(key: &str, args: &[(&'static str, Value<'_>)]) -> String {
    if args.is_empty() {
        return key.to_string();
    }
    let args: Vec<String> = args.iter().map(|(n, v)| format!("{n}: {v}")).collect();
    format!("{key} ({})", args.join(", "))
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

    /// Without the catalogue a message is its key, then its arguments by name.
    #[test]
    fn a_message_without_the_catalogue_is_its_key_and_arguments() {
        assert_eq!(bare("note-no-records", &[]), "note-no-records");
        let args = [("page", Value::from(3u64)), ("path", Value::from("/x"))];
        assert_eq!(
            bare("pages-repeated", &args),
            "pages-repeated (page: 3, path: /x)"
        );
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
