//! How names are compared: the folding shared by name lookups, completion and the answer judge.

/// Lower case, accents and extra spaces removed: how names are compared.
pub fn normalize(s: &str) -> String {
    deunicode::deunicode(s)
        .to_lowercase()
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
}
