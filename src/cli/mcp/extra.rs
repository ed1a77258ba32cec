//! Tools beyond the operations table: commands that read without being one API operation. `summary`
//! sums on this side (an assistant never sums a page it was cut), `doctor` runs the read-only
//! checks, `sql` queries the profile's mirror. Their schemas are read from the command tree like
//! every other tool's; a flag that writes a file or reaches outside the profile is hidden first.

use super::tools::{self, ToolSpec};

/// Each tool's name, its command's path below `clinic` and the flags it does not take: a chart file
/// is a write, and `sql --to` would read a database the profile does not name.
const EXTRA: &[(&str, &[&str], &[&str])] = &[
    ("summary", &["report", "summary"], &["chart", "chart_file"]),
    ("doctor", &["doctor"], &[]),
    ("sql", &["sql"], &["to"]),
];

/// The flag a tool's command is given while the server masks personal data, when masking what it
/// answers is not enough: `sql` chooses its own result names (an alias, `hex(email)`), so it is told
/// to refuse a query that reads a personal column at all.
pub fn masked_flag(spec: &ToolSpec) -> Option<&'static str> {
    (spec.path == ["sql"]).then_some("--mask-personal")
}

/// The extra tools whose command is in `tree` (the root `clinic` command).
pub fn tools(tree: &clap::Command) -> Vec<ToolSpec> {
    EXTRA
        .iter()
        .filter_map(|(name, path, hidden)| {
            let command = path
                .iter()
                .try_fold(tree, |cmd, word| cmd.find_subcommand(word))?;
            let command = hidden.iter().fold(command.clone(), |cmd, id| {
                cmd.mut_arg(*id, |a| a.hide(true))
            });
            let path = path.iter().map(|w| w.to_string()).collect();
            let mut spec = tools::tool_for(&command, path, false);
            spec.tool.name = (*name).into();
            Some(spec)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    /// The three tools are made, take their command's flags, and never a flag that writes or
    /// reaches another database.
    #[test]
    fn summary_doctor_and_sql_are_tools_without_their_writing_flags() {
        let tools = tools(&crate::cli::command());
        let names: Vec<_> = tools.iter().map(|t| t.tool.name.to_string()).collect();
        assert_eq!(names, ["summary", "doctor", "sql"]);
        let summary = &tools[0];
        let properties = summary.tool.input_schema["properties"].as_object().unwrap();
        assert!(properties.contains_key("by"), "{properties:?}");
        assert!(!properties.contains_key("chart_file"), "{properties:?}");
        let args = |v: serde_json::Value| v.as_object().unwrap().clone();
        assert!(summary.argv(&args(json!({"chart_file": "x.svg"}))).is_err());
        let sql = &tools[2];
        assert_eq!(
            sql.argv(&args(json!({"query": "select 1"}))).unwrap(),
            ["sql", "--", "select 1"]
        );
        assert!(sql.argv(&args(json!({"to": "other.db"}))).is_err());
        assert_eq!(
            sql.tool.annotations.as_ref().and_then(|a| a.read_only_hint),
            Some(true)
        );
    }
}
