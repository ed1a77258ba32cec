//! Short titles for the columns a wide list shows on a terminal (`data agend.` for
//! `data_agendamento`): the service's keys are long and would take a line of their own in an
//! 80-column table. Only those tables are titled; every other output keeps the keys, which are also
//! what `--columns` takes.

/// The title a person reads above `column`, when the catalogue has one.
pub(super) fn title(column: &str) -> Option<String> {
    let title = match column {
        "codigo" => crate::t!("table-title-codigo"),
        "data" => crate::t!("table-title-data"),
        "cliente" | "nome_cliente" => crate::t!("table-title-cliente"),
        "vendedor" => crate::t!("table-title-vendedor"),
        "valor" => crate::t!("table-title-valor"),
        "data_agendamento" => crate::t!("table-title-data-agendamento"),
        "hora_inicio" => crate::t!("table-title-hora-inicio"),
        "servico" => crate::t!("table-title-servico"),
        "profissional" => crate::t!("table-title-profissional"),
        "nome" => crate::t!("table-title-nome"),
        "telefone" => crate::t!("table-title-telefone"),
        "email" => crate::t!("table-title-email"),
        "canal" => crate::t!("table-title-canal"),
        "situacao" => crate::t!("table-title-situacao"),
        _ => return None,
    };
    Some(title)
}
