//! `crm.*.list`: filters with Bitrix's key-prefix operators, `select`, `order` and 50-record
//! pages moved with `start` (or `start=-1` for the count-free keyset walk).

use std::cmp::Ordering;
use std::collections::HashSet;

use serde_json::{Map, Value};

use super::error::CrmError;
use super::fields::{Entity, Kind, is_custom};
use super::params::{Params, members};
use super::store::{Record, Store, multi_values};
use super::values::{parse_instant, value_text};

/// Records per page, fixed by Bitrix.
pub const PAGE_SIZE: usize = 50;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Op {
    Eq,
    Ne,
    Gt,
    Ge,
    Lt,
    Le,
    Like,
    NotLike,
    /// LIKE with the caller's own `%` wildcards (`=%`, `%=`): `Ana%` starts with "Ana".
    Pattern,
    NotPattern,
}

/// Key prefixes, longest first so `>=` is not read as `>` on a field named `=ID`.
const OPERATORS: &[(&str, Op)] = &[
    ("!=%", Op::NotPattern),
    ("!%=", Op::NotPattern),
    (">=", Op::Ge),
    ("<=", Op::Le),
    ("!=", Op::Ne),
    ("!%", Op::NotLike),
    ("!@", Op::Ne),
    ("=%", Op::Pattern),
    ("%=", Op::Pattern),
    (">", Op::Gt),
    ("<", Op::Lt),
    ("!", Op::Ne),
    ("%", Op::Like),
    ("=", Op::Eq),
    ("@", Op::Eq),
];

/// A filter key split into its operator prefix and its field (`>=ID` → (`>=`, `ID`)).
pub fn split_operator(key: &str) -> (&str, &str) {
    OPERATORS
        .iter()
        .find_map(|(prefix, _)| key.strip_prefix(prefix).map(|rest| (*prefix, rest)))
        .unwrap_or(("", key))
}

#[derive(Debug)]
struct Condition {
    field: String,
    kind: Kind,
    op: Op,
    /// Several values mean "any of them" (`filter[ID][]=1&filter[ID][]=2`, `filter[@ID]`).
    wanted: Vec<String>,
}

impl Condition {
    fn parse(entity: Entity, key: &str, value: &Value) -> Result<Condition, CrmError> {
        let (op, field) = OPERATORS
            .iter()
            .find_map(|(prefix, op)| key.strip_prefix(prefix).map(|rest| (*op, rest)))
            .unwrap_or((Op::Eq, key));
        let spec = entity.known(field)?;
        let wanted = members(value).into_iter().map(value_text).collect();
        Ok(Condition {
            field: field.to_owned(),
            kind: spec.kind,
            op,
            wanted,
        })
    }

    fn matches(&self, record: &Record) -> bool {
        let have = field_texts(record, &self.field, self.kind);
        let any = |test: &dyn Fn(&str, &str) -> bool| {
            have.iter().any(|h| self.wanted.iter().any(|w| test(h, w)))
        };
        let ordered = |accept: fn(Ordering) -> bool| {
            any(&|h, w| compare(self.kind, h, w).is_some_and(accept))
        };
        match self.op {
            Op::Eq => ordered(Ordering::is_eq),
            Op::Ne => !ordered(Ordering::is_eq),
            Op::Gt => ordered(Ordering::is_gt),
            Op::Ge => ordered(Ordering::is_ge),
            Op::Lt => ordered(Ordering::is_lt),
            Op::Le => ordered(Ordering::is_le),
            Op::Like => any(&contains),
            Op::NotLike => !any(&contains),
            Op::Pattern => any(&like),
            Op::NotPattern => !any(&like),
        }
    }
}

/// `%` is a substring match without case; `%` signs the caller put around the text are
/// wildcards that say the same.
fn contains(have: &str, wanted: &str) -> bool {
    have.to_lowercase()
        .contains(&wanted.trim_matches('%').to_lowercase())
}

/// SQL's LIKE without case: `%` stands for any text, everything else must match in place.
fn like(have: &str, pattern: &str) -> bool {
    let have = have.to_lowercase();
    let pattern = pattern.to_lowercase();
    let parts: Vec<&str> = pattern.split('%').collect();
    let (first, last) = (parts[0], parts[parts.len() - 1]);
    if parts.len() == 1 {
        return have == pattern;
    }
    if !have.starts_with(first) || !have.ends_with(last) || have.len() < first.len() + last.len() {
        return false;
    }
    let mut rest = &have[first.len()..have.len() - last.len()];
    for middle in &parts[1..parts.len() - 1] {
        match rest.find(middle) {
            Some(at) => rest = &rest[at + middle.len()..],
            None => return false,
        }
    }
    true
}

