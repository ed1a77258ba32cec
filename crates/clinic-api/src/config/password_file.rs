//! A password kept in a file for unattended runs (`CLINIC_PASSWORD_FILE`, `login --password-file`),
//! where no credential store can be reached. The file must be a small regular file of the user's own,
//! readable by its owner only: a password that any user of the machine can read (or write) is
//! refused, not used.

use crate::environment::Environment;
use std::path::Path;

use crate::error::{Error, Result};
use crate::private_fs;
use crate::secret::Secret;

/// The most a password file may hold: far more than any password, and little enough that a wrong
/// file (a log, a disk image) is refused rather than read and sent.
pub const MAX_BYTES: u64 = 4 * 1024;

/// The password in `path` (its first line), named `setting` in errors. The file must be a regular
/// file (opened without blocking, so a FIFO with no writer is refused at once), owned by the user
/// running the command, readable by its owner alone, and at most [`MAX_BYTES`] long.
pub fn read(setting: &str, path: &Path) -> Result<Secret> {
    let shown = path.display().to_string();
    let refuse = |expected: String| Error::invalid(setting, shown.as_str(), &expected);
    let unreadable = |e: std::io::Error| {
        refuse(crate::t!(
            "config-expected-password-file",
            reason = e.to_string()
        ))
    };
    let (file, meta) = private_fs::open_regular(path).map_err(unreadable)?;
    #[cfg(unix)]
    {
        use std::os::unix::fs::{MetadataExt, PermissionsExt};
        // Someone else's file could be changed by them to a password of their choosing.
        let me = nix::unistd::geteuid().as_raw();
        if meta.uid() != me {
            return Err(refuse(crate::t!(
                "config-expected-own-password-file",
                owner = meta.uid()
            )));
        }
        let mode = meta.permissions().mode() & 0o777;
        if mode & 0o077 != 0 {
            return Err(refuse(crate::t!(
                "config-expected-private-password-file",
                mode = format!("{mode:o}")
            )));
        }
    }
    let bytes = private_fs::read_limited(file, &meta, MAX_BYTES).map_err(unreadable)?;
    let text = String::from_utf8(bytes).map_err(|e| {
        refuse(crate::t!(
            "config-expected-password-file",
            reason = e.to_string()
        ))
    })?;
    let password = crate::text::bom::strip(&text)
        .lines()
        .next()
        .unwrap_or("")
        .trim_end_matches('\r');
    if password.is_empty() {
        return Err(refuse(crate::t!("config-expected-password-in-file")));
    }
    Ok(Secret::new(password))
}

/// The password the environment gives an unattended run: `CLINIC_PASSWORD`, else the file
/// `CLINIC_PASSWORD_FILE` names.
pub fn from_env(env: &Environment) -> Result<Option<Secret>> {
    if let Some(p) = env.var("CLINIC_PASSWORD").filter(|v| !v.is_empty()) {
        return Ok(Some(Secret::new(p)));
    }
    match env.var_os("CLINIC_PASSWORD_FILE").filter(|v| !v.is_empty()) {
        Some(path) => read("CLINIC_PASSWORD_FILE", Path::new(&path)).map(Some),
        None => Ok(None),
    }
}

#[cfg(all(test, unix))]
mod tests {
    use super::*;
    use std::os::unix::fs::PermissionsExt;

    #[test]
    fn only_a_file_its_owner_alone_reads_is_used() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("senha");
        std::fs::write(&path, "s3nha\n").unwrap();
        std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o644)).unwrap();
        let e = read("--password-file", &path).unwrap_err().to_string();
        assert!(e.contains("644"), "{e}");
        std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o600)).unwrap();
        assert_eq!(read("--password-file", &path).unwrap().expose(), "s3nha");
        std::fs::write(&path, "\n").unwrap();
        assert!(read("--password-file", &path).is_err());
    }
}
