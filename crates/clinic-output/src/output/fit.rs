//! Fitting a table's columns to a terminal's width without breaking words. The table crate wraps a
//! cell only at spaces and cuts any word longer than the width its column happens to get
//! (`Esteticis|ta`), and it would part `R$` from its amount; so the widths are chosen here, each
//! column getting at least its longest unbreakable piece when the width allows it, and the cells are
//! wrapped here, at spaces and after underscores (`data_` / `agendamento`), before they reach it.

use unicode_width::UnicodeWidthStr;

/// What a column needs at least to be read, when its longest word cannot be given: a few characters.
pub(super) const NARROWEST: usize = 8;
/// Each column costs its borders and padding beside its text: `| text ` (and the table's last `|`).
pub(super) const BORDERS: usize = 3;

/// The widths a column's text can take: what it needs on one line per cell (`natural`), and its
/// longest piece that is never split (`word`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Needs {
    pub natural: usize,
    pub word: usize,
}

impl Needs {
    /// What the lines of one column (its title and its cells) need.
    pub(super) fn of<'a>(lines: impl IntoIterator<Item = &'a str>) -> Needs {
        let mut needs = Needs {
            natural: 0,
            word: 0,
        };
        for line in lines.into_iter().flat_map(str::lines) {
            needs.natural = needs.natural.max(line.width());
            needs.word = needs.word.max(
                pieces(line)
                    .map(|p| p.trim_end().width())
                    .max()
                    .unwrap_or(0),
            );
        }
        needs
    }

    /// What a column holding both texts needs.
    pub(super) fn and(self, other: Needs) -> Needs {
        Needs {
            natural: self.natural.max(other.natural),
            word: self.word.max(other.word),
        }
    }

    /// The least it can be given: [`NARROWEST`], or its text when that is shorter.
    fn floor(self) -> usize {
        self.natural.min(NARROWEST)
    }

    /// The least it can be given with no word cut: its floor, or its longest word when wider.
    pub(super) fn least(self) -> usize {
        self.floor().max(self.word)
    }
}

/// The text width of each column so that the table is at most `width` wide, or `None` when the
/// columns cannot all be read at that width (each would need [`NARROWEST`] characters or its text).
/// Columns whose words fit get at least their longest word, the shortest words first; the rest of
/// the width goes to the columns that still wrap, evenly, none more than its text needs.
pub(super) fn widths(needs: &[Needs], width: usize) -> Option<Vec<usize>> {
    let available = width.checked_sub(1 + BORDERS * needs.len())?;
    if needs.iter().map(|n| n.natural).sum::<usize>() <= available {
        return Some(needs.iter().map(|n| n.natural).collect());
    }
    let mut widths: Vec<usize> = needs.iter().map(|n| n.floor()).collect();
    let mut left = available.checked_sub(widths.iter().sum())?;
    let mut by_word: Vec<usize> = (0..needs.len()).collect();
    by_word.sort_by_key(|&i| needs[i].word);
    for i in by_word {
        let more = needs[i]
            .word
            .min(needs[i].natural)
            .saturating_sub(widths[i]);
        if more <= left {
            widths[i] += more;
            left -= more;
        }
    }
    // Evenly, a share at a time; a column that needs less than its share takes what it needs.
    loop {
        let wanting: Vec<usize> = (0..needs.len())
            .filter(|&i| widths[i] < needs[i].natural)
            .collect();
        if wanting.is_empty() || left == 0 {
            break;
        }
        let share = (left / wanting.len()).max(1);
        for i in wanting {
            let more = (needs[i].natural - widths[i]).min(share).min(left);
            widths[i] += more;
            left -= more;
        }
    }
    Some(widths)
}

/// `text` in lines at most `width` wide: broken at spaces and after underscores, and within a piece
/// only when the piece alone is wider than `width`. Lines already in the text are kept.
pub fn wrap(text: &str, width: usize) -> String {
    if text.lines().all(|l| l.width() <= width) {
        return text.to_string();
    }
    let mut out: Vec<String> = Vec::new();
    for line in text.split('\n') {
        let mut current = String::new();
        // An amount wider than its column is parted from its `R$` rather than cut.
        let parts = pieces(line).flat_map(|piece| {
            let parts: Vec<&str> = if piece.trim_end().width() > width {
                piece.split_inclusive(' ').collect()
            } else {
                vec![piece]
            };
            parts
        });
        for part in parts {
            if !current.is_empty() && current.width() + part.trim_end().width() > width {
                out.push(current.trim_end().to_string());
                current.clear();
            }
            if current.is_empty() && part.trim_end().width() > width {
                let (whole, rest) = cut(part, width);
                out.extend(whole);
                current.push_str(rest);
            } else {
                current.push_str(part);
            }
        }
        out.push(current.trim_end().to_string());
    }
    out.join("\n")
}

