//! Where tokens, saved passwords and the IO key live: the desktop secret service, then (on Linux) the
//! kernel keyring, then — only when asked — a 0600 file in the config directory. Entries are
//! service `clinic`, account `<profile>:<name>`.
//!
//! Everything here blocks (D-Bus, keyctl, files); async callers run it on a blocking thread.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use keyring_core::api::CredentialStoreApi;

use crate::config::StoreKind;
use crate::error::{Error, Result};
use crate::file_lock;
use crate::private_fs;
use crate::secret::Secret;

const SERVICE: &str = "clinic";

/// The stores to try, in order. `CLINIC_CREDENTIAL_STORE` narrows the chain to one store (useful on
/// machines whose desktop keyring should be left alone, and in tests of a given store).
pub fn chain(insecure_allowed: bool) -> Result<Vec<StoreKind>> {
    if let Ok(forced) = std::env::var("CLINIC_CREDENTIAL_STORE") {
        let kind = match forced.as_str() {
            "secret-service" => StoreKind::SecretService,
            "keyutils" => StoreKind::Keyutils,
            "file" => StoreKind::File,
            other => {
                return Err(Error::invalid(
                    "CLINIC_CREDENTIAL_STORE",
                    other,
                    "secret-service, keyutils or file",
                ));
            }
        };
        if kind == StoreKind::File && !insecure_allowed {
            return Err(Error::Usage(
                "CLINIC_CREDENTIAL_STORE=file needs --insecure-storage: the token would be kept in a plain file"
                    .into(),
            ));
        }
        return Ok(vec![kind]);
    }
    let mut kinds = vec![StoreKind::SecretService];
    if cfg!(target_os = "linux") {
        kinds.push(StoreKind::Keyutils);
    }
    if insecure_allowed {
        kinds.push(StoreKind::File);
    }
    Ok(kinds)
}

/// Access to the stores for one configuration directory (the file store lives there).
#[derive(Clone)]
pub struct Credentials {
    dir: PathBuf,
}

/// Why a store could not take a secret; collected so the user sees every reason at once.
#[derive(Debug)]
pub struct StoreFailure {
    pub kind: StoreKind,
    pub reason: String,
}

impl Credentials {
    pub fn new(dir: &Path) -> Self {
        Credentials {
            dir: dir.to_path_buf(),
        }
    }

    /// Saves `secret` in the first store of `kinds` that accepts it (and reads it back), returning that
    /// store, or every store's reason for refusing.
    pub fn save(
        &self,
        kinds: &[StoreKind],
        account: &str,
        secret: &Secret,
    ) -> std::result::Result<StoreKind, Vec<StoreFailure>> {
        let mut failures = Vec::new();
        for &kind in kinds {
            match self.save_in(kind, account, secret) {
                Ok(()) => return Ok(kind),
                Err(reason) => failures.push(StoreFailure { kind, reason }),
            }
        }
        Err(failures)
    }

    fn save_in(
        &self,
        kind: StoreKind,
        account: &str,
        secret: &Secret,
    ) -> std::result::Result<(), String> {
        if kind == StoreKind::File {
            return self
                .change_file(|all| {
                    all.insert(account.to_string(), secret.expose().to_string());
                    true
                })
                .map(drop)
                .map_err(|e| e.to_string());
        }
        if kind == StoreKind::Keyutils {
            kernel::set(account, secret.expose())?;
            return match kernel::get(account)? {
                Some(v) if v == secret.expose() => Ok(()),
                _ => Err("the stored value did not read back".into()),
            };
        }
        let entry = native_entry(kind, account)?;
        entry
            .set_password(secret.expose())
            .map_err(|e| e.to_string())?;
        // A store that accepts a write but cannot give it back (a locked collection, say) is no store.
        match entry.get_password() {
            Ok(v) if v == secret.expose() => Ok(()),
            Ok(_) => Err("the stored value did not read back".into()),
            Err(e) => Err(e.to_string()),
        }
    }

    /// Reads a secret from `kind`; `Ok(None)` when the store has no such entry.
    pub fn load(&self, kind: StoreKind, account: &str) -> Result<Option<Secret>> {
        if kind == StoreKind::File {
            return Ok(self.read_file()?.get(account).map(Secret::new));
        }
        if kind == StoreKind::Keyutils {
            return kernel::get(account)
                .map(|v| v.map(Secret::new))
                .map_err(|e| store_error(kind, e));
        }
        let entry = native_entry(kind, account).map_err(|e| store_error(kind, e))?;
        match entry.get_password() {
            Ok(v) => Ok(Some(Secret::new(v))),
            Err(keyring_core::Error::NoEntry) => Ok(None),
            Err(e) => Err(store_error(kind, e.to_string())),
        }
    }

    /// Removes a secret; a missing entry is not an error.
    pub fn delete(&self, kind: StoreKind, account: &str) -> Result<bool> {
        if kind == StoreKind::File {
            return self.change_file(|all| all.remove(account).is_some());
        }
        if kind == StoreKind::Keyutils {
            return kernel::delete(account).map_err(|e| store_error(kind, e));
        }
        let entry = native_entry(kind, account).map_err(|e| store_error(kind, e))?;
        match entry.delete_credential() {
            Ok(()) => Ok(true),
            Err(keyring_core::Error::NoEntry) => Ok(false),
            Err(e) => Err(store_error(kind, e.to_string())),
        }
    }

