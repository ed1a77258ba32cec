//! The variables a run reads (`CLINIC_TOKEN`, `CLINIC_CONFIG_DIR`, `CLINIC_BASE_URL`…), handed in
//! as the terminal streams are: the process's own for the program, a set of its own for a command
//! run inside a test's process, where every test shares one process environment.

use std::collections::BTreeMap;
use std::sync::Arc;

/// Where a run's variables come from.
#[derive(Clone, Debug, Default)]
pub enum Environment {
    /// The process's own, read when asked.
    #[default]
    Process,
    /// These and no others.
    Given(Arc<BTreeMap<String, String>>),
}

impl Environment {
    /// A run that sees `vars` and nothing of the process's environment.
    pub fn given<K: Into<String>, V: Into<String>>(
        vars: impl IntoIterator<Item = (K, V)>,
    ) -> Environment {
        Environment::Given(Arc::new(
            vars.into_iter()
                .map(|(k, v)| (k.into(), v.into()))
                .collect(),
        ))
    }

    /// The variable's value, when set and valid Unicode.
    pub fn var(&self, name: &str) -> Option<String> {
        match self {
            Environment::Process => std::env::var(name).ok(),
            Environment::Given(vars) => vars.get(name).cloned(),
        }
    }

    /// The variable's value when set, whether or not it is Unicode: a folder's path.
    pub fn var_os(&self, name: &str) -> Option<std::ffi::OsString> {
        match self {
            Environment::Process => std::env::var_os(name),
            Environment::Given(vars) => vars.get(name).map(Into::into),
        }
    }

    /// The variable's value when set to something other than blanks: an empty `CLINIC_TOKEN=` is
    /// no token.
    pub fn non_blank(&self, name: &str) -> Option<String> {
        self.var(name).filter(|v| !v.trim().is_empty())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_given_environment_hides_the_process_one_and_blanks_are_unset() {
        let env = Environment::given([("CLINIC_TOKEN", "  "), ("CLINIC_LOGIN", "ana")]);
        assert_eq!(env.var("CLINIC_TOKEN").as_deref(), Some("  "));
        assert_eq!(env.non_blank("CLINIC_TOKEN"), None);
        assert_eq!(env.non_blank("CLINIC_LOGIN").as_deref(), Some("ana"));
        // Set in every process that runs tests, and still unseen.
        assert!(Environment::Process.var("PATH").is_some());
        assert_eq!(env.var("PATH"), None);
        assert_eq!(env.var_os("CLINIC_LOGIN"), Some("ana".into()));
        assert_eq!(env.var_os("PATH"), None);
    }
}
