//! How the value types of the crates below (output formats, summary groupings) are spelled on the
//! command line. The types know nothing of clap, and clap's `ValueEnum` cannot be given to a type of
//! another crate, so each says its possible values and aliases here ([`Spelled`]; their help is the
//! catalogue's, `help-…--VALUE`, put in by `cli::localize`), and
//! [`Spelling`] parses them as clap parses an enum: the same matching, the same error. The sandbox's
//! knobs, clap enums already, are spelled as clap spells them; [`Spelling::with`] gives any of them
//! its help in the reader's language (`cli::localize`).

use std::marker::PhantomData;

use clap::builder::{PossibleValue, PossibleValuesParser, TypedValueParser};
use clap::{Arg, Command, ValueEnum};

use crate::format::Format;
use crate::summary::Dimension;

/// A value type of a lower crate as the command line spells it.
pub trait Spelled: Clone + Send + Sync + 'static {
    /// Every value, in the order help lists them.
    fn all() -> &'static [Self];
    /// The value's name on the command line, with its aliases; `None` for a value the
    /// command line never takes.
    fn spelling(&self) -> Option<PossibleValue>;
}

/// The value parser of a [`Spelled`] type, offering `values` (the type's own spellings, or the same
/// with their help in the reader's language).
#[derive(Clone)]
pub struct Spelling<T> {
    values: Vec<PossibleValue>,
    kind: PhantomData<T>,
}

impl<T: Spelled> Spelling<T> {
    pub fn new() -> Self {
        Self::with(T::all().iter().filter_map(Spelled::spelling).collect())
    }

    pub fn with(values: Vec<PossibleValue>) -> Self {
        Spelling {
            values,
            kind: PhantomData,
        }
    }
}

impl<T: Spelled> Default for Spelling<T> {
    fn default() -> Self {
        Self::new()
    }
}

impl<T: Spelled> TypedValueParser for Spelling<T> {
    type Value = T;

    fn parse_ref(
        &self,
        cmd: &Command,
        arg: Option<&Arg>,
        value: &std::ffi::OsStr,
    ) -> Result<T, clap::Error> {
        // clap's own check and error for a value not among the possible ones.
        let given = PossibleValuesParser::new(self.values.clone()).parse_ref(cmd, arg, value)?;
        let ignore_case = arg.is_some_and(Arg::is_ignore_case_set);
        T::all()
            .iter()
            .find(|v| v.spelling().is_some_and(|s| s.matches(&given, ignore_case)))
            .cloned()
            .ok_or_else(|| clap::Error::new(clap::error::ErrorKind::InvalidValue).with_cmd(cmd))
    }

    fn possible_values(&self) -> Option<Box<dyn Iterator<Item = PossibleValue> + '_>> {
        Some(Box::new(self.values.iter().cloned()))
    }
}

impl Spelled for Format {
    fn all() -> &'static [Self] {
        &Format::ALL
    }

    fn spelling(&self) -> Option<PossibleValue> {
        Some(PossibleValue::new(self.name()))
    }
}

impl Spelled for Dimension {
    fn all() -> &'static [Self] {
        &Dimension::ALL
    }

    fn spelling(&self) -> Option<PossibleValue> {
        let value = PossibleValue::new(self.name());
        Some(match self {
            Dimension::Month => value.alias("mes"),
            Dimension::Seller => value.alias("vendedor"),
            Dimension::Status => value,
            Dimension::Clinic => value.alias("clinica"),
            Dimension::Channel => value.alias("canal"),
            Dimension::Service => value.alias("servico"),
        })
    }
}

/// Clap enums (the sandbox's knobs) are spelled as clap spells them.
macro_rules! spelled_by_clap {
    ($($t:ty),*) => {$(
        impl Spelled for $t {
            fn all() -> &'static [Self] {
                <$t as ValueEnum>::value_variants()
            }

            fn spelling(&self) -> Option<PossibleValue> {
                self.to_possible_value()
            }
        }
    )*};
}

spelled_by_clap!(
    clinic_sandbox::Dialect,
    clinic_sandbox::Envelope,
    clinic_sandbox::AuthScheme
);
