//! `--jq EXPR`: a jq filter applied to each record before it is formatted, so a walk stays streaming.

use jaq_core::load::{Arena, File, Loader};
use jaq_core::{Compiler, Ctx, Vars, data, unwrap_valr};
use jaq_json::Val;
use serde::Deserialize;
use serde_json::Value;

use crate::error::{Error, Result};

pub struct Jq {
    filter: jaq_core::Filter<data::JustLut<Val>>,
}

impl Jq {
    /// Parses and compiles `expr` with jq's standard library; a bad filter is a usage error.
    pub fn compile(expr: &str) -> Result<Jq> {
        let defs = jaq_core::defs()
            .chain(jaq_std::defs())
            .chain(jaq_json::defs());
        let funs = jaq_core::funs()
            .chain(jaq_std::funs())
            .chain(jaq_json::funs());
        let loader = Loader::new(defs);
        let arena = Arena::default();
        let invalid =
            |why: String| Error::invalid("--jq", expr, &crate::t!("jq-expect-filter", why = why));
        let modules = loader
            .load(
                &arena,
                File {
                    code: expr,
                    path: (),
                },
            )
            .map_err(|errs| invalid(crate::t!("jq-parse-errors", count = errs.len() as u64)))?;
        let filter = Compiler::default()
            .with_funs(funs)
            .compile(modules)
            .map_err(|errs| {
                let names: Vec<String> = errs
                    .iter()
                    .flat_map(|(_, es)| es.iter().map(|(name, _)| name.to_string()))
                    .collect();
                invalid(crate::t!("jq-unknown-names", names = names.join(", ")))
            })?;
        Ok(Jq { filter })
    }

    /// Every output of the filter for one record (none, one or many).
    pub fn apply(&self, input: &Value) -> Result<Vec<Value>> {
        let val = Val::deserialize(input)
            .map_err(|e| Error::Other(crate::t!("jq-input-failed", reason = e.to_string())))?;
        let ctx = Ctx::<data::JustLut<Val>>::new(&self.filter.lut, Vars::new([]));
        let mut out = Vec::new();
        for y in self.filter.id.run((ctx, val)).map(unwrap_valr) {
            let y = y.map_err(|e| Error::Other(crate::t!("jq-failed", reason = e.to_string())))?;
            let text = y.to_string();
            out.push(serde_json::from_str(&text).unwrap_or(Value::String(text)));
        }
        Ok(out)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn filters_records() {
        let jq = Jq::compile("select(.n > 1) | {id, total: (.n * 2)}").unwrap();
        assert_eq!(
            jq.apply(&json!({"id": 1, "n": 1})).unwrap(),
            Vec::<Value>::new()
        );
        assert_eq!(
            jq.apply(&json!({"id": 2, "n": 3, "x": "é"})).unwrap(),
            vec![json!({"id": 2, "total": 6})]
        );
        let many = Jq::compile(".tags[]").unwrap();
        assert_eq!(
            many.apply(&json!({"tags": ["a", "b"]})).unwrap(),
            vec![json!("a"), json!("b")]
        );
        assert!(Jq::compile(".[").is_err());
        assert!(Jq::compile("nosuchfn(1)").is_err());
    }
}
