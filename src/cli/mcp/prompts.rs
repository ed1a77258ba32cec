//! The prompts `clinic mcp` offers: ready-made requests a person picks in the assistant, each naming
//! the tools that answer it. Their texts are the catalogue's, in the person's language. The two that
//! read take a clinic and a date or month, so that they work for a login that sees every clinic
//! (an admin's) as for a clinic's own.

use chrono::{Datelike, NaiveDate};
use rmcp::model::{GetPromptResult, Prompt, PromptArgument, PromptMessage, Role};

/// Each prompt's name, the catalogue keys of its description and its request, and its arguments.
const PROMPTS: &[(&str, &str, &str, &[&str])] = &[
    (
        "agenda_today",
        "cli-mcp-prompt-agenda-about",
        "cli-mcp-prompt-agenda-text",
        &["clinic", "date"],
    ),
    (
        "sales_by_clinic_this_month",
        "cli-mcp-prompt-sales-about",
        "cli-mcp-prompt-sales-text",
        &["clinic", "month"],
    ),
    (
        "register_contact",
        "cli-mcp-prompt-register-about",
        "cli-mcp-prompt-register-text",
        &[],
    ),
];

/// Every prompt, described, with its arguments (none required).
pub fn list() -> Vec<Prompt> {
    PROMPTS
        .iter()
        .map(|(name, about, _, arguments)| {
            let arguments: Vec<PromptArgument> = arguments
                .iter()
                .map(|a| {
                    PromptArgument::new(*a)
                        .with_description(text(&format!("cli-mcp-prompt-arg-{a}"), &[]))
                        .with_required(false)
                })
                .collect();
            Prompt::new(
                *name,
                Some(text(about, &[])),
                (!arguments.is_empty()).then_some(arguments),
            )
        })
        .collect()
}

/// Why a prompt's arguments cannot make its request: the argument, the value and what is expected.
pub struct BadArgument(pub String);

/// The prompt `name`'s request with `arguments`, `Ok(None)` when there is no such prompt.
pub fn get(
    name: &str,
    arguments: &serde_json::Map<String, serde_json::Value>,
    today: NaiveDate,
) -> Result<Option<GetPromptResult>, BadArgument> {
    let Some((_, about, request, _)) = PROMPTS.iter().find(|(n, ..)| *n == name) else {
        return Ok(None);
    };
    let given = |key: &str| {
        arguments
            .get(key)
            .and_then(|v| v.as_str())
            .map(str::trim)
            .filter(|v| !v.is_empty())
            .map(str::to_string)
    };
    // Without a clinic the request says how to choose one: every clinic for a login that sees
    // several, the login's own otherwise.
    let clinic = given("clinic");
    let clinic_said = match &clinic {
        Some(c) => text("cli-mcp-prompt-clinic-given", &[("clinic", c.clone())]),
        None => text("cli-mcp-prompt-clinic-any", &[]),
    };
    let request = match *request {
        "cli-mcp-prompt-agenda-text" => {
            let date = match given("date") {
                None => today,
                Some(d) => NaiveDate::parse_from_str(&d, "%Y-%m-%d").map_err(|_| {
                    BadArgument(text(
                        "cli-mcp-prompt-bad-argument",
                        &[
                            ("name", "date".into()),
                            ("given", d.clone()),
                            ("expected", "YYYY-MM-DD".into()),
                        ],
                    ))
                })?,
            };
            text(
                request,
                &[
                    ("date", date.format("%Y-%m-%d").to_string()),
                    ("clinic", clinic_said),
                ],
            )
        }
        "cli-mcp-prompt-sales-text" => {
            let first = match given("month") {
                None => today.with_day(1).unwrap_or(today),
                Some(m) => {
                    NaiveDate::parse_from_str(&format!("{m}-01"), "%Y-%m-%d").map_err(|_| {
                        BadArgument(text(
                            "cli-mcp-prompt-bad-argument",
                            &[
                                ("name", "month".into()),
                                ("given", m.clone()),
                                ("expected", "YYYY-MM".into()),
                            ],
                        ))
                    })?
                }
            };
            let next = first
                .checked_add_months(chrono::Months::new(1))
                .unwrap_or(first);
            let last = next.pred_opt().unwrap_or(first).min(today.max(first));
            text(
                request,
                &[
                    ("from", first.format("%Y-%m-%d").to_string()),
                    ("to", last.format("%Y-%m-%d").to_string()),
                    ("clinic", clinic_said),
                ],
            )
        }
        other => text(other, &[]),
    };
    Ok(Some(
        GetPromptResult::new(vec![PromptMessage::new_text(Role::User, request)])
            .with_description(text(about, &[])),
    ))
}

/// A catalogue text by its key, with its values: the keys are this file's own, each used literally
/// below so that the catalogue's test finds them.
fn text(key: &str, values: &[(&str, String)]) -> String {
    let value = |name: &str| {
        values
            .iter()
            .find(|(n, _)| *n == name)
            .map(|(_, v)| v.clone())
            .unwrap_or_default()
    };
    match key {
        "cli-mcp-prompt-agenda-about" => crate::t!("cli-mcp-prompt-agenda-about"),
        "cli-mcp-prompt-agenda-text" => crate::t!(
            "cli-mcp-prompt-agenda-text",
            date = value("date"),
            clinic = value("clinic")
        ),
        "cli-mcp-prompt-sales-about" => crate::t!("cli-mcp-prompt-sales-about"),
        "cli-mcp-prompt-sales-text" => crate::t!(
            "cli-mcp-prompt-sales-text",
            from = value("from"),
            to = value("to"),
            clinic = value("clinic")
        ),
        "cli-mcp-prompt-register-about" => crate::t!("cli-mcp-prompt-register-about"),
        "cli-mcp-prompt-register-text" => crate::t!("cli-mcp-prompt-register-text"),
        "cli-mcp-prompt-arg-clinic" => crate::t!("cli-mcp-prompt-arg-clinic"),
        "cli-mcp-prompt-arg-date" => crate::t!("cli-mcp-prompt-arg-date"),
        "cli-mcp-prompt-arg-month" => crate::t!("cli-mcp-prompt-arg-month"),
        "cli-mcp-prompt-clinic-given" => {
            crate::t!("cli-mcp-prompt-clinic-given", clinic = value("clinic"))
        }
        "cli-mcp-prompt-clinic-any" => crate::t!("cli-mcp-prompt-clinic-any"),
        "cli-mcp-prompt-bad-argument" => crate::t!(
            "cli-mcp-prompt-bad-argument",
            name = value("name"),
            given = value("given"),
            expected = value("expected")
        ),
        _ => String::new(),
    }
}
