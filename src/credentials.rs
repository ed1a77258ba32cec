//! Where tokens, saved passwords and the IO key live: the platform's own store (Windows Credential
//! Manager, the macOS Keychain, or on Linux the desktop secret service then the kernel keyring), then —
//! only when asked — a 0600 file in the config directory. Every native store is reached through
//! `keyring-core` (the kernel keyring directly), under service `clinic`.
//!
//! Entries are keyed by configuration directory, profile, login and deployment host (see
//! [`Credentials::token_account`]), so two deployments or two configuration directories never share
//! one entry. Entries under the older `<profile>:<name>` names are read once and moved.
//!
//! Everything here blocks (D-Bus, keyctl, Win32, files); async callers run it on a blocking thread.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use keyring_core::api::CredentialStoreApi;
use sha2::Digest;

use crate::config::StoreKind;
use crate::error::{Error, Result};
use crate::file_lock;
use crate::private_fs;
use crate::secret::Secret;

const SERVICE: &str = "clinic";

/// The secure stores of this platform, most preferred first.
fn native_kinds() -> Vec<StoreKind> {
    if cfg!(windows) {
        vec![StoreKind::CredentialManager]
    } else if cfg!(target_os = "macos") {
        vec![StoreKind::Keychain]
    } else if cfg!(target_os = "linux") {
        vec![StoreKind::SecretService, StoreKind::Keyutils]
    } else {
        Vec::new()
    }
}

/// The stores to try, in order. `CLINIC_CREDENTIAL_STORE` narrows the chain to one store (useful on
/// machines whose desktop keyring should be left alone, and in tests of a given store).
pub fn chain(insecure_allowed: bool) -> Result<Vec<StoreKind>> {
    if let Ok(forced) = std::env::var("CLINIC_CREDENTIAL_STORE") {
        let kind = match forced.as_str() {
            "secret-service" => StoreKind::SecretService,
            "keyutils" => StoreKind::Keyutils,
            "credential-manager" => StoreKind::CredentialManager,
            "keychain" => StoreKind::Keychain,
            "file" => StoreKind::File,
            other => {
                return Err(Error::invalid(
                    "CLINIC_CREDENTIAL_STORE",
                    other,
                    &crate::t!("store-expect-kind"),
                ));
            }
        };
        if kind == StoreKind::File && !insecure_allowed {
            return Err(Error::Usage(crate::t!("store-file-needs-insecure")));
        }
        return Ok(vec![kind]);
    }
    let mut kinds = native_kinds();
    if insecure_allowed {
        kinds.push(StoreKind::File);
    }
    Ok(kinds)
}

/// The name of one secret in the stores, with the name older versions gave it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Account {
    pub name: String,
    legacy: String,
}

