//! `clinic state list|show|reset`: the saved points of incremental exports (`--since last`).

use clap::Subcommand;
use serde_json::json;

use crate::config::state::{self, State};
use crate::context::Context;
use crate::error::{Error, Result};
use crate::show;

#[derive(Subcommand, Debug)]
pub enum StateCommand {
    List,
    Show {
        id: String,
    },
    Reset {
        #[arg(required_unless_present = "every")]
        id: Option<String>,
        #[arg(long, conflicts_with = "id")]
        every: bool,
    },
}

pub fn run(ctx: &Context, cmd: StateCommand) -> Result<()> {
    match cmd {
        StateCommand::List => {
            let rows = state::all(ctx.env())?
                .into_iter()
                .map(|(id, s)| record(ctx, &id, &s))
                .collect();
            show::records(ctx, rows)
        }
        StateCommand::Show { id } => match state::load(ctx.env(), &id)? {
            Some(s) => show::single(ctx, &record(ctx, &id, &s)),
            None => Err(unknown(&id)),
        },
        StateCommand::Reset { id, every } => {
            let ids: Vec<String> = match id {
                Some(id) if !every => vec![id],
                _ => state::all(ctx.env())?
                    .into_iter()
                    .map(|(id, _)| id)
                    .collect(),
            };
            for id in ids {
                if !state::reset(ctx.env(), &id)? {
                    return Err(unknown(&id));
                }
                ctx.reporter
                    .note(&crate::t!("cli-state-reset", id = id.as_str()));
            }
            Ok(())
        }
    }
}

/// A point as `state list` and `state show` give it: its output, its filters as flags, and its times
/// with their zone. A point of an earlier version has no output (`null`: every output shared it).
fn record(ctx: &Context, id: &str, s: &State) -> serde_json::Value {
    let zone = s
        .zone
        .clone()
        .or_else(|| ctx.profile.timezone.clone())
        .unwrap_or_else(|| crate::config::DEFAULT_TIMEZONE.to_string());
    let filters = match &s.target {
        Some(_) => s.filters.clone(),
        None => legacy_filters(&s.filters),
    };
    json!({
        "id": id,
        "profile": s.profile,
        "report": s.report,
        "output": s.target,
        "filters": filters,
        "since": zoned(&s.since, &zone),
        "run_started": zoned(&s.run_started, &zone),
        "zone": zone,
    })
}

/// A local moment of the state with its offset (`2026-11-26 10:00:00 -03:00`); left as written when
/// it or the zone cannot be read.
fn zoned(moment: &str, zone: &str) -> String {
    use chrono::TimeZone;
    let at = chrono::NaiveDateTime::parse_from_str(moment, state::MOMENT).ok();
    let tz = zone.trim().parse::<chrono_tz::Tz>().ok();
    match (at, tz) {
        (Some(at), Some(tz)) => match tz.from_local_datetime(&at).earliest() {
            Some(local) => local.format("%Y-%m-%d %H:%M:%S %:z").to_string(),
            None => moment.to_string(),
        },
        _ => moment.to_string(),
    }
}

/// An earlier version's filters, the program's own text of the arguments
/// (`FichaArgs { from: None, status: Some(RefList([Id(2)])), … keep_going: true }`), as the flags
/// that were given (`--status=2 --keep-going`).
fn legacy_filters(debug: &str) -> String {
    static FIELD: std::sync::LazyLock<regex::Regex> = std::sync::LazyLock::new(|| {
        regex::Regex::new(r"(\w+): (?:(true)\b|Some\()").expect("valid pattern")
    });
    static WRAPPER: std::sync::LazyLock<regex::Regex> = std::sync::LazyLock::new(|| {
        regex::Regex::new(r"\b(?:Some|Id|Name|RefList)\(").expect("valid pattern")
    });
    let mut words = Vec::new();
    for found in FIELD.captures_iter(debug) {
        let flag = found[1].replace('_', "-");
        if found.get(2).is_some() {
            words.push(format!("--{flag}"));
            continue;
        }
        let start = found.get(0).map_or(0, |m| m.end());
        let mut depth = 1;
        let end = debug[start..]
            .char_indices()
            .find_map(|(i, c)| {
                match c {
                    '(' => depth += 1,
                    ')' => depth -= 1,
                    _ => {}
                }
                (depth == 0).then_some(start + i)
            })
            .unwrap_or(debug.len());
        let value = WRAPPER
            .replace_all(&debug[start..end], "")
            .replace(['(', ')', '[', ']', '"'], "")
            .replace(", ", ",")
            .replace("All", "all");
        words.push(format!("--{flag}={value}"));
    }
    words.join(" ")
}

fn unknown(id: &str) -> Error {
    Error::invalid("ID", id, &crate::t!("cli-state-expected-id"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_earlier_versions_filters_read_as_flags() {
        let debug = r#"FichaArgs { from: Some(2024-01-01), to: None, status: Some(RefList([Id(2), Name("Em aberto")])), seller: Some(Name("Ana")), activity: ActiveArg { active: false, inactive: true }, clinic: ClinicsArg { clinic: Some(All), keep_going: true } }"#;
        assert_eq!(
            legacy_filters(debug),
            "--from=2024-01-01 --status=2,Em aberto --seller=Ana --inactive --clinic=all --keep-going"
        );
    }

    #[test]
    fn moments_carry_their_offset() {
        assert_eq!(
            zoned("2026-11-26 10:00:00", "America/Sao_Paulo"),
            "2026-11-26 10:00:00 -03:00"
        );
        assert_eq!(zoned("garbage", "America/Sao_Paulo"), "garbage");
    }
}
