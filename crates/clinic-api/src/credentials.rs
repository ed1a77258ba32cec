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

use crate::environment::Environment;
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
pub fn chain(insecure_allowed: bool, env: &Environment) -> Result<Vec<StoreKind>> {
    if let Some(forced) = env.var("CLINIC_CREDENTIAL_STORE") {
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

    /// A PostgreSQL password belongs to one database (`Target::key`, `user@host:port/dbname`), so
    /// it is never offered to another one the profile syncs to.
    pub fn db_password_account(&self, profile: &str, key: &str) -> Account {
        self.account(profile, &format!("db-password:{key}"), None)
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
        parts::put(kind, account, secret.expose())?;
        // A store that accepts a write but cannot give it back (a locked collection, say) is no store.
        match parts::take(kind, account)? {
            Some(v) if v == secret.expose() => Ok(()),
            _ => Err(crate::t!("store-no-read-back")),
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
        parts::take(kind, account)
            .map(|v| v.map(Secret::new))
            .map_err(|e| store_error(kind, e))
    }

    /// Whether the entry of `account` in `kind` (under its new name or its older one) is a split
    /// secret's manifest that is not to be believed: it reads as no secret, and `doctor` says why.
    pub fn damaged(&self, kind: StoreKind, account: &Account) -> Result<bool> {
        if kind == StoreKind::File {
            return Ok(false);
        }
        for name in [&account.name, &account.legacy] {
            if matches!(
                parts::read(kind, name).map_err(|e| store_error(kind, e))?,
                parts::Entry::Damaged
            ) {
                return Ok(true);
            }
        }
        Ok(false)
    }

    fn delete_named(&self, kind: StoreKind, account: &str) -> Result<bool> {
        if kind == StoreKind::File {
            return self.change_file(|all| all.remove(account).is_some());
        }
        parts::remove(kind, account).map_err(|e| store_error(kind, e))
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

/// One value in one entry of a store: the kernel keyring directly, the others through
/// `keyring-core`.
mod slot {
    use super::{StoreKind, kernel, native_entry};

    pub fn set(kind: StoreKind, name: &str, value: &str) -> Result<(), String> {
        if kind == StoreKind::Keyutils {
            return kernel::set(name, value);
        }
        // As UTF-8 bytes: a password would be UTF-16 in Credential Manager, twice the room.
        native_entry(kind, name)?
            .set_secret(value.as_bytes())
            .map_err(|e| e.to_string())
    }

    pub fn get(kind: StoreKind, name: &str) -> Result<Option<String>, String> {
        if kind == StoreKind::Keyutils {
            return kernel::get(name);
        }
        let entry = native_entry(kind, name)?;
        match entry.get_secret() {
            // A token never holds a NUL: bytes with one are an entry written as a (UTF-16) password
            // by an earlier version, read back as one.
            Ok(bytes) if !bytes.contains(&0) => String::from_utf8(bytes)
                .map(Some)
                .map_err(|e| e.to_string()),
            Ok(_) => entry.get_password().map(Some).map_err(|e| e.to_string()),
            Err(keyring_core::Error::NoEntry) => Ok(None),
            Err(e) => Err(e.to_string()),
        }
    }

    pub fn delete(kind: StoreKind, name: &str) -> Result<bool, String> {
        if kind == StoreKind::Keyutils {
            return kernel::delete(name);
        }
        match native_entry(kind, name)?.delete_credential() {
            Ok(()) => Ok(true),
            Err(keyring_core::Error::NoEntry) => Ok(false),
            Err(e) => Err(e.to_string()),
        }
    }
}

/// Secrets longer than one entry holds: Credential Manager keeps at most 2,560 bytes in an entry,
/// and a JWT carrying claims is often longer. Such a secret is split across numbered entries
/// (`<name>#part1`, …) under a small manifest in the entry itself (how many parts, the length, a
/// checksum). The parts are written before the manifest, so a write cut short leaves the entry as it
/// was; a manifest whose parts are missing or do not add up reads as no secret, never a wrong one.
mod parts {
    use sha2::Digest;

    use super::{StoreKind, slot};

    /// The most one entry is given, below every store's limit.
    const PART: usize = 2000;
    /// How many parts at most a secret is split into (a manifest saying more is not believed).
    const MOST: usize = 64;
    /// The longest secret kept in parts (a manifest claiming more is not believed): 128,000 bytes.
    pub const MAX_BYTES: usize = MOST * PART;
    const MANIFEST: &str = "clinic-parts:1:";

    fn part_name(name: &str, n: usize) -> String {
        format!("{name}#part{n}")
    }

    fn checksum(secret: &str) -> String {
        sha2::Sha256::digest(secret.as_bytes())
            .iter()
            .map(|b| format!("{b:02x}"))
            .collect()
    }

    /// `secret` cut into pieces of at most [`PART`] bytes, each on a character boundary.
    fn pieces(secret: &str) -> Vec<&str> {
        let mut out = Vec::new();
        let mut rest = secret;
        while !rest.is_empty() {
            let mut end = rest.len().min(PART);
            while !rest.is_char_boundary(end) {
                end -= 1;
            }
            out.push(&rest[..end]);
            rest = &rest[end..];
        }
        out
    }

    pub fn put(kind: StoreKind, name: &str, secret: &str) -> Result<(), String> {
        if secret.len() <= PART && !secret.starts_with(MANIFEST) {
            slot::set(kind, name, secret)?;
            drop_parts(kind, name, 0);
            return Ok(());
        }
        let pieces = pieces(secret);
        if pieces.len() > MOST {
            return Err(crate::t!(
                "store-secret-too-long",
                bytes = secret.len() as u64
            ));
        }
        for (n, piece) in pieces.iter().enumerate() {
            slot::set(kind, &part_name(name, n + 1), piece)?;
        }
        let manifest = format!(
            "{MANIFEST}{}:{}:{}",
            pieces.len(),
            secret.len(),
            checksum(secret)
        );
        slot::set(kind, name, &manifest)?;
        drop_parts(kind, name, pieces.len());
        Ok(())
    }

    /// The secret kept under `name`; a damaged manifest reads as none.
    pub fn take(kind: StoreKind, name: &str) -> Result<Option<String>, String> {
        Ok(match read(kind, name)? {
            Entry::Whole(secret) => Some(secret),
            Entry::Missing | Entry::Damaged => None,
        })
    }

    /// What the entry `name` holds. A manifest is believed only when it is consistent before any
    /// part is read: at most [`MOST`] parts and [`MAX_BYTES`] bytes, a length its count of parts
    /// can hold (each part is [`PART`] bytes, less up to 3 where a character was not cut), and a
    /// SHA-256 checksum; then the parts must add up to that length and checksum. Nothing is
    /// reserved from what the manifest claims, so no entry can make the client run out of memory.
    pub fn read(kind: StoreKind, name: &str) -> Result<Entry, String> {
        let Some(value) = slot::get(kind, name)? else {
            return Ok(Entry::Missing);
        };
        let Some(manifest) = value.strip_prefix(MANIFEST) else {
            return Ok(Entry::Whole(value));
        };
        let mut fields = manifest.splitn(3, ':');
        let (Some(count), Some(length), Some(sum)) = (
            fields.next().and_then(|c| c.parse::<usize>().ok()),
            fields.next().and_then(|l| l.parse::<usize>().ok()),
            fields.next(),
        ) else {
            return Ok(Entry::Damaged);
        };
        let consistent = (1..=MOST).contains(&count)
            && length <= MAX_BYTES
            && length <= count * PART
            && length > (count - 1) * (PART - 3)
            && sum.len() == 64
            && sum.bytes().all(|b| b.is_ascii_hexdigit());
        if !consistent {
            return Ok(Entry::Damaged);
        }
        let mut secret = String::new();
        for n in 1..=count {
            match slot::get(kind, &part_name(name, n))? {
                Some(piece) if piece.len() <= PART && secret.len() + piece.len() <= length => {
                    secret.push_str(&piece)
                }
                _ => return Ok(Entry::Damaged),
            }
        }
        Ok(if secret.len() == length && checksum(&secret) == sum {
            Entry::Whole(secret)
        } else {
            Entry::Damaged
        })
    }

    /// What one entry of a store holds.
    pub enum Entry {
        Missing,
        /// A secret, whole: one value, or parts that add up to their manifest.
        Whole(String),
        /// A manifest that is not consistent, or whose parts are missing or do not add up.
        Damaged,
    }

    pub fn remove(kind: StoreKind, name: &str) -> Result<bool, String> {
        let removed = slot::delete(kind, name)?;
        drop_parts(kind, name, 0);
        Ok(removed)
    }

    /// Deletes the parts after the first `keep` (left from a longer secret), up to the first gap.
    fn drop_parts(kind: StoreKind, name: &str, keep: usize) {
        for n in keep + 1..=MOST {
            if !matches!(slot::delete(kind, &part_name(name, n)), Ok(true)) {
                break;
            }
        }
    }

    #[cfg(all(test, target_os = "linux"))]
    mod tests {
        use super::*;

        fn name(test: &str) -> String {
            format!("clinic-test:{test}:{}", std::process::id())
        }

        fn token(bytes: usize) -> String {
            (0..bytes)
                .map(|i| char::from(b"abcdefghij.-_XYZ"[i % 16]))
                .collect()
        }

        #[test]
        fn tokens_of_1_4_and_16_kb_go_in_and_come_back_in_the_kernel_keyring() {
            let name = name("sizes");
            for bytes in [1024, 4096, 16 * 1024, 100] {
                let secret = token(bytes);
                put(StoreKind::Keyutils, &name, &secret).unwrap();
                assert_eq!(take(StoreKind::Keyutils, &name).unwrap(), Some(secret));
            }
            // The 16 KB token's parts went when a short one took its place.
            assert_eq!(
                slot::get(StoreKind::Keyutils, &part_name(&name, 1)).unwrap(),
                None
            );
            assert!(remove(StoreKind::Keyutils, &name).unwrap());
            assert_eq!(take(StoreKind::Keyutils, &name).unwrap(), None);
        }

        #[test]
        fn a_write_cut_short_reads_as_the_old_token_or_none_never_a_wrong_one() {
            let name = name("cut");
            let old = token(3000);
            put(StoreKind::Keyutils, &name, &old).unwrap();
            // A longer token's parts written, the run stopped before its manifest.
            let new = token(5000).replace('a', "b");
            for (n, piece) in pieces(&new).iter().enumerate() {
                slot::set(StoreKind::Keyutils, &part_name(&name, n + 1), piece).unwrap();
            }
            assert_eq!(
                take(StoreKind::Keyutils, &name).unwrap(),
                None,
                "old manifest, new parts"
            );
            // A manifest whose parts are gone.
            put(StoreKind::Keyutils, &name, &old).unwrap();
            slot::delete(StoreKind::Keyutils, &part_name(&name, 2)).unwrap();
            assert_eq!(take(StoreKind::Keyutils, &name).unwrap(), None);
            remove(StoreKind::Keyutils, &name).unwrap();
        }
    }
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
