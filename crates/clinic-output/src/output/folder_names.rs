//! A partition value as a folder name that every file system keeps apart and Hive readers decode
//! back to the exact value: `clinica=S%C3%A3o`. Every byte outside a safe set is percent-encoded
//! (Hive's own escaping, which DuckDB's and Spark's readers undo), so `a\b`, `a=b`, `A B` and a
//! decomposed `São` each get a folder of their own, named in plain ASCII whatever the file system's
//! Unicode normalisation. Two values that differ only by case would share a folder where names are
//! compared without case (Windows, macOS): the second one seen gets its letters encoded too
//! (`%73%70` for `sp` beside `SP`), which decodes to the same exact value. A name longer than file
//! systems allow is cut and ends with a hash of the value, and the manifest maps it back.

use std::collections::HashMap;
use std::path::Path;

use sha2::{Digest, Sha256};

/// The longest folder name written, in bytes: file systems allow 255, and the margin keeps room
/// for the temporary names written beside it.
const LONGEST: usize = 200;

/// The folder names a run gives, each value the same name throughout the run.
#[derive(Default)]
pub(crate) struct Names {
    /// By parent folder, key and value.
    given: HashMap<(String, &'static str, String), String>,
    /// By parent folder: the names there, on disk or given, as a file system ignoring case sees
    /// them.
    taken: HashMap<String, HashMap<String, String>>,
}

impl Names {
    /// The name of the folder of `key`'s `value` in the folder `parent` of the dataset at `dir`
    /// (`""` for the dataset's own): its plain escaped name, unless a folder there already differs
    /// from it only by case.
    pub(crate) fn of(
        &mut self,
        dir: &Path,
        parent: &str,
        key: &'static str,
        value: &str,
    ) -> String {
        let id = (parent.to_string(), key, value.to_string());
        if let Some(name) = self.given.get(&id) {
            return name.clone();
        }
        let taken = self
            .taken
            .entry(parent.to_string())
            .or_insert_with(|| on_disk(&dir.join(parent)));
        let plain = name(key, value, false);
        let chosen = match taken.get(&folded(&plain)) {
            Some(other) if *other != plain => name(key, value, true),
            _ => plain,
        };
        taken.insert(folded(&chosen), chosen.clone());
        self.given.insert(id, chosen.clone());
        chosen
    }
}

/// The folders in `dir` (none when it is not there), by their folded names.
fn on_disk(dir: &Path) -> HashMap<String, String> {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return HashMap::new();
    };
    entries
        .flatten()
        .filter(|e| e.file_type().is_ok_and(|t| t.is_dir()))
        .filter_map(|e| e.file_name().into_string().ok())
        .map(|name| (folded(&name), name))
        .collect()
}

/// `key=value`, the value escaped; with `letters`, its ASCII letters too. A name longer than
/// [`LONGEST`] is cut (between two characters of the value) and ends with `~` and a hash of the value.
pub(crate) fn name(key: &str, value: &str, letters: bool) -> String {
    let whole = escaped(key, value, letters, usize::MAX);
    if whole.len() <= LONGEST {
        return whole;
    }
    let hash = hash(value);
    let mut cut = escaped(key, value, letters, LONGEST - hash.len() - 1);
    cut.push('~');
    cut.push_str(&hash);
    cut
}

/// `key=` and as many whole characters of `value`, escaped, as fit in `limit` bytes.
fn escaped(key: &str, value: &str, letters: bool, limit: usize) -> String {
    let mut name = format!("{key}=");
    let mut chars = value.chars().peekable();
    while let Some(c) = chars.next() {
        let mut piece = String::new();
        let mut buffer = [0; 4];
        for &b in c.encode_utf8(&mut buffer).as_bytes() {
            let safe = b.is_ascii_digit()
                || b == b'-'
                || b == b'_'
                // A trailing dot is dropped from names on Windows.
                || b == b'.' && chars.peek().is_some()
                || b.is_ascii_alphabetic() && !letters;
            if safe {
                piece.push(b as char);
            } else {
                piece.push_str(&format!("%{b:02X}"));
            }
        }
        if name.len() + piece.len() > limit {
            break;
        }
        name.push_str(&piece);
    }
    name
}

/// A short hash of `value`, in folder names that cannot hold the value whole.
pub(crate) fn hash(value: &str) -> String {
    let digest = Sha256::digest(value.as_bytes());
    digest[..6].iter().map(|b| format!("{b:02x}")).collect()
}

/// How a file system that ignores case compares `name` (escaped names are ASCII).
fn folded(name: &str) -> String {
    name.to_ascii_lowercase()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_byte_outside_the_safe_set_is_escaped() {
        assert_eq!(name("clinica", "12", false), "clinica=12");
        assert_eq!(name("clinica", "a\\b", false), "clinica=a%5Cb");
        assert_eq!(name("clinica", "a=b", false), "clinica=a%3Db");
        assert_eq!(name("clinica", "A B", false), "clinica=A%20B");
        assert_eq!(name("clinica", "São", false), "clinica=S%C3%A3o");
        assert_eq!(name("clinica", "Sa\u{303}o", false), "clinica=Sa%CC%83o");
        assert_eq!(name("clinica", "..", false), "clinica=.%2E");
        assert_eq!(name("clinica", "a\0b/c", false), "clinica=a%00b%2Fc");
        assert_eq!(name("clinica", "SP", true), "clinica=%53%50");
    }

    /// `SP` and `sp` get folders whose names differ even where case is ignored, in one run and
    /// across runs (the names on disk count); each decodes to its own value.
    #[test]
    fn values_differing_only_by_case_get_names_apart_without_case() {
        let dir = tempfile::tempdir().unwrap();
        let mut names = Names::default();
        assert_eq!(names.of(dir.path(), "", "clinica", "SP"), "clinica=SP");
        assert_eq!(names.of(dir.path(), "", "clinica", "sp"), "clinica=%73%70");
        assert_eq!(names.of(dir.path(), "", "clinica", "SP"), "clinica=SP");
        std::fs::create_dir(dir.path().join("clinica=sp")).unwrap();
        let mut later = Names::default();
        assert_eq!(later.of(dir.path(), "", "clinica", "SP"), "clinica=%53%50");
        assert_eq!(later.of(dir.path(), "", "clinica", "sp"), "clinica=sp");
    }

    #[test]
    fn long_names_are_cut_and_end_with_the_values_hash() {
        let long = "ã".repeat(150);
        let short = name("clinica", &long, false);
        assert!(short.len() <= LONGEST, "{}", short.len());
        assert!(short.ends_with(&format!("~{}", hash(&long))), "{short}");
        let prefix = short.rsplit_once('~').unwrap().0;
        assert!(
            prefix.ends_with("%C3%A3"),
            "cut inside a character: {prefix}"
        );
        assert_ne!(short, name("clinica", &format!("{long}x"), false));
    }
}