    fn file_path(&self) -> PathBuf {
        self.dir.join("credentials.toml")
    }

    fn read_file(&self) -> Result<BTreeMap<String, String>> {
        match std::fs::read_to_string(self.file_path()) {
            Ok(t) => toml::from_str(&t)
                .map_err(|e| Error::Config(format!("credentials file: {}", e.message()))),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(BTreeMap::new()),
            Err(e) => Err(Error::Config(format!("credentials file: {e}"))),
        }
    }

    /// Reads the file store, applies `change`, and writes it back when `change` says it changed
    /// something — all under the store's lock, so parallel logins never drop each other's tokens.
    fn change_file(
        &self,
        change: impl FnOnce(&mut BTreeMap<String, String>) -> bool,
    ) -> Result<bool> {
        file_lock::exclusive(&self.file_path(), || {
            let mut all = self.read_file()?;
            if !change(&mut all) {
                return Ok(false);
            }
            let text = toml::to_string(&all).map_err(|e| Error::Config(e.to_string()))?;
            private_fs::write(&self.file_path(), text.as_bytes())?;
            Ok(true)
        })
    }

    pub fn file_store_path(&self) -> PathBuf {
        self.file_path()
    }
}

fn store_error(kind: StoreKind, reason: impl std::fmt::Display) -> Error {
    Error::Auth(format!("the {kind} could not be read: {reason}"))
}

fn native_entry(
    kind: StoreKind,
    account: &str,
) -> std::result::Result<keyring_core::Entry, String> {
    let store: Arc<dyn CredentialStoreApi + Send + Sync> = match kind {
        #[cfg(target_os = "linux")]
        StoreKind::SecretService => {
            zbus_secret_service_keyring_store::Store::new().map_err(|e| e.to_string())?
        }
        _ => return Err(format!("the {kind} is not available on this platform")),
    };
    store
        .build(SERVICE, account, None)
        .map_err(|e| e.to_string())
}

/// The account name of a profile's secret: `<profile>:<name>`.
pub fn account(profile: &str, name: &str) -> String {
    format!("{profile}:{name}")
}

/// The Linux kernel keyring, used directly: keys live in the user keyring (`@u`), which every process
/// of the user shares until the machine restarts. Keys are made readable by the owning user (not only by
/// a "possessor"), because processes started without a session keyring — cron jobs, CI, `su` shells —
/// possess nothing, and would otherwise be unable to read back what they stored.
#[cfg(target_os = "linux")]
mod kernel {
    use linux_keyutils::{KeyError, KeyPermissionsBuilder, KeyRing, KeyRingIdentifier, Permission};

    fn description(account: &str) -> String {
        format!("{}:{account}", super::SERVICE)
    }

    fn ring() -> Result<KeyRing, String> {
        KeyRing::from_special_id(KeyRingIdentifier::User, true).map_err(|e| format!("{e:?}"))
    }

    pub fn set(account: &str, secret: &str) -> Result<(), String> {
        let key = ring()?
            .add_key(&description(account), secret)
            .map_err(|e| format!("{e:?}"))?;
        let perms = KeyPermissionsBuilder::builder()
            .posessor(Permission::ALL)
            .user(Permission::ALL)
            .build();
        // Where this is refused (a kernel that keeps the default), possession still grants access
        // inside normal login sessions; the read-back check after saving tells the truth.
        let _ = key.set_perms(perms);
        Ok(())
    }

    pub fn get(account: &str) -> Result<Option<String>, String> {
        match ring()?.search(&description(account)) {
            Ok(key) => {
                let bytes = key.read_to_vec().map_err(|e| format!("{e:?}"))?;
                String::from_utf8(bytes)
                    .map(Some)
                    .map_err(|_| "the stored value is not text".into())
            }
            Err(KeyError::KeyDoesNotExist | KeyError::KeyExpired | KeyError::KeyRevoked) => {
                Ok(None)
            }
            Err(e) => Err(format!("{e:?}")),
        }
    }

    pub fn delete(account: &str) -> Result<bool, String> {
        match ring()?.search(&description(account)) {
            Ok(key) => key.invalidate().map(|_| true).map_err(|e| format!("{e:?}")),
            Err(KeyError::KeyDoesNotExist | KeyError::KeyExpired | KeyError::KeyRevoked) => {
                Ok(false)
            }
            Err(e) => Err(format!("{e:?}")),
        }
    }
}

#[cfg(not(target_os = "linux"))]
mod kernel {
    const UNAVAILABLE: &str = "the kernel keyring exists only on Linux";
    pub fn set(_: &str, _: &str) -> Result<(), String> {
        Err(UNAVAILABLE.into())
    }
    pub fn get(_: &str) -> Result<Option<String>, String> {
        Err(UNAVAILABLE.into())
    }
    pub fn delete(_: &str) -> Result<bool, String> {
        Err(UNAVAILABLE.into())
    }
}
