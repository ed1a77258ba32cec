//! The one catalogue of everything `clinic` says to people: `locales/<language>/*.ftl` (Fluent),
//! looked up by key with named arguments.
//!
//! It is a crate of its own so that the libraries below the command line (`clinic-core`,
//! `clinic-api`, `clinic-output`) name messages by key without carrying the texts: a program that
//! uses them without this crate gets each message as its key and arguments. `clinic-core`'s
//! `catalogue` feature puts it behind `t!`.

use std::borrow::Cow;
use std::collections::HashMap;

use fluent_templates::{LanguageIdentifier, Loader, langid};

pub use fluent_templates::fluent_bundle::FluentValue as Value;

fluent_templates::static_loader! {
    static LOCALES = {
        // The texts sit at the top of the repository, where translators find them.
        locales: "../../locales",
        fallback_language: "en",
        // Unicode isolation marks around arguments would end up in terminals and logs as stray bytes.
        customise: |bundle| bundle.set_use_isolating(false),
    };
}

static ENGLISH: LanguageIdentifier = langid!("en");
static PORTUGUESE: LanguageIdentifier = langid!("pt-BR");

/// The catalogue's language for a tag: `pt-BR` or (anything else) `en`.
fn id(tag: &str) -> &'static LanguageIdentifier {
    if tag == "pt-BR" {
        &PORTUGUESE
    } else {
        &ENGLISH
    }
}

/// The text of `key` in the language `tag` (`en`, `pt-BR`) with `args` put in their places, or
/// `None` when the catalogue has no such key.
pub fn lookup(tag: &str, key: &str, args: &[(&'static str, Value<'_>)]) -> Option<String> {
    let map: Option<HashMap<Cow<'static, str>, Value<'_>>> = (!args.is_empty()).then(|| {
        args.iter()
            .map(|(name, value)| (Cow::Borrowed(*name), value.clone()))
            .collect()
    });
    LOCALES.try_lookup_complete(id(tag), key, map.as_ref())
}

/// Whether the language `tag` itself (not its fallback) holds `key`.
pub fn has(tag: &str, key: &str) -> bool {
    LOCALES
        .lookup_no_default_fallback::<&str>(id(tag), key, None)
        .is_some()
}
