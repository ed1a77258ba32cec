//! The prompts `clinic mcp` offers: ready-made requests a person picks in the assistant, each naming
//! the tools that answer it. Their texts are the catalogue's, in the person's language.

use rmcp::model::{GetPromptResult, Prompt, PromptMessage, Role};

/// Each prompt's name and the catalogue keys of its description and its request.
const PROMPTS: &[(&str, &str, &str)] = &[
    (
        "agenda_today",
        "cli-mcp-prompt-agenda-about",
        "cli-mcp-prompt-agenda-text",
    ),
    (
        "sales_by_clinic_this_month",
        "cli-mcp-prompt-sales-about",
        "cli-mcp-prompt-sales-text",
    ),
    (
        "register_contact",
        "cli-mcp-prompt-register-about",
        "cli-mcp-prompt-register-text",
    ),
];

/// Every prompt, described.
pub fn list() -> Vec<Prompt> {
    PROMPTS
        .iter()
        .map(|(name, about, _)| Prompt::new(*name, Some(text(about)), None))
        .collect()
}

/// The prompt `name`'s request, or `None` when there is no such prompt.
pub fn get(name: &str) -> Option<GetPromptResult> {
    let (_, about, request) = PROMPTS.iter().find(|(n, _, _)| *n == name)?;
    Some(
        GetPromptResult::new(vec![PromptMessage::new_text(Role::User, text(request))])
            .with_description(text(about)),
    )
}

/// A catalogue text by its key: the keys are this file's own, each used literally below so that the
/// catalogue's test finds them.
fn text(key: &str) -> String {
    match key {
        "cli-mcp-prompt-agenda-about" => crate::t!("cli-mcp-prompt-agenda-about"),
        "cli-mcp-prompt-agenda-text" => crate::t!("cli-mcp-prompt-agenda-text"),
        "cli-mcp-prompt-sales-about" => crate::t!("cli-mcp-prompt-sales-about"),
        "cli-mcp-prompt-sales-text" => crate::t!("cli-mcp-prompt-sales-text"),
        "cli-mcp-prompt-register-about" => crate::t!("cli-mcp-prompt-register-about"),
        "cli-mcp-prompt-register-text" => crate::t!("cli-mcp-prompt-register-text"),
        _ => String::new(),
    }
}