/// The texts a field holds: every `VALUE` of a multi-field (or one empty text when it has none,
/// so `filter[EMAIL]=` finds contacts without e-mail), else the one value.
fn field_texts(record: &Record, field: &str, kind: Kind) -> Vec<String> {
    if kind == Kind::Multi {
        let values = multi_values(record, field);
        if values.is_empty() {
            vec![String::new()]
        } else {
            values
        }
    } else {
        vec![record.get(field).map(value_text).unwrap_or_default()]
    }
}

/// Compares two texts as the field's kind says; `None` when they are not comparable that way
/// (e.g. `abc` against a numeric ID). Text compares without case, as the portal's collation does.
fn compare(kind: Kind, a: &str, b: &str) -> Option<Ordering> {
    let (a, b) = (a.trim(), b.trim());
    match kind {
        Kind::Int | Kind::Money | Kind::DateTime | Kind::Date if a.is_empty() || b.is_empty() => {
            (a.is_empty() && b.is_empty()).then_some(Ordering::Equal)
        }
        Kind::Int | Kind::Money => {
            let (a, b) = (a.parse::<f64>().ok()?, b.parse::<f64>().ok()?);
            a.partial_cmp(&b)
        }
        Kind::DateTime | Kind::Date => Some(parse_instant(a)?.cmp(&parse_instant(b)?)),
        _ => Some(a.to_lowercase().cmp(&b.to_lowercase())),
    }
}

/// Sort order that never fails: empty values first, then the field's own comparison, then text.
fn sort_compare(kind: Kind, a: &str, b: &str) -> Ordering {
    compare(kind, a, b).unwrap_or_else(|| (!a.is_empty(), a).cmp(&(!b.is_empty(), b)))
}

#[derive(Debug)]
struct SortKey {
    field: String,
    kind: Kind,
    descending: bool,
}

/// Which fields a record is rendered with.
#[derive(Debug, Clone)]
pub enum Selection {
    /// No `select`: every standard field, no custom ones (Bitrix's default).
    Standard,
    Chosen {
        standard: bool,
        custom: bool,
        ids: HashSet<String>,
    },
}

impl Selection {
    pub fn all() -> Selection {
        Selection::Chosen {
            standard: true,
            custom: true,
            ids: HashSet::new(),
        }
    }

    /// `select[]`: field IDs exactly as the schema spells them, `*` (every standard field) and
    /// `UF_*` (every custom field).
    fn parse(entity: Entity, value: Option<&Value>) -> Result<Selection, CrmError> {
        let ids: Vec<String> = value
            .map(members)
            .unwrap_or_default()
            .into_iter()
            .map(value_text)
            .filter(|id| !id.is_empty())
            .collect();
        if ids.is_empty() {
            return Ok(Selection::Standard);
        }
        for id in &ids {
            if id != "*" && id != "UF_*" {
                entity.known(id)?;
            }
        }
        let all = ids.iter().any(|id| id == "*");
        Ok(Selection::Chosen {
            standard: all,
            custom: all || ids.iter().any(|id| id == "UF_*"),
            ids: ids.into_iter().collect(),
        })
    }

    fn includes(&self, id: &str) -> bool {
        if id == "ID" {
            return true;
        }
        match self {
            Selection::Standard => !is_custom(id),
            Selection::Chosen {
                standard,
                custom,
                ids,
            } => ids.contains(id) || if is_custom(id) { *custom } else { *standard },
        }
    }
}

