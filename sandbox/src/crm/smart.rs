//! The portal's smart processes (Bitrix24's user-defined CRM types): their `crm.type.list`
//! entries, their pipelines (`crm.category.list`) and the stages of each pipeline
//! (`crm.status.list` with `ENTITY_ID` `DYNAMIC_<entityTypeId>_STAGE_<categoryId>`).
//!
//! Shapes: api-reference/crm/universal/user-defined-object-types/crm-type-list.md,
//! api-reference/crm/universal/category/crm-category-list.md, api-reference/crm/status/crm-status-list.md
//! (bitrix-tools/b24-rest-docs).

/// One pipeline of a smart process.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Category {
    pub id: u64,
    pub name: &'static str,
    pub is_default: bool,
}

/// One stage: its `STATUS_ID` (`DT<entityTypeId>_<categoryId>:<code>`, as Bitrix names the
/// stages of a smart process), written name and the pipeline it belongs to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Stage {
    pub id: &'static str,
    pub name: &'static str,
    pub category: u64,
    /// `process`, `success` or `failure`, as `EXTRA.SEMANTICS` says.
    pub semantics: &'static str,
}

/// One smart process as `crm.type.list` describes it.
#[derive(Debug, Clone, Copy)]
pub struct SmartType {
    /// The type's own ID (`id`), which also names its user fields: `UF_CRM_<id>_…`.
    pub id: u64,
    pub entity_type_id: u64,
    pub title: &'static str,
    pub created: &'static str,
    pub categories: &'static [Category],
    pub stages: &'static [Stage],
}

const fn stage(
    id: &'static str,
    name: &'static str,
    category: u64,
    semantics: &'static str,
) -> Stage {
    Stage {
        id,
        name,
        category,
        semantics,
    }
}

/// "Tratamentos": the treatments a clinic runs, in two pipelines that share stage names (so a
/// stage name alone may be ambiguous, as on a real portal).
pub const TREATMENTS: SmartType = SmartType {
    id: 5,
    entity_type_id: 1032,
    title: "Tratamentos",
    created: "2023-05-02T10:14:00-03:00",
    categories: &[
        Category {
            id: 10,
            name: "Facial",
            is_default: true,
        },
        Category {
            id: 12,
            name: "Corporal",
            is_default: false,
        },
    ],
    stages: &[
        stage("DT1032_10:NEW", "Agendado", 10, "process"),
        stage("DT1032_10:PREPARATION", "Em andamento", 10, "process"),
        stage("DT1032_10:SUCCESS", "Concluído", 10, "success"),
        stage("DT1032_10:FAIL", "Cancelado", 10, "failure"),
        stage("DT1032_12:NEW", "Agendado", 12, "process"),
        stage("DT1032_12:PREPARATION", "Em andamento", 12, "process"),
        stage("DT1032_12:SUCCESS", "Concluído", 12, "success"),
        stage("DT1032_12:FAIL", "Cancelado", 12, "failure"),
    ],
};

/// "Retornos": the follow-up visits after a procedure, one pipeline.
pub const RETURNS: SmartType = SmartType {
    id: 7,
    entity_type_id: 1036,
    title: "Retornos",
    created: "2023-08-21T16:40:00-03:00",
    categories: &[Category {
        id: 14,
        name: "Geral",
        is_default: true,
    }],
    stages: &[
        stage("DT1036_14:NEW", "Aguardando", 14, "process"),
        stage("DT1036_14:CLIENT", "Confirmado", 14, "process"),
        stage("DT1036_14:SUCCESS", "Realizado", 14, "success"),
        stage("DT1036_14:FAIL", "Faltou", 14, "failure"),
    ],
};

pub const SMART_TYPES: &[SmartType] = &[TREATMENTS, RETURNS];

impl SmartType {
    /// The stage whose `STATUS_ID` is `id` (case-insensitive, as Bitrix compares it).
    pub fn stage(&self, id: &str) -> Option<Stage> {
        let id = id.trim();
        self.stages
            .iter()
            .copied()
            .find(|s| s.id.eq_ignore_ascii_case(id))
    }

    pub fn category(&self, id: u64) -> Option<Category> {
        self.categories.iter().copied().find(|c| c.id == id)
    }

    pub fn default_category(&self) -> Category {
        self.categories
            .iter()
            .copied()
            .find(|c| c.is_default)
            .unwrap_or(self.categories[0])
    }

    /// The first stage of pipeline `category`, where a new item opens.
    pub fn first_stage(&self, category: u64) -> Option<Stage> {
        self.stages.iter().copied().find(|s| s.category == category)
    }

    /// `ID = name` pairs of every stage, for error messages that say what is accepted.
    pub fn stage_list(&self) -> String {
        self.stages
            .iter()
            .map(|s| format!("{} = {}", s.id, s.name))
            .collect::<Vec<_>>()
            .join(", ")
    }

    /// The status-list entity of pipeline `category`'s stages.
    pub fn status_entity(&self, category: u64) -> String {
        format!("DYNAMIC_{}_STAGE_{category}", self.entity_type_id)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_stage_names_its_type_and_pipeline() {
        for kind in SMART_TYPES {
            for stage in kind.stages {
                let prefix = format!("DT{}_{}:", kind.entity_type_id, stage.category);
                assert!(stage.id.starts_with(&prefix), "{}", stage.id);
                assert!(kind.category(stage.category).is_some());
            }
            assert!(kind.first_stage(kind.default_category().id).is_some());
        }
    }
}