/// Access to the stores for one configuration directory (the file store lives there).
#[derive(Clone)]
pub struct Credentials {
    dir: PathBuf,
    /// Tells this configuration directory's entries from another's in the shared stores.
    scope: String,
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
            scope: scope_of(dir),
        }
    }

    /// The token of `login` on the deployment at `base`:
    /// `<profile>:<login>@<host[:port]>#<config directory>`.
    pub fn token_account(&self, profile: &str, login: &str, base: &url::Url) -> Account {
        self.account(profile, login, Some(base))
    }

    /// The password kept by `login --save-password`, beside the token it renews.
    pub fn password_account(&self, profile: &str, login: &str, base: &url::Url) -> Account {
        self.account(profile, &format!("{login}:password"), Some(base))
    }

    /// The Integrações IO key belongs to the profile (it is not tied to the API's login).
    pub fn io_key_account(&self, profile: &str) -> Account {
        self.account(profile, "io-key", None)
    }

    fn account(&self, profile: &str, name: &str, base: Option<&url::Url>) -> Account {
        let host = base
            .map(host_of)
            .map(|h| format!("@{h}"))
            .unwrap_or_default();
        Account {
            name: format!("{profile}:{name}{host}#{}", self.scope),
            legacy: format!("{profile}:{name}"),
        }
    }

    /// Saves `secret` in the first store of `kinds` that accepts it (and reads it back), returning that
    /// store, or every store's reason for refusing.
    pub fn save(
        &self,
        kinds: &[StoreKind],
        account: &Account,
        secret: &Secret,
    ) -> std::result::Result<StoreKind, Vec<StoreFailure>> {
        let mut failures = Vec::new();
        for &kind in kinds {
            match self.save_in(kind, &account.name, secret) {
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
                _ => Err(crate::t!("store-no-read-back")),
            };
        }
        let entry = native_entry(kind, account)?;
        entry
            .set_password(secret.expose())
            .map_err(|e| e.to_string())?;
        // A store that accepts a write but cannot give it back (a locked collection, say) is no store.
        match entry.get_password() {
            Ok(v) if v == secret.expose() => Ok(()),
            Ok(_) => Err(crate::t!("store-no-read-back")),
            Err(e) => Err(e.to_string()),
        }
    }

    /// Reads a secret from `kind`; `Ok(None)` when the store has no such entry. An entry found only
    /// under its older name is moved to the new one (written, read back, then the old one deleted).
    pub fn load(&self, kind: StoreKind, account: &Account) -> Result<Option<Secret>> {
        if let Some(found) = self.load_named(kind, &account.name)? {
            return Ok(Some(found));
        }
        let Some(old) = self.load_named(kind, &account.legacy)? else {
            return Ok(None);
        };
        // Should the move fail, the old entry stays and still serves this run.
        if self.save_in(kind, &account.name, &old).is_ok() {
            let _ = self.delete_named(kind, &account.legacy);
        }
        Ok(Some(old))
    }

    /// Removes a secret, under its new name and its older one; `Ok(false)` when neither existed.
    pub fn delete(&self, kind: StoreKind, account: &Account) -> Result<bool> {
        let removed = self.delete_named(kind, &account.name)?;
        let removed_old = self.delete_named(kind, &account.legacy)?;
        Ok(removed || removed_old)
    }

    fn load_named(&self, kind: StoreKind, account: &str) -> Result<Option<Secret>> {
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

    fn delete_named(&self, kind: StoreKind, account: &str) -> Result<bool> {
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
            Ok(t) => toml::from_str(&t).map_err(|e| {
                Error::Config(crate::t!("store-file-unreadable", reason = e.message()))
            }),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(BTreeMap::new()),
            Err(e) => Err(Error::Config(crate::t!(
                "store-file-unreadable",
                reason = e.to_string()
            ))),
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
    Error::Auth(crate::t!(
        "store-unreadable",
        store = kind.to_string(),
        reason = reason.to_string()
    ))
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
        #[cfg(windows)]
        StoreKind::CredentialManager => {
            windows_native_keyring_store::Store::new().map_err(|e| e.to_string())?
        }
        #[cfg(target_os = "macos")]
        StoreKind::Keychain => {
            apple_native_keyring_store::keychain::Store::new().map_err(|e| e.to_string())?
        }
        _ => {
            return Err(crate::t!(
                "store-not-on-this-platform",
                store = kind.to_string()
            ));
        }
    };
    store
        .build(SERVICE, account, None)
        .map_err(|e| e.to_string())
}

/// A deployment's host as entries name it: `host`, or `host:port` when the port is not the scheme's.
fn host_of(base: &url::Url) -> String {
    let host = base.host_str().unwrap_or_default();
    match base.port() {
        Some(port) => format!("{host}:{port}"),
        None => host.to_string(),
    }
}

/// A short, stable tag of a configuration directory: the start of the SHA-256 of its absolute path.
/// The path is not canonicalised: the directory may not exist yet at the first login, and the same
/// spelling must give the same tag before and after it is created.
fn scope_of(dir: &Path) -> String {
    let absolute = std::path::absolute(dir).unwrap_or_else(|_| dir.to_path_buf());
    let digest = sha2::Sha256::digest(absolute.as_os_str().as_encoded_bytes());
    digest[..6].iter().map(|b| format!("{b:02x}")).collect()
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
                    .map_err(|_| crate::t!("store-not-text"))
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
    fn unavailable() -> String {
        crate::t!("store-keyutils-linux-only")
    }
    pub fn set(_: &str, _: &str) -> Result<(), String> {
        Err(unavailable())
    }
    pub fn get(_: &str) -> Result<Option<String>, String> {
        Err(unavailable())
    }
    pub fn delete(_: &str) -> Result<bool, String> {
        Err(unavailable())
    }
}