/// The record as the client sees it: selected fields, empty multi-fields left out as Bitrix does.
pub fn render(record: &Record, selection: &Selection) -> Value {
    let fields: Map<String, Value> = record
        .iter()
        .filter(|(id, value)| {
            selection.includes(id) && !matches!(value, Value::Array(a) if a.is_empty())
        })
        .map(|(id, value)| (id.clone(), value.clone()))
        .collect();
    Value::Object(fields)
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Start {
    Offset(usize),
    /// `start=-1`: the first page only, without counting.
    NoCount,
}

#[derive(Debug)]
pub struct ListRequest {
    conditions: Vec<Condition>,
    order: Vec<SortKey>,
    selection: Selection,
    start: Start,
}

impl ListRequest {
    /// Reads `filter` (and the specification's `FIELDS`, which filters the same way), `select`,
    /// `order` and `start`. Every field ID must be one the entity has, spelled exactly.
    pub fn parse(entity: Entity, params: &Params) -> Result<ListRequest, CrmError> {
        let mut conditions = Vec::new();
        for name in ["FILTER", "FIELDS"] {
            match params.get(name) {
                None | Some(Value::Null) => {}
                Some(Value::String(s)) if s.is_empty() => {}
                Some(Value::Object(map)) => {
                    for (key, value) in map {
                        conditions.push(Condition::parse(entity, key, value)?);
                    }
                }
                Some(_) => {
                    return Err(CrmError::invalid(format!(
                        "{} must be a map of field IDs to values, e.g. {}[NAME]=Ana",
                        name.to_lowercase(),
                        name.to_lowercase()
                    )));
                }
            }
        }
        let mut order = Vec::new();
        match params.get("ORDER") {
            None | Some(Value::Null) => {}
            Some(Value::Object(map)) => {
                for (key, direction) in map {
                    let field = key.clone();
                    let spec = entity.known(&field)?;
                    let descending = match value_text(direction).trim().to_uppercase().as_str() {
                        "ASC" => false,
                        "DESC" => true,
                        other => {
                            return Err(CrmError::invalid(format!(
                                "order[{field}] must be ASC or DESC, not {other:?}"
                            )));
                        }
                    };
                    order.push(SortKey {
                        field,
                        kind: spec.kind,
                        descending,
                    });
                }
            }
            Some(_) => return Err(CrmError::invalid("order must be a map, e.g. order[ID]=ASC")),
        }
        let start = match params.get("START").map(value_text) {
            None => Start::Offset(0),
            Some(text) => match text.trim().parse::<i64>() {
                Ok(-1) => Start::NoCount,
                Ok(n) => Start::Offset(usize::try_from(n).unwrap_or(0)),
                Err(_) => Start::Offset(0),
            },
        };
        Ok(ListRequest {
            conditions,
            order,
            selection: Selection::parse(entity, params.get("SELECT"))?,
            start,
        })
    }

    /// `{"result": [...], "next": N, "total": T}`; `next` only when more records follow, neither
    /// `next` nor `total` for `start=-1`.
    pub fn run(&self, store: &Store, entity: Entity) -> Map<String, Value> {
        let mut rows: Vec<&Record> = store
            .table(entity)
            .values()
            .filter(|record| self.conditions.iter().all(|c| c.matches(record)))
            .collect();
        if !self.order.is_empty() {
            // Stable sort over the table's ID order, so ties stay in ascending ID.
            rows.sort_by(|a, b| {
                self.order
                    .iter()
                    .map(|key| {
                        let first =
                            |r: &Record| field_texts(r, &key.field, key.kind).swap_remove(0);
                        let ord = sort_compare(key.kind, &first(a), &first(b));
                        if key.descending { ord.reverse() } else { ord }
                    })
                    .find(|ord| ord.is_ne())
                    .unwrap_or(Ordering::Equal)
            });
        }
        let offset = match self.start {
            Start::Offset(n) => n,
            Start::NoCount => 0,
        };
        let page: Vec<Value> = rows
            .iter()
            .skip(offset)
            .take(PAGE_SIZE)
            .map(|record| render(record, &self.selection))
            .collect();
        let mut answer = Map::new();
        answer.insert("result".into(), Value::Array(page));
        if self.start != Start::NoCount {
            if offset + PAGE_SIZE < rows.len() {
                answer.insert("next".into(), (offset + PAGE_SIZE).into());
            }
            answer.insert("total".into(), rows.len().into());
        }
        answer
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn like_takes_the_callers_own_wildcards() {
        assert!(super::like("Ana Souza", "ana%"));
        assert!(super::like("Ana Souza", "%souza"));
        assert!(super::like("Ana Souza", "%a s%"));
        assert!(super::like("Ana Souza", "a%o%a"));
        assert!(!super::like("Ana Souza", "souza%"));
        assert!(!super::like("Ana Souza", "ana"));
        assert!(super::like("Ana", "Ana"));
        assert!(!super::like("an", "an%n"));
    }

    use super::*;

    #[test]
    fn comparisons_follow_the_field_kind() {
        assert_eq!(compare(Kind::Int, "10", "9"), Some(Ordering::Greater));
        assert_eq!(compare(Kind::Text, "10", "9"), Some(Ordering::Less));
        assert_eq!(compare(Kind::Text, "JOÃO", "joão"), Some(Ordering::Equal));
        assert_eq!(compare(Kind::Int, "abc", "9"), None);
        assert_eq!(
            compare(Kind::DateTime, "2024-01-02T00:00:00-03:00", "2024-01-01"),
            Some(Ordering::Greater)
        );
        assert_eq!(sort_compare(Kind::Int, "", "3"), Ordering::Less);
    }
}
