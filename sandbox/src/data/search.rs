//! Closest-match text search, the way the service's `nome` and notes filters behave:
//! case- and accent-insensitive substring hits first; only when there are none, words
//! that are merely similar (typos, missing letters).

use unicode_normalization::UnicodeNormalization;
use unicode_normalization::char::is_combining_mark;

/// Lower case, accents removed, whitespace runs collapsed to one space.
pub fn fold(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut pending_space = false;
    for c in text.nfd().filter(|c| !is_combining_mark(*c)) {
        if c.is_whitespace() {
            pending_space = !out.is_empty();
            continue;
        }
        if pending_space {
            out.push(' ');
            pending_space = false;
        }
        out.extend(c.to_lowercase());
    }
    out
}

fn words(folded: &str) -> impl Iterator<Item = &str> {
    folded
        .split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty())
}

/// Shortest query word that takes part in fuzzy matching: shorter ones ("de", "da")
/// would match almost anything.
const FUZZY_MIN_WORD: usize = 3;
/// Least similarity (0..1) for a query word to count as found.
const FUZZY_THRESHOLD: f64 = 0.75;

#[derive(Debug)]
pub struct TextQuery {
    folded: String,
    fuzzy_words: Vec<String>,
}

/// Where a candidate stands: lower is closer.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct Closeness(u32);

impl TextQuery {
    /// `None` when the query has nothing to search for.
    pub fn new(text: &str) -> Option<TextQuery> {
        let folded = fold(text);
        if folded.is_empty() {
            return None;
        }
        let fuzzy_words = words(&folded)
            .filter(|w| w.chars().count() >= FUZZY_MIN_WORD)
            .map(str::to_owned)
            .collect();
        Some(TextQuery {
            folded,
            fuzzy_words,
        })
    }

    /// Equal, prefix, at a word start, anywhere inside: 0..=3.
    fn substring(&self, folded: &str) -> Option<Closeness> {
        let at = folded.find(&self.folded)?;
        let rank = if folded.len() == self.folded.len() {
            0
        } else if at == 0 {
            1
        } else if folded[..at].ends_with(|c: char| !c.is_alphanumeric()) {
            2
        } else {
            3
        };
        Some(Closeness(rank))
    }

    /// Every long-enough query word must resemble some word of the text.
    fn fuzzy(&self, folded: &str) -> Option<Closeness> {
        if self.fuzzy_words.is_empty() {
            return None;
        }
        let mut total = 0.0;
        for wanted in &self.fuzzy_words {
            let best = words(folded)
                .map(|word| {
                    strsim::normalized_damerau_levenshtein(wanted, word)
                        .max(strsim::jaro_winkler(wanted, word) - 0.15)
                })
                .fold(0.0_f64, f64::max);
            if best < FUZZY_THRESHOLD {
                return None;
            }
            total += best;
        }
        let similarity = total / self.fuzzy_words.len() as f64;
        // After every substring rank, closer similarity first.
        Some(Closeness(10 + ((1.0 - similarity) * 10_000.0) as u32))
    }
}

/// Order of the ids `closest` returns.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Order {
    /// Closest first, ties in id order (name searches).
    Closeness,
    /// Id order (a text filter combined with others).
    Id,
}

/// Ids of the candidates (`(id, folded text)`, in id order) that match `query`: the
/// substring hits, or when there are none, the similar ones.
pub fn closest(query: &TextQuery, candidates: &[(u32, String)], order: Order) -> Vec<u32> {
    let mut hits: Vec<(Closeness, u32)> = candidates
        .iter()
        .filter_map(|(id, text)| query.substring(text).map(|c| (c, *id)))
        .collect();
    if hits.is_empty() {
        hits = candidates
            .iter()
            .filter_map(|(id, text)| query.fuzzy(text).map(|c| (c, *id)))
            .collect();
    }
    if order == Order::Closeness {
        hits.sort();
    } else {
        hits.sort_by_key(|(_, id)| *id);
    }
    hits.into_iter().map(|(_, id)| id).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(query: &str, names: &[&str]) -> Vec<u32> {
        let candidates: Vec<(u32, String)> = names
            .iter()
            .enumerate()
            .map(|(i, n)| (i as u32 + 1, fold(n)))
            .collect();
        closest(
            &TextQuery::new(query).unwrap(),
            &candidates,
            Order::Closeness,
        )
    }

    #[test]
    fn folding_drops_case_accents_and_extra_spaces() {
        assert_eq!(fold("  Conceição   D'ÁVILA\n"), "conceicao d'avila");
    }

    #[test]
    fn substring_hits_rank_exact_then_prefix_then_word_then_inside() {
        let names = ["Mariana", "Ana Maria", "Ana", "Joana", "Bruno"];
        assert_eq!(run("ANA", &names), vec![3, 2, 1, 4]);
    }

    #[test]
    fn fuzzy_only_when_no_substring_hit() {
        let names = ["Depilação a laser", "Peeling químico", "Criolipólise"];
        assert_eq!(run("depilacao", &names), vec![1]);
        assert_eq!(run("peling quimco", &names), vec![2]);
        assert!(run("xyzzy", &names).is_empty());
    }
}
