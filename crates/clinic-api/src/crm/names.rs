//! The deployment's fixed names (units, deal stages, field IDs) and matching what people type against
//! them: without case, accents or extra spaces, with the nearest names suggested on a miss.

use unicode_normalization::UnicodeNormalization;
use unicode_normalization::char::is_combining_mark;

/// The field holding a deal's stage by its written name; writing it moves the deal.
pub const STAGE_NAME_FIELD: &str = "UF_CRM_1669405845";

/// The alias that, when configured, names the stage-name field instead of [`STAGE_NAME_FIELD`].
pub const STAGE_NAME_ALIAS: &str = "stage_name";

/// Stages of pipeline *Unidade*: written name and `STAGE_ID`, in pipeline order.
pub const STAGES: &[(&str, &str)] = &[
    ("Nova oportunidade", "NEW"),
    ("Repique", "PREPARATION"),
    ("Tentativa de contato", "PREPAYMENT_INVOICE"),
    ("Em contato", "EXECUTING"),
    ("Buscar / cadastrar no ERP", "FINAL_INVOICE"),
    ("Agendado", "1"),
    ("Confirmado", "2"),
    ("Em negociação", "3"),
    ("Perdas", "LOSE"),
    ("Venda Cancelada", "4"),
    ("Venda realizada", "WON"),
];

/// The deployment's main custom fields, as `clinic crm aliases install` writes them.
pub const MAIN_ALIASES: &[(&str, &str)] = &[
    ("phone", "UF_CRM_1673035980"),
    ("email", "UF_CRM_1676052930"),
    (STAGE_NAME_ALIAS, STAGE_NAME_FIELD),
    ("campaign", "UF_CRM_1651849445"),
    ("unit", "UF_CRM_1621027933376"),
];

/// Lower case, accents dropped, runs of blanks as one space.
pub fn fold(text: &str) -> String {
    let bare: String = text
        .nfd()
        .filter(|c| !is_combining_mark(*c))
        .flat_map(char::to_lowercase)
        .collect();
    bare.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// The one name `typed` means, or the names to suggest. Names are met as `--clinic` meets them (`text::fold::name_match`): the same words, else the one
/// name whose words start with the typed ones in order (`campinas` is `SP Campinas`); several such
/// names are the suggestions.
pub fn find<'a, S: AsRef<str>>(typed: &str, names: &'a [S]) -> Result<&'a str, Vec<&'a str>> {
    use crate::text::fold::{NameMatch, name_match};
    for level in [NameMatch::Same, NameMatch::Words] {
        let hits: Vec<&str> = names
            .iter()
            .map(AsRef::as_ref)
            .filter(|n| name_match(typed, n) == level)
            .collect();
        match hits.as_slice() {
            [] => continue,
            [one] => return Ok(one),
            _ => return Err(hits),
        }
    }
    find_by(typed, names, |n| n.as_ref())
        .map(AsRef::as_ref)
        .map_err(|near| near.into_iter().map(AsRef::as_ref).collect())
}

fn find_by<'a, T>(
    typed: &str,
    items: &'a [T],
    name: impl Fn(&T) -> &str,
) -> Result<&'a T, Vec<&'a T>> {
    let wanted = fold(typed);
    if let Some(hit) = items.iter().find(|i| fold(name(i)) == wanted) {
        return Ok(hit);
    }
    let mut scored: Vec<(f64, &T)> = items
        .iter()
        .map(|i| {
            let folded = fold(name(i));
            // A name that contains what was typed (a city without its state) is the likeliest meaning.
            let bonus = if !wanted.is_empty() && folded.contains(&wanted) {
                1.0
            } else {
                0.0
            };
            (
                bonus + strsim::normalized_damerau_levenshtein(&wanted, &folded),
                i,
            )
        })
        .collect();
    scored.sort_by(|a, b| b.0.total_cmp(&a.0));
    Err(scored.into_iter().take(3).map(|(_, i)| i).collect())
}

/// The stage's written name for what was typed (its name or its `STAGE_ID`), or the nearest names.
pub fn stage(typed: &str) -> Result<&'static str, Vec<&'static str>> {
    if let Some((name, _)) = STAGES
        .iter()
        .find(|(_, id)| id.eq_ignore_ascii_case(typed.trim()))
    {
        return Ok(name);
    }
    find_by(typed, STAGES, |s| s.0)
        .map(|s| s.0)
        .map_err(|near| near.into_iter().map(|s| s.0).collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn folding_ignores_case_accents_and_spacing() {
        assert_eq!(
            fold("  SP  São Paulo - Perdizes "),
            "sp sao paulo - perdizes"
        );
        assert_eq!(fold("Em NEGOCIAÇÃO"), "em negociacao");
    }

    #[test]
    fn names_match_loosely_and_misses_suggest() {
        let units = [
            "SP Campinas",
            "DF Brasília",
            "SP São Paulo - Perdizes",
            "MG Uberlândia",
        ];
        assert_eq!(find("df brasilia", &units), Ok("DF Brasília"));
        assert_eq!(
            find("sp sao paulo -  perdizes", &units),
            Ok("SP São Paulo - Perdizes")
        );
        // A word of the name, as `--clinic` takes it; a word several names share suggests them.
        assert_eq!(find("Brasilia", &units), Ok("DF Brasília"));
        assert_eq!(find("campinas", &units), Ok("SP Campinas"));
        assert_eq!(find("sp", &units).unwrap_err().len(), 2);
        let near = find("Brazilia", &units).unwrap_err();
        assert_eq!(near[0], "DF Brasília");
        assert_eq!(find("SP Campinaz", &units).unwrap_err()[0], "SP Campinas");
    }

    #[test]
    fn stages_by_name_or_id() {
        assert_eq!(stage("tentativa de CONTATO"), Ok("Tentativa de contato"));
        assert_eq!(stage("em negociacao"), Ok("Em negociação"));
        assert_eq!(stage("won"), Ok("Venda realizada"));
        assert_eq!(stage("Agendad").unwrap_err()[0], "Agendado");
        assert_eq!(STAGES.len(), 11);
    }
}
