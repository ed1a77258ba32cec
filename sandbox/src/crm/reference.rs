//! Reference lists of the deployment the CRM imitates: units and the deal stages of pipeline
//! "Unidade".

/// Unit names accepted by the automation webhook's `Unidade` and stored in the deal's unit field.
/// They follow the deployment's "UF City[ - district]" shape, plus its two special entries.
pub const UNITS: &[&str] = &[
    "SP Campinas",
    "DF Brasília",
    "PR Curitiba",
    "SP São Paulo - Perdizes",
    "SP São Paulo - Moema",
    "SP Ribeirão Preto",
    "SP São José do Rio Preto",
    "MG Uberlândia",
    "MG Belo Horizonte - Savassi",
    "RJ Rio de Janeiro - Barra da Tijuca",
    "SC Florianópolis",
    "GO Goiânia",
    "BA Salvador",
    "PE Recife",
    "RS Porto Alegre",
    "Sede OligoFlora Brasil",
    "Não tem Oligo perto de mim",
];

/// One stage of the deal pipeline: Bitrix's `STAGE_ID` and the written name the deployment keeps
/// in `UF_CRM_1669405845`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct DealStage {
    pub id: &'static str,
    pub name: &'static str,
}

/// Stages of pipeline "Unidade", in pipeline order.
pub const DEAL_STAGES: &[DealStage] = &[
    DealStage {
        id: "NEW",
        name: "Nova oportunidade",
    },
    DealStage {
        id: "PREPARATION",
        name: "Repique",
    },
    DealStage {
        id: "PREPAYMENT_INVOICE",
        name: "Tentativa de contato",
    },
    DealStage {
        id: "EXECUTING",
        name: "Em contato",
    },
    DealStage {
        id: "FINAL_INVOICE",
        name: "Buscar / cadastrar no ERP",
    },
    DealStage {
        id: "1",
        name: "Agendado",
    },
    DealStage {
        id: "2",
        name: "Confirmado",
    },
    DealStage {
        id: "3",
        name: "Em negociação",
    },
    DealStage {
        id: "LOSE",
        name: "Perdas",
    },
    DealStage {
        id: "4",
        name: "Venda Cancelada",
    },
    DealStage {
        id: "WON",
        name: "Venda realizada",
    },
];

/// The stage a new deal opens in.
pub const NEW_DEAL_STAGE: DealStage = DEAL_STAGES[0];

/// The stage whose `STAGE_ID` is `id` (case-insensitive, as Bitrix compares it).
pub fn stage_by_id(id: &str) -> Option<DealStage> {
    let id = id.trim();
    DEAL_STAGES
        .iter()
        .copied()
        .find(|s| s.id.eq_ignore_ascii_case(id))
}

/// The stage written as `name` (case-insensitive; accents must match).
pub fn stage_by_name(name: &str) -> Option<DealStage> {
    let name = name.trim().to_lowercase();
    DEAL_STAGES
        .iter()
        .copied()
        .find(|s| s.name.to_lowercase() == name)
}

/// `ID = name` pairs, for error messages that say what is accepted.
pub fn stage_list() -> String {
    DEAL_STAGES
        .iter()
        .map(|s| format!("{} = {}", s.id, s.name))
        .collect::<Vec<_>>()
        .join(", ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stage_lookups_agree_both_ways() {
        for stage in DEAL_STAGES {
            assert_eq!(stage_by_id(stage.id), Some(*stage));
            assert_eq!(stage_by_name(stage.name), Some(*stage));
        }
        assert_eq!(stage_by_name("em NEGOCIAÇÃO").map(|s| s.id), Some("3"));
        assert_eq!(stage_by_id("won").map(|s| s.name), Some("Venda realizada"));
        assert_eq!(stage_by_id("C1:NEW"), None);
    }

    #[test]
    fn units_are_unique() {
        let mut seen = std::collections::HashSet::new();
        assert!(UNITS.iter().all(|u| seen.insert(*u)));
    }
}
