//! A yes/no answer typed at a prompt, read as a whole word in either language: `s`, `sim`, `y`, `yes`
//! say yes; `n`, `não`, `nao`, `no` say no, in any case and with or without the accent. Both
//! languages are accepted whatever the interface speaks, since a Brazilian user in an English
//! interface still types `sim`.

/// What a typed line says: `Some(true)` yes, `Some(false)` no, `None` for anything else (the caller
/// asks again). An empty line is the caller's default, not an answer of its own.
pub fn parse(line: &str) -> Option<bool> {
    match super::fold::normalize(line).as_str() {
        "s" | "sim" | "y" | "yes" => Some(true),
        "n" | "nao" | "no" => Some(false),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::parse;

    #[test]
    fn whole_words_in_either_language_any_case() {
        for yes in ["s", "S", "sim", "SIM", " Sim ", "y", "Yes"] {
            assert_eq!(parse(yes), Some(true), "{yes}");
        }
        for no in ["n", "N", "não", "NÃO", "nao", "No", " não\r"] {
            assert_eq!(parse(no), Some(false), "{no}");
        }
        for other in ["", "talvez", "nãoo", "ye", "si", "sim não"] {
            assert_eq!(parse(other), None, "{other:?}");
        }
    }
}
