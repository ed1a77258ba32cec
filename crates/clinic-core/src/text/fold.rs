//! How names are compared: the folding shared by name lookups, completion and the answer judge.

/// Lower case, accents and extra spaces removed: how names are compared.
pub fn normalize(s: &str) -> String {
    deunicode::deunicode(s)
        .to_lowercase()
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
}

/// The words of a name as they are compared: folded, and split at anything that is not a letter or a
/// digit, so dashes, commas, quotes and extra spaces do not count.
pub fn words(s: &str) -> Vec<String> {
    normalize(s)
        .split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty())
        .map(str::to_string)
        .collect()
}

/// How a typed name meets a known one: the same words, or every typed word the start of a word of the
/// name, in order (`camila` for "Camila Araújo", `black friday` for `Black Friday "50% OFF"`). The one
/// rule of name flags, the guided form's pick lists and Tab completion.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum NameMatch {
    /// No match.
    None,
    /// Every typed word starts a word of the name.
    Words,
    /// The same words.
    Same,
}

pub fn name_match(typed: &str, name: &str) -> NameMatch {
    let (typed, name) = (words(typed), words(name));
    if typed.is_empty() {
        return NameMatch::None;
    }
    if typed == name {
        return NameMatch::Same;
    }
    let mut rest = name.iter();
    let in_order = typed
        .iter()
        .all(|t| rest.by_ref().any(|w| w.starts_with(t.as_str())));
    if in_order {
        NameMatch::Words
    } else {
        NameMatch::None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_meet_by_their_words() {
        assert_eq!(name_match("uberlandia", "MG Uberlândia"), NameMatch::Words);
        assert_eq!(name_match("camila", "Camila Araújo"), NameMatch::Words);
        assert_eq!(
            name_match("black friday", "Black Friday \"50% OFF\""),
            NameMatch::Words
        );
        assert_eq!(
            name_match(
                "verao 2024 depilacao a laser",
                "Verão 2024 — Depilação a laser"
            ),
            NameMatch::Same
        );
        assert_eq!(
            name_match("SP  São Paulo, Perdizes", "SP São Paulo - Perdizes"),
            NameMatch::Same
        );
        assert_eq!(
            name_match("araujo camila", "Camila Araújo"),
            NameMatch::None
        );
        assert_eq!(name_match("insta", "WhatsApp"), NameMatch::None);
        assert_eq!(name_match("  ", "WhatsApp"), NameMatch::None);
    }
}