/// The pieces a line may be broken between: a word with the spaces after it, or the part of a word
/// up to an underscore (kept on the first line). `R$` stays with the amount after it.
fn pieces(line: &str) -> impl Iterator<Item = &str> {
    let mut start = 0;
    let mut chars = line.char_indices().peekable();
    std::iter::from_fn(move || {
        while let Some((at, c)) = chars.next() {
            let end = at + c.len_utf8();
            let breaks = match c {
                '_' => true,
                ' ' => {
                    chars.peek().is_some_and(|&(_, next)| next != ' ')
                        && !line[start..at].trim_end().ends_with("R$")
                }
                _ => false,
            };
            if breaks {
                let piece = &line[start..end];
                start = end;
                return Some(piece);
            }
        }
        (start < line.len()).then(|| {
            let piece = &line[start..];
            start = line.len();
            piece
        })
    })
}

/// A piece wider than `width` cut into whole lines of that width, and what is left after them.
fn cut(piece: &str, width: usize) -> (Vec<String>, &str) {
    let mut lines = Vec::new();
    let mut start = 0;
    let mut used = 0;
    for (at, c) in piece.char_indices() {
        let w = unicode_width::UnicodeWidthChar::width(c).unwrap_or(0);
        if used + w > width && used > 0 {
            lines.push(piece[start..at].to_string());
            start = at;
            used = 0;
        }
        used += w;
    }
    (lines, &piece[start..])
}

#[cfg(test)]
mod tests {
    use super::*;

    fn needs(natural: usize, word: usize) -> Needs {
        Needs { natural, word }
    }

    #[test]
    fn lines_break_at_spaces_and_after_underscores_never_inside_a_word() {
        assert_eq!(wrap("Esteticista Ana", 11), "Esteticista\nAna");
        assert_eq!(wrap("data_agendamento", 12), "data_\nagendamento");
        assert_eq!(
            wrap("uma frase de várias palavras", 12),
            "uma frase de\nvárias\npalavras"
        );
        // Lines of the text are kept; a line that fits is left alone.
        assert_eq!(wrap("José\nda Silva Santos", 9), "José\nda Silva\nSantos");
        assert_eq!(wrap("curto", 40), "curto");
        // A word wider than the column is all that is ever cut.
        assert_eq!(wrap("abcdefghij k", 4), "abcd\nefgh\nij k");
    }

    #[test]
    fn reais_stay_with_their_amount() {
        assert_eq!(wrap("R$ 5.044,74", 9), "R$\n5.044,74");
        assert_eq!(
            pieces("-R$ 5.044,74 e R$ 1,00").collect::<Vec<_>>(),
            ["-R$ 5.044,74 ", "e ", "R$ 1,00"]
        );
        assert_eq!(wrap("pago R$ 5.044,74", 12), "pago\nR$ 5.044,74");
        assert_eq!(Needs::of(["R$ 5.044,74", "R$ 1,00"]), needs(11, 11));
    }

    #[test]
    fn what_a_column_needs_is_its_longest_line_and_its_longest_piece() {
        assert_eq!(
            Needs::of([
                "data agend.",
                "Maria\nAparecida da Silva",
                "forma_pagamento"
            ]),
            needs(18, 9)
        );
    }

    #[test]
    fn columns_that_fit_keep_their_width() {
        assert_eq!(
            widths(&[needs(2, 2), needs(10, 5)], 1 + 3 * 2 + 12),
            Some(vec![2, 10])
        );
    }

    #[test]
    fn every_column_gets_its_longest_word_then_an_even_share() {
        // 43 wide: 33 for the text. Words of 4, 11 and 8 take 23; the 10 left go 5 and 5 to the
        // two columns still wrapping.
        let needs = [needs(4, 4), needs(30, 11), needs(20, 8)];
        assert_eq!(widths(&needs, 43), Some(vec![4, 16, 13]));
    }

    #[test]
    fn words_that_cannot_all_fit_are_given_to_the_shortest_first() {
        // 20 for the text: floors of 8, 8 and 2; the 10-letter word fits, the 30-letter one cannot.
        let needs = [needs(40, 30), needs(12, 10), needs(2, 2)];
        let shown = widths(&needs, 1 + 3 * 3 + 20).unwrap();
        assert_eq!(shown, vec![8, 10, 2]);
        // Too narrow for even the floors: not a table.
        assert_eq!(widths(&needs, 1 + 3 * 3 + 17), None);
        assert_eq!(widths(&needs, 5), None);
    }
}
