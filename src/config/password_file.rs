//! A password kept in a file for unattended runs (`CLINIC_PASSWORD_FILE`, `login --password-file`),
//! where no credential store can be reached. The file must be readable by its owner only: a password
//! that any user of the machine can read is refused, not used.

use std::path::Path;

use crate::error::{Error, Result};
use crate::secret::Secret;

/// The password in `path` (its first line), named `setting` in errors.
pub fn read(setting: &str, path: &Path) -> Result<Secret> {
    let shown = path.display().to_string();
    let refuse = |expected: String| Error::invalid(setting, shown.as_str(), &expected);
    let meta = std::fs::metadata(path).map_err(|e| {
        refuse(crate::t!(
            "config-expected-password-file",
            reason = e.to_string()
        ))
    })?;
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let mode = meta.permissions().mode() & 0o777;
        if mode & 0o077 != 0 {
            return Err(refuse(crate::t!(
                "config-expected-private-password-file",
                mode = format!("{mode:o}")
            )));
        }
    }
    #[cfg(not(unix))]
    let _ = meta;
    let text = std::fs::read_to_string(path).map_err(|e| {
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
pub fn from_env() -> Result<Option<Secret>> {
    if let Some(p) = std::env::var("CLINIC_PASSWORD")
        .ok()
        .filter(|v| !v.is_empty())
    {
        return Ok(Some(Secret::new(p)));
    }
    match std::env::var_os("CLINIC_PASSWORD_FILE").filter(|v| !v.is_empty()) {
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
